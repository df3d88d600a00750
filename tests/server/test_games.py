"""Every game of the registry through the server, generically: created from the lobby, played to the end by a
person (seat 0, first legal move) and bots, and every view that left the server is exactly ``state.view(seat)`` of
the recorded game — nothing more (hidden dice stay hidden) and at the right seq."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tests.server.conftest import Client
from wuerfel.engine.record import GameRecord
from wuerfel.engine.registry import all_games

GAMES = [g.id for g in all_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_game_plays_to_the_end_and_only_views_leave_the_server(game_id: str,
                                                               clients: Callable[..., Client]) -> None:
    info = next(g for g in all_games() if g.id == game_id)
    n = max(2, info.min_players)
    host = clients().guest("Mensch")
    games = {g["id"]: g for g in host.http.get("/api/games").json()["games"]}
    bot = games[game_id]["default_bot"]
    t = host.create(game_id, seats=n, bots={str(s): bot for s in range(1, n)})
    ws = host.ws(t["id"])
    assert ws.recv_type("table")["table"]["status"] == "open"
    assert host.post(f"/api/tables/{t['id']}/start").status_code == 200
    seen: list[dict] = []
    st = ws.recv_type("state")
    for _ in range(3000):
        seen.append(st)
        if st["finished"]:
            break
        if st["legal"]:
            ws.send({"action": st["legal"][0]["action"], "expected_seq": st["seq"]})
        st = ws.recv_type("state", timeout=20)
    assert st["finished"], f"{game_id} did not finish"
    record = GameRecord.from_json(host.http.get(f"/api/tables/{t['id']}/record").json())
    states = list(record.states())
    assert len(states) == st["seq"] + 1
    rng = random.Random(0)
    for msg in seen:
        assert msg["seat"] == 0
        assert msg["view"] == states[msg["seq"]].view(0), f"view at seq {msg['seq']}"
        for ev in msg["events"]:
            i = ev["seq"]
            before, after = states[i - 1], states[i]
            secret = before.determinize(0, rng) is not before or after.determinize(0, rng) is not after
            if secret:
                assert ev["data"] is None and ev["hidden"] and ev["label"] == ""
            else:
                assert ev["data"] == record.events[i - 1].data
    replay = host.http.get(f"/api/tables/{t['id']}/replay").json()
    assert len(replay["steps"]) == len(states)
    assert all(s["view"] == states[s["index"]].view(None) for s in replay["steps"])


@pytest.mark.parametrize("game_id", GAMES)
def test_scorekeeper_table_of_every_game_takes_entered_dice(game_id: str, clients: Callable[..., Client]) -> None:
    """One phone at a real table: one person holds every seat and enters what fell; the engine keeps the sheet."""
    info = next(g for g in all_games() if g.id == game_id)
    n = max(2, info.min_players)
    p = clients().guest("Tisch")
    t = p.create(game_id, seats=n, scorekeeper=True)
    for s in range(1, n):
        assert p.post(f"/api/tables/{t['id']}/sit", {"seat": s}).status_code == 200
    assert p.post(f"/api/tables/{t['id']}/start").status_code == 200
    ws = p.ws(t["id"])
    st = ws.recv_type("state")
    rng = random.Random(7)
    entered = moved = 0
    for _ in range(60):
        if st["finished"]:
            break
        if st["manual"]:
            man = st["manual"]
            for _attempt in range(30):
                if man["choices"]:
                    outcome: object = rng.choice(man["choices"])["outcome"]
                else:
                    assert man["dice"] > 0, "a chance node must say how to enter it"
                    outcome = " ".join(str(rng.randint(1, 6)) for _ in range(man["dice"]))
                ws.send({"outcome": outcome, "expected_seq": st["seq"]})
                reply = ws.recv()
                if reply["type"] == "state":
                    break
                assert reply["error"]["code"] == "bad_outcome" and reply["error"]["message"]
            else:
                pytest.fail(f"no entry accepted at seq {st['seq']}")
            entered += 1
            st = reply
        else:
            assert st["legal"], "one person holds every seat, so someone must be able to act"
            ws.send({"action": st["legal"][0]["action"], "expected_seq": st["seq"], "seat": st["legal"][0]["seat"]})
            st = ws.recv_type("state")
            moved += 1
    assert entered >= 2 and moved >= 1
    assert st["seq"] == entered + moved
