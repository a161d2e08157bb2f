"""Amounts read off the board, on invented cards compiled from templated sentences: creatures
with defender after layer 6 (613.1f: granted, or lost with all abilities), the greatest
toughness and the number of different powers (208.3, read from the state), a sacrificed
creature's power given as `x` (608.2h, 602.2b), a color a permanent has (105.2)."""

from __future__ import annotations

from typing import Any

import pytest

from app.catalog.compile import compile_face
from app.domain.errors import QuestionError
from app.engine.activate import activate
from app.engine.could_produce import could_produce
from tests.engine.mana_helpers import board

WUBRG = ["W", "U", "B", "R", "G"]


def defined(
    pid: str,
    name: str,
    text: str,
    types: tuple[str, ...] = ("Creature",),
    keywords: tuple[str, ...] = (),
    mana_cost: str = "{2}{G}",
    **kw: Any,
) -> dict[str, Any]:
    compiled = compile_face(name, text, types=types, mana_cost=mana_cost, keywords=keywords)
    assert compiled.support == "full", compiled.unsupported_text
    card = {
        "name": name,
        "types": [t.lower() for t in types],
        "mana_cost": mana_cost,
        "keywords": list(keywords),
        **compiled.card_fields(),
    }
    return {"id": pid, "definition": card, "controller": "alice", **kw}


RAMPART = ("Moss Rampart", "Defender\n{T}: Add {U} for each creature you control with defender.")
WALL = ("Pebble Wall", "Defender")
BEAR = ("Meadow Cub", "Vigilance")
COLLAR = ("Stone Collar", "Enchant creature\nEnchanted creature has defender.")
HUSH = ("Hush Shackle", "Enchant creature\nEnchanted creature loses all abilities.")
BARK = (
    "Bark Tender",
    "{T}: Add X mana of any one color, where X is the greatest toughness among all other "
    "creatures you control.",
)
TALLY = (
    "Ranger of Tallies",
    "{T}: Choose a color. Add one mana of that color for each different power among all "
    "creatures you control.",
)
FEEDER = (
    "Bog Feeder",
    "{T}, Sacrifice a creature: Add an amount of {B} equal to the sacrificed creature's power.",
)
ARCH = (
    "Prism Arch",
    "{T}: Add one mana of any color that shares a color with a permanent on the battlefield.",
)


def act(b: Any, pid: str, **kw: Any) -> dict[str, Any]:
    return activate(b, pid, **kw).answer_data


def test_creatures_with_defender_are_counted_from_their_keywords() -> None:
    b = board(
        defined("r", *RAMPART, keywords=("Defender",)),
        defined("w", *WALL, keywords=("Defender",)),
        defined("c", *BEAR, keywords=("Vigilance",)),
        defined("theirs", *WALL, keywords=("Defender",), controller="bob"),
    )
    assert act(b, "r")["total"] == "{U}{U}"


def test_a_granted_defender_counts_and_one_lost_with_all_abilities_does_not() -> None:
    rampart = defined("r", *RAMPART, keywords=("Defender",))
    cub = defined("c", *BEAR, keywords=("Vigilance",))
    wall = defined("w", *WALL, keywords=("Defender",))
    collar = defined("collar", *COLLAR, types=("Enchantment",), attached_to="c", timestamp=9)
    assert act(board(rampart, cub, collar), "r")["total"] == "{U}{U}"  # 613.1f: the grant
    # The wall loses all abilities, its printed defender with them (613.1f).
    hush = defined("hush", *HUSH, types=("Enchantment",), attached_to="w", timestamp=5)
    assert act(board(rampart, wall, hush), "r")["total"] == "{U}"
    # A grant newer than the loss is kept (613.7), one older is removed with the rest.
    both = defined("hush", *HUSH, types=("Enchantment",), attached_to="c", timestamp=5)
    assert act(board(rampart, cub, both, collar), "r")["total"] == "{U}{U}"
    old_collar = {**collar, "timestamp": 1}
    assert act(board(rampart, cub, both, old_collar), "r")["total"] == "{U}"


def test_the_greatest_toughness_is_read_from_the_state() -> None:
    b = board(
        defined("bark", *BARK, toughness=1),
        defined("c", *BEAR, toughness=4),
        defined("d", *BEAR, toughness=2),
        defined("theirs", *BEAR, toughness=9, controller="bob"),
    )
    a = act(b, "bark", choose="G")
    assert a["total"] == "{G}{G}{G}{G}"  # "other": its own toughness 1 aside, Bob's aside
    with pytest.raises(QuestionError) as err:
        act(board(defined("bark", *BARK), defined("c", *BEAR)), "bark", choose="G")
    assert (err.value.loc, err.value.code) == (
        ("state", "battlefield", 1, "toughness"),
        "toughness_required",
    )


