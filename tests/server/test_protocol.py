"""The websocket table protocol against a real server process: play, every bad input, reconnects, bots, scorekeeper."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.server.conftest import Client, Ws, both_setups
from wuerfel.server.live import PROTOCOL_VERSION

Make = Callable[..., Client]


def two_player_table(
    clients: Make, game: str = "stapel", lang: str | None = None, **body: Any
) -> tuple[Client, Client, dict[str, Any]]:
    a = clients(lang).guest("Anna")
    b = clients(lang).guest("Bert")
    t = a.create(game, seats=2, **body)
    assert b.post(f"/api/tables/{t['id']}/sit", {"seat": 1}).status_code == 200
    r = a.post(f"/api/tables/{t['id']}/start")
    assert r.status_code == 200, r.text
    return a, b, r.json()


def mover(state: dict[str, Any]) -> int:
    return int(state["to_move"][0])


@both_setups
def test_two_players_play_and_both_see_every_move(clients: Make) -> None:
    a, b, t = two_player_table(clients)
    wa, wb = a.ws(t["id"]), b.ws(t["id"])
    sa, sb = wa.recv_type("state"), wb.recv_type("state")
    assert sa["seq"] == sb["seq"] == 1  # the server threw the first pile
    assert sa["my_seats"] == [0] and sb["my_seats"] == [1]
    assert sa["view"]["game"] == "stapel" and sa["to_move"] == [0]
    assert sa["legal"] and all(x["seat"] == 0 and x["label"] for x in sa["legal"])
    assert sb["legal"] == []
    moves = 0
    st = sa
    while not st["finished"] and moves < 200:
        ws = wa if mover(st) == 0 else wb
        cur = ws.state_at_least(st["seq"])
        ws.send({"action": cur["legal"][-1]["action"], "expected_seq": cur["seq"]})
        st = ws.state_at_least(cur["seq"] + 1)
        other = wb if ws is wa else wa
        assert other.state_at_least(st["seq"])["view"] == st["view"]
        moves += 1
    assert st["finished"] and st["winners"]
    # events arrive with consecutive seqs and labels for both seats
    wa.close()
    wb.close()
    r = a.http.get(f"/api/tables/{t['id']}/replay")
    assert r.status_code == 200
    steps = r.json()["steps"]
    assert len(steps) == st["seq"] + 1
    assert [s["seq"] for s in steps] == list(range(st["seq"] + 1))
    assert steps[-1]["view"]["scores"] == st["view"]["scores"]
    rec = a.http.get(f"/api/tables/{t['id']}/record").json()
    assert len(rec["events"]) == st["seq"] and rec["game"] == "stapel"


@both_setups
def test_every_bad_input_is_refused_and_changes_nothing(clients: Make) -> None:
    a, b, t = two_player_table(clients)
    wa, wb = a.ws(t["id"]), b.ws(t["id"])
    s0 = wa.recv_type("state")
    wb.recv_type("state")
    seq = s0["seq"]
    assert s0["to_move"] == [0]
    good = s0["legal"][0]["action"]
    cases: list[tuple[Ws, Any, str]] = [
        (wa, "{not json", "malformed_json"),
        (wa, "[1, 2]", "bad_message"),
        (wa, {"action": good}, "bad_message"),
        (wa, {"action": good, "expected_seq": "1"}, "bad_message"),
        (wa, {"action": good, "expected_seq": True}, "bad_message"),
        (wa, {"action": good, "outcome": "3", "expected_seq": seq}, "bad_message"),
        (wa, {"action": good, "expected_seq": seq, "extra": 1}, "bad_message"),
        (wa, {"action": {"kind": "fly"}, "expected_seq": seq}, "unknown_action"),
        (wa, {"action": {"kind": "take"}, "expected_seq": seq}, "unknown_action"),
        (wa, {"action": {"kind": "take", "n": "2"}, "expected_seq": seq}, "unknown_action"),
        (wa, {"action": {"kind": "take", "n": 99}, "expected_seq": seq}, "illegal_action"),
        (wa, {"action": good, "expected_seq": seq - 1}, "stale_seq"),
        (wa, {"action": good, "expected_seq": seq + 5}, "stale_seq"),
        (wa, {"action": good, "expected_seq": seq, "seat": 1}, "not_your_seat"),
        (wb, {"action": good, "expected_seq": seq}, "not_your_turn"),
        (wa, {"outcome": "4", "expected_seq": seq}, "not_scorekeeper"),
        (wa, "x" * 20000, "too_large"),
        (wa, b"\xff\xfe", "malformed_json"),
    ]
    for ws, msg, code in cases:
        ws.send(msg)
        err = ws.recv_type("error")
        assert err["error"]["code"] == code, (msg, err)
        assert err["error"]["message"] and err["seq"] == seq
        if code == "stale_seq":
            st = ws.recv_type("state")
            assert st["seq"] == seq
    # a spectator (not seated) may watch but not move
    c = clients().guest("Zara")
    wc = c.ws(t["id"])
    sc = wc.recv_type("state")
    assert sc["my_seats"] == [] and sc["seat"] is None and sc["legal"] == []
    wc.send({"action": good, "expected_seq": seq})
    assert wc.recv_type("error")["error"]["code"] == "not_your_seat"
    # nothing changed, the connections still work
    wa.send({"type": "ping"})
    assert wa.recv_type("pong")["v"] == PROTOCOL_VERSION == 7
    wa.send({"action": good, "expected_seq": seq})
    assert wa.state_at_least(seq + 1)["seq"] >= seq + 1
    assert wb.state_at_least(seq + 1)["seq"] >= seq + 1


@both_setups
def test_illegal_move_reason_in_players_language(clients: Make) -> None:
    a, b, t = two_player_table(clients, lang="en")
    wa = a.ws(t["id"])
    s = wa.recv_type("state")
    wa.send({"action": {"kind": "take", "n": 99}, "expected_seq": s["seq"]})
    msg = wa.recv_type("error")["error"]["message"]
    assert msg == f"Only {s['view']['pile']} left on the pile."
    wb = b.ws(t["id"])
    wb.recv_type("state")
    wb.send({"action": {"kind": "take", "n": 1}, "expected_seq": s["seq"]})
    assert wb.recv_type("error")["error"]["message"] == "It is not your turn."
    # German via Accept-Language and via the language cookie
    c = clients("de-DE,de;q=0.9,en;q=0.5").guest("Cora")
    wc = c.ws(t["id"])
    wc.recv_type("state")
    wc.send("nope")
    assert wc.recv_type("error")["error"]["message"] == "Die Nachricht ist kein gültiges JSON."
    assert c.post("/api/lang", {"lang": "en"}).status_code == 200
    wc2 = c.ws(t["id"])
    wc2.recv_type("state")
    wc2.send("nope")
    assert wc2.recv_type("error")["error"]["message"] == "The message is not valid JSON."


@both_setups
def test_reconnect_resumes_at_the_right_seq(clients: Make) -> None:
    a, b, t = two_player_table(clients)
    wa = a.ws(t["id"])
    s = wa.recv_type("state")
    first_seq = s["seq"]
    assert s["events"] == []
    wa.send({"action": s["legal"][0]["action"], "expected_seq": s["seq"]})
    s2 = wa.state_at_least(first_seq + 1)
    assert [e["seq"] for e in s2["events"]] == list(range(first_seq + 1, s2["seq"] + 1))
    wa.close()
    # the other player moves while A is away (B may have to move several times)
    wb = b.ws(t["id"])
    sb = wb.recv_type("state")
    if sb["to_move"] == [1]:
        wb.send({"action": sb["legal"][0]["action"], "expected_seq": sb["seq"]})
        sb = wb.state_at_least(sb["seq"] + 1)
    wa2 = a.ws(t["id"], since=first_seq)
    r = wa2.recv_type("state")
    assert r["seq"] == sb["seq"]
    assert [e["seq"] for e in r["events"]] == list(range(first_seq + 1, r["seq"] + 1))
    assert all(e["data"] is not None and e["label"] for e in r["events"])
    assert r["view"] == sb["view"]


def test_bots_play_their_seats_to_the_end(clients: Make) -> None:
    a = clients().guest("Host")
    t = a.create("pig", seats=3, sit=False, bots={"0": "random", "1": "random", "2": "random"})
    assert all(s["kind"] == "bot" for s in t["seats"])
    r = a.post(f"/api/tables/{t['id']}/start")
    assert r.status_code == 200
    w = a.ws(t["id"])
    st = w.recv_type("state")
    for _ in range(2000):
        if st["finished"]:
            break
        st = w.recv_type("state", timeout=10)
    assert st["finished"] and st["winners"]
    assert st["table"]["status"] == "finished"
    assert a.http.get(f"/api/tables/{t['id']}").json()["status"] == "finished"


def test_human_against_bot(clients: Make) -> None:
    a = clients().guest("Anna")
    t = a.create("stapel", seats=2, bots={"1": "random"})
    assert a.post(f"/api/tables/{t['id']}/start").status_code == 200
    w = a.ws(t["id"])
    st = w.recv_type("state")
    for _ in range(500):
        if st["finished"]:
            break
        if st["legal"]:
            w.send({"action": st["legal"][0]["action"], "expected_seq": st["seq"]})
        st = w.recv_type("state", timeout=10)
    assert st["finished"]
    players = {e["player"] for e in w.last["events"]} if w.last else set()
    assert players <= {0, 1, None}


def test_scorekeeper_table_takes_typed_dice_and_void_throws(clients: Make) -> None:
    a, _b, t = two_player_table(clients, scorekeeper=True)
    wa = a.ws(t["id"])
    s = wa.recv_type("state")
    assert s["seq"] == 0 and s["manual"]["dice"] == 1
    assert s["manual"]["special"] == [{"outcome": {"kind": "void"}, "label": "Ungültiger Wurf"}]
    assert [c["outcome"] for c in s["manual"]["choices"]] == [{"kind": "roll", "dice": [f]} for f in range(1, 7)]
    assert [c["label"] for c in s["manual"]["choices"]] == [str(f) for f in range(1, 7)]
    for bad in ("7", "3 4", "abc"):
        wa.send({"outcome": bad, "expected_seq": 0})
        err = wa.recv_type("error")["error"]
        assert err["code"] == "bad_outcome" and err["message"]
    wa.send({"outcome": {"kind": "roll", "dice": [9]}, "expected_seq": 0})
    assert wa.recv_type("error")["error"]["code"] == "bad_outcome"
    wa.send({"outcome": {"kind": "void"}, "expected_seq": 0})
    s = wa.state_at_least(1)
    assert s["events"][-1]["data"] == {"kind": "void"} and s["events"][-1]["label"] == "Ungültiger Wurf"
    assert s["view"]["player"] == 1 and s["manual"]["dice"] == 1
    wa.send({"outcome": "5", "expected_seq": 1})
    s = wa.state_at_least(2)
    assert s["view"]["pile"] == 5 and s["manual"] is None and s["to_move"] == [1]
    wa.send({"outcome": "5", "expected_seq": 2})
    assert wa.recv_type("error")["error"]["code"] == "bad_outcome"


def test_websocket_refuses_foreign_origin(server: Any, clients: Make) -> None:
    a, _b, t = two_player_table(clients)
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    cookie = "; ".join(f"{k}={v}" for k, v in a.http.cookies.items())
    with pytest.raises((InvalidStatus, Exception)):
        c = connect(
            server.url.replace("http", "ws") + f"/ws/table/{t['id']}",
            additional_headers={"Cookie": cookie, "Origin": "http://evil.example"},
            open_timeout=5,
        )
        json.loads(c.recv(timeout=2))


def test_one_player_in_two_seats_and_two_tabs_racing(clients: Make) -> None:
    a = clients().guest("Hotseat")
    t = a.create("stapel", seats=2)
    assert a.post(f"/api/tables/{t['id']}/sit", {"seat": 1}).json()["seats"][1]["player_id"] == a.player["id"]  # type: ignore[index]
    assert a.post(f"/api/tables/{t['id']}/start").status_code == 200
    w1, w2 = a.ws(t["id"]), a.ws(t["id"], seat=1)
    s1, s2 = w1.recv_type("state"), w2.recv_type("state")
    assert s1["my_seats"] == [0, 1] and s1["seat"] == 0 and s2["seat"] == 1
    assert {x["seat"] for x in s1["legal"]} == {0}
    seq = s1["seq"]
    # naming the seat that is not to move is refused, naming none picks the acting seat
    w1.send({"action": s1["legal"][0]["action"], "expected_seq": seq, "seat": 1})
    assert w1.recv_type("error")["error"]["code"] == "not_your_turn"
    # two tabs send a move for the same seq at once: exactly one is taken, the other is stale
    w1.send({"action": {"kind": "take", "n": 1}, "expected_seq": seq})
    w2.send({"action": {"kind": "take", "n": 1}, "expected_seq": seq})
    errors = []
    for w in (w1, w2):
        with contextlib.suppress(TimeoutError):
            while True:
                m = w.recv(0.3)
                if m["type"] == "error":
                    errors.append(m["error"]["code"])
    assert errors == ["stale_seq"]
    assert w1.last is not None and w2.last is not None and w1.last["seq"] == w2.last["seq"] > seq
    events = a.ws(t["id"], since=seq).recv_type("state")["events"]
    assert [e["type"] for e in events if e["type"] == "action"] == ["action"]


@both_setups
def test_seating_changes_reach_the_table_socket(clients: Make) -> None:
    host, guest = clients().guest("Host"), clients().guest("Gast")
    t = host.create("stapel", seats=2, bots={"1": "random"})
    w = host.ws(t["id"])
    assert [s["kind"] for s in w.recv_type("table")["table"]["seats"]] == ["human", "bot"]
    assert host.post(f"/api/tables/{t['id']}/bot", {"seat": 1, "bot": None}).status_code == 200
    assert [s["kind"] for s in w.recv_type("table")["table"]["seats"]] == ["human", "empty"]
    assert guest.post(f"/api/tables/{t['id']}/sit", {"seat": 1}).status_code == 200
    assert w.recv_type("table")["table"]["seats"][1]["name"] == "Gast"
    assert guest.post(f"/api/tables/{t['id']}/leave", {"seat": 1}).status_code == 200
    assert w.recv_type("table")["table"]["seats"][1]["kind"] == "empty"
    w.send({"action": {"kind": "take", "n": 1}, "expected_seq": 0})
    assert w.recv_type("error")["error"]["code"] == "not_started"
    assert host.http.get(f"/api/tables/{t['id']}/record").json()["error"]["code"] == "not_finished"


def test_a_crash_inside_the_game_is_an_error_not_a_lost_connection(clients: Make) -> None:
    a, _b, t = two_player_table(clients, overrides={"boom": True})
    w = a.ws(t["id"])
    s = w.recv_type("state")
    assert {"kind": "boom"} in [x["action"] for x in s["legal"]]
    w.send({"action": {"kind": "boom"}, "expected_seq": s["seq"]})
    err = w.recv_type("error")
    assert err["error"]["code"] == "internal_error" and err["seq"] == s["seq"]
    w.send({"action": {"kind": "take", "n": 1}, "expected_seq": s["seq"]})
    assert w.state_at_least(s["seq"] + 1)["seq"] > s["seq"]


def test_a_broken_bot_does_not_stall_the_table(clients: Make) -> None:
    a = clients().guest("Anna")
    t = a.create("stapel", seats=2, sit=False, bots={"0": "kaputt", "1": "random"})
    assert a.post(f"/api/tables/{t['id']}/start").status_code == 200
    w = a.ws(t["id"])
    st = w.recv_type("state")
    for _ in range(500):
        if st["finished"]:
            break
        st = w.recv_type("state", timeout=10)
    assert st["finished"]


def test_a_failed_commit_is_refused_and_memory_follows_the_log(server: Any, clients: Make) -> None:
    """If the database refuses the events of a move, the move is not acknowledged and the table stays where the
    log is: here a foreign row occupies the next seq, so the commit fails until it is gone."""
    import sqlite3

    a, _b, t = two_player_table(clients)
    w = a.ws(t["id"])
    s = w.recv_type("state")
    path = server.db_url.split("///", 1)[1]
    with sqlite3.connect(path, timeout=30) as db:
        db.execute(
            "INSERT INTO events (table_id, seq, type, player, data, created_at) VALUES (?, ?, 'action', 0, "
            '\'{"kind":"take","n":1}\', \'2026-01-01\')',
            (t["id"], s["seq"] + 1),
        )
    w.send({"action": s["legal"][0]["action"], "expected_seq": s["seq"]})
    err = w.recv_type("error")
    assert err["error"]["code"] == "internal_error" and err["seq"] == s["seq"]
    with sqlite3.connect(path, timeout=30) as db:
        db.execute("DELETE FROM events WHERE table_id = ? AND seq = ?", (t["id"], s["seq"] + 1))
    w.send({"action": s["legal"][0]["action"], "expected_seq": s["seq"]})
    s2 = w.state_at_least(s["seq"] + 1)
    rec_events = a.ws(t["id"], since=0).recv_type("state")["events"]
    assert [e["seq"] for e in rec_events] == list(range(1, s2["seq"] + 1))
    assert rec_events[s["seq"]]["data"] == s["legal"][0]["action"]


def test_random_messages_never_change_the_table(clients: Make) -> None:
    """Property: whatever a client sends that is not a move for the current seq is refused and changes nothing."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    a, b, t = two_player_table(clients)
    w = a.ws(t["id"])
    s0 = w.recv_type("state")
    wb = b.ws(t["id"], since=0)  # kept open to the end: Bert's coming and going is told to Anna (presence)
    log0 = wb.recv_type("state")["events"]
    assert w.recv_type("presence")["online"] == [0, 1]
    scalars = st.one_of(
        st.none(), st.booleans(), st.integers(-(10**6), 10**6), st.floats(allow_nan=False), st.text(max_size=20)
    )
    values = st.recursive(
        scalars,
        lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
        max_leaves=12,
    )
    moves = st.fixed_dictionaries(
        {"action": values}, optional={"expected_seq": values, "seat": values, "outcome": values, "type": values}
    )
    raw = st.one_of(st.binary(max_size=64), st.text(max_size=64))

    @settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
    @given(msg=st.one_of(values, moves, raw))
    def fuzz(msg: Any) -> None:
        if isinstance(msg, dict) and msg.get("type") == "ping" and len(msg) == 1:
            return
        w.send(msg if isinstance(msg, (str, bytes)) else json.dumps(msg))
        reply = w.recv()
        assert reply["type"] == "error", (msg, reply)
        assert reply["seq"] == s0["seq"] and reply["error"]["message"]
        if reply["error"]["code"] == "stale_seq":
            assert w.recv_type("state")["seq"] == s0["seq"]

    fuzz()
    w.send({"action": s0["legal"][0]["action"], "expected_seq": s0["seq"]})
    assert w.state_at_least(s0["seq"] + 1)["view"] != s0["view"]
    log1 = b.ws(t["id"], since=0).recv_type("state")["events"]
    assert log1[: s0["seq"]] == log0 and len(log1) > len(log0)
