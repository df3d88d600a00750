"""Who is at a table now: the seats whose person is connected, and the spectators (protocol 3).

Presence is a fact of the connections (who holds a websocket now), never stored: after a restart nobody is
connected until their page reconnects. The shell passes in who is connected (:class:`~.steps.Join`,
:class:`~.steps.Leave`, kept in :class:`Here`); these functions say what the table shows of it, and what an arriving
connection is sent first. (With several workers, issue 25 §2, the connections come from every worker; the rules
stay these.)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from wuerfel.engine.errors import N_
from wuerfel.server.core.readers import reader_of
from wuerfel.server.core.seating import seats_of
from wuerfel.server.core.steps import (
    ComeBack,
    Join,
    Leave,
    Logout,
    Now,
    SeatChange,
    Step,
    TellPresence,
    TellTable,
    TimeUp,
    Welcome,
)

if TYPE_CHECKING:
    from wuerfel.server.core.table import TableCore


class Seat(Protocol):
    """What presence reads of a seat (the store's ``SeatRow`` fits)."""

    @property
    def seat(self) -> int: ...

    @property
    def kind(self) -> str: ...

    @property
    def player_id(self) -> int | None: ...


Visitor = tuple[int, str] | None
"""An open connection's person: (player id, name), or None for a visitor without a name."""


def online(seats: Sequence[Seat], present: Collection[int]) -> list[int]:
    """The people's seats whose player (id in ``present``) has an open connection, in seat order. A person holding
    several seats (the host at a hot-seat table) is present in all of them; bots and free seats are never listed
    (a bot needs no connection)."""
    return [s.seat for s in seats if s.kind == "human" and s.player_id in present]


def spectators(seats: Sequence[Seat], visitors: Iterable[Visitor], muted: Collection[int]) -> list[dict[str, Any]]:
    """The people watching now: every open connection without a seat of its player, one entry per named person
    (however many tabs) and one per connection without a name (``name`` null; the pages call it "Zuschauer").
    Named ones first, by name."""
    seated = {s.player_id for s in seats if s.kind == "human"}
    named: dict[int, str] = {}
    anonymous = 0
    for v in visitors:
        if v is None:
            anonymous += 1
        elif v[0] not in seated:
            named[v[0]] = v[1]
    out: list[dict[str, Any]] = [
        {"player_id": pid, "name": name, "muted": pid in muted}
        for pid, name in sorted(named.items(), key=lambda kv: (kv[1].casefold(), kv[0]))
    ]
    out += [{"player_id": None, "name": None, "muted": False}] * anonymous
    return out


Told = tuple[list[int], list[dict[str, Any]]]
"""What a table was told of who is here: the seats online and the spectators (the ``presence`` message)."""


class Here:
    """Who is connected to one table now — each connection by the shell's key for it (opaque here), with its person —
    and what the table was last told of it. Kept by the core's :class:`~.steps.Join` and :class:`~.steps.Leave`, never
    stored: it is memory of the connections, not of the table."""

    def __init__(self) -> None:
        self.conns: dict[Hashable, Visitor] = {}
        self.addresses: dict[Hashable, str] = {}
        """The client address each connection joined from (the admission's limit per address, :mod:`.admission`)."""
        self.told: Told | None = None
        """The presence the connections were last told (None: nobody told yet, or it is to be told again)."""

    def online(self, seats: Sequence[Seat]) -> list[int]:
        """:func:`online` of the connected people."""
        return online(seats, {v[0] for v in self.conns.values() if v is not None})

    def spectators(self, seats: Sequence[Seat], muted: Collection[int]) -> list[dict[str, Any]]:
        """:func:`spectators` of the connections."""
        return spectators(seats, self.conns.values(), muted)

    def news(self, seats: Sequence[Seat], muted: Collection[int], again: bool = False) -> Told | None:
        """Who is here, when it is not what the table was last told (then it counts as told); ``again``: even if it
        is (a spectator's ``muted`` changed). None: nothing to tell — a person's second tab changes nothing, the
        table hears of people, not of their tabs."""
        now = (self.online(seats), self.spectators(seats, muted))
        if now == self.told and not again:
            return None
        self.told = now
        return now

    def rename(self, player_id: int, name: str) -> None:
        """A connected person's name changed (a guest registered): his connections carry the new one."""
        for key, v in self.conns.items():
            if v is not None and v[0] == player_id:
                self.conns[key] = (player_id, name)


def handle(core: TableCore, cmd: Join | Leave | Logout, now: Now) -> Step:
    """The core's answer to a connection arriving or leaving, or a guest's logout."""
    if isinstance(cmd, Join):
        return join(core, cmd, now)
    if isinstance(cmd, Leave):
        return leave(core, cmd)
    return logout(core, cmd)


def join(core: TableCore, cmd: Join, now: Now) -> Step:
    """A connection arrives: its person's seats a stand-in plays are his again (the :class:`~.steps.ComeBack` step:
    the seats and the deadline to store, the timers), the others hear who is here now (not the newcomer: he reads it
    in his first message), and he is sent the table before the start, else his view of the state from where his
    ``since`` stands in his own numbering (:meth:`~.readers.ReaderBook.resume_at`)."""
    back = core._come_back(ComeBack(cmd.player_id), now) if cmd.player_id is not None else Step(core.seq)
    core.here.conns[cmd.conn] = (cmd.player_id, cmd.name) if cmd.player_id is not None else None
    if cmd.address is not None:
        core.here.addresses[cmd.conn] = cmd.address
    at = None
    if core.match is not None:
        reader = reader_of(seats_of(core.row.seats, cmd.player_id))
        at = core.readers.resume_at(reader, cmd.since if cmd.since is not None else -1, core.committed)
    welcome = Welcome(cmd.conn, at, back=bool(back.standins))
    return dataclasses.replace(back, effects=(*back.effects, TellPresence(skip=cmd.conn), welcome))


def leave(core: TableCore, cmd: Leave) -> Step:
    """A connection is gone (a second call for it changes nothing): the others hear who is here now, if that
    changed."""
    core.here.conns.pop(cmd.conn, None)
    core.here.addresses.pop(cmd.conn, None)
    return Step(core.seq, effects=(TellPresence(),))


def logout(core: TableCore, cmd: Logout) -> Step:
    """A guest logged out (see :class:`~.steps.Logout`): before the start each of his seats is left (stored, then
    told with a note naming him as he sat there, and who is here); in a running game his seats no stand-in plays yet
    go to the table's setting (:class:`~.steps.TimeUp` with ``abandoned``: the shell runs it as the clock's
    ``StandIn``). Idle when he holds no seat, at a scorekeeper table, or when the game is over."""
    mine = [s.seat for s in core.row.seats if s.kind == "human" and s.player_id == cmd.player_id]
    if not mine or core.row.scorekeeper:
        return Step(core.seq)
    if core.row.status == "open":
        notes = tuple(TellTable(N_("{name} logged out and left seat {n}."), seat, named_before=True) for seat in mine)
        return Step(core.seq, left=tuple(SeatChange(seat) for seat in mine), effects=(*notes, TellPresence()))
    if core.match is None or core.over:
        return Step(core.seq)
    seats = tuple(seat for seat in mine if not core.row.seats[seat].standin)
    return Step(core.seq, effects=(TimeUp(seats, "abandoned"),) if seats else ())
