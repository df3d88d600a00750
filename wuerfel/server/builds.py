"""Bot and advisor construction on the server: its own bounded threads and caps per address (issue 24 §4 H2).

Why: making a strong bot or an advisor may build solver tables for its rule set (the Würfelspiel planner: ~23 s and
~300 MB; Escalero's optimal sheets: ~18 s). These builds ran in asyncio's default executor, which every store call
also uses, so 20 tables of made-up rule sets stalled every request for seconds and took the server from 1.9 to 7.4
GB. Here:

- **Own threads.** Builds (making bots and advisors) run in :attr:`BuildGate.builds`, bot moves and hints of built
  tables in :attr:`BuildGate.moves`; neither is the default executor, so a build that holds all its threads never
  delays a store call (nor the moves and hints of tables whose tables are built).
- **Caps on distinct rule sets being built at once**: at most :attr:`BuildLimits.building` in the whole server and
  :attr:`BuildLimits.per_address` for one client address. A second asker of a rule set already being built joins
  it (it is one build: :func:`wuerfel.engine.shared.shared` builds once) and is not counted again. A rule set built
  a moment ago (:attr:`BuildLimits.warm` most recent) is not a build any more. Over a cap the request is refused at
  once with :class:`BuildBusy` (a translated reason): the bot falls back to a lighter one meanwhile and a hint says
  "later", rather than both waiting behind somebody else's builds.
- **Rule sets in use.** A table's bots and advisor keep their tables as long as the game runs (the shared cache's
  budget cannot free what a bot still holds), so one address could build one made-up rule set after another and
  keep them all: at most :attr:`BuildLimits.in_use_per_address` made-up rule sets with built tables may be in use
  by the running tables of one address, and :attr:`BuildLimits.in_use` in all (:meth:`BuildGate.hold`); the
  presets do not count (a fixed few, shared by everybody).
- **Work per address** is counted (builds started and their seconds, :meth:`BuildGate.stats`) for the log and the
  benchmark, and **bounded per hour** (issue 24 §4 H1): an address whose builds of made-up rule sets took
  :attr:`BuildLimits.seconds_per_hour` seconds within the hour (a fixed hour from its first counted build) starts no
  new build until the hour is over; its bots play lighter meanwhile and its hints say why. Its first build is always
  taken, however long; rule sets already built, joining somebody else's build and the presets (built once for
  everybody, then read from disk) cost it nothing. Build *seconds*, not CPU seconds: the Würfelspiel and Zehntausend
  kernels run on several threads of numba's, which a thread's CPU clock would not see, and a build holds its slot and
  its memory for exactly that long.

The memory the built tables keep is bounded by the shared cache's budget
(:func:`wuerfel.engine.shared.set_memory_budget`).

With several workers (issue 25) the cap **per address** on builds at once is the cluster's: each worker's part is a
gauge in the shared facts (:meth:`~wuerfel.server.cluster.shared.Shared.gauge`, re-stated by :meth:`BuildGate.keep`,
dropped by itself when its worker dies), so an address builds :attr:`BuildLimits.per_address` rule sets in all, not
that many on every worker. The other caps stay **per worker**: what they bound — build threads, the memory that
built tables hold — is each worker's own, and a rule set held by tables on two workers is in both memories. One
address may so hold :attr:`BuildLimits.in_use_per_address` made-up rule sets on each worker.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import os
import threading
import time
from collections import Counter, OrderedDict, defaultdict
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from wuerfel.engine.errors import N_, WuerfelError
from wuerfel.server.cluster.shared import LocalShared, Shared, SharedUnavailable

T = TypeVar("T")

log = logging.getLogger("wuerfel.server.builds")


class BuildBusy(WuerfelError):
    """A build refused because of a cap: ``reason`` "address" (this address builds enough already) or "server"."""

    def __init__(self, msgid: str, reason: str) -> None:
        super().__init__(msgid)
        self.reason = reason


BUSY_ADDRESS = N_("Tables for another rule set of yours are being computed right now; try again in a minute.")
BUSY_SERVER = N_("The server is computing tables for other rule sets right now; try again in a minute.")
IN_USE_ADDRESS = N_("Your other games with made-up rules already use computed tables; finish one of them first.")
IN_USE_SERVER = N_("The server keeps the tables of many made-up rule sets right now; try again later.")
HOUR_ADDRESS = N_("Your made-up rule sets have used this hour's computing time; try again later.")

HOUR = 3600.0
"""The window of :attr:`BuildLimits.seconds_per_hour`."""


def _env_int(name: str, default: int) -> int:
    try:
        return int(os.environ.get(name, "") or default)
    except ValueError:
        return default


@dataclasses.dataclass(frozen=True)
class BuildLimits:
    """The caps (``WUERFEL_BUILDS``, ``WUERFEL_BUILDS_PER_ADDRESS``; ``wuerfel serve --builds …``)."""

    building: int = 2
    """Distinct rule sets built at once in the whole server (each is up to ~300 MB and a core)."""
    per_address: int = 1
    """Distinct rule sets built at once for one client address."""
    warm: int = 4
    """Rule sets built last that count as built (the shared cache keeps about as many)."""
    moves: int = 4
    """Threads for bot moves and hints of built tables."""
    in_use: int = 6
    """Made-up rule sets whose tables running tables may hold at once (each up to ~300 MB)."""
    in_use_per_address: int = 2
    """Made-up rule sets whose tables the running tables of one address may hold at once."""
    seconds_per_hour: float = 900.0
    """Seconds of building made-up rule sets one address may take in an hour (``WUERFEL_BUILD_SECONDS_PER_HOUR``):
    about 40 Würfelspiel planners or 50 Escalero sheets, far beyond what a person at a few tables asks for."""

    @classmethod
    def from_env(cls) -> BuildLimits:
        return cls(
            building=max(1, _env_int("WUERFEL_BUILDS", cls.building)),
            per_address=max(1, _env_int("WUERFEL_BUILDS_PER_ADDRESS", cls.per_address)),
            in_use=max(1, _env_int("WUERFEL_RULESETS_IN_USE", cls.in_use)),
            in_use_per_address=max(1, _env_int("WUERFEL_RULESETS_IN_USE_PER_ADDRESS", cls.in_use_per_address)),
            seconds_per_hour=max(1, _env_int("WUERFEL_BUILD_SECONDS_PER_HOUR", int(cls.seconds_per_hour))),
        )


@dataclasses.dataclass
class _Build:
    address: str
    askers: int = 1
    budgeted: bool = True
    """Whether its seconds count against its address's hour (not for a preset)."""


