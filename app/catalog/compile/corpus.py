"""Faces from an MTGJSON-like file, streamed (ijson): a JSON list of cards (MTGJSON card
objects or Scryfall bulk data) or MTGJSON AtomicCards ({"data": {name: [face, ...]}})."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ijson


@dataclass(frozen=True, slots=True)
class FaceText:
    card: str
    name: str
    text: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    mana_cost: str | None
    keywords: tuple[str, ...]


def _first_char(path: Path) -> str:
    with path.open("rb") as f:
        while chunk := f.read(64):
            stripped = chunk.lstrip()
            if stripped:
                return chr(stripped[0])
    return ""


def _scryfall_types(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    left, _, right = type_line.partition("—")
    return tuple(left.split()), tuple(right.split())


def _faces_of(card: dict[str, Any]) -> Iterator[FaceText]:
    if "oracle_text" in card or "card_faces" in card:  # Scryfall
        for face in card.get("card_faces") or [card]:
            types, subtypes = _scryfall_types(face.get("type_line") or card.get("type_line", ""))
            yield FaceText(
                card["name"],
                face.get("name", card["name"]),
                face.get("oracle_text") or "",
                types,
                subtypes,
                face.get("mana_cost") or None,
                tuple(card.get("keywords") or ()),
            )
        return
    yield FaceText(
        card.get("name", ""),
        card.get("faceName") or card.get("name", ""),
        card.get("text") or "",
        tuple(card.get("types") or ()),
        tuple(card.get("subtypes") or ()),
        card.get("manaCost") or None,
        tuple(card.get("keywords") or ()),
    )


def read_faces(path: str | Path) -> Iterator[FaceText]:
    path = Path(path)
    with path.open("rb") as f:
        if _first_char(path) == "[":
            for card in ijson.items(f, "item"):
                yield from _faces_of(card)
        else:
            for _name, faces in ijson.kvitems(f, "data"):
                for face in faces:
                    yield from _faces_of(face)
