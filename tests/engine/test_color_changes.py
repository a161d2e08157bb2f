"""A resolved effect that makes a permanent a color (105.2, layer 5, 613.1e): "target creature
becomes blue until end of turn" is an entry of the state's effects whose target is those colors
only; a color chosen as it resolves is reported. Invented cards, templated sentences."""

from __future__ import annotations

from typing import Any

import pytest

from app.catalog.compile import compile_face
from app.domain.continuous import SetColors
from app.domain.filters import Selector
from app.domain.state import GameState
from app.engine.could_produce import could_produce
from tests.engine.mana_helpers import resolve
from tests.engine.test_type_effects import _card, _perm

TINTER = _card(
    "Tidepool Tinter", "{U}: Target creature becomes blue until end of turn.", ["Creature"]
)
BLEACH = _card("Bleached Idol", "{2}: ~ becomes colorless until end of turn.", ["Artifact"])
BEAR = {"name": "Plain Bear", "types": ["creature"], "colors": ["G"], "mana_cost": "{1}{G}"}


@pytest.mark.parametrize(
    ("text", "types", "colors"),
    [
        ("{U}: Target creature becomes blue until end of turn.", ["Creature"], ["U"]),
        ("Target spell or permanent becomes white and black.", ["Instant"], ["W", "B"]),
        ("{2}: ~ becomes colorless until end of turn.", ["Artifact"], []),
    ],
)
def test_a_named_color_change_compiles_on_the_entrys_target(
    text: str, types: list[str], colors: list[str]
) -> None:
    compiled = compile_face("Hue Shifter", text, types=types)
    assert compiled.support == "full", compiled.unsupported_text
    assert compiled.abilities == [
        SetColors(to=Selector(relation="attached"), colors=colors, works_from="effect")
    ]


@pytest.mark.parametrize(
    "text",
    [
        # A color chosen as it resolves: no entry says which.
        "{T}: Target creature becomes the color of your choice until end of turn.",
        # With another change beside it, not read.
        "Target creature becomes red and gains haste until end of turn.",
    ],
)
def test_a_color_change_not_read_is_reported(text: str) -> None:
    assert compile_face("Hue Shifter", text, types=["Creature"]).unsupported_text == [text]


def test_a_spells_own_color_is_no_permanents() -> None:
    compiled = compile_face(
        "Hue Shifter", "{T}: Target spell becomes colorless.", types=["Artifact"]
    )
    assert compiled.support == "full" and compiled.abilities == []


def test_having_another_objects_abilities_is_reported() -> None:
    text = "~ has all activated abilities of all creature cards exiled with it."
    assert compile_face("Hue Shifter", text, types=["Creature"]).unsupported_text == [text]


def _crater_board(*effects: dict[str, Any]) -> Any:
    crater = {"id": "crater", "card": "Meteor Crater", "controller": "alice"}
    state = {
        "turn": 3,
        "active_player": "alice",
        "battlefield": [crater, _perm("bear", BEAR)],
        "effects": list(effects),
    }
    return resolve(GameState.model_validate(state))


def test_meteor_crater_reads_the_color_an_entry_gives() -> None:
    # Meteor Crater: a color of a permanent you control. The green Bear made blue is blue only.
    def crater(*effects: dict[str, Any]) -> list[str]:
        answer = could_produce(_crater_board(*effects), "crater").answer_data
        types: list[str] = answer["permanents"][0]["types"]
        return types

    assert crater() == ["G"]
    blue = {"id": "fx", "definition": TINTER, "controller": "alice", "target": "bear"}
    assert crater(blue) == ["U"]
    pale = {"id": "fx", "definition": BLEACH, "controller": "alice", "target": "bear"}
    assert crater(pale) == []
