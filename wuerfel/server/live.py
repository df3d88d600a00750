"""Live tables: the in-memory match of every running table, its websocket connections, bots and server dice.

All game logic of one table runs on the event loop under that table's lock, so moves of one table are strictly
ordered while tables proceed independently. A move is applied to the immutable state, its events (the action plus
any throws the server makes right after it) are committed by the group-commit writer, and only then is the new state
installed and broadcast — a move nobody was told about may be lost by a crash, an acknowledged one never is.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import dataclasses
import datetime as dt
import functools
import gc
import json
import logging
import math
import os
import random
import secrets
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

from wuerfel.bots.base import RandomBot
from wuerfel.engine import clocks, fairdice
from wuerfel.engine.advice import Advice
from wuerfel.engine.components import You, components_json
from wuerfel.engine.errors import N_, IllegalAction, RuleError, WuerfelError
from wuerfel.engine.game import Outcome, Roll, State
from wuerfel.engine.record import Event, EventViews, GameRecord, Match, Statement, event_object, event_statement
from wuerfel.engine.registry import GameInfo, get_game
from wuerfel.engine.sources import SystemSource
from wuerfel.engine.throws import waits_for
from wuerfel.i18n import LANGUAGES, translate
from wuerfel.server.builds import BuildBusy, BuildGate
from wuerfel.server.narration import event_extras
from wuerfel.server.store import (
    ChatRow,
    Deadline,
    EventRow,
    GameResult,
    Log,
    Player,
    SeatRow,
    Store,
    TableRow,
    make_writer,
)
from wuerfel.server.store import now as store_now
from wuerfel.server.textcheck import CONTROL_IN_CHAT, control_char

log = logging.getLogger("wuerfel.server")

PROTOCOL_VERSION = 7
"""7: ``seq`` is each reader's own count of the events it was told of (issue 24, M1: a sealed stake sends the
others nothing and moves no ``seq`` of theirs); ``uncovered`` lines carry ``seq`` null for moves never told.
6: time controls — ``clock`` in the summary (chosen at creation: ``none``, ``live``, ``corr``), the running
move's ``clock`` in ``state``, ``standin`` per seat ("Computer übernimmt"), ``note`` on ``state`` messages, the
``back`` message, ``ended_by`` in the summary and the result, ``guest`` in chat messages, ``time_left`` on Meine
Partien. 5: hints. 4: chat at each table (the ``chat`` message both ways, ``chat_history`` on joining,
``meta.chat`` in the record).
3: living tables — presence (``online`` in ``state``, ``table`` and the summary, the ``presence`` message),
resigning (``resigned``), the rematch (``rematch``), seating changes in words (``note``) and Meine Partien
(``/api/my-tables``). 2: a person's throw waits for his request (``{"throw": true}``) and the state
message says whose throw is due (``throw``); see docs/protocol.md "Versions"."""
CLOCKS = ("none", "live", "corr")
"""The time controls a table may have: none, live (seconds per move), correspondence (days per move)."""
LIVE_SECONDS = (30, 60, 120)
"""The limits per move a live table may choose (seconds)."""
CORR_DAYS = (1, 3, 7)
"""The limits per move a correspondence table may choose (days), as at Brettspielnetz."""
ON_EXPIRY = ("bot", "forfeit")
"""What a table does when a move's time runs out: the computer takes the seat until its player returns, or the
player forfeits the game."""
RESTART_GRACE = 60.0
"""Seconds (nominal, scaled like every limit) a move whose deadline passed while the server was down still gets
after the restart: nobody could move meanwhile, so the clock does not decide the moment the server is back."""
THROW_WAIT = 60.0
"""Seconds a person's throw waits for his tap before the server throws for him (``--throw-wait``; 0: no limit)."""
MAX_MESSAGE = 16 * 1024
"""Larger client messages are refused with ``too_large`` (the connection stays)."""

BAD_MESSAGE = N_("The message must be an object with 'action', 'outcome' or 'throw', and 'expected_seq'.")
SPECIAL_OUTCOME_LABELS = {"void": N_("Void throw")}

CHAT_MAX = 500
"""Most characters of one chat message (after trimming); a longer one is refused, never cut."""
CHAT_RATE = (5, 10.0)
"""At most this many chat messages per person (a spectator without a name: per connection) in this many seconds."""
CHAT_HISTORY = 100
"""The last chat messages a connection is sent when it joins (the record keeps all of them)."""


def result_json(
    state: State | None, resigned: int | None = None, seats: int = 0, ended_by: str | None = None
) -> dict[str, Any]:
    """The result as the engine states it, for every client to draw the same way (no client works a ranking out of
    a view): the score direction always, and at the end the ranking best first (tied seats grouped), the winners,
    the losers and the net chips per seat (``None`` for a game without chips). ``ended_by`` (protocol 6) says
    why a game ended early: ``resigned``, ``timeout`` (the seat forfeited on time) or ``abandoned`` (its guest
    logged out); a forfeit is scored like a resignation.

    A game ended by a resignation (``resigned``: the seat that gave up, of ``seats``) is no finished game of the
    engine's, whose scores rank nobody yet: the seat that resigned is the loser and last, every other seat shares
    the win (one group), and no chips are settled. ``resigned`` says who gave up (None: nobody did)."""
    if state is None:
        return {
            "lower_is_better": False,
            "ranking": [],
            "winners": [],
            "losers": [],
            "payoffs": None,
            "resigned": None,
            "ended_by": None,
        }
    if resigned is not None:
        others = [s for s in range(seats) if s != resigned]
        # Alone at the table (a solo game) there is nobody to share the win: the ranking is the lost seat alone.
        ranking = [others, [resigned]] if others else [[resigned]]
        return {
            "lower_is_better": state.lower_is_better(),
            "ranking": ranking,
            "winners": others,
            "losers": [resigned],
            "payoffs": None,
            "resigned": resigned,
            "ended_by": ended_by or "resigned",
        }
    over = state.is_terminal()
    payoffs = state.payoffs() if over else None
    return {
        "lower_is_better": state.lower_is_better(),
        "ranking": [list(g) for g in state.ranking()] if over else [],
        "winners": list(state.winners()) if over else [],
        "losers": list(state.losers()) if over else [],
        "payoffs": list(payoffs) if payoffs is not None else None,
        "resigned": None,
        "ended_by": None,
    }


MAX_CHOICES = 12
"""Scorekeeper tables list every possible outcome as a one-tap choice when there are at most this many (one die,
a lot for the first player); five dice (252 outcomes) are typed as faces instead."""
MAX_NON_DICE_CHOICES = 200
"""A node that throws no dice (a lot) has nothing to tap as faces: its outcomes are always listed (up to this many,
far more than any table has seats)."""


GUEST_NAME = N_("{name} (guest)")
"""How messages in words mark a guest (no password): the pages and the chat mark him the same way."""


def person_name(name: str, guest: bool, lang: str) -> str:
    """A person's name as a message in words says it: a guest's marked "(Gast)", so no guest passes for a
    registered player (see :meth:`LiveTable.seat_label` for a seat)."""
    return translate(GUEST_NAME, lang, name=name) if guest else name


def bot_numbers(seats: Sequence[SeatRow]) -> dict[int, int]:
    """Seat → the number of its bot among the table's bots of the same kind (1, 2 … in seat order), for every kind
    that sits at the table more than once.

    Two bots of one kind would otherwise both be "Computer (heuristic)" on the scoreboard, in the move log and in the
    replay, and nobody could tell whose turn it was. A lone bot keeps its plain name. The numbers follow from the
    seating alone (nothing is stored), so the lobby, the table and the replay agree, tables created before the
    numbers existed get them too, and once a game has started — its seats never change again — they are fixed."""
    kinds = Counter(s.bot for s in seats if s.bot)
    seen: Counter[str] = Counter()
    out: dict[int, int] = {}
    for s in sorted(seats, key=lambda s: s.seat):
        if s.bot and kinds[s.bot] > 1:
            seen[s.bot] += 1
            out[s.seat] = seen[s.bot]
    return out


class Sender(Protocol):
    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


T = TypeVar("T")

LIGHT_BOTS = frozenset({"random", "heuristic"})
"""Bots that build no tables (made at once, outside the build caps); the others may build for their rule set."""
BUILD_RETRY = 15.0
"""Seconds before a bot refused by a build cap is asked for again (a lighter bot plays its seat meanwhile)."""

OUTBOX = 256
"""Messages a connection may have waiting to be sent. A client that falls this far behind is closed (code
:data:`CLOSE_TOO_SLOW`); it reconnects with ``since`` and gets what it missed in one state message."""
CLOSE_TOO_SLOW = 4408
CATCH_UP = 200
"""Most events one ``state`` message carries (``since`` far back, a long game); older ones are counted in
``skipped``."""
CLOSE_LIMIT = 4429
"""Close code after a refused connection (too many from one address, too many spectators at the table)."""
CLOSE_TIMEOUT = 10.0
"""How long the close handshake of a dropped connection may take before it is abandoned."""


def encode(msg: dict[str, Any]) -> str:
    """A message as it goes over the websocket (compact JSON, UTF-8 as it is)."""
    return json.dumps(msg, ensure_ascii=False, separators=(",", ":"))


class Conn:
    """One websocket of one player (or spectator) at one table.

    Nothing is ever sent while a table's lock is held: :meth:`push` only queues the message, and the connection's own
    writer task sends it. A client that does not read (a full socket buffer blocks a send forever) therefore stalls
    only its own writer; when its queue is full it is dropped instead of holding up the table.
    """

    def __init__(
        self,
        ws: Sender,
        player: Player | None,
        lang: str,
        want_seat: int | None,
        since: int | None,
        base_url: str = "",
        on_drop: Callable[[Conn], None] | None = None,
    ) -> None:
        self.ws = ws
        self.player = player
        self.lang = lang
        self.want_seat = want_seat
        self.last_seq = since if since is not None else -1
        self.table_version = -1
        self.base_url = base_url
        self.closed = False
        self.on_drop = on_drop
        """Called once when the connection is dropped (too slow or a failed send), e.g. to leave its table."""
        self.outbox: asyncio.Queue[str] = asyncio.Queue(OUTBOX)
        self.writer: asyncio.Task[None] | None = None
        self.closer: asyncio.Task[None] | None = None
        self.address: str | None = None
        """The client address this connection is counted under (see :meth:`Hub.admit`)."""

    def push(self, msg: dict[str, Any] | str) -> None:
        """Queue a message for this client (a dict, or one already encoded by :func:`encode`: the same message for
        many spectators is encoded once); never waits (call it with any lock held)."""
        if self.closed:
            return
        if self.writer is None:
            self.writer = asyncio.get_running_loop().create_task(self._write())
        try:
            self.outbox.put_nowait(msg if isinstance(msg, str) else encode(msg))
        except asyncio.QueueFull:
            log.warning("a client fell %d messages behind; closing its connection", OUTBOX)
            self.drop(CLOSE_TOO_SLOW)

    async def _write(self) -> None:
        while True:
            text = await self.outbox.get()
            try:
                await self.ws.send_text(text)
            except Exception:
                self.drop(None)
                return

    def drop(self, code: int | None) -> None:
        """Stop sending and close the socket (``code``; None: it is already broken). Never waits."""
        if self.closed:
            return
        self.closed = True
        if self.writer is not None and self.writer is not asyncio.current_task():
            self.writer.cancel()
        if code is not None:
            self.closer = asyncio.get_running_loop().create_task(self._close(code))
        if self.on_drop is not None:
            self.on_drop(self)

    async def _close(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(code), CLOSE_TIMEOUT)

    def stop(self) -> None:
        """The connection ended from the other side: stop the writer (queued messages go nowhere)."""
        self.closed = True
        if self.writer is not None and self.writer is not asyncio.current_task():
            self.writer.cancel()


class TableError(Exception):
    """A refused request: an error code plus a translatable message (and the HTTP status for the API)."""

    def __init__(self, code: str, msgid: str, status: int = 409, **params: Any) -> None:
        super().__init__(msgid)
        self.code = code
        self.msgid = msgid
        self.status = status
        self.params = params

    def message(self, lang: str) -> str:
        return translate(self.msgid, lang, **self.params)


def hint_number(x: float, lang: str, chance: bool = False) -> str:
    """A hint's value as the terminal shows it (``wuerfel.cli.render.decimal``): two decimals, a comma in German; a
    probability in percent with one decimal ("79,2 %"), as its loss is given in percentage points beside it (issue
    24, web U12: "0.79 (the maker's chance to win)" next to "11.9 percentage points below the best")."""
    text = f"{100 * x:.1f}\u202f%" if chance else f"{x:.2f}"
    return text.replace(".", ",") if lang == "de" else text


def is_chance(advice: Advice) -> bool:
    """Whether an advice's value is a probability: the advisor says so (``unit``), or its measure is one of the exact
    analysis's probabilities (a duel's winning chance, Craps' maker, a round's goal)."""
    if advice.unit == "chance":
        return True
    from wuerfel.engine.analysis import SCALES

    scale = SCALES.get(advice.measure)
    return scale is not None and scale.unit in ("probability", "win_probability")


def as_advice(item: Any) -> Advice:
    """What an advisor returned, as :class:`Advice`: built-in advisors return it; an ``(action, value)`` pair or an
    object or mapping with its fields (a plug-in's quick advisor) is read as the terminal reads it."""
    if isinstance(item, Advice):
        return item
    if isinstance(item, tuple) and len(item) == 2:
        return Advice(action=item[0], value=item[1])

    def get(key: str, default: Any = "") -> Any:
        return item.get(key, default) if isinstance(item, dict) else getattr(item, key, default)

    value = get("value", float("nan"))
    label = get("label")
    return Advice(
        action=get("action", None),
        value=value if isinstance(value, int | float) else float("nan"),
        measure=str(get("measure") or ""),
        note=str(get("note") or ""),
        params=dict(get("params") or {}),
        label=label if isinstance(label, str) else "",
        unit=str(get("unit") or ""),
    )


def error_json(code: str, message: str, seq: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"v": PROTOCOL_VERSION, "type": "error", "error": {"code": code, "message": message}}
    if seq is not None:
        out["seq"] = seq
    return out


