"""Mana abilities (605): an activation cost and what the ability produces.

Productions are a discriminated union on `kind`; app/engine/production.py is the one place
that says what each kind makes.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from app.domain.base import (
    ColorCode,
    ManaString,
    ManaTypeCode,
    Strict,
    Word,
    check_mana_string,
)
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


def _all_colors() -> list[ColorCode]:
    return ["W", "U", "B", "R", "G"]


class AnyCombination(Strict):
    """`amount` mana in any combination of `colors` ("two mana in any combination of colors")."""

    kind: Literal["combination"] = "combination"
    amount: int = Field(1, ge=0, le=10)
    colors: list[ColorCode] = Field(default_factory=_all_colors, min_length=1, max_length=5)


class ChosenColor(Strict):
    """`amount` mana of the color chosen for the source as it entered (its `chosen_color`)."""

    kind: Literal["chosen_color"] = "chosen_color"
    amount: int = Field(1, ge=0, le=100)


class PerCounter(Strict):
    """One mana of `mana_type` for each `counter` counter on the source ("equal to the number
    of charge counters on it")."""

    kind: Literal["per_counter"] = "per_counter"
    mana_type: ManaTypeCode
    counter: Word


class OneColorPerCount(Strict):
    """N mana of any one color, N = how many permanents match `count`, or how many `counter`
    counters are on the source ("X mana of any one color, where X is the number of...")."""

    kind: Literal["one_color_per_count"] = "one_color_per_count"
    count: Selector | None = None
    counter: Word | None = None

    @model_validator(mode="after")
    def _one_count(self) -> OneColorPerCount:
        if (self.count is None) == (self.counter is None):
            raise ValueError("give exactly one of 'count' and 'counter'")
        return self


class ChoiceOrChosenColor(Strict):
    """One of `options`, or one mana of the source's chosen color ("{C} or one mana of the
    chosen color")."""

    kind: Literal["choice_or_chosen_color"] = "choice_or_chosen_color"
    options: list[ManaString] = Field(min_length=1, max_length=12)

    @field_validator("options")
    @classmethod
    def _check(cls, v: list[str]) -> list[str]:
        for option in v:
            check_mana_string(option, produced=True)
        return v


Production = Annotated[
    FixedMana
    | ChoiceOfMana
    | AnyColor
    | AnyType
    | PerCount
    | ColorOfPermanent
    | CouldProduce
    | AnyCombination
    | ChosenColor
    | PerCounter
    | OneColorPerCount
    | ChoiceOrChosenColor,
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
