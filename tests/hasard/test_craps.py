"""Craps (Hasard 11, the book's variant): every sentence of the text, the spec's resolutions and the choices of
docs/hasard.md, the maker's exact chance for every number (the fact to reproduce: 2 and 12 win 111/140, 7 is worst
at 6557/13860), chips conserved, the solver, the odds and the bots."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.cli.helpers import run
from wuerfel.engine.chips import ChipLedger
from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import CHANCE, TERMINAL, Amount, Roll
from wuerfel.engine.record import Match
from wuerfel.engine.registry import get_game
from wuerfel.engine.testing import ChipAudit, check_results, random_playthrough
from wuerfel.games.hasard.craps import POT, CrapsState, equal_shares
from wuerfel.games.hasard.craps_bots import CrapsAdvisor, KellyBot, NaiveBot, OptimalBot
from wuerfel.games.hasard.craps_chances import NUMBERS, bank_edge, best_numbers, edge, maker_win
from wuerfel.games.hasard.craps_moves import Cover, Name
from wuerfel.games.kit.bank_board import Rotation
from wuerfel.games.kit.lot import Lot
from wuerfel.games.kit.void import Void
from wuerfel.solvers import exact

MAKER_WINS = {
    2: Fraction(111, 140),
    3: Fraction(1697, 2520),
    4: Fraction(2999, 5040),
    5: Fraction(613, 1134),
    6: Fraction(50047, 99792),
    7: Fraction(6557, 13860),
    8: Fraction(50047, 99792),
    9: Fraction(613, 1134),
    10: Fraction(2999, 5040),
    11: Fraction(1697, 2520),
    12: Fraction(111, 140),
}
"""The maker's chance for every number he may name (2 and 12 and 7 are the spec's figures; the others follow from
the same formula and are checked below against the engine's own throws)."""


def new_state(n: int = 3, preset: str = "craps", maker: int = 0, **overrides: object) -> CrapsState:
    info = get_game("craps")
    s = info.new_game(info.load_rules(preset, overrides or None), n).new_initial_state()
    assert s.to_move() == CHANCE and s.thrower() is None  # the lot: nobody's throw
    s = s.apply_outcome(Lot(maker))
    assert isinstance(s, CrapsState)
    return s


def with_chips(s: CrapsState, chips: tuple[int, ...]) -> CrapsState:
    """The same maker's turn with other balances (a position for a test)."""
    t = dataclasses.replace(s, ledger=ChipLedger(chips))
    return t.start(Rotation(s.maker, 0, s.games_done))


def throw(s: CrapsState, *sums: int) -> CrapsState:
    """Throw two dice for each sum (the first face as low as the sum allows)."""
    for x in sums:
        a = max(1, x - 6)
        s = s.apply_outcome(Roll((a, x - a)))  # type: ignore[assignment]
    return s


# --- the fact to reproduce --------------------------------------------------------------------------------------
@pytest.mark.parametrize("number", NUMBERS)
def test_the_makers_chance_for_every_number(number: int) -> None:
    assert maker_win(number) == MAKER_WINS[number]
    assert edge(number) == 2 * MAKER_WINS[number] - 1


def test_two_and_twelve_are_best_and_seven_is_worst() -> None:
    assert maker_win(2) == maker_win(12) == Fraction(111, 140)
    assert maker_win(7) == Fraction(6557, 13860) == min(maker_win(n) for n in NUMBERS)
    assert best_numbers() == (2, 12)
    assert bank_edge(get_game("craps").load_rules(None)) == Fraction(41, 70)
    assert bank_edge(None, 7) == Fraction(-373, 6930) < 0  # the only number that favours the opponents


