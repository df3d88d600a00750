"""Records stored before the keep turn and the void throw moved into the kit replay exactly: the same events are
accepted, every action keeps its id and JSON form, and the game ends in the same view with the same scores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wuerfel.engine.record import GameRecord

RECORDS = sorted((Path(__file__).parent / "records").glob("*.json"))


def test_the_stored_records_are_there() -> None:
    assert {p.stem for p in RECORDS} >= {
        "escalero-2",
        "escalero-alle-neu-1",
        "wuerfelspiel-kniffel-2",
        "wuerfelspiel-yahtzee-1",
        "zehntausend-klopfen-2",
    }


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_a_stored_record_replays_identically(path: Path) -> None:
    stored = json.loads(path.read_text())
    record = GameRecord.from_json(stored["record"])
    expect = stored["expect"]
    game = record.make_game()
    final = record.replay()
    # every event's JSON form is what the game writes today (a record written now would be the same)
    for ev in record.events:
        obj = game.action_from_json(ev.data) if ev.type == "action" else game.outcome_from_json(ev.data)
        assert obj.to_json() == ev.data
    ids = [game.action_id(game.action_from_json(e.data)) for e in record.events if e.type == "action"]
    assert ids == expect["action_ids"]
    assert all(game.action_id(game.action_from_id(i)) == i for i in ids)
    assert json.loads(json.dumps(final.view(None))) == expect["view"]
    assert list(final.scores()) == expect["scores"] and final.is_terminal() == expect["terminal"]
    assert GameRecord.loads(record.dumps()).to_json() == stored["record"]
