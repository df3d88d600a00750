"""Solver keys of the kit's games: what the generic exact solver (:mod:`wuerfel.solvers.exact`) needs of a position.

The kit's states carry what the table shows and what the rules read together; most of what makes their state spaces
large or infinite is read by no result:

* the last throw and whose it was (``last``, ``last_seat``): only shown;
* absolute totals where only their comparison decides: ranking, losers and throw-offs compare totals, so adding one
  number to every seat's total changes none of them (:func:`relative`);
* the history of throw-offs: a throw-off appends one entry per tied seat, and results are compared lexicographically
  (total, then throw-off 1, then 2, …); every comparison that is already decided stays decided, so the finished
  entries matter only through the order they put the seats in (:func:`dense_ranks`) — a throw-off that ties again
  comes back to the same key, a cycle the solver solves exactly instead of an ever-growing history.

:func:`round_key` is the key of :class:`~wuerfel.games.kit.rounds.RoundState` games built from these; a game whose
turn carries more (Plus – minus's replaced series) passes it as ``extra``. Each game that uses a key says in its
docstring why it is sound (the contract of :meth:`wuerfel.engine.game.State.solver_key`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from wuerfel.games.kit.rounds import RoundState


def refuse_exact(msgid: str, **params: Any) -> NoReturn:
    """Refuse an exact solve from :meth:`~wuerfel.engine.game.State.solver_key`, in words: for a rule set whose
    reachable positions are infinitely many in a way no key makes finite (the solver meets the key of the first
    position at once, so the refusal comes before any search instead of after ``max_states`` positions)."""
    from wuerfel.solvers.exact import ExactSolveError

    raise ExactSolveError(msgid, **params)


def dense_ranks(rows: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Per row, how many distinct rows are smaller (lexicographically): an order-preserving relabelling that keeps
    ties. Comparing two rows, or a row extended by more entries, gives the same answer on the ranks."""
    distinct = sorted(set(map(tuple, rows)))
    place = {row: i for i, row in enumerate(distinct)}
    return tuple(place[tuple(row)] for row in rows)


def relative(totals: Sequence[int]) -> tuple[int, ...]:
    """Totals less the smallest: what comparisons of totals read (adding one number to all changes none of them)."""
    low = min(totals, default=0)
    return tuple(t - low for t in totals)


def round_key(state: RoundState, extra: Hashable = (), fold: bool = True) -> Hashable:
    """The key of a round game (:class:`~wuerfel.games.kit.rounds.RoundState`) whose points of a throw depend only
    on the dice and the throw's place in the turn, and whose result is the ranking of the totals with throw-offs.

    Sound because:

    * in the game itself (no throw-off yet) every rule reads the totals only by comparing them (``ranking_now`` at
      the end, ``next_throw_off`` on its groups), and a turn adds its points to its thrower's total whatever the
      others have: so :func:`relative` totals and the turn in progress (thrower, throws, points so far, ``extra``)
      determine the future;
    * ``fold``: where no rule reads the points of the turn so far except the end of the turn, which adds them to
      the thrower's total (or enters them as his throw-off score), they are added to it in the key at once — a
      turn of nine throws then needs only the difference to the others, not the pair (total, points so far). A
      game whose rules look at the turn's points on the way (Plus – minus's ``replace``) passes ``fold=False``;
    * once the throw-offs have begun the totals never change; a throw-off's points go to its own entry, and the
      seats are ranked lexicographically by (total, throw-off 1, …). The finished entries matter only through the
      order they put the seats in, so they are replaced by :func:`dense_ranks`. In the entry under way only the
      tied seats take part, each starting from nothing (an entry not yet thrown counts 0) and adding his turn, and
      they are compared only with each other (the others differ from them before this entry): like the totals of
      the game, it is kept relative;
    * ``start`` orders the tied seats of every later throw-off, so it is kept; ``round_no`` is kept in the game and
      dropped in the throw-offs (they come after the last round); the last throw is only shown and left out.
    """
    running = state.turn_total if fold else 0
    turn = (state.seat, state.index, state.order, state.throws, None if fold else state.turn_total, extra)
    if not state.playoffs:
        totals = list(state.totals)
        if state.phase == "throw":
            totals[state.seat] += running
        return (type(state), state.phase, state.start, state.round_no, turn, relative(totals))
    under_way = state.phase != "over"
    done = state.playoffs[:-1] if under_way else state.playoffs
    standing = dense_ranks([(state.totals[p], *(row[p] or 0 for row in done)) for p in range(state.n)])
    current: tuple[int | None, ...] = ()
    if under_way:
        entry = {p: (state.playoffs[-1][p] or 0) + (running if p == state.seat else 0) for p in state.order}
        low = min(entry.values())
        current = tuple(entry[p] - low if p in entry else None for p in range(state.n))
    return (type(state), state.phase, state.start, turn, standing, current)
