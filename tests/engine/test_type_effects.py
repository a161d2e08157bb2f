"""Card types and subtypes added in layer 4 (205.1b, 613.1d, 613.8a), and what they change for
mana: a land that becomes a creature is subject to summoning sickness (302.6) unless it has
haste (702.10), and every selector sees the types it gained. Invented cards, compiled from
templated sentences we wrote."""

from __future__ import annotations

import re
from typing import Any

from app.catalog.compile import compile_face
from app.domain.state import Board, GameState
from app.engine.activate import activate
from app.engine.could_produce import could_produce
from tests.engine.mana_helpers import resolve


def _card(name: str, text: str, types: list[str], subtypes: list[str] | None = None) -> Any:
    compiled = compile_face(name, text, types=types, subtypes=subtypes or [])
    assert compiled.support == "full", compiled.unsupported_text
    return {
        "name": name,
        "types": [t.lower() for t in types],
        "subtypes": subtypes or [],
        **compiled.card_fields(),
    }


# A land you control becomes a creature with haste, or without it.
WAKER = _card(
    "Mossgrove Waker",
    "{T}: Target land you control becomes a 2/2 Elemental creature with haste until end of "
    "turn. It's still a land.",
    ["Creature"],
)
STIRRER = _card(
    "Mossgrove Stirrer",
    "{1}: Target land you control becomes a 2/2 Elemental creature until end of turn. "
    "It's still a land.",
    ["Creature"],
)
GILDER = _card(
    "Brassleaf Gilder",
    "{T}: Until end of turn, target nonland permanent becomes an artifact in addition to its "
    "other types.",
    ["Artifact"],
)
MOTH_LAW = _card(
    "Moth Edict", "Artifacts are Moths in addition to their other types.", ["Enchantment"]
)
HOLLOW = _card("Hollow of Counting", "{T}: Add {G} for each creature you control.", ["Land"])
MOTH_HOLLOW = _card("Hollow of Moths", "{T}: Add {C} for each Moth you control.", ["Land"])
FOREST = {"name": "Green Field", "supertypes": ["Basic"], "types": ["land"], "subtypes": ["Forest"]}
BEAR = {"name": "Plain Bear", "types": ["creature"], "subtypes": ["Bear"]}


def _perm(pid: str, card: Any, **kw: Any) -> dict[str, Any]:
    return {"id": pid, "definition": card, "controller": kw.pop("controller", "alice"), **kw}


def _effect(eid: str, card: Any, target: str, **kw: Any) -> dict[str, Any]:
    return {"id": eid, "definition": card, "controller": "alice", "target": target, **kw}


def _board(*perms: dict[str, Any], effects: list[dict[str, Any]] | None = None) -> Board:
    return resolve(
        GameState.model_validate(
            {
                "turn": 3,
                "active_player": "alice",
                "battlefield": list(perms),
                "effects": effects or [],
            }
        )
    )


def test_a_land_that_just_arrived_taps_for_mana_while_it_is_no_creature() -> None:
    # 302.6 is about creatures only.
    b = _board(_perm("field", FOREST, controlled_since_turn_start=False))
    assert activate(b, "field").answer_data["legal"] is True


def test_a_new_land_made_a_creature_without_haste_is_summoning_sick() -> None:
    # 205.1b: it keeps being a land (and a Forest) and is a creature too; 302.6 now applies.
    b = _board(
        _perm("field", FOREST, controlled_since_turn_start=False),
        _perm("stirrer", STIRRER),
        effects=[_effect("fx", STIRRER, "field")],
    )
    answer = activate(b, "field").answer_data
    assert answer["legal"] is False
    assert answer["reasons"][0]["code"] == "summoning_sick"


def test_the_same_land_made_a_creature_with_haste_taps_for_mana() -> None:
    # 702.10: the effect's haste goes to its target.
    b = _board(
        _perm("field", FOREST, controlled_since_turn_start=False),
        _perm("waker", WAKER),
        effects=[_effect("fx", WAKER, "field")],
    )
    answer = activate(b, "field").answer_data
    assert answer["legal"] is True and answer["total"] == "{G}"


