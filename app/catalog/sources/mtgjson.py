"""MTGJSON AtomicCards (v5): `{"meta": {...}, "data": {"Card Name": [face, ...]}}`, each face
with `name` (the whole card's), `faceName`, `side`, `layout`, `manaCost`, `type`, `types`,
`subtypes`, `supertypes`, `text`, `keywords`, `power`, `toughness`, `loyalty`, `defense`,
`colors`."""

from __future__ import annotations

from typing import IO, Any

import ijson

from app.catalog.sources import ImportProblem, Parsed, ParsedStream, string, words
from app.catalog.sources.layouts import (
    MELD_RESULT,
    REVERSIBLE,
    card_data,
    card_types,
    face_data,
    layout_skip,
)
from app.domain.card import TWO_FACED_LAYOUTS


def check_shape(stream: IO[bytes]) -> None:
    """The top level is an object whose "data" member is an object (read up to it only)."""
    for prefix, event, _value in ijson.parse(stream):
        if prefix == "" and event == "end_map":
            break
        if prefix == "" and event not in ("start_map", "map_key"):
            raise ImportProblem("MTGJSON AtomicCards must be an object with a 'data' object")
        if prefix == "data":
            if event != "start_map":
                raise ImportProblem("MTGJSON 'data' must be an object of card names")
            return
    raise ImportProblem("MTGJSON AtomicCards has no 'data' object of cards")


def cards(stream: IO[bytes]) -> ParsedStream:
    for key, faces in ijson.kvitems(stream, "data", use_float=True):
        yield parse_entry(key, faces)


def parse_entry(key: str, entries: Any) -> Parsed:
    if not isinstance(entries, list) or not entries:
        raise ImportProblem(f"card {key!r}: an AtomicCards entry is a non-empty list of faces")
    if not all(isinstance(e, dict) for e in entries):
        raise ImportProblem(f"card {key!r}: each face must be an object")
    first = entries[0]
    name = string(first.get("name"), "name", key) or key
    if not name.strip():
        raise ImportProblem(f"a card without a name (entry {key!r})")
    funny = bool(first.get("isFunny"))
    layout = string(first.get("layout"), "layout", name) or "normal"
    if layout == REVERSIBLE:
        card = string(first.get("faceName"), "faceName", name) or name.split(" // ")[0]
        return parse_entry(card, [{**first, "name": card, "layout": "normal"}])
    if (why := layout_skip(layout)) is not None:
        return Parsed(name, None, why, funny)
    by_side: dict[str, dict[str, Any]] = {}
    for entry in entries:
        by_side.setdefault(str(entry.get("side") or "a"), entry)
    sides = sorted(by_side)
    if len(sides) > 2:
        return Parsed(name, None, "more than two faces", funny)
    if layout == "meld" and sides == ["b"]:
        return Parsed(name, None, MELD_RESULT, funny)
    faces: list[dict[str, Any]] = []
    for side in sides:
        entry = by_side[side]
        types, skip = card_types(words(entry.get("types"), "types", name))
        if skip is not None:
            return Parsed(name, None, skip, funny)
        face_name = string(entry.get("faceName"), "faceName", name) if len(sides) > 1 else None
        faces.append(
            face_data(
                name,
                name=face_name or name,
                mana_cost=entry.get("manaCost"),
                supertypes=words(entry.get("supertypes"), "supertypes", name),
                types=types,
                subtypes=words(entry.get("subtypes"), "subtypes", name),
                colors=entry.get("colors"),
                power=entry.get("power"),
                toughness=entry.get("toughness"),
                keywords=entry.get("keywords"),
                text=entry.get("text"),
                loyalty=entry.get("loyalty"),
                defense=entry.get("defense"),
            )
        )
    if len(faces) == 1 and layout == "meld":
        # A meld front whose melded back face the file lacks: the front alone, a card of one
        # face, as a Scryfall file gives it (its object names no result the file holds).
        front = str(by_side[sides[0]].get("faceName") or name.split(" // ")[0])
        return Parsed(front, {**faces[0], "name": front, "layout": "normal"}, None, funny)
    if len(faces) == 1 and layout in TWO_FACED_LAYOUTS:
        # A two-faced card listed with one side only can't be imported faithfully.
        return Parsed(name, None, f"a {layout} card with one face in the file", funny)
    return Parsed(name, card_data(name, layout, faces), None, funny)
