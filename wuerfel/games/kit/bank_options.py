"""The options of a bank game, declared and named once (spec A "Bank games": Lustige Sieben, Zehnerspiel, Rock and
Roll on :mod:`wuerfel.games.kit.bank`; Va banque's banker rotates the same way).

Why a module of its own: each bank game's rules class wrote the same descriptions of ``bank_throws``,
``bank_rounds`` and ``first_bank`` and the same names for the rule editor ("Würfe je Bank", "Runden der Bank", …),
so a wording fixed in one game stayed wrong in the next. A game declares these options with the functions here and
names its options with :func:`label_bank_options`, which adds the kit's names of every bank option its class has;
what the game names itself wins (a bank game whose option means something else there says so in its own words).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from wuerfel.engine.rules import OptionLabels, Words, label_options, opt
from wuerfel.games.kit.simple import START_WORDS

BANK_OPTION_NAMES: Mapping[str, Words] = {
    "starting_chips": ("Chips zu Beginn", "Starting chips"),
    "max_stake": ("Höchster Einsatz", "Largest stake"),
    "bank_throws": ("Würfe je Bank", "Throws per bank"),
    "bank_rounds": ("Runden der Bank", "Rounds of the bank"),
    "first_bank": ("Wer zuerst die Bank hält", "Who holds the bank first"),
}
"""The rule editor's names of the options a bank game's rules carry (those its class has are used)."""

BANK_OPTION_CHOICES: Mapping[str, Mapping[Any, Words]] = {"first_bank": START_WORDS}
"""The words for the values of the bank options that are choices: who holds the bank first is the lot or seat 1."""


def bank_throws_option(default: int = 5) -> Any:
    """``bank_throws``: how many throws a bank lasts before it passes on (spec A's resolution: 5)."""
    return opt(
        default,
        de="Würfe, nach denen die Bank an den linken Nachbarn geht",
        en="Throws after which the bank passes to the left neighbour",
        low=1,
        high=100,
    )


def bank_rounds_option(default: int = 1) -> Any:
    """``bank_rounds``: how many times the bank goes round the table before the game ends."""
    return opt(
        default,
        de="Wie oft die Bank reihum geht, bis das Spiel endet",
        en="How many times the bank goes round the table before the game ends",
        low=1,
        high=20,
    )


def first_bank_option(default: str = "lot") -> Any:
    """``first_bank``: who holds the bank first, the lot (G3) or seat 1 (a table that just sits down)."""
    return opt(
        default, de="Wer die Bank zuerst hält: Platz 1 oder das Los", en="Who holds the bank first: seat 1 or the lot"
    )


def label_bank_options(
    cls: type[Any], names: Mapping[str, Words], choices: Mapping[str, Mapping[Any, Words]] | None = None
) -> OptionLabels:
    """:func:`~wuerfel.engine.rules.label_options` for a bank game's rules: the kit's names and choice words of the
    bank options ``cls`` has, then the game's own ``names`` and ``choices`` (which win where both name a key)."""
    fields = {f.name for f in dataclasses.fields(cls)}
    return label_options(
        cls,
        {**{k: v for k, v in BANK_OPTION_NAMES.items() if k in fields}, **names},
        {**{k: v for k, v in BANK_OPTION_CHOICES.items() if k in fields}, **(choices or {})},
    )
