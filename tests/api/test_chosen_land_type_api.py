"""A basic land type chosen as a permanent entered that sets land types (305.7), through HTTP:
an Aura's enchanted land and a land itself are "the chosen type", the permanent's
`chosen_type`. Invented cards compiled from our templated sentences, sent inline; Forest,
Tundra and Blood Moon from the bundled catalog."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.api.helpers import assert_problem, state
from tests.api.test_compiled_cards_api import ACT, CP, definition, inline, ruling

VEIL = definition(
    "Mistcloak Veil",
    "Enchant land\nAs this Aura enters, choose a basic land type.\n"
    "Enchanted land is the chosen type.",
    ["Enchantment"],
    "{U}",
    subtypes=["Aura"],
)
THRESHOLD = definition(
    "Wayfarer's Threshold",
    "{T}: Add {C}.\nAs this land enters, choose a basic land type. Then you may pay 3 life. If "
    "you don't, it enters tapped.\nThis land is the chosen type.",
    ["Land"],
)


def _bundled(pid: str, name: str, **kw: Any) -> dict[str, Any]:
    return {"id": pid, "card": name, "controller": "alice", **kw}


def _types(client: TestClient, *permanents: dict[str, Any]) -> dict[str, list[str]]:
    r = ruling(client, CP, {"state": state(*permanents)})
    return {p["id"]: p["types"] for p in r["answer"]["permanents"]}


def test_the_enchanted_land_is_the_chosen_type(sqlite_client: TestClient) -> None:
    assert VEIL["support"] == "full" and THRESHOLD["support"] == "full"
    veil = inline("veil", VEIL, attached_to="f", chosen_type="island")
    board = (_bundled("f", "Forest"), veil, _bundled("g", "Forest"))
    # 305.7: the enchanted Forest is an Island only, so {U} (305.6); the other keeps {G}.
    assert _types(sqlite_client, *board) == {"f": ["U"], "veil": [], "g": ["G"]}
    r = ruling(sqlite_client, ACT, {"state": state(*board), "permanent_id": "f"})
    assert (r["answer"]["legal"], r["answer"]["total"]) == (True, "{U}")
    # The ruling says which type was set: the one the Aura chose as it entered.
    layer = next(s for s in r["explanation"] if "613.1d" in s["rules"])
    assert (
        "is Island, the basic land type chosen as Mistcloak Veil (veil) entered" in (layer["text"])
    )


def test_a_land_is_the_chosen_type_and_loses_its_own_ability(sqlite_client: TestClient) -> None:
    # 305.7: a Swamp, with {T}: Add {B} (305.6); its printed {T}: Add {C} is gone.
    door = inline("door", THRESHOLD, chosen_type="Swamp")
    assert _types(sqlite_client, door) == {"door": ["B"]}
    r = ruling(sqlite_client, ACT, {"state": state(door), "permanent_id": "door"})
    assert (r["answer"]["legal"], r["answer"]["total"]) == (True, "{B}")


def test_blood_moon_and_the_chosen_type(sqlite_client: TestClient) -> None:
    for moon_ts, other_ts in ((1, 2), (2, 1)):
        moon = _bundled("moon", "Blood Moon", timestamp=moon_ts)
        # 613.7: the Aura and Blood Moon both set the Tundra's types; the later one wins.
        veil = inline("veil", VEIL, attached_to="t", chosen_type="Forest", timestamp=other_ts)
        got = _types(sqlite_client, _bundled("t", "Tundra"), veil, moon)
        assert got["t"] == (["G"] if other_ts > moon_ts else ["R"]), (moon_ts, other_ts)
        # 613.8a: Blood Moon takes away the land's own ability (305.7), so the effect that
        # makes it the chosen type depends on Blood Moon's and never applies: a Mountain.
        door = inline("door", THRESHOLD, chosen_type="Island", timestamp=other_ts)
        assert _types(sqlite_client, door, moon)["door"] == ["R"], (moon_ts, other_ts)


@pytest.mark.parametrize(
    ("extra", "code"),
    [({}, "chosen_type_required"), ({"chosen_type": "Elf"}, "invalid_chosen_type")],
)
def test_the_chosen_type_must_be_a_basic_land_type(
    sqlite_client: TestClient, extra: dict[str, str], code: str
) -> None:
    # 305.7 reads the choice: without it, or with no basic land type, a problem naming it.
    aura = state(_bundled("f", "Forest"), inline("veil", VEIL, attached_to="f", **extra))
    r = sqlite_client.post(CP, json={"state": aura})
    assert_problem(r, ["body", "state", "battlefield", 1, "chosen_type"], code)
    land = state(inline("door", THRESHOLD, **extra))
    r = sqlite_client.post(ACT, json={"state": land, "permanent_id": "door"})
    assert_problem(r, ["body", "state", "battlefield", 0, "chosen_type"], code)
