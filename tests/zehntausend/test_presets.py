"""The shipped presets and overlays: complete, valid, with metadata, and saying what spec §2 says."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from tests.paths import shared_dir
from wuerfel.engine.rules import deep_merge, options_from_dict
from wuerfel.games.zehntausend.options import PRESETS_DIR, ZehntausendRules, library, load_rules

SPEC = (shared_dir() or Path("/nonexistent")) / "specs" / "zehntausend.md"
PRESETS = ["farkle", "macke-6", "macke-klassisch", "zehntausend-350", "zehntausend-einfach", "zehntausend-rueckwaerts"]
FILES = sorted(PRESETS_DIR.glob("*.toml"))


def raw(path: Path) -> dict[str, Any]:
    with path.open("rb") as fh:
        return tomllib.load(fh)


def get(rules: Any, dotted: str) -> Any:
    for part in dotted.split("."):
        rules = getattr(rules, part)
    return rules


def test_the_presets_are_exactly_these() -> None:
    assert sorted(library().presets()) == PRESETS


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_file_has_metadata_and_loads(path: Path) -> None:
    doc = raw(path)
    kind = "preset" if "preset" in doc else "overlay"
    meta = doc[kind]
    assert meta["id"] == path.stem
    assert isinstance(meta.get("source"), str) and meta["source"]
    assert isinstance(meta.get("note"), str) and meta["note"]
    if kind == "overlay":
        assert meta["extends"] in library().names()
    else:  # presets are complete documents
        body = {k: v for k, v in doc.items() if k != "preset"}
        options_from_dict(ZehntausendRules, body, complete=True).validate()
    rules = load_rules(path.stem)
    assert rules == load_rules(str(path))  # the same file loaded by path
    assert rules.warnings() == [] or path.stem == "zehntausend-rueckwaerts"  # 3 pairs inert with 5 dice (as printed)


OVERLAYS: dict[str, dict[str, Any]] = {
    "einfach+verdoppeln+ergaenzen": {
        "scoring.kind.rule": "doubling",
        "proof.enabled": False,
        "extension.enabled": True,
        "extension.across_hot_dice": True,
    },
    "macke-klassisch+beweisen": {"scoring.kind.companion_faces": (), "proof.enabled": True},
    "macke-klassisch+beweisen-literal": {"selection.model": "macke_literal", "proof.enabled": True},
    "einfach+verschaerft+uebernehmen": {
        "proof.enabled": False,
        "turn.min_bank": 350,
        "turn.max_dice_left_to_bank": 2,
        "takeover.enabled": True,
    },
    "einfach-6+verdoppeln+bestaetigen": {
        "dice.count": 6,
        "scoring.kind.rule": "doubling",
        "proof.enabled": False,
        "confirm.enabled": True,
        "confirm.trigger": "throw_all_scoring",
        "confirm.min_points": 50,
        "confirm.scope": "single_throw",
    },
    "zehntausend-350-solo": {"game.mode": "solo", "game.min_players": 1},
    "macke-klassisch+max3": {"turn.max_throws": 3},
    "macke-klassisch+fuenf-einsen": {"scoring.instant_win": ((1, 5),)},
    "macke-klassisch+350": {"turn.min_bank": 350, "turn.stop_below_threshold": "counts_as_bust"},
    "macke-klassisch+minus-macke": {"turn.first_throw_niete": "minus", "turn.first_throw_points": 1000},
    "macke-klassisch+gluecks-macke": {"turn.first_throw_niete": "nix", "turn.first_throw_points": 1000},
    "macke-klassisch+paesche-verdoppeln": {"scoring.kind.rule": "doubling"},
    "macke-klassisch+ziel-5000": {"game.target": 5000},
    "einfach+sechserpasch": {"dice.count": 6, "scoring.instant_win": ((0, 6),)},
    "einfach+3x2": {"dice.count": 6, "scoring.three_pairs.value": 1000},
    "einfach+pyramide": {"dice.count": 6, "scoring.pyramid.value": 1000},
    "einfach+steigerung": {"turn.beat_predecessor": True, "turn.beat_fallback": 0},
    "einfach+hausbau": {"mishap.mode": "scorekeeper", "mishap.penalty_streak": 3, "mishap.penalty_effect": "bust_turn"},
    "einfach+klopfen": {"mishap.knock": True},
    "einfach+bumerang": {"game.mode": "bumerang", "bumerang.phase2": "count_down"},
    "einfach+verdoppeln": {"scoring.kind.rule": "doubling"},
    "einfach+ergaenzen": {"extension.enabled": True, "extension.value": "double_per_die"},
    "einfach+5er-drehen": {"selection.five_pair_to_one": True},
    "einfach+verschaerft": {"proof.enabled": False, "turn.min_bank": 350, "turn.max_dice_left_to_bank": 2},
    "einfach+uebernehmen": {"takeover.enabled": True},
    "einfach+minus": {"turn.first_throw_niete": "minus"},
    "einfach+nix": {"turn.first_throw_niete": "nix"},
    "einfach+strasse": {"dice.count": 6, "scoring.straights": (((1, 2, 3, 4, 5, 6), 1000),)},
    "macke-6+errata-6666": {"scoring.kind.explicit": {"4": (4000, 800, 1200, 1600, 2000, 2400)}},
    "rueckwaerts-6": {"dice.count": 6, "scoring.three_pairs.value": 1500, "game.mode": "rueckwaerts"},
}


def _plain(value: Any) -> Any:
    if isinstance(value, tuple) and value and hasattr(value[0], "__dataclass_fields__"):
        return tuple(tuple(getattr(v, f) for f in v.__dataclass_fields__) for v in value)
    if isinstance(value, dict):
        return dict(value)
    return value


def test_every_overlay_is_listed_here() -> None:
    overlays = [n for n in library().names() if library().is_overlay(n)]
    assert sorted(overlays) == sorted(OVERLAYS)


@pytest.mark.parametrize(("name", "expected"), sorted(OVERLAYS.items()))
def test_overlay_meaning(name: str, expected: dict[str, Any]) -> None:
    rules = load_rules(name)
    for key, value in expected.items():
        assert _plain(get(rules, key)) == value, key


def test_farkle_is_the_international_minimal_rule_set() -> None:
    f = load_rules("farkle")
    assert f.dice.count == 6 and (f.scoring.one, f.scoring.five) == (100, 50)
    assert f.scoring.kind.triple == (1000, 200, 300, 400, 500, 600) and f.scoring.kind.rule == "triple_only"
    assert f.scoring.straights == () and f.scoring.three_pairs.value == 0 and f.scoring.pyramid.value == 0
    assert f.scoring.kind.companion_faces == () and not f.proof.enabled and not f.confirm.enabled
    assert not f.extension.enabled and f.turn.hot_dice and f.turn.bust == "forfeit"
    assert f.turn.min_bank == 50 and f.selection.rule == "free"  # bank with any total above 0
    assert (f.game.target, f.game.reach, f.game.end_rule) == (10000, "at_least", "immediate")


def _spec_blocks() -> dict[str, dict[str, Any]]:
    text = SPEC.read_text(encoding="utf-8")
    out = {}
    for block in re.findall(r"```toml\n(.*?)```", text, re.S):
        doc = tomllib.loads(block)
        meta = doc.get("preset") or doc.get("overlay")
        out[meta["id"]] = doc
    return out


@pytest.mark.skipif(not SPEC.exists(), reason="the spec lives outside the repository")
def test_presets_and_overlays_are_the_spec_verbatim() -> None:
    blocks = _spec_blocks()
    assert len(blocks) == 11
    for name, spec_doc in blocks.items():
        shipped = raw(PRESETS_DIR / f"{name}.toml")
        kind = "preset" if "preset" in spec_doc else "overlay"
        for key, value in spec_doc[kind].items():
            if key == "note":  # notes speak to players in both languages; the spec's wording stays as a comment
                assert f"# as first written: {json.dumps(value, ensure_ascii=False)}" in (
                    PRESETS_DIR / f"{name}.toml"
                ).read_text(encoding="utf-8")
                continue
            assert shipped[kind][key] == value, (name, key)
        spec_body = {k: v for k, v in spec_doc.items() if k != kind}
        body = {k: v for k, v in shipped.items() if k != kind}
        if name == "zehntausend-350":  # the spec's block omits extension.value; presets must be complete
            spec_body = deep_merge(spec_body, {"extension": {"value": "double_per_die"}})
        assert body == spec_body, name


def test_rules_show_resolves_every_rule_set() -> None:
    from typer.testing import CliRunner

    from wuerfel.cli.main import app
    from wuerfel.engine.registry import all_games

    if "zehntausend" not in {g.id for g in all_games()}:
        pytest.skip("the game registers itself in wuerfel/games/zehntausend/__init__.py (game engineer)")
    runner = CliRunner()
    for name in library().names():
        result = runner.invoke(app, ["rules", "show", name, "--game", "zehntausend", "--json"])
        assert result.exit_code == 0, (name, result.stderr)
        doc = json.loads(result.stdout)
        assert doc["id"] == name
        assert options_from_dict(ZehntausendRules, doc["options"], complete=True) == load_rules(name)
