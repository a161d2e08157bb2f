"""What a permanent is while a condition holds that no layer effect of its own changes: while
it has counters on it ("as long as ~ has four or more fuse counters on it, it's an artifact
creature"; 122.1: counters are no characteristic), and what an Aura's or Equipment's permanent
is while it has a type ("as long as enchanted permanent is a Golem, it's a creature in addition
to its other types"; the effect only adds). The clause is read as it would be without the lead,
for the permanent that meets the condition only. Through the compiler, then HTTP. Invented
cards, our sentences."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from app.domain.continuous import AddSubtypes, AddTypes, SetCardTypes, SetLandTypes
from app.domain.filters import AllOf, HasCounters, HasType, IsOther, Not, Selector
from app.domain.mana_abilities import WhileCounters
from tests.api.helpers import state
from tests.api.test_compiled_cards_api import definition, inline, ruling
from tests.compile.helpers import face, one


def _own(counter: str | None, at_least: int) -> Selector:
    # The permanent itself (none other than it), with the counters.
    itself = Not(filter=IsOther())
    return Selector(where=AllOf(of=[itself, HasCounters(counter=counter, at_least=at_least)]))


def test_card_types_while_it_has_enough_counters_of_a_kind() -> None:
    found = one(
        "As long as Quarry Balloon has four or more fuse counters on it, it's an artifact "
        "creature.",
        name="Quarry Balloon",
    )
    assert found == SetCardTypes(to=_own("fuse", 4), types=["artifact", "creature"])


def test_a_land_while_it_has_one_counter() -> None:
    # 205.1a: "it's a land" without "in addition": the creature is a land only.
    found = one(
        "As long as Quarry Isle has a dormant counter on it, it's a land.",
        name="Quarry Isle",
        types=("Creature",),
    )
    assert found == SetCardTypes(to=_own("dormant", 1), types=["land"])


def test_counters_of_any_kind_together_and_a_keyword_beside() -> None:
    # Reach changes nothing the engine rules on; the subtype is what it adds.
    found = one(
        "As long as Quarry Squire has three or more counters on it, it has reach and is a Scout "
        "in addition to its other types.",
        name="Quarry Squire",
        types=("Creature",),
    )
    assert found == AddSubtypes(to=_own(None, 3), subtypes=["Scout"])


def test_a_creature_in_addition_while_it_has_counters() -> None:
    found = one(
        "As long as Quarry Hulk has four or more oil counters on it, it's a Phyrexian creature "
        "in addition to its other types.",
        name="Quarry Hulk",
    )
    assert found == AddTypes(to=_own("oil", 4), types=["creature"], subtypes=["Phyrexian"])


def test_keywords_said_after_what_it_is_that_change_nothing_are_left_out() -> None:
    found = one(
        "As long as Quarry Hulk has four or more oil counters on it, it's a 0/0 creature in "
        "addition to its other types and it has flying.",
        name="Quarry Hulk",
    )
    assert found == AddTypes(to=_own("oil", 4), types=["creature"])


@pytest.mark.parametrize(
    "text",
    [
        # Haste after what it is bears on 302.6: not left out, and not read here.
        "As long as Quarry Hulk has four or more oil counters on it, it's a 0/0 creature in "
        "addition to its other types and it has haste.",
        # The counters of another permanent: not the permanent's own.
        "As long as enchanted creature has a fuse counter on it, it's an artifact creature.",
        # What it is that the clause doesn't read.
        "As long as Quarry Hulk has a fuse counter on it, it's a creature with power equal to "
        "the number of fuse counters on it.",
    ],
)
def test_what_is_not_about_its_own_counters_is_reported(text: str) -> None:
    assert face(text, name="Quarry Hulk").support == "partial"


BALLOON = (
    "As long as Quarry Balloon has four or more fuse counters on it, it's an artifact creature."
)


@pytest.mark.parametrize(("fuse", "legal"), [(3, True), (4, False)])
def test_a_fresh_permanent_is_summoning_sick_only_while_a_creature(
    sqlite_client: TestClient, fuse: int, legal: bool
) -> None:
    # 302.6: with four fuse counters it is a creature that came this turn, so its {T}
    # ability can't be activated; with three it is an artifact alone and taps.
    balloon = definition("Quarry Balloon", f"{BALLOON}\n{{T}}: Add {{C}}.", ["Artifact"], "{2}")
    assert balloon["support"] == "full"
    fresh = inline("balloon", balloon, controlled_since_turn_start=False, counters={"fuse": fuse})
    body = {"state": state(fresh), "permanent_id": "balloon"}
    answer = ruling(sqlite_client, "/v1/mana/activate", body)["answer"]
    assert answer["legal"] is legal
    assert [r["code"] for r in answer["reasons"]] == ([] if legal else ["summoning_sick"])


# --- what the attached permanent is while it has a type -------------------------------------

HARNESS = (
    "Enchant artifact\nAs long as enchanted permanent is a Golem, it's a creature in addition "
    "to its other types."
)


def test_the_attached_permanent_while_it_has_a_subtype() -> None:
    found = one(HARNESS, name="Quarry Harness", types=("Enchantment",), subtypes=("Aura",))
    to = Selector(relation="attached", subtypes=["Golem"])
    assert found == AddTypes(to=to, types=["creature"])


def test_the_attached_permanent_while_it_has_a_card_type() -> None:
    found = one(
        "Enchant permanent\nAs long as enchanted permanent is an artifact, it's a creature in "
        "addition to its other types.",
        name="Quarry Harness",
        types=("Enchantment",),
        subtypes=("Aura",),
    )
    to = Selector(relation="attached", where=HasType(type="artifact"))
    assert found == AddTypes(to=to, types=["creature"])


def test_a_change_that_sets_types_while_it_has_one_is_reported() -> None:
    # Setting its card types could take away what it asks for: not read here.
    text = "Enchant artifact\nAs long as enchanted permanent is a Golem, it's an artifact creature."
    compiled = face(text, name="Quarry Harness", types=("Enchantment",), subtypes=("Aura",))
    assert compiled.support == "partial" and compiled.abilities == []


@pytest.mark.parametrize(("subtypes", "legal"), [(["Golem"], False), ([], True)])
def test_a_fresh_golem_enchanted_so_is_summoning_sick(
    sqlite_client: TestClient, subtypes: list[str], legal: bool
) -> None:
    # 302.6: the Golem artifact is a creature while enchanted, and came this turn; an artifact
    # of no such subtype stays a noncreature artifact and taps.
    harness = definition("Quarry Harness", HARNESS, ["Enchantment"], "{1}", ["Aura"])
    cart = definition("Quarry Cart", "{T}: Add {C}.", ["Artifact"], "{2}", subtypes)
    board = state(
        inline("cart", cart, controlled_since_turn_start=False),
        inline("harness", harness, attached_to="cart"),
    )
    answer = ruling(sqlite_client, "/v1/mana/activate", {"state": board, "permanent_id": "cart"})
    assert answer["answer"]["legal"] is legal


# --- what lands are while the source has counters --------------------------------------------

MOON = "As long as Quarry Moon has a dawn counter on it, nonbasic lands are Plains."


def test_lands_set_while_the_source_has_counters() -> None:
    found = one(MOON, name="Quarry Moon", types=("Enchantment",))
    assert found == SetLandTypes(
        to=Selector(types=["land"], nonbasic=True),
        subtypes=["Plains"],
        while_counters=WhileCounters(counter="dawn", at_least=1),
    )


def test_lands_added_to_while_the_source_has_counters_is_reported() -> None:
    # Only a change that sets land types is read so here.
    text = (
        "As long as Quarry Moon has a dawn counter on it, lands you control are Plains in "
        "addition to their other types."
    )
    assert face(text, name="Quarry Moon", types=("Enchantment",)).support == "partial"


@pytest.mark.parametrize(("dawn", "types"), [(1, ["W"]), (0, ["U"])])
def test_a_nonbasic_land_is_plains_only_while_the_source_has_the_counter(
    sqlite_client: TestClient, dawn: int, types: list[str]
) -> None:
    # 305.7: while the Moon has a dawn counter, the Grotto is a Plains and makes {W} alone.
    moon = definition("Quarry Moon", MOON, ["Enchantment"], "{2}{W}")
    grotto = definition("Quarry Grotto", "{T}: Add {U}.", ["Land"])
    board = state(
        inline("moon", moon, counters={"dawn": dawn} if dawn else {}), inline("grotto", grotto)
    )
    answer = ruling(sqlite_client, "/v1/mana/could-produce", {"state": board})
    found = {p["id"]: p["types"] for p in answer["answer"]["permanents"]}
    assert found["grotto"] == types
    steps = " ".join(step["text"] for step in answer["explanation"])
    assert "1 or more dawn counters" in steps
