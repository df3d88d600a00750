"""Clocks as explicit actions: a time window is a decision that a clock may take for a player.

Games are pure (no clock, ARCHITECTURE principle 1), yet some rules are about time: in Verdecktes Würfelpoker the
opponents have 10 seconds to call "Schwindel". The engine keeps time out of the state by making the end of a
window an ordinary, recorded action: a state that has a time limit says so with :meth:`State.deadline`, naming the
seconds and the action that stands for "did nothing in time" (usually :class:`Pass`). At a live table the server
runs the clock and, when it expires, applies that action for every player still to act (:func:`expire`); bots,
tests and the terminal simply choose the action themselves. The record therefore replays identically whether a
person, a bot or a clock made the decision.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from wuerfel.engine.game import Action, State

# A state names its time limit with ``State.deadline()``, so the type lives with the State (game.py must not import
# this module); named here too, beside what a table does when the limit runs out.
from wuerfel.engine.game import Deadline as Deadline


@dataclasses.dataclass(frozen=True)
class Pass(Action):
    """Let a window go by without acting (decline to challenge, to call, to bet). Games may reuse this class."""

    kind: ClassVar[str] = "pass"


def expire(state: State) -> tuple[State, list[tuple[int, Action]]]:
    """What a table does when the window of ``state`` closes: the expiry action for each player who had to act.

    Applies :attr:`Deadline.on_expiry` for every actor of the node at the moment of expiry, in seat order, and
    returns the new state with the (player, action) pairs applied, so a driver can append them to the record.
    Stops early when the node is over (e.g. the window closed). A state without a deadline is returned unchanged.
    A new node reached afterwards has its own window: the driver starts a new clock for it.
    """
    applied: list[tuple[int, Action]] = []
    dl = state.deadline()
    if dl is None:
        return state, applied
    for p in state.actors():
        if state.deadline() is None:
            break
        if p not in state.actors():
            continue
        state = state.apply_action(dl.on_expiry, p)
        applied.append((p, dl.on_expiry))
    return state, applied
