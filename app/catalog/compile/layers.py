"""The layer effects that decide what mana a permanent makes (issue 12): setting a land's
subtype (305.7), adding land types, losing all abilities (613.1d, 613.1f).

    Nonbasic lands are Mountains.                    -> set_land_types (nonbasic lands)
    All Forests are Islands.                         -> set_land_types (Forests)
    Enchanted land is an Island.                     -> set_land_types (the attached land)
    Enchanted land is the chosen type.               -> set_land_types (chosen as it entered)
    Each land is a Mountain in addition to its other land types.   -> add_subtypes
    Lands you control are every basic land type in addition to their other types.
    All creatures lose all abilities.                -> lose_all_abilities
    Until end of turn, target creature loses all abilities.     (an instant: a turn-long effect)

A sentence joining such an effect to one the engine doesn't model ("... lose all abilities and
have base power and toughness 1/1") compiles its first clause and hands back the rest, which
the face records as not understood. On a face with a layer effect, a sentence that changes
its color is reported rather than waved through: the layers interact (613.1, 613.8), so the
card is partial, never silently whole. Power and toughness are the state's (docs/api.md).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from app.catalog.compile import ir, statics
from app.catalog.compile.phrases import (
    BASIC_LAND_TYPES,
    STILL_A_LAND,
    TYPES,
    colors_said,
    list_items,
    only_colors,
    selector,
    subtype_word,
)
from app.domain.base import NONBASIC_LAND_TYPES, NOT_CREATURE_TYPES
from app.domain.mana import COLORS

_BASIC = {t: t for t in BASIC_LAND_TYPES} | {t + "s": t for t in BASIC_LAND_TYPES if t != "Plains"}
_ADDITION = r" in addition to (?:its|their) other (?:land )?types"
_TYPE_CHANGE = re.compile(
    rf"^(?P<sel>[A-Za-z ]+?) (?:is|are) (?P<types>[A-Za-z, ]+?)(?P<add>{_ADDITION})?\.$"
)
_LOSE = re.compile(
    r"^(?P<until>Until end of turn, )?(?P<sel>[A-Za-z ]+?) (?:loses|lose) all abilities"
    r"(?P<except> except mana abilities)?(?P<eot> until end of turn)?(?: and (?P<rest>[^.]+))?\.$"
)
_TARGET = ("target creature", "target land", "target permanent")
_BASE_SIZE = re.compile(r"^(?:have|has) base power and toughness (?:\d+|X)/(?:\d+|X)$")
# A color set or copied (613.1e) beside a compiled layer effect: reported unless compiled. Power
# and toughness (613.4) are not among them: the state gives a permanent's power, effects
# included (docs/api.md), so no change of it alters what the engine computes.
_UNMODELLED = re.compile(
    # Not mana ("that mana becomes colorless"): mana has a type, not a color of an object's.
    r"(?<!\bmana )\b(?:is|are|becomes?) (?:a |an )?(?:white|blue|black|red|green|colorless)\b|"
    r"\bcolors? of\b",
    re.IGNORECASE,
)

Layered = ir.SetLandTypes | ir.AddSubtypes | ir.AddTypes | ir.LoseAllAbilities


def _land_types(phrase: str) -> tuple[str, ...] | None:
    """ "Mountains", "an Island", "Islands and Swamps", "every basic land type" -> the types
    in 205.3i order; None when any word is not a basic land type."""
    if phrase == "every basic land type":
        return BASIC_LAND_TYPES
    if phrase == "every land type":
        return (*BASIC_LAND_TYPES, *NONBASIC_LAND_TYPES)  # 205.3i: each of them
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
    # 305.7 is about lands: the selector must name lands (an Aura's "enchanted land" too), or
    # the lands of basic land types ("All Forests": only a land has a land type, 205.3i), an
    # effect whose reach other layer-4 effects can change (613.8a, engine/characteristics.py).
    if sel.types == ("land",) and not sel.subtypes:
        return sel
    if found[1] and not sel.types and sel.subtypes and set(sel.subtypes) <= set(BASIC_LAND_TYPES):
        return sel
    return None


# "All creatures are black.", "Nonland permanents you control are white.", "All Slivers are
# colorless.": a static ability setting the colors of a group (105.2, layer 5, 613.1e), which
# filters by color and "mana of any of its colors" read.
_ARE_COLORS = re.compile(r"^(?P<sel>[A-Za-z ,-]+?) (?:is|are) (?P<colors>[a-z, ]+)\.$")


def _colors_phrase(phrase: str) -> tuple[str, ...] | None:
    """The colors an "is ..." says: "all colors" is each of the five (105.2)."""
    return tuple(COLORS) if phrase == "all colors" else only_colors(phrase)


# 604.3, 105.2: a characteristic-defining ability saying the object's own colors ("~ is all
# colors.", "~ is colorless."): its colors in every zone, before any other effect (613.3).
_ITS_COLORS = re.compile(r"^~ is (?P<colors>all colors|[a-z, ]+)\.$")


def defined_colors(sentence: str) -> tuple[str, ...] | None:
    """The colors a characteristic-defining ability gives its own object; None for another
    sentence."""
    m = _ITS_COLORS.match(sentence)
    return None if m is None else _colors_phrase(m.group("colors"))


def colors_set(sentence: str) -> ir.SetColors | None:
    """The static color change above; None when the group or the colors aren't plain."""
    m = _ARE_COLORS.match(sentence)
    if m is None:
        return None
    colors = _colors_phrase(m.group("colors"))
    if colors is None:
        return None
    found = selector(m.group("sel"))
    each = m.group("sel").startswith(("Each ", "All "))
    if found is None or found[0].attached or not (found[1] or each):
        return None
    return ir.SetColors(found[0], colors)


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
        # attached to is its target (docs/api.md `effects`), for the turn (514.2). What it
        # becomes besides is target_loses_all's to read.
        if not (spell and turn_long) or (m.group("rest") or "").startswith("becomes "):
            return None
        sel: ir.Sel = ir.Sel(attached=True)
    elif turn_long != spell:
        return None  # a permanent's turn-long loss, or a spell's lasting one: not modelled
    else:
        found = selector(phrase)
        if found is None or found[0].subtypes:
            return None
        # 611.2c: a spell's loss changes only the objects there as it resolved, so each is
        # its own entry of the state's effects (docs/api.md), as for haste given to a group;
        # one that arrived later keeps its abilities.
        sel = ir.Sel(attached=True) if spell else found[0]
    rest = m.group("rest")
    if rest is not None and _BASE_SIZE.match(rest):
        rest = None  # power and toughness: the state's (docs/api.md), nothing to compile
    # The rest quoted with its subject, as it would read alone on the card.
    remainder = f"{phrase} {rest}." if rest else None
    except_mana = m.group("except") is not None  # 605.1: they keep their mana abilities
    return ir.LoseAllAbilities(sel, effect=spell, except_mana=except_mana), remainder


