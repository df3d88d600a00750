"""How strong are the computed betting bots of the open poker games? Prints, per game, the bot's mean net chips per
pot against simple fixed betting strategies (seats rotated), against itself by seat, and for two players the exact
solution's value next to the best response against it (its exploitability). Asserts nothing.

Games: 27 Offenes Würfelpoker, 23 Würfelpoker with raising, 30 Al Capone (the round games' computed bot uses the same
solver on their hand orders). The fixed strategies bet by a fixed rule and keep dice as the bot does (so the figures
measure the betting): ``call`` never raises and always calls; ``raise-pair`` raises to the maximum with a pair or
better (else no raise) and calls with a pair or better or blind, else passes; ``random`` takes every betting move at
random (the level of a raise uniform). One pot is one game (round) of the rules; seats rotate (and so who begins).

Run from the repository root: ``python bench/hasard_poker_betting.py [--pots N] [--players 2,3] [--only GAME,…]``.
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wuerfel.engine.game import Action, Game, State
from wuerfel.engine.record import Match
from wuerfel.engine.registry import get_game
from wuerfel.engine.sources import SeededSource
from wuerfel.games.hasard.poker import PAAR
from wuerfel.games.hasard.poker_betting import OffenesBot, PokerBetting, offenes_brain
from wuerfel.games.hasard.poker_round_bot import ComputedRoundBot, round_brain
from wuerfel.games.kit.betting import Call, Check, Fold, Raise

GAMES = {
    "offenes-wuerfelpoker": "offenes-wuerfelpoker",
    "wuerfelpoker": "wuerfelpoker-steigern",
    "al-capone": "al-capone",
}
"""Game id → rule set of the games whose betting bot is measured (23 with its raising variant)."""


def computed_bot(game: Game, seed: int) -> Any:
    """The game's computed bot: 27's own, the round games' (23, 30) on the same solver."""
    if game.id == "offenes-wuerfelpoker":
        return OffenesBot(game, seed)
    return ComputedRoundBot(game, seed)


def brain_of(game: Game) -> PokerBetting:
    return offenes_brain(game.rules) if game.id == "offenes-wuerfelpoker" else round_brain(game)


def hand_class(state: Any, player: int) -> int | None:
    """The class of the player's finished hand (0 nothing, 1 a pair, …), None before he has thrown."""
    if state.game.id == "offenes-wuerfelpoker":
        hand = state.hand(player)
        return None if hand is None else int(hand[0])
    dice = state.hands[player]
    return None if dice is None else int(state.hand_result(dice)[0])


class FixedBetting:
    """The computed bot's keeps with a fixed betting rule."""

    def __init__(self, game: Game, seed: int, rule: str) -> None:
        self.base = computed_bot(game, seed)
        self.rule = rule
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Action:
        s: Any = state
        b = s.betting
        if b is None or b.to_act() != player:
            return self.base.choose(state, player)  # type: ignore[no-any-return]
        answering = bool(b.answering)
        cls = hand_class(s, player)
        if self.rule == "call":
            return Call() if answering else Check()
        if self.rule == "raise-pair":
            good = cls is not None and cls >= PAAR
            if answering:
                return Call() if good or cls is None else Fold()
            return Raise(b.maximum) if good else Check()
        if answering:
            return self.rng.choice((Call(), Fold()))
        return self.rng.choice([Check(), *(Raise(x) for x in range(b.level + 1, b.maximum + 1))])


def _fixed(game: Game, seed: int, rule: str) -> FixedBetting:
    return FixedBetting(game, seed, rule)


def play(game_id: str, rules_id: str, makers: list[Callable[[Game, int], Any]], seed: int) -> tuple[int, ...]:
    info = get_game(game_id)
    one = "games" if game_id == "offenes-wuerfelpoker" else "rounds"  # one pot
    rules = info.load_rules(rules_id, {one: 1, "start": "first_seat"})
    m = Match.new(game_id, rules_id, [f"p{i}" for i in range(len(makers))], rules=rules)
    bots = [make(m.game, seed * 31 + i) for i, make in enumerate(makers)]
    source = SeededSource(seed)
    while not m.state.is_terminal():
        s = m.state
        if s.is_chance():
            m.chance(source.choose(s))
        else:
            p = s.to_move()
            m.act(bots[p].choose(s, p), p)
    payoffs = m.state.payoffs()
    assert payoffs is not None
    return payoffs


def mean_net(game_id: str, rules_id: str, n: int, opponent: str | None, pots: int) -> tuple[float, float]:
    """The bot's mean net chips per pot and its standard error; seat rotated (``opponent`` None: self-play, the
    figure is then the starter's)."""
    nets = []
    for g in range(pots):
        seat = g % n
        makers: list[Callable[[Game, int], Any]] = []
        for p in range(n):
            if p == seat or opponent is None:
                makers.append(computed_bot)
            else:
                makers.append(functools.partial(_fixed, rule=opponent))
        pay = play(game_id, rules_id, makers, g)
        nets.append(pay[0] if opponent is None else pay[seat])
    return statistics.fmean(nets), statistics.stdev(nets) / len(nets) ** 0.5


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pots", type=int, default=2000, help="pots per pairing")
    ap.add_argument("--players", default="2,3", help="player counts")
    ap.add_argument("--only", default="", help="game ids, comma-separated (default: all)")
    args = ap.parse_args()
    for game_id, rules_id in GAMES.items():
        if args.only and game_id not in args.only.split(","):
            continue
        info = get_game(game_id)
        game = info.new_game(info.load_rules(rules_id, None), 2)
        t = time.perf_counter()
        brain = brain_of(game)
        duel = brain.duel
        print(
            f"== {game_id} ({rules_id}): stakes {brain.minimum}..{brain.maximum}, {brain.space.throws} throws, "
            f"ties {'split' if brain.split_ties else 'thrown off'}"
        )
        print(
            f"two players, exact: solved in {time.perf_counter() - t:.1f} s; starter's value {duel.value:+.4f} "
            "chips per pot, "
            + ("equal hands split the pot" if brain.split_ties else f"Stichrunde won by the first {duel.p:.4f}")
        )
        t = time.perf_counter()
        br_a, br_b = duel.best_response()
        print(
            f"  best response against the solution: as starter {br_a:+.4f}, as second {br_b:+.4f} "
            f"(game value {duel.value:+.4f} / {-duel.value:+.4f}; exploitability "
            f"{max(br_a - duel.value, br_b + duel.value, 0.0):.2e}; {time.perf_counter() - t:.1f} s)"
        )
        for n in (int(x) for x in args.players.split(",")):
            print(f"  {n} players, {args.pots} pots per line, mean net chips per pot of the bot (± std. error):")
            for opponent in ("call", "raise-pair", "random"):
                mean, se = mean_net(game_id, rules_id, n, opponent, args.pots)
                print(f"    against {opponent:<11} {mean:+.3f} ± {se:.3f}")
            mean, se = mean_net(game_id, rules_id, n, None, args.pots)
            print(f"    against itself: the starter (seat 1) {mean:+.3f} ± {se:.3f}")


if __name__ == "__main__":
    main()
