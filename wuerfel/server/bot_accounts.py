"""Bot accounts and bot tokens (issue 27 §4, "bring your own bot").

A registered player may own one bot account. It is a player row of its own, named after him with " (BOT)" added
("Anna (BOT)"), so every page that shows a name — lobby, seats, chat, archive, profile — marks it as a bot without
knowing about bots, and its games are never his. It logs in with a token only: ``Authorization: Bearer wbt_…`` on
HTTP requests and on the websocket handshake. The token is shown to its owner once; the database keeps only its
SHA-256 (``players.bot_token_hash``, migration 0011), and revoking it clears that hash, so a revoked or wrong token
finds nobody.

The account's password hash holds :data:`NO_PASSWORD`, which no password verifies against: that makes it a
registered account for every rule that tells people apart from guests (it is never marked "(Gast)", nobody can take
its name as a guest) while nobody can log in to it with a password.

Ratings: a bot account never plays at a rated table (the server refuses it with ``rated_bot``), so it is never
rated against people; bots rate each other with ``wuerfel ladder`` (docs/bots.md).
"""

from __future__ import annotations

import hashlib
import secrets

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from wuerfel.server import db
from wuerfel.server.rows import Player, now
from wuerfel.server.store import Store
from wuerfel.server.textcheck import skeleton

BOT_SUFFIX = " (BOT)"
"""Added to the owner's name; the same in both languages (Lichess's BOT marking)."""
TOKEN_PREFIX = "wbt_"
"""Every bot token starts with it, so a leaked one is recognised in logs and by secret scanners."""
NO_PASSWORD = "!bot-account"
"""A bot account's password hash: not an argon2 hash, so no password ever verifies against it."""
MAX_TOKEN = 200


def is_bot_name(name: str) -> bool:
    """Whether a name ends with the bot mark (people may not take such a name, so the mark cannot be faked)."""
    return " ".join(name.split()).casefold().endswith(BOT_SUFFIX.strip().casefold())


def bot_name(owner: str, owner_id: int, attempt: int = 0) -> str:
    """The bot account's name: the owner's, shortened so the whole fits the 32 characters of a name; a later try
    (another owner's bot already took that name: two long names alike in their first 26 characters) adds the
    owner's id."""
    if attempt:
        tag = f"-{owner_id}"
        return owner[: 32 - len(BOT_SUFFIX) - len(tag)].rstrip() + tag + BOT_SUFFIX
    return owner[: 32 - len(BOT_SUFFIX)].rstrip() + BOT_SUFFIX


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def bot_of(store: Store, owner_id: int) -> tuple[Player, bool] | None:
    """The owner's bot account and whether it has a token now (None: he has no bot yet)."""
    with store.engine.connect() as c:
        row = c.execute(
            sa.select(db.players.c.id, db.players.c.name, db.players.c.bot_token_hash).where(
                db.players.c.bot_owner_id == owner_id
            )
        ).first()
    return (Player(row.id, row.name, True, True), row.bot_token_hash is not None) if row else None


def owner_of(store: Store, bot_id: int) -> Player | None:
    """The registered player a bot account belongs to (None for a person's account): its profile names him, so
    whoever meets the bot knows whose program it is."""
    owner = sa.alias(db.players)
    with store.engine.connect() as c:
        row = c.execute(
            sa.select(owner.c.id, owner.c.name)
            .join(db.players, db.players.c.bot_owner_id == owner.c.id)
            .where(db.players.c.id == bot_id)
        ).first()
    return Player(row.id, row.name, True) if row else None


def new_token(store: Store, owner: Player) -> tuple[Player, str]:
    """A fresh token for the owner's bot (its account is made on the first call); an earlier token stops working.

    Returns the bot account and the token, which exists nowhere else afterwards."""
    if not owner.registered or owner.bot:
        raise ValueError("only a registered person owns a bot")
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    digest = token_hash(token)
    for attempt in range(3):
        with store.engine.begin() as c:
            row = c.execute(
                sa.select(db.players.c.id, db.players.c.name).where(db.players.c.bot_owner_id == owner.id)
            ).first()
            if row is not None:
                c.execute(sa.update(db.players).where(db.players.c.id == row.id).values(bot_token_hash=digest))
                return Player(row.id, row.name, True, True), token
        name = bot_name(owner.name, owner.id, attempt)
        try:
            with store.engine.begin() as c:
                key = c.execute(
                    sa.insert(db.players).values(
                        name=name,
                        login_name=name.casefold(),
                        password_hash=NO_PASSWORD,
                        created_at=now(),
                        name_skeleton=skeleton(name),
                        bot_owner_id=owner.id,
                        bot_token_hash=digest,
                    )
                ).inserted_primary_key
            assert key is not None
            return Player(int(key[0]), name, True, True), token
        except IntegrityError:
            # the name is another owner's bot's (the next try adds the owner's id), or a second request of this
            # owner made his bot meanwhile (the next try finds it and gives it this token)
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def revoke(store: Store, owner_id: int) -> bool:
    """Revoke the owner's bot token (the account and its games stay); False when there was none."""
    with store.engine.begin() as c:
        done = c.execute(
            sa.update(db.players)
            .where(db.players.c.bot_owner_id == owner_id, db.players.c.bot_token_hash.is_not(None))
            .values(bot_token_hash=None)
        ).rowcount
    return bool(done)


def player_for_token(store: Store, token: str) -> Player | None:
    """The bot account a token opens, or None (malformed, wrong or revoked)."""
    if not token.startswith(TOKEN_PREFIX) or len(token) > MAX_TOKEN:
        return None
    with store.engine.connect() as c:
        row = c.execute(
            sa.select(db.players.c.id, db.players.c.name).where(
                db.players.c.bot_token_hash == token_hash(token), db.players.c.bot_owner_id.is_not(None)
            )
        ).first()
    return Player(row.id, row.name, True, True) if row else None


def bearer(headers: object) -> str | None:
    """The token of an ``Authorization: Bearer …`` header (None without one)."""
    value = getattr(headers, "get", lambda _k: None)("authorization")
    if not isinstance(value, str):
        return None
    scheme, _, token = value.strip().partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None
