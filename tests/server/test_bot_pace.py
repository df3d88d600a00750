"""Bots leave people time to watch the dice (issue 24, web U5): after a throw they wait longer than after a
decision, so a run of throws (a bank's throws, Jule, Eins bis sechzehn) no longer cuts every tumble short. The test
server's bots pause 0.1 s (the suite's servers set their own delay; 0 elsewhere, so tests stay fast)."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.conftest import Client, ServerProcess
from wuerfel.engine.record import Event
from wuerfel.server.botdriver import THROW_PAUSE, bot_pause

DELAY = 0.1


def test_a_bot_waits_longer_after_a_throw_than_after_a_decision() -> None:
    throw = Event("chance", {"kind": "roll", "dice": [3, 5]})
    move = Event("action", {"kind": "hold"}, player=1)
    lot = Event("chance", {"kind": "lot", "seat": 1})  # no dice fell: nothing tumbles
    assert bot_pause(0.6, throw) >= 1.2 > bot_pause(0.6, move) == bot_pause(0.6, lot) == bot_pause(0.6, None) == 0.6
    assert bot_pause(0.6, throw, window=2.0) == 0.5  # a timed node: well inside the window
    assert bot_pause(0.0, throw) == 0.0  # the test suite's servers: no pause at all


@pytest.fixture(scope="module")
def paced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp: Path = tmp_path_factory.mktemp("pace")
    srv = ServerProcess(f"sqlite:///{tmp / 'w.db'}", log_dir=tmp, bot_delay=DELAY, plugins=()).start()
    try:
        yield srv
    finally:
        srv.stop()


def test_bots_only_table_pauses_after_each_throw(paced: ServerProcess) -> None:
    """Jule, three bots: every message that brings dice is followed by the next one no sooner than the throw pause
    (the lower bound is what the server guarantees; a loaded machine only makes gaps longer)."""
    c = Client(paced.url).guest("Zuschauerin")
    t = c.create("jule", seats=3, sit=False, bots={"0": "random", "1": "random", "2": "random"})
    assert c.post(f"/api/tables/{t['id']}/start").status_code == 200
    ws = c.ws(t["id"])
    arrivals: list[tuple[float, bool]] = []
    try:
        deadline = time.monotonic() + 30
        while len(arrivals) < 8 and time.monotonic() < deadline:
            m = ws.recv_type("state", timeout=10)
            if m["events"]:
                last = m["events"][-1]
                threw = last["type"] == "chance" and isinstance((last.get("data") or {}).get("dice"), list)
                arrivals.append((time.monotonic(), threw))
            if m["finished"]:
                break
    finally:
        ws.close()
    gaps = [b[0] - a[0] for a, b in itertools.pairwise(arrivals) if a[1]]
    assert gaps, f"no throw followed by another event: {arrivals}"
    assert min(gaps) >= THROW_PAUSE * DELAY * 0.9, gaps
