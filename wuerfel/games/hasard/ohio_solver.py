"""Ohio's optimal solitaire policy on the shared fill-the-boxes solver: ``wuerfel solve ohio``, the bots, the hints.

Ohio is a fill-the-boxes game (:mod:`wuerfel.solvers.fillgame`): seven boxes, six dice, up to six throws with free
keeps of 0–5 dice, box points that depend only on the final dice, no bonus: a *plain* sheet, so the NumPy solver
:mod:`wuerfel.solvers.fillplain` (the numba solver's recursion without numba, whose loading alone took 1–2 s of a
fresh process) computes the optimal expected future points of every sheet (128 states) with the scores of
:func:`~wuerfel.games.hasard.ohio.row_value`. The table is kept in memory per rule set. :func:`spec_from_rules` is
the same sheet for the numba solver, which the tests hold to the same values.

With several players the ``optimal`` bot plays this solitaire policy (spec D: "optimal solitaire DP"): the
two-player game's exact win strategy needs both sheets and the score difference in every position — far beyond the
generic exact solver (docs/hasard.md, "Ohio").
"""

from __future__ import annotations

import time
from functools import lru_cache
from typing import Any

import numpy as np

from wuerfel.engine.advice import Advice
from wuerfel.engine.dice import multisets
from wuerfel.engine.errors import N_
from wuerfel.engine.game import Action, Game, State
from wuerfel.games.hasard.ohio import (
    EMPTY,
    N_DICE,
    N_ROWS,
    ROWS_DE,
    Enter,
    Keep,
    OhioRules,
    OhioState,
    row_value,
)
from wuerfel.games.kit.hints import rated, win_measure
from wuerfel.solvers.api import SolveResult
from wuerfel.solvers.fillplain import NEG, best_keeps, keep_values, plain_space, plain_turn_tables, solve_plain


def score_table(rules: OhioRules) -> np.ndarray:
    """scores[row, t, r]: the points of row ``row`` written after throw t with roll r (``FillSpec.scores``)."""
    rolls = multisets(N_DICE, 6)
    per_roll = [[row_value(roll, b, rules.ohio_points) for roll in rolls] for b in range(N_ROWS)]
    return np.array([[per_roll[b]] * rules.max_throws for b in range(N_ROWS)], dtype=np.float64)


def spec_from_rules(rules: OhioRules) -> Any:
    """The same sheet as a ``fillgame.FillSpec`` for the numba solver (the tests hold both solvers to each other;
    imported here only, so that playing and solving Ohio never loads numba)."""
    from wuerfel.solvers.fillgame import FillSpec

    return FillSpec(
        name="ohio",
        n_dice=N_DICE,
        sides=6,
        throws=rules.max_throws,
        min_keep=rules.min_keep,
        max_keep=rules.max_keep,
        box_names=ROWS_DE,
        scores=score_table(rules),
        bonus_box=np.zeros(N_ROWS, dtype=np.bool_),
    )


@lru_cache(maxsize=8)
def solved(rules: OhioRules) -> tuple[np.ndarray, np.ndarray]:
    """(scores, E) with E[mask] the optimal expected future points of a sheet whose filled rows are ``mask``.

    NumPy alone (:mod:`wuerfel.solvers.fillplain`): a fresh process answers in a fraction of a second, where the
    numba solver first spent 1–2 s importing numba and loading its kernels (issue 13)."""
    scores = score_table(rules)
    return scores, solve_plain(scores, N_DICE, 6, rules.min_keep, rules.max_keep)


def solo_value(rules: OhioRules) -> float:
    return float(solved(rules)[1][0])


def solve_solo(rules: OhioRules, rules_id: str, fresh: bool = False) -> SolveResult:
    """``wuerfel solve ohio``: the optimal solitaire expected sum of the whole sheet."""
    if fresh:
        solved.cache_clear()
        keep_table.cache_clear()
    t0 = time.perf_counter()
    value = solo_value(rules)
    return SolveResult(
        game="ohio",
        rules=rules_id,
        objective="solo",
        value=value,
        seconds=time.perf_counter() - t0,
        extra={"sheets": 1 << N_ROWS},
        value_of=N_("the expected total of a sheet played alone with the best strategy"),
    )


@lru_cache(maxsize=1024)
def keep_table(rules: OhioRules, mask: int) -> np.ndarray:
    """keep[t, k] of the turn of sheet ``mask``: built once per sheet and rule set for every bot and hint of the
    process (it was once per bot, so every new game's turns rebuilt them: issue 13). Read-only: it is shared."""
    scores, E = solved(rules)
    keep = plain_turn_tables(scores, E, mask, N_DICE, 6, rules.min_keep, rules.max_keep)[1]
    keep.flags.writeable = False
    return keep


def sheet_mask(sheet: tuple[int, ...]) -> int:
    return sum(1 << r for r, v in enumerate(sheet) if v != EMPTY)


