"""Shared pieces of the grammar: numbers, mana, selector phrases ("lands you control")."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Literal

from app.catalog.compile.ir import Sel

NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
}
NUMBER = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d+)"
MANA_TYPE = r"\{[WUBRGC]\}"
# How the text of a one-shot effect lasting the turn begins (a resolved spell or ability's).
TURN_LONG = "Until end of turn, "
LIST_SEPARATOR = re.compile(r",? and |, ")


# "It's still a land." after a land becomes a creature: it keeps its card types (205.1b);
# "It's still a Cave land." names its own land type too.
STILL_A_LAND = re.compile(r"^It's still an? (?:[A-Z][a-z]+ )?land\.$")
_QUOTED = re.compile(r'"[^"]*"')
_HELD = re.compile(r"\x01(?P<i>\d+)\x01")  # a quoted ability, held out of a split


def split_outside_quotes(text: str, separator: re.Pattern[str]) -> list[str]:
    """`text` split where `separator` matches, never inside a quoted ability (a granted
    ability's own commas and "and"s are its own), each part with its quotes as they were."""
    quotes: list[str] = []

    def hold(q: re.Match[str]) -> str:
        quotes.append(q.group(0))
        return f"\x01{len(quotes) - 1}\x01"

    parts = separator.split(_QUOTED.sub(hold, text))
    return [_HELD.sub(lambda h: quotes[int(h.group("i"))], part) for part in parts]


def list_items(phrase: str) -> list[str]:
    """The items of an English list: "a, b, and c" / "a and b" -> [a, b, c], each stripped,
    none empty."""
    return [item.strip() for item in LIST_SEPARATOR.split(phrase) if item.strip()]


COLOR_CODES = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def colors_said(words: list[str]) -> tuple[str, ...] | Literal[False] | None:
    """The colors said at the front of `words` ("white and green", "colorless"), taken off
    it, in WUBRG order; None when none is said, False when they contradict each other."""
    named: set[str] = set()
    colorless = False
    while words and (
        words[0].rstrip(",") in COLOR_CODES or words[0] in ("and", "colorless")
    ):  # "white, blue, and red"
        word = words.pop(0).rstrip(",")
        colorless = colorless or word == "colorless"
        if word in COLOR_CODES:
            named.add(COLOR_CODES[word])
    if colorless and named:
        return False
    if not (colorless or named):
        return None
    return tuple(c for c in "WUBRG" if c in named)


def only_colors(phrase: str) -> tuple[str, ...] | None:
    """The colors a phrase says and nothing else ("black", "white and blue", "colorless": none),
    in WUBRG order; None when it says none, contradicts itself or says more."""
    words = phrase.split()
    colors = colors_said(words)
    if colors is None or colors is False or words:
        return None
    return colors


FIXED = rf"(?:{MANA_TYPE})+"
COST_MANA = r"(?:\{(?:\d+|[WUBRGCSX]|[WUBRG2]/[WUBRGP]|[WUBRG]/[WUBRG]/P|C/[WUBRG])\})+"

TYPES = {
    "land": "land",
    "creature": "creature",
    "artifact": "artifact",
    "enchantment": "enchantment",
    "planeswalker": "planeswalker",
    "battle": "battle",
}
PLURAL_TYPES = {t + "s": t for t in TYPES}
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
_IRREGULAR = {
    "Elves": "Elf",
    "Dwarves": "Dwarf",
    "Wolves": "Wolf",
    "Werewolves": "Werewolf",
    "Plains": "Plains",
    "Allies": "Ally",
    "Armies": "Army",
    "Harpies": "Harpy",
    "Faeries": "Faerie",
    "Pixies": "Pixie",
    "Zombies": "Zombie",
    "Mice": "Mouse",
    "Loci": "Locus",
    "Sphinxes": "Sphinx",
    "Foxes": "Fox",
    "Oxen": "Ox",
    "Merfolk": "Merfolk",
    "Samurai": "Samurai",
    "Treefolk": "Treefolk",
    "Kithkin": "Kithkin",
    "Moonfolk": "Moonfolk",
    "Sheep": "Sheep",
    "Eldrazi": "Eldrazi",
    "Caves": "Cave",
    "Heroes": "Hero",
}
# Capitalized words that open a phrase but are no subtype: supertypes, colors, adjectives.
_NOT_SUBTYPE = {
    "Basic",
    "Legendary",
    "Snow",
    "World",
    "Other",
    "Another",
    "Nonbasic",
    "Token",
    "Nontoken",
    "Tapped",
    "Untapped",
    "Attacking",
    "Blocking",
    "Colorless",
    "Multicolored",
    "Monocolored",
    "White",
    "Blue",
    "Black",
    "Red",
    "Green",
    "Historic",
    "Modified",
    "Target",
    "Enchanted",
    "Equipped",
    "Each",
    "All",
    "Your",
    "Chosen",
    "Commander",
    "Outlaw",
    "Party",
    "Gold",
    "Copy",
    "Creature",
    "Artifact",
    "Land",
    "Enchantment",
    "Planeswalker",
    "Permanent",
    "Battle",
    "Add",
    "You",
}
_LEADING = {
    "enchanted",
    "equipped",
    "a",
    "an",
    "each",
    "all",
    "nonbasic",
    "permanents",
    "permanent",
    *TYPES,
    *PLURAL_TYPES,
}
_SUBTYPE = re.compile(r"[A-Z][a-z]+(?:-[a-z]+)?")


def number(word: str) -> int | None:
    word = word.lower()
    if word.isdigit():
        return int(word)
    return NUMBERS.get(word)


def mana_type_of(symbol: str) -> str:
    return symbol.strip("{}")


def _noun(word: str, plural: bool) -> tuple[str | None, str | None]:
    """(card type, subtype) named by one noun; (None, None) when it is neither."""
    lower = word.lower()
    if plural:
        if lower in PLURAL_TYPES:
            return PLURAL_TYPES[lower], None
        if lower == "permanents":
            return "", None
        if word in _IRREGULAR:
            return None, _IRREGULAR[word]
        if not _SUBTYPE.fullmatch(word) or word.endswith(("ies", "ves", "uses", "oes", "i", "ae")):
            return None, None  # an English plural we can't undo for sure: never guess
        if word.endswith(("xes", "ches", "shes", "sses", "zes")):
            return None, word[:-2]
        if word.endswith("s"):
            return None, word[:-1]
        return None, None
    if lower in TYPES:
        return TYPES[lower], None
    if lower == "permanent":
        return "", None
    if _SUBTYPE.fullmatch(word) and word not in ("Add", "You", "Each", "Target"):
        return None, word
    return None, None


_SELECTOR = re.compile(
    r"^(?:(?P<article>a|an|each|all)\s+)?(?P<nonbasic>nonbasic\s+)?(?P<noun>[A-Za-z-]+)"
    r"(?P<who>\s+you control|\s+an opponent controls|\s+your opponents control|"
    r"\s+on the battlefield)?$"
)


_WHO = (
    r"(?P<who>\s+you control|\s+an opponent controls|\s+your opponents control|"
    r"\s+on the battlefield)?$"
)
# "Sliver creatures you control": a subtype and a card type, both required (the engine's
# Selector matches types AND subtypes).
_TYPED_SUBTYPE = re.compile(
    r"^(?:(?P<article>a|an|each|all)\s+)?(?P<sub>[A-Z][a-z]+(?:'s)?) (?P<noun>[a-z]+)" + _WHO
)
# "each Fungus and Saproling you control", "a Forest or Plains": any of the subtypes (the
# Selector's subtypes are any-of).
_SUBTYPE_LIST = re.compile(
    r"^(?:(?P<article>a|an|each|all)\s+)?(?P<list>[A-Z][a-z]+(?:, [A-Z][a-z]+)*),? (?:and|or) "
    r"(?P<last>[A-Z][a-z]+)" + _WHO
)
# "creatures and planeswalkers you control", "an artifact or creature": any of the card types
# (the Selector's types are any-of).
_TYPE_LIST = re.compile(
    r"^(?:(?P<article>a|an|each|all)\s+)?(?P<list>[a-z]+(?:, [a-z]+)*),? (?:and|or) "
    r"(?P<last>[a-z]+)" + _WHO
)
# "each land and Ally you control": card types and subtypes mixed, any of them.
_MIXED_LIST = re.compile(
    r"^(?:(?P<article>a|an|each|all)\s+)?(?P<list>[A-Za-z]+(?:, [A-Za-z]+)*),? (?:and|or) "
    r"(?P<last>[A-Za-z]+)" + _WHO
)
_CONTROLLERS = {
    "you control": "you",
    "an opponent controls": "opponent",
    "your opponents control": "opponent",
    "on the battlefield": "any",
    "": "any",
}


def _subtype_word(word: str, plural: bool) -> str | None:
    if word == "Urza's":
        return word  # 205.3i: the one land type with an apostrophe, never plural
    # "Non-" words and past participles ("Hosted", "Saddled") are conditions, never subtypes.
    if word in _NOT_SUBTYPE or word.startswith("Non") or word.endswith("ed"):
        return None
    card_type, subtype = _noun(word, plural)
    return subtype if card_type is None else None


def subtype_word(word: str, *, plural: bool) -> str | None:
    """A subtype named by one word ("Foods" -> Food), None when the word is no subtype."""
    return _subtype_word(word, plural)


def _compound(phrase: str, singular: bool) -> tuple[Sel, bool] | None:
    """A subtype with a card type, or two subtypes; None when the phrase is neither."""
    if m := _TYPED_SUBTYPE.match(phrase):
        plural = (m.group("article") is None and not singular) or m.group("article") == "all"
        card_type, _ = _noun(m.group("noun"), plural)
        subtype = _subtype_word(m.group("sub"), False)  # "Sliver creatures": singular noun
        if not card_type or subtype is None:
            return None
        who = _CONTROLLERS[(m.group("who") or "").strip()]
        return Sel(controller=who, types=(card_type,), subtypes=(subtype,)), plural  # type: ignore[arg-type]
    if m := _TYPE_LIST.match(phrase):
        plural = (m.group("article") is None and not singular) or m.group("article") == "all"
        words = [*m.group("list").split(", "), m.group("last")]
        types = [(PLURAL_TYPES if plural else TYPES).get(w) for w in words]
        if not all(types):
            return None
        who = _CONTROLLERS[(m.group("who") or "").strip()]
        return Sel(controller=who, types=tuple(t for t in types if t)), plural  # type: ignore[arg-type]
    if m := _SUBTYPE_LIST.match(phrase):
        plural = (m.group("article") is None and not singular) or m.group("article") == "all"
        words = [*m.group("list").split(", "), m.group("last")]
        found = [_subtype_word(w, plural) for w in words]
        subtypes = tuple(w for w in found if w is not None)
        if len(subtypes) != len(words) or len(subtypes) > 10:
            return None
        who = _CONTROLLERS[(m.group("who") or "").strip()]
        return Sel(controller=who, subtypes=subtypes), plural  # type: ignore[arg-type]
    return _mixed(phrase, singular)


def _mixed(phrase: str, singular: bool) -> tuple[Sel, bool] | None:
    """Card types and subtypes in one list: any of them (the Sel's `either`)."""
    m = _MIXED_LIST.match(phrase)
    if m is None:
        return None
    plural = (m.group("article") is None and not singular) or m.group("article") == "all"
    either: list[tuple[str, str]] = []
    for word in [*m.group("list").split(", "), m.group("last")]:
        card_type = (PLURAL_TYPES if plural else TYPES).get(word)
        subtype = None if card_type else _subtype_word(word, plural)
        if card_type:
            either.append(("type", card_type))
        elif subtype:
            either.append(("subtype", subtype))
        else:
            return None
    if len(either) > 10:
        return None
    who = _CONTROLLERS[(m.group("who") or "").strip()]
    return Sel(controller=who, either=tuple(either)), plural  # type: ignore[arg-type]


# "with a counter on it", "with a +1/+1 counter on it", "with three or more +1/+1 counters on
# them" (122.1): how many counters, of which kind (none: of any kind).
_WITH_COUNTERS = re.compile(
    rf"^(?P<core>.+?) with (?:(?:(?P<n>{NUMBER}) or more|a|an|one) )?(?:(?P<kind>[+-]\d+/[+-]\d+|"
    r"[a-z]+) )?counters? on (?:it|them)$"
)  # no number ("with counters on them"): at least one
# "with defender" (702.3): a keyword ability the permanent has, after layer 6 (613.1f). Only
# keywords whose grants the compiler models (statics.py) or that nothing else changes.
_WITH_KEYWORD = re.compile(r"^(?P<core>.+?) with (?P<kw>defender)$")
_ARTICLE = re.compile(r"^(?P<article>a|an|each|all|another)\s+", re.IGNORECASE)
# "creature tokens", "a creature token", "tokens" (111.1): the type and the token condition.
_TOKENS = re.compile(r"^(?P<type>[A-Za-z]+ )?(?P<noun>[Tt]okens?)\b(?P<rest>.*)$")


def selector(phrase: str, *, singular: bool = False) -> tuple[Sel, bool] | None:
    """A selector phrase and whether it was plural; None when the phrase says more than a
    Selector can ("artifact creature", "with the chosen name"...): never guess. singular: a
    phrase without an article is singular ("for each Elf you control").

    The words that say one more condition ("other", "basic", "legendary", "snow", "tapped",
    "untapped", "nonland", "nontoken", "tokens", "with a counter on it") are taken off first and
    come back as the Sel's further conditions."""
    phrase = phrase.strip()
    extras: dict[str, object] = {}
    if m := _WITH_COUNTERS.match(phrase):
        kind = m.group("kind")
        at_least = number(m.group("n")) if m.group("n") else 1
        if at_least is None or at_least < 1:
            return None
        extras["counters"] = (kind, at_least)
        phrase = m.group("core")
    if m := _WITH_KEYWORD.match(phrase):
        extras["keywords"] = (m.group("kw"),)
        phrase = m.group("core")
    article = ""
    if m := _ARTICLE.match(phrase):
        article = m.group("article").lower()
        phrase = phrase[m.end() :]
        if article == "another":
            article, extras["other"] = "an", True
    supertypes: list[str] = []
    not_types: list[str] = []
    not_subtypes: list[str] = []
    while True:
        first, _, rest = phrase.partition(" ")
        word = first.lower()
        if not rest:
            break
        if word == "other":
            extras["other"] = True
        elif word == "basic":
            extras["basic"] = True
        elif word in ("legendary", "snow"):
            supertypes.append(word)
        elif word in ("tapped", "untapped"):
            extras["tapped"] = word == "tapped"
        elif word == "nontoken":
            extras["token"] = False
        elif word == "monocolored":
            extras["monocolored"] = True
        elif word == "multicolored":
            extras["multicolored"] = True  # 105.2b: two or more colors
        elif word in TYPES and "condition_types" not in extras and _type_noun(rest):
            # "artifact creatures": a creature that is an artifact as well (205.2a), the
            # noun the kind and the adjective one more condition.
            extras["condition_types"] = (TYPES[word],)
        elif word in COLOR_CODES and "color" not in extras:
            extras["color"] = COLOR_CODES[word]  # 105.2
        elif word == "colorless" and "color" not in extras:
            extras["color"] = ""  # 105.2c: no color at all
        elif word == "equipped" and rest.partition(" ")[0] == "creatures":
            # 301.5: "equipped creatures": those an Equipment is attached to ("equipped
            # creature", singular, is the one this Equipment is attached to: _core).
            extras["equipped"] = True
        elif word.startswith("non") and word[3:] in TYPES:
            not_types.append(word[3:])
        elif first.startswith("non-") and (sub := _subtype_word(first[4:], False)) is not None:
            not_subtypes.append(sub)  # "non-Aura enchantments": of no such subtype (205.3)
        else:
            break
        phrase = rest
    if m := _TOKENS.match(phrase):
        card_type = (m.group("type") or "").strip()
        if card_type and card_type.lower() not in TYPES:
            return None
        noun = card_type.lower() or "permanent"
        many = m.group("noun").lower() == "tokens"  # "Tokens" opening a sentence too
        phrase = (noun + ("s" if many else "")) + m.group("rest")
        extras["token"] = True
    if supertypes:
        extras["supertypes"] = tuple(supertypes)
    if not_types:
        extras["not_types"] = tuple(not_types)
    if not_subtypes:
        extras["not_subtypes"] = tuple(not_subtypes)
    found = _core(f"{article} {phrase}".strip(), singular)
    if found is None or not extras:
        return found
    sel, plural = found
    if sel.attached:
        return None  # "enchanted other land": no such phrase; never guess
    return replace(sel, **extras), plural  # type: ignore[arg-type]


def _type_noun(phrase: str) -> bool:
    """Whether the phrase opens with a card type as its noun ("creatures you control")."""
    noun = phrase.partition(" ")[0]
    return noun in TYPES or noun in PLURAL_TYPES or noun in ("permanent", "permanents")


def _core(phrase: str, singular: bool) -> tuple[Sel, bool] | None:
    """The phrase's article, noun and controller (selector() took the conditions off)."""
    first, _, rest = phrase.partition(" ")
    if first.lower() in _LEADING:
        phrase = (first.lower() + " " + rest).strip()
    if phrase.startswith("enchanted ") and phrase[10:] in BASIC_LAND_TYPES:
        return Sel(types=("land",), subtypes=(phrase[10:],), attached=True), False
    if phrase in (
        "enchanted land",
        "enchanted permanent",
        "enchanted creature",
        "equipped creature",
        "enchanted artifact",
    ):
        noun = phrase.split()[1]
        types = () if noun == "permanent" else (noun,)
        return Sel(types=types, attached=True), False
    m = _SELECTOR.match(phrase)
    if m is None:
        return _compound(phrase, singular)
    article = m.group("article")
    noun = m.group("noun")
    plural = (article is None and not singular) or article == "all"
    card_type, subtype = _noun(noun, plural)
    if card_type is None and subtype is None:
        return None
    who = (m.group("who") or "").strip()
    controller = {
        "you control": "you",
        "an opponent controls": "opponent",
        "your opponents control": "opponent",
        "on the battlefield": "any",
        "": "any",
    }[who]
    types = (card_type,) if card_type else ()
    subtypes = (subtype,) if subtype else ()
    return Sel(
        controller=controller,  # type: ignore[arg-type]
        types=types,
        subtypes=subtypes,
        nonbasic=bool(m.group("nonbasic")),
    ), plural


_YOU_CONTROL = re.compile(
    rf"^you control (?:(?P<n>{NUMBER}) or more (?P<many>.+)|(?P<one>an? .+))$"
)


def you_control(text: str) -> tuple[Sel, int] | None:
    """ "you control a Swamp", "you control three or more artifacts": the permanents its
    controller must control ("you" first), and how many at least; None for a phrase a selector
    can't say, or one about another player's or an attached permanent."""
    m = _YOU_CONTROL.match(text)
    if m is None:
        return None
    least = 1 if m.group("one") else number(m.group("n"))
    if least is None or least < 1:
        return None
    found = selector(m.group("one") or m.group("many"), singular=least == 1)
    if found is None or found[1] != (least > 1):
        return None
    sel = found[0]
    if sel.attached or sel.source or sel.controller != "any":
        return None  # "... an opponent controls", "enchanted ...": not what is asked
    return replace(sel, controller="you"), least
