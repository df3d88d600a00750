"""The server's ratings: the pure rating code lives in :mod:`wuerfel.engine.ratings`, so ``wuerfel ladder`` rates
bots with exactly the leaderboards' code without importing the server (issue 27 §4). This module keeps the
server's imports (``from wuerfel.server import ratings as rt``) working."""

from __future__ import annotations

from wuerfel.engine.ratings import (
    SEAT_SIGMA,
    Rating,
    bot_identity,
    initial,
    model,
    places_of,
    player_identity,
    seat_identity,
    update,
)

__all__ = [
    "SEAT_SIGMA",
    "Rating",
    "bot_identity",
    "initial",
    "model",
    "places_of",
    "player_identity",
    "seat_identity",
    "update",
]
