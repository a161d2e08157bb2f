"""Cards in a graveyard from the state's `players.<name>.graveyard` (404.1): each card has the
characteristics it has there, the front face of a double-faced card (712.8), the creature of
an adventurer (715.4); a missing graveyard is a QuestionError naming it."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.errors import QuestionError
from app.domain.state import Board, GameState
from app.engine.activate import activate
from app.engine.could_produce import could_produce
from tests.engine.mana_helpers import P, resolve


def board(*battlefield: dict[str, Any], graveyard: list[str] | None = None) -> Board:
    players = {} if graveyard is None else {"alice": {"graveyard": graveyard}}
    state = {"turn": 3, "active_player": "alice", "battlefield": list(battlefield)}
    return resolve(GameState.model_validate(state | {"players": players}))


YARD = [
    "Grizzly Bears",
    "Gatekeeper of Malakir",
    "Lightning Bolt",
    "Valki, God of Lies // Tibalt, Cosmic Impostor",
    "Shatterskull Smashing // Shatterskull, the Hammer Pass",
    "Bonecrusher Giant // Stomp",
    "Forest",
]


def test_creature_cards_in_the_graveyard() -> None:
    # Bears, Gatekeeper, Valki (front face), Bonecrusher Giant (its creature): four.
    v = activate(board(P("d", "Gravebloom Druid"), graveyard=YARD), "d", choose="G")
    assert v.answer_data["total"] == "{G}{G}{G}{G}"
    assert "404.1" in v.citations


def test_black_creature_cards() -> None:
    v = activate(board(P("v", "Ossuary Vault"), graveyard=YARD), "v")
    assert v.answer_data["total"] == "{B}{B}"  # Gatekeeper and Valki


def test_permanent_cards() -> None:
    # Shatterskull Smashing is a sorcery card there (its front face, 712.8); Forest counts.
    a = activate(board(P("c", "Hollow Core"), graveyard=YARD), "c", choose="U").answer_data
    assert a["total"] == "{U}" * 5


def test_an_empty_graveyard_makes_no_mana() -> None:
    b = board(P("d", "Gravebloom Druid"), graveyard=[])
    assert could_produce(b, "d").answer_data["permanents"][0]["types"] == []


def test_the_graveyard_is_asked_for() -> None:
    with pytest.raises(QuestionError) as err:
        activate(board(P("d", "Gravebloom Druid")), "d", choose="G")
    assert err.value.loc == ("state", "players", "alice", "graveyard")
    assert err.value.code == "graveyard_required"


def test_an_unknown_card_in_a_graveyard_is_named() -> None:
    with pytest.raises(QuestionError) as err:
        board(P("d", "Gravebloom Druid"), graveyard=["Grizzly Bears", "No Such Card"])
    assert err.value.loc == ("state", "players", "alice", "graveyard", 1)
    assert err.value.code == "unknown_card"


def test_a_color_among_legendary_creature_cards() -> None:
    # Valki, God of Lies is a legendary black creature card there (its front face, 712.8).
    b = board(P("h", "Barrow Haven"), graveyard=YARD)
    v = activate(b, "h")
    assert v.answer_data["total"] == "{B}"
    assert could_produce(b, "h").answer_data["permanents"][0]["types"] == ["B"]
    none = board(P("h", "Barrow Haven"), graveyard=["Grizzly Bears"])
    assert activate(none, "h").answer_data["made_mana"] is False


def test_a_color_of_any_card_in_the_graveyard() -> None:
    # Every card there counts (404.1): Bears green, Bolt red, Valki black; Forest has none.
    b = board(P("r", "Ashen Reliquary"), graveyard=YARD)
    assert could_produce(b, "r").answer_data["permanents"][0]["types"] == ["B", "R", "G"]
    assert activate(b, "r", choose="R").answer_data["total"] == "{R}"
    lands = board(P("r", "Ashen Reliquary"), graveyard=["Forest"])
    assert could_produce(lands, "r").answer_data["permanents"][0]["types"] == []


def two_yards(alice: list[str] | None, bob: list[str] | None) -> Board:
    players = {
        name: {"graveyard": cards}
        for name, cards in (("alice", alice), ("bob", bob))
        if cards is not None
    }
    state = {
        "turn": 3,
        "active_player": "alice",
        "battlefield": [
            P("s", "Barrow Scout", controlled_since_turn_start=True),
            P("f", "Forest", "bob"),
        ],
        "players": players,
    }
    return resolve(GameState.model_validate(state))


def test_a_land_card_in_any_graveyard_is_a_target() -> None:
    # 601.2c: bob's Forest card is a legal target; 605.5a: a target, so no mana ability.
    v = activate(two_yards([], ["Forest"]), "s", choose="U")
    a = v.answer_data
    assert (a["legal"], a["total"]) == (True, "{U}")
    assert {"601.2c", "605.5a"} <= set(v.citations)


def test_no_land_card_to_target_makes_it_illegal() -> None:
    a = activate(two_yards(["Lightning Bolt"], []), "s", choose="U").answer_data
    assert a["legal"] is False
    assert [r["code"] for r in a["reasons"]] == ["no_legal_target"]


def test_a_graveyard_not_given_is_asked_for() -> None:
    # alice's has none; bob's could hold one.
    with pytest.raises(QuestionError) as err:
        activate(two_yards(["Lightning Bolt"], None), "s", choose="U")
    assert err.value.loc == ("state", "players", "bob", "graveyard")
    assert err.value.code == "graveyard_required"
    # One land card found is enough, whatever graveyard is missing.
    assert activate(two_yards(["Forest"], None), "s", choose="U").answer_data["legal"] is True
