"""The generic exact solver: every seat's exact chances in any game whose reachable state space is small.

It knows no game. It walks the engine API only — ``to_move``/``actors``, ``legal_actions``, ``chance_outcomes``
(exact :class:`~fractions.Fraction` probabilities), ``winners``/``losers``/``scores`` at the end — over the
states' :meth:`~wuerfel.engine.game.State.solver_key`, and computes with Fractions throughout, so the figures are
exact, not sampled.

Why it is built the way it is:

* **Cycles are ordinary.** A throw that changes nothing (nobody hits the number, a void throw, a throw-off that ties
  again, Hin und her's strike and unstrike) makes a position return to itself. The reachable graph is therefore split
  into strongly connected components (Tarjan, iterative) and these are solved in reverse topological order: an SCC
  sees only solved positions outside itself, so its values are the solution of one linear system
  ``x = A x + b`` over the SCC, solved exactly by sparse Gaussian elimination on Fractions (minimum-degree order,
  several right-hand sides at once). A system without a solution means some position can go on for ever; that
  is refused, not approximated.
* **Decisions in cycles** (Pig: roll a 1 and the same scores come back) are solved by policy iteration: a
  strategy from a float value iteration, then exactly evaluated, improved where another action is strictly better
  for the player who chooses, until nothing changes. The result is verified by construction: no seat can gain by
  changing one decision.
* **What a player wants** is the objective. ``solo``: the one player maximises his expected final score (minimises
  it where the game's score direction is "lower is better"). ``win``: every player, at his own decision node,
  maximises his own expected win share (a shared win counts 1/k, as in :meth:`State.returns`); among equally good
  actions he prefers the one that makes him less likely to be a loser, then the lowest action id. With two players
  in a game where every end has a winner this is the zero-sum solution; with more players, or games that can end
  without a winner, it is the stationary subgame-perfect equilibrium that this tie rule selects.
* **Refusals are clear.** More reachable keys than ``max_states`` (an unbounded pot, a growing history), keys that
  are not values, simultaneous or hidden decisions, or a game that can go on for ever: each has its own message in
  German and English.
"""

from __future__ import annotations

import dataclasses
import heapq
import itertools
import math
import time
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any

from wuerfel.engine.errors import N_, WuerfelError
from wuerfel.engine.game import CHANCE, SIMULTANEOUS, TERMINAL, Action, Game, Outcome, State, amounts, with_amount

DEFAULT_MAX_STATES = 100_000
"""Reachable keys explored before a game is refused as too large (or infinite). Measured: a race of four players
with 89,856 positions takes 20 s and 200 MB; Jule for four (89,857 positions) 13 s. Most of the time goes to the
game's own moves (each of 56 throws of three dice makes a new state), so a key that merges positions is worth far
more than a larger limit. ``--max-states`` raises it for a patient user."""

MAX_AMOUNT_CHOICES = 1_000
"""A parameterised action (an amount) is expanded value by value up to this many values; beyond, refused."""

MAX_POLICY_ROUNDS = 100
"""Policy-iteration rounds per SCC before a strategy that keeps changing is refused (possible only for ``win``
with more than two players or games without a winner at every end)."""

OBJECTIVES = ("win", "solo")


class ExactSolveError(WuerfelError):
    """A game the exact solver cannot or will not solve, with the reason in words."""


@dataclasses.dataclass(frozen=True)
class SeatChances:
    win: Fraction
    lose: Fraction | None
    score: Fraction | None
    """The expected final score (objective ``solo`` only)."""


@dataclasses.dataclass(frozen=True)
class ExactResult:
    """The exact solution of one game: JSON ``{"game", "rules", "players", "objective", "value", "seats": [{"win",
    "lose"}], "seconds"}`` (a stable contract) plus exact ``"p/q"`` strings and the size of the graph."""

    game: str
    rules: str
    players: int
    objective: str
    value: Fraction
    seats: tuple[SeatChances, ...]
    seconds: float
    states: int
    decisions: int
    largest_cycle: int
    """Keys in the largest strongly connected component (1 when no position can come back)."""
    strategy: Strategy | None = dataclasses.field(default=None, compare=False, repr=False)
    """The solved play (``solve_game(…, keep_strategy=True)``): a bot or a hint asks it for the move."""

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rules": self.rules,
            "players": self.players,
            "objective": self.objective,
            "value": float(self.value),
            "seats": [{"win": float(s.win), "lose": None if s.lose is None else float(s.lose)} for s in self.seats],
            "seconds": self.seconds,
            "exact": {
                "value": _ratio(self.value),
                "seats": [
                    {"win": _ratio(s.win), "lose": None if s.lose is None else _ratio(s.lose)} for s in self.seats
                ],
            },
            "states": self.states,
            "decisions": self.decisions,
            "largest_cycle": self.largest_cycle,
        }


