"""Who throws now: the rule every front end follows before a chance node's dice fall.

The record is the same whoever asks for a throw (the outcome is an ordinary chance event); only the moment differs.
A throw is a person's when :meth:`State.thrower` names his seat: at a live table he taps "Würfeln", in the terminal
he presses Enter, unless the throw follows at once from his own move just made (:meth:`State.throw_follows`). A
throw that is nobody's (a lot, the table's die) falls at once. Bots throw after their pause, like their moves.
"""

from __future__ import annotations

from collections.abc import Sequence

from wuerfel.engine.game import State
from wuerfel.engine.record import Event


def waits_for(state: State, events: Sequence[Event]) -> int | None:
    """The seat whose request this chance node waits for, or ``None``: it is thrown at once (nobody's throw, a throw
    that follows its thrower's own move) or it is no chance node. ``events``: the record so far (its last event is
    the one that led here)."""
    if not state.is_chance():
        return None
    seat = state.thrower()
    if seat is None:
        return None
    last = events[-1] if events else None
    own = last is not None and last.type == "action" and last.player == seat
    return None if state.throw_follows(own) else seat
