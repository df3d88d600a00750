"""Quinze (Fünfzehn, Hasard game 5): one die, thrown as often as you like; over 15 you are out.

"Bei diesem französischen Spiel wird reihum beliebig oft gewürfelt. Jeder versucht, 15 Augen zu erreichen, oder eine
Zahl, die dicht darunter liegt. Wer über 15 wirft, scheidet aus. Sieger ist, wer genau 15 oder am dichtesten darunter
geworfen hat. Bei gleicher Summe ist entscheidend, wer dazu am wenigsten Würfe benötigte. Der Sieger erhält von den
Ausgeschiedenen je 10 Chips, von den anderen die Differenz der Augenzahlen."

A hand game on the kit (:mod:`wuerfel.games.kit.hands`). Resolutions (spec 5): each player plays his whole turn
before the die passes (the later ones know the earlier results); at least one throw; the same sum and the same
number of throws for first place is thrown off (one full Quinze turn each) and the payments are those of the
original round; if everybody goes bust, nobody wins or pays and the round is played again. The winner receives
``bust_chips`` from every busted player and from every other the difference of the sums (0 where the tie was
broken by the throws).

Optimal play: alone, a turn is a stopping problem over (sum, throws) (:func:`turn_values`); with two players the
generic exact solver finds each seat's win share; the ``optimal`` bot maximises its own chance to win against the
results already thrown (module :func:`win_utility`).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Literal

from wuerfel.engine.components import Chips, Component, Goal, Phrase
from wuerfel.engine.errors import N_
from wuerfel.engine.game import Action, Game, State
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options, opt
from wuerfel.games.hasard.explain import quinze as explained
from wuerfel.games.kit import START_NAME, START_WORDS, start_option
from wuerfel.games.kit.hands import (
    BestValueAdvisor,
    BestValueBot,
    HandGame,
    Result,
    Stop,
    ThrowOn,
    ThrowOnState,
    tie_fixed_point,
)
from wuerfel.games.kit.hints import win_measure
from wuerfel.games.kit.rounds import SETTLE_LOSER_NAME
from wuerfel.games.kit.seats import clockwise, in_turn_order
from wuerfel.games.kit.throwoff import next_throw_off

BUST: Result = (0, 0, 0)


@dataclasses.dataclass(frozen=True)
class QuinzeRules:
    """Options of Quinze; every default is the text or the spec's resolution."""

    order: Literal["turns", "round_robin"] = opt(
        "turns",
        de="Reihenfolge: jeder würfelt seine ganze Runde, bevor der Würfel weitergeht (Auslegung), oder "
        "reihum je ein Wurf; wer aufhört oder ausscheidet, scheidet aus der Runde aus",
        en="Order: each throws his whole turn before the die passes on (resolution), or one throw each in turn; "
        "who stops or busts leaves the rotation",
    )
    target: int = opt(
        15,
        de="Die Zahl, die man erreichen und nicht überschreiten darf (Text: 15)",
        en="The number to reach and not pass (text: 15)",
        low=6,
        high=60,
    )
    bust_chips: int = opt(
        10,
        de="Chips, die jeder Ausgeschiedene dem Sieger zahlt (Text: 10)",
        en="Chips each busted player pays the winner (text: 10)",
        low=0,
        high=1000,
    )
    settle_loser: bool = opt(
        False,
        de="Gleichstand um den letzten Platz wird wie der um den ersten durch eine "
        "Stichrunde entschieden (Text: nur der Sieger zählt)",
        en="A tie for last place is thrown off like a tie for first (text: only the winner counts)",
    )
    start: Literal["lot", "first_seat"] = start_option()


label_options(
    QuinzeRules,
    {
        "order": ("Reihenfolge", "Order"),
        "target": ("Zielzahl", "Target"),
        "bust_chips": ("Chips je Ausgeschiedenen", "Chips per busted player"),
        "settle_loser": SETTLE_LOSER_NAME,
        "start": START_NAME,
    },
    {
        "order": {
            "turns": ("ganze Runden nacheinander", "whole turns one after another"),
            "round_robin": ("reihum je ein Wurf", "one throw each in turn"),
        },
        "start": START_WORDS,
    },
)


@dataclasses.dataclass(frozen=True)
class QuinzeTurn:
    """One player's turn: the sum so far, the throws, and whether a throw is due, he decides, or it is over."""

    total: int = 0
    throws: int = 0
    step: Literal["throw", "decide", "done"] = "throw"


