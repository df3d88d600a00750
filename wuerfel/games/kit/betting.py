"""The raise protocol of Hasard 27 (Offenes Würfelpoker), reused by 23's raising variant and 30 (Al Capone).

Spec 27, "Raise protocol": the stake level L starts at the minimum stake m, which everybody pays into the pot. A
player who has just finished his throws may raise L to any L′ with L < L′ ≤ M (the maximum stake) — or not
(:class:`Check`). After a raise every other player still in, clockwise from the raiser's left, must **call** (pay up
to L′: "mitgehen") or **pass** (:class:`Fold`, "passen": he leaves the game and forfeits what he paid). Only the
player who has just finished may raise, once per turn; nobody re-raises while calling; players who have not thrown
yet decide blind. When only one player is left he takes the pot at once.

:class:`Betting` is that protocol as an immutable value over the chip ledger (the pot is the ledger's ``"pot"``
pool, so chips are conserved): a game stores it in its state, calls :meth:`Betting.offer` when a player has
finished his throws, routes the seat of :meth:`Betting.to_act` and the actions of :meth:`Betting.legal_actions` to
:meth:`Betting.apply`, and at the end pays the pot with :meth:`Betting.award`. The raise is *one* parameterised
action whose amount is the new level (an :class:`~wuerfel.engine.game.Amount` from L + 1 to M), never a list of
amounts. A call is a forced payment and is never refused for want of chips (spec A: a player simply owes); what a
raise may reach is bounded by M alone.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import ClassVar, NoReturn

from wuerfel.engine.chips import ChipLedger
from wuerfel.engine.components import Chips, Component, Counter, Phrase
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import Action, Amount, parameterised
from wuerfel.games.kit.seats import clockwise
from wuerfel.i18n import ntranslate, translate

POT = "pot"


@dataclasses.dataclass(frozen=True)
class Raise(Action):
    """Raise the stake level to ``amount`` chips (in the legal list: an Amount from the level + 1 to the maximum)."""

    kind: ClassVar[str] = "raise"
    amount: int


@dataclasses.dataclass(frozen=True)
class Check(Action):
    """Leave the stake level as it is (the player who has just finished does not raise)."""

    kind: ClassVar[str] = "check"


@dataclasses.dataclass(frozen=True)
class Call(Action):
    """ "Mitgehen": pay up to the raised level and stay in."""

    kind: ClassVar[str] = "call"


@dataclasses.dataclass(frozen=True)
class Fold(Action):
    """ "Passen": leave the game, forfeiting what one has paid into the pot."""

    kind: ClassVar[str] = "fold"


BETTING_ACTIONS: tuple[type[Action], ...] = (Raise, Check, Call, Fold)
"""The action classes of the protocol, for a game's ``action_classes``."""


