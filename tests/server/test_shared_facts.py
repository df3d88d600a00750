"""Issue 25 §2 "Shared facts": what one worker learns, every worker knows. Two apps on one database sharing one
:class:`~wuerfel.server.cluster.shared.LocalShared` stand for two workers of a cluster (the same checks run against
real Redis in ``tests/server/cluster``). Before, each process kept these facts for itself: a cookie went on working
on one worker for five minutes after the logout on the other, and every limit doubled."""

from __future__ import annotations

import concurrent.futures
import contextlib
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from wuerfel.server import auth
from wuerfel.server.app import LOGIN_FAILS_PER_ACCOUNT, MAX_OPEN_TABLES, create_app
from wuerfel.server.cluster.shared import LocalShared, Shared, SharedUnavailable
from wuerfel.server.store import Store

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


class Worker:
    """One worker's test client: a JSON call with the CSRF token, and the browser's cookies to carry over."""

    def __init__(self, client: TestClient) -> None:
        self.c = client

    def post(self, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        token = self.c.get("/api/session").json()["csrf_token"]
        r = self.c.post(path, json=body or {}, headers={"X-CSRF-Token": token})
        return r.status_code, r.json()

    def get(self, path: str) -> Any:
        r = self.c.get(path)
        assert r.status_code == 200, r.text
        return r.json()

    def me(self) -> Any:
        return self.get("/api/session")["player"]

    def same_browser_as(self, other: Worker) -> Worker:
        """This client now carries the other's cookies: the same browser, its next request reaching this worker."""
        self.c.cookies.clear()
        for name, value in other.c.cookies.items():
            self.c.cookies.set(name, value)
        return self


Workers = Callable[..., tuple[Worker, ...]]


def two_workers_on(db_url: str, shared: Shared) -> Iterator[Workers]:
    """A factory of two workers on ``db_url`` sharing ``shared``; ``browsers`` clients per worker (each its own
    cookie jar)."""
    with contextlib.ExitStack() as stack:

        def make(browsers: int = 1) -> tuple[Worker, ...]:
            apps = [create_app(db_url, bot_delay=0, shared=shared) for _ in range(2)]
            return tuple(
                Worker(stack.enter_context(TestClient(app, headers={"Accept-Language": "en"})))
                for _ in range(browsers)
                for app in apps
            )

        yield make


@pytest.fixture
def workers(tmp_path: Path) -> Iterator[Workers]:
    yield from two_workers_on(f"sqlite:///{tmp_path / 'one.db'}", LocalShared())


def check_logout_ends_the_session_everywhere(workers: Workers) -> None:
    a, b = workers()
    assert a.post("/api/register", {"name": "Abmelder", "password": "zwei-arbeiter-eins"})[0] == 200
    b.same_browser_as(a)
    assert b.me()["name"] == "Abmelder"  # B has looked the session up: it is in B's cache now
    assert a.post("/api/logout")[0] == 200
    assert b.me() is None, "the cookie still works on the other worker after the logout"


def test_a_logout_on_one_worker_ends_the_session_on_the_other_at_once(workers: Workers) -> None:
    check_logout_ends_the_session_everywhere(workers)


def check_logout_ends_the_other_devices_everywhere(workers: Workers) -> None:
    """Logging out ends every session of the account: a second device's cookie, cached by the other worker."""
    a, b, phone_a, _ = workers(browsers=2)
    assert a.post("/api/register", {"name": "Zweigeraet", "password": "zwei-geraete-ein-konto"})[0] == 200
    assert phone_a.post("/api/login", {"name": "Zweigeraet", "password": "zwei-geraete-ein-konto"})[0] == 200
    b.same_browser_as(phone_a)
    assert b.me()["name"] == "Zweigeraet"
    assert a.post("/api/logout")[0] == 200
    assert b.me() is None, "the account's other session still works on the other worker"


def test_a_logout_ends_the_accounts_other_sessions_on_every_worker(workers: Workers) -> None:
    check_logout_ends_the_other_devices_everywhere(workers)


def check_failed_logins_count_across_workers(workers: Workers) -> None:
    a, b = workers()
    assert a.post("/api/register", {"name": "Geraten", "password": "das-richtige-wort"})[0] == 200
    assert a.post("/api/logout")[0] == 200
    answers = [
        (a if i % 2 else b).post("/api/login", {"name": "Geraten", "password": f"falsch-{i}-x"})
        for i in range(LOGIN_FAILS_PER_ACCOUNT + 1)
    ]
    assert [s for s, _ in answers] == [401] * LOGIN_FAILS_PER_ACCOUNT + [429], answers
    assert answers[-1][1]["error"]["code"] == "rate_limited"


def test_failed_logins_split_over_two_workers_meet_one_limit(workers: Workers) -> None:
    check_failed_logins_count_across_workers(workers)


def check_new_tables_count_across_workers(workers: Workers, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WUERFEL_TABLES_PER_ADDRESS", "2")
    a, b = workers()
    assert a.post("/api/guest", {"name": "Tischler"})[0] == 200
    b.same_browser_as(a)
    assert a.post("/api/tables", {"game": "zehntausend", "seats": 2})[0] == 201
    assert b.post("/api/tables", {"game": "zehntausend", "seats": 2})[0] == 201
    status, body = a.post("/api/tables", {"game": "zehntausend", "seats": 2})
    assert status == 429 and body["error"]["code"] == "too_many_tables", body


def test_new_tables_per_address_count_across_workers(workers: Workers, monkeypatch: pytest.MonkeyPatch) -> None:
    check_new_tables_count_across_workers(workers, monkeypatch)


def check_guests_count_across_workers(workers: Workers, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WUERFEL_GUESTS_PER_ADDRESS", "2")
    a, b = workers()
    assert a.post("/api/guest", {"name": "Gast Eins"})[0] == 200
    assert b.post("/api/guest", {"name": "Gast Zwei"})[0] == 200
    status, body = a.post("/api/guest", {"name": "Gast Drei"})
    assert status == 429 and body["error"]["code"] == "rate_limited", body


def test_new_guests_per_address_count_across_workers(workers: Workers, monkeypatch: pytest.MonkeyPatch) -> None:
    check_guests_count_across_workers(workers, monkeypatch)


def check_hash_budget_across_workers(workers: Workers, monkeypatch: pytest.MonkeyPatch) -> None:
    """The platform's password hashes per second (M5: the CPU an attacker can make it burn) are one budget."""
    monkeypatch.setenv("WUERFEL_HASHES_PER_SECOND", "0.001")
    monkeypatch.setattr(auth, "HASH_BURST", 2)
    a, b = workers()
    assert a.post("/api/register", {"name": "Sparer", "password": "ein-knappes-budget"})[0] == 200  # hash 1
    assert a.post("/api/logout")[0] == 200
    assert b.post("/api/login", {"name": "Sparer", "password": "ein-knappes-budget"})[0] == 200  # hash 2
    status, body = a.post("/api/login", {"name": "Sparer", "password": "ein-knappes-budget"})
    assert status == 503 and body["error"]["code"] == "busy", body


def test_the_hash_budget_is_one_for_all_workers(workers: Workers, monkeypatch: pytest.MonkeyPatch) -> None:
    check_hash_budget_across_workers(workers, monkeypatch)


def lobby_seats(w: Worker, table_id: str) -> list[Any] | None:
    """The names in the seats of ``table_id`` as ``w``'s lobby lists it (None: not listed)."""
    for t in w.get("/api/tables")["tables"]:
        if t["id"] == table_id:
            return [s["name"] for s in t["seats"]]
    return None


def check_the_lobby_is_the_stores(workers: Workers) -> None:
    """A table made on A is in B's lobby, and a seat taken on A shows there — also when B has read the table
    before (a copy of it in B's memory went stale: the lobby showed the seat still free)."""
    a, b, joiner_a, _ = workers(browsers=2)
    assert a.post("/api/guest", {"name": "Gastgeber"})[0] == 200
    status, table = a.post("/api/tables", {"game": "zehntausend", "seats": 2})
    assert status == 201, table
    assert lobby_seats(b, table["id"]) == ["Gastgeber", None]
    assert b.get(f"/api/tables/{table['id']}")["id"] == table["id"]  # B reads it (a visitor's link reached B)
    assert joiner_a.post("/api/guest", {"name": "Mitspieler"})[0] == 200
    assert joiner_a.post(f"/api/tables/{table['id']}/sit", {"seat": 1})[0] == 200
    assert lobby_seats(a, table["id"]) == ["Gastgeber", "Mitspieler"]
    assert lobby_seats(b, table["id"]) == ["Gastgeber", "Mitspieler"], "B's lobby shows its stale copy"


def test_the_lobby_shows_what_the_store_has_on_every_worker(workers: Workers) -> None:
    check_the_lobby_is_the_stores(workers)


class Away(LocalShared):
    """Shared facts that can be switched off (Redis gone), raising as :class:`RedisShared` does then."""

    def __init__(self) -> None:
        super().__init__()
        self.away = False

    def _check(self) -> None:
        if self.away:
            raise SharedUnavailable("away for the test")

    def incr(self, key: str, window: float, by: int = 1) -> int:
        self._check()
        return super().incr(key, window, by)

    def get_count(self, key: str) -> int:
        self._check()
        return super().get_count(key)

    def has_flag(self, key: str) -> bool:
        self._check()
        return super().has_flag(key)

    def set_flag(self, key: str, ttl: float) -> None:
        self._check()
        super().set_flag(key, ttl)


def test_without_the_shared_facts_limits_refuse_and_sessions_ask_the_database(tmp_path: Path) -> None:
    """Redis briefly gone: a login (whose limits cannot be counted) is refused as busy, not a 500, and a cached
    session is looked up in the database instead of trusted."""
    away = Away()
    for make in two_workers_on(f"sqlite:///{tmp_path / 'away.db'}", away):
        a, b = make()
        assert a.post("/api/register", {"name": "Ohne Redis", "password": "gleich-wieder-da"})[0] == 200
        b.same_browser_as(a)
        assert b.me()["name"] == "Ohne Redis"
        away.away = True
        assert b.me()["name"] == "Ohne Redis", "the database still knows the session"
        status, body = b.post("/api/login", {"name": "Ohne Redis", "password": "gleich-wieder-da"})
        assert status == 503 and body["error"]["code"] == "busy", body
        away.away = False
        assert b.post("/api/login", {"name": "Ohne Redis", "password": "gleich-wieder-da"})[0] == 200


def check_waiting_tables_limit_across_workers(workers: Workers, monkeypatch: pytest.MonkeyPatch) -> None:
    """A player's limit of waiting tables holds when his last two are asked for at once on two workers. The count
    of his tables is made slow, so that without one lock for both workers each would count before the other's
    table exists (a race widened, not a timing asserted)."""
    a, b = workers()
    assert a.post("/api/guest", {"name": "Doppelt"})[0] == 200
    b.same_browser_as(a)
    for _ in range(MAX_OPEN_TABLES - 1):
        assert a.post("/api/tables", {"game": "zehntausend", "seats": 2})[0] == 201
    real = Store.open_tables_of

    def slow(self: Store, player_id: int) -> Any:
        out = real(self, player_id)
        time.sleep(0.3)
        return out

    monkeypatch.setattr(Store, "open_tables_of", slow)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda w: w.post("/api/tables", {"game": "zehntausend", "seats": 2}), (a, b)))
    assert sorted(s for s, _ in answers) == [201, 429], answers


def test_the_waiting_tables_limit_holds_across_workers(workers: Workers, monkeypatch: pytest.MonkeyPatch) -> None:
    check_waiting_tables_limit_across_workers(workers, monkeypatch)


def test_the_local_facts_forget_what_expired() -> None:
    """The single process's shared facts replace limiters that cleared themselves beyond 100,000 keys: a flood of
    distinct keys (a new login name per guess) must not stay in memory once its windows are over. A sweep comes
    whenever a table has doubled since the last one, so the later keys (three times the flood) push the expired
    flood out: what is left is exactly what is still alive."""
    shared = LocalShared()
    flood = 2 * LocalShared.SWEEP_FROM
    for i in range(flood):
        shared.lock(f"build:{i}", "w", 0.01)
    for i in range(flood):
        shared.incr(f"login|guess-{i}|198.51.100.1", 0.01)
    for i in range(flood):
        shared.set_flag(f"revoked:{i}", 0.01)
    deadline = time.monotonic() + 10
    while shared.has_flag(f"revoked:{flood - 1}"):  # the last one set: everything before it has expired too
        assert time.monotonic() < deadline, "the windows never ended"
        time.sleep(0.02)
    for i in range(3 * flood):
        shared.incr(f"login|later-{i}|198.51.100.1", 600)
        shared.set_flag(f"revoked:later-{i}", 600)
        shared.lock(f"build:later-{i}", "w", 600)
    assert [len(shared._counts), len(shared._flags), len(shared._locks)] == [3 * flood] * 3


def check_a_refused_form_reads_alike_on_every_worker(workers: Workers) -> None:
    """A refused login redirects to the page that says why (U10); the load balancer may send that page's request,
    or its reload, to the other worker, which showed a plain login page: the refusal was in A's memory."""
    a, b = workers()
    csrf = a.get("/api/session")["csrf_token"]
    r = a.c.post("/login", data={"name": "Niemand", "password": "x" * 9, "csrf_token": csrf}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/login?")
    b.same_browser_as(a)
    for _ in range(2):  # the page and its reload
        page = b.c.get(r.headers["location"])
        assert page.status_code == 401 and "Wrong name or password." in page.text
        assert 'value="Niemand"' in page.text


def test_a_refused_form_reads_alike_on_every_worker(workers: Workers) -> None:
    check_a_refused_form_reads_alike_on_every_worker(workers)


def test_a_planted_refusal_cookie_puts_no_words_of_its_own_on_the_login_page(workers: Workers) -> None:
    """The refusal travels in a cookie; one planted by a sibling host, with a message that is not the catalogue's,
    leaves the plain login page."""
    a, _ = workers()
    planted = auth.Refusal("k1", 401, "login", "Opfer", "Your account is closed: call +1 555 0100.", {}).cookie()
    a.c.cookies.set(auth.REFUSED_COOKIE, planted, path="/login")
    page = a.c.get("/login?refused=k1")
    assert page.status_code == 200 and "555 0100" not in page.text
    honest = auth.Refusal("k2", 401, "login", "Opfer", "Wrong name or password.", {}).cookie()
    a.c.cookies.clear()
    a.c.cookies.set(auth.REFUSED_COOKIE, honest, path="/login")
    assert a.c.get("/login?refused=k2").status_code == 401
    assert a.c.get("/login?refused=k1").status_code == 200, "another page's key shows nothing"
