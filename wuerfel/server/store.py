"""The store: players, sessions, tables and the append-only event log, on SQLite or PostgreSQL.

Everything here is synchronous SQLAlchemy Core; the async server calls it from worker threads. The hot path — appending
the events of a move — goes through the group-commit writer (:mod:`~wuerfel.server.writer`); the rows are values
of their own (:mod:`~wuerfel.server.rows`), the archive's and the ratings' reads a mixin
(:mod:`~wuerfel.server.store_reads`).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import secrets
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from wuerfel.engine.record import Event
from wuerfel.server import db
from wuerfel.server.rows import (  # re-exported: the server imports the rows from here
    SESSION_DAYS as SESSION_DAYS,
)
from wuerfel.server.rows import (
    ArchiveGame as ArchiveGame,
)
from wuerfel.server.rows import (
    ChatRow as ChatRow,
)
from wuerfel.server.rows import (
    Deadline as Deadline,
)
from wuerfel.server.rows import (
    EventRow as EventRow,
)
from wuerfel.server.rows import (
    Fence as Fence,
)
from wuerfel.server.rows import (
    Fenced as Fenced,
)
from wuerfel.server.rows import (
    GameResult as GameResult,
)
from wuerfel.server.rows import (
    NameTaken as NameTaken,
)
from wuerfel.server.rows import (
    Player as Player,
)
from wuerfel.server.rows import (
    SeatConflict as SeatConflict,
)
from wuerfel.server.rows import (
    SeatRow as SeatRow,
)
from wuerfel.server.rows import (
    TableRow as TableRow,
)
from wuerfel.server.rows import (
    _aware as _aware,
)
from wuerfel.server.rows import (
    hash_token as hash_token,
)
from wuerfel.server.rows import log
from wuerfel.server.rows import (
    now as now,
)
from wuerfel.server.store_reads import ArchiveReads
from wuerfel.server.textcheck import skeleton
from wuerfel.server.writer import (  # re-exported: the hub makes its writer from here
    CHECKPOINT_EVERY as CHECKPOINT_EVERY,
)
from wuerfel.server.writer import (
    WAL_LIMIT as WAL_LIMIT,
)
from wuerfel.server.writer import (
    BatchWriter as BatchWriter,
)
from wuerfel.server.writer import (
    ThreadWriter as ThreadWriter,
)
from wuerfel.server.writer import (
    make_writer as make_writer,
)


class Store(ArchiveReads):
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sqlite = engine.dialect.name == "sqlite"

    def _check_fences(self, c: sa.Connection, fences: Sequence[Fence], written: bool) -> None:
        """Raise :class:`Fenced` unless every (table, epoch) is still its table's lease (issue 25 §2). Called twice
        per transaction, before and after its writes; it checks once, where the check holds until the commit:

        - PostgreSQL, before the writes: the lease rows are locked (``FOR UPDATE``, in table order so two writers
          never deadlock), so a takeover waits for this commit, or this check waits for the takeover's and sees
          its new epoch.
        - SQLite, after the writes: the transaction then holds the database's one write lock, so no takeover can
          commit in between; a read before the first write would only start a snapshot that a commit elsewhere
          turns into an error at the first write.
        """
        if not fences or written != self._sqlite:
            return
        self._verify_fences(c, fences, lock=not self._sqlite)

    @staticmethod
    def _verify_fences(c: sa.Connection, fences: Sequence[Fence], lock: bool) -> None:
        lt = db.table_leases
        q = sa.select(lt.c.table_id, lt.c.epoch).where(lt.c.table_id.in_(sorted(dict(fences)))).order_by(lt.c.table_id)
        if lock:
            q = q.with_for_update()
        held = {r.table_id: r.epoch for r in c.execute(q)}
        for table_id, epoch in fences:
            if held.get(table_id) != epoch:
                raise Fenced(table_id)

    def _fenced_instead(self, c: sa.Connection, fences: Sequence[Fence]) -> None:
        """After a write under ``fences`` failed on a unique key: raise :class:`Fenced` when a fence no longer
        holds. On SQLite the fence is checked after the writes, so the new owner's event with the same seq can
        refuse the old owner's first; the old owner must hear that it lost the table, not that its seq clashed."""
        if fences:
            with c.begin():
                self._verify_fences(c, fences, lock=False)

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
                    sa.insert(db.players).values(
                        name=name,
                        login_name=login,
                        password_hash=password_hash,
                        created_at=now(),
                        name_skeleton=skeleton(name) if password_hash else None,
                    )
                ).inserted_primary_key
                assert key is not None
                pid = key[0]
        except IntegrityError as exc:
            raise NameTaken(name) from exc
        return Player(int(pid), name, password_hash is not None)

    def register_guest(self, player_id: int, name: str, password_hash: str) -> Player:
        """A guest registers: his player row gets the name and password, so he keeps his id and with it every game
        he played as a guest (the register page promises "Behalte deinen Namen und deine Partien"). His seats
        under his old name take the new one; seats he named for other people (a real table) keep theirs."""
        try:
            with self.engine.begin() as c:
                old = c.execute(
                    sa.select(db.players.c.name, db.players.c.password_hash).where(db.players.c.id == player_id)
                ).first()
                if old is None or old.password_hash is not None:
                    raise ValueError(f"player {player_id} is no guest")
                c.execute(
                    sa.update(db.players)
                    .where(db.players.c.id == player_id)
                    .values(
                        name=name, login_name=name.casefold(), password_hash=password_hash, name_skeleton=skeleton(name)
                    )
                )
                c.execute(
                    sa.update(db.seats)
                    .where(db.seats.c.player_id == player_id, db.seats.c.name == old.name)
                    .values(name=name)
                )
        except IntegrityError as exc:
            raise NameTaken(name) from exc
        return Player(player_id, name, True)

    def get_player(self, player_id: int) -> Player | None:
        with self.engine.connect() as c:
            row = c.execute(sa.select(db.players).where(db.players.c.id == player_id)).first()
        return Player(row.id, row.name, row.password_hash is not None, row.bot_owner_id is not None) if row else None

    def find_registered(self, name: str) -> tuple[Player, str] | None:
        """The registered player with this name (case-insensitive) and their password hash."""
        with self.engine.connect() as c:
            row = c.execute(sa.select(db.players).where(db.players.c.login_name == name.casefold())).first()
        if row is None or row.password_hash is None:
            return None
        return Player(row.id, row.name, True, row.bot_owner_id is not None), row.password_hash

    def registered_lookalike(self, name: str) -> Player | None:
        """The registered player whose name looks like ``name`` (the same :func:`~wuerfel.server.textcheck.skeleton`:
        "Аnna" with a Cyrillic "А" for "Anna"), or None."""
        with self.engine.connect() as c:
            row = c.execute(
                sa.select(db.players.c.id, db.players.c.name).where(
                    db.players.c.name_skeleton == skeleton(name), db.players.c.password_hash.is_not(None)
                )
            ).first()
        return Player(row.id, row.name, True) if row else None

    def set_password_hash(self, player_id: int, password_hash: str) -> None:
        with self.engine.begin() as c:
            c.execute(sa.update(db.players).where(db.players.c.id == player_id).values(password_hash=password_hash))

    def create_session(self, player_id: int) -> str:
        token = secrets.token_urlsafe(32)
        with self.engine.begin() as c:
            c.execute(
                sa.insert(db.sessions).values(
                    token_hash=hash_token(token),
                    player_id=player_id,
                    created_at=now(),
                    expires_at=now() + dt.timedelta(days=SESSION_DAYS),
                )
            )
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

    def delete_player_sessions(self, player_id: int) -> list[str]:
        """End every session of a player (logging out logs out everywhere); the hashes of the sessions ended, so
        that the other workers can be told to drop their cached copies."""
        with self.engine.begin() as c:
            rows = c.execute(
                sa.delete(db.sessions).where(db.sessions.c.player_id == player_id).returning(db.sessions.c.token_hash)
            ).all()
        return [r.token_hash for r in rows]

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
            seat_rows = c.execute(
                self._seats_query().where(db.seats.c.table_id == table_id).order_by(db.seats.c.seat)
            ).all()
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
                    self._seats_query()
                    .where(db.seats.c.table_id.in_(ids))
                    .order_by(db.seats.c.table_id, db.seats.c.seat)
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
        fences = _fences(table_id, epoch)
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
        fences = _fences(table_id, epoch)
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
        fences = _fences(table_id, epoch)
        with self.engine.begin() as c:
            self._check_fences(c, fences, False)
            c.execute(
                sa.update(db.seats).where(db.seats.c.table_id == table_id, db.seats.c.seat == seat).values(standin=bot)
            )
            self._check_fences(c, fences, True)

    def set_deadline(self, table_id: str, at: dt.datetime | None, seq: int | None, epoch: int | None = None) -> None:
        """Store the running move's deadline outside a move (a seat given back re-arms its clock)."""
        fences = _fences(table_id, epoch)
        with self.engine.begin() as c:
            self._check_fences(c, fences, False)
            self._set_deadline(c, table_id, at, seq)
            self._check_fences(c, fences, True)

    @staticmethod
    def _set_deadline(c: sa.Connection, table_id: str, at: dt.datetime | None, seq: int | None) -> None:
        c.execute(
            sa.update(db.game_tables).where(db.game_tables.c.id == table_id).values(deadline_at=at, deadline_seq=seq)
        )

    def add_chat(self, table_id: str, msg: ChatRow, epoch: int | None = None) -> None:
        """Store one chat message; the primary key (table, seq) refuses a second message with the same number."""
        fences = _fences(table_id, epoch)
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
        fences = _fences(table_id, epoch)
        with self.engine.begin() as c:
            self._check_fences(c, fences, False)
            self._set_status(c, table_id, status)
            self._check_fences(c, fences, True)

    @staticmethod
    def _set_status(c: sa.Connection, table_id: str, status: str) -> None:
        values: dict[str, Any] = {"status": status}
        if status == "finished":
            values["finished_at"] = now()
        c.execute(sa.update(db.game_tables).where(db.game_tables.c.id == table_id).values(**values))

    # --- the event log ----------------------------------------------------------------------------------------
    _INSERT_EVENTS = sa.insert(db.events)

    def append(
        self,
        rows: Sequence[EventRow],
        statuses: Sequence[tuple[str, str]] = (),
        conn: sa.Connection | None = None,
        deadlines: Sequence[Deadline] = (),
        results: Sequence[GameResult] = (),
        fences: Sequence[Fence] = (),
    ) -> None:
        """Append events (and status changes, and the new deadlines of timed tables, and the results of the games
        that end here) in one transaction; a duplicate (table, seq) fails the whole batch.

        ``results``: a game's end — its seats' places and scores, and at a rated table the ratings' update
        (:meth:`_finish`): the last move, the status ``finished`` and the new ratings are one commit, so a crash
        never leaves a finished game unrated or a rating moved by a game that is not over.

        ``conn``: a connection the caller keeps open (the loop writer does, to skip the pool on the hot path).
        A move and the deadline of the move it leads to are committed together: a restart never finds a position
        with the deadline of another.

        ``fences``: (table, lease epoch) pairs of a cluster worker (issue 25 §2); when one is no longer its table's
        lease, :class:`Fenced` is raised and nothing of the batch is stored.
        """
        if conn is None:
            with self.engine.connect() as c:
                self.append(rows, statuses, c, deadlines, results, fences)
            return
        try:
            self._append(conn, rows, statuses, deadlines, results, fences)
        except IntegrityError:
            self._fenced_instead(conn, fences)
            raise

    def _append(
        self,
        conn: sa.Connection,
        rows: Sequence[EventRow],
        statuses: Sequence[tuple[str, str]],
        deadlines: Sequence[Deadline],
        results: Sequence[GameResult],
        fences: Sequence[Fence],
    ) -> None:
        with conn.begin():
            self._check_fences(conn, fences, False)
            if rows:
                t = now()
                conn.execute(
                    self._INSERT_EVENTS,
                    [
                        {
                            "table_id": r.table_id,
                            "seq": r.seq,
                            "type": r.event.type,
                            "player": r.event.player,
                            "data": json.dumps(_row_data(r), ensure_ascii=False, separators=(",", ":")),
                            "created_at": t,
                        }
                        for r in rows
                    ],
                )
            for table_id, status in statuses:
                self._set_status(conn, table_id, status)
            for table_id, at, seq in deadlines:
                self._set_deadline(conn, table_id, at, seq)
            for result in results:
                self._finish(conn, result)
            self._check_fences(conn, fences, True)

    _SET_RESULT = (
        sa.update(db.seats)
        .where(db.seats.c.table_id == sa.bindparam("t"), db.seats.c.seat == sa.bindparam("s"))
        .values(place=sa.bindparam("place"), score=sa.bindparam("score"))
    )
    _SET_RATING = (
        sa.update(db.ratings)
        .where(db.ratings.c.game == sa.bindparam("g"), db.ratings.c.who == sa.bindparam("w"))
        .values(
            mu=sa.bindparam("mu"),
            sigma=sa.bindparam("sigma"),
            games=db.ratings.c.games + 1,
            updated_at=sa.bindparam("at"),
        )
    )

    def _finish(self, c: sa.Connection, result: GameResult) -> None:
        """Store a game's result per seat and, at a rated table, update the ratings (inside the caller's
        transaction, after it wrote something: on SQLite the write lock is then held, so reading the ratings and
        writing them back cannot interleave with another writer; on PostgreSQL the rows are locked FOR UPDATE)."""
        from wuerfel.server import ratings as rt

        places = rt.places_of(result.ranking)
        # One prepared statement for all seats (executemany): the end of a game holds the writer thread, which
        # every move of the server waits for (bench/ratings.py).
        c.execute(
            self._SET_RESULT,
            [
                {
                    "t": result.table_id,
                    "s": seat,
                    "place": place,
                    "score": result.scores[seat] if result.scores is not None and seat < len(result.scores) else None,
                }
                for seat, place in places.items()
            ],
        )
        table = c.execute(
            sa.select(db.game_tables.c.game, db.game_tables.c.rated, db.game_tables.c.num_seats).where(
                db.game_tables.c.id == result.table_id
            )
        ).first()
        if table is None or not table.rated or table.num_seats < 2 or len(places) != table.num_seats:
            return
        seat_rows = c.execute(
            self._seats_query().where(db.seats.c.table_id == result.table_id).order_by(db.seats.c.seat)
        ).all()
        who: list[str] = []
        for s in seat_rows:
            if s.bot:
                who.append(rt.bot_identity(s.bot))
            elif s.player_id is not None and not s.guest:
                who.append(rt.player_identity(s.player_id))
            else:
                # Refused at creation and at every seating; a table that still got here is not rated at all.
                log.warning(
                    "rated table %s has seat %d without a registered player: not rated", result.table_id, s.seat
                )
                return
        keys = sorted({*who, *(rt.seat_identity(len(who), k) for k in range(len(who)))})
        q = sa.select(db.ratings).where(db.ratings.c.game == table.game, db.ratings.c.who.in_(keys))
        if c.dialect.name == "postgresql":
            q = q.with_for_update()
        known = {r.who: r for r in c.execute(q)}
        after, per_seat = rt.update(who, places, {k: rt.Rating(r.mu, r.sigma) for k, r in known.items()})
        at = now()
        old = [
            {"g": table.game, "w": key, "mu": r.mu, "sigma": r.sigma, "at": at}
            for key, r in after.items()
            if key in known
        ]
        new = [
            {
                "game": table.game,
                "who": key,
                "mu": r.mu,
                "sigma": r.sigma,
                "games": 1,
                "updated_at": at,
                "player_id": int(key.split(":", 1)[1]) if key.startswith("player:") else None,
            }
            for key, r in after.items()
            if key not in known
        ]
        if old:
            c.execute(self._SET_RATING, old)
        if new:
            c.execute(sa.insert(db.ratings), new)
        history: list[tuple[str, int, rt.Rating, rt.Rating]] = [(key, k, *per_seat[k]) for k, key in enumerate(who)]
        for k in range(len(who)):
            key = rt.seat_identity(len(who), k)
            history.append(
                (key, k, rt.Rating(known[key].mu, known[key].sigma) if key in known else rt.initial(key), after[key])
            )
        c.execute(
            sa.insert(db.rating_history),
            [
                {
                    "table_id": result.table_id,
                    "game": table.game,
                    "who": key,
                    "player_id": int(key.split(":", 1)[1]) if key.startswith("player:") else None,
                    "seat": k,
                    "mu_before": before.mu,
                    "sigma_before": before.sigma,
                    "mu": new.mu,
                    "sigma": new.sigma,
                    "at": at,
                }
                for key, k, before, new in history
            ],
        )

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

    def load_events(self, table_id: str) -> list[Event]:
        return self.load_log(table_id).events

    def load_log(self, table_id: str) -> Log:
        """The table's event log with its provably-fair-dice data (see :class:`Log`)."""
        with self.engine.connect() as c:
            rows = c.execute(
                sa.select(db.events.c.seq, db.events.c.type, db.events.c.player, db.events.c.data)
                .where(db.events.c.table_id == table_id)
                .order_by(db.events.c.seq)
            ).all()
        return _log_of(table_id, rows)

    def finished_logs_of(self, player_id: int) -> list[tuple[list[int], Log]]:
        """Every finished game the player sat in: his seats and the game's log (for his dice statistics)."""
        with self.engine.connect() as c:
            seated = c.execute(
                sa.select(db.seats.c.table_id, db.seats.c.seat)
                .join(db.game_tables, db.game_tables.c.id == db.seats.c.table_id)
                .where(
                    db.seats.c.player_id == player_id,
                    db.game_tables.c.status == "finished",
                    db.game_tables.c.scorekeeper == sa.false(),
                )
            ).all()
            seats_of: dict[str, list[int]] = {}
            for r in seated:
                seats_of.setdefault(r.table_id, []).append(r.seat)
            by_table: dict[str, list[Any]] = {t: [] for t in seats_of}
            ids = list(seats_of)
            for i in range(0, len(ids), 500):
                for ev in c.execute(
                    sa.select(
                        db.events.c.table_id, db.events.c.seq, db.events.c.type, db.events.c.player, db.events.c.data
                    )
                    .where(db.events.c.table_id.in_(ids[i : i + 500]))
                    .order_by(db.events.c.table_id, db.events.c.seq)
                ):
                    by_table[ev.table_id].append(ev)
        return [(sorted(seats_of[t]), _log_of(t, rows)) for t, rows in by_table.items()]

    def unfinished_table_ids(self) -> list[str]:
        with self.engine.connect() as c:
            return [r.id for r in c.execute(sa.select(db.game_tables.c.id).where(db.game_tables.c.status == "playing"))]


