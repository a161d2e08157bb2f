"""Permanents that animate themselves, from their activation's entry of the state's effects:
a land that becomes a creature is one for summoning sickness (302.6) and for every selector,
with the colors it says (105.2, 613.1e); one "with all creature types", like a changeling, is
every creature type (702.73a). Invented cards, compiled from templated sentences we wrote."""

from __future__ import annotations

from typing import Any

from app.engine.activate import activate
from tests.engine.test_attached_statics import ELF_TALLY, HUE_WELL
from tests.engine.test_type_effects import _board, _card, _effect, _perm, _types_of

HOLLOW = _card(
    "Shiftstone Hollow",
    "{T}: Add {C}.\n{1}: This land becomes a 2/2 creature with all creature types until end of "
    "turn. It's still a land.",
    ["Land"],
)
MIRE = _card(
    "Gloomwater Mire",
    "{T}: Add {U} or {B}.\n{2}{U}{B}: Until end of turn, this land becomes a 3/3 blue and black "
    "Serpent creature with menace. It's still a land.",
    ["Land"],
)
FOREST_COUNTER = _card("Grovecount Idol", "{T}: Add {G} for each Forest you control.", ["Artifact"])
SHAPESHIFTER = {
    **_card("Mimic Kin", "", ["Creature"], ["Shapeshifter"]),
    "keywords": ["Changeling"],
}
NEW: dict[str, Any] = {"controlled_since_turn_start": False}


def test_a_land_played_this_turn_and_animated_can_not_tap_for_mana() -> None:
    # 302.6: a creature now, and it came under its controller's control this turn.
    still = _board(_perm("hollow", HOLLOW, **NEW))
    assert activate(still, "hollow").answer_data["legal"] is True
    b = _board(_perm("hollow", HOLLOW, **NEW), effects=[_effect("fx", HOLLOW, "hollow")])
    answer = activate(b, "hollow").answer_data
    assert answer["legal"] is False
    assert answer["reasons"][0]["rules"] == ["302.6"]
    # Controlled since the turn began, it taps as before (still a land, its mana kept).
    old = _board(_perm("hollow", HOLLOW), effects=[_effect("fx", HOLLOW, "hollow")])
    assert activate(old, "hollow").answer_data["total"] == "{C}"


def test_a_land_with_all_creature_types_counts_as_an_elf_and_not_as_a_forest() -> None:
    # 702.73a: every creature type, and no land type it didn't have (205.3i).
    b = _board(
        _perm("hollow", HOLLOW),
        _perm("idol", ELF_TALLY),
        _perm("grove", FOREST_COUNTER),
        effects=[_effect("fx", HOLLOW, "hollow")],
    )
    assert activate(b, "idol").answer_data["total"] == "{G}"
    assert activate(b, "grove").answer_data["produced"] == ""
    unanimated = _board(_perm("hollow", HOLLOW), _perm("idol", ELF_TALLY))
    assert activate(unanimated, "idol").answer_data["produced"] == ""


def test_a_changeling_is_every_creature_type_but_no_land_type() -> None:
    # 702.73a: a characteristic-defining ability; "for each Elf" counts it, "for each
    # Forest" doesn't.
    b = _board(_perm("kin", SHAPESHIFTER), _perm("idol", ELF_TALLY), _perm("grove", FOREST_COUNTER))
    assert activate(b, "idol").answer_data["total"] == "{G}"
    assert activate(b, "grove").answer_data["produced"] == ""


def test_an_animated_land_has_the_colors_it_became() -> None:
    # 105.2, 613.1e: a land is colorless; animated, it is blue and black.
    plain = _board(_perm("mire", MIRE), _perm("well", HUE_WELL))
    assert _types_of(plain, "well") == []
    b = _board(_perm("mire", MIRE), _perm("well", HUE_WELL), effects=[_effect("fx", MIRE, "mire")])
    assert _types_of(b, "well") == ["U", "B"]
