"""Static abilities that work from a card in its owner's graveyard, through HTTP: they apply
for that player when the state's `players.<name>.graveyard` lists the card. The cards are
invented, imported with their own words."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from bench.cardfiles import Face, Invented
from tests.api.imported import client_of

ACT = "/v1/mana/activate"
CP = "/v1/mana/could-produce"

EMBER_SPIRIT = Invented(
    "normal",
    [
        Face(
            "Ember Spirit", "{3}{R}", ["Creature"], subtypes=["Incarnation"], colors=["R"],
            power="2", toughness="2",
            text="As long as Ember Spirit is in your graveyard and you control an Island, "
            "Elves you control have haste.",
        )
    ],
)  # fmt: skip
GROVE_GATE = Invented(
    "normal",
    [
        Face(
            "Grove Gate", "{1}", ["Artifact"],
            text='As long as Grove Gate is in your graveyard, lands you control have "{T}: '
            'Add {G} or {W}."',
        )
    ],
)  # fmt: skip
MOSS_ELF = Invented(
    "normal",
    [
        Face("Moss Elf", "{G}", ["Creature"], subtypes=["Elf"], colors=["G"], power="1",
             toughness="1", text="{T}: Add {G}.")
    ],
)  # fmt: skip


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with client_of([EMBER_SPIRIT, GROVE_GATE, MOSS_ELF], tmp_path_factory.mktemp("gy")) as c:
        yield c


def _state(battlefield: list[dict[str, Any]], graveyard: list[str]) -> dict[str, Any]:
    return {
        "turn": 5,
        "active_player": "alice",
        "battlefield": battlefield,
        "players": {"alice": {"graveyard": graveyard}},
    }


def test_haste_from_a_card_in_the_graveyard_while_its_owner_controls_a_mountain(
    client: TestClient,
) -> None:
    elf = {"id": "elf", "card": "Moss Elf", "controller": "alice",
           "controlled_since_turn_start": False}  # fmt: skip
    mountain = {"id": "m", "card": "Island", "controller": "alice"}

    def legal(battlefield: list[dict[str, Any]], graveyard: list[str]) -> bool:
        r = client.post(ACT, json={"state": _state(battlefield, graveyard), "permanent_id": "elf"})
        assert r.status_code == 201, r.text
        found: bool = r.json()["answer"]["legal"]
        return found

    assert legal([elf, mountain], ["Ember Spirit"]) is True
    assert legal([elf], ["Ember Spirit"]) is False  # 611.3a: no Island, no haste
    assert legal([elf, mountain], []) is False


def test_a_mana_ability_granted_from_the_graveyard(client: TestClient) -> None:
    field = {"id": "f", "card": "Wastes", "controller": "alice"}
    r = client.post(CP, json={"state": _state([field], ["Grove Gate"])})
    assert r.status_code == 201, r.text
    # Wastes' own printed {C}, and the {G} or {W} the card in the graveyard grants.
    assert r.json()["answer"]["permanents"][0]["types"] == ["W", "G", "C"]
    assert any("in its owner's graveyard" in s["text"] for s in r.json()["explanation"])
