"""What an Aura or an Equipment says the permanent it is attached to is: one static ability
whose sentence joins several clauses about that permanent (613.1, each clause in its layer).

    Enchanted artifact is a creature with base power and toughness 3/3 in addition to its
        other types.                     -> add_types (creature): 302.6 now applies to it
    Enchanted creature is a blue Frog creature with base power and toughness 1/1.
                                         -> set_card_types (creature, Frog), set_colors (blue)
    Equipped creature gets +1/+1, has haste, and is a Knight in addition to its other types.
                                         -> grant_keyword (haste), add_subtypes (Knight)
    Enchanted creature has base power and toughness 0/2, has defender, and loses all other
        abilities.                       -> grant_keyword (defender), lose_all_abilities

A clause that changes only power and toughness (613.4) changes nothing the engine computes: a
permanent's power is the state's `power` (docs/api.md), counters and effects included. Nor does
one about combat or untapping ("can't attack or block", "doesn't untap during its controller's
untap step"): the state says whether a permanent is tapped. Every other clause must be one of
those below, or the sentence is left to the other readers, and reported if none reads it.
"""

from __future__ import annotations

import re
from typing import Literal

from app.catalog.compile import ir, statics
from app.catalog.compile.phrases import (
    BASIC_LAND_TYPES,
    STILL_A_LAND,
    TYPES,
    colors_said,
    only_colors,
    selector,
    split_outside_quotes,
    subtype_word,
)
from app.domain.base import subtype_kind

_SUBJECT = re.compile(
    r"^(?P<sel>(?:Enchanted|Equipped) (?:creature|artifact|permanent|land|Plains|Island|Swamp|"
    r"Mountain|Forest)) (?P<rest>.+)\.$"
)
_OWN_SUBJECT = re.compile(r"^(?P<sel>~) (?P<rest>.+)\.$")
# Where one clause ends and the next begins: a list separator before the next clause's verb.
_CLAUSE_BREAK = re.compile(
    r"(?:,? and |, )(?=(?:gets|has|is|loses|can't|doesn't|attacks|it|its activated)\b)"
)
_POWER_ONLY = re.compile(
    r"^(?:gets [+-](?:\d+|X)/[+-](?:\d+|X)(?: for each [^,]+)?|"
    r"has base power and toughness (?:\d+|X)/(?:\d+|X))$"
)
_COMBAT_ONLY = re.compile(
    r"^(?:can't (?:attack|block|transform|be blocked|be sacrificed)"
    r"(?:(?:,| or|, or) (?:attack|block|transform|crew Vehicles))*|"
    r"doesn't untap during its controller's untap step|can't become untapped|"
    r"attacks each combat if able|attacks or blocks each combat if able)$"
)
_LOCKED = re.compile(r"^its activated abilities can't be activated$")
_LOSES = re.compile(
    r"^(?:it )?loses all (?P<other>other )?abilities(?P<types>, card types, and creature types)?$"
)
# "... and loses all other card types": what setting its card types already says (205.1a).
_LOSES_TYPES = re.compile(r"^(?:it )?loses all other card types(?: and creature types)?$")
_HAS = re.compile(r"^has (?P<items>.+)$")
# "is every creature type" (702.73a): a creature of each creature type, which any filter of
# one reads.
_EVERY_TYPE = re.compile(r"^is (?:every|all) creature types?$")
# "is black", "is white and blue": its colors only (105.2, layer 5, 613.1e).
_IS_COLORED = re.compile(r"^is (?P<colors>(?:white|blue|black|red|green|colorless|and|,| )+)$")
_IS = re.compile(
    r"^(?:is|it's) an? (?:(?:\d+|X)/(?:\d+|X) )?(?P<words>[A-Za-z ]+?)"
    r"(?: with base power and toughness (?:\d+|X)/(?:\d+|X))?"
    r'(?: with (?P<with>(?:[a-z ,]|"[^"]*"|\{\d+\})+?))?'
    r"(?P<add> in addition to its other (?:creature )?types)?"
    r"(?P<still> that's still an? (?:land|planeswalker|artifact|enchantment))?$"
)


def what_it_is(sentence: str, following: str = "", *, own: bool = False) -> ir.Understood | None:
    """The abilities of such a sentence, every clause read, or None. None too when no clause
    changes anything the engine rules on: the sentence is then as irrelevant as before.
    `following`: the next sentence ("It's still a land." keeps the land's card types). `own`:
    the subject may be the permanent itself ("~ is a 4/4 Human Soldier creature ...")."""
    m = (_OWN_SUBJECT if own else _SUBJECT).match(sentence)
    if m is None:
        return None
    found = (ir.Sel(source=True), False) if m.group("sel") == "~" else selector(m.group("sel"))
    if found is None or not (found[0].attached or found[0].source):
        return None
    to = found[0]
    clauses = split_outside_quotes(m.group("rest"), _CLAUSE_BREAK)
    abilities: list[ir.Ability] = []
    sets_types = restates_types = False
    still_land = STILL_A_LAND.match(following) is not None
    for clause in clauses:
        read = _clause(clause, to, still_land)
        if read is None:
            return None
        kind, found_abilities = read
        abilities.extend(found_abilities)
        sets_types = sets_types or kind == "set_types"
        restates_types = restates_types or kind == "loses_restating_types"
    # "... and it loses all other abilities, card types, and creature types" only restates what
    # setting its types already did (205.1a); without that clause it is another effect.
    if restates_types and not sets_types:
        return None
    return ir.Understood(abilities=abilities) if abilities else None


ClauseKind = Literal["nothing", "abilities", "set_types", "loses_restating_types"]


