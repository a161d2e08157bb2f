"""A type change that holds while its controller controls enough of some permanents (611.3a):
"~ is a 4/4 Golem artifact creature as long as you control four or more artifacts". The count
is of the permanents as every other change of what they are leaves them (613.8: such a change
depends on those that change what it counts); a board whose count the change itself would
flip is refused. Through the compiler, then HTTP. Invented cards, our sentences."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from app.domain.continuous import AddTypes, CountAtLeast, SetCardTypes
from app.domain.filters import IsOther, Not, Selector
from tests.api.helpers import state
from tests.api.test_compiled_cards_api import definition, inline, ruling
from tests.compile.helpers import face, one

RELIC = (
    "Quarry Relic is a 4/4 Golem artifact creature as long as you control four or more artifacts."
)
ARTIFACTS = CountAtLeast(of=Selector(controller="you", types=["artifact"]), at_least=4)


def test_the_change_said_before_its_count() -> None:
    found = one(RELIC, name="Quarry Relic")
    itself = Selector(where=Not(filter=IsOther()))
    assert found == SetCardTypes(
        to=itself, types=["artifact", "creature"], subtypes=["Golem"], while_count=ARTIFACTS
    )


def test_the_count_said_first_for_a_group() -> None:
    found = one(
        "As long as you control four or more artifacts, each other artifact you control is a "
        "creature in addition to its other types.",
        name="Quarry Vault",
        types=("Artifact",),
    )
    others = Selector(controller="you", types=["artifact"], where=IsOther())
    assert found == AddTypes(to=others, types=["creature"], while_count=ARTIFACTS)


def test_a_count_of_what_no_selector_reads_is_reported() -> None:
    text = "Quarry Relic is an artifact creature as long as you control four or more shadows."
    assert face(text, name="Quarry Relic").support == "partial"


def _relic_body(*others: dict[str, Any]) -> dict[str, Any]:
    relic = definition("Quarry Relic", f"{RELIC}\n{{T}}: Add {{C}}.", ["Artifact"], "{3}")
    assert relic["support"] == "full"
    fresh = inline("relic", relic, controlled_since_turn_start=False)
    return {"state": state(fresh, *others), "permanent_id": "relic"}


def _pebble(pid: str) -> dict[str, Any]:
    return inline(pid, definition("Brass Pebble", "{T}: Add {C}.", ["Artifact"], "{1}"))


@pytest.mark.parametrize(("others", "legal"), [(3, False), (2, True)])
def test_a_fresh_relic_is_summoning_sick_only_while_the_count_holds(
    sqlite_client: TestClient, others: int, legal: bool
) -> None:
    # 302.6: with four artifacts (itself among them) it is a creature that came this turn.
    body = _relic_body(*(_pebble(f"p{n}") for n in range(others)))
    answer = ruling(sqlite_client, "/v1/mana/activate", body)
    assert answer["answer"]["legal"] is legal
    steps = " ".join(step["text"] for step in answer["explanation"])
    assert f"there are {others + 1}" in steps


def test_the_count_reads_what_other_changes_made_of_the_permanents(
    sqlite_client: TestClient,
) -> None:
    # Two pebbles and an Elf: three artifacts, and a fourth once the Forge makes the Elf one
    # (613.8: the Relic's change depends on the Forge's, whatever their timestamps).
    forge = definition(
        "Quarry Forge",
        "Each creature you control is an artifact in addition to its other types.",
        ["Enchantment"],
        "{2}",
    )
    elf = definition("Thicket Tender", "{T}: Add {G}.", ["Creature"], "{G}", ["Elf"])
    board = [_pebble("p0"), _pebble("p1"), inline("elf", elf)]
    without = ruling(sqlite_client, "/v1/mana/activate", _relic_body(*board))
    assert without["answer"]["legal"] is True
    forged = _relic_body(*board, inline("forge", forge, timestamp=99))
    assert ruling(sqlite_client, "/v1/mana/activate", forged)["answer"]["legal"] is False


def test_a_change_that_flips_its_own_count_is_refused(sqlite_client: TestClient) -> None:
    # Counted without its change, two creatures: it would become a land, and then there is
    # one. No answer reads the board both ways.
    mound = definition(
        "Quarry Mound",
        "Quarry Mound is a land as long as you control two or more creatures.\n{T}: Add {G}.",
        ["Creature"],
        "{1}{G}",
    )
    elf = definition("Thicket Tender", "{T}: Add {G}.", ["Creature"], "{G}", ["Elf"])
    body = {"state": state(inline("mound", mound), inline("elf", elf)), "permanent_id": "mound"}
    r = sqlite_client.post("/v1/mana/activate", json=body)
    assert r.status_code == 422, r.text
    assert r.json()["type"].endswith("/condition_loop")


def test_a_count_another_counted_change_raises_is_read_after_it(
    sqlite_client: TestClient,
) -> None:
    # Two Elves: the Engine holds and makes the artifacts creatures, and then there are four
    # creatures, so the Totem's change holds too (613.8: it depends on the Engine's).
    engine = definition(
        "Quarry Engine",
        "As long as you control two or more creatures, each artifact you control is a creature "
        "in addition to its other types.",
        ["Enchantment"],
        "{3}",
    )
    totem = definition(
        "Quarry Totem",
        "Quarry Totem is a Golem artifact creature as long as you control four or more "
        "creatures.\n{T}: Add {C}.",
        ["Artifact"],
        "{2}",
    )
    elf = definition("Thicket Tender", "{T}: Add {G}.", ["Creature"], "{G}", ["Elf"])
    board = state(
        inline("totem", totem),
        inline("engine", engine),
        inline("elf1", elf),
        inline("elf2", elf),
        _pebble("p0"),
    )
    answer = ruling(sqlite_client, "/v1/mana/could-produce", {"state": board})
    steps = [step["text"] for step in answer["explanation"]]
    assert any("Quarry Totem (totem)" in t and "there are 4" in t and "applies now" in t
               for t in steps), steps  # fmt: skip
    assert any("Quarry Engine (engine)" in t and "applies now" in t for t in steps), steps


def test_a_change_that_would_hold_once_applied_is_refused(sqlite_client: TestClient) -> None:
    # One other creature: not counting itself the Idol's change doesn't hold, and counting
    # itself as the creature it would be, it does. Two readings: no answer.
    idol = definition(
        "Quarry Idol",
        "Quarry Idol is an artifact creature as long as you control two or more creatures.\n"
        "{T}: Add {C}.",
        ["Artifact"],
        "{2}",
    )
    elf = definition("Thicket Tender", "{T}: Add {G}.", ["Creature"], "{G}", ["Elf"])
    body = {"state": state(inline("idol", idol), inline("elf", elf)), "permanent_id": "idol"}
    r = sqlite_client.post("/v1/mana/activate", json=body)
    assert r.status_code == 422, r.text
    assert r.json()["type"].endswith("/condition_loop")
