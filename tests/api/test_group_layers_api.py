"""A group's card types and colors changed by a static ability, through HTTP: an enchantment
made a creature is summoning sick (205.1b, 302.6), and a creature made black makes black mana
with "any of this creature's colors" (105.2, 613.1e). Every card is invented; its text is ours."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.api.test_compiled_cards_api import ACT, CP, definition, inline, ruling

GLOW = definition(
    "Lanternglow",
    "Each other non-Aura enchantment is a creature in addition to its other types and has base "
    "power and base toughness each equal to its mana value.",
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
