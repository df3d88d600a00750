"""Database schema, connection setup and migrations.

The schema is SQLAlchemy Core (no ORM): the hot path appends event rows and nothing else, and Core keeps that a plain
``INSERT`` without identity-map bookkeeping. Alembic migrations (``wuerfel/server/migrations``) create and evolve it;
the server applies them at start, so a fresh data directory and an old one both end up at ``head``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

metadata = sa.MetaData()

players = sa.Table(
    "players",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(32), nullable=False),
    sa.Column("login_name", sa.String(32), nullable=True, unique=True),
    sa.Column("password_hash", sa.Text, nullable=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("name_skeleton", sa.String(64), nullable=True),
    sa.Column("bot_owner_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=True),
    sa.Column("bot_token_hash", sa.String(64), nullable=True),
    sa.Index("ix_players_name_skeleton", "name_skeleton", unique=True),
    sa.Index("ix_players_bot_owner", "bot_owner_id", unique=True),
    sa.Index("ix_players_bot_token", "bot_token_hash", unique=True),
)
"""``name_skeleton``: the look-alike key of a registered player's name (:func:`wuerfel.server.textcheck.skeleton`,
migration 0010), unique, so no second account can pass for him; None for guests. ``bot_owner_id`` /
``bot_token_hash`` (migration 0011): a bot account's owner and the SHA-256 of its token (``wuerfel.server.bots``)."""

sessions = sa.Table(
    "sessions",
    metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
)

game_tables = sa.Table(
    "game_tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("rules_id", sa.String(200), nullable=False),
    sa.Column("rules", sa.Text, nullable=False),
    sa.Column("num_seats", sa.Integer, nullable=False),
    sa.Column("scorekeeper", sa.Boolean, nullable=False, default=False),
    sa.Column("private", sa.Boolean, nullable=False, default=False),
    sa.Column("host_id", sa.Integer, sa.ForeignKey("players.id"), nullable=True),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("resigned", sa.Integer, nullable=True),
    sa.Column("rematch", sa.String(32), nullable=True),
    sa.Column("active_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("spectator_chat", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.true()),
    sa.Column("clock", sa.String(8), nullable=False, server_default="none"),
    sa.Column("move_seconds", sa.Integer, nullable=True),
    sa.Column("on_expiry", sa.String(8), nullable=False, server_default="bot"),
    sa.Column("deadline_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("deadline_seq", sa.Integer, nullable=True),
    sa.Column("ended_by", sa.String(16), nullable=True),
    sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Index("ix_game_tables_status", "status"),
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=True),
    sa.Column("bot", sa.String(64), nullable=True),
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("standin", sa.String(64), nullable=True),
    sa.Column("place", sa.Integer, nullable=True),
    sa.Column("score", sa.Float, nullable=True),
)

events = sa.Table(
    "events",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("type", sa.String(8), nullable=False),
    sa.Column("player", sa.Integer, nullable=True),
    sa.Column("data", sa.Text, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

chat_messages = sa.Table(
    "chat_messages",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("author", sa.String(64), nullable=False),
    sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=True),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("text", sa.Text, nullable=False),
)
"""Chat at a table (protocol 4): ``seq`` counts the table's messages from 1; ``seat`` is the writer's seat, None
for a spectator."""

chat_mutes = sa.Table(
    "chat_mutes",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
)
"""Spectators the host muted at a table: they read along but may not write in its chat."""

ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column("game", sa.String(64), primary_key=True),
    sa.Column("who", sa.String(80), primary_key=True),
    sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False, server_default="0"),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_ratings_player", "player_id"),
)
"""The current Weng-Lin rating of one identity in one game (``who``: ``player:<id>``, ``bot:<kind>`` or
``seat:<seats>:<k>``, the seat order's advantage; see migration 0009)."""

rating_history = sa.Table(
    "rating_history",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), nullable=False),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("who", sa.String(80), nullable=False),
    sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=True),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("mu_before", sa.Float, nullable=False),
    sa.Column("sigma_before", sa.Float, nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_rating_history_who", "game", "who"),
    sa.Index("ix_rating_history_table", "table_id"),
    sa.Index("ix_rating_history_player", "player_id"),
)
"""One row per identity and rated game: the rating before and after (a profile's rating history)."""

table_leases = sa.Table(
    "table_leases",
    metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("owner", sa.String(64), nullable=False),
    sa.Column("epoch", sa.Integer, nullable=False),
    sa.Column("expires_at", sa.Float, nullable=False),
)
"""Which worker runs a table (issue 25 §2, :class:`wuerfel.server.cluster.leases.SqlLeases`, migration 0012):
``epoch`` rises by one whenever the table changes hands, and every write of the owner is checked against it in its
own transaction (:meth:`wuerfel.server.store.Store.append`'s ``fences``). ``expires_at`` is Unix time on the
*database's* clock, so workers whose clocks disagree still agree on who holds a lease. No foreign key: a lease row
is written on the hot path of a failover and outlives nothing but itself."""

BUSY_TIMEOUT = 5.0
"""Seconds a SQLite statement waits for a lock held by somebody else before it fails."""
JOURNAL_SIZE_LIMIT = 64 * 1024 * 1024
"""Bytes of WAL file SQLite keeps after a checkpoint reset it (the rest is truncated away)."""

MIGRATIONS_DIR = Path(__file__).parent / "migrations"


def default_sqlite_url() -> str:
    """A database file in the user's data directory (created on first use)."""
    import platformdirs

    data = Path(platformdirs.user_data_dir("wuerfel"))
    data.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{data / 'wuerfel.db'}"


def normalize_url(url: str | None) -> str:
    """Accept the URLs people type: ``postgresql://`` means psycopg 3, a bare path means a SQLite file."""
    if not url:
        return default_sqlite_url()
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser().resolve()}"
    return url


def make_engine(url: str | None, synchronous: str = "NORMAL") -> Engine:
    """An engine with the settings the server relies on.

    SQLite: WAL (readers never block the writer), ``synchronous=NORMAL`` (a committed transaction survives a killed
    process; only a power cut can lose the last commits), a busy timeout instead of instant "database is locked".
    The busy timeout is short (:data:`BUSY_TIMEOUT`): a database locked from outside fails a commit within seconds,
    the failure is reported and retried (bots, clocks) instead of a request hanging half a minute; and
    ``journal_size_limit`` makes SQLite shrink a WAL that a checkpoint emptied, so its file stays bounded too.
    """
    url = normalize_url(url)
    kwargs: dict[str, Any] = {}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": BUSY_TIMEOUT}
        path = url.split("///", 1)[1] if "///" in url else ""
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
    else:
        kwargs["pool_size"] = 8
        kwargs["max_overflow"] = 8
        kwargs["pool_pre_ping"] = True
    engine = sa.create_engine(url, **kwargs)
    if url.startswith("sqlite"):

        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _rec: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA synchronous={synchronous}")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT * 1000)}")
            cur.execute(f"PRAGMA journal_size_limit={JOURNAL_SIZE_LIMIT}")
            cur.close()

    return engine


def migrate(engine: Engine) -> None:
    """Apply every Alembic migration up to ``head`` on this engine's database."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            # Several workers started at once on one database (``serve --workers 3``, a deploy) all migrate at
            # start: without a lock two of them created Alembic's table at the same moment and one worker died
            # ("duplicate key … alembic_version"). The lock is the transaction's: it ends with the migration.
            conn.exec_driver_sql("SELECT pg_advisory_xact_lock(7461083)")
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
