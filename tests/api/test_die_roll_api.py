"""A die rolled as the ability resolves, through HTTP (706.2): `die_roll` on the request, a
422 naming it when the ability needs it. The card is invented; its text is ours."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.api.helpers import assert_problem, state
from tests.api.test_compiled_cards_api import ACT, definition, inline, ruling

DICE = definition(
    "Lucky Contraption",
    "{T}: Roll a six-sided die. On a 4 or lower, target player adds {C}. Otherwise, that "
    "player adds two mana of any one color they choose.",
    ["Artifact"],
    "{2}",
)


def test_the_roll_decides(sqlite_client: TestClient) -> None:
    assert DICE["support"] == "full"
    s = state(inline("d", DICE))
    low = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "d", "die_roll": 1})
    assert low["answer"]["total"] == "{C}"
    assert low["question"]["die_roll"] == 1
    high = ruling(
        sqlite_client, ACT, {"state": s, "permanent_id": "d", "die_roll": 5, "choose": "W"}
    )
    assert high["answer"]["total"] == "{W}{W}"


def test_the_roll_is_asked_for(sqlite_client: TestClient) -> None:
    r = sqlite_client.post(ACT, json={"state": state(inline("d", DICE)), "permanent_id": "d"})
    assert_problem(r, ["body", "die_roll"], "die_roll_required")
