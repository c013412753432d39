"""Rematches: the people who have accepted a rematch of a finished table, and the new table
once every person has (kept so that a restart loses neither).

Revision ID: 0012
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rematches",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("accepted", sa.String(64), nullable=False),
        sa.Column("rematch", sa.String(32), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("rematches")