def unmodelled(sentence: str) -> bool:
    """A sentence changing a color (613.1e), which only some readers compile; a spell's alone
    ("target spell becomes colorless") is no permanent's."""
    return bool(_UNMODELLED.search(sentence)) and not _SPELL_ONLY.search(sentence)


_SPELL_ONLY = re.compile(r"\b[Tt]arget (?:instant or sorcery )?spell becomes\b")


# --- a target that becomes more (205.1b, 613.1d) ---------------------------------------------
#
#     {T}: Target land you control becomes a 3/3 Elemental creature with haste until end of turn.
#     {T}: Target nonland permanent becomes an artifact in addition to its other types until
#          end of turn.
#     {2}, {T}: Target legendary creature becomes a God in addition to its other types.
#     Until end of turn, it becomes a Rogue in addition to its other types and gains haste.
#
# A resolved activation or spell: as an entry of the state's effects, its `target` is the
# permanent that changes (docs/api.md `effects`). Its card types and subtypes are added
# (add_types, add_subtypes) and the haste it gets is granted to it (layer 6). Power and
# toughness (layer 7b) and keywords other than haste change nothing the engine rules on.
# 205.1a: "becomes a creature" alone *replaces* the card types; only a sentence that keeps the
# old ones ("in addition to its other types", "that's still a land", or "It's still a land."
# next) adds them, and only those are compiled.
# How long an animation lasts, said after it: an entry stands for it while it is in force.
# "Until your next turn" lasts this turn too (611.2a), and so does "for as long as ~ remains".
_LASTS = (
    r" (?:until (?:end of turn|your next turn|end of combat)"
    r"|for as long as ~ remains on the battlefield)"
)
_BECOMES = re.compile(
    r'^(?:(?P<cost>[^:"]+): |(?P<trigger>(?:At|When|Whenever) [^,:"]+, ))?'
    # An intervening "if" about ~ itself (603.4: checked as it triggers and as it resolves; an
    # entry of the state's effects means it resolved), after which "it" is ~.
    r"(?:(?P<intervening>if ~ is an? [a-z]+, )|"
    # Any other intervening "if" of a trigger held too, as it resolved (603.4).
    r'(?P<condition>if [^,:"]+, ))?'
    # "If you do, that land becomes ...": the target of the sentence before, as "it" is.
    r"(?:If you do, )?(?P<until>[Uu]ntil (?:end of turn|your next turn), )?"
    r"(?:(?:Then )?you may have )?"  # "you may have ~ become a ...": the same change
    r"(?:(?:[Uu]p to one (?:other )?|[Aa]nother )?[Tt]arget (?P<target>[A-Za-z -]+?)|"
    r"(?P<it>[Ii]t|[Tt]hat (?:land|creature|permanent|artifact))|(?P<self>~)|"
    # An Aura's own activation on the land it enchants: the entry's target is that land.
    r"(?P<enchanted>[Ee]nchanted (?:land|Plains|Island|Swamp|Mountain|Forest)))"
    # Power and toughness change nothing the engine computes (613.4: the state's `power`).
    r"(?: gets [+-]\d+/[+-]\d+ and)? becomes? "
    r"(?:a|an) "
    r"(?:(?:\d+|X)/(?:\d+|X) )?(?P<words>[A-Za-z ,-]+?)"
    # Power and toughness change nothing the engine computes (613.4: the state's `power`).
    r"(?: with (?:base )?power and toughness (?:(?:\d+|X)/(?:\d+|X)|each equal to [^.,\"]+?)"
    r"(?: and (?!gains\b)(?P<also>[a-z]+))?)?"
    r'(?: with (?P<with>(?:[a-z ,]|"[^"]*"|\{\d+\})+?))?'
    r"(?P<kept> in addition to its other types| that's still a (?:land|planeswalker))?"
    rf"(?P<eot>{_LASTS})?(?:, where X is [^.]+)?(?:, gets [+-]\d+/[+-]\d+,)?"
    # Not being blockable is combat, nothing the engine rules on.
    r'(?: and gains (?P<gains>(?:[a-z ,]|"[^"]*")+?)| and can\'t be blocked this turn)?'
    rf"(?:{_LASTS})?"
    # A quoted ability last ends the sentence with its own period.
    r'(?:\.|(?<=\."))$'
)


_STILL_A_PLANESWALKER = re.compile(r"^(?:It's|He's|She's) still a planeswalker\.$")


def _land_types_only(sel: ir.Sel) -> bool:
    """The selector picks by land types alone ("target Forest"): what it picks is a land."""
    return (
        not sel.types
        and bool(sel.subtypes)
        and all(t in BASIC_LAND_TYPES or t in NONBASIC_LAND_TYPES for t in sel.subtypes)
    )


def _no_creature_types(subtypes: Iterable[str]) -> bool:
    """None of them is a creature type: all land, artifact, enchantment or battle types."""
    return all(t.casefold() in NOT_CREATURE_TYPES for t in subtypes)


_SUBTYPE_WORD = re.compile(r"[A-Z][a-z]+(?:-[A-Z][a-z]+)?")  # "Elemental", "Assembly-Worker"
# Keywords that change nothing the engine rules on but haste (302.6); defender, which selectors
# read ("creatures with defender"), is not among them, so a change that gives it is refused.
_EFFECT_KEYWORDS = statics.KNOWN_KEYWORDS - {"defender"}
_ALL_CREATURE_TYPES = "all creature types"
# What "with ..." may say of what an animation becomes: those keywords, or every creature type.
_WITH_READ = _EFFECT_KEYWORDS | {_ALL_CREATURE_TYPES}


_PROTECTION = re.compile(r"^protection from (?:white|blue|black|red|green)$")


def _keywords(phrase: str | None) -> tuple[str, ...] | None:
    """The keywords of "with ..." or "and gains ...", without ward and quoted abilities that
    change nothing the engine rules on (statics.plain_items); "all creature types" stays in
    (702.73a), for the caller."""
    if phrase is None:
        return ()
    found = statics.plain_items(phrase)
    if found is None:
        return None
    # Protection from a color is combat and targeting, nothing the engine rules on.
    found = [k for k in found if not _PROTECTION.match(k)]
    if not set(found) <= _WITH_READ:
        return None
    return tuple(found)


def _a_creature(
    target: tuple[ir.Sel, bool] | None, referent: ir.Sel | None, own_types: tuple[str, ...] | None
) -> bool:
    """Whether what changes is a creature by what the sentence says: "target creature", "that
    creature" after one was targeted, or ~ on a creature face."""
    if target is not None:
        return target[0].types == ("creature",)
    if referent is not None:
        return referent.types == ("creature",)
    return own_types is not None and "creature" in own_types


