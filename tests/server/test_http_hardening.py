"""Hardening of the HTTP side (issue #11): body limits, error format, security headers, CSRF, passwords, sessions,
login limits, replay paging, table limits, seating and accounts — over real HTTP against a real server process."""

from __future__ import annotations

import concurrent.futures
import json
import re
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.server.conftest import Client, ServerProcess

Make = Callable[..., Client]


def raw_exchange(server: ServerProcess, head: str, body_parts: list[bytes], timeout: float = 30) -> tuple[int, bytes]:
    """Send a request by hand (headers, then body pieces that may never finish) and read the answer.

    The server must answer without waiting for the rest of the body; a server that waits makes this time out.
    """
    with socket.create_connection(("127.0.0.1", server.port), timeout=timeout) as s:
        s.sendall(head.encode())
        for part in body_parts:
            try:
                s.sendall(part)
            except OSError:
                break  # the server refused and closed: that is the point
        data = b""
        deadline = time.monotonic() + timeout
        while b"\r\n\r\n" not in data or len(data.split(b"\r\n\r\n", 1)[1]) < _length(data):
            if time.monotonic() > deadline:
                raise TimeoutError(data[:200])
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    status = int(data.split(b" ", 2)[1])
    return status, data.split(b"\r\n\r\n", 1)[1]


def _length(data: bytes) -> int:
    m = re.search(rb"(?i)content-length:\s*(\d+)", data.split(b"\r\n\r\n", 1)[0])
    return int(m.group(1)) if m else 0


def test_large_declared_body_is_refused_before_it_is_read(server: ServerProcess) -> None:
    head = (
        f"POST /login HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nContent-Type: application/x-www-form-urlencoded"
        f"\r\nAccept-Language: en\r\nContent-Length: {50 * 1024 * 1024}\r\n\r\n"
    )
    status, body = raw_exchange(server, head, [b"x" * 70_000])
    assert status == 413
    assert json.loads(body) == {"error": {"code": "too_large", "message": "The request is too large."}}


