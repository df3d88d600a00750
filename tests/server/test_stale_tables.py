"""Running tables nobody plays any more (issue 24, security report L1): they leave the lobby once nothing happened
at them for half an hour and none of their players is connected, and a public one without a clock is ended after
48 hours (the person it waits for loses; the log stays as played). Times are set in the database, nothing waits."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa

from tests.server.conftest import Client
from tests.server.test_memory import InProcessServer, serve, until  # noqa: F401 (the fixture)
from wuerfel.server import db, stale
from wuerfel.server.rows import now as store_now
from wuerfel.server.store import Store

Serve = Callable[..., InProcessServer]


def running_table(srv: InProcessServer, lang: str = "en", **body: Any) -> tuple[Client, Client, str]:
    """Two guests at a started Zehntausend table (the server never throws for them: throw_wait 0)."""
    a, b = Client(srv.url, lang).guest("Anna"), Client(srv.url, lang).guest("Bert")
    tid = a.create("zehntausend", seats=2, **body)["id"]
    assert b.post(f"/api/tables/{tid}/sit", {"seat": 1}).status_code == 200
    assert a.post(f"/api/tables/{tid}/start").status_code == 200
    return a, b, str(tid)


def age(srv: InProcessServer, table_id: str, hours: float) -> None:
    """Make everything that happened at a table ``hours`` old."""
    then = dt.datetime.now(dt.UTC) - dt.timedelta(hours=hours)
    with srv.hub.store.engine.begin() as c:
        c.execute(sa.update(db.events).where(db.events.c.table_id == table_id).values(created_at=then))
        c.execute(
            sa.update(db.game_tables).where(db.game_tables.c.id == table_id).values(created_at=then, active_at=then)
        )


def lobby(c: Client) -> set[str]:
    return {x["id"] for x in c.http.get("/api/tables").json()["tables"]}


def test_a_running_table_nobody_plays_leaves_the_lobby(serve: Serve) -> None:  # noqa: F811
    srv = serve(0, throw_wait=0)
    a, _b, tid = running_table(srv)
    _c, _d, alive = running_table(srv)
    stranger = Client(srv.url, "en")
    assert tid in lobby(stranger) and alive in lobby(stranger)
    age(srv, tid, 1)
    assert tid not in lobby(stranger) and alive in lobby(stranger)
    assert tid in lobby(a)  # her own game is still offered to her, to continue
    w = a.ws(tid)  # a player comes back: listed while he is there
    w.recv_type("state")
    assert tid in lobby(stranger)
    w.close()
    until(lambda: tid not in lobby(stranger), 20, "the table stayed listed after its player left")
    assert stranger.http.get(f"/api/tables/{tid}").json()["status"] == "playing"  # its link still works


def test_an_abandoned_table_is_ended_and_its_log_kept(serve: Serve) -> None:  # noqa: F811
    srv = serve(0, throw_wait=0)
    a, _b, tid = running_table(srv, "de")
    _c, _d, recent = running_table(srv)
    _e, _f, timed = running_table(srv, clock="live", limit=60)
    before = srv.hub.store.load_events(tid)
    for t in (tid, timed):
        age(srv, t, 49)
    age(srv, recent, 47)
    assert srv.call(stale.end_abandoned(srv.hub, stale.ABANDON_AFTER)) == 1
    summary = a.http.get(f"/api/tables/{tid}").json()
    assert summary["status"] == "finished" and summary["ended_by"] == "idle"
    assert summary["resigned"] == 0  # Anna's throw opens the game: the table waited for her
    assert srv.hub.store.load_events(tid) == before  # the log as played: nothing lost, nothing added
    assert a.http.get(f"/api/tables/{tid}/record").status_code == 200  # and the finished game's record is there
    for t in (recent, timed):
        assert a.http.get(f"/api/tables/{t}").json()["status"] == "playing"
    assert srv.call(stale.end_abandoned(srv.hub, stale.ABANDON_AFTER)) == 0  # ended once


def test_the_store_finds_stale_tables_on_both_backends(store: Store) -> None:
    """The candidates' query compares stored times in SQL (SQLite and PostgreSQL)."""
    host = store.create_player("Wirt")
    public = store.create_table("zehntausend", "x", {}, 2, False, False, host.id, [])
    private = store.create_table("zehntausend", "x", {}, 2, False, True, host.id, [])
    timed = store.create_table("zehntausend", "x", {}, 2, False, False, host.id, [], clock="live", move_seconds=60)
    for t in (public, private, timed):
        store.set_status(t.id, "playing")
    later = store_now() + dt.timedelta(hours=1)
    assert store.stale_running_tables(later) == [public.id]
    assert store.stale_running_tables(store_now() - dt.timedelta(hours=1)) == []
    # The lobby's query leaves idle tables out before its limit: newer idle ones take no place of an older live one.
    live = store.create_table("zehntausend", "x", {}, 2, False, False, host.id, [])
    store.set_status(live.id, "playing")
    idle = [store.create_table("zehntausend", "x", {}, 2, False, False, host.id, []) for _ in range(3)]
    for t in idle:
        store.set_status(t.id, "playing")
    with store.engine.begin() as c:
        c.execute(
            sa.update(db.game_tables)
            .where(db.game_tables.c.id.in_([t.id for t in idle]))
            .values(active_at=store_now() - dt.timedelta(hours=2))
        )
    since = store_now() - dt.timedelta(minutes=30)
    assert [r.id for r in store.list_tables(("playing",), limit=1, alive_since=since)] == [live.id]
    assert [r.id for r in store.list_tables(("playing",), limit=1, alive_since=since, keep=[idle[-1].id])] == [
        idle[-1].id
    ]


def test_a_spectator_watching_an_abandoned_table_is_told_why_it_ended(serve: Serve) -> None:  # noqa: F811
    """The players are gone, but someone watches: the end by idleness reaches him with its note (the note took one
    argument where the broadcast passes two — the reader's language and seats — so the pass raised a TypeError and the
    table was never ended while watched)."""
    srv = serve(0, throw_wait=0)
    _a, _b, tid = running_table(srv, "de")
    zoe = Client(srv.url, "de").guest("Zoe")
    w = zoe.ws(tid)
    w.recv_type("state")
    age(srv, tid, 49)
    assert srv.call(stale.end_abandoned(srv.hub, stale.ABANDON_AFTER)) == 1
    st = w.recv_type("state")
    while not st["finished"]:
        st = w.recv_type("state")
    assert "48 Stunden" in st.get("note", "") and "Anna" in st["note"], st.get("note")
    w.close()
    zoe.close()
