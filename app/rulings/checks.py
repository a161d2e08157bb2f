"""Checks the test suite runs on every ruling it makes, and production doesn't pay for: the
answer has exactly its kind's shape (app/domain/answers.py), and every step's `refs` name what
its text mentions. Turned on by the environment variable RULINGS_CHECK_RULINGS=1 (the tests'
conftest sets it); a failed check is an AssertionError or a ValueError, a bug in the engine."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from app.domain.answers import check_answer
from app.domain.ruling import Step

ENABLED = os.environ.get("RULINGS_CHECK_RULINGS") == "1"


def check_ruling(
    kind: str, question: dict[str, Any], answer: BaseModel, steps: Sequence[Step]
) -> None:
    """Raise when the answer or a step is not what the ruling object promises."""
    check_answer(kind, answer)
