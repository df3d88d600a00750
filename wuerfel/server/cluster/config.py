"""Which implementations of the cluster's interfaces a worker uses (issue 25 §2).

Without Redis the server is the single process it always was: :class:`LocalLeases`, :class:`LocalBus`,
:class:`LocalShared`, on SQLite by default. With ``--redis`` it is one worker of a cluster: leases in the database
(:class:`SqlLeases`, so its writes are fenced in their own transactions), the bus and the shared facts in Redis.
A cluster needs PostgreSQL: SQLite is one file on one machine, with one writer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from wuerfel.server import db
from wuerfel.server.cluster.bus import Bus, LocalBus
from wuerfel.server.cluster.leases import Leases, LocalLeases
from wuerfel.server.cluster.shared import LocalShared, Shared

if TYPE_CHECKING:
    from wuerfel.server.store import Store

DEFAULT_PREFIX = "wuerfel:"
"""Prefix of every Redis key and channel of the platform (two platforms on one Redis: another db index, or another
prefix)."""

REDIS_SCHEMES = ("redis://", "rediss://", "unix://")


class ClusterConfigError(ValueError):
    """A combination of ``--db`` and ``--redis`` that cannot work; the message says what to pass instead."""


class Cluster(NamedTuple):
    leases: Leases
    bus: Bus
    shared: Shared


def make_cluster(
    db_url: str | None, redis_url: str | None, worker_id: str, store: Store | None = None, prefix: str = DEFAULT_PREFIX
) -> Cluster:
    """The (leases, bus, shared) of this worker.

    ``store``: the worker's store on ``db_url`` (its engine is shared by the leases); opened here when not given.
    Nothing connects to Redis here: the bus connects on its first subscription, the shared facts on first use, so a
    worker starts while Redis is briefly away and catches up when it returns.
    """
    if not redis_url:
        return Cluster(LocalLeases(), LocalBus(), LocalShared())
    if not redis_url.startswith(REDIS_SCHEMES):
        raise ClusterConfigError(f"--redis {redis_url!r}: expected a URL like redis://HOST:6379/0")
    url = db.normalize_url(db_url)
    if not url.startswith("postgresql"):
        raise ClusterConfigError(
            f"--redis needs --db postgresql://…: a cluster of workers shares one PostgreSQL database, and "
            f"{'the default SQLite database' if not db_url else repr(db_url)} is a single file with one writer. "
            "Without --redis the server runs as one process on SQLite."
        )
    if not worker_id:
        raise ClusterConfigError("a worker of a cluster needs an id of its own")
    from wuerfel.server.cluster.redis_bus import RedisBus
    from wuerfel.server.cluster.redis_shared import RedisShared
    from wuerfel.server.cluster.sql_leases import SqlLeases
    from wuerfel.server.store import Store

    return Cluster(
        SqlLeases(store if store is not None else Store.open(url)),
        RedisBus(redis_url, prefix, worker=worker_id),
        RedisShared(redis_url, prefix),
    )
