"""Imported Auras and Equipment that say what their permanent is (app/catalog/compile/
attached.py), through HTTP: the card file is imported and compiled, then could-produce and
activate answer on what the clauses made of the permanent. Invented cards, our sentences."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from bench.cardfiles import Face, Invented
from tests.api.helpers import perm, state
from tests.api.imported import client_of

CP = "/v1/mana/could-produce"
ACT = "/v1/mana/activate"

CARDS = [
    Invented("normal", [Face("Rouse the Forge", "{1}{U}", ["Enchantment"], subtypes=["Aura"],
                             colors=["U"],
                             text="Enchant artifact\nEnchanted artifact is a creature with base "
                                  "power and toughness 3/3 in addition to its other types.")]),
    Invented("normal", [Face("Verdant Refrain", "{3}{G}", ["Enchantment"], subtypes=["Aura"],
                             colors=["G"],
                             text="Enchant permanent\nEnchanted permanent is a colorless "
                                  "Forest land.")]),
    Invented("normal", [Face("Pond Curse", "{U}", ["Enchantment"], subtypes=["Aura"],
                             colors=["U"],
                             text="Enchant creature\nEnchanted creature loses all abilities "
                                  "and is a blue Frog creature with base power and toughness "
                                  "1/1.")]),
    Invented("normal", [Face("Racing Spurs", "{1}", ["Artifact"], subtypes=["Equipment"],
                             text="Equipped creature gets +1/+0, has haste and ward {1}, and "
                                  "is a Knight in addition to its other types.\nEquip {1}")]),
    Invented("normal", [Face("Brass Pebble", "{1}", ["Artifact"], text="{T}: Add {C}{C}.")]),
    Invented("normal", [Face("Thicket Tender", "{G}", ["Creature"], subtypes=["Elf"],
                             colors=["G"], power="1", toughness="1", text="{T}: Add {G}.")]),
]  # fmt: skip


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with client_of(CARDS, tmp_path_factory.mktemp("attached-import")) as c:
        yield c


def _answer(client: TestClient, url: str, body: dict[str, Any]) -> dict[str, Any]:
    r = client.post(url, json=body)
    assert r.status_code in (200, 201), r.text
    result: dict[str, Any] = r.json()
    return result


def _types(client: TestClient, board: dict[str, Any]) -> dict[str, list[str]]:
    ruling = _answer(client, CP, {"state": board})
    assert ruling["caveats"] == []  # every clause was read (power and toughness are the state's)
    return {p["id"]: p["types"] for p in ruling["answer"]["permanents"]}


def test_every_aura_and_equipment_compiles_whole(client: TestClient) -> None:
    for name in ("Rouse the Forge", "Verdant Refrain", "Pond Curse", "Racing Spurs"):
        card = client.get(f"/v1/cards/{name}").json()
        assert (card["support"], card["unsupported_text"]) == ("full", []), name


def test_a_rock_made_a_creature_can_not_tap_the_turn_it_arrived(client: TestClient) -> None:
    # 205.1b, 302.6: a creature now, arrived this turn.
    board = state(
        perm("rock", "Brass Pebble", controlled_since_turn_start=False),
        perm("aura", "Rouse the Forge", attached_to="rock"),
    )
    answer = _answer(client, ACT, {"state": board, "permanent_id": "rock"})["answer"]
    assert answer["legal"] is False
    assert answer["reasons"][0]["rules"] == ["302.6"]


def test_a_permanent_made_a_forest_land_makes_green_only(client: TestClient) -> None:
    # 205.1a, 305.7, 305.6: a Forest land with no other mana ability.
    board = state(perm("rock", "Brass Pebble"), perm("aura", "Verdant Refrain", attached_to="rock"))
    assert _types(client, board)["rock"] == ["G"]
    answer = _answer(client, ACT, {"state": board, "permanent_id": "rock"})
    assert answer["answer"]["total"] == "{G}"
    assert {"205.1a", "305.7"} <= set(answer["citations"])


def test_a_frog_makes_nothing_and_equipment_haste_lets_an_elf_tap(client: TestClient) -> None:
    # 613.1f: the Frog has no abilities; 702.10: haste from the Equipment beats 302.6.
    frog = state(perm("elf", "Thicket Tender"), perm("aura", "Pond Curse", attached_to="elf"))
    assert _types(client, frog)["elf"] == []
    hasty = state(
        perm("elf", "Thicket Tender", controlled_since_turn_start=False),
        perm("spurs", "Racing Spurs", attached_to="elf"),
    )
    answer = _answer(client, ACT, {"state": hasty, "permanent_id": "elf"})["answer"]
    assert (answer["legal"], answer["total"]) == (True, "{G}")
