"""Va banque (Große Bank, Hasard game 22): the banker throws five dice one at a time for each opponent, who joins
them with +, −, × and ÷, each once; the highest final value takes the pot.

Text: "Jeder ist reihum einmal der Bankhalter und würfelt für jeden seiner Mitspieler. Und zwar mit jedem der 5
Würfel extra. Der Gegenspieler entscheidet beim zweiten, dritten und vierten Wurf, ob Zwischensummen und Augen
addiert, subtrahiert, multipliziert oder dividiert werden sollen. Da jede dieser 4 Rechnungsarten je einmal verwendet
werden müssen, ergibt sich die vierte Rechnungsart beim fünften Würfel von selbst. … Divisionen müssen ohne Rest
aufgehen. Eine Ausnahme gilt beim fünften Wurf, bei dem ein sich eventuell ergebender Rest vernachlässigt wird. Der
Spieler mit der höchsten Endsumme gewinnt den Einsatz. Der Bankhalter selbst ist am Einsatz nicht beteiligt, es sei
denn, man vereinbart folgende Variante: Kann ein Spieler während der ersten 4 Würfe nicht dividieren, und ergibt auch
die Zwangsdivision nach dem fünften Wurf einen Rest, so fällt der Einsatz dieses Spielers an den Bankhalter."

State machine per round (one banker; spec 22): every opponent pays the stake into the pot; then for each opponent
in turn, clockwise from the banker's left: die 1 sets the value; after each of dice 2, 3, 4 the opponent chooses an
unused operation (÷ only if it leaves no remainder); die 5 takes the remaining one (÷ drops the remainder, truncating
toward zero). The highest final value takes the pot; ties split it, an odd chip stays for the next round. The banker
passes to the left after every round; every player is banker ``bank_rounds`` times (the text: once).

The operation choices are solved exactly (:func:`expected_value`: a small dynamic programme over the value so far and
the operations left, in exact fractions): ``wuerfel solve va-banque --objective solo`` prints the maximum expected
final value, and the "optimal" bot plays that policy.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Literal

from wuerfel.engine import counts, narration
from wuerfel.engine.advice import Advice
from wuerfel.engine.chips import ChipLedger
from wuerfel.engine.components import Chips, Component, Dice, Goal, Message, Phrase, SeatLine, SeatRef, Seats
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import CHANCE, JSON, TERMINAL, Action, Game, Outcome, Roll, State
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import opt, require
from wuerfel.games.kit.bank_board import Rotation
from wuerfel.games.kit.bank_options import first_bank_option, label_bank_options
from wuerfel.games.kit.chip_results import ChipResults
from wuerfel.games.kit.lot import Lot, lot_outcomes, parse_lot
from wuerfel.games.kit.seats import left_of
from wuerfel.games.kit.void import VOID_LABEL, Void, parse_throw, throw_outcomes
from wuerfel.i18n import translate
from wuerfel.solvers.api import SolveResult

POT = "pot"
OPS = ("+", "-", "*", "/")
"""The four operations, in the order of their action ids."""
SYMBOLS = {"+": "+", "-": "−", "*": "×", "/": "÷"}
"""How the table writes an operation."""
OP_WORDS = {"+": N_("add (+)"), "-": N_("subtract (−)"), "*": N_("multiply (×)"), "/": N_("divide (÷)")}
TYPED = {
    "+": ("+", "plus", "add", "addieren", "addition"),
    "-": ("-", "−", "minus", "subtract", "subtrahieren", "subtraktion"),
    "*": ("*", "x", "×", "mal", "times", "multiply", "multiplizieren", "multiplikation"),
    "/": ("/", ":", "÷", "durch", "divide", "dividieren", "division"),
}
"""What a player may type for an operation (German and English words, symbols)."""
LOT_BANK = N_("seat {seat} holds the bank")
LOT_BANK_NAMED = N_("{name} holds the bank")
ENDS_AT = N_("{name} ends at {value}")
FORFEITS = N_("{name}'s last division leaves a remainder: the stake goes to the bank ({bank})")
ANTES = N_("Everybody but the bank pays {chips} into the pot")


# --- rules --------------------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class VaBanqueRules:
    """Options of Va banque; every default is the text or the spec's resolution."""

    starting_chips: int = opt(
        10, de="Chips für jeden Spieler zu Beginn", en="Chips each player starts with", low=1, high=10000
    )
    stake: int = opt(
        1,
        de="Einsatz jedes Gegenspielers in jeder Runde (der Bankhalter setzt nicht)",
        en="Stake of every opponent in every round (the banker does not stake)",
        low=1,
        high=1000,
    )
    bank_rounds: int = opt(
        1,
        de="Wie oft jeder Bankhalter ist (Text: einmal reihum)",
        en="How many times everybody holds the bank (text: once round the table)",
        low=1,
        high=20,
    )
    forfeit: bool = opt(
        False,
        de="Variante: ein Rest bei der Zwangsdivision (5. Wurf) lässt den Einsatz an den Bankhalter fallen",
        en="Variant: a remainder at the forced division (5th die) makes the stake fall to the banker",
    )
    forfeit_only_if_unable: bool = opt(
        True,
        de="Die Variante trifft nur, wer bei den Würfen 2–4 nicht dividieren konnte (Text: „Kann … nicht“)",
        en="The variant hits only a player who could not divide at dice 2–4 (text: 'unable to')",
    )
    first_bank: Literal["first_seat", "lot"] = first_bank_option()

    def validate(self) -> None:
        for key in ("starting_chips", "stake", "bank_rounds"):
            require(getattr(self, key) >= 1, key, "≥ 1", getattr(self, key))


