"""The engine's contract is one page (``docs/engine-api.md``) held to the code: a small required core, the rest in
named optional parts with defaults (issue 26). A method added to the state without a place on the page, or a page
naming a method that is gone, fails here; so does a core that grows past what a game author can hold in mind."""

from __future__ import annotations

import dataclasses
import re

from tests.paths import REPO
from wuerfel.engine import game, parts
from wuerfel.engine.registry import GameInfo

PAGE = REPO / "docs" / "engine-api.md"


def _section(text: str, heading: str) -> str:
    """The text under ``heading`` (a markdown heading line) up to the next heading of the same or a higher level."""
    m = re.search(rf"^(#+) {re.escape(heading)}\n", text, re.M)
    assert m, f"docs/engine-api.md has no heading {heading!r}"
    level = len(m.group(1))
    end = re.search(rf"^#{{1,{level}}} ", text[m.end() :], re.M)
    return text[m.end() : m.end() + end.start()] if end else text[m.end() :]


def _named(text: str) -> set[str]:
    return set(re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", text))


def _methods(cls: type) -> set[str]:
    """Methods and data a class itself adds (not inherited), dunders other than ``__getstate__`` left out."""
    return {
        k
        for k, v in vars(cls).items()
        if (not k.startswith("__") or k == "__getstate__")
        and not k.startswith("_abc")
        and (callable(v) or k == "display_fields")
    }


def test_every_method_of_the_state_is_core_or_in_one_part() -> None:
    on_state = {k for cls in game.State.__mro__ if cls.__module__.startswith("wuerfel.") for k in _methods(cls)}
    in_parts = [_methods(p) for p in parts.PARTS]
    core = set(game.REQUIRED) | set(game.PROVIDED)
    assert not set(game.REQUIRED) & set(game.PROVIDED)
    for i, a in enumerate(in_parts):  # a method lives in one place only
        assert not a & core, a & core
        for b in in_parts[i + 1 :]:
            assert not a & b
    assert on_state == core | set().union(*in_parts)
    assert set(game.GAME_REQUIRED) | set(game.GAME_PROVIDED) == _methods(game.Game) - {"__init__"}
    for name in game.REQUIRED + game.GAME_REQUIRED:
        assert getattr(
            getattr(game.State if name in game.REQUIRED else game.Game, name), "__isabstractmethod__", False
        ) or name in ("chance_outcomes", "_apply_outcome", "winners"), name


def test_the_core_a_game_writes_is_small() -> None:
    required = len(game.REQUIRED) + len(game.GAME_REQUIRED)
    assert required <= 15, f"a game must write {required} methods: move some into an optional part"
    abstract = game.State.__abstractmethods__ | game.Game.__abstractmethods__
    assert abstract <= set(game.REQUIRED) | set(game.GAME_REQUIRED)


def test_the_page_lists_the_core_and_every_part() -> None:
    text = PAGE.read_text(encoding="utf-8")
    required = _named(_section(text, "Required: what a game writes"))
    provided = _named(_section(text, "Provided: what the engine builds on it"))
    assert set(game.REQUIRED) | set(game.GAME_REQUIRED) <= required
    assert set(game.PROVIDED) | set(game.GAME_PROVIDED) <= provided
    for part in parts.PARTS:
        named = _named(_section(text, part.__name__))
        assert _methods(part) - {"display_fields"} <= named, f"{part.__name__}: {_methods(part) - named}"
    # and nothing on the page is a method the code no longer has
    for name in (required | provided) - {
        "id",
        "action_classes",
        "outcome_classes",
        "Amount",
        "CHANCE",
        "TERMINAL",
        "SIMULTANEOUS",
        "Game",
        "Fraction",
        "game",
        "to_move",
        "scores",
        "explain_illegal",
        "_apply_action",
        "_apply_outcome",
    }:
        assert hasattr(game.State, name) or hasattr(game.Game, name), name


def test_the_page_names_only_real_game_info_parts() -> None:
    table = _section(PAGE.read_text(encoding="utf-8"), "Optional parts through `GameInfo`")
    rows = re.findall(r"^\| `(\w+)` \|", table, re.M)
    fields = {f.name: f for f in dataclasses.fields(GameInfo)}
    assert rows and set(rows) <= set(fields)
    hooks = {name for name, f in fields.items() if f.default is None and name != "presets_dir"}
    assert hooks <= set(rows), f"GameInfo hooks missing on the page: {hooks - set(rows)}"
