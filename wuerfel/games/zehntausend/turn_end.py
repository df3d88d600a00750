"""The state's fields and what happens between turns in the Zehntausend family (spec §3.6, §3.9, §3.10): a turn
banked or lost (scores, minus marks, Bumerang's count-down), the hand-over to the next seat with its threshold,
the end of a round with its tie-break, the shared pool of Rückwärts play and the results.

:class:`TurnEnds` is the base of :class:`~wuerfel.games.zehntausend.state.ZehntausendState`, which adds what
happens within a turn (throws, selections, decisions). Apart from it because the end of a turn reads the scores
and the seats, never the dice: both halves together were one class of 1,400 lines. The copies of the frozen values
(:func:`_with`, :func:`_made`) live here too, the lowest module that copies states; the fast simulator uses them.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Self, TypeVar

from wuerfel.engine.dice import Multiset
from wuerfel.engine.game import State
from wuerfel.games.zehntausend.melds import OpenSets
from wuerfel.games.zehntausend.options import ZehntausendRules

if TYPE_CHECKING:
    from wuerfel.games.zehntausend.game import ZehntausendGame

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


@dataclasses.dataclass(frozen=True)
class TurnEnds(State):
    """The fields of a Zehntausend position and the transitions between turns (see the module's docstring)."""

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

    def _log(self, entry: tuple[Any, ...]) -> Self:
        return _with(self, turn=_with(self.turn, history=(*self.turn.history, entry)))

    # --- score changes -------------------------------------------------------------------------------------------
    def _mirrored(self, p: int) -> bool:
        """True when p's score counts the other way (Bumerang count-down phase, or Bumerang Rückwärts play)."""
        return self.down[p] or (self.pool_mode and self.rules.game.mode == "bumerang")

    def _penalize(self, p: int, amount: int) -> Self:
        sc = list(self.scores_)
        if self.rules.game.mode == "rueckwaerts" or self._mirrored(p):
            sc[p] += amount
        else:
            sc[p] -= amount
        return _with(self, scores_=tuple(sc))

    def _credit(self, p: int, amount: int) -> Self:
        sc = list(self.scores_)
        sc[p] += -amount if self._mirrored(p) else amount
        return _with(self, scores_=tuple(sc))

    def _reached(self, score: int) -> bool:
        return score >= self.game.reach_at

    def _hand_over(
        self, p: int, hist: tuple[tuple[Any, ...], ...], kind: str, points: int, **changes: Any
    ) -> Self | None:
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

    def _bank(self, v: int, nix: bool = False) -> Self:
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

    def _bust_fast(self, hist: tuple[tuple[Any, ...], ...], lost: int) -> Self | None:
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

    def _bust(self) -> Self:
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

    def _check_bumerang_win(self, p: int) -> Self:
        if self.rules.game.mode == "bumerang" and self._mirrored(p) and self.scores_[p] < 0:
            return self._finish((p,))
        return self

    def _end_turn(self, kind: str, points: int) -> Self:
        turns = list(self.turns)
        turns[self.player] += 1
        return _with(self, turns=tuple(turns), prev=(self.player, self.turn.history, kind, points))

    def _finish(self, winners: tuple[int, ...]) -> Self:
        return _with(self, node="over", winners_=tuple(sorted(winners)))

    # --- seating -------------------------------------------------------------------------------------------------
    def _active(self) -> tuple[int, ...]:
        return self.extra or tuple(range(self.game.num_players))

    def _next_seat(self, p: int) -> int:
        act = self._active()
        later = [q for q in act if q > p]
        return later[0] if later else act[0]

    def _next_turn(self) -> Self:
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

    def _round_end(self) -> Self:
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

    def _start_turn(self, q: int) -> Self:
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
    def _pass_pool(self, q: int, fresh: bool = False, count: bool = True) -> Self:
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

    def _receive_pool(self) -> Self:
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
