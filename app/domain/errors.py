"""Errors for malformed or inconsistent questions: the API turns them into 422 problem+json."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, get_args

from app.domain.base import NOT_CREATURE_TYPES, BasicLandType, CardType

# The kinds of type a permanent may choose as it enters, its state's `chosen_type`: a creature
# type (205.3m), a basic land type (305.6) or a card type (205.2a).
TypeChoice = Literal["creature_type", "basic_land_type", "card_type"]


class QuestionError(ValueError):
    """`loc` is the path of the offending field *within the question* (("state", "battlefield",
    3, "counters"), ("choose",); () for the question as a whole), so the engine knows nothing of
    HTTP: the API reports it under the request body (app/api/problems.py, `body_loc`).
    `code` is a stable snake_case word."""

    def __init__(self, loc: tuple[str | int, ...], message: str, code: str = "invalid_question"):
        super().__init__(message)
        self.loc = loc
        self.message = message
        self.code = code


def creature_type_chosen(said: str, loc: tuple[str | int, ...], who: str) -> str:
    """205.3m: a creature type chosen for a permanent (`who`) as it entered, as given; a subtype
    the rules give another card type (a land, artifact, enchantment or battle type) is none, a
    422. (The rules' full list of creature types is not kept here, so another word passes.)"""
    if said.casefold() in NOT_CREATURE_TYPES:
        raise QuestionError(
            loc,
            f"{who} chose a creature type as it entered (205.3m): {said!r} is a subtype of "
            "another card type, not a creature type",
            "invalid_chosen_type",
        )
    return said


def basic_land_type_chosen(said: str, loc: tuple[str | int, ...], who: str) -> BasicLandType:
    """305.6: a basic land type chosen for a permanent (`who`) as it entered, spelled as the
    rules spell it (so that it brings its mana); another word is none, a 422."""
    for basic in get_args(BasicLandType):
        if basic.casefold() == said.casefold():
            return basic  # type: ignore[no-any-return]
    raise QuestionError(
        loc,
        f"{who} chose a basic land type as it entered: 'chosen_type' is one of "
        f"{', '.join(get_args(BasicLandType))}, not {said!r}",
        "invalid_chosen_type",
    )


# 205.2a: every card type, those of objects the engine doesn't model among them (a choice of
# "a card type" may name one); "tribal" is kindred's former name.
ALL_CARD_TYPES = (
    *get_args(CardType),
    "conspiracy",
    "dungeon",
    "phenomenon",
    "plane",
    "scheme",
    "vanguard",
)


def card_type_chosen(
    said: str, among: Sequence[CardType], loc: tuple[str | int, ...], who: str
) -> str:
    """205.2a: a card type chosen for a permanent (`who`) as it entered, in any case, among
    those its words allow (`among`; empty: any card type); another word is none, a 422."""
    allowed: list[str] = list(among) or list(ALL_CARD_TYPES)
    word = "kindred" if said.casefold() == "tribal" else said.casefold()
    for card_type in allowed:
        if card_type == word:
            return card_type
    raise QuestionError(
        loc,
        f"{who} chose a card type as it entered: 'chosen_type' is one of "
        f"{', '.join(allowed)}, not {said!r}",
        "invalid_chosen_type",
    )


def type_chosen(
    kind: TypeChoice, said: str, among: Sequence[CardType], loc: tuple[str | int, ...], who: str
) -> str:
    """The permanent's `chosen_type`, checked against the kind of type its card chooses."""
    match kind:
        case "creature_type":
            return creature_type_chosen(said, loc, who)
        case "basic_land_type":
            return basic_land_type_chosen(said, loc, who)
        case "card_type":
            return card_type_chosen(said, among, loc, who)
