"""The rows of the store as values: a player, a seat, a table, an event, a game's result, a chat line, and the
refusals the store raises. Apart from :mod:`~wuerfel.server.store` (the queries) so that the modules that only pass
rows around — the live table, its views, the cluster — need not read the queries to know their shape.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import logging
from typing import Any

from wuerfel.engine.record import Event

SESSION_DAYS = 30
log = logging.getLogger("wuerfel.server")


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _aware(t: dt.datetime | None) -> dt.datetime | None:
    """SQLite returns naive datetimes; everything here is UTC."""
    if t is not None and t.tzinfo is None:
        return t.replace(tzinfo=dt.UTC)
    return t


@dataclasses.dataclass(frozen=True)
class Player:
    id: int
    name: str
    registered: bool
    bot: bool = False
    """A bot account ("Anna (BOT)", issue 27 §4): authenticated by its owner's token, never by a password."""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "registered": self.registered, "bot": self.bot}


@dataclasses.dataclass
class SeatRow:
    seat: int
    player_id: int | None = None
    bot: str | None = None
    name: str | None = None
    guest: bool = False
    """A guest (no password) sits here: pages mark the name "(guest)", so nobody passes for a registered player."""
    standin: str | None = None
    """The bot that plays this person's seat while he is away ("Computer übernimmt", after his clock ran out or he
    left for good); None: he plays it himself. Stored, so a restart keeps the bot in the seat."""

    @property
    def kind(self) -> str:
        if self.bot:
            return "bot"
        return "human" if self.player_id is not None else "empty"


@dataclasses.dataclass
class TableRow:
    id: str
    game: str
    rules_id: str
    rules: dict[str, Any]
    num_seats: int
    scorekeeper: bool
    private: bool
    host_id: int | None
    status: str
    created_at: dt.datetime
    finished_at: dt.datetime | None
    seats: list[SeatRow]
    resigned: int | None = None
    """The seat whose player resigned, which ended the game (None: nobody resigned)."""
    rematch: str | None = None
    """The table of the rematch of this finished game, once somebody asked for it (None: not yet)."""
    spectator_chat: bool = False
    """Spectators (with a name) may write in the chat; chosen at creation (default: only the players write)."""
    hints: bool = True
    """The players may ask the game's advisor for hints (protocol 5); chosen at creation (default: yes, since no
    table is rated yet)."""
    active_at: dt.datetime | None = None
    """The last seating change (created, a seat taken, left or given to a bot): an unstarted table idle too long
    leaves the lobby. None only for tables created before it was stored (their creation time stands in)."""

    clock: str = "none"
    """The time control chosen at creation: ``none``, ``live`` (seconds per move) or ``corr`` (days per move)."""
    move_seconds: int | None = None
    """The limit per move in seconds (nominal: a test server may scale it, see ``Hub.clock_scale``); None: none."""
    on_expiry: str = "bot"
    """What happens when a move's time runs out: ``bot`` (the computer plays the seat until the player returns)
    or ``forfeit`` (the player loses the game)."""
    deadline_at: dt.datetime | None = None
    """When the running move's time runs out (stored with the move, so a restart re-arms the same deadline)."""
    deadline_seq: int | None = None
    """The position (number of events) ``deadline_at`` belongs to; a deadline of another position is stale."""
    ended_by: str | None = None
    """Why the game ended before its end: ``resigned``, ``timeout`` (forfeit on time), ``abandoned`` (a guest
    logged out of a forfeit table); None: played out, or not over."""
    rated: bool = False
    """A rated table (issue 16): registered players and bots only, no hints; its end updates the ratings in the
    same transaction (see :meth:`Store.append`'s ``results``)."""

    @property
    def last_active(self) -> dt.datetime:
        return self.active_at or self.created_at


@dataclasses.dataclass(frozen=True)
class EventRow:
    """One event to append: the log entry plus where it goes."""

    table_id: str
    seq: int
    event: Event
    secret: str | None = None
    """The secret of the throw this event announced (its proof's ``next``): kept in the row, never in the event, so
    a restarted server throws the die it committed to; it leaves the server only in that throw's own event."""


@dataclasses.dataclass(frozen=True)
class GameResult:
    """How a game ended, stored with its status ``finished`` (:meth:`Store.append`): every seat's place and score,
    and at a rated table the ratings' update — all in the transaction that ends the game."""

    table_id: str
    ranking: list[list[int]]
    """Seats best first, tied seats grouped (the engine's :meth:`State.ranking`)."""
    scores: list[float] | None = None
    """Every seat's final score in the game's measure; None when the game ended by a resignation or forfeit."""


@dataclasses.dataclass(frozen=True)
class ArchiveGame:
    """One finished game in a player's archive: the table and every seat's result (see :meth:`Store.archive`)."""

    id: str
    game: str
    rules_id: str
    finished_at: dt.datetime | None
    rated: bool
    ended_by: str | None
    seats: list[dict[str, Any]]
    """Per seat: ``seat``, ``name``, ``player_id``, ``bot``, ``guest``, ``place``, ``score``, ``mine`` (the archive's
    player sits there) and at a rated table ``rating_before``/``rating_after`` (ordinals) of who sat there."""


Deadline = tuple[str, "dt.datetime | None", "int | None"]
"""(table id, when the running move's time runs out, the position it belongs to) — None, None: no clock runs."""


@dataclasses.dataclass(frozen=True)
class ChatRow:
    """One chat message at a table (see :meth:`Store.add_chat`)."""

    seq: int
    author: str
    player_id: int | None
    seat: int | None
    """The writer's seat; None: he watches (a spectator)."""
    at: dt.datetime
    text: str
    guest: bool = False
    """The writer is a guest (no password): pages mark the name "(Gast)" like everywhere else (protocol 6)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "author": self.author,
            "seat": self.seat,
            "spectator": self.seat is None,
            "at": self.at.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "text": self.text,
            "guest": self.guest,
        }


class NameTaken(Exception):
    """A registered player already has this name."""


class Fenced(Exception):
    """A write under a table's lease epoch that is no longer the table's (issue 25 §2): another worker took the
    table over, so this one must store nothing more for it. Nothing of the transaction was stored."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"table {table_id}: its lease passed to another worker")
        self.table_id = table_id


Fence = tuple[str, int]
"""(table id, lease epoch) under which a write is made."""


class SeatConflict(Exception):
    """Two writers raced for the same seat."""


def hash_token(token: str) -> str:
    """Sessions are stored by hash, so a leaked database does not hand out logged-in cookies."""
    return hashlib.sha256(token.encode()).hexdigest()