class LiveTable:
    def __init__(self, hub: Hub, row: TableRow) -> None:
        self.hub = hub
        self.row = row
        self.info: GameInfo = get_game(row.game)
        self.match: Match | None = None
        self.hidden = EventViews()
        """Per event: the game's statement of what each seat is shown of it (``State.event_view``)."""
        self._untold: dict[int, list[int]] = {}
        """Per seat (-1: the spectators): the committed events the game did not tell that reader when they happened
        (``show`` "none" in the event's statement: another punter's sealed stake), in order. Read through
        :meth:`reader_seq`; rebuilt whenever :attr:`hidden` is replaced (see :meth:`_scan_untold`)."""
        self._untold_of: EventViews | None = None
        self._untold_scanned = 0
        self.before: list[State] = []
        """Per event: the state it was applied to (labels such as "write 24 into Full house" depend on it)."""
        self.objs: list[Any] = []
        """Per event: the Action/Outcome value when known (saves parsing the JSON again for its label)."""
        self.conns: set[Conn] = set()
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
        self.clock: asyncio.Task[None] | None = None
        """The running clock of a timed decision node (``State.deadline()``), if the table is at one."""
        self.clock_at: float | None = None
        """When the current window closes, on the event loop's monotonic clock (None: no window open)."""
        self.clock_wall: float = 0.0
        """The same moment as Unix time (what clients are told)."""
        self.clock_actors: frozenset[int] = frozenset()
        """Who had to act when the window opened (a window narrows as they act; see :meth:`_arm_clock`)."""
        self.resumer: asyncio.Task[None] | None = None
        """After a restart: the task that continues the table (see :meth:`resume`)."""
        self.throw_timer: asyncio.Task[None] | None = None
        """Throws for a person who does not ask for his throw in time (see :meth:`_arm_throw`)."""
        self.throw_at: float | None = None
        """When the pending person's throw falls by itself (loop clock; None: no throw of a person is pending)."""
        self.throw_wall: float = 0.0
        self.move_timer: asyncio.Task[None] | None = None
        """The table's time control: runs out the current move of the people due (see :meth:`_arm_move`)."""
        self.move_at: float | None = None
        """When the running move's time runs out (loop clock; None: no table clock runs)."""
        self._deadline_due: tuple[int, ...] = ()
        """The seats the stored deadline was set for (a narrower position keeps it, see :meth:`_next_deadline`)."""
        self._bots_seats: tuple[tuple[int, str], ...] = ()
        """The (seat, kind) pairs ``bots`` were made for: a stand-in taking a seat needs its bot made."""
        self._bots_stand_in: dict[int, float] = {}
        """Seats whose bot could not be built yet (a build cap, :class:`~wuerfel.server.builds.BuildBusy`): a
        lighter bot plays them meanwhile; seat → when (loop clock) the build is asked for again."""
        self.addresses: dict[int, str] = {}
        """The last client address of each player seen here (player id → address): builds for this table are
        counted for its host's address (issue 24 §4 H2)."""
        self._online_told: tuple[list[int], list[dict[str, Any]]] | None = None
        self.chat: list[ChatRow] = []
        self._advisor: Any = None
        """The game's advisor (``GameInfo.advisor``), made on the first hint asked for and kept: some build tables."""
        self._advisor_lock = threading.Lock()
        """Advisors are not promised to be thread-safe: hints of two players are computed one after the other."""
        self._hinting: set[Conn] = set()
        """Connections whose hint is being computed: one at a time each, so nobody queues up the worker threads."""
        self.muted: set[int] = set()
        """The spectators (player ids) the host muted: they read the chat but may not write (stored, see
        :meth:`mute`)."""
        """Every chat message of the table, as stored (loaded with the table; see :meth:`_chat`)."""
        self._chat_sent: dict[object, list[float]] = {}
        """Per writer (player id, or the connection of a spectator without a name): when his recent messages were
        accepted (loop clock), for the rate limit :data:`CHAT_RATE`."""
        """The presence the connections were last told (see :meth:`_tell_presence`); None: nobody told yet."""

    # --- derived data -----------------------------------------------------------------------------------------
    @property
    def id(self) -> str:
        return self.row.id

    @property
    def seq(self) -> int:
        return len(self.match.record.events) if self.match else 0

    # --- what each reader was told (issue 24, M1) -----------------------------------------------------------------
    # Every reader (a connection's seats, or none: a spectator) has a sequence of its own: the number of committed
    # events it was told of when they happened. An event the game tells a seat nothing about (a sealed stake of
    # another punter) moves neither that reader's ``seq`` nor sends it anything, so neither the count nor the
    # timing of another punter's stakes shows; it reaches him in the ``uncovered`` lines of the event that uncovers
    # it. The log, the record and the replay keep the table's own numbering (event k of the log is ``seq`` k).
    @staticmethod
    def reader_of(seats: Sequence[int]) -> tuple[int, ...]:
        """The kind of reader a connection is: its seats at this table (``()``: a spectator)."""
        return tuple(sorted(seats))

    def _scan_untold(self) -> None:
        """Bring :attr:`_untold` up to the committed statements (append-only until :meth:`restore` replaces them)."""
        if self._untold_of is not self.hidden:
            self._untold_of, self._untold, self._untold_scanned = self.hidden, {}, 0
        statements = self.hidden.statements
        for i in range(self._untold_scanned, len(statements)):
            st = statements[i]
            if st is not None:
                last = len(st) - 1
                for k, v in enumerate(st):
                    if v.show == "none":
                        self._untold.setdefault(-1 if k == last else k, []).append(i)
        self._untold_scanned = len(statements)

    def untold(self, reader: tuple[int, ...]) -> list[int]:
        """The committed events ``reader`` was not told of when they happened (sorted): for a person holding several
        seats, those none of his seats was told."""
        self._scan_untold()
        if not reader:
            return self._untold.get(-1, [])
        if len(reader) == 1:
            return self._untold.get(reader[0], [])
        common = set(self._untold.get(reader[0], []))
        for s in reader[1:]:
            common &= set(self._untold.get(s, []))
        return sorted(common)

    @property
    def committed(self) -> int:
        """Events committed to the log (:attr:`seq` also counts a batch whose commit is still under way)."""
        return min(len(self.hidden), self.seq)

    def reader_seq(self, reader: tuple[int, ...], n: int | None = None) -> int:
        """``reader``'s ``seq`` after the first ``n`` events of the log (default: all committed ones)."""
        n = self.committed if n is None else n
        return n - bisect.bisect_left(self.untold(reader), n)

    def position(self, reader: tuple[int, ...], seq: int) -> int:
        """The log position of ``reader``'s ``seq`` (its ``since`` or ``expected_seq``): the first ``n`` with
        ``reader_seq(reader, n) >= seq``, so every event told to him after it follows ``n``; at most the log's end."""
        total = self.committed
        if seq >= self.reader_seq(reader, total):
            return total
        untold = self.untold(reader)
        n = max(seq, 0)
        while True:
            nxt = max(seq, 0) + bisect.bisect_left(untold, n)
            if nxt == n:
                return n
            n = nxt

    def seq_of(self, conn: Conn) -> int:
        """The ``seq`` this connection reads (its own numbering, see :meth:`reader_seq`)."""
        return self.reader_seq(self.reader_of(self.seats_of(conn.player)))

    def told(self, reader: tuple[int, ...], i: int) -> bool:
        """Whether ``reader`` was told of event ``i`` when it happened (in full or redacted)."""
        untold = self.untold(reader)
        k = bisect.bisect_left(untold, i)
        return not (k < len(untold) and untold[k] == i)

    @property
    def state(self) -> State | None:
        return self.match.state if self.match else None

    @property
    def over(self) -> bool:
        """The game has ended: the engine's end, or a seat resigned (see :meth:`resign`)."""
        return self.row.resigned is not None or (self.match is not None and self.match.state.is_terminal())

    def result(self) -> dict[str, Any]:
        """:func:`result_json` of this table, a resignation included."""
        return result_json(self.state, self.row.resigned, self.row.num_seats, self.row.ended_by)

    def throw_due(self) -> int | None:
        """The seat whose throw the table waits for (a person's tap or a bot's pause), or None: no chance node, a
        throw that falls at once, a scorekeeper table (where the dice are entered by hand), or a game ended by a
        resignation."""
        if self.match is None or self.row.scorekeeper or self.row.resigned is not None:
            return None
        return waits_for(self.match.state, self.match.record.events)

    def _is_bot(self, seat: int) -> bool:
        """A bot plays this seat now: a bot's seat, or a person's seat a stand-in plays while he is away."""
        return 0 <= seat < len(self.row.seats) and self._bot_kind(self.row.seats[seat]) is not None

    @staticmethod
    def _bot_kind(s: SeatRow) -> str | None:
        return s.bot or s.standin

    def standin_kind(self) -> str:
        """The bot that plays a person's seat while he is away: the game's rule-of-thumb bot when it has one (made
        at once, plays sensibly), else its default bot, else the random bot.

        At a rated table never an exact bot: the game is rated as the person's, so in a game whose only bot is
        ``optimal`` (Escalero, Offenes Würfelpoker) or ``best`` letting the clock run out would hand his seat to
        perfect play and pay in rating. There the stand-in is the random bot: walking away does not pay."""
        from wuerfel.bots import bot_names

        names = bot_names(self.row.game)
        kinds = ("heuristic",) if self.row.rated else ("heuristic", self.info.default_bot)
        for kind in kinds:
            if kind in names:
                return kind
        return "random"

    def seats_of(self, player: Player | None) -> list[int]:
        if player is None:
            return []
        return [s.seat for s in self.row.seats if s.player_id == player.id and not s.bot]

    def online(self) -> list[int]:
        """The people's seats whose player has an open connection to this table, in seat order.

        Presence is a fact of this server process alone (who holds a websocket now), never stored: after a restart
        nobody is connected until their page reconnects. A person holding several seats (the host at a hot-seat
        table) is present in all of them; bots and free seats are never listed (a bot needs no connection)."""
        here = {c.player.id for c in self.conns if c.player is not None and not c.closed}
        return [s.seat for s in self.row.seats if s.kind == "human" and s.player_id in here]

    def spectators(self) -> list[dict[str, Any]]:
        """The people watching now: every open connection without a seat of its player at this table, one entry per
        named person (however many tabs) and one per connection without a name (``name`` null; the pages call it
        "Zuschauer"). Named ones first, by name; like presence, a fact of this process, never stored."""
        seated = {s.player_id for s in self.row.seats if s.kind == "human"}
        named: dict[int, str] = {}
        anonymous = 0
        for c in self.conns:
            if c.closed:
                continue
            if c.player is None:
                anonymous += 1
            elif c.player.id not in seated:
                named[c.player.id] = c.player.name
        out: list[dict[str, Any]] = [
            {"player_id": pid, "name": name, "muted": pid in self.muted}
            for pid, name in sorted(named.items(), key=lambda kv: (kv[1].casefold(), kv[0]))
        ]
        out += [{"player_id": None, "name": None, "muted": False}] * anonymous
        return out

    def may_chat(self, player: Player | None) -> bool:
        """Whether this person may write in the chat: a player seated here; a spectator with a name when the table
        allows spectators to write and the host has not muted him. A spectator without a name never writes: the
        host could neither tell him apart nor mute him."""
        if player is None:
            return False
        if self.seats_of(player):
            return True
        return self.row.spectator_chat and player.id not in self.muted

    def waits_for(self, player: Player) -> bool:
        """Is the running game waiting for this player: a move of one of his seats, his throw, or (scorekeeper) the
        dice he is to enter? ("Du bist am Zug" on Meine Partien.)"""
        # A seat a stand-in plays does not wait for him (the game goes on without him until he is back).
        mine = [s for s in self.seats_of(player) if not self.row.seats[s].standin]
        if self.match is None or self.over or not mine:
            return False
        st = self.match.state
        if self.row.scorekeeper and st.is_chance():
            return True
        due = self.throw_due()
        return due in mine if due is not None else any(s in mine for s in st.actors())

    def summary(self, base_url: str = "", reader: tuple[int, ...] = ()) -> dict[str, Any]:
        """The table summary; its ``seq`` is ``reader``'s (default: a spectator's, the public count)."""
        if self._summary is None:
            numbers = bot_numbers(self.row.seats)
            self._summary = {
                "id": self.row.id,
                "game": self.row.game,
                "game_name": self.info.name_de,
                "rules_id": self.row.rules_id,
                "status": self.row.status,
                "scorekeeper": self.row.scorekeeper,
                "private": self.row.private,
                "host": self.row.host_id,
                "created_at": self.row.created_at.strftime("%Y-%m-%dT%H:%M:%SZ"),
                "spectator_chat": self.row.spectator_chat,
                "muted": sorted(self.muted),
                "hints": self.row.hints,
                "rated": self.row.rated,
                "advisor": self.info.advisor is not None,
                "seats": [
                    {
                        "seat": s.seat,
                        "kind": s.kind,
                        "player_id": s.player_id,
                        "name": s.name,
                        "bot": s.bot,
                        "bot_number": numbers.get(s.seat),
                        "guest": s.guest,
                        "standin": s.standin,
                        "rating": self.ratings.get(s.seat),
                    }
                    for s in self.row.seats
                ],
                "clock": {"kind": self.row.clock, "seconds": self.row.move_seconds, "on_expiry": self.row.on_expiry},
                "ended_by": self.row.ended_by,
                "url": f"/table/{self.row.id}",
            }
        out = dict(self._summary)
        out["seq"] = self.reader_seq(reader) if self.match is not None else 0
        out["result"] = self.result()
        out["winners"] = out["result"]["winners"]
        out["resigned"] = self.row.resigned
        out["deadline_at"] = self._deadline_wall()
        out["rematch"] = f"/table/{self.row.rematch}" if self.row.rematch else None
        out["invite_url"] = base_url.rstrip("/") + out["url"]
        out["online"] = self.online()
        out["spectators"] = self.spectators()
        return out

    def _changed(self) -> None:
        self._summary = None
        self.version += 1

    # --- loading ----------------------------------------------------------------------------------------------
    def restore(self, events: list[Event] | Log) -> None:
        """Rebuild the match from the committed log, exactly: a fold of the events over the initial state."""
        if isinstance(events, Log):
            self.dice = events.dice
            self.secrets = dict(events.secrets)
            events = events.events
        record = GameRecord(
            game=self.row.game,
            rules_id=self.row.rules_id,
            rules=self.row.rules,
            players=self._player_names(),
            events=list(events),
            meta=self._record_meta(),
        )
        states = record.states()
        prev = next(states)
        game = record.make_game()
        hidden = EventViews()
        before: list[State] = []
        for ev, nxt in zip(record.events, states, strict=True):
            hidden.append(self._hidden(prev, event_object(game, ev), ev.player))
            before.append(prev)
            prev = nxt
        self.match = Match(game, record, prev)
        self.hidden = hidden
        self.before = before
        self.objs = [None] * len(before)
        self._changed()

    def _player_names(self) -> list[str]:
        """Names in the record: a bot is ``bot:KIND``, numbered like on the pages when its kind sits twice, so a
        downloaded record still tells the seats apart."""
        nums = bot_numbers(self.row.seats)

        def name(s: SeatRow) -> str:
            if s.bot:
                return f"bot:{s.bot}" + (f" {nums[s.seat]}" if s.seat in nums else "")
            return s.name or f"seat {s.seat}"

        return [name(s) for s in self.row.seats]

    def _record_meta(self) -> dict[str, object]:
        """``seats`` as the terminal writes them (``bot:KIND`` or ``human``): ``wuerfel play --load`` of a record
        downloaded from a table continues it with the same bots in their seats."""
        meta: dict[str, object] = {
            "table": self.row.id,
            "seats": [f"bot:{s.bot}" if s.bot else "human" for s in self.row.seats],
        }
        if self.dice is not None:
            meta["dice"] = self.dice
        return meta

    # --- provably fair dice (wuerfel.engine.fairdice) -----------------------------------------------------------
    def _fix_seeds(self, starter: Player, seed: object) -> None:
        """At the start: every seat's seed (the one its browser sent, the starter's for his seats without one, or a
        server-made one marked so) and the combined seed, fixed before the first commitment."""
        if self.row.scorekeeper:
            self.dice = None
            return
        mine = fairdice.valid_seed(seed)
        seeds: list[dict[str, Any]] = []
        for s in sorted(self.row.seats, key=lambda x: x.seat):
            given = self.seeds.get(s.seat) or (mine if s.player_id == starter.id and not s.bot else None)
            seeds.append(
                {"seat": s.seat, "seed": given, "by": "player"}
                if given
                else {"seat": s.seat, "seed": fairdice.new_seed(), "by": "server"}
            )
        self.dice = {
            "v": fairdice.VERSION,
            "seeds": seeds,
            "seed": fairdice.combine_seeds([str(x["seed"]) for x in seeds]),
        }
        self.secrets = {}

    def _announce(self, m: Match) -> None:
        """At the start and with every throw of the server: make the secret of the *next* throw and publish its
        commitment (``next``: in ``meta.dice`` at the start, else in the proof of the throw just made). So each
        throw is fixed as early as possible: right after the one before it, before every decision in between (which
        dice to keep, whether to go on) and before the thrower's tap. The last one is never used (nor revealed)."""
        if self.dice is None or self.row.scorekeeper:
            return
        secret = fairdice.new_secret()
        idx = len(m.record.events) - 1
        self.secrets[idx] = secret
        if idx < 0:
            self.dice["next"] = fairdice.commitment(secret)
            return
        ev = m.record.events[idx]
        m.record.events[idx] = dataclasses.replace(ev, proof={**(ev.proof or {}), "next": fairdice.commitment(secret)})

    def _pending_secret(self, m: Match) -> str | None:
        """The secret announced for the throw now due: by the last throw with a proof, else at the start."""
        for i in range(len(m.record.events) - 1, -1, -1):
            ev = m.record.events[i]
            if ev.proof is not None and "next" in ev.proof:
                return self.secrets.get(i)
        return self.secrets.get(-1)

    def _dice_of(self, m: Match, tap: str | None = None) -> tuple[Outcome, dict[str, Any] | None]:
        """The server's throw at the current chance node: derived from the announced secret and the combined seed
        (with its proof), or, for a game without proof, drawn from the OS's CSPRNG as before. ``tap``: a seed the
        person sent with the tap or move that makes this throw, after its commitment was out (see fairdice)."""
        state = m.state
        secret = self._pending_secret(m) if self.dice is not None else None
        if secret is None:
            return self.hub.source.choose(state), None
        outcomes = state.chance_outcomes()
        outcome = fairdice.derive(outcomes, secret, fairdice.throw_seed(str(self.dice["seed"]), tap))  # type: ignore[index]
        hidden = event_statement(state, outcome, None) is not None
        return outcome, fairdice.throw_proof(outcomes, secret, state.thrower(), hidden, tap)

    def _server_throw(self, m: Match, tap: str | None = None) -> Callable[[], Any]:
        """The step that throws the server's dice now and announces the next throw (for :meth:`_advance`)."""
        outcome, proof = self._dice_of(m, tap)

        def step() -> None:
            m.chance(outcome, proof)
            if proof is not None:
                self._announce(m)

        return step

    def record(self) -> GameRecord:
        """The game's record as stored, with ``meta.resigned`` (the seat that gave up) when the game ended so: the
        events are the game's as far as it was played; the resignation is the table's, not a move of the game."""
        assert self.match is not None
        rec = self.match.record
        meta = dict(rec.meta)
        if self.row.resigned is not None:
            meta["resigned"] = self.row.resigned
            if self.row.ended_by and self.row.ended_by != "resigned":
                meta["ended_by"] = self.row.ended_by
        if self.chat:
            meta["chat"] = [m.to_json() for m in self.chat]
        if meta == rec.meta:
            return rec
        return GameRecord(
            game=rec.game, rules_id=rec.rules_id, rules=rec.rules, players=rec.players, events=rec.events, meta=meta
        )

    async def _ready_bots(self) -> dict[int, Any]:
        """The bots of this match, made on first need, off the loop and outside the table lock.

        Making a bot can take long: on a fresh machine the learned Würfelspiel player compiles its kernels first
        (20 s and more), the Escalero optimal bot solves new rules. Made at start, that held the host's start request
        (an HTTP timeout on a busy machine) and, under the lock, every move at the table; made here, only the bot's own
        first move waits for it.

        Bots that build tables are made in the hub's build threads under its caps (:mod:`wuerfel.server.builds`);
        over a cap the game's rule-of-thumb bot (else the random bot) plays the seat meanwhile, and the build is
        asked for again every :data:`BUILD_RETRY` seconds.
        """
        from wuerfel.bots import make_bot

        m = self.match
        async with self._bot_making:
            seats = tuple((s.seat, kind) for s in self.row.seats if (kind := self._bot_kind(s)) is not None)
            now = time.monotonic()
            retry = any(at <= now for at in self._bots_stand_in.values())
            if m is not None and (self._bots_for is not m or self._bots_seats != seats or retry):
                # A stand-in that took a seat gets its bot; the bots already playing keep theirs (and their memory).
                keep = self.bots if self._bots_for is m else {}
                old = dict(self._bots_seats) if self._bots_for is m else {}
                lighter = self._bots_stand_in if self._bots_for is m else {}
                wanted = {
                    seat: kind
                    for seat, kind in seats
                    if not (old.get(seat) == kind and seat in keep and lighter.get(seat, math.inf) > now)
                }
                heavy = {seat: kind for seat, kind in wanted.items() if kind not in LIGHT_BOTS}
                light = {seat: kind for seat, kind in wanted.items() if kind in LIGHT_BOTS}
                made: dict[int, Any] = {}
                stand_in = {seat: at for seat, at in lighter.items() if seat in keep and seat not in wanted}
                game_id = self.row.game

                def make(kinds: dict[int, str]) -> dict[int, Any]:
                    return {seat: make_bot(game_id, kind, m.game, secrets.randbits(32)) for seat, kind in kinds.items()}

                if heavy:
                    try:
                        made.update(await self._build(functools.partial(make, heavy), self.build_address()))
                    except BuildBusy as exc:
                        fallback = "heuristic" if "heuristic" in self.info.bots else "random"
                        log.info(
                            "table %s: %s bot(s) not built now (%s cap); %s plays meanwhile",
                            self.row.id,
                            ",".join(sorted(set(heavy.values()))),
                            exc.reason,
                            fallback,
                        )
                        light.update({seat: fallback for seat in heavy})
                        stand_in.update({seat: now + BUILD_RETRY for seat in heavy})
                if light:
                    made.update(await self.hub.builds.move(make, light))
                self.bots = {seat: made[seat] if seat in made else keep[seat] for seat, _ in seats}
                self._bots_stand_in = stand_in
                self._bots_for = m
                self._bots_seats = seats
        return self.bots

    async def _build(self, fn: Callable[[], T], address: str) -> T:
        """Run ``fn`` (it makes bots or the advisor) as a build of this table's rule set for ``address``: a made-up
        rule set is held for this table first (:meth:`BuildGate.hold`), then built under the caps; either may
        refuse with :class:`BuildBusy`."""
        gate, key = self.hub.builds, self.build_key()
        newly = not self.preset_rules() and gate.hold(key, self.row.id, address)
        try:
            return await gate.build(key, address, fn)
        except BaseException:
            if newly:
                gate.release(key, self.row.id)
            raise

    def preset_rules(self) -> bool:
        """Whether the table plays one of the game's named rule sets unchanged (their tables are shared by all)."""
        try:
            return not self.row.rules or self.row.rules == self.info.resolve(self.row.rules_id).data
        except Exception:
            return False

    def build_key(self) -> tuple[str, str]:
        """The rule set's key for the build caps: the game and its rules document (bots and advisors of one rule
        set share their tables, :mod:`wuerfel.engine.shared`)."""
        return self.row.game, json.dumps(self.row.rules, sort_keys=True, ensure_ascii=False)

    def build_address(self) -> str:
        """The client address this table's builds are counted for: its host's (a table restored with nobody
        connected yet: the host's id stands for it)."""
        host = self.row.host_id
        return self.addresses.get(host, f"player:{host}") if host is not None else "server"

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
        async with self.lock:
            # A player whose seat a stand-in plays is back: the seat is his again (the others read it; he reads it
            # with his first message).
            back = False
            if conn.player is not None:
                try:
                    back = await self._give_back(conn.player)
                except TableError:
                    log.warning("table %s could not give player %d his seat back", self.row.id, conn.player.id)
            self.conns.add(conn)
            self.note_address(conn.player, conn.address)
            self.touched_at = time.monotonic()
            # A finished table may have been let go between its lookup and this join: a connection keeps it live.
            self.hub.tables.setdefault(self.id, self)
            # The others hear that this player came; he reads who is here in his first message.
            self._tell_presence(skip=conn)
            if self.match is None:
                await self._send(
                    conn,
                    {
                        "v": PROTOCOL_VERSION,
                        "type": "table",
                        "table": self.summary(conn.base_url),
                        "chat": self._chat_history(),
                    },
                )
            else:
                # ``since`` counts in this reader's numbering (see :meth:`reader_seq`): where is that in the log?
                reader = self.reader_of(self.seats_of(conn.player))
                if conn.last_seq < 0 or conn.last_seq > self.reader_seq(reader):
                    conn.last_seq = self.committed
                else:
                    conn.last_seq = self.position(reader, conn.last_seq)
                await self._send_state(
                    conn,
                    {},
                    first=True,
                    note=translate(N_("You are back: you play your seat again."), conn.lang) if back else None,
                )

    def _chat_history(self) -> list[dict[str, Any]]:
        """The last :data:`CHAT_HISTORY` chat messages, which the first message on a connection carries."""
        return [m.to_json() for m in self.chat[-CHAT_HISTORY:]]

    def leave(self, conn: Conn) -> None:
        conn.stop()
        self.conns.discard(conn)
        self.touched_at = time.monotonic()
        self._tell_presence()
        self._maybe_evict()

    def _tell_presence(self, skip: Conn | None = None) -> None:
        """Tell every connection who is here when that changed (a player's first tab opened, his last one closed,
        a seat taken or left). Only queues messages (see :class:`Conn`), so it may run with or without the lock.

        A second tab of a player already present changes nothing and sends nothing: the table hears about people,
        not about their tabs."""
        now = (self.online(), self.spectators())
        if now == self._online_told:
            return
        self._online_told = now
        msg = {"v": PROTOCOL_VERSION, "type": "presence", "online": now[0], "spectators": now[1]}
        for c in list(self.conns):
            if c is not skip:
                c.push(msg)

    def _maybe_evict(self) -> None:
        """A finished table nobody watches leaves memory; it is loaded again from its log when asked for.

        Called after the last event was queued for every connection (the end of a step, a resignation) and when a
        connection leaves. What only a running game needs — its bots, the hint advisor — goes at once, even while
        people still look at the final position; the table itself stays while anybody is connected, so the chat
        and the rematch offer still reach everyone at it, and leaves with the last of them."""
        if self.row.status != "finished":
            return
        self._let_go()
        if not self.conns and self.hub.tables.get(self.row.id) is self:
            del self.hub.tables[self.row.id]

    def _let_go(self) -> None:
        """Drop the bots and the advisor of a game that has ended (a strong Würfelspiel bot keeps its solved
        endgame, megabytes; the shared solver tables stay in :mod:`wuerfel.engine.shared` for the next table)."""
        self.bots = {}
        self._advisor = None
        self.hub.builds.let_go(self.row.id)

    def idle(self, now: float) -> bool:
        """A running table that may leave memory (see :meth:`Hub.sweep`): nobody connected, nothing touched it for
        :attr:`Hub.idle_evict`, and nothing but the stored deadline of a person's move is pending — no bot or
        stand-in to act (a bot-only game is never dropped mid-game), no throw the server owes, no task at work, no
        game window or throw window open (those run in memory only; a reload would restart them). Its log and its
        stored deadline are all there is to it: reloaded, it is the same table."""
        if self.row.status != "playing" or self.match is None or self.over or self.conns:
            return False
        if now - self.touched_at < self.hub.idle_evict or now - self.used_at < self.hub.sweep_grace:
            return False
        if self.lock.locked() or self._bot_making.locked() or self._hinting:
            return False
        for task in (self.driver, self.resumer, self.clock, self.throw_timer):
            if task is not None and not task.done():
                return False
        if self._bot_to_act() is not None:
            return False
        st = self.match.state
        # A throw nobody has to ask for is the server's to make at once: the table is not waiting, it is working.
        return not (st.is_chance() and self.throw_due() is None and not self.row.scorekeeper)

    def _drop_idle(self) -> float | None:
        """Stop this table's timers and leave memory (after :meth:`idle` said so); returns when its stored deadline
        falls due (Unix time), for the hub to load it then (None: no table clock runs)."""
        at = self._deadline_wall()
        for task in (self.move_timer, self.clock, self.throw_timer):
            if task is not None and not task.done():
                task.cancel()
        self.move_timer = self.clock = self.throw_timer = None
        self.move_at = None
        self._let_go()
        if self.hub.tables.get(self.row.id) is self:
            del self.hub.tables[self.row.id]
        return at

    async def _send(self, conn: Conn, msg: dict[str, Any] | str) -> None:
        """Queue ``msg`` for ``conn``: it returns at once, whatever the client's socket does (see :class:`Conn`)."""
        conn.push(msg)

    async def _broadcast_table(self, note: Callable[[str], str] | None = None) -> None:
        """Send the new seating to everyone; ``note`` says in the reader's language what happened (protocol 3)."""
        for c in list(self.conns):
            msg: dict[str, Any] = {"v": PROTOCOL_VERSION, "type": "table", "table": self.summary(c.base_url)}
            if note is not None:
                msg["note"] = note(c.lang)
            await self._send(c, msg)

    async def _broadcast_state(self, note: Callable[[str], str] | None = None, skip: Conn | None = None) -> None:
        """Send the new state to everyone; ``note`` says in the reader's language what happened to a seat (the
        clock decided, a bot took a seat or gave it back: protocol 6)."""
        cache: dict[Any, Any] = {}
        for c in list(self.conns):
            if c is not skip:
                await self._send_state(c, cache, note=note(c.lang) if note is not None else None, quiet=note is None)

    def _view_seat(self, conn: Conn, mine: list[int], actors: tuple[int, ...]) -> int | None:
        if conn.want_seat is not None and conn.want_seat in mine:
            return conn.want_seat
        for s in mine:
            if s in actors:
                return s
        return mine[0] if mine else None

    async def _send_state(
        self, conn: Conn, cache: dict[Any, Any], first: bool = False, note: str | None = None, quiet: bool = False
    ) -> None:
        """Queue the state for ``conn``: its view, its legal moves and the events it was told of since its last
        message, numbered in its own ``seq`` (:meth:`reader_seq`).

        ``quiet`` (a broadcast after moves): a reader told of none of the new events gets nothing at all, so a sealed
        stake changes nothing he can observe (issue 24, M1). Each kind of reader — a seat's connections, everyone
        without a seat — who saw the same events reads the same message, encoded once per broadcast (issue 24, L6:
        a hundred spectators cost one encoding, not a hundred)."""
        assert self.match is not None
        state = self.match.state
        lang = conn.lang
        mine = self.seats_of(conn.player) if conn.player is not None else []
        reader = self.reader_of(mine) if mine else ()
        seq = cache.get("committed")
        if seq is None:
            seq = cache["committed"] = self.committed
        start = min(max(conn.last_seq, 0), seq)
        include_table = conn.table_version != self.version
        # Where this reader stands, worked out once per broadcast for all readers of its kind at the same point.
        pkey = ("at", reader, start)
        at = cache.get(pkey)
        if at is None:
            rseq, rstart = self.reader_seq(reader, seq), self.reader_seq(reader, start)
            # A catch-up carries at most the last CATCH_UP events (the view is complete anyway): a message for a long
            # log would be megabytes and block the loop while its labels are made. The rest is in the record and
            # the replay.
            skipped = max(0, rseq - CATCH_UP - rstart)
            at = cache[pkey] = (
                rseq,
                rstart == rseq,
                skipped,
                rstart + skipped,
                self.position(reader, rstart + skipped) if skipped else start,
            )
        rseq, unchanged, skipped, rstart, start = at
        if quiet and unchanged and not first and not include_table and start < seq:
            conn.last_seq = seq  # nothing he may know of happened: not even a message says that something did
            return
        shared_key: tuple[Any, ...] | None = None
        if not first:
            shared_key = (
                "encoded",
                reader,
                conn.want_seat if len(mine) > 1 else None,
                lang,
                start,
                skipped,
                note,
                conn.base_url if include_table else None,
            )
            encoded = cache.get(shared_key)
            if encoded is not None:
                conn.last_seq = seq
                if include_table:
                    conn.table_version = self.version
                conn.push(encoded)  # the hot path of a broadcast: a queue append per reader, nothing more
                return
        actors = () if self.row.resigned is not None else state.actors()
        due = self.throw_due()
        seat = self._view_seat(conn, mine, actors if due is None else (due,))
        key = ("view", seat)
        view = cache.get(key)
        if view is None:
            view = cache[key] = state.view(seat)
        legal: list[dict[str, Any]] = []
        for s in mine:
            if s in actors:
                lkey = ("legal", s, lang)
                got = cache.get(lkey)
                if got is None:
                    got = cache[lkey] = [
                        {"seat": s, "action": a.to_json(), "label": state.describe_offer(a, lang)}
                        for a in state.legal_actions(s)
                    ]
                legal.extend(got)
        events = self._reader_events(reader, seat, lang, cache, start, seq, rstart)
        conn.last_seq = seq
        manual = None
        if self.row.scorekeeper and state.is_chance() and not self.over:
            mkey = ("manual", lang)
            manual = cache.get(mkey)
            if manual is None:
                manual = cache[mkey] = self._manual(state, lang)
        ckey = ("components", seat, lang)
        components = cache.get(ckey)
        if components is None:
            components = cache[ckey] = self._components(state, seat, lang)
        terminal = self.over
        result = self.result()
        msg = {
            "v": PROTOCOL_VERSION,
            "type": "state",
            "seq": rseq,
            "seat": seat,
            "my_seats": mine,
            "view": view,
            "components": components,
            "events": events,
            "legal": legal,
            "to_move": list(actors),
            "manual": manual,
            "finished": terminal,
            "winners": result["winners"],
            "result": result,
            "deadline": self._deadline_json(lang),
            "throw": self._throw_json(due),
            "online": self._online(cache),
            "clock": self._clock_json(),
        }
        if note:
            msg["note"] = note
        if skipped:
            msg["skipped"] = skipped
        if include_table:
            msg["table"] = self.summary(conn.base_url, reader)
            conn.table_version = self.version
        if shared_key is not None:
            text = cache[shared_key] = encode(msg)
            await self._send(conn, text)
            return
        msg["chat"] = self._chat_history()
        if self.dice is not None:
            # Provably fair dice: the seats' seeds, the combined seed and the first throw's commitment (every
            # later commitment comes in the proof of the event before its throw).
            msg["dice"] = self.dice
        await self._send(conn, msg)

    def _reader_events(
        self,
        reader: tuple[int, ...],
        seat: int | None,
        lang: str,
        cache: dict[Any, Any],
        start: int,
        end: int,
        rstart: int,
    ) -> list[dict[str, Any]]:
        """The events ``start`` … ``end`` of the log that ``reader`` was told of, as ``seat`` sees them now, each
        numbered in his own ``seq`` (the first one ``rstart + 1``). An event kept from him when it happened never
        turns up in his list, not even after it was uncovered: the uncovering event lists it under ``uncovered``
        (without a ``seq`` of his, which it never had)."""
        out: list[dict[str, Any]] = []
        r = rstart
        for i in range(start, end):
            if not self.told(reader, i):
                continue
            r += 1
            e = self._event_json(i, seat, lang, cache)
            if e is None:
                continue  # a person holding several seats: told at another seat than the one his view shows
            e["seq"] = r
            for u in e.get("uncovered", ()):
                j = u["seq"] - 1
                u["seq"] = self.reader_seq(reader, j + 1) if self.told(reader, j) else None
            out.append(e)
        return out

    def _online(self, cache: dict[Any, Any]) -> list[int]:
        """:meth:`online`, worked out once per broadcast."""
        got = cache.get("online")
        if got is None:
            got = cache["online"] = self.online()
        return list(got)

    def _components(self, state: State, seat: int | None, lang: str) -> list[dict[str, Any]]:
        """What ``seat`` sees on the table, translated into the reader's language with the seats' names: the web
        table draws it without a catalogue. A game whose components cannot be made must not stop the table: the
        page then draws the seats alone (the view and the moves still arrive)."""
        names: list[str] = list(self._seat_names(lang))
        if seat is not None and 0 <= seat < len(names):
            # the reader's own seat: a line about it reads "Du bist am Zug als Macher", not "Anna ist …" (web L5)
            names[seat] = You(names[seat])
        try:
            return components_json(state.components(seat), lang, names)
        except Exception:
            log.exception("no components for table %s at seq %d", self.row.id, self.seq)
            return []

    def _event_json(
        self, i: int, seat: int | None, lang: str, cache: dict[Any, Any], uncovered: bool = True
    ) -> dict[str, Any] | None:
        """Event ``i`` as ``seat`` may see it now: in full, redacted as the game states, or ``None`` (not told);
        with whose throw it was, what it brought about and (``uncovered``) the moves it uncovers for the seat
        (:mod:`wuerfel.server.narration`)."""
        assert self.match is not None
        ev = self.match.record.events[i]
        shown = self.hidden.view(i, seat)
        if shown.show == "none":
            return None
        if not shown.full:
            out = {
                "seq": i + 1,
                "type": ev.type,
                "player": ev.player if shown.player else None,
                "data": shown.data,
                "hidden": True,
                "label": translate(shown.label, lang) if shown.label else "",
            }
            if ev.proof is not None:
                out["proof"] = fairdice.public_proof(ev.proof)  # the commitment, never the secret of a hidden throw
            out.update(event_extras(self, i, seat, lang, cache, uncovered))
            return out
        key = ("label", i, lang)
        label = cache.get(key)
        if label is None:
            label = cache[key] = self._label(i, lang)
        out = {"seq": i + 1, "type": ev.type, "player": ev.player, "data": ev.data, "label": label}
        if ev.proof is not None:
            out["proof"] = ev.proof
        out.update(event_extras(self, i, seat, lang, cache, uncovered))
        return out

    def _label(self, i: int, lang: str) -> str:
        """The label of event ``i``, described in the state it was applied to."""
        assert self.match is not None
        game = self.match.game
        ev = self.match.record.events[i]
        obj = self.objs[i]
        try:
            if ev.type == "action":
                return self.before[i].describe_action(obj or game.action_from_json(ev.data), lang)
            return self._outcome_label(
                self.before[i], obj or game.outcome_from_json(ev.data), lang, self._seat_names(lang)
            )
        except Exception:
            log.exception("no label for event %d of table %s", i, self.row.id)
            return ""

    def _manual(self, state: State, lang: str) -> dict[str, Any]:
        """How the scorekeeper enters the outcome of this chance node: the number of dice (with the dice that stand
        beside them and whose throw it is), one-tap special outcomes (a void throw), and every possible outcome as a
        choice when there are few or when the node throws no dice at all (a lot): every node can be entered."""
        outcomes = state.chance_outcomes()
        possible = [o for o, p in outcomes if p > 0]
        dice = state.dice_to_throw()
        names = self._seat_names(lang)
        few = len(possible) <= MAX_CHOICES or (dice <= 0 and len(possible) <= MAX_NON_DICE_CHOICES)
        return {
            "dice": dice,
            "thrower": state.thrower(),
            "kept": list(state.dice_standing()),
            "special": [
                {"outcome": o.to_json(), "label": self._outcome_label(state, o, lang, names)}
                for o, p in outcomes
                if p == 0
            ],
            "choices": [{"outcome": o.to_json(), "label": self._outcome_label(state, o, lang, names)} for o in possible]
            if few
            else None,
        }

    def _seat_names(self, lang: str) -> list[str]:
        """The seats as the pages call them (a bot as "Computer (Faustregel)", its kind in words), for labels and
        table components that name a seat ("Anna beginnt" rather than "Platz 1 beginnt")."""
        from wuerfel.bots import bot_label

        nums = bot_numbers(self.row.seats)
        out = []
        for s in self.row.seats:
            if s.bot:
                kind = bot_label(s.bot, lang)
                out.append(
                    translate("Computer {n} ({bot})", lang, n=nums[s.seat], bot=kind)
                    if s.seat in nums
                    else translate("Computer ({bot})", lang, bot=kind)
                )
            else:
                out.append(s.name or translate("Seat {n}", lang, n=s.seat + 1))
        return out

    def seat_label(self, seat: int, lang: str) -> str:
        """The seat as messages in words name it: its name on the pages, a guest's marked "(Gast)" like in the
        chat and on the seat list, so a guest never passes for a registered player in a note either."""
        s = self.row.seats[seat]
        name = self._seat_names(lang)[seat]
        return person_name(name, s.guest, lang) if s.kind == "human" else name

    def _named(self, seat: int) -> Callable[[str], str]:
        """The seat's message name (:meth:`seat_label`) as it is now, in every language: a note is worded after
        the seating changed (the seat left, a stand-in came), so its name is taken before."""
        names = {lang: self.seat_label(seat, lang) for lang in LANGUAGES}
        return lambda lang: names.get(lang, names[LANGUAGES[0]])

    @staticmethod
    def _outcome_label(state: State, o: Outcome, lang: str, names: Sequence[str] = ()) -> str:
        """The game's own description when it has one; else the faces, or our name for a common special outcome."""
        if type(state).describe_outcome is State.describe_outcome and not isinstance(o, Roll):
            msgid = SPECIAL_OUTCOME_LABELS.get(o.kind)
            if msgid:
                return translate(msgid, lang)
        return state.describe_outcome(o, lang, names=list(names))

    # --- seating (before the start) ---------------------------------------------------------------------------
    def _seat(self, seat: object) -> SeatRow:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.row.num_seats:
            raise TableError("bad_seat", N_("There is no seat {seat} at this table."), 422, seat=str(seat)[:10])
        return self.row.seats[seat]

    def _must_be_open(self) -> None:
        if self.row.status != "open":
            raise TableError("already_started", N_("The game has already started."))

    async def sit(self, player: Player, seat: object, seed: object = None) -> None:
        async with self.lock:
            self._must_be_open()
            s = self._seat(seat)
            if s.kind != "empty":
                raise TableError("seat_taken", N_("That seat is taken."))
            if player.id != self.row.host_id and self.seats_of(player):
                # Several seats are for the host's own table (hot-seat, one phone at a real table); anyone else
                # filling every free seat would block the table.
                raise TableError("one_seat", N_("You already have a seat at this table."))
            self._may_sit_rated(player)
            given = fairdice.valid_seed(seed)
            if given is not None:
                self.seeds[s.seat] = given  # his contribution to the dice (see _fix_seeds)
            await self._save_seat(
                SeatRow(s.seat, player.id, None, player.name, not player.registered),
                lambda lang: translate(
                    N_("{name} sits down in seat {n}."), lang, name=self.seat_label(s.seat, lang), n=s.seat + 1
                ),
            )

    def _may_sit_rated(self, player: Player) -> None:
        """A rated table seats registered players only, each once (a rating belongs to one person playing one
        seat; a guest has no rating to keep)."""
        if not self.row.rated:
            return
        if not player.registered:
            raise TableError("rated_guest", N_("Only registered players can play at a rated table."))
        if self.seats_of(player):
            raise TableError("one_seat", N_("You already have a seat at this table."))

    async def leave_seat(self, player: Player, seat: object) -> None:
        async with self.lock:
            self._must_be_open()
            s = self._seat(seat)
            if s.kind != "human" or (s.player_id != player.id and player.id != self.row.host_id):
                # The host may clear anyone's seat before the start (someone who joined and went away).
                raise TableError("not_seated", N_("You are not sitting in that seat."))
            name = self._named(s.seat)
            msgid = (
                N_("{name} left seat {n}.")
                if s.player_id == player.id
                else N_("The host removed {name} from seat {n}.")
            )
            await self._save_seat(SeatRow(s.seat), lambda lang: translate(msgid, lang, name=name(lang), n=s.seat + 1))

    async def set_bot(self, player: Player, seat: object, bot: object) -> None:
        async with self.lock:
            self._must_be_open()
            if player.id != self.row.host_id:
                raise TableError("not_host", N_("Only the host of the table may do that."), 403)
            s = self._seat(seat)
            if bot is None:
                if s.kind == "bot":
                    # Named before the seat is cleared (the names follow the seating).
                    name = self._named(s.seat)
                    await self._save_seat(
                        SeatRow(s.seat),
                        lambda lang: translate(N_("{name} left seat {n}."), lang, name=name(lang), n=s.seat + 1),
                    )
                return
            from wuerfel.bots import bot_names

            if not isinstance(bot, str) or bot not in bot_names(self.row.game):
                raise TableError(
                    "bad_request",
                    N_("Unknown bot '{name}'. Known: {known}"),
                    422,
                    name=str(bot)[:40],
                    known=", ".join(bot_names(self.row.game)),
                )
            if s.kind == "human":
                raise TableError("seat_taken", N_("That seat is taken."))
            await self._save_seat(
                SeatRow(s.seat, None, bot, bot),
                lambda lang: translate(
                    N_("{name} takes seat {n}."), lang, name=self.seat_label(s.seat, lang), n=s.seat + 1
                ),
            )

    async def _save_seat(self, seat: SeatRow, note: Callable[[str], str] | None = None) -> None:
        """Store one seat and tell everyone at the table, with ``note`` saying in words what happened."""
        with db_refusal():
            self.row.active_at = await asyncio.to_thread(self.hub.store.set_seat, self.row.id, seat)
        self.row.seats[seat.seat] = seat
        await self.refresh_ratings()
        self._changed()
        await self._broadcast_table(note)
        self._tell_presence()

    async def refresh_ratings(self) -> None:
        """At a rated table, read every seated player's and bot's rating in this game (the rating the table will
        change at its end); a newcomer has openskill's start, 0. Elsewhere nothing: ratings belong to rated play."""
        if not self.row.rated:
            return
        from wuerfel.server import ratings as rt

        who = {
            s.seat: rt.player_identity(s.player_id)
            if s.kind == "human" and s.player_id is not None
            else rt.bot_identity(s.bot)
            for s in self.row.seats
            if s.kind != "empty" and (s.bot or s.player_id)
        }
        store, game = self.hub.store, self.row.game

        def read() -> dict[int, float]:
            out = {}
            for seat, identity in who.items():
                mu, sigma, _ = store.ratings_of(identity).get(game, (None, None, 0))
                start = rt.initial(identity)
                out[seat] = round(
                    (mu if mu is not None else start.mu) - 3 * (sigma if sigma is not None else start.sigma), 3
                )
            return out

        try:
            self.ratings = await asyncio.to_thread(read)
        except Exception:  # a rating is an ornament of the seat list: it never stops seating or a load
            log.exception("the ratings of table %s could not be read", self.row.id)
        self._changed()

    async def start(self, player: Player, seed: object = None) -> None:
        async with self.lock:
            self._must_be_open()
            if player.id != self.row.host_id:
                raise TableError("not_host", N_("Only the host of the table may do that."), 403)
            if any(s.kind == "empty" for s in self.row.seats):
                raise TableError("not_ready", N_("Every seat must be taken before the game can start."))
            if self.row.rated:
                people = [s.player_id for s in self.row.seats if s.kind == "human"]
                if any(s.guest for s in self.row.seats if s.kind == "human") or len(set(people)) != len(people):
                    raise TableError("rated_guest", N_("Only registered players can play at a rated table."))
            self._fix_seeds(player, seed)
            match = Match.new(
                self.row.game,
                self.row.rules_id,
                self._player_names(),
                rules=self.info.rules_from_dict(self.row.rules),
                meta=self._record_meta(),
            )
            self.match = match
            try:
                self._announce(match)
                new, hidden = self._advance(lambda: None)
            except Exception:
                self.match = None
                raise
            status = "finished" if match.state.is_terminal() else "playing"
            deadline = self._next_deadline()
            try:
                with db_refusal():
                    await self._commit(0, new, hidden, [(self.row.id, status)], deadline, pre=True)
            except Exception:
                self.match = None
                raise
            self._set_deadline_row(deadline)
            self.row.status = status
            self._changed()
            for c in self.conns:
                c.last_seq = 0
            self._arm_clock()
            await self._broadcast_state()
        self._schedule()

    # --- moves ------------------------------------------------------------------------------------------------
    def _advance(
        self, step: Callable[[], Any], obj: Any = None, tap: str | None = None
    ) -> tuple[list[Event], list[tuple[Statement, State, Any]]]:
        """Run ``step`` (which appends events via the match) and the server's throws after it; return the new events.
        ``tap``: the mover's fresh seed, mixed into the first throw that follows his move at once.

        On any refusal the match is restored to exactly where it was.
        """
        return self._advance_steps([(step, obj)], tap)

    def _advance_steps(
        self, steps: list[tuple[Callable[[], Any], Any]], tap: str | None = None
    ) -> tuple[list[Event], list[tuple[Statement, State, Any]]]:
        """:meth:`_advance` for several steps in a row (each appends at most one event), committed as one batch."""
        assert self.match is not None
        m = self.match
        old_state, old_len = m.state, len(m.record.events)
        hidden: list[tuple[Statement, State, Any]] = []
        try:
            for step, obj in steps:
                prev, n = m.state, len(m.record.events)
                step()
                # Count events, not state changes: a void throw is an event whose state may be the same object.
                if len(m.record.events) > n:
                    ev = m.record.events[-1]
                    hidden.append(
                        (self._hidden(prev, obj if obj is not None else event_object(m.game, ev), ev.player), prev, obj)
                    )
            if not self.row.scorekeeper:
                # The server's dice: a throw that is nobody's or follows its thrower's own move falls now; a
                # person's or a bot's throw that starts something waits (for the tap, or the bot's pause).
                while m.state.is_chance() and waits_for(m.state, m.record.events) is None:
                    prev = m.state
                    outcome, proof = self._dice_of(m, tap)
                    tap = None
                    m.chance(outcome, proof)
                    if proof is not None:
                        self._announce(m)
                    hidden.append((self._hidden(prev, outcome, None), prev, outcome))
        except BaseException:
            m.state = old_state
            del m.record.events[old_len:]
            raise
        return m.record.events[old_len:], hidden

    async def _commit(
        self,
        old_len: int,
        new: list[Event],
        hidden: list[tuple[Statement, State, Any]],
        statuses: list[tuple[str, str]],
        deadline: Deadline | None = None,
        pre: bool = False,
    ) -> None:
        """Make the new events durable (with the deadline of the position they lead to, at a table with a clock);
        on failure undo them in memory, so memory never runs ahead of the log. ``pre``: the start, which also
        stores the game's dice data (row seq 0, with the first throw's secret if it announced one)."""
        assert self.match is not None
        m = self.match
        rows = [
            EventRow(
                self.row.id,
                old_len + i + 1,
                ev,
                self.secrets.get(old_len + i) if ev.proof and "next" in ev.proof else None,
            )
            for i, ev in enumerate(new)
        ]
        if pre and self.dice is not None:
            rows.insert(0, EventRow(self.row.id, 0, Event("dice", dict(self.dice)), self.secrets.get(-1)))

        def settle(done: asyncio.Future[None]) -> None:
            # Runs when the commit is decided, even if the waiting task was cancelled meanwhile (shutdown): memory
            # follows the database either way.
            if done.cancelled() or done.exception() is not None:
                del m.record.events[old_len:]
                m.state = m.record.replay()
            else:
                self.touched_at = time.monotonic()
                self.hidden.extend(h for h, _, _ in hidden)
                self.before.extend(b for _, b, _ in hidden)
                self.objs.extend(o for _, _, o in hidden)

        # The game's end (a status "finished" of this table) carries its result: places, scores and, at a rated
        # table, the ratings' update are committed with the last move (Store.append).
        results = [self._game_result()] if (self.row.id, "finished") in statuses else []
        write: asyncio.Future[None] = self.hub.writer.write(rows, statuses, [deadline] if deadline else [], results)
        write.add_done_callback(settle)
        await asyncio.shield(write)

    def _game_result(self) -> GameResult:
        """The result of the game that just ended as the engine states it (ranking with ties, final scores)."""
        assert self.match is not None
        st = self.match.state
        return GameResult(self.row.id, [list(g) for g in st.ranking()], [float(x) for x in st.scores()])

    async def handle(self, conn: Conn, raw: str | bytes) -> None:
        """One client message: a move, a typed throw or a ping. Every refusal is an error message, nothing else."""
        lang = conn.lang
        if len(raw) > MAX_MESSAGE:
            await self._error(conn, "too_large", N_("The message is too large."))
            return
        try:
            msg = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            await self._error(conn, "malformed_json", N_("The message is not valid JSON."))
            return
        except RecursionError:
            # Valid JSON nested deeper than the parser goes: refused like any bad message (it used to escape as a
            # RuntimeError and silently end the connection).
            await self._error(conn, "too_deep", N_("The message is nested too deeply."))
            return
        if isinstance(msg, dict) and msg.get("type") == "ping" and len(msg) == 1:
            await self._send(conn, {"v": PROTOCOL_VERSION, "type": "pong"})
            return
        if isinstance(msg, dict) and msg.get("type") == "chat":
            await self._chat(conn, msg)
            return
        if isinstance(msg, dict) and msg.get("type") == "hint":
            await self._hint(conn, msg)
            return
        if isinstance(msg, dict) and msg.get("type") == "back" and len(msg) == 1:
            await self.come_back(conn)
            return
        bad = BAD_MESSAGE
        if not isinstance(msg, dict) or sum(k in msg for k in ("action", "outcome", "throw")) != 1:
            await self._error(conn, "bad_message", bad)
            return
        expected = msg.get("expected_seq")
        seat = msg.get("seat")
        if (
            isinstance(expected, bool)
            or not isinstance(expected, int)
            or (seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)))
            or set(msg) - {"action", "outcome", "throw", "expected_seq", "seat", "type", "seed"}
            or ("seed" in msg and fairdice.valid_seed(msg["seed"]) is None)
            or ("throw" in msg and msg["throw"] is not True)
            or msg.get("type", "move") != "move"
        ):
            await self._error(conn, "bad_message", bad)
            return
        async with self.lock:
            try:
                tap = fairdice.valid_seed(msg.get("seed"))
                if "action" in msg:
                    await self._move(conn, msg["action"], expected, seat, tap)
                elif "throw" in msg:
                    await self._ask_throw(conn, expected, seat, tap)
                else:
                    await self._throw(conn, msg["outcome"], expected)
            except TableError as exc:
                await self._send(conn, error_json(exc.code, exc.message(lang), self.seq_of(conn)))
                if exc.code == "stale_seq":
                    reader = self.reader_of(self.seats_of(conn.player))
                    if 0 <= expected <= self.reader_seq(reader):
                        conn.last_seq = self.position(reader, expected)
                    await self._send_state(conn, {})
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

    async def _chat(self, conn: Conn, msg: dict[str, Any]) -> None:
        """A chat message from a player of this table: trimmed, checked, stored, then sent to everyone at the table.

        Only people sitting at the table may write (spectators read along): a table is the players' room, and a
        stranger's words must not land in the players' record. The text is stored and sent as plain text; the page
        shows it as text (never as HTML), so nothing in it can act on a reader's page. Refusals come as ``error``
        messages in the writer's language and change nothing.
        """
        text = msg.get("text")
        if set(msg) != {"type", "text"} or not isinstance(text, str):
            await self._error(conn, "bad_message", N_("A chat message must be an object with 'type' and 'text'."))
            return
        text = text.strip()
        if not text:
            await self._error(conn, "chat_empty", N_("The message is empty."))
            return
        if control_char(text) is not None:  # a bidi override turns the line around; PostgreSQL stores no NUL
            await self._error(conn, "chat_control", CONTROL_IN_CHAT)
            return
        if len(text) > CHAT_MAX:
            await self._send(
                conn,
                error_json(
                    "chat_too_long",
                    translate(N_("A message may have at most {n} characters."), conn.lang, n=CHAT_MAX),
                    self.seq_of(conn),
                ),
            )
            return
        mine = self.seats_of(conn.player)
        if conn.player is None or not self.may_chat(conn.player):
            if conn.player is not None and conn.player.id in self.muted and not mine:
                await self._error(conn, "chat_muted", N_("The host has muted you at this table."))
            elif self.row.spectator_chat and conn.player is None:
                await self._error(conn, "chat_not_allowed", N_("Give yourself a name to write here."))
            else:
                await self._error(conn, "chat_not_allowed", N_("Only the players of this table may write here."))
            return
        key: object = conn.player.id
        async with self.lock:
            clock = asyncio.get_running_loop().time()
            count, window = CHAT_RATE
            recent = [t for t in self._chat_sent.get(key, []) if clock - t < window]
            self._chat_sent[key] = recent
            if len(recent) >= count:
                await self._send(
                    conn,
                    error_json(
                        "chat_too_fast",
                        translate(
                            N_("Not so fast: at most {n} messages in {s} seconds."), conn.lang, n=count, s=int(window)
                        ),
                        self.seq_of(conn),
                    ),
                )
                return
            seat = mine[0] if mine else None
            author = (self.row.seats[seat].name if seat is not None else None) or conn.player.name
            row = ChatRow(
                len(self.chat) + 1, author, conn.player.id, seat, store_now(), text, not conn.player.registered
            )
            try:
                with db_refusal():
                    await asyncio.to_thread(self.hub.store.add_chat, self.row.id, row)
            except TableError as exc:
                await self._send(conn, error_json(exc.code, exc.message(conn.lang), self.seq_of(conn)))
                return
            self.chat.append(row)
            self._chat_sent[key] = [*recent, clock]
            out = {"v": PROTOCOL_VERSION, "type": "chat", **row.to_json()}
            for c in list(self.conns):
                await self._send(c, out)

    async def _hint(self, conn: Conn, msg: dict[str, Any]) -> None:
        """Hints (protocol 5): the advisor's rating of each choice, sent to the asking connection alone.

        Only a seated player whose decision is due gets them, and only where the table allows hints. The advisor
        is given a state drawn from what that seat sees (``State.determinize``): for a game with secrets it never
        reads the others' hidden dice, so its advice cannot betray them. The state is taken under the table's lock
        and the advice computed outside it, in a worker thread: an advisor may think for a while, and the table
        (and the event loop) go on meanwhile. The answer carries the ``seq`` it is about; a page drops an answer
        whose position has passed."""
        seat = msg.get("seat")
        if set(msg) - {"type", "seat"} or (seat is not None and (isinstance(seat, bool) or not isinstance(seat, int))):
            await self._error(conn, "bad_message", N_("A hint request must be an object with 'type' and 'seat'."))
            return
        if not self.row.hints:
            await self._error(conn, "hints_off", N_("Hints are switched off at this table."))
            return
        if self.info.advisor is None:
            await self._error(conn, "no_advisor", N_("No hints are available for this game."))
            return
        if conn in self._hinting:
            await self._error(conn, "hint_busy", N_("The hint you asked for is still being worked out."))
            return
        async with self.lock:
            state = self.match.state if self.match is not None else None
            due: list[int] = []
            if state is not None and not self.over and self.row.resigned is None and self.throw_due() is None:
                actors = state.actors()
                due = [s for s in self.seats_of(conn.player) if s in actors]
            if seat is not None:
                due = [s for s in due if s == seat]
            if state is None or not due:
                await self._error(conn, "hint_not_due", N_("Hints are given only when it is your decision."))
                return
            assert self.match is not None
            player, seq, game = due[0], self.seq_of(conn), self.match.game
            seen = state.determinize(player, random.Random(secrets.randbits(64)))
        lang = conn.lang
        self._hinting.add(conn)
        try:
            with self._advisor_lock:
                ready = self._advisor is not None
            if ready:
                items = await self.hub.builds.move(self._advise, game, seen, player, lang)
            else:  # the first hint makes the advisor, which may build tables: a build under the caps
                items = await self._build(
                    functools.partial(self._advise, game, seen, player, lang), conn.address or self.build_address()
                )
        except WuerfelError as exc:
            await self._send(conn, error_json("hint_refused", exc.translated(lang), self.seq_of(conn)))
            return
        except Exception:
            log.exception("no hint at table %s at seq %d", self.row.id, seq)
            await self._error(conn, "internal_error", N_("Something went wrong on the server; no hint this time."))
            return
        finally:
            self._hinting.discard(conn)
        await self._send(conn, {"v": PROTOCOL_VERSION, "type": "hint", "seq": seq, "seat": player, "advice": items})

    def _advise(self, game: Any, state: State, player: int, lang: str) -> list[dict[str, Any]]:
        """The advice for ``player`` in ``state`` as the page shows it, in the advisor's order (best first; run in a
        worker thread). Labels, measures and notes come in the reader's language, the value also as text in his
        number format, so the page needs no catalogue for them."""
        with self._advisor_lock:
            advisor = self._advisor  # one read: the game's end lets the advisor go from the loop thread
            if advisor is None:
                assert self.info.advisor is not None
                advisor = self._advisor = self.info.advisor(game)
            advice = list(advisor.advise(state, player))
        legal = state.legal_actions(player)
        out: list[dict[str, Any]] = []
        for item in advice:
            a = as_advice(item)
            label = a.label or (state.describe_offer(a.action, lang) if a.action is not None else "")
            value = a.value if isinstance(a.value, int | float) and math.isfinite(a.value) else None
            note = translate(a.note, lang, **a.params) if a.note else ""
            out.append(
                {
                    "action": a.action.to_json() if a.action is not None else None,
                    "label": label,
                    "legal": a.action in legal if a.action is not None else False,
                    "value": value,
                    "text": hint_number(value, lang, is_chance(a)) if value is not None else "",
                    "measure": translate(a.measure, lang) if a.measure else "",
                    "note": note,
                }
            )
        return out

    async def mute(self, host: Player, target: object, muted: object) -> None:
        """The host mutes a spectator (``muted`` true) or lets him write again: stored with the table, so it holds
        across a restart and for every tab of his; everyone at the table reads it in words (the ``table`` message's
        ``note``). Only spectators are muted: a player at the table is part of the game and may always speak."""
        if isinstance(target, bool) or not isinstance(target, int) or not isinstance(muted, bool):
            raise TableError("bad_request", N_("'player_id' must be a whole number and 'muted' true or false."), 422)
        async with self.lock:
            if self.row.host_id != host.id:
                raise TableError("not_host", N_("Only the host of the table may do that."), 403)
            if any(s.player_id == target for s in self.row.seats):
                raise TableError("not_spectator", N_("Only a spectator can be muted."))
            who = await asyncio.to_thread(self.hub.store.get_player, target)
            if who is None:
                raise TableError("not_found", N_("There is no such player."), 404)
            with db_refusal():
                await asyncio.to_thread(self.hub.store.set_muted, self.row.id, target, muted)
            if muted:
                self.muted.add(target)
                msgid = N_("The host muted {name} in the chat.")
            else:
                self.muted.discard(target)
                msgid = N_("{name} may write in the chat again.")
            self._changed()
            self._online_told = None  # the spectator list carries ``muted``: tell it again
            self._tell_presence()
            await self._broadcast_table(
                lambda lang: translate(msgid, lang, name=person_name(who.name, not who.registered, lang))
            )

    async def _error(self, conn: Conn, code: str, msgid: str) -> None:
        await self._send(conn, error_json(code, translate(msgid, conn.lang), self.seq_of(conn)))

    def _playing(self) -> Match:
        if self.match is None:
            raise TableError("not_started", N_("The game has not started yet."))
        if self.over:
            raise TableError("game_over", N_("The game is over."))
        return self.match

    async def _move(
        self, conn: Conn, action_json: Any, expected: int, seat: int | None, tap: str | None = None
    ) -> None:
        m = self._playing()
        mine = self.seats_of(conn.player)
        if conn.player is not None and mine:
            await self._give_back(conn.player)  # a move of his own says he is back
        if not mine or (seat is not None and seat not in mine):
            raise TableError("not_your_seat", N_("That is not your seat."))
        try:
            action = m.game.action_from_json(action_json)
        except IllegalAction as exc:
            raise TableError("unknown_action", exc.msgid, 400, **exc.params) from exc
        if expected != self.reader_seq(self.reader_of(mine)):
            raise TableError("stale_seq", N_("The table has moved on; here is the current state."))
        actors = m.state.actors()
        if seat is None:
            mine_acting = [s for s in mine if s in actors]
            if not mine_acting:
                raise TableError("not_your_turn", N_("It is not your turn."))
            seat = conn.want_seat if conn.want_seat in mine_acting else mine_acting[0]
        elif seat not in actors:
            raise TableError("not_your_turn", N_("It is not your turn."))
        old_len = self.seq
        try:
            new, hidden = self._advance(lambda: m.act(action, seat), action, tap)
        except IllegalAction as exc:
            raise TableError("illegal_action", exc.msgid, 422, **exc.params) from exc
        await self._finish_step(old_len, new, hidden)

    async def _throw(self, conn: Conn, outcome_json: Any, expected: int) -> None:
        m = self._playing()
        if not self.row.scorekeeper:
            raise TableError("not_scorekeeper", N_("At this table the server throws the dice."))
        if not self.seats_of(conn.player):
            raise TableError("not_your_seat", N_("That is not your seat."))
        if expected != self.seq_of(conn):
            raise TableError("stale_seq", N_("The table has moved on; here is the current state."))
        state = m.state
        try:
            if isinstance(outcome_json, str):
                outcome = state.parse_outcome(outcome_json[:200])
            elif isinstance(outcome_json, dict):
                outcome = m.game.outcome_from_json(outcome_json)
            else:
                raise TableError("bad_message", BAD_MESSAGE, 400)
            old_len = self.seq
            new, hidden = self._advance(lambda: m.chance(outcome), outcome)
        except WuerfelError as exc:
            raise TableError("bad_outcome", exc.msgid, 422, **exc.params) from exc
        await self._finish_step(old_len, new, hidden)

    async def _ask_throw(self, conn: Conn, expected: int, seat: int | None, tap: str | None = None) -> None:
        """A person asks for his throw ("Würfeln"): the server's dice fall for the seat whose throw is due.

        Refused, changing nothing: at a scorekeeper table (the dice are entered there), from a connection without
        that seat, when no person's throw is due (nobody's throw falls by itself, a bot throws after its pause,
        at a decision node there is nothing to throw) and when it is another seat's throw.
        """
        m = self._playing()
        if self.row.scorekeeper:
            raise TableError("manual_dice", N_("At this table the dice are thrown by hand: enter what fell."))
        mine = self.seats_of(conn.player)
        if conn.player is not None and mine:
            await self._give_back(conn.player)
        if not mine or (seat is not None and seat not in mine):
            raise TableError("not_your_seat", N_("That is not your seat."))
        if expected != self.reader_seq(self.reader_of(mine)):
            raise TableError("stale_seq", N_("The table has moved on; here is the current state."))
        due = self.throw_due()
        if due is None:
            raise TableError("not_your_throw", N_("No dice are to be thrown now."))
        if due not in mine or (seat is not None and seat != due):
            raise TableError(
                "not_your_throw", N_("It is {name}'s throw, not yours."), name=self.seat_label(due, conn.lang)
            )
        await self._throw_for(m, tap)

    async def _throw_for(self, m: Match, tap: str | None = None) -> None:
        """Throw the pending dice of this chance node (and every throw that falls at once after it); commit and tell
        everyone. Call with the lock held."""
        old_len = self.seq
        step = self._server_throw(m, tap)
        new, hidden = self._advance(step)
        await self._finish_step(old_len, new, hidden)

    async def _finish_step(self, old_len: int, new: list[Event], hidden: list[tuple[Statement, State, Any]]) -> None:
        assert self.match is not None
        statuses = []
        if self.match.state.is_terminal():
            statuses.append((self.row.id, "finished"))
        sealed = any(st is not None and any(v.show == "none" for v in st) for st, _, _ in hidden)
        deadline = self._next_deadline(sealed)
        await self._commit(old_len, new, hidden, statuses, deadline)
        self._set_deadline_row(deadline)
        if statuses:
            self.row.status = "finished"
            self._changed()
        self._arm_clock()
        await self._broadcast_state()
        self._maybe_evict()

    async def resign(self, player: Player, seat: object) -> None:
        """The player gives up in ``seat``: the game ends at once with that seat last and the loser (see
        :func:`result_json`).

        Resigning is a table event, not a move of the game: no game has a "resign" action and the engine's record
        folds only its own moves and throws. So the log of moves stays exactly as played, and the resignation is
        stored with the table (``game_tables.resigned``, written together with the status ``finished``): a restart,
        the replay and the record download (``meta.resigned``) all read it from there. Only a person sitting in the
        seat may resign it — not the host for somebody else, and not for a bot.
        """
        async with self.lock:
            self._playing()
            s = self._seat(seat)
            if s.kind != "human" or s.player_id != player.id:
                raise TableError("not_seated", N_("You are not sitting in that seat."))
            with db_refusal():
                await asyncio.to_thread(self.hub.store.resign, self.row.id, s.seat)
            self.row.resigned = s.seat
            self.row.ended_by = "resigned"
            self.row.status = "finished"
            self._changed()
            self._arm_clock()  # stops the clock and a pending throw's window: nothing is due any more
            await self._broadcast_state()
            self._maybe_evict()

    async def rematch(self, player: Player) -> str:
        """A new table for the same game with the same rules and seats, asked for by a player of this finished one;
        returns its id. Only one rematch per table: whoever asks later (or twice) is given the same one.

        The asker hosts it and sits where he sat (every seat he held: a hot-seat or scorekeeper table comes back
        whole); bots keep their seats; the other people's seats wait for them. Everybody still at this table is
        told at once (the summary's ``rematch``), so each can take his seat there in one click.
        """
        async with self.lock:
            if self.row.status != "finished":
                raise TableError("not_finished", N_("The game is not finished yet."))
            if not self.seats_of(player):
                raise TableError("not_seated", N_("Only the players of this table can ask for a rematch."))
            if self.row.rematch is not None:
                return self.row.rematch
            rows = [
                SeatRow(s.seat, None, s.bot, s.bot)
                if s.bot
                else SeatRow(s.seat, player.id, None, s.name, not player.registered)
                if s.player_id == player.id
                else SeatRow(s.seat)
                for s in self.row.seats
            ]
            r = self.row
            with db_refusal():
                new = await asyncio.to_thread(
                    self.hub.store.create_table,
                    r.game,
                    r.rules_id,
                    r.rules,
                    r.num_seats,
                    r.scorekeeper,
                    r.private,
                    player.id,
                    rows,
                    r.spectator_chat,
                    r.hints,
                    r.clock,
                    r.move_seconds,
                    r.on_expiry,
                    r.rated,
                )
                await asyncio.to_thread(self.hub.store.set_rematch, r.id, new.id)
            self.hub.tables[new.id] = LiveTable(self.hub, new)
            self.row.rematch = new.id
            self._changed()
            await self._broadcast_state()
        self._maybe_evict()  # loaded just for the rematch (nobody at it): it goes again
        return new.id

    # --- clocks -------------------------------------------------------------------------------------------------
    def _arm_clock(self, fresh: bool = False) -> None:
        """Start, keep or stop the clock after the table reached a new node (call with the lock held).

        A node with ``state.deadline()`` gets a window of ``deadline.seconds`` from now. Exception: when the new node
        only narrows the open window — it still has a deadline and its actors are a strict subset of those who had to
        act when the window opened (one of several callers passed) — the window keeps its end, so nobody gains time
        because somebody else answered. ``fresh`` (a table resumed after a restart) always opens a full window.
        Scorekeeper tables run no clock: the people at the real table keep their own time and the phone only records
        what they decided, however long typing it takes. The table's own time control (protocol 6) is armed too
        (:meth:`_arm_move`).
        """
        self._arm_throw()
        self._arm_move()
        if self.clock is not None and self.clock is not asyncio.current_task():
            self.clock.cancel()
        self.clock = None
        st = self.state
        dl = st.deadline() if st is not None and not self.over and not self.row.scorekeeper else None
        if dl is None or st is None:
            self.clock_at = None
            self.clock_actors = frozenset()
            return
        loop = asyncio.get_running_loop()
        actors = frozenset(st.actors())
        if fresh or self.clock_at is None or not actors < self.clock_actors:
            self.clock_at = loop.time() + dl.seconds
            self.clock_wall = time.time() + dl.seconds
            self.clock_actors = actors
        self.clock = loop.create_task(self._expire_at(self.seq, self.clock_at))

    async def _expire_at(self, seq: int, when: float) -> None:
        """When the window closes and the table is still at the node it was armed for: pass for everyone still due.

        The expiry actions go through the same pipeline as a player's move (apply, server throws, commit, then
        broadcast), so the record, the views and the hiding of events are the same as if the players had passed.
        """
        loop = asyncio.get_running_loop()
        await asyncio.sleep(max(0.0, when - loop.time()))
        async with self.lock:
            if self.match is None or self.seq != seq or self.clock_at != when:
                return
            m = self.match
            _, pairs = clocks.expire(m.state)
            if not pairs:
                return
            old_len = self.seq
            try:
                new, hidden = self._advance_steps([(functools.partial(m.act, a, p), a) for p, a in pairs])
                await self._finish_step(old_len, new, hidden)
            except Exception as exc:
                # The node is unchanged (memory follows the log): try again shortly rather than stall the table.
                log.exception("the clock at table %s could not pass for %s", self.row.id, [p for p, _ in pairs])
                if db_unavailable(exc):
                    self._report_db_failure()
                if self.seq == seq and self.clock_at == when:
                    self.clock_at = loop.time() + 1.0
                    self.clock = loop.create_task(self._expire_at(seq, self.clock_at))
                return
        self._schedule()

    def _arm_throw(self) -> None:
        """Give a person's pending throw its window (call with the lock held, after every new node).

        A throw decides nothing, so throwing for somebody who does not tap takes no choice from him, while waiting
        for him without end would let one absent player stop a game that has no decisions at all (and a timed one
        such as Verdecktes Würfelpoker would lose its pace). So the server throws for him after ``throw_wait``
        seconds — generous, far longer than anyone takes to tap. Bots throw after their pause (:meth:`_drive`);
        scorekeeper tables run no clock at all.

        Where the table's own clock runs for the throw (:meth:`move_due`), that clock is the one deadline: a second
        window beside it promised "60 s" while the clock took the game after 30 (issue 24, web B1), so none is
        armed and the clock's rule (a stand-in, or the lost game) decides when it runs out.
        """
        if self.throw_timer is not None and self.throw_timer is not asyncio.current_task():
            self.throw_timer.cancel()
        self.throw_timer = None
        self.throw_at = None
        due = self.throw_due()
        wait = self.hub.throw_wait
        if due is None or self._is_bot(due) or wait <= 0 or due in self.move_due():
            return
        loop = asyncio.get_running_loop()
        self.throw_at = loop.time() + wait
        self.throw_wall = time.time() + wait
        self.throw_timer = loop.create_task(self._throw_when_due(self.seq, self.throw_at))

    async def _throw_when_due(self, seq: int, when: float) -> None:
        """The window of a person's throw closed and the table still waits for it: the server throws for him,
        through the same pipeline as his own tap (the record is the same as if he had tapped)."""
        loop = asyncio.get_running_loop()
        await asyncio.sleep(max(0.0, when - loop.time()))
        async with self.lock:
            if self.match is None or self.seq != seq or self.throw_at != when:
                return
            due = self.throw_due()
            if due is None or self._is_bot(due):
                return
            try:
                await self._throw_for(self.match)
            except Exception as exc:
                log.exception("the server could not throw for seat %d at table %s", due, self.row.id)
                if db_unavailable(exc):
                    self._report_db_failure()
                if self.seq == seq and self.throw_at == when:
                    self.throw_at = loop.time() + 1.0
                    self.throw_timer = loop.create_task(self._throw_when_due(seq, self.throw_at))
                return
        self._schedule()

    def _throw_json(self, due: int | None) -> dict[str, Any] | None:
        """Whose throw the table waits for, as sent to clients; for a person also when the server throws for him."""
        if due is None:
            return None
        bot = self._is_bot(due)
        out: dict[str, Any] = {"seat": due, "bot": bot, "seconds": None, "at": None, "left": None}
        if not bot and self.throw_at is not None:
            out["seconds"] = self.hub.throw_wait
            out["at"] = round(self.throw_wall, 3)
            out["left"] = round(max(0.0, self.throw_at - asyncio.get_running_loop().time()), 3)
        return out

    def _deadline_json(self, lang: str) -> dict[str, Any] | None:
        """The open window as sent to clients: its length, when it closes (server's Unix time) and what is left."""
        st = self.state
        if self.clock_at is None or st is None:
            return None
        dl = st.deadline()
        if dl is None:
            return None
        left = max(0.0, self.clock_at - asyncio.get_running_loop().time())
        return {
            "seconds": dl.seconds,
            "at": round(self.clock_wall, 3),
            "left": round(left, 3),
            "what": translate(dl.what, lang) if dl.what else "",
            "on_expiry": dl.on_expiry.to_json(),
        }

    # --- time controls (protocol 6) ------------------------------------------------------------------------------
    def move_due(self) -> list[int]:
        """The people's seats the table's clock runs for now.

        A move of theirs at a table with a time control whose game is not over: a decision, or the throw that
        starts their turn (a player who walked away at his throw must not stop the table either; the server's
        own throw window, :meth:`_arm_throw`, may fall first and only throws). Not at a node with a window of the
        game's own (``State.deadline()``: the rules' clock is far shorter and decides by itself), not at a
        scorekeeper table (the people at the real table keep their own time), and only for seats their player
        plays himself (a stand-in bot needs no clock)."""
        if (
            self.row.clock == "none"
            or not self.row.move_seconds
            or self.match is None
            or self.over
            or self.row.scorekeeper
        ):
            return []
        st = self.match.state
        if st.is_chance():
            due = self.throw_due()
            return [due] if due is not None and not self._is_bot(due) else []
        if st.deadline() is not None:
            return []
        return [
            a
            for a in st.actors()
            if 0 <= a < len(self.row.seats) and self.row.seats[a].kind == "human" and not self._is_bot(a)
        ]

    def move_limit(self) -> float:
        """The real seconds per move: the table's limit times the server's clock scale (1 but on a test server)."""
        return float(self.row.move_seconds or 0) * self.hub.clock_scale

    def _next_deadline(self, sealed: bool = False) -> Deadline | None:
        """The deadline of the position the table just reached, to be committed with it (None: no clock here).

        A full limit from now for the people due; the running deadline when the new position only narrows who is
        due (one of several deciding at once answered: nobody gains time because another was quick), and when
        ``sealed`` moves (kept from somebody: a sealed stake) leave the same people due — a fresh limit for all
        would tell the others that somebody staked (issue 24, M1); (id, None, None) when nobody's clock runs (a
        bot's move, a throw, the end)."""
        if self.row.clock == "none":
            return None
        due = self.move_due()
        if not due:
            return (self.row.id, None, None)
        if (
            self.row.deadline_at is not None
            and self._deadline_due
            and (set(due) < set(self._deadline_due) or (sealed and set(due) == set(self._deadline_due)))
        ):
            return (self.row.id, self.row.deadline_at, self.seq)
        return (self.row.id, store_now() + dt.timedelta(seconds=self.move_limit()), self.seq)

    def _set_deadline_row(self, deadline: Deadline | None) -> None:
        """The committed deadline, in memory too (call after the commit succeeded)."""
        if deadline is None:
            return
        _, self.row.deadline_at, self.row.deadline_seq = deadline
        self._deadline_due = tuple(self.move_due()) if self.row.deadline_at is not None else ()

    def _deadline_wall(self) -> float | None:
        """When the running move's time runs out (Unix time); None: no table clock runs now."""
        if self.row.deadline_at is None or self.row.deadline_seq != self.seq or not self.move_due():
            return None
        return round(self.row.deadline_at.timestamp(), 3)

    def _clock_json(self) -> dict[str, Any] | None:
        """The running move's clock as sent to clients (protocol 6): whose it is, the nominal limit, the real one
        (scaled on a test server), when it runs out (server's Unix time), what is left, and what happens then."""
        at = self._deadline_wall()
        if at is None:
            return None
        if self.move_at is not None:
            left = self.move_at - asyncio.get_running_loop().time()
        else:
            left = at - time.time()
        return {
            "kind": self.row.clock,
            "seconds": self.row.move_seconds,
            "limit": self.move_limit(),
            "at": at,
            "left": round(max(0.0, left), 3),
            "seats": self.move_due(),
            "on_expiry": self.row.on_expiry,
        }

    def _arm_move(self) -> None:
        """Run the table's clock to the stored deadline of the current position (call with the lock held).

        The timer only wakes the table at the deadline; the deadline itself is the stored one (``deadline_at``,
        committed with the move), so a restarted server arms the same moment again (:meth:`rearm_after_restart`).
        """
        if self.move_timer is not None and self.move_timer is not asyncio.current_task():
            self.move_timer.cancel()
        self.move_timer = None
        self.move_at = None
        at = self._deadline_wall()
        if at is None:
            return
        loop = asyncio.get_running_loop()
        self.move_at = loop.time() + max(0.0, at - time.time())
        self.move_timer = loop.create_task(self._move_expired(self.seq, self.move_at))

    async def rearm_after_restart(self, grace: bool = True) -> None:
        """After loading a running table: keep its stored deadline, or give it one it lacks.

        A deadline still ahead stands as stored (a correspondence game keeps its days across a restart). One that
        passed while the server was down gets :data:`RESTART_GRACE` (at most a whole limit) from now: nobody could
        move meanwhile. A position without a stored deadline (a seat given back just before a crash) gets a full
        limit. The result is stored, so a second restart finds it.

        ``grace`` False: the table was only out of memory (:meth:`Hub.sweep`) while the server ran and people could
        move; a deadline that passed meanwhile stands and runs out at once."""
        due = self.move_due()
        if not due:
            return
        now = store_now()
        at = self.row.deadline_at
        if at is None or self.row.deadline_seq != self.seq:
            at = now + dt.timedelta(seconds=self.move_limit())
        elif at <= now and grace:
            at = now + dt.timedelta(seconds=min(self.move_limit(), RESTART_GRACE * self.hub.clock_scale))
        else:
            self._set_deadline_row((self.row.id, at, self.seq))
            return
        await asyncio.to_thread(self.hub.store.set_deadline, self.row.id, at, self.seq)
        self._set_deadline_row((self.row.id, at, self.seq))

    async def _move_expired(self, seq: int, when: float) -> None:
        """The running move's time ran out and the table still waits for it: the table's setting decides (see
        :meth:`_expire_seats`). A failure to store that is retried shortly rather than stalling the table."""
        loop = asyncio.get_running_loop()
        await asyncio.sleep(max(0.0, when - loop.time()))
        async with self.lock:
            if self.match is None or self.seq != seq or self.move_at != when:
                return
            due = self.move_due()
            if not due:
                return
            try:
                await self._expire_seats(due, "timeout")
            except Exception as exc:
                log.exception("the clock at table %s could not decide for %s", self.row.id, due)
                if db_unavailable(exc):
                    self._report_db_failure()
                if self.seq == seq and self.move_at == when:
                    self.move_at = loop.time() + 1.0
                    self.move_timer = loop.create_task(self._move_expired(seq, self.move_at))
                return
        self._schedule()

    async def _expire_seats(self, seats: list[int], why: str) -> None:
        """The clock decides for ``seats`` (``why``: ``timeout``) or their guest left for good (``abandoned``), as
        the table was set up (call with the lock held; the caller schedules the bots afterwards).

        ``forfeit``: the first of them loses the game at once — stored like a resignation, with the reason — and
        every seat reads why. ``bot``: a stand-in bot takes each seat ("Computer übernimmt", stored) and makes its
        decisions, recorded as the seat's own moves, until the player returns (:meth:`_give_back`)."""
        named = {seat: self._named(seat) for seat in seats}

        def say(msgid: str, seat: int) -> Callable[[str], str]:
            return lambda lang: translate(msgid, lang, name=named[seat](lang))

        if self.row.on_expiry == "forfeit":
            seat = seats[0]
            with db_refusal():
                await asyncio.to_thread(self.hub.store.resign, self.row.id, seat, why)
            self.row.resigned = seat
            self.row.ended_by = why
            self.row.status = "finished"
            self.row.deadline_at = self.row.deadline_seq = None
            self._changed()
            self._arm_clock()
            msgid = FORFEIT_TIMEOUT if why == "timeout" else FORFEIT_ABANDONED
            await self._broadcast_state(say(msgid, seat))
            self._maybe_evict()
            return
        kind = self.standin_kind()
        for seat in seats:
            with db_refusal():
                await asyncio.to_thread(self.hub.store.set_standin, self.row.id, seat, kind)
            self.row.seats[seat] = dataclasses.replace(self.row.seats[seat], standin=kind)
        self._changed()
        self._arm_throw()
        self._arm_move()
        msgid = STANDIN_TIMEOUT if why == "timeout" else STANDIN_ABANDONED
        for seat in seats:
            await self._broadcast_state(say(msgid, seat))

    async def _give_back(self, player: Player, skip: Conn | None = None) -> bool:
        """The player is back: every seat of his a stand-in plays is his again, with a full limit for a move of
        his that is due, and every seat reads it (call with the lock held). False: no stand-in played for him."""
        seats = [s.seat for s in self.row.seats if s.kind == "human" and s.player_id == player.id and s.standin]
        if not seats or self.match is None or self.over:
            return False
        named = {seat: self._named(seat) for seat in seats}
        for seat in seats:
            with db_refusal():
                await asyncio.to_thread(self.hub.store.set_standin, self.row.id, seat, None)
            self.row.seats[seat] = dataclasses.replace(self.row.seats[seat], standin=None)
        self._changed()
        deadline = self._next_deadline()
        if deadline is not None:
            with db_refusal():
                await asyncio.to_thread(self.hub.store.set_deadline, *deadline)
            self._set_deadline_row(deadline)
        self._arm_throw()
        self._arm_move()

        def back(seat: int) -> Callable[[str], str]:
            return lambda lang: translate(BACK_NOTE, lang, name=named[seat](lang))

        for seat in seats:
            await self._broadcast_state(back(seat), skip=skip)
        return True

    async def come_back(self, conn: Conn) -> None:
        """The ``back`` message: a player whose seat a stand-in plays takes it again from the open page."""
        async with self.lock:
            if conn.player is None or not await self._give_back(conn.player):
                await self._error(conn, "not_away", N_("No computer is playing for you at this table."))

    async def abandon(self, player: Player) -> None:
        """A guest logged out: he can never come back (a guest has no password), so his seats are handled like
        an expired clock — before the start he leaves them; in a running game the table's setting decides
        (:meth:`_expire_seats`: a stand-in bot for good, or a forfeit). A scorekeeper table is one phone at a real
        table, which its people go on using: nothing changes there."""
        async with self.lock:
            mine = [s for s in self.row.seats if s.kind == "human" and s.player_id == player.id]
            if not mine or self.row.scorekeeper:
                return
            if self.row.status == "open":

                def left(seat: int) -> Callable[[str], str]:
                    name = self._named(seat)
                    return lambda lang: translate(
                        N_("{name} logged out and left seat {n}."), lang, name=name(lang), n=seat + 1
                    )

                for s in mine:
                    await self._save_seat(SeatRow(s.seat), left(s.seat))
                return
            if self.match is None or self.over:
                return
            seats = [s.seat for s in mine if not s.standin]
            if seats:
                await self._expire_seats(seats, "abandoned")
        self._schedule()

    # --- bots ---------------------------------------------------------------------------------------------------
    def _bot_to_act(self) -> int | None:
        if self.match is None or self.over:
            return None
        st = self.match.state
        if st.is_chance():
            due = self.throw_due()
            return due if due is not None and self._is_bot(due) else None
        for a in st.actors():
            if self._is_bot(a):
                return a
        return None

    def _schedule(self) -> None:
        if self._bot_to_act() is not None and (self.driver is None or self.driver.done()):
            self.driver = asyncio.get_running_loop().create_task(self._drive())

    async def _drive(self) -> None:
        """Let the bots play their seats, one move at a time, pausing so people can follow.

        A move whose commit fails (disk full, database locked from outside) is undone in memory, reported to the
        table and tried again after a growing pause, for as long as it takes: the table goes on by itself once the
        database can be written again.
        """
        backoff = 0.0
        while True:
            st = self.state
            dl = st.deadline() if st is not None else None
            last = self.match.record.events[-1] if self.match is not None and self.match.record.events else None
            delay = max(bot_pause(self.hub.bot_delay, last, dl.seconds if dl is not None else None), backoff)
            if delay > 0:
                await asyncio.sleep(delay)
            bots = await self._ready_bots()
            async with self.lock:
                seat = self._bot_to_act()
                if seat is None or self.match is None:
                    return
                m = self.match
                if self._bots_for is not m or seat not in bots:
                    continue  # the match or the stand-ins changed while the bots were made: make the new ones
                state = m.state
                if state.is_chance():
                    # The bot's own throw, after the same pause as its moves.
                    try:
                        step = self._server_throw(m)
                        old_len = self.seq
                        new, hidden = self._advance(step)
                    except Exception:
                        log.exception("the throw of bot seat %d at table %s failed", seat, self.row.id)
                        return
                    try:
                        await self._finish_step(old_len, new, hidden)
                        backoff = 0.0
                    except Exception:
                        log.exception("committing a bot's throw at table %s failed; trying again", self.row.id)
                        backoff = retry_pause(backoff)
                        self._report_db_failure()
                    continue
                bot = bots.get(seat) or RandomBot(secrets.randbits(32))
                try:
                    action = await self.hub.builds.move(bot.choose, state, seat)
                    old_len = self.seq
                    new, hidden = self._advance(functools.partial(m.act, action, seat), action)
                except Exception:
                    # A broken bot (or one that picked an illegal move) must not stall the table: this move is
                    # made by the random bot instead, which only ever picks a legal action.
                    log.exception("bot %s at table %s failed; a random move stands in", bot, self.row.id)
                    try:
                        action = RandomBot(secrets.randbits(32)).choose(state, seat)
                        old_len = self.seq
                        new, hidden = self._advance(functools.partial(m.act, action, seat), action)
                    except Exception:
                        log.exception("no move possible for seat %d at table %s", seat, self.row.id)
                        return
                try:
                    await self._finish_step(old_len, new, hidden)
                    backoff = 0.0
                except Exception:
                    log.exception("committing a bot move at table %s failed; trying again", self.row.id)
                    backoff = retry_pause(backoff)
                    self._report_db_failure()

    async def resume(self) -> None:
        """After a restart: throw the dice the server owed when it stopped (nobody's throws), then let the bots go on
        (a bot's pending throw included); a person's pending throw stays his to ask for. A commit that fails is
        retried with a growing pause until the database takes it."""
        backoff = 0.0
        while True:
            async with self.lock:
                if self.match is None or not self.match.state.is_chance() or self.row.scorekeeper or self.over:
                    break
                if self.throw_due() is not None:
                    break  # a person's throw stays his to ask for (its window is open); a bot throws after its pause
                old_len = self.seq
                try:
                    new, hidden = self._advance(lambda: None)
                    await self._finish_step(old_len, new, hidden)
                    break
                except Exception as exc:
                    if not db_unavailable(exc):
                        log.exception("table %s could not be resumed", self.row.id)
                        return
                    log.warning("resuming table %s: the database cannot be written; trying again", self.row.id)
                    backoff = retry_pause(backoff)
                    self._report_db_failure()
            await asyncio.sleep(backoff)
        self._schedule()

    def _report_db_failure(self) -> None:
        """Tell everybody at the table that the server could not save and keeps trying (call with the lock held)."""
        for c in list(self.conns):
            c.push(error_json("db_unavailable", translate(DB_RETRYING, c.lang), self.seq_of(c)))


