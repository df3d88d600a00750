"""The Würfelspiel, Kniffel and Yahtzee explain themselves from the rules object (issue 24): the columns and their
weights, the sheet's own box names, every value, the bonus and the joker follow the rules, and the worked example is
the game's own arithmetic."""

from __future__ import annotations

from typing import Any

import pytest

from wuerfel.engine.explain import explanation_json, render_text
from wuerfel.engine.registry import get_game
from wuerfel.engine.rules import options_to_dict
from wuerfel.games.wuerfelspiel.explain import EXAMPLE_THROW, example, goal
from wuerfel.games.wuerfelspiel.rules import box_score

INFO = get_game("wuerfelspiel")


def _text(rules: Any, lang: str = "en", players: int = 2) -> str:
    doc = explanation_json(INFO, rules, "x", lang, players)
    return "\n".join(f"## {s['title']}\n{s['text']}" for s in doc["sections"])


CASES: dict[str, tuple[str, Any]] = {
    "rerolls": ("brettspielnetz", 3),
    "columns": ("kniffel", 2),
    "column_weights": ("brettspielnetz", [1, 2, 4]),
    "boxes": ("kniffel", ["ones", "twos", "threes", "fours", "fives", "sixes", "chance"]),
    "upper_bonus_threshold": ("kniffel", 60),
    "upper_bonus": ("kniffel", 50),
    "full_house": ("kniffel", 30),
    "full_house_allows_five_kind": ("kniffel", True),
    "small_straight": ("kniffel", 25),
    "large_straight": ("kniffel", 45),
    "five_kind": ("kniffel", 60),
    "kind_boxes_score": ("kniffel", "sum_of_kind"),
    "yahtzee_bonus": ("kniffel", 100),
    "joker": ("yahtzee", "classic"),
}
SILENT = {"dice": "fixed at 5", "tie": "only one choice (a draw)"}


def test_every_option_has_a_case() -> None:
    keys = set(options_to_dict(INFO.load_rules("brettspielnetz")))
    assert keys == set(CASES) | set(SILENT), keys ^ (set(CASES) | set(SILENT))


@pytest.mark.parametrize("key", sorted(CASES))
def test_every_rule_changes_the_text(key: str) -> None:
    preset, other = CASES[key]
    extra = {"column_weights": [1] * other} if key == "columns" else {}
    before = INFO.load_rules(preset)
    after = INFO.load_rules(preset, {key: other, **extra})
    for lang in ("en", "de"):
        assert _text(before, lang) != _text(after, lang), f"{key} = {other!r} does not change the text ({lang})"


def test_the_three_sheets_read_differently() -> None:
    bsn = _text(INFO.load_rules("brettspielnetz"), "de")
    kniffel = _text(INFO.load_rules("kniffel"), "de")
    yahtzee = _text(INFO.load_rules("yahtzee"), "en")
    assert "3 Spalten" in bsn and "×1, ×2, ×3" in bsn and "nach je 39 Zügen" in bsn
    assert "Spalte" not in kniffel and "Dreierpasch" in kniffel and "nach je 13 Zügen" in kniffel
    assert "• Kniffel: fünf gleiche Würfel: 50" in kniffel and "Joker" not in kniffel
    assert "100 extra points" in yahtzee and "Joker: once the Yahtzee box is filled" in yahtzee
    assert "must go into its number box" in yahtzee
    classic = _text(INFO.load_rules("yahtzee-classic"), "en")
    assert "but only once its number box is filled" in classic


@pytest.mark.parametrize("preset", INFO.public_rule_sets())
def test_the_examples_points_are_the_scorers(preset: str) -> None:
    rules = INFO.load_rules(preset)
    points = example(rules)
    assert points == {b: box_score(b, EXAMPLE_THROW, rules) for b in rules.boxes}
    text = _text(rules, "en")
    assert "the throw 2-5-5-5-6 would score: Twos 2, Fives 15, Sixes 6," in text
    three = points["three_kind"]
    assert f"Three of a kind {three}" in text and three == sum(EXAMPLE_THROW)
    if rules.columns > 1:
        assert f"counts {3 * three} towards your total" in text


def test_a_changed_value_changes_the_example() -> None:
    rules = INFO.load_rules("kniffel", {"kind_boxes_score": "sum_of_kind"})
    assert example(rules)["three_kind"] == 15
    assert "Three of a kind 15" in _text(rules)


def test_a_variant_names_the_usual_value() -> None:
    text = _text(INFO.load_rules("kniffel", {"full_house": 30}), "de")
    assert "Varianten an diesem Tisch" in text and "• Full House: 30 (sonst 25)" in text
    assert "Varianten" not in _text(INFO.load_rules("kniffel"), "de")


def test_goal_on_the_felt() -> None:
    g = goal(39, 5, (1, 2, 3))
    assert render_text(g.text, "de") == "Höchste Summe nach 39 Zügen · Spalten ×1, ×2, ×3"
    assert render_text(g.progress, "de") == "Runde 5 von 39"
    one = goal(13, 1, (1,))
    assert render_text(one.text, "en") == "Highest total after 13 turns" and render_text(one.progress, "en") == (
        "Round 1 of 13"
    )
