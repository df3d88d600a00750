"""Craps (Hasard game 11, the book's variant — not casino craps): the maker names a number and a stake, the others
cover it together, and he throws two dice until the number he named or the point of his first throw falls.

Text: "Zunächst wird eine Runde gewürfelt, um den ersten Spielmacher zu bestimmen. Dieser nennt dann eine beliebige
Zahl von 2 bis 12 und setzt darauf einen Betrag. Die Gegenspieler setzen zusammen in gleicher Höhe dagegen. Wirft der
Macher die von ihm genannte Zahl, so hat er gewonnen. Wirft er eine andere Zahl, so hat er jedoch noch nicht
verloren! Es wird weitergewürfelt! Nun ist die gewürfelte Zahl diejenige, die ihm Glück bringt, wenn sie noch einmal
fällt. Fällt vorher aber die ursprünglich genannte Zahl, so hat der Macher verloren. Dann kassieren die Gegenspieler
entsprechend ihrem Einsatz-Anteil. Beim nächsten Spiel wird der nächste in der Runde zum neuen Spielmacher."

State machine (spec 11): LOT (G3: the first maker) → NAME (the maker names N in 2..12 and a stake S, one parameterised
action per N) → COVER (the opponents together stake S: equal shares, the remainder clockwise from the maker's left;
option: they bid their shares in clockwise order) → FIRST THROW x: x = N wins, else the point P := x → REPEAT y: y = P
wins, y = N loses, else again. Even money over the chip ledger: the maker's S and the shares lie in the pot until the
game is decided. The maker role then passes left (the kit's :class:`~wuerfel.games.kit.bank_board.Rotation`, one
game per maker); the session ends when it has gone round the table ``rounds`` times.

The maker's chance is exact (:func:`maker_win`): P(win | N) = p(N) + Σ_{x≠N} p(x)·p(x)/(p(x)+p(N)) — the first throw
hits N, or it sets the point x and x falls again before N. Naming 2 or 12 wins with 111/140, naming 7 is worst at
6557/13860 (the book's trap: the commonest sum makes the worst number). :func:`bank_edge` is the maker's expected
gain per chip staked, 2·P − 1 (41/70 with 2 or 12).
"""

from __future__ import annotations

import dataclasses
import random
import re
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
from wuerfel.engine.dice import roll_distribution
from wuerfel.engine.edges import single_edge
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import (
    CHANCE,
    JSON,
    TERMINAL,
    Action,
    Amount,
    Game,
    Outcome,
    Roll,
    State,
    parameterised,
)
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options, opt, require
from wuerfel.games.kit.bank_board import Rotation
from wuerfel.games.kit.chip_results import ChipResults
from wuerfel.games.kit.hints import loss_params, rated
from wuerfel.games.kit.lot import Lot, lot_outcomes, parse_lot
from wuerfel.games.kit.seats import left_of
from wuerfel.games.kit.void import VOID_LABEL, Void, parse_throw, throw_outcomes
from wuerfel.i18n import translate
from wuerfel.solvers.api import SolveResult

POT = "pot"
"""The ledger pool the maker's stake and the opponents' shares lie in until the game is decided."""
NUMBERS = tuple(range(2, 13))
"""What the maker may name ("eine beliebige Zahl von 2 bis 12")."""
LOT_MAKER = N_("seat {seat} is the first maker")
LOT_MAKER_NAMED = N_("{name} is the first maker")
Phase = Literal["lot", "name", "cover", "first", "repeat", "over"]


# --- rules --------------------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class CrapsRules:
    """Options of Craps; every default is the text or the spec's resolution."""

    starting_chips: int = opt(
        20, de="Chips für jeden Spieler zu Beginn", en="Chips each player starts with", low=1, high=10000
    )
    max_stake: int = opt(
        0,
        de="Höchster Einsatz des Machers (0: keine Grenze außer den Chips)",
        en="Largest stake of the maker (0: no limit but the chips)",
        low=0,
        high=10000,
    )
    cover: Literal["equal", "bid"] = opt(
        "equal",
        de="Wie die Gegenspieler den Einsatz decken: gleiche Anteile oder reihum bieten",
        en="How the opponents cover the stake: equal shares or bids in turn",
    )
    rounds: int = opt(
        1,
        de="Wie oft die Rolle des Machers reihum geht, bis das Spiel endet",
        en="How many times the maker role goes round the table before the game ends",
        low=1,
        high=20,
    )
    first_maker: Literal["lot", "first_seat"] = opt(
        "lot",
        de="Wer zuerst Macher ist: das Los (eine Runde Würfe) oder Platz 1",
        en="Who makes first: the lot (one round of throws) or seat 1",
    )

    def validate(self) -> None:
        for key in ("starting_chips", "rounds"):
            require(getattr(self, key) >= 1, key, "≥ 1", getattr(self, key))
        require(self.max_stake >= 0, "max_stake", "≥ 0", self.max_stake)


