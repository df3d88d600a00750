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


def test_escalero_the_books_three_players_one_whole_game_through_the_engine() -> None:
    """The book's sheet for Adam, Berta and Cäsar, played turn by turn (the examples were tested on faked sheets):
    Adam's Neun-Bube-Dame-Dame-As in "Damen" = 8; Berta's Zehn-Bube-Dame-König-As in one throw = "Quint serviert" 30;
    Cäsar, with "Zehner" already written, may put Neun-Zehn-Zehn-Dame-As into "Neuner" 1, "Damen" 4 or "Asse" 6; Adam's
    Zehn-Zehn-Zehn-As-As after three throws = "Full Hand" 30. "Wenn jeder Spieler elfmal dran war, sind alle Felder
    des Kontrollscheins gefüllt … der Sieger erhält von seinen Gegenspielern die Differenz der Summen"."""
    from wuerfel.games.hasard.escalero import FIVE_SERVED_ROW, FULL_ROW, QUINT_ROW, Enter, Keep

    s = new("escalero", 3)
    assert s.player == 0
    s = s.apply_outcome(Roll(P("9 B D D A"))).apply_action(Enter(3), 0)  # Adam: Damen 8
    s = s.apply_outcome(Roll(P("10 B D K A"))).apply_action(Enter(QUINT_ROW), 1)  # Berta: Quint serviert 30
    s = s.apply_outcome(Roll(P("10 10 9 B D"))).apply_action(Enter(1), 2)  # Cäsar: Zehner 4
    assert [sh[r] for sh, r in zip(s.sheets, (3, QUINT_ROW, 1), strict=True)] == [8, 30, 4]
    # Adam, "mit 3 Würfeln" (= Würfen): Zehn-Zehn-Zehn-As-As
    s = s.apply_outcome(Roll(P("10 10 K 9 A"))).apply_action(Keep(P("10 10 A")), 0)
    s = s.apply_outcome(Roll(P("K 9"))).apply_action(Keep(P("10 10 A")), 0).apply_outcome(Roll(P("10 A")))
    assert not s.served()
    s = s.apply_action(Enter(FULL_ROW), 0)
    assert s.sheets[0][FULL_ROW] == 30
    s = s.apply_outcome(Roll(P("K K K K K"))).apply_action(Enter(FIVE_SERVED_ROW), 1)  # Berta: 100
    s = s.apply_outcome(Roll(P("9 10 10 D A")))  # Cäsar, his Zehner written
    scoring = {r: v for r, v in s.view(2)["options"].items() if v}
    assert scoring == {"0": 1, "3": 4, "5": 6}
    s = s.apply_action(Enter(5), 2)  # Asse 6
    # nine more turns each: the rarest chance first, as the book advises ("in erster Linie den Fünfling serviert …")
    for _ in range(9):
        for p in range(3):
            s = s.apply_outcome(Roll(P("9 9 10 B D")))
            free = [r for r, v in enumerate(s.sheets[p]) if v < 0]
            s = s.apply_action(Enter(max(free)), p)
    assert s.is_terminal()
    # the last rows, filled with 9-9-10-B-D: Neuner 2, Zehner 2, Buben 3, Damen 4, the rest 0
    totals = (8 + 30 + 3 + 2 + 2, 30 + 100 + 4 + 3 + 2 + 2, 4 + 6 + 4 + 3 + 2)
    assert tuple(sum(sh) for sh in s.sheets) == totals == (45, 141, 19)
    assert s.view(None)["settlement"] == [-(141 - 45), (141 - 45) + (141 - 19), -(141 - 19)]
    assert s.winners() == (1,) and s.losers() == (2,)
    check_results(s)
