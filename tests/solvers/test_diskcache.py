"""The disk budget of solver tables (issue 24 §4 H1): LRU eviction, size accounting, presets kept for ever."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest

from wuerfel.solvers import diskcache


def _file(directory: Path, name: str, size: int, mtime: float) -> Path:
    p = directory / name
    p.write_bytes(b"x" * size)
    os.utime(p, (mtime, mtime))
    return p


def _write(size: int):  # type: ignore[no-untyped-def]
    return lambda tmp: tmp.write_bytes(b"y" * size)


@pytest.fixture
def budget(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    def set_mb(mb: float) -> None:
        monkeypatch.setenv(diskcache.ENV, str(mb))

    return set_mb


def test_least_recently_used_go_first_and_the_sizes_add_up(tmp_path: Path, budget) -> None:  # type: ignore[no-untyped-def]
    mb = 1024 * 1024
    budget(3)
    a = _file(tmp_path, "fillgame-a.npy", mb, 1000.0)
    b = _file(tmp_path, "fillgame-b.npy", mb, 2000.0)
    c = _file(tmp_path, "duel-c.npz", mb, 3000.0)
    diskcache.touch(a)  # a read makes a the newest
    assert diskcache.usage(tmp_path) == (0, 3 * mb)
    assert diskcache.store(tmp_path / "fillgame-d.npy", _write(mb), keep=False)
    assert not b.exists(), "the least recently used table goes first"
    assert a.exists() and c.exists() and (tmp_path / "fillgame-d.npy").exists()
    assert diskcache.usage(tmp_path) == (0, 3 * mb)
    assert not list(tmp_path.glob("*.tmp*")), "no temporary file is left behind"


def test_preset_tables_are_kept_and_not_counted(tmp_path: Path, budget) -> None:  # type: ignore[no-untyped-def]
    mb = 1024 * 1024
    budget(1)
    assert diskcache.store(tmp_path / "fillgame-preset.npy", _write(2 * mb), keep=True)
    os.utime(tmp_path / "fillgame-preset.npy", (1.0, 1.0))  # the oldest of all, and still kept
    assert diskcache.store(tmp_path / "fillgame-x.npy", _write(mb // 2), keep=False)
    assert diskcache.store(tmp_path / "fillgame-y.npy", _write(mb // 2), keep=False)
    assert (tmp_path / "fillgame-preset.npy").exists()
    assert diskcache.usage(tmp_path) == (2 * mb, mb)
    # A table bigger than the whole budget is not kept at all.
    assert not diskcache.store(tmp_path / "fillgame-huge.npy", _write(2 * mb), keep=False)
    assert (tmp_path / "fillgame-preset.npy").exists()
    assert diskcache.kept(tmp_path) == {"fillgame-preset.npy"}


def test_budget_zero_stores_only_presets_and_negative_means_no_budget(tmp_path: Path, budget) -> None:  # type: ignore[no-untyped-def]
    budget(0)
    assert not diskcache.store(tmp_path / "fillgame-x.npy", _write(10), keep=False)
    assert not (tmp_path / "fillgame-x.npy").exists()
    assert diskcache.store(tmp_path / "fillgame-p.npy", _write(10), keep=True)
    budget(-1)
    assert diskcache.budget_bytes() is None
    assert diskcache.store(tmp_path / "fillgame-x.npy", _write(10), keep=False)


def test_default_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(diskcache.ENV, raising=False)
    assert diskcache.budget_bytes() == diskcache.DEFAULT_MB * 1024 * 1024


def test_wuerfelspiel_presets_are_recognised() -> None:
    from wuerfel.engine.registry import get_game
    from wuerfel.games.wuerfelspiel.solver import is_preset

    info = get_game("wuerfelspiel")
    rules = info.load_rules(None)
    assert is_preset(rules)
    made_up = dataclasses.replace(rules, upper_bonus_threshold=rules.upper_bonus_threshold + 1)
    assert not is_preset(made_up)


def test_the_wuerfelspiel_solver_keeps_presets_and_stores_made_up_rules_only_within_the_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wuerfel.engine import shared
    from wuerfel.engine.registry import get_game
    from wuerfel.games.wuerfelspiel import solver

    monkeypatch.setenv("WUERFEL_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv(diskcache.ENV, "0")
    preset = get_game("wuerfelspiel").load_rules(None)
    made_up = dataclasses.replace(preset, columns=1, column_weights=(1,), upper_bonus_threshold=64)
    kept = solver.tables(preset)
    if kept.from_cache or shared.peek(solver.COLUMNS, kept.spec.key()) is not None:
        shared.forget(solver.COLUMNS)
        kept = solver.tables(preset, fresh=True)
    solver.tables(made_up, fresh=True)
    names = {p.name for p in tmp_path.glob("*.npy")}
    assert names == {f"fillgame-{kept.spec.key()}.npy"}, "only the preset's table is on disk"
    assert diskcache.kept(tmp_path) == names
    # The made-up rule set still works: from memory now, rebuilt when it has left memory.
    assert solver.tables(made_up).value > 0


def test_zehntausend_tables_of_made_up_rules_keep_to_the_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 24 §4 M3 built duel tables for made-up Zehntausend targets; they go to disk under the same budget."""
    from wuerfel.engine.registry import get_game
    from wuerfel.games.zehntausend.solvers.solo import solve_solo
    from wuerfel.games.zehntausend.solvers.support import is_preset

    monkeypatch.setenv("WUERFEL_CACHE_DIR", str(tmp_path))
    preset = get_game("zehntausend").load_rules(None)
    assert is_preset(preset)
    made_up = dataclasses.replace(preset, game=dataclasses.replace(preset.game, target=1050))
    assert not is_preset(made_up)
    monkeypatch.setenv(diskcache.ENV, "0")
    solve_solo(made_up, fresh=True)
    assert not list((tmp_path / "zehntausend").glob("*.npz")), "a budget of 0 stores no made-up rule set"
    monkeypatch.setenv(diskcache.ENV, "10")
    solve_solo(dataclasses.replace(preset, game=dataclasses.replace(preset.game, target=1100)), fresh=True)
    assert len(list((tmp_path / "zehntausend").glob("solo-*.npz"))) == 1
    assert diskcache.kept(tmp_path / "zehntausend") == set()
