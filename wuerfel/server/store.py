"""The store: players, sessions, tables and the append-only event log, on SQLite or PostgreSQL.

Everything here is synchronous SQLAlchemy Core; the async server calls it from worker threads. The hot path — appending
the events of a move — goes through :class:`BatchWriter`, one thread that commits whatever moves arrived together in
one transaction (group commit): the move is acknowledged only after *its* transaction committed, yet a busy server
pays one commit per batch instead of one per move.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
import queue
import secrets
import threading
from collections.abc import Sequence
from concurrent.futures import Future
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from wuerfel.engine.record import Event
from wuerfel.server import db

SESSION_DAYS = 30


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _aware(t: dt.datetime | None) -> dt.datetime | None:
    """SQLite returns naive datetimes; everything here is UTC."""
    if t is not None and t.tzinfo is None:
        return t.replace(tzinfo=dt.UTC)
    return t


@dataclasses.dataclass(frozen=True)
class Player:
    id: int
    name: str
    registered: bool

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "registered": self.registered}


@dataclasses.dataclass
class SeatRow:
    seat: int
    player_id: int | None = None
    bot: str | None = None
    name: str | None = None

    @property
    def kind(self) -> str:
        if self.bot:
            return "bot"
        return "human" if self.player_id is not None else "empty"


@dataclasses.dataclass
class TableRow:
    id: str
    game: str
    rules_id: str
    rules: dict[str, Any]
    num_seats: int
    scorekeeper: bool
    private: bool
    host_id: int | None
    status: str
    created_at: dt.datetime
    finished_at: dt.datetime | None
    seats: list[SeatRow]


@dataclasses.dataclass(frozen=True)
class EventRow:
    """One event to append: the log entry plus where it goes."""

    table_id: str
    seq: int
    event: Event


class NameTaken(Exception):
    """A registered player already has this name."""


class SeatConflict(Exception):
    """Two writers raced for the same seat."""


def hash_token(token: str) -> str:
    """Sessions are stored by hash, so a leaked database does not hand out logged-in cookies."""
    return hashlib.sha256(token.encode()).hexdigest()


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @classmethod
    def open(cls, url: str | None, synchronous: str = "NORMAL") -> Store:
        engine = db.make_engine(url, synchronous=synchronous)
        db.migrate(engine)
        return cls(engine)

    def close(self) -> None:
        self.engine.dispose()

    # --- players and sessions ---------------------------------------------------------------------------------
    def create_player(self, name: str, password_hash: str | None = None) -> Player:
        login = name.casefold() if password_hash else None
        try:
            with self.engine.begin() as c:
                key = c.execute(
                    sa.insert(db.players).values(name=name, login_name=login, password_hash=password_hash,
                                                 created_at=now())
                ).inserted_primary_key
                assert key is not None
                pid = key[0]
        except IntegrityError as exc:
            raise NameTaken(name) from exc
        return Player(int(pid), name, password_hash is not None)

    def get_player(self, player_id: int) -> Player | None:
        with self.engine.connect() as c:
            row = c.execute(sa.select(db.players).where(db.players.c.id == player_id)).first()
        return Player(row.id, row.name, row.password_hash is not None) if row else None

    def find_registered(self, name: str) -> tuple[Player, str] | None:
        """The registered player with this name (case-insensitive) and their password hash."""
        with self.engine.connect() as c:
            row = c.execute(sa.select(db.players).where(db.players.c.login_name == name.casefold())).first()
        if row is None or row.password_hash is None:
            return None
        return Player(row.id, row.name, True), row.password_hash

    def set_password_hash(self, player_id: int, password_hash: str) -> None:
        with self.engine.begin() as c:
            c.execute(sa.update(db.players).where(db.players.c.id == player_id).values(password_hash=password_hash))

    def create_session(self, player_id: int) -> str:
        token = secrets.token_urlsafe(32)
        with self.engine.begin() as c:
            c.execute(sa.insert(db.sessions).values(token_hash=hash_token(token), player_id=player_id,
                                                    created_at=now(),
                                                    expires_at=now() + dt.timedelta(days=SESSION_DAYS)))
        return token

    def session_player(self, token: str) -> Player | None:
        with self.engine.connect() as c:
            row = c.execute(
                sa.select(db.players.c.id, db.players.c.name, db.players.c.password_hash, db.sessions.c.expires_at)
                .join(db.sessions, db.sessions.c.player_id == db.players.c.id)
                .where(db.sessions.c.token_hash == hash_token(token))
            ).first()
        if row is None:
            return None
        expires = _aware(row.expires_at)
        if expires is not None and expires < now():
            return None
        return Player(row.id, row.name, row.password_hash is not None)

    def delete_session(self, token: str) -> None:
        with self.engine.begin() as c:
            c.execute(sa.delete(db.sessions).where(db.sessions.c.token_hash == hash_token(token)))

    # --- tables -----------------------------------------------------------------------------------------------
    def create_table(self, game: str, rules_id: str, rules: dict[str, Any], num_seats: int, scorekeeper: bool,
                     private: bool, host_id: int | None, seats: Sequence[SeatRow]) -> TableRow:
        table_id = secrets.token_urlsafe(12)
        created = now()
        by_seat = {s.seat: s for s in seats}
        all_seats = [by_seat.get(i, SeatRow(i)) for i in range(num_seats)]
        with self.engine.begin() as c:
            c.execute(sa.insert(db.game_tables).values(
                id=table_id, game=game, rules_id=rules_id, rules=json.dumps(rules, ensure_ascii=False),
                num_seats=num_seats, scorekeeper=scorekeeper, private=private, host_id=host_id, status="open",
                created_at=created))
            c.execute(sa.insert(db.seats), [
                {"table_id": table_id, "seat": s.seat, "player_id": s.player_id, "bot": s.bot, "name": s.name}
                for s in all_seats])
        return TableRow(table_id, game, rules_id, rules, num_seats, scorekeeper, private, host_id, "open", created,
                        None, all_seats)

    def get_table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as c:
            row = c.execute(sa.select(db.game_tables).where(db.game_tables.c.id == table_id)).first()
            if row is None:
                return None
            seat_rows = c.execute(sa.select(db.seats).where(db.seats.c.table_id == table_id)
                                  .order_by(db.seats.c.seat)).all()
        return self._table(row, seat_rows)

    def _table(self, row: Any, seat_rows: Sequence[Any]) -> TableRow:
        return TableRow(
            id=row.id, game=row.game, rules_id=row.rules_id, rules=json.loads(row.rules), num_seats=row.num_seats,
            scorekeeper=bool(row.scorekeeper), private=bool(row.private), host_id=row.host_id, status=row.status,
            created_at=_aware(row.created_at) or now(), finished_at=_aware(row.finished_at),
            seats=[SeatRow(s.seat, s.player_id, s.bot, s.name) for s in seat_rows],
        )

    def list_tables(self, statuses: Sequence[str], include_private: bool = False, limit: int = 200) -> list[TableRow]:
        with self.engine.connect() as c:
            q = sa.select(db.game_tables).where(db.game_tables.c.status.in_(list(statuses)))
            if not include_private:
                q = q.where(db.game_tables.c.private == sa.false())
            rows = c.execute(q.order_by(db.game_tables.c.created_at.desc()).limit(limit)).all()
            ids = [r.id for r in rows]
            seat_rows: dict[str, list[Any]] = {i: [] for i in ids}
            if ids:
                for s in c.execute(sa.select(db.seats).where(db.seats.c.table_id.in_(ids))
                                   .order_by(db.seats.c.table_id, db.seats.c.seat)):
                    seat_rows[s.table_id].append(s)
        return [self._table(r, seat_rows[r.id]) for r in rows]

    def set_seat(self, table_id: str, seat: SeatRow) -> None:
        with self.engine.begin() as c:
            c.execute(sa.update(db.seats).where(db.seats.c.table_id == table_id, db.seats.c.seat == seat.seat)
                      .values(player_id=seat.player_id, bot=seat.bot, name=seat.name))

    def set_status(self, table_id: str, status: str) -> None:
        with self.engine.begin() as c:
            self._set_status(c, table_id, status)

    @staticmethod
    def _set_status(c: sa.Connection, table_id: str, status: str) -> None:
        values: dict[str, Any] = {"status": status}
        if status == "finished":
            values["finished_at"] = now()
        c.execute(sa.update(db.game_tables).where(db.game_tables.c.id == table_id).values(**values))

    # --- the event log ----------------------------------------------------------------------------------------
    _INSERT_EVENTS = sa.insert(db.events)

    def append(self, rows: Sequence[EventRow], statuses: Sequence[tuple[str, str]] = (),
               conn: sa.Connection | None = None) -> None:
        """Append events (and status changes) in one transaction; a duplicate (table, seq) fails the whole batch.

        ``conn``: a connection the caller keeps open (the loop writer does, to skip the pool on the hot path).
        """
        if conn is None:
            with self.engine.connect() as c:
                self.append(rows, statuses, c)
            return
        with conn.begin():
            if rows:
                t = now()
                conn.execute(self._INSERT_EVENTS, [
                    {"table_id": r.table_id, "seq": r.seq, "type": r.event.type, "player": r.event.player,
                     "data": json.dumps(r.event.data, ensure_ascii=False, separators=(",", ":")), "created_at": t}
                    for r in rows])
            for table_id, status in statuses:
                self._set_status(conn, table_id, status)

    def checkpoint(self) -> None:
        """Copy the SQLite WAL into the database file without blocking writers (no-op on PostgreSQL)."""
        if self.engine.dialect.name == "sqlite":
            with self.engine.connect() as c:
                c.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def load_events(self, table_id: str) -> list[Event]:
        with self.engine.connect() as c:
            rows = c.execute(sa.select(db.events.c.seq, db.events.c.type, db.events.c.player, db.events.c.data)
                             .where(db.events.c.table_id == table_id).order_by(db.events.c.seq)).all()
        out: list[Event] = []
        for i, r in enumerate(rows, start=1):
            if r.seq != i:
                raise RuntimeError(f"event log of table {table_id} has a gap at seq {i}")
            out.append(Event(r.type, json.loads(r.data), r.player))
        return out

    def unfinished_table_ids(self) -> list[str]:
        with self.engine.connect() as c:
            return [r.id for r in c.execute(sa.select(db.game_tables.c.id)
                                            .where(db.game_tables.c.status == "playing"))]


class BatchWriter:
    """One writer thread doing group commits of event rows.

    :meth:`submit` returns a future that completes when the rows are committed (or fails with the database error,
    in which case none of the batch's rows were written and the callers keep their old state). Batches that fail
    as a whole are retried one submission at a time, so one bad submission never sinks its neighbours.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._q: queue.SimpleQueue[tuple[list[EventRow], list[tuple[str, str]], Future[None]] | None] = \
            queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="wuerfel-writer", daemon=True)
        self._thread.start()
        self.commits = 0

    def submit(self, rows: Sequence[EventRow], statuses: Sequence[tuple[str, str]] = ()) -> Future[None]:
        fut: Future[None] = Future()
        self._q.put((list(rows), list(statuses), fut))
        return fut

    def close(self) -> None:
        self._q.put(None)
        self._thread.join(timeout=10)

    def _run(self) -> None:
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
            if stop:
                return

    def _commit(self, batch: list[tuple[list[EventRow], list[tuple[str, str]], Future[None]]]) -> None:
        rows = [r for b in batch for r in b[0]]
        statuses = [s for b in batch for s in b[1]]
        try:
            self.store.append(rows, statuses)
            self.commits += 1
        except Exception:
            if len(batch) == 1:
                import sys

                _complete(batch[0][2], sys.exc_info()[1])
                return
            for b in batch:
                self._commit([b])
            return
        for b in batch:
            _complete(b[2], None)