def test_an_animated_land_counts_as_a_creature_you_control() -> None:
    # The selector "creatures you control" sees the card type layer 4 added: the waker and
    # the animated Forest.
    perms = (_perm("hollow", HOLLOW), _perm("field", FOREST), _perm("waker", WAKER))
    assert activate(_board(*perms), "hollow").answer_data["total"] == "{G}"
    b = _board(*perms, effects=[_effect("fx", WAKER, "field")])
    assert activate(b, "hollow").answer_data["total"] == "{G}{G}"


def test_a_type_added_by_an_effect_is_seen_by_a_subtype_effect_whatever_the_timestamps() -> None:
    # 613.8a: Moth Edict applies to artifacts, so it depends on the effect that makes the
    # stone an artifact, which applies first even with a later timestamp.
    stone = {"name": "Plain Stone", "types": ["enchantment"]}
    for edict_ts, fx_ts in ((1, 5), (5, 1)):
        b = _board(
            _perm("edict", MOTH_LAW, timestamp=edict_ts),
            _perm("stone", stone, timestamp=2),
            _perm("hollow", MOTH_HOLLOW, timestamp=3),
            effects=[_effect("fx", GILDER, "stone", timestamp=fx_ts)],
        )
        v = activate(b, "hollow")
        assert v.answer_data["total"] == "{C}", (edict_ts, fx_ts)
        # A creature type added is no land type: 205.1b, not 305.6's mana.
        assert "205.1b" in v.citations and "305.6" not in v.citations


def test_a_permanent_that_is_an_artifact_too_counts_as_one_but_others_do_not() -> None:
    # Its own static ability (layer 4) makes only itself an artifact: "~" is its source.
    stone_beast = _card(
        "Cairn Strider",
        "As long as ~ is on the battlefield, it's an artifact in addition to its other types.",
        ["Creature"],
    )
    counter = _card("Hollow of Stones", "{T}: Add {C} for each artifact you control.", ["Artifact"])
    bear = {"name": "Plain Bear", "types": ["creature"]}
    b = _board(_perm("hollow", counter), _perm("strider", stone_beast), _perm("bear", bear))
    assert activate(b, "hollow").answer_data["total"] == "{C}{C}"


CHOOSER = _card(
    "Tidecall Surveyor",
    "{T}: Target land you control becomes the basic land type of your choice until end of turn.",
    ["Creature"],
)
ADDER = _card(
    "Tidecall Wayfinder",
    "{T}: Target land you control becomes the basic land type of your choice in addition to "
    "its other types until end of turn.",
    ["Artifact"],
)
DUAL = {"name": "Frost Flats", "types": ["land"], "subtypes": ["Plains", "Island"]}


def _types_of(b: Board, pid: str) -> list[str]:
    from app.engine.could_produce import could_produce

    found = could_produce(b, None).answer_data["permanents"]
    types: list[str] = next(p["types"] for p in found if p["id"] == pid)
    return types


def test_the_chosen_basic_land_type_replaces_the_old_ones() -> None:
    # 305.7: the dual is a Swamp only, with the Swamp's mana ability (305.6).
    fx = _effect("fx", CHOOSER, "dual", chosen_land_type="Swamp")
    assert _types_of(_board(_perm("dual", DUAL), effects=[fx]), "dual") == ["B"]


def test_the_chosen_basic_land_type_in_addition_keeps_the_old_ones() -> None:
    fx = _effect("fx", ADDER, "dual", chosen_land_type="Forest")
    assert _types_of(_board(_perm("dual", DUAL), effects=[fx]), "dual") == ["W", "U", "G"]


def test_the_chosen_land_type_must_be_given() -> None:
    import pytest

    from app.domain.errors import QuestionError

    b = _board(_perm("dual", DUAL), effects=[_effect("fx", CHOOSER, "dual")])
    with pytest.raises(QuestionError) as e:
        _types_of(b, "dual")
    assert e.value.loc == ("state", "effects", 0, "chosen_land_type")


