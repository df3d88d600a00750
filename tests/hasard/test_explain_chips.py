"""The chip games of Hasard explain themselves from their rules (issue 24 §1): a house rule that changes play
changes the text, the worked examples are the games' own settlements, and every game shows its goal on the felt
(a :class:`~wuerfel.engine.components.Goal` first in its components, fresh and in the middle of a game).

The generic checks (sections, no raw ids, quoted numbers) are ``tests/test_explanations.py``."""

from __future__ import annotations

from typing import Any

import pytest

from wuerfel.engine.components import Goal, components_json
from wuerfel.engine.explain import explanation_json
from wuerfel.engine.game import amounts, with_amount
from wuerfel.engine.registry import get_game
from wuerfel.engine.sources import SeededSource
from wuerfel.games.kit import Lot


def text(game_id: str, rules: str | None = None, lang: str = "en", players: int | None = None, **overrides: Any) -> str:
    info = get_game(game_id)
    loaded = info.load_rules(rules, overrides or None)
    return "\n".join(
        f"{s['title']}\n{s['text']}"
        for s in explanation_json(info, loaded, rules or info.default_preset, lang, players)["sections"]
    )


def section(game_id: str, key: str, lang: str = "en", rules: str | None = None, **overrides: Any) -> str:
    info = get_game(game_id)
    data = explanation_json(info, info.load_rules(rules, overrides or None), "x", lang)
    return next(s["text"] for s in data["sections"] if s["key"] == key)


def goal_of(state: Any, lang: str = "en") -> dict[str, Any]:
    comps = state.components(0)
    assert isinstance(comps[0], Goal), comps[:2]
    return components_json(comps[:1], lang)[0]  # type: ignore[no-any-return]


def bots_until(state: Any, done: Any, seed: int = 1, limit: int = 2000) -> Any:
    """Random moves and seeded dice until ``done(state)``."""
    import random

    rng = random.Random(seed)
    source = SeededSource(seed)
    for _ in range(limit):
        if done(state) or state.is_terminal():
            return state
        if state.is_chance():
            state = state.apply_outcome(source.choose(state))
        else:
            p = state.actors()[0]
            a = rng.choice(list(state.legal_actions(p)))
            free = amounts(a)
            if free:
                a = with_amount(a, **{k: rng.randint(v.low, min(v.high, v.low + 2)) for k, v in free.items()})
            state = state.apply_action(a, p)
    raise AssertionError("the condition never came")


# --- Lustige Sieben ------------------------------------------------------------------------------------------------
def test_lustige_sieben_says_what_each_throw_pays_under_the_rules_in_force() -> None:
    book = section("lustige-sieben", "scoring")
    assert "every chip there brings back 2 chips" in book and "on the 7 brings back 3 chips" in book
    assert "your 2 chips on 4 bring back 4 chips (+2)" in book
    net = section("lustige-sieben", "scoring", rules="lustige-sieben-netto")
    assert "every chip there brings back 3 chips" in net and "on the 7 brings back 4 chips" in net
    assert "your 2 chips on 4 bring back 6 chips (+4)" in net
    assert "the bank keeps 1/6" in section("lustige-sieben", "payments")
    assert "the players win 1/4" in section("lustige-sieben", "payments", rules="lustige-sieben-netto")
    assert "After 3 throws the bank passes" in section("lustige-sieben", "end", bank_throws=3)
    assert "Nach 1 Wurf geht die Bank" in section("lustige-sieben", "end", "de", bank_throws=1)
    assert "by lot" in section("lustige-sieben", "end")
    assert "seat 1 holds the bank first" in section("lustige-sieben", "end", first_bank="first_seat")
    assert "held the bank 2 times: with 3 players, 6 banks" in text("lustige-sieben", players=3, bank_rounds=2)


