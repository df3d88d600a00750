"""A toy game (Pig: roll one die, bank or risk it, a 1 loses the turn) to test the engine without a real game."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, ClassVar

from wuerfel.engine.components import Component, Counter, Dice, Message, Phrase, SeatLine, Seats
from wuerfel.engine.dice import roll_distribution
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import CHANCE, JSON, TERMINAL, Action, Game, Outcome, Roll, State
from wuerfel.engine.registry import GameInfo
from wuerfel.engine.rules import opt


@dataclasses.dataclass(frozen=True)
class PigRules:
    target: int = opt(30, de="Zielpunktzahl", en="Target score")


@dataclasses.dataclass(frozen=True)
class RollAgain(Action):
    kind: ClassVar[str] = "roll"


@dataclasses.dataclass(frozen=True)
class Hold(Action):
    kind: ClassVar[str] = "hold"


_ONE_DIE = roll_distribution(1)
_OUTCOMES = tuple((Roll(d), p) for d, p in _ONE_DIE)


@dataclasses.dataclass(frozen=True)
class PigState(State):
    game: Game
    scores_: tuple[int, ...]
    player: int = 0
    turn: int = 0
    rolling: bool = True
    last: int = 0
    """The face of the last throw (0: none yet), shown on the table."""

    def to_move(self) -> int:
        if max(self.scores_) >= self.game.rules.target:
            return TERMINAL
        return CHANCE if self.rolling else self.player

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        if self.to_move() < 0 or (player is not None and player != self.player):
            return ()
        return (RollAgain(), Hold())

    def _apply_action(self, action: Action, player: int) -> State:
        if isinstance(action, RollAgain):
            return dataclasses.replace(self, rolling=True)
        s = list(self.scores_)
        s[player] += self.turn
        return dataclasses.replace(
            self, scores_=tuple(s), turn=0, rolling=True, player=(player + 1) % self.game.num_players
        )

    def explain_illegal(self, action: Action, player: int) -> None:
        raise IllegalAction(N_("That move is not allowed now."))

    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        return _OUTCOMES if self.is_chance() else ()

    def _apply_outcome(self, outcome: Outcome) -> State:
        assert isinstance(outcome, Roll)
        if outcome.dice[0] == 1:
            return dataclasses.replace(self, turn=0, player=(self.player + 1) % self.game.num_players, last=1)
        return dataclasses.replace(self, turn=self.turn + outcome.dice[0], rolling=False, last=outcome.dice[0])

    def dice_to_throw(self) -> int:
        return 1 if self.is_chance() else 0

    def thrower(self) -> int | None:
        return self.player if self.is_chance() else None

    def scores(self) -> tuple[float, ...]:
        return tuple(float(x) for x in self.scores_)

    def winners(self) -> tuple[int, ...]:
        if not self.is_terminal():
            return ()
        best = max(self.scores_)
        return tuple(p for p, s in enumerate(self.scores_) if s == best)

    def view(self, player: int | None) -> JSON:
        return {"game": "pig", "to_move": self.to_move(), "scores": list(self.scores_), "turn": self.turn}

    def components(self, player: int | None) -> tuple[Component, ...]:
        """The last die, the turn's points against the target, the seats: enough for the generic tables."""
        dice = (Dice((self.last,), thrown=True, label=Phrase(N_("Dice"))),) if self.last else ()
        return (
            *dice,
            Counter(self.turn, label=Phrase(N_("This turn"))),
            Seats(
                tuple(SeatLine(p, score=s, active=p in self.actors()) for p, s in enumerate(self.scores_)),
                label=Phrase(N_("Points")),
            ),
            Message(Phrase(N_("Target score: {target}"), {"target": self.game.rules.target})),
        )


class PigGame(Game):
    id = "pig"
    action_classes = (RollAgain, Hold)

    def new_initial_state(self) -> State:
        return PigState(self, tuple(0 for _ in range(self.num_players)))

    def action_id(self, action: Action) -> int:
        return 0 if isinstance(action, RollAgain) else 1

    def action_from_id(self, action_id: int) -> Action:
        return (RollAgain(), Hold())[action_id]


def pig_info() -> GameInfo:
    def make(rules: Any, n: int) -> Game:
        return PigGame(rules, n)

    return GameInfo(
        id="pig",
        name_de="Schweinchen",
        name_en="Pig",
        options_class=PigRules,
        make=make,
        min_players=1,
        max_players=6,
        default_preset="standard",
    )
