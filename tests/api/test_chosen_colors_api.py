"""Several colors chosen for a permanent (`chosen_colors`) and counters put on as a mana
ability resolves, through HTTP. Every card is invented; its text is ours."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.api.helpers import assert_problem, state
from tests.api.test_compiled_cards_api import ACT, CP, definition, inline, ruling

SPRING = definition("Twinfall Spring", "{1}, {T}: Add one mana of a chosen color.", ["Land"], None)
DYNAMO = definition(
    "Coil Dynamo",
    "{T}: Put a gear counter on this artifact. Add X mana of any one color, where X is "
    "the number of gear counters on this artifact.",
    ["Artifact"],
    "{3}",
)


def test_one_of_the_chosen_colors(sqlite_client: TestClient) -> None:
    assert SPRING["support"] == "full"
    body = {"state": state(inline("s", SPRING, chosen_colors=["U", "R"]))}
    r = ruling(sqlite_client, CP, body)
    assert [(p["id"], p["types"]) for p in r["answer"]["permanents"]] == [("s", ["U", "R"])]
    a = ruling(sqlite_client, ACT, {**body, "permanent_id": "s", "choose": "R"})["answer"]
    assert (a["legal"], a["total"]) == (True, "{R}")


def test_missing_chosen_colors_is_a_problem_naming_the_field(sqlite_client: TestClient) -> None:
    r = sqlite_client.post(CP, json={"state": state(inline("s", SPRING))})
    assert_problem(
        r, ["body", "state", "battlefield", 0, "chosen_colors"], "chosen_colors_required"
    )


def test_counters_put_on_as_it_resolves(sqlite_client: TestClient) -> None:
    assert DYNAMO["support"] == "full"
    s = state(inline("d", DYNAMO, counters={"gear": 2}))
    a = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "d", "choose": "G"})["answer"]
    assert (a["legal"], a["total"]) == (True, "{G}{G}{G}")
    assert a["state"]["battlefield"][0]["counters"] == {"gear": 3}


HOLLOW = definition(
    "Lucky Hollow",
    "{T}: Add {C}. If this land has a gem counter on it, instead add one mana of any color.",
    ["Land"],
)
GROTTO = definition(
    "Haggle Grotto",
    "{T}: Choose a color. Add one mana of that color unless any player pays {2}.",
    ["Land"],
)
ABACUS = definition(
    "Tally Abacus", "{T}: Add {U} for each counter on this artifact.", ["Artifact"], "{2}"
)


def test_counters_decide_what_is_made(sqlite_client: TestClient) -> None:
    s = state(
        inline("lucky", HOLLOW, counters={"gem": 1}),
        inline("plain", HOLLOW),
        inline("abacus", ABACUS, counters={"charge": 1, "+1/+1": 2}),
    )
    r = ruling(sqlite_client, CP, {"state": s})
    assert [(p["id"], p["types"]) for p in r["answer"]["permanents"]] == [
        ("lucky", ["W", "U", "B", "R", "G"]),
        ("plain", ["C"]),
        ("abacus", ["U"]),
    ]
    a = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "abacus"})["answer"]
    assert a["total"] == "{U}{U}{U}"


def test_mana_any_player_may_pay_to_stop(sqlite_client: TestClient) -> None:
    s = state(inline("g", GROTTO))
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "g", "choose": "W"})
    assert r["answer"]["total"] == "{W}"
    [first] = [e for e in r["explanation"] if "118.12" in e["rules"]]
    assert "any player may pay" in first["text"]


GLADE = definition(
    "Crowded Glade",
    "{T}: Add {G}. If you control three or more creatures, add {G}{G} instead.",
    ["Land"],
)
PUP = definition("Moss Pup", "Trample", ["Creature"], "{G}")


def test_more_mana_while_you_control_enough(sqlite_client: TestClient) -> None:
    pups = [inline(f"p{i}", PUP) for i in range(3)]
    s = state(inline("g", GLADE), *pups)
    a = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "g"})["answer"]
    assert a["total"] == "{G}{G}"
    r = ruling(sqlite_client, CP, {"state": state(inline("g", GLADE), *pups[:2])})
    assert r["answer"]["permanents"][0]["types"] == ["G"]
