"""The keep-and-rethrow turn of the kit: keeps, their ranges, frozen and free keeps, the throw limit and its
inheritance, the one keep numbering, typed keeps, labels and the table's dice."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wuerfel.engine.dice import multisets, sub_multisets
from wuerfel.engine.errors import IllegalAction
from wuerfel.games.kit.keeps import (
    Keep,
    KeepRules,
    KeepTurn,
    RoundLimit,
    describe_keep,
    dice_component,
    keep_from_id,
    keep_id,
    keep_refusal,
    keep_table,
    legal_keeps,
    menu_order,
    parse_keep,
)
from wuerfel.i18n import translate

dice_st = st.lists(st.integers(1, 6), min_size=1, max_size=6).map(lambda d: tuple(sorted(d)))


def test_a_keep_is_a_sorted_multiset_with_the_json_the_games_always_wrote() -> None:
    k = Keep((6, 1, 6))
    assert k.dice == (1, 6, 6) and k == Keep((6, 6, 1))
    assert k.to_json() == {"kind": "keep", "dice": [1, 6, 6]}


def test_free_keeps_in_a_range() -> None:
    # Escalero as the book has it: 1 to 4 dice stand, any of them (free)
    book = KeepRules(5, min_keep=1, max_keep=4)
    keeps = legal_keeps((1, 1, 3, 5, 6), book)
    assert () not in keeps and (1, 1, 3, 5, 6) not in keeps and (1,) in keeps and (1, 1, 5, 6) in keeps
    assert keeps == tuple(k for k in sub_multisets((1, 1, 3, 5, 6)) if 1 <= len(k) <= 4)
    # the Würfelspiel: keep anything but all five (max_keep None = all but one)
    assert legal_keeps((2, 2), KeepRules(2)) == ((), (2,))


def test_keeping_none_outside_the_range_and_keep_all_as_the_stop() -> None:
    # Dreimal Pasch: 2 to 5 of six dice stand, or none (a fresh throw); keeping exactly one is not allowed
    pasch = KeepRules(6, min_keep=2, max_keep=5, rethrow_all=True)
    sizes = {len(k) for k in legal_keeps((1, 2, 3, 4, 5, 6), pasch)}
    assert sizes == {0, 2, 3, 4, 5}
    # Sequenzen's variant: rethrow all three or exactly one
    assert {len(k) for k in legal_keeps((1, 2, 4), KeepRules(3, 2, 2, rethrow_all=True))} == {0, 2}
    # a game that stops by keeping all lists the whole throw among the keeps
    assert (1, 2, 4) in legal_keeps((1, 2, 4), KeepRules(3, 0, 2, keep_all_stops=True))


def test_frozen_keeps_stay_standing() -> None:
    chicago = KeepRules(3, min_keep=0, max_keep=2, frozen=True, keep_all_stops=True)
    turn = KeepTurn(limit=3, n=3).thrown((1, 2, 3)).keep((1,), chicago)
    assert turn.frozen == (1,) and turn.to_throw() == 2
    turn = turn.thrown((1, 5))
    keeps = turn.legal_keeps(chicago)
    assert keeps and all(1 in k for k in keeps) and (1, 1) in keeps and (5,) not in keeps
    reason, refusal = turn.refusal((5,), chicago) or ("", None)
    assert reason == "frozen" and "1" in translate(refusal.msgid, "en", **refusal.params)
    # free keeps (Kniffel): the die kept before may go back into the cup
    free = KeepTurn(limit=3, n=3).thrown((1, 2, 3)).keep((1,), KeepRules(3)).thrown((4, 5))
    assert (5,) in free.legal_keeps(KeepRules(3)) and free.frozen == ()


def test_refusals_name_the_reason() -> None:
    rules = KeepRules(5, 1, 4)
    assert keep_refusal((6,), (1, 1, 3, 5, 5), rules)[0] == "not_thrown"  # type: ignore[index]
    reason, exc = keep_refusal((), (1, 1, 3, 5, 5), rules)  # type: ignore[misc]
    assert reason == "size" and exc.params == {"lo": 1, "hi": 4}
    assert keep_refusal((1, 1), (1, 1, 3, 5, 5), rules) is None
    pasch = KeepRules(6, 2, 5, rethrow_all=True)
    assert "or throw all again" in translate(keep_refusal((1,), (1,) * 6, pasch)[1].msgid, "en")  # type: ignore[index]
    with pytest.raises(ValueError):
        KeepRules(5, 3, 2).validate()


def test_a_turn_counts_its_throws_against_the_limit_and_knows_a_fresh_throw() -> None:
    rules = KeepRules(5, 0, 4)
    turn = KeepTurn(limit=3)
    assert turn.throwing and turn.to_throw() == 5 and turn.standing() == ()
    turn = turn.thrown((6, 6, 1, 2, 3))
    assert turn.fresh and turn.throws == 1 and turn.dice == (1, 2, 3, 6, 6) and not turn.throwing
    turn = turn.keep((6, 6), rules)
    assert turn.standing() == (6, 6) and turn.to_throw() == 3
    turn = turn.thrown((6, 6, 5))
    assert not turn.fresh and turn.dice == (5, 6, 6, 6, 6) and turn.throws_left() == 1
    turn = turn.keep((), rules).thrown((1, 2, 3, 4, 5))  # all five again: the hand fell in one throw
    assert turn.fresh and turn.throws == 3 and not turn.may_rethrow() and turn.legal_keeps(rules) == ()
    with pytest.raises(IllegalAction):
        turn.keep((1,), rules)
    assert turn.refusal((1,), rules)[0] == "no_throws"  # type: ignore[index]


def test_the_round_limit_is_set_by_the_first_player() -> None:
    limit = RoundLimit(3)
    assert limit.limit() == 3
    limit = limit.turn_over(2)
    assert limit.limit() == 2 and limit.turn_over(3).limit() == 2  # later turns do not change it
    assert limit.new_round().limit() == 3
    assert RoundLimit(3, inherit=False).turn_over(1).limit() == 3


def test_one_keep_numbering_for_every_dice_count() -> None:
    five = keep_table(5)
    assert len(five) == 462 and five[0] == () and five[1:7] == tuple((f,) for f in range(1, 7))
    assert keep_table(6)[: len(five)] == five  # six dice only append
    assert keep_id((6, 6)) == 7 + 20 and keep_id((6, 6), sides=6) == keep_table(2).index((6, 6))
    for i, k in enumerate(keep_table(6)):
        assert keep_id(k) == i and keep_from_id(i, 6) == k
    # the Würfelspiel's and Escalero's ids of before: all multisets of 0..5 / 0..4 dice by size, then lexicographic
    old = [m for n in range(6) for m in multisets(n)]
    assert list(five) == old
    with pytest.raises(ValueError):
        keep_from_id(462, 5)
    with pytest.raises(ValueError):
        keep_id((7,))


@given(dice_st)
def test_keep_ids_round_trip(dice: tuple[int, ...]) -> None:
    assert keep_from_id(keep_id(dice), len(dice)) == dice


def test_typed_keeps() -> None:
    assert parse_keep("1 5") == Keep((1, 5)) and parse_keep("66") == Keep((6, 6))
    assert parse_keep("behalte 266") == Keep((2, 6, 6)) and parse_keep("k 66") == Keep((6, 6))
    assert parse_keep("alle") == Keep(()) and parse_keep("k") == Keep(())
    assert parse_keep("3 Full House") is None and parse_keep("") is None and parse_keep("chance") is None
    assert parse_keep("A A K", poker=True) == Keep((5, 6, 6))
    assert parse_keep("A A stehen lassen", poker=True) == Keep((6, 6))
    assert parse_keep("B D", poker=True) == Keep((3, 4))  # B is the Bube, not "behalte"
    assert parse_keep("Full hand", poker=True) is None  # a game reads its rows first ("Damen" is also a Dame)


def test_labels_and_the_dice_on_the_table() -> None:
    assert describe_keep((6, 6), 5, "de") == "6 6 stehen lassen, 3 neu werfen"
    assert describe_keep((), 5, "en") == "throw all dice again"  # terminal L10: move labels in one case
    assert describe_keep((6, 6), 5, "en", face="poker").startswith("keep ")
    c = dice_component((2, 5, 5, 6), (5, 6), seat=1)
    assert c.kept == (1, 3) and not c.thrown and c.seat == 1
    assert dice_component((2, 5), None).thrown and KeepTurn(3).thrown((1, 2, 3, 4, 5)).component().thrown
    assert menu_order([(1,), (6, 6), (1, 6), (2, 2)]) == [(6, 6), (1, 6), (2, 2), (1,)]
