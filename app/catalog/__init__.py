"""The built-in card catalog: JSON files in `cards/`, one list of cards per group."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from app.domain.card import Card

CARDS_DIR = Path(__file__).with_name("cards")


class Catalog:
    """Cards by name. A card is found by its full name (faces joined by ' // ') or by any one
    face's name, case-insensitively (API.md "Reads")."""

    def __init__(self, cards: list[Card]) -> None:
        self._cards: dict[str, Card] = {}
        self._index: dict[str, Card] = {}
        for card in cards:
            key = card.name.casefold()
            if key in self._cards:
                raise ValueError(f"duplicate card in catalog: {card.name}")
            self._cards[key] = card
        for card in cards:
            self._index[card.name.casefold()] = card
            for face in card.faces:
                self._index.setdefault(face.name.casefold(), card)

    def get(self, name: str) -> Card | None:
        return self._index.get(name.strip().casefold())

    def __iter__(self) -> Iterator[Card]:
        return iter(sorted(self._cards.values(), key=lambda c: c.name))

    def __len__(self) -> int:
        return len(self._cards)


def _files() -> list[Path]:
    return sorted(CARDS_DIR.glob("*.json"))


@lru_cache
def load_catalog() -> Catalog:
    cards: list[Card] = []
    for path in _files():
        for raw in json.loads(path.read_text(encoding="utf-8")):
            cards.append(Card.model_validate(raw))
    return Catalog(cards)


@lru_cache
def catalog_digest() -> str:
    """A digest of the card data: part of the engine version, so fixing a card's data gives
    its questions fresh rulings instead of serving stale ones."""
    h = hashlib.sha256()
    for path in _files():
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:12]
