"""Who throws in the terminal: the thrower presses Enter for a throw that starts something, a throw that follows his
own move ("throw again") comes at once, bots throw by themselves with the usual pause, and the record is the same
as if nobody had been asked."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import load_record, play, run
from wuerfel.engine.record import Match
from wuerfel.engine.sources import SeededSource

PROMPT = "Anna, du würfelst: Enter drücken zum Würfeln"


def test_nothing_is_thrown_before_the_thrower_presses_enter(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    result = play(["pig", "--players", "Anna,Ben", "--dice", "seed:3", "--save", str(save)], [])
    assert result.exit_code == 1  # input ended at Anna's throw
    assert PROMPT in result.output and "Wurf:" not in result.output
    assert load_record(save).events == []
    save.unlink()  # a new game over the old file would first ask (issue 24 B2)
    result = play(["pig", "--players", "Anna,Ben", "--dice", "seed:3", "--save", str(save)], [""])
    events = load_record(save).events
    assert [e.type for e in events] == ["chance"] and events[0].player is None


def test_throw_again_follows_at_once_and_the_next_turn_waits(tmp_path: Path) -> None:
    """Seed 3 throws no 1 in Anna's first three dice: Enter, "throw again" twice (no prompt), then she writes; Ben's
    first throw waits for Ben."""
    save = tmp_path / "g.json"
    lines = ["", "1", "1", "2"]
    result = play(["pig", "--players", "Anna,Ben", "--dice", "seed:3", "--save", str(save)], lines)
    out = result.output
    assert out.count(PROMPT) == 1
    assert "Ben, du würfelst: Enter drücken zum Würfeln" in out
    kinds = [(e.type, e.player, e.data["kind"]) for e in load_record(save).events]
    assert kinds == [
        ("chance", None, "roll"),
        ("action", 0, "roll"),
        ("chance", None, "roll"),
        ("action", 0, "roll"),
        ("chance", None, "roll"),
        ("action", 0, "hold"),
    ]


def test_the_record_is_the_one_the_dice_source_gives_without_asking(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    result = play(
        ["pig", "--players", "Anna,Ben", "--dice", "seed:5", "--save", str(save)], ["h", "x", *["2", ""] * 300]
    )  # h explains, any other line throws too
    assert result.exit_code == 0, result.output[-2000:]
    assert "Enter würfelt" in result.output
    record = load_record(save)
    assert record.replay().is_terminal()
    # the same actions against the same seeded dice, with nobody asked: the very same log
    match = Match.new("pig", record.rules_id, list(record.players), rules=record.make_game().rules)
    source = SeededSource(5)
    for ev in record.events:
        if ev.type == "chance":
            match.chance(source.choose(match.state))
        else:
            assert ev.player is not None
            match.act(match.game.action_from_json(ev.data), ev.player)
    assert [e.to_json() for e in match.record.events] == [e.to_json() for e in record.events]


def test_bots_throw_by_themselves_with_their_pause(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    pauses: list[float] = []
    monkeypatch.setattr("wuerfel.cli.play.time.sleep", lambda s: pauses.append(s))
    save = tmp_path / "g.json"
    result = run(
        [
            "play",
            "pigplus",
            "--players",
            "bot:holdat,bot:holdat",
            "--dice",
            "seed:1",
            "--pause",
            "0.25",
            "--save",
            str(save),
        ]
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "Enter" not in result.output
    record = load_record(save)
    turn_starts = sum(
        1
        for i, e in enumerate(record.events)
        if e.type == "chance"
        and (i == 0 or record.events[i - 1].type == "chance" or record.events[i - 1].data["kind"] == "hold")
    )
    moves = sum(1 for e in record.events if e.type == "action")
    assert turn_starts > 0 and pauses == [0.25] * (moves + turn_starts)


def test_quit_and_help_at_the_throw_prompt_in_english() -> None:
    result = play(["pig", "--players", "Ann,Ben", "--dice", "seed:1", "--lang", "en"], ["h", "q", ""])
    out = result.output
    assert result.exit_code == 0
    assert "Ann, your throw: press Enter to throw (h help, q quit):" in out
    assert "It is Ann's throw: Enter throws the dice." in out
    assert "Throw:" not in out and "Game ended." in out


def test_a_game_without_decisions_shows_the_table_before_each_of_a_persons_throws() -> None:
    """In Jule nothing is ever decided, so no decision draws the table: it is drawn before each of Anna's throws
    (she sees which number she needs), and "that throw ends your turn" — true of every throw — is not said."""
    out = play(["jule", "--players", "Anna,bot:random", "--dice", "seed:3"], ["", "", "", "q", ""]).output
    prompts = out.count("Enter drücken zum Würfeln")
    assert prompts >= 3
    track = "Anna · 1 bis 6 und zurück"
    assert out.count(track) >= prompts
    assert out.index(track) < out.index("Enter drücken zum Würfeln")
    assert "beendet den Zug" not in out and "ends your turn" not in out


def test_help_at_the_throw_prompt_addresses_the_person() -> None:
    """Terminal L5: the help at the person's own throw said "Dieser Spieler ist mit Würfeln dran"."""
    result = play(["pig", "--dice", "seed:1"], ["h", "q", ""])
    assert result.exit_code == 0
    assert "Du bist mit Würfeln dran: Enter würfelt." in result.output
    assert "Dieser Spieler" not in result.output
