"""Heavy tables shared by every bot, advisor and table of one process: built once per rule set, bounded in number.

A strong bot's memory is almost all in tables that depend on the rule set alone: the Würfelspiel's solved columns,
slack tables and learned networks, Escalero's solved sheet values and turn tables. Fifty tables of the same rules
must hold one copy, not fifty; a server that has seen many rule sets (custom rules make new ones) must not keep every
one for ever. So each kind of table lives in one process-wide cache keyed by the rule set (its hashable rules object
or the solver's key), least recently used first out, at most :data:`DEFAULT_LIMIT` rule sets per kind.

A bot that holds a table evicted meanwhile keeps using it (it holds a reference); the next bot of those rules builds
it again. Builders may be called from several worker threads at once (the server makes the bots of several tables
in parallel): the first one builds, the others wait for it and get the same object.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar

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


_LOCK = threading.Lock()
_KINDS: dict[str, _Kind] = {}


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
                value: T = k.entries[key]
                return value
            waiting = k.building.get(key)
            if waiting is None:
                done = k.building[key] = threading.Event()
                break
        waiting.wait()  # somebody else builds it: take theirs (or build it ourselves if theirs failed)
    try:
        value = build()
        with _LOCK:
            k.entries[key] = value
            k.built += 1
            while len(k.entries) > k.limit:
                k.entries.popitem(last=False)
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
    with _LOCK:
        k = _kind(kind, limit)
        k.entries[key] = value
        k.entries.move_to_end(key)
        while len(k.entries) > k.limit:
            k.entries.popitem(last=False)


def forget(kind: str | None = None) -> None:
    """Drop the cached tables of ``kind`` (None: of every kind), e.g. before a fresh solve or in a test."""
    with _LOCK:
        for name, k in _KINDS.items():
            if kind is None or name == kind:
                k.entries.clear()


def stats() -> dict[str, dict[str, int]]:
    """Per kind: the rule sets held now, the limit and how many builds there were (for the benchmark)."""
    with _LOCK:
        return {name: {"held": len(k.entries), "limit": k.limit, "built": k.built} for name, k in _KINDS.items()}
