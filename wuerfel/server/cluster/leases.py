"""Ownership of running tables: exactly one worker at a time runs a table's :class:`LiveTable`.

A lease names its owner (a worker id, unique per process start) and carries an **epoch** that rises by one every time
the table changes hands. The owner stores its events under that epoch, in the same transaction that checks it
(:meth:`Store.append`'s ``fences``): a worker that was paused past its lease and wakes up after another took the table
finds its epoch outdated, and the database refuses everything it tries to store. A lease that is not renewed within
its ``ttl`` expires, and any worker may take the table (failover).

The single process of the embedded default uses :class:`LocalLeases`: it owns every table, always, under epoch 1,
and its writes are not fenced (nobody else can write).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import NamedTuple, Protocol


class Lease(NamedTuple):
    table_id: str
    owner: str
    epoch: int
    expires_at: float
    """Unix time (the database's clock for :class:`SqlLeases`)."""


class Leases(Protocol):
    """Who owns which running table. Every method is blocking (call it in a thread from the event loop)."""

    fenced: bool
    """Whether writes must carry the epoch (False for the single process: nobody else writes)."""

    def acquire(self, table_id: str, worker: str, ttl: float) -> int | None:
        """Own ``table_id`` for ``ttl`` seconds from now: the epoch under which ``worker`` now owns it, or None when
        another worker holds a lease that has not expired. Renews a lease ``worker`` already holds (same epoch);
        taking over an expired or released lease raises the epoch by one."""

    def renew(self, worker: str, held: dict[str, int], ttl: float) -> set[str]:
        """Extend every lease of ``held`` (table id → epoch) that ``worker`` still holds under that epoch; returns the
        table ids that were extended. A table missing from the answer was lost (taken over): stop running it."""

    def release(self, table_id: str, worker: str, epoch: int) -> None:
        """Give the table up at once (a deploy's handover): the next worker takes it without waiting for expiry."""

    def owner(self, table_id: str) -> Lease | None:
        """The lease in force (None when there is none or it expired)."""

    def expired(self, table_ids: Iterable[str]) -> list[str]:
        """Of ``table_ids``, those nobody holds a lease in force on (for the sweep that takes over orphaned
        tables)."""


class LocalLeases:
    """The single process's leases: it owns everything (epoch 1), and its writes need no fence."""

    fenced = False

    def __init__(self) -> None:
        self._held: dict[str, Lease] = {}

    def acquire(self, table_id: str, worker: str, ttl: float) -> int | None:
        old = self._held.get(table_id)
        if old is not None and old.owner != worker and old.expires_at > time.time():
            return None
        epoch = old.epoch if old is not None and old.owner == worker else (old.epoch + 1 if old else 1)
        self._held[table_id] = Lease(table_id, worker, epoch, time.time() + ttl)
        return epoch

    def renew(self, worker: str, held: dict[str, int], ttl: float) -> set[str]:
        kept = set()
        for table_id, epoch in held.items():
            old = self._held.get(table_id)
            if old is not None and old.owner == worker and old.epoch == epoch:
                self._held[table_id] = old._replace(expires_at=time.time() + ttl)
                kept.add(table_id)
        return kept

    def release(self, table_id: str, worker: str, epoch: int) -> None:
        old = self._held.get(table_id)
        if old is not None and old.owner == worker and old.epoch == epoch:
            self._held[table_id] = old._replace(expires_at=0.0)

    def owner(self, table_id: str) -> Lease | None:
        lease = self._held.get(table_id)
        return lease if lease is not None and lease.expires_at > time.time() else None

    def expired(self, table_ids: Iterable[str]) -> list[str]:
        return [t for t in table_ids if self.owner(t) is None]