def becomes(
    sentence: str,
    following: str,
    *,
    pronoun: bool,
    self_land: bool | None = None,
    referent: ir.Sel | None = None,
    own: tuple[tuple[str, ...], tuple[str, ...]] | None = None,
) -> tuple[list[ir.Ability], bool] | None:
    """A target that becomes more of a type, for the effect's one target: the abilities (the
    type change, and haste to the target) and whether it gains haste. pronoun: "it" names the
    effect's target (the sentence before targeted it, or named ~ alone). self_land: given, the
    face's own permanent may be what changes ("~ becomes", or the pronoun for ~): the entry's
    `target` is then that permanent, and the value says whether it is a land. referent: what
    the pronoun names, the target of the sentence before (whether it is a land). own: the
    face's own card types and subtypes: "~ becomes a 2/2 Bird artifact creature" on an artifact
    with no creature type of its own adds what it lacks (205.1a replaces nothing it has).
    Otherwise, with no "in addition" and no "still a land", its card types are replaced
    (205.1a, set_card_types: "~ becomes a 3/3 Gargoyle creature" on an enchantment), its old
    subtypes staying with the card types it keeps."""
    m = _BECOMES.match(sentence)
    if m is None or (m.group("condition") is not None and m.group("trigger") is None):
        return None
    # After an intervening "if ~ is ...", "it" is ~ itself.
    it_is_self = m.group("intervening") is not None and m.group("it") == "it"
    is_self = m.group("self") is not None or it_is_self
    is_it = m.group("it") is not None and not it_is_self
    if is_it != pronoun:
        return None
    if is_it and (m.group("cost") or m.group("trigger")):
        return None
    if is_self and self_land is None:
        return None
    target = selector(m.group("target"), singular=True) if m.group("target") else None
    if m.group("target") is not None and target is None:
        words_of_target = m.group("target").split()
        if {"card", "perpetually"} & set(words_of_target):
            return None  # a card off the battlefield, or a digital-only change: no permanent's
        if "land" in words_of_target:
            return None  # whether it is a land, which "still a land" asks, is not sure
        # Which one it is, the entry's `target` says; only that it is no land (and whether it
        # is a creature: "target creature that player controls") is read here.
        creature = ("creature",) if words_of_target[0] == "creature" else ()
        target = (ir.Sel(types=creature), False)
    words = m.group("words").split(" ")
    colors = colors_said(words)  # takes the color words off the front (105.2, 613.1e)
    if colors is False:
        return None
    types = tuple(TYPES[w] for w in words if w in TYPES)
    subtypes = tuple(w for w in words if w not in TYPES)
    kept = m.group("kept") or ""
    if not kept and _STILL_A_PLANESWALKER.match(following):
        kept = " that's still a planeswalker"  # said in the next sentence, as a land's may be
    own_types, own_subtypes = own if own is not None and is_self else (None, None)
    # 205.1a: card types replaced by ones that include all the face's own lose nothing, when
    # no creature type of its own could be replaced by one named.
    replaced_keeps_all = (
        own_types is not None
        and bool(types)
        and set(own_types) <= set(types)
        and _no_creature_types(own_subtypes or ())
        # A land, artifact or enchantment type named would replace the face's own of its kind.
        and not any(t.casefold() in NOT_CREATURE_TYPES for t in subtypes)
    )
    still = STILL_A_LAND.match(following) is not None
    # 205.1b: what becomes an "artifact creature" keeps every card type and subtype it had.
    artifact_creature = set(types) == {"artifact", "creature"}
    # 205.1a: its card types replaced, its subtypes staying with the card types it keeps.
    replaced = not (kept or still or replaced_keeps_all or artifact_creature) and bool(types)
    # 205.1a: a creature that becomes a creature type alone keeps its card types, and the
    # creature types named replace its own ("target creature becomes a blue Frog").
    creature_types_only = (
        not (types or kept or still)
        and bool(subtypes)
        and not any(t.casefold() in NOT_CREATURE_TYPES for t in subtypes)
        and _a_creature(target, referent if is_it else None, own_types if is_self else None)
    )
    if not (
        kept or still or replaced_keeps_all or artifact_creature or replaced or creature_types_only
    ):
        return None  # no card type named: only its subtypes would change, not said exactly
    # "Still a land" keeps the old types only of a land (one that isn't says something else).
    still_land = "still a land" in kept or (not kept and still)
    if m.group("enchanted") is not None:
        land = True
    elif target is not None:
        # 205.3i: only a land has a land type, so "target Forest" is a land.
        land = target[0].types == ("land",) or _land_types_only(target[0])
    elif referent is not None and is_it:
        land = referent.types == ("land",)
    else:
        land = bool(self_land)
    if still_land and not land:
        return None
    # "Still a planeswalker" keeps the card types of the face itself, a planeswalker.
    if "still a planeswalker" in kept and (own is None or "planeswalker" not in own[0]):
        return None
    # Subtypes (one capitalized word each) come before card types: "Elemental creature".
    if words != [*subtypes, *types] or not all(_SUBTYPE_WORD.fullmatch(w) for w in subtypes):
        return None
    if replaced_keeps_all:
        types = tuple(t for t in types if t not in (own_types or ()))
    keywords = (_keywords(m.group("with")), _keywords(m.group("gains")), _keywords(m.group("also")))
    if keywords[0] is None or keywords[1] is None or keywords[2] is None:
        return None
    to = ir.Sel(attached=True)  # for an effect, "attached" is its target (board.py)
    if not (types or subtypes):
        return None
    said = (*keywords[0], *keywords[1], *keywords[2])
    every = _ALL_CREATURE_TYPES in said
    if every and "creature" not in types:
        return None
    change: list[ir.Ability]
    if creature_types_only:
        change = [ir.SetCreatureTypes(to, subtypes, effect=True)]
    elif replaced:
        if every:
            return None
        change = [ir.SetCardTypes(to, types, subtypes, effect=True)]
    elif types:
        change = [ir.AddTypes(to, types, subtypes, effect=True, every_creature_type=every)]
    else:
        change = [ir.AddSubtypes(to, subtypes, effect=True)]
    if colors is not None:
        change.append(ir.SetColors(to, colors, effect=True))  # 105.2: these colors only
    return change, "haste" in said


# "{T}: Target land you control becomes the basic land type of your choice until end of turn."
# "{T}: Target land becomes an Island until end of turn."
# "When ~ dies, two target lands become Swamps."
# 305.7: a set effect on the effects entry's target, of the type the text names or of the one
# chosen as it resolved (the entry's chosen_land_type); "in addition to its other types" adds
# it instead. Several targets are one entry each, every one the same effect. However long it
# lasts (until end of turn, until ~ leaves the battlefield, until its controller's next untap
# step, for good), an entry stands for it while it is in force: the state is a moment.
_ONE_LAND = r"[Tt]arget land(?: you control| an opponent controls| you don't control)? becomes"
_LANDS = r"(?:[Tt]wo|[Tt]hree|X|[Uu]p to (?:two|three)) target lands(?: you control)? become"
_TARGET_LAND_TYPE = re.compile(
    r'^(?P<lead>[^:"]+: |(?:When|Whenever|At) [^,:"]+, (?:if [^,:"]+, )?)?'
    r"(?:[Uu]ntil end of turn, )?"
    rf"(?:(?P<one>{_ONE_LAND}|you may have target land become)|(?P<many>{_LANDS})) "
    r"(?:the basic land type of your choice|an? (?P<fixed>Plains|Island|Swamp|Mountain|Forest)"
    r"|(?P<plural>Plains|Islands|Swamps|Mountains|Forests))"
    r"(?P<add> in addition to (?:its|their) other types)?"
    r"(?: until end of turn| until your next turn| until ~ leaves the battlefield"
    r"| until its controller's next untap step| for as long as ~ remains on the battlefield)?\.$"
)