def test_different_powers_count_each_value_once() -> None:
    b = board(
        defined("t", *TALLY, power=2),
        defined("c", *BEAR, power=2),
        defined("d", *BEAR, power=0),
        defined("e", *BEAR, power=5),
    )
    a = act(b, "t", choose="U")
    assert a["total"] == "{U}{U}{U}"  # powers 2, 2, 0, 5: three different ones
    assert "208.3" in activate(b, "t", choose="U").citations


def test_the_sacrificed_creatures_power_is_the_x_given() -> None:
    b = board(defined("f", *FEEDER), defined("c", *BEAR))
    v = activate(b, "f", x=3)
    assert v.answer_data["total"] == "{B}{B}{B}"
    assert {"608.2h", "602.2b"} <= set(v.citations)
    with pytest.raises(QuestionError) as err:
        act(b, "f")
    assert (err.value.loc, err.value.code) == (("x",), "x_required")
    assert could_produce(b, None).answer_data["permanents"][0]["types"] == ["B"]


def test_a_color_shared_with_any_permanent() -> None:
    arch = defined("arch", *ARCH, types=("Land",), mana_cost="")
    red = defined("red", *BEAR, mana_cost="{R}", controller="bob")
    green = defined("green", *BEAR, mana_cost="{1}{G}")
    types = {
        p["id"]: p["types"]
        for p in could_produce(board(arch, red, green), None).answer_data["permanents"]
    }
    assert types["arch"] == ["R", "G"]
    alone = could_produce(board(arch), None).answer_data["permanents"][0]
    assert alone["types"] == []  # a colorless land alone shares no color (105.2)


CANOPY = (
    "Elder Canopy",
    "{T}: Add {G}.\nAs long as you control three or more lands, lands you control have "
    '"{T}: Add one mana of any color."',
)
FIELD = ("Plain Field", "{T}: Add {C}.")


def test_a_grant_applies_only_while_its_controller_controls_enough_lands() -> None:
    canopy = defined("canopy", *CANOPY, types=("Land",), mana_cost="")
    fields = [defined(f"f{i}", *FIELD, types=("Land",), mana_cost="") for i in range(2)]
    theirs = defined("theirs", *FIELD, types=("Land",), mana_cost="", controller="bob")
    two = {
        p["id"]: p["types"]
        for p in could_produce(board(canopy, fields[0], theirs), None).answer_data["permanents"]
    }
    assert two == {"canopy": ["G"], "f0": ["C"], "theirs": ["C"]}  # Bob's land isn't yours
    three = {
        p["id"]: p["types"]
        for p in could_produce(board(canopy, *fields), None).answer_data["permanents"]
    }
    assert three == {
        "canopy": ["W", "U", "B", "R", "G"],
        "f0": ["W", "U", "B", "R", "G", "C"],
        "f1": ["W", "U", "B", "R", "G", "C"],
    }


GUIDE = (
    "Elm Whisper",
    "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an "
    "additional {G}{G} for each Elf on the battlefield.",
)
ELF = ("Grove Scout", "Vigilance")


def elf(pid: str, controller: str = "alice") -> dict[str, Any]:
    found = defined(pid, *ELF, controller=controller)
    found["definition"]["subtypes"] = ["Elf"]
    return found


def test_a_tapped_for_mana_trigger_adds_its_mana_for_each_elf() -> None:
    field = defined("f", *FIELD, types=("Land",), mana_cost="")
    guide = defined("g", *GUIDE, types=("Enchantment",), attached_to="f")
    v = activate(board(field, guide, elf("e1"), elf("e2", "bob")), "f")
    assert v.answer_data["total"] == "{G}{G}{G}{G}{C}"  # every Elf on the battlefield, Bob's too
    assert "605.1b" in v.citations
    none = act(board(field, guide), "f")
    assert none["total"] == "{C}"  # no Elf: the trigger adds nothing


LAUREL = (
    "Laurel Acolyte",
    'Renown 1\nAs long as this creature is renowned, it has vigilance and "{T}: Add one mana '
    'of any color."',
)


def test_a_renowned_only_ability_needs_the_state_to_say_so() -> None:
    def acolyte(**kw: Any) -> dict[str, Any]:
        return defined("a", *LAUREL, keywords=("Renown",), **kw)

    assert act(board(acolyte(renowned=True)), "a", choose="W")["total"] == "{W}"
    plain = could_produce(board(acolyte(renowned=False)), None).answer_data["permanents"][0]
    assert plain["types"] == []
    with pytest.raises(QuestionError) as err:
        could_produce(board(acolyte()), None)
    assert (err.value.loc, err.value.code) == (
        ("state", "battlefield", 0, "renowned"),
        "renowned_required",
    )
    # A question about another permanent doesn't need it.
    field = defined("f", *FIELD, types=("Land",), mana_cost="")
    assert act(board(acolyte(), field), "f")["total"] == "{C}"


