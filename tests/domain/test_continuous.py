"""Which type-changing effects a card definition may say (613.1d, 205.3m, 305.7)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.domain.continuous import AddSubtypes
from app.domain.filters import Selector

YOURS = Selector(controller="you", types=["creature"])


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
