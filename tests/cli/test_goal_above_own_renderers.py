"""Issue 24: the goal of a game is on the felt in the terminal too — also above a game's own terminal renderer
(Lustige Sieben, Verdecktes Würfelpoker, Escalero draw their tables themselves from the view)."""

from __future__ import annotations

from rich.console import Console

from wuerfel.cli.play import PlaySession
from wuerfel.cli.play_seats import Seat
from wuerfel.engine.record import Match
from wuerfel.engine.registry import get_game
from wuerfel.games.kit import Lot


def _text(game_id: str, lang: str) -> str:
    info = get_game(game_id)
    assert info.terminal_renderer is not None
    match = Match.new(game_id, None, ["Anna", "Ben", "Cem"][: max(2, info.min_players)])
    match.chance(Lot(0))
    console = Console(width=120, record=True)
    session = PlaySession(
        info, match, [Seat(n) for n in match.record.players], dice_mode="manual", pause=0, lang=lang, console=console
    )
    console.print(session.render(match.state.view(0), 0))
    return console.export_text()


def test_the_goal_line_is_drawn_first_above_a_games_own_renderer() -> None:
    text = _text("lustige-sieben", "de")
    assert text.splitlines()[0].startswith("Gewinne Chips von der Bank")
    assert "Bank 1 von 2" in text.splitlines()[0]
    assert "Lustige Sieben" in text  # the game's own panel follows


def test_the_poker_and_sheet_games_with_own_renderers_draw_their_goal_too() -> None:
    poker = _text("verdecktes-wuerfelpoker", "en")
    assert poker.splitlines()[0].startswith("The highest announcement standing takes the pot")
    assert "Round 1 of 6" in poker.splitlines()[0] and "Verdecktes Würfelpoker" in poker
    sheet = _text("escalero", "de")
    assert sheet.splitlines()[0].startswith("Die meisten Punkte in elf Reihen")
    assert "Zug 1 von 11" in sheet.splitlines()[0] and "Escalero" in sheet.splitlines()[1]
