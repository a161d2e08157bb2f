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
    value: int = Field(ge=0, le=10_000)


class CountOf(Strict):
    """How many permanents the selector picks (Gaea's Cradle's creatures)."""

    kind: Literal["count"] = "count"
    of: Selector


class CountersOnSource(Strict):
    kind: Literal["counters"] = "counters"
    counter: Word


class XValue(Strict):
    """The X of the spell (107.3m: an ETB ability uses the X the spell was cast with)."""

    kind: Literal["x"] = "x"


Quantity = Annotated[Fixed | CountOf | CountersOnSource | XValue, Field(discriminator="kind")]
