"""The server's memory (issue 17): finished tables are served from the store and not kept, a table that finishes
leaves memory with its last connection, and the bots of every table of one rule set share one set of solver tables.

A real server (uvicorn serving the app in a thread of this process, so the test can look into its live registry),
real SQLite, real HTTP and real websockets."""

from __future__ import annotations

import asyncio
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from tests.server.conftest import Client, free_port
from wuerfel.engine import shared
from wuerfel.server.app import create_app
from wuerfel.server.hub import Hub


class InProcessServer:
    """The app served by uvicorn in a thread: the registry (``hub.tables``) and the loop are at hand."""

    def __init__(self, db_url: str, bot_delay: float, **app_args: Any) -> None:
        self.app = create_app(db_url, bot_delay=bot_delay, **app_args)
        self.port = free_port()
        self.server = uvicorn.Server(
            uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="on")
        )
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread = threading.Thread(target=self._run, name="test-uvicorn", daemon=True)

    def _run(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.loop.run_until_complete(self.server.serve())

    def start(self) -> InProcessServer:
        self.thread.start()
        until(lambda: self.server.started, 60, "the server did not come up")
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(30)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def hub(self) -> Hub:
        hub: Hub = self.app.state.hub
        return hub

    def call(self, coro: Any, timeout: float = 60) -> Any:
        """Run a coroutine on the server's own loop (a live table is only ever touched there)."""
        assert self.loop is not None
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)


def until(cond: Callable[[], Any], timeout: float = 20, what: str = "condition not met in time") -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., InProcessServer]]:
    made: list[InProcessServer] = []

    def make(bot_delay: float = 0, **app_args: Any) -> InProcessServer:
        srv = InProcessServer(f"sqlite:///{tmp_path / f'w{len(made)}.db'}", bot_delay, **app_args).start()
        made.append(srv)
        return srv

    yield make
    for srv in made:
        srv.stop()


def without_presence(summary: dict[str, Any]) -> dict[str, Any]:
    """A summary without who is connected now (a fact of the moment, not of the table)."""
    return {k: v for k, v in summary.items() if k not in ("online", "spectators")}


def finished_by_bots(c: Client, srv: InProcessServer) -> dict[str, Any]:
    """A one-column Kniffel table of two strong bots, started by its host (who does not sit), played to the end."""
    t = c.create("wuerfelspiel", preset="kniffel", seats=2, bots={"0": "best", "1": "best"}, sit=False)
    w = c.ws(t["id"])
    assert c.post(f"/api/tables/{t['id']}/start").status_code == 200
    while True:
        st = w.recv_type("state", timeout=60)
        if st["finished"]:
            break
    w.close()
    until(lambda: t["id"] not in srv.hub.tables, what="the finished table stayed in memory")
    return t


def test_a_finished_table_is_read_from_the_store_and_not_kept(serve: Callable[..., InProcessServer]) -> None:
    srv = serve()
    c = Client(srv.url).guest("Anna")
    try:
        t = finished_by_bots(c, srv)
        tid = t["id"]
        # While a spectator is connected the table is live; what it reads then is what everybody reads later.
        w = c.ws(tid, since=5)
        live_state = w.recv_type("state")
        assert tid in srv.hub.tables and srv.hub.tables[tid].bots == {}  # the game is over: its bots are gone
        live_summary = without_presence(c.http.get(f"/api/tables/{tid}").json())
        live_replay = c.replay_steps(tid)
        live_record = c.http.get(f"/api/tables/{tid}/record").json()
        w.close()
        until(lambda: tid not in srv.hub.tables, what="the table stayed after its last connection left")
        # Read from the store: the same content, and nothing stays behind.
        assert without_presence(c.http.get(f"/api/tables/{tid}").json()) == live_summary
        assert c.replay_steps(tid) == live_replay
        assert c.http.get(f"/api/tables/{tid}/record").json() == live_record
        for page in (f"/table/{tid}", f"/replay/{tid}"):
            assert c.http.get(page).status_code == 200
        assert tid not in srv.hub.tables
        # Resuming by seq after the table left memory: the same events and view as before.
        w = c.ws(tid, since=5)
        again = w.recv_type("state")
        for key in ("seq", "events", "view", "components", "finished", "result", "skipped"):
            assert again.get(key) == live_state.get(key), key
        w.close()
        until(lambda: tid not in srv.hub.tables, what="the table stayed after the resumed connection left")
    finally:
        c.close()


