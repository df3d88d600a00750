"""What a game's own exact two-player solver returns (``GameInfo.two_player_solver``), so ``wuerfel solve GAME
--players 2`` prints it like the generic exact solver's answer."""

from __future__ import annotations

import dataclasses
from typing import Any


@dataclasses.dataclass(frozen=True)
class TwoPlayerResult:
    """A game's own exact two-player solution, for ``wuerfel solve GAME --players 2`` where the generic exact solver
    does not fit (its positions tell apart what the game's own tables need not). JSON: the generic solver's keys
    (``game``, ``rules``, ``players``, ``objective`` "win", ``value`` = seat 1's chance, ``seats`` [{win, lose}],
    ``seconds``, ``states``, ``decisions``, ``largest_cycle``) so that a reader treats both alike; ``exact`` is
    null — the values are the optimal play's chances computed in floating point, not fractions — and ``method``
    says which tables computed them, ``first_player_wins`` the chance of whoever begins (with the lot each seat
    begins half the time, so a symmetric game gives 1/2 each)."""

    game: str
    rules: str
    seat_wins: tuple[float, float]
    first_player_wins: float
    seconds: float
    states: int
    method: str
    """In English, what was solved and how (shown by the text output too)."""

    @property
    def value(self) -> float:
        return self.seat_wins[0]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rules": self.rules,
            "players": 2,
            "objective": "win",
            "value": self.value,
            "seats": [{"win": w, "lose": 1.0 - w} for w in self.seat_wins],
            "seconds": self.seconds,
            "exact": None,
            "states": self.states,
            "decisions": None,
            "largest_cycle": None,
            "first_player_wins": self.first_player_wins,
            "method": self.method,
        }


def seat_chances(first_wins: float, start: str) -> tuple[float, float]:
    """Each seat's chance from the first player's: seat 1 begins (``start = "first_seat"``) or the lot decides
    (each seat begins half the time)."""
    if start == "first_seat":
        return (first_wins, 1.0 - first_wins)
    return (0.5, 0.5)
