"""The shared facts behave alike in one process (:class:`LocalShared`) and in Redis (:class:`RedisShared`): every
behavioural test runs against both, so a rule that leans on them (login limits, revoked sessions, one build per rule
set) means the same on a single process and on a cluster."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest
import redis

from tests.server.cluster.services import free_port_url, fresh_redis
from wuerfel.server.cluster.redis_shared import RedisShared
from wuerfel.server.cluster.shared import LocalShared, Shared, SharedUnavailable


@pytest.fixture(params=["local", "redis"])
def shared(request: pytest.FixtureRequest) -> Iterator[Shared]:
    if request.param == "local":
        yield LocalShared()
        return
    with fresh_redis() as space:
        s = RedisShared(space.url, space.prefix)
        yield s
        s.close()


def _wait(cond: Callable[[], bool], what: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def test_counters_count_per_key(shared: Shared) -> None:
    assert shared.get_count("login:anna") == 0
    assert shared.incr("login:anna", 60) == 1
    assert shared.incr("login:anna", 60) == 2
    assert shared.incr("login:anna", 60, by=5) == 7
    assert shared.incr("login:bert", 60) == 1
    assert shared.get_count("login:anna") == 7 and shared.get_count("login:bert") == 1


def test_a_counter_starts_again_after_its_window(shared: Shared) -> None:
    assert shared.incr("k", 0.3) == 1
    _wait(lambda: shared.get_count("k") == 0, "the window to pass")
    assert shared.incr("k", 60) == 1


def test_raising_a_counter_does_not_extend_its_window(shared: Shared) -> None:
    """A fixed window from the first increment: a client that keeps trying must not keep its own limit alive."""
    assert shared.incr("k", 0.4) == 1
    deadline = time.monotonic() + 10
    while shared.incr("k", 0.4) != 1:  # raised every 20 ms, far more often than the window is long
        assert time.monotonic() < deadline, "the window slid with every increment"
        time.sleep(0.02)


def test_flags_expire(shared: Shared) -> None:
    assert not shared.has_flag("revoked:abc")
    shared.set_flag("revoked:abc", 60)
    shared.set_flag("revoked:short", 0.2)
    assert shared.has_flag("revoked:abc") and shared.has_flag("revoked:short")
    _wait(lambda: not shared.has_flag("revoked:short"), "the flag to expire")
    assert shared.has_flag("revoked:abc")


def test_locks_have_one_owner(shared: Shared) -> None:
    assert shared.lock("build:pig", "A", 30)
    assert not shared.lock("build:pig", "B", 30)
    assert shared.lock("build:pig", "A", 30)  # its owner may take it again (and extends it)
    shared.unlock("build:pig", "B")  # not B's: nothing happens
    assert not shared.lock("build:pig", "B", 30)
    shared.unlock("build:pig", "A")
    assert shared.lock("build:pig", "B", 30)
    assert not shared.lock("build:pig", "A", 30)


def test_an_expired_lock_is_free_and_its_old_owner_cannot_unlock_it(shared: Shared) -> None:
    assert shared.lock("build:kniffel", "A", 0.2)
    _wait(lambda: shared.lock("build:kniffel", "B", 30), "the lock to expire")
    shared.unlock("build:kniffel", "A")  # A wakes up and tidies up: B's lock stays
    assert not shared.lock("build:kniffel", "A", 30)


def test_a_gauge_sums_the_parts_of_the_workers_alive(shared: Shared) -> None:
    """Open websockets per address (issue 25 §2): each worker adds its part; a worker that dies stops refreshing,
    and its part drops out by itself."""
    assert shared.gauge("ws|1.2.3.4", "A", 1, 60) == 1
    assert shared.gauge("ws|1.2.3.4", "A", 1, 60) == 2
    assert shared.gauge("ws|1.2.3.4", "B", 1, 0.3) == 3
    assert shared.gauge("ws|5.6.7.8", "B", 1, 60) == 1
    assert shared.gauge("ws|1.2.3.4", "A", -1, 60) == 2
    _wait(lambda: shared.gauge("ws|1.2.3.4", "A", 0, 60) == 1, "B's part to expire")
    shared.set_gauge("ws|1.2.3.4", "B", 4, 60)  # B's keeper states its count again
    assert shared.gauge("ws|1.2.3.4", "A", -1, 60) == 4
    shared.set_gauge("ws|1.2.3.4", "B", 0, 60)
    assert shared.gauge("ws|1.2.3.4", "A", 0, 60) == 0
    assert shared.gauge("ws|5.6.7.8", "B", 0, 60) == 1


def test_redis_keys_live_under_the_prefix_and_expire_by_themselves() -> None:
    with fresh_redis() as space:
        s = RedisShared(space.url, space.prefix)
        r = redis.Redis.from_url(space.url, decode_responses=True)
        try:
            s.incr("c", 60)
            s.incr("c", 60)
            s.set_flag("f", 60)
            s.lock("l", "A", 60)
            s.gauge("g", "A", 1, 60)
            names = ("c", "f", "gauge:g", "gauge:g:until", "l")
            assert space.keys() == [space.prefix + k for k in names]
            for k in names:  # nothing is left for ever when a worker dies
                assert 0 < r.pttl(space.prefix + k) <= 60_000
            assert r.get(space.prefix + "l") == "A"
        finally:
            r.close()
            s.close()


def test_redis_away_raises_shared_unavailable() -> None:
    s = RedisShared(free_port_url(), "x:")
    try:
        with pytest.raises(SharedUnavailable):
            s.incr("k", 60)
        with pytest.raises(SharedUnavailable):
            s.has_flag("k")
        with pytest.raises(SharedUnavailable):
            s.lock("k", "A", 1)
    finally:
        s.close()
