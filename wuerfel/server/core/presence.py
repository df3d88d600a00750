"""Who is at a table now: the seats whose person is connected, and the spectators (protocol 3).

Presence is a fact of the connections (who holds a websocket now), never stored: after a restart nobody is
connected until their page reconnects. The shell passes in who is connected; these functions say what the table
shows of it. (With several workers, issue 25 §2, the connections come from every worker; the rules stay these.)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any, Protocol


class Seat(Protocol):
    """What presence reads of a seat (the store's ``SeatRow`` fits)."""

    @property
    def seat(self) -> int: ...

    @property
    def kind(self) -> str: ...

    @property
    def player_id(self) -> int | None: ...


Visitor = tuple[int, str] | None
"""An open connection's person: (player id, name), or None for a visitor without a name."""


def online(seats: Sequence[Seat], present: Collection[int]) -> list[int]:
    """The people's seats whose player (id in ``present``) has an open connection, in seat order. A person holding
    several seats (the host at a hot-seat table) is present in all of them; bots and free seats are never listed
    (a bot needs no connection)."""
    return [s.seat for s in seats if s.kind == "human" and s.player_id in present]


def spectators(seats: Sequence[Seat], visitors: Iterable[Visitor], muted: Collection[int]) -> list[dict[str, Any]]:
    """The people watching now: every open connection without a seat of its player, one entry per named person
    (however many tabs) and one per connection without a name (``name`` null; the pages call it "Zuschauer").
    Named ones first, by name."""
    seated = {s.player_id for s in seats if s.kind == "human"}
    named: dict[int, str] = {}
    anonymous = 0
    for v in visitors:
        if v is None:
            anonymous += 1
        elif v[0] not in seated:
            named[v[0]] = v[1]
    out: list[dict[str, Any]] = [
        {"player_id": pid, "name": name, "muted": pid in muted}
        for pid, name in sorted(named.items(), key=lambda kv: (kv[1].casefold(), kv[0]))
    ]
    out += [{"player_id": None, "name": None, "muted": False}] * anonymous
    return out
