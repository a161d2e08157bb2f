"""An ability's own "instead" on a fact through HTTP (614.15): the state's
`players.<name>.lands_played_this_turn` (305.2), `completed_dungeon` (309.7), `initiative`
(725), a permanent's `exiled` (607.2a), and problem+json naming the missing one. Every card is
invented; its text is ours."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.api.helpers import assert_problem, state
from tests.api.test_compiled_cards_api import ACT, CP, definition, inline, ruling

SHOAL = definition(
    "Tidewrack Shoal", "{T}: Add {U}. If you played a land this turn, add {R} instead.", ["Land"]
)
DELVER = definition(
    "Crypt Delver",
    "{T}: Add {G}{G}. If you've completed a dungeon, add five {G} instead.",
    ["Creature"],
    "{3}{G}",
)
BANNER = definition(
    "Vanguard Banner",
    "{T}: Add {C}. If you have the initiative, add {C}{C}{C} instead.",
    ["Artifact"],
)
VAULT = definition(
    "Sealed Vault",
    "When ~ enters, you may exile a colorless card from your hand.\n"
    "{T}: Add {C}. If a card is exiled with ~, add {C}{C}{C} instead.",
    ["Land"],
)


def test_a_land_played_this_turn(sqlite_client: TestClient) -> None:
    assert SHOAL["support"] == "full"
    s = state(inline("t", SHOAL)) | {"players": {"alice": {"lands_played_this_turn": 1}}}
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "t"})
    assert r["answer"]["total"] == "{R}"
    assert "305.2" in {rule for step in r["explanation"] for rule in step["rules"]}
    assert r["question"]["state"]["players"]["alice"]["lands_played_this_turn"] == 1
    cp = ruling(sqlite_client, CP, {"state": s, "permanent_id": "t"})
    assert cp["answer"]["permanents"][0]["types"] == ["R"]


def test_no_land_is_played_in_another_player_s_turn(sqlite_client: TestClient) -> None:
    # 305.3: in alice's turn, bob played no land: his Shoal makes {U}, nothing asked; a state
    # saying he played one is in no game.
    s = state(inline("t", SHOAL, controller="bob"))
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "t"})
    assert r["answer"]["total"] == "{U}"
    cp = ruling(sqlite_client, CP, {"state": s, "permanent_id": "t"})
    assert cp["answer"]["permanents"][0]["types"] == ["U"]
    played = s | {"players": {"bob": {"lands_played_this_turn": 1}}}
    r = sqlite_client.post(ACT, json={"state": played, "permanent_id": "t"})
    at = ["body", "state", "players", "bob", "lands_played_this_turn"]
    assert_problem(r, at, "inconsistent_state")
    assert "305.3" in r.json()["detail"]
    # Whose turn it is unsaid: the count is asked for.
    r = sqlite_client.post(ACT, json={"state": {**s, "active_player": None}, "permanent_id": "t"})
    assert_problem(r, at, "lands_played_this_turn_required")


def test_one_player_at_most_is_the_monarch_or_has_the_initiative(
    sqlite_client: TestClient,
) -> None:
    # 724, 725: as another player becomes the monarch (takes the initiative), the one before
    # stops: a state giving both players either is in no game.
    s = state(inline("b", BANNER))
    for field in ("monarch", "initiative"):
        both = s | {"players": {"alice": {field: True}, "bob": {field: True}}}
        r = sqlite_client.post(ACT, json={"state": both, "permanent_id": "b"})
        assert_problem(r, ["body", "state", "players", "bob", field], "inconsistent_state")
    one = s | {"players": {"alice": {"initiative": True}, "bob": {"initiative": False}}}
    r = ruling(sqlite_client, ACT, {"state": one, "permanent_id": "b"})
    assert r["answer"]["total"] == "{C}{C}{C}"


def test_each_missing_fact_is_named(sqlite_client: TestClient) -> None:
    r = sqlite_client.post(CP, json={"state": state(inline("t", SHOAL)), "permanent_id": "t"})
    assert_problem(
        r,
        ["body", "state", "players", "alice", "lands_played_this_turn"],
        "lands_played_this_turn_required",
    )
    r = sqlite_client.post(ACT, json={"state": state(inline("d", DELVER)), "permanent_id": "d"})
    assert_problem(
        r, ["body", "state", "players", "alice", "completed_dungeon"], "completed_dungeon_required"
    )
    r = sqlite_client.post(ACT, json={"state": state(inline("b", BANNER)), "permanent_id": "b"})
    assert_problem(r, ["body", "state", "players", "alice", "initiative"], "initiative_required")


def test_a_dungeon_the_initiative_and_an_exiled_card(sqlite_client: TestClient) -> None:
    done = state(inline("d", DELVER)) | {"players": {"alice": {"completed_dungeon": True}}}
    r = ruling(sqlite_client, ACT, {"state": done, "permanent_id": "d"})
    assert r["answer"]["total"] == "{G}{G}{G}{G}{G}"
    lead = state(inline("b", BANNER)) | {"players": {"alice": {"initiative": False}}}
    assert ruling(sqlite_client, ACT, {"state": lead, "permanent_id": "b"})["answer"]["total"] == (
        "{C}"
    )
    vault = state(inline("v", VAULT, exiled=["Memnite"]))
    r = ruling(sqlite_client, ACT, {"state": vault, "permanent_id": "v"})
    assert r["answer"]["total"] == "{C}{C}{C}"


GAMBLER = definition(
    "Gambler Cog",
    "{1}: Flip a coin. If you win the flip, add {C}{C}{C}. Activate only as an instant.",
    ["Artifact"],
    "{1}",
)


def test_a_coin_flip_through_http(sqlite_client: TestClient) -> None:
    assert GAMBLER["support"] == "full"
    s = state(inline("g", GAMBLER))
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "g"})
    assert r["answer"]["choice_required"] is True
    assert [o["total"] for o in r["answer"]["outcomes"]] == ["{C}{C}{C}", ""]
    won = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "g", "choose": "WON"})
    assert won["answer"]["total"] == "{C}{C}{C}" and won["question"]["choose"] == "won"
    cp = ruling(sqlite_client, CP, {"state": s, "permanent_id": "g"})
    assert cp["answer"]["permanents"][0]["types"] == ["C"]


KINDLER = definition(
    "Ember Kindler",
    "{R}: Target creature you control gains reach until end of turn. If this is the third "
    "time this ability has resolved this turn, add {R}{R}{R}.",
    ["Creature"],
    "{R}",
)


def test_the_third_resolution_through_http(sqlite_client: TestClient) -> None:
    assert KINDLER["support"] == "full"
    r = sqlite_client.post(ACT, json={"state": state(inline("k", KINDLER)), "permanent_id": "k"})
    assert_problem(
        r,
        ["body", "state", "battlefield", 0, "resolutions_this_turn"],
        "resolutions_this_turn_required",
    )
    s = state(inline("k", KINDLER, resolutions_this_turn=2))
    got = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "k"})
    assert got["answer"]["total"] == "{R}{R}{R}"
    assert got["answer"]["state"]["battlefield"][0]["resolutions_this_turn"] == 3
    # It targets (605.5a): not a mana ability, and the explanation says so.
    assert "605.5a" in {rule for step in got["explanation"] for rule in step["rules"]}
