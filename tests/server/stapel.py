"""A second toy game for the server tests ("Stapel"): moves with parameters that can be illegal, a void throw.

A die is thrown; its face is the pile. The player to move takes 1–3 from the pile (never more than is left) and
scores what they take; an empty pile passes the turn and the die is thrown again. In scorekeeper mode a void throw
(probability 0, reported by a person) passes the turn. First to ``target`` wins.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, ClassVar

from wuerfel.engine.dice import roll_distribution
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import CHANCE, JSON, TERMINAL, Action, Game, Outcome, Roll, State
from wuerfel.engine.registry import GameInfo
from wuerfel.engine.rules import opt


@dataclasses.dataclass(frozen=True)
class StapelRules:
    target: int = opt(12, de="Zielpunktzahl", en="Target score")
    max_take: int = opt(3, de="Höchstens so viele nehmen", en="Take at most this many")
    boom: bool = opt(False, de="Testzug, der im Spiel abstürzt", en="A test move that crashes inside the game")

    def validate(self) -> None:
        from wuerfel.engine.errors import RuleError

        if not 1 <= self.max_take <= 6:
            raise RuleError(N_("Option '{key}' must be between {lo} and {hi}."), key="max_take", lo=1, hi=6)


@dataclasses.dataclass(frozen=True)
class Take(Action):
    kind: ClassVar[str] = "take"
    n: int


@dataclasses.dataclass(frozen=True)
class Boom(Action):
    """Legal (with ``boom = true``) but crashes when applied: a stand-in for a bug in a game."""

    kind: ClassVar[str] = "boom"


@dataclasses.dataclass(frozen=True)
class Void(Outcome):
    kind: ClassVar[str] = "void"


_OUTCOMES: tuple[tuple[Outcome, Fraction], ...] = (
    *((Roll(d), p) for d, p in roll_distribution(1)),
    (Void(), Fraction(0)),
)


@dataclasses.dataclass(frozen=True)
class StapelState(State):
    game: Game
    points: tuple[int, ...]
    player: int = 0
    pile: int = 0

    def to_move(self) -> int:
        if max(self.points) >= self.game.rules.target:
            return TERMINAL
        return CHANCE if self.pile == 0 else self.player

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        if self.to_move() < 0 or (player is not None and player != self.player):
            return ()
        takes = tuple(Take(n) for n in range(1, min(self.game.rules.max_take, self.pile) + 1))
        return (*takes, Boom()) if self.game.rules.boom else takes

    def explain_illegal(self, action: Action, player: int) -> None:
        if isinstance(action, Take) and action.n > self.pile:
            raise IllegalAction(N_("Only {n} left on the pile."), n=self.pile)

    def _apply_action(self, action: Action, player: int) -> State:
        if isinstance(action, Boom):
            raise RuntimeError("boom")
        assert isinstance(action, Take)
        pts = list(self.points)
        pts[player] += action.n
        pile = self.pile - action.n
        nxt = self.player if pile else (self.player + 1) % self.game.num_players
        return dataclasses.replace(self, points=tuple(pts), pile=pile, player=nxt)

    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        return _OUTCOMES if self.is_chance() else ()

    def _apply_outcome(self, outcome: Outcome) -> State:
        if isinstance(outcome, Void):
            return dataclasses.replace(self, player=(self.player + 1) % self.game.num_players)
        assert isinstance(outcome, Roll)
        return dataclasses.replace(self, pile=outcome.dice[0])

    def dice_to_throw(self) -> int:
        return 1 if self.is_chance() else 0

    def thrower(self) -> int | None:
        """The pile is the table's die, nobody's throw: the server tests' game for dice that fall at once (Pig is
        the one whose throws are the players')."""
        return None

    def parse_outcome(self, text: str) -> Outcome:
        if text.strip().lower() in ("x", "void"):
            if not self.is_chance():
                raise IllegalAction(N_("No dice are to be thrown now."))
            return Void()
        return super().parse_outcome(text)

    def scores(self) -> tuple[float, ...]:
        return tuple(float(p) for p in self.points)

    def winners(self) -> tuple[int, ...]:
        if not self.is_terminal():
            return ()
        best = max(self.points)
        return tuple(i for i, p in enumerate(self.points) if p == best)

    def view(self, player: int | None) -> JSON:
        return {
            "game": "stapel",
            "to_move": self.to_move(),
            "scores": list(self.points),
            "pile": self.pile,
            "player": self.player,
        }


class StapelGame(Game):
    id = "stapel"
    action_classes = (Take, Boom)
    outcome_classes = (Roll, Void)

    def new_initial_state(self) -> State:
        return StapelState(self, tuple(0 for _ in range(self.num_players)))

    def action_id(self, action: Action) -> int:
        return 99 if isinstance(action, Boom) else action.n - 1  # type: ignore[attr-defined]

    def action_from_id(self, action_id: int) -> Action:
        return Boom() if action_id == 99 else Take(action_id + 1)


class BrokenBot:
    """A bot with a bug: every choice raises. The server must keep the table going without it."""

    name = "kaputt"

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game

    def choose(self, state: State, player: int) -> Action:
        raise RuntimeError("bot bug")


def stapel_info() -> GameInfo:
    def make(rules: Any, n: int) -> Game:
        return StapelGame(rules, n)

    return GameInfo(
        id="stapel",
        name_de="Stapel",
        name_en="Stapel",
        options_class=StapelRules,
        make=make,
        min_players=1,
        max_players=4,
        default_preset="standard",
        bots={"kaputt": BrokenBot},
        default_bot="random",
    )
