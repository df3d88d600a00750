"""Time controls at a table (protocol 6): the clock chosen at creation and the stored deadline of the current move.

``clock`` is ``none``, ``live`` (a limit per move of seconds) or ``corr`` (correspondence: days per move);
``move_seconds`` the limit (None without a clock); ``on_expiry`` what happens when it runs out (``bot``: the
computer plays the seat until its player returns; ``forfeit``: the player loses). ``deadline_at`` and
``deadline_seq`` are the running move's deadline and the position (number of events) it belongs to: stored with the
move's events in one transaction, so a restarted server re-arms the same deadline instead of a timer lost with the
process. ``ended_by`` says why a game ended early (``resigned``, ``timeout``, ``abandoned``; None: played out).
``seats.standin`` names the bot playing a seat for its absent player ("Computer übernimmt"; None: the player
plays). Tables that existed before have no clock and were played out or resigned.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("clock", sa.String(8), nullable=False, server_default="none"))
        batch.add_column(sa.Column("move_seconds", sa.Integer, nullable=True))
        batch.add_column(sa.Column("on_expiry", sa.String(8), nullable=False, server_default="bot"))
        batch.add_column(sa.Column("deadline_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("deadline_seq", sa.Integer, nullable=True))
        batch.add_column(sa.Column("ended_by", sa.String(16), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("standin", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("standin")
    with op.batch_alter_table("game_tables") as batch:
        for col in ("ended_by", "deadline_seq", "deadline_at", "on_expiry", "move_seconds", "clock"):
            batch.drop_column(col)
