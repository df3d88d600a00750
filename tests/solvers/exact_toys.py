"""Small games with answers known by hand, for the generic exact solver (:mod:`wuerfel.solvers.exact`).

* ``erste-sechs`` — one die, in turn; the first to throw a 6 wins. Pure chance with a cycle (a round without a 6
  comes back to where it was): seat k wins with (5/6)^k·(1/6) / (1 − (5/6)^n). Option ``pot``: every throw adds a
  chip to a pot that only grows — an infinite state space, reduced by :meth:`solver_key` when ``keyed``.
* ``hin-und-her-mini`` — Hin und her on a k-sided die: a face not struck is struck, a struck one unstruck; all struck
  wins. One big cycle; ``keyed`` reduces the struck sets to their sizes (faces are symmetric), a lumping.
* ``lottchen`` — a shared total; whoever brings it to the limit or beyond loses and all others share the win.
* ``nochmal`` — one player throws one die and may throw it once more; the score is the face (17/4 when maximised,
  11/4 where lower is better). With two or more players the highest face wins, the later ones knowing the earlier.
* ``ewig`` — throws until a 6, but the rules can make a 6 impossible: a game that never ends.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import Any, ClassVar

from tests.engine.toy_game import PigGame, PigState
from wuerfel.engine.game import CHANCE, JSON, SIMULTANEOUS, TERMINAL, Action, Game, Outcome, Roll, State
from wuerfel.engine.registry import GameInfo
from wuerfel.engine.rules import opt


def _die(sides: int) -> tuple[tuple[Outcome, Fraction], ...]:
    return tuple((Roll((f,)), Fraction(1, sides)) for f in range(1, sides + 1))


# --- erste-sechs -------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class SixRules:
    pot: bool = opt(False, de="Topf wächst mit jedem Wurf", en="A pot grows with every throw")
    keyed: bool = opt(False, de="Schlüssel ohne Topf", en="Key without the pot")


@dataclasses.dataclass(frozen=True)
class SixState(State):
    game: Game
    player: int = 0
    winner: int = -1
    pot: int = 0

    def to_move(self) -> int:
        return TERMINAL if self.winner >= 0 else CHANCE

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        return ()

    def _apply_action(self, action: Action, player: int) -> State:
        raise AssertionError("no decisions")

    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        return _die(6) if self.is_chance() else ()

    def _apply_outcome(self, outcome: Outcome) -> State:
        assert isinstance(outcome, Roll)
        pot = self.pot + 1 if self.game.rules.pot else 0
        if outcome.dice[0] == 6:
            return dataclasses.replace(self, winner=self.player, pot=pot)
        return dataclasses.replace(self, player=(self.player + 1) % self.game.num_players, pot=pot)

    def thrower(self) -> int | None:
        return self.player if self.is_chance() else None

    def dice_to_throw(self) -> int:
        return 1 if self.is_chance() else 0

    def scores(self) -> tuple[float, ...]:
        return tuple(1.0 if p == self.winner else 0.0 for p in range(self.game.num_players))

    def winners(self) -> tuple[int, ...]:
        return (self.winner,) if self.winner >= 0 else ()

    def solver_key(self) -> Hashable:
        # The pot is only shown, never read by a result: the key leaves it out.
        return (self.player, self.winner) if self.game.rules.keyed else super().solver_key()

    def view(self, player: int | None) -> JSON:
        return {"game": "erste-sechs", "to_move": self.to_move(), "scores": list(self.scores()), "pot": self.pot}


class SixGame(Game):
    id = "erste-sechs"

    def new_initial_state(self) -> State:
        return SixState(self)

    def action_id(self, action: Action) -> int:
        raise AssertionError("no actions")

    def action_from_id(self, action_id: int) -> Action:
        raise AssertionError("no actions")


def six_info() -> GameInfo:
    return GameInfo(
        id="erste-sechs",
        name_de="Erste Sechs",
        name_en="First six",
        options_class=SixRules,
        make=SixGame,
        min_players=1,
        max_players=8,
        default_preset="standard",
    )


def six_by_hand(n: int) -> list[Fraction]:
    q = Fraction(5, 6)
    return [q**k * Fraction(1, 6) / (1 - q**n) for k in range(n)]


# --- hin-und-her-mini --------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class StrikeRules:
    sides: int = opt(3, de="Seiten des Würfels", en="Sides of the die", low=1, high=6)
    keyed: bool = opt(False, de="Schlüssel: Anzahl gestrichener Zahlen", en="Key: number of struck digits")


@dataclasses.dataclass(frozen=True)
class StrikeState(State):
    game: Game
    struck: tuple[frozenset[int], ...]
    player: int = 0

    def to_move(self) -> int:
        full = self.game.rules.sides
        return TERMINAL if any(len(s) == full for s in self.struck) else CHANCE

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        return ()

    def _apply_action(self, action: Action, player: int) -> State:
        raise AssertionError("no decisions")

    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        return _die(self.game.rules.sides) if self.is_chance() else ()

    def _apply_outcome(self, outcome: Outcome) -> State:
        assert isinstance(outcome, Roll)
        s = list(self.struck)
        s[self.player] = s[self.player] ^ {outcome.dice[0]}
        done = len(s[self.player]) == self.game.rules.sides
        nxt = self.player if done else (self.player + 1) % self.game.num_players
        return dataclasses.replace(self, struck=tuple(s), player=nxt)

    def scores(self) -> tuple[float, ...]:
        return tuple(float(len(s)) for s in self.struck)

    def winners(self) -> tuple[int, ...]:
        return (self.player,) if self.is_terminal() else ()

    def losers(self) -> tuple[int, ...]:
        """The fewest struck digits lose (all of them when tied): a loser that depends on more than the winner."""
        if not self.is_terminal():
            return ()
        low = min(len(s) for s in self.struck)
        return tuple(p for p, s in enumerate(self.struck) if len(s) == low)

    def solver_key(self) -> Hashable:
        # Faces are symmetric: only how many digits each player has struck matters.
        if self.game.rules.keyed:
            return (tuple(len(s) for s in self.struck), self.player)
        return self

    def view(self, player: int | None) -> JSON:
        return {"game": "hin-und-her-mini", "to_move": self.to_move(), "scores": list(self.scores())}


class StrikeGame(Game):
    id = "hin-und-her-mini"

    def new_initial_state(self) -> State:
        return StrikeState(self, tuple(frozenset() for _ in range(self.num_players)))

    def action_id(self, action: Action) -> int:
        raise AssertionError("no actions")

    def action_from_id(self, action_id: int) -> Action:
        raise AssertionError("no actions")


def strike_info() -> GameInfo:
    return GameInfo(
        id="hin-und-her-mini",
        name_de="Hin und her (klein)",
        name_en="Back and forth (small)",
        options_class=StrikeRules,
        make=StrikeGame,
        min_players=1,
        max_players=4,
        default_preset="standard",
    )


# --- lottchen ----------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class LottchenRules:
    limit: int = opt(12, de="Grenze", en="Limit", low=1, high=100)


@dataclasses.dataclass(frozen=True)
class LottchenState(State):
    game: Game
    total: int = 0
    player: int = 0
    loser: int = -1

    def to_move(self) -> int:
        return TERMINAL if self.loser >= 0 else CHANCE

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        return ()

    def _apply_action(self, action: Action, player: int) -> State:
        raise AssertionError("no decisions")

    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        return _die(6) if self.is_chance() else ()

    def _apply_outcome(self, outcome: Outcome) -> State:
        assert isinstance(outcome, Roll)
        total = self.total + outcome.dice[0]
        if total >= self.game.rules.limit:
            return dataclasses.replace(self, total=total, loser=self.player)
        return dataclasses.replace(self, total=total, player=(self.player + 1) % self.game.num_players)

    def scores(self) -> tuple[float, ...]:
        return tuple(0.0 for _ in range(self.game.num_players))

    def winners(self) -> tuple[int, ...]:
        return tuple(p for p in range(self.game.num_players) if p != self.loser) if self.loser >= 0 else ()

    def losers(self) -> tuple[int, ...]:
        return (self.loser,) if self.loser >= 0 else ()

    def view(self, player: int | None) -> JSON:
        return {"game": "lottchen", "to_move": self.to_move(), "scores": list(self.scores()), "total": self.total}


class LottchenGame(Game):
    id = "lottchen"

    def new_initial_state(self) -> State:
        return LottchenState(self)

    def action_id(self, action: Action) -> int:
        raise AssertionError("no actions")

    def action_from_id(self, action_id: int) -> Action:
        raise AssertionError("no actions")


def lottchen_by_hand(n: int, limit: int) -> list[Fraction]:
    """Probability that each seat loses, by a forward sweep over the (acyclic) running total."""
    reach = {0: Fraction(1)}  # total → probability of reaching it (the mover follows from the number of throws)
    throws = {0: {0: Fraction(1)}}  # total → {throws so far: probability}
    lose = [Fraction(0)] * n
    for total in range(limit):
        for k, p in throws.get(total, {}).items():
            for face in range(1, 7):
                t = total + face
                q = p / 6
                if t >= limit:
                    lose[k % n] += q
                else:
                    throws.setdefault(t, {})
                    throws[t][k + 1] = throws[t].get(k + 1, Fraction(0)) + q
        reach.pop(total, None)
    return lose


# --- nochmal -----------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class NochmalRules:
    lower_is_better: bool = opt(False, de="Niedrig gewinnt", en="Low wins")


@dataclasses.dataclass(frozen=True)
class Keep(Action):
    kind: ClassVar[str] = "keep"


@dataclasses.dataclass(frozen=True)
class Again(Action):
    kind: ClassVar[str] = "again"


@dataclasses.dataclass(frozen=True)
class NochmalState(State):
    game: Game
    faces: tuple[int, ...] = ()
    """Final faces of the players who have played."""
    face: int = 0
    """The current player's face (0: not thrown yet)."""
    again_used: bool = False

    def to_move(self) -> int:
        if len(self.faces) == self.game.num_players:
            return TERMINAL
        return CHANCE if self.face == 0 else len(self.faces)

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        if self.to_move() < 0:
            return ()
        return (Keep(),) if self.again_used else (Keep(), Again())

    def _apply_action(self, action: Action, player: int) -> State:
        if isinstance(action, Again):
            return dataclasses.replace(self, face=0, again_used=True)
        return dataclasses.replace(self, faces=(*self.faces, self.face), face=0, again_used=False)

    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        return _die(6) if self.is_chance() else ()

    def _apply_outcome(self, outcome: Outcome) -> State:
        assert isinstance(outcome, Roll)
        return dataclasses.replace(self, face=outcome.dice[0])

    def lower_is_better(self) -> bool:
        return bool(self.game.rules.lower_is_better)

    def scores(self) -> tuple[float, ...]:
        return tuple(float(f) for f in (*self.faces, *([0] * (self.game.num_players - len(self.faces)))))

    def winners(self) -> tuple[int, ...]:
        if not self.is_terminal():
            return ()
        best = min(self.faces) if self.lower_is_better() else max(self.faces)
        return tuple(p for p, f in enumerate(self.faces) if f == best)

    def view(self, player: int | None) -> JSON:
        return {"game": "nochmal", "to_move": self.to_move(), "scores": list(self.scores()), "face": self.face}


