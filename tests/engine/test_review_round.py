"""Templates fixed after this round's review, on invented cards: a trigger on tapping for one
mana type (106.12a), and haste for the creature spell a land's mana was spent on (702.10)."""

from __future__ import annotations

from typing import Any

from app.catalog.compile import compile_face
from app.domain.state import GameState
from tests.engine.mana_helpers import P, resolve
from tests.engine.test_mana_colors import act, defined

HUM = ("Humming Obelisk", "Whenever you tap a permanent for {C}, add an additional {C}.")


def test_a_trigger_on_tapping_for_colorless_adds_only_then() -> None:
    from tests.engine.mana_helpers import board

    b = board(defined("o", *HUM), P("w", "Wastes"), P("f", "Forest"), P("s", "Sol Ring"))
    assert act(b, "w")["total"] == "{C}{C}"
    assert act(b, "s")["total"] == "{C}{C}{C}"  # one trigger per activation, not per mana
    forest = act(b, "f")
    assert (forest["total"], forest["triggered"]) == ("{G}", [])


HALL = (
    "Bandit Causeway",
    "{T}, Pay 3 life: Add {C}. If that mana is spent on a creature spell, it gains haste.",
)


def _hall_card() -> dict[str, Any]:
    compiled = compile_face(HALL[0], HALL[1], types=("Land",))
    assert compiled.support == "full", compiled.unsupported_text
    return {"name": HALL[0], "types": ["land"], **compiled.card_fields()}


def test_the_creature_the_mana_was_spent_on_has_haste_as_an_effect_entry() -> None:
    bears = {"id": "b", "card": "Grizzly Bears", "controller": "alice"}
    elves = {"id": "e", "card": "Llanowar Elves", "controller": "alice"}
    hall = {"id": "h", "definition": _hall_card(), "controller": "alice"}
    new = {"controlled_since_turn_start": False}
    without = resolve(
        GameState.model_validate({"turn": 3, "battlefield": [hall, bears, elves | new]})
    )
    assert act(without, "e")["reasons"][0]["code"] == "summoning_sick"  # 302.6
    spent = GameState.model_validate(
        {
            "turn": 3,
            "battlefield": [hall, bears, elves | new],
            "effects": [{"id": "fx", "definition": _hall_card(), "controller": "alice",
                         "target": "e"}],
        }
    )  # fmt: skip
    answer = act(resolve(spent), "e")
    assert (answer["legal"], answer["total"]) == (True, "{G}")  # haste (702.10)
