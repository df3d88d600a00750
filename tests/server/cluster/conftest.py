"""The cluster tests' fixtures: a fresh PostgreSQL database and a fresh Redis key space per test (services.py)."""

from tests.server.cluster.services import pg_url, redis_space

__all__ = ["pg_url", "redis_space"]
