"""Real parts for the server tests: a uvicorn server process on a free port, HTTP and websocket clients.

The server is started as ``python -m wuerfel serve`` (the command users run) with the toy games added the way a
third-party package adds a game: an entry point, from the plug-in folders of ``tests/plugins`` on its
``PYTHONPATH``; bots move without delay so tests stay fast.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[2]
PLUGINS = ROOT / "tests" / "plugins"
GAME_PLUGINS: tuple[str, ...] = ("toy", "stapel")
"""The folders of ``tests/plugins`` whose games the server process gets (Pig and Stapel)."""


PG_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


def pg_unreachable() -> str | None:
    """Why PostgreSQL cannot be used (None when it can)."""
    import sqlalchemy as sa

    try:
        eng = sa.create_engine(PG_URL, connect_args={"connect_timeout": 3})
        with eng.connect() as c:
            c.execute(sa.text("select 1"))
        eng.dispose()
    except Exception as exc:
        return f"PostgreSQL at 127.0.0.1:5432 (database test) unreachable: {str(exc).splitlines()[0]}"
    return None


@contextlib.contextmanager
def pg_schema() -> Iterator[str]:
    """A fresh schema in the database ``test`` (dropped afterwards); yields a URL whose search_path is that schema."""
    import secrets

    import sqlalchemy as sa

    reason = pg_unreachable()
    if reason:
        pytest.skip(reason)
    schema = "wtest_" + secrets.token_hex(6)
    admin = sa.create_engine(PG_URL)
    with admin.begin() as c:
        c.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield f"{PG_URL}?options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as c:
            c.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``wuerfel serve`` in a child process; :meth:`kill` is a real SIGKILL (no shutdown code runs)."""

    def __init__(
        self,
        db_url: str,
        port: int | None = None,
        log_dir: Path | None = None,
        bot_delay: float = 0,
        plugins: tuple[str, ...] = GAME_PLUGINS,
        extra_args: Sequence[str] = (),
        env: Mapping[str, str] | None = None,
    ) -> None:
        self.db_url = db_url
        self.env = dict(env or {})
        """Extra environment of the server process (a cache directory of its own, a test's knob)."""
        self.bot_delay = bot_delay
        self.plugins = plugins
        self.extra_args = list(extra_args)
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = (log_dir or Path(tempfile.gettempdir())) / f"wuerfel-test-server-{self.port}.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        path = os.pathsep.join([str(ROOT), *(str(PLUGINS / p) for p in self.plugins)])
        env = dict(os.environ, PYTHONPATH=path, **self.env)
        # Every test client connects from 127.0.0.1, and a session's tests together hold more websockets than one
        # real address may; the limit has its own test (which sets this variable itself).
        env.setdefault("WUERFEL_WS_PER_ADDRESS", "100000")
        # the same for the per-address caps of connections and new guests (issue 24 §4 M4, L2)
        env.setdefault("WUERFEL_CONNECTIONS_PER_ADDRESS", "0")
        env.setdefault("WUERFEL_GUESTS_PER_ADDRESS", "100000")
        env.setdefault("WUERFEL_HASHES_PER_SECOND", "1000")  # tests register and log in in bursts (M5 has its own)
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "wuerfel",
                "serve",
                "--port",
                str(self.port),
                "--db",
                self.db_url,
                "--bot-delay",
                str(self.bot_delay),
                "--log-level",
                "warning",
                *self.extra_args,
            ],
            cwd=ROOT,
            env=env,
            stdout=self.log.open("ab"),
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 120  # a loaded 2-core CI machine imports numba slowly
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"server exited with {self.proc.returncode}:\n{self.log.read_text(errors='replace')[-3000:]}"
                )
            try:
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        raise RuntimeError("server did not come up:\n" + self.log.read_text(errors="replace")[-3000:])

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("db")
    srv = ServerProcess(f"sqlite:///{tmp / 'wuerfel.db'}", log_dir=tmp).start()
    yield srv
    srv.stop()


