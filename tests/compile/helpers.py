"""What the compiler tests share: compile an invented face and look at what it became."""

from __future__ import annotations

from typing import Any

from app.catalog.compile import CompiledFace, compile_face
from app.domain.card import Ability


def face(
    text: str,
    *,
    name: str = "Quillmoss Totem",
    types: tuple[str, ...] = ("Artifact",),
    subtypes: tuple[str, ...] = (),
    mana_cost: str | None = "{2}",
    keywords: tuple[str, ...] = (),
    supertypes: tuple[str, ...] = (),
) -> CompiledFace:
    return compile_face(
        name,
        text,
        types=types,
        subtypes=subtypes,
        mana_cost=mana_cost,
        keywords=keywords,
        supertypes=supertypes,
    )


def abilities(text: str, **kw: Any) -> list[Ability]:
    compiled = face(text, **kw)
    assert compiled.support == "full", compiled.unsupported_text
    return compiled.abilities


def one(text: str, **kw: Any) -> Ability:
    found = abilities(text, **kw)
    assert len(found) == 1, found
    return found[0]


def not_understood(text: str, **kw: Any) -> list[str]:
    compiled = face(text, **kw)
    assert compiled.support == "partial"
    return compiled.unsupported_text
