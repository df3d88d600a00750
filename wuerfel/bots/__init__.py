"""Bots: one protocol, a generic random bot, and game-specific bots registered with each game."""

from __future__ import annotations

from wuerfel.bots.base import Bot, RandomBot
from wuerfel.engine.errors import N_, RuleError, Words
from wuerfel.engine.extras import INSTALL, MissingSolvers, solvers_installed
from wuerfel.engine.game import Game
from wuerfel.engine.registry import GameInfo, get_game

_told: set[str] = set()
"""Games whose default bot gave way to another (:func:`default_bot`), logged once per process."""

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
    """Bots a game has: "random" plus the game's own, also those that need an extra not installed here (records,
    URLs and a refusal's list of known bots name them all; :func:`available_bots` is what may be offered)."""
    return ["random", *get_game(game_id).bots]


def bot_runs(info: GameInfo, name: str) -> bool:
    """Whether the bot can play here: it needs no extra, or the extra ``solvers`` is installed."""
    return name not in info.solver_bots or solvers_installed()


def require_bot(info: GameInfo, name: str) -> None:
    """Refuse a bot of the game that needs the extra ``solvers`` where it is not installed (the refusal names the
    command that installs it); any other name passes, known or not (the caller says what is known)."""
    if not bot_runs(info, name):
        raise MissingSolvers(bot=name, game=Words(info.name_en, info.name_de))


def available_bots(game_id: str) -> list[str]:
    """The bots of :func:`bot_names` that can play here: what a lobby or a menu offers."""
    info = get_game(game_id)
    return [name for name in bot_names(game_id) if bot_runs(info, name)]


def default_bot(info: GameInfo) -> str:
    """The bot that plays a seat nobody chose one for: the game's declared default where it runs here, else its
    best one that runs — the "heuristic" where it has one, else its first own bot that runs, else "random". That
    the default gave way is logged once per game and process (a server would say it at every table)."""
    if info.default_bot in info.bots and bot_runs(info, info.default_bot):
        return info.default_bot
    if info.default_bot not in info.bots:
        return "random"
    runnable = [name for name in info.bots if bot_runs(info, name)]
    chosen = "heuristic" if "heuristic" in runnable else runnable[0] if runnable else "random"
    if info.id not in _told:
        import logging  # only here: logging brings threading, which a bot-only process does not load (issue 17)

        _told.add(info.id)
        logging.getLogger(__name__).warning(
            "%s: its default bot %r needs the exact solvers (numpy, numba), so %r plays instead; to have it: %s",
            info.id,
            info.default_bot,
            chosen,
            INSTALL,
        )
    return chosen


def make_bot(game_id: str, name: str, game: Game, seed: int = 0) -> Bot:
    """Create a bot by name for a game; unknown names are refused with the list of known ones, a bot that needs
    the extra ``solvers`` where it is not installed with the command that installs it
    (:class:`~wuerfel.engine.extras.MissingSolvers`)."""
    info = get_game(game_id)
    if name == "random":
        return RandomBot(seed)
    factory = info.bots.get(name)
    if factory is None:
        raise RuleError(N_("Unknown bot '{name}'. Known: {known}"), name=name, known=", ".join(bot_names(game_id)))
    require_bot(info, name)
    bot: Bot = factory(game, seed)
    return bot


__all__ = [
    "BOT_LABELS",
    "Bot",
    "RandomBot",
    "available_bots",
    "bot_label",
    "bot_names",
    "bot_runs",
    "default_bot",
    "make_bot",
    "require_bot",
]
