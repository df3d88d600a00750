"""Pieces of the solver keys of the kit's games (what the generic exact solver, :mod:`wuerfel.solvers.exact`, needs
of a position), beside the round games' key in :mod:`wuerfel.games.kit.round_key`.

* :func:`dense_ranks`: results compared lexicographically (a race's result, then one entry per throw-off) matter,
  once finished, only through the order they put the seats in; replacing them by their ranks keeps every
  comparison and makes a throw-off that ties again come back to the same key — a cycle the solver solves exactly —
  instead of an ever-growing history (Hin und her);
* :func:`refuse_exact`: a rule set whose positions are infinitely many in a way no key makes finite is refused in
  words at the first position (Elf hoch with three players, Plus – minus's ``continue``).

Each game that uses a key says in its docstring why it is sound (the contract of
:meth:`wuerfel.engine.game.State.solver_key`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NoReturn


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
