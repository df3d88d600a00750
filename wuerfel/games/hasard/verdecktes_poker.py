"""Verdecktes Würfelpoker (Hasard game 28), with Joker Poker (29) as an option: hidden throws and bluffing.

Every round everyone pays the ante into the pot. In turn each player throws five poker dice under the cup, looks
alone, and announces a hand — true or a bluff. Within 10 seconds any opponent may call "Schwindel": the cup is lifted;
if the throw lives up to the announcement the caller doubles the pot (pays an amount equal to it), otherwise the
announcer doubles the pot and his announcement drops to the hand really thrown. An unchallenged announcement stands,
true or not, and those dice are never shown. After everyone's turn the highest standing announcement takes the pot,
and its owner begins the next round; equal best announcements play a Stichrunde (the tied players throw again, no
new ante).

Secrets: a throw's dice are in the thrower's view only, until a challenge reveals them. ``determinize`` re-draws
every throw the viewer has not seen, and the generic harness checks that his view does not change.

This module holds the rules and the state machine with the registration; :mod:`~wuerfel.games.hasard.verdecktes_moves`
the moves and their ids; :mod:`~wuerfel.games.hasard.verdecktes_table` what the table shows and says;
:mod:`~wuerfel.games.hasard.verdecktes_bot` and :mod:`~wuerfel.games.hasard.verdecktes_advice` the bot and the
advisor, reached through lazy factories.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from wuerfel.engine import components as cmp
from wuerfel.engine.chips import ChipLedger
from wuerfel.engine.clocks import Deadline, Pass
from wuerfel.engine.dice import Multiset, roll_distribution
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import (
    CHANCE,
    JSON,
    PUBLIC,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    EventView,
    Game,
    Outcome,
    Roll,
    State,
)
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options, opt, require
from wuerfel.games.hasard import verdecktes_table
from wuerfel.games.hasard.common import WHO_BEGINS, describe_outcome
from wuerfel.games.hasard.poker import POKER_OPTION_NAMES, Key, PokerRules, lowest_completion, matches
from wuerfel.games.hasard.verdecktes_layout import verdecktes_layout
from wuerfel.games.hasard.verdecktes_moves import (
    CONCEALED_WORDS,
    Announce,
    Challenge,
    Concealed,
    announce_actions,
    decode_key,
    encode_key,
)
from wuerfel.games.kit import (
    Lot,
    Void,
    in_turn_order,
    lot_outcomes,
    next_throw_off,
    parse_lot,
    parse_throw,
    ranking_groups,
    throw_outcomes,
)
from wuerfel.games.kit.chip_results import ChipResults

POT = "pot"
HIDDEN_THROW = N_("five dice under the cup")


@dataclasses.dataclass(frozen=True)
class VerdecktesRules(PokerRules):
    """Options of Verdecktes Würfelpoker; every default is the text or the spec's resolution. Quint and Joker
    (``quint``, ``joker``) come from the shared poker rules block (:class:`~wuerfel.games.hasard.poker.PokerRules`)."""

    starting_chips: int = opt(
        20, de="Chips für jeden Spieler zu Beginn", en="Chips each player starts with", low=1, high=10000
    )
    ante: int = opt(
        1, de="Einsatz jedes Spielers zu Beginn jeder Runde", en="Each player's ante at every round", low=1, high=1000
    )
    rounds: int = opt(
        6,
        de="Runden pro Partie (jede Runde gewinnt einer den Pott)",
        en="Rounds per game (each round somebody wins the pot)",
        low=1,
        high=100,
    )
    match: Literal["at_least", "exact"] = opt(
        "at_least",
        de="„Stimmt überein“: der Wurf ist mindestens so hoch wie die Meldung oder genau wie gemeldet",
        en="'Matches': the throw is at least as high as announced, or exactly as announced",
    )
    kickers: bool = opt(
        True,
        de="Meldungen dürfen Beiwürfel nennen (sonst nur Kombination und Hauptwerte)",
        en="Announcements may name kickers (otherwise only class and principal ranks)",
    )
    challenge_order: Literal["clockwise", "open"] = opt(
        "clockwise",
        de="„Schwindel“ wird reihum angeboten oder allen zugleich (wer zuerst ruft, zählt)",
        en="'Schwindel' is offered in clockwise order or to all at once (the first caller counts)",
    )
    challenge_seconds: float = opt(
        10.0,
        de="Bedenkzeit für „Schwindel“ in Sekunden (am Live-Tisch)",
        en="Seconds to call 'Schwindel' (at a live table)",
        low=0.1,
        high=3600,
    )
    start: Literal["lot", "first_seat"] = opt(
        "lot", de="Wer die erste Runde beginnt: Los oder Platz 1", en="Who begins the first round: lot or seat 1"
    )

    def validate(self) -> None:
        for key in ("starting_chips", "ante", "rounds"):
            require(getattr(self, key) >= 1, key, "≥ 1", getattr(self, key))
        require(self.challenge_seconds > 0, "challenge_seconds", "> 0", self.challenge_seconds)


@dataclasses.dataclass(frozen=True)
class Turn:
    """One hidden throw and what became of it."""

    player: int
    dice: Multiset
    announcement: Key | None = None
    challenger: int | None = None
    revealed: bool = False
    standing: Key | None = None
    """The announcement that counts (the real hand after a caught bluff)."""
    passed: frozenset[int] = frozenset()
    """Opponents who have let the window go by."""


@dataclasses.dataclass(frozen=True)
class VerdecktesState(ChipResults, State):
    game: Game
    ledger: ChipLedger
    phase: Literal["lot", "throw", "announce", "challenge", "reveal", "over"] = "lot"
    round_no: int = 0
    starter: int = 0
    order: tuple[int, ...] = ()
    """Who throws in this (sub)round, in turn order (the tied players in a Stichrunde)."""
    turns: tuple[Turn, ...] = ()
    stich: int = 0
    """Stichrunden played in the current round so far."""
    history: tuple[tuple[int, int, int], ...] = ()
    """(round, winner, pot won) of the rounds played."""
    last_call: tuple[int, int, tuple[int, ...], bool, int] | None = None
    """The last "Schwindel!": (caller, announcer, hand the cup showed, announcement held, chips paid into the pot),
    so every front end can say who was right and who paid, also after the round (and its turns) has ended."""

    @property
    def rules(self) -> VerdecktesRules:
        return self.game.rules  # type: ignore[no-any-return]

    # --- helpers ------------------------------------------------------------------------------------------
    @property
    def current(self) -> Turn | None:
        return self.turns[-1] if self.turns and self.phase in ("announce", "challenge") else None

    def opponents(self, player: int) -> tuple[int, ...]:
        n = self.game.num_players
        return tuple((player + i) % n for i in range(1, n))

    def waiting_to_call(self) -> tuple[int, ...]:
        """Opponents who may still call "Schwindel" on the current announcement, in clockwise order."""
        t = self.current
        if t is None or self.phase != "challenge":
            return ()
        rest = tuple(p for p in self.opponents(t.player) if p not in t.passed)
        if self.rules.challenge_order == "clockwise":
            return rest[:1]
        return rest

    def best_standing(self) -> Key | None:
        keys = [self.completion(t.standing) for t in self.turns if t.standing is not None]
        return max(keys) if keys else None

    def completion(self, key: Key) -> Key:
        return lowest_completion(key, self.rules.quint, self.rules.joker)

    # --- node kind ----------------------------------------------------------------------------------------
    def to_move(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase in ("lot", "throw", "reveal"):
            return CHANCE
        if self.phase == "announce":
            return self.turns[-1].player
        if self.rules.challenge_order == "open" and len(self.waiting_to_call()) > 1:
            return SIMULTANEOUS
        return self.waiting_to_call()[0]

    def actors(self) -> tuple[int, ...]:
        if self.phase == "announce":
            return (self.turns[-1].player,)
        if self.phase == "challenge":
            return self.waiting_to_call()
        return ()

    def deadline(self) -> Deadline | None:
        if self.phase != "challenge":
            return None
        return Deadline(self.rules.challenge_seconds, Pass(), N_("to call 'Schwindel'"))

    # --- decisions ----------------------------------------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        player = self.asked_seat(player)
        if player is None:
            return ()
        if self.phase == "announce":
            return announce_actions(self.rules.quint, self.rules.joker, self.rules.kickers)
        return _CALL_ACTIONS

    def explain_illegal(self, action: Action, player: int) -> None:
        if isinstance(action, Announce) and self.phase == "announce":
            raise IllegalAction(N_("That is not a hand one can announce."))
        if isinstance(action, Challenge) and self.phase == "challenge":
            raise IllegalAction(N_("Only an opponent of the announcer may call 'Schwindel', once per announcement."))

    def _apply_action(self, action: Action, player: int) -> State:
        turn = self.turns[-1]
        if isinstance(action, Announce):
            turn = dataclasses.replace(turn, announcement=action.hand, standing=action.hand)
            return dataclasses.replace(self, turns=(*self.turns[:-1], turn), phase="challenge")
        if isinstance(action, Challenge):
            return self._resolve_challenge(turn, player)
        assert isinstance(action, Pass)
        turn = dataclasses.replace(turn, passed=turn.passed | {player})
        state = dataclasses.replace(self, turns=(*self.turns[:-1], turn))
        if not state.waiting_to_call():
            return state._next_turn()
        return state

    def _resolve_challenge(self, turn: Turn, challenger: int) -> State:
        """The cup is lifted: the loser of the challenge pays an amount equal to the pot (the pot doubles).

        With real dice whose faces were never typed in (scorekeeper mode) the table first enters what the cup shows.
        """
        announced = turn.announcement
        assert announced is not None
        if not turn.dice:
            turn = dataclasses.replace(turn, challenger=challenger)
            return dataclasses.replace(self, turns=(*self.turns[:-1], turn), phase="reveal")
        r = self.rules
        actual = r.hand_key(turn.dice)
        true = matches(actual, announced, r.quint, r.joker, exact=r.match == "exact")
        payer = challenger if true else turn.player
        ledger = self.ledger.transfer(payer, POT, self.ledger.pot)
        turn = dataclasses.replace(turn, challenger=challenger, revealed=True, standing=announced if true else actual)
        state = dataclasses.replace(
            self,
            ledger=ledger,
            turns=(*self.turns[:-1], turn),
            last_call=(challenger, turn.player, actual, true, self.ledger.pot),
        )
        return state._next_turn()

    def _next_turn(self) -> VerdecktesState:
        done = len(self.turns)
        if done < len(self.order):
            return dataclasses.replace(self, phase="throw")
        # Everyone of this (sub)round has thrown: the highest standing announcement takes the pot; equal best
        # announcements throw off (the kit's Stichrunde: only the tied throw again, no new ante).
        results: list[Key] = [() for _ in range(self.game.num_players)]
        for t in self.turns:
            if t.standing is not None:
                results[t.player] = self.completion(t.standing)
        groups = ranking_groups(results, seats=[t.player for t in self.turns if t.standing is not None])
        tied = next_throw_off(groups, settle_loser=False)
        if tied:
            order = in_turn_order(tied, self.starter, self.game.num_players)
            return dataclasses.replace(self, order=order, turns=(), phase="throw", stich=self.stich + 1)
        winner = groups[0][0]
        pot = self.ledger.pot
        ledger = self.ledger.empty_pool(POT, winner)
        history = (*self.history, (self.round_no, winner, pot))
        state = dataclasses.replace(self, ledger=ledger, history=history, round_no=self.round_no + 1, turns=(), stich=0)
        if state.round_no >= self.rules.rounds:
            return dataclasses.replace(state, phase="over", order=())
        return state._start_round(winner)

    def _start_round(self, starter: int) -> VerdecktesState:
        ledger = self.ledger
        for p in range(self.game.num_players):
            ledger = ledger.transfer(p, POT, self.rules.ante)
        n = self.game.num_players
        order = tuple((starter + i) % n for i in range(n))
        return dataclasses.replace(self, ledger=ledger, starter=starter, order=order, turns=(), phase="throw")

    # --- chance -------------------------------------------------------------------------------------------
    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        if self.phase == "lot":
            return lot_outcomes(self.game.num_players)
        if self.phase == "throw":
            return _THROW_OUTCOMES
        if self.phase == "reveal":
            return _REVEAL_OUTCOMES
        return ()

    def dice_to_throw(self) -> int:
        return 5 if self.phase in ("throw", "reveal") else 0

    def thrower(self) -> int | None:
        """The next in order throws; at a reveal the challenged player's cup is lifted (his throw is entered)."""
        if self.phase == "throw":
            return self.order[len(self.turns)]
        if self.phase == "reveal":
            return self.turns[-1].player
        return None

    def throw_follows(self, after_own_move: bool) -> bool:
        """Every throw under the cup starts its thrower's turn and waits for him, also right after his own move:
        with two players the one who just passed or called "Schwindel" is the next to throw, and letting the
        announcement go by is no request to throw."""
        return False

    def parse_outcome(self, text: str) -> Outcome:
        if self.phase == "lot":
            return parse_lot(text, self.game.num_players)
        if self.phase == "throw" and text.strip().lower() in CONCEALED_WORDS:
            return Concealed()
        if self.phase not in ("throw", "reveal"):
            raise IllegalAction(N_("No dice are to be thrown now."))
        outcome = parse_throw(text, 5, poker=True)
        if self.phase == "reveal" and isinstance(outcome, Void):
            raise IllegalAction(N_("Please enter the 5 poker dice under the cup."))
        return outcome

    def _apply_outcome(self, outcome: Outcome) -> State:
        if isinstance(outcome, Lot):
            return self._start_round(outcome.seat)
        if isinstance(outcome, Void):
            return self
        if isinstance(outcome, Concealed):
            return dataclasses.replace(
                self, turns=(*self.turns, Turn(self.order[len(self.turns)], ())), phase="announce"
            )
        assert isinstance(outcome, Roll)
        if self.phase == "reveal":
            turn = dataclasses.replace(self.turns[-1], dice=outcome.dice)
            challenger = turn.challenger
            assert challenger is not None
            return dataclasses.replace(self, turns=(*self.turns[:-1], turn))._resolve_challenge(turn, challenger)
        player = self.order[len(self.turns)]
        return dataclasses.replace(self, turns=(*self.turns, Turn(player, outcome.dice)), phase="announce")

    # --- what the table shows and says (verdecktes_table.py) ---------------------------------------------------
    def view(self, player: int | None) -> JSON:
        """Every cup's announcement and fate; dice only for the thrower and once a call lifts the cup
        (:func:`verdecktes_table.view`)."""
        return verdecktes_table.view(self, player)

    def components(self, player: int | None) -> tuple[cmp.Component, ...]:
        """The goal line, the cups (another player's dice never), the last call, the announcement menu, the round,
        the chips and the pot (:func:`verdecktes_table.components`)."""
        return verdecktes_table.components(self, player)

    def goal(self) -> cmp.Goal:
        """Issue 24: what takes the pot, and which round of how many is playing (:func:`verdecktes_table.goal`)."""
        return verdecktes_table.goal(self)

    # --- information: what each seat may know -------------------------------------------------------------
    def determinize(self, player: int, rng: Any) -> State:
        """Re-draw every throw ``player`` has not seen (others' dice still under the cup); ``self`` if there is none.

        Returning ``self`` when nothing is secret tells a server that the events around this state hide nothing.
        """
        if all(t.revealed or t.player == player or not t.dice for t in self.turns):
            return self
        turns = tuple(
            t
            if t.revealed or t.player == player or not t.dice
            else dataclasses.replace(t, dice=tuple(sorted(rng.randint(1, 6) for _ in range(5))))
            for t in self.turns
        )
        return dataclasses.replace(self, turns=turns)

    def _throw_secret(self, index: int) -> tuple[str, int, int, int]:
        """The id of the ``index``-th throw of the current (sub)round: round, Stichrunde and turn never repeat."""
        return ("throw", self.round_no, self.stich, index)

    def event_view(self, event: Action | Outcome, player: int | None, seat: int | None) -> EventView:
        """Only the dice under the cup are secret: a throw is the thrower's alone until "Schwindel!" lifts the cup.

        Everything else — the lot, announcements, calls, passes, void throws, the dice a table types in when the cup
        is lifted — happens in the open. Everybody else is told that five dice went under the cup (the record keeps
        it as a :class:`Concealed` throw, so a public record still replays), and a challenge of a throw whose dice
        are known reveals it to everybody.
        """
        if self.phase == "throw" and isinstance(event, Roll):
            thrower = self.order[len(self.turns)]
            if seat == thrower:
                return PUBLIC
            return EventView(
                "redacted", data=Concealed().to_json(), label=HIDDEN_THROW, secret=self._throw_secret(len(self.turns))
            )
        if isinstance(event, Challenge) and self.phase == "challenge" and self.turns and self.turns[-1].dice:
            return EventView(reveals=(self._throw_secret(len(self.turns) - 1),))
        return PUBLIC

    def announcements(self, event: Action | Outcome, player: int | None, after: State) -> tuple[cmp.Phrase, ...]:
        """Who was right about a call whose cup was typed in, a Stichrunde, who took the pot, the next round
        (:func:`verdecktes_table.announcements`); all of it public, none of it reads a die under a cup."""
        if not isinstance(after, VerdecktesState):
            return ()
        return verdecktes_table.announcements(self, event, after)

    def describe_outcome(self, outcome: Outcome, lang: str = "de", names: Sequence[str] = ()) -> str:
        """See :func:`wuerfel.games.hasard.common.describe_outcome`; ``names`` (optional) names the lot's seat."""
        return describe_outcome(outcome, lang, poker=True, names=names)

    def describe_action(self, action: Action, lang: str = "de") -> str:
        words = verdecktes_table.describe_action(self, action, lang)
        return words if words is not None else super().describe_action(action, lang)

    def describe_offer(self, action: Action, lang: str = "de") -> str:
        """A call offered is "Schwindel!" alone: what the lifted cup shows is for the log once it is lifted."""
        if isinstance(action, Challenge):
            return "Schwindel!"
        return self.describe_action(action, lang)


