"""Engine additions made for the Hasard games: chip ledger, sealed simultaneous rounds, clocks, poker-dice faces."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.engine.toy_game import PigRules, pig_info
from wuerfel.engine.chips import ChipLedger
from wuerfel.engine.clocks import Pass, expire
from wuerfel.engine.dice import POKER_FACES
from wuerfel.engine.pokerdice import face_plural, format_dice, parse_poker_dice, short
from wuerfel.engine.simultaneous import SealedRound

ACCOUNTS = st.one_of(st.integers(0, 3), st.sampled_from(["pot", "bank", "board"]))


@given(st.lists(st.tuples(ACCOUNTS, ACCOUNTS, st.integers(0, 50)), max_size=30))
def test_ledger_conserves_chips_and_allows_debt(moves: list[tuple[object, object, int]]) -> None:
    ledger = ChipLedger.start(4, 10, {"bank": 5})
    for s, t, a in moves:
        ledger = ledger.transfer(s, t, a)  # type: ignore[arg-type]
    assert ledger.total() == 45
    assert all(v != 0 for _, v in ledger.pools)  # empty pools are dropped, so equal ledgers compare equal


def test_ledger_operations() -> None:
    led = ChipLedger.start(3, 10)
    led = led.transfers([(0, "pot", 1), (1, "pot", 1), (2, "pot", 1)])
    assert led.pot == 3 and led.players == (9, 9, 9)
    doubled = led.transfer(1, "pot", led.pot)
    assert doubled.pot == 6 and doubled.players[1] == 6
    split = doubled.transfer(0, "pot", 1).split_pool("pot", (0, 2))
    assert split.players == (8 + 3, 6, 9 + 3) and split.pot == 1  # the odd chip stays in the pot
    won = split.empty_pool("pot", 1)
    assert won.pot == 0 and won.players[1] == 7 and won.to_json() == {"players": [11, 7, 12], "pools": {}}
    debt = ChipLedger.start(2, 0).transfer(0, 1, 5)
    assert debt.players == (-5, 5)
    for bad in (-1, 1.5, True):
        with pytest.raises(ValueError):
            led.transfer(0, 1, bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        led.transfer(7, 1, 1)
    assert led.transfer(0, 0, 5) is led


def test_sealed_round_hides_commitments_until_complete() -> None:
    r = SealedRound.open([1, 2, 3])
    assert r.actors() == (1, 2, 3) and not r.complete
    r = r.commit(2, ("7", 3)).commit(2, ("4", 1)).finish(2)
    assert r.actors() == (1, 3)
    assert r.view(2) == {"deciding": [1, 3], "mine": [("7", 3), ("4", 1)]}
    assert r.view(1) == {"deciding": [1, 3], "mine": []}
    assert r.view(None) == {"deciding": [1, 3]}
    with pytest.raises(ValueError):
        r.commit(2, ("5", 1))
    with pytest.raises(ValueError):
        r.finish(2)
    r = r.finish(1).finish(3)
    assert r.complete and r.view(1)["committed"] == {"2": [("7", 3), ("4", 1)]}
    assert r.replace_items(2, ()).items(2) == ()


def test_states_have_no_deadline_by_default_and_expire_is_a_no_op() -> None:
    state = pig_info().make(PigRules(), 2).new_initial_state()
    assert state.deadline() is None
    assert expire(state) == (state, [])
    assert Pass().to_json() == {"kind": "pass"}


def test_poker_faces() -> None:
    assert POKER_FACES == ("Neun", "Zehn", "Bube", "Dame", "König", "As")
    assert [short(f) for f in range(1, 7)] == ["9", "10", "B", "D", "K", "A"]
    assert face_plural(6) == "Asse" and face_plural(6, "en") == "aces"
    assert parse_poker_dice(format_dice((1, 2, 3, 4, 5, 6))) == (1, 2, 3, 4, 5, 6)
    assert parse_poker_dice(format_dice((1, 2, 3, 4, 6), "en")) == (1, 2, 3, 4, 6)
