"""A basic land type chosen as a permanent entered that *sets* land types (305.7): an Aura's
"enchanted land is the chosen type" and a land's own "~ is the chosen type", read from the
permanent's `chosen_type` (205.3m's field, here a basic land type). Invented cards given inline:
the engine alone (tests/compile has the sentences, tests/api both through HTTP)."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.errors import QuestionError
from app.domain.state import Board
from app.engine.activate import activate
from app.engine.could_produce import could_produce
from app.rulings.checks import check_step
from tests.engine.mana_helpers import board


def _chosen(to: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "set_land_types", "to": to, "chosen_as_it_entered": "basic_land_type"}


# An Aura: its enchanted land is the basic land type chosen as it entered.
VEIL = {
    "name": "Mistcloak Veil",
    "types": ["enchantment"],
    "subtypes": ["Aura"],
    "abilities": [_chosen({"relation": "attached"})],
}
# A land with a printed {T}: Add {C} that is the basic land type chosen as it entered.
THRESHOLD = {
    "name": "Wayfarer's Threshold",
    "types": ["land"],
    "abilities": [
        {
            "kind": "mana_ability",
            "cost": {"tap": True},
            "produces": {"kind": "fixed", "mana": "{C}"},
        },
        _chosen({"where": {"kind": "not", "filter": {"kind": "other"}}}),  # "~": itself
    ],
}
# Nonbasic lands are Mountains (a Blood Moon-like set effect, 305.7).
SKY = {
    "name": "Scarlet Dusk",
    "types": ["enchantment"],
    "abilities": [
        {
            "kind": "set_land_types",
            "to": {"types": ["land"], "nonbasic": True},
            "subtypes": ["Mountain"],
        }
    ],
}


def defined(pid: str, card: dict[str, Any], **kw: Any) -> dict[str, Any]:
    return {"id": pid, "definition": card, "controller": "alice", **kw}


def basic(pid: str, subtype: str) -> dict[str, Any]:
    card = {"name": f"Plain {subtype}", "supertypes": ["Basic"], "types": ["land"]}
    return {"id": pid, "definition": {**card, "subtypes": [subtype]}, "controller": "alice"}


def dual(pid: str = "dual") -> dict[str, Any]:
    # A nonbasic land with two basic land types (their intrinsic abilities, 305.6).
    card = {"name": "Reedmarsh Flats", "types": ["land"], "subtypes": ["Plains", "Island"]}
    return {"id": pid, "definition": card, "controller": "alice"}


def types(b: Board) -> dict[str, list[str]]:
    verdict = could_produce(b, None)
    ids = [p["id"] for p in b.state.battlefield]
    for step in verdict.steps:
        check_step(step, ids)
    return {p["id"]: p["types"] for p in verdict.answer_data["permanents"]}


def test_an_aura_makes_the_enchanted_land_the_chosen_type() -> None:
    # 305.7: the Forest loses its type and its {G}, and is an Island: {U} only (305.6). The
    # other Forest keeps its own.
    veil = defined("veil", VEIL, attached_to="forest", chosen_type="Island")
    b = board(basic("forest", "Forest"), veil, basic("other", "Forest"))
    assert types(b) == {"forest": ["U"], "veil": [], "other": ["G"]}
    verdict = activate(b, "forest")
    assert verdict.answer_data["total"] == "{U}"
    # The ruling says which type was set: the one the Aura chose as it entered.
    layer = next(s for s in could_produce(b, None).steps if "613.1d" in s.rules)
    assert (
        "Mistcloak Veil (veil): the permanent it is attached to is Island, the basic land type "
        "chosen as Mistcloak Veil (veil) entered: it loses its other land types"
    ) in layer.text
    assert "305.7" in layer.rules


def test_a_land_that_is_the_chosen_type_loses_its_own_mana_ability() -> None:
    # 305.7: its land type is set to Swamp, so it has {T}: Add {B} (305.6) and loses the
    # abilities of its rules text, its printed {T}: Add {C} among them. The effect keeps
    # applying although its own ability is gone (613.6): it started applying in layer 4.
    b = board(defined("door", THRESHOLD, chosen_type="swamp"))
    assert types(b) == {"door": ["B"]}
    assert activate(b, "door").answer_data["total"] == "{B}"
    steps = could_produce(b, None).steps
    assert any("it is Swamp, the basic land type chosen as it entered" in s.text for s in steps)


def test_timestamps_decide_between_the_aura_and_a_set_effect() -> None:
    # 613.7: both set the dual's land types and neither removes the other's ability (the Aura
    # is no land) nor changes what it applies to, so the later one wins.
    for sky_ts, veil_ts, expected in ((1, 2, ["B"]), (2, 1, ["R"])):
        veil = defined("veil", VEIL, attached_to="dual", chosen_type="Swamp", timestamp=veil_ts)
        b = board(dual(), veil, defined("sky", SKY, timestamp=sky_ts))
        assert types(b)["dual"] == expected, (sky_ts, veil_ts)


def test_a_set_effect_removes_the_lands_own_choice_whatever_the_timestamps() -> None:
    # 613.8a: Scarlet Dusk would take away the ability of the (nonbasic) land that makes it
    # the chosen type, so the land's effect depends on it and applies after it: by then its
    # ability is gone (305.7), so the land is a Mountain only, whatever the timestamps.
    for sky_ts, door_ts in ((1, 2), (2, 1)):
        door = defined("door", THRESHOLD, chosen_type="Island", timestamp=door_ts)
        b = board(door, defined("sky", SKY, timestamp=sky_ts))
        assert types(b)["door"] == ["R"], (sky_ts, door_ts)
        assert "613.8" in could_produce(b, None).citations
    # No answer reads the choice then: the ruling doesn't ask for it, and says so.
    b = board(defined("door", THRESHOLD), defined("sky", SKY))
    assert types(b)["door"] == ["R"]
    steps = could_produce(b, None).steps
    assert any(
        "Wayfarer's Threshold (door) would make it the type chosen as it entered, but an "
        "earlier type change took that ability away from it" in s.text
        for s in steps
    )


@pytest.mark.parametrize(
    ("extra", "code"),
    [({}, "chosen_type_required"), ({"chosen_type": "Elf"}, "invalid_chosen_type")],
)
def test_the_chosen_basic_land_type_must_be_given(extra: dict[str, str], code: str) -> None:
    # 305.7 needs the type the permanent chose: 422 naming its `chosen_type`.
    aura_board = board(
        basic("forest", "Forest"), defined("veil", VEIL, attached_to="forest", **extra)
    )
    land_board = board(defined("door", THRESHOLD, **extra))
    for b, at in ((aura_board, 1), (land_board, 0)):
        with pytest.raises(QuestionError) as e:
            could_produce(b, None)
        assert (e.value.loc, e.value.code) == (("state", "battlefield", at, "chosen_type"), code)
