"""Scryfall bulk data ("Oracle Cards", "Default Cards"): a JSON array of card objects with
`name`, `layout`, `mana_cost`, `type_line`, `oracle_text`, `colors`, `power`, `toughness`,
`loyalty`, `defense`, `keywords`, `card_faces`, `set_type`. "Default Cards" lists every
printing: a name seen again is counted as another printing."""

from __future__ import annotations

from typing import IO, Any

import ijson

from app.catalog.sources import ImportProblem, Parsed, ParsedStream, string
from app.catalog.sources.layouts import (
    MELD_RESULT,
    NON_GAME_LAYOUTS,
    NON_GAME_SET_TYPES,
    REVERSIBLE,
    card_data,
    card_types,
    face_data,
    layout_skip,
    split_type_line,
)
from app.domain.card import TWO_FACED_LAYOUTS
from app.domain.mana import ManaSyntaxError, cost_colors, parse_cost


def check_shape(stream: IO[bytes]) -> None:
    for _prefix, event, _value in ijson.parse(stream):
        if event != "start_array":
            raise ImportProblem("Scryfall bulk data must be an array of card objects")
        return
    raise ImportProblem("an empty file")


def cards(stream: IO[bytes]) -> ParsedStream:
    """Every object in the file's order, but meld fronts last: a front's back face is the meld
    result, an object of its own that may come anywhere in the file, so the fronts (a few
    dozen objects, a few hundred with every printing) wait until every result has been seen."""
    results: dict[str, dict[str, Any]] = {}
    fronts: list[tuple[int, dict[str, Any]]] = []
    for index, obj in enumerate(ijson.items(stream, "item", use_float=True)):
        if isinstance(obj, dict) and obj.get("layout") == "meld":
            name = obj.get("name")
            if isinstance(name, str) and _is_meld_result(obj, name):
                results.setdefault(name, obj)
            else:
                fronts.append((index, obj))
                continue
        yield parse_object(index, obj)
    for index, obj in fronts:
        yield parse_object(index, obj, results)


def parse_object(
    index: int, obj: Any, meld_results: dict[str, dict[str, Any]] | None = None
) -> Parsed:
    """One object of the file; `meld_results`: the file's meld results by name (`cards`),
    the back faces of its meld fronts."""
    if not isinstance(obj, dict):
        raise ImportProblem(f"item {index} of the array is not a card object")
    name = string(obj.get("name"), "name", f"item {index}")
    if not name or not name.strip():
        raise ImportProblem(f"a card without a name (item {index} of the array)")
    funny = obj.get("set_type") == "funny" or obj.get("border_color") == "silver"
    layout = string(obj.get("layout"), "layout", name) or "normal"
    if layout == REVERSIBLE:
        sides = obj.get("card_faces")
        if not isinstance(sides, list) or not sides or not isinstance(sides[0], dict):
            raise ImportProblem(f"card {name!r}: a reversible card needs 'card_faces' objects")
        front = {**obj, **sides[0], "layout": sides[0].get("layout") or "normal"}
        front.pop("card_faces", None)
        return parse_object(index, front)
    if layout in NON_GAME_LAYOUTS:
        return Parsed(name, None, NON_GAME_LAYOUTS[layout], funny)
    if obj.get("set_type") in NON_GAME_SET_TYPES:
        return Parsed(name, None, NON_GAME_SET_TYPES[obj["set_type"]], funny)
    layout = _game_layout(obj, layout)
    if (why := layout_skip(layout)) is not None:
        return Parsed(name, None, why, funny)
    if layout == "meld" and _is_meld_result(obj, name):
        return Parsed(name, None, MELD_RESULT, funny)
    if layout in TWO_FACED_LAYOUTS and layout != "meld":
        raw_faces = obj.get("card_faces")
        if not isinstance(raw_faces, list) or not all(isinstance(f, dict) for f in raw_faces):
            raise ImportProblem(f"card {name!r}: a {layout} card needs 'card_faces' objects")
        if len(raw_faces) > 2:
            return Parsed(name, None, "more than two faces", funny)
    elif layout == "meld":
        # A meld front is one object; its back face, the meld result, is another.
        result = (meld_results or {}).get(_meld_result_name(obj) or "")
        raw_faces = [obj] if result is None else [obj, result]
    else:
        raw_faces = [obj]
    faces: list[dict[str, Any]] = []
    for raw in raw_faces:
        face_name = string(raw.get("name"), "name", name) or name
        line = string(raw.get("type_line"), "type_line", name) or ""
        supertypes, type_words, subtypes = split_type_line(line)
        types, skip = card_types(type_words)
        if skip is not None:
            return Parsed(name, None, skip, funny)
        faces.append(
            face_data(
                name,
                name=face_name if len(raw_faces) > 1 else name,
                mana_cost=raw.get("mana_cost"),
                supertypes=supertypes,
                types=types,
                subtypes=subtypes,
                colors=_face_colors(obj, raw, layout),
                power=raw.get("power"),
                toughness=raw.get("toughness"),
                # The card's keywords (Scryfall keeps none on its faces; a meld result, an
                # object of its own, has its own): each face keeps those its own keyword lines
                # name (app/catalog/compile/cards.py).
                keywords=raw.get("keywords", obj.get("keywords")),
                text=raw.get("oracle_text"),
                loyalty=raw.get("loyalty"),
                defense=raw.get("defense"),
            )
        )
    if layout == "meld":
        if len(faces) == 2:
            # Named as MTGJSON names it, front // back: one card whichever file it came from.
            both = f"{name} // {faces[1]['name']}"
            return Parsed(both, card_data(both, layout, faces), None, funny)
        # A front whose meld result the file lacks: the front alone, as a card of one face.
        return Parsed(name, {**faces[0], "name": name, "layout": "normal"}, None, funny)
    return Parsed(name, card_data(name, layout, faces), None, funny)


def _game_layout(obj: dict[str, Any], layout: str) -> str:
    """Scryfall's layout as MTGJSON names it: a battle is a transforming double-faced card
    (712.1, 712.2), and an aftermath card a split card with the Aftermath keyword (702.127)."""
    if layout == "battle":
        return "transform"
    keywords = obj.get("keywords")
    if layout == "split" and isinstance(keywords, list) and "Aftermath" in keywords:
        return "aftermath"
    return layout


def _face_colors(obj: dict[str, Any], raw: dict[str, Any], layout: str) -> Any:
    """A face's colors: its own. Scryfall gives none to the faces of a split, aftermath,
    adventure or flip card (the card has them): flipped, a flip card keeps the card's colors
    (710.1c, 105.2); a half or part has its mana cost's colors (105.2, 202.2), as MTGJSON lists
    them, so that both files store one card alike (and its digest, so its rulings' ids, is
    one)."""
    if "colors" in raw or raw is obj:
        return raw.get("colors")
    if layout == "flip":
        return obj.get("colors")
    cost = raw.get("mana_cost")
    try:
        return cost_colors(parse_cost(cost)) if isinstance(cost, str) else None
    except ManaSyntaxError:
        return None  # the face's mana cost is reported as it is read


def _is_meld_result(obj: dict[str, Any], name: str) -> bool:
    return _meld_result_name(obj) == name


def _meld_result_name(obj: dict[str, Any]) -> str | None:
    """The name of the meld result among the object's related parts (`all_parts`)."""
    parts = obj.get("all_parts")
    if not isinstance(parts, list):
        return None
    for part in parts:
        if isinstance(part, dict) and part.get("component") == "meld_result":
            found = part.get("name")
            return found if isinstance(found, str) else None
    return None
