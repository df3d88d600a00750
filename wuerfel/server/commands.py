"""What a client's message does at a live table: a move, a typed throw (scorekeeper), a request for one's throw, a
chat line — each a command to the table's sans-IO core (:class:`~wuerfel.server.core.table.TableCore`), whose step
the table stores and whose effects it runs (:meth:`~wuerfel.server.live.LiveTable._run`).

Functions of the table (:class:`~wuerfel.server.live.LiveTable`), run under its lock by
:meth:`~wuerfel.server.live.LiveTable.handle`; what is allowed is the core's answer, each refusal a
:class:`~wuerfel.server.core.refusals.TableError` that changes nothing.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, cast

from wuerfel.engine.record import Match
from wuerfel.i18n import translate
from wuerfel.server import clocks, seatops, serverdice
from wuerfel.server.core import moves
from wuerfel.server.core.refusals import TableError
from wuerfel.server.core.steps import AskThrow, Chat, Move, TypedThrow
from wuerfel.server.messages import PROTOCOL_VERSION, db_refusal, error_json
from wuerfel.server.protocol import ChatMessage, ChatRequest
from wuerfel.server.rows import ChatRow
from wuerfel.server.rows import now as store_now

if TYPE_CHECKING:
    from wuerfel.server.live import Conn, LiveTable


async def chat(t: LiveTable, conn: Conn, msg: ChatRequest) -> None:
    """A chat message from a player of this table: trimmed, checked, stored, then sent to everyone at the table.

    Only people sitting at the table may write (spectators read along): a table is the players' room, and a
    stranger's words must not land in the players' record. The text is stored and sent as plain text; the page
    shows it as text (never as HTML), so nothing in it can act on a reader's page. Refusals come as ``error``
    messages in the writer's language and change nothing.
    """
    try:
        mine = t.seats_of(conn.player)
        player = conn.player
        async with t.lock:
            muted = player is not None and player.id in t.muted
            step = t.core.handle(
                Chat(msg, player.id if player is not None else None, tuple(mine), muted),
                clocks.now(),
                serverdice.dice(t),
            )
            if step.refused is not None:
                raise step.refused.error
            assert player is not None and step.chat is not None
            seat = mine[0] if mine else None
            author = (t.row.seats[seat].name if seat is not None else None) or player.name
            row = ChatRow(len(t.chat) + 1, author, player.id, seat, store_now(), step.chat, not player.registered)
            with db_refusal():
                await asyncio.to_thread(t.hub.store.add_chat, t.row.id, row, epoch=t.epoch)
            t.chat.append(row)
            t.core.stored(step)  # counts against his rate limit once stored
            out = cast("ChatMessage", {"v": PROTOCOL_VERSION, "type": "chat", **row.to_json()})
            for c in list(t.conns):
                await t._send(c, out)
    except TableError as exc:
        await t._send(conn, error_json(exc.code, exc.message(conn.lang), t.seq_of(conn)))


async def error(t: LiveTable, conn: Conn, code: str, msgid: str) -> None:
    await t._send(conn, error_json(code, translate(msgid, conn.lang), t.seq_of(conn)))


def playing(t: LiveTable) -> Match:
    return t.core.playing()


async def move(
    t: LiveTable, conn: Conn, action_json: Any, expected: int, seat: int | None, tap: str | None = None
) -> None:
    playing(t)
    mine = t.seats_of(conn.player)
    if conn.player is not None and mine:
        await seatops.give_back(t, conn.player)  # a move of his own says he is back
    await t._run(
        t.core.handle(
            Move(tuple(mine), seat, action_json, expected, tap, conn.want_seat), clocks.now(), serverdice.dice(t)
        )
    )


async def throw(t: LiveTable, conn: Conn, outcome_json: Any, expected: int) -> None:
    await t._run(
        t.core.handle(
            TypedThrow(tuple(t.seats_of(conn.player)), outcome_json, expected), clocks.now(), serverdice.dice(t)
        )
    )


async def ask_throw(t: LiveTable, conn: Conn, expected: int, seat: int | None, tap: str | None = None) -> None:
    """A person asks for his throw ("Würfeln"): the server's dice fall for the seat whose throw is due.

    Refused, changing nothing: at a scorekeeper table (the dice are entered there), from a connection without
    that seat, when no person's throw is due (nobody's throw falls by itself, a bot throws after its pause,
    at a decision node there is nothing to throw) and when it is another seat's throw.
    """
    playing(t)
    moves.check_throw_request(t.row.scorekeeper)
    mine = t.seats_of(conn.player)
    if conn.player is not None and mine:
        await seatops.give_back(t, conn.player)
    await t._run(
        t.core.handle(
            AskThrow(tuple(mine), seat, expected, tap, lambda due: t.seat_label(due, conn.lang)),
            clocks.now(),
            serverdice.dice(t),
        )
    )
