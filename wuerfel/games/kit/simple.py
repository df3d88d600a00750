"""The base of "simple dice games": pure chance, one throw after another, no decisions.

A game on this base is a scoring function plus rules data (python-chess style: a variant is a few flags): the base
owns the lot for who begins (G3), whose throw it is (``thrower``), the chance node with the void throw of real dice
(G6), manual dice entry, outcome labels, the view skeleton and the typed table components; a game says how many
dice a throw has (:meth:`SimpleState.dice_count`) and what a throw does (:meth:`SimpleState.after_throw`).

States are frozen dataclasses: hashable values with exact chance, so a generic solver can walk them. The game object
is not part of a state's equality (it is the same for every state of one game). The last throw (``last``,
``last_seat``) is part of it because the table shows it; it never changes what follows except in a ``decide`` phase
(Eins bis sechzehn's claim), so a solver's key of a position may leave it out elsewhere.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, ClassVar, Literal

from wuerfel.engine import narration
from wuerfel.engine.components import Component, Dice, Goal, Message, Phrase, SeatLine, Seats
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import CHANCE, JSON, TERMINAL, Action, Game, Outcome, Roll, State
from wuerfel.engine.rules import opt
from wuerfel.games.kit.lot import LOT_BEGINS, LOT_BEGINS_NAMED, Lot, lot_outcomes, parse_lot
from wuerfel.games.kit.void import VOID_LABEL, Void, parse_throw, throw_outcomes

START_WORDS = {"lot": ("das Los (höchster Wurf)", "the lot (highest throw)"), "first_seat": ("Platz 1", "seat 1")}
"""German and English words for the choices of a ``start`` option (for ``label_options``)."""
START_NAME = ("Wer beginnt", "Who begins")


def start_option() -> Any:
    """The ``start`` option every game on the kit has: G3's lot, or seat 1 (a table that just sits down)."""
    return opt(
        "lot",
        de="Wer beginnt: das Los (wer zuvor die höchste Augenzahl warf) oder Platz 1",
        en="Who begins: the lot (whoever threw the highest number before) or seat 1",
    )


GAME_OVER = N_("The game is over.")

VIEW_LABELS = (
    N_("Progress"),
    N_("Next number"),
    N_("Struck"),
    N_("Ones"),
    N_("Limit"),
    N_("Rounds"),
    N_("Throws per turn"),
    N_("Throw off"),
    N_("Throw off scores"),
    N_("Heaven"),
    N_("Hell"),
    N_("Replaced"),
    N_("Sevens"),
    N_("Pot no"),
    N_("Pots"),
    N_("Takers"),
    N_("Hearts"),
    N_("Finished"),
    N_("Receiver"),
)
"""The words the generic terminal renderer makes of the view keys of the games on the kit ("next_number" → "Next
number"), listed so that they have German translations."""


