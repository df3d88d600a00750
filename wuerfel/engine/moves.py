"""The values that flow through a game: actions, amounts, deadlines and chance outcomes.

Apart from :mod:`wuerfel.engine.game` so that the optional parts of a state (:mod:`wuerfel.engine.parts`), which
return and read these values, need nothing of the state class itself: the parts sit below the state in the import
graph, and the state composes them. :mod:`wuerfel.engine.game` re-exports every name here; import them from there.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from wuerfel.engine.dice import Multiset, sort_dice

JSON = dict[str, Any]


@dataclasses.dataclass(frozen=True)
class Action:
    """Base class of all actions: an immutable value with a JSON form.

    Subclasses set ``kind`` (the JSON discriminator, unique within a game) and declare their fields as plain JSON-able
    values (int, str, bool, tuples of those). The default JSON form is ``{"kind": kind, **fields}``.
    """

    kind: ClassVar[str] = "action"

    def to_json(self) -> JSON:
        out: JSON = {"kind": self.kind}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            out[f.name] = list(v) if isinstance(v, tuple) else v.to_json() if isinstance(v, Amount) else v
        return out


@dataclasses.dataclass(frozen=True)
class Amount:
    """The free field of a parameterised legal action: any whole number from ``low`` to ``high`` (both included).

    Its JSON form ``{"min": low, "max": high}`` tells clients the bounds of the number they choose.
    """

    low: int
    high: int

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high

    def to_json(self) -> JSON:
        return {"min": self.low, "max": self.high}


@dataclasses.dataclass(frozen=True)
class Deadline:
    """A time limit on the current decision node."""

    seconds: float
    """Length of the window from the moment the node was reached."""
    on_expiry: Action
    """Applied for every actor still to act when the window closes (must be legal for each of them)."""
    what: str = ""
    """A msgid saying what the window is for (shown next to the clock)."""

    def to_json(self) -> dict[str, object]:
        return {"seconds": self.seconds, "on_expiry": self.on_expiry.to_json(), "what": self.what}


@dataclasses.dataclass(frozen=True)
class Outcome:
    """Base class of chance outcomes."""

    kind: ClassVar[str] = "outcome"

    def to_json(self) -> JSON:
        out: JSON = {"kind": self.kind}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            out[f.name] = list(v) if isinstance(v, tuple) else v
        return out


@dataclasses.dataclass(frozen=True)
class Roll(Outcome):
    """The standard chance outcome: a multiset of faces (sorted)."""

    kind: ClassVar[str] = "roll"
    dice: Multiset

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", sort_dice(self.dice))
