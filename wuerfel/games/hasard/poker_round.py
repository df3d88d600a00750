"""One round engine for the open poker games where everybody throws in turn and the best hand takes the pot:
Würfelpoker (Hasard 23, normal dice) and Al Capone (30, poker dice).

A round: everybody pays the ante into the pot (the kit's raise protocol, :class:`~wuerfel.games.kit.betting.Betting`,
opens with it); then in turn from the round's starter each player still in makes his turn — one open throw, or up to
``throws`` with free keeps of 1 to 4 dice as in game 27 (:class:`~wuerfel.games.kit.keeps.KeepTurn`) — and, where
raising is agreed, may raise once when he has finished; the others answer clockwise (call or pass). A player left
alone takes the pot at once. When everybody still in has thrown, the best result takes the pot. What "best" means
and what happens to equal best results is the game's:

* :meth:`PokerRoundState.hand_result` ranks a finished hand (Würfelpoker: the hand key with the Sequenz; Al Capone:
  the class, then the agreed point scale);
* ``ties = "split"`` (23: "so wird der Pott geteilt") shares the pot among the equal best, the indivisible chips stay
  in the pot for the next round — in the last round they are thrown off (a Stichrunde among the tied for the odd
  chips only, so every chip has an owner when the game ends); ``ties = "stich"`` (30, and 27's rule) throws off the
  whole pot: only the tied throw again, no new stakes, no raising, until one is best.

The winner of a round begins the next one (27/28's rule; after a split the first of the tied in turn order). The game
is ``rounds`` rounds; chips move only through the ledger, so they are conserved and ``payoffs()`` sum to zero at the
end. The betting decision of the bots is one function, :func:`betting_decision`, so a computed strategy (issue 14:
CFR or an exact best response) replaces it without touching the game.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Literal, Self

from wuerfel.engine import components as cmp
from wuerfel.engine import counts, narration
from wuerfel.engine.chips import ChipLedger
from wuerfel.engine.dice import Multiset, roll_distribution
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import CHANCE, JSON, TERMINAL, Action, Game, Outcome, Roll, State
from wuerfel.engine.rules import opt, require
from wuerfel.games.hasard.common import describe_outcome, result_view
from wuerfel.games.kit.betting import (
    BETTING_ACTIONS,
    Betting,
    Call,
    Check,
    Fold,
    Raise,
    betting_action_from_id,
    betting_action_id,
    describe_betting_action,
)
from wuerfel.games.kit.chance import parse_lot_or_throw
from wuerfel.games.kit.chip_results import ChipResults
from wuerfel.games.kit.hand_round import STOP_LABEL, STOP_WORDS, Stop
from wuerfel.games.kit.keeps import Keep, KeepRules, KeepTurn, describe_keep, keep_from_id, keep_id, parse_keep
from wuerfel.games.kit.lot import Lot, lot_outcomes
from wuerfel.games.kit.seats import in_turn_order
from wuerfel.games.kit.throwoff import next_throw_off, ranking_groups
from wuerfel.games.kit.void import Void, throw_outcomes
from wuerfel.i18n import translate

KEEP_RULES = KeepRules(dice=5, min_keep=1, max_keep=4)
"""Game 27's keeps, reused by 23's ``throws`` option: leave 1 to 4 dice standing, free at every throw."""

STOP_ID = 0
BET_BASE = 1
KEEP_BASE = 2000
"""Action ids: 0 stop, 1 + the kit's betting id (at most 3 + 1000), 2000 + the kit's keep id."""

STICH_MSG = N_("Stichrunde: the tied players throw again")
ODD_CHIPS_MSG = N_("Stichrunde for the odd chips of the split pot")
ROUND_WON = N_("{name} takes the pot ({chips})")
ROUND_SPLIT = N_("The pot is split: {chips} each, {rest} stay in the pot")

ROUND_OPTION_NAMES: dict[str, tuple[str, str]] = {
    "starting_chips": ("Chips zu Beginn", "Starting chips"),
    "ante": ("Einsatz je Runde", "Stake per round"),
    "rounds": ("Runden", "Rounds"),
    "max_stake": ("Höchsteinsatz", "Highest stake"),
    "start": ("Wer beginnt", "Who begins"),
}
"""The human names (German, English) of the options every poker round game has (the engine reads them all), for a
game's ``label_options`` call next to its own options; written once so the two games cannot drift apart."""

