"""Card types replaced in layer 4 (205.1a, 613.1d): a creature that becomes a land is no longer
a creature (302.6 no longer applies), its creature types go with its creature type, and a land
keeps its land types. Invented cards, compiled from templated sentences we wrote."""

from __future__ import annotations

from typing import Any

from app.domain.state import GameState
from app.engine.activate import activate
from tests.engine.mana_helpers import resolve
from tests.engine.test_board_amounts import defined
from tests.engine.test_mana_colors import act
from tests.engine.test_type_effects import _board, _card, _effect, _perm, _types_of

# A creature of its own that becomes a land until your next turn.
SHIFTER = _card(
    "Tidewash Drifter",
    "At the beginning of your end step, untap ~. Until your next turn, it becomes a land and "
    'gains "{T}: Add {U}."',
    ["Creature"],
    ["Elemental"],
)
ELF_COUNTER = _card("Elfcount Idol", "{T}: Add {B} for each Elf you control.", ["Artifact"])
# A returned creature card that is a Treasure artifact from then on.
REAPER = _card(
    "Gilded Reaper",
    "Whenever a nontoken creature an opponent controls dies, you may pay {2}. If you do, return "
    "that card to the battlefield tapped. It's a Treasure artifact with \"{T}, Sacrifice ~: "
    'Add two mana of any one color," and it loses all other card types.',
    ["Creature"],
)
ARTIFACT_COUNTER = _card("Brassleaf Tally", "{T}: Add {C} for each artifact you control.", ["Land"])
CREATURE_COUNTER = _card(
    "Hollow of Counting", "{T}: Add {G} for each creature you control.", ["Land"]
)


def _elf(**kw: Any) -> dict[str, Any]:
    return {
        "name": "Moss Elf",
        "types": ["creature"],
        "subtypes": ["Elf"],
        "abilities": [
            {
                "kind": "mana_ability",
                "cost": {"tap": True},
                "produces": {"kind": "fixed", "mana": "{G}"},
            }
        ],
        **kw,
    }


def test_a_new_creature_that_became_a_land_taps_for_the_mana_it_gained() -> None:
    # 205.1a, 302.6: no longer a creature, so having arrived this turn doesn't matter.
    new = {"controlled_since_turn_start": False}
    plain = _board(_perm("drifter", SHIFTER, **new))
    assert _types_of(plain, "drifter") == []
    b = _board(_perm("drifter", SHIFTER, **new), effects=[_effect("fx", SHIFTER, "drifter")])
    answer = activate(b, "drifter").answer_data
    assert (answer["legal"], answer["total"]) == (True, "{U}")
    assert _types_of(b, "drifter") == ["U"]


def test_a_creature_made_a_land_keeps_its_own_abilities_and_loses_its_creature_types() -> None:
    # Its printed mana ability stays (only the types change) and, no creature, it taps at once;
    # it is no Elf any more (205.3d), so the idol counts one Elf.
    elf = _elf()
    new = {"controlled_since_turn_start": False}
    b = _board(
        _perm("elf", elf, **new),
        _perm("other", elf),
        _perm("idol", ELF_COUNTER),
        effects=[_effect("fx", SHIFTER, "elf")],
    )
    printed = activate(b, "elf", ability="printed:0").answer_data
    assert (printed["legal"], printed["total"]) == (True, "{G}")
    assert activate(b, "idol").answer_data["total"] == "{B}"


def test_a_returned_creature_card_is_a_treasure_artifact_only() -> None:
    bear = {"name": "Plain Bear", "types": ["creature"], "subtypes": ["Bear"]}
    b = _board(
        _perm("bear", bear, tapped=True),
        _perm("tally", ARTIFACT_COUNTER),
        _perm("hollow", CREATURE_COUNTER),
        effects=[_effect("fx", REAPER, "bear")],
    )
    assert activate(b, "tally").answer_data["total"] == "{C}"
    assert activate(b, "hollow").answer_data["total"] == ""
    untapped = _board(_perm("bear", bear), effects=[_effect("fx", REAPER, "bear")])
    answer = activate(untapped, "bear").answer_data
    assert answer["legal"] is True and answer["choice_required"] is True


def test_a_land_creature_made_a_land_keeps_its_land_type() -> None:
    # 205.1a: land types stay on what is still a land; the Forest's mana stays (305.6).
    arbor = {"name": "Grove Walker", "types": ["land", "creature"], "subtypes": ["Forest", "Dryad"]}
    b = _board(
        _perm("arbor", arbor, controlled_since_turn_start=False),
        effects=[_effect("fx", SHIFTER, "arbor")],
    )
    assert sorted(_types_of(b, "arbor")) == ["G", "U"]
    assert activate(b, "arbor", ability="intrinsic:Forest").answer_data["legal"] is True


