"""The research adapters, checked by the libraries' own test suites (issue 27)."""

from __future__ import annotations

from wuerfel.engine.registry import GameInfo, all_games, entry_points


def declared_games() -> list[GameInfo]:
    """The games this project declares (its entry points): a test module elsewhere may register a toy game (Pig) in
    the same process, which declares no action universe and is no game of the book."""
    declared = set(entry_points())
    return [info for info in all_games() if info.id in declared]