def test_lustige_sieben_shows_its_goal_and_the_bank_on_the_felt() -> None:
    info = get_game("lustige-sieben")
    state = info.new_game(None, 3).new_initial_state()
    assert goal_of(state) == {"kind": "goal", "text": "Win chips from the bank", "progress": None}
    state = state.apply_outcome(Lot(2))
    assert goal_of(state, "de")["progress"] == "Bank 1 von 3"
    state = bots_until(state, lambda s: s.banks_done == 1)
    assert goal_of(state)["progress"] == "Bank 2 of 3"


# --- Zehnerspiel -----------------------------------------------------------------------------------------------------
def test_zehnerspiel_says_what_under_10_pays_under_the_rules_in_force() -> None:
    book = section("zehnerspiel", "scoring")
    assert "a chip brings back 2 chips" in book and "bring back 6 chips (+3)" in book
    assert "216 equally likely throws of three dice, 81 stay under 10: 3/8 (37.5 %)" in book
    net = section("zehnerspiel", "scoring", rules="zehnerspiel-netto")
    assert "a chip brings back 3 chips" in net and "bring back 9 chips (+6)" in net
    assert "the bank keeps 1/4 (25.0 %)" in section("zehnerspiel", "payments")
    assert "the players win 1/8 (12.5 %)" in section("zehnerspiel", "payments", rules="zehnerspiel-netto")
    assert "at most 2 chips per stake" in section("zehnerspiel", "turn", max_stake=2)
    assert "After 1 throw the bank passes" in section("zehnerspiel", "end", bank_throws=1)


def test_zehnerspiel_shows_its_goal_and_the_bank_on_the_felt() -> None:
    state = get_game("zehnerspiel").new_game(None, 2).new_initial_state().apply_outcome(Lot(0))
    goal = goal_of(state, "de")
    assert goal["text"] == "Gewinne Chips von der Bank: Unter 10 zahlt die Bank, ab 10 kassiert sie"
    assert goal["progress"] == "Bank 1 von 2"
    state = bots_until(state, lambda s: s.banks_done == 1)
    assert goal_of(state)["progress"] == "Bank 2 of 2"


# --- Rock and Roll ---------------------------------------------------------------------------------------------------
def test_rock_and_roll_says_how_a_bank_ends_under_the_rules_in_force() -> None:
    end = section("rock-and-roll", "end")
    assert "closes after 5 more throws" in end and "at most 20 throws" in end and "passes to the left" in end
    end = section("rock-and-roll", "end", notice_throws=3, max_bank_throws=12)
    assert "closes after 3 more throws" in end and "at most 12 throws" in end and "when 3 throws are left" in end
    one = section("rock-and-roll", "end", rules="rock-and-roll-ein-bankhalter")
    assert "only one banker" in one and "passes to the left" not in one
    scoring = section("rock-and-roll", "scoring")
    assert "a chip brings back 3 chips" in scoring and "a chip brings back 6 chips" in scoring
    assert "Red brings back 6 chips and the King 6 chips, +9 in all" in scoring
    assert "fair, nobody has an edge" in section("rock-and-roll", "payments")


def test_rock_and_roll_says_on_the_felt_when_the_bank_ends() -> None:
    """Web U1: nothing said when the game ends. The goal line names the bank of the game and how it ends — the
    banker's announcement ahead, the longest bank — and counts down once the end is fixed."""
    from wuerfel.games.hasard.rock_and_roll import AnnounceEnd, GoOn
    from wuerfel.games.kit.bank_board import Done

    info = get_game("rock-and-roll")
    state = info.new_game(None, 3).new_initial_state().apply_outcome(Lot(0))
    goal = goal_of(state)
    assert goal["text"] == "Win chips from the bank: a colour pays 2 to 1, a face 5 to 1"
    assert goal["progress"] == ("Bank 1 of 3 · the banker may announce the end 5 throws ahead, at most 20 throws")
    for p in (1, 2):
        state = state.apply_action(Done(), p)
    state = state.apply_action(AnnounceEnd(), 0)
    assert goal_of(state, "de")["progress"] == "Bank 1 von 3 · noch 5 Würfe"
    one = info.new_game(info.load_rules("rock-and-roll-ein-bankhalter"), 2).new_initial_state().apply_outcome(Lot(1))
    assert goal_of(one)["progress"] == "the banker may announce the end 5 throws ahead, at most 20 throws"
    assert GoOn() in one.legal_actions(1)