label_bank_options(
    VaBanqueRules,
    {
        "stake": ("Einsatz je Runde", "Stake per round"),
        "forfeit": ("Rest an den Bankhalter (Variante)", "Remainder to the banker (variant)"),
        "forfeit_only_if_unable": ("Nur wer nicht dividieren konnte", "Only who could not divide"),
    },
)


# --- the arithmetic -----------------------------------------------------------------------------------------------
def divides(value: int, face: int) -> bool:
    """÷ is allowed at dice 2–4 only without remainder ("Divisionen müssen ohne Rest aufgehen")."""
    return value % face == 0


def apply_op(value: int, op: str, face: int) -> int:
    """``value op face``; ÷ is the integer quotient truncated toward zero (the forced ÷ of die 5 drops the
    remainder; spec resolution for a negative value)."""
    if op == "+":
        return value + face
    if op == "-":
        return value - face
    if op == "*":
        return value * face
    q = abs(value) // face
    return q if value >= 0 else -q


def legal_ops(value: int, unused: Sequence[str], face: int) -> tuple[str, ...]:
    """The operations an opponent may choose after a die of 2–4: unused ones, ÷ only if it leaves no remainder."""
    return tuple(o for o in OPS if o in unused and (o != "/" or divides(value, face)))


def evaluate(dice: Sequence[int], ops: Sequence[str]) -> int:
    """The final value of five dice joined by four operations in order (a test vector: 6, +2, ×6, ÷1, −4 = 44)."""
    value = dice[0]
    for op, face in zip(ops, dice[1:], strict=True):
        value = apply_op(value, op, face)
    return value


@cache
def _continuation(k: int, value: int, unused: frozenset[str]) -> Fraction:
    """Expected final value with best play when ``k`` dice are applied (value ``value``) and ``unused`` operations
    are left: the next die is uniform; at dice 2–4 the best legal operation is taken, die 5 takes the last one."""
    total = Fraction(0)
    for face in range(1, 7):
        if k == 4:
            (op,) = tuple(unused)
            total += apply_op(value, op, face)
        else:
            total += max(
                _continuation(k + 1, apply_op(value, o, face), unused - {o})
                for o in legal_ops(value, tuple(unused), face)
            )
    return total / 6


def choice_values(k: int, value: int, unused: Sequence[str], face: int) -> dict[str, Fraction]:
    """The exact expected final value of each legal operation after die ``k + 1`` showed ``face`` (``k`` dice were
    applied before it, 1 ≤ k ≤ 3)."""
    rest = frozenset(unused)
    return {o: _continuation(k + 1, apply_op(value, o, face), rest - {o}) for o in legal_ops(value, unused, face)}