def _clause(
    clause: str, to: ir.Sel, still_land: bool
) -> tuple[ClauseKind, list[ir.Ability]] | None:
    if _POWER_ONLY.match(clause) or _COMBAT_ONLY.match(clause):
        return "nothing", []
    if _LOCKED.match(clause):
        return "abilities", [ir.Forbid(to)]  # 602.5, its mana abilities too (605.1a)
    if _LOSES_TYPES.match(clause):
        return "loses_restating_types", []
    if (lost := _LOSES.match(clause)) is not None:
        kind: ClauseKind = "loses_restating_types" if lost.group("types") else "abilities"
        return kind, [ir.LoseAllAbilities(to, keeps_own=bool(lost.group("other")))]
    if (has := _HAS.match(clause)) is not None:
        granted = _granted(has.group("items"), to)
        return None if granted is None else ("abilities", granted)
    if _EVERY_TYPE.match(clause):
        return "abilities", [ir.AddTypes(to, ("creature",), every_creature_type=True)]
    if (colored := _IS_COLORED.match(clause)) is not None:
        colors = only_colors(colored.group("colors"))
        return None if colors is None else ("abilities", [ir.SetColors(to, colors)])
    if (is_a := _IS.match(clause)) is not None:
        granted = _granted(is_a.group("with"), to) if is_a.group("with") else []
        if granted is None:
            return None
        still = still_land or bool(is_a.group("still"))
        found = _is_a(is_a.group("words").split(), bool(is_a.group("add")), to, still)
        return None if found is None else (found[0], [*found[1], *granted])
    return None


def _granted(items: str, to: ir.Sel) -> list[ir.Ability] | None:
    """ "has flying and haste", "has lifelink and "<ability>"": the keywords as the engine
    reads them (statics.granted_keywords), quoted abilities only when they change nothing it
    rules on (statics.plain_items)."""
    words = statics.plain_items(items)
    if words is None:
        return None
    return statics.granted_keywords(words, to) if words else []


def _is_a(
    words: list[str], in_addition: bool, to: ir.Sel, still_land: bool = False
) -> tuple[ClauseKind, list[ir.Ability]] | None:
    """ "is a blue Frog creature", "is a Knight in addition to its other types": colors, then
    subtypes, then card types, in the order a type line and its colors are said. With
    `still_land` ("Enchanted land is a 2/2 green Elemental creature. It's still a land."), the
    card types and subtypes are added to the land's (205.1b) and the colors set (105.2)."""
    colors = colors_said(words)  # takes the color words off the front
    subtypes: list[str] = []
    while words and words[0][:1].isupper():
        sub = subtype_word(words.pop(0), plural=False)
        if sub is None:
            return None  # a supertype ("legendary"), or no type at all
        subtypes.append(sub)
    types = [TYPES.get(w) for w in words]
    if None in types or colors is False:
        return None
    card_types = tuple(t for t in types if t is not None)
    if still_land and not in_addition:
        if not card_types or set(subtypes) & set(BASIC_LAND_TYPES):
            return None
        kept = _added(card_types, tuple(subtypes), to)
        if kept is None:
            return None
        colored = [ir.SetColors(to, colors)] if colors is not None else []
        return "abilities", [*kept[1], *colored]
    if in_addition:
        # A color named "in addition to its other types" is set, not added (105.2), and a
        # basic land type added is 305.7's own reader's: neither is read here.
        if colors is not None or set(subtypes) & set(BASIC_LAND_TYPES):
            return None
        return _added(card_types, tuple(subtypes), to)
    if set(subtypes) & set(BASIC_LAND_TYPES):
        changed = _land_of_type(card_types, subtypes, to)
    else:
        changed = _set_types(card_types, tuple(subtypes), to)
    if changed is None:
        return None
    if colors is not None:
        changed.append(ir.SetColors(to, colors))  # 105.2, layer 5 (613.1e)
    return "set_types", changed


def _added(
    card_types: tuple[str, ...], subtypes: tuple[str, ...], to: ir.Sel
) -> tuple[ClauseKind, list[ir.Ability]] | None:
    """205.1b: "in addition to its other types" keeps everything it had."""
    if card_types:
        return "abilities", [ir.AddTypes(to, card_types, subtypes)]
    return ("abilities", [ir.AddSubtypes(to, subtypes)]) if subtypes else None


def _set_types(
    card_types: tuple[str, ...], subtypes: tuple[str, ...], to: ir.Sel
) -> list[ir.Ability] | None:
    """205.1a: its card types become these, its old subtypes staying with the card types it
    keeps, and a subtype named replaces the old ones of its kind (set_card_types). "Is a
    Treefolk" names no card type: its card types stay and only its creature types become the
    one named (set_creature_types)."""
    if card_types:
        return [ir.SetCardTypes(to, card_types, subtypes)]
    # One creature type alone: capitalized words with no card type could be a card's name ("is
    # a copy"-like wordings), which no list of creature types here tells apart.
    if len(subtypes) != 1 or subtype_kind(subtypes[0]) != "creature":
        return None
    return [ir.SetCreatureTypes(to, subtypes)]


def _land_of_type(
    card_types: tuple[str, ...], subtypes: list[str], to: ir.Sel
) -> list[ir.Ability] | None:
    """ "is a colorless Forest land": its card types become land (205.1a) and its land type
    that basic land type, so it has only that type's mana ability: 305.7 takes away the
    abilities its rules text gave it (and 305.6 gives the intrinsic one). Only as a whole: a
    basic land type beside other subtypes is not read."""
    if card_types != ("land",) or not set(subtypes) <= set(BASIC_LAND_TYPES):
        return None
    return [
        ir.SetCardTypes(to, ("land",)),
        ir.SetLandTypes(to, tuple(t for t in BASIC_LAND_TYPES if t in subtypes)),
    ]
