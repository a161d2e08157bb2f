"""What a mana replacement effect does to the production event (616.1)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

from app.domain.base import ManaString, ManaTypeCode, Strict, check_mana_string


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


ReplacementChange = Annotated[
    ChangeType | ChangeTypeAndAmount | Multiply, Field(discriminator="kind")
]
