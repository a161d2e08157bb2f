"""The mulligan's hand, library and exile accept inline definitions like the other endpoints
(issue 13): a real 60-card deck can be sent whatever the catalog holds."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.api.helpers import assert_problem


def _defined(name: str) -> dict[str, Any]:
    return {"name": name, "mana_cost": "{1}{G}", "types": ["creature"], "power": "2",
            "toughness": "2"}  # fmt: skip


def test_a_deck_of_inline_definitions(client: TestClient) -> None:
    deck = [_defined(f"Quillback Grazer {i}") for i in range(53)]
    hand = [_defined(f"Moss Tender {i}") for i in range(6)] + ["Forest"]
    r = client.post(
        "/v1/mulligan",
        json={"hand": hand, "library": deck, "action": "mulligan", "seed": 4},
    )
    assert r.status_code == 201, r.text
    answer = r.json()["answer"]
    assert len(answer["hand"]) == 7 and answer["bottom_owed"] == 1
    question = r.json()["question"]
    assert question["hand"][6] == "Forest" and question["hand"][0]["name"] == "Moss Tender 0"
    # Bottom names a card in hand, defined inline or not.
    new_hand = [next(c for c in hand + deck if _name(c) == n) for n in answer["hand"]]
    r = client.post(
        "/v1/mulligan",
        json={"hand": new_hand, "library": [_defined("Quillback Grazer 99")],
              "mulligans_taken": 1, "bottom_owed": 1, "action": "bottom",
              "bottom": [answer["hand"][0].upper()]},
    )  # fmt: skip
    assert r.status_code == 201, r.text
    assert r.json()["answer"]["bottom_owed"] == 0


def _name(card: Any) -> str:
    return card if isinstance(card, str) else str(card["name"])


def test_a_bad_definition_names_its_field(client: TestClient) -> None:
    bad = {"name": "Quillback Grazer", "types": ["creature"], "mana_cost": "{Q}"}
    r = client.post("/v1/mulligan", json={"hand": [bad], "library": [], "action": "keep"})
    assert r.status_code == 422
    assert r.json()["errors"][0]["loc"][:4] == ["body", "hand", 0, "definition"]


def test_an_unknown_name_in_hand_suggests(client: TestClient) -> None:
    r = client.post("/v1/mulligan", json={"hand": ["Forrest"], "library": [], "action": "keep"})
    assert_problem(r, ["body", "hand", 0], "unknown_card")
    assert "'Forest'" in r.json()["detail"]
