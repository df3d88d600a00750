"""Tables the post-game analysis waits for, built in the background (issue 16.3: the win-chance graph).

A Zehntausend duel at the default rules is analysed in winning chances only with its duel table, two to three
minutes of CPU; without it the analysis rates each turn's points and draws no graph. The first analysis that lacks
such a table (its advisor factory's ``missing_table``, :class:`~wuerfel.engine.advice.MissingTable`) asks
:func:`builder` for it and answers at once with what it has; the table is built here, and the analysis asked
again afterwards finds it in the disk cache the command line uses (so it also survives a restart).

Bounds, process-wide (one :class:`TableBuilder` per process, whichever app or request asks):

- **one build at a time**, in a child process of its own (``spawn``: a fresh interpreter, nothing inherited from
  the server's threads), at a lower priority (``nice`` :data:`NICE`); the numba kernels hold the GIL, so a thread
  would stall the event loop, and a process gives its memory back when it ends;
- **one build per table key**: later askers get the same job; a failed build is reported and tried again only
  after :data:`RETRY_FAILED_AFTER` seconds, not on every poll;
- **at most** :data:`MAX_WAITING` tables wait for their turn; more are refused (the asker says "later") so that a
  crawler over many made-up rule sets cannot queue hours of work;
- **per requester** (the client address) at most :data:`MAX_PER_REQUESTER` builds waiting or running, and the
  waiting builds are started **round robin across requesters** (issue 24 §4 M3: one guest queued ~53 min of builds
  in a second, and every real player's win chances waited behind them): whoever asks waits for at most one build of
  each other requester, however many that one queued;
- a waiting build nobody has asked about for :data:`STALE_AFTER` seconds (its page was closed) is dropped; when
  the queue is full, a requester with nothing waiting takes the place of the newest waiting build of whoever has
  the most waiting (if more than one): its asker is told "later" and asks again with his next poll.

The child is a daemon: a server that exits normally ends it. A server killed outright (SIGKILL, a crash) runs no
exit handlers, so the child also watches its parent and ends itself within about a second of losing it (between two
of the solver's kernel calls), rather than spending minutes of CPU on a table nobody waits for.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import multiprocessing
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Literal

from wuerfel.engine.advice import MissingTable

log = logging.getLogger("wuerfel.server.background")

NICE = 10
"""How much lower the build's priority is than the server's: live games first."""
RETRY_FAILED_AFTER = 3600.0
"""Seconds a failed build is reported as failed before the next asker may start it again."""
MAX_WAITING = 8
"""Tables waiting for their turn (besides the one being built); more are not taken."""
MAX_PER_REQUESTER = 2
"""Builds one requester (client address) may have waiting or running at once."""
STALE_AFTER = 600.0
"""Seconds after its last request a waiting build is dropped (nobody waits for it any more)."""
JOBS_KEPT = 256
"""Finished jobs remembered (their outcome: done, or failed with why); the oldest go first."""

State = Literal["waiting", "running", "done", "failed"]


@dataclasses.dataclass
class Job:
    """One table's build: when it was asked for, started and finished, and why it failed (None: it did not)."""

    table: MissingTable
    queued: float
    requester: str = ""
    """Who asked first (the client address): the build counts against his :data:`MAX_PER_REQUESTER`."""
    asked: float = 0.0
    """When it was last asked for (a waiting job not asked for in :data:`STALE_AFTER` is dropped)."""
    started: float | None = None
    finished: float | None = None
    error: str | None = None

    @property
    def state(self) -> State:
        if self.finished is not None:
            return "failed" if self.error is not None else "done"
        return "running" if self.started is not None else "waiting"


PARENT_POLL = 1.0
"""Seconds between the child's looks at whether its server still runs."""


def _end_with_parent(parent: int) -> None:
    """In the child: end the process once the server that started it is gone (re-parented: another parent id)."""
    while True:
        time.sleep(PARENT_POLL)
        if os.getppid() != parent:
            os._exit(3)


