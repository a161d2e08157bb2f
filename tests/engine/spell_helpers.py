"""Cards for the free-cast, reveal-until and mulligan tests, by name (the service's catalog)."""

from __future__ import annotations

import json

from app.catalog import CARDS_DIR, load_catalog
from app.domain.card import Card

SPELLS_FILE = CARDS_DIR / "spells.json"

__all__ = ["CARDS_DIR", "card", "cards", "spells_file_cards"]


def card(name: str) -> Card:
    """By full name or any face's name, any case (as the API finds cards)."""
    found = load_catalog().get(name)
    assert found is not None, name
    return found


def cards(*names: str) -> list[Card]:
    return [card(n) for n in names]


def spells_file_cards() -> list[Card]:
    """Exactly the cards of the spells file (the docs/cards.md table it covers)."""
    return [Card.model_validate(item) for item in json.loads(SPELLS_FILE.read_text("utf-8"))]
