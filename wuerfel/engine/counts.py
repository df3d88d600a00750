"""Counted words that many games and front ends need ("1 Chip", "2 Chips"), as plural-aware phrases.

Why one module: "1 Würfe", "1 Punkte" and "in 1 throws" came from texts that put a number in front of a plural noun;
a :class:`Phrase` with a ``plural`` msgid takes the catalogue's form for its count instead, and the common nouns are
written once here so every game says them the same way.
"""

from __future__ import annotations

from wuerfel.engine.components import Phrase


def chips(n: int) -> Phrase:
    return Phrase("{n} chip", {"n": n}, plural="{n} chips")


def points(n: int) -> Phrase:
    return Phrase("{n} point", {"n": n}, plural="{n} points")


def throws(n: int) -> Phrase:
    return Phrase("{n} throw", {"n": n}, plural="{n} throws")


def dice(n: int) -> Phrase:
    return Phrase("{n} die", {"n": n}, plural="{n} dice")


def rounds(n: int) -> Phrase:
    return Phrase("{n} round", {"n": n}, plural="{n} rounds")


def pairs(n: int) -> Phrase:
    return Phrase("{n} pair", {"n": n}, plural="{n} pairs")


def pips(n: int) -> Phrase:
    return Phrase("{n} pip", {"n": n}, plural="{n} pips")


def sevens(n: int) -> Phrase:
    return Phrase("{n} seven", {"n": n}, plural="{n} sevens")


def players(n: int) -> Phrase:
    return Phrase("{n} player", {"n": n}, plural="{n} players")