def test_a_rematch_of_a_table_that_left_memory(serve: Callable[..., InProcessServer]) -> None:
    srv = serve()
    a = Client(srv.url).guest("Anna")
    try:
        t = a.create("wuerfelspiel", preset="kniffel", seats=2, bots={"1": "best"})
        assert a.post(f"/api/tables/{t['id']}/start").status_code == 200
        assert a.post(f"/api/tables/{t['id']}/resign", {"seat": 0}).status_code == 200
        until(lambda: t["id"] not in srv.hub.tables, what="the resigned table stayed in memory")
        r = a.post(f"/api/tables/{t['id']}/rematch")
        assert r.status_code == 200, r.text
        new = r.json()
        assert new["status"] == "open" and [s["kind"] for s in new["seats"]] == ["human", "bot"]
        # The old table is let go again at once (nobody is at it); it names its rematch, and asking again gives it.
        assert t["id"] not in srv.hub.tables and new["id"] in srv.hub.tables
        assert a.http.get(f"/api/tables/{t['id']}").json()["rematch"] == new["url"]
        assert a.post(f"/api/tables/{t['id']}/rematch").json()["id"] == new["id"]
        assert a.post(f"/api/tables/{new['id']}/start").status_code == 200
    finally:
        a.close()


@pytest.mark.parametrize(
    ("game", "preset", "bot", "tables_of"),
    [
        ("wuerfelspiel", "kniffel", "best", lambda b: b.planner),
        ("escalero", None, "optimal", lambda b: (b.E, b._tables)),
    ],
    ids=["wuerfelspiel", "escalero"],
)
def test_the_bots_of_every_table_share_their_rule_sets_tables(
    serve: Callable[..., InProcessServer], game: str, preset: str | None, bot: str, tables_of: Callable[[Any], Any]
) -> None:
    srv = serve(bot_delay=3600)  # the bots are made but never move: the tables stay running
    c = Client(srv.url).guest("Anna")
    try:
        ids = []
        for _ in range(2):
            t = c.create(game, **({"preset": preset} if preset else {}), seats=2, bots={"0": bot, "1": bot}, sit=False)
            assert c.post(f"/api/tables/{t['id']}/start").status_code == 200
            ids.append(t["id"])
        # building Escalero's optimal tables takes ~12 s alone and several times that under load: a generous deadline
        ready = [srv.call(srv.hub.tables[tid]._ready_bots(), timeout=300) for tid in ids]
        bots = [b for r in ready for b in r.values()]
        assert len(bots) == 4 and len({id(b) for b in bots}) == 4  # four bots …
        first = tables_of(bots[0])
        for b in bots[1:]:  # … one set of tables, the very same objects
            assert (
                all(x is y for x, y in zip(tables_of(b), first, strict=True))
                if isinstance(first, tuple)
                else tables_of(b) is first
            )
    finally:
        c.close()


def test_the_shared_cache_builds_once_per_key_and_keeps_a_few() -> None:
    kind = "test.memory"
    shared.forget(kind)
    builds: list[int] = []
    start = threading.Barrier(4)

    def build(key: int) -> Callable[[], dict[str, int]]:
        def make() -> dict[str, int]:
            builds.append(key)
            time.sleep(0.05)  # long enough for the other threads to ask meanwhile (not a timing assertion)
            return {"key": key}

        return make

    got: list[dict[str, int]] = []

    def ask() -> None:
        start.wait()
        got.append(shared.shared(kind, 1, build(1), limit=2))

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert builds == [1] and all(g is got[0] for g in got)  # four threads at once: one build, one object
    shared.shared(kind, 2, build(2), limit=2)
    shared.shared(kind, 3, build(3), limit=2)  # the least recently used (1) goes
    assert shared.peek(kind, 1) is None and shared.peek(kind, 2) is not None
    assert shared.stats()[kind] == {"held": 2, "limit": 2, "built": 3}

    def failing() -> dict[str, int]:
        raise RuntimeError("no tables")

    with pytest.raises(RuntimeError):
        shared.shared(kind, 4, failing)
    assert shared.shared(kind, 4, build(4))["key"] == 4  # a failed build caches nothing
    shared.forget(kind)


