"""Dice faces, multisets of dice and exact outcome distributions.

A throw of n indistinguishable dice is a *multiset*; solvers and chance nodes work on multisets because there are
only 462 of them for up to six dice, against 46,656 ordered throws. Multisets are stored as sorted tuples of face
values so that they hash, compare and serialise trivially.
"""

from __future__ import annotations

import warnings
from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial
from typing import Any

Multiset = tuple[int, ...]
"""A multiset of faces, always sorted ascending. (Once called ``Dice``, which is also the table component that
shows dice, :class:`wuerfel.engine.components.Dice`: the old name still works here, with a warning.)"""

STANDARD_FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)

POKER_FACES: tuple[str, ...] = ("Neun", "Zehn", "Bube", "Dame", "König", "As")
"""Poker dice faces in rank order; encoded as 1..6 (Neun = 1 … As = 6) so that all dice code is shared."""

POKER_FACES_EN: tuple[str, ...] = ("Nine", "Ten", "Jack", "Queen", "King", "Ace")


def sort_dice(faces: Iterable[int]) -> Multiset:
    """Return the canonical (sorted) multiset form of some faces."""
    return tuple(sorted(faces))


def counts(dice: Iterable[int], sides: int = 6) -> tuple[int, ...]:
    """Count vector indexed by face - 1; the form most scoring rules are easiest to state in."""
    c = [0] * sides
    for f in dice:
        c[f - 1] += 1
    return tuple(c)


def from_counts(count_vector: Sequence[int]) -> Multiset:
    """Inverse of :func:`counts`."""
    out: list[int] = []
    for i, c in enumerate(count_vector):
        out.extend([i + 1] * c)
    return tuple(out)


@cache
def multisets(n: int, sides: int = 6) -> tuple[Multiset, ...]:
    """All multisets of ``n`` dice, in lexicographic order (the order solvers index them by)."""
    return tuple(combinations_with_replacement(range(1, sides + 1), n))


@cache
def keep_table(n: int = 5, sides: int = 6) -> tuple[Multiset, ...]:
    """Every multiset of 0..n dice, by size, then lexicographically: the one numbering of keeps (dice left standing)
    that the games' keep action ids and the solvers' tables share (``wuerfel.games.kit.keeps.keep_id``). The table
    of n dice is the start of the table of n + 1, so a keep's number does not depend on the dice count."""
    out: list[Multiset] = []
    for m in range(n + 1):
        out.extend(multisets(m, sides))
    return tuple(out)


def multiset_probability(dice: Multiset, sides: int = 6) -> Fraction:
    """Exact probability that ``len(dice)`` fair dice show exactly this multiset."""
    n = len(dice)
    ways = factorial(n)
    for c in Counter(dice).values():
        ways //= factorial(c)
    return Fraction(ways, sides**n)


@cache
def roll_distribution(n: int, sides: int = 6) -> tuple[tuple[Multiset, Fraction], ...]:
    """Every multiset of ``n`` dice with its exact probability; the probabilities sum to exactly 1."""
    return tuple((d, multiset_probability(d, sides)) for d in multisets(n, sides))


def sub_multisets(dice: Multiset) -> tuple[Multiset, ...]:
    """All distinct sub-multisets of ``dice`` (including the empty one), sorted."""
    c = Counter(dice)
    faces = sorted(c)
    result: list[Multiset] = [()]
    for f in faces:
        result = [r + (f,) * k for r in result for k in range(c[f] + 1)]
    return tuple(sorted(set(sort_dice(r) for r in result)))


def is_sub_multiset(small: Iterable[int], big: Iterable[int]) -> bool:
    """True when every die of ``small`` can be taken from ``big``."""
    need = Counter(small)
    have = Counter(big)
    return all(have[f] >= k for f, k in need.items())


def remove_dice(big: Iterable[int], small: Iterable[int]) -> Multiset:
    """``big`` minus ``small`` as multisets; raises ValueError when ``small`` is not contained in ``big``."""
    rest = Counter(big)
    rest.subtract(Counter(small))
    if any(v < 0 for v in rest.values()):
        raise ValueError("dice not contained in the throw")
    return sort_dice(rest.elements())


def parse_dice(text: str, n: int | None = None, sides: int = 6) -> Multiset:
    """Parse dice typed by a person ("3 3 3 1 5", "33315", "3,3,3,1,5").

    Raises ValueError with a message suitable for translation when the count or a face is wrong.
    """
    cleaned = text.replace(",", " ").replace("-", " ").split()
    tokens: list[str] = []
    for tok in cleaned:
        if tok.isdigit() and len(tok) > 1:
            tokens.extend(tok)
        else:
            tokens.append(tok)
    faces: list[int] = []
    for tok in tokens:
        if not tok.isdigit() or not 1 <= int(tok) <= sides:
            raise ValueError(f"not a die face: {tok!r}")
        faces.append(int(tok))
    if n is not None and len(faces) != n:
        raise ValueError(f"expected {n} dice, got {len(faces)}")
    if not faces:
        raise ValueError("no dice given")
    return sort_dice(faces)


def __getattr__(name: str) -> Any:
    """``Dice``, the old name of :data:`Multiset`, for a plug-in written against it (it was exported by
    :mod:`wuerfel.engine`); warns, so the name can go once nobody uses it."""
    if name == "Dice":
        warnings.warn(
            "wuerfel.engine.dice.Dice is deprecated: use Multiset (Dice is the table component)",
            DeprecationWarning,
            stacklevel=2,
        )
        return Multiset
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
