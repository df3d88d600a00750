"""Small drivers for Zehntausend game tests: load a rule set (with overrides), throw given dice, act, and check
refusals (the state must be unchanged and the reason specific)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import Action, Roll
from wuerfel.engine.registry import get_game
from wuerfel.engine.testing import fingerprint
from wuerfel.games.kit.void import Void
from wuerfel.games.zehntausend.actions import Bank, Continue, Select
from wuerfel.games.zehntausend.game import ZehntausendGame
from wuerfel.games.zehntausend.state import ZehntausendState

INFO = get_game("zehntausend")


def rules(name: str, overrides: dict[str, Any] | None = None) -> Any:
    return INFO.load_rules(name, overrides)


def new(name: str, n: int = 2, overrides: dict[str, Any] | None = None, **fields: Any) -> ZehntausendState:
    """A fresh game; ``fields`` (scores_, last_result, …) are set before the first turn starts (so the threshold
    is computed from them)."""
    g = ZehntausendGame(rules(name, overrides), n)
    s = g.new_initial_state()
    if fields:
        s = dataclasses.replace(s, **fields)
        if not s.pool_mode:
            s = s._start_turn(s.player)
    return s


def throw(s: ZehntausendState, *dice: int) -> ZehntausendState:
    assert s.is_chance(), f"not a chance node: {s.node}"
    assert len(dice) == s.dice_to_throw(), f"{len(dice)} dice thrown, cup holds {s.dice_to_throw()}"
    return s.apply_outcome(Roll(tuple(dice)))  # type: ignore[return-value]


def void(s: ZehntausendState, reason: str) -> ZehntausendState:
    return s.apply_outcome(Void(reason))  # type: ignore[return-value]


def take(s: ZehntausendState, *dice: int, k: int = 0) -> ZehntausendState:
    return s.apply_action(Select(tuple(dice), k))  # type: ignore[return-value]


def roll(s: ZehntausendState) -> ZehntausendState:
    return s.apply_action(Continue())  # type: ignore[return-value]


def bank(s: ZehntausendState) -> ZehntausendState:
    return s.apply_action(Bank())  # type: ignore[return-value]


def act(s: ZehntausendState, a: Action) -> ZehntausendState:
    return s.apply_action(a)  # type: ignore[return-value]


def refused(s: ZehntausendState, action: Action, fragment: str, lang_de: str | None = None) -> None:
    """``action`` is refused with a reason containing ``fragment`` (and its German form ``lang_de``), and the state
    is unchanged."""
    before = fingerprint(s)
    with pytest.raises(IllegalAction) as exc:
        s.apply_action(action)
    assert fragment in exc.value.english(), exc.value.english()
    if lang_de is not None:
        assert lang_de in exc.value.translated("de"), exc.value.translated("de")
    assert fingerprint(s) == before


def points_of(s: ZehntausendState) -> dict[tuple[tuple[int, ...], int], int]:
    """Legal selections of the current throw → points."""
    return {(a.dice, a.turn_fives): c.points for a, c in s.choices()}


def view_json(s: ZehntausendState) -> str:
    return json.dumps(s.view(0), sort_keys=True)
