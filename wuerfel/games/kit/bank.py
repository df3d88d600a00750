"""Bank games (spec A "Bank games": 9 Lustige Sieben, 19 Zehnerspiel, 31 Rock and Roll; the maker of 11 and the
banker of 22 rotate the same way): one seat holds the bank, the others (punters) stake on the fields of a board
before the bank's throw, and the bank settles every stake.

Written once here, so that a bank game is its board, a dice count and a settlement rule. Three modules, one idea
each:

* ``bank.py`` (this module), **the bank's turn rules**: :class:`BankState` and :class:`BankGame`. Sealed stakes on
  the simultaneous node (:class:`~wuerfel.engine.simultaneous.SealedRound`): every punter stakes in any order,
  several stakes per throw, each at most ``max_stake`` and never more than the chips he still has; the legal actions
  list *one* parameterised stake per field (an :class:`~wuerfel.engine.game.Amount`), never one action per amount,
  which grew with the rules until a rule value of 10^18 took the server's memory. A punter sees his own sealed
  stakes; the others are not told a stake was placed at all until the last "no more stakes" uncovers them
  (:meth:`BankState.event_view`). The bank passes to the left neighbour after ``bank_throws`` throws (spec A's
  resolution) and goes round the table ``bank_rounds`` times, then the game ends; who holds it first is the lot (G3)
  or seat 1. Stakes still standing when a bank closes go back to their owners, because the bank that accepted them
  is closed;
* :mod:`wuerfel.games.kit.bank_board`, **the board and the money**: the board (:class:`~wuerfel.games.kit.
  bank_board.BoardSpec`), the punters' actions (:class:`~wuerfel.games.kit.bank_board.Stake`,
  :class:`~wuerfel.games.kit.bank_board.Done`), the rotation (:class:`~wuerfel.games.kit.bank_board.Rotation`;
  Craps' maker and Va banque's banker rotate the same way) and the settlement over the chip ledger
  (:func:`~wuerfel.games.kit.bank_board.settle_board`): a stake is lost, won at odds or stands; chips are only
  moved, so they are conserved;
* :mod:`wuerfel.games.kit.bank_table`, **what the table shows and says**: the game's goal line first
  (:meth:`BankState.goal`, with the bank's place in the rotation), the board with the chips lying on each field and
  the reader's own sealed stakes, the last throw, the bank's throw counter and every seat's chips, the move list's
  words for what each throw paid, and the reading of a typed stake. :class:`BankState`'s methods of those names
  call it, so a game overrides them as before.

A game on it subclasses :class:`BankState` and :class:`BankGame` and says :attr:`BankState.board_spec`,
:meth:`BankState.dice_count`, :meth:`BankState.throw_value` (the sum of the dice, or the face of one die) and
:meth:`BankState.verdict` (what a stake on a field gets for a thrown value). Its rules carry ``starting_chips``,
``max_stake``, ``bank_throws``, ``bank_rounds`` and ``first_bank`` (``"lot"`` or ``"first_seat"``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, ClassVar

from wuerfel.engine import counts
from wuerfel.engine.chips import ChipLedger
from wuerfel.engine.components import Component, Goal, Phrase
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import (
    CHANCE,
    JSON,
    PUBLIC,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    Amount,
    EventView,
    Game,
    Outcome,
    Roll,
    State,
    parameterised,
)
from wuerfel.engine.simultaneous import SealedRound
from wuerfel.games.kit import bank_table
from wuerfel.games.kit.bank_board import (
    BOARD,
    Bet,
    BoardSpec,
    Done,
    Rotation,
    Stake,
    merge_bets,
    return_standing,
    settle_board,
    stake_of,
)
from wuerfel.games.kit.chip_results import ChipResults
from wuerfel.games.kit.lot import Lot, lot_outcomes, parse_lot
from wuerfel.games.kit.void import Void, parse_throw, throw_outcomes


# --- the state ----------------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class BankState(ChipResults, State):
    """A bank game in progress: the ledger, who holds the bank and how far it has gone, the sealed stakes being
    placed, the stakes on the board, and what the table shows of the last throw and the bank."""

    game: Game = dataclasses.field(compare=False, repr=False)
    ledger: ChipLedger = ChipLedger(())
    banker: int = 0
    banks_done: int = 0
    """Banks that have passed (the game ends after ``bank_rounds × players``)."""
    throws_done: int = 0
    """Throws of the current bank."""
    betting: SealedRound | None = None
    board: tuple[Bet, ...] = ()
    """Stakes on the table after the betting closed (and stakes standing from earlier throws)."""
    last: tuple[Any, ...] = ()
    """(value, dice, net chips per player) of the last settled throw, for display: a punter's net counts his settled
    stakes (−1 for a lost chip, +1 for a chip paid double), the bank's what it collected minus what it paid."""
    started: bool = True
    """False until the lot chose the first bank."""
    bank_sums: tuple[int, ...] = ()
    """The values thrown by the current bank so far (public; shown so that a banker, who never decides anything,
    can follow his bank)."""
    bank_net: int = 0
    """What the current bank has won (+) or lost (−) so far."""
    last_bank: tuple[int, tuple[int, ...], int] | None = None
    """(banker, values, net) of the bank that passed last."""

    board_spec: ClassVar[BoardSpec]
    poker: ClassVar[bool] = False
    """Poker dice (Rock and Roll): outcomes are named by their faces and typed as poker faces."""

    # --- what a bank game says ------------------------------------------------------------------------------
    def dice_count(self) -> int:
        """How many dice the bank throws."""
        raise NotImplementedError

    def throw_value(self, dice: tuple[int, ...]) -> int:
        """What a throw counts for the board (default: the sum of the dice)."""
        return sum(dice)

    def verdict(self, number: int, value: int) -> int | None:
        """What a stake on field ``number`` gets when ``value`` is thrown (see :data:`Verdict`)."""
        raise NotImplementedError

    def hits(self, value: int) -> frozenset[int]:
        """The fields the table highlights after a throw of ``value`` (default: the field of that number)."""
        return frozenset({value})

    def throw_message(self, value: int, dice: tuple[int, ...]) -> Phrase | None:
        """A line on the last throw (Lustige Sieben names its column); None: the dice alone."""
        return None

    def goal(self) -> Goal | None:
        """What the game plays to, drawn first on the felt (issue 24): a game says it in its words, with
        :meth:`bank_progress` as where it stands; None: no goal line."""
        return None

    def bank_progress(self) -> Phrase | None:
        """Where the game stands: which bank of how many (None before the lot and after the end; the throws of the
        bank have their counter)."""
        if not self.started or self.is_terminal():
            return None
        return Phrase(
            N_("Bank {bank} of {banks}"), {"bank": self.banks_done + 1, "banks": self.rules.bank_rounds * self.n}
        )

    def bank_closes(self) -> bool:
        """Whether the current bank closes after the throw just settled (default: after ``bank_throws`` throws)."""
        return self.throws_done >= self.rules.bank_throws

    def field_edge(self, number: int, throws_left: int | None = 1) -> Fraction:
        """The bank's exact expected gain per chip staked on field ``number`` until the stake is settled, from this
        game's own :meth:`verdict` over every throw of its dice (:func:`wuerfel.engine.edges.stake_edge`; a stake
        that stands counts on for ``throws_left`` throws, then goes back to its owner as the bank closes)."""
        from wuerfel.engine.dice import roll_distribution
        from wuerfel.engine.edges import stake_edge

        outcomes = [
            (p, self.verdict(number, self.throw_value(dice))) for dice, p in roll_distribution(self.dice_count())
        ]
        return stake_edge(outcomes, throws_left)

    # --- reading --------------------------------------------------------------------------------------------
    @property
    def rules(self) -> Any:
        return self.game.rules

    @property
    def n(self) -> int:
        return self.game.num_players

    @property
    def rotation(self) -> Rotation:
        """The bank's place in the rotation (the state keeps it as flat fields, which its view shows)."""
        return Rotation(self.banker, self.throws_done, self.banks_done)

    def game_over(self) -> bool:
        """The bank has gone round the table ``bank_rounds`` times (:meth:`Rotation.over` on the flat fields, which
        ``to_move`` asks at every node without building the value)."""
        return self.banks_done >= self.rules.bank_rounds * self.n

    def punters(self) -> tuple[int, ...]:
        return self.rotation.others(self.n)

    def available(self, player: int) -> int:
        """Chips a punter can still stake this throw (his balance minus his sealed stakes); never below 0."""
        pending = sum(stake_of(i)[1] for i in self.betting.items(player)) if self.betting else 0
        return max(self.ledger.balance(player) - pending, 0)

    def stake_cap(self, player: int) -> int:
        """The largest single stake the player can make now."""
        return min(self.rules.max_stake, self.available(player))

    # --- node kind ------------------------------------------------------------------------------------------
    def to_move(self) -> int:
        if not self.started:
            return CHANCE
        # game_over(), written out: to_move is asked at every node and the bank games' throughput is a bench figure
        if self.banks_done >= self.rules.bank_rounds * self.game.num_players:
            return TERMINAL
        if self.betting is not None:
            return SIMULTANEOUS
        return CHANCE

    def actors(self) -> tuple[int, ...]:
        return self.betting.actors() if self.betting is not None and self.to_move() == SIMULTANEOUS else ()

    # --- staking --------------------------------------------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        player = self.asked_seat(player)
        if player is None:
            return ()
        cap = self.stake_cap(player)
        if cap < 1:
            return (Done(),)
        return (*(parameterised(Stake, number=n, amount=Amount(1, cap)) for n in self.board_spec.numbers), Done())

    def explain_illegal(self, action: Action, player: int) -> None:
        if isinstance(action, Stake):
            if action.number not in self.board_spec.numbers:
                raise IllegalAction(self.board_spec.unknown_field, number=action.number)
            if action.amount < 1 or action.amount > self.rules.max_stake:
                raise IllegalAction(N_("A stake must be 1 to {max} chips."), max=self.rules.max_stake)
            raise IllegalAction(N_("You have only {chips} left to stake."), chips=counts.chips(self.available(player)))

    def _apply_action(self, action: Action, player: int) -> State:
        assert self.betting is not None
        if isinstance(action, Stake):
            return dataclasses.replace(self, betting=self.betting.commit(player, (action.number, action.amount)))
        betting = self.betting.finish(player)
        if not betting.complete:
            return dataclasses.replace(self, betting=betting)
        # Betting closed: the sealed stakes go onto the board (and leave the punters' balances).
        ledger = self.ledger
        board = list(self.board)
        for p, items in betting.committed:
            for item in items:
                number, amount = stake_of(item)
                ledger = ledger.transfer(p, BOARD, amount)
                board.append((p, number, amount))
        return dataclasses.replace(self, betting=None, ledger=ledger, board=merge_bets(board))

    def open_betting(self) -> BankState:
        """The punters of the current bank start staking for its next throw."""
        return dataclasses.replace(self, betting=SealedRound.open(self.punters()))

    # --- the bank's throw -----------------------------------------------------------------------------------
    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        if not self.is_chance():
            return ()
        if not self.started:
            return lot_outcomes(self.n)
        return throw_outcomes(self.dice_count())

    def dice_to_throw(self) -> int:
        return self.dice_count() if self.is_chance() and self.started else 0

    def thrower(self) -> int | None:
        """The bank throws for everyone."""
        return self.banker if self.is_chance() and self.started else None

    def parse_outcome(self, text: str) -> Outcome:
        if not self.started:
            return parse_lot(text, self.n)
        if not self.is_chance():
            raise IllegalAction(N_("No dice are to be thrown now."))
        return parse_throw(text, self.dice_count(), poker=self.poker)

    def _apply_outcome(self, outcome: Outcome) -> State:
        if isinstance(outcome, Lot):
            return dataclasses.replace(self, started=True, banker=outcome.seat).open_betting()
        if isinstance(outcome, Void):
            return self
        assert isinstance(outcome, Roll)
        value = self.throw_value(outcome.dice)
        ledger, board = settle_board(self.ledger, self.board, self.banker, lambda number: self.verdict(number, value))
        # What the throw won or lost per player: the balance change, minus the stakes it settled (they had left
        # the balances when the betting closed); a stake left standing is not settled yet.
        settled = [0] * self.n
        for p, _number, amount in self.board:
            settled[p] += amount
        for p, _number, amount in board:
            settled[p] -= amount
        net = tuple(ledger.players[p] - self.ledger.players[p] - settled[p] for p in range(self.n))
        state = dataclasses.replace(
            self,
            ledger=ledger,
            board=board,
            throws_done=self.throws_done + 1,
            last=(value, outcome.dice, net),
            bank_sums=(*self.bank_sums, value),
            bank_net=self.bank_net + net[self.banker],
        )
        if state.bank_closes():
            passed = self.rotation.pass_left(self.n)
            state = dataclasses.replace(
                state,
                ledger=return_standing(ledger, state.board),
                board=(),
                bank_sums=(),
                bank_net=0,
                last_bank=(self.banker, state.bank_sums, state.bank_net),
                banker=passed.holder,
                throws_done=passed.turns,
                banks_done=passed.passed,
            )
        if state.to_move() == TERMINAL:
            return state
        return state.open_betting()

    # --- information ----------------------------------------------------------------------------------------
    def view(self, player: int | None) -> JSON:
        return bank_table.view(self, player)

    def result_view(self) -> JSON:
        """The result keys of a finished game's view (the Hasard convention: seats best first, flat, and the
        losers)."""
        return bank_table.result_view(self)

    def components(self, player: int | None) -> tuple[Component, ...]:
        """The board with the chips on every field and the reader's own sealed stakes, the last throw, the bank and
        every seat's chips (:func:`wuerfel.games.kit.bank_table.components`); other punters' sealed stakes are not
        shown (not even that there are any)."""
        return bank_table.components(self, player)

    def determinize(self, player: int, rng: Any) -> State:
        """Re-draw the sealed stakes of the other punters (the only thing hidden in a bank game)."""
        if self.betting is None:
            return self
        numbers = self.board_spec.numbers
        betting = self.betting
        for p, _ in self.betting.committed:
            if p == player:
                continue
            cap = min(self.rules.max_stake, max(self.ledger.balance(p), 0))
            items: tuple[Any, ...] = ()
            if cap >= 1:
                items = tuple((rng.choice(numbers), rng.randint(1, cap)) for _ in range(rng.randint(0, 1)))
            betting = betting.replace_items(p, items)
        for p in self.punters():
            if p != player and not betting.items(p) and rng.random() < 0.5:
                cap = min(self.rules.max_stake, max(self.ledger.balance(p), 0))
                if cap >= 1:
                    betting = betting.replace_items(p, ((rng.choice(numbers), rng.randint(1, cap)),))
        return dataclasses.replace(self, betting=betting)

    def event_view(self, event: Action | Outcome, player: int | None, seat: int | None) -> EventView:
        """Only the stakes are secret, and only while the betting is open: a punter sees his own stakes, nobody
        else is told that a stake was placed at all (how many stakes a punter placed would already tell something).

        Throws, the lot and "no more stakes" are public; the last "no more stakes" closes the betting and uncovers
        every stake of it (they lie on the board), so the move list then shows them too.
        """
        if self.betting is None:
            return PUBLIC
        secret = ("stakes", self.banks_done, self.throws_done)
        if isinstance(event, Stake):
            return PUBLIC if seat == player else EventView("none", secret=secret)
        if isinstance(event, Done) and self.betting.deciding == {player}:
            return EventView(reveals=(secret,))
        return PUBLIC

    # --- words ----------------------------------------------------------------------------------------------
    def describe_outcome(self, outcome: Outcome, lang: str = "de", names: Sequence[str] = ()) -> str:
        return bank_table.describe_outcome(self, outcome, lang, names)

    def announcements(self, event: Action | Outcome, player: int | None, after: State) -> tuple[Phrase, ...]:
        """What a bank throw moved and, when the bank passes, how it did (:func:`wuerfel.games.kit.bank_table.
        announcements`); nothing for any other event."""
        if not (isinstance(event, Roll) and isinstance(after, BankState) and self.started and self.is_chance()):
            return ()
        return bank_table.announcements(self, event, after)

    def parse_action_text(self, text: str, player: int) -> Action:
        """ "3 auf 7" / "3 on 7" / "3 Chips auf 11" is a stake; "fertig", "done", "keine" end the stakes."""
        return bank_table.parse_stake(text)

    def field_name(self, number: int, lang: str) -> Any:
        """What the board writes on the field ``number`` ("unter 10"), in ``lang``; the number where it has no label."""
        return bank_table.field_name(self, number, lang)

    def describe_action(self, action: Action, lang: str = "de") -> str:
        words = bank_table.describe_action(self, action, lang)
        return words if words is not None else super().describe_action(action, lang)


