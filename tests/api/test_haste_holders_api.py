"""Static haste grants through HTTP (702.10 over 302.6): who they name decides whether a creature
that arrived this turn may tap for mana. Every card is invented; its text is ours."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.api.test_compiled_cards_api import ACT, definition, inline, ruling

MYR = definition("Cogwork Sprite", "{T}: Add {C}.", ["Artifact", "Creature"], "{2}")
ELF = definition("Moss Elf", "{T}: Add {G}.", ["Creature"], "{G}", ["Elf"])
TWIN = definition("Twinbloom Elf", "{T}: Add {G}.", ["Creature"], "{G}{W}", ["Elf"])


def tappable(client: TestClient, holder: dict[str, Any], dork: dict[str, Any], **kw: Any) -> bool:
    """Whether the dork, new under alice's control this turn (302.6), may tap for mana."""
    st = {
        "turn": 4,
        "active_player": "alice",
        "battlefield": [
            inline("holder", holder),
            inline("dork", dork, controlled_since_turn_start=False, **kw),
        ],
        "effects": [],
    }
    r = ruling(client, ACT, {"state": st, "permanent_id": "dork"})
    legal: bool = r["answer"]["legal"]
    return legal


def test_artifact_creatures_have_haste(sqlite_client: TestClient) -> None:
    # 205.2a: only a creature that is an artifact as well is named.
    forge = definition(
        "Gearwright Forge", "Artifact creatures you control have haste.", ["Enchantment"]
    )
    assert forge["support"] == "full"
    assert tappable(sqlite_client, forge, MYR) is True
    assert tappable(sqlite_client, forge, ELF) is False


def test_multicolored_creatures_have_haste(sqlite_client: TestClient) -> None:
    # 105.2b: two or more colors; a green Elf has one.
    banner = definition(
        "Prism Banner", "Multicolored creatures you control have haste.", ["Enchantment"]
    )
    assert tappable(sqlite_client, banner, TWIN) is True
    assert tappable(sqlite_client, banner, ELF) is False


def test_creatures_with_counters_have_haste(sqlite_client: TestClient) -> None:
    # 122.1: a counter of any kind.
    drill = definition(
        "Brandmark Drill",
        "Creatures you control with counters on them have haste.",
        ["Artifact"],
    )
    assert tappable(sqlite_client, drill, ELF, counters={"+1/+1": 1}) is True
    assert tappable(sqlite_client, drill, ELF, counters={"oil": 2}) is True
    assert tappable(sqlite_client, drill, ELF) is False


def test_its_own_haste_while_an_opponent_controls_a_cleric(sqlite_client: TestClient) -> None:
    # 611.3a: the condition is read of the board each time; bob is alice's opponent.
    rider = definition(
        "Emberhorn Rider",
        "{T}: Add {R}.\nEmberhorn Rider has haste as long as an opponent controls a Cleric.",
        ["Creature"],
        "{1}{R}",
    )
    assert rider["support"] == "full"
    cleric = {"name": "Chapel Acolyte", "types": ["creature"], "subtypes": ["Cleric"]}
    assert tappable(sqlite_client, cleric, rider) is False  # hers, not bob's
    st = {
        "turn": 4,
        "active_player": "alice",
        "battlefield": [
            inline("cleric", cleric, controller="bob"),
            inline("dork", rider, controlled_since_turn_start=False),
        ],
        "effects": [],
    }
    r = ruling(sqlite_client, ACT, {"state": st, "permanent_id": "dork"})
    assert r["answer"]["legal"] is True
    assert "702.10" in r["citations"]
    assert any("an opponent controls" in step["text"] for step in r["explanation"])