ROUND_OPTION_CHOICES: dict[str, dict[str, tuple[str, str]]] = {
    "start": {"lot": ("das Los (höchster Wurf)", "the lot (highest throw)"), "first_seat": ("Platz 1", "seat 1")},
}
"""The human names of the choices of :data:`ROUND_OPTION_NAMES`' ``start``."""


# The options every poker round game declares alike (the ante's wording and whether raising is the default differ,
# so a game writes those itself). Factories rather than a base class: a base's fields would come first in every
# listing and editor, where each game keeps its own order.
def starting_chips_option() -> Any:
    return opt(20, de="Chips für jeden Spieler zu Beginn", en="Chips each player starts with", low=1, high=10000)


def rounds_per_game_option() -> Any:
    return opt(6, de="Runden pro Partie", en="Rounds per game", low=1, high=100)


def max_stake_option() -> Any:
    return opt(6, de="Höchster Einsatz beim Erhöhen", en="Highest stake when raising", low=1, high=1000)


def first_round_option() -> Any:
    return opt(
        "lot", de="Wer die erste Runde beginnt: Los oder Platz 1", en="Who begins the first round: lot or seat 1"
    )


def validate_round_options(rules: Any) -> None:
    """Refuse a poker round game's shared options out of their ranges: chips, ante and rounds at least 1, the
    highest stake at least the ante."""
    for key in ("starting_chips", "ante", "rounds"):
        require(getattr(rules, key) >= 1, key, "≥ 1", getattr(rules, key))
    require(rules.max_stake >= rules.ante, "max_stake", f"≥ ante ({rules.ante})", rules.max_stake)


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    """The dataclass fields of a state class (a game's subclass may add its own): what :meth:`_evolve` copies."""
    return tuple(f.name for f in dataclasses.fields(cls))


