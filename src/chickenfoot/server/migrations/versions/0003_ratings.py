"""Every player's rating and statistics, updated as each match ends.

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
    op.create_table(
        "ratings",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("matches", sa.Integer, nullable=False),
        sa.Column("wins", sa.Float, nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("points", sa.Integer, nullable=False),
        sa.Column("outs", sa.Integer, nullable=False),
        sa.Column("double_blanks", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("ratings")
