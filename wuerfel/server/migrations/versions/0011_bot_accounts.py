"""Bot accounts and their tokens (issue 27 §4, "bring your own bot").

``players.bot_owner_id``: set on a bot account, the registered player it belongs to (one bot per player); None for
people. A bot account is a row of its own, so its games, seats and chat lines are its own and never a person's.

``players.bot_token_hash``: SHA-256 of the bot's current token (the token itself is shown once to its owner and
never stored); None when the owner revoked it. A token is 32 random bytes, so a fast hash is enough: nobody can
guess it, unlike a password.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("bot_owner_id", sa.Integer, nullable=True))
        batch.add_column(sa.Column("bot_token_hash", sa.String(64), nullable=True))
        batch.create_foreign_key("fk_players_bot_owner", "players", ["bot_owner_id"], ["id"], ondelete="CASCADE")
    op.create_index("ix_players_bot_owner", "players", ["bot_owner_id"], unique=True)
    op.create_index("ix_players_bot_token", "players", ["bot_token_hash"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_players_bot_token", "players")
    op.drop_index("ix_players_bot_owner", "players")
    with op.batch_alter_table("players") as batch:
        batch.drop_constraint("fk_players_bot_owner", type_="foreignkey")
        batch.drop_column("bot_token_hash")
        batch.drop_column("bot_owner_id")
