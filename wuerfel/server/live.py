"""Live tables: the in-memory match of every running table, its websocket connections, bots and server dice.

All game logic of one table runs on the event loop under that table's lock, so moves of one table are strictly
ordered while tables proceed independently. A move is applied to the immutable state, its events (the action plus
any throws the server makes right after it) are committed by the group-commit writer, and only then is the new state
installed and broadcast — a move nobody was told about may be lost by a crash, an acknowledged one never is.

What a table does is spread over small modules of functions taking the table (docs/architecture.md, "The live
core"): :mod:`~wuerfel.server.commands` (a client's messages), :mod:`~wuerfel.server.views` (what each reader is
told), :mod:`~wuerfel.server.fanout`, :mod:`~wuerfel.server.seatops`, :mod:`~wuerfel.server.clocks`,
:mod:`~wuerfel.server.botdriver`, :mod:`~wuerfel.server.hints`, :mod:`~wuerfel.server.serverdice`,
:mod:`~wuerfel.server.eviction` and :mod:`~wuerfel.server.tablerecord`; the rules they apply are the sans-IO
core's (:mod:`wuerfel.server.core`). :class:`LiveTable` keeps an alias for each name its callers use.
"""

from __future__ import annotations

import asyncio
import logging
import random
import threading
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from wuerfel.engine import fairdice
from wuerfel.engine.errors import N_
from wuerfel.engine.game import State
from wuerfel.engine.record import Event, EventViews, Match, Statement, event_statement
from wuerfel.engine.registry import GameInfo, get_game
from wuerfel.i18n import translate
from wuerfel.server import botdriver, clocks, commands, eviction, fanout, hints, seatops, serverdice, tablerecord, views
from wuerfel.server.conn import CLOSE_LIMIT as CLOSE_LIMIT  # re-exported: routes import the socket names from here
from wuerfel.server.conn import Conn as Conn
from wuerfel.server.core import seating, timing
from wuerfel.server.core.chat import ChatLimiter, may_chat
from wuerfel.server.core.effects import ArmTimer, CancelTimer
from wuerfel.server.core.pacing import SpectatorPacer
from wuerfel.server.core.readers import ReaderBook, reader_of
from wuerfel.server.core.refusals import TableError
from wuerfel.server.core.results import result_json
from wuerfel.server.core.seating import bot_numbers as bot_numbers  # the pages' numbering, imported from here
from wuerfel.server.core.steps import AskBot, Broadcast, Join, Leave, Now, Step, TellPresence, TimeUp, Welcome
from wuerfel.server.core.table import TableCore
from wuerfel.server.messages import (
    DB_MOVE_FAILED,
    PROTOCOL_VERSION,
    db_unavailable,
    error_json,
)
from wuerfel.server.protocol import (
    ChatRequest,
    HintRequest,
    MoveMessage,
    OutcomeEntry,
    PongMessage,
    Refusal,
    ThrowRequest,
    client_kind,
    parse_client,
)
from wuerfel.server.rows import ChatRow, EventRow, Fenced, GameResult, Player, TableRow

if TYPE_CHECKING:
    from wuerfel.server.hub import Hub

log = logging.getLogger("wuerfel.server")

CLOCKS = ("none", "live", "corr")
"""The time controls a table may have: none, live (seconds per move), correspondence (days per move)."""
LIVE_SECONDS = (30, 60, 120)
"""The limits per move a live table may choose (seconds)."""
CORR_DAYS = (1, 3, 7)
"""The limits per move a correspondence table may choose (days), as at Brettspielnetz."""
ON_EXPIRY = ("bot", "forfeit")
"""What a table does when a move's time runs out: the computer takes the seat until its player returns, or the
player forfeits the game."""
THROW_WAIT = 60.0
"""Seconds a person's throw waits for his tap before the server throws for him (``--throw-wait``; 0: no limit)."""


