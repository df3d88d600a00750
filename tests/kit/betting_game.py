"""A small game on the kit's raise protocol (:mod:`wuerfel.games.kit.betting`), for its tests only.

"Hoher Wurf mit Setzen": everybody antes the minimum stake; in seat order every player still in throws one die
openly and may then raise (spec 27's protocol: the others answer clockwise from his left, call or pass); the highest
die of the players still in takes the pot; equal highest dice share it and the first of them (seat order) takes an
odd chip, so that the test game ends with an empty pot. One player left takes the pot at once.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, ClassVar

from wuerfel.engine.chips import ChipLedger
from wuerfel.engine.components import Component, Dice
from wuerfel.engine.game import CHANCE, JSON, TERMINAL, Action, Game, Outcome, Roll, State
from wuerfel.engine.registry import GameInfo
from wuerfel.engine.rules import opt
from wuerfel.games.kit.betting import (
    BETTING_ACTIONS,
    POT,
    Betting,
    betting_action_from_id,
    betting_action_id,
    describe_betting_action,
)
from wuerfel.games.kit.void import Void, throw_outcomes

GAME_ID = "hoher-wurf-mit-setzen"


@dataclasses.dataclass(frozen=True)
class HighThrowRules:
    chips: int = opt(10, de="Chips zu Beginn", en="Chips at the start", low=1, high=100)
    minimum: int = opt(1, de="Mindesteinsatz", en="Minimum stake", low=0, high=10)
    maximum: int = opt(4, de="Höchsteinsatz", en="Maximum stake", low=0, high=10)


@dataclasses.dataclass(frozen=True)
class HighThrowState(State):
    game: Game = dataclasses.field(compare=False, repr=False)
    ledger: ChipLedger = ChipLedger(())
    betting: Betting | None = None
    dice: tuple[int | None, ...] = ()
    """Per seat his die once thrown."""
    turn: int = 0
    """The next seat to throw (seat order from 0; passed seats are skipped)."""
    over: bool = False

    @property
    def n(self) -> int:
        return self.game.num_players

    def _betting(self) -> Betting:
        assert self.betting is not None
        return self.betting

    def to_move(self) -> int:
        if self.over:
            return TERMINAL
        seat = self._betting().to_act()
        return CHANCE if seat is None else seat

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        seat = self._betting().to_act()
        if self.over or seat is None or (player is not None and player != seat):
            return ()
        return self._betting().legal_actions(seat)

    def explain_illegal(self, action: Action, player: int) -> None:
        self._betting().explain_illegal(action, player)

    def _apply_action(self, action: Action, player: int) -> State:
        betting, ledger = self._betting().apply(action, player, self.ledger)
        return dataclasses.replace(self, betting=betting, ledger=ledger)._settle()

    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        return throw_outcomes(1) if self.is_chance() else ()

    def dice_to_throw(self) -> int:
        return 1 if self.is_chance() else 0

    def thrower(self) -> int | None:
        return self.turn if self.is_chance() else None

    def _apply_outcome(self, outcome: Outcome) -> State:
        if isinstance(outcome, Void):
            return self
        assert isinstance(outcome, Roll)
        dice = list(self.dice)
        dice[self.turn] = outcome.dice[0]
        s = dataclasses.replace(self, dice=tuple(dice), betting=self._betting().offer(self.turn), turn=self.turn + 1)
        return s._settle()

    def _settle(self) -> HighThrowState:
        """Skip passed seats; end the game when one player is left or everybody still in has thrown."""
        b = self._betting()
        if b.pending:
            return self
        turn = self.turn
        while turn < self.n and turn in b.folded:
            turn += 1
        survivor = b.sole_survivor()
        if survivor is None and turn < self.n:
            return dataclasses.replace(self, turn=turn)
        if survivor is not None:
            winners: tuple[int, ...] = (survivor,)
        else:
            best = max(self.dice[p] or 0 for p in b.in_play())
            winners = tuple(p for p in b.in_play() if self.dice[p] == best)
        ledger = b.award(self.ledger, winners).empty_pool(POT, winners[0])
        return dataclasses.replace(self, ledger=ledger, turn=turn, over=True)

    def scores(self) -> tuple[float, ...]:
        return tuple(float(x) for x in self.ledger.players)

    def winners(self) -> tuple[int, ...]:
        if not self.over:
            return ()
        best = max(self.ledger.players)
        return tuple(p for p, x in enumerate(self.ledger.players) if x == best)

    def payoffs(self) -> tuple[int, ...]:
        return tuple(x - self.game.rules.chips for x in self.ledger.players)

    def view(self, player: int | None) -> JSON:
        b = self._betting()
        return {
            "game": GAME_ID,
            "to_move": self.to_move(),
            "scores": list(self.ledger.players),
            "dice": list(self.dice),
            "level": b.level,
            "paid": list(b.paid),
            "folded": sorted(b.folded),
            "pot": self.ledger.pot,
        }

    def components(self, player: int | None) -> tuple[Component, ...]:
        thrown = tuple(d for d in self.dice if d is not None)
        return (*self._betting().components(self.ledger), Dice(thrown))

    def describe_action(self, action: Action, lang: str = "de") -> str:
        return describe_betting_action(action, lang) or super().describe_action(action, lang)


class HighThrowGame(Game):
    id = GAME_ID
    action_classes: ClassVar[tuple[type[Action], ...]] = BETTING_ACTIONS
    outcome_classes: ClassVar[tuple[type[Outcome], ...]] = (Roll, Void)

    def new_initial_state(self) -> State:
        r: HighThrowRules = self.rules
        betting, ledger = Betting.open(ChipLedger.start(self.num_players, r.chips), r.minimum, r.maximum)
        return HighThrowState(self, ledger, betting, (None,) * self.num_players)

    def action_id(self, action: Action) -> int:
        return betting_action_id(action, self.rules.maximum)

    def action_from_id(self, action_id: int) -> Action:
        return betting_action_from_id(action_id)


def high_throw_info(rules_class: Any = HighThrowRules) -> GameInfo:
    return GameInfo(
        id=GAME_ID,
        name_de="Hoher Wurf mit Setzen",
        name_en="High throw with raising",
        options_class=rules_class,
        make=lambda rules, n: HighThrowGame(rules, n),
        min_players=2,
        max_players=5,
        default_preset="standard",
        chips=True,
    )
