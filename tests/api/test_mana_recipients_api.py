"""Who adds the mana, through HTTP (106.3, 605.5a): the answer's ability says the recipient,
`player` names who got it when a trigger cares, and a missing one is problem+json naming
`player`. Every card is invented; its text is ours."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.api.helpers import assert_problem, perm, state
from tests.api.test_compiled_cards_api import ACT, definition, inline, ruling

LANTERN = definition(
    "Dusk Lantern",
    "{T}: Choose a player. That player adds three mana of any one color they choose.",
    ["Artifact"],
    "{3}",
)
CAIRN = definition("Gift Cairn", "{T}: Choose a player. That player adds {G}.", ["Land"], None)
IDOL = definition(
    "Bartering Idol", "{T}, Mill a card: Target player adds {R}.", ["Artifact"], "{2}"
)


def test_the_answer_says_a_chosen_player_gets_the_mana(sqlite_client: TestClient) -> None:
    assert LANTERN["support"] == "full"
    body = {"state": state(inline("l", LANTERN)), "permanent_id": "l", "choose": "W"}
    r = ruling(sqlite_client, ACT, body)
    assert r["answer"]["total"] == "{W}{W}{W}"
    assert r["answer"]["ability"]["recipient"] == "chosen_player"
    cited = {rule for s in r["explanation"] for rule in s["rules"]}
    assert {"106.3", "106.4"} <= cited


def test_a_targeting_ability_is_not_tapped_for_mana(sqlite_client: TestClient) -> None:
    assert IDOL["support"] == "full"
    s = state(inline("i", IDOL), perm("mr", "Mana Reflection"))
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "i"})
    assert (r["answer"]["total"], r["answer"]["ability"]["recipient"]) == ("{R}", "target_player")
    assert "605.5a" in {rule for s in r["explanation"] for rule in s["rules"]}


def test_player_is_asked_for_when_a_trigger_cares(sqlite_client: TestClient) -> None:
    s = state(inline("c", CAIRN), perm("sun", "Caged Sun", chosen_color="G"))
    r = sqlite_client.post(ACT, json={"state": s, "permanent_id": "c"})
    assert_problem(r, ["body", "player"], "player_required")
    got = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "c", "player": "alice"})
    assert got["answer"]["total"] == "{G}{G}"
    to_bob = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "c", "player": "bob"})
    assert to_bob["answer"]["total"] == "{G}"


def test_player_is_refused_where_the_controller_adds(sqlite_client: TestClient) -> None:
    body = {"state": state(perm("f", "Forest")), "permanent_id": "f", "player": "bob"}
    assert_problem(sqlite_client.post(ACT, json=body), ["body", "player"], "player_not_used")


COMMONS = definition("Commons Idol", "{1}, {T}: Each player adds {W}{U}.", ["Artifact"], "{2}")


def test_each_player_adds_the_mana(sqlite_client: TestClient) -> None:
    assert COMMONS["support"] == "full"
    r = ruling(sqlite_client, ACT, {"state": state(inline("i", COMMONS)), "permanent_id": "i"})
    assert (r["answer"]["total"], r["answer"]["ability"]["recipient"]) == ("{W}{U}", "each_player")
    assert "Each player adds all of its mana" in " ".join(s["text"] for s in r["explanation"])


FORGE = definition(
    "Counterwright",
    "Remove one or more +1/+1 counters from among artifacts you control: Target player adds "
    "that much {R}.",
    ["Artifact", "Creature"],
    "{3}",
)


def test_counters_from_among_artifacts(sqlite_client: TestClient) -> None:
    assert FORGE["support"] == "full"
    s = state(
        inline("f", FORGE, counters={"+1/+1": 1}),
        perm("w", "Walking Ballista", counters={"+1/+1": 1}),
    )
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "f", "x": 2})
    assert (r["answer"]["total"], r["answer"]["ability"]["recipient"]) == (
        "{R}{R}",
        "target_player",
    )
    over = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "f", "x": 3})
    assert [x["code"] for x in over["answer"]["reasons"]] == ["not_enough_counters"]
