"""The limits per address hold for the whole cluster (issue 25 §2, "Shared facts"): open websockets and builds at
once are counted by every worker into the shared facts, so two workers do not double them; a dead worker's part
drops out by itself. In process: two hubs (or build gates) on one :class:`LocalShared`, and the same on Redis."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.cluster.services import fresh_redis
from tests.server.cluster.test_route import FakeClient, new_table, two_workers
from tests.server.loops import run_loop
from wuerfel.i18n import translate
from wuerfel.server import hub as hub_module
from wuerfel.server.builds import BuildBusy, BuildGate, BuildLimits
from wuerfel.server.cluster.proxy import relay
from wuerfel.server.cluster.redis_shared import RedisShared
from wuerfel.server.cluster.shared import LocalShared, Shared
from wuerfel.server.conn import CLOSE_LIMIT, Conn
from wuerfel.server.messages import encode, error_json
from wuerfel.server.store import Store

TOO_MANY = "Too many open connections from your address; close other tables first."


@pytest.fixture(params=["local", "redis"])
def shared(request: pytest.FixtureRequest) -> Iterator[Shared]:
    if request.param == "local":
        yield LocalShared()
        return
    with fresh_redis() as space:
        s = RedisShared(space.url, space.prefix)
        yield s
        s.close()


def test_websockets_per_address_are_counted_across_workers(
    tmp_path: Path, shared: Shared, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hub_module, "GAUGE_TTL", 0.5)
    store = Store.open(f"sqlite:///{tmp_path / 'w.db'}")
    tid, anna, _bert = new_table(store)

    async def body() -> None:
        async with two_workers(store, shared) as (a, b):
            t = await a.get(tid)
            assert t is not None
            for hub in (a, b):
                hub.per_address = 3

            def conn() -> Conn:
                return Conn(FakeClient(), anna, "en", None, None)

            held = [conn() for _ in range(2)]
            for c in held:
                assert a.admit(t, c, "10.0.0.1") is None
            assert b.admit(t, conn(), "10.0.0.1") is None  # the third in all
            refused = b.admit(t, conn(), "10.0.0.1")
            assert refused is not None and refused.code == "too_many_connections"
            refused = a.admit(t, conn(), "10.0.0.1")
            assert refused is not None and refused.code == "too_many_connections"
            assert a.admit(t, conn(), "10.0.0.2") is None, "another address counts apart"
            a.release(held[0], "10.0.0.1")
            assert b.admit(t, conn(), "10.0.0.1") is None, "a closed socket frees its place on every worker"
            # Worker a stops keeping its part (it died): its sockets drop out of the count by themselves, while b,
            # alive, keeps its own.
            deadline = time.monotonic() + 10
            while (refused := b.admit(t, (c := conn()), "10.0.0.1")) is not None:
                assert time.monotonic() < deadline, "a dead worker's sockets kept counting"
                b.keep_counts()
                time.sleep(0.05)
            b.release(c, "10.0.0.1")
            assert shared.gauge("ws|10.0.0.1", b.member, 0, 60) == 2, "b's two sockets still count"

    try:
        run_loop(body())
    finally:
        store.close()


def test_builds_per_address_are_counted_across_workers(shared: Shared) -> None:
    limits = BuildLimits(building=2, per_address=1)
    a = BuildGate(limits, shared=shared, member="A", ttl=60)
    b = BuildGate(limits, shared=shared, member="B", ttl=60)
    try:
        end = a.admit("r1", "10.0.0.1")
        with pytest.raises(BuildBusy) as busy:
            b.admit("r2", "10.0.0.1")
        assert busy.value.reason == "address"
        b_other = b.admit("r2", "10.0.0.2")  # another address builds on b meanwhile
        end(True)
        b.admit("r3", "10.0.0.1")(True)  # a's build is done: the address may build on b
        b_other(True)
    finally:
        a.close()
        b.close()


def test_a_dead_workers_builds_stop_counting() -> None:
    shared = LocalShared()
    limits = BuildLimits(building=2, per_address=1)
    dead = BuildGate(limits, shared=shared, member="A", ttl=0.3)
    alive = BuildGate(limits, shared=shared, member="B", ttl=0.3)
    try:
        dead.admit("r1", "10.0.0.1")  # never ends: the worker died mid-build
        deadline = time.monotonic() + 10
        while True:
            try:
                alive.admit("r2", "10.0.0.1")
                break
            except BuildBusy:
                assert time.monotonic() < deadline, "a dead worker's build kept counting"
                alive.keep()
                time.sleep(0.05)
    finally:
        dead.close()
        alive.close()


class RawClient(FakeClient):
    """A relayed socket's client that keeps each message's text as the owner encoded it."""

    def __init__(self) -> None:
        super().__init__()
        self.raw: list[str] = []

    async def send_text(self, data: str) -> None:
        self.raw.append(data)
        await super().send_text(data)


def test_a_refusal_for_a_relayed_socket_is_the_protocols_encoding_in_its_language(tmp_path: Path) -> None:
    """The owner admits a socket relayed from another worker as its own (the address's count is the cluster's) and
    sends the refusal in the one encoding of every protocol message (compact, UTF-8 as it is): before, the relayed
    one alone went out through plain ``json.dumps``, its umlauts escaped."""
    store = Store.open(f"sqlite:///{tmp_path / 'w.db'}")
    tid, anna, bert = new_table(store)

    async def body() -> None:
        async with two_workers(store, LocalShared()) as (a, b):
            assert a.node is not None and b.node is not None
            t = await a.get(tid)
            assert t is not None
            a.per_address = 1
            assert a.admit(t, Conn(FakeClient(), anna, "de", None, None), "10.0.0.1") is None
            client = RawClient()
            join = {"player": bert.to_json(), "lang": "de", "seat": None, "since": None, "address": "10.0.0.1"}
            await asyncio.wait_for(relay(b.node, client, a.node.worker_id, tid, {**join, "base_url": ""}), 10)
            assert client.closed == CLOSE_LIMIT
            (text,) = client.raw
            refusal = error_json("too_many_connections", translate(TOO_MANY, "de"))
            assert text == encode(refusal) and "ß" in text

    try:
        run_loop(body())
    finally:
        store.close()
