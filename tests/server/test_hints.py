"""Hints at a table (protocol 5), with real websocket clients: the game's advisor rates each choice for the seated
player whose decision is due, sent to him alone; refused in words where the table switched hints off, when it is not
his decision, and for a game without an advisor; a game with secrets gives hints without anyone else's dice."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any

from tests.server.conftest import Client, Ws
from tests.server.test_protocol import two_player_table

Make = Callable[..., Client]


def until_decision(ws: Ws, seat: int, timeout: float = 30) -> dict[str, Any]:
    """Read states (tapping "Würfeln" for ``seat``'s own throws) until ``seat`` has a decision to take."""
    deadline = time.monotonic() + timeout
    st = ws.last or ws.recv_type("state", timeout)
    while True:
        if st["finished"]:
            raise AssertionError("the game ended before a decision of the seat")
        if any(x["seat"] == seat for x in st["legal"]):
            return st
        if st["throw"] and st["throw"]["seat"] == seat and seat in st["my_seats"]:
            ws.send({"throw": True, "expected_seq": st["seq"]})
        st = ws.recv_type("state", max(0.01, deadline - time.monotonic()))


def ask(ws: Ws, timeout: float = 60, **extra: Any) -> dict[str, Any]:
    """Ask for a hint and read until its answer (``hint``) or its refusal (``error``) arrives."""
    ws.send({"type": "hint", **extra})
    deadline = time.monotonic() + timeout
    while True:
        msg = ws.recv(max(0.01, deadline - time.monotonic()))
        if msg["type"] in ("hint", "error"):
            return msg


def no_hint_arrives(ws: Ws) -> None:
    """Nothing in flight on ``ws`` is a hint (read until quiet)."""
    with contextlib.suppress(TimeoutError):
        while True:
            assert ws.recv(0.5)["type"] != "hint"


def test_the_player_on_move_gets_every_choice_rated_in_his_language(clients: Make) -> None:
    host = clients("de").guest("Anna")
    t = host.create("zehntausend", seats=2, bots={"1": "random"})
    assert t["hints"] is True  # on by default: no table is rated
    assert host.post(f"/api/tables/{t['id']}/start").status_code == 200
    watcher = clients("en")
    ws, ww = host.ws(t["id"]), watcher.ws(t["id"])
    st = until_decision(ws, 0)
    msg = ask(ws)
    assert msg["type"] == "hint", msg
    assert msg["seat"] == 0 and msg["seq"] >= st["seq"]
    advice = msg["advice"]
    assert advice and all(a["label"] for a in advice)
    legal = [x["action"] for x in ws.state_at_least(msg["seq"])["legal"]]
    assert all(a["action"] in legal and a["legal"] for a in advice if a["action"] is not None)
    values = [a["value"] for a in advice if a["value"] is not None]
    assert values == sorted(values, reverse=True)  # best first
    for a in advice:
        if a["value"] is not None:
            assert a["text"] == f"{a['value']:.2f}".replace(".", ",")  # German number format
    # Only the asker reads it; a spectator asking is refused in his language.
    no_hint_arrives(ww)
    err = ask(ww)
    assert err["type"] == "error" and err["error"]["code"] == "hint_not_due"
    assert err["error"]["message"] == "Hints are given only when it is your decision."
    ws.close()
    ww.close()


def test_refused_where_hints_are_off_and_for_a_game_without_advisor(clients: Make) -> None:
    host = clients("de").guest("Anna")
    t = host.create("zehntausend", seats=2, bots={"1": "random"}, hints=False)
    assert t["hints"] is False
    assert host.post(f"/api/tables/{t['id']}/start").status_code == 200
    ws = host.ws(t["id"])
    until_decision(ws, 0)
    err = ask(ws)
    assert err["error"]["code"] == "hints_off"
    assert err["error"]["message"] == "An diesem Tisch sind Tipps ausgeschaltet."
    ws.close()
    r = host.post("/api/tables", {"game": "stapel", "hints": "ja"})
    assert r.status_code == 422
    a, _b, t2 = two_player_table(clients, lang="de")  # Stapel has no advisor
    wa = a.ws(t2["id"])
    until_decision(wa, 0)
    err = ask(wa)
    assert err["error"]["code"] == "no_advisor"
    assert err["error"]["message"] == "Für dieses Spiel gibt es keine Tipps."
    wa.send({"type": "hint", "seat": "0"})
    assert wa.recv_type("error")["error"]["code"] == "bad_message"
    wa.close()


def test_not_his_decision_and_no_leak_at_a_game_with_secrets(clients: Make) -> None:
    """Verdecktes Würfelpoker: the player on move is advised about his own hidden hand; the other player, whose
    decision it is not, is refused, and no hint reaches him or a spectator (the hint names the asker's hand)."""
    a, b, t = two_player_table(clients, game="verdecktes-wuerfelpoker", lang="en")
    wa, wb, ww = a.ws(t["id"]), b.ws(t["id"]), clients().ws(t["id"])
    st = wa.recv_type("state")
    first = next(iter(st["to_move"] or [st["throw"]["seat"]]))
    mine, other = (wa, wb) if first == 0 else (wb, wa)
    seat = first
    until_decision(mine, seat)
    msg = ask(mine)
    assert msg["type"] == "hint" and msg["seat"] == seat and msg["advice"], msg
    assert all(a["measure"] == "probability in the bot's mixed strategy" for a in msg["advice"])
    err = ask(other)
    assert err["type"] == "error" and err["error"]["code"] == "hint_not_due"
    err = ask(mine, seat=1 - seat)
    assert err["error"]["code"] == "hint_not_due"  # not a seat of his
    no_hint_arrives(other)
    no_hint_arrives(ww)
    for w in (wa, wb, ww):
        w.close()


def test_a_rematch_keeps_the_tables_hint_setting(clients: Make) -> None:
    a, b, t = two_player_table(clients, hints=False)
    assert t["hints"] is False and t["advisor"] is False  # Stapel has no advisor
    assert b.post(f"/api/tables/{t['id']}/resign", {"seat": 1}).status_code == 200
    r = a.post(f"/api/tables/{t['id']}/rematch")
    assert r.status_code == 200, r.text
    assert r.json()["hints"] is False
    host = clients().guest("Carla")
    assert host.create("zehntausend", seats=2, bots={"1": "random"})["advisor"] is True


def test_a_chance_is_given_in_percent(clients: Make) -> None:
    """A probability reads in percent, as its loss beside it reads in percentage points (issue 24, web U12: "0.79
    (the maker's chance to win)" next to "11.9 percentage points below the best"). Sechzerspiel for two: every choice
    rated by its exact chance to win."""
    for lang, comma in (("de", ","), ("en", ".")):
        host = clients(lang).guest("Anna")
        t = host.create("sechzerspiel", seats=2, bots={"1": "heuristic"})
        assert host.post(f"/api/tables/{t['id']}/start").status_code == 200
        ws = host.ws(t["id"])
        until_decision(ws, 0)
        msg = ask(ws)
        assert msg["type"] == "hint", msg
        rated = [a for a in msg["advice"] if a["value"] is not None]
        assert rated
        for a in rated:
            assert 0.0 <= a["value"] <= 1.0
            assert a["text"] == f"{100 * a['value']:.1f}\u202f%".replace(".", comma), a
        ws.close()
