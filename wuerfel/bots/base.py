"""The bot protocol and the generic random bot.

A bot gets the state and its seat and returns one legal action. In games with secrets a bot must use only
``state.view(player)``, ``state.legal_actions(player)`` and ``state.determinize(player, rng)`` — the same information
a person in that seat has; the hidden-information tests check bots of such games against leaked knowledge.
"""

from __future__ import annotations

import random
from typing import Protocol

from wuerfel.engine.game import Action, State, sample_action


class Bot(Protocol):
    name: str

    def choose(self, state: State, player: int) -> Action: ...


class RandomBot:
    """Uniform over legal actions: the baseline every game must survive (and the fuzzer of the engine).

    A parameterised action (an amount) counts as one choice; its amount is then drawn uniformly within its bounds.
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Action:
        actions = state.legal_actions(player)  # a sequence: choice() indexes it, no copy needed
        if not actions:
            raise ValueError("no legal action")
        return sample_action(self.rng.choice(actions), self.rng)
