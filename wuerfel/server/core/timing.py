"""Whose time runs at a table, and until when: the game's own windows, a person's throw, the table's clock.

Three timers can run at a live table, and these functions decide all of them from what they are given — the time
included, as ``now`` (the caller's monotonic clock) and ``wall`` (Unix time) or a ``datetime`` for stored
deadlines. The shell arms an asyncio task for the moment returned and passes the table's ``seq`` along, so a timer
that wakes after the table moved on does nothing.

- The game's window (``State.deadline()``, e.g. Verdecktes Würfelpoker's call): :func:`game_window`.
- A person's throw the server makes for him when he does not tap: :func:`throw_wait`.
- The table's time control (protocol 6, seconds or days per move), stored with each move: :func:`move_due`,
  :func:`next_deadline`, :func:`restart_deadline`, :func:`running_deadline`.

Each ends in a :mod:`~wuerfel.server.core.effects` timer (:func:`window_timer`, :func:`throw_timer`,
:func:`clock_timer`) that the shell runs.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence
from typing import Any, Protocol

from wuerfel.engine.game import State
from wuerfel.engine.record import Event
from wuerfel.engine.throws import waits_for
from wuerfel.server.core.effects import ArmTimer, CancelTimer, Timer


class Settings(Protocol):
    """The server's settings a table runs under (the shell's ``Hub`` fits)."""

    @property
    def throw_wait(self) -> float: ...  # seconds a person's throw waits for his tap (0: no limit)

    @property
    def clock_scale(self) -> float: ...  # the real seconds of a nominal second of a table's clock


class Seat(Protocol):
    """What the timing needs of a seat (the store's ``SeatRow`` fits)."""

    @property
    def kind(self) -> str: ...  # "human", "bot" or "empty"

    @property
    def bot(self) -> str | None: ...

    @property
    def standin(self) -> str | None: ...


class Node(Protocol):
    """What the timing reads of a game's node (a :class:`~wuerfel.engine.game.State` fits)."""

    def is_chance(self) -> bool: ...

    def actors(self) -> Sequence[int]: ...

    def deadline(self) -> Any: ...


def plays_bot(seats: Sequence[Seat], seat: int) -> bool:
    """A bot plays this seat now: a bot's seat, or a person's seat a stand-in plays while he is away."""
    return 0 <= seat < len(seats) and (seats[seat].bot or seats[seat].standin) is not None


def throw_due(state: State | None, events: Sequence[Event], scorekeeper: bool, resigned: int | None) -> int | None:
    """The seat whose throw the table waits for (a person's tap or a bot's pause), or None: no chance node, a
    throw that falls at once, a scorekeeper table (where the dice are entered by hand), or a game ended by a
    resignation."""
    if state is None or scorekeeper or resigned is not None:
        return None
    return waits_for(state, events)


def bot_to_act(state: Node | None, over: bool, due: int | None, seats: Sequence[Seat]) -> int | None:
    """The seat a bot (or stand-in) is to play now: the due throw if a bot throws it, else the first acting seat
    a bot plays; None when no bot is to act (the shell's driver then stops)."""
    if state is None or over:
        return None
    if state.is_chance():
        return due if due is not None and plays_bot(seats, due) else None
    return next((a for a in state.actors() if plays_bot(seats, a)), None)


def waits_on(state: Node | None, over: bool, scorekeeper: bool, mine: Sequence[int], due: int | None) -> bool:
    """Whether the running game waits for a person whose own seats are ``mine`` (those no stand-in plays: the game
    goes on without him until he is back): a move of one of them, his throw (``due``), or at a scorekeeper table
    the dice he is to enter ("Du bist am Zug" on Meine Partien)."""
    if state is None or over or not mine:
        return False
    if scorekeeper and state.is_chance():
        return True
    return due in mine if due is not None else any(s in mine for s in state.actors())


@dataclasses.dataclass(frozen=True)
class Window:
    """An open window of the game's own clock: when it closes (``at`` on the monotonic clock, ``wall`` as Unix
    time) and who had to act when it opened."""

    at: float
    wall: float
    actors: frozenset[int]


def game_window(
    seconds: float, actors: frozenset[int], now: float, wall: float, open_window: Window | None, fresh: bool = False
) -> Window:
    """The window at a node with ``State.deadline()`` of ``seconds``.

    A full window from now; except when the node only narrows the open window — its actors are a strict subset of
    those who had to act when it opened (one of several callers passed) — where the window keeps its end, so
    nobody gains time because somebody else answered. ``fresh`` (a table resumed after a restart) always opens a
    full window."""
    if fresh or open_window is None or not actors < open_window.actors:
        return Window(now + seconds, wall + seconds, actors)
    return open_window


def throw_wait(due: int | None, seats: Sequence[Seat], wait: float, clock_seats: Sequence[int]) -> float | None:
    """Seconds until the server throws for a person who does not tap (None: no such window).

    None for no pending throw, a bot's throw (it throws after its pause), no limit (``wait`` <= 0), and where the
    table's own clock runs for the throw (``clock_seats``, :func:`move_due`): that clock is the one deadline — a
    second window beside it promised "60 s" while the clock took the game after 30 (issue 24, web B1)."""
    if due is None or plays_bot(seats, due) or wait <= 0 or due in clock_seats:
        return None
    return wait


def move_due(
    state: Node | None,
    over: bool,
    scorekeeper: bool,
    clock: str,
    move_seconds: int | None,
    seats: Sequence[Seat],
    due: int | None,
) -> list[int]:
    """The people's seats the table's clock runs for now (``due``: :func:`throw_due`).

    A move of theirs at a table with a time control whose game is not over: a decision, or the throw that starts
    their turn (a player who walked away at his throw must not stop the table either). Not at a node with a window
    of the game's own (``State.deadline()``: the rules' clock is far shorter and decides by itself), not at a
    scorekeeper table (the people at the real table keep their own time), and only for seats their player plays
    himself (a stand-in bot needs no clock)."""
    if clock == "none" or not move_seconds or state is None or over or scorekeeper:
        return []
    if state.is_chance():
        return [due] if due is not None and not plays_bot(seats, due) else []
    if state.deadline() is not None:
        return []
    return [a for a in state.actors() if 0 <= a < len(seats) and seats[a].kind == "human" and not plays_bot(seats, a)]


def next_deadline(
    due: Sequence[int],
    stored_at: dt.datetime | None,
    stored_due: Sequence[int],
    sealed: bool,
    now: dt.datetime,
    limit: float,
) -> dt.datetime | None:
    """The deadline of the position a table just reached, to be committed with it; None: nobody's clock runs (a
    bot's move, a throw, the end).

    A full ``limit`` from ``now`` for the people ``due``; the running deadline (``stored_at``, set for
    ``stored_due``) when the new position only narrows who is due (one of several deciding at once answered:
    nobody gains time because another was quick), and when ``sealed`` moves (kept from somebody: a sealed stake)
    leave the same people due — a fresh limit for all would tell the others that somebody staked (issue 24, M1)."""
    if not due:
        return None
    if (
        stored_at is not None
        and stored_due
        and (set(due) < set(stored_due) or (sealed and set(due) == set(stored_due)))
    ):
        return stored_at
    return now + dt.timedelta(seconds=limit)


def restart_deadline(
    stored_at: dt.datetime | None, stored_seq: int | None, seq: int, now: dt.datetime, limit: float, grace: float | None
) -> dt.datetime | None:
    """The deadline a loaded running table gets for its position ``seq``; None: the stored one stands.

    A deadline still ahead stands (a correspondence game keeps its days across a restart). One that passed while
    the server was down gets ``grace`` seconds (at most a whole ``limit``) from now: nobody could move meanwhile.
    A position without a stored deadline (a seat given back just before a crash) gets a full limit. ``grace`` None:
    the table was only out of memory while the server ran and people could move; a deadline that passed meanwhile
    stands and runs out at once."""
    if stored_at is None or stored_seq != seq:
        return now + dt.timedelta(seconds=limit)
    if stored_at <= now and grace is not None:
        return now + dt.timedelta(seconds=min(limit, grace))
    return None


def running_deadline(
    stored_at: dt.datetime | None, stored_seq: int | None, seq: int, due: Sequence[int]
) -> float | None:
    """When the running move's time runs out (Unix time, to the millisecond); None: no table clock runs now (no
    stored deadline, one stored for another position, or nobody due)."""
    if stored_at is None or stored_seq != seq or not due:
        return None
    return round(stored_at.timestamp(), 3)


def window_timer(window: Window | None, seq: int) -> Timer:
    """The timer of the game's window (:func:`game_window`; None: the node has none)."""
    if window is None:
        return CancelTimer("window")
    return ArmTimer("window", seq, window.at, window.wall)


def throw_timer(wait: float | None, seq: int, now: float, wall: float) -> Timer:
    """The timer that throws for a person after ``wait`` seconds (:func:`throw_wait`; None: no such window)."""
    if wait is None:
        return CancelTimer("throw")
    return ArmTimer("throw", seq, now + wait, wall + wait)


def clock_timer(deadline: float | None, seq: int, now: float, wall: float) -> Timer:
    """The timer of the table's clock, running to the stored ``deadline`` (Unix time, :func:`running_deadline`;
    None: no table clock runs). A deadline already past fires at once: it is the stored one, so a server that was
    down or a table that was out of memory keeps it."""
    if deadline is None:
        return CancelTimer("clock")
    left = max(0.0, deadline - wall)
    return ArmTimer("clock", seq, now + left, wall + left)
