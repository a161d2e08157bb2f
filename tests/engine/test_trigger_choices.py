"""Each triggered mana ability's choice is its own (605.3): `trigger_choices` gives one per
trigger by its source's id, as outcomes[].choices name them; `choose` goes to a trigger only
when the ability used none and one trigger alone offers a choice. Invented cards where the
fixture catalog has none."""

from __future__ import annotations

import pytest

from app.domain.errors import QuestionError
from app.engine.activate import activate
from tests.engine.mana_helpers import P, board
from tests.engine.test_mana_colors import defined

GARDEN = (
    "Verdant Bloom",
    "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds one "
    "additional mana of any color.",
)


def test_two_triggers_each_take_their_own_choice() -> None:
    # Boros Garrison makes {R}{W}; Heartbeat of Spring and Mana Flare each add one more of a
    # type it made, each their controller's own choice.
    b = board(P("g", "Boros Garrison"), P("hb", "Heartbeat of Spring"), P("mf", "Mana Flare"))
    shared = activate(b, "g", choose="W").answer_data
    assert (shared["choice_required"], shared["total"]) == (True, "")
    assert "choose_unused" in [n["code"] for n in shared["notes"]]
    mixed = activate(b, "g", trigger_choices={"hb": "W", "mf": "R"}).answer_data
    assert (mixed["choice_required"], mixed["total"]) == (False, "{W}{W}{R}{R}")
    # Every outcome sent back as it is listed gives its total.
    for listed in activate(b, "g").answer_data["outcomes"]:
        again = activate(b, "g", trigger_choices=listed["choices"]).answer_data
        assert again["total"] == listed["total"]


def test_the_abilitys_choice_is_not_the_triggers() -> None:
    aura = defined("v", *GARDEN, types=("Enchantment",), attached_to="c")
    b = board(P("c", "City of Brass"), aura)
    own = activate(b, "c", choose="W").answer_data
    assert own["choice_required"] is True  # the aura's color is still open
    both = activate(b, "c", choose="W", trigger_choices={"v": "g"}).answer_data
    assert (both["choice_required"], both["total"]) == (False, "{W}{G}")


@pytest.mark.parametrize(
    ("choices", "why"),
    [({"nobody": "R"}, "no triggered mana ability"), ({"hb": "G"}, "not a choice")],
)
def test_a_trigger_choice_that_fits_nothing_is_refused(choices: dict[str, str], why: str) -> None:
    b = board(P("g", "Boros Garrison"), P("hb", "Heartbeat of Spring"), P("mf", "Mana Flare"))
    with pytest.raises(QuestionError) as err:
        activate(b, "g", trigger_choices=choices)
    assert err.value.code == "invalid_choice" and why in err.value.message
    assert err.value.loc[0] == "trigger_choices"


def test_a_choose_that_picks_the_ability_is_spent_there() -> None:
    # The dual's two mana abilities (305.6): `choose` "U" picks the Island's; the aura's color
    # is its own choice (605.3), left open, and each outcome, sent back, gives its total.
    dual = {"id": "d", "definition": {"name": "Old Dual", "types": ["land"],
            "subtypes": ["Plains", "Island"]}, "controller": "alice"}  # fmt: skip
    aura = defined("v", *GARDEN, types=("Enchantment",), attached_to="d")
    b = board(dual, aura)
    asked = activate(b, "d", choose="U").answer_data
    assert (asked["choice_required"], asked["produced"]) == (True, "{U}")
    for listed in asked["outcomes"]:
        choices = dict(listed["choices"])
        choose = choices.pop("choose")
        again = activate(b, "d", choose=choose, trigger_choices=choices).answer_data
        assert again["total"] == listed["total"]
        assert listed["ability"] == "intrinsic:Island"


def test_an_outcome_of_an_ability_choose_picked_picks_it_again() -> None:
    # Chromatic Lantern gives the Forest "any color" beside its own {G}: `choose` "R" picks the
    # granted ability, and its {G} outcome, which the Forest's own ability makes too, names the
    # ability, so that sent back it picks the same one.
    b = board(P("f", "Forest"), P("cl", "Chromatic Lantern"))
    asked = activate(b, "f", choose="R").answer_data
    assert asked["ability"]["origin"] == "granted"
    for listed in asked["outcomes"]:
        assert listed["ability"] == "granted:cl:0"
        choose = listed["choices"]["choose"]
        again = activate(b, "f", ability=listed["ability"], choose=choose).answer_data
        assert (again["total"], again["ability"]["origin"]) == (listed["total"], "granted")
    assert {o["total"] for o in asked["outcomes"]} >= {"{G}", "{R}"}
    # Without `choose` picking, outcomes name no ability.
    plain = activate(b, "f", ability=1, choose="G").answer_data
    assert all("ability" not in o for o in plain["outcomes"])
