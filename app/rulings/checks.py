"""Checks the test suite runs on every ruling it makes, and production doesn't pay for: the
answer has exactly its kind's shape (app/domain/answers.py), and every step's `refs` name what
its text mentions. Turned on by the environment variable RULINGS_CHECK_RULINGS=1 (the tests'
conftest sets `ENABLED` itself); a failed check is a ValueError, a bug in the engine."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import Any

import orjson
from pydantic import BaseModel

from app.domain.answers import check_answer
from app.domain.ruling import Step, mana_groups

ENABLED = os.environ.get("RULINGS_CHECK_RULINGS") == "1"


def check_ruling(
    kind: str, question: dict[str, Any], answer: BaseModel, steps: Sequence[Step]
) -> None:
    """Raise when the answer or a step is not what the ruling object promises."""
    check_answer(kind, answer)
    permanents = list(_battlefield(question))
    for step in steps:
        check_step(step, permanents)


def _battlefield(question: dict[str, Any]) -> Iterable[str]:
    """The id of each permanent the question's state holds."""
    state = question.get("state")
    if isinstance(state, orjson.Fragment):  # dumped straight to text (questions.state_question)
        state = orjson.loads(orjson.dumps(state))
    if not isinstance(state, dict):
        return
    for entry in state.get("battlefield", []):
        if isinstance(entry, dict) and isinstance(entry.get("id"), str):
            yield entry["id"]


def check_step(step: Step, permanents: Iterable[str] = ()) -> None:
    """Every ref occurs in the text; every mana run of the text is in refs.mana; every
    permanent of `permanents` the text names as "Name (id)" is in refs.permanents, with the
    name in refs.cards."""
    if step.refs is None:
        raise ValueError(f"a step without refs: {step.text!r}")
    text = step.text
    refs = step.refs
    for kind in ("permanents", "cards", "mana"):
        for ref in refs.get(kind, ()):
            if ref not in text:
                raise ValueError(
                    f"refs.{kind} has {ref!r}, which the step doesn't mention: {text!r}"
                )
    missing = [g for g in mana_groups(text) if g not in refs.get("mana", ())]
    if missing:
        raise ValueError(f"the step shows mana {missing} that its refs.mana lacks: {text!r}")
    cards = refs.get("cards", ())
    for pid in permanents:
        if f"({pid})" in text and (
            pid not in refs.get("permanents", ())
            or not any(f"{name} ({pid})" in text for name in cards)
        ):
            raise ValueError(f"the step names the permanent {pid!r} but its refs don't: {text!r}")
