"""A client's websocket for a table another worker owns: relayed over the bus (lila-ws's role).

The relaying worker subscribes to a channel of its own for this socket (``conn:<worker>:<id>``), asks the owner to
take the socket in (``join``), forwards every client frame (``frame``) and says goodbye (``leave``); what arrives on
its channel (``send`` / ``close``) it passes to the client. The frames travel as they are, behind a short header
(:mod:`.wire`): nothing is parsed or encoded again on the way. Meanwhile it watches the table's lease: when the owner
changed or the lease expired (the owner died) it closes the client's socket with :data:`~.owner.CLOSE_MOVED`, and the
client reconnects with ``since`` — to whichever worker, which takes the table over from its log if nobody holds it.
The node tells each owner every ``ttl / 3`` which of its sockets are still there (one ``ping`` message for all of
them, :meth:`~.owner.Node.relaying`), so an owner drops the sockets of a relaying worker that died. Frames, pings
and the lease watch run in tasks of their own, so none waits for another: measured at saturation, pings sent
between lease lookups (one task did both) came later than the owner's patience whenever the database answered
slowly, and the owner dropped sockets that were fine.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import uuid
from typing import Any, Protocol

from wuerfel.server.cluster import wire
from wuerfel.server.cluster.bus import BusUnavailable
from wuerfel.server.cluster.owner import CLOSE_MOVED, Node, worker_channel

CLOSE_TRY_LATER = 1013
"""Close code when the bus between the workers is away (Redis restarting): the standard "try again later"."""


class Client(Protocol):
    """The client's side of the socket, as the relay needs it."""

    async def receive_frame(self) -> str | None:
        """The client's next frame (None: it went away)."""

    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int) -> None: ...


async def relay(node: Node, client: Client, owner: str, table_id: str, join: dict[str, Any]) -> int | None:
    """Relay ``client`` to ``owner`` until one side ends; returns the close code the owner or the watch chose (None:
    the client left)."""
    key = f"conn:{node.worker_id}:{uuid.uuid4().hex}"
    try:
        sub = await node.bus.subscribe(key)
    except BusUnavailable:
        # Redis is away: the client is told to come back later (it reconnects by itself) instead of an error.
        with contextlib.suppress(Exception):
            await client.close(CLOSE_TRY_LATER)
        return CLOSE_TRY_LATER
    target = worker_channel(owner)
    ended: asyncio.Future[int | None] = asyncio.get_running_loop().create_future()

    def end(code: int | None) -> None:
        if not ended.done():
            ended.set_result(code)

    def failed(task: asyncio.Task[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            end(CLOSE_MOVED)

    async def uplink() -> None:
        while True:
            frame = await client.receive_frame()
            if frame is None:
                end(None)
                return
            await node.bus.publish(target, wire.to_owner(wire.FRAME, key, frame))

    async def downlink() -> None:
        while True:
            raw = await sub.get(timeout=None)
            if raw is None:
                continue
            # the owner's message as it is: the state was encoded once, on the owner, and is not parsed here
            if raw[:1] == wire.SEND:
                await client.send_text(raw[1:])
            elif raw[:1] == wire.CLOSE:
                end(int(raw[1:] or 1000))
                return

    async def watch() -> None:
        while True:
            await asyncio.sleep(node.ttl / 3)
            lease = await node.owner_of(table_id)
            if lease is None or lease.owner != owner:
                end(CLOSE_MOVED)
                return

    tasks: list[asyncio.Task[None]] = []
    code: int | None = CLOSE_TRY_LATER
    try:
        try:
            await node.bus.publish(
                target, wire.to_owner(wire.JOIN, key, json.dumps({"table": table_id, **join}, ensure_ascii=False))
            )
        except BusUnavailable:
            # Redis went away (or is swamped) between the subscription and the join: the client is told to come
            # back later (1013) instead of a socket that dies without a close frame.
            pass
        else:
            loop = asyncio.get_running_loop()
            tasks = [loop.create_task(f()) for f in (uplink, downlink, watch)]
            node.relaying(owner, key, True)
            for task in tasks:
                # a failed side (the bus away, the client gone): the client reconnects, to whichever worker then
                task.add_done_callback(failed)
            code = await ended
    finally:
        node.relaying(owner, key, False)
        for task in tasks:
            task.cancel()
        with contextlib.suppress(Exception):
            await node.bus.publish(target, wire.to_owner(wire.LEAVE, key))
        with contextlib.suppress(Exception):
            await sub.close()
    if code is not None:
        with contextlib.suppress(Exception):
            await client.close(code)
    return code


class WebSocketClient:
    """A Starlette websocket as the relay's :class:`Client`."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws

    async def receive_frame(self) -> str | None:
        msg = await self.ws.receive()
        if msg["type"] == "websocket.disconnect":
            return None
        text = msg.get("text")
        if text is None:
            text = (msg.get("bytes") or b"").decode("utf-8", "replace")
        return str(text)

    async def send_text(self, data: str) -> None:
        await self.ws.send_text(data)

    async def close(self, code: int) -> None:
        await self.ws.close(code=code)
