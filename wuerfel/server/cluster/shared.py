"""Small facts every worker must see alike, each with a lifetime: counters in a time window (login attempts, rate
limits, tables per address), flags (a session revoked at logout), locks (one background build per rule set in the
whole cluster), and gauges (open websockets and builds per address: each worker's part, summed).
:class:`LocalShared` keeps them in the process (the embedded default); the cluster keeps them in Redis (``.redis``),
where they expire by themselves.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any, Protocol


class SharedUnavailable(ConnectionError):
    """The shared facts cannot be reached (Redis is away). A caller guarding a limit decides whether to fail open or
    closed; the store behind reconnects by itself."""


class Shared(Protocol):
    """Every method is blocking and fast (one round trip); call it in a thread from the event loop, or directly where
    a few hundred microseconds do not matter."""

    def incr(self, key: str, window: float, by: int = 1) -> int:
        """Add ``by`` to the counter ``key`` and return its new value; the counter starts at 0 again ``window``
        seconds after it was first raised."""

    def get_count(self, key: str) -> int: ...

    def set_flag(self, key: str, ttl: float) -> None: ...

    def has_flag(self, key: str) -> bool: ...

    def lock(self, key: str, owner: str, ttl: float) -> bool:
        """Take the lock ``key`` for ``ttl`` seconds (True), or say that another owner holds it (False)."""

    def unlock(self, key: str, owner: str) -> None: ...

    def gauge(self, key: str, member: str, by: int, ttl: float) -> int:
        """Add ``by`` to ``member``'s part of the gauge ``key`` and return the sum of every part still alive. A part
        lives ``ttl`` seconds after its last change or :meth:`set_gauge` (its worker's keeper re-states it), so
        the part of a worker that died is dropped by itself; a part at 0 or below is removed."""

    def set_gauge(self, key: str, member: str, value: int, ttl: float) -> None:
        """State ``member``'s part of ``key`` (the keeper's refresh: what this worker counts itself)."""


class LocalShared:
    """The facts in this process's memory. Thread-safe (the background builds count from their own threads); an
    expired entry is forgotten in a sweep whenever a table has doubled since the last one, so a flood of distinct
    keys (a login name per guess) costs memory only for as long as its windows last."""

    SWEEP_FROM = 1024
    """Entries a table may hold before its first sweep."""

    def __init__(self) -> None:
        self._mutex = threading.Lock()
        self._counts: dict[str, tuple[int, float]] = {}
        self._flags: dict[str, float] = {}
        self._locks: dict[str, tuple[str, float]] = {}
        self._gauges: dict[str, dict[str, tuple[int, float]]] = {}
        self._sweep_at = {"counts": self.SWEEP_FROM, "flags": self.SWEEP_FROM, "locks": self.SWEEP_FROM}

    def _sweep(self, name: str, table: dict[str, Any], until: Callable[[Any], float], now: float) -> None:
        """Drop ``table``'s expired entries once it has grown past its mark (the mutex is held)."""
        if len(table) < self._sweep_at[name]:
            return
        for key in [k for k, v in table.items() if until(v) <= now]:
            del table[key]
        self._sweep_at[name] = max(self.SWEEP_FROM, 2 * len(table))

    def incr(self, key: str, window: float, by: int = 1) -> int:
        now = time.monotonic()
        with self._mutex:
            n, until = self._counts.get(key, (0, now + window))
            if until <= now:
                n, until = 0, now + window
            self._counts[key] = (n + by, until)
            self._sweep("counts", self._counts, lambda v: v[1], now)
            return n + by

    def get_count(self, key: str) -> int:
        n, until = self._counts.get(key, (0, 0.0))
        return n if until > time.monotonic() else 0

    def set_flag(self, key: str, ttl: float) -> None:
        now = time.monotonic()
        with self._mutex:
            self._flags[key] = now + ttl
            self._sweep("flags", self._flags, lambda v: v, now)

    def has_flag(self, key: str) -> bool:
        return self._flags.get(key, 0.0) > time.monotonic()

    def lock(self, key: str, owner: str, ttl: float) -> bool:
        now = time.monotonic()
        with self._mutex:
            held = self._locks.get(key)
            if held is not None and held[0] != owner and held[1] > now:
                return False
            self._locks[key] = (owner, now + ttl)
            self._sweep("locks", self._locks, lambda v: v[1], now)
            return True

    def unlock(self, key: str, owner: str) -> None:
        with self._mutex:
            held = self._locks.get(key)
            if held is not None and held[0] == owner:
                del self._locks[key]

    def _gauge(self, key: str, member: str, value: int | None, by: int, ttl: float) -> int:
        now = time.monotonic()
        with self._mutex:
            parts = {m: p for m, p in self._gauges.get(key, {}).items() if p[1] > now}
            n = (parts[member][0] if member in parts else 0) + by if value is None else value
            if n > 0:
                parts[member] = (n, now + ttl)
            else:
                parts.pop(member, None)
            if parts:
                self._gauges[key] = parts
            else:
                self._gauges.pop(key, None)
            return sum(p[0] for p in parts.values())

    def gauge(self, key: str, member: str, by: int, ttl: float) -> int:
        return self._gauge(key, member, None, by, ttl)

    def set_gauge(self, key: str, member: str, value: int, ttl: float) -> None:
        self._gauge(key, member, value, 0, ttl)
