"""One typed answer per ruling kind (app/domain/answers.py): engine answers are checked
against it before a ruling is stored."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.domain.answers import (
    ANSWERS,
    PLAIN_JSON_ANSWERS,
    ActivateAnswer,
    CouldProduceAnswer,
    OutcomeOut,
    PermanentTypes,
    Reason,
    answer_json,
    check_answer,
    trusted,
)
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


def test_a_trusted_answer_of_the_wrong_shape_is_caught() -> None:
    # The engine builds answers unvalidated (answers.trusted); the check the tests run on every
    # ruling must still catch a missing field, a wrong type, or a dict for a nested model.
    ok = trusted(CouldProduceAnswer, permanents=[PermanentTypes(id="a", name="A", types=["G"])])
    check_answer("could_produce", ok)
    missing = trusted(CouldProduceAnswer, permanents=[{"id": "a", "name": "A"}])
    wrong_type = trusted(CouldProduceAnswer, permanents=[{"id": "a", "name": "A", "types": ["Q"]}])
    for bad in (missing, wrong_type):
        with pytest.raises(ValueError):
            check_answer("could_produce", bad)
    with pytest.raises(ValueError):
        check_answer("mana_value", ok)


def test_a_dict_where_a_nested_model_belongs_is_caught() -> None:
    reason = Reason(code="summoning_sick", rules=["302.6"], message="It came under control now.")
    fields = {
        "legal": False,
        "ability": None,
        "produced": "",
        "triggered": [],
        "total": "",
        "made_mana": False,
        "choice_required": False,
        "options": [],
        "replacement_order": [],
        "outcomes": [],
        "notes": [],
        "state": None,
    }
    check_answer("activate_mana_ability", trusted(ActivateAnswer, reasons=[reason], **fields))
    as_dict = trusted(ActivateAnswer, reasons=[reason.model_dump()], **fields)
    with pytest.raises(ValueError):
        check_answer("activate_mana_ability", as_dict)


def test_an_outcome_leaves_out_choices_it_does_not_rest_on() -> None:
    plain = OutcomeOut(replacement_order=[], produced="{G}", total="{G}")
    chosen = OutcomeOut(replacement_order=[], choices={"choose": "G"}, produced="{G}", total="{G}")
    assert list(plain.model_dump(mode="json")) == ["replacement_order", "produced", "total"]
    assert chosen.model_dump(mode="json")["choices"] == {"choose": "G"}


def test_a_plain_json_answer_is_written_as_its_model_writes_it() -> None:
    # answer_json writes PLAIN_JSON_ANSWERS with orjson: the model's bytes, escapes included.
    entries = [
        PermanentTypes(id=name, name=f"{name} Card", types=["G", "C"] if i % 2 else [])
        for i, name in enumerate(['a"b', "c\\", "é😀", "\u2028", "\x01", "plain"])
    ]
    answer = trusted(CouldProduceAnswer, permanents=entries)
    assert CouldProduceAnswer in PLAIN_JSON_ANSWERS
    assert answer_json(answer) == answer.model_dump_json().encode()
    check_answer("could_produce", answer)
