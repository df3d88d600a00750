"""The registry of games: id → how to load its rules and make it, with names in German and English.

Each game module registers itself on import (``register(GameInfo(...))`` at its end, as OpenSpiel's games do).
Modules are found through the Python entry-point group ``wuerfel.games`` (:data:`ENTRY_POINT_GROUP`): the entry
point's name is the game id, its value the module (or a ``module:factory`` returning a :class:`GameInfo`). So a
package outside this repository adds a game by declaring one entry point; the built-in games are declared the same
way in ``pyproject.toml``. Loading stays lazy: :func:`get_game` imports only the module of the id asked for, and
:func:`all_games` imports them all on first need.

The built-in entry points are read from ``pyproject.toml`` itself when the package runs from a source checkout
(an editable install, or tests that put the checkout first on ``sys.path``): installed metadata written before a
game was added would otherwise hide it until the next ``pip install``. Since those win anyway, a built-in game asked
for by id from a checkout is found without reading the installed metadata at all (``importlib.metadata`` pulls in
``email``, ``zipfile``, ``csv`` … several MB a bot-only process does not need: issue 17).
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import tomllib
import warnings
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, Literal

from wuerfel import i18n
from wuerfel.engine import presets as presets_module
from wuerfel.engine.errors import N_, RuleError
from wuerfel.engine.game import Game
from wuerfel.engine.rules import (
    PresetLibrary,
    ResolvedRules,
    deep_merge,
    options_from_dict,
    options_to_dict,
)

ENTRY_POINT_GROUP = "wuerfel.games"
"""The entry-point group through which game modules are found (name = game id, value = module[:factory])."""

DISTRIBUTION = "wuerfel"
PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"
"""The source checkout's project file: present when the package runs from a checkout, absent in a wheel."""

Faces = Literal["pips", "poker"]