def test_a_finished_table_read_is_freed_with_the_answer(tmp_path: Path) -> None:
    """No reference cycle keeps a table that was only read: the server freezes the collector's survivors every
    second (``Hub.freeze_garbage_collector``), so a cycle would hold it for ten minutes."""
    import gc
    import random
    import weakref

    from tests.server.loops import run_loop
    from wuerfel.bots.base import RandomBot
    from wuerfel.engine.record import Match
    from wuerfel.engine.registry import get_game
    from wuerfel.server.rows import EventRow, SeatRow
    from wuerfel.server.store import Store

    store = Store.open(f"sqlite:///{tmp_path / 'w.db'}")
    host = store.create_player("Host")
    info = get_game("wuerfelspiel")
    rules = info.resolve("kniffel").data
    row = store.create_table(
        "wuerfelspiel", "kniffel", rules, 1, False, False, host.id, [SeatRow(0, None, "random", "random")]
    )
    m = Match.new("wuerfelspiel", "kniffel", ["bot:random"], rules=info.rules_from_dict(rules))
    rng, bot = random.Random(1), RandomBot(1)
    while not m.state.is_terminal():
        st = m.state
        if st.is_chance():
            outs = [(o, float(p)) for o, p in st.chance_outcomes() if p > 0]
            m.chance(rng.choices([o for o, _ in outs], [p for _, p in outs])[0])
        else:
            m.act(bot.choose(st, 0), 0)
    store.set_status(row.id, "playing")
    store.append([EventRow(row.id, k + 1, ev) for k, ev in enumerate(m.record.events)], [(row.id, "finished")])

    async def body() -> None:
        hub = Hub(store, bot_delay=0)
        t = await hub.peek(row.id)
        assert t is not None and t.over and t.seq == len(m.record.events)
        t.summary()
        for i in range(t.seq):
            t._event_json(i, None, "de", {})
        table, state = weakref.ref(t), weakref.ref(t.match.state)  # type: ignore[union-attr]
        del t
        # The load's task (shared by concurrent readers) lets go of its result when its done-callback has run.
        deadline = time.monotonic() + 10
        while table() is not None and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        assert table() is None and state() is None and row.id not in hub.tables
        await hub.close()

    gc.disable()
    try:
        run_loop(body())
    finally:
        gc.enable()
        store.close()


# --- idle running tables ------------------------------------------------------------------------------------------
def sweep_until_gone(srv: InProcessServer, tid: str) -> None:
    """Sweep (on the server's loop, as its sweeper does) until the table left memory; fails at the deadline."""

    async def sweep() -> bool:
        srv.hub.sweep()
        return tid not in srv.hub.tables

    deadline = time.monotonic() + 20
    while not srv.call(sweep()):
        assert time.monotonic() < deadline, "the idle table stayed in memory"
        time.sleep(0.05)


def idle_quickly(srv: InProcessServer) -> None:
    """Idle tables go after 0.2 s (the test's stand-in for ten minutes); the grace after a lookup is 0.1 s."""
    srv.hub.idle_evict = 0.2
    srv.hub.sweep_grace = 0.1


def test_the_idle_limit_is_ten_minutes_scaled_like_every_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from wuerfel.server.store import Store

    store = Store.open(f"sqlite:///{tmp_path / 'i.db'}")
    try:
        assert Hub(store).idle_evict == 600 and Hub(store, clock_scale=0.5).idle_evict == 300
        monkeypatch.setenv("WUERFEL_IDLE_EVICT", "120")
        assert Hub(store, clock_scale=0.5).idle_evict == 60
    finally:
        store.close()


def test_an_idle_running_table_leaves_memory_and_a_request_reloads_it_the_same(
    serve: Callable[..., InProcessServer],
) -> None:
    srv = serve(0, throw_wait=0)  # a person's throw waits for his tap however long: no timer runs
    a = Client(srv.url, "de").guest("Anna")
    b = Client(srv.url, "de").guest("Bert")
    t = a.create("zehntausend", seats=2)
    tid = t["id"]
    assert b.post(f"/api/tables/{tid}/sit", {"seat": 1}).status_code == 200
    assert a.post(f"/api/tables/{tid}/start").status_code == 200
    w = a.ws(tid)
    st = w.recv_type("state")
    w.send({"throw": True, "expected_seq": st["seq"]})  # her throw made: now her decision waits, nothing else
    before = w.state_at_least(st["seq"] + 1)
    w.close()
    summary = without_presence(a.http.get(f"/api/tables/{tid}").json())
    idle_quickly(srv)
    sweep_until_gone(srv, tid)
    # The next request loads it from its log: the same table, the same view, the same move to make.
    assert without_presence(a.http.get(f"/api/tables/{tid}").json()) == summary
    assert tid in srv.hub.tables
    w = a.ws(tid)
    again = w.recv_type("state")
    assert again["seq"] == before["seq"] and again["view"] == before["view"]
    assert again["legal"] == before["legal"] and again["throw"] == before["throw"]
    # And it plays on as if the table had stayed: her decision, or Bert's throw if hers found nothing to keep.
    if again["legal"]:
        w.send({"action": again["legal"][0]["action"], "expected_seq": again["seq"]})
    else:
        wb = b.ws(tid)
        wb.send({"throw": True, "expected_seq": wb.recv_type("state")["seq"]})
        wb.close()
    assert w.state_at_least(again["seq"] + 1)["seq"] > again["seq"]
    w.close()


