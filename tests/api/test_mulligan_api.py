"""POST /v1/mulligan through HTTP (103.5, 103.5b, 103.5c): a client walks the London mulligan
step by step, feeding each answer back as the next question."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.api.helpers import assert_problem

MULLIGAN = "/v1/mulligan"
DECK = (
    ["Serum Powder"] * 2
    + ["Forest"] * 8
    + ["Island"] * 8
    + ["Lightning Bolt"] * 6
    + ["Memnite"] * 6
)
STATE_KEYS = ("hand", "library", "exile", "mulligans_taken", "bottom_owed", "kept")


def opening(deck: list[str] = DECK) -> dict[str, Any]:
    return {"hand": deck[:7], "library": deck[7:]}


def next_question(answer: dict[str, Any], action: str, **extra: Any) -> dict[str, Any]:
    return {k: answer[k] for k in STATE_KEYS} | {"action": action} | extra


def everything(state: dict[str, Any]) -> Counter[str]:
    return (
        Counter(state["hand"])
        + Counter(state["library"])
        + Counter(e["card"] for e in state.get("exile", []))
    )


def test_a_seeded_mulligan_is_201_then_200_and_owes_one(client: TestClient) -> None:
    # 103.5: shuffle in, draw seven, owe one per mulligan taken.
    q = opening() | {"action": "mulligan", "seed": 11}
    first = client.post(MULLIGAN, json=q)
    assert first.status_code == 201
    ruling = first.json()
    assert ruling["kind"] == "mulligan"
    answer = ruling["answer"]
    assert answer["legal"] is True
    assert len(answer["hand"]) == 7
    assert (answer["mulligans_taken"], answer["bottom_owed"]) == (1, 1)
    assert everything(answer) == Counter(DECK)
    again = client.post(MULLIGAN, json=q | {"hand": [n.upper() for n in q["hand"]]})
    assert again.status_code == 200
    assert again.content == first.content


def test_a_mulligan_without_seed_records_one_that_replays(client: TestClient) -> None:
    first = client.post(MULLIGAN, json=opening() | {"action": "mulligan"})
    assert first.status_code == 201
    seed = first.json()["question"]["seed"]
    assert isinstance(seed, int)
    replay = client.post(MULLIGAN, json=opening() | {"action": "mulligan", "seed": seed})
    assert replay.status_code == 200
    assert replay.json()["answer"] == first.json()["answer"]


def test_actions_that_dont_shuffle_need_no_seed(sqlite_client: TestClient) -> None:
    ruling = sqlite_client.post(MULLIGAN, json=opening() | {"action": "keep"}).json()
    assert ruling["question"]["seed"] is None
    assert ruling["answer"]["kept"] is True
    # A seed sent with them changes nothing, so it is the same question and ruling.
    seeded = sqlite_client.post(MULLIGAN, json=opening() | {"action": "keep", "seed": 5}).json()
    assert seeded["id"] == ruling["id"] and seeded["question"]["seed"] is None


def test_multiplayer_first_mulligan_is_free(sqlite_client: TestClient) -> None:
    # 103.5c.
    answer = sqlite_client.post(
        MULLIGAN, json=opening() | {"action": "mulligan", "multiplayer": True, "seed": 2}
    ).json()["answer"]
    assert (answer["mulligans_taken"], answer["bottom_owed"]) == (1, 0)


def test_walk_mulligan_bottom_serum_powder_keep(sqlite_client: TestClient) -> None:
    # 103.5, 103.5b: after one mulligan and its bottom card, Serum Powder exiles the six and
    # draws six; still one mulligan taken, nothing owed.
    deck = ["Serum Powder"] + ["Forest"] * 6 + ["Island"] * 13
    state = sqlite_client.post(
        MULLIGAN, json=opening(deck) | {"action": "mulligan", "seed": 4}
    ).json()["answer"]
    if "Serum Powder" not in state["hand"]:
        # Put the Powder in hand for the walk: swap it with the hand's first card.
        i = state["library"].index("Serum Powder")
        state["library"][i], state["hand"][0] = state["hand"][0], "Serum Powder"
    not_powder = next(n for n in state["hand"] if n != "Serum Powder")
    state = sqlite_client.post(
        MULLIGAN, json=next_question(state, "bottom", bottom=[not_powder])
    ).json()["answer"]
    assert state["legal"] is True and len(state["hand"]) == 6
    powder = sqlite_client.post(MULLIGAN, json=next_question(state, "serum_powder")).json()[
        "answer"
    ]
    assert powder["legal"] is True
    assert [e["card"] for e in powder["exile"]] == state["hand"]
    assert len(powder["hand"]) == 6
    assert (powder["mulligans_taken"], powder["bottom_owed"]) == (1, 0)
    assert everything(powder) == Counter(deck)
    kept = sqlite_client.post(MULLIGAN, json=next_question(powder, "keep")).json()["answer"]
    assert kept["kept"] is True
    late = sqlite_client.post(MULLIGAN, json=next_question(kept, "mulligan", seed=1)).json()[
        "answer"
    ]
    assert late["legal"] is False
    assert [r["code"] for r in late["reasons"]] == ["already_kept"]


def test_an_illegal_action_is_an_answer_not_an_error(sqlite_client: TestClient) -> None:
    r = sqlite_client.post(MULLIGAN, json=opening(["Forest"] * 10) | {"action": "serum_powder"})
    assert r.status_code in (200, 201)
    answer = r.json()["answer"]
    assert answer["legal"] is False
    assert [x["code"] for x in answer["reasons"]] == ["no_serum_powder_in_hand"]
    assert answer["hand"] == ["Forest"] * 7


@pytest.mark.parametrize(
    ("body", "loc", "code"),
    [
        (opening() | {"action": "shuffle"}, ["body", "action"], "validation_error"),
        ({"hand": ["Nope"], "library": [], "action": "keep"}, ["body", "hand", 0], "unknown_card"),
        (
            {"hand": [], "library": ["Forest", "Nope"], "action": "keep"},
            ["body", "library", 1],
            "unknown_card",
        ),
        (
            {
                "hand": ["Forest"],
                "library": [],
                "action": "bottom",
                "bottom_owed": 1,
                "mulligans_taken": 1,
                "bottom": ["Nope"],
            },
            ["body", "bottom", 0],
            "unknown_card",
        ),
        (
            {"hand": [], "library": [], "exile": [{"card": "Nope"}], "action": "keep"},
            ["body", "exile", 0, "card"],
            "unknown_card",
        ),
        (
            {"hand": [], "library": [], "exile": [{"face_up": True}], "action": "keep"},
            ["body", "exile", 0, "card"],
            "validation_error",
        ),
        (
            opening() | {"action": "keep", "bottom_owed": 2, "mulligans_taken": 1},
            ["body", "bottom_owed"],
            "inconsistent_state",
        ),
        (opening() | {"action": "keep", "bottom": ["Forest"]}, ["body", "bottom"], "unused_field"),
        (
            opening() | {"action": "keep", "mulligans_taken": -1},
            ["body", "mulligans_taken"],
            "validation_error",
        ),
        (opening() | {"action": "mulligan", "seed": "abc"}, ["body", "seed"], "validation_error"),
        (
            opening() | {"action": "keep", "hand": ["Forest"] * 101},
            ["body", "hand"],
            "validation_error",
        ),
        (
            opening() | {"action": "keep", "graveyard": []},
            ["body", "graveyard"],
            "validation_error",
        ),
        (opening(), ["body", "action"], "validation_error"),
    ],
)
def test_bad_questions_are_422_naming_the_field(
    sqlite_client: TestClient, body: dict[str, Any], loc: list[object], code: str
) -> None:
    assert_problem(sqlite_client.post(MULLIGAN, json=body), loc, code)


def test_hand_and_library_accept_inline_definitions(sqlite_client: TestClient) -> None:
    # A real deck holds cards the catalog lacks: sent inline, as reveal-until accepts them.
    spark = {"name": "Test Spark", "mana_cost": "{R}", "types": ["instant"]}
    wall = {"name": "Test Wall", "mana_cost": "{1}{W}", "types": ["creature"]}
    body = {
        "hand": [spark, "Forest", "Island", wall, "Memnite", "Forest", "Island"],
        "library": [wall, "Forest", spark, "Island", "Memnite", "Forest", "Island", spark],
        "action": "mulligan",
        "seed": 5,
    }
    r = sqlite_client.post("/v1/mulligan", json=body)
    assert r.status_code in (200, 201), r.text
    ruling = r.json()
    assert ruling["question"]["hand"][0]["name"] == "Test Spark"
    assert ruling["question"]["hand"][1] == "Forest"
    answer = ruling["answer"]
    assert answer["legal"] is True and answer["bottom_owed"] == 1
    every = sorted(answer["hand"] + answer["library"])
    assert every.count("Test Spark") == 3 and every.count("Test Wall") == 2
    # The owed card goes under by its name, inline or not.
    inline_in_hand = next(c for c in answer["hand"] if c.startswith("Test "))
    step = {
        **body,
        "hand": [spark if c == "Test Spark" else wall if c == "Test Wall" else c
                 for c in answer["hand"]],
        "library": [spark if c == "Test Spark" else wall if c == "Test Wall" else c
                    for c in answer["library"]],
        "mulligans_taken": 1,
        "bottom_owed": 1,
        "action": "bottom",
        "bottom": [inline_in_hand.lower()],
    }  # fmt: skip
    after = sqlite_client.post("/v1/mulligan", json=step)
    assert after.status_code in (200, 201), after.text
    assert after.json()["answer"]["library"][-1] == inline_in_hand
    assert after.json()["answer"]["bottom_owed"] == 0


def test_every_answer_s_mulligan_count_can_be_sent_back(sqlite_client: TestClient) -> None:
    # 103.5c: a multiplayer game's first mulligan is free, so a hand of the largest size may
    # take one mulligan more than it has cards; that count is a question too.
    # After 100 mulligans, 99 cards went under: one is left in hand.
    body = {"hand": ["Forest"], "library": ["Island"] * 199, "multiplayer": True, "seed": 1,
            "starting_hand_size": 100, "mulligans_taken": 100, "action": "mulligan"}  # fmt: skip
    r = sqlite_client.post(MULLIGAN, json=body)
    assert r.status_code == 201, r.text
    answer = r.json()["answer"]
    assert answer["mulligans_taken"] == 101
    again = {k: answer[k] for k in STATE_KEYS} | {"multiplayer": True, "starting_hand_size": 100}
    r = sqlite_client.post(MULLIGAN, json=again | {"action": "bottom", "bottom": answer["hand"]})
    assert r.status_code == 201, r.text


def test_bottom_names_an_inline_card_by_a_face(sqlite_client: TestClient) -> None:
    # A two-faced card defined inline goes under by either face's name, as a catalog card does.
    faces = [{"name": "Zq Spring", "mana_cost": "{G}", "types": ["sorcery"]},
             {"name": "Zq Falls", "types": ["land"]}]  # fmt: skip
    card = {"name": "Zq Spring // Zq Falls", "layout": "modal_dfc", "faces": faces}
    hand = [card, "Forest", "Island", "Memnite", "Forest", "Island", "Forest"]
    body = {"hand": hand, "library": ["Island"] * 10, "mulligans_taken": 1, "bottom_owed": 1}
    by_face = sqlite_client.post("/v1/mulligan", json=body | {"action": "bottom",
                                                              "bottom": ["zq falls"]})  # fmt: skip
    assert by_face.status_code == 201, by_face.text
    assert by_face.json()["answer"]["library"][-1] == "Zq Spring // Zq Falls"
    whole = sqlite_client.post(
        "/v1/mulligan", json=body | {"action": "bottom", "bottom": ["Zq Spring // Zq Falls"]}
    )
    assert (whole.status_code, whole.json()["id"]) == (200, by_face.json()["id"])


def test_a_powder_ability_on_a_back_face_is_not_in_the_hand(sqlite_client: TestClient) -> None:
    # 712.8: in the hand a double-faced card has only its front face's characteristics, so an
    # exile-and-redraw ability on its back face can't be used; on its front face it can.
    helper = [{"kind": "mulligan_helper"}]
    front = {"name": "Zq Dust", "mana_cost": "{1}", "types": ["artifact"]}
    back = {"name": "Zq Powderback", "mana_cost": "{3}", "types": ["artifact"]}
    body = {"library": ["Island"] * 3, "action": "serum_powder", "seed": 1}

    def hand_with(first: dict[str, Any], second: dict[str, Any]) -> list[Any]:
        faces = [first, second]
        return [{"name": f"{first['name']} // {second['name']}", "layout": "modal_dfc",
                 "faces": faces}, "Forest"]  # fmt: skip

    r = sqlite_client.post("/v1/mulligan", json=body | {"hand": hand_with(front, back | {
        "abilities": helper})})  # fmt: skip
    assert r.status_code == 201, r.text
    assert r.json()["answer"]["legal"] is False
    assert r.json()["answer"]["reasons"][0]["code"] == "no_serum_powder_in_hand"
    r = sqlite_client.post("/v1/mulligan", json=body | {"hand": hand_with(front | {
        "abilities": helper}, back)})  # fmt: skip
    assert r.json()["answer"]["legal"] is True, r.text


def test_a_hand_no_game_draws_is_a_422_naming_it(sqlite_client: TestClient) -> None:
    # 103.5: after one mulligan whose card is already on the bottom, a hand holds six cards.
    body = opening() | {"mulligans_taken": 1, "bottom_owed": 0, "action": "serum_powder"}
    r = sqlite_client.post(MULLIGAN, json=body)
    assert_problem(r, ["body", "hand"], "inconsistent_state")
    assert "at most 6" in r.json()["detail"]