@cache
def expected_value() -> Fraction:
    """The maximum expected final value of one opponent's five dice (the solved operation choices)."""
    return sum((_continuation(1, face, frozenset(OPS)) for face in range(1, 7)), Fraction(0)) / 6


# --- actions ------------------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Operate(Action):
    """Join the die just thrown to the value with ``op`` (one of ``+ - * /``)."""

    kind: ClassVar[str] = "operate"
    op: str


# --- the state ----------------------------------------------------------------------------------------------------
Result = tuple[int, int, bool]
"""(seat, final value, forfeited) of an opponent whose five dice are done."""


@dataclasses.dataclass(frozen=True)
class VaBanqueState(ChipResults, State):
    """A game of Va banque: the rotation of the bank, the pot, and the dice and operations of the opponent whose
    turn it is."""

    game: Game = dataclasses.field(compare=False, repr=False)
    ledger: ChipLedger = ChipLedger(())
    phase: Literal["lot", "throw", "choose", "over"] = "lot"
    banker: int = 0
    banks_done: int = 0
    turn: int = 0
    """Index of the current opponent in :meth:`opponents`."""
    dice: tuple[int, ...] = ()
    """The current opponent's dice so far."""
    ops: tuple[str, ...] = ()
    """His operations so far, in order (dice 2, 3, 4, 5)."""
    value: int = 0
    could_divide: bool = False
    """Whether ÷ was allowed to him at one of dice 2–4 while still unused (the variant's "Kann … nicht dividieren")."""
    results: tuple[Result, ...] = ()
    """The opponents done in this round."""
    last_round: tuple[int, tuple[Result, ...], tuple[int, ...], int] | None = None
    """(banker, results, winners, chips each winner took) of the round that ended last."""

    # --- reading --------------------------------------------------------------------------------------------
    @property
    def rules(self) -> VaBanqueRules:
        return self.game.rules  # type: ignore[no-any-return]

    @property
    def n(self) -> int:
        return self.game.num_players

    def opponents(self) -> tuple[int, ...]:
        """The banker's opponents in the order he throws for them: clockwise from his left (G4)."""
        return tuple(left_of(self.banker + i, self.n) for i in range(self.n - 1))

    @property
    def player(self) -> int:
        """The opponent whose dice are being thrown."""
        return self.opponents()[self.turn]

    def unused(self) -> tuple[str, ...]:
        return tuple(o for o in OPS if o not in self.ops)

    # --- node kind ------------------------------------------------------------------------------------------
    def to_move(self) -> int:
        if self.phase == "choose":
            return self.player
        if self.phase == "over":
            return TERMINAL
        return CHANCE

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        if self.phase != "choose" or player not in (None, self.player):
            return ()
        return tuple(Operate(o) for o in legal_ops(self.value, self.unused(), self.dice[-1]))

    def explain_illegal(self, action: Action, player: int) -> None:
        if self.phase == "choose" and player == self.player and isinstance(action, Operate):
            if action.op not in OPS:
                raise IllegalAction(N_("Choose +, −, × or ÷."))
            if action.op in self.ops:
                raise IllegalAction(N_("{op} is used already; every operation counts once."), op=SYMBOLS[action.op])
            if action.op == "/":
                raise IllegalAction(
                    N_("{value} ÷ {face} leaves a remainder: a division must come out even."),
                    value=self.value,
                    face=self.dice[-1],
                )
        raise IllegalAction(N_("It is not your turn."))

    def _apply_action(self, action: Action, player: int) -> State:
        assert isinstance(action, Operate)
        value = apply_op(self.value, action.op, self.dice[-1])
        return dataclasses.replace(self, ops=(*self.ops, action.op), value=value, phase="throw")

    # --- chance ---------------------------------------------------------------------------------------------
    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        if self.phase == "lot":
            return lot_outcomes(self.n)
        if self.phase == "throw":
            return throw_outcomes(1)
        return ()

    def dice_to_throw(self) -> int:
        return 1 if self.phase == "throw" else 0

    def thrower(self) -> int | None:
        """The banker throws every die ("würfelt für jeden seiner Mitspieler")."""
        return self.banker if self.phase == "throw" else None

    def parse_outcome(self, text: str) -> Outcome:
        if self.phase == "lot":
            return parse_lot(text, self.n)
        if self.phase != "throw":
            raise IllegalAction(N_("No dice are to be thrown now."))
        return parse_throw(text, 1, poker=False)

    def _apply_outcome(self, outcome: Outcome) -> State:
        if isinstance(outcome, Lot):
            return self.open_round(outcome.seat)
        if isinstance(outcome, Void):
            return self
        assert isinstance(outcome, Roll)
        (face,) = outcome.dice
        dice = (*self.dice, face)
        if len(dice) == 1:
            return dataclasses.replace(self, dice=dice, value=face)
        if len(dice) <= 4:
            can = self.could_divide or ("/" in self.unused() and divides(self.value, face))
            return dataclasses.replace(self, dice=dice, phase="choose", could_divide=can)
        (op,) = self.unused()
        value = apply_op(self.value, op, face)
        state = dataclasses.replace(self, dice=dice, ops=(*self.ops, op), value=value)
        return state.finish_opponent(op == "/" and not divides(self.value, face))

    # --- the round ------------------------------------------------------------------------------------------
    def open_round(self, banker: int) -> VaBanqueState:
        """Every opponent of ``banker`` pays the stake into the pot (the banker does not stake)."""
        state = dataclasses.replace(
            self, banker=banker, phase="throw", turn=0, dice=(), ops=(), value=0, could_divide=False, results=()
        )
        ledger = self.ledger.transfers((p, POT, self.rules.stake) for p in state.opponents())
        return dataclasses.replace(state, ledger=ledger)

    def forfeits(self, remainder: bool) -> bool:
        """The variant: the forced ÷ of die 5 left a remainder (and, by default, he could not divide before)."""
        r = self.rules
        return r.forfeit and remainder and not (r.forfeit_only_if_unable and self.could_divide)

    def finish_opponent(self, remainder: bool) -> VaBanqueState:
        """His five dice are done: the variant's forfeit, then the next opponent or the end of the round."""
        lost = self.forfeits(remainder)
        ledger = self.ledger.transfer(POT, self.banker, self.rules.stake) if lost else self.ledger
        results = (*self.results, (self.player, self.value, lost))
        state = dataclasses.replace(
            self, ledger=ledger, results=results, dice=(), ops=(), value=0, could_divide=False, phase="throw"
        )
        if len(results) < self.n - 1:
            return dataclasses.replace(state, turn=self.turn + 1)
        return state.settle_round()

    def settle_round(self) -> VaBanqueState:
        """The highest final value takes the pot; ties share it and an odd chip stays for the next round. The bank
        passes left; after the last round a chip left in the pot goes to the last round's winners one by one
        clockwise from the banker's left (or to the last banker if every opponent forfeited), so no chip is lost."""
        eligible = [(p, v) for p, v, lost in self.results if not lost]
        winners: tuple[int, ...] = ()
        share = 0
        ledger = self.ledger
        if eligible:
            best = max(v for _, v in eligible)
            winners = tuple(p for p, v in eligible if v == best)
            share = max(ledger.pot, 0) // len(winners)
            ledger = ledger.split_pool(POT, winners)
        rot = Rotation(self.banker, 0, self.banks_done).after_turn(self.n, 1)
        state = dataclasses.replace(
            self, ledger=ledger, banks_done=rot.passed, last_round=(self.banker, self.results, winners, share)
        )
        if rot.over(self.n, self.rules.bank_rounds):
            order = [p for p in self.opponents() if p in winners] or [self.banker]
            i = 0
            while ledger.pot > 0:
                ledger = ledger.transfer(POT, order[i % len(order)], 1)
                i += 1
            return dataclasses.replace(state, ledger=ledger, phase="over", results=())
        return state.open_round(rot.holder)

    # --- information ----------------------------------------------------------------------------------------
    def calculation(self) -> str:
        """The running sum as the book writes it: "3 + 5 = 8 × 6 = 48"."""
        if not self.dice:
            return ""
        text = str(self.dice[0])
        value = self.dice[0]
        for op, face in zip(self.ops, self.dice[1:], strict=False):
            value = apply_op(value, op, face)
            text += f" {SYMBOLS[op]} {face} = {value}"
        if len(self.dice) > len(self.ops) + 1:
            text += f" ? {self.dice[-1]}"
        return text

    def view(self, player: int | None) -> JSON:
        v: JSON = {
            "game": "va-banque",
            "to_move": self.to_move(),
            "scores": list(self.ledger.players),
            "score_label": N_("Chips"),
            "banker": self.banker,
            "banks_done": self.banks_done,
            "pot": self.ledger.pot,
            "opponent": self.player if self.phase in ("throw", "choose") else None,
            "dice": list(self.dice),
            "ops": list(self.ops),
            "value": self.value,
            "unused": list(self.unused()),
            "results": [list(r) for r in self.results],
        }
        if self.last_round is not None:
            banker, results, winners, share = self.last_round
            v["last_round"] = {
                "banker": banker,
                "results": [list(r) for r in results],
                "winners": list(winners),
                "share": share,
            }
        if self.phase == "over":
            v["ranking"] = [p for g in self.ranking() for p in g]
            v["losers"] = list(self.losers())
        return v

    def components(self, player: int | None) -> tuple[Component, ...]:
        playing = self.phase in ("throw", "choose")
        done = {p: (v, lost) for p, v, lost in self.results}
        notes: dict[int, Any] = {}
        for p, (v, lost) in done.items():
            notes[p] = Phrase(N_("{value}, stake to the bank") if lost else N_("ends at {value}"), {"value": v})
        if playing and self.dice:
            notes[self.player] = Phrase(N_("at {value}"), {"value": self.value})
        seats = Seats(
            tuple(
                SeatLine(
                    p,
                    score=self.ledger.players[p],
                    active=p in self.actors() or p == self.thrower(),
                    role=Phrase(N_("Bank")) if p == self.banker and self.phase not in ("lot", "over") else None,
                    note=notes.get(p),
                )
                for p in range(self.n)
            ),
            label=Phrase(N_("Chips")),
        )
        out: list[Component] = [self.goal(), seats, Chips((), self.ledger.pot, Phrase(N_("Pot")))]
        if playing:
            if self.dice:
                out.append(Dice((self.dice[-1],), thrown=True, seat=self.banker, key="die"))
                out.append(
                    Message(
                        Phrase(
                            N_("{name}: {calculation}"),
                            {"name": SeatRef(self.player), "calculation": self.calculation()},
                        ),
                        key="calculation",
                    )
                )
            else:
                out.append(
                    Message(
                        Phrase(N_("The bank throws the first die for {name}."), {"name": SeatRef(self.player)}),
                        key="calculation",
                    )
                )
            left = " ".join(SYMBOLS[o] for o in self.unused())
            out.append(Message(Phrase(N_("Operations left: {ops}"), {"ops": left}), key="unused"))
        if self.last_round is not None:
            _banker, _results, winners, share = self.last_round
            for w in winners:
                out.append(
                    Message(
                        Phrase(
                            N_("Last round: {name} took {chips} from the pot."),
                            {"name": SeatRef(w), "chips": counts.chips(share)},
                        ),
                        key=f"last_round:{w}",
                    )
                )
            if not winners:
                out.append(
                    Message(Phrase(N_("Last round: every opponent forfeited; the pot stays.")), key="last_round")
                )
        if self.phase == "over":
            out.append(Message(Phrase(N_("The game is over.")), key="over"))
        return tuple(out)

    def goal(self) -> Goal:
        """Issue 24 (web U1: no target, nothing about the bank): what wins, which bank of the game is playing, and
        the highest result of the round so far — the number to beat."""
        text = Phrase(N_("Five dice, each of + − × ÷ once: the highest result takes the pot"))
        if self.phase not in ("throw", "choose"):
            return Goal(text)
        bank = Phrase(
            N_("Bank {bank} of {banks}"), {"bank": self.banks_done + 1, "banks": self.rules.bank_rounds * self.n}
        )
        best = [v for _p, v, lost in self.results if not lost]
        if not best:
            return Goal(text, bank)
        return Goal(text, Phrase(N_("{bank} · highest so far: {value}"), {"bank": bank, "value": max(best)}))

    # --- words ----------------------------------------------------------------------------------------------
    def announcements(self, event: Action | Outcome, player: int | None, after: State) -> tuple[Phrase, ...]:
        """After each die the opponent's running calculation; an opponent done (his final value, or his stake
        forfeited to the bank); the round's winners and what they took; the next bank and the stakes it is paid.
        Everything is on the open table."""
        if not isinstance(after, VaBanqueState) or not isinstance(event, Roll) or self.phase != "throw":
            return ()
        out: list[Phrase] = []
        settled = after.last_round is not None and after.last_round != self.last_round
        results = after.last_round[1] if settled and after.last_round is not None else after.results
        done = results[len(self.results) :]
        for seat, value, lost in done:
            out.append(
                Phrase(FORFEITS, {"name": SeatRef(seat), "bank": SeatRef(self.banker)})
                if lost
                else Phrase(ENDS_AT, {"name": SeatRef(seat), "value": value})
            )
        if not done and after.dice:
            out.append(
                Phrase(N_("{name}: {calculation}"), {"name": SeatRef(after.player), "calculation": after.calculation()})
            )
        if settled and after.last_round is not None:
            _banker, _results, winners, share = after.last_round
            out.extend(
                Phrase(narration.TAKES_FROM_POT, {"name": SeatRef(w), "chips": counts.chips(share)}) for w in winners
            )
            if not winners:
                out.append(Phrase(N_("Last round: every opponent forfeited; the pot stays.")))
            if after.phase == "throw":
                out.append(Phrase(narration.HOLDS_BANK, {"name": SeatRef(after.banker)}))
                out.append(Phrase(ANTES, {"chips": counts.chips(self.rules.stake)}))
        return tuple(out)

    def parse_action_text(self, text: str, player: int) -> Action:
        """ "+", "plus", "mal", "×", "durch", "/" … name an operation."""
        t = text.casefold().strip()
        for op, words in TYPED.items():
            if t in words:
                return Operate(op)
        raise IllegalAction(N_("Type an operation: +, −, × (mal) or ÷ (durch)."))

    def describe_action(self, action: Action, lang: str = "de") -> str:
        if isinstance(action, Operate) and action.op in OP_WORDS:
            return translate(OP_WORDS[action.op], lang)
        return super().describe_action(action, lang)

    def describe_outcome(self, outcome: Outcome, lang: str = "de", names: Sequence[str] = ()) -> str:
        if isinstance(outcome, Roll):
            return " ".join(str(d) for d in outcome.dice)
        if isinstance(outcome, Lot):
            if 0 <= outcome.seat < len(names):
                return translate(LOT_BANK_NAMED, lang, name=names[outcome.seat])
            return translate(LOT_BANK, lang, seat=outcome.seat + 1)
        if isinstance(outcome, Void):
            return translate(VOID_LABEL, lang)
        return super().describe_outcome(outcome, lang, names)