label_options(
    CrapsRules,
    {
        "starting_chips": ("Chips zu Beginn", "Starting chips"),
        "max_stake": ("Höchster Einsatz", "Largest stake"),
        "cover": ("Deckung des Einsatzes", "Covering the stake"),
        "rounds": ("Runden der Macher", "Rounds of makers"),
        "first_maker": ("Wer zuerst Macher ist", "Who makes first"),
    },
    {
        "cover": {
            "equal": ("gleiche Anteile, Rest reihum", "equal shares, remainder in turn"),
            "bid": ("Anteile reihum bieten", "shares bid in turn"),
        },
        "first_maker": {
            "lot": ("das Los (höchster Wurf)", "the lot (highest throw)"),
            "first_seat": ("Platz 1", "seat 1"),
        },
    },
)


# --- the exact chances --------------------------------------------------------------------------------------------
@cache
def sum_probabilities() -> dict[int, Fraction]:
    """P(two dice show s) for s = 2..12, counted over every throw (1/36 … 6/36 … 1/36)."""
    out = {s: Fraction(0) for s in NUMBERS}
    for dice, p in roll_distribution(2):
        out[sum(dice)] += p
    return out


@cache
def maker_win(number: int) -> Fraction:
    """The maker's exact chance to win when he names ``number``.

    The first throw hits it (p(N)), or it sets the point x ≠ N; then only x and N end the game, and x comes first
    with p(x)/(p(x)+p(N)) (the throws in between change nothing)."""
    p = sum_probabilities()
    pn = p[number]
    return pn + sum((p[x] * p[x] / (p[x] + pn) for x in NUMBERS if x != number), Fraction(0))


def edge(number: int) -> Fraction:
    """The maker's expected gain per chip staked on ``number`` at even money: P(win) − P(lose) = 2·P(win) − 1."""
    return 2 * maker_win(number) - 1


@cache
def best_numbers() -> tuple[int, ...]:
    """The numbers with the highest win chance (2 and 12)."""
    best = max(maker_win(n) for n in NUMBERS)
    return tuple(n for n in NUMBERS if maker_win(n) == best)


def bank_edge(rules: CrapsRules | None = None, number: int | None = None) -> Fraction:
    """The maker's exact expected gain per chip staked — the edge of Craps' "bank" — with the best number (2 or 12:
    41/70), or with ``number`` named. No option of the rules changes it (the payout is even money and the point is the
    first throw's); ``rules`` is taken so that every bank game's edge is asked the same way."""
    return edge(best_numbers()[0] if number is None else number)


