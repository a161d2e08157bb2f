"""Cards for the free-cast, reveal-until and mulligan tests, by name.

Every `app/catalog/cards/*.json` file present is loaded (a JSON list of cards). Basic lands and
Serum Powder live in files another part of the project owns; until those exist, small inline
definitions stand in for them so these tests don't depend on them.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from app.domain.card import Card

CARDS_DIR = Path(__file__).resolve().parents[2] / "app" / "catalog" / "cards"
SPELLS_FILE = CARDS_DIR / "spells.json"

_STAND_INS: list[dict[str, object]] = [
    {"name": name, "supertypes": ["Basic"], "types": ["land"], "subtypes": [name]}
    for name in ("Plains", "Island", "Swamp", "Mountain", "Forest")
]
_STAND_INS.append({"name": "Serum Powder", "mana_cost": "{3}", "types": ["artifact"]})


def _load_file(path: Path) -> list[Card]:
    data = json.loads(path.read_text(encoding="utf-8"))
    items = data.get("cards", []) if isinstance(data, dict) else data
    return [Card.model_validate(item) for item in items]


@cache
def catalog() -> dict[str, Card]:
    """Every card by casefolded full name and by casefolded face name."""
    found: dict[str, Card] = {}
    for path in sorted(CARDS_DIR.glob("*.json")):
        for card in _load_file(path):
            found.setdefault(card.name.casefold(), card)
    for raw in _STAND_INS:
        stand_in = Card.model_validate(raw)
        found.setdefault(stand_in.name.casefold(), stand_in)
    for card in list(found.values()):
        for face in card.faces:
            found.setdefault(face.name.casefold(), card)
    return found


def card(name: str) -> Card:
    return catalog()[name.casefold()]


def cards(*names: str) -> list[Card]:
    return [card(n) for n in names]


def spells_file_cards() -> list[Card]:
    return _load_file(SPELLS_FILE)
