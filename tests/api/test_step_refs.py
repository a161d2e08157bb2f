"""Every step of every ruling carries `refs` (docs/api.md "The ruling object"), and they are
true to the text: each permanent id, card name and mana string in refs occurs in the step, every
run of mana symbols in the text is in refs.mana, and every permanent of the question that the
text names as "Name (id)" is in refs.permanents. (The same check runs on every ruling the test
suite makes, app/rulings/checks.py; here it is run on the HTTP answers themselves.)"""

from __future__ import annotations

from typing import Any, get_args

import pytest
from starlette.testclient import TestClient

from app.domain.ruling import RulingKind, Step
from app.rulings.checks import check_step
from tests.api.helpers import perm, state
from tests.api.test_explanations import WALKED

# Paths the examples don't walk: replacement effects in every order, triggered mana, control
# and haste, layers, reflected mana, costs that can't be paid, a caveat, the mulligan steps.
MORE: list[tuple[str, dict[str, Any]]] = [
    ("/v1/mana/activate", {"state": state(perm("f", "Forest"), perm("refl", "Mana Reflection"),
                                          perm("zr", "Zendikar Resurgent"),
                                          perm("flare", "Mana Flare", "bob")),
                           "permanent_id": "f"}),
    ("/v1/mana/activate", {"state": state(perm("g", "Boros Garrison"),
                                          perm("flare", "Mana Flare")),
                           "permanent_id": "g"}),
    ("/v1/mana/activate", {"state": state(perm("pool", "Reflecting Pool"),
                                          perm("t", "Tundra")),
                           "permanent_id": "pool", "choose": "W"}),
    ("/v1/mana/activate", {"state": state(perm("e", "Llanowar Elves",
                                               controlled_since_turn_start=False),
                                          perm("lg", "Lightning Greaves", attached_to="e")),
                           "permanent_id": "e"}),
    ("/v1/mana/activate", {"state": state(perm("vc", "Vivid Crag")), "permanent_id": "vc",
                           "ability": 1, "choose": "U"}),
    ("/v1/mana/activate", {"state": state(perm("s", "Dimir Signet", tapped=True)),
                           "permanent_id": "s"}),
    ("/v1/mana/could-produce", {"state": state(perm("pool", "Reflecting Pool"),
                                               perm("ex", "Exotic Orchard"),
                                               perm("m", "Mountain", "bob"),
                                               perm("moon", "Blood Moon"),
                                               perm("u", "Utopia Sprawl", attached_to="m"),
                                               perm("dt", "Damping Sphere"),
                                               perm("nx", "Nyxbloom Ancient"))}),
    ("/v1/mana/could-produce", {"state": state(perm("pool", "Reflecting Pool"))}),
    ("/v1/spells/mana-value", {"card": "Fireball", "zone": "stack", "x": 3}),
    ("/v1/spells/mana-value", {"card": "Wear // Tear", "zone": "stack", "face": "Wear // Tear"}),
    ("/v1/spells/mana-value", {"card": "Hangarback Walker", "zone": "battlefield", "x": 2}),
    ("/v1/spells/cast-without-paying", {"card": "Gatekeeper of Malakir",
                                        "additional_costs": ["Kicker"]}),
    ("/v1/spells/cast-without-paying", {"card": "Fling", "unpayable": ["Sacrifice a creature"]}),
    ("/v1/mulligan", {"hand": ["Serum Powder", "Forest"], "library": ["Island", "Swamp"],
                      "action": "serum_powder", "seed": 1}),
    ("/v1/mulligan", {"hand": ["Forest", "Island"], "library": ["Swamp"], "mulligans_taken": 1,
                      "bottom_owed": 1, "action": "bottom", "bottom": ["Plains"]}),
]  # fmt: skip


def _rulings(client: TestClient) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for path, body in [*WALKED, *MORE]:
        r = client.post(path, json=body)
        if r.status_code in (200, 201):
            out.append((f"{path} {body}", r.json()))
    return out


@pytest.fixture(scope="module")
def rulings(sqlite_client: TestClient) -> list[tuple[str, dict[str, Any]]]:
    return _rulings(sqlite_client)


def test_the_walk_covers_every_kind(rulings: list[tuple[str, dict[str, Any]]]) -> None:
    kinds = {ruling["kind"] for _, ruling in rulings}
    assert kinds == set(get_args(RulingKind))


def test_every_step_has_refs_true_to_its_text(
    rulings: list[tuple[str, dict[str, Any]]],
) -> None:
    wrong: list[tuple[str, str]] = []
    for where, ruling in rulings:
        battlefield = [p["id"] for p in ruling["question"].get("state", {}).get("battlefield", [])]
        for step in ruling["explanation"]:
            assert isinstance(step.get("refs"), dict), (where, step)
            assert set(step["refs"]) <= {"permanents", "cards", "mana"}
            refs = {k: tuple(v) for k, v in step["refs"].items()}
            try:
                check_step(Step(step["text"], tuple(step["rules"]), refs), battlefield)  # type: ignore[arg-type]
            except ValueError as exc:
                wrong.append((where, str(exc)))
    assert wrong == []


def test_refs_name_the_permanents_cards_and_mana_of_a_step(
    rulings: list[tuple[str, dict[str, Any]]],
) -> None:
    # Not only true but filled: the walk's steps link permanents, cards and mana.
    refs = [step["refs"] for _, ruling in rulings for step in ruling["explanation"]]
    assert any("pool" in r.get("permanents", []) for r in refs)
    assert any("Mana Reflection" in r.get("cards", []) for r in refs)
    assert any("{G}{G}" in r.get("mana", []) for r in refs)
    assert any("Serum Powder" in r.get("cards", []) for r in refs)
    assert any("{X}" in r.get("mana", []) for r in refs)
