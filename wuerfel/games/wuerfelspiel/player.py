"""The strong Würfelspiel player: exact search over the current turn against an approximate value of the sheet.

Exact play of the 3-column game is out of reach (2^39 box states per player), but a *turn* is small: the value of
the sheet after the turn is approximated, and the turn itself (two keep decisions, then the choice among up to 39
boxes) is solved exactly against that approximation over dice multisets (:func:`wuerfel.solvers.fillgame._multi_plan`).

The approximation: ``V(sheet) = Σ_c w_c · W[σ_c](column c)`` where ``W[s]`` is the exact value table of one column
that may give up ``s`` turns of its choice (:func:`wuerfel.solvers.fillgame.solve_slack`; ``W[0]`` is plain
Kniffel). A column of the real game does get more turns than it has boxes — the others' — but it does not keep the
dice for itself in them, so giving it all of them (σ_c = open boxes of the other columns) overrates waiting (that
sum is the upper bound of about 1993), while σ_c = 0 (plain one-column tables) ignores the choice of column
entirely. ``σ_c = SLACK_SCALE × (open boxes of the other columns)``, interpolated between neighbouring tables, with
the scale measured by simulation (docs/wuerfelspiel.md has the figures). With one column σ = 0 and the player is
exactly optimal.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import cast

import numba
import numpy as np

from wuerfel.engine import progress
from wuerfel.engine.shared import shared
from wuerfel.games.wuerfelspiel.endgame import Endgame
from wuerfel.games.wuerfelspiel.rules import UPPER_FACE, WuerfelspielRules
from wuerfel.games.wuerfelspiel.solver import slack_tables, tables
from wuerfel.games.wuerfelspiel.valuenet import NetValue, SheetFeatures, ValueNet, find_value_net
from wuerfel.solvers.fillgame import FillSpec, _multi_entry_gains, _multi_plan, box_points, dice_space
from wuerfel.solvers.jit import load_cached_kernel

SLACK_SCALE = 0.25
"""The share of the other columns' open boxes a column may treat as turns to give up (see docs/wuerfelspiel.md)."""

SLACK_POWER = 1.0
"""σ_c = SLACK_SCALE · n · (open boxes of the others / n) ** SLACK_POWER, n = the others' boxes at the start."""

FIRST_THROW_ONLY = False
"""Slack tables where a column may give a turn away only right after its first throw (else after any throw)."""

BLEND: float | None = None
"""None: a column's value is W at its slack; a number β: (1 - β) · W[0] + β · W[slack] (see docs)."""

PASS_COST = 0.0
"""Points a column pays in its slack tables for each turn it gives away (0: giving turns away is free)."""

LOOKAHEAD = 1
"""Entries compared one turn deeper at the end of a turn (1 = none; see docs/wuerfelspiel.md)."""

HERE_SHIFT = 1.0
"""How much slack a column is charged when this turn goes to another column (see docs/wuerfelspiel.md)."""

LATE_OPEN = 12
"""From this many open boxes of the whole sheet down, a column that does not get the turn is charged only what the
model itself says it loses — one step of its slack, ``SLACK_SCALE`` — instead of ``HERE_SHIFT``. The heavier charge
makes columns keen to take turns, which pays early on; in the last turns it overrides what the tables know (measured:
+4 to +6 points, docs/wuerfelspiel.md)."""

ENDGAME_OPEN = 12
"""From this many open boxes down the rest of the game is played exactly (:mod:`.endgame`, docs/wuerfelspiel.md)."""

ENDGAME_COST = 600_000
"""…unless the endgame has more states than this (with three live bonuses a few 12-open endgames have up to 500,000,
about 3 s to solve); the planner then plays on until the endgame is smaller."""

ENDGAME_LIVE = 3
"""Solve endgames with up to this many live upper bonuses (1 = the single-axis endgame measured before)."""


def max_slack(rules: WuerfelspielRules, slack_scale: np.ndarray) -> int:
    """The largest slack any column can be given, +1 for interpolation: only these tables are computed."""
    if rules.columns == 1:
        return 0
    return int(np.ceil(float(np.max(slack_scale)) * (rules.columns - 1) * len(rules.boxes))) + 1