class VaBanqueGame(Game):
    """Operations as actions; the banker's dice, the void throw and the lot as outcomes."""

    id = "va-banque"
    action_classes: ClassVar[tuple[type[Action], ...]] = (Operate,)
    outcome_classes: ClassVar[tuple[type[Outcome], ...]] = (Roll, Void, Lot)

    def new_initial_state(self) -> State:
        ledger = ChipLedger.start(self.num_players, self.rules.starting_chips)
        state = VaBanqueState(self, ledger)
        return state if self.rules.first_bank == "lot" else state.open_round(0)

    def action_universe(self) -> tuple[Action, ...]:
        """Every concrete action: the four operations."""
        return tuple(Operate(op) for op in OPS)

    def action_id(self, action: Action) -> int:
        if not isinstance(action, Operate) or action.op not in OPS:
            raise IllegalAction(N_("That move is not allowed now."))
        return OPS.index(action.op)

    def action_from_id(self, action_id: int) -> Action:
        return Operate(OPS[action_id])


# --- bots, hints, the solver ------------------------------------------------------------------------------------
class OptimalBot:
    """Plays the operation with the highest exact expected final value (:func:`choice_values`)."""

    name = "optimal"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, VaBanqueState)
        values = choice_values(len(state.dice) - 1, state.value, state.unused(), state.dice[-1])
        best = max(values, key=lambda o: (values[o], -OPS.index(o)))
        return Operate(best)


