"""Facts about players from the state's `players`: a life total (119.1, 107.1b), life gained
this turn (119.3), cards drawn this turn (121.1) and the monarch (724); each missing one that
an ability needs is a QuestionError naming its field."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.errors import QuestionError
from app.domain.state import Board, GameState
from app.engine.activate import activate
from app.engine.could_produce import could_produce
from tests.engine.mana_helpers import P, resolve


def board(*battlefield: dict[str, Any], players: dict[str, Any] | None = None) -> Board:
    state = {"turn": 3, "active_player": "alice", "battlefield": list(battlefield)}
    return resolve(GameState.model_validate(state | {"players": players or {}}))


def test_x_is_the_life_total() -> None:
    b = board(P("s", "Ember Sanctum"), players={"alice": {"life": 3}})
    v = activate(b, "s", choose="W")
    assert v.answer_data["total"] == "{W}{W}{W}"
    assert "119.1" in v.citations


def test_a_negative_life_total_makes_no_mana() -> None:
    # 107.1b: a negative amount is zero.
    b = board(P("s", "Ember Sanctum"), players={"alice": {"life": -2}})
    a = activate(b, "s").answer_data
    assert (a["made_mana"], a["total"]) == (False, "")


def test_the_life_total_is_asked_for() -> None:
    b = board(P("s", "Ember Sanctum"), players={"bob": {"life": 20}})
    with pytest.raises(QuestionError) as err:
        activate(b, "s", choose="W")
    assert err.value.loc == ("state", "players", "alice", "life")
    assert err.value.code == "life_required"
    with pytest.raises(QuestionError):
        could_produce(b, "s")  # 106.7: what it would make now depends on it too


def test_life_gained_this_turn() -> None:
    b = board(P("a", "Dewdrop Alchemist"), players={"alice": {"life_gained_this_turn": 2}})
    assert activate(b, "a", choose="G").answer_data["total"] == "{G}{G}"
    none = board(P("a", "Dewdrop Alchemist"), players={"alice": {"life_gained_this_turn": 0}})
    assert could_produce(none, "a").answer_data["permanents"][0]["types"] == []
    with pytest.raises(QuestionError) as err:
        activate(board(P("a", "Dewdrop Alchemist")), "a", choose="G")
    assert err.value.code == "life_gained_this_turn_required"


def test_cards_drawn_this_turn() -> None:
    b = board(P("k", "Archive Scholar"), players={"alice": {"cards_drawn_this_turn": 4}})
    v = activate(b, "k")
    assert v.answer_data["total"] == "{C}{C}{C}{C}"
    assert "121.1" in v.citations
    with pytest.raises(QuestionError) as err:
        activate(board(P("k", "Archive Scholar"), players={"alice": {"life": 9}}), "k")
    assert err.value.loc == ("state", "players", "alice", "cards_drawn_this_turn")


def test_the_monarch_trigger() -> None:
    crowned = board(
        P("f", "Forest"), P("c", "Crowned Stomper"), players={"alice": {"monarch": True}}
    )
    a = activate(crowned, "f", choose="U").answer_data
    assert (a["produced"], a["total"]) == ("{G}", "{U}{G}")
    not_crowned = board(
        P("f", "Forest"), P("c", "Crowned Stomper"), players={"alice": {"monarch": False}}
    )
    v = activate(not_crowned, "f")
    assert (v.answer_data["total"], v.answer_data["triggered"]) == ("{G}", [])
    assert "724" in v.citations and "alice is not the monarch" in " ".join(s.text for s in v.steps)


def test_the_monarch_is_asked_for_only_when_a_trigger_needs_it() -> None:
    with pytest.raises(QuestionError) as err:
        activate(board(P("f", "Forest"), P("c", "Crowned Stomper")), "f")
    assert err.value.loc == ("state", "players", "alice", "monarch")
    assert err.value.code == "monarch_required"
    # Bob's land doesn't wake alice's trigger: nothing to ask.
    b = board(P("f", "Forest", "bob"), P("c", "Crowned Stomper"))
    assert activate(b, "f").answer_data["total"] == "{G}"
