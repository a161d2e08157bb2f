"""Names as people type them, wherever a request names a card (docs/api.md "Reads"; issue 13)."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from starlette.testclient import TestClient

from tests.api.helpers import assert_problem, perm, state

TYPED = [
    ("Fire/Ice", "Fire // Ice"),
    ("fire // ice", "Fire // Ice"),
    ("  FIRE   //   ICE ", "Fire // Ice"),
    ("Gaea\u2019s Cradle", "Gaea's Cradle"),
    ("gaeas cradle", "Gaea's Cradle"),
    ("Gaea\u2018s  Cradle", "Gaea's Cradle"),
]


@pytest.mark.parametrize(("typed", "name"), TYPED)
def test_card_lookup_as_typed(client: TestClient, typed: str, name: str) -> None:
    r = client.get("/v1/cards/" + quote(typed))
    assert r.status_code == 200, r.text
    assert r.json()["name"] == name


@pytest.mark.parametrize(("typed", "name"), TYPED)
def test_questions_name_cards_as_typed(client: TestClient, typed: str, name: str) -> None:
    r = client.post("/v1/spells/mana-value", json={"card": typed, "zone": "hand"})
    assert r.status_code in (200, 201), r.text
    assert r.json()["question"]["card"] == name  # normalized: one ruling per card


def test_a_board_names_cards_as_typed(client: TestClient) -> None:
    body = {"state": state(perm("c", "gaeas cradle"), perm("e", "LLANOWAR ELVES")),
            "permanent_id": "c"}  # fmt: skip
    r = client.post("/v1/mana/could-produce", json=body)
    assert r.status_code == 201, r.text
    names = [p["card"] for p in r.json()["question"]["state"]["battlefield"]]
    assert names == ["Gaea's Cradle", "Llanowar Elves"]


def test_an_unknown_name_in_a_board_suggests(client: TestClient) -> None:
    body = {"state": state(perm("c", "Gaias Cradel")), "permanent_id": "c"}
    r = client.post("/v1/mana/could-produce", json=body)
    assert_problem(r, ["body", "state", "battlefield", 0, "card"], "unknown_card")
    assert 'did you mean "Gaea\'s Cradle"' in r.json()["detail"]
