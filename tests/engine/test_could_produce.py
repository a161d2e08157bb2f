"""What a permanent could produce (106.1b, 106.5, 106.7, 305.6, 616.1)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from app.catalog.compile import compile_face
from app.domain.card import Card
from app.domain.errors import QuestionError
from app.domain.state import Board, GameState
from app.engine.activate import activate
from app.engine.could_produce import could_produce
from tests.engine.mana_helpers import E, P, board, card, resolve


def types(b: Board, pid: str | None = None) -> dict[str, list[str]]:
    return {e["id"]: e["types"] for e in could_produce(b, pid).answer_data["permanents"]}


def of(b: Board, pid: str) -> list[str]:
    return types(b, pid)[pid]


WUBRG = ["W", "U", "B", "R", "G"]


# --- basics and intrinsic abilities ----------------------------------------------------------


def test_basic_lands_produce_their_color_from_their_type() -> None:
    # 305.6: a basic land's mana ability comes from its land type.
    b = board(*(P(n, n) for n in ("Plains", "Island", "Swamp", "Mountain", "Forest")))
    assert types(b) == {
        "Plains": ["W"],
        "Island": ["U"],
        "Swamp": ["B"],
        "Mountain": ["R"],
        "Forest": ["G"],
    }


def test_tundra_and_dryad_arbor_get_mana_from_land_types() -> None:
    # 305.6: Tundra is a Plains Island; Dryad Arbor is a Forest.
    b = board(P("t", "Tundra"), P("arbor", "Dryad Arbor"))
    assert types(b) == {"t": ["W", "U"], "arbor": ["G"]}


def test_wastes_produces_colorless() -> None:
    # 106.1b: colorless is a type.
    assert of(board(P("w", "Wastes")), "w") == ["C"]


def test_answer_is_in_battlefield_order_and_lists_non_mana_permanents_empty() -> None:
    # 106.7: a permanent without mana abilities could produce nothing.
    b = board(P("flare", "Mana Flare"), P("f", "Forest"))
    answer = could_produce(b, None).answer_data
    assert answer == {
        "permanents": [
            {"id": "flare", "name": "Mana Flare", "types": []},
            {"id": "f", "name": "Forest", "types": ["G"]},
        ]
    }


def test_unknown_permanent_id_is_a_question_error() -> None:
    # 106.7 asks about a permanent on the battlefield; docs/api.md: an unknown id is a 422.
    with pytest.raises(QuestionError) as err:
        could_produce(board(P("f", "Forest")), "nope")
    assert err.value.loc == ("permanent_id",)
    assert err.value.code == "unknown_permanent"


# --- costs are ignored (106.7) ---------------------------------------------------------------


def test_tapped_land_still_could_produce() -> None:
    # 106.7: costs are ignored, so {T} on a tapped land doesn't matter.
    assert of(board(P("f", "Forest", tapped=True)), "f") == ["G"]


def test_vivid_crag_without_counters_could_produce_any_color() -> None:
    # 106.7: removing a charge counter is a cost, and costs are ignored.
    assert of(board(P("crag", "Vivid Crag")), "crag") == WUBRG


def test_mana_confluence_could_produce_any_color_whatever_the_life() -> None:
    # 106.7: the life payment is a cost.
    assert of(board(P("mc", "Mana Confluence")), "mc") == WUBRG


def test_every_printed_ability_counts() -> None:
    # 106.7: any of its mana abilities: Llanowar Wastes makes {C}, {B} or {G}.
    assert of(board(P("lw", "Llanowar Wastes")), "lw") == ["B", "G", "C"]


def test_rocks_creatures_and_pili_pala() -> None:
    # 106.7: artifacts and creatures too; Pili-Pala's {Q} and {2} costs are ignored.
    b = board(
        P("ring", "Sol Ring"),
        P("signet", "Dimir Signet"),
        P("powder", "Serum Powder"),
        P("stone", "Mind Stone"),
        P("birds", "Birds of Paradise"),
        P("pili", "Pili-Pala"),
        P("elves", "Llanowar Elves", controlled_since_turn_start=False),
    )
    assert types(b) == {
        "ring": ["C"],
        "signet": ["U", "B"],
        "powder": ["C"],
        "stone": ["C"],
        "birds": WUBRG,
        "pili": WUBRG,
        "elves": ["G"],
    }


# --- zero mana and undefined types (106.5) ---------------------------------------------------


def test_gaeas_cradle_without_creatures_could_produce_nothing() -> None:
    # 106.7: an ability that would make zero mana contributes nothing.
    assert of(board(P("cradle", "Gaea's Cradle")), "cradle") == []


def test_gaeas_cradle_with_a_creature_could_produce_green() -> None:
    # 106.7: with a creature it would make {G}.
    b = board(P("cradle", "Gaea's Cradle"), P("elves", "Llanowar Elves"))
    assert of(b, "cradle") == ["G"]


def test_gaeas_cradle_counts_only_its_controllers_creatures() -> None:
    # 106.7: "creatures you control".
    b = board(P("cradle", "Gaea's Cradle"), P("elves", "Llanowar Elves", "bob"))
    assert of(b, "cradle") == []


def test_meteor_crater_needs_a_colored_permanent() -> None:
    # 106.5: lands are colorless, so with only lands no color is defined.
    assert of(board(P("mc", "Meteor Crater"), P("f", "Forest")), "mc") == []
    b = board(P("mc", "Meteor Crater"), P("elves", "Llanowar Elves"), P("arbor", "Dryad Arbor"))
    assert of(b, "mc") == ["G"]


# --- reflectors, chains and loops (least fixpoint) -------------------------------------------


def test_lone_reflecting_pool_could_produce_nothing() -> None:
    # 106.7, 106.5: it only sees itself; the least fixpoint is empty.
    v = could_produce(board(P("pool", "Reflecting Pool")), "pool")
    assert v.answer_data["permanents"][0]["types"] == []
    assert "106.5" in v.citations


def test_paired_reflecting_pools_could_produce_nothing() -> None:
    # 106.7: two pools see each other and nothing else.
    b = board(P("a", "Reflecting Pool"), P("b", "Reflecting Pool"))
    assert types(b) == {"a": [], "b": []}


def test_reflecting_pool_sees_the_forest() -> None:
    # 106.7: lands you control, including itself and every real source.
    b = board(P("pool", "Reflecting Pool"), P("f", "Forest"), P("i", "Island", "bob"))
    assert of(b, "pool") == ["G"]


def test_sixty_reflecting_pools_and_one_forest() -> None:
    # 106.7: one real source feeds every reflector that can see it.
    b = board(*(P(f"pool{i}", "Reflecting Pool") for i in range(60)), P("f", "Forest"))
    assert all(t == ["G"] for t in types(b).values())


MIRROR = {
    "name": "Mirror Land",
    "types": ["land"],
    "abilities": [
        {
            "kind": "mana_ability",
            "cost": {"tap": True},
            "produces": {
                "kind": "could_produce",
                "among": {"relation": "attached"},
                "of": "type",
            },
        }
    ],
}


def _ring(n: int, forest_at: int | None) -> Board:
    """n lands, each reflecting the next one (the last the first): a real ring. The one at
    `forest_at` is also a Forest."""
    perms: list[dict[str, Any]] = []
    for i in range(n):
        definition = dict(MIRROR)
        if i == forest_at:
            definition = {**MIRROR, "name": "Mirror Forest", "subtypes": ["Forest"]}
        perms.append(
            {
                "id": f"m{i}",
                "definition": Card.model_validate(definition),
                "controller": "alice" if i % 2 else "bob",
                "attached_to": f"m{(i + 1) % n}",
            }
        )
    return board(*perms)


def test_ring_of_sixty_reflectors_with_one_forest_is_all_green() -> None:
    # 106.7: a cycle of 60 reflectors across two players, one of them a Forest.
    found = types(_ring(60, forest_at=17))
    assert found == {f"m{i}": ["G"] for i in range(60)}


def test_ring_of_reflectors_without_a_source_is_empty() -> None:
    # 106.7, 106.5: a loop with no real source never produces anything.
    assert all(t == [] for t in types(_ring(60, forest_at=None)).values())


def test_exotic_orchards_facing_each_other_could_produce_nothing() -> None:
    # 106.7: each sees only the other.
    b = board(P("a", "Exotic Orchard", "alice"), P("b", "Exotic Orchard", "bob"))
    assert types(b) == {"a": [], "b": []}


def test_orchard_sees_opponents_pool_that_sees_their_swamp() -> None:
    # 106.7: chains go across players: Orchard <- bob's Reflecting Pool <- bob's Swamp.
    b = board(
        P("orchard", "Exotic Orchard", "alice"),
        P("pool", "Reflecting Pool", "bob"),
        P("swamp", "Swamp", "bob"),
    )
    assert types(b) == {"orchard": ["B"], "pool": ["B"], "swamp": ["B"]}


def test_color_reflector_ignores_wastes_but_type_reflector_sees_it() -> None:
    # 106.1b: colorless is a type, not a color.
    b = board(
        P("orchard", "Exotic Orchard", "alice"),
        P("pool", "Reflecting Pool", "bob"),
        P("wastes", "Wastes", "bob"),
    )
    assert types(b) == {"orchard": [], "pool": ["C"], "wastes": ["C"]}


def test_fellwar_stone_and_druids() -> None:
    # 106.7, 106.1b: Fellwar Stone (opponents' lands, colors), Naga Vitalist (types),
    # Harvester Druid (colors), Incubation Druid (types) look at lands.
    b = board(
        P("stone", "Fellwar Stone"),
        P("naga", "Naga Vitalist"),
        P("harvester", "Harvester Druid"),
        P("incubation", "Incubation Druid", counters={"+1/+1": 1}),
        P("wastes", "Wastes"),
        P("forest", "Forest"),
        P("island", "Island", "bob"),
    )
    found = types(b)
    assert found["stone"] == ["U"]
    assert found["naga"] == ["G", "C"]
    assert found["harvester"] == ["G"]
    assert found["incubation"] == ["G", "C"]


def test_reflectors_do_not_see_creatures() -> None:
    # 106.7: "lands you control": Birds of Paradise doesn't feed Reflecting Pool.
    b = board(P("pool", "Reflecting Pool"), P("birds", "Birds of Paradise"))
    assert of(b, "pool") == []


def test_squandered_resources_sees_what_lands_could_produce() -> None:
    # 106.7: the sacrificed land's types; sacrificing is not tapping, so no replacement on it.
    b = board(P("sq", "Squandered Resources"), P("f", "Forest"), P("i", "Island"))
    assert of(b, "sq") == ["U", "G"]
    b = board(P("sq", "Squandered Resources"), P("f", "Forest"), P("c", "Contamination"))
    assert of(b, "sq") == ["B"]


# --- replacement effects in every order (616.1) ----------------------------------------------


def test_forest_under_contamination_could_produce_only_black() -> None:
    # 106.7, 616.1: the replacement counts.
    v = could_produce(board(P("f", "Forest"), P("c", "Contamination", "bob")), "f")
    assert v.answer_data["permanents"][0]["types"] == ["B"]
    assert "616.1" in v.citations


def test_contamination_and_deep_water_give_both_results() -> None:
    # 106.7, 616.1: {B} or {U} depending on order: both.
    b = board(P("f", "Forest"), P("c", "Contamination", "bob"), effects=(E("dw", "Deep Water"),))
    assert of(b, "f") == ["U", "B"]


def test_deep_water_only_affects_its_controllers_lands() -> None:
    # 616.1: "lands you tap": bob's Forest is not affected by alice's Deep Water.
    b = board(P("f", "Forest", "bob"), effects=(E("dw", "Deep Water", "alice"),))
    assert of(b, "f") == ["G"]


def test_deep_water_permanent_without_activation_does_nothing() -> None:
    # 616.1: only the activated effect changes mana (an effects entry).
    assert of(board(P("f", "Forest"), P("dw", "Deep Water")), "f") == ["G"]


def test_a_permanent_whose_mana_effect_is_unlisted_is_said_to_change_nothing() -> None:
    # 611.2a: the ruling says why Deep Water on the battlefield changed nothing; with its
    # activation's effect listed, it applies and nothing is said of it.
    without = board(P("f", "Forest"), P("dw", "Deep Water"), P("dw2", "Deep Water"))
    for v in (could_produce(without, "f"), activate(without, "f")):
        said = [s for s in v.steps if "611.2a" in s.rules]
        assert len(said) == 1
        assert said[0].text.startswith("Deep Water (dw) and Deep Water (dw2) change mana only")
    listed = board(P("f", "Forest"), P("dw", "Deep Water"), effects=(E("e", "Deep Water"),))
    assert activate(listed, "f").answer_data["total"] == "{U}"
    assert not [s for s in activate(listed, "f").steps if "611.2a" in s.rules]


def test_pale_moon_with_contamination_on_a_nonbasic_land() -> None:
    # 616.1: Pale Moon then Contamination is {B}; Contamination then Pale Moon is {C}.
    b = board(
        P("t", "Tundra"),
        P("f", "Forest"),
        P("c", "Contamination"),
        effects=(E("pm", "Pale Moon", "bob"),),
    )
    assert of(b, "t") == ["B", "C"]
    assert of(b, "f") == ["B"]  # basic: Pale Moon doesn't apply


def test_reflecting_pool_under_pale_moon_makes_colorless() -> None:
    # 106.7, 616.1: the reflector's own event is replaced: nonbasic -> {C}.
    b = board(P("pool", "Reflecting Pool"), P("f", "Forest"), effects=(E("pm", "Pale Moon"),))
    assert types(b) == {"pool": ["C"], "f": ["G"]}


def test_lone_reflecting_pool_under_contamination_still_nothing() -> None:
    # 106.5: mana never made can't be replaced into mana.
    assert of(board(P("pool", "Reflecting Pool"), P("c", "Contamination")), "pool") == []


def test_damping_sphere() -> None:
    # 616.1e: two or more mana from a land becomes {C}; one mana is untouched.
    b = board(
        P("tomb", "Ancient Tomb"),
        P("garrison", "Boros Garrison"),
        P("forest", "Forest"),
        P("ring", "Sol Ring"),
        P("sphere", "Damping Sphere", "bob"),
    )
    assert types(b) == {
        "tomb": ["C"],
        "garrison": ["C"],
        "forest": ["G"],
        "ring": ["C"],
        "sphere": [],
    }


def test_damping_sphere_and_gaeas_cradle_count_creatures() -> None:
    # 616.1e: Cradle with two creatures makes two mana: {C}; with one, {G}.
    two = board(
        P("cr", "Gaea's Cradle"),
        P("a", "Llanowar Elves"),
        P("b", "Llanowar Elves"),
        P("s", "Damping Sphere"),
    )
    one = board(P("cr", "Gaea's Cradle"), P("a", "Llanowar Elves"), P("s", "Damping Sphere"))
    assert of(two, "cr") == ["C"]
    assert of(one, "cr") == ["G"]


def test_damping_sphere_sees_every_x_a_storage_land_could_remove() -> None:
    # 106.7, 616.1e: any number of counters may be removed; one makes {G}, two or more are
    # two or more mana, which Damping Sphere makes {C}.
    text = (
        "{T}, Remove any number of storage counters from ~: Add {G} for each storage counter "
        "removed this way."
    )
    land = compile_face("Mossvault Cellar", text, types=["Land"])
    assert land.support == "full", land.unsupported_text
    cellar = {"name": "Mossvault Cellar", "types": ["land"], **land.card_fields()}
    b = resolve(
        GameState.model_validate(
            {
                "turn": 3,
                "active_player": "alice",
                "battlefield": [
                    {
                        "id": "c",
                        "definition": cellar,
                        "controller": "alice",
                        "counters": {"storage": 3},
                    },
                    {"id": "s", "card": "Damping Sphere", "controller": "bob"},
                ],
            }
        )
    )
    assert of(b, "c") == ["G", "C"]


def test_forest_with_reflection_and_sphere_only_colorless() -> None:
    # 616.1e: doubling makes it two mana, then Damping Sphere applies.
    b = board(P("f", "Forest"), P("refl", "Mana Reflection"), P("s", "Damping Sphere", "bob"))
    assert of(b, "f") == ["C"]


def test_reflection_and_nyxbloom_do_not_change_types() -> None:
    # 616.1: more mana of the same type.
    b = board(P("f", "Forest"), P("refl", "Mana Reflection"), P("nyx", "Nyxbloom Ancient"))
    assert of(b, "f") == ["G"]


def test_chromatic_lantern_feeds_the_opponents_orchard() -> None:
    # 106.7: Lantern gives alice's Wastes "any color"; bob's Orchard sees those colors.
    b = board(
        P("lantern", "Chromatic Lantern"), P("w", "Wastes"), P("orchard", "Exotic Orchard", "bob")
    )
    found = types(b)
    assert found["w"] == [*WUBRG, "C"]
    assert found["orchard"] == WUBRG
    assert found["lantern"] == WUBRG


def test_cryptolith_rite_grants_to_creatures_only() -> None:
    # 106.7: granted abilities count.
    b = board(P("rite", "Cryptolith Rite"), P("elves", "Llanowar Elves"), P("f", "Forest"))
    assert types(b) == {"rite": [], "elves": WUBRG, "f": ["G"]}


def test_control_magic_changes_whose_lands_a_reflector_sees() -> None:
    # 106.7: "you" is the effective controller: bob's Naga Vitalist taken by alice sees her lands.
    b = board(
        P("naga", "Naga Vitalist", "bob"),
        P("cm", "Control Magic", "alice", attached_to="naga"),
        P("f", "Forest", "alice"),
        P("s", "Swamp", "bob"),
    )
    assert of(b, "naga") == ["G"]


def test_triggered_mana_is_not_part_of_could_produce() -> None:
    # 106.7, 605.1b: Wild Growth's {G} comes from Wild Growth, not from the Island.
    v = could_produce(board(P("i", "Island"), P("wg", "Wild Growth", attached_to="i")), "i")
    assert v.answer_data["permanents"][0]["types"] == ["U"]
    assert "605.1b" in v.citations


# --- explanations ----------------------------------------------------------------------------


def test_explanation_names_sources_and_replacements() -> None:
    # 106.7, 616.1, 305.6: a judge's reasons.
    b = board(P("pool", "Reflecting Pool"), P("f", "Forest"), P("c", "Contamination", "bob"))
    v = could_produce(b, "pool")
    text = " ".join(s.text for s in v.steps)
    assert "Forest (f)" in text
    assert "Contamination (c)" in text
    assert {"106.7", "616.1"} <= set(v.citations)


def test_explanation_of_a_big_board_is_bounded() -> None:
    # 106.7: at most ~20 permanents named one by one.
    b = board(*(P(f"f{i}", "Forest") for i in range(500)), P("pool", "Reflecting Pool"))
    v = could_produce(b, None)
    assert len(v.steps) < 30
    assert "480 more" in v.steps[-1].text or any("more permanents" in s.text for s in v.steps)
    assert sum(len(s.text) for s in v.steps) < 20_000


def test_thousands_of_permanents() -> None:
    # 106.7: linear fixpoint; many reflectors, lanterns and reflections on both sides.
    perms: list[dict[str, Any]] = []
    for i in range(1000):
        owner = "alice" if i % 2 else "bob"
        perms.append(P(f"pool{i}", "Reflecting Pool", owner))
        perms.append(P(f"orch{i}", "Exotic Orchard", owner))
        perms.append(P(f"refl{i}", "Mana Reflection", owner))
    perms.append(P("swamp", "Swamp", "bob"))
    found = types(board(*perms))
    assert found["pool1"] == ["B"]  # alice's pools see her orchards, which see bob's swamp
    assert found["orch0"] == ["B"]


# --- the least fixpoint doesn't depend on battlefield order ----------------------------------

POOL = [
    "Forest",
    "Island",
    "Wastes",
    "Tundra",
    "Reflecting Pool",
    "Exotic Orchard",
    "Fellwar Stone",
    "Naga Vitalist",
    "Harvester Druid",
    "Gaea's Cradle",
    "Meteor Crater",
    "Llanowar Elves",
    "Ancient Tomb",
    "Contamination",
    "Damping Sphere",
    "Mana Reflection",
    "Chromatic Lantern",
    "Squandered Resources",
]


@settings(max_examples=80, deadline=None)
@given(
    cards=st.lists(st.tuples(st.sampled_from(POOL), st.booleans()), min_size=1, max_size=14),
    seed=st.randoms(use_true_random=False),
)
def test_answer_does_not_depend_on_battlefield_order(
    cards: list[tuple[str, bool]], seed: Any
) -> None:
    # 106.7: the least fixpoint is unique: shuffling the battlefield changes nothing. (704.5j:
    # one legendary Gaea's Cradle per player, as in any game.)
    assume(sum(1 for name, mine in cards if name == "Gaea's Cradle" and mine) <= 1)
    assume(sum(1 for name, mine in cards if name == "Gaea's Cradle" and not mine) <= 1)
    perms = [P(f"p{i}", name, "alice" if mine else "bob") for i, (name, mine) in enumerate(cards)]
    shuffled = list(perms)
    seed.shuffle(shuffled)
    assert types(board(*perms)) == types(board(*shuffled))


# --- wording --------------------------------------------------------------------------------


def test_incubation_druid_states_its_counter_once() -> None:
    # 614.15: its own "instead" is said once, as a fact when it has the counter.
    b = board(P("d", "Incubation Druid", counters={"+1/+1": 1}), P("f", "Forest"))
    line = next(s.text for s in could_produce(b, "d").steps if s.text.startswith("Incubation"))
    assert line.count("+1/+1 counter") == 1
    assert "it has a +1/+1 counter, so 3 of that mana instead" in line
    b = board(P("d", "Incubation Druid"), P("f", "Forest"))
    line = next(s.text for s in could_produce(b, "d").steps if s.text.startswith("Incubation"))
    assert line.count("+1/+1 counter") == 1 and "while it has a +1/+1 counter" in line


def test_one_reflector_is_singular() -> None:
    # Wording: "1 ability makes".
    v = could_produce(board(P("pool", "Reflecting Pool"), P("f", "Forest")), None)
    assert any(s.text.startswith("1 ability makes mana") for s in v.steps)


def test_mana_reflection_summary_reads_as_a_replacement() -> None:
    # 106.12b, 616.1: Mana Reflection replaces the mana; it doesn't trigger.
    summary = card("Mana Reflection").summary
    assert not summary.startswith("Whenever") and "instead" in summary


# "Enchant permanent / You control enchanted permanent.", invented: it can take the Aura.
SEIZE = {
    "name": "Borrowed Crown",
    "types": ["enchantment"],
    "subtypes": ["Aura"],
    "abilities": [{"kind": "gain_control", "of": "attached"}],
}


@pytest.mark.parametrize(("magic", "seize"), [(2, 3), (3, 2)])
def test_a_control_aura_taken_gives_control_to_its_new_controller(magic: int, seize: int) -> None:
    # 613.8a: taking the Control Magic changes what its effect does, so that change applies
    # first whatever the timestamps: bob, now controlling the Aura, controls the Naga, which
    # sees his Swamp, not alice's Forest (106.7).
    b = board(
        P("naga", "Naga Vitalist", "bob", timestamp=1),
        P("cm", "Control Magic", "alice", attached_to="naga", timestamp=magic),
        {"id": "seize", "definition": SEIZE, "controller": "bob", "attached_to": "cm",
         "timestamp": seize},
        P("f", "Forest", "alice"),
        P("s", "Swamp", "bob"),
    )  # fmt: skip
    assert of(b, "naga") == ["B"]


@pytest.mark.parametrize("owner", ["bob", "alice"])
def test_a_creature_whose_control_aura_changed_hands_this_turn_is_summoning_sick(
    owner: str,
) -> None:
    # 302.6, 613.8a: the older Control Magic gives its creature to whoever controls the Aura;
    # a Confiscate-like Aura that took it this turn gave bob the Elves only now, whether they
    # are his own (taken back) or alice's.
    magic_owner = "alice" if owner == "bob" else "bob"
    b = board(
        P("elves", "Llanowar Elves", owner, timestamp=1),
        P("cm", "Control Magic", magic_owner, attached_to="elves", timestamp=2),
        {"id": "seize", "definition": SEIZE, "controller": owner, "attached_to": "cm",
         "controlled_since_turn_start": False, "timestamp": 3},
    )  # fmt: skip
    answer = activate(b, "elves")
    assert answer.answer_data["legal"] is False
    assert [r["code"] for r in answer.answer_data["reasons"]] == ["summoning_sick"]
    said = " ".join(s.text for s in answer.steps)
    assert "itself came under" in said and "already controlled it" not in said
    # The Aura taken before this turn: no change this turn, the Elves tap.
    b = board(
        P("elves", "Llanowar Elves", owner, timestamp=1),
        P("cm", "Control Magic", magic_owner, attached_to="elves", timestamp=2),
        {"id": "seize", "definition": SEIZE, "controller": owner, "attached_to": "cm",
         "timestamp": 3},
    )  # fmt: skip
    assert activate(b, "elves").answer_data["legal"] is True


def _counting_land(name: str, first: str) -> dict[str, Any]:
    """An invented land: `first`, then {B} for each black creature card in its graveyard."""
    text = f"{first}\n{{2}}, {{T}}: Add {{B}} for each black creature card in your graveyard."
    compiled = compile_face(name, text, types=["Land"])
    assert compiled.support == "full", compiled.unsupported_text
    return {"name": name, "types": ["land"], **compiled.card_fields()}


def test_a_fact_one_permanent_lacks_is_asked_for_only_by_questions_that_read_it() -> None:
    # 106.7 is per permanent: what a Forest could produce reads nothing of a graveyard another
    # permanent's ability counts; asked about that permanent, or with a reflector that may see
    # it, the fact is needed.
    vault = {"id": "vault", "definition": _counting_land("Gloom Vault", "{T}: Add {C}.")}
    b = board(P("f", "Forest"), vault | {"controller": "alice"})
    assert of(b, "f") == ["G"]
    for asked in ("vault", None):
        with pytest.raises(QuestionError) as err:
            could_produce(b, asked)
        assert err.value.code == "graveyard_required"
    seen = board(P("f", "Forest"), vault | {"controller": "alice"}, P("o", "Exotic Orchard", "bob"))
    with pytest.raises(QuestionError):
        could_produce(seen, "f")


def test_a_fact_that_sets_only_an_amount_of_a_type_made_anyway_is_not_asked_for() -> None:
    # 106.7 asks which types: a graveyard that sets only how much {B} an ability adds can't
    # change the answer of a land that makes {B} with another ability, nor a reflector's.
    vault = {"id": "vault", "definition": _counting_land("Dusk Vault", "{T}: Add {B}.")}
    b = board(vault | {"controller": "alice"}, P("o", "Exotic Orchard", "bob"))
    v = could_produce(b, None)
    assert [p["types"] for p in v.answer_data["permanents"]] == [["B"], ["B"]]
    said = " ".join(s.text for s in v.steps)
    assert "depends on state.players.alice.graveyard, which the state doesn't give" in said
    assert "it adds no type but B, which this permanent's other abilities make anyway" in said
    # Given, the count is read as before: none, so that ability makes nothing.
    state = {"turn": 3, "active_player": "alice", "battlefield": [vault | {"controller": "alice"}]}
    empty = resolve(GameState.model_validate(state | {"players": {"alice": {"graveyard": []}}}))
    counted = could_produce(empty, "vault")
    said = " ".join(s.text for s in counted.steps)
    assert "graveyard is 0 here, so it would make no mana → nothing" in said
    assert "is 0 here; " not in said  # the amount said once


def test_a_permanents_triggered_mana_ability_is_what_it_could_produce() -> None:
    # 605.1b: a triggered mana ability is a mana ability of its permanent; 106.7 counts what it
    # would add if it resolved now. Mana Flare's "a type that land produced" defines none with
    # no land tapped (106.5).
    b = board(
        P("f", "Forest"),
        P("sprawl", "Utopia Sprawl", attached_to="f", chosen_color="U"),
        P("flare", "Mana Flare"),
    )
    v = could_produce(b, None)
    got = {p["id"]: p["types"] for p in v.answer_data["permanents"]}
    assert got == {"f": ["G"], "sprawl": ["U"], "flare": []}
    said = " ".join(s.text for s in v.steps)
    assert "Utopia Sprawl (sprawl) could produce U: its triggered mana ability would add U" in said
    assert "Utopia Sprawl (sprawl) has no mana ability" not in said
    # Its chosen color is needed only where its answer is read.
    unchosen = board(P("f", "Forest"), P("sprawl", "Utopia Sprawl", attached_to="f"))
    assert of(unchosen, "f") == ["G"]
    with pytest.raises(QuestionError) as err:
        could_produce(unchosen, "sprawl")
    assert err.value.code == "chosen_color_required"


def test_a_fact_a_reflector_doesnt_see_is_not_asked_for() -> None:
    # Reflecting Pool sees lands: an unchosen Utopia Sprawl (an enchantment) is none of them.
    b = board(
        P("f", "Forest"),
        P("sprawl", "Utopia Sprawl", attached_to="f"),
        P("pool", "Reflecting Pool"),
    )
    assert of(b, "pool") == ["G"]
