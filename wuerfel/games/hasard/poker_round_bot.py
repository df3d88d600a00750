"""The computed betting bot of the poker round games (Würfelpoker 23, Al Capone 30): the solver of Offenes
Würfelpoker (:mod:`wuerfel.games.hasard.poker_betting`) on each game's own hand order.

The round engine (:mod:`wuerfel.games.hasard.poker_round`) plays the spec-27 raise protocol, so the same tree applies:
for two players the exact subgame-perfect betting (each pot alone, in chips), for more the expected-chips model. The
solver is built from the game's :meth:`~wuerfel.games.hasard.poker_round.PokerRoundState.hand_result` of every throw
of five dice (Würfelpoker's Sequenz order and low-straight rule, Al Capone's point scale), its throws (one open
throw by the book; Würfelpoker's ``throws`` option with keeps of 1–4 dice) and its tie rule (23 splits the pot: a
tie is worth nothing; 30 throws off). Keeps follow the solver's tables too, except in a Stichrunde, whose hands the
round engine does not keep per pass: there the heuristic's keep rule stays (only 23 with more than one throw has
keeps in a Stichrunde at all).
"""

from __future__ import annotations

from typing import Any

from wuerfel.engine.dice import multisets
from wuerfel.engine.game import Action, Game, State
from wuerfel.games.hasard.poker_betting import PokerBetting, Situation, betting_brain
from wuerfel.games.hasard.poker_bots import keep_choice
from wuerfel.games.hasard.poker_round import PokerRoundState
from wuerfel.games.kit import hands as kit_hands
from wuerfel.games.kit.betting import Call, Check
from wuerfel.games.kit.hand_round import Stop


def round_brain(game: Game) -> PokerBetting:
    """The shared solver of a poker round game's rule set (built once per process and rule set)."""
    cls: Any = getattr(game, "state_class", PokerRoundState)
    probe = cls.__new__(cls)
    object.__setattr__(probe, "game", game)  # hand_result, max_stake and max_throws read only the rules
    keys = tuple(probe.hand_result(d) for d in multisets(5))
    rules = game.rules
    return betting_brain(f"{game.id}:round", keys, 5, int(probe.max_throws), 1, 4, False, int(rules.ante),
                         int(probe.max_stake), split_ties=cls.ties == "split")


def round_situation(state: PokerRoundState) -> Situation:
    return Situation(tuple(state.order), tuple(state.hands), state._betting(), state.ledger.pot, state.stich > 0)


class ComputedRoundBot:
    """Betting (and keeps in the first pass) by the solver: exact for two players, the model for more."""

    name = "optimal"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.brain = round_brain(game)
        self.brain.prepare(game.num_players)

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, PokerRoundState)
        n = self.game.num_players
        sit = round_situation(state)
        if state._betting().to_act() == player:
            action: Action = self.brain.bet_choice(sit, player, n)
        elif state.stich:
            action = keep_choice(state)
        else:
            action = self.brain.keep_choice(sit, player, n, state.turn.dice, state.turn.throws)
            if isinstance(action, kit_hands.Stop):
                action = Stop()
        if state.is_legal(action, player):
            return action
        legal = state.legal_actions(player)  # defensive: a move the round's menu does not list
        return next((a for a in legal if isinstance(a, (Check, Call, Stop))), legal[0])
