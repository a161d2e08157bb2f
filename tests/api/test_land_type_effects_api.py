"""Land types that resolved effects set or add (305.6, 305.7, 613.1d) through HTTP: imported
cards whose triggers and activations change target lands for however long they last, or while
the land keeps a counter they put on it. The state's `effects` entries name each target.
Invented cards, our sentences."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from bench.cardfiles import Face, Invented
from tests.api.helpers import perm, state
from tests.api.imported import client_of
from tests.api.test_compiled_cards_api import ruling

CP = "/v1/mana/could-produce"

CARDS = [
    Invented("normal", [Face("Bogborn Colossus", "{5}{B}", ["Creature"], subtypes=["Giant"],
                             colors=["B"], power="5", toughness="5",
                             text="When Bogborn Colossus dies, two target lands become Swamps.")]),
    Invented("normal", [Face("Thornveil Warden", "{4}{G}", ["Creature"], subtypes=["Elf"],
                             colors=["G"], power="3", toughness="3",
                             text="{T}: Target land becomes a Forest until Thornveil Warden "
                                  "leaves the battlefield.")]),
    Invented("normal", [Face("Tidewrit Decree", "{1}{U}", ["Sorcery"], colors=["U"],
                             text="Put a tide counter on target land. That land is an Island in "
                                  "addition to its other types for as long as it has a tide "
                                  "counter on it.")]),
]  # fmt: skip


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with client_of(CARDS, tmp_path_factory.mktemp("land-type-effects")) as c:
        yield c


def _types(found: dict[str, Any]) -> dict[str, list[str]]:
    return {p["id"]: p["types"] for p in found["answer"]["permanents"]}


def test_the_cards_compile_in_full(client: TestClient) -> None:
    for card in CARDS:
        name = card.faces[0].name
        assert client.get(f"/v1/cards/{name}").json()["support"] == "full", name


def test_a_dying_trigger_makes_each_of_its_targets_a_swamp(client: TestClient) -> None:
    # 305.7: one entry per target; the land it didn't target keeps its own type.
    lands = [perm(f"f{i}", "Forest") for i in range(3)]
    effects = [
        {"id": f"e{i}", "card": "Bogborn Colossus", "controller": "bob", "target": f"f{i}"}
        for i in range(2)
    ]
    found = ruling(client, CP, {"state": state(*lands, effects=effects)})
    assert _types(found) == {"f0": ["B"], "f1": ["B"], "f2": ["G"]}
    assert "305.7" in found["citations"]


def test_an_effect_lasting_while_its_source_stays_is_sent_while_it_does(
    client: TestClient,
) -> None:
    warden = perm("w", "Thornveil Warden")
    island = perm("i", "Island", controller="bob")
    entry = {"id": "e", "card": "Thornveil Warden", "controller": "alice", "target": "i"}
    assert _types(ruling(client, CP, {"state": state(warden, island, effects=[entry])}))["i"] == [
        "G"
    ]
    # Once the Warden has left, the client no longer sends the entry: the Island is itself.
    assert _types(ruling(client, CP, {"state": state(island)}))["i"] == ["U"]


def test_a_land_type_lasts_while_the_land_keeps_the_counter(client: TestClient) -> None:
    entry = {"id": "e", "card": "Tidewrit Decree", "controller": "alice", "target": "m"}
    with_counter = perm("m", "Mountain", counters={"tide": 1})
    found = ruling(client, CP, {"state": state(with_counter, effects=[entry])})
    assert _types(found)["m"] == ["U", "R"]  # 305.6: an Island too, keeping its own mana
    removed = perm("m", "Mountain")
    assert _types(ruling(client, CP, {"state": state(removed, effects=[entry])}))["m"] == ["R"]