FORFEIT_TIMEOUT = N_("{name}'s time ran out: {name} loses the game.")
FORFEIT_ABANDONED = N_("{name} logged out and loses the game.")
STANDIN_TIMEOUT = N_("{name}'s time ran out: the computer plays for {name} until {name} returns.")
STANDIN_ABANDONED = N_("{name} logged out: the computer plays for {name} from now on.")
BACK_NOTE = N_("{name} is back and plays again.")
DB_MOVE_FAILED = N_("The database cannot be written at the moment; the move was not made. Try again shortly.")
DB_RETRYING = N_("The database cannot be written at the moment; the server keeps trying.")
RETRY_FIRST = 0.5
RETRY_MAX = 30.0


THROW_PAUSE = 2.0
"""A bot's pause after dice fell, in bot delays: the dice tumble for 0.9 s, and bots that threw again after the
0.6 s of a decision cut every tumble short (issue 24, web U5); 2 × 0.6 s lets people see each throw."""


def bot_pause(delay: float, last: Event | None, window: float | None = None) -> float:
    """How long a bot waits before its next move or throw: ``delay`` (``--bot-delay``) after a decision, longer after
    a throw of dice (:data:`THROW_PAUSE`), and at a node with a time window at most a quarter of it (a bot decides
    well inside the window, however long the pause for people is)."""
    threw = (
        last is not None
        and last.type == "chance"
        and isinstance(last.data, dict)
        and isinstance(last.data.get("dice"), list)
    )
    pause = delay * THROW_PAUSE if threw else delay
    return min(pause, window / 4) if window is not None else pause