# --- Craps -----------------------------------------------------------------------------------------------------------
def test_craps_states_the_stake_limit_the_covering_and_the_chance_of_every_number() -> None:
    turn = section("craps", "turn")
    assert "what the opponents hold together." not in turn and "never more than" not in turn
    # Two limits, the smaller counts (re-audit of issue 24: "at most the maker's own chips and what the opponents
    # hold together" read as their sum to a newcomer).
    assert "no more chips than the maker has, and no more than the opponents hold together." in turn
    assert "nicht mehr Chips, als er selbst hat, und nicht mehr, als die Gegenspieler zusammen haben" in section(
        "craps", "turn", "de"
    )
    assert "in equal shares" in turn and "by lot" not in turn and "whoever throws highest" in turn
    limited = section("craps", "turn", rules="craps-limit")
    assert "never more than 5 chips" in limited
    assert "bid their shares in turn" in section("craps", "turn", rules="craps-bieten")
    assert "seat 1 is the first maker" in section("craps", "turn", first_maker="first_seat")
    scoring = section("craps", "scoring")
    assert "• 2 or 12: 79.3 %" in scoring and "• 7: 47.3 %" in scoring
    assert "each opponent covers 2" in scoring and "a win (+4, each opponent −2)" in scoring
    assert "each opponent would have won 2 chips and the maker would have lost 4 chips" in scoring
    assert "• 2 oder 12: 79,3 %" in section("craps", "scoring", "de")
    assert "been the maker 2 times: with 2 players, 4 games" in text("craps", rules="craps-limit")
    assert "41/70 (58.6 %)" in section("craps", "payments")


def test_craps_shows_what_decides_and_the_game_of_the_session_on_the_felt() -> None:
    info = get_game("craps")
    state = info.new_game(None, 3).new_initial_state()
    assert goal_of(state)["progress"] is None
    state = state.apply_outcome(Lot(1))
    goal = goal_of(state, "de")
    assert goal["text"].startswith("Der Macher gewinnt mit seiner Zahl") and goal["progress"] == "Spiel 1 von 3"
    state = bots_until(state, lambda s: s.games_done == 1)
    assert goal_of(state)["progress"] == "Game 2 of 3"


# --- Va banque -------------------------------------------------------------------------------------------------------
def test_va_banque_states_the_stake_the_books_example_and_the_variant_when_played() -> None:
    scoring = section("va-banque", "scoring")
    assert "Start 3; add 5: 8; multiply by 6: 48; divide by 1: 48; the fifth die must be subtracted: 44" in scoring
    assert "18.89 on average" in scoring and "18,89" in section("va-banque", "scoring", "de")
    payments = section("va-banque", "payments")
    assert "pays 1 chip into the pot; the banker stakes nothing and wins nothing" in payments
    assert "Variant" not in payments
    assert "pays 3 chips into the pot" in section("va-banque", "payments", stake=3)
    variant = section("va-banque", "payments", rules="va-banque-bankhalter")
    assert "could not divide at dice 2 to 4" in variant and "wins nothing" not in variant
    strict = section("va-banque", "payments", rules="va-banque-bankhalter", forfeit_only_if_unable=False)
    assert "whoever has a remainder at the forced division" in strict


def test_va_banque_shows_the_bank_and_the_result_to_beat_on_the_felt() -> None:
    """Web U1: no target, nothing about the bank. The goal line says what wins, which bank plays, and once a
    player's five dice are done, the highest result so far."""
    state = get_game("va-banque").new_game(None, 3).new_initial_state().apply_outcome(Lot(0))
    assert goal_of(state)["progress"] == "Bank 1 of 3"
    state = bots_until(state, lambda s: len(s.results) == 1)
    progress = goal_of(state, "de")["progress"]
    assert progress.startswith("Bank 1 von 3 · bisher höchstes Ergebnis: ")
    assert progress.endswith(str(abs(state.results[0][1])))


