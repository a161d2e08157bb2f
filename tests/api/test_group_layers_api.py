"""A group's card types and colors changed by a static ability, through HTTP: an enchantment
made a creature is summoning sick (205.1b, 302.6), and a creature made black makes black mana
with "any of this creature's colors" (105.2, 613.1e). Every card is invented; its text is ours."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.api.test_compiled_cards_api import ACT, CP, definition, inline, ruling

GLOW = definition(
    "Lanternglow",
    "Each other non-Saga enchantment is a creature in addition to its other types.",
    ["Enchantment"],
    "{2}{W}{W}",
)
SHRINE = definition("Grove Shrine", "{T}: Add {G}.", ["Enchantment"], "{2}")


def _board(*cards: dict[str, Any]) -> dict[str, Any]:
    return {"turn": 5, "active_player": "alice", "battlefield": list(cards), "effects": []}


def test_an_enchantment_made_a_creature_is_summoning_sick(sqlite_client: TestClient) -> None:
    assert GLOW["support"] == "full"
    fresh = inline("shrine", SHRINE, controlled_since_turn_start=False)
    alone = ruling(sqlite_client, ACT, {"state": _board(fresh), "permanent_id": "shrine"})
    assert alone["answer"]["legal"] is True  # 302.6 is about creatures only
    r = ruling(
        sqlite_client, ACT, {"state": _board(inline("glow", GLOW), fresh), "permanent_id": "shrine"}
    )
    assert r["answer"]["legal"] is False
    assert r["answer"]["reasons"][0]["code"] == "summoning_sick"


def test_a_creature_made_black_makes_black(sqlite_client: TestClient) -> None:
    dusk = definition("Duskfall", "All creatures are black.", ["Enchantment"], "{2}{B}")
    warden = definition(
        "Dawnfield Warden",
        'Human creatures you control have "{T}: Add one mana of any of this creature\'s colors."',
        ["Creature"],
        "{G}{W}",
    )
    red = {"name": "Red Human", "types": ["creature"], "subtypes": ["Human"], "mana_cost": "{R}"}
    board = _board(inline("warden", warden), inline("red", red))
    assert ruling(sqlite_client, CP, {"state": board, "permanent_id": "red"})["answer"][
        "permanents"
    ] == [{"id": "red", "name": "Red Human", "types": ["R"]}]
    board["battlefield"].append(inline("dusk", dusk))
    r = ruling(sqlite_client, CP, {"state": board, "permanent_id": "red"})
    assert r["answer"]["permanents"] == [{"id": "red", "name": "Red Human", "types": ["B"]}]
    assert "613.1e" in r["citations"]


def test_a_mana_rock_made_an_artifact_creature_is_summoning_sick(sqlite_client: TestClient) -> None:
    # 205.1a, 302.6: a noncreature artifact that is an artifact creature now; the effect keeps
    # applying to what it changed (its set is fixed as it begins to apply).
    parade = definition(
        "Clockwork Parade",
        "Each noncreature artifact is an artifact creature.",
        ["Enchantment"],
        "{3}{U}",
    )
    assert parade["support"] == "full"
    rock = definition("Brass Loop", "{T}: Add {C}{C}.", ["Artifact"], "{1}")
    fresh = inline("rock", rock, controlled_since_turn_start=False)
    alone = ruling(sqlite_client, ACT, {"state": _board(fresh), "permanent_id": "rock"})
    assert alone["answer"]["legal"] is True
    with_parade = _board(inline("parade", parade), fresh)
    r = ruling(sqlite_client, ACT, {"state": with_parade, "permanent_id": "rock"})
    assert r["answer"]["reasons"][0]["code"] == "summoning_sick"


def test_an_artifact_creature_made_so_keeps_its_other_types(sqlite_client: TestClient) -> None:
    # 205.1b: "is an artifact creature" keeps every card type and subtype it had. A Forest made
    # an artifact, then an artifact creature, is still a Forest: it taps for {G} (and, new this
    # turn, is summoning sick as a creature).
    parade = definition(
        "Clockwork Parade",
        "Each noncreature artifact is an artifact creature.",
        ["Enchantment"],
        "{3}{U}",
    )
    lattice = definition(
        "Brass Lattice",
        "All permanents are artifacts in addition to their other types.",
        ["Artifact"],
        "{6}",
    )
    forest = {"id": "f", "card": "Forest", "controller": "alice"}
    board = _board(inline("parade", parade), inline("lattice", lattice), forest)
    r = ruling(sqlite_client, ACT, {"state": board, "permanent_id": "f"})
    assert (r["answer"]["legal"], r["answer"]["total"]) == (True, "{G}")
    fresh = _board(inline("parade", parade), inline("lattice", lattice),
                   {**forest, "controlled_since_turn_start": False})  # fmt: skip
    r = ruling(sqlite_client, ACT, {"state": fresh, "permanent_id": "f"})
    assert r["answer"]["reasons"][0]["code"] == "summoning_sick"


def test_forests_that_are_creatures_too_are_summoning_sick(sqlite_client: TestClient) -> None:
    grove = definition(
        "Wakened Grove", "All Forests are 1/1 creatures that are still lands.", ["Enchantment"]
    )
    fresh = {
        "id": "f",
        "card": "Forest",
        "controller": "alice",
        "controlled_since_turn_start": False,
    }
    r = ruling(
        sqlite_client, ACT, {"state": _board(inline("g", grove), fresh), "permanent_id": "f"}
    )
    assert r["answer"]["reasons"][0]["code"] == "summoning_sick"
    # One held since the turn began taps as a Forest still does (305.6).
    held = {**fresh, "controlled_since_turn_start": True}
    r = ruling(sqlite_client, ACT, {"state": _board(inline("g", grove), held), "permanent_id": "f"})
    assert r["answer"]["total"] == "{G}"


def test_every_creature_type_counts_as_an_elf(sqlite_client: TestClient) -> None:
    # 702.73a: a creature of every creature type is an Elf for "for each Elf you control".
    shifter = definition("Shapeless Mimic", "Shapeless Mimic is every creature type.",
                         ["Creature"], "{2}{U}")  # fmt: skip
    druid = definition(
        "Grove Caller", "{T}: Add {G} for each Elf you control.", ["Creature"], "{2}{G}", ["Elf"]
    )
    board = _board(inline("druid", druid), inline("mimic", shifter))
    r = ruling(sqlite_client, ACT, {"state": board, "permanent_id": "druid"})
    assert r["answer"]["total"] == "{G}{G}"


def test_a_rock_that_is_a_creature_in_other_turns(sqlite_client: TestClient) -> None:
    # 611.3a, 302.6: in alice's own turn it is no creature and taps; in bob's it is one that
    # came this turn (for alice, its controller) and can't.
    warden = definition(
        "Bastion Gargoyle",
        "{T}: Add {C}.\nDuring turns other than yours, Bastion Gargoyle is a 2/3 Gargoyle "
        "artifact creature with flying.",
        ["Artifact"],
        "{3}",
    )
    assert warden["support"] == "full"
    fresh = inline("g", warden, controlled_since_turn_start=False)
    own = ruling(sqlite_client, ACT, {"state": _board(fresh), "permanent_id": "g"})
    assert own["answer"]["legal"] is True
    theirs = {**_board(fresh), "active_player": "bob"}
    r = ruling(sqlite_client, ACT, {"state": theirs, "permanent_id": "g"})
    assert r["answer"]["reasons"][0]["code"] == "summoning_sick"
    assert any("611.3a" in s["rules"] for s in r["explanation"])
    # Without whose turn it is, the engine can't say what it is.
    unsaid = {**_board(fresh), "active_player": None}
    response = sqlite_client.post(ACT, json={"state": unsaid, "permanent_id": "g"})
    assert response.status_code == 422
    assert response.json()["code"] == "active_player_required"


def test_a_crewed_vehicle_is_a_creature(sqlite_client: TestClient) -> None:
    # 702.122a: its crew ability's entry, whose target is the Vehicle itself, says it was crewed.
    wagon = definition("Brass Wagon", "Crew 2", ["Artifact"], "{3}", ["Vehicle"])
    assert wagon["support"] == "full"
    cradle = definition("Grove Cradle", "{T}: Add {G} for each creature you control.", ["Land"])
    board = _board(inline("cradle", cradle), inline("wagon", wagon))
    r = ruling(sqlite_client, ACT, {"state": board, "permanent_id": "cradle"})
    assert r["answer"]["total"] == ""
    board["effects"] = [{"id": "c", "definition": wagon, "controller": "alice", "target": "wagon"}]
    r = ruling(sqlite_client, ACT, {"state": board, "permanent_id": "cradle"})
    assert r["answer"]["total"] == "{G}"


def test_the_bundled_turn_to_frog_makes_an_elf_a_frog_only(sqlite_client: TestClient) -> None:
    # 205.1a: the catalog's Turn to Frog sets its target's creature types to Frog (and its
    # color to blue), so an Elf so changed is no Elf for "for each Elf you control".
    caller = definition("Elf Caller", "{T}: Add {G} for each Elf you control.", ["Creature"], "{G}")
    caller["subtypes"] = ["Elf"]
    elves = {"id": "elves", "card": "Llanowar Elves", "controller": "alice"}
    frog = {"id": "frog", "card": "Turn to Frog", "controller": "bob", "target": "elves"}
    board = _board(inline("caller", caller), elves)
    r = ruling(sqlite_client, ACT, {"state": board, "permanent_id": "caller"})
    assert r["answer"]["total"] == "{G}{G}"
    frogged = {**board, "effects": [frog]}
    r = ruling(sqlite_client, ACT, {"state": frogged, "permanent_id": "caller"})
    assert r["answer"]["total"] == "{G}"
    assert r["caveats"] == []
