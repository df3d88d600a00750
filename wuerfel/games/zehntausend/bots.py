"""The heuristic Zehntausend bot: sensible under every preset and overlay, never illegal, cheap enough for simulations.

It never reasons about rules itself: it asks the state for the legal actions and, to compare selections, values
the position each candidate leads to. The value of a position is a one-throw look-ahead: bank now (if the rules
allow it) or throw once more, using the exact probability of a Niete and the expected points of a throw of that many
dice under these rules (computed once per rule set). Thresholds, proof, confirmation, dice-left limits and forced
continuation are therefore respected automatically.

A candidate is valued from the few turn fields it changes (``ZehntausendState.select_effect`` and
``_decide_facts``, the code the transition itself runs), not from a successor state built for it: building one per
candidate was over half of the bot's time. Only where the selection ends the turn (no throw left: it banks or busts,
which may end the game) or passes the Rückwärts pool is the successor built and valued as before.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from wuerfel.engine.dice import roll_distribution
from wuerfel.engine.game import Action, State
from wuerfel.games.zehntausend.actions import Bank, Continue, Decline, GiveUp, Knock, Select, TakeOver, TurnFives
from wuerfel.games.zehntausend.melds import legal_selections, throw_value
from wuerfel.games.zehntausend.options import ZehntausendRules
from wuerfel.games.zehntausend.state import ZehntausendState


@lru_cache(maxsize=512)
def throw_stats(rules: ZehntausendRules, n: int, need: int = 0) -> tuple[float, float]:
    """(P(Niete), E[points of the best selection | no Niete]) for a fresh throw of ``n`` dice; ``need`` > 0 counts
    throws worth less than ``need`` as a Niete (a pending single-throw confirmation)."""
    p_bust = 0.0
    gain = 0.0
    for dice, p in roll_distribution(n):
        if rules.selection.model == "macke_literal":
            sel = throw_value(rules, dice)
            best = sel.points if sel is not None else 0
        else:
            sels = legal_selections(rules, dice)
            best = sels[0].points if sels else 0
        if best <= 0 or best < need:
            p_bust += float(p)
        else:
            gain += float(p) * best
    e = gain / (1.0 - p_bust) if p_bust < 1.0 else 0.0
    return p_bust, e


_BANK, _CONTINUE, _TURN_FIVES, _GIVE_UP = Bank(), Continue(), TurnFives(), GiveUp()

_STATS: dict[int, tuple[ZehntausendRules, dict[tuple[int, int], tuple[float, float]]]] = {}
"""``throw_stats`` per rule set, found by the rule set's identity: its ``lru_cache`` hashes the rule tree on every
call (a Python ``__hash__``, a fifth of the bot's time). The entry keeps the rules alive, so the id stays its own."""


def _stats(r: ZehntausendRules, cup: int, need: int) -> tuple[float, float]:
    entry = _STATS.get(id(r))
    if entry is None or entry[0] is not r:
        if len(_STATS) > 64:
            _STATS.clear()
        entry = _STATS[id(r)] = (r, {})
    table = entry[1]
    out = table.get((cup, need))
    if out is None:
        out = table[(cup, need)] = throw_stats(r, cup, need)
    return out


def _roll_value(r: ZehntausendRules, confirm: int | None, total: int, cup: int) -> float:
    """Value of throwing ``cup`` dice once more at turn total ``total`` (``confirm``: the turn's pending
    confirmation, which a single-throw confirmation turns into the points the throw must bring)."""
    need = confirm if (confirm is not None and r.confirm.scope == "single_throw") else 0
    p, e = _stats(r, cup, need or 0)
    loss = total if r.turn.bust == "negate" else 0
    return (1.0 - p) * (total + e) - p * loss


_DECIDE_FLAGS: dict[int, tuple[tuple[Action, ...], bool, bool, bool, bool]] = {}
"""(list, may bank, may throw, may turn 5s, may give up) by the identity of a decide node's legal list: those lists
are the state module's shared tuples, so the flags are read once instead of comparing actions on every decision."""


def _decide_flags(actions: Sequence[Action]) -> tuple[bool, bool, bool, bool]:
    entry = _DECIDE_FLAGS.get(id(actions))
    if entry is None or entry[0] is not actions:
        kinds = {type(a) for a in actions}
        entry = (tuple(actions), Bank in kinds, Continue in kinds, TurnFives in kinds, GiveUp in kinds)
        if isinstance(actions, tuple):  # a shared tuple keeps its id; anything else is not kept
            if len(_DECIDE_FLAGS) > 64:
                _DECIDE_FLAGS.clear()
            _DECIDE_FLAGS[id(actions)] = entry
    return entry[1], entry[2], entry[3], entry[4]


_MEMOS: dict[int, tuple[object, dict[tuple[Any, ...], Action], dict[tuple[int, int, int | None], bool]]] = {}
"""The heuristic bots' memos (select choices, bank decisions) per game object, by its identity; the entry keeps
the game alive, so the id stays its own."""


class HeuristicBot:
    """Bank when the expected gain of one more throw no longer pays for the risk of losing the turn."""

    name = "heuristic"

    memoise = True
    """Remember the selection made at a select node whose every candidate keeps the turn going (see
    :meth:`_select`); False plays the plain computation every time (the tests compare the two move for move)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self._memo_game: object = None
        self._memo: dict[tuple[Any, ...], Action] = {}
        self._bank_memo: dict[tuple[int, int, int | None], bool] = {}
        self._memo_throws = False

    # --- position values -----------------------------------------------------------------------------------------
    def _roll_value(self, s: ZehntausendState, total: int, cup: int) -> float:
        return _roll_value(s.rules, s.turn.confirm, total, cup)

    def value(self, s: ZehntausendState, me: int) -> float:
        """Rough value of a position for ``me`` (turn points at stake, relative to not playing the turn)."""
        if s.node == "over":
            return 1e9 if me in s.winners() else -1e9
        if s.player != me or s.node not in ("decide", "select"):
            # the turn ended: compare my score change through the banked/lost points of the turn just finished
            if s.prev is not None and s.prev[0] == me:
                kind, pts = s.prev[2], s.prev[3]
                if kind in ("bank", "nix"):
                    return float(pts)
                return -float(pts) if s.rules.turn.bust == "negate" else 0.0
            return 0.0
        t = s.turn
        best = -1e18
        if s.node == "decide":
            if s.can_bank():
                best = float(t.total)
            if s.can_roll():
                best = max(best, self._roll_value(s, t.total, t.cup))
            if best == -1e18:
                best = -float(t.total) if s.rules.turn.bust == "negate" else 0.0
        return best

    # --- decisions -----------------------------------------------------------------------------------------------
    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, ZehntausendState)
        actions = state.legal_actions(player)
        if not actions:
            raise ValueError("no legal action")
        if len(actions) == 1:
            return actions[0]
        node = state.node
        if node == "knock":
            return Knock()
        if node == "offer":
            return TakeOver() if self._take_over(state) else Decline()
        if node == "select":
            return self._select(state, actions, player)
        return self._decide(state, actions, player)

    def _fresh_turn_value(self, s: ZehntausendState) -> float:
        p, e = throw_stats(s.rules, s.rules.dice.count)
        return 1.5 * (1.0 - p) * e

    def _take_over(self, s: ZehntausendState) -> bool:
        assert s.offer is not None
        total, cup = s.offer
        return self._roll_value(s, total, cup) > self._fresh_turn_value(s)

    def _memo_for(self, s: ZehntausendState) -> None:
        """Take the memos of the game object the bot now plays (other rules: other choices); every heuristic bot
        at the same game shares them (the remembered choices do not depend on the seat)."""
        if self._memo_game is not s.game:
            game = s.game
            entry = _MEMOS.get(id(game))
            if entry is None or entry[0] is not game:
                if len(_MEMOS) > 16:
                    _MEMOS.clear()
                entry = _MEMOS[id(game)] = (game, {}, {})
            self._memo_game = game
            self._memo = entry[1]
            self._bank_memo = entry[2]
            self._memo_throws = s.rules.turn.max_throws != 0

    def _select(self, s: ZehntausendState, actions: Sequence[Action], me: int) -> Action:
        """The candidate whose position is worth most (the first of equals), as :meth:`value` rates it.

        Where every candidate leads to a decide node of this turn (the usual case), each is valued from the turn
        fields alone — the throw and open sets (which fix the candidates), total, cup, dice aside, proof,
        confirmation, turnable 5s, threshold and throws — never from the scores; so that choice is remembered by
        those fields and replayed (a game of Farkle asks the same few hundred questions again and again). A choice
        that looked at a successor (a candidate ending the turn) is never remembered."""
        if s.pool_mode or s.player != me:
            return self._select_by_successors(s, actions, me)
        t = s.turn
        key = None
        if self.memoise:
            if self._memo_game is not s.game:
                self._memo_for(s)
            # the throws count only under a throw limit (``_decide_facts``): without one, leaving it out of the key
            # lets the same question at another throw of the turn find its answer
            key = (
                s.throw,
                t.open_sets,
                t.total,
                t.cup,
                t.aside,
                t.proof,
                t.confirm,
                t.turnable,
                t.threshold,
                t.throws if self._memo_throws else 0,
            )
            hit = self._memo.get(key)
            if hit is not None:
                return hit
        r = s.rules
        best: Action = actions[0]
        best_v = -1e30
        effect, facts = s.select_effect, s._decide_facts
        kept = True
        for a, c in s.choices():  # the legal list's order
            ch = effect(a, c, False)
            total = ch["total"]
            stop, roll, _ = facts(total, ch["cup"], ch["aside"], ch["proof"], ch["confirm"], ch["turnable"])
            if roll:  # a decide node of mine: bank now or throw once more (value() of that node)
                v = _roll_value(r, ch["confirm"], total, ch["cup"])
                if stop and float(total) > v:
                    v = float(total)
            else:  # the selection ends the turn (and maybe the game): value what follows
                kept = False
                v = self.value(s._apply_action(a, me), me)  # type: ignore[arg-type]  # legal by construction
            if v > best_v + 1e-9:
                best, best_v = a, v
        if key is not None and kept:
            if len(self._memo) > 200_000:
                self._memo.clear()
            self._memo[key] = best
        return best

    def _select_by_successors(self, s: ZehntausendState, actions: Sequence[Action], me: int) -> Action:
        """Each candidate applied and its successor valued (Rückwärts play: the pool passes on at once)."""
        best: Action = actions[0]
        best_v = -1e30
        for a in actions:
            assert isinstance(a, Select)
            v = self.value(s._apply_action(a, me), me)  # type: ignore[arg-type]  # legal by construction
            if v > best_v + 1e-9:
                best, best_v = a, v
        return best

    def _decide(self, s: ZehntausendState, actions: Sequence[Action], me: int) -> Action:
        can_bank, can_roll, can_turn, can_give_up = _decide_flags(actions)
        if can_bank and can_roll:
            bank = self._should_bank(s, me)
        else:
            bank = can_bank
        if bank:
            return _BANK
        if can_roll:
            if can_turn and not self._keep_turnable(s):
                return _TURN_FIVES
            return _CONTINUE
        if can_give_up:
            return _GIVE_UP
        return actions[0]

    def _keep_turnable(self, s: ZehntausendState) -> bool:
        """Turning a pair gives one more die; keep the pair when the extra die would only make banking harder
        (a dice-left limit) — otherwise more dice are always better for the next throw."""
        md = s.rules.turn.max_dice_left_to_bank
        return md >= 0 and s.turn.cup + 1 > md and s.turn.cup <= md

    def _should_bank(self, s: ZehntausendState, me: int) -> bool:
        r = s.rules
        t = s.turn
        score = s.scores_[me]
        mode = r.game.mode
        if mode == "bumerang" and (s.down[me] or s.pool_mode):
            if score - t.total < 0:
                return True
        elif mode != "rueckwaerts":
            after = score + t.total
            reached = s._reached(after)
            if reached or s.end_triggered:  # otherwise none of these applies: the scores are not read
                others = [s.scores_[q] for q in range(s.game.num_players) if q != me]
                if reached and (r.game.end_rule == "immediate" or mode == "solo"):
                    return True
                if reached and not s.end_triggered and (not others or after > max(others)):
                    return True  # reach the target in the lead: the others must now beat it in one turn
                if s.end_triggered and others and after <= max(others):
                    return False  # banking cannot win any more: keep throwing
                if s.end_triggered and others and after > max(others) and me == s._active()[-1]:
                    return True  # last to play and ahead: take the win
        if not self.memoise:
            return float(t.total) >= self._roll_value(s, t.total, t.cup)
        if self._memo_game is not s.game:
            self._memo_for(s)
        key = (t.total, t.cup, t.confirm)  # all _roll_value reads of the turn (the rules are the game's)
        out = self._bank_memo.get(key)
        if out is None:
            out = self._bank_memo[key] = float(t.total) >= self._roll_value(s, t.total, t.cup)
        return out
