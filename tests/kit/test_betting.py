"""The kit's raise protocol (spec 27, also 23's variant and 30): raise once after one's throws, the others call or
pass clockwise from the raiser's left, one player left takes the pot; chips only move through the ledger."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.kit.betting_game import GAME_ID, HighThrowState, high_throw_info
from wuerfel.engine.chips import ChipLedger
from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import Amount, Roll
from wuerfel.engine.record import Match
from wuerfel.engine.registry import _REGISTRY, register
from wuerfel.engine.testing import check_results, random_playthrough
from wuerfel.games.kit.betting import (
    POT,
    Betting,
    Call,
    Check,
    Fold,
    Raise,
    betting_action_from_id,
    betting_action_id,
    describe_betting_action,
)


def opened(n: int = 4, chips: int = 10, m: int = 1, top: int = 6) -> tuple[Betting, ChipLedger]:
    return Betting.open(ChipLedger.start(n, chips), m, top)


def test_everybody_pays_the_minimum_into_the_pot() -> None:
    b, ledger = opened()
    assert ledger.players == (9, 9, 9, 9) and ledger.pot == 4 and b.level == 1 and b.paid == (1, 1, 1, 1)
    assert b.to_act() is None and not b.pending
    with pytest.raises(ValueError):
        Betting.open(ChipLedger.start(2, 5), 3, 2)


def test_only_the_player_who_has_just_finished_may_raise_once_within_the_limits() -> None:
    b, ledger = opened()
    b = b.offer(1)
    assert b.to_act() == 1 and b.legal_actions(1) == (Raise(Amount(2, 6)), Check())  # type: ignore[arg-type]
    assert b.legal_actions(0) == () and b.legal_actions(2) == ()
    for bad in (Raise(1), Raise(7), Call()):
        assert not b.is_legal(bad, 1)
        with pytest.raises(IllegalAction):
            b.apply(bad, 1, ledger)
    with pytest.raises(IllegalAction):
        b.apply(Raise(3), 2, ledger)
    checked, same = b.apply(Check(), 1, ledger)
    assert checked.to_act() is None and same == ledger and checked.level == 1
    with pytest.raises(ValueError):  # a new offer only when nothing is due
        b.offer(2)


def test_after_a_raise_the_others_answer_clockwise_from_the_raisers_left_and_a_pass_forfeits() -> None:
    b, ledger = opened()
    b, ledger = b.offer(2).apply(Raise(4), 2, ledger)
    assert ledger.players == (9, 9, 6, 9) and ledger.pot == 7 and b.level == 4 and b.raiser == 2
    assert b.answering == (3, 0, 1) and b.legal_actions(3) == (Call(), Fold())
    assert b.legal_actions(2) == ()  # no re-raise while the others answer
    b, ledger = b.apply(Call(), 3, ledger)
    assert ledger.players == (9, 9, 6, 6) and b.to_act() == 0
    b, ledger = b.apply(Fold(), 0, ledger)
    assert ledger.players == (9, 9, 6, 6) and b.folded == {0} and b.to_act() == 1
    b, ledger = b.apply(Call(), 1, ledger)
    assert b.to_act() is None and b.raiser is None and ledger.pot == 1 + 3 * 4 and ledger.total() == 40
    assert b.in_play() == (1, 2, 3) and b.sole_survivor() is None
    # a seat that passed gets no offer and cannot win; the pot is shared, odd chips stay in it
    assert b.offer(0).to_act() is None
    with pytest.raises(ValueError):
        b.award(ledger, (0,))
    shared = b.award(ledger, (1, 2))
    assert shared.players == (9, 12, 12, 6) and shared.pot == 1


def test_when_all_others_pass_the_raiser_is_left_alone_and_nothing_more_is_due() -> None:
    b, ledger = opened(n=3)
    b, ledger = b.offer(0).apply(Raise(2), 0, ledger)
    b, ledger = b.apply(Fold(), 1, ledger)
    b, ledger = b.apply(Fold(), 2, ledger)
    assert b.sole_survivor() == 0 and b.to_act() is None
    assert b.offer(0).to_act() is None
    assert b.award(ledger, (0,)).players == (12, 9, 9)  # his 2 back and the others' antes


def test_a_call_is_never_refused_for_want_of_chips_and_the_maximum_ends_raising() -> None:
    b, ledger = opened(n=2, chips=2, m=1, top=5)
    b, ledger = b.offer(0).apply(Raise(5), 0, ledger)
    b, ledger = b.apply(Call(), 1, ledger)
    assert ledger.players == (-3, -3) and ledger.balance(POT) == 10
    assert b.offer(1).to_act() is None  # the level is at the maximum: nothing left to raise


def test_ids_and_words_of_the_betting_actions() -> None:
    for action in (Check(), Call(), Fold(), Raise(0), Raise(6)):
        assert betting_action_from_id(betting_action_id(action, 6)) == action
    assert describe_betting_action(Raise(4), "de") == "erhöhen auf 4 Chips"
    assert describe_betting_action(Fold(), "en") == "pass (out)"
    assert describe_betting_action(Roll((1,)), "de") is None  # type: ignore[arg-type]


@pytest.fixture
def registered() -> Iterator[None]:
    info = high_throw_info()
    register(info)
    yield
    _REGISTRY.pop(info.id, None)


@pytest.mark.parametrize("n", [2, 3, 5])
@pytest.mark.usefixtures("registered")
def test_a_game_on_the_protocol_passes_the_conformance_checks(n: int) -> None:
    folds = raises = 0
    for seed in range(12):
        match = random_playthrough(Match.new(GAME_ID, None, [f"p{i}" for i in range(n)]), seed, chips=True)
        check_results(match.state, chips=True)
        assert isinstance(match.state, HighThrowState)
        assert match.state.ledger.pot == 0 and sum(match.state.payoffs()) == 0
        kinds = [ev.data["kind"] for ev in match.record.events if ev.type == "action"]
        folds += "fold" in kinds
        raises += "raise" in kinds
    assert folds and raises  # the random games went through both branches of the protocol


def test_the_table_shows_the_pot_and_the_level() -> None:
    b, ledger = opened(n=2, chips=5, m=1, top=3)
    b, ledger = b.offer(0).apply(Raise(3), 0, ledger)
    level, chips = b.components(ledger)
    # the pot alone: each seat's chips are its score on the seats component (web U4: listed once)
    assert chips.seats == () and chips.pot == 4  # type: ignore[attr-defined]
    assert level.value == 3 and level.target == 3  # type: ignore[attr-defined]


def test_the_stake_counter_says_what_its_two_numbers_are() -> None:
    """Web L7: "1 / 1 EINSATZHÖHE" — the level and the maximum, now named both."""
    from wuerfel.engine.components import Counter, resolve
    from wuerfel.games.kit.betting import Betting

    betting, ledger = Betting.open(ChipLedger.start(2, 10), 1, 1)
    counter = next(c for c in betting.components(ledger) if isinstance(c, Counter))
    assert (counter.value, counter.target) == (1, 1)
    assert resolve(counter.label, "de") == "Einsatz je Spieler / höchstens"