@cache
def _sub_keeps() -> np.ndarray:
    """sub_keeps[r, j]: the distinct keeps of 0..4 dice inside roll r (padded with -1)."""
    sp = dice_space(5, 6)
    from wuerfel.engine.dice import sub_multisets

    out = np.full((len(sp.rolls), 32), -1, dtype=np.int64)
    for r, roll in enumerate(sp.rolls):
        ks = [sp.index[k] for k in sub_multisets(roll) if len(k) < 5]
        out[r, : len(ks)] = ks
    return out


@numba.njit(cache=True)
def _best_keep(keepvals_t: np.ndarray, sub_keeps: np.ndarray, r: int) -> tuple[int, float]:
    best = -1
    bv = -1.0e18
    for j in range(sub_keeps.shape[1]):
        k = sub_keeps[r, j]
        if k < 0:
            break
        if keepvals_t[k] > bv:
            bv = keepvals_t[k]
            best = k
    return best, bv


@dataclasses.dataclass(frozen=True)
class TurnPlan:
    """The exact plan of one turn: values are *gains* over the sheet's current approximate value."""

    boxvals: np.ndarray
    """boxvals[t, r]: gain of the best entry of roll r after throw t (0-based)."""
    boxchoice: np.ndarray
    """boxchoice[t, r]: column * 16 + box index of that entry."""
    keepvals: np.ndarray
    """keepvals[t, k]: gain of keeping k after throw t and playing the rest of the turn optimally."""
    expected: float
    """Expected gain of the turn before its first throw."""


