"""Every state message carries the table components of its seat, translated into the connection's language: the
generic table draws from them. Sealed stakes show only on their owner's board."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.server.conftest import Client


def _kind(st: dict[str, Any], kind: str) -> dict[str, Any]:
    return next(c for c in st["components"] if c["kind"] == kind)


def test_components_are_translated_per_connection_and_keep_sealed_stakes_sealed(clients: Callable[..., Client]) -> None:
    host = clients("de").guest("Punter")
    t = host.create(
        "lustige-sieben",
        seats=3,
        sit=False,
        bots={"0": "heuristic"},
        overrides={"first_bank": "first_seat", "bank_throws": 2, "bank_rounds": 1},
    )
    assert host.post(f"/api/tables/{t['id']}/sit", {"seat": 1}).status_code == 200
    other = clients("en").guest("Other")
    assert other.post(f"/api/tables/{t['id']}/sit", {"seat": 2}).status_code == 200
    ws, ws2 = host.ws(t["id"]), other.ws(t["id"])
    ws.recv_type("table")
    ws2.recv_type("table")
    assert host.post(f"/api/tables/{t['id']}/start").status_code == 200
    st = ws.recv_type("state")
    board = _kind(st, "stakes")
    assert board["layout"] == [["seven"], ["left", "right"]]
    assert [f["number"] for f in board["fields"]] == [7, 2, 4, 6, 9, 11, 3, 5, 8, 10, 12]
    assert board["label"] == "Chips auf dem Brett"  # German for this connection, a plain string
    seats = _kind(st, "seats")
    assert seats["label"] == "Chips" and seats["seats"][0]["role"] == "Bank"
    assert _kind(ws2.recv_type("state"), "stakes")["label"] == "Chips on the board"  # English for the other
    # Seat 1 stakes 2 chips on the 8: his board shows them as his own, seat 2's board shows nothing of it.
    stake = next(x["action"] for x in st["legal"] if x["action"]["kind"] == "stake" and x["action"]["number"] == 8)
    ws.send({"action": {**stake, "amount": 2}, "expected_seq": st["seq"]})
    mine = ws.state_at_least(st["seq"] + 1)
    assert {f["number"]: f["own"] for f in _kind(mine, "stakes")["fields"] if f["own"]} == {8: 2}
    # Seat 2 is not told of the stake: no message at all (issue 24, M1), and his board shows nothing of it.
    ws2.nothing_on_the_way()
    assert ws2.last is not None and ws2.last["seq"] == st["seq"]
    assert all(f["own"] == 0 and not any(f["stakes"]) for f in _kind(ws2.last, "stakes")["fields"])


def test_replay_steps_carry_the_components_of_a_spectator(clients: Callable[..., Client]) -> None:
    """The replay page draws every step with the generic table: each step brings the spectator's components."""
    a = clients("en").guest("Anna")
    b = clients("en").guest("Bert")
    t = a.create("stapel", seats=2)
    assert b.post(f"/api/tables/{t['id']}/sit", {"seat": 1}).status_code == 200
    assert a.post(f"/api/tables/{t['id']}/start").status_code == 200
    wa, wb = a.ws(t["id"]), b.ws(t["id"])
    st = wa.recv_type("state")
    wb.recv_type("state")
    for _ in range(200):
        if st["finished"]:
            break
        ws = wa if st["to_move"][0] == 0 else wb
        cur = ws.state_at_least(st["seq"])
        ws.send({"action": cur["legal"][-1]["action"], "expected_seq": cur["seq"]})
        st = ws.state_at_least(cur["seq"] + 1)
    assert st["finished"]
    steps = a.http.get(f"/api/tables/{t['id']}/replay").json()["steps"]
    for step in steps:
        seats = _kind(step, "seats")
        assert [s["score"] for s in seats["seats"]] == step["view"]["scores"]
    assert _kind(steps[-1], "seats")["seats"] == _kind(st, "seats")["seats"]
