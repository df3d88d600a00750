"""Small test games for the terminal front end, built on the engine's toy game.

* ``pigplus`` — Pig with labels in German and English, typed moves ("w", "b"), a special outcome that only a person
  can report (the die fell off the table: the turn is lost, probability 0), an advisor and a heuristic bot: all the
  optional hooks a real game offers the terminal.
* ``verdeckt`` — a hidden-information game: each player throws one die that only he sees, may throw it again once,
  and the highest die wins. Its views must never show another player's die before the end.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, ClassVar

from tests.engine.toy_game import Hold, PigGame, PigRules, PigState, RollAgain
from wuerfel.engine.advice import Advice
from wuerfel.engine.dice import roll_distribution
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import (
    CHANCE,
    JSON,
    PUBLIC,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    EventView,
    Game,
    Outcome,
    Roll,
    State,
)
from wuerfel.engine.registry import GameInfo
from wuerfel.engine.rules import opt


@dataclasses.dataclass(frozen=True)
class OffTable(Outcome):
    """The die fell off the table: the turn is lost (reported by a person; never simulated)."""

    kind: ClassVar[str] = "off_table"


@dataclasses.dataclass(frozen=True)
class Cocked(Outcome):
    """The die leans against something ("brennt"): thrown again (a person reports it; the game has no word for it)."""

    kind: ClassVar[str] = "cocked"


_PIG_OUTCOMES = (*((Roll(d), p) for d, p in roll_distribution(1)), (OffTable(), Fraction(0)), (Cocked(), Fraction(0)))


@dataclasses.dataclass(frozen=True)
class PigPlusState(PigState):
    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        return _PIG_OUTCOMES if self.is_chance() else ()

    def parse_outcome(self, text: str) -> Outcome:
        if text.strip().lower() in ("v", "vom tisch", "off"):
            return OffTable()
        return super().parse_outcome(text)

    def _apply_outcome(self, outcome: Outcome) -> State:
        if isinstance(outcome, Cocked):
            return self
        if isinstance(outcome, OffTable):
            return dataclasses.replace(self, turn=0, player=(self.player + 1) % self.game.num_players)
        return super()._apply_outcome(outcome)

    def describe_action(self, action: Action, lang: str = "de") -> str:
        if isinstance(action, RollAgain):
            return "Roll again" if lang == "en" else "Weiterwürfeln"
        return f"Bank {self.turn}" if lang == "en" else f"{self.turn} schreiben"

    def describe_outcome(self, outcome: Outcome, lang: str = "de", names: Sequence[str] = ()) -> str:
        if isinstance(outcome, OffTable):
            return "off the table" if lang == "en" else "vom Tisch"
        if isinstance(outcome, Cocked):
            return "cocked" if lang == "en" else "brennt"
        return super().describe_outcome(outcome, lang, names)

    def parse_action_text(self, text: str, player: int) -> Action:
        t = text.strip().lower()
        if t in ("w", "roll", "weiter"):
            return RollAgain()
        if t in ("b", "bank", "schreiben"):
            return Hold()
        raise IllegalAction(N_("I did not understand that."))

    def explain_illegal(self, action: Action, player: int) -> None:
        raise IllegalAction(N_("That move is not allowed now."))

    def view(self, player: int | None) -> JSON:
        return {
            "game": "pigplus",
            "to_move": self.to_move(),
            "scores": list(self.scores_),
            "turn_total": self.turn,
            "target": self.game.rules.target,
        }


class PigPlusGame(PigGame):
    id = "pigplus"
    outcome_classes = (Roll, OffTable, Cocked)

    def new_initial_state(self) -> State:
        return PigPlusState(self, tuple(0 for _ in range(self.num_players)))


class HoldAt:
    """Banks once the turn total reaches a threshold (the classic Pig strategy)."""

    name = "holdat"

    def __init__(self, threshold: int = 8) -> None:
        self.threshold = threshold

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, PigState)
        return Hold() if state.turn >= self.threshold else RollAgain()


class PigAdvisor:
    def __init__(self, game: Game) -> None:
        self.game = game

    def advise(self, state: State, player: int) -> list[Advice]:
        assert isinstance(state, PigState)
        bank = Advice(Hold(), float(state.turn), measure="points banked now")
        roll = Advice(RollAgain(), state.turn * 5 / 6 + 20 / 6, measure="expected turn total after one more throw")
        return sorted([bank, roll], key=lambda a: -a.value)


def pigplus_info() -> GameInfo:
    return GameInfo(
        id="pigplus",
        name_de="Schweinchen plus",
        name_en="Pig plus",
        options_class=PigRules,
        make=lambda rules, n: PigPlusGame(rules, n),
        min_players=1,
        max_players=4,
        default_preset="standard",
        bots={"holdat": lambda game, seed: HoldAt()},
        advisor=PigAdvisor,
        default_bot="holdat",
    )


# --- a game with secrets --------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class HiddenRules:
    rerolls: int = opt(1, de="Erlaubte Neuwürfe", en="Rerolls allowed")


@dataclasses.dataclass(frozen=True)
class Keep(Action):
    kind: ClassVar[str] = "keep"


@dataclasses.dataclass(frozen=True)
class Reroll(Action):
    kind: ClassVar[str] = "reroll"


_ONE = tuple((Roll(d), p) for d, p in roll_distribution(1))


@dataclasses.dataclass(frozen=True)
class HiddenState(State):
    game: Game
    dice: tuple[int, ...]
    """Every player's die, 0 while not thrown; only its owner sees it before the end."""
    player: int = 0
    throwing: bool = True
    rerolls_used: int = 0

    def to_move(self) -> int:
        if self.player >= self.game.num_players:
            return TERMINAL
        return CHANCE if self.throwing else self.player

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        if self.to_move() < 0 or (player is not None and player != self.player):
            return ()
        return (Keep(), Reroll()) if self.rerolls_used < self.game.rules.rerolls else (Keep(),)

    def _apply_action(self, action: Action, player: int) -> State:
        if isinstance(action, Reroll):
            dice = tuple(0 if p == player else d for p, d in enumerate(self.dice))
            return dataclasses.replace(self, dice=dice, throwing=True, rerolls_used=self.rerolls_used + 1)
        nxt = self.player + 1
        return dataclasses.replace(self, player=nxt, throwing=nxt < self.game.num_players, rerolls_used=0)

    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        return _ONE if self.is_chance() else ()

    def _apply_outcome(self, outcome: Outcome) -> State:
        assert isinstance(outcome, Roll)
        dice = tuple(outcome.dice[0] if p == self.player else d for p, d in enumerate(self.dice))
        return dataclasses.replace(self, dice=dice, throwing=False)

    def dice_to_throw(self) -> int:
        return 1 if self.is_chance() else 0

    def thrower(self) -> int | None:
        """Each player throws his own die (and throws it again after asking to)."""
        return self.player if self.is_chance() else None

    def scores(self) -> tuple[float, ...]:
        if not self.is_terminal():
            return tuple(0.0 for _ in self.dice)
        return tuple(float(d) for d in self.dice)

    def winners(self) -> tuple[int, ...]:
        if not self.is_terminal():
            return ()
        best = max(self.dice)
        return tuple(p for p, d in enumerate(self.dice) if d == best)

    def view(self, player: int | None) -> JSON:
        v: JSON = {
            "game": "verdeckt",
            "to_move": self.to_move(),
            "scores": list(self.scores()),
            "thrown": [d > 0 for d in self.dice],
        }
        if self.is_terminal():
            v["revealed_dice"] = list(self.dice)
        elif player is not None and self.dice[player] > 0:
            v["your_die"] = [self.dice[player]]
        return v

    def determinize(self, player: int, rng: Any) -> State:
        if self.is_terminal():
            return self
        dice = tuple(d if p == player or d == 0 else rng.randint(1, 6) for p, d in enumerate(self.dice))
        return dataclasses.replace(self, dice=dice)

    def event_view(self, event: Action | Outcome, player: int | None, seat: int | None) -> EventView:
        """A throw is its thrower's alone; the others learn only that a die was thrown. Keeps and rerolls are open."""
        if isinstance(event, Roll) and seat != self.player:
            return EventView("redacted", data={"kind": "roll"})
        return PUBLIC

    def parse_action_text(self, text: str, player: int) -> Action:
        t = text.strip().lower()
        if t in ("k", "keep", "behalten"):
            return Keep()
        if t in ("r", "n", "reroll", "neu"):
            return Reroll()
        return super().parse_action_text(text, player)

    def describe_action(self, action: Action, lang: str = "de") -> str:
        if isinstance(action, Keep):
            return "Keep" if lang == "en" else "Behalten"
        return "Throw again" if lang == "en" else "Neu würfeln"