@dataclasses.dataclass(frozen=True)
class SimpleState(State):
    """A state of a pure-chance game: the lot, then throws in turn until the game says it is over."""

    game: Game = dataclasses.field(compare=False, repr=False)
    phase: Literal["lot", "throw", "decide", "over"] = "lot"
    """"decide": the thrower decides something about his throw (a game on the base that has a decision)."""
    seat: int = 0
    """Whose throw it is (in phase "throw"); after the end, who threw last."""
    start: int = 0
    """Who began the game (the lot's seat)."""
    last: tuple[int, ...] = ()
    """The dice of the last throw (shown on the table)."""
    last_seat: int | None = None
    """Who threw them."""

    id: ClassVar[str] = ""
    settles_at_end: ClassVar[bool] = True
    """Whether the chips of a game with chips (:meth:`payoffs`) change hands at its end, so that the move list
    tells who pays whom then; False where they move during the game (Elf hoch's pots), each payment told as it
    happens."""
    show_sum: ClassVar[bool] = True
    """Whether a throw is announced with its sum ("3 + 6 = 9"); games where the sum means nothing (Pasch) say no."""
    score_label: ClassVar[str | None] = None
    """What ``scores()`` count, as an English msgid ("Chips", "Struck"), heading the seats' scores on every table and
    in the terminal's result; None: points. A count of struck numbers or a chip balance headed "Punkte" misled
    (issue 24 U14)."""

    @property
    def n(self) -> int:
        return self.game.num_players

    @property
    def rules(self) -> Any:
        return self.game.rules

    # --- what a game says ----------------------------------------------------------------------------------
    def initial(self) -> SimpleState:
        """The state before the lot, with the per-seat fields sized for the players (default: as it is)."""
        return self

    def dice_count(self) -> int:
        """How many dice the next throw has."""
        raise NotImplementedError

    def begin(self, start: int) -> SimpleState:
        """The state after the lot fell on ``start`` (default: ``start`` throws first)."""
        return dataclasses.replace(self, phase="throw", seat=start, start=start)

    def after_throw(self, dice: tuple[int, ...]) -> SimpleState:
        """Apply a throw of the current thrower (``self.seat``); ``self.last`` already holds the dice."""
        raise NotImplementedError

    def view_extra(self, player: int | None) -> JSON:
        """The game's own entries of the view (everything is public in these games)."""
        return {}

    def table(self, player: int | None) -> tuple[Component, ...]:
        """The game's own table components (tracks, counters, a sheet), drawn between the seats and the dice."""
        return ()

    def message(self) -> Phrase | None:
        """One line on what is going on (a throw-off, the end); None: nothing to say."""
        return Phrase(GAME_OVER) if self.phase == "over" else None

    def seat_note(self, seat: int) -> Any:
        """A note beside a seat (a :class:`Phrase`: "heart full", the throw of a turn); None: nothing."""
        return None

    def goal(self) -> Goal | None:
        """What the game plays to and where it stands, drawn first on the felt (issue 24: a newcomer sees the aim
        of every game); None: nothing to show."""
        return None

    def seat_finished(self, seat: int) -> bool:
        """Whether a seat is done (a full heart); default: the winners of a finished game."""
        return self.phase == "over" and seat in self.winners()

    # --- node kind --------------------------------------------------------------------------------------------
    def to_move(self) -> int:
        return TERMINAL if self.phase == "over" else CHANCE

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        return ()

    def _apply_action(self, action: Action, player: int) -> State:
        raise IllegalAction(N_("There is nothing to decide in this game; only the dice speak."))

    # --- chance -----------------------------------------------------------------------------------------------
    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        if self.phase == "lot":
            return lot_outcomes(self.n)
        if self.phase == "throw":
            return throw_outcomes(self.dice_count())
        return ()

    def dice_to_throw(self) -> int:
        return self.dice_count() if self.phase == "throw" else 0

    def thrower(self) -> int | None:
        return self.seat if self.phase == "throw" else None

    def parse_outcome(self, text: str) -> Outcome:
        if self.phase == "lot":
            return parse_lot(text, self.n)
        if self.phase != "throw":
            raise IllegalAction(N_("No dice are to be thrown now."))
        return parse_throw(text, self.dice_count(), poker=False)

    def _apply_outcome(self, outcome: Outcome) -> State:
        if isinstance(outcome, Lot):
            return self.begin(outcome.seat)
        if isinstance(outcome, Void):
            return self
        assert isinstance(outcome, Roll)
        return dataclasses.replace(self, last=outcome.dice, last_seat=self.seat).after_throw(outcome.dice)

    def describe_outcome(self, outcome: Outcome, lang: str = "de", names: Sequence[str] = ()) -> str:
        """Plain dice with their sum ("3 + 6 = 9", or without it: ``show_sum``), the void throw, the lot by the
        player's name if known."""
        from wuerfel.i18n import translate

        if isinstance(outcome, Roll):
            if not self.show_sum:
                return " ".join(str(d) for d in outcome.dice)
            faces = " + ".join(str(d) for d in outcome.dice)
            return f"{faces} = {sum(outcome.dice)}" if len(outcome.dice) > 1 else faces
        if isinstance(outcome, Lot):
            if 0 <= outcome.seat < len(names):
                return translate(LOT_BEGINS_NAMED, lang, name=names[outcome.seat])
            return translate(LOT_BEGINS, lang, seat=outcome.seat + 1)
        if isinstance(outcome, Void):
            return translate(VOID_LABEL, lang)
        return super().describe_outcome(outcome, lang)

    # --- results ----------------------------------------------------------------------------------------------
    def winners(self) -> tuple[int, ...]:
        r = self.ranking()
        return r[0] if r else ()

    def announcements(self, event: Action | Outcome, player: int | None, after: State) -> tuple[Phrase, ...]:
        """What a throw brought about: the game's own lines (:meth:`news`), then, at the end, who won and lost."""
        if not isinstance(after, SimpleState) or self.phase == "lot":
            return ()
        settled = narration.settlement(after) if self.settles_at_end else []
        return (*self.news(event, after), *narration.ending(after), *settled)

    def news(self, event: Action | Outcome, after: SimpleState) -> tuple[Phrase, ...]:
        """A game's own announcements of an event (a round over, a number passed on, a pot won); default none.
        Public like everything in these games."""
        return ()

    # --- information ------------------------------------------------------------------------------------------
    def view(self, player: int | None) -> JSON:
        out: JSON = {
            "game": self.id,
            "to_move": self.to_move(),
            "scores": list(self.scores()),
            "dice": list(self.last),
        }
        if self.score_label:
            out["score_label"] = self.score_label
        out.update(self.view_extra(player))
        if self.phase == "over":
            # the view convention of the Hasard games (G8): seats best first, flat; the groups are ``ranking()``
            out["ranking"] = [p for g in self.ranking() for p in g]
            out["losers"] = list(self.losers())
        return out

    def components(self, player: int | None) -> tuple[Any, ...]:
        scores = self.scores()
        seats = Seats(
            tuple(
                SeatLine(
                    seat=p,
                    score=scores[p],
                    active=p == self.thrower() or p in self.actors(),
                    finished=self.seat_finished(p),
                    note=self.seat_note(p),
                )
                for p in range(self.n)
            ),
            lower_is_better=self.lower_is_better(),
            label=Phrase(self.score_label) if self.score_label else None,
        )
        goal = self.goal()
        out: list[Any] = [*((goal,) if goal is not None else ()), seats, *self.table(player)]
        if self.last:
            out.append(Dice(self.last, seat=self.last_seat, thrown=True))
        msg = self.message()
        if msg is not None:
            out.append(Message(msg))
        return tuple(out)


class SimpleGame(Game):
    """A game of :class:`SimpleState`\\ s: no actions, throws and the lot as outcomes."""

    state_class: ClassVar[type[SimpleState]]
    action_classes: ClassVar[tuple[type[Action], ...]] = ()
    outcome_classes: ClassVar[tuple[type[Outcome], ...]] = (Roll, Void, Lot)

    def new_initial_state(self) -> State:
        state = self.state_class(self)
        state = state.initial()  # type: ignore[attr-defined]
        return state if self.rules.start == "lot" else state.begin(0)

    def action_universe(self) -> tuple[Action, ...]:
        """None: nobody decides anything in these games."""
        return ()

    def action_id(self, action: Action) -> int:
        raise IllegalAction(N_("There is nothing to decide in this game; only the dice speak."))

    def action_from_id(self, action_id: int) -> Action:
        raise IllegalAction(N_("There is nothing to decide in this game; only the dice speak."))