def _engine_chance(s: CrapsState) -> Fraction:
    """The maker's chance from a position before the first throw, walked through the engine's own transitions: the
    first throw's outcomes, and at a point the throws that end the game (the others leave it unchanged)."""
    maker, before = s.maker, s.ledger.players[s.maker]
    total = Fraction(0)
    for outcome, p in s.chance_outcomes():
        if not p:
            continue
        after = s.apply_outcome(outcome)
        assert isinstance(after, CrapsState)
        if after.phase == "repeat":
            win = lose = Fraction(0)
            for y, q in after.chance_outcomes():
                end = after.apply_outcome(y)
                assert isinstance(end, CrapsState)
                if end.phase == "repeat":
                    assert end.solver_key() == after.solver_key()  # a throw that changes nothing
                elif end.ledger.players[maker] > before:
                    win += q
                else:
                    lose += q
            total += p * win / (win + lose)
        elif after.ledger.players[maker] > before:
            total += p
    return total


@pytest.mark.parametrize("number", NUMBERS)
def test_the_engines_throws_give_the_same_chance(number: int) -> None:
    s = new_state(2).apply_action(Name(number, 1), 0)
    assert isinstance(s, CrapsState)
    assert _engine_chance(s) == MAKER_WINS[number]


def test_the_generic_exact_solver_finds_two_and_the_same_chance() -> None:
    info = get_game("craps")
    game = info.new_game(info.load_rules("craps", {"starting_chips": 1, "first_maker": "first_seat"}), 2)
    result = exact.solve_game(game, "win", game_id="craps", rules_id="craps")
    assert result.seats[0].win == Fraction(111, 140)  # with one chip each the first game decides everything


# --- the text, sentence by sentence -----------------------------------------------------------------------------
def test_the_lot_picks_the_first_maker_who_names_a_number_and_a_stake() -> None:
    # "Zunächst wird eine Runde gewürfelt, um den ersten Spielmacher zu bestimmen. Dieser nennt dann eine beliebige
    # Zahl von 2 bis 12 und setzt darauf einen Betrag."
    s = new_state(3, maker=1)
    assert s.to_move() == 1 and s.phase == "name"
    legal = s.legal_actions()
    assert [a.number for a in legal] == list(range(2, 13))  # type: ignore[attr-defined]
    assert all(a.stake == Amount(1, 20) for a in legal)  # type: ignore[attr-defined]
    assert s.legal_actions(0) == ()


def test_the_opponents_cover_the_stake_together() -> None:
    # "Die Gegenspieler setzen zusammen in gleicher Höhe dagegen."
    s = new_state(3).apply_action(Name(12, 6), 0)
    assert s.shares == ((1, 3), (2, 3)) and s.ledger.balance(POT) == 12
    assert s.ledger.players == (14, 17, 17) and s.to_move() == CHANCE and s.thrower() == 0


def test_the_named_number_on_the_first_throw_wins() -> None:
    # "Wirft der Macher die von ihm genannte Zahl, so hat er gewonnen."
    s = throw(new_state(3).apply_action(Name(5, 6), 0), 5)
    assert s.ledger.players == (26, 17, 17) and s.ledger.balance(POT) == 0
    assert s.last_game == (0, 5, 6, 0, True, ((1, 3), (2, 3)))
    assert s.maker == 1 and s.phase == "name"  # "Beim nächsten Spiel wird der nächste in der Runde … Spielmacher."


def test_another_number_becomes_the_point_and_wins_when_it_falls_again() -> None:
    # "Wirft er eine andere Zahl, so hat er jedoch noch nicht verloren! Es wird weitergewürfelt! Nun ist die
    # gewürfelte Zahl diejenige, die ihm Glück bringt, wenn sie noch einmal fällt."
    s = throw(new_state(3).apply_action(Name(2, 4), 0), 8)
    assert s.phase == "repeat" and s.point == 8 and s.ledger.players == (16, 18, 18)
    s = throw(s, 3, 11, 7, 12)  # nothing happens
    assert s.phase == "repeat" and s.point == 8 and s.throws == 5
    s = throw(s, 8)
    assert s.ledger.players == (24, 18, 18) and s.last_game == (0, 2, 4, 8, True, ((1, 2), (2, 2)))