class Planner:
    """Turn search for one rule set; shared by the ``best`` bot, the advisor and the benchmark."""

    def __init__(
        self,
        rules: WuerfelspielRules,
        slack_scale: float | tuple[float, ...] = SLACK_SCALE,
        here_shift: float | tuple[float, ...] = HERE_SHIFT,
        slack_power: float = SLACK_POWER,
        first_throw_only: bool = FIRST_THROW_ONLY,
        blend: float | None = BLEND,
        pass_cost: float = PASS_COST,
        late_open: int = LATE_OPEN,
        endgame_open: int = ENDGAME_OPEN,
        endgame_cost: float = ENDGAME_COST,
        endgame_live: int = ENDGAME_LIVE,
        value_net: ValueNet | bool = True,
    ) -> None:
        self.rules = rules
        self.late_open = late_open
        self.endgame_open = endgame_open
        self.endgame_cost = endgame_cost
        self.endgame_live = endgame_live
        self._endgames: list[Endgame] = []
        self._endgame_costs: dict[tuple[tuple[int | None, ...], ...], int] = {}
        """States of the endgames recently refused for their size: a hint asks for the same sheet once per option."""
        with progress.part(0.0, 0.1):  # the one-column table: a tenth of a first build, the slack tables the rest
            self.tables = tables(rules)
            progress.report(1.0)  # also when it came from the disk, without a solve to report
        self.spec: FillSpec = self.tables.spec
        self.E = self.tables.E
        self.slack_scale = np.broadcast_to(np.asarray(slack_scale, dtype=np.float64), (rules.columns,))
        self.here_shift = np.broadcast_to(np.asarray(here_shift, dtype=np.float64), (rules.columns,))
        self.slack_power = slack_power
        self.blend = blend
        self.max_slack = max_slack(rules, self.slack_scale)
        with progress.part(0.1, 0.95):
            self.W = slack_tables(rules, self.max_slack, first_throw_only=first_throw_only, pass_cost=pass_cost)
            progress.report(1.0)
        self.arrays = self.spec.arrays()
        self.params = self.spec.params()
        self.space = dice_space(5, 6)
        self.weights = np.array(rules.column_weights, dtype=np.float64)
        self.no_add = np.zeros((rules.columns, len(rules.boxes)))
        self.upper_idx = [i for i, b in enumerate(rules.boxes) if b in UPPER_FACE]
        self.net: NetValue | None = None
        """The learned value of the sheet (:mod:`.valuenet`) where this rule set has one; ``value_net=True`` looks
        for the shipped networks, False plays with the slack tables alone."""
        if rules.columns > 1 and self.spec.n_flags == 1 and self.spec.extra_box < 0 and value_net is not False:
            vn = find_value_net(SheetFeatures(self)) if value_net is True else value_net
            if vn is not None:
                self.net = NetValue(self, vn)
        if rules.columns > 1 and endgame_open > 0:
            # the first endgame solve of a process loads the solver's parallel kernel (a few hundred ms); pay that
            # here, with the tables, rather than in the middle of a game or a hint
            warm = tuple((*([0] * (len(rules.boxes) - 1)), None) for _ in range(rules.columns))
            Endgame.build(self, warm).turn_plan(warm, self.upper_idx)

    # --- state encoding ----------------------------------------------------------------------------------------
    def column_state(self, column: tuple[int | None, ...]) -> tuple[int, int, int]:
        """(mask, flag, capped upper total) of a column for the one-column tables."""
        mask = 0
        for i, v in enumerate(column):
            if v is not None:
                mask |= 1 << i
        flag = 0
        if self.spec.n_flags == 2:
            v = column[self.spec.extra_box]
            flag = 1 if v else 0
        upper = sum(column[i] or 0 for i in self.upper_idx)
        return mask, flag, min(upper, self.spec.n_upper - 1)

    def encode(self, sheet: tuple[tuple[int | None, ...], ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        states = [self.column_state(col) for col in sheet]
        return (
            np.array([s[0] for s in states], dtype=np.int64),
            np.array([s[1] for s in states], dtype=np.int64),
            np.array([s[2] for s in states], dtype=np.int64),
        )

    def slacks(self, masks: np.ndarray) -> np.ndarray:
        """Per column σ_c: the turns it may leave to the other columns — the open boxes of the other columns,
        scaled (see the module doc)."""
        B = len(self.rules.boxes)
        open_ = np.array([B - bin(int(m)).count("1") for m in masks], dtype=np.float64)
        others = open_.sum() - open_
        full = max((self.rules.columns - 1) * B, 1)
        return np.minimum(self.slack_scale * full * (others / full) ** self.slack_power, self.max_slack)

    def mixture(self, slack: float) -> tuple[tuple[int, int], tuple[float, float]]:
        """Two table levels and their weights that stand for a column with slack ``slack``: linear interpolation
        between neighbouring levels, or (with ``blend``) a blend of the plain game and the slack level."""
        top = self.W.shape[0] - 1
        slack = min(max(slack, 0.0), float(top))
        if self.blend is not None:
            return (0, round(slack)), (1.0 - self.blend, self.blend)
        lo = int(np.floor(slack))
        frac = slack - lo
        return (lo, min(lo + 1, top)), (1.0 - frac, frac)

    def mixtures(self, slacks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        mix = [self.mixture(float(x)) for x in slacks]
        return (np.array([m[0] for m in mix], dtype=np.int64), np.array([m[1] for m in mix], dtype=np.float64))

    def _w(self, slack: float, mask: int, flag: int, upper: int) -> float:
        """A column's value at slack ``slack`` (see :meth:`mixture`)."""
        (l0, l1), (a0, a1) = self.mixture(slack)
        return float(a0 * self.W[l0, mask, flag, upper] + a1 * self.W[l1, mask, flag, upper])

    def here_values(self, masks: np.ndarray, flags: np.ndarray, uppers: np.ndarray) -> np.ndarray:
        """Per column, its value after this turn if the turn goes to another column: its boxes stay, its slack
        shrinks by ``here_shift`` — or, once at most ``late_open`` boxes of the sheet are open, by its own scale
        (one open box of the others is gone: what the model itself predicts)."""
        slacks = self.slacks(masks)
        B = len(self.rules.boxes)
        open_total = sum(B - bin(int(m)).count("1") for m in masks)
        shift = self.slack_scale if open_total <= self.late_open else self.here_shift
        return np.array(
            [self._w(slacks[c] - shift[c], int(masks[c]), int(flags[c]), int(uppers[c])) for c in range(len(masks))]
        )

    def near_end(self, sheet: tuple[tuple[int | None, ...], ...]) -> bool:
        """Whether the rest of ``sheet``'s game is one the exact endgame plays (see ``ENDGAME_OPEN``); whether it
        is solved, or small enough to be, is :meth:`endgame`'s question."""
        if self.rules.columns == 1 or self.spec.extra_box >= 0:
            return False  # one column is exact anyway; Yahtzee extras need a flag axis the endgame does not model
        return sum(v is None for col in sheet for v in col) <= self.endgame_open

    def endgame(self, sheet: tuple[tuple[int | None, ...], ...], max_cost: float | None = None) -> Endgame | None:
        """The exact rest of the game for ``sheet`` when it is near its end (see ``ENDGAME_OPEN``), else None.

        One solved endgame holds for every later position of its game, so the last few are kept. ``max_cost``
        (states, see :meth:`Endgame.cost`) refuses to solve a new one that would take longer — a hint must answer
        quickly; the bot passes none and is held only by ``endgame_cost``."""
        if not self.near_end(sheet):
            return None
        for eg in self._endgames:
            if eg.covers(sheet):
                return eg
        if len(Endgame.live_columns(self, sheet)) > self.endgame_live:
            return None
        cap = self.endgame_cost if max_cost is None else min(max_cost, self.endgame_cost)
        cost = self._endgame_costs.get(sheet)
        if cost is None:
            cost = Endgame.cost(self, sheet)
            if len(self._endgame_costs) >= 64:
                self._endgame_costs.clear()
            self._endgame_costs[sheet] = cost
        if cost > cap:
            return None
        eg = Endgame.build(self, sheet)
        self._endgames = [eg, *self._endgames[:7]]
        return eg

    def base_value(self, sheet: tuple[tuple[int | None, ...], ...], max_cost: float | None = None) -> float:
        """Σ_c w_c · (column c's value if it does not get this turn): the constant the turn gains are measured
        from (with one column: the exact expected future points). In the exact endgame the plan's values are
        expected future points themselves, so the constant is 0."""
        return self.base_value_with(sheet, self.endgame(sheet, max_cost))

    def base_value_with(self, sheet: tuple[tuple[int | None, ...], ...], eg: Endgame | None) -> float:
        """:meth:`base_value` with the endgame (or none) decided by the caller."""
        if eg is not None or self.uses_net(sheet):
            return 0.0
        masks, flags, uppers = self.encode(sheet)
        return float(self.weights @ self.here_values(masks, flags, uppers))

    def uses_net(self, sheet: tuple[tuple[int | None, ...], ...]) -> bool:
        """Whether the turn of ``sheet`` (outside the exact endgame) is searched against the learned value: then
        its values are expected future points themselves, like the endgame's."""
        return self.net is not None and self.net.covers(sum(v is None for col in sheet for v in col) - 1)

    def entry_gain(
        self,
        sheet: tuple[tuple[int | None, ...], ...],
        column: int,
        box: int,
        points: int,
        extra: int,
        max_cost: float | None = None,
    ) -> float:
        """The gain of writing ``points`` (+ ``extra``) into (column, box), as the turn search measures it."""
        return self.entry_gain_with(sheet, column, box, points, extra, self.endgame(sheet, max_cost))

    def entry_gain_with(
        self,
        sheet: tuple[tuple[int | None, ...], ...],
        column: int,
        box: int,
        points: int,
        extra: int,
        eg: Endgame | None,
    ) -> float:
        """:meth:`entry_gain` with the endgame (or none) decided by the caller: a hint must not mix exact values
        with estimates when an endgame solved in the background arrives halfway through its list."""
        if eg is not None:
            return eg.entry_value(sheet, self.upper_idx, column, box, points)
        masks, flags, uppers = self.encode(sheet)
        if self.net is not None and self.uses_net(sheet):
            return self.net.entry_value(masks, uppers, column, box, points) + float(self.weights[column] * extra)
        slacks = self.slacks(masks)
        col = sheet[column]
        new_col = (*col[:box], points, *col[box + 1 :])
        m2, f2, u2 = self.column_state(new_col)
        upper = int(uppers[column])
        v = float(points + extra)
        rules = self.rules
        if (
            rules.boxes[box] in UPPER_FACE
            and self.spec.n_upper > 1
            and upper < rules.upper_bonus_threshold <= upper + points
        ):
            v += rules.upper_bonus
        here = self.here_values(masks, flags, uppers)[column]
        after = self._w(slacks[column], m2, f2, u2)
        return float(self.weights[column] * (v + after - here))

    # --- the turn search ---------------------------------------------------------------------------------------
    def plan(self, sheet: tuple[tuple[int | None, ...], ...], max_cost: float | None = None) -> TurnPlan:
        return self.plan_with(sheet, self.endgame(sheet, max_cost))

    def plan_with(self, sheet: tuple[tuple[int | None, ...], ...], eg: Endgame | None) -> TurnPlan:
        """:meth:`plan` with the endgame (or none) decided by the caller."""
        if eg is not None:
            return eg.turn_plan(sheet, self.upper_idx)
        masks, flags, uppers = self.encode(sheet)
        if self.net is not None and self.uses_net(sheet):
            return self.net.plan(masks, uppers)
        return self.plan_encoded(masks, flags, uppers)

    def plan_encoded(self, masks: np.ndarray, flags: np.ndarray, uppers: np.ndarray) -> TurnPlan:
        levels, alphas = self.mixtures(self.slacks(masks))
        return self.turn_search(
            masks, flags, uppers, levels, alphas, self.here_values(masks, flags, uppers), self.no_add
        )

    def turn_search(
        self,
        masks: np.ndarray,
        flags: np.ndarray,
        uppers: np.ndarray,
        levels: np.ndarray,
        alphas: np.ndarray,
        here: np.ndarray,
        entry_add: np.ndarray,
    ) -> TurnPlan:
        """The exact turn against a value of the sheet after it given as table levels and weights per column,
        each column's value when the turn goes elsewhere, and a term per (column, box) entry (see
        :func:`wuerfel.solvers.fillgame._multi_box_stage`); the planner's own value is :meth:`plan_encoded`."""
        scores, bonus_box, same, is_extra, extra_face, joker_ok, joker_scores, joker_upper = self.arrays
        sp = self.space
        throws = self.spec.throws
        boxvals = np.empty((throws, len(sp.rolls)))
        boxchoice = np.empty((throws, len(sp.rolls)), dtype=np.int64)
        keepvals = np.full((throws, len(sp.keeps)), -1.0e18)
        bestvals = np.empty((throws, len(sp.rolls)))
        args = (
            masks,
            flags,
            uppers,
            levels,
            alphas,
            here,
            entry_add,
            self.weights,
            self.W,
            scores,
            bonus_box,
            bool(same[0]),
            is_extra,
            extra_face,
            joker_ok,
            joker_scores,
            joker_upper,
            self.params,
            sp.size,
            sp.child,
            sp.parent,
            sp.roll_keep,
            sp.prob,
            boxvals,
            boxchoice,
            keepvals,
            bestvals,
        )
        if not _multi_plan.overloads:  # a bot's first decision: machine code without numba's compiler (solvers/jit.py)
            load_cached_kernel(_multi_plan, *args)
        expected = _multi_plan(*args)
        return TurnPlan(boxvals, boxchoice, keepvals, float(expected))

    def entry_gains(self, masks: np.ndarray, flags: np.ndarray, uppers: np.ndarray, t: int, r: int) -> np.ndarray:
        """gains[c, b] of writing roll r after throw t into (c, b), as the turn search measures them."""
        scores, bonus_box, _same, is_extra, extra_face, joker_ok, joker_scores, joker_upper = self.arrays
        levels, alphas = self.mixtures(self.slacks(masks))
        here = self.here_values(masks, flags, uppers)
        gains = np.empty((len(masks), len(self.rules.boxes)))
        args = (
            masks,
            flags,
            uppers,
            levels,
            alphas,
            here,
            self.no_add,
            self.weights,
            t,
            r,
            self.W,
            scores,
            bonus_box,
            is_extra,
            extra_face,
            joker_ok,
            joker_scores,
            joker_upper,
            self.params,
            gains,
        )
        if not _multi_entry_gains.overloads:
            load_cached_kernel(_multi_entry_gains, *args)
        _multi_entry_gains(*args)
        return gains

    def choose_box(
        self, sheet: tuple[tuple[int | None, ...], ...], t: int, dice: tuple[int, ...], plan: TurnPlan, lookahead: int
    ) -> tuple[int, int, TurnPlan | None]:
        """(column, box index, plan of the next turn if computed) for the final dice of the turn.

        ``lookahead`` ≤ 1: the turn search's own choice. Otherwise the ``lookahead`` best entries by the turn
        search's measure are compared one turn deeper: immediate points plus the exact expected value of the next
        turn (solved like this one) on the sheet each entry leaves."""
        sp = self.space
        r = sp.roll_index[tuple(sorted(dice))]
        choice = int(plan.boxchoice[t, r])
        filled = sum(v is not None for col in sheet for v in col)
        if lookahead <= 1 or filled >= self.rules.turns - 1 or self.endgame(sheet) is not None:
            return choice // 16, choice % 16, None
        masks, flags, uppers = self.encode(sheet)
        gains = self.entry_gains(masks, flags, uppers, t, r)
        B = gains.shape[1]
        order = np.argsort(-gains.ravel(), kind="stable")[:lookahead]
        best: tuple[float, int, int, TurnPlan | None] | None = None
        rules = self.rules
        for idx in order:
            if gains.flat[idx] < -1.0e17:
                continue
            c, b = divmod(int(idx), B)
            pts, extra, _ok = box_points(self.spec, int(masks[c]), int(flags[c]), t, dice, b)
            imm = float(pts + extra)
            if (
                rules.boxes[b] in UPPER_FACE
                and self.spec.n_upper > 1
                and uppers[c] < rules.upper_bonus_threshold <= uppers[c] + pts
            ):
                imm += rules.upper_bonus
            col = sheet[c]
            new_sheet = (*sheet[:c], (*col[:b], pts, *col[b + 1 :]), *sheet[c + 1 :])
            nm, nf, nu = self.encode(new_sheet)
            nxt = self.plan_encoded(nm, nf, nu)
            value = self.weights[c] * imm + float(self.weights @ self.here_values(nm, nf, nu)) + nxt.expected
            if best is None or value > best[0] + 1e-9:
                best = (value, c, b, nxt)
        assert best is not None
        return best[1], best[2], best[3]

    def decide(
        self,
        plan: TurnPlan,
        throws_done: int,
        dice: tuple[int, ...],
        sheet: tuple[tuple[int | None, ...], ...] | None = None,
        lookahead: int = 1,
    ) -> tuple[str, object]:
        """("keep", keep dice) or ("score", (column, box name)) for the dice after throw ``throws_done`` (1-based)."""
        sp = self.space
        r = sp.roll_index[tuple(sorted(dice))]
        t = throws_done - 1
        if throws_done <= self.rules.rerolls:
            if not _best_keep.overloads:
                load_cached_kernel(_best_keep, plan.keepvals[t], _sub_keeps(), r)
            k, kv = _best_keep(plan.keepvals[t], _sub_keeps(), r)
            if k >= 0 and kv > plan.boxvals[t, r] + 1e-9:
                return "keep", sp.keeps[k]
        if sheet is not None and lookahead > 1:
            c, b, _nxt = self.choose_box(sheet, t, dice, plan, lookahead)
            return "score", (c, self.rules.boxes[b])
        choice = int(plan.boxchoice[t, r])
        return "score", (choice // 16, self.rules.boxes[choice % 16])


def fixed_dice(rules: WuerfelspielRules, seed: int, first: int, count: int) -> np.ndarray:
    """Dice ``[game, turn, throw, 5]`` for games ``first .. first + count - 1`` of a seeded series (for
    ``simulate(fixed_dice=...)``): a block of games depends only on the seed and its first game, so the games of one
    series can be played in parallel, in blocks, and every player variant gets the same dice."""
    return np.random.default_rng([seed, first]).integers(1, 7, size=(count, rules.turns, rules.rerolls + 1, 5))


PLANNERS = "wuerfelspiel.planner"
"""The kind of the shared planners in :mod:`wuerfel.engine.shared` (one per rule set, a few rule sets kept)."""


def planner_for(rules: WuerfelspielRules) -> Planner:
    """One planner per rule set (the tables are large; bots and advisors of every table share them). Bots of
    several tables ask from the server's worker threads at once: the first builds it, the others wait for it
    instead of building it again (:func:`wuerfel.engine.shared.shared`)."""
    return _planner_for(rules)


def _planner_for(rules: WuerfelspielRules) -> Planner:
    return shared(PLANNERS, rules, lambda: Planner(rules))


# ------------------------------------------------------------------------------------------------------------------
# fast solitaire simulation for the benchmark and for fitting θ (same decisions as the bot)


def simulate(
    rules: WuerfelspielRules,
    games: int,
    seed: int,
    slack_scale: float | tuple[float, ...] = SLACK_SCALE,
    here_shift: float | tuple[float, ...] = HERE_SHIFT,
    lookahead: int = LOOKAHEAD,
    slack_power: float = SLACK_POWER,
    first_throw_only: bool | None = None,
    blend: float | None = None,
    pass_cost: float = 0.0,
    late_open: int = LATE_OPEN,
    endgame_open: int = ENDGAME_OPEN,
    endgame_cost: float = ENDGAME_COST,
    endgame_live: int = ENDGAME_LIVE,
    roller: Callable[[int], Sequence[int]] | None = None,
    sheets_out: list[list[list[int | None]]] | None = None,
    fixed_dice: np.ndarray | None = None,
    planner: Planner | None = None,
    value_net: ValueNet | bool | str = True,
    on_entry: Callable[[tuple[tuple[int | None, ...], ...], int, int, int, int], None] | None = None,
) -> np.ndarray:
    """Play ``games`` solitaire games with the planner (the ``best`` bot's decisions, without the engine's
    bookkeeping); returns the final totals. Dice from ``numpy.random.default_rng(seed)``, or ``roller(n)``
    (n faces) — a test feeds it the dice of an engine game to check that both paths decide alike. ``fixed_dice``
    ``[game, turn, throw, 5]`` fixes the dice per game, turn and throw (a throw of n dice takes the first n): two
    player variants then see the same dice even after their decisions part, which makes a paired comparison about
    three times as precise as with one stream of dice (``bench/wuerfelspiel_paired.py``). A ``planner`` given
    replaces the one the knobs describe (an experiment's subclass, ``bench/wuerfelspiel_fitted.py``).
    ``value_net``: as :class:`Planner` takes it, or the path of a networks file (an experiment's, for
    ``bench/wuerfelspiel_paired.py``). ``on_entry(sheet, t, r, c, b)`` hears of every entry before it is written:
    the turn-start sheet, the throw, the final roll's index and the (column, box) chosen (the value training
    records its positions so)."""
    if planner is None:
        planner = Planner(
            rules,
            slack_scale,
            here_shift,
            slack_power,
            FIRST_THROW_ONLY if first_throw_only is None else first_throw_only,
            BLEND if blend is None else blend,
            pass_cost,
            late_open,
            endgame_open,
            endgame_cost,
            endgame_live,
            ValueNet.load(Path(value_net)) if isinstance(value_net, str) else value_net,
        )
    rng = np.random.default_rng(seed)
    if roller is None:

        def roller(n: int) -> Sequence[int]:
            return cast("Sequence[int]", rng.integers(1, 7, size=n))  # an array of ints: indexed and iterated alike

    sp = planner.space
    sub = _sub_keeps()
    first_roll = len(sp.keeps) - len(sp.rolls)
    C = rules.columns
    B = len(rules.boxes)
    totals = np.zeros(games)
    weights = planner.weights
    for g in range(games):
        sheet: list[list[int | None]] = [[None] * B for _ in range(C)]
        extras = [0] * C
        total = 0.0
        nxt: TurnPlan | None = None
        for turn in range(rules.turns):
            cur = tuple(tuple(c) for c in sheet)
            plan = nxt if nxt is not None else planner.plan(cur)
            k = 0
            throws_done = 0
            while True:
                n_new = int(5 - sp.size[k])
                new = fixed_dice[g, turn, throws_done, :n_new] if fixed_dice is not None else roller(n_new)
                for f in new:
                    k = sp.child[k, f - 1]
                throws_done += 1
                r = k - first_roll
                t = throws_done - 1
                if throws_done <= rules.rerolls:
                    if not _best_keep.overloads:
                        load_cached_kernel(_best_keep, plan.keepvals[t], sub, r)
                    kk, kv = _best_keep(plan.keepvals[t], sub, r)
                    if kk >= 0 and kv > plan.boxvals[t, r] + 1e-9:
                        k = kk
                        continue
                c, b, nxt = planner.choose_box(cur, t, sp.rolls[r], plan, lookahead)
                if on_entry is not None:
                    on_entry(cur, t, r, c, b)
                pts, extra = _entry_points(planner, sheet[c], b, sp.rolls[r], t)
                before = _col_total(rules, sheet[c], extras[c])
                sheet[c][b] = pts
                extras[c] += extra
                total += weights[c] * (_col_total(rules, sheet[c], extras[c]) - before)
                break
        totals[g] = total
        if sheets_out is not None:
            sheets_out.append(sheet)
    return totals


def _entry_points(planner: Planner, column: list[int | None], b: int, dice: tuple[int, ...], t: int) -> tuple[int, int]:
    from wuerfel.solvers.fillgame import box_points

    mask, flag, _u = planner.column_state(tuple(column))
    s, extra, _allowed = box_points(planner.spec, mask, flag, t, dice, b)
    return s, extra


def _col_total(rules: WuerfelspielRules, column: list[int | None], extra: int) -> int:
    from wuerfel.games.wuerfelspiel.state import column_totals

    return column_totals(rules, tuple(column), extra).total