# A land that animates itself: the effects entry's target is the land itself.
SELF_WAKER = _card(
    "Moth Hollow",
    "{T}: Add {C}.\n{2}: ~ becomes a 2/2 Moth creature until end of turn. It's still a land.",
    ["Land"],
)


def test_a_new_land_that_animated_itself_is_summoning_sick_for_its_own_tap() -> None:
    # 205.1b, 302.6: once its own activation resolved it is a creature too, so a land played
    # this turn can't pay {T}; without the effect it can.
    plain = _board(_perm("hollow", SELF_WAKER, controlled_since_turn_start=False))
    assert activate(plain, "hollow").answer_data["legal"] is True
    b = _board(
        _perm("hollow", SELF_WAKER, controlled_since_turn_start=False),
        effects=[_effect("fx", SELF_WAKER, "hollow")],
    )
    answer = activate(b, "hollow").answer_data
    assert answer["legal"] is False and answer["reasons"][0]["code"] == "summoning_sick"
    since = _board(_perm("hollow", SELF_WAKER), effects=[_effect("fx", SELF_WAKER, "hollow")])
    assert activate(since, "hollow").answer_data["total"] == "{C}"


NEXUS = _card("Nexus of Byways", "~ is every nonbasic land type.\n{T}: Add {C}.", ["Land"])
GATE_COUNTER = _card("Gatewatch Abacus", "{T}: Add {C} for each Gate you control.", ["Artifact"])
MOON = _card("Red Sky Omen", "Nonbasic lands are Mountains.", ["Enchantment"])


def test_a_land_that_is_every_nonbasic_land_type_is_a_gate() -> None:
    # 205.3i: Gate is one of the nonbasic land types; no basic land type, so no new mana (305.6).
    b = _board(_perm("nexus", NEXUS), _perm("abacus", GATE_COUNTER))
    assert activate(b, "abacus").answer_data["total"] == "{C}"
    assert _types_of(b, "nexus") == ["C"]


def test_setting_its_land_types_removes_every_nonbasic_type_whatever_the_timestamps() -> None:
    # 305.7, 613.8a: the Mountain effect removes the ability that made it every type, so it
    # applies first; the land is a Mountain only, with the Mountain's mana.
    for moon_ts, nexus_ts in ((1, 5), (5, 1)):
        b = _board(
            _perm("moon", MOON, timestamp=moon_ts),
            _perm("nexus", NEXUS, timestamp=nexus_ts),
            _perm("abacus", GATE_COUNTER, timestamp=3),
        )
        assert activate(b, "abacus").answer_data["total"] == "", (moon_ts, nexus_ts)
        assert _types_of(b, "nexus") == ["R"]


HEXER = _card(
    "Hexmire Spire",
    "{2}, {T}: Put a hex counter on target creature. For as long as that creature has a hex "
    "counter on it, it's a Newt in addition to its other types.",
    ["Land"],
)
NEWT_HOLLOW = _card("Hollow of Newts", "{T}: Add {B} for each Newt you control.", ["Land"])


def test_a_subtype_that_lasts_while_the_target_has_a_counter() -> None:
    # 205.1b, 613.1d: with the hex counter the bear is a Newt; once it is gone, it isn't.
    fx = [_effect("fx", HEXER, "bear")]
    hexed = _board(
        _perm("hollow", NEWT_HOLLOW), _perm("bear", BEAR, counters={"hex": 1}), effects=fx
    )
    assert activate(hexed, "hollow").answer_data["total"] == "{B}"
    cured = _board(_perm("hollow", NEWT_HOLLOW), _perm("bear", BEAR), effects=fx)
    assert activate(cured, "hollow").answer_data["total"] == ""


def test_setting_land_types_removes_the_newer_nonbasic_ones_too() -> None:
    # 205.3i, 305.7: Planet and Town are land types, so a set effect removes them.
    planet = {"name": "Far Orb", "types": ["land"], "subtypes": ["Planet", "Town"]}
    b = _board(_perm("moon", MOON), _perm("orb", planet))
    from app.engine.board import BoardView

    view = BoardView(b)
    orb = b.get("orb")
    assert orb is not None
    assert view.chars.of(orb).subtypes == ("Mountain",)


