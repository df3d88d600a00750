"""The store's accounts: players (guests and registered ones), their passwords and their sessions. A mixin of
:class:`~wuerfel.server.store.Store`, apart because an account shares nothing with the tables and their log but the
connection.
"""

from __future__ import annotations

import datetime as dt
import secrets

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from wuerfel.server import db
from wuerfel.server.rows import SESSION_DAYS, NameTaken, Player, _aware, hash_token, now
from wuerfel.server.textcheck import skeleton


class Accounts:
    engine: Engine

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