# --- Würfelpoker and Al Capone ---------------------------------------------------------------------------------------
def test_wuerfelpoker_states_throws_raising_and_the_sequence_order_of_the_table() -> None:
    turn = section("wuerfelpoker", "turn")
    assert "you throw the five dice once" in turn and "raise" not in turn
    assert "pays 1 chip into the pot" in turn
    three = section("wuerfelpoker", "turn", rules="wuerfelpoker-drei-wuerfe")
    assert "up to 3 throws with the five dice" in three and "leave 1 to 4 dice standing" in three
    assert "raise once" in section("wuerfelpoker", "turn", rules="wuerfelpoker-steigern")
    assert "to at most 9 chips" in section("wuerfelpoker", "turn", rules="wuerfelpoker-steigern", max_stake=9)
    assert "1-2-3-4-5 ranks above 2-3-4-5-6" in section("wuerfelpoker", "scoring")
    assert "2-3-4-5-6 ranks above 1-2-3-4-5" in section("wuerfelpoker", "scoring", low_sequence_high=False)
    assert "The game ends after 6 rounds" in section("wuerfelpoker", "end")
    assert "Das Spiel endet nach 1 Runde" in section("wuerfelpoker", "end", "de", rounds=1)


def test_al_capone_explains_its_tie_break_with_the_issues_example() -> None:
    """Issue 24 §5: the pair of aces beats the pair of tens by default, and the text says why; under the sum of all
    five dice the text shows the other result."""
    scoring = section("al-capone", "scoring")
    assert "“Pair of tens, Ace King Queen” against “Pair of aces, Jack Ten Nine”" in scoring
    assert "20 points against 28, so “Pair of aces, Jack Ten Nine” wins" in scoring
    assert "Nine 9, Ten 10, Jack 11, Queen 12, King 13, Ace 14" in scoring and "Quint" not in scoring
    summe = section("al-capone", "scoring", rules="al-capone-summe")
    assert "59 points against 58, so “Pair of tens, Ace King Queen” wins" in summe
    c = section("al-capone", "scoring", rules="al-capone-wertung-c")
    assert "scale C" in c and "Nine 1, Ten 2, Jack 3, Queen 4, King 5, Ace 11" in c
    joker = section("al-capone", "scoring", rules="al-capone-joker")
    assert "Quint" in joker and "Ace Ace King King Nine is “Four kings, Nine”" in joker
    assert "raise once" in section("al-capone", "turn") and "raise" not in section("al-capone", "turn", raising=False)


def test_the_poker_rounds_show_what_decides_and_the_round_on_the_felt() -> None:
    info = get_game("al-capone")
    state = info.new_game(None, 2).new_initial_state()
    assert goal_of(state)["text"] == "The best combination takes the pot; the same combination: scale A"
    state = state.apply_outcome(Lot(0))
    assert goal_of(state, "de") == {
        "kind": "goal",
        "text": "Die beste Kombination gewinnt den Pott; bei gleicher Kombination: Wertung A",
        "progress": "Runde 1 von 6",
    }
    state = bots_until(state, lambda s: s.round_no == 1)
    assert goal_of(state)["progress"] == "Round 2 of 6"
    poker = get_game("wuerfelpoker").new_game(None, 3).new_initial_state().apply_outcome(Lot(2))
    assert goal_of(poker) == {
        "kind": "goal",
        "text": "The best hand takes the pot; equal best hands share it",
        "progress": "Round 1 of 6",
    }


