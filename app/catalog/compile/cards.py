"""A whole imported card's data compiled: each face's rules text into its abilities and
casting costs, and the card's `support` / `unsupported_text` from all faces (issue 11).

Runs on the card data in our schema, before validation, so an imported card is validated once
with what was compiled. Deterministic: the same text always compiles to the same fields, so
re-importing a file keeps the card digests (and the import stays idempotent).
"""

from __future__ import annotations

import re
from typing import Any

from app.catalog.compile.faces import CompiledFace, card_support, compile_face

# Card fields that come from the face's own compiled text (`support` and `unsupported_text`
# belong to the card, all faces together).
_FACE_FIELDS = ("abilities", "alternative_costs", "additional_costs")
_OMITTED_WHEN_EMPTY = (
    "cost_changes",
    "prototype",
    "effect_lines",
    "chosen_name_of",
    "chosen_type_among",
    "enchants",
)


def compile_face_data(face: dict[str, Any]) -> CompiledFace:
    return compile_face(
        str(face.get("name") or ""),
        face.get("text"),
        types=face.get("types") or (),
        subtypes=face.get("subtypes") or (),
        mana_cost=face.get("mana_cost"),
        keywords=face.get("keywords") or (),
        supertypes=face.get("supertypes") or (),
    )


def compiled_card_data(data: dict[str, Any]) -> dict[str, Any]:
    """The card data with every face's compiled fields merged in (a new dict; the input is
    left alone). Fields a source already filled are kept: the compiler only adds."""
    faces = data.get("faces") or []
    if faces:
        compiled = [compile_face_data(f) for f in faces]
        merged_faces = [
            {**_merged(f, c), "keywords": _face_keywords(f, c)}
            for f, c in zip(faces, compiled, strict=True)
        ]
        return {**data, "faces": merged_faces, **card_support(compiled)}
    compiled_face = compile_face_data(data)
    return {**_merged(data, compiled_face), **card_support([compiled_face])}


# Reminder text: a keyword it mentions ("(... it gains haste ...)") is none of the face's.
_REMINDER = re.compile(r"\([^()]*\)")


def _face_keywords(face: dict[str, Any], compiled: CompiledFace) -> list[str]:
    """A face of a two-faced card has the keywords its own text names. A source may list the
    whole card's on each face (Scryfall keeps them on the card, not the faces; an MTGJSON
    face may list its other face's), so a listed keyword the face's text doesn't name is
    the other face's, and one its keyword lines name (compiled) is its own."""
    text = _REMINDER.sub("", face.get("text") or "").casefold()
    kept = [
        k
        for k in face.get("keywords") or []
        if re.search(rf"(?<![\w-]){re.escape(k.casefold())}(?![\w-])", text)
    ]
    seen = {k.casefold() for k in kept}
    return kept + [k for k in compiled.keywords if k.casefold() not in seen]


def _merged(face: dict[str, Any], compiled: CompiledFace) -> dict[str, Any]:
    fields = compiled.card_fields()
    out = dict(face)
    for key in _FACE_FIELDS:
        if not out.get(key):
            out[key] = fields[key]
    for key in _OMITTED_WHEN_EMPTY:
        # Left out when there are none: card data without them stays as it was.
        if key in fields and not out.get(key):
            out[key] = fields[key]
    return out
