"""The store's reads for the archive, the profiles and the ratings (issue 16): queries over finished games that
change nothing. A mixin of :class:`~wuerfel.server.store.Store`, apart because they share nothing with the log, the
seats and the sessions but the connection.
"""

from __future__ import annotations

from typing import Any, Protocol

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from wuerfel.server import db
from wuerfel.server.rows import ArchiveGame, Player, _aware

FINISHED_GAME = (
    db.game_tables.c.id,
    db.game_tables.c.game,
    db.game_tables.c.rules_id,
    db.game_tables.c.finished_at,
    db.game_tables.c.rated,
)
"""The columns every read of a finished game starts with (the archive's list, a player's results): one tuple, so the
two queries cannot drift apart."""


def seats_query() -> sa.Select[Any]:
    """Seats with whether a guest sits there (a player without a password)."""
    guest = sa.and_(db.seats.c.player_id.is_not(None), db.players.c.password_hash.is_(None))
    return sa.select(db.seats, guest.label("guest")).select_from(
        db.seats.outerjoin(db.players, db.players.c.id == db.seats.c.player_id)
    )


class _FindsRegistered(Protocol):
    """What the profile's lookup needs of the store: the accounts' lookup
    (:meth:`~wuerfel.server.store_accounts.Accounts.find_registered`)."""

    def find_registered(self, name: str) -> tuple[Player, str] | None: ...


class ArchiveReads:
    engine: Engine

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
                sa.select(*FINISHED_GAME, db.game_tables.c.ended_by)
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
                    seats_query().where(db.seats.c.table_id.in_(ids)).order_by(db.seats.c.table_id, db.seats.c.seat)
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

    def find_player_by_name(self: _FindsRegistered, name: str) -> Player | None:
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
                    *FINISHED_GAME,
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

    def overall_leaderboard(self, limit: int = 50) -> list[dict[str, Any]]:
        """People across every game (web M5: only per-game boards, most of them empty): the most rated games first,
        then the best rating in any one game, with that game. A rating belongs to one game, so no sum of ratings is
        made up; bots and seats are left out (a bot is no one to find or to challenge)."""
        r = db.ratings.c
        ordinal = r.mu - 3 * r.sigma
        total = sa.func.sum(r.games)
        with self.engine.connect() as c:
            rows = c.execute(
                sa.select(
                    r.who,
                    db.players.c.name,
                    total.label("total"),
                    sa.func.count().label("kinds"),
                    sa.func.max(ordinal).label("best"),
                )
                .select_from(db.ratings.join(db.players, db.players.c.id == r.player_id))
                .where(r.who.like("player:%"))
                .group_by(r.who, db.players.c.name)
                .order_by(total.desc(), sa.func.max(ordinal).desc(), r.who)
                .limit(limit)
            ).all()
            best: dict[str, tuple[str, float]] = {}
            if rows:
                for x in c.execute(
                    sa.select(r.who, r.game, ordinal.label("o")).where(r.who.in_([row.who for row in rows]))
                ):
                    if x.who not in best or x.o > best[x.who][1]:
                        best[x.who] = (x.game, x.o)
        return [
            {
                "who": x.who,
                "name": x.name,
                "games": int(x.total),
                "kinds": int(x.kinds),
                "best": float(x.best),
                "best_game": best[x.who][0],
            }
            for x in rows
        ]

    def rated_games(self) -> list[str]:
        """The games that have ratings (the leaderboards' index)."""
        with self.engine.connect() as c:
            return sorted(r.game for r in c.execute(sa.select(db.ratings.c.game).distinct()))
