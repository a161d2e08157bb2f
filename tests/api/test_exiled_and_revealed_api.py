"""The cards exiled with a permanent (`exiled`, 406.6, 607.2a) and cards revealed from the
hand (701.16, the activate question's `x`) through HTTP: catalog names in any spelling, a
problem naming the field when they're missing or unknown. Invented cards, our text."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.api.helpers import assert_problem, state
from tests.api.test_compiled_cards_api import ACT, CP, definition, inline, ruling

KEEPSAKE = definition(
    "Gilded Keepsake",
    "When this artifact enters, you may exile a nonland card from your hand.\n"
    "{1}, {T}: Add one mana of any of the exiled card's colors.",
    ["Artifact"],
    "{0}",
)
SMITH = definition(
    "Cogwright Apprentice",
    "{T}: Reveal any number of artifact cards from your hand. Add {C}{C}{C} for each card "
    "revealed this way.",
    ["Artifact", "Creature"],
    "{3}",
)


def test_the_exiled_card_gives_its_colors(sqlite_client: TestClient) -> None:
    assert KEEPSAKE["support"] == "full" and SMITH["support"] == "full"
    s = state(inline("mox", KEEPSAKE, exiled=["fire // ice"]))
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "mox", "choose": "U"})
    assert (r["answer"]["legal"], r["answer"]["total"]) == (True, "{U}")
    # Normalized to the catalog's spelling: the question records the card as the catalog has it.
    assert r["question"]["state"]["battlefield"][0]["exiled"] == ["Fire // Ice"]
    cp = ruling(sqlite_client, CP, {"state": s})
    assert cp["answer"]["permanents"][0]["types"] == ["U", "R"]


def test_a_colorless_exiled_card_makes_no_mana(sqlite_client: TestClient) -> None:
    s = state(inline("mox", KEEPSAKE, exiled=["Memnite"]))
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "mox"})
    assert (r["answer"]["legal"], r["answer"]["made_mana"]) == (True, False)
    assert "106.5" in {rule for step in r["explanation"] for rule in step["rules"]}


def test_missing_or_unknown_exiled_cards_are_problems(sqlite_client: TestClient) -> None:
    r = sqlite_client.post(
        ACT, json={"state": state(inline("mox", KEEPSAKE)), "permanent_id": "mox"}
    )
    assert_problem(r, ["body", "state", "battlefield", 0, "exiled"], "exiled_required")
    s = state(inline("mox", KEEPSAKE, exiled=["Lightning Bolt", "Zzyzx Nonesuch"]))
    r = sqlite_client.post(ACT, json={"state": s, "permanent_id": "mox"})
    assert_problem(r, ["body", "state", "battlefield", 0, "exiled", 1], "unknown_card")


def test_cards_revealed_from_the_hand_are_the_x(sqlite_client: TestClient) -> None:
    s = state(inline("smith", SMITH))
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "smith", "x": 2})
    assert (r["answer"]["legal"], r["answer"]["total"]) == (True, "{C}" * 6)
    assert "701.16" in {rule for step in r["explanation"] for rule in step["rules"]}
    r = sqlite_client.post(ACT, json={"state": s, "permanent_id": "smith"})
    assert_problem(r, ["body", "x"], "x_required")


WAYSTONE = definition(
    "Mossgrown Waystone",
    "As this land enters, choose a land card name.\n"
    'Lands with the chosen name have "{T}: Add {C}."',
    ["Land"],
    None,
)
GROVE = definition(
    "Kinroot Grove",
    "As this land enters, choose a creature type.\n"
    "{3}, {T}: Choose a color. Add an amount of mana of that color equal to the number of "
    "other creatures you control of the chosen type.",
    ["Land"],
    None,
)


def test_the_chosen_name_and_the_chosen_type(sqlite_client: TestClient) -> None:
    assert WAYSTONE["support"] == "full" and GROVE["support"] == "full"
    s = state(
        inline("stone", WAYSTONE, chosen_name="FOREST"),
        {"id": "f", "card": "Forest", "controller": "alice"},
    )
    cp = ruling(sqlite_client, CP, {"state": s, "permanent_id": "f"})
    assert cp["answer"]["permanents"][0]["types"] == ["G", "C"]
    assert cp["question"]["state"]["battlefield"][0]["chosen_name"] == "Forest"
    elves = state(
        inline("grove", GROVE, chosen_type="Elf"),
        {"id": "e", "card": "Llanowar Elves", "controller": "alice"},
    )
    a = ruling(sqlite_client, ACT, {"state": elves, "permanent_id": "grove", "choose": "B"})
    assert (a["answer"]["legal"], a["answer"]["total"]) == (True, "{B}")


def test_a_missing_chosen_name_or_type_is_a_problem(sqlite_client: TestClient) -> None:
    s = state(inline("stone", WAYSTONE), {"id": "f", "card": "Forest", "controller": "alice"})
    r = sqlite_client.post(CP, json={"state": s})
    assert_problem(r, ["body", "state", "battlefield", 0, "chosen_name"], "chosen_name_required")
    g = state(inline("grove", GROVE))
    r = sqlite_client.post(ACT, json={"state": g, "permanent_id": "grove", "choose": "B"})
    assert_problem(r, ["body", "state", "battlefield", 0, "chosen_type"], "chosen_type_required")


PRISM = definition(
    "Echoing Prism",
    "When this artifact enters, you may exile target land you control.\n"
    "Whenever a land with the same name as the exiled card is tapped for mana, its controller "
    "adds one mana of any type that permanent produced.",
    ["Artifact"],
    "{3}",
)


def test_a_land_named_like_the_exiled_card_triggers(sqlite_client: TestClient) -> None:
    assert PRISM["support"] == "full"
    s = state(
        inline("prism", PRISM, exiled=["island"]),
        {"id": "i", "card": "Island", "controller": "bob"},
        {"id": "f", "card": "Forest", "controller": "bob"},
    )
    a = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "i"})["answer"]
    assert (a["total"], [t["source_id"] for t in a["triggered"]]) == ("{U}{U}", ["prism"])
    f = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "f"})["answer"]
    assert (f["total"], f["triggered"]) == ("{G}", [])


SEER = definition(
    "Rootsight Seer",
    "As long as the top card of your library is a land card, this creature has "
    '"{T}: Add two mana of any one color."',
    ["Creature"],
    "{1}{G}",
)


def test_the_top_card_of_the_library_decides(sqlite_client: TestClient) -> None:
    assert SEER["support"] == "full"
    land = state(inline("seer", SEER, library_top="forest"))
    r = ruling(sqlite_client, ACT, {"state": land, "permanent_id": "seer", "choose": "W"})
    assert (r["answer"]["legal"], r["answer"]["total"]) == (True, "{W}{W}")
    assert r["question"]["state"]["battlefield"][0]["library_top"] == "Forest"
    bolt = state(inline("seer", SEER, library_top="Lightning Bolt"))
    cp = ruling(sqlite_client, CP, {"state": bolt})
    assert cp["answer"]["permanents"][0]["types"] == []
    r = sqlite_client.post(CP, json={"state": state(inline("seer", SEER))})
    assert_problem(r, ["body", "state", "battlefield", 0, "library_top"], "library_top_required")


LOCKET = definition(
    "Glinting Locket",
    "{1}, {T}, Mill a card: For each colored mana symbol in the milled card's mana cost, add "
    "one mana of that color. Activate only as an instant.",
    ["Artifact"],
    "{4}",
)


def test_the_milled_card_is_the_top_of_the_library(sqlite_client: TestClient) -> None:
    assert LOCKET["support"] == "full"
    s = state(inline("locket", LOCKET, library_top="Counterspell"))
    r = ruling(sqlite_client, ACT, {"state": s, "permanent_id": "locket"})
    assert (r["answer"]["legal"], r["answer"]["total"]) == (True, "{U}{U}")
    r = sqlite_client.post(ACT, json={"state": state(inline("l", LOCKET)), "permanent_id": "l"})
    assert_problem(r, ["body", "state", "battlefield", 0, "library_top"], "library_top_required")


def test_a_land_exiled_with_a_nonland_imprint_is_a_422(sqlite_client: TestClient) -> None:
    # 406.6: its words exile a nonland card; a Forest can't be the card exiled with it.
    s = state(inline("mox", KEEPSAKE, exiled=["Forest"]))
    r = sqlite_client.post(CP, json={"state": s})
    assert_problem(r, ["body", "state", "battlefield", 0, "exiled", 0], "invalid_exiled_card")
