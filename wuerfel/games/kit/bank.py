"""Bank games (spec A "Bank games": 9 Lustige Sieben, 19 Zehnerspiel, 31 Rock and Roll; the maker of 11 and the
banker of 22 rotate the same way): one seat holds the bank, the others (punters) stake on the fields of a board
before the bank's throw, and the bank settles every stake.

Written once here, so that a bank game is its board, a dice count and a settlement rule:

* **the board** (:class:`BoardSpec`): numbered fields in groups, laid out in rows of groups, and the refusal for a
  field that is not on it;
* **sealed stakes** (:class:`Stake`, :class:`Done`) on the simultaneous node (:class:`~wuerfel.engine.simultaneous.
  SealedRound`): every punter stakes in any order, several stakes per throw, each at most ``max_stake`` and never
  more than the chips he still has; the legal actions list *one* parameterised stake per field (an
  :class:`~wuerfel.engine.game.Amount`), never one action per amount, which grew with the rules until a rule value
  of 10^18 took the server's memory. A punter sees his own sealed stakes; the others are not told a stake was placed
  at all until the last "no more stakes" uncovers them (:meth:`BankState.event_view`);
* **the rotation** (:class:`Rotation`, kept by :class:`BankState`; Craps' maker and Va banque's banker rotate the
  same way): the bank passes to the left neighbour after ``bank_throws`` throws (spec A's resolution) and goes
  round the table ``bank_rounds`` times, then the game ends; who holds it first is the lot (G3) or seat 1. Stakes
  still standing when a bank closes go back to their owners, because the bank that accepted them is closed;
* **settlement over the chip ledger** (:func:`settle_board`, :func:`collect`, :func:`pay_at_odds`,
  :func:`return_standing`): a stake is lost (the bank collects it), won at odds (the stake comes back and the bank
  pays ``multiplier − 1`` times it on top) or stands for the next throw; chips are only moved, so they are conserved;
* **the table**: the game's goal line first (:meth:`BankState.goal`, with the bank's place in the rotation), the
  board with the chips lying on each field and the reader's own sealed stakes, the last throw,
  the bank's throw counter and every seat's chips, and the move list's words for what each throw paid.

A game on it subclasses :class:`BankState` and :class:`BankGame` and says :attr:`BankState.board_spec`,
:meth:`BankState.dice_count`, :meth:`BankState.throw_value` (the sum of the dice, or the face of one die) and
:meth:`BankState.verdict` (what a stake on a field gets for a thrown value). Its rules carry ``starting_chips``,
``max_stake``, ``bank_throws``, ``bank_rounds`` and ``first_bank`` (``"lot"`` or ``"first_seat"``).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, ClassVar

from wuerfel.engine import counts
from wuerfel.engine.chips import ChipLedger
from wuerfel.engine.components import (
    Component,
    Counter,
    Dice,
    Goal,
    Message,
    Phrase,
    SeatLine,
    SeatRef,
    Seats,
    StakeBoard,
    StakeField,
    Text,
    resolve,
)
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
from wuerfel.engine.narration import HOLDS_BANK
from wuerfel.engine.simultaneous import SealedRound
from wuerfel.games.kit.chip_results import ChipResults
from wuerfel.games.kit.lot import Lot, lot_outcomes, parse_lot
from wuerfel.games.kit.seats import left_of
from wuerfel.games.kit.void import VOID_LABEL, Void, parse_throw, throw_outcomes
from wuerfel.i18n import translate

BOARD = "board"
"""The ledger pool the stakes lie in between the end of the betting and the throw that settles them."""
DONE_WORDS = frozenset({"fertig", "done", "keine", "nichts", "genug", "kein einsatz", "no more", "none"})
LOT_BANK = N_("seat {seat} holds the bank")
LOT_BANK_NAMED = N_("{name} holds the bank")
BANK_MOVED = N_("The bank ({bank}) takes {took} and pays out {paid}")
BANK_NOTHING = N_("The bank ({bank}): no chips change hands")
BANK_PAYS = N_("The bank ({bank}) pays {name} {chips}")
PAYS_BANK = N_("{name} pays {chips} to the bank ({bank})")
BANK_WON = N_("{name} hands on the bank, {chips} up")
BANK_LOST = N_("{name} hands on the bank, {chips} down")
BANK_EVEN = N_("{name} hands on the bank, neither up nor down")
STAKES_BACK = N_("The stakes still standing go back to their owners")

Bet = tuple[int, int, int]
"""(player, field number, amount) lying on the board."""


# --- the rotation -------------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Rotation:
    """Who holds the bank (or Craps' maker role, Va banque's bank) and how far it has gone round the table.

    The role passes to the left neighbour (G4) after ``per_holder`` turns of its holder — throws of a bank (9, 19),
    games of a maker (11: one), rounds of a banker (22: one) — or when the game says so (31: the announced end);
    the game ends when it has passed ``rounds`` times round the table."""

    holder: int = 0
    turns: int = 0
    """Turns of the current holder so far."""
    passed: int = 0
    """How often the role has passed."""

    def others(self, n: int) -> tuple[int, ...]:
        """Everybody but the holder (the punters, the maker's opponents), in seat order."""
        return tuple(p for p in range(n) if p != self.holder)

    def pass_left(self, n: int) -> Rotation:
        return Rotation(left_of(self.holder, n), 0, self.passed + 1)

    def after_turn(self, n: int, per_holder: int) -> Rotation:
        """One more turn of the holder; the role passes left once he has had ``per_holder`` of them."""
        turns = self.turns + 1
        return self.pass_left(n) if turns >= per_holder else dataclasses.replace(self, turns=turns)

    def over(self, n: int, rounds: int) -> bool:
        """Every seat has held the role ``rounds`` times."""
        return self.passed >= rounds * n


# --- the board ----------------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class BoardField:
    """One field of a stake board: the number a stake names, its group (a column, a colour row) and its label."""

    number: int
    group: str = ""
    label: Text = None
    """What the table writes on the field (a Phrase to translate, "Schwarz"; default: the number)."""

    def text(self) -> Text:
        return self.label if self.label is not None else str(self.number)


@dataclasses.dataclass(frozen=True)
class BoardSpec:
    """The fields of a board in display order, the rows of groups it is drawn in, and the refusal for a number that
    is not on it (a msgid with ``{number}``: the game says what its board holds, "2 to 12")."""

    fields: tuple[BoardField, ...]
    layout: tuple[tuple[str, ...], ...] = ()
    unknown_field: str = N_("There is no field {number} on the board (2 to 12).")
    label: str = N_("Chips on the board")

    @functools.cached_property
    def numbers(self) -> tuple[int, ...]:
        """The field numbers in display order (asked for every legal-action list: computed once)."""
        return tuple(f.number for f in self.fields)

    def index(self, number: int) -> int:
        return self.numbers.index(number)


# --- the punters' actions -----------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Stake(Action):
    """Put ``amount`` chips on the field ``number`` (several stakes per throw are allowed).

    The legal actions list one stake per field with ``amount`` an :class:`~wuerfel.engine.game.Amount` (1 to the
    largest stake the player can make), never one action per amount: that list grew with ``max_stake`` and
    ``starting_chips`` until a rule value of 10^18 took the server's memory.
    """

    kind: ClassVar[str] = "stake"
    number: int
    amount: int


@dataclasses.dataclass(frozen=True)
class Done(Action):
    """No further stakes for this throw."""

    kind: ClassVar[str] = "done"


def stake_of(item: Any) -> tuple[int, int]:
    """A sealed commitment of a bank game: (field number, amount)."""
    number, amount = item
    return int(number), int(amount)


def merge_bets(board: Sequence[Bet]) -> tuple[Bet, ...]:
    """One entry per (player, field), sorted: chips added to a standing stake join it."""
    acc: dict[tuple[int, int], int] = {}
    for p, n, a in board:
        acc[(p, n)] = acc.get((p, n), 0) + a
    return tuple(sorted((p, n, a) for (p, n), a in acc.items()))


# --- settlement over the chip ledger ------------------------------------------------------------------------------
def collect(ledger: ChipLedger, banker: int, amount: int) -> ChipLedger:
    """The bank collects a lost stake lying on the board."""
    return ledger.transfer(BOARD, banker, amount)


def pay_at_odds(ledger: ChipLedger, banker: int, punter: int, amount: int, multiplier: int) -> ChipLedger:
    """A won stake: it comes back from the board and the bank pays ``multiplier − 1`` times it on top, so the punter
    holds ``multiplier`` times his stake (2: "doubled", 3: "threefold", 6: Rock and Roll's 5:1)."""
    ledger = ledger.transfer(BOARD, punter, amount)
    return ledger.transfer(banker, punter, amount * (multiplier - 1))


def return_standing(ledger: ChipLedger, board: Sequence[Bet]) -> ChipLedger:
    """Stakes still standing go back to their owners (the bank that accepted them closes)."""
    for p, _number, amount in board:
        ledger = ledger.transfer(BOARD, p, amount)
    return ledger


Verdict = Callable[[int], int | None]
"""What a stake on a field gets from the throw just made: ``None`` it stands, ``0`` it is lost, ``m ≥ 1`` it is paid
so that the punter holds ``m`` times his stake."""


def settle_board(
    ledger: ChipLedger, board: Sequence[Bet], banker: int, verdict: Verdict
) -> tuple[ChipLedger, tuple[Bet, ...]]:
    """Settle every stake on the board by ``verdict`` (field number → outcome); returns the ledger and the stakes
    that stand."""
    stays: list[Bet] = []
    for p, number, amount in board:
        m = verdict(number)
        if m is None:
            stays.append((p, number, amount))
        elif m == 0:
            ledger = collect(ledger, banker, amount)
        else:
            ledger = pay_at_odds(ledger, banker, p, amount, m)
    return ledger, tuple(stays)


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
        v: JSON = {
            "game": self.game.id,
            "to_move": self.to_move(),
            "actors": list(self.actors()),
            "scores": list(self.ledger.players),
            "score_label": N_("Chips"),
            "banker": self.banker,
            "throws_done": self.throws_done,
            "bank_throws": self.rules.bank_throws,
            "banks_done": self.banks_done,
            "board": [list(b) for b in self.board],
            "pool": self.ledger.balance(BOARD),
        }
        if self.betting is not None:
            v["betting"] = self.betting.view(player, show=list)
        if self.is_terminal():
            v.update(self.result_view())
        if self.last:
            value, dice, net = self.last
            v["last"] = {"sum": value, "dice": list(dice), "net": list(net)}
        v["bank_sums"] = list(self.bank_sums)
        v["bank_net"] = self.bank_net
        if self.last_bank is not None:
            banker, sums, bank_net = self.last_bank
            v["last_bank"] = {"banker": banker, "sums": list(sums), "net": bank_net}
        return v

    def result_view(self) -> JSON:
        """The result keys of a finished game's view (the Hasard convention: seats best first, flat, and the
        losers)."""
        return {"ranking": [p for g in self.ranking() for p in g], "losers": list(self.losers())}

    def components(self, player: int | None) -> tuple[Component, ...]:
        """The board as the game lays it out with the chips lying on every field and the reader's own sealed
        stakes, the last throw, the bank and every seat's chips. Other punters' sealed stakes are not shown (not even
        that there are any)."""
        n = self.n
        lying: dict[int, list[int]] = {}
        for p, number, amount in self.board:
            lying.setdefault(number, [0] * n)[p] += amount
        own: dict[int, int] = {}
        if self.betting is not None and player is not None:
            for item in self.betting.items(player):
                number, amount = stake_of(item)
                own[number] = own.get(number, 0) + amount
        hit = self.hits(self.last[0]) if self.last else frozenset()
        spec = self.board_spec
        board = StakeBoard(
            tuple(
                StakeField(
                    f.text(),
                    tuple(lying.get(f.number, [0] * n)),
                    number=f.number,
                    group=f.group,
                    hit=f.number in hit,
                    own=own.get(f.number, 0),
                )
                for f in spec.fields
            ),
            label=Phrase(spec.label),
            layout=spec.layout,
        )
        deciding = set(self.betting.actors()) if self.betting is not None else set()
        net = self.last[2] if self.last else None
        seats = Seats(
            tuple(
                SeatLine(
                    p,
                    score=self.ledger.players[p],
                    active=p in deciding,
                    role=Phrase(N_("Bank")) if p == self.banker and self.started and not self.is_terminal() else None,
                    note=(
                        Phrase(N_("is staking …"))
                        if p in deciding
                        # "keine weiteren Einsätze", what he said: true of a punter who staked nothing too
                        # ("has staked" was not, terminal L11), and it tells nothing of sealed stakes
                        else Phrase(N_("no more stakes"))
                        if self.betting is not None and p != self.banker
                        else (f"{net[p]:+d}" if net is not None and net[p] else None)
                    ),
                )
                for p in range(n)
            ),
            label=Phrase(N_("Chips")),
        )
        goal = self.goal()
        out: list[Component] = [goal] if goal is not None else []
        if self.last:
            value, dice, _net = self.last
            out.append(Dice(tuple(dice), thrown=True, face="poker" if self.poker else "pips"))
            msg = self.throw_message(value, tuple(dice))
            if msg is not None:
                out.append(Message(msg))
        out.append(board)
        if self.started and not self.is_terminal():
            out.append(
                Counter(self.throws_done, target=self.rules.bank_throws, label=Phrase(N_("Throws of this bank")))
            )
        out.append(seats)
        return tuple(out)

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
        """The dice (poker faces by name, plain dice with their sum), the void throw, the lot by the banker's name
        when known — and for a bank throw what it moved, so the move list explains every payment."""
        from wuerfel.engine.pokerdice import face_name

        if isinstance(outcome, Roll):
            if self.poker:
                label = " ".join(face_name(f, lang) for f in sorted(outcome.dice, reverse=True))
            else:
                faces = " + ".join(str(d) for d in outcome.dice)
                label = f"{faces} = {sum(outcome.dice)}" if len(outcome.dice) > 1 else faces
            return label
        if isinstance(outcome, Lot):
            if 0 <= outcome.seat < len(names):
                return translate(LOT_BANK_NAMED, lang, name=names[outcome.seat])
            return translate(LOT_BANK, lang, seat=outcome.seat + 1)
        if isinstance(outcome, Void):
            return translate(VOID_LABEL, lang)
        return outcome.kind

    def announcements(self, event: Action | Outcome, player: int | None, after: State) -> tuple[Phrase, ...]:
        """What a bank throw moved, bank and punters named ("The bank (Anna) takes 2 and pays out 1", "The bank
        (Anna) pays Bert 2 chips"), and when the bank passes: how it did, the stakes that stood going back, the next
        holder. The stakes are on the board (public) when the bank throws, and so is everything it pays."""
        if not (isinstance(event, Roll) and isinstance(after, BankState) and self.started and self.is_chance()):
            return ()
        if not after.last:
            return ()
        net = after.last[2]
        bank = SeatRef(self.banker)
        took = sum(-x for p, x in enumerate(net) if p != self.banker and x < 0)
        paid = sum(x for p, x in enumerate(net) if p != self.banker and x > 0)
        moved = [p for p, x in enumerate(net) if p != self.banker and x]
        # One punter's line names the bank already; with several, the bank's sum comes first.
        out = (
            []
            if len(moved) == 1
            else [
                Phrase(BANK_MOVED, {"bank": bank, "took": took, "paid": paid})
                if moved
                else Phrase(BANK_NOTHING, {"bank": bank})
            ]
        )
        for p, x in enumerate(net):
            if p != self.banker and x > 0:
                out.append(Phrase(BANK_PAYS, {"bank": bank, "name": SeatRef(p), "chips": counts.chips(x)}))
            elif p != self.banker and x < 0:
                out.append(Phrase(PAYS_BANK, {"bank": bank, "name": SeatRef(p), "chips": counts.chips(-x)}))
        if after.last_bank is not None and after.last_bank != self.last_bank:
            banker, _sums, bank_net = after.last_bank
            out.append(
                Phrase(
                    BANK_WON if bank_net > 0 else BANK_LOST if bank_net < 0 else BANK_EVEN,
                    {"name": SeatRef(banker), "chips": counts.chips(abs(bank_net))},
                )
            )
            value = self.throw_value(event.dice)
            _ledger, standing = settle_board(
                self.ledger, self.board, self.banker, lambda number: self.verdict(number, value)
            )
            if standing:
                out.append(Phrase(STAKES_BACK))
            if not after.is_terminal():
                out.append(Phrase(HOLDS_BANK, {"name": SeatRef(after.banker)}))
        return tuple(out)

    def parse_action_text(self, text: str, player: int) -> Action:
        """ "3 auf 7" / "3 on 7" / "3 Chips auf 11" is a stake; "fertig", "done", "keine" end the stakes."""
        t = text.casefold().strip()
        if t in DONE_WORDS:
            return Done()
        m = re.fullmatch(r"(\d+)\s*(?:chips?)?\s*(?:auf|on|@)\s*(?:die\s+)?(\d+)", t)
        if m:
            return Stake(int(m.group(2)), int(m.group(1)))
        raise IllegalAction(N_('Type a stake as "3 auf 7" (chips on a number), or "fertig".'))

    def field_name(self, number: int, lang: str) -> Any:
        """What the board writes on the field ``number`` ("unter 10"), in ``lang``; the number where it has no label."""
        for f in self.board_spec.fields:
            if f.number == number and f.label is not None:
                return resolve(f.label, lang)
        return number

    def describe_action(self, action: Action, lang: str = "de") -> str:
        if isinstance(action, Stake):
            field = self.field_name(action.number, lang)
            if isinstance(action.amount, Amount) and action.amount.low < action.amount.high:
                return translate("1 to {max} chips on {number}", lang, max=action.amount.high, number=field)
            if isinstance(action.amount, Amount):  # one chip left under the limit: "1 Chip", not "1 bis 1 Chips"
                return self.describe_action(Stake(action.number, action.amount.low), lang)
            if action.amount == 1:
                return translate("1 chip on {number}", lang, number=field)
            return translate("{amount} chips on {number}", lang, amount=action.amount, number=field)
        if isinstance(action, Done):
            return translate("no more stakes", lang)
        return super().describe_action(action, lang)


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
