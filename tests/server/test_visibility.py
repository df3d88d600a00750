"""What each seat is told of each event at a live table and in a downloaded record is what the game states
(``State.event_view``): sealed stakes are not even counted, a throw never uncovered stays under the cup."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from tests.server.conftest import Client, ServerProcess, Ws, both_setups, concrete
from wuerfel.engine.record import GameRecord
from wuerfel.server.store import Store


def _true_record(server: ServerProcess, record: GameRecord, table_id: str) -> GameRecord:
    store = Store.open(server.db_url)
    try:
        return dataclasses.replace(record, events=store.load_events(table_id))
    finally:
        store.close()


@both_setups
def test_lustige_sieben_sealed_stakes_of_others_are_not_even_counted(clients: Callable[..., Client]) -> None:
    """Seat 1 (a punter still deciding) watches seat 2's bot stake and finish: no event of those stakes reaches
    him while the betting is open — before, each came as a hidden event carrying the bot's seat, so anybody could
    count another punter's stakes; the public throws are listed with their dice."""
    host = clients().guest("Punter")
    t = host.create(
        "lustige-sieben",
        seats=3,
        sit=False,
        bots={"0": "heuristic", "2": "heuristic"},
        overrides={"first_bank": "first_seat", "bank_throws": 2, "bank_rounds": 1},
    )
    assert host.post(f"/api/tables/{t['id']}/sit", {"seat": 1}).status_code == 200
    ws = host.ws(t["id"])
    ws.recv_type("table")
    assert host.post(f"/api/tables/{t['id']}/start").status_code == 200
    st = ws.recv_type("state")
    throws = 0
    for _ in range(200):
        if st["finished"]:
            break
        betting = st["view"].get("betting")
        if betting is not None and 1 in betting["deciding"]:
            for ev in st["events"]:
                assert ev["player"] in (1, None) or ev["data"] == {"kind": "done"}, ev
                assert not ev.get("hidden"), ev
            if 2 not in betting["deciding"]:  # the bot has staked and finished: now we stake once and finish
                legal = [x["action"] for x in st["legal"]]
                stake = next((a for a in legal if a["kind"] == "stake"), None)
                mine = betting.get("mine", [])
                act = concrete(stake) if stake is not None and not mine else {"kind": "done"}
                ws.send({"action": act, "expected_seq": st["seq"]})
        elif st["throw"] is not None and st["throw"]["seat"] == 1:
            ws.send({"throw": True, "expected_seq": st["seq"]})  # seat 1 holds the bank now: he throws
        throws += sum(1 for ev in st["events"] if ev["type"] == "chance" and ev["data"].get("dice"))
        st = ws.recv_type("state", timeout=20)
    assert st["finished"] and throws >= 2
    # The whole game is public once it is over: every stake lies in the record everybody may download.
    public = GameRecord.from_json(clients().http.get(f"/api/tables/{t['id']}/record").json())
    assert any(e.data["kind"] == "stake" and e.player == 2 for e in public.events)
    assert "seen_by" not in public.meta


def test_public_record_of_verdecktes_keeps_unrevealed_throws_under_the_cup(
    clients: Callable[..., Client], server: ServerProcess
) -> None:
    """Nobody calls "Schwindel": every throw stays under the cup. The public download shows none of their dice
    (each is a concealed throw, and the record still replays); seat 0's own download shows his own dice only."""
    host = clients().guest("Bluffer")
    t = host.create("verdecktes-wuerfelpoker", seats=2, bots={"1": "heuristic"}, overrides={"rounds": 2})
    ws = host.ws(t["id"])
    ws.recv_type("table")
    assert host.post(f"/api/tables/{t['id']}/start").status_code == 200
    st = ws.recv_type("state")
    for _ in range(300):
        if st["finished"]:
            break
        legal = [x["action"] for x in st["legal"]]
        if legal:
            act = next((a for a in legal if a["kind"] == "pass"), legal[0])
            ws.send({"action": act, "expected_seq": st["seq"]})
        elif st["throw"] is not None and st["throw"]["seat"] == 0:
            ws.send({"throw": True, "expected_seq": st["seq"]})  # his turn starts with his throw under the cup
        st = ws.recv_type("state", timeout=20)
    assert st["finished"]
    anon = clients()
    public = GameRecord.from_json(anon.http.get(f"/api/tables/{t['id']}/record").json())
    mine = GameRecord.from_json(host.http.get(f"/api/tables/{t['id']}/record").json())
    full = _true_record(server, public, t["id"])
    views = full.event_views()
    unrevealed = [i for i, e in enumerate(full.events) if e.data["kind"] == "roll" and not views.view(i, None).full]
    assert unrevealed
    for i in unrevealed:
        assert public.events[i].data == {"kind": "concealed"}
        seat0 = views.view(i, 0).full
        assert mine.events[i].data == (full.events[i].data if seat0 else {"kind": "concealed"})
    assert any(views.view(i, 0).full for i in unrevealed)  # seat 0 threw too: his download shows his dice
    assert public.meta["seen_by"] == [] and mine.meta["seen_by"] == [0]
    assert public.replay().scores() == full.replay().scores()


