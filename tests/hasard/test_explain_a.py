"""The explanations and goals of the Hasard games of explain-a (issue 24 §1): the texts change with the rules that
change play, the worked examples agree with the games' own scoring, and the goal stands first on the felt — drawn by
the terminal too (terminal report M3: which throws count minus; M4: "Runde 2 von 3"; web report U1: Chicago's values
and Bierdeckel, Doppeltes Lottchen's loser)."""

from __future__ import annotations

from typing import Any

import pytest
from rich.console import Console

from tests.hasard.kit_helpers import new, throw
from wuerfel.cli.components import render_components
from wuerfel.engine import counts
from wuerfel.engine.components import Goal, Phrase, components_json
from wuerfel.engine.explain import explanation_json, render_text
from wuerfel.engine.game import State
from wuerfel.engine.registry import get_game

GAMES = (
    "jule",
    "hin-und-her",
    "plus-minus",
    "die-21-eins",
    "quinze",
    "das-grosse-herz",
    "sechzerspiel",
    "himmel-und-hoelle",
    "elf-hoch",
    "gestrichene-zwoelf",
    "blaue-augen",
    "chicago",
    "chicago-hoch-tief",
    "sequenzen",
    "pasch",
    "doppeltes-lottchen",
    "einer-gleich-zwei",
    "eins-bis-sechzehn",
    "dreimal-pasch",
    "die-boese-sieben",
    "ohio",
)


def text(game: str, lang: str = "en", preset: str | None = None, players: int = 3, **overrides: Any) -> str:
    info = get_game(game)
    rules = info.load_rules(preset or info.default_preset, overrides or None)
    doc = explanation_json(info, rules, preset or "custom", lang, players)
    return "\n".join(s["title"] + "\n" + s["text"] for s in doc["sections"])


def test_a_count_inside_a_sentence_takes_its_plural_form() -> None:
    """A counted noun nested in a paragraph ("pays 1 chip") chooses its form by the number, not by its text."""
    for lang, one, two in (("en", "1 chip", "2 chips"), ("de", "1 Chip", "2 Chips")):
        assert render_text(Phrase("{x}", {"x": counts.chips(1)}), lang) == one
        assert render_text(Phrase("{x}", {"x": counts.chips(2)}), lang) == two
    assert render_text(Phrase("{x}", {"x": counts.chips(12000)}), "de") == "12.000 Chips"


