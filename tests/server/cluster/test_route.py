"""Two workers in one process (issue 25 §2): two :class:`Hub`s with a :class:`Node` each, sharing one
:class:`LocalLeases`, one :class:`LocalBus` and one SQLite store. A socket held by the worker that does not own the
table is relayed to the owner; when the owner stops, the other worker takes the table over and the client is told to
reconnect; a worker whose lease was taken drops the table at once."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.server.loops import run_loop
from wuerfel.server.cluster import LocalBus, LocalLeases
from wuerfel.server.cluster.owner import CLOSE_MOVED, Moved, Node, RemoteError
from wuerfel.server.cluster.proxy import relay
from wuerfel.server.cluster.shared import Shared
from wuerfel.server.conn import Conn
from wuerfel.server.hub import Hub
from wuerfel.server.rows import Player, SeatRow
from wuerfel.server.store import Store

GAME = "zehntausend"
TTL = 0.6


class FakeClient:
    """A client's socket: frames to send in, messages and the close code out (for a relay, or a local Conn)."""

    def __init__(self) -> None:
        self.frames: asyncio.Queue[str | None] = asyncio.Queue()
        self.got: list[dict[str, Any]] = []
        self.closed: int | None = None

    async def receive_frame(self) -> str | None:
        return await self.frames.get()

    async def send_text(self, data: str) -> None:
        self.got.append(json.loads(data))

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed = code
        self.frames.put_nowait(None)

    def send(self, msg: dict[str, Any]) -> None:
        self.frames.put_nowait(json.dumps(msg))

    async def until(self, test: Callable[[], Any], timeout: float = 5.0) -> Any:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            out = test()
            if out:
                return out
            await asyncio.sleep(0.02)
        raise AssertionError(f"not within {timeout} s; got {self.got[-3:]}, closed {self.closed}")

    def state(self, at_least: int = 0) -> dict[str, Any] | None:
        states = [m for m in self.got if m.get("type") == "state" and m["seq"] >= at_least]
        return states[-1] if states else None


@asynccontextmanager
async def two_workers(store: Store, shared: Shared | None = None) -> AsyncIterator[tuple[Hub, Hub]]:
    """Two workers on one store, leases and bus; on one ``shared`` too when given (else each has its own)."""
    leases, bus = LocalLeases(), LocalBus()
    hubs = []
    for _ in range(2):
        node = Node(leases, bus, ttl=TTL)
        hub = Hub(store, bot_delay=0, throw_wait=0, node=node, shared=shared)
        await node.start(hub)
        hubs.append(hub)
    try:
        yield hubs[0], hubs[1]
    finally:
        for hub in hubs:
            if not hub._closing:
                await hub.close()


def new_table(store: Store) -> tuple[str, Player, Player]:
    anna, bert = store.create_player("Anna"), store.create_player("Bert")
    row = store.create_table(
        GAME,
        "standard",
        {},
        2,
        False,
        False,
        anna.id,
        [SeatRow(0, anna.id, None, "Anna"), SeatRow(1, bert.id, None, "Bert")],
    )
    return row.id, anna, bert


