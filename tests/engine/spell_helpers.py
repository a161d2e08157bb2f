"""Cards for the free-cast, reveal-until and mulligan tests, by name (the fixture catalog,
fixture_catalog.py)."""

from __future__ import annotations

from app.domain.card import Card
from tests.engine.fixture_catalog import card

__all__ = ["card", "cards"]


def cards(*names: str) -> list[Card]:
    return [card(n) for n in names]
