"""Bots and the hint advisor of the Würfelspiel.

* ``best``: the turn-search player of :mod:`wuerfel.games.wuerfelspiel.player` (exactly optimal with one column);
* ``heuristic``: a quick rule-of-thumb player without tables (keep the most frequent face or a straight draw, write
  where the points beat a box's par value by the most, weighted by the column);
* :class:`Advisor`: the expected final total of every option (every keep, every box) for hints ("?").
"""

from __future__ import annotations

import threading
from collections import Counter
from typing import TYPE_CHECKING, Any, cast

from wuerfel.engine.advice import Advice
from wuerfel.engine.dice import sub_multisets
from wuerfel.engine.errors import N_
from wuerfel.engine.game import Action, Game, State
from wuerfel.games.wuerfelspiel.rules import WuerfelspielRules
from wuerfel.games.wuerfelspiel.state import Keep, Score, WuerfelspielState

if TYPE_CHECKING:  # the planner and the endgame are numba's: the heuristic bot plays without them (issue 26)
    from wuerfel.games.wuerfelspiel.endgame import Endgame
    from wuerfel.games.wuerfelspiel.player import Planner, TurnPlan

PAR: dict[str, float] = {
    "ones": 2.1,
    "twos": 5.3,
    "threes": 8.6,
    "fours": 12.2,
    "fives": 15.7,
    "sixes": 19.2,
    "three_kind": 21.7,
    "four_kind": 13.1,
    "full_house": 22.6,
    "small_straight": 29.5,
    "large_straight": 32.7,
    "five_kind": 16.9,
    "chance": 22.0,
}
"""Average points of each box under optimal one-column Kniffel play (rounded): what a box is "worth" to the
heuristic bot, so it writes a throw where it beats par by the most."""


def _sheet_key(state: WuerfelspielState, player: int) -> tuple[Any, ...]:
    return state.sheets[player]


class BestBot:
    """The strongest player: exact turn search against one-column slack tables, the last turns solved exactly."""

    name = "best"

    def __init__(self, game: Game, seed: int = 0) -> None:
        from wuerfel.games.wuerfelspiel.player import planner_for

        self.planner: Planner = planner_for(game.rules)
        self._plan_key: Any = None
        self._plan: TurnPlan | None = None
        self._endgame: Endgame | None = None
        """This bot's solved endgame. The planner keeps only a few for everybody, and a server with many tables in
        their endgames would otherwise solve each one again every turn."""

    def plan(self, state: WuerfelspielState, player: int) -> TurnPlan:
        key = _sheet_key(state, player)
        if key != self._plan_key or self._plan is None:
            sheet = state.sheets[player]
            eg = self._endgame
            if eg is None or not eg.covers(sheet):
                eg = self.planner.endgame(sheet)
                self._endgame = eg
            self._plan = self.planner.plan_with(sheet, eg)
            self._plan_key = key
        return self._plan

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, WuerfelspielState)
        plan = self.plan(state, player)
        kind, what = self.planner.decide(plan, state.throws, state.dice)
        if kind == "keep":
            return Keep(what)  # type: ignore[arg-type]
        column, box = cast("tuple[int, str]", what)  # decide's ("score", (column, box name))
        return Score(column, box)


class HeuristicBot:
    """Rules of thumb, no tables: fast and plausible, clearly weaker than ``best``."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.rules: WuerfelspielRules = game.rules

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, WuerfelspielState)
        best_score, best_action = self._best_box(state)
        if state.throws <= self.rules.rerolls and best_score < 8:
            keep = self._keep(state)
            if len(keep) < len(state.dice):
                return Keep(keep)
        return best_action

    def _best_box(self, state: WuerfelspielState) -> tuple[float, Action]:
        best: tuple[float, Action] | None = None
        for a in state.legal_actions():
            if isinstance(a, Score):
                pts, extra = state.points(a.column, a.box)
                w = self.rules.column_weights[a.column]
                # good throws go right (×3), bad ones left (×1), as the seed's strategy section advises
                v = w * (pts + extra - PAR[a.box]) - (w - 1) * 2.0 * (pts < PAR[a.box])
                if best is None or v > best[0]:
                    best = (v, a)
        assert best is not None
        return best

    def _keep(self, state: WuerfelspielState) -> tuple[int, ...]:
        dice = state.dice
        faces = set(dice)
        for run in ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6), (2, 3, 4, 5), (3, 4, 5, 6), (1, 2, 3, 4)):
            if set(run) <= faces and self._open_anywhere(state, "small_straight", "large_straight"):
                return tuple(run)
        c = Counter(dice)
        face, n = max(c.items(), key=lambda kv: (kv[1], kv[0]))
        if n == 1:
            return tuple(f for f in dice if f >= 5)[:2]
        return (face,) * n

    def _open_anywhere(self, state: WuerfelspielState, *boxes: str) -> bool:
        sheet = state.sheets[state.player]
        return any(b in self.rules.boxes and col[self.rules.boxes.index(b)] is None for col in sheet for b in boxes)


EXPECTED_FINAL_TOTAL = N_("expected final total")
"""What the advisor's values are (the ``measure`` of its :class:`~wuerfel.engine.advice.Advice`)."""

