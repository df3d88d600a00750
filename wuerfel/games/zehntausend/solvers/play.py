"""The optimal Zehntausend bot and the hint advisor, both reading the exact solver tables.

Which table rates a position: in a two-player game whose rules the duel solver handles
(:func:`~wuerfel.games.zehntausend.solvers.duel.duel_support`) and whose table is at hand (cached on disk by
``wuerfel solve zehntausend --objective duel``, or small enough to compute on the spot), the **winning chance**;
otherwise the **single-turn optimum** (expected points of this turn, with the turn's real threshold and, when this
bust would complete a minus-mark streak, its penalty). Rules the solver refuses (Ergänzen across hot dice,
:func:`~wuerfel.games.zehntausend.solvers.turn.turn_refusal`) and positions its model does not cover (the literal Macke
model) fall back to the heuristic bot and get no hints, so the bot never makes an illegal move and no hint is a
wrong number.
"""

from __future__ import annotations

import contextlib
import os
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any

from wuerfel.engine.advice import Advice, MissingTable
from wuerfel.engine.errors import N_
from wuerfel.engine.game import Action, Game, State
from wuerfel.games.zehntausend.actions import Bank, Continue, Decline, GiveUp, Select, TakeOver, TurnFives
from wuerfel.games.zehntausend.options import ZehntausendRules
from wuerfel.games.zehntausend.solvers.support import LAST_TURN_CAP, cache_dir, duel_support, rules_key
from wuerfel.games.zehntausend.solvers.turn import (
    TurnGraph,
    TurnKey,
    TurnSolution,
    light_graph,
    moves,
    solve_turn,
    turn_five_key,
    turn_refusal,
)
from wuerfel.games.zehntausend.state import ZehntausendState

if TYPE_CHECKING:
    import numpy as np

    from wuerfel.games.zehntausend.solvers.duel import DuelSolution
    from wuerfel.games.zehntausend.solvers.light import LightDuel
    from wuerfel.games.zehntausend.solvers.solo import SoloSolution

MEASURE_POINTS = N_("expected points of this turn")
MEASURE_WIN = N_("winning chance")
MEASURE_TURNS = N_("expected turns to the target after this one (fewer is better)")
NOTE_BANK_ENDS = N_("reaches the target: stop now")
NOTE_BANK_CANNOT_WIN = N_("this bank cannot win any more: throw on")

QUICK_DUEL_ROWS = 60**3
"""Duel tables are computed on the spot (when not cached) if goal² × rows per turn stays below this: farkle to
3,000 points (a second or two); finish-round games need many more rows (the start player may play on above the
target), so only much shorter ones qualify. ``WUERFEL_QUICK_DUEL_ROWS`` overrides it (tests set 0 so that even a
tiny table takes the background path of :func:`missing_duel_table`)."""

BACKGROUND_DUEL_WORK = 2_000_000_000
"""Duel tables too big for the spot but with goal² × rows × turn states (:func:`duel_work`) up to this are built in
the background when an analysis needs one (:func:`missing_duel_table`): the default rules (target 10,000) are
256 million, two to three minutes of one core; a target of 20,000 is 1.3 billion, about a quarter of an hour.
Larger ones would hold a core longer still for every rule set a visitor makes up, so their games keep the turn
analysis."""

DUEL_SECONDS_PER_WORK = 0.6e-6
"""CPU seconds of the serial duel solve per unit of :func:`duel_work`, plus :data:`DUEL_STARTUP_SECONDS` for a fresh
process to load numba and the compiled kernels: a rough estimate for telling the player how long. Measured on the
shared 2-core machine: 112 s (bench/README.md, "Duel solver") and 173 s (``bench/duel_background.py``) for the
default rules' 256 million, 14 s for Farkle to 10,000's 48 million."""
DUEL_STARTUP_SECONDS = 5.0


def state_key(state: ZehntausendState) -> TurnKey:
    """The solver's key of the running turn."""
    r = state.rules
    t = state.turn
    throws = t.throws - 1 if state.node == "select" else t.throws  # the engine counts a throw when it falls
    return TurnKey(
        cup=t.cup,
        throws=throws if r.turn.max_throws > 0 else 0,
        proof=t.proof,
        confirm=t.confirm is not None,
        need=t.confirm or 0,
        open=t.open_sets if r.extension.enabled else (),
        turnable=t.turnable,
    )


@lru_cache(maxsize=32)
def _turn_solution(rules: ZehntausendRules, threshold_points: int, bust_extra: int) -> TurnSolution:
    return solve_turn(rules, threshold_points=threshold_points, bust_extra=bust_extra)


