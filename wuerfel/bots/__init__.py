"""Bots: one protocol, a generic random bot, and game-specific bots registered with each game."""

from __future__ import annotations

from wuerfel.bots.base import Bot, RandomBot
from wuerfel.engine.errors import N_, RuleError
from wuerfel.engine.game import Game
from wuerfel.engine.registry import get_game

BOT_LABELS: dict[str, str] = {
    "random": N_("random"),
    "heuristic": N_("rule of thumb"),
    "optimal": N_("optimal"),
    "best": N_("strong"),
}
"""Bot ids → how a player reads them (msgids; ``templates/_i18n.html`` holds the same ones as ``bot_<id>``). The ids
stay in records, URLs and ``--players bot:heuristic``; people see the words."""


def bot_label(name: str, lang: str = "de") -> str:
    """A bot's name in ``lang`` ("Faustregel", "rule of thumb"); an unknown (plug-in) bot keeps its id."""
    from wuerfel.i18n import translate

    msgid = BOT_LABELS.get(name)
    return translate(msgid, lang) if msgid else name


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


__all__ = ["BOT_LABELS", "Bot", "RandomBot", "bot_label", "bot_names", "make_bot"]
