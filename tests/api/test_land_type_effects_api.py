"""Land types that resolved effects set or add (305.6, 305.7, 613.1d) through HTTP: imported
cards whose triggers and activations change target lands for however long they last, or while
the land keeps a counter they put on it (the state's `effects` entries name each target); and
permanents that lose their land types and abilities but the mana abilities the same effect
gives them (613.1f), from an Aura, a static ability that reads a chosen name (201.3), or a
resolved effect. Invented cards, our sentences."""

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
    Invented("normal", [Face("Bogborn Colossus", "{5}{B}", ["Creature"], subtypes=["Giant"],
                             colors=["B"], power="5", toughness="5",
                             text="When Bogborn Colossus dies, two target lands become Swamps.")]),
    Invented("normal", [Face("Thornveil Warden", "{4}{G}", ["Creature"], subtypes=["Elf"],
                             colors=["G"], power="3", toughness="3",
                             text="{T}: Target land becomes a Forest until Thornveil Warden "
                                  "leaves the battlefield.")]),
    Invented("normal", [Face("Tidewrit Decree", "{1}{U}", ["Sorcery"], colors=["U"],
                             text="Put a tide counter on target land. That land is a Swamp in "
                                  "addition to its other types for as long as it has a tide "
                                  "counter on it.")]),
    Invented("normal", [Face("Ashen Tether", "{2}{B}", ["Enchantment"], subtypes=["Aura"],
                             colors=["B"],
                             text="Enchant land\nEnchanted land loses all land types and "
                                  "abilities and has \"{T}: Add {B}\" and \"{T}, Pay 2 life: "
                                  "Add {R}{R}.\"")]),
    Invented("normal", [Face("Verdant Coffer", None, ["Land"],
                             text="{T}: Add {G} for each Forest you control.")]),
    Invented("normal", [Face("Frostmoon Sigil", "{R}", ["Enchantment"], colors=["R"],
                             text="As Frostmoon Sigil enters, choose a nonbasic land card "
                                  "name.\nLands an opponent controls with the chosen name "
                                  "lose all land types and abilities, and they gain \"{T}: Add "
                                  "{U}.\"")]),
    Invented("normal", [Face("Thicket Tender", "{G}", ["Creature"], subtypes=["Elf"],
                             colors=["G"], power="1", toughness="1", text="{T}: Add {G}.")]),
    Invented("normal", [Face("Gilded Cage", "{1}{U}", ["Enchantment"], subtypes=["Aura"],
                             colors=["U"],
                             text="Enchant nonland permanent\nEnchanted permanent is a Trinket "
                                  "artifact with \"{T}, Sacrifice Gilded Cage: Add {C}{C},\" and "
                                  "it loses all other abilities.")]),
    Invented("normal", [Face("Blightwing Reaper", "{4}{B}", ["Creature"], subtypes=["Bird"],
                             colors=["B"], power="3", toughness="3",
                             text="Whenever Blightwing Reaper attacks, put a rot counter on "
                                  "target land. For as long as that land has a rot counter on "
                                  "it, it loses all land types and abilities and has \"{T}: Add "
                                  "{B}.\"")]),
    Invented("normal", [Face("Thornwright, Hedge Tamer", "{1}{G}{U}", ["Planeswalker"],
                             subtypes=["Thornwright"], supertypes=["Legendary"], colors=["G", "U"],
                             loyalty="4",
                             text="[+2]: Target noncreature artifact loses all abilities and "
                                  "becomes a blue Toad creature with base power and toughness "
                                  "2/2.\n[\u22122]: Draw a card.")]),
    Invented("normal", [Face("Copper Idol", "{1}", ["Artifact"], text="{T}: Add {C}.")]),
    Invented("normal", [Face("Newtcurse", "{U}", ["Instant"], colors=["U"],
                             text="Until end of turn, target creature loses all abilities and "
                                  "becomes a blue Newt with base power and toughness 0/2.")]),
    Invented("normal", [Face("Tidal Disguise", "{1}{U}", ["Instant"], colors=["U"],
                             text="Until end of turn, target creature becomes a blue Eel with "
                                  "base power and toughness 2/5.")]),
    Invented("normal", [Face("Elfhaven Glade", None, ["Land"],
                             text="{T}: Add {G} for each Elf you control.")]),
    Invented("normal", [Face("Grove of Plenty", None, ["Land"],
                             text="{T}: Add {G} for each creature you control.")]),
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
    assert _types(found)["m"] == ["B", "R"]  # 305.6: a Swamp too, keeping its own mana
    removed = perm("m", "Mountain")
    assert _types(ruling(client, CP, {"state": state(removed, effects=[entry])}))["m"] == ["R"]


def test_a_land_that_loses_its_types_taps_only_for_what_it_was_given(client: TestClient) -> None:
    # 613.1f: the Forest's own {G} is gone with its type (305.6); the Aura's two grants stay.
    forest = perm("f", "Forest")
    tether = perm("a", "Ashen Tether", attached_to="f")
    found = ruling(client, CP, {"state": state(forest, tether)})
    assert _types(found)["f"] == ["B", "R"]
    assert "613.1f" in found["citations"]
    # It is no Forest any more (no basic land type is set, so nothing else goes: 305.7).
    coffer = perm("c", "Verdant Coffer")
    other = perm("g", "Forest")
    with_aura = ruling(client, ACT, {"state": state(forest, other, coffer, tether),
                                     "permanent_id": "c"})  # fmt: skip
    without = ruling(client, ACT, {"state": state(forest, other, coffer), "permanent_id": "c"})
    assert (with_aura["answer"]["total"], without["answer"]["total"]) == ("{G}", "{G}{G}")


