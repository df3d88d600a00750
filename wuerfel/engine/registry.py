"""The registry of games: id → how to load its rules and make it, with names in German and English.

Game modules register themselves on import; :func:`all_games` imports the known modules lazily so that a command
that needs one game does not pay for loading all of them.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from wuerfel.engine.errors import N_, RuleError
from wuerfel.engine.game import Game
from wuerfel.engine.rules import (
    PresetLibrary,
    ResolvedRules,
    deep_merge,
    options_from_dict,
    options_to_dict,
)

GAME_MODULES: tuple[str, ...] = (
    "wuerfel.games.zehntausend",
    "wuerfel.games.wuerfelspiel",
    "wuerfel.games.hasard",
)
"""Modules that register games; a module that does not exist yet is skipped."""


@dataclasses.dataclass(frozen=True)
class GameInfo:
    """Everything the rest of the program needs to know about one game without importing its internals."""

    id: str
    name_de: str
    name_en: str
    options_class: type[Any]
    make: Callable[[Any, int], Game]
    min_players: int
    max_players: int
    default_preset: str
    presets_dir: Path | None = None
    description_de: str = ""
    description_en: str = ""
    aliases: tuple[str, ...] = ()
    bots: Mapping[str, Callable[[Game, int], Any]] = dataclasses.field(default_factory=dict)
    """Game-specific bots by name ("heuristic", "optimal" …): factory(game, seed) → Bot. "random" is generic."""
    solvers: Mapping[str, Callable[..., Any]] = dataclasses.field(default_factory=dict)
    """Objective → solve(rules, rules_id, fresh: bool) → SolveResult (see :mod:`wuerfel.solvers.api`)."""
    advisor: Callable[[Game], Any] | None = None
    """factory(game) → object with ``advise(state, player) -> list[Advice]`` (:mod:`wuerfel.engine.advice`), best
    first, for hints ("?" in terminal play)."""
    terminal_renderer: Callable[[dict[str, Any], str], Any] | None = None
    """render(view, lang) → a Rich renderable for terminal play; None: the generic renderer."""
    default_bot: str = "heuristic"
    hidden_information: bool = False
    """True when views differ between players in what they may know (concealed dice): hot-seat front ends then
    hide the screen between human players and never print another player's moves or throws in detail."""
    throw_scorer: Callable[[Any], Any] | None = None
    """factory(rules) → :class:`wuerfel.engine.throwscore.ThrowScorer`: what one throw scores (``wuerfel score``);
    None for games that do not score a throw by itself."""

    def name(self, lang: str = "de") -> str:
        return self.name_en if lang == "en" else self.name_de

    def description(self, lang: str = "de") -> str:
        return self.description_en if lang == "en" else self.description_de

    @property
    def library(self) -> PresetLibrary | None:
        return PresetLibrary(self.presets_dir) if self.presets_dir else None

    def rule_sets(self) -> list[str]:
        """Every rule set, internal ones included (tests and ``--rules ID`` load them)."""
        lib = self.library
        return lib.names() if lib else [self.default_preset]

    def public_rule_sets(self) -> list[str]:
        """The rule sets offered to players (lobby, ``rules list``): without those marked ``internal``."""
        lib = self.library
        return lib.public_names() if lib else [self.default_preset]

    def resolve(self, name_or_path: str | None = None, overrides: Mapping[str, Any] | None = None) -> ResolvedRules:
        """Resolve a preset/overlay id or a user's file, then apply ``overrides`` (a partial rules document)."""
        name = name_or_path or self.default_preset
        lib = self.library
        if lib is None:
            if name != self.default_preset:
                raise RuleError(N_("Unknown rule set '{name}'. Known: {known}"), name=name,
                                known=self.default_preset)
            resolved = ResolvedRules(id=name, data=options_to_dict(self.options_class()), source="", note="")
        else:
            resolved = lib.resolve(name)
        if overrides:
            resolved = dataclasses.replace(resolved, id=resolved.id + "+custom",
                                           data=deep_merge(resolved.data, overrides))
        return resolved

    def load_rules(self, name_or_path: str | None = None, overrides: Mapping[str, Any] | None = None) -> Any:
        """The validated option tree for a rule set (raises :class:`RuleError` naming the offending option)."""
        resolved = self.resolve(name_or_path, overrides)
        return self.rules_from_dict(resolved.data, complete=bool(self.library and not overrides))

    def rules_from_dict(self, data: Mapping[str, Any], complete: bool = False) -> Any:
        rules = options_from_dict(self.options_class, data, complete=complete)
        check = getattr(rules, "validate", None)
        if callable(check):
            check()
        return rules

    def new_game(self, rules: Any = None, num_players: int | None = None) -> Game:
        """A game with these rules (an option tree, a rule-set name or a path) and this many players."""
        if rules is None or isinstance(rules, str):
            rules = self.load_rules(rules)
        n = self.min_players if num_players is None else num_players
        lo = max(self.min_players, getattr(rules, "min_players", self.min_players))
        if not lo <= n <= self.max_players:
            raise RuleError(N_("{game} is played by {lo} to {hi} players, not {n}."), game=self.name_de,
                            lo=lo, hi=self.max_players, n=n)
        return self.make(rules, n)


_REGISTRY: dict[str, GameInfo] = {}
_loaded = False


def register(info: GameInfo) -> GameInfo:
    """Add a game; called by game modules at import time."""
    _REGISTRY[info.id] = info
    return info


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for mod in GAME_MODULES:
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as exc:
            if exc.name != mod:
                raise


def all_games() -> list[GameInfo]:
    _load_all()
    return sorted(_REGISTRY.values(), key=lambda g: g.id)


def get_game(game_id: str) -> GameInfo:
    """Look a game up by id or alias; the error lists the known ids."""
    _load_all()
    key = game_id.strip().lower()
    if key in _REGISTRY:
        return _REGISTRY[key]
    for info in _REGISTRY.values():
        if key in info.aliases:
            return info
    raise RuleError(N_("Unknown game '{game}'. Known: {known}"), game=game_id,
                    known=", ".join(sorted(_REGISTRY)))
