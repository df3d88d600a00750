"""Bots: one protocol, a generic random bot, and game-specific bots registered with each game."""

from __future__ import annotations

from wuerfel.bots.base import Bot, RandomBot
from wuerfel.engine.errors import N_, RuleError
from wuerfel.engine.game import Game
from wuerfel.engine.registry import get_game


def bot_names(game_id: str) -> list[str]:
    """Bots available for a game: "random" plus the game's own."""
    return ["random", *get_game(game_id).bots]


def make_bot(game_id: str, name: str, game: Game, seed: int = 0) -> Bot:
    """Create a bot by name for a game; unknown names are refused with the list of known ones."""
    info = get_game(game_id)
    if name == "random":
        return RandomBot(seed)
    factory = info.bots.get(name)
    if factory is None:
        raise RuleError(N_("Unknown bot '{name}'. Known: {known}"), name=name, known=", ".join(bot_names(game_id)))
    bot: Bot = factory(game, seed)
    return bot


__all__ = ["Bot", "RandomBot", "bot_names", "make_bot"]
