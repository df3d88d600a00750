"""Rated tables and the ratings of players, bots and seats (issue 16).

``game_tables.rated``: chosen at creation; a rated table has only registered players (and bots), no hints, and
its end updates the ratings in the same transaction that writes the status ``finished``. Tables that existed
before are unrated.

``seats.place`` and ``seats.score``: the seat's result, written with the status ``finished`` (place 1 = best, tied
seats share a place; the score in the game's own measure, None where the game ended by a resignation or forfeit,
whose scores rank nobody): the archive and the profiles read them without replaying any game. Games finished
before have none (the archive still lists them; the statistics skip them).

``ratings``: the current Weng-Lin rating (openskill's Plackett-Luce model: ``mu``, ``sigma``) of one identity in one
game. ``who`` names the identity: ``player:<id>`` (a registered player), ``bot:<kind>`` (one identity per bot kind
and game: every "optimal" bot shares one rating), ``seat:<seats>:<k>`` (the virtual partner of whoever sits in seat
k of a table of that many seats: the advantage of the seat order, learned per game). ``player_id`` repeats the
player of a ``player:`` identity for joins; ``games`` counts the rated games.

``rating_history``: one row per identity and rated game, the rating before and after, so a profile draws its
rating's history and a game's page can show what it moved.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("place", sa.Integer, nullable=True))
        batch.add_column(sa.Column("score", sa.Float, nullable=True))
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("who", sa.String(80), primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False, server_default="0"),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ratings_player", "ratings", ["player_id"])
    op.create_table(
        "rating_history",
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
    )
    op.create_index("ix_rating_history_who", "rating_history", ["game", "who"])
    op.create_index("ix_rating_history_table", "rating_history", ["table_id"])
    op.create_index("ix_rating_history_player", "rating_history", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_rating_history_player", "rating_history")
    op.drop_index("ix_rating_history_table", "rating_history")
    op.drop_index("ix_rating_history_who", "rating_history")
    op.drop_table("rating_history")
    op.drop_index("ix_ratings_player", "ratings")
    op.drop_table("ratings")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("score")
        batch.drop_column("place")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("rated")
