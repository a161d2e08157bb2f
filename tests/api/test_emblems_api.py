"""Emblems through HTTP (114): the state's `emblems` name the card whose ability made each; its
abilities work for its controller from the command zone. Every card is invented; its text is
ours."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.api.helpers import assert_problem
from tests.api.test_compiled_cards_api import ACT, definition, inline, ruling

MARSH_QUEEN = definition(
    "Marsh Queen",
    '[+1]: Draw a card.\n[\u22126]: You get an emblem with "Swamps you control have '
    "'{T}: Add {B}{B}{B}.'\"",
    ["Planeswalker"],
    "{2}{B}{B}",
)
WAR_QUEEN = definition(
    "War Queen",
    '[\u22127]: You get an emblem with "Creatures you control have vigilance and haste."',
    ["Planeswalker"],
    "{1}{R}{G}",
)
HUSH_QUEEN = definition(
    "Hush Queen",
    '[\u22129]: You get an emblem with "Your opponents can\'t cast noncreature spells."',
    ["Planeswalker"],
    "{2}{W}{U}",
)


def _state(battlefield: list[dict[str, Any]], *emblems: dict[str, Any]) -> dict[str, Any]:
    return {
        "turn": 9,
        "active_player": "alice",
        "battlefield": battlefield,
        "effects": [],
        "emblems": list(emblems),
    }


def _emblem(card: dict[str, Any], controller: str = "alice", eid: str = "em1") -> dict[str, Any]:
    return {"id": eid, "definition": card, "controller": controller}


def test_an_emblem_grants_its_controllers_swamps_a_mana_ability(sqlite_client: TestClient) -> None:
    assert MARSH_QUEEN["support"] == "full"
    swamp = {"id": "s", "card": "Swamp", "controller": "alice"}
    st = _state([swamp], _emblem(MARSH_QUEEN))
    r = ruling(sqlite_client, ACT, {"state": st, "permanent_id": "s", "ability": 1})
    assert r["answer"]["total"] == "{B}{B}{B}"
    assert r["answer"]["ability"]["origin"] == "granted"
    assert any("Marsh Queen emblem (em1)" in s["text"] for s in r["explanation"])
    # bob's emblem gives alice's Swamp nothing: "you" is the emblem's controller.
    theirs = _state([swamp], _emblem(MARSH_QUEEN, "bob"))
    r = ruling(sqlite_client, ACT, {"state": theirs, "permanent_id": "s"})
    assert r["answer"]["total"] == "{B}"
    # The planeswalker on the battlefield grants nothing: its emblem does.
    walker = _state([swamp, inline("pw", MARSH_QUEEN)])
    assert (
        ruling(sqlite_client, ACT, {"state": walker, "permanent_id": "s"})["answer"]["ability"][
            "origin"
        ]
        == "intrinsic"
    )


def test_an_emblems_haste_lets_a_new_creature_tap(sqlite_client: TestClient) -> None:
    elf = definition("Moss Elf", "{T}: Add {G}.", ["Creature"], "{G}", ["Elf"])
    fresh = inline("elf", elf, controlled_since_turn_start=False)
    assert (
        ruling(sqlite_client, ACT, {"state": _state([fresh]), "permanent_id": "elf"})["answer"][
            "legal"
        ]
        is False
    )
    st = _state([fresh], _emblem(WAR_QUEEN))
    r = ruling(sqlite_client, ACT, {"state": st, "permanent_id": "elf"})
    assert r["answer"]["legal"] is True


def test_an_emblems_timestamp_decides_against_a_loss_of_all_abilities(
    sqlite_client: TestClient,
) -> None:
    # 613.7, 613.1f: a Humility newer than the emblem takes its haste away; one older doesn't.
    # (Cryptolith Rite,
    # newer than both, gives the creature a mana ability to tap.)
    bear = definition("Moss Bear", "", ["Creature"], "{1}{G}", ["Bear"])
    fresh = inline("bear", bear, controlled_since_turn_start=False, timestamp=1)
    hush = {"id": "h", "card": "Humility", "controller": "bob", "timestamp": 5}
    rite = {"id": "rite", "card": "Cryptolith Rite", "controller": "alice", "timestamp": 20}
    for emblem_time, legal in ((3, False), (8, True)):
        emblem = _emblem(WAR_QUEEN) | {"timestamp": emblem_time}
        st = _state([fresh, hush, rite], emblem)
        r = ruling(sqlite_client, ACT, {"state": st, "permanent_id": "bear", "choose": "G"})
        assert r["answer"]["legal"] is legal, (emblem_time, r["explanation"])


def test_an_emblems_ban_stops_an_opponents_free_cast(sqlite_client: TestClient) -> None:
    # 601.3: bob's emblem stops alice's noncreature spell, cast free or not.
    st = _state([], _emblem(HUSH_QUEEN, "bob"))
    body = {"card": "Lightning Bolt", "state": st, "caster": "alice"}
    r = ruling(sqlite_client, "/v1/spells/cast-without-paying", body)
    assert [x["code"] for x in r["answer"]["reasons"]] == ["cast_prohibited"]


def test_a_card_without_an_emblem_is_a_422(sqlite_client: TestClient) -> None:
    st = _state([], {"id": "em1", "card": "Forest", "controller": "alice"})
    r = sqlite_client.post(ACT, json={"state": st, "permanent_id": "x"})
    assert_problem(r, ["body", "state", "emblems", 0, "card"], "not_an_emblem")
    swamp = {"id": "s", "card": "Swamp", "controller": "alice"}
    dup = _state([swamp], _emblem(MARSH_QUEEN, eid="s"))
    r = sqlite_client.post(ACT, json={"state": dup, "permanent_id": "s"})
    assert_problem(r, ["body", "state", "emblems", 0, "id"], "duplicate_emblem_id")


def test_no_emblems_leaves_the_question_as_it_was(sqlite_client: TestClient) -> None:
    # Left out when empty: a question without emblems is identified as before they existed.
    swamp = {"id": "s", "card": "Swamp", "controller": "alice"}
    st = _state([swamp])
    r = ruling(sqlite_client, ACT, {"state": st, "permanent_id": "s"})
    assert "emblems" not in r["question"]["state"]
