"""Oracle mana notation, mana amounts and mana value (106.1, 107.4, 202.3).

Mana is a small value type: counts per mana type in the fixed order W U B R G C. Oracle
strings are parsed and rendered only at the edges; the engine works on `Mana` and 6-bit masks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

# 106.1b: the six mana types, in the order every list in this service uses.
TYPES: tuple[str, ...] = ("W", "U", "B", "R", "G", "C")
COLORS: tuple[str, ...] = ("W", "U", "B", "R", "G")
TYPE_INDEX = {t: i for i, t in enumerate(TYPES)}

ALL_COLORS_MASK = 0b011111  # "any color" never includes colorless (106.1b)
COLORLESS_BIT = 1 << TYPE_INDEX["C"]


class ManaSyntaxError(ValueError):
    """A mana string that is not Oracle notation, or not what its field allows; `symbol`
    names the bad part, `why` what is wrong with it (by default: no mana symbol at all)."""

    def __init__(self, symbol: str, text: str, why: str = "is not a mana symbol") -> None:
        super().__init__(f"{symbol!r} {why} (in {text!r})")
        self.symbol = symbol
        self.text = text


# The largest generic mana symbol a cost may hold: the largest ever printed, {1000000}. A
# bound keeps every total a cost makes a machine integer (and a JSON number any client reads).
GENERIC_MAX = 1_000_000


@dataclass(frozen=True, slots=True)
class ManaSymbol:
    """One symbol of a mana cost.

    kind: generic (`{3}`), x (`{X}`), colored (`{W}`, `{C}`), hybrid (`{W/U}`),
    mono_hybrid (`{2/W}`), phyrexian (`{W/P}` or `{W/U/P}`), colorless_hybrid (`{C/W}`),
    snow (`{S}`).
    """

    kind: Literal[
        "generic", "x", "colored", "hybrid", "mono_hybrid", "phyrexian", "colorless_hybrid", "snow"
    ]
    text: str  # canonical text inside the braces, e.g. "W/U"
    generic: int = 0  # value of a generic symbol or of the numeric half of {2/W}

    def mana_value(self, x: int = 0) -> int:
        # 202.3: hybrid counts its larger half, Phyrexian counts 1, X counts its value.
        if self.kind == "generic":
            return self.generic
        if self.kind == "x":
            return x
        if self.kind == "mono_hybrid":
            return max(self.generic, 1)
        return 1

    def render(self) -> str:
        return "{" + self.text + "}"


_SYMBOL = re.compile(r"\{([^{}]*)\}")


def _generic(digits: str, text: str) -> int | None:
    """The amount a generic part (`{3}`, the 2 of `{2/W}`) stands for: ASCII digits without a
    leading zero, at most GENERIC_MAX; None when `digits` is no number."""
    if not (digits.isascii() and digits.isdigit()) or (digits != "0" and digits[0] == "0"):
        return None
    if len(digits) > len(str(GENERIC_MAX)) or int(digits) > GENERIC_MAX:
        raise ManaSyntaxError("{" + digits + "}", text, f"is over {{{GENERIC_MAX}}}")
    return int(digits)


def _parse_symbol(body: str, text: str) -> ManaSymbol:
    if (generic := _generic(body, text)) is not None:
        return ManaSymbol("generic", body, generic)
    if body == "X":
        return ManaSymbol("x", "X")
    if body == "S":
        return ManaSymbol("snow", "S")
    if body in TYPE_INDEX:
        return ManaSymbol("colored", body)
    parts = body.split("/")
    if len(parts) == 2:
        a, b = parts
        # 107.4f: Phyrexian mana of a color, or colorless ({C/P}: pay {C} or 2 life).
        if b == "P" and (a in COLORS or a == "C"):
            return ManaSymbol("phyrexian", body)
        # Oracle keeps color-wheel order ({W/B}, {G/U}), so either order of two colors is fine.
        if a in COLORS and b in COLORS and a != b:
            return ManaSymbol("hybrid", body)
        if a == "C" and b in COLORS:
            return ManaSymbol("colorless_hybrid", body)
        if b in COLORS and a != "0" and (generic := _generic(a, text)) is not None:
            return ManaSymbol("mono_hybrid", body, generic)
    if len(parts) == 3:
        a, b, p = parts
        if p == "P" and a in COLORS and b in COLORS and a != b:
            return ManaSymbol("phyrexian", body)
    raise ManaSyntaxError("{" + body + "}", text)


@lru_cache(maxsize=8192)  # a pure function of the text; catalogs repeat a few thousand costs
def parse_cost(text: str) -> tuple[ManaSymbol, ...]:
    """Parse an Oracle mana cost such as `{X}{X}{R}`; raises ManaSyntaxError naming the bad part."""
    symbols: list[ManaSymbol] = []
    pos = 0
    for match in _SYMBOL.finditer(text):
        if match.start() != pos:
            raise ManaSyntaxError(text[pos : match.start()], text)
        symbols.append(_parse_symbol(match.group(1), text))
        pos = match.end()
    if pos != len(text):
        raise ManaSyntaxError(text[pos:], text)
    return tuple(symbols)


def render_cost(symbols: Iterable[ManaSymbol]) -> str:
    return "".join(s.render() for s in symbols)


def cost_colors(symbols: Iterable[ManaSymbol]) -> list[str]:
    """The colors of a mana cost's symbols (105.2, 202.2), in W U B R G order."""
    found = {part for s in symbols for part in s.text.split("/")}
    return [c for c in COLORS if c in found]


