"""Escalero's rule-of-thumb bot: the game's best player where the exact solvers (numpy, numba) are not installed.

The optimal bot (:mod:`wuerfel.games.hasard.escalero_solver`) reads numba-built tables; this one reads only the dice
and the sheet, so Escalero plays with a sensible opponent after ``pip install wuerfel`` alone (issue 26). It states
its rule and never looks ahead:

* a hand that scores in a free combination box (Quint, Full hand, Poker, Fünfling …) is written there at once,
  the box worth most;
* with throws left it keeps the dice of its most frequent face (the higher face on a tie) — four different faces
  in a row instead while Quint is free and no face shows three times, both pairs while Full hand is free;
* otherwise, and when no throw is left, it writes the box that scores most (the lower box on a tie); a hand that
  scores nowhere goes as 0 into the box least likely to be filled well: the Nines first, then the rarest hands.
"""

from __future__ import annotations

from collections import Counter

from wuerfel.engine.dice import Multiset
from wuerfel.engine.game import Action, Game, State
from wuerfel.games.hasard.escalero import EscaleroState, row_value
from wuerfel.games.hasard.escalero_scoring import FIVE_ROW, FIVE_SERVED_ROW, FULL_ROW, POKER_ROW, QUINT_ROW
from wuerfel.games.kit.keep_sheet import Enter
from wuerfel.games.kit.keeps import Keep

COMBINATION_ROWS = (QUINT_ROW, FULL_ROW, POKER_ROW, FIVE_ROW, FIVE_SERVED_ROW)
ZERO_ORDER = (0, FIVE_SERVED_ROW, FIVE_ROW, 1, POKER_ROW, 2, QUINT_ROW, 3, FULL_ROW, 4, 5)
"""Where a hand that scores nowhere is written as 0: the box that costs least to give up first."""


def wanted_keep(dice: Multiset, free: tuple[int, ...]) -> Multiset:
    """The dice to leave standing (module text): the run of four for a free Quint, both pairs for a free Full
    hand, else every die of the most frequent face (the higher one on a tie)."""
    counts = Counter(dice)
    top = max(counts.values())
    if QUINT_ROW in free and top < 3:
        faces = sorted(counts)
        for low in (3, 2, 1):
            run = tuple(range(low, low + 4))
            if all(f in faces for f in run):
                return run
    pairs = sorted(f for f, c in counts.items() if c == 2)
    if FULL_ROW in free and len(pairs) == 2:
        return tuple(sorted(pairs * 2))
    face = max(counts, key=lambda f: (counts[f], f))
    return tuple(f for f in dice if f == face)


class EscaleroHeuristicBot:
    """Escalero by a stated rule (module text)."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, EscaleroState)
        free = state.free_rows(player)
        points = {r: row_value(state.dice, r, state.served(), state.rules) for r in free}
        combos = [r for r in COMBINATION_ROWS if points.get(r, 0) > 0]
        if combos:
            return Enter(max(combos, key=lambda r: (points[r], -r)))
        keeps = set(state.turn.keep_actions(state.keep_rules()))
        want = Keep(wanted_keep(state.dice, free))
        if want in keeps:
            return want
        best = max(free, key=lambda r: (points[r], -r))
        if points[best] > 0:
            return Enter(best)
        return Enter(next(r for r in ZERO_ORDER if r in free))
