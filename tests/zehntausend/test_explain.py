"""Zehntausend explains itself from its rules object (issue 24): every house rule that changes play changes the
text, the worked example is scored by the game's own code, and a table playing to 5,000 says so."""

from __future__ import annotations

import re
from typing import Any

import pytest

from wuerfel.engine.explain import explanation_json
from wuerfel.engine.registry import get_game
from wuerfel.engine.rules import options_to_dict
from wuerfel.games.zehntausend.explain import example, goal
from wuerfel.games.zehntausend.melds import legal_selections, throw_value

INFO = get_game("zehntausend")


def _text(rules: Any, lang: str = "en", players: int = 2) -> str:
    doc = explanation_json(INFO, rules, "x", lang, players)
    return "\n".join(f"## {s['title']}\n{s['text']}" for s in doc["sections"])


def _nested(path: str, value: Any) -> dict[str, Any]:
    head, _, rest = path.partition(".")
    return {head: _nested(rest, value) if rest else value}


def _merge(*parts: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for p in parts:
        for k, v in p.items():
            out[k] = _merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


SIX_DICE = {"dice.count": 6}
MISHAPS = {
    "mishap.mode": "scorekeeper",
    "mishap.penalty_streak": 2,
    "mishap.penalty_effect": "deduct_points",
    "mishap.penalty_points": 500,
}

CASES: dict[str, tuple[str, dict[str, Any], Any]] = {
    # path: (rule set, what else must hold for the option to matter, the other value)
    "dice.count": ("zehntausend-einfach", {}, 6),
    "game.mode": ("zehntausend-einfach", {}, "bumerang"),
    "game.target": ("zehntausend-einfach", {}, 5000),
    "game.reach": ("zehntausend-einfach", {}, "more_than"),
    "game.end_rule": ("zehntausend-einfach", {}, "immediate"),
    "game.tie": ("zehntausend-einfach", {}, "extra_round"),
    "scoring.one": ("zehntausend-einfach", {}, 150),
    "scoring.five": ("zehntausend-einfach", {}, 0),
    "scoring.straights": ("zehntausend-einfach", {}, [{"faces": [1, 2, 3, 4, 5], "value": 750}]),
    "scoring.instant_win": ("zehntausend-einfach", {}, [{"face": 1, "count": 5}]),
    "scoring.kind.triple": ("zehntausend-einfach", {}, [1000, 200, 300, 400, 550, 600]),
    "scoring.kind.rule": ("zehntausend-einfach", {}, "doubling"),
    "scoring.kind.explicit": ("zehntausend-einfach", {}, {"4": [8000, 2000, 3000, 4000, 5000, 6000]}),
    "scoring.kind.companion_faces": ("zehntausend-einfach", {}, [2, 3]),
    "scoring.kind.companion_sizes": ("macke-6", {}, [3]),
    "scoring.kind.companion_scope": ("macke-klassisch", {}, "throw"),
    "scoring.three_pairs.value": ("zehntausend-einfach", SIX_DICE, 1000),
    "scoring.three_pairs.distinct": ("zehntausend-350", {}, False),
    "scoring.pyramid.value": ("zehntausend-einfach", SIX_DICE, 1000),
    "scoring.pyramid.shape": ("einfach+pyramide", {}, "any_distinct"),
    "selection.rule": ("zehntausend-einfach", {}, "all_scoring"),
    "selection.model": ("macke-klassisch", {}, "macke_literal"),
    "selection.five_pair_to_one": ("zehntausend-einfach", {}, True),
    "selection.converted_one_combines": ("zehntausend-350", {}, True),
    "selection.five_turn_timing": ("einfach+5er-drehen", {}, "any_time"),
    "turn.hot_dice": ("zehntausend-einfach", {}, False),
    "turn.max_throws": ("zehntausend-einfach", {}, 3),
    "turn.min_bank": ("zehntausend-einfach", {}, 350),
    "turn.stop_below_threshold": ("macke-klassisch+350", {}, "forbidden"),
    "turn.max_dice_left_to_bank": ("zehntausend-einfach", {}, 2),
    "turn.beat_predecessor": ("zehntausend-einfach", {}, True),
    "turn.beat_fallback": ("einfach+steigerung", {}, 300),
    "turn.bust": ("zehntausend-einfach", {}, "negate"),
    "turn.first_throw_niete": ("zehntausend-einfach", {}, "nix"),
    "turn.first_throw_points": ("einfach+minus", {}, 500),
    "proof.enabled": ("zehntausend-einfach", {}, False),
    "proof.same_throw": ("zehntausend-einfach", {}, True),
    "confirm.enabled": ("zehntausend-einfach", {"proof.enabled": False, "confirm.min_points": 50}, True),
    "confirm.trigger": ("zehntausend-350", {}, "full_throw_all_scored"),
    "confirm.min_points": ("zehntausend-350", {}, 500),
    "confirm.scope": ("zehntausend-350", {}, "accumulated"),
    "extension.enabled": ("zehntausend-einfach", {}, True),
    "extension.value": ("zehntausend-350", {}, "kind_table"),
    "extension.across_hot_dice": ("zehntausend-350", {}, True),
    "minus_marks.count": ("zehntausend-350", {}, 4),
    "minus_marks.penalty": ("zehntausend-350", {}, 500),
    "takeover.enabled": ("zehntausend-einfach", {}, True),
    "mishap.mode": ("zehntausend-einfach", {}, "scorekeeper"),
    "mishap.probability": ("zehntausend-einfach", {"mishap.mode": "simulated", "mishap.probability": 0.1}, 0.05),
    "mishap.knock": ("zehntausend-einfach", {"mishap.mode": "scorekeeper"}, True),
    "mishap.knock_success": (
        "zehntausend-einfach",
        {"mishap.mode": "simulated", "mishap.probability": 0.1, "mishap.knock": True, "mishap.knock_success": 0.5},
        0.25,
    ),
    "mishap.penalty_streak": ("zehntausend-einfach", MISHAPS, 3),
    "mishap.penalty_effect": ("zehntausend-einfach", MISHAPS, "bust_turn"),
    "mishap.penalty_points": ("zehntausend-einfach", MISHAPS, 1000),
    "mishap.penalty_repeat": ("zehntausend-einfach", MISHAPS, "reset"),
    "mishap.skip_next_turn": ("zehntausend-einfach", {**MISHAPS, "mishap.penalty_effect": "bust_turn"}, True),
    "rueckwaerts.refill_when_empty": ("zehntausend-rueckwaerts", {}, False),
    "rueckwaerts.next_round_starter": ("zehntausend-rueckwaerts", {}, "receiver"),
    "bumerang.phase2": ("einfach+bumerang", {}, "rueckwaerts_mode"),
}

SILENT = {"game.min_players": "how many may sit down is the table's business (Solo needs it at 1), not a rule of play"}
"""Options that do not change how the game is played, so the text need not change with them."""


def _leaves(d: dict[str, Any], prefix: str = "") -> list[str]:
    out = []
    for k, v in d.items():
        if isinstance(v, dict) and k != "explicit":
            out += _leaves(v, prefix + k + ".")
        else:
            out.append(prefix + k)
    return out


def test_every_option_has_a_case() -> None:
    leaves = set(_leaves(options_to_dict(INFO.load_rules("zehntausend-einfach"))))
    leaves |= {"rueckwaerts.refill_when_empty", "rueckwaerts.next_round_starter", "bumerang.phase2"}
    assert leaves == set(CASES) | set(SILENT), leaves ^ (set(CASES) | set(SILENT))


@pytest.mark.parametrize("path", sorted(CASES))
def test_every_rule_that_changes_play_changes_the_text(path: str) -> None:
    preset, context, other = CASES[path]
    base = _merge(*(_nested(k, v) for k, v in context.items()))
    before = INFO.load_rules(preset, base or None)
    after = INFO.load_rules(preset, _merge(base, _nested(path, other)))
    for lang in ("en", "de"):
        assert _text(before, lang) != _text(after, lang), f"{path} = {other!r} does not change the text ({lang})"


def test_a_table_playing_to_5000_says_5000() -> None:
    rules = INFO.load_rules("macke-klassisch+ziel-5000")
    assert rules.game.target == 5000
    de, en = _text(rules, "de"), _text(rules, "en")
    assert "5000 Punkte" in de and "10.000" not in de
    assert "5,000 points" in en and "10,000" not in en
    ten = _text(INFO.load_rules("macke-klassisch"), "de")
    assert "10.000 Punkte" in ten


def test_farkle_differs_where_its_rules_differ() -> None:
    farkle = _text(INFO.load_rules("farkle"))
    simple = _text(INFO.load_rules("zehntausend-einfach"))
    # six dice, no four of a kind, no proof, a minimum to stop, and the first to 10,000 wins at once
    assert "all 6 dice" in farkle and "all 5 dice" in simple
    assert "four or more equal dice are no bigger pasch" in farkle and "1-1-1-1 = 10,000" in simple
    assert "proven" not in farkle and "Every pasch must be proven" in simple
    assert "at least 50 points in the turn" in farkle and "points in the turn." not in simple
    assert "wins at once" in farkle and "the round is played to its end" in simple


@pytest.mark.parametrize("preset", INFO.public_rule_sets())
def test_the_examples_points_are_the_scorers(preset: str) -> None:
    rules = INFO.load_rules(preset)
    throw, best = example(rules)
    assert len(throw) == rules.dice.count
    assert best == legal_selections(rules, throw)[0]
    text = _text(rules, "en")
    scoring = text.split("## Scoring")[1].split("## ")[0]
    thrown = "-".join(map(str, throw))
    assert f"you throw {thrown}." in scoring
    points = (throw_value(rules, throw) if rules.selection.model == "macke_literal" else best).points
    assert re.search(rf"\b{points:,}\b", scoring), (points, scoring)


def test_the_example_follows_a_changed_value() -> None:
    """A house rule that makes the triple worth more makes the example's sum bigger, in the game's own arithmetic."""
    rules = INFO.load_rules("zehntausend-einfach", {"scoring": {"kind": {"triple": [1000, 200, 350, 400, 500, 600]}}})
    throw, best = example(rules)
    assert throw == (1, 3, 3, 3, 5) and best.points == 350 + 100 + 50
    assert "scores 500 (3-3-3 = 350, 1 = 100 and 5 = 50)" in _text(rules)


def test_german_reads_german() -> None:
    text = _text(INFO.load_rules("zehntausend-350"), "de")
    assert "Wer zuerst 10.000 Punkte oder mehr hat, gewinnt." in text
    assert "ist eine Niete" in text and "herauslegen" in text and "Anschluss" in text
    assert "1-1-1 = 1000" in text  # four digits stay ungrouped in German
    assert not re.search(r"[A-Za-z]\{|\}", text)


def test_goal_on_the_felt() -> None:
    g = goal("standard", 10000, "at_least", (3250, 10400))
    from wuerfel.engine.explain import render_text

    assert render_text(g.text, "de") == "Ziel: 10.000 Punkte"
    assert render_text(g.progress, "de", ["Anna", "Ben"]) == "Noch: Anna 6750, Ben ✓"
    assert render_text(g.progress, "en", ["Anna", "Ben"]) == "Still to go: Anna 6,750, Ben ✓"
    r = goal("rueckwaerts", 5000, "at_least", (1200, 0, 300))
    assert render_text(r.text, "en") == "Loses: 5,000 penalty points"
    assert render_text(r.progress, "en", ["A", "B", "C"]) == "To the limit: A 3,800, B 5,000, C 4,700"
