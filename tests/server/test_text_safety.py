"""Text that others read (issue 24, security report L5): chat lines, player names and the names of a real table's
seats refuse control characters — a bidi override that turns a line around, a NUL that PostgreSQL cannot store —
with a message in the writer's language, and nothing is stored."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.server.conftest import Client, ServerProcess, pg_schema
from tests.server.test_chat import chat, refusal
from tests.server.test_protocol import two_player_table
from wuerfel.server import textcheck

Make = Callable[..., Client]


@pytest.mark.parametrize("bad", ["\u202e", "\u202a", "\u2066", "\u2069", "\x00", "\x07", "\x85", "\ud800"])
def test_control_characters_are_found(bad: str) -> None:
    assert textcheck.control_char(f"gut{bad}gemacht") == bad


def test_ordinary_text_passes() -> None:
    for text in ("Viel Glück!", "Ζήτω 🎲", "Привет", "日本語", "👨‍👩‍👧 Familie", "a\u00a0b"):
        assert textcheck.control_char(text) is None, text


def test_chat_refuses_bidi_overrides_and_nul(clients: Make) -> None:
    a, _b, t = two_player_table(clients, lang="de")
    wa = a.ws(t["id"])
    wa.recv_type("state")
    for text in ("ich gebe auf \u202enetlahcs", "Hallo\x00Welt"):
        wa.send({"type": "chat", "text": text})
        err = refusal(wa)
        assert err["code"] == "chat_control"
        assert err["message"] == (
            "Die Nachricht enthält Steuerzeichen (etwa eine Umkehr der Schreibrichtung); bitte schreibe einfachen Text."
        )
    wa.send({"type": "chat", "text": "Hallo Welt"})
    assert chat(wa, "Hallo Welt")["seq"] == 1  # nothing refused was stored
    wa.close()


def test_names_refuse_control_characters(clients: Make) -> None:
    c = clients("en")
    for name in ("Anna\u202e", "Anna\x00"):
        r = c.post("/api/guest", {"name": name})
        assert r.status_code == 422
        assert r.json()["error"] == {
            "code": "bad_name",
            "message": "A name must not contain control characters (such as a text direction override).",
        }
        r = c.post("/api/register", {"name": name, "password": "Würfelbecher-7"})
        assert r.status_code == 422 and r.json()["error"]["code"] == "bad_name"
    assert c.http.get("/api/session").json()["player"] is None  # nobody was made
    # whitespace inside a name is still made one space, as before
    assert c.post("/api/guest", {"name": "Anna\tLena"}).json()["player"]["name"] == "Anna Lena"
    r = c.post(
        "/api/tables", {"game": "stapel", "seats": 2, "scorekeeper": True, "names": {"0": "Opa", "1": "Oma\u202e"}}
    )
    assert r.status_code == 422 and r.json()["error"]["message"] == (
        "A name must not contain control characters (such as a text direction override)."
    )


def test_chat_nul_on_postgresql_is_refused_not_a_database_failure(tmp_path: Path) -> None:
    """PostgreSQL cannot store a NUL: the line failed as "database cannot be written". Now it is refused as what it
    is, and the table's chat goes on."""
    with pg_schema() as db:
        srv = ServerProcess(db, log_dir=tmp_path).start()
        try:
            a, b = Client(srv.url, "en").guest("Anna"), Client(srv.url, "en").guest("Bert")
            t = a.create("stapel", seats=2)
            assert b.post(f"/api/tables/{t['id']}/sit", {"seat": 1}).status_code == 200
            assert a.post(f"/api/tables/{t['id']}/start").status_code == 200
            wa = a.ws(t["id"])
            wa.recv_type("state")
            wa.send({"type": "chat", "text": "Hallo\x00Welt"})
            assert refusal(wa)["code"] == "chat_control"
            wa.send({"type": "chat", "text": "Hallo Welt"})
            assert chat(wa, "Hallo Welt")["seq"] == 1
            wa.close()
        finally:
            srv.stop()
