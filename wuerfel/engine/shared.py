"""Heavy tables shared by every bot, advisor and table of one process: built once per rule set, bounded in number.

A strong bot's memory is almost all in tables that depend on the rule set alone: the Würfelspiel's solved columns,
slack tables and learned networks, Escalero's solved sheet values and turn tables. Fifty tables of the same rules
must hold one copy, not fifty; a server that has seen many rule sets (custom rules make new ones) must not keep every
one for ever. So each kind of table lives in one process-wide cache keyed by the rule set (its hashable rules object
or the solver's key), least recently used first out, at most :data:`DEFAULT_LIMIT` rule sets per kind.

Besides the count per kind, all kinds together have a memory budget (:func:`set_memory_budget`; issue 24 §4 H2: 20
made-up rule sets took a server from 1.9 to 7.4 GB): a stored table's size is estimated once (the numpy arrays it
holds, :func:`nbytes`), and beyond the budget the least recently used tables of any kind go first; the table just
stored always stays (its builder is about to use it).

A bot that holds a table evicted meanwhile keeps using it (it holds a reference); the next bot of those rules builds
it again. Builders may be called from several worker threads at once (the server makes the bots of several tables
in parallel): the first one builds, the others wait for it and get the same object.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import numpy as np

T = TypeVar("T")

DEFAULT_LIMIT = 4
"""Rule sets kept per kind of table. A server plays a handful of rule sets at a time; each kept set of the
three-column Würfelspiel costs about 200 MB, so more would not be a cache but a leak."""


@dataclass
class _Kind:
    limit: int
    entries: OrderedDict[Hashable, Any]
    building: dict[Hashable, threading.Event]
    built: int = 0
    """How many times a table of this kind was built (tests and the benchmark read it: once per rule set)."""
    sizes: dict[Hashable, int] = field(default_factory=dict)
    """Estimated bytes of each held table (:func:`nbytes`, taken when it was stored)."""
    used: dict[Hashable, int] = field(default_factory=dict)
    """When each held table was last used, on one clock for every kind (the budget evicts across kinds)."""


_LOCK = threading.Lock()
_KINDS: dict[str, _Kind] = {}
_CLOCK = itertools.count()

MEMORY_ENV = "WUERFEL_BUILD_MEMORY_MB"
DEFAULT_MEMORY_MB = 1536
"""Megabytes of shared tables kept in memory by default (about six Würfelspiel planners): a 4 GB server keeps room
for its games. ``WUERFEL_BUILD_MEMORY_MB`` or ``wuerfel serve --build-memory-mb`` change it; negative: no budget."""


def _memory_from_env() -> int | None:
    try:
        mb = float(os.environ.get(MEMORY_ENV, "") or DEFAULT_MEMORY_MB)
    except ValueError:
        mb = float(DEFAULT_MEMORY_MB)
    return None if mb < 0 else int(mb * 1024 * 1024)


_BUDGET: list[int | None] = [_memory_from_env()]


def set_memory_budget(mb: float | None) -> None:
    """The memory budget of all shared tables in megabytes (None or negative: no budget); applied at once."""
    with _LOCK:
        _BUDGET[0] = None if mb is None or mb < 0 else int(mb * 1024 * 1024)
        _enforce(None)


def memory_budget() -> int | None:
    """The budget in bytes (None: no budget)."""
    return _BUDGET[0]


def nbytes(value: Any, _depth: int = 5) -> int:
    """An estimate of the memory a table holds: the bytes of the numpy arrays reachable from it through containers,
    dataclasses and object attributes (a few levels deep; shared arrays counted once). The tables' weight is all in
    their arrays; the Python objects around them are noise at this scale."""
    seen: set[int] = set()
    budget = [20000]  # objects looked at, at most: an estimate must stay cheap

    def walk(v: Any, depth: int) -> int:
        if id(v) in seen or budget[0] <= 0:
            return 0
        seen.add(id(v))
        budget[0] -= 1
        if isinstance(v, np.ndarray):
            base = v.base if isinstance(v.base, np.ndarray) else None
            if base is not None:
                return walk(base, depth)
            return int(v.nbytes)
        if depth <= 0 or isinstance(v, str | bytes | int | float | bool | type(None)):
            return 0
        if isinstance(v, dict):
            return sum(walk(x, depth - 1) for x in v.values())
        if isinstance(v, list | tuple | set | frozenset):
            return sum(walk(x, depth - 1) for x in v)
        total = 0
        if dataclasses.is_dataclass(v) and not isinstance(v, type):
            total += sum(walk(getattr(v, f.name, None), depth - 1) for f in dataclasses.fields(v))
        d = getattr(v, "__dict__", None)
        if isinstance(d, dict):
            total += sum(walk(x, depth - 1) for x in d.values())
        for slot in getattr(type(v), "__slots__", ()):
            total += walk(getattr(v, slot, None), depth - 1)
        return total

    return walk(value, _depth)


def _held(k: _Kind, key: Hashable, value: Any, size: int) -> None:
    """Record ``value`` (``size`` bytes) as held under ``key`` (the lock is held)."""
    k.entries[key] = value
    k.entries.move_to_end(key)
    k.sizes[key] = size
    k.used[key] = next(_CLOCK)
    while len(k.entries) > k.limit:
        _drop(k, next(iter(k.entries)))


def _drop(k: _Kind, key: Hashable) -> None:
    k.entries.pop(key, None)
    k.sizes.pop(key, None)
    k.used.pop(key, None)


def _enforce(keep: tuple[_Kind, Hashable] | None) -> None:
    """Evict the least recently used tables of any kind until all fit in the budget; ``keep`` stays (the lock is
    held)."""
    budget = _BUDGET[0]
    if budget is None:
        return
    total = sum(sum(k.sizes.values()) for k in _KINDS.values())
    while total > budget:
        candidates = [
            (used, id(k), k, key)
            for k in _KINDS.values()
            for key, used in k.used.items()
            if keep is None or k is not keep[0] or key != keep[1]
        ]
        if not candidates:
            return
        _, _, k, key = min(candidates, key=lambda c: c[0])
        total -= k.sizes.get(key, 0)
        _drop(k, key)


def _kind(kind: str, limit: int | None = None) -> _Kind:
    k = _KINDS.get(kind)
    if k is None:
        k = _KINDS[kind] = _Kind(limit or DEFAULT_LIMIT, OrderedDict(), {})
    elif limit is not None:
        k.limit = limit
    return k


def shared(kind: str, key: Hashable, build: Callable[[], T], limit: int | None = None) -> T:
    """The table of ``kind`` for ``key`` (a rule set), built by ``build()`` the first time it is asked for.

    ``limit``: how many keys of this kind are kept (the least recently used goes first; default
    :data:`DEFAULT_LIMIT`). A build that raises caches nothing and the next caller tries again."""
    while True:
        with _LOCK:
            k = _kind(kind, limit)
            if key in k.entries:
                k.entries.move_to_end(key)
                k.used[key] = next(_CLOCK)
                value: T = k.entries[key]
                return value
            waiting = k.building.get(key)
            if waiting is None:
                done = k.building[key] = threading.Event()
                break
        waiting.wait()  # somebody else builds it: take theirs (or build it ourselves if theirs failed)
    try:
        value = build()
        size = nbytes(value)  # outside the lock: other kinds' lookups need not wait for it
        with _LOCK:
            _held(k, key, value, size)
            k.built += 1
            _enforce((k, key))
        return value
    finally:
        with _LOCK:
            del k.building[key]
        done.set()


def peek(kind: str, key: Hashable) -> Any | None:
    """The cached table of ``kind`` for ``key``, or None (never builds; does not count as a use)."""
    with _LOCK:
        k = _KINDS.get(kind)
        return None if k is None else k.entries.get(key)


def put(kind: str, key: Hashable, value: Any, limit: int | None = None) -> None:
    """Store a table built elsewhere (a fresh solve that replaces the cached one)."""
    size = nbytes(value)
    with _LOCK:
        k = _kind(kind, limit)
        _held(k, key, value, size)
        _enforce((k, key))


def forget(kind: str | None = None) -> None:
    """Drop the cached tables of ``kind`` (None: of every kind), e.g. before a fresh solve or in a test."""
    with _LOCK:
        for name, k in _KINDS.items():
            if kind is None or name == kind:
                k.entries.clear()
                k.sizes.clear()
                k.used.clear()


def stats() -> dict[str, dict[str, int]]:
    """Per kind: the rule sets held now, the limit and how many builds there were (for the benchmark; the bytes
    held: :func:`held_bytes`)."""
    with _LOCK:
        return {name: {"held": len(k.entries), "limit": k.limit, "built": k.built} for name, k in _KINDS.items()}


def held_bytes() -> int:
    """The estimated bytes of every shared table held now."""
    with _LOCK:
        return sum(sum(k.sizes.values()) for k in _KINDS.values())
