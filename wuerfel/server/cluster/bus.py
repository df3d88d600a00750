"""Messages between the workers of one platform: fire-and-forget publish/subscribe on named channels.

A worker that holds a client's websocket for a table another worker owns forwards the client's frames to the
owner's channel and relays what comes back on its own channel (lila-ws ↔ lila, over Redis). Messages are text (JSON);
a message published while nobody listens is lost, as with Redis pub/sub, so every user of the bus must survive a
lost message (a client resumes by seq; an RPC has a deadline).

:class:`LocalBus` is the single process's bus (asyncio queues); :class:`RedisBus` (``.redis``) the cluster's.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from typing import Protocol


class BusUnavailable(ConnectionError):
    """The bus cannot be reached (Redis is away): a publish was not sent, a subscription not confirmed. The caller
    answers as for a database that is away (``db_unavailable``) and tries again later; the bus reconnects by
    itself."""


class Subscription(Protocol):
    async def get(self, timeout: float | None = None) -> str | None:
        """The next message (None when ``timeout`` passed first)."""

    async def close(self) -> None: ...


class Bus(Protocol):
    async def publish(self, channel: str, message: str) -> None: ...

    async def subscribe(self, channel: str) -> Subscription:
        """Start listening on ``channel``: every message published after this returns is delivered."""

    async def close(self) -> None: ...


class _LocalSubscription:
    def __init__(self, bus: LocalBus, channel: str) -> None:
        self.bus = bus
        self.channel = channel
        self.queue: asyncio.Queue[str] = asyncio.Queue()

    async def get(self, timeout: float | None = None) -> str | None:
        try:
            return await asyncio.wait_for(self.queue.get(), timeout)
        except TimeoutError:
            return None

    async def close(self) -> None:
        self.bus._subs[self.channel].discard(self)


class LocalBus:
    """Publish/subscribe inside one process (the embedded default and unit tests)."""

    def __init__(self) -> None:
        self._subs: defaultdict[str, set[_LocalSubscription]] = defaultdict(set)

    async def publish(self, channel: str, message: str) -> None:
        for sub in list(self._subs.get(channel, ())):
            sub.queue.put_nowait(message)

    async def subscribe(self, channel: str) -> Subscription:
        sub = _LocalSubscription(self, channel)
        self._subs[channel].add(sub)
        return sub

    async def close(self) -> None:
        self._subs.clear()
