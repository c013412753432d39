"""The move clock: a table's seconds per move (none: no clock), and the actions the computer
played for a person (gone, or out of time).

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("clock", sa.Integer, nullable=True))
    with op.batch_alter_table("actions") as batch:
        batch.add_column(
            sa.Column("stand_in", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("stand_in")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("clock")
