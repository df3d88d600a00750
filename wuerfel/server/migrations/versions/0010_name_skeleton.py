"""Registered players store the look-alike key of their name (issue 24, security report L4).

``players.name_skeleton``: :func:`wuerfel.server.textcheck.skeleton` of a registered player's name (None for guests),
unique: "Аnna" with a Cyrillic "А" has the skeleton of "Anna", so a second account that passes for the first cannot
be registered, and a guest cannot take it either. Existing registered players get theirs here; where two of them
already share one, the older account keeps it and the newer gets none (both go on working; nobody new can join
them).

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from wuerfel.server.textcheck import skeleton

    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("name_skeleton", sa.String(64), nullable=True))
    players = sa.table(
        "players",
        sa.column("id", sa.Integer),
        sa.column("name", sa.String),
        sa.column("password_hash", sa.Text),
        sa.column("name_skeleton", sa.String),
    )
    conn = op.get_bind()
    seen: set[str] = set()
    for pid, name in conn.execute(
        sa.select(players.c.id, players.c.name).where(players.c.password_hash.is_not(None)).order_by(players.c.id)
    ).all():
        key = skeleton(name)
        if key not in seen:
            seen.add(key)
            conn.execute(sa.update(players).where(players.c.id == pid).values(name_skeleton=key))
    op.create_index("ix_players_name_skeleton", "players", ["name_skeleton"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_players_name_skeleton", "players")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("name_skeleton")
