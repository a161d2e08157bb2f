"""The compiler against the hand-written catalog: for each bundled card with mana or casting
abilities, a templated text we wrote (fixtures/catalog_texts.json, not any card's Oracle text)
compiles to the same abilities and costs as its hand-written entry."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.catalog import load_catalog
from app.catalog.compile import compile_face
from app.domain.card import CardFace, EtbTrigger, Unsupported

FIXTURE = json.loads(
    Path(__file__).with_name("fixtures").joinpath("catalog_texts.json").read_text(encoding="utf-8")
)
FACES: list[dict[str, Any]] = FIXTURE["faces"]
NOT_EQUIVALENT: dict[str, str] = FIXTURE["not_equivalent"]


def _sorted(items: list[Any]) -> list[str]:
    # A summary is prose in our words, different by design; everything else must be equal.
    return sorted(
        json.dumps({k: v for k, v in i.items() if k != "summary"}, sort_keys=True) for i in items
    )


def _face(entry: dict[str, Any]) -> CardFace:
    card = load_catalog().get(entry["card"])
    assert card is not None, entry["card"]
    face = card.face_named(entry["face"]) if entry["face"] else card.front
    assert face is not None
    return face


def _costs(costs: list[Any]) -> list[tuple[str, str | None, bool]]:
    return sorted((c.name, c.mana, getattr(c, "optional", True)) for c in costs)


@pytest.mark.parametrize("entry", FACES, ids=[e["face"] or e["card"] for e in FACES])
def test_templated_text_compiles_to_the_hand_written_entry(entry: dict[str, Any]) -> None:
    face = _face(entry)
    compiled = compile_face(
        face.name,
        entry["text"],
        types=entry["types"],
        subtypes=entry["subtypes"],
        mana_cost=entry["mana_cost"],
    )
    # The hand-written entry's `unsupported` abilities are the compiler's not-understood
    # sentences; an etb_trigger that doesn't use X is read by no question (107.3m).
    hand_written = [
        a
        for a in face.abilities
        if not isinstance(a, Unsupported) and not (isinstance(a, EtbTrigger) and not a.uses_x)
    ]
    assert _sorted([a.model_dump(mode="json") for a in compiled.abilities]) == _sorted(
        [a.model_dump(mode="json") for a in hand_written]
    )
    unsupported = [a.text for a in face.abilities if isinstance(a, Unsupported)]
    # Nothing the hand-written entry keeps as unsupported is lost by the compiler: each is a
    # sentence of the face, reported (not understood) or about nothing the engine asks; and
    # whatever the compiler reports, the hand-written entry reports too.
    recorded = {r.text for r in compiled.sentences if r.status != "compiled"}
    assert set(unsupported) <= recorded
    assert set(compiled.unsupported_text) <= set(unsupported)
    assert _costs(compiled.alternative_costs) == _costs(face.alternative_costs)
    assert _costs(compiled.additional_costs) == _costs(face.additional_costs)
    assert compiled.cost_changes == face.cost_changes


def test_every_bundled_card_with_abilities_or_costs_has_a_fixture() -> None:
    covered = {(e["card"], e["face"]) for e in FACES}
    for card in load_catalog():
        for face in card.card_faces:
            if not (
                face.abilities
                or face.alternative_costs
                or face.additional_costs
                or face.cost_changes
            ):
                continue
            if card.name in NOT_EQUIVALENT:
                continue
            key = (card.name, None if face.name == card.name or not card.faces else face.name)
            if card.faces and face is card.front and (card.name, None) in covered:
                key = (card.name, None)
            assert key in covered, f"no templated text for {face.name} ({card.name})"
