"""Zehntausend in the terminal: a person scripted through a whole game against the heuristic bot, and the
scorekeeper with real dice (typos, a void throw as one key, moves typed as dice)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import load_record, play
from wuerfel.engine.registry import all_games

pytestmark = pytest.mark.skipif(
    "zehntausend" not in {g.id for g in all_games()}, reason="Zehntausend is not registered yet"
)


@pytest.mark.parametrize("rules", ["macke-klassisch", "zehntausend-350"])
def test_a_person_plays_a_whole_game_against_the_heuristic_bot(rules: str, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    # Always the first move: the best selection of a throw, then stop and write it down (listed before "throw on").
    result = play(
        ["zehntausend", "--rules", rules, "--players", "Anna,bot:heuristic", "--dice", "seed:4", "--save", str(save)],
        ["1"] * 3000,
    )
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    assert "Anna, dein Zug" in out and "→ Bot 1 (Faustregel): " in out and "Ergebnis" in out
    record = load_record(save)
    final = record.replay()
    assert final.is_terminal()
    winner = record.players[final.winners()[0]]
    assert f"{winner} gewinnt!" in out


def test_scorekeeper_with_typos_a_void_throw_and_typed_moves(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    lines = [
        "1 1 5 2 3",  # five dice where six fell: refused
        "1 1 7 2 3 4",  # no such face: refused
        "b",  # a die is cocked ("brennt"): void, thrown again
        "1 1 1 2 3 4",  # Anna's throw
        "9 9",  # not a move
        "1 1 1",  # typed: set aside the three 1s (1000)
        "b",  # stop and write 1000
        "2 3 4 6 6 2",  # Ben throws nothing that scores: his turn is lost
        "q",
        "",  # quit; the record is already saved
    ]
    result = play(
        ["zehntausend", "--rules", "zehntausend-350", "--players", "Anna,Ben", "--dice", "manual", "--save", str(save)],
        lines,
    )
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    assert "b = " in out and "brennt" in out
    assert "Bitte genau 6 Würfel eingeben, nicht 5." in out
    assert "Gefallene Würfel (6, z. B. 3 3 1 5 6 2):" in out
    record = load_record(save)
    chance = [e.data for e in record.events if e.type == "chance"]
    assert chance[0]["kind"] != "roll"  # the void throw is in the record
    assert [c.get("dice") for c in chance[1:3]] == [[1, 1, 1, 2, 3, 4], [2, 2, 3, 4, 6, 6]]
    state = record.replay()
    assert state.scores()[:2] == (1000.0, 0.0)


def test_english_terminal_game_against_bots(tmp_path: Path) -> None:
    result = play(
        ["zehntausend", "--rules", "farkle", "--players", "Anna,bot:heuristic", "--dice", "seed:2", "--lang", "en"],
        ["1"] * 3000,
    )
    assert result.exit_code == 0, result.output[-3000:]
    assert "Anna, your move" in result.output and "Result" in result.output


def test_a_users_rules_file_is_played_and_recorded_resolved(tmp_path: Path) -> None:
    rules = tmp_path / "hausregel.toml"
    rules.write_text(
        '[overlay]\nid = "unsere-runde"\nextends = "macke-klassisch"\n\n[game]\ntarget = 2000\n', encoding="utf-8"
    )
    save = tmp_path / "g.json"
    result = play(
        ["zehntausend", "--rules", str(rules), "--players", "bot,bot:random", "--dice", "seed:5", "--save", str(save)]
    )
    assert result.exit_code == 0, result.output[-3000:]
    assert "Regeln: unsere-runde" in result.output
    record = load_record(save)
    assert record.rules_id == "unsere-runde" and record.rules["game"]["target"] == 2000
    final = record.replay()
    assert final.is_terminal() and max(final.scores()) >= 2000


def test_a_broken_rules_file_is_refused_naming_the_option(tmp_path: Path) -> None:
    rules = tmp_path / "kaputt.toml"
    rules.write_text(
        '[overlay]\nid = "kaputt"\nextends = "macke-klassisch"\n\n[game]\ntargett = 2000\n', encoding="utf-8"
    )
    result = play(["zehntausend", "--rules", str(rules)])
    assert result.exit_code == 2
    assert "game.targett" in result.output
