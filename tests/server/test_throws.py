"""Who throws at a live table: a person's throw waits for his "Würfeln", a bot's comes after its pause, nobody's falls
at once; a throw right after the thrower's own move follows it at once; refusals change nothing; the server throws
for a person who never taps; a restart keeps a person's pending throw pending. The record is as before: one chance
event per throw, without a player.

Pig (the toy game) is the players' game: every turn starts with the mover's throw, "roll" throws again at once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import Client, ServerProcess, Ws

Make = Callable[..., Client]


def pig_for_two(clients: Make, lang: str | None = None, **body: Any) -> tuple[Client, Client, dict[str, Any]]:
    a = clients(lang).guest("Anna")
    b = clients(lang).guest("Bert")
    t = a.create("pig", seats=2, overrides={"target": 1000}, **body)
    assert b.post(f"/api/tables/{t['id']}/sit", {"seat": 1}).status_code == 200
    assert a.post(f"/api/tables/{t['id']}/start").status_code == 200
    return a, b, t


def tap(ws: Ws, seat: int | None = None) -> dict[str, Any]:
    st = ws.last
    assert st is not None
    msg: dict[str, Any] = {"throw": True, "expected_seq": st["seq"]}
    if seat is not None:
        msg["seat"] = seat
    ws.send(msg)
    return ws.state_at_least(st["seq"] + 1)


def refused(ws: Ws, msg: dict[str, Any]) -> dict[str, Any]:
    ws.send(msg)
    err = ws.recv_type("error")
    if err["error"]["code"] == "stale_seq":
        ws.recv_type("state")
    return dict(err["error"])


def test_a_turn_starting_throw_waits_for_its_thrower_and_nobody_else_may_ask(clients: Make) -> None:
    a, b, t = pig_for_two(clients, "de")
    wa, wb = a.ws(t["id"]), b.ws(t["id"])
    sa, sb = wa.recv_type("state"), wb.recv_type("state")
    # nothing was thrown: the table waits for Anna's tap; both are told whose throw it is
    assert sa["seq"] == 0 and sa["to_move"] == [] and sa["legal"] == [] and not sa["finished"]
    assert sa["throw"] == {
        "seat": 0,
        "bot": False,
        "seconds": 60.0,
        "at": sa["throw"]["at"],
        "left": sa["throw"]["left"],
    }
    assert 30 < sa["throw"]["left"] <= 60  # a fresh window of the default 60 s
    assert sb["throw"]["seat"] == 0 and sb["seat"] == 1
    wa.drain(0.5)
    assert wa.last is not None and wa.last["seq"] == 0  # and it keeps waiting
    # Bert may not throw for Anna: refused in his language, naming whose throw it is, and nothing changes
    err = refused(wb, {"throw": True, "expected_seq": 0})
    assert err == {"code": "not_your_throw", "message": "Anna (Gast) würfelt, nicht du."}
    # a spectator neither
    c = clients().guest("Zara")
    wc = c.ws(t["id"])
    assert wc.recv_type("state")["throw"]["seat"] == 0
    assert refused(wc, {"throw": True, "expected_seq": 0})["code"] == "not_your_seat"
    # malformed requests
    assert refused(wa, {"throw": 1, "expected_seq": 0})["code"] == "bad_message"
    assert refused(wa, {"throw": True, "action": {"kind": "roll"}, "expected_seq": 0})["code"] == "bad_message"
    assert refused(wa, {"throw": True, "expected_seq": 5})["code"] == "stale_seq"
    assert refused(wa, {"throw": True, "expected_seq": 0, "seat": 1})["code"] == "not_your_seat"
    r = a.http.get(f"/api/tables/{t['id']}")
    assert r.json()["seq"] == 0
    # Anna taps: one chance event without a player, in the message that answers her
    st = tap(wa)
    assert st["seq"] == 1 and [e["type"] for e in st["events"]] == ["chance"]
    assert st["events"][0]["player"] is None
    # then Anna decides, or her 1 ended the turn and Bert's throw waits for Bert
    assert (st["to_move"] == [0] and st["throw"] is None) or (st["to_move"] == [] and st["throw"]["seat"] == 1)
    wa.close()
    wb.close()
    wc.close()


def test_english_refusals_say_whose_throw_it_is(clients: Make) -> None:
    a, b, t = pig_for_two(clients, "en")
    wb = b.ws(t["id"])
    wb.recv_type("state")
    assert refused(wb, {"throw": True, "expected_seq": 0}) == {
        "code": "not_your_throw",
        "message": "It is Anna (guest)'s throw, not yours.",
    }
    wa = a.ws(t["id"])
    wa.recv_type("state")
    st = tap(wa)
    ws = (wa, wb)
    for _ in range(100):  # until Anna decides (a 1 passes the turn: then Bert throws and holds)
        if st["to_move"] == [0]:
            break
        if st["throw"] is not None:
            me = ws[st["throw"]["seat"]]
            me.state_at_least(st["seq"])
            st = tap(me)
        else:
            wb.state_at_least(st["seq"])
            wb.send({"action": {"kind": "hold"}, "expected_seq": st["seq"]})
            st = wb.state_at_least(st["seq"] + 1)
    # at a decision there is nothing to throw
    assert st["to_move"] == [0]
    wa.state_at_least(st["seq"])
    assert refused(wa, {"throw": True, "expected_seq": st["seq"]}) == {
        "code": "not_your_throw",
        "message": "No dice are to be thrown now.",
    }
    wa.close()
    wb.close()


def test_own_move_throws_at_once_and_the_next_turn_waits_for_the_next_thrower(clients: Make) -> None:
    """ "roll" (throw again) is the thrower's own request: its dice come in the answer to the move. "hold" hands the
    turn over: Bert's first throw waits for Bert."""
    a, b, t = pig_for_two(clients)
    wa, wb = a.ws(t["id"]), b.ws(t["id"])
    wa.recv_type("state")
    wb.recv_type("state")
    rolled = held = 0
    st = tap(wa)
    for _ in range(400):
        if rolled >= 3 and held >= 3:
            break
        if st["throw"] is not None:
            # a throw that waits is never one that follows its thrower's own move
            last = st["events"][-1] if st["events"] else None
            assert last is None or last["type"] == "chance" or last["player"] != st["throw"]["seat"]
            ws = wa if st["throw"]["seat"] == 0 else wb
            ws.state_at_least(st["seq"])
            st = tap(ws)
            assert st["events"][0]["type"] == "chance"
            continue
        seat = st["to_move"][0]
        ws = wa if seat == 0 else wb
        ws.state_at_least(st["seq"])
        kind = "roll" if rolled <= held else "hold"
        ws.send({"action": {"kind": kind}, "expected_seq": st["seq"]})
        st = ws.state_at_least(st["seq"] + 1)
        types = [e["type"] for e in st["events"]]
        if kind == "roll":
            rolled += 1
            assert types[:2] == ["action", "chance"]  # the throw came with the move
        else:
            held += 1
            assert types == ["action"] and st["throw"] == {**st["throw"], "seat": 1 - seat, "bot": False}
            assert st["to_move"] == []
    assert rolled >= 3 and held >= 3
    wa.close()
    wb.close()


