"""The server's writer, checkpoints and start-up, in process: a bounded WAL under continuous writes, nothing slow on
the event loop, and a server that listens before its unfinished tables are loaded."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from tests.engine.toy_game import pig_info
from tests.server.loops import run_loop
from tests.server.stapel import stapel_info
from wuerfel.engine.record import Event
from wuerfel.engine.registry import register
from wuerfel.server import db
from wuerfel.server import writer as writer_mod
from wuerfel.server.rows import EventRow, SeatRow
from wuerfel.server.store import Store


def test_the_wal_stays_bounded_under_continuous_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Moves arrive without a pause while readers keep reading (the lobby, reconnects). Before, checkpoints ran
    beside the writer and could be starved: the WAL grew by 488 MB in a minute. The writer now checkpoints and
    truncates itself, so the WAL never grows far past its limit (here 1 MiB, with 12 MiB written)."""
    limit = 1 << 20
    monkeypatch.setattr(writer_mod, "WAL_LIMIT", limit)
    path = tmp_path / "w.db"
    store = Store.open(f"sqlite:///{path}")
    table = store.create_table("pig", "standard", {}, 1, False, False, None, [])
    wal = f"{path}-wal"
    stop = threading.Event()
    biggest = [0]

    def read() -> None:
        while not stop.is_set():
            with store.engine.connect() as c:
                c.execute(sa.select(sa.func.count()).select_from(db.events)).scalar()
            biggest[0] = max(biggest[0], os.path.getsize(wal) if os.path.exists(wal) else 0)

    async def write() -> None:
        writer = writer_mod.make_writer(store)
        pad = "x" * 600
        seq = 0
        try:
            for _ in range(200):
                futs = []
                for _ in range(100):
                    seq += 1
                    futs.append(writer.write([EventRow(table.id, seq, Event("action", {"kind": "hold", "p": pad}, 0))]))
                await asyncio.gather(*futs)
        finally:
            writer.close()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        run_loop(write())
    finally:
        stop.set()
        reader.join(30)
    assert len(store.load_events(table.id)) == 20_000
    assert biggest[0] < 4 * limit, f"the WAL reached {biggest[0]:,} bytes"
    store.close()


def test_no_commit_and_no_bot_build_runs_on_the_event_loop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A commit that waits for a lock, and a bot that needs a long time to get ready (the Escalero optimal bot
    solving a new rule set), must not stop the loop: here both block until the loop itself has run another task."""
    from wuerfel import bots as bots_mod
    from wuerfel.server.hub import Hub

    register(stapel_info())  # the pile is nobody's throw: the start itself commits it
    store = Store.open(f"sqlite:///{tmp_path / 'w.db'}")
    host = store.create_player("Host")
    released = threading.Event()
    real_make_bot = bots_mod.make_bot
    real_append = Store.append

    waited: list[bool] = []

    def slow_make_bot(*args: Any, **kw: Any) -> Any:
        waited.append(released.wait(30))
        return real_make_bot(*args, **kw)

    def slow_append(self: Store, *args: Any, **kw: Any) -> None:
        waited.append(released.wait(30))
        real_append(self, *args, **kw)

    monkeypatch.setattr(bots_mod, "make_bot", slow_make_bot)
    monkeypatch.setattr(Store, "append", slow_append)

    async def main() -> None:
        hub = Hub(store, bot_delay=3600)
        info = stapel_info()
        t = await hub.create(info, "standard", {}, 2, False, False, host, {1: "random"}, True)
        starting = asyncio.get_running_loop().create_task(t.start(host))

        async def the_loop_runs() -> None:
            await asyncio.sleep(0.05)
            released.set()

        await asyncio.wait_for(the_loop_runs(), 20)
        await asyncio.wait_for(starting, 30)
        assert t.seq >= 1 and t.row.status == "playing"
        await hub.close()

    run_loop(main())
    # False: the wait timed out because the loop it blocked was the one that should have released it.
    assert waited and all(waited), waited
    store.close()


def test_the_start_does_not_wait_for_the_bots_to_be_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Making a bot can take long (on a fresh machine the learned Würfelspiel player compiles its kernels: 22 s, and
    past the HTTP timeout on a busy machine: CI failed on it). The start is answered at once; the bots are made on
    their first turn, and then they play."""
    from wuerfel import bots as bots_mod
    from wuerfel.server.hub import Hub

    register(pig_info())
    store = Store.open(f"sqlite:///{tmp_path / 'w.db'}")
    host = store.create_player("Host")
    ready = threading.Event()
    made: list[int] = []
    real_make_bot = bots_mod.make_bot

    def slow_make_bot(*args: Any, **kw: Any) -> Any:
        assert ready.wait(30), "the start waited for the bots"
        made.append(1)
        return real_make_bot(*args, **kw)

    monkeypatch.setattr(bots_mod, "make_bot", slow_make_bot)

    async def main() -> None:
        hub = Hub(store, bot_delay=0)
        t = await hub.create(pig_info(), "standard", {}, 2, False, False, host, {0: "random", 1: "random"}, False)
        await asyncio.wait_for(t.start(host), 20)  # answered while the bots are still being made
        assert t.row.status == "playing" and not made
        started = t.seq
        ready.set()
        deadline = time.monotonic() + 30
        while t.seq <= started + 1 and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        assert t.seq > started + 1, "the bots never moved"
        assert len(made) == 2
        await hub.close()

    run_loop(main())
    store.close()


def test_the_server_listens_before_unfinished_tables_are_loaded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Start-up used to replay every unfinished log before listening (12.9 s at 243k events). Now the app is up at
    once; the tables load in the background and continue (here the server owes the first throw, nobody's)."""
    from wuerfel.server.app import create_app

    register(stapel_info())
    url = f"sqlite:///{tmp_path / 'w.db'}"
    store = Store.open(url)
    host = store.create_player("Host")
    table = store.create_table("stapel", "standard", {}, 1, False, False, host.id, [SeatRow(0, host.id, None, "Host")])
    store.set_status(table.id, "playing")
    store.close()
    loading = threading.Event()
    real_load = Store.load_events

    def slow_load(self: Store, table_id: str) -> list[Event]:
        assert loading.wait(30), "the app never came up while the log was still loading"
        return real_load(self, table_id)

    monkeypatch.setattr(Store, "load_events", slow_load)
    app = create_app(url, bot_delay=0)

    async def main() -> None:
        async with app.router.lifespan_context(app):
            loading.set()  # only now, with the app up, may the log load
            hub = app.state.hub
            deadline = time.monotonic() + 30
            while True:
                t = hub.tables.get(table.id)
                if t is not None and t.match is not None and not t.match.state.is_chance():
                    break
                assert time.monotonic() < deadline, "the unfinished table was never resumed"
                await asyncio.sleep(0.05)
            # Memory moves on while the throw is being committed (under the table's lock); once the lock is free
            # the commit is decided and the log holds every event the table has.
            async with t.lock:
                events = await asyncio.to_thread(real_load, app.state.store, table.id)
                assert len(events) == t.seq

    run_loop(main())
