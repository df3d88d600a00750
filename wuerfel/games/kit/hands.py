"""Hand games: every player in turn plays one whole turn (throws and decisions of his own), the best result wins,
ties are thrown off by one more turn of the tied (Quinze, Dreimal Pasch, Die böse Sieben; spec A "Throw-off",
"Throw-limit inheritance").

A game on this base is a turn plus rules data: :class:`HandState` owns the lot for who begins (G3), the order of
turns, the void throw of real dice (G6) and manual entry, the throw limit a round's first player sets for the others
where the book says so (:class:`~wuerfel.games.kit.keeps.RoundLimit`), the throw-offs (kit ``throwoff``), the
ranking, the table and the exact solver's key. A game says what its turn is — a small hashable value — through the
``turn_*`` hooks: how a turn starts, how many dice it throws next, what a throw and a move do to it, its legal
moves, when it is over, and its result as a tuple compared lexicographically (higher is better).

The two moves most hand games have — throw on, stop — are :class:`ThrowOn` and :class:`Stop` here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Literal

from wuerfel.engine import narration
from wuerfel.engine.components import Component, Dice, Goal, Message, Phrase, SeatLine, SeatRef, Seats, Sheet, SheetRow
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import CHANCE, JSON, TERMINAL, Action, Game, Outcome, Roll, State
from wuerfel.games.kit.chance import LotPhaseState
from wuerfel.games.kit.hints import ValueAdvisor, ValueBot, win_measure
from wuerfel.games.kit.keeps import RoundLimit
from wuerfel.games.kit.lot import Lot, lot_outcomes
from wuerfel.games.kit.seats import clockwise, in_turn_order
from wuerfel.games.kit.solverkeys import dense_ranks
from wuerfel.games.kit.throwoff import next_throw_off, ranking_groups
from wuerfel.games.kit.void import Void, throw_outcomes

THROW_OFF_NOW = N_("Throw-off {k}: the tied players play one more turn")
REPLAY_NOW = N_("Nobody has a result: the round is played again")
RESULT = N_("Result")
THROW_OFF_ROW = N_("Throw-off {k}")
NOT_YOUR_TURN = N_("It is not your turn.")
NOTHING_TO_DECIDE = N_("There is nothing to decide now.")


@dataclasses.dataclass(frozen=True)
class ThrowOn(Action):
    """Throw again (the dice the game throws on: the last die, the dice not set aside)."""

    kind: ClassVar[str] = "throw_on"


@dataclasses.dataclass(frozen=True)
class Stop(Action):
    """End the turn with the result as it stands (the dice count as they lie). One class for every game that stops
    a turn, the hand rounds' (:mod:`~wuerfel.games.kit.hand_round`) included, so a stop means the same move
    wherever a bot or a record names it."""

    kind: ClassVar[str] = "stop"


class BestValueBot(ValueBot):
    """A hand game's optimal bot, where the game knows the value of every move (its ``decision_values``: a chance to
    win, or alone an expected result): the best move, a tie going to stopping (the kit's :class:`~.hints.ValueBot`).
    A game subclasses it with its state class and its values, so its bots cannot differ in how they break a tie."""

    def tie_break(self, state: Any, player: int) -> Callable[[Action], Any]:
        return lambda a: isinstance(a, Stop)


class BestValueAdvisor(ValueAdvisor):
    """A hand game's hints, where the game knows the value of every move (as for :class:`BestValueBot`): alone the
    expected result (:attr:`solo_measure`, in points), else the chance to win at this table
    (:func:`~.hints.win_measure`). A game subclasses it with its state class and its values, and says in
    :meth:`measure` where its values mean something else (Quinze's round robin), so its hints cannot drift from its
    bot."""

    solo_measure: ClassVar[str] = ""

    def measure(self, state: Any) -> tuple[str, Literal["chance", "points"]]:
        """Alone the expected result, else the chance to win."""
        if state.n == 1:
            return self.solo_measure, "points"
        return win_measure(state.n), "chance"


def tie_fixed_point(f: Callable[[float], float], tolerance: float) -> float:
    """The first player's chance ``W = f(W)`` in a duel whose full tie is the same game again: ``f(w)`` is his chance
    when a tie is worth ``w`` to him. The value is almost linear in the tie's worth, so secant steps from 0.5 land
    next to the fixed point at once (at most 30; done when a step moves less than ``tolerance``). Written once for
    the duels of Quinze and Dreimal Pasch, whose values the tests hold to the generic exact solver's."""
    a, fa = 0.5, f(0.5)
    b, fb = fa, f(fa)
    for _ in range(30):
        if abs(fb - b) < tolerance:
            return fb
        slope = ((fb - b) - (fa - a)) / (b - a) if b != a else 0.0
        a, fa = b, fb
        b = b - (fb - b) / slope if slope else fb
        fb = f(b)
    return fb


Result = tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class HandState(LotPhaseState):
    """Turns in seat order from the lot's seat; then the throw-offs; then the end."""

    game: Game = dataclasses.field(compare=False, repr=False)
    phase: Literal["lot", "turn", "over"] = "lot"
    start: int = 0
    order: tuple[int, ...] = ()
    """The seats of the current pass in turn order (everybody, or the tied of a throw-off)."""
    index: int = 0
    results: tuple[Result | None, ...] = ()
    """Per seat the result of his turn in the game (None: not yet played)."""
    playoffs: tuple[tuple[Result | None, ...], ...] = ()
    """One row per throw-off played or under way: per seat his result in it (None: not in it, or not yet)."""
    limit: RoundLimit = RoundLimit(1)
    """The throw limit of the pass (the first player's throws bind the others where the game inherits)."""
    turn: Any = None
    """The current turn (the game's own hashable value)."""
    replays: int = 0
    """How often the whole round was played again (nobody had a result); only shown."""
    last: tuple[int, ...] = ()
    """The dice of the last throw, only shown."""

    id: ClassVar[str] = ""
    display_fields: ClassVar[tuple[str, ...]] = ("replays", "last")

    # --- what a game says ----------------------------------------------------------------------------------
    def max_throws(self) -> int:
        """The throw limit of a turn (of the round's first player where the limit is inherited)."""
        raise NotImplementedError

    def inherit_limit(self) -> bool:
        """Whether the round's first player's throws are the others' limit."""
        return False

    def throw_off_max(self) -> int:
        """The throw limit of a throw-off turn (default: the game's)."""
        return self.max_throws()

    def settle_loser(self) -> bool:
        """Whether a tie for last place is thrown off like one for first (G8 names one loser)."""
        return bool(getattr(self.rules, "settle_loser", True))

    def new_turn(self, limit: int) -> Any:
        raise NotImplementedError

    def turn_dice_to_throw(self, turn: Any) -> int:
        """How many dice the turn throws now (0: no throw is due, a decision or the end of the turn)."""
        raise NotImplementedError

    def turn_thrown(self, turn: Any, dice: tuple[int, ...]) -> Any:
        raise NotImplementedError

    def turn_actions(self, turn: Any) -> tuple[Action, ...]:
        raise NotImplementedError

    def turn_moved(self, turn: Any, action: Action) -> Any:
        raise NotImplementedError

    def turn_over(self, turn: Any) -> bool:
        raise NotImplementedError

    def turn_result(self, turn: Any) -> Result:
        raise NotImplementedError

    def turn_throws(self, turn: Any) -> int:
        """Throws the turn used (what an inherited limit takes over)."""
        raise NotImplementedError

    def turn_standing(self, turn: Any) -> tuple[int, ...]:
        """Dice standing while the others are thrown (shown, and typed around at a real table)."""
        return ()

    def turn_dice(self, turn: Any) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
        """The turn's dice on the table and the ones standing (None: just thrown)."""
        return self.last, None

    def turn_key(self, turn: Any) -> Hashable:
        """What the rest of the turn depends on (default: the turn itself)."""
        return turn

    def score(self, result: Result) -> float:
        """The number a result counts as (the seats' scores; the solo objective)."""
        return float(result[0])

    def result_phrase(self, result: Result) -> Any:
        """The result as the table shows it (a Phrase or a number)."""
        return self.score(result)

    def void_round(self, results: Sequence[Result | None]) -> bool:
        """Whether a finished round has no result at all and is played again (Quinze: everybody bust)."""
        return False

    def refuse(self, action: Action) -> None:
        """Raise the game's own refusal of an illegal move (default: the generic one)."""

    # --- basics ---------------------------------------------------------------------------------------------
    @property
    def seat(self) -> int:
        """Whose turn it is (the last thrower after the end)."""
        return self.order[self.index] if self.phase == "turn" else (self.order[-1] if self.order else 0)

    def initial(self) -> HandState:
        return dataclasses.replace(
            self, results=(None,) * self.n, limit=RoundLimit(self.max_throws(), self.inherit_limit())
        )

    def begin(self, start: int) -> HandState:
        order = clockwise(start, self.n)
        s = dataclasses.replace(self, phase="turn", start=start, order=order, index=0)
        return dataclasses.replace(s, turn=s.new_turn(s.limit.limit()))

    # --- node kind ------------------------------------------------------------------------------------------
    def to_move(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase == "lot" or self.turn_dice_to_throw(self.turn) > 0:
            return CHANCE
        return self.seat

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        if self.phase != "turn" or self.is_chance() or player not in (None, self.seat):
            return ()
        return self.turn_actions(self.turn)

    def explain_illegal(self, action: Action, player: int) -> None:
        if self.phase != "turn" or self.is_chance():
            raise IllegalAction(NOTHING_TO_DECIDE)
        if player != self.seat:
            raise IllegalAction(NOT_YOUR_TURN)
        self.refuse(action)

    def _apply_action(self, action: Action, player: int) -> State:
        return self._after_turn_step(self.turn_moved(self.turn, action))

    # --- chance ---------------------------------------------------------------------------------------------
    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        if self.phase == "lot":
            return lot_outcomes(self.n)
        k = self.turn_dice_to_throw(self.turn) if self.phase == "turn" else 0
        return throw_outcomes(k) if k else ()

    def dice_to_throw(self) -> int:
        return self.turn_dice_to_throw(self.turn) if self.phase == "turn" else 0

    def thrower(self) -> int | None:
        return self.seat if self.phase == "turn" and self.dice_to_throw() > 0 else None

    def dice_standing(self) -> tuple[int, ...]:
        return self.turn_standing(self.turn) if self.phase == "turn" and self.dice_to_throw() > 0 else ()

    def _apply_outcome(self, outcome: Outcome) -> State:
        if isinstance(outcome, Lot):
            return self.begin(outcome.seat)
        if isinstance(outcome, Void):
            return self
        assert isinstance(outcome, Roll)
        return dataclasses.replace(self, last=outcome.dice)._after_turn_step(self.turn_thrown(self.turn, outcome.dice))

    # --- flow -----------------------------------------------------------------------------------------------
    def _after_turn_step(self, turn: Any) -> HandState:
        s = dataclasses.replace(self, turn=turn)
        return s._end_turn() if s.turn_over(turn) else s

    def _end_turn(self) -> HandState:
        result = self.turn_result(self.turn)
        seat = self.seat
        if self.playoffs:
            row = list(self.playoffs[-1])
            row[seat] = result
            s = dataclasses.replace(self, playoffs=(*self.playoffs[:-1], tuple(row)))
        else:
            res = list(self.results)
            res[seat] = result
            s = dataclasses.replace(self, results=tuple(res))
        s = dataclasses.replace(s, limit=s.limit.turn_over(self.turn_throws(self.turn)), index=self.index + 1)
        if s.index < len(s.order):
            return dataclasses.replace(s, turn=s.new_turn(s.limit.limit()))
        return s._decide()

    def _decide(self) -> HandState:
        if not self.playoffs and self.void_round(self.results):
            s = dataclasses.replace(
                self, results=(None,) * self.n, index=0, replays=self.replays + 1, limit=self.limit.new_round()
            )
            return dataclasses.replace(s, turn=s.new_turn(s.limit.limit()))
        tied = next_throw_off(self.ranking_now(), self.settle_loser())
        if not tied:
            return dataclasses.replace(self, phase="over", turn=None)
        order = in_turn_order(tied, self.start, self.n)
        limit = RoundLimit(self.throw_off_max(), self.inherit_limit())
        s = dataclasses.replace(self, playoffs=(*self.playoffs, (None,) * self.n), order=order, index=0, limit=limit)
        return dataclasses.replace(s, turn=s.new_turn(limit.limit()))

    # --- results --------------------------------------------------------------------------------------------
    def width(self) -> int:
        """The length of a result tuple (every result of a game has the same)."""
        return len(next(r for r in self.results if r is not None))

    def rows(self) -> list[tuple[int, ...]]:
        """Per seat: his result, then his result in every throw-off (zeros where he was not in one: never
        compared, since a throw-off only splits a group tied on everything before)."""
        w = self.width()
        return [
            (*(self.results[p] or (0,) * w), *(x for row in self.playoffs for x in (row[p] or (0,) * w)))
            for p in range(self.n)
        ]

    def ranking_now(self) -> tuple[tuple[int, ...], ...]:
        return ranking_groups(self.rows())

    def scores(self) -> tuple[float, ...]:
        return tuple(0.0 if r is None else self.score(r) for r in self.results)

    def ranking(self) -> tuple[tuple[int, ...], ...]:
        return self.ranking_now() if self.phase == "over" else ()

    # --- exact solving --------------------------------------------------------------------------------------
    def solver_key(self) -> Hashable:
        """Whose turn in which pass, the turn's own key, the limit, the results already thrown in this pass, and
        of earlier passes only the order they put the seats in (``dense_ranks``: a throw-off that ties again
        returns to its key instead of growing a history). Sound because later turns are compared only with the
        results of the same pass and the earlier passes decide only which group is thrown off and the final order;
        the game's replays and the last throw are only shown. At the end the winners and losers (and alone the
        score, which the solo objective reads)."""
        if self.phase == "lot":
            return ("lot",)
        if self.phase == "over":
            return ("over", self.winners(), self.losers(), self.scores() if self.n == 1 else None)
        current = self.playoffs[-1] if self.playoffs else self.results
        if self.playoffs:
            w = self.width()
            earlier = [
                (*(self.results[p] or (0,) * w), *(x for row in self.playoffs[:-1] for x in (row[p] or (0,) * w)))
                for p in range(self.n)
            ]
            history: tuple[int, ...] = dense_ranks(earlier)
        else:
            history = ()
        thrown = tuple(current[p] for p in self.order[: self.index])
        return (self.start, self.order, self.index, history, thrown, self.limit, self.turn_key(self.turn))

    # --- information ----------------------------------------------------------------------------------------
    def view(self, player: int | None) -> JSON:
        out: JSON = {
            "game": self.id,
            "to_move": self.to_move(),
            "scores": list(self.scores()),
            "dice": list(self.last),
            "results": [None if r is None else list(r) for r in self.results],
        }
        if self.phase == "turn":
            out["seat"] = self.seat
            out["limit"] = self.limit.limit()
        if self.playoffs:
            out["throw_off"] = len(self.playoffs)
        if self.phase == "over":
            out["ranking"] = [p for g in self.ranking() for p in g]
            out["losers"] = list(self.losers())
        return out

    def turn_note(self, turn: Any) -> Any:
        """A note beside the seat whose turn it is (throws so far, points so far); None: nothing."""
        return None

    def seat_note(self, seat: int) -> Any:
        """The note beside a seat while the game runs (default: the turn's note beside the seat to move)."""
        return self.turn_note(self.turn) if seat == self.seat else None

    def goal(self) -> Goal | None:
        """What the game plays to and where it stands, drawn first on the felt (issue 24); None: nothing."""
        return None

    def message(self) -> Phrase | None:
        if self.phase == "over":
            return Phrase(N_("The game is over."))
        if self.playoffs and self.index == 0 and self.is_chance():
            return Phrase(THROW_OFF_NOW, {"k": len(self.playoffs)})
        if self.replays and not any(self.results) and self.index == 0:
            return Phrase(REPLAY_NOW)
        return None

    def components(self, player: int | None) -> tuple[Any, ...]:
        playing = self.phase == "turn"
        seats = Seats(
            tuple(
                SeatLine(
                    seat=p,
                    score=self.scores()[p],
                    active=playing and p == self.seat,
                    finished=self.phase == "over" and p in self.winners(),
                    note=self.seat_note(p) if playing else None,
                )
                for p in range(self.n)
            )
        )
        rows = [
            SheetRow(
                Phrase(RESULT), tuple(None if r is None else self.result_phrase(r) for r in self.results), key="result"
            )
        ]
        rows += [
            SheetRow(
                Phrase(THROW_OFF_ROW, {"k": k + 1}),
                tuple(None if r is None else self.result_phrase(r) for r in row),
                key=f"throw_off_{k + 1}",
            )
            for k, row in enumerate(self.playoffs)
        ]
        goal = self.goal()
        out: list[Component] = [
            *((goal,) if goal is not None else ()),
            seats,
            Sheet(columns=tuple(None for _ in range(self.n)), rows=tuple(rows), column_seats=tuple(range(self.n))),
        ]
        if playing:
            dice, standing = self.turn_dice(self.turn)
            if dice or standing:
                from wuerfel.games.kit.keeps import dice_component

                out.append(
                    dice_component(dice, standing, seat=self.seat)
                    if dice
                    else Dice(
                        tuple(standing or ()), kept=tuple(range(len(standing or ()))), thrown=False, seat=self.seat
                    )
                )
        msg = self.message()
        if msg is not None:
            out.append(Message(msg))
        return tuple(out)

    def announcements(self, event: Action | Outcome, player: int | None, after: State) -> tuple[Phrase, ...]:
        """A turn's result, a round nobody scored in played again, a throw-off and why, and the end: who won and
        what the others pay him. All of it stands on every seat's sheet."""
        if not isinstance(after, HandState) or self.phase != "turn":
            return ()
        out: list[Phrase] = []
        seat = self.seat
        row = len(self.playoffs) - 1
        done = after.playoffs[row][seat] if row >= 0 else after.results[seat]
        was = self.playoffs[row][seat] if row >= 0 else self.results[seat]
        if done is not None and was is None:
            out.append(Phrase(narration.TURN_RESULT, {"name": SeatRef(seat), "result": self.result_phrase(done)}))
        if after.replays > self.replays:
            out.append(Phrase(REPLAY_NOW))
        if after.phase == "turn" and len(after.playoffs) > len(self.playoffs):
            tied = after.order
            again = bool(self.playoffs) and set(tied) <= set(self.order)
            out.append(narration.throw_off(tied, first=set(tied) == set(after.ranking_now()[0]), again=again))
        out.extend(narration.ending(after))
        out.extend(narration.settlement(after))
        return tuple(out)

    def describe_action(self, action: Action, lang: str = "de") -> str:
        from wuerfel.i18n import translate

        if isinstance(action, ThrowOn):
            return translate(N_("throw again"), lang)
        if isinstance(action, Stop):
            return translate(N_("stop"), lang)
        return super().describe_action(action, lang)


@dataclasses.dataclass(frozen=True)
class ThrowOnState(HandState):
    """A hand game whose turn offers only :class:`ThrowOn` and :class:`Stop` after each throw (Quinze, Die böse
    Sieben): its turn value has ``step`` ("throw": a throw is due, "decide": the player chooses, "done") and
    ``throws``; the moves, their refusal and their typed words are the same in each and written here once. A game
    adds what a throw does to its turn and what the turn is worth."""

    def turn_actions(self, turn: Any) -> tuple[Action, ...]:
        return (ThrowOn(), Stop()) if turn.step == "decide" else ()

    def turn_moved(self, turn: Any, action: Action) -> Any:
        return dataclasses.replace(turn, step="throw" if isinstance(action, ThrowOn) else "done")

    def turn_over(self, turn: Any) -> bool:
        return bool(turn.step == "done")

    def turn_throws(self, turn: Any) -> int:
        return int(turn.throws)

    def refuse(self, action: Action) -> None:
        raise IllegalAction(N_("Throw again or stop."))

    def parse_action_text(self, text: str, player: int) -> Action:
        a = parse_throw_or_stop(text)
        if a is None:
            raise IllegalAction(N_("Type 'weiter' to throw again or 'stop' to stop."))
        return a


STOP_WORDS = frozenset({"stop", "stopp", "halt", "aufhören", "s", "fertig", "genug"})
THROW_WORDS = frozenset({"weiter", "würfeln", "wurf", "nochmal", "noch", "again", "throw", "roll", "w", "go"})


def parse_throw_or_stop(text: str) -> Action | None:
    """ "weiter"/"würfeln"/"again" → :class:`ThrowOn`, "stop"/"halt" → :class:`Stop`; None otherwise."""
    words = text.casefold().split()
    if words and words[0] in THROW_WORDS:
        return ThrowOn()
    if words and words[0] in STOP_WORDS:
        return Stop()
    return None


class HandGame(Game):
    """A game of :class:`HandState`\\ s; the throw-on and stop moves have ids 0 and 1, a game adds its own."""

    state_class: ClassVar[type[HandState]]
    action_classes: ClassVar[tuple[type[Action], ...]] = (ThrowOn, Stop)
    outcome_classes: ClassVar[tuple[type[Outcome], ...]] = (Roll, Void, Lot)

    def new_initial_state(self) -> State:
        state = self.state_class(self).initial()
        return state if self.rules.start == "lot" and self.num_players > 1 else state.begin(0)

    def action_universe(self) -> tuple[Action, ...]:
        """Every concrete action these rules can ever offer: throw on or stop."""
        return (ThrowOn(), Stop())

    def action_id(self, action: Action) -> int:
        if isinstance(action, ThrowOn):
            return 0
        if isinstance(action, Stop):
            return 1
        raise IllegalAction(N_("That move is not allowed now."))

    def action_from_id(self, action_id: int) -> Action:
        if action_id == 0:
            return ThrowOn()
        if action_id == 1:
            return Stop()
        raise IllegalAction(N_("That move is not allowed now."))
