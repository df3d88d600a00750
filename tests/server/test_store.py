"""The store on both databases: SQLite (the default) and PostgreSQL (the local server, database ``test``).

Each PostgreSQL test run works in a fresh schema that is dropped afterwards, so runs never see each other's rows.
"""

from __future__ import annotations

from concurrent.futures import wait

import pytest
import sqlalchemy as sa

from wuerfel.engine.record import Event
from wuerfel.server import db
from wuerfel.server.rows import EventRow, NameTaken, SeatRow
from wuerfel.server.store import Store
from wuerfel.server.writer import BatchWriter


def test_migrations_are_idempotent_and_complete(store: Store) -> None:
    db.migrate(store.engine)
    names = set(sa.inspect(store.engine).get_table_names())
    assert {"players", "sessions", "game_tables", "seats", "events", "alembic_version"} <= names


def test_migrations_build_exactly_the_declared_schema(store: Store) -> None:
    """The Alembic migrations and the Core tables the code uses must not drift apart."""
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    with store.engine.connect() as c:
        diff = compare_metadata(MigrationContext.configure(c), db.metadata)
    assert diff == []


def test_players_and_sessions(store: Store) -> None:
    g1 = store.create_player("Anna")
    g2 = store.create_player("Anna")
    assert g1.id != g2.id and not g1.registered
    r = store.create_player("Bert", "hash-1")
    assert r.registered
    with pytest.raises(NameTaken):
        store.create_player("BERT", "hash-2")
    found = store.find_registered("bert")
    assert found is not None and found[0].id == r.id and found[1] == "hash-1"
    assert store.find_registered("Anna") is None
    tok = store.create_session(r.id)
    assert store.session_player(tok) == r
    assert store.session_player(tok + "x") is None
    store.delete_session(tok)
    assert store.session_player(tok) is None


def test_tables_seats_and_status(store: Store) -> None:
    host = store.create_player("Host")
    t = store.create_table(
        "pig",
        "standard",
        {"target": 30},
        3,
        False,
        False,
        host.id,
        [SeatRow(0, host.id, None, "Host"), SeatRow(2, None, "random", "random")],
    )
    got = store.get_table(t.id)
    assert got is not None
    assert [s.kind for s in got.seats] == ["human", "empty", "bot"]
    assert got.rules == {"target": 30} and got.status == "open"
    store.set_seat(t.id, SeatRow(1, host.id, None, "Host"))
    assert [s.kind for s in store.get_table(t.id).seats] == ["human", "human", "bot"]  # type: ignore[union-attr]
    priv = store.create_table("pig", "standard", {}, 1, True, True, host.id, [])
    assert [x.id for x in store.list_tables(("open",))] == [t.id]
    assert {x.id for x in store.list_tables(("open",), include_private=True)} == {t.id, priv.id}
    store.set_status(t.id, "playing")
    assert store.unfinished_table_ids() == [t.id]
    store.set_status(t.id, "finished")
    assert store.get_table(t.id).finished_at is not None  # type: ignore[union-attr]
    assert store.unfinished_table_ids() == []


def test_event_log_is_append_only_and_ordered(store: Store) -> None:
    t = store.create_table("pig", "standard", {}, 1, False, False, None, [])
    evs = [Event("chance", {"kind": "roll", "dice": [4]}), Event("action", {"kind": "hold"}, 0)]
    store.append([EventRow(t.id, 1, evs[0]), EventRow(t.id, 2, evs[1])], [(t.id, "playing")])
    assert store.load_events(t.id) == evs
    # a second writer of seq 2 fails as a whole and changes nothing
    with pytest.raises(sa.exc.IntegrityError):
        store.append([EventRow(t.id, 3, evs[0]), EventRow(t.id, 2, evs[0])], [(t.id, "finished")])
    assert store.load_events(t.id) == evs
    assert store.get_table(t.id).status == "playing"  # type: ignore[union-attr]


def test_batch_writer_group_commits_and_isolates_failures(store: Store) -> None:
    tables = [store.create_table("pig", "standard", {}, 1, False, False, None, []) for _ in range(5)]
    w = BatchWriter(store)
    try:
        futs = [
            w.submit([EventRow(t.id, i, Event("action", {"kind": "hold", "i": i}, 0))])
            for i in range(1, 21)
            for t in tables
        ]
        bad = w.submit([EventRow(tables[0].id, 1, Event("action", {"kind": "dup"}, 0))])
        wait([*futs, bad], timeout=30)
        assert all(f.exception() is None for f in futs)
        assert bad.exception() is not None
        for t in tables:
            got = store.load_events(t.id)
            assert [e.data["i"] for e in got] == list(range(1, 21))
        assert w.commits <= len(futs) + 1
    finally:
        w.close()