def result_of(total: int, throws: int, target: int) -> Result:
    """(1, sum, −throws) for a sum within the target — higher is better: the higher sum, then the fewer throws —
    and (0, 0, 0) for a bust."""
    return BUST if total > target else (1, total, -throws)


def throws_cap(total: int, thrown: Sequence[Result | None]) -> int:
    """For the last player of a pass at ``total``: a number of throws from which on more throws change nothing.
    Against a result (1, t, −n) with t above his sum he can tie t only with another throw, so every count from n on
    loses that tie alike; with t equal to his sum stopping ties at n throws and loses above, so n + 1 and more are
    alike; a result below his sum is beaten whatever the throws (and so is a bust). The cap is the largest of these
    (0: none matters). Each later throw keeps every count at or above the cap at or above the next cap, so equal
    keys have equal futures (the key's contract)."""
    cap = 0
    for r in thrown:
        if r is None or r == BUST or r[1] < total:
            continue
        cap = max(cap, -r[2] + 1 if r[1] == total else -r[2])
    return cap


@dataclasses.dataclass(frozen=True)
class QuinzeState(ThrowOnState):
    id: ClassVar[str] = "quinze"

    def max_throws(self) -> int:
        return int(self.rules.target) + 1  # never binding: the sum passes the target first

    def new_turn(self, limit: int) -> QuinzeTurn:
        return QuinzeTurn()

    def turn_dice_to_throw(self, turn: Any) -> int:
        return 1 if turn is not None and turn.step == "throw" else 0

    def turn_thrown(self, turn: Any, dice: tuple[int, ...]) -> QuinzeTurn:
        total = turn.total + dice[0]
        return QuinzeTurn(total, turn.throws + 1, "done" if total > self.rules.target else "decide")

    def turn_result(self, turn: Any) -> Result:
        return result_of(turn.total, turn.throws, self.rules.target)

    def turn_key(self, turn: Any) -> Any:
        """The turn for the exact solver: for the last player of a pass, throws beyond the point where they can no
        longer decide a comparison are lumped (see :func:`throws_cap`); everybody else's throws stay, for his result
        is still compared with later ones."""
        if turn is None or self.index + 1 < len(self.order):
            return turn
        rows = self.playoffs[-1] if self.playoffs else self.results
        thrown = [rows[p] for p in self.order[: self.index]]
        return (turn.total, min(turn.throws, throws_cap(turn.total, thrown)), turn.step)

    def turn_note(self, turn: Any) -> Any:
        return Phrase(
            N_("sum {total} after {throws} throw"),
            {"total": turn.total, "throws": turn.throws},
            plural="sum {total} after {throws} throws",
            count="throws",
        )

    def score(self, result: Result) -> float:
        return float(result[1])

    def result_phrase(self, result: Result) -> Any:
        if result == BUST:
            return Phrase(N_("out (over {target})"), {"target": self.rules.target})
        return Phrase(
            N_("{total} in {throws} throw"),
            {"total": result[1], "throws": -result[2]},
            plural="{total} in {throws} throws",
            count="throws",
        )

    def void_round(self, results: Sequence[Result | None]) -> bool:
        """Everybody went bust: no winner, no payments, the round is played again (spec 5). Alone (the solo
        objective's table) a bust just counts 0."""
        return self.n > 1 and all(r == BUST for r in results)

    def payoffs(self) -> tuple[int, ...]:
        """The winner receives ``bust_chips`` from each busted player and the difference of the sums from each
        other one, all from the original round (spec 5); nothing before the end."""
        net = [0] * self.n
        if self.phase != "over":
            return tuple(net)
        w = self.winners()[0]
        for p, r in enumerate(self.results):
            if p == w or r is None:
                continue
            owed = self.rules.bust_chips if r == BUST else self.results[w][1] - r[1]  # type: ignore[index]
            net[p] -= owed
            net[w] += owed
        return tuple(net)

    def goal(self) -> Goal:
        return explained.goal(self.rules)

    def components(self, player: int | None) -> tuple[Any, ...]:
        out: tuple[Component, ...] = super().components(player)
        if self.phase == "over":
            out = (*out, Chips(self.payoffs()))
        return out

    def view(self, player: int | None) -> dict[str, Any]:
        v = super().view(player)
        if self.phase == "turn" and self.turn is not None:
            v["sum"] = self.turn.total
            v["throws"] = self.turn.throws
        if self.phase == "over":
            v["chips"] = list(self.payoffs())
        return v