# A granted ability that reads the colors of the permanent that has it.
WARDEN = _card(
    "Dawnfield Warden",
    'Human creatures you control have "{T}: Add one mana of any of this creature\'s colors."',
    ["Creature"],
)


def test_a_granted_ability_makes_the_colors_of_the_creature_that_has_it() -> None:
    # 105.2: each Human's own colors from its mana cost, not the granter's; none for colorless.
    def human(name: str, cost: str | None) -> dict[str, Any]:
        return {"name": name, "types": ["creature"], "subtypes": ["Human"], "mana_cost": cost}

    b = _board(
        _perm("warden", {**WARDEN, "mana_cost": "{G}{W}"}),
        _perm("red", human("Red Human", "{1}{R}")),
        _perm("duo", human("Duo Human", "{U}{B}")),
        _perm("plain", human("Plain Human", "{3}")),
    )
    assert _types_of(b, "red") == ["R"]
    assert _types_of(b, "duo") == ["U", "B"]
    assert _types_of(b, "plain") == []


EQUIP_LORD = _card(
    "Forgewise Marshal", "Equipped creatures you control have vigilance and haste.", ["Creature"]
)


def test_equipped_creatures_have_haste() -> None:
    # 301.5: the one an Equipment is attached to has haste, so it taps for mana the turn it
    # arrived; one with an Aura, or nothing, attached doesn't.
    elf = _elf()
    sword = {"name": "Plain Blade", "types": ["artifact"], "subtypes": ["Equipment"]}
    charm = {"name": "Plain Charm", "types": ["enchantment"], "subtypes": ["Aura"]}
    new = {"controlled_since_turn_start": False}
    b = _board(
        _perm("lord", EQUIP_LORD),
        _perm("geared", elf, **new),
        _perm("charmed", elf, **new),
        _perm("bare", elf, **new),
        _perm("sword", sword, attached_to="geared"),
        _perm("charm", charm, attached_to="charmed"),
    )
    assert activate(b, "geared").answer_data["legal"] is True
    assert activate(b, "charmed").answer_data["legal"] is False
    assert activate(b, "bare").answer_data["legal"] is False


MOON_CELL = _card(
    "Moonbound Cell",
    'Enchanted permanent is a colorless land with "{T}: Add {C}" and loses all other card types '
    "and abilities.",
    ["Enchantment"],
    ["Aura"],
)
HUE_SEEKER = _card(
    "Hue Seeker", "{T}: Add one mana of any color among permanents you control.", ["Artifact"]
)


def test_an_imprisoned_creature_is_a_colorless_land_tapping_for_colorless() -> None:
    # 205.1a: a land only, so though it arrived this turn it taps (302.6 is about creatures);
    # 613.1f: its own {G} ability is gone, the Aura's {C} is not (the loss spares "other").
    elf = _elf(mana_cost="{G}")
    b = _board(
        _perm("elf", elf, controlled_since_turn_start=False),
        _perm("cell", MOON_CELL, attached_to="elf"),
    )
    answer = activate(b, "elf").answer_data
    assert (answer["legal"], answer["total"]) == (True, "{C}")
    assert _types_of(b, "elf") == ["C"]


def test_an_imprisoned_permanent_is_colorless_for_what_reads_colors() -> None:
    # 105.2c, 613.1e: no color of it counts any more.
    elf = _elf(mana_cost="{G}")
    free = _board(_perm("elf", elf), _perm("seeker", HUE_SEEKER))
    assert _types_of(free, "seeker") == ["G"]
    held = _board(
        _perm("elf", elf), _perm("seeker", HUE_SEEKER), _perm("cell", MOON_CELL, attached_to="elf")
    )
    assert _types_of(held, "seeker") == []


def test_an_imprisoned_forest_keeps_its_type_but_not_its_mana() -> None:
    # A land keeps its land types (205.1a) but loses their intrinsic abilities (305.6, 613.1f).
    forest = {
        "name": "Green Field",
        "supertypes": ["Basic"],
        "types": ["land"],
        "subtypes": ["Forest"],
    }
    counter = _card("Grove Tally", "{T}: Add {C} for each Forest you control.", ["Artifact"])
    b = _board(
        _perm("field", forest),
        _perm("cell", MOON_CELL, attached_to="field"),
        _perm("tally", counter),
    )
    assert _types_of(b, "field") == ["C"]
    assert activate(b, "tally").answer_data["total"] == "{C}"


