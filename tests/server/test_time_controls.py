"""Time controls at a table (protocol 6), on a real server process with the test-speed clock.

The clock runs out a move of a person: "Computer übernimmt" puts a stand-in bot in the seat until the player is
back, "forfeit" ends the game with that seat lost. Deadlines are stored with the moves: a server killed and started
again on the same SQLite file re-arms the same deadline. Every wait is a read with a deadline, never a sleep.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.conftest import Client, ServerProcess, Ws, worker_pair
from wuerfel.engine.record import Event
from wuerfel.server.rows import EventRow, SeatRow
from wuerfel.server.store import Store

SCALE = 0.05
"""A 30-second move runs out after 1.5 s: long enough to watch, short enough for a test."""


@pytest.fixture(scope="module")
def fast(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for this module with the test-speed clock (``--clock-scale``); its tables are independent."""
    tmp_path = tmp_path_factory.mktemp("fast")
    srv = ServerProcess(
        f"sqlite:///{tmp_path / 'w.db'}", log_dir=tmp_path, plugins=("toy",), extra_args=["--clock-scale", str(SCALE)]
    ).start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def fast_workers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Two workers with the test-speed clock (issue 25 §3): a clock runs out on the owner, and what it did must
    reach a player whose socket is on the other worker."""
    with worker_pair(
        tmp_path_factory.mktemp("fast-cluster"), plugins=("toy",), extra_args=["--clock-scale", str(SCALE)]
    ) as pair:
        yield pair


@pytest.fixture(params=["single", "two-workers"])
def fast_pair(request: pytest.FixtureRequest) -> tuple[ServerProcess, ServerProcess]:
    """Anna's server and Bert's: the one fast server twice, or the two fast workers (Anna's owns the table)."""
    if request.param == "single":
        srv: ServerProcess = request.getfixturevalue("fast")
        return srv, srv
    pair: tuple[ServerProcess, ServerProcess] = request.getfixturevalue("fast_workers")
    return pair


def two_players(
    srv: ServerProcess | tuple[ServerProcess, ServerProcess], **clock: object
) -> tuple[Client, Client, str]:
    """Anna hosts a Pig table with ``clock`` and Bert joins; started, Anna (seat 0) to move. Given two servers,
    Anna plays on the first and Bert on the second."""
    first, second = srv if isinstance(srv, tuple) else (srv, srv)
    a = Client(first.url).guest("Anna")
    b = Client(second.url).guest("Bert")
    t = a.create("pig", seats=2, overrides={"target": 1000}, **clock)
    assert b.post(f"/api/tables/{t['id']}/sit", {"seat": 1}).status_code == 200
    assert a.post(f"/api/tables/{t['id']}/start").status_code == 200
    return a, b, t["id"]


def state_where(ws: Ws, cond, timeout: float = 15) -> dict:  # type: ignore[no-untyped-def]
    """Read state messages until one satisfies ``cond`` (fails at the deadline)."""
    deadline = time.monotonic() + timeout
    while True:
        msg = ws.recv_type("state", max(0.01, deadline - time.monotonic()))
        if cond(msg):
            return msg


def test_a_table_is_created_with_a_time_control_and_bad_ones_are_refused_in_words(fast: ServerProcess) -> None:
    a = Client(fast.url, "de").guest("Anna")
    t = a.create("pig", seats=2, clock="live", limit=60, on_expiry="forfeit")
    assert t["clock"] == {"kind": "live", "seconds": 60, "on_expiry": "forfeit"}
    t = a.create("pig", seats=2, clock="corr", limit=3)
    assert t["clock"] == {"kind": "corr", "seconds": 3 * 86400, "on_expiry": "bot"}
    assert a.create("pig", seats=2)["clock"] == {"kind": "none", "seconds": None, "on_expiry": "bot"}
    for bad, word in [
        ({"clock": "blitz"}, "'clock'"),
        ({"clock": "live", "limit": 45}, "'limit'"),
        ({"clock": "corr", "limit": 30}, "'limit'"),
        ({"clock": "live", "limit": True}, "'limit'"),
        ({"clock": "live", "limit": 30, "on_expiry": "pass"}, "'on_expiry'"),
    ]:
        r = a.post("/api/tables", {"game": "pig", "seats": 2, **bad})
        assert r.status_code == 422, bad
        assert word in r.json()["error"]["message"]
        assert "muss" in r.json()["error"]["message"]  # German first
    assert len(a.http.get("/api/my-tables").json()["tables"]) == 3  # nothing was created by a refusal (a new guest)


def test_the_bot_takes_the_seat_of_a_player_whose_time_ran_out_and_gives_it_back(
    fast_pair: tuple[ServerProcess, ServerProcess],
) -> None:
    a, b, tid = two_players(fast_pair, clock="live", limit=30)
    wb = b.ws(tid)
    first = wb.recv_type("state")
    assert first["clock"]["seats"] == [0] and first["clock"]["seconds"] == 30
    assert first["clock"]["limit"] == pytest.approx(30 * SCALE)
    # Anna never opens the table: her time runs out, a stand-in plays her seat, Bert reads it in words.
    taken = state_where(wb, lambda m: m.get("note"))
    assert taken["note"] == (
        "Die Bedenkzeit von Anna (Gast) ist abgelaufen: Der Computer hält den Platz bis zur Rückkehr."
    )  # the name once (web L4)
    assert taken["table"]["seats"][0]["standin"]
    # The stand-in's decisions are the seat's own recorded moves.
    state_where(wb, lambda m: any(e["type"] == "action" and e["player"] == 0 for e in m["events"]))
    # Anna comes back: the seat is hers again, both read it.
    wa = a.ws(tid)
    back = wa.recv_type("state")
    assert back["note"] == "Du bist zurück und spielst deinen Platz wieder selbst."
    assert back["table"]["seats"][0]["standin"] is None
    told = state_where(wb, lambda m: m.get("note") == "Anna (Gast) ist zurück und spielt wieder selbst.")
    assert told["table"]["seats"][0]["standin"] is None


def test_the_player_whose_time_ran_out_reads_it_in_the_second_person(fast: ServerProcess) -> None:
    """Issue 24 §3: a note about a seat is said to that seat's player as "du", in both languages."""
    a, _b, tid = two_players(fast, clock="live", limit=30)
    wa, wb = a.ws(tid), Client(fast.url, "en").guest("Cleo").ws(tid)
    wa.recv_type("state")
    wb.recv_type("state")
    mine = state_where(wa, lambda m: m.get("note"))
    assert mine["note"] == "Deine Bedenkzeit ist abgelaufen: Der Computer hält deinen Platz, bis du zurück bist."
    theirs = state_where(wb, lambda m: m.get("note"))
    assert theirs["note"] == "Anna (guest)'s time ran out: the computer plays in their place until they are back."
    a2, _, tid2 = two_players(fast, clock="live", limit=30, on_expiry="forfeit")
    a2.lang = "en"  # her page is in English
    w2 = a2.ws(tid2)
    w2.recv_type("state")
    end = state_where(w2, lambda m: m["finished"])
    assert end["note"] == "Your time ran out: you lose the game."
    for w in (wa, wb, w2):
        w.close()


def test_messages_mark_a_guest_in_both_languages_and_a_registered_player_not(fast: ServerProcess) -> None:
    """Notes name a seat as the chat does: a guest "(Gast)"/"(guest)", a registered player plainly."""
    anna = Client(fast.url, "de").guest("Anna")
    rita = Client(fast.url, "de")
    assert rita.post("/api/register", {"name": "Rita", "password": "geheim-123"}).status_code == 200
    cleo = Client(fast.url, "en").guest("Cleo")
    t = anna.create("pig", seats=2, overrides={"target": 1000}, clock="live", limit=30)
    tid = t["id"]
    wc = cleo.ws(tid)  # an English spectator reads every note too
    wc.recv_type("table")
    assert rita.post(f"/api/tables/{tid}/sit", {"seat": 1}).status_code == 200
    assert wc.recv_type("table")["note"] == "Rita sits down in seat 2."
    wr = rita.ws(tid)
    wr.recv_type("table")
    assert anna.post(f"/api/tables/{tid}/start").status_code == 200
    # Anna (a guest) never opens the table: her time runs out.
    taken = state_where(wr, lambda m: m.get("note"))
    assert taken["note"] == (
        "Die Bedenkzeit von Anna (Gast) ist abgelaufen: Der Computer hält den Platz bis zur Rückkehr."
    )  # the name once (web L4)
    told = state_where(wc, lambda m: m.get("note"))
    # the name once (web L4: "… plays for Anna (guest) until Anna (guest) returns")
    assert told["note"] == "Anna (guest)'s time ran out: the computer plays in their place until they are back."
    # Anna comes back; both read it, each in his language.
    wa = anna.ws(tid)
    wa.recv_type("state")
    assert state_where(wr, lambda m: m.get("note", "").endswith("zurück und spielt wieder selbst."))["note"] == (
        "Anna (Gast) ist zurück und spielt wieder selbst."
    )
    assert state_where(wc, lambda m: m.get("note", "").endswith("plays again."))["note"] == (
        "Anna (guest) is back and plays again."
    )
    wa.close()
    wr.close()
    wc.close()


def test_a_guest_who_logs_out_before_the_start_leaves_his_seat_named_as_a_guest(fast: ServerProcess) -> None:
    a = Client(fast.url, "en").guest("Anna")
    b = Client(fast.url, "de").guest("Bert")
    t = a.create("pig", seats=2)
    w = a.ws(t["id"])
    w.recv_type("table")
    assert b.post(f"/api/tables/{t['id']}/sit", {"seat": 1}).status_code == 200
    assert w.recv_type("table")["note"] == "Bert (guest) sits down in seat 2."
    assert b.post("/api/logout").status_code == 200
    left = w.recv_type("table")
    assert left["note"] == "Bert (guest) logged out and left seat 2."
    assert left["table"]["seats"][1]["kind"] == "empty"
    w.close()


def test_a_player_still_connected_takes_her_seat_back_with_the_back_message(fast: ServerProcess) -> None:
    a, _b, tid = two_players(fast, clock="live", limit=60)
    wa = a.ws(tid)
    wa.recv_type("state")
    # Her page stays open but she does nothing: the stand-in takes the seat all the same; Meine Partien does not
    # call it her move while the computer plays it.
    state_where(wa, lambda m: m["table"]["seats"][0]["standin"] if "table" in m else False)
    assert not a.http.get("/api/my-tables").json()["tables"][0]["your_turn"]
    wa.send({"type": "back"})
    # she reads it in the second person (issue 24 §3), as when she opens the table again
    back = state_where(wa, lambda m: m.get("note") == "Du bist zurück und spielst deinen Platz wieder selbst.")
    assert back["table"]["seats"][0]["standin"] is None
    wa.send({"type": "back"})  # nobody plays for her any more: refused in words, nothing changes
    err = wa.recv_type("error")
    assert err["error"] == {"code": "not_away", "message": "An diesem Tisch spielt kein Computer für dich."}


def test_forfeit_on_expiry_ends_the_game_with_the_seat_lost(fast_pair: tuple[ServerProcess, ServerProcess]) -> None:
    a, b, tid = two_players(fast_pair, clock="live", limit=30, on_expiry="forfeit")
    wb = b.ws(tid)
    end = state_where(wb, lambda m: m["finished"])
    assert end["note"] == "Anna (Gast) verliert die Partie: Die Bedenkzeit ist abgelaufen."
    assert end["result"]["resigned"] == 0 and end["result"]["ended_by"] == "timeout"
    assert end["result"]["winners"] == [1] and end["result"]["losers"] == [0]
    summary = a.http.get(f"/api/tables/{tid}").json()
    assert summary["status"] == "finished" and summary["ended_by"] == "timeout"
    record = a.http.get(f"/api/tables/{tid}/record").json()
    assert record["meta"]["resigned"] == 0 and record["meta"]["ended_by"] == "timeout"


def test_a_throw_under_a_table_clock_has_the_clock_as_its_one_deadline(fast: ServerProcess) -> None:
    """The throw window of the server (60 s) and a live clock (30 s, the player loses) ran side by side: the page
    promised "60 s" and the clock took the game after 30 (issue 24, web B1). Where the table's clock runs for a
    throw it is the only deadline: the throw has no window of its own, the clock says what happens."""
    a, _, tid = two_players(fast, clock="live", limit=120, on_expiry="forfeit")
    wa = a.ws(tid)
    first = wa.recv_type("state")
    assert first["throw"]["seat"] == 0 and not first["throw"]["bot"]
    assert first["throw"]["seconds"] is None and first["throw"]["left"] is None
    assert first["clock"]["seats"] == [0] and first["clock"]["on_expiry"] == "forfeit"
    # Without a table clock the throw keeps the server's window.
    a2, _, tid2 = two_players(fast)
    w2 = a2.ws(tid2)
    plain = w2.recv_type("state")
    assert plain["clock"] is None and plain["throw"]["seconds"] == 60 and plain["throw"]["left"] > 0
    wa.close()
    w2.close()


def test_a_guest_who_logs_out_is_handled_like_an_expired_clock(fast: ServerProcess) -> None:
    a, b, tid = two_players(fast, clock="corr", limit=7)
    wa = a.ws(tid)
    wa.recv_type("state")
    assert b.post("/api/logout").status_code == 200
    taken = state_where(wa, lambda m: m.get("note"))
    assert taken["note"] == "Bert (Gast) hat sich abgemeldet: Der Computer spielt den Platz von jetzt an."
    assert taken["table"]["seats"][1]["standin"]
    # And at a forfeit table the guest who logs out loses.
    a2, b2, tid2 = two_players(fast, on_expiry="forfeit")
    w2 = a2.ws(tid2)
    w2.recv_type("state")
    assert b2.post("/api/logout").status_code == 200
    end = state_where(w2, lambda m: m["finished"])
    assert end["note"] == "Bert (Gast) hat sich abgemeldet und verliert die Partie."
    assert end["result"]["ended_by"] == "abandoned" and end["result"]["winners"] == [0]


def test_a_correspondence_deadline_survives_a_restart_intact(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'w.db'}"
    srv = ServerProcess(db, log_dir=tmp_path, plugins=("toy",)).start()
    try:
        a, b, tid = two_players(srv, clock="corr", limit=3)
        before = a.http.get(f"/api/tables/{tid}").json()["deadline_at"]
        assert before == pytest.approx(time.time() + 3 * 86400, abs=120)
        mine = a.http.get("/api/my-tables").json()["tables"]
        assert mine[0]["your_turn"] and mine[0]["time_left"] == pytest.approx(3 * 86400, abs=120)
        assert not b.http.get("/api/my-tables").json()["tables"][0]["your_turn"]
        srv.kill()  # SIGKILL: no shutdown code runs; the deadline is what the database holds
        srv = ServerProcess(db, port=srv.port, log_dir=tmp_path, plugins=("toy",)).start()
        a2 = Client(srv.url)
        a2.http.cookies = a.http.cookies
        assert a2.http.get(f"/api/tables/{tid}").json()["deadline_at"] == before
        w = a2.ws(tid)
        st = w.recv_type("state")
        assert st["clock"]["at"] == before and st["clock"]["seats"] == [0]
        # The game goes on after the restart: Anna's throw brings her decision, with a fresh deadline of 3 days.
        assert st["throw"]["seat"] == 0
        w.send({"throw": True, "expected_seq": st["seq"]})
        nxt = state_where(w, lambda m: m["seq"] > st["seq"] and m["clock"] is not None)
        assert nxt["clock"]["at"] >= before
    finally:
        srv.stop()


def test_a_stand_in_keeps_the_seat_across_a_restart_until_its_player_is_back(tmp_path: Path) -> None:
    """ "Computer übernimmt" is table state, not a task: after SIGKILL and a restart on the same SQLite file the
    stand-in goes on playing the seat, and the player takes it back by opening the table or by the ``back``
    message, as before the restart."""
    db = f"sqlite:///{tmp_path / 'w.db'}"

    def serve(port: int | None = None) -> ServerProcess:
        # A small bot pause: the two bots (the stand-in and seat 1's) must not finish the game before we look.
        return ServerProcess(
            db, port=port, log_dir=tmp_path, plugins=("toy",), bot_delay=0.05, extra_args=["--clock-scale", str(SCALE)]
        ).start()

    srv = serve()
    try:
        a = Client(srv.url, "de").guest("Anna")
        c = Client(srv.url, "de").guest("Cleo")
        t = a.create("pig", seats=2, overrides={"target": 1000}, bots={"1": "random"}, clock="live", limit=30)
        tid = t["id"]
        assert a.post(f"/api/tables/{tid}/start").status_code == 200
        wc = c.ws(tid)  # a spectator: Anna herself never opens the table
        state_where(wc, lambda m: m["table"]["seats"][0]["standin"] if "table" in m else False)
        state_where(wc, lambda m: any(e["type"] == "action" and e["player"] == 0 for e in m["events"]))
        wc.close()
        srv.kill()  # SIGKILL: the stand-in is what the database holds
        srv = serve(srv.port)
        c2 = Client(srv.url, "de")
        c2.http.cookies = c.http.cookies
        summary = c2.http.get(f"/api/tables/{tid}").json()
        assert summary["status"] == "playing" and summary["seats"][0]["standin"]
        wc = c2.ws(tid)
        first = wc.recv_type("state")
        assert first["table"]["seats"][0]["standin"]
        # The stand-in plays on: a new move of seat 0 after the restart, while Anna is still away.
        state_where(
            wc,
            lambda m: any(e["type"] == "action" and e["player"] == 0 and e["seq"] > first["seq"] for e in m["events"]),
        )
        # Anna opens the table: the seat is hers again, the spectator reads it.
        a2 = Client(srv.url, "de")
        a2.http.cookies = a.http.cookies
        wa = a2.ws(tid)
        back = state_where(wa, lambda m: True)
        assert back["note"] == "Du bist zurück und spielst deinen Platz wieder selbst."
        assert back["table"]["seats"][0]["standin"] is None
        state_where(wc, lambda m: m.get("note") == "Anna (Gast) ist zurück und spielt wieder selbst.")
        # Her page stays open but she does nothing: the clock runs out again after the restart, the stand-in comes
        # back, and "Wieder selbst spielen" (the ``back`` message) gives her the seat once more.
        state_where(wa, lambda m: m["table"]["seats"][0]["standin"] if "table" in m else False)
        wa.send({"type": "back"})
        again = state_where(wa, lambda m: m.get("note") == "Du bist zurück und spielst deinen Platz wieder selbst.")
        assert again["table"]["seats"][0]["standin"] is None
        wa.close()
        wc.close()
    finally:
        srv.stop()


def test_the_store_keeps_a_deadline_with_the_move_it_belongs_to(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 's.db'}")
    try:
        p = store.create_player("Anna")
        t = store.create_table(
            "pig",
            "standard",
            {},
            2,
            False,
            False,
            p.id,
            [SeatRow(0, p.id, None, "Anna")],
            clock="corr",
            move_seconds=86400,
            on_expiry="forfeit",
        )
        at = dt.datetime(2030, 1, 2, 3, 4, 5, tzinfo=dt.UTC)
        store.append(
            [EventRow(t.id, 1, Event("action", {"kind": "roll"}, 0))], [(t.id, "playing")], deadlines=[(t.id, at, 1)]
        )
        row = store.get_table(t.id)
        assert row is not None
        assert (row.clock, row.move_seconds, row.on_expiry) == ("corr", 86400, "forfeit")
        assert (row.deadline_at, row.deadline_seq) == (at, 1)
        # A duplicate event fails the batch: the deadline of the refused move is not stored either.
        with pytest.raises(Exception):  # noqa: B017 - the database's own integrity error
            store.append(
                [EventRow(t.id, 1, Event("action", {"kind": "roll"}, 0))],
                [],
                deadlines=[(t.id, at + dt.timedelta(days=1), 2)],
            )
        row = store.get_table(t.id)
        assert row is not None and (row.deadline_at, row.deadline_seq) == (at, 1)
        store.set_standin(t.id, 0, "heuristic")
        store.resign(t.id, 0, "timeout")
        row = store.get_table(t.id)
        assert row is not None
        assert row.seats[0].standin == "heuristic" and row.ended_by == "timeout" and row.deadline_at is None
    finally:
        store.close()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_clocks_notices_name_the_player_once(lang: str) -> None:
    """Web report L4: "Anna (guest)'s time ran out: the computer plays for Anna (guest) until Anna (guest) returns" —
    each notice of the clock and of a logout names the player once, in both languages."""
    from wuerfel.i18n import translate
    from wuerfel.server import messages

    notices = [
        messages.FORFEIT_TIMEOUT,
        messages.FORFEIT_ABANDONED,
        messages.STANDIN_TIMEOUT,
        messages.STANDIN_ABANDONED,
        messages.BACK_NOTE,
        "{name}'s time ran out: {name} lost the game.",
    ]
    for msgid in notices:
        text = translate(msgid, lang, name="Anna (Gast)")
        assert text.count("Anna") == 1, text
