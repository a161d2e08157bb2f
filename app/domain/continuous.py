"""Static abilities that create continuous effects, and the layer each applies in (613.1).

The layers the engine applies (app/engine/characteristics.py): 2 control-changing (613.1b),
4 type-changing (613.1d), 6 ability-adding and -removing (613.1f). Keywords such as haste
are abilities, so granting one is layer 6 too.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Literal, assert_never

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


StaticAbility = GrantManaAbility | GrantKeyword | GainControl


def layer_of(ability: StaticAbility) -> Layer:
    match ability:
        case GainControl():
            return Layer.CONTROL  # 613.1b (its haste is layer 6, applied with the grants)
        case GrantManaAbility() | GrantKeyword():
            return Layer.ABILITY  # 613.1f
        case _:
            assert_never(ability)