@dataclasses.dataclass(frozen=True)
class PokerRoundState(ChipResults, State):
    """A position of a poker round game (module text). Frozen and hashable: the exact solver can walk it."""

    game: Game = dataclasses.field(compare=False, repr=False)
    ledger: ChipLedger = ChipLedger(())
    betting: Betting | None = None
    phase: Literal["lot", "play", "over"] = "lot"
    round_no: int = 0
    starter: int = 0
    order: tuple[int, ...] = ()
    """Who throws in this pass, in turn order (everybody; the tied in a Stichrunde)."""
    index: int = 0
    """Position in ``order`` of the seat whose turn it is (== len(order): the pass is over)."""
    turn: KeepTurn = KeepTurn(limit=1)
    hands: tuple[Multiset | None, ...] = ()
    """Per seat his last finished hand of the round (the main pass, then his Stichrunde throws; None: not yet)."""
    results: tuple[tuple[tuple[int, ...], ...] | None, ...] = ()
    """Per seat: the result of the main pass, then one per Stichrunde he played (None: not compared)."""
    stich: int = 0
    odd_chips: bool = False
    """The current Stichrunde decides only the odd chips left by a split in the last round."""
    history: tuple[tuple[int, tuple[int, ...], int], ...] = ()
    """(round, winners, chips each won) of every decided pot."""

    ties: ClassVar[Literal["split", "stich"]] = "stich"
    face: ClassVar[cmp.Face] = "poker"
    game_id: ClassVar[str] = ""

    # --- what a game defines -----------------------------------------------------------------------------------
    @property
    def rules(self) -> Any:
        return self.game.rules

    def hand_result(self, dice: Multiset) -> tuple[int, ...]:
        """The finished hand's result, compared "higher is better" (equal results are equal hands)."""
        raise NotImplementedError

    def hand_phrase(self, dice: Multiset) -> cmp.Phrase:
        """The hand in words for the table ("Full House", "Sequenz 1-2-3-4-5")."""
        raise NotImplementedError

    def goal_text(self) -> cmp.Phrase:
        """What decides the pot, in the game's words, for the goal line on the felt."""
        return cmp.Phrase(N_("The best hand takes the pot"))

    def goal(self) -> cmp.Goal:
        """Issue 24: what the game plays for and which round of how many is playing, first on the felt."""
        if self.phase != "play":
            return cmp.Goal(self.goal_text())
        return cmp.Goal(
            self.goal_text(),
            cmp.Phrase(N_("Round {number} of {rounds}"), {"number": self.round_no + 1, "rounds": self.rules.rounds}),
        )

    @property
    def max_throws(self) -> int:
        return int(getattr(self.rules, "throws", 1))

    @property
    def max_stake(self) -> int:
        """M of the raise protocol; the ante when raising is not agreed (then nobody is ever offered a raise)."""
        return int(self.rules.max_stake) if self.rules.raising else int(self.rules.ante)

    # --- set-up ------------------------------------------------------------------------------------------------
    @property
    def n(self) -> int:
        return self.game.num_players

    @classmethod
    def initial(cls, game: Game) -> PokerRoundState:
        r = game.rules
        state = cls(
            game,
            ChipLedger.start(game.num_players, r.starting_chips),
            hands=(None,) * game.num_players,
            results=(None,) * game.num_players,
        )
        return state if r.start == "lot" else state._start_round(0)

    def _start_round(self, starter: int) -> PokerRoundState:
        betting, ledger = Betting.open(self.ledger, self.rules.ante, self.max_stake)
        order = in_turn_order(tuple(range(self.n)), starter, self.n)
        return self._evolve(
            phase="play",
            ledger=ledger,
            betting=betting,
            starter=starter,
            order=order,
            index=0,
            turn=KeepTurn(limit=self.max_throws),
            hands=(None,) * self.n,
            results=(None,) * self.n,
            stich=0,
            odd_chips=False,
        )

    def _evolve(self, **changes: Any) -> Self:
        """``dataclasses.replace`` without re-running the frozen ``__init__`` (no checks live there): it set every
        field one by one and was the largest part of a move's cost, copied several times per event. Only the
        fields are copied; what the old state remembered about itself (``State.remember``) stays with it."""
        new = object.__new__(type(self))
        d = new.__dict__
        old = self.__dict__
        d.update({name: old[name] for name in _field_names(type(self))})
        d.update(changes)
        return new

    def _betting(self) -> Betting:
        assert self.betting is not None
        return self.betting

    # --- node kind ---------------------------------------------------------------------------------------------
    def seat(self) -> int | None:
        """Whose turn of throws it is (None between passes)."""
        return self.order[self.index] if self.phase == "play" and self.index < len(self.order) else None

    def to_move(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase == "lot":
            return CHANCE
        bettor = self._betting().to_act()
        if bettor is not None:
            return bettor
        if self.turn.throwing:
            return CHANCE
        seat = self.seat()
        assert seat is not None
        return seat

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        player = self.asked_seat(player)
        if player is None:
            return ()
        b = self._betting()
        if b.to_act() is not None:
            return b.legal_actions(player)
        return (*self.turn.keep_actions(KEEP_RULES, menu=True), Stop())

    def explain_illegal(self, action: Action, player: int) -> None:
        b = self._betting()
        if isinstance(action, BETTING_ACTIONS) or b.to_act() is not None:
            b.explain_illegal(action, player)
        if isinstance(action, Keep):
            refused = self.turn.refusal(action.dice, KEEP_RULES)
            if refused is not None:
                raise refused[1]

    def _apply_action(self, action: Action, player: int) -> State:
        if isinstance(action, BETTING_ACTIONS):
            betting, ledger = self._betting().apply(action, player, self.ledger)
            return self._evolve(betting=betting, ledger=ledger)._go_on()
        if isinstance(action, Keep):
            return self._evolve(turn=self.turn.keep(action.dice, KEEP_RULES, checked=False))
        assert isinstance(action, Stop)
        return self._end_turn()

    # --- chance ------------------------------------------------------------------------------------------------
    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        if not self.is_chance():
            return ()
        if self.phase == "lot":
            return lot_outcomes(self.n)
        return throw_outcomes(self.turn.to_throw())

    def dice_to_throw(self) -> int:
        return self.turn.to_throw() if self.is_chance() and self.phase == "play" else 0

    def thrower(self) -> int | None:
        return self.seat() if self.is_chance() and self.phase == "play" else None

    def dice_standing(self) -> Multiset:
        return self.turn.standing() if self.is_chance() else ()

    def parse_outcome(self, text: str) -> Outcome:
        return parse_lot_or_throw(text, self.n, self.phase == "lot", self.dice_to_throw(), poker=self.face == "poker")

    def _apply_outcome(self, outcome: Outcome) -> State:
        if isinstance(outcome, Lot):
            return self._start_round(outcome.seat)
        if isinstance(outcome, Void):
            return self  # spec G6: thrown again, no throw used
        assert isinstance(outcome, Roll)
        turn = self.turn.thrown(outcome.dice)
        state = self._evolve(turn=turn)
        return state._end_turn() if turn.throws >= turn.limit else state

    def describe_outcome(self, outcome: Outcome, lang: str = "de", names: Sequence[str] = ()) -> str:
        """Poker dice by name, normal dice highest first without a sum (a poker hand has no use for one)."""
        if isinstance(outcome, Roll) and self.face == "pips":
            return " ".join(str(d) for d in sorted(outcome.dice, reverse=True))
        return describe_outcome(outcome, lang, poker=self.face == "poker", names=names)

    # --- the flow ----------------------------------------------------------------------------------------------
    def _end_turn(self) -> PokerRoundState:
        """The seat's hand is final: note its result, offer him a raise (not in a Stichrunde), go on."""
        seat = self.seat()
        assert seat is not None
        dice = self.turn.dice
        results = list(self.results)
        results[seat] = (results[seat] or ()) + (self.hand_result(dice),)
        hands = tuple(dice if p == seat else h for p, h in enumerate(self.hands))  # a Stichrunde shows the new one
        betting = self._betting() if self.stich else self._betting().offer(seat)
        state = self._evolve(
            results=tuple(results),
            hands=hands,
            betting=betting,
            index=self.index + 1,
            turn=KeepTurn(limit=self.max_throws),
        )
        return state._go_on()

    def _go_on(self) -> PokerRoundState:
        """After every event: wait for a due bet; a lone survivor takes the pot; else the next player still in
        throws, or the pass is over and the pot is decided."""
        b = self._betting()
        if b.pending:
            return self
        survivor = b.sole_survivor()
        if survivor is not None:
            return self._pay((survivor,), final=True)
        index = self.index
        while index < len(self.order) and self.order[index] in b.folded:
            index += 1
        if index < len(self.order):
            return self._evolve(index=index, turn=KeepTurn(limit=self.max_throws))
        return self._settle()

    def _settle(self) -> PokerRoundState:
        b = self._betting()
        seats = tuple(p for p in self.order if p not in b.folded)
        depth = max(len(self.results[p] or ()) for p in seats)
        width = max(len(r) for p in range(self.n) for r in (self.results[p] or ()))
        rows = [self._padded(p, depth, width) if p in seats else () for p in range(self.n)]
        groups = ranking_groups(rows, seats=seats)
        tied = next_throw_off(groups, settle_loser=False)
        if not tied:
            return self._pay(groups[0], final=True)
        if self.ties == "split" and not self.odd_chips:
            return self._pay(tied, final=False)
        return self._throw_off(tied, odd=self.odd_chips)

    def _padded(self, seat: int, depth: int, width: int) -> tuple[int, ...]:
        """A seat's results flattened for comparison (``width``: the longest result of any seat); a pass he did not
        play counts as nothing (never decides)."""
        res = list(self.results[seat] or ())
        flat: list[int] = []
        for i in range(depth):
            r = res[i] if i < len(res) else ()
            flat.extend([*r, *([-1] * (width - len(r)))])
        return tuple(flat)

    def _throw_off(self, tied: tuple[int, ...], odd: bool) -> PokerRoundState:
        order = in_turn_order(tied, self.starter, self.n)
        return self._evolve(
            order=order, index=0, turn=KeepTurn(limit=self.max_throws), stich=self.stich + 1, odd_chips=odd
        )

    def _pay(self, winners: tuple[int, ...], final: bool) -> PokerRoundState:
        """Share the pot among ``winners`` (one: all of it). A split leaves the odd chips in the pot; in the last
        round they are thrown off among the same players (``final`` is False only for such a split)."""
        pot = self.ledger.pot
        ledger = self._betting().award(self.ledger, winners)
        each = pot // len(winners)
        last = self.round_no + 1 >= self.rules.rounds
        history = (*self.history, (self.round_no, winners, each))
        state = self._evolve(ledger=ledger, history=history)
        if not final and last and ledger.pot > 0:
            return state._throw_off(winners, odd=True)
        state = state._evolve(round_no=self.round_no + 1)
        if state.round_no >= self.rules.rounds:
            return state._evolve(phase="over", order=(), index=0, turn=KeepTurn(limit=self.max_throws))
        return state._start_round(in_turn_order(winners, self.starter, self.n)[0])

    # --- results (scores, winners, losers, payoffs: ChipResults) -----------------------------------------------
    def solver_key(self) -> Hashable:
        return (
            type(self),
            self.ledger,
            self.betting,
            self.phase,
            self.round_no,
            self.starter,
            self.order,
            self.index,
            self.turn,
            self.results,
            self.stich,
            self.odd_chips,
        )

    # --- information -------------------------------------------------------------------------------------------
    def view(self, player: int | None) -> JSON:
        b = self.betting
        out: JSON = {
            "game": self.game_id,
            "to_move": self.to_move(),
            "actors": list(self.actors()),
            "scores": list(self.ledger.players),
            "score_label": N_("Chips"),
            "pot": self.ledger.pot,
            "phase": self.phase,
            "round": self.round_no,
            "rounds": self.rules.rounds,
            "starter": self.starter,
            "order": list(self.order),
            "seat": self.seat(),
            "dice": list(self.turn.dice),
            "standing": list(self.turn.standing()),
            "throws": self.turn.throws,
            "hands": [list(h) if h is not None else None for h in self.hands],
            "stichrunde": self.stich,
            "odd_chips": self.odd_chips,
            "level": b.level if b else 0,
            "paid": list(b.paid) if b else [],
            "folded": sorted(b.folded) if b else [],
            "history": [[r, list(w), c] for r, w, c in self.history],
        }
        if self.is_terminal():
            out.update(result_view(self))
        return out

    def components(self, player: int | None) -> tuple[cmp.Component, ...]:
        """The goal line, every finished hand with its name, the dice of the turn under way, the pot with the stake
        level, the round and the seats' chips — all public (every throw is open)."""
        out: list[cmp.Component] = [self.goal()]
        playing = self.phase == "play"
        b = self.betting
        folded = b.folded if b else frozenset()
        for p, h in enumerate(self.hands if self.phase != "lot" else ()):  # the last round's hands stay at the end
            if h is not None:
                label = self.hand_phrase(h)
                if p in folded:
                    label = cmp.Phrase(N_("{hand} (passed)"), {"hand": label})
                out.append(cmp.Dice(tuple(h), face=self.face, seat=p, label=label, key=f"hand:{p}"))
        seat = self.seat()
        if playing and seat is not None and self.turn.dice:
            out.append(
                dataclasses.replace(
                    self.turn.component(self.face, seat), key="turn", label=self.hand_phrase(self.turn.dice)
                )
            )
        if self.stich and playing:
            out.append(cmp.Message(cmp.Phrase(ODD_CHIPS_MSG if self.odd_chips else STICH_MSG), key="stich"))
        if self.history and self.round_shown_with_last_pot():
            r, winners, each = self.history[-1]
            if len(winners) == 1:
                msg = cmp.Phrase(ROUND_WON, {"name": cmp.SeatRef(winners[0]), "chips": counts.chips(each)})
            else:
                msg = cmp.Phrase(
                    ROUND_SPLIT, {"chips": counts.chips(each), "rest": self.ledger.pot if r == self.round_no else 0}
                )
            out.append(cmp.Message(msg, key="last_pot"))
        if playing:
            out.append(cmp.Counter(self.round_no + 1, target=self.rules.rounds, label=cmp.Phrase(N_("Round"))))
        if b is not None:
            out.extend(b.components(self.ledger))
        else:
            out.append(cmp.Counter(self.ledger.pot, label=cmp.Phrase(N_("Pot"))))
        actors = set(self.actors())
        out.append(
            cmp.Seats(
                tuple(
                    cmp.SeatLine(p, score=self.ledger.players[p], active=p in actors, finished=p in folded and playing)
                    for p in range(self.n)
                ),
                label=cmp.Phrase(N_("Chips")),
            )
        )
        return tuple(out)

    def round_shown_with_last_pot(self) -> bool:
        """Whether the felt still tells how the last pot went: at the end, in the Stichrunde for a split's odd
        chips, and in a new round until its first throw — not beside the new round's hands (web U6: a round's
        hands and the last round's winner side by side read as one round). The move list keeps it
        (:meth:`announcements`)."""
        if self.phase != "play" or self.odd_chips:
            return True
        return not any(h is not None for h in self.hands) and not self.turn.dice

    def announcements(self, event: Action | Outcome, player: int | None, after: State) -> tuple[cmp.Phrase, ...]:
        """A finished hand by its name, a Stichrunde and why, who took the pot (or how it was split), the next
        round with its first player and antes. Every throw and every chip is open at this table."""
        if not isinstance(after, PokerRoundState) or self.phase != "play":
            return ()
        out: list[cmp.Phrase] = []
        seat = self.seat()
        hand: Multiset | None = None
        if seat is not None and isinstance(event, Stop):
            hand = self.turn.dice
        elif seat is not None and isinstance(event, Roll) and self.turn.throws + 1 >= self.turn.limit:
            hand = self.turn.thrown(event.dice).dice
        if seat is not None and hand:
            out.append(cmp.Phrase(narration.TURN_RESULT, {"name": cmp.SeatRef(seat), "result": self.hand_phrase(hand)}))
        pot = self.ledger.pot
        if isinstance(event, BETTING_ACTIONS) and player is not None:
            pot = self._betting().apply(event, player, self.ledger)[1].pot
        for _r, winners, each in after.history[len(self.history) :]:
            if len(winners) == 1:
                out.append(cmp.Phrase(ROUND_WON, {"name": cmp.SeatRef(winners[0]), "chips": counts.chips(each)}))
            else:
                out.append(cmp.Phrase(ROUND_SPLIT, {"chips": counts.chips(each), "rest": pot - each * len(winners)}))
        if after.phase == "play" and after.stich > self.stich:
            out.append(
                cmp.Phrase(ODD_CHIPS_MSG)
                if after.odd_chips
                else narration.throw_off(after.order, first=True, again=self.stich > 0)
            )
        if after.phase == "play" and after.round_no > self.round_no:
            out.append(cmp.Phrase(narration.NEW_ROUND, {"k": after.round_no + 1, "name": cmp.SeatRef(after.starter)}))
            out.append(cmp.Phrase(narration.ANTES_ALL, {"chips": counts.chips(self.rules.ante)}))
        return tuple(out)

    def parse_action_text(self, text: str, player: int) -> Action:
        """ "stop" ends the turn; dice ("6 6 5", "A A K") are a keep; betting words: "mitgehen"/"call",
        "passen"/"fold", "nicht erhöhen"/"check", "erhöhen 4"/"raise 4"."""
        t = text.casefold().strip()
        words = t.split()
        if t in STOP_WORDS:
            return Stop()
        if t in ("mitgehen", "call", "c"):
            return Call()
        if t in ("passen", "pass", "fold", "aus"):
            return Fold()
        if t in ("check", "nicht erhöhen", "kein", "no raise", "weiter"):
            return Check()
        if words and words[0] in ("erhöhen", "erhoehen", "raise", "r") and len(words) == 2 and words[1].isdigit():
            return Raise(int(words[1]))
        keep = parse_keep(text, poker=self.face == "poker")
        if keep is not None:
            return keep
        raise IllegalAction(N_('Type "stop", dice to leave standing, "mitgehen", "passen" or "erhöhen 3".'))

    def describe_action(self, action: Action, lang: str = "de") -> str:
        words = describe_betting_action(action, lang)
        if words is not None:
            return words
        if isinstance(action, Keep):
            return describe_keep(action.dice, 5, lang, face=self.face)
        if isinstance(action, Stop):
            return translate(STOP_LABEL, lang)
        return super().describe_action(action, lang)


class PokerRoundGame(Game):
    """The game object of a poker round game; ``state_class`` is the game's state."""

    state_class: ClassVar[type[PokerRoundState]] = PokerRoundState
    action_classes: ClassVar[tuple[type[Action], ...]] = (*BETTING_ACTIONS, Keep, Stop)
    outcome_classes: ClassVar[tuple[type[Outcome], ...]] = (Roll, Void, Lot)

    def new_initial_state(self) -> State:
        return self.state_class.initial(self)

    def action_universe(self) -> tuple[Action, ...]:
        """Every concrete action: stop, a keep of up to five dice, the raise protocol up to the highest stake."""
        from wuerfel.games.kit.betting import betting_universe
        from wuerfel.games.kit.keeps import keep_universe

        return (Stop(), *keep_universe(5), *betting_universe(int(self.state_class.initial(self).max_stake)))

    def action_id(self, action: Action) -> int:
        if isinstance(action, Stop):
            return STOP_ID
        if isinstance(action, Keep):
            return KEEP_BASE + keep_id(action.dice)
        return BET_BASE + betting_action_id(action, 10_000)

    def action_from_id(self, action_id: int) -> Action:
        if action_id == STOP_ID:
            return Stop()
        if action_id >= KEEP_BASE:
            return Keep(keep_from_id(action_id - KEEP_BASE))
        return betting_action_from_id(action_id - BET_BASE)


# --- the bots' decisions -------------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=64)
def _one_throw(cls: type[PokerRoundState], game: Game) -> tuple[tuple[tuple[int, ...], float], ...]:
    """The results of one throw of the game's five dice with their probabilities (cached per game object)."""
    state = cls.__new__(cls)
    object.__setattr__(state, "game", game)
    acc: dict[tuple[int, ...], Fraction] = {}
    for d, p in roll_distribution(5):
        r = state.hand_result(d)
        acc[r] = acc.get(r, Fraction(0)) + p
    return tuple((r, float(p)) for r, p in sorted(acc.items()))


def win_chance(state: PokerRoundState, seat: int, dice: Multiset) -> float:
    """The chance that ``dice`` (the seat's finished hand) takes the pot: it must beat every hand already shown by a
    player still in, and each player still to throw must throw a lower hand with one throw (``one_throw``: the
    game's exact distribution of results of one throw, ascending, as ``(result, probability)``). Equal hands count
    half (a split or a throw-off). Keeps of later players are not modelled (the default of one throw has none)."""
    return _result_chance(state, seat, state.hand_result(dice))


def blind_chance(state: PokerRoundState, seat: int) -> float:
    """The chance to take the pot of a seat that has not thrown yet (he answers a raise blind): :func:`win_chance`
    averaged over his own one throw."""
    return sum(pr * _result_chance(state, seat, r) for r, pr in _one_throw(type(state), state.game))


def _result_chance(state: PokerRoundState, seat: int, mine: tuple[int, ...]) -> float:
    one_throw = _one_throw(type(state), state.game)
    b = state._betting()
    chance = 1.0
    for p in range(state.n):
        if p == seat or p in b.folded:
            continue
        h = state.hands[p]
        if h is not None:
            other = state.hand_result(h)
            if other > mine:
                return 0.0
            if other == mine:
                chance *= 0.5
    later = [p for p in state.order[state.index :] if p != seat and p not in b.folded]
    below = sum(pr for r, pr in one_throw if r < mine)
    equal = sum(pr for r, pr in one_throw if r == mine)
    return chance * (below + equal / 2) ** len(later)


def betting_decision(state: PokerRoundState, seat: int, chance: float | None) -> Action:
    """The bots' one betting decision (the plug-in point for a computed strategy, issue 14).

    ``chance``: the seat's chance to take the pot (:func:`win_chance`) once his hand is final, None while he has not
    thrown (he decides blind). Stated rule: raise to the maximum with a chance of at least 60 %, else do not raise;
    answer a raise by calling when the pot odds pay it — the chance is at least what the call costs over the pot
    after the call — and blind (not thrown yet) when the call costs at most a third of the pot; else pass."""
    b = state._betting()
    if b.answering and b.answering[0] == seat:
        owed = b.owes(seat)
        pot = state.ledger.pot
        if chance is None:
            return Call() if owed * 3 <= pot else Fold()
        return Call() if chance >= owed / (pot + owed) else Fold()
    if chance is not None and chance >= 0.6:
        return Raise(b.maximum)
    return Check()


# --- the registration's factories -----------------------------------------------------------------------------------
# Every poker round game plays with the same bots and the same advisor, since they decide only through the state's
# ``hand_result`` and the kit's betting; the games register these factories instead of writing them again. The
# imports are deferred so that registering a game does not load the bots (and the bots' modules import this one).
def heuristic_bot(game: Game, seed: int) -> Any:
    """The stated-rule bot (:func:`betting_decision`)."""
    from wuerfel.games.hasard.poker_bots import PokerRoundBot

    return PokerRoundBot(game, seed)


def optimal_bot(game: Game, seed: int) -> Any:
    """The computed betting bot (:mod:`wuerfel.games.hasard.poker_round_bot`): exact for two players."""
    from wuerfel.games.hasard.poker_round_bot import ComputedRoundBot

    return ComputedRoundBot(game, seed)


def advisor(game: Game) -> Any:
    """The hints of a poker round game."""
    from wuerfel.games.hasard.poker_bots import PokerRoundAdvisor

    return PokerRoundAdvisor(game)
