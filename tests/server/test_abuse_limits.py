"""Issue 24 §4 (security report): sessions after registration and login (M2), slow and many connections (M4),
password guessing and hashing floods (M5), guest floods (L2) and who may name the client's address (L7) — over real
HTTP and real sockets against real server processes."""

from __future__ import annotations

from collections.abc import Callable

from tests.server.conftest import Client

Make = Callable[..., Client]


def test_a_guest_session_ends_when_the_guest_registers(clients: Make) -> None:
    """M2: a guest token planted in a victim's browser must not become a session of the account he registers."""
    victim = clients("en").guest("Gepflanzt")
    planted = victim.http.cookies["wuerfel_session"]
    r = victim.post("/api/register", {"name": "Gepflanzt", "password": "mein-eigenes-konto"})
    assert r.status_code == 200, r.text
    fresh = victim.http.cookies["wuerfel_session"]
    assert fresh != planted
    assert victim.http.get("/api/session").json()["player"]["name"] == "Gepflanzt"
    attacker = clients("en")
    attacker.http.cookies.set("wuerfel_session", planted)
    assert attacker.http.get("/api/session").json()["player"] is None


def test_logging_in_ends_the_session_the_browser_brought(clients: Make) -> None:
    """M2: a login issues a new token and the one the browser had (a guest's, say) stops working."""
    owner = clients("en")
    assert owner.post("/api/register", {"name": "Festgesetzt", "password": "noch-ein-konto"}).status_code == 200
    assert owner.post("/api/logout").status_code == 200
    browser = clients("en").guest("Vorher")
    planted = browser.http.cookies["wuerfel_session"]
    r = browser.post("/api/login", {"name": "Festgesetzt", "password": "noch-ein-konto"})
    assert r.status_code == 200, r.text
    assert browser.http.cookies["wuerfel_session"] != planted
    assert browser.http.get("/api/session").json()["player"]["name"] == "Festgesetzt"
    other = clients("en")
    other.http.cookies.set("wuerfel_session", planted)
    assert other.http.get("/api/session").json()["player"] is None