class BankGame(Game):
    """A game of :class:`BankState`\\ s: stakes and "no more stakes" as actions, the bank's throw, the void throw
    and the lot as outcomes; stable ids (0: done, then field × amount)."""

    state_class: ClassVar[type[BankState]]
    action_classes: ClassVar[tuple[type[Action], ...]] = (Stake, Done)
    outcome_classes: ClassVar[tuple[type[Outcome], ...]] = (Roll, Void, Lot)

    def new_initial_state(self) -> State:
        rules = self.rules
        ledger = ChipLedger.start(self.num_players, rules.starting_chips)
        state = self.state_class(self, ledger, started=rules.first_bank != "lot")
        return state.open_betting() if state.started else state

    def action_universe(self) -> tuple[Action, ...]:
        """Every concrete action these rules can ever offer: done, and a stake of 1 to ``max_stake`` on each field."""
        cap = int(self.rules.max_stake)
        numbers = self.state_class.board_spec.numbers
        return (Done(), *(Stake(n, a) for n in numbers for a in range(1, cap + 1)))

    def action_id(self, action: Action) -> int:
        if isinstance(action, Done):
            return 0
        assert isinstance(action, Stake)
        numbers = self.state_class.board_spec.numbers
        return 1 + numbers.index(action.number) + len(numbers) * (action.amount - 1)

    def action_from_id(self, action_id: int) -> Action:
        if action_id == 0:
            return Done()
        numbers = self.state_class.board_spec.numbers
        i = action_id - 1
        return Stake(numbers[i % len(numbers)], i // len(numbers) + 1)
