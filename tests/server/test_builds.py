"""Bot and advisor builds on the server (issue 24 §4 H2): own threads, caps per address and in all, a lighter bot
over a cap, and a memory budget for the shared tables. In process and quick: the builds are stand-ins."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tests.server.loops import run_loop
from wuerfel.engine import shared
from wuerfel.engine.record import Match
from wuerfel.server import botdriver
from wuerfel.server.builds import BuildBusy, BuildGate, BuildLimits
from wuerfel.server.hub import Hub
from wuerfel.server.live import LiveTable
from wuerfel.server.rows import SeatRow
from wuerfel.server.store import Store


def test_caps_per_address_and_in_all_joiners_and_warm_rule_sets() -> None:
    gate = BuildGate(BuildLimits(building=2, per_address=1))
    end_a1 = gate.admit("r1", "a")
    with pytest.raises(BuildBusy) as one:
        gate.admit("r2", "a")  # a second rule set of the same address
    assert one.value.reason == "address"
    assert one.value.translated("de") != one.value.translated("en"), "the refusal is in the reader's language"
    end_b1 = gate.admit("r1", "b")  # the same rule set: one build, joined, not counted again
    end_b2 = gate.admit("r2", "b")
    with pytest.raises(BuildBusy) as full:
        gate.admit("r3", "c")
    assert full.value.reason == "server"
    assert gate.building() == {"r1": "a", "r2": "b"}
    end_a1(True)
    assert "r1" in gate.building(), "still built for the one who joined"
    end_b1(True)
    assert "r1" not in gate.building()
    gate.admit("r1", "c")(True)  # built a moment ago: no build, no cap
    end_c3 = gate.admit("r3", "c")  # a slot is free again
    end_b2(False)
    end_c3(True)
    stats = gate.stats()
    assert stats["started"] == {"a": 1, "b": 1, "c": 1}
    assert stats["refused"] == {"a": 1, "c": 1}
    gate.close()


def test_a_build_that_holds_every_build_thread_does_not_hold_store_calls_or_bot_moves(tmp_path: Path) -> None:
    async def body() -> None:
        store = Store.open(f"sqlite:///{tmp_path / 'w.db'}")
        gate = BuildGate(BuildLimits(building=1, per_address=1))
        release = threading.Event()
        started: list[str] = []

        def slow_build() -> str:
            started.append(threading.current_thread().name)
            release.wait(30)
            return "built"

        # The build and a second asker of the same rule set: every build thread is taken.
        builds = [
            asyncio.ensure_future(gate.build("r", "a", slow_build)),
            asyncio.ensure_future(gate.build("r", "b", slow_build)),
        ]
        deadline = asyncio.get_running_loop().time() + 10
        while len(started) < 2:
            assert asyncio.get_running_loop().time() < deadline, "the builds did not start"
            await asyncio.sleep(0.01)
        assert all(name.startswith("wuerfel-build") for name in started)
        try:
            # A store call (the default executor) and a bot's move (the move threads) are answered meanwhile.
            p = await asyncio.wait_for(asyncio.to_thread(store.create_player, "Anna"), 10)
            assert p.name == "Anna"
            name = await asyncio.wait_for(gate.move(lambda: threading.current_thread().name), 10)
            assert name.startswith("wuerfel-botmove")
            assert not any(b.done() for b in builds)
        finally:
            release.set()
        assert await asyncio.gather(*builds) == ["built", "built"]
        gate.close()
        store.close()

    run_loop(body())


def _anna_against_best(tmp_path: Path) -> tuple[Store, Hub, Any, LiveTable]:
    """A running Kniffel table of made-up rules (a bonus threshold of 64): Anna against the ``best`` bot, which
    builds tables for those rules."""
    store = Store.open(f"sqlite:///{tmp_path / 'w.db'}")
    hub = Hub(store, bot_delay=0)
    anna = store.create_player("Anna")
    row = store.create_table(
        "wuerfelspiel",
        "kniffel",
        {"upper_bonus_threshold": 64},
        2,
        False,
        False,
        anna.id,
        [SeatRow(0, anna.id, None, "Anna"), SeatRow(1, None, "best", None)],
    )
    table = LiveTable(hub, row)
    table.match = Match.new("wuerfelspiel", None, ["Anna", "best"])
    return store, hub, anna, table


def test_over_the_cap_a_lighter_bot_plays_until_the_build_is_allowed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[tuple[str, str]] = []

    class Dummy:
        def __init__(self, kind: str) -> None:
            self.kind = kind

    def fake_make_bot(game_id: str, kind: str, game: Any, seed: int = 0) -> Dummy:
        made.append((kind, threading.current_thread().name))
        return Dummy(kind)

    import wuerfel.bots

    monkeypatch.setattr(wuerfel.bots, "make_bot", fake_make_bot)
    monkeypatch.setattr(botdriver, "BUILD_RETRY", 0.0)

    async def body() -> None:
        store, hub, anna, table = _anna_against_best(tmp_path)
        table.note_address(anna, "203.0.113.7")
        # Another table of the same address builds a made-up rule set now: this one's bot must not wait for it.
        end = hub.builds.admit(("wuerfelspiel", "other"), "203.0.113.7")
        bots = await table._ready_bots()
        assert bots[1].kind == "heuristic", "the rule-of-thumb bot plays meanwhile"
        end(True)
        bots = await table._ready_bots()  # asked again: the build is allowed now
        assert bots[1].kind == "best"
        assert made[-1][1].startswith("wuerfel-build"), "built in the build threads, not the store's"
        assert hub.builds.stats()["started"] == {"203.0.113.7": 2}
        await hub.close()
        store.close()

    run_loop(body())


def test_made_up_rule_sets_held_by_running_tables_are_capped_per_address_and_in_all() -> None:
    """A bot holds its tables while its game runs (the memory budget cannot free them): one address builds one
    made-up rule set after another only up to its cap; a finished table gives its rule set back."""
    gate = BuildGate(BuildLimits(in_use=3, in_use_per_address=2))
    assert gate.hold("r1", "t1", "a") and gate.hold("r2", "t2", "a")
    assert gate.hold("r1", "t3", "a"), "another table of a rule set in use costs nothing"
    with pytest.raises(BuildBusy) as mine:
        gate.hold("r3", "t4", "a")
    assert mine.value.reason == "address"
    assert gate.hold("r3", "t5", "b")
    with pytest.raises(BuildBusy) as full:
        gate.hold("r4", "t6", "c")
    assert full.value.reason == "server"
    gate.let_go("t1")
    assert "r1" in gate.in_use(), "t3 still plays r1"
    gate.let_go("t3")
    assert gate.in_use() == {"r2": "a", "r3": "b"}
    assert gate.hold("r4", "t6", "c")
    gate.close()


def test_a_finished_game_gives_its_made_up_rule_set_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import wuerfel.bots

    monkeypatch.setattr(wuerfel.bots, "make_bot", lambda game_id, kind, game, seed=0: kind)

    async def body() -> None:
        store = Store.open(f"sqlite:///{tmp_path / 'w.db'}")
        hub = Hub(store, bot_delay=0)
        anna = store.create_player("Anna")
        tables = []
        for i, rules_id in enumerate(("kniffel", "kniffel+custom")):
            row = store.create_table(
                "wuerfelspiel",
                rules_id,
                {"upper_bonus_threshold": 64 + i},
                2,
                False,
                False,
                anna.id,
                [SeatRow(0, anna.id, None, "Anna"), SeatRow(1, None, "best", None)],
            )
            t = LiveTable(hub, row)
            t.match = Match.new("wuerfelspiel", None, ["Anna", "best"])
            t.note_address(anna, "203.0.113.7")
            assert (await t._ready_bots())[1] == "best"
            tables.append(t)
        assert set(hub.builds.in_use().values()) == {"203.0.113.7"} and len(hub.builds.in_use()) == 2
        tables[0]._let_go()
        assert len(hub.builds.in_use()) == 1
        await hub.close()
        store.close()

    run_loop(body())


@pytest.fixture
def budget():  # type: ignore[no-untyped-def]
    shared.forget()
    old = shared.memory_budget()
    yield shared.set_memory_budget
    shared.forget()
    shared.set_memory_budget(None if old is None else old / (1024 * 1024))


def test_shared_tables_keep_to_a_memory_budget_least_recently_used_out_across_kinds(budget) -> None:  # type: ignore[no-untyped-def]
    mb = 1024 * 1024
    budget(2.5)

    class Planner:  # a table object holding arrays, as the Würfelspiel planner does
        def __init__(self) -> None:
            self.E = np.zeros(mb, dtype=np.uint8)
            self.parts = {"slack": np.zeros(mb // 2, dtype=np.uint8)}

    assert shared.nbytes(Planner()) == mb + mb // 2
    shared.shared("test.a", "r1", lambda: np.zeros(mb, dtype=np.uint8))
    shared.shared("test.b", "r2", lambda: np.zeros(mb, dtype=np.uint8))
    shared.shared("test.a", "r1", lambda: pytest.fail("r1 is held"))  # a use: r1 is now newer than r2
    shared.shared("test.b", "r3", Planner)
    assert shared.peek("test.b", "r2") is None, "the least recently used goes first, whatever its kind"
    assert shared.peek("test.a", "r1") is not None and shared.peek("test.b", "r3") is not None
    assert shared.held_bytes() == 2 * mb + mb // 2
    # A table bigger than the budget stays while it is the one just built (its builder uses it), alone.
    shared.put("test.a", "big", np.zeros(3 * mb, dtype=np.uint8))
    assert shared.peek("test.a", "big") is not None
    assert shared.held_bytes() == 3 * mb


def test_an_address_that_used_its_hour_of_building_starts_no_new_build() -> None:
    """Issue 24 §4 H1: one address used the best bot on one made-up rule set after another and kept the server
    building for hours. Its builds' seconds are bounded per hour; others, presets and built rule sets are not."""
    now = [0.0]
    gate = BuildGate(BuildLimits(building=4, per_address=2, seconds_per_hour=100.0), clock=lambda: now[0])
    end = gate.admit("r1", "a")  # the first build is always taken, however long
    now[0] += 150.0
    end(True)
    assert gate.spent("a") == pytest.approx(150.0)
    with pytest.raises(BuildBusy) as over:
        gate.admit("r2", "a")
    assert over.value.reason == "hour"
    assert "Stunde" in over.value.translated("de") and "hour" in over.value.translated("en")
    gate.admit("r1", "a")(True)  # built a moment ago: no build, nothing to refuse
    gate.admit("preset", "a", budgeted=False)(True)  # the presets are built once for everybody
    end_b = gate.admit("r2", "b")  # another address has its own hour
    end_a = gate.admit("r2", "a")  # joining b's build of r2 costs a nothing
    now[0] += 50.0
    end_a(True)
    end_b(True)
    assert gate.spent("b") == pytest.approx(50.0)
    assert gate.spent("a") == pytest.approx(150.0), "only the builder's address pays, and only budgeted builds"
    assert gate.stats()["refused"] == {"a": 1}
    gate.close()


