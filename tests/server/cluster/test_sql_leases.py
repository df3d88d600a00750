"""Leases in the database and fenced writes (issue 25 §2), on PostgreSQL (a fresh database per test) and SQLite.

Two :class:`Store` objects on one database stand for two workers: each has its own engine and connections, as two
processes would. The tests of the leases alone also run against the single process's :class:`LocalLeases`, so the
server may rely on one meaning of acquire, renew and release whichever it runs on.
"""

from __future__ import annotations

import datetime as dt
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.server.cluster.services import fresh_pg_database
from tests.server.loops import run_loop
from wuerfel.engine.record import Event
from wuerfel.server.cluster.leases import Leases, LocalLeases
from wuerfel.server.cluster.sql_leases import SqlLeases
from wuerfel.server.rows import ChatRow, EventRow, Fenced, SeatRow
from wuerfel.server.store import Store
from wuerfel.server.writer import BatchWriter, ThreadWriter

Workers = tuple[Store, Store]


@pytest.fixture(params=["sqlite", "postgresql"])
def workers(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Workers]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'cluster.db'}"
        a, b = Store.open(url), Store.open(url)
        yield a, b
        a.close()
        b.close()
        return
    with fresh_pg_database() as url:
        a, b = Store.open(url), Store.open(url)
        yield a, b
        a.close()
        b.close()


@pytest.fixture(params=["local", "sqlite", "postgresql"])
def two_leases(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Leases, Leases]]:
    """The leases as two workers see them (one object in the single process)."""
    if request.param == "local":
        one = LocalLeases()
        yield one, one
        return
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'leases.db'}"
        a, b = Store.open(url), Store.open(url)
        yield SqlLeases(a), SqlLeases(b)
        a.close()
        b.close()
        return
    with fresh_pg_database() as url:
        a, b = Store.open(url), Store.open(url)
        yield SqlLeases(a), SqlLeases(b)
        a.close()
        b.close()


def _table(store: Store) -> str:
    host = store.create_player("Host")
    return store.create_table(
        "pig",
        "standard",
        {},
        2,
        False,
        False,
        host.id,
        [SeatRow(0, host.id, None, "Host"), SeatRow(1, None, "random", "random")],
    ).id


def _ev(i: int) -> Event:
    return Event("action", {"kind": "hold", "i": i}, 0)