class NochmalGame(Game):
    id = "nochmal"
    action_classes = (Keep, Again)

    def new_initial_state(self) -> State:
        return NochmalState(self)

    def action_id(self, action: Action) -> int:
        return 0 if isinstance(action, Keep) else 1

    def action_from_id(self, action_id: int) -> Action:
        return (Keep(), Again())[action_id]


def nochmal_info() -> GameInfo:
    return GameInfo(
        id="nochmal",
        name_de="Nochmal",
        name_en="Once more",
        options_class=NochmalRules,
        make=NochmalGame,
        min_players=1,
        max_players=4,
        default_preset="standard",
    )


def nochmal_duel_by_hand() -> Fraction:
    """Seat 1's win share in the two-player ``nochmal``, by brute force over both players' choices.

    Seat 2 sees seat 1's final face a and keeps his first face b when it beats a, or when it ties a and a rethrow
    would be worse for him; seat 1 chooses to keep or rethrow knowing how seat 2 answers.
    """
    sixth = Fraction(1, 6)

    def share_of_2(a: int, b: int) -> Fraction:
        return Fraction(1) if b > a else Fraction(1, 2) if b == a else Fraction(0)

    def second(a: int) -> Fraction:
        """Seat 2's win share against a final face a."""
        again = sum((sixth * share_of_2(a, c) for c in range(1, 7)), Fraction(0))
        return sum((sixth * max(share_of_2(a, b), again) for b in range(1, 7)), Fraction(0))

    def first_final(a: int) -> Fraction:
        return 1 - second(a)

    again1 = sum((sixth * first_final(c) for c in range(1, 7)), Fraction(0))
    return sum((sixth * max(first_final(a), again1) for a in range(1, 7)), Fraction(0))


