"""Invites: each person's seat is taken with a one-time invite (only its hash is kept, and
whether it has been used), which gives the browser that opens it a token of its own; the
creator proves who it is with a key of its own (its hash on the table).

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("invite_hash", sa.String(64), nullable=True))
        batch.add_column(
            sa.Column("invite_used", sa.Boolean, nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("key_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("key_hash")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("invite_used")
        batch.drop_column("invite_hash")