def equal_shares(stake: int, capacities: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """Split ``stake`` among the opponents ``(seat, chips)`` given clockwise from the maker's left: equal shares, the
    indivisible remainder one chip each clockwise from the maker's left; an opponent who has fewer chips than his
    share covers all he has and the others cover the rest equally (no share exceeds its owner's chips). Requires
    ``stake`` ≤ the opponents' chips together (the maker's stake is bounded so)."""
    shares = dict.fromkeys((s for s, _ in capacities), 0)
    left = stake
    active = [(s, c) for s, c in capacities if c > 0]
    while left > 0 and active:
        base = left // len(active)
        short = [(s, c) for s, c in active if c <= base]
        if not short:
            rest = left - base * len(active)
            for i, (s, _c) in enumerate(active):
                shares[s] += base + (1 if i < rest else 0)
            left = 0
            break
        for s, c in short:  # covers all he has; the others share the rest
            shares[s] += c
            left -= c
        active = [(s, c) for s, c in active if c > base]
    if left:
        raise ValueError(f"the opponents cannot cover {stake}")
    return tuple((s, shares[s]) for s, _ in capacities)


# --- actions ------------------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Name(Action):
    """The maker names ``number`` (2 to 12) and stakes ``stake`` chips on it. Listed once per number with the stake an
    :class:`~wuerfel.engine.game.Amount` (1 to what he and the opponents together can put up)."""

    kind: ClassVar[str] = "name"
    number: int
    stake: int


@dataclasses.dataclass(frozen=True)
class Cover(Action):
    """An opponent's bid (option ``cover = "bid"``): he covers ``amount`` chips of the maker's stake."""

    kind: ClassVar[str] = "cover"
    amount: int


COVERS = N_("{name} covers {chips}")
POINT_SET = N_("The point is {point}: {name} wins if it comes again before the {number}")
MAKER_WINS = N_("{name} wins the game and takes the pot: {chips}")
MAKER_LOSES = N_("The {number} came first: {name} loses the stake")
PASSED_OVER = N_("{name} is passed over as maker: no chips to stake or to cover.")
NEXT_MAKER = N_("{name} is the maker now")


# --- the state ----------------------------------------------------------------------------------------------------
LastGame = tuple[int, int, int, int, bool, tuple[tuple[int, int], ...]]
"""(maker, number, stake, point, maker won, shares) of the game decided last (point 0: won on the first throw)."""


@dataclasses.dataclass(frozen=True)
class CrapsState(ChipResults, State):
    """A session of Craps: the ledger, the maker role's place in the rotation, and the game being played."""

    game: Game = dataclasses.field(compare=False, repr=False)
    ledger: ChipLedger = ChipLedger(())
    phase: Phase = "lot"
    maker: int = 0
    games_done: int = 0
    """Games played or passed over (the session ends after ``rounds × players``)."""
    number: int = 0
    """N, the number the maker named (0 before he names it)."""
    stake: int = 0
    shares: tuple[tuple[int, int], ...] = ()
    """(seat, chips) of the opponents who have covered so far, clockwise from the maker's left."""
    point: int = 0
    """P, the first throw's sum when it was not N (0: no point yet)."""
    dice: tuple[int, ...] = ()
    """The last throw (shown only)."""
    throws: int = 0
    """Throws of the current game (shown only)."""
    last_game: LastGame | None = None
    """The game decided last (shown only)."""
    passed_over: tuple[int, ...] = ()
    """Seats whose turn as maker was passed over since the last game, because he or his opponents had no chips to
    stake (shown only)."""

    display_fields: ClassVar[tuple[str, ...]] = ("dice", "throws", "last_game", "passed_over")

    # --- reading --------------------------------------------------------------------------------------------
    @property
    def rules(self) -> CrapsRules:
        return self.game.rules  # type: ignore[no-any-return]

    @property
    def n(self) -> int:
        return self.game.num_players

    def opponents(self, maker: int | None = None) -> tuple[int, ...]:
        """The maker's opponents clockwise from his left (G4): the order of the remainder and of the bids."""
        m = self.maker if maker is None else maker
        return tuple(left_of(m + i, self.n) for i in range(self.n - 1))

    def stake_cap(self, maker: int | None = None) -> int:
        """The largest stake the maker may name: his chips, what his opponents together can cover ("setzen zusammen
        in gleicher Höhe dagegen" — a stake nobody can cover is no bet) and the rules' limit."""
        m = self.maker if maker is None else maker
        cap = min(max(self.ledger.balance(m), 0), sum(max(self.ledger.balance(p), 0) for p in self.opponents(m)))
        return min(cap, self.rules.max_stake) if self.rules.max_stake else cap

    def covered(self) -> int:
        return sum(a for _, a in self.shares)

    def bidder(self) -> int | None:
        """The opponent whose bid is due (option ``bid``), or None."""
        if self.phase != "cover":
            return None
        return self.opponents()[len(self.shares)]

    def cover_bounds(self) -> tuple[int, int]:
        """The bid the current bidder may make: at most his chips and what is still open, at least what the
        opponents after him cannot cover together (so the stake is always covered in one round of bids)."""
        bidder = self.bidder()
        assert bidder is not None
        opp = self.opponents()
        later = opp[len(self.shares) + 1 :]
        open_ = self.stake - self.covered()
        after = sum(max(self.ledger.balance(p), 0) for p in later)
        return max(0, open_ - after), min(max(self.ledger.balance(bidder), 0), open_)

    # --- node kind ------------------------------------------------------------------------------------------
    def to_move(self) -> int:
        if self.phase == "name":
            return self.maker
        if self.phase == "cover":
            return self.bidder()  # type: ignore[return-value]
        if self.phase == "over":
            return TERMINAL
        return CHANCE

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        mover = self.to_move()
        if mover < 0 or player not in (None, mover):
            return ()
        if self.phase == "name":
            cap = self.stake_cap()
            return tuple(parameterised(Name, number=n, stake=Amount(1, cap)) for n in NUMBERS)
        low, high = self.cover_bounds()
        return (parameterised(Cover, amount=Amount(low, high)),)

    def explain_illegal(self, action: Action, player: int) -> None:
        if player != self.to_move():
            raise IllegalAction(N_("It is not your turn."))
        if self.phase == "name" and isinstance(action, Name):
            if action.number not in NUMBERS:
                raise IllegalAction(N_("Name a number from 2 to 12."))
            raise IllegalAction(
                N_(
                    "The stake must be from 1 to {max} chips: your chips, what your opponents can "
                    "cover together and the limit of the rules."
                ),
                max=self.stake_cap(),
            )
        if self.phase == "cover" and isinstance(action, Cover):
            low, high = self.cover_bounds()
            raise IllegalAction(
                N_(
                    "Your share must be from {low} to {high} chips: at most your chips and what is "
                    "still open, at least what the players after you cannot cover."
                ),
                low=low,
                high=high,
            )
        raise IllegalAction(N_("That move is not allowed now."))

    def _apply_action(self, action: Action, player: int) -> State:
        if isinstance(action, Name):
            ledger = self.ledger.transfer(self.maker, POT, action.stake)
            state = dataclasses.replace(
                self, ledger=ledger, number=action.number, stake=action.stake, shares=(), phase="cover", passed_over=()
            )
            if self.rules.cover == "equal":
                shares = equal_shares(action.stake, [(p, max(ledger.balance(p), 0)) for p in self.opponents()])
                ledger = ledger.transfers((p, POT, a) for p, a in shares)
                return dataclasses.replace(state, ledger=ledger, shares=shares, phase="first")
            return state.auto_cover()
        assert isinstance(action, Cover)
        return self.bid(player, action.amount).auto_cover()

    def bid(self, player: int, amount: int) -> CrapsState:
        """``player`` covers ``amount``; after the last opponent the dice are thrown."""
        state = dataclasses.replace(
            self, ledger=self.ledger.transfer(player, POT, amount), shares=(*self.shares, (player, amount))
        )
        if len(state.shares) == self.n - 1:
            return dataclasses.replace(state, phase="first")
        return state

    def auto_cover(self) -> CrapsState:
        """A bid with only one possible amount is made at once (what is left for the last opponent, nothing once
        the stake is covered): nobody is asked a question with one answer."""
        state = self
        while state.phase == "cover":
            low, high = state.cover_bounds()
            if low != high:
                break
            state = state.bid(state.bidder(), low)  # type: ignore[arg-type]
        return state

    # --- chance ---------------------------------------------------------------------------------------------
    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        if self.phase == "lot":
            return lot_outcomes(self.n)
        if self.phase in ("first", "repeat"):
            return throw_outcomes(2)
        return ()

    def dice_to_throw(self) -> int:
        return 2 if self.phase in ("first", "repeat") else 0

    def thrower(self) -> int | None:
        """The maker throws ("Wirft der Macher …")."""
        return self.maker if self.phase in ("first", "repeat") else None

    def parse_outcome(self, text: str) -> Outcome:
        if self.phase == "lot":
            return parse_lot(text, self.n)
        if self.phase not in ("first", "repeat"):
            raise IllegalAction(N_("No dice are to be thrown now."))
        return parse_throw(text, 2, poker=False)

    def _apply_outcome(self, outcome: Outcome) -> State:
        if isinstance(outcome, Lot):
            return self.start(Rotation(outcome.seat, 0, 0))
        if isinstance(outcome, Void):
            return self
        assert isinstance(outcome, Roll)
        x = sum(outcome.dice)
        state = dataclasses.replace(self, dice=tuple(outcome.dice), throws=self.throws + 1)
        if self.phase == "first":
            if x == self.number:
                return state.settle(won=True)
            return dataclasses.replace(state, point=x, phase="repeat")
        if x == self.point:
            return state.settle(won=True)
        if x == self.number:
            return state.settle(won=False)
        return state

    # --- the session ----------------------------------------------------------------------------------------
    def start(self, rotation: Rotation) -> CrapsState:
        """The next game with the maker role where ``rotation`` says; a maker who cannot stake a chip (he has none,
        or his opponents together have none) is passed over; the session ends after ``rounds`` times round."""
        skipped: list[int] = []
        while not rotation.over(self.n, self.rules.rounds):
            if self.stake_cap(rotation.holder) >= 1:
                return dataclasses.replace(
                    self,
                    phase="name",
                    maker=rotation.holder,
                    games_done=rotation.passed,
                    number=0,
                    stake=0,
                    shares=(),
                    point=0,
                    throws=0,
                    passed_over=tuple(skipped),
                )
            skipped.append(rotation.holder)
            rotation = rotation.after_turn(self.n, 1)
        return dataclasses.replace(
            self,
            phase="over",
            maker=rotation.holder,
            games_done=rotation.passed,
            number=0,
            stake=0,
            shares=(),
            point=0,
            passed_over=tuple(skipped),
        )

    def settle(self, won: bool) -> CrapsState:
        """Even money: the maker takes the pot (his stake back and the opponents' S), or every opponent takes twice
        his share ("kassieren … entsprechend ihrem Einsatz-Anteil"). Chips are only moved."""
        if won:
            ledger = self.ledger.empty_pool(POT, self.maker)
        else:
            ledger = self.ledger.transfers((POT, p, 2 * a) for p, a in self.shares)
        last: LastGame = (self.maker, self.number, self.stake, self.point, won, self.shares)
        state = dataclasses.replace(self, ledger=ledger, last_game=last)
        return state.start(Rotation(self.maker, 0, self.games_done).after_turn(self.n, 1))

    # --- information ----------------------------------------------------------------------------------------
    def view(self, player: int | None) -> JSON:
        v: JSON = {
            "game": "craps",
            "to_move": self.to_move(),
            "phase": self.phase,
            "scores": list(self.ledger.players),
            "score_label": N_("Chips"),
            "maker": self.maker,
            "games_done": self.games_done,
            "pot": self.ledger.pot,
            "number": self.number,
            "stake": self.stake,
            "shares": [list(s) for s in self.shares],
            "point": self.point,
            "dice": list(self.dice),
            "throws": self.throws,
            "passed_over": list(self.passed_over),
        }
        if self.number:
            v["maker_chance"] = str(maker_win(self.number))
        if self.last_game is not None:
            maker, number, stake, point, won, shares = self.last_game
            v["last_game"] = {
                "maker": maker,
                "number": number,
                "stake": stake,
                "point": point,
                "won": won,
                "shares": [list(s) for s in shares],
            }
        if self.phase == "over":
            v["ranking"] = [p for g in self.ranking() for p in g]
            v["losers"] = list(self.losers())
        return v

    def components(self, player: int | None) -> tuple[Component, ...]:
        """The goal line, every seat's chips with the maker marked and each opponent's share, the pot, the last
        throw, the number, the point and the maker's exact chance, and how the last game ended."""
        share = dict(self.shares)
        playing = self.phase in ("cover", "first", "repeat")
        actors = set(self.actors())
        seats = Seats(
            tuple(
                SeatLine(
                    p,
                    score=self.ledger.players[p],
                    active=p in actors or p == self.thrower(),
                    role=Phrase(N_("Maker")) if p == self.maker and self.phase not in ("lot", "over") else None,
                    note=Phrase(N_("covers {n}"), {"n": share[p]}) if playing and p in share else None,
                )
                for p in range(self.n)
            ),
            label=Phrase(N_("Chips")),
        )
        out: list[Component] = [self.goal(), seats, Chips((), self.ledger.pot, Phrase(N_("Pot")))]
        if self.dice and self.phase in ("first", "repeat"):
            out.append(Dice(self.dice, thrown=True, seat=self.maker, key="dice"))
        if self.phase == "name":
            out.append(
                Message(
                    Phrase(
                        N_("{name} is the maker: names a number from 2 to 12 and a stake (up to {max} chips)."),
                        {"name": SeatRef(self.maker), "max": self.stake_cap()},
                    ),
                    key="name",
                )
            )
        if playing:
            named = N_("{name} named {number}, stake {stake}; chance to win: {whole}.{decimals} %.")
            out.append(
                Message(
                    Phrase(
                        named,
                        {
                            "name": SeatRef(self.maker),
                            "number": self.number,
                            "stake": self.stake,
                            **percent_params(maker_win(self.number)),
                        },
                    ),
                    key="named",
                )
            )
        bidder = self.bidder()
        if bidder is not None:
            out.append(
                Message(
                    Phrase(
                        N_("{covered} of {stake} covered; {name} bids next."),
                        {"covered": self.covered(), "stake": counts.chips(self.stake), "name": SeatRef(bidder)},
                    ),
                    key="cover",
                )
            )
        if self.phase == "repeat":
            out.append(
                Message(
                    Phrase(
                        N_("Point {point}: it wins for the maker, {number} loses."),
                        {"point": self.point, "number": self.number},
                    ),
                    key="point",
                )
            )
        if self.last_game is not None and self.phase != "cover":
            maker, number, stake, point, won, _shares = self.last_game
            if won:
                text = (
                    N_("Last game: {name} named {number} and won 1 chip.")
                    if stake == 1
                    else N_("Last game: {name} named {number} and won {stake} chips.")
                )
            else:
                text = (
                    N_("Last game: {name} named {number}, the point was {point}: 1 chip lost.")
                    if stake == 1
                    else N_("Last game: {name} named {number}, the point was {point}: {stake} chips lost.")
                )
            out.append(
                Message(
                    Phrase(text, {"name": SeatRef(maker), "number": number, "stake": stake, "point": point}),
                    key="last_game",
                )
            )
        for p in self.passed_over:
            out.append(
                Message(
                    Phrase(N_("{name} is passed over as maker: no chips to stake or to cover."), {"name": SeatRef(p)}),
                    key=f"passed:{p}",
                )
            )
        if self.phase == "over":
            out.append(Message(Phrase(N_("The game is over.")), key="over"))
        return tuple(out)

    def goal(self) -> Goal:
        """Issue 24: what decides a game, first on the felt, and which game of the session is playing."""
        text = Phrase(N_("The maker wins with his number at once, or with his point before his number"))
        if self.phase in ("lot", "over"):
            return Goal(text)
        return Goal(
            text,
            Phrase(N_("Game {game} of {games}"), {"game": self.games_done + 1, "games": self.rules.rounds * self.n}),
        )

    # --- words ----------------------------------------------------------------------------------------------
    def announcements(self, event: Action | Outcome, player: int | None, after: State) -> tuple[Phrase, ...]:
        """Shares covered without a question (equal shares, the one amount left), the point, how a game ended and
        who took what from the pot, makers passed over and the next maker. Every chip on the table is public."""
        if not isinstance(after, CrapsState) or self.phase == "lot":
            return ()
        out: list[Phrase] = []
        made = 1 if isinstance(event, Cover) else 0  # the bidder's own share is his move's label
        for seat, amount in after.shares[len(self.shares) + made :] if after.phase != "name" else ():
            out.append(Phrase(COVERS, {"name": SeatRef(seat), "chips": counts.chips(amount)}))
        if isinstance(event, Roll) and self.phase == "first" and after.phase == "repeat":
            out.append(Phrase(POINT_SET, {"point": after.point, "name": SeatRef(self.maker), "number": self.number}))
        if after.last_game is not None and after.last_game != self.last_game:
            maker, number, stake, _point, won, shares = after.last_game
            if won:
                pot = stake + sum(a for _, a in shares)
                out.append(Phrase(MAKER_WINS, {"name": SeatRef(maker), "chips": counts.chips(pot)}))
            else:
                out.append(Phrase(MAKER_LOSES, {"name": SeatRef(maker), "number": number}))
                out.extend(
                    Phrase(narration.TAKES_FROM_POT, {"name": SeatRef(p), "chips": counts.chips(2 * a)})
                    for p, a in shares
                    if a
                )
        if after.passed_over != self.passed_over:
            out.extend(Phrase(PASSED_OVER, {"name": SeatRef(p)}) for p in after.passed_over)
        if after.phase == "name" and (after.maker != self.maker or after.games_done != self.games_done):
            out.append(Phrase(NEXT_MAKER, {"name": SeatRef(after.maker)}))
        return tuple(out)

    def parse_action_text(self, text: str, player: int) -> Action:
        """ "5 auf 12" / "5 on 12" names 12 with a stake of 5; a bid is a number ("3", "3 Chips")."""
        t = text.casefold().strip()
        if self.phase == "cover":
            m = re.fullmatch(r"(\d+)\s*(?:chips?)?", t)
            if m:
                return Cover(int(m.group(1)))
            raise IllegalAction(N_('Type your share as a number of chips, "3".'))
        m = re.fullmatch(r"(\d+)\s*(?:chips?)?\s*(?:auf|on|@)\s*(?:die\s+)?(\d+)", t)
        if m:
            return Name(int(m.group(2)), int(m.group(1)))
        raise IllegalAction(N_('Type a stake and a number as "5 auf 12" (5 chips on 12).'))

    def describe_action(self, action: Action, lang: str = "de") -> str:
        if isinstance(action, Name):
            if isinstance(action.stake, Amount):
                return translate(
                    "names {number} (stake 1 to {max} chips)", lang, number=action.number, max=action.stake.high
                )
            if action.stake == 1:
                return translate("names {number} for 1 chip", lang, number=action.number)
            return translate("names {number} for {stake} chips", lang, number=action.number, stake=action.stake)
        if isinstance(action, Cover):
            if isinstance(action.amount, Amount):
                return translate("covers {low} to {high} chips", lang, low=action.amount.low, high=action.amount.high)
            if action.amount == 1:
                return translate("covers 1 chip", lang)
            return translate("covers {n} chips", lang, n=action.amount)
        return super().describe_action(action, lang)

    def describe_outcome(self, outcome: Outcome, lang: str = "de", names: Sequence[str] = ()) -> str:
        if isinstance(outcome, Roll):
            return " + ".join(str(d) for d in outcome.dice) + f" = {sum(outcome.dice)}"
        if isinstance(outcome, Lot):
            if 0 <= outcome.seat < len(names):
                return translate(LOT_MAKER_NAMED, lang, name=names[outcome.seat])
            return translate(LOT_MAKER, lang, seat=outcome.seat + 1)
        if isinstance(outcome, Void):
            return translate(VOID_LABEL, lang)
        return super().describe_outcome(outcome, lang, names)


class CrapsGame(Game):
    """Naming and bids as actions; the maker's throws, the void throw and the lot as outcomes. Ids: a bid of ``a``
    is 2a + 1, naming N for S is 2·(11·(S − 1) + N − 2)."""

    id = "craps"
    action_classes: ClassVar[tuple[type[Action], ...]] = (Name, Cover)
    outcome_classes: ClassVar[tuple[type[Outcome], ...]] = (Roll, Void, Lot)

    def new_initial_state(self) -> State:
        ledger = ChipLedger.start(self.num_players, self.rules.starting_chips)
        state = CrapsState(self, ledger)
        return state if self.rules.first_maker == "lot" else state.start(Rotation(0, 0, 0))

    def action_universe(self) -> tuple[Action, ...]:
        """Every concrete action these rules can ever offer: a number with a stake, a cover of an amount. Without a
        limit (``max_stake`` 0) a stake is at most the maker's chips, and chips only change hands."""
        cap = int(self.rules.max_stake) or int(self.rules.starting_chips) * self.num_players
        return (*(Name(n, s) for n in NUMBERS for s in range(1, cap + 1)), *(Cover(a) for a in range(cap + 1)))

    def action_id(self, action: Action) -> int:
        if isinstance(action, Cover) and action.amount >= 0:
            return 2 * action.amount + 1
        if isinstance(action, Name) and action.number in NUMBERS and action.stake >= 1:
            return 2 * (len(NUMBERS) * (action.stake - 1) + action.number - NUMBERS[0])
        raise IllegalAction(N_("That move is not allowed now."))

    def action_from_id(self, action_id: int) -> Action:
        if action_id % 2:
            return Cover(action_id // 2)
        i = action_id // 2
        return Name(NUMBERS[0] + i % len(NUMBERS), i // len(NUMBERS) + 1)


# --- bots, hints, the solver ------------------------------------------------------------------------------------
def best_stake(state: CrapsState, number: int) -> int:
    """The stake with the highest expected chips for the maker: the expectation S·edge is linear in S, so all he may
    stake when his edge is positive, one chip (the least) when it is not (naming 7)."""
    return state.stake_cap() if edge(number) > 0 else 1


def best_bid(state: CrapsState) -> int:
    """An opponent's bid with the highest expected chips: his share s returns −s·edge, so the least he may bid while
    the maker has the edge, the most when the maker named 7."""
    low, high = state.cover_bounds()
    return low if edge(state.number) > 0 else high


class OptimalBot:
    """Plays the exact solution of one game: names the best number (2; 12 is as good) with the stake of the highest
    expected chips, and bids the share of the highest expected chips (the minimum against the maker's edge)."""

    name = "optimal"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, CrapsState)
        if state.phase == "name":
            number = best_numbers()[0]
            return Name(number, best_stake(state, number))
        return Cover(best_bid(state))


class KellyBot:
    """Names the best number but stakes the Kelly fraction of its chips — the edge, 41/70 of them — which maximises
    the growth of its chips over many games instead of one game's expectation (the optimal bot stakes everything and
    is ruined by the first loss; bench/hasard_part3.py compares them; not offered at the table, where a session is a
    few games)."""

    name = "kelly"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, CrapsState)
        if state.phase == "name":
            number = best_numbers()[0]
            fraction = edge(number) * max(state.ledger.balance(player), 0)
            return Name(number, max(1, min(state.stake_cap(), int(fraction))))
        return Cover(best_bid(state))


class NaiveBot:
    """The player who names the commonest sum, 7 ("die kommt am häufigsten"), with a tenth of his chips, and bids a
    fair part of what is open: the book's trap, 7 is the worst number (6557/13860), a bot to measure against."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, CrapsState)
        if state.phase == "name":
            return Name(7, max(1, min(state.stake_cap(), state.ledger.balance(player) // 10)))
        low, high = state.cover_bounds()
        left = state.n - 1 - len(state.shares)
        fair = -(-(state.stake - state.covered()) // left)
        return Cover(min(max(fair, low), high))


MEASURE_MAKER = N_("the maker's chance to win")
MEASURE_SHARE = N_("expected net chips of the share")


class CrapsAdvisor:
    """At the naming: every number with the maker's exact chance to win (and the stake of the highest expected
    chips); at a bid: the least and the most share with their expected net chips."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def advise(self, state: State, player: int) -> list[Advice]:
        assert isinstance(state, CrapsState)
        if player != state.to_move():
            return []
        if state.phase == "name":
            names: dict[Action, float] = {Name(n, best_stake(state, n)): float(maker_win(n)) for n in NUMBERS}
            return rated(names, MEASURE_MAKER, unit="chance")
        low, high = state.cover_bounds()
        e = edge(state.number)
        bids: dict[Action, float] = {Cover(a): float(-a * e) for a in sorted({low, high})}
        return rated(bids, MEASURE_SHARE, unit="points")

    def turn_start(self, state: State, player: int) -> tuple[float, str] | None:
        """The analysis's luck of one game of the session (:class:`~wuerfel.engine.advice.TurnLuck`), when its dice
        are about to fall (number named, stake covered): the maker's exact chance to win with his number, an
        opponent's exact expected net chips of his share (−share · edge; a share the rules made for him without a
        question counts too). None elsewhere, and for a seat without a part in this game."""
        assert isinstance(state, CrapsState)
        if state.phase != "first" or not state.number:
            return None
        if player == state.maker:
            return float(maker_win(state.number)), MEASURE_MAKER
        share = sum(a for p, a in state.shares if p == player)
        if share <= 0:
            return None
        return float(-share * edge(state.number)), MEASURE_SHARE

    def turn_result(self, before: State, after: State, player: int) -> float | None:
        """Once the game is decided: the maker 1 (won) or 0; an opponent his share's net chips (−share when the
        maker won, +share when he lost: twice the share back)."""
        assert isinstance(before, CrapsState) and isinstance(after, CrapsState)
        if before.phase not in ("first", "repeat") or after.phase in ("first", "repeat") or after.last_game is None:
            return None
        maker, _number, _stake, _point, won, shares = after.last_game
        if player == maker:
            return 1.0 if won else 0.0
        share = sum(a for p, a in shares if p == player)
        return float(-share if won else share)

    def value_of(self, state: State, player: int, action: Action) -> float | None:
        """The exact value of any legal choice in the measure :meth:`advise` gives (the post-game analysis asks for
        a choice it does not list): naming N with any stake wins with maker_win(N) — the stake changes the chips,
        not the chance —, a share s of N's game returns −s·edge(N)."""
        assert isinstance(state, CrapsState)
        if state.phase == "name" and isinstance(action, Name):
            return float(maker_win(action.number))
        if isinstance(action, Cover) and state.number:
            return float(-action.amount * edge(state.number))
        return None


