"""Building blocks of the dice games, written once: seats and turn order, the lot for who begins, the void throw of
real dice, the throw-off among tied seats, the keep-and-rethrow turn, the chip ledger, and the bases of pure-chance
games (a game on them is a scoring function plus rules data)."""

from wuerfel.engine.chips import ChipLedger
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
    "ChipLedger",
    "Keep",
    "KeepRules",
    "KeepTurn",
    "Lot",
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
    "start_option",
    "throw_outcomes",
]
