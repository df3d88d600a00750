"""Escalero's optimal solitaire policy: the shared fill-the-boxes solver, the bot, ``wuerfel solve escalero``.

Escalero is a fill-the-boxes game without an upper bonus: eleven boxes, five poker dice, up to three throws with
keeps of 1–4 dice, and box points that depend on the throw only through "serviert" (all five dice in one throw: the
first, or with keeps of 0–4 also a later throw of all five, the solver's "fresh throws").
So it is a :class:`~wuerfel.solvers.fillgame.FillSpec` with ``scores[box, throw, roll]`` taken from
:func:`~wuerfel.games.hasard.escalero.row_value`, and the generic solver (written for the Würfelspiel) computes the
optimal expected future points of every sheet (2,048 states). The table takes well under a second once numba's
compiled kernels are cached, so it is kept in memory per rule set (the rules object is hashable) and not on disk:
in :mod:`wuerfel.engine.shared`, with the turn tables the bots look up, so the bots of every table share them.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from wuerfel.engine import shared
from wuerfel.engine.errors import N_
from wuerfel.engine.game import Action, Game, State
from wuerfel.games.hasard.escalero import EMPTY, Enter, EscaleroRules, EscaleroState, Keep, Strike
from wuerfel.games.hasard.escalero_scoring import N_ROWS, ROWS_DE, row_value
from wuerfel.solvers.api import SolveResult
from wuerfel.solvers.fillgame import FillSpec, TurnTables, box_value, dice_space, solve_fill_game, turn_tables


def spec_from_rules(rules: EscaleroRules) -> FillSpec:
    """The rule set as a fill-the-boxes game: served scores after the first throw and after a later throw of all five
    dice (``fresh_throw_scores_as_first``, effective only with ``min_keep = 0``), plain ones otherwise."""
    sp = dice_space(5, 6)
    scores = np.array(
        [
            [[row_value(roll, b, t == 0, rules) for roll in sp.rolls] for t in range(rules.max_throws)]
            for b in range(N_ROWS)
        ],
        dtype=np.float64,
    )
    return FillSpec(
        name="escalero",
        n_dice=5,
        sides=6,
        throws=rules.max_throws,
        min_keep=rules.min_keep,
        max_keep=rules.max_keep,
        box_names=ROWS_DE,
        scores=scores,
        bonus_box=np.zeros(N_ROWS, dtype=np.bool_),
        fresh_throw_scores_as_first=True,
    )


SOLVED = "escalero.solved"
TURNS = "escalero.turns"
"""The kinds of the shared tables (:mod:`wuerfel.engine.shared`): the solved sheets and the turn tables per rule set."""
TURNS_KEPT = 256
"""Turn tables (one per sheet, 17 KB each) kept per rule set; the bots of a game meet 11 sheets each."""


def solved(rules: EscaleroRules) -> tuple[FillSpec, np.ndarray]:
    """(spec, E) with E[mask, 0, 0] the optimal expected future points of a sheet whose filled boxes are ``mask``."""

    def solve() -> tuple[FillSpec, np.ndarray]:
        spec = spec_from_rules(rules)
        return spec, solve_fill_game(spec)

    return shared.shared(SOLVED, rules, solve)


def forget_solved() -> None:
    """Drop the solved tables (a fresh solve, the benchmark)."""
    shared.forget(SOLVED)
    shared.forget(TURNS)


def solo_value(rules: EscaleroRules) -> float:
    """Expected total of optimal solitaire Escalero from an empty sheet."""
    return float(solved(rules)[1][0, 0, 0])


def solve_solo(rules: EscaleroRules, rules_id: str, fresh: bool = False) -> SolveResult:
    """``wuerfel solve escalero``: the optimal solitaire expected total (objective "solo")."""
    if fresh:
        forget_solved()
    t0 = time.perf_counter()
    value = solo_value(rules)
    return SolveResult(
        game="escalero",
        rules=rules_id,
        objective="solo",
        value=value,
        seconds=time.perf_counter() - t0,
        extra={"sheets": 1 << N_ROWS},
        value_of=N_("the expected total of a sheet played alone with the best strategy"),
    )


def sheet_mask(sheet: tuple[int, ...]) -> int:
    return sum(1 << r for r, v in enumerate(sheet) if v != EMPTY)


class EscaleroOptimalBot:
    """Plays the policy that maximises the expected own total (optimal solitaire play, spec D).

    In a game of several players this ignores the opponents' sheets: Escalero pays the winner the *difference* of
    the totals, so maximising one's own expected total is the natural (and spec-named) policy.
    """

    name = "optimal"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.spec, self.E = solved(game.rules)
        self.space = dice_space(5, 6)
        self._tables: dict[int, TurnTables] = shared.shared(TURNS, game.rules, dict)
        """The turn tables of these rules, shared by every bot and advisor of them (see :meth:`_turn`)."""

    def _turn(self, mask: int) -> TurnTables:
        tt = self._tables.get(mask)
        if tt is None:
            # Two threads may work out the same sheet at once: both get equal tables, one of them is kept.
            tt = turn_tables(self.spec, self.E, mask, 0, 0)
            if len(self._tables) >= TURNS_KEPT:
                self._tables.clear()
            self._tables[mask] = tt
        return tt

    def values(self, state: EscaleroState, player: int) -> dict[Action, float]:
        """Expected own future points (this entry included) of every legal action: for hints and tests."""
        mask = sheet_mask(state.sheets[player])
        t = state.throws - 1
        scored_as = 0 if state.served() else t  # a served hand scores like the first throw's
        out: dict[Action, float] = {}
        for a in state.legal_actions(player):
            if isinstance(a, Enter):
                out[a] = box_value(self.spec, self.E, mask, 0, 0, scored_as, state.dice, a.row)
            elif isinstance(a, Keep):
                out[a] = float(self._turn(mask).keep[t, self.space.index[a.dice]])
            elif isinstance(a, Strike):  # 0 points, then the optimal future of the sheet with that row filled
                out[a] = float(self.E[mask | 1 << a.row, 0, 0])
        return out

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, EscaleroState)
        vals = self.values(state, player)
        # Ties: prefer writing over rethrowing, then the lower row (a stable, explainable choice).
        return max(vals, key=lambda a: (round(vals[a], 9), isinstance(a, Enter), -getattr(a, "row", 0)))

    def expected_total(self, state: EscaleroState, player: int) -> float:
        """Own points so far plus the optimal expectation of the rest."""
        sheet = state.sheets[player]
        return sum(v for v in sheet if v != EMPTY) + float(self.E[sheet_mask(sheet), 0, 0])


def make_bot(game: Game, seed: int = 0) -> Any:
    return EscaleroOptimalBot(game, seed)
