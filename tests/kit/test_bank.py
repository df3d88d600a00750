"""The kit's bank games (spec A "Bank games"): settlement over the ledger, the rotation, sealed stakes and their
visibility, the board on the table — with a Zehnerspiel-shaped toy (spec 19: one field, three dice, below 10 pays
double) that is nothing but a board, a dice count and a verdict."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import ClassVar, Literal

import pytest

from wuerfel.engine.chips import ChipLedger
from wuerfel.engine.components import Phrase, Seats, StakeBoard
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import PUBLIC, SIMULTANEOUS, Action, Amount, Outcome, Roll
from wuerfel.engine.narration import texts
from wuerfel.engine.record import Match
from wuerfel.engine.registry import _REGISTRY, GameInfo, register
from wuerfel.engine.rules import opt
from wuerfel.engine.testing import check_results, random_playthrough
from wuerfel.games.kit import BankGame, BankState, BoardField, BoardSpec, Lot, settle_board
from wuerfel.games.kit.bank_board import BOARD, Done, Rotation, Stake, collect, pay_at_odds, return_standing

GAME_ID = "zehner-toy"
UNDER = 1
"""The toy board's one field: "under 10"."""


@dataclasses.dataclass(frozen=True)
class ToyRules:
    starting_chips: int = opt(10, de="Chips", en="Chips", low=1, high=100)
    max_stake: int = opt(3, de="Größter Einsatz", en="Largest stake", low=1, high=10)
    bank_throws: int = opt(2, de="Würfe je Bank", en="Throws per bank", low=1, high=10)
    bank_rounds: int = opt(1, de="Runden der Bank", en="Rounds of the bank", low=1, high=3)
    first_bank: Literal["first_seat", "lot"] = opt("first_seat", de="Erste Bank", en="First bank")


@dataclasses.dataclass(frozen=True)
class ToyState(BankState):
    board_spec: ClassVar[BoardSpec] = BoardSpec(
        (BoardField(UNDER, "all", Phrase(N_("Chips on the board"))),),
        unknown_field=N_("There is no field {number} on the board (2 to 12)."),
    )

    def dice_count(self) -> int:
        return 3

    def verdict(self, number: int, value: int) -> int | None:
        return 2 if value < 10 else 0

    def hits(self, value: int) -> frozenset[int]:
        return frozenset({UNDER}) if value < 10 else frozenset()


class ToyGame(BankGame):
    id = GAME_ID
    state_class = ToyState


def toy(n: int = 3, **rules: object) -> ToyState:
    state = ToyGame(ToyRules(**rules), n).new_initial_state()  # type: ignore[arg-type]
    assert isinstance(state, ToyState)
    return state


def act(s: ToyState, action: Action, player: int) -> ToyState:
    after = s.apply_action(action, player)
    assert isinstance(after, ToyState)
    return after


def fall(s: ToyState, outcome: Outcome) -> ToyState:
    after = s.apply_outcome(outcome)
    assert isinstance(after, ToyState)
    return after


def roll(total: int) -> Roll:
    a = min(6, total - 2)
    b = min(6, total - 1 - a)
    return Roll(tuple(sorted((a, b, total - a - b))))


def test_settlement_collects_pays_at_odds_and_leaves_standing_stakes() -> None:
    ledger = ChipLedger.start(3, 10).transfers([(1, BOARD, 2), (2, BOARD, 3), (2, BOARD, 1)])
    board = ((1, 7, 2), (2, 4, 3), (2, 9, 1))
    verdicts = {7: None, 4: 3, 9: 0}
    after, stays = settle_board(ledger, board, 0, verdicts.__getitem__)
    assert stays == ((1, 7, 2),) and after.balance(BOARD) == 2
    assert after.players == (10 - 6 + 1, 8, 6 + 9) and after.total() == 30
    assert return_standing(after, stays).players == (5, 10, 15) and return_standing(after, stays).balance(BOARD) == 0
    assert collect(ledger, 0, 2).players == (12, 8, 6)
    assert pay_at_odds(ledger, 0, 2, 3, 6).players == (-5, 8, 6 + 3 + 15)


def test_stakes_are_sealed_bounded_and_one_parameterised_action_per_field() -> None:
    s = toy(3, max_stake=3, starting_chips=4)
    assert s.to_move() == SIMULTANEOUS and s.actors() == (1, 2) and s.banker == 0
    assert s.legal_actions(1) == (Stake(UNDER, Amount(1, 3)), Done())  # type: ignore[arg-type]
    s = act(s, Stake(UNDER, 3), 1)
    assert s.legal_actions(1) == (Stake(UNDER, Amount(1, 1)), Done())  # type: ignore[arg-type]
    for bad in (Stake(UNDER, 2), Stake(5, 1), Stake(UNDER, 4)):
        with pytest.raises(IllegalAction):
            s.apply_action(bad, 1)
    # a punter sees his own sealed stake; the other is not told one was placed; the last "done" uncovers them
    assert s.components(1)[0].fields[0].own == 3 and s.components(2)[0].fields[0].own == 0  # type: ignore[attr-defined]
    assert s.event_view(Stake(UNDER, 1), 1, 1) == PUBLIC and s.event_view(Stake(UNDER, 1), 1, 2).show == "none"
    s = act(s, Done(), 1)
    last = s.event_view(Done(), 2, None)
    assert last.reveals == (s.event_view(Stake(UNDER, 1), 1, 2).secret,)
    s = act(s, Done(), 2)
    assert s.is_chance() and s.thrower() == 0 and s.board == ((1, UNDER, 3),) and s.ledger.balance(BOARD) == 3