RALLY = _card(
    "Emberhorn Rally", "Until end of turn, creatures you control gain haste.", ["Sorcery"]
)


def test_a_group_haste_effect_is_one_entry_per_creature_it_reached() -> None:
    # 611.2c: the creatures there as it resolved; each is an entry with it as target.
    elf = {
        "name": "Quick Elf",
        "types": ["creature"],
        "abilities": [
            {
                "kind": "mana_ability",
                "cost": {"tap": True},
                "produces": {"kind": "fixed", "mana": "{G}"},
            }
        ],
    }
    new = {"controlled_since_turn_start": False}
    b = _board(
        _perm("a", elf, **new), _perm("late", elf, **new), effects=[_effect("fx-a", RALLY, "a")]
    )
    assert activate(b, "a").answer_data["legal"] is True
    assert activate(b, "late").answer_data["legal"] is False


def test_subtypes_added_by_one_effect_are_seen_by_another_s_subtype_filter_whatever_the_order() -> (
    None
):
    # 613.8a: Moth Grove's effect applies to Moths, so it depends on Moth Edict, which makes the
    # stone a Moth (subtypes alone): the Edict applies first even with the later timestamp, and
    # the stone becomes a Forest too (305.6: it can tap for {G}).
    grove = {
        "name": "Moth Grove",
        "types": ["enchantment"],
        "abilities": [
            {"kind": "add_subtypes", "to": {"subtypes": ["Moth"]}, "subtypes": ["Forest"]}
        ],
    }
    stone = {"name": "Plain Stone", "types": ["artifact", "land"]}
    for grove_ts, edict_ts in ((1, 5), (5, 1)):
        b = _board(
            _perm("grove", grove, timestamp=grove_ts),
            _perm("edict", MOTH_LAW, timestamp=edict_ts),
            _perm("stone", stone, timestamp=3),
        )
        verdict = could_produce(b, "stone")
        assert verdict.answer_data["permanents"][0]["types"] == ["G"], (grove_ts, edict_ts)


def test_an_effect_on_tapped_lands_tells_tapped_twins_from_untapped_ones() -> None:
    # Tapped status is no characteristic (110.5), so permanents alike but for it share one
    # computation of their layers, except where an effect's filter reads it: then the tapped
    # twin becomes a Swamp too (305.6: it gains {T}: Add {B}) and the untapped one doesn't.
    # Catalog Forests: one card face, so the twins differ in their tapped status alone.
    dusk = _card(
        "Dusk Canopy", "Tapped lands are Swamps in addition to their other types.", ["Enchantment"]
    )

    def forest(pid: str, **kw: Any) -> dict[str, Any]:
        return {"id": pid, "card": "Forest", "controller": "alice", **kw}

    b = _board(
        _perm("canopy", dusk),
        forest("up"),
        forest("down", tapped=True),
        forest("up2"),
        forest("down2", tapped=True),
    )
    types = {e["id"]: e["types"] for e in could_produce(b, None).answer_data["permanents"]}
    assert types == {
        "canopy": [],
        "up": ["G"],
        "up2": ["G"],
        "down": ["B", "G"],
        "down2": ["B", "G"],
    }


# A Vampire mana creature with haste while its controller controls another Vampire (611.3a).
HERALD = _card(
    "Dusk Herald",
    "{T}: Add {B}.\nDusk Herald has haste as long as you control another Vampire.",
    ["Creature"],
    ["Vampire"],
)
FLEDGLING = {"name": "Gloam Fledgling", "types": ["creature"], "subtypes": ["Vampire"]}


