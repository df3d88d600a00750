"""How often a spectator hears of a table (issue 24, L6).

A hundred spectators at a table used to cost the players there a tenth of their moves per second: every move was a
message per spectator, at once. People without a seat only watch; they lose nothing if two quick moves reach them
in one message a fraction of a second later (a state message carries every event since the reader's last one, as a
reconnect does). So a spectator gets at most one state message per :attr:`SpectatorPacer.interval`; what happens
meanwhile waits for the next one, and one timer per table sends everything that waited. Players are never paced.

The pacer holds no I/O: it is told the time, says whom to send to now and when the next delivery is due, and the
table (which owns the timer) asks it again then.
"""

from __future__ import annotations

from collections.abc import Hashable

SPECTATOR_INTERVAL = 0.25
"""Seconds between two state messages to one spectator (4 a second: a tumble of the dice takes longer)."""


class SpectatorPacer:
    """When each spectator of one table may hear of it next, and who waits for a message.

    A connection is any hashable handle; a waiting one keeps the newest note it was to read (a note says what
    happened to a seat — the clock, a stand-in — and a later one supersedes an earlier for a reader who sees both
    moments at once)."""

    def __init__(self, interval: float = SPECTATOR_INTERVAL) -> None:
        self.interval = interval
        self._next: dict[Hashable, float] = {}
        self._waiting: dict[Hashable, str | None] = {}

    def defer(self, conn: Hashable, note: str | None, now: float) -> bool:
        """True when ``conn`` must wait (its message goes out at :meth:`due`); False when it may be sent now, which
        starts its next interval."""
        if self.interval <= 0:
            return False
        if conn in self._waiting:
            if note is not None:
                self._waiting[conn] = note
            return True
        if now >= self._next.get(conn, 0.0):
            self._next[conn] = now + self.interval
            return False
        self._waiting[conn] = note
        return True

    def due(self) -> float | None:
        """When the earliest waiting spectator may be sent to (None: nobody waits)."""
        return min((self._next[c] for c in self._waiting), default=None)

    def take(self, now: float) -> list[tuple[Hashable, str | None]]:
        """The waiting spectators whose time has come, with their notes; each starts a new interval."""
        ready = [(c, n) for c, n in self._waiting.items() if self._next[c] <= now]
        for c, _ in ready:
            del self._waiting[c]
            self._next[c] = now + self.interval
        return ready

    def forget(self, conn: Hashable) -> None:
        """``conn`` left (or took a seat: players are not paced)."""
        self._next.pop(conn, None)
        self._waiting.pop(conn, None)

    @property
    def waiting(self) -> int:
        return len(self._waiting)