FAMILIES: Mapping[str, str] = {
    "zehntausend": N_("Ten Thousand and Farkle"),
    "kniffel": N_("Kniffel and Yahtzee"),
    "one-die": N_("Games with one die"),
    "two-dice": N_("Games with two dice"),
    "three-dice": N_("Games with three dice"),
    "five-dice": N_("Games with five dice"),
    "six-dice": N_("Games with six dice"),
    "poker-dice": N_("Games with poker dice"),
}
"""The lobby's shelves, in the order it shows them (msgids: the front end translates them)."""


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
    solver_bots: frozenset[str] = frozenset()
    """The bots of :attr:`bots` that need the optional extra ``solvers`` (numpy, numba: their tables are numpy
    arrays or numba kernels). Where it is not installed they are not offered, asking for one is refused with the
    command that installs it, and a default bot among them gives way to the best one that runs
    (:func:`wuerfel.bots.default_bot`; :mod:`wuerfel.engine.extras`)."""
    solvers: Mapping[str, Callable[..., Any]] = dataclasses.field(default_factory=dict)
    """Objective → solve(rules, rules_id, fresh: bool) → SolveResult (see :mod:`wuerfel.solvers.api`)."""
    two_player_solver: Callable[..., Any] | None = None
    """solve(rules, rules_id, fresh: bool) → :class:`wuerfel.solvers.two_player.TwoPlayerResult`, or None where
    the generic exact solver is the tool for that rule set: the game's own exact two-player win shares, used by
    ``wuerfel solve GAME --players 2`` (objective ``win``) where the generic solver's positions are too many."""
    advisor: Callable[[Game], Any] | None = None
    """factory(game) → object with ``advise(state, player) -> list[Advice]`` (:mod:`wuerfel.engine.advice`), best
    first, for hints ("?" in terminal play). The factory may also have ``exact_for(game) -> bool`` (whether the
    post-game analysis can rate these rules exactly) and ``missing_table(game)`` (a table that would make the
    analysis better but must be built first: :class:`wuerfel.engine.advice.MissingTable`)."""
    terminal_renderer: Callable[[dict[str, Any], str], Any] | None = None
    """render(view, lang) → a Rich renderable for terminal play; None: the generic renderer."""
    default_bot: str = "heuristic"
    perfect_information: bool = True
    """False when views differ between players in what they may know (concealed dice, sealed stakes): hot-seat
    front ends then hide the screen between human players and never print another player's moves or throws in
    detail."""
    chips: bool = False
    """True when the game is played for chips: :meth:`State.payoffs` gives every seat's net chips, which sum to zero
    at the end (the scores may still be points, as Escalero's, settled in chips). False: points only."""
    decisions: bool = True
    """False for a game of pure chance (nobody decides anything): front ends need no move buttons, bots are all
    alike, and the exact solver needs no objective."""
    faces: Faces = "pips"
    """The dice faces: ``"pips"`` (1–6) or ``"poker"`` (Neun, Zehn, Bube, Dame, König, As — encoded 1..6)."""
    featured: int = 0
    """0: listed with the others. Otherwise the game is offered first in the lobby ("Play now against the
    computer") at this place, 1 first."""
    throw_scorer: Callable[[Any], Any] | None = None
    """factory(rules) → :class:`wuerfel.engine.throwscore.ThrowScorer`: what one throw scores (``wuerfel score``);
    None for games that do not score a throw by itself."""
    odds: Callable[[Any], Any] | None = None
    """factory(rules) → :class:`wuerfel.engine.odds.ThrowOdds`: the classes of one throw and how each is found
    (``wuerfel odds``, the table's "Wahrscheinlichkeiten"); None for games that do not classify a throw."""
    bank_edges: Callable[[Any], Any] | None = None
    """factory(rules) → a sequence of :class:`wuerfel.engine.edges.BankEdge`: the bank's exact expected gain per chip
    staked on each kind of field or bet under these rules, shown in the rules panels (lobby, table, ``wuerfel rules
    show``); None for games without a bank. :func:`wuerfel.engine.edges.single_edge` wraps a rules → Fraction."""

    family: str = ""
    """Which shelf of the lobby the game stands on: a key of :data:`FAMILIES` (the book's chapters by the dice a
    game is played with, and the two families of their own); "" for a plug-in game that names none."""
    explain: Callable[[Any, int], Sequence[Any]] | None = None
    """explain(rules, players) → the how-to-play :class:`wuerfel.engine.explain.Section` s written from the rules in
    force (goal, turn, scoring with an example, end, payments where chips are played)."""
    explain_quotes: tuple[str, ...] = ()
    """Dotted option paths whose numbers the explanation states: the tests change each and find the new number."""
    locale_dir: Path | None = None
    """The game's own catalogues (``<locale_dir>/<lang>/LC_MESSAGES/*.po``, msgids English as wuerfel's), consulted
    after wuerfel's own once the game registers; None for a game whose texts are all in wuerfel's catalogues. A
    game package outside wuerfel ships its German and English here instead of editing wuerfel's."""
    turn_model: Callable[[Game], Any] | None = None
    """turn_model(game) → one turn of seat 0 played alone, for the research adapters' single-turn env
    (``wuerfel/interop/gym_turn.py``: ``throw_action``, ``over(state)``, ``start_value(state)``, ``values(state)``);
    raises ValueError(why) for rules it cannot play exactly. None: the game has no such turn (Zehntausend's only)."""
    web_dir: Path | None = None
    """The game's own web table: a folder of static files served under ``/static/games/<id>/``. A ``table.js`` in it
    replaces the generic renderer at the game's tables (``wuerfel/web/static/js/games/generic.js`` shows what it
    exports), a ``table.css`` is loaded beside it, a ``table.html`` is a Jinja partial the table and replay pages
    include (the strings its ``table.js`` reads, through ``_()``); None: the generic table."""

    def __post_init__(self) -> None:
        if self.faces not in ("pips", "poker"):
            raise ValueError(f"GameInfo {self.id}: faces must be 'pips' or 'poker', not {self.faces!r}")
        if not self.solver_bots <= set(self.bots):
            raise ValueError(f"GameInfo {self.id}: solver_bots names bots it does not have: {set(self.solver_bots)}")

    @property
    def hidden_information(self) -> bool:
        """The opposite of :attr:`perfect_information` (the name the flag had first)."""
        return not self.perfect_information

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
                raise RuleError(N_("Unknown rule set '{name}'. Known: {known}"), name=name, known=self.default_preset)
            resolved = ResolvedRules(id=name, data=options_to_dict(self.options_class()), source="", note="")
        else:
            resolved = lib.resolve(name)
        if overrides:
            resolved = dataclasses.replace(
                resolved, id=resolved.id + "+custom", data=deep_merge(resolved.data, overrides)
            )
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
            raise RuleError(
                N_("{game} is played by {lo} to {hi} players, not {n}."),
                game=self.name_de,
                lo=lo,
                hi=self.max_players,
                n=n,
            )
        return self.make(rules, n)

    def player_counts(self, rules: Any = None) -> list[int]:
        """The player counts these rules allow, fewest first: a rule set may narrow the game's range (Zehntausend's
        default rules need two, its Solo one), and the lobby and the terminal offer only these."""
        if rules is None or isinstance(rules, str):
            rules = self.load_rules(rules)
        ok = []
        for n in range(self.min_players, self.max_players + 1):
            try:
                self.new_game(rules, n)
            except RuleError:
                continue
            ok.append(n)
        return ok


