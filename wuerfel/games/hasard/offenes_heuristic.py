"""Offenes Würfelpoker's rule-of-thumb bot: the game's best player where the exact solvers (numpy) are missing.

The optimal bot (:mod:`wuerfel.games.hasard.poker_betting`) reads numpy tables; this one reads only the open hands,
so the game plays with a sensible opponent after ``pip install wuerfel`` alone (issue 26). Its stated rule:

* **throws**: stop when the hand beats every hand shown in this pass and either nobody is left to throw or it is a
  Full House or better; else leave standing every die whose face shows at least twice (or the highest die) and
  throw the rest; stop when that keep is not allowed or no throw is left;
* **raise** (offered once the hand is finished): to the maximum on the same condition as stopping early — a hand that
  beats everything shown and cannot be caught cheaply; else no raise;
* **answer** a raise: call with a finished hand at least as good as the raiser's (equal hands play a Stichrunde),
  pass with a worse one; not yet thrown, call when the call costs at most a third of the pot (as the poker round
  games' heuristic bot), else pass.
"""

from __future__ import annotations

from collections import Counter

from wuerfel.engine.game import Action, Game, State
from wuerfel.games.hasard.offenes_poker import OffenesState, keep_rules
from wuerfel.games.hasard.poker import FULL_HOUSE, Key
from wuerfel.games.kit.betting import Call, Check, Fold, Raise
from wuerfel.games.kit.hands import Stop
from wuerfel.games.kit.keeps import Keep


def best_shown(state: OffenesState, seat: int) -> Key | None:
    """The best finished hand of the other players still in this pass (None: nobody has one yet)."""
    folded = state.bet.folded
    keys = [state.hand(p) for p in range(state.n) if p != seat and p not in folded]
    shown = [k for k in keys if k is not None]
    return max(shown) if shown else None


def strong(state: OffenesState, seat: int, hand: Key) -> bool:
    """The hand beats every hand shown, and nobody else is left to throw or it is a Full House or better."""
    shown = best_shown(state, seat)
    if shown is not None and hand <= shown:
        return False
    others_to_come = [p for p in state.to_throw() if p != seat]
    return not others_to_come or hand[0] >= FULL_HOUSE


class OffenesHeuristicBot:
    """Offenes Würfelpoker by a stated rule (module text)."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, OffenesState)
        legal = state.legal_actions(player)
        action = self._bet(state, player) if state.bet.pending else self._throws(state, player)
        if action in legal or state.is_legal(action, player):
            return action
        return next(a for a in legal if isinstance(a, (Check, Call, Stop)))

    def _throws(self, state: OffenesState, player: int) -> Action:
        assert state.turn is not None
        dice = state.turn.dice
        if strong(state, player, state.rules.hand_key(dice)):
            return Stop()
        counts = Counter(dice)
        kept = tuple(sorted(d for d in dice if counts[d] >= 2)) or (max(dice),)
        keep = Keep(kept)
        return keep if keep in state.turn.keep_actions(keep_rules(state.rules)) else Stop()

    def _bet(self, state: OffenesState, player: int) -> Action:
        b = state.bet
        own = state.hand(player)
        if b.answering:
            if own is None:
                return Call() if b.owes(player) * 3 <= state.ledger.pot else Fold()
            raiser = state.hand(b.raiser) if b.raiser is not None else None
            return Call() if raiser is None or own >= raiser else Fold()
        if own is not None and strong(state, player, own):
            return Raise(b.maximum)
        return Check()