def _ratio(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


# Node kinds of the explored graph.
_CHANCE, _DECISION, _TERMINAL = 0, 1, 2

Vec = tuple[Fraction, ...]

IVec = tuple[int, tuple[int, ...]]
"""A value vector as the solver keeps it: ``(d, (n_0, n_1, …))`` stands for ``(n_0/d, n_1/d, …)``, in lowest terms
over one common denominator. Why: the Fractions of :mod:`fractions` are pure Python, and an expectation over 56
throws of three dice made hundreds of them (a gcd each) per position — most of the solver's time. Integers over one
denominator need one lcm per successor and one gcd per position."""


def _to_ivec(xs: Sequence[Fraction]) -> IVec:
    d = math.lcm(*(x.denominator for x in xs)) if xs else 1
    return d, tuple(x.numerator * (d // x.denominator) for x in xs)


def _to_fvec(v: IVec) -> Vec:
    d, nums = v
    return tuple(Fraction(x, d) for x in nums)


@dataclasses.dataclass
class _Graph:
    """The reachable graph over keys. Forced moves (one legal action) are chance edges of probability 1."""

    kind: list[int]
    mover: list[int]
    edges: list[list[tuple[int, int]]]
    """Chance nodes: (weight, successor), one entry per successor (probabilities of outcomes merged); the
    probability is ``weight / denom[i]``."""
    denom: list[int]
    """Chance nodes: the common denominator of their edges' probabilities (the weights sum to it)."""
    choices: list[list[tuple[int, int]]]
    """Decision nodes: (action id, successor), sorted by action id."""
    result: list[IVec | None]
    """Terminal nodes: the quantity vector (win shares, loser indicators, scores)."""
    has_loser: bool


def solve_game(
    game: Game,
    objective: str = "win",
    *,
    game_id: str = "",
    rules_id: str = "",
    max_states: int = DEFAULT_MAX_STATES,
    hidden_information: bool = False,
    name: str | None = None,
    keep_strategy: bool = False,
    policy: Callable[[State, int], Action | None] | None = None,
) -> ExactResult:
    """Solve ``game`` exactly for ``objective`` (``"win"`` or ``"solo"``); see the module text for both.

    ``hidden_information`` (the registry's flag; also assumed when the state overrides ``determinize``) refuses
    decisions, which open-information backward induction would solve wrongly; ``name`` names the game in refusals
    (a :class:`~wuerfel.engine.errors.Words` for both languages; default: its id). ``keep_strategy`` keeps the
    positions' keys and the chosen moves in ``result.strategy`` (memory: the keys of every position).

    ``policy(state, player) → action`` fixes decisions (say, each seat's bot): the result is then the exact
    worth of that play — each seat's chance to win when these bots meet, without the noise of simulated games
    (bench/hasard_part2_exact.py); where it returns None the seat chooses as the solver does (the best reply to
    the fixed seats). The policy must choose by what the position's ``solver_key`` keeps, as the bots do.
    """
    if objective not in OBJECTIVES:
        raise ExactSolveError(
            N_("Unknown objective '{objective}'. Known: {known}"), objective=objective, known=", ".join(OBJECTIVES)
        )
    n = game.num_players
    if objective == "solo" and n != 1:
        raise ExactSolveError(N_("The objective solo is for one player, not {n}."), n=n)
    start = time.perf_counter()
    root = game.new_initial_state()
    # A game that draws hidden dice for a player's guesses has secrets even where its registry entry forgot to say.
    hidden_information = hidden_information or type(root).determinize is not State.determinize
    graph, index = _explore(
        root,
        n,
        max_states,
        hidden_information,
        with_scores=objective == "solo",
        name=name or game_id or game.id,
        policy=policy,
    )
    sign = Fraction(-1) if objective == "solo" and root.lower_is_better() else Fraction(1)
    solver = _Solver(graph, n, objective, sign)
    values = solver.solve()
    strategy = Strategy(game, index, solver.chosen_actions(), values, n) if keep_strategy else None
    del index
    v0 = _to_fvec(values[0])
    seats = tuple(
        SeatChances(
            win=v0[p], lose=v0[n + p] if graph.has_loser else None, score=v0[2 * n + p] if objective == "solo" else None
        )
        for p in range(n)
    )
    value = v0[2 * n] if objective == "solo" else v0[0]
    return ExactResult(
        game=game_id or game.id,
        rules=rules_id,
        players=n,
        objective=objective,
        value=value,
        seats=seats,
        seconds=time.perf_counter() - start,
        states=len(graph.kind),
        decisions=sum(1 for k in graph.kind if k == _DECISION),
        largest_cycle=solver.largest_cycle,
        strategy=strategy,
    )


class Strategy:
    """The solved play of one game: for any reachable position, the move the solution makes and every seat's
    exact chances from there. Positions are found by their :meth:`State.solver_key`."""

    def __init__(
        self, game: Game, index: dict[Hashable, int], actions: dict[int, int], values: list[IVec], n: int
    ) -> None:
        self.game = game
        self._index = index
        self._actions = actions
        self._values = values
        self._n = n

    def action(self, state: State) -> Action | None:
        """The solution's move at a decision of ``state``: the only legal one where there is no choice; None at a
        throw, at the end, or in a position the solution never reaches."""
        i = self._index.get(state.solver_key())
        if i is None or state.is_chance() or state.is_terminal():
            return None
        if i not in self._actions:
            actors = state.actors()
            legal = [c for a in state.legal_actions(actors[0]) for c in _expand(a)] if len(actors) == 1 else []
            return legal[0] if len(legal) == 1 else None
        return self.game.action_from_id(self._actions[i])

    def chances(self, state: State) -> tuple[SeatChances, ...] | None:
        """Every seat's exact win and lose chances from ``state`` on, as solved (None: never reached). ``lose``
        is 0 here for a game without loser, since one position cannot tell."""
        i = self._index.get(state.solver_key())
        if i is None:
            return None
        v, n = _to_fvec(self._values[i]), self._n
        return tuple(
            SeatChances(win=v[p], lose=v[n + p], score=v[2 * n + p] if len(v) > 2 * n else None) for p in range(n)
        )


# --- exploration ---------------------------------------------------------------------------------------------


def _check_key(key: Hashable) -> None:
    """Refuse keys that are not values: unhashable ones, and ones hashed by identity (every state would be new)."""
    try:
        hash(key)
    except TypeError as exc:
        raise ExactSolveError(
            N_("The positions of this game are not values the solver can compare ({kind} cannot be hashed)."),
            kind=type(key).__name__,
        ) from exc
    cls = type(key)
    if cls.__hash__ is object.__hash__ and cls.__eq__ is object.__eq__:
        raise ExactSolveError(
            N_("The positions of this game are not values the solver can compare ({kind} is compared by identity)."),
            kind=cls.__name__,
        )


def _expand(action: Action) -> Iterator[Action]:
    """The concrete actions a (possibly parameterised) legal action stands for."""
    free = amounts(action)
    if not free:
        yield action
        return
    total = 1
    for a in free.values():
        total *= max(a.high - a.low + 1, 0)
    if total > MAX_AMOUNT_CHOICES:
        raise ExactSolveError(
            N_("A move of this game has {n} possible amounts; the exact solver takes at most {max}."),
            n=total,
            max=MAX_AMOUNT_CHOICES,
        )
    names = list(free)
    for values in itertools.product(*(range(free[k].low, free[k].high + 1) for k in names)):
        yield with_amount(action, **dict(zip(names, values, strict=True)))


def _terminal_vector(state: State, n: int, with_scores: bool) -> tuple[IVec, bool]:
    """The quantities the solver carries: win share per seat, loser indicator per seat, and (``solo``) scores."""
    winners = set(state.winners())
    losers = set(state.losers())
    share = Fraction(1, len(winners)) if winners else Fraction(0)
    vec = (
        tuple(share if p in winners else Fraction(0) for p in range(n))
        + tuple(Fraction(1) if p in losers else Fraction(0) for p in range(n))
        + (tuple(Fraction(s) for s in state.scores()[:n]) if with_scores else ())
    )
    return _to_ivec(vec), bool(losers)


_INT_CHANCES: dict[int, tuple[Any, int, list[tuple[Outcome, int]]]] = {}
"""``id(outcomes) → (outcomes, d, [(outcome, weight)])``: a game's list of outcomes with integer weights over one
denominator, converted once per list object (games return the same cached tuple for every throw of k dice). The
list itself is kept, so its id cannot be reused while the entry lives."""


def _int_chances(outcomes: Sequence[tuple[Outcome, Fraction]]) -> tuple[int, list[tuple[Outcome, int]]]:
    """The outcomes of positive probability with integer weights over their common denominator."""
    hit = _INT_CHANCES.get(id(outcomes))
    if hit is not None and hit[0] is outcomes:
        return hit[1], hit[2]
    listed = [(o, Fraction(p)) for o, p in outcomes if p != 0]  # probability 0: only a person reports it
    d = math.lcm(*(p.denominator for _, p in listed)) if listed else 1
    weighted = [(o, p.numerator * (d // p.denominator)) for o, p in listed]
    if isinstance(outcomes, tuple):  # an immutable list may be shared: keep its conversion
        if len(_INT_CHANCES) > 4096:
            _INT_CHANCES.clear()
        _INT_CHANCES[id(outcomes)] = (outcomes, d, weighted)
    return d, weighted


def _explore(
    root: State,
    n: int,
    max_states: int,
    hidden_information: bool,
    with_scores: bool,
    name: str,
    policy: Callable[[State, int], Action | None] | None = None,
) -> tuple[_Graph, dict[Hashable, int]]:
    root_key = root.solver_key()
    _check_key(root_key)
    index: dict[Hashable, int] = {root_key: 0}
    reps: list[State | None] = [root]
    moves: list[int] = [root.to_move()]
    g = _Graph(kind=[], mover=[], edges=[], denom=[], choices=[], result=[], has_loser=False)
    game = root.game

    def node(state: State) -> int:
        key = state.solver_key()
        try:
            i = index.get(key)
        except TypeError:
            _check_key(key)  # refuses it in words
            raise
        if i is None:
            i = len(reps)
            if i >= max_states:
                # In the user's words and with the option that helps (issue 24 U9): a key of the game's states is
                # the developer's remedy (docs/architecture.md), not the reader's.
                raise ExactSolveError(
                    N_(
                        "{game} has more than {max} positions to solve (or infinitely many), too "
                        "many for the exact solver. Try fewer players or a smaller rule set, or "
                        "allow more positions with --max-states (it takes longer and more "
                        "memory)."
                    ),
                    game=name,
                    max=max_states,
                )
            index[key] = i
            reps.append(state)
            moves.append(state.to_move())
        elif key is not state and state.to_move() != moves[i]:
            raise ExactSolveError(
                N_(
                    "The solver key of {game} joins positions that differ in who moves: the key "
                    "breaks its contract (State.solver_key)."
                ),
                game=name,
            )
        return i

    i = 0
    while i < len(reps):
        s = reps[i]
        assert s is not None
        reps[i] = None  # the key stands for the state from now on; let the state go
        tm = moves[i]
        edges: list[tuple[int, int]] = []
        denom = 1
        choices: list[tuple[int, int]] = []
        result: IVec | None = None
        kind, mover = _CHANCE, -1
        if tm == TERMINAL:
            kind = _TERMINAL
            result, lost = _terminal_vector(s, n, with_scores)
            g.has_loser = g.has_loser or lost
        elif tm == CHANCE:
            denom, weighted = _int_chances(s.chance_outcomes())
            merged: dict[int, int] = {}
            for outcome, w in weighted:
                j = node(s._apply_outcome(outcome))
                merged[j] = merged.get(j, 0) + w
            if sum(merged.values()) != denom:
                raise ExactSolveError(N_("The chances of a throw in {game} do not add up to 1."), game=name)
            edges = [(w, j) for j, w in merged.items()]
        else:
            actors = s.actors()
            if tm == SIMULTANEOUS and len(actors) != 1:
                raise ExactSolveError(
                    N_(
                        "{game} has simultaneous decisions; the exact solver solves only games "
                        "where one player decides at a time."
                    ),
                    game=name,
                )
            mover = actors[0] if actors else -1
            fixed = policy(s, mover) if policy is not None and actors else None
            if fixed is not None:
                legal = [fixed]  # a fixed strategy: the move this seat's bot makes here
            else:
                legal = [c for a in s.legal_actions(mover) for c in _expand(a)] if actors else []
            if not legal:
                raise ExactSolveError(N_("A position of {game} has a player to move but no legal move."), game=name)
            if len(legal) == 1:
                edges = [(1, node(s._apply_action(legal[0], mover)))]
            else:
                if hidden_information:
                    raise ExactSolveError(
                        N_(
                            "{game} has decisions under hidden information; the exact solver "
                            "solves those only for games of open information."
                        ),
                        game=name,
                    )
                kind = _DECISION
                by_id: dict[int, int] = {}
                for a in legal:
                    by_id.setdefault(game.action_id(a), node(s._apply_action(a, mover)))
                choices = sorted(by_id.items())
        g.kind.append(kind)
        g.mover.append(mover)
        g.edges.append(edges)
        g.denom.append(denom)
        g.choices.append(choices)
        g.result.append(result)
        i += 1
    return g, index


# --- strongly connected components -----------------------------------------------------------------------


def _successors(g: _Graph, i: int) -> list[int]:
    if g.kind[i] == _DECISION:
        return [j for _, j in g.choices[i]]
    return [j for _, j in g.edges[i]]


def strongly_connected(num: int, succ: Sequence[Sequence[int]]) -> list[list[int]]:
    """Tarjan's SCCs of the graph ``0..num-1``, iteratively (no recursion limit), in reverse topological order:
    every SCC comes after all SCCs it can reach."""
    index = [-1] * num
    low = [0] * num
    on_stack = [False] * num
    stack: list[int] = []
    out: list[list[int]] = []
    counter = 0
    for root in range(num):
        if index[root] >= 0:
            continue
        work: list[tuple[int, int]] = [(root, 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            v, k = work[-1]
            nxt = succ[v]
            if k < len(nxt):
                work[-1] = (v, k + 1)
                w = nxt[k]
                if index[w] < 0:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack[w] = True
                    work.append((w, 0))
                elif on_stack[w]:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                u = work[-1][0]
                low[u] = min(low[u], low[v])
            if low[v] == index[v]:
                comp: list[int] = []
                while True:
                    w = stack.pop()
                    on_stack[w] = False
                    comp.append(w)
                    if w == v:
                        break
                out.append(comp)
    return out


def _cut(comp: list[int], succ: dict[int, list[int]]) -> tuple[list[int], list[int]]:
    """A set of positions whose removal leaves the SCC without cycles (the targets of a depth-first search's back
    edges: without them every remaining edge goes from a later to an earlier finish), and the positions in the
    order they finished (every position after the non-cut positions it leads to)."""
    state: dict[int, int] = {}
    cut: dict[int, None] = {}
    finished: list[int] = []
    for root in comp:
        if root in state:
            continue
        state[root] = 1
        stack = [(root, iter(succ[root]))]
        while stack:
            v, it = stack[-1]
            for w in it:
                seen = state.get(w)
                if seen is None:
                    state[w] = 1
                    stack.append((w, iter(succ[w])))
                    break
                if seen == 1:
                    cut[w] = None  # a back edge: w is on the current path
            else:
                stack.pop()
                state[v] = 2
                finished.append(v)
    return list(cut), finished


MAX_CUT = 64
"""An SCC whose cut has at most this many positions is solved through the cut (:meth:`_Solver.evaluate_by_cut`);
a larger one as one linear system over all its positions."""


# --- exact linear systems --------------------------------------------------------------------------------


def solve_linear(rows: list[dict[int, Fraction]], consts: list[Vec]) -> list[Vec]:
    """Solve ``x_i = Σ_j rows[i][j]·x_j + consts[i]`` exactly (vectors: several right-hand sides at once), where
    the coefficients are probabilities (non-negative, each row summing to at most 1), as they are in a game.

    Raises :class:`ZeroDivisionError` when the system has no unique solution — for a game: some position can go
    on for ever. That is decided on the graph (:func:`ends_surely`), not by arithmetic. Small systems are solved
    by sparse elimination over Fractions (:func:`solve_by_elimination`), large ones by p-adic lifting
    (:func:`solve_by_lifting`), whose cost does not grow with the fill-in that makes Fractions crawl.
    """
    if not ends_surely(rows):
        raise ZeroDivisionError("singular")
    m = len(rows)
    if m > LIFTING_FROM:
        try:
            return solve_by_elimination(rows, consts, max_entries=FILL_FACTOR * (m + sum(map(len, rows))))
        except _TooDense:
            if m > MAX_LIFTING_UNKNOWNS:
                raise ExactSolveError(
                    N_(
                        "{n} positions of this game can return to each other, too many to solve "
                        "exactly. Try fewer players or a smaller rule set."
                    ),
                    n=m,
                ) from None
        for prime in PRIMES:
            solution = solve_by_lifting(rows, consts, prime)
            if solution is not None:
                return solution
    return solve_by_elimination(rows, consts)


LIFTING_FROM = 40
"""Systems with at most this many unknowns are always solved by elimination."""

FILL_FACTOR = 8
"""Elimination of a larger system gives up for lifting once its entries grow past this many times the original
ones: sparse cycles (a race, a track) stay sparse and are fastest by elimination, while cycles that fill in
(Hin und her's struck sets, a hypercube) make Fraction elimination cubic in slow arithmetic. Measured on the
toys: strike-and-unstrike on five faces takes 150 s by elimination, 7 s by lifting."""


class _TooDense(Exception):
    """Elimination stopped: the fill-in passed its budget."""


PRIMES = (8388593, 8388587, 8388581)
"""Primes below 2**23 for lifting: products of two residues summed over up to 2**17 unknowns fit in 63 bits. A
second and third are tried only if the matrix happens to be singular modulo the first."""

MAX_LIFTING_UNKNOWNS = 2000
"""Lifting holds a dense m×m matrix and inverts it in O(m³): measured 6 s for a dense m = 1000, so about a minute
for 2000 (32 MB). A larger cycle that also fills in under elimination is refused. (The 63-bit bound would allow
2**16.)"""


def ends_surely(rows: Sequence[dict[int, Fraction]]) -> bool:
    """Whether ``I − A`` is invertible for the substochastic ``A`` of ``rows``: exactly when every unknown can
    reach, along positive coefficients, a row that leaks (sums to less than 1) — a position from which the game
    can leave the cycle. Otherwise a closed set of positions keeps the game going for ever."""
    m = len(rows)
    back: list[list[int]] = [[] for _ in range(m)]
    todo: list[int] = []
    reached = [False] * m
    for i, r in enumerate(rows):
        total = Fraction(0)
        for j, v in r.items():
            if v:
                back[j].append(i)
                total += v
        if total < 1:
            reached[i] = True
            todo.append(i)
    while todo:
        j = todo.pop()
        for i in back[j]:
            if not reached[i]:
                reached[i] = True
                todo.append(i)
    return all(reached)


def _inverse_mod(matrix: Any, p: int) -> Any:
    """The inverse of an integer matrix modulo the prime ``p`` (Gauss–Jordan in numpy), or None if singular.

    Rows are reduced modulo ``p`` lazily: only the pivot row and the multipliers, never the whole matrix per step.
    A row then collects at most ``m`` products below ``p²`` each, which fits 63 bits for ``p < 2**23`` and
    ``m ≤ 2**16`` (far above :data:`MAX_LIFTING_UNKNOWNS`); the modulo of every entry per step was most of the time.
    """
    import numpy as np

    m = matrix.shape[0]
    a = matrix % p
    inv = np.eye(m, dtype=np.int64)
    for col in range(m):
        nz = np.flatnonzero(a[col:, col] % p)
        if not len(nz):
            return None
        piv = col + int(nz[0])
        if piv != col:
            a[[col, piv]] = a[[piv, col]]
            inv[[col, piv]] = inv[[piv, col]]
        a[col, col:] %= p
        inv[col] %= p
        scale = pow(int(a[col, col]), p - 2, p)
        a[col, col:] = a[col, col:] * scale % p
        inv[col] = inv[col] * scale % p
        f = a[:, col] % p
        f[col] = 0
        targets = np.flatnonzero(f)
        if 4 * len(targets) > m:  # dense by now: whole slices beat gathering rows
            a[:, col:] -= np.outer(f, a[col, col:])
            inv -= np.outer(f, inv[col])
        elif len(targets):
            factor = f[targets][:, None]
            a[targets, col:] -= factor * a[col, col:]
            inv[targets] -= factor * inv[col]
    return inv % p


def _rational(u: int, modulus: int, bound: int) -> tuple[int, int] | None:
    """The fraction n/d (|n|, d ≤ bound) congruent to ``u`` modulo ``modulus`` (Wang's rational reconstruction)."""
    r0, r1, t0, t1 = modulus, u % modulus, 0, 1
    while r1 > bound:
        q = r0 // r1
        r0, r1 = r1, r0 - q * r1
        t0, t1 = t1, t0 - q * t1
    if t1 == 0 or abs(t1) > bound:
        return None
    return (-r1, -t1) if t1 < 0 else (r1, t1)


def solve_by_lifting(rows: list[dict[int, Fraction]], consts: list[Vec], p: int) -> list[Vec] | None:
    """Dixon's p-adic lifting: the exact solution from one inverse modulo ``p`` (numpy, machine integers) and a
    residual kept exact in Python integers, then rational reconstruction, then an exact check of every equation
    (so a wrong reconstruction is never returned: more digits are lifted instead). None if the matrix is singular
    modulo ``p`` or its entries are too large for machine integers."""
    import math

    import numpy as np

    m, q = len(rows), len(consts[0])
    # Integer rows: row i of (I − A) times the lcm of its denominators; right-hand sides over one denominator each.
    mat: list[list[tuple[int, int]]] = []
    rhs_frac: list[list[Fraction]] = []
    for i, r in enumerate(rows):
        coeffs = {j: -v for j, v in r.items() if v}
        coeffs[i] = coeffs.get(i, Fraction(0)) + 1
        scale = math.lcm(*(v.denominator for v in coeffs.values()))
        mat.append([(j, int(v * scale)) for j, v in coeffs.items() if v])
        rhs_frac.append([c * scale for c in consts[i]])
    denominators = [math.lcm(*(rhs_frac[i][k].denominator for i in range(m))) for k in range(q)]
    rhs = [[int(rhs_frac[i][k] * denominators[k]) for k in range(q)] for i in range(m)]
    biggest = max(abs(v) for row in mat for _, v in row)
    if biggest >= 1 << 40:
        return None
    dense = np.zeros((m, m), dtype=np.int64)
    for i, row in enumerate(mat):
        for j, v in row:
            dense[i, j] = v
    inv = _inverse_mod(dense, p)
    if inv is None:
        return None
    residual = [list(r) for r in rhs]
    digits: list[list[list[int]]] = []
    modulus = 1
    steps, check_at = 0, 4
    while True:
        res_mod = np.array([[v % p for v in r] for r in residual], dtype=np.int64)
        x = (inv @ res_mod) % p
        xl = x.tolist()
        for i, row in enumerate(mat):
            ri = residual[i]
            for j, v in row:
                xj = xl[j]
                for k in range(q):
                    ri[k] -= v * xj[k]
            residual[i] = [val // p for val in ri]
        digits.append(xl)
        modulus *= p
        steps += 1
        if steps == check_at:
            check_at *= 2
            solution = _reconstruct(digits, p, modulus, mat, rhs, denominators)
            if solution is not None:
                return solution
        if steps > 1 << 16:
            return None


def _reconstruct(
    digits: list[list[list[int]]],
    p: int,
    modulus: int,
    mat: list[list[tuple[int, int]]],
    rhs: list[list[int]],
    denominators: list[int],
) -> list[Vec] | None:
    """Rational solutions from the p-adic digits so far, if they satisfy every equation exactly; else None."""
    from math import isqrt

    m, q = len(digits[0]), len(digits[0][0])
    steps = len(digits)
    bound = isqrt(modulus // 2)
    values = [[0] * q for _ in range(m)]
    dl = digits
    for i in range(m):
        for k in range(q):
            u = 0
            for s in range(steps - 1, -1, -1):
                u = u * p + dl[s][i][k]
            values[i][k] = u
    columns: list[list[Fraction]] = []
    for k in range(q):
        common = 1
        nums: list[tuple[int, int]] = []
        for i in range(m):
            found = _rational(values[i][k] * common % modulus, modulus, bound)
            if found is None:
                return None
            n, d = found
            common *= d
            nums.append((n, common))
        # x_i = n_i / common_i; every equation checked over the final common denominator, in integers.
        ints = [n * (common // c) for n, c in nums]
        for i, row in enumerate(mat):
            if sum(v * ints[j] for j, v in row) != rhs[i][k] * common:
                return None
        columns.append([Fraction(n, denominators[k] * c) for n, c in nums])
    return [tuple(columns[k][i] for k in range(q)) for i in range(m)]


def solve_by_elimination(
    rows: list[dict[int, Fraction]], consts: list[Vec], max_entries: int | None = None
) -> list[Vec]:
    """Sparse Gaussian elimination over Fractions with a minimum-degree order (the variable touching the fewest
    others first keeps the fill-in and so the Fraction arithmetic small); raises :class:`_TooDense` once the
    entries pass ``max_entries``."""
    m = len(rows)
    entries = sum(map(len, rows))
    a = [dict(r) for r in rows]
    b = [list(c) for c in consts]
    refs: list[set[int]] = [set() for _ in range(m)]
    for i, r in enumerate(a):
        for j in r:
            if j != i:
                refs[j].add(i)
    done = [False] * m
    heap = [(len(a[i]) * len(refs[i]), i) for i in range(m)]
    heapq.heapify(heap)
    order: list[int] = []
    while heap:
        cost, i = heapq.heappop(heap)
        if done[i] or cost != len(a[i]) * len(refs[i]):
            continue
        done[i] = True
        order.append(i)
        d = 1 - a[i].pop(i, Fraction(0))
        if d == 0:
            raise ZeroDivisionError("singular")
        if d != 1:
            inv = 1 / d
            for j in a[i]:
                a[i][j] *= inv
            b[i] = [x * inv for x in b[i]]
        row_i, b_i = a[i], b[i]
        for j in row_i:
            refs[j].discard(i)
        for k in refs[i]:
            c = a[k].pop(i)
            row_k = a[k]
            for j, v in row_i.items():
                old = row_k.get(j)
                if old is None:
                    row_k[j] = c * v
                    entries += 1
                else:
                    row_k[j] = old + c * v
                if j != k:
                    refs[j].add(k)
            if max_entries is not None and entries > max_entries:
                raise _TooDense
            b[k] = [x + c * y for x, y in zip(b[k], b_i, strict=True)]
            heapq.heappush(heap, (len(row_k) * len(refs[k]), k))
        for j in row_i:
            heapq.heappush(heap, (len(a[j]) * len(refs[j]), j))
        refs[i] = set()
    x: list[Vec | None] = [None] * m
    for i in reversed(order):
        acc = list(b[i])
        for j, v in a[i].items():
            xj = x[j]
            assert xj is not None
            acc = [s + v * t for s, t in zip(acc, xj, strict=True)]
        x[i] = tuple(acc)
    return [v for v in x if v is not None]


def _combine(
    edges: Sequence[tuple[int, int]], denom: int, values: Sequence[IVec | None] | Mapping[int, IVec], size: int
) -> IVec:
    """``Σ w·values[j] / denom`` over the edges ``(w, j)``, exactly, in integers: one lcm of the successors'
    denominators, integer products (zeros skipped: a loser column of a game without loser is all zeros), one gcd
    at the end. A certain edge takes its successor's vector as it is."""
    if len(edges) == 1 and edges[0][0] == denom:
        v = values[edges[0][1]]
        assert v is not None
        return v
    common = 1
    for _, j in edges:
        v = values[j]
        assert v is not None
        if common % v[0]:
            common = common * v[0] // math.gcd(common, v[0])
    acc = [0] * size
    for w, j in edges:
        d, nums = values[j]  # type: ignore[misc]
        f = w * (common // d)
        acc = [a + f * x if x else a for a, x in zip(acc, nums, strict=True)]
    den = denom * common
    g = math.gcd(den, *acc)
    if g > 1:
        return den // g, tuple(a // g for a in acc)
    return den, tuple(acc)


# --- the solver --------------------------------------------------------------------------------------------


class _Solver:
    def __init__(self, g: _Graph, n: int, objective: str, sign: Fraction) -> None:
        self.g = g
        self.n = n
        self.objective = objective
        self.sign = sign
        self.size = 3 * n if objective == "solo" else 2 * n
        self.val: list[IVec | None] = [None] * len(g.kind)
        self.largest_cycle = 1
        self.chosen: dict[int, int] = {}
        """Decision node → the successor chosen."""

    def chosen_actions(self) -> dict[int, int]:
        """Decision node → the id of the chosen move (the lowest id among moves to the chosen successor)."""
        out: dict[int, int] = {}
        for i, j in self.chosen.items():
            out[i] = next(a for a, k in self.g.choices[i] if k == j)
        return out

    def preference(self, mover: int, v: Sequence[Any]) -> tuple[Any, ...]:
        """What the mover maximises, in order (the last resort, the lowest action id, is the caller's); ``v`` is
        a vector of numbers (Fractions or floats)."""
        n = self.n
        if self.objective == "solo":
            return (self.sign * v[2 * n], v[0], -v[n])
        return (v[mover], -v[n + mover])

    def exact_preference(self, mover: int, v: IVec) -> tuple[Any, ...]:
        """:meth:`preference` of an exact vector (only the components it reads become Fractions)."""
        d, nums = v
        n = self.n
        if self.objective == "solo":
            return (self.sign * Fraction(nums[2 * n], d), Fraction(nums[0], d), -Fraction(nums[n], d))
        return (Fraction(nums[mover], d), -Fraction(nums[n + mover], d))

    def best(self, i: int, values: Sequence[Any], current: int | None = None, exact: bool = True) -> int:
        """The successor the mover of decision node ``i`` chooses; ``current`` is kept when it is as good as the
        best (so policy iteration cannot cycle between equally good actions). ``values`` are exact vectors, or
        float lists when ``exact`` is false."""
        mover = self.g.mover[i]
        pref = self.exact_preference if exact else self.preference
        best_j, best_pref = -1, None
        for _, j in self.g.choices[i]:
            vj = values[j]
            assert vj is not None
            p = pref(mover, vj)
            if best_pref is None or p > best_pref:
                best_j, best_pref = j, p
        if current is not None:
            vc = values[current]
            assert vc is not None
            if pref(mover, vc) == best_pref:
                return current
        return best_j

    def solve(self) -> list[IVec]:
        g = self.g
        succ = [_successors(g, i) for i in range(len(g.kind))]
        for comp in strongly_connected(len(g.kind), succ):
            if len(comp) == 1:
                i = comp[0]
                if g.kind[i] == _TERMINAL:
                    self.val[i] = g.result[i]
                    continue
                if g.kind[i] == _DECISION:
                    if i not in succ[i]:
                        self.chosen[i] = self.best(i, self.val)
                        self.val[i] = self.val[self.chosen[i]]
                        continue
                else:
                    self.val[i] = self.chance_value(i)
                    continue
            self.largest_cycle = max(self.largest_cycle, len(comp))
            self.solve_cycle(comp)
        out = [v for v in self.val if v is not None]
        assert len(out) == len(self.val)
        return out

    def chance_value(self, i: int) -> IVec:
        """A chance position outside any cycle but its own: ``x = Σ p_j x_j + p_ii x``, so ``x = Σ_{j≠i} w_j x_j /
        (d − w_ii)`` in closed form (a throw that changes nothing: the game waits for one that does)."""
        edges, d = self.g.edges[i], self.g.denom[i]
        stay = sum(w for w, j in edges if j == i)
        if stay:
            if stay == d:
                raise ExactSolveError(
                    N_(
                        "Some position of this game can go on for ever without the game ending; "
                        "the exact solver solves only games that end with certainty."
                    )
                )
            edges = [(w, j) for w, j in edges if j != i]
        return _combine(edges, d - stay, self.val, self.size)

    def solve_cycle(self, comp: list[int]) -> None:
        g = self.g
        decisions = [i for i in comp if g.kind[i] == _DECISION]
        policy: dict[int, int] = {}
        if decisions:
            floats = self.float_iteration(comp)
            policy = {i: self.best(i, floats, exact=False) for i in decisions}
        for _ in range(MAX_POLICY_ROUNDS):
            values = self.evaluate(comp, policy)
            for i, v in zip(comp, values, strict=True):
                self.val[i] = v
            changed = False
            for i in decisions:
                choice = self.best(i, self.val, policy[i])
                if choice != policy[i]:
                    policy[i], changed = choice, True
            if not changed:
                self.chosen.update(policy)
                return
            for i in comp:
                self.val[i] = None
        raise ExactSolveError(
            N_(
                "The players' best strategies in a cycle of positions keep changing; the exact "
                "solver finds no stable solution for this game."
            )
        )

    def evaluate(self, comp: list[int], policy: dict[int, int]) -> list[IVec]:
        """The exact values of the SCC's positions when decisions follow ``policy`` (one linear system)."""
        g = self.g

        def edges_of(i: int) -> tuple[list[tuple[int, int]], int]:
            return ([(1, policy[i])], 1) if g.kind[i] == _DECISION else (g.edges[i], g.denom[i])

        local = {i: k for k, i in enumerate(comp)}
        cut, order = _cut(comp, {i: [j for _, j in edges_of(i)[0] if j in local] for i in comp})
        if len(cut) <= MAX_CUT:
            return self.evaluate_by_cut(comp, edges_of, cut, order)
        rows: list[dict[int, Fraction]] = []
        consts: list[Vec] = []
        for i in comp:
            edges, d = edges_of(i)
            row: dict[int, Fraction] = {}
            leaving: list[tuple[int, int]] = []
            for w, j in edges:
                k = local.get(j)
                if k is not None:
                    row[k] = row.get(k, Fraction(0)) + Fraction(w, d)
                else:
                    leaving.append((w, j))
            rows.append(row)
            consts.append(_to_fvec(_combine(leaving, d, self.val, self.size)))
        return [_to_ivec(v) for v in self.solve_system(rows, consts)]

    def solve_system(self, rows: list[dict[int, Fraction]], consts: list[Vec]) -> list[Vec]:
        try:
            return solve_linear(rows, consts)
        except ZeroDivisionError:
            raise ExactSolveError(
                N_(
                    "Some position of this game can go on for ever without the game ending; "
                    "the exact solver solves only games that end with certainty."
                )
            ) from None

    def evaluate_by_cut(self, comp: list[int], edges_of: Any, cut: list[int], order: list[int]) -> list[IVec]:
        """The SCC solved through a *cut*: positions whose removal leaves no cycle (a throw-off's first throw, one
        seat of a ring of misses). Every other position is, by plain backward induction in integers, an affine
        function of the cut's values — vectors of ``size + len(cut)`` numerators, the last ones the coefficients
        —, so only a system of ``len(cut)`` unknowns is left for Fractions (a throw-off of 6,000 positions that can
        tie again: one unknown)."""
        size, k = self.size, len(cut)
        ext: dict[int, IVec] = {}
        zeros = (0,) * k
        for f, c in zip(cut, range(k), strict=True):
            ext[f] = (1, (0,) * size + tuple(1 if x == c else 0 for x in range(k)))
        comp_set = set(comp)
        for i in comp:
            for _, j in edges_of(i)[0]:
                if j not in comp_set and j not in ext:
                    v = self.val[j]
                    assert v is not None
                    ext[j] = (v[0], v[1] + zeros)
        for i in order:
            if i not in ext:
                edges, d = edges_of(i)
                ext[i] = _combine(edges, d, ext, size + k)
        rows: list[dict[int, Fraction]] = []
        consts: list[Vec] = []
        for f in cut:
            edges, d = edges_of(f)
            den, nums = _combine(edges, d, ext, size + k)  # a cut position in it stays its unknown
            rows.append({c: Fraction(nums[size + c], den) for c in range(k) if nums[size + c]})
            consts.append(tuple(Fraction(x, den) for x in nums[:size]))
        at_cut = [_to_ivec(v) for v in self.solve_system(rows, consts)]
        out: list[IVec] = []
        for i in comp:
            if i in cut:
                out.append(at_cut[cut.index(i)])
                continue
            d, nums = ext[i]
            common = 1
            for c in range(k):
                if nums[size + c] and common % at_cut[c][0]:
                    common = common * at_cut[c][0] // math.gcd(common, at_cut[c][0])
            acc = [x * common for x in nums[:size]]
            for c in range(k):
                coef = nums[size + c]
                if coef:
                    dc, xc = at_cut[c]
                    f = coef * (common // dc)
                    acc = [a + f * x if x else a for a, x in zip(acc, xc, strict=True)]
            den = d * common
            gg = math.gcd(den, *acc)
            out.append((den // gg, tuple(a // gg for a in acc)))
        return out

    def float_iteration(self, comp: list[int]) -> list[list[float] | None]:
        """A float value iteration over the SCC: only a good first strategy for the exact policy iteration."""
        g = self.g
        values: list[list[float] | None] = [None] * len(g.kind)
        for i in comp:
            values[i] = [0.0] * self.size
        for j in {j for i in comp for j in _successors(g, i)} - set(comp):
            vj = self.val[j]
            assert vj is not None
            values[j] = [x / vj[0] for x in vj[1]]
        edges = {i: [(w / g.denom[i], j) for w, j in g.edges[i]] for i in comp if g.kind[i] != _DECISION}
        for _ in range(10_000):
            delta = 0.0
            for i in comp:
                new: list[float]
                if g.kind[i] == _DECISION:
                    chosen = values[self.best(i, values, exact=False)]
                    assert chosen is not None
                    new = list(chosen)
                else:
                    new = [0.0] * self.size
                    for p, j in edges[i]:
                        fj = values[j]
                        assert fj is not None
                        new = [s + p * t for s, t in zip(new, fj, strict=True)]
                old = values[i]
                assert old is not None
                delta = max(delta, max(abs(x - y) for x, y in zip(new, old, strict=True)))
                values[i] = new
            if delta < 1e-10:  # only a first strategy: the exact rounds correct what is left
                break
        return values
