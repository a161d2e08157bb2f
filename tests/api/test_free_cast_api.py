"""POST /v1/spells/cast-without-paying through HTTP (107.3b, 118.8, 118.9, 118.9a)."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from bench.cardfiles import Face, Invented
from tests.api.helpers import assert_problem
from tests.api.imported import client_of

FREE = "/v1/spells/cast-without-paying"


def test_the_api_example_gatekeeper_kicked(sqlite_client: TestClient) -> None:
    # 118.8: the kicker's {B} is still paid; 107.3b: X is 0 whatever was asked.
    r = sqlite_client.post(
        FREE,
        json={
            "card": "Gatekeeper of Malakir",
            "x": 4,
            "alternative_cost": None,
            "additional_costs": ["Kicker"],
            "unpayable": [],
        },
    )
    assert r.status_code in (200, 201)
    ruling = r.json()
    assert ruling["kind"] == "cast_without_paying"
    answer = ruling["answer"]
    assert answer["castable"] is True
    assert answer["x"] == 0
    assert answer["alternative_cost"] is None
    assert answer["additional_costs_paid"] == ["Kicker"]
    assert answer["mana_to_pay"] == "{B}"
    assert answer["mana_value_on_stack"] == 2
    assert [reason["code"] for reason in answer["reasons"]] == ["x_must_be_zero"]
    assert "118.9" in ruling["citations"]


@pytest.mark.parametrize(
    ("question", "castable", "codes"),
    [
        (
            {"card": "Force of Will", "alternative_cost": "Exile a blue card"},
            False,
            ["alternative_cost_not_allowed"],
        ),
        (
            {"card": "Fling", "unpayable": ["Sacrifice a creature"]},
            False,
            ["mandatory_additional_cost_unpayable"],
        ),
        ({"card": "Crashing Footfalls"}, True, []),
        (
            {"card": "Shatterskull Smashing", "face": "Shatterskull, the Hammer Pass"},
            False,
            ["land_face_not_castable"],
        ),
        ({"card": "stomp", "face": "Stomp"}, True, []),
    ],
)
def test_answers(
    sqlite_client: TestClient, question: dict[str, Any], castable: bool, codes: list[str]
) -> None:
    answer = sqlite_client.post(FREE, json=question).json()["answer"]
    assert answer["castable"] is castable
    assert [reason["code"] for reason in answer["reasons"]] == codes


def test_first_post_is_201_then_the_same_question_is_200_with_the_same_id(
    client: TestClient,
) -> None:
    q = {"card": "Gatekeeper of Malakir", "additional_costs": ["Kicker"]}
    first = client.post(FREE, json=q)
    assert first.status_code == 201
    assert first.headers["location"] == f"/v1/rulings/{first.json()['id']}"
    # Same question, card spelled in another case: the question is normalized.
    again = client.post(FREE, json={**q, "card": "GATEKEEPER OF MALAKIR"})
    assert again.status_code == 200
    assert again.content == first.content
    assert first.json()["question"]["card"] == "Gatekeeper of Malakir"


@pytest.mark.parametrize(
    ("body", "loc", "code"),
    [
        ({"card": "Nope"}, ["body", "card"], "unknown_card"),
        (
            {"card": "Gatekeeper of Malakir", "additional_costs": ["Buyback"]},
            ["body", "additional_costs", 0],
            "unknown_cost",
        ),
        (
            {"card": "Gatekeeper of Malakir", "alternative_cost": "Evoke"},
            ["body", "alternative_cost"],
            "unknown_cost",
        ),
        (
            {"card": "Lightning Bolt", "unpayable": ["Sacrifice a creature"]},
            ["body", "unpayable", 0],
            "unknown_cost",
        ),
        ({"card": "Fire // Ice", "face": "Water"}, ["body", "face"], "no_such_face"),
        ({"card": "Fireball", "x": -1}, ["body", "x"], "validation_error"),
        ({"card": "Fireball", "mana": "{R}"}, ["body", "mana"], "validation_error"),
        (
            {"card": "Fireball", "additional_costs": ["Kicker"] * 11},
            ["body", "additional_costs"],
            "validation_error",
        ),
        ({"x": 1}, ["body", "card"], "validation_error"),
    ],
)
def test_bad_questions_are_422_naming_the_field(
    sqlite_client: TestClient, body: dict[str, Any], loc: list[object], code: str
) -> None:
    assert_problem(sqlite_client.post(FREE, json=body), loc, code)


def test_a_card_named_by_a_face_casts_that_face(sqlite_client: TestClient) -> None:
    answer = sqlite_client.post(FREE, json={"card": "Stomp"}).json()["answer"]
    assert (answer["face"], answer["mana_value_on_stack"]) == ("Stomp", 2)
    land = sqlite_client.post(FREE, json={"card": "Shatterskull, the Hammer Pass"}).json()
    assert land["answer"]["castable"] is False


def test_cost_names_are_normalized_into_one_question(sqlite_client: TestClient) -> None:
    a = sqlite_client.post(
        FREE, json={"card": "Gatekeeper of Malakir", "additional_costs": ["kicker"]}
    )
    b = sqlite_client.post(
        FREE, json={"card": "gatekeeper of malakir", "additional_costs": ["Kicker"]}
    )
    assert a.json()["id"] == b.json()["id"]
    assert a.json()["question"]["additional_costs"] == ["Kicker"]


def test_a_land_is_not_said_to_be_castable(sqlite_client: TestClient) -> None:
    ruling = sqlite_client.post(FREE, json={"card": "Forest"}).json()
    assert ruling["answer"]["castable"] is False
    assert not any("can be cast without paying" in s["text"] for s in ruling["explanation"])
    # No X is chosen for a land: an X asked is not echoed as if it were (107.3b).
    asked = sqlite_client.post(FREE, json={"card": "Forest", "x": 3}).json()
    assert asked["answer"]["x"] == 0 and asked["question"]["x"] == 3


def test_mana_value_on_stack_is_a_number_whenever_mana_to_pay_is(
    sqlite_client: TestClient,
) -> None:
    # 118.9a: Force of Will can't add its own alternative cost; the spell still has a mana value
    # on the stack (202.3), so the answer never pairs mana_to_pay with a null.
    for question in (
        {"card": "Force of Will", "alternative_cost": "Exile a blue card"},
        {"card": "Fling", "unpayable": ["Sacrifice a creature"]},
        {"card": "Force of Will"},
    ):
        answer = sqlite_client.post("/v1/spells/cast-without-paying", json=question).json()
        answer = answer["answer"]
        assert isinstance(answer["mana_to_pay"], str)
        assert isinstance(answer["mana_value_on_stack"], int), (question, answer)
    assert answer["mana_value_on_stack"] == 5


def test_a_fuse_card_named_whole_is_cast_fused(sqlite_client: TestClient) -> None:
    # 702.102c: both halves as one spell, mana value 3; any spelling of the whole name.
    r = sqlite_client.post(FREE, json={"card": "Wear // Tear", "face": "WEAR // TEAR"})
    assert r.status_code in (200, 201)
    ruling = r.json()
    assert (ruling["answer"]["face"], ruling["answer"]["mana_value_on_stack"]) == (
        "Wear // Tear",
        3,
    )
    assert {"702.102c", "702.102a"} <= set(ruling["citations"])
    # A split card without fuse has only its halves to cast (709.3).
    refused = sqlite_client.post(FREE, json={"card": "Fire // Ice", "face": "Fire // Ice"})
    assert_problem(refused, ["body", "face"], "not_fused")


def test_a_fuse_card_revealed_by_cascade_is_not_cast_fused(sqlite_client: TestClient) -> None:
    body = {
        "library": ["Wear // Tear", "Forest"],
        "mode": "cascade",
        "cascade_mana_value": 5,
        "face": "Wear // Tear",
        "seed": 3,
    }
    answer = sqlite_client.post("/v1/library/reveal-until", json=body).json()["answer"]
    assert (answer["hit"], answer["cast"]) == ("Wear // Tear", False)
    assert [r["code"] for r in answer["reasons"]] == ["fused_only_from_hand"]


def test_a_cost_paid_once_named_twice_is_a_422(sqlite_client: TestClient) -> None:
    # Kicker is paid at most once (702.33a); multikicker may be named once per payment.
    body = {"card": "Gatekeeper of Malakir", "additional_costs": ["Kicker", "kicker"]}
    r = sqlite_client.post(FREE, json=body)
    assert_problem(r, ["body", "additional_costs", 0], "cost_repeated")


def test_the_order_costs_are_named_in_is_one_question(sqlite_client: TestClient) -> None:
    # 601.2f: the costs paid add up whatever order they are named in, so a reveal naming
    # two cards' costs in either order is one question; a free cast naming a cost its card
    # lacks is still pointed at by its place in the request.
    def reveal(costs: list[str]) -> Any:
        body = {
            "library": ["Forest", "Gatekeeper of Malakir"],
            "mode": "cascade",
            "cascade_mana_value": 4,
            "additional_costs": costs,
            "seed": 5,
        }
        return sqlite_client.post("/v1/library/reveal-until", json=body)

    one, other = (
        reveal(["Kicker", "Sacrifice a creature"]),
        reveal(["Sacrifice a creature", "Kicker"]),
    )
    assert (one.status_code, other.status_code) == (201, 200)
    assert one.json()["id"] == other.json()["id"]
    wrong = sqlite_client.post(
        FREE, json={"card": "Gatekeeper of Malakir", "additional_costs": ["Kicker", "Buyback"]}
    )
    assert_problem(wrong, ["body", "additional_costs", 1], "unknown_cost")


# Imported with its own words: escalate over three modes (702.120a).
TRIPLE_VERDICT = Invented(
    "normal",
    [
        Face(
            "Triple Verdict", "{1}{W}", ["Instant"], colors=["W"], keywords=["Escalate"],
            text="Escalate {1}\n"
            "Choose one or more —\n• Target player draws a card.\n• Target player gains 3 "
            "life.\n• Target player mills two cards.",
        )
    ],
)  # fmt: skip


def test_escalate_is_named_at_most_once_for_each_mode_beyond_the_first(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    with client_of([TRIPLE_VERDICT], tmp_path_factory.mktemp("escalate")) as client:
        body = {"card": "Triple Verdict", "additional_costs": ["Escalate", "Escalate"]}
        r = client.post(FREE, json=body)
        assert r.status_code == 201, r.text
        assert r.json()["answer"]["mana_to_pay"] == "{2}"
        body["additional_costs"].append("Escalate")
        r = client.post(FREE, json=body)
        assert_problem(r, ["body", "additional_costs", 0], "cost_repeated")
        assert "at most twice" in r.json()["detail"]


# Imported with its own words: a split card whose halves each list and print fuse (702.102a).
SPARK_SLEET = Invented(
    "split",
    [
        Face("Spark", "{R}", ["Instant"], colors=["R"], keywords=["Fuse"],
             text="Spark deals 1 damage to any target.\nFuse"),
        Face("Sleet", "{1}{U}", ["Instant"], colors=["U"], keywords=["Fuse"],
             text="Tap target creature.\nFuse"),
    ],
)  # fmt: skip


def test_an_imported_fuse_card_is_cast_fused(tmp_path_factory: pytest.TempPathFactory) -> None:
    # The importer keeps a split card's keywords on its halves; fuse is the card's all the same.
    with client_of([SPARK_SLEET], tmp_path_factory.mktemp("fuse")) as client:
        body = {"card": "Spark // Sleet", "face": "Spark // Sleet"}
        r = client.post(FREE, json=body)
        assert r.status_code == 201, r.text
        answer = r.json()["answer"]
        assert (answer["castable"], answer["face"]) == (True, "Spark // Sleet")
        assert answer["mana_value_on_stack"] == 3  # 702.102c: both halves' mana values


# Imported with its own words: an X its text says can't be 0 (107.3a).
STEADY_GRIND = Invented(
    "normal",
    [
        Face("Steady Grind", "{X}{U}{B}", ["Sorcery"], colors=["U", "B"],
             text="Target player mills X cards. X can't be 0."),
    ],
)  # fmt: skip


def test_a_spell_whose_x_cant_be_0_is_not_cast_free_nor_on_the_stack_with_x_0(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    with client_of([STEADY_GRIND], tmp_path_factory.mktemp("x-not-zero")) as client:
        card = client.get("/v1/cards/Steady Grind").json()
        assert (card["x_not_zero"], card["support"]) == (True, "full")
        r = client.post(FREE, json={"card": "Steady Grind", "x": 2})
        assert r.status_code == 201, r.text
        ruling = r.json()
        assert ruling["answer"]["castable"] is False
        codes = [reason["code"] for reason in ruling["answer"]["reasons"]]
        assert codes == ["x_must_be_zero", "x_cannot_be_zero"]
        assert {"107.3b", "601.2b"} <= set(ruling["citations"])
        assert ruling["caveats"] == []
        stack = {"card": "Steady Grind", "zone": "stack", "x": 0, "cast": True}
        r = client.post("/v1/spells/mana-value", json=stack)
        assert_problem(r, ["body", "x"], "x_cannot_be_zero")