def next_frame(state: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """What ``seat`` sends in ``state`` (a throw, or the first legal move), None when it is not its turn."""
    if state.get("throw") and state["throw"]["seat"] == seat:
        return {"throw": True, "expected_seq": state["seq"]}
    if state.get("to_move") == [seat] and state.get("legal"):
        return {"action": state["legal"][0]["action"], "expected_seq": state["seq"]}
    return None


async def play(clients: dict[int, FakeClient], steps: int) -> int:
    """Play ``steps`` moves through whichever client's seat is to act; the last seq all of them saw."""
    seq = max(c.state()["seq"] for c in clients.values())  # type: ignore[index]
    for _ in range(steps):
        for seat, c in clients.items():
            st = await c.until(lambda c=c, s=seq: c.state(s))
            frame = next_frame(st, seat)
            if frame is not None:
                c.send(frame)
                break
        else:
            raise AssertionError(f"nobody to act at seq {seq}")
        seq += 1
        for c in clients.values():
            await c.until(lambda c=c, s=seq: c.state(s))
    return seq


def join_locally(hub: Hub, table: Any, player: Player, client: FakeClient, since: int | None = None) -> Conn:
    conn = Conn(client, player, "en", None, since, on_drop=table.leave)
    assert hub.admit(table, conn, "127.0.0.1") is None

    async def pump() -> None:
        await table.join(conn)
        while (raw := await client.frames.get()) is not None:
            await table.handle(conn, raw)

    asyncio.get_running_loop().create_task(pump())
    return conn


@asynccontextmanager
async def relayed_game(
    store: Store, tid: str, anna: Player, bert: Player, leases: Any, bus: LocalBus
) -> AsyncIterator[tuple[Hub, Hub, Any, FakeClient, FakeClient, asyncio.Task[Any]]]:
    """Worker A owns the started table with Anna's socket on it; Bert's socket reaches it through worker B's relay
    and has its first state. Yields (a, b, the table, Anna's client, Bert's client, the relay's task)."""
    a = Hub(store, bot_delay=0, throw_wait=0, node=Node(leases, bus, ttl=TTL))
    b = Hub(store, bot_delay=0, throw_wait=0, node=Node(leases, bus, ttl=TTL))
    assert a.node is not None and b.node is not None
    for hub in (a, b):
        await hub.node.start(hub)  # type: ignore[union-attr]
    try:
        t = await a.get(tid)
        assert t is not None
        await t.start(anna)
        ca, cb = FakeClient(), FakeClient()
        join_locally(a, t, anna, ca)
        relayed = asyncio.get_running_loop().create_task(
            relay(b.node, cb, a.node.worker_id, tid, {"player": bert.to_json(), **BERT_JOIN})
        )
        await cb.until(lambda: cb.state())
        yield a, b, t, ca, cb, relayed
    finally:
        await b.close()
        await a.close()


def test_a_socket_on_the_other_worker_plays_through_the_owner_and_moves_on_when_it_stops(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'w.db'}")
    tid, anna, bert = new_table(store)

    async def body() -> None:
        async with two_workers(store) as (a, b):
            assert a.node is not None and b.node is not None
            t = await a.get(tid)
            assert t is not None and tid in a.tables
            await t.start(anna)
            assert await b.node.elsewhere(tid) == a.node.worker_id
            # Anna's socket reaches worker A (the owner), Bert's worker B: relayed over the bus.
            ca, cb = FakeClient(), FakeClient()
            join_locally(a, t, anna, ca)
            relayed = asyncio.get_running_loop().create_task(
                relay(
                    b.node,
                    cb,
                    a.node.worker_id,
                    tid,
                    {
                        "player": bert.to_json(),
                        "lang": "en",
                        "seat": None,
                        "since": None,
                        "address": "10.0.0.2",
                        "base_url": "",
                    },
                )
            )
            await cb.until(lambda: cb.state())
            assert cb.state()["my_seats"] == [1]  # type: ignore[index]  # Bert, seen through B
            assert tid not in b.tables  # B does not run the table
            seq = await play({0: ca, 1: cb}, 12)
            assert len(store.load_log(tid).events) == seq
            # The owner stops (a deploy): its clients are told to reconnect, B takes the table from its log.
            await a.close()
            assert await relayed == CLOSE_MOVED and cb.closed == CLOSE_MOVED
            assert ca.closed == CLOSE_MOVED
            await cb.until(lambda: tid in b.tables, timeout=4 * TTL + 2)
            assert await b.node.elsewhere(tid) is None
            # Both reconnect to B with ``since`` and play on from the same seq.
            ta = b.tables[tid]
            ra, rb = FakeClient(), FakeClient()
            join_locally(b, ta, anna, ra, since=seq)
            join_locally(b, ta, bert, rb, since=seq)
            await ra.until(lambda: ra.state(seq))
            assert ra.state()["seq"] == seq  # type: ignore[index]
            end = await play({0: ra, 1: rb}, 4)
            assert len(store.load_log(tid).events) == end

    try:
        run_loop(body())
    finally:
        store.close()


def test_a_worker_whose_lease_was_taken_drops_the_table_and_sends_its_clients_away(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'w.db'}")
    tid, anna, _bert = new_table(store)

    async def body() -> None:
        async with two_workers(store) as (a, b):
            assert a.node is not None and b.node is not None
            t = await a.get(tid)
            assert t is not None
            await t.start(anna)
            ca = FakeClient()
            join_locally(a, t, anna, ca)
            await ca.until(lambda: ca.state())
            # A is paused past its lease (here: the lease simply expires), B takes the table over.
            leases = a.node.leases
            assert isinstance(leases, LocalLeases)
            leases._held[tid] = leases._held[tid]._replace(expires_at=0.0)
            assert await b.node.own(tid) == a.node.epochs[tid] + 1
            await ca.until(lambda: ca.closed == CLOSE_MOVED, timeout=2 * TTL + 1)
            assert tid not in a.tables and tid not in a.node.epochs
            assert await a.node.elsewhere(tid) == b.node.worker_id

    try:
        run_loop(body())
    finally:
        store.close()


def test_a_call_runs_on_the_owner_and_its_refusal_comes_back(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'w.db'}")
    tid, _anna, _bert = new_table(store)

    class Refused(Exception):
        code, msgid, status, params = "nope", "No.", 409, {"n": 1}

    async def body() -> None:
        async with two_workers(store) as (a, b):
            assert a.node is not None and b.node is not None
            assert await a.get(tid) is not None
            ran: list[str] = []

            async def echo(table_id: str, args: dict[str, Any]) -> Any:
                ran.append(table_id)
                if args.get("refuse"):
                    raise Refused()
                return {"back": args["x"]}

            a.node.handlers["echo"] = echo
            a.node.refusals = (Refused,)
            assert await b.node.call(a.node.worker_id, "echo", tid, {"x": 7}) == {"back": 7}
            assert ran == [tid]
            with pytest.raises(RemoteError) as refused:
                await b.node.call(a.node.worker_id, "echo", tid, {"refuse": True})
            assert (refused.value.code, refused.value.status, refused.value.params) == ("nope", 409, {"n": 1})
            # A worker that does not answer: the caller is told to route again, after the deadline.
            with pytest.raises(Moved):
                await b.node.call("gone", "echo", tid, {"x": 1}, timeout=0.2)

    try:
        run_loop(body())
    finally:
        store.close()


def test_a_paused_owner_whose_lease_was_taken_stores_nothing(tmp_path: Path) -> None:
    """The owner is paused past its lease (its keeper does not run), the other worker takes the table; the paused
    owner then tries to store a move: the database refuses it (SqlLeases' epoch), the move is undone in its memory,
    and it hands the table over at once (its clients told to reconnect)."""
    from wuerfel.server import db
    from wuerfel.server.cluster.sql_leases import SqlLeases

    store = Store.open(f"sqlite:///{tmp_path / 'w.db'}")
    tid, anna, _bert = new_table(store)

    async def body() -> None:
        leases, bus = SqlLeases(store), LocalBus()
        a = Hub(store, bot_delay=0, throw_wait=0, node=Node(leases, bus, ttl=TTL))
        b = Hub(store, bot_delay=0, throw_wait=0, node=Node(leases, bus, ttl=TTL))
        assert a.node is not None and b.node is not None
        await b.node.start(b)  # A's node is never started: no keeper renews its lease (a paused process)
        try:
            t = await a.get(tid)
            assert t is not None and a.node.epochs[tid] == 1
            await t.start(anna)
            ca = FakeClient()
            join_locally(a, t, anna, ca)
            st = await ca.until(lambda: ca.state())
            stored = len(store.load_log(tid).events)
            # B's sweep takes the orphan once the lease expired.
            await ca.until(lambda: tid in b.tables, timeout=4 * TTL + 2)
            assert (await asyncio.to_thread(leases.owner, tid)).owner == b.node.worker_id  # type: ignore[union-attr]
            frame = next_frame(st, 0)
            assert frame is not None
            ca.send(frame)
            # Refused by the database; A hands the table over at once (its keeper is not even running).
            await ca.until(lambda: ca.closed == CLOSE_MOVED)
            assert tid not in a.tables
            assert len(store.load_log(tid).events) == stored
            assert t.seq == st["seq"]  # undone in A's memory too
            with store.engine.connect() as c:
                assert c.execute(db.table_leases.select()).first().epoch == 2  # type: ignore[union-attr]
        finally:
            await b.close()
            await a.close()

    try:
        run_loop(body())
    finally:
        store.close()


class CutBus:
    """A worker's view of the shared bus that can be cut off (the worker died: nothing it sends arrives)."""

    def __init__(self, bus: LocalBus) -> None:
        self.bus = bus
        self.cut = False

    async def publish(self, channel: str, message: str) -> None:
        if not self.cut:
            await self.bus.publish(channel, message)

    async def subscribe(self, channel: str) -> Any:
        return await self.bus.subscribe(channel)

    async def close(self) -> None:
        pass


def test_the_owner_forgets_the_sockets_of_a_relaying_worker_that_died(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'w.db'}")
    tid, anna, bert = new_table(store)

    async def body() -> None:
        leases, shared_bus = LocalLeases(), LocalBus()
        a = Hub(store, bot_delay=0, throw_wait=0, node=Node(leases, shared_bus, ttl=TTL))
        b_bus = CutBus(shared_bus)
        b = Hub(store, bot_delay=0, throw_wait=0, node=Node(leases, b_bus, ttl=TTL))  # type: ignore[arg-type]
        assert a.node is not None and b.node is not None
        for hub in (a, b):
            await hub.node.start(hub)  # type: ignore[union-attr]
        try:
            t = await a.get(tid)
            assert t is not None
            await t.start(anna)
            cb = FakeClient()
            relayed = asyncio.get_running_loop().create_task(
                relay(
                    b.node,
                    cb,
                    a.node.worker_id,
                    tid,
                    {
                        "player": bert.to_json(),
                        "lang": "en",
                        "seat": None,
                        "since": None,
                        "address": "10.0.0.2",
                        "base_url": "",
                    },
                )
            )
            await cb.until(lambda: cb.state())
            assert 1 in t.online() and len(a.node.remotes) == 1
            # B dies: no leave, no more pings. A forgets Bert's socket within a few lease periods.
            b_bus.cut = True
            relayed.cancel()
            await cb.until(lambda: not a.node.remotes, timeout=4 * TTL + 2)  # type: ignore[union-attr]
            assert 1 not in t.online() and not t.conns
        finally:
            await b.close()
            await a.close()

    try:
        run_loop(body())
    finally:
        store.close()


def test_a_socket_that_cannot_be_relayed_while_the_bus_is_away_is_told_to_come_back(tmp_path: Path) -> None:
    from wuerfel.server.cluster.bus import BusUnavailable
    from wuerfel.server.cluster.proxy import CLOSE_TRY_LATER

    class AwayBus(LocalBus):
        async def subscribe(self, channel: str) -> Any:
            raise BusUnavailable("Redis is restarting")

    async def body() -> None:
        node = Node(LocalLeases(), AwayBus(), ttl=TTL)
        client = FakeClient()
        assert await relay(node, client, "owner", "t1", {}) == CLOSE_TRY_LATER
        assert client.closed == CLOSE_TRY_LATER

    run_loop(body())


BERT_JOIN = {"lang": "en", "seat": None, "since": None, "address": "10.0.0.2", "base_url": ""}


class SlowLeases(LocalLeases):
    """Leases whose "who owns this table?" takes ``slow`` seconds (PostgreSQL swamped at saturation)."""

    slow = 0.0

    def owner(self, table_id: str) -> Any:
        time.sleep(self.slow)  # in the node's lookup thread, as a slow query is
        return super().owner(table_id)


def test_a_relayed_socket_keeps_playing_while_the_lease_lookups_are_slow(tmp_path: Path) -> None:
    """The relay's lease watch waits for a slow database; its client's messages and the pings the owner counts must
    not wait with it. Before, one task did all three: every move's state waited for the lookup, and pings came later
    than the owner's 3 · ttl, so it dropped a socket that was fine (sockets closed at saturation, bench/cluster.py)."""
    store = Store.open(f"sqlite:///{tmp_path / 'w.db'}")
    tid, anna, bert = new_table(store)

    async def body() -> None:
        leases = SlowLeases()
        try:
            async with relayed_game(store, tid, anna, bert, leases, LocalBus()) as (a, _, _, ca, cb, relayed):
                leases.slow = 5 * TTL  # longer than the owner waits for a ping (3 · ttl)
                started = time.monotonic()
                while time.monotonic() - started < 4 * TTL:
                    # each move reaches Bert through the relay well within one slow lookup
                    seq = await play({0: ca, 1: cb}, 1)
                    await cb.until(lambda s=seq: cb.state(s), timeout=TTL)
                assert cb.closed is None and not relayed.done()
                assert a.node is not None and len(a.node.remotes) == 1
        finally:
            leases.slow = 0.0  # the hubs close with fast lookups

    try:
        run_loop(body())
    finally:
        store.close()


class FlakyBus(LocalBus):
    """A bus whose next ``fail`` publishes to a relayed socket's channel fail (Redis away for a moment)."""

    fail = 0

    async def publish(self, channel: str, message: str) -> None:
        if self.fail and channel.startswith("conn:"):
            self.fail -= 1
            from wuerfel.server.cluster.bus import BusUnavailable

            raise BusUnavailable("Redis is restarting")
        await super().publish(channel, message)


def test_a_relayed_socket_whose_message_could_not_be_sent_is_told_to_reconnect(tmp_path: Path) -> None:
    """The owner could not publish a state to a relayed socket (the bus away for a moment) and dropped its
    connection: the relaying worker must hear so and close its client with 4503 (it reconnects and resumes by seq).
    Before, nothing was said, the relay's pings kept the dead connection alive, and the client waited for ever."""
    store = Store.open(f"sqlite:///{tmp_path / 'w.db'}")
    tid, anna, bert = new_table(store)

    async def body() -> None:
        bus = FlakyBus()
        async with relayed_game(store, tid, anna, bert, LocalLeases(), bus) as (a, _, t, ca, cb, relayed):
            seen = len(cb.got)
            bus.fail = 1
            seat = 0 if next_frame(ca.state(), 0) is not None else 1  # type: ignore[arg-type]
            (ca, cb)[seat].send(next_frame((ca, cb)[seat].state(), seat))  # type: ignore[arg-type]
            await ca.until(lambda: bus.fail == 0)  # the state for Bert was lost
            assert await asyncio.wait_for(relayed, 3 * TTL) == CLOSE_MOVED
            assert cb.closed == CLOSE_MOVED and len(cb.got) == seen
            await cb.until(lambda: not a.node.remotes)  # type: ignore[union-attr]
            assert 1 not in t.online()

    try:
        run_loop(body())
    finally:
        store.close()
