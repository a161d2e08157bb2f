"""Round 2's board facts through HTTP: a grant of a level band (711.2). Every card is
invented, every sentence ours."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.api.helpers import assert_problem, state
from tests.api.test_compiled_cards_api import ACT, CP, definition, inline, ruling

CHANTER = definition(
    "Grove Chanter",
    'Level up {1}{G}\nLEVEL 3+\n1/3\nElves you control have "{T}: Add {G}{G}."',
    ["Creature"],
    "{G}",
    ["Elf"],
)
SCOUT = definition("Grove Scout", "Vigilance", ["Creature"], "{G}", ["Elf"])


def test_a_grant_of_a_level_band_needs_the_level_counters(sqlite_client: TestClient) -> None:
    assert CHANTER["support"] == "full"
    for level, expected in ((2, []), (3, ["G"])):
        s = state(inline("c", CHANTER, counters={"level": level}), inline("e", SCOUT))
        a = ruling(sqlite_client, CP, {"state": s})["answer"]
        by_id = {p["id"]: p["types"] for p in a["permanents"]}
        assert by_id == {"c": expected, "e": expected}


WARDEN = definition(
    "Snare Warden",
    "{T}: Add an amount of {B} equal to the greatest power among creatures you control that "
    "entered this turn.",
    ["Creature"],
    "{2}{R}",
)


def test_entered_this_turn_is_an_input_and_its_absence_a_problem(
    sqlite_client: TestClient,
) -> None:
    assert WARDEN["support"] == "full"
    s = state(
        inline("w", WARDEN, entered_this_turn=False, power=3),
        inline("n", SCOUT, entered_this_turn=True, power=2),
    )
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "w"})
    assert r["answer"]["total"] == "{B}{B}"
    assert r["question"]["state"]["battlefield"][1]["entered_this_turn"] is True
    missing = state(inline("w", WARDEN, entered_this_turn=False), inline("n", SCOUT, power=2))
    resp = sqlite_client.post(ACT, json={"state": missing, "permanent_id": "w"})
    assert_problem(
        resp, ["body", "state", "battlefield", 1, "entered_this_turn"], "entered_this_turn_required"
    )


ORACLE = definition(
    "Oracle of Tops",
    "{T}: Each player reveals the top card of their library. For each nonland card revealed "
    "this way, add {G} and you gain 2 life. Then each player draws a card.",
    ["Creature"],
    "{1}{G}",
)


def test_parley_takes_the_number_of_nonland_cards_as_x(sqlite_client: TestClient) -> None:
    assert ORACLE["support"] == "full"
    s = state(inline("o", ORACLE))
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "o", "x": 3})
    assert r["answer"]["total"] == "{G}{G}{G}"
    assert "701.16" in r["citations"]
    resp = sqlite_client.post(ACT, json={"state": s, "permanent_id": "o"})
    assert resp.status_code == 422 and resp.json()["code"] == "x_required"


DRIFT = definition(
    "Frost Drift",
    "Whenever a Forest is tapped for mana, its controller may add an additional {G}. If that "
    "Forest is snow, its controller may add an additional {G}{G} instead.",
    ["Enchantment"],
    "{1}{G}",
)


def test_a_snow_forest_makes_the_trigger_add_more(sqlite_client: TestClient) -> None:
    assert DRIFT["support"] == "full"
    snowy = definition("Pine Hollow", "", ["Land"], None, ["Forest"]) | {"supertypes": ["snow"]}
    plain = definition("Pine Hollow", "", ["Land"], None, ["Forest"])
    for land, total in ((snowy, "{G}{G}{G}"), (plain, "{G}{G}")):
        s = state(inline("d", DRIFT), inline("f", land))
        r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "f", "choose": "G"})
        assert r["answer"]["total"] == total


COLOSSUS = definition(
    "Colossus of Dust",
    "As long as there are fewer than five cards in your graveyard, Colossus of Dust isn't a "
    "creature.\n{T}: Add {C}.",
    ["Artifact", "Creature"],
    "{4}",
    ["God"],
)
CRADLE = definition("Moss Cradle", "{T}: Add {G} for each creature you control.", ["Land"])


def test_a_graveyard_condition_on_being_a_creature(sqlite_client: TestClient) -> None:
    assert COLOSSUS["support"] == "full"
    for cards, total in ((4, ""), (5, "{G}")):
        s = state(inline("c", COLOSSUS), inline("m", CRADLE))
        s["players"] = {"alice": {"graveyard": ["Forest"] * cards}}
        r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "m"})
        assert r["answer"]["total"] == total
    resp = sqlite_client.post(
        ACT, json={"state": state(inline("c", COLOSSUS), inline("m", CRADLE)), "permanent_id": "m"}
    )
    assert_problem(resp, ["body", "state", "players", "alice", "graveyard"], "graveyard_required")
