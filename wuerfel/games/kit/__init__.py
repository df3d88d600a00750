"""Building blocks of the dice games, written once: seats and turn order, the lot for who begins, the void throw of
real dice, the throw-off among tied seats, the keep-and-rethrow turn, the chip ledger, the bases of pure-chance
games (a game on them is a scoring function plus rules data), bank games with a stake board, and the raise protocol.

The names are re-exported lazily (module ``__getattr__``): a game that uses one building block (Zehntausend: the void
throw) does not import the others (bank games, betting, keeps …; issue 17: a bot's peak memory).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wuerfel.engine.lazy import LazyExports

if TYPE_CHECKING:
    from wuerfel.engine.chips import ChipLedger
    from wuerfel.games.kit.bank import BankGame, BankState
    from wuerfel.games.kit.bank_board import BoardField, BoardSpec, Rotation, settle_board
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

_EXPORTS: dict[str, str] = {
    **dict.fromkeys(("ChipLedger",), "wuerfel.engine.chips"),
    **dict.fromkeys(("BankGame", "BankState"), "wuerfel.games.kit.bank"),
    **dict.fromkeys(("BoardField", "BoardSpec", "Rotation", "settle_board"), "wuerfel.games.kit.bank_board"),
    **dict.fromkeys(("Betting",), "wuerfel.games.kit.betting"),
    **dict.fromkeys(
        (
            "Keep",
            "KeepRules",
            "KeepTurn",
            "RoundLimit",
            "describe_keep",
            "dice_component",
            "keep_from_id",
            "keep_id",
            "keep_refusal",
            "keep_table",
            "legal_keeps",
            "parse_keep",
        ),
        "wuerfel.games.kit.keeps",
    ),
    **dict.fromkeys(("Lot", "lot_outcomes", "parse_lot"), "wuerfel.games.kit.lot"),
    **dict.fromkeys(("RoundState",), "wuerfel.games.kit.rounds"),
    **dict.fromkeys(("clockwise", "in_turn_order", "left_of", "next_seat"), "wuerfel.games.kit.seats"),
    **dict.fromkeys(
        ("START_NAME", "START_WORDS", "SimpleGame", "SimpleState", "start_option"), "wuerfel.games.kit.simple"
    ),
    **dict.fromkeys(("next_throw_off", "ranking_groups"), "wuerfel.games.kit.throwoff"),
    **dict.fromkeys(("Void", "parse_throw", "throw_outcomes"), "wuerfel.games.kit.void"),
}
"""Re-exported name → the module that defines it."""


_EAGER_SUBMODULES = frozenset(
    {"bank", "betting", "chip_results", "keeps", "lot", "rounds", "seats", "simple", "throwoff", "void"}
)
"""Submodules this package imported eagerly before its names became lazy: still reachable as its attributes."""


_LAZY = LazyExports(__name__, _EXPORTS, _EAGER_SUBMODULES)


def __getattr__(name: str) -> Any:
    return _LAZY.get(name)


def __dir__() -> list[str]:
    return _LAZY.names()


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