def percent_params(x: Fraction) -> dict[str, str]:
    """``x`` as a percentage with two decimals, whole part and decimals in separate placeholders so that each
    catalogue writes its own decimal mark (as :func:`wuerfel.games.kit.hints.loss_params`)."""
    return loss_params(float(x) * 100, 2)


def solve_solo(rules: CrapsRules, rules_id: str, fresh: bool = False) -> SolveResult:
    """``wuerfel solve craps --objective solo``: the maker's best number, his exact chance to win with it and his
    edge per chip staked, and the chance of every number."""
    if fresh:
        for f in (sum_probabilities, maker_win, best_numbers):
            f.cache_clear()
    t0 = time.perf_counter()
    table = [(n, maker_win(n), edge(n)) for n in NUMBERS]
    best = best_numbers()
    win = maker_win(best[0])
    seconds = time.perf_counter() - t0
    lines: list[tuple[str, dict[str, Any]]] = [
        (
            N_("Best number: {numbers}; the maker wins {win} ({whole}.{decimals} %), edge {edge} per chip staked."),
            {
                "numbers": " / ".join(map(str, best)),
                "win": str(win),
                **percent_params(win),
                "edge": str(bank_edge(rules)),
            },
        ),
    ]
    lines += [
        (
            N_("  naming {number}: wins {win} ({whole}.{decimals} %), edge {edge}"),
            {"number": n, "win": str(w), **percent_params(w), "edge": str(e)},
        )
        for n, w, e in table
    ]
    return SolveResult(
        game="craps",
        rules=rules_id,
        objective="solo",
        value=float(win),
        seconds=seconds,
        extra={"exact": str(win)},
        value_of=N_("the maker's chance to win with the best number"),
        details={
            "best_numbers": list(best),
            "win": str(win),
            "edge": str(bank_edge(rules)),
            "best_stake": "all",
            "best_share": "least",
            "numbers": [
                {"number": n, "win": float(w), "win_fraction": str(w), "edge": float(e), "edge_fraction": str(e)}
                for n, w, e in table
            ],
        },
        lines=tuple(lines),
    )


