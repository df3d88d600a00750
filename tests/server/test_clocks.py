"""Timed decisions at a live table: Verdecktes Würfelpoker's "Schwindel" window runs out on the server.

The window is shortened with the game's own option ``challenge_seconds`` (no server setting needed). Each test
plays against a real server process; timings have generous margins because the machine is shared.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.server.conftest import Client, ServerProcess, Ws, both_setups

Make = Callable[..., Client]
GAME = "verdecktes-wuerfelpoker"


def table(
    clients: Make | None, n: int, overrides: dict[str, Any], base: str | None = None, bots: dict[str, str] | None = None
) -> tuple[list[Client], dict[str, Any]]:
    """n seats, seat 0 begins; humans in every seat without a bot (one client each)."""
    make = clients if clients is not None else (lambda: Client(str(base)))
    people = [make().guest("P0")]
    t = people[0].create(GAME, seats=n, overrides={"start": "first_seat", "rounds": 1, **overrides}, bots=bots or {})
    for seat in range(1, n):
        if str(seat) in (bots or {}):
            continue
        c = make().guest(f"P{seat}")
        assert c.post(f"/api/tables/{t['id']}/sit", {"seat": seat}).status_code == 200
        people.append(c)
    r = people[0].post(f"/api/tables/{t['id']}/start")
    assert r.status_code == 200, r.text
    # The first throw under the cup is seat 0's and waits for him to ask for it.
    w = people[0].ws(t["id"])
    assert w.recv_type("state")["throw"]["seat"] == 0
    assert tap(w)["to_move"] == [0]
    w.close()
    return people, r.json()


def tap(ws: Ws) -> dict[str, Any]:
    """The seat of ``ws`` asks for its pending throw ("Würfeln"); returns the state with the dice."""
    st = ws.last
    assert st is not None and st["throw"] is not None and st["throw"]["seat"] in st["my_seats"], st
    ws.send({"throw": True, "expected_seq": st["seq"]})
    return ws.state_at_least(st["seq"] + 1)


def announce(ws: Ws, highest: bool = False) -> dict[str, Any]:
    """Seat of ``ws`` announces its lowest (or highest) hand; returns the state that opened the call window."""
    st = ws.last
    assert st is not None
    ann = [e for e in st["legal"] if e["action"]["kind"] == "announce"]
    assert ann, st
    ws.send({"action": ann[-1 if highest else 0]["action"], "expected_seq": st["seq"]})
    return ws.state_at_least(st["seq"] + 1)


def wait_for(ws: Ws, pred: Callable[[dict[str, Any]], bool], timeout: float = 10) -> dict[str, Any]:
    end = time.monotonic() + timeout
    st = ws.last
    while st is None or not pred(st):
        st = ws.recv_type("state", max(0.01, end - time.monotonic()))
    return st


def record(c: Client, table_id: str) -> list[dict[str, Any]]:
    r = c.http.get(f"/api/tables/{table_id}/record")
    assert r.status_code == 200, r.text
    return list(r.json()["events"])


@both_setups
def test_nobody_calls_the_window_runs_out_and_the_game_goes_on(clients: Make) -> None:
    (a, b), t = table(clients, 2, {"challenge_seconds": 0.6})
    wa, wb = a.ws(t["id"]), b.ws(t["id"])
    s = wa.recv_type("state")
    wb.recv_type("state")
    assert s["deadline"] is None and s["to_move"] == [0]
    sent = time.monotonic()
    s = announce(wa)
    assert s["to_move"] == [1] and s["legal"] == []
    dl = s["deadline"]
    assert dl["seconds"] == 0.6 and dl["on_expiry"] == {"kind": "pass"} and dl["what"]
    assert 0 < dl["left"] <= 0.6 and abs(dl["at"] - (time.time() + dl["left"])) < 1.0
    sb = wb.state_at_least(s["seq"])
    assert sb["deadline"]["at"] == dl["at"] and [e["action"]["kind"] for e in sb["legal"]] == ["challenge", "pass"]
    # nobody answers: the server passes for seat 1 once the window is over, and the next turn begins
    after = wb.state_at_least(s["seq"] + 1)
    assert time.monotonic() - sent >= 0.5
    # the turn has passed: seat 1's throw waits for him (no clock: a throw is no decision)
    assert after["to_move"] == [] and after["throw"]["seat"] == 1 and after["deadline"] is None
    after = tap(wb)
    assert after["to_move"] == [1] and after["deadline"] is None
    assert [e["action"]["kind"] for e in after["legal"]][:1] == ["announce"]
    # seat 1 announces a better hand (no tie, no Stichrunde), seat 0 lets its window run out too: the round (and
    # the one-round game) is over
    announce(wb, highest=True)
    end = wait_for(wa, lambda m: m["finished"])
    assert end["deadline"] is None
    events = record(a, t["id"])
    passes = [(e["player"], e["data"]) for e in events if e["type"] == "action" and e["data"]["kind"] == "pass"]
    assert (1, {"kind": "pass"}) in passes and (0, {"kind": "pass"}) in passes
    assert not any(e["type"] == "action" and e["data"]["kind"] == "challenge" for e in events)
    wa.close()
    wb.close()


@both_setups
def test_a_move_inside_the_window_cancels_its_clock_and_the_next_caller_gets_a_full_window(clients: Make) -> None:
    (a, b, c), t = table(clients, 3, {"challenge_seconds": 1.5})
    wa, wb, wc = a.ws(t["id"]), b.ws(t["id"]), c.ws(t["id"])
    for w in (wa, wb, wc):
        w.recv_type("state")
    s = announce(wa)
    assert s["to_move"] == [1]  # clockwise: the call is offered to seat 1 first
    sb = wb.state_at_least(s["seq"])
    time.sleep(0.8)
    moved = time.monotonic()
    wb.send({"action": {"kind": "pass"}, "expected_seq": sb["seq"]})
    s2 = wb.state_at_least(sb["seq"] + 1)
    assert s2["seq"] == sb["seq"] + 1 and s2["to_move"] == [2]
    # seat 2's window is a new one of full length, not the rest of seat 1's
    assert s2["deadline"]["left"] > 1.2 and s2["deadline"]["at"] > sb["deadline"]["at"] + 0.5
    sc = wc.state_at_least(s2["seq"])
    nxt = wc.recv_type("state", timeout=10)  # seat 2 does nothing
    assert time.monotonic() - moved >= 1.3  # the old clock (due 0.7 s after the pass) did not fire
    assert nxt["seq"] > sc["seq"] and nxt["throw"]["seat"] == 1  # pass, then seat 1's throw is due
    # one pass by seat 1 (the player's) and one by seat 2 (the clock's), nobody called: the view of the turn says so
    first = nxt["view"]["turns"][0]
    assert first["player"] == 0 and first["passed"] == [1, 2] and first["challenger"] is None
    for w in (wa, wb, wc):
        w.close()


def test_open_calling_one_pass_narrows_the_window_without_extending_it(clients: Make) -> None:
    (a, b, c), t = table(clients, 3, {"challenge_seconds": 1.2, "challenge_order": "open"})
    wa, wb, wc = a.ws(t["id"]), b.ws(t["id"]), c.ws(t["id"])
    for w in (wa, wb, wc):
        w.recv_type("state")
    s = announce(wa)
    assert s["to_move"] == [1, 2]
    sb = wb.state_at_least(s["seq"])
    wb.send({"action": {"kind": "pass"}, "expected_seq": sb["seq"]})
    s2 = wb.state_at_least(sb["seq"] + 1)
    assert s2["to_move"] == [2] and s2["deadline"]["at"] == sb["deadline"]["at"]
    sc = wc.state_at_least(s2["seq"])
    assert sc["deadline"]["left"] <= sb["deadline"]["left"]
    nxt = wc.recv_type("state", timeout=10)
    assert nxt["throw"]["seat"] == 1 and nxt["deadline"] is None
    first = nxt["view"]["turns"][0]
    assert first["player"] == 0 and first["passed"] == [1, 2] and first["challenger"] is None
    for w in (wa, wb, wc):
        w.close()


def test_scorekeeper_tables_run_no_clock(clients: Make) -> None:
    a = clients().guest("Anna")
    t = a.create(GAME, seats=2, scorekeeper=True, overrides={"start": "first_seat", "challenge_seconds": 0.3})
    assert a.post(f"/api/tables/{t['id']}/sit", {"seat": 1}).status_code == 200
    assert a.post(f"/api/tables/{t['id']}/start").status_code == 200
    w = a.ws(t["id"])
    st = w.recv_type("state")
    while not st["legal"]:  # the cup is thrown at the real table: enter what the game asks for
        m = st["manual"]
        outcome = (m["choices"] or m["special"])[0]["outcome"] if not m["dice"] else " ".join(["1"] * m["dice"])
        w.send({"outcome": outcome, "expected_seq": st["seq"]})
        st = w.state_at_least(st["seq"] + 1)
    w.send(
        {
            "action": next(e for e in st["legal"] if e["action"]["kind"] == "announce")["action"],
            "expected_seq": st["seq"],
        }
    )
    st = w.state_at_least(st["seq"] + 1)
    assert st["view"]["phase"] == "challenge" and st["deadline"] is None
    w.drain(1.0)  # well past the game's 0.3 s: nothing happened
    assert w.last is not None and w.last["seq"] == st["seq"]
    w.close()


def test_bot_decides_inside_the_window_even_with_a_long_bot_delay(tmp_path: Path) -> None:
    srv = ServerProcess(f"sqlite:///{tmp_path / 'w.db'}", log_dir=tmp_path, bot_delay=30).start()
    try:
        (a,), t = table(None, 2, {"challenge_seconds": 4.0}, base=srv.url, bots={"1": "heuristic"})
        w = a.ws(t["id"])
        w.recv_type("state")
        sent = time.monotonic()
        s = announce(w)
        assert s["deadline"]["seconds"] == 4.0
        nxt = w.recv_type("state", timeout=10)
        assert time.monotonic() - sent < 3.5  # the bot's pause was cut to a quarter of the window
        assert nxt["seq"] > s["seq"]
        w.close()
        a.close()
    finally:
        srv.stop()


def test_a_resumed_table_at_a_timed_node_gets_a_fresh_full_window(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'w.db'}"
    srv = ServerProcess(db, log_dir=tmp_path).start()
    try:
        (a, b), t = table(None, 2, {"challenge_seconds": 3.0}, base=srv.url)
        w = a.ws(t["id"])
        w.recv_type("state")
        s = announce(w)
        assert s["deadline"] is not None
        w.close()
        time.sleep(1.0)
        srv.kill()
        srv = ServerProcess(db, port=srv.port, log_dir=tmp_path).start()
        a2 = Client(srv.url)
        a2.http.cookies = a.http.cookies
        w = a2.ws(t["id"])
        r = w.recv_type("state")
        # the window restarted when the table was resumed: it ends later than the old one and a good part is left
        assert r["seq"] == s["seq"] and r["deadline"]["at"] >= s["deadline"]["at"] + 0.9
        assert r["deadline"]["left"] > 1.0
        nxt = w.recv_type("state", timeout=10)
        assert nxt["seq"] > s["seq"] and nxt["throw"]["seat"] == 1 and nxt["deadline"] is None
        w.close()
        for c in (a, b, a2):
            c.close()
    finally:
        srv.kill()
