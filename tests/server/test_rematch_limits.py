"""Rematches pass the table limits that creating a table does (issue 24, security report L3): the per-address limit
of new tables counts them, and the per-player limit of waiting tables holds under concurrent rematches."""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable

import pytest

from tests.server.conftest import Client
from tests.server.test_memory import InProcessServer, serve  # noqa: F401 (the fixture)
from wuerfel.server.app import MAX_OPEN_TABLES


def finished_table(c: Client) -> str:
    """A table of the host against a bot, started and resigned at once: finished, and so not waiting."""
    tid = c.create("zehntausend", seats=2, bots={"1": "heuristic"})["id"]
    assert c.post(f"/api/tables/{tid}/start").status_code == 200
    assert c.post(f"/api/tables/{tid}/resign", {"seat": 0}).status_code == 200
    return str(tid)


def test_rematch_chains_count_against_the_address_limit(
    serve: Callable[..., InProcessServer],  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("WUERFEL_TABLES_PER_ADDRESS", "3")
    srv = serve(0)
    c = Client(srv.url, "en").guest("Kette")
    tid = finished_table(c)  # the first table counted
    for _ in range(2):  # two rematches fill the limit of 3 ...
        r = c.post(f"/api/tables/{tid}/rematch")
        assert r.status_code == 200, r.text
        tid = r.json()["id"]
        assert c.post(f"/api/tables/{tid}/start").status_code == 200
        assert c.post(f"/api/tables/{tid}/resign", {"seat": 0}).status_code == 200
    r = c.post(f"/api/tables/{tid}/rematch")  # ... and the next one is refused, the table left as it was
    assert r.status_code == 429
    assert r.json()["error"] == {
        "code": "too_many_tables",
        "message": "Too many new tables from here. Please wait a few minutes.",
    }
    assert c.http.get(f"/api/tables/{tid}").json()["rematch"] is None


def test_concurrent_rematches_keep_the_waiting_table_limit(
    serve: Callable[..., InProcessServer],  # noqa: F811
) -> None:
    srv = serve(0)
    c = Client(srv.url, "en").guest("Gleichzeitig")
    done = [finished_table(c) for _ in range(6)]
    waiting = [c.create("zehntausend", seats=2)["id"] for _ in range(MAX_OPEN_TABLES - 2)]
    with concurrent.futures.ThreadPoolExecutor(len(done)) as pool:
        answers = list(pool.map(lambda tid: c.post(f"/api/tables/{tid}/rematch"), done))
    made = [r for r in answers if r.status_code == 200]
    assert len(made) == 2, [r.text for r in answers]
    assert all(
        r.status_code == 429 and r.json()["error"]["code"] == "too_many_tables" for r in answers if r.status_code != 200
    )
    assert len(waiting) + len(made) == MAX_OPEN_TABLES
