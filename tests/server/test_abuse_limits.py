"""Issue 24 §4 (security report): sessions after registration and login (M2), slow and many connections (M4),
password guessing and hashing floods (M5), guest floods (L2) and who may name the client's address (L7) — over real
HTTP and real sockets against real server processes."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import time
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import Client, ServerProcess
from tests.server.test_http_hardening import local_client
from wuerfel.server import auth
from wuerfel.server.app import create_app
from wuerfel.server.store import Store

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

Make = Callable[..., Client]


@pytest.fixture
def start(tmp_path: Path) -> Iterator[Callable[..., ServerProcess]]:
    """Servers of this test's own, with its knobs; each counts per address, so they must not be shared."""
    started: list[ServerProcess] = []

    def make(args: Sequence[str] = (), env: Mapping[str, str] | None = None) -> ServerProcess:
        srv = ServerProcess(
            f"sqlite:///{tmp_path / f'own{len(started)}.db'}", log_dir=tmp_path, extra_args=args, env=env
        )
        started.append(srv)
        return srv.start()

    yield make
    for srv in started:
        srv.stop()


def connect_from(server: ServerProcess, source: str) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=(source, 0))
    return s


def read_until_closed(s: socket.socket, within: float) -> bytes:
    """Everything the server sends until it closes the connection; fails when it is still open after ``within``."""
    data = b""
    deadline = time.monotonic() + within
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"still open after {within} s: {data[:200]!r}"
        s.settimeout(left)
        try:
            chunk = s.recv(65536)
        except ConnectionResetError:
            return data
        if not chunk:
            return data
        data += chunk


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


def test_half_sent_headers_are_dropped_and_each_address_holds_few_connections(
    start: Callable[..., ServerProcess],
) -> None:
    """M4 (slowloris): a head that never completes is closed after --header-timeout, a complete one is served, and
    one address cannot hold more than --connections-per-address sockets while another address still gets in."""
    srv = start(["--header-timeout", "1", "--connections-per-address", "3"])
    slow = connect_from(srv, "127.0.0.21")
    slow.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    began = time.monotonic()
    answer = read_until_closed(slow, 15)
    assert answer.startswith(b"HTTP/1.1 408") and b"did not arrive in time" in answer, answer
    assert time.monotonic() - began >= 0.9
    slow.close()
    # three sockets from one address are held (one idle, two with half a head), the fourth is refused with a reason
    held = [connect_from(srv, "127.0.0.22") for _ in range(3)]
    for s in held[1:]:
        s.sendall(b"GET /healthz HTTP/1.1\r\n")
    fourth = connect_from(srv, "127.0.0.22")
    refused = read_until_closed(fourth, 10)
    assert refused.startswith(b"HTTP/1.1 429"), refused
    assert b"Zu viele Verbindungen" in refused and b"Too many connections" in refused
    # another address is served meanwhile, and a complete request passes the header deadline
    other = local_client(srv, "127.0.0.23")
    assert other.http.get("/healthz").status_code == 200
    other.close()
    for s in held:
        s.close()
    # once they are closed, the address gets in again
    deadline = time.monotonic() + 10
    while True:
        again = local_client(srv, "127.0.0.22")
        try:
            if again.http.get("/healthz").status_code == 200:
                break
        except Exception:
            pass
        finally:
            again.close()
        assert time.monotonic() < deadline, "the address stayed refused after its sockets closed"
        time.sleep(0.05)


def test_websockets_count_against_the_connection_cap_and_outlive_the_header_deadline(
    start: Callable[..., ServerProcess],
) -> None:
    """M4: an upgraded connection (a websocket) still counts for its address, and its head's deadline ends with the
    upgrade: it stays open past --header-timeout."""
    from websockets.sync.client import connect

    srv = start(["--header-timeout", "1", "--connections-per-address", "2"])
    host = local_client(srv, "127.0.0.25", lang="en").guest("Wirt")
    table = host.create("pig", seats=2, sit=False)
    url = srv.url.replace("http", "ws") + f"/ws/table/{table['id']}"

    def ws_from(source: str) -> Any:
        return connect(url, sock=connect_from(srv, source), open_timeout=10)

    with contextlib.ExitStack() as stack:
        held = [stack.enter_context(ws_from("127.0.0.26")) for _ in range(2)]
        # A third websocket of the address is refused with the 429, or — on a slow machine — closed before its
        # handshake was read. Asked over a plain socket: the websockets client, cut off mid-handshake, sometimes
        # failed with an AssertionError of its own (after "Bad file descriptor") instead of an error to catch.
        third = connect_from(srv, "127.0.0.26")
        host_port = srv.url.split("//", 1)[1]
        try:
            third.sendall(
                (
                    f"GET /ws/table/{table['id']} HTTP/1.1\r\nHost: {host_port}\r\nUpgrade: websocket\r\n"
                    "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    "Sec-WebSocket-Version: 13\r\n\r\n"
                ).encode()
            )
            answer = read_until_closed(third, 10)
        except (BrokenPipeError, ConnectionResetError):
            answer = b""  # closed before the request was even written
        third.close()
        assert answer == b"" or answer.startswith(b"HTTP/1.1 429"), answer[:200]
        began = time.monotonic()
        for ws in held:  # read the table's state until the header deadline has long passed, then ask once more
            while time.monotonic() - began < 2:
                with contextlib.suppress(TimeoutError):
                    ws.recv(timeout=0.2)
            ws.send(json.dumps({"type": "ping"}))
            deadline = time.monotonic() + 10
            while json.loads(ws.recv(timeout=10))["type"] != "pong":
                assert time.monotonic() < deadline
        with ws_from("127.0.0.27"):  # another address gets in meanwhile
            pass


