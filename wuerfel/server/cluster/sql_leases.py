"""Leases of running tables in the database (issue 25 §2): the cluster's :class:`~.leases.Leases`.

In the database rather than in Redis because the fence belongs in the transaction that stores the events: the owner's
:meth:`Store.append` locks the table's lease row and compares its epoch in the same commit, so a paused owner that
wakes after a takeover cannot store a thing, whatever its clock or its connection to Redis says. Every time is taken
from the database's clock (PostgreSQL ``clock_timestamp()``, SQLite ``julianday('now')``), so workers on machines
whose clocks disagree still agree on when a lease expires.

Works on SQLite too (one writer at a time), for tests; a real cluster runs on PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

from wuerfel.server import db
from wuerfel.server.cluster.leases import Lease

if TYPE_CHECKING:
    from wuerfel.server.store import Store

_CHUNK = 400
"""Tables per statement in :meth:`SqlLeases.renew` / :meth:`SqlLeases.expired` (SQLite's bound parameters)."""


class SqlLeases:
    """Leases in ``table_leases``; a takeover is one atomic upsert, so of two workers racing for a table exactly one
    gets it."""

    fenced = True

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine
        if self.engine.dialect.name == "sqlite":
            self._now: Any = sa.literal_column("((julianday('now') - 2440587.5) * 86400.0)")
        else:
            self._now = sa.literal_column("(extract(epoch from clock_timestamp())::float8)")
        now = str(self._now)
        # Insert a new lease, or take the row over when it is ours or expired (released leases have expired);
        # the epoch rises only when the owner changes. A row another worker holds is left alone: no row returned.
        self._acquire = sa.text(
            "INSERT INTO table_leases (table_id, owner, epoch, expires_at) VALUES (:t, :w, 1, " + now + " + :ttl) "
            "ON CONFLICT (table_id) DO UPDATE SET "
            "epoch = CASE WHEN table_leases.owner = excluded.owner THEN table_leases.epoch "
            "ELSE table_leases.epoch + 1 END, "
            "owner = excluded.owner, expires_at = excluded.expires_at "
            "WHERE table_leases.owner = excluded.owner OR table_leases.expires_at <= " + now + " "
            "RETURNING epoch"
        )
        lt = db.table_leases
        # Asked for every table a relayed socket watches, every ``ttl / 6``: built once, not per question (building
        # and compiling it was most of its CPU).
        self._owner = sa.select(lt).where(lt.c.table_id == sa.bindparam("t"), lt.c.expires_at > self._now)

    def acquire(self, table_id: str, worker: str, ttl: float) -> int | None:
        with self.engine.begin() as c:
            row = c.execute(self._acquire, {"t": table_id, "w": worker, "ttl": float(ttl)}).first()
        return None if row is None else int(row.epoch)

    def renew(self, worker: str, held: dict[str, int], ttl: float) -> set[str]:
        lt = db.table_leases
        pairs = list(held.items())
        kept: set[str] = set()
        with self.engine.begin() as c:
            for i in range(0, len(pairs), _CHUNK):
                part = pairs[i : i + _CHUNK]
                rows = c.execute(
                    sa.update(lt)
                    .where(lt.c.owner == worker, sa.tuple_(lt.c.table_id, lt.c.epoch).in_(part))
                    .values(expires_at=self._now + float(ttl))
                    .returning(lt.c.table_id)
                )
                kept.update(r.table_id for r in rows)
        return kept

    def release(self, table_id: str, worker: str, epoch: int) -> None:
        lt = db.table_leases
        with self.engine.begin() as c:
            c.execute(
                sa.update(lt)
                .where(lt.c.table_id == table_id, lt.c.owner == worker, lt.c.epoch == epoch)
                .values(expires_at=0.0)
            )

    def owner(self, table_id: str) -> Lease | None:
        with self.engine.connect() as c:
            row = c.execute(self._owner, {"t": table_id}).first()
        return None if row is None else Lease(row.table_id, row.owner, int(row.epoch), float(row.expires_at))

    def expired(self, table_ids: Iterable[str]) -> list[str]:
        lt = db.table_leases
        ids = list(dict.fromkeys(table_ids))
        live: set[str] = set()
        with self.engine.connect() as c:
            for i in range(0, len(ids), _CHUNK):
                rows = c.execute(
                    sa.select(lt.c.table_id).where(lt.c.table_id.in_(ids[i : i + _CHUNK]), lt.c.expires_at > self._now)
                )
                live.update(r.table_id for r in rows)
        return [t for t in ids if t not in live]

    def clock(self) -> float:
        """The database's time (Unix seconds), the clock every lease is measured by."""
        with self.engine.connect() as c:
            return float(c.execute(sa.select(self._now)).scalar_one())
