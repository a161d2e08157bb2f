"""Layers that change mana, through HTTP (613.1d, 613.1f, 613.6, 613.7, 613.8, 305.6, 305.7)."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.api.helpers import perm, state

CP = "/v1/mana/could-produce"
ACT = "/v1/mana/activate"


def _types(client: TestClient, body: dict[str, Any]) -> dict[str, list[str]]:
    r = client.post(CP, json=body)
    assert r.status_code in (200, 201), r.text
    return {p["id"]: p["types"] for p in r.json()["answer"]["permanents"]}


def _ruling(client: TestClient, body: dict[str, Any]) -> dict[str, Any]:
    r = client.post(CP, json=body)
    assert r.status_code in (200, 201), r.text
    ruling: dict[str, Any] = r.json()
    return ruling


def test_blood_moon_makes_a_tundra_a_mountain_and_leaves_an_island_alone(
    sqlite_client: TestClient,
) -> None:
    # 305.7: a nonbasic land becomes a Mountain; basic lands are not nonbasic.
    body = {
        "state": state(
            perm("moon", "Blood Moon"), perm("tundra", "Tundra"), perm("island", "Island")
        )
    }
    ruling = _ruling(sqlite_client, body)
    types = {p["id"]: p["types"] for p in ruling["answer"]["permanents"]}
    assert types["tundra"] == ["R"] and types["island"] == ["U"]
    assert {"305.7", "613.1d"} <= set(ruling["citations"])
    # The layer step names what it mentions beside its text.
    layer_step = next(s for s in ruling["explanation"] if "613.1d" in s["rules"])
    assert layer_step["refs"] == {"permanents": ["moon"], "cards": ["Blood Moon"]}


def test_reflecting_pool_under_blood_moon_makes_only_red(sqlite_client: TestClient) -> None:
    # 305.7: the pool loses its reflecting ability; it is a Mountain.
    body = {
        "state": state(
            perm("moon", "Blood Moon"), perm("pool", "Reflecting Pool"), perm("f", "Forest")
        ),
        "permanent_id": "pool",
    }
    assert _types(sqlite_client, body) == {"pool": ["R"]}


def test_urborg_alone_makes_every_land_a_swamp_itself_included(sqlite_client: TestClient) -> None:
    # 305.6: an added Swamp type brings the intrinsic {T}: add {B}.
    body = {"state": state(perm("urborg", "Urborg, Tomb of Yawgmoth"), perm("f", "Forest"))}
    assert _types(sqlite_client, body) == {"urborg": ["B"], "f": ["B", "G"]}


def test_urborg_under_blood_moon_depends_on_it_so_no_land_is_a_swamp(
    sqlite_client: TestClient,
) -> None:
    # 613.8: Blood Moon removes Urborg's ability, so Urborg's effect waits for it and never
    # applies, whatever the timestamps.
    for moon_first in (True, False):
        moon = perm("moon", "Blood Moon", timestamp=1 if moon_first else 5)
        urborg = perm("urborg", "Urborg, Tomb of Yawgmoth", timestamp=3)
        body = {"state": state(urborg, moon, perm("f", "Forest"))}
        ruling = _ruling(sqlite_client, body)
        types = {p["id"]: p["types"] for p in ruling["answer"]["permanents"]}
        assert types["urborg"] == ["R"] and types["f"] == ["G"] and types["moon"] == []
        assert "613.8" in ruling["citations"]


def test_blood_moon_and_prismatic_omen_follow_their_timestamps(sqlite_client: TestClient) -> None:
    # 613.7: no dependency between them, so the later one wins.
    moon_then_omen = state(
        perm("moon", "Blood Moon", timestamp=1),
        perm("omen", "Prismatic Omen", timestamp=2),
        perm("tundra", "Tundra"),
    )
    omen_then_moon = state(
        perm("moon", "Blood Moon", timestamp=2),
        perm("omen", "Prismatic Omen", timestamp=1),
        perm("tundra", "Tundra"),
    )
    first = _ruling(sqlite_client, {"state": moon_then_omen, "permanent_id": "tundra"})
    assert first["answer"]["permanents"][0]["types"] == ["W", "U", "B", "R", "G"]
    assert "613.7" in first["citations"]
    second = _types(sqlite_client, {"state": omen_then_moon, "permanent_id": "tundra"})
    assert second == {"tundra": ["R"]}


def test_default_order_is_battlefield_order(sqlite_client: TestClient) -> None:
    # 613.7: without timestamps, battlefield order stands in for them.
    body = {
        "state": state(
            perm("omen", "Prismatic Omen"), perm("moon", "Blood Moon"), perm("t", "Tundra")
        ),
        "permanent_id": "t",
    }
    assert _types(sqlite_client, body) == {"t": ["R"]}


def test_spreading_seas_makes_a_forest_an_island(sqlite_client: TestClient) -> None:
    # 305.7 on the enchanted land only.
    body = {
        "state": state(
            perm("f", "Forest"),
            perm("seas", "Spreading Seas", attached_to="f"),
            perm("g", "Forest"),
        )
    }
    assert _types(sqlite_client, body) == {"f": ["U"], "seas": [], "g": ["G"]}


def test_humility_leaves_birds_of_paradise_with_no_mana(sqlite_client: TestClient) -> None:
    # 613.1f: losing all abilities removes mana abilities; Dryad Arbor's intrinsic one too.
    body = {
        "state": state(
            perm("hum", "Humility"),
            perm("birds", "Birds of Paradise"),
            perm("arbor", "Dryad Arbor"),
        )
    }
    assert _types(sqlite_client, body) == {"hum": [], "birds": [], "arbor": []}


def test_turn_to_frog_on_llanowar_elves_leaves_no_mana_ability(sqlite_client: TestClient) -> None:
    # 613.1f: the effect's target loses all abilities until end of turn.
    st = state(
        perm("elves", "Llanowar Elves"),
        effects=[{"id": "frog", "card": "Turn to Frog", "controller": "bob", "target": "elves"}],
    )
    assert _types(sqlite_client, {"state": st}) == {"elves": []}
    r = sqlite_client.post(ACT, json={"state": st, "permanent_id": "elves"})
    assert r.status_code in (200, 201), r.text
    answer = r.json()["answer"]
    assert answer["legal"] is False
    assert answer["reasons"][0]["code"] == "no_mana_ability"


def test_chromatic_lantern_survives_blood_moon(sqlite_client: TestClient) -> None:
    # Layer 6 after layer 4: a granted ability survives the type change.
    body = {
        "state": state(
            perm("moon", "Blood Moon"), perm("lantern", "Chromatic Lantern"), perm("t", "Tundra")
        ),
        "permanent_id": "t",
    }
    assert _types(sqlite_client, body) == {"t": ["W", "U", "B", "R", "G"]}


def test_activate_a_tundra_under_blood_moon_makes_red(sqlite_client: TestClient) -> None:
    body = {
        "state": state(perm("moon", "Blood Moon"), perm("t", "Tundra")),
        "permanent_id": "t",
    }
    r = sqlite_client.post(ACT, json=body)
    assert r.status_code in (200, 201), r.text
    assert r.json()["answer"]["total"] == "{R}"


def test_choose_picks_the_only_ability_that_makes_that_type(sqlite_client: TestClient) -> None:
    # A Forest that is also a Swamp (Urborg) has two mana abilities; only one makes {B}.
    body = {
        "state": state(perm("urborg", "Urborg, Tomb of Yawgmoth"), perm("f", "Forest")),
        "permanent_id": "f",
        "choose": "B",
    }
    r = sqlite_client.post(ACT, json=body)
    assert r.status_code in (200, 201), r.text
    assert r.json()["answer"]["total"] == "{B}"


def test_an_ability_id_means_the_same_ability_before_and_after_an_effect(
    sqlite_client: TestClient,
) -> None:
    # Urborg adds a Swamp ability before the Forest's (WUBRG order, 305.6): the index shifts,
    # the id "intrinsic:Forest" does not.
    for extra in ([], [perm("urborg", "Urborg, Tomb of Yawgmoth")]):
        body = {
            "state": state(*extra, perm("f", "Forest")),
            "permanent_id": "f",
            "ability": "intrinsic:Forest",
        }
        r = sqlite_client.post(ACT, json=body)
        assert r.status_code in (200, 201), r.text
        assert r.json()["answer"]["total"] == "{G}"
    r = sqlite_client.post(
        ACT,
        json={"state": state(perm("f", "Forest")), "permanent_id": "f", "ability": "printed:7"},
    )
    assert r.status_code == 422 and r.json()["code"] == "unknown_ability"


def _frogged_elves(rite_timestamp: int) -> dict[str, Any]:
    # Turn to Frog resolved at timestamp 5; Cryptolith Rite (creatures you control have
    # "{T}: add one mana of any color") came before or after it.
    return state(
        perm("elves", "Llanowar Elves", timestamp=2),
        perm("rite", "Cryptolith Rite", timestamp=rite_timestamp),
        effects=[
            {"id": "frog", "card": "Turn to Frog", "controller": "bob", "target": "elves",
             "timestamp": 5}
        ],
    )  # fmt: skip


def test_a_grant_older_than_a_loss_of_all_abilities_is_removed_with_the_rest(
    sqlite_client: TestClient,
) -> None:
    # 613.1f, 613.7: inside layer 6 the older grant applies first and is then removed.
    body = {"state": _frogged_elves(rite_timestamp=1), "permanent_id": "elves"}
    ruling = _ruling(sqlite_client, body)
    assert ruling["answer"]["permanents"] == [
        {"id": "elves", "name": "Llanowar Elves", "types": []}
    ]
    assert {"613.1f", "613.7"} <= set(ruling["citations"])


def test_a_grant_newer_than_a_loss_of_all_abilities_is_kept(sqlite_client: TestClient) -> None:
    # 613.7: the newer grant is added after the loss; the elves' own ability stays lost.
    body = {"state": _frogged_elves(rite_timestamp=9), "permanent_id": "elves"}
    assert _types(sqlite_client, body) == {"elves": ["W", "U", "B", "R", "G"]}
    r = sqlite_client.post(
        ACT, json={"state": _frogged_elves(rite_timestamp=9), "permanent_id": "elves",
                   "choose": "G"},
    )  # fmt: skip
    assert r.status_code in (200, 201), r.text
    answer = r.json()["answer"]
    assert answer["legal"] is True and answer["ability"]["origin"] == "granted"


def test_haste_granted_before_a_loss_of_all_abilities_is_lost(sqlite_client: TestClient) -> None:
    # 302.6 with 613.7 inside layer 6: an older haste grant goes with the other abilities;
    # a newer one stays, so a creature that just came under its controller's control can tap.
    def body(crossroads_timestamp: int) -> dict[str, Any]:
        return {
            "state": state(
                perm("bear", "Grizzly Bears", timestamp=2, controlled_since_turn_start=False),
                perm("rite", "Cryptolith Rite", timestamp=10),
                perm("roads", "Concordant Crossroads", timestamp=crossroads_timestamp),
                effects=[
                    {"id": "frog", "card": "Turn to Frog", "controller": "bob",
                     "target": "bear", "timestamp": 5}
                ],
            ),
            "permanent_id": "bear",
            "choose": "G",
        }  # fmt: skip

    old = sqlite_client.post(ACT, json=body(crossroads_timestamp=1)).json()["answer"]
    assert old["legal"] is False
    assert [r["code"] for r in old["reasons"]] == ["summoning_sick"]
    new = sqlite_client.post(ACT, json=body(crossroads_timestamp=8)).json()["answer"]
    assert new["legal"] is True
