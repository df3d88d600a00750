"""Seats in play order (ground rule G4: clockwise, the dice go to the left neighbour).

Seats are numbered 0..n−1 clockwise, so "the left neighbour" of seat i is seat (i+1) mod n. Written once because
every game needs "who is next" and several need "who is next among those still playing" (a finished heart, the
tied players of a throw-off).
"""

from __future__ import annotations

from collections.abc import Iterable


def clockwise(start: int, n: int) -> tuple[int, ...]:
    """All ``n`` seats in turn order beginning with ``start``."""
    return tuple((start + i) % n for i in range(n))


def left_of(seat: int, n: int) -> int:
    """The left neighbour: the next seat clockwise."""
    return (seat + 1) % n


def next_seat(seat: int, n: int, playing: Iterable[int]) -> int | None:
    """The first seat after ``seat`` (clockwise, ``seat`` itself last) that is still ``playing``; None if nobody."""
    still = set(playing)
    for i in range(1, n + 1):
        s = (seat + i) % n
        if s in still:
            return s
    return None


def in_turn_order(seats: Iterable[int], start: int, n: int) -> tuple[int, ...]:
    """``seats`` sorted in turn order from ``start`` (the order the tied players of a throw-off throw in)."""
    return tuple(sorted(set(seats), key=lambda s: (s - start) % n))
