"""A grant inside a level band (711.2), creature types written in the plural, and other facts
of the board read by round 2's cards. Every card is invented, every sentence ours."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.errors import QuestionError
from app.domain.filters import Selector
from app.domain.state import GameState
from app.engine.activate import activate
from app.engine.could_produce import could_produce
from app.engine.words import describe_selector
from tests.engine.mana_helpers import board, resolve
from tests.engine.test_board_amounts import defined

CHANTER = (
    "Grove Chanter",
    "Level up {1}{G}\nLEVEL 1-2\n1/2\n{T}: Add {G}.\nLEVEL 3+\n1/3\n"
    'Elves you control have "{T}: Add {G}{G}."',
)


def chanter(level: int) -> dict[str, Any]:
    found = defined("c", *CHANTER, keywords=("Level Up",), counters={"level": level})
    found["definition"]["subtypes"] = ["Elf"]
    return found


def scout() -> dict[str, Any]:
    found = defined("e", "Grove Scout", "Vigilance")
    found["definition"]["subtypes"] = ["Elf"]
    return found


def types_of(b: Any) -> dict[str, list[str]]:
    return {p["id"]: p["types"] for p in could_produce(b, None).answer_data["permanents"]}


def test_a_grant_of_a_level_band_holds_only_in_that_band() -> None:
    assert types_of(board(chanter(0), scout())) == {"c": [], "e": []}
    assert types_of(board(chanter(2), scout())) == {"c": ["G"], "e": []}
    assert types_of(board(chanter(3), scout())) == {"c": ["G"], "e": ["G"]}
    v = activate(board(chanter(4), scout()), "e")
    assert v.answer_data["total"] == "{G}{G}"
    said = " ".join(s.text for s in v.steps)
    assert "3 or more level counters" in said
    assert "711.2" in v.citations


def test_creature_types_are_written_in_their_plural() -> None:
    def words(*subtypes: str) -> str:
        return describe_selector(Selector(controller="you", subtypes=list(subtypes)))

    assert words("Elf") == "Elves you control"
    assert words("Werewolf", "Dwarf") == "Werewolves or Dwarves you control"
    assert words("Ally", "Merfolk", "Sphinx") == "Allies or Merfolk or Sphinxes you control"
    assert words("Forest") == "Forests you control"


SNARE = (
    "Snare Warden",
    "{T}: Add an amount of {B} equal to the greatest power among creatures you control that "
    "entered this turn.",
)


def test_the_greatest_power_among_creatures_that_entered_this_turn() -> None:
    warden = defined("w", *SNARE, entered_this_turn=False, power=4)
    new = defined("n", "Grove Scout", "Vigilance", entered_this_turn=True, power=3)
    old = defined("o", "Grove Scout", "Vigilance", entered_this_turn=False, power=6)
    theirs = defined("t", "Grove Scout", "Vigilance", controller="bob", power=9)
    v = activate(board(warden, new, old, theirs), "w")
    assert v.answer_data["total"] == "{B}{B}{B}"  # the 6/x was there before this turn
    assert "entered the battlefield this turn" in " ".join(s.text for s in v.steps)
    assert act_total(board(warden, old)) == ""  # none entered: no mana


def act_total(b: Any) -> str:
    total: str = activate(b, "w").answer_data["total"]
    return total


def test_which_creatures_entered_this_turn_is_an_input() -> None:
    warden = defined("w", *SNARE, entered_this_turn=False, power=4)
    unsaid = defined("n", "Grove Scout", "Vigilance", power=3)
    with pytest.raises(QuestionError) as err:
        activate(board(warden, unsaid), "w")
    assert (err.value.loc, err.value.code) == (
        ("state", "battlefield", 1, "entered_this_turn"),
        "entered_this_turn_required",
    )
    # A question that doesn't read it doesn't need it.
    assert activate(board(warden, unsaid), "n").answer_data["total"] == ""


PARLEY = (
    "Oracle of Tops",
    "{T}: Each player reveals the top card of their library. For each nonland card revealed "
    "this way, add {G} and you gain 2 life. Then each player draws a card.",
)


def test_parley_makes_mana_for_the_nonland_cards_the_question_says() -> None:
    oracle = defined("w", *PARLEY)
    v = activate(board(oracle), "w", x=2)
    assert v.answer_data["total"] == "{G}{G}"
    said = " ".join(s.text for s in v.steps)
    assert "top cards of the players' libraries" in said and "701.16" in v.citations
    cp = could_produce(board(oracle), None)
    assert cp.answer_data["permanents"][0]["types"] == ["G"]
    assert "one for each player's top card" in " ".join(s.text for s in cp.steps)


DRIFT = (
    "Frost Drift",
    "Whenever a Forest is tapped for mana, its controller may add an additional {G}. If that "
    "Forest is snow, its controller may add an additional {G}{G} instead.",
)


def forest(pid: str, *supertypes: str) -> dict[str, Any]:
    found = defined(pid, "Pine Hollow", "", types=("Land",), mana_cost="")
    found["definition"]["subtypes"] = ["Forest"]
    found["definition"]["supertypes"] = list(supertypes)
    return found


def test_a_snow_land_makes_the_trigger_add_its_larger_mana() -> None:
    drift = defined("d", *DRIFT, types=("Enchantment",))
    snowy = activate(board(drift, forest("f", "snow")), "f", choose="G")
    assert snowy.answer_data["total"] == "{G}{G}{G}"
    assert "205.4a" in snowy.citations
    plain = activate(board(drift, forest("f")), "f", choose="G")
    assert plain.answer_data["total"] == "{G}{G}"
    assert "205.4a" not in plain.citations


DUST = (
    "Colossus of Dust",
    "Haste\nAs long as there are fewer than five cards in your graveyard, Colossus of Dust "
    "isn't a creature.\n{T}: Add {C}.",
)
CRADLE = ("Moss Cradle", "{T}: Add {G} for each creature you control.")


def dust_board(graveyard: list[str] | None) -> Any:
    colossus = defined("c", *DUST, types=("Artifact", "Creature"), keywords=("Haste",))
    colossus["definition"]["subtypes"] = ["God"]
    cradle = defined("m", *CRADLE, types=("Land",), mana_cost="")
    state = {
        "turn": 3,
        "active_player": "alice",
        "battlefield": [colossus, cradle],
        "players": {} if graveyard is None else {"alice": {"graveyard": graveyard}},
    }
    return resolve(GameState.model_validate(state))


def test_a_face_is_no_creature_while_its_graveyard_is_small() -> None:
    small = activate(dust_board(["Forest"] * 4), "m")
    assert small.answer_data["total"] == ""  # not a creature: nothing to count
    said = " ".join(s.text for s in small.steps)
    assert "fewer than 5 cards: it holds 4, so it applies now" in said
    assert "611.3a" in small.citations
    large = activate(dust_board(["Forest"] * 5), "m")
    assert large.answer_data["total"] == "{G}"
    assert "doesn't apply now" in " ".join(s.text for s in large.steps)
    with pytest.raises(QuestionError) as err:
        activate(dust_board(None), "m")
    assert (err.value.loc, err.value.code) == (
        ("state", "players", "alice", "graveyard"),
        "graveyard_required",
    )


def test_summoning_sickness_follows_the_graveyard_condition() -> None:
    text = DUST[1].removeprefix("Haste\n")
    for cards, legal in ((4, True), (5, False)):
        c = defined(
            "c", DUST[0], text, types=("Artifact", "Creature"), controlled_since_turn_start=False
        )
        state = {
            "turn": 3,
            "active_player": "alice",
            "battlefield": [c],
            "players": {"alice": {"graveyard": ["Forest"] * cards}},
        }
        v = activate(resolve(GameState.model_validate(state)), "c")
        assert v.answer_data["legal"] is legal  # 302.6 only while it is a creature


FORGE_GOD = (
    "Ember God of Anvils",
    "Indestructible\nAs long as your devotion to red is less than five, ~ isn't a creature.",
)
RED_ROCK = {"name": "Red Rock", "types": ["artifact"], "mana_cost": "{R}{R}"}
HYBRID_ROCK = {"name": "Split Rock", "types": ["artifact"], "mana_cost": "{R/W}{1}"}


def god_board(*rocks: dict[str, Any], owner: str = "alice") -> Any:
    god = defined("g", *FORGE_GOD, types=("Enchantment", "Creature"), mana_cost="{3}{R}")
    cradle = defined("m", *CRADLE, types=("Land",), mana_cost="")
    extra = [{"id": f"r{i}", "definition": r, "controller": owner} for i, r in enumerate(rocks)]
    state = {"turn": 3, "active_player": "alice", "battlefield": [god, cradle, *extra]}
    return resolve(GameState.model_validate(state))


def test_a_god_is_a_creature_only_with_enough_devotion() -> None:
    # 700.5: its own {R} counts, two {R}{R} rocks make five; a hybrid symbol counts once.
    low = activate(god_board(RED_ROCK), "m")
    assert low.answer_data["total"] == ""  # devotion 3: not a creature, nothing to count
    said = " ".join(s.text for s in low.steps)
    assert "devotion to red is less than 5: it is 3, so it applies now" in said
    assert {"611.3a", "700.5"} <= set(low.citations)
    assert activate(god_board(RED_ROCK, RED_ROCK), "m").answer_data["total"] == "{G}"
    assert activate(god_board(RED_ROCK, HYBRID_ROCK), "m").answer_data["total"] == ""
    # Permanents another player controls are no devotion of its controller's.
    assert activate(god_board(RED_ROCK, RED_ROCK, owner="bob"), "m").answer_data["total"] == ""


def test_a_land_made_a_creature_by_its_own_activation_has_summoning_sickness() -> None:
    text = (
        "{T}: Add {C}.\n{4}: If Hall of Quills isn't a creature, it becomes a 3/3 Scholar "
        'creature with "Whenever you cast an instant spell, this creature gets +1/+0 until end '
        "of turn.\" It's still a land."
    )
    hall = defined("h", "Hall of Quills", text, types=("Land",), mana_cost="")
    hall["controlled_since_turn_start"] = False
    card = hall["definition"]
    plain = activate(board(hall), "h")
    assert plain.answer_data["legal"] is True  # a land, not a creature: 302.6 doesn't apply
    entry = {"id": "act", "definition": card, "controller": "alice", "target": "h"}
    animated = activate(board(hall, effects=(entry,)), "h")
    assert animated.answer_data["legal"] is False  # a creature now (302.6)


def test_mana_from_the_opening_hand_is_no_ability_of_the_permanent() -> None:
    text = (
        "You may reveal Tangle Herald from your opening hand. If you do, at the beginning of "
        "your first main phase of the game, add {G}{G}."
    )
    herald = defined("t", "Tangle Herald", text)
    assert could_produce(board(herald), None).answer_data["permanents"][0]["types"] == []
    v = activate(board(herald), "t")
    assert v.answer_data["legal"] is False
    assert [r["code"] for r in v.answer_data["reasons"]] == ["no_mana_ability"]


def test_a_creature_returned_as_a_land_taps_for_mana_at_once() -> None:
    text = (
        "When Tide Caller dies, if he was a nonland creature, return Tide Caller to the "
        'battlefield tapped under your control. He\'s a land named Tide. He gains "{T}: Add {U}."'
    )
    caller = defined("t", "Tide Caller", text, controlled_since_turn_start=False)
    caller["definition"]["subtypes"] = ["Merfolk"]
    entry = {"id": "ret", "definition": caller["definition"], "controller": "alice", "target": "t"}
    v = activate(board(caller, effects=(entry,)), "t")
    assert v.answer_data["legal"] is True  # a land now, no creature: 302.6 doesn't apply
    assert v.answer_data["total"] == "{U}"
    assert activate(board(caller), "t").answer_data["legal"] is False  # no mana ability