class LoopWriter:
    """Group commit on the event loop itself, for SQLite.

    Every move that arrives during one turn of the event loop is appended to a pending list; one callback at the end
    of the turn commits them all in a single transaction and wakes their senders. A local SQLite commit in WAL mode
    takes tens of microseconds, less than handing the work to a thread would cost: a writer thread fights the event
    loop for the GIL and adds milliseconds of latency under load.
    """

    def __init__(self, store: Store) -> None:
        import asyncio

        self.store = store
        self._loop = asyncio.get_running_loop()
        self._pending: list[tuple[list[EventRow], list[tuple[str, str]], Any]] = []
        self._scheduled = False
        self.commits = 0
        self._conn: sa.Connection | None = None

    def write(self, rows: Sequence[EventRow], statuses: Sequence[tuple[str, str]] = ()) -> Any:
        """A future that completes when the rows are committed (fails with the database error otherwise)."""
        fut = self._loop.create_future()
        self._pending.append((list(rows), list(statuses), fut))
        if not self._scheduled:
            self._scheduled = True
            self._loop.call_soon(self._flush)
        return fut

    def _flush(self) -> None:
        batch, self._pending, self._scheduled = self._pending, [], False
        self._commit(batch)

    def _commit(self, batch: list[tuple[list[EventRow], list[tuple[str, str]], Any]]) -> None:
        try:
            if self._conn is None:
                self._conn = self.store.engine.connect()
                # Checkpoints (copying the WAL into the database file, with an fsync) would otherwise run inside
                # whichever commit crosses the threshold — on the event loop. Hub.checkpoints() runs them on a
                # thread instead.
                self._conn.exec_driver_sql("PRAGMA wal_autocheckpoint=0")
                self._conn.commit()
            self.store.append([r for b in batch for r in b[0]], [s for b in batch for s in b[1]], self._conn)
            self.commits += 1
        except Exception as exc:
            if self._conn is not None and self._conn.invalidated:
                self._conn.close()
                self._conn = None
            if len(batch) == 1:
                if not batch[0][2].done():
                    batch[0][2].set_exception(exc)
                return
            for b in batch:
                self._commit([b])
            return
        for b in batch:
            if not b[2].done():
                b[2].set_result(None)

    def close(self) -> None:
        if self._pending:
            self._flush()
        if self._conn is not None:
            self._conn.close()
            self._conn = None


class ThreadWriter:
    """The :class:`BatchWriter` behind the same awaitable interface as :class:`LoopWriter` (for PostgreSQL, whose
    commits are network round trips that must not stall the event loop)."""

    def __init__(self, store: Store) -> None:
        self._writer = BatchWriter(store)

    @property
    def commits(self) -> int:
        return self._writer.commits

    def write(self, rows: Sequence[EventRow], statuses: Sequence[tuple[str, str]] = ()) -> Any:
        """A future that completes when the rows are committed (fails with the database error otherwise)."""
        import asyncio

        return asyncio.wrap_future(self._writer.submit(rows, statuses))

    def close(self) -> None:
        self._writer.close()


def make_writer(store: Store) -> LoopWriter | ThreadWriter:
    """Call from the event loop."""
    return LoopWriter(store) if store.engine.dialect.name == "sqlite" else ThreadWriter(store)


def _complete(fut: Future[None], exc: BaseException | None) -> None:
    if exc is None:
        fut.set_result(None)
    else:
        fut.set_exception(exc)


