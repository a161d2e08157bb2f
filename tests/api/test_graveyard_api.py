"""Cards in a graveyard through HTTP (404.1): `players.<name>.graveyard` by catalog name in
any spelling, normalized in the question; a missing graveyard or an unknown card is
problem+json naming it. The counting card is invented; its text is ours."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.api.helpers import assert_problem, state
from tests.api.test_compiled_cards_api import ACT, CP, definition, inline, ruling

VAULT = definition(
    "Marrow Vault", "{2}, {T}: Add {B} for each creature card in your graveyard.", ["Land"]
)


def test_cards_in_the_graveyard_count(sqlite_client: TestClient) -> None:
    assert VAULT["support"] == "full"
    yard = ["grizzly bears", "Lightning Bolt", "Llanowar Elves"]
    s = state(inline("v", VAULT)) | {"players": {"alice": {"graveyard": yard}}}
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "v"})
    assert r["answer"]["total"] == "{B}{B}"
    assert r["question"]["state"]["players"]["alice"]["graveyard"][0] == "Grizzly Bears"
    assert "404.1" in {rule for step in r["explanation"] for rule in step["rules"]}


def test_the_graveyard_is_asked_for_and_checked(sqlite_client: TestClient) -> None:
    s = state(inline("v", VAULT))
    r = sqlite_client.post(CP, json={"state": s, "permanent_id": "v"})
    assert_problem(r, ["body", "state", "players", "alice", "graveyard"], "graveyard_required")
    bad = s | {"players": {"alice": {"graveyard": ["Grizzly Bears", "Nonesuch Card"]}}}
    r = sqlite_client.post(CP, json={"state": bad, "permanent_id": "v"})
    assert_problem(r, ["body", "state", "players", "alice", "graveyard", 1], "unknown_card")


DUSK_VAULT = definition(
    "Dusk Marrow Vault",
    "{T}: Add {B}.\n{2}, {T}: Add {B} for each creature card in your graveyard.",
    ["Land"],
)


def test_a_graveyard_that_sets_only_how_much_is_not_asked_for(sqlite_client: TestClient) -> None:
    # 106.7 asks which types: the count changes only how much {B}, which the land's first
    # ability makes anyway. Tapping it for the count still needs the graveyard.
    assert DUSK_VAULT["support"] == "full"
    s = state(inline("v", DUSK_VAULT))
    r = ruling(sqlite_client, CP, {"state": s, "permanent_id": "v"})
    assert r["answer"]["permanents"][0]["types"] == ["B"]
    assert any("which the state doesn't give" in step["text"] for step in r["explanation"])
    act = {"state": s, "permanent_id": "v", "ability": 1}
    r = sqlite_client.post(ACT, json=act)
    assert_problem(r, ["body", "state", "players", "alice", "graveyard"], "graveyard_required")


HAVEN = definition(
    "Cairn of Kings",
    "{1}, {T}: Add one mana of any color among legendary creature cards in your graveyard.",
    ["Land"],
)


def test_a_color_among_cards_in_the_graveyard(sqlite_client: TestClient) -> None:
    assert HAVEN["support"] == "full"
    yard = {
        "alice": {"graveyard": ["Grizzly Bears", "Valki, God of Lies"]},
        "bob": {"graveyard": []},
    }
    s = state(inline("h", HAVEN), inline("o", HAVEN, "bob")) | {"players": yard}
    r = ruling(sqlite_client, CP, {"state": s})
    # Valki's front face is a legendary black creature card (712.8); bob's graveyard is empty.
    assert [p["types"] for p in r["answer"]["permanents"]] == [["B"], []]
    spelled = r["question"]["state"]["players"]["alice"]["graveyard"][1]
    assert spelled == "Valki, God of Lies // Tibalt, Cosmic Impostor"


URN = definition(
    "Cinder Urn",
    "{1}, {T}: Choose a color of a card in your graveyard. Add one mana of that color.",
    ["Artifact"],
    "{2}",
)


def test_a_color_of_a_card_in_the_graveyard(sqlite_client: TestClient) -> None:
    assert URN["support"] == "full"
    s = state(inline("u", URN)) | {"players": {"alice": {"graveyard": ["Lightning Bolt"]}}}
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "u"})
    assert r["answer"]["total"] == "{R}"
    missing = sqlite_client.post(ACT, json={"state": state(inline("u", URN)), "permanent_id": "u"})
    where = ["body", "state", "players", "alice", "graveyard"]
    assert_problem(missing, where, "graveyard_required")


SCOUT = definition(
    "Crypt Forager",
    "{1}, {T}: Exile target land card from a graveyard. Add one mana of any color.",
    ["Creature"],
    "{1}{G}",
)


def test_a_graveyard_target_decides_legality(sqlite_client: TestClient) -> None:
    assert SCOUT["support"] == "full"
    scout = inline("s", SCOUT, controlled_since_turn_start=True)
    with_land = state(scout) | {"players": {"alice": {"graveyard": ["Forest"]}}}
    r = ruling(sqlite_client, ACT, {"state": with_land, "permanent_id": "s", "choose": "B"})
    assert (r["answer"]["legal"], r["answer"]["total"]) == (True, "{B}")
    empty = state(scout) | {"players": {"alice": {"graveyard": []}}}
    r = ruling(sqlite_client, ACT, {"state": empty, "permanent_id": "s", "choose": "B"})
    assert [x["code"] for x in r["answer"]["reasons"]] == ["no_legal_target"]
    missing = sqlite_client.post(ACT, json={"state": state(scout), "permanent_id": "s"})
    assert_problem(
        missing, ["body", "state", "players", "alice", "graveyard"], "graveyard_required"
    )