def cost_mana_value(symbols: Iterable[ManaSymbol], x: int = 0) -> int:
    """202.3: total of the mana cost; every {X} counts X (107.3)."""
    return sum(s.mana_value(x) for s in symbols)


def count_x(symbols: Iterable[ManaSymbol]) -> int:
    return sum(1 for s in symbols if s.kind == "x")


@dataclass(frozen=True, slots=True, order=True)
class Mana:
    """An amount of mana: counts per type, in WUBRGC order."""

    counts: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)

    @classmethod
    def of(cls, mana_type: str, amount: int = 1) -> Mana:
        counts = [0] * 6
        counts[TYPE_INDEX[mana_type]] = amount
        return cls(tuple(counts))  # type: ignore[arg-type]

    @classmethod
    def parse(cls, text: str) -> Mana:
        """Parse produced mana: only the six type symbols (`{R}{W}`, `{C}{C}`) are mana."""
        counts = [0] * 6
        for symbol in parse_cost(text):
            if symbol.kind != "colored":
                raise ManaSyntaxError(symbol.render(), text)
            counts[TYPE_INDEX[symbol.text]] += 1
        return cls(tuple(counts))  # type: ignore[arg-type]

    @property
    def total(self) -> int:
        return sum(self.counts)

    @property
    def mask(self) -> int:
        """The types present, as a 6-bit mask (bit i = TYPES[i])."""
        m = 0
        for i, n in enumerate(self.counts):
            if n:
                m |= 1 << i
        return m

    def __bool__(self) -> bool:
        return any(self.counts)

    def __add__(self, other: Mana) -> Mana:
        return Mana(tuple(a + b for a, b in zip(self.counts, other.counts, strict=True)))  # type: ignore[arg-type]

    def times(self, factor: int) -> Mana:
        return Mana(tuple(n * factor for n in self.counts))  # type: ignore[arg-type]

    def all_as(self, mana_type: str) -> Mana:
        """The same amount, every mana of one type (Pale Moon's 'colorless instead')."""
        return Mana.of(mana_type, self.total) if self.total else self

    def colors_as(self, color: str) -> Mana:
        """The same amount, every colored mana of one color; colorless mana stays (105.2c:
        colorless is not a color, so "instead of any other color" leaves it)."""
        counts = [0] * 6
        counts[TYPE_INDEX[color]] = sum(self.counts[:5])
        counts[5] = self.counts[5]
        return Mana(tuple(counts))  # type: ignore[arg-type]

    def types(self) -> list[str]:
        return mask_types(self.mask)

    def render(self) -> str:
        return "".join(f"{{{t}}}" * n for t, n in zip(TYPES, self.counts, strict=True))

    def __str__(self) -> str:
        return self.render()


NO_MANA = Mana()


def mask_of(types: Iterable[str]) -> int:
    m = 0
    for t in types:
        m |= 1 << TYPE_INDEX[t]
    return m


def mask_types(mask: int) -> list[str]:
    """Types of a 6-bit mask, in WUBRGC order."""
    return [t for i, t in enumerate(TYPES) if mask >> i & 1]
