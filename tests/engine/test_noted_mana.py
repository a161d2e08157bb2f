"""Mana noted for a permanent (the state's `noted_mana`): all of it, or one mana of its one
noted type; a missing or unfit note is a QuestionError naming it. Invented fixture cards."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.errors import QuestionError
from app.domain.state import Board
from app.engine.activate import activate
from app.engine.could_produce import could_produce
from tests.engine.mana_helpers import P, board


def urn(card: str, **kw: Any) -> Board:
    return board(P("u", card, counters={"charge": 1}, **kw))


def test_the_noted_type_and_amount() -> None:
    b = urn("Hoarding Urn", noted_mana="{U}{R}{R}")
    a = activate(b, "u").answer_data
    assert (a["produced"], a["total"]) == ("{U}{R}{R}", "{U}{R}{R}")
    assert "charge" not in a["state"]["battlefield"][0].get("counters", {})
    types = could_produce(b, "u").answer_data["permanents"][0]["types"]
    assert types == ["U", "R"]


def test_one_mana_of_the_noted_type() -> None:
    a = activate(urn("Tally Charm", noted_mana="{G}"), "u").answer_data
    assert a["total"] == "{G}"


@pytest.mark.parametrize(
    ("card", "noted", "code"),
    [
        ("Hoarding Urn", None, "noted_mana_required"),
        ("Tally Charm", None, "noted_mana_required"),
        ("Tally Charm", "{G}{U}", "invalid_noted_mana"),
    ],
)
def test_the_note_is_asked_for(card: str, noted: str | None, code: str) -> None:
    kw: dict[str, Any] = {} if noted is None else {"noted_mana": noted}
    with pytest.raises(QuestionError) as err:
        activate(urn(card, **kw), "u")
    assert (err.value.loc, err.value.code) == (("state", "battlefield", 0, "noted_mana"), code)