def test_a_slow_build_tells_the_table_the_computer_is_computing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 24 re-audit: on a fresh cache a strong bot's tables took over a minute and the web table only showed
    the bot "throwing". A build past :data:`botdriver.BUILD_NOTICE_AFTER` now tells every reader, in his language;
    a quick one says nothing."""
    release = threading.Event()
    told: list[str] = []

    def slow_make_bot(game_id: str, kind: str, game: Any, seed: int = 0) -> str:
        release.wait(30)
        return kind

    async def fake_broadcast(t: LiveTable, note: Any = None) -> None:
        told.extend([note("de"), note("en")])
        release.set()

    import wuerfel.bots

    monkeypatch.setattr(wuerfel.bots, "make_bot", slow_make_bot)
    monkeypatch.setattr(botdriver.fanout, "broadcast_table", fake_broadcast)
    monkeypatch.setattr(botdriver, "BUILD_NOTICE_AFTER", 0.05)

    async def body() -> None:
        store, hub, _anna, table = _anna_against_best(tmp_path)
        bots = await table._ready_bots()  # the build waits until the table was told
        assert bots[1] == "best"
        assert told and "Tabellen" in told[0] and "tables" in told[1]
        told.clear()
        monkeypatch.setattr(botdriver, "BUILD_NOTICE_AFTER", 30.0)
        table.match = Match.new("wuerfelspiel", None, ["Anna", "best"])  # a new match: its bots are made again
        await table._ready_bots()  # built a moment ago: quick, and nothing is said
        assert told == []
        await hub.close()
        store.close()

    run_loop(body())
