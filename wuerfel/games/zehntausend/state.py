"""The turn and game state machine of the Zehntausend family (spec §3.4–§3.10, rules R-1 … R-16).

One immutable :class:`ZehntausendState` covers every mode: standard play, *Solo*, *Bumerang* and the shared-pool
*Rückwärts* play. A turn is a sequence of nodes:

``offer`` (take over the predecessor's turn or start fresh) → ``throw`` (chance: the dice in the cup, or a void
throw) → [``knock`` (stacked dice: knock or throw again) → ``knocked`` (chance)] → ``select`` (set aside a legal
selection) → ``decide`` (bank, throw again, give up, turn 5s) → ``throw`` …

A Niete, a failed proof or confirmation, an instant win and the end of the game are resolved inside the transition
that causes them, so every decision node has at least one legal action. Where spec and seeds are silent the
resolutions are written down in ``docs/zehntausend.md`` ("Turn and game").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from wuerfel.engine import components as cmp
from wuerfel.engine import narration
from wuerfel.engine.dice import Multiset, counts, is_sub_multiset, roll_distribution, sort_dice
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import CHANCE, JSON, TERMINAL, Action, Game, Outcome, Roll, State
from wuerfel.games.kit.void import (
    AFTER_KNOCK,
    VOID_REASONS,
    Void,
    parse_void,
    throw_outcomes,
)
from wuerfel.games.zehntausend.explain import goal
from wuerfel.games.zehntausend.melds import (
    Meld,
    OpenSets,
    Selection,
    all_partitions,
    best_partition,
    instant_win,
    legal_selections,
    literal_keeps,
    meld_label,
    throw_value,
    turned_selection,
)
from wuerfel.games.zehntausend.options import ZehntausendRules

if TYPE_CHECKING:
    import random

# --------------------------------------------------------------------------------------------------------------
# Actions and outcomes


@dataclasses.dataclass(frozen=True)
class Select(Action):
    """Set aside these dice from the current throw, turning ``turn_fives`` pairs of single 5s into a 1 (R-8)."""

    kind: ClassVar[str] = "select"
    dice: Multiset
    turn_fives: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.dice, tuple) or any(
            isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in self.dice
        ):
            raise ValueError("dice must be faces 1 to 6")
        if len(self.dice) > 6:
            raise ValueError("at most 6 dice")
        if isinstance(self.turn_fives, bool) or not isinstance(self.turn_fives, int) or not 0 <= self.turn_fives <= 3:
            raise ValueError("turn_fives must be 0 to 3")
        object.__setattr__(self, "dice", sort_dice(self.dice))


@dataclasses.dataclass(frozen=True)
class Bank(Action):
    """Stop and credit the turn total."""

    kind: ClassVar[str] = "bank"


@dataclasses.dataclass(frozen=True)
class Continue(Action):
    """Throw the dice in the cup again (kind "roll"; named so as not to clash with the engine's Roll outcome)."""

    kind: ClassVar[str] = "roll"


@dataclasses.dataclass(frozen=True)
class GiveUp(Action):
    """Stop below the threshold where that counts as a bust (``turn.stop_below_threshold = "counts_as_bust"``)."""

    kind: ClassVar[str] = "give_up"


@dataclasses.dataclass(frozen=True)
class TurnFives(Action):
    """*5er drehen* later in the turn (``five_turn_timing = "any_time"``): one same-throw pair of 5s lying aside
    becomes a 1; one die goes back into the cup."""

    kind: ClassVar[str] = "turn_fives"


@dataclasses.dataclass(frozen=True)
class TakeOver(Action):
    """*Übernehmen*: start the turn with the predecessor's banked total and the dice he left."""

    kind: ClassVar[str] = "take_over"


@dataclasses.dataclass(frozen=True)
class Decline(Action):
    """Decline the takeover offer and start a fresh turn."""

    kind: ClassVar[str] = "decline"


@dataclasses.dataclass(frozen=True)
class Knock(Action):
    """*Klopfen*: knock once on stacked dice; if they then all lie flat the throw counts as it lies."""

    kind: ClassVar[str] = "knock"


@dataclasses.dataclass(frozen=True)
class Rethrow(Action):
    """Do not knock: the throw with stacked dice is void and is thrown again."""

    kind: ClassVar[str] = "rethrow"


_SIMPLE: tuple[type[Action], ...] = (Bank, Continue, GiveUp, TurnFives, TakeOver, Decline, Knock, Rethrow)
_OFFER_ACTIONS: tuple[Action, ...] = (TakeOver(), Decline())
_KNOCK_ACTIONS: tuple[Action, ...] = (Knock(), Rethrow())
_DECIDE_ACTIONS: dict[tuple[bool, bool, bool, bool], tuple[Action, ...]] = {
    (bank, roll, turn, give_up): tuple(
        a for a, on in ((Bank(), bank), (Continue(), roll), (TurnFives(), turn), (GiveUp(), give_up)) if on
    )
    for bank in (False, True)
    for roll in (False, True)
    for turn in (False, True)
    for give_up in (False, True)
}
"""The decide node's legal list by (may bank, may throw, may turn 5s, may give up): shared tuples of shared
actions (they carry no fields), built once instead of on every decision. The order is the list's order."""
_SELECT_BASE = 16

# --------------------------------------------------------------------------------------------------------------
# Cached per-rule-set tables


@dataclasses.dataclass(frozen=True)
class Choice:
    """What a legal :class:`Select` does to the turn."""

    points: int
    used: int
    """Dice that stay aside (selection minus turned pairs; literal model: the kept 1s/5s)."""
    sel: Selection
    """The scored selection (its melds decide proof and open sets)."""
    five_left: int
    """Same-throw pairs of 5s still turnable later (``any_time``)."""
    throw_all: bool
    """The whole throw was scorable (trigger ``throw_all_scoring``)."""


_ChoiceEntry = tuple[tuple[tuple[Select, Choice], ...], dict[Select, Choice], tuple[Action, ...], dict[int, Choice]]
"""A select node's choices (best first), the same as a map, its legal list (the choices' actions), and the map by
the identity of the listed action (a bot hands back the very object it took from the list: no dataclass hash; the
entry keeps those objects alive, so their ids cannot be reused while it exists)."""


@lru_cache(maxsize=50_000)
def _choices(
    rules: ZehntausendRules, throw: Multiset, open_sets: OpenSets, confirm_min: int, forced: bool
) -> tuple[tuple[Select, Choice], ...]:
    """Legal selections of a throw as (action, effect), best first. ``forced``: only the best (Rückwärts play)."""
    throw_all = best_partition(rules, throw, open_sets, throw) is not None
    out: list[tuple[Select, Choice]] = []
    if rules.selection.model == "macke_literal":
        value = throw_value(rules, throw, open_sets)
        if value is None or value.points < confirm_min:
            return ()
        keeps = literal_keeps(throw) or ((),)
        if rules.selection.rule == "all_scoring" or forced:
            keeps = (max(keeps, key=len),)
        for keep in sorted(keeps, key=lambda k: (-len(k), k)):
            out.append((Select(keep), Choice(value.points, len(keep), value, 0, throw_all)))
        return tuple(out)
    sels = legal_selections(rules, throw, open_sets, confirm_min)
    if forced:
        sels = sels[:1]
    for sel in sels:
        for k in range(sel.five_pairs + 1):
            s = turned_selection(rules, sel, k, open_sets, throw) if k else sel
            out.append((Select(sel.dice, k), Choice(s.points, len(s.dice), s, s.five_pairs, throw_all)))
    return tuple(out)


@lru_cache(maxsize=50_000)
def _choice_map(
    rules: ZehntausendRules, throw: Multiset, open_sets: OpenSets, confirm_min: int, forced: bool
) -> dict[Select, Choice]:
    return dict(_choices(rules, throw, open_sets, confirm_min, forced))


@lru_cache(maxsize=64)
def _throw_outcomes(
    n: int, mode: str, probability: Fraction, stage: str, knock_success: Fraction
) -> tuple[tuple[Outcome, Fraction], ...]:
    """The chance node of a throw of ``n`` dice (one cached tuple per distribution, so sampling stays fast).

    ``stage`` "throw": a normal throw; "knocked": the dice after a knock on stacked dice (only a Türmchen can
    remain). Scorekeeper mode lists the void throws with probability 0: only a person at the table reports them.
    """
    rolls = roll_distribution(n)
    if mode == "scorekeeper":
        return throw_outcomes(n, VOID_REASONS if stage == "throw" else AFTER_KNOCK)
    if mode == "simulated":
        valid = (1 - probability) if stage == "throw" else knock_success
        out: list[tuple[Outcome, Fraction]] = []
        if valid > 0:
            out.extend((Roll(d), p * valid) for d, p in rolls)
        if valid < 1:
            out.append((Void("tuermchen"), 1 - valid))
        return tuple(out)
    return tuple((Roll(d), p) for d, p in rolls)


def _frac(x: float) -> Fraction:
    return Fraction(str(x))


_T = TypeVar("_T")


_NEW = object.__new__
_SET = object.__setattr__


def _with(obj: _T, **changes: Any) -> _T:
    """``dataclasses.replace`` for our frozen value classes without re-running ``__init__``: states are copied
    on every transition, and this is several times faster (the classes have no ``__post_init__`` checks). What a
    state remembers about itself (``State.remember``: its legal actions) is not copied: it belongs to the old one."""
    new = _NEW(type(obj))
    d = obj.__dict__.copy()  # one copy handed over whole: a quarter faster than filling the new one's dict
    if "_memo_legal" in d:  # the one value a Zehntausend state remembers
        del d["_memo_legal"]
    d.update(changes)
    _SET(new, "__dict__", d)
    return new


def _made(obj: _T, d: dict[str, Any]) -> _T:
    """A new object of ``obj``'s class with the field dict ``d`` (a copy of ``obj``'s, changed by the caller):
    ``_with`` written out at the hottest transitions (a throw, a selection, throwing again), where packing the
    changes as keywords cost a third of the copy."""
    new = _NEW(type(obj))
    _SET(new, "__dict__", d)
    return new


_OUTCOME_SETS: dict[int, tuple[Sequence[tuple[Outcome, Fraction]], frozenset[Outcome]]] = {}


def _outcome_set(outcomes: Sequence[tuple[Outcome, Fraction]]) -> frozenset[Outcome]:
    """The outcomes of a (cached) distribution as a set, keyed by the distribution object's identity."""
    entry = _OUTCOME_SETS.get(id(outcomes))
    if entry is None or entry[0] is not outcomes:
        if len(_OUTCOME_SETS) > 256:
            _OUTCOME_SETS.clear()
        entry = (outcomes, frozenset(o for o, _ in outcomes))
        _OUTCOME_SETS[id(outcomes)] = entry
    return entry[1]


# --------------------------------------------------------------------------------------------------------------
# State


@dataclasses.dataclass(frozen=True)
class Turn:
    """The running turn (spec §3.1); in Rückwärts play: the shared pool (``total``) and cup."""

    total: int = 0
    cup: int = 0
    aside: int = 0
    throws: int = 0
    first: bool = True
    open_sets: OpenSets = ()
    proof: bool = False
    confirm: int | None = None
    """None: no confirmation pending; else the points still required."""
    voids: int = 0
    threshold: int = 0
    beat: int | None = None
    """The predecessor's result the threshold comes from (``beat_predecessor``), for "more than 3,100"."""
    turnable: int = 0
    """Same-throw pairs of single 5s lying aside in this cycle that may still be turned (``any_time``)."""
    taken_over: bool = False
    knocked: bool = False
    history: tuple[tuple[Any, ...], ...] = ()


TARGET_REACHED = N_("{name} has reached {target}: the round is played to its end")


@dataclasses.dataclass(frozen=True)
class ZehntausendState(State):
    game: ZehntausendGame
    scores_: tuple[int, ...]
    minus: tuple[int, ...]
    down: tuple[bool, ...]
    """Bumerang: the player has reached the target and counts down."""
    player: int
    node: str
    turn: Turn
    throw: Multiset | None = None
    last_result: int | None = None
    """Result of the turn played immediately before: the banked points, or None (no turn yet, or a bust)."""
    last_kind: str = "none"
    offer: tuple[int, int] | None = None
    end_triggered: bool = False
    reach_order: tuple[int, ...] = ()
    extra: tuple[int, ...] = ()
    """Tie-break rounds (``game.tie = "extra_round"``): only these players still play."""
    skip: tuple[bool, ...] = ()
    turns: tuple[int, ...] = ()
    pool_mode: bool = False
    """Rückwärts play: the shared pool passes on after every throw."""
    winners_: tuple[int, ...] = ()
    prev: tuple[Any, ...] | None = None
    """The last finished turn: (player, history, result kind, points)."""

    # --- shortcuts ---------------------------------------------------------------------------------------------
    @property
    def rules(self) -> ZehntausendRules:
        return self.game.rules

    @property
    def turn_total(self) -> int:
        return self.turn.total

    @property
    def cup(self) -> int:
        return self.turn.cup

    @property
    def proof_pending(self) -> bool:
        return self.turn.proof

    @property
    def confirm_need(self) -> int | None:
        return self.turn.confirm

    @property
    def open_sets(self) -> OpenSets:
        return self.turn.open_sets

    @property
    def threshold(self) -> int:
        return self.turn.threshold

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

    def describe_outcome(self, outcome: Outcome, lang: str = "de", names: Sequence[str] = ()) -> str:
        from wuerfel.i18n import translate

        if isinstance(outcome, Void):
            return translate(outcome.label(), lang)
        if isinstance(outcome, Roll):
            return " ".join(str(d) for d in outcome.dice) + self._consequence(outcome, lang)
        return str(outcome.to_json())

    def _consequence(self, outcome: Roll, lang: str) -> str:
        """What a throw that ends the turn cost, in words (" — Niete: turn lost (400 points)"), so the move list
        explains every bust; empty for a throw the player goes on with."""
        from wuerfel.i18n import translate

        if self.node != "throw":
            return ""
        after = self._apply_outcome(outcome)
        if not isinstance(after, ZehntausendState) or after.prev is self.prev or after.prev is None:
            return ""
        _p, history, kind, points = after.prev
        failed = next((e for e in history if e[0] == "confirm_failed"), None)
        if failed is not None:
            text = translate(
                "scores, but less than the {need} points needed to confirm: turn lost ({points} points)",
                lang,
                need=failed[1],
                points=points,
            )
        elif kind == "receive":
            text = translate("Niete: receives the pool ({points} penalty points)", lang, points=points)
        elif kind == "bust":
            text = translate("Niete: turn lost ({points} points)", lang, points=points)
        elif kind == "nix":
            text = translate("Niete on the first throw: {points} points, turn over", lang, points=points)
        else:
            return ""
        return " — " + text

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
    def _log(self, entry: tuple[Any, ...]) -> ZehntausendState:
        return _with(self, turn=_with(self.turn, history=(*self.turn.history, entry)))

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

    # --- score changes -------------------------------------------------------------------------------------------
    def _mirrored(self, p: int) -> bool:
        """True when p's score counts the other way (Bumerang count-down phase, or Bumerang Rückwärts play)."""
        return self.down[p] or (self.pool_mode and self.rules.game.mode == "bumerang")

    def _penalize(self, p: int, amount: int) -> ZehntausendState:
        sc = list(self.scores_)
        if self.rules.game.mode == "rueckwaerts" or self._mirrored(p):
            sc[p] += amount
        else:
            sc[p] -= amount
        return _with(self, scores_=tuple(sc))

    def _credit(self, p: int, amount: int) -> ZehntausendState:
        sc = list(self.scores_)
        sc[p] += -amount if self._mirrored(p) else amount
        return _with(self, scores_=tuple(sc))

    def _reached(self, score: int) -> bool:
        return score >= self.game.reach_at

    def _hand_over(
        self, p: int, hist: tuple[tuple[Any, ...], ...], kind: str, points: int, **changes: Any
    ) -> ZehntausendState | None:
        """The end of ``p``'s turn (its ``hist``, its result ``kind`` and ``points``, the score ``changes``) and the
        start of the next player's turn in one copy of the state — what ``_end_turn`` + ``_next_turn`` +
        ``_start_turn`` do through several copies, for the case where nothing happens in between (no round end,
        tie-break or skipped seat). None: not that case; the caller takes the general path."""
        n = self.game.num_players
        if self.extra or (self.end_triggered and p == n - 1):
            return None
        q = p + 1 if p + 1 < n else 0
        if self.skip and self.skip[q]:
            return None
        turns = list(self.turns)
        turns[p] += 1
        last = changes.get("last_result")
        tr = self.rules.turn
        th = tr.min_bank
        beat = None
        if tr.beat_predecessor:
            if last is not None:
                th = max(th, last + 1)
                beat = last if th == last + 1 else None
            else:
                th = max(th, tr.beat_fallback)
        offer = changes.get("offer")
        td = self.game.fresh_turn.__dict__.copy()  # Turn(cup=n, threshold=th, beat=beat) without its __init__
        td["threshold"] = th
        td["beat"] = beat
        return _with(
            self,
            turns=tuple(turns),
            prev=(p, hist, kind, points),
            player=q,
            turn=_made(self.game.fresh_turn, td),
            throw=None,
            node="offer" if offer is not None else "throw",
            **changes,
        )

    def _bank(self, v: int, nix: bool = False) -> ZehntausendState:
        r = self.rules
        p = self.player
        if self.game.plain_turn_end and not self.pool_mode:
            score = self.scores_[p] + v
            if not self._reached(score):
                kind = "nix" if nix else "bank"
                cup = self.turn.cup
                sc = list(self.scores_)
                sc[p] = score
                minus = self.minus
                if minus[p]:
                    ml = list(minus)
                    ml[p] = 0
                    minus = tuple(ml)
                offer = (v, cup) if (r.takeover.enabled and not nix and r.game.mode != "solo" and cup > 0) else None
                fast = self._hand_over(
                    p,
                    (*self.turn.history, (kind, v)),
                    kind,
                    v,
                    scores_=tuple(sc),
                    minus=minus,
                    last_result=v,
                    last_kind=kind,
                    offer=offer,
                )
                if fast is not None:
                    return fast
        s = self._credit(p, v)._log(("nix", v) if nix else ("bank", v))
        cleared = list(s.minus)
        cleared[p] = 0
        offer = None
        if r.takeover.enabled and not nix and r.game.mode != "solo" and self.turn.cup > 0:
            offer = (v, self.turn.cup)
        s = _with(s, minus=tuple(cleared), last_result=v, last_kind="nix" if nix else "bank", offer=offer)
        s = s._end_turn("nix" if nix else "bank", v)
        score = s.scores_[p]
        if r.game.mode == "bumerang":
            if s.down[p] or s.pool_mode:
                if score < 0:
                    return s._finish((p,))
            elif s._reached(score):
                if r.bumerang.phase2 == "count_down":
                    down = list(s.down)
                    down[p] = True
                    s = _with(s, down=tuple(down))
                else:
                    s = _with(s, pool_mode=True, offer=None)
                    return s._pass_pool(self._next_seat(p), fresh=True, count=False)
            return s._next_turn()
        if s._reached(score):
            if p not in s.reach_order:
                s = _with(s, reach_order=(*s.reach_order, p))
            if r.game.end_rule == "immediate" or r.game.mode == "solo":
                return s._finish((p,))
            s = _with(s, end_triggered=True)
        return s._next_turn()

    def _bust_fast(self, hist: tuple[tuple[Any, ...], ...], lost: int) -> ZehntausendState | None:
        """A bust after the turn's ``hist`` in one copy (see ``_hand_over``); None: the general path."""
        if not self.game.plain_turn_end or self.pool_mode:
            return None
        p = self.player
        sc = self.scores_
        if lost and self.rules.turn.bust == "negate":
            lst = list(sc)
            lst[p] -= lost
            sc = tuple(lst)
        return self._hand_over(
            p, (*hist, ("bust", lost)), "bust", lost, scores_=sc, last_result=None, last_kind="bust", offer=None
        )

    def _bust(self) -> ZehntausendState:
        fast = self._bust_fast(self.turn.history, self.turn.total)
        if fast is not None:
            return fast
        r = self.rules
        p = self.player
        s = self
        lost = self.turn.total
        if r.turn.bust == "negate" and lost:
            s = s._penalize(p, lost)
        s = s._log(("bust", lost))
        if r.minus_marks.count > 0:
            minus = list(s.minus)
            minus[p] += 1
            if minus[p] >= r.minus_marks.count:
                minus[p] = 0
                s = s._penalize(p, r.minus_marks.penalty)._log(("minus_marks", r.minus_marks.penalty))
            s = _with(s, minus=tuple(minus))
        s = _with(s, last_result=None, last_kind="bust", offer=None)
        s = s._end_turn("bust", lost)
        won = s._check_bumerang_win(p)
        if won.node == "over":
            return won
        return s._next_turn()

    def _check_bumerang_win(self, p: int) -> ZehntausendState:
        if self.rules.game.mode == "bumerang" and self._mirrored(p) and self.scores_[p] < 0:
            return self._finish((p,))
        return self

    def _end_turn(self, kind: str, points: int) -> ZehntausendState:
        turns = list(self.turns)
        turns[self.player] += 1
        return _with(self, turns=tuple(turns), prev=(self.player, self.turn.history, kind, points))

    def _finish(self, winners: tuple[int, ...]) -> ZehntausendState:
        return _with(self, node="over", winners_=tuple(sorted(winners)))

    # --- seating -------------------------------------------------------------------------------------------------
    def _active(self) -> tuple[int, ...]:
        return self.extra or tuple(range(self.game.num_players))

    def _next_seat(self, p: int) -> int:
        act = self._active()
        later = [q for q in act if q > p]
        return later[0] if later else act[0]

    def _next_turn(self) -> ZehntausendState:
        """After the current player's turn: end the round/game if due, then start the next player's turn."""
        s = self
        p = s.player
        for _ in range(4 * s.game.num_players + 4):
            act = s._active()
            if p == act[-1] and (s.end_triggered or s.extra):
                done = s._round_end()
                if done.node == "over":
                    return done
                s = done
                act = s._active()
                q = act[0]
            else:
                q = s._next_seat(p)
            if s.skip and s.skip[q]:
                skip = list(s.skip)
                skip[q] = False
                turns = list(s.turns)
                turns[q] += 1
                s = _with(s, skip=tuple(skip), turns=tuple(turns), offer=None, prev=(q, (("skipped",),), "skipped", 0))
                p = q
                continue
            return s._start_turn(q)
        raise AssertionError("no player can take a turn")  # pragma: no cover

    def _round_end(self) -> ZehntausendState:
        """The last player of a round has played after the target was reached (or in a tie-break round)."""
        cands = self._active()
        top = max(self.scores_[c] for c in cands)
        tied = tuple(c for c in cands if self.scores_[c] == top)
        if len(tied) == 1 or self.rules.game.tie == "shared":
            return self._finish(tied)
        if self.rules.game.tie == "first_to_reach":
            for q in self.reach_order:
                if q in tied:
                    return self._finish((q,))
            return self._finish(tied)
        return _with(self, extra=tied, offer=None)

    def threshold_for(self, p: int) -> int:
        """THRESHOLD(p) of §3.6."""
        tr = self.rules.turn
        th = tr.min_bank
        if tr.beat_predecessor:
            th = max(th, self.last_result + 1) if self.last_result is not None else max(th, tr.beat_fallback)
        return th

    def _start_turn(self, q: int) -> ZehntausendState:
        n = self.rules.dice.count
        th = self.threshold_for(q)
        beat = (
            self.last_result
            if (self.rules.turn.beat_predecessor and self.last_result is not None and th == self.last_result + 1)
            else None
        )
        t = Turn(cup=n, threshold=th, beat=beat)
        node = "offer" if self.offer is not None else "throw"
        return _with(self, player=q, turn=t, throw=None, node=node)

    # --- Rückwärts play (§3.9) -----------------------------------------------------------------------------------
    def _pass_pool(self, q: int, fresh: bool = False, count: bool = True) -> ZehntausendState:
        """The dice (and the pool) pass to ``q`` for one throw (``count``: the thrower's throw counts as a turn)."""
        t = self.turn
        if fresh:
            t = Turn(cup=self.rules.dice.count)
        else:
            t = _with(t, throws=0, voids=0, knocked=False, first=False)
        turns = list(self.turns)
        if count:
            turns[self.player] += 1
        skip = list(self.skip)
        for _ in range(self.game.num_players):
            if not skip[q]:
                break
            skip[q] = False  # an "aussetzen" penalty: the dice pass over this player once
            q = self._next_seat(q)
        return _with(self, player=q, turn=t, throw=None, node="throw", turns=tuple(turns), skip=tuple(skip))

    def _receive_pool(self) -> ZehntausendState:
        """A Niete in Rückwärts play: the thrower receives the pool (penalty; Bumerang: subtracted)."""
        r = self.rules
        p = self.player
        pool = self.turn.total
        if r.game.mode == "bumerang":
            s = self._credit(p, pool)  # mirrored: the pool is subtracted
        else:
            s = self._penalize(p, pool)
        s = s._log(("receive", pool))
        s = _with(s, prev=(p, s.turn.history, "receive", pool), last_result=None, last_kind="bust")
        score = s.scores_[p]
        if r.game.mode == "bumerang":
            if score < 0:
                return s._finish((p,))
        elif s._reached(score):
            low = min(s.scores_)
            return s._finish(tuple(q for q in range(s.game.num_players) if s.scores_[q] == low))
        nxt = self._next_seat(p) if r.rueckwaerts.next_round_starter == "after_receiver" else p
        return s._pass_pool(nxt, fresh=True)

    # --- results -------------------------------------------------------------------------------------------------
    def scores(self) -> tuple[float, ...]:
        return tuple(float(x) for x in self.scores_)

    def winners(self) -> tuple[int, ...]:
        return self.winners_ if self.node == "over" else ()

    def lower_is_better(self) -> bool:
        """Rückwärts counts penalty points, and Bumerang's Rückwärts phase subtracts from everybody: the fewest
        lead. (Bumerang's count-down phase is per player, so no single direction holds there: see ranking.)"""
        mode = self.rules.game.mode
        return mode == "rueckwaerts" or (mode == "bumerang" and self.pool_mode)

    def _standing_key(self, p: int) -> tuple[float, ...]:
        """How far seat ``p`` is from winning, smaller is better: penalty points in Rückwärts; in Bumerang a player
        counting down (already past the target) is ahead of every player still counting up; else the points."""
        score = float(self.scores_[p])
        mode = self.rules.game.mode
        if mode == "rueckwaerts" or (mode == "bumerang" and self.pool_mode):
            return (score,)
        if mode == "bumerang":
            return (0.0, score) if self.down[p] else (1.0, -score)
        return (-score,)

    def ranking(self) -> tuple[tuple[int, ...], ...]:
        """The winners, then the others by :meth:`_standing_key` (ties grouped); in Rückwärts the player whose
        received pool crossed the target comes last whatever his points (spec §3.9: "thrower loses, others ranked
        by penalty, lowest first")."""
        if not self.is_terminal():
            return ()
        won = self.winners()
        lost = self.losers()
        rest = sorted(
            (p for p in range(self.game.num_players) if p not in won and p not in lost), key=self._standing_key
        )
        groups: list[tuple[int, ...]] = [won] if won else []
        for p in rest:
            if groups and groups[-1] != won and self._standing_key(groups[-1][0]) == self._standing_key(p):
                groups[-1] = (*groups[-1], p)
            else:
                groups.append((p,))
        if lost:
            groups.append(lost)
        return tuple(groups)

    def losers(self) -> tuple[int, ...]:
        """Rückwärts names a loser: the thrower whose received pool took him to the target ends the game and loses
        (spec §3.9, A-31). The other modes only name winners."""
        if not self.is_terminal() or self.rules.game.mode != "rueckwaerts" or self.player in self.winners_:
            return ()
        return (self.player,)

    # --- information ---------------------------------------------------------------------------------------------
    def components(self, player: int | None) -> tuple[cmp.Component, ...]:
        """The throw to choose from, the dice set aside this turn, the turn's points (with what is needed to bank
        and a pending proof or confirmation), the seats with minus marks. Everything is public in Zehntausend."""
        r = self.rules
        t = self.turn
        # What the table plays to and how far each seat still has to go, first on the felt (issue 24).
        out: list[cmp.Component] = [
            goal(
                r.game.mode,
                r.game.target,
                r.game.reach,
                self.scores_,
                self.down,
                self.pool_mode,
                self.turns[0] if self.turns else 0,
            )
        ]
        playing = self.node != "over"
        hot = self.node == "decide" and t.aside == 0 and t.total > 0
        if playing and self.throw is not None and self.node == "select":
            out.append(cmp.Dice(tuple(self.throw), thrown=True, seat=self.player, key="throw"))
        elif playing and not hot:
            # What still lies on the table from the last throw (dimmed by the web table); between turns the end of
            # the previous turn (the Niete that lost it).
            left = _left_on_table(t.history) if self.node != "throw" else None
            seat = self.player
            if not left and self.prev is not None and not t.history:
                left, seat = _left_on_table(self.prev[1]), self.prev[0]
            if left:
                out.append(cmp.Dice(left, thrown=True, seat=seat, key="left", label=cmp.Phrase(N_("Last throw"))))
        if self.prev is not None and self.prev[0] is not None:
            out.append(cmp.Message(_previous_turn(self.prev), key="previous"))
        if hot:
            out.append(cmp.Message(cmp.Phrase(N_("All dice scored — the full cup again!")), key="hot_dice"))
        # The dice lying aside in this cycle: the last ``aside`` dice of this turn's selections.
        chosen = [d for e in t.history if e[0] == "select" for d in e[1]]
        aside = tuple(chosen[len(chosen) - t.aside :]) if playing and 0 < t.aside <= len(chosen) else ()
        if aside:
            out.append(
                cmp.Dice(
                    aside,
                    kept=tuple(range(len(aside))),
                    seat=self.player,
                    key="aside",
                    label=cmp.Phrase(N_("Set aside this turn")),
                )
            )
        if playing:
            out.append(cmp.Counter(t.total, label=cmp.Phrase(N_("This turn"))))
            if t.threshold:
                out.append(cmp.Counter(t.threshold, label=cmp.Phrase(N_("Needed to bank"))))
            if t.proof:
                out.append(cmp.Message(cmp.Phrase(N_("Pasch must be proven"))))
            if t.confirm is not None:
                out.append(cmp.Message(cmp.Phrase(N_("Confirmation pending: {need} more points"), {"need": t.confirm})))
            if self.node == "decide":
                # Why writing down is refused now, one line a reason (the web table used to word them itself).
                out += [
                    cmp.Message(cmp.Phrase(_BLOCKERS[b], {"threshold": t.threshold}), key=f"blocker:{b}")
                    for b in self.bank_blockers()
                ]
        rueckwaerts = r.game.mode == "rueckwaerts"
        out.append(
            cmp.Seats(
                tuple(
                    cmp.SeatLine(
                        p,
                        score=self.scores_[p],
                        active=playing and p == self.player,
                        note="−" * self.minus[p] if self.minus[p] else None,
                    )
                    for p in range(self.game.num_players)
                ),
                lower_is_better=rueckwaerts,
                label=cmp.Phrase(N_("Scores (target {target})"), {"target": r.game.target}),
            )
        )
        return tuple(out)

    def view(self, player: int | None) -> JSON:
        """Everything is public in Zehntausend: the same view for every seat and for spectators."""
        r = self.rules
        t = self.turn
        sels = []
        for a, c in self.choices():
            sels.append(
                {
                    "action": a.to_json(),
                    "dice": list(a.dice),
                    "turn_fives": a.turn_fives,
                    "points": c.points,
                    "stays_aside": c.used,
                    "melds": [_meld_view(m) for m in c.sel.melds],
                }
            )
        return {
            "game": "zehntausend",
            "mode": r.game.mode,
            "to_move": self.to_move(),
            "node": self.node,
            "player": self.player,
            "scores": list(self.scores_),
            "score_label": N_("Penalty points") if r.game.mode == "rueckwaerts" else N_("Points"),
            # Rückwärts counts penalty points: the fewest win, so every front end ranks and explains it that way.
            "lower_is_better": self.lower_is_better(),
            "minus_marks": list(self.minus),
            "minus_marks_limit": r.minus_marks.count,
            "down": list(self.down),
            "turns": list(self.turns),
            "target": r.game.target,
            "dice_count": r.dice.count,
            "turn": {
                "total": t.total,
                "cup": t.cup,
                "aside": t.aside,
                "throws": t.throws,
                "max_throws": r.turn.max_throws,
                "first": t.first,
                "taken_over": t.taken_over,
                "open_sets": [list(x) for x in t.open_sets],  # [face, size, running value]
                "proof_pending": t.proof,
                "confirm_need": t.confirm,
                "threshold": t.threshold,
                "beat": t.beat,
                "dice_left": self.dice_left(),
                "turnable_fives": t.turnable,
                "voids": t.voids,
                "history": [_entry_json(e) for e in t.history],
            },
            "pool": t.total if self.pool_mode else None,
            "pool_mode": self.pool_mode,
            "throw": list(self.throw) if self.throw is not None and self.node == "select" else None,
            "selections": sels,
            "can_bank": self.can_bank(),
            "bank_blockers": self.bank_blockers() if self.node == "decide" else [],
            "can_roll": self.node == "decide" and self.can_roll(),
            "legal": [a.to_json() for a in self.legal_actions()],
            "offer": {"total": self.offer[0], "cup": self.offer[1]} if self.offer else None,
            "last_result": {"kind": self.last_kind, "points": self.last_result},
            "previous_turn": None
            if self.prev is None
            else {
                "player": self.prev[0],
                "history": [_entry_json(e) for e in self.prev[1]],
                "result": self.prev[2],
                "points": self.prev[3],
            },
            "end_triggered": self.end_triggered,
            "reach_order": list(self.reach_order),
            "tie_break": list(self.extra),
            "skip_next": list(self.skip),
            "winners": list(self.winners()),
        }

    # --- labels and refusals -------------------------------------------------------------------------------------
    def announcements(self, event: Action | Outcome, player: int | None, after: State) -> tuple[cmp.Phrase, ...]:
        """The target reached while the round is still played to its end, a tie-break round among the leaders, and
        who won: what a turn's own label ("stop and write 350") does not say. Every score is open."""
        if not isinstance(after, ZehntausendState) or self.node == "over":
            return ()
        if after.node == "over":
            return tuple(narration.ending(after)) if self.game.num_players > 1 else ()
        out: list[cmp.Phrase] = []
        if after.end_triggered and not self.end_triggered:
            seat = after.reach_order[-1] if after.reach_order else self.player
            out.append(cmp.Phrase(TARGET_REACHED, {"name": cmp.SeatRef(seat), "target": self.rules.game.target}))
        if after.extra and after.extra != self.extra:
            out.append(narration.throw_off(after.extra, first=True, again=bool(self.extra)))
        return tuple(out)

    def describe_action(self, action: Action, lang: str = "de") -> str:
        from wuerfel.engine.explain import format_int
        from wuerfel.i18n import Translator

        plain = Translator(lang)

        def tr(msgid: str, /, **params: Any) -> str:
            """Points in a move's label are written as the goal line writes them (terminal report L6: "10,000" on
            the felt beside "Set aside 5: 2000"): English groups from 1,000 on, German from 10.000 on (Duden)."""
            return plain(
                msgid,
                **{
                    k: format_int(v, plain.lang) if isinstance(v, int) and not isinstance(v, bool) else v
                    for k, v in params.items()
                },
            )

        if isinstance(action, Select):
            c = (
                _choice_map(self.rules, self.throw or (), self.turn.open_sets, self._confirm_min(), self._forced()).get(
                    action
                )
                if self.node == "select"
                else None
            )
            dice = " ".join(str(d) for d in action.dice) or "–"
            if c is None:
                return tr("Set aside {dice}", dice=dice)
            melds = _meld_list(c.sel, tr)
            if self.rules.selection.model == "macke_literal":
                if not action.dice:
                    return tr(
                        "Throw scores {points} ({melds}); keep nothing, throw all again", points=c.points, melds=melds
                    )
                return tr("Throw scores {points} ({melds}); keep {dice}", points=c.points, melds=melds, dice=dice)
            if action.turn_fives:
                return tr(
                    "Set aside {dice}: {points} ({melds}), turning {k}× 5-5 into a 1",
                    dice=dice,
                    points=c.points,
                    melds=melds,
                    k=action.turn_fives,
                )
            return tr("Set aside {dice}: {points} ({melds})", dice=dice, points=c.points, melds=melds)
        labels = {
            "bank": N_("Stop and write down {total}"),
            "roll": N_("Throw again ({cup} dice)") if self.turn.cup != 1 else N_("Throw again (1 die)"),
            "give_up": N_("Give up (counts as a bust)"),
            "turn_fives": N_("Turn two 5s into a 1 (one more die)"),
            "take_over": N_("Take over {offer} with {offer_cup} dice")
            if not self.offer or self.offer[1] != 1
            else N_("Take over {offer} with 1 die"),
            "decline": N_("Start a fresh turn"),
            "knock": N_("Knock (if all dice then lie flat the throw counts)"),
            "rethrow": N_("Throw again without knocking (void throw)"),
        }
        msg = labels.get(action.kind)
        if msg is None:
            return str(action.to_json())
        return tr(
            msg,
            total=self.turn.total,
            cup=self.turn.cup,
            offer=self.offer[0] if self.offer else 0,
            offer_cup=self.offer[1] if self.offer else 0,
        )

    def explain_illegal(self, action: Action, player: int) -> None:
        """Name the rule that forbids ``action`` (the state stays unchanged; the caller raises a generic refusal
        if nothing specific applies)."""
        node = self.node
        if node == "offer" and not isinstance(action, (TakeOver, Decline)):
            raise IllegalAction(N_("First decide whether to take over the previous turn or start fresh."))
        if node == "knock" and not isinstance(action, (Knock, Rethrow)):
            raise IllegalAction(N_("First decide whether to knock on the stacked dice."))
        if isinstance(action, (TakeOver, Decline)):
            raise IllegalAction(N_("There is no turn to take over now."))
        if isinstance(action, (Knock, Rethrow)):
            raise IllegalAction(N_("There are no stacked dice to knock on."))
        if isinstance(action, Select):
            self._explain_select(action)
        if node == "select":
            raise IllegalAction(N_("First set aside dice from this throw."))
        if isinstance(action, Bank):
            self._explain_bank()
        if isinstance(action, Continue):
            if self.turn.cup <= 0:
                raise IllegalAction(N_("There are no dice left to throw."))
            raise IllegalAction(
                N_("You have used all {throws} of this turn."),
                throws=cmp.Phrase("{n} throw", {"n": self.rules.turn.max_throws}, plural="{n} throws"),
            )
        if isinstance(action, GiveUp):
            if self.rules.turn.stop_below_threshold != "counts_as_bust":
                raise IllegalAction(
                    N_(
                        "Giving up is not allowed under these rules: you must throw again until "
                        "you reach the threshold."
                    )
                )
            raise IllegalAction(
                N_("You may only give up while the threshold is the only thing that keeps you from stopping.")
            )
        if isinstance(action, TurnFives):
            if not self.rules.selection.five_pair_to_one:
                raise IllegalAction(N_("Turning two 5s into a 1 is not allowed under these rules."))
            if self.rules.selection.five_turn_timing != "any_time":
                raise IllegalAction(N_("Two 5s may only be turned into a 1 when they are set aside."))
            raise IllegalAction(N_("There is no pair of 5s from one throw lying aside to turn."))

    def _explain_bank(self) -> None:
        blockers = self.bank_blockers()
        t = self.turn
        if "proof" in blockers:
            raise IllegalAction(
                N_("A pasch must be proven before you may stop (set aside a 1 or 5 from a later throw).")
            )
        if "confirm" in blockers:
            raise IllegalAction(
                N_("All dice were set aside: confirm them first with at least {n} more points."), n=t.confirm
            )
        if "threshold" in blockers:
            if t.beat is not None:
                raise IllegalAction(
                    N_("You must score more than the previous turn's {n} to stop (you have {total})."),
                    n=t.beat,
                    total=t.total,
                )
            raise IllegalAction(N_("You need at least {n} to stop (you have {total})."), n=t.threshold, total=t.total)
        if "dice_left" in blockers:
            raise IllegalAction(
                N_("You may stop with at most {dice} left, not {left}."),
                dice=cmp.Phrase("{n} die", {"n": self.rules.turn.max_dice_left_to_bank}, plural="{n} dice"),
                left=self.dice_left(),
            )

    def _explain_select(self, action: Select) -> None:
        if self.node != "select" or self.throw is None:
            raise IllegalAction(N_("There is no throw to set dice aside from now."))
        r = self.rules
        throw = self.throw
        if r.selection.model == "macke_literal":
            if not is_sub_multiset(action.dice, throw) or any(d not in (1, 5) for d in action.dice):
                raise IllegalAction(N_("Only dice showing 1 or 5 from this throw may be set aside."))
            if not action.dice:
                raise IllegalAction(N_("Set aside at least one 1 or 5 to throw again."))
            raise IllegalAction(N_("Set aside all your 1s and 5s (these rules force it)."))
        if not action.dice:
            raise IllegalAction(N_("Set aside at least one scoring die."))
        one = len(action.dice) == 1  # "Der Würfel 3 zählt nicht", not "Die Würfel 3 zählen nicht"
        if not is_sub_multiset(action.dice, throw):
            raise IllegalAction(
                N_("The die {dice} is not in this throw.") if one else N_("The dice {dice} are not in this throw."),
                dice=" ".join(str(d) for d in action.dice),
            )
        sel = best_partition(r, action.dice, self.turn.open_sets, throw)
        if sel is None:
            c = counts(action.dice)
            if (
                r.scoring.kind.companion_faces
                and any(c[f - 1] >= 3 for f in r.scoring.kind.companion_faces)
                and all_partitions(
                    dataclasses.replace(
                        r,
                        scoring=dataclasses.replace(
                            r.scoring, kind=dataclasses.replace(r.scoring.kind, companion_faces=())
                        ),
                    ),
                    action.dice,
                    self.turn.open_sets,
                    throw,
                )
            ):
                raise IllegalAction(N_("A pasch of 2s, 3s, 4s or 6s counts only with a 1 or 5 set aside with it."))
            # Of several dice some may score ("1 4": the 1 does): the refusal says not all of them do.
            raise IllegalAction(
                N_("The die {dice} does not score: every die set aside must be part of a scoring combination.")
                if one
                else N_("Not all of the dice {dice} score: every die set aside must be part of a scoring combination."),
                dice=" ".join(str(d) for d in action.dice),
            )
        need = self._confirm_min()
        if need and sel.points < need:
            raise IllegalAction(
                N_("To confirm, this throw must bring at least {n} points; {dice} scores only {points}."),
                n=need,
                dice=" ".join(str(d) for d in action.dice),
                points=sel.points,
            )
        if r.selection.rule == "all_scoring" or self.pool_mode:
            raise IllegalAction(N_("You must set aside all scoring dice of the best combination."))
        if action.turn_fives:
            if not r.selection.five_pair_to_one:
                raise IllegalAction(N_("Turning two 5s into a 1 is not allowed under these rules."))
            raise IllegalAction(N_("Only {k} pair(s) of single 5s in this selection can be turned."), k=sel.five_pairs)

    # --- typed moves (terminal) ----------------------------------------------------------------------------------
    def parse_action_text(self, text: str, player: int) -> Action:
        """A move typed by a person: "b"/"stop" banks, "w"/"weiter" throws again, "1 5" sets those dice aside
        (append "d" per pair of 5s to turn into a 1), "ü"/"n" take over or not, "k" knocks, "g" gives up."""
        low = text.strip().casefold()
        for kind, words in _ACTION_WORDS.items():
            if low in words:
                return _KIND_TO_ACTION[kind]
        tokens = low.replace(",", " ").replace("-", " ").split()
        turns = 0
        faces: list[int] = []
        for tok in tokens:
            if tok in ("d", "drehen", "turn", "t"):
                turns += 1
                continue
            if tok.endswith("d") and tok[:-1].isdigit():
                turns += 1
                tok = tok[:-1]
            if not tok.isdigit():
                raise IllegalAction(
                    N_(
                        "I did not understand '{text}'. Type the dice to set aside (e.g. 1 5), "
                        "b to stop or w to throw again."
                    ),
                    text=text[:40],
                )
            for ch in tok:
                if ch not in "123456":
                    raise IllegalAction(N_("'{ch}' is not a die face (1 to 6)."), ch=ch)
                faces.append(int(ch))
        if not faces:
            raise IllegalAction(
                N_(
                    "I did not understand '{text}'. Type the dice to set aside (e.g. 1 5), "
                    "b to stop or w to throw again."
                ),
                text=text[:40],
            )
        if len(faces) > 6 or turns > 3:
            raise IllegalAction(N_("That is more dice than there are."))
        return Select(tuple(faces), turns)


_ACTION_WORDS: dict[str, tuple[str, ...]] = {
    "bank": ("b", "bank", "stop", "s", "aufhören", "aufhoeren", "schreiben", "schluss"),
    "roll": ("w", "weiter", "würfeln", "wuerfeln", "r", "roll", "again", "nochmal"),
    "give_up": ("g", "aufgeben", "give up", "giveup"),
    "turn_fives": ("d", "drehen", "5er drehen", "turn", "turn fives"),
    "take_over": ("ü", "ue", "u", "übernehmen", "uebernehmen", "take", "take over"),
    "decline": ("n", "neu", "nein", "fresh", "decline", "no"),
    "knock": ("k", "klopfen", "knock"),
    "rethrow": ("x", "neu werfen", "rethrow"),
}

_KIND_TO_ACTION: dict[str, Action] = {c.kind: c() for c in _SIMPLE}


def _meld_view(m: Meld) -> JSON:
    """A meld in the view; an extension also names the set's running value before and after it (Ergänzen
    doubles that value per die, so a front end can show 1000 → 2000 instead of a bare +1000)."""
    out: JSON = m.to_json() | {"face": m.face}
    if m.kind == "ext":
        out |= {"set_before": m.base, "set_after": m.base + m.points}
    return out


def _meld_list(sel: Selection, tr: Any) -> str:
    """ "3er-Pasch + 2× einzelne 1": melds in partition order, equal ones counted."""
    labels: list[str] = []
    count: dict[str, int] = {}
    for m in sel.melds:
        lab = meld_label(m, tr)
        if lab not in count:
            labels.append(lab)
        count[lab] = count.get(lab, 0) + 1
    return " + ".join(lab if count[lab] == 1 else f"{count[lab]}× {lab}" for lab in labels)


def _left_on_table(history: tuple[tuple[Any, ...], ...]) -> tuple[int, ...] | None:
    """The dice of the last throw of a turn that were not set aside from it; None before the turn's first throw."""
    for i in range(len(history) - 1, -1, -1):
        if history[i][0] != "throw":
            continue
        left = list(history[i][1])
        for later in history[i + 1 :]:
            if later[0] == "select":
                for d in later[1]:
                    if d in left:
                        left.remove(d)
        return tuple(left)
    return None


_BLOCKERS = {
    "proof": N_("The pasch must still be proven with a 1 or 5."),
    "confirm": N_("All dice scored: confirm them with another throw first."),
    "threshold": N_("You need at least {threshold} points to write down."),
    "dice_left": N_("Too many dice left in the cup to write down."),
}
"""Why stopping is refused, by the keys of :meth:`ZehntausendState.bank_blockers`."""

_PREVIOUS = {
    "bank": N_("{name} wrote down {points}."),
    "receive": N_("{name} threw a Niete and receives the pool: {points} penalty points."),
    "nix": N_("{name} threw a Niete on the first throw: {points} points, the turn is over."),
}


def _previous_turn(prev: tuple[Any, ...]) -> cmp.Phrase:
    """How the previous turn ended, in one line: a throw that scored but did not confirm is no Niete, a Niete says
    what it cost. Said by the game so that no table decides it from the turn's history itself."""
    player, history, result, points = prev
    name = cmp.SeatRef(player)
    failed = next((e for e in history if e[0] == "confirm_failed"), None)
    if failed is not None:
        return cmp.Phrase(
            N_(
                "{name}'s throw scored, but less than the {need} points needed to confirm: the turn is "
                "lost ({points} points)."
            ),
            {"name": name, "need": failed[1], "points": points or 0},
        )
    if result in _PREVIOUS:
        return cmp.Phrase(_PREVIOUS[result], {"name": name, "points": points or 0})
    if result == "bust":
        return (
            cmp.Phrase(
                N_("{name} threw a Niete and loses the {points} points of this turn."), {"name": name, "points": points}
            )
            if points
            else cmp.Phrase(N_("{name} threw a Niete — the turn is lost."), {"name": name})
        )
    return cmp.Phrase(N_("{name} finished the turn."), {"name": name})


def _entry_json(e: tuple[Any, ...]) -> JSON:
    kind = e[0]
    if kind == "throw":
        return {"event": "throw", "dice": list(e[1])}
    if kind == "select":
        return {"event": "select", "dice": list(e[1]), "points": e[2], "turn_fives": e[3]}
    if kind == "take_over":
        return {"event": "take_over", "total": e[1], "cup": e[2]}
    if kind == "void":
        return {"event": "void", "reason": e[1]}
    if len(e) > 1:
        return {"event": kind, "points": e[1]}
    return {"event": kind}


# --------------------------------------------------------------------------------------------------------------
# Game


class ZehntausendGame(Game):
    """Zehntausend / 10.000 / Macke with the rules given as a :class:`ZehntausendRules` tree."""

    id = "zehntausend"
    action_classes = (Select, *_SIMPLE)
    outcome_classes = (Roll, Void)

    def __init__(self, rules: ZehntausendRules, num_players: int) -> None:
        from wuerfel.engine.errors import RuleError

        if rules.game.mode == "solo" and num_players != 1:
            raise RuleError(N_("Solo is played by exactly one player, not {n}."), n=num_players)
        if rules.game.mode != "solo" and num_players < max(2, rules.game.min_players):
            raise RuleError(
                N_("These rules need at least {lo} players, not {n}."), lo=max(2, rules.game.min_players), n=num_players
            )
        super().__init__(rules, num_players)
        m = rules.mishap
        self.mishap_key: tuple[str, Fraction, Fraction] = (m.mode, _frac(m.probability), _frac(m.knock_success))
        self.outcome_table: dict[tuple[int, str], tuple[tuple[Outcome, Fraction], ...]] = {}
        """Chance nodes by (dice in the cup, node): the same tuple every time, looked up without hashing the
        Fractions of ``mishap_key`` (and the same identity keeps the simulators' float tables valid)."""
        self.choice_table: dict[tuple[Multiset, OpenSets, int, bool], _ChoiceEntry] = {}
        """Select nodes' choices by (throw, open sets, confirmation minimum, forced), see ``_choice_entry``."""
        r = rules
        self.reach_at = r.game.target if r.game.reach == "at_least" else r.game.target + 1
        """The least score that reaches the target (``game.reach``): asked at every bank and by the bots."""
        self.instant_wins = bool(r.scoring.instant_win)
        self.fresh_turn = Turn(cup=r.dice.count)
        """A turn before its first throw: copied (not constructed) at every hand-over."""
        """Whether any throw can win at once (R-15): most rule sets have none, so most throws skip the check."""
        self.plain_turn_end = r.game.mode in ("standard", "solo") and r.minus_marks.count == 0
        sel, cf = r.selection, r.confirm
        self.select_rules = (
            r.dice.count,
            r.proof.enabled,
            r.proof.same_throw,
            cf.scope == "single_throw",
            r.extension.enabled,
            sel.five_pair_to_one and sel.five_turn_timing == "any_time",
            r.turn.hot_dice,
            cf.enabled,
            cf.trigger,
            cf.min_points,
            r.extension.across_hot_dice,
        )
        """The rules a selection reads (``ZehntausendState.select_effect``), read once: the heuristic bot asks it
        for every candidate of every throw."""
        """A bank or bust here changes nothing but the player's score, marks and the seat: the transitions end the
        turn and start the next one in one copy of the state (``ZehntausendState._hand_over``)."""

    def choice_entry(self, throw: Multiset, open_sets: OpenSets, confirm_min: int, forced: bool) -> _ChoiceEntry:
        """The choices of a throw (see ``ZehntausendState._choice_entry``), built once per game and key."""
        key = (throw, open_sets, confirm_min, forced)
        table = self.choice_table
        entry = table.get(key)
        if entry is None:
            choices = _choices(self.rules, *key)
            entry = (choices, dict(choices), tuple(a for a, _ in choices), {id(a): c for a, c in choices})
            if len(table) > 50_000:
                table.clear()
            table[key] = entry
        return entry

    def throw_outcomes(self, cup: int, node: str = "throw") -> tuple[tuple[Outcome, Fraction], ...]:
        """The chance node of ``cup`` dice at ``node`` ("throw" or "knocked"), built once per game and key: the
        game's own table, no Fraction in the key to hash on every throw (and the same tuple every time keeps the
        simulators' float tables valid)."""
        key = (cup, node)
        outcomes = self.outcome_table.get(key)
        if outcomes is None:
            mode, prob, knock = self.mishap_key
            outcomes = self.outcome_table[key] = _throw_outcomes(cup, mode, prob, node, knock)
        return outcomes

    def sim_kernel(self, bots: Sequence[Any]) -> Callable[[random.Random], State] | None:
        """Heuristic bots in every seat at plain Farkle-like rules: ``fastsim``'s kernel (see there). Bots with
        tables to load (the optimal bot: ``prepare``) load them here, once, so that ``wuerfel sim`` and the benchmarks
        have them ready before the first game (later calls find them loaded)."""
        from wuerfel.games.zehntausend.fastsim import kernel_for  # it imports the bots, which import this module

        for bot in bots:
            prepare = getattr(bot, "prepare", None)
            if prepare is not None:
                prepare(self)
        return kernel_for(self, bots)

    def new_initial_state(self) -> ZehntausendState:
        n = self.num_players
        pool = self.rules.game.mode == "rueckwaerts"
        s = ZehntausendState(
            game=self,
            scores_=(0,) * n,
            minus=(0,) * n,
            down=(False,) * n,
            player=0,
            node="throw",
            turn=Turn(cup=self.rules.dice.count),
            skip=(False,) * n,
            turns=(0,) * n,
            pool_mode=pool,
        )
        if not pool:
            s = s._start_turn(0)
        return s

    def action_universe(self) -> tuple[Action, ...]:
        """Every concrete action these rules can ever offer: the plain moves and every selection of 0 to 6 dice
        (none: "beweisen"), turning as many pairs of 5s as it holds (R-8, at most 3)."""
        from wuerfel.engine.dice import multisets

        selects = (Select(d, k) for m in range(7) for d in multisets(m, 6) for k in range(min(3, d.count(5) // 2) + 1))
        return (*(cls() for cls in _SIMPLE), *selects)

    def action_id(self, action: Action) -> int:
        if isinstance(action, Select):
            code = 0
            for c in counts(action.dice):
                code = code * 7 + c
            return _SELECT_BASE + code * 4 + action.turn_fives
        for i, cls in enumerate(_SIMPLE):
            if type(action) is cls:
                return i
        raise IllegalAction(N_("Unknown move '{kind}'."), kind=action.kind)

    def action_from_id(self, action_id: int) -> Action:
        if 0 <= action_id < len(_SIMPLE):
            return _SIMPLE[action_id]()
        if action_id < _SELECT_BASE or action_id >= _SELECT_BASE + 4 * 7**6:
            raise IllegalAction(N_("Unknown move '{kind}'."), kind=str(action_id))
        code, k = divmod(action_id - _SELECT_BASE, 4)
        cv = []
        for _ in range(6):
            code, c = divmod(code, 7)
            cv.append(c)
        cv.reverse()
        dice: list[int] = []
        for i, c in enumerate(cv):
            dice += [i + 1] * c
        try:
            return Select(tuple(dice), k)
        except ValueError as exc:
            raise IllegalAction(N_("Unknown move '{kind}'."), kind=str(action_id)) from exc