def test_guests_per_address_are_limited(start: Callable[..., ServerProcess]) -> None:
    """L2: one address cannot make guests without end; the refusal is translated, others are unaffected."""
    srv = start(env={"WUERFEL_GUESTS_PER_ADDRESS": "3"})
    flood = local_client(srv, "127.0.0.31", lang="de")
    for i in range(3):
        r = flood.post("/api/guest", {"name": f"Flut{i}"})
        assert r.status_code == 200, r.text
    r = flood.post("/api/guest", {"name": "Flut3"})
    assert r.status_code == 429 and r.json()["error"] == {
        "code": "rate_limited",
        "message": "Zu viele neue Gäste von hier aus. Bitte versuche es in 10 min noch einmal.",
    }
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
        return c.http.post(
            "/api/guest", json={"name": name}, headers={"X-CSRF-Token": c.csrf, "X-Forwarded-For": forwarded}
        ).status_code

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


def test_password_hashing_has_a_budget_and_leaves_a_core(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """M5: argon2 threads leave one core for the games, and beyond the hash budget a login is refused as busy at
    once — before the account is even looked up."""
    assert auth.HASH_WORKERS == max(1, (os.cpu_count() or 1) - 1) == auth.HASH_POOL._max_workers
    monkeypatch.setenv("WUERFEL_HASHES_PER_SECOND", "0.001")
    monkeypatch.setattr(auth, "HASH_BURST", 2)
    lookups: list[str] = []
    real_find = Store.find_registered

    def find(self: Store, name: str) -> object:
        lookups.append(name)
        return real_find(self, name)

    monkeypatch.setattr(Store, "find_registered", find)
    app = create_app(f"sqlite:///{tmp_path / 'budget.db'}", bot_delay=0)
    with TestClient(app, headers={"Accept-Language": "en"}) as c:

        def post(path: str, body: dict[str, str]) -> tuple[int, dict]:
            token = c.get("/api/session").json()["csrf_token"]
            r = c.post(path, json=body, headers={"X-CSRF-Token": token})
            return r.status_code, r.json()

        assert post("/api/register", {"name": "Sparsam", "password": "ein-knappes-budget"})[0] == 200  # hash 1
        assert post("/api/logout", {})[0] == 200
        assert post("/api/login", {"name": "Sparsam", "password": "ein-knappes-budget"})[0] == 200  # hash 2
        assert post("/api/logout", {})[0] == 200
        lookups.clear()
        status, body = post("/api/login", {"name": "Sparsam", "password": "ein-knappes-budget"})
        assert status == 503 and body["error"] == {
            "code": "busy",
            "message": "The server is busy. Please try again in a moment.",
        }
        assert lookups == []
        status, body = post("/api/register", {"name": "Sparsam2", "password": "ein-knappes-budget"})
        assert status == 503 and body["error"]["code"] == "busy"


def test_distributed_guessing_locks_the_account_but_not_its_known_devices(start: Callable[..., ServerProcess]) -> None:
    """M5: failures from many addresses together lock the account for a while (the refusal says how long), and a
    browser that has logged in to it before still gets in; a made-up device cookie does not."""
    srv = start()
    owner = local_client(srv, "127.0.0.51", lang="en")
    assert owner.post("/api/register", {"name": "Belagert", "password": "nur-ich-weiss-es"}).status_code == 200
    assert owner.http.cookies.get("wuerfel_device")
    assert owner.post("/api/logout").status_code == 200
    for i in range(10):
        guesser = local_client(srv, f"127.0.0.{60 + i}")
        r = guesser.post("/api/login", {"name": "belagert", "password": f"geraten-{i}-x"})
        assert r.status_code == 401, r.text
        guesser.close()
    # now even the right password from a new place is refused, in the asker's language, saying when to try again
    stranger = local_client(srv, "127.0.0.71")
    r = stranger.post("/api/login", {"name": "Belagert", "password": "nur-ich-weiss-es"})
    assert r.status_code == 429 and r.json()["error"] == {
        "code": "account_locked",
        "message": "Zu viele fehlgeschlagene Anmeldungen für dieses Konto. Bitte versuche es in 15 min noch einmal "
        "oder melde dich auf einem Gerät an, auf dem du dich schon einmal angemeldet hast.",
    }
    forged = local_client(srv, "127.0.0.72", lang="en")
    forged.http.cookies.set("wuerfel_device", "1.abc.0123456789abcdef0123456789abcdef")
    r = forged.post("/api/login", {"name": "Belagert", "password": "nur-ich-weiss-es"})
    assert r.status_code == 429 and r.json()["error"]["message"].startswith("Too many failed logins for this account")
    # the owner's browser logs in
    r = owner.post("/api/login", {"name": "Belagert", "password": "nur-ich-weiss-es"})
    assert r.status_code == 200, r.text
    assert owner.http.get("/api/session").json()["player"]["name"] == "Belagert"