# "{U}: Target creature becomes blue until end of turn.", "{2}: ~ becomes colorless until end
# of turn.", "Target spell or permanent becomes white.": the effects entry's target (or the
# permanent itself) is those colors only (105.2, layer 5, 613.1e). A color chosen as it
# resolves ("the color of your choice") no entry says: not read, so reported.
_COLOR_WORD = r"(?:white|blue|black|red|green)"
_TARGET_COLORS = re.compile(
    r'^(?P<lead>[^:"]+: |(?:When|Whenever|At) [^,:"]+, (?:if [^,:"]+, )?)?'
    r"(?:[Uu]ntil end of turn, )?"
    r"(?:[Tt]arget (?:(?:artifact|nonland|legendary) )?(?:creature|permanent|artifact|land)"
    r"(?: you control)?|[Tt]arget spell or permanent|~) becomes "
    rf"(?P<colors>colorless|{_COLOR_WORD}(?:(?:,|,? and) {_COLOR_WORD})*)"
    r"(?: until end of turn)?\.$"
)


def target_colors(sentence: str, *, lead: bool) -> ir.SetColors | None:
    """The color change above; `lead` as for target_land_type."""
    m = _TARGET_COLORS.match(sentence)
    if m is None or (lead and m.group("lead") is None):
        return None
    colors = colors_said(m.group("colors").split())
    if colors is None or colors is False:
        return None
    return ir.SetColors(ir.Sel(attached=True), colors, effect=True)


def target_land_type(sentence: str, *, lead: bool) -> ir.SetLandTypes | ir.AddSubtypes | None:
    """The effect above on each target; `lead`: the sentence must open with the activation's
    cost or the trigger's condition (a permanent's text, where a bare sentence would be a
    static ability), else it may open with its effect (a spell's)."""
    m = _TARGET_LAND_TYPE.match(sentence)
    if m is None or (lead and m.group("lead") is None):
        return None
    if (m.group("one") and m.group("plural")) or (m.group("many") and m.group("fixed")):
        return None  # "target land becomes Swamps": not a sentence a card says
    to = ir.Sel(attached=True)  # the effect's target, one entry per target
    named = m.group("fixed") or _BASIC.get(m.group("plural") or "")
    types = (named,) if named else ()
    if m.group("add"):
        return ir.AddSubtypes(to, types, effect=True, chosen=named is None)
    return ir.SetLandTypes(to, types, effect=True, chosen=named is None)


# --- permanents that are also of a subtype or card type (205.1b, 613.1d) ---------------------
#
#     Artifacts are Foods in addition to their other types.        -> add_subtypes (artifacts)
#     Lands you control and land cards you own that aren't on the battlefield are Deserts in
#     addition to their other types.                              -> add_subtypes (your lands)
#     As long as ~ is on the battlefield, it's a land in addition to its other types.
#                                                                  -> add_types (itself)
#
# Cards that aren't on the battlefield are left out: nothing the engine asks reads the
# subtypes of a card in a hand, library or graveyard (reveals read card types, legendary and
# mana value; mulligans and free casts read none).
_ALSO_SUBTYPE = re.compile(
    r"^(?P<sel>[A-Za-z ]+?)(?P<cards> and land cards you own that aren't on the battlefield)? "
    r"are (?P<sub>[A-Z][a-z]+) in addition to their other types\.?$"
)
# "Creatures you control are Island lands in addition to their other types."
_ALSO_BASIC_LANDS = re.compile(
    r"^(?P<sel>[A-Za-z ]+?) are (?P<sub>Plains|Island|Swamp|Mountain|Forest) lands in addition "
    r"to their other types\.$"
)
_ALSO_TYPE = re.compile(
    r"^As long as ~ is on the battlefield, it's an? (?P<type>[a-z]+) in addition to its other "
    r"types\.$"
)


# A group that is creatures too, or of every creature type, by a static ability (205.1b):
#
#     All Forests are 1/1 creatures that are still lands.     -> add_types (creature)
#     Islands you control are 2/2 blue Fish creatures that are still lands.
#                                            -> add_types (creature, Fish), set_colors (blue)
#     Lands you control are 3/3 creatures with vigilance. They're still lands.
#     Creatures you control are every creature type.  ~ is every creature type.
#                                            -> add_types with every_creature_type (702.73a)
#
# Lands so made creatures are creatures for 302.6: one that came this turn can't tap for mana.
# Without "still lands" the land types would be replaced (205.1a): not read here. Power,
# toughness and combat keywords are the state's or bear on nothing the engine rules on.
_GROUP_IS_CREATURES = re.compile(
    r"^(?P<sel>[A-Za-z ]+?) are (?:(?:\d+|X)/(?:\d+|X) )?(?:(?P<words>[A-Za-z ]+?) )?creatures"
    r"(?: with (?P<with>[a-z ,]+?))?(?P<still> that are still lands)?\.$"
)
_EVERY_CREATURE_TYPE = re.compile(
    r"^(?P<sel>~|[A-Za-z ]+?) (?:is|are) (?:every|all) creature types?\.$"
)


# "Each noncreature artifact is an artifact creature" (its size equal to its mana value, the
# state's): 205.1b, an "artifact creature" keeps every card type and subtype it had (an
# artifact land so changed is still a land), so the creature type is added. Other card types
# named ("is an enchantment creature") replace its own (205.1a), its subtypes staying with the
# card types it keeps.
_EACH_IS_A = re.compile(
    r"^(?P<sel>Each [A-Za-z -]+?) (?:is|becomes) an? (?:(?:\d+|X)/(?:\d+|X) )?"
    r"(?P<types>(?:artifact |enchantment |land )*creature)"
    r"(?: with (?:base )?power and (?:base )?toughness each equal to its mana value)?\.$"
)


