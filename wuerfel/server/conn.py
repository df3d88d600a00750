"""One websocket at one table: its outgoing queue and the writer task that empties it.

Apart from :mod:`~wuerfel.server.live` so that the table's state machine and the socket plumbing change apart: a
connection knows nothing of a game, only of messages to send, a reader's seq and how to close. The owner of a table
in a cluster (:mod:`~wuerfel.server.cluster.owner`) makes the same object for a socket held by another worker, with a
sender that publishes to the bus.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from wuerfel.server.core.seating import bot_numbers as bot_numbers  # the pages' numbering, imported from here
from wuerfel.server.messages import (
    encode,
)
from wuerfel.server.rows import Player

log = logging.getLogger("wuerfel.server")


class Sender(Protocol):
    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


OUTBOX = 256
"""Messages a connection may have waiting to be sent. A client that falls this far behind is closed (code
:data:`CLOSE_TOO_SLOW`); it reconnects with ``since`` and gets what it missed in one state message."""
CLOSE_TOO_SLOW = 4408
CLOSE_LIMIT = 4429
"""Close code after a refused connection (too many from one address, too many spectators at the table)."""
CLOSE_TIMEOUT = 10.0
"""How long the close handshake of a dropped connection may take before it is abandoned."""


class Conn:
    """One websocket of one player (or spectator) at one table.

    Nothing is ever sent while a table's lock is held: :meth:`push` only queues the message, and the connection's own
    writer task sends it. A client that does not read (a full socket buffer blocks a send forever) therefore stalls
    only its own writer; when its queue is full it is dropped instead of holding up the table.
    """

    def __init__(
        self,
        ws: Sender,
        player: Player | None,
        lang: str,
        want_seat: int | None,
        since: int | None,
        base_url: str = "",
        on_drop: Callable[[Conn], None] | None = None,
    ) -> None:
        self.ws = ws
        self.player = player
        self.lang = lang
        self.want_seat = want_seat
        self.last_seq = since if since is not None else -1
        self.table_version = -1
        self.base_url = base_url
        self.closed = False
        self.on_drop = on_drop
        """Called once when the connection is dropped (too slow or a failed send), e.g. to leave its table."""
        self.outbox: asyncio.Queue[str] = asyncio.Queue(OUTBOX)
        self.writer: asyncio.Task[None] | None = None
        self.closer: asyncio.Task[None] | None = None
        self.address: str | None = None
        """The client address this connection is counted under (see :meth:`Hub.admit`)."""

    def push(self, msg: Mapping[str, Any] | str) -> None:
        """Queue a message for this client (a dict, or one already encoded by :func:`encode`: the same message for
        many spectators is encoded once); never waits (call it with any lock held)."""
        if self.closed:
            return
        if self.writer is None:
            self.writer = asyncio.get_running_loop().create_task(self._write())
        try:
            self.outbox.put_nowait(msg if isinstance(msg, str) else encode(msg))
        except asyncio.QueueFull:
            log.warning("a client fell %d messages behind; closing its connection", OUTBOX)
            self.drop(CLOSE_TOO_SLOW)

    async def _write(self) -> None:
        while True:
            text = await self.outbox.get()
            try:
                await self.ws.send_text(text)
            except Exception:
                self.drop(None)
                return

    def drop(self, code: int | None) -> None:
        """Stop sending and close the socket (``code``; None: it is already broken). Never waits."""
        if self.closed:
            return
        self.closed = True
        if self.writer is not None and self.writer is not asyncio.current_task():
            self.writer.cancel()
        if code is not None:
            self.closer = asyncio.get_running_loop().create_task(self._close(code))
        if self.on_drop is not None:
            self.on_drop(self)

    async def _close(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(code), CLOSE_TIMEOUT)

    def stop(self) -> None:
        """The connection ended from the other side: stop the writer (queued messages go nowhere)."""
        self.closed = True
        if self.writer is not None and self.writer is not asyncio.current_task():
            self.writer.cancel()