_CALL_ACTIONS = (Challenge(), Pass())

_THROW_OUTCOMES: tuple[tuple[Outcome, Fraction], ...] = (*throw_outcomes(5), (Concealed(), Fraction(0)))
_REVEAL_OUTCOMES: tuple[tuple[Outcome, Fraction], ...] = tuple((Roll(d), p) for d, p in roll_distribution(5))


class VerdecktesGame(Game):
    id = "verdecktes-wuerfelpoker"
    action_classes = (Announce, Challenge, Pass)
    outcome_classes = (Roll, Void, Lot, Concealed)

    def new_initial_state(self) -> State:
        rules: VerdecktesRules = self.rules
        ledger = ChipLedger.start(self.num_players, rules.starting_chips)
        state = VerdecktesState(self, ledger)
        return state if rules.start == "lot" else state._start_round(0)

    tensor_layout = verdecktes_layout

    def action_universe(self) -> tuple[Action, ...]:
        """Every concrete action: challenge, pass, and every announcement these rules allow."""
        r = self.rules
        return (Challenge(), Pass(), *announce_actions(r.quint, r.joker, r.kickers))

    def action_id(self, action: Action) -> int:
        if isinstance(action, Challenge):
            return 0
        if isinstance(action, Pass):
            return 1
        assert isinstance(action, Announce)
        return 2 + encode_key(action.hand)

    def action_from_id(self, action_id: int) -> Action:
        if action_id == 0:
            return Challenge()
        if action_id == 1:
            return Pass()
        return Announce(decode_key(action_id - 2))


