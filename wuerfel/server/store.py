"""The store: players, sessions, tables and the append-only event log, on SQLite or PostgreSQL.

Everything here is synchronous SQLAlchemy Core; the async server calls it from worker threads. The hot path — appending
the events of a move — goes through :class:`BatchWriter`, one thread that commits whatever moves arrived together in
one transaction (group commit): the move is acknowledged only after *its* transaction committed, yet a busy server
pays one commit per batch instead of one per move.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import hashlib
import json
import logging
import os
import queue
import secrets
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Future
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from wuerfel.engine.record import Event
from wuerfel.server import db
from wuerfel.server.textcheck import skeleton

SESSION_DAYS = 30
log = logging.getLogger("wuerfel.server")


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
    guest: bool = False
    """A guest (no password) sits here: pages mark the name "(guest)", so nobody passes for a registered player."""
    standin: str | None = None
    """The bot that plays this person's seat while he is away ("Computer übernimmt", after his clock ran out or he
    left for good); None: he plays it himself. Stored, so a restart keeps the bot in the seat."""

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
    resigned: int | None = None
    """The seat whose player resigned, which ended the game (None: nobody resigned)."""
    rematch: str | None = None
    """The table of the rematch of this finished game, once somebody asked for it (None: not yet)."""
    spectator_chat: bool = False
    """Spectators (with a name) may write in the chat; chosen at creation (default: only the players write)."""
    hints: bool = True
    """The players may ask the game's advisor for hints (protocol 5); chosen at creation (default: yes, since no
    table is rated yet)."""
    active_at: dt.datetime | None = None
    """The last seating change (created, a seat taken, left or given to a bot): an unstarted table idle too long
    leaves the lobby. None only for tables created before it was stored (their creation time stands in)."""

    clock: str = "none"
    """The time control chosen at creation: ``none``, ``live`` (seconds per move) or ``corr`` (days per move)."""
    move_seconds: int | None = None
    """The limit per move in seconds (nominal: a test server may scale it, see ``Hub.clock_scale``); None: none."""
    on_expiry: str = "bot"
    """What happens when a move's time runs out: ``bot`` (the computer plays the seat until the player returns)
    or ``forfeit`` (the player loses the game)."""
    deadline_at: dt.datetime | None = None
    """When the running move's time runs out (stored with the move, so a restart re-arms the same deadline)."""
    deadline_seq: int | None = None
    """The position (number of events) ``deadline_at`` belongs to; a deadline of another position is stale."""
    ended_by: str | None = None
    """Why the game ended before its end: ``resigned``, ``timeout`` (forfeit on time), ``abandoned`` (a guest
    logged out of a forfeit table); None: played out, or not over."""
    rated: bool = False
    """A rated table (issue 16): registered players and bots only, no hints; its end updates the ratings in the
    same transaction (see :meth:`Store.append`'s ``results``)."""

    @property
    def last_active(self) -> dt.datetime:
        return self.active_at or self.created_at


@dataclasses.dataclass(frozen=True)
class EventRow:
    """One event to append: the log entry plus where it goes."""

    table_id: str
    seq: int
    event: Event
    secret: str | None = None
    """The secret of the throw this event announced (its proof's ``next``): kept in the row, never in the event, so
    a restarted server throws the die it committed to; it leaves the server only in that throw's own event."""


@dataclasses.dataclass(frozen=True)
class GameResult:
    """How a game ended, stored with its status ``finished`` (:meth:`Store.append`): every seat's place and score,
    and at a rated table the ratings' update — all in the transaction that ends the game."""

    table_id: str
    ranking: list[list[int]]
    """Seats best first, tied seats grouped (the engine's :meth:`State.ranking`)."""
    scores: list[float] | None = None
    """Every seat's final score in the game's measure; None when the game ended by a resignation or forfeit."""


@dataclasses.dataclass(frozen=True)
class ArchiveGame:
    """One finished game in a player's archive: the table and every seat's result (see :meth:`Store.archive`)."""

    id: str
    game: str
    rules_id: str
    finished_at: dt.datetime | None
    rated: bool
    ended_by: str | None
    seats: list[dict[str, Any]]
    """Per seat: ``seat``, ``name``, ``player_id``, ``bot``, ``guest``, ``place``, ``score``, ``mine`` (the archive's
    player sits there) and at a rated table ``rating_before``/``rating_after`` (ordinals) of who sat there."""