def _build_in_child(build: Callable[[], object], conn: Connection) -> None:
    """The child process: build at a lower priority and send ``None`` (built) or why it failed."""
    threading.Thread(target=_end_with_parent, args=(os.getppid(),), daemon=True, name="wuerfel-build-parent").start()
    with contextlib.suppress(OSError):
        os.nice(NICE)
    try:
        build()
    except BaseException as exc:  # everything: the parent must hear why, not guess from an exit code
        with contextlib.suppress(OSError):  # a server gone meanwhile hears nothing (BrokenPipeError)
            conn.send(f"{type(exc).__name__}: {exc}")
    else:
        with contextlib.suppress(OSError):
            conn.send(None)
    finally:
        conn.close()


class TableBuilder:
    """Builds :class:`MissingTable` s one at a time in a child process (module docstring); thread-safe."""

    def __init__(
        self,
        max_waiting: int = MAX_WAITING,
        retry_failed_after: float = RETRY_FAILED_AFTER,
        max_per_requester: int = MAX_PER_REQUESTER,
        stale_after: float = STALE_AFTER,
    ) -> None:
        self.max_waiting = max_waiting
        self.retry_failed_after = retry_failed_after
        self.max_per_requester = max_per_requester
        self.stale_after = stale_after
        self._lock = threading.Lock()
        self._jobs: dict[str, Job] = {}
        self._queue: deque[Job] = deque()
        """Every waiting job in the order asked (for :meth:`eta`); the order they start in is :meth:`_pop_next`'s."""
        self._turns: deque[str] = deque()
        """Requesters with waiting jobs, whose turn is next first (round robin)."""
        self._running: Job | None = None
        self._context = multiprocessing.get_context("spawn")
        self.started = 0
        """Builds started so far (tests read it: one per table, however many asked)."""

    def request(self, table: MissingTable, requester: str = "") -> Job | None:
        """The job building ``table``: the one already waiting, running or recently failed, else a new one (also
        when an earlier build of it is done: the caller still misses the table, so it was removed since).
        None when :attr:`max_waiting` tables already wait, or ``requester`` (the client address) has
        :attr:`max_per_requester` builds waiting or running: ask again later."""
        now = time.monotonic()
        with self._lock:
            self._drop_stale(now)
            job = self._jobs.get(table.key)
            if job is not None:
                if job.state in ("waiting", "running"):
                    job.asked = now
                    return job
                if job.state == "failed" and now - (job.finished or now) < self.retry_failed_after:
                    return job
            if self.pending(requester) >= self.max_per_requester:
                return None
            if len(self._queue) >= self.max_waiting and not self._make_room(requester):
                return None
            self._jobs.pop(table.key, None)
            job = self._jobs[table.key] = Job(table, now, requester, now)  # newest last: the oldest finished go first
            self._forget_old()
            self._queue.append(job)
            if requester not in self._turns:
                self._turns.append(requester)
            self._start_next()
            return job

    def _make_room(self, requester: str) -> bool:
        """A full queue and a requester with nothing waiting: drop the newest waiting job of whoever has the most
        waiting (more than one), so that a few addresses cannot keep everybody else out (the lock is held)."""
        if any(j.requester == requester for j in self._queue):
            return False
        counts: dict[str, int] = {}
        for j in self._queue:
            counts[j.requester] = counts.get(j.requester, 0) + 1
        who, most = max(counts.items(), key=lambda kv: kv[1], default=("", 0))
        if most < 2:
            return False
        victim = [j for j in self._queue if j.requester == who][-1]
        self._queue.remove(victim)
        if self._jobs.get(victim.table.key) is victim:
            del self._jobs[victim.table.key]
        log.info("dropped the waiting build of %s for a first build of another requester", victim.table.key)
        return True

    def pending(self, requester: str) -> int:
        """Builds of ``requester`` waiting or running (the lock is held, or a rough figure is enough)."""
        return sum(1 for j in self._queue if j.requester == requester) + (
            1 if self._running is not None and self._running.requester == requester else 0
        )

    def _drop_stale(self, now: float) -> None:
        """Forget waiting jobs nobody asked about for :attr:`stale_after` seconds (the lock is held)."""
        for job in [j for j in self._queue if now - j.asked > self.stale_after]:
            self._queue.remove(job)
            if self._jobs.get(job.table.key) is job:
                del self._jobs[job.table.key]
            log.info("dropped the waiting build of %s: not asked for in %.0f s", job.table.key, now - job.asked)

    def _order(self) -> list[Job]:
        """The waiting jobs in the order they will start (what :meth:`_pop_next` would give, one after another)."""
        turns = list(self._turns)
        left = {who: deque(j for j in self._queue if j.requester == who) for who in turns}
        out: list[Job] = []
        while turns:
            who = turns.pop(0)
            if left[who]:
                out.append(left[who].popleft())
                if left[who]:
                    turns.append(who)
        return out + [j for j in self._queue if j not in out]

    def _pop_next(self) -> Job | None:
        """The next waiting job, round robin across requesters: the next requester in turn gives his oldest, and
        goes to the back of the turns (the lock is held)."""
        while self._turns:
            who = self._turns.popleft()
            mine = [j for j in self._queue if j.requester == who]
            if not mine:
                continue
            job = mine[0]
            self._queue.remove(job)
            if len(mine) > 1:
                self._turns.append(who)
            return job
        return self._queue.popleft() if self._queue else None

    def job(self, key: str) -> Job | None:
        with self._lock:
            return self._jobs.get(key)

    def eta(self, job: Job) -> float | None:
        """Rough seconds until ``job``'s table is built: its estimate, less what the running build has done, plus
        the estimates of the builds before it; None when an estimate is missing or a build overran its own."""
        now = time.monotonic()
        with self._lock:
            if job.state in ("done", "failed"):
                return 0.0
            order = self._order()
            ahead = order[: order.index(job)] if job in order else []
            chain = (
                ([self._running] if self._running is not None else []) + ahead + ([job] if job.started is None else [])
            )
            total = 0.0
            for j in chain:
                if j.table.cpu_seconds is None:
                    return None
                left = j.table.cpu_seconds - (now - j.started if j.started is not None else 0.0)
                if left <= 0:
                    return None  # longer than estimated: no honest figure
                total += left
            return total

    def _forget_old(self) -> None:
        for key in [k for k, j in self._jobs.items() if j.finished is not None][: max(0, len(self._jobs) - JOBS_KEPT)]:
            del self._jobs[key]

    def _start_next(self) -> None:
        """Start the next waiting build if none runs (the lock is held)."""
        if self._running is not None or not self._queue:
            return
        self._drop_stale(time.monotonic())
        job = self._pop_next()
        if job is None:
            return
        job.started = time.monotonic()
        self._running = job
        self.started += 1
        recv, send = self._context.Pipe(duplex=False)
        proc = self._context.Process(
            target=_build_in_child, args=(job.table.build, send), daemon=True, name=f"wuerfel-build-{job.table.key}"
        )
        try:
            proc.start()
        except Exception as exc:  # no process at all (out of memory, a table that cannot be pickled)
            send.close()
            recv.close()
            self._finish(job, f"{type(exc).__name__}: {exc}")
            return
        send.close()
        threading.Thread(
            target=self._watch, args=(job, proc, recv), daemon=True, name=f"wuerfel-build-watch-{job.table.key}"
        ).start()

    def _watch(self, job: Job, proc: multiprocessing.process.BaseProcess, recv: Connection) -> None:
        """Wait for the child's word (or its end without one) and start the next build."""
        error: str | None
        try:
            error = recv.recv()
        except (EOFError, OSError):
            error = "no answer"
        finally:
            recv.close()
        proc.join()
        if error is None and proc.exitcode != 0:
            error = f"exit code {proc.exitcode}"
        elif error == "no answer":
            error = f"the build process ended without an answer (exit code {proc.exitcode})"
        with self._lock:
            self._finish(job, error)

    def _finish(self, job: Job, error: str | None) -> None:
        """Record the outcome and start the next build (the lock is held)."""
        job.finished = time.monotonic()
        job.error = error
        if self._running is job:
            self._running = None
        took = job.finished - (job.started or job.finished)
        if error is None:
            log.info("built %s in %.1f s", job.table.key, took)
        else:
            log.warning("building %s failed after %.1f s: %s", job.table.key, took, error)
        self._start_next()


_BUILDER: TableBuilder | None = None
_BUILDER_LOCK = threading.Lock()


def builder() -> TableBuilder:
    """The process's one :class:`TableBuilder`."""
    global _BUILDER
    with _BUILDER_LOCK:
        if _BUILDER is None:
            _BUILDER = TableBuilder()
        return _BUILDER
