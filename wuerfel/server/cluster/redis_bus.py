"""The cluster's bus on Redis pub/sub (issue 25 §2): :class:`RedisBus`.

One Redis connection per worker carries every subscription, read by one dispatcher task that hands each message to
the local subscriptions of its channel. One connection rather than one per subscription: a worker subscribes a
channel per table and per socket it relays for, so connections (and file descriptors, and Redis clients) would grow
with the tables; a second local subscription of a channel costs no Redis command at all, and a reconnect is one
``SUBSCRIBE`` of everything. Publishing uses a small pool of ordinary connections.

Every channel name gets the bus's prefix, so several platforms (or test runs) share one Redis without hearing each
other. A lost connection (Redis restarted, the connection killed) is reopened with back-off and every channel
subscribed again; messages published meanwhile are lost, as the bus's contract says. While Redis is away
:meth:`RedisBus.publish` raises :class:`BusUnavailable` and :meth:`RedisBus.subscribe` raises it after
``confirm_timeout``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError

from wuerfel.server.cluster.bus import BusUnavailable, Subscription

log = logging.getLogger("wuerfel.server.cluster")

_LOST = (RedisConnectionError, RedisTimeoutError, OSError)
_BATCH = 512
"""Most messages in one pipeline: bounds the memory of a batch when a flood waits behind a slow round trip."""
PUBLISH_TIMEOUT = 5.0
"""Seconds one batch of publishes may take (writing it and reading Redis's answers) before the connection counts as
lost."""


class _RedisSubscription:
    def __init__(self, bus: RedisBus, channel: str) -> None:
        self.bus = bus
        self.channel = channel
        """With the bus's prefix."""
        self.queue: asyncio.Queue[str] = asyncio.Queue()
        self.closed = False

    async def get(self, timeout: float | None = None) -> str | None:
        try:
            return await asyncio.wait_for(self.queue.get(), timeout)
        except TimeoutError:
            return None

    async def close(self) -> None:
        if not self.closed:
            self.closed = True
            await self.bus._drop(self)


class RedisBus:
    """Publish/subscribe between the workers of one platform, on Redis. Create and use it in one event loop."""

    def __init__(
        self, url: str, prefix: str, confirm_timeout: float = 5.0, ping_interval: float = 5.0, worker: str = ""
    ) -> None:
        self.url = url
        self.prefix = prefix
        self.confirm_timeout = confirm_timeout
        self.ping_interval = ping_interval
        """Seconds of silence after which the dispatcher pings Redis; no answer within two more such intervals
        counts as a lost connection (a peer gone without closing the socket)."""
        # Named after prefix and worker, so ``CLIENT LIST`` tells whose connection is whose.
        name = "wuerfel-bus-" + "".join(ch if ch.isalnum() or ch in "-_:." else "_" for ch in prefix + worker)
        # Publishing: one connection, used by one flusher task that sends everything published since its last round
        # trip as one pipeline (see :meth:`publish`). One retry on a fresh connection, so a connection that died with
        # a Redis restart costs nothing once Redis is back, and no back-off, so a publish while Redis is away fails
        # within seconds. No pool to wait for: with a pool, a busy worker's publishes each held a connection for a
        # round trip, the 17th (then the 33rd) concurrent one waited or failed, and the socket it served died
        # (bench/cluster.py at saturation). The connection is written and read directly (:meth:`_send`), with one
        # timeout per batch (:data:`PUBLISH_TIMEOUT`) instead of redis-py's per command (a task per write, a timer
        # per read, the retry wrapper and the pool around each: most of a relayed message's CPU, bench/cluster.py).
        self._pub = aioredis.Redis.from_url(
            url,
            decode_responses=True,
            socket_connect_timeout=2,
            socket_timeout=None,
            client_name=name + "-pub",
        )
        self._pub_conn: Any = None
        """The publishing connection (made on the first publish, made again after it was lost)."""
        self._outq: list[tuple[str, str, asyncio.Future[None]]] = []
        """Messages published and not yet sent: (channel with prefix, message, the publisher's future)."""
        self._flusher: asyncio.Task[None] | None = None
        self.batches = 0
        """Pipelines sent (with :attr:`published`: how well publishes are batched, for the bench)."""
        self.published = 0
        # Subscribing: no retries inside redis-py; the dispatcher reconnects and re-subscribes itself, so the
        # bookkeeping of what is confirmed stays in one place. RESP2: a message is a plain ``[kind, channel, data]``
        # reply, read as it is (:meth:`_read`), not a push notification run through redis-py's push handler.
        self._sub_client = aioredis.Redis.from_url(
            url,
            decode_responses=True,
            socket_connect_timeout=2,
            socket_timeout=5,
            retry=Retry(NoBackoff(), 0),
            client_name=name + "-sub",
            protocol=2,
        )
        self._subs: dict[str, set[_RedisSubscription]] = {}
        self._outstanding: dict[str, int] = {}
        """Per channel, the (UN)SUBSCRIBE commands sent on the current connection that Redis has not answered."""
        self._live: set[str] = set()
        """Channels whose subscription Redis confirmed on the current connection (and not unsubscribed since)."""
        self._waiters: dict[str, list[asyncio.Future[None]]] = {}
        self._ps: Any = None
        """The current pub/sub connection (None while there is none)."""
        self._task: asyncio.Task[None] | None = None
        self._closed = False
        self.reconnects = 0
        """Connections opened after the first (for tests and the health page)."""

    # --- the interface ------------------------------------------------------------------------------------------
    async def publish(self, channel: str, message: str) -> None:
        """Send ``message``; returns once Redis took it (raises :class:`BusUnavailable` when it cannot).

        Publishes are batched: the first one starts a flusher that sends everything queued as one pipeline (one
        write, one read), and whatever is published during that round trip goes in the next. Under load a move's
        few messages (the frame in, the state out to each relayed seat) share round trips instead of each costing
        one, and they leave in the order they were published."""
        if self._closed:
            raise BusUnavailable("the bus is closed")
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._outq.append((self.prefix + channel, message, fut))
        if self._flusher is None:
            self._flusher = asyncio.get_running_loop().create_task(self._flush(), name="wuerfel-bus-publish")
        await fut

    async def _flush(self) -> None:
        try:
            while self._outq:
                batch, self._outq = self._outq[:_BATCH], self._outq[_BATCH:]
                error: BusUnavailable | None = None
                try:
                    await self._send_batch([("PUBLISH", channel, message) for channel, message, _ in batch])
                except (*_LOST, RedisError) as exc:
                    error = BusUnavailable(f"Redis at {self.url} is unreachable: {exc}")
                except Exception as exc:  # never leave a publisher waiting for ever
                    log.exception("bus: a batch of %d messages could not be published", len(batch))
                    error = BusUnavailable(f"publishing to Redis at {self.url} failed: {exc}")
                self.batches += 1
                self.published += len(batch)
                for _, _, fut in batch:
                    if not fut.done():
                        if error is None:
                            fut.set_result(None)
                        else:
                            fut.set_exception(error)
        finally:
            self._flusher = None

    async def _send_batch(self, commands: list[tuple[str, str, str]]) -> None:
        """Write ``commands`` to the publishing connection at once and read their answers; on a lost connection
        once more on a fresh one. Any failure leaves no connection behind whose answers could be out of step."""
        for attempt in (1, 2):
            conn = self._pub_conn
            if conn is None:
                conn = self._pub_conn = self._pub.connection_pool.make_connection()
            try:
                async with asyncio.timeout(PUBLISH_TIMEOUT):
                    await conn.send_packed_command(conn.pack_commands(commands), check_health=False)
                    for _ in commands:
                        await conn.read_response()
                return
            except BaseException as exc:
                self._pub_conn = None
                with contextlib.suppress(Exception):
                    await conn.disconnect()
                if attempt == 2 or not isinstance(exc, _LOST):
                    raise

    async def subscribe(self, channel: str) -> Subscription:
        if self._closed:
            raise BusUnavailable("the bus is closed")
        full = self.prefix + channel
        sub = _RedisSubscription(self, full)
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="wuerfel-bus")
        subs = self._subs.setdefault(full, set())
        subs.add(sub)
        if self._confirmed(full):
            return sub
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.setdefault(full, []).append(fut)
        if len(subs) == 1 and self._ps is not None:
            await self._send(self._ps, "subscribe", full)
        try:
            await asyncio.wait_for(fut, self.confirm_timeout)
        except TimeoutError:
            await sub.close()
            raise BusUnavailable(
                f"Redis at {self.url} did not confirm the subscription of {channel!r} within {self.confirm_timeout:g} s"
            ) from None
        return sub

    async def close(self) -> None:
        self._closed = True
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None
        for futs in self._waiters.values():
            for fut in futs:
                if not fut.done():
                    fut.cancel()
        self._waiters.clear()
        self._subs.clear()
        if self._flusher is not None:
            self._flusher.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._flusher
        for _, _, fut in self._outq:
            if not fut.done():
                fut.set_exception(BusUnavailable("the bus is closed"))
        self._outq = []
        with contextlib.suppress(Exception):
            await self._sub_client.aclose()
        if self._pub_conn is not None:
            with contextlib.suppress(Exception):
                await self._pub_conn.disconnect()
            self._pub_conn = None
        with contextlib.suppress(Exception):
            await self._pub.aclose()

    @property
    def connected(self) -> bool:
        """Whether the pub/sub connection is up and every channel's subscription confirmed."""
        return self._ps is not None and not any(self._outstanding.values())

    # --- bookkeeping ----------------------------------------------------------------------------------------------
    def _confirmed(self, full: str) -> bool:
        return self._ps is not None and full in self._live and not self._outstanding.get(full)

    async def _send(self, ps: Any, command: str, *channels: str) -> None:
        """Send (UN)SUBSCRIBE; a failure is left to the dispatcher, which sees the connection drop and starts over
        with everything subscribed."""
        for ch in channels:
            self._outstanding[ch] = self._outstanding.get(ch, 0) + 1
        try:
            await (ps.subscribe(*channels) if command == "subscribe" else ps.unsubscribe(*channels))
        except _LOST as exc:
            log.warning("bus: %s failed (%s); the dispatcher reconnects", command, exc)

    async def _drop(self, sub: _RedisSubscription) -> None:
        subs = self._subs.get(sub.channel)
        if subs is None:
            return
        subs.discard(sub)
        if subs:
            return
        del self._subs[sub.channel]
        self._live.discard(sub.channel)
        for fut in self._waiters.pop(sub.channel, []):
            if not fut.done():
                fut.cancel()
        if self._ps is not None:
            await self._send(self._ps, "unsubscribe", sub.channel)

    def _handle(self, msg: Any) -> None:
        """One reply of the pub/sub connection as Redis sent it: ``[kind, channel, data or count]``."""
        if not isinstance(msg, list) or len(msg) < 2:
            return
        kind, channel = msg[0], str(msg[1] or "")
        if kind == "message":
            for sub in self._subs.get(channel, ()):
                sub.queue.put_nowait(msg[2])
        elif kind in ("subscribe", "unsubscribe"):
            left = self._outstanding.get(channel, 0) - 1
            if left > 0:
                self._outstanding[channel] = left
                return
            self._outstanding.pop(channel, None)
            if self._subs.get(channel):
                self._live.add(channel)
                for fut in self._waiters.pop(channel, []):
                    if not fut.done():
                        fut.set_result(None)

    # --- the dispatcher ---------------------------------------------------------------------------------------
    async def _run(self) -> None:
        delay = 0.05
        first = True
        while not self._closed:
            ps = self._sub_client.pubsub()
            try:
                await ps.connect()
                if not first:
                    self.reconnects += 1
                first = False
                self._outstanding = {}
                self._live = set()
                self._ps = ps
                if self._subs:
                    await self._send(ps, "subscribe", *self._subs)
                delay = 0.05
                await self._read(ps)
            except asyncio.CancelledError:
                raise
            except _LOST as exc:
                log.warning("bus: lost the connection to Redis at %s (%s); reconnecting", self.url, exc)
            except Exception:
                log.exception("bus: dispatcher failed; reconnecting")
            finally:
                self._ps = None
                self._outstanding = {}
                self._live = set()
                with contextlib.suppress(Exception):
                    await ps.aclose()
            await asyncio.sleep(delay)
            delay = min(delay * 2, 1.0)

    async def _read(self, ps: Any) -> None:
        """Hand every message to its subscriptions, ping Redis after a silence, and give up on a connection that does
        not answer. The replies are read from the connection itself: ``PubSub.get_message`` wraps each one in a retry,
        a timeout and a dict, which cost most of the dispatcher's CPU per relayed message (bench/cluster.py)."""
        last = time.monotonic()
        pinged = False
        conn = ps.connection
        while True:
            msg = await conn.read_response(timeout=self.ping_interval, disconnect_on_error=False, push_request=True)
            if msg is not None:
                last, pinged = time.monotonic(), False
                self._handle(msg)
                continue
            if not self._subs:
                # Nothing to lose, and outside subscribe mode a PING is answered in another shape.
                last, pinged = time.monotonic(), False
                continue
            if time.monotonic() - last > 3 * self.ping_interval:
                raise RedisConnectionError("no answer to a ping")
            if not pinged:
                pinged = True
                await ps.ping()