def _wait(cond: Callable[[], bool], what: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def test_takeover_fences_the_paused_owner(workers: Workers) -> None:
    a, b = workers
    la, lb = SqlLeases(a), SqlLeases(b)
    assert la.fenced
    t, u = _table(a), _table(a)
    ea = la.acquire(t, "A", 3.0)  # long enough that B finds it in force below, even on a loaded machine
    assert ea is not None
    eu = la.acquire(u, "A", 60)
    assert eu is not None and la.acquire(u, "A", 60) == eu  # renewing by acquiring keeps the epoch
    a.append([EventRow(t, 1, _ev(1))], fences=[(t, ea)])
    assert lb.acquire(t, "B", 5) is None  # A's lease is in force
    _wait(lambda: lb.owner(t) is None, "A's lease to expire")
    eb = lb.acquire(t, "B", 60)
    assert eb == ea + 1
    lease = lb.owner(t)
    assert lease is not None and lease.owner == "B" and lease.epoch == eb
    b.append([EventRow(t, 2, _ev(2))], fences=[(t, eb)])
    # A wakes up and stores its next move under its old epoch, together with a move of a table it still owns:
    # the database refuses the whole transaction.
    with pytest.raises(Fenced) as info:
        a.append([EventRow(t, 3, _ev(3)), EventRow(u, 1, _ev(1))], [(t, "playing")], fences=[(u, eu), (t, ea)])
    assert info.value.table_id == t
    assert [e.data["i"] for e in a.load_events(t)] == [1, 2]
    assert a.load_events(u) == []
    assert a.get_table(t).status == "open"  # type: ignore[union-attr]
    # a table without any lease row fences every write too
    v = _table(a)
    with pytest.raises(Fenced):
        a.append([EventRow(v, 1, _ev(1))], fences=[(v, 1)])
    # unfenced writes (the single process) are untouched
    a.append([EventRow(v, 1, _ev(1))])
    assert len(a.load_events(v)) == 1


def test_concurrent_acquire_gives_exactly_one_owner(workers: Workers) -> None:
    a, b = workers
    leases = [SqlLeases(a), SqlLeases(b)]
    for round_ in range(5):
        t = f"race{round_}"
        barrier = threading.Barrier(2)

        def grab(i: int, t: str = t, barrier: threading.Barrier = barrier) -> int | None:
            barrier.wait()
            return leases[i].acquire(t, f"W{i}", 30)

        with ThreadPoolExecutor(2) as pool:
            got = list(pool.map(grab, [0, 1]))
        winners = [i for i, e in enumerate(got) if e is not None]
        assert len(winners) == 1, got
        lease = leases[0].owner(t)
        assert lease is not None and lease.owner == f"W{winners[0]}" and lease.epoch == 1


def test_renew_extends_only_leases_still_held(two_leases: tuple[Leases, Leases]) -> None:
    la, lb = two_leases
    e1, e2, e3 = la.acquire("t1", "A", 0.5), la.acquire("t2", "A", 0.5), la.acquire("t3", "A", 0.5)
    assert e1 == e2 == e3 == 1
    before = la.owner("t1")
    assert before is not None
    _wait(lambda: lb.owner("t2") is None, "A's leases to expire")
    assert lb.acquire("t2", "B", 60) == 2  # taken over
    kept = la.renew("A", {"t1": 1, "t2": 1, "t3": 7, "nothere": 1}, 60)
    assert kept == {"t1"}  # t2 was taken, t3 is held under another epoch, nothere has no lease
    after = la.owner("t1")
    assert after is not None and after.epoch == 1 and after.expires_at > before.expires_at
    assert la.owner("t3") is None
    assert lb.renew("B", {}, 60) == set()
    assert lb.renew("A", {"t2": 2}, 60) == set()  # the epoch alone is not enough: the owner must match
    assert la.expired(["t1", "t2", "t3", "nothere"]) == ["t3", "nothere"]


def test_release_lets_another_take_over_at_once(two_leases: tuple[Leases, Leases]) -> None:
    la, lb = two_leases
    assert la.acquire("t", "A", 60) == 1
    assert lb.acquire("t", "B", 60) is None
    la.release("t", "B", 1)  # not B's to give away: nothing happens
    la.release("t", "A", 2)  # an old epoch: nothing happens
    assert lb.acquire("t", "B", 60) is None
    la.release("t", "A", 1)
    assert la.owner("t") is None
    assert lb.acquire("t", "B", 60) == 2
    assert la.acquire("t", "A", 60) is None


def test_lease_times_come_from_the_database_clock(workers: Workers) -> None:
    a, _ = workers
    la = SqlLeases(a)
    la.acquire("t", "A", 30)
    lease = la.owner("t")
    assert lease is not None
    assert 25 < lease.expires_at - la.clock() <= 30


def test_owner_writes_of_a_running_table_are_fenced(workers: Workers) -> None:
    a, b = workers
    la, lb = SqlLeases(a), SqlLeases(b)
    t = _table(a)
    old = la.acquire(t, "A", 60)
    assert old is not None
    la.release(t, "A", old)
    new = lb.acquire(t, "B", 60)
    assert new == old + 1
    when = dt.datetime(2030, 1, 1, tzinfo=dt.UTC)
    chat = ChatRow(1, "Host", None, 0, when, "hallo")
    stale: list[Callable[[int], object]] = [
        lambda e: a.set_seat(t, SeatRow(1, None, "greedy", "greedy"), epoch=e),
        lambda e: a.set_status(t, "playing", epoch=e),
        lambda e: a.set_standin(t, 0, "random", epoch=e),
        lambda e: a.set_deadline(t, when, 3, epoch=e),
        lambda e: a.add_chat(t, chat, epoch=e),
        lambda e: a.resign(t, 0, epoch=e),
    ]
    for write in stale:
        with pytest.raises(Fenced):
            write(old)
    row = a.get_table(t)
    assert row is not None
    assert row.status == "open" and row.deadline_at is None and row.resigned is None
    assert [s.bot for s in row.seats] == [None, "random"] and row.seats[0].standin is None
    assert a.load_chat(t) == []
    for write in stale:  # the current owner's epoch passes
        write(new)
    row = b.get_table(t)
    assert row is not None
    assert row.status == "finished" and row.resigned == 0 and row.seats[1].bot == "greedy"
    assert [m.text for m in b.load_chat(t)] == ["hallo"]
    # the old owner's next line clashes with the new owner's number too: it hears that it lost the table
    with pytest.raises(Fenced):
        a.add_chat(t, chat, epoch=old)


def test_batch_writer_fails_only_the_fenced_submission(workers: Workers) -> None:
    """Submissions committed together: the one whose table was taken over fails alone with Fenced, the others are
    stored, and the writer does not call the database failing (it refused one worker, it is not broken)."""
    a, b = workers
    la, lb = SqlLeases(a), SqlLeases(b)
    mine, lost, gate_t = _table(a), _table(a), _table(a)
    e_mine, e_lost, e_gate = (la.acquire(x, "A", 60) for x in (mine, lost, gate_t))
    assert e_mine is not None and e_lost is not None and e_gate is not None
    la.release(lost, "A", e_lost)
    assert lb.acquire(lost, "B", 60) == e_lost + 1

    gate = threading.Event()
    real_append = a.append
    calls: list[int] = []

    def gated_append(rows, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(len(rows))
        if len(calls) == 1:
            gate.wait(10)  # holds the writer thread, so the next submissions queue up and form one batch
        return real_append(rows, *args, **kwargs)

    a.append = gated_append  # type: ignore[method-assign]
    w = BatchWriter(a)
    try:
        first = w.submit([EventRow(gate_t, 1, _ev(0))], fences=[(gate_t, e_gate)])
        _wait(lambda: len(calls) == 1, "the writer to take the first submission")
        ok1 = w.submit([EventRow(mine, 1, _ev(1))], fences=[(mine, e_mine)])
        ok2 = w.submit([EventRow(mine, 2, _ev(2))], fences=[(mine, e_mine)])
        bad = w.submit([EventRow(lost, 1, _ev(1))], fences=[(lost, e_lost)])  # last: nothing succeeds after it
        gate.set()
        first.result(10)
        ok1.result(10)
        ok2.result(10)
        with pytest.raises(Fenced):
            bad.result(10)
    finally:
        w.close()
    assert calls[1] == 3  # the three came as one batch, then one at a time
    assert w.failing is None
    assert [e.data["i"] for e in b.load_events(mine)] == [1, 2]
    assert b.load_events(lost) == []


def test_thread_writer_passes_fences(workers: Workers) -> None:
    a, _ = workers
    la = SqlLeases(a)
    t = _table(a)
    epoch = la.acquire(t, "A", 60)
    assert epoch is not None

    async def run() -> None:
        w = ThreadWriter(a)
        try:
            await w.write([EventRow(t, 1, _ev(1))], fences=[(t, epoch)])
            with pytest.raises(Fenced):
                await w.write([EventRow(t, 2, _ev(2))], fences=[(t, epoch + 1)])
        finally:
            w.close()

    run_loop(run())
    assert [e.data["i"] for e in a.load_events(t)] == [1]


def test_takeover_during_a_stream_of_writes(workers: Workers) -> None:
    """The old owner writes as fast as it can while the new one takes over: once the takeover committed and the new
    owner read the log, the old owner stores nothing more (every later try is Fenced, never a seq collision), and the
    record is the old owner's moves up to the takeover, then the new owner's."""
    a, b = workers
    la, lb = SqlLeases(a), SqlLeases(b)
    for _ in range(3):
        t = _table(a)
        ea = la.acquire(t, "A", 0.25)
        assert ea is not None
        outcome: list[BaseException] = []
        written: list[int] = []

        def old_owner(
            t: str = t, ea: int = ea, outcome: list[BaseException] = outcome, written: list[int] = written
        ) -> None:
            seq = 1
            while True:
                try:
                    a.append([EventRow(t, seq, _ev(seq))], fences=[(t, ea)])
                except Exception as exc:
                    outcome.append(exc)
                    return
                written.append(seq)
                seq += 1

        runner = threading.Thread(target=old_owner)
        runner.start()
        try:
            _wait(lambda t=t: lb.acquire(t, "B", 60) is not None, "the takeover")  # type: ignore[misc]
            seen = len(b.load_events(t))  # the new owner rebuilds the table from its log
            b.append([EventRow(t, seen + 1, _ev(-1)), EventRow(t, seen + 2, _ev(-2))], fences=[(t, ea + 1)])
        finally:
            runner.join(10)
        assert len(outcome) == 1 and isinstance(outcome[0], Fenced), outcome
        assert [e.data["i"] for e in b.load_events(t)] == [*range(1, seen + 1), -1, -2]
        assert written == list(range(1, seen + 1))
