"""The table clock after a restart, in process: a stored deadline still ahead is re-armed unchanged; one that passed
while the server was down gets the restart grace (a minute, scaled, at most a whole limit) — stored, so a second
restart finds it. A fresh :class:`Hub` on the same database file stands for the restarted server."""

from __future__ import annotations

import asyncio
import datetime as dt
import time
from pathlib import Path

import pytest

from tests.server.loops import run_loop
from wuerfel.server.clocks import RESTART_GRACE
from wuerfel.server.hub import Hub
from wuerfel.server.rows import SeatRow, now
from wuerfel.server.store import Store

GAME = "zehntausend"


def started_table(store: Store, tmp_path: Path) -> str:
    """A correspondence table (one day per move) of Anna and Bert, started on a first server."""
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
        clock="corr",
        move_seconds=86400,
        on_expiry="bot",
    )

    async def start() -> None:
        hub = Hub(store, bot_delay=0)
        table = await hub.get(row.id)
        assert table is not None
        await table.start(anna)
        assert table.move_due() == [0] and table.row.deadline_at is not None
        await hub.close()

    run_loop(start())
    return row.id


def reload(store: Store, table_id: str, scale: float = 1.0) -> tuple[dt.datetime | None, int | None]:
    """Load the table on a fresh hub (a restarted server); the deadline it armed, as stored."""

    async def body() -> None:
        hub = Hub(store, bot_delay=0, clock_scale=scale)
        table = await hub.get(table_id)
        assert table is not None and table.move_at is not None  # the clock runs again
        await hub.close()

    run_loop(body())
    row = store.get_table(table_id)
    assert row is not None
    return row.deadline_at, row.deadline_seq


def test_a_deadline_ahead_is_kept_and_a_passed_one_gets_the_grace(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'w.db'}")
    try:
        tid = started_table(store, tmp_path)
        row = store.get_table(tid)
        assert row is not None and row.deadline_at is not None
        stored, seq = row.deadline_at, row.deadline_seq
        assert stored - now() == pytest.approx(dt.timedelta(days=1), abs=dt.timedelta(minutes=2))
        # Restarted: the deadline ahead stands to the microsecond.
        assert reload(store, tid) == (stored, seq)
        # The server was down past the deadline: a minute from the restart, not an expiry the moment it is back.
        store.set_deadline(tid, now() - dt.timedelta(hours=2), seq)
        before = now()
        at, same_seq = reload(store, tid)
        assert same_seq == seq and at is not None
        assert at - before == pytest.approx(dt.timedelta(seconds=RESTART_GRACE), abs=dt.timedelta(seconds=10))
        # ... and that is stored: a second restart keeps it.
        assert reload(store, tid) == (at, seq)
        # The test-speed clock scales the grace too.
        store.set_deadline(tid, now() - dt.timedelta(hours=2), seq)
        before = now()
        at, _ = reload(store, tid, scale=0.5)
        assert at is not None
        assert at - before == pytest.approx(dt.timedelta(seconds=RESTART_GRACE / 2), abs=dt.timedelta(seconds=10))
    finally:
        store.close()


def test_a_forfeit_scores_like_a_resignation_and_alone_nobody_wins() -> None:
    from wuerfel.engine.record import Match
    from wuerfel.server.live import result_json

    state = Match.new(GAME, None, ["Anna", "Bert", "Cleo"]).state
    three = result_json(state, 1, 3, "timeout")
    assert three["ranking"] == [[0, 2], [1]] and three["winners"] == [0, 2] and three["losers"] == [1]
    assert three["ended_by"] == "timeout" and three["payoffs"] is None
    alone = result_json(state, 0, 1, "timeout")
    assert alone["ranking"] == [[0]] and alone["winners"] == [] and alone["losers"] == [0]
    assert result_json(state, 1, 3)["ended_by"] == "resigned"
    assert result_json(state)["ended_by"] is None


def test_a_table_only_out_of_memory_keeps_a_passed_deadline(tmp_path: Path) -> None:
    """A running table the server let go while idle (not a restart): people could move meanwhile, so a deadline
    that passed stands and runs out at once when the table is loaded again — no restart grace."""
    store = Store.open(f"sqlite:///{tmp_path / 'w.db'}")
    try:
        tid = started_table(store, tmp_path)
        row = store.get_table(tid)
        assert row is not None
        passed = now() - dt.timedelta(minutes=5)
        store.set_deadline(tid, passed, row.deadline_seq)

        async def body() -> None:
            hub = Hub(store, bot_delay=0)
            hub._evicted.add(tid)
            table = await hub.get(tid)
            assert table is not None
            # No grace (that would be a minute from now): the stored deadline is kept and expires at once, so the
            # stand-in takes Anna's seat. Whether that already happened when ``get`` returns is up to the event
            # loop's order, so wait for it (with a deadline far below the grace a restart would give).
            assert table.row.deadline_at == passed or table.row.seats[0].standin is not None
            deadline = time.monotonic() + 30
            while table.row.seats[0].standin is None:
                assert time.monotonic() < deadline, "the passed deadline did not run out at once"
                await asyncio.sleep(0.02)
            await hub.close()

        run_loop(body())
    finally:
        store.close()


@pytest.mark.parametrize(
    ("game", "rated", "kind"),
    [
        ("zehntausend", False, "heuristic"),
        ("zehntausend", True, "heuristic"),
        ("escalero", False, "heuristic"),  # its rule-of-thumb bot (issue 26's extra) stands in, rated or not
        ("escalero", True, "heuristic"),
        ("eins-bis-sechzehn", False, "best"),
        ("eins-bis-sechzehn", True, "random"),
    ],
)
def test_a_rated_tables_stand_in_never_plays_exactly(tmp_path: Path, game: str, rated: bool, kind: str) -> None:
    """A rated game is the person's even where a stand-in played: in a game whose only bot is exact, letting the
    clock run out must not hand the seat to perfect play (docs/web.md, "Ratings")."""
    store = Store.open(f"sqlite:///{tmp_path / 'w.db'}")
    try:
        anna, bert = store.create_player("Anna"), store.create_player("Bert")
        row = store.create_table(
            game,
            game if game != "zehntausend" else "standard",
            {},
            2,
            False,
            False,
            anna.id,
            [SeatRow(0, anna.id, None, "Anna"), SeatRow(1, bert.id, None, "Bert")],
            clock="corr",
            move_seconds=86400,
            on_expiry="bot",
            rated=rated,
        )

        got: list[str] = []

        async def body() -> None:
            hub = Hub(store, bot_delay=0)
            table = await hub.get(row.id)
            assert table is not None
            got.append(table.standin_kind())
            await hub.close()

        run_loop(body())
        assert got == [kind]
    finally:
        store.close()