@dataclasses.dataclass(frozen=True)
class QuinzeRoundRobinState(QuinzeState):
    """The spec's option ``order = "round_robin"``: one throw per player in turn; before each later throw a player
    may stop instead; who stops or busts leaves the rotation, the round ends when nobody is left in it. A throw-off
    is played the same way among the tied. Every running sum is public (the seats' notes)."""

    turns: tuple[QuinzeTurn | None, ...] = ()
    """Per seat his turn in the current pass (None: not in it)."""

    def begin(self, start: int) -> QuinzeRoundRobinState:
        s = dataclasses.replace(self, phase="turn", start=start)
        return s._start_pass(clockwise(start, self.n))

    def _start_pass(self, order: tuple[int, ...]) -> QuinzeRoundRobinState:
        turns = tuple(QuinzeTurn() if p in order else None for p in range(self.n))
        return dataclasses.replace(self, order=order, index=0, turns=turns, turn=turns[order[0]])

    def _after_turn_step(self, turn: Any) -> QuinzeRoundRobinState:
        turns = list(self.turns)
        turns[self.seat] = turn
        s = dataclasses.replace(self, turns=tuple(turns), turn=turn)
        return s if turn.step == "throw" else s._advance()  # "throw": he throws on now; else the die passes

    def _advance(self) -> QuinzeRoundRobinState:
        k = len(self.order)
        for step in range(1, k + 1):
            i = (self.index + step) % k
            t = self.turns[self.order[i]]
            if t is not None and t.step != "done":
                return dataclasses.replace(self, index=i, turn=t)
        return self._end_pass()

    def _end_pass(self) -> QuinzeRoundRobinState:
        target = self.rules.target
        rows = list(self.playoffs[-1] if self.playoffs else self.results)
        for p in self.order:
            t = self.turns[p]
            assert t is not None
            rows[p] = result_of(t.total, t.throws, target)
        if self.playoffs:
            s = dataclasses.replace(self, playoffs=(*self.playoffs[:-1], tuple(rows)))
        else:
            s = dataclasses.replace(self, results=tuple(rows))
        if not s.playoffs and s.void_round(s.results):
            return dataclasses.replace(s, results=(None,) * s.n, replays=s.replays + 1)._start_pass(s.order)
        tied = next_throw_off(s.ranking_now(), s.settle_loser())
        if not tied:
            return dataclasses.replace(s, phase="over", turn=None, turns=())
        s = dataclasses.replace(s, playoffs=(*s.playoffs, (None,) * s.n))
        return s._start_pass(in_turn_order(tied, s.start, s.n))

    def seat_note(self, seat: int) -> Any:
        t = self.turns[seat] if seat < len(self.turns) else None
        if t is None or t.throws == 0:
            return None
        if t.total > self.rules.target:
            return Phrase(N_("out (over {target})"), {"target": self.rules.target})
        return self.turn_note(t)

    def solver_key(self) -> Any:
        """Every seat's running turn of this pass (they all still count), whose throw or decision it is, and the
        earlier passes as the hand games' key has them."""
        if self.phase != "turn":
            return super().solver_key()
        w = 3
        earlier = [
            (
                *(self.results[p] or (0,) * w),
                *(x for row in (self.playoffs[:-1] if self.playoffs else ()) for x in (row[p] or (0,) * w)),
            )
            for p in range(self.n)
        ]
        from wuerfel.games.kit.solverkeys import dense_ranks

        return (self.start, self.order, self.index, dense_ranks(earlier) if self.playoffs else (), self.turns)


class QuinzeGame(HandGame):
    id = "quinze"
    state_class = QuinzeState


class QuinzeRoundRobinGame(HandGame):
    id = "quinze"
    state_class = QuinzeRoundRobinState


def make(rules: Any, n: int) -> Game:
    return QuinzeRoundRobinGame(rules, n) if rules.order == "round_robin" else QuinzeGame(rules, n)


