"""Game-agnostic core: states with explicit chance nodes, typed actions, rules as data, records, dice sources.

The names below are re-exported lazily (module ``__getattr__``): ``import wuerfel.engine.game`` does not import the
records, the registry or the provably fair dice (with their ``json``, ``hashlib``, ``tomllib`` …), which a process
that only plays needs no more than it needs them to be loaded (issue 17: a bot's peak memory).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wuerfel.engine.lazy import LazyExports

if TYPE_CHECKING:
    from wuerfel.engine.dice import Multiset, multisets, roll_distribution
    from wuerfel.engine.errors import N_, IllegalAction, RecordError, RuleError, WuerfelError
    from wuerfel.engine.game import CHANCE, SIMULTANEOUS, TERMINAL, Action, Game, Outcome, Roll, State
    from wuerfel.engine.record import Event, GameRecord, Match
    from wuerfel.engine.registry import GameInfo, all_games, get_game, register
    from wuerfel.engine.sources import DiceSource, ManualSource, SeededSource, SystemSource

_EXPORTS: dict[str, str] = {
    **dict.fromkeys(("Multiset", "multisets", "roll_distribution", "Dice"), "wuerfel.engine.dice"),
    **dict.fromkeys(("N_", "IllegalAction", "RecordError", "RuleError", "WuerfelError"), "wuerfel.engine.errors"),
    **dict.fromkeys(
        ("CHANCE", "SIMULTANEOUS", "TERMINAL", "Action", "Game", "Outcome", "Roll", "State"), "wuerfel.engine.game"
    ),
    **dict.fromkeys(("Event", "GameRecord", "Match"), "wuerfel.engine.record"),
    **dict.fromkeys(("GameInfo", "all_games", "get_game", "register"), "wuerfel.engine.registry"),
    **dict.fromkeys(("DiceSource", "ManualSource", "SeededSource", "SystemSource"), "wuerfel.engine.sources"),
}
"""Re-exported name → the module that defines it (``Dice``: the deprecated old name of ``Multiset``)."""

_EAGER_SUBMODULES = frozenset({"dice", "errors", "game", "record", "registry", "sources", "rules", "fairdice"})
"""Submodules this package imported eagerly before its names became lazy: still reachable as attributes of the
package (``wuerfel.engine.registry`` after a bare ``import wuerfel.engine``)."""


_LAZY = LazyExports(__name__, _EXPORTS, _EAGER_SUBMODULES)


def __getattr__(name: str) -> Any:
    return _LAZY.get(name)


def __dir__() -> list[str]:
    return _LAZY.names()


__all__ = [
    "CHANCE",
    "N_",
    "SIMULTANEOUS",
    "TERMINAL",
    "Action",
    "DiceSource",
    "Event",
    "Game",
    "GameInfo",
    "GameRecord",
    "IllegalAction",
    "ManualSource",
    "Match",
    "Multiset",
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