def test_haste_while_its_controller_controls_another_of_a_kind() -> None:
    # 302.6: new this turn, it taps for mana only while another Vampire is there.
    herald = _perm("herald", HERALD, controlled_since_turn_start=False)
    alone = activate(_board(herald), "herald").answer_data
    assert [r["code"] for r in alone["reasons"]] == ["summoning_sick"]
    with_kin = activate(_board(herald, _perm("kin", FLEDGLING)), "herald")
    assert (with_kin.answer_data["legal"], with_kin.answer_data["total"]) == (True, "{B}")
    # The ruling says the haste holds while the count does (611.3a).
    sick = next(s for s in with_kin.steps if "302.6" in s.rules)
    assert "while there are 1 or more Vampires you control (other than itself)" in sick.text
    assert "611.3a" in sick.rules
    # Another: itself doesn't count; an opponent's Vampire doesn't either.
    theirs = _perm("kin", FLEDGLING, controller="bob")
    assert activate(_board(herald, theirs), "herald").answer_data["legal"] is False


# A mana creature with haste while its controller controls a red creature (611.3a, 105.2).
EMBERKIN = _card(
    "Emberkin Scout",
    "{T}: Add {R}.\nEmberkin Scout has haste as long as you control a red Goblin.",
    ["Creature"],
    ["Goblin"],
)


def test_haste_while_its_controller_controls_a_creature_of_a_color() -> None:
    scout = _perm("scout", EMBERKIN, controlled_since_turn_start=False)
    red = {"name": "Cinder Pup", "types": ["creature"], "subtypes": ["Goblin"], "colors": ["R"]}
    green = {"name": "Moss Pup", "types": ["creature"], "subtypes": ["Goblin"], "colors": ["G"]}
    # The Scout itself is colorless here (its definition gives no colors): only the pup counts.
    assert activate(_board(scout, _perm("pup", green)), "scout").answer_data["legal"] is False
    with_red = activate(_board(scout, _perm("pup", red)), "scout").answer_data
    assert (with_red["legal"], with_red["total"]) == (True, "{R}")


# "All lands lose all abilities except mana abilities." (613.1f, 605.1)
NOON = _card("Crimson Noon", "All lands lose all abilities except mana abilities.", ["Enchantment"])
# A land whose static ability grants a mana ability to the others; one that adds a land type.
SPIRE = _card("Gatewarden Spire", '{T}: Add {C}.\nLands you control have "{T}: Add {R}."', ["Land"])
MIRE = _card(
    "Mirefall Tomb", "Each land is a Plains in addition to its other land types.", ["Land"]
)
# A land creature with haste.
SPRITE = {
    "name": "Emberroot Sprite",
    "types": ["land", "creature"],
    "keywords": ["Haste"],
    "abilities": _card("Emberroot Sprite", "{T}: Add {R}.", ["Land", "Creature"])["abilities"],
}


def _could(*perms: dict[str, Any]) -> dict[str, list[str]]:
    found = could_produce(_board(*perms), None).answer_data
    return {p["id"]: p["types"] for p in found["permanents"]}


def test_lands_that_lose_all_but_their_mana_abilities() -> None:
    spire, forest = _perm("spire", SPIRE), _perm("f", FOREST)
    # The Spire's static grant is no mana ability: it goes, its own {T}: Add {C} stays.
    assert _could(spire, forest) == {"spire": ["R", "C"], "f": ["R", "G"]}
    assert _could(spire, forest, _perm("noon", NOON)) == {"spire": ["C"], "f": ["G"], "noon": []}
    # A land type added in layer 4 stays with its mana (613.6: layer 6 comes later; 305.6).
    mire = _perm("mire", MIRE)
    assert _could(mire, forest, _perm("noon", NOON))["f"] == ["W", "G"]


def test_a_land_creature_loses_its_haste_but_not_its_mana_ability() -> None:
    sprite = _perm("sprite", SPRITE, controlled_since_turn_start=False)
    assert activate(_board(sprite), "sprite").answer_data["legal"] is True
    under = activate(_board(sprite, _perm("noon", NOON)), "sprite").answer_data
    assert [r["code"] for r in under["reasons"]] == ["summoning_sick"]
    # Its mana ability stays: a creature that has been there since the turn began taps.
    kept = _perm("sprite", SPRITE)
    assert activate(_board(kept, _perm("noon", NOON)), "sprite").answer_data["total"] == "{R}"