# --- ewig and an identity-hashed game ----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class EwigRules:
    six_possible: bool = opt(False, de="Die Sechs ist möglich", en="The six can fall")


@dataclasses.dataclass(frozen=True)
class EwigState(State):
    game: Game
    thrown: int = 0

    def to_move(self) -> int:
        return TERMINAL if self.thrown == 6 else CHANCE

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        return ()

    def _apply_action(self, action: Action, player: int) -> State:
        raise AssertionError("no decisions")

    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        if not self.is_chance():
            return ()
        if self.game.rules.six_possible:
            return _die(6)
        return tuple((Roll((f,)), Fraction(1, 5)) for f in range(1, 6))

    def _apply_outcome(self, outcome: Outcome) -> State:
        assert isinstance(outcome, Roll)
        return dataclasses.replace(self, thrown=outcome.dice[0] if outcome.dice[0] == 6 else 0)

    def scores(self) -> tuple[float, ...]:
        return (0.0,) * self.game.num_players

    def winners(self) -> tuple[int, ...]:
        return tuple(range(self.game.num_players)) if self.is_terminal() else ()

    def view(self, player: int | None) -> JSON:
        return {"game": "ewig", "to_move": self.to_move(), "scores": list(self.scores())}


class EwigGame(Game):
    id = "ewig"

    def new_initial_state(self) -> State:
        return EwigState(self)

    def action_id(self, action: Action) -> int:
        raise AssertionError("no actions")

    def action_from_id(self, action_id: int) -> Action:
        raise AssertionError("no actions")


