"""Chicago's and Chicago hoch-tief's exact turn solver: solo value, the two-player round, the bots and the hints.

A Chicago turn is tiny: after throw ``t`` the player holds three dice ``H`` of which ``F`` are frozen; he stops (the
hand counts with ``t`` throws) or leaves ``K`` standing (``F ⊆ K``, at most two dice) and throws the rest. So the
value of a turn is a backward induction over (throw, hand, frozen dice) — at most a few hundred positions — for
any *utility* of the finished hand and its throws. One induction serves every purpose, vectorised over many
utilities at once (numpy):

* **solo** (``wuerfel solve chicago``): the utility is the hand's points — the maximum expected points of one turn
  with the full throw limit;
* **the two-player round**: the second player, who knows the first's hand and throws and may use no more throws,
  maximises his chance to beat it (a full tie is a throw-off of one throw each: an even chance); the first player
  maximises the chance that the second fails, knowing that the number of throws he uses becomes the second's limit.
  The utility of the second is one vector per possible target (every hand × every throw count), so all targets are
  solved in one induction. Winning the round is avoiding the Bierdeckel, rounds are independent and the start
  rotates whatever happens, so playing every round for the round maximises the chance to win the match;
* **more players** (the ``optimal`` bot): a player avoids the Bierdeckel unless he is the worst of those who
  played before him and every later player beats him. The earlier results are visible; each later player is taken
  to beat a hand with the chance an optimal second player of a duel would (the tables above), independently.
  The last player of a round is therefore exact, the first of two players too (the duel), and the others play a
  stated approximation (docs/hasard.md, "Chicago").
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, Literal

from wuerfel.engine.dice import Multiset, multisets, sort_dice
from wuerfel.engine.errors import N_
from wuerfel.engine.game import Action, State
from wuerfel.games.hasard.chicago import (
    HOCH,
    TIEF,
    ChicagoRules,
    ChicagoState,
    Convert,
    Declare,
    conversion_keeps,
    hand_points,
)
from wuerfel.games.kit.hand_round import MenuValueBot, Stop, float_rolls
from wuerfel.games.kit.hints import ValueAdvisor
from wuerfel.games.kit.keeps import Keep, legal_keeps
from wuerfel.solvers.api import SolveResult

if TYPE_CHECKING:  # numpy only where the tables are built: importing this module costs nothing until then
    import numpy as np

MEASURE_ROUND = N_("chance to avoid the Bierdeckel this round")

HANDS: tuple[Multiset, ...] = multisets(3)
HAND_INDEX = {h: i for i, h in enumerate(HANDS)}


def result_of(hand: Multiset, throws: int, mode: str) -> tuple[int, int]:
    """A finished hand as the round compares it, higher is better: points (negated in "tief"), then fewer throws."""
    pts = hand_points(hand, mode)
    return (pts if mode == HOCH else -pts, -throws)


class TurnSolver:
    """Backward induction of one turn for a utility ``U[h, t]`` (hand index, throws 1..L; a vector per entry), or
    ``U[h, t, c]`` with c the dice thrown in the turn (3..3L) where the tie-break counts dice (``tie_break =
    "dice"``): then the dice thrown are part of the position (``c``; 0 where they do not count)."""

    def __init__(self, rules: ChicagoRules, mode: str, limit: int, utility: np.ndarray) -> None:
        self.rules = rules
        self.mode = mode
        self.limit = limit
        self.U = utility
        self.by_dice = utility.ndim == 4
        self.frozen = bool(rules.frozen_keeps)
        self.keep_rules = _keep_rules(self.frozen)
        self._dec: dict[tuple[int, int, Multiset, Multiset], np.ndarray] = {}
        self._keep: dict[tuple[int, int, Multiset], np.ndarray] = {}

    def first_cost(self) -> int:
        """The dice counted after the first throw (three where dice count, else the unused 0)."""
        return 3 if self.by_dice else 0

    def stop_value(self, h: int, t: int, c: int) -> np.ndarray:
        return self.U[h, t, c] if self.by_dice else self.U[h, t]

    def conversions(self, t: int, hand: Multiset, frozen: Multiset) -> tuple[Multiset, ...]:
        if not (self.rules.two_sixes and self.mode == HOCH and t in (1, 2) and t < self.limit):
            return ()
        return conversion_keeps(hand, frozen)

    def decision(self, t: int, hand: Multiset, frozen: Multiset, c: int | None = None) -> np.ndarray:
        """Value of the position after throw ``t`` showing ``hand`` with ``frozen`` standing (``c`` dice thrown so
        far where dice count; None: the first throw's), played optimally."""
        c = self.first_cost() if c is None or not self.by_dice else c
        key = (t, c, hand, frozen)
        v = self._dec.get(key)
        if v is not None:
            return v
        import numpy as np  # here, not at the top: numpy only where the tables are built

        v = self.stop_value(HAND_INDEX[hand], t, c)
        if t < self.limit:
            for k in legal_keeps(hand, self.keep_rules, frozen):
                v = np.maximum(v, self.keep_value(t, k, self.frozen, c))
            for k in self.conversions(t, hand, frozen):
                v = np.maximum(v, self.keep_value(t, k, True, c))
        self._dec[key] = v
        return v

    def keep_value(self, t: int, kept: Multiset, frozen: bool, c: int | None = None) -> np.ndarray:
        """Value of leaving ``kept`` standing after throw ``t`` and throwing the others."""
        c = self.first_cost() if c is None or not self.by_dice else c
        key = (t, c, kept) if frozen == self.frozen else (t, c, (*kept, -1))
        v = self._keep.get(key)
        if v is not None:
            return v
        acc = None
        after = c + 3 - len(kept) if self.by_dice else 0
        for roll, p in float_rolls(3 - len(kept)):
            x = p * self.decision(t + 1, sort_dice(kept + roll), kept if self.frozen else (), after)
            acc = x if acc is None else acc + x
        assert acc is not None
        self._keep[key] = acc
        return acc

    def start_value(self) -> np.ndarray:
        """Value before the turn's first throw."""
        acc = None
        for roll, p in float_rolls(3):
            x = p * self.decision(1, roll, ())
            acc = x if acc is None else acc + x
        assert acc is not None
        return acc

    def action_value(
        self, t: int, hand: Multiset, frozen: Multiset, action: Action, c: int | None = None
    ) -> np.ndarray:
        c = self.first_cost() if c is None or not self.by_dice else c
        if isinstance(action, Stop):
            return self.stop_value(HAND_INDEX[hand], t, c)
        if isinstance(action, Keep):
            return self.keep_value(t, action.dice, self.frozen, c)
        if isinstance(action, Convert):
            return self.keep_value(t, action.dice, True, c)
        raise ValueError(action)


@cache
def _keep_rules(frozen: bool) -> Any:
    from wuerfel.games.hasard.chicago import keep_rules

    return keep_rules(frozen)


def _compare(a: tuple[int, int], b: tuple[int, int]) -> float:
    return 1.0 if a > b else 0.5 if a == b else 0.0


def by_dice(rules: ChicagoRules) -> bool:
    return rules.tie_break == "dice"


def costs(rules: ChicagoRules, limit: int) -> range:
    """What a finished hand's tie-break counts: throws 1..limit, or the dice thrown, 3..3·limit."""
    return range(3, 3 * limit + 1) if by_dice(rules) else range(1, limit + 1)


@lru_cache(maxsize=32)
def responder_tables(rules: ChicagoRules, mode: str, limit: int) -> np.ndarray:
    """``Q[h, k]``: the chance that a player with ``limit`` throws, playing for it, beats the finished hand ``h``
    whose tie-break count is ``k`` (throws, or dice thrown under ``tie_break = "dice"``; a full tie counts half: a
    throw-off of one throw each). One induction for all targets."""
    import numpy as np

    ks = costs(rules, limit)
    width = ks.stop
    m = len(HANDS) * width
    dice = by_dice(rules)
    U = np.zeros((len(HANDS), limit + 1, width, m) if dice else (len(HANDS), limit + 1, m))
    for th, target in enumerate(HANDS):
        for kt in ks:
            col = th * width + kt
            goal = result_of(target, kt, mode)
            for h, hand in enumerate(HANDS):
                for k in ks:
                    if dice:
                        U[h, 1:, k, col] = _compare(result_of(hand, k, mode), goal)
                    else:
                        U[h, k, col] = _compare(result_of(hand, k, mode), goal)
    solver = TurnSolver(rules, mode, limit, U)
    return solver.start_value().reshape(len(HANDS), width)


def later_limit(rules: ChicagoRules, first_throws: int) -> int:
    return first_throws if rules.inherit_limit else int(rules.max_throws)


def beat_chance(
    rules: ChicagoRules, mode: str, limit_later: int | None, hand: Multiset, throws: int, dice: int = 0
) -> float:
    """The chance that one later player beats ``hand`` of ``throws`` throws (and ``dice`` dice thrown, where the
    tie-break counts dice) (``limit_later`` None: the player who set the limit is asking, so the later limit is what
    his ``throws`` make it)."""
    lim = later_limit(rules, throws) if limit_later is None else limit_later
    k = dice if by_dice(rules) else throws
    if throws > lim:  # cannot happen under the text's rules; a later player then has fewer throws than the target
        lim_tab = responder_tables(rules, mode, max(lim, throws))
        return float(lim_tab[HAND_INDEX[hand], k])
    return float(responder_tables(rules, mode, lim)[HAND_INDEX[hand], k])


def safe_utility(
    rules: ChicagoRules, mode: str, limit: int, earlier: Sequence[tuple[int, int]], later: int, sets_limit: bool
) -> np.ndarray:
    """``U[h, t]`` (``U[h, t, c]`` where dice count) = the chance to avoid the Bierdeckel with hand ``h`` after
    ``t`` throws (and ``c`` dice) (module text)."""
    import numpy as np

    dice = by_dice(rules)
    U = np.zeros((len(HANDS), limit + 1, 3 * limit + 1, 1) if dice else (len(HANDS), limit + 1, 1))
    round_limit = None if sets_limit else limit
    for h, hand in enumerate(HANDS):
        for t in range(1, limit + 1):
            for c in range(3, 3 * t + 1) if dice else (0,):
                mine = result_of(hand, c if dice else t, mode)
                at = (h, t, c, 0) if dice else (h, t, 0)
                if any(r < mine for r in earlier):
                    U[at] = 1.0
                    continue
                ties = sum(1 for r in earlier if r == mine)
                worst = 1.0 / (ties + 1)
                q = beat_chance(rules, mode, round_limit, hand, t, c) if later else 1.0
                U[at] = 1.0 - worst * q**later
    return U


@lru_cache(maxsize=256)
def _safe_solver(
    rules: ChicagoRules, mode: str, limit: int, earlier: tuple[tuple[int, int], ...], later: int, sets_limit: bool
) -> TurnSolver:
    return TurnSolver(rules, mode, limit, safe_utility(rules, mode, limit, earlier, later, sets_limit))


def round_position(state: ChicagoState) -> tuple[tuple[tuple[int, int], ...], int, bool]:
    """What the bot reads of a round: the results of those who played before (as compared), how many play after,
    whether this turn sets the limit."""
    p = state.seat
    earlier = tuple(tuple(r) for q, r in enumerate(state.passes[0]) if r is not None and q != p)
    later = len(state.order) - state.index - 1
    sets_limit = state.index == 0 and state.rules.inherit_limit
    return earlier, later, sets_limit  # type: ignore[return-value]


def action_values(state: ChicagoState, player: int) -> dict[Action, float]:
    """The chance to avoid this round's Bierdeckel after each legal move (module text for the model)."""
    legal = state.legal_actions(player)
    if not legal:
        return {}
    rules: ChicagoRules = state.rules
    earlier, later, sets_limit = round_position(state)
    limit = state.turn.limit
    t, hand, frozen = state.turn.throws, state.turn.dice, state.turn.frozen if rules.frozen_keeps else ()
    c = state.rolled()  # the dice thrown in this turn so far (counted only where the tie-break counts dice)
    out: dict[Action, float] = {}
    if state.mode == "":
        for a in legal:
            assert isinstance(a, Declare)
            solver = _safe_solver(rules, a.mode, limit, earlier, later, sets_limit)
            out[a] = float(solver.decision(t, hand, frozen, c)[0])
        return out
    solver = _safe_solver(rules, state.mode, limit, earlier, later, sets_limit)
    for a in legal:
        out[a] = float(solver.action_value(t, hand, frozen, a, c)[0])
    return out


class OptimalBot(MenuValueBot):
    """Plays the strategy of :func:`action_values`: the exact duel with two players, and against the visible
    results with more (module text); ties: stop before rethrowing (fewer throws), then the menu's order (the kit's
    :class:`~wuerfel.games.kit.hand_round.MenuValueBot`)."""

    state_class = ChicagoState

    def values(self, state: ChicagoState, player: int) -> dict[Action, float]:
        return action_values(state, player)


class ChicagoAdvisor(ValueAdvisor):
    """Hints: every legal move with the chance to avoid the Bierdeckel of this round, best first, and how much each
    loses against the best (the kit's :class:`~wuerfel.games.kit.hints.ValueAdvisor`)."""

    state_class = ChicagoState

    def values(self, state: ChicagoState, player: int) -> dict[Action, float]:
        return action_values(state, player)

    def measure(self, state: ChicagoState) -> tuple[str, Literal["chance", "points"]]:
        return MEASURE_ROUND, "chance"

    def turn_start(self, state: State, player: int) -> tuple[float, str] | None:
        """The analysis's luck of a round (:class:`~wuerfel.engine.advice.TurnLuck`): ``player``'s chance to avoid
        this round's Bierdeckel when his turn of the round begins (nothing of it thrown; the results of those before
        him known), as :func:`action_values` rates his choices — the round's first player of hoch-tief declaring
        the better mode after his first throw. None elsewhere (throw-offs start no turn: they settle the round the
        turn is already open for)."""
        assert isinstance(state, ChicagoState)
        if (
            state.phase != "play"
            or state.in_throw_off
            or state.seat != player
            or state.turn.throws
            or not state.turn.throwing
        ):
            return None
        rules: ChicagoRules = state.rules
        earlier, later, sets_limit = round_position(state)
        limit = state.turn.limit
        if state.mode:
            value = float(_safe_solver(rules, state.mode, limit, earlier, later, sets_limit).start_value()[0])
        else:
            solvers = [_safe_solver(rules, m, limit, earlier, later, sets_limit) for m in (HOCH, TIEF)]
            value = sum(p * max(float(s.decision(1, roll, ())[0]) for s in solvers) for roll, p in float_rolls(3))
        return value, MEASURE_ROUND

    def turn_result(self, before: State, after: State, player: int) -> float | None:
        """Once the round is settled (throw-offs included): 1 if ``player`` avoided its Bierdeckel, else 0."""
        assert isinstance(before, ChicagoState) and isinstance(after, ChicagoState)
        if before.phase != "play" or (after.phase != "over" and after.round_no == before.round_no):
            return None
        return 1.0 if after.marks[player] == before.marks[player] else 0.0


# --- solo and duel figures ------------------------------------------------------------------------------------------
def points_utility(limit: int, mode: str) -> np.ndarray:
    import numpy as np

    U = np.zeros((len(HANDS), limit + 1, 1))
    for h, hand in enumerate(HANDS):
        U[h, 1:, 0] = hand_points(hand, mode) if mode == HOCH else -hand_points(hand, mode)
    return U


def solo_value(rules: ChicagoRules, mode: str = HOCH) -> float:
    """The maximum expected points of one turn with the full throw limit ("tief": the minimum expected pips)."""
    limit = int(rules.max_throws)
    v = float(TurnSolver(rules, mode, limit, points_utility(limit, mode)).start_value()[0])
    return v if mode == HOCH else -v


def duel_first_wins(rules: ChicagoRules, hoch_tief: bool) -> float:
    """The first player's chance to win a round of two players, both playing the duel optimally (hoch-tief: he also
    declares optimally after his first throw)."""
    import numpy as np

    limit = int(rules.max_throws)
    modes = (HOCH, TIEF) if hoch_tief else (HOCH,)
    solvers = []
    dice = by_dice(rules)
    for mode in modes:
        U = np.zeros((len(HANDS), limit + 1, 3 * limit + 1, 1) if dice else (len(HANDS), limit + 1, 1))
        for h, hand in enumerate(HANDS):
            for t in range(1, limit + 1):
                for c in range(3, 3 * t + 1) if dice else (0,):
                    U[(h, t, c, 0) if dice else (h, t, 0)] = 1.0 - beat_chance(rules, mode, None, hand, t, c)
        solvers.append(TurnSolver(rules, mode, limit, U))
    total = 0.0
    for roll, p in float_rolls(3):
        total += p * max(float(s.decision(1, roll, ())[0]) for s in solvers)
    return total


def match_first_wins(round_first: float, marks: int, rotate: Callable[[int, bool], int] | None = None) -> float:
    """Seat 1's chance to win a two-player match to ``marks`` Bierdeckel, seat 1 beginning, the start alternating
    (left neighbour), when the beginner wins a round with ``round_first``."""

    @cache
    def win(a: int, b: int, start: int) -> float:
        if a >= marks:
            return 0.0
        if b >= marks:
            return 1.0
        p0 = round_first if start == 0 else 1.0 - round_first  # seat 1 wins the round
        return p0 * win(a, b + 1, 1 - start) + (1 - p0) * win(a + 1, b, 1 - start)

    return win(0, 0, 0)


def solve_solo(rules: ChicagoRules, rules_id: str, fresh: bool = False, hoch_tief: bool = False) -> SolveResult:
    """``wuerfel solve chicago``: one turn with the full throw limit, the maximum expected points."""
    if fresh:
        responder_tables.cache_clear()
        _safe_solver.cache_clear()
    t0 = time.perf_counter()
    value = solo_value(rules, HOCH)
    extra: dict[str, Any] = {}
    if hoch_tief:
        extra["tief_min_expected_pips"] = solo_value(rules, TIEF)
    return SolveResult(
        game="chicago-hoch-tief" if hoch_tief else "chicago",
        rules=rules_id,
        objective="solo",
        value=value,
        seconds=time.perf_counter() - t0,
        extra=extra,
        value_of=N_("the expected points of one turn with the full throw limit, played for points"),
    )


def match_chance(round_first: float, marks: int, next_start: str) -> float:
    """The chance that the match's first beginner wins a two-player match to ``marks`` Bierdeckel, when a round's
    beginner wins it with ``round_first``; the next round begins with the left neighbour (``"left"``: the start
    alternates) or with the round's loser (``"loser"``).

    Playing each round for the round is exactly optimal for the match, whichever rule rotates the start: a round of
    two has two outcomes (the throw-off settles a full tie), the match value after winning it is at least that after
    losing it, so any continuation values make the round's objective an increasing function of the round's chance.
    """

    @cache
    def win(a: int, b: int, start: int) -> float:
        """Seat 0's chance with a (his) and b (the other's) Bierdeckel, ``start`` beginning this round."""
        if a >= marks:
            return 0.0
        if b >= marks:
            return 1.0
        p0 = round_first if start == 0 else 1.0 - round_first  # seat 0 wins the round
        after_win = 1 - start if next_start == "left" else 1  # the loser (seat 1) begins
        after_loss = 1 - start if next_start == "left" else 0
        return p0 * win(a, b + 1, after_win) + (1 - p0) * win(a + 1, b, after_loss)

    return win(0, 0, 0)


def solve_two_players(rules: ChicagoRules, rules_id: str, fresh: bool = False, hoch_tief: bool = False) -> Any:
    """``wuerfel solve chicago --players 2``: each seat's exact chance to win the match (or the one round) when
    both play optimally — the round's duel (:func:`duel_first_wins`) and the match as a chain over the Bierdeckel
    counts (:func:`match_chance`); under ``tie_break = "dice"`` the turn tables count the dice thrown too."""
    from wuerfel.solvers.two_player import TwoPlayerResult, seat_chances

    if fresh:
        responder_tables.cache_clear()
        _safe_solver.cache_clear()
    t0 = time.perf_counter()
    p = duel_first_wins(rules, hoch_tief)
    first = match_chance(p, int(rules.bierdeckel), rules.next_start)
    limit = int(rules.max_throws)
    entries = len(HANDS) * (limit + 1) * len(HANDS) * (limit + 1) * (2 if hoch_tief else 1)
    return TwoPlayerResult(
        game="chicago-hoch-tief" if hoch_tief else "chicago",
        rules=rules_id,
        seat_wins=seat_chances(first, rules.start),
        first_player_wins=first,
        seconds=time.perf_counter() - t0,
        states=entries,
        method=N_(
            "one round's duel (the second player's chance against every hand and throw count, the first's "
            "best play against it) and the match as a chain over the Bierdeckel counts"
        ),
    )
