"""Offenes Würfelpoker (Hasard game 27): five poker dice, open hands, raise / call / pass.

"Man vereinbart den niedrigsten Einsatz (z.B. ein Chip) und den höchsten Einsatz (z.B. 6 Chips) pro Spiel. Jeder
Spieler setzt den Mindesteinsatz in die Kasse. Es wird ausgelost, wer beginnen muß […], und dann wird reihum einmal
bis dreimal geworfen. […] läßt dann wahlweise 1 bis 4 Würfel stehen und wirft mit den restlichen ein zweites Mal
[…]. Hat ein Spieler eine günstige Pokerkombination geworfen, kann er den Einsatz erhöhen. Seine Gegenspieler müssen
dann entweder "mitgehen" […] oder "passen" (ausscheiden). Am Ende der Runde kassiert der Spieler mit der höchsten
Pokerkombination den Pott. Haben 2 oder mehrere Spieler absolut gleiche Kombinationen erzielt, bleibt der Einsatz
stehen und diese Spieler tragen eine Stichrunde aus. Der Gewinner muß bei der nächsten Runde beginnen."

A match is ``games`` games (pots). In each everybody pays the minimum stake m; in turn from the starter every player
still in plays a keep turn (:class:`~wuerfel.games.kit.keeps.KeepTurn`: up to three throws, 1–4 dice left standing,
free keeps; option: rethrowing all five) whose final dice are his open hand; when he has finished, the raise protocol
of spec 27 (:class:`~wuerfel.games.kit.betting.Betting`) offers him one raise up to the maximum M, and the others
still in answer clockwise — call or pass (out, forfeiting what he paid; players who have not thrown decide blind).
One player left takes the pot at once. After the last turn the best hand takes the pot; absolutely equal best hands
keep the pot and play a Stichrunde (the tied players play normal turns again, no stakes, no raising) until one is
best. The winner begins the next game. Hands are ranked by the poker-dice key of section A (Quint and Joker Poker as
options).

Bots (``optimal``, the default): :mod:`wuerfel.games.hasard.poker_betting` — for two players the exact subgame-
perfect solution of the game (keeps, raise, call or pass, in chips), for more a documented one-step expected-chips
strategy; keeps maximise the chance to beat the hand to beat. ``heuristic``
(:mod:`wuerfel.games.hasard.offenes_heuristic`), a stated rule over the open hands, plays without numpy.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar, Literal

from wuerfel.engine import components as cmp
from wuerfel.engine import counts, narration
from wuerfel.engine.chips import ChipLedger
from wuerfel.engine.dice import Multiset
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import CHANCE, JSON, TERMINAL, Action, Game, Outcome, Roll, State
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options, opt, require
from wuerfel.games.hasard.common import describe_outcome, result_view
from wuerfel.games.hasard.poker import POKER_OPTION_NAMES, Key, PokerRules, key_phrase
from wuerfel.games.kit import START_NAME, START_WORDS, start_option
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
from wuerfel.games.kit.hands import Stop, parse_throw_or_stop
from wuerfel.games.kit.keeps import (
    Keep,
    KeepRules,
    KeepTurn,
    describe_keep,
    dice_component,
    keep_from_id,
    keep_id,
    parse_keep,
)
from wuerfel.games.kit.lot import Lot, lot_outcomes
from wuerfel.games.kit.seats import clockwise, in_turn_order
from wuerfel.games.kit.void import Void, throw_outcomes
from wuerfel.i18n import translate

GAME_ID = "offenes-wuerfelpoker"
DICE = 5
KEEP_BASE = 1000
"""Action ids: 0 stop, 1 + the betting kit's id for raise/check/call/pass, KEEP_BASE + the kit's keep id."""


@dataclasses.dataclass(frozen=True)
class OffenesRules(PokerRules):
    """Options of Offenes Würfelpoker; every default is the text or the spec's resolution. Quint and Joker Poker
    (``quint``, ``joker``) come from the shared poker rules block (:class:`~wuerfel.games.hasard.poker.PokerRules`)."""

    starting_chips: int = opt(
        30, de="Chips für jeden Spieler zu Beginn", en="Chips each player starts with", low=1, high=10000
    )
    minimum: int = opt(
        1,
        de="Mindesteinsatz m: jeder zahlt ihn zu Beginn jedes Spiels (Text: z. B. 1 Chip)",
        en="Minimum stake m: everybody pays it at the start of every game (text: e.g. 1 chip)",
        low=0,
        high=1000,
    )
    maximum: int = opt(
        6,
        de="Höchsteinsatz M: bis dahin darf erhöht werden (Text: z. B. 6 Chips)",
        en="Maximum stake M: raises may go up to it (text: e.g. 6 chips)",
        low=0,
        high=1000,
    )
    games: int = opt(6, de="Spiele (Pötte) pro Partie", en="Games (pots) per match", low=1, high=100)
    max_throws: int = opt(
        3, de="Würfe je Spieler (Text: 1 bis 3)", en="Throws per player (text: 1 to 3)", low=1, high=5
    )
    min_keep: int = opt(
        1,
        de="Mindestens so viele Würfel bleiben beim Nachwerfen stehen (Text: 1)",
        en="Fewest dice left standing at a rethrow (text: 1)",
        low=0,
        high=4,
    )
    max_keep: int = opt(
        4,
        de="Höchstens so viele Würfel bleiben stehen (Text: 4)",
        en="Most dice left standing at a rethrow (text: 4)",
        low=0,
        high=4,
    )
    rethrow_all: bool = opt(
        False,
        de="Alle fünf Würfel dürfen neu geworfen werden (Text: nein, 1 bis 4 stehen)",
        en="All five dice may be thrown again (text: no, 1 to 4 stand)",
    )
    start: Literal["lot", "first_seat"] = start_option()

    def validate(self) -> None:
        require(self.minimum <= self.maximum, "minimum/maximum", "minimum ≤ maximum", (self.minimum, self.maximum))
        require(
            self.min_keep <= self.max_keep, "min_keep/max_keep", "min_keep ≤ max_keep", (self.min_keep, self.max_keep)
        )


label_options(
    OffenesRules,
    {
        "starting_chips": ("Chips zu Beginn", "Starting chips"),
        "minimum": ("Mindesteinsatz", "Minimum stake"),
        "maximum": ("Höchsteinsatz", "Maximum stake"),
        "games": ("Spiele pro Partie", "Games per match"),
        "max_throws": ("Würfe je Spieler", "Throws per player"),
        "min_keep": ("Mindestens stehen lassen", "Fewest dice to keep"),
        "max_keep": ("Höchstens stehen lassen", "Most dice to keep"),
        "rethrow_all": ("Alle fünf neu werfen erlaubt", "Rethrowing all five allowed"),
        **POKER_OPTION_NAMES,
        "start": START_NAME,
    },
    {"start": START_WORDS},
)


def keep_rules(rules: OffenesRules) -> KeepRules:
    """1–4 dice standing, free keeps; "rethrow all" adds keeping none."""
    return _keep_rules(rules.min_keep, rules.max_keep, rules.rethrow_all)


_KEEP_RULES: dict[tuple[int, int, bool], KeepRules] = {}


def _keep_rules(lo: int, hi: int, all_: bool) -> KeepRules:
    key = (lo, hi, all_)
    if key not in _KEEP_RULES:
        _KEEP_RULES[key] = KeepRules(DICE, min_keep=lo, max_keep=hi, rethrow_all=all_)
    return _KEEP_RULES[key]


def hand_of(dice: Multiset, rules: OffenesRules) -> Key:
    """The ranking key of a final hand under the rules (Quint and Joker as agreed)."""
    return rules.hand_key(tuple(sorted(dice)))


NEW_GAME = N_("Game {k} begins; {name} starts")


@dataclasses.dataclass(frozen=True)
class OffenesState(ChipResults, State):
    """One match: the chips, the betting of the current game, whose turn in which pass, the open hands."""

    game: Game = dataclasses.field(compare=False, repr=False)
    ledger: ChipLedger = ChipLedger(())
    betting: Betting | None = None
    phase: Literal["lot", "turn", "over"] = "lot"
    game_no: int = 0
    """Games (pots) finished so far."""
    starter: int = 0
    order: tuple[int, ...] = ()
    """The seats of the current pass in turn order: everybody from the starter, or the tied of a Stichrunde."""
    index: int = 0
    """Position in ``order`` of the seat whose turn it is (``len(order)``: the pass is over)."""
    turn: KeepTurn | None = None
    done: bool = False
    """The current player has stopped (or used his throws); his betting decision may still be due."""
    hands: tuple[Multiset | None, ...] = ()
    """Per seat: his final dice in the current pass (None: not yet, or not in it)."""
    stich: int = 0
    """Stichrunden played in the current game so far."""
    history: tuple[tuple[int, int, int], ...] = ()
    """(game, winner, pot won) of the games played."""
    shown: tuple[Multiset | None, ...] = ()
    """The hands of the game's first pass, kept on the table during its Stichrunden (only shown)."""

    display_fields: ClassVar[tuple[str, ...]] = ("shown", "history")

    @property
    def rules(self) -> OffenesRules:
        return self.game.rules  # type: ignore[no-any-return]

    @property
    def n(self) -> int:
        return self.game.num_players

    @property
    def bet(self) -> Betting:
        assert self.betting is not None
        return self.betting

    @property
    def seat(self) -> int | None:
        """Whose turn it is (None between turns, at the lot and after the end)."""
        if self.phase != "turn" or self.index >= len(self.order):
            return None
        return self.order[self.index]

    def hand(self, seat: int) -> Key | None:
        d = self.hands[seat] if self.hands else None
        return None if d is None else hand_of(d, self.rules)

    def to_throw(self) -> tuple[int, ...]:
        """The seats of the pass still to play a turn (not passed), in turn order, the current one first."""
        folded = self.bet.folded if self.betting is not None else frozenset()
        return tuple(p for p in self.order[self.index :] if p not in folded)

    # --- node kind ----------------------------------------------------------------------------------------
    def to_move(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase == "lot":
            return CHANCE
        due = self.bet.to_act()
        if due is not None:
            return due
        assert self.turn is not None and not self.done
        return CHANCE if self.turn.throwing else self.order[self.index]

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        mover = self.to_move()
        if mover < 0 or (player is not None and player != mover):
            return ()
        if self.bet.pending:
            return self.bet.legal_actions(mover)
        assert self.turn is not None
        return (Stop(), *self.turn.keep_actions(keep_rules(self.rules), menu=True))

    def explain_illegal(self, action: Action, player: int) -> None:
        mover = self.to_move()
        if mover < 0:
            raise IllegalAction(N_("There is nothing to decide now."))
        if player != mover:
            raise IllegalAction(N_("It is not your turn."))
        if self.bet.pending:
            self.bet.explain_illegal(action, player)
        if isinstance(action, Keep):
            assert self.turn is not None
            refused = self.turn.refusal(action.dice, keep_rules(self.rules))
            if refused is not None:
                raise refused[1]
        if isinstance(action, (Raise, Check, Call, Fold)):
            raise IllegalAction(N_("Betting comes when a player has finished his throws."))
        raise IllegalAction(N_("Leave 1 to 4 dice standing and throw the others, or stop."))

    def _apply_action(self, action: Action, player: int) -> State:
        if self.bet.pending:
            betting, ledger = self.bet.apply(action, player, self.ledger)
            return dataclasses.replace(self, betting=betting, ledger=ledger)._advance()
        assert self.turn is not None
        if isinstance(action, Keep):
            return dataclasses.replace(self, turn=self.turn.keep(action.dice, keep_rules(self.rules), checked=False))
        assert isinstance(action, Stop)
        return self._finish_turn()

    # --- chance -------------------------------------------------------------------------------------------
    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        if self.phase == "lot":
            return lot_outcomes(self.n)
        k = self.dice_to_throw()
        return throw_outcomes(k) if k else ()

    def dice_to_throw(self) -> int:
        if self.phase != "turn" or self.turn is None or self.done or self.bet.pending:
            return 0
        return self.turn.to_throw()

    def thrower(self) -> int | None:
        return self.seat if self.dice_to_throw() > 0 else None

    def dice_standing(self) -> Multiset:
        return self.turn.standing() if self.dice_to_throw() > 0 and self.turn is not None else ()

    def parse_outcome(self, text: str) -> Outcome:
        return parse_lot_or_throw(text, self.n, self.phase == "lot", self.dice_to_throw(), poker=True)

    def _apply_outcome(self, outcome: Outcome) -> State:
        if isinstance(outcome, Lot):
            return self._start_game(outcome.seat)
        if isinstance(outcome, Void):
            return self
        assert isinstance(outcome, Roll) and self.turn is not None
        turn = self.turn.thrown(outcome.dice)
        s = dataclasses.replace(self, turn=turn)
        return s._finish_turn() if turn.throws >= turn.limit else s

    def describe_outcome(self, outcome: Outcome, lang: str = "de", names: Sequence[str] = ()) -> str:
        return describe_outcome(outcome, lang, poker=True, names=names)

    # --- flow ---------------------------------------------------------------------------------------------
    def _start_game(self, starter: int) -> OffenesState:
        """Everybody pays the minimum stake; the starter plays the first turn."""
        r = self.rules
        betting, ledger = Betting.open(self.ledger, r.minimum, r.maximum)
        return dataclasses.replace(
            self,
            ledger=ledger,
            betting=betting,
            phase="turn",
            starter=starter,
            order=clockwise(starter, self.n),
            index=0,
            hands=(None,) * self.n,
            stich=0,
            shown=(None,) * self.n,
            turn=KeepTurn(limit=r.max_throws, n=DICE),
            done=False,
        )

    def _finish_turn(self) -> OffenesState:
        """The hand lies open; in the game's first pass its player may raise (no raising in a Stichrunde)."""
        assert self.turn is not None
        seat = self.order[self.index]
        hands = list(self.hands)
        hands[seat] = self.turn.dice
        s = dataclasses.replace(self, hands=tuple(hands), done=True)
        if self.stich == 0:
            shown = list(self.shown)
            shown[seat] = self.turn.dice
            s = dataclasses.replace(s, betting=self.bet.offer(seat), shown=tuple(shown))
        return s._advance()

    def _advance(self) -> OffenesState:
        """After a turn or a betting move: one player left takes the pot; else the next player still in throws, and
        after the last one the best hand wins (or the tied play a Stichrunde)."""
        b = self.bet
        if b.pending:
            return self
        survivor = b.sole_survivor()
        if survivor is not None:
            return self._award(survivor)
        index = self.index + 1 if self.done else self.index
        while index < len(self.order) and self.order[index] in b.folded:
            index += 1
        if index < len(self.order):
            return dataclasses.replace(
                self, index=index, done=False, turn=KeepTurn(limit=self.rules.max_throws, n=DICE)
            )
        s = dataclasses.replace(self, index=index, turn=None, done=False)
        return s._decide()

    def _decide(self) -> OffenesState:
        contenders = [p for p in self.order if p not in self.bet.folded and self.hands[p] is not None]
        best = max(self.hand(p) for p in contenders)  # type: ignore[type-var]
        tied = tuple(p for p in contenders if self.hand(p) == best)
        if len(tied) == 1:
            return self._award(tied[0])
        order = in_turn_order(tied, self.starter, self.n)
        return dataclasses.replace(
            self,
            order=order,
            index=0,
            hands=(None,) * self.n,
            stich=self.stich + 1,
            turn=KeepTurn(limit=self.rules.max_throws, n=DICE),
            done=False,
        )

    def _award(self, winner: int) -> OffenesState:
        pot = self.ledger.pot
        ledger = self.bet.award(self.ledger, (winner,))
        history = (*self.history, (self.game_no, winner, pot))
        s = dataclasses.replace(self, ledger=ledger, history=history, game_no=self.game_no + 1, turn=None, done=False)
        if s.game_no >= self.rules.games:
            return dataclasses.replace(s, phase="over", order=(), index=0)
        return s._start_game(winner)

    # --- results (scores, winners, losers, payoffs: ChipResults) ------------------------------------------
    def solver_key(self) -> Hashable:
        """The state without what is only shown (the first pass's hands during a Stichrunde, the history)."""
        return (
            self.ledger,
            self.betting,
            self.phase,
            self.game_no,
            self.starter,
            self.order,
            self.index,
            self.turn,
            self.done,
            self.hands,
            self.stich,
        )

    # --- information --------------------------------------------------------------------------------------
    def view(self, player: int | None) -> JSON:
        b = self.betting
        out: JSON = {
            "game": GAME_ID,
            "to_move": self.to_move(),
            "phase": self.phase,
            "scores": list(self.ledger.players),
            "score_label": N_("Chips"),
            "pot": self.ledger.pot,
            "game_no": self.game_no,
            "games": self.rules.games,
            "starter": self.starter,
            "order": list(self.order),
            "seat": self.seat,
            "stichrunde": self.stich,
            "hands": [None if d is None else list(d) for d in self.hands],
            "history": [list(h) for h in self.history],
        }
        if b is not None and self.phase != "over":
            out.update(
                level=b.level,
                maximum=b.maximum,
                paid=list(b.paid),
                folded=sorted(b.folded),
                offered=b.offered,
                answering=list(b.answering),
                raiser=b.raiser,
            )
        if self.turn is not None and not self.done:
            out.update(
                dice=list(self.turn.dice),
                kept=None if self.turn.kept is None else list(self.turn.kept),
                throws=self.turn.throws,
                limit=self.turn.limit,
            )
        if self.phase == "over":
            out.update(result_view(self))
        return out

    def components(self, player: int | None) -> tuple[cmp.Component, ...]:
        """The open hands of the pass (the first pass's stay on the table during a Stichrunde), the dice of the turn
        under way, the pot and the stake level, the seats with what each has paid or that he passed."""
        out: list[cmp.Component] = [self.goal()]
        playing = self.phase == "turn"
        if playing:
            for p in range(self.n):
                d = self.hands[p] if self.hands[p] is not None else (self.shown[p] if self.stich else None)
                if d is not None and p != self.seat:
                    out.append(
                        cmp.Dice(
                            tuple(d), face="poker", seat=p, key=f"hand:{p}", label=key_phrase(hand_of(d, self.rules))
                        )
                    )
            seat = self.seat
            if seat is not None and self.turn is not None and (self.turn.dice or self.turn.standing()):
                label = key_phrase(hand_of(self.turn.dice, self.rules)) if self.turn.dice else None
                comp = (
                    dice_component(self.turn.dice, self.turn.kept, face="poker", seat=seat)
                    if self.turn.dice
                    else cmp.Dice(
                        tuple(self.turn.standing()),
                        face="poker",
                        seat=seat,
                        kept=tuple(range(len(self.turn.standing()))),
                    )
                )
                out.append(dataclasses.replace(comp, label=label, key="throw"))
            # Counters side by side, then the messages (web U6: they were interleaved): the game of the match and
            # the stake level, the pot; what is going on; how the last game went only until this one is played.
            out.append(cmp.Counter(self.game_no + 1, target=self.rules.games, label=cmp.Phrase(N_("Game"))))
            out.extend(self.bet.components(self.ledger))
            b = self.bet
            if b.answering and b.raiser is not None:
                out.append(
                    cmp.Message(
                        cmp.Phrase(
                            N_("{name} raises to {chips}: call or pass."),
                            {"name": cmp.SeatRef(b.raiser), "chips": counts.chips(b.level)},
                        ),
                        key="raise",
                    )
                )
            if self.stich:
                out.append(
                    cmp.Message(
                        cmp.Phrase(N_("Stichrunde {k}: the tied players throw again for the pot"), {"k": self.stich}),
                        key="stich",
                    )
                )
        elif self.phase == "over":
            out.append(cmp.Message(cmp.Phrase(N_("The game is over.")), key="over"))
        if self.history and (
            not playing
            or (
                self.stich == 0
                and not any(h is not None for h in self.hands)
                and self.turn is not None
                and not self.turn.dice
            )
        ):
            g, w, pot = self.history[-1]
            out.append(
                cmp.Message(
                    cmp.Phrase(
                        N_("{name} won the pot of game {k}: {chips}."),
                        {"name": cmp.SeatRef(w), "k": g + 1, "chips": counts.chips(pot)},
                    ),
                    key="last_pot",
                )
            )
        actors = set(self.actors())
        folded = self.bet.folded if self.betting is not None and playing else frozenset()
        lines = []
        for p in range(self.n):
            note: cmp.Text = None
            if p in folded:
                note = cmp.Phrase(N_("passed"))
            elif playing:
                note = cmp.Phrase(N_("{n} in the pot"), {"n": self.bet.paid[p]})
            lines.append(
                cmp.SeatLine(
                    p,
                    score=self.ledger.players[p],
                    active=p in actors or p == self.thrower(),
                    finished=self.phase == "over" and p in self.winners(),
                    note=note,
                )
            )
        out.append(cmp.Seats(tuple(lines), label=cmp.Phrase(N_("Chips"))))
        return tuple(out)

    def announcements(self, event: Action | Outcome, player: int | None, after: State) -> tuple[cmp.Phrase, ...]:
        """A finished hand by its name, a Stichrunde among the tied, who won the pot, the next game with its first
        player and antes. Every hand and chip is open at this table."""
        if not isinstance(after, OffenesState) or self.phase != "turn":
            return ()
        out: list[cmp.Phrase] = []
        seat = self.seat
        hand: Multiset | None = None
        # A stop names its hand in its own label ("stop: Full House"); a turn the last throw ends is told here.
        if (
            seat is not None
            and self.turn is not None
            and not self.done
            and isinstance(event, Roll)
            and self.turn.throws + 1 >= self.turn.limit
        ):
            hand = self.turn.thrown(event.dice).dice
        if seat is not None and hand:
            out.append(
                cmp.Phrase(
                    narration.TURN_RESULT, {"name": cmp.SeatRef(seat), "result": key_phrase(hand_of(hand, self.rules))}
                )
            )
        if after.phase == "turn" and after.stich > self.stich and after.game_no == self.game_no:
            out.append(narration.throw_off(after.order, first=True, again=self.stich > 0))
        for g, w, pot in after.history[len(self.history) :]:
            out.append(
                cmp.Phrase(
                    N_("{name} won the pot of game {k}: {chips}."),
                    {"name": cmp.SeatRef(w), "k": g + 1, "chips": counts.chips(pot)},
                )
            )
        if after.phase == "turn" and after.game_no > self.game_no:
            out.append(cmp.Phrase(NEW_GAME, {"k": after.game_no + 1, "name": cmp.SeatRef(after.starter)}))
            out.append(cmp.Phrase(narration.ANTES_ALL, {"chips": counts.chips(self.rules.minimum)}))
        return tuple(out)

    def goal(self) -> cmp.Goal:
        """Issue 24: what decides the pot and how far it may be raised, and which game of the match is playing."""
        text = cmp.Phrase(
            N_("The best hand takes the pot; raises up to {max}"), {"max": counts.chips(self.rules.maximum)}
        )
        if self.phase != "turn":
            return cmp.Goal(text)
        return cmp.Goal(
            text, cmp.Phrase(N_("Game {game} of {games}"), {"game": self.game_no + 1, "games": self.rules.games})
        )

    def parse_action_text(self, text: str, player: int) -> Action:
        """Betting: "mitgehen"/"call", "passen"/"pass", "erhöhen 4"/"raise 4", "nein"/"check"; in a turn: the poker
        dice to leave standing ("A A K"), "alle" (none, where allowed) or "stop"."""
        words = text.casefold().split()
        if self.betting is not None and self.bet.pending:
            if words and words[0] in CALL_WORDS:
                return Call()
            if words and words[0] in FOLD_WORDS:
                return Fold()
            if words and words[0] in CHECK_WORDS:
                return Check()
            numbers = [w for w in words if w.isdigit()]
            if words and (words[0] in RAISE_WORDS or len(words) == 1) and numbers:
                return Raise(int(numbers[0]))
            raise IllegalAction(N_("Type 'mitgehen', 'passen', 'erhöhen 4' or 'nein' (no raise)."))
        a = parse_throw_or_stop(text)
        if isinstance(a, Stop):
            return a
        keep = parse_keep(text, poker=True)
        if keep is None:
            raise IllegalAction(N_("Type the dice to leave standing (e.g. A A K) or 'stop'."))
        return keep

    def describe_action(self, action: Action, lang: str = "de") -> str:
        if isinstance(action, Keep):
            return describe_keep(action.dice, DICE, lang, face="poker")
        if isinstance(action, Stop):
            if self.turn is not None and self.turn.dice and not self.done:
                return translate(
                    N_("stop: {hand}"), lang, hand=cmp.resolve(key_phrase(hand_of(self.turn.dice, self.rules)), lang)
                )
            return translate(N_("stop"), lang)
        words = describe_betting_action(action, lang)
        return words if words is not None else super().describe_action(action, lang)


CALL_WORDS = frozenset({"mitgehen", "mit", "call", "halten", "c"})
FOLD_WORDS = frozenset({"passen", "pass", "fold", "aus", "p", "f"})
CHECK_WORDS = frozenset({"nein", "check", "nicht", "kein", "keine", "no", "n"})
RAISE_WORDS = frozenset({"erhöhen", "erhöhe", "raise", "auf", "r", "e"})


class OffenesGame(Game):
    id = GAME_ID
    action_classes: ClassVar[tuple[type[Action], ...]] = (Stop, Keep, *BETTING_ACTIONS)
    outcome_classes: ClassVar[tuple[type[Outcome], ...]] = (Roll, Void, Lot)

    def new_initial_state(self) -> State:
        rules: OffenesRules = self.rules
        state = OffenesState(self, ChipLedger.start(self.num_players, rules.starting_chips))
        return state if rules.start == "lot" else state._start_game(0)

    def action_universe(self) -> tuple[Action, ...]:
        """Every concrete action: stop, a keep of up to four dice, the raise protocol up to the maximum M."""
        from wuerfel.games.kit.betting import betting_universe
        from wuerfel.games.kit.keeps import keep_universe

        return (Stop(), *keep_universe(DICE - 1), *betting_universe(int(self.rules.maximum)))

    def action_id(self, action: Action) -> int:
        if isinstance(action, Stop):
            return 0
        if isinstance(action, Keep):
            return KEEP_BASE + keep_id(action.dice)
        return 1 + betting_action_id(action, self.rules.maximum)

    def action_from_id(self, action_id: int) -> Action:
        if action_id == 0:
            return Stop()
        if action_id >= KEEP_BASE:
            try:
                return Keep(keep_from_id(action_id - KEEP_BASE, DICE - 1))
            except ValueError as exc:
                raise IllegalAction(N_("That move is not allowed now.")) from exc
        return betting_action_from_id(action_id - 1)


# --- registration -------------------------------------------------------------------------------------------------
def _optimal_bot(game: Game, seed: int) -> Any:
    from wuerfel.games.hasard.poker_betting import OffenesBot

    return OffenesBot(game, seed)


def _heuristic_bot(game: Game, seed: int) -> Any:
    from wuerfel.games.hasard.offenes_heuristic import OffenesHeuristicBot

    return OffenesHeuristicBot(game, seed)


def _advisor(game: Game) -> Any:
    from wuerfel.games.hasard.poker_betting import OffenesAdvisor

    return OffenesAdvisor(game)


def _odds(rules: OffenesRules) -> Any:
    """``wuerfel odds``: one throw of the five poker dice by hand class, with the rules' Quint and Joker."""
    return rules.throw_odds()


def _explain(rules: OffenesRules, players: int) -> Any:
    from wuerfel.games.hasard.explain.offenes_poker import explain

    return explain(rules, players)


INFO = register(
    GameInfo(
        id=GAME_ID,
        name_de="Offenes Würfelpoker",
        name_en="Open Dice Poker (Offenes Würfelpoker)",
        family="poker-dice",
        options_class=OffenesRules,
        make=OffenesGame,
        min_players=2,
        max_players=8,
        default_preset=GAME_ID,
        presets_dir=Path(__file__).parent / "presets" / GAME_ID,
        locale_dir=Path(__file__).parent / "locale" / "offenes-wuerfelpoker",
        description_de="Fünf Pokerwürfel, bis zu drei offene Würfe: Dann erhöhen, mitgehen oder passen.",
        description_en="Five poker dice, up to three open throws: then raise, call or pass.",
        aliases=("offenes-poker", "offenes_wuerfelpoker"),
        bots={"optimal": _optimal_bot, "heuristic": _heuristic_bot},
        solver_bots=frozenset({"optimal"}),
        default_bot="optimal",
        advisor=_advisor,
        chips=True,
        faces="poker",
        odds=_odds,
        explain=_explain,
        explain_quotes=("starting_chips", "minimum", "maximum", "games", "max_throws", "max_keep"),
    )
)