def test_the_named_number_before_the_point_loses_and_the_opponents_take_their_shares() -> None:
    # "Fällt vorher aber die ursprünglich genannte Zahl, so hat der Macher verloren. Dann kassieren die Gegenspieler
    # entsprechend ihrem Einsatz-Anteil."
    s = throw(new_state(4).apply_action(Name(6, 5), 0), 9, 6)
    assert s.last_game == (0, 6, 5, 9, False, ((1, 2), (2, 2), (3, 1)))
    assert s.ledger.players == (15, 22, 22, 21)  # each opponent wins what he covered, even money


def test_only_the_first_throw_sets_the_point() -> None:
    # spec 11: the point is the result of the first throw only; a later third number does not replace it
    s = throw(new_state(2).apply_action(Name(12, 1), 0), 4, 10)
    assert s.point == 4 and s.phase == "repeat"
    s = throw(s, 10)
    assert s.phase == "repeat"  # 10 is no point
    s = throw(s, 12)
    assert s.last_game is not None and s.last_game[4] is False


def test_a_void_throw_changes_nothing() -> None:
    s = throw(new_state(2).apply_action(Name(12, 1), 0), 4)
    assert s.apply_outcome(Void()) == s


# --- the choices of docs/hasard.md ------------------------------------------------------------------------------
def test_equal_shares_with_the_remainder_clockwise_from_the_makers_left() -> None:
    s = new_state(4, maker=2).apply_action(Name(2, 5), 2)
    assert s.shares == ((3, 2), (0, 2), (1, 1))
    assert equal_shares(7, [(1, 20), (2, 20), (3, 20)]) == ((1, 3), (2, 2), (3, 2))


def test_an_opponent_short_of_chips_covers_all_he_has_and_the_others_the_rest() -> None:
    assert equal_shares(10, [(1, 2), (2, 20), (3, 20)]) == ((1, 2), (2, 4), (3, 4))
    assert equal_shares(9, [(1, 0), (2, 3), (3, 20)]) == ((1, 0), (2, 3), (3, 6))
    s = with_chips(new_state(3), (20, 1, 30)).apply_action(Name(2, 11), 0)
    assert s.shares == ((1, 1), (2, 10))
    with pytest.raises(ValueError):
        equal_shares(5, [(1, 2), (2, 2)])


def test_the_stake_is_at_most_what_the_opponents_can_cover_and_the_rules_limit() -> None:
    s = with_chips(new_state(3), (40, 3, 4))
    assert s.stake_cap() == 7  # what the opponents hold together
    s = with_chips(new_state(3), (5, 30, 30))
    assert s.stake_cap() == 5  # his own chips
    s = new_state(3, max_stake=4)
    assert s.stake_cap() == 4
    s = new_state(3, "craps-limit")
    assert s.stake_cap() == 5 and s.rules.rounds == 2


def test_a_refused_move_says_why_in_german_and_changes_nothing() -> None:
    s = new_state(3)
    with pytest.raises(IllegalAction) as exc:
        s.apply_action(Name(13, 2), 0)
    assert exc.value.translated("de") == "Nenne eine Zahl von 2 bis 12."
    with pytest.raises(IllegalAction) as exc:
        s.apply_action(Name(7, 21), 0)
    assert "1 bis 20 Chips" in exc.value.translated("de") and "1 to 20 chips" in exc.value.translated("en")
    with pytest.raises(IllegalAction) as exc:
        s.apply_action(Name(7, 2), 1)
    assert exc.value.translated("de") == "Du bist nicht am Zug."
    assert s == new_state(3)