@both_setups
def test_the_schwindel_button_does_not_tell_what_is_under_the_cup(clients: Callable[..., Client]) -> None:
    """The player who may call "Schwindel!" is offered the call as just that: its label once was the move list's,
    "Schwindel! — der Becher zeigt Zwei Paare …: geschwindelt …", so the button told him the hidden dice and
    whether to call. The move list still says what the lifted cup showed, once it is lifted."""
    host = clients("de").guest("Rufer")
    t = host.create("verdecktes-wuerfelpoker", seats=2, bots={"1": "heuristic"}, overrides={"rounds": 2})
    ws = host.ws(t["id"])
    ws.recv_type("table")
    assert host.post(f"/api/tables/{t['id']}/start").status_code == 200
    st = ws.recv_type("state")
    called = False
    labels: list[str] = []
    for _ in range(300):
        if st["finished"]:
            break
        labels += [ev["label"] for ev in st["events"]]
        if called and any(label.startswith("Schwindel!") for label in labels):
            break
        calls = [x for x in st["legal"] if x["action"]["kind"] == "challenge"]
        for x in st["legal"]:
            assert "Becher" not in x["label"], x
        if calls and not called:
            assert calls[0]["label"] == "Schwindel!"
            ws.send({"action": calls[0]["action"], "expected_seq": st["seq"]})
            called = True
        elif st["legal"]:
            legal = [x["action"] for x in st["legal"]]
            ws.send({"action": next((a for a in legal if a["kind"] == "pass"), legal[0]), "expected_seq": st["seq"]})
        elif st["throw"] is not None and st["throw"]["seat"] == 0:
            ws.send({"throw": True, "expected_seq": st["seq"]})
        st = ws.recv_type("state", timeout=20)
    assert called, "seat 0 was never offered a call"
    call = [label for label in labels if label.startswith("Schwindel!")]
    assert call and call[0].startswith("Schwindel! — der Becher zeigt "), labels


def _betting(ws: Ws, seats: set[int]) -> dict[str, Any]:
    """Read states until the betting waits for ``seats`` (the bank's bot and the server's dice go on by themselves
    until then; after it nothing moves without the people)."""
    while True:
        st = ws.recv_type("state", timeout=20)
        betting = st["view"].get("betting")
        if betting is not None and seats <= set(betting["deciding"]) and st["throw"] is None:
            return st


def test_a_sealed_stake_changes_nothing_the_others_can_observe(clients: Callable[..., Client]) -> None:
    """Issue 24 M1: each sealed stake sent every other punter and every spectator a state with ``seq`` + 1, so the
    count and the timing of another punter's stakes showed. Now each reader counts only what it was told: Anna's
    stakes send Bert and the spectator nothing, Bert's ``seq`` stays where it was (his move against it is no stale
    one), a reconnect with ``since`` finds nothing new, and the stakes reach them with the "no more stakes" that
    uncovers them — in the live list and in a catch-up after a reconnect. Her stakes do not renew the clock either."""
    anna, bert = clients().guest("Anna"), clients().guest("Bert")
    t = anna.create(
        "lustige-sieben",
        seats=3,
        sit=False,
        bots={"0": "heuristic"},
        clock="live",
        limit=120,
        overrides={"first_bank": "first_seat", "bank_throws": 2, "bank_rounds": 1},
    )
    tid = t["id"]
    assert anna.post(f"/api/tables/{tid}/sit", {"seat": 1}).status_code == 200
    assert bert.post(f"/api/tables/{tid}/sit", {"seat": 2}).status_code == 200
    wa, wb, wsp = anna.ws(tid), bert.ws(tid), clients().ws(tid)
    for w in (wa, wb, wsp):
        w.recv_type("table")
    assert anna.post(f"/api/tables/{tid}/start").status_code == 200
    sa, sb, ss = _betting(wa, {1, 2}), _betting(wb, {1, 2}), _betting(wsp, {1, 2})
    assert sa["seq"] == sb["seq"] == ss["seq"]  # nothing sealed yet: everybody was told the same
    deadline = sb["clock"]["at"]
    stake = concrete(next(x["action"] for x in sa["legal"] if x["action"]["kind"] == "stake"))

    for n in (1, 2):  # two stakes of Anna's: her own count moves, nobody else's
        wa.send({"action": stake, "expected_seq": sa["seq"]})
        got = wa.recv_type("state")
        assert got["seq"] == sa["seq"] + 1 and got["events"][-1]["data"]["kind"] == "stake"
        sa = got
        wb.nothing_on_the_way()
        wsp.nothing_on_the_way()
        assert anna.http.get(f"/api/tables/{tid}").json()["seq"] == ss["seq"], n  # the lobby's count neither
    # Bert's seq is still the one he was told: his stake against it is accepted, and Anna hears nothing of it.
    wb.send({"action": stake, "expected_seq": sb["seq"]})
    got = wb.recv_type("state")
    assert got["seq"] == sb["seq"] + 1 and [e["player"] for e in got["events"]] == [2]
    sb = got
    wa.nothing_on_the_way()
    wsp.nothing_on_the_way()
    # A reconnect with the last seq each has seen finds nothing new.
    wb.close()
    wb = bert.ws(tid, since=sb["seq"])
    first = wb.recv_type("state")
    assert first["seq"] == sb["seq"] and first["events"] == []
    wsp.close()
    wsp = clients().ws(tid, since=ss["seq"])
    first = wsp.recv_type("state")
    assert first["seq"] == ss["seq"] and first["events"] == []

    # Anna has done: public. Bert's "no more stakes" is the last: it uncovers every stake of the round.
    done = {"kind": "done"}
    wa.send({"action": done, "expected_seq": sa["seq"]})
    sa = wa.recv_type("state")
    got = wb.recv_type("state")
    assert got["seq"] == sb["seq"] + 1 and [e["seq"] for e in got["events"]] == [sb["seq"] + 1]
    # Nor did the stakes give Bert's clock a fresh limit: the betting keeps the deadline it opened with.
    assert got["clock"]["seats"] == [2] and got["clock"]["at"] == deadline
    sb = got
    seen = wsp.recv_type("state")
    assert seen["seq"] == ss["seq"] + 1 and [e["data"] for e in seen["events"]] == [done]
    wb.send({"action": done, "expected_seq": sb["seq"]})
    got = wb.recv_type("state")
    last = next(e for e in got["events"] if e["data"] == done)
    assert last["seq"] == sb["seq"] + 1
    assert [(u["player"], u["seq"]) for u in last["uncovered"]] == [(1, None), (1, None)]
    seen = wsp.state_at_least(ss["seq"] + 2)
    last = next(e for e in seen["events"] if e["seq"] == ss["seq"] + 2)
    assert last["data"] == done and [u["player"] for u in last["uncovered"]] == [1, 1, 2]
    # A spectator who reconnects from before the uncovering gets the same, numbered as he was told it.
    late = clients().ws(tid, since=ss["seq"])
    caught = late.recv_type("state")["events"]
    assert [e["seq"] for e in caught] == list(range(ss["seq"] + 1, ss["seq"] + 1 + len(caught)))
    assert not any(e["data"].get("kind") == "stake" for e in caught)
    assert [u["player"] for u in caught[1]["uncovered"]] == [1, 1, 2]
    for w in (wa, wb, wsp, late):
        w.close()


