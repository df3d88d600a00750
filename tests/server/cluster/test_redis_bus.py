"""The cluster's bus on a real Redis (issue 25 §2): delivery, several subscribers, closing, and surviving a lost
connection — killed by Redis (``CLIENT KILL``) or gone with the server (a proxy in front of Redis that is stopped
and started again, which is what a Redis restart looks like to a worker)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable, Iterator

import pytest
import redis

from tests.server.cluster.services import RedisSpace
from tests.server.loops import run_loop
from wuerfel.server.cluster.bus import BusUnavailable
from wuerfel.server.cluster.redis_bus import RedisBus


@pytest.fixture
def raw(redis_space: RedisSpace) -> Iterator[redis.Redis]:
    r = redis.Redis.from_url(redis_space.url, decode_responses=True)
    yield r
    r.close()


async def until(cond: Callable[[], bool | Awaitable[bool]], what: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        got = cond()
        if not isinstance(got, bool):
            got = await got
        if got:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


def numsub(r: redis.Redis, channel: str) -> int:
    return int(r.pubsub_numsub(channel)[0][1])


def test_subscribe_returns_once_confirmed_and_delivers(redis_space: RedisSpace, raw: redis.Redis) -> None:
    async def run() -> None:
        bus = RedisBus(redis_space.url, redis_space.prefix)
        try:
            sub = await bus.subscribe("table:1")
            # Confirmed by Redis before subscribe returned: a message published by anybody now is delivered.
            assert numsub(raw, redis_space.prefix + "table:1") == 1
            assert numsub(raw, "table:1") == 0  # every channel carries the prefix
            assert raw.publish(redis_space.prefix + "table:1", "von außen") == 1
            await bus.publish("table:1", '{"t":"move"}')
            assert await sub.get(5) == "von außen"
            assert await sub.get(5) == '{"t":"move"}'
            assert await sub.get(0) is None
        finally:
            await bus.close()

    run_loop(run())


def test_a_burst_of_publishes_is_batched_and_arrives_in_order(redis_space: RedisSpace) -> None:
    """A busy worker publishes for hundreds of relayed sockets at once: with a plain pool of 16 connections the 17th
    concurrent publish failed ("Too many connections") and the socket it served died without a close frame
    (bench/cluster.py, two workers at saturation). Publishes now share pipelines: none waits for a connection,
    they arrive in the order they were made, and a burst costs a few round trips instead of one each."""

    async def run() -> None:
        bus = RedisBus(redis_space.url, redis_space.prefix)
        try:
            sub = await bus.subscribe("burst")
            await asyncio.gather(*(bus.publish("burst", str(i)) for i in range(300)))
            assert bus.published == 300 and bus.batches <= 10
            got = []
            while len(got) < 300:
                msg = await sub.get(5)
                assert msg is not None, f"{len(got)} of 300 arrived"
                got.append(msg)
            assert got == [str(i) for i in range(300)]
        finally:
            await bus.close()

    run_loop(run())


def test_two_subscribers_on_two_workers(redis_space: RedisSpace, raw: redis.Redis) -> None:
    async def run() -> None:
        a, b = RedisBus(redis_space.url, redis_space.prefix), RedisBus(redis_space.url, redis_space.prefix)
        try:
            a1, a2, b1 = await a.subscribe("lobby"), await a.subscribe("lobby"), await b.subscribe("lobby")
            other = await a.subscribe("table:2")
            # one Redis subscription per worker, however many local subscribers
            assert numsub(raw, redis_space.prefix + "lobby") == 2
            await b.publish("lobby", "neu")
            await a.publish("table:2", "nur hier")
            for sub in (a1, a2, b1):
                assert await sub.get(5) == "neu"
            # the lobby's message did not reach the table's channel: its first message is its own
            assert await other.get(5) == "nur hier"
        finally:
            await a.close()
            await b.close()

    run_loop(run())


def test_close_stops_delivery(redis_space: RedisSpace, raw: redis.Redis) -> None:
    async def run() -> None:
        bus = RedisBus(redis_space.url, redis_space.prefix)
        ch = redis_space.prefix + "c"
        try:
            first, second = await bus.subscribe("c"), await bus.subscribe("c")
            await first.close()
            assert numsub(raw, ch) == 1  # the other local subscriber still listens
            await bus.publish("c", "1")
            assert await second.get(5) == "1"
            assert first.queue.empty()  # type: ignore[attr-defined]
            await second.close()
            await until(lambda: numsub(raw, ch) == 0, "the unsubscribe")
            again = await bus.subscribe("c")  # subscribe after unsubscribe: confirmed anew
            assert numsub(raw, ch) == 1
            await bus.publish("c", "2")
            assert await again.get(5) == "2"
        finally:
            await bus.close()
        assert numsub(raw, ch) == 0
        with pytest.raises(BusUnavailable):
            await bus.publish("c", "3")

    run_loop(run())


def _kill_bus_subscriber(raw: redis.Redis, prefix: str) -> int:
    """Kill the bus's pub/sub connection only (not with ``CLIENT KILL TYPE pubsub``: that would cut every other
    test's subscribers on this Redis too)."""
    killed = 0
    for client in raw.client_list(_type="pubsub"):
        if client.get("name", "").startswith("wuerfel-bus-" + prefix):
            raw.execute_command("CLIENT", "KILL", "ID", client["id"])
            killed += 1
    return killed