# --- the last round: playing to win against the visible totals ------------------------------------------------
def last_turn(rules: OhioRules, row: int, worth: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The turn of a sheet whose only free row is ``row``, for any worth of the points it writes there:
    ``worth[s, c]`` is column c's worth of s points. Returns (stop[t, r, c]: writing roll r after throw t,
    keep[t, k, c]: keeping k after throw t and throwing the rest, NEG after the last throw; start[c]: before the
    first throw), each column played at its best (the recursion of :mod:`wuerfel.solvers.fillplain`)."""
    sp = plain_space(N_DICE, 6)
    throws = int(rules.max_throws)
    points = score_table(rules)[row, -1].astype(np.int64)
    stop = worth[points]  # rolls × columns
    keep = np.full((throws, len(sp.keeps), worth.shape[1]), NEG)
    V = stop
    for t in range(throws - 2, -1, -1):
        K = keep_values(sp, V)
        keep[t] = K
        V = np.maximum(best_keeps(sp, K, rules.min_keep, rules.max_keep)[sp.roll_keep], stop)
    return np.broadcast_to(stop, (throws, *stop.shape)), keep, sp.prob @ V


def row_maximum(rules: OhioRules, row: int) -> int:
    return int(score_table(rules)[row, -1].max())


@lru_cache(maxsize=64)
def beat_chances(rules: OhioRules, row: int) -> np.ndarray:
    """``Q[d + 1]`` for d = −1 … the row's maximum: the chance that a player whose last free row is ``row``, playing
    to beat a lead of ``d`` points over him, writes more than d there (exactly d counts half: an equal total
    shares the win). One induction for every lead at once (the leads are the columns)."""
    top = row_maximum(rules, row)
    leads = np.arange(-1, top + 1)
    s = np.arange(top + 1)[:, None]
    worth = np.where(s > leads[None, :], 1.0, np.where(s == leads[None, :], 0.5, 0.0))
    return last_turn(rules, row, worth)[2]


def beaten(rules: OhioRules, row: int, lead: int) -> float:
    """The chance that a later player with only ``row`` free beats a total ``lead`` points above his (a tie half)."""
    if lead < 0:
        return 1.0
    q = beat_chances(rules, row)
    return float(q[lead + 1]) if lead + 1 < len(q) else 0.0


def last_round_worth(rules: OhioRules, state: OhioState, player: int) -> np.ndarray | None:
    """In the player's last turn (one free row), the worth of writing s points: his chance to win with the final
    total — 0 below a finished player's total, a share where he ties the best of them, and the chance that no later
    player (one free row each) beats it, each playing to beat it (:func:`beat_chances`), independently. Exact for
    the round's last player and for two players; None before the last round (the solitaire policy plays)."""
    free = state.free_rows(player)
    if state.game.num_players < 2 or len(free) != 1:
        return None
    totals = state.totals()
    finished = [totals[j] for j in range(state.game.num_players) if j != player and not state.free_rows(j)]
    later = [
        (state.free_rows(j)[0], totals[j])
        for j in range(state.game.num_players)
        if j != player and len(state.free_rows(j)) == 1
    ]
    best = max(finished, default=None)
    ties = finished.count(best) if best is not None else 0
    worth = np.zeros((row_maximum(rules, free[0]) + 1, 1))
    for s in range(worth.shape[0]):
        mine = totals[player] + s
        if best is not None and mine < best:
            continue
        share = 1.0 / (ties + 1) if best is not None and mine == best else 1.0
        for row, total in later:
            share *= 1.0 - beaten(rules, row, mine - total)
        worth[s, 0] = share
    return worth


@lru_cache(maxsize=4096)
def _last_keep_table(rules: OhioRules, row: int, worth: tuple[float, ...]) -> np.ndarray:
    """keep[t, k] of a last turn for one worth (cached: the same totals come back game after game)."""
    return last_turn(rules, row, np.array(worth)[:, None])[1][:, :, 0].copy()


class OhioOptimalBot:
    """Maximises the expected own sum (the solitaire policy; module text) until its last turn; there, with others
    at the table, it maximises its chance to win against the visible totals (:func:`last_round_worth`: exact for
    the last player of the game and for two players)."""

    name = "optimal"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.rules: OhioRules = game.rules
        self.scores, self.E = solved(self.rules)
        self.space = plain_space(N_DICE, 6)

    def _keep_table(self, mask: int) -> np.ndarray:
        return keep_table(self.rules, mask)

    def values(self, state: OhioState, player: int) -> dict[Action, float]:
        """Expected own future points (this entry included) of every legal action; in the last turn with others at
        the table, its chance to win instead."""
        mask = sheet_mask(state.sheets[player])
        t = state.turn.throws - 1
        out: dict[Action, float] = {}
        worth = last_round_worth(self.rules, state, player)
        if worth is not None:
            row = state.free_rows(player)[0]
            keep = _last_keep_table(self.rules, row, tuple(round(float(x), 15) for x in worth[:, 0]))
            for a in state.legal_actions(player):
                if isinstance(a, Enter):
                    out[a] = float(worth[row_value(tuple(sorted(state.turn.dice)), a.row, self.rules.ohio_points), 0])
                elif isinstance(a, Keep):
                    out[a] = float(keep[t, self.space.index[a.dice]])
            return out
        for a in state.legal_actions(player):
            if isinstance(a, Enter):
                points = row_value(tuple(sorted(state.turn.dice)), a.row, self.rules.ohio_points)
                out[a] = float(points + self.E[mask | (1 << a.row)])
            elif isinstance(a, Keep):
                out[a] = float(self._keep_table(mask)[t, self.space.index[a.dice]])
        return out

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, OhioState)
        vals = self.values(state, player)
        # ties: write rather than throw again, then the lower row
        return max(vals, key=lambda a: (round(vals[a], 9), isinstance(a, Enter), -getattr(a, "row", 0)))


class OhioAdvisor:
    """Every legal move with the expected final own sum if one takes it and then plays optimally, best first."""

    def __init__(self, game: Game) -> None:
        self.bot = OhioOptimalBot(game)

    def advise(self, state: State, player: int) -> list[Advice]:
        assert isinstance(state, OhioState)
        if player != state.to_move():
            return []
        own = sum(v for v in state.sheets[player] if v != EMPTY)
        values = self.bot.values(state, player)
        if last_round_worth(self.bot.rules, state, player) is not None:
            return rated(values, win_measure(state.game.num_players))
        return rated(values, N_("expected final total (optimal play)"), "points", offset=own)


def make_bot(game: Game, seed: int = 0) -> Any:
    return OhioOptimalBot(game, seed)
