"""Triggered mana abilities on a permanent being tapped for mana (605.1b, 106.12a)."""

from __future__ import annotations

import re

from app.catalog.compile import ir
from app.catalog.compile.phrases import FIXED, selector

_WHEN = re.compile(
    r"^Whenever (?:(?P<passive>.+?) is tapped|(?P<who>a player|you) taps? (?P<obj>.+?)) for "
    r"mana, (?:that player adds|its controller adds|add) (?P<what>.+)\.$"
)
_CHOSEN_SOURCE = re.compile(
    r"^Whenever a land's ability causes you to add one or more mana of the chosen color, add "
    r"(?:an additional|one additional) (?:one )?mana of that color\.$"
)


_REVEAL = re.compile(
    r"^(?:(?:When|Whenever) ~ (?:dies|enters|attacks), r|[^:\"]+: R)eveal cards from the top "
    r"of your library "
    r"until you reveal a (?P<legendary>nonlegendary, )?nonland card with mana value (?P<n>\d+) "
    r"or less\.$"
)


def reveal_until(sentence: str) -> ir.RevealUntil | None:
    """The first sentence of a "reveal until, then you may cast it free" trigger (the second
    is "You may cast that card without paying its mana cost.")."""
    m = _REVEAL.match(sentence)
    if m is None:
        return None
    return ir.RevealUntil(int(m.group("n")), nonlegendary=bool(m.group("legendary")))


def parse(sentence: str, enchant_subtypes: tuple[str, ...] = ()) -> ir.Trigger | None:
    if _CHOSEN_SOURCE.match(sentence):
        return ir.Trigger(
            ir.Sel("you", ("land",)),
            "chosen_color",
            tapped_by_you=True,
            requires_tap=False,
            only_chosen_color=True,
        )
    m = _WHEN.match(sentence)
    if m is None:
        return None
    tapped_by_you = m.group("who") == "you"
    found = selector(m.group("passive") or m.group("obj"))
    if found is None or found[1]:
        return None
    source = found[0]
    if source.attached:
        # An Aura that can enchant only a Forest sees only Forests (303.4a).
        source = ir.Sel(types=source.types, subtypes=enchant_subtypes, attached=True)
    elif tapped_by_you and source.controller == "any":
        source = ir.Sel("you", source.types, source.subtypes, source.nonbasic)
    what = m.group("what").removeprefix("an additional ").removeprefix("one additional ")
    if what in (
        "one mana of any type that land produced",
        "mana of any type that land produced",
        "one mana of any type that permanent produced",
    ):
        return ir.Trigger(source, "type_produced", tapped_by_you=tapped_by_you)
    if what in ("one mana of the chosen color", "mana of the chosen color"):
        return ir.Trigger(source, "chosen_color", tapped_by_you=tapped_by_you)
    if re.fullmatch(FIXED, what):
        return ir.Trigger(source, "fixed", mana=what, tapped_by_you=tapped_by_you)
    return None
