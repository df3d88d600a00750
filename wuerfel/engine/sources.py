"""Dice sources: who decides how the dice fall.

The engine never draws randomness itself (ARCHITECTURE principle 2); a source picks one outcome of a chance node.
Tests and simulations use a seeded generator (reproducible), live play the operating system's CSPRNG (nobody can
predict the dice from earlier throws), and a scorekeeper table the dice a person typed in.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Protocol

from wuerfel.engine.errors import WuerfelError
from wuerfel.engine.game import Outcome, State


class DiceSource(Protocol):
    """Picks the outcome of a chance node."""

    def choose(self, state: State) -> Outcome: ...


class _Sampler:
    """Samples from a node's exact distribution with a cached cumulative table.

    Games return the same tuple object for the same distribution (e.g. "five dice"), so the table is built once per
    distribution and a draw costs one random number and a binary search.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._cache: dict[int, tuple[Sequence[tuple[Outcome, Fraction]], list[float]]] = {}

    def sample(self, outcomes: Sequence[tuple[Outcome, Fraction]]) -> Outcome:
        entry = self._cache.get(id(outcomes))
        if entry is None or entry[0] is not outcomes:
            cum: list[float] = []
            acc = Fraction(0)
            for _, p in outcomes:
                acc += p
                cum.append(float(acc))
            if len(self._cache) > 256:
                self._cache.clear()
            entry = (outcomes, cum)
            self._cache[id(outcomes)] = entry
        cum = entry[1]
        x = self.rng.random() * cum[-1]
        i = bisect.bisect_right(cum, x)
        i = min(i, len(outcomes) - 1)
        # Never pick a probability-0 outcome (such outcomes exist only for a person to report).
        while outcomes[i][1] == 0:
            i -= 1
        return outcomes[i][0]


class SeededSource:
    """Reproducible dice for tests, simulations and replays of simulated games."""

    def __init__(self, seed: int | str | None = 0) -> None:
        self.seed = seed
        self._sampler = _Sampler(random.Random(seed))

    def choose(self, state: State) -> Outcome:
        return self._sampler.sample(state.chance_outcomes())


class SystemSource:
    """The operating system's CSPRNG, for live play where nobody may predict the dice."""

    def __init__(self) -> None:
        self._sampler = _Sampler(random.SystemRandom())

    def choose(self, state: State) -> Outcome:
        return self._sampler.sample(state.chance_outcomes())


class ManualSource:
    """Dice entered by hand at a table that rolls real dice (scorekeeper mode).

    ``ask`` is called with the state and returns the typed text; ``complain`` is told why an entry was refused and
    the question is asked again, so a typo never changes the game.
    """

    def __init__(self, ask: Callable[[State], str], complain: Callable[[WuerfelError], None]) -> None:
        self.ask = ask
        self.complain = complain

    def choose(self, state: State) -> Outcome:
        while True:
            text = self.ask(state)
            try:
                outcome = state.parse_outcome(text)
                state.apply_outcome(outcome)  # validate only; the caller applies it
            except WuerfelError as exc:
                self.complain(exc)
                continue
            return outcome
