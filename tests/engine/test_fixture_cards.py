"""The engine tests' own cards (tests/engine/fixtures/cards.json) are valid card definitions,
each name once, and no engine test reads the bundled catalog."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from app.domain.card import Card
from tests.engine.fixture_catalog import fixture_catalog, fixture_definitions


def test_every_fixture_definition_validates_as_a_card() -> None:
    definitions = fixture_definitions()
    assert definitions
    for item in definitions:
        try:
            Card.model_validate(item)
        except ValidationError as exc:
            pytest.fail(f"{item.get('name')!r} is not a valid card: {exc}")
    names = [str(item["name"]).casefold() for item in definitions]
    assert len(names) == len(set(names))
    assert len(fixture_catalog()) == len(definitions)


def test_no_engine_test_reads_the_bundled_catalog() -> None:
    # A catalog edit must not change an engine test: they build their cards from the fixtures.
    here = Path(__file__).parent
    readers = [
        path.name
        for path in sorted(here.glob("*.py"))
        if path != Path(__file__)
        and ("load_catalog" in path.read_text() or "CARDS_DIR" in path.read_text())
    ]
    assert readers == []