def test_bids_in_turn_until_covered() -> None:
    s = new_state(4, "craps-bieten").apply_action(Name(12, 10), 0)
    assert s.phase == "cover" and s.to_move() == 1 and s.ledger.balance(POT) == 10
    assert s.legal_actions() == (Cover(Amount(0, 10)),)  # the two after him could cover it all
    s = s.apply_action(Cover(1), 1)
    assert s.to_move() == 2 and s.cover_bounds() == (0, 9)
    with pytest.raises(IllegalAction) as exc:
        s.apply_action(Cover(10), 2)
    assert "0 bis 9 Chips" in exc.value.translated("de")
    s = s.apply_action(Cover(4), 2)
    # the last opponent's share is forced (what is open): made at once, and the dice follow
    assert s.shares == ((1, 1), (2, 4), (3, 5)) and s.phase == "first" and s.ledger.balance(POT) == 20
    s = throw(s, 12)
    assert s.ledger.players == (30, 19, 16, 15)


def test_a_bid_must_leave_a_coverable_rest_and_nobody_bids_once_it_is_covered() -> None:
    s = with_chips(new_state(3, "craps-bieten"), (20, 20, 3)).apply_action(Name(2, 10), 0)
    assert s.cover_bounds() == (7, 10)  # the last opponent has only 3
    s = new_state(3, "craps-bieten").apply_action(Name(2, 10), 0).apply_action(Cover(10), 1)
    assert s.shares == ((1, 10), (2, 0)) and s.phase == "first"


def test_a_maker_without_chips_is_passed_over_and_the_session_ends_after_one_round() -> None:
    s = with_chips(new_state(3), (30, 0, 30))
    s = throw(s.apply_action(Name(2, 30), 0), 2)  # seat 0 wins all of seat 2's chips
    assert s.ledger.players == (60, 0, 0) and s.is_terminal()  # seats 1 and 2 cannot make: passed over
    assert s.passed_over == (1, 2) and s.games_done == 3
    check_results(s, chips=True)
    assert s.winners() == (0,) and s.losers() == (1, 2)
    assert s.payoffs() == (40, -20, -20)


def test_every_player_makes_once_and_the_result_ranks_the_chips() -> None:
    s = new_state(3)
    makers = []
    while not s.is_terminal():
        makers.append(s.maker)
        s = throw(s.apply_action(Name(7, 2), s.maker), 7)
    assert makers == [0, 1, 2] and s.to_move() == TERMINAL
    assert s.ledger.players == (20, 20, 20) and s.winners() == (0, 1, 2) and s.losers() == ()


def test_typed_moves() -> None:
    s = new_state(3)
    assert s.parse_action_text("5 auf 12", 0) == Name(12, 5)
    assert s.parse_action_text("3 Chips on 2", 0) == Name(2, 3)
    with pytest.raises(IllegalAction):
        s.parse_action_text("zwölf", 0)
    b = new_state(3, "craps-bieten").apply_action(Name(12, 10), 0)
    assert b.parse_action_text("4", 1) == Cover(4)
    assert b.describe_action(Cover(4), "de") == "4 Chips decken"  # a move, like "aufhören" (terminal L1)
    assert s.describe_action(Name(12, 5), "en") == "name 12 for 5 chips"


# --- chips, bots, hints -----------------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(1, 6), min_size=40, max_size=40),
    st.randoms(use_true_random=False),
    st.sampled_from(["craps", "craps-bieten", "craps-limit"]),
    st.integers(2, 5),
)
def test_chips_are_conserved_with_any_dice_and_moves(faces: list[int], rnd: object, preset: str, n: int) -> None:
    s = new_state(n, preset)
    audit = ChipAudit()
    i = 0
    while not s.is_terminal():
        audit.check(s)
        if s.is_chance():
            s = s.apply_outcome(Roll((faces[i % 40], faces[(i + 7) % 40])))  # type: ignore[assignment]
            i += 1
            if i > 400:
                break
        else:
            legal = s.legal_actions()[0 if s.phase == "cover" else rnd.randrange(11)]  # type: ignore[attr-defined]
            field = "amount" if isinstance(legal, Cover) else "stake"
            bounds = getattr(legal, field)
            s = s.apply_action(
                dataclasses.replace(legal, **{field: rnd.randint(bounds.low, bounds.high)}),  # type: ignore[attr-defined]
                s.to_move(),
            )  # type: ignore[assignment]
        assert min(s.ledger.players) >= 0  # nobody stakes or covers more than he has
    audit.check(s)
    assert sum(s.ledger.players) + s.ledger.balance(POT) == 20 * n


