"""Chat: whether a table lets its people write free text, and the lines said at each table
(kept with the table, never in its record).

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("chat", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "chats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("phrase", sa.String(16), nullable=True),
        sa.Column("text", sa.String(800), nullable=True),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chats")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("chat")
