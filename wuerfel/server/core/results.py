"""A table's result as every client is told it: the engine's at the end, or the table's after a resignation."""

from __future__ import annotations

from typing import Any

from wuerfel.engine.game import State


def result_json(
    state: State | None, resigned: int | None = None, seats: int = 0, ended_by: str | None = None
) -> dict[str, Any]:
    """The result as the engine states it, for every client to draw the same way (no client works a ranking out of
    a view): the score direction always, and at the end the ranking best first (tied seats grouped), the winners,
    the losers and the net chips per seat (``None`` for a game without chips). ``ended_by`` (protocol 6) says
    why a game ended early: ``resigned``, ``timeout`` (the seat forfeited on time) or ``abandoned`` (its guest
    logged out); a forfeit is scored like a resignation.

    A game ended by a resignation (``resigned``: the seat that gave up, of ``seats``) is no finished game of the
    engine's, whose scores rank nobody yet: the seat that resigned is the loser and last, every other seat shares
    the win (one group), and no chips are settled. ``resigned`` says who gave up (None: nobody did)."""
    if state is None:
        return {
            "lower_is_better": False,
            "ranking": [],
            "winners": [],
            "losers": [],
            "payoffs": None,
            "resigned": None,
            "ended_by": None,
        }
    if resigned is not None:
        others = [s for s in range(seats) if s != resigned]
        # Alone at the table (a solo game) there is nobody to share the win: the ranking is the lost seat alone.
        ranking = [others, [resigned]] if others else [[resigned]]
        return {
            "lower_is_better": state.lower_is_better(),
            "ranking": ranking,
            "winners": others,
            "losers": [resigned],
            "payoffs": None,
            "resigned": resigned,
            "ended_by": ended_by or "resigned",
        }
    over = state.is_terminal()
    payoffs = state.payoffs() if over else None
    return {
        "lower_is_better": state.lower_is_better(),
        "ranking": [list(g) for g in state.ranking()] if over else [],
        "winners": list(state.winners()) if over else [],
        "losers": list(state.losers()) if over else [],
        "payoffs": list(payoffs) if payoffs is not None else None,
        "resigned": None,
        "ended_by": None,
    }
