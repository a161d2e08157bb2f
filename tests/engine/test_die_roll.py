"""An ability whose mana depends on a die it rolls (706.2): the request's `die_roll` picks
the result; what it could make is either (106.7). Invented fixture cards."""

from __future__ import annotations

import pytest

from app.domain.errors import QuestionError
from app.engine.activate import activate
from app.engine.could_produce import could_produce
from tests.engine.mana_helpers import P, board


def test_a_low_roll_makes_the_low_mana() -> None:
    v = activate(board(P("e", "Chance Engine")), "e", die_roll=2)
    assert (v.answer_data["total"], v.answer_data["ability"]["recipient"]) == (
        "{C}",
        "target_player",
    )
    assert {"706.2", "605.5a"} <= set(v.citations)


def test_a_high_roll_makes_the_high_mana_and_its_choice() -> None:
    b = board(P("e", "Chance Engine"))
    assert activate(b, "e", die_roll=5, choose="G").answer_data["total"] == "{G}"
    open_choice = activate(b, "e", die_roll=6).answer_data
    assert open_choice["choice_required"] is True and len(open_choice["outcomes"]) == 5


def test_either_result_is_what_it_could_produce() -> None:
    types = could_produce(board(P("e", "Chance Engine")), "e").answer_data["permanents"][0]["types"]
    assert types == ["W", "U", "B", "R", "G", "C"]


@pytest.mark.parametrize(
    ("card", "roll", "code"),
    [
        ("Chance Engine", None, "die_roll_required"),
        ("Chance Engine", 7, "invalid_die_roll"),
        ("Forest", 3, "die_roll_not_used"),
    ],
)
def test_the_roll_is_checked(card: str, roll: int | None, code: str) -> None:
    with pytest.raises(QuestionError) as err:
        activate(board(P("e", card)), "e", die_roll=roll)
    assert (err.value.loc, err.value.code) == (("die_roll",), code)