def group_is_creatures(sentence: str, following: str) -> list[ir.Ability] | None:
    """The static type change above, or None."""
    if (each := _EACH_IS_A.match(sentence)) is not None:
        found = selector(each.group("sel"))
        types = tuple(TYPES[w] for w in each.group("types").split())
        if found is None or found[0].attached:
            return None
        if types == ("artifact", "creature"):
            return [ir.AddTypes(found[0], types)]
        return [ir.SetCardTypes(found[0], types)]
    if (every := _EVERY_CREATURE_TYPE.match(sentence)) is not None:
        phrase = every.group("sel")
        found = (ir.Sel(source=True), False) if phrase == "~" else selector(phrase)
        if found is None or found[0].attached or not (found[1] or found[0].source):
            return None
        return [ir.AddTypes(found[0], ("creature",), every_creature_type=True)]
    m = _GROUP_IS_CREATURES.match(sentence)
    if m is None or not (m.group("still") or following == _STILL_LANDS):
        return None
    found = selector(m.group("sel"))
    if found is None or found[0].attached or not found[1]:
        return None
    to = found[0]
    # Keywords they have as well: haste is granted (302.6 reads it), the rest bear on nothing.
    granted = statics.granted_keywords(list_items(m.group("with") or ""), to)
    if granted is None:
        return None
    words = (m.group("words") or "").split()
    colors = colors_said(words)
    named_subtypes = [subtype_word(w, plural=False) for w in words if w[:1].isupper()]
    named_types = [TYPES.get(w) for w in words if not w[:1].isupper()]
    if colors is False or None in named_subtypes or None in named_types:
        return None
    added: list[ir.Ability] = [
        ir.AddTypes(
            to,
            (*(t for t in named_types if t is not None), "creature"),
            tuple(sub for sub in named_subtypes if sub is not None),
        ),
        *granted,
    ]
    return added + ([ir.SetColors(to, colors)] if colors is not None else [])


# "~ is every nonbasic land type.": the land itself has each land type 205.3i lists but the
# basic ones, none of which brings a mana ability (305.6 is about basic land types only). Off
# the battlefield nothing the engine asks reads a card's subtypes. An effect setting its land
# types (Blood Moon, 305.7) removes this ability, so it applies first (613.8a), as a
# characteristic-defining ability would (613.3): either way the set types are what is left.
_EVERY_NONBASIC = "~ is every nonbasic land type."


# "Each other non-Saga enchantment is a creature in addition to its other types ...", "All
# permanents are artifacts in addition to their other types.": a group's card type added
# (205.1b), which 302.6 and every selector of that type read. Power and toughness said beside
# are the state's (613.4).
_ALSO_CARD_TYPE = re.compile(
    r"^(?P<sel>[A-Za-z -]+?) (?:is an?|are) (?P<type>[a-z]+?)s? in addition to (?:its|their) "
    r"other types(?: and ha(?:s|ve) base power and (?:base )?toughness [^.]+)?\.$"
)


def also_of_type(sentence: str) -> ir.AddSubtypes | ir.AddTypes | None:
    """A static type-adding effect of a permanent (above); None for basic land types (those
    are type_change's, with their mana) and for anything else."""
    if sentence == _EVERY_NONBASIC:
        return ir.AddSubtypes(ir.Sel(source=True), NONBASIC_LAND_TYPES)
    if (added := _ALSO_CARD_TYPE.match(sentence)) is not None:
        card_type = TYPES.get(added.group("type"))
        found = selector(added.group("sel"))
        each = added.group("sel").startswith(("Each ", "All "))
        if card_type is None or found is None or found[0].attached or not (found[1] or each):
            return None
        return ir.AddTypes(found[0], (card_type,))
    if (t := _ALSO_TYPE.match(sentence)) is not None:
        card_type = TYPES.get(t.group("type"))
        if card_type is None:
            return None
        return ir.AddTypes(ir.Sel(source=True), (card_type,))
    if (lands := _ALSO_BASIC_LANDS.match(sentence)) is not None:
        # 305.6: a land of a basic land type has its mana ability; creatures so made lands
        # stay creatures (302.6 still applies to them).
        group = selector(lands.group("sel"))
        if group is None or not group[1] or group[0].attached:
            return None
        return ir.AddTypes(group[0], ("land",), (lands.group("sub"),))
    m = _ALSO_SUBTYPE.match(sentence)
    if m is None:
        return None
    if m.group("cards") and m.group("sel") != "Lands you control":
        return None
    if m.group("sel").split(" ")[0] in ("Those", "These", "The", "They"):
        return None  # objects named earlier (returned, created...), not a description
    found = selector(m.group("sel"))
    subtype = subtype_word(m.group("sub"), plural=True)
    if found is None or not found[1] or subtype is None or subtype in BASIC_LAND_TYPES:
        return None
    return ir.AddSubtypes(found[0], (subtype,))


# "~ is the chosen type in addition to ..." (its, or a group's, other types) after "As ~
# enters, choose a creature type." (or "a basic land type"): the permanent's `chosen_type` is
# added to its subtypes, or to those of a group ("Creatures you control are ..."); a basic
# land type brings its mana (305.6).
#
#     Enchanted land is the chosen type.          -> set_land_types (the attached land)
#     ~ is the chosen type.                       -> set_land_types (the land itself)
#
# Without "in addition", after "choose a basic land type", the type is set instead (305.7): the
# lands lose their other land types and the abilities of their rules text, and gain the chosen
# type's mana ability. Only lands are named (an Aura's enchanted land, the face itself when it
# is a land). After "choose a creature type", their creature types are set to it instead
# ("Creatures you control are the chosen type.": set_creature_types, 205.1a).
_CHOSEN_TYPE = re.compile(
    r"^(?P<sel>.+?) (?:is|are) the chosen type"
    r"(?P<add> in addition to (?:its|their) other types)?\.$"
)


def reads_chosen_type(sentence: str) -> bool:
    """Does the sentence give "the chosen type" (added or set), which a choice as the face
    enters must say?"""
    return _CHOSEN_TYPE.match(sentence) is not None


def chosen_type_effect(
    sentence: str, chosen: Literal["creature_type", "basic_land_type"], *, land: bool
) -> ir.AddSubtypes | ir.SetLandTypes | ir.SetCreatureTypes | None:
    """The type chosen as the face's permanent entered, added or set (above); `land`: the face
    is a land, so "~" names a land."""
    m = _CHOSEN_TYPE.match(sentence)
    if m is None:
        return None
    phrase = m.group("sel")
    if m.group("add"):
        if phrase == "~":
            return ir.AddSubtypes(ir.Sel(source=True), (), chosen_as_it_entered=chosen)
        found = selector(phrase)
        if found is None:
            return None
        return ir.AddSubtypes(found[0], (), chosen_as_it_entered=chosen)
    if chosen == "creature_type":
        # 205.1a: their creature types become the chosen one, their other types kept. Said of
        # "~" it would give a face that may be no creature a creature type (205.3d): not read.
        found = selector(phrase) if phrase != "~" else None
        if found is None:
            return None
        return ir.SetCreatureTypes(found[0], (), chosen_as_it_entered="creature_type")
    if phrase == "~" and not land:
        return None  # 305.7 is about lands: "~" must name one
    sel = ir.Sel(source=True) if phrase == "~" else _lands(phrase)
    if sel is None:
        return None
    return ir.SetLandTypes(sel, (), chosen_as_it_entered=chosen)