@dataclasses.dataclass
class Log:
    """A table's stored log: its events, the pre-game dice data (seeds, combined seed, the first commitment; row
    seq 0, None for tables from before provably fair dice or scorekeeper tables) and the secrets of announced
    throws (by the index of the announcing event, -1: announced before the first event)."""

    events: list[Event]
    dice: dict[str, Any] | None = None
    secrets: dict[int, str] = dataclasses.field(default_factory=dict)


def _row_data(r: EventRow) -> dict[str, Any]:
    """The stored ``data`` column: the event's data, plus its proof and the announced secret under ``$`` keys (no
    migration: the column is JSON text; :func:`_log_of` takes them out again)."""
    data = dict(r.event.data)
    if r.event.proof is not None:
        data["$proof"] = r.event.proof
    if r.secret is not None:
        data["$secret"] = r.secret
    return data


def _log_of(table_id: str, rows: Sequence[Any]) -> Log:
    log = Log(events=[])
    i = 1
    for r in rows:
        data = json.loads(r.data)
        secret = data.pop("$secret", None)
        proof = data.pop("$proof", None)
        if r.seq == 0:
            log.dice = data
            if secret is not None:
                log.secrets[-1] = secret
            continue
        if r.seq != i:
            raise RuntimeError(f"event log of table {table_id} has a gap at seq {i}")
        if secret is not None:
            log.secrets[i - 1] = secret
        log.events.append(Event(r.type, data, r.player, proof))
        i += 1
    return log


PROBE_WAIT = db.BUSY_TIMEOUT + 1.0
"""Seconds ``/healthz`` waits for SQLite's write lock before it calls the database unwritable: longer than a commit
would wait, so a 503 means that a write would have failed too."""


def _fences(table_id: str, epoch: int | None) -> list[Fence]:
    return [] if epoch is None else [(table_id, epoch)]
