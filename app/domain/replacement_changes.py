"""What a mana replacement effect does to the production event (616.1)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

from app.domain.base import ColorCode, ManaString, ManaTypeCode, Strict, check_mana_string


class ChangeType(Strict):
    """All the mana becomes one type, amount kept (Pale Moon, Deep Water)."""

    kind: Literal["change_type"] = "change_type"
    """Always `change_type`: each mana becomes one type, amount kept"""
    to: ManaTypeCode
    """The type the mana becomes (W U B R G C)"""


class ChangeTypeAndAmount(Strict):
    """The whole event becomes this mana (Contamination, Damping Sphere)."""

    kind: Literal["change_type_and_amount"] = "change_type_and_amount"
    """Always `change_type_and_amount`: the whole event makes this mana instead"""
    mana: ManaString
    """The mana the event makes instead, like `{B}` or `{C}`"""

    _check = field_validator("mana")(
        classmethod(lambda cls, v: check_mana_string(v, produced=True))
    )


class Multiply(Strict):
    """Each mana becomes `factor` of it (Mana Reflection 2, Nyxbloom Ancient 3)."""

    kind: Literal["multiply"] = "multiply"
    """Always `multiply`: each mana is made that many times"""
    factor: int = Field(ge=0, le=10)
    """How many of each mana the event makes instead, like 2 or 3"""


class ChangeColor(Strict):
    """Each colored mana becomes one color, amount kept; colorless mana stays colorless, as it
    has no color to change (105.2c; "instead of any other color")."""

    kind: Literal["change_color"] = "change_color"
    """Always `change_color`: colored mana becomes one color, colorless stays"""
    to: ColorCode | Literal["chosen"]
    """The color (W U B R G), or `chosen`: the color chosen for the effect's source"""


class ColorOfChoice(Strict):
    """All the mana becomes one color that the player replacing the event chooses as the effect
    applies (616.1: the choice is part of applying it): "mana of a color of your choice
    instead of any other type"."""

    kind: Literal["color_of_choice"] = "color_of_choice"
    """Always `color_of_choice`: the mana becomes one color chosen as the effect applies"""
    amount: int | None = Field(None, ge=1, le=10)
    """How much mana the event makes instead; absent: the same amount ("instead of any other
    type" keeps it, "type and amount" doesn't)"""


ReplacementChange = Annotated[
    ChangeType | ChangeTypeAndAmount | Multiply | ChangeColor | ColorOfChoice,
    Field(discriminator="kind"),
]