# --- a house rule changes the text where it changes play -----------------------------------------------------------
CHANGES = [
    # game, preset, overrides, a sentence of the changed rules (English), absent under the defaults
    ("jule", None, {"unstruck": "written"}, "for each number he has written down and not yet struck"),
    ("jule", None, {"chips_per_number": 2}, "he pays 8 chips"),
    ("jule", None, {"start": "first_seat"}, "The player in seat 1 begins"),
    ("hin-und-her", None, {"settle_loser": False}, "they share the last place"),
    ("plus-minus", "plus-minus-neue-serie", {}, "throws a new series of nine instead, once"),
    ("plus-minus", "plus-minus-weiter", {}, "With 6 and 6 he stands at 1, and his turn ends"),
    ("plus-minus", None, {"settle_loser": False}, "Players tied for last place share it"),
    ("die-21-eins", None, {"target": 30}, "brings the count to 30"),
    ("die-21-eins", None, {"loser": "fewest_ones"}, "Whoever threw the fewest 1s loses"),
    ("quinze", "quinze-reihum", {}, "One throw each in turn"),
    ("quinze", None, {"target": 21, "bust_chips": 5}, "Clara pays 5 chips for going out"),
    ("quinze", None, {"settle_loser": True}, "A tie for last place is thrown off"),
    ("das-grosse-herz", None, {"start": "first_seat"}, "The player in seat 1 begins"),
    ("sechzerspiel", None, {"settle_loser": False}, "Players tied for last place share it"),
    ("himmel-und-hoelle", None, {"rounds": 5}, "After 5 rounds the highest total wins"),
    ("elf-hoch", None, {"pots": 3}, "A game is 3 pots"),
    ("elf-hoch", None, {"ante": 2}, "everybody puts 2 chips into the pot"),
    ("gestrichene-zwoelf", "gestrichene-zwoelf-verlierer-zahlen", {}, "Clara has paid most and is the loser"),
    ("gestrichene-zwoelf", None, {"chips_per_seven": 0}, "Anna pays Ben 2 chips"),
    ("blaue-augen", "graue-augen", {}, "only the faces 1, 3 and 5 count"),
    ("blaue-augen", None, {"rounds": 2}, "After 2 rounds the highest total wins"),
    ("chicago", "chicago-eine-runde", {}, "The game is one round"),
    ("chicago", "chicago-zwei-sechser", {}, "may turn one of them into a 1 (= 100)"),
    ("chicago", None, {"inherit_limit": False}, "everybody may use all 3 throws"),
    ("chicago", None, {"frozen_keeps": False}, "may be thrown again at a later throw"),
    ("chicago", None, {"tie_break": "dice"}, "whoever threw fewer dice is ahead"),
    ("chicago", None, {"next_start": "loser"}, "begun by the loser of the last round"),
    ("chicago", None, {"max_throws": 1}, "exactly one throw of the three dice"),
    ("chicago-hoch-tief", "chicago-hoch-tief-eine-runde", {}, "The game is one round"),
    ("chicago-hoch-tief", None, {"two_sixes": True}, "in a high round, whoever throws two sixes"),
    ("sequenzen", "sequenzen-zwei-stehen", {}, "leave two dice standing and throw only the third"),
    ("sequenzen", None, {"void_when_nothing": False}, "fewer throws decide as with any equal result"),
    ("sequenzen", None, {"settle_loser": True}, "A tie for last place is thrown off"),
    ("pasch", "pasch-augensumme", {}, "5-5 counts 10"),
    ("pasch", None, {"triple_factor": 2}, "6-6-6 counts 12"),
    ("doppeltes-lottchen", None, {"limit": 40}, "Whoever reaches or passes 40 loses"),
    ("einer-gleich-zwei", None, {"throws": 5}, "the three dice 5 times in a row"),
    ("eins-bis-sechzehn", "eins-bis-sechzehn-mal-geteilt", {}, "16 = 3 × 6 − 2"),
    ("eins-bis-sechzehn", "eins-bis-sechzehn-selbst-abhaken", {}, "You tick off yourself"),
    ("eins-bis-sechzehn", None, {"way_back": "from_16"}, "the 16 is needed twice"),
    ("eins-bis-sechzehn", None, {"per_throw": "one"}, "it ticks off just the 1"),
    ("dreimal-pasch", None, {"min_keep": 3, "max_keep": 3}, "he leaves exactly 3 dice standing"),
    ("dreimal-pasch", None, {"inherit_limit": True}, "may throw no more often than the round's first player"),
    ("die-boese-sieben", None, {"per_throw": "one"}, "sets aside 1 seven and leaves 2-4-4-5"),
    ("die-boese-sieben", None, {"throw_off_throws": 2}, "one more turn of at most 2 throws"),
    ("die-boese-sieben", None, {"inherit_limit": False}, "everybody may use all 3 throws"),
    ("ohio", "ohio-drei-wuerfe", {}, "up to 3 times"),
    ("ohio", None, {"min_keep": 1}, "you leave 1 to 5 dice standing"),
    ("ohio", None, {"ohio_points": 50}, "At best 176 in all"),
]


@pytest.mark.parametrize(
    ("game", "preset", "overrides", "sentence"), CHANGES, ids=[f"{c[0]}-{c[1] or ''}-{'-'.join(c[2])}" for c in CHANGES]
)
def test_a_house_rule_changes_the_text(game: str, preset: str | None, overrides: dict[str, Any], sentence: str) -> None:
    assert sentence not in text(game)
    assert sentence in text(game, "en", preset, **overrides)
    assert text(game, "de") != text(game, "de", preset, **overrides)


