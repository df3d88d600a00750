"""The computed betting of the open poker games (:mod:`wuerfel.games.hasard.poker_betting`): the exact two-player
solution against a brute-force expectimax over the explicit game tree on a tiny configuration, its best responses
against its value, the starter's disadvantage of the text, and bots that never pass a hand that cannot lose."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from wuerfel.bots.base import RandomBot
from wuerfel.engine.game import Roll
from wuerfel.engine.pokerdice import parse_poker_dice
from wuerfel.engine.record import Match
from wuerfel.engine.registry import get_game
from wuerfel.engine.sources import SeededSource
from wuerfel.games.hasard.poker_betting import (
    PokerBetting,
    Situation,
    hand_space,
    poker_space,
    solve_duel,
)
from wuerfel.games.kit.betting import Betting, Call, Check, Fold, Raise
from wuerfel.games.kit.hands import Stop

P = parse_poker_dice

# --- a tiny game: two dice, two throws, one die kept, stakes 1..3 --------------------------------------------------
N, THROWS, M_MIN, M_MAX = 2, 2, 1, 3


def tiny_key(d: tuple[int, ...]) -> tuple[int, ...]:
    """A pair beats no pair; then the higher die, then the lower."""
    return (int(d[0] == d[1]), max(d), min(d))


def rolls(k: int) -> list[tuple[int, ...]]:
    return list(itertools.product(range(1, 7), repeat=k))


def turn(value: Callable[[tuple[int, ...]], float], throws: int = THROWS) -> float:
    """Brute force: every ordered throw, every die to keep, the best of stopping and keeping."""

    def best(d: tuple[int, ...], t: int) -> float:
        stop = value(tuple(sorted(d)))
        if t >= throws:
            return stop
        keeps = max(sum(best((d[i], *r), t + 1) for r in rolls(1)) / 6 for i in range(N))
        return max(stop, keeps)

    return sum(best(d, 1) for d in rolls(N)) / 36


def brute_force_value(split: bool = False, throws: int = THROWS) -> tuple[float, float]:
    """A's net chips of the pot by expectimax over the explicit tree (each mover maximises his own chips; zero-sum),
    and A's chance in a Stichrunde (a fixed point: a tie is worth p to A)."""
    p = 0.5
    for _ in range(100):
        b_stich = {
            a: turn(
                lambda b, a=a, p=p: (
                    1.0
                    if tiny_key(b) > tiny_key(a)  # type: ignore[misc]
                    else (1 - p if tiny_key(b) == tiny_key(a) else 0.0)
                ),
                throws,
            )
            for a in itertools.combinations_with_replacement(range(1, 7), N)
        }
        p, old = turn(lambda a, t=b_stich: 1 - t[a], throws), p  # type: ignore[misc]
        if abs(p - old) < 1e-15:
            break

    def showdown(a: tuple[int, ...], b: tuple[int, ...], level: int) -> float:
        """A's chips when both have paid ``level``."""
        ka, kb = tiny_key(a), tiny_key(b)
        if ka == kb:
            return 0.0 if split else level * (2 * p - 1)
        return level * (1 if ka > kb else -1)

    def after_b(a: tuple[int, ...], b: tuple[int, ...], level: int) -> float:
        options = [showdown(a, b, level)]  # B checks
        for l2 in range(level + 1, M_MAX + 1):  # B raises; A calls or passes, whichever is better for A
            options.append(max(showdown(a, b, l2), -level))
        return min(options)  # B picks what is worst for A

    @cache
    def b_plays(a: tuple[int, ...], level: int) -> float:
        return -turn(lambda b: -after_b(a, b, level), throws)

    def after_a(a: tuple[int, ...]) -> float:
        options = [b_plays(a, M_MIN)]
        for l1 in range(M_MIN + 1, M_MAX + 1):
            options.append(min(b_plays(a, l1), M_MIN))  # B calls blind or passes, whichever is worse for A
        return max(options)

    return turn(after_a, throws), p


def tiny_space(throws: int = THROWS) -> Any:
    keys = tuple(tiny_key(d) for d in itertools.combinations_with_replacement(range(1, 7), N))
    return hand_space(keys, N, throws, 1, 1, False)