@pytest.mark.parametrize("game", ["zehnerspiel", "rock-and-roll"])
def test_sealed_stakes_in_the_other_bank_games_send_the_others_nothing(
    game: str, clients: Callable[..., Client]
) -> None:
    """Issue 24 M1 named Zehnerspiel and Rock and Roll beside Lustige Sieben (each sealed stake was one ``state`` with
    ``seq`` + 1 to the other punter and the spectators). The bank's bot seat 0 decides in the open (Rock and Roll's
    "Bank weiterführen" is public); Anna's three stakes reach nobody else, and Bert's seq stays valid."""
    anna, bert = clients().guest("Anna"), clients().guest("Bert")
    t = anna.create(game, seats=3, sit=False, bots={"0": "heuristic"}, overrides={"first_bank": "first_seat"})
    tid = t["id"]
    assert anna.post(f"/api/tables/{tid}/sit", {"seat": 1}).status_code == 200
    assert bert.post(f"/api/tables/{tid}/sit", {"seat": 2}).status_code == 200
    wa, wb, wsp = anna.ws(tid), bert.ws(tid), clients().ws(tid)
    for w in (wa, wb, wsp):
        w.recv_type("table")
    assert anna.post(f"/api/tables/{tid}/start").status_code == 200
    sa, sb = _betting(wa, {1, 2}), _betting(wb, {1, 2})
    _betting(wsp, {1, 2})
    while 0 in sa["view"]["betting"]["deciding"]:  # the bank's public decision first, seen by all
        sa, sb = wa.recv_type("state", timeout=20), wb.recv_type("state", timeout=20)
        wsp.recv_type("state", timeout=20)
    stakes = [x["action"] for x in sa["legal"] if x["action"]["kind"] == "stake"]
    for n in range(3):
        wa.send({"action": concrete(stakes[n % len(stakes)]), "expected_seq": sa["seq"]})
        got = wa.recv_type("state")
        assert got["seq"] == sa["seq"] + 1 and got["events"][-1]["data"]["kind"] == "stake", got["events"]
        sa = got
        wb.nothing_on_the_way()
        wsp.nothing_on_the_way()
    stake = concrete(next(x["action"] for x in sb["legal"] if x["action"]["kind"] == "stake"))
    wb.send({"action": stake, "expected_seq": sb["seq"]})  # his seq is still the one he was told: no stale move
    got = wb.recv_type("state")
    assert got["seq"] == sb["seq"] + 1 and [e["player"] for e in got["events"]] == [2]
    wa.nothing_on_the_way()
    for w in (wa, wb, wsp):
        w.close()