class RuleOfThumbBot:
    """The book's advice ("mit einer 6 möglichst multiplizieren, mit einer 1 möglichst dividieren"): ÷ on a 1, × on a
    5 or 6 while the value is positive, else whatever leaves the largest value now; a bot to measure the optimal one
    against (bench/hasard_part3.py)."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, VaBanqueState)
        return Operate(rule_of_thumb(state.value, state.unused(), state.dice[-1]))


def rule_of_thumb(value: int, unused: Sequence[str], face: int) -> str:
    """:class:`RuleOfThumbBot`'s operation for a value, the operations left and the die just thrown."""
    legal = legal_ops(value, unused, face)
    if face == 1 and "/" in legal:
        return "/"
    if face >= 5 and value > 0 and "*" in legal:
        return "*"
    return max(legal, key=lambda o: (apply_op(value, o, face), o != "/"))


def policy_value(policy: Any, k: int = 0, value: int = 0, unused: tuple[str, ...] = OPS) -> Fraction:
    """The exact expected final value of a fixed policy ``policy(value, unused, face) -> op`` (bench figures: the
    rule of thumb against the solved optimum)."""
    total = Fraction(0)
    for face in range(1, 7):
        if k == 0:
            total += policy_value(policy, 1, face, unused)
        elif k == 4:
            total += apply_op(value, unused[0], face)
        else:
            op = policy(value, unused, face)
            total += policy_value(policy, k + 1, apply_op(value, op, face), tuple(o for o in unused if o != op))
    return total / 6


