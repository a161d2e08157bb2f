"""POST /v1/mana/could-produce through HTTP (106.1b, 106.5, 106.7, 616.1)."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.api.helpers import assert_problem, perm, state

CP = "/v1/mana/could-produce"


def test_every_permanent_in_battlefield_order(sqlite_client: TestClient) -> None:
    # 106.7: a Reflecting Pool sees the Forest; Pale Moon makes the pool's mana colorless.
    body = {
        "state": state(
            perm("pool", "Reflecting Pool"),
            perm("forest", "forest"),
            perm("orchard", "Exotic Orchard", "bob"),
            effects=[{"id": "pm", "card": "Pale Moon", "controller": "bob"}],
        )
    }
    r = sqlite_client.post(CP, json=body)
    assert r.status_code in (200, 201)
    ruling = r.json()
    assert ruling["kind"] == "could_produce"
    assert ruling["answer"] == {
        "permanents": [
            {"id": "pool", "name": "Reflecting Pool", "types": ["C"]},
            {"id": "forest", "name": "Forest", "types": ["G"]},
            {"id": "orchard", "name": "Exotic Orchard", "types": ["C"]},
        ]
    }
    assert "106.7" in ruling["citations"] and "616.1" in ruling["citations"]
    assert ruling["question"]["state"]["battlefield"][1]["card"] == "Forest"  # normalized name


def test_one_permanent_and_the_empty_answer(sqlite_client: TestClient) -> None:
    # 106.5: a lone Reflecting Pool could produce nothing.
    body = {
        "state": state(perm("pool", "Reflecting Pool"), perm("i", "Island", "bob")),
        "permanent_id": "pool",
    }
    r = sqlite_client.post(CP, json=body)
    assert r.json()["answer"] == {
        "permanents": [{"id": "pool", "name": "Reflecting Pool", "types": []}]
    }
    assert "106.5" in r.json()["citations"]


def test_inline_definition(sqlite_client: TestClient) -> None:
    # 106.7: a card the catalog lacks, sent with its definition.
    definition = {
        "name": "Test Prism",
        "types": ["artifact"],
        "abilities": [
            {
                "kind": "mana_ability",
                "cost": {"tap": True},
                "produces": {"kind": "fixed", "mana": "{W}{U}"},
            }
        ],
    }
    body = {"state": state({"id": "x", "definition": definition, "controller": "alice"})}
    r = sqlite_client.post(CP, json=body)
    assert r.json()["answer"]["permanents"][0]["types"] == ["W", "U"]


def test_same_question_is_200_with_the_same_body(client: TestClient) -> None:
    # 616.1 (Contamination); docs/api.md: a repeated question returns the stored ruling.
    body = {"state": state(perm("f", "Forest"), perm("c", "Contamination", "bob"))}
    first = client.post(CP, json=body)
    assert first.status_code == 201
    assert first.headers["location"] == f"/v1/rulings/{first.json()['id']}"
    body["state"]["battlefield"][0]["card"] = "FOREST"
    again = client.post(CP, json=body)
    assert again.status_code == 200
    assert again.content == first.content
    stored = client.get(first.headers["location"])
    assert stored.content == first.content


@pytest.mark.parametrize(
    ("body", "loc", "code"),
    [
        (
            {"state": state(perm("a", "Forest"), perm("a", "Island"))},
            ["body", "state", "battlefield", 1, "id"],
            "duplicate_permanent_id",
        ),
        (
            {"state": state(perm("wg", "Wild Growth", attached_to="nowhere"))},
            ["body", "state", "battlefield", 0, "attached_to"],
            "unknown_permanent",
        ),
        (
            {"state": state(perm("a", "Forrest"))},
            ["body", "state", "battlefield", 0, "card"],
            "unknown_card",
        ),
        (
            {"state": state(perm("a", "Forest")), "permanent_id": "b"},
            ["body", "permanent_id"],
            "unknown_permanent",
        ),
        (
            {
                "state": state(
                    perm("a", "Forest"),
                    effects=[
                        {"id": "aot", "card": "Act of Treason", "controller": "bob", "target": "zz"}
                    ],
                )
            },
            ["body", "state", "effects", 0, "target"],
            "unknown_permanent",
        ),
        (
            {"state": state(perm("a", "Forest", tapped="maybe"))},
            ["body", "state", "battlefield", 0, "tapped"],
            "validation_error",
        ),
        (
            {"state": state(perm("a", "Forest")), "colour": "G"},
            ["body", "colour"],
            "validation_error",
        ),
        ({"permanent_id": "a"}, ["body", "state"], "validation_error"),
    ],
)
def test_bad_questions_are_422_naming_the_field(
    sqlite_client: TestClient, body: dict[str, Any], loc: list[object], code: str
) -> None:
    # 106.7 is asked about a consistent board; docs/api.md: inconsistencies are 422s.
    assert_problem(sqlite_client.post(CP, json=body), loc, code)