# A creature whose trigger makes a target artifact an artifact creature while it stays.
ANIMATOR = _card(
    "Cogwright Adept",
    "When Cogwright Adept enters, target artifact becomes an artifact creature with base power "
    "and toughness 3/3 for as long as Cogwright Adept remains on the battlefield.",
    ["Creature"],
)
ROCK = _card("Copper Idol", "{T}: Add {C}.", ["Artifact"])


def test_a_mana_rock_made_a_creature_is_summoning_sick_the_turn_it_arrived() -> None:
    # 302.6: a noncreature artifact taps the turn it arrived; once a creature, it can't.
    rock = _perm("rock", ROCK, controlled_since_turn_start=False)
    assert activate(_board(rock), "rock").answer_data["legal"] is True
    animated = _board(rock, _perm("adept", ANIMATOR), effects=[_effect("e", ANIMATOR, "rock")])
    reasons = activate(animated, "rock").answer_data["reasons"]
    assert [r["code"] for r in reasons] == ["summoning_sick"]


# Creatures that are Island lands too; an Aura that animates the Forest it enchants.
GROVE_SOUL = _card(
    "Grovesoul Matriarch",
    "Nontoken creatures you control are Island lands in addition to their other types.",
    ["Creature"],
)
SPIRIT_BOND = _card(
    "Cedarheart Bond",
    "Enchant Forest\n{1}{G}: Enchanted Forest becomes a 3/3 green Spirit creature until end of "
    "turn. It's still a land.",
    ["Enchantment"],
    ["Aura"],
)


def test_creatures_that_are_island_lands_tap_for_blue_once_not_summoning_sick() -> None:
    # 305.6: an Island's mana; 302.6: still creatures, so one new this turn can't tap.
    soul = _perm("soul", GROVE_SOUL)
    old, new = _perm("old", BEAR), _perm("new", BEAR, controlled_since_turn_start=False)
    assert _could(soul, old, new) == {"soul": ["U"], "old": ["U"], "new": ["U"]}
    assert activate(_board(soul, old, new), "old").answer_data["total"] == "{U}"
    sick = activate(_board(soul, old, new), "new").answer_data
    assert [r["code"] for r in sick["reasons"]] == ["summoning_sick"]
    # A token is no Forest: "nontoken" ones only.
    token = _perm("tok", BEAR, token=True)
    assert _could(soul, token)["tok"] == []


def test_an_enchanted_forest_animated_the_turn_it_arrived_cant_tap() -> None:
    forest = _perm("f", FOREST, controlled_since_turn_start=False)
    bond = _perm("bond", SPIRIT_BOND, attached_to="f")
    assert activate(_board(forest, bond), "f").answer_data["legal"] is True
    animated = _board(forest, bond, effects=[_effect("e", SPIRIT_BOND, "f")])
    assert [r["code"] for r in activate(animated, "f").answer_data["reasons"]] == ["summoning_sick"]


# Trinkets (Treasure-like tokens) a trigger makes creatures too, each its own entry (611.2c).
TRINKET = _card("Trinket", "{T}, Sacrifice Trinket: Add one mana of any color.", ["Artifact"])
TRINKET["subtypes"] = ["Trinket"]
FORGEMASTER = _card(
    "Gilded Forgemaster",
    "Whenever you gain life, you may have Trinkets you control become 2/2 Golem artifact "
    "creatures in addition to their other types until end of turn.",
    ["Creature"],
)


def test_trinkets_made_creatures_this_turn_are_summoning_sick() -> None:
    new = _perm("t1", TRINKET, token=True, controlled_since_turn_start=False)
    old = _perm("t2", TRINKET, token=True)
    smith = _perm("smith", FORGEMASTER)
    entries = [_effect("e1", FORGEMASTER, "t1"), _effect("e2", FORGEMASTER, "t2")]
    assert activate(_board(new, old, smith), "t1").answer_data["legal"] is True
    board = _board(new, old, smith, effects=entries)
    assert [r["code"] for r in activate(board, "t1").answer_data["reasons"]] == ["summoning_sick"]
    assert activate(board, "t2").answer_data["legal"] is True


