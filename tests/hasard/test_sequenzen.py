"""Sequenzen (16): the sequences, the last throw counts, the inherited limit, fewer throws, the throw-off, the void
round, the variant; the solver against the generic exact solver and a closed form; bots and hints."""

from __future__ import annotations

import hashlib
import random

import pytest

from tests.hasard.kit_helpers import check_results, new, play_bots, play_to_end, throw, uniform
from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import Action, State
from wuerfel.engine.registry import get_game
from wuerfel.games.hasard import sequenzen_solver as ss
from wuerfel.games.hasard.sequenzen import HeuristicBot, SequenzenState, sequence_rank
from wuerfel.games.kit import Keep, Void
from wuerfel.games.kit.hand_round import Stop


def seq(n: int = 2, **rules: object) -> SequenzenState:
    s = new("sequenzen", n, lot=0, **rules)
    assert isinstance(s, SequenzenState)
    return s


def test_only_the_four_sequences_count_in_order() -> None:
    assert [sequence_rank(d) for d in ((1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, 6))] == [1, 2, 3, 4]
    assert sequence_rank((3, 1, 2)) == 1 and sequence_rank((1, 2, 4)) == 0 and sequence_rank((6, 6, 6)) == 0


def test_the_last_throw_counts_and_the_first_sets_the_limit() -> None:
    s = throw(seq(), (4, 5, 6)).apply_action(Keep(()))  # gives up 4-5-6 and throws all three again
    s = throw(s, (1, 2, 3)).apply_action(Stop())
    assert s.passes[0][0] == (1, -2)  # the last throw counts: 1-2-3
    assert s.seat == 1 and s.turn.limit == 2
    assert Keep((4, 5)) not in throw(s, (4, 5, 1)).legal_actions()  # two dice may stand only in the variant


def test_higher_sequence_wins_and_the_same_one_goes_to_fewer_throws() -> None:
    s = throw(seq(), (1, 3, 5)).apply_action(Keep(()))
    s = throw(s, (2, 3, 4)).apply_action(Stop())
    s = throw(s, (2, 3, 4))  # the same sequence in one throw
    s = s.apply_action(Stop())
    assert s.is_terminal() and s.winners() == (1,) and s.losers() == (0,)
    check_results(s)


def test_full_tie_is_thrown_off_and_nobody_with_a_sequence_replays_the_round() -> None:
    s = throw(seq(), (3, 4, 5)).apply_action(Stop())
    s = throw(s, (3, 4, 5))
    assert s.in_throw_off and s.order == (0, 1) and s.turn.limit == 1
    s = throw(s, (4, 5, 6), (1, 1, 1))
    assert s.is_terminal() and s.winners() == (0,)
    v = throw(seq(), (1, 1, 2)).apply_action(Stop())
    v = throw(v, (6, 6, 5))
    assert not v.is_terminal() and v.round_no == 1 and v.start == 0 and v.passes[0] == (None, None)
    no_void = throw(seq(void_when_nothing=False), (1, 1, 2)).apply_action(Stop())
    assert throw(no_void, (6, 6, 5)).in_throw_off


def test_variant_keeps_two_dice_at_the_second_or_third_throw() -> None:
    s = throw(seq(keep_two=True), (4, 5, 1))
    assert Keep((4, 5)) in s.legal_actions() and Keep(()) in s.legal_actions() and Keep((4,)) not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply_action(Keep((4,)))
    s = throw(s.apply_action(Keep((4, 5))), (6,))
    assert s.turn.dice == (4, 5, 6)


def test_everybody_may_use_three_when_the_limit_is_not_inherited() -> None:
    s = throw(seq(inherit_limit=False), (4, 5, 6)).apply_action(Stop())
    assert s.turn.limit == 3


def test_void_throw_and_typed_moves() -> None:
    s = throw(seq(keep_two=True), (4, 5, 1))
    assert s.apply_outcome(Void()) == s if s.is_chance() else True
    assert s.parse_action_text("stop", 0) == Stop()
    assert s.parse_action_text("4 5", 0) == Keep((4, 5))
    assert s.parse_action_text("alle", 0) == Keep(())
    with pytest.raises(IllegalAction):
        s.parse_action_text("quatsch", 0)


# --- solver ---------------------------------------------------------------------------------------------------------
def test_solo_value_closed_form() -> None:
    """Without the variant every throw is fresh: with one throw left the player stops on a sequence, so
    E1 = 10/216 … by hand: E_t = Σ_r P(r) max(r, E_{t-1}) over ranks, with P(sequence k) = 6/216."""
    e = 0.0
    for _ in range(3):
        e = 4 * (6 / 216) * 0 + sum((6 / 216) * max(k, e) for k in range(1, 5)) + (1 - 24 / 216) * e
    rules = get_game("sequenzen").load_rules(None, None)
    assert ss.solo_value(rules) == pytest.approx(e)