# --- optimal play -------------------------------------------------------------------------------------------------
def turn_values(target: int, utility: Callable[[Result], Any]) -> dict[tuple[int, int], tuple[Any, Any]]:
    """For every decision (sum, throws) of a turn: (value of stopping, value of throwing on) when the turn's final
    result is worth ``utility(result)`` and the player maximises its expectation (exact with Fractions, fast with
    floats); key (0, 0) holds the turn's value before its first (compulsory) throw as both entries."""
    memo: dict[tuple[int, int], Any] = {}
    zero = utility(BUST) * 0  # 0 of the utility's own kind (a Fraction stays exact, a float stays fast)

    def best(total: int, throws: int) -> Any:
        key = (total, throws)
        if key not in memo:
            memo[key] = max(utility(result_of(total, throws, target)), on(total, throws))
        return memo[key]

    def on(total: int, throws: int) -> Any:
        return (
            sum((utility(BUST) if total + d > target else best(total + d, throws + 1) for d in range(1, 7)), zero) / 6
        )

    out: dict[tuple[int, int], tuple[Any, Any]] = {}
    start = on(0, 0)
    out[(0, 0)] = (start, start)
    for total in range(1, target + 1):
        for throws in range(1, total + 1):
            out[(total, throws)] = (utility(result_of(total, throws, target)), on(total, throws))
    return out


def solo_utility(result: Result) -> Fraction:
    """Alone: the final sum, a bust counting 0 (the issue's solo objective)."""
    return Fraction(result[1])


@cache
def solo_table(target: int) -> dict[tuple[int, int], tuple[Fraction, Fraction]]:
    return turn_values(target, solo_utility)


def solve_solo(rules: Any, rules_id: str, fresh: bool = False) -> Any:
    """``wuerfel solve quinze``: the expected final sum of one turn played alone at its best (a bust counts 0)."""
    from wuerfel.solvers.api import SolveResult

    if fresh:
        solo_table.cache_clear()
        beat_chance.cache_clear()
        duel_value.cache_clear()
        duel_table.cache_clear()
    t0 = time.perf_counter()
    value = solo_table(rules.target)[(0, 0)][0]
    return SolveResult(
        game="quinze",
        rules=rules_id,
        objective="solo",
        value=float(value),
        seconds=time.perf_counter() - t0,
        extra={"exact": str(value)},
        value_of=N_("the expected final sum of one turn played alone at its best (a bust counts 0)"),
    )


@cache
def beat_chance(target: int, best: Result, tie: float = 0.5) -> float:
    """The chance that a player who plays only to beat ``best`` does so, a tie (thrown off) counting ``tie``."""
    return float(turn_values(target, lambda r: 1.0 if r > best else tie if r == best else 0.0)[(0, 0)][0])


@cache
def duel_value(target: int) -> float:
    """Two players, both at their best: the first player's chance to win. The second plays to beat the first's
    result; a tie is thrown off by the same two in the same order, which is the same game again, so the first wins
    it with this very chance: the value is the fixed point ``W = max E[1 − P(second beats r) − P(tie | r)(1 − W)]``
    over the first player's play, found by iteration (a tie is rare, so each step shrinks the error about
    twentyfold). A first player's bust loses: the second stops after one throw."""

    def f(w: float) -> float:
        return float(turn_values(target, _first_utility(target, w))[(0, 0)][0])

    return tie_fixed_point(f, 1e-13)


def _first_utility(target: int, w: float) -> Callable[[Result], float]:
    def u(r: Result) -> float:
        return 0.0 if r == BUST else 1.0 - beat_chance(target, r, 1.0 - w)

    return u


@cache
def duel_table(target: int, first: Result | None) -> dict[tuple[int, int], tuple[Any, Any]]:
    """The duel's turn tables (built once per process and result): the first player's (``first`` None), or the
    second's against the first's result ``first`` (a tie worth the throw-off, which the first wins with the duel's
    value)."""
    w = duel_value(target)
    if first is None:
        return turn_values(target, _first_utility(target, w))
    return turn_values(target, lambda r: 1.0 if r > first else (1.0 - w) if r == first else 0.0)


def win_utility(target: int, before: Sequence[Result], later: int) -> Callable[[Result], float]:
    """What a final result is worth to a player who wants to win: 0 below the best result already thrown
    (``before``), a share where he ties it (a throw-off among the tied, even odds), and beyond it the chance that
    none of the ``later`` players beats it — each later player, to win, must beat it, and plays to do so
    (:func:`beat_chance`), so the chances multiply. Two players get the exact duel instead (:func:`duel_value`);
    with more it assumes each later player plays only to beat the best so far."""
    best = max(before, default=None)
    tied = sum(1 for r in before if r == best)

    def u(r: Result) -> float:
        if r == BUST or (best is not None and r < best):
            return 0.0
        share = 1.0 / (tied + 1) if best is not None and r == best else 1.0
        return share * (1.0 - beat_chance(target, r)) ** later

    return u


