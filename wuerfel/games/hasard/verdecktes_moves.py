"""The moves of Verdecktes Würfelpoker and their integer ids: an announcement (:class:`Announce`), the call
"Schwindel!" (:class:`Challenge`), a throw left under a real cup (:class:`Concealed`), the announcements these rules
allow in menu order, and the code of a hand in an action id.

Apart from the game (:mod:`wuerfel.games.hasard.verdecktes_poker`) because they are plain values that the state,
the table's words (:mod:`~wuerfel.games.hasard.verdecktes_table`), the bot and the advisor all name; none of them
needs the state to say what a move is.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import ClassVar

from wuerfel.engine.game import Action, Outcome
from wuerfel.games.hasard.poker import PRINCIPAL_LENGTH, Key, announcements


@dataclasses.dataclass(frozen=True)
class Announce(Action):
    """Announce a hand: class and principal ranks, optionally kickers (see :mod:`wuerfel.games.hasard.poker`)."""

    kind: ClassVar[str] = "announce"
    hand: tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class Challenge(Action):
    """Call "Schwindel!"."""

    kind: ClassVar[str] = "challenge"


@dataclasses.dataclass(frozen=True)
class Concealed(Outcome):
    """Scorekeeper mode: real dice lie under a real cup and nobody types them in (p = 0 for software sources).

    Only if somebody calls "Schwindel" does the table enter what the cup shows (the "reveal" chance node); an
    unchallenged throw is never known to the program, exactly as at the table.
    """

    kind: ClassVar[str] = "concealed"


CONCEALED_WORDS = ("?", "verdeckt", "concealed", "becher", "cup")


@cache
def announce_actions(quint: bool, joker: bool, kickers: bool) -> tuple[Announce, ...]:
    """Announcements in the order a menu shows them: the short forms ("Drilling Damen") first, ascending, then
    the forms with kickers."""
    keys = announcements(quint, joker)
    if not kickers:
        keys = tuple(k for k in keys if len(k) == 1 + PRINCIPAL_LENGTH[k[0]])
    return tuple(Announce(k) for k in sorted(keys, key=lambda k: (len(k) > 1 + PRINCIPAL_LENGTH[k[0]], k)))


def encode_key(key: Key) -> int:
    """A hand as one number (class, length, up to five ranks), so an announcement has a stable action id."""
    code = key[0] * 8 + len(key)
    for r in key[1:]:
        code = code * 7 + r
    for _ in range(len(key), 6):
        code = code * 7
    return code


def decode_key(code: int) -> Key:
    """The hand of :func:`encode_key`'s number."""
    ranks = []
    for _ in range(5):
        code, r = divmod(code, 7)
        ranks.append(r)
    cls, n = divmod(code, 8)
    ranks.reverse()
    return (cls, *ranks[: n - 1])
