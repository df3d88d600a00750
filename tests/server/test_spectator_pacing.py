"""Spectators cannot slow a table down (issue 24, L6): they hear of it at most every so often, in messages that carry
every event since their last one, and one address cannot fill a table's spectator places."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.conftest import Client, ServerProcess
from tests.server.test_protocol import mover, two_player_table
from wuerfel.server.core.pacing import SpectatorPacer

INTERVAL = 3.0


def test_the_pacer_lets_a_spectator_hear_at_once_then_once_per_interval() -> None:
    p = SpectatorPacer(1.0)
    assert not p.defer("s", None, now=10.0)  # the first message goes at once
    assert p.defer("s", None, now=10.2) and p.defer("s", "Annas Zeit ist abgelaufen", now=10.4)
    assert p.defer("s", None, now=10.6)  # a later message without a note keeps the note waiting
    assert p.due() == 11.0 and p.take(10.9) == []
    assert p.take(11.0) == [("s", "Annas Zeit ist abgelaufen")] and p.waiting == 0
    assert p.defer("s", None, now=11.5) and p.due() == 12.0
    p.forget("s")  # he left, or took a seat: nothing is due for him
    assert p.due() is None and not p.defer("s", None, now=11.6)
    assert not SpectatorPacer(0).defer("s", None, now=0.0)  # interval 0: every message at once


@pytest.fixture(scope="module")
def paced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("paced")
    srv = ServerProcess(
        f"sqlite:///{tmp / 'w.db'}",
        log_dir=tmp,
        env={
            "WUERFEL_SPECTATOR_INTERVAL": str(INTERVAL),
            "WUERFEL_SPECTATORS_PER_ADDRESS": "2",
            "WUERFEL_SPECTATORS_PER_TABLE": "10",
        },
    ).start()
    yield srv
    srv.stop()


def make(srv: ServerProcess, made: list[Client]) -> Any:
    def client(lang: str | None = None) -> Client:
        made.append(Client(srv.url, lang))
        return made[-1]

    return client


def test_quick_moves_reach_a_spectator_together_and_complete(paced: ServerProcess) -> None:
    made: list[Client] = []
    try:
        a, b, t = two_player_table(make(paced, made))
        wa, wb = a.ws(t["id"]), b.ws(t["id"])
        ws = make(paced, made)().ws(t["id"])
        first = ws.recv_type("state")
        st = wa.recv_type("state")
        wb.recv_type("state")
        started = time.monotonic()
        moves = 0
        while moves < 4 and not st["finished"]:
            w = wa if mover(st) == 0 else wb
            cur = w.state_at_least(st["seq"])
            w.send({"action": cur["legal"][-1]["action"], "expected_seq": cur["seq"]})
            st = w.state_at_least(cur["seq"] + 1)  # the players are not paced: each move is answered at once
            moves += 1
        took = time.monotonic() - started
        seen: list[int] = []
        messages = 0
        deadline = time.monotonic() + 4 * INTERVAL + 30
        last = first
        while last["seq"] < st["seq"]:
            assert time.monotonic() < deadline, (last["seq"], st["seq"])
            last = ws.recv_type("state", timeout=max(0.01, deadline - time.monotonic()))
            messages += 1
            seen += [e["seq"] for e in last["events"]]
        # every event once, in order, and the spectator ends where the players are
        assert seen == list(range(first["seq"] + 1, st["seq"] + 1))
        assert last["view"]["scores"] == st["view"]["scores"]
        # one message at once, then at most one per interval: the moves did not each cost a message
        assert moves >= 3
        assert messages <= 2 + int(took / INTERVAL), (messages, moves, took)
    finally:
        for c in made:
            c.close()


def refusal(c: Client, table_id: str) -> dict[str, Any]:
    ws = c.ws(table_id)
    msg = ws.recv()
    with pytest.raises(ConnectionClosed):
        ws.recv(timeout=10)
    return msg


def test_one_address_holds_few_anonymous_spectator_places(paced: ServerProcess) -> None:
    made: list[Client] = []
    try:
        client = make(paced, made)
        _, _, t = two_player_table(client)
        watchers = [client().ws(t["id"]) for _ in range(2)]
        for w in watchers:
            assert w.recv_type("state")["seq"] == t["seq"]
        msg = refusal(client("de"), t["id"])
        assert msg["type"] == "error" and msg["error"]["code"] == "too_many_spectators"
        assert "Fenstern" in msg["error"]["message"] and "melde dich an" in msg["error"]["message"]
        # someone with a name is counted apart: he still gets in
        named = client().guest("Clara").ws(t["id"])
        assert named.recv_type("state")["seat"] is None
    finally:
        for c in made:
            c.close()
