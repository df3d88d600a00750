"""One worker of a cluster: which running tables it owns, how it serves the sockets other workers hold for them, and
how it takes over the tables of a worker that died (issue 25 §2; lila-ws ↔ lila, with the bus between them).

A :class:`Node` sits beside the worker's :class:`~wuerfel.server.hub.Hub`:

- **Ownership.** :meth:`Node.own` takes (or keeps) a table's lease; the hub runs a table only under a lease, and the
  table's events are stored under the lease's epoch (a worker that lost it can store nothing).
- **Remote connections.** A worker that holds a client's websocket for a table owned elsewhere relays it over the bus
  (:mod:`.proxy`); here, on the owner, each relayed socket is an ordinary :class:`~wuerfel.server.conn.Conn` whose
  sender publishes to the relaying worker's channel, so the table treats it exactly as a local one.
- **Calls.** An HTTP action on a table owned elsewhere (sit, start, resign, …) is sent to the owner as a call with a
  deadline (:meth:`Node.call`); the owner runs the same handler the app runs locally and answers.
- **Keeper and sweep.** Held leases are renewed every ``ttl / 3``; a table whose lease was lost is dropped at once
  (its clients told to reconnect, code :data:`CLOSE_MOVED`). Every ``ttl`` the worker takes the unfinished tables
  whose lease expired (an owner died), so clocks and bots go on with nobody connected.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
import uuid
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from wuerfel.server.cluster import wire
from wuerfel.server.cluster.bus import Bus, BusUnavailable, Subscription
from wuerfel.server.cluster.leases import Lease, Leases

if TYPE_CHECKING:
    from wuerfel.server.conn import Conn
    from wuerfel.server.hub import Hub
    from wuerfel.server.live import LiveTable
    from wuerfel.server.store import Store

log = logging.getLogger(__name__)

CLOSE_MOVED = 4503
"""Close code: the table's owner changed (a worker died or shut down); reconnect with ``since``."""
DEFAULT_TTL = 3.0
"""Seconds a lease lasts without renewal: a dead owner's tables are taken over within about this plus ``ttl / 3``."""
CALL_TIMEOUT = 5.0
"""Seconds a worker waits for the owner's answer to a forwarded HTTP action."""
ANSWERS_KEPT = 60.0
"""Seconds an owner remembers its answer to a forwarded call by the call's request id: a caller that timed out and
asks again with the same id gets the same answer, and the action is not applied twice."""


def new_worker_id() -> str:
    return uuid.uuid4().hex[:12]


def worker_channel(worker: str) -> str:
    return f"worker:{worker}"


class RemoteError(Exception):
    """The owner refused a forwarded call: the same code, message id, status and parameters as its local refusal."""

    def __init__(self, code: str, msgid: str, status: int, params: dict[str, Any]) -> None:
        super().__init__(msgid)
        self.code, self.msgid, self.status, self.params = code, msgid, status, params


class Moved(Exception):
    """The table is not (or no longer) owned by the worker asked: route again."""


class BusSender:
    """A :class:`~wuerfel.server.live.Sender` for a socket held by another worker: what the table sends goes to the
    relaying worker's channel for that socket."""

    def __init__(self, bus: Bus, channel: str) -> None:
        self.bus = bus
        self.channel = channel

    async def send_text(self, data: str) -> None:
        # the message as the table encoded it, behind one letter (:mod:`.wire`): no JSON around JSON
        await self.bus.publish(self.channel, wire.send(data))

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        await self.bus.publish(self.channel, wire.close(code))


@dataclass
class Remote:
    """A socket another worker relays to a table owned here."""

    table: LiveTable | None = None
    conn: Conn | None = None
    address: str = ""
    heard: float = field(default_factory=time.monotonic)
    inbox: asyncio.Queue[tuple[str, str]] = field(default_factory=asyncio.Queue)
    """(kind, body) of the socket's join, frames and leave (:mod:`.wire`), in order."""
    task: asyncio.Task[None] | None = None


Handler = Callable[[str, dict[str, Any]], Awaitable[Any]]
"""An HTTP action on a table (table id, its JSON arguments) → its JSON answer; raises the app's refusals."""


