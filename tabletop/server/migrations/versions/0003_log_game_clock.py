"""Each logged action keeps the game's own clock when it was taken (real-time games), so a table
rebuilt after a restart closes its timed windows exactly as they closed in play.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("log") as batch:
        batch.add_column(sa.Column("clock", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("log") as batch:
        batch.drop_column("clock")
