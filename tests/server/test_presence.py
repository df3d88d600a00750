"""Presence (protocol 3): every seat says whether its player is connected, with two real websocket clients.

A player's first tab coming and his last tab going are told to everyone at the table (``presence``); a player who
comes back reads who is there in his first ``state``; seating before the start carries it in the summary.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.server.conftest import Client, Ws
from tests.server.test_protocol import two_player_table

Make = Callable[..., Client]


def presence(w: Ws, online: list[int], timeout: float = 10) -> dict[str, Any]:
    """Read until a ``presence`` message saying exactly ``online`` arrives (fails at the timeout)."""
    while True:
        msg = w.recv_type("presence", timeout)
        if msg["online"] == online:
            return msg


def test_players_see_each_other_come_and_go(clients: Make) -> None:
    a, b, t = two_player_table(clients)
    assert t["online"] == []  # nobody has a connection yet
    wa = a.ws(t["id"])
    first = wa.recv_type("state")
    assert first["online"] == [0] and first["table"]["online"] == [0]
    wb = b.ws(t["id"])
    assert wb.recv_type("state")["online"] == [0, 1]  # Bert reads who is here in his first message
    presence(wa, [0, 1])  # and Anna is told he came
    # A second tab of Bert's changes nothing; closing it leaves him present (he still has the first one).
    wb2 = b.ws(t["id"])
    assert wb2.recv_type("state")["online"] == [0, 1]
    wb2.close()
    # Bert's last tab closes: Anna reads that he left, and every later state says so too.
    wb.close()
    presence(wa, [0])
    cur = wa.state_at_least(first["seq"])
    wa.send({"action": cur["legal"][0]["action"], "expected_seq": cur["seq"]})
    assert wa.state_at_least(cur["seq"] + 1)["online"] == [0]
    assert a.http.get(f"/api/tables/{t['id']}").json()["online"] == [0]
    # He comes back with ``since``: his first state names both, Anna hears of his return.
    wb = b.ws(t["id"], since=cur["seq"])
    back = wb.recv_type("state")
    assert back["online"] == [0, 1] and back["events"]
    presence(wa, [0, 1])
    wa.close()
    presence(wb, [1])
    wb.close()


def test_seating_before_the_start_carries_presence(clients: Make) -> None:
    host, guest = clients().guest("Host"), clients().guest("Gast")
    t = host.create("stapel", seats=2, bots={})
    w = host.ws(t["id"])
    assert w.recv_type("table")["table"]["online"] == [0]
    # Gast sits down without opening the table: his seat is listed as absent.
    assert guest.post(f"/api/tables/{t['id']}/sit", {"seat": 1}).status_code == 200
    assert w.recv_type("table")["table"]["online"] == [0]
    wg = guest.ws(t["id"])
    assert wg.recv_type("table")["table"]["online"] == [0, 1]
    presence(w, [0, 1])
    # He leaves his seat but keeps watching: no seat of his is present any more.
    assert guest.post(f"/api/tables/{t['id']}/leave", {"seat": 1}).status_code == 200
    presence(w, [0])
    assert guest.http.get(f"/api/tables/{t['id']}").json()["online"] == [0]
    wg.close()
    w.close()


def test_bots_and_spectators_are_never_listed(clients: Make) -> None:
    host = clients().guest("Solo")
    t = host.create("stapel", seats=2, bots={"1": "random"})
    watcher = clients().guest("Zuschauer")
    ww = watcher.ws(t["id"])
    assert ww.recv_type("table")["table"]["online"] == []
    w = host.ws(t["id"])
    assert w.recv_type("table")["table"]["online"] == [0]
    presence(ww, [0])
    ww.close()
    w.close()


def test_seating_changes_are_told_in_words_in_each_readers_language(clients: Make) -> None:
    host, guest = clients("de").guest("Wirtin"), clients("en").guest("Gast")
    t = host.create("stapel", seats=3)
    wh = host.ws(t["id"])
    wh.recv_type("table")
    assert guest.post(f"/api/tables/{t['id']}/sit", {"seat": 1}).status_code == 200
    assert wh.recv_type("table")["note"] == "Gast (Gast) setzt sich auf Platz 2."
    wg = guest.ws(t["id"])
    wg.recv_type("table")
    assert host.post(f"/api/tables/{t['id']}/bot", {"seat": 2, "bot": "random"}).status_code == 200
    notes = [w.recv_type("table")["note"] for w in (wh, wg)]
    assert notes[0].endswith("übernimmt Platz 3.") and notes[0].startswith("Computer (")
    assert notes[1].endswith("takes seat 3.")
    assert host.post(f"/api/tables/{t['id']}/bot", {"seat": 2, "bot": None}).status_code == 200
    assert wg.recv_type("table")["note"] == notes[1].replace("takes seat 3.", "left seat 3.")
    assert wh.recv_type("table")["note"] == notes[0].replace("übernimmt Platz 3.", "hat Platz 3 freigegeben.")
    # The host removes his guest: both read it, the guest in English.
    assert host.post(f"/api/tables/{t['id']}/leave", {"seat": 1}).status_code == 200
    assert wh.recv_type("table")["note"] == "Der Gastgeber hat Gast (Gast) von Platz 2 genommen."
    assert wg.recv_type("table")["note"] == "The host removed Gast (guest) from seat 2."
    assert guest.post(f"/api/tables/{t['id']}/sit", {"seat": 1}).status_code == 200
    assert guest.post(f"/api/tables/{t['id']}/leave", {"seat": 1}).status_code == 200
    while True:
        msg = wh.recv_type("table")
        if "freigegeben" in msg["note"]:
            break
    assert msg["note"] == "Gast (Gast) hat Platz 2 freigegeben."
    wh.close()
    wg.close()