_REGISTRY: dict[str, GameInfo] = {}
_loaded = False
_imported: set[str] = set()


def register(info: GameInfo) -> GameInfo:
    """Add a game; called by each game module at its end (and by tests for their own games)."""
    _REGISTRY[info.id] = info
    if info.locale_dir is not None:
        i18n.add_locale_dir(info.locale_dir)
    return info


@functools.cache
def _source_entry_points() -> dict[str, str] | None:
    """The built-in games' entry points as the source checkout's ``pyproject.toml`` declares them (None: not
    running from a checkout of this project)."""
    try:
        data = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return None
    if data.get("project", {}).get("name") != DISTRIBUTION:
        return None
    eps = data["project"].get("entry-points", {}).get(ENTRY_POINT_GROUP, {})
    return {str(k): str(v) for k, v in eps.items()}


def entry_points() -> dict[str, str]:
    """Every declared game: id → ``module`` or ``module:factory``. Installed packages first, then the built-in
    games of the source checkout (which win over stale installed metadata of this project)."""
    import importlib.metadata  # here, not at the top: only a scan of every package needs it (see the docstring)

    out: dict[str, str] = {}
    source = _source_entry_points()
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        dist = getattr(ep, "dist", None)
        if source is not None and dist is not None and dist.name == DISTRIBUTION:
            continue
        out.setdefault(ep.name, ep.value)
    out.update(source or {})
    return out


def _load(spec: str) -> None:
    """Import one declared game: a module registers itself; a ``module:factory`` is called and what it returns
    (a GameInfo or several) is registered."""
    if spec in _imported:
        return
    _imported.add(spec)
    mod_name, _, attr = spec.partition(":")
    obj: Any = importlib.import_module(mod_name.strip())
    for part in filter(None, attr.strip().split(".")):
        obj = getattr(obj, part)
    if isinstance(obj, ModuleType):
        return
    made = obj() if callable(obj) else obj
    for info in made if isinstance(made, (list, tuple)) else [made]:
        if not isinstance(info, GameInfo):
            raise TypeError(f"entry point {spec!r} gave {type(info).__name__}, not GameInfo")
        register(info)


def _built_in(spec: str) -> bool:
    return spec.split(":", 1)[0].strip().split(".", 1)[0] == DISTRIBUTION


def _load_all() -> None:
    """Import every declared game. A game of another package that fails to load is left out with a warning (one
    broken plug-in must not take every other game, the server included, down with it); a built-in one raises."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for game_id, spec in entry_points().items():
        try:
            _load(spec)
        except Exception as exc:
            if _built_in(spec):
                raise
            warnings.warn(
                f"game {game_id!r} ({spec}) could not be loaded and is left out: {exc!r}", RuntimeWarning, stacklevel=2
            )


def all_games() -> list[GameInfo]:
    _load_all()
    return sorted(_REGISTRY.values(), key=lambda g: g.id)


def get_game(game_id: str) -> GameInfo:
    """Look a game up by id or alias; the error lists the known ids."""
    key = game_id.strip().lower()
    if key in _REGISTRY:
        return _REGISTRY[key]
    spec = None
    if not _loaded:
        # a built-in game of the checkout: its entry point wins over installed metadata (see entry_points), so
        # the installed packages need not be read for it
        spec = (_source_entry_points() or {}).get(key) or entry_points().get(key)
    if spec is not None:
        _load(spec)  # only this game's module: a command about one game does not import the others
        if key in _REGISTRY:
            return _REGISTRY[key]
    _load_all()
    if key in _REGISTRY:
        return _REGISTRY[key]
    for info in _REGISTRY.values():
        if key in info.aliases:
            return info
    raise RuleError(N_("Unknown game '{game}'. Known: {known}"), game=game_id, known=", ".join(sorted(_REGISTRY)))


presets_module.GAMES = all_games  # a rules refusal may name the game whose rule set was meant (see presets.GAMES)
