"""A free cast and the spell's own cost increases and reductions (601.2f, 118.7a): the mana
cost is skipped (118.9), but the total cost still takes the increases, and the reductions
still take generic mana off what is left."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.card import Card
from app.engine.board import BoardView
from app.engine.free_cast import BoardCosts, cast_without_paying
from tests.engine.mana_helpers import board, cast_on


def invented(*changes: dict[str, Any], kicker: str | None = None) -> Card:
    additional = (
        [{"name": "Kicker", "optional": True, "mana": kicker, "summary": "pay more"}]
        if kicker
        else []
    )
    return Card.model_validate(
        {
            "name": "Tidewrack Surge",
            "mana_cost": "{5}{U}",
            "types": ["sorcery"],
            "cost_changes": list(changes),
            "additional_costs": additional,
        }
    )


def free(card: Card, *additional: str) -> dict[str, Any]:
    verdict = cast_without_paying(
        card, x=0, alternative_cost=None, additional_costs=list(additional), unpayable=[]
    )
    return verdict.answer_data | {"_steps": [s.rules for s in verdict.steps]}


def codes(answer: dict[str, Any]) -> list[str]:
    return [r["code"] for r in answer["reasons"]]


PER_TARGET = {"change": "increase", "mana": "{2}{U}", "when": "for each target beyond the first"}
ALWAYS_MORE = {"change": "increase", "mana": "{1}"}
PER_WIZARD = {"change": "reduction", "mana": "{1}", "when": "for each Wizard you control"}
ALWAYS_LESS = {"change": "reduction", "mana": "{3}"}


def test_a_reduction_with_no_generic_mana_to_take_off_changes_nothing() -> None:
    answer = free(invented(PER_WIZARD))
    assert answer["castable"] is True and answer["mana_to_pay"] == ""
    assert answer["cost_changes"] == [PER_WIZARD | {"counted": True}]
    assert codes(answer) == ["cost_reduction_nothing_to_reduce"]
    assert ("118.7a", "601.2f") in answer["_steps"]


def test_a_reduction_may_take_generic_mana_off_the_kicker() -> None:
    answer = free(invented(PER_WIZARD, kicker="{2}{U}"), "Kicker")
    # How many Wizards the board has is not in the question: the kicker's {2} is the most it
    # can take off, and mana_to_pay is the amount before it.
    assert answer["mana_to_pay"] == "{2}{U}"
    assert answer["cost_changes"] == [PER_WIZARD | {"counted": False}]
    assert codes(answer) == ["cost_reduction"]
    message = answer["reasons"][0]["message"]
    assert "{2}" in message and "generic" in message


def test_an_unconditional_reduction_is_taken_off_the_generic_part_only() -> None:
    answer = free(invented(ALWAYS_LESS, kicker="{2}{U}"), "Kicker")
    # 118.7a: {3} less takes the {2} away and can't touch the {U} (nor go below zero).
    assert answer["mana_to_pay"] == "{U}"
    assert answer["cost_changes"] == [ALWAYS_LESS | {"when": "", "counted": True}]


def test_an_unconditional_increase_is_still_paid() -> None:
    answer = free(invented(ALWAYS_MORE, kicker="{U}"), "Kicker")
    assert answer["mana_to_pay"] == "{1}{U}"
    assert answer["cost_changes"] == [ALWAYS_MORE | {"when": "", "counted": True}]
    assert codes(answer) == ["cost_increase"]


def test_a_conditional_increase_is_paid_on_top_when_it_holds() -> None:
    answer = free(invented(PER_TARGET))
    assert answer["castable"] is True
    assert answer["mana_to_pay"] == ""  # with one target
    assert answer["cost_changes"] == [PER_TARGET | {"counted": False}]
    assert codes(answer) == ["cost_increase"]
    assert "{2}{U}" in answer["reasons"][0]["message"]


def test_a_reduction_beside_a_generic_increase_may_still_take_some_off() -> None:
    # More targets add {2}: the reduction could take generic mana off that.
    answer = free(invented(PER_TARGET, PER_WIZARD))
    assert codes(answer) == ["cost_increase", "cost_reduction"]
    assert [c["counted"] for c in answer["cost_changes"]] == [False, False]


def test_increases_come_before_reductions_whatever_the_order_printed() -> None:
    answer = free(invented(ALWAYS_LESS, ALWAYS_MORE, kicker="{1}{U}"), "Kicker")
    # {1}{U} + {1} = {2}{U}; then {3} less takes the {2}.
    assert answer["mana_to_pay"] == "{U}"
    assert codes(answer) == ["cost_increase", "cost_reduction"]


def test_a_spell_that_cant_be_cast_lists_no_cost_changes() -> None:
    # 305.1: a land is never cast, so nothing is paid and no cost change applies.
    land = Card.model_validate(
        {"name": "Gloomfen Hollow", "types": ["land"], "cost_changes": [PER_WIZARD]}
    )
    answer = free(land)
    assert answer["castable"] is False and answer["cost_changes"] == []


@pytest.mark.parametrize("mana", ["{G}", "{1}{G}", "{C}"])
def test_a_reduction_of_other_than_generic_mana_is_refused(mana: str) -> None:
    with pytest.raises(ValueError, match="generic"):
        invented({"change": "reduction", "mana": mana})


# The board a spell is cast on counts its own "for each ... you control" (601.2f), seen from
# its caster: a permanent of one card, and one the caster doesn't control, count apart.
PER_WIZARD_COUNTED = PER_WIZARD | {"for_each": {"controller": "you", "subtypes": ["Wizard"]}}
PER_ARTIFACT_MORE = {
    "change": "increase",
    "mana": "{1}",
    "when": "for each artifact you control",
    "for_each": {"controller": "you", "types": ["artifact"]},
}
WIZARD = {
    "name": "Cinder Adept",
    "mana_cost": "{1}{R}",
    "types": ["creature"],
    "subtypes": ["Human", "Wizard"],
}
TRINKET = {"name": "Brass Trinket", "mana_cost": "{1}", "types": ["artifact"]}


def on_board(card: Card, caster: str, *additional: str) -> dict[str, Any]:
    wizards = [{"id": f"w{i}", "controller": "alice", "definition": WIZARD} for i in range(2)]
    theirs = {"id": "w9", "controller": "bob", "definition": WIZARD}
    trinkets = [{"id": f"t{i}", "controller": "alice", "definition": TRINKET} for i in range(3)]
    view = BoardView(board(*wizards, theirs, *trinkets))
    verdict = cast_on(card, BoardCosts(view, caster), *additional)
    return verdict.answer_data | {"_texts": [s.text for s in verdict.steps]}


def test_a_for_each_the_board_counts_is_counted() -> None:
    # Alice controls two Wizards: the kicker's {2} is taken off, counted.
    answer = on_board(invented(PER_WIZARD_COUNTED, kicker="{2}{U}"), "alice", "Kicker")
    assert answer["mana_to_pay"] == "{U}"
    assert answer["cost_changes"] == [PER_WIZARD | {"counted": True, "times": 2}]
    assert any("(alice controls 2)" in t for t in answer["_texts"])
    # Bob controls one.
    assert (
        on_board(invented(PER_WIZARD_COUNTED, kicker="{2}{U}"), "bob", "Kicker")["mana_to_pay"]
        == "{1}{U}"
    )
    # An increase for each of alice's three artifacts.
    answer = on_board(invented(PER_ARTIFACT_MORE), "alice")
    assert (answer["mana_to_pay"], answer["cost_changes"][0]["counted"]) == ("{3}", True)
    # Without a board it is the amount before it, as ever.
    assert free(invented(PER_ARTIFACT_MORE))["cost_changes"][0]["counted"] is False


# A board's change to spells of some mana value (202.3): the spell's on the stack, where a
# free cast chooses 0 for X (107.3b). "Noncreature spells your rivals cast with mana value 3
# or greater cost {2} more to cast."
HEAVY_TOLL = {
    "name": "Sphinx of Lesser Tolls",
    "mana_cost": "{3}{U}",
    "types": ["creature"],
    "abilities": [
        {
            "kind": "spell_cost_change",
            "change": "increase",
            "mana": "{2}",
            "spells": {
                "controller": "opponent",
                "where": {
                    "kind": "all",
                    "of": [
                        {"kind": "not", "filter": {"kind": "type", "type": "creature"}},
                        {"kind": "mana_value", "at_least": 3},
                    ],
                },
            },
        }
    ],
}


def _under_toll(card: Card) -> dict[str, Any]:
    view = BoardView(board({"id": "toll", "controller": "bob", "definition": HEAVY_TOLL}))
    verdict = cast_on(card, BoardCosts(view, "alice"))
    return verdict.answer_data | {"_texts": [s.text for s in verdict.steps]}


def _sorcery(name: str, mana_cost: str) -> Card:
    return Card.model_validate({"name": name, "mana_cost": mana_cost, "types": ["sorcery"]})


def test_a_board_change_reads_the_spells_mana_value_on_the_stack() -> None:
    answer = _under_toll(_sorcery("Tidal Ledger", "{2}{U}"))
    assert (answer["mana_to_pay"], answer["cost_changes"][0]["sources"]) == ("{2}", ["toll"])
    assert any(
        "makes noncreature spells its controller's opponents cast (with mana value 3 or "
        "greater) cost {2} more" in t
        for t in answer["_texts"]
    )
    # {X}{X}{U}: cast for free X is 0, so its mana value on the stack is 1 (107.3b).
    answer = _under_toll(_sorcery("Widening Gyre", "{X}{X}{U}"))
    assert (answer["mana_to_pay"], answer["cost_changes"]) == ("", [])
    assert answer["mana_value_on_stack"] == 1
    assert any("Sphinx of Lesser Tolls (toll)" in t and "isn't one" in t for t in answer["_texts"])


# Board changes that ask the zone a spell is cast from (601.2a). "Spells you cast from a
# graveyard or from exile cost {3} less to cast"; "spells you cast from anywhere but your
# hand cost {1} less to cast".
def _zoned(name: str, **zones: list[str]) -> dict[str, Any]:
    ability = {"kind": "spell_cost_change", "change": "reduction", "mana": "{1}"}
    spells = {"spells": {"controller": "you"}}
    return {
        "name": name,
        "mana_cost": "{2}",
        "types": ["artifact"],
        "abilities": [ability | spells | zones],
    }


GRAVEWISE = _zoned("Gravewise Tutor", cast_from=["graveyard", "exile"])
WANDERER = _zoned("Hearthless Wanderer", not_cast_from=["hand"])


def _cast_from(zone: str | None, *permanents: dict[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    view = BoardView(board(*permanents))
    costs = BoardCosts(view, "alice", zone)  # type: ignore[arg-type]
    verdict = cast_on(invented(kicker="{2}{U}"), costs, "Kicker")
    return verdict.answer_data, verdict.steps


def test_a_change_applies_to_spells_cast_from_the_zones_it_names() -> None:
    tutor = {"id": "gw", "controller": "alice", "definition": GRAVEWISE}
    for zone in ("graveyard", "exile"):
        answer, steps = _cast_from(zone, tutor)
        assert (answer["mana_to_pay"], answer["cost_changes"][0]["sources"]) == ("{1}{U}", ["gw"])
        said = [s for s in steps if "Gravewise Tutor (gw) makes" in s.text]
        assert "from a graveyard or from exile cost {1} less" in said[0].text
        assert said[0].rules == ("118.7a", "601.2f", "601.2a")
    answer, steps = _cast_from("hand", tutor)
    assert (answer["mana_to_pay"], answer["cost_changes"]) == ("{2}{U}", [])
    why = [s for s in steps if s.text.startswith("Gravewise Tutor (gw):")]
    assert why[0].text.endswith(
        "it applies to spells cast from a graveyard or from exile, and this one is cast from "
        "alice's hand."
    )
    assert why[0].rules == ("601.2f", "601.2a")


def test_a_change_may_leave_out_the_zones_it_names() -> None:
    wanderer = {"id": "hw", "controller": "alice", "definition": WANDERER}
    assert _cast_from("command", wanderer)[0]["mana_to_pay"] == "{1}{U}"
    answer, steps = _cast_from("hand", wanderer)
    assert answer["mana_to_pay"] == "{2}{U}"
    assert any(
        "spells cast from anywhere other than a hand, and this one is cast from alice's hand"
        in s.text
        for s in steps
    )


def test_a_change_that_asks_the_zone_needs_the_question_to_say_it() -> None:
    from app.domain.errors import QuestionError

    with pytest.raises(QuestionError) as refused:
        _cast_from(None, {"id": "gw", "controller": "alice", "definition": GRAVEWISE})
    assert (refused.value.code, refused.value.loc) == ("cast_from_required", ("cast_from",))
    # An opponent's spell isn't one it changes: the zone is never asked.
    theirs = {"id": "gw", "controller": "bob", "definition": GRAVEWISE}
    assert _cast_from(None, theirs)[0]["mana_to_pay"] == "{2}{U}"


@pytest.mark.parametrize(
    "zones",
    [{"cast_from": ["exile", "exile"]}, {"cast_from": ["hand"], "not_cast_from": ["exile"]}],
)
def test_zones_are_named_once_and_one_way(zones: dict[str, list[str]]) -> None:
    from app.domain.costs import SpellCostChange

    with pytest.raises(ValueError, match="zone"):
        SpellCostChange.model_validate({"change": "reduction", "mana": "{1}", "spells": {}} | zones)


# Kinds the game names that are no single condition: historic (700.6) and multicolored
# (105.2b). "Historic spells your rivals cast cost {1} more"; "multicolored ones {1} more".
def _taxing(name: str, where: dict[str, Any]) -> dict[str, Any]:
    ability = {"kind": "spell_cost_change", "change": "increase", "mana": "{1}"}
    spells = {"controller": "opponent", "where": where}
    return {
        "name": name,
        "mana_cost": "{3}",
        "types": ["artifact"],
        "abilities": [ability | {"spells": spells}],
    }


COLORS = [{"kind": "color", "color": c} for c in "WUBRG"]
CHRONICLE_TAX = _taxing(
    "Chronicle Tollgate",
    {
        "kind": "any",
        "of": [
            {"kind": "type", "type": "artifact"},
            {"kind": "supertype", "supertype": "legendary"},
            {"kind": "subtype", "subtype": "Saga"},
        ],
    },
)
PRISM_TAX = _taxing(
    "Prism Tollgate",
    {
        "kind": "all",
        "of": [{"kind": "not", "filter": {"kind": "monocolored"}}, {"kind": "any", "of": COLORS}],
    },
)


@pytest.mark.parametrize(
    ("spell", "owed"),
    [
        ({"mana_cost": "{1}{W}{U}", "types": ["sorcery"], "supertypes": ["legendary"]}, "{2}"),
        ({"mana_cost": "{2}{G}", "types": ["enchantment"], "subtypes": ["Saga"]}, "{1}"),
        ({"mana_cost": "{R}{G}", "types": ["instant"]}, "{1}"),
        ({"mana_cost": "{4}", "types": ["instant"]}, ""),
        ({"mana_cost": "{2}{B}", "types": ["instant"]}, ""),
    ],
)
def test_historic_and_multicolored_spells_are_the_games(spell: dict[str, Any], owed: str) -> None:
    view = BoardView(
        board(
            {"id": "hist", "controller": "bob", "definition": CHRONICLE_TAX},
            {"id": "multi", "controller": "bob", "definition": PRISM_TAX},
        )
    )
    card = Card.model_validate({"name": "Woven Omen"} | spell)
    verdict = cast_on(card, BoardCosts(view, "alice"))
    assert verdict.answer_data["mana_to_pay"] == owed
    texts = [s.text for s in verdict.steps]
    assert any("historic spells its controller's opponents cast" in t for t in texts)
    assert any("multicolored spells its controller's opponents cast" in t for t in texts)
