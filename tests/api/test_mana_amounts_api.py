"""Variable mana amounts through HTTP: could-produce imagines any X (106.7), activate takes
`x` (required when the ability has one, 602.2b) and `power` from the state (208.3), and says
which field is missing as problem+json. Every card is invented; its text is ours."""

from __future__ import annotations

from starlette.testclient import TestClient

from app.api import examples
from tests.api.helpers import assert_problem, state
from tests.api.test_compiled_cards_api import ACT, CP, definition, inline, ruling

SILO = definition(
    "Spore Silo",
    "{T}, Remove any number of spore counters from this artifact: Add {G} for each spore "
    "counter removed this way.",
    ["Artifact"],
    "{3}",
)
TITAN = definition(
    "Loam Titan",
    "{1}, {T}: Add X mana of any one color, where X is this creature's power.",
    ["Creature"],
    "{3}{G}",
)


def test_could_produce_imagines_any_x(sqlite_client: TestClient) -> None:
    assert SILO["support"] == "full" and TITAN["support"] == "full"
    body = {"state": state(inline("silo", SILO), inline("titan", TITAN, power=2))}
    r = ruling(sqlite_client, CP, body)
    assert [(p["id"], p["types"]) for p in r["answer"]["permanents"]] == [
        ("silo", ["G"]),
        ("titan", ["W", "U", "B", "R", "G"]),
    ]
    assert r["caveats"] == []
    cited = {rule for s in r["explanation"] for rule in s["rules"]}
    assert {"106.7", "107.3", "208.3"} <= cited


def test_activate_takes_x_and_removes_the_counters(sqlite_client: TestClient) -> None:
    s = state(inline("silo", SILO, counters={"spore": 3}))
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "silo", "x": 2})
    a = r["answer"]
    assert (a["legal"], a["total"], a["made_mana"]) == (True, "{G}{G}", True)
    assert a["state"]["battlefield"][0]["counters"] == {"spore": 1}
    zero = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "silo", "x": 0})["answer"]
    assert (zero["legal"], zero["made_mana"], zero["total"]) == (True, False, "")
    short = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "silo", "x": 5})["answer"]
    assert short["legal"] is False
    assert [(x["code"], x["rules"]) for x in short["reasons"]] == [
        ("not_enough_counters", ["602.2b", "118.3"])
    ]


def test_a_missing_x_or_power_is_a_problem_naming_the_field(sqlite_client: TestClient) -> None:
    s = state(inline("silo", SILO, counters={"spore": 3}), inline("titan", TITAN))
    r = sqlite_client.post(ACT, json={"state": s, "permanent_id": "silo"})
    assert_problem(r, ["body", "x"], "x_required")
    r = sqlite_client.post(ACT, json={"state": s, "permanent_id": "titan", "choose": "G"})
    assert_problem(r, ["body", "state", "battlefield", 1, "power"], "power_required")
    r = sqlite_client.post(ACT, json={"state": s, "permanent_id": "titan", "choose": "G", "x": 1})
    assert_problem(r, ["body", "x"], "x_not_used")


def test_power_from_the_state_decides_the_amount(sqlite_client: TestClient) -> None:
    s = state(inline("titan", TITAN, power=3))
    a = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "titan", "choose": "R"})["answer"]
    assert (a["legal"], a["total"]) == (True, "{R}{R}{R}")
    # The power is part of the question: the state sent back keeps it.
    assert a["state"]["battlefield"][0]["power"] == 3


def test_the_docs_example_with_x_answers(sqlite_client: TestClient) -> None:
    body = examples.ACTIVATE["edge_x"]["value"]
    a = ruling(sqlite_client, ACT, body)["answer"]
    assert (a["legal"], a["total"]) == (True, "{U}{U}")
    assert a["state"]["battlefield"][0]["counters"] == {"storage": 1}
