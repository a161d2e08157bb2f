"""POST /v1/mana/activate through HTTP (106.5, 106.12, 106.12a, 107.5, 107.6, 302.6, 616.1)."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.api.helpers import assert_problem, perm, state

ACT = "/v1/mana/activate"


def answer_of(client: TestClient, body: dict[str, Any]) -> dict[str, Any]:
    r = client.post(ACT, json=body)
    assert r.status_code in (200, 201), r.text
    assert r.json()["kind"] == "activate_mana_ability"
    result: dict[str, Any] = r.json()["answer"]
    return result


FOREST_REFL_CONTAM_FLARE = state(
    perm("forest", "Forest"),
    perm("refl", "Mana Reflection"),
    perm("contamination", "Contamination", "bob"),
    perm("flare", "Mana Flare", "bob"),
)


def test_the_api_example_with_an_order(sqlite_client: TestClient) -> None:
    # 616.1: Contamination then Reflection gives {B}{B}; Flare adds one more {B} (106.12a).
    a = answer_of(
        sqlite_client,
        {
            "state": FOREST_REFL_CONTAM_FLARE,
            "permanent_id": "forest",
            "replacement_order": ["contamination", "refl"],
        },
    )
    assert (a["legal"], a["produced"], a["total"], a["made_mana"]) == (
        True,
        "{B}{B}",
        "{B}{B}{B}",
        True,
    )
    assert a["triggered"] == [{"source_id": "flare", "name": "Mana Flare", "mana": "{B}"}]
    assert {(tuple(o["replacement_order"]), o["total"]) for o in a["outcomes"]} == {
        (("contamination", "refl"), "{B}{B}{B}"),
        (("refl", "contamination"), "{B}{B}"),
    }
    assert a["state"]["battlefield"][0]["tapped"] is True


def test_illegal_activation_is_an_answer(sqlite_client: TestClient) -> None:
    # 302.6: summoning sick; the state comes back unchanged.
    body = {
        "state": state(perm("elves", "Llanowar Elves", controlled_since_turn_start=False)),
        "permanent_id": "elves",
    }
    r = sqlite_client.post(ACT, json=body)
    ruling = r.json()
    a = ruling["answer"]
    assert (a["legal"], a["produced"], a["total"]) == (False, "", "")
    assert a["reasons"][0]["code"] == "summoning_sick" and a["reasons"][0]["rules"] == ["302.6"]
    assert a["state"]["battlefield"][0]["tapped"] is False
    assert "302.6" in ruling["citations"]


def test_already_tapped_and_untap_symbol(sqlite_client: TestClient) -> None:
    # 107.5, 107.6
    tapped = answer_of(
        sqlite_client, {"state": state(perm("f", "Forest", tapped=True)), "permanent_id": "f"}
    )
    assert tapped["reasons"][0]["code"] == "already_tapped"
    pili = answer_of(
        sqlite_client,
        {"state": state(perm("p", "Pili-Pala")), "permanent_id": "p", "choose": "G"},
    )
    assert pili["reasons"][0]["code"] == "already_untapped"


def test_lone_reflecting_pool_makes_no_mana(sqlite_client: TestClient) -> None:
    # 106.5, 106.12a: legal, tapped, no mana, no trigger.
    body = {
        "state": state(perm("pool", "Reflecting Pool"), perm("flare", "Mana Flare")),
        "permanent_id": "pool",
    }
    a = answer_of(sqlite_client, body)
    assert (a["legal"], a["produced"], a["made_mana"], a["triggered"]) == (True, "", False, [])
    assert a["state"]["battlefield"][0]["tapped"] is True


def test_missing_choice_lists_outcomes_and_choose_picks_one(sqlite_client: TestClient) -> None:
    # 106.1b: Birds of Paradise's five colors.
    s = state(perm("birds", "Birds of Paradise"))
    a = answer_of(sqlite_client, {"state": s, "permanent_id": "birds"})
    assert a["choice_required"] is True and a["total"] == ""
    assert [o["total"] for o in a["outcomes"]] == ["{W}", "{U}", "{B}", "{R}", "{G}"]
    assert (
        answer_of(sqlite_client, {"state": s, "permanent_id": "birds", "choose": "{u}"})["total"]
        == "{U}"
    )


def test_choose_is_normalized_in_the_question(client: TestClient) -> None:
    # 106.1b: "g", "{G}" and "G" are the same color; the stored question uses one spelling.
    s = state(perm("birds", "Birds of Paradise"))
    first = client.post(ACT, json={"state": s, "permanent_id": "birds", "choose": "g"})
    assert first.status_code == 201
    assert first.json()["question"]["choose"] == "G"
    again = client.post(ACT, json={"state": s, "permanent_id": "birds", "choose": "{G}"})
    assert again.status_code == 200
    assert again.content == first.content


def test_equal_questions_spelled_differently_share_one_ruling(client: TestClient) -> None:
    # No order and an empty one, no counter of a kind and none of it: each pair is one
    # question, one ruling. (A player entry that says nothing is not nothing: it says the
    # player is in the game.)
    base = state(perm("f", "Forest"), perm("mr", "Mana Reflection"))
    first = client.post(ACT, json={"state": base, "permanent_id": "f"})
    assert first.status_code == 201, first.text
    for variant in (
        {"state": base, "permanent_id": "f", "replacement_order": []},
        {"state": state(perm("f", "Forest", counters={"charge": 0}), perm("mr", "Mana Reflection")),
         "permanent_id": "f"},
    ):  # fmt: skip
        again = client.post(ACT, json=variant)
        assert again.status_code == 200, (variant, again.text)
        assert again.json()["id"] == first.json()["id"]
    with_bob = {"state": base | {"players": {"bob": {}}}, "permanent_id": "f"}
    assert client.post(ACT, json=with_bob).status_code == 201  # another game: bob is in it


def test_a_choose_naming_the_only_option_is_the_question_without_it(client: TestClient) -> None:
    # The Forest's ability makes only {G}, and Mana Flare's copy of it is {G} too: a `choose`
    # of G changes nothing, so asked with it or without, in either order, it is one ruling,
    # whose question has no `choose`. Where `choose` is a trigger's choice (Mana Flare on
    # Boros Garrison's one option, {R}{W}), it is a question of its own.
    forest = {"state": state(perm("f", "Forest"), perm("mf", "Mana Flare")), "permanent_id": "f"}
    first = client.post(ACT, json=forest | {"choose": "{g}"})
    assert first.status_code == 201, first.text
    assert first.json()["question"]["choose"] is None
    assert first.json()["answer"]["total"] == "{G}{G}"
    plain = client.post(ACT, json=forest)
    assert (plain.status_code, plain.content) == (200, first.content)
    island = {"state": state(perm("i", "Island")), "permanent_id": "i"}
    plain = client.post(ACT, json=island)
    assert plain.status_code == 201, plain.text
    again = client.post(ACT, json=island | {"choose": "U"})
    assert (again.status_code, again.json()["id"]) == (200, plain.json()["id"])
    garrison = state(perm("g", "Boros Garrison"), perm("mf", "Mana Flare"))
    left_open = client.post(ACT, json={"state": garrison, "permanent_id": "g"})
    chosen = client.post(ACT, json={"state": garrison, "permanent_id": "g", "choose": "R"})
    assert chosen.status_code == 201 and chosen.json()["question"]["choose"] == "R"
    assert left_open.json()["answer"]["choice_required"] is True
    assert chosen.json()["answer"]["total"] == "{W}{R}{R}"
    # Naming the Garrison's own one option, which Mana Flare doesn't offer, names the ability:
    # no trigger's choice, so the question left open.
    own = client.post(ACT, json={"state": garrison, "permanent_id": "g", "choose": "{R}{W}"})
    assert (own.status_code, own.json()["id"]) == (200, left_open.json()["id"]), own.text
    # An illegal activation makes nothing: a `choose` there is not read, and is no question
    # of its own (a tapped Forest, with or without "G" or "U").
    tapped = {"state": state(perm("f", "Forest", tapped=True)), "permanent_id": "f"}
    first = client.post(ACT, json=tapped)
    assert first.status_code == 201 and first.json()["answer"]["legal"] is False
    for choose in ("G", "U"):
        again = client.post(ACT, json=tapped | {"choose": choose})
        assert (again.status_code, again.json()["id"]) == (200, first.json()["id"]), choose


def test_an_ability_named_by_index_by_id_or_alone_is_one_question(client: TestClient) -> None:
    # The Forest's only mana ability (305.6), named by its index, its stable id, or not at all:
    # one question, stored with the id. Among several, index 1 and the granted ability's id
    # are one question too.
    alone = {"state": state(perm("f", "Forest")), "permanent_id": "f"}
    first = client.post(ACT, json=alone)
    assert first.status_code == 201, first.text
    assert first.json()["question"]["ability"] == "intrinsic:Forest"
    for ability in (0, "intrinsic:Forest"):
        again = client.post(ACT, json=alone | {"ability": ability})
        assert (again.status_code, again.json()["id"]) == (200, first.json()["id"]), ability
    lantern = state(perm("f", "Forest"), perm("lantern", "Chromatic Lantern"))
    by_index = {"state": lantern, "permanent_id": "f", "ability": 1, "choose": "R"}
    first = client.post(ACT, json=by_index)
    assert first.status_code == 201, first.text
    granted = first.json()["question"]["ability"]
    assert granted.startswith("granted:lantern")
    again = client.post(ACT, json=by_index | {"ability": granted})
    assert (again.status_code, again.json()["id"]) == (200, first.json()["id"])
    # Left unnamed among several, the question says so: `choose` picks, or the answer asks.
    picked = client.post(ACT, json={"state": lantern, "permanent_id": "f", "choose": "U"})
    assert picked.status_code == 201 and picked.json()["question"]["ability"] is None
    unknown = client.post(ACT, json=alone | {"ability": "granted:nobody:0"})
    assert_problem(unknown, ["body", "ability"], "unknown_ability")


def test_ability_index_picks_a_granted_ability(sqlite_client: TestClient) -> None:
    # 305.6 first, then Chromatic Lantern's granted ability.
    body = {
        "state": state(perm("f", "Forest"), perm("lantern", "Chromatic Lantern")),
        "permanent_id": "f",
        "ability": 1,
        "choose": "R",
    }
    a = answer_of(sqlite_client, body)
    assert a["total"] == "{R}"
    assert a["ability"] == {
        "index": 1,
        "summary": "{T}: add one mana of any color (granted by Chromatic Lantern (lantern))",
        "origin": "granted",
        "granted_by": "lantern",
    }


@pytest.mark.parametrize(
    ("body", "loc", "code"),
    [
        (
            {"state": state(perm("f", "Forest"), perm("f", "Island")), "permanent_id": "f"},
            ["body", "state", "battlefield", 1, "id"],
            "duplicate_permanent_id",
        ),
        (
            {
                "state": state(perm("f", "Forest"), perm("wg", "Wild Growth", attached_to="x")),
                "permanent_id": "f",
            },
            ["body", "state", "battlefield", 1, "attached_to"],
            "unknown_permanent",
        ),
        (
            {"state": state(perm("f", "Forestt")), "permanent_id": "f"},
            ["body", "state", "battlefield", 0, "card"],
            "unknown_card",
        ),
        (
            {"state": state(perm("f", "Forest")), "permanent_id": "g"},
            ["body", "permanent_id"],
            "unknown_permanent",
        ),
        (
            {"state": state(perm("t", "Tundra")), "permanent_id": "t"},
            ["body", "ability"],
            "ability_required",
        ),
        (
            {"state": state(perm("f", "Forest")), "permanent_id": "f", "ability": 2},
            ["body", "ability"],
            "unknown_ability",
        ),
        (
            {"state": state(perm("b", "Birds of Paradise")), "permanent_id": "b", "choose": "C"},
            ["body", "choose"],
            "invalid_choice",
        ),
        (
            {"state": state(perm("b", "Birds of Paradise")), "permanent_id": "b", "choose": "pink"},
            ["body", "choose"],
            "invalid_choice",
        ),
        (
            {
                "state": state(perm("f", "Forest"), perm("r", "Mana Reflection")),
                "permanent_id": "f",
                "replacement_order": ["r", "ghost"],
            },
            ["body", "replacement_order", 1],
            "unknown_replacement_source",
        ),
        (
            {
                "state": state(perm("f", "Forest"), perm("i", "Island")),
                "permanent_id": "f",
                "replacement_order": ["i"],
            },
            ["body", "replacement_order", 0],
            "not_a_replacement_source",
        ),
        (
            {
                "state": state(perm("f", "Forest"), perm("us", "Utopia Sprawl", attached_to="f")),
                "permanent_id": "f",
            },
            ["body", "state", "battlefield", 1, "chosen_color"],
            "chosen_color_required",
        ),
        ({"state": state(perm("f", "Forest"))}, ["body", "permanent_id"], "validation_error"),
        (
            {"state": state(perm("f", "Forest")), "permanent_id": "f", "ability": -1},
            ["body", "ability"],
            "validation_error",
        ),
        (
            {"state": state(perm("f", "Forest")), "permanent_id": "f", "tap": True},
            ["body", "tap"],
            "validation_error",
        ),
    ],
)
def test_bad_questions_are_422_naming_the_field(
    sqlite_client: TestClient, body: dict[str, Any], loc: list[object], code: str
) -> None:
    # 106.12, 305.6, 616.1 questions must be consistent; docs/api.md: else a 422 naming the field.
    assert_problem(sqlite_client.post(ACT, json=body), loc, code)


def test_same_question_is_200_and_readable_by_id(client: TestClient) -> None:
    # 616.1 (the API example); docs/api.md: a repeated question returns the stored ruling.
    body = {"state": FOREST_REFL_CONTAM_FLARE, "permanent_id": "forest"}
    first = client.post(ACT, json=body)
    assert first.status_code == 201
    again = client.post(ACT, json=body)
    assert again.status_code == 200 and again.content == first.content
    got = client.get(first.headers["location"])
    assert got.status_code == 200 and got.content == first.content


def _swap(subtype: str, to: str) -> dict[str, Any]:
    """A replacement effect: that land type, tapped for mana, makes `to` instead."""
    return {
        "kind": "mana_replacement",
        "source": {"controller": "any", "types": ["land"], "subtypes": [subtype]},
        "change": {"kind": "change_type", "to": to},
    }


# An invented enchantment with two replacement effects, both of which apply to a land that is a
# Plains and an Island: one source, two effects for its controller to order (616.1).
TWOFOLD_HAZE = {
    "name": "Twofold Haze",
    "mana_cost": "{3}",
    "types": ["enchantment"],
    "abilities": [_swap("Plains", "R"), _swap("Island", "G")],
}
HAZE_BOARD = state(
    perm("tundra", "Tundra"),
    {"id": "haze", "definition": TWOFOLD_HAZE, "controller": "bob"},
)


def test_several_effects_of_one_source_are_ordered_one_by_one(sqlite_client: TestClient) -> None:
    # The effect applied last decides the type; each outcome names its effects, not only
    # their source, so the client can ask for either.
    body = {"state": HAZE_BOARD, "permanent_id": "tundra", "choose": "W"}
    a = answer_of(sqlite_client, body)
    assert {(o["produced"], tuple(o["replacement_order"])) for o in a["outcomes"]} == {
        ("{G}", ("haze#1", "haze#2")),
        ("{R}", ("haze#2", "haze#1")),
    }
    for outcome in a["outcomes"]:
        asked = answer_of(
            sqlite_client, {**body, "replacement_order": outcome["replacement_order"]}
        )
        assert (asked["produced"], asked["replacement_order"]) == (
            outcome["produced"],
            outcome["replacement_order"],
        )
    # The source's plain id puts all its effects first, in their listed order.
    assert answer_of(sqlite_client, {**body, "replacement_order": ["haze"]})["produced"] == "{G}"
    # The steps name each effect by its key, and refer to the source by its own id.
    steps = sqlite_client.post(ACT, json={**body, "replacement_order": ["haze#2"]}).json()
    texts = [s["text"] for s in steps["explanation"]]
    assert "Twofold Haze (haze), effect haze#2: {W} becomes {G}." in texts
    referred = {i for s in steps["explanation"] for i in s["refs"].get("permanents", [])}
    assert referred == {"tundra", "haze"}


def test_an_id_spelled_as_another_source_s_effect_key_is_a_422(sqlite_client: TestClient) -> None:
    # "haze#1" names the first of Twofold Haze's effects; a permanent with that id would make an
    # order or a color naming it mean two things.
    for entry, where in (
        (perm("haze#1", "Forest"), "battlefield"),
        (
            {"id": "haze#1", "card": "Act of Treason", "controller": "alice", "target": "tundra"},
            "effects",
        ),
    ):
        board = {**HAZE_BOARD, where: [*HAZE_BOARD[where], entry]}
        at = len(board[where]) - 1
        r = sqlite_client.post(ACT, json={"state": board, "permanent_id": "tundra", "choose": "W"})
        assert_problem(r, ["body", "state", where, at, "id"], "ambiguous_effect_key")
    # Ids that merely look alike are fine: "haze#3" is no key of a source with two effects.
    board = {**HAZE_BOARD, "battlefield": [*HAZE_BOARD["battlefield"], perm("haze#3", "Forest")]}
    r = sqlite_client.post(ACT, json={"state": board, "permanent_id": "tundra", "choose": "W"})
    assert r.status_code == 201, r.text


def test_an_effect_number_past_the_source_s_effects_is_ignored(sqlite_client: TestClient) -> None:
    body = {
        "state": HAZE_BOARD,
        "permanent_id": "tundra",
        "choose": "W",
        "replacement_order": ["haze#3"],
    }
    r = sqlite_client.post(ACT, json=body)
    assert r.status_code == 201, r.text
    texts = [s["text"] for s in r.json()["explanation"]]
    assert any("haze#3 is named in replacement_order but its effect" in t for t in texts)
    assert_problem(
        sqlite_client.post(ACT, json={**body, "replacement_order": ["nowhere#1"]}),
        ["body", "replacement_order", 0],
        "unknown_replacement_source",
    )


def test_trigger_choices_give_each_trigger_its_own_type(client: TestClient) -> None:
    # 605.3: Heartbeat of Spring's and Mana Flare's choices are each their own; spelled
    # differently, the same choices are one question and one ruling.
    state = {
        "turn": 3,
        "active_player": "alice",
        "battlefield": [
            {"id": "g", "card": "Boros Garrison", "controller": "alice"},
            {"id": "hb", "card": "Heartbeat of Spring", "controller": "alice"},
            {"id": "mf", "card": "Mana Flare", "controller": "alice"},
        ],
    }
    first = client.post(
        "/v1/mana/activate",
        json={"state": state, "permanent_id": "g", "trigger_choices": {"mf": "r", "hb": "{W}"}},
    )
    again = client.post(
        "/v1/mana/activate",
        json={"state": state, "permanent_id": "g", "trigger_choices": {"hb": "W", "mf": "R"}},
    )
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["id"] == again.json()["id"]
    assert first.json()["answer"]["total"] == "{W}{W}{R}{R}"
    wrong = client.post(
        "/v1/mana/activate",
        json={"state": state, "permanent_id": "g", "trigger_choices": {"mf": "G"}},
    )
    assert_problem(wrong, ["body", "trigger_choices", "mf"], "invalid_choice")


def test_a_wrong_type_for_an_index_or_an_id_names_the_field(client: TestClient) -> None:
    # `ability` is an index or an id: neither member's name is a field of the request.
    body = {"state": state(perm("f", "Forest")), "permanent_id": "f", "ability": True}
    r = client.post(ACT, json=body)
    assert r.status_code == 422
    errors = r.json()["errors"]
    assert [e["loc"] for e in errors] == [["body", "ability"]]  # one error, both members said
    assert (
        "integer" in errors[0]["msg"] and ", or input should be a valid string" in errors[0]["msg"]
    )
