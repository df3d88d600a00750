"""What the Hasard games share: the lot for the first player, settlement helpers, the rule-option vocabulary."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import ClassVar

from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import Outcome, State


@dataclasses.dataclass(frozen=True)
class Lot(Outcome):
    """Chance outcome "the lot falls on seat ``seat``" (who begins, who holds the bank first).

    Spec G3: throwing for the highest number and re-throwing ties is distributionally a uniformly random seat, so
    the engine draws the seat directly; at a real table the scorekeeper types the seat the table's own lot chose.
    """

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


def winner_takes_differences(totals: tuple[int, ...]) -> tuple[int, ...]:
    """Escalero's settlement: every leader receives from every non-leader the difference of the totals.

    Tied leaders each collect from the others and nothing passes between them (spec 32). Returns net chips per
    seat; they sum to zero.
    """
    best = max(totals)
    leaders = [p for p, t in enumerate(totals) if t == best]
    net = [0] * len(totals)
    for w in leaders:
        for p, t in enumerate(totals):
            if p not in leaders:
                net[w] += best - t
                net[p] -= best - t
    return tuple(net)


@dataclasses.dataclass(frozen=True)
class Void(Outcome):
    """"Es brennt!" (spec G6): a die stood on its edge or fell off the table, so the throw is repeated.

    Listed with probability 0 at every throw: a software source never produces it, a person at a real table can
    report it. It changes nothing, counts toward no throw limit and spoils no "serviert".
    """

    kind: ClassVar[str] = "void"


VOID_WORDS = ("x", "brennt", "void", "es brennt", "burn")


@cache
def throw_outcomes(n: int) -> tuple[tuple[Outcome, Fraction], ...]:
    """The outcomes of a throw of ``n`` dice (poker or plain, both encoded 1..6) plus the void throw (p = 0)."""
    from wuerfel.engine.dice import roll_distribution
    from wuerfel.engine.game import Roll

    return (*((Roll(d), p) for d, p in roll_distribution(n)), (Void(), Fraction(0)))


def parse_throw(text: str, n: int, poker: bool) -> Outcome:
    """Dice typed at a real table ("A K D D 9" for poker dice, "3 5" for plain ones), or "x" for a void throw."""
    from wuerfel.engine.dice import parse_dice
    from wuerfel.engine.game import Roll
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


LOT_BEGINS = N_("seat {seat} begins")
LOT_BEGINS_NAMED = N_("{name} begins")
CONCEALED_LABEL = N_("(concealed)")


def describe_outcome(outcome: Outcome, lang: str, poker: bool, names: Sequence[str] = (),
                     lot: tuple[str, str] = (LOT_BEGINS, LOT_BEGINS_NAMED)) -> str:
    """Label of a chance outcome of a Hasard game, as a player says it.

    Poker dice by their full names, highest first ("As König Dame Dame Neun"), plain dice with their sum
    ("3 + 6 = 9"), the void throw, the lot (by the player's name when the caller knows the names, else the seat)
    and a throw left under a real cup ("(verdeckt)"). The label of an outcome names only what that outcome is, so it
    never says more than the event itself; front ends decide who may see the event (a hidden throw's label is
    shown only to the thrower).
    """
    from wuerfel.engine.game import Roll
    from wuerfel.engine.pokerdice import face_name
    from wuerfel.i18n import translate

    if isinstance(outcome, Roll):
        if poker:
            return " ".join(face_name(f, lang) for f in sorted(outcome.dice, reverse=True))
        faces = " + ".join(str(d) for d in outcome.dice)
        return f"{faces} = {sum(outcome.dice)}" if len(outcome.dice) > 1 else faces
    if isinstance(outcome, Lot):
        if 0 <= outcome.seat < len(names):
            return translate(lot[1], lang, name=names[outcome.seat])
        return translate(lot[0], lang, seat=outcome.seat + 1)
    if isinstance(outcome, Void):
        return translate("void throw (it burns)", lang)
    if outcome.kind == "concealed":
        return translate(CONCEALED_LABEL, lang)
    return outcome.kind


def last_place(state: State) -> tuple[int, ...]:
    """Spec G8: every game names its loser(s), even where the text only names a winner: the last group of the
    ranking. Nobody loses when everybody ties (a one-player game, or all equal)."""
    ranking = state.ranking()
    return ranking[-1] if len(ranking) > 1 else ()


def result_view(state: State) -> dict[str, list[int]]:
    """The result as the views carried it before the API did (``ranking`` best first with ties in seat order,
    ``losers``), now read from :meth:`State.ranking` / :meth:`State.losers` so both always agree."""
    return {"ranking": [p for group in state.ranking() for p in group], "losers": list(state.losers())}
