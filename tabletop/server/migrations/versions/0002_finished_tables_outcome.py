"""A finished table keeps its outcome and length, so the lobby lists it without replaying it.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("outcome", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("steps", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("steps")
        batch.drop_column("outcome")
