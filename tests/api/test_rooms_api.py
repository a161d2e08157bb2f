"""Rooms (709.5) through HTTP: a Room permanent has the characteristics of its unlocked doors
only, one door's, both doors' together, or none (no name, mana cost or abilities). Invented
Rooms imported from an MTGJSON file, so the importer and the compiler are on the path too."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from bench.cardfiles import Face, Invented
from tests.api.helpers import assert_problem, perm, state
from tests.api.imported import client_of

ROOM = "Mossy Conservatory // Creaking Veranda"
GRANTING = "Mossy Conservatory"  # {2}{G}: lands you control have a tap for any color
TRIGGERED = "Creaking Veranda"  # {3}{G}: a trigger on unlocking, no mana
FIVE = ["W", "U", "B", "R", "G"]


def _room() -> Invented:
    def door(name: str, cost: str, text: str) -> Face:
        return Face(name, cost, ["Enchantment"], subtypes=["Room"], colors=["G"], text=text)

    return Invented(
        "split",
        [
            door(GRANTING, "{2}{G}", 'Lands you control have "{T}: Add one mana of any color."'),
            door(TRIGGERED, "{3}{G}", "When you unlock this door, you gain 3 life."),
        ],
    )


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with client_of([_room()], tmp_path_factory.mktemp("rooms")) as c:
        yield c


def _forest_with(client: TestClient, **room: Any) -> dict[str, Any]:
    body = {
        "state": state(perm("forest", "Forest"), perm("room", ROOM, **room)),
        "permanent_id": "forest",
    }
    r = client.post("/v1/mana/could-produce", json=body)
    assert r.status_code in (200, 201), r.text
    return dict(r.json())


@pytest.mark.parametrize(
    ("room", "types"),
    [
        ({}, FIVE),  # left out: the first door, the one its card names first
        ({"unlocked": [GRANTING]}, FIVE),
        ({"unlocked": [TRIGGERED]}, ["G"]),
        ({"face": TRIGGERED}, ["G"]),
        ({"unlocked": [TRIGGERED, GRANTING]}, FIVE),
        ({"unlocked": []}, ["G"]),
    ],
)
def test_a_room_grants_only_through_an_unlocked_door(
    client: TestClient, room: dict[str, Any], types: list[str]
) -> None:
    ruling = _forest_with(client, **room)
    assert ruling["answer"]["permanents"][0]["types"] == types


def test_one_board_spelled_several_ways_is_one_ruling(client: TestClient) -> None:
    one_door = {_forest_with(client, **r)["id"] for r in ({}, {"unlocked": [GRANTING]})}
    both = {
        _forest_with(client, **r)["id"]
        for r in (
            {"unlocked": [GRANTING, TRIGGERED]},
            {"unlocked": [TRIGGERED.upper(), GRANTING]},
            {"unlocked": [TRIGGERED, GRANTING], "face": TRIGGERED},
        )
    }
    assert len(one_door) == 1 and len(both) == 1 and one_door != both
    ruling = _forest_with(client, unlocked=[TRIGGERED, GRANTING])
    room = ruling["question"]["state"]["battlefield"][1]
    assert room["unlocked"] == [GRANTING, TRIGGERED] and room["face"] == 0


@pytest.mark.parametrize("unlocked", [[], [TRIGGERED], [GRANTING, TRIGGERED]])
def test_a_normalized_question_sent_again_is_the_same_question(
    client: TestClient, unlocked: list[str]
) -> None:
    first = _forest_with(client, unlocked=unlocked)
    again = client.post("/v1/mana/could-produce", json=first["question"])
    assert again.status_code == 200, again.text
    assert again.json()["id"] == first["id"]


def _mana_value(client: TestClient, **body: Any) -> Any:
    return client.post("/v1/spells/mana-value", json={"card": ROOM, "zone": "battlefield", **body})


@pytest.mark.parametrize(
    ("unlocked", "value", "named"),
    [([GRANTING], 3, GRANTING), ([TRIGGERED], 4, TRIGGERED), ([GRANTING, TRIGGERED], 7, ROOM)],
)
def test_a_room_permanents_mana_value_is_its_unlocked_doors(
    client: TestClient, unlocked: list[str], value: int, named: str
) -> None:
    r = _mana_value(client, unlocked=unlocked)
    assert r.status_code in (200, 201), r.text
    assert r.json()["answer"]["mana_value"] == value and r.json()["answer"]["face"] == named
    assert "709.5" in r.json()["citations"]


def test_a_room_with_every_door_locked_has_mana_value_zero(client: TestClient) -> None:
    r = _mana_value(client, unlocked=[])
    assert r.status_code in (200, 201), r.text
    assert r.json()["answer"]["mana_value"] == 0
    assert "no door is unlocked" in " ".join(s["text"] for s in r.json()["explanation"])
    library = client.post("/v1/spells/mana-value", json={"card": ROOM, "zone": "library"})
    assert library.json()["answer"]["mana_value"] == 7  # 709.4: both halves off the battlefield


def test_one_unlocked_door_is_the_question_of_that_face(client: TestClient) -> None:
    by_door = _mana_value(client, unlocked=[TRIGGERED]).json()
    by_face = _mana_value(client, face=TRIGGERED).json()
    assert by_door["id"] == by_face["id"]
    both = _mana_value(client, unlocked=[TRIGGERED, GRANTING]).json()
    assert both["question"]["unlocked"] == [GRANTING, TRIGGERED]
    assert "unlocked" not in _mana_value(client).json()["question"]


@pytest.mark.parametrize(
    ("room", "loc", "code"),
    [
        ({"unlocked": [GRANTING, GRANTING]}, ["unlocked", 1], "door_repeated"),
        ({"unlocked": ["Attic"]}, ["unlocked", 0], "no_such_face"),
        ({"unlocked": [GRANTING], "face": TRIGGERED}, ["unlocked"], "door_locked"),
        ({"unlocked": [], "copy_of": [ROOM]}, ["copy_of"], "unlocked_not_modelled"),
    ],
)
def test_doors_that_cant_be_read_are_422s(
    client: TestClient, room: dict[str, Any], loc: list[object], code: str
) -> None:
    body = {"state": state(perm("forest", "Forest"), perm("room", ROOM, **room))}
    r = client.post("/v1/mana/could-produce", json=body)
    assert_problem(r, ["body", "state", "battlefield", 1, *loc], code)


def test_only_a_room_has_doors(client: TestClient) -> None:
    body = {"state": state(perm("forest", "Forest", unlocked=[]))}
    r = client.post("/v1/mana/could-produce", json=body)
    assert_problem(r, ["body", "state", "battlefield", 0, "unlocked"], "not_a_room")
    r = client.post(
        "/v1/spells/mana-value", json={"card": "Forest", "zone": "battlefield", "unlocked": []}
    )
    assert_problem(r, ["body", "unlocked"], "not_a_room")
    r = _mana_value(client, zone="hand", unlocked=[GRANTING])
    assert_problem(r, ["body", "unlocked"], "unlocked_off_battlefield")
    r = _mana_value(client, face=TRIGGERED, unlocked=[GRANTING])
    assert_problem(r, ["body", "unlocked"], "door_locked")
    r = _mana_value(client, face="Attic", unlocked=[GRANTING])
    assert_problem(r, ["body", "face"], "no_such_face")
