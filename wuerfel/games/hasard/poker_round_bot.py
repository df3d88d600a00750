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
from wuerfel.games.hasard.poker_bots import PokerRoundBot
from wuerfel.games.hasard.poker_round import PokerRoundState


def round_brain(game: Game) -> PokerBetting:
    """The shared solver of a poker round game's rule set (built once per process and rule set)."""
    cls: Any = getattr(game, "state_class", PokerRoundState)
    probe = cls.__new__(cls)
    object.__setattr__(probe, "game", game)  # hand_result, max_stake and max_throws read only the rules
    keys = tuple(probe.hand_result(d) for d in multisets(5))
    rules = game.rules
    return betting_brain(
        f"{game.id}:round",
        keys,
        5,
        int(probe.max_throws),
        1,
        4,
        False,
        int(rules.ante),
        int(probe.max_stake),
        split_ties=cls.ties == "split",
    )


def round_situation(state: PokerRoundState) -> Situation:
    return Situation(tuple(state.order), tuple(state.hands), state._betting(), state.ledger.pot, state.stich > 0)


class ComputedRoundBot(PokerRoundBot):
    """The heuristic bot with the computed betting plugged in (:meth:`decide_bet`) and the solver's keeps in the
    first pass: exact for two players, the model for more."""

    name = "optimal"

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        self.brain = round_brain(game)
        self.brain.prepare(game.num_players)

    def decide_bet(self, state: PokerRoundState, seat: int, chance: float | None) -> Action:
        """The solver's betting move (``chance``, the heuristic's win chance, is not used: the solver has its own)."""
        return self.brain.bet_choice(round_situation(state), seat, self.game.num_players)

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, PokerRoundState)
        if state._betting().to_act() == player or state.stich:
            return super().choose(state, player)
        action: Action = self.brain.keep_choice(
            round_situation(state), player, self.game.num_players, state.turn.dice, state.turn.throws
        )
        return action if state.is_legal(action, player) else super().choose(state, player)