def test_lands_with_the_chosen_name_lose_all_but_what_they_gain(client: TestClient) -> None:
    # 201.3: only bob's lands named as chosen; alice's own one and bob's Forest are themselves.
    sigil = perm("s", "Frostmoon Sigil", chosen_name="verdant coffer")
    theirs = perm("c1", "Verdant Coffer", controller="bob")
    mine = perm("c2", "Verdant Coffer")
    forest = perm("f", "Forest", controller="bob")
    own_forest = perm("g", "Forest")
    found = ruling(client, CP, {"state": state(sigil, theirs, mine, forest, own_forest)})
    assert _types(found) == {"s": [], "c1": ["U"], "c2": ["G"], "f": ["G"], "g": ["G"]}
    unnamed = perm("s", "Frostmoon Sigil")
    r = client.post(CP, json={"state": state(unnamed, theirs)})
    assert_problem(r, ["body", "state", "battlefield", 0, "chosen_name"], "chosen_name_required")
    # With no permanent that has a nonbasic land card's name, whatever name was chosen changes
    # nothing here: the name isn't asked for (201.3: a basic Forest's name is no such name).
    found = ruling(client, CP, {"state": state(unnamed, forest, own_forest)})
    assert _types(found) == {"s": [], "f": ["G"], "g": ["G"]}
    act = ruling(client, ACT, {"state": state(unnamed, forest), "permanent_id": "f"})
    assert act["answer"]["total"] == "{G}"


def test_an_enchanted_creature_made_an_artifact_is_no_longer_summoning_sick(
    client: TestClient,
) -> None:
    # 205.1a: "is a ... artifact" alone leaves it no creature, so 302.6 no longer applies; its
    # own {T}: Add {G} is gone, the Aura's Treasure-like ability is what it has.
    tender = perm("t", "Thicket Tender", controlled_since_turn_start=False)
    cage = perm("a", "Gilded Cage", attached_to="t")
    act = ruling(client, ACT, {"state": state(tender, cage), "permanent_id": "t"})
    assert act["answer"]["legal"] is True
    assert _types(ruling(client, CP, {"state": state(tender, cage)}))["t"] == ["C"]


def test_a_land_loses_its_types_while_it_keeps_the_counter(client: TestClient) -> None:
    entry = {"id": "e", "card": "Blightwing Reaper", "controller": "bob", "target": "i"}
    rotting = perm("i", "Island", counters={"rot": 1})
    assert _types(ruling(client, CP, {"state": state(rotting, effects=[entry])}))["i"] == ["B"]
    clean = perm("i", "Island")
    assert _types(ruling(client, CP, {"state": state(clean, effects=[entry])}))["i"] == ["U"]


def test_a_mana_rock_that_loses_all_abilities_and_becomes_a_creature(client: TestClient) -> None:
    # 613.1f: its {T}: Add {C} is gone; 205.1a: it is a creature now, so bob's Grove counts it.
    idol = perm("i", "Copper Idol", controller="bob")
    grove = perm("g", "Grove of Plenty", controller="bob")
    entry = {"id": "e", "card": "Thornwright, Hedge Tamer", "controller": "alice", "target": "i"}
    found = ruling(client, CP, {"state": state(idol, grove, effects=[entry])})
    assert _types(found) == {"i": [], "g": ["G"]}
    act = ruling(client, ACT, {"state": state(idol, grove, effects=[entry]), "permanent_id": "g"})
    assert act["answer"]["total"] == "{G}"
    before = ruling(client, CP, {"state": state(idol, grove)})
    assert _types(before) == {"i": ["C"], "g": []}


def test_a_creature_turned_into_a_newt_has_no_mana_ability_and_is_no_elf(
    client: TestClient,
) -> None:
    # 613.1f: its {T}: Add {G} is gone; 205.1a: its creature types are Newt only, so the
    # Glade counts no Elf; it is still a creature.
    tender = perm("t", "Thicket Tender", controlled_since_turn_start=True)
    glade = perm("g", "Elfhaven Glade")
    before = ruling(client, CP, {"state": state(tender, glade)})
    assert _types(before) == {"t": ["G"], "g": ["G"]}
    cursed = {"id": "e", "card": "Newtcurse", "controller": "bob", "target": "t"}
    assert _types(ruling(client, CP, {"state": state(tender, glade, effects=[cursed])})) == {
        "t": [],
        "g": [],
    }
    # Made an Eel alone, it keeps its ability but is no Elf either.
    eel = {"id": "e", "card": "Tidal Disguise", "controller": "bob", "target": "t"}
    assert _types(ruling(client, CP, {"state": state(tender, glade, effects=[eel])})) == {
        "t": ["G"],
        "g": [],
    }
