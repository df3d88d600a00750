"""The void throw of real dice (ground rule G6, "es brennt!") and dice entry at a real table.

A die on its edge, leaning, or off the table: the throw is repeated. A software source never produces that, so the
void throw is listed with probability 0 at every throw: only a person entering real dice reports it. It changes
nothing and counts toward nothing (no throw limit, no "served" status).

The Hasard games know one void throw (``Void()``, JSON ``{"kind": "void"}``). Zehntausend's rules tell the reasons
apart (``Void("brennt")``, JSON ``{"kind": "void", "reason": "brennt"}``): a tilted die, stacked dice (*Türmchen*),
a die off the table — because a streak of void throws may be penalised and stacked dice may be knocked on
(*Klopfen*), after which only stacked dice can still make the throw void (:data:`AFTER_KNOCK`). A game says which
reasons it tells apart; the outcomes, the typed words and the labels come from here.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from functools import cache
from typing import ClassVar

from wuerfel.engine import counts
from wuerfel.engine.components import Phrase
from wuerfel.engine.dice import parse_dice, roll_distribution
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import JSON, Outcome, Roll

VOID_LABEL = N_("void throw (it burns)")
VOID_WORDS = ("x", "brennt", "void", "es brennt", "burn")

VOID_REASONS: tuple[str, ...] = ("brennt", "tuermchen", "vom_tisch")
"""Why a throw of real dice does not count, where a game tells it apart: a tilted die, stacked dice
(*Türmchen/Haus*), a die off the table."""
AFTER_KNOCK: tuple[str, ...] = ("tuermchen",)
"""The reasons left after a knock on stacked dice (*Klopfen*): only a Türmchen can remain."""
VOID_LABELS: dict[str, str] = {
    "brennt": N_("void throw: a die is tilted (brennt)"),
    "tuermchen": N_("void throw: stacked dice (Türmchen)"),
    "vom_tisch": N_("void throw: a die fell off the table"),
}
REASON_WORDS: dict[str, tuple[str, ...]] = {
    "brennt": ("b", "brennt", "brennen", "burn", "burning", "tilted"),
    "tuermchen": ("t", "türmchen", "tuermchen", "turm", "haus", "h", "stacked", "tower"),
    "vom_tisch": ("v", "vom tisch", "tisch", "off", "off the table", "o"),
}
"""What a person types for each reason (the name or its initial)."""
ONLY_STACKED = N_("After knocking only stacked dice can make the throw void.")


@dataclasses.dataclass(frozen=True)
class Void(Outcome):
    """ "Es brennt!": the throw is repeated with the same dice (listed with probability 0, or with the probability of
    a simulated mishap). ``reason`` is empty where a game does not tell reasons apart, else one of
    :data:`VOID_REASONS`."""

    kind: ClassVar[str] = "void"
    reason: str = ""

    def __post_init__(self) -> None:
        if self.reason and self.reason not in VOID_REASONS:
            raise ValueError(f"unknown reason {self.reason!r}")

    def to_json(self) -> JSON:
        """``{"kind": "void"}`` without a reason (as the Hasard games have always written it)."""
        return {"kind": self.kind, "reason": self.reason} if self.reason else {"kind": self.kind}

    def label(self) -> str:
        """The msgid naming this void throw."""
        return VOID_LABELS[self.reason] if self.reason else VOID_LABEL


@cache
def void_outcomes(reasons: tuple[str, ...] = ()) -> tuple[tuple[Outcome, Fraction], ...]:
    """The void throws a person may report, each with probability 0: one without a reason, or one per reason."""
    return tuple((Void(r), Fraction(0)) for r in reasons) if reasons else ((Void(), Fraction(0)),)


@cache
def throw_outcomes(n: int, reasons: tuple[str, ...] = ()) -> tuple[tuple[Outcome, Fraction], ...]:
    """The outcomes of a throw of ``n`` dice (poker or plain, both encoded 1..6) plus the void throw (p = 0; one per
    reason where the game tells ``reasons`` apart)."""
    return (*((Roll(d), p) for d, p in roll_distribution(n)), *void_outcomes(reasons))


def parse_void(text: str, reasons: tuple[str, ...] = (), knocked: bool = False) -> Void | None:
    """A void throw as a person types it ("x", "brennt"; with reasons "b", "türmchen", "v", …); None when the text
    is none. ``knocked``: the dice were knocked on, so only stacked dice can still make the throw void."""
    low = text.strip().casefold()
    if not reasons:
        return Void() if low in VOID_WORDS else None
    for reason in reasons if not knocked else VOID_REASONS:
        if low in REASON_WORDS[reason]:
            if knocked and reason not in AFTER_KNOCK:
                raise IllegalAction(ONLY_STACKED)
            return Void(reason)
    return None


def parse_throw(text: str, n: int, poker: bool) -> Outcome:
    """Dice typed at a real table ("A K D D 9" for poker dice, "3 5" for plain ones), or "x" for a void throw."""
    from wuerfel.engine.pokerdice import parse_poker_dice

    void = parse_void(text)
    if void is not None:
        return void
    try:
        dice = parse_poker_dice(text) if poker else parse_dice(text)
    except ValueError as exc:
        if poker:
            raise IllegalAction(
                N_("Please enter {dice} (9 10 B D K A), or x if the throw was void."),
                dice=Phrase(N_("{n} poker die"), {"n": n}, plural="{n} poker dice"),
            ) from exc
        raise IllegalAction(N_("Please enter {dice}, each showing 1 to 6."), dice=counts.dice(n)) from exc
    if len(dice) != n:
        raise IllegalAction(N_("Please enter exactly {dice}, not {got}."), dice=counts.dice(n), got=len(dice))
    return Roll(dice)