def _odds(rules: CrapsRules) -> Any:
    """``wuerfel odds craps``: the sums of two dice, and the maker's exact chance for every number he may name with
    his edge per chip staked with the best one."""
    from wuerfel.engine.odds import OddsNote, ThrowClass, ThrowOdds

    notes = tuple(
        OddsNote(f"maker_wins_{n}", Phrase(N_("The maker wins naming {number}"), {"number": n}), maker_win(n))
        for n in NUMBERS
    )
    return ThrowOdds(
        2,
        tuple(ThrowClass(str(s), Phrase(N_("sum {n}"), {"n": s})) for s in NUMBERS),
        lambda dice: str(sum(dice)),
        notes=(
            *notes,
            OddsNote("bank_edge", Phrase(N_("The maker's edge per chip staked (naming 2 or 12)")), bank_edge(rules)),
        ),
    )


def _explain(rules: CrapsRules, players: int) -> Any:
    from wuerfel.games.hasard.explain.craps import explain

    return explain(rules, players)


INFO = register(
    GameInfo(
        id="craps",
        family="two-dice",
        name_de="Craps",
        name_en="Craps",
        options_class=CrapsRules,
        make=CrapsGame,
        min_players=2,
        max_players=8,
        default_preset="craps",
        presets_dir=Path(__file__).parent / "presets" / "craps",
        locale_dir=Path(__file__).parent / "locale" / "craps",
        description_de=(
            "Zwei Würfel: Der Macher setzt auf eine Zahl; fällt sie gleich, gewinnt er, sonst muss "
            "sein erster Wurf vor ihr wiederkommen."
        ),
        description_en=(
            "Two dice: the maker bets on a number; if it falls at once he wins, otherwise his first "
            "throw must come again before it."
        ),
        bots={"optimal": OptimalBot, "heuristic": NaiveBot},
        default_bot="optimal",
        solvers={"solo": solve_solo},
        advisor=CrapsAdvisor,
        chips=True,
        odds=_odds,
        bank_edges=single_edge(bank_edge, "maker", Phrase(N_("The maker's edge per chip staked (naming 2 or 12)"))),
        explain=_explain,
        explain_quotes=("starting_chips", "max_stake", "rounds"),
    )
)
