"""A stored ruling as a page for people (`GET /v1/rulings/{id}` with `Accept: text/html`).

Everything shown comes from the stored JSON, and all of it is escaped by the template
(autoescape): a client can store any card name through `definition`. Mana symbols such as
`{G}` or `{2/W}` become CSS-drawn badges; the text around them is escaped piece by piece."""

from __future__ import annotations

import json
import re
from typing import Any

from markupsafe import Markup, escape

from app.web.templates import environment

SYMBOL = re.compile(r"\{([0-9A-Z/]{1,8})\}")
COLORS = {"W", "U", "B", "R", "G", "C"}

KIND_TITLES = {
    "could_produce": "What mana could these permanents produce?",
    "activate_mana_ability": "Activating a mana ability",
    "mana_value": "X and mana value",
    "cast_without_paying": "Casting without paying the mana cost",
    "reveal_until": "Revealing until a hit",
    "mulligan": "A step of the mulligan",
}


def mana(text: object) -> Markup:
    """Text with each mana symbol drawn as a badge; every other character escaped."""
    out: list[str] = []
    last = 0
    source = str(text)
    for match in SYMBOL.finditer(source):
        out.append(str(escape(source[last : match.start()])))
        out.append(_symbol(match.group(1)))
        last = match.end()
    out.append(str(escape(source[last:])))
    return Markup("".join(out))


def _symbol(inner: str) -> str:
    parts = inner.split("/")
    color = next((p for p in parts if p in COLORS), "generic")
    css = f"ms ms-{color.lower()}" + (" ms-hybrid" if len(parts) > 1 else "")
    return f'<span class="{css}" title="{escape("{" + inner + "}")}">{escape(inner)}</span>'


def card_name(item: dict[str, Any]) -> str:
    if item.get("card"):
        return str(item["card"])
    definition = item.get("definition") or {}
    return str(definition.get("name", "?"))


def library_name(item: object) -> str:
    return str(item.get("name", "?")) if isinstance(item, dict) else str(item)


def render_ruling(body: str | bytes) -> str:
    ruling: dict[str, Any] = json.loads(body)
    env = environment()
    env.filters.setdefault("mana", mana)
    env.filters.setdefault("card_name", card_name)
    env.filters.setdefault("library_name", library_name)
    return env.get_template("ruling.html").render(
        ruling=ruling,
        title=KIND_TITLES.get(ruling["kind"], ruling["kind"]),
        question=ruling["question"],
        answer=ruling["answer"],
        pretty_json=json.dumps(ruling, indent=2, ensure_ascii=False),
    )
