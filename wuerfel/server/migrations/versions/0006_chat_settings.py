"""Who may write in a table's chat: a table setting chosen at creation (spectators may write, default no), and the
spectators the host muted, stored so that a restart keeps them muted.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("spectator_chat", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "chat_mutes",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("chat_mutes")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("spectator_chat")
