"""The bluffing bot of Verdecktes Würfelpoker: a mixed strategy from indifference conditions.

The derivation is written out in ``docs/hasard.md`` ("Bluffing strategy"). In short, one announcement is modelled as
a game between the thrower and the *defender* — the player who holds the best claim standing before it (else the
next thrower): he is the one who loses the pot to the claim and wins it if the claim is exposed, so he alone has a
reason to pay for a call; the others leave it to him (a call costs the caller, its gain goes to the pot).

* ``T`` — the lowest hand that beats the standing best (first thrower: the lowest hand that survives the ``k``
  later throwers with probability ≥ 1/2, i.e. F(≤T)^k ≥ 1/2 with F the hand distribution);
* ``p = P(hand ≥ T)``: the thrower is *strong* with probability p, else *weak*;
* ``s`` — the survival probability of a claim against the ``k`` later throwers (so a standing claim is worth s·P);
* ``w′`` — the defender's chance of taking the pot if the claim is exposed as a bluff (his own claim's survival).

Weak thrower indifferent between bluffing (−P if called, +s·P if not) and giving up (0): the defender calls with
``γ = s/(1+s)``. Defender indifferent between calling (−P if the claim is true, +2P·w′ if it is a bluff: the pot,
doubled by the bluffer, most likely his) and not calling (0): the posterior of truth must be ``π = 2w′/(1+2w′)``,
so a weak thrower bluffs with ``β = p/((1−p)·2w′)`` (capped at 1).

A bluff names a hand drawn from the distribution of true hands ≥ T, and a strong thrower names his true hand, so
the announcement carries no information beyond "a claim ≥ T". A weak thrower who does not bluff tells the truth.

A person need not disguise his bluffs so. The defender therefore also weighs the claim itself
(:func:`truth_chance`): the chance that it is true when bluffers pick their claim half as the bot does and half
naively (a class ≥ T at random, then its ranks at random), by the exact hand probabilities. Where that chance is
below half of ``π``, so a call would pay even with twice the chance of truth, the claim is *implausible* and the
defender calls for sure (under the default rules: a Fünfling); elsewhere he calls with ``γ``.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from wuerfel.engine.clocks import Pass
from wuerfel.engine.game import Action, Game, State
from wuerfel.games.hasard.poker import Key, cdf_below, hand_distribution, hand_key, possible_keys, principal
from wuerfel.games.hasard.verdecktes_moves import Announce, Challenge
from wuerfel.games.hasard.verdecktes_poker import VerdecktesState


@cache
def _tables(quint: bool, joker: bool) -> tuple[tuple[Key, ...], tuple[float, ...], dict[Key, float]]:
    keys = possible_keys(quint, joker)
    probs = tuple(float(p) for _, p in hand_distribution(quint, joker))
    below = {k: float(v) for k, v in cdf_below(quint, joker).items()}
    return keys, probs, below


def target(best: Key | None, later: int, quint: bool, joker: bool) -> Key | None:
    """T: the lowest hand that beats ``best`` (None when nothing can), or the survival median for the first."""
    keys, probs, below = _tables(quint, joker)
    if best is not None:
        higher = [k for k in keys if k > best]
        return higher[0] if higher else None
    if later <= 0:
        return keys[0]
    for k, p in zip(keys, probs, strict=True):
        if (below[k] + p) ** later >= 0.5:
            return k
    return keys[-1]


def defender_share(best: Key | None, later: int, quint: bool, joker: bool) -> float:
    """w′: the defender's chance of taking the pot if the current claim is exposed as a bluff.

    The defender holds the best claim standing before the announcement: he keeps it if it survives the ``later``
    throwers. Without a standing claim the defender is the next thrower, one of ``later`` equal contenders.
    """
    if best is not None:
        keys, probs, below = _tables(quint, joker)
        return (below[best] + probs[keys.index(best)]) ** later if later > 0 else 1.0
    return 1.0 / later if later > 0 else 0.0


def strategy(best: Key | None, later: int, quint: bool, joker: bool) -> tuple[Key | None, float, float, float]:
    """(T, p, s, β) for a thrower facing ``best`` with ``later`` players still to throw after him."""
    t = target(best, later, quint, joker)
    if t is None:
        return None, 0.0, 0.0, 0.0
    keys, probs, below = _tables(quint, joker)
    strong = [(k, p) for k, p in zip(keys, probs, strict=True) if k >= t]
    p_strong = sum(p for _, p in strong)
    s = sum(p * (below[k] + p) ** later for k, p in strong) / p_strong if later > 0 else 1.0
    if p_strong >= 1.0:
        return t, 1.0, s, 0.0
    w = defender_share(best, later, quint, joker)
    beta = 1.0 if w <= 0 else min(1.0, p_strong / ((1.0 - p_strong) * 2.0 * w))
    return t, p_strong, s, beta


def call_probability(claim: Key, later: int, quint: bool, joker: bool) -> float:
    """γ = s/(1+s): the defender's probability of calling "Schwindel" on a claim that beats the standing best."""
    keys, probs, below = _tables(quint, joker)
    s = (below[claim] + probs[keys.index(claim)]) ** later if later > 0 else 1.0
    return s / (1.0 + s)