TILE = (
    "Kinship Tile",
    "{T}: Add X mana of any one color, where X is the greatest number of creatures you "
    "control that share a creature type.",
)


def creature(
    pid: str, subtypes: list[str], keywords: tuple[str, ...] = (), **kw: Any
) -> dict[str, Any]:
    found = defined(pid, *BEAR, keywords=keywords, **kw)
    found["definition"]["subtypes"] = subtypes
    return found


def test_the_largest_group_sharing_a_creature_type() -> None:
    tile = defined("t", *TILE, types=("Artifact",))
    elves = [creature(f"e{i}", ["Elf", "Druid"]) for i in range(2)]
    druid = creature("d", ["Human", "Druid"])
    theirs = creature("x", ["Druid"], controller="bob")
    assert act(board(tile, *elves, druid, theirs), "t", choose="G")["total"] == "{G}{G}{G}"
    # A changeling is every creature type (702.73a): it joins the largest group.
    shifter = creature("s", ["Shapeshifter"], keywords=("Changeling",))
    assert act(board(tile, *elves, druid, shifter), "t", choose="G")["total"] == "{G}" * 4
    # A crewed Vehicle's subtype is an artifact type, not a creature type (205.3g).
    vehicles = [creature(f"v{i}", ["Vehicle"]) for i in range(3)]
    assert act(board(tile, *elves, *vehicles), "t", choose="G")["total"] == "{G}{G}"


def test_a_changeling_that_lost_all_abilities_is_still_every_type() -> None:
    tile = defined("t", *TILE, types=("Artifact",))
    shifter = creature("s", ["Shapeshifter"], keywords=("Changeling",))
    hush = defined("h", *HUSH, types=("Enchantment",), attached_to="s")
    elf = creature("e", ["Elf"])
    assert act(board(tile, shifter, hush, elf), "t", choose="B")["total"] == "{B}{B}"


FORAGER = (
    "Reef Forager",
    "{T}, Untap a tapped land your opponents control: Add one mana of any type that land "
    "could produce.",
)
GROVE = ("Green Patch", "{T}: Add {G}.")
SHOAL = ("Blue Patch", "{T}: Add {U}.")


def test_the_mana_of_the_tapped_land_its_cost_untaps() -> None:
    forager = defined("fo", *FORAGER)
    tapped = defined("g", *GROVE, types=("Land",), mana_cost="", controller="bob", tapped=True)
    untapped = defined("u", *SHOAL, types=("Land",), mana_cost="", controller="bob")
    mine = defined("m", *SHOAL, types=("Land",), mana_cost="", tapped=True)
    b = board(forager, tapped, untapped, mine)
    # 106.7 ignores whether the cost could be paid: any land an opponent controls could be the
    # one untapped, tapped now or not; the player's own lands are not.
    types = {p["id"]: p["types"] for p in could_produce(b, None).answer_data["permanents"]}
    assert types["fo"] == ["U", "G"]
    untapped_only = could_produce(board(forager, untapped, mine), None).answer_data
    assert untapped_only["permanents"][0]["types"] == ["U"]
    # Activated, only the opponent's tapped land can be the one its cost untaps.
    a = act(b, "fo")
    assert (a["legal"], a["total"], a["notes"]) == (True, "{G}", [])
    # With no tapped land an opponent controls, the cost can't be paid (118.3).
    alone = act(board(forager, untapped, mine), "fo")
    assert [n["code"] for n in alone["notes"]] == ["cost_taken_as_paid"]
    assert alone["made_mana"] is False


COIL = (
    "Coil Keeper",
    '{T}: Add {G}.\nAs long as this creature is modified, it has "{T}: Add {G}{G}."',
)
BLADE = ("Plain Blade", "Equip {2}")
CHARM = ("Plain Charm", "Enchant creature")


def modified(*more: dict[str, Any], **kw: Any) -> bool:
    """Whether the keeper has its granted {G}{G} ability (the second one) on this board."""
    b = board(defined("k", *COIL, **kw), *more)
    try:
        total = act(b, "k", ability=1)["total"]
    except QuestionError:
        return False  # no second ability to activate
    assert total == "{G}{G}"
    return True


def test_a_modified_grant_needs_a_counter_an_equipment_or_an_own_aura() -> None:
    assert not modified()
    assert modified(counters={"+1/+1": 1})
    blade = defined("b", *BLADE, types=("Artifact",), controller="bob", attached_to="k")
    blade["definition"]["subtypes"] = ["Equipment"]
    assert modified(blade)  # 301.5: equipped, whoever controls the Equipment
    charm = defined("c", *CHARM, types=("Enchantment",), controller="bob", attached_to="k")
    charm["definition"]["subtypes"] = ["Aura"]
    assert not modified(charm)  # 700.9: an Aura of another player doesn't modify it
    assert modified({**charm, "controller": "alice"})
