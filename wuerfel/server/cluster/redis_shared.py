"""The cluster's shared facts in Redis (issue 25 §2): :class:`RedisShared`, the :class:`~.shared.Shared` of many
workers, with the same behaviour as the single process's :class:`~.shared.LocalShared` (one test module runs the
same tests against both).

Every fact is one key under the platform's prefix and expires by itself, so nothing needs cleaning up after a worker
dies: a counter's window is the key's TTL, set only by the increment that created it (``PEXPIRE … NX`` in the same
``MULTI``); a lock is ``SET NX PX`` with its owner as the value, and only that owner may extend or delete it (a Lua
script compares and acts in one step, so a lock that expired and was taken by another is never deleted by the
first).

A gauge (a count that is the sum of every worker's part: open websockets per address) is two keys: a hash of the
parts by worker and a sorted set of when each part expires. Redis 7.0 has no expiry per hash field, so one Lua script
drops the expired parts, changes this worker's, and sums in one step; both keys expire when nobody touched them for
the parts' lifetime.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import redis
from redis.backoff import NoBackoff
from redis.exceptions import RedisError
from redis.retry import Retry

from wuerfel.server.cluster.shared import SharedUnavailable

T = TypeVar("T")

_LOCK = """
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
return 0
"""
"""Take the lock, or extend it when its owner asks again (as :meth:`LocalShared.lock` does)."""

_UNLOCK = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

_GAUGE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[4])
for _, m in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)) do redis.call('HDEL', KEYS[1], m) end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local n
if ARGV[2] == 'set' then n = tonumber(ARGV[3]) else
  n = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0') + tonumber(ARGV[3]) end
if n > 0 then
  redis.call('HSET', KEYS[1], ARGV[1], n)
  redis.call('ZADD', KEYS[2], now + ttl, ARGV[1])
else
  redis.call('HDEL', KEYS[1], ARGV[1])
  redis.call('ZREM', KEYS[2], ARGV[1])
end
local total = 0
for _, v in ipairs(redis.call('HVALS', KEYS[1])) do total = total + tonumber(v) end
if total > 0 then
  redis.call('PEXPIRE', KEYS[1], ttl)
  redis.call('PEXPIRE', KEYS[2], ttl)
end
return total
"""
"""Drop a gauge's expired parts, add to (or set) one part, return the sum of the parts alive."""


def _ms(seconds: float) -> int:
    return max(1, round(seconds * 1000))


class RedisShared:
    """Shared facts of a cluster in Redis (blocking client: the callers run in threads or accept one round trip)."""

    def __init__(self, url: str, prefix: str) -> None:
        self.url = url
        self.prefix = prefix
        # One retry on a fresh connection (a pooled one may have died with a Redis restart), no back-off: a limit
        # check while Redis is away fails within seconds instead of hanging a request.
        self._r = redis.Redis.from_url(
            url, decode_responses=True, socket_connect_timeout=2, socket_timeout=2, retry=Retry(NoBackoff(), 1)
        )
        self._lock: Any = self._r.register_script(_LOCK)
        self._unlock: Any = self._r.register_script(_UNLOCK)
        self._gauge: Any = self._r.register_script(_GAUGE)

    def _call(self, fn: Callable[[], T]) -> T:
        try:
            return fn()
        except RedisError as exc:
            raise SharedUnavailable(f"Redis at {self.url} is unreachable: {exc}") from exc

    def incr(self, key: str, window: float, by: int = 1) -> int:
        k = self.prefix + key

        def run() -> int:
            pipe = self._r.pipeline(transaction=True)
            pipe.incrby(k, by)
            pipe.pexpire(k, _ms(window), nx=True)
            return int(pipe.execute()[0])

        return self._call(run)

    def get_count(self, key: str) -> int:
        value = self._call(lambda: self._r.get(self.prefix + key))
        return int(value) if value is not None else 0

    def set_flag(self, key: str, ttl: float) -> None:
        self._call(lambda: self._r.set(self.prefix + key, "1", px=_ms(ttl)))

    def has_flag(self, key: str) -> bool:
        return bool(self._call(lambda: self._r.exists(self.prefix + key)))

    def lock(self, key: str, owner: str, ttl: float) -> bool:
        return bool(self._call(lambda: self._lock(keys=[self.prefix + key], args=[owner, _ms(ttl)])))

    def unlock(self, key: str, owner: str) -> None:
        self._call(lambda: self._unlock(keys=[self.prefix + key], args=[owner]))

    def gauge(self, key: str, member: str, by: int, ttl: float) -> int:
        k = self.prefix + "gauge:" + key
        return int(self._call(lambda: self._gauge(keys=[k, k + ":until"], args=[member, "add", by, _ms(ttl)])))

    def set_gauge(self, key: str, member: str, value: int, ttl: float) -> None:
        k = self.prefix + "gauge:" + key
        self._call(lambda: self._gauge(keys=[k, k + ":until"], args=[member, "set", value, _ms(ttl)]))

    def close(self) -> None:
        self._r.close()
