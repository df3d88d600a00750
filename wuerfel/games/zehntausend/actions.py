"""The moves of the Zehntausend family: the action classes a player chooses from, the shared legal lists of the
offer, knock and decide nodes, and the stable integer ids of every move (spec §3.4).

Apart from the state machine (:mod:`wuerfel.games.zehntausend.state`) because they are plain values: the solvers,
the bots, the fast simulator and the tests name them without the state, and the ids must stay the same whatever
the state does with them (solver tables and search key on them).
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from wuerfel.engine.dice import Multiset, counts, multisets, sort_dice
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import Action


@dataclasses.dataclass(frozen=True)
class Select(Action):
    """Set aside these dice from the current throw, turning ``turn_fives`` pairs of single 5s into a 1 (R-8)."""

    kind: ClassVar[str] = "select"
    dice: Multiset
    turn_fives: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.dice, tuple) or any(
            isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in self.dice
        ):
            raise ValueError("dice must be faces 1 to 6")
        if len(self.dice) > 6:
            raise ValueError("at most 6 dice")
        if isinstance(self.turn_fives, bool) or not isinstance(self.turn_fives, int) or not 0 <= self.turn_fives <= 3:
            raise ValueError("turn_fives must be 0 to 3")
        object.__setattr__(self, "dice", sort_dice(self.dice))


@dataclasses.dataclass(frozen=True)
class Bank(Action):
    """Stop and credit the turn total."""

    kind: ClassVar[str] = "bank"


@dataclasses.dataclass(frozen=True)
class Continue(Action):
    """Throw the dice in the cup again (kind "roll"; named so as not to clash with the engine's Roll outcome)."""

    kind: ClassVar[str] = "roll"


@dataclasses.dataclass(frozen=True)
class GiveUp(Action):
    """Stop below the threshold where that counts as a bust (``turn.stop_below_threshold = "counts_as_bust"``)."""

    kind: ClassVar[str] = "give_up"


@dataclasses.dataclass(frozen=True)
class TurnFives(Action):
    """*5er drehen* later in the turn (``five_turn_timing = "any_time"``): one same-throw pair of 5s lying aside
    becomes a 1; one die goes back into the cup."""

    kind: ClassVar[str] = "turn_fives"


@dataclasses.dataclass(frozen=True)
class TakeOver(Action):
    """*Übernehmen*: start the turn with the predecessor's banked total and the dice he left."""

    kind: ClassVar[str] = "take_over"


@dataclasses.dataclass(frozen=True)
class Decline(Action):
    """Decline the takeover offer and start a fresh turn."""

    kind: ClassVar[str] = "decline"


@dataclasses.dataclass(frozen=True)
class Knock(Action):
    """*Klopfen*: knock once on stacked dice; if they then all lie flat the throw counts as it lies."""

    kind: ClassVar[str] = "knock"


@dataclasses.dataclass(frozen=True)
class Rethrow(Action):
    """Do not knock: the throw with stacked dice is void and is thrown again."""

    kind: ClassVar[str] = "rethrow"


_SIMPLE: tuple[type[Action], ...] = (Bank, Continue, GiveUp, TurnFives, TakeOver, Decline, Knock, Rethrow)
_OFFER_ACTIONS: tuple[Action, ...] = (TakeOver(), Decline())
_KNOCK_ACTIONS: tuple[Action, ...] = (Knock(), Rethrow())
_DECIDE_ACTIONS: dict[tuple[bool, bool, bool, bool], tuple[Action, ...]] = {
    (bank, roll, turn, give_up): tuple(
        a for a, on in ((Bank(), bank), (Continue(), roll), (TurnFives(), turn), (GiveUp(), give_up)) if on
    )
    for bank in (False, True)
    for roll in (False, True)
    for turn in (False, True)
    for give_up in (False, True)
}
"""The decide node's legal list by (may bank, may throw, may turn 5s, may give up): shared tuples of shared
actions (they carry no fields), built once instead of on every decision. The order is the list's order."""
_SELECT_BASE = 16


def action_universe() -> tuple[Action, ...]:
    """Every concrete action any rule set can offer: the plain moves and every selection of 0 to 6 dice (none:
    "beweisen"), turning as many pairs of 5s as it holds (R-8, at most 3)."""
    selects = (Select(d, k) for m in range(7) for d in multisets(m, 6) for k in range(min(3, d.count(5) // 2) + 1))
    return (*(cls() for cls in _SIMPLE), *selects)


def action_id(action: Action) -> int:
    """The plain moves by their place in ``_SIMPLE``; a selection by its counts of each face (base 7) and the pairs
    of 5s it turns."""
    if isinstance(action, Select):
        code = 0
        for c in counts(action.dice):
            code = code * 7 + c
        return _SELECT_BASE + code * 4 + action.turn_fives
    for i, cls in enumerate(_SIMPLE):
        if type(action) is cls:
            return i
    raise IllegalAction(N_("Unknown move '{kind}'."), kind=action.kind)


def action_from_id(action_id: int) -> Action:
    """The inverse of :func:`action_id`; an id that names no move is refused as an unknown move."""
    if 0 <= action_id < len(_SIMPLE):
        return _SIMPLE[action_id]()
    if action_id < _SELECT_BASE or action_id >= _SELECT_BASE + 4 * 7**6:
        raise IllegalAction(N_("Unknown move '{kind}'."), kind=str(action_id))
    code, k = divmod(action_id - _SELECT_BASE, 4)
    cv = []
    for _ in range(6):
        code, c = divmod(code, 7)
        cv.append(c)
    cv.reverse()
    dice: list[int] = []
    for i, c in enumerate(cv):
        dice += [i + 1] * c
    try:
        return Select(tuple(dice), k)
    except ValueError as exc:
        raise IllegalAction(N_("Unknown move '{kind}'."), kind=str(action_id)) from exc
