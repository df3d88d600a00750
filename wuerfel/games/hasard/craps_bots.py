"""The bots and the hint advisor of Craps: the optimal bot (the exact solution of one game), the Kelly bot (the
growth of the chips over many games), the naive bot (the book's trap: naming 7), and the advisor that rates every
number and share exactly (also for the post-game analysis's luck and choices).

Apart from the game (:mod:`wuerfel.games.hasard.craps`), which reaches them through its registration's factories
only when a bot or a hint is asked for: a bot changes with strategy, the game with the rules.
"""

from __future__ import annotations

import random

from wuerfel.engine.advice import Advice
from wuerfel.engine.errors import N_
from wuerfel.engine.game import Action, Game, State
from wuerfel.games.hasard.craps import CrapsState
from wuerfel.games.hasard.craps_chances import NUMBERS, best_numbers, edge, maker_win
from wuerfel.games.hasard.craps_moves import Cover, Name
from wuerfel.games.kit.hints import rated


def best_stake(state: CrapsState, number: int) -> int:
    """The stake with the highest expected chips for the maker: the expectation S·edge is linear in S, so all he may
    stake when his edge is positive, one chip (the least) when it is not (naming 7)."""
    return state.stake_cap() if edge(number) > 0 else 1


def best_bid(state: CrapsState) -> int:
    """An opponent's bid with the highest expected chips: his share s returns −s·edge, so the least he may bid while
    the maker has the edge, the most when the maker named 7."""
    low, high = state.cover_bounds()
    return low if edge(state.number) > 0 else high


class OptimalBot:
    """Plays the exact solution of one game: names the best number (2; 12 is as good) with the stake of the highest
    expected chips, and bids the share of the highest expected chips (the minimum against the maker's edge)."""

    name = "optimal"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, CrapsState)
        if state.phase == "name":
            number = best_numbers()[0]
            return Name(number, best_stake(state, number))
        return Cover(best_bid(state))


class KellyBot:
    """Names the best number but stakes the Kelly fraction of its chips — the edge, 41/70 of them — which maximises
    the growth of its chips over many games instead of one game's expectation (the optimal bot stakes everything and
    is ruined by the first loss; bench/hasard_part3.py compares them; not offered at the table, where a session is a
    few games)."""

    name = "kelly"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, CrapsState)
        if state.phase == "name":
            number = best_numbers()[0]
            fraction = edge(number) * max(state.ledger.balance(player), 0)
            return Name(number, max(1, min(state.stake_cap(), int(fraction))))
        return Cover(best_bid(state))


class NaiveBot:
    """The player who names the commonest sum, 7 ("die kommt am häufigsten"), with a tenth of his chips, and bids a
    fair part of what is open: the book's trap, 7 is the worst number (6557/13860), a bot to measure against."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, CrapsState)
        if state.phase == "name":
            return Name(7, max(1, min(state.stake_cap(), state.ledger.balance(player) // 10)))
        low, high = state.cover_bounds()
        left = state.n - 1 - len(state.shares)
        fair = -(-(state.stake - state.covered()) // left)
        return Cover(min(max(fair, low), high))


MEASURE_MAKER = N_("the maker's chance to win")
MEASURE_SHARE = N_("expected net chips of the share")


class CrapsAdvisor:
    """At the naming: every number with the maker's exact chance to win (and the stake of the highest expected
    chips); at a bid: the least and the most share with their expected net chips."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def advise(self, state: State, player: int) -> list[Advice]:
        assert isinstance(state, CrapsState)
        if player != state.to_move():
            return []
        if state.phase == "name":
            names: dict[Action, float] = {Name(n, best_stake(state, n)): float(maker_win(n)) for n in NUMBERS}
            return rated(names, MEASURE_MAKER, unit="chance")
        low, high = state.cover_bounds()
        e = edge(state.number)
        bids: dict[Action, float] = {Cover(a): float(-a * e) for a in sorted({low, high})}
        return rated(bids, MEASURE_SHARE, unit="points")

    def turn_start(self, state: State, player: int) -> tuple[float, str] | None:
        """The analysis's luck of one game of the session (:class:`~wuerfel.engine.advice.TurnLuck`), when its dice
        are about to fall (number named, stake covered): the maker's exact chance to win with his number, an
        opponent's exact expected net chips of his share (−share · edge; a share the rules made for him without a
        question counts too). None elsewhere, and for a seat without a part in this game."""
        assert isinstance(state, CrapsState)
        if state.phase != "first" or not state.number:
            return None
        if player == state.maker:
            return float(maker_win(state.number)), MEASURE_MAKER
        share = sum(a for p, a in state.shares if p == player)
        if share <= 0:
            return None
        return float(-share * edge(state.number)), MEASURE_SHARE

    def turn_result(self, before: State, after: State, player: int) -> float | None:
        """Once the game is decided: the maker 1 (won) or 0; an opponent his share's net chips (−share when the
        maker won, +share when he lost: twice the share back)."""
        assert isinstance(before, CrapsState) and isinstance(after, CrapsState)
        if before.phase not in ("first", "repeat") or after.phase in ("first", "repeat") or after.last_game is None:
            return None
        maker, _number, _stake, _point, won, shares = after.last_game
        if player == maker:
            return 1.0 if won else 0.0
        share = sum(a for p, a in shares if p == player)
        return float(-share if won else share)

    def value_of(self, state: State, player: int, action: Action) -> float | None:
        """The exact value of any legal choice in the measure :meth:`advise` gives (the post-game analysis asks for
        a choice it does not list): naming N with any stake wins with maker_win(N) — the stake changes the chips,
        not the chance —, a share s of N's game returns −s·edge(N)."""
        assert isinstance(state, CrapsState)
        if state.phase == "name" and isinstance(action, Name):
            return float(maker_win(action.number))
        if isinstance(action, Cover) and state.number:
            return float(-action.amount * edge(state.number))
        return None
