"""Game-agnostic core: states with explicit chance nodes, typed actions, rules as data, records, dice sources."""

from wuerfel.engine.dice import Dice, multisets, roll_distribution
from wuerfel.engine.errors import N_, IllegalAction, RecordError, RuleError, WuerfelError
from wuerfel.engine.game import CHANCE, SIMULTANEOUS, TERMINAL, Action, Game, Outcome, Roll, State
from wuerfel.engine.record import Event, GameRecord, Match
from wuerfel.engine.registry import GameInfo, all_games, get_game, register
from wuerfel.engine.sources import DiceSource, ManualSource, SeededSource, SystemSource

__all__ = [
    "CHANCE",
    "N_",
    "SIMULTANEOUS",
    "TERMINAL",
    "Action",
    "Dice",
    "DiceSource",
    "Event",
    "Game",
    "GameInfo",
    "GameRecord",
    "IllegalAction",
    "ManualSource",
    "Match",
    "Outcome",
    "RecordError",
    "Roll",
    "RuleError",
    "SeededSource",
    "State",
    "SystemSource",
    "WuerfelError",
    "all_games",
    "get_game",
    "multisets",
    "register",
    "roll_distribution",
]
