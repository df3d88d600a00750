"""``pytest --wuerfel-game ID``: the conformance checks as test items of any registered game (issue 26 §2)."""

from __future__ import annotations

import importlib.metadata
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.engine.toy_game import pig_info
from wuerfel.engine import registry
from wuerfel.engine.registry import register
from wuerfel.testing import check_game, checks

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = "wuerfel.testing.plugin"


def plugin_args() -> list[str]:
    """``-p wuerfel.testing.plugin`` where the installed metadata predates the ``pytest11`` entry point (a checkout
    whose environment was installed before it); nothing where pytest loads the plugin itself (naming it twice
    would register it twice)."""
    found = importlib.metadata.entry_points(group="pytest11")
    return [] if any(ep.value == PLUGIN for ep in found) else ["-p", PLUGIN]


def run_pytest(cwd: Path, *args: str, path: tuple[Path, ...] = ()) -> subprocess.CompletedProcess[str]:
    """pytest in ``cwd`` with this checkout and ``path`` importable, as a plug-in author runs it."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), *map(str, path)]))
    return subprocess.run(
        [sys.executable, "-m", "pytest", *plugin_args(), "-p", "no:cacheprovider", "-p", "no:xdist", "-rf", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_plugin_is_declared_for_pytest() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]["pytest11"]
    assert declared == {"wuerfel": PLUGIN}


def test_a_game_passes_every_check_as_test_items(tmp_path: Path) -> None:
    done = run_pytest(tmp_path, "--wuerfel-game", "elf-hoch", "-v")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    names = [c.name for c in checks("elf-hoch") if not c.slow]
    for name in names:
        assert f"wuerfel[elf-hoch]::{name} PASSED" in done.stdout, name
    assert {"registration", "catalogues", "offer-labels", "announcements", "exact[2]"} <= set(names)
    assert any(n.startswith("short[") for n in names) and any(n.startswith("end[") for n in names)


def test_a_plug_in_missing_its_words_fails_saying_which_check(tmp_path: Path) -> None:
    """The toy Pig (``tests/plugins/toy``) names neither its option nor its table's texts in German."""
    done = run_pytest(tmp_path, "--wuerfel-game", "pig", path=(ROOT / "tests" / "plugins" / "toy",))
    assert done.returncode == 1, done.stdout[-3000:] + done.stderr[-3000:]
    assert "FAILED wuerfel[pig]::option-names" in done.stdout
    assert "FAILED wuerfel[pig]::short[standard-1]" in done.stdout
    assert "has no German translation" in done.stdout


def test_an_unknown_game_is_a_usage_error(tmp_path: Path) -> None:
    done = run_pytest(tmp_path, "--wuerfel-game", "gibt-es-nicht")
    assert done.returncode == 4 and "gibt-es-nicht" in done.stderr


def test_check_game_raises_naming_the_game_and_the_check() -> None:
    register(pig_info())
    try:
        with pytest.raises(AssertionError, match=r"^pig option-names: pig: option target has no German"):
            check_game("pig")
    finally:
        registry._REGISTRY.pop("pig", None)


def test_a_web_tables_texts_need_their_catalogue_entries(tmp_path: Path) -> None:
    """A plug-in's ``table.html`` asks for texts a playout never meets: the check ``catalogues`` finds one that
    neither its own catalogue nor wuerfel's translates (the tutorial's table once showed its German readers
    English), and lets one that wuerfel's has pass."""
    import dataclasses

    from wuerfel.testing.catalogues import check_catalogues

    web = tmp_path / "web"
    web.mkdir()
    (web / "table.html").write_text('{{ {"pig.seat": _("Seat {n}"), "pig.heap": _("Points in the heap")} | tojson }}')
    register(dataclasses.replace(pig_info(), web_dir=web))
    try:
        with pytest.raises(AssertionError, match=r"pig: its web table's texts .*\['Points in the heap'\]"):
            check_catalogues("pig")
        (web / "table.html").write_text('{{ {"pig.seat": _("Seat {n}")} | tojson }}')  # wuerfel's catalogue has it
        check_catalogues("pig")
    finally:
        registry._REGISTRY.pop("pig", None)
