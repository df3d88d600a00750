"""Two real ``wuerfel serve`` workers on one fresh PostgreSQL database and one Redis key space (issue 25 §2, §3): a
table created on worker A is played through both (one player's socket on A, the other's on B, relayed to A); A is
killed with SIGKILL; B takes the table over within seconds, both clients reconnect and resume by seq, and every
acknowledged move is in the record, without a gap. Then a rolling deploy (B told to stop hands the table to a new
worker C at once), and one rematch asked on two workers at the same moment makes one table."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed

from tests.server.cluster.services import RedisSpace
from tests.server.conftest import Client, ServerProcess, Ws

TTL = 3.0
FAILOVER_LIMIT = 5.0


def worker(pg_url: str, space: RedisSpace, log_dir: Path) -> ServerProcess:
    return ServerProcess(
        pg_url,
        log_dir=log_dir,
        extra_args=["--redis", space.url, "--lease-ttl", str(TTL)],
        env={"WUERFEL_REDIS_PREFIX": space.prefix},
    )


def move(ws: Ws, st: dict[str, Any]) -> dict[str, Any]:
    """Make the first legal move on ``ws`` and return the state that acknowledges it."""
    ws.send({"action": st["legal"][0]["action"], "expected_seq": st["seq"]})
    return ws.state_at_least(st["seq"] + 1)


def play(socks: dict[int, Ws], st: dict[str, Any], steps: int, acked: dict[int, Any]) -> dict[str, Any]:
    """Play ``steps`` moves, each through the socket of the seat to move; every acknowledged event into ``acked``."""
    for _ in range(steps):
        ws = socks[st["to_move"][0]]
        st = move(ws, ws.state_at_least(st["seq"]))
        acked.update({e["seq"]: e["data"] for e in st["events"]})
    return st


def closed_with(ws: Ws, timeout: float) -> int | None:
    """Read until the server closes the socket; its close code."""
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ws.conn.recv(timeout=max(0.01, deadline - time.monotonic()))
    except ConnectionClosed as exc:
        return exc.rcvd.code if exc.rcvd is not None else None
    except TimeoutError:
        pass
    raise AssertionError(f"the socket was not closed within {timeout} s")


def test_two_workers_share_a_table_and_the_survivor_takes_it_over(
    pg_url: str, redis_space: RedisSpace, tmp_path: Path
) -> None:
    a = worker(pg_url, redis_space, tmp_path).start()
    b = worker(pg_url, redis_space, tmp_path).start()
    c = worker(pg_url, redis_space, tmp_path)  # started later, for the rolling deploy
    d = worker(pg_url, redis_space, tmp_path)  # and one more for the rematch
    try:
        anna = Client(a.url).guest("Anna")
        bert = Client(b.url).guest("Bert")
        t = anna.create("stapel", seats=2, overrides={"target": 1000})
        tid = t["id"]
        # HTTP actions through B run on A, the owner.
        r = bert.post(f"/api/tables/{tid}/sit", {"seat": 1})
        assert r.status_code == 200, r.text
        assert [s["name"] for s in r.json()["seats"]][:2] == ["Anna", "Bert"]
        assert anna.post(f"/api/tables/{tid}/start").status_code == 200
        wa, wb = anna.ws(tid), bert.ws(tid)  # Bert's socket is on B, relayed to A
        st = wa.recv_type("state")
        assert wb.recv_type("state")["my_seats"] == [1]
        acked: dict[int, Any] = {}
        st = play({0: wa, 1: wb}, st, 10, acked)
        assert wb.state_at_least(st["seq"])["seq"] == st["seq"]
        # An operator finds the owner's process as docs/deploy.md says: the lease names the worker /healthz names.
        assert (
            owner_of(pg_url, tid)
            == anna.http.get("/healthz").json()["worker"]
            != bert.http.get("/healthz").json()["worker"]
        )

        a.kill()
        killed = time.monotonic()
        # B's relay sees the lease run out and sends Bert to reconnect.
        assert closed_with(wb, FAILOVER_LIMIT + 2) == 4503
        # Both reconnect to B (A is gone) with ``since`` and play on: the first acknowledged move after the kill
        # measures the failover.
        anna_b = Client(b.url)
        anna_b.http.cookies = anna.http.cookies
        anna_b.refresh_csrf()
        ra = anna_b.ws(tid, since=st["seq"])
        rb = bert.ws(tid, since=st["seq"])
        first = ra.recv_type("state")
        assert first["seq"] == st["seq"] and first["events"] == []
        socks = {0: ra, 1: rb}
        after = socks[first["to_move"][0]].state_at_least(first["seq"])
        after = move(socks[after["to_move"][0]], after)
        failover = time.monotonic() - killed
        acked.update({e["seq"]: e["data"] for e in after["events"]})
        assert failover <= FAILOVER_LIMIT, failover
        end = play(socks, after, 4, acked)

        # A rolling deploy: worker C starts, B is told to stop (SIGTERM). B hands the table over at once (releases
        # its lease, closes the sockets with 4503); C takes it without waiting for the lease to run out.
        c.start()
        stopping = time.monotonic()
        b.proc.terminate()  # type: ignore[union-attr]
        assert closed_with(ra, FAILOVER_LIMIT) == 4503 and closed_with(rb, FAILOVER_LIMIT) == 4503
        anna_c, bert_c = Client(c.url), Client(c.url)
        anna_c.http.cookies, bert_c.http.cookies = anna.http.cookies, bert.http.cookies
        socks = {0: anna_c.ws(tid, since=end["seq"]), 1: bert_c.ws(tid, since=end["seq"])}
        st = socks[0].recv_type("state")
        assert st["seq"] == end["seq"]
        st = socks[st["to_move"][0]].state_at_least(st["seq"])
        st = move(socks[st["to_move"][0]], st)
        handover = time.monotonic() - stopping
        acked.update({e["seq"]: e["data"] for e in st["events"]})
        assert handover < TTL, handover  # no waiting for the lease to expire
        end = play(socks, st, 2, acked)
        b.stop()

        # The record: every acknowledged move, seqs 1..n without a gap.
        check = Client(c.url)
        check.http.cookies = anna.http.cookies
        full = check.ws(tid, since=0).recv_type("state")
        assert full["seq"] == end["seq"]
        assert [e["seq"] for e in full["events"]] == list(range(1, end["seq"] + 1))
        assert {e["seq"]: e["data"] for e in full["events"] if e["seq"] in acked} == acked

        # One rematch is one table, whichever worker each player asks: the owner (C) makes it. Bert resigns through
        # a fresh worker D (forwarded to C), then both ask for the rematch at once, one on D, one on C.
        d.start()
        anna_d, bert_d = Client(d.url), Client(d.url)
        anna_d.http.cookies, bert_d.http.cookies = anna.http.cookies, bert.http.cookies
        anna_d.refresh_csrf()
        bert_d.refresh_csrf()
        bert_c.refresh_csrf()
        r = bert_d.post(f"/api/tables/{tid}/resign", {"seat": 1})
        assert r.status_code == 200 and r.json()["status"] == "finished", r.text
        with ThreadPoolExecutor(2) as pool:
            asked = list(pool.map(lambda cl: cl.post(f"/api/tables/{tid}/rematch"), [anna_d, bert_c]))
        assert [x.status_code for x in asked] == [200, 200], [x.text for x in asked]
        assert asked[0].json()["id"] == asked[1].json()["id"] != tid
        print(
            f"failover (kill to the next acknowledged move): {failover:.2f} s; handover (SIGTERM to the next "
            f"acknowledged move): {handover:.2f} s"
        )
    finally:
        for w in (a, b, c, d):
            w.stop()


def owner_of(pg_url: str, table_id: str, other_than: str | None = None, within: float = 0.0) -> str:
    """The worker holding ``table_id``'s lease as the database says (waiting up to ``within`` seconds for one other
    than ``other_than``)."""
    import sqlalchemy as sa

    engine = sa.create_engine(pg_url)
    deadline = time.monotonic() + within
    try:
        while True:
            with engine.connect() as c:
                owner = c.execute(
                    sa.text(
                        "SELECT owner FROM table_leases WHERE table_id = :t AND expires_at > "
                        "extract(epoch from clock_timestamp())"
                    ),
                    {"t": table_id},
                ).scalar()
            if owner is not None and owner != other_than:
                return str(owner)
            assert time.monotonic() < deadline, f"no new owner of {table_id} within {within} s"
            time.sleep(0.1)
    finally:
        engine.dispose()


def test_a_paused_owner_stores_nothing_and_sends_its_clients_to_the_new_one(
    pg_url: str, redis_space: RedisSpace, tmp_path: Path
) -> None:
    """SIGSTOP the owner past its lease: the other worker takes the table over and play goes on there; SIGCONT: the
    old owner stores nothing (its lease epoch is outdated) and sends its clients to reconnect (4503)."""
    import signal

    a = worker(pg_url, redis_space, tmp_path).start()
    b = worker(pg_url, redis_space, tmp_path).start()
    try:
        anna = Client(a.url).guest("Anna")
        bert = Client(a.url).guest("Bert")
        t = anna.create("stapel", seats=2, overrides={"target": 1000})
        tid = t["id"]
        assert bert.post(f"/api/tables/{tid}/sit", {"seat": 1}).status_code == 200
        assert anna.post(f"/api/tables/{tid}/start").status_code == 200
        wa, wb = anna.ws(tid), bert.ws(tid)  # both on A, the owner
        st = wa.recv_type("state")
        acked: dict[int, Any] = {}
        st = play({0: wa, 1: wb}, st, 4, acked)
        wb.state_at_least(st["seq"])

        first_owner = owner_of(pg_url, tid)
        a.proc.send_signal(signal.SIGSTOP)  # type: ignore[union-attr]
        try:
            # B's sweep takes the orphaned table; the mover plays on through B.
            mover = Client(b.url)
            mover.http.cookies = (anna if st["to_move"] == [0] else bert).http.cookies
            owner_of(pg_url, tid, other_than=first_owner, within=3 * TTL + 2)
            on_b = mover.ws(tid, since=st["seq"])
            after = move(on_b, on_b.state_at_least(st["seq"]))
            acked.update({e["seq"]: e["data"] for e in after["events"]})
            # The same move, sent to A while it sleeps: A will try it at once on waking, under its old epoch.
            old = {0: wa, 1: wb}[st["to_move"][0]]
            old.send({"action": old.state_at_least(st["seq"])["legal"][0]["action"], "expected_seq": st["seq"]})
        finally:
            a.proc.send_signal(signal.SIGCONT)  # type: ignore[union-attr]
        # A wakes: its keeper finds the lease gone, drops the table and sends its clients away.
        assert closed_with(wa, 2 * TTL + 3) == 4503
        check = Client(b.url)
        check.http.cookies = anna.http.cookies
        full = check.ws(tid, since=0).recv_type("state")
        assert full["seq"] == after["seq"]
        assert [e["seq"] for e in full["events"]] == list(range(1, after["seq"] + 1))
        assert {e["seq"]: e["data"] for e in full["events"] if e["seq"] in acked} == acked
    finally:
        if a.proc is not None and a.proc.poll() is None:
            a.proc.send_signal(signal.SIGCONT)
        a.stop()
        b.stop()
