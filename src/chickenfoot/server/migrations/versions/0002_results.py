"""A finished table's totals and winners, for the list of finished matches.

Revision ID: 0002
Revises: 0001
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("totals", sa.Text, nullable=True))
        batch.add_column(sa.Column("winners", sa.Text, nullable=True))
    tables = sa.table(
        "tables",
        sa.column("id", sa.String),
        sa.column("record", sa.Text),
        sa.column("totals", sa.Text),
        sa.column("winners", sa.Text),
    )
    connection = op.get_bind()
    finished = connection.execute(
        sa.select(tables.c.id, tables.c.record).where(tables.c.record.is_not(None))
    )
    for table_id, record in finished.all():
        result = json.loads(record)
        connection.execute(
            tables.update()
            .where(tables.c.id == table_id)
            .values(totals=json.dumps(result["totals"]), winners=json.dumps(result["winners"]))
        )


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("winners")
        batch.drop_column("totals")