def decision_values(state: QuinzeState, player: int) -> dict[Action, float]:
    """The chance to win of throwing on and of stopping in the player's decision: exact with two players (the
    duel, :func:`duel_value`), by :func:`win_utility` with more; alone the expected final sum."""
    turn, target = state.turn, state.rules.target
    if isinstance(state, QuinzeRoundRobinState) and len(state.order) == 2:
        return round_robin_decision_values(state, player)
    if state.n == 1 or isinstance(state, QuinzeRoundRobinState):
        stop, on = solo_table(target)[(turn.total, turn.throws)]
        return {ThrowOn(): float(on), Stop(): float(stop)}
    rows = state.playoffs[-1] if state.playoffs else state.results
    before = [r for p in state.order[: state.index] if (r := rows[p]) is not None]
    later = len(state.order) - state.index - 1
    if state.n == 2 and len(state.order) == 2:
        table = duel_table(target, before[0] if before else None)
    else:
        table = turn_values(target, win_utility(target, before, later))
    stop, on = table[(turn.total, turn.throws)]
    return {ThrowOn(): float(on), Stop(): float(stop)}


# --- the round-robin variant with two players ----------------------------------------------------------------
Side = tuple[int, int, str]
"""One player's running turn in the round-robin variant: (sum, throws, step) with step "throw" (his next move is
a throw), "decide" (stop or throw on) or "done" (stopped or bust)."""


class RoundRobinDuel:
    """Two players, one throw each in turn (``order = "round_robin"``), both playing to win; the value is the chance
    of the pass's first player A. B's chance is its complement: a tie of sum and throws is thrown off, and a round
    in which both bust is played again, each time by the same two in the same order — the same game again, worth
    ``w`` (the fixed point :func:`round_robin_value`). Positions: both running turns and whose move it is; the
    throws of two players still in the rotation differ by at most one, so they are a few thousand."""

    def __init__(self, target: int, w: float) -> None:
        self.target = target
        self.w = w
        self.memo: dict[tuple[Side, Side, int], float] = {}

    def end(self, a: Side, b: Side) -> float:
        ra, rb = result_of(a[0], a[1], self.target), result_of(b[0], b[1], self.target)
        return 1.0 if ra > rb else 0.0 if ra < rb else self.w

    def next_value(self, a: Side, b: Side, mover: int) -> float:
        """After ``mover`` threw (or stopped): the die goes to the other if he is still in, else back to him."""
        sides = (a, b)
        for p in (1 - mover, mover):
            if sides[p][2] != "done":
                return self.value(a, b, p)
        return self.end(a, b)

    def throw(self, a: Side, b: Side, mover: int) -> float:
        me = (a, b)[mover]
        acc = 0.0
        for d in range(1, 7):
            total = me[0] + d
            side = (total, me[1] + 1, "done" if total > self.target else "decide")
            acc += self.next_value(side, b, 0) if mover == 0 else self.next_value(a, side, 1)
        return acc / 6

    def stop(self, a: Side, b: Side, mover: int) -> float:
        if mover == 0:
            return self.next_value((a[0], a[1], "done"), b, 0)
        return self.next_value(a, (b[0], b[1], "done"), 1)

    def value(self, a: Side, b: Side, mover: int) -> float:
        key = (a, b, mover)
        v = self.memo.get(key)
        if v is None:
            if (a, b)[mover][2] == "throw":
                v = self.throw(a, b, mover)
            else:
                on, stop = self.throw(a, b, mover), self.stop(a, b, mover)
                v = max(on, stop) if mover == 0 else min(on, stop)
            self.memo[key] = v
        return v

    def start(self) -> float:
        return self.value((0, 0, "throw"), (0, 0, "throw"), 0)


@cache
def round_robin_value(target: int) -> float:
    """The round-robin variant with two players: the first player's chance when both play to win, the fixed point
    W = f(W) of the tie's worth (secant steps, as for the whole-turn duel)."""

    def f(w: float) -> float:
        return RoundRobinDuel(target, w).start()

    return tie_fixed_point(f, 1e-13)


@cache
def round_robin_duel(target: int) -> RoundRobinDuel:
    """The solved duel at its fixed point; its memo fills as positions are asked for."""
    duel = RoundRobinDuel(target, round_robin_value(target))
    duel.start()
    return duel