def _duel_rows(rules: ZehntausendRules) -> tuple[int, int]:
    """(goal, rows per turn) of the duel table, in score units."""
    g = light_graph(rules)
    goal = -(-rules.game.target // g.unit)
    return goal, goal if rules.game.end_rule == "immediate" else goal + LAST_TURN_CAP // g.unit


def quick_duel_rows() -> int:
    """:data:`QUICK_DUEL_ROWS`, or ``WUERFEL_QUICK_DUEL_ROWS`` when that is set to a whole number."""
    try:
        return int(os.environ.get("WUERFEL_QUICK_DUEL_ROWS", QUICK_DUEL_ROWS))
    except ValueError:
        return QUICK_DUEL_ROWS


def duel_available(rules: ZehntausendRules) -> bool:
    """Whether a duel table is at hand without a long computation."""
    exact, _ = duel_support(rules)
    if not exact:
        return False
    if (cache_dir() / f"duel-{rules_key(rules)}.npz").exists():
        return True
    goal, rows = _duel_rows(rules)
    return goal * goal * rows <= quick_duel_rows()


def duel_work(rules: ZehntausendRules) -> int:
    """The size of a duel solve: goal² × rows per turn × turn states (its time grows about linearly in it)."""
    goal, rows = _duel_rows(rules)
    return goal * goal * rows * len(light_graph(rules))


def missing_duel_table(game: Game) -> MissingTable | None:
    """The duel table a two-player game's analysis lacks (:class:`~wuerfel.engine.advice.MissingTable`): when the
    duel solver handles the rules (the advisor would then rate winning chances), the table is neither on disk nor
    quick to compute, and it is not larger than :data:`BACKGROUND_DUEL_WORK`. None otherwise: the advisor already
    has it, or never will (other player counts, modes or rules the solver refuses)."""
    rules: ZehntausendRules = game.rules
    if game.num_players != 2 or rules.game.mode != "standard" or turn_refusal(rules) or duel_available(rules):
        return None
    if not duel_support(rules)[0]:
        return None
    work = duel_work(rules)
    if work > BACKGROUND_DUEL_WORK:
        return None
    return MissingTable(
        key=f"zehntausend-duel-{rules_key(rules)}",
        build=partial(build_duel_table, rules),
        cpu_seconds=work * DUEL_SECONDS_PER_WORK + DUEL_STARTUP_SECONDS,
    )


def build_duel_table(rules: ZehntausendRules) -> None:
    """Solve the duel table of ``rules`` on one core into the disk cache (:attr:`MissingTable.build`; run in a
    child process, so one core stays free for the games being played). Raises when the table could not be stored:
    an advisor would not find it, and the analysis would wait for it in vain."""
    from wuerfel.games.zehntausend.solvers.duel import solve_duel

    solve_duel(rules, workers=1)
    path = cache_dir() / f"duel-{rules_key(rules)}.npz"
    if not path.exists():
        raise OSError(f"the duel table could not be written to {path}")


def solo_available(rules: ZehntausendRules) -> bool:
    """Whether a solo table is at hand without a long computation (cached on disk, or a short game)."""
    from wuerfel.games.zehntausend.solvers.solo import SOLO_FORMAT

    if (cache_dir() / f"solo-{rules_key(rules)}-{SOLO_FORMAT}.npz").exists():
        return True
    return -(-rules.game.target // light_graph(rules).unit) <= 40


@lru_cache(maxsize=32)
def _solo_tables(
    sol: SoloSolution, score: int, threshold_points: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    return sol.turn_tables(score, threshold_points)


@lru_cache(maxsize=32)
def _duel_tables(
    sol: DuelSolution | LightDuel, me: int, other: int, seat: int, need: int | None
) -> tuple[Any, Any, Any, float]:
    return sol.turn_tables(me, other, seat, need)


class Evaluator:
    """Rates every legal action of a Zehntausend position with the solver tables (None where it cannot)."""

    def __init__(self, game: Game, use_duel: bool | None = None) -> None:
        self.game = game
        self.rules: ZehntausendRules = game.rules
        self.supported = not turn_refusal(self.rules)
        """False: the solvers refuse these rules, so nothing is rated (the bot plays the heuristic)."""
        ok = self.supported and game.num_players == 2 and self.rules.game.mode == "standard"
        self.use_duel = ok and (duel_available(self.rules) if use_duel is None else use_duel)
        self._duel: DuelSolution | LightDuel | None = None
        self.use_solo = (
            self.supported and game.num_players == 1 and self.rules.game.mode == "solo" and solo_available(self.rules)
        )
        self._solo: SoloSolution | None = None
        self._prepared = False

    def prepare(self, state: ZehntausendState) -> None:
        """Load now what the first decisions would load (issue 17: "loads its tables once"): the duel table from
        disk and its compiled kernels (numba's on-disk cache, about a second of CPU in a fresh process, would else
        land in the first game), the solo table, or the single-turn optimum of the opening turn. The values are the
        ones the decisions would compute (the same cached functions), so no decision changes."""
        if self._prepared or not self.supported:
            return
        self._prepared = True
        if self.use_duel:
            sol = self.duel()
            if sol.goal > 0:
                _duel_tables(sol, 0, 0, 0, None)
        elif self.solo() is None and state.node == "throw" and state.turns:
            with contextlib.suppress(ValueError):  # the rules' own refusal: values() will say None as before
                self._turn_solution(state, state.player)

    def solo(self) -> SoloSolution | None:
        if self._solo is None and self.use_solo:
            from wuerfel.games.zehntausend.solvers.solo import solve_solo

            try:
                self._solo = solve_solo(self.rules)
            except ValueError:
                self.use_solo = False
        return self._solo

    def duel(self) -> DuelSolution | LightDuel:
        """The duel table: from disk through the light path when it can (no numpy, no numba: issue 17's memory),
        else solved or loaded by the duel solver (numba). Both give the same numbers, bit for bit."""
        if self._duel is None:
            from wuerfel.games.zehntausend.solvers.light import load_duel

            light = load_duel(self.rules)
            if light is not None:
                self._duel = light
            else:
                from wuerfel.games.zehntausend.solvers.duel import solve_duel

                self._duel = solve_duel(self.rules)
        return self._duel

    def measure(self, state: ZehntausendState, player: int) -> str:
        if self._solo_position(state) is not None:
            return MEASURE_TURNS
        return MEASURE_WIN if self._duel_position(state, player) is not None else MEASURE_POINTS

    def _solo_position(self, state: ZehntausendState) -> tuple[int, int] | None:
        sol = self.solo()
        if sol is None:
            return None
        score = state.scores_[0]
        u = sol.graph.unit
        if score < 0 or score % u or score // u >= sol.goal or -(-state.turn.threshold // u) >= sol.E.shape[1]:
            return None
        return score, state.turn.threshold

    def _duel_position(self, state: ZehntausendState, player: int) -> tuple[int, int, int, int | None] | None:
        if not self.use_duel or state.pool_mode:
            return None
        sol = self.duel()
        u = sol.unit
        me, other = state.scores_[player], state.scores_[1 - player]
        if me < 0 or other < 0 or me % u or other % u:
            return None
        if state.end_triggered:
            # finish_round: the start player has reached the target; the other plays his last turn
            if player != 1 or other < me:
                return None
            return me, other, player, other - me
        if me // u >= sol.goal or other // u >= sol.goal:
            return None
        return me, other, player, None

    def values(self, state: ZehntausendState, player: int) -> list[tuple[Action, float]] | None:
        """(action, value) for every legal action, best first; None when the tables do not cover the position."""
        actions = list(state.legal_actions(player))
        if not self.supported or not actions or state.node not in ("select", "decide", "offer"):
            return None
        key = state_key(state)
        g = light_graph(self.rules)
        if self.rules.selection.model != "standard":
            return None
        if key not in g.index and state.node != "offer":
            return None
        solo = self._solo_position(state) if state.node != "offer" else None
        pos = self._duel_position(state, player)
        if solo is not None:
            sol = self.solo()
            assert sol is not None
            if key not in sol.graph.index:
                return None
            out = self._table_values(state, actions, key, sol.graph, *_solo_tables(sol, *solo))
        elif pos is not None:
            out = self._duel_values(state, actions, key, pos)
        else:
            out = self._turn_values(state, player, actions, key)
        if out is None:
            return None
        out.sort(key=lambda av: -av[1])
        return out

    # --- single-turn optimum --------------------------------------------------------------------------------------
    def _turn_solution(self, state: ZehntausendState, player: int) -> TurnSolution:
        """The single-turn optimum of ``player``'s running turn: its threshold, and the minus-mark penalty when a
        bust would complete the streak."""
        r = self.rules
        extra = 0
        if r.minus_marks.count > 0 and state.minus[player] + 1 >= r.minus_marks.count:
            extra = r.minus_marks.penalty
        return _turn_solution(r, state.turn.threshold, extra)

    def turn_start(self, state: ZehntausendState, player: int) -> float | None:
        """The expected points of ``player``'s turn that begins at ``state`` (nothing of it thrown yet), when its
        choices are rated in those points: a fresh turn about to throw (the first-throw rules included), or the
        offer to take over the predecessor's dice (the better of taking and declining). None elsewhere, and in the
        modes where a turn is more than its own score change (Rückwärts, Bumerang) or not rated in points."""
        if (
            not self.supported
            or state.player != player
            or self.rules.game.mode != "standard"
            or self.rules.selection.model != "standard"
            or state.pool_mode
            or not state.turns
        ):
            return None
        t = state.turn
        if state.node == "offer" and state.offer is not None:
            vals = self.values(state, player)
            if not vals or self.measure(state, player) != MEASURE_POINTS:
                return None
            return max(v for _, v in vals)
        if (
            state.node != "throw"
            or t.throws
            or t.total
            or not t.first
            or t.taken_over
            or t.voids
            or t.history
            or self.measure(state, player) != MEASURE_POINTS
        ):
            return None
        try:
            return self._turn_solution(state, player).value
        except ValueError:
            return None

    def _turn_values(
        self, state: ZehntausendState, player: int, actions: list[Action], key: TurnKey
    ) -> list[tuple[Action, float]] | None:
        r = self.rules
        sol = self._turn_solution(state, player)
        total = state.turn.total
        try:
            if state.node == "offer":
                assert state.offer is not None
                o_total, o_cup = state.offer
                take = sol.roll_value(o_total, TurnKey(cup=o_cup))
                return [(a, take if isinstance(a, TakeOver) else sol.value) for a in actions]
            if state.node == "select":
                throw = state.throw or ()
                table = {(m.dice, m.turn_fives): (m, v) for m, v in sol.move_values(total, key, throw)}
                out: list[tuple[Action, float]] = []
                for a in actions:
                    assert isinstance(a, Select)
                    hit = table.get((a.dice, a.turn_fives))
                    if hit is None:
                        return None
                    out.append((a, hit[1]))
                return out
            out = []
            for a in actions:
                if isinstance(a, Bank):
                    out.append((a, sol.bank_value(total)))
                elif isinstance(a, Continue):
                    out.append((a, sol.roll_value(total, key)))
                elif isinstance(a, TurnFives):
                    tk = turn_five_key(r, key)
                    if tk is None:
                        return None
                    out.append((a, sol.decision_value(total, tk)))
                elif isinstance(a, GiveUp):
                    out.append((a, sol.bust_value(total)))
                else:
                    return None
            return out
        except (ValueError, KeyError):
            return None

    # --- duel -----------------------------------------------------------------------------------------------------
    def _duel_values(
        self, state: ZehntausendState, actions: list[Action], key: TurnKey, pos: tuple[int, int, int, int | None]
    ) -> list[tuple[Action, float]] | None:
        sol = self.duel()
        me, other, seat, need = pos
        return self._table_values(state, actions, key, sol.graph, *_duel_tables(sol, me, other, seat, need))

    def _table_values(
        self,
        state: ZehntausendState,
        actions: list[Action],
        key: TurnKey,
        g: TurnGraph,
        VD: Any,
        VC: Any,
        B: Any,
        z: float,
    ) -> list[tuple[Action, float]] | None:
        u = g.unit

        def row(total: int) -> int:
            return min(total // u, VD.shape[0] - 1)

        total = state.turn.total
        try:
            if state.node == "select":
                throw = state.throw or ()
                table = {(m.dice, m.turn_fives): m for m in moves(self.rules, key, throw)}
                out: list[tuple[Action, float]] = []
                for a in actions:
                    assert isinstance(a, Select)
                    m = table.get((a.dice, a.turn_fives))
                    if m is None:
                        return None
                    out.append((a, float(VD[row(total + m.points), g.index[m.key]])))
                return out
            if state.node == "offer":
                return None
            s = g.index[key]
            out = []
            for a in actions:
                if isinstance(a, Bank):
                    out.append((a, float(B[row(total)])))
                elif isinstance(a, Continue):
                    out.append((a, float(VC[row(total), s])))
                elif isinstance(a, TurnFives):
                    tk = turn_five_key(self.rules, key)
                    if tk is None:
                        return None
                    out.append((a, float(VD[row(total), g.index[tk]])))
                elif isinstance(a, GiveUp):
                    out.append((a, z))
                else:
                    return None
            return out
        except (KeyError, IndexError):
            return None


def endgame_bank(state: ZehntausendState, player: int) -> bool | None:
    """The game-end layer on top of the single-turn optimum (which knows nothing of the target): True = bank now,
    False = do not bank, None = let the turn values decide.

    Reaching the target ends an ``immediate`` or solo game; in a finish-round game reaching it in the lead leaves
    the others one turn to beat it; once the end is triggered a bank that cannot lead is worthless and the last
    player in the lead takes the win.
    """
    r = state.rules
    if state.node != "decide" or not state.can_bank() or r.game.mode not in ("standard", "solo"):
        return None
    after = state.scores_[player] + state.turn.total
    others = [state.scores_[q] for q in range(state.game.num_players) if q != player]
    reached = after >= r.game.target if r.game.reach == "at_least" else after > r.game.target
    if reached and (r.game.end_rule == "immediate" or r.game.mode == "solo"):
        return True
    if reached and not state.end_triggered and (not others or after > max(others)):
        return True
    if state.end_triggered and others:
        if after <= max(others):
            return False
        if player == state._active()[-1]:
            return True
    return None


class OptimalBot:
    """Plays the action the solver rates best; the heuristic bot decides where the tables do not reach.

    With the single-turn optimum (no duel or solo table) the game-end rules of :func:`endgame_bank` come first.
    """

    name = "optimal"

    def __init__(self, game: Game, seed: int | None = None, use_duel: bool | None = None) -> None:
        from wuerfel.games.zehntausend.bots import HeuristicBot

        self.evaluator = Evaluator(game, use_duel)
        self.fallback = HeuristicBot(seed)

    def prepare(self, game: Game) -> None:
        """Load the tables before the first game (:meth:`Evaluator.prepare`); ``sim_kernel`` calls this, as
        ``wuerfel sim`` and the benchmarks build a game's loop with its bots and their tables before timing."""
        self.evaluator.prepare(game.new_initial_state())  # type: ignore[arg-type]

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, ZehntausendState)
        vals = self.evaluator.values(state, player)
        if vals and self.evaluator.measure(state, player) == MEASURE_POINTS:
            end = endgame_bank(state, player)
            if end is True:
                return Bank()
            if end is False:
                rest = [a for a, _ in vals if not isinstance(a, Bank)]
                if rest:
                    return rest[0]
        if vals:
            return vals[0][0]
        if state.node == "offer":
            return Decline() if Decline() in state.legal_actions(player) else state.legal_actions(player)[0]
        return self.fallback.choose(state, player)


class ZehntausendAdvisor:
    """Hints ("?"): the winning chance or the expected points of this turn for every legal action, best first."""

    def __init__(self, game: Game) -> None:
        self.evaluator = Evaluator(game)

    def advise(self, state: State, player: int) -> list[Any]:
        assert isinstance(state, ZehntausendState)
        vals = self.evaluator.values(state, player)
        if not vals:
            return []
        measure = self.evaluator.measure(state, player)
        if measure == MEASURE_TURNS:  # the tables hold minus the turns still needed; show the turns
            return [Advice(action=a, value=-v, measure=measure) for a, v in vals]
        end = endgame_bank(state, player) if measure == MEASURE_POINTS else None
        out = []
        for a, v in vals:
            note = ""
            if isinstance(a, Bank) and end is True:
                note = NOTE_BANK_ENDS
            elif isinstance(a, Bank) and end is False:
                note = NOTE_BANK_CANNOT_WIN
            out.append(Advice(action=a, value=v, measure=measure, note=note))
        if end is not None:  # the game-end rule decides: put its choice first
            out.sort(key=lambda adv: (isinstance(adv.action, Bank) != end, -adv.value))
        return out

    def turn_start(self, state: State, player: int) -> tuple[float, str] | None:
        """The analysis's luck of a turn (:class:`~wuerfel.engine.advice.TurnLuck`): the expected points of the
        turn ``player`` begins at ``state``, where its choices are rated in them (no duel table)."""
        assert isinstance(state, ZehntausendState)
        value = self.evaluator.turn_start(state, player)
        return None if value is None else (value, MEASURE_POINTS)

    def turn_result(self, before: State, after: State, player: int) -> float | None:
        """The points ``player``'s turn changed his score by, once it ended (``turns`` counts it): the banked
        points, or what a bust cost (its turn total where a bust negates it, the minus-mark penalty) — exactly the
        quantity the single-turn optimum maximises. None while the turn goes on (and for an instant win, which ends
        the game without banking)."""
        assert isinstance(before, ZehntausendState) and isinstance(after, ZehntausendState)
        if before.player != player or not before.turns or after.turns[player] != before.turns[player] + 1:
            return None
        return float(after.scores_[player] - before.scores_[player])


def make_optimal_bot(game: Game, seed: int) -> OptimalBot:
    return OptimalBot(game, seed)


def make_advisor(game: Game) -> ZehntausendAdvisor:
    return ZehntausendAdvisor(game)
