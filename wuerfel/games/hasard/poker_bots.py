"""The heuristic bot and the hints of the poker round games (Würfelpoker 23, Al Capone 30).

Two decisions: keeps (Würfelpoker with ``throws`` > 1 only) and the betting of the raise protocol. Keeps follow a
stated rule — stop with a Sequenz or better, else keep the dice of the combination (every face thrown at least
twice), or the highest die when there is none. Betting is :func:`~wuerfel.games.hasard.poker_round.betting_decision`
on the exact chance of the finished hand to take the pot against the hands shown and one throw of each player still
to come (:func:`~wuerfel.games.hasard.poker_round.win_chance`); a computed strategy replaces that one function.

The hints rate every betting action by its expected chips under the same model (each later player throws once,
everybody calls a raise; a player who has not thrown yet is rated by the chance averaged over his own throw), and a
finished turn's stop by its chance to take the pot.
"""

from __future__ import annotations

import random
from collections import Counter

from wuerfel.engine.advice import Advice
from wuerfel.engine.errors import N_
from wuerfel.engine.game import Action, Game, State
from wuerfel.games.hasard import poker_round
from wuerfel.games.hasard.poker import QUINT
from wuerfel.games.hasard.poker_round import KEEP_RULES, PokerRoundState, blind_chance, win_chance
from wuerfel.games.kit.betting import Call, Check, Fold, Raise
from wuerfel.games.kit.hand_round import Stop
from wuerfel.games.kit.keeps import Keep

EXPECTED_CHIPS = N_("expected chips won from now (each later player throws once, a raise is called)")
WIN_CHANCE = N_("chance to take the pot")


def own_hand(state: PokerRoundState, seat: int) -> tuple[int, ...] | None:
    """The seat's finished hand of this round, None while he has not finished his throws (he bets blind)."""
    if state.stich:
        return None
    return state.hands[seat]


def keep_choice(state: PokerRoundState) -> Action:
    """Stop with a Sequenz (Quint) or better; else keep every die whose face shows at least twice, or the highest."""
    dice = state.turn.dice
    if state.hand_result(dice)[0] >= QUINT:
        return Stop()
    counts = Counter(dice)
    kept = tuple(sorted(d for d in dice if counts[d] >= 2))
    if not kept:
        kept = (max(dice),)
    if not KEEP_RULES.allows_size(len(kept)):
        return Stop()
    return Keep(kept)


class PokerRoundBot:
    """The heuristic bot of 23 and 30 (module text). A computed betting strategy plugs in by overriding
    :meth:`decide_bet` (or by replacing ``poker_round.betting_decision``, which it looks up at every call)."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def decide_bet(self, state: PokerRoundState, seat: int, chance: float | None) -> Action:
        """Raise/check or call/pass for ``seat``; ``chance``: his finished hand's chance to take the pot (None:
        he has not thrown and bets blind)."""
        return poker_round.betting_decision(state, seat, chance)

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, PokerRoundState)
        legal = state.legal_actions(player)
        if state._betting().to_act() == player:
            hand = own_hand(state, player)
            chance = None if hand is None else win_chance(state, player, hand)
            action = self.decide_bet(state, player, chance)
        else:
            action = keep_choice(state)
        if state.is_legal(action, player):
            return action
        return next(a for a in legal if isinstance(a, (Check, Call, Stop))) if legal else action


class PokerRoundAdvisor:
    """Expected chips of each betting action and the chance of a finished hand (module text)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def advise(self, state: State, player: int) -> list[Advice]:
        assert isinstance(state, PokerRoundState)
        if player not in state.actors():
            return []
        b = state._betting()
        if b.to_act() != player:
            chance = win_chance(state, player, state.turn.dice)
            return [Advice(action=Stop(), value=chance, measure=WIN_CHANCE, unit="chance")]
        hand = own_hand(state, player)
        chance = blind_chance(state, player) if hand is None else win_chance(state, player, hand)
        pot = state.ledger.pot
        values: dict[Action, float] = {}
        if b.answering:
            owed = b.owes(player)
            values[Call()] = chance * (pot + owed) - owed
            values[Fold()] = 0.0
        else:
            values[Check()] = chance * pot
            others = [p for p in b.in_play() if p != player]
            raised = b.maximum
            extra = sum(raised - b.paid[p] for p in others)
            values[Raise(raised)] = chance * (pot + extra + raised - b.paid[player]) - (raised - b.paid[player])
        return [
            Advice(action=a, value=v, measure=EXPECTED_CHIPS) for a, v in sorted(values.items(), key=lambda kv: -kv[1])
        ]
