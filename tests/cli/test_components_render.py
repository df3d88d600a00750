"""The generic terminal renderer draws every component kind, in German and English, and a game without its own
renderer is drawn from its components in ``wuerfel play``."""

from __future__ import annotations

import pytest
from rich.console import Console

from tests.cli.helpers import play
from tests.engine.test_components import EVERY_KIND
from wuerfel.cli.components import render_components
from wuerfel.engine.components import KINDS, Phrase, SeatLine, Seats, StakeBoard, StakeField

NAMES = ["Anna", "Bert"]


def text(components: object, lang: str, viewer: int | None = None) -> str:
    console = Console(width=100, record=True, color_system=None)
    console.print(render_components(components, lang, NAMES, viewer))  # type: ignore[arg-type]
    return console.export_text()


EXPECTED = {
    "de": [
        "Bert · Würfel: 9  [A]  [A]  2 verdeckt  [ ] = stehen",  # dice: poker faces, kept in brackets, cups
        "┃ Anna ┃    B",
        "Gesamt │    3 │  (7)",  # sheet: a seat heads its column; a candidate in brackets
        "Anna · Würfe: 1✗ ▶2 3✗2",  # track: struck, next, struck twice
        "Dieser Zug: 3,50 / 21",  # counter, with the German decimal comma
        "Pott    │     3",  # chips and pot
        "7  Bert 2  dein Einsatz 1",
        "Pott  Anna 1",  # the stake board: chips by owner, own sealed stake
        "Punkte (weniger ist besser)",  # seats: the game's label and the direction
        "▶ │ Anna    │                           2 │ Bank, +3",
        "fertig",  # turn, roles, notes, finished
        "Bert hat die Bank",  # message with a seat's name
        "Hand wählen",  # a menu: its question (the moves are listed below the table)
    ],
    "en": [
        "Bert · Dice: 9  [A]  [A]  2 hidden  [ ] = standing",
        "┃ Anna ┃    B",
        "Total │    3 │  (7)",
        "Anna · Throws: 1✗ ▶2 3✗2",
        "This turn: 3.50 / 21",
        "Pot    │     3",
        "7  Bert 2  your stake 1",
        "Pot  Anna 1",
        "Points (fewer is better)",
        "▶ │ Anna   │                        2 │ Bank, +3",
        "finished",
        "Bert holds the bank",
        "Choose a hand",
    ],
}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_kind_is_drawn(lang: str) -> None:
    assert {type(c) for c in EVERY_KIND} == set(KINDS.values())
    out = text(EVERY_KIND, lang)
    for piece in EXPECTED[lang]:
        assert piece in out, f"{piece!r} missing in:\n{out}"


def test_the_reader_sees_himself_as_you() -> None:
    board = StakeBoard((StakeField("7", (2, 0), number=7),))
    seats = Seats((SeatLine(0, score=1), SeatLine(1, score=2)), label=Phrase("Chips"))
    out = text([board, seats], "de", viewer=0)
    assert "7  du 2" in out and "Anna (du)" in out


def test_a_reader_called_du_is_not_marked_du_twice() -> None:
    """The terminal's default name is "Du": its seat read "Du (du)"."""
    seats = Seats((SeatLine(0, score=1), SeatLine(1, score=2)), label=Phrase("Chips"))
    console = Console(width=100, record=True, color_system=None)
    console.print(render_components([seats], "de", ["Du", "Bert"], 0))  # type: ignore[arg-type]
    out = console.export_text()
    assert "Du" in out and "(du)" not in out


def test_a_game_without_its_renderer_is_drawn_from_its_components() -> None:
    """Pig (the toy game) has no terminal renderer and states its table: the die, the turn, the target."""
    result = play(["pig", "--players", "bot:random,bot:random", "--dice", "seed:3", "--rules", "standard"])
    assert result.exit_code == 0, result.output[-2000:]
    assert "Dieser Zug:" in result.output and "Target score: 30" in result.output


def _sample_states(game_id: str, seed: int = 5, every: int = 7, limit: int = 400) -> list[object]:
    """Every ``every``-th state of a random game (and its end), enough to meet each component of a game."""
    import random

    from wuerfel.bots.base import RandomBot
    from wuerfel.engine.record import Match
    from wuerfel.engine.registry import get_game
    from wuerfel.engine.sources import SeededSource

    info = get_game(game_id)
    n = max(info.min_players, 2) if info.max_players >= 2 else info.min_players
    m = Match.new(game_id, info.default_preset, [f"P{i}" for i in range(n)])
    src, bot, rng = SeededSource(seed), RandomBot(seed), random.Random(seed)
    out = []
    for step in range(limit):
        if m.state.is_terminal():
            break
        if step % every == 0:
            out.append(m.state)
        if m.state.is_chance():
            m.chance(src.choose(m.state))
        else:
            p = rng.choice(m.state.actors())
            m.act(bot.choose(m.state, p), p)
    out.append(m.state)
    return out


@pytest.mark.parametrize(
    "game_id", ["zehntausend", "wuerfelspiel", "escalero", "lustige-sieben", "verdecktes-wuerfelpoker"]
)
def test_every_state_of_the_games_is_drawn_in_both_languages(game_id: str) -> None:
    for state in _sample_states(game_id):
        n = state.game.num_players  # type: ignore[attr-defined]
        for seat in (*range(n), None):
            comps = state.components(seat)  # type: ignore[attr-defined]
            for lang in ("de", "en"):
                out = text(comps, lang, seat)
                assert out.strip(), f"{game_id}: nothing drawn"
