"""Eins bis sechzehn (Hasard 21): forming numbers, the run per throw, the way back, the variant, the claim mode."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hasard.kit_helpers import check_results, new, play_out, throw
from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.registry import get_game
from wuerfel.games.hasard.eins_bis_sechzehn import (
    Claim,
    ClaimBot,
    EinsBisSechzehnAdvisor,
    evaluate,
    formable,
    run_length,
    target_list,
)


def test_the_books_example_throw_1_3_6_forms_exactly_1_to_10() -> None:
    can = formable((1, 3, 6))
    assert sorted(can) == list(range(1, 11))
    # the text's list, with its misread 2 read as 6 (spec): 5 = 6 − 1, 7 = 6 + 1, 8 = 6 + 3 − 1, 9 = 3 + 6
    for target, expr in {
        1: "1",
        2: "3-1",
        3: "3",
        4: "3+1",
        5: "6-1",
        6: "6",
        7: "6+1",
        8: "6+3-1",
        9: "3+6",
        10: "6+3+1",
    }.items():
        assert evaluate(expr, (1, 3, 6)) == target and evaluate(can[target], (1, 3, 6)) == target
    assert run_length((1, 3, 6), target_list(), 0) == 10  # one throw advances from 1 to 10


def test_each_die_at_most_once_and_results_positive() -> None:
    assert sorted(formable((1, 1, 5))) == [1, 2, 3, 4, 5, 6, 7]  # 1+1 = 2 uses both ones
    assert sorted(formable((6, 6, 6))) == [6, 12, 18]
    with pytest.raises(IllegalAction):
        evaluate("6+6", (1, 3, 6))  # one six thrown
    with pytest.raises(IllegalAction):
        evaluate("3*2", (2, 3, 6))  # only plus and minus in the book's rules


def test_variant_with_times_and_divided_by() -> None:
    can = formable((2, 3, 6), "all")
    assert {36, 9, 4, 1} <= set(can)  # 6×(3×2); (6÷2)×3; 6÷3×2; 6÷(3×2)
    assert evaluate("6/(3*2)", (2, 3, 6), "all") == 1
    assert 16 in formable((2, 2, 4), "all") and 32 not in formable((2, 2, 4), "all")
    with pytest.raises(IllegalAction):
        evaluate("3/2", (2, 3, 6), "all")  # a remainder


def test_targets_go_to_16_and_back() -> None:
    assert target_list() == (*range(1, 17), *range(15, 0, -1)) and len(target_list()) == 31
    assert target_list("from_16")[15:17] == (16, 16) and len(target_list("from_16")) == 32


def test_one_throw_per_turn_ticks_the_longest_run() -> None:
    s = throw(new("eins-bis-sechzehn", 2), (1, 3, 6))
    assert s.progress == (10, 0) and s.thrower() == 1
    s = throw(s, (2, 2, 2))  # forms 2, 4, 6 — the 1 cannot be formed: nothing ticked
    assert s.progress == (10, 0)
    s = throw(s, (5, 6, 6))  # 11 = 5+6, 12 = 6+6, 13 …? 5+6+6 = 17, 6+6−5 = 7: only 11, 12
    assert s.progress == (12, 0)


def test_one_number_per_throw_option() -> None:
    s = throw(new("eins-bis-sechzehn", 2, per_throw="one"), (1, 3, 6))
    assert s.progress == (1, 0)


def test_the_way_back_and_the_win() -> None:
    s = new("eins-bis-sechzehn", 2)
    s = throw(s, (1, 3, 6), (1, 1, 1))  # seat 0 to 10; seat 1: 1, 2 = 1+1, 3 = 1+1+1
    s = throw(s, (5, 6, 6), (2, 2, 2))  # 11, 12; seat 1: 4 = 2+2, 5 no
    s = throw(s, (4, 4, 5), (3, 3, 3))  # 13 = 4+4+5, 14 no: seat 0 at 13; seat 1: 5 no
    assert s.progress == (13, 4)
    s = throw(s, (4, 5, 6), (1, 1, 1))  # 14? 4+5+6 = 15: 14 cannot … nothing
    assert s.progress == (13, 4)
    s = throw(s, (4, 4, 6), (1, 1, 1))  # 14 = 4+4+6, 15 no
    s = throw(s, (4, 5, 6), (1, 1, 1))  # 15, 16 no
    s = throw(s, (5, 5, 6), (1, 1, 1))  # 16, then back: 15? 5+5+6 = 16, 6+5 = 11: only 16
    assert s.progress[0] == 16 and s.targets[16] == 15
    s = throw(s, (4, 5, 6), (1, 1, 1))  # 15 (4+5+6), 14? no
    s = throw(s, (4, 4, 6), (1, 1, 1))  # 14 (4+4+6), 13? no
    s = throw(s, (1, 6, 6), (1, 1, 1))  # 13 = 1+6+6, 12 = 6+6, 11 = 6+6−1, 10 no
    assert s.progress[0] == 21
    s = throw(s, (1, 3, 6))  # 10 down to 1: all formable — the last target: he wins at once
    assert s.is_terminal() and s.winners() == (0,) and s.losers() == (1,)
    check_results(s)


def test_claim_mode_the_thrower_decides_and_the_engine_refuses_what_cannot_be_formed() -> None:
    s = throw(new("eins-bis-sechzehn", 2, claim="manual"), (1, 3, 6))
    assert s.to_move() == 0 and s.thrower() is None
    assert s.legal_actions() == tuple(Claim(k) for k in range(11))
    with pytest.raises(IllegalAction) as exc:
        s.apply_action(Claim(11))
    assert exc.value.params == {"target": 11, "dice": "1 3 6"}
    assert s.parse_action_text("1, 3-1, 3, 3+1", 0) == Claim(4)
    assert s.parse_action_text("alle", 0) == Claim(10)
    with pytest.raises(IllegalAction) as exc:
        s.parse_action_text("1, 3", 0)
    assert exc.value.params == {"text": "3", "got": 3, "want": 2}
    after = s.apply_action(Claim(4))
    assert after.progress == (4, 0) and after.thrower() == 1
    assert s.describe_action(Claim(3), "en") == "tick off 1, 2, 3"
    assert s.describe_action(Claim(0), "de") == "nichts abhaken"  # a move (terminal L1)


def test_the_claim_bot_and_the_hint_take_the_longest_run() -> None:
    game = get_game("eins-bis-sechzehn").new_game(
        get_game("eins-bis-sechzehn").load_rules("eins-bis-sechzehn-selbst-abhaken"), 2
    )
    s = throw(new("eins-bis-sechzehn", 2, claim="manual"), (1, 3, 6))
    assert ClaimBot(game, 0).choose(s, 0) == Claim(10)
    advice = EinsBisSechzehnAdvisor(game).advise(s, 0)
    assert advice[0].action == Claim(10) and "8 = 3+6-1" in advice[0].params["expressions"]
    assert [a.action for a in advice] == [Claim(k) for k in range(10, -1, -1)]
    assert EinsBisSechzehnAdvisor(game).advise(s, 1) == []


def test_the_claim_bot_beats_claiming_at_random() -> None:
    """The decision matters: a player who claims less than he can loses ground."""
    rng = random.Random(5)
    wins = 0
    for seed in range(60):
        s = new("eins-bis-sechzehn", 2, claim="manual")
        source = random.Random(seed)
        while not s.is_terminal():
            if s.is_chance():
                s = throw(s, tuple(source.randint(1, 6) for _ in range(3)))
            elif s.to_move() == 0:
                s = s.apply_action(max(s.legal_actions(), key=lambda a: a.count))
            else:
                s = s.apply_action(rng.choice(list(s.legal_actions())))
        wins += s.winners() == (0,)
    assert wins >= 45


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 6), st.integers(0, 10_000), st.sampled_from(["add_sub", "all"]))
def test_random_games_end_with_one_winner(n: int, seed: int, operations: str) -> None:
    s = play_out(new("eins-bis-sechzehn", n, operations=operations), seed)
    check_results(s)
    (w,) = s.winners()
    assert s.progress[w] == 31


@settings(max_examples=10, deadline=None)
@given(st.integers(2, 6), st.integers(0, 10_000))
def test_random_games_in_claim_mode_end_with_one_winner(n: int, seed: int) -> None:
    s = play_out(new("eins-bis-sechzehn", n, claim="manual"), seed)
    check_results(s)
    assert len(s.winners()) == 1