@pytest.fixture(scope="module")
def tiny() -> Any:
    return solve_duel(tiny_space(), M_MIN, M_MAX)


def test_exact_duel_equals_brute_force_on_a_tiny_game(tiny: Any) -> None:
    value, p = brute_force_value()
    assert tiny.p == pytest.approx(p, abs=1e-12)
    assert tiny.value == pytest.approx(value, abs=1e-12)


def test_exact_duel_with_split_ties_equals_brute_force() -> None:
    """Würfelpoker (23): equal hands share the pot instead of a Stichrunde."""
    value, _ = brute_force_value(split=True)
    assert solve_duel(tiny_space(), M_MIN, M_MAX, split_ties=True).value == pytest.approx(value, abs=1e-12)


def test_exact_duel_of_one_open_throw_equals_brute_force() -> None:
    """Al Capone (30) and Würfelpoker (23) by the book: one throw each, no keeps."""
    value, p = brute_force_value(throws=1)
    duel = solve_duel(tiny_space(1), M_MIN, M_MAX)
    assert duel.p == pytest.approx(p, abs=1e-12) and duel.value == pytest.approx(value, abs=1e-12)
    br_a, br_b = duel.best_response()
    assert br_a == pytest.approx(duel.value, abs=1e-12) and br_b == pytest.approx(-duel.value, abs=1e-12)


def test_best_responses_against_the_solution_reach_exactly_its_value(tiny: Any) -> None:
    br_a, br_b = tiny.best_response()
    assert br_a == pytest.approx(tiny.value, abs=1e-12)
    assert br_b == pytest.approx(-tiny.value, abs=1e-12)


def test_without_raising_the_starter_has_a_slight_disadvantage() -> None:
    """The text: "Es wird ausgelost, wer beginnen muß (dieser Spieler hat einen leichten Nachteil)" — with m = M
    the second player sees the hand to beat; raising turns it round (the first raises on information first)."""
    space = poker_space(False, False, 2, 1, 4, False)
    assert -0.1 < solve_duel(space, 1, 1).value < 0
    assert solve_duel(space, 1, 2).value > 0


# --- never pass a hand that cannot lose ---------------------------------------------------------------------------
def situation(hands: list[str | None], betting: Betting, order: tuple[int, ...]) -> Situation:
    return Situation(order, tuple(None if h is None else P(h) for h in hands), betting, sum(betting.paid), False)


@pytest.fixture(scope="module")
def brain() -> PokerBetting:
    return PokerBetting(poker_space(False, False, 2, 1, 4, False), 1, 6)


def test_five_aces_call_any_raise(brain: PokerBetting) -> None:
    b = Betting(1, 6, 4, (1, 4), answering=(0,), raiser=1)
    assert brain.bet_choice(situation(["A A A A A", "K K K K K"], b, (0, 1)), 0, 2) == Call()
    b3 = Betting(1, 6, 4, (1, 4, 1), answering=(2, 0), raiser=1)
    assert brain.bet_choice(situation(["K K 9 10 J", "D D D D K", "A A A A A"], b3, (0, 1, 2)), 2, 3) == Call()


def test_a_beaten_hand_passes_and_the_blind_second_player_calls_a_small_raise(brain: PokerBetting) -> None:
    b = Betting(1, 6, 6, (1, 6), answering=(0,), raiser=1)
    assert brain.bet_choice(situation(["9 9 10 J D", "A A A A K"], b, (0, 1)), 0, 2) == Fold()
    b = Betting(1, 6, 2, (2, 1), answering=(1,), raiser=0)
    assert brain.bet_choice(situation(["9 9 10 J D", None], b, (0, 1)), 1, 2) == Call()


def test_the_first_player_raises_a_strong_hand_and_checks_nothing(brain: PokerBetting) -> None:
    b = Betting(1, 6, 1, (1, 1), offered=0)
    assert isinstance(brain.bet_choice(situation(["A A A A K", None], b, (0, 1)), 0, 2), Raise)
    assert brain.bet_choice(situation(["9 10 J D A", None], b, (0, 1)), 0, 2) == Check()


