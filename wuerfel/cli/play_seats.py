"""Who plays at a terminal table (``wuerfel play --players``) and how its dice fall (``--dice``): the seats, people
and bots, read from the command line, the person addressed as "Du"/"You", and the default table of one person
against the game's default bot.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from wuerfel import bots
from wuerfel.bots import bot_label
from wuerfel.engine.errors import N_, RuleError
from wuerfel.engine.registry import GameInfo
from wuerfel.i18n import Translator


@dataclasses.dataclass(frozen=True)
class Seat:
    name: str
    bot: str | None = None
    """Bot name for a computer seat, ``None`` for a person."""
    you: bool = False
    """The person at the screen when the seat is called "Du"/"You" (the default): addressed in the second person
    ("Du bist am Zug", not "Du ist dran")."""

    @property
    def spec(self) -> str:
        return f"bot:{self.bot}" if self.bot else "human"


def parse_players(text: str, info: GameInfo, lang: str) -> list[Seat]:
    """``"Anna,Ben,bot:heuristic"`` → seats; ``bot`` alone means the game's default bot.

    Refuses empty and duplicate names (a hot-seat prompt must say unambiguously whose turn it is).
    """
    _ = Translator(lang)
    seats: list[Seat] = []
    bot_count = 0
    for raw in text.split(","):
        entry = raw.strip()
        if not entry:
            raise RuleError(N_("Player names must not be empty (check the commas in --players)."))
        low = entry.lower()
        if low == "bot" or low.startswith("bot:"):
            bot = entry[4:].strip() if ":" in entry else default_bot(info)
            if not bot:
                raise RuleError(N_("Say which bot: bot:NAME (e.g. bot:random)."))
            bots.require_bot(info, bot)  # one that needs the extra solvers: refused before the game, naming it
            bot_count += 1
            # The bot's kind in words ("Faustregel"), not its id ("heuristic"): the id stays in the record's seats.
            seats.append(Seat(_("Bot {n} ({bot})", n=bot_count, bot=bot_label(bot, lang)), bot))
        elif entry.isdigit():
            # "--players 0" or "--players 3" is a count, not a person called "0" (issue 24 U13).
            raise RuleError(
                N_(
                    "'{name}' is a number: --players takes the players' names, separated by commas "
                    '(e.g. "Anna,bot" or "Anna,Ben,bot").'
                ),
                name=entry,
            )
        else:
            seats.append(Seat(entry))
    names = [s.name.casefold() for s in seats]
    for i, name in enumerate(names):
        if name in names[:i]:
            raise RuleError(N_("Two players are called '{name}'; please give distinct names."), name=seats[i].name)
    return mark_you(seats)


YOU_NAMES = {"du", "you"}
"""Names that address the person at the screen (the default name is one of them)."""


def mark_you(seats: list[Seat]) -> list[Seat]:
    """Mark the person called "Du"/"You" (the default name), so every line speaks to him in the second person."""
    return [dataclasses.replace(s, you=not s.bot and s.name.casefold() in YOU_NAMES) for s in seats]


def default_bot(info: GameInfo) -> str:
    """The game's default bot where it runs here, else its best one that does (:func:`wuerfel.bots.default_bot`)."""
    return bots.default_bot(info)


def player_counts(info: GameInfo, rules: Any) -> list[int]:
    """Player counts this rule set allows (a rule set may narrow the game's range: Solo is one player)."""
    return info.player_counts(rules)


def default_players(info: GameInfo, rules: Any, lang: str) -> str:
    """One person against the game's default bot: two seats where the rule set allows, else the fewest it allows."""
    _ = Translator(lang)
    counts = player_counts(info, rules) or [info.min_players]
    n = 2 if 2 in counts else counts[0]
    return ",".join([_("You"), *(["bot"] * (n - 1))])


def parse_dice_mode(mode: str) -> tuple[str, int | None]:
    """``system`` | ``manual`` | ``seed:N``."""
    m = mode.strip().lower()
    if m in ("system", "manual"):
        return m, None
    if m.startswith("seed:"):
        try:
            return "seed", int(m[5:])
        except ValueError:
            pass
    raise RuleError(N_("Unknown dice mode '{mode}'. Use system, manual or seed:N."), mode=mode)