def test_bots_throw_by_themselves(clients: Make) -> None:
    """A table of bots only plays to the end without anybody tapping; with a person, the bot's turns need no tap
    either, while the person's own turns do."""
    host = clients().guest("Host")
    t = host.create("pig", seats=2, sit=False, bots={"0": "random", "1": "random"}, overrides={"target": 30})
    assert host.post(f"/api/tables/{t['id']}/start").status_code == 200
    w = host.ws(t["id"])
    end = time.monotonic() + 30
    st = w.recv_type("state")
    while not st["finished"]:
        assert st["throw"] is None or st["throw"]["bot"]
        st = w.recv_type("state", max(0.01, end - time.monotonic()))
    w.close()
    a = clients().guest("Anna")
    t = a.create("pig", seats=2, bots={"1": "random"}, overrides={"target": 1000})
    assert a.post(f"/api/tables/{t['id']}/start").status_code == 200
    wa = a.ws(t["id"])
    st = wa.recv_type("state")
    bot_throws = 0
    for _ in range(300):
        if bot_throws >= 3:
            break
        th = st["throw"]
        if th is not None and th["seat"] == 0:
            st = tap(wa)
        elif st["to_move"] == [0]:
            wa.send({"action": {"kind": "hold"}, "expected_seq": st["seq"]})
            st = wa.state_at_least(st["seq"] + 1)
        else:
            # the bot's turn: its throws (after its pause, here 0) and moves come without anybody's tap
            assert th is None or th == {"seat": 1, "bot": True, "seconds": None, "at": None, "left": None}
            st = wa.recv_type("state", timeout=10)
            bot_throws += sum(1 for e in st["events"] if e["type"] == "chance")
    assert bot_throws >= 3
    wa.close()


