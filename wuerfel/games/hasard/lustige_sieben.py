"""Lustige Sieben (Hasard game 9): a bank, punters staking on a board of eleven numbers, one throw of two dice.

The board: the 7 on top, the left column 2, 4, 6, 9, 11 and the right column 3, 5, 8, 10, 12. All punters place
their stakes (sealed, in any order: a simultaneous node) before the banker throws. Then:

* a left number falls: the bank collects the left stakes and those on the 7, and pays the right stakes doubled;
* a right number falls: the bank collects the right stakes, pays the left stakes doubled; the 7-stakes stay;
* a 7 falls: both columns lose, the 7-stakes are paid threefold.

"Doubled"/"threefold" means 2×/3× the stake returned (spec resolution; option ``payout = "net"``: 3×/4× returned).
The bank passes to the left neighbour after ``bank_throws`` throws (spec A, bank games); stakes still standing on
the 7 then go back to their owners, because the bank that accepted them is closed (documented in docs/hasard.md).
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar, Literal

from wuerfel.engine.chips import ChipLedger
from wuerfel.engine.components import Component, Counter, Dice, Message, Phrase, SeatLine, Seats, StakeBoard, StakeField
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
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import opt, require
from wuerfel.engine.simultaneous import SealedRound
from wuerfel.games.hasard.common import describe_outcome, last_place, result_view
from wuerfel.games.kit import Lot, Void, lot_outcomes, parse_lot, parse_throw, throw_outcomes
from wuerfel.i18n import translate

LEFT = (2, 4, 6, 9, 11)
RIGHT = (3, 5, 8, 10, 12)
SEVEN = 7
NUMBERS = (SEVEN, *LEFT, *RIGHT)
BOARD = "board"
DONE_WORDS = frozenset({"fertig", "done", "keine", "nichts", "genug", "kein einsatz", "no more", "none"})
LOT_BANK = N_("seat {seat} holds the bank")
LOT_BANK_NAMED = N_("{name} holds the bank")


def column(number: int) -> str:
    """"left", "right" or "seven": only the column of a number matters for the settlement (spec 9)."""
    if number == SEVEN:
        return "seven"
    return "left" if number in LEFT else "right"


@dataclasses.dataclass(frozen=True)
class LustigeSiebenRules:
    """Options of Lustige Sieben; every default is the text or the spec's resolution."""

    starting_chips: int = opt(30, de="Chips für jeden Spieler zu Beginn", en="Chips each player starts with",
                              low=1, high=10000)
    max_stake: int = opt(5, de="Größter Einzeleinsatz (mehrere Einsätze pro Wurf erlaubt)",
                         en="Largest single stake (several stakes per throw allowed)", low=1, high=1000)
    payout: Literal["returned", "net"] = opt(
        "returned", de="„verdoppeln“/„dreifach“: 2×/3× des Einsatzes zurück oder 2×/3× Gewinn zusätzlich zum Einsatz",
        en="'doubled'/'threefold': 2×/3× the stake returned, or 2×/3× won on top of the stake")
    bank_throws: int = opt(5, de="Würfe, nach denen die Bank an den linken Nachbarn geht",
                           en="Throws after which the bank passes to the left neighbour", low=1, high=100)
    bank_rounds: int = opt(1, de="Wie oft die Bank reihum geht, bis das Spiel endet",
                           en="How many times the bank goes round the table before the game ends", low=1, high=20)
    first_bank: Literal["first_seat", "lot"] = opt("lot", de="Wer die Bank zuerst hält: Platz 1 oder das Los",
                                                   en="Who holds the bank first: seat 1 or the lot")

    def validate(self) -> None:
        for key in ("starting_chips", "max_stake", "bank_throws", "bank_rounds"):
            require(getattr(self, key) >= 1, key, "≥ 1", getattr(self, key))

    def multiplier(self, col: str) -> int:
        """Chips returned per chip staked on a winning field (stake included)."""
        base = 3 if col == "seven" else 2
        return base + (1 if self.payout == "net" else 0)


