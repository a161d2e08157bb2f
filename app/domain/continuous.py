"""Static abilities that create continuous effects, and the layer each applies in (613.1).

The layers the engine applies (app/engine/characteristics.py): 2 control-changing (613.1b),
4 type-changing (613.1d), 6 ability-adding and -removing (613.1f). Keywords such as haste
are abilities, so granting one is layer 6 too.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Literal, assert_never

from pydantic import Field

from app.domain.base import Strict, Word
from app.domain.filters import Selector
from app.domain.mana_abilities import ManaAbility

# Where an ability works from: a permanent on the battlefield, or a resolved turn-long effect
# (docs/api.md `effects`: Pale Moon, Deep Water's activation, Act of Treason).
WorksFrom = Literal["battlefield", "effect"]


class Layer(IntEnum):
    """613.1a-g: the order in which continuous effects apply."""

    COPY = 1  # 613.1a
    CONTROL = 2  # 613.1b
    TEXT = 3  # 613.1c
    TYPE = 4  # 613.1d
    COLOR = 5  # 613.1e
    ABILITY = 6  # 613.1f
    POWER_TOUGHNESS = 7  # 613.1g


class GrantManaAbility(Strict):
    """Matching permanents have this mana ability (Chromatic Lantern, Cryptolith Rite)."""

    kind: Literal["grant_mana_ability"] = "grant_mana_ability"
    to: Selector
    ability: ManaAbility
    works_from: WorksFrom = "battlefield"


class GrantKeyword(Strict):
    """Matching permanents have a keyword (Concordant Crossroads, Lightning Greaves: haste)."""

    kind: Literal["grant_keyword"] = "grant_keyword"
    keyword: Word
    to: Selector
    works_from: WorksFrom = "battlefield"


class GainControl(Strict):
    """This source's controller controls the creature (Control Magic: enchanted; Act of Treason:
    the effect's target), and with `haste` it also gains haste."""

    kind: Literal["gain_control"] = "gain_control"
    of: Literal["attached", "target"]
    haste: bool = False
    works_from: WorksFrom = "battlefield"


class SetLandTypes(Strict):
    """Matching lands' land types become these basic land types (Blood Moon, Spreading Seas,
    Celestial Dawn): 305.7, they lose their other land types and every ability from their
    rules text, and gain each new type's intrinsic mana ability (305.6)."""

    kind: Literal["set_land_types"] = "set_land_types"
    to: Selector
    subtypes: list[Word] = Field(min_length=1, max_length=5)
    works_from: WorksFrom = "battlefield"


class AddSubtypes(Strict):
    """Matching permanents also have these subtypes, keeping everything else (Urborg: every
    land is a Swamp too; Prismatic Omen: your lands are every basic land type). A basic land
    type brings its intrinsic mana ability (305.6)."""

    kind: Literal["add_subtypes"] = "add_subtypes"
    to: Selector
    subtypes: list[Word] = Field(min_length=1, max_length=10)
    works_from: WorksFrom = "battlefield"


class LoseAllAbilities(Strict):
    """Matching permanents lose all abilities (Humility; Turn to Frog on its target), the
    intrinsic mana abilities of their land types too (613.1f)."""

    kind: Literal["lose_all_abilities"] = "lose_all_abilities"
    to: Selector
    works_from: WorksFrom = "battlefield"


StaticAbility = (
    GrantManaAbility | GrantKeyword | GainControl | SetLandTypes | AddSubtypes | LoseAllAbilities
)


def layer_of(ability: StaticAbility) -> Layer:
    match ability:
        case GainControl():
            return Layer.CONTROL  # 613.1b (its haste is layer 6, applied with the grants)
        case SetLandTypes() | AddSubtypes():
            return Layer.TYPE  # 613.1d
        case GrantManaAbility() | GrantKeyword() | LoseAllAbilities():
            return Layer.ABILITY  # 613.1f
        case _:
            assert_never(ability)
