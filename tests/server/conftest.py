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
from typing import TYPE_CHECKING, Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.server.cluster.services import PG_HOST, PG_PORT, pg_unreachable
from wuerfel.server.protocol_schema import server_problems

if TYPE_CHECKING:
    from wuerfel.server.store import Store

ROOT = Path(__file__).resolve().parents[2]
PLUGINS = ROOT / "tests" / "plugins"
GAME_PLUGINS: tuple[str, ...] = ("toy", "stapel")
"""The folders of ``tests/plugins`` whose games the server process gets (Pig and Stapel)."""


PG_URL = f"postgresql+psycopg://postgres@{PG_HOST}:{PG_PORT}/test"


@contextlib.contextmanager
def pg_schema() -> Iterator[str]:
    """A fresh schema in the database ``test`` (dropped afterwards); yields a URL whose search_path is that schema."""
    import secrets

    import sqlalchemy as sa

    reason = pg_unreachable("test")
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


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A fresh store on each database: a SQLite file, and a schema of its own in PostgreSQL's ``test`` database."""
    from wuerfel.server.store import Store

    if request.param == "sqlite":
        s = Store.open(f"sqlite:///{tmp_path / 'store.db'}")
        yield s
        s.close()
        return
    with pg_schema() as url:
        s = Store.open(url)
        yield s
        s.close()


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
        env.setdefault("WUERFEL_REGISTRATIONS_PER_ADDRESS", "100000")  # (the limit of 10 a minute has its own test)
        env.setdefault("WUERFEL_SPECTATORS_PER_ADDRESS", "100000")  # (test_spectator_pacing tests the limit)
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


WAIT = 15.0
"""Seconds a test waits for a message that must come. Only a deadline: a passing test never waits it out, and CI's
loaded 2-core machine once needed more than the 5 s it was (test_memory, a state after a reconnect)."""


class Ws:
    def __init__(self, conn: ClientConnection) -> None:
        self.conn = conn
        self.last: dict[str, Any] | None = None

    def send(self, msg: Any) -> None:
        self.conn.send(msg if isinstance(msg, (str, bytes)) else json.dumps(msg))

    def recv(self, timeout: float = WAIT) -> dict[str, Any]:
        """The next message, which must fit its definition in wuerfel/server/protocol.py (every server test that
        reads a socket checks the typed protocol on the way: every game, every path, a relayed socket too)."""
        msg = json.loads(self.conn.recv(timeout=timeout))
        wrong = server_problems(msg)
        assert not wrong, f"a {msg.get('type')} message that does not fit protocol.py: {wrong}"
        if msg.get("type") == "state":
            self.last = msg
        return dict(msg)

    def recv_type(self, kind: str, timeout: float = WAIT) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            msg = self.recv(max(0.01, deadline - time.monotonic()))
            if msg["type"] == kind:
                return msg

    def state_at_least(self, seq: int, timeout: float = WAIT) -> dict[str, Any]:
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


@contextlib.contextmanager
def worker_pair(
    log_dir: Path, plugins: tuple[str, ...] = GAME_PLUGINS, extra_args: Sequence[str] = ()
) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Two ``wuerfel serve`` workers on one fresh PostgreSQL database and one Redis key space (issue 25 §3), both
    dropped afterwards; skips, saying what to start, where PostgreSQL or Redis is missing."""
    from tests.server.cluster.services import fresh_pg_database, fresh_redis

    with fresh_pg_database() as pg_url, fresh_redis() as space:
        workers = [
            ServerProcess(
                pg_url,
                log_dir=log_dir,
                plugins=plugins,
                extra_args=["--redis", space.url, *extra_args],
                env={"WUERFEL_REDIS_PREFIX": space.prefix},
            )
            for _ in range(2)
        ]
        try:
            for w in workers:
                w.start()
            yield workers[0], workers[1]
        finally:
            for w in workers:
                w.stop()


@pytest.fixture(scope="session")
def two_workers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """What the tests marked :data:`both_setups` run against besides the single process; started once per session,
    like :func:`server`."""
    with worker_pair(tmp_path_factory.mktemp("cluster")) as pair:
        yield pair


both_setups = pytest.mark.parametrize("clients", ["single", "two-workers"], indirect=True)
"""Runs a test whose players come from ``clients`` once against the single process and once against two workers,
the clients alternating between them (the first one's HTTP and sockets on worker 1, the second one's on worker 2,
…), so that every other player's actions and sockets are relayed to the table's owner."""


@pytest.fixture
def clients(request: pytest.FixtureRequest) -> Iterator[Callable[..., Client]]:
    made: list[Client] = []
    if getattr(request, "param", "single") == "two-workers":
        urls = [w.url for w in request.getfixturevalue("two_workers")]
    else:
        urls = [request.getfixturevalue("server").url]

    def make(lang: str | None = None) -> Client:
        c = Client(urls[len(made) % len(urls)], lang)
        made.append(c)
        return c

    yield make
    for c in made:
        c.close()


def concrete(action: dict) -> dict:
    """A legal action as a client sends it: a move with an amount (``{"min": 1, "max": 5}``) takes its lowest."""
    return {k: (v["min"] if isinstance(v, dict) and set(v) == {"min", "max"} else v) for k, v in action.items()}
