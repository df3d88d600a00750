"""The turn and game state machine of the Zehntausend family (spec §3.4–§3.10, rules R-1 … R-16).

One immutable :class:`ZehntausendState` covers every mode: standard play, *Solo*, *Bumerang* and the shared-pool
*Rückwärts* play. A turn is a sequence of nodes:

``offer`` (take over the predecessor's turn or start fresh) → ``throw`` (chance: the dice in the cup, or a void
throw) → [``knock`` (stacked dice: knock or throw again) → ``knocked`` (chance)] → ``select`` (set aside a legal
selection) → ``decide`` (bank, throw again, give up, turn 5s) → ``throw`` …

A Niete, a failed proof or confirmation, an instant win and the end of the game are resolved inside the transition
that causes them, so every decision node has at least one legal action. Where spec and seeds are silent the
resolutions are written down in ``docs/zehntausend.md`` ("Turn and game").

This module holds what happens *within* a turn: the nodes, the legal moves, the throws and the selections. The
rest of the machine is split by idea, each module apart because it changes for its own reasons:

* :mod:`~wuerfel.games.zehntausend.actions`: the moves and their ids;
* :mod:`~wuerfel.games.zehntausend.tables`: what a throw offers under a rule set (choices, chance nodes), cached;
* :mod:`~wuerfel.games.zehntausend.turn_end`: the state's fields and what happens between turns (the base class);
* :mod:`~wuerfel.games.zehntausend.table`: what the table shows (view, components, announcements);
* :mod:`~wuerfel.games.zehntausend.words`: what the game says about moves (labels, refusals, typed moves);
* :mod:`~wuerfel.games.zehntausend.game`: :class:`~wuerfel.games.zehntausend.game.ZehntausendGame`.

The moves, :class:`~wuerfel.games.zehntausend.tables.Choice` and :class:`~wuerfel.games.zehntausend.turn_end.Turn`
are still importable from here (``__all__``); the game is not (it imports this module): take it from the package.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from wuerfel.engine import components as cmp
from wuerfel.engine.dice import Multiset
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import CHANCE, JSON, TERMINAL, Action, Outcome, Roll, State
from wuerfel.games.kit.void import VOID_REASONS, Void, parse_void
from wuerfel.games.zehntausend import table, words
from wuerfel.games.zehntausend.actions import (
    _DECIDE_ACTIONS,
    _KNOCK_ACTIONS,
    _OFFER_ACTIONS,
    Bank,
    Continue,
    Decline,
    GiveUp,
    Knock,
    Rethrow,
    Select,
    TakeOver,
    TurnFives,
)
from wuerfel.games.zehntausend.melds import instant_win
from wuerfel.games.zehntausend.tables import Choice, _ChoiceEntry, _choices, _outcome_set
from wuerfel.games.zehntausend.turn_end import Turn, TurnEnds, _made, _with

__all__ = [
    "Bank",
    "Choice",
    "Continue",
    "Decline",
    "GiveUp",
    "Knock",
    "Rethrow",
    "Select",
    "TakeOver",
    "Turn",
    "TurnFives",
    "ZehntausendState",
]


@dataclasses.dataclass(frozen=True)
class ZehntausendState(TurnEnds):
    """A position of the Zehntausend family: the fields and the turn's end from :class:`TurnEnds`, the turn itself
    here (see the module's docstring)."""

    # --- node kind -----------------------------------------------------------------------------------------------
    def to_move(self) -> int:
        if self.node == "over":
            return TERMINAL
        if self.node in ("throw", "knocked"):
            return CHANCE
        return self.player

    def is_terminal(self) -> bool:
        """As the engine's, read from the node directly: asked at every step of every simulation."""
        return self.node == "over"

    def is_chance(self) -> bool:
        node = self.node
        return node == "throw" or node == "knocked"

    def actors(self) -> tuple[int, ...]:
        node = self.node
        return () if node == "over" or node == "throw" or node == "knocked" else (self.player,)

    # --- derived turn facts --------------------------------------------------------------------------------------
    def dice_left(self) -> int:
        """LEFT(t): dice neither set aside nor freshly refilled (R-14)."""
        return 0 if self.turn.aside == 0 else self.turn.cup

    def can_roll(self) -> bool:
        t = self.turn
        mt = self.rules.turn.max_throws
        return t.cup > 0 and (mt == 0 or t.throws < mt)

    def bank_blockers(self) -> list[str]:
        """Why stopping is not allowed now, as keys: proof, confirm, threshold, dice_left."""
        t = self.turn
        out = []
        if t.proof:
            out.append("proof")
        if t.confirm is not None:
            out.append("confirm")
        if t.total < t.threshold:
            out.append("threshold")
        md = self.rules.turn.max_dice_left_to_bank
        if md >= 0 and self.dice_left() > md:
            out.append("dice_left")
        return out

    def can_bank(self) -> bool:
        """STOP_OK at the decide node."""
        return self.node == "decide" and not self.bank_blockers()

    def can_give_up(self) -> bool:
        return (
            self.node == "decide"
            and self.rules.turn.stop_below_threshold == "counts_as_bust"
            and self.bank_blockers() == ["threshold"]
        )

    def _confirm_min(self) -> int:
        t = self.turn
        if t.confirm is not None and self.rules.confirm.scope == "single_throw":
            return t.confirm
        return 0

    def _forced(self) -> bool:
        return self.pool_mode

    def choices(self) -> tuple[tuple[Select, Choice], ...]:
        """Legal selections of the current throw with their effect, best first (empty outside the select node)."""
        if self.node != "select" or self.throw is None:
            return ()
        return self._choice_entry()[0]

    def _choice_entry(self) -> _ChoiceEntry:
        """The select node's choices, their map and its legal list, from the game's own table: keyed by small
        tuples, so the rule set (a deep tree) is not hashed on every step as the module-wide ``lru_cache`` would."""
        return self.game.choice_entry(self.throw or (), self.turn.open_sets, self._confirm_min(), self.pool_mode)

    # --- decisions -----------------------------------------------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        if self.node in ("over", "throw", "knocked") or (player is not None and player != self.player):
            return ()
        memo = self.__dict__.get("_memo_legal")  # State.memo inlined: asked by the bot at every decision
        return memo if memo is not None else self.remember("_memo_legal", self._legal_actions())

    def _legal_actions(self) -> tuple[Action, ...]:
        if self.node == "select":
            return self._choice_entry()[2] if self.throw is not None else ()
        if self.node == "offer":
            return _OFFER_ACTIONS
        if self.node == "knock":
            return _KNOCK_ACTIONS
        t = self.turn
        return self._decide_facts(t.total, t.cup, t.aside, t.proof, t.confirm, t.turnable)[2]

    def _apply_action(self, action: Action, player: int) -> State:
        if isinstance(action, Select):
            t = self.turn  # _choice_entry inlined (every selection of every simulated game)
            entry = self.game.choice_entry(
                self.throw or (), t.open_sets, 0 if t.confirm is None else self._confirm_min(), self.pool_mode
            )
            choice = entry[3].get(id(action)) or entry[1][action]
            return self._select(action, choice)
        if isinstance(action, Bank):
            return self._bank(self.turn.total)
        if isinstance(action, Continue):
            d = self.__dict__.copy()
            d.pop("_memo_legal", None)
            d["node"] = "throw"
            d["throw"] = None
            return _made(self, d)
        if isinstance(action, GiveUp):
            return self._log(("give_up",))._bust()
        if isinstance(action, TurnFives):
            t = self.turn
            t = _with(
                t, cup=t.cup + 1, aside=t.aside - 1, turnable=t.turnable - 1, history=(*t.history, ("turn_fives",))
            )
            return _with(self, turn=t)
        if isinstance(action, TakeOver):
            assert self.offer is not None
            total, cup = self.offer
            n = self.rules.dice.count
            t = _with(
                self.turn,
                total=total,
                cup=cup,
                aside=n - cup,
                first=False,
                taken_over=True,
                history=(("take_over", total, cup),),
            )
            return _with(self, turn=t, offer=None, node="throw")
        if isinstance(action, Decline):
            return _with(self, offer=None, node="throw")
        if isinstance(action, Knock):
            return _with(
                self, node="knocked", turn=_with(self.turn, knocked=True, history=(*self.turn.history, ("knock",)))
            )
        if isinstance(action, Rethrow):
            return self._void("tuermchen")
        raise AssertionError(f"unhandled action {action!r}")

    # --- chance --------------------------------------------------------------------------------------------------
    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        if self.node not in ("throw", "knocked"):
            return ()
        outcomes = self.game.outcome_table.get((self.turn.cup, self.node))
        return outcomes if outcomes is not None else self.game.throw_outcomes(self.turn.cup, self.node)

    def apply_outcome(self, outcome: Outcome) -> State:
        """As the engine's, with a hashed membership test (a throw of six dice has 462 outcomes)."""
        if not self.is_chance():
            raise IllegalAction(N_("No dice are to be thrown now."))
        outcomes = self.chance_outcomes()
        if outcome not in _outcome_set(outcomes):
            raise IllegalAction(N_("Those dice cannot fall now."))
        return self._apply_outcome(outcome)

    def dice_to_throw(self) -> int:
        return self.turn.cup if self.node in ("throw", "knocked") else 0

    def thrower(self) -> int | None:
        return self.player if self.node in ("throw", "knocked") else None

    def throw_follows(self, after_own_move: bool) -> bool:
        """ "Throw again", "take over", "start fresh" and knocking are the thrower's own words for the throw: it
        follows at once. Playing alone, his banking (or the selection that ended the turn) is followed by his next
        turn's first throw, which waits for him like every turn's start."""
        t = self.turn
        return after_own_move and (self.game.num_players > 1 or not t.first or t.knocked)

    def parse_outcome(self, text: str) -> Outcome:
        """Dice as typed ("3 3 1 5 6"), or a void throw by name or initial (b/brennt, t/türmchen/haus, v/vom tisch)
        where the rules know mishaps."""
        if self.node in ("throw", "knocked") and self.rules.mishap.mode == "scorekeeper":
            void = parse_void(text, VOID_REASONS, knocked=self.node == "knocked")
            if void is not None:
                return void
        return super().parse_outcome(text)

    def _apply_outcome(self, outcome: Outcome) -> State:
        if type(outcome) is Roll:  # the usual case first: one type test per throw
            return self._thrown(outcome.dice)
        if isinstance(outcome, Void):
            if self.node == "throw" and outcome.reason == "tuermchen" and self.rules.mishap.knock:
                return _with(self, node="knock", turn=_with(self.turn, history=(*self.turn.history, ("stacked",))))
            return self._void(outcome.reason)
        assert isinstance(outcome, Roll)
        return self._thrown(outcome.dice)

    # --- transitions ---------------------------------------------------------------------------------------------
    def _thrown(self, dice: Multiset) -> ZehntausendState:
        t0 = self.turn
        hist = (*t0.history, ("throw", dice))
        game = self.game
        if game.instant_wins and instant_win(self.rules, dice):
            t = _with(t0, voids=0, throws=t0.throws + 1, knocked=False, history=hist)
            return _with(self, turn=t, throw=dice, node="select")._log(("instant_win",))._finish((self.player,))
        need = 0 if t0.confirm is None else self._confirm_min()  # the throw leaves the confirmation as it is
        entry = game.choice_entry(dice, t0.open_sets, need, self.pool_mode)
        if entry[0]:  # the usual case: one copy of the turn and one of the state, which knows its legal list
            td = t0.__dict__.copy()
            td["voids"] = 0
            td["throws"] = t0.throws + 1
            td["knocked"] = False
            td["history"] = hist
            d = self.__dict__.copy()
            d["turn"] = _made(t0, td)
            d["throw"] = dice
            d["node"] = "select"
            d["_memo_legal"] = entry[2]
            return _made(self, d)
        # Niete / Macke — or a throw that scored, but less than the confirmation needs: that is no Niete, and the
        # record says so, so nobody is told "Niete" about a throw that visibly scored.
        scored = need and _choices(self.rules, dice, t0.open_sets, 0, self._forced())
        hist = (*hist, ("confirm_failed", need) if scored else ("niete",))
        first = t0.first and not t0.taken_over
        # (this read ``not (first and first_throw_niete != "bust")``, but no such value exists: every first throw
        # takes the general path, as it always did; mypy's strict equality found the dead comparison)
        if not self.pool_mode and not first:
            fast = self._bust_fast(hist, t0.total)
            if fast is not None:
                return fast
        t = _with(t0, voids=0, throws=t0.throws + 1, knocked=False, history=hist)
        s = _with(self, turn=t, throw=dice, node="select")
        if s.pool_mode:
            return s._receive_pool()
        if first:
            mode = self.rules.turn.first_throw_niete
            pts = self.rules.turn.first_throw_points
            if mode == "nix":
                return s._bank(pts, nix=True)
            if mode == "minus":
                s = s._penalize(self.player, pts)._log(("minus", pts))
        return s._bust()

    def _select(self, action: Select, c: Choice) -> ZehntausendState:
        t = self.turn
        if self.pool_mode:
            r = self.rules
            n = r.dice.count
            entry = ("select", action.dice, c.points, action.turn_fives)
            cup = t.cup - c.used
            total = t.total + c.points
            hist = (*t.history, entry)
            if cup == 0:
                if r.rueckwaerts.refill_when_empty:
                    cup = n
                else:  # resolution: the round ends without a receiver, the pool is discarded
                    cup, total, hist = n, 0, (*hist, ("pool_discarded",))
            t2 = _with(t, total=total, cup=cup, history=hist)
            s = _with(self, turn=t2, throw=None)
            return s._pass_pool(self._next_seat(self.player))
        ch = self.select_effect(action, c)
        td = t.__dict__.copy()
        td.update(ch)
        t2 = _made(t, td)
        stop, roll, legal = self._decide_facts(t2.total, t2.cup, t2.aside, t2.proof, t2.confirm, t2.turnable)
        if not roll:
            s = _with(self, turn=t2, node="decide")
            return s._bank(t2.total) if stop else s._bust()
        d = self.__dict__.copy()
        d["turn"] = t2
        d["node"] = "decide"
        d["_memo_legal"] = legal
        return _made(self, d)

    def select_effect(self, action: Select, c: Choice, history: bool = True) -> dict[str, Any]:
        """The turn's changed fields after setting aside ``action`` (its choice ``c``) outside Rückwärts play
        (``history`` False: without the new history, which only the transition needs).

        Shared by the transition and the heuristic bot, which values every candidate from these few numbers
        instead of building the successor state."""
        (
            n,
            proof_on,
            same_throw,
            confirm_single,
            extension,
            any_time,
            hot_dice,
            confirm_on,
            trig,
            min_points,
            across,
        ) = self.game.select_rules
        t = self.turn
        entry = ("select", action.dice, c.points, action.turn_fives)
        total = t.total + c.points
        cup = t.cup - c.used
        aside = t.aside + c.used
        proof = t.proof
        if proof_on:
            proving = c.sel.proving
            if proof and proving:
                proof = False
            if c.sel.has_set:
                proof = not (same_throw and proving)
        confirm = t.confirm
        if confirm is not None:
            if confirm_single:
                confirm = None
            else:
                need = confirm - c.points
                confirm = None if need <= 0 else need
        open_sets = c.sel.opened if extension else ()
        turnable = t.turnable + c.five_left if any_time else 0
        throw_n = len(self.throw or ())
        hist = (*t.history, entry) if history else ()
        if cup == 0 and hot_dice:
            if confirm_on and (
                trig == "all_dice_set_aside" or (trig == "full_throw_all_scored" and throw_n == n and c.used == n)
            ):
                confirm = min_points
            cup, aside, turnable = n, 0, 0
            hist = (*hist, ("hot_dice",)) if history else ()
            if not across:
                open_sets = ()
        if confirm_on and trig == "throw_all_scoring" and throw_n == n and c.throw_all:
            confirm = min_points
        return {
            "total": total,
            "cup": cup,
            "aside": aside,
            "first": False,
            "open_sets": open_sets,
            "proof": proof,
            "confirm": confirm,
            "turnable": turnable,
            "history": hist,
        }

    def _decide_facts(
        self, total: int, cup: int, aside: int, proof: bool, confirm: int | None, turnable: int
    ) -> tuple[bool, bool, tuple[Action, ...]]:
        """(may bank, may throw, the legal list) at a decide node of this turn with these fields (the throws and
        the threshold are the turn's): ``bank_blockers`` and ``can_roll`` without building the state."""
        r = self.rules
        t = self.turn
        md = r.turn.max_dice_left_to_bank
        pending = proof or confirm is not None or (md >= 0 and aside != 0 and cup > md)
        low = total < t.threshold
        mt = r.turn.max_throws
        roll = cup > 0 and (mt == 0 or t.throws < mt)
        stop = not pending and not low
        give_up = low and not pending and r.turn.stop_below_threshold == "counts_as_bust"
        return stop, roll, _DECIDE_ACTIONS[(stop, roll, roll and turnable > 0, give_up)]

    def _void(self, reason: str) -> ZehntausendState:
        """A void throw (§3.8): not counted, repeated with the same dice; a streak may cost points or the turn."""
        m = self.rules.mishap
        t = self.turn
        voids = t.voids + 1
        s = _with(
            self,
            node="throw",
            throw=None,
            turn=_with(t, voids=voids, knocked=False, history=(*t.history, ("void", reason))),
        )
        if m.penalty_streak > 0 and m.penalty_effect != "none" and voids >= m.penalty_streak:
            # each_after_threshold: every further consecutive void is penalised again; reset: count restarts
            if m.penalty_repeat == "reset":
                s = _with(s, turn=_with(s.turn, voids=0))
            if m.penalty_effect == "deduct_points":
                s = s._penalize(self.player, m.penalty_points)._log(("void_penalty", m.penalty_points))
                return s._check_bumerang_win(self.player)
            s = s._log(("void_bust",))
            if m.skip_next_turn:
                skip = list(s.skip)
                skip[self.player] = True
                s = _with(s, skip=tuple(skip))
            if s.pool_mode:
                return s._receive_pool()
            return s._bust()
        return s

    # --- what the table shows and the game says (table.py, words.py) ------------------------------------------------
    def components(self, player: int | None) -> tuple[cmp.Component, ...]:
        """The goal, the throw, the dice aside, the turn's points and the seats (:func:`table.components`)."""
        return table.components(self, player)

    def view(self, player: int | None) -> JSON:
        """Everything is public in Zehntausend: the same view for every seat and for spectators."""
        return table.view(self, player)

    def announcements(self, event: Action | Outcome, player: int | None, after: State) -> tuple[cmp.Phrase, ...]:
        """The target reached, a tie-break round, who won (:func:`table.announcements`)."""
        if not isinstance(after, ZehntausendState) or self.node == "over":
            return ()
        return table.announcements(self, after)

    def describe_action(self, action: Action, lang: str = "de") -> str:
        return words.describe_action(self, action, lang)

    def describe_outcome(self, outcome: Outcome, lang: str = "de", names: Sequence[str] = ()) -> str:
        return words.describe_outcome(self, outcome, lang)

    def explain_illegal(self, action: Action, player: int) -> None:
        """Name the rule that forbids ``action`` (:func:`words.explain_illegal`)."""
        words.explain_illegal(self, action)

    def parse_action_text(self, text: str, player: int) -> Action:
        """A move typed by a person (:func:`words.parse_action_text`)."""
        return words.parse_action_text(text)
