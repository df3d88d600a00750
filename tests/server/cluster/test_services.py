"""The test services themselves: a fresh database is empty and gone afterwards; a Redis space is cleaned up and
leaves other keys alone."""

from __future__ import annotations

import psycopg
import redis
import sqlalchemy as sa

from tests.server.cluster.services import PG_ADMIN_DSN, REDIS_URL, fresh_pg_database, fresh_redis


def _databases() -> set[str]:
    with psycopg.connect(PG_ADMIN_DSN) as c:
        return {r[0] for r in c.execute("select datname from pg_database")}


def test_fresh_pg_database_is_empty_and_dropped_even_while_connected() -> None:
    eng = None
    with fresh_pg_database() as url:
        name = url.rsplit("/", 1)[1]
        assert name.startswith("wuerfel_t_") and name in _databases()
        eng = sa.create_engine(url)
        assert sa.inspect(eng).get_table_names() == []
        conn = eng.connect()  # left open, as by a worker process a test killed
        conn.execute(sa.text("select 1"))
    assert name not in _databases()
    conn.invalidate()
    eng.dispose()


def test_fresh_redis_removes_only_its_own_keys() -> None:
    r = redis.Redis.from_url(REDIS_URL, decode_responses=True)
    other = "wuerfel_t_other_" + "x" * 6
    try:
        r.set(other, "1", ex=60)
        with fresh_redis() as space:
            r.set(space.prefix + "a", "1")
            r.set(space.prefix + "b", "2")
            assert space.keys() == [space.prefix + "a", space.prefix + "b"]
        assert r.exists(space.prefix + "a", space.prefix + "b") == 0
        assert r.get(other) == "1"
    finally:
        r.delete(other)
        r.close()
