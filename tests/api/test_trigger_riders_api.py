"""Tapped-for-mana triggers with an intervening "if ~ is tapped" (603.4) and a damage rider,
through HTTP. Every card is invented; its text is ours."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.api.helpers import perm, state
from tests.api.test_compiled_cards_api import ACT, definition, inline, ruling

IMP = definition(
    "Napping Imp",
    "Whenever a player taps a land for mana, if ~ is tapped, that player adds an additional one "
    "mana of any type that land produced.",
    ["Creature"],
    "{1}{R}",
)
BLOOM = definition(
    "Thorn Bounty",
    "Whenever a player taps a land for mana, that player adds one mana of any type that land "
    "produced, and ~ deals 2 damage to the player.",
    ["Enchantment"],
    "{2}{G}",
)


def test_the_imp_adds_only_while_tapped(sqlite_client: TestClient) -> None:
    assert IMP["support"] == "full"
    for tapped, total in ((False, "{G}"), (True, "{G}{G}")):
        s = state(perm("f", "Forest", "bob"), inline("i", IMP, tapped=tapped))
        r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "f"})
        assert r["answer"]["total"] == total
        assert "603.4" in {rule for st in r["explanation"] for rule in st["rules"]}


def test_the_damage_rider_keeps_the_mana(sqlite_client: TestClient) -> None:
    assert BLOOM["support"] == "full"
    s = state(perm("f", "Forest"), inline("b", BLOOM, "bob"))
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "f"})
    assert r["answer"]["total"] == "{G}{G}"
    assert "deals 2 damage" in " ".join(st["text"] for st in r["explanation"])