class Node:
    def __init__(self, leases: Leases, bus: Bus, worker_id: str | None = None, ttl: float = DEFAULT_TTL) -> None:
        self.leases = leases
        self.bus = bus
        self.worker_id = worker_id or new_worker_id()
        self.ttl = ttl
        self.epochs: dict[str, int] = {}
        """The tables this worker owns, with the epoch it owns each under."""
        self.handlers: dict[str, Handler] = {}
        """The app's HTTP actions on a table, by name: run here for a call forwarded by another worker."""
        self.refusals: tuple[type[Exception], ...] = ()
        """Exceptions a handler raises as a refusal (code, msgid, status, params): answered as such to the caller."""
        self.remotes: dict[str, Remote] = {}
        self.hub: Hub | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._sub: Subscription | None = None
        self.closing = False
        self._renewer = ThreadPoolExecutor(1, thread_name_prefix="wuerfel-lease-renew")
        """The renewal's own thread: measured under load (bench/cluster.py), renewals queued behind the store's
        reads in the loop's shared thread pool came later than the lease's life, every table of a busy worker
        expired, and other workers took them over from under their players (4503 for everyone, over and over)."""
        self._lookups = ThreadPoolExecutor(2, thread_name_prefix="wuerfel-leases")
        """Threads for the other lease questions (who owns a table, taking one, letting one go), apart from the
        store's and from the renewal."""
        self._relayed_to: dict[str, set[str]] = {}
        """The sockets this worker relays, by the worker that owns their table (for the pings)."""
        self._pinger: asyncio.Task[None] | None = None
        self._answers: dict[str, tuple[float, asyncio.Future[dict[str, Any]]]] = {}
        """Answers to forwarded calls by request id (in flight, or given within :data:`ANSWERS_KEPT`)."""
        self._owners: dict[str, tuple[float, asyncio.Future[Lease | None]]] = {}
        """Who owns a table, as last asked, by table: every relayed socket of a table watches its owner, and they share
        one question per ``ttl / 6`` instead of asking one each."""

    # --- ownership ------------------------------------------------------------------------------------------------
    async def _lease_call(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._lookups, fn, *args)

    async def own(self, table_id: str) -> int | None:
        """The epoch this worker owns ``table_id`` under (taking the lease if nobody holds it), or None."""
        epoch = await self._lease_call(self.leases.acquire, table_id, self.worker_id, self.ttl)
        if epoch is not None:
            self.epochs[table_id] = epoch
        return epoch

    async def owner_of(self, table_id: str) -> Lease | None:
        """The lease in force on ``table_id``, asked at most once per ``ttl / 6`` however many sockets watch it."""
        now = time.monotonic()
        cached = self._owners.get(table_id)
        if cached is not None and (now - cached[0] < self.ttl / 6 or not cached[1].done()):
            # a question still on its way is shared too: asking again while the database is slow only queued more
            # questions behind it in the lookup threads
            return await asyncio.shield(cached[1])
        fut: asyncio.Future[Lease | None] = asyncio.ensure_future(self._lease_call(self.leases.owner, table_id))
        self._owners[table_id] = (now, fut)
        if len(self._owners) > 4096:
            for key in [k for k, (at, f) in self._owners.items() if f.done() and now - at >= self.ttl]:
                del self._owners[key]
        return await asyncio.shield(fut)

    async def elsewhere(self, table_id: str) -> str | None:
        """The worker that owns ``table_id`` when it is not this one (None: this one does, or nobody does)."""
        if self.hub is not None and table_id in self.hub.tables:
            return None
        lease = await self._lease_call(self.leases.owner, table_id)
        if lease is None or lease.owner == self.worker_id:
            return None
        return lease.owner

    def fences(self, table_id: str) -> list[tuple[str, int]]:
        """What a write of ``table_id``'s events must carry (nothing when the leases need no fence)."""
        if not self.leases.fenced:
            return []
        return [(table_id, self.epochs.get(table_id, 0))]

    def forget(self, table_id: str) -> None:
        """The hub let the table go (evicted, finished and idle): hand its lease back at once."""
        epoch = self.epochs.pop(table_id, None)
        if epoch is not None and not self.closing:
            task = asyncio.get_running_loop().create_task(
                self._lease_call(self.leases.release, table_id, self.worker_id, epoch)
            )
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def lost(self, table_id: str) -> None:
        """The lease was taken over: stop running the table at once and send its clients to the new owner."""
        self.epochs.pop(table_id, None)
        hub = self.hub
        t = hub.tables.pop(table_id, None) if hub is not None else None
        if t is None:
            return
        log.warning("table %s: lease lost, handing it over", table_id)
        stop_table(t)
        for c in list(t.conns):
            c.drop(CLOSE_MOVED)

    # --- life -----------------------------------------------------------------------------------------------------
    async def start(self, hub: Hub) -> None:
        self.hub = hub
        self._sub = await self.bus.subscribe(worker_channel(self.worker_id))
        loop = asyncio.get_running_loop()
        self._tasks.update(
            {loop.create_task(self._listen()), loop.create_task(self._keep()), loop.create_task(self._sweep())}
        )

    async def close(self) -> None:
        """A worker that stops (SIGTERM, a deploy) hands its tables over: its leases are released, then its clients
        are told to reconnect — they reach a worker that takes the table at once, from the complete log (the hub's
        writer was closed before this, so every acknowledged move is stored)."""
        self.closing = True
        for task in list(self._tasks):
            task.cancel()
        held = dict(self.epochs)
        self.epochs.clear()
        for table_id, epoch in held.items():
            with contextlib.suppress(Exception):
                await self._lease_call(self.leases.release, table_id, self.worker_id, epoch)
        if self.hub is not None:
            for t in list(self.hub.tables.values()):
                for c in list(t.conns):
                    c.drop(CLOSE_MOVED)
        for r in self.remotes.values():
            if r.task is not None:
                r.task.cancel()
        # Let the close messages of the dropped connections go out before the bus goes.
        await asyncio.sleep(0.05)
        if self._sub is not None:
            with contextlib.suppress(Exception):
                await self._sub.close()
        self._renewer.shutdown(wait=False)
        self._lookups.shutdown(wait=False)

    async def _keep(self) -> None:
        """Renew every held lease every ``ttl / 3``; drop the tables whose lease was lost, and remote sockets whose
        relaying worker went silent (it died: nobody will ever say goodbye for them)."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(self.ttl / 3)
            held = dict(self.epochs)
            if held:
                asked = time.monotonic()
                try:
                    kept = await loop.run_in_executor(self._renewer, self.leases.renew, self.worker_id, held, self.ttl)
                except Exception:
                    log.exception("leases could not be renewed")
                    continue
                took = time.monotonic() - asked
                if took > self.ttl / 3:
                    log.warning("renewing %d leases took %.2f s (a lease lasts %.1f s)", len(held), took, self.ttl)
                for table_id, epoch in held.items():
                    if table_id not in kept and self.epochs.get(table_id) == epoch:
                        self.lost(table_id)
            now = time.monotonic()
            for key, r in list(self.remotes.items()):
                if now - r.heard > 3 * self.ttl:
                    self._end_remote(key, None)

    async def _sweep(self) -> None:
        """Take the unfinished tables nobody owns (their owner died): their clocks and bots go on here."""
        assert self.hub is not None
        hub = self.hub
        while True:
            await asyncio.sleep(self.ttl)
            try:
                ids = await asyncio.to_thread(hub.store.unfinished_table_ids)
                ids = [i for i in ids if i not in hub.tables]
                orphans = await self._lease_call(self.leases.expired, ids) if ids else []
            except Exception:
                log.exception("orphaned tables could not be listed")
                continue
            for table_id in orphans:
                try:
                    await hub.get(table_id)
                except Exception:
                    log.exception("orphaned table %s could not be taken over", table_id)

    # --- the relaying side --------------------------------------------------------------------------------------------
    def relaying(self, owner: str, key: str, on: bool) -> None:
        """Socket ``key`` is (``on``) or no longer is relayed here to ``owner``: it is in the pings from now on.

        One ping message per owner every ``ttl / 3`` names all of this worker's sockets there: with one message per
        socket (each a publish, a delivery and a wake-up on both sides), 30 relayed sockets made about a tenth of
        the bus's messages at 300 moves/s (bench/cluster.py)."""
        keys = self._relayed_to.setdefault(owner, set())
        if on:
            keys.add(key)
            if self._pinger is None:
                self._pinger = asyncio.get_running_loop().create_task(self._ping())
                self._tasks.add(self._pinger)
        else:
            keys.discard(key)
            if not keys:
                del self._relayed_to[owner]

    async def _ping(self) -> None:
        while True:
            await asyncio.sleep(self.ttl / 3)
            for owner, keys in list(self._relayed_to.items()):
                try:
                    await self.bus.publish(worker_channel(owner), wire.pings(keys))
                except BusUnavailable:  # the sockets' own sends fail and reconnect them
                    log.warning("pings to worker %s could not be sent", owner)

    # --- the owner's side of relayed sockets and calls ------------------------------------------------------------
    def _spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _listen(self) -> None:
        assert self._sub is not None
        while True:
            raw = await self._sub.get(timeout=None)
            if raw is None:
                continue
            kind, key, body = wire.from_relay(raw)
            if kind == wire.PING:
                for one in key.split("\n"):
                    self._relayed(kind, one, "")
                continue
            if kind:
                self._relayed(kind, key, body)
                continue
            try:
                msg = json.loads(body)
                op = msg["op"]
            except (ValueError, KeyError, TypeError):
                log.warning("a message on the bus that is neither a relayed socket's nor a JSON object with an op")
                continue
            if op == "call":
                self._spawn(self._answer(msg))

    def _relayed(self, kind: str, key: str, body: str) -> None:
        """A relayed socket's message: queued for its :meth:`_serve` (never waits, so one busy socket holds up no
        other, and pings are counted the moment they are read)."""
        r = self.remotes.get(key)
        if kind == wire.JOIN and r is None:
            r = self.remotes[key] = Remote()
            r.task = asyncio.get_running_loop().create_task(self._serve(key, r))
        if r is None:
            if kind in (wire.FRAME, wire.PING):  # the owner forgot this socket (restarted, or dropped it): reconnect
                self._spawn(self._tell_close(key, CLOSE_MOVED))
            return
        r.heard = time.monotonic()
        if kind != wire.PING:
            r.inbox.put_nowait((kind, body))

    async def _tell_close(self, key: str, code: int) -> None:
        with contextlib.suppress(Exception):  # Redis away: the relay's next ping asks again
            await self.bus.publish(key, wire.close(code))

    async def _serve(self, key: str, r: Remote) -> None:
        """One relayed socket's messages in order: its join, its frames, its leave."""
        from wuerfel.server.live import CLOSE_LIMIT, Conn, error_json
        from wuerfel.server.messages import encode
        from wuerfel.server.rows import Player

        assert self.hub is not None
        hub = self.hub
        sender = BusSender(self.bus, key)
        try:
            while True:
                kind, body = await r.inbox.get()
                if kind == wire.JOIN:
                    msg = json.loads(body)
                    table_id = str(msg.get("table"))
                    t = hub.tables.get(table_id) if table_id in self.epochs else None
                    if t is None:
                        if await self.elsewhere(table_id) is not None or await self.own(table_id) is None:
                            await sender.close(CLOSE_MOVED)
                            break
                        t = await hub.get(table_id)
                    if t is None:
                        await sender.close(4404)
                        break
                    pj = msg.get("player")
                    player = Player(**pj) if isinstance(pj, dict) else None
                    conn = Conn(
                        sender,
                        player,
                        str(msg.get("lang") or "de"),
                        msg.get("seat"),
                        msg.get("since"),
                        str(msg.get("base_url") or ""),
                        on_drop=self._on_drop(key, t),
                    )
                    address = str(msg.get("address") or "")
                    refused = hub.admit(t, conn, address)
                    if refused is not None:
                        await sender.send_text(encode(error_json(refused.code, refused.message(conn.lang))))
                        await sender.close(CLOSE_LIMIT)
                        break
                    r.table, r.conn, r.address = t, conn, address
                    await t.join(conn)
                elif kind == wire.FRAME and r.table is not None and r.conn is not None:
                    if r.conn.closed:
                        break
                    await r.table.handle(r.conn, body)
                elif kind == wire.LEAVE:
                    break
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("a relayed connection failed")
        finally:
            self._end_remote(key, None, cancel=False)

    def _on_drop(self, key: str, t: LiveTable) -> Callable[[Conn], None]:
        """What a relayed socket's connection does when the table drops it: leave the table, and when it was dropped
        without a close code (a send failed: the bus was away) end the relayed socket here and tell the relaying
        worker to close it — before, the relay's pings kept a dead connection alive and its client heard nothing,
        for ever."""

        def dropped(conn: Conn) -> None:
            r = self.remotes.get(key)
            if conn.closer is not None or r is None or r.conn is not conn:
                t.leave(conn)  # closed with a code: the relay hears it and says goodbye
                return
            self._end_remote(key, None, cancel=r.task is not asyncio.current_task())  # leaves the table too
            self._spawn(self._tell_close(key, CLOSE_MOVED))

        return dropped

    def _end_remote(self, key: str, code: int | None, cancel: bool = True) -> None:
        r = self.remotes.pop(key, None)
        if r is None:
            return
        if cancel and r.task is not None:
            r.task.cancel()
        if r.conn is not None and self.hub is not None:
            self.hub.release(r.conn, r.address)
            if not r.conn.closed:
                r.conn.stop()
            if r.table is not None:
                r.table.leave(r.conn)

    async def _answer(self, msg: dict[str, Any]) -> None:
        """Run a forwarded call and publish its answer; a call whose request id was seen (the caller timed out and
        asks again) gets the first run's answer, waiting for it when it is still running: the action (a sit, a
        start) is applied once, and the retry is not refused as if somebody else had done it."""
        reply = msg.get("reply")
        if not isinstance(reply, str):
            return
        rid = msg.get("id")
        if not isinstance(rid, str):
            await self.bus.publish(reply, json.dumps(await self._run_call(msg), ensure_ascii=False))
            return
        now = time.monotonic()
        for key in [k for k, (at, f) in self._answers.items() if f.done() and now - at > ANSWERS_KEPT]:
            del self._answers[key]
        known = self._answers.get(rid)
        if known is None:
            fut: asyncio.Future[dict[str, Any]] = asyncio.ensure_future(self._run_call(msg))
            known = self._answers[rid] = (now, fut)
        out = await asyncio.shield(known[1])
        self._answers[rid] = (time.monotonic(), known[1])
        await self.bus.publish(reply, json.dumps(out, ensure_ascii=False))

    async def _run_call(self, msg: dict[str, Any]) -> dict[str, Any]:
        """A forwarded call's answer: ``ok``, ``moved`` or ``error`` (never raises)."""
        name, table_id, args = msg.get("name"), str(msg.get("table")), msg.get("args") or {}
        handler = self.handlers.get(name) if isinstance(name, str) else None
        try:
            if handler is None:
                raise KeyError(name)
            if table_id not in self.epochs and await self.elsewhere(table_id) is not None:
                raise Moved(table_id)
            out: dict[str, Any] = {"ok": await handler(table_id, args)}
        except Moved:
            out = {"moved": True}
        except self.refusals as exc:
            e: Any = exc
            out = {"error": {"code": e.code, "msgid": e.msgid, "status": e.status, "params": e.params}}
        except Exception:
            log.exception("a forwarded call %s on table %s failed", name, table_id)
            out = {
                "error": {
                    "code": "internal_error",
                    "msgid": "Something went wrong on the server. Please try again.",
                    "status": 500,
                    "params": {},
                }
            }
        return out

    # --- the caller's side ----------------------------------------------------------------------------------------
    async def call(
        self,
        owner: str,
        name: str,
        table_id: str,
        args: dict[str, Any],
        timeout: float = CALL_TIMEOUT,
        request_id: str | None = None,
    ) -> Any:
        """Run the HTTP action ``name`` on the owner of ``table_id``; its answer, or its refusal raised as
        :class:`RemoteError`; :class:`Moved` when the owner no longer has the table or does not answer in time.

        ``request_id`` (server-internal; the relaying worker makes one per incoming request): a retry with the same
        id, after a timeout, gets the owner's first answer instead of running the action again."""
        reply = f"reply:{self.worker_id}:{uuid.uuid4().hex}"
        sub = await self.bus.subscribe(reply)
        try:
            await self.bus.publish(
                worker_channel(owner),
                json.dumps(
                    {"op": "call", "name": name, "table": table_id, "args": args, "reply": reply, "id": request_id},
                    ensure_ascii=False,
                ),
            )
            raw = await sub.get(timeout=timeout)
        finally:
            await sub.close()
        if raw is None:
            raise Moved(table_id)
        out = json.loads(raw)
        if out.get("moved"):
            raise Moved(table_id)
        if "error" in out:
            e = out["error"]
            raise RemoteError(e["code"], e["msgid"], int(e["status"]), dict(e.get("params") or {}))
        return out.get("ok")


def cluster_node(
    store: Store, db_url: str, redis_url: str, ttl: float = DEFAULT_TTL, prefix: str | None = None
) -> Node:
    """This worker's node in the cluster of every worker on the database ``db_url`` (``store``) and the Redis
    ``redis_url`` (:func:`.config.make_cluster`). ``prefix`` (default ``WUERFEL_REDIS_PREFIX`` or ``wuerfel:``)
    separates platforms sharing one Redis."""
    from wuerfel.server.cluster.config import DEFAULT_PREFIX, make_cluster

    worker = new_worker_id()
    prefix = prefix if prefix is not None else os.environ.get("WUERFEL_REDIS_PREFIX", DEFAULT_PREFIX)
    cluster = make_cluster(db_url, redis_url, worker, store=store, prefix=prefix)
    return Node(cluster.leases, cluster.bus, worker, ttl)


def stop_table(t: LiveTable) -> None:
    """Stop everything a table runs by itself (its resume, its bots' driver, its clocks): another worker owns it."""
    if t.resumer is not None:
        t.resumer.cancel()
    if t.driver is not None:
        t.driver.cancel()
    for timer in t.timers.values():
        timer.cancel()
