"""POST /v1/library/reveal-until through HTTP (702.85a; Treasure Keeper / Plargg rulings).
Seeded randomness: the question records the seed, and the same seed replays the same ruling."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.api.helpers import assert_problem

REVEAL = "/v1/library/reveal-until"
EXAMPLE = {
    "library": ["Forest", "Fire // Ice", "Lightning Bolt", "Island"],
    "mode": "reveal",
    "max_mana_value": 3,
    "cascade_mana_value": None,
    "nonlegendary": False,
    "cast": True,
    "face": None,
    "unpayable": [],
    "seed": 7,
}


def test_the_api_example(sqlite_client: TestClient) -> None:
    ruling = sqlite_client.post(REVEAL, json=EXAMPLE).json()
    assert ruling["kind"] == "reveal_until"
    answer = ruling["answer"]
    assert answer["revealed"] == ["Forest", "Fire // Ice", "Lightning Bolt"]
    assert answer["hit"] == "Lightning Bolt"
    assert answer["cast"] is True
    assert answer["cast_face"] == "Lightning Bolt"
    assert answer["cast_x"] == 0
    assert sorted(answer["bottom"]) == ["Fire // Ice", "Forest"]
    assert answer["library"] == ["Island", *answer["bottom"]]
    assert answer["reshuffled"] is False
    assert ruling["question"]["seed"] == 7


def test_same_seed_same_ruling_201_then_200(client: TestClient) -> None:
    first = client.post(REVEAL, json=EXAMPLE)
    assert first.status_code == 201
    again = client.post(
        REVEAL, json={**EXAMPLE, "library": ["forest", "FIRE // ICE", "lightning bolt", "Island"]}
    )
    assert again.status_code == 200
    assert again.content == first.content


def test_without_a_seed_the_server_picks_one_and_it_replays(client: TestClient) -> None:
    question = {"library": ["Forest", "Island", "Mountain", "Plains", "Swamp"], "max_mana_value": 3}
    first = client.post(REVEAL, json=question)
    assert first.status_code == 201
    ruling = first.json()
    seed = ruling["question"]["seed"]
    assert isinstance(seed, int)
    assert ruling["answer"]["reshuffled"] is True
    replay = client.post(REVEAL, json={**question, "seed": seed})
    assert replay.status_code == 200
    assert replay.json()["id"] == ruling["id"]
    # Another seedless question gets its own seed, hence its own ruling.
    other = client.post(REVEAL, json=question)
    assert other.status_code == 201
    assert other.json()["question"]["seed"] != seed


def test_different_seeds_can_order_the_bottom_differently(sqlite_client: TestClient) -> None:
    library = ["Forest", "Island", "Mountain", "Plains", "Swamp", "Lightning Bolt"]
    orders = {
        tuple(
            sqlite_client.post(
                REVEAL, json={"library": library, "max_mana_value": 3, "seed": s}
            ).json()["answer"]["bottom"]
        )
        for s in range(12)
    }
    assert len(orders) > 1
    assert all(Counter(o) == Counter(library[:5]) for o in orders)


def test_cascade_tibalt_is_not_cast_but_valki_is(sqlite_client: TestClient) -> None:
    # 702.85a: the spell cast must also have mana value less than the cascade value.
    base = {
        "library": ["Island", "Valki, God of Lies"],
        "mode": "cascade",
        "cascade_mana_value": 5,
        "seed": 1,
    }
    tibalt = sqlite_client.post(REVEAL, json={**base, "face": "Tibalt, Cosmic Impostor"}).json()
    assert tibalt["answer"]["hit"] == "Valki, God of Lies // Tibalt, Cosmic Impostor"
    assert tibalt["answer"]["cast"] is False
    assert "702.85a" in tibalt["citations"]
    # No step says Tibalt can be cast while another says cascade doesn't allow it.
    texts = [step["text"] for step in tibalt["explanation"]]
    assert not any("can be cast" in t for t in texts), texts
    assert any("doesn't allow casting it" in t for t in texts)
    valki = sqlite_client.post(REVEAL, json=base).json()
    assert valki["answer"]["cast_face"] == "Valki, God of Lies"
    # The question records the catalog's full name.
    assert valki["question"]["library"][1] == "Valki, God of Lies // Tibalt, Cosmic Impostor"


def test_a_face_of_another_card_than_the_hit_is_not_used(sqlite_client: TestClient) -> None:
    # Which card is the hit is what the service works out, so a face asked for a card that
    # turns out not to be the hit is not used (and said), not a refusal. Bonecrusher Giant's
    # mana value in exile is 3, not less than 3 (702.85a): Lightning Bolt is the hit.
    body = {
        "library": ["Bonecrusher Giant", "Lightning Bolt"],
        "mode": "cascade",
        "cascade_mana_value": 3,
        "face": "stomp",
        "seed": 7,
    }
    r = sqlite_client.post(REVEAL, json=body)
    assert r.status_code == 201, r.text
    ruling = r.json()
    assert ruling["answer"]["hit"] == "Lightning Bolt"
    assert ruling["answer"]["cast"] is True and ruling["answer"]["cast_face"] == "Lightning Bolt"
    assert ruling["question"]["face"] == "Stomp"  # the catalog's spelling
    texts = [step["text"] for step in ruling["explanation"]]
    assert any("has no face" in t and "Stomp" in t and "not used" in t for t in texts), texts
    # The same face, the Giant now the hit (a higher cascade value): Stomp is cast.
    stomp = sqlite_client.post(REVEAL, json={**body, "cascade_mana_value": 4}).json()["answer"]
    assert stomp["hit"] == "Bonecrusher Giant // Stomp" and stomp["cast_face"] == "Stomp"


def test_a_face_no_card_of_the_library_has_is_refused_whatever_the_hit(
    sqlite_client: TestClient,
) -> None:
    # With no hit, with the hit not cast, with no card at all: the name is a mistake either way.
    for extra in (
        {"library": ["Forest"]},
        {"library": ["Lightning Bolt"], "cast": False},
        {"library": []},
    ):
        body = {"max_mana_value": 5, "face": "Zzz", "seed": 1, **extra}
        assert_problem(sqlite_client.post(REVEAL, json=body), ["body", "face"], "no_such_face")


def test_a_face_that_changes_nothing_is_the_question_without_it(
    sqlite_client: TestClient,
) -> None:
    # The whole name of a card that isn't split, or its front face, is what the hit is cast as
    # with no face asked: one question, one ruling.
    base = {"library": ["Bonecrusher Giant"], "max_mana_value": 5, "seed": 3}
    ids = {
        sqlite_client.post(REVEAL, json={**base, "face": face}).json()["id"]
        for face in [
            None,
            "Bonecrusher Giant // Stomp",
            "bonecrusher giant/stomp",
            "Bonecrusher Giant",
        ]
    }
    assert len(ids) == 1
    stomp = sqlite_client.post(REVEAL, json={**base, "face": "STÓMP"}).json()
    assert stomp["question"]["face"] == "Stomp" and stomp["id"] not in ids


def test_inline_definitions_are_accepted_in_the_library(sqlite_client: TestClient) -> None:
    homebrew = {"name": "Test Spark", "mana_cost": "{R}", "types": ["instant"]}
    r = sqlite_client.post(
        REVEAL, json={"library": ["Forest", homebrew], "max_mana_value": 1, "seed": 3}
    )
    assert r.status_code in (200, 201)
    ruling = r.json()
    assert ruling["answer"]["hit"] == "Test Spark"
    assert ruling["question"]["library"][1]["name"] == "Test Spark"


def test_a_supertype_is_read_in_any_case(sqlite_client: TestClient) -> None:
    # 205.4a: "legendary" is Legendary, so a nonlegendary reveal passes over it, and every
    # spelling is one question.
    ids = set()
    for spelling in ["legendary", "LEGENDARY", "Legendary"]:
        legend = {"name": "Zq Legend", "mana_cost": "{1}{R}", "types": ["creature"],
                  "supertypes": [spelling]}  # fmt: skip
        body = {"library": [legend, "Lightning Bolt"], "max_mana_value": 3,
                "nonlegendary": True, "seed": 1}  # fmt: skip
        r = sqlite_client.post(REVEAL, json=body)
        assert r.status_code in (200, 201), r.text
        assert r.json()["answer"]["hit"] == "Lightning Bolt", spelling
        assert r.json()["question"]["library"][0]["supertypes"] == ["Legendary"]
        ids.add(r.json()["id"])
    assert len(ids) == 1


def test_an_aftermath_half_is_not_cast_from_exile(sqlite_client: TestClient) -> None:
    # 702.127a: the half with aftermath is cast from a graveyard only; a cascade's hit is cast
    # from exile, so it goes to the bottom.
    halves = [
        {"name": "Recall", "mana_cost": "{1}{U}", "types": ["instant"]},
        {"name": "Remember", "mana_cost": "{3}{U}", "types": ["sorcery"]},
    ]
    card = {"name": "Recall // Remember", "layout": "aftermath", "faces": halves}
    body = {"library": [card], "mode": "cascade", "cascade_mana_value": 7, "seed": 1}
    r = sqlite_client.post(REVEAL, json={**body, "face": "Remember"})
    assert r.status_code == 201, r.text
    answer = r.json()["answer"]
    assert (answer["hit"], answer["cast"]) == ("Recall // Remember", False)
    assert "aftermath_only_from_graveyard" in [reason["code"] for reason in answer["reasons"]]
    assert "702.127a" in r.json()["citations"]
    first = sqlite_client.post(REVEAL, json=body).json()["answer"]
    assert (first["cast"], first["cast_face"]) == (True, "Recall")
    # An aftermath card is a split card (702.127): named whole it would be cast fused, which
    # only fuse allows (702.102c).
    r = sqlite_client.post(REVEAL, json={**body, "face": "recall // remember"})
    assert_problem(r, ["body", "face"], "not_fused")
    # Whatever the hit: a Bolt first is the hit, and the face is still refused.
    bolt_first = {**body, "library": ["Lightning Bolt", *body["library"]]}
    r = sqlite_client.post(REVEAL, json={**bolt_first, "face": "Fire // Ice"})
    assert_problem(r, ["body", "face"], "no_such_face")
    bolt_first["library"].append("Fire // Ice")
    r = sqlite_client.post(REVEAL, json={**bolt_first, "face": "Fire // Ice"})
    assert_problem(r, ["body", "face"], "not_fused")


def test_an_empty_library_is_a_question_too(sqlite_client: TestClient) -> None:
    answer = sqlite_client.post(
        REVEAL, json={"library": [], "mode": "cascade", "cascade_mana_value": 4}
    ).json()["answer"]
    assert answer["revealed"] == [] and answer["hit"] is None


@pytest.mark.parametrize(
    ("body", "loc", "code"),
    [
        ({"library": ["Forest"], "mode": "reveal"}, ["body", "max_mana_value"], "missing_field"),
        (
            {"library": ["Forest"], "mode": "cascade"},
            ["body", "cascade_mana_value"],
            "missing_field",
        ),
        (
            {"library": ["Forest"], "max_mana_value": 3, "cascade_mana_value": 2},
            ["body", "cascade_mana_value"],
            "unexpected_field",
        ),
        (
            {
                "library": ["Forest"],
                "mode": "cascade",
                "cascade_mana_value": 5,
                "nonlegendary": True,
            },
            ["body", "nonlegendary"],
            "unexpected_field",
        ),
        (
            {"library": ["Forest", "Nope"], "max_mana_value": 3},
            ["body", "library", 1],
            "unknown_card",
        ),
        (
            {"library": ["Lightning Bolt"], "max_mana_value": 3, "face": "Ice"},
            ["body", "face"],
            "no_such_face",
        ),
        (
            {"library": ["Forest"], "mode": "mill", "max_mana_value": 3},
            ["body", "mode"],
            "validation_error",
        ),
        (
            {"library": ["Forest"], "max_mana_value": 3, "seed": -1},
            ["body", "seed"],
            "validation_error",
        ),
        (
            {"library": ["Forest"], "max_mana_value": 3, "seed": 2**53},
            ["body", "seed"],
            "validation_error",
        ),
        (
            {"library": ["Forest"], "max_mana_value": -1},
            ["body", "max_mana_value"],
            "validation_error",
        ),
        (
            {"library": ["Forest"] * 1001, "max_mana_value": 3},
            ["body", "library"],
            "validation_error",
        ),
        (
            {"library": ["Forest"], "max_mana_value": 3, "shuffle": True},
            ["body", "shuffle"],
            "validation_error",
        ),
        ({"max_mana_value": 3}, ["body", "library"], "validation_error"),
    ],
)
def test_bad_questions_are_422_naming_the_field(
    sqlite_client: TestClient, body: dict[str, Any], loc: list[object], code: str
) -> None:
    assert_problem(sqlite_client.post(REVEAL, json=body), loc, code)


def test_an_x_of_zero_is_left_out_of_the_question(sqlite_client: TestClient) -> None:
    # 107.3a: x matters only to a hit whose X is in an additional cost; 0, the default, keeps
    # the question (and its id) what it was before the field existed.
    body = {"library": ["Forest", "Lightning Bolt"], "mode": "cascade",
            "cascade_mana_value": 3, "seed": 4}  # fmt: skip
    plain = sqlite_client.post("/v1/library/reveal-until", json=body).json()
    zero = sqlite_client.post("/v1/library/reveal-until", json=body | {"x": 0}).json()
    assert plain["id"] == zero["id"] and "x" not in plain["question"]
    two = sqlite_client.post("/v1/library/reveal-until", json=body | {"x": 2}).json()
    assert two["question"]["x"] == 2 and two["id"] != plain["id"]
    # Lightning Bolt has no X: cast for free with X 0 whatever was announced.
    assert two["answer"]["cast_x"] == 0
