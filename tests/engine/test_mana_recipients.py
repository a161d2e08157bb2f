"""Who adds an ability's mana (106.3, 106.4): a player chosen as it resolves, or a target
player; an ability with a target is no mana ability (605.5a), so activating it is not tapping
for mana (106.12) and no "tapped for mana" replacement or trigger applies to it."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.errors import QuestionError
from app.engine.activate import activate
from app.engine.could_produce import could_produce
from tests.engine.mana_helpers import P, board
from tests.engine.test_mana_colors import defined


def steps(v: Any) -> str:
    return " ".join(s.text for s in v.steps)


def test_a_chosen_player_gets_the_mana_and_the_answer_says_so() -> None:
    v = activate(board(P("o", "Searchlight Obelisk")), "o", choose="U")
    a = v.answer_data
    assert (a["legal"], a["produced"], a["total"]) == (True, "{U}", "{U}")
    assert a["ability"]["recipient"] == "chosen_player"
    assert "a player alice chooses as it resolves" in steps(v)
    assert {"106.3", "106.4", "605.1a", "106.12"} <= set(v.citations)


def test_a_chosen_player_ability_is_still_tapped_for_mana() -> None:
    # 106.12b: Mana Reflection doubles it; the mana still goes to the chosen player.
    v = activate(board(P("o", "Searchlight Obelisk"), P("mr", "Mana Reflection")), "o", choose="R")
    assert v.answer_data["total"] == "{R}{R}"


def test_a_controller_ability_has_no_recipient_in_the_answer() -> None:
    a = activate(board(P("f", "Forest")), "f").answer_data
    assert "recipient" not in a["ability"]


def test_target_player_ability_is_not_tapping_for_mana() -> None:
    # 605.5a, 106.12: no doubling, no Mana Flare trigger.
    b = board(P("k", "Offering Knoll"), P("mr", "Mana Reflection"), P("mf", "Mana Flare"))
    v = activate(b, "k")
    a = v.answer_data
    assert (a["produced"], a["total"], a["triggered"]) == ("{G}{G}", "{G}{G}", [])
    assert a["ability"]["recipient"] == "target_player"
    assert a["state"]["battlefield"][0]["tapped"] is True
    text = steps(v)
    assert "it is not a mana ability" in text and "the player it targets" in text
    assert {"605.5a", "106.12"} <= set(v.citations)
    # It uses the stack and resolves like any ability (608.2), not at once (605.3).
    [result] = [s for s in v.steps if s.text.startswith("Result:")]
    assert result.rules == ("608.2",)


def test_target_player_mill_cost_is_taken_as_paid() -> None:
    v = activate(board(P("w", "Wishing Idol")), "w", choose="B")
    assert v.answer_data["total"] == "{B}"
    # Its choice is made as it resolves from the stack (608.2), not at once (605.3).
    over = [s for s in activate(board(P("w", "Wishing Idol")), "w").steps if "Over every" in s.text]
    assert [s.rules for s in over] == [("608.2",)]
    assert "mill a card" in steps(v)


def test_what_a_targeting_ability_could_produce_still_counts() -> None:
    # 106.7: any ability of the permanent, costs and targets aside.
    a = could_produce(board(P("w", "Wishing Idol")), "w").answer_data
    assert a["permanents"][0]["types"] == ["W", "U", "B", "R", "G"]


def test_caged_sun_needs_to_know_who_gets_a_chosen_players_mana() -> None:
    # Caged Sun adds for mana its controller adds: who gets it decides.
    b = board(P("t", "Tithe Cairn"), P("sun", "Caged Sun", chosen_color="G"))
    with pytest.raises(QuestionError) as err:
        activate(b, "t")
    assert err.value.loc == ("player",) and err.value.code == "player_required"
    assert activate(b, "t", player="alice").answer_data["total"] == "{G}{G}"
    other = activate(b, "t", player="bob")
    assert other.answer_data["total"] == "{G}"
    assert "bob, the player chosen" in steps(other)


def test_caged_sun_sees_an_opponents_land_giving_its_controller_mana() -> None:
    b = board(P("t", "Tithe Cairn", "bob"), P("sun", "Caged Sun", chosen_color="G"))
    assert activate(b, "t", player="alice").answer_data["total"] == "{G}{G}"


def test_player_is_refused_for_an_ability_its_controller_adds() -> None:
    with pytest.raises(QuestionError) as err:
        activate(board(P("f", "Forest")), "f", player="bob")
    assert err.value.loc == ("player",) and err.value.code == "player_not_used"


def test_caged_sun_on_a_targeting_lands_mana_uses_the_stack() -> None:
    # 605.5a, 605.1b: it triggers from an ability that isn't a mana ability.
    b = board(P("k", "Offering Knoll"), P("sun", "Caged Sun", chosen_color="G"))
    v = activate(b, "k", player="alice")
    assert v.answer_data["total"] == "{G}{G}{G}"
    assert "uses the stack" in steps(v) and "605.1b" in v.citations
    assert activate(b, "k", player="bob").answer_data["total"] == "{G}{G}"


def test_three_mana_for_each_artifact_sacrificed() -> None:
    # 107.3, 602.2b: x is how many artifacts the cost sacrificed; three mana of one color each.
    b = board(P("l", "Glint Lotus"), P("mr", "Mana Reflection"))
    a = activate(b, "l", choose="G", x=2).answer_data
    assert a["total"] == "{G}" * 6  # not tapped for mana (605.5a): no doubling
    assert "3 times X" in a["ability"]["summary"]
    with pytest.raises(QuestionError) as err:
        activate(b, "l", choose="G", x=0)
    assert err.value.code == "invalid_x"
    with pytest.raises(QuestionError) as missing:
        activate(b, "l", choose="G")
    assert missing.value.code == "x_required"
    assert could_produce(b, "l").answer_data["permanents"][0]["types"] == ["W", "U", "B", "R", "G"]


def test_an_ability_with_another_target_is_not_tapped_for_mana() -> None:
    # 605.5a: its controller gets the mana, but it has a target: Mana Reflection ignores it.
    b = board(P("c", "Lure Crab"), P("mr", "Mana Reflection"), P("mf", "Mana Flare"))
    v = activate(b, "c")
    a = v.answer_data
    assert (a["total"], a["triggered"]) == ("{R}", [])
    assert "recipient" not in a["ability"] and "has a target" in a["ability"]["summary"]
    assert "605.5a" in v.citations


def test_each_player_adds_all_of_the_mana() -> None:
    # 106.3: every player adds {G}{R}; no target, so it is tapped for mana (605.1a, 106.12b).
    v = activate(board(P("c", "Commons Cairn"), P("mr", "Mana Reflection")), "c")
    a = v.answer_data
    assert (a["produced"], a["total"]) == ("{R}{R}{G}{G}", "{R}{R}{G}{G}")
    assert a["ability"]["recipient"] == "each_player"
    assert "Each player adds all of its mana" in steps(v) and "605.1a" in v.citations


def test_caged_sun_on_each_players_mana_needs_whose_total() -> None:
    # Every player adds the mana, so the total asked about is one player's pool (106.3).
    b = board(P("c", "Commons Cairn"), P("sun", "Caged Sun", "bob", chosen_color="G"))
    with pytest.raises(QuestionError) as err:
        activate(b, "c")
    assert err.value.code == "player_required"
    assert activate(b, "c", player="bob").answer_data["total"] == "{R}{G}{G}"
    alice = activate(b, "c", player="alice")
    assert alice.answer_data["total"] == "{R}{G}"
    assert "The total here is alice's" in steps(alice)


def test_a_trigger_on_tapping_adds_to_the_tapper_not_to_the_player_asked_about() -> None:
    # 106.3, 106.12a: Mana Flare triggers (alice tapped the land) and alice adds its mana; bob's
    # pool gets the land's mana alone. Asked about alice's pool, both count.
    b = board(P("c", "Commons Cairn"), P("mf", "Mana Flare", "bob"))
    # A choice sent for Mana Flare (replaying alice's outcome) is no mistake: not this pool's.
    bob = activate(b, "c", player="bob", trigger_choices={"mf": "G"})
    a = bob.answer_data
    assert (a["produced"], a["total"]) == ("{R}{G}", "{R}{G}")
    assert [o["total"] for o in a["outcomes"]] == ["{R}{G}"]
    assert "its mana goes to alice, who tapped it, not to bob" in steps(bob)
    alice = activate(b, "c", player="alice", trigger_choices={"mf": "G"}).answer_data
    assert alice["total"] == "{R}{G}{G}"


def test_a_target_said_after_the_mana_makes_it_no_mana_ability() -> None:
    # 605.1a: the target is in the ability's second sentence; still no mana ability, so
    # Mana Reflection doesn't double it (106.12) and nothing "tapped for mana" sees it.
    engine = defined(
        "e",
        "Hexed Engine",
        "{T}: Add {B}{B}{B}{B}. Target opponent gains control of ~.",
        types=("Creature",),
    )
    v = activate(board(engine, P("mr", "Mana Reflection"), P("mf", "Mana Flare")), "e")
    a = v.answer_data
    assert (a["produced"], a["triggered"]) == ("{B}{B}{B}{B}", [])
    assert "it is not a mana ability" in steps(v)
