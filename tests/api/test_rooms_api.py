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


LEGEND = "Throne Hall // Crown Vault"  # a legendary Room, none printed yet


def _door(name: str, cost: str, text: str, *supertypes: str) -> Face:
    return Face(name, cost, ["Enchantment"], list(supertypes), ["Room"], ["G"], text=text)


def _room() -> Invented:
    return Invented(
        "split",
        [
            _door(GRANTING, "{2}{G}", 'Lands you control have "{T}: Add one mana of any color."'),
            _door(TRIGGERED, "{3}{G}", "When you unlock this door, you gain 3 life."),
        ],
    )


def _legendary_room() -> Invented:
    gain = "When you unlock this door, you gain 2 life."
    return Invented(
        "split",
        [_door("Throne Hall", "{1}{G}", gain, "Legendary"),
         _door("Crown Vault", "{2}{G}", gain, "Legendary")],
    )  # fmt: skip


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with client_of([_room(), _legendary_room()], tmp_path_factory.mktemp("rooms")) as c:
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
        ({"unlocked": [], "prototyped": True}, ["prototyped"], "unlocked_not_modelled"),
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
    r = _mana_value(client, face=ROOM)  # which doors, unsaid: not guessed
    assert_problem(r, ["body", "unlocked"], "unlocked_required")


def _copy_beside(client: TestClient, **copy: Any) -> Any:
    # A Forest and a permanent that became a copy of the Room (707.2): which doors the copy has
    # unlocked is no copiable value, so the state says it.
    copier = {"id": "copy", "card": "Plains", "controller": "alice", "copy_of": [ROOM],
              "entered_as_copy": False, **copy}  # fmt: skip
    body = {"state": state(perm("forest", "Forest"), copier), "permanent_id": "forest"}
    return client.post("/v1/mana/could-produce", json=body)


@pytest.mark.parametrize(
    ("copy", "types"),
    [
        ({"unlocked": [GRANTING]}, FIVE),
        ({"unlocked": [TRIGGERED]}, ["G"]),
        ({"copy_of": [TRIGGERED]}, ["G"]),
        ({"unlocked": []}, ["G"]),
        ({"unlocked": [TRIGGERED, GRANTING]}, FIVE),
    ],
)
def test_a_copy_of_a_room_has_the_doors_the_state_gives_it(
    client: TestClient, copy: dict[str, Any], types: list[str]
) -> None:
    r = _copy_beside(client, **copy)
    assert r.status_code in (200, 201), r.text
    assert r.json()["answer"]["permanents"][0]["types"] == types


def test_a_copy_of_a_room_must_say_its_doors(client: TestClient) -> None:
    r = _copy_beside(client)
    assert_problem(r, ["body", "state", "battlefield", 1, "unlocked"], "unlocked_required")
    one = _copy_beside(client, unlocked=[TRIGGERED]).json()
    assert one["id"] == _copy_beside(client, copy_of=[TRIGGERED]).json()["id"]
    assert one["question"]["state"]["battlefield"][1]["copy_of"] == [TRIGGERED]
    r = _copy_beside(client, copy_of=["Forest"], unlocked=[])
    assert_problem(r, ["body", "state", "battlefield", 1, "unlocked"], "not_a_room")


def _legends(client: TestClient, *doors: list[str]) -> Any:
    rooms = [perm(f"r{i}", LEGEND, unlocked=d) for i, d in enumerate(doors)]
    return client.post("/v1/mana/could-produce", json={"state": state(*rooms)})


def test_the_legend_rule_reads_a_room_s_unlocked_names(client: TestClient) -> None:
    # 201.2a: one name in common is the same name; a Room with no door unlocked has none.
    for legal in ([[], []], [["Throne Hall"], ["Crown Vault"]], [[], ["Throne Hall"]]):
        r = _legends(client, *legal)
        assert r.status_code in (200, 201), (legal, r.text)
    for illegal in ([["Throne Hall", "Crown Vault"], ["Throne Hall"]], [["Crown Vault"]] * 2):
        r = _legends(client, *illegal)
        assert_problem(r, ["body", "state", "battlefield", 1], "inconsistent_state")


def test_a_room_named_whole_by_face_is_no_door(client: TestClient) -> None:
    r = _forest_with(client, face=ROOM.replace(" // ", "/"), unlocked=[TRIGGERED])
    assert r["answer"]["permanents"][0]["types"] == ["G"]
    r = client.post(
        "/v1/spells/mana-value",
        json={"card": ROOM.replace(" // ", "/"), "zone": "battlefield", "unlocked": [TRIGGERED]},
    )
    assert r.status_code in (200, 201), r.text
    assert r.json()["answer"]["mana_value"] == 4


def _legend_copies(client: TestClient, *doors: list[str]) -> Any:
    copies = [
        {"id": f"c{i}", "card": "Plains", "controller": "alice", "copy_of": [LEGEND],
         "entered_as_copy": False, "unlocked": d}
        for i, d in enumerate(doors)
    ]  # fmt: skip
    return client.post("/v1/mana/could-produce", json={"state": state(*copies)})


def test_the_legend_rule_reads_a_copied_room_s_names(client: TestClient) -> None:
    # A copy has the names of the copied Room's doors it has unlocked (707.2, 709.5, 201.2a).
    for legal in ([[], []], [["Throne Hall"], ["Crown Vault"]]):
        r = _legend_copies(client, *legal)
        assert r.status_code in (200, 201), (legal, r.text)
    r = _legend_copies(client, ["Throne Hall", "Crown Vault"], ["Crown Vault"])
    assert_problem(r, ["body", "state", "battlefield", 1], "inconsistent_state")


def test_a_door_a_copy_names_must_be_unlocked(client: TestClient) -> None:
    r = _copy_beside(client, copy_of=[TRIGGERED], unlocked=[GRANTING])
    assert_problem(r, ["body", "state", "battlefield", 1, "unlocked"], "door_locked")
