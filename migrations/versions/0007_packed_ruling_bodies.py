"""Large ruling bodies are stored packed (an LZ4 frame) in a new `packed` column.

A 10,000-permanent ruling is 2.4 MB of JSON text, so repetitive that an LZ4 frame of it is
about 170 kB, made in about 1 ms. Written as text, SQLite spent 4.3-9.7 ms of CPU inserting and
committing it and 2.7-3.6 ms copying it back from the WAL, against 2.2-2.5 ms (the packing
included) and 0.65-0.7 ms packed (app/db/packing.py; PostgreSQL ran its own compression over
the text instead). From this revision a body longer than app/db/packing.PACK_ABOVE bytes goes
into `packed`, a smaller one into `body` as before; a row has exactly one of them (a check
constraint), and every read hands out the same JSON bytes (app/db/repositories.py). Rows
stored before stay as they are: both kinds are read alike.

PostgreSQL keeps `packed` uncompressed out of line (STORAGE EXTERNAL): its own compression
would only spend CPU on bytes LZ4 has packed already.

Downgrading unpacks every packed body back into `body` and drops the column. On SQLite the
table is rebuilt (batch mode) both ways: a one-time copy, as long as the store is large.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from app.db.packing import unpack

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

_ONE_BODY = "(body IS NULL) <> (packed IS NULL)"


def upgrade() -> None:
    with op.batch_alter_table("rulings") as batch:
        batch.add_column(sa.Column("packed", sa.LargeBinary(), nullable=True))
        batch.alter_column("body", existing_type=sa.Text(), nullable=True)
        batch.create_check_constraint("ck_rulings_one_body", _ONE_BODY)
    if op.get_bind().dialect.name == "postgresql":
        op.execute("ALTER TABLE rulings ALTER COLUMN packed SET STORAGE EXTERNAL")


def downgrade() -> None:
    bind = op.get_bind()
    rulings = sa.table(
        "rulings",
        sa.column("seq", sa.BigInteger()),
        sa.column("body", sa.Text()),
        sa.column("packed", sa.LargeBinary()),
    )
    packed_rows = bind.execute(
        sa.select(rulings.c.seq).where(rulings.c.packed.is_not(None))
    ).scalars()
    # One row at a time: each body is unpacked and written back before the next is read.
    for seq in list(packed_rows):
        frame = bind.execute(sa.select(rulings.c.packed).where(rulings.c.seq == seq)).scalar_one()
        bind.execute(
            rulings.update()
            .where(rulings.c.seq == seq)
            .values(body=unpack(frame).decode(), packed=None)
        )
    with op.batch_alter_table("rulings") as batch:
        batch.drop_constraint("ck_rulings_one_body", type_="check")
        batch.drop_column("packed")
        batch.alter_column("body", existing_type=sa.Text(), nullable=False)
