"""Va banque (Hasard 22): the book's example, every rule of the text and the spec's resolutions, the pot and the
rotation of the bank, chips conserved, and the exact solution of the operation choices."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.cli.helpers import run
from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import CHANCE, TERMINAL, Roll
from wuerfel.engine.record import Match
from wuerfel.engine.registry import get_game
from wuerfel.engine.testing import ChipAudit, check_results, random_playthrough
from wuerfel.games.hasard.common import Lot
from wuerfel.games.hasard.va_banque import (
    OPS,
    Operate,
    OptimalBot,
    RuleOfThumbBot,
    VaBanqueAdvisor,
    VaBanqueState,
    apply_op,
    choice_values,
    evaluate,
    expected_value,
    legal_ops,
)


def new_state(n: int = 3, preset: str = "va-banque", **overrides: object) -> VaBanqueState:
    info = get_game("va-banque")
    s = info.new_game(info.load_rules(preset, overrides or None), n).new_initial_state()
    if s.is_chance() and s.phase == "lot":  # type: ignore[attr-defined]
        s = s.apply_outcome(Lot(0))
    assert isinstance(s, VaBanqueState)
    return s


def play_opponent(s: VaBanqueState, dice: list[int], ops: list[str]) -> VaBanqueState:
    """Throw the five dice for the current opponent, choosing ``ops`` after dice 2–4."""
    s = s.apply_outcome(Roll((dice[0],)))  # type: ignore[assignment]
    for face, op in zip(dice[1:4], ops, strict=True):
        s = s.apply_outcome(Roll((face,)))  # type: ignore[assignment]
        s = s.apply_action(Operate(op), s.player)  # type: ignore[assignment]
    return s.apply_outcome(Roll((dice[4],)))  # type: ignore[assignment]


@pytest.mark.parametrize("dice", [[3, 5, 6, 1, 4], [6, 2, 6, 1, 4]])
def test_the_books_example_ends_at_44(dice: list[int]) -> None:
    # "= 8 … Addition; = 48 … Multiplikation; = 48 … dividieren; nun muß automatisch subtrahiert werden, = 44"
    # (spec 22: the plain-text running values are reliable; both readings of the dice pictures give 44)
    s = new_state(3)
    assert s.player == 1  # the banker (seat 0) throws first for his left neighbour
    s = s.apply_outcome(Roll((dice[0],)))
    s = s.apply_outcome(Roll((dice[1],)))
    s = s.apply_action(Operate("+"), 1)
    assert s.value == 8
    s = s.apply_outcome(Roll((dice[2],)))
    s = s.apply_action(Operate("*"), 1)
    assert s.value == 48
    s = s.apply_outcome(Roll((dice[3],)))
    s = s.apply_action(Operate("/"), 1)
    assert s.value == 48
    assert s.calculation().endswith("÷ 1 = 48")
    s = s.apply_outcome(Roll((dice[4],)))  # the fifth die: the remaining subtraction, forced
    assert s.results == ((1, 44, False),)
    assert evaluate(dice, ["+", "*", "/", "-"]) == 44


def test_the_banker_throws_each_die_and_the_opponent_decides_dice_two_to_four() -> None:
    s = new_state(3)
    assert s.to_move() == CHANCE and s.thrower() == 0 and s.dice_to_throw() == 1
    s = s.apply_outcome(Roll((4,)))
    assert s.to_move() == CHANCE  # the first die only sets the value
    s = s.apply_outcome(Roll((2,)))
    assert s.to_move() == 1 and set(s.legal_actions()) == {Operate(o) for o in OPS}
    with pytest.raises(IllegalAction):
        s.apply_action(Operate("+"), 2)  # not his dice


def test_every_operation_once_and_division_without_remainder() -> None:
    s = new_state(3)
    s = s.apply_outcome(Roll((3,))).apply_outcome(Roll((2,)))
    assert Operate("/") not in s.legal_actions()  # 3 ÷ 2 leaves a remainder ("Divisionen müssen ohne Rest aufgehen")
    with pytest.raises(IllegalAction) as exc:
        s.apply_action(Operate("/"), 1)
    assert "Rest" in exc.value.translated("de")
    s = s.apply_action(Operate("+"), 1).apply_outcome(Roll((5,)))
    assert Operate("+") not in s.legal_actions() and Operate("/") in s.legal_actions()  # 5 ÷ 5
    with pytest.raises(IllegalAction) as exc:
        s.apply_action(Operate("+"), 1)
    assert "verbraucht" in exc.value.translated("de")


def test_the_forced_fifth_division_drops_the_remainder() -> None:
    # "Eine Ausnahme gilt beim fünften Wurf, bei dem ein sich eventuell ergebender Rest vernachlässigt wird."
    s = play_opponent(new_state(3), [3, 4, 1, 2, 5], ["+", "-", "*"])  # 7, 6, 12, then ÷ 5 = 2 rest 2
    assert s.results == ((1, 2, False),)


def test_negative_values_are_allowed_and_division_truncates_toward_zero() -> None:
    s = play_opponent(new_state(3), [1, 6, 1, 2, 4], ["-", "*", "+"])  # −5, −5, −3, ÷ 4 → 0 (toward zero)
    assert s.results == ((1, 0, False),)
    assert apply_op(-7, "/", 2) == -3 and apply_op(7, "/", 2) == 3
    assert legal_ops(-4, OPS, 2) == OPS  # −4 ÷ 2 comes out even


def test_highest_final_value_takes_the_pot_and_the_banker_does_not_stake() -> None:
    s = new_state(3)
    assert (
        s.ledger.players == (10, 9, 9) and s.ledger.pot == 2
    )  # "Der Bankhalter selbst ist am Einsatz nicht beteiligt"
    s = play_opponent(s, [6, 2, 6, 1, 4], ["+", "*", "/"])  # seat 1: 44
    s = play_opponent(s, [1, 1, 1, 1, 1], ["+", "-", "*"])  # seat 2: 1 + 1 = 2 − 1 = 1 × 1 = 1 ÷ 1 = 1
    assert s.last_round == (0, ((1, 44, False), (2, 1, False)), (1,), 2)
    assert s.ledger.players[:3] == (10 - 1, 9 + 2, 9 - 1) and s.banker == 1  # the next bank, stakes paid anew


def test_a_tie_splits_the_pot_and_the_odd_chip_stays() -> None:
    s = new_state(4)
    assert s.ledger.pot == 3
    s = play_opponent(s, [6, 2, 6, 1, 4], ["+", "*", "/"])
    s = play_opponent(s, [6, 2, 6, 1, 4], ["+", "*", "/"])
    s = play_opponent(s, [1, 1, 1, 1, 1], ["+", "-", "*"])
    assert s.last_round[2] == (1, 2) and s.last_round[3] == 1
    assert s.ledger.pot == 1 + 3  # the odd chip and the new stakes


def test_every_player_is_banker_once_and_no_chip_is_lost() -> None:
    s = new_state(3)
    bankers = []
    while not s.is_terminal():
        bankers.append(s.banker)
        for _ in range(2):
            s = play_opponent(s, [2, 2, 2, 2, 3], ["+", "*", "/"])  # everybody ends at 4 − 3 = 1: a tie
    assert bankers == [0, 1, 2] and s.to_move() == TERMINAL
    assert sum(s.ledger.players) == 30 and s.ledger.pot == 0
    check_results(s, chips=True)


def test_variant_the_stake_falls_to_the_banker() -> None:
    # "Kann ein Spieler während der ersten 4 Würfe nicht dividieren, und ergibt auch die Zwangsdivision nach dem
    # fünften Wurf einen Rest, so fällt der Einsatz dieses Spielers an den Bankhalter."
    s = new_state(3, "va-banque-bankhalter")
    # 5 ÷ 2, 7 ÷ 4, 3 ÷ 2 never come out even: 5 + 2 = 7 − 4 = 3 × 2 = 6, then 6 ÷ 4 leaves a rest
    s = play_opponent(s, [5, 2, 4, 2, 4], ["+", "-", "*"])
    assert s.results == ((1, 1, True),)
    assert s.ledger.players[0] == 11 and s.ledger.pot == 1  # his stake went from the pot to the banker
    s = play_opponent(s, [1, 1, 1, 1, 1], ["+", "-", "*"])  # seat 2 ends at 1: the same value, but seat 1 is out
    assert s.last_round[2] == (2,) and s.last_round[3] == 1


def test_variant_no_forfeit_without_a_remainder() -> None:
    s = new_state(3, "va-banque-bankhalter")
    s = play_opponent(s, [3, 4, 2, 4, 5], ["+", "-", "*"])  # 7, 5, 20, ÷ 5 = 4 even: nothing falls to the bank
    assert s.results == ((1, 4, False),)


def test_variant_a_player_who_held_division_back_keeps_his_stake() -> None:
    # 6 ÷ 2 came out even at die 2 but he added: 8 − 3 = 5 × 4 = 20, then 20 ÷ 3 leaves a rest
    dice, ops = [6, 2, 3, 4, 3], ["+", "-", "*"]
    s = play_opponent(new_state(3, "va-banque-bankhalter"), dice, ops)
    assert s.results == ((1, 6, False),)  # the text: "Kann … nicht dividieren" — he could (option default)
    s = play_opponent(new_state(3, "va-banque-bankhalter", forfeit_only_if_unable=False), dice, ops)
    assert s.results == ((1, 6, True),)
    s = play_opponent(new_state(3), dice, ops)
    assert s.results == ((1, 6, False),)  # without the variant nobody forfeits


def _naive(k: int, value: int, unused: tuple[str, ...]) -> Fraction:
    """Expectimax over the dice tree, written out without the solver's memo or its helpers' shortcuts."""
    if k == 5:
        return Fraction(value)
    out = Fraction(0)
    for face in range(1, 7):
        if k == 4:
            out += _naive(5, apply_op(value, unused[0], face), ())
            continue
        options = [o for o in unused if o != "/" or value % face == 0]
        out += max(_naive(k + 1, apply_op(value, o, face), tuple(u for u in unused if u != o)) for o in options)
    return out / 6


def test_the_solved_expected_value_is_the_expectimax_of_the_dice_tree() -> None:
    naive = sum((_naive(1, f, OPS) for f in range(1, 7)), Fraction(0)) / 6
    assert expected_value() == naive
    assert 18 < expected_value() < 19


def test_solve_prints_the_maximum_expected_final_value() -> None:
    result = run(["solve", "va-banque", "--objective", "solo", "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["game"] == "va-banque" and doc["objective"] == "solo"
    assert doc["value"] == pytest.approx(float(expected_value()), abs=1e-12)


def test_optimal_bot_and_hints_take_the_best_operation() -> None:
    s = new_state(3).apply_outcome(Roll((6,))).apply_outcome(Roll((1,)))
    values = choice_values(1, 6, OPS, 1)
    best = max(values, key=lambda o: values[o])
    assert OptimalBot(s.game).choose(s, 1) == Operate(best)
    advice = VaBanqueAdvisor(s.game).advise(s, 1)
    assert advice[0].action == Operate(best) and [a.value for a in advice] == sorted(
        (a.value for a in advice), reverse=True
    )
    assert VaBanqueAdvisor(s.game).advise(s, 2) == []
    assert RuleOfThumbBot(s.game).choose(s, 1) == Operate("/")  # the book: divide with a 1


def test_typed_operations() -> None:
    s = new_state(3).apply_outcome(Roll((6,))).apply_outcome(Roll((2,)))
    assert s.parse_action_text("mal", 1) == Operate("*")
    assert s.parse_action_text("÷", 1) == Operate("/")
    assert s.parse_action_text("plus", 1) == Operate("+")
    with pytest.raises(IllegalAction):
        s.parse_action_text("hoch", 1)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=30, max_size=30), st.randoms(use_true_random=False))
def test_chips_conserved_with_any_dice_and_choices(faces: list[int], rnd: object) -> None:
    s = new_state(3, "va-banque-bankhalter")
    audit = ChipAudit()
    i = 0
    while not s.is_terminal():
        audit.check(s)
        if s.is_chance():
            s = s.apply_outcome(Roll((faces[i % len(faces)],)))  # type: ignore[assignment]
            i += 1
        else:
            legal = s.legal_actions()
            s = s.apply_action(rnd.choice(legal), s.player)  # type: ignore[attr-defined,assignment]
    audit.check(s)
    assert sum(s.ledger.players) == 30 and s.ledger.pot == 0
    assert all(len(r) == 3 for r in s.last_round[1])


@pytest.mark.parametrize("n", [3, 5])
def test_random_games_end_with_chips_conserved(n: int) -> None:
    match = Match.new("va-banque", "va-banque", [f"P{i}" for i in range(n)])
    done = random_playthrough(match, seed=n)
    assert done.state.is_terminal() and sum(done.state.payoffs()) == 0


def test_no_fixed_policy_beats_the_solved_one() -> None:
    from wuerfel.games.hasard.va_banque import policy_value, rule_of_thumb

    thumb = policy_value(rule_of_thumb)
    assert thumb < expected_value()
    # the optimal bot's own choices, walked as a fixed policy, reach the solved value exactly
    assert (
        policy_value(
            lambda v, unused, f: max(choice_values(5 - len(unused), v, unused, f).items(), key=lambda kv: kv[1])[0]
        )
        == expected_value()
    )
