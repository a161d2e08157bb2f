"""Impending through HTTP (702.176a): a permanent cast for its impending cost isn't a creature
while it has a time counter, which the state's `impending` says; the cost is an alternative
one. Every card is invented; its text is ours."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.api.helpers import assert_problem
from tests.api.test_compiled_cards_api import ACT, definition, inline, ruling

WARDEN = definition(
    "Mistveil Warden",
    "Impending 4—{2}{W}{W}\nWhenever Mistveil Warden enters or attacks, draw a card.",
    ["Enchantment", "Creature"],
    "{5}{W}{W}",
    ["Avatar"],
)
CRADLE = definition("Grove Cradle", "{T}: Add {G} for each creature you control.", ["Land"])


def _count(client: TestClient, **warden: Any) -> str:
    st = {
        "turn": 6,
        "active_player": "alice",
        "battlefield": [inline("cradle", CRADLE), inline("w", WARDEN, **warden)],
        "effects": [],
    }
    total: str = ruling(client, ACT, {"state": st, "permanent_id": "cradle"})["answer"]["total"]
    return total


def test_an_impending_permanent_with_time_counters_is_no_creature(
    sqlite_client: TestClient,
) -> None:
    assert WARDEN["support"] == "full"
    assert WARDEN["alternative_costs"][0]["name"] == "Impending"
    assert _count(sqlite_client, counters={"time": 3}, impending=True) == ""
    st = {
        "turn": 6,
        "active_player": "alice",
        "battlefield": [inline("w", WARDEN, counters={"time": 3}, impending=True)],
        "effects": [],
    }
    steps = ruling(sqlite_client, "/v1/mana/could-produce", {"state": st})["explanation"]
    assert any(s["rules"] == ["702.176a"] for s in steps)
    # Cast for its mana cost, or with its last time counter gone, it is a creature.
    assert _count(sqlite_client, counters={"time": 3}, impending=False) == "{G}"
    assert _count(sqlite_client) == "{G}"


def test_time_counters_without_saying_how_it_was_cast_is_a_422(sqlite_client: TestClient) -> None:
    st = {
        "turn": 6,
        "active_player": "alice",
        "battlefield": [inline("cradle", CRADLE), inline("w", WARDEN, counters={"time": 2})],
        "effects": [],
    }
    r = sqlite_client.post(ACT, json={"state": st, "permanent_id": "cradle"})
    assert_problem(r, ["body", "state", "battlefield", 1, "impending"], "impending_required")
