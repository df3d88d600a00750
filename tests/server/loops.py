"""Running a coroutine to its end from a synchronous test, whatever loop the test's thread already has."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run_loop(coro: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own, returning its result: the main thread of a test worker may already run
    an event loop (the sync Playwright of a browser test that ran earlier in the same worker keeps one), and
    ``asyncio.run`` refuses to start inside it — which made these tests fail only when a browser test happened to run
    first (the cluster tests in CI, 2026-11-29)."""
    errors: list[BaseException] = []
    result: list[T] = []

    def target() -> None:
        try:
            result.append(asyncio.run(coro))
        except BaseException as exc:
            errors.append(exc)

    t = threading.Thread(target=target, name="test-loop")
    t.start()
    t.join()
    if errors:
        raise errors[0]
    return result[0]