# --- registration -------------------------------------------------------------------------------------------------
def _advisor(game: Game) -> Any:
    from wuerfel.games.hasard.verdecktes_advice import VerdecktesAdvisor

    return VerdecktesAdvisor(game)


def _bluff_bot(game: Game, seed: int) -> Any:
    from wuerfel.games.hasard.verdecktes_bot import BluffBot

    return BluffBot(game, seed)


def _render(view: dict[str, Any], lang: str) -> Any:
    from wuerfel.games.hasard.verdecktes_render import render_verdecktes

    return render_verdecktes(view, lang)


def _explain(rules: VerdecktesRules, players: int) -> Any:
    from wuerfel.games.hasard.explain.verdecktes_poker import explain

    return explain(rules, players)


def _odds(rules: VerdecktesRules) -> Any:
    """``wuerfel odds``: one throw of the five poker dice by hand class, with the rules' Quint and Joker."""
    return rules.throw_odds()


INFO = register(
    GameInfo(
        id="verdecktes-wuerfelpoker",
        name_de="Verdecktes Würfelpoker",
        name_en="Hidden Dice Poker (Verdecktes Würfelpoker)",
        family="poker-dice",
        options_class=VerdecktesRules,
        make=VerdecktesGame,
        min_players=2,
        max_players=8,
        default_preset="verdecktes-wuerfelpoker",
        presets_dir=Path(__file__).parent / "presets" / "verdecktes-wuerfelpoker",
        locale_dir=Path(__file__).parent / "locale" / "verdecktes-wuerfelpoker",
        web_dir=Path(__file__).parent / "web" / "verdecktes-wuerfelpoker",
        description_de="Pokerwürfel unter dem Becher: Melde dein Blatt, schwindle oder ruf „Schwindel!“.",
        description_en="Poker dice under the cup: announce a hand, bluff, or call the others' bluff ('Schwindel!').",
        aliases=("verdecktes-poker", "verdecktes_wuerfelpoker"),
        bots={"heuristic": _bluff_bot},
        terminal_renderer=_render,
        default_bot="heuristic",
        advisor=_advisor,
        perfect_information=False,
        chips=True,
        faces="poker",
        odds=_odds,
        explain=_explain,
        explain_quotes=("starting_chips", "ante", "rounds"),
    )
)


# --- the options in words (rule editor, ``wuerfel rules show``, the API) --------------------
label_options(
    VerdecktesRules,
    {
        "starting_chips": ("Chips zu Beginn", "Starting chips"),
        "ante": ("Einsatz je Runde", "Ante per round"),
        "rounds": ("Runden", "Rounds"),
        **POKER_OPTION_NAMES,
        "match": ("„Stimmt überein“ heißt", "'Matches' means"),
        "kickers": ("Beiwürfel ansagen", "Announce kickers"),
        "challenge_order": ("Wer „Schwindel“ rufen darf", "Who may call 'Schwindel'"),
        "challenge_seconds": ("Bedenkzeit für „Schwindel“ (Sekunden)", "Time to call 'Schwindel' (seconds)"),
        "start": ("Wer beginnt", "Who begins"),
    },
    {
        "match": {
            "at_least": ("mindestens so hoch wie angesagt", "at least as high as announced"),
            "exact": ("genau wie angesagt", "exactly as announced"),
        },
        "challenge_order": {
            "clockwise": ("reihum, einer nach dem anderen", "in turn, one after another"),
            "open": ("alle zugleich, wer zuerst ruft", "all at once, first caller counts"),
        },
        "start": WHO_BEGINS,
    },
)