@pytest.mark.parametrize("overrides", [{"max_throws": 2}, {"max_throws": 2, "keep_two": True}])
def test_duel_equals_the_generic_exact_solver(overrides: dict[str, object]) -> None:
    from wuerfel.solvers.exact import solve_game

    info = get_game("sequenzen")
    rules = info.load_rules(None, {**overrides, "start": "first_seat"})
    exact = solve_game(info.new_game(rules, 2), "win", game_id="sequenzen", rules_id="x")
    assert float(exact.seats[0].win) == pytest.approx(ss.duel_tables(rules)[0], abs=1e-12)


def test_optimal_bot_plays_the_duel_exactly_in_every_first_decision() -> None:
    """The bot's value of the first player's position equals the duel's value (module text)."""
    rules = get_game("sequenzen").load_rules(None, {"max_throws": 2, "start": "first_seat"})
    info = get_game("sequenzen")
    s0 = info.new_game(rules, 2).new_initial_state()
    total = 0.0
    from wuerfel.engine.game import Roll

    for o, p in s0.chance_outcomes():
        if not p or not isinstance(o, Roll):
            continue
        s = s0.apply_outcome(o)
        assert isinstance(s, SequenzenState)
        total += float(p) * max(ss.action_values(s, 0).values())
    assert total == pytest.approx(ss.duel_tables(rules)[0])


def test_second_player_stops_once_he_wins() -> None:
    s = throw(seq(), (1, 3, 5)).apply_action(Keep(()))
    s = throw(s, (2, 3, 4)).apply_action(Stop())
    s = throw(s, (3, 4, 5))
    assert ss.OptimalBot(s.game).choose(s, 1) == Stop()


def test_advisor_rates_every_move() -> None:
    s = throw(seq(), (1, 2, 3))
    advice = ss.SequenzenAdvisor(s.game).advise(s, 0)
    assert {a.action for a in advice} == set(s.legal_actions())
    assert [a.value for a in advice] == sorted((a.value for a in advice), reverse=True)
    assert ss.SequenzenAdvisor(s.game).advise(s, 1) == []


@pytest.mark.parametrize(("seed", "n", "keep_two"), [(1, 2, False), (2, 3, True), (3, 4, False)])
def test_bots_play_legal_games(seed: int, n: int, keep_two: bool) -> None:
    s: State = seq(n, keep_two=keep_two)
    bots = [ss.OptimalBot(s.game) if p % 2 == 0 else HeuristicBot(s.game) for p in range(n)]
    check_results(play_bots(s, bots, uniform(random.Random(seed))))


GOLDEN_MOVES = {
    (2, False): "a1b485bad33b85d5171c6457b8366984945e32c923b449c0687663cd753ccd50",
    (2, True): "dfa8478f07b193ee69908ce5aa57b909a7565086918d170b43b54b29f5c17525",
    (3, False): "6740ad88cde666f11ac2ce9a25eae91dbdce21a2c98a9ff078dc184af6b364a1",
    (4, True): "dadb1f133fa865a4eac78b66edc2a1c5125c0ddf0c059afc916c67c5395a7e9e",
}
"""sha256 of the optimal bots' moves in the seeded games of :func:`_bot_moves`, recorded before the per-move work
of the bot was cached (issue 13): the caches must not change a single choice."""


def _bot_moves(n: int, keep_two: bool, games: int = 30) -> str:
    """Every move of optimal bots (all seats) in seeded games of ``n`` players, as one digest."""
    out: list[str] = []
    for seed in range(games):
        s: State = seq(n, keep_two=keep_two)
        bots = [ss.OptimalBot(s.game) for _ in range(n)]

        def decide(s: State, p: int, bots: list[ss.OptimalBot] = bots) -> Action:
            a = bots[p].choose(s, p)
            out.append(f"{p}:{a!r}")
            return a

        play_to_end(s, uniform(random.Random(seed)), decide)
        out.append("|")
    return hashlib.sha256(";".join(out).encode()).hexdigest()


@pytest.mark.parametrize(("n", "keep_two"), list(GOLDEN_MOVES))
def test_optimal_bots_moves_are_unchanged_by_the_caches(n: int, keep_two: bool) -> None:
    assert _bot_moves(n, keep_two) == GOLDEN_MOVES[n, keep_two]
