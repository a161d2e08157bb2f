"""The cards the engine tests play with: tests/engine/fixtures/cards.json, loaded into the
service's own Catalog type. The engine tests never read the bundled catalog
(app/catalog/cards/), so editing a product card can't change what an engine test asserts;
tests/api and tests/catalog test the bundled catalog itself."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from app.catalog import Catalog
from app.domain.card import Card

FIXTURE_CARDS = Path(__file__).with_name("fixtures") / "cards.json"


def fixture_definitions() -> list[dict[str, Any]]:
    """The fixture file's card definitions, as written."""
    data: list[dict[str, Any]] = json.loads(FIXTURE_CARDS.read_text(encoding="utf-8"))
    return data


@lru_cache
def fixture_catalog() -> Catalog:
    return Catalog([Card.model_validate(item) for item in fixture_definitions()])


def card(name: str) -> Card:
    """By full name or any face's name, any case (as the API finds cards)."""
    found = fixture_catalog().get(name)
    assert found is not None, f"{name} is not in {FIXTURE_CARDS.name}"
    return found