Deadline = tuple[str, "dt.datetime | None", "int | None"]
"""(table id, when the running move's time runs out, the position it belongs to) — None, None: no clock runs."""


@dataclasses.dataclass(frozen=True)
class ChatRow:
    """One chat message at a table (see :meth:`Store.add_chat`)."""

    seq: int
    author: str
    player_id: int | None
    seat: int | None
    """The writer's seat; None: he watches (a spectator)."""
    at: dt.datetime
    text: str
    guest: bool = False
    """The writer is a guest (no password): pages mark the name "(Gast)" like everywhere else (protocol 6)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "author": self.author,
            "seat": self.seat,
            "spectator": self.seat is None,
            "at": self.at.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "text": self.text,
            "guest": self.guest,
        }


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
        return Player(row.id, row.name, row.password_hash is not None) if row else None

    def find_registered(self, name: str) -> tuple[Player, str] | None:
        """The registered player with this name (case-insensitive) and their password hash."""
        with self.engine.connect() as c:
            row = c.execute(sa.select(db.players).where(db.players.c.login_name == name.casefold())).first()
        if row is None or row.password_hash is None:
            return None
        return Player(row.id, row.name, True), row.password_hash

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

    def delete_player_sessions(self, player_id: int) -> None:
        """End every session of a player (logging out logs out everywhere)."""
        with self.engine.begin() as c:
            c.execute(sa.delete(db.sessions).where(db.sessions.c.player_id == player_id))

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

    @staticmethod
    def _seats_query() -> sa.Select[Any]:
        """Seats with whether a guest sits there (a player without a password)."""
        guest = sa.and_(db.seats.c.player_id.is_not(None), db.players.c.password_hash.is_(None))
        return sa.select(db.seats, guest.label("guest")).select_from(
            db.seats.outerjoin(db.players, db.players.c.id == db.seats.c.player_id)
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

    def set_seat(self, table_id: str, seat: SeatRow) -> dt.datetime:
        """Change one seat; the table's ``active_at`` moves to now in the same transaction (returned)."""
        when = now()
        with self.engine.begin() as c:
            c.execute(
                sa.update(db.seats)
                .where(db.seats.c.table_id == table_id, db.seats.c.seat == seat.seat)
                .values(player_id=seat.player_id, bot=seat.bot, name=seat.name)
            )
            c.execute(sa.update(db.game_tables).where(db.game_tables.c.id == table_id).values(active_at=when))
        return when

    def set_rematch(self, table_id: str, rematch_id: str) -> None:
        """Link a finished table to its rematch (every later request for a rematch finds this one)."""
        with self.engine.begin() as c:
            c.execute(sa.update(db.game_tables).where(db.game_tables.c.id == table_id).values(rematch=rematch_id))

    def resign(self, table_id: str, seat: int, ended_by: str = "resigned") -> None:
        """The player in ``seat`` resigned (or forfeited: ``ended_by`` ``timeout``/``abandoned``): the game ends
        (status ``finished``) with that seat and the reason recorded, in one transaction, so a restart never finds
        a finished game without its reason or the reverse."""
        with self.engine.begin() as c:
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
                # The stored result of a resignation (as :func:`wuerfel.server.live.result_json` states it): the
                # seat that gave up last, all others tied first; a rated table rates exactly that.
                others = [s for s in range(row.num_seats) if s != seat]
                self._finish(c, GameResult(table_id, [others, [seat]] if others else [[seat]]))

    def set_standin(self, table_id: str, seat: int, bot: str | None) -> None:
        """A bot takes a person's seat while he is away (``bot``), or gives it back (None)."""
        with self.engine.begin() as c:
            c.execute(
                sa.update(db.seats).where(db.seats.c.table_id == table_id, db.seats.c.seat == seat).values(standin=bot)
            )

    def set_deadline(self, table_id: str, at: dt.datetime | None, seq: int | None) -> None:
        """Store the running move's deadline outside a move (a seat given back re-arms its clock)."""
        with self.engine.begin() as c:
            self._set_deadline(c, table_id, at, seq)

    @staticmethod
    def _set_deadline(c: sa.Connection, table_id: str, at: dt.datetime | None, seq: int | None) -> None:
        c.execute(
            sa.update(db.game_tables).where(db.game_tables.c.id == table_id).values(deadline_at=at, deadline_seq=seq)
        )

    def add_chat(self, table_id: str, msg: ChatRow) -> None:
        """Store one chat message; the primary key (table, seq) refuses a second message with the same number."""
        with self.engine.begin() as c:
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

    def set_status(self, table_id: str, status: str) -> None:
        with self.engine.begin() as c:
            self._set_status(c, table_id, status)

    @staticmethod
    def _set_status(c: sa.Connection, table_id: str, status: str) -> None:
        values: dict[str, Any] = {"status": status}
        if status == "finished":
            values["finished_at"] = now()
        c.execute(sa.update(db.game_tables).where(db.game_tables.c.id == table_id).values(**values))

    # --- archive, profiles, ratings (issue 16) ------------------------------------------------------------------
    def archive(
        self,
        player_id: int,
        game: str | None = None,
        rules_id: str | None = None,
        offset: int = 0,
        limit: int = 20,
        public_only: bool = False,
    ) -> tuple[list[ArchiveGame], int]:
        """The finished games where the player held a seat, newest first, optionally of one game and rule set;
        one page of them and how many there are in all. ``public_only``: without private and real-dice tables
        (somebody else looking at a player's archive sees what the lobby showed)."""
        mine = sa.select(db.seats.c.table_id).where(db.seats.c.player_id == player_id)
        where = [db.game_tables.c.status == "finished", db.game_tables.c.id.in_(mine)]
        if public_only:
            where += [db.game_tables.c.private == sa.false(), db.game_tables.c.scorekeeper == sa.false()]
        if game:
            where.append(db.game_tables.c.game == game)
        if rules_id:
            where.append(db.game_tables.c.rules_id == rules_id)
        with self.engine.connect() as c:
            total = c.execute(sa.select(sa.func.count()).select_from(db.game_tables).where(*where)).scalar_one()
            rows = c.execute(
                sa.select(
                    db.game_tables.c.id,
                    db.game_tables.c.game,
                    db.game_tables.c.rules_id,
                    db.game_tables.c.finished_at,
                    db.game_tables.c.rated,
                    db.game_tables.c.ended_by,
                )
                .where(*where)
                .order_by(db.game_tables.c.finished_at.desc(), db.game_tables.c.id)
                .offset(max(0, offset))
                .limit(max(1, limit))
            ).all()
            ids = [r.id for r in rows]
            seats: dict[str, list[dict[str, Any]]] = {i: [] for i in ids}
            moved: dict[tuple[str, str], tuple[float, float]] = {}
            if ids:
                for r in c.execute(
                    self._seats_query()
                    .where(db.seats.c.table_id.in_(ids))
                    .order_by(db.seats.c.table_id, db.seats.c.seat)
                ):
                    seats[r.table_id].append(
                        {
                            "seat": r.seat,
                            "name": r.name,
                            "player_id": r.player_id,
                            "bot": r.bot,
                            "guest": bool(r.guest),
                            "place": r.place,
                            "score": r.score,
                            "mine": r.player_id == player_id,
                        }
                    )
                for h in c.execute(
                    sa.select(db.rating_history).where(
                        db.rating_history.c.table_id.in_(ids), ~db.rating_history.c.who.like("seat:%")
                    )
                ):
                    moved[(h.table_id, h.who)] = (h.mu_before - 3 * h.sigma_before, h.mu - 3 * h.sigma)
        from wuerfel.server import ratings as rt

        out = []
        for r in rows:
            for s in seats[r.id]:
                key = (
                    rt.bot_identity(s["bot"])
                    if s["bot"]
                    else (rt.player_identity(s["player_id"]) if s["player_id"] is not None else "")
                )
                if (r.id, key) in moved:
                    s["rating_before"], s["rating_after"] = moved[(r.id, key)]
            out.append(
                ArchiveGame(r.id, r.game, r.rules_id, _aware(r.finished_at), bool(r.rated), r.ended_by, seats[r.id])
            )
        return out, int(total)

    def archive_choices(self, player_id: int) -> list[tuple[str, str]]:
        """The (game, rule set) pairs of the player's finished games: what the archive's filter offers."""
        mine = sa.select(db.seats.c.table_id).where(db.seats.c.player_id == player_id)
        with self.engine.connect() as c:
            rows = c.execute(
                sa.select(db.game_tables.c.game, db.game_tables.c.rules_id)
                .distinct()
                .where(db.game_tables.c.status == "finished", db.game_tables.c.id.in_(mine))
            ).all()
        return sorted((r.game, r.rules_id) for r in rows)

    def find_player_by_name(self, name: str) -> Player | None:
        """The registered player with this name (case-insensitive): a profile's address names him."""
        found = self.find_registered(name)
        return found[0] if found else None

    def player_results(self, player_id: int) -> list[dict[str, Any]]:
        """Every result of the player's seats in finished games (oldest first): game, rule set, place, score,
        whether it was rated and when. Profiles compute their statistics from these (games, wins, mean score,
        the score distribution). A person holding several seats (hot-seat) has one result per seat."""
        with self.engine.connect() as c:
            rows = c.execute(
                sa.select(
                    db.game_tables.c.id,
                    db.game_tables.c.game,
                    db.game_tables.c.rules_id,
                    db.game_tables.c.finished_at,
                    db.game_tables.c.rated,
                    db.game_tables.c.private,
                    db.game_tables.c.scorekeeper,
                    db.game_tables.c.num_seats,
                    db.seats.c.seat,
                    db.seats.c.place,
                    db.seats.c.score,
                )
                .select_from(db.game_tables.join(db.seats, db.seats.c.table_id == db.game_tables.c.id))
                .where(db.seats.c.player_id == player_id, db.game_tables.c.status == "finished")
                .order_by(db.game_tables.c.finished_at, db.game_tables.c.id, db.seats.c.seat)
            ).all()
        return [
            {
                "table_id": r.id,
                "game": r.game,
                "rules_id": r.rules_id,
                "finished_at": _aware(r.finished_at),
                "rated": bool(r.rated),
                "public": not (r.private or r.scorekeeper),
                "seats": r.num_seats,
                "seat": r.seat,
                "place": r.place,
                "score": r.score,
            }
            for r in rows
        ]

    def ratings_of(self, who: str) -> dict[str, tuple[float, float, int]]:
        """Game → (mu, sigma, rated games) of one identity."""
        with self.engine.connect() as c:
            return {
                r.game: (r.mu, r.sigma, r.games)
                for r in c.execute(sa.select(db.ratings).where(db.ratings.c.who == who))
            }

    def rating_history(self, who: str, game: str | None = None) -> list[dict[str, Any]]:
        """The identity's rating after each of its rated games, oldest first (per game: ``game``)."""
        q = sa.select(db.rating_history).where(db.rating_history.c.who == who)
        if game:
            q = q.where(db.rating_history.c.game == game)
        with self.engine.connect() as c:
            rows = c.execute(q.order_by(db.rating_history.c.at, db.rating_history.c.id)).all()
        return [
            {
                "table_id": r.table_id,
                "game": r.game,
                "at": _aware(r.at),
                "mu": r.mu,
                "sigma": r.sigma,
                "before": r.mu_before - 3 * r.sigma_before,
                "ordinal": r.mu - 3 * r.sigma,
            }
            for r in rows
        ]

    def leaderboard(self, game: str, limit: int = 100) -> list[dict[str, Any]]:
        """The rated players and bots of one game, best ``ordinal`` (``mu - 3 sigma``) first, with the players'
        names; and, apart, nothing of the seats (see :meth:`seat_advantages`)."""
        order = (db.ratings.c.mu - 3 * db.ratings.c.sigma).desc()
        with self.engine.connect() as c:
            rows = c.execute(
                sa.select(db.ratings, db.players.c.name)
                .select_from(db.ratings.outerjoin(db.players, db.players.c.id == db.ratings.c.player_id))
                .where(db.ratings.c.game == game, ~db.ratings.c.who.like("seat:%"))
                .order_by(order, db.ratings.c.who)
                .limit(limit)
            ).all()
        return [
            {
                "who": r.who,
                "name": r.name,
                "bot": r.who.split(":", 1)[1] if r.who.startswith("bot:") else None,
                "mu": r.mu,
                "sigma": r.sigma,
                "ordinal": r.mu - 3 * r.sigma,
                "games": r.games,
            }
            for r in rows
        ]

    def seat_advantages(self, game: str) -> list[dict[str, Any]]:
        """The learned advantage of each seat (table size, seat, mu, sigma, games) of one game."""
        with self.engine.connect() as c:
            rows = c.execute(
                sa.select(db.ratings).where(db.ratings.c.game == game, db.ratings.c.who.like("seat:%"))
            ).all()
        out = []
        for r in rows:
            _, n, k = r.who.split(":")
            out.append({"seats": int(n), "seat": int(k), "mu": r.mu, "sigma": r.sigma, "games": r.games})
        return sorted(out, key=lambda x: (x["seats"], x["seat"]))

    def rated_games(self) -> list[str]:
        """The games that have ratings (the leaderboards' index)."""
        with self.engine.connect() as c:
            return sorted(r.game for r in c.execute(sa.select(db.ratings.c.game).distinct()))

    # --- the event log ----------------------------------------------------------------------------------------
    _INSERT_EVENTS = sa.insert(db.events)

    def append(
        self,
        rows: Sequence[EventRow],
        statuses: Sequence[tuple[str, str]] = (),
        conn: sa.Connection | None = None,
        deadlines: Sequence[Deadline] = (),
        results: Sequence[GameResult] = (),
    ) -> None:
        """Append events (and status changes, and the new deadlines of timed tables, and the results of the games
        that end here) in one transaction; a duplicate (table, seq) fails the whole batch.

        ``results``: a game's end — its seats' places and scores, and at a rated table the ratings' update
        (:meth:`_finish`): the last move, the status ``finished`` and the new ratings are one commit, so a crash
        never leaves a finished game unrated or a rating moved by a game that is not over.

        ``conn``: a connection the caller keeps open (the loop writer does, to skip the pool on the hot path).
        A move and the deadline of the move it leads to are committed together: a restart never finds a position
        with the deadline of another.
        """
        if conn is None:
            with self.engine.connect() as c:
                self.append(rows, statuses, c, deadlines, results)
            return
        with conn.begin():
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
WAL_LIMIT = 32 * 1024 * 1024
"""A SQLite WAL larger than this is checkpointed and truncated by the writer before its next batch."""
CHECKPOINT_EVERY = 1.0
"""Seconds between the writer's routine checkpoints while it is writing."""


