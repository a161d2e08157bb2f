"""How long and how far a resolved effect reaches, through HTTP. Control changes (302.6,
613.1b): one that ends by the end of the turn began this turn, so what it took is summoning
sick without haste; a lasting one may be older, so the taken permanent's
`controlled_since_turn_start` decides. A spell's loss of abilities (611.2c): only what was
there as it resolved, each its own entry. Every card is invented; its text is ours."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.api.test_compiled_cards_api import ACT, definition, inline, ruling

ELF = definition("Moss Elf", "{T}: Add {G}.", ["Creature"], "{G}", ["Elf"])
SINGER = definition(
    "Lure Singer",
    "When Lure Singer enters, gain control of target creature for as long as you control "
    "Lure Singer.",
    ["Creature"],
    "{2}{U}{U}",
)
SHACKLE = definition(
    "Tidebound Shackle",
    "{3}, {T}: Gain control of target nonartifact creature for as long as Tidebound Shackle "
    "remains tapped.",
    ["Artifact"],
    "{3}",
)
RAIDER = definition(
    "Tide Raider",
    "Whenever Tide Raider deals combat damage to a player, you may gain control of target "
    "creature that player controls for as long as you control Tide Raider.",
    ["Creature"],
    "{3}{U}",
)
BORROW = definition(
    "Brief Borrowing",
    "{3}{R}: Gain control of target creature until end of turn.",
    ["Enchantment"],
    "{1}{R}",
)


def taken(client: TestClient, card: dict[str, Any], since: bool) -> dict[str, Any]:
    """alice's question on bob's Elf, taken by the card's effect."""
    st = {
        "turn": 6,
        "active_player": "alice",
        "battlefield": [
            inline("src", card),
            inline("elf", ELF, controller="bob", controlled_since_turn_start=since),
        ],
        "effects": [{"id": "e1", "definition": card, "controller": "alice", "target": "elf"}],
    }
    return ruling(client, ACT, {"state": st, "permanent_id": "elf"})


def test_a_lasting_control_change_reads_the_permanents_own_count(
    sqlite_client: TestClient,
) -> None:
    for card in (SINGER, SHACKLE, RAIDER):
        assert card["support"] == "full"
        assert card["abilities"][0]["lasting"] is True
        # Taken before alice's turn began: she has controlled it since (302.6).
        older = taken(sqlite_client, card, True)
        assert older["answer"]["legal"] is True
        assert any("controlled_since_turn_start" in s["text"] for s in older["explanation"])
        # Taken this turn: the state says so, and it can't tap yet.
        fresh = taken(sqlite_client, card, False)
        assert fresh["answer"]["legal"] is False
        assert fresh["answer"]["reasons"][0]["code"] == "summoning_sick"


def test_a_control_change_for_the_turn_began_this_turn(sqlite_client: TestClient) -> None:
    # 514.2: an effect that ends this turn began this turn, whatever the permanent's field says.
    assert "lasting" not in BORROW["abilities"][0]
    r = taken(sqlite_client, BORROW, True)
    assert r["answer"]["legal"] is False
    assert any("restarts the count of 302.6" in s["text"] for s in r["explanation"])


def test_a_spells_group_loss_leaves_what_arrived_later(sqlite_client: TestClient) -> None:
    # 611.2c: an entry for each creature there as it resolved; the Elf cast afterwards has
    # no entry and keeps its mana ability.
    hush = definition(
        "Sudden Hush", "All creatures lose all abilities until end of turn.", ["Instant"], "{W}"
    )
    assert hush["support"] == "full"
    st = {
        "turn": 6,
        "active_player": "alice",
        "battlefield": [inline("old", ELF), inline("new", ELF, controlled_since_turn_start=False)],
        "effects": [{"id": "e1", "definition": hush, "controller": "bob", "target": "old"}],
    }
    r = ruling(sqlite_client, "/v1/mana/could-produce", {"state": st})
    types = {p["id"]: p["types"] for p in r["answer"]["permanents"]}
    assert types == {"old": [], "new": ["G"]}


def test_a_permanent_that_lost_its_abilities_bans_nothing(sqlite_client: TestClient) -> None:
    # 613.1f: "{2}: ~ loses all abilities until end of turn" takes its own ban with them (601.3
    # then has nothing to stop); the entry's target is the permanent itself.
    brute = definition(
        "Thornhide Brute",
        "You can't cast noncreature spells.\n{2}: Thornhide Brute loses all abilities until end "
        "of turn.",
        ["Creature"],
        "{2}{G}",
    )
    assert brute["support"] == "full"
    st: dict[str, Any] = {
        "turn": 6,
        "active_player": "alice",
        "battlefield": [inline("brute", brute)],
        "effects": [],
    }
    body = {"card": "Lightning Bolt", "state": st, "caster": "alice"}
    stopped = ruling(sqlite_client, "/v1/spells/cast-without-paying", body)
    assert [x["code"] for x in stopped["answer"]["reasons"]] == ["cast_prohibited"]
    st["effects"] = [{"id": "e1", "definition": brute, "controller": "alice", "target": "brute"}]
    assert ruling(sqlite_client, "/v1/spells/cast-without-paying", body)["answer"]["castable"]