class HiddenGame(Game):
    id = "verdeckt"
    action_classes = (Keep, Reroll)

    def new_initial_state(self) -> State:
        return HiddenState(self, tuple(0 for _ in range(self.num_players)))

    def action_id(self, action: Action) -> int:
        return 0 if isinstance(action, Keep) else 1

    def action_from_id(self, action_id: int) -> Action:
        return (Keep(), Reroll())[action_id]


class PeekingBot:
    """Rerolls a die below 4 — using only its own view, as a person would."""

    name = "low"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Action:
        die = state.view(player).get("your_die", [6])[0]
        legal = state.legal_actions(player)
        return Reroll() if die < 4 and Reroll() in legal else Keep()


def hidden_info() -> GameInfo:
    return GameInfo(
        id="verdeckt",
        name_de="Verdeckter Wurf",
        name_en="Hidden throw",
        options_class=HiddenRules,
        make=lambda rules, n: HiddenGame(rules, n),
        min_players=2,
        max_players=4,
        default_preset="standard",
        bots={"low": lambda game, seed: PeekingBot(seed)},
        default_bot="low",
        perfect_information=False,
    )


# --- simultaneous sealed bets ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Bet(Action):
    kind: ClassVar[str] = "bet"
    chips: int


@dataclasses.dataclass(frozen=True)
class Done(Action):
    kind: ClassVar[str] = "done"