class BuildGate:
    """The server's build threads and caps (module docstring); thread-safe, one per hub."""

    def __init__(
        self,
        limits: BuildLimits | None = None,
        shared: Shared | None = None,
        member: str = "local",
        ttl: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limits = limits or BuildLimits.from_env()
        self.shared: Shared = shared if shared is not None else LocalShared()
        """Where the builds per address of every worker meet (:meth:`keep` re-states this worker's part)."""
        self.member = member
        self.ttl = ttl
        self.clock = clock
        """What a build's seconds are read from (a test's own clock)."""
        # Builds may wait for each other (a joiner waits inside the shared cache for the first builder): one
        # thread more than the builds allowed, so a joiner never keeps the last build from starting.
        self.builds = ThreadPoolExecutor(max_workers=self.limits.building + 1, thread_name_prefix="wuerfel-build")
        self.moves = ThreadPoolExecutor(max_workers=self.limits.moves, thread_name_prefix="wuerfel-botmove")
        self._lock = threading.Lock()
        self._building: dict[Hashable, _Build] = {}
        self._warm: OrderedDict[Hashable, None] = OrderedDict()
        self.started: Counter[str] = Counter()
        """Builds started per address."""
        self.seconds: defaultdict[str, float] = defaultdict(float)
        """Seconds of build work per address."""
        self.refused: Counter[str] = Counter()
        """Builds refused per address."""
        self._hour: dict[str, list[float]] = {}
        """Per address: [start of its hour, seconds of budgeted builds in it] on this worker."""
        self._users: dict[Hashable, tuple[str, set[str]]] = {}
        """Made-up rule sets in use: key → (the address it is counted for, the tables holding it)."""

    def hold(self, key: Hashable, table: str, address: str) -> bool:
        """Count ``table`` as holding the built tables of the made-up rule set ``key`` (for ``address``), or raise
        :class:`BuildBusy` over :attr:`BuildLimits.in_use_per_address` / :attr:`BuildLimits.in_use`. True when the
        table was not holding it yet (the caller :meth:`release` s it again if its build then fails)."""
        with self._lock:
            users = self._users.get(key)
            if users is not None:
                if table in users[1]:
                    return False
                users[1].add(table)
                return True
            if len(self._users) >= self.limits.in_use:
                self.refused[address] += 1
                log.info("rule set for %s refused: %d made-up rule sets are in use", address, len(self._users))
                raise BuildBusy(IN_USE_SERVER, "server")
            if sum(1 for a, _ in self._users.values() if a == address) >= self.limits.in_use_per_address:
                self.refused[address] += 1
                log.info("rule set for %s refused: that address uses enough made-up rule sets", address)
                raise BuildBusy(IN_USE_ADDRESS, "address")
            self._users[key] = (address, {table})
            return True

    def release(self, key: Hashable, table: str) -> None:
        """``table`` no longer holds the tables of ``key``."""
        with self._lock:
            users = self._users.get(key)
            if users is not None:
                users[1].discard(table)
                if not users[1]:
                    del self._users[key]

    def let_go(self, table: str) -> None:
        """``table`` holds no built tables any more (its game ended, it left memory)."""
        with self._lock:
            for key in [k for k, (_, tables) in self._users.items() if table in tables]:
                self._users[key][1].discard(table)
                if not self._users[key][1]:
                    del self._users[key]

    def in_use(self) -> dict[Hashable, str]:
        """The made-up rule sets in use and the address each is counted for."""
        with self._lock:
            return {k: a for k, (a, _) in self._users.items()}

    def admit(self, key: Hashable, address: str, budgeted: bool = True) -> Callable[[bool], None]:
        """Count a build of ``key`` for ``address`` or raise :class:`BuildBusy`; the returned function ends it
        (its argument: whether it succeeded). ``budgeted``: its seconds count against the address's hour (False for
        the presets)."""
        with self._lock:
            if key in self._warm:
                self._warm.move_to_end(key)
                return lambda ok: None
            b = self._building.get(key)
            if b is not None:
                b.askers += 1
            else:
                if len(self._building) >= self.limits.building:
                    self.refused[address] += 1
                    log.info("build for %s refused: %d rule sets are being built", address, len(self._building))
                    raise BuildBusy(BUSY_SERVER, "server")
                if budgeted and self.spent(address) >= self.limits.seconds_per_hour:
                    self.refused[address] += 1
                    log.info("build for %s refused: that address used its hour of building", address)
                    raise BuildBusy(HOUR_ADDRESS, "hour")
                if not self._count(address, 1):
                    self.refused[address] += 1
                    log.info("build for %s refused: that address builds enough already", address)
                    raise BuildBusy(BUSY_ADDRESS, "address")
                b = self._building[key] = _Build(address, budgeted=budgeted)
                self.started[address] += 1
        t0 = self.clock()

        def done(ok: bool) -> None:
            with self._lock:
                b.askers -= 1
                if b.askers == 0 and self._building.get(key) is b:
                    del self._building[key]
                    self._count(b.address, -1)
                    took = self.clock() - t0
                    self.seconds[b.address] += took
                    if b.budgeted:
                        self._spend(b.address, took)
                    log.info(
                        "build for %s %s in %.1f s (%.0f s for this address so far)",
                        b.address,
                        "done" if ok else "failed",
                        took,
                        self.seconds[b.address],
                    )
                    if ok:
                        self._warm[key] = None
                        while len(self._warm) > self.limits.warm:
                            self._warm.popitem(last=False)

        return done

    def _count(self, address: str, by: int) -> bool:
        """Add ``by`` to this worker's part of ``address``'s builds in the shared facts (the mutex is held); False
        (nothing added) when one more would pass :attr:`BuildLimits.per_address` on all workers together. Shared
        facts away: this worker's own builds decide."""
        mine = sum(1 for x in self._building.values() if x.address == address)
        try:
            total = self.shared.gauge(f"builds|{address}", self.member, by, self.ttl)
        except SharedUnavailable:
            return by < 0 or mine < self.limits.per_address
        if by > 0 and total > self.limits.per_address:
            with contextlib.suppress(SharedUnavailable):  # :meth:`keep` states the right count when they are back
                self.shared.gauge(f"builds|{address}", self.member, -by, self.ttl)
            return False
        return True

    def spent(self, address: str) -> float:
        """Seconds of budgeted builds ``address`` finished this hour, on every worker (shared facts away: this
        worker's own count, which it keeps beside them)."""
        try:
            return self.shared.get_count(f"build-time|{address}") / 1000
        except SharedUnavailable:
            return self._spent_here(address)

    def _spend(self, address: str, took: float) -> None:
        now = self.clock()
        here = self._hour.setdefault(address, [now, 0.0])
        if now - here[0] >= HOUR:
            here[:] = [now, 0.0]
        here[1] += took
        with contextlib.suppress(SharedUnavailable):  # away: this worker's own count decides meanwhile
            self.shared.incr(f"build-time|{address}", HOUR, round(took * 1000))

    def _spent_here(self, address: str) -> float:
        here = self._hour.get(address)
        return here[1] if here is not None and self.clock() - here[0] < HOUR else 0.0

    def keep(self) -> None:
        """Re-state this worker's builds per address in the shared facts (the hub's keeper; blocking; raises
        :class:`SharedUnavailable`)."""
        with self._lock:
            mine = Counter(b.address for b in self._building.values())
        for address, n in mine.items():
            self.shared.set_gauge(f"builds|{address}", self.member, n, self.ttl)

    async def build(self, key: Hashable, address: str, fn: Callable[[], T], budgeted: bool = True) -> T:
        """Run ``fn`` (a bot's or advisor's construction for the rule set ``key``) in the build threads, counted
        for ``address``; :class:`BuildBusy` at once when a cap is reached."""
        done = self.admit(key, address, budgeted)
        ok = False
        try:
            out = await asyncio.get_running_loop().run_in_executor(self.builds, fn)
            ok = True
            return out
        finally:
            done(ok)

    async def move(self, fn: Callable[..., T], *args: object) -> T:
        """Run a bot's move or a hint of a built table in the move threads (not the store's)."""
        return await asyncio.get_running_loop().run_in_executor(self.moves, fn, *args)

    def building(self) -> dict[Hashable, str]:
        """The rule sets being built now and the address each is counted for."""
        with self._lock:
            return {k: b.address for k, b in self._building.items()}

    def stats(self) -> dict[str, object]:
        """Counts for the log and the benchmark."""
        with self._lock:
            return {
                "building": len(self._building),
                "started": dict(self.started),
                "seconds": {a: round(s, 1) for a, s in self.seconds.items()},
                "refused": dict(self.refused),
            }

    def close(self) -> None:
        """Stop taking work (running builds finish in their threads)."""
        self.builds.shutdown(wait=False, cancel_futures=True)
        self.moves.shutdown(wait=False, cancel_futures=True)
