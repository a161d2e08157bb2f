"""Tapping (or untapping) a permanent for mana (106.12, 106.12a, 106.12b, 107.5, 107.6, 302.6,
605, 614.5, 614.15, 616.1, 616.1e)."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.errors import QuestionError
from app.domain.state import Board
from app.engine.activate import activate
from app.engine.board import BoardView
from tests.engine.mana_helpers import E, P, board
from tests.engine.test_mana_colors import defined


def act(b: Board, pid: str, **kw: Any) -> dict[str, Any]:
    return activate(b, pid, **kw).answer_data


def totals(answer: dict[str, Any]) -> set[str]:
    return {o["total"] for o in answer["outcomes"]}


def tapped_after(answer: dict[str, Any], pid: str) -> bool:
    return next(p for p in answer["state"]["battlefield"] if p["id"] == pid).get("tapped", False)


# --- plain activations -----------------------------------------------------------------------


def test_forest_taps_for_green() -> None:
    # 106.12, 305.6, 605.3: the intrinsic {T}: {G}.
    v = activate(board(P("f", "Forest")), "f")
    a = v.answer_data
    assert (a["legal"], a["produced"], a["total"], a["made_mana"]) == (True, "{G}", "{G}", True)
    assert a["triggered"] == [] and a["reasons"] == []
    assert tapped_after(a, "f") is True
    assert a["outcomes"] == [{"replacement_order": [], "produced": "{G}", "total": "{G}"}]
    assert {"106.12", "605.3"} <= set(v.citations)


def test_state_after_only_flips_the_tapped_permanent() -> None:
    # 107.5: paying {T} taps this permanent and nothing else.
    b = board(P("f", "Forest"), P("i", "Island"))
    a = act(b, "f")
    assert tapped_after(a, "f") is True
    assert tapped_after(a, "i") is False
    assert (
        b.state is not None and b.state.battlefield[0].get("tapped", False) is False
    )  # input untouched


def test_already_tapped_land_cant_be_tapped() -> None:
    # 107.5: a tapped permanent can't pay {T}.
    b = board(P("f", "Forest", tapped=True))
    a = act(b, "f")
    assert a["legal"] is False
    assert [r["code"] for r in a["reasons"]] == ["already_tapped"]
    assert a["reasons"][0]["rules"] == ["107.5"]
    assert (a["produced"], a["total"], a["made_mana"]) == ("", "", False)
    assert tapped_after(a, "f") is True  # unchanged


def test_permanent_without_mana_ability() -> None:
    # 605.1a: nothing to activate.
    a = act(board(P("flare", "Mana Flare")), "flare")
    assert a["legal"] is False
    assert [r["code"] for r in a["reasons"]] == ["no_mana_ability"]


def test_unknown_permanent_is_a_question_error() -> None:
    # 106.12 needs a permanent on the battlefield; docs/api.md: an unknown id is a 422.
    with pytest.raises(QuestionError) as err:
        activate(board(P("f", "Forest")), "nope")
    assert (err.value.loc, err.value.code) == (("permanent_id",), "unknown_permanent")


def test_non_tap_costs_are_taken_as_paid_and_said_so() -> None:
    # 106.12: Dimir Signet's {1} is paid; the ruling says so.
    v = activate(board(P("s", "Dimir Signet")), "s")
    assert v.answer_data["total"] == "{U}{B}"
    assert any("taken as paid" in s.text for s in v.steps)
    v = activate(board(P("mc", "Mana Confluence")), "mc", choose="R")
    assert v.answer_data["total"] == "{R}"
    assert any("pay 1 life" in s.text and "taken as paid" in s.text for s in v.steps)


# --- choosing ability and type ---------------------------------------------------------------


def test_several_abilities_need_an_index() -> None:
    # 305.6: Tundra has two intrinsic abilities; the question must say which.
    b = board(P("t", "Tundra"))
    with pytest.raises(QuestionError) as err:
        activate(b, "t")
    assert err.value.loc == ("ability",)
    assert err.value.code == "ability_required"
    assert "0: {T}: add {W}" in err.value.message and "1: {T}: add {U}" in err.value.message
    assert act(b, "t", ability=1)["total"] == "{U}"


def test_bad_ability_index_is_a_question_error() -> None:
    # 305.6: a Forest has one mana ability (index 0); docs/api.md: a bad index is a 422.
    with pytest.raises(QuestionError) as err:
        activate(board(P("f", "Forest")), "f", ability=3)
    assert err.value.loc == ("ability",)


def test_granted_abilities_come_after_intrinsic_ones() -> None:
    # 305.6: Forest's own ability first, Chromatic Lantern's granted one second.
    b = board(P("f", "Forest"), P("lantern", "Chromatic Lantern"))
    with pytest.raises(QuestionError):
        activate(b, "f")
    a = act(b, "f", ability=1, choose="U")
    assert a["total"] == "{U}"
    assert a["ability"]["origin"] == "granted" and a["ability"]["granted_by"] == "lantern"


def test_choose_picks_the_color() -> None:
    # 106.1b: Birds of Paradise makes one mana of the chosen color.
    a = act(board(P("birds", "Birds of Paradise")), "birds", choose="{G}")
    assert a["total"] == "{G}"
    assert a["options"] == ["W", "U", "B", "R", "G"]


def test_missing_choice_lists_every_option() -> None:
    # 106.1b: not guessed: every color is an outcome, colorless is not.
    a = act(board(P("birds", "Birds of Paradise")), "birds")
    assert a["legal"] is True and a["choice_required"] is True
    assert (a["produced"], a["total"], a["made_mana"]) == ("", "", False)
    assert totals(a) == {"{W}", "{U}", "{B}", "{R}", "{G}"}
    assert all(o["choices"]["choose"] for o in a["outcomes"])
    assert [n["code"] for n in a["notes"]] == ["choice_required"]
    assert tapped_after(a, "birds") is True  # the cost is paid on activation


def test_choice_that_makes_no_difference_is_not_required() -> None:
    # 616.1: under Contamination every color City of Brass could make becomes {B}.
    a = act(board(P("city", "City of Brass"), P("c", "Contamination")), "city")
    assert a["choice_required"] is False
    assert a["total"] == "{B}"


def test_invalid_choice_is_a_question_error() -> None:
    # 106.1b: colorless is not a color.
    with pytest.raises(QuestionError) as err:
        activate(board(P("birds", "Birds of Paradise")), "birds", choose="C")
    assert (err.value.loc, err.value.code) == (("choose",), "invalid_choice")
    with pytest.raises(QuestionError):
        activate(board(P("f", "Forest")), "f", choose="U")
    with pytest.raises(QuestionError):
        activate(board(P("f", "Forest")), "f", choose="purple")


def test_llanowar_wastes_second_ability_offers_black_or_green() -> None:
    # 605.1a: its second mana ability makes {B} or {G}.
    a = act(board(P("lw", "Llanowar Wastes")), "lw", ability=1, choose="B")
    assert a["total"] == "{B}"


# --- "could produce" abilities (106.5, 106.7) ------------------------------------------------


def test_lone_reflecting_pool_makes_no_mana() -> None:
    # 106.5: no type can be defined: legal, it taps, nothing is made, nothing triggers.
    b = board(
        P("pool", "Reflecting Pool"),
        P("flare", "Mana Flare"),
        P("wg", "Wild Growth", attached_to="pool"),
    )
    v = activate(b, "pool")
    a = v.answer_data
    assert a["legal"] is True
    assert (a["produced"], a["total"], a["made_mana"], a["triggered"]) == ("", "", False, [])
    assert tapped_after(a, "pool") is True
    assert a["outcomes"] == [{"replacement_order": [], "produced": "", "total": ""}]
    assert "106.5" in v.citations and "106.12a" in v.citations


def test_lone_reflecting_pool_under_contamination_still_makes_nothing() -> None:
    # 106.5: mana never made can't be replaced into mana.
    a = act(board(P("pool", "Reflecting Pool"), P("c", "Contamination")), "pool")
    assert (a["produced"], a["made_mana"]) == ("", False)


def test_reflecting_pool_with_a_forest_makes_green() -> None:
    # 106.7
    a = act(board(P("pool", "Reflecting Pool"), P("f", "Forest", tapped=True)), "pool")
    assert a["total"] == "{G}"


def test_incubation_druid_with_counter_and_mana_reflection_makes_six() -> None:
    # 614.15, 616.1a: three instead of one comes first, then Mana Reflection doubles.
    b = board(
        P("druid", "Incubation Druid", counters={"+1/+1": 1}),
        P("f", "Forest"),
        P("refl", "Mana Reflection"),
    )
    v = activate(b, "druid")
    assert v.answer_data["total"] == "{G}" * 6
    assert {"614.15", "616.1a"} <= set(v.citations)


def test_squandered_resources_is_not_tapping_for_mana() -> None:
    # 106.12: sacrificing a land is not tapping: Mana Reflection and Mana Flare ignore it.
    b = board(
        P("sq", "Squandered Resources"),
        P("f", "Forest"),
        P("refl", "Mana Reflection"),
        P("flare", "Mana Flare"),
    )
    a = act(b, "sq")
    assert a["total"] == "{G}"
    assert a["state"] == b.state.model_dump(mode="json")  # type: ignore[union-attr]


# --- replacement effects (106.12b, 616.1) ----------------------------------------------------


def test_reflection_and_contamination_two_outcomes_and_client_order() -> None:
    # 616.1: double then replace {B}; replace then double {B}{B}; the client's order is applied.
    b = board(P("f", "Forest"), P("refl", "Mana Reflection"), P("contam", "Contamination"))
    a = act(b, "f")
    assert a["total"] == "{B}"  # default order: battlefield order
    assert {(tuple(o["replacement_order"]), o["total"]) for o in a["outcomes"]} == {
        (("refl", "contam"), "{B}"),
        (("contam", "refl"), "{B}{B}"),
    }
    a = act(b, "f", replacement_order=["contam", "refl"])
    assert a["total"] == "{B}{B}"
    assert a["replacement_order"] == ["contam", "refl"]
    assert a["outcomes"][0]["total"] == "{B}{B}"  # the result asked for comes first


def test_forest_with_two_mana_reflections_makes_four() -> None:
    # 614.5: each applies once: 1 -> 2 -> 4.
    b = board(P("f", "Forest"), P("r1", "Mana Reflection"), P("r2", "Mana Reflection"))
    a = act(b, "f")
    assert a["total"] == "{G}{G}{G}{G}"
    assert totals(a) == {"{G}{G}{G}{G}"}


def test_forest_with_reflection_and_nyxbloom_makes_six_in_both_orders() -> None:
    # 616.1: doubling and tripling commute.
    b = board(P("f", "Forest"), P("refl", "Mana Reflection"), P("nyx", "Nyxbloom Ancient"))
    assert act(b, "f", replacement_order=["refl", "nyx"])["total"] == "{G}" * 6
    assert act(b, "f", replacement_order=["nyx", "refl"])["total"] == "{G}" * 6
    assert totals(act(b, "f")) == {"{G}" * 6}


def test_mana_reflection_only_affects_its_controllers_permanents() -> None:
    # 106.12b: "you tap": bob's Reflection ignores alice's Forest.
    assert act(board(P("f", "Forest"), P("refl", "Mana Reflection", "bob")), "f")["total"] == "{G}"


def test_boros_garrison_under_contamination_makes_one_black() -> None:
    # 106.12b: the whole event becomes one {B}.
    assert act(board(P("g", "Boros Garrison"), P("c", "Contamination")), "g")["total"] == "{B}"


def test_forest_with_reflection_and_damping_sphere_only_colorless() -> None:
    # 616.1e: after doubling, two or more: Damping Sphere applies; {C} is the only outcome.
    v = activate(
        board(P("f", "Forest"), P("refl", "Mana Reflection"), P("s", "Damping Sphere")), "f"
    )
    assert v.answer_data["total"] == "{C}"
    assert totals(v.answer_data) == {"{C}"}
    assert "616.1e" in v.citations


def test_ancient_tomb_with_reflection_and_sphere_has_two_outcomes() -> None:
    # 616.1, 616.1e: Sphere first then double: {C}{C}; double first then Sphere: {C}.
    b = board(P("t", "Ancient Tomb"), P("refl", "Mana Reflection"), P("s", "Damping Sphere"))
    a = act(b, "t")
    assert {(tuple(o["replacement_order"]), o["total"]) for o in a["outcomes"]} == {
        (("refl", "s"), "{C}"),
        (("s", "refl"), "{C}{C}"),
    }


def test_reported_orders_reproduce_their_outcomes() -> None:
    # 616.1: any order in outcomes, sent back, gives that total.
    b = board(
        P("t", "Ancient Tomb"),
        P("refl", "Mana Reflection"),
        P("s", "Damping Sphere"),
        P("c", "Contamination"),
        P("nyx", "Nyxbloom Ancient"),
        effects=(E("pm", "Pale Moon"),),
    )
    a = act(b, "t")
    assert len(a["outcomes"]) > 2
    for o in a["outcomes"]:
        assert act(b, "t", replacement_order=o["replacement_order"])["total"] == o["total"]


def test_replacement_order_validation() -> None:
    # 614.5: an effect is named once; ids must be replacement sources in the state.
    b = board(P("f", "Forest"), P("refl", "Mana Reflection"), P("i", "Island"))
    with pytest.raises(QuestionError) as err:
        activate(b, "f", replacement_order=["refl", "ghost"])
    assert (err.value.loc, err.value.code) == (
        ("replacement_order", 1),
        "unknown_replacement_source",
    )
    with pytest.raises(QuestionError) as err:
        activate(b, "f", replacement_order=["i"])
    assert err.value.code == "not_a_replacement_source"
    with pytest.raises(QuestionError) as err:
        activate(b, "f", replacement_order=["refl", "refl"])
    assert err.value.loc == ("replacement_order", 1)


def test_twelve_mana_reflections_answer_with_one_outcome() -> None:
    # 614.5, 616.1: 12! orders collapse; 4096 {G}.
    b = board(P("f", "Forest"), *(P(f"r{i}", "Mana Reflection") for i in range(12)))
    a = act(b, "f")
    assert a["total"] == "{G}" * 4096
    assert len(a["outcomes"]) == 1


def test_too_much_mana_is_refused() -> None:
    # 614.5: fourteen doublings (16,384 mana) exceed what the service renders.
    # Beyond 10,000 mana the service doesn't render the answer.
    b = board(P("f", "Forest"), *(P(f"r{i}", "Mana Reflection") for i in range(14)))
    with pytest.raises(QuestionError) as err:
        activate(b, "f")
    assert err.value.code == "too_much_mana"


# --- triggered mana (106.12a, 605.1b) --------------------------------------------------------


def test_forest_reflection_and_mana_flare_make_three() -> None:
    # 106.12a, 605.1b: Flare's extra {G} is not doubled.
    b = board(P("f", "Forest"), P("refl", "Mana Reflection"), P("flare", "Mana Flare"))
    a = act(b, "f")
    assert (a["produced"], a["total"]) == ("{G}{G}", "{G}{G}{G}")
    assert a["triggered"] == [{"source_id": "flare", "name": "Mana Flare", "mana": "{G}"}]


def test_forest_mana_flare_and_contamination_make_two_black() -> None:
    # 106.12a: Flare adds a type the land produced, which was {B}.
    b = board(P("f", "Forest"), P("flare", "Mana Flare"), P("c", "Contamination"))
    assert act(b, "f")["total"] == "{B}{B}"


def test_mana_flare_on_boros_garrison_offers_two_outcomes() -> None:
    # 106.12a: one more mana of a type it produced: {R} or {W}.
    b = board(P("g", "Boros Garrison"), P("flare", "Mana Flare", "bob"))
    a = act(b, "g")
    assert a["choice_required"] is True
    assert a["produced"] == "{W}{R}" and a["total"] == ""
    assert a["triggered"] == [
        {"source_id": "flare", "name": "Mana Flare", "mana": "", "choices": ["W", "R"]}
    ]
    assert totals(a) == {"{W}{W}{R}", "{W}{R}{R}"}
    a = act(b, "g", choose="R")
    assert (a["total"], a["choice_required"]) == ("{W}{R}{R}", False)


def test_heartbeat_of_spring_works_like_mana_flare() -> None:
    # 106.12a
    assert (
        act(board(P("i", "Island"), P("h", "Heartbeat of Spring", "bob")), "i")["total"] == "{U}{U}"
    )


def test_zendikar_resurgent_only_for_its_controllers_lands() -> None:
    # 106.12a: "you tap".
    assert act(board(P("i", "Island"), P("z", "Zendikar Resurgent")), "i")["total"] == "{U}{U}"
    assert act(board(P("i", "Island"), P("z", "Zendikar Resurgent", "bob")), "i")["total"] == "{U}"


def test_vernal_bloom_on_forests_including_dryad_arbor() -> None:
    # 106.12a: any Forest; Dryad Arbor is one.
    b = board(P("arbor", "Dryad Arbor"), P("i", "Island"), P("vb", "Vernal Bloom", "bob"))
    assert act(b, "arbor")["total"] == "{G}{G}"
    assert act(b, "i")["total"] == "{U}"


def test_wild_growth_overgrowth_and_utopia_sprawl() -> None:
    # 106.12a: Auras on the tapped land add their mana.
    b = board(
        P("f", "Forest"),
        P("wg", "Wild Growth", attached_to="f"),
        P("og", "Overgrowth", attached_to="f"),
        P("us", "Utopia Sprawl", attached_to="f", chosen_color="U"),
        P("other", "Forest"),
    )
    assert act(b, "f")["total"] == "{U}{G}{G}{G}{G}"
    assert act(b, "other")["total"] == "{G}"


def test_utopia_sprawl_without_a_chosen_color_is_a_question_error() -> None:
    # 106.12a: its trigger needs the color chosen for it; without one the question is malformed.
    b = board(P("f", "Forest"), P("us", "Utopia Sprawl", attached_to="f"))
    with pytest.raises(QuestionError) as err:
        activate(b, "f")
    assert err.value.loc == ("state", "battlefield", 1, "chosen_color")


def test_wild_growth_mana_doesnt_count_for_damping_sphere() -> None:
    # 106.12a, 605.1b: triggered mana is its own event; one {G} is not "two or more".
    b = board(P("f", "Forest"), P("wg", "Wild Growth", attached_to="f"), P("s", "Damping Sphere"))
    assert act(b, "f")["total"] == "{G}{G}"


def test_caged_sun_adds_one_of_the_chosen_color() -> None:
    # 106.12a: a land's ability made mana of the chosen color.
    b = board(P("f", "Forest"), P("sun", "Caged Sun", chosen_color="G"))
    assert act(b, "f")["total"] == "{G}{G}"


def test_caged_sun_with_contamination_doesnt_trigger() -> None:
    # 106.12a: the Forest made {B}, not green.
    b = board(P("f", "Forest"), P("sun", "Caged Sun", chosen_color="G"), P("c", "Contamination"))
    a = act(b, "f")
    assert (a["total"], a["triggered"]) == ("{B}", [])


def test_caged_sun_ignores_nonlands_and_opponents_lands() -> None:
    # 106.12a: "a land's ability" and "you add".
    b = board(
        P("elves", "Llanowar Elves"),
        P("f", "Forest", "bob"),
        P("sun", "Caged Sun", chosen_color="G"),
    )
    assert act(b, "elves")["total"] == "{G}"
    assert act(b, "f")["total"] == "{G}"


# --- {Q}, summoning sickness and haste (107.6, 302.6, 702.10) --------------------------------


def test_pili_pala_untapped_cant_pay_untap() -> None:
    # 107.6: {Q} needs a tapped permanent.
    a = act(board(P("pili", "Pili-Pala")), "pili", choose="U")
    assert a["legal"] is False
    assert [r["code"] for r in a["reasons"]] == ["already_untapped"]


def test_pili_pala_tapped_and_summoning_sick() -> None:
    # 302.6: {Q} counts too.
    b = board(P("pili", "Pili-Pala", tapped=True, controlled_since_turn_start=False))
    a = act(b, "pili", choose="U")
    assert [r["code"] for r in a["reasons"]] == ["summoning_sick"]


def test_pili_pala_untaps_for_mana_and_is_not_tapped_for_mana() -> None:
    # 106.12, 107.6: untapping isn't tapping for mana: Mana Reflection and Mana Flare ignore it.
    b = board(
        P("pili", "Pili-Pala", tapped=True), P("refl", "Mana Reflection"), P("flare", "Mana Flare")
    )
    a = act(b, "pili", choose="U")
    assert (a["legal"], a["total"], a["triggered"]) == (True, "{U}", [])
    assert tapped_after(a, "pili") is False


def test_llanowar_elves_summoning_sick() -> None:
    # 302.6: a creature not controlled since the turn began can't use {T}.
    v = activate(board(P("elves", "Llanowar Elves", controlled_since_turn_start=False)), "elves")
    assert v.answer_data["legal"] is False
    assert v.answer_data["reasons"][0]["code"] == "summoning_sick"
    assert v.answer_data["reasons"][0]["rules"] == ["302.6"]


@pytest.mark.parametrize(
    ("extra", "effects"),
    [
        ([P("greaves", "Lightning Greaves", attached_to="elves")], ()),
        ([P("crossroads", "Concordant Crossroads", "bob")], ()),
    ],
)
def test_llanowar_elves_with_haste_can_tap(
    extra: list[dict[str, Any]], effects: tuple[dict[str, Any], ...]
) -> None:
    # 302.6, 702.10: haste from Equipment or a global enchantment.
    b = board(
        P("elves", "Llanowar Elves", controlled_since_turn_start=False), *extra, effects=effects
    )
    v = activate(b, "elves")
    assert (v.answer_data["legal"], v.answer_data["total"]) == (True, "{G}")
    assert "702.10" in v.citations


def test_act_of_treason_gives_control_and_haste() -> None:
    # 302.6, 702.10: bob's Elves, stolen this turn, can tap thanks to the haste.
    b = board(
        P("elves", "Llanowar Elves", "bob"),
        effects=(E("aot", "Act of Treason", "alice", target="elves"),),
    )
    v = activate(b, "elves")
    assert (v.answer_data["legal"], v.answer_data["total"]) == (True, "{G}")
    assert any("alice" in s.text and "haste" in s.text for s in v.steps)


def test_control_magic_gives_no_haste() -> None:
    # 302.6: Control Magic arrived this turn: the new controller's clock restarts, no haste.
    b = board(
        P("elves", "Llanowar Elves", "bob"),
        P("cm", "Control Magic", "alice", attached_to="elves", controlled_since_turn_start=False),
    )
    a = act(b, "elves")
    assert a["legal"] is False and a["reasons"][0]["code"] == "summoning_sick"
    # A Control Magic from an earlier turn: controlled since alice's turn began.
    b = board(
        P("elves", "Llanowar Elves", "bob"), P("cm", "Control Magic", "alice", attached_to="elves")
    )
    assert act(b, "elves")["legal"] is True


def test_an_old_control_magic_newly_attached_explains_the_permanents_own_fact() -> None:
    # The Aura is older than the turn, but the Elves' own fact says alice hasn't controlled
    # them since her turn began (moved onto them this turn): sick, and no step says otherwise.
    b = board(
        P("elves", "Llanowar Elves", "bob", controlled_since_turn_start=False),
        P("cm", "Control Magic", "alice", attached_to="elves"),
    )
    v = activate(b, "elves")
    assert v.answer_data["legal"] is False
    said = " ".join(s.text for s in v.steps)
    assert "has had that control since before" not in said
    assert "the state says alice has not controlled it" in said


def test_control_changes_apply_in_timestamp_order() -> None:
    # 613.7: the later control effect wins, whatever order the question lists them in. bob's
    # Control Magic (timestamp 5) is later than alice's (timestamp 3): bob controls the Elves.
    def controller(*listed: dict[str, object]) -> str:
        b = board(P("elves", "Llanowar Elves", "carol"), *listed)
        return BoardView(b).controller(b.get("elves"))  # type: ignore[arg-type]

    alices = P("cm1", "Control Magic", "alice", attached_to="elves", timestamp=3)
    bobs = P("cm2", "Control Magic", "bob", attached_to="elves", timestamp=5)
    assert controller(alices, bobs) == controller(bobs, alices) == "bob"
    # An effect's timestamp against a permanent's: the effect is later here, so it wins.
    b = board(
        P("elves", "Llanowar Elves", "carol"),
        P("cm", "Control Magic", "bob", attached_to="elves", timestamp=5),
        effects=(E("aot", "Act of Treason", "alice", target="elves", timestamp=7),),
    )
    assert BoardView(b).controller(b.get("elves")) == "alice"  # type: ignore[arg-type]
    earlier = board(
        P("elves", "Llanowar Elves", "carol"),
        P("cm", "Control Magic", "bob", attached_to="elves", timestamp=5),
        effects=(E("aot", "Act of Treason", "alice", target="elves", timestamp=2),),
    )
    assert BoardView(earlier).controller(earlier.get("elves")) == "bob"  # type: ignore[arg-type]


def test_dryad_arbor_is_a_creature_and_can_be_summoning_sick() -> None:
    # 302.6: a land creature.
    a = act(board(P("arbor", "Dryad Arbor", controlled_since_turn_start=False)), "arbor")
    assert a["reasons"][0]["code"] == "summoning_sick"


def test_mind_stone_is_never_summoning_sick() -> None:
    # 302.6: only creatures.
    a = act(board(P("stone", "Mind Stone", controlled_since_turn_start=False)), "stone")
    assert (a["legal"], a["total"]) == (True, "{C}")


def test_cryptolith_rite_creature_still_summoning_sick() -> None:
    # 302.6: a granted {T} ability of a creature is still a creature's {T} ability.
    b = board(
        P("elves", "Llanowar Elves", controlled_since_turn_start=False),
        P("rite", "Cryptolith Rite"),
    )
    a = act(b, "elves", ability=1, choose="W")
    assert a["reasons"][0]["code"] == "summoning_sick"


def test_tapped_and_sick_gives_both_reasons() -> None:
    # 107.5, 302.6
    a = act(
        board(P("elves", "Llanowar Elves", tapped=True, controlled_since_turn_start=False)), "elves"
    )
    assert [r["code"] for r in a["reasons"]] == ["already_tapped", "summoning_sick"]


def test_twelve_mixed_effects_list_every_distinct_total() -> None:
    # 616.1: a dozen effects of five kinds, every distinct result with an order that gives it.
    b = board(
        P("f", "Forest"),
        *(P(f"r{i}", "Mana Reflection") for i in range(3)),
        *(P(f"n{i}", "Nyxbloom Ancient") for i in range(3)),
        P("c1", "Contamination"),
        P("c2", "Contamination"),
        P("s1", "Damping Sphere"),
        P("s2", "Damping Sphere"),
        effects=(E("dw1", "Deep Water"), E("dw2", "Deep Water")),
    )
    a = act(b, "f")
    assert len(a["outcomes"]) == len(totals(a)) > 5
    for o in a["outcomes"][:10]:
        assert act(b, "f", replacement_order=o["replacement_order"])["total"] == o["total"]


# --- rules review: control, costs paid in the state, wording and citations -------------------


def steps_text(v: Any) -> str:
    return " ".join(s.text for s in v.steps)


def test_control_magic_on_your_own_creature_doesnt_restart_the_clock() -> None:
    # 302.6: alice controlled her Elves continuously; taking control of it changes nothing.
    b = board(
        P("e", "Llanowar Elves"),
        P("cm", "Control Magic", attached_to="e", controlled_since_turn_start=False),
    )
    v = activate(b, "e")
    assert (v.answer_data["legal"], v.answer_data["total"], v.answer_data["reasons"]) == (
        True,
        "{G}",
        [],
    )
    text = steps_text(v)
    assert "already controlled it" in text
    assert "restarts" not in text and "hasn't controlled" not in text


def test_control_effect_without_haste_on_your_own_creature_doesnt_restart_the_clock() -> None:
    # 302.6: an Act of Treason-like effect without haste, aimed at your own creature.
    borrow = {
        "name": "Borrowed Loyalty",
        "types": ["sorcery"],
        "abilities": [{"kind": "gain_control", "of": "target", "works_from": "effect"}],
    }
    effect = {"id": "b", "definition": borrow, "controller": "alice", "target": "e"}
    v = activate(board(P("e", "Llanowar Elves"), effects=(effect,)), "e")
    assert (v.answer_data["legal"], v.answer_data["total"]) == (True, "{G}")
    assert "restarts" not in steps_text(v)
    # The same effect on bob's creature is a real change of control: summoning sick.
    a = act(board(P("e", "Llanowar Elves", "bob"), effects=(effect,)), "e")
    assert a["legal"] is False and a["reasons"][0]["code"] == "summoning_sick"


def test_removed_counters_are_paid_in_the_returned_state() -> None:
    # 118.3 / docs/api.md: the cost is taken as paid, so the state shows the counter gone.
    def counters_after(counters: dict[str, int]) -> dict[str, int]:
        a = act(board(P("crag", "Vivid Crag", counters=counters)), "crag", ability=1, choose="U")
        assert (a["legal"], a["total"], a["notes"]) == (True, "{U}", [])
        return next(p for p in a["state"]["battlefield"] if p["id"] == "crag")["counters"]

    assert counters_after({"charge": 2}) == {"charge": 1}
    assert counters_after({"charge": 1, "+1/+1": 3}) == {"+1/+1": 3}  # key dropped at 0
    # Its first ability has no such cost: the counters stay.
    a = act(board(P("crag", "Vivid Crag", counters={"charge": 2})), "crag", ability=0)
    assert a["state"]["battlefield"][0]["counters"] == {"charge": 2}


def test_missing_counters_are_taken_as_paid_with_a_note() -> None:
    # 118.3: with no charge counter the cost couldn't really be paid; docs/api.md still rules on it.
    v = activate(board(P("crag", "Vivid Crag")), "crag", ability=1, choose="U")
    a = v.answer_data
    assert (a["legal"], a["total"]) == (True, "{U}")
    assert [n["code"] for n in a["notes"]] == ["cost_taken_as_paid"]
    assert "118.3" in a["notes"][0]["message"] and "118.3" in v.citations
    assert a["state"]["battlefield"][0]["counters"] == {}


def test_own_instead_sees_the_counters_left_after_the_cost() -> None:
    # 614.15: the cost is paid before the ability resolves; its "instead" looks afterwards.
    druid = {
        "name": "Counter Spender",
        "types": ["artifact"],
        "abilities": [
            {
                "kind": "mana_ability",
                "cost": {"tap": True, "remove_counters": {"+1/+1": 1}},
                "produces": {"kind": "fixed", "mana": "{G}"},
                "instead": {"kind": "amount_if_counter", "counter": "+1/+1", "amount": 3},
            }
        ],
    }
    one = {"id": "d", "definition": druid, "controller": "alice", "counters": {"+1/+1": 1}}
    two = {**one, "counters": {"+1/+1": 2}}
    assert act(board(one), "d")["total"] == "{G}"
    assert act(board(two), "d")["total"] == "{G}{G}{G}"


def test_sacrifice_with_nothing_to_sacrifice_is_noted() -> None:
    # 118.3: Squandered Resources with no land: a real game wouldn't allow it.
    v = activate(board(P("sq", "Squandered Resources")), "sq")
    assert v.answer_data["legal"] is True
    assert [n["code"] for n in v.answer_data["notes"]] == ["cost_taken_as_paid"]
    assert "118.3" in v.citations


def test_too_few_untapped_permanents_to_tap_is_noted() -> None:
    # 118.3: three Elves to tap, the druid one of them; with one Elf tapped there are two.
    def elf(pid: str, name: str, text: str = "") -> dict[str, Any]:
        found = defined(pid, name, text, types=("Creature",))
        found["definition"]["subtypes"] = ["Elf"]
        return found

    druid = elf("d", "Kinhold Druid", "Tap three untapped Elves you control: Add {G}{G}{G}.")
    elves = [elf("e0", "Kinhold Scout"), elf("e1", "Kinhold Scout")]
    enough = activate(board(druid, *elves), "d").answer_data
    assert (enough["legal"], enough["total"], enough["notes"]) == (True, "{G}{G}{G}", [])
    short = activate(board(druid, elves[0], {**elves[1], "tapped": True}), "d")
    assert short.answer_data["legal"] is True
    assert [n["code"] for n in short.answer_data["notes"]] == ["cost_taken_as_paid"]
    assert "there are only 2" in steps_text(short)


def test_sacrificed_land_stays_in_the_state_and_the_explanation_says_why() -> None:
    # docs/api.md: the question doesn't say which land is sacrificed; the state keeps it.
    b = board(P("sq", "Squandered Resources"), P("f", "Forest"), P("i", "Island"))
    v = activate(b, "sq", choose="G")
    assert v.answer_data["notes"] == []
    assert v.answer_data["state"] == b.state.model_dump(mode="json")  # type: ignore[union-attr]
    assert "doesn't say which land is sacrificed" in steps_text(v)


def test_zero_amount_is_no_mana_not_an_undefined_type() -> None:
    # Gaea's Cradle without creatures: the type ({G}) is defined, the amount is zero; 106.5 is
    # only for a type that can't be defined.
    v = activate(board(P("cr", "Gaea's Cradle")), "cr")
    assert (v.answer_data["legal"], v.answer_data["produced"], v.answer_data["made_mana"]) == (
        True,
        "",
        False,
    )
    text = steps_text(v)
    assert "zero {G}" in text and "no mana" in text
    assert "can be defined" not in text
    assert "106.5" not in v.citations
    # A lone Reflecting Pool keeps 106.5.
    assert "106.5" in activate(board(P("pool", "Reflecting Pool")), "pool").citations


def test_one_creature_is_singular() -> None:
    # Wording: "there is 1 creature you control".
    v = activate(board(P("cr", "Gaea's Cradle"), P("e", "Llanowar Elves")), "cr")
    text = steps_text(v)
    assert "there is 1 creature you control" in text and "1 creatures" not in text


def test_trigger_says_the_permanent_was_tapped_and_the_ability_made_mana() -> None:
    # 106.12a: the land is tapped for mana; the ability makes the mana.
    v = activate(board(P("f", "Forest"), P("flare", "Mana Flare")), "f")
    text = steps_text(v)
    assert "Forest (f) was tapped for mana and the ability made mana" in text
    assert "the ability was tapped" not in text
    # Caged Sun needs no tapping: only the ability making mana.
    v = activate(board(P("f", "Forest"), P("sun", "Caged Sun", chosen_color="G")), "f")
    assert "Caged Sun (sun) triggers because the ability made mana" in steps_text(v)


def test_intrinsic_ability_step_cites_305_6() -> None:
    # 305.6: the Forest's ability comes from its land type; a printed one doesn't cite it.
    v = activate(board(P("f", "Forest")), "f")
    assert "from its land type Forest" in v.steps[0].text and "305.6" in v.steps[0].rules
    assert "305.6" not in activate(board(P("e", "Llanowar Elves")), "e").steps[0].rules


def test_outcome_steps_cite_616_1_only_with_replacement_effects() -> None:
    # 616.1 is about the order of replacement effects; choices alone don't rest on it.
    for b, pid in [
        (board(P("birds", "Birds of Paradise")), "birds"),
        (board(P("g", "Boros Garrison"), P("flare", "Mana Flare")), "g"),
    ]:
        v = activate(b, pid)
        assert any(s.text.startswith("Over every") for s in v.steps)
        assert "616.1" not in v.citations
    v = activate(board(P("g", "Boros Garrison"), P("flare", "Mana Flare")), "g")
    over = next(s for s in v.steps if s.text.startswith("Over every"))
    assert set(over.rules) == {"106.12a", "605.1b"}
    v = activate(
        board(P("f", "Forest"), P("refl", "Mana Reflection"), P("c", "Contamination")), "f"
    )
    over = next(s for s in v.steps if s.text.startswith("Over every"))
    assert over.rules == ("616.1",)


def test_side_effect_is_explained_in_the_ability_step() -> None:
    # Llanowar Wastes' colored ability and Ancient Tomb hurt you; that is not a cost.
    v = activate(board(P("lw", "Llanowar Wastes")), "lw", ability=1, choose="G")
    assert "1 damage to you" in v.steps[0].text and "not a cost" in v.steps[0].text
    v = activate(board(P("t", "Ancient Tomb")), "t")
    assert "2 damage to you" in v.steps[0].text
    v = activate(board(P("lw", "Llanowar Wastes")), "lw", ability=0)
    assert "damage" not in steps_text(v)


def test_an_older_control_source_after_a_steal_this_turn_says_the_count_was_broken() -> None:
    # 302.6: bob's Control Magic (later timestamp) gives the Elves back, but alice's steal this
    # turn broke bob's continuous control; no step says bob kept it since his turn began.
    b = board(
        P("elves", "Llanowar Elves", "bob"),
        P("cm", "Control Magic", "bob", attached_to="elves", timestamp=5),
        effects=[E("aot", "Act of Treason", "alice", target="elves", timestamp=3)],
    )
    said = " ".join(s.text for s in activate(b, "elves").steps)
    assert "has had that control since before" not in said
    assert "a control change earlier this turn broke the count of 302.6" in said


def test_haste_text_not_read_is_said_where_summoning_sickness_stops_a_creature() -> None:
    # Never guessed: a card on the board with haste text the compiler didn't read.
    odd = {
        "name": "Odd Banner",
        "types": ["enchantment"],
        "unsupported_text": ["Creatures you control have haste while you're the monarch."],
    }
    b = board(P("elves", "Llanowar Elves", controlled_since_turn_start=False),
              {"id": "odd", "definition": odd, "controller": "alice"})  # fmt: skip
    reason = act(b, "elves")["reasons"][0]
    assert reason["code"] == "summoning_sick"
    assert "nothing this ruling could read gives it haste" in reason["message"]
    plain = board(P("elves", "Llanowar Elves", controlled_since_turn_start=False))
    assert "nothing gives it haste" in act(plain, "elves")["reasons"][0]["message"]


def test_mana_whose_spending_is_restricted_says_so() -> None:
    # 106.6: the restriction changes no type or amount; the activation says the mana carries
    # it, and (106.6a) that Mana Reflection's extra mana does too.
    text = "{T}: Add one mana of any color. Spend this mana only to cast creature spells."
    idol = defined("z", "Warded Idol", text, types=("Land",), cost=None)
    alone = activate(board(idol), "z", choose="G")
    assert alone.answer_data["total"] == "{G}"
    assert [n["code"] for n in alone.answer_data["notes"]] == ["spending_restricted"]
    assert any(s.rules == ("106.6",) for s in alone.steps)
    doubled = activate(board(idol, P("mr", "Mana Reflection")), "z", choose="G")
    assert doubled.answer_data["total"] == "{G}{G}"
    (step,) = [s for s in doubled.steps if "106.6" in s.rules]
    assert step.rules == ("106.6", "106.6a") and "replacement effect" in step.text
    plain = defined("p", "Open Idol", "{T}: Add one mana of any color.", types=("Land",), cost=None)
    assert activate(board(plain), "p", choose="G").answer_data["notes"] == []


def test_a_triggered_abilitys_restricted_mana_says_so() -> None:
    # 106.6: the restriction is on the mana the trigger adds, not on the Forest's own.
    text = (
        "Whenever a Forest is tapped for mana, its controller adds an additional {G}. Spend "
        "this mana only to cast creature spells."
    )
    bloom = defined("b", "Thorn Bloom", text, types=("Enchantment",))
    verdict = activate(board(P("f", "Forest"), bloom), "f")
    assert verdict.answer_data["total"] == "{G}{G}"
    (note,) = verdict.answer_data["notes"]
    assert note["code"] == "spending_restricted"
    assert note["message"].startswith("Thorn Bloom (b)'s text restricts what its mana may be")
