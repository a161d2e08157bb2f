"""A cost removing X counters from among several permanents together (602.2b, 118.3): legal
while they have X between them; the state after keeps them (which ones is the controller's
pick). Invented fixture cards."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.errors import QuestionError
from app.engine.activate import activate
from tests.engine.mana_helpers import P, board


def steps(v: Any) -> str:
    return " ".join(s.text for s in v.steps)


def sage_board() -> Any:
    return board(
        P("s", "Gearwright Sage", counters={"+1/+1": 1}),
        P("w", "Walking Ballista", counters={"+1/+1": 2}),
        P("b", "Walking Ballista", "bob", counters={"+1/+1": 5}),
    )


def test_counters_from_among_your_artifacts_pay_for_x() -> None:
    v = activate(sage_board(), "s", x=3)
    a = v.answer_data
    assert (a["legal"], a["total"], a["ability"]["recipient"]) == (
        True,
        "{C}{C}{C}",
        "target_player",
    )
    assert "which have 3 between them" in steps(v)
    kept = {q["id"]: q.get("counters") for q in a["state"]["battlefield"]}
    assert kept["s"] == {"+1/+1": 1} and kept["w"] == {"+1/+1": 2}


def test_more_than_they_have_is_illegal() -> None:
    # bob's counters are not among the artifacts its controller controls.
    a = activate(sage_board(), "s", x=4).answer_data
    assert a["legal"] is False and [r["code"] for r in a["reasons"]] == ["not_enough_counters"]


def test_one_or_more_means_x_of_at_least_one() -> None:
    with pytest.raises(QuestionError) as err:
        activate(sage_board(), "s", x=0)
    assert err.value.code == "invalid_x"
