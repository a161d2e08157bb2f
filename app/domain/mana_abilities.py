"""Mana abilities (605): an activation cost and what the ability produces.

Productions are a discriminated union on `kind`; app/engine/production.py is the one place
that says what each kind makes.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

from app.domain.base import ManaString, ManaTypeCode, Strict, Word, check_mana_string
from app.domain.costs import ManaAbilityCost
from app.domain.filters import Selector
from app.domain.quantities import CountOf


class FixedMana(Strict):
    kind: Literal["fixed"] = "fixed"
    mana: ManaString  # "{C}{C}", "{R}{W}"

    _check = field_validator("mana")(
        classmethod(lambda cls, v: check_mana_string(v, produced=True))
    )


class ChoiceOfMana(Strict):
    """One of several fixed amounts (Tundra's {W} or {U}; Llanowar Wastes' {B} or {G})."""

    kind: Literal["choice"] = "choice"
    options: list[ManaString] = Field(min_length=1, max_length=12)

    @field_validator("options")
    @classmethod
    def _check(cls, v: list[str]) -> list[str]:
        for option in v:
            check_mana_string(option, produced=True)
        return v


class AnyColor(Strict):
    kind: Literal["any_color"] = "any_color"
    amount: int = Field(1, ge=0, le=100)


class AnyType(Strict):
    kind: Literal["any_type"] = "any_type"
    amount: int = Field(1, ge=0, le=100)


class PerCount(Strict):
    """N mana of one type, N = how many permanents match (Gaea's Cradle)."""

    kind: Literal["per_count"] = "per_count"
    mana_type: ManaTypeCode
    count: Selector

    @property
    def quantity(self) -> CountOf:
        return CountOf(of=self.count)


class ColorOfPermanent(Strict):
    """One mana of a color of a matching permanent (Meteor Crater)."""

    kind: Literal["color_of_permanent"] = "color_of_permanent"
    among: Selector
    amount: int = Field(1, ge=0, le=100)


class CouldProduce(Strict):
    """One mana of any type (or color) that a matching permanent could produce (106.7)."""

    kind: Literal["could_produce"] = "could_produce"
    among: Selector
    of: Literal["type", "color"]
    amount: int = Field(1, ge=0, le=100)


Production = Annotated[
    FixedMana | ChoiceOfMana | AnyColor | AnyType | PerCount | ColorOfPermanent | CouldProduce,
    Field(discriminator="kind"),
]


class AmountIfCounter(Strict):
    """The ability's own 'instead' (614.15): `amount` of the chosen mana with such a counter."""

    kind: Literal["amount_if_counter"] = "amount_if_counter"
    counter: Word
    amount: int = Field(ge=0, le=100)


class ManaAbility(Strict):
    """An activated mana ability (605.1a)."""

    kind: Literal["mana_ability"] = "mana_ability"
    cost: ManaAbilityCost = Field(default_factory=ManaAbilityCost)
    produces: Production
    instead: AmountIfCounter | None = None
    side_effect: Annotated[str, Field(max_length=200)] | None = None  # "deals 1 damage to you"
