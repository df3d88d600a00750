"""The server under attack, websocket side: clients that never read, floods of connections and spectators, huge
catch-ups, messages nested too deeply. Each test was written against the attack it names and failed before its fix."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.conftest import Client, ServerProcess
from tests.server.test_protocol import mover, two_player_table

Make = Callable[..., Client]
CATCH_UP = 200


class RawWs:
    """A websocket client written by hand on a socket with a tiny receive buffer, so it can do what no library
    client does: send and send and never read a byte of what the server answers."""

    def __init__(self, base: str, path: str) -> None:
        host, port = base.split("//", 1)[1].split(":")
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        self.sock.connect((host, int(port)))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            assert chunk, "the server closed during the handshake"
            head += chunk
        assert head.startswith(b"HTTP/1.1 101"), head

    @staticmethod
    def frame(text: str) -> bytes:
        payload = text.encode()
        mask = os.urandom(4)
        assert len(payload) < 126
        return bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))

    def flood(self, text: str, stop: threading.Event, seconds: float) -> None:
        """Send ``text`` again and again until the server stops reading (a send blocks for 3 s), or ``seconds``."""
        data = self.frame(text) * 64
        self.sock.settimeout(3)
        end = time.monotonic() + seconds
        with contextlib.suppress(OSError):
            while not stop.is_set() and time.monotonic() < end:
                self.sock.sendall(data)

    def close(self) -> None:
        self.sock.close()


def test_a_client_that_never_reads_cannot_stall_the_table(clients: Make, server: ServerProcess) -> None:
    """An anonymous spectator floods pings and never reads its answers. Its socket fills up; before, the server then
    blocked in a send while holding the table's lock and the players' moves waited for ever. Now every move of the
    players is acknowledged within the usual deadline while the flood goes on, and the flooder is dropped."""
    a, b, t = two_player_table(clients, overrides={"target": 100000})  # the game outlasts the flood
    wa, wb = a.ws(t["id"]), b.ws(t["id"])
    st = wa.recv_type("state")
    wb.recv_type("state")
    raw = RawWs(server.url, f"/ws/table/{t['id']}")
    stop = threading.Event()
    flooder = threading.Thread(target=raw.flood, args=('{"type":"ping"}', stop, 90.0), daemon=True)
    flooder.start()
    try:
        moves = 0
        while (flooder.is_alive() or moves < 5) and not st["finished"] and moves < 5000:
            w = wa if mover(st) == 0 else wb
            st = w.state_at_least(st["seq"], timeout=30)
            w.send({"action": st["legal"][0]["action"], "expected_seq": st["seq"]})
            st = w.state_at_least(st["seq"] + 1, timeout=30)
            moves += 1
        assert not flooder.is_alive(), "the flood never filled the socket: the test proves nothing"
    finally:
        stop.set()
        flooder.join(10)
        raw.close()


def test_a_message_nested_too_deeply_is_an_error_not_a_silent_drop(clients: Make) -> None:
    a, _b, t = two_player_table(clients)
    w = a.ws(t["id"])
    st = w.recv_type("state")
    w.send("[" * 5000 + "]" * 5000)
    err = w.recv_type("error")
    assert err["error"]["code"] == "too_deep" and err["seq"] == st["seq"] and err["error"]["message"]
    w.send({"type": "ping"})
    assert w.recv_type("pong")["type"] == "pong"


def test_a_long_log_is_caught_up_in_one_bounded_message(clients: Make) -> None:
    """``since=0`` on a long game used to send the whole log (megabytes, built while the table waited). The first
    state carries the view and the last ``CATCH_UP`` events; ``skipped`` says how many older ones were left out."""
    a = clients().guest("Host")
    t = a.create("pig", seats=2, sit=False, bots={"0": "random", "1": "random"}, overrides={"target": 400})
    assert a.post(f"/api/tables/{t['id']}/start").status_code == 200
    w = a.ws(t["id"])
    st = w.recv_type("state")
    deadline = time.monotonic() + 120
    while not st["finished"] and time.monotonic() < deadline:
        st = w.recv_type("state", timeout=30)
    assert st["finished"] and st["seq"] > CATCH_UP
    full = clients().ws(t["id"], since=0).recv_type("state")
    assert [e["seq"] for e in full["events"]] == list(range(st["seq"] - CATCH_UP + 1, st["seq"] + 1))
    assert full["skipped"] == st["seq"] - CATCH_UP
    near = clients().ws(t["id"], since=st["seq"] - 3).recv_type("state")
    assert [e["seq"] for e in near["events"]] == list(range(st["seq"] - 2, st["seq"] + 1))
    assert "skipped" not in near


@pytest.fixture
def limited(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ServerProcess]:
    monkeypatch.setenv("WUERFEL_WS_PER_ADDRESS", "6")
    monkeypatch.setenv("WUERFEL_SPECTATORS_PER_TABLE", "2")
    srv = ServerProcess(f"sqlite:///{tmp_path / 'w.db'}", log_dir=tmp_path).start()
    yield srv
    srv.stop()


def refusal(c: Client, table_id: str, lang: str = "en") -> dict[str, Any]:
    ws = c.ws(table_id)
    msg = ws.recv()
    with pytest.raises(ConnectionClosed) as closed:
        ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
    return msg


def test_spectators_per_table_and_connections_per_address_are_limited(limited: ServerProcess) -> None:
    made: list[Client] = []

    def client(lang: str | None = None) -> Client:
        made.append(Client(limited.url, lang))
        return made[-1]

    try:
        a, b, t = two_player_table(client)
        watchers = [client().ws(t["id"]) for _ in range(2)]
        for w in watchers:
            assert w.recv_type("state")["seq"] == t["seq"]
        msg = refusal(client("de"), t["id"])
        assert msg["type"] == "error" and msg["error"]["code"] == "too_many_spectators"
        assert "Zuschauer" in msg["error"]["message"]
        # The players themselves still get in, and a spectator's place is free again once one leaves.
        wa = a.ws(t["id"])
        assert wa.recv_type("state")["seat"] == 0
        watchers.pop().close()
        deadline = time.monotonic() + 30
        while True:
            w = client().ws(t["id"])
            msg = w.recv()
            if msg["type"] == "state":
                watchers.append(w)
                break
            assert time.monotonic() < deadline, msg
            w.close()
        # 2 watchers + Anna = 3 connections from this address; three more reach the limit of 6.
        extra = [b.ws(t["id"]) for _ in range(3)]
        for w in extra:
            assert w.recv_type("state")["seat"] == 1
        msg = refusal(b, t["id"])
        assert msg["error"]["code"] == "too_many_connections"
        extra.pop().close()
        deadline = time.monotonic() + 30
        while True:
            w = b.ws(t["id"])
            msg = w.recv()
            if msg["type"] == "state":
                break
            assert time.monotonic() < deadline, msg
            w.close()
        json.dumps(msg)
    finally:
        for c in made:
            c.close()


def test_a_locked_database_freezes_nothing_and_bots_resume_after_it(tmp_path: Path) -> None:
    """Another process holds the database's write lock while bots play. Before, the commit waited on the event loop
    (30 s busy timeout) and froze every request; a failed bot commit stopped the table for good and ``/healthz`` said
    OK. Now requests are answered while the lock is held, ``/healthz`` reports the database (503), the table is told
    that the server keeps trying, and once the lock is gone the bots go on by themselves and ``/healthz`` is OK."""
    import sqlite3

    import httpx

    srv = ServerProcess(f"sqlite:///{tmp_path / 'w.db'}", log_dir=tmp_path).start()
    c = Client(srv.url)
    lock: sqlite3.Connection | None = None
    try:
        c.guest("Host")
        t = c.create("pig", seats=2, sit=False, bots={"0": "random", "1": "random"}, overrides={"target": 100000})
        assert c.post(f"/api/tables/{t['id']}/start").status_code == 200
        w = c.ws(t["id"])
        w.state_at_least(3, timeout=30)
        lock = sqlite3.connect(tmp_path / "w.db", isolation_level=None, timeout=30)
        lock.execute("BEGIN EXCLUSIVE")
        # Bots move without pause: their next commit now waits for the lock. The loop must still answer.
        assert httpx.get(srv.url + "/api/games", timeout=15).status_code == 200
        health = httpx.get(srv.url + "/healthz", timeout=15)
        assert health.status_code == 503 and not health.json()["ok"] and health.json()["database"]
        err = w.recv_type("error", timeout=60)
        assert err["error"]["code"] == "db_unavailable" and err["error"]["message"]
        stuck = err["seq"]
        lock.rollback()
        lock.close()
        lock = None
        assert w.state_at_least(stuck + 3, timeout=60)["seq"] >= stuck + 3
        deadline = time.monotonic() + 30
        while httpx.get(srv.url + "/healthz", timeout=10).status_code != 200:
            assert time.monotonic() < deadline, "healthz never recovered"
            time.sleep(0.1)
    finally:
        if lock is not None:
            lock.close()
        c.close()
        srv.stop()


def test_seating_on_a_locked_database_is_a_clear_refusal(tmp_path: Path) -> None:
    """Seating, starting and creating a table write to the database too: when it cannot be written they used to
    answer a bare 500. Now the user reads why (503 ``db_unavailable``, in their language) and nothing changed."""
    import sqlite3

    srv = ServerProcess(f"sqlite:///{tmp_path / 'w.db'}", log_dir=tmp_path).start()
    a, b = Client(srv.url), Client(srv.url, "de")
    lock: sqlite3.Connection | None = None
    try:
        a.guest("Anna")
        b.guest("Bert")
        t = a.create("stapel", seats=2)
        lock = sqlite3.connect(tmp_path / "w.db", isolation_level=None, timeout=30)
        lock.execute("BEGIN EXCLUSIVE")
        r = b.post(f"/api/tables/{t['id']}/sit", {"seat": 1})
        assert r.status_code == 503, r.text
        assert r.json()["error"]["code"] == "db_unavailable" and "Datenbank" in r.json()["error"]["message"]
        lock.rollback()
        lock.close()
        lock = None
        assert b.http.get(f"/api/tables/{t['id']}").json()["seats"][1]["kind"] == "empty"
        assert b.post(f"/api/tables/{t['id']}/sit", {"seat": 1}).status_code == 200
    finally:
        if lock is not None:
            lock.close()
        a.close()
        b.close()
        srv.stop()
