"""How many: a fixed number, the number of matching permanents, counters on the source, or X
(107.3). Card data keeps its flat fields (PerCount.count, EntersWithCounters.amount); their
`quantity` properties give the same number as one of these kinds, for new ability kinds to
reuse instead of adding flat fields."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from app.domain.base import Strict, Word
from app.domain.filters import Selector


class Fixed(Strict):
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
    kind: Literal["counters"] = "counters"
    """Always `counters`: how many counters of a kind the source has"""
    counter: Word
    """The kind of counter, like `charge`"""


class XValue(Strict):
    """The X of the spell (107.3m: an ETB ability uses the X the spell was cast with)."""

    kind: Literal["x"] = "x"
    """Always `x`: the X the spell was cast with (107.3m)"""


Quantity = Annotated[Fixed | CountOf | CountersOnSource | XValue, Field(discriminator="kind")]