@pytest.mark.parametrize(("n", "preset"), [(2, "craps"), (5, "craps-bieten")])
def test_random_games_end_with_the_payoffs_summing_to_zero(n: int, preset: str) -> None:
    match = Match.new("craps", preset, [f"P{i}" for i in range(n)])
    done = random_playthrough(match, seed=n)
    assert done.state.is_terminal() and sum(done.state.payoffs()) == 0


def test_the_optimal_bot_names_two_with_all_it_may_stake_and_bids_the_least() -> None:
    s = with_chips(new_state(3, "craps-bieten"), (20, 8, 30))
    assert OptimalBot(s.game).choose(s, 0) == Name(2, 20)
    s = s.apply_action(Name(2, 20), 0)
    assert OptimalBot(s.game).choose(s, 1) == Cover(0)  # seat 2 can cover it all
    seven = new_state(3, "craps-bieten").apply_action(Name(7, 10), 0)
    assert OptimalBot(seven.game).choose(seven, 1) == Cover(10)  # against 7 the opponents have the edge
    assert NaiveBot(s.game).choose(new_state(3), 0) == Name(7, 2)  # the commonest sum, a tenth of his chips
    assert KellyBot(s.game).choose(new_state(3), 0) == Name(2, 11)  # 41/70 of 20 chips


def test_hints_rate_every_number_best_first() -> None:
    s = new_state(3)
    advice = CrapsAdvisor(s.game).advise(s, 0)
    assert [a.action.number for a in advice[:2]] == [2, 12]  # type: ignore[union-attr]
    assert advice[-1].action == Name(7, 1) and advice[-1].value == pytest.approx(6557 / 13860)
    assert advice[0].action == Name(2, 20) and advice[0].value == pytest.approx(111 / 140)
    assert CrapsAdvisor(s.game).advise(s, 1) == []
    b = new_state(3, "craps-bieten").apply_action(Name(2, 10), 0)
    bid = CrapsAdvisor(b.game).advise(b, 1)
    assert [a.action for a in bid] == [Cover(0), Cover(10)]
    assert bid[1].value == pytest.approx(-10 * 41 / 70)


# --- the commands -----------------------------------------------------------------------------------------------
def test_solve_prints_the_best_number_and_its_chance() -> None:
    result = run(["solve", "craps", "--objective", "solo", "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["game"] == "craps" and doc["objective"] == "solo" and doc["value"] == pytest.approx(111 / 140)
    details = doc["details"]
    assert details["best_numbers"] == [2, 12] and details["win"] == "111/140" and details["edge"] == "41/70"
    assert {d["number"]: Fraction(d["win_fraction"]) for d in details["numbers"]} == MAKER_WINS
    text = run(["solve", "craps", "--lang", "de"]).output
    assert "Beste Zahl: 2 / 12; der Macher gewinnt 111/140 (79,29 %)" in text
    assert "mit der 7: gewinnt 6557/13860 (47,31 %)" in text


def test_odds_give_the_sums_and_every_numbers_chance() -> None:
    result = run(["odds", "craps", "--json", "--lang", "en"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert {c["class"]: Fraction(c["fraction"]) for c in doc["classes"]} == {
        str(s): Fraction(6 - abs(s - 7), 36) for s in NUMBERS
    }
    notes = {n["note"]: Fraction(n["fraction"]) for n in doc["notes"]}
    assert notes == {**{f"maker_wins_{k}": v for k, v in MAKER_WINS.items()}, "bank_edge": Fraction(41, 70)}
    assert doc["notes"][0]["name"] == "The maker wins naming 2"