class BatchWriter:
    """One writer thread doing group commits of event rows.

    :meth:`submit` returns a future that completes when the rows are committed (or fails with the database error,
    in which case none of the batch's rows were written and the callers keep their old state). Batches that fail
    as a whole are retried one submission at a time, so one bad submission never sinks its neighbours.

    The thread keeps one connection for its whole life. On SQLite it is also the only one that checkpoints: between
    batches, every :data:`CHECKPOINT_EVERY` seconds or when the WAL passed ``wal_limit``, it copies the WAL into the
    database and truncates it. A checkpoint run by anybody else can be starved by a steady stream of commits (the
    WAL then grows without bound, measured at 27 GB/hour); the writer cannot starve itself, so the WAL stays bounded
    however fast moves arrive, and the commits waiting meanwhile simply form the next, larger batch.
    """

    def __init__(self, store: Store, wal_limit: int | None = None) -> None:
        self.store = store
        self.wal_limit = WAL_LIMIT if wal_limit is None else wal_limit
        self._q: queue.SimpleQueue[
            tuple[list[EventRow], list[tuple[str, str]], Future[None], list[Deadline], list[GameResult]] | None
        ] = queue.SimpleQueue()
        self._sqlite = store.engine.dialect.name == "sqlite"
        self._wal = _wal_path(store.engine) if self._sqlite else None
        self._conn: sa.Connection | None = None
        self._last_checkpoint = time.monotonic()
        self.commits = 0
        self.checkpoints = 0
        self.failing: str | None = None
        """The error of the last commit when it failed (None once a commit succeeds again): ``/healthz`` says it."""
        self._thread = threading.Thread(target=self._run, name="wuerfel-writer", daemon=True)
        self._thread.start()

    def submit(
        self,
        rows: Sequence[EventRow],
        statuses: Sequence[tuple[str, str]] = (),
        deadlines: Sequence[Deadline] = (),
        results: Sequence[GameResult] = (),
    ) -> Future[None]:
        fut: Future[None] = Future()
        self._q.put((list(rows), list(statuses), fut, list(deadlines), list(results)))
        return fut

    def close(self) -> None:
        self._q.put(None)
        self._thread.join(timeout=10)

    def _run(self) -> None:
        try:
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
                if self._sqlite:
                    self._maybe_checkpoint()
                if stop:
                    return
        finally:
            if self._conn is not None:
                with contextlib.suppress(Exception):
                    self._conn.close()

    def _connection(self) -> sa.Connection:
        if self._conn is None:
            self._conn = self.store.engine.connect()
            if self._sqlite:
                # This thread checkpoints on its own schedule (above); an automatic checkpoint inside a commit would
                # only be a PASSIVE one that a busy server can starve.
                self._conn.exec_driver_sql("PRAGMA wal_autocheckpoint=0")
                self._conn.commit()
        return self._conn

    def _drop_connection(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.close()
            self._conn = None

    def _commit(
        self, batch: list[tuple[list[EventRow], list[tuple[str, str]], Future[None], list[Deadline], list[GameResult]]]
    ) -> None:
        rows = [r for b in batch for r in b[0]]
        statuses = [s for b in batch for s in b[1]]
        deadlines = [d for b in batch for d in b[3]]
        results = [g for b in batch for g in b[4]]
        try:
            self.store.append(rows, statuses, self._connection(), deadlines, results)
            self.commits += 1
            self.failing = None
        except Exception as exc:
            # A failed connection is not reused (SQLite after "disk full", a PostgreSQL restart): the next batch
            # starts on a fresh one.
            self._drop_connection()
            if len(batch) == 1:
                if not isinstance(exc, IntegrityError):
                    self.failing = str(exc).splitlines()[0][:300] if str(exc) else type(exc).__name__
                _complete(batch[0][2], exc)
                return
            for b in batch:
                self._commit([b])
            return
        for b in batch:
            _complete(b[2], None)

    def _maybe_checkpoint(self) -> None:
        big = self._wal is not None and _size(self._wal) > self.wal_limit
        if not big and time.monotonic() - self._last_checkpoint < CHECKPOINT_EVERY:
            return
        self._last_checkpoint = time.monotonic()
        try:
            c = self._connection()
            c.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
            c.commit()
            self.checkpoints += 1
        except Exception:
            # A reader that keeps a snapshot open past the busy timeout: the next turn tries again.
            log.warning("WAL checkpoint failed", exc_info=True)
            self._drop_connection()


def _wal_path(engine: Engine) -> str | None:
    path = engine.url.database
    return f"{path}-wal" if path and path != ":memory:" else None


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


class ThreadWriter:
    """The :class:`BatchWriter` behind an awaitable interface for the event loop.

    Every commit runs on the writer thread, on SQLite too: a commit that waits for a lock (another process holding
    the database, a checkpoint) or for a slow disk must stall only the moves waiting for it, never the event loop
    and with it every request of the server.
    """

    def __init__(self, store: Store, wal_limit: int | None = None) -> None:
        self._writer = BatchWriter(store, wal_limit)

    @property
    def commits(self) -> int:
        return self._writer.commits

    @property
    def failing(self) -> str | None:
        return self._writer.failing

    def write(
        self,
        rows: Sequence[EventRow],
        statuses: Sequence[tuple[str, str]] = (),
        deadlines: Sequence[Deadline] = (),
        results: Sequence[GameResult] = (),
    ) -> Any:
        """A future that completes when the rows are committed (fails with the database error otherwise)."""
        import asyncio

        return asyncio.wrap_future(self._writer.submit(rows, statuses, deadlines, results))

    def close(self) -> None:
        self._writer.close()


def make_writer(store: Store) -> ThreadWriter:
    """Call from the event loop."""
    return ThreadWriter(store)


def _complete(fut: Future[None], exc: BaseException | None) -> None:
    if exc is None:
        fut.set_result(None)
    else:
        fut.set_exception(exc)
