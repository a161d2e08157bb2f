"""Amounts read off the board through HTTP: creatures with defender (their keywords after
layer 6), the greatest toughness (the state's `toughness`, a problem naming it when missing),
and a sacrificed creature's power given as `x` (608.2h). Every card is invented."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from app.catalog.compile import compile_face
from tests.api.helpers import assert_problem, state
from tests.api.test_compiled_cards_api import ACT, CP, inline, ruling


def definition(name: str, text: str, keywords: list[str] | None = None) -> dict[str, Any]:
    compiled = compile_face(
        name, text, types=["Creature"], mana_cost="{1}{G}", keywords=keywords or []
    )
    return {
        "name": name,
        "types": ["creature"],
        "mana_cost": "{1}{G}",
        "keywords": keywords or [],
        **compiled.card_fields(),
    }


RAMPART = definition(
    "Moss Rampart",
    "Defender\n{T}: Add {U} for each creature you control with defender.",
    ["Defender"],
)
WALL = definition("Pebble Wall", "Defender", ["Defender"])
BARK = definition(
    "Bark Tender",
    "{T}: Add X mana of any one color, where X is the greatest toughness among all other "
    "creatures you control.",
)
FEEDER = definition(
    "Bog Feeder",
    "{T}, Sacrifice a creature: Add an amount of {B} equal to the sacrificed creature's power.",
)


def test_defender_count_toughness_and_sacrificed_power(sqlite_client: TestClient) -> None:
    assert {c["support"] for c in (RAMPART, BARK, FEEDER)} == {"full"}
    s = state(inline("r", RAMPART), inline("w", WALL), inline("w2", WALL, controller="bob"))
    a = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "r"})["answer"]
    assert a["total"] == "{U}{U}"
    s = state(inline("b", BARK, toughness=1), inline("w", WALL, toughness=3))
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "b", "choose": "W"})
    assert r["answer"]["total"] == "{W}{W}{W}"
    assert "208.3" in r["citations"]
    missing = state(inline("b", BARK), inline("w", WALL))
    resp = sqlite_client.post(ACT, json={"state": missing, "permanent_id": "b", "choose": "W"})
    assert_problem(resp, ["body", "state", "battlefield", 1, "toughness"], "toughness_required")
    s = state(inline("f", FEEDER), inline("w", WALL))
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "f", "x": 2})
    assert r["answer"]["total"] == "{B}{B}"
    assert {"608.2h", "602.2b"} <= set(r["citations"])


def land(name: str, text: str) -> dict[str, Any]:
    compiled = compile_face(name, text, types=["Land"], keywords=[])
    return {"name": name, "types": ["land"], **compiled.card_fields()}


CANOPY = land(
    "Elder Canopy",
    'As long as you control two or more lands, lands you control have "{T}: Add {R}."',
)
FIELD = land("Plain Field", "{T}: Add {C}.")


def test_a_grant_on_a_count_of_lands(sqlite_client: TestClient) -> None:
    assert CANOPY["support"] == "full"
    alone = state(inline("canopy", CANOPY))
    r = ruling(sqlite_client, CP, {"state": alone})
    assert [p["types"] for p in r["answer"]["permanents"]] == [[]]
    two = state(inline("canopy", CANOPY), inline("field", FIELD))
    r = ruling(sqlite_client, CP, {"state": two})
    assert [p["types"] for p in r["answer"]["permanents"]] == [["R"], ["R", "C"]]


def test_a_trigger_that_adds_mana_for_each_elf(sqlite_client: TestClient) -> None:
    guide = compile_face(
        "Elm Whisper",
        "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an "
        "additional {G}{G} for each Elf on the battlefield.",
        types=["Enchantment"],
        subtypes=["Aura"],
    )
    aura = {"name": "Elm Whisper", "types": ["enchantment"], "subtypes": ["Aura"]}
    aura.update(guide.card_fields())
    scout = {**definition("Grove Scout", "Vigilance"), "subtypes": ["Elf"]}
    s = state(
        inline("f", FIELD),
        inline("g", aura, attached_to="f"),
        inline("e", scout),
        inline("e2", scout, controller="bob"),
    )
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "f"})
    assert r["answer"]["total"] == "{G}{G}{G}{G}{C}"
    assert {"605.1b", "608.2h"} <= set(r["citations"])


LAUREL = definition(
    "Laurel Acolyte",
    'Renown 1\nAs long as this creature is renowned, it has vigilance and "{T}: Add one mana '
    'of any color."',
    ["Renown"],
)


def test_renowned_is_an_input_and_its_absence_a_problem(sqlite_client: TestClient) -> None:
    assert LAUREL["support"] == "full"
    s = state(inline("a", LAUREL, renowned=True))
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "a", "choose": "U"})
    assert r["answer"]["total"] == "{U}"
    resp = sqlite_client.post(CP, json={"state": state(inline("a", LAUREL))})
    assert_problem(resp, ["body", "state", "battlefield", 0, "renowned"], "renowned_required")


def test_the_largest_group_sharing_a_creature_type(sqlite_client: TestClient) -> None:
    tile = definition(
        "Kinship Tile",
        "{T}: Add X mana of any one color, where X is the greatest number of creatures you "
        "control that share a creature type.",
    )
    elf = {**definition("Grove Scout", "Vigilance"), "subtypes": ["Elf", "Scout"]}
    shifter = {
        **definition("Mimic Pup", "Changeling", ["Changeling"]),
        "subtypes": ["Shapeshifter"],
    }
    s = state(inline("t", tile), inline("e", elf), inline("e2", elf), inline("s", shifter))
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "t", "choose": "R"})
    assert r["answer"]["total"] == "{R}{R}{R}"
    assert "702.73a" in r["citations"]


def test_untapping_an_opponents_tapped_land_as_a_cost(sqlite_client: TestClient) -> None:
    forager = definition(
        "Reef Forager",
        "{T}, Untap a tapped land your opponents control: Add one mana of any type that land "
        "could produce.",
    )
    assert forager["support"] == "full"
    s = state(
        inline("fo", forager),
        inline("g", land("Green Patch", "{T}: Add {G}."), controller="bob", tapped=True),
    )
    r = ruling(sqlite_client, CP, {"state": s})
    assert r["answer"]["permanents"][0]["types"] == ["G"]
    # 106.7 ignores whether the cost could be paid: an untapped land of bob's counts too.
    untapped = inline("u", land("Blue Patch", "{T}: Add {U}."), controller="bob")
    r = ruling(sqlite_client, CP, {"state": {**s, "battlefield": [*s["battlefield"], untapped]}})
    assert r["answer"]["permanents"][0]["types"] == ["U", "G"]
    assert any("tapped or not" in step["text"] for step in r["explanation"]), r["explanation"]
    lone = state(inline("fo", forager))
    a = ruling(sqlite_client, ACT, {"state": lone, "permanent_id": "fo"})["answer"]
    assert [n["code"] for n in a["notes"]] == ["cost_taken_as_paid"]


def test_a_grant_while_modified(sqlite_client: TestClient) -> None:
    keeper = definition(
        "Coil Keeper",
        '{T}: Add {G}.\nAs long as this creature is modified, it has "{T}: Add {G}{G}."',
    )
    plain = state(inline("k", keeper))
    r = sqlite_client.post(ACT, json={"state": plain, "permanent_id": "k", "ability": 1})
    assert r.status_code == 422
    s = state(inline("k", keeper, counters={"+1/+1": 1}))
    r2 = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "k", "ability": 1})
    assert r2["answer"]["total"] == "{G}{G}"
    assert {"611.3a", "700.9"} <= set(r2["citations"])