HINT_ENDGAME_COST = 3_000
"""A hint solves an exact endgame itself only when that is quick (states, :meth:`Endgame.cost`; 3,000 states take
about 40 ms while the other core is busy), so any hint answers within the 50 ms the coach promises. A larger one is
solved in the background (0.1–3 s) while that hint shows the planner's estimates; the hints after it are exact."""


class Advisor:
    """Hints: every keep and every box of the position with its expected final total, best first.

    Each option is the engine's :class:`~wuerfel.engine.advice.Advice`, like every other game's hints, so a front end
    shows them without knowing the game: the value is the player's expected final total if he takes the option and
    then plays on as the ``best`` player would (exact for one column); the front end labels the action itself in the
    user's language (``state.describe_action``), and the best option is the first."""

    def __init__(self, game: Game) -> None:
        from wuerfel.games.wuerfelspiel.player import planner_for

        self.game = game
        self.planner = planner_for(game.rules)
        self._cache: dict[Any, TurnPlan] = {}
        self._endgame: Endgame | None = None
        self.background: threading.Thread | None = None
        """The endgame solve started by a hint, if any (tests wait for it)."""

    def advise(self, state: State, player: int | None = None) -> list[Advice]:
        assert isinstance(state, WuerfelspielState)
        if state.to_move() < 0:
            return []
        p = state.player if player is None else player
        if p != state.player:
            return []
        sheet = state.sheets[p]
        eg = self.endgame(sheet)
        key = (sheet, eg is not None)
        plan = self._cache.get(key)
        if plan is None:
            plan = self.planner.plan_with(sheet, eg)
            self._cache = {key: plan}
        base = state.total(p) + self.planner.base_value_with(sheet, eg)
        t = state.throws - 1
        out: list[Advice] = []
        sp = self.planner.space
        rules = self.planner.rules
        for a in state.legal_actions(p):
            if isinstance(a, Keep):
                value = base + float(plan.keepvals[t, sp.index[a.dice]])
            else:
                assert isinstance(a, Score)
                pts, extra = state.points(a.column, a.box)
                value = base + self.planner.entry_gain_with(sheet, a.column, rules.boxes.index(a.box), pts, extra, eg)
            out.append(Advice(action=a, value=value, measure=EXPECTED_FINAL_TOTAL))
        out.sort(key=lambda x: -x.value)
        return out

    def endgame(self, sheet: tuple[tuple[int | None, ...], ...]) -> Endgame | None:
        """The solved endgame for this hint, decided once so that one list never mixes exact values with estimates.

        Near the end of a game an endgame too large to solve within the hint's budget is solved in a background
        thread (the kernels release the interpreter lock, so the terminal stays responsive); the hint asks again
        next time. The advisor keeps what it solved: the planner's few shared endgames may be pushed out by others."""
        eg = self._endgame
        if eg is not None and eg.covers(sheet):
            return eg
        eg = self.planner.endgame(sheet, HINT_ENDGAME_COST)
        if eg is not None:
            self._endgame = eg
            return eg
        if self.planner.near_end(sheet) and (self.background is None or not self.background.is_alive()):
            self.background = threading.Thread(
                target=self._solve, args=(sheet,), daemon=True, name="wuerfelspiel-hint-endgame"
            )
            self.background.start()
        return None

    def _solve(self, sheet: tuple[tuple[int | None, ...], ...]) -> None:
        eg = self.planner.endgame(sheet)
        if eg is not None:
            self._endgame = eg


def legal_keeps(dice: tuple[int, ...]) -> list[tuple[int, ...]]:
    return [k for k in sub_multisets(dice) if len(k) < len(dice)]