def test_reconnects_and_resubscribes_after_the_connection_is_killed(redis_space: RedisSpace, raw: redis.Redis) -> None:
    async def run() -> None:
        bus = RedisBus(redis_space.url, redis_space.prefix)
        ch = redis_space.prefix + "t"
        try:
            sub = await bus.subscribe("t")
            lobby = await bus.subscribe("lobby")
            assert _kill_bus_subscriber(raw, redis_space.prefix) == 1
            assert numsub(raw, ch) == 0
            await until(lambda: bus.reconnects >= 1 and bus.connected, "the bus to reconnect")
            assert numsub(raw, ch) == 1 and numsub(raw, redis_space.prefix + "lobby") == 1
            await bus.publish("t", "weiter")
            await bus.publish("lobby", "auch")
            assert await sub.get(5) == "weiter"
            assert await lobby.get(5) == "auch"
        finally:
            await bus.close()

    run_loop(run())


def test_a_killed_publishing_connection_costs_no_publish(redis_space: RedisSpace, raw: redis.Redis) -> None:
    """The bus keeps one connection for its publishes (written and read directly, redis_bus.py): when Redis drops
    it, the next publish goes out on a fresh one — once more, as redis-py's retry did — instead of failing."""

    async def run() -> None:
        bus = RedisBus(redis_space.url, redis_space.prefix)
        try:
            sub = await bus.subscribe("t")
            await bus.publish("t", "eins")
            assert await sub.get(5) == "eins"
            publisher = [c for c in raw.client_list() if c.get("name", "") == f"wuerfel-bus-{redis_space.prefix}-pub"]
            assert len(publisher) == 1
            raw.execute_command("CLIENT", "KILL", "ID", publisher[0]["id"])
            await bus.publish("t", "zwei")
            assert await sub.get(5) == "zwei"
            await bus.publish("t", "drei")
            assert await sub.get(5) == "drei"
        finally:
            await bus.close()

    run_loop(run())


class Proxy:
    """A TCP proxy in front of Redis: :meth:`stop` drops every connection and refuses new ones, as a Redis that
    went away does; :meth:`start` lets them through again, on the same port."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = 0
        self.server: asyncio.Server | None = None
        self.writers: set[asyncio.StreamWriter] = set()

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", self.port, reuse_address=True)
        self.port = self.server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        assert self.server is not None
        self.server.close()
        for w in list(self.writers):
            w.transport.abort()
        self.writers.clear()
        await self.server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(*self.target)
        self.writers.update((writer, up_writer))

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            with contextlib.suppress(Exception):
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            dst.transport.abort()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))


def test_redis_away_and_back(redis_space: RedisSpace) -> None:
    async def run() -> None:
        proxy = Proxy(("127.0.0.1", 6379))
        await proxy.start()
        bus = RedisBus(f"redis://127.0.0.1:{proxy.port}/0", redis_space.prefix, confirm_timeout=0.5)
        try:
            sub = await bus.subscribe("t")
            await bus.publish("t", "vorher")
            assert await sub.get(5) == "vorher"
            await proxy.stop()
            with pytest.raises(BusUnavailable):
                await bus.publish("t", "während")
            with pytest.raises(BusUnavailable):
                await bus.subscribe("neu")
            await proxy.start()
            await until(lambda: bus.connected and bus.reconnects >= 1, "the bus to reconnect")
            await bus.publish("t", "nachher")
            assert await sub.get(5) == "nachher"
            late = await bus.subscribe("neu")
            await bus.publish("neu", "da")
            assert await late.get(5) == "da"
        finally:
            await bus.close()
            with contextlib.suppress(Exception):
                await proxy.stop()

    run_loop(run())
