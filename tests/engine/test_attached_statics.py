"""What an Aura or an Equipment says its permanent is (app/catalog/compile/attached.py), run by
the engine: card types added or set (205.1a, 613.1d), colors set (105.2, 613.1e), abilities
lost or granted (613.1f), a lock on activating (602.5). Invented cards, compiled from
templated sentences we wrote."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.errors import QuestionError
from app.engine.activate import activate
from tests.engine.test_type_effects import _board, _card, _perm, _types_of

ROCK = _card("Brass Pebble", "{T}: Add {C}{C}.", ["Artifact"])
ELF = {**_card("Thicket Tender", "{T}: Add {G}.", ["Creature"], ["Elf"]), "colors": ["G"]}
GROVE = _card("Quiet Glade", "{T}: Add {W}.", ["Land"])
# Counts creatures and Frogs: what the changes change.
CREATURE_COUNT = _card("Headcount Shrine", "{T}: Add {C} for each creature you control.", ["Land"])
FROG_COUNT = _card("Pondcall Totem", "{T}: Add {U} for each Frog you control.", ["Artifact"])
# One mana of a color some permanent of its controller's has (the bundled Meteor Crater's).
HUE_WELL = {
    "name": "Hue Well",
    "types": ["land"],
    "abilities": [
        {
            "kind": "mana_ability",
            "cost": {"tap": True},
            "produces": {"kind": "color_of_permanent", "among": {"controller": "you"}},
        }
    ],
}

AWAKEN = _card(
    "Rouse the Forge",
    "Enchant artifact\nEnchanted artifact is a creature with base power and toughness 3/3 in "
    "addition to its other types.",
    ["Enchantment"],
    ["Aura"],
)
FROGGIFY = _card(
    "Pond Curse",
    "Enchant creature\nEnchanted creature loses all abilities and is a blue Frog creature with "
    "base power and toughness 1/1.",
    ["Enchantment"],
    ["Aura"],
)
GROVE_SONG = _card(
    "Verdant Refrain",
    "Enchant permanent\nEnchanted permanent is a colorless Forest land.",
    ["Enchantment"],
    ["Aura"],
)
STILL_FIELD = _card(
    "Stillness Ward",
    "Enchant creature\nEnchanted creature has base power and toughness 0/3, has defender, and "
    "loses all other abilities.",
    ["Enchantment"],
    ["Aura"],
)
SPURS = _card(
    "Racing Spurs",
    "Equip {1}\nEquipped creature gets +1/+0, has haste and ward {1}, and is a Knight in addition "
    "to its other types.",
    ["Artifact"],
    ["Equipment"],
)
SHACKLE = _card(
    "Iron Bridle",
    "Enchant creature\nEnchanted creature gets -1/-1, and its activated abilities can't be "
    "activated.",
    ["Enchantment"],
    ["Aura"],
)
UNMAKE = _card(
    "Still Portrait",
    "Enchant permanent\nEnchanted permanent loses all other card types and is an enchantment.",
    ["Enchantment"],
    ["Aura"],
)
DEFENDER_COUNT = _card(
    "Bulwark Cairn",
    "{T}: Add {W} for each creature you control with defender.",
    ["Artifact"],
)


def _aura(pid: str, card: Any, on: str) -> dict[str, Any]:
    return _perm(pid, card, attached_to=on)


def test_an_artifact_made_a_creature_is_summoning_sick() -> None:
    # 205.1b, 302.6: a creature now, so a rock that arrived this turn can't tap; alone it can.
    new = {"controlled_since_turn_start": False}
    alone = _board(_perm("rock", ROCK, **new))
    assert activate(alone, "rock").answer_data["legal"] is True
    b = _board(_perm("rock", ROCK, **new), _aura("aura", AWAKEN, "rock"))
    answer = activate(b, "rock").answer_data
    assert answer["legal"] is False
    assert answer["reasons"][0]["rules"] == ["302.6"]
    # It is still an artifact with its mana (in addition to its other types).
    assert _types_of(b, "rock") == ["C"]


def test_an_artifact_made_a_creature_is_counted_as_one() -> None:
    b = _board(_perm("rock", ROCK), _perm("shrine", CREATURE_COUNT), _aura("aura", AWAKEN, "rock"))
    assert activate(b, "shrine").answer_data["total"] == "{C}"
    plain = _board(_perm("rock", ROCK), _perm("shrine", CREATURE_COUNT))
    assert activate(plain, "shrine").answer_data["produced"] == ""


def test_a_creature_made_a_blue_frog_loses_its_mana_and_its_old_types() -> None:
    # 613.1f: no abilities, so no mana; 205.1a: a Frog now, no Elf; 105.2: blue.
    b = _board(
        _perm("elf", ELF),
        _aura("aura", FROGGIFY, "elf"),
        _perm("frogs", FROG_COUNT),
    )
    assert _types_of(b, "elf") == []
    assert activate(b, "frogs").answer_data["total"] == "{U}"
    # 105.2: the green elf is blue now, the only colored permanent the well sees.
    assert _types_of(_board(_perm("elf", ELF), _perm("well", HUE_WELL)), "well") == ["G"]
    well = _board(_perm("elf", ELF), _aura("aura", FROGGIFY, "elf"), _perm("well", HUE_WELL))
    assert _types_of(well, "well") == ["U"]


def test_a_land_creature_made_a_frog_is_no_land() -> None:
    # 205.1a: its card types become creature alone, so its land type goes too (205.3d).
    arbor = _card("Mossy Hut", "", ["Land", "Creature"], ["Forest", "Dryad"])
    b = _board(_perm("hut", arbor), _aura("aura", FROGGIFY, "hut"))
    assert _types_of(b, "hut") == []
    assert _types_of(_board(_perm("hut", arbor)), "hut") == ["G"]


def test_any_permanent_made_a_colorless_forest_land_makes_only_green() -> None:
    # 205.1a and 305.7: a land whose land type is Forest, its own mana abilities gone, the
    # Forest's (305.6) in their place; a creature so enchanted is no creature (302.6).
    new = {"controlled_since_turn_start": False}
    for card in (ROCK, ELF, GROVE):
        b = _board(_perm("it", card, **new), _aura("aura", GROVE_SONG, "it"))
        assert _types_of(b, "it") == ["G"]
        answer = activate(b, "it").answer_data
        assert (answer["legal"], answer["total"]) == (True, "{G}")


def test_defender_granted_stays_while_the_other_abilities_go() -> None:
    # "Loses all other abilities": the defender the same Aura grants stays (613.1f), and a
    # count of creatures with defender sees it.
    b = _board(_perm("elf", ELF), _aura("aura", STILL_FIELD, "elf"), _perm("cairn", DEFENDER_COUNT))
    assert _types_of(b, "elf") == []
    assert activate(b, "cairn").answer_data["total"] == "{W}"


def test_equipment_haste_lets_a_new_creature_tap() -> None:
    # 702.10, 302.6: haste from the Equipment; ward and the Knight type change nothing here.
    new = {"controlled_since_turn_start": False}
    alone = _board(_perm("elf", ELF, **new))
    assert activate(alone, "elf").answer_data["legal"] is False
    b = _board(_perm("elf", ELF, **new), _aura("spurs", SPURS, "elf"))
    answer = activate(b, "elf").answer_data
    assert (answer["legal"], answer["total"]) == (True, "{G}")


def test_a_lock_joined_to_a_power_change_stops_mana_abilities() -> None:
    # 602.5, 605.1a: a mana ability is an activated ability; 106.7 still says what it could make.
    b = _board(_perm("elf", ELF), _aura("aura", SHACKLE, "elf"))
    answer = activate(b, "elf").answer_data
    assert answer["legal"] is False
    assert _types_of(b, "elf") == ["G"]


def test_a_creature_made_only_an_enchantment_taps_the_turn_it_arrived() -> None:
    # 205.1a: no creature any more, so 302.6 doesn't apply; its own mana ability stays.
    new = {"controlled_since_turn_start": False}
    b = _board(_perm("elf", ELF, **new), _aura("aura", UNMAKE, "elf"))
    answer = activate(b, "elf").answer_data
    assert (answer["legal"], answer["total"]) == (True, "{G}")
    assert activate(_board(_perm("elf", ELF, **new)), "elf").answer_data["legal"] is False


NEWT_CURSE = _card(
    "Newtbind Hex",
    "Enchant creature\nEnchanted creature is a Newt with base power and toughness 1/1.",
    ["Enchantment"],
    ["Aura"],
)
ELF_TALLY = _card("Elfcount Idol", "{T}: Add {G} for each Elf you control.", ["Artifact"])
ARTIFACT_TALLY = _card("Gearcount Idol", "{T}: Add {C} for each artifact you control.", ["Land"])
KIN_DECREE = _card(
    "Kinmask Decree",
    "As this enchantment enters, choose a creature type.\nCreatures you control are the chosen "
    "type.",
    ["Enchantment"],
)


def test_a_creature_type_set_alone_replaces_only_creature_types() -> None:
    # 205.1a: an Elf artifact creature made a Newt is no Elf, still an artifact; and a
    # changeling made a Newt is only a Newt (702.73a, then the set effect, 613.3).
    elf_golem = _card("Brass Sprout", "", ["Artifact", "Creature"], ["Elf"])
    kin = {**_card("Mimic Kin", "", ["Creature"], ["Shapeshifter"]), "keywords": ["Changeling"]}
    b = _board(
        _perm("golem", elf_golem),
        _aura("hex", NEWT_CURSE, "golem"),
        _perm("kin", kin),
        _aura("hex2", NEWT_CURSE, "kin"),
        _perm("elves", ELF_TALLY),
        _perm("gears", ARTIFACT_TALLY),
    )
    assert activate(b, "elves").answer_data["produced"] == ""
    assert activate(b, "gears").answer_data["total"] == "{C}{C}"  # the golem and the idol


def test_creatures_made_the_chosen_creature_type_are_counted_as_it() -> None:
    # 205.1a, 205.3m: with Elf chosen, every creature its controller controls is an Elf.
    bear = _card("Plain Bear", "", ["Creature"], ["Bear"])
    b = _board(
        _perm("bear", bear),
        _perm("decree", KIN_DECREE, chosen_type="Elf"),
        _perm("elves", ELF_TALLY),
    )
    assert activate(b, "elves").answer_data["total"] == "{G}"
    without = _board(_perm("bear", bear), _perm("decree", KIN_DECREE), _perm("elves", ELF_TALLY))
    with pytest.raises(QuestionError) as raised:
        activate(without, "elves")
    assert raised.value.code == "chosen_type_required"
    # 205.3m: a land type is no creature type it could have chosen: no such board is read.
    with pytest.raises(QuestionError) as raised:
        _board(
            _perm("bear", bear),
            _perm("decree", KIN_DECREE, chosen_type="forest"),
            _perm("elves", ELF_TALLY),
        )
    assert (raised.value.code, raised.value.loc) == (
        "invalid_chosen_type",
        ("state", "battlefield", 1, "chosen_type"),
    )


ROUSE_LAND = _card(
    "Stirring Soil",
    "Enchant land\nEnchanted land is a 3/3 green Ooze creature. It's still a land.",
    ["Enchantment"],
    ["Aura"],
)


def test_a_land_an_aura_animates_is_a_summoning_sick_creature_that_keeps_its_mana() -> None:
    # 205.1b, 302.6: still a land, with its mana, and a creature: new this turn, it can't tap.
    forest = _card("Deep Grove", "{T}: Add {G}.", ["Land"])
    new = {"controlled_since_turn_start": False}
    b = _board(_perm("grove", forest, **new), _aura("aura", ROUSE_LAND, "grove"))
    assert _types_of(b, "grove") == ["G"]
    assert activate(b, "grove").answer_data["legal"] is False
    old = _board(_perm("grove", forest), _aura("aura", ROUSE_LAND, "grove"))
    assert activate(old, "grove").answer_data["total"] == "{G}"


# Auras whose enchant ability the compiler keeps (702.5a): a creature's, a Forest's.
MIND_LEASH = _card(
    "Mind Leash", "Enchant creature\nYou control enchanted creature.", ["Enchantment"], ["Aura"]
)
GROVE_BLESSING = _card(
    "Grove Blessing",
    'Enchant Forest\nEnchanted Forest has "{T}: Add {G}{G}."',
    ["Enchantment"],
    ["Aura"],
)


def test_an_aura_on_what_it_cant_enchant_is_a_board_no_game_has() -> None:
    # 303.4d, 704.5m: "enchant creature" on a land would be put into the graveyard.
    assert MIND_LEASH["enchants"] == {
        "controller": "any",
        "types": ["creature"],
        "subtypes": [],
        "nonbasic": False,
        "relation": "any",
    }
    leashed = _board(
        _perm("grove", GROVE), _perm("cm", MIND_LEASH, controller="bob", attached_to="grove")
    )
    with pytest.raises(QuestionError) as raised:
        activate(leashed, "grove")
    assert (raised.value.code, raised.value.loc) == (
        "illegal_attachment",
        ("state", "battlefield", 1, "attached_to"),
    )
    assert "can enchant only creatures" in raised.value.message
    # On a creature it takes control of it.
    elf = _board(_perm("elf", ELF), _perm("cm", MIND_LEASH, controller="bob", attached_to="elf"))
    assert activate(elf, "elf").answer_data["legal"] is True
    blessed = _board(_perm("grove", GROVE), _aura("b", GROVE_BLESSING, "grove"))
    with pytest.raises(QuestionError):
        activate(blessed, "grove")  # a Glade is no Forest


def test_an_aura_is_judged_on_what_its_permanent_is_after_the_effects() -> None:
    # 613: a land an Aura made a creature may also carry "enchant creature".
    forest = _card("Deep Grove", "{T}: Add {G}.", ["Land"])
    b = _board(
        _perm("grove", forest),
        _aura("rouse", ROUSE_LAND, "grove"),
        _perm("cm", MIND_LEASH, controller="bob", attached_to="grove"),
    )
    assert activate(b, "grove").answer_data["legal"] is True


def test_an_equipment_on_a_noncreature_is_a_board_no_game_has() -> None:
    # 301.5c, 704.5n: it would become unattached.
    with pytest.raises(QuestionError) as raised:
        activate(_board(_perm("rock", ROCK), _aura("spurs", SPURS, "rock")), "rock")
    assert raised.value.code == "illegal_attachment"
    assert "can equip only creatures" in raised.value.message


def test_an_equipment_that_is_a_creature_equips_nothing() -> None:
    # 301.5c: an Equipment that is also a creature (an effect animated it) can't equip one,
    # unless it has reconfigure.
    animate = _card("Gearwake Hymn", "Each noncreature artifact is a creature.", ["Enchantment"])
    b = _board(_perm("elf", ELF), _perm("h", animate), _aura("spurs", SPURS, "elf"))
    with pytest.raises(QuestionError) as raised:
        activate(b, "elf")
    assert raised.value.code == "illegal_attachment"
    assert "is a creature itself, so it can equip nothing" in raised.value.message


def test_a_fortification_fortifies_only_a_land() -> None:
    # 301.6, 704.5n.
    keep = _card("Stone Bastion", "Fortify {2}", ["Artifact"], ["Fortification"])
    with pytest.raises(QuestionError) as raised:
        activate(_board(_perm("elf", ELF), _aura("k", keep, "elf")), "elf")
    assert raised.value.code == "illegal_attachment"
    assert activate(_board(_perm("g", GROVE), _aura("k", keep, "g")), "g").answer_data["legal"]


def test_an_enchant_list_of_card_types_is_kept() -> None:
    moonward = _card(
        "Moonward Seal",
        "Enchant creature, land, or planeswalker\nEnchanted permanent doesn't untap during its "
        "controller's untap step.",
        ["Enchantment"],
        ["Aura"],
    )
    assert moonward["enchants"]["types"] == ["creature", "land", "planeswalker"]
    with pytest.raises(QuestionError) as raised:
        activate(_board(_perm("r", ROCK), _aura("m", moonward, "r")), "r")
    assert raised.value.code == "illegal_attachment"


def test_an_enchant_phrase_with_more_words_is_checked_by_its_card_types() -> None:
    # "enchant creature with mana value 2 or less": at least a creature (303.4a), so a control
    # Aura on a land is a board no game has, and its control change never reaches the land.
    leash = _card(
        "Short Leash",
        "Enchant creature with mana value 2 or less\nYou control enchanted creature.",
        ["Enchantment"],
        ["Aura"],
    )
    assert leash["enchants"]["types"] == ["creature"]
    with pytest.raises(QuestionError) as raised:
        activate(
            _board(_perm("g", GROVE), _perm("l", leash, controller="bob", attached_to="g")), "g"
        )
    assert raised.value.code == "illegal_attachment"