def test_a_deadline_fires_for_an_evicted_table(serve: Callable[..., InProcessServer]) -> None:
    # A 30-second move runs out after 1.5 s; nobody's throw waits for a tap by itself (only the table clock runs).
    srv = serve(0, clock_scale=0.05, throw_wait=0)
    a = Client(srv.url, "de").guest("Anna")
    b = Client(srv.url, "de").guest("Bert")
    t = a.create("zehntausend", seats=2, clock="live", limit=30)
    tid = t["id"]
    assert b.post(f"/api/tables/{tid}/sit", {"seat": 1}).status_code == 200
    assert a.post(f"/api/tables/{tid}/start").status_code == 200
    deadline = a.http.get(f"/api/tables/{tid}").json()["deadline_at"]
    assert deadline is not None
    idle_quickly(srv)
    sweep_until_gone(srv, tid)
    assert tid in srv.hub._wakers
    # Nobody asks for the table: at the stored deadline the hub loads it, and the clock decides as it would have.
    until(lambda: tid in srv.hub.tables, 30, "the evicted table was not loaded at its deadline")
    until(lambda: srv.hub.tables[tid].row.seats[0].standin is not None, 30, "the clock did not decide")
    assert time.time() >= deadline - 0.05


def test_a_deadline_wake_up_that_fails_is_tried_again(serve: Callable[..., InProcessServer]) -> None:
    """The database away at the moment an evicted table's deadline falls due: the hub loads it again a little later
    (before, the failure was logged and the clock of a table nobody opened never ran out)."""
    srv = serve(0, clock_scale=0.05, throw_wait=0)
    a = Client(srv.url, "de").guest("Anna")
    b = Client(srv.url, "de").guest("Bert")
    tid = a.create("zehntausend", seats=2, clock="live", limit=30)["id"]
    assert b.post(f"/api/tables/{tid}/sit", {"seat": 1}).status_code == 200
    assert a.post(f"/api/tables/{tid}/start").status_code == 200
    idle_quickly(srv)
    sweep_until_gone(srv, tid)
    assert tid in srv.hub._wakers
    store = srv.hub.store
    real = store.get_table
    failures: list[str] = []

    def away_once(table_id: str) -> Any:
        if table_id == tid and not failures:
            failures.append(table_id)
            raise OSError("database away for a moment")
        return real(table_id)

    store.get_table = away_once  # type: ignore[method-assign]
    try:
        until(lambda: failures, 30, "the wake-up did not try to load the table")
        until(lambda: tid in srv.hub.tables, 30, "the failed wake-up was not tried again")
        until(lambda: srv.hub.tables[tid].row.seats[0].standin is not None, 30, "the clock did not decide")
    finally:
        store.get_table = real  # type: ignore[method-assign]


def test_a_bot_only_game_is_never_evicted_mid_game(serve: Callable[..., InProcessServer]) -> None:
    srv = serve(0.01)
    c = Client(srv.url).guest("Gastgeberin")
    t = c.create("wuerfelspiel", preset="kniffel", seats=2, bots={"0": "random", "1": "random"}, sit=False)
    tid = t["id"]
    assert c.post(f"/api/tables/{tid}/start").status_code == 200
    srv.hub.idle_evict = 0.0
    srv.hub.sweep_grace = 0.0

    async def sweep() -> tuple[bool, str]:
        srv.hub.sweep()
        live = srv.hub.tables.get(tid)
        return live is not None, live.row.status if live is not None else ""

    # Swept over and over while the bots play nobody watching: it stays until the game is over, then it goes.
    deadline = time.monotonic() + 60
    while True:
        kept, status = srv.call(sweep())
        if not kept:
            break
        # a finished table may stay for a sweep or two (its last step still holds the lock): it must go, not stay
        assert status in ("playing", "finished") and time.monotonic() < deadline, "the bots' game did not end in time"
        time.sleep(0.01)
    assert c.http.get(f"/api/tables/{tid}").json()["status"] == "finished"


