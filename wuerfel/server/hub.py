"""Every live table of one worker, and what they share: the store and its writer, the dice, the limits per address,
the loading, idle eviction and the sweep.

Apart from :mod:`~wuerfel.server.live` (one table) because it is the worker's side of a table's life — which tables
are in memory, who may connect, when one is loaded or dropped — not the table's rules; in a cluster the
:class:`~wuerfel.server.cluster.owner.Node` sits beside it and decides which tables this worker may run.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import gc
import logging
import os
import time
from collections import Counter
from typing import Any

from wuerfel.engine.errors import RuleError, WuerfelError
from wuerfel.engine.registry import GameInfo
from wuerfel.engine.sources import SystemSource
from wuerfel.server import serverdice
from wuerfel.server.builds import BuildGate
from wuerfel.server.cluster.owner import Node
from wuerfel.server.cluster.shared import LocalShared, Shared, SharedUnavailable
from wuerfel.server.conn import Conn
from wuerfel.server.core.pacing import SPECTATOR_INTERVAL
from wuerfel.server.core.refusals import TableError
from wuerfel.server.core.steps import Admit, Admitted, Now, Uncount
from wuerfel.server.live import THROW_WAIT, LiveTable
from wuerfel.server.messages import (
    db_refusal,
    retry_pause,
)
from wuerfel.server.rows import Player, SeatRow
from wuerfel.server.rows import now as store_now
from wuerfel.server.store import Store
from wuerfel.server.writer import make_writer

log = logging.getLogger("wuerfel.server")


IDLE_EVICT = 600.0
"""Seconds (nominal, scaled like every limit) a running table nobody is connected to and nothing touched stays in
memory (see :meth:`Hub.sweep`); ``WUERFEL_IDLE_EVICT`` sets another."""
SWEEP_EVERY = 30.0
"""Seconds between two :meth:`Hub.sweep` of the finished tables nobody holds."""
SWEEP_GRACE = 10.0
"""Seconds a table handed out by :meth:`Hub.get` is safe from :meth:`Hub.sweep`."""
GAUGE_TTL = 60.0
"""Seconds a worker's part of a count per address (open websockets, builds) lives in the shared facts without its
keeper re-stating it (:meth:`Hub.keep_counts`, every third of it): how long a dead worker's sockets still count."""


def _env_int(name: str, default: int) -> int:
    try:
        return max(1, int(os.environ.get(name, default)))
    except ValueError:
        return default


def _env_float(name: str, default: float) -> float:
    try:
        return max(0.0, float(os.environ.get(name, default)))
    except ValueError:
        return default


