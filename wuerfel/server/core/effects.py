"""What the core asks the shell to do, as values: the first effects are the table's timers.

A timer is armed for the table's ``seq`` at that moment; when it fires, the shell checks that the table is still
at that ``seq`` (and that the timer was not re-armed meanwhile) before it acts, so a timer that outlived its node
does nothing. One timer of each kind runs at a time: arming one replaces the one before.
"""

from __future__ import annotations

import dataclasses
from typing import Literal

TimerKind = Literal["window", "throw", "clock"]
"""``window``: the game's own window (``State.deadline()``) closes and the clock passes for who is still due;
``throw``: the server throws for a person who did not tap; ``clock``: the table's time control runs out."""

RETRY = 1.0
"""Seconds before a timer whose action failed (the store refused it) fires again for the same node."""


@dataclasses.dataclass(frozen=True)
class ArmTimer:
    """Wake the table at ``at`` (the caller's monotonic clock; ``wall``: the same moment as Unix time, what clients
    are told) for the node at ``seq``."""

    kind: TimerKind
    seq: int
    at: float
    wall: float


@dataclasses.dataclass(frozen=True)
class CancelTimer:
    """No timer of this kind runs at the table's node."""

    kind: TimerKind


Timer = ArmTimer | CancelTimer


def retry(kind: TimerKind, seq: int, now: float, wall: float) -> ArmTimer:
    """The same node's timer again after :data:`RETRY` seconds: its action failed and memory still holds the node
    (it follows the log), so trying again shortly keeps the table from stalling."""
    return ArmTimer(kind, seq, now + RETRY, wall + RETRY)