HYMN = _card(
    "Dryad Hymn",
    "Enchant permanent\nEnchanted permanent is a colorless Forest land.",
    ["Enchantment"],
    ["Aura"],
)
UPRISING = _card(
    "Verdant Uprising", "All Forests are 1/1 creatures that are still lands.", ["Enchantment"]
)


def test_an_aura_making_a_creature_a_forest_land_applies_before_forests_become_creatures() -> None:
    # 613.8a: the Hymn changes what the Uprising applies to (the Bear becomes a Forest only
    # through it), so the Uprising depends on it and applies after it whatever the
    # timestamps: the Bear is a Forest land creature, which taps for {G} (305.6) while its
    # controller has controlled it since the turn began, and not before (302.6).
    for hymn_ts, uprising_ts in ((2, 1), (1, 2)):
        perms = (
            _perm("bear", BEAR, timestamp=0, controlled_since_turn_start=False),
            _perm("hymn", HYMN, attached_to="bear", timestamp=hymn_ts),
            _perm("uprising", UPRISING, timestamp=uprising_ts),
        )
        v = activate(_board(*perms), "bear")
        assert [r["code"] for r in v.answer_data["reasons"]] == ["summoning_sick"], hymn_ts
        said = " ".join(s.text for s in v.steps)
        if hymn_ts > uprising_ts:  # the dependency, not the timestamps, put the Hymn first
            assert re.search(r"Verdant Uprising \(uprising\) (each )?depends? on another", said)
        settled = _perm("bear", BEAR, timestamp=0)
        assert activate(_board(settled, *perms[1:]), "bear").answer_data["total"] == "{G}"


ELIXIR = _card(
    "Everbrew Flask",
    "You may activate abilities of Elves you control as though those creatures had haste.",
    ["Artifact"],
)
QUIETUS = _card("Quietus Field", "All creatures lose all abilities.", ["Enchantment"])
RITE = _card(
    "Rite of Colors",
    'Elves you control have "{T}: Add {W}, {U}, or {B}."',
    ["Enchantment"],
)
SPROUT = _card("Fresh Sprout", "{T}: Add {G}.", ["Creature"], ["Elf"])


def test_as_though_it_had_haste_is_no_ability_so_losing_abilities_keeps_it() -> None:
    # 302.6: the flask gives the creatures no haste; its effect lets their abilities be used
    # anyway. A later "lose all abilities" takes their own away (613.1f), not that effect, and
    # a later grant gives them a mana ability they may use at once.
    perms = [
        _perm("sprout", SPROUT, timestamp=0, controlled_since_turn_start=False),
        _perm("flask", ELIXIR, timestamp=1),
    ]
    alone = activate(_board(*perms), "sprout")
    assert alone.answer_data["total"] == "{G}"
    said = " ".join(s.text for s in alone.steps)
    assert "may activate its abilities as though it had haste" in said
    assert "but it has haste" not in said
    hushed = [*perms, _perm("q", QUIETUS, timestamp=2), _perm("rite", RITE, timestamp=3)]
    v = activate(_board(*hushed), "sprout", choose="U")
    assert (v.answer_data["legal"], v.answer_data["total"]) == (True, "{U}")


MOON = _card("Crimson Dusk", "Nonbasic lands are Mountains.", ["Enchantment"])


def test_an_auras_card_type_and_land_type_apply_together_before_a_moon_that_needs_them() -> None:
    # The Hymn's one effect makes the Sprout a nonbasic Forest land; the moon then applies to
    # it (613.8a: it depends on the Hymn, whatever the timestamps), so it taps for {R}. The
    # Hymn's two parts are never split by the moon, nor said to depend on each other.
    for moon_ts, hymn_ts in ((1, 2), (2, 1)):
        perms = (
            _perm("sprout", SPROUT, timestamp=0),
            _perm("moon", MOON, timestamp=moon_ts),
            _perm("hymn", HYMN, attached_to="sprout", timestamp=hymn_ts),
        )
        v = could_produce(_board(*perms), "sprout")
        assert v.answer_data["permanents"][0]["types"] == ["R"], moon_ts
        said = " ".join(s.text for s in v.steps)
        assert "Dryad Hymn (hymn) depends" not in said
        assert "The effect of Crimson Dusk (moon) depends on another type change" in said


