"""Typed table components: what a state shows, in pieces that one generic web table and one generic terminal
renderer draw for every game (dice, a score sheet, tracks of numbers, a shared counter, chips and pot, a stake board,
the seats, a message line).

Why: views used to be free-form dicts, so every game needed its own web table and terminal renderer, and several
copied game logic into JavaScript. A game now says *what* is on the table; the front ends decide *how* it looks.
Text in components is a :class:`Phrase` (a msgid of the game's catalogue plus parameters), translated by the front
end in the reader's language; numbers stay numbers.

Every component has ``to_json()`` with a ``"kind"`` key; :func:`components_json` is what the server sends and the
terminal reads. Components must never carry anything the player's ``view`` hides.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, Literal

Face = Literal["pips", "poker"]


@dataclasses.dataclass(frozen=True)
class Phrase:
    """A translatable text: ``msgid`` (English, marked with ``N_``) and the values for its ``{placeholders}``."""

    msgid: str
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"msgid": self.msgid, "params": dict(self.params)}


Text = Phrase | str | None
"""A label: a Phrase, a plain string shown as it is (a number, a name), or nothing."""


def text_json(t: Text) -> Any:
    return t.to_json() if isinstance(t, Phrase) else t


class Component:
    """Base of all components; subclasses are frozen dataclasses with a class-level ``kind``."""

    kind: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            out[f.name] = _json(getattr(self, f.name))
        return out


def _json(v: Any) -> Any:
    if isinstance(v, Phrase):
        return v.to_json()
    if isinstance(v, Component):
        return v.to_json()
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {f.name: _json(getattr(v, f.name)) for f in dataclasses.fields(v)}
    if isinstance(v, Mapping):
        return {str(k): _json(x) for k, x in v.items()}
    if isinstance(v, (tuple, list)):
        return [_json(x) for x in v]
    return v


@dataclasses.dataclass(frozen=True)
class Dice(Component):
    """Dice on the table: ``values`` as thrown (1–6; poker faces 1=Neun … 6=As when ``face == "poker"``).

    ``kept``: indexes of dice left standing; ``thrown``: True when these dice just fell (front ends animate only
    thrown dice); ``hidden``: how many further dice lie under a cup, unseen by this player; ``seat``: whose dice.
    """

    kind = "dice"
    values: tuple[int, ...]
    face: Face = "pips"
    kept: tuple[int, ...] = ()
    thrown: bool = False
    hidden: int = 0
    seat: int | None = None
    label: Text = None


@dataclasses.dataclass(frozen=True)
class SheetRow:
    label: Text
    cells: tuple[Any, ...]
    """One cell per column: a number, a string, None for an empty box."""
    total: bool = False
    """A sum row (drawn emphasised)."""


@dataclasses.dataclass(frozen=True)
class Sheet(Component):
    """A score sheet: rows × columns (usually one column per seat, ``column_seats`` saying which)."""

    kind = "sheet"
    columns: tuple[Text, ...]
    rows: tuple[SheetRow, ...]
    column_seats: tuple[int | None, ...] = ()
    label: Text = None


@dataclasses.dataclass(frozen=True)
class Track(Component):
    """A row of numbers a seat works through or strikes: Jule's 1–6–1, Hin und her's struck digits, the heart's
    chambers, Gestrichene Zwölf's 2–12, Eins bis sechzehn's targets.

    ``marks[i]`` says how often ``numbers[i]`` is struck/done (0 = open); ``position`` the index of the next target
    where the track is worked in order.
    """

    kind = "track"
    seat: int | None
    numbers: tuple[int, ...]
    marks: tuple[int, ...]
    position: int | None = None
    label: Text = None


@dataclasses.dataclass(frozen=True)
class Counter(Component):
    """One shared number: the ones thrown so far (Die 21. Eins), the running total (Doppeltes Lottchen)."""

    kind = "counter"
    value: int | float
    target: int | float | None = None
    label: Text = None


@dataclasses.dataclass(frozen=True)
class Chips(Component):
    """Chips per seat and what lies in the pot (or bank) outside the seats."""

    kind = "chips"
    seats: tuple[int, ...]
    pot: int | None = None
    label: Text = None


@dataclasses.dataclass(frozen=True)
class StakeField:
    label: Text
    stakes: tuple[int, ...]
    """Per seat: chips on this field (0: none; a sealed stake the player may not see is not listed)."""
    number: int | None = None
    group: str = ""
    """Fields of one group are drawn together (a column of the board)."""


@dataclasses.dataclass(frozen=True)
class StakeBoard(Component):
    kind = "stakes"
    fields: tuple[StakeField, ...]
    label: Text = None


@dataclasses.dataclass(frozen=True)
class SeatLine:
    seat: int
    score: int | float | None = None
    active: bool = False
    finished: bool = False
    role: Text = None
    """A role at the table ("Bank", "Spielmacher")."""
    note: Text = None


@dataclasses.dataclass(frozen=True)
class Seats(Component):
    """The seats in order with score, whose turn it is, who has finished and roles; front ends add the names."""

    kind = "seats"
    seats: tuple[SeatLine, ...]
    lower_is_better: bool = False


@dataclasses.dataclass(frozen=True)
class Message(Component):
    """One line for the reader: what just happened or what is asked."""

    kind = "message"
    text: Text


def components_json(components: Sequence[Component]) -> list[dict[str, Any]]:
    return [c.to_json() for c in components]


__all__ = [
    "Chips",
    "Component",
    "Counter",
    "Dice",
    "Face",
    "Message",
    "Phrase",
    "SeatLine",
    "Seats",
    "Sheet",
    "SheetRow",
    "StakeBoard",
    "StakeField",
    "Text",
    "Track",
    "components_json",
    "text_json",
]
