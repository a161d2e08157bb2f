"""Multi-part cards in one place: split cards (709), modal double-faced cards (712) and
adventurers (715). Which part a card is outside the stack, and which rule says so.

- Off the stack a split card has both halves' characteristics (709.4: mana values added), a
  modal DFC its front face's (712.8), an adventurer its creature part's (715.4).
- Cast, or on the battlefield, it is only the part chosen (709.3, 712.8, 715.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from app.domain.card import Card, CardFace

Layout = Literal["normal", "split", "modal_dfc", "adventure"]


@dataclass(frozen=True, slots=True)
class LayoutRules:
    off_stack: str  # the rule for its characteristics outside the stack
    off_stack_words: str  # which part(s), in our words
    one_part: str  # the rule for being cast as (or being) one part


LAYOUT_RULES: dict[str, LayoutRules] = {
    "split": LayoutRules("709.4", "its halves added together", "709.3"),
    "modal_dfc": LayoutRules("712.8", "its front face only", "712.8"),
    "adventure": LayoutRules("715.4", "its creature part only", "715.3"),
}


def off_stack_faces(card: Card) -> list[CardFace]:
    """The faces whose characteristics the card has outside the stack (709.4, 712.8, 715.4)."""
    if card.layout == "split":
        return card.card_faces
    return [card.front]


def one_part_rule(layout: str) -> tuple[str, ...]:
    """The rule that a multi-part card cast (or on the battlefield) is only one part."""
    found = LAYOUT_RULES.get(layout)
    return (found.one_part,) if found else ()
