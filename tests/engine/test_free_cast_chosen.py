"""A board's cost change that names spells by what its permanent knows (201.3 a card name,
205.3m a creature type, 105.2 a color, 607.2a the cards it exiled), read from the state on a
free cast (601.2f). Invented cards compiled from templated sentences we wrote."""

from __future__ import annotations

from typing import Any

import pytest

from app.catalog.compile import compile_face
from app.domain.card import Card
from app.domain.costs import SpellCostChange
from app.domain.errors import QuestionError
from app.engine.board import BoardView
from app.engine.free_cast import BoardCosts
from tests.engine.fixture_catalog import card
from tests.engine.mana_helpers import board, cast_on


def _definition(name: str, text: str) -> dict[str, Any]:
    compiled = compile_face(name, text, types=["Artifact"], subtypes=[])
    assert compiled.support == "full", compiled.unsupported_text
    return {
        "name": name,
        "types": ["artifact"],
        "abilities": [a.model_dump(mode="json") for a in compiled.abilities],
    }


NAME_TOLL = _definition(
    "Name Toll",
    "As Name Toll enters, choose a card name.\nSpells your opponents cast with the chosen name "
    "cost {3} more to cast.",
)
KIN_TOLL = _definition(
    "Kin Toll",
    "As Kin Toll enters, choose a creature type.\nCreature spells of the chosen type cost {2} "
    "more to cast.",
)
GOBLIN = Card.model_validate(
    {"name": "Ember Scamp", "mana_cost": "{R}", "types": ["creature"], "subtypes": ["Goblin"]}
)


def _owed(spell: Card, *permanents: dict[str, Any]) -> tuple[str, list[str]]:
    verdict = cast_on(spell, BoardCosts(BoardView(board(*permanents)), "alice"))
    return verdict.answer_data["mana_to_pay"], [s.text for s in verdict.steps]


def test_the_compiler_leaves_the_choice_to_the_state() -> None:
    (change,) = NAME_TOLL["abilities"]
    assert SpellCostChange.model_validate(change).to_chosen_name is True
    lone = compile_face(
        "Kin Toll", "Creature spells of the chosen type cost {2} more to cast.", types=["Artifact"]
    )
    assert lone.support == "partial"  # no type is chosen for it: never guessed


def test_a_name_chosen_with_a_restriction_is_a_name_chosen() -> None:
    text = (
        "As Name Toll enters, choose a noncreature, nonartifact card name.\nSpells your "
        "opponents cast with the chosen name cost {3} more to cast."
    )
    assert compile_face("Name Toll", text, types=["Artifact"]).support == "full"


def test_a_tax_on_the_chosen_name_taxes_that_spell_only() -> None:
    toll = {
        "id": "nt",
        "controller": "bob",
        "definition": NAME_TOLL,
        "chosen_name": "Lightning Bolt",
    }
    owed, steps = _owed(card("Lightning Bolt"), toll)
    assert owed == "{3}"
    assert any("(named Lightning Bolt)" in t for t in steps)
    owed, steps = _owed(GOBLIN, toll)
    assert owed == "" and any("isn't one" in t for t in steps)


def test_a_tax_on_the_chosen_creature_type_reads_the_spells_subtypes() -> None:
    goblins = {"id": "kt", "controller": "bob", "definition": KIN_TOLL, "chosen_type": "Goblin"}
    assert _owed(GOBLIN, goblins)[0] == "{2}"
    elves = {"id": "kt", "controller": "bob", "definition": KIN_TOLL, "chosen_type": "Elf"}
    assert _owed(GOBLIN, elves)[0] == ""


def test_a_choice_the_state_doesnt_give_is_asked_for() -> None:
    with pytest.raises(QuestionError) as raised:
        _owed(GOBLIN, {"id": "kt", "controller": "bob", "definition": KIN_TOLL})
    assert raised.value.code == "chosen_type_required"
    # 205.3m: an artifact type is no creature type.
    with pytest.raises(QuestionError) as raised:
        _owed(GOBLIN, {"id": "kt", "controller": "bob", "definition": KIN_TOLL,
                       "chosen_type": "Equipment"})  # fmt: skip
    assert raised.value.code == "invalid_chosen_type"


def test_changes_that_chose_differently_are_told_apart() -> None:
    # A spell of two creature types: each toll applies, each says what it chose.
    both = Card.model_validate(
        {"name": "Ember Sprite", "types": ["creature"], "subtypes": ["Goblin", "Faerie"]}
    )
    goblins = {"id": "kg", "controller": "bob", "definition": KIN_TOLL, "chosen_type": "Goblin"}
    faeries = {"id": "kf", "controller": "bob", "definition": KIN_TOLL, "chosen_type": "Faerie"}
    owed, steps = _owed(both, goblins, faeries)
    assert owed == "{4}"
    said = [t for t in steps if t.startswith("Kin Toll")]
    assert len(said) == 2 and "Goblin" in said[0] and "Faerie" in said[1]
