"""What a layout or type means for the import: game cards, their faces, or skipped objects."""

from __future__ import annotations

from typing import Any, get_args

from app.catalog.sources import ImportProblem, string, text_or_none, words
from app.domain.card import TWO_FACED_LAYOUTS, CardType

# Layouts that are not cards of the game, by the reason they are skipped.
NON_GAME_LAYOUTS = {
    "token": "token",
    "double_faced_token": "token",
    "emblem": "emblem",
    "art_series": "art card",
    "planar": "plane or phenomenon",
    "scheme": "scheme",
    "vanguard": "vanguard",
    "sticker": "sticker sheet",
    "stickers": "sticker sheet",
}
# Scryfall set types whose objects are not cards of the game.
NON_GAME_SET_TYPES = {
    "token": "token",
    "memorabilia": "memorabilia",
    "minigame": "minigame",
}
# Types of objects that are not cards of the game (or that the engine doesn't model).
NON_GAME_TYPES = {
    "plane": "plane or phenomenon",
    "phenomenon": "plane or phenomenon",
    "scheme": "scheme",
    "vanguard": "vanguard",
    "conspiracy": "conspiracy",
    "dungeon": "dungeon",
    "emblem": "emblem",
    "token": "token",
    "hero": "hero",
}
# A reversible printing shows one card on both sides ("X // X"): it is read as that card,
# its first face (a later printing of the same name is then counted as such).
REVERSIBLE = "reversible_card"
GAME_LAYOUTS = set(TWO_FACED_LAYOUTS) | {
    "normal",
    "leveler",
    "class",
    "saga",
    "case",
    "prototype",
    "mutate",
    "host",
    "augment",
}
# Why the importer leaves out a later object of a name it already read.
ANOTHER_PRINTING = "another printing of a card already read"
MELD_RESULT = "meld result (the back face of two cards)"
CARD_TYPES = frozenset(get_args(CardType))  # the domain's card types, one list
SUPERTYPES = {"Basic", "Legendary", "Snow", "World", "Ongoing", "Elite", "Host"}


def layout_skip(layout: str) -> str | None:
    """Why an object of this layout is not imported, or None for a game card's layout (a
    reversible card is read as its front, see REVERSIBLE)."""
    if layout in NON_GAME_LAYOUTS:
        return NON_GAME_LAYOUTS[layout]
    if layout not in GAME_LAYOUTS and layout != REVERSIBLE:
        return f"layout the engine doesn't model: {layout}"
    return None


def card_types(names: list[str]) -> tuple[list[str], str | None]:
    """Our type words ("Tribal" is the old name of kindred), or why the object is skipped."""
    found: list[str] = []
    for name in names:
        word = name.casefold()
        word = "kindred" if word == "tribal" else word
        if word in NON_GAME_TYPES:
            return [], NON_GAME_TYPES[word]
        if word not in CARD_TYPES:
            return [], f"type the engine doesn't model: {name}"
        if word not in found:
            found.append(word)
    return found, None


# Subtypes of more than one word (205.3m: the creature type Time Lord): a type line separates
# subtypes by spaces, so these are read whole. (Planes' types are many words too, but planes
# are not imported.)
MULTI_WORD_SUBTYPES = (("Time", "Lord"),)


def split_type_line(line: str) -> tuple[list[str], list[str], list[str]]:
    """`Legendary Creature — Elf Druid` → supertypes, types, subtypes."""
    left, _, right = line.partition("—")
    supertypes = [w for w in left.split() if w in SUPERTYPES]
    types = [w for w in left.split() if w not in SUPERTYPES]
    return supertypes, types, _subtypes(right.split())


def _subtypes(words: list[str]) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(words):
        pair = tuple(words[i : i + 2])
        if pair in MULTI_WORD_SUBTYPES:
            out.append(" ".join(pair))
            i += 2
        else:
            out.append(words[i])
            i += 1
    return out


# 105.1: the colors in their order, so a card's data (and digest) doesn't depend on the order
# a file lists them in.
_COLOR_ORDER = {c: i for i, c in enumerate("WUBRG")}


def in_color_order(colors: list[str]) -> list[str]:
    return sorted(colors, key=lambda c: _COLOR_ORDER.get(c, len(_COLOR_ORDER)))


def face_data(
    card: str,
    *,
    name: str,
    mana_cost: Any,
    supertypes: list[str],
    types: list[str],
    subtypes: list[str],
    colors: Any,
    power: Any,
    toughness: Any,
    keywords: Any,
    text: Any,
    loyalty: Any,
    defense: Any,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": name,
        "mana_cost": text_or_none(string(mana_cost, "mana cost", card)),
        "supertypes": supertypes,
        "types": types,
        "subtypes": subtypes,
        "power": string(power, "power", card),
        "toughness": string(toughness, "toughness", card),
        "keywords": list(dict.fromkeys(words(keywords, "keywords", card))),
        "text": text_or_none(string(text, "text", card)),
    }
    if colors is not None:
        data["colors"] = in_color_order(words(colors, "colors", card))
    # Only where printed: a card without them keeps its data, and so its digest, as before.
    for field, value in (("loyalty", loyalty), ("defense", defense)):
        if (printed := text_or_none(string(value, field, card))) is not None:
            data[field] = printed
    return data


def card_data(name: str, layout: str, faces: list[dict[str, Any]]) -> dict[str, Any]:
    """A card in our schema: a single face's fields at the top level, or two `faces`."""
    if layout in TWO_FACED_LAYOUTS:
        if len(faces) != 2:
            raise ImportProblem(f"card {name!r}: a {layout} card needs two faces")
        if layout == "flip" and faces[1].get("mana_cost") is None:
            # 710.1c: flipped, it keeps its mana cost, which one file gives the flipped face
            # and another doesn't: stored alike whichever file it came from.
            faces = [faces[0], {**faces[1], "mana_cost": faces[0].get("mana_cost")}]
        return {"name": name, "layout": layout, "faces": faces}
    if len(faces) != 1:
        raise ImportProblem(f"card {name!r}: a {layout} card has one face, not {len(faces)}")
    return {**faces[0], "name": name, "layout": layout}
