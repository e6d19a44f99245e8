"""Alembic's entry point: the server passes its open connection in ``config.attributes``."""

from alembic import context

from tabletop.server.db import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
