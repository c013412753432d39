"""Fencing numbers: the owner a table has had most recently, and the owner that wrote each
action, so that a server process that has lost a table cannot write to it any more.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("fence", sa.BigInteger, nullable=False, server_default="0"))
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("fence", sa.BigInteger, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("fence")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("fence")
