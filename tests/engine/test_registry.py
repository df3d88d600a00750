"""Registration: every game module registers itself, games are found through the ``wuerfel.games`` entry points (a
package outside this repository adds one the same way), loading stays lazy, and ``GameInfo`` carries the flags
generic code branches on."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.engine.toy_game import pig_info
from wuerfel.engine import registry
from wuerfel.engine.registry import ENTRY_POINT_GROUP, GameInfo, all_games, entry_points, get_game

ROOT = Path(__file__).resolve().parents[2]
HASARD_RACES = {
    "jule",
    "hin-und-her",
    "plus-minus",
    "die-21-eins",
    "das-grosse-herz",
    "himmel-und-hoelle",
    "elf-hoch",
    "gestrichene-zwoelf",
    "blaue-augen",
    "pasch",
    "doppeltes-lottchen",
    "einer-gleich-zwei",
    "eins-bis-sechzehn",
}
HASARD_PART2A = {"quinze", "sechzerspiel", "dreimal-pasch", "die-boese-sieben"}
HASARD_KEEP_GAMES_B = {"chicago", "chicago-hoch-tief", "ohio", "sequenzen"}
"""Hasard part 2 (keep-and-rethrow and sheet games), in two sets as two engineers built them."""
BUILT_IN = {
    "zehntausend",
    "wuerfelspiel",
    "lustige-sieben",
    "verdecktes-wuerfelpoker",
    "escalero",
    "zehnerspiel",
    "va-banque",
    "craps",
    "offenes-wuerfelpoker",
    "wuerfelpoker",
    "al-capone",
    "rock-and-roll",
    *HASARD_RACES,
    *HASARD_PART2A,
    *HASARD_KEEP_GAMES_B,
}


def python(code: str, *path: Path) -> str:
    """Run ``code`` in a fresh interpreter (a clean registry) with ``path`` after the checkout on sys.path."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), *map(str, path)]))
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_pyproject_declares_every_built_in_game_as_an_entry_point() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"][ENTRY_POINT_GROUP]
    assert set(declared) == BUILT_IN
    assert {k: v for k, v in entry_points().items() if k in BUILT_IN} == declared
    assert not hasattr(registry, "GAME_MODULES")  # no list of game packages inside the engine


@pytest.mark.parametrize("game_id", sorted(BUILT_IN))
def test_each_game_module_registers_itself(game_id: str) -> None:
    module = entry_points()[game_id]
    out = python(f"import {module}\nfrom wuerfel.engine.registry import _REGISTRY\nprint({game_id!r} in _REGISTRY)")
    assert out.strip() == "True"


def test_one_game_is_loaded_without_the_others() -> None:
    out = python(
        "import sys\nfrom wuerfel.engine.registry import get_game\nget_game('zehntausend')\n"
        "print(sorted(m for m in sys.modules if m.startswith('wuerfel.games.')))"
    )
    loaded = ast.literal_eval(out)  # a printed list of module names
    assert any(m.startswith("wuerfel.games.zehntausend") for m in loaded)
    assert not any(m.startswith(("wuerfel.games.wuerfelspiel", "wuerfel.games.hasard")) for m in loaded), loaded


