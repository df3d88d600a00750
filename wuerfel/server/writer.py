"""The store's group-commit writer: one thread that commits whatever moves arrived together in one transaction.

The hot path of the server — appending the events of a move — goes through it: a move is acknowledged only after
*its* transaction committed, yet a busy server pays one commit per batch instead of one per move. On SQLite it also
keeps the write-ahead log small (routine checkpoints).
"""

from __future__ import annotations

import contextlib
import os
import queue
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from wuerfel.server.rows import Deadline, EventRow, Fence, Fenced, GameResult, log

if TYPE_CHECKING:
    from wuerfel.server.store import Store


WAL_LIMIT = 32 * 1024 * 1024
"""A SQLite WAL larger than this is checkpointed and truncated by the writer before its next batch."""
CHECKPOINT_EVERY = 1.0
"""Seconds between the writer's routine checkpoints while it is writing."""


class BatchWriter:
    """One writer thread doing group commits of event rows.

    :meth:`submit` returns a future that completes when the rows are committed (or fails with the database error,
    in which case none of the batch's rows were written and the callers keep their old state). Batches that fail
    as a whole are retried one submission at a time, so one bad submission never sinks its neighbours.

    The thread keeps one connection for its whole life. On SQLite it is also the only one that checkpoints: between
    batches, every :data:`CHECKPOINT_EVERY` seconds or when the WAL passed ``wal_limit``, it copies the WAL into the
    database and truncates it. A checkpoint run by anybody else can be starved by a steady stream of commits (the
    WAL then grows without bound, measured at 27 GB/hour); the writer cannot starve itself, so the WAL stays bounded
    however fast moves arrive, and the commits waiting meanwhile simply form the next, larger batch.
    """

    def __init__(self, store: Store, wal_limit: int | None = None) -> None:
        self.store = store
        self.wal_limit = WAL_LIMIT if wal_limit is None else wal_limit
        self._q: queue.SimpleQueue[
            tuple[list[EventRow], list[tuple[str, str]], Future[None], list[Deadline], list[GameResult], list[Fence]]
            | None
        ] = queue.SimpleQueue()
        self._sqlite = store.engine.dialect.name == "sqlite"
        self._wal = _wal_path(store.engine) if self._sqlite else None
        self._conn: sa.Connection | None = None
        self._last_checkpoint = time.monotonic()
        self.commits = 0
        self.checkpoints = 0
        self.failing: str | None = None
        """The error of the last commit when it failed (None once a commit succeeds again): ``/healthz`` says it."""
        self._thread = threading.Thread(target=self._run, name="wuerfel-writer", daemon=True)
        self._thread.start()

    def submit(
        self,
        rows: Sequence[EventRow],
        statuses: Sequence[tuple[str, str]] = (),
        deadlines: Sequence[Deadline] = (),
        results: Sequence[GameResult] = (),
        fences: Sequence[Fence] = (),
    ) -> Future[None]:
        """``fences``: see :meth:`Store.append`; a submission whose fence fails fails alone with :class:`Fenced`."""
        fut: Future[None] = Future()
        self._q.put((list(rows), list(statuses), fut, list(deadlines), list(results), list(fences)))
        return fut

    def close(self) -> None:
        self._q.put(None)
        self._thread.join(timeout=10)

    def _run(self) -> None:
        try:
            while True:
                item = self._q.get()
                if item is None:
                    return
                batch = [item]
                stop = False
                while len(batch) < 512:
                    try:
                        nxt = self._q.get_nowait()
                    except queue.Empty:
                        break
                    if nxt is None:
                        stop = True
                        break
                    batch.append(nxt)
                self._commit(batch)
                if self._sqlite:
                    self._maybe_checkpoint()
                if stop:
                    return
        finally:
            if self._conn is not None:
                with contextlib.suppress(Exception):
                    self._conn.close()

    def _connection(self) -> sa.Connection:
        if self._conn is None:
            self._conn = self.store.engine.connect()
            if self._sqlite:
                # This thread checkpoints on its own schedule (above); an automatic checkpoint inside a commit would
                # only be a PASSIVE one that a busy server can starve.
                self._conn.exec_driver_sql("PRAGMA wal_autocheckpoint=0")
                self._conn.commit()
        return self._conn

    def _drop_connection(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.close()
            self._conn = None

    def _commit(
        self,
        batch: list[
            tuple[list[EventRow], list[tuple[str, str]], Future[None], list[Deadline], list[GameResult], list[Fence]]
        ],
    ) -> None:
        rows = [r for b in batch for r in b[0]]
        statuses = [s for b in batch for s in b[1]]
        deadlines = [d for b in batch for d in b[3]]
        results = [g for b in batch for g in b[4]]
        fences = [f for b in batch for f in b[5]]
        try:
            self.store.append(rows, statuses, self._connection(), deadlines, results, fences)
            self.commits += 1
            self.failing = None
        except Exception as exc:
            # A failed connection is not reused (SQLite after "disk full", a PostgreSQL restart): the next batch
            # starts on a fresh one. A fenced batch was refused by a healthy database: its connection is fine.
            if not isinstance(exc, Fenced):
                self._drop_connection()
            if len(batch) == 1:
                if not isinstance(exc, IntegrityError | Fenced):
                    self.failing = str(exc).splitlines()[0][:300] if str(exc) else type(exc).__name__
                _complete(batch[0][2], exc)
                return
            for b in batch:
                self._commit([b])
            return
        for b in batch:
            _complete(b[2], None)

    def _maybe_checkpoint(self) -> None:
        big = self._wal is not None and _size(self._wal) > self.wal_limit
        if not big and time.monotonic() - self._last_checkpoint < CHECKPOINT_EVERY:
            return
        self._last_checkpoint = time.monotonic()
        try:
            c = self._connection()
            c.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
            c.commit()
            self.checkpoints += 1
        except Exception:
            # A reader that keeps a snapshot open past the busy timeout: the next turn tries again.
            log.warning("WAL checkpoint failed", exc_info=True)
            self._drop_connection()


def _wal_path(engine: Engine) -> str | None:
    path = engine.url.database
    return f"{path}-wal" if path and path != ":memory:" else None


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


class ThreadWriter:
    """The :class:`BatchWriter` behind an awaitable interface for the event loop.

    Every commit runs on the writer thread, on SQLite too: a commit that waits for a lock (another process holding
    the database, a checkpoint) or for a slow disk must stall only the moves waiting for it, never the event loop
    and with it every request of the server.
    """

    def __init__(self, store: Store, wal_limit: int | None = None) -> None:
        self._writer = BatchWriter(store, wal_limit)

    @property
    def commits(self) -> int:
        return self._writer.commits

    @property
    def failing(self) -> str | None:
        return self._writer.failing

    def write(
        self,
        rows: Sequence[EventRow],
        statuses: Sequence[tuple[str, str]] = (),
        deadlines: Sequence[Deadline] = (),
        results: Sequence[GameResult] = (),
        fences: Sequence[Fence] = (),
    ) -> Any:
        """A future that completes when the rows are committed (fails with the database error otherwise, with
        :class:`Fenced` when a fence no longer holds)."""
        import asyncio

        return asyncio.wrap_future(self._writer.submit(rows, statuses, deadlines, results, fences))

    def close(self) -> None:
        self._writer.close()


def make_writer(store: Store) -> ThreadWriter:
    """Call from the event loop."""
    return ThreadWriter(store)


def _complete(fut: Future[None], exc: BaseException | None) -> None:
    if exc is None:
        fut.set_result(None)
    else:
        fut.set_exception(exc)