@dataclasses.dataclass(frozen=True)
class Stake(Action):
    """Put ``amount`` chips on ``number`` (several stakes per throw are allowed).

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


Bet = tuple[int, int, int]
"""(player, number, amount) lying on the board."""


@dataclasses.dataclass(frozen=True)
class LustigeSiebenState(State):
    game: Game
    ledger: ChipLedger
    banker: int = 0
    banks_done: int = 0
    throws_done: int = 0
    betting: SealedRound | None = None
    board: tuple[Bet, ...] = ()
    """Stakes on the table after the betting closed (and 7-stakes standing from earlier throws)."""
    last: tuple[Any, ...] = ()
    """(sum, dice, net chips per player) of the last settled throw, for display: a punter's net counts his settled
    stakes (−1 for a lost chip, +1 for a chip paid double), the bank's what it collected minus what it paid."""
    started: bool = True
    bank_sums: tuple[int, ...] = ()
    """The sums thrown by the current bank so far (public; shown so that a banker, who never decides anything, can
    follow his bank)."""
    bank_net: int = 0
    """What the current bank has won (+) or lost (−) so far."""
    last_bank: tuple[int, tuple[int, ...], int] | None = None
    """(banker, sums, net) of the bank that passed last."""

    @property
    def rules(self) -> LustigeSiebenRules:
        return self.game.rules  # type: ignore[no-any-return]

    def to_move(self) -> int:
        if not self.started:
            return CHANCE
        if self.banks_done >= self.rules.bank_rounds * self.game.num_players:
            return TERMINAL
        if self.betting is not None:
            return SIMULTANEOUS
        return CHANCE

    def actors(self) -> tuple[int, ...]:
        return self.betting.actors() if self.betting is not None and self.to_move() == SIMULTANEOUS else ()

    def punters(self) -> tuple[int, ...]:
        return tuple(p for p in range(self.game.num_players) if p != self.banker)

    def available(self, player: int) -> int:
        """Chips a punter can still stake this throw (his balance minus his sealed stakes); never below 0."""
        pending = sum(_stake_of(i)[1] for i in self.betting.items(player)) if self.betting else 0
        return max(self.ledger.balance(player) - pending, 0)

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        actors = self.actors()
        if not actors:
            return ()
        if player is None:
            if len(actors) != 1:
                return ()
            player = actors[0]
        if player not in actors:
            return ()
        cap = min(self.rules.max_stake, self.available(player))
        if cap < 1:
            return (Done(),)
        return (*(parameterised(Stake, number=n, amount=Amount(1, cap)) for n in NUMBERS), Done())

    def explain_illegal(self, action: Action, player: int) -> None:
        if isinstance(action, Stake):
            if action.number not in NUMBERS:
                raise IllegalAction(N_("There is no field {number} on the board (2 to 12)."), number=action.number)
            if action.amount < 1 or action.amount > self.rules.max_stake:
                raise IllegalAction(N_("A stake must be 1 to {max} chips."), max=self.rules.max_stake)
            raise IllegalAction(N_("You have only {chips} chips left to stake."), chips=self.available(player))

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
                number, amount = _stake_of(item)
                ledger = ledger.transfer(p, BOARD, amount)
                board.append((p, number, amount))
        return dataclasses.replace(self, betting=None, ledger=ledger, board=_merge(board))

    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        if not self.is_chance():
            return ()
        if not self.started:
            return lot_outcomes(self.game.num_players)
        return throw_outcomes(2)

    def dice_to_throw(self) -> int:
        return 2 if self.is_chance() and self.started else 0

    def thrower(self) -> int | None:
        """The bank throws for everyone."""
        return self.banker if self.is_chance() and self.started else None

    def parse_outcome(self, text: str) -> Outcome:
        if not self.started:
            return parse_lot(text, self.game.num_players)
        if not self.is_chance():
            raise IllegalAction(N_("No dice are to be thrown now."))
        return parse_throw(text, 2, poker=False)

    def _apply_outcome(self, outcome: Outcome) -> State:
        if isinstance(outcome, Lot):
            return self._open_betting(dataclasses.replace(self, started=True, banker=outcome.seat))
        if isinstance(outcome, Void):
            return self
        assert isinstance(outcome, Roll)
        total = sum(outcome.dice)
        ledger, board = settle(self.ledger, self.board, self.banker, total, self.rules)
        # What the throw won or lost per player: the balance change, minus the stakes it settled (they had left
        # the balances when the betting closed); a 7-stake left standing is not settled yet.
        settled = [0] * self.game.num_players
        for p, _number, amount in self.board:
            settled[p] += amount
        for p, _number, amount in board:
            settled[p] -= amount
        net = tuple(ledger.players[p] - self.ledger.players[p] - settled[p] for p in range(self.game.num_players))
        state = dataclasses.replace(self, ledger=ledger, board=board, throws_done=self.throws_done + 1,
                                    last=(total, outcome.dice, net), bank_sums=(*self.bank_sums, total),
                                    bank_net=self.bank_net + net[self.banker])
        if state.throws_done >= self.rules.bank_throws:
            # The bank is closed: stakes still standing on the 7 go back to their owners.
            for p, _number, amount in state.board:
                ledger = ledger.transfer(BOARD, p, amount)
            state = dataclasses.replace(state, ledger=ledger, board=(), throws_done=0, bank_sums=(), bank_net=0,
                                        last_bank=(self.banker, state.bank_sums, state.bank_net),
                                        banker=(self.banker + 1) % self.game.num_players,
                                        banks_done=self.banks_done + 1)
        if state.to_move() == TERMINAL:
            return state
        return self._open_betting(state)

    @staticmethod
    def _open_betting(state: LustigeSiebenState) -> LustigeSiebenState:
        return dataclasses.replace(state, betting=SealedRound.open(state.punters()))

    def scores(self) -> tuple[float, ...]:
        return tuple(float(x) for x in self.ledger.players)

    def winners(self) -> tuple[int, ...]:
        if not self.is_terminal():
            return ()
        best = max(self.ledger.players)
        return tuple(p for p, x in enumerate(self.ledger.players) if x == best)

    def losers(self) -> tuple[int, ...]:
        """Whoever ends with the fewest chips (spec G8; nobody when all end level)."""
        return last_place(self)

    def payoffs(self) -> tuple[int, ...]:
        """Chips now minus chips at the start. Stakes lying on the board count as gone until a throw or the end of
        the bank returns them; at the end the board is empty, so the payoffs sum to zero."""
        return tuple(x - self.rules.starting_chips for x in self.ledger.players)

    def view(self, player: int | None) -> JSON:
        v: JSON = {
            "game": "lustige-sieben",
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
            v.update(result_view(self))
        if self.last:
            total, dice, net = self.last
            v["last"] = {"sum": total, "dice": list(dice), "net": list(net)}
        v["bank_sums"] = list(self.bank_sums)
        v["bank_net"] = self.bank_net
        if self.last_bank is not None:
            banker, sums, bank_net = self.last_bank
            v["last_bank"] = {"banker": banker, "sums": list(sums), "net": bank_net}
        return v

    def components(self, player: int | None) -> tuple[Component, ...]:
        """The board as the rules lay it out (the 7 on top, the left column 2, 4, 6, 9, 11, the right column 3, 5,
        8, 10, 12) with the chips lying on every field and the reader's own sealed stakes, the last throw, the bank
        and every seat's chips. Other punters' sealed stakes are not shown (not even that there are any)."""
        n = self.game.num_players
        lying: dict[int, list[int]] = {}
        for p, number, amount in self.board:
            lying.setdefault(number, [0] * n)[p] += amount
        own: dict[int, int] = {}
        if self.betting is not None and player is not None:
            for item in self.betting.items(player):
                number, amount = _stake_of(item)
                own[number] = own.get(number, 0) + amount
        hit = self.last[0] if self.last else None
        groups = {SEVEN: "seven", **dict.fromkeys(LEFT, "left"), **dict.fromkeys(RIGHT, "right")}
        board = StakeBoard(tuple(StakeField(str(k), tuple(lying.get(k, [0] * n)), number=k, group=groups[k],
                                            hit=k == hit, own=own.get(k, 0))
                                 for k in (SEVEN, *LEFT, *RIGHT)),
                           label=Phrase(N_("Chips on the board")), layout=(("seven",), ("left", "right")))
        deciding = set(self.betting.actors()) if self.betting is not None else set()
        net = self.last[2] if self.last else None
        seats = Seats(tuple(
            SeatLine(p, score=self.ledger.players[p], active=p in deciding,
                     role=Phrase(N_("Bank")) if p == self.banker and self.started else None,
                     note=(Phrase(N_("is staking …")) if p in deciding else
                           Phrase(N_("has staked")) if self.betting is not None and p != self.banker else
                           (f"{net[p]:+d}" if net is not None and net[p] else None)))
            for p in range(n)), label=Phrase(N_("Chips")))
        out: list[Component] = []
        if self.last:
            total, dice, _net = self.last
            where = {"left": N_("left column"), "right": N_("right column"), "seven": N_("the 7")}[column(total)]
            out.append(Dice(tuple(dice), thrown=True))
            out.append(Message(Phrase(N_("Last throw: {dice} = {sum} ({where})"),
                                      {"dice": " + ".join(map(str, dice)), "sum": total, "where": Phrase(where)})))
        out.append(board)
        if self.started and not self.is_terminal():
            out.append(Counter(self.throws_done, target=self.rules.bank_throws,
                               label=Phrase(N_("Throws of this bank"))))
        out.append(seats)
        return tuple(out)

    def determinize(self, player: int, rng: Any) -> State:
        """Re-draw the sealed stakes of the other punters (the only thing hidden in this game)."""
        if self.betting is None:
            return self
        betting = self.betting
        for p, _ in self.betting.committed:
            if p == player:
                continue
            cap = min(self.rules.max_stake, max(self.ledger.balance(p), 0))
            items: tuple[Any, ...] = ()
            if cap >= 1:
                items = tuple((rng.choice(NUMBERS), rng.randint(1, cap)) for _ in range(rng.randint(0, 1)))
            betting = betting.replace_items(p, items)
        for p in self.punters():
            if p != player and not betting.items(p) and rng.random() < 0.5:
                cap = min(self.rules.max_stake, max(self.ledger.balance(p), 0))
                if cap >= 1:
                    betting = betting.replace_items(p, ((rng.choice(NUMBERS), rng.randint(1, cap)),))
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

    def describe_outcome(self, outcome: Outcome, lang: str = "de", names: Sequence[str] = ()) -> str:
        """See :func:`wuerfel.games.hasard.common.describe_outcome`; ``names`` (optional) names the lot's seat."""
        label = describe_outcome(outcome, lang, poker=False, names=names, lot=(LOT_BANK, LOT_BANK_NAMED))
        return label + self._payments(outcome, lang)

    def _payments(self, outcome: Outcome, lang: str) -> str:
        """What a bank throw moved, in words (" — the bank takes 5 and pays out 4"), so the move list explains every
        payment; empty for any other outcome. The throw is public and so is what it pays."""
        if not isinstance(outcome, Roll) or not self.is_chance():
            return ""
        try:
            after = self._apply_outcome(outcome)
        except Exception:  # not a bank throw this state can take: the dice alone
            return ""
        if not isinstance(after, LustigeSiebenState) or after.last is None or after.last is self.last:
            return ""
        net = after.last[2]
        took = sum(-x for p, x in enumerate(net) if p != self.banker and x < 0)
        paid = sum(x for p, x in enumerate(net) if p != self.banker and x > 0)
        if not took and not paid:
            return " — " + translate("no chips change hands", lang)
        return " — " + translate("the bank takes {took} and pays out {paid}", lang, took=took, paid=paid)

    def parse_action_text(self, text: str, player: int) -> Action:
        """"3 auf 7" / "3 on 7" / "3 Chips auf 11" is a stake; "fertig", "done", "keine" end the stakes."""
        t = text.casefold().strip()
        if t in DONE_WORDS:
            return Done()
        m = re.fullmatch(r"(\d+)\s*(?:chips?)?\s*(?:auf|on|@)\s*(?:die\s+)?(\d+)", t)
        if m:
            return Stake(int(m.group(2)), int(m.group(1)))
        raise IllegalAction(N_("Type a stake as \"3 auf 7\" (chips on a number), or \"fertig\"."))

    def describe_action(self, action: Action, lang: str = "de") -> str:
        if isinstance(action, Stake):
            if isinstance(action.amount, Amount):
                return translate("1 to {max} chips on {number}", lang, max=action.amount.high, number=action.number)
            if action.amount == 1:
                return translate("1 chip on {number}", lang, number=action.number)
            return translate("{amount} chips on {number}", lang, amount=action.amount, number=action.number)
        if isinstance(action, Done):
            return translate("no more stakes", lang)
        return super().describe_action(action, lang)


def _stake_of(item: Any) -> tuple[int, int]:
    """A sealed commitment of this game: (number, amount)."""
    number, amount = item
    return int(number), int(amount)


def _merge(board: list[Bet]) -> tuple[Bet, ...]:
    """One entry per (player, number): chips added to a standing stake join it."""
    acc: dict[tuple[int, int], int] = {}
    for p, n, a in board:
        acc[(p, n)] = acc.get((p, n), 0) + a
    return tuple(sorted((p, n, a) for (p, n), a in acc.items()))


def settle(ledger: ChipLedger, board: tuple[Bet, ...], banker: int, total: int,
           rules: LustigeSiebenRules) -> tuple[ChipLedger, tuple[Bet, ...]]:
    """Settle every stake on the board for a throw of ``total`` (spec 9); returns the ledger and what stays."""
    thrown = column(total)
    stays: list[Bet] = []
    for p, number, amount in board:
        col = column(number)
        if thrown == "right" and col == "seven":
            stays.append((p, number, amount))  # "Die Einsätze auf der Sieben bleiben in diesem Fall stehen."
            continue
        wins = (col == "seven" and thrown == "seven") or (col == "left" and thrown == "right") or (
            col == "right" and thrown == "left")
        if wins:
            ledger = ledger.transfer(BOARD, p, amount)
            ledger = ledger.transfer(banker, p, amount * (rules.multiplier(col) - 1))
        else:
            ledger = ledger.transfer(BOARD, banker, amount)
    return ledger, tuple(stays)


class LustigeSiebenGame(Game):
    id = "lustige-sieben"
    action_classes = (Stake, Done)
    outcome_classes = (Roll, Void, Lot)

    def new_initial_state(self) -> State:
        rules: LustigeSiebenRules = self.rules
        ledger = ChipLedger.start(self.num_players, rules.starting_chips)
        state = LustigeSiebenState(self, ledger, started=rules.first_bank != "lot")
        return LustigeSiebenState._open_betting(state) if state.started else state

    def action_id(self, action: Action) -> int:
        if isinstance(action, Done):
            return 0
        assert isinstance(action, Stake)
        return 1 + NUMBERS.index(action.number) + len(NUMBERS) * (action.amount - 1)

    def action_from_id(self, action_id: int) -> Action:
        if action_id == 0:
            return Done()
        i = action_id - 1
        return Stake(NUMBERS[i % len(NUMBERS)], i // len(NUMBERS) + 1)


# --- the punters' stated staking rule -----------------------------------------------------------------------------
def field_edges(rules: LustigeSiebenRules) -> dict[str, Fraction]:
    """Exact expected net gain per chip of each kind of field, per *settlement* of the stake.

    Column: wins on the other column (15/36), loses on its own column or the 7 (21/36). The 7: a right number leaves
    it standing, so per settlement it wins 6/21 and loses 15/21.
    """
    col = Fraction(15, 36) * (rules.multiplier("left") - 1) - Fraction(21, 36)
    seven = Fraction(6, 21) * (rules.multiplier("seven") - 1) - Fraction(15, 21)
    return {"left": col, "right": col, "seven": seven}


class PunterBot:
    """Stakes by a stated rule (spec D: field and amount; all column fields are equivalent).

    Rule: take the kind of field with the best exact expectation (:func:`field_edges`). If it is negative (the
    bank's edge, as with the default payouts: 7 loses 1/7 per settled chip, a column 1/6), play the minimum: one
    chip on the 7 whenever none of ours is standing there (a standing 7-stake keeps playing), otherwise one chip on
    a column number. If it is positive (``payout = "net"``), stake a tenth of the balance (at least 1, at most the
    largest stake) on that field every throw.
    """

    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.edges = field_edges(game.rules)

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, LustigeSiebenState)
        legal = state.legal_actions(player)
        if state.betting is None or state.betting.items(player) or len(legal) == 1:
            return Done()
        best = max(self.edges, key=lambda k: (self.edges[k], k == "seven"))
        if self.edges[best] < 0:
            standing = any(p == player and n == SEVEN for p, n, _ in state.board)
            number = SEVEN if not standing else self.rng.choice(LEFT + RIGHT)
            if self.edges["seven"] < self.edges["left"]:
                number = self.rng.choice(LEFT + RIGHT)
            action: Action = Stake(number, 1)
        else:
            amount = max(1, min(state.rules.max_stake, state.ledger.balance(player) // 10))
            number = SEVEN if best == "seven" else self.rng.choice(LEFT if best == "left" else RIGHT)
            action = Stake(number, amount)
        return action if state.is_legal(action, player) else Done()


def make(rules: Any, n: int) -> Game:
    return LustigeSiebenGame(rules, n)


# --- registration -------------------------------------------------------------------------------------------------
def _advisor(game: Game) -> Any:
    from wuerfel.games.hasard.advisors import LustigeSiebenAdvisor

    return LustigeSiebenAdvisor(game)


def _punter_bot(game: Game, seed: int) -> Any:
    return PunterBot(game, seed)


def _render(view: dict[str, Any], lang: str) -> Any:
    from wuerfel.games.hasard.render import render_lustige_sieben

    return render_lustige_sieben(view, lang)


INFO = register(GameInfo(
    id="lustige-sieben", name_de="Lustige Sieben", name_en="Lustige Sieben",
    options_class=LustigeSiebenRules, make=make, min_players=2, max_players=9,
    default_preset="lustige-sieben", presets_dir=Path(__file__).parent / "presets" / "lustige-sieben",
    description_de="Bankspiel mit zwei Würfeln: Einsätze auf der Sieben, der linken und der rechten Reihe (Hasard 9).",
    description_en="'Merry seven': a bank game with two dice, stakes on the 7, the left and the right column "
    "(Hasard 9).",
    aliases=("lustige_sieben", "merry-seven"),
    bots={"heuristic": _punter_bot}, terminal_renderer=_render, default_bot="heuristic",
    advisor=_advisor, perfect_information=False, chips=True,
))