# --- the worked examples are the games' own numbers -----------------------------------------------------------------
EXAMPLES = [
    (
        "jule",
        "he pays 4 chips. Clara has only written 1, 2 and 3 (6 not struck): she pays 6 chips. Anna receives 10 chips",
    ),
    ("hin-und-her", "has only 2 struck digits left. A 2 would have given him 4"),
    ("plus-minus", "5 + 4 − 6 + 3 + 2 − 1 + 6 + 6 − 2 = 17"),
    ("quinze", "Ben pays Anna 3 chips (14 − 11), Clara pays 10 chips for going out: Anna receives 13 chips"),
    ("das-grosse-herz", "Ben keeps 4 chambers filled, and Clara now has 2"),
    ("sechzerspiel", "a 6 brings 36 points in row 6, but only 12 in row 2. Six sixes would make 126"),
    ("himmel-und-hoelle", "61; the 2 counts 20 above and 5 below, 25. Together: 86"),
    ("elf-hoch", "Anna ends at −6 chips, Ben at −15 chips and Clara at 21 chips"),
    ("gestrichene-zwoelf", "Ben pays Anna 28 chips and Clara pays Anna 25 chips: Anna ends at 53 chips"),
    ("gestrichene-zwoelf", "his turn ends with 2 numbers struck and 2 seven strokes"),
    ("blaue-augen", "the throw 2-3-6 counts 8, the throw 1-3-5 counts 0"),
    ("chicago", "he has 163 points in 2 throws. A 2-3-6 would be only 69"),
    ("chicago", '"Chicago" = 300'),
    ("chicago-hoch-tief", "1-1-2 counts 4, the best hand, and 6-6-6 counts 18"),
    ("pasch", "5-5 counts 5, 3-3 counts 3"),
    ("pasch", "6-6-6 counts 24. Three different faces, such as 1-4-6, count 0"),
    ("doppeltes-lottchen", "the total stands at 58. Ben throws 3 + 2 + 4 = 9 and brings it to 67"),
    (
        "einer-gleich-zwei",
        "2-3-5 scores 5 (2 + 3), 1-4-5 scores 5, 2-4-6 scores 6. Any other throw, such as 2-3-6, scores 0",
    ),
    ("eins-bis-sechzehn", "10 = 1 + 3 + 6, but not 11"),
    ("dreimal-pasch", "4-4-4-4-2-5 is 2 pairs with 23 pips; 3-3-5-5-6-6 is 3 pairs"),
    ("die-boese-sieben", "1-6-2-5-4-4 sets aside 2 sevens and leaves 4-4: if he stops, that counts 208"),
    (
        "ohio",
        'six 6s make 36, six 1s make 6. "Ohio", the run 1-2-3-4-5-6, counts 40. A row may also take 0. At '
        "best 166 in all",
    ),
    ("ohio", "In row 6 that makes 18; or you write two 2s, 4, in row 2"),
]


@pytest.mark.parametrize(("game", "sentence"), EXAMPLES, ids=[f"{g}-{i}" for i, (g, _) in enumerate(EXAMPLES)])
def test_the_worked_examples_are_the_books_numbers(game: str, sentence: str) -> None:
    """The figures a newcomer reads, checked by hand against the book (the texts take them from the games)."""
    assert sentence in text(game)


def test_a_game_for_one_says_so() -> None:
    for game in ("jule", "sechzerspiel", "ohio"):
        assert "Alone you play for your own best result" in text(game, players=1)
        assert "Alone you play" not in text(game)


