"""Errors for malformed or inconsistent questions: the API turns them into 422 problem+json."""

from __future__ import annotations


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
