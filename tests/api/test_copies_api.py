"""Copies through HTTP (707.2, 613.1a): imported cards that may enter as a copy, or become one,
compiled from our templated sentences; the state's `copy_of` names what each copied, and
could-produce and activate answer on the copy. Invented cards, our sentences."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from bench.cardfiles import Face, Invented
from tests.api.helpers import assert_problem, perm, state
from tests.api.imported import client_of
from tests.api.test_compiled_cards_api import ruling

CP = "/v1/mana/could-produce"
ACT = "/v1/mana/activate"

CARDS = [
    Invented("normal", [Face("Mirrorwell Vale", None, ["Land"],
                             text="You may have Mirrorwell Vale enter tapped as a copy of a land "
                                  "on the battlefield.")]),
    Invented("normal", [Face("Grove of Plenty", None, ["Land"], supertypes=["Legendary"],
                             text="{T}: Add {G} for each creature you control.")]),
    Invented("normal", [Face("Murkglass Mimic", "{3}{U}", ["Creature"], subtypes=["Shapeshifter"],
                             colors=["U"], power="0", toughness="0",
                             text="You may have Murkglass Mimic enter as a copy of a creature "
                                  "on the battlefield, except it has haste.")]),
    Invented("normal", [Face("Thicket Tender", "{G}", ["Creature"], subtypes=["Elf"],
                             colors=["G"], power="1", toughness="1", text="{T}: Add {G}.")]),
    Invented("normal", [Face("Crimson Eclipse", "{2}{R}", ["Enchantment"], colors=["R"],
                             text="Nonbasic lands are Mountains.")]),
    Invented("normal", [Face("Glass Reveler", "{2}{R}{R}", ["Creature"], subtypes=["Goblin"],
                             colors=["R"], power="2", toughness="2",
                             text="{T}: Create a token that's a copy of target creature you "
                                  "control, except it has haste. That token can't block this "
                                  "turn.")]),
    Invented("normal", [Face("Murky Totem", "{2}", ["Artifact", "Creature"], power="1",
                             toughness="1",
                             text="{T}: Add {B}.\n{T}: Add {G} for each Elf you control with "
                                  "flying.")]),
    Invented("normal", [Face("Twin Blaze", "{2}{R}", ["Sorcery"], colors=["R"],
                             text="Create a token that's a copy of target nontoken creature "
                                  "you control, except it has haste.")]),
]  # fmt: skip


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with client_of(CARDS, tmp_path_factory.mktemp("copies-import")) as c:
        yield c


def _tenders(n: int) -> list[dict[str, Any]]:
    return [perm(f"t{i}", "Thicket Tender") for i in range(n)]


def test_the_copiers_compile_in_full(client: TestClient) -> None:
    for name, by in (("Mirrorwell Vale", "entering"), ("Murkglass Mimic", "entering")):
        card = client.get(f"/v1/cards/{name}").json()
        assert card["support"] == "full", card
        assert [a["by"] for a in card["abilities"] if a["kind"] == "copy_effect"] == [by]


def test_a_land_copy_taps_for_what_it_copied(client: TestClient) -> None:
    # 707.2: a copy of Grove of Plenty has its {G} per creature; the name is spelled any way.
    vale = perm("vale", "Mirrorwell Vale", copy_of=["grove of plenty"])
    board = state(vale, *_tenders(2))
    found = ruling(client, CP, {"state": board})
    assert found["caveats"] == []
    assert {p["id"]: p["types"] for p in found["answer"]["permanents"]}["vale"] == ["G"]
    assert found["question"]["state"]["battlefield"][0]["copy_of"] == ["Grove of Plenty"]
    act = ruling(client, ACT, {"state": board, "permanent_id": "vale"})
    assert (act["answer"]["legal"], act["answer"]["total"]) == (True, "{G}{G}")
    layer1 = next(s for s in act["explanation"] if "613.1a" in s["rules"])
    assert layer1["text"].startswith("Mirrorwell Vale (vale) is a copy of Grove of Plenty")
    assert "707.2" in act["citations"]


def test_what_it_copied_is_never_guessed(client: TestClient) -> None:
    # 614.1c: the choice made as it entered; [] says it entered as itself (and makes nothing).
    r = client.post(CP, json={"state": state(perm("vale", "Mirrorwell Vale"))})
    assert_problem(r, ["body", "state", "battlefield", 0, "copy_of"], "copy_of_required")
    itself = perm("vale", "Mirrorwell Vale", copy_of=[])
    found = ruling(client, CP, {"state": state(itself)})
    assert found["answer"]["permanents"] == [{"id": "vale", "name": "Mirrorwell Vale", "types": []}]
    r = client.post(CP, json={"state": state(perm("vale", "Mirrorwell Vale", copy_of=["Nope"]))})
    assert_problem(r, ["body", "state", "battlefield", 0, "copy_of", 0], "unknown_card")


def test_later_layers_apply_to_the_copy(client: TestClient) -> None:
    # 613.1a before 305.7: the copy is a nonbasic land, so a Mountain under Crimson Eclipse.
    vale = perm("vale", "Mirrorwell Vale", copy_of=["Grove of Plenty"])
    found = ruling(client, CP, {"state": state(vale, perm("e", "Crimson Eclipse"))})
    assert {p["id"]: p["types"] for p in found["answer"]["permanents"]}["vale"] == ["R"]


def test_a_creature_copy_with_haste_taps_the_turn_it_arrived(client: TestClient) -> None:
    # 302.6 and 707.9: a copy of Thicket Tender is a creature; its copy effect gives it haste.
    mimic = perm(
        "m", "Murkglass Mimic", copy_of=["Thicket Tender"], controlled_since_turn_start=False
    )
    act = ruling(client, ACT, {"state": state(mimic), "permanent_id": "m"})
    assert (act["answer"]["legal"], act["answer"]["total"]) == (True, "{G}")
    layer1 = next(s for s in act["explanation"] if "613.1a" in s["rules"])
    assert "with the exceptions its own copy effect names: it has haste" in layer1["text"]
    # A copy made by something else has no haste: it can't tap yet.
    tender = perm("t", "Thicket Tender", copy_of=["Thicket Tender"])
    fresh = {**tender, "controlled_since_turn_start": False}
    act = ruling(client, ACT, {"state": state(fresh), "permanent_id": "t"})
    assert act["answer"]["legal"] is False


def test_token_copies_have_the_haste_of_the_card_that_made_them(client: TestClient) -> None:
    # 707.9a, 302.6: a token copy of Thicket Tender made by Glass Reveler's ability (or by Twin
    # Blaze, a sorcery) has haste, so it taps the turn it was made.
    for maker in ("Glass Reveler", "Twin Blaze"):
        token = perm(
            "tok", maker, token=True, copy_of=["Thicket Tender"], controlled_since_turn_start=False
        )
        act = ruling(client, ACT, {"state": state(token), "permanent_id": "tok"})
        assert (act["answer"]["legal"], act["answer"]["total"]) == (True, "{G}"), maker
        assert act["caveats"] == []
    # Glass Reveler itself, no token and no copy, is a Goblin with no mana ability.
    found = ruling(client, CP, {"state": state(perm("g", "Glass Reveler"))})
    assert found["answer"]["permanents"][0]["types"] == []


def test_a_copy_answers_with_the_caveats_of_what_it_copied(client: TestClient) -> None:
    # 108.1: the copied card's text the compiler didn't understand is the copy's too.
    mimic = perm("m", "Murkglass Mimic", copy_of=["Murky Totem"])
    found = ruling(client, CP, {"state": state(mimic)})
    assert found["answer"]["permanents"][0]["types"] == ["B"]
    assert [(c["card"], c["code"]) for c in found["caveats"]] == [
        ("Murky Totem", "unsupported_text")
    ]