@dataclasses.dataclass(frozen=True)
class Betting:
    """The betting of one game: the level, what every seat has paid, who has passed, and whose answer is due."""

    minimum: int
    """m: the first level, paid by everybody at the start."""
    maximum: int
    """M: the highest level a raise may reach."""
    level: int
    """L: what every player still in has to have paid."""
    paid: tuple[int, ...]
    """Per seat: chips paid into the pot in this game."""
    folded: frozenset[int] = frozenset()
    offered: int | None = None
    """The seat that has just finished his throws and may raise or check now."""
    answering: tuple[int, ...] = ()
    """After a raise: the seats still to call or pass, in the order they answer (clockwise from the raiser's left)."""
    raiser: int | None = None
    """Who raised last (shown while the others answer)."""

    # --- opening --------------------------------------------------------------------------------------------
    @classmethod
    def open(cls, ledger: ChipLedger, minimum: int, maximum: int) -> tuple[Betting, ChipLedger]:
        """Everybody pays the minimum stake into the pot; the level is the minimum."""
        if not 0 <= minimum <= maximum:
            raise ValueError(f"stakes must satisfy 0 ≤ minimum ≤ maximum, not {minimum}, {maximum}")
        n = len(ledger.players)
        ledger = ledger.transfers((p, POT, minimum) for p in range(n))
        return cls(minimum, maximum, minimum, (minimum,) * n), ledger

    # --- reading --------------------------------------------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.paid)

    def in_play(self) -> tuple[int, ...]:
        """The seats that have not passed, in seat order."""
        return tuple(p for p in range(self.n) if p not in self.folded)

    def sole_survivor(self) -> int | None:
        """The one player left when all others passed (he takes the pot at once); None otherwise."""
        left = self.in_play()
        return left[0] if len(left) == 1 else None

    def to_act(self) -> int | None:
        """Whose betting decision is due: the next answer to a raise, else the seat offered a raise; None when the
        protocol waits for the game (throws)."""
        if self.answering:
            return self.answering[0]
        return self.offered

    @property
    def pending(self) -> bool:
        return self.to_act() is not None

    def owes(self, seat: int) -> int:
        """What a call costs the seat now."""
        return max(self.level - self.paid[seat], 0)

    # --- the protocol ---------------------------------------------------------------------------------------
    def offer(self, seat: int) -> Betting:
        """The seat has just finished his throws: he may raise once (or check). A seat that has passed, or a level
        already at the maximum, gets no offer."""
        if self.pending:
            raise ValueError("a betting decision is still due")
        if seat in self.folded or self.level >= self.maximum or self.sole_survivor() is not None:
            return self
        return dataclasses.replace(self, offered=seat)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if self.answering and seat == self.answering[0]:
            return (Call(), Fold())
        if not self.answering and seat == self.offered:
            return (parameterised(Raise, amount=Amount(self.level + 1, self.maximum)), Check())
        return ()

    def explain_illegal(self, action: Action, seat: int) -> NoReturn:
        """Raise the reason an action of the protocol is refused (call only for a refused one)."""
        if isinstance(action, Raise) and seat == self.offered and not self.answering:
            raise IllegalAction(N_("A raise must reach {low} to {high} chips."), low=self.level + 1, high=self.maximum)
        # Something else than a bet from the seat whose bet it is (dice typed at the raise prompt): "not your turn
        # to bet" would be false; say what is asked instead (issue 24 U16).
        if not self.answering and seat == self.offered:
            raise IllegalAction(N_("Now it is your turn to bet: raise the stake or do not raise."))
        if self.answering and seat == self.answering[0]:
            raise IllegalAction(N_("Now it is your turn to answer the raise: call or fold."))
        raise IllegalAction(N_("It is not your turn to bet."))

    def is_legal(self, action: Action, seat: int) -> bool:
        if isinstance(action, Raise):
            return not self.answering and seat == self.offered and self.level < action.amount <= self.maximum
        return action in self.legal_actions(seat)

    def apply(self, action: Action, seat: int, ledger: ChipLedger) -> tuple[Betting, ChipLedger]:
        """Apply a legal action of ``seat``; returns the betting and the ledger (payments go into the pot)."""
        if not self.is_legal(action, seat):
            self.explain_illegal(action, seat)
        if isinstance(action, Raise):
            ledger = ledger.transfer(seat, POT, action.amount - self.paid[seat])
            paid = _set(self.paid, seat, action.amount)
            answering = tuple(p for p in clockwise(seat, self.n)[1:] if p not in self.folded)
            return dataclasses.replace(
                self, level=action.amount, paid=paid, offered=None, answering=answering, raiser=seat
            ), ledger
        if isinstance(action, Check):
            return dataclasses.replace(self, offered=None), ledger
        if isinstance(action, Call):
            ledger = ledger.transfer(seat, POT, self.owes(seat))
            paid = _set(self.paid, seat, self.level)
            return self._answered(dataclasses.replace(self, paid=paid)), ledger
        assert isinstance(action, Fold)
        return self._answered(dataclasses.replace(self, folded=self.folded | {seat})), ledger

    def _answered(self, b: Betting) -> Betting:
        """The answer is in; the next seat answers, unless only one player is left (then nothing is due)."""
        rest = b.answering[1:]
        if b.sole_survivor() is not None:
            rest = ()
        return dataclasses.replace(b, answering=rest, raiser=b.raiser if rest else None)

    # --- the table ------------------------------------------------------------------------------------------
    def components(self, ledger: ChipLedger) -> tuple[Component, ...]:
        """The pot and the stake level against the maximum (all public). The seats' chips are the seats' scores,
        drawn once by the game's seats component (web U4: a second list of every seat's chips beside the pot). The
        counter says what its two numbers are: "1 / 1 Einsatzhöhe" read as a riddle (web L7)."""
        return (
            Counter(self.level, target=self.maximum, label=Phrase(N_("Stake per player / the most it may reach"))),
            Chips((), ledger.balance(POT), Phrase(N_("Pot"))),
        )

    # --- the end --------------------------------------------------------------------------------------------
    def award(self, ledger: ChipLedger, winners: Sequence[int]) -> ChipLedger:
        """Share the pot equally among ``winners`` (all still in); an indivisible remainder stays in the pot (spec
        23: odd chips of a split stay for the next round)."""
        if any(w in self.folded for w in winners):
            raise ValueError("a seat that passed cannot win the pot")
        return ledger.split_pool(POT, tuple(winners))


def _set(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    out = list(values)
    out[seat] = value
    return tuple(out)


def describe_betting_action(action: Action, lang: str) -> str | None:
    """The words of a betting action in ``lang`` (None: not one of the protocol's)."""
    if isinstance(action, Raise):
        if isinstance(action.amount, Amount):
            return translate("raise to {low} to {high} chips", lang, low=action.amount.low, high=action.amount.high)
        return ntranslate(
            "raise to {amount} chip", "raise to {amount} chips", action.amount, lang, amount=action.amount
        )
    if isinstance(action, Check):
        return translate("no raise", lang)
    if isinstance(action, Call):
        return translate("call (mitgehen)", lang)
    if isinstance(action, Fold):
        return translate("pass (out)", lang)
    return None


def betting_action_id(action: Action, maximum: int) -> int:
    """Stable ids: 0 check, 1 call, 2 fold, 3 + level for a raise (the level is at most ``maximum``)."""
    if isinstance(action, Check):
        return 0
    if isinstance(action, Call):
        return 1
    if isinstance(action, Fold):
        return 2
    assert isinstance(action, Raise) and 0 <= action.amount <= maximum
    return 3 + action.amount


def betting_universe(maximum: int) -> tuple[Action, ...]:
    """Every concrete move of the protocol: check, call, fold, and a raise to each level from 1 to ``maximum``."""
    return (Check(), Call(), Fold(), *(Raise(a) for a in range(1, maximum + 1)))


def betting_action_from_id(action_id: int) -> Action:
    if action_id < 3:
        return (Check(), Call(), Fold())[action_id]
    return Raise(action_id - 3)