@dataclasses.dataclass(frozen=True)
class BetState(State):
    """Everybody bets at once (several bets each, sealed until all are done), then one die: 4–6 wins the bets."""

    game: Game
    bets: tuple[int, ...]
    deciding: frozenset[int]
    die: int = 0

    def to_move(self) -> int:
        if self.deciding:
            return SIMULTANEOUS
        return CHANCE if self.die == 0 else TERMINAL

    def actors(self) -> tuple[int, ...]:
        return tuple(sorted(self.deciding))

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        if player not in self.deciding:
            return ()
        return (Bet(1), Bet(2), Done()) if self.bets[player] < 4 else (Done(),)

    def _apply_action(self, action: Action, player: int) -> State:
        if isinstance(action, Done):
            return dataclasses.replace(self, deciding=self.deciding - {player})
        assert isinstance(action, Bet)
        bets = tuple(b + action.chips if p == player else b for p, b in enumerate(self.bets))
        return dataclasses.replace(self, bets=bets)

    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        return _ONE if self.is_chance() else ()

    def _apply_outcome(self, outcome: Outcome) -> State:
        assert isinstance(outcome, Roll)
        return dataclasses.replace(self, die=outcome.dice[0])

    def dice_to_throw(self) -> int:
        return 1 if self.is_chance() else 0

    def thrower(self) -> int | None:
        """The die that settles every bet is the table's, nobody's throw: it falls at once."""
        return None

    def scores(self) -> tuple[float, ...]:
        if not self.die:
            return tuple(0.0 for _ in self.bets)
        sign = 1 if self.die >= 4 else -1
        return tuple(float(sign * b) for b in self.bets)

    def winners(self) -> tuple[int, ...]:
        if not self.is_terminal():
            return ()
        best = max(self.scores())
        return tuple(p for p, s in enumerate(self.scores()) if s == best)

    def view(self, player: int | None) -> JSON:
        sealed = bool(self.deciding)
        return {
            "game": "wette",
            "to_move": self.to_move(),
            "scores": list(self.scores()),
            "bets": [b if (not sealed or p == player) else None for p, b in enumerate(self.bets)],
            "done": [p not in self.deciding for p in range(len(self.bets))],
            "die": self.die or None,
        }

    def determinize(self, player: int, rng: Any) -> State:
        if not self.deciding:
            return self
        bets = tuple(b if p == player else rng.randint(0, 5) for p, b in enumerate(self.bets))
        return dataclasses.replace(self, bets=bets)

    def event_view(self, event: Action | Outcome, player: int | None, seat: int | None) -> EventView:
        """A sealed bet is its bettor's alone: the others are not told of it at all (not even how many chips went
        in, one bet at a time); saying "done" is open. Once everyone is done the bets are uncovered."""
        if isinstance(event, Bet) and seat != player:
            return EventView("none", secret=("bet", player))
        if isinstance(event, Done) and len(self.deciding) == 1:
            return EventView(reveals=tuple(("bet", p) for p in range(len(self.bets))))
        return PUBLIC

    def describe_action(self, action: Action, lang: str = "de") -> str:
        if isinstance(action, Bet):
            return f"bet {action.chips}" if lang == "en" else f"{action.chips} setzen"
        return "done" if lang == "en" else "fertig"


class BetGame(Game):
    id = "wette"
    action_classes = (Bet, Done)

    def new_initial_state(self) -> State:
        n = self.num_players
        return BetState(self, tuple(0 for _ in range(n)), frozenset(range(n)))

    def action_id(self, action: Action) -> int:
        return action.chips if isinstance(action, Bet) else 0

    def action_from_id(self, action_id: int) -> Action:
        return Bet(action_id) if action_id else Done()


class BetTwice:
    name = "twice"

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, BetState)
        return Bet(1) if state.bets[player] < 2 else Done()


def bet_info() -> GameInfo:
    """No hidden_information flag: the terminal must notice the secret from the overridden determinize."""
    return GameInfo(
        id="wette",
        name_de="Wette",
        name_en="Wager",
        options_class=HiddenRules,
        make=lambda rules, n: BetGame(rules, n),
        min_players=2,
        max_players=4,
        default_preset="standard",
        bots={"twice": lambda game, seed: BetTwice()},
        default_bot="twice",
    )
