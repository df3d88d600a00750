"""The rule-of-thumb bots of Escalero and Offenes Würfelpoker: the games' defaults where numpy and numba are not
installed (issue 26), each held to the rule its module states."""

from __future__ import annotations

from typing import Any

from tests.hasard.kit_helpers import new, throw
from wuerfel.engine.game import Roll
from wuerfel.engine.pokerdice import parse_poker_dice
from wuerfel.games.hasard.escalero import EscaleroState
from wuerfel.games.hasard.escalero_heuristic import EscaleroHeuristicBot
from wuerfel.games.hasard.escalero_scoring import FULL_ROW
from wuerfel.games.hasard.offenes_heuristic import OffenesHeuristicBot
from wuerfel.games.hasard.offenes_poker import OffenesState
from wuerfel.games.kit.betting import Call, Check, Fold, Raise
from wuerfel.games.kit.hands import Stop
from wuerfel.games.kit.keep_sheet import Enter
from wuerfel.games.kit.keeps import Keep

P = parse_poker_dice


def escalero(dice: str) -> tuple[EscaleroState, EscaleroHeuristicBot]:
    s = throw(new("escalero", 2), P(dice))
    assert isinstance(s, EscaleroState) and s.to_move() == 0
    return s, EscaleroHeuristicBot(s.game)


def test_escalero_writes_a_combination_at_once() -> None:
    s, bot = escalero("K K K 9 9")
    assert bot.choose(s, 0) == Enter(FULL_ROW)


def test_escalero_keeps_the_most_frequent_face_or_the_run_for_a_free_quint() -> None:
    s, bot = escalero("A A K D 9")
    assert bot.choose(s, 0) == Keep(P("A A"))
    s, bot = escalero("9 10 B D D")  # a pair, and four in a row while Quint is free
    assert bot.choose(s, 0) == Keep(P("9 10 B D"))


def test_escalero_writes_where_it_scores_most_once_no_throw_is_left() -> None:
    s = throw(new("escalero", 2, max_throws=1), P("A A K D 9"))
    assert EscaleroHeuristicBot(s.game).choose(s, 0) == Enter(5)  # the Aces: 12 points


def offenes(n: int = 2, **overrides: Any) -> tuple[Any, OffenesHeuristicBot]:
    s = new("offenes-wuerfelpoker", n, **overrides)
    assert isinstance(s, OffenesState)
    return s, OffenesHeuristicBot(s.game)


def test_offenes_keeps_its_pairs_and_stops_with_a_full_house_while_others_are_to_come() -> None:
    s, bot = offenes()
    assert bot.choose(s.apply_outcome(Roll(P("A A K D 9"))), 0) == Keep(P("A A"))
    s = s.apply_outcome(Roll(P("K K K 9 9")))
    assert bot.choose(s, 0) == Stop()
    s = s.apply_action(Stop(), 0)
    assert bot.choose(s, 0) == Raise(s.bet.maximum)  # the same strength raises to the maximum
    s = s.apply_action(Raise(s.bet.maximum), 0)
    assert bot.choose(s, 1) == Fold()  # blind, the call costs more than a third of the pot


def test_offenes_answers_a_raise_by_comparing_the_open_hands() -> None:
    s, bot = offenes(max_throws=1)  # one throw: each hand is final at once
    s = s.apply_outcome(Roll(P("A A K D 9")))
    assert bot.choose(s, 0) == Check()  # a pair with a player still to come: no raise
    s = s.apply_action(Check(), 0).apply_outcome(Roll(P("B B B K D")))
    assert bot.choose(s, 1) == Raise(s.bet.maximum)  # the best hand, nobody left to throw
    raised = s.apply_action(Raise(s.bet.maximum), 1)
    assert bot.choose(raised, 0) == Fold()  # a pair against the open trips
    s, bot = offenes(max_throws=1)
    s = s.apply_outcome(Roll(P("A A A K D"))).apply_action(Check(), 0)
    s = s.apply_outcome(Roll(P("A A A K D")))
    assert bot.choose(s, 1) == Check()  # only equal to the hand shown: no raise
    s = s.apply_action(Raise(s.bet.maximum), 1)
    assert bot.choose(s, 0) == Call()  # equal hands: called (they play a Stichrunde)
