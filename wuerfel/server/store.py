"""The store: players, sessions, tables and the append-only event log, on SQLite or PostgreSQL.

Everything here is synchronous SQLAlchemy Core; the async server calls it from worker threads. This module holds the
tables and their seats, chat and status; the rest are mixins of :class:`Store`: the accounts
(:mod:`~wuerfel.server.store_accounts`), the event log's writes and loads (:mod:`~wuerfel.server.store_log`) and the
archive's and the ratings' reads (:mod:`~wuerfel.server.store_reads`). The hot path — appending the events of a move —
goes through the group-commit writer (:mod:`~wuerfel.server.writer`); the rows are values of their own
(:mod:`~wuerfel.server.rows`).
"""

from __future__ import annotations

import datetime as dt
import json
import secrets
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from wuerfel.server import db
from wuerfel.server.rows import ChatRow, GameResult, SeatRow, TableRow, _aware, now
from wuerfel.server.store_accounts import Accounts
from wuerfel.server.store_log import EventLog, fences_of
from wuerfel.server.store_reads import ArchiveReads, seats_query


class Store(Accounts, EventLog, ArchiveReads):
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sqlite = engine.dialect.name == "sqlite"

    @classmethod
    def open(cls, url: str | None, synchronous: str = "NORMAL") -> Store:
        engine = db.make_engine(url, synchronous=synchronous)
        db.migrate(engine)
        return cls(engine)

    def close(self) -> None:
        self.engine.dispose()

    # --- tables -----------------------------------------------------------------------------------------------
    def create_table(
        self,
        game: str,
        rules_id: str,
        rules: dict[str, Any],
        num_seats: int,
        scorekeeper: bool,
        private: bool,
        host_id: int | None,
        seats: Sequence[SeatRow],
        spectator_chat: bool = False,
        hints: bool = True,
        clock: str = "none",
        move_seconds: int | None = None,
        on_expiry: str = "bot",
        rated: bool = False,
    ) -> TableRow:
        table_id = secrets.token_urlsafe(12)
        created = now()
        by_seat = {s.seat: s for s in seats}
        all_seats = [by_seat.get(i, SeatRow(i)) for i in range(num_seats)]
        with self.engine.begin() as c:
            c.execute(
                sa.insert(db.game_tables).values(
                    id=table_id,
                    game=game,
                    rules_id=rules_id,
                    rules=json.dumps(rules, ensure_ascii=False),
                    num_seats=num_seats,
                    scorekeeper=scorekeeper,
                    private=private,
                    host_id=host_id,
                    status="open",
                    created_at=created,
                    active_at=created,
                    spectator_chat=spectator_chat,
                    hints=hints,
                    clock=clock,
                    move_seconds=move_seconds,
                    on_expiry=on_expiry,
                    rated=rated,
                )
            )
            c.execute(
                sa.insert(db.seats),
                [
                    {"table_id": table_id, "seat": s.seat, "player_id": s.player_id, "bot": s.bot, "name": s.name}
                    for s in all_seats
                ],
            )
        return TableRow(
            table_id,
            game,
            rules_id,
            rules,
            num_seats,
            scorekeeper,
            private,
            host_id,
            "open",
            created,
            None,
            all_seats,
            spectator_chat=spectator_chat,
            hints=hints,
            active_at=created,
            clock=clock,
            move_seconds=move_seconds,
            on_expiry=on_expiry,
            rated=rated,
        )

    def get_table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as c:
            row = c.execute(sa.select(db.game_tables).where(db.game_tables.c.id == table_id)).first()
            if row is None:
                return None
            seat_rows = c.execute(seats_query().where(db.seats.c.table_id == table_id).order_by(db.seats.c.seat)).all()
        return self._table(row, seat_rows)

    def _table(self, row: Any, seat_rows: Sequence[Any]) -> TableRow:
        return TableRow(
            id=row.id,
            game=row.game,
            rules_id=row.rules_id,
            rules=json.loads(row.rules),
            num_seats=row.num_seats,
            scorekeeper=bool(row.scorekeeper),
            private=bool(row.private),
            host_id=row.host_id,
            status=row.status,
            created_at=_aware(row.created_at) or now(),
            finished_at=_aware(row.finished_at),
            seats=[SeatRow(s.seat, s.player_id, s.bot, s.name, bool(s.guest), s.standin) for s in seat_rows],
            resigned=row.resigned,
            rematch=row.rematch,
            active_at=_aware(row.active_at),
            spectator_chat=bool(row.spectator_chat),
            hints=bool(row.hints),
            clock=row.clock or "none",
            move_seconds=row.move_seconds,
            on_expiry=row.on_expiry or "bot",
            deadline_at=_aware(row.deadline_at),
            deadline_seq=row.deadline_seq,
            ended_by=row.ended_by,
            rated=bool(row.rated),
        )

    def list_tables(
        self,
        statuses: Sequence[str],
        include_private: bool = False,
        limit: int = 200,
        open_since: dt.datetime | None = None,
        alive_since: dt.datetime | None = None,
        keep: Sequence[str] = (),
    ) -> list[TableRow]:
        """The newest ``limit`` tables of these statuses (the lobby's).

        ``open_since``/``alive_since``: leave out the unstarted tables whose last seating change, and the running
        ones whose newest event (or, without one, last seating change), is older — but never the tables in
        ``keep``. In the query, before the limit: a thousand idle tables newer than the real ones took every place
        of the 200 and a filter after the limit left the lobby empty (issue 24 L1)."""
        t = db.game_tables
        with self.engine.connect() as c:
            q = sa.select(t).where(t.c.status.in_(list(statuses)))
            seated = sa.func.coalesce(t.c.active_at, t.c.created_at)
            if open_since is not None:
                q = q.where(sa.or_(t.c.status != "open", seated >= open_since, t.c.id.in_(list(keep))))
            if alive_since is not None:
                e = db.events
                newest = (
                    sa.select(e.c.created_at)
                    .where(e.c.table_id == t.c.id)
                    .order_by(e.c.seq.desc())
                    .limit(1)
                    .scalar_subquery()
                )
                q = q.where(
                    sa.or_(
                        t.c.status != "playing", sa.func.coalesce(newest, seated) >= alive_since, t.c.id.in_(list(keep))
                    )
                )
            if not include_private:
                # A scorekeeper table is one phone at a real table: nobody else has anything to join or watch.
                q = q.where(db.game_tables.c.private == sa.false(), db.game_tables.c.scorekeeper == sa.false())
            rows = c.execute(q.order_by(db.game_tables.c.created_at.desc()).limit(limit)).all()
            ids = [r.id for r in rows]
            seat_rows: dict[str, list[Any]] = {i: [] for i in ids}
            if ids:
                for s in c.execute(
                    seats_query().where(db.seats.c.table_id.in_(ids)).order_by(db.seats.c.table_id, db.seats.c.seat)
                ):
                    seat_rows[s.table_id].append(s)
        return [self._table(r, seat_rows[r.id]) for r in rows]

    def stale_running_tables(self, before: dt.datetime, limit: int = 50) -> list[str]:
        """Public running tables without a time control where nothing happened since ``before`` (no event; no
        seating change either when there is none): the candidates :mod:`wuerfel.server.stale` ends. Oldest
        first. Timed tables end by their clock; private and scorekeeper tables are nobody else's business."""
        e, t = db.events, db.game_tables
        newest = (
            sa.select(e.c.created_at).where(e.c.table_id == t.c.id).order_by(e.c.seq.desc()).limit(1).scalar_subquery()
        )
        last = sa.func.coalesce(newest, t.c.active_at, t.c.created_at)
        with self.engine.connect() as c:
            rows = c.execute(
                sa.select(t.c.id)
                .where(
                    t.c.status == "playing",
                    t.c.clock == "none",
                    t.c.private == sa.false(),
                    t.c.scorekeeper == sa.false(),
                    last < before,
                )
                .order_by(last)
                .limit(limit)
            ).all()
        return [r.id for r in rows]

    def table_ids_of_player(self, player_id: int, statuses: Sequence[str] = ("open", "playing")) -> list[str]:
        """The tables, newest first, where the player holds a seat (any table: private and scorekeeper ones too,
        they are his)."""
        with self.engine.connect() as c:
            rows = c.execute(
                sa.select(db.game_tables.c.id)
                .distinct()
                .select_from(db.game_tables.join(db.seats, db.seats.c.table_id == db.game_tables.c.id))
                .where(db.seats.c.player_id == player_id, db.game_tables.c.status.in_(list(statuses)))
                .order_by(db.game_tables.c.id)
            ).all()
            ids = [r.id for r in rows]
            if not ids:
                return []
            created = dict(
                c.execute(
                    sa.select(db.game_tables.c.id, db.game_tables.c.created_at).where(db.game_tables.c.id.in_(ids))
                ).all()
            )
        return sorted(ids, key=lambda i: created[i], reverse=True)

    def open_tables_of(self, host_id: int) -> list[tuple[str, dt.datetime]]:
        """(id, last seating change) of the unstarted tables a player hosts (for the per-player limit)."""
        with self.engine.connect() as c:
            rows = c.execute(
                sa.select(db.game_tables.c.id, db.game_tables.c.created_at, db.game_tables.c.active_at).where(
                    db.game_tables.c.host_id == host_id, db.game_tables.c.status == "open"
                )
            ).all()
        return [(r.id, _aware(r.active_at) or _aware(r.created_at) or now()) for r in rows]

    def set_seat(self, table_id: str, seat: SeatRow, epoch: int | None = None) -> dt.datetime:
        """Change one seat; the table's ``active_at`` moves to now in the same transaction (returned).

        ``epoch`` (here and in the other writes of a running table's owner): the owner's lease epoch, checked in
        the same transaction (:class:`Fenced` when the table passed to another worker); None writes unfenced."""
        when = now()
        fences = fences_of(table_id, epoch)
        with self.engine.begin() as c:
            self._check_fences(c, fences, False)
            c.execute(
                sa.update(db.seats)
                .where(db.seats.c.table_id == table_id, db.seats.c.seat == seat.seat)
                .values(player_id=seat.player_id, bot=seat.bot, name=seat.name)
            )
            c.execute(sa.update(db.game_tables).where(db.game_tables.c.id == table_id).values(active_at=when))
            self._check_fences(c, fences, True)
        return when

    def set_rematch(self, table_id: str, rematch_id: str) -> None:
        """Link a finished table to its rematch (every later request for a rematch finds this one)."""
        with self.engine.begin() as c:
            c.execute(sa.update(db.game_tables).where(db.game_tables.c.id == table_id).values(rematch=rematch_id))

    def resign(self, table_id: str, seat: int, ended_by: str = "resigned", epoch: int | None = None) -> None:
        """The player in ``seat`` resigned (or forfeited: ``ended_by`` ``timeout``/``abandoned``): the game ends
        (status ``finished``) with that seat and the reason recorded, in one transaction, so a restart never finds
        a finished game without its reason or the reverse."""
        fences = fences_of(table_id, epoch)
        with self.engine.begin() as c:
            self._check_fences(c, fences, False)
            # Only a game not over yet ends here: a second end would rate the game twice.
            row = c.execute(
                sa.update(db.game_tables)
                .where(db.game_tables.c.id == table_id, db.game_tables.c.status != "finished")
                .values(
                    status="finished",
                    finished_at=now(),
                    resigned=seat,
                    ended_by=ended_by,
                    deadline_at=None,
                    deadline_seq=None,
                )
                .returning(db.game_tables.c.num_seats)
            ).first()
            if row is not None:
                # The stored result of a resignation (as :func:`wuerfel.server.core.results.result_json` states it): the
                # seat that gave up last, all others tied first; a rated table rates exactly that.
                others = [s for s in range(row.num_seats) if s != seat]
                self._finish(c, GameResult(table_id, [others, [seat]] if others else [[seat]]))
            self._check_fences(c, fences, True)

    def set_standin(self, table_id: str, seat: int, bot: str | None, epoch: int | None = None) -> None:
        """A bot takes a person's seat while he is away (``bot``), or gives it back (None)."""
        fences = fences_of(table_id, epoch)
        with self.engine.begin() as c:
            self._check_fences(c, fences, False)
            c.execute(
                sa.update(db.seats).where(db.seats.c.table_id == table_id, db.seats.c.seat == seat).values(standin=bot)
            )
            self._check_fences(c, fences, True)

    def set_deadline(self, table_id: str, at: dt.datetime | None, seq: int | None, epoch: int | None = None) -> None:
        """Store the running move's deadline outside a move (a seat given back re-arms its clock)."""
        fences = fences_of(table_id, epoch)
        with self.engine.begin() as c:
            self._check_fences(c, fences, False)
            self._set_deadline(c, table_id, at, seq)
            self._check_fences(c, fences, True)

    def add_chat(self, table_id: str, msg: ChatRow, epoch: int | None = None) -> None:
        """Store one chat message; the primary key (table, seq) refuses a second message with the same number."""
        fences = fences_of(table_id, epoch)
        try:
            with self.engine.begin() as c:
                self._check_fences(c, fences, False)
                c.execute(
                    sa.insert(db.chat_messages).values(
                        table_id=table_id,
                        seq=msg.seq,
                        author=msg.author,
                        player_id=msg.player_id,
                        seat=msg.seat,
                        created_at=msg.at,
                        text=msg.text,
                    )
                )
                self._check_fences(c, fences, True)
        except IntegrityError:
            with self.engine.connect() as c:
                self._fenced_instead(c, fences)
            raise

    def load_chat(self, table_id: str) -> list[ChatRow]:
        """Every chat message of a table in order (the record keeps them all; the page is sent the last ones)."""
        with self.engine.connect() as c:
            guest = sa.and_(db.chat_messages.c.player_id.is_not(None), db.players.c.password_hash.is_(None))
            rows = c.execute(
                sa.select(db.chat_messages, guest.label("guest"))
                .select_from(db.chat_messages.outerjoin(db.players, db.players.c.id == db.chat_messages.c.player_id))
                .where(db.chat_messages.c.table_id == table_id)
                .order_by(db.chat_messages.c.seq)
            ).all()
        return [
            ChatRow(r.seq, r.author, r.player_id, r.seat, _aware(r.created_at) or now(), r.text, bool(r.guest))
            for r in rows
        ]

    def set_muted(self, table_id: str, player_id: int, muted: bool) -> None:
        """Mute a spectator at a table, or lift it (both idempotent)."""
        where = sa.and_(db.chat_mutes.c.table_id == table_id, db.chat_mutes.c.player_id == player_id)
        with self.engine.begin() as c:
            c.execute(sa.delete(db.chat_mutes).where(where))
            if muted:
                c.execute(sa.insert(db.chat_mutes).values(table_id=table_id, player_id=player_id))

    def muted(self, table_id: str) -> set[int]:
        """The players muted at a table."""
        with self.engine.connect() as c:
            rows = c.execute(sa.select(db.chat_mutes.c.player_id).where(db.chat_mutes.c.table_id == table_id))
            return {r.player_id for r in rows}

    def set_status(self, table_id: str, status: str, epoch: int | None = None) -> None:
        fences = fences_of(table_id, epoch)
        with self.engine.begin() as c:
            self._check_fences(c, fences, False)
            self._set_status(c, table_id, status)
            self._check_fences(c, fences, True)

    def checkpoint(self) -> None:
        """Copy the SQLite WAL into the database file and truncate it (no-op on PostgreSQL); at shutdown, when
        nothing writes any more (while the server runs, its writer thread checkpoints)."""
        if self.engine.dialect.name == "sqlite":
            with self.engine.connect() as c:
                c.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")

    def writable(self) -> str | None:
        """Why the database cannot be written right now (None: it can). Answers within seconds.

        SQLite: take the write lock and give it back (a database locked from outside, a read-only file), waiting at
        most :data:`PROBE_WAIT` for it — our own writer holds it for milliseconds at a time, which is no failure;
        PostgreSQL: a round trip. A full disk shows only when a write fails; the writer reports that
        (``BatchWriter.failing``).
        """
        try:
            if self.engine.dialect.name != "sqlite":
                with self.engine.connect() as c:
                    c.exec_driver_sql("SELECT 1")
                return None
            raw = self.engine.raw_connection()
            try:
                dc = raw.driver_connection
                assert dc is not None
                dc.execute(f"PRAGMA busy_timeout={int(PROBE_WAIT * 1000)}")
                try:
                    dc.execute("BEGIN IMMEDIATE")
                    dc.execute("ROLLBACK")
                finally:
                    dc.execute(f"PRAGMA busy_timeout={int(db.BUSY_TIMEOUT * 1000)}")
            finally:
                raw.close()
        except Exception as exc:
            return str(exc).splitlines()[0][:300] if str(exc) else type(exc).__name__
        return None

    def unfinished_table_ids(self) -> list[str]:
        with self.engine.connect() as c:
            return [r.id for r in c.execute(sa.select(db.game_tables.c.id).where(db.game_tables.c.status == "playing"))]


PROBE_WAIT = db.BUSY_TIMEOUT + 1.0
"""Seconds ``/healthz`` waits for SQLite's write lock before it calls the database unwritable: longer than a commit
would wait, so a 503 means that a write would have failed too."""
