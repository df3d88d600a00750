"""The store's event log: appending a table's events in one transaction with what a move changes beside them (the
status, the deadline, a game's result and the ratings it moves), under a cluster worker's lease fences, and loading a
table's log back with its provably-fair-dice data. A mixin of :class:`~wuerfel.server.store.Store`; the batched
writer (:mod:`~wuerfel.server.writer`) calls :meth:`EventLog.append`.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from wuerfel.engine.record import Event
from wuerfel.server import db
from wuerfel.server.rows import Deadline, EventRow, Fence, Fenced, GameResult, log, now
from wuerfel.server.store_reads import seats_query


class EventLog:
    engine: Engine
    _sqlite: bool

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

    # The fence check runs once per commit batch of a cluster worker: built once, not per call. Measured on the
    # local PostgreSQL (one event per append, CPU of the writer's process): building and compiling the SELECT each
    # time cost ≈ 400 µs on top of an unfenced append, the statement built once ≈ 220 µs, the locking query as driver
    # SQL ≈ 175 µs — what is left is the round trip. The database still decides: the lease rows are locked and their
    # epochs compared inside the writing transaction.
    _FENCES = (
        sa.select(db.table_leases.c.table_id, db.table_leases.c.epoch)
        .where(db.table_leases.c.table_id.in_(sa.bindparam("ids", expanding=True)))
        .order_by(db.table_leases.c.table_id)
    )
    _FENCES_LOCKED = "SELECT table_id, epoch FROM table_leases WHERE table_id = ANY(%s) ORDER BY table_id FOR UPDATE"
    """PostgreSQL's (the only one that locks: SQLite checks after its writes, under its one write lock)."""

    @classmethod
    def _verify_fences(cls, c: sa.Connection, fences: Sequence[Fence], lock: bool) -> None:
        if lock:
            held = dict(c.exec_driver_sql(cls._FENCES_LOCKED, (sorted(dict(fences)),)).all())
        else:
            held = {r.table_id: r.epoch for r in c.execute(cls._FENCES, {"ids": sorted(dict(fences))})}
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

    @staticmethod
    def _set_deadline(c: sa.Connection, table_id: str, at: dt.datetime | None, seq: int | None) -> None:
        c.execute(
            sa.update(db.game_tables).where(db.game_tables.c.id == table_id).values(deadline_at=at, deadline_seq=seq)
        )

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
            seats_query().where(db.seats.c.table_id == result.table_id).order_by(db.seats.c.seat)
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


def fences_of(table_id: str, epoch: int | None) -> list[Fence]:
    """The fences of one table's write: its owner's lease ``epoch``, or none (None: an unfenced write)."""
    return [] if epoch is None else [(table_id, epoch)]
