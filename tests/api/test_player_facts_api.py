"""Facts about players through HTTP: the state's `players` (life total 119.1, life gained
119.3, cards drawn 121.1, the monarch 724), and problem+json naming the missing one. Every
card is invented; its text is ours."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.api.helpers import assert_problem, perm, state
from tests.api.test_compiled_cards_api import ACT, CP, definition, inline, ruling

SANCTUM = definition(
    "Hearthlife Sanctum",
    "{1}, {T}: Add X mana of any one color, where X is your life total.",
    ["Land"],
)
SCRIBE = definition(
    "Inkwell Scribe", "{T}: Add {R} for each card you've drawn this turn.", ["Creature"], "{1}{U}"
)
REGENT = definition(
    "Thronebound Rhino",
    "When this creature enters, you become the monarch.\nWhenever you tap a land for mana "
    "while you're the monarch, add one additional mana of any color.",
    ["Creature"],
    "{4}{G}",
)


def test_life_total_from_the_players(sqlite_client: TestClient) -> None:
    assert SANCTUM["support"] == "full"
    s = state(inline("s", SANCTUM)) | {"players": {"alice": {"life": 2}}}
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "s", "choose": "R"})
    assert r["answer"]["total"] == "{R}{R}"
    assert "119.1" in {rule for step in r["explanation"] for rule in step["rules"]}


def test_a_missing_fact_is_named(sqlite_client: TestClient) -> None:
    s = state(inline("s", SANCTUM))
    r = sqlite_client.post(CP, json={"state": s, "permanent_id": "s"})
    assert_problem(r, ["body", "state", "players", "alice", "life"], "life_required")
    scribe = state(inline("k", SCRIBE)) | {"players": {"alice": {"life": 20}}}
    r = sqlite_client.post(ACT, json={"state": scribe, "permanent_id": "k"})
    assert_problem(
        r,
        ["body", "state", "players", "alice", "cards_drawn_this_turn"],
        "cards_drawn_this_turn_required",
    )


def test_the_monarch_from_the_players(sqlite_client: TestClient) -> None:
    assert REGENT["support"] == "full"
    board = state(perm("f", "Forest"), inline("r", REGENT))
    r = sqlite_client.post(ACT, json={"state": board, "permanent_id": "f"})
    assert_problem(r, ["body", "state", "players", "alice", "monarch"], "monarch_required")
    crowned = board | {"players": {"alice": {"monarch": True}}}
    got = ruling(sqlite_client, ACT, {"state": crowned, "permanent_id": "f", "choose": "W"})
    assert got["answer"]["total"] == "{W}{G}"


def test_players_is_left_out_of_the_question_when_empty(sqlite_client: TestClient) -> None:
    r = ruling(sqlite_client, ACT, {"state": state(perm("f", "Forest")), "permanent_id": "f"})
    assert "players" not in r["question"]["state"]


CRUCIBLE = definition(
    "Echo Crucible",
    "{4}, {T}: Double the amount of each type of unspent mana you have.",
    ["Artifact"],
    "{3}",
)


def test_the_mana_pool_from_the_players(sqlite_client: TestClient) -> None:
    assert CRUCIBLE["support"] == "full"
    s = state(inline("c", CRUCIBLE)) | {"players": {"alice": {"mana_pool": "{R}{C}"}}}
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "c"})
    assert r["answer"]["total"] == "{R}{C}"
    assert "106.4" in {rule for step in r["explanation"] for rule in step["rules"]}
    missing = sqlite_client.post(CP, json={"state": state(inline("c", CRUCIBLE))})
    assert_problem(
        missing, ["body", "state", "players", "alice", "mana_pool"], "mana_pool_required"
    )
    bad = state(inline("c", CRUCIBLE)) | {"players": {"alice": {"mana_pool": "{2}"}}}
    assert sqlite_client.post(CP, json={"state": bad}).status_code == 422
