"""GET /api/tables/{id}/analysis (issue 16.3): a finished table's exact analysis through the real server (SQLite,
HTTP), the same document as ``wuerfel analyse`` of its record; the duel graph as SVG; clear refusals."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import Client, ServerProcess, pg_schema
from wuerfel.engine.analysis import analyse_record
from wuerfel.engine.record import GameRecord


def finished(c: Client, game: str, bot: str, **body: Any) -> dict[str, Any]:
    """A table of two bots, started by its host (who does not sit), played to the end."""
    t = c.create(game, seats=2, bots={"0": bot, "1": bot}, sit=False, **body)
    w = c.ws(t["id"])
    assert c.post(f"/api/tables/{t['id']}/start").status_code == 200
    while not w.recv_type("state", timeout=60)["finished"]:
        pass
    w.close()
    return t


def test_analysis_of_a_finished_table(clients: Callable[..., Client], server: ServerProcess) -> None:
    c = clients().guest("Anna")
    t = finished(c, "die-boese-sieben", "optimal")
    r = c.http.get(f"/api/tables/{t['id']}/analysis")
    assert r.status_code == 200, r.text
    doc = r.json()
    assert doc["game"] == "die-boese-sieben" and doc["unit"] == "win_probability"
    assert all(d["loss"] == 0.0 for d in doc["decisions"])  # two optimal bots
    record = GameRecord.from_json(c.http.get(f"/api/tables/{t['id']}/record").json())
    cli = analyse_record(record, "de")  # the command line's analysis of the downloaded record
    assert {**doc, "seats": None} == {**cli, "seats": None}
    assert [{**s, "name": ""} for s in doc["seats"]] == [{**s, "name": ""} for s in cli["seats"]]
    assert [s["name"] for s in doc["seats"]] == ["Computer 1 (optimal)", "Computer 2 (optimal)"]
    assert c.http.get(f"/api/tables/{t['id']}/analysis").json() == doc  # computed once, the same again
    svg = c.http.get(f"/api/tables/{t['id']}/analysis/win-chance.svg")
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    assert "<svg" in svg.text and "Gewinnchance" in svg.text
    # where its axes stand, for the replay's cursor (web M2): inside the picture, the steps of the game on the x axis
    x0, x1, y0, y1, xmin, xmax = map(float, re.search(r'<svg data-plot-area="([^"]+)"', svg.text)[1].split())
    assert 0 < x0 < x1 < 1 and 0 < y0 < y1 < 1
    assert xmin <= min(doc["win_chance"]["steps"]) and xmax >= max(doc["win_chance"]["steps"])
    # the page names its language in the image's address (the browser caches by it); an unknown one is ignored
    assert "Win chance" in c.http.get(f"/api/tables/{t['id']}/analysis/win-chance.svg?lang=en").text
    assert "Gewinnchance" in c.http.get(f"/api/tables/{t['id']}/analysis/win-chance.svg?lang=xx").text
    en = clients("en").guest("Bob").http.get(f"/api/tables/{t['id']}/analysis").json()
    assert en["seats"] == doc["seats"] and [d["loss"] for d in en["decisions"]] == [d["loss"] for d in doc["decisions"]]


def test_refusals(clients: Callable[..., Client], server: ServerProcess) -> None:
    c = clients().guest("Carla")
    jule = finished(c, "jule", "random")
    r = c.http.get(f"/api/tables/{jule['id']}/analysis")
    assert r.status_code == 422 and r.json()["error"]["code"] == "no_analysis"
    assert "keine exakte Analyse" in r.json()["error"]["message"]
    en = clients("en").guest("Dora").http.get(f"/api/tables/{jule['id']}/analysis")
    assert en.status_code == 422 and "no exact analysis" in en.json()["error"]["message"]
    ohio = finished(c, "ohio", "optimal")  # expected points: no duel graph
    assert c.http.get(f"/api/tables/{ohio['id']}/analysis").json()["win_chance"] is None
    assert c.http.get(f"/api/tables/{ohio['id']}/analysis/win-chance.svg").status_code == 404
    running = c.create("ohio", seats=2)
    assert c.http.get(f"/api/tables/{running['id']}/analysis").status_code == 409


def test_analysis_on_postgresql(tmp_path: Path) -> None:
    """The finished table leaves memory with its last connection (issue 17), so the analysis replays it from the
    store: on PostgreSQL as on SQLite (the session's server above)."""
    with pg_schema() as db:
        srv = ServerProcess(db, log_dir=tmp_path).start()
        try:
            c = Client(srv.url).guest("Erna")
            t = finished(c, "die-boese-sieben", "optimal")
            doc = c.http.get(f"/api/tables/{t['id']}/analysis").json()
            assert doc["unit"] == "win_probability" and all(d["loss"] == 0.0 for d in doc["decisions"])
            record = GameRecord.from_json(c.http.get(f"/api/tables/{t['id']}/record").json())
            assert doc["decisions"] == analyse_record(record, "de")["decisions"]
        finally:
            srv.stop()


@pytest.mark.slow
def test_a_zehntausend_duel_analysed_after_a_restart(tmp_path: Path) -> None:
    """A Farkle duel to 1,000: winning chances and the graph from the duel table the server process solves (slow:
    a fresh process compiles the duel kernels); after a restart the same document."""
    srv = ServerProcess(f"sqlite:///{tmp_path / 'w.db'}", log_dir=tmp_path).start()
    try:
        c = Client(srv.url).guest("Erna")
        t = finished(c, "zehntausend", "optimal", preset="farkle", overrides={"game.target": 1000})
        doc = c.http.get(f"/api/tables/{t['id']}/analysis").json()
        assert doc["unit"] == "win_probability" and doc["decisions"]
        assert all(d["loss"] == 0.0 for d in doc["decisions"])
        assert doc["win_chance"]["seats"][0][-1] in (0.0, 1.0)
        srv.stop()
        srv.start()
        c = Client(srv.url).guest("Erna")
        assert c.http.get(f"/api/tables/{t['id']}/analysis").json() == doc
        assert c.http.get(f"/api/tables/{t['id']}/analysis/win-chance.svg").status_code == 200
    finally:
        srv.stop()


@pytest.mark.slow
def test_a_missing_duel_table_is_built_in_the_background(tmp_path: Path) -> None:
    """A duel whose table is neither on disk nor quick to solve (``WUERFEL_QUICK_DUEL_ROWS=0`` makes Farkle to 1,000
    such a game; at the default rules it is a target of 10,000 and minutes of CPU): the first analysis answers at
    once with the turn values and says the winning chances are being computed; the server builds the table in a
    child process into its disk cache, a later request gets the duel analysis and the graph, and so does the first
    request after a restart (slow: a fresh child process loads numba and the duel kernels)."""
    cache = tmp_path / "cache"
    env = {"XDG_CACHE_HOME": str(cache), "WUERFEL_QUICK_DUEL_ROWS": "0"}
    srv = ServerProcess(f"sqlite:///{tmp_path / 'w.db'}", log_dir=tmp_path, env=env).start()
    try:
        c = Client(srv.url).guest("Erna")
        t = finished(c, "zehntausend", "optimal", preset="farkle", overrides={"game.target": 1000})
        url = f"/api/tables/{t['id']}/analysis"
        first = c.http.get(url).json()
        assert first["win_chance_pending"] is True and first["win_chance"] is None
        assert first["unit"] == "points" and first["decisions"]  # the turn-by-turn analysis meanwhile
        assert first["win_chance_status"]["message"].startswith("Gewinnchancen werden berechnet")
        assert c.http.get(f"{url}/win-chance.svg").status_code == 404
        deadline = time.monotonic() + 600  # a loaded 2-core machine; the child compiles the kernels if uncached
        doc = first
        while doc["unit"] != "win_probability":
            assert doc.get("win_chance_pending") is True, doc.get("win_chance_status")
            assert time.monotonic() < deadline, "the duel table was not built"
            time.sleep(0.5)
            doc = c.http.get(url).json()
        assert doc["win_chance"]["seats"][0][-1] in (0.0, 1.0) and "win_chance_pending" not in doc
        assert list((cache / "wuerfel" / "zehntausend").glob("duel-*.npz"))  # the command line's disk cache
        assert c.http.get(f"{url}/win-chance.svg").status_code == 200
        srv.stop()
        srv.start()
        c = Client(srv.url).guest("Erna")
        assert c.http.get(url).json() == doc  # no second build: the table is on disk
    finally:
        srv.stop()