def test_chunked_body_is_refused_while_streaming(server: ServerProcess) -> None:
    head = f"POST /register HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nTransfer-Encoding: chunked\r\n\r\n"
    chunk = b"x" * 16_000
    parts = [f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"] * 6  # 96 KB, and the final chunk never comes
    status, body = raw_exchange(server, head, parts)
    assert status == 413
    assert json.loads(body)["error"] == {"code": "too_large", "message": "Die Anfrage ist zu groß."}


def test_deeply_nested_json_gets_the_documented_error(clients: Make) -> None:
    c = clients("en")
    r = c.http.post(
        "/api/games/stapel/validate",
        content=b"[" * 50_000,
        headers={"X-CSRF-Token": c.csrf, "Content-Type": "application/json"},
    )
    assert r.status_code == 400
    assert r.json()["error"] == {"code": "bad_request", "message": "The request is not valid JSON."}


def test_security_headers_and_inline_scripts_carry_the_nonce(clients: Make) -> None:
    c = clients().guest("Kopf")
    t = c.create("stapel", seats=1)
    for path in ("/", "/login", f"/table/{t['id']}", "/api/games", "/static/js/api.js"):
        r = c.http.get(path)
        assert r.status_code == 200, path
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "same-origin"
        policy = r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "object-src 'none'" in policy
        nonce = re.search(r"'nonce-([^']+)'", policy)
        assert nonce, policy
        if "text/html" in r.headers["content-type"]:
            for tag in re.findall(r"<script\b[^>]*>", r.text):
                assert "src=" in tag or "application/json" in tag or f'nonce="{nonce.group(1)}"' in tag, tag


def test_csrf_token_is_bound_to_the_session(clients: Make) -> None:
    a, b = clients().guest("Bindung"), clients().guest("Fremd")
    assert a.csrf != b.csrf
    # a token planted in the cookie (by a sibling host, say) and repeated is worthless once a session exists
    a.http.cookies.set("wuerfel_csrf", "attacker-chosen-token-123")
    r = a.http.post("/api/tables", json={"game": "stapel"}, headers={"X-CSRF-Token": "attacker-chosen-token-123"})
    assert r.status_code == 403 and r.json()["error"]["code"] == "csrf"
    # another session's token is worthless too
    r = a.http.post("/api/tables", json={"game": "stapel"}, headers={"X-CSRF-Token": b.csrf})
    assert r.status_code == 403
    assert a.post("/api/tables", {"game": "stapel"}).status_code == 201
    # the page carries the bound token
    assert f'content="{a.csrf}"' in a.http.get("/").text


def test_password_policy_refuses_guessable_passwords(clients: Make) -> None:
    de, en = clients(), clients("en")
    for pw in (" " * 8, "password", "Passwort", "aaaaaaaa", "abababab", "12345678", "Qwertzui", "PolicyName1"):
        r = de.post("/api/register", {"name": "PolicyName", "password": pw})
        assert r.status_code == 422 and r.json()["error"]["code"] == "bad_password", pw
    assert (
        en.post("/api/register", {"name": "Pol", "password": " " * 9}).json()["error"]["message"]
        == "A password needs at least 5 different characters (spaces do not count)."
    )
    assert (
        de.post("/api/register", {"name": "Pol", "password": "password"}).json()["error"]["message"]
        == "Dieses Passwort ist zu leicht zu erraten; bitte wähle ein anderes."
    )
    assert de.http.get("/api/session").json()["player"] is None
    assert de.post("/api/register", {"name": "PolicyName", "password": "Zwei Würfel!"}).status_code == 200


def test_logging_out_ends_every_session_of_the_account(clients: Make) -> None:
    phone, laptop = clients(), clients()
    assert phone.post("/api/register", {"name": "Zweigeraet", "password": "kniffel-2026"}).status_code == 200
    assert laptop.post("/api/login", {"name": "zweigeraet", "password": "kniffel-2026"}).status_code == 200
    assert laptop.http.get("/api/session").json()["player"]["name"] == "Zweigeraet"
    assert phone.post("/api/logout").status_code == 200
    assert phone.http.get("/api/session").json()["player"] is None
    assert laptop.http.get("/api/session").json()["player"] is None
    assert laptop.post("/api/tables", {"game": "stapel"}).json()["error"]["code"] == "not_logged_in"


def test_a_guest_cannot_take_a_registered_name(clients: Make) -> None:
    owner, guest = clients(), clients("en")
    assert owner.post("/api/register", {"name": "Reserviert", "password": "eigener-name"}).status_code == 200
    for name in ("Reserviert", " reserviert ", "RESERVIERT"):
        r = guest.post("/api/guest", {"name": name})
        assert r.status_code == 409 and r.json()["error"]["code"] == "name_reserved", name
    assert "registered player" in r.json()["error"]["message"]
    assert guest.http.get("/api/session").json()["player"] is None
    assert guest.post("/api/guest", {"name": "Reserviert2"}).status_code == 200


def local_client(server: ServerProcess, source: str, lang: str = "de") -> Client:
    """A client whose requests come from another loopback address (127.0.0.0/8 all reach the server)."""
    import httpx

    c = Client.__new__(Client)
    c.base, c.lang, c.player = server.url, lang, None
    c.http = httpx.Client(
        base_url=server.url,
        headers={"Accept-Language": lang},
        timeout=60,
        transport=httpx.HTTPTransport(local_address=source),
    )
    c.csrf = c.http.get("/api/session").json()["csrf_token"]
    return c


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[ServerProcess]:
    """Login limits count per address; a server of their own keeps these tests from limiting the others."""
    srv = ServerProcess(f"sqlite:///{tmp_path / 'limits.db'}", log_dir=tmp_path).start()
    yield srv
    srv.stop()


def test_new_accounts_per_address_are_limited(tmp_path: Path) -> None:
    """At most ``WUERFEL_REGISTRATIONS_PER_ADDRESS`` (10 by default) new accounts a minute from one address; the
    refusal says why in the user's language, and another address still registers."""
    srv = ServerProcess(
        f"sqlite:///{tmp_path / 'reg.db'}", log_dir=tmp_path, env={"WUERFEL_REGISTRATIONS_PER_ADDRESS": "3"}
    ).start()
    try:
        here = local_client(srv, "127.0.0.6")
        codes = [
            here.post("/api/register", {"name": f"Konto{i}", "password": "richtig-und-lang"}).status_code
            for i in range(4)
        ]
        assert codes == [200, 200, 200, 429]
        r = here.post("/api/register", {"name": "Konto9", "password": "richtig-und-lang"})
        assert r.json()["error"] == {
            "code": "rate_limited",
            "message": "Zu viele neue Konten von hier aus. Bitte warte eine Minute.",
        }
        assert (
            local_client(srv, "127.0.0.7")
            .post("/api/register", {"name": "Anderswo", "password": "richtig-und-lang"})
            .status_code
            == 200
        )
    finally:
        srv.stop()


def test_login_limit_counts_the_account_not_the_spelling(own_server: ServerProcess) -> None:
    owner = local_client(own_server, "127.0.0.1")
    assert owner.post("/api/register", {"name": "Opfer", "password": "richtig-und-lang"}).status_code == 200
    attacker = local_client(own_server, "127.0.0.2")
    codes = [
        attacker.post("/api/login", {"name": n, "password": "falsch-falsch"}).status_code
        for n in (" Opfer", "Opfer\t", "OPFER ", "opfer", "\tOpfer\n", "Opfer  ", " oPfer")
    ]
    assert codes[:5] == [401] * 5 and codes[5:] == [429, 429]
    # the real user elsewhere is not locked out
    assert (
        local_client(own_server, "127.0.0.3")
        .post("/api/login", {"name": "Opfer", "password": "richtig-und-lang"})
        .status_code
        == 200
    )


def test_login_limit_per_address_stops_a_flood_of_new_names(own_server: ServerProcess) -> None:
    owner = local_client(own_server, "127.0.0.1")
    assert owner.post("/api/register", {"name": "Bleibt", "password": "richtig-und-lang"}).status_code == 200
    flood = local_client(own_server, "127.0.0.4")
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        codes = list(
            pool.map(
                lambda i: (
                    flood.http.post(
                        "/api/login",
                        json={"name": f"neu{i}", "password": "irgendwas-1"},
                        headers={"X-CSRF-Token": flood.csrf},
                    ).status_code
                ),
                range(40),
            )
        )
    assert codes.count(401) == 20 and codes.count(429) == 20, codes
    r = flood.post("/api/login", {"name": "Bleibt", "password": "richtig-und-lang"})
    assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
    # other addresses, and the account itself, are unaffected
    assert (
        local_client(own_server, "127.0.0.5")
        .post("/api/login", {"name": "Bleibt", "password": "richtig-und-lang"})
        .status_code
        == 200
    )


def test_replay_comes_in_pages(clients: Make) -> None:
    host = clients("en").guest("Seiten")
    t = host.create("pig", seats=2, sit=False, bots={"0": "random", "1": "random"}, overrides={"target": 200})
    assert host.post(f"/api/tables/{t['id']}/start").status_code == 200
    deadline = time.monotonic() + 60
    while host.http.get(f"/api/tables/{t['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bot game did not finish"
        time.sleep(0.05)
    first = host.http.get(f"/api/tables/{t['id']}/replay").json()
    total = first["total"]
    assert total > 100 and len(first["steps"]) == 100 and first["next"] == 100
    big = host.http.get(f"/api/tables/{t['id']}/replay", params={"start": 1, "count": 10**6}).json()
    assert len(big["steps"]) == 100 and big["steps"][0]["index"] == 1
    steps = host.replay_steps(t["id"])
    assert [s["index"] for s in steps] == list(range(total))
    assert (
        steps[-1]["view"]
        == host.http.get(f"/api/tables/{t['id']}/replay", params={"start": total - 1}).json()["steps"][0]["view"]
    )
    r = host.http.get(f"/api/tables/{t['id']}/replay", params={"start": total})
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_request"
    r = host.http.get(f"/api/tables/{t['id']}/replay", params={"start": "abc"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_request"


def test_one_seat_per_person_and_the_host_removes_players(clients: Make) -> None:
    host, pusher, other = clients().guest("Gastgeber"), clients("en").guest("Drängler"), clients().guest("Andere")
    t = host.create("pig", seats=4)
    tid = t["id"]
    assert pusher.post(f"/api/tables/{tid}/sit", {"seat": 1}).status_code == 200
    r = pusher.post(f"/api/tables/{tid}/sit", {"seat": 2})
    assert r.status_code == 409 and r.json()["error"] == {
        "code": "one_seat",
        "message": "You already have a seat at this table.",
    }
    # someone else may not clear a seat, the host may (before the start)
    assert other.post(f"/api/tables/{tid}/leave", {"seat": 1}).json()["error"]["code"] == "not_seated"
    r = host.post(f"/api/tables/{tid}/leave", {"seat": 1})
    assert r.status_code == 200 and r.json()["seats"][1]["kind"] == "empty"
    assert host.post(f"/api/tables/{tid}/leave", {"seat": 1}).json()["error"]["code"] == "not_seated"
    # the host's own table is hot-seat by design: several seats are fine
    assert host.post(f"/api/tables/{tid}/sit", {"seat": 1}).status_code == 200
    assert host.post(f"/api/tables/{tid}/sit", {"seat": 2}).status_code == 200
    assert other.post(f"/api/tables/{tid}/sit", {"seat": 3}).status_code == 200
    assert host.post(f"/api/tables/{tid}/start").status_code == 200
    assert host.post(f"/api/tables/{tid}/leave", {"seat": 3}).json()["error"]["code"] == "already_started"


def test_open_tables_per_player_are_limited(clients: Make) -> None:
    c = clients("en").guest("Vieltisch")
    ids = [c.create("stapel")["id"] for _ in range(5)]
    r = c.post("/api/tables", {"game": "stapel"})
    assert r.status_code == 429 and r.json()["error"]["code"] == "too_many_tables"
    assert r.json()["error"]["message"].startswith("You already have 5 tables waiting to start.")
    assert c.post(f"/api/tables/{ids[0]}/start").status_code == 200  # a started table no longer counts
    assert c.post("/api/tables", {"game": "stapel"}).status_code == 201


def test_idle_open_tables_leave_the_lobby(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WUERFEL_OPEN_TABLE_IDLE", "1")
    srv = ServerProcess(f"sqlite:///{tmp_path / 'idle.db'}", log_dir=tmp_path).start()
    try:
        c = Client(srv.url).guest("Wartet")
        ids = [c.create("stapel")["id"] for _ in range(5)]
        deadline = time.monotonic() + 30
        while {x["id"] for x in c.http.get("/api/tables").json()["tables"]} & set(ids):
            assert time.monotonic() < deadline, "idle open tables stayed in the lobby"
            time.sleep(0.1)
        assert c.post("/api/tables", {"game": "stapel"}).status_code == 201  # they no longer count either
        c.close()
    finally:
        srv.stop()


def test_idle_expiry_reads_the_stored_last_seating_change_across_a_restart(tmp_path: Path) -> None:
    """The last seating change is stored (``active_at``): a table somebody sat down at recently stays in the lobby
    after a restart even though it was created long ago, and one nobody touched for longer than the window goes.
    The times are set in the database (no waiting): the window is the default 30 minutes."""
    import datetime as dt

    import sqlalchemy as sa

    from wuerfel.server import db

    url = f"sqlite:///{tmp_path / 'idle.db'}"
    srv = ServerProcess(url, log_dir=tmp_path).start()
    try:
        host, other = Client(srv.url).guest("Wirtin"), Client(srv.url).guest("Gast")
        fresh, stale = host.create("stapel", seats=2)["id"], host.create("stapel", seats=2)["id"]
        assert other.post(f"/api/tables/{fresh}/sit", {"seat": 1}).status_code == 200
        srv.kill()
        eng = sa.create_engine(url)
        long_ago = dt.datetime.now(dt.UTC) - dt.timedelta(hours=2)
        with eng.begin() as c:
            recent = c.execute(sa.select(db.game_tables.c.active_at).where(db.game_tables.c.id == fresh)).scalar_one()
            c.execute(sa.update(db.game_tables).values(created_at=long_ago))
            c.execute(sa.update(db.game_tables).where(db.game_tables.c.id == stale).values(active_at=long_ago))
        eng.dispose()
        assert recent is not None  # sitting down stored the moment
        srv = ServerProcess(url, port=srv.port, log_dir=tmp_path).start()
        listed = {x["id"] for x in Client(srv.url).http.get("/api/tables").json()["tables"]}
        assert fresh in listed and stale not in listed
    finally:
        srv.stop()


def test_guests_are_marked_in_every_table_summary(server: ServerProcess, clients: Make) -> None:
    host, member = clients().guest("Gastgeberin"), clients()
    assert member.post("/api/register", {"name": "Mitglied", "password": "seit-2026-dabei"}).status_code == 200
    t = host.create("pig", seats=2)
    r = member.post(f"/api/tables/{t['id']}/sit", {"seat": 1})
    assert [s["guest"] for s in r.json()["seats"]] == [True, False]
    # the same from the database (a fresh server process loads the table from its rows)
    lobby = {x["id"]: x for x in clients().http.get("/api/tables").json()["tables"]}
    assert [s["guest"] for s in lobby[t["id"]]["seats"]] == [True, False]
