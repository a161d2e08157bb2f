"""The layer effects that decide what mana a permanent makes (issue 12): setting a land's
subtype (305.7), adding land types, losing all abilities (613.1d, 613.1f).

    Nonbasic lands are Mountains.                    -> set_land_types (nonbasic lands)
    Enchanted land is an Island.                     -> set_land_types (the attached land)
    Each land is a Swamp in addition to its other land types.   -> add_subtypes
    Lands you control are every basic land type in addition to their other types.
    All creatures lose all abilities.                -> lose_all_abilities
    Until end of turn, target creature loses all abilities.     (an instant: a turn-long effect)

A sentence joining such an effect to one the engine doesn't model ("... lose all abilities and
have base power and toughness 1/1") compiles its first clause and hands back the rest, which
the face records as not understood. On a face with a layer effect, the sentences that change
other characteristics (color, power and toughness) are reported rather than waved through:
the layers interact (613.1, 613.8), so the card is partial, never silently whole.
"""

from __future__ import annotations

import re

from app.catalog.compile import ir
from app.catalog.compile.phrases import BASIC_LAND_TYPES, selector

_BASIC = {t: t for t in BASIC_LAND_TYPES} | {t + "s": t for t in BASIC_LAND_TYPES if t != "Plains"}
_ADDITION = r" in addition to (?:its|their) other (?:land )?types"
_TYPE_CHANGE = re.compile(
    rf"^(?P<sel>[A-Za-z ]+?) (?:is|are) (?P<types>[A-Za-z, ]+?)(?P<add>{_ADDITION})?\.$"
)
_LOSE = re.compile(
    r"^(?P<until>Until end of turn, )?(?P<sel>[A-Za-z ]+?) (?:loses|lose) all abilities"
    r"(?P<eot> until end of turn)?(?: and (?P<rest>[^.]+))?\.$"
)
_TARGET = ("target creature", "target land", "target permanent")
# Characteristics the engine doesn't model (613.1e color, 613.1g power and toughness).
_UNMODELLED = re.compile(
    r"\bbase power and toughness\b|\b(?:is|are|becomes?) (?:a |an )?(?:white|blue|black|red|"
    r"green|colorless)\b|\bcolors? of\b",
    re.IGNORECASE,
)

Layered = ir.SetLandTypes | ir.AddSubtypes | ir.LoseAllAbilities


def _land_types(phrase: str) -> tuple[str, ...] | None:
    """ "Mountains", "an Island", "Islands and Swamps", "every basic land type" -> the types
    in 205.3i order; None when any word is not a basic land type."""
    if phrase == "every basic land type":
        return BASIC_LAND_TYPES
    found: set[str] = set()
    for part in re.split(r",? and |, ", phrase):
        words = part.split()
        if words and words[0] in ("a", "an"):
            words = words[1:]
        if len(words) != 1 or words[0] not in _BASIC:
            return None
        found.add(_BASIC[words[0]])
    return tuple(t for t in BASIC_LAND_TYPES if t in found) or None


def _lands(phrase: str) -> ir.Sel | None:
    found = selector(phrase)
    if found is None:
        return None
    sel = found[0]
    # 305.7 is about lands: the selector must name lands (an Aura's "enchanted land" too).
    return sel if sel.types == ("land",) and not sel.subtypes else None


def type_change(sentence: str, *, effect: bool) -> ir.SetLandTypes | ir.AddSubtypes | None:
    m = _TYPE_CHANGE.match(sentence)
    if m is None:
        return None
    types = _land_types(m.group("types"))
    sel = _lands(m.group("sel"))
    if types is None or sel is None:
        return None
    if m.group("add"):
        return ir.AddSubtypes(sel, types, effect=effect)
    return ir.SetLandTypes(sel, types, effect=effect)


def lose_all(sentence: str, *, spell: bool) -> tuple[ir.LoseAllAbilities, str | None] | None:
    """The effect and the text of the clause joined to it, if any (not understood)."""
    m = _LOSE.match(sentence)
    if m is None:
        return None
    phrase = m.group("sel")
    turn_long = bool(m.group("until") or m.group("eot"))
    if phrase.lower() in _TARGET:
        # A spell's target: as an entry of the state's effects, the permanent the effect is
        # attached to is its target (docs/api.md `effects`), for the turn (514.2).
        if not (spell and turn_long):
            return None
        sel: ir.Sel = ir.Sel(attached=True)
    elif turn_long != spell:
        return None  # a permanent's turn-long loss, or a spell's lasting one: not modelled
    else:
        found = selector(phrase)
        if found is None or found[0].subtypes:
            return None
        sel = found[0]
    rest = m.group("rest")
    # The rest quoted with its subject, as it would read alone on the card.
    remainder = f"{phrase} {rest}." if rest else None
    return ir.LoseAllAbilities(sel, effect=spell), remainder


def unmodelled(sentence: str) -> bool:
    """A sentence changing a characteristic the engine doesn't model (color, P/T)."""
    return bool(_UNMODELLED.search(sentence))