class LiveTable:
    def __init__(self, hub: Hub, row: TableRow) -> None:
        self.hub = hub
        self.row = row
        self.info: GameInfo = get_game(row.game)
        self.core = TableCore(row, hub)
        """The table's rules and memory without I/O: the match, the readers' book (:meth:`reader_seq`,
        :meth:`position`, :meth:`told`), the labels' states, the open window, the stored deadline's seats, the
        chat's rate limit (:mod:`wuerfel.server.core.table`); the attributes below that name them are its."""
        self.conns: set[Conn] = set()
        self.pacer = SpectatorPacer(hub.spectator_interval)
        """When each spectator hears of this table next (issue 24, L6: watching must not slow the players)."""
        self._pace_timer: asyncio.TimerHandle | None = None
        self._pacing: set[asyncio.Task[None]] = set()
        self.lock = asyncio.Lock()
        self.bots: dict[int, Any] = {}
        self._bots_for: Match | None = None
        """The match ``bots`` were made for: they are made on first need (:meth:`_ready_bots`), not at start."""
        self._bot_making = asyncio.Lock()
        self.used_at = time.monotonic()
        """When :meth:`Hub.get` last handed this table out (monotonic clock; see :meth:`Hub.sweep`)."""
        self.touched_at = self.used_at
        """When anything last happened here: handed out, joined, left, a move committed (monotonic clock). A running
        table untouched for :attr:`Hub.idle_evict` with nobody connected leaves memory (:meth:`idle`)."""
        self.driver: asyncio.Task[None] | None = None
        self._summary: dict[str, Any] | None = None
        self.version = 0
        """Bumped whenever the summary's seating or status changes (not on every move)."""
        self._rng = random.Random(0)
        self.ratings: dict[int, float] = {}
        """At a rated table: each seated player's and bot's rating in this game (seat -> μ − 3σ) as it came to the
        table, shown beside the names (issue 24, web M4); refreshed by :meth:`refresh_ratings`."""
        self.seeds: dict[int, str] = {}
        """Provably fair dice: the seeds the people's browsers sent when they sat down (seat -> hex), until the
        start fixes the combined seed. Kept in memory only: a seat whose seed was lost gets a server-made one."""
        self.dice: dict[str, Any] | None = None
        """The game's public dice data (``meta["dice"]`` of its record): version, the seats' seeds, the combined
        seed and ``next``, the first throw's commitment when the game starts with a throw. None: no proof (a
        scorekeeper table, a game started before provably fair dice)."""
        self.secrets: dict[int, str] = {}
        """The secrets of announced throws by the index of the announcing event: -1 the start, else the throw whose
        event announced the next one (entries past the log's end are left-overs of undone batches, never read)."""
        self.timers: dict[str, asyncio.Task[None]] = {}
        """The running timer of each kind (:class:`~wuerfel.server.core.effects.ArmTimer`): the game's window, a
        person's throw, the table's clock; run by :meth:`_timer`."""
        self.resumer: asyncio.Task[None] | None = None
        """After a restart: the task that continues the table (see :meth:`resume`)."""
        self.throw_at: float | None = None
        """When the pending person's throw falls by itself (loop clock; None: no throw of a person is pending)."""
        self.throw_wall: float = 0.0
        self.move_at: float | None = None
        """When the running move's time runs out (loop clock; None: no table clock runs)."""
        self._bots_seats: tuple[tuple[int, str], ...] = ()
        """The (seat, kind) pairs ``bots`` were made for: a stand-in taking a seat needs its bot made."""
        self._bots_stand_in: dict[int, float] = {}
        """Seats whose bot could not be built yet (a build cap, :class:`~wuerfel.server.builds.BuildBusy`): a
        lighter bot plays them meanwhile; seat → when (loop clock) the build is asked for again."""
        self.addresses: dict[int, str] = {}
        """The last client address of each player seen here (player id → address): builds for this table are
        counted for its host's address (issue 24 §4 H2)."""
        self._advisor: Any = None
        """The game's advisor (``GameInfo.advisor``), made on the first hint asked for and kept: some build tables."""
        self._advisor_lock = threading.Lock()
        """Advisors are not promised to be thread-safe: hints of two players are computed one after the other."""
        self._hinting: set[Conn] = set()
        """Connections whose hint is being computed: one at a time each, so nobody queues up the worker threads."""
        self.muted: set[int] = set()
        """The spectators (player ids) the host muted: they read the chat but may not write (stored, see
        :meth:`mute`)."""
        self.chat: list[ChatRow] = []
        """Every chat message of the table, as stored (loaded with the table; see :meth:`_chat`)."""

    # --- the core's memory, under the names the shell's modules use ----------------------------------------
    @property
    def match(self) -> Match | None:
        return self.core.match

    @match.setter
    def match(self, match: Match | None) -> None:
        self.core.match = match

    @property
    def readers(self) -> ReaderBook:
        return self.core.readers

    @property
    def before(self) -> list[State]:
        return self.core.before

    @before.setter
    def before(self, before: list[State]) -> None:
        self.core.before = before

    @property
    def objs(self) -> list[Any]:
        return self.core.objs

    @objs.setter
    def objs(self, objs: list[Any]) -> None:
        self.core.objs = objs

    @property
    def chat_limit(self) -> ChatLimiter:
        return self.core.chat_limit

    @property
    def clock_at(self) -> float | None:
        """When the game's open window closes (loop clock; None: no window open)."""
        return self.core.window_at

    @property
    def clock_wall(self) -> float:
        return self.core.window_wall

    @property
    def clock_actors(self) -> frozenset[int]:
        return self.core.window_actors

    # --- derived data -----------------------------------------------------------------------------------------
    @property
    def id(self) -> str:
        return self.row.id

    @property
    def seq(self) -> int:
        return self.core.seq

    # --- what each reader was told (issue 24, M1) -----------------------------------------------------------------
    # Every reader (a connection's seats, or none: a spectator) has a sequence of its own: the number of committed
    # events it was told of when they happened. An event the game tells a seat nothing about (a sealed stake of
    # another punter) moves neither that reader's ``seq`` nor sends it anything, so neither the count nor the
    # timing of another punter's stakes shows; it reaches him in the ``uncovered`` lines of the event that uncovers
    # it. The log, the record and the replay keep the table's own numbering (event k of the log is ``seq`` k).
    reader_of = staticmethod(reader_of)

    @property
    def hidden(self) -> EventViews:
        """Per committed event: the game's statement of what each seat is shown of it (``State.event_view``)."""
        return self.readers.views

    @hidden.setter
    def hidden(self, views: EventViews) -> None:
        self.readers.views = views

    def untold(self, reader: tuple[int, ...]) -> list[int]:
        """The committed events ``reader`` was not told of when they happened (see :meth:`ReaderBook.untold`)."""
        return self.readers.untold(reader)

    @property
    def committed(self) -> int:
        """Events committed to the log (:attr:`seq` also counts a batch whose commit is still under way)."""
        return self.core.committed

    def reader_seq(self, reader: tuple[int, ...], n: int | None = None) -> int:
        """``reader``'s ``seq`` after the first ``n`` events of the log (default: all committed ones)."""
        return self.readers.seq(reader, self.committed if n is None else n)

    def position(self, reader: tuple[int, ...], seq: int) -> int:
        """The log position of ``reader``'s ``seq`` (its ``since`` or ``expected_seq``; see
        :meth:`ReaderBook.position`), at most the log's end."""
        return self.readers.position(reader, seq, self.committed)

    def seq_of(self, conn: Conn) -> int:
        """The ``seq`` this connection reads (its own numbering, see :meth:`reader_seq`)."""
        return self.reader_seq(self.reader_of(self.seats_of(conn.player)))

    def told(self, reader: tuple[int, ...], i: int) -> bool:
        """Whether ``reader`` was told of event ``i`` when it happened (in full or redacted)."""
        return self.readers.told(reader, i)

    @property
    def epoch(self) -> int | None:
        """The lease epoch this worker's writes of the table carry (None: nobody else writes, no fence)."""
        node = self.hub.node
        return node.epochs.get(self.row.id, 0) if node is not None and node.leases.fenced else None

    @property
    def state(self) -> State | None:
        return self.match.state if self.match else None

    @property
    def over(self) -> bool:
        """The game has ended: the engine's end, or a seat resigned (see :meth:`resign`)."""
        return self.core.over

    def result(self) -> dict[str, Any]:
        """:func:`result_json` of this table, a resignation included."""
        return result_json(self.state, self.row.resigned, self.row.num_seats, self.row.ended_by)

    def throw_due(self) -> int | None:
        """The seat whose throw the table waits for (see :func:`wuerfel.server.core.timing.throw_due`)."""
        return self.core.throw_due()

    def _is_bot(self, seat: int) -> bool:
        """A bot plays this seat now: a bot's seat, or a person's seat a stand-in plays while he is away."""
        return timing.plays_bot(self.row.seats, seat)

    def seats_of(self, player: Player | None) -> list[int]:
        return seating.seats_of(self.row.seats, player.id if player is not None else None)

    def may_chat(self, player: Player | None) -> bool:
        """Whether this person may write in the chat (see :func:`wuerfel.server.core.chat.may_chat`)."""
        return player is not None and may_chat(
            bool(self.seats_of(player)), True, player.id in self.muted, self.row.spectator_chat
        )

    # --- what readers are told (wuerfel.server.views), under the names the other modules call ---------------
    summary = views.summary
    seat_label = views.seat_label
    _send_state = views.send_state
    _event_json = views.event_json
    _components = views.components_of
    _label = views.event_label
    _named = views.named
    _outcome_label = staticmethod(views.outcome_label)
    _hint = hints.hint  # wuerfel.server.hints

    # --- what a client's message does (wuerfel.server.commands) ------------------------------------------------
    _chat = commands.chat
    _error = commands.error
    _move = commands.move
    _throw = commands.throw
    _ask_throw = commands.ask_throw

    # --- telling everyone, leaving memory, the record (server.fanout, server.eviction, server.tablerecord) --------
    _broadcast_state = fanout.broadcast_state
    _tell_presence = fanout.tell_presence
    online = fanout.online
    spectators = fanout.spectators
    _chat_history = fanout.chat_history
    _maybe_evict = eviction.maybe_evict
    _let_go = eviction.let_go
    idle = eviction.idle
    _drop_idle = eviction.drop_idle
    restore = tablerecord.restore
    record = tablerecord.record

    # --- bots and stand-ins (wuerfel.server.botdriver) ---------------------------------------------------------
    _ready_bots = botdriver.ready_bots
    _schedule = botdriver.schedule
    resume = botdriver.resume

    # --- clocks and time controls (wuerfel.server.clocks) ------------------------------------------------------
    move_due = clocks.move_due
    move_limit = clocks.move_limit
    rearm_after_restart = clocks.rearm_after_restart
    _arm_clock = clocks.arm_clock
    _arm_throw = clocks.arm_throw
    _arm_move = clocks.arm_move
    _next_deadline = clocks.next_deadline
    _set_deadline_row = clocks.set_deadline_row
    _deadline_wall = clocks.deadline_wall
    _expire_seats = clocks.expire_seats
    waits_for = clocks.waits_for

    # --- seats, start, resignation, rematch, mute, stand-ins (wuerfel.server.seatops) -------------------------
    sit = seatops.sit
    leave_seat = seatops.leave_seat
    set_bot = seatops.set_bot
    start = seatops.start
    resign = seatops.resign
    rematch = seatops.rematch
    mute = seatops.mute
    come_back = seatops.come_back
    abandon = seatops.abandon
    refresh_ratings = seatops.refresh_ratings
    standin_kind = seatops.standin_kind

    def _changed(self) -> None:
        self._summary = None
        self.version += 1

    def note_address(self, player: Player | None, address: str | None) -> None:
        """Remember where ``player`` was last seen from (:attr:`addresses`)."""
        if player is not None and address:
            self.addresses[player.id] = address

    @staticmethod
    def _hidden(prev: State, obj: Any, player: int | None) -> Statement:
        """The game's statement of what each seat is shown of an event (the server never guesses it)."""
        return event_statement(prev, obj, player)

    # --- connections ------------------------------------------------------------------------------------------
    async def join(self, conn: Conn) -> None:
        """A connection arrives: the core's :class:`~wuerfel.server.core.steps.Join` says what it is sent, whom to
        tell, and whether a seat's person is back (the seats a stand-in played are his again, stored first)."""
        async with self.lock:
            p = conn.player
            who = Join(conn, p.id if p else None, p.name if p else "", conn.last_seq, conn.address)
            step = self.core.handle(who, clocks.now(), serverdice.dice(self))
            back = False
            try:  # the others read it; he reads it with his first message
                back = await seatops.store_back(self, step)
            except TableError:
                log.warning("table %s could not give player %d his seat back", self.row.id, who.player_id)
            self.conns.add(conn)
            self.note_address(conn.player, conn.address)
            self.touched_at = time.monotonic()
            # A finished table may have been let go between its lookup and this join: a connection keeps it live.
            self.hub.tables.setdefault(self.id, self)
            for effect in step.effects:
                if isinstance(effect, TellPresence):  # the others hear that this player came
                    self._tell_presence(skip=conn)
                elif isinstance(effect, Welcome):
                    await fanout.welcome(self, conn, effect, back and effect.back)

    def leave(self, conn: Conn) -> None:
        conn.stop()
        self.conns.discard(conn)
        self.pacer.forget(conn)
        self.touched_at = time.monotonic()
        # The core's :class:`~wuerfel.server.core.steps.Leave` reads no time and throws no dice.
        step = self.core.handle(Leave(conn), Now(time.monotonic(), time.time()), serverdice.dice(self))
        if step.of(TellPresence):
            self._tell_presence()
        self._maybe_evict()

    async def _send(self, conn: Conn, msg: Mapping[str, Any] | str) -> None:
        """Queue ``msg`` for ``conn``: it returns at once, whatever the client's socket does (see :class:`Conn`)."""
        conn.push(msg)

    # --- moves ------------------------------------------------------------------------------------------------
    def _game_result(self) -> GameResult:
        """The result of the game that just ended as the engine states it (ranking with ties, final scores)."""
        assert self.match is not None
        st = self.match.state
        return GameResult(self.row.id, [list(g) for g in st.ranking()], [float(x) for x in st.scores()])

    async def handle(self, conn: Conn, raw: str | bytes) -> None:
        """One client message: a move, a typed throw or a ping. Every refusal is an error message, nothing else."""
        lang = conn.lang
        msg = parse_client(raw)
        if isinstance(msg, Refusal):
            await self._error(conn, msg.code, msg.msgid)
            return
        kind = client_kind(msg)
        if kind == "ping":
            pong: PongMessage = {"v": PROTOCOL_VERSION, "type": "pong"}
            await self._send(conn, pong)
            return
        if kind == "chat":
            await self._chat(conn, cast("ChatRequest", msg))
            return
        if kind == "hint":
            await self._hint(conn, cast("HintRequest", msg))
            return
        if kind == "back":
            await self.come_back(conn)
            return
        move = cast("MoveMessage | ThrowRequest | OutcomeEntry", msg)
        expected, seat = move["expected_seq"], move.get("seat")
        async with self.lock:
            try:
                tap = fairdice.valid_seed(move.get("seed"))
                if kind == "action":
                    await self._move(conn, cast("MoveMessage", move)["action"], expected, seat, tap)
                elif kind == "throw":
                    await self._ask_throw(conn, expected, seat, tap)
                else:
                    await self._throw(conn, cast("OutcomeEntry", move)["outcome"], expected)
            except TableError as exc:
                await self._send(conn, error_json(exc.code, exc.message(lang), self.seq_of(conn)))
                if exc.code == "stale_seq":
                    back_to = self.readers.after_stale(
                        self.reader_of(self.seats_of(conn.player)), expected, self.committed
                    )
                    if back_to is not None:
                        conn.last_seq = back_to
                    await self._send_state(conn, {})
                return
            except Fenced:
                # Another worker took the table over (this one was paused past its lease): nothing was stored, and
                # the clients go to the new owner (close code 4503) — a known moment of a cluster, not an error.
                log.warning("table %s: a move refused under an outdated lease; handing the table over", self.row.id)
                if self.hub.node is not None:
                    self.hub.node.lost(self.row.id)
                return
            except Exception as exc:
                # A bug in a game or the store must not cost the player the connection; the move was rolled back.
                log.exception("move at table %s failed", self.row.id)
                if db_unavailable(exc):
                    await self._send(
                        conn, error_json("db_unavailable", translate(DB_MOVE_FAILED, lang), self.seq_of(conn))
                    )
                else:
                    await self._send(
                        conn,
                        error_json(
                            "internal_error",
                            translate(N_("Something went wrong on the server; the move was not made."), lang),
                            self.seq_of(conn),
                        ),
                    )
                return
        self._schedule()

    async def _run(self, step: Step) -> None:
        """Store a step of the core (:meth:`TableCore.handle`), then run its effects (call with the lock held): its
        events with the status and the deadline they lead to; the core's memory counts them only once stored, and
        goes back when the store refused (memory never runs ahead of the log). A refusal is raised."""
        refused = step.refused
        if refused is not None:
            raise refused.error
        if step.events or step.started:
            rows = [
                EventRow(
                    self.row.id,
                    e.index + 1,
                    e.event,
                    self.secrets.get(e.index) if e.event.proof and "next" in e.event.proof else None,
                )
                for e in step.events
            ]
            if step.started and self.dice is not None:  # the game's dice data, row 0 (the first throw's secret)
                rows.insert(0, EventRow(self.row.id, 0, Event("dice", dict(self.dice)), self.secrets.get(-1)))
            status = "finished" if step.finished else "playing" if step.started else None
            statuses = [(self.row.id, status)] if status is not None else []
            deadline = (self.row.id, *step.deadline) if step.deadline is not None else None

            def settle(done: asyncio.Future[None]) -> None:
                # Runs when the store decided, even if the waiting task was cancelled meanwhile (shutdown).
                if done.cancelled() or done.exception() is not None:
                    self.core.undo(step)
                else:
                    self.touched_at = time.monotonic()
                    self.core.stored(step)

            # The game's end carries its result: places, scores and, at a rated table, the ratings' update.
            results = [self._game_result()] if step.finished else []
            fences = self.hub.node.fences(self.row.id) if self.hub.node is not None else []
            write: asyncio.Future[None] = self.hub.writer.write(
                rows, statuses, [deadline] if deadline else [], results, **({"fences": fences} if fences else {})
            )
            write.add_done_callback(settle)
            await asyncio.shield(write)
            if step.finished or step.started:
                self._changed()
        for effect in step.effects:
            if isinstance(effect, ArmTimer | CancelTimer):
                clocks.timer(self, effect)
            elif isinstance(effect, Broadcast):
                await self._broadcast_state()
            elif isinstance(effect, AskBot):
                self._schedule()
            elif isinstance(effect, TimeUp):
                await self._expire_seats(list(effect.seats), effect.why)
        if step.events:
            self._maybe_evict()
