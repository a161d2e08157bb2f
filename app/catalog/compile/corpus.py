"""Faces from an MTGJSON-like file, streamed (ijson): a JSON list of cards (MTGJSON card
objects or Scryfall bulk data) or MTGJSON AtomicCards ({"data": {name: [face, ...]}}).

Coverage measures what `rulings cards import` imports: the objects the importer skips
(tokens, planes, schemes, vanguards, conspiracies, dungeons, art cards..., app/catalog/sources/
layouts.py) and later printings of a name already read are `Skipped`, with the importer's
reason. Scryfall objects and AtomicCards entries go through the importer's own parsers."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ijson

from app.catalog.sources import Parsed, mtgjson, scryfall
from app.catalog.sources.layouts import (
    ANOTHER_PRINTING,
    REVERSIBLE,
    card_types,
    layout_skip,
)


@dataclass(frozen=True, slots=True)
class FaceText:
    card: str
    name: str
    text: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    mana_cost: str | None
    keywords: tuple[str, ...]
    layout: str = "normal"
    supertypes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Skipped:
    """A face of an object the importer doesn't import, and why (the importer's words)."""

    card: str
    reason: str


def _first_char(path: Path) -> str:
    with path.open("rb") as f:
        while chunk := f.read(64):
            stripped = chunk.lstrip()
            if stripped:
                return chr(stripped[0])
    return ""


def card_faces(card: str, data: dict[str, Any]) -> Iterator[FaceText]:
    """The faces of a card in our schema (the importer's card data, or a stored row's)."""
    layout = str(data.get("layout") or "normal")
    for face in data.get("faces") or [data]:
        yield FaceText(
            card,
            face.get("name") or card,
            face.get("text") or "",
            tuple(face.get("types") or ()),
            tuple(face.get("subtypes") or ()),
            face.get("mana_cost"),
            tuple(face.get("keywords") or ()),
            layout,
            tuple(face.get("supertypes") or ()),
        )


def _parsed(parsed: Parsed, faces: int, seen: set[str]) -> Iterator[FaceText | Skipped]:
    if parsed.skipped is not None or parsed.data is None:
        reason = parsed.skipped or "not a card"
        yield from (Skipped(parsed.name, reason) for _ in range(faces))
        return
    if parsed.name in seen:
        yield from (Skipped(parsed.name, ANOTHER_PRINTING) for _ in range(faces))
        return
    seen.add(parsed.name)
    yield from card_faces(parsed.name, parsed.data)


def _card_object(card: dict[str, Any], seen: set[str]) -> Iterator[FaceText | Skipped]:
    """One MTGJSON card object of a list: one face (a card's other faces are their own
    objects). A face listed under the whole card's name ("A // B") is its first face."""
    name = str(card.get("name") or "")
    layout = str(card.get("layout") or "normal")
    face_name = str(card.get("faceName") or name.split(" // ")[0])
    whole = name
    if layout == REVERSIBLE:
        whole, layout = face_name, "normal"  # read as its front, as the importer does
    elif card.get("face") == "back" and card.get("front"):
        whole = f"{card['front']} // {name}"
    types, why = card_types([str(t) for t in card.get("types") or ()])
    why = layout_skip(layout) or why
    key = f"{whole}\n{face_name}"
    if why is None and key in seen:
        why = ANOTHER_PRINTING
    if why is not None:
        yield Skipped(whole, why)
        return
    seen.add(key)
    yield FaceText(
        whole,
        face_name,
        card.get("text") or "",
        tuple(types),
        tuple(card.get("subtypes") or ()),
        card.get("manaCost") or None,
        tuple(card.get("keywords") or ()),
        layout,
        tuple(card.get("supertypes") or ()),
    )


def read_corpus(path: str | Path) -> Iterator[FaceText | Skipped]:
    """Every face of the file: a face the importer imports, or a skipped one with why."""
    path = Path(path)
    seen: set[str] = set()
    with path.open("rb") as f:
        if _first_char(path) == "[":
            for index, card in enumerate(ijson.items(f, "item", use_float=True)):
                if "oracle_text" in card or "card_faces" in card:  # Scryfall
                    faces = len(card.get("card_faces") or [card])
                    yield from _parsed(scryfall.parse_object(index, card), faces, seen)
                else:
                    yield from _card_object(card, seen)
        else:
            for key, faces in ijson.kvitems(f, "data", use_float=True):
                count = len(faces) if isinstance(faces, list) else 1
                yield from _parsed(mtgjson.parse_entry(key, faces), count, seen)


def read_faces(path: str | Path) -> Iterator[FaceText]:
    """The faces the importer imports (read_corpus without the skipped ones)."""
    return (f for f in read_corpus(path) if isinstance(f, FaceText))
