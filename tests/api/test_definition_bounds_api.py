"""An inline definition's numbers are bounded and its fields checked where they are: a number
no card prints (a generic symbol past {1000000}, a counter amount past 10,000 or under 1) is a
422 naming the field, never a 500 when the ruling is written out, and a cost of removing
counters can't add any."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.api.helpers import assert_problem

REVEAL = "/v1/library/reveal-until"
ACTIVATE = "/v1/mana/activate"
COULD = "/v1/mana/could-produce"


def _on_battlefield(definition: dict[str, Any], **perm: Any) -> dict[str, Any]:
    permanent = {"id": "t", "controller": "alice", "definition": definition, **perm}
    return {"state": {"battlefield": [permanent]}}


def _crag(cost: dict[str, Any]) -> dict[str, Any]:
    ability = {"kind": "mana_ability", "cost": cost, "produces": {"kind": "any_color"}}
    return {"name": "Zq Crag", "types": ["land"], "abilities": [ability]}


@pytest.mark.parametrize("layout", [[], {}, [None], {"a": -5}])
def test_a_two_faced_definition_s_layout_of_another_type_is_a_422(
    sqlite_client: TestClient, layout: Any
) -> None:
    faces = [{"name": "Zq A", "types": ["instant"]}, {"name": "Zq B", "types": ["instant"]}]
    card = {"name": "Zq A // Zq B", "layout": layout, "faces": faces}
    r = sqlite_client.post(REVEAL, json={"library": [card], "max_mana_value": 3, "seed": 1})
    assert_problem(r, ["body", "library", 0, "layout"], "validation_error")


def test_a_generic_symbol_goes_up_to_a_million(sqlite_client: TestClient) -> None:
    def relic(cost: str) -> dict[str, Any]:
        return {"name": "Zq Relic", "mana_cost": cost, "types": ["artifact"]}

    ok = sqlite_client.post(COULD, json=_on_battlefield(relic("{1000000}")))
    assert ok.status_code == 201, ok.text
    for cost in ["{1000001}", "{99999999999999999999}", "{1000001/W}"]:
        r = sqlite_client.post(COULD, json=_on_battlefield(relic(cost)))
        assert_problem(
            r, ["body", "state", "battlefield", 0, "definition", "mana_cost"], "validation_error"
        )
        assert "{1000000}" in r.json()["detail"], r.json()["detail"]
    # Digits are ASCII digits: another script's digits are no generic mana.
    r = sqlite_client.post(COULD, json=_on_battlefield(relic("{\u0663}")))
    assert_problem(
        r, ["body", "state", "battlefield", 0, "definition", "mana_cost"], "validation_error"
    )
    assert "is not a mana symbol" in r.json()["detail"]


def test_a_top_level_mana_cost_is_named_when_it_is_wrong(sqlite_client: TestClient) -> None:
    card = {"name": "Zq Relic", "mana_cost": "{Y}", "types": ["artifact"]}
    r = sqlite_client.post(COULD, json=_on_battlefield(card))
    assert_problem(
        r, ["body", "state", "battlefield", 0, "definition", "mana_cost"], "validation_error"
    )


@pytest.mark.parametrize("amount", [-3, 0, 10_001, 10**20])
def test_a_cost_removes_one_counter_or_more(sqlite_client: TestClient, amount: int) -> None:
    body = _on_battlefield(_crag({"tap": True, "remove_counters": {"charge": amount}}))
    r = sqlite_client.post(ACTIVATE, json={**body, "permanent_id": "t", "choose": "G"})
    # A path into the body: no union member's name (`mana_ability`) in it.
    loc = ["body", "state", "battlefield", 0, "definition", "abilities", 0]
    assert r.status_code == 422, r.text
    assert r.json()["errors"][0]["loc"] == [*loc, "cost", "remove_counters", "charge"]


def test_removing_counters_to_pay_a_cost_takes_them_away(sqlite_client: TestClient) -> None:
    body = _on_battlefield(
        _crag({"tap": True, "remove_counters": {"charge": 1}}), counters={"charge": 2}
    )
    ruling = sqlite_client.post(ACTIVATE, json={**body, "permanent_id": "t", "choose": "G"}).json()
    assert ruling["answer"]["legal"] is True
    assert ruling["answer"]["state"]["battlefield"][0]["counters"] == {"charge": 1}


@pytest.mark.parametrize("amount", [-3, 0, 10**20])
def test_enters_with_counters_is_one_counter_or_more(
    sqlite_client: TestClient, amount: int
) -> None:
    ability = {"kind": "enters_with_counters", "counter": "+1/+1", "amount": amount}
    walker = {
        "name": "Zq Walker",
        "types": ["artifact"],
        "mana_cost": "{X}",
        "abilities": [ability],
    }
    r = sqlite_client.post(REVEAL, json={"library": [walker], "max_mana_value": 5, "seed": 1})
    assert r.status_code == 422, r.text
    loc = ["body", "library", 0, "abilities", 0, "amount"]
    assert r.json()["errors"][0]["loc"] == loc, r.json()


def test_a_reveal_ability_s_mana_value_is_bounded(sqlite_client: TestClient) -> None:
    ability = {"kind": "reveal_until", "mode": "reveal", "max_mana_value": 10**20}
    seer = {"name": "Zq Seer", "types": ["artifact"], "mana_cost": "{1}", "abilities": [ability]}
    r = sqlite_client.post(REVEAL, json={"library": [seer], "max_mana_value": 5, "seed": 1})
    assert r.status_code == 422, r.text
    assert r.json()["errors"][0]["loc"][-1] == "max_mana_value"


def test_an_ability_makes_only_the_six_types_of_mana(sqlite_client: TestClient) -> None:
    ability = {
        "kind": "mana_ability",
        "cost": {"tap": True},
        "produces": {"kind": "fixed", "mana": "{2}"},
    }
    card = {"name": "Zq Crag", "types": ["land"], "abilities": [ability]}
    r = sqlite_client.post(COULD, json=_on_battlefield(card))
    assert r.status_code == 422, r.text
    assert "is not mana an ability makes" in r.json()["detail"], r.json()["detail"]
    at = ["body", "state", "battlefield", 0, "definition", "abilities", 0, "produces", "mana"]
    assert r.json()["errors"][0]["loc"] == at


def test_a_loc_is_a_path_into_the_body_even_at_its_end(sqlite_client: TestClient) -> None:
    # No union member's name at the end either: an error about the whole definition is at the
    # library's entry, one about a value that is neither 'X' nor a number is one error at it,
    # and only a missing field is named where the body lacks it.
    faces = [{"name": "Zq A", "types": ["instant"]}, {"name": "Zq B", "types": ["instant"]}]
    misnamed = {"name": "Totally Different", "layout": "split", "faces": faces}
    r = sqlite_client.post(REVEAL, json={"library": [misnamed], "max_mana_value": 3})
    assert r.status_code == 422 and r.json()["errors"][0]["loc"] == ["body", "library", 0]
    ability = {"kind": "enters_with_counters", "counter": "charge", "amount": {}}
    walker = {"name": "Zq Walker", "types": ["artifact"], "abilities": [ability]}
    r = sqlite_client.post(REVEAL, json={"library": [walker], "max_mana_value": 3})
    assert [e["loc"] for e in r.json()["errors"]] == [
        ["body", "library", 0, "abilities", 0, "amount"]
    ]
    assert "'X', or input should be a valid integer" in r.json()["detail"]
    r = sqlite_client.post(REVEAL, json={"library": [{"types": ["artifact"]}], "max_mana_value": 3})
    assert r.json()["errors"][0]["loc"] == ["body", "library", 0, "name"]


def test_a_loc_passes_a_tag_that_is_also_a_field_s_name(sqlite_client: TestClient) -> None:
    # `{"kind": "amount", "amount": ...}`: pydantic names the member `amount`, then the field
    # `amount`; a keyword filter is tagged `keyword` and has a `keyword`. The loc has each
    # field once, and the key at fault last.
    where = {"kind": "keyword", "keyword": "defender", "zz": 1}
    count = {"kind": "count", "of": {"controller": "you", "where": where}}
    produces = {"kind": "amount", "amount": count, "of": "combination"}
    ability = {"kind": "mana_ability", "cost": {"tap": True}, "produces": produces}
    card = {"name": "Zq Axe", "types": ["creature"], "abilities": [ability]}
    r = sqlite_client.post(REVEAL, json={"library": [card], "max_mana_value": 3})
    at = ["body", "library", 0, "abilities", 0, "produces", "amount", "of", "where", "zz"]
    assert r.json()["errors"][0]["loc"] == at, r.json()
    r = sqlite_client.post(
        REVEAL,
        json={
            "library": [
                {
                    **card,
                    "abilities": [
                        {
                            **ability,
                            "produces": {
                                **produces,
                                "amount": {"kind": "count", "of": {"controller": "you"}},
                                "of": "self",
                            },
                        }
                    ],
                }
            ],
            "max_mana_value": 3,
        },
    )
    assert r.json()["errors"][0]["loc"] == ["body", "library", 0, "abilities", 0, "produces", "of"]
