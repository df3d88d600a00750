"""The two-worker checks of the shared facts (``tests/server/test_shared_facts.py``, ``test_shared_builds.py``) with
the cluster's real parts: two apps on one PostgreSQL database sharing one :class:`RedisShared` — a logout, the login,
guest, table and hash limits, the lobby and the one build per table hold across workers on Redis too."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server import test_shared_builds as builds
from tests.server import test_shared_facts as facts
from tests.server.cluster.services import RedisSpace
from wuerfel.server.cluster.redis_shared import RedisShared


@pytest.fixture
def shared(redis_space: RedisSpace) -> Iterator[RedisShared]:
    s = RedisShared(redis_space.url, redis_space.prefix)
    yield s
    s.close()


@pytest.fixture
def workers(pg_url: str, shared: RedisShared) -> Iterator[facts.Workers]:
    yield from facts.two_workers_on(pg_url, shared)


def test_logout_on_redis(workers: facts.Workers) -> None:
    facts.check_logout_ends_the_session_everywhere(workers)


def test_logout_of_other_devices_on_redis(workers: facts.Workers) -> None:
    facts.check_logout_ends_the_other_devices_everywhere(workers)


def test_failed_logins_on_redis(workers: facts.Workers) -> None:
    facts.check_failed_logins_count_across_workers(workers)


def test_new_tables_on_redis(workers: facts.Workers, monkeypatch: pytest.MonkeyPatch) -> None:
    facts.check_new_tables_count_across_workers(workers, monkeypatch)


def test_new_guests_on_redis(workers: facts.Workers, monkeypatch: pytest.MonkeyPatch) -> None:
    facts.check_guests_count_across_workers(workers, monkeypatch)


def test_hash_budget_on_redis(workers: facts.Workers, monkeypatch: pytest.MonkeyPatch) -> None:
    facts.check_hash_budget_across_workers(workers, monkeypatch)


def test_lobby_on_postgresql(workers: facts.Workers) -> None:
    facts.check_the_lobby_is_the_stores(workers)


def test_one_build_per_table_on_redis(tmp_path: Path, shared: RedisShared) -> None:
    builds.check_one_build_per_table(tmp_path, shared)


def test_build_cpu_budget_on_redis(shared: RedisShared) -> None:
    builds.check_cpu_budget_across_workers(shared)


def test_waiting_tables_limit_on_redis(workers: facts.Workers, monkeypatch: pytest.MonkeyPatch) -> None:
    facts.check_waiting_tables_limit_across_workers(workers, monkeypatch)


def test_refused_form_on_postgresql(workers: facts.Workers) -> None:
    facts.check_a_refused_form_reads_alike_on_every_worker(workers)
