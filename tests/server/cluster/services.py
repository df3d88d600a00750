"""Real PostgreSQL and Redis for the cluster tests (issue 25 §3), each test in a space of its own.

- :func:`fresh_pg_database` makes a new database ``wuerfel_t_<random>`` on the local server (through the
  ``postgres`` maintenance database), yields its SQLAlchemy URL and drops it afterwards (``WITH (FORCE)``, so a
  worker process a test killed cannot keep it alive). A database rather than a schema: worker processes started by
  a test get a plain URL, exactly what ``wuerfel serve --db`` is given in production.
- :func:`fresh_redis` yields a :class:`RedisSpace`: the URL of the local Redis and a random key/channel prefix;
  afterwards every key under that prefix is deleted (and nothing else: other tests and helpers share the server).

Where a service is not reachable the test is skipped, saying what to start.
The pytest fixtures ``pg_url`` and ``redis_space`` wrap them; import them into a test module or a conftest.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

PG_HOST = "127.0.0.1"
PG_PORT = 5432
PG_ADMIN_DSN = f"host={PG_HOST} port={PG_PORT} user=postgres dbname=postgres connect_timeout=3"
REDIS_URL = "redis://127.0.0.1:6379/0"


def pg_unreachable(dbname: str = "postgres") -> str | None:
    """Why the local PostgreSQL's database ``dbname`` cannot be used (None when it can): the one probe of the tests
    (and benches) that need PostgreSQL, so that each skips with the same message saying what to start."""
    import psycopg

    try:
        with psycopg.connect(PG_ADMIN_DSN.replace("dbname=postgres", f"dbname={dbname}")) as c:
            c.execute("select 1")
    except Exception as exc:
        return (
            f"PostgreSQL at {PG_HOST}:{PG_PORT} (user postgres, trust, database {dbname}) unreachable — start "
            f"PostgreSQL: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}"
        )
    return None


def redis_unreachable(url: str = REDIS_URL) -> str | None:
    """Why the local Redis cannot be used (None when it can)."""
    import redis

    try:
        r = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
        try:
            r.ping()
        finally:
            r.close()
    except Exception as exc:
        return f"Redis at {url} unreachable — start Redis: {exc}"
    return None


@contextlib.contextmanager
def fresh_pg_database() -> Iterator[str]:
    """A new, empty PostgreSQL database for one test; yields its ``postgresql+psycopg://`` URL."""
    import psycopg

    reason = pg_unreachable()
    if reason:
        pytest.skip(reason)
    name = "wuerfel_t_" + secrets.token_hex(6)
    with psycopg.connect(PG_ADMIN_DSN, autocommit=True) as c:
        c.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgresql+psycopg://postgres@{PG_HOST}:{PG_PORT}/{name}"
    finally:
        with psycopg.connect(PG_ADMIN_DSN, autocommit=True) as c:
            c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@dataclass(frozen=True)
class RedisSpace:
    url: str
    prefix: str
    """Ends with ``:``; every key and channel of the test starts with it."""

    def keys(self) -> list[str]:
        """The keys that exist under the prefix (for asserting that something expired or was cleaned up)."""
        import redis

        r = redis.Redis.from_url(self.url, decode_responses=True)
        try:
            return sorted(r.scan_iter(match=self.prefix + "*", count=1000))
        finally:
            r.close()


@contextlib.contextmanager
def fresh_redis(url: str = REDIS_URL) -> Iterator[RedisSpace]:
    """A key space of its own on the local Redis; its keys are deleted afterwards (only its own: no FLUSHDB)."""
    import redis

    reason = redis_unreachable(url)
    if reason:
        pytest.skip(reason)
    space = RedisSpace(url, "wuerfel_t_" + secrets.token_hex(6) + ":")
    try:
        yield space
    finally:
        r = redis.Redis.from_url(url)
        try:
            keys = list(r.scan_iter(match=space.prefix + "*", count=1000))
            for i in range(0, len(keys), 500):
                r.delete(*keys[i : i + 500])
        finally:
            r.close()


@pytest.fixture
def pg_url() -> Iterator[str]:
    with fresh_pg_database() as url:
        yield url


@pytest.fixture
def redis_space() -> Iterator[RedisSpace]:
    with fresh_redis() as space:
        yield space


def free_port_url() -> str:
    """A Redis URL where nothing listens (a Redis that is away)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"redis://127.0.0.1:{port}/0"