# --- Offenes Würfelpoker ---------------------------------------------------------------------------------------------
def test_offenes_wuerfelpoker_states_the_stakes_the_keeps_and_the_agreed_hands() -> None:
    turn = section("offenes-wuerfelpoker", "turn")
    assert "the minimum stake, 1 chip" in turn and "to at most 6 chips" in turn and "1 to 4 dice" in turn
    assert "leave up to 4 dice (or none) standing" in section("offenes-wuerfelpoker", "turn", rethrow_all=True)
    assert "nobody can raise" in section("offenes-wuerfelpoker", "turn", maximum=1)
    scoring = section("offenes-wuerfelpoker", "scoring")
    assert "Five in a row counts as nothing" in scoring and "Joker" not in scoring
    assert "“Full house, queens over nines” beats “Three kings, Jack Ten”" in scoring
    assert "Quint (five in a row" in section("offenes-wuerfelpoker", "scoring", rules="offenes-mit-quint")
    assert "“Four kings, Nine”" in section("offenes-wuerfelpoker", "scoring", rules="offenes-joker-poker")
    assert "The match ends after 6 games" in section("offenes-wuerfelpoker", "end")


def test_offenes_wuerfelpoker_shows_the_limit_and_the_game_of_the_match_on_the_felt() -> None:
    state = get_game("offenes-wuerfelpoker").new_game(None, 2).new_initial_state()
    assert goal_of(state) == {
        "kind": "goal",
        "text": "The best hand takes the pot; raises up to 6 chips",
        "progress": None,
    }
    state = state.apply_outcome(Lot(1))
    assert goal_of(state, "de")["progress"] == "Spiel 1 von 6"
    state = bots_until(state, lambda s: s.game_no == 1)
    assert goal_of(state)["progress"] == "Game 2 of 6"


# --- Verdecktes Würfelpoker ------------------------------------------------------------------------------------------
def test_verdecktes_wuerfelpoker_states_the_call_its_price_and_the_announcements_of_the_table() -> None:
    turn = section("verdecktes-wuerfelpoker", "turn")
    assert "in turn from the announcer's left" in turn and "10 seconds" in turn and "may also name" in turn
    assert "at once; the first call counts" in section("verdecktes-wuerfelpoker", "turn", rules="verdecktes-live")
    assert "the combination and its faces only" in section("verdecktes-wuerfelpoker", "turn", kickers=False)
    assert "2.5 seconds" in section("verdecktes-wuerfelpoker", "turn", challenge_seconds=2.5)
    assert "2,5 Sekunden" in section("verdecktes-wuerfelpoker", "turn", "de", challenge_seconds=2.5)
    scoring = section("verdecktes-wuerfelpoker", "scoring")
    assert "at least as high as announced" in scoring
    assert "exactly as announced" in section("verdecktes-wuerfelpoker", "scoring", match="exact")
    assert (
        "the pot holds 2 chips. Anna announces “Three queens”, Ben calls. The cup shows “Three queens, King "
        "Nine”: the announcement holds, Ben pays 2 chips and the pot holds 4 chips"
    ) in scoring
    assert "“Four kings, Nine”" in section("verdecktes-wuerfelpoker", "scoring", rules="joker-poker")
    assert "Quint (five in a row" in section("verdecktes-wuerfelpoker", "scoring", rules="verdecktes-mit-quint")


def test_verdecktes_wuerfelpoker_shows_what_wins_and_the_round_on_the_felt() -> None:
    state = get_game("verdecktes-wuerfelpoker").new_game(None, 2).new_initial_state()
    assert goal_of(state) == {
        "kind": "goal",
        "text": "The highest announcement standing takes the pot",
        "progress": None,
    }
    state = state.apply_outcome(Lot(1))
    assert goal_of(state, "de")["progress"] == "Runde 1 von 6"
    state = bots_until(state, lambda s: s.round_no == 1)
    assert goal_of(state)["progress"] == "Round 2 of 6"


