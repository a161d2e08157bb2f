"""Mana of several colors at once: two mana of different colors (its controller picks the
pair), one mana of each color among permanents (105.2), and one mana of a color among
legendary permanents. Every card is invented; its text is a templated sentence we wrote."""

from __future__ import annotations

from typing import Any

import pytest

from app.catalog.compile import compile_face
from app.domain.errors import QuestionError
from app.domain.state import Board
from app.engine.activate import activate
from app.engine.could_produce import could_produce
from app.rulings.checks import check_step
from tests.engine.mana_helpers import board

WUBRG = ["W", "U", "B", "R", "G"]


def defined(
    pid: str,
    name: str,
    text: str,
    cost: str = "{2}",
    types: tuple[str, ...] = ("Artifact",),
    supertypes: tuple[str, ...] = (),
    **kw: Any,
) -> dict[str, Any]:
    compiled = compile_face(name, text, types=types, subtypes=(), mana_cost=cost)
    assert compiled.support == "full", compiled.unsupported_text
    card = {
        "name": name,
        "types": [t.lower() for t in types],
        "supertypes": list(supertypes),
        "mana_cost": cost,
        **compiled.card_fields(),
    }
    return {"id": pid, "definition": card, "controller": "alice", **kw}


def act(b: Board, pid: str, **kw: Any) -> dict[str, Any]:
    v = activate(b, pid, **kw)
    ids = [p["id"] for p in b.state.battlefield]
    for step in v.steps:
        check_step(step, ids)
    return v.answer_data


PAIR = ("Twinned Lantern", "{2}, {T}: Add two mana of different colors.")
POUCH = (
    "Stitched Satchel",
    "{T}, Remove a thread counter from ~: Add two mana of different colors.",
)
BLOOM = (
    "Petal Warden",
    "{1}, {T}: For each color among permanents you control, add one mana of that color.",
)
AMBER = (
    "Amber Reliquary",
    "{1}, {T}: Add one mana of any color among legendary creatures and planeswalkers you control.",
)
PLAIN = ("Hollow Idol", "This artifact has no mana ability worth saying.")


def test_two_different_colors_could_be_any_color() -> None:
    v = could_produce(board(defined("pair", *PAIR)), None)
    assert v.answer_data["permanents"][0]["types"] == WUBRG


def test_two_different_colors_is_a_pair_chosen_never_one_color_twice() -> None:
    b = board(defined("pair", *PAIR))
    a = act(b, "pair")
    assert a["choice_required"] is True
    totals = {o["total"] for o in a["outcomes"]}
    assert len(totals) == 10  # C(5, 2) pairs
    assert "{W}{U}" in totals and "{R}{G}" in totals
    assert not any(t[1] == t[4] for t in totals)  # never {W}{W}
    picked = act(b, "pair", choose="{U}{R}")
    assert (picked["legal"], picked["total"]) == (True, "{U}{R}")


def test_the_counter_removed_pays_for_the_pair() -> None:
    b = board(defined("pouch", *POUCH, counters={"thread": 1}))
    a = act(b, "pouch", choose="{W}{B}")
    assert (a["legal"], a["total"]) == (True, "{W}{B}")
    assert a["state"]["battlefield"][0].get("counters", {}) == {}
    # Without the counter the cost couldn't be paid: taken as paid, with a note (118.3).
    empty = act(board(defined("pouch", *POUCH)), "pouch", choose="{W}{B}")
    assert "cost_taken_as_paid" in {n["code"] for n in empty["notes"]}


def test_one_mana_of_each_color_among_your_permanents() -> None:
    b = board(
        defined("bloom", *BLOOM, cost="{1}{G}", types=("Creature",)),
        defined("gold", *PLAIN, cost="{W}{U}"),
        defined("pale", *PLAIN, cost="{3}"),  # colorless: adds no color
        defined("theirs", *PLAIN, cost="{R}", controller="bob"),
    )
    a = act(b, "bloom")
    assert (a["legal"], a["choice_required"], a["total"]) == (True, False, "{W}{U}{G}")
    v = could_produce(b, None)
    assert next(p for p in v.answer_data["permanents"] if p["id"] == "bloom")["types"] == [
        "W",
        "U",
        "G",
    ]
    assert "105.2" in v.citations or "105.2" in activate(b, "bloom").citations


def test_no_color_among_them_makes_no_mana() -> None:
    b = board(defined("bloom", *BLOOM, cost="{3}"))
    a = act(b, "bloom")
    assert (a["legal"], a["made_mana"], a["total"]) == (True, False, "")


