"""A game's own observation tensor: named fields with shapes, filled from one seat's view (an optional part).

Why: the generic vector of :mod:`wuerfel.interop.tensor` is read off the table components and fits every game, but
it is wide and its slots are discovered by playing; a game that knows its table states a compact layout of its own
(Kniffel: the sheet as seats × columns × boxes, the dice as counts per face). The research adapters use a declared
layout where a game has one (:meth:`Game.tensor_layout`), the generic vector otherwise.

A layout's ``fill`` is handed the seat's **view** (:meth:`State.view`, what the server sends that seat) and never
the state, so it cannot put into the tensor what the seat may not see: the secret stays out by construction, and
the tests check it with ``determinize`` besides.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from typing import Any

from wuerfel.engine.moves import JSON

Fill = Callable[[JSON, "int | None", dict[str, Any]], None]
"""``fill(view, seat, fields)``: write the seat's view into ``fields`` (name → a zeroed float32 array of the
field's shape, a view into the one flat tensor)."""


@dataclasses.dataclass(frozen=True)
class TensorField:
    """One named part of the tensor: its shape and what its numbers mean."""

    name: str
    shape: tuple[int, ...]
    meaning: str

    @property
    def size(self) -> int:
        return math.prod(self.shape)


class LayoutViolation(ValueError):
    """A view that does not fit the declared layout (a hand longer than its field): an error, never a cut."""


@dataclasses.dataclass(frozen=True)
class TensorLayout:
    """The fields, in order (the flat tensor is their concatenation, each in C order), and how a view fills them."""

    fields: tuple[TensorField, ...]
    fill: Fill

    def __post_init__(self) -> None:
        names = [f.name for f in self.fields]
        if len(set(names)) != len(names) or not names:
            raise ValueError(f"a tensor layout needs distinct field names, got {names}")

    @property
    def size(self) -> int:
        return sum(f.size for f in self.fields)


def one_hot(out: Any, index: Any) -> None:
    """Set ``out[index]`` to 1 where ``index`` is a valid position (a seat number; None or a marker sets nothing)."""
    if isinstance(index, int) and 0 <= index < len(out):
        out[index] = 1


def face_counts(out: Any, dice: Sequence[int] | None) -> None:
    """Add the dice as counts per face 1..6 into ``out`` (6 numbers)."""
    for face in dice or ():
        if not 1 <= face <= 6:
            raise LayoutViolation(f"a die shows {face}")
        out[face - 1] += 1


__all__ = ["Fill", "LayoutViolation", "TensorField", "TensorLayout", "face_counts", "one_hot"]