def retry_pause(last: float) -> float:
    """The next pause before retrying a failed commit: doubling from half a second up to half a minute."""
    return RETRY_FIRST if last <= 0 else min(RETRY_MAX, last * 2)


@contextlib.contextmanager
def db_refusal() -> Iterator[None]:
    """Turn a database that cannot be written into a refusal the user can read (503 ``db_unavailable``) instead of
    a bare 500: seating, starting and creating tables wait for the same database as the moves."""
    try:
        yield
    except Exception as exc:
        if db_unavailable(exc):
            raise TableError("db_unavailable", DB_WRITE_FAILED, 503) from exc
        raise


DB_WRITE_FAILED = N_("The database cannot be written at the moment; nothing was changed. Try again shortly.")


def db_unavailable(exc: BaseException) -> bool:
    """A database that cannot be written now (locked, full, gone), as opposed to a refused row (a bug)."""
    from sqlalchemy.exc import DBAPIError, IntegrityError

    return isinstance(exc, DBAPIError) and not isinstance(exc, IntegrityError)


IDLE_EVICT = 600.0
"""Seconds (nominal, scaled like every limit) a running table nobody is connected to and nothing touched stays in
memory (see :meth:`Hub.sweep`); ``WUERFEL_IDLE_EVICT`` sets another."""
SWEEP_EVERY = 30.0
"""Seconds between two :meth:`Hub.sweep` of the finished tables nobody holds."""
SWEEP_GRACE = 10.0
"""Seconds a table handed out by :meth:`Hub.get` is safe from :meth:`Hub.sweep`."""


