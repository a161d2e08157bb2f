"""Multi-part cards in one place: split cards (709, aftermath among them), flip cards (710),
double-faced cards (712: modal, transforming, meld) and adventurers (715). Which part a card
is outside the stack, which part is cast, and which rule says so.

- Off the stack a split card has both halves' characteristics (709.4: mana values added); a
  double-faced card its front face's (712.8); a flip card its unflipped half's (710.1); an
  adventurer its creature part's (715.4).
- Cast, or on the battlefield, it is only the part chosen (709.3, 712.8; an adventurer its
  creature part, 715.4, or as an Adventure spell the Adventure, 715.3b); flip,
  transforming and meld cards are only ever cast as their front (710.1, 712.8).
- Imported single-part layouts (leveler, class, saga, case, prototype 718, mutate...) have one
  set of printed characteristics: nothing layout-specific for mana value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from app.domain.card import Card, CardFace

Layout = Literal[
    "normal",
    "split",
    "modal_dfc",
    "adventure",
    # Imported layouts (MTGJSON / Scryfall names), mapped onto the semantics above:
    "aftermath",  # a split card (709.1)
    "flip",  # 710
    "transform",  # 712
    "meld",  # 712: a front face that melds with another card into a shared back face
    "leveler",
    "class",
    "saga",
    "case",
    "prototype",  # 718: off the stack only the normal characteristics
    "mutate",
    "host",
    "augment",
]


@dataclass(frozen=True, slots=True)
class LayoutRules:
    off_stack: str  # the rule for its characteristics outside the stack
    off_stack_words: str  # which part(s), in our words
    one_part: str  # the rule for being cast as (or being) one part
    kind: str  # what such a card is called, in our words
    part: str  # whose characteristics it has off the stack (but a split card: both halves')


LAYOUT_RULES: dict[str, LayoutRules] = {
    "split": LayoutRules(
        "709.4", "its halves added together", "709.3", "a split card", "both halves'"
    ),
    "aftermath": LayoutRules(
        "709.4", "its halves added together", "709.3", "a split card", "both halves'"
    ),
    "modal_dfc": LayoutRules(
        "712.8", "its front face only", "712.8", "a modal double-faced card", "its front face's"
    ),
    "transform": LayoutRules(
        "712.8",
        "its front face only",
        "712.8",
        "a transforming double-faced card",
        "its front face's",
    ),
    "meld": LayoutRules("712.8", "its front face only", "712.8", "a meld card", "its front face's"),
    "flip": LayoutRules(
        "710.1", "its unflipped half only", "710.1", "a flip card", "its unflipped half's"
    ),
    "adventure": LayoutRules(
        "715.4", "its creature part only", "715.3", "an adventurer card", "its creature part's"
    ),
}
# Layouts whose card lists two `faces` (front / left half / creature part first).
TWO_FACED_LAYOUTS = frozenset(LAYOUT_RULES)
# 709.4: off the stack a split card has both halves' characteristics (mana values added).
COMBINED_LAYOUTS = frozenset({"split", "aftermath"})
# Only the front is ever cast: a flip card unflipped (710.1), a meld card face up (712.8); the
# back comes only by flipping or melding. A transforming card's back face is cast too, when a
# keyword or effect casts the card transformed (disturb 702.146a, More Than Meets the Eye
# 702.162a, a defeated Siege): the spell then has its back face's characteristics and
# its front face's mana cost for its mana value (712.8).
FRONT_CAST_LAYOUTS = frozenset({"flip", "meld"})
# The rule that says a multi-part card is on the stack or battlefield as one of its parts.
FACE_RULES: dict[str, str] = {layout: rules.one_part for layout, rules in LAYOUT_RULES.items()}


def off_stack_faces(card: Card) -> list[CardFace]:
    """The faces whose characteristics the card has outside the stack (709.4, 710.1, 712.8,
    715.4)."""
    if card.layout in COMBINED_LAYOUTS:
        return card.card_faces
    return [card.front]


def one_part_rule(card: Card, part: CardFace) -> tuple[str, ...]:
    """The rule that a multi-part card cast (or on the battlefield) is only one `part`. An
    adventurer is only its creature part wherever it isn't an Adventure spell (715.4), and only
    the Adventure when cast as one (715.3b)."""
    if card.layout == "adventure":
        return ("715.4",) if part is card.front else ("715.3b",)
    found = LAYOUT_RULES.get(card.layout)
    return (found.one_part,) if found else ()