# --- Escalero --------------------------------------------------------------------------------------------------------
def test_escalero_states_the_rows_points_and_served_hands_of_the_table() -> None:
    scoring = section("escalero", "scoring")
    assert "• Quint, five in a row: 25 points, served 30 points" in scoring and "• Five alike: 50 points" in scoring
    assert "in the row Queens: 8 points" in scoring and "Quint served, 30 points" in scoring
    assert "the first throw of your turn." in scoring and "only as 0" not in scoring
    assert "or a later throw of all five" in section("escalero", "scoring", rules="escalero-alle-neu")
    assert "up to 4 dice (or none)" in section("escalero", "turn", rules="escalero-alle-neu")
    assert "only as 0" in section("escalero", "scoring", rules="escalero-streng")
    assert "Quint served, 40 points" in section("escalero", "scoring", quint_points=[30, 40])
    assert "no Poker here" in section("escalero", "scoring", five_counts_as_poker=False)
    payments = section("escalero", "payments")
    assert "the winner gets 30 chips from the second and 55 chips from the third, +85 in all" in payments
    assert "no chips change hands" in text("escalero", players=1)


def test_escalero_shows_its_aim_and_the_turn_of_eleven_on_the_felt() -> None:
    state = get_game("escalero").new_game(None, 2).new_initial_state()
    assert goal_of(state)["progress"] is None
    state = state.apply_outcome(Lot(0))
    assert goal_of(state, "de") == {
        "kind": "goal",
        "text": "Die meisten Punkte in elf Reihen; der Sieger bekommt die Differenzen in Chips",
        "progress": "Zug 1 von 11",
    }
    state = bots_until(state, lambda s: s.player == 0 and len(s.free_rows(0)) == 10)
    assert goal_of(state)["progress"] == "Turn 2 of 11"


# --- every house rule that changes play changes the text -------------------------------------------------------------
CHIP_GAMES = (
    "lustige-sieben",
    "zehnerspiel",
    "rock-and-roll",
    "craps",
    "va-banque",
    "wuerfelpoker",
    "al-capone",
    "offenes-wuerfelpoker",
    "verdecktes-wuerfelpoker",
    "escalero",
)


def _other_values(value: Any, choices: tuple[Any, ...]) -> list[Any]:
    if isinstance(value, bool):
        return [not value]
    if choices:
        return [c for c in choices if c != value]
    if isinstance(value, int):
        return [value + 1, value - 1, value * 2]
    if isinstance(value, float):
        return [value * 2]
    if isinstance(value, tuple):
        return [[x + 1 for x in value]]
    return []


ENABLED_BY: dict[tuple[str, str], dict[str, Any]] = {
    ("va-banque", "forfeit_only_if_unable"): {"forfeit": True},
    ("wuerfelpoker", "max_stake"): {"raising": True},
}
"""Options that change play only while another one is on (whom the variant's forfeit hits; how far a raise goes)."""


@pytest.mark.parametrize("game_id", CHIP_GAMES)
def test_every_option_changes_the_explanation(game_id: str) -> None:
    """Each option of the game's rules, set to another allowed value, changes the text in both languages: the
    explanation is written from the rules object, so a house rule is never silently ignored."""
    import dataclasses
    import typing

    info = get_game(game_id)
    players = max(info.min_players, 3)
    hints = typing.get_type_hints(info.options_class)
    for field in dataclasses.fields(info.options_class):
        enabled = ENABLED_BY.get((game_id, field.name), {})
        default = info.load_rules(info.default_preset, enabled or None)
        base = {lang: explanation_json(info, default, "x", lang, players)["sections"] for lang in ("de", "en")}
        value = getattr(default, field.name)
        choices = typing.get_args(hints[field.name]) if typing.get_origin(hints[field.name]) is typing.Literal else ()
        changed = None
        for other in _other_values(value, choices):
            try:
                changed = info.load_rules(info.default_preset, {**enabled, field.name: other})
            except Exception:
                continue
            break
        assert changed is not None, f"{game_id}: no other value of {field.name} is allowed"
        for lang in ("de", "en"):
            now = explanation_json(info, changed, "x", lang, players)["sections"]
            assert now != base[lang], f"{game_id}: {field.name} = {getattr(changed, field.name)} changes nothing"
