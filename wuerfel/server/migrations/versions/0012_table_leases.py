"""Leases of running tables with an epoch (fencing token), for several workers on one database (issue 25 §2).

``table_leases``: one row per table that a worker of a cluster runs or ran; ``epoch`` rises with each change of
hands and fences the owner's writes in the same transaction; ``expires_at`` is Unix time on the database's clock.
The single process of the embedded default never writes here.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_leases",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("epoch", sa.Integer, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_leases")