# 205.1a, 205.3d: an old subtype stays while the card type it goes with stays.
EQUIPMENT_COUNTER = _card("Armory Tally", "{T}: Add {C} for each Equipment you control.", ["Land"])
CAVE_COUNTER = _card("Deepcount Idol", "{T}: Add {C} for each Cave you control.", ["Artifact"])
ANIMATOR = _card(
    "Forgewake Adept",
    "{2}: Until end of turn, target artifact you control becomes a 2/2 artifact creature.",
    ["Creature"],
    ["Artificer"],
)
GROTTO = _card(
    "Echo Grotto",
    "{T}: Add {C}.\n{1}: ~ becomes a 3/3 Bat creature until end of turn.",
    ["Land"],
    ["Cave"],
)


def test_an_equipment_made_an_artifact_creature_is_still_an_equipment() -> None:
    blade = _card("Plain Blade", "Equip {1}", ["Artifact"], ["Equipment"])
    b = _board(
        _perm("blade", blade),
        _perm("tally", EQUIPMENT_COUNTER),
        effects=[_effect("fx", ANIMATOR, "blade")],
    )
    assert activate(b, "tally").answer_data["total"] == "{C}"


def test_a_cave_that_becomes_only_a_creature_is_no_cave_and_no_land() -> None:
    # Its land type goes with its land card type; its own mana ability (rules text) stays,
    # and it is a creature that arrived this turn (302.6).
    plain = _board(_perm("grotto", GROTTO), _perm("idol", CAVE_COUNTER))
    assert activate(plain, "idol").answer_data["total"] == "{C}"
    b = _board(
        _perm("grotto", GROTTO, controlled_since_turn_start=False),
        _perm("idol", CAVE_COUNTER),
        effects=[_effect("fx", GROTTO, "grotto")],
    )
    assert activate(b, "idol").answer_data["produced"] == ""
    assert activate(b, "grotto").answer_data["legal"] is False


def test_a_living_metal_vehicle_is_summoning_sick_in_its_controllers_turn_only() -> None:
    # 702.161a: in alice's turn it is a creature, so a fresh one can't use {T} (302.6); in
    # bob's turn it is only an artifact, which summoning sickness never stops.
    rig = defined(
        "rig",
        "Cinder Rig",
        "Living metal\n{T}: Add {R}.",
        types=("Artifact",),
        keywords=("Living metal",),
        controlled_since_turn_start=False,
    )

    def on(active: str) -> dict[str, object]:
        state = {"turn": 3, "active_player": active, "battlefield": [rig]}
        return act(resolve(GameState.model_validate(state)), "rig")

    mine = on("alice")
    assert mine["legal"] is False
    assert [r["code"] for r in mine["reasons"]] == ["summoning_sick"]
    assert on("bob")["total"] == "{R}"


def test_a_spacecraft_is_a_creature_from_its_station_threshold() -> None:
    # 721.2b: "It's an artifact creature at 8+": with 8 charge counters it is a creature too,
    # so a fresh one can't tap (302.6); with 7 it is only an artifact.
    text = (
        "Station (reminder: tap another creature to charge it. It's an artifact creature at "
        "8+.)\n8+ | Flying\n{T}: Add {C}."
    )

    def tap(charge: int) -> dict[str, object]:
        ship = defined(
            "ship",
            "Rustwing Skiff",
            text,
            types=("Artifact",),
            keywords=("Station",),
            controlled_since_turn_start=False,
            counters={"charge": charge},
        )
        state = {"turn": 3, "active_player": "alice", "battlefield": [ship]}
        return act(resolve(GameState.model_validate(state)), "ship")

    assert [r["code"] for r in tap(8)["reasons"]] == ["summoning_sick"]
    assert tap(7)["total"] == "{C}"


def test_haste_on_a_station_threshold_line_holds_with_the_counters() -> None:
    # 721.2a, 702.10: "3+ | Flying, haste": with 3 charge counters it is a creature with haste,
    # so a fresh one taps (302.6); the haste is its own only past the threshold.
    text = "Station (reminder: It's an artifact creature at 3+.)\n3+ | Flying, haste\n{T}: Add {C}."
    ship = defined(
        "ship",
        "Emberwing Skiff",
        text,
        types=("Artifact",),
        keywords=("Station", "Flying", "Haste"),
        controlled_since_turn_start=False,
        counters={"charge": 3},
    )
    state = {"turn": 3, "active_player": "alice", "battlefield": [ship]}
    assert act(resolve(GameState.model_validate(state)), "ship")["total"] == "{C}"