class Hub:
    """Every live table of the server, plus what they share: the store, the writer, the dice."""

    def __init__(
        self,
        store: Store,
        bot_delay: float = 0.6,
        throw_wait: float = THROW_WAIT,
        clock_scale: float = 1.0,
        idle_evict: float | None = None,
        node: Node | None = None,
        shared: Shared | None = None,
    ) -> None:
        self.store = store
        self.shared: Shared = shared if shared is not None else LocalShared()
        """Where the counts per address meet (the cluster's, so an address holds its limit on all workers together;
        by default this process's own)."""
        self.member = node.worker_id if node is not None else "local"
        """This worker's name for its part of those counts."""
        self.node = node
        """This worker's part in a cluster (ownership, relayed sockets, failover); None: the single process."""
        if node is not None:
            node.hub = self
        self.clock_scale = clock_scale
        """Every table clock's limit is multiplied by this (1 in production; a test server runs a 60 s move in
        0.6 s with 0.01, and a day in under 15 minutes with 0.01 too — tests pick what they need)."""
        nominal = idle_evict if idle_evict is not None else _env_int("WUERFEL_IDLE_EVICT", int(IDLE_EVICT))
        self.idle_evict = nominal * clock_scale
        """Seconds a running table nobody is connected to stays in memory untouched (:data:`IDLE_EVICT`, or
        ``WUERFEL_IDLE_EVICT``; scaled like every limit, so the test-speed clock drops tables quickly too)."""
        self.up_since = store_now()
        """When this process started (the store's clock): a stored deadline that passed after it ran out while this
        worker was up — a failover of a few seconds at most, not a platform nobody could reach — and gets no restart
        grace on the worker that takes the table over (see :func:`clocks.rearm_after_restart`)."""
        self._evicted: set[str] = set()
        """Running tables this server let go while idle: loaded again, a deadline of theirs that passed stands (no
        restart grace: the server was up, people could have moved)."""
        self._wakers: dict[str, asyncio.TimerHandle] = {}
        """Per evicted table with a running table clock: loads it when its stored deadline falls due."""
        self._waking: set[asyncio.Task[Any]] = set()
        self._closing = False
        """Set by :meth:`close`: a wake-up that failed meanwhile is not tried again."""
        self.sweep_grace = SWEEP_GRACE
        """Seconds a table handed out by :meth:`get` is safe from :meth:`sweep` (a websocket between its lookup and
        its join)."""
        self.writer = make_writer(store)
        self.bot_delay = bot_delay
        self.throw_wait = throw_wait
        """Seconds a person's throw waits for his tap before the server throws for him (0: no limit)."""
        self.source = SystemSource()
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Task[LiveTable | None]] = {}
        self.per_address = _env_int("WUERFEL_WS_PER_ADDRESS", 32)
        """Open websockets one client address may hold (all tables together)."""
        self.spectators = _env_int("WUERFEL_SPECTATORS_PER_TABLE", 100)
        """Connections of people without a seat one table accepts (the players themselves are never refused)."""
        self.anonymous = _env_int("WUERFEL_ANONYMOUS_SPECTATORS_PER_TABLE", 50)
        """Of those, connections without an account (watching needs no session, so these are the cheap ones)."""
        self.watchers_per_address = _env_int("WUERFEL_SPECTATORS_PER_ADDRESS", 4)
        """Anonymous spectators' connections one client address may hold at one table (issue 24, L6: before, 4
        addresses filled a table's spectator places)."""
        self.spectator_interval = _env_float("WUERFEL_SPECTATOR_INTERVAL", SPECTATOR_INTERVAL)
        """Seconds between two state messages to one spectator (0: every move at once; see :mod:`..pacing`)."""
        self._by_address: Counter[str] = Counter()
        self.builds = BuildGate(shared=self.shared, member=self.member, ttl=GAUGE_TTL)
        """Threads and caps for making bots and advisors, apart from the store's threads (issue 24 §4 H2)."""

    def admit(self, table: LiveTable, conn: Conn, address: str) -> TableError | None:
        """Count ``conn`` in, or say why not: the core's :class:`~wuerfel.server.core.steps.Admit` decides
        (:mod:`wuerfel.server.core.admission`); the shell counts the address's sockets first and carries out the
        answer (keeps the count, or gives it back).

        The count per address is the sum of every worker's (:attr:`shared`, issue 25 §2): with N workers an address
        holds :attr:`per_address` in all, not N times that. Shared facts away: each worker counts for itself."""
        sockets, shared = self._count_in(address)
        p = conn.player
        # Admission reads no time and throws no dice.
        who = Admit(conn, p.id if p else None, address, sockets, self)
        step = table.core.handle(who, Now(time.monotonic(), time.time()), serverdice.dice(table))
        for effect in step.effects:
            if isinstance(effect, Admitted):
                self._by_address[address] += 1
                conn.address = address
            elif isinstance(effect, Uncount) and shared:
                with contextlib.suppress(SharedUnavailable):  # the keeper states the right count when they are back
                    self.shared.gauge(f"ws|{address}", self.member, -1, GAUGE_TTL)
        refused = step.refused
        return refused.error if refused is not None else None

    def _count_in(self, address: str) -> tuple[int, bool]:
        """Count one more websocket of ``address``: its open websockets in all workers with this one, and whether it
        was counted in :attr:`shared` (True) or, those being away, only looked up in this worker's own count. A
        blocking round trip on the loop: one per websocket opened or closed, as cheap as the rate limits'
        (``Shared`` says where that is fine)."""
        try:
            return self.shared.gauge(f"ws|{address}", self.member, 1, GAUGE_TTL), True
        except SharedUnavailable:
            return self._by_address[address] + 1, False

    def keep_counts(self) -> None:
        """Re-state this worker's parts of the counts per address (open websockets, builds) in :attr:`shared`, so
        they outlive :data:`GAUGE_TTL` while this worker lives (and heal after a Redis restart); blocking."""
        try:
            for address, n in list(self._by_address.items()):
                self.shared.set_gauge(f"ws|{address}", self.member, n, GAUGE_TTL)
            self.builds.keep()
        except SharedUnavailable:
            log.warning("the counts per address could not be kept in the shared facts")

    def release(self, conn: Conn, address: str) -> None:
        if conn.address is None:
            return
        conn.address = None
        self._by_address[address] -= 1
        if self._by_address[address] <= 0:
            del self._by_address[address]
        with contextlib.suppress(SharedUnavailable):  # the keeper states the right count when they are back
            self.shared.gauge(f"ws|{address}", self.member, -1, GAUGE_TTL)

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table, loaded from its log if need be and kept in :attr:`tables`: for whoever acts on it or
        joins it (a websocket, a rematch, the host's muting). A finished table registered so leaves again as soon
        as nobody is connected and nothing holds it (:meth:`LiveTable._maybe_evict`, :meth:`sweep`)."""
        t = self.tables.get(table_id)
        if t is None:
            t = await self.peek(table_id)
            if t is None:
                return None
            if self.node is not None and table_id not in self.tables and await self.node.own(table_id) is None:
                return t  # owned by another worker: a copy read from the log (the app routes actions there)
            # Another request may have registered the table meanwhile: everybody must act on one object.
            t = self.tables.setdefault(table_id, t)
        t.used_at = t.touched_at = time.monotonic()
        return t

    async def peek(self, table_id: str) -> LiveTable | None:
        """The table for reading (its summary, the replay, the record, a page): the live one when it is in memory,
        else loaded from its log. A finished table read so is *not* kept: it is the stored log folded into its
        states, without bots, and it is freed with the answer — a server that is asked for thousands of old tables
        (links, Meine Partien, crawlers) keeps none of them (issue 17: 13–15 MB per 50 tables, until restart)."""
        t = self.tables.get(table_id)
        if t is not None:
            return t
        if not isinstance(table_id, str) or len(table_id) > 32:
            return None
        # One load per table, however many ask at once; tables load independently (a long log being replayed in
        # the background does not hold up a visitor of another table).
        task = self._loading.get(table_id)
        if task is None:
            task = self._loading[table_id] = asyncio.get_running_loop().create_task(self._load(table_id))
            task.add_done_callback(lambda _: self._loading.pop(table_id, None))
        return await asyncio.shield(task)

    async def _load(self, table_id: str) -> LiveTable | None:
        row = await asyncio.to_thread(self.store.get_table, table_id)
        if row is None:
            return None
        # Several workers (issue 25 §2): an unfinished table runs only under this worker's lease; without it, it is
        # read from its log like a finished one (another worker runs it).
        owned = row.status == "finished" or self.node is None or await self.node.own(table_id) is not None
        try:
            t = LiveTable(self, row)
            if row.status != "open":
                events = await asyncio.to_thread(self.store.load_log, table_id)
                # Replaying a long log and building the bots take long: a worker thread does it (the table is not
                # published yet, so nothing else touches it meanwhile).
                await asyncio.to_thread(t.restore, events)
            if row.status != "open" and owned:
                await t.rearm_after_restart(grace=table_id not in self._evicted, up_since=self.up_since)
                # A table resumed at a timed node gets a full new window: the old one ran out while nobody could
                # act (the server was down), and expiring it at once would decide for people who had no chance.
                t._arm_clock(fresh=True)
            t.chat = await asyncio.to_thread(self.store.load_chat, table_id)
            t.muted = await asyncio.to_thread(self.store.muted, table_id)
            await t.refresh_ratings()
        except (WuerfelError, RuntimeError):
            # A game that is no longer installed, or a log that no longer replays: the table is unusable, the rest
            # of the server is not.
            log.exception("table %s cannot be loaded", table_id)
            return None
        if row.status == "finished" or not owned:
            return t  # read from the store, not kept (see :meth:`peek`); :meth:`get` registers it when it is used
        self._evicted.discard(table_id)
        waker = self._wakers.pop(table_id, None)
        if waker is not None:
            waker.cancel()
        self.tables[table_id] = t
        if row.status == "playing":
            # Whoever loads a table first — a visitor or the background resume — lets it continue.
            t.resumer = asyncio.get_running_loop().create_task(t.resume())
        return t

    async def create(
        self,
        info: GameInfo,
        rules_id: str,
        rules: dict[str, Any],
        seats: int,
        scorekeeper: bool,
        private: bool,
        host: Player,
        bots: dict[int, str],
        sit: bool,
        names: dict[int, str] | None = None,
        spectator_chat: bool = False,
        hints: bool = True,
        clock: str = "none",
        move_seconds: int | None = None,
        on_expiry: str = "bot",
        rated: bool = False,
    ) -> LiveTable:
        rows = [SeatRow(s, None, b, b) for s, b in bots.items()]
        # A real table (scorekeeper) names its people: the creator's phone holds those seats under their names.
        rows += [SeatRow(s, host.id, None, name) for s, name in (names or {}).items() if s not in bots]
        if sit and 0 not in bots and 0 not in (names or {}):
            rows.append(SeatRow(0, host.id, None, host.name, not host.registered))
        with db_refusal():
            row = await asyncio.to_thread(
                self.store.create_table,
                info.id,
                rules_id,
                rules,
                seats,
                scorekeeper,
                private,
                host.id,
                rows,
                spectator_chat,
                hints,
                clock,
                move_seconds,
                on_expiry,
                rated,
            )
        if self.node is not None:
            await self.node.own(row.id)  # a new id: nobody else can hold it
        t = LiveTable(self, row)
        await t.refresh_ratings()
        self.tables[row.id] = t
        return t

    @staticmethod
    async def freeze_garbage_collector(every: float = 1.0, full_every: float = 600.0) -> None:
        """Keep full garbage collections short: move what survived the last second out of the collector.

        Live tables keep growing object graphs (states, events); CPython's full collections walk all of them and,
        measured under load, stopped the event loop for up to 0.7 s. Every second we collect once (cheap: only
        objects younger than the last freeze are looked at) and freeze the survivors. Frozen objects are still freed
        by reference counting; only reference cycles that were alive at a freeze and die later (a closed
        connection's task and frames) wait for the unfrozen full collection every ``full_every`` seconds.
        """
        last_full = time.monotonic()
        while True:
            await asyncio.sleep(every)
            if time.monotonic() - last_full >= full_every:
                gc.unfreeze()
                last_full = time.monotonic()
            gc.collect()
            gc.freeze()

    def player_registered(self, player: Player, old_name: str) -> None:
        """A guest registered (issue 16: he keeps his player and his games): the tables in memory drop his guest mark
        and take his new name where his seat had the old one, as the store did (``Store.register_guest``); his open
        connections carry the registered player from now on (his chat lines no longer marked as a guest's, a
        spectator named by his new name) without reconnecting."""
        for t in self.tables.values():
            t.core.here.rename(player.id, player.name)
            for c in t.conns:
                if c.player is not None and c.player.id == player.id:
                    c.player = player
            seats = t.row.seats
            for i, s in enumerate(seats):
                if s.player_id == player.id and s.guest:
                    seats[i] = dataclasses.replace(s, guest=False, name=player.name if s.name == old_name else s.name)
                    t._changed()

    def sweep(self) -> int:
        """Let go of every finished table nobody is connected to and nothing is working on (its lock is free); returns
        how many left. The finished tables are evicted when their last connection leaves; this catches those
        registered by a request that did not end in a connection (a refused websocket, a rematch or mute that
        failed)."""
        gone = 0
        now = time.monotonic()
        for t in list(self.tables.values()):
            # A table just handed out by :meth:`get` is about to be used (a websocket between its lookup and its
            # join): it is left alone for a while.
            if (
                t.row.status == "finished"
                and not t.conns
                and not t.lock.locked()
                and now - t.used_at >= self.sweep_grace
            ):
                t._maybe_evict()
                gone += self.tables.get(t.id) is not t
            elif t.idle(now):
                self._evicted.add(t.id)
                at = t._drop_idle()
                if at is not None:
                    self._wake_at(t.id, at)
                gone += 1
        return gone

    def _wake_at(self, table_id: str, at: float, backoff: float = 0.0) -> None:
        """Load the evicted table ``table_id`` when its stored deadline falls due (Unix time ``at``): loading arms
        its clock to the stored moment, which then runs out as if the table had stayed (as after a restart).

        A load that fails (the database away for a moment) is tried again after a growing pause, as a failed commit
        is: else the clock of a table nobody opens would never run out, and its players would wait for a move that
        the clock should have decided."""
        loop = asyncio.get_running_loop()
        old = self._wakers.pop(table_id, None)
        if old is not None:
            old.cancel()

        def wake() -> None:
            self._wakers.pop(table_id, None)
            if table_id in self.tables:
                return
            task = loop.create_task(self.get(table_id))
            self._waking.add(task)
            task.add_done_callback(lambda done: self._woken(done, table_id, backoff))

        self._wakers[table_id] = loop.call_later(max(0.0, at - time.time()), wake)

    def _woken(self, task: asyncio.Task[Any], table_id: str, backoff: float) -> None:
        self._waking.discard(task)
        if task.cancelled() or self._closing:
            return
        if task.exception() is not None:
            pause = retry_pause(backoff)
            log.error(
                "an evicted table could not be loaded at its deadline; trying again in %.1f s",
                pause,
                exc_info=task.exception(),
            )
            self._wake_at(table_id, time.time() + pause, pause)

    async def sweep_forever(self, every: float = SWEEP_EVERY) -> None:
        """:meth:`sweep` every ``every`` seconds (more often when idle tables go sooner: a test-speed clock), for
        as long as the server runs."""
        every = min(every, max(1.0, self.idle_evict / 2), GAUGE_TTL / 3)
        while True:
            await asyncio.sleep(every)
            self.sweep()
            await asyncio.to_thread(self.keep_counts)

    async def resume_all(self) -> int:
        """Load every unfinished table from its log and let bots and dice continue where they stopped.

        The server runs this in the background after it started listening: with long logs it takes seconds, and a
        table somebody opens meanwhile is loaded at once by :meth:`get` (and continues from there) anyway.
        """
        backoff = 0.0
        while True:
            try:
                ids = await asyncio.to_thread(self.store.unfinished_table_ids)
                if self.node is not None:  # a worker of a cluster resumes only the tables nobody runs
                    ids = await asyncio.to_thread(self.node.leases.expired, ids)
                break
            except Exception:
                # A database not reachable yet (PostgreSQL starting after us): keep trying, the server runs meanwhile.
                backoff = retry_pause(backoff)
                log.exception("unfinished tables cannot be listed; trying again in %.1f s", backoff)
                await asyncio.sleep(backoff)
        n = 0
        for table_id in ids:
            try:
                t = await self.get(table_id)
            except (WuerfelError, RuleError, RuntimeError):
                log.exception("table %s could not be resumed", table_id)
                continue
            if t is not None:
                n += 1
        return n

    async def close(self) -> None:
        if self._closing:
            return  # a worker of a cluster closes its hub before the app's shutdown does (wuerfel serve)
        self._closing = True
        for waker in self._wakers.values():
            waker.cancel()
        self._wakers.clear()
        for task in list(self._waking):
            task.cancel()
        for t in self.tables.values():
            if t.resumer is not None:
                t.resumer.cancel()
            if t.driver is not None:
                t.driver.cancel()
            for timer in t.timers.values():
                timer.cancel()
        self.builds.close()
        await asyncio.to_thread(self.writer.close)
        if self.node is not None:
            await self.node.close()  # after the writer: the next owner reads every acknowledged move
