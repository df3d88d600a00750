"""Seed audit (h/seedaudit): examples and scoring sentences of seed 004 (Obermair, *Hasard*) that were tested only
through a scoring helper, now played through the engine — outcomes and actions applied to a real state, the result
read from the state — so a game that wires a rule wrongly fails here even when its helper is right."""

from __future__ import annotations

from typing import Any

from tests.hasard.kit_helpers import check_results, new
from wuerfel.engine.game import TERMINAL, Roll
from wuerfel.engine.pokerdice import parse_poker_dice as P
from wuerfel.games.kit.betting import Check
from wuerfel.games.kit.hand_round import Stop


def poker_throw(s: Any, *hands: str) -> Any:
    for h in hands:
        s = s.apply_outcome(Roll(tuple(int(c) for c in h.split())))
    return s


def test_wuerfelpoker_low_sequence_takes_the_pot_from_the_high_one_and_a_drilling() -> None:
    """ "(4) Sequenz … 1-2-3-4-5 ist höher als 2-3-4-5-6", and the Sequenz lies above the Drilling, below the Full
    House ("von der niedrigsten bis zur höchsten")."""
    s = poker_throw(new("wuerfelpoker", 3, rounds=1), "2 3 4 5 6", "6 6 6 5 4", "5 3 1 4 2")
    assert s.to_move() == TERMINAL and s.winners() == (2,) and s.payoffs() == (-1, -1, 2)
    s = poker_throw(new("wuerfelpoker", 3, rounds=1), "2 3 4 5 6", "6 6 6 5 4", "1 1 2 2 2")
    assert s.winners() == (2,)
    s = poker_throw(new("wuerfelpoker", 2, rounds=1), "6 6 6 5 4", "2 3 4 5 6")
    assert s.winners() == (1,)
    check_results(s)


def _open(s: Any, dice: str, seat: int) -> Any:
    return s.apply_outcome(Roll(P(dice))).apply_action(Stop(), seat).apply_action(Check(), seat)


def test_joker_poker_as_as_koenig_koenig_neun_is_a_vierling_through_the_engine() -> None:
    """Joker Poker: "die Kombination As-As-König-König-Neun als Vierling gewertet" — in the open game it beats a
    natural Full House and loses to a natural Vierling of aces; without the joker it is two pairs and loses."""
    s = _open(_open(new("offenes-wuerfelpoker", 2, joker=True, games=1), "A A K K 9", 0), "D D D 10 10", 1)
    assert s.is_terminal() and s.winners() == (0,)
    s = _open(_open(new("offenes-wuerfelpoker", 2, joker=True, games=1), "A A K K 9", 0), "A A A A 9", 1)
    assert s.winners() == (1,)
    s = _open(_open(new("offenes-wuerfelpoker", 2, games=1), "A A K K 9", 0), "D D D 10 10", 1)
    assert s.winners() == (1,)


def test_offenes_quint_only_when_agreed_above_the_drilling_below_the_full_house() -> None:
    """ "Vereinbart man jedoch … daß auch die Sequenzen gelten, dann liegen sie … über dem Drilling und unter dem Full
    House … die höhere Quint (Zehn-Bube-Dame-König-As) und die niedrigere Quint (Neun-Zehn-Bube-Dame-König)."."""
    def duel(a: str, b: str, **rules: Any) -> tuple[int, ...]:
        s = _open(_open(new("offenes-wuerfelpoker", 2, games=1, **rules), a, 0), b, 1)
        assert s.is_terminal()
        return tuple(s.winners())
    assert duel("9 10 B D K", "A A A K D", quint=True) == (0,)
    assert duel("9 10 B D K", "9 9 9 10 10", quint=True) == (1,)
    assert duel("9 10 B D K", "10 B D K A", quint=True) == (1,)
    assert duel("9 10 B D K", "A A A K D") == (1,)  # not agreed: the sequence is "Nichts"
