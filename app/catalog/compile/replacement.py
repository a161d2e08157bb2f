"""Replacement effects on mana (106.12b, 616.1): "If <a land> is tapped for mana, it produces
<...> instead [of any other type [and amount]]", "<Lands> tapped for mana produce <...> instead
of any other type|color", and one sentence that swaps several land types' mana at once ("If
tapped for mana, <lands> produce <a type>, ..., and <lands> produce <a type> instead of any
other type").

What the mana becomes: a type ({U}, colorless mana), mana ({B}{B}, "type and amount"), a
multiple of it, "mana of the chosen color" (the color chosen for the effect's source; "instead
of any other color" leaves colorless mana as it is, 105.2c), or "mana of a color of your
choice", chosen as the effect applies (616.1)."""

from __future__ import annotations

import re
from dataclasses import replace

from app.catalog.compile import ir
from app.catalog.compile.phrases import MANA_TYPE, TURN_LONG, list_items, selector

_SUBJECT = re.compile(
    r"^[Ii]f (?:(?P<passive>.+?) is tapped|(?P<who>a player|you) taps? (?P<obj>.+?)) "
    r"for (?P<two>two or more )?mana, it produces (?P<what>.+?)(?P<instead> instead(?: of any "
    r"other type(?P<amount> and amount)?)?)\.$"
)
_PLURAL_SUBJECT = re.compile(
    r"^(?P<lands>.+?) tapped for mana produce (?P<what>.+?) "
    r"(?P<instead>instead of any other (?:type|color))\.$"
)
_FACTORS = {"twice as much of that mana": 2, "three times as much of that mana": 3}
_OF_CHOICE = "mana of a color of your choice"
_CHOSEN = "mana of the chosen color"


def parse(sentence: str, *, effect: bool) -> ir.Replacement | None:
    if sentence.startswith(TURN_LONG):
        sentence, effect = sentence.removeprefix(TURN_LONG), True
    m = _SUBJECT.match(sentence)
    if m is None:
        return _parse_plural(sentence, effect=effect)
    tapped_by_you = m.group("who") == "you"
    found = selector(m.group("passive") or m.group("obj"))
    if found is None or found[1]:
        return None
    source = found[0]
    if tapped_by_you and source.controller == "any" and not source.attached:
        # You can tap only what you control (the hand-written Mana Reflection says so too).
        source = replace(source, controller="you")
    change = _change(m.group("what"), m.group("instead").strip())
    if change is None:
        return None
    return ir.Replacement(
        source=source,
        change=change,
        tapped_by_you=tapped_by_you,
        min_amount=2 if m.group("two") else 0,
        effect=effect,
    )


def _parse_plural(sentence: str, *, effect: bool) -> ir.Replacement | None:
    """ "<Lands> tapped for mana produce <...> instead of any other type|color": the group must
    be plural ("lands", "Forests"), else None."""
    m = _PLURAL_SUBJECT.match(sentence)
    if m is None:
        return None
    found = selector(m.group("lands"))
    change = _change(m.group("what"), m.group("instead"))
    if found is None or not found[1] or change is None:
        return None
    return ir.Replacement(source=found[0], change=change, effect=effect)


def _change(what: str, instead: str) -> ir.ReplacementChange | None:
    """What the mana becomes, by what it is made "instead" of; None for anything else."""
    match instead:
        case "instead":
            return ("multiply", str(_FACTORS[what])) if what in _FACTORS else None
        case "instead of any other type and amount":
            if re.fullmatch(f"(?:{MANA_TYPE})+", what):
                return ("type_and_amount", what)
            return ("color_of_choice", "1") if what == f"one {_OF_CHOICE}" else None
        case "instead of any other type":
            if re.fullmatch(MANA_TYPE, what):
                return ("type", what.strip("{}"))
            if what == "colorless mana":
                return ("type", "C")
            return ("color_of_choice", "") if what == _OF_CHOICE else None
        case "instead of any other color":
            # Colored mana only: colorless mana has no color to change (105.2c).
            if re.fullmatch(r"\{[WUBRG]\}", what):
                return ("color", what.strip("{}"))
            return ("color", "chosen") if what == _CHOSEN else None
        case _:
            return None


_SWAPS = re.compile(r"^If tapped for mana, (?P<swaps>.+) instead of any other type\.$")
_SWAP = re.compile(rf"^(?P<lands>.+?) produces? (?P<what>{MANA_TYPE}|colorless mana)$")


def parse_swaps(sentence: str) -> list[ir.Replacement] | None:
    """One replacement effect per land type the sentence names, each changing the type of that
    land's mana and keeping its amount. They are separate effects: a land of two of the types
    is replaced by both, in the order its controller picks (616.1), and the one applied last
    decides. Each part must name a plural group ("Plains", "Swamps", "nonbasic lands") making
    one type, else None: never guess."""
    m = _SWAPS.match(sentence)
    if m is None:
        return None
    found: list[ir.Replacement] = []
    for part in list_items(m.group("swaps")):
        swap = _SWAP.match(part)
        lands = selector(swap.group("lands")) if swap else None
        if swap is None or lands is None or not lands[1]:
            return None
        what = swap.group("what")
        to = "C" if what == "colorless mana" else what.strip("{}")
        found.append(ir.Replacement(source=lands[0], change=("type", to)))
    return found