# --- what a resolved ability's object is, while it lasts (205.1b, 613.1d) --------------------
#
#     {3}, {T}: Put a hex counter on target creature. For as long as that creature has a hex
#          counter on it, it's a Newt in addition to its other types.
#                    -> add_subtypes to the effect's target, while it has a hex counter
#     {T}: You may cast a creature spell from your graveyard this turn. If you do, it enters
#          with a hex counter on it and is a Newt in addition to its other types.
#                    -> add_subtypes to the effect's target: the creature that spell became
#
#     Put a tide counter on target land. That land is a Mountain in addition to its other
#          types for as long as it has a tide counter on it.
#                    -> add_subtypes (or set_land_types without "in addition", 305.7) to the
#                       effect's target, while it has a tide counter
#
# Either way the entry of the state's effects names as its `target` the one object meant: the
# creature or land the effect targeted, or the permanent the spell it allowed became.
_PUT_ON_TARGET = re.compile(
    r'^[^:"]+: Put an? (?P<kind>[a-z]+) counter on target (?:creature|permanent)\.$'
)
_WHILE_COUNTER = re.compile(
    r"^For as long as that (?:creature|permanent) has an? (?P<kind>[a-z]+) counter on it, "
    r"it's an? (?P<sub>[A-Z][a-z]+) in addition to its other types\.$"
)
_PUT_ON_LAND = re.compile(
    r'^(?:[^:"]+: |(?:When|Whenever|At) [^,:"]+, )?(?:[Pp]ut|that player puts) an? '
    r"(?P<kind>[a-z]+) counter on target (?:non-[A-Z][a-z]+ )?land"
    r"(?: you control| they control of their choice)?\.$"
)
_LAND_WHILE_COUNTER = re.compile(
    r"^(?:That land is|It's) an? (?P<sub>Plains|Island|Swamp|Mountain|Forest)"
    r"(?P<add> in addition to its other types)? for as long as it has an? (?P<kind>[a-z]+) "
    r"counter on it\.$"
)
_MAY_CAST = re.compile(
    r'^[^:"]+: You may cast an? (?:creature|permanent) spell from your graveyard this turn\.$'
)
_ENTERS_AS = re.compile(
    r"^If you do, it enters with an? [a-z]+ counter on it and is an? (?P<sub>[A-Z][a-z]+) in "
    r"addition to its other types\.$"
)


def resolved_object_type(
    previous: str | None, sentence: str
) -> ir.AddSubtypes | ir.SetLandTypes | None:
    """The subtype a resolved effect's one object has, kept while it lasts (above)."""
    if previous is None:
        return None
    if (put := _PUT_ON_LAND.match(previous)) and (land := _LAND_WHILE_COUNTER.match(sentence)):
        if land.group("kind") != put.group("kind"):
            return None
        to = ir.Sel(attached=True, counters=(land.group("kind"), 1))
        if land.group("add"):
            return ir.AddSubtypes(to, (land.group("sub"),), effect=True)
        return ir.SetLandTypes(to, (land.group("sub"),), effect=True)
    if (put := _PUT_ON_TARGET.match(previous)) and (m := _WHILE_COUNTER.match(sentence)):
        if m.group("kind") != put.group("kind") or m.group("sub") in TYPES:
            return None
        to = ir.Sel(attached=True, counters=(m.group("kind"), 1))  # the effect's target
        return ir.AddSubtypes(to, (m.group("sub"),), effect=True)
    if _MAY_CAST.match(previous) and (m := _ENTERS_AS.match(sentence)):
        if m.group("sub") in TYPES:
            return None
        return ir.AddSubtypes(ir.Sel(attached=True), (m.group("sub"),), effect=True)
    return None


# --- a resolved ability's one object that becomes other card types (205.1a, 613.1d) ----------
#
#     If you do, put that card onto the battlefield under your control. It's a Treasure
#          artifact with "{T}, Sacrifice ~: Add one mana of any color," and it loses all other
#          card types.              -> set_card_types (artifact, Treasure) and the grant
#     At the beginning of your end step, untap ~. Until your next turn, he becomes a land and
#          gains "{T}: Add {U}."    -> set_card_types (land) of itself and the grant
#
# 205.1a: "becomes a land" without "in addition" or "still" replaces the card types. The
# compiled kind keeps no old subtype but land types (set_card_types), so only these are
# compiled: the new types are "land" alone, or one card type with its own subtype named.
# The entry of the state's effects names the one object as `target`.
_RETURNED = re.compile(
    r"^(?:If you do, )?[Rr]eturn that card to the battlefield(?: tapped)?(?: under your "
    r"control)?\.$"
)
_NOW_IS = re.compile(
    r"^It's an? (?P<sub>[A-Z][a-z]+) (?P<type>artifact|enchantment) with "
    r'"(?P<ability>[^"]+?),?" and it loses all other card types\.$'
)
_SELF_LAND = re.compile(
    r"^Until (?:your next turn|end of turn), (?:he|she|it|~) becomes a land and gains "
    r'"(?P<ability>[^"]+)"\.?$'
)
_UNTAP_SELF = re.compile(r'^(?:[^:"]+: |(?:At|When|Whenever) [^,:"]+, )[Uu]ntap ~\.$')


def set_types(previous: str | None, sentence: str) -> tuple[ir.SetCardTypes, str] | None:
    """The type change and the quoted ability it gains (for the caller to compile), above."""
    if previous is None:
        return None
    to = ir.Sel(attached=True)  # the effect's one object: its `target`
    if _RETURNED.match(previous) and (m := _NOW_IS.match(sentence)):
        if m.group("sub") in TYPES or m.group("type") not in TYPES:
            return None
        change = ir.SetCardTypes(to, (TYPES[m.group("type")],), (m.group("sub"),), effect=True)
        return change, m.group("ability").rstrip(",") + "."
    if _UNTAP_SELF.match(previous) and (m := _SELF_LAND.match(sentence)):
        return ir.SetCardTypes(to, ("land",), effect=True), m.group("ability")
    return None


# "Enchanted permanent is a colorless land with "{T}: Add {C}" and loses all other card types
# and abilities.": its card types become land alone (205.1a; a land keeps its land types), it
# is colorless (105.2c, layer 5), it has the quoted ability and loses every other one (layer
# 6, its land types' intrinsic ones too: 305.6, 613.1f).
_COLORLESS_LAND = re.compile(
    r"^Enchanted (?:permanent|creature|land|artifact) is a colorless land with "
    r'"(?P<ability>[^"]+?)\.?" and loses all other card types and abilities\.$'
)


def colorless_land(sentence: str) -> tuple[list[ir.Ability], str] | None:
    """The layer effects and the quoted ability's text (for the caller to compile), above."""
    m = _COLORLESS_LAND.match(sentence)
    if m is None:
        return None
    to = ir.Sel(attached=True)
    effects: list[ir.Ability] = [
        ir.SetCardTypes(to, ("land",)),
        ir.SetColors(to, ()),
        ir.LoseAllAbilities(to, keeps_own=True),
    ]
    return effects, m.group("ability") + "."


