"""Accounts: people who sign in with a name and a password, their sessions, the seats they
take, and tables that are rated. The ratings kept until now were of names anybody could
type; they are dropped (the computer players' are kept): from now on a person's rating is
an account's.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("key", sa.String(256), nullable=False, unique=True),
        sa.Column("password", sa.String(256), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("account", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("sessions_by_account", "sessions", ["account"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("account", sa.Integer, nullable=True))
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
    op.execute("DELETE FROM ratings WHERE name NOT LIKE 'bot:%'")


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rated")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("account")
    op.drop_table("sessions")
    op.drop_table("accounts")
