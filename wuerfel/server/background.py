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
- **per requester at most** :data:`CPU_PER_HOUR` **seconds of build CPU an hour** (what his finished builds took,
  measured in the child, plus the running one so far and the estimates of his waiting ones): past it, a new build of
  his waits for the hour to roll on, and the analysis says so in words (issue 24 §4 M3: the report asked for a CPU
  budget per hour beside the quota). A requester's first build is always taken, however long its estimate;
- a waiting build nobody has asked about for :data:`STALE_AFTER` seconds (its page was closed) is dropped; when
  the queue is full, a requester with nothing waiting takes the place of the newest waiting build of whoever has
  the most waiting (if more than one): its asker is told "later" and asks again with his next poll.

With several workers (issue 25 §2), a :class:`TableBuilder` that has :meth:`~TableBuilder.join` ed the cluster's
:class:`~wuerfel.server.cluster.shared.Shared` also builds **one table at a time in the whole cluster**: it takes the
lock ``build:<key>`` before starting (and keeps it fresh while the child runs); a worker that finds it taken does not
build, and its askers hear "being computed" until the lock is free — then the job counts as done, the analysis looks
again, and finds the table if the builder wrote it where this worker reads. The tables land in the solvers' disk
cache of the machine that built them (``WUERFEL_CACHE_DIR``, default under the user cache directory,
``~/.cache/wuerfel`` on Linux): the workers of that machine find them there, workers on other machines build their
own copy (the lock only keeps them from building at the same time) unless that directory is shared between the
machines (docs/web.md). The hourly CPU budget per requester is then counted in ``Shared`` too (a fixed hour from his
first counted build), the queue and its caps stay per worker.

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
import secrets
import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Literal

from wuerfel.engine.advice import MissingTable
from wuerfel.server.cluster.shared import Shared

log = logging.getLogger("wuerfel.server.background")

