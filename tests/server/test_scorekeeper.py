"""Scorekeeper tables (real dice, one phone): every chance node says how to enter it, whose throw it is and which dice
stand; the people at the table are named; such tables are nobody else's business (not listed in the lobby)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tests.engine.toy_game import pig_info
from tests.server.conftest import Client
from wuerfel.engine.game import sample_action
from wuerfel.engine.registry import all_games


@pytest.mark.parametrize("game_id", [g.id for g in all_games()] + ["pig"])
def test_every_throw_names_its_thrower_and_the_dice_that_stand(game_id: str) -> None:
    """A front end must be able to say "Anna throws 3 dice; 5 5 stand" at every throw of every game."""
    info = pig_info() if game_id == "pig" else next(g for g in all_games() if g.id == game_id)
    for preset in info.rule_sets()[:3]:
        n = max(2, info.min_players)
        try:
            game = info.new_game(preset, n)
        except Exception:  # a preset for another player count (solo)
            continue
        rng = random.Random(3)
        for _ in range(3):
            s = game.new_initial_state()
            for _step in range(400):
                if s.is_terminal():
                    break
                if s.is_chance():
                    if s.dice_to_throw() > 0:
                        assert s.thrower() in range(n), (preset, s)
                        assert len(s.dice_standing()) + s.dice_to_throw() <= 6
                    outs = [(o, p) for o, p in s.chance_outcomes() if p > 0]
                    s = s.apply_outcome(rng.choices([o for o, _ in outs], [float(p) for _, p in outs])[0])
                else:
                    assert s.thrower() is None
                    p = s.actors()[0]
                    s = s.apply_action(sample_action(rng.choice(list(s.legal_actions(p))), rng), p)


def test_kept_dice_and_thrower_are_in_the_manual_description(clients: Callable[..., Client]) -> None:
    p = clients().guest("Tisch")
    t = p.create("wuerfelspiel", seats=2, scorekeeper=True, names={"0": "Anna", "1": "Bert"})
    assert [s["name"] for s in t["seats"]] == ["Anna", "Bert"]
    assert all(s["player_id"] == p.player["id"] for s in t["seats"])  # type: ignore[index]
    assert p.post(f"/api/tables/{t['id']}/start").status_code == 200
    ws = p.ws(t["id"])
    st = ws.recv_type("state")
    assert st["manual"]["dice"] == 5 and st["manual"]["thrower"] == 0 and st["manual"]["kept"] == []
    ws.send({"outcome": "5 5 2 3 6", "expected_seq": st["seq"]})
    st = ws.recv_type("state")
    keep = next(e for e in st["legal"] if e["action"] == {"kind": "keep", "dice": [5, 5]})
    ws.send({"action": keep["action"], "expected_seq": st["seq"], "seat": keep["seat"]})
    st = ws.recv_type("state")
    assert st["manual"] == {**st["manual"], "dice": 3, "thrower": 0, "kept": [5, 5]}


def test_the_lot_is_offered_as_choices_named_after_the_people(clients: Callable[..., Client]) -> None:
    """Escalero and Verdecktes Würfelpoker begin with a lot: no dice, so the choices are the only way in."""
    for game in ("escalero", "verdecktes-wuerfelpoker"):
        p = clients("de").guest("Tisch")
        t = p.create(game, seats=3, scorekeeper=True, names={"0": "Anna", "1": "Bert", "2": "Carla"})
        assert p.post(f"/api/tables/{t['id']}/start").status_code == 200
        ws = p.ws(t["id"])
        st = ws.recv_type("state")
        man = st["manual"]
        assert man["dice"] == 0 and man["thrower"] is None
        assert [c["label"] for c in man["choices"]] == ["Anna beginnt", "Bert beginnt", "Carla beginnt"]
        ws.send({"outcome": man["choices"][1]["outcome"], "expected_seq": st["seq"]})
        st = ws.recv_type("state")
        assert st["manual"]["dice"] == 5 and st["manual"]["thrower"] == 1
        assert st["events"][-1]["label"] == "Bert beginnt"


@pytest.mark.parametrize(
    ("names", "scorekeeper", "code", "text"),
    [
        ({"0": "Anna", "1": "anna"}, True, "bad_request", "Anna"),
        ({"0": "Anna", "1": ""}, True, "bad_request", "2"),
        ({"0": "x" * 33}, True, "bad_request", "1"),
        ({"5": "Anna"}, True, "bad_seat", "5"),
        ({"1": "Bert"}, False, "bad_request", ""),
        (["Anna"], True, "bad_request", ""),
    ],
)
def test_bad_seat_names_are_refused_and_create_nothing(
    clients: Callable[..., Client], names: object, scorekeeper: bool, code: str, text: str
) -> None:
    p = clients("de").guest("Tisch")
    before = len(p.http.get("/api/tables").json()["tables"])
    r = p.post("/api/tables", {"game": "pig", "seats": 2, "scorekeeper": scorekeeper, "names": names})
    assert r.status_code == 422, r.text
    err = r.json()["error"]
    assert err["code"] == code and text.casefold() in err["message"].casefold()
    assert len(p.http.get("/api/tables").json()["tables"]) == before


def test_scorekeeper_tables_are_not_listed_in_the_lobby(clients: Callable[..., Client]) -> None:
    p = clients().guest("Tisch")
    real = p.create("pig", seats=2, scorekeeper=True, names={"0": "Anna", "1": "Bert"})
    public = p.create("pig", seats=2)
    listed = {t["id"] for t in clients().guest("Fremd").http.get("/api/tables").json()["tables"]}
    assert public["id"] in listed and real["id"] not in listed
    lobby = p.http.get("/").text
    assert public["url"] in lobby and real["url"] not in lobby


@pytest.mark.parametrize("game", ["escalero", "lustige-sieben", "zehntausend"])
def test_a_void_throw_is_recorded_and_the_same_dice_are_thrown_again(game: str, clients: Callable[..., Client]) -> None:
    """Escalero and Lustige Sieben answer a void throw with the very same state object: still one event."""
    p = clients().guest("Tisch")
    preset = {"zehntausend": "einfach+hausbau"}.get(game)
    t = p.create(
        game, seats=2, scorekeeper=True, names={"0": "Anna", "1": "Bert"}, **({"preset": preset} if preset else {})
    )
    assert p.post(f"/api/tables/{t['id']}/start").status_code == 200
    ws = p.ws(t["id"])
    st = ws.recv_type("state")
    while not (st["manual"] and st["manual"]["dice"]):
        if st["manual"]:  # the lot
            ws.send({"outcome": st["manual"]["choices"][0]["outcome"], "expected_seq": st["seq"]})
        else:  # Lustige Sieben: the punters stake nothing
            done = next(e for e in st["legal"] if e["action"]["kind"] == "done")
            ws.send({"action": done["action"], "expected_seq": st["seq"], "seat": done["seat"]})
        st = ws.recv_type("state")
    before = st["manual"]
    ws.send({"outcome": before["special"][0]["outcome"], "expected_seq": st["seq"]})
    after = ws.recv_type("state")
    assert after["seq"] == st["seq"] + 1 and after["manual"] == before
    assert after["events"][-1]["label"] == before["special"][0]["label"]
    ws.send({"outcome": " ".join(["1"] * before["dice"]), "expected_seq": after["seq"]})
    assert ws.recv_type("state")["seq"] == after["seq"] + 1