GLASS = _card(
    "Glass Menagerie",
    "Other non-Aura enchantments you control are creatures in addition to their other types.",
    ["Enchantment"],
)
ANTLERS = _card(
    "Antler Curse",
    "Enchant creature\nEnchanted creature loses all abilities and is a blue Newt creature.",
    ["Enchantment"],
    ["Aura"],
)


def test_a_loss_whose_source_lost_its_abilities_first_creates_no_effect() -> None:
    # 613.8a in layer 6: the field is a creature (the menagerie), and the curse takes its
    # ability away; the field's loss depends on the curse, applies after it, and by then
    # creates nothing, whatever the timestamps. The sprout keeps its mana ability.
    for field_ts, curse_ts in ((1, 3), (3, 1)):
        perms = (
            _perm("sprout", SPROUT, timestamp=0),
            _perm("glass", GLASS, timestamp=0),
            _perm("q", QUIETUS, timestamp=field_ts),
            _perm("curse", ANTLERS, attached_to="q", timestamp=curse_ts),
        )
        v = could_produce(_board(*perms), "sprout")
        assert v.answer_data["permanents"][0]["types"] == ["G"], field_ts
        said = " ".join(s.text for s in v.steps)
        assert "but Antler Curse (curse) took that ability away from it first" in said
    # Without the curse, the field's loss applies (the menagerie makes it a creature too).
    alone = (_perm("sprout", SPROUT), _perm("glass", GLASS), _perm("q", QUIETUS))
    assert could_produce(_board(*alone), "sprout").answer_data["permanents"][0]["types"] == []


OMEN = _card(
    "Prism Sigil",
    "Lands you control are Swamps and Islands in addition to their other types.",
    ["Enchantment"],
)
TAKEN = _card(
    "Borrowed Sigil",
    "Enchant permanent\nYou control enchanted permanent.",
    ["Enchantment"],
    ["Aura"],
)


def test_a_taken_sources_you_is_its_new_controller_and_the_step_says_whose_it_is() -> None:
    # 613.1b before 613.1d: alice controls bob's sigil, so her lands are Swamps and Islands, and the
    # layer step names her as its controller.
    perms = (
        _perm("sigil", OMEN, controller="bob"),
        _perm("take", TAKEN, attached_to="sigil"),
        _perm("field", FOREST),
    )
    v = could_produce(_board(*perms), "field")
    assert v.answer_data["permanents"][0]["types"] == ["U", "B", "G"]
    assert any("Prism Sigil (sigil, controlled by alice)" in s.text for s in v.steps)


STIRRER_OF_ARTIFACTS = _card(
    "Gearwake Tinker",
    "When ~ enters, put a +1/+1 counter on target noncreature artifact. That artifact "
    "becomes a 0/0 Golem artifact creature.",
    ["Creature"],
)
# An artifact land whose mana is its land type's (305.6): it has it only while a land.
ARTIFACT_LAND = {"name": "Seat of Tides", "types": ["artifact", "land"], "subtypes": ["Island"]}


def test_an_artifact_made_an_artifact_creature_keeps_its_other_types() -> None:
    # 205.1b: an effect that makes something an "artifact creature" keeps every card type and
    # subtype it had: the artifact land stays a land, with its mana, and is a creature too.
    b = _board(
        _perm("seat", ARTIFACT_LAND, controlled_since_turn_start=False),
        effects=[_effect("fx", STIRRER_OF_ARTIFACTS, "seat")],
    )
    assert could_produce(b, "seat").answer_data["permanents"][0]["types"] == ["U"]
    # A creature now, and a new one: summoning sick (302.6).
    codes = [r["code"] for r in activate(b, "seat").answer_data["reasons"]]
    assert codes == ["summoning_sick"]