def test_new_tables_per_address_are_limited(
    serve: Callable[..., InProcessServer], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The waiting-table limit is per player and anybody can be a new guest at any moment: the number of new tables
    from one address is limited too, a refused or failed creation does not count, and the refusal says why."""
    monkeypatch.setenv("WUERFEL_TABLES_PER_ADDRESS", "3")
    srv = serve(0)
    made = 0
    for i in range(2):  # two guests from one address (a script making guest after guest)
        c = Client(srv.url, "de").guest(f"Flut{i}")
        assert c.post("/api/tables", {"game": "nope"}).status_code == 404  # refused: not counted
        for _ in range(2):
            r = c.post("/api/tables", {"game": "jule"})
            if made < 3:
                assert r.status_code == 201, r.text
                made += 1
            else:
                assert r.status_code == 429
                assert r.json()["error"]["message"] == (
                    "Von hier wurden zu viele neue Tische eröffnet. Bitte warte ein paar Minuten."
                )
    assert made == 3
    en = Client(srv.url, "en").guest("Flood")
    assert en.post("/api/tables", {"game": "jule"}).json()["error"]["message"] == (
        "Too many new tables from here. Please wait a few minutes."
    )


def test_spectators_who_saw_the_same_read_one_encoded_message(
    serve: Callable[..., InProcessServer], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A broadcast encodes the message of everyone without a seat once per language (and per events not yet seen):
    a table with a hundred spectators encoded the same JSON a hundred times. The players' own messages stay theirs."""
    from wuerfel.server import views

    srv = serve(0)
    host = Client(srv.url, "de").guest("Gastgeberin")
    tid = host.create("zehntausend", seats=2, bots={"1": "heuristic"})["id"]
    assert host.post(f"/api/tables/{tid}/start").status_code == 200
    watchers = [Client(srv.url, lang).ws(tid) for lang in ("de", "de", "de", "en")]
    for w in watchers:
        w.recv_type("state")
        w.drain()
    texts: list[str] = []
    real = views.encode

    def counting(msg: dict[str, Any]) -> str:
        out = real(msg)
        texts.append(out)
        return out

    monkeypatch.setattr(views, "encode", counting)
    table = srv.hub.tables[tid]
    seq = table.seq
    srv.call(table._broadcast_state())
    got = [w.recv_type("state") for w in watchers]
    assert all(m["seq"] == seq for m in got)
    assert got[0] == got[1] == got[2] and got[3]["view"] == got[0]["view"]
    assert len(texts) == 2, f"{len(texts)} encodings for four spectators in two languages"
    for w in watchers:
        w.close()


def test_a_broadcast_makes_each_kind_of_readers_message_once(
    serve: Callable[..., InProcessServer], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 24 L6: a table's messages were made per connection, so watchers cut its moves per second tenfold.
    Now a broadcast makes the view, the components and the encoded text once per kind of reader — each seat's
    connections (a player's three tabs read one message), and everyone without a seat — however many there are."""
    from wuerfel.server import views

    monkeypatch.setenv("WUERFEL_SPECTATORS_PER_ADDRESS", "100")  # six anonymous watchers, all from 127.0.0.1
    srv = serve(0)
    anna, bert = Client(srv.url, "de").guest("Anna"), Client(srv.url, "de").guest("Bert")
    tid = anna.create("zehntausend", seats=2)["id"]
    assert bert.post(f"/api/tables/{tid}/sit", {"seat": 1}).status_code == 200
    assert anna.post(f"/api/tables/{tid}/start").status_code == 200
    readers = [anna.ws(tid) for _ in range(3)] + [bert.ws(tid)] + [Client(srv.url, "de").ws(tid) for _ in range(6)]
    for w in readers:
        w.recv_type("state")
        w.drain()
    table = srv.hub.tables[tid]
    assert table.match is not None
    calls: Counter[str] = Counter()
    encode, view, components = views.encode, type(table.match.state).view, views.components_of

    def counting_encode(msg: dict[str, Any]) -> str:
        calls["encode"] += 1
        return encode(msg)

    def counting_view(state: Any, seat: int | None = None) -> Any:
        calls["view"] += 1
        return view(state, seat)

    def counting_components(self: Any, state: Any, seat: int | None, lang: str) -> Any:
        calls["components"] += 1
        return components(self, state, seat, lang)

    monkeypatch.setattr(views, "encode", counting_encode)
    monkeypatch.setattr(type(table.match.state), "view", counting_view)
    monkeypatch.setattr(views, "components_of", counting_components)
    srv.call(table._broadcast_state())
    got = [w.recv_type("state") for w in readers]
    assert got[0] == got[1] == got[2] and got[4] == got[9] and got[0]["seat"] == 0 and got[3]["seat"] == 1
    assert calls == {"encode": 3, "view": 3, "components": 3}, f"{calls} for 10 connections of 3 kinds"
    for w in readers:
        w.close()