def _env_int(name: str, default: int) -> int:
    try:
        return max(1, int(os.environ.get(name, default)))
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
    ) -> None:
        self.store = store
        self.clock_scale = clock_scale
        """Every table clock's limit is multiplied by this (1 in production; a test server runs a 60 s move in
        0.6 s with 0.01, and a day in under 15 minutes with 0.01 too — tests pick what they need)."""
        nominal = idle_evict if idle_evict is not None else _env_int("WUERFEL_IDLE_EVICT", int(IDLE_EVICT))
        self.idle_evict = nominal * clock_scale
        """Seconds a running table nobody is connected to stays in memory untouched (:data:`IDLE_EVICT`, or
        ``WUERFEL_IDLE_EVICT``; scaled like every limit, so the test-speed clock drops tables quickly too)."""
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
        self._by_address: Counter[str] = Counter()
        self.builds = BuildGate()
        """Threads and caps for making bots and advisors, apart from the store's threads (issue 24 §4 H2)."""

    def admit(self, table: LiveTable, conn: Conn, address: str) -> TableError | None:
        """Count ``conn`` in, or say why not: every connection costs a copy of every broadcast, so one address or a
        crowd of anonymous viewers must not be able to slow a table down for the people playing at it."""
        if self._by_address[address] >= self.per_address:
            return TableError(
                "too_many_connections",
                N_("Too many open connections from your address; close other tables first."),
                429,
            )
        if not table.seats_of(conn.player):
            watching = sum(1 for c in table.conns if not table.seats_of(c.player))
            if watching >= self.spectators:
                return TableError(
                    "too_many_spectators", N_("This table has as many spectators as it can take; try again later."), 429
                )
        self._by_address[address] += 1
        conn.address = address
        return None

    def release(self, conn: Conn, address: str) -> None:
        if conn.address is None:
            return
        conn.address = None
        self._by_address[address] -= 1
        if self._by_address[address] <= 0:
            del self._by_address[address]

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table, loaded from its log if need be and kept in :attr:`tables`: for whoever acts on it or
        joins it (a websocket, a rematch, the host's muting). A finished table registered so leaves again as soon
        as nobody is connected and nothing holds it (:meth:`LiveTable._maybe_evict`, :meth:`sweep`)."""
        t = self.tables.get(table_id)
        if t is None:
            t = await self.peek(table_id)
            if t is None:
                return None
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
        try:
            t = LiveTable(self, row)
            if row.status != "open":
                events = await asyncio.to_thread(self.store.load_log, table_id)
                # Replaying a long log and building the bots take long: a worker thread does it (the table is not
                # published yet, so nothing else touches it meanwhile).
                await asyncio.to_thread(t.restore, events)
                await t.rearm_after_restart(grace=table_id not in self._evicted)
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
        if row.status == "finished":
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
        every = min(every, max(1.0, self.idle_evict / 2))
        while True:
            await asyncio.sleep(every)
            self.sweep()

    async def resume_all(self) -> int:
        """Load every unfinished table from its log and let bots and dice continue where they stopped.

        The server runs this in the background after it started listening: with long logs it takes seconds, and a
        table somebody opens meanwhile is loaded at once by :meth:`get` (and continues from there) anyway.
        """
        backoff = 0.0
        while True:
            try:
                ids = await asyncio.to_thread(self.store.unfinished_table_ids)
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
            if t.clock is not None:
                t.clock.cancel()
            if t.throw_timer is not None:
                t.throw_timer.cancel()
            if t.move_timer is not None:
                t.move_timer.cancel()
        self.builds.close()
        await asyncio.to_thread(self.writer.close)
