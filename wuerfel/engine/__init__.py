"""Game-agnostic core: states with explicit chance nodes, typed actions, rules as data, records, dice sources.

The names below are re-exported lazily (module ``__getattr__``): ``import wuerfel.engine.game`` does not import the
records, the registry or the provably fair dice (with their ``json``, ``hashlib``, ``tomllib`` …), which a process
that only plays needs no more than it needs them to be loaded (issue 17: a bot's peak memory).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from wuerfel.engine.dice import Dice, multisets, roll_distribution
    from wuerfel.engine.errors import N_, IllegalAction, RecordError, RuleError, WuerfelError
    from wuerfel.engine.game import CHANCE, SIMULTANEOUS, TERMINAL, Action, Game, Outcome, Roll, State
    from wuerfel.engine.record import Event, GameRecord, Match
    from wuerfel.engine.registry import GameInfo, all_games, get_game, register
    from wuerfel.engine.sources import DiceSource, ManualSource, SeededSource, SystemSource

_EXPORTS: dict[str, str] = {
    **dict.fromkeys(("Dice", "multisets", "roll_distribution"), "wuerfel.engine.dice"),
    **dict.fromkeys(("N_", "IllegalAction", "RecordError", "RuleError", "WuerfelError"), "wuerfel.engine.errors"),
    **dict.fromkeys(
        ("CHANCE", "SIMULTANEOUS", "TERMINAL", "Action", "Game", "Outcome", "Roll", "State"), "wuerfel.engine.game"
    ),
    **dict.fromkeys(("Event", "GameRecord", "Match"), "wuerfel.engine.record"),
    **dict.fromkeys(("GameInfo", "all_games", "get_game", "register"), "wuerfel.engine.registry"),
    **dict.fromkeys(("DiceSource", "ManualSource", "SeededSource", "SystemSource"), "wuerfel.engine.sources"),
}
"""Re-exported name → the module that defines it."""

_EAGER_SUBMODULES = frozenset({"dice", "errors", "game", "record", "registry", "sources", "rules", "fairdice"})
"""Submodules this package imported eagerly before its names became lazy: still reachable as attributes of the
package (``wuerfel.engine.registry`` after a bare ``import wuerfel.engine``)."""


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        value = getattr(importlib.import_module(_EXPORTS[name]), name)
    elif name in _EAGER_SUBMODULES:
        value = importlib.import_module(f"{__name__}.{name}")
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS, *_EAGER_SUBMODULES})


__all__ = [
    "CHANCE",
    "N_",
    "SIMULTANEOUS",
    "TERMINAL",
    "Action",
    "Dice",
    "DiceSource",
    "Event",
    "Game",
    "GameInfo",
    "GameRecord",
    "IllegalAction",
    "ManualSource",
    "Match",
    "Outcome",
    "RecordError",
    "Roll",
    "RuleError",
    "SeededSource",
    "State",
    "SystemSource",
    "WuerfelError",
    "all_games",
    "get_game",
    "multisets",
    "register",
    "roll_distribution",
]
