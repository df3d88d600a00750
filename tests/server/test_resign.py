"""Resigning: a table event that ends the game with the resigning seat last, stored with the table (not in the
game's log of moves), so the pages, the lobby, the record download and a restarted server all tell the same end."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.server.conftest import Client, ServerProcess, both_setups
from tests.server.test_protocol import two_player_table

Make = Callable[..., Client]


@both_setups
def test_a_player_resigns_and_everyone_reads_the_end(clients: Make) -> None:
    a, b, t = two_player_table(clients)
    wa, wb = a.ws(t["id"]), b.ws(t["id"])
    sa = wa.recv_type("state")
    wb.recv_type("state")
    # Anna makes one move first: the log keeps the game as far as it was played.
    wa.send({"action": sa["legal"][0]["action"], "expected_seq": sa["seq"]})
    played = wa.state_at_least(sa["seq"] + 1)["seq"]
    r = b.post(f"/api/tables/{t['id']}/resign", {"seat": 1})
    assert r.status_code == 200, r.text
    summary = r.json()
    assert summary["status"] == "finished" and summary["resigned"] == 1 and summary["winners"] == [0]
    for w in (wa, wb):
        while True:
            st = w.recv_type("state")
            if st["finished"]:
                break
        assert st["seq"] == played  # no move was made for anybody
        assert st["result"]["resigned"] == 1 and st["result"]["ranking"] == [[0], [1]]
        assert st["winners"] == [0] and st["result"]["losers"] == [1]
        assert st["to_move"] == [] and st["legal"] == [] and st["throw"] is None and st["deadline"] is None
        assert st["table"]["resigned"] == 1
    # Nothing more can be played or resigned; the lobby no longer lists the table.
    wa.send({"action": sa["legal"][0]["action"], "expected_seq": played})
    assert wa.recv_type("error")["error"]["code"] == "game_over"
    again = a.post(f"/api/tables/{t['id']}/resign", {"seat": 0})
    assert again.status_code == 409 and again.json()["error"]["code"] == "game_over"
    assert t["id"] not in {x["id"] for x in a.http.get("/api/tables").json()["tables"]}
    # The record holds the moves as played and says who resigned; the replay runs.
    rec = a.http.get(f"/api/tables/{t['id']}/record").json()
    assert len(rec["events"]) == played and rec["meta"]["resigned"] == 1
    replay = a.http.get(f"/api/tables/{t['id']}/replay").json()
    assert replay["total"] == played + 1 and replay["table"]["result"]["losers"] == [1]


@both_setups
def test_only_a_player_of_a_running_game_resigns_his_own_seat(clients: Make) -> None:
    host = clients("de").guest("Host")
    guest = clients("de").guest("Gast")
    watcher = clients().guest("Zuschauer")
    t = host.create("stapel", seats=2)
    early = host.post(f"/api/tables/{t['id']}/resign", {"seat": 0})
    assert early.status_code == 409 and early.json()["error"]["code"] == "not_started"
    assert guest.post(f"/api/tables/{t['id']}/sit", {"seat": 1}).status_code == 200
    assert host.post(f"/api/tables/{t['id']}/start").status_code == 200
    # The host may not give up for his guest, a spectator not for anybody; the German words say why.
    r = host.post(f"/api/tables/{t['id']}/resign", {"seat": 1})
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_seated"
    assert r.json()["error"]["message"] == "Du sitzt nicht auf diesem Platz."
    assert watcher.post(f"/api/tables/{t['id']}/resign", {"seat": 0}).json()["error"]["code"] == "not_seated"
    assert host.post(f"/api/tables/{t['id']}/resign", {"seat": 7}).json()["error"]["code"] == "bad_seat"
    assert host.http.get(f"/api/tables/{t['id']}").json()["status"] == "playing"


def test_a_resignation_survives_a_restart_and_the_bots_stop(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'w.db'}"
    srv = ServerProcess(db, log_dir=tmp_path).start()
    try:
        a = Client(srv.url).guest("Anna")
        t = a.create("pig", seats=2, bots={"1": "random"}, overrides={"target": 1000})
        assert a.post(f"/api/tables/{t['id']}/start").status_code == 200
        r = a.post(f"/api/tables/{t['id']}/resign", {"seat": 0})
        assert r.status_code == 200, r.text
        seq = r.json()["seq"]
        srv.kill()
        srv = ServerProcess(db, port=srv.port, log_dir=tmp_path).start()
        a2 = Client(srv.url)
        a2.http.cookies = a.http.cookies
        st = a2.ws(t["id"], since=0).recv_type("state")
        assert st["finished"] and st["seq"] == seq and st["result"]["resigned"] == 0 and st["winners"] == [1]
        assert a2.http.get(f"/api/tables/{t['id']}").json()["resigned"] == 0
    finally:
        srv.stop()


@both_setups
def test_rematch_same_rules_and_seats_offered_to_everyone(clients: Make) -> None:
    a = clients().guest("Anna")
    b = clients("de").guest("Bert")
    t = a.create("stapel", seats=3, bots={"2": "random"}, overrides={"target": 7})
    assert b.post(f"/api/tables/{t['id']}/sit", {"seat": 1}).status_code == 200
    early = b.post(f"/api/tables/{t['id']}/rematch")
    assert early.status_code == 409 and early.json()["error"]["code"] == "not_finished"
    assert a.post(f"/api/tables/{t['id']}/start").status_code == 200
    wa = a.ws(t["id"])
    wa.recv_type("state")
    assert a.post(f"/api/tables/{t['id']}/resign", {"seat": 0}).status_code == 200
    watcher = clients("de").guest("Zaungast")
    refused = watcher.post(f"/api/tables/{t['id']}/rematch")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_seated"
    assert "Revanche" in refused.json()["error"]["message"]
    # Bert asks: a new table with the same game, rules and bot; he hosts it in his old seat, Anna's waits for her.
    r = b.post(f"/api/tables/{t['id']}/rematch")
    assert r.status_code == 200, r.text
    new = r.json()
    assert new["id"] != t["id"] and new["status"] == "open" and new["host"] == b.player["id"]  # type: ignore[index]
    assert (new["game"], new["rules_id"]) == (t["game"], t["rules_id"])
    assert [s["kind"] for s in new["seats"]] == ["empty", "human", "bot"]
    assert new["seats"][1]["name"] == "Bert" and new["seats"][2]["bot"] == "random"
    # Anna, still at the old table, is told at once; asking again gives the same table, never a second one.
    while True:
        st = wa.recv_type("state")
        if st.get("table", {}).get("rematch"):
            break
    assert st["table"]["rematch"] == new["url"]
    assert a.post(f"/api/tables/{t['id']}/rematch").json()["id"] == new["id"]
    assert a.post(f"/api/tables/{new['id']}/sit", {"seat": 0}).status_code == 200
    assert b.post(f"/api/tables/{new['id']}/start").status_code == 200
    # The rules came along (target 7), resolved as before.
    assert b.http.get(f"/api/tables/{new['id']}").json()["rules_id"] == t["rules_id"]