class Client:
    """A browser stand-in: cookie jar, CSRF header, JSON helpers, websockets carrying the session cookie."""

    def __init__(self, base: str, lang: str | None = None) -> None:
        self.base = base
        headers = {"Accept-Language": lang} if lang else {}
        self.http = httpx.Client(base_url=base, headers=headers, timeout=30)
        self.lang = lang
        self.csrf = self.http.get("/api/session").json()["csrf_token"]
        self.player: dict[str, Any] | None = None

    def post(self, path: str, body: Any = None, csrf: bool = True) -> httpx.Response:
        headers = {"X-CSRF-Token": self.csrf} if csrf else {}
        r = self.http.post(path, json=body if body is not None else {}, headers=headers)
        if "wuerfel_session" in r.headers.get("set-cookie", ""):
            self.refresh_csrf()
        return r

    def refresh_csrf(self) -> None:
        """The CSRF token is bound to the session: a page reloaded after logging in or out gets the new one."""
        self.csrf = self.http.get("/api/session").json()["csrf_token"]

    def guest(self, name: str) -> Client:
        r = self.post("/api/guest", {"name": name})
        assert r.status_code == 200, r.text
        self.player = r.json()["player"]
        return self

    def create(self, game: str = "stapel", **body: Any) -> dict[str, Any]:
        r = self.post("/api/tables", {"game": game, **body})
        assert r.status_code == 201, r.text
        return dict(r.json())

    def replay_steps(self, table_id: str) -> list[dict[str, Any]]:
        """Every step of a finished table's replay, page by page, as the replay page fetches them."""
        steps: list[dict[str, Any]] = []
        start: int | None = 0
        while start is not None:
            r = self.http.get(f"/api/tables/{table_id}/replay", params={"start": start})
            assert r.status_code == 200, r.text
            steps += r.json()["steps"]
            start = r.json()["next"]
        return steps

    def ws(self, table_id: str, **params: Any) -> Ws:
        q = "&".join(f"{k}={v}" for k, v in params.items())
        url = self.base.replace("http", "ws") + f"/ws/table/{table_id}" + (f"?{q}" if q else "")
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        headers = {"Cookie": cookie}
        if self.lang:
            headers["Accept-Language"] = self.lang
        return Ws(connect(url, additional_headers=headers, open_timeout=10, max_size=2**22).__enter__())

    def close(self) -> None:
        self.http.close()


class Ws:
    def __init__(self, conn: ClientConnection) -> None:
        self.conn = conn
        self.last: dict[str, Any] | None = None

    def send(self, msg: Any) -> None:
        self.conn.send(msg if isinstance(msg, (str, bytes)) else json.dumps(msg))

    def recv(self, timeout: float = 5) -> dict[str, Any]:
        msg = json.loads(self.conn.recv(timeout=timeout))
        if msg.get("type") == "state":
            self.last = msg
        return dict(msg)

    def recv_type(self, kind: str, timeout: float = 5) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            msg = self.recv(max(0.01, deadline - time.monotonic()))
            if msg["type"] == kind:
                return msg

    def state_at_least(self, seq: int, timeout: float = 5) -> dict[str, Any]:
        """Read until a state with ``seq`` ≥ the given one (bots and server throws may add messages)."""
        if self.last and self.last["seq"] >= seq:
            return self.last
        deadline = time.monotonic() + timeout
        while True:
            msg = self.recv_type("state", max(0.01, deadline - time.monotonic()))
            if msg["seq"] >= seq:
                return msg

    def nothing_on_the_way(self) -> None:
        """Assert that nothing about the game is on its way to this connection: the answer to a ping comes next.
        The server queues each connection's messages in order, and every message of a move is queued before the
        mover reads his own answer, so no waiting is needed. (Presence says who is connected, nothing else.)"""
        self.send({"type": "ping"})
        while True:
            msg = self.recv()
            if msg["type"] == "pong":
                return
            assert msg["type"] == "presence", msg

    def drain(self, quiet: float = 0.15) -> None:
        """Read whatever is in flight until the connection has been quiet for ``quiet`` seconds."""
        with contextlib.suppress(TimeoutError):
            while True:
                self.recv(quiet)

    def close(self) -> None:
        self.conn.close()


@pytest.fixture
def clients(server: ServerProcess) -> Iterator[Callable[..., Client]]:
    made: list[Client] = []

    def make(lang: str | None = None) -> Client:
        c = Client(server.url, lang)
        made.append(c)
        return c

    yield make
    for c in made:
        c.close()


def concrete(action: dict) -> dict:
    """A legal action as a client sends it: a move with an amount (``{"min": 1, "max": 5}``) takes its lowest."""
    return {k: (v["min"] if isinstance(v, dict) and set(v) == {"min", "max"} else v) for k, v in action.items()}
