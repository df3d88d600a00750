"""Issue 24 §4 (security report): sessions after registration and login (M2), slow and many connections (M4),
password guessing and hashing floods (M5), guest floods (L2) and who may name the client's address (L7) — over real
HTTP and real sockets against real server processes."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path

import pytest

from tests.server.conftest import Client, ServerProcess
from tests.server.test_http_hardening import local_client

Make = Callable[..., Client]


@pytest.fixture
def start(tmp_path: Path) -> Iterator[Callable[..., ServerProcess]]:
    """Servers of this test's own, with its knobs; each counts per address, so they must not be shared."""
    started: list[ServerProcess] = []

    def make(args: Sequence[str] = (), env: Mapping[str, str] | None = None) -> ServerProcess:
        srv = ServerProcess(f"sqlite:///{tmp_path / f'own{len(started)}.db'}", log_dir=tmp_path,
                            extra_args=args, env=env)
        started.append(srv)
        return srv.start()

    yield make
    for srv in started:
        srv.stop()


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



def test_guests_per_address_are_limited(start: Callable[..., ServerProcess]) -> None:
    """L2: one address cannot make guests without end; the refusal is translated, others are unaffected."""
    srv = start(env={"WUERFEL_GUESTS_PER_ADDRESS": "3"})
    flood = local_client(srv, "127.0.0.31", lang="de")
    for i in range(3):
        r = flood.post("/api/guest", {"name": f"Flut{i}"})
        assert r.status_code == 200, r.text
    r = flood.post("/api/guest", {"name": "Flut3"})
    assert r.status_code == 429 and r.json()["error"] == {
        "code": "rate_limited", "message": "Zu viele neue Gäste von hier aus. Bitte versuche es in 10 min noch einmal."}
    en = local_client(srv, "127.0.0.31", lang="en")
    r = en.post("/api/guest", {"name": "Flut4"})
    assert r.json()["error"]["message"] == "Too many new guests from here. Please try again in 10 min."
    assert local_client(srv, "127.0.0.32").post("/api/guest", {"name": "Anderswo"}).status_code == 200



def test_forwarded_for_is_believed_only_from_named_proxies(start: Callable[..., ServerProcess]) -> None:
    """L7: without --forwarded-allow-ips a client's X-Forwarded-For is ignored, even from localhost, so it cannot
    choose the address its limits are counted by; from a named proxy it is believed."""
    env = {"WUERFEL_GUESTS_PER_ADDRESS": "1"}

    def guest(srv: ServerProcess, source: str, forwarded: str, name: str) -> int:
        c = local_client(srv, source, lang="en")
        return c.http.post("/api/guest", json={"name": name},
                           headers={"X-CSRF-Token": c.csrf, "X-Forwarded-For": forwarded}).status_code

    plain = start(env=env)
    # 127.0.0.1 is what uvicorn believes by default: a local hop passing the header on let a client pick his address
    assert guest(plain, "127.0.0.1", "10.0.0.1", "Eins") == 200
    assert guest(plain, "127.0.0.1", "10.0.0.2", "Zwei") == 429  # the same real address, whatever the header says
    proxied = start(["--forwarded-allow-ips", "127.0.0.41"], env)
    assert guest(proxied, "127.0.0.41", "10.0.0.1", "Eins") == 200
    assert guest(proxied, "127.0.0.41", "10.0.0.2", "Zwei") == 200  # two clients behind the named proxy
    assert guest(proxied, "127.0.0.41", "10.0.0.2", "Drei") == 429
    assert guest(proxied, "127.0.0.1", "10.0.0.3", "Vier") == 200  # not the proxy: its own address counts
    assert guest(proxied, "127.0.0.1", "10.0.0.4", "Fuenf") == 429