def truth_chance(claim: Key, best: Key | None, later: int, quint: bool, joker: bool) -> float | None:
    """The chance that ``claim`` (a full hand key) is true, from public information and the exact hand probabilities;
    None for a claim that does not beat the standing ``best`` (nobody calls it). ``later``: the throwers after the
    announcer.

    An honest thrower names his hand, so the claim's class and ranks (:func:`~wuerfel.games.hasard.poker.principal`)
    come with probability ``h`` (hands ≥ T of those ranks). A thrower bluffs with the model's rate ``(1 − p)·β`` and
    names, half the time, ranks drawn as the bot draws them (``h/p``: no information), half the time a class ≥ T at
    random and its ranks at random (``1/classes/ranks``: so a rare hand is named far more often than it is thrown).
    """
    t, p, _s, beta = strategy(best, later, quint, joker)
    if t is None or claim < t:
        return None
    keys, probs, _ = _tables(quint, joker)
    strong = [(k, q) for k, q in zip(keys, probs, strict=True) if k >= t]
    classes = {k[0] for k, _ in strong}
    ranks = {principal(k) for k, _ in strong if k[0] == claim[0]}
    honest = sum(q for k, q in strong if principal(k) == principal(claim))
    bluffed = (1.0 - p) * beta * (honest / p + 1.0 / (len(classes) * len(ranks))) / 2.0
    return honest / (honest + bluffed)


def implausible(claim: Key, best: Key | None, later: int, quint: bool, joker: bool) -> bool:
    """Whether the defender calls ``claim`` for sure: its :func:`truth_chance` is below half of ``π = 2w′/(1+2w′)``,
    the chance of truth at which calling and not calling are worth the same (a call pays even at twice the chance)."""
    chance = truth_chance(claim, best, later, quint, joker)
    if chance is None:
        return False
    w = defender_share(best, later, quint, joker)
    return chance < w / (1.0 + 2.0 * w)


def defender(turns: list[dict[str, Any]], order: list[int], completion: Any) -> int | None:
    """Who defends against the current claim (public information only): the holder of the best claim standing
    before it (the first of equals), or else the next thrower."""
    best: tuple[Key, int] | None = None
    for t in turns[:-1]:
        if t["standing"] is not None:
            k = completion(tuple(t["standing"]))
            if best is None or k > best[0]:
                best = (k, t["player"])
    if best is not None:
        return best[1]
    return order[len(turns)] if len(turns) < len(order) else None


class BluffBot:
    """Announces and calls by the mixed strategy above, using only its own view (never the hidden dice)."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, VerdecktesState)
        view = state.view(player)
        r = state.rules
        turns = view["turns"]
        current = turns[-1]
        before = [state.completion(tuple(t["standing"])) for t in turns[:-1] if t["standing"] is not None]
        best = max(before) if before else None
        later = len(view["order"]) - len(turns)
        legal = state.legal_actions(player)
        if state.phase == "announce":
            if "dice" in current:
                actual = hand_key(tuple(current["dice"]), r.quint, r.joker)
            else:  # real dice under a real cup that nobody typed in: the bot cannot look, so it guesses a hand
                actual = self._sample_at_least(possible_keys(r.quint, r.joker)[0], r.quint, r.joker)
            return self._announce(actual, best, later, legal, r.quint, r.joker)
        if defender(turns, view["order"], state.completion) != player:
            return Pass()  # calling costs the caller, the gain goes to the defender: leave it to him
        claim = state.completion(tuple(current["announcement"]))
        t = target(best, later, r.quint, r.joker)
        if t is None or claim < t:
            return Pass()  # does not beat the standing best: it cannot take the pot
        if implausible(claim, best, later, r.quint, r.joker):
            return Challenge()  # a hand this rare, named to beat the table, is most likely a bluff
        return Challenge() if self.rng.random() < call_probability(claim, later, r.quint, r.joker) else Pass()

    def _announce(self, actual: Key, best: Key | None, later: int, legal: Any, quint: bool, joker: bool) -> Action:
        t, _p, _s, beta = strategy(best, later, quint, joker)
        claim = actual
        if t is not None and actual < t and self.rng.random() < beta:
            claim = self._sample_at_least(t, quint, joker)
        return self._as_announcement(claim, legal)

    def _sample_at_least(self, t: Key, quint: bool, joker: bool) -> Key:
        keys, probs, _ = _tables(quint, joker)
        pool = [(k, p) for k, p in zip(keys, probs, strict=True) if k >= t]
        x = self.rng.random() * sum(p for _, p in pool)
        for k, p in pool:
            x -= p
            if x <= 0:
                return k
        return pool[-1][0]

    @staticmethod
    def _as_announcement(claim: Key, legal: Any) -> Action:
        """The full hand if announcements may name kickers; otherwise the longest legal prefix of it."""
        for cut in range(len(claim), 0, -1):
            a = Announce(claim[:cut])
            if a in legal:
                return a
        raise AssertionError("no legal announcement for " + str(claim))


def make_bot(game: Game, seed: int = 0) -> Any:
    return BluffBot(game, seed)


__all__ = ["BluffBot", "call_probability", "implausible", "make_bot", "strategy", "target", "truth_chance"]
