"""A whole imported card's data compiled: each face's rules text into its abilities and
casting costs, and the card's `support` / `unsupported_text` from all faces (issue 11).

Runs on the card data in our schema, before validation, so an imported card is validated once
with what was compiled. Deterministic: the same text always compiles to the same fields, so
re-importing a file keeps the card digests (and the import stays idempotent).
"""

from __future__ import annotations

import re
from typing import Any

from app.catalog.compile.faces import OPTIONAL_FIELDS, CompiledFace, card_support, compile_face
from app.domain.base import REMINDER_TEXT

# Card fields that come from the face's own compiled text (`support` and `unsupported_text`
# belong to the card, all faces together).
_FACE_FIELDS = ("abilities", "alternative_costs", "additional_costs")
_OMITTED_WHEN_EMPTY = OPTIONAL_FIELDS
# Every field the compiler fills on a face.
COMPILED_FACE_FIELDS = (*_FACE_FIELDS, *OPTIONAL_FIELDS)


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
    keywords = _face_keywords(data, compiled_face)
    return {**_merged(data, compiled_face), "keywords": keywords, **card_support([compiled_face])}


def _face_keywords(face: dict[str, Any], compiled: CompiledFace) -> list[str]:
    """A face has the keywords its own keyword lines say (702.1). A source may list the whole
    card's on each face (Scryfall keeps them on the card, not the faces; an MTGJSON face may
    list its other face's) and lists keywords a card's text only mentions, so a listed keyword
    no keyword line of the face starts with is none of its own: the other face's, or one its
    text only mentions ("other creatures you control have haste", "as though it had flash",
    "... flying, first strike, ... haste ... among creatures you control"), or a keyword
    action ("scry 2"). One the compiler read as a
    keyword of the face is its own too."""
    listed = [k.casefold() for k in face.get("keywords") or []]
    lines = _keyword_line_parts(face.get("text") or "")
    # A keyword line starts with a keyword; a sentence's later parts ("..., scry 1.") don't
    # make it one.
    parts = [p for line in lines if any(_starts_a_part(k, line[:1]) for k in listed) for p in line]
    kept = [k for k in face.get("keywords") or [] if _starts_a_part(k.casefold(), parts)]
    seen = {k.casefold() for k in kept}
    return kept + [k for k in compiled.keywords if k.casefold() not in seen]


# A line's label before an em dash ("Machina — Equip {4}"): the keyword follows it.
_LABEL = re.compile(r"^[^—]{1,40} — ")


def _keyword_line_parts(text: str) -> list[list[str]]:
    """The parts of each line of the text, casefolded, reminder text and a leading label left
    out: a keyword line lists its keywords separated by commas or semicolons (702.1)."""
    lines: list[list[str]] = []
    # A keyword its reminder text mentions ("(... it gains haste ...)") is none of the face's.
    for line in REMINDER_TEXT.sub("", text).casefold().splitlines():
        label = _LABEL.match(line.strip())
        rest = line.strip()[label.end() :] if label else line.strip()
        parts = [p.strip() for p in re.split(r"[,;] ", rest)]
        # A keyword written as a label ("Exhaust — {G}, {T}: ...") is the line's first part.
        lines.append([label.group(0).removesuffix(" — ").strip(), *parts] if label else parts)
    return lines


def _starts_a_part(keyword: str, parts: list[str]) -> bool:
    return any(
        p == keyword or p.startswith((keyword + " ", keyword + "—", keyword + ".")) for p in parts
    )


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
