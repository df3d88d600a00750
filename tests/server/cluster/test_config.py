"""A worker's choice of cluster parts: the single process without Redis, PostgreSQL + Redis with it, and a clear
refusal of Redis with SQLite."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.server.cluster.services import fresh_pg_database, fresh_redis
from tests.server.loops import run_loop
from wuerfel.server.cluster.bus import LocalBus
from wuerfel.server.cluster.config import ClusterConfigError, make_cluster
from wuerfel.server.cluster.leases import LocalLeases
from wuerfel.server.cluster.redis_bus import RedisBus
from wuerfel.server.cluster.redis_shared import RedisShared
from wuerfel.server.cluster.shared import LocalShared
from wuerfel.server.cluster.sql_leases import SqlLeases
from wuerfel.server.store import Store


def test_without_redis_the_single_process(tmp_path: Path) -> None:
    for url in (None, f"sqlite:///{tmp_path / 'x.db'}", "postgresql://postgres@127.0.0.1/nowhere"):
        leases, bus, shared = make_cluster(url, None, "w1")
        assert isinstance(leases, LocalLeases) and not leases.fenced
        assert isinstance(bus, LocalBus) and isinstance(shared, LocalShared)


@pytest.mark.parametrize("db_url", [None, "sqlite:///x.db", "data/wuerfel.db"])
def test_redis_with_sqlite_is_refused(db_url: str | None) -> None:
    with pytest.raises(ClusterConfigError, match="PostgreSQL"):
        make_cluster(db_url, "redis://127.0.0.1:6379/0", "w1")


def test_a_redis_url_must_look_like_one() -> None:
    with pytest.raises(ClusterConfigError, match="redis://"):
        make_cluster("postgresql://postgres@127.0.0.1/x", "127.0.0.1:6379", "w1")


def test_with_redis_postgresql_and_redis() -> None:
    with fresh_pg_database() as db_url, fresh_redis() as space:
        store = Store.open(db_url)
        try:
            leases, bus, shared = make_cluster(db_url, space.url, "w1", store=store, prefix=space.prefix)
            assert isinstance(leases, SqlLeases) and leases.fenced and leases.store is store
            assert isinstance(bus, RedisBus) and isinstance(shared, RedisShared)
            assert leases.acquire("t", "w1", 30) == 1
            assert shared.incr("n", 30) == 1
            assert space.keys() == [space.prefix + "n"]

            async def roundtrip() -> str | None:
                try:
                    sub = await bus.subscribe("c")
                    await bus.publish("c", "hallo")
                    return await sub.get(5)
                finally:
                    await bus.close()

            assert run_loop(roundtrip()) == "hallo"
            shared.close()
        finally:
            store.close()