def test_a_package_outside_the_repository_adds_a_game_through_an_entry_point(tmp_path: Path) -> None:
    """What a third party does: a module that registers a game, and one entry point in its package metadata."""
    (tmp_path / "fremdspiel.py").write_text(
        "import dataclasses\n"
        "from tests.engine.toy_game import pig_info\n"
        "from wuerfel.engine.registry import register\n"
        "register(dataclasses.replace(pig_info(), id='fremd', name_de='Fremdes Spiel', name_en='Foreign game'))\n"
    )
    meta = tmp_path / "fremdspiel-1.0.dist-info"
    meta.mkdir()
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: fremdspiel\nVersion: 1.0\n")
    (meta / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\nfremd = fremdspiel\n")
    out = python(
        "import json\nfrom wuerfel.engine.registry import all_games, get_game\n"
        "print(json.dumps([[g.id for g in all_games()], get_game('fremd').name_de]))",
        tmp_path,
    )
    ids, name = json.loads(out)
    assert "fremd" in ids and set(ids) >= BUILT_IN and name == "Fremdes Spiel"
    # Asked for by id first, only that game's module is imported.
    out = python(
        "import sys\nfrom wuerfel.engine.registry import get_game\nprint(get_game('fremd').id, "
        "'wuerfel.games.zehntausend' in sys.modules)",
        tmp_path,
    )
    assert out.split() == ["fremd", "False"]


def test_a_broken_foreign_game_is_left_out_with_a_warning_and_the_others_load(tmp_path: Path) -> None:
    meta = tmp_path / "kaputt-1.0.dist-info"
    meta.mkdir()
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: kaputt\nVersion: 1.0\n")
    (meta / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\nkaputt = kaputt_gibt_es_nicht\n")
    out = python(
        "import warnings\nwarnings.simplefilter('always')\n"
        "from wuerfel.engine.registry import all_games\n"
        "with warnings.catch_warnings(record=True) as w:\n"
        "    ids = [g.id for g in all_games()]\n"
        "print(ids)\nprint(w[0].message)",
        tmp_path,
    )
    ids, message = out.splitlines()[:2]
    assert set(ast.literal_eval(ids)) == BUILT_IN
    assert "kaputt" in message and "left out" in message


def test_the_test_games_are_plug_ins_too() -> None:
    """The server and browser tests start ``wuerfel serve`` with these folders on PYTHONPATH: no variable, no hook."""
    plugins = ROOT / "tests" / "plugins"
    out = python(
        "from wuerfel.engine.registry import all_games\nprint(' '.join(g.id for g in all_games()))",
        plugins / "toy",
        plugins / "stapel",
    )
    assert {"pig", "stapel"} <= set(out.split())
    out = python("from wuerfel.engine.registry import all_games\nprint(' '.join(g.id for g in all_games()))")
    assert not {"pig", "stapel"} & set(out.split())


def test_a_factory_entry_point_registers_what_it_returns() -> None:
    try:
        registry._load("tests.engine.toy_game:pig_info")
        assert get_game("pig").name_en == "Pig"
        with pytest.raises(TypeError, match="not GameInfo"):
            registry._load("tests.engine.toy_game:PigRules")
    finally:
        registry._REGISTRY.pop("pig", None)
        registry._imported.discard("tests.engine.toy_game:pig_info")
        registry._imported.discard("tests.engine.toy_game:PigRules")


def test_flags_of_the_built_in_games() -> None:
    flags = {
        g.id: (g.perfect_information, g.chips, g.decisions, g.faces, g.featured)
        for g in all_games()
        if g.id in BUILT_IN
    }
    assert flags == {
        "zehntausend": (True, False, True, "pips", 1),
        "wuerfelspiel": (True, False, True, "pips", 2),
        "lustige-sieben": (False, True, True, "pips", 0),
        "verdecktes-wuerfelpoker": (False, True, True, "poker", 0),
        "escalero": (True, True, True, "poker", 0),
        "offenes-wuerfelpoker": (True, True, True, "poker", 0),
        "zehnerspiel": (False, True, True, "pips", 0),
        "va-banque": (True, True, True, "pips", 0),
        "rock-and-roll": (False, True, True, "poker", 0),
        "craps": (True, True, True, "pips", 0),
        "wuerfelpoker": (True, True, True, "pips", 0),
        "al-capone": (True, True, True, "poker", 0),
        **{
            g: (True, g in {"jule", "elf-hoch", "gestrichene-zwoelf"}, g == "eins-bis-sechzehn", "pips", 0)
            for g in HASARD_RACES
        },
        **{g: (True, g == "quinze", True, "pips", 0) for g in HASARD_PART2A},
        **{g: (True, False, True, "pips", 0) for g in HASARD_KEEP_GAMES_B},
    }
    assert get_game("lustige-sieben").hidden_information and not get_game("zehntausend").hidden_information


def test_faces_must_be_pips_or_poker() -> None:
    with pytest.raises(ValueError, match="faces"):
        GameInfo(
            **{
                **{
                    f: getattr(pig_info(), f)
                    for f in (
                        "id",
                        "name_de",
                        "name_en",
                        "options_class",
                        "make",
                        "min_players",
                        "max_players",
                        "default_preset",
                    )
                },
                "faces": "hex",
            }
        )


def test_player_counts_follow_the_rule_set() -> None:
    """A rule set may narrow the registered range: Zehntausend's default rules need two players, its Solo one."""
    from wuerfel.engine.registry import get_game

    info = get_game("zehntausend")
    assert (info.min_players, info.max_players) == (1, 8)
    assert info.player_counts() == list(range(2, 9))
    assert info.player_counts("zehntausend-350-solo") == [1]


def test_every_game_of_ours_stands_on_a_shelf_and_has_an_english_name() -> None:
    """The lobby groups the 33 games by the book's chapters; an English reader sees an English name, with the German
    one beside it where players know the game by that name (issue 24, L1)."""
    from wuerfel.engine.registry import FAMILIES, all_games

    ours = [g for g in all_games() if g.make.__module__.startswith("wuerfel.games")]
    assert len(ours) == 33
    for g in ours:
        assert g.family in FAMILIES, g.id
        if g.name_en == g.name_de:
            assert g.name_en in {
                "Al Capone",
                "Chicago",
                "Craps",
                "Escalero",
                "Jule",
                "Ohio",
                "Rock and Roll",
                "Va banque",
            }, g.id
