"""The void throw of real dice (ground rule G6, "es brennt!") and dice entry at a real table.

A die on its edge, leaning, or off the table: the throw is repeated. A software source never produces that, so the
void throw is listed with probability 0 at every throw: only a person entering real dice reports it. It changes
nothing and counts toward nothing (no throw limit, no "served" status).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from functools import cache
from typing import ClassVar

from wuerfel.engine.dice import parse_dice, roll_distribution
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import Outcome, Roll

VOID_LABEL = N_("void throw (it burns)")
VOID_WORDS = ("x", "brennt", "void", "es brennt", "burn")


@dataclasses.dataclass(frozen=True)
class Void(Outcome):
    """"Es brennt!": the throw is repeated with the same dice (listed with probability 0)."""

    kind: ClassVar[str] = "void"


@cache
def throw_outcomes(n: int) -> tuple[tuple[Outcome, Fraction], ...]:
    """The outcomes of a throw of ``n`` dice (poker or plain, both encoded 1..6) plus the void throw (p = 0)."""
    return (*((Roll(d), p) for d, p in roll_distribution(n)), (Void(), Fraction(0)))


def parse_throw(text: str, n: int, poker: bool) -> Outcome:
    """Dice typed at a real table ("A K D D 9" for poker dice, "3 5" for plain ones), or "x" for a void throw."""
    from wuerfel.engine.pokerdice import parse_poker_dice

    if text.strip().lower() in VOID_WORDS:
        return Void()
    try:
        dice = parse_poker_dice(text) if poker else parse_dice(text)
    except ValueError as exc:
        if poker:
            raise IllegalAction(N_("Please enter {n} poker dice (9 10 B D K A), or x if the throw was void."),
                                n=n) from exc
        raise IllegalAction(N_("Please enter {n} dice, each showing 1 to 6."), n=n) from exc
    if len(dice) != n:
        raise IllegalAction(N_("Please enter exactly {n} dice, not {got}."), n=n, got=len(dice))
    return Roll(dice)
