"""Sheet games of keep turns: the lot picks who begins, then each player in turn plays one keep-and-rethrow turn
(:class:`~wuerfel.games.kit.keeps.KeepTurn`) and writes its dice into a free box of his own sheet, until every
sheet is full (Escalero, Ohio).

Written once because those games differ only in their boxes, their dice and what a hand scores: the chance side (the
lot while ``start_player`` is -1, then the turn's throws; the void throw and manual entry of real dice), the free
boxes, writing an entry and passing the dice on, the refusal of a box that is missing or full, and the totals that
rank the players are the same in each, and one copy keeps them from drifting apart.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, ClassVar

from wuerfel.engine import narration
from wuerfel.engine.components import Phrase
from wuerfel.engine.dice import Multiset
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import Action, Game, LengthBound, Outcome, Roll, State
from wuerfel.games.kit.chance import parse_lot_or_throw
from wuerfel.games.kit.keeps import KeepTurn
from wuerfel.games.kit.lot import Lot, lot_outcomes
from wuerfel.games.kit.void import Void, throw_outcomes

EMPTY = -1
"""A box not written yet (a written box holds its points, 0 included)."""


@dataclasses.dataclass(frozen=True)
class Enter(Action):
    """Write the hand's value for this row into the sheet (0 where the hand does not score there: crossed out)."""

    kind: ClassVar[str] = "enter"
    row: int


def keep_sheet_bound(rows: int) -> Callable[[Game], LengthBound]:
    """A keep-sheet game's :meth:`Game.length_bound` for sheets of ``rows`` boxes: every seat fills them, one a
    turn; a turn is at most ``max_throws`` throws with a keep between two of them and the entry after the last
    (``max_throws`` decisions); the lot, where the rules throw it, is one chance node (a seat drawn directly, never
    thrown again). Reached by a player who keeps while throws are left: the kit's keeps always leave a die to throw."""

    def length_bound(game: Game) -> LengthBound:
        rules = game.rules
        turns = game.num_players * rows
        lot = rules.start == "lot" and game.num_players > 1
        return LengthBound(decisions=turns * rules.max_throws, chance_nodes=turns * rules.max_throws + int(lot))

    return length_bound


class KeepSheetState(State):
    """The shared part of a sheet game's state (module text). A game's frozen dataclass state inherits it and has
    the fields ``sheets`` (per player, per box: points or :data:`EMPTY`), ``player`` (whose turn it is),
    ``start_player`` (-1 until the lot has fallen) and ``turn``; it sets :attr:`n_dice` and :attr:`poker` and keeps
    its own moves, scoring and table."""

    sheets: tuple[tuple[int, ...], ...]
    player: int
    start_player: int
    turn: KeepTurn

    n_dice: ClassVar[int] = 5
    """Dice of a turn."""
    poker: ClassVar[bool] = False
    """Real dice are entered as poker faces (9 10 B D K A)."""

    @property
    def rules(self) -> Any:
        return self.game.rules

    def new_turn(self) -> KeepTurn:
        """The turn of the next player: no dice yet, the rules' throw limit."""
        return KeepTurn(limit=self.rules.max_throws, n=self.n_dice)

    def free_rows(self, player: int | None = None) -> tuple[int, ...]:
        """The boxes still empty on a player's sheet (default: the player to move)."""
        p = self.player if player is None else player
        return tuple(r for r, v in enumerate(self.sheets[p]) if v == EMPTY)

    def refuse_row(self, row: int, names: Sequence[str]) -> None:
        """Raise the refusal of writing into ``row``, a box that does not exist or is filled (``names``: the boxes'
        names the message gives); nothing for a free box."""
        if not 0 <= row < len(names):
            raise IllegalAction(N_("There is no row {row}."), row=row + 1)
        if self.sheets[self.player][row] != EMPTY:
            raise IllegalAction(N_("The row {row} is already filled."), row=names[row])

    def written(self, player: int, row: int, value: int) -> Any:
        """The state after ``player`` wrote ``value`` into ``row``: the next player's turn begins (a state of the
        game's own class)."""
        sheet = list(self.sheets[player])
        sheet[row] = value
        sheets = (*self.sheets[:player], tuple(sheet), *self.sheets[player + 1 :])
        nxt = (player + 1) % self.game.num_players
        return dataclasses.replace(self, sheets=sheets, player=nxt, turn=self.new_turn())  # type: ignore[type-var]

    # --- chance ----------------------------------------------------------------------------------------------------
    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        if not self.is_chance():
            return ()
        if self.start_player < 0:
            return lot_outcomes(self.game.num_players)
        return throw_outcomes(self.turn.to_throw())

    def dice_to_throw(self) -> int:
        if not self.is_chance() or self.start_player < 0:
            return 0
        return self.turn.to_throw()

    def thrower(self) -> int | None:
        return self.player if self.is_chance() and self.start_player >= 0 else None

    def throw_follows(self, after_own_move: bool) -> bool:
        """Dice left standing, the rest thrown at once; the first throw of a turn waits for its thrower (alone at
        the table his own entry ended the last turn)."""
        return after_own_move and self.turn.throws > 0

    def dice_standing(self) -> Multiset:
        return self.turn.standing() if self.is_chance() and self.start_player >= 0 else ()

    def parse_outcome(self, text: str) -> Outcome:
        return parse_lot_or_throw(
            text, self.game.num_players, self.start_player < 0, self.dice_to_throw(), poker=self.poker
        )

    def _apply_outcome(self, outcome: Outcome) -> State:
        if isinstance(outcome, Lot):
            return dataclasses.replace(self, start_player=outcome.seat, player=outcome.seat)  # type: ignore[type-var]
        if isinstance(outcome, Void):
            return self
        assert isinstance(outcome, Roll)
        return dataclasses.replace(self, turn=self.turn.thrown(outcome.dice))  # type: ignore[type-var]

    def announcements(self, event: Action | Outcome, player: int | None, after: State) -> tuple[Phrase, ...]:
        """The sheets are open; the end is told: who won, and what the chips settle where the game plays for
        them (Escalero)."""
        if self.is_terminal() or not after.is_terminal():
            return ()
        return (*narration.ending(after), *narration.settlement(after))

    # --- results ---------------------------------------------------------------------------------------------------
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(v for v in s if v != EMPTY) for s in self.sheets)

    def scores(self) -> tuple[float, ...]:
        return tuple(float(t) for t in self.totals())

    def winners(self) -> tuple[int, ...]:
        if not self.is_terminal():
            return ()
        t = self.totals()
        return tuple(p for p, v in enumerate(t) if v == max(t))