# --- what loses everything but what the same effect gives it (205.1a, 305.6, 613.1f) ---------
#
#     Enchanted land loses all land types and abilities and has "{T}: Add {B}" and "{T}, Pay 2
#          life: Add {R}{R}."                -> set_land_types (none), lose_all_abilities
#                                               (keeping its own), a grant per quote
#     Lands an opponent controls with the chosen name lose all land types and abilities, and
#          they gain "{T}: Add {C}."         -> the same, to_chosen_name (201.3)
#     All lands have "{T}: Add {G}" and lose all other abilities.
#     Enchanted permanent is a Clue artifact with "{T}, Sacrifice ~: Add {C}{C}," and it loses
#          all other abilities.               -> set_card_types (artifact, Clue): "is a ...
#                                               artifact" alone replaces the card types
#                                               (205.1a); supertypes stay
#   and from a resolved effect, one entry per object:
#     (after "... put a rot counter on target land.") For as long as that land has a rot
#          counter on it, it loses all land types and abilities and has "{T}: Add {B}."
#     (after "When ~ enters, for each player, choose up to one target creature that player
#          controls.") For as long as ~ remains on the battlefield, the chosen permanents
#          become Clue artifacts with "..." and lose all other abilities.
#
# Losing all land types sets none, so 305.7 takes nothing: the abilities go by the loss itself.
_CHOSEN_NAME_WORDS = " with the chosen name"
_QUOTES = r'"(?P<a>[^"]+?)[.,]?"(?: and "(?P<b>[^"]+?)[.,]?")?'
_LOSES_LAND_TYPES = re.compile(
    r"^(?P<who>Enchanted land|[A-Z][a-z ]+?) (?:loses|lose) all land types and abilities,? and "
    rf"(?:has|have|they gain) {_QUOTES}\.?$"
)
_HAVE_THEN_LOSE = re.compile(
    rf"^(?P<who>[A-Z][a-z ]+?) have {_QUOTES} and lose all other abilities\.$"
)
_IS_ARTIFACT = re.compile(
    r"^Enchanted (?:permanent|creature|artifact|land) is an? (?P<sub>[A-Z][a-z]+) artifact with "
    rf"{_QUOTES} and it loses all other abilities\.$"
)
_COUNTER_LOSES = re.compile(
    r"^For as long as that land has an? (?P<kind>[a-z]+) counter on it, it loses all land types "
    rf"and abilities and has {_QUOTES}\.?$"
)
_CHOOSE_EACH = re.compile(
    r"^When ~ enters, for each player, choose up to one (?:other )?target [a-z ,]+ that player "
    r"controls\.$"
)
_CHOSEN_BECOME = re.compile(
    r"^For as long as ~ remains on the battlefield, the chosen permanents become "
    rf"(?P<sub>[A-Z][a-z]+) artifacts with {_QUOTES} and lose all other abilities\.$"
)


@dataclass(frozen=True, slots=True)
class Stripped:
    """What loses its abilities (and perhaps its land or card types), and the quoted abilities
    the same effect gives it, for the caller to compile and grant to `to`."""

    to: ir.Sel
    changes: list[ir.Ability]
    quoted: list[str]
    effect: bool
    chosen_name: bool = False


def _quoted(m: re.Match[str]) -> list[str]:
    return [q + "." for q in (m.group("a"), m.group("b")) if q]


def stripped(sentence: str, previous: str | None, *, chooses_name: bool) -> Stripped | None:
    """The effect above; `chooses_name`: the face chooses a card name as it enters."""
    if (m := _LOSES_LAND_TYPES.match(sentence)) is not None:
        who = m.group("who")
        named = _CHOSEN_NAME_WORDS in who
        if named and not chooses_name:
            return None
        sel = (
            ir.Sel(attached=True)
            if who == "Enchanted land"
            else _lands(who.replace(_CHOSEN_NAME_WORDS, ""))
        )
        if sel is None:
            return None
        changes: list[ir.Ability] = [
            ir.SetLandTypes(sel, (), none=True, chosen_name=named),
            ir.LoseAllAbilities(sel, keeps_own=True, chosen_name=named),
        ]
        return Stripped(sel, changes, _quoted(m), effect=False, chosen_name=named)
    if (m := _HAVE_THEN_LOSE.match(sentence)) is not None:
        found = selector(m.group("who"))
        if found is None or not found[1]:
            return None
        sel = found[0]
        return Stripped(sel, [ir.LoseAllAbilities(sel, keeps_own=True)], _quoted(m), False)
    if (m := _IS_ARTIFACT.match(sentence)) is not None:
        return _artifact(m, effect=False)
    if previous is None:
        return None
    if (put := _PUT_ON_LAND.match(previous)) and (m := _COUNTER_LOSES.match(sentence)):
        if m.group("kind") != put.group("kind"):
            return None
        sel = ir.Sel(attached=True, counters=(m.group("kind"), 1))
        changes = [
            ir.SetLandTypes(sel, (), effect=True, none=True),
            ir.LoseAllAbilities(sel, effect=True, keeps_own=True),
        ]
        return Stripped(sel, changes, _quoted(m), effect=True)
    if _CHOOSE_EACH.match(previous) and (m := _CHOSEN_BECOME.match(sentence)):
        return _artifact(m, effect=True)
    return None


def _artifact(m: re.Match[str], *, effect: bool) -> Stripped | None:
    if m.group("sub") in TYPES:
        return None
    sel = ir.Sel(attached=True)  # the Aura's permanent, or the effect's target
    changes: list[ir.Ability] = [
        ir.SetCardTypes(sel, ("artifact",), (m.group("sub"),), effect=effect),
        ir.LoseAllAbilities(sel, effect=effect, keeps_own=True),
    ]
    return Stripped(sel, changes, _quoted(m), effect=effect)


# --- a resolved effect's target that loses all abilities (613.1f) ----------------------------
#
#     [+2]: Target creature loses all abilities and becomes a blue Toad creature with base
#          power and toughness 2/2.           -> lose_all_abilities, and what `becomes`
#                                                reads of the rest, on the entry's target
#     Whenever ~ blocks, up to one target artifact loses all abilities until your next turn.
#     When ~ dies, target creature loses all abilities.
#
# The target's restrictions were met when it was chosen: the entry's `target` is the one (so
# what the sentence says of it is not read). However long it lasts, the entry stands for it
# while it is in force. Power and toughness (613.4) are the state's.
_TARGET_LOSES = re.compile(
    r'^(?P<lead>[^:"]+: |(?:When|Whenever|At) [^,:"]+, (?:if [^,:"]+, )?)?'
    r"(?P<until>[Uu]ntil end of turn, )?"
    # Not a card off the battlefield, nor a digital-only "perpetually", nor what it becomes
    # before it loses them ("becomes a 6/6 Horror creature and loses all abilities": a type
    # change the target phrase would swallow).
    r"(?:[Uu]p to one (?:other )?|(?:[Aa]nother) )?[Tt]arget "
    r'(?P<target>(?:(?!card\b|perpetually|becomes?\b)[^.:"])*?)'
    r"(?: gets [+-]\d+/[+-]\d+ and)? loses all abilities(?P<except> except mana abilities)?"
    r"(?: until end of turn| until your next turn)?"
    r"(?: and (?:(?P<size>has base power and toughness \d+/\d+)|becomes (?P<becomes>[^.]+?)"
    r'|gains "(?P<quoted>[^"]+)"))?'
    # A quoted ability last ends the sentence with its own period.
    r'(?: until end of turn| until your next turn)?(?:\.|(?<=\."))$'
)


