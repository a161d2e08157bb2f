"""POST /v1/spells/mana-value through HTTP (107.3b, 107.3g, 107.3m, 202.3)."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from tests.api.helpers import assert_problem

MV = "/v1/spells/mana-value"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        (
            {"card": "Hangarback Walker", "zone": "library"},
            {"x": 0, "mana_value": 0, "etb_x": None},
        ),
        (
            {"card": "Hangarback Walker", "zone": "stack", "x": 3},
            {"x": 3, "mana_value": 6, "etb_x": None},
        ),
        (
            {"card": "Fireball", "zone": "stack", "x": 3, "cast_without_paying_mana_cost": True},
            {"x": 0, "mana_value": 1, "etb_x": None},
        ),
        (
            {"card": "Hangarback Walker", "zone": "battlefield", "x": 3},
            {"x": 0, "mana_value": 0, "etb_x": 3},
        ),
        (
            {"card": "Stonecoil Serpent", "zone": "battlefield", "x": 3, "cast": False},
            {"x": 0, "mana_value": 0, "etb_x": 0},
        ),
        ({"card": "fire // ice", "zone": "graveyard"}, {"x": 0, "mana_value": 4, "etb_x": None}),
        ({"card": "Stomp", "zone": "hand"}, {"x": 0, "mana_value": 3, "etb_x": None}),
    ],
)
def test_answers(
    sqlite_client: TestClient, question: dict[str, object], answer: dict[str, object]
) -> None:
    r = sqlite_client.post(MV, json=question)
    assert r.status_code in (200, 201)
    got = r.json()["answer"]
    assert {k: got[k] for k in answer} == answer


@pytest.mark.parametrize(
    ("body", "loc", "code"),
    [
        ({"card": "Nope", "zone": "hand"}, ["body", "card"], "unknown_card"),
        ({"card": "Fireball", "zone": "sideboard"}, ["body", "zone"], "validation_error"),
        ({"card": "Fireball", "zone": "stack", "x": -1}, ["body", "x"], "validation_error"),
        ({"card": "Fireball", "zone": "stack", "x": "three"}, ["body", "x"], "validation_error"),
        (
            {"card": "Fireball", "zone": "stack", "color": "red"},
            ["body", "color"],
            "validation_error",
        ),
        ({"zone": "stack"}, ["body", "card"], "validation_error"),
        (
            {"card": "Fire // Ice", "zone": "stack", "face": "Water"},
            ["body", "face"],
            "no_such_face",
        ),
    ],
)
def test_bad_questions_are_422_naming_the_field(
    sqlite_client: TestClient, body: dict[str, object], loc: list[object], code: str
) -> None:
    r = sqlite_client.post(MV, json=body)
    assert r.status_code == 422
    assert r.headers["content-type"] == "application/problem+json"
    problem = r.json()
    assert problem["code"] == code
    assert problem["status"] == 422
    assert {"type", "title", "detail"} <= problem.keys()
    assert loc in [e["loc"] for e in problem["errors"]]
    assert str(loc[-1]) in problem["detail"]


def test_a_face_is_named_in_any_spelling_its_card_is(sqlite_client: TestClient) -> None:
    # Case, accents and apostrophes, as for a card's name (docs/api.md, Reads).
    for spelling in ["Ice", "ICE", "Íce", "I\u0301ce"]:
        r = sqlite_client.post(MV, json={"card": "Fire // Ice", "zone": "stack", "face": spelling})
        assert r.status_code in (200, 201), r.text
        assert r.json()["question"]["face"] == "Ice" and r.json()["answer"]["mana_value"] == 2


def test_malformed_json_is_400(sqlite_client: TestClient) -> None:
    r = sqlite_client.post(MV, content=b'{"card": ', headers={"content-type": "application/json"})
    assert r.status_code == 400
    assert r.headers["content-type"] == "application/problem+json"
    assert r.json()["code"] == "malformed_json"


def test_wrong_body_type_is_422(sqlite_client: TestClient) -> None:
    r = sqlite_client.post(MV, json=[1, 2])
    assert r.status_code == 422
    assert r.json()["errors"][0]["loc"] == ["body"]


@pytest.mark.parametrize(
    ("question", "face", "value"),
    [
        # docs/api.md: a face's name names the card, and on the stack or battlefield that face.
        ({"card": "Tibalt, Cosmic Impostor", "zone": "stack"}, "Tibalt, Cosmic Impostor", 7),
        ({"card": "Stomp", "zone": "stack"}, "Stomp", 2),
        (
            {"card": "Shatterskull, the Hammer Pass", "zone": "battlefield"},
            "Shatterskull, the Hammer Pass",
            0,
        ),
        # Off the stack the object is the whole card: its front face's (or both halves')
        # characteristics, and `face` names the whole card, not one face.
        ({"card": "Stomp", "zone": "hand"}, "Bonecrusher Giant // Stomp", 3),
        ({"card": "Ice", "zone": "library"}, "Fire // Ice", 4),
    ],
)
def test_a_card_named_by_a_face(
    sqlite_client: TestClient, question: dict[str, object], face: str, value: int
) -> None:
    answer = sqlite_client.post(MV, json=question).json()["answer"]
    assert (answer["face"], answer["mana_value"]) == (face, value)


def test_equal_questions_spelled_differently_share_a_ruling(sqlite_client: TestClient) -> None:
    a = sqlite_client.post(MV, json={"card": "tibalt, cosmic impostor", "zone": "stack"})
    b = sqlite_client.post(
        MV,
        json={
            "card": "Valki, God of Lies // Tibalt, Cosmic Impostor",
            "zone": "stack",
            "face": "TIBALT, COSMIC IMPOSTOR",
        },
    )
    assert a.json()["id"] == b.json()["id"]
    assert a.json()["question"]["face"] == "Tibalt, Cosmic Impostor"


@pytest.mark.parametrize(
    ("question", "code"),
    [
        ({"card": "Fireball", "zone": "battlefield"}, "not_a_permanent"),
        ({"card": "Forest", "zone": "stack"}, "land_not_on_stack"),
        (
            {"card": "Shatterskull, the Hammer Pass", "zone": "stack"},
            "land_not_on_stack",
        ),
    ],
)
def test_objects_that_cant_be_there_are_422(
    sqlite_client: TestClient, question: dict[str, object], code: str
) -> None:
    r = sqlite_client.post(MV, json=question)
    assert r.status_code == 422
    assert r.json()["code"] == code
    assert r.json()["errors"][0]["loc"] == ["body", "zone"]


def test_a_split_card_on_the_stack_needs_its_half(sqlite_client: TestClient) -> None:
    # 709.3: a split spell is the half cast; which one is never guessed.
    r = sqlite_client.post(MV, json={"card": "Wear // Tear", "zone": "stack"})
    assert_problem(r, ["body", "face"], "face_required")
    assert "'Wear'" in r.json()["detail"] and "fused" in r.json()["detail"]
    half = sqlite_client.post(MV, json={"card": "Wear // Tear", "zone": "stack", "face": "tear"})
    assert (half.json()["answer"]["face"], half.json()["answer"]["mana_value"]) == ("Tear", 1)


def test_a_fused_split_spell_has_both_halves(sqlite_client: TestClient) -> None:
    # 702.102c: cast fused, the spell has both halves' characteristics: {1}{R} + {W} = 3.
    body = {"card": "Wear // Tear", "zone": "stack", "face": "wear // tear"}
    ruling = sqlite_client.post(MV, json=body).json()
    assert ruling["answer"] == {"x": 0, "mana_value": 3, "etb_x": None, "face": "Wear // Tear"}
    assert "702.102c" in ruling["citations"]
    # Fire // Ice has no fuse: only one half can be cast.
    r = sqlite_client.post(MV, json={"card": "Fire // Ice", "zone": "stack", "face": "Fire // Ice"})
    assert_problem(r, ["body", "face"], "not_fused")