@pytest.mark.parametrize("n", [2, 3])
def test_bots_never_pass_a_hand_that_cannot_lose_in_play(n: int) -> None:
    """At every answer of the bot in played games (seat 0 a random player raising at random): a hand above every
    other hand still in, with nobody left to throw, calls."""
    info = get_game("offenes-wuerfelpoker")
    rules = info.load_rules("offenes-kurz", {"games": 12})
    m = Match.new("offenes-wuerfelpoker", "offenes-kurz", [f"p{i}" for i in range(n)], rules=rules)
    bots: list[Any] = [RandomBot(3), *(info.bots["optimal"](m.game, i) for i in range(1, n))]
    source = SeededSource(11)
    answers = 0
    while not m.state.is_terminal():
        s: Any = m.state
        if s.is_chance():
            m.chance(source.choose(s))
            continue
        p = s.to_move()
        a = bots[p].choose(s, p)
        if p != 0 and s.bet.answering and s.hands[p] is not None:
            others = [s.hand(q) for q in s.bet.in_play() if q != p]
            nobody_left = all(s.hands[q] is not None for q in s.bet.in_play())
            if nobody_left and all(h is not None and s.hand(p) > h for h in others):
                assert a == Call()
                answers += 1
        m.act(a, p)
    assert answers > 0


def test_the_bot_keeps_to_beat_the_hand_on_the_table(brain: PokerBetting) -> None:
    """B facing a Drilling of aces with a throw left keeps his pair of kings rather than stopping."""
    b = Betting(1, 6, 1, (1, 1))
    sit = situation(["A A A K D", None], b, (0, 1))
    assert brain.keep_choice(sit, 1, 2, P("K K 9 10 J"), 1) != Stop()
    # against nothing at all, a pair of aces after the last throw stops (nothing else is legal)
    assert brain.keep_choice(situation(["9 10 J D A", None], b, (0, 1)), 1, 2, P("A A 9 10 J"), 2) == Stop()


def test_hints_rate_every_legal_move() -> None:
    info = get_game("offenes-wuerfelpoker")
    game = info.new_game(info.load_rules("offenes-kurz", None), 2)
    from wuerfel.games.kit import Lot

    s = game.new_initial_state().apply_outcome(Lot(0)).apply_outcome(Roll(P("A A K D 9")))
    assert info.advisor is not None
    advice = info.advisor(game).advise(s, 0)
    assert len(advice) == len(s.legal_actions(0))
    assert advice[0].value >= advice[-1].value
    s = s.apply_action(Stop(), 0)
    advice = info.advisor(game).advise(s, 0)
    assert {type(a.action) for a in advice} == {Check, Raise} and len(advice) == 2  # no raise, raise to 2


@pytest.mark.parametrize(
    ("game_id", "rules_id"), [("al-capone", "al-capone"), ("wuerfelpoker", "wuerfelpoker-steigern")]
)
def test_round_games_use_the_same_exact_betting(game_id: str, rules_id: str) -> None:
    """23 and 30 (one open throw each): the solver on the game's own hand order is exact — its best responses reach
    its value — and their computed bot plays legal moves to the end."""
    from wuerfel.games.hasard.poker_round_bot import ComputedRoundBot, round_brain

    info = get_game(game_id)
    rules = info.load_rules(rules_id, {"rounds": 2})
    m = Match.new(game_id, rules_id, ["a", "b"], rules=rules)
    brain = round_brain(m.game)
    assert brain.split_ties == (game_id == "wuerfelpoker")
    br_a, br_b = brain.duel.best_response()
    assert br_a == pytest.approx(brain.duel.value, abs=1e-12) and br_b == pytest.approx(-brain.duel.value, abs=1e-12)
    bots = [ComputedRoundBot(m.game, 0), ComputedRoundBot(m.game, 1)]
    source = SeededSource(5)
    while not m.state.is_terminal():
        s = m.state
        if s.is_chance():
            m.chance(source.choose(s))
        else:
            p = s.to_move()
            m.act(bots[p].choose(s, p), p)  # Match.act refuses an illegal move
    assert sum(m.state.payoffs() or ()) == 0