def test_a_color_among_legendary_creatures_and_planeswalkers() -> None:
    b = board(
        defined("amber", *AMBER),
        # Names of their own: two legendaries of one name can't share a board (704.5j).
        defined(
            "hero",
            "Hollow Hero",
            PLAIN[1],
            cost="{R}",
            types=("Creature",),
            supertypes=("legendary",),
        ),
        defined(
            "sage",
            "Hollow Sage",
            PLAIN[1],
            cost="{U}",
            types=("Planeswalker",),
            supertypes=("legendary",),
        ),
        defined("grunt", *PLAIN, cost="{G}", types=("Creature",)),  # not legendary
        defined(
            "relic", "Hollow Relic", PLAIN[1], cost="{B}", supertypes=("legendary",)
        ),  # not a creature
    )
    a = act(b, "amber")
    assert {o["total"] for o in a["outcomes"]} == {"{U}", "{R}"}
    none = act(board(defined("amber", *AMBER)), "amber")
    assert (none["legal"], none["made_mana"]) == (True, False)


HORN = (
    "Brimming Horn",
    "{T}: Choose a color. Add one mana of that color for each gem counter on ~.",
)


def test_a_chosen_color_once_for_each_counter_on_it() -> None:
    b = board(defined("horn", *HORN, counters={"gem": 3}))
    a = act(b, "horn", choose="B")
    assert (a["legal"], a["total"]) == (True, "{B}{B}{B}")
    v = could_produce(board(defined("horn", *HORN)), None)
    assert v.answer_data["permanents"][0]["types"] == []  # no counters: no mana
    assert could_produce(b, None).answer_data["permanents"][0]["types"] == WUBRG


# --- level bands (711.2) and station thresholds (721.2a) ------------------------------------


def banded(pid: str, name: str, text: str, keyword: str, **kw: Any) -> dict[str, Any]:
    compiled = compile_face(
        name, text, types=("Creature",), subtypes=(), mana_cost="{G}", keywords=(keyword,)
    )
    assert compiled.support == "full", compiled.unsupported_text
    card = {"name": name, "types": ["creature"], "mana_cost": "{G}", **compiled.card_fields()}
    return {"id": pid, "definition": card, "controller": "alice", **kw}


SPROUT = (
    "Sprouting Adept",
    "Level up {1}{G}\nLEVEL 2-4\n1/3\n{T}: Add {G}{G}.\nLEVEL 5+\n2/5\n{T}: Add {G}{G}{G}.",
    "Level Up",
)
SPIRE = ("Orbit Spire", "{T}: Add {C}.\nStation\n6+ | {T}: Add {C}{C}{C}.", "Station")


def test_a_level_band_decides_which_abilities_it_has() -> None:
    low = act(board(banded("s", *SPROUT, counters={"level": 1})), "s")
    assert (low["legal"], low["reasons"][0]["code"]) == (False, "no_mana_ability")
    mid = board(banded("s", *SPROUT, counters={"level": 3}))
    assert act(mid, "s")["total"] == "{G}{G}"
    v = activate(mid, "s")
    assert "711.2" in v.citations  # the LEVEL 5+ ability it doesn't have yet
    high = board(banded("s", *SPROUT, counters={"level": 7}))
    assert act(high, "s")["total"] == "{G}{G}{G}"
    assert could_produce(high, None).answer_data["permanents"][0]["types"] == ["G"]


def test_a_station_threshold_adds_its_ability_at_enough_charge_counters() -> None:
    under = board(banded("o", *SPIRE, counters={"charge": 5}))
    assert [o["total"] for o in act(under, "o")["outcomes"]] == ["{C}"]
    assert "721.2a" in activate(under, "o").citations
    over = board(banded("o", *SPIRE, counters={"charge": 6}))
    assert act(over, "o", ability=1)["total"] == "{C}{C}{C}"


HERDER = (
    "Meadow Herder",
    "{T}: Add X {G} or X {U}, where X is the number of other creatures you control.",
)


def test_x_of_one_of_two_colors_counts_the_other_creatures() -> None:
    b = board(
        defined("herder", *HERDER, cost="{G}{W}", types=("Creature",)),
        defined("a", *PLAIN, types=("Creature",)),
        defined("b", *PLAIN, types=("Creature",)),
        defined("c", *PLAIN, types=("Creature",), controller="bob"),
    )
    a = act(b, "herder")
    assert {o["total"] for o in a["outcomes"]} == {"{G}{G}", "{U}{U}"}
    assert act(b, "herder", choose="U")["total"] == "{U}{U}"
    assert could_produce(b, None).answer_data["permanents"][0]["types"] == ["U", "G"]


SHARD = ("Shardling Core", "{T}: Add {R} for each artifact you control named ~.")


def test_for_each_artifact_with_its_own_name() -> None:
    b = board(
        defined("s1", *SHARD),
        defined("s2", *SHARD),
        defined("s3", *SHARD, controller="bob"),
        defined("idol", *PLAIN),
    )
    assert act(b, "s1")["total"] == "{R}{R}"
    assert act(b, "s3")["total"] == "{R}"


STALK = (
    "Thornstalk Keeper",
    "{T}: Add one mana of any color. If you control a creature with power 4 or greater, add "
    "three mana of any one color instead.",
)


