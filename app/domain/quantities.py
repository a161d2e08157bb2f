"""How many: a fixed number, the number of matching permanents, counters on the source, X
(107.3), the source's power or toughness, the greatest power among some permanents, the mana
value of the permanent a cost sacrificed or exiled, or a devotion (700.5). Older card data
keeps its flat fields (PerCount.count, EntersWithCounters.amount); their `quantity` properties
give the same number as one of these kinds. app/engine/production.py evaluates them in one
`match`."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from app.domain.base import ColorCode, Strict, Word
from app.domain.filters import Selector


class Fixed(Strict):
    """A number written on the card."""

    kind: Literal["fixed"] = "fixed"
    """Always `fixed`: a number given in the card data"""
    value: int = Field(ge=0, le=10_000)
    """The number"""


class CountOf(Strict):
    """How many permanents the selector picks (Gaea's Cradle's creatures)."""

    kind: Literal["count"] = "count"
    """Always `count`: how many permanents match"""
    of: Selector
    """Which permanents are counted, seen from the ability's source"""


class CountersOnSource(Strict):
    """How many counters of a kind are on the ability's source (122.1), or of every kind
    together ("for each counter on it")."""

    kind: Literal["counters"] = "counters"
    """Always `counters`: how many counters of a kind (or of every kind) the source has"""
    counter: Word | None = Field(None, exclude_if=lambda v: v is None)
    """The kind of counter, like `charge`; absent: counters of every kind together"""


class XValue(Strict):
    """The X of the spell (107.3m: an ETB ability uses the X the spell was cast with)."""

    kind: Literal["x"] = "x"
    """Always `x`: the X the spell was cast with (107.3m)"""


class ChosenX(Strict):
    """A number the controller chooses as they activate the ability: the X of its cost
    (107.3, 602.2b), or how many counters it removes when the cost says "any number"
    (107.1c)."""

    kind: Literal["chosen_x"] = "chosen_x"
    """Always `chosen_x`: the X (or number of counters removed) chosen on activation"""


class SourcePower(Strict):
    """The source's power or toughness as it is now (after continuous effects, 208.3)."""

    kind: Literal["power", "toughness"]
    """`power` or `toughness`: that characteristic of the ability's source"""


class GreatestPower(Strict):
    """The greatest power among the matching permanents (0 when none match)."""

    kind: Literal["greatest_power"] = "greatest_power"
    """Always `greatest_power`: the greatest power among matching permanents"""
    among: Selector
    """Whose power counts, seen from the ability's source"""


class CountWithPower(Strict):
    """How many of the matching permanents have power `at_least` or greater (208.3): each of
    them needs its power in the state ("for each creature with power 4 or greater you
    control")."""

    kind: Literal["count_power"] = "count_power"
    """Always `count_power`: how many matching permanents have at least that power"""
    of: Selector
    """Which permanents are looked at, seen from the ability's source"""
    at_least: int = Field(ge=0, le=10_000)
    """The least power that counts"""


class CostManaValue(Strict):
    """The mana value (202.3) of the permanent sacrificed or exiled to pay the cost; the
    controller picks that permanent as they activate the ability (602.2b)."""

    kind: Literal["cost_mana_value"] = "cost_mana_value"
    """Always `cost_mana_value`: the mana value of what the cost sacrificed or exiled"""


class Devotion(Strict):
    """The controller's devotion to a color (700.5): the mana symbols of that color among the
    mana costs of the permanents they control, a hybrid symbol counting for each of its colors.
    Without `color`, the color of the mana made (with `of: one_color`: "that color")."""

    kind: Literal["devotion"] = "devotion"
    """Always `devotion`: its controller's devotion to a color (700.5)"""
    color: ColorCode | None = None
    """The color (W U B R G); null: the color chosen for the mana it makes"""


Quantity = Annotated[
    Fixed
    | CountOf
    | CountersOnSource
    | XValue
    | ChosenX
    | SourcePower
    | GreatestPower
    | CountWithPower
    | CostManaValue
    | Devotion,
    Field(discriminator="kind"),
]