class IdentityState(SixState):
    """Erste Sechs with states compared by identity: not values, so the solver must refuse them."""

    __hash__ = object.__hash__
    __eq__ = object.__eq__


class IdentityGame(SixGame):
    def new_initial_state(self) -> State:
        return IdentityState(self)


@dataclasses.dataclass(frozen=True)
class SealedState(SixState):
    """Erste Sechs preceded by a sealed round where every player decides at once."""

    sealed: bool = True

    def to_move(self) -> int:
        return SIMULTANEOUS if self.sealed else super().to_move()

    def actors(self) -> tuple[int, ...]:
        return tuple(range(self.game.num_players)) if self.sealed else super().actors()

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        return (Keep(), Again()) if self.sealed else ()


class SealedGame(SixGame):
    def new_initial_state(self) -> State:
        return SealedState(self)


def make(cls: type[Game], rules: Any, n: int) -> Game:
    return cls(rules, n)


# --- Pig with a key ----------------------------------------------------------------------------------------


class KeyedPigState(PigState):
    """The engine's toy Pig (:mod:`tests.engine.toy_game`) with a key: its turn total can grow without bound (a
    player may roll for ever), but once holding would reach the target any larger total wins the same way. So
    the key caps the turn total there — valid for win and lose chances, not for the final score (``solo``)."""

    def solver_key(self) -> Hashable:
        cap = self.game.rules.target - self.scores_[self.player]
        return (self.scores_, self.player, min(self.turn, cap), self.rolling)


class KeyedPigGame(PigGame):
    def new_initial_state(self) -> State:
        return KeyedPigState(self, tuple(0 for _ in range(self.num_players)))


