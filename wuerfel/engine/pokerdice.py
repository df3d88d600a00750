"""Poker dice: faces Neun, Zehn, Bube, Dame, König, As, encoded 1..6 in rank order.

The encoding (in :data:`wuerfel.engine.dice.POKER_FACES`) lets every piece of dice code — multisets, distributions,
keeps, solvers — work unchanged; only labels and manual entry differ. This module gives the labels in both
languages and reads poker dice typed by a person at a real table ("9 10 B D A", "N Z B D K A", "9 T J Q A").
"""

from __future__ import annotations

from collections.abc import Iterable

from wuerfel.engine.dice import POKER_FACES, POKER_FACES_EN, Multiset, sort_dice

SHORT_DE: tuple[str, ...] = ("9", "10", "B", "D", "K", "A")
SHORT_EN: tuple[str, ...] = ("9", "10", "J", "Q", "K", "A")

PLURAL_DE: tuple[str, ...] = ("Neunen", "Zehnen", "Buben", "Damen", "Könige", "Asse")
PLURAL_EN: tuple[str, ...] = ("nines", "tens", "jacks", "queens", "kings", "aces")  # "pair of kings" (as key_phrase)

_TOKENS: dict[str, int] = {}
for _i, _names in enumerate(zip(POKER_FACES, POKER_FACES_EN, SHORT_DE, SHORT_EN, PLURAL_DE, PLURAL_EN, strict=True)):
    for _n in _names:
        _TOKENS[_n.lower()] = _i + 1
_TOKENS.update({"n": 1, "z": 2, "t": 2, "j": 3, "q": 4, "koenig": 5, "konig": 5, "ass": 6, "as": 6, "ace": 6})


def face_name(face: int, lang: str = "de") -> str:
    """Full name of one face ("Dame" / "Queen")."""
    return (POKER_FACES_EN if lang == "en" else POKER_FACES)[face - 1]


def face_plural(face: int, lang: str = "de") -> str:
    """Plural, for hands ("Drilling Damen" / "three Queens")."""
    return (PLURAL_EN if lang == "en" else PLURAL_DE)[face - 1]


def short(face: int, lang: str = "de") -> str:
    """A one- or two-character label for compact displays ("D" / "Q")."""
    return (SHORT_EN if lang == "en" else SHORT_DE)[face - 1]


def format_dice(dice: Iterable[int], lang: str = "de") -> str:
    """Dice as a person writes them, highest first: "A K D D 9"."""
    return " ".join(short(f, lang) for f in sorted(dice, reverse=True))


def parse_poker_dice(text: str, n: int | None = None) -> Multiset:
    """Read poker dice typed by a person; names, short forms and the digits 1..6 (Neun = 1) are accepted.

    Tokens are separated by spaces or commas. "10" is a Zehn; a lone digit 1..6 is the face code (so "1 2 3 4 5"
    is Neun … König), except "9", which is a Neun. Raises ValueError naming the first token it cannot read.
    """
    faces: list[int] = []
    for tok in text.replace(",", " ").split():
        t = tok.strip().lower()
        if t in _TOKENS:
            faces.append(_TOKENS[t])
        elif t.isdigit() and 1 <= int(t) <= 6:
            faces.append(int(t))
        else:
            raise ValueError(f"not a poker die face: {tok!r}")
    if not faces:
        raise ValueError("no dice given")
    if n is not None and len(faces) != n:
        raise ValueError(f"expected {n} dice, got {len(faces)}")
    return sort_dice(faces)
