"""Chat at each table (protocol 4), with real websocket clients: players write, everyone at the table reads it,
a late joiner gets the last messages, refusals come in the writer's language, and the messages are kept with the
table (restart, record download)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.server.conftest import Client, ServerProcess, Ws, both_setups
from tests.server.test_protocol import two_player_table
from wuerfel.server.core.chat import CHAT_MAX, CHAT_RATE

Make = Callable[..., Client]


def chat(w: Ws, text: str, timeout: float = 10) -> dict[str, Any]:
    """Read until the ``chat`` message with this text arrives (fails at the timeout)."""
    while True:
        msg = w.recv_type("chat", timeout)
        if msg["text"] == text:
            return msg


def refusal(w: Ws, timeout: float = 10) -> dict[str, Any]:
    return w.recv_type("error", timeout)["error"]


@both_setups
def test_players_chat_and_a_spectator_reads_along(clients: Make) -> None:
    a, b, t = two_player_table(clients)
    watcher = clients()  # no name: watching needs none
    wa, wb, ww = a.ws(t["id"]), b.ws(t["id"]), watcher.ws(t["id"])
    for w in (wa, wb, ww):
        assert w.recv_type("state")["chat"] == []
    text = '  <img src=x onerror="alert(1)"> Viel Glück & gute Würfe!  '
    wa.send({"type": "chat", "text": text})
    for w in (wa, wb, ww):
        msg = chat(w, text.strip())  # trimmed, otherwise exactly as written: the page shows it as text
        assert msg["author"] == "Anna" and msg["seat"] == 0 and not msg["spectator"] and msg["seq"] == 1
        assert msg["at"].endswith("Z")
    wb.send({"type": "chat", "text": "Danke"})
    assert chat(ww, "Danke")["seat"] == 1
    # A spectator reads but may not write at a table that does not allow it.
    ww.send({"type": "chat", "text": "Hallo"})
    assert refusal(ww)["code"] == "chat_not_allowed"
    # Whoever joins later is sent the messages so far in his first message.
    late = clients().ws(t["id"])
    history = late.recv_type("state")["chat"]
    assert [m["text"] for m in history] == [text.strip(), "Danke"] and [m["seq"] for m in history] == [1, 2]
    for w in (wa, wb, ww, late):
        w.close()


@both_setups
def test_refusals_in_the_writers_language(clients: Make) -> None:
    a, _b, t = two_player_table(clients, lang="de")
    wa = a.ws(t["id"])
    wa.recv_type("state")
    wa.send({"type": "chat", "text": "   "})
    err = refusal(wa)
    assert err["code"] == "chat_empty" and err["message"] == "Die Nachricht ist leer."
    wa.send({"type": "chat", "text": "x" * (CHAT_MAX + 1)})
    err = refusal(wa)
    assert err["code"] == "chat_too_long" and err["message"] == f"Eine Nachricht hat höchstens {CHAT_MAX} Zeichen."
    wa.send({"type": "chat", "text": 5})
    assert refusal(wa)["code"] == "bad_message"
    en = clients("en").ws(t["id"])
    en.recv_type("state")
    en.send({"type": "chat", "text": "hi"})
    err = refusal(en)
    assert err["code"] == "chat_not_allowed" and err["message"] == "Only the players of this table may write here."
    # The longest message allowed goes through.
    wa.send({"type": "chat", "text": "y" * CHAT_MAX})
    chat(wa, "y" * CHAT_MAX)
    wa.close()
    en.close()


def test_chat_is_rate_limited_per_person(clients: Make) -> None:
    a, b, t = two_player_table(clients, lang="en")
    wa, wa2, wb = a.ws(t["id"]), a.ws(t["id"]), b.ws(t["id"])
    for w in (wa, wa2, wb):
        w.recv_type("state")
    count, window = CHAT_RATE
    # Two tabs of one person share his limit: spreading the messages over tabs gains nothing.
    for i in range(count):
        (wa if i % 2 else wa2).send({"type": "chat", "text": f"m{i}"})
        chat(wb, f"m{i}")
    wa.send({"type": "chat", "text": "one too many"})
    err = refusal(wa)
    assert err["code"] == "chat_too_fast"
    assert err["message"] == f"Not so fast: at most {count} messages in {int(window)} seconds."
    # Another player is not held up by Anna's limit.
    wb.send({"type": "chat", "text": "meine Runde"})
    chat(wa, "meine Runde")
    for w in (wa, wa2, wb):
        w.close()


def test_chat_survives_a_restart_and_goes_into_the_record(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'w.db'}"
    srv = ServerProcess(db, log_dir=tmp_path).start()
    try:
        a = Client(srv.url).guest("Anna")
        t = a.create("pig", seats=2, bots={"1": "random"}, overrides={"target": 1000})
        assert a.post(f"/api/tables/{t['id']}/start").status_code == 200
        w = a.ws(t["id"])
        w.recv_type("state")
        w.send({"type": "chat", "text": "vor dem Neustart"})
        chat(w, "vor dem Neustart")  # sent to everyone only after it was stored
        w.close()
        srv.kill()
        srv = ServerProcess(db, port=srv.port, log_dir=tmp_path).start()
        a2 = Client(srv.url)
        a2.http.cookies = a.http.cookies
        a2.refresh_csrf()
        w = a2.ws(t["id"])
        assert [m["text"] for m in w.recv_type("state")["chat"]] == ["vor dem Neustart"]
        w.send({"type": "chat", "text": "danach"})
        assert chat(w, "danach")["seq"] == 2  # numbering goes on after the stored messages
        w.close()
        assert a2.post(f"/api/tables/{t['id']}/resign", {"seat": 0}).status_code == 200
        rec = a2.http.get(f"/api/tables/{t['id']}/record").json()
        assert [(m["seq"], m["author"], m["seat"], m["text"]) for m in rec["meta"]["chat"]] == [
            (1, "Anna", 0, "vor dem Neustart"),
            (2, "Anna", 0, "danach"),
        ]
    finally:
        srv.stop()


def spectators(w: Ws, want: list[tuple[str | None, bool]], timeout: float = 10) -> dict[str, Any]:
    """Read until a ``presence`` message lists exactly these spectators (name, muted) (fails at the timeout)."""
    while True:
        msg = w.recv_type("presence", timeout)
        if [(s["name"], s["muted"]) for s in msg["spectators"]] == want:
            return msg


@both_setups
def test_spectators_are_listed_and_write_where_the_table_allows_it(clients: Make) -> None:
    a, _b, t = two_player_table(clients, lang="de", spectator_chat=True)
    assert t["spectator_chat"] is True and t["spectators"] == []
    wa = a.ws(t["id"])
    wa.recv_type("state")
    # A spectator without a name is listed as one (the page says "Zuschauer"); one with a name by his name.
    anon = clients("de").ws(t["id"])
    assert anon.recv_type("state")["table"]["spectators"] == [{"player_id": None, "name": None, "muted": False}]
    spectators(wa, [(None, False)])
    carla = clients("de").guest("Carla")
    wc = carla.ws(t["id"])
    wc.recv_type("state")
    spectators(wa, [("Carla", False), (None, False)])
    wc.send({"type": "chat", "text": "Ich schaue zu"})
    msg = chat(wa, "Ich schaue zu")
    assert msg["author"] == "Carla" and msg["seat"] is None and msg["spectator"] is True
    # Without a name nobody can tell him apart or mute him: he reads only.
    anon.send({"type": "chat", "text": "hallo"})
    err = refusal(anon)
    assert err["code"] == "chat_not_allowed" and err["message"] == "Gib dir einen Namen, um hier zu schreiben."
    anon.close()
    spectators(wa, [("Carla", False)])
    wc.close()
    spectators(wa, [])
    wa.close()


def test_the_host_mutes_a_spectator_and_it_survives_a_restart(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'w.db'}"
    srv = ServerProcess(db, log_dir=tmp_path).start()
    try:
        a = Client(srv.url, "de").guest("Anna")
        t = a.create("pig", seats=2, bots={"1": "random"}, overrides={"target": 1000}, spectator_chat=True)
        assert a.post(f"/api/tables/{t['id']}/start").status_code == 200
        carla = Client(srv.url, "en").guest("Carla")
        dora = Client(srv.url, "de").guest("Dora")
        wa, wc = a.ws(t["id"]), carla.ws(t["id"])
        wa.recv_type("state")
        wc.recv_type("state")
        spectators(wa, [("Carla", False)])
        cid = carla.player["id"] if carla.player else -1
        # Only the host mutes, and only spectators.
        r = dora.post(f"/api/tables/{t['id']}/mute", {"player_id": cid, "muted": True})
        assert r.status_code == 403 and r.json()["error"]["code"] == "not_host"
        aid = a.player["id"] if a.player else -1
        r = a.post(f"/api/tables/{t['id']}/mute", {"player_id": aid, "muted": True})
        assert r.status_code == 409 and r.json()["error"]["message"] == "Stummschalten kann man nur Zuschauer."
        r = a.post(f"/api/tables/{t['id']}/mute", {"player_id": cid, "muted": True})
        assert r.status_code == 200, r.text
        assert r.json()["muted"] == [cid]
        # Everyone reads it in words, in his language; the spectator list marks her.
        told = wa.recv_type("table")
        assert told["note"] == "Der Gastgeber hat Carla (Gast) im Chat stummgeschaltet."
        assert told["table"]["spectators"] == [{"player_id": cid, "name": "Carla", "muted": True}]
        assert wc.recv_type("table")["note"] == "The host muted Carla (guest) in the chat."
        wc.send({"type": "chat", "text": "still here"})
        err = refusal(wc)
        assert err["code"] == "chat_muted" and err["message"] == "The host has muted you at this table."
        wc.close()
        wa.close()
        srv.kill()
        srv = ServerProcess(db, port=srv.port, log_dir=tmp_path).start()
        c2 = Client(srv.url, "en")
        c2.http.cookies = carla.http.cookies
        wc = c2.ws(t["id"])
        assert wc.recv_type("state")["table"]["muted"] == [cid]
        wc.send({"type": "chat", "text": "after the restart"})
        assert refusal(wc)["code"] == "chat_muted"
        a2 = Client(srv.url, "de")
        a2.http.cookies = a.http.cookies
        a2.refresh_csrf()
        assert a2.post(f"/api/tables/{t['id']}/mute", {"player_id": cid, "muted": False}).status_code == 200
        assert wc.recv_type("table")["note"] == "Carla (guest) may write in the chat again."
        wc.send({"type": "chat", "text": "thanks"})
        assert chat(wc, "thanks")["spectator"] is True
        wc.close()
    finally:
        srv.stop()


@both_setups
def test_the_rematch_keeps_the_chat_setting_and_starts_a_fresh_chat(clients: Make) -> None:
    a, _b, t = two_player_table(clients, spectator_chat=True)
    wa = a.ws(t["id"])
    wa.recv_type("state")
    wa.send({"type": "chat", "text": "gleich noch eine?"})
    chat(wa, "gleich noch eine?")
    assert a.post(f"/api/tables/{t['id']}/resign", {"seat": 0}).status_code == 200
    r = a.post(f"/api/tables/{t['id']}/rematch")
    assert r.status_code == 200, r.text
    new = r.json()
    assert new["spectator_chat"] is True and new["muted"] == []
    # Before the start the first message (``table``) carries the chat too: the new table's own, empty.
    w = a.ws(new["id"])
    assert w.recv_type("table")["chat"] == []
    w.send({"type": "chat", "text": "neue Runde"})
    assert chat(w, "neue Runde")["seq"] == 1
    w.close()
    wa.close()


def test_a_guest_who_registers_at_the_table_writes_as_the_registered_player(clients: Make) -> None:
    """His open connection carries the registered player from then on: before, his chat lines stayed marked as a
    guest's until he reconnected."""
    import uuid

    a, b, t = two_player_table(clients)
    wa, wb = a.ws(t["id"]), b.ws(t["id"])
    wa.recv_type("state")
    wb.recv_type("state")
    wa.send({"type": "chat", "text": "noch Gast"})
    assert chat(wb, "noch Gast")["guest"]
    name = f"Anna{uuid.uuid4().hex[:8]}"
    r = a.post("/api/register", {"name": name, "password": "lange-geheime-phrase"})
    assert r.status_code == 200, r.text
    wa.send({"type": "chat", "text": "jetzt registriert"})
    msg = chat(wb, "jetzt registriert")
    assert not msg["guest"] and msg["author"] == name
    wa.close()
    wb.close()