def test_three_mana_instead_with_a_creature_of_power_four() -> None:
    small = board(
        defined("k", *STALK, types=("Creature",), power=0),
        defined("b", *PLAIN, types=("Creature",), power=3),
    )
    assert act(small, "k", choose="R")["total"] == "{R}"
    big = board(
        defined("k", *STALK, types=("Creature",), power=0),
        defined("b", *PLAIN, types=("Creature",), power=4),
        defined("o", *PLAIN, types=("Creature",), power=9, controller="bob"),
    )
    v = activate(big, "k", choose="R")
    assert v.answer_data["total"] == "{R}{R}{R}"
    assert {"614.15", "208.3"} <= set(v.citations)
    # Bob's creature isn't one you control.
    mine = board(
        defined("k", *STALK, types=("Creature",), power=0),
        defined("o", *PLAIN, types=("Creature",), power=9, controller="bob"),
    )
    assert act(mine, "k", choose="R")["total"] == "{R}"


def test_the_power_of_every_creature_you_control_is_needed() -> None:
    b = board(
        defined("k", *STALK, types=("Creature",), power=0),
        defined("b", *PLAIN, types=("Creature",)),
    )
    with pytest.raises(QuestionError) as err:
        act(b, "k", choose="R")
    assert (err.value.loc, err.value.code) == (
        ("state", "battlefield", 1, "power"),
        "power_required",
    )


VISTA = (
    "Dusty Vista",
    "{2}, {T}: For each color among monocolored permanents you control, add one mana of that "
    "color.",
)


def test_each_color_among_monocolored_permanents_leaves_out_the_multicolored() -> None:
    b = board(
        defined("v", *VISTA, types=("Land",), cost=""),
        defined("red", *PLAIN, cost="{R}"),
        defined("gold", *PLAIN, cost="{W}{U}"),  # two colors: not monocolored
        defined("pale", *PLAIN, cost="{4}"),  # no color: not monocolored
        defined("blue", *PLAIN, cost="{1}{U}"),
    )
    assert act(b, "v")["total"] == "{U}{R}"


BRUTE = ("Cinder Brute", "{T}: Add {R} for each creature with power 3 or greater you control.")


def test_for_each_creature_with_enough_power_reads_every_power() -> None:
    b = board(
        defined("brute", *BRUTE, types=("Creature",), power=3),
        defined("a", *PLAIN, types=("Creature",), power=5),
        defined("b", *PLAIN, types=("Creature",), power=2),
        defined("c", *PLAIN, types=("Creature",), power=7, controller="bob"),
    )
    v = activate(b, "brute")
    assert v.answer_data["total"] == "{R}{R}"
    assert "208.3" in v.citations
    missing = board(
        defined("brute", *BRUTE, types=("Creature",), power=3),
        defined("a", *PLAIN, types=("Creature",)),
    )
    with pytest.raises(QuestionError) as err:
        could_produce(missing, None)
    assert (err.value.loc, err.value.code) == (
        ("state", "battlefield", 1, "power"),
        "power_required",
    )


# 604.3, 613.3: an object's own colors as its text defines them, in every zone; 702.114a:
# devoid; 105.2, 613.1e: a static ability making a group all colors.
PRISM = ("Prism Courier", "~ is all colors.")
VOIDLING = ("Hollow Voidling", "Devoid\nThis artifact has no mana ability worth saying.")
GUILDLEY = ("Guildley Banner", "Each nonland permanent you control is all colors.")


def test_colors_an_objects_own_text_defines_are_its_colors() -> None:
    b = board(
        defined("bloom", *BLOOM, cost="{1}{G}", types=("Creature",)),
        defined("prism", *PRISM, cost="{4}"),
    )
    assert act(b, "bloom")["total"] == "{W}{U}{B}{R}{G}"
    # Devoid: a red mana cost, and no color.
    hollow = board(
        defined("bloom", *BLOOM, cost="{1}{G}", types=("Creature",)),
        defined("void", *VOIDLING, cost="{R}"),
    )
    assert act(hollow, "bloom")["total"] == "{G}"


def test_a_group_made_all_colors_gives_each_color() -> None:
    b = board(
        defined("amber", *AMBER, cost="{0}", types=("Artifact",)),
        defined("hero", *PLAIN, cost="{W}", types=("Creature",), supertypes=("Legendary",)),
        defined("banner", *GUILDLEY, cost="{3}", types=("Enchantment",)),
    )
    assert could_produce(b, "amber").answer_data["permanents"][0]["types"] == WUBRG
    without = board(
        defined("amber", *AMBER, cost="{0}", types=("Artifact",)),
        defined("hero", *PLAIN, cost="{W}", types=("Creature",), supertypes=("Legendary",)),
    )
    assert could_produce(without, "amber").answer_data["permanents"][0]["types"] == ["W"]
