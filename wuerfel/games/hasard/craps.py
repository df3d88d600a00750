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

The maker's chance is exact (:func:`~wuerfel.games.hasard.craps_chances.maker_win`): P(win | N) = p(N) +
Σ_{x≠N} p(x)·p(x)/(p(x)+p(N)) — the first throw hits N, or it sets the point x and x falls again before N. Naming
2 or 12 wins with 111/140, naming 7 is worst at 6557/13860 (the book's trap: the commonest sum makes the worst
number). :func:`~wuerfel.games.hasard.craps_chances.bank_edge` is the maker's expected gain per chip staked, 2·P − 1
(41/70 with 2 or 12).

The game is split by idea (issue 26): this module the rules and the state machine with its registration;
:mod:`~wuerfel.games.hasard.craps_moves` the moves; :mod:`~wuerfel.games.hasard.craps_chances` the exact chances,
the solver and the odds; :mod:`~wuerfel.games.hasard.craps_table` what the table shows and says;
:mod:`~wuerfel.games.hasard.craps_bots` the bots and the advisor.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar, Literal

from wuerfel.engine.chips import ChipLedger
from wuerfel.engine.components import Component, Goal, Phrase
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
from wuerfel.games.hasard import craps_table
from wuerfel.games.hasard.craps_chances import NUMBERS, bank_edge, odds, solve_solo
from wuerfel.games.hasard.craps_moves import Cover, Name
from wuerfel.games.kit.bank_board import Rotation
from wuerfel.games.kit.chip_results import ChipResults
from wuerfel.games.kit.lot import Lot, lot_outcomes, parse_lot
from wuerfel.games.kit.seats import left_of
from wuerfel.games.kit.void import Void, parse_throw, throw_outcomes

POT = "pot"
"""The ledger pool the maker's stake and the opponents' shares lie in until the game is decided."""
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

    # --- what the table shows and says (craps_table.py) ------------------------------------------------------
    def view(self, player: int | None) -> JSON:
        return craps_table.view(self, player)

    def components(self, player: int | None) -> tuple[Component, ...]:
        """The goal line, the seats' chips, the pot, the throw, the number, the point and the maker's chance, and how
        the last game ended (:func:`craps_table.components`)."""
        return craps_table.components(self, player)

    def goal(self) -> Goal:
        """Issue 24: what decides a game, first on the felt, and which game of the session is playing."""
        return craps_table.goal(self)

    def announcements(self, event: Action | Outcome, player: int | None, after: State) -> tuple[Phrase, ...]:
        """Shares covered, the point, how a game ended, makers passed over, the next maker
        (:func:`craps_table.announcements`). Every chip on the table is public."""
        if not isinstance(after, CrapsState) or self.phase == "lot":
            return ()
        return craps_table.announcements(self, event, after)

    def parse_action_text(self, text: str, player: int) -> Action:
        return craps_table.parse_action_text(self, text)

    def describe_action(self, action: Action, lang: str = "de") -> str:
        words = craps_table.describe_action(action, lang)
        return words if words is not None else super().describe_action(action, lang)

    def describe_outcome(self, outcome: Outcome, lang: str = "de", names: Sequence[str] = ()) -> str:
        words = craps_table.describe_outcome(outcome, lang, names)
        return words if words is not None else super().describe_outcome(outcome, lang, names)


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


def _optimal_bot(game: Game, seed: int) -> Any:
    from wuerfel.games.hasard.craps_bots import OptimalBot

    return OptimalBot(game, seed)


def _naive_bot(game: Game, seed: int) -> Any:
    from wuerfel.games.hasard.craps_bots import NaiveBot

    return NaiveBot(game, seed)


def _advisor(game: Game) -> Any:
    from wuerfel.games.hasard.craps_bots import CrapsAdvisor

    return CrapsAdvisor(game)


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
        bots={"optimal": _optimal_bot, "heuristic": _naive_bot},
        default_bot="optimal",
        solvers={"solo": solve_solo},
        advisor=_advisor,
        chips=True,
        odds=odds,
        bank_edges=single_edge(bank_edge, "maker", Phrase(N_("The maker's edge per chip staked (naming 2 or 12)"))),
        explain=_explain,
        explain_quotes=("starting_chips", "max_stake", "rounds"),
    )
)