# --- the goal on the felt ------------------------------------------------------------------------------------------
def advanced(state: State, steps: int) -> State:
    """``steps`` nodes further along: the first outcome that can fall, the first legal move."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance():
            state = state.apply_outcome(next(o for o, p in state.chance_outcomes() if p > 0))
        else:
            state = state.apply_action(state.legal_actions(state.to_move())[0], state.to_move())
    return state


@pytest.mark.parametrize("game", GAMES)
def test_the_goal_stands_first_on_the_felt(game: str) -> None:
    info = get_game(game)
    fresh = info.new_game(info.load_rules(info.default_preset), 3).new_initial_state()
    for state in (fresh, advanced(fresh, 7)):
        first = state.components(None)[0]
        assert isinstance(first, Goal), (game, state.components(None))
        for lang in ("de", "en"):
            shown = components_json((first,), lang, ["Anna", "Ben", "Clara"])[0]
            assert shown["text"] and "{" not in shown["text"] and "{" not in (shown["progress"] or "")


def felt(state: State, lang: str) -> str:
    """The terminal's drawing of a state's table, as a person reads it."""
    console = Console(width=140, record=True, color_system=None)
    console.print(render_components(state.components(None), lang, ["Anna", "Ben", "Clara"]))
    return console.export_text()


def test_plus_minus_marks_the_throws_that_count_minus() -> None:
    """Terminal report M3: "Wurf 3 von 9, 5 Punkte" and nothing said this throw counts minus."""
    s = throw(new("plus-minus", 2), 5, 4)
    assert "Wurf 3 von 9 zählt minus" in felt(s, "de") and "Throw 3 of 9 counts minus" in felt(s, "en")
    assert "Wurf 4 von 9 zählt plus" in felt(throw(s, 6), "de")
    assert "Wurf 3, 6 und 9 zählen minus" in felt(s, "de")
    on = throw(new("plus-minus", 2, negative="continue"), 1, 1, 6, 1, 1, 6, 1, 2, 6)
    assert "Throw 10, on until no longer below zero: counts plus" in felt(on, "en")
    again = throw(new("plus-minus", 2, negative="replace"), 1, 1, 6, 1, 1, 6, 1, 2, 6)
    assert "Neue Serie: Wurf 1 von 9 zählt plus" in felt(again, "de")


def test_himmel_und_hoelle_counts_its_rounds() -> None:
    """Terminal report M4: no round counter ("Runde 2 von 3")."""
    s = new("himmel-und-hoelle", 3)
    assert "Runde 1 von 3" in felt(s, "de")
    s = throw(s, (1, 2), (3, 4), (5, 6))
    assert "Runde 2 von 3" in felt(s, "de") and "Round 2 of 3" in felt(s, "en")
    assert "Höchste Summe nach 3 Runden" in felt(s, "de")


def test_chicago_shows_what_a_hand_counts_and_what_loses() -> None:
    """Web report U1: "Aufhören mit 69 Punkten" for 2-3-6, and nothing said 1 = 100, 2 = 60 or that three
    Bierdeckel lose."""
    s = new("chicago", 2)
    assert "1 = 100, 2 = 60, die höchste Punktzahl gewinnt; wer zuerst 3 Bierdeckel hat, verliert" in felt(s, "de")
    assert "whoever first has 3 Bierdeckel (beer mats) loses" in felt(s, "en")
    one = new("chicago", 2, bierdeckel=1)
    assert "der schlechteste Wurf bekommt den Bierdeckel und verliert" in felt(one, "de")
    assert "tief: die Augen, die niedrigste Summe gewinnt" in felt(new("chicago-hoch-tief", 2), "de")
    # Re-audit (terminal L8): the one-round goal line kept the bare German word beside a sheet that says "Beer mats".
    assert "the worst hand gets the Bierdeckel (beer mat) and loses" in felt(one, "en")


def test_doppeltes_lottchen_says_who_loses_and_how_far_it_is() -> None:
    """Web report U1: "66 / 66 laufende Summe. Who loses and why?"."""
    s = throw(new("doppeltes-lottchen", 3), (6, 6, 6), (6, 6, 6), (5, 5, 4))
    shown = felt(s, "de")
    assert "Wer die laufende Summe auf 66 oder mehr bringt, verliert" in shown and "noch 16 bis 66" in shown


def test_quinze_shows_its_target_and_the_price_of_going_out() -> None:
    """Web report U1: the target 15 and the stakes were never shown, yet the end said "−9 Chips"."""
    assert "wer über 15 kommt, scheidet aus und zahlt 10 Chips" in felt(new("quinze", 2), "de")


def test_the_round_and_turn_counters_of_the_other_games() -> None:
    assert "Runde 1 von 6" in felt(new("sechzerspiel", 2), "de")
    assert "Wurf 1 von 10" in felt(new("einer-gleich-zwei", 2), "de")
    assert "noch 21 Einsen" in felt(new("die-21-eins", 2), "de")
    assert "noch 1 Eins" in felt(new("die-21-eins", 2, target=1), "de")
    assert "Pott 1 von 2" in felt(new("elf-hoch", 2, pots=2), "de")
    assert "Zug 1 von 7" in felt(new("ohio", 2), "de")
    assert "Runde 2 von 2" in felt(throw(new("blaue-augen", 2, rounds=2), (1, 2, 3), (4, 5, 6)), "de")


def test_das_grosse_herz_example_names_the_thrower_the_game_hands_the_dice_to() -> None:
    """Re-audit of issue 24 ("a newcomer can play each game from its explanation alone"): the example said "Clara
    enters the 4, and Anna throws next", while the rule beside it — and the game — give the next throw to the
    thrower's left neighbour, Clara (the explanation asserts that the game hands her the next throw)."""
    en, de = " ".join(text("das-grosse-herz").split()), " ".join(text("das-grosse-herz", "de").split())
    assert "so she enters the 4 and throws next herself" in en and "Anna throws next" not in en
    assert "also trägt sie die 4 ein und würfelt dann selbst als Nächste" in de


def test_offenes_wuerfelpoker_goal_reads_as_german() -> None:
    """Re-audit of issue 24: the goal said "in bis zu 3 Würfe" (the count's accusative after "in"), and "in bis zu 1
    Wurf" for one throw; the sentence now takes the count as it is."""
    for throws, words in ((3, "bis zu 3 Würfe"), (1, "bis zu 1 Wurf")):
        de = " ".join(text("offenes-wuerfelpoker", "de", max_throws=throws).split())
        assert words in de and "in bis zu" not in de, de[:200]
