"""Mana of several colors through HTTP: two mana of different colors lists every pair, one
mana of each color among permanents reads their colors (105.2), and every step's refs are
checked by the service (app/rulings/checks.py). Every card is invented; its text is ours."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.api.helpers import state
from tests.api.test_compiled_cards_api import ACT, CP, definition, inline, ruling

PAIR = definition(
    "Twinned Lantern", "{2}, {T}: Add two mana of different colors.", ["Artifact"], "{3}"
)
BLOOM = definition(
    "Petal Warden",
    "{1}, {T}: For each color among permanents you control, add one mana of that color.",
    ["Creature"],
    "{1}{G}",
)
IDOL = definition("Hollow Idol", "This artifact hums.", ["Artifact"], "{W}{B}")


def test_two_different_colors_through_http(sqlite_client: TestClient) -> None:
    assert PAIR["support"] == "full"
    s = state(inline("pair", PAIR))
    r = ruling(sqlite_client, CP, {"state": s})
    assert r["answer"]["permanents"][0]["types"] == ["W", "U", "B", "R", "G"]
    a = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "pair"})["answer"]
    assert a["choice_required"] is True and len(a["outcomes"]) == 10
    a = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "pair", "choose": "{B}{G}"})
    assert (a["answer"]["legal"], a["answer"]["total"]) == (True, "{B}{G}")


def test_each_color_among_permanents_through_http(sqlite_client: TestClient) -> None:
    assert BLOOM["support"] == "full"
    s = state(inline("bloom", BLOOM), inline("idol", IDOL), inline("foe", IDOL, "bob"))
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "bloom"})
    assert (r["answer"]["legal"], r["answer"]["total"]) == (True, "{W}{B}{G}")
    assert "105.2" in {rule for step in r["explanation"] for rule in step["rules"]}