class VaBanqueAdvisor:
    """Every legal operation with its exact expected final value under best play afterwards."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def advise(self, state: State, player: int) -> list[Advice]:
        assert isinstance(state, VaBanqueState)
        if state.phase != "choose" or player != state.player:
            return []
        values = choice_values(len(state.dice) - 1, state.value, state.unused(), state.dice[-1])
        measure = N_("expected final value (optimal play)")
        return [
            Advice(action=Operate(o), value=float(v), measure=measure)
            for o, v in sorted(values.items(), key=lambda kv: -kv[1])
        ]


def solve_solo(rules: VaBanqueRules, rules_id: str, fresh: bool = False) -> SolveResult:
    """``wuerfel solve va-banque --objective solo``: the maximum expected final value of one opponent's dice."""
    if fresh:
        _continuation.cache_clear()
        expected_value.cache_clear()
    t0 = time.perf_counter()
    value = expected_value()
    return SolveResult(
        game="va-banque",
        rules=rules_id,
        objective="solo",
        value=float(value),
        seconds=time.perf_counter() - t0,
        extra={"exact": str(value)},
        value_of=N_("the expected final value of one player's five dice with the best operations"),
    )


def _explain(rules: VaBanqueRules, players: int) -> Any:
    from wuerfel.games.hasard.explain.va_banque import explain

    return explain(rules, players)


INFO = register(
    GameInfo(
        id="va-banque",
        family="five-dice",
        name_de="Va banque",
        name_en="Va banque",
        options_class=VaBanqueRules,
        make=VaBanqueGame,
        min_players=3,
        max_players=8,
        default_preset="va-banque",
        presets_dir=Path(__file__).parent / "presets" / "va-banque",
        locale_dir=Path(__file__).parent / "locale" / "va-banque",
        description_de=(
            "Fünf Würfel einzeln: Verknüpf sie mit Plus, Minus, Mal und Geteilt, je einmal; das "
            "höchste Ergebnis gewinnt den Pott."
        ),
        description_en=(
            "Five dice one at a time: join them with plus, minus, times and divide, once each; the "
            "highest result takes the pot."
        ),
        aliases=("va_banque", "grosse-bank"),
        bots={"optimal": OptimalBot, "heuristic": RuleOfThumbBot},
        default_bot="optimal",
        solvers={"solo": solve_solo},
        advisor=VaBanqueAdvisor,
        chips=True,
        explain=_explain,
        explain_quotes=("starting_chips", "stake", "bank_rounds"),
    )
)
