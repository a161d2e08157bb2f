"""One typed answer per ruling kind (app/domain/answers.py): engine answers are checked
against it before a ruling is stored."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.domain.answers import ANSWERS, check_answer
from app.domain.ruling import RulingKind


def test_every_ruling_kind_has_an_answer_model() -> None:
    assert set(ANSWERS) == set(RulingKind.__args__)  # type: ignore[attr-defined]


def test_an_answer_of_the_wrong_shape_is_refused() -> None:
    with pytest.raises(ValidationError):
        check_answer("could_produce", {"permanents": [{"id": "a", "types": ["Q"]}]})
    check_answer("could_produce", {"permanents": [{"id": "a", "name": "A", "types": ["G"]}]})


def test_an_unknown_kind_is_refused() -> None:
    with pytest.raises(ValueError):
        check_answer("no_such_kind", {})