def target_loses_all(sentence: str, *, lead: bool) -> tuple[list[ir.Ability], str | None] | None:
    """The effect above on its one target, and the ability it gains in the same breath, if
    any, for the caller to judge (whether it bears on what the engine rules on); `lead`: the
    sentence must open with the activation's cost or the trigger's condition (as
    target_land_type's)."""
    m = _TARGET_LOSES.match(sentence)
    if m is None or (lead and m.group("lead") is None):
        return None
    to = ir.Sel(attached=True)  # the effect's target
    except_mana = m.group("except") is not None  # 605.1: its mana abilities stay
    lost: list[ir.Ability] = [ir.LoseAllAbilities(to, effect=True, except_mana=except_mana)]
    if m.group("becomes") is None:
        return lost, m.group("quoted")
    # What it becomes, read as the same effect's "target ... becomes ..." would be.
    found = becomes(f"Target {m.group('target')} becomes {m.group('becomes')}.", "", pronoun=False)
    if found is None or found[1]:
        return None  # haste granted after all abilities are lost: not this template
    return [*lost, *found[0]], None


#     {2}: ~ loses all abilities until end of turn.
#     When ~ enters, tap target artifact. It loses all abilities until your next turn.
#
# The permanent itself, by its own activation or trigger, or the one target a sentence before
# named ("It", "That creature"): the entry's `target` is that permanent (the caller knows what
# the pronoun names). However long it lasts, the entry stands for it while it is in force.
_NAMED_LOSES = re.compile(
    r'^(?P<lead>[^:"]+: |(?:When|Whenever|At) [^,:"]+, )?(?:[Uu]ntil end of turn, )?'
    r"(?P<who>~|It|That creature|That permanent) loses all abilities"
    r"(?P<except> except mana abilities)?"
    r"(?: until end of turn| until your next turn| for as long as ~ remains on the battlefield)?"
    r"\.$"
)


def named_loses_all(sentence: str) -> tuple[str, bool, ir.LoseAllAbilities] | None:
    """The loss above: who ("~" or a pronoun), whether the sentence has its own lead, and the
    effect on the entry's target."""
    m = _NAMED_LOSES.match(sentence)
    if m is None:
        return None
    lost = ir.LoseAllAbilities(
        ir.Sel(attached=True), effect=True, except_mana=m.group("except") is not None
    )
    return m.group("who"), m.group("lead") is not None, lost


# --- a group that becomes creatures too, each object its own entry (611.2c, 205.1b) ---------
#
#     Whenever you gain life, you may have Clues you control become 2/2 Golem artifact
#          creatures in addition to their other types until end of turn.
#                                     -> add_types (creature, the subtypes) on each entry's target
#     {2}: Up to three target Islands each become 1/4 Crab creatures in addition to their other
#          types until end of turn.
#
# 611.2c: a resolved ability's effect changes only the objects there as it resolved, so each
# is its own entry, as for haste given to a group. Only "in addition to their other types" is
# read here: what replaced types would leave of each is not said.
_GROUP_BECOMES = re.compile(
    r'^(?P<lead>[^:"]+: |(?:When|Whenever|At) [^,:"]+, )?(?:[Uu]ntil end of turn, )?'
    r"(?:you may have )?"
    # "They" after "Untap up to six target lands.": those targets, each its own entry.
    r"(?:(?P<they>They|Those lands)|(?:[Oo]ther |[Aa]ll )?(?P<group>[A-Z][a-z]+s|lands) you control"
    r"|(?:[Uu]p to (?:two|three)|[Aa]ny number of) target (?P<targets>[A-Za-z]+s)(?: you control)?)"
    r"(?: each)? become (?:(?:\d+|X)/(?:\d+|X) )?(?:(?P<words>[A-Za-z ]+?) )?creatures"
    r"(?: with (?:base power and toughness (?:\d+|X)/(?:\d+|X)|(?P<with>[a-z ,]+?)))?"
    r"(?P<kept> in addition to their other types| that are still lands)?"
    r"(?: until end of turn)?\.$"
)
# Groups of artifacts: "become artifact creatures" replaces their card types by ones that
# include all they had (205.1a), so only "creature" is new.
_ARTIFACT_GROUPS = {"Artifacts", "Vehicles", "Treasures", "Clues", "Foods", "artifacts"}
_LAND_GROUPS = {"lands", "Lands", *_BASIC}  # "Forests" too: only lands have land types
_UNTAP_TARGET_LANDS = re.compile(
    r'^(?:[^:"]+: )?Untap up to (?:[a-z]+|X) target lands(?: you control)?\.$'
)
_STILL_LANDS = "They're still lands."


def group_becomes(
    sentence: str, previous: str | None, following: str, *, lead: bool
) -> list[ir.Ability] | None:
    """The change above, for each object's entry; `lead` as target_land_type's. "They" are
    the lands the sentence before untapped as its targets; "They're still lands." next keeps
    lands' types as "that are still lands" does."""
    m = _GROUP_BECOMES.match(sentence)
    if m is None:
        return None
    if m.group("they"):
        if previous is None or not _UNTAP_TARGET_LANDS.match(previous) or m.group("lead"):
            return None
    elif lead and m.group("lead") is None:
        return None
    words = m.group("words").split(" ") if m.group("words") else []
    types = tuple(TYPES[w] for w in words if w in TYPES)
    subtypes = tuple(w for w in words if w not in TYPES)
    if words != [*subtypes, *types] or not all(_SUBTYPE_WORD.fullmatch(w) for w in subtypes):
        return None
    who = m.group("group") or m.group("targets") or "lands"
    kept = m.group("kept") or ("that are still lands" if following == _STILL_LANDS else "")
    if "still lands" in kept and who not in _LAND_GROUPS:
        return None  # "still lands" said of what may be no land
    if not kept and not (types == ("artifact",) and who in _ARTIFACT_GROUPS):
        return None  # 205.1a: what the replaced types leave of each is not said exactly
    if types == ("artifact",) and not kept:
        types = ()  # they are artifacts already
    keywords = _keywords(m.group("with"))
    if keywords is None or _ALL_CREATURE_TYPES in keywords:
        return None
    to = ir.Sel(attached=True)  # each object's own entry names it as its target
    found: list[ir.Ability] = [ir.AddTypes(to, (*types, "creature"), subtypes, effect=True)]
    if "haste" in keywords:
        found.append(ir.Keyword("Haste", to, effect=True))
    return found
