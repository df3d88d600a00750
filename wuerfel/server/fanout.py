"""Telling everyone at a live table: the new seating, the new state (paced for spectators), who is here (and who
that is: the connected seats, the spectators), the chat so far, and that the database cannot be written now.

Functions of the table (:class:`~wuerfel.server.live.LiveTable`). Nothing here waits for a client: each message is
queued on its connection (:class:`~wuerfel.server.conn.Conn`), whose own writer sends it, so a slow reader never
holds up the table; when each spectator hears next is the sans-IO core's (:mod:`wuerfel.server.core.pacing`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from wuerfel.engine.errors import N_
from wuerfel.i18n import translate
from wuerfel.server import views
from wuerfel.server.core.chat import CHAT_HISTORY
from wuerfel.server.core.steps import Welcome
from wuerfel.server.messages import DB_RETRYING, PROTOCOL_VERSION, Note, error_json
from wuerfel.server.protocol import ChatLine, PresenceMessage, Spectator, TableMessage

if TYPE_CHECKING:
    from wuerfel.server.live import Conn, LiveTable


def tell_presence(t: LiveTable, skip: Conn | None = None, again: bool = False) -> None:
    """Tell every connection who is here when that changed (a player's first tab opened, his last one closed,
    a seat taken or left; ``again``: also when not, see :class:`~wuerfel.server.core.steps.TellPresence`). Only
    queues messages (see :class:`Conn`), so it may run with or without the lock.

    A second tab of a player already present changes nothing and sends nothing: the table hears about people,
    not about their tabs (:meth:`wuerfel.server.core.presence.Here.news` decides)."""
    news = t.core.here.news(t.row.seats, t.muted, again)
    if news is None:
        return
    online, watching = news
    msg: PresenceMessage = {
        "v": PROTOCOL_VERSION,
        "type": "presence",
        "online": online,
        "spectators": cast("list[Spectator]", watching),
    }
    for c in list(t.conns):
        if c is not skip:
            c.push(msg)


async def welcome(t: LiveTable, conn: Conn, first: Welcome, back: bool) -> None:
    """What the core's :class:`~wuerfel.server.core.steps.Welcome` sends an arriving connection: the table before
    the start, else its first state message from where the core resumes it; ``back``: his seats are his again
    (stored)."""
    if first.at is None:
        msg: TableMessage = {
            "v": PROTOCOL_VERSION,
            "type": "table",
            "table": t.summary(conn.base_url),
            "chat": chat_history(t),
        }
        conn.push(msg)
        return
    conn.last_seq = first.at
    note = translate(N_("You are back: you play your seat again."), conn.lang) if back else None
    await views.send_state(t, conn, {}, first=True, note=note)


async def broadcast_table(t: LiveTable, note: Callable[[str], str] | None = None) -> None:
    """Send the new seating to everyone; ``note`` says in the reader's language what happened (protocol 3)."""
    for c in list(t.conns):
        msg: TableMessage = {"v": PROTOCOL_VERSION, "type": "table", "table": t.summary(c.base_url)}
        if note is not None:
            msg["note"] = note(c.lang)
        await t._send(c, msg)


async def broadcast_state(t: LiveTable, note: Note | None = None, skip: Conn | None = None) -> None:
    """Send the new state to everyone; ``note`` says in the reader's language what happened to a seat (the
    clock decided, a bot took a seat or gave it back: protocol 6)."""
    cache: dict[Any, Any] = {}
    now = asyncio.get_running_loop().time()
    for c in list(t.conns):
        if c is skip:
            continue
        mine = t.seats_of(c.player)
        said = note(c.lang, mine) if note is not None else None
        if mine:
            t.pacer.forget(c)
        elif t.pacer.defer(c, said, now):
            continue  # a spectator heard of the table a moment ago: this reaches him with the next delivery
        await views.send_state(t, c, cache, note=said, quiet=said is None)
    pace(t)


def pace(t: LiveTable) -> None:
    """Arm the one timer that delivers what the waiting spectators missed (:mod:`~wuerfel.server.core.pacing`)."""
    due = t.pacer.due()
    if due is None or t._pace_timer is not None:
        return
    loop = asyncio.get_running_loop()

    def deliver() -> None:
        t._pace_timer = None
        task = loop.create_task(deliver_paced(t))
        t._pacing.add(task)
        task.add_done_callback(t._pacing.discard)

    t._pace_timer = loop.call_at(due, deliver)


async def deliver_paced(t: LiveTable) -> None:
    """One state message to every spectator whose interval is over, with every event since his last one."""
    async with t.lock:
        if t.match is not None:
            cache: dict[Any, Any] = {}
            for c, said in t.pacer.take(asyncio.get_running_loop().time()):
                conn = cast("Conn", c)  # the pacer holds the table's connections, typed as any key
                if conn in t.conns and not conn.closed:
                    await views.send_state(t, conn, cache, note=said, quiet=said is None)
        pace(t)


def online(t: LiveTable) -> list[int]:
    """The people's seats whose player has an open connection to this table, in seat order.

    Presence is a fact of this server process alone (who holds a websocket now, as the core's
    :class:`~wuerfel.server.core.steps.Join` and ``Leave`` keep it), never stored: after a restart nobody is
    connected until their page reconnects. A person holding several seats (the host at a hot-seat table) is present
    in all of them; bots and free seats are never listed (a bot needs no connection)."""
    return t.core.here.online(t.row.seats)


def spectators(t: LiveTable) -> list[Spectator]:
    """The people watching now: every open connection without a seat of its player at this table, one entry per
    named person (however many tabs) and one per connection without a name (``name`` null; the pages call it
    "Zuschauer"). Named ones first, by name; like presence, a fact of this process, never stored."""
    return cast("list[Spectator]", t.core.here.spectators(t.row.seats, t.muted))


def report_db_failure(t: LiveTable) -> None:
    """Tell everybody at the table that the server could not save and keeps trying (call with the lock held)."""
    for c in list(t.conns):
        c.push(error_json("db_unavailable", translate(DB_RETRYING, c.lang), t.seq_of(c)))


def chat_history(t: LiveTable) -> list[ChatLine]:
    """The last :data:`CHAT_HISTORY` chat messages, which the first message on a connection carries."""
    return [cast("ChatLine", m.to_json()) for m in t.chat[-CHAT_HISTORY:]]
