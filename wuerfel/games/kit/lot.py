"""The lot for who begins (ground rule G3).

"Mit dem eigentlichen Spiel beginnt, wer zuvor die höchste Augenzahl geworfen hatte": everybody throws, ties throw
again. Distributionally that is a uniformly random seat, so the engine draws the seat directly (one chance node, n
outcomes, exact); at a real table the scorekeeper types the seat the table's own throwing chose.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from functools import cache
from typing import ClassVar

from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import Outcome

LOT_BEGINS = N_("seat {seat} begins")
LOT_BEGINS_NAMED = N_("{name} begins")


@dataclasses.dataclass(frozen=True)
class Lot(Outcome):
    """Chance outcome "the lot falls on seat ``seat``" (who begins, who holds the bank first)."""

    kind: ClassVar[str] = "lot"
    seat: int


@cache
def lot_outcomes(n: int) -> tuple[tuple[Outcome, Fraction], ...]:
    """Every seat with probability 1/n (the same tuple object for the same n, as sources expect)."""
    return tuple((Lot(s), Fraction(1, n)) for s in range(n))


def parse_lot(text: str, n: int) -> Lot:
    """Read the seat the table's lot chose, as a person types it (1-based seat number)."""
    t = text.strip()
    if not t.isdigit() or not 1 <= int(t) <= n:
        raise IllegalAction(N_("Please enter the seat number (1 to {n}) the lot fell on."), n=n)
    return Lot(int(t) - 1)
