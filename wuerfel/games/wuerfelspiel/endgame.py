"""Exact play of the last turns of a multi-column sheet.

The whole 3-column sheet cannot be solved, but its end can: once few boxes are open, the rest of the game is one
fill-the-boxes game over those boxes (each with its column's weight) that the generic solver handles exactly — as
long as at most one column's upper bonus is still *live* (not reached, still reachable), because the solver knows
one bonus axis. Its points are counted in units of that column's weight, so the bonus axis stays the plain upper
total of the column; every value is multiplied back on the way out.

Measured (docs/wuerfelspiel.md, "How far from optimal?"): the approximate planner loses about 2 points in the last
12 turns where this applies; taking them exactly adds 1.4 ± 0.5 points per game on average.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import numpy as np

from wuerfel.games.wuerfelspiel.rules import UPPER_FACE
from wuerfel.solvers.fillgame import NEG, FillSpec, solve_fill_game, turn_tables

if TYPE_CHECKING:
    from wuerfel.games.wuerfelspiel.player import Planner, TurnPlan

Sheet = tuple[tuple[int | None, ...], ...]


@dataclasses.dataclass(frozen=True, eq=False)
class Endgame:
    """The solved rest of one sheet: ``E[mask, 0, upper]`` over the boxes open when it was built."""

    boxes: tuple[tuple[int, int], ...]
    """(column, box index) of every box open at the start; bit k of a mask is ``boxes[k]``."""
    start: Sheet
    """The sheet it was built for: it holds for that sheet and every later position of the same game."""
    live: int
    """The column whose upper bonus is still live (-1: none)."""
    upper0: int
    """That column's upper total at the start (the solver's upper axis counts from there)."""
    unit: float
    """Values of ``E`` are in units of this weight (the live column's)."""
    weights: tuple[int, ...]
    spec: FillSpec
    E: np.ndarray

    @classmethod
    def build(cls, planner: Planner, sheet: Sheet, max_cost: float | None = None) -> Endgame | None:
        """The solved rest of ``sheet``, or None when more than one upper bonus is still live — or when solving it
        would cost more than ``max_cost`` (states × bonus-axis length; about 2.5 µs each on the bench machine), so
        that a caller with a deadline, such as a hint, can fall back to the planner's estimates."""
        rules = planner.rules
        base = planner.spec
        thr = rules.upper_bonus_threshold
        live: list[tuple[int, int]] = []
        if rules.upper_bonus and thr > 0:
            for c, col in enumerate(sheet):
                upper = sum(col[i] or 0 for i in planner.upper_idx)
                open_up = [i for i in planner.upper_idx if col[i] is None]
                if open_up and upper < thr <= upper + sum(5 * UPPER_FACE[rules.boxes[i]] for i in open_up):
                    live.append((c, upper))
        if len(live) > 1:
            return None
        boxes = tuple((c, b) for c, col in enumerate(sheet) for b, v in enumerate(col) if v is None)
        weights = rules.column_weights
        lc, upper0 = live[0] if live else (-1, 0)
        if max_cost is not None and (1 << len(boxes)) * (thr - upper0 + 1 if live else 1) > max_cost:
            return None
        unit = float(weights[lc]) if live else 1.0
        scores = np.stack([base.scores[b] * (weights[c] / unit) for c, b in boxes])
        bonus_box = np.array([c == lc and b in planner.upper_idx for c, b in boxes], dtype=np.bool_)
        spec = FillSpec(name="wuerfelspiel-endgame", n_dice=base.n_dice, sides=base.sides, throws=base.throws,
                        min_keep=base.min_keep, max_keep=base.max_keep,
                        box_names=tuple(f"{rules.boxes[b]}@{c}" for c, b in boxes), scores=scores,
                        bonus_box=bonus_box, bonus_threshold=thr - upper0 if live else 0,
                        bonus_value=rules.upper_bonus if live else 0)
        return cls(boxes, sheet, lc, upper0, unit, tuple(weights), spec, solve_fill_game(spec))

    def covers(self, sheet: Sheet) -> bool:
        """Whether ``sheet`` is ``start`` or a later position of the same game: every box filled at the start
        holds the same points (boxes filled since are among ours by construction)."""
        return len(sheet) == len(self.start) and all(
            v is None or sheet[c][b] == v for c, col in enumerate(self.start) for b, v in enumerate(col))

    def state(self, sheet: Sheet, upper_idx: list[int]) -> tuple[int, int]:
        mask = 0
        for k, (c, b) in enumerate(self.boxes):
            if sheet[c][b] is not None:
                mask |= 1 << k
        upper = 0
        if self.live >= 0:
            upper = min(sum(sheet[self.live][i] or 0 for i in upper_idx) - self.upper0, self.spec.n_upper - 1)
        return mask, upper

    def value(self, sheet: Sheet, upper_idx: list[int]) -> float:
        """Exact expected future (weighted) points of ``sheet`` at a turn start."""
        mask, upper = self.state(sheet, upper_idx)
        return float(self.E[mask, 0, upper]) * self.unit

    def entry_value(self, sheet: Sheet, upper_idx: list[int], column: int, box: int, points: int) -> float:
        """Points of writing ``points`` into (column, box) plus the exact expected future after it."""
        mask, upper = self.state(sheet, upper_idx)
        k = self.boxes.index((column, box))
        thr = self.spec.n_upper - 1
        v = float(points) * self.weights[column] / self.unit
        u2 = upper
        if self.spec.bonus_box[k] and thr > 0:
            u2 = upper + points
            if u2 >= thr:
                u2 = thr
                if upper < thr:
                    v += self.spec.bonus_value
        return (v + float(self.E[mask | (1 << k), 0, u2])) * self.unit

    def turn_plan(self, sheet: Sheet, upper_idx: list[int]) -> TurnPlan:
        """The exact plan of this turn in the shape the planner uses; values are expected future points."""
        from wuerfel.games.wuerfelspiel.player import TurnPlan

        mask, upper = self.state(sheet, upper_idx)
        tables = turn_tables(self.spec, self.E, mask, 0, upper)
        scores = self.spec.scores
        throws, n_rolls = scores.shape[1], scores.shape[2]
        thr = self.spec.n_upper - 1
        boxvals = np.full((throws, n_rolls), NEG)
        boxchoice = np.full((throws, n_rolls), -1, dtype=np.int64)
        for k, (c, b) in enumerate(self.boxes):
            if (mask >> k) & 1:
                continue
            s = scores[k]
            child = self.E[mask | (1 << k), 0]
            if self.spec.bonus_box[k] and thr > 0:
                u2 = np.minimum(upper + s.astype(np.int64), thr)
                vals = s + child[u2] + np.where((upper < thr) & (upper + s >= thr), self.spec.bonus_value, 0.0)
            else:
                vals = s + child[upper]
            better = vals > boxvals
            boxvals = np.where(better, vals, boxvals)
            boxchoice = np.where(better, c * 16 + b, boxchoice)
        keepvals = np.where(tables.keep > NEG / 2, tables.keep * self.unit, tables.keep)
        return TurnPlan(boxvals * self.unit, boxchoice, keepvals, float(self.E[mask, 0, upper]) * self.unit)
