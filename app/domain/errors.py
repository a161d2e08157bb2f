"""Errors for malformed or inconsistent questions: the API turns them into 422 problem+json."""

from __future__ import annotations

from app.domain.base import NOT_CREATURE_TYPES


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
