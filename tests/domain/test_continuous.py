"""Which type-changing effects a card definition may say (613.1d, 205.3m, 305.7)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.domain.continuous import AddSubtypes, SetLandTypes
from app.domain.filters import Selector

YOURS = Selector(controller="you", types=["creature"])
ENCHANTED = Selector(relation="attached")


def test_a_type_chosen_as_it_entered_belongs_to_a_permanent() -> None:
    assert AddSubtypes(to=YOURS, chosen_as_it_entered="creature_type").subtypes == []
    with pytest.raises(ValidationError, match="works_from must be 'battlefield'"):
        AddSubtypes(to=YOURS, chosen_as_it_entered="creature_type", works_from="effect")
    with pytest.raises(ValidationError, match="not both"):
        AddSubtypes(
            to=YOURS, chosen_as_it_entered="basic_land_type", chosen_type=True, works_from="effect"
        )
    with pytest.raises(ValidationError, match="a chosen type"):
        AddSubtypes(to=YOURS)


def test_a_basic_land_type_chosen_as_it_entered_may_set_land_types() -> None:
    # 305.7: "enchanted land is the chosen type" names no type of its own.
    veil = SetLandTypes(to=ENCHANTED, chosen_as_it_entered="basic_land_type")
    assert veil.subtypes == []
    with pytest.raises(ValidationError, match="works_from must be 'battlefield'"):
        SetLandTypes(to=ENCHANTED, chosen_as_it_entered="basic_land_type", works_from="effect")
    with pytest.raises(ValidationError, match="not both"):
        SetLandTypes(
            to=ENCHANTED,
            chosen_as_it_entered="basic_land_type",
            chosen_type=True,
            works_from="effect",
        )
    with pytest.raises(ValidationError):
        SetLandTypes(to=ENCHANTED, chosen_as_it_entered="creature_type")  # type: ignore[arg-type]
    # Left out of the dump at its default, so the cards that don't say it keep their digests.
    island = SetLandTypes(to=ENCHANTED, subtypes=["Island"])
    assert "chosen_as_it_entered" not in island.model_dump()
    assert veil.model_dump()["chosen_as_it_entered"] == "basic_land_type"
