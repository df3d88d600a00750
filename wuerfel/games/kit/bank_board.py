"""The bank games' board and money (the ledger side of :mod:`wuerfel.games.kit.bank`): the rotation of the bank, the
board as data, the punters' two actions and the settlement of stakes over the chip ledger.

* **the rotation** (:class:`Rotation`, kept by :class:`~wuerfel.games.kit.bank.BankState`; Craps' maker and Va
  banque's banker rotate the same way): the role passes to the left neighbour after a number of turns of its
  holder and the game ends after a number of rounds;
* **the board** (:class:`BoardSpec`): numbered fields in groups, laid out in rows of groups, and the refusal for a
  field that is not on it;
* **the punters' actions** (:class:`Stake`, :class:`Done`) and the stakes lying on the board (:data:`Bet`);
* **settlement over the chip ledger** (:func:`settle_board`, :func:`collect`, :func:`pay_at_odds`,
  :func:`return_standing`): a stake is lost (the bank collects it), won at odds (the stake comes back and the bank
  pays ``multiplier − 1`` times it on top) or stands for the next throw; chips are only moved, so they are conserved.

Nothing here knows a game state: a game that only rotates a role (Craps, Va banque) imports :class:`Rotation` from
here without loading the bank's state, its table or the sealed round.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from wuerfel.engine.chips import ChipLedger
from wuerfel.engine.components import Text
from wuerfel.engine.errors import N_
from wuerfel.engine.game import Action
from wuerfel.games.kit.seats import left_of

BOARD = "board"
"""The ledger pool the stakes lie in between the end of the betting and the throw that settles them."""

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