def test_the_bank_passes_left_after_its_throws_and_the_game_ends_after_its_rounds() -> None:
    s = toy(3, bank_throws=2, bank_rounds=1)
    bankers = []
    while not s.is_terminal():
        for p in s.actors():
            s = act(s, Stake(UNDER, 1) if p == 1 and s.betting is not None and not s.betting.items(p) else Done(), p)
        if s.is_chance():
            bankers.append(s.banker)
            s = fall(s, roll(8))
    assert bankers == [0, 0, 1, 1, 2, 2] and s.banks_done == 3
    # seat 1 won 1 chip on each of the four throws of the other banks
    assert s.ledger.players == (8, 14, 8) and s.payoffs() == (-2, 4, -2) and s.losers() == (0, 2)
    assert s.describe_outcome(roll(8), "en") == "1 + 1 + 6 = 8"


def test_the_first_bank_by_lot_and_the_words_of_what_a_throw_paid() -> None:
    s = toy(3, first_bank="lot")
    assert s.is_chance() and s.thrower() is None
    assert s.describe_outcome(Lot(2), "de", ["A", "B", "C"]) == "C hat die Bank"
    s = fall(s, Lot(2))
    assert s.banker == 2 and s.actors() == (0, 1)
    s = act(act(act(s, Stake(UNDER, 2), 0), Done(), 0), Done(), 1)
    # the throw's label is its dice; what it moved is announced, the bank named (web U2: "die Bank nimmt 2 ein")
    assert s.describe_outcome(roll(12), "en") == "1 + 5 + 6 = 12"
    said = texts(s.announcements(roll(12), None, s.apply_outcome(roll(12))), "en", ["A", "B", "C"])
    assert said == ["A pays 2 chips to the bank (C)"]
    after = s.apply_outcome(roll(5))
    assert isinstance(after, ToyState) and after.ledger.players == (12, 10, 8)
    board = next(c for c in after.components(None) if isinstance(c, StakeBoard))
    assert board.fields[0].hit


@pytest.fixture
def registered() -> Iterator[None]:
    info = GameInfo(
        id=GAME_ID,
        name_de="Zehner (Test)",
        name_en="Tens (test)",
        options_class=ToyRules,
        make=lambda rules, n: ToyGame(rules, n),
        min_players=2,
        max_players=5,
        default_preset="standard",
        chips=True,
        perfect_information=False,
    )
    register(info)
    yield
    _REGISTRY.pop(info.id, None)


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.usefixtures("registered")
def test_a_bank_game_on_the_kit_passes_the_conformance_checks(n: int) -> None:
    for seed in range(3):
        match = random_playthrough(Match.new(GAME_ID, None, [f"p{i}" for i in range(n)]), seed, chips=True)
        check_results(match.state, chips=True)
        assert isinstance(match.state, ToyState) and match.state.board == () and match.state.banks_done == n


def test_the_rotation_passes_left_after_the_holders_turns_and_ends_after_its_rounds() -> None:
    r = Rotation()
    assert r.others(3) == (1, 2)
    r = r.after_turn(3, 2)
    assert (r.holder, r.turns, r.passed) == (0, 1, 0)
    r = r.after_turn(3, 2)
    assert (r.holder, r.turns, r.passed) == (1, 0, 1) and r.others(3) == (0, 2)
    maker = Rotation(2)  # Craps: the maker passes after every game
    for _ in range(3):
        maker = maker.after_turn(3, 1)
    assert maker.holder == 2 and maker.over(3, 1) and not maker.over(3, 2)
    assert Rotation(2, 1, 0).pass_left(3) == Rotation(0, 0, 1)  # an announced end closes the bank at once


def test_a_bank_throw_and_the_bank_handing_on_are_told_and_no_bank_is_marked_after_the_end() -> None:
    names = ["A", "B", "C"]
    s = toy(3, bank_throws=1)
    s = act(act(act(act(s, Stake(UNDER, 3), 1), Done(), 1), Stake(UNDER, 1), 2), Done(), 2)
    after = fall(s, roll(5))  # under 10: the bank pays both punters double; its one throw is done
    assert texts(s.announcements(roll(5), None, after), "de", names) == [
        "Die Bank (A) nimmt 0 ein und zahlt 4 aus",
        "Die Bank (A) zahlt B 3 Chips",
        "Die Bank (A) zahlt C 1 Chip",
        "A gibt die Bank ab, 4 Chips im Minus",
        "Jetzt hat B die Bank",
    ]
    s = after
    for _ in range(2):  # the two other banks, nobody staking
        s = act(act(s, Done(), s.punters()[0]), Done(), s.punters()[1])
        before, s = s, fall(s, roll(12))
    assert s.is_terminal() and s.banker == 0  # the rotation has come back round to the first seat
    assert texts(before.announcements(roll(12), None, s), "en", names)[-1] == "C hands on the bank, neither up nor down"
    # web B2 / terminal B4: after the last bank nobody is marked as the bank beside the last throw's payouts
    seats = next(c for c in s.components(None) if isinstance(c, Seats))
    assert all(line.role is None for line in seats.seats)
