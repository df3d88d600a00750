"""Alembic environment: run on the connection the server hands over (or on ``sqlalchemy.url`` from the command line)."""

from __future__ import annotations

import os

import sqlalchemy as sa
from alembic import context

from wuerfel.server.db import metadata, normalize_url

config = context.config
connection = config.attributes.get("connection")
if connection is None:
    # From the command line: the database named by WUERFEL_DB (as for `wuerfel serve --db`), else the default file.
    engine = sa.create_engine(normalize_url(os.environ.get("WUERFEL_DB") or config.get_main_option("sqlalchemy.url")))
    with engine.begin() as conn:
        context.configure(connection=conn, target_metadata=metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
