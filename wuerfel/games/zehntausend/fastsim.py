"""A simulation kernel for heuristic and random bots at plain Farkle-like rules: whole games without a state object
per step.

``wuerfel sim`` with heuristic or random bots spends most of its time in the engine's transitions, which copy the
state (and its turn, with the turn's history) at every throw, selection and decision: that is what a general engine
for every house rule costs. Where the rules are plain — standard play, the first to reach the target wins at once,
hot dice, no throw limit, no proof, confirmation, extension, turnable 5s, take-over, minus marks or mishaps — a turn
is just (turn total, dice in the cup), and a game is the scores, the turn counts and the seat. This kernel plays
such games on those few integers: throws drawn from the same float tables with the same ``rng.random()`` as the
generic loop, selections from the game's own choice table (so every scoring and selection rule the table knows is
honoured), and the heuristic bot's own valuation (its throw statistics, the same float expressions in the same
order), remembered per (throw, turn total) and (turn total, cup); a random bot's seat draws from its own generator
exactly what its ``choose`` would draw from the engine's legal list (a list of the same length in the same order).

The kernel keeps the running turn's history as the engine writes it (one shared tuple per throw and selection), so
it can return the engine's own final state: the winning bank ends the game, and the final state is the initial one
with the scores, turn counts, last turn, last result and winner that bank leaves (``ZehntausendState._bank``'s
general path). ``tests/zehntausend/test_fastsim.py`` plays every covered rule set against the engine, turn by turn
(each turn's history, result and points, as the engine's ``prev`` records them) and to the same final state, and
checks which rule sets are covered. Anything else — other bots, other rules — is played by the generic loop
(:func:`unsupported` says why).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from typing import Any

from wuerfel.bots.base import RandomBot
from wuerfel.engine.errors import N_, RuleError
from wuerfel.engine.sampling import chance_table
from wuerfel.games.zehntausend.actions import _DECIDE_ACTIONS
from wuerfel.games.zehntausend.bots import HeuristicBot, throw_stats
from wuerfel.games.zehntausend.game import ZehntausendGame
from wuerfel.games.zehntausend.options import ZehntausendRules
from wuerfel.games.zehntausend.state import ZehntausendState
from wuerfel.games.zehntausend.turn_end import Turn, _with

MAX_THROWS = 1_000_000
"""A game that has not ended after this many throws is a bug, as in the generic loop."""

Kernel = Callable[[random.Random], ZehntausendState]


def unsupported(rules: ZehntausendRules) -> str | None:
    """The first option (by its key) that keeps these rules off the kernel, or None: the kernel plays them.

    Each of these options adds turn fields or events the kernel does not track (a proof or confirmation pending, open
    sets, turnable 5s, a throw limit, thresholds from the predecessor, offers, void throws, a round to finish)."""
    r = rules
    sel = r.selection
    checks = (
        (r.game.mode == "standard", "game.mode"),
        (r.game.end_rule == "immediate", "game.end_rule"),
        (r.minus_marks.count == 0, "minus_marks.count"),
        (not r.takeover.enabled, "takeover.enabled"),
        (r.mishap.mode == "off", "mishap.mode"),
        (not r.scoring.instant_win, "scoring.instant_win"),
        (not r.proof.enabled, "proof.enabled"),
        (not r.confirm.enabled, "confirm.enabled"),
        (not r.extension.enabled, "extension.enabled"),
        (sel.model == "standard", "selection.model"),
        (not (sel.five_pair_to_one and sel.five_turn_timing == "any_time"), "selection.five_turn_timing"),
        (r.turn.hot_dice, "turn.hot_dice"),
        (r.turn.max_throws == 0, "turn.max_throws"),
        (r.turn.max_dice_left_to_bank < 0, "turn.max_dice_left_to_bank"),
        (not r.turn.beat_predecessor, "turn.beat_predecessor"),
        (r.turn.first_throw_niete == "normal", "turn.first_throw_niete"),
    )
    for ok, key in checks:
        if not ok:
            return key
    return None


_KERNELS: dict[int, tuple[ZehntausendGame, tuple[Any, ...], Kernel | None]] = {}
"""The kernel (or None) per game object and its bots, by the game's identity; the entry keeps both alive, so the
ids stay theirs. Kept here, not on the game: a game is pickled with its states, a kernel (a closure) cannot be."""


def kernel_for(game: ZehntausendGame, bots: Sequence[Any]) -> Kernel | None:
    """The kernel for ``game`` with ``bots`` (one per seat), or None when the generic loop must play it: a bot that
    is neither the plain heuristic nor the plain random bot (another bot, a subclass, a recorder around it; a random
    bot whose generator draws otherwise) or rules the kernel does not cover. Built once per game and bots
    (``play_one`` asks before every game)."""
    entry = _KERNELS.get(id(game))
    if (
        entry is not None
        and entry[0] is game
        and len(entry[1]) == len(bots)
        and all(
            a is b and (type(b) is not RandomBot or type(b.rng) is random.Random)  # its generator not swapped since
            for a, b in zip(entry[1], bots, strict=True)
        )
    ):
        return entry[2]
    kernel: Kernel | None = None
    if (
        len(bots) == game.num_players
        and unsupported(game.rules) is None
        and all(type(b) is HeuristicBot or (type(b) is RandomBot and _choice_bits(b.rng)) for b in bots)
    ):
        kernel = _Kernel(game, bots).play
    if len(_KERNELS) > 16:
        _KERNELS.clear()
    _KERNELS[id(game)] = (game, tuple(bots), kernel)
    return kernel


def _choice_bits(rng: random.Random) -> bool:
    """Whether ``rng.choice(seq)`` is ``seq[r]`` with ``r`` the first of ``rng.getrandbits(len(seq).bit_length())``
    below ``len(seq)`` — CPython's ``Random.choice`` (through ``_randbelow_with_getrandbits``), which the kernel
    writes out for random seats. Checked on two copies of a generator of the same class, so a generator or Python
    whose choice() draws otherwise plays through the engine instead."""
    if type(rng) is not random.Random:
        return False
    one, two = random.Random(20261126), random.Random(20261126)
    for n in (1, 2, 3, 5, 7, 8, 13, 31, 1, 2, 4, 6) * 8:
        k = n.bit_length()
        r = two.getrandbits(k)
        while r >= n:
            r = two.getrandbits(k)
        if one.choice(range(n)) != r:
            return False
    return one.random() == two.random()


class _Kernel:
    """Heuristic or random bots in the seats of one game (see the module's docstring)."""

    def __init__(self, game: ZehntausendGame, bots: Sequence[Any]) -> None:
        r = game.rules
        self.game = game
        self.bots = tuple(bots)
        give_up = r.turn.stop_below_threshold == "counts_as_bust"
        self.decide_lists = tuple(
            tuple(type(a).__name__ for a in _DECIDE_ACTIONS[key])
            for key in ((True, True, False, False), (False, True, False, give_up))
        )
        """The decide node's legal list (by the actions' class names) at or above the threshold and below it: a
        throw always follows (hot dice, no throw limit), nothing is pending, no 5s are turnable."""
        self.initial = game.new_initial_state()
        """The final state is this one with the fields a game changes (the others keep their initial values)."""
        self.dice = r.dice.count
        self.threshold = r.turn.min_bank
        self.negate = r.turn.bust == "negate"
        self.draws: list[tuple[list[float], list[tuple[int, ...]], list[tuple[str, tuple[int, ...]]], int]] = [
            ([], [], [], 0)
        ]
        """Per number of dice in the cup: the cumulative float table, the throw per slot, its history entry, the
        last slot."""
        self.stats: list[tuple[float, float]] = [(1.0, 0.0)]
        """Per number of dice: the heuristic bot's (P(Niete), E[points]) of a throw (``throw_stats``)."""
        for cup in range(1, self.dice + 1):
            _, cum, outs = chance_table(game.throw_outcomes(cup))
            dice = [o.dice for o in outs]
            self.draws.append((cum, dice, [("throw", d) for d in dice], len(cum) - 1))
            self.stats.append(throw_stats(r, cup, 0))
        self.candidates: dict[tuple[int, ...], tuple[_Candidate, ...]] = {}
        """Per throw: its legal selections in the legal list's order (empty: a Niete)."""
        self.selections: dict[tuple[tuple[int, ...], int], _Candidate | None] = {}
        """(throw, turn total) → the heuristic bot's selection; None: a Niete."""
        self.banks: dict[tuple[int, int], bool] = {}
        """(turn total, cup) → whether the heuristic bot banks there (when banking does not reach the target)."""

    # --- the heuristic bot's decisions (``HeuristicBot._select`` / ``_should_bank`` at these rules) ------------
    def _roll_value(self, total: int, cup: int) -> float:
        """``bots._roll_value`` without a confirmation (none at these rules): the same expression, the same floats."""
        p, e = self.stats[cup]
        loss = total if self.negate else 0
        return (1.0 - p) * (total + e) - p * loss

    def _candidates(self, dice: tuple[int, ...]) -> tuple[_Candidate, ...]:
        """The throw's choices as the kernel needs them: points, the cup after (hot dice: all back), the history
        entries the transition writes, and the dice aside after it (None: all back in the cup, so none)."""
        out = self.candidates.get(dice)
        if out is None:
            n = self.dice
            cands = []
            for a, c in self.game.choice_entry(dice, (), 0, False)[0]:
                entry = ("select", a.dice, c.points, a.turn_fives)
                hot = len(dice) == c.used
                cands.append(
                    (
                        c.points,
                        n if hot else len(dice) - c.used,
                        (entry, ("hot_dice",)) if hot else (entry,),
                        None if hot else c.used,
                    )
                )
            out = self.candidates[dice] = tuple(cands)
        return out

    def _select(self, dice: tuple[int, ...], total: int) -> _Candidate | None:
        best = None
        best_v = -1e30
        # the legal list's order; the first of equals wins, as in the bot (which takes a lone choice unvalued: the
        # same one)
        for cand in self._candidates(dice):
            t2 = total + cand[0]
            v = self._roll_value(t2, cand[1])
            if t2 >= self.threshold and float(t2) > v:
                v = float(t2)
            if best is None or v > best_v + 1e-9:
                best, best_v = cand, v
        return best

    def _banks(self, total: int, cup: int) -> bool:
        out = self.banks.get((total, cup))
        if out is None:
            if len(self.banks) > 100_000:
                self.banks.clear()
            out = self.banks[(total, cup)] = float(total) >= self._roll_value(total, cup)
        return out

    # --- a game ------------------------------------------------------------------------------------------------
    def play(self, rng: random.Random, trace: list[tuple[Any, ...]] | None = None) -> ZehntausendState:
        """One game to the end (see the module's docstring): the engine's final state. ``trace`` (tests): every
        turn as the engine's ``prev`` records it, (player, history, result kind, points), appended in order."""
        players = self.game.num_players
        n = self.dice
        th = self.threshold
        reach = self.game.reach_at
        negate = self.negate
        draws = self.draws
        selections = self.selections
        candidates = self.candidates
        banks = self.banks
        stop_list, low_list = self.decide_lists
        rand = rng.random
        # a random seat draws an index into a sequence as long as the engine's legal list exactly as its rng's
        # choice() does (``_choice_bits``), so exactly what RandomBot.choose draws; a heuristic seat (None) asks
        # the remembered valuations
        choosers = [None if type(b) is HeuristicBot else b.rng.getrandbits for b in self.bots]
        stop_n, low_n = len(stop_list), len(low_list)
        stop_k, low_k = stop_n.bit_length(), low_n.bit_length()
        scores = [0] * players
        turns = [0] * players
        p = 0
        throws = 0
        chosen: Any  # a _Candidate, None (a Niete) or, looked up and not remembered yet, the _UNKNOWN sentinel
        while True:
            if throws > MAX_THROWS:
                raise RuleError(N_("A simulated game did not end after {n} steps."), n=MAX_THROWS)
            hist: list[tuple[Any, ...]] = []  # the turn's history, as the engine writes it
            total = 0
            cup = n
            aside = 0
            choose = choosers[p]
            while True:
                cum, outs, entries, top = draws[cup]
                i = bisect_right(cum, rand() * cum[-1])
                if i > top:
                    i = top
                dice = outs[i]
                hist.append(entries[i])
                throws += 1
                if choose is None:
                    key = (dice, total)
                    chosen = selections.get(key, _UNKNOWN)
                    if chosen is _UNKNOWN:
                        if len(selections) > 200_000:
                            selections.clear()
                        chosen = selections[key] = self._select(dice, total)
                else:
                    cands = candidates.get(dice)
                    if cands is None:
                        cands = self._candidates(dice)
                    if cands:  # rng.choice(cands), written out: one Python call per decision less
                        m = len(cands)
                        k = m.bit_length()
                        r = choose(k)
                        while r >= m:
                            r = choose(k)
                        chosen = cands[r]
                    else:
                        chosen = None
                if chosen is None:  # a Niete: the turn is lost
                    if negate and total:
                        scores[p] -= total
                    turns[p] += 1
                    if trace is not None:
                        trace.append((p, (*hist, ("niete",), ("bust", total)), "bust", total))
                    break
                points, cup, written, used = chosen
                hist += written
                total += points
                aside = 0 if used is None else aside + used
                if total >= th:  # bank or throw again
                    after = scores[p] + total
                    if choose is None:  # reaching the target wins at once: the heuristic bot banks
                        bank = after >= reach or banks.get((total, cup))
                        if bank is None:
                            bank = self._banks(total, cup)
                    else:
                        r = choose(stop_k)
                        while r >= stop_n:
                            r = choose(stop_k)
                        bank = stop_list[r] == "Bank"
                    if bank:
                        scores[p] = after
                        turns[p] += 1
                        if after >= reach:  # the game is over
                            final = self._final(scores, turns, p, hist, total, cup, aside, dice)
                            if trace is not None:
                                assert final.prev is not None  # the finishing turn: written by _final
                                trace.append(final.prev)
                            return final
                        if trace is not None:
                            trace.append((p, (*hist, ("bank", total)), "bank", total))
                        break
                elif choose is not None:  # below the threshold: throw again or (where the rules allow) give up
                    r = choose(low_k)
                    while r >= low_n:
                        r = choose(low_k)
                    if low_list[r] != "GiveUp":
                        continue
                    if negate and total:
                        scores[p] -= total
                    turns[p] += 1
                    if trace is not None:
                        trace.append((p, (*hist, ("give_up",), ("bust", total)), "bust", total))
                    break
            p = p + 1 if p + 1 < players else 0

    def _final(
        self,
        scores: list[int],
        turns: list[int],
        p: int,
        hist: list[tuple[Any, ...]],
        total: int,
        cup: int,
        aside: int,
        dice: tuple[int, ...],
    ) -> ZehntausendState:
        """The state the engine ends in when ``p`` banks ``total`` and reaches the target (``_bank``'s general path:
        credit, log, end of turn, reach order, finish), built from the last turn's fields."""
        hist.append(("bank", total))
        h = tuple(hist)
        turn = Turn(
            total=total,
            cup=cup,
            aside=aside,
            throws=sum(1 for e in h if e[0] == "throw"),
            first=False,
            threshold=self.threshold,
            history=h,
        )
        return _with(
            self.initial,
            scores_=tuple(scores),
            turns=tuple(turns),
            player=p,
            node="over",
            turn=turn,
            throw=dice,
            last_result=total,
            last_kind="bank",
            offer=None,
            reach_order=(p,),
            winners_=(p,),
            prev=(p, h, "bank", total),
        )


_Candidate = tuple[int, int, tuple[tuple[Any, ...], ...], int | None]
"""A selection as the kernel plays it: (points, dice in the cup after it, history entries, dice aside after it:
None when hot dice put them all back)."""

_UNKNOWN = object()