def test_scorekeeper_tables_refuse_a_throw_request(clients: Make) -> None:
    a = clients("en").guest("Anna")
    t = a.create("pig", seats=2, scorekeeper=True)
    assert a.post(f"/api/tables/{t['id']}/sit", {"seat": 1}).status_code == 200
    assert a.post(f"/api/tables/{t['id']}/start").status_code == 200
    w = a.ws(t["id"])
    st = w.recv_type("state")
    assert st["throw"] is None and st["manual"]["thrower"] == 0
    err = refused(w, {"throw": True, "expected_seq": 0})
    assert err["code"] == "manual_dice" and "by hand" in err["message"]
    w.close()


def test_hot_seat_throws_for_the_seat_whose_throw_it_is(clients: Make) -> None:
    a = clients().guest("Anna")
    t = a.create("pig", seats=2, overrides={"target": 1000})
    assert a.post(f"/api/tables/{t['id']}/sit", {"seat": 1}).status_code == 200
    assert a.post(f"/api/tables/{t['id']}/start").status_code == 200
    w = a.ws(t["id"])
    st = w.recv_type("state")
    assert st["my_seats"] == [0, 1] and st["seat"] == 0 and st["throw"]["seat"] == 0
    assert refused(w, {"throw": True, "expected_seq": 0, "seat": 1})["code"] == "not_your_throw"
    st = tap(w, seat=0)
    assert st["seq"] == 1
    w.close()


def test_the_server_throws_for_a_person_who_never_taps(tmp_path: Path) -> None:
    srv = ServerProcess(f"sqlite:///{tmp_path / 'w.db'}", log_dir=tmp_path, extra_args=["--throw-wait", "1"]).start()
    try:
        a = Client(srv.url).guest("Anna")
        t = a.create("pig", seats=2, bots={"1": "random"}, overrides={"target": 1000})
        assert a.post(f"/api/tables/{t['id']}/start").status_code == 200
        w = a.ws(t["id"])
        st = w.recv_type("state")
        window = st["throw"]
        assert window["seat"] == 0 and window["seconds"] == 1.0 and 0 <= window["left"] <= 1.0
        st = w.recv_type("state", timeout=10)
        # not before the window closed (server and test share the machine's clock)
        assert time.time() >= window["at"] - 0.05
        assert st["seq"] == 1 and st["events"][0]["type"] == "chance" and st["events"][0]["player"] is None
        w.close()
        a.close()
    finally:
        srv.stop()


@pytest.mark.parametrize("owed", ["person", "bot"])
def test_a_restart_keeps_a_persons_throw_pending_and_throws_a_bots(owed: str, tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'w.db'}"
    # a bot pause longer than the test: before the restart the bot's pending throw never falls
    srv = ServerProcess(db, log_dir=tmp_path, bot_delay=3600).start()
    try:
        a = Client(srv.url).guest("Anna")
        t = a.create("pig", seats=2, bots={"1": "random"}, overrides={"target": 1000})
        assert a.post(f"/api/tables/{t['id']}/start").status_code == 200
        w = a.ws(t["id"])
        st = w.recv_type("state")
        if owed == "bot":
            st = tap(w)
            while st["throw"] is None:  # Anna holds (or her 1 passed the turn): the bot's throw is due
                w.send({"action": {"kind": "hold"}, "expected_seq": st["seq"]})
                st = w.state_at_least(st["seq"] + 1)
            assert st["throw"] == {"seat": 1, "bot": True, "seconds": None, "at": None, "left": None}
        else:
            assert st["throw"]["seat"] == 0
        seq = st["seq"]
        w.close()
        srv.kill()
        srv = ServerProcess(db, port=srv.port, log_dir=tmp_path).start()
        a2 = Client(srv.url)
        a2.http.cookies = a.http.cookies
        w = a2.ws(t["id"])
        r = w.recv_type("state")
        if owed == "person":
            assert r["seq"] == seq and r["throw"]["seat"] == 0 and r["throw"]["left"] > 30
            w.drain(0.5)
            assert w.last is not None and w.last["seq"] == seq  # still hers to throw
            assert tap(w)["seq"] == seq + 1
        else:
            # the bot's throw falls after the restart by itself, and the bot plays on until Anna's throw waits
            st = r
            end = time.monotonic() + 20
            while st["seq"] == seq or st["throw"] is None or st["throw"]["seat"] != 0:
                st = w.recv_type("state", max(0.01, end - time.monotonic()))
            assert a2.http.get(f"/api/tables/{t['id']}").json()["seq"] > seq
        w.close()
        a.close()
        a2.close()
    finally:
        srv.kill()
