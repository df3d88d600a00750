"""Building blocks of the dice games, written once: seats and turn order, the lot for who begins, the void throw of
real dice, the throw-off among tied seats, the keep-and-rethrow turn, the chip ledger, the bases of pure-chance
games (a game on them is a scoring function plus rules data), bank games with a stake board, and the raise protocol."""

from wuerfel.engine.chips import ChipLedger
from wuerfel.games.kit.bank import BankGame, BankState, BoardField, BoardSpec, Rotation, settle_board
from wuerfel.games.kit.betting import Betting
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
    parse_keep,
)
from wuerfel.games.kit.lot import Lot, lot_outcomes, parse_lot
from wuerfel.games.kit.rounds import RoundState
from wuerfel.games.kit.seats import clockwise, in_turn_order, left_of, next_seat
from wuerfel.games.kit.simple import START_NAME, START_WORDS, SimpleGame, SimpleState, start_option
from wuerfel.games.kit.throwoff import next_throw_off, ranking_groups
from wuerfel.games.kit.void import Void, parse_throw, throw_outcomes

__all__ = [
    "START_NAME",
    "START_WORDS",
    "BankGame",
    "BankState",
    "Betting",
    "BoardField",
    "BoardSpec",
    "ChipLedger",
    "Keep",
    "KeepRules",
    "KeepTurn",
    "Lot",
    "Rotation",
    "RoundLimit",
    "RoundState",
    "SimpleGame",
    "SimpleState",
    "Void",
    "clockwise",
    "describe_keep",
    "dice_component",
    "in_turn_order",
    "keep_from_id",
    "keep_id",
    "keep_refusal",
    "keep_table",
    "left_of",
    "legal_keeps",
    "lot_outcomes",
    "next_seat",
    "next_throw_off",
    "parse_keep",
    "parse_lot",
    "parse_throw",
    "ranking_groups",
    "settle_board",
    "start_option",
    "throw_outcomes",
]