def round_robin_decision_values(state: QuinzeRoundRobinState, player: int) -> dict[Action, float]:
    """Two players in the round-robin variant: throwing on and stopping, each with the player's exact chance to
    win (:class:`RoundRobinDuel`; A is the pass's first player, also in a throw-off)."""
    duel = round_robin_duel(state.rules.target)
    first, second = state.order
    a, b = state.turns[first], state.turns[second]
    assert a is not None and b is not None
    sa, sb = (a.total, a.throws, a.step), (b.total, b.throws, b.step)
    mover = 0 if player == first else 1
    on, stop = duel.throw(sa, sb, mover), duel.stop(sa, sb, mover)
    if mover == 1:
        on, stop = 1.0 - on, 1.0 - stop
    return {ThrowOn(): on, Stop(): stop}


def solve_two_players(rules: Any, rules_id: str, fresh: bool = False) -> Any:
    """``wuerfel solve quinze --players 2`` for the round-robin variant (the whole-turn order is the generic exact
    solver's, which fits it): each seat's exact chance when both play to win (:func:`round_robin_value`)."""
    from wuerfel.solvers.two_player import TwoPlayerResult, seat_chances

    if rules.order != "round_robin":
        return None
    if fresh:
        round_robin_value.cache_clear()
        round_robin_duel.cache_clear()
    t0 = time.perf_counter()
    first = round_robin_value(rules.target)
    duel = round_robin_duel(rules.target)
    return TwoPlayerResult(
        game="quinze",
        rules=rules_id,
        seat_wins=seat_chances(first, rules.start),
        first_player_wins=first,
        seconds=time.perf_counter() - t0,
        states=len(duel.memo),
        method=N_(
            "both running sums and throws and whose move it is, a tie or a double bust (the same game "
            "again) as a fixed point"
        ),
    )


class QuinzeHeuristicBot:
    """Throws on while the sum is below a fixed line (12) or below the best sum already thrown."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, QuinzeState)
        rows = state.playoffs[-1] if state.playoffs else state.results
        best = max((r[1] for p in state.order[: state.index] if (r := rows[p]) is not None and r != BUST), default=0)
        return ThrowOn() if state.turn.total < max(12, best) else Stop()


class QuinzeOptimalBot(BestValueBot):
    """Maximises its chance to win (:func:`decision_values`): with two players the exact duel — the strategy of the
    generic exact solver, computed by the turn's own small fixed point in milliseconds instead of its 45,000
    positions (``test_duel_bot_plays_the_generic_solvers_strategy``); with more players against the results thrown,
    each later player assumed to play to beat the best so far; in the round-robin variant with two (or in its
    throw-off of two) the exact duel over both running turns (:class:`RoundRobinDuel`); alone, and in the
    round-robin variant with more players, the best expected sum."""

    state_class = QuinzeState

    def values(self, state: QuinzeState, player: int) -> dict[Action, float]:
        return decision_values(state, player)


class QuinzeAdvisor(BestValueAdvisor):
    """Throwing on and stopping, each with its chance to win (:func:`decision_values`), or alone its expected final
    sum, and what it loses against the better."""

    state_class = QuinzeState
    solo_measure = N_("expected final sum (optimal play)")

    def values(self, state: QuinzeState, player: int) -> dict[Action, float]:
        return decision_values(state, player)

    def measure(self, state: QuinzeState) -> tuple[str, Literal["chance", "points"]]:
        """In the round-robin variant the values are the expected sum with more than two still playing, the exact
        duel's chance with two."""
        duel = isinstance(state, QuinzeRoundRobinState) and len(state.order) == 2
        if state.n == 1 or (isinstance(state, QuinzeRoundRobinState) and not duel):
            return self.solo_measure, "points"
        return win_measure(2 if duel else state.n), "chance"


INFO = register(
    GameInfo(
        id="quinze",
        name_de="Quinze",
        name_en="Quinze (Fifteen)",
        options_class=QuinzeRules,
        make=make,
        family="one-die",
        min_players=2,
        max_players=8,
        default_preset="quinze",
        presets_dir=Path(__file__).parent / "presets" / "quinze",
        locale_dir=Path(__file__).parent / "locale" / "quinze",
        description_de="Ein Würfel, so oft du willst: Komm möglichst nah an 15 – wer darüber kommt, scheidet aus.",
        description_en="One die, as often as you like: get as close to 15 as you can — over 15 you are out.",
        aliases=("fuenfzehn", "fünfzehn"),
        bots={"heuristic": QuinzeHeuristicBot, "optimal": QuinzeOptimalBot},
        solvers={"solo": solve_solo},
        two_player_solver=solve_two_players,
        advisor=QuinzeAdvisor,
        default_bot="heuristic",
        chips=True,
        explain=explained.explain,
        explain_quotes=("target", "bust_chips"),
    )
)