NICE = 10
"""How much lower the build's priority is than the server's: live games first."""
RETRY_FAILED_AFTER = 3600.0
"""Seconds a failed build is reported as failed before the next asker may start it again."""
MAX_WAITING = 8
"""Tables waiting for their turn (besides the one being built); more are not taken."""
MAX_PER_REQUESTER = 2
"""Builds one requester (client address) may have waiting or running at once."""
CPU_PER_HOUR = 1800.0
"""Seconds of build CPU one requester may use in any hour (``WUERFEL_BUILD_CPU_PER_HOUR``): ten duel tables' worth
of a made-up Zehntausend target, half an hour of one core."""
HOUR = 3600.0
STALE_AFTER = 600.0
"""Seconds after its last request a waiting build is dropped (nobody waits for it any more)."""
LOCK_TTL = 60.0
"""Seconds the cluster's build lock lives unless renewed (a worker that dies mid-build frees it within this)."""
LOCK_RENEW = 15.0
"""Seconds between renewals of the build lock while the child builds."""
BUILT_FLAG = 600.0
"""Seconds a finished build keeps a job of the same table on another worker of the machine from building it again."""
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
    cpu: float | None = None
    """CPU seconds the build took in its child (None: not finished, or the child said nothing)."""
    elsewhere: bool = False
    """Another worker of the cluster builds this table (it held the lock): this one only waits for the lock."""

    @property
    def state(self) -> State:
        if self.elsewhere and self.finished is None:
            return "running"
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
    """The child process: build at a lower priority and send ``(None, cpu)`` (built) or ``(why it failed, cpu)``,
    ``cpu`` being the CPU seconds the build took (counted against its requester's hourly budget)."""
    threading.Thread(target=_end_with_parent, args=(os.getppid(),), daemon=True, name="wuerfel-build-parent").start()
    with contextlib.suppress(OSError):
        os.nice(NICE)
    try:
        build()
    except BaseException as exc:  # everything: the parent must hear why, not guess from an exit code
        with contextlib.suppress(OSError):  # a server gone meanwhile hears nothing (BrokenPipeError)
            conn.send((f"{type(exc).__name__}: {exc}", time.process_time()))
    else:
        with contextlib.suppress(OSError):
            conn.send((None, time.process_time()))
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
        cpu_per_hour: float = CPU_PER_HOUR,
        shared: Shared | None = None,
    ) -> None:
        self.shared = shared
        """The cluster's shared facts (:meth:`join`); None: this process is the whole platform."""
        self.worker = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        """This builder's name as the owner of a build lock."""
        self.max_waiting = max_waiting
        self.cpu_per_hour = cpu_per_hour
        self._spent: dict[str, deque[tuple[float, float]]] = {}
        """Per requester: (when it finished, CPU seconds) of his builds of the last hour."""
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

    def join(self, shared: Shared) -> None:
        """Build as one worker of a cluster: one build per table in the whole cluster, the CPU budget shared."""
        self.shared = shared

    def _take_lock(self, key: str, ttl: float = LOCK_TTL) -> bool:
        """Take (or renew) the cluster's lock on building ``key``; True also without a cluster, and when the shared
        facts are out of reach (a table built twice costs CPU; one never built costs the players their graph)."""
        if self.shared is None:
            return True
        try:
            return self.shared.lock(f"build:{key}", self.worker, ttl)
        except Exception:
            log.warning("could not take the build lock of %s; building without it", key, exc_info=True)
            return True

    def _free_lock(self, key: str) -> None:
        if self.shared is not None:
            try:
                self.shared.unlock(f"build:{key}", self.worker)
            except Exception:  # it expires by itself
                log.warning("could not free the build lock of %s", key, exc_info=True)

    def _built_key(self, key: str) -> str:
        """The flag of a table just built on this machine: its disk cache, which this machine's workers share."""
        return f"built:{socket.gethostname()}:{key}"

    def _built_here(self, key: str) -> bool:
        """Whether another worker of this machine built ``key`` within :data:`BUILT_FLAG` seconds (a job that
        waited here meanwhile would build it a second time)."""
        if self.shared is None:
            return False
        try:
            return self.shared.has_flag(self._built_key(key))
        except Exception:
            return False

    def request(self, table: MissingTable, requester: str = "") -> Job | None:
        """The job building ``table``: the one already waiting, running or recently failed, else a new one (also
        when an earlier build of it is done: the caller still misses the table, so it was removed since).
        None when :attr:`max_waiting` tables already wait, or ``requester`` (the client address) has
        :attr:`max_per_requester` builds waiting or running: ask again later."""
        now = time.monotonic()
        with self._lock:
            self._drop_stale(now)
            job = self._jobs.get(table.key)
            if job is not None and job.elsewhere and job.finished is None:
                job.asked = now
                if self._take_lock(table.key, ttl=1.0):  # the other worker is done (or gone): look again
                    self._free_lock(table.key)
                    job.finished = now
                return job
            if job is not None:
                if job.state in ("waiting", "running"):
                    job.asked = now
                    return job
                if job.state == "failed" and now - (job.finished or now) < self.retry_failed_after:
                    return job
            if self.pending(requester) >= self.max_per_requester:
                return None
            if self.over_budget(requester, table, now):
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

    def spent(self, requester: str, now: float | None = None) -> float:
        """CPU seconds ``requester``'s builds took in the last hour, the running one's so far included (the lock is
        held, or a rough figure is enough)."""
        now = time.monotonic() if now is None else now
        done = self._spent.get(requester)
        while done and now - done[0][0] > HOUR:
            done.popleft()
        running = self._running
        return self._spent_done(requester, sum(c for _, c in done or ())) + (
            now - running.started if running is not None and running.requester == requester and running.started else 0.0
        )

    def _spent_done(self, requester: str, here: float) -> float:
        """CPU seconds of ``requester``'s finished builds this hour: ``here`` (this worker's), or in a cluster what
        every worker counted (a fixed hour from his first counted build; ``now`` does not move it)."""
        if self.shared is None:
            return here
        try:
            return self.shared.get_count(f"build-cpu|{requester}") / 1000
        except Exception:
            return here

    def over_budget(self, requester: str, table: MissingTable, now: float | None = None) -> bool:
        """Whether building ``table`` for ``requester`` now would take him past :attr:`cpu_per_hour` (what he spent
        this hour, plus the estimates of his waiting builds and of this one). His first build is always taken."""
        now = time.monotonic() if now is None else now
        owed = self.spent(requester, now) + sum(
            j.table.cpu_seconds or 0.0 for j in self._queue if j.requester == requester
        )
        return owed > 0 and owed + (table.cpu_seconds or 0.0) > self.cpu_per_hour

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
        for key in [
            k for k, j in self._jobs.items() if j.elsewhere and j.finished is None and now - j.asked > self.stale_after
        ]:
            del self._jobs[key]  # another worker's build nobody here waits for any more

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
            if job.elsewhere:
                return None  # built by another worker: how far it is, only that one knows
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
        """Start the next waiting build if none runs (the lock is held). A table another worker builds already
        is not started here (its job waits for that worker's lock); the next one is."""
        if self._running is not None or not self._queue:
            return
        self._drop_stale(time.monotonic())
        while True:
            job = self._pop_next()
            if job is None:
                return
            if self._built_here(job.table.key):  # by another worker of this machine, since this job was queued
                job.elsewhere, job.finished = True, time.monotonic()
                continue
            if self._take_lock(job.table.key):
                break
            job.elsewhere = True
            log.info("%s is being built by another worker", job.table.key)
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
            self._free_lock(job.table.key)
            self._finish(job, f"{type(exc).__name__}: {exc}")
            return
        send.close()
        threading.Thread(
            target=self._watch, args=(job, proc, recv), daemon=True, name=f"wuerfel-build-watch-{job.table.key}"
        ).start()

    def _watch(self, job: Job, proc: multiprocessing.process.BaseProcess, recv: Connection) -> None:
        """Wait for the child's word (or its end without one) and start the next build."""
        error: str | None
        cpu: float | None = None
        try:
            while not recv.poll(LOCK_RENEW):  # keep the cluster's lock while the child builds
                if not self._take_lock(job.table.key):
                    log.warning("the build lock of %s was taken by another worker", job.table.key)
            error, cpu = recv.recv()
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
            job.cpu = cpu
            self._finish(job, error)
        self._free_lock(job.table.key)  # after the "built" flag: a worker that then takes it sees the table built

    def _finish(self, job: Job, error: str | None) -> None:
        """Record the outcome and start the next build (the lock is held)."""
        job.finished = time.monotonic()
        job.error = error
        if self._running is job:
            self._running = None
        took = job.cpu if job.cpu is not None else job.finished - (job.started or job.finished)
        self._spent.setdefault(job.requester, deque()).append((job.finished, took))
        if self.shared is not None:
            try:
                self.shared.incr(f"build-cpu|{job.requester}", HOUR, round(took * 1000))
                if error is None:
                    self.shared.set_flag(self._built_key(job.table.key), BUILT_FLAG)
            except Exception:
                log.warning("could not count the build CPU of %s in the cluster", job.requester, exc_info=True)
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
            try:
                budget = float(os.environ.get("WUERFEL_BUILD_CPU_PER_HOUR", CPU_PER_HOUR))
            except ValueError:
                budget = CPU_PER_HOUR
            _BUILDER = TableBuilder(cpu_per_hour=budget)
        return _BUILDER