def pig_win_by_iteration(target: int, sweeps: int = 100_000) -> float:
    """Seat 1's chance to win two-player Pig, by the classic float value iteration (Neller and Presser) on
    P(i, j, k): the mover has i, the other j, the mover's turn total is k; independent of the engine."""
    import itertools

    p: dict[tuple[int, int, int], float] = {}
    states = [(i, j, k) for i, j in itertools.product(range(target), repeat=2) for k in range(target - i)]
    for s in states:
        p[s] = 0.0

    def value(i: int, j: int, k: int) -> float:
        """Mover's chance at (i, j, k) before deciding (the turn total k is already rolled)."""
        if i + k >= target:
            return 1.0  # holding wins now
        return p[(i, j, k)]

    for _ in range(sweeps):
        delta = 0.0
        for i, j, k in states:
            hold = 1.0 - (value(j, i + k, 0) if i + k < target else 0.0)
            roll = (1.0 - value(j, i, 0)) / 6 + sum(value(i, j, k + f) for f in range(2, 7)) / 6
            new = max(hold, roll) if k > 0 else roll
            delta = max(delta, abs(new - p[(i, j, k)]))
            p[(i, j, k)] = new
        if delta < 1e-14:
            break
    return p[(0, 0, 0)]


# --- wettlauf ----------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class RaceRules:
    length: int = opt(12, de="Länge der Bahn", en="Length of the track", low=1, high=40)


@dataclasses.dataclass(frozen=True)
class RaceState(State):
    """A race on one die: a player moves one step when he throws the face his step asks for (1, 2, … 6, 1, …);
    the first at the end wins and the last-placed lose. Many positions, each a short cycle of one round."""

    game: Game
    steps: tuple[int, ...]
    player: int = 0

    def to_move(self) -> int:
        return TERMINAL if max(self.steps) >= self.game.rules.length else CHANCE

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        return ()

    def _apply_action(self, action: Action, player: int) -> State:
        raise AssertionError("no decisions")

    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        return _die(6) if self.is_chance() else ()

    def _apply_outcome(self, outcome: Outcome) -> State:
        assert isinstance(outcome, Roll)
        steps = list(self.steps)
        if outcome.dice[0] == steps[self.player] % 6 + 1:
            steps[self.player] += 1
            if steps[self.player] >= self.game.rules.length:
                return dataclasses.replace(self, steps=tuple(steps))
        return dataclasses.replace(self, steps=tuple(steps), player=(self.player + 1) % self.game.num_players)

    def scores(self) -> tuple[float, ...]:
        return tuple(float(s) for s in self.steps)

    def winners(self) -> tuple[int, ...]:
        return (self.player,) if self.is_terminal() else ()

    def losers(self) -> tuple[int, ...]:
        if not self.is_terminal():
            return ()
        low = min(self.steps)
        return tuple(p for p, s in enumerate(self.steps) if s == low)

    def view(self, player: int | None) -> JSON:
        return {"game": "wettlauf", "to_move": self.to_move(), "scores": list(self.scores())}


class RaceGame(Game):
    id = "wettlauf"

    def new_initial_state(self) -> State:
        return RaceState(self, (0,) * self.num_players)

    def action_id(self, action: Action) -> int:
        raise AssertionError("no actions")

    def action_from_id(self, action_id: int) -> Action:
        raise AssertionError("no actions")


# --- erste-sechs showing the last throw --------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class ShownSixState(SixState):
    """Erste Sechs that keeps the last throw for display: six times the positions, the same future."""

    last: int = 0

    def _apply_outcome(self, outcome: Outcome) -> State:
        assert isinstance(outcome, Roll)
        return dataclasses.replace(super()._apply_outcome(outcome), last=outcome.dice[0])  # type: ignore[type-var]


@dataclasses.dataclass(frozen=True)
class DeclaredSixState(ShownSixState):
    display_fields: ClassVar[tuple[str, ...]] = ("last",)


class ShownSixGame(SixGame):
    def __init__(self, rules: Any, num_players: int, declared: bool) -> None:
        super().__init__(rules, num_players)
        self.declared = declared

    def new_initial_state(self) -> State:
        return (DeclaredSixState if self.declared else ShownSixState)(self)
