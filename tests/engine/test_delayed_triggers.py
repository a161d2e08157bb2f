"""A "tapped for mana" trigger that a resolved spell set up for the turn ("until end of turn,
whenever a player taps a Swamp for mana, that player adds an additional {B}"): a delayed
triggered ability with a stated duration (603.7b), sent as an `effects` entry. It is a triggered
mana ability (605.1b): its mana is added as the Swamp is tapped, every time this turn, and it is
not part of what the Swamp could produce (106.7)."""

from __future__ import annotations

from typing import Any

from app.engine.activate import activate
from app.engine.could_produce import could_produce
from tests.engine.mana_helpers import P, board

# An invented sorcery with the template the compiler reads (tests/compile/test_mana_effects.py).
MIRE_SWELL = {
    "name": "Mire Swell",
    "types": ["sorcery"],
    "abilities": [
        {
            "kind": "mana_trigger",
            "source": {"subtypes": ["Swamp"]},
            "adds": "fixed",
            "mana": "{B}",
            "works_from": "effect",
        }
    ],
}


def swell(controller: str = "alice") -> dict[str, Any]:
    return {"id": "swell", "definition": MIRE_SWELL, "controller": controller}


def test_each_swamp_tapped_this_turn_adds_one_more() -> None:
    v = activate(board(P("s", "Swamp"), effects=(swell(),)), "s")
    a = v.answer_data
    assert (a["legal"], a["total"]) == (True, "{B}{B}")
    assert a["triggered"] == [{"source_id": "swell", "name": "Mire Swell", "mana": "{B}"}]
    step = next(s for s in v.steps if "Mire Swell (swell) triggers" in s.text)
    assert "delayed triggered ability" in step.text
    assert {"603.7b", "605.1b", "106.12a"} <= set(step.rules)


def test_any_players_swamp_and_only_swamps() -> None:
    # "a player taps": bob's effect counts alice's Swamp too; a Forest doesn't trigger it.
    assert (
        activate(board(P("s", "Swamp"), effects=(swell("bob"),)), "s").answer_data["total"]
        == "{B}{B}"
    )
    forest = activate(board(P("f", "Forest"), effects=(swell(),)), "f").answer_data
    assert (forest["total"], forest["triggered"]) == ("{G}", [])


def test_a_permanent_trigger_step_says_nothing_of_a_delay() -> None:
    # Mana Flare is a permanent's own triggered ability: no 603.7b.
    v = activate(board(P("f", "Forest"), P("flare", "Mana Flare")), "f")
    step = next(s for s in v.steps if "Mana Flare (flare) triggers" in s.text)
    assert "delayed" not in step.text and "603.7b" not in step.rules


def test_the_swamp_could_still_produce_only_black() -> None:
    # 106.7, 605.1b: the trigger's mana comes from the trigger, not from the Swamp.
    v = could_produce(board(P("s", "Swamp"), P("f", "Forest"), effects=(swell(),)), None)
    types = {p["id"]: p["types"] for p in v.answer_data["permanents"]}
    assert types == {"s": ["B"], "f": ["G"]}
    text = " ".join(s.text for s in v.steps)
    assert "Mana added by triggered abilities (Mire Swell (swell))" in text
