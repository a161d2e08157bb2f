"""An adventurer card's colors, as stored for serving, are its creature part's alone.

`cards.data` holds each card as `GET /v1/cards/{name}` serves it, derived fields filled in.
Its `colors` joined both parts' colors for an adventurer card, where off the stack the card has
only its creature part's characteristics (715.4). This rewrites those rows with the colors the
model now derives (`Card.card_colors`). Digests, and so ruling ids, are unchanged: a card's
digest is of its own data, never of what is derived for serving. Downgrading leaves the
corrected colors in place: older code serves what is stored and never reads them back.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

from app.domain.card import Card

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    cards = sa.table(
        "cards",
        sa.column("name", sa.String()),
        sa.column("data", sa.JSON().with_variant(JSONB(), "postgresql")),
    )
    conn = op.get_bind()
    rows = conn.execute(
        sa.select(cards.c.name, cards.c.data).where(
            cards.c.data["layout"].as_string() == "adventure"
        )
    ).all()
    for name, data in rows:
        colors = Card.model_validate(data).card_colors
        if data.get("colors") != colors:
            fixed = {**data, "colors": colors}
            conn.execute(cards.update().where(cards.c.name == name).values(data=fixed))


def downgrade() -> None:
    pass  # see the module's docstring: nothing to undo
