"""Type changes, control changes and haste from resolved effects (205.1b, 613.1b, 613.1d,
302.6, 702.10): what the compiler makes of them, on invented cards and templated sentences."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.abilities import line_of
from app.domain.continuous import (
    AddSubtypes,
    AddTypes,
    GainControl,
    GrantKeyword,
    GrantManaAbility,
    SetCardTypes,
    SetColors,
    SetCreatureTypes,
)
from app.domain.costs import ManaAbilityCost
from app.domain.filters import HasCounters, IsOther, IsToken, Not, Selector
from app.domain.mana_abilities import FixedMana, ManaAbility
from tests.compile.helpers import abilities, face, not_understood, one

TARGET = Selector(relation="attached")


def test_a_land_that_becomes_a_creature_with_haste_keeping_its_types() -> None:
    found = abilities(
        "{T}: Target land you control becomes a 5/5 Elemental creature with haste until end "
        "of turn. It's still a land."
    )
    assert found == [
        AddTypes(to=TARGET, types=["creature"], subtypes=["Elemental"], works_from="effect"),
        GrantKeyword(keyword="Haste", to=TARGET, works_from="effect"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "{T}: Target land becomes a 2/2 creature that's still a land.",
        "{1}: Until end of turn, target land you control becomes an X/X Moth creature with "
        "vigilance in addition to its other types, where X is the number of Gates you control.",
    ],
)
def test_power_toughness_and_other_keywords_change_nothing_but_the_types_do(text: str) -> None:
    (change,) = abilities(text)
    assert isinstance(change, AddTypes) and change.types == ["creature"]
    assert change.works_from == "effect" and change.to == TARGET


def test_an_artifact_too_and_a_subtype_too() -> None:
    assert abilities(
        "{T}: Until end of turn, target nonland permanent becomes an artifact in addition to "
        "its other types."
    ) == [AddTypes(to=TARGET, types=["artifact"], works_from="effect")]
    assert abilities(
        "{2}, {T}: Target legendary creature becomes a Newt in addition to its other types."
    ) == [AddSubtypes(to=TARGET, subtypes=["Newt"], works_from="effect")]


def test_a_creature_it_becomes_without_keeping_its_types_replaces_them() -> None:
    # 205.1a: "becomes a creature" alone replaces its card types: no land any more.
    found = abilities("{T}: Target land becomes a 2/2 Moth creature with haste until end of turn.")
    assert found == [
        SetCardTypes(to=TARGET, types=["creature"], subtypes=["Moth"], works_from="effect"),
        GrantKeyword(keyword="Haste", to=TARGET, works_from="effect"),
    ]


def test_a_loyalty_ability_that_animates_a_land_is_an_effect() -> None:
    # 606.3: its effect resolves like a spell's, an entry of the state's effects naming the
    # planeswalker's card, its target the land.
    found = abilities(
        "[+1]: Target land you control becomes a 4/4 Moth creature with haste until end of "
        "turn. It's still a land.",
        types=("Planeswalker",),
    )
    assert found == [
        AddTypes(to=TARGET, types=["creature"], subtypes=["Moth"], works_from="effect"),
        GrantKeyword(keyword="Haste", to=TARGET, works_from="effect"),
    ]


def test_two_loyalty_abilities_with_effects_need_the_entry_to_name_its_line() -> None:
    # An entry that named no line would apply all its card's effect abilities: it must say
    # which loyalty ability resolved.
    plus = "[+1]: Creatures you control get +1/+0 and gain haste until end of turn."
    minus = "[\u22122]: Gain control of target creature until end of turn."
    compiled = face(f"{plus}\n{minus}", types=("Planeswalker",))
    assert compiled.support == "full", compiled.unsupported_text
    assert compiled.abilities == [
        GrantKeyword(keyword="Haste", to=TARGET, works_from="effect", line=1),
        GainControl(of="target", works_from="effect", line=2),
    ]
    assert compiled.effect_lines == [1, 2]


def test_two_abilities_making_effects_need_the_entry_to_name_its_line() -> None:
    # An entry that named no line would apply every effect ability of its card to its target:
    # it must say which one resolved. The mana ability is no line an entry stands for (605.3a).
    text = "{T}: Until end of turn, target land becomes an artifact in addition to its other types."
    control = "When ~ enters, gain control of target artifact until end of turn."
    compiled = face(f"{control}\n{text}\n{{T}}: Add {{C}}.")
    assert compiled.support == "full", compiled.unsupported_text
    assert [(a.kind, line_of(a)) for a in compiled.abilities] == [
        ("gain_control", 1),
        ("add_types", 2),
        ("mana_ability", None),
    ]
    assert compiled.effect_lines == [1, 2]


def test_control_taken_on_entering_with_haste_and_a_subtype() -> None:
    found = abilities(
        "When ~ enters, gain control of target artifact creature until end of turn. Untap that "
        "creature. Until end of turn, it becomes a Newt in addition to its other types and "
        "gains haste."
    )
    assert found == [
        GainControl(of="target", haste=True, works_from="effect"),
        AddSubtypes(to=TARGET, subtypes=["Newt"], works_from="effect"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        # However long it lasts, an entry stands for it while it is in force (docs/api.md).
        "{1}, {T}: Gain control of target Elf for as long as you control ~ and ~ remains tapped.",
        "{2}, {T}: Gain control of target artifact for as long as ~ remains tapped.",
        "{G}, {T}: Gain control of target artifact with a charge counter on it for as long as "
        "~ remains on the battlefield.",
        "When ~ dies, gain control of target creature.",
        "{3}: Gain control of target Goblin.",  # a creature type alone names a permanent
        "{1}{U}{U}, {T}: Gain control of target legendary permanent.",
        # "You may": the entry means one was taken; "up to one target": the one chosen.
        "Whenever ~ deals combat damage to a player, you may gain control of target artifact "
        "that player controls for as long as you control ~.",
        "When ~ enters, gain control of up to one target land with lesser mana value for as "
        "long as you control ~.",
    ],
)
def test_a_permanents_control_change_of_its_one_target_however_long(text: str) -> None:
    # 613.1b: the entry's target is the permanent taken, its restrictions met as chosen. It
    # may have begun in an earlier turn (302.6 then reads controlled_since_turn_start).
    assert one(text) == GainControl(of="target", works_from="effect", lasting=True)


@pytest.mark.parametrize(
    "text",
    [
        "{3}{R}: Gain control of target creature until end of turn.",
        "When ~ enters, gain control of target creature until your next turn.",
        "Whenever ~ attacks, gain control of target artifact until end of combat.",
        # Untapped first: a fact the state shows.
        "{2}{U}, {T}: Untap target artifact you don't control and gain control of it until end "
        "of turn.",
        "At the beginning of combat on your turn, you may untap target land and gain control of "
        "it until end of turn.",
    ],
)
def test_a_control_change_that_ends_by_the_next_turn_began_this_turn(text: str) -> None:
    # 514.2, 611.2a: while it lasts, it began since its controller's most recent turn did.
    assert one(text) == GainControl(of="target", works_from="effect")


def test_untapped_and_given_haste_if_it_was_taken() -> None:
    found = one(
        "At the beginning of combat on your turn, you may gain control of target artifact until "
        "end of turn. If you do, untap it and it gains haste until your next turn."
    )
    assert found == GainControl(of="target", haste=True, works_from="effect")


@pytest.mark.parametrize(
    "text", ["Gain control of target creature.", "Gain control of target multicolored creature."]
)
def test_a_spells_lasting_control_change(text: str) -> None:
    found = one(text, types=("Sorcery",))
    assert found == GainControl(of="target", works_from="effect", lasting=True)


def test_a_chapters_control_change_for_as_long_as_you_control_the_saga() -> None:
    found = one(
        "I — Gain control of up to one target creature for as long as you control Quarry Tale.\n"
        "II — Draw a card.",
        name="Quarry Tale",
        types=("Enchantment",),
        subtypes=("Saga",),
    )
    assert found == GainControl(of="target", works_from="effect", lasting=True, line=1)


@pytest.mark.parametrize(
    "text",
    [
        # A rider the target phrase would swallow: haste or an untap said inside it.
        "{T}: Gain control of target creature and it gains haste.",
        "{T}: Gain control of target creature and untap it.",
    ],
)
def test_a_permanents_control_change_with_a_rider_inside_is_reported(text: str) -> None:
    assert not_understood(text) == [text]


@pytest.mark.parametrize(
    "text",
    [
        "Whenever a creature an opponent controls deals combat damage to you, that creature's "
        "controller gains control of ~.",
        "{2}: An opponent gains control of ~ at the beginning of the next end step.",
        "{1}, {T}: Target opponent gains control of ~.",
        "{2}, {T}: Each player gains control of all creatures they own.",
        # Players named in other ways, a condition, and an untap the state shows too.
        "{1}: The player to your left gains control of ~.",
        "At the beginning of each upkeep, if a player has more life than each other player, "
        "the player with the most life gains control of ~.",
        "At the beginning of each end step, target opponent chosen at random gains control of ~.",
        "Whenever you're dealt combat damage by a creature, the attacking player gains control "
        "of ~ and untaps it.",
        "At the beginning of each player's upkeep, that player gains control of ~, untaps it, "
        "and puts a +1/+1 counter on it.",
        # Who controls it from the moment it enters (302.6 reads when it came).
        "~ enters under the control of an opponent of your choice.",
        # A group taken for good, or a permanent given away for good: the same.
        "{5}, {T}: Gain control of all Goblins target opponent controls.",
        "{1}, {T}: Target opponent gains control of target artifact you control.",
        # 701.12b: an exchange for good: each permanent's controller says who has it.
        "{2}{U}: Exchange control of ~ and target creature.",
        "When ~ enters, you may exchange control of target artifact you control and target "
        "artifact an opponent controls.",
    ],
)
def test_a_lasting_control_change_is_what_the_state_says(text: str) -> None:
    # Once it happened, the permanent's controller (and controlled_since_turn_start) say it.
    compiled = face(f"{text}\n{{T}}: Add {{C}}.")
    assert compiled.support == "full"
    assert [s.family for s in compiled.sentences] == ["haste_control", "mana_ability"]
    assert len(compiled.abilities) == 1


@pytest.mark.parametrize(
    "text",
    [
        "Target opponent gains control of ~ until end of turn.",
        # A permanent given away for a while is an effect the state would list: not read.
        "{1}: Target opponent gains control of target creature you control until end of turn.",
        # An exchange for a while is an effect the state would list: not this template.
        "{3}: Exchange control of ~ and target creature until end of turn.",
        # Something else happens to it beside the untap: not a fact the state holds.
        "Whenever you're dealt combat damage, the attacking player gains control of ~ and "
        "sacrifices a land.",
    ],
)
def test_a_control_change_for_a_while_of_itself_is_not_understood(text: str) -> None:
    assert not_understood(f"{text}\n{{T}}: Add {{C}}.") == [text]


@pytest.mark.parametrize(
    ("text", "to", "subtype"),
    [
        (
            "Artifacts are Moths in addition to their other types.",
            Selector(types=["artifact"]),
            "Moth",
        ),
        (
            "Lands you control and land cards you own that aren't on the battlefield are "
            "Caves in addition to their other types.",
            Selector(controller="you", types=["land"]),
            "Cave",
        ),
        (
            "Newts you control are Moths in addition to their other types",
            Selector(controller="you", subtypes=["Newt"]),
            "Moth",
        ),
    ],
)
def test_permanents_that_are_of_a_subtype_too(text: str, to: Selector, subtype: str) -> None:
    assert abilities(text, types=("Enchantment",)) == [AddSubtypes(to=to, subtypes=[subtype])]


def test_objects_named_before_are_no_description() -> None:
    text = "Those creatures are Moths in addition to their other types."
    assert not_understood(text) == [text]


def test_a_permanent_that_is_a_land_too() -> None:
    assert abilities(
        "As long as ~ is on the battlefield, it's an artifact in addition to its other types.",
        types=("Creature",),
    ) == [AddTypes(to=Selector(where=Not(filter=IsOther())), types=["artifact"])]


def test_the_basic_land_type_of_your_choice() -> None:
    # 305.7: set (or added) to the type chosen as the effect resolved.
    from app.domain.continuous import SetLandTypes

    assert abilities(
        "{T}: Target land you control becomes the basic land type of your choice until end of turn."
    ) == [SetLandTypes(to=TARGET, subtypes=[], chosen_type=True, works_from="effect")]
    assert abilities(
        "{T}: Until end of turn, target land becomes the basic land type of your choice in "
        "addition to its other types."
    ) == [AddSubtypes(to=TARGET, subtypes=[], chosen_type=True, works_from="effect")]


@pytest.mark.parametrize(
    ("text", "kind", "subtype"),
    [
        ("{2}, {T}: Target land becomes an Island until end of turn.", "set", "Island"),
        ("{1}, Sacrifice a Zombie: Target land becomes a Swamp until end of turn.", "set", "Swamp"),
        ("{T}: Target land becomes a Forest.", "set", "Forest"),
        (
            "{T}: Target land you control becomes a Mountain in addition to its other types until "
            "end of turn.",
            "add",
            "Mountain",
        ),
    ],
)
def test_a_target_land_becomes_a_named_basic_land_type(text: str, kind: str, subtype: str) -> None:
    # 305.7: the same set (or added) effect on the entry's target, of the type the text names.
    from app.domain.continuous import SetLandTypes

    made = SetLandTypes if kind == "set" else AddSubtypes
    assert abilities(text, types=("Creature",)) == [
        made(to=TARGET, subtypes=[subtype], works_from="effect")
    ]


@pytest.mark.parametrize(
    ("text", "subtype"),
    [
        # However long it lasts, the entry stands for it while it is in force.
        ("{T}: Target land becomes an Island until your next turn.", "Island"),
        ("{1}, {T}: Target land becomes a Forest until ~ leaves the battlefield.", "Forest"),
        (
            "{1}, {T}: Target land becomes a Mountain until its controller's next untap step.",
            "Mountain",
        ),
        # A trigger's target, the trigger's intervening "if" included.
        ("When ~ dies, target land becomes an Island.", "Island"),
        (
            "When ~ enters, if it was kicked, target land becomes a Plains for as long as ~ "
            "remains on the battlefield.",
            "Plains",
        ),
        (
            "Whenever ~ attacks, you may have target land become a "
            "Mountain until ~ leaves the battlefield.",
            "Mountain",
        ),
        # Several targets: one entry each, every one the same effect.
        ("When ~ dies, two target lands become Swamps.", "Swamp"),
        ("{X}{G}, {T}: X target lands become Forests until end of turn.", "Forest"),
        ("{1}{B}: Target land an opponent controls becomes a Swamp until end of turn.", "Swamp"),
    ],
)
def test_a_target_land_type_of_any_duration_or_lead(text: str, subtype: str) -> None:
    from app.domain.continuous import SetLandTypes

    assert abilities(text, types=("Creature",)) == [
        SetLandTypes(to=TARGET, subtypes=[subtype], works_from="effect")
    ]


@pytest.mark.parametrize(
    "text",
    [
        "{T}: Target land becomes a Swamp or a Forest until end of turn.",  # which one?
        "Target land becomes an Island.",  # on a permanent, no cost or trigger: not an effect
        "When ~ dies, target land becomes Swamps.",  # one target, several types?
        "When ~ dies, two target lands become a Swamp.",
    ],
)
def test_other_target_land_types_are_not_understood(text: str) -> None:
    assert not_understood(text, types=("Creature",)) == [text]


def test_a_chosen_type_is_an_effects_choice_only() -> None:
    from pydantic import ValidationError

    from app.domain.continuous import SetLandTypes

    with pytest.raises(ValidationError):
        SetLandTypes(to=TARGET, subtypes=[], chosen_type=True)  # from the battlefield
    with pytest.raises(ValidationError):
        SetLandTypes(to=TARGET, subtypes=[], works_from="effect")  # no type at all


def test_control_on_entering_and_another_effect_need_the_entry_to_name_its_line() -> None:
    control = "When ~ enters, gain control of target artifact until end of turn."
    other = "{2}: Target creature becomes a Newt in addition to its other types."
    compiled = face(f"{control}\n{other}", types=("Creature",))
    assert compiled.support == "full", compiled.unsupported_text
    assert [(a.kind, line_of(a)) for a in compiled.abilities] == [
        ("gain_control", 1),
        ("add_subtypes", 2),
    ]
    assert compiled.effect_lines == [1, 2]


@pytest.mark.parametrize(
    ("text", "types", "added"),
    [
        (
            "{2}: ~ becomes a 3/3 Moth artifact creature until end of turn. It's still a land.",
            ("Land",),
            (["artifact", "creature"], ["Moth"]),
        ),
        (
            "At the beginning of combat on your turn, ~ becomes a 2/2 Newt creature in addition "
            "to its other types until end of turn.",
            ("Artifact", "Land"),
            (["creature"], ["Newt"]),
        ),
        (
            "{5}: Put three +1/+1 counters on ~. It becomes a 0/0 Moth creature in addition to "
            "its other types.",
            ("Artifact",),
            (["creature"], ["Moth"]),
        ),
    ],
)
def test_the_permanent_itself_becomes_a_creature(
    text: str, types: tuple[str, ...], added: tuple[list[str], list[str]]
) -> None:
    # 205.1b: its own activation or trigger; the effects entry's target is the permanent itself.
    found = abilities(text, types=types)
    assert found == [
        AddTypes(to=TARGET, types=added[0], subtypes=added[1], works_from="effect")  # type: ignore[arg-type]
    ]


@pytest.mark.parametrize(
    "text",
    [
        # 205.1a: "still a land" of an artifact keeps nothing it is.
        "{2}: ~ becomes a 3/3 Moth artifact creature until end of turn. It's still a land.",
        # "It" after counters on many, or after a token, is not ~.
        "{5}: Put a +1/+1 counter on each artifact you control. It becomes a 0/0 Moth creature "
        "in addition to its other types.",
        "{5}: Create a 1/1 Moth artifact token. It becomes a 0/0 Moth creature in addition to its "
        "other types.",
    ],
)
def test_what_the_permanent_itself_may_not_be_is_not_compiled(text: str) -> None:
    compiled = face(text, types=("Artifact",))
    assert not any(isinstance(a, AddTypes) for a in compiled.abilities)


def test_a_subtype_kept_while_the_target_has_the_counter() -> None:
    found = abilities(
        "{2}, {T}: Put a hex counter on target creature. For as long as that creature has a hex "
        "counter on it, it's a Newt in addition to its other types.",
        types=("Land",),
    )
    assert found == [
        AddSubtypes(
            to=Selector(relation="attached", where=HasCounters(counter="hex", at_least=1)),
            subtypes=["Newt"],
            works_from="effect",
        )
    ]
    # Another kind of counter than the one put there: which object is meant is unsure.
    assert not_understood(
        "{2}, {T}: Put a hex counter on target creature. For as long as that creature has a "
        "doom counter on it, it's a Newt in addition to its other types."
    )


@pytest.mark.parametrize(
    ("text", "kind", "types"),
    [
        (
            "Put a tide counter on target land. That land is a Mountain in addition to its other "
            "types for as long as it has a tide counter on it.",
            "add",
            ("Sorcery",),
        ),
        (
            "{2}, {T}: Put a bog counter on target non-Plains land. That land is a Plains for as "
            "long as it has a bog counter on it.",
            "set",
            ("Artifact",),
        ),
        (
            "At the beginning of each player's end step, that player puts a tide counter on "
            "target non-Forest land they control of their choice. That land is a Forest for as "
            "long as it has a tide counter on it.",
            "set",
            ("Artifact",),
        ),
        (
            "Whenever ~ blocks, put a tide counter on target land. That land is a Mountain in "
            "addition to its other types for as long as it has a tide counter on it.",
            "add",
            ("Creature",),
        ),
    ],
)
def test_a_land_type_kept_while_the_target_land_has_the_counter(
    text: str, kind: str, types: tuple[str, ...]
) -> None:
    # 305.7 (set) or 305.6 (added), on the entry's target while it has the counter it was given.
    from app.domain.continuous import SetLandTypes

    counter = "tide" if "tide" in text else "bog"
    to = Selector(relation="attached", where=HasCounters(counter=counter, at_least=1))
    made = SetLandTypes if kind == "set" else AddSubtypes
    subtype = text.split("That land is a ", 1)[1].split(" ", 1)[0]
    assert abilities(text, types=types) == [made(to=to, subtypes=[subtype], works_from="effect")]
    # Another counter than the one put there: which land is meant is unsure.
    other = text.replace(f"it has a {counter} counter", "it has a doom counter")
    assert not_understood(other, types=types) == [other.split(". ", 1)[1]]


def test_the_creature_a_spell_it_allowed_became_is_of_a_subtype_too() -> None:
    found = abilities(
        "{1}, {T}: You may cast a creature spell from your graveyard this turn. If you do, it "
        "enters with a hex counter on it and is a Newt in addition to its other types.",
        types=("Land",),
    )
    assert found == [AddSubtypes(to=TARGET, subtypes=["Newt"], works_from="effect")]


def test_a_returned_card_that_is_only_an_artifact_of_a_subtype() -> None:
    from app.domain.continuous import GrantManaAbility, SetCardTypes

    found = abilities(
        "Whenever a creature an opponent controls dies, you may pay {2}. If you do, return that "
        "card to the battlefield tapped. It's a Clue artifact with \"{T}, Sacrifice ~: Add "
        '{C}{C}," and it loses all other card types.',
        types=("Enchantment",),
    )
    assert found[0] == SetCardTypes(
        to=TARGET, types=["artifact"], subtypes=["Clue"], works_from="effect"
    )
    assert isinstance(found[1], GrantManaAbility) and found[1].works_from == "effect"
    assert found[1].ability.cost.sacrifice == "self"


def test_the_permanent_itself_becomes_a_land_for_a_while() -> None:
    from app.domain.continuous import GrantManaAbility, SetCardTypes

    found = abilities(
        "At the beginning of your end step, untap ~. Until your next turn, it becomes a land and "
        'gains "{T}: Add {G}."',
        types=("Creature",),
    )
    assert found[0] == SetCardTypes(to=TARGET, types=["land"], works_from="effect")
    assert isinstance(found[1], GrantManaAbility) and found[1].to == TARGET


@pytest.mark.parametrize(
    "text",
    [
        # Which object "it" is: nothing was returned or untapped just before.
        'It\'s a Clue artifact with "{T}, Sacrifice ~: Add {C}," and it loses all other card '
        "types.",
        'Until your next turn, it becomes a land and gains "{T}: Add {G}."',
        # A card type without its subtype: the old subtypes of that type can't be told apart.
        "If you do, return that card to the battlefield tapped. It's an artifact with "
        '"{T}: Add {C}," and it loses all other card types.',
    ],
)
def test_card_types_replaced_where_unsure_are_not_compiled(text: str) -> None:
    from app.domain.continuous import SetCardTypes

    compiled = face(text, types=("Creature",))
    assert not any(isinstance(a, SetCardTypes) for a in compiled.abilities)
    assert compiled.support == "partial"


@pytest.mark.parametrize(
    ("text", "types"),
    [
        (
            "{4}: Put three +1/+1 counters on target noncreature land you control. It becomes a "
            "0/0 Moth creature with haste. It's still a land.",
            ("Artifact",),
        ),
        (
            "[+1]: Put two +1/+1 counters on up to one target noncreature land you control. "
            "Untap it. It becomes a 0/0 Moth creature with vigilance and haste that's still a "
            "land.",
            ("Planeswalker",),
        ),
        # The target untapped, then animated.
        (
            "{6}{G}: Untap target land you control. It becomes a 6/6 Moth creature with haste "
            "that's still a land.",
            ("Creature",),
        ),
        # "If you do, that land ...": the trigger's one target, as "it" would be.
        (
            "When this creature enters, you may put two +1/+1 counters on target land you "
            "control. If you do, that land becomes a 0/0 Moth creature with haste that's still "
            "a land.",
            ("Creature",),
        ),
    ],
)
def test_it_after_counters_on_one_target_is_that_target(text: str, types: tuple[str, ...]) -> None:
    # 606.3: a loyalty ability's effect resolves like any activation's; the entry's target is
    # the land the first sentence targeted.
    assert abilities(text, types=types) == [
        AddTypes(to=TARGET, types=["creature"], subtypes=["Moth"], works_from="effect"),
        GrantKeyword(keyword="Haste", to=TARGET, works_from="effect"),
    ]


def test_it_after_the_lines_one_target_is_that_target_once_the_entry_names_the_line() -> None:
    # The face targets twice, but each activation once: an entry names its paragraph.
    compiled = face(
        "{4}: Put three +1/+1 counters on target land you control. It becomes a 0/0 Moth "
        "creature with haste. It's still a land.\n{1}: Tap target creature.",
        types=("Artifact",),
    )
    assert compiled.support == "full", compiled.unsupported_text
    assert compiled.abilities == [
        AddTypes(to=TARGET, types=["creature"], subtypes=["Moth"], works_from="effect", line=1),
        GrantKeyword(keyword="Haste", to=TARGET, works_from="effect", line=1),
    ]
    assert compiled.effect_lines == [1, 2]


def test_it_after_two_targets_on_one_line_is_not_sure() -> None:
    compiled = face(
        "{4}: Put three +1/+1 counters on target land you control. Tap target creature. It "
        "becomes a 0/0 Moth creature with haste. It's still a land.",
        types=("Artifact",),
    )
    assert not any(isinstance(a, AddTypes) for a in compiled.abilities)
    assert compiled.support == "partial"


def test_a_loyalty_effect_beside_another_relevant_loyalty_ability_needs_the_line() -> None:
    compiled = face(
        "[+1]: Put two +1/+1 counters on up to one target noncreature land you control. Untap "
        "it. It becomes a 0/0 Moth creature with haste that's still a land.\n"
        "[-3]: Until end of turn, creatures you control gain haste.",
        types=("Planeswalker",),
    )
    assert compiled.support == "full", compiled.unsupported_text
    assert [(a.kind, line_of(a)) for a in compiled.abilities] == [
        ("add_types", 1),
        ("grant_keyword", 1),
        ("grant_keyword", 2),
    ]
    assert compiled.effect_lines == [1, 2]


@pytest.mark.parametrize(
    ("text", "types", "added", "colors"),
    [
        # A land that animates itself, its colors said (105.2: those only, 613.1e), keywords
        # and a quoted ability that change nothing the engine rules on.
        (
            "{2}{B}{G}: Until end of turn, ~ becomes a 4/3 black and green Ooze creature with "
            'trample and "Whenever ~ attacks, you gain 1 life." It\'s still a land.',
            ("Land",),
            (["creature"], ["Ooze"]),
            ["B", "G"],
        ),
        (
            "{1}{W}: ~ becomes a 1/3 white Sentry creature with lifelink and ward {1} until end of "
            "turn. It's still a land.",
            ("Land",),
            (["creature"], ["Sentry"]),
            ["W"],
        ),
        # An artifact with no subtypes that becomes an artifact creature keeps all it was
        # (205.1a): the creature type is what is added.
        (
            "{U}{R}: ~ becomes a 2/2 blue and red Otter artifact creature with flying until end of "
            "turn and can't be blocked this turn.",
            ("Artifact",),
            (["creature"], ["Otter"]),
            ["U", "R"],
        ),
        ("{3}: ~ becomes a 3/3 Golem artifact creature until end of turn.", ("Artifact",),
         (["creature"], ["Golem"]), None),
        # A land that says it is still a land of its own type.
        ("{2}: ~ becomes a 3/3 Elemental creature until end of turn. It's still a Cave land.",
         ("Land",), (["creature"], ["Elemental"]), None),
        # Later in an activation's effect, a sentence that names ~ is about it.
        ("{1}: Roll a six-sided die. Until end of turn, you may have ~ become an X/X Beetle "
         "artifact creature with flying, where X is the result.", ("Artifact",),
         (["creature"], ["Beetle"]), None),
        # "You may have it become": the same change, "it" being ~ after counters put on it.
        ("{4}: Put two +1/+1 counters on ~. Then you may have it become a 0/0 Elemental "
         "creature until end of turn. It's still a land.", ("Land",),
         (["creature"], ["Elemental"]), None),
    ],
)  # fmt: skip
def test_a_permanent_that_animates_itself(
    text: str, types: tuple[str, ...], added: tuple[list[str], list[str]], colors: list[str] | None
) -> None:
    expected: list[object] = [
        AddTypes(to=TARGET, types=added[0], subtypes=added[1], works_from="effect")  # type: ignore[arg-type]
    ]
    if colors is not None:
        expected.append(SetColors(to=TARGET, colors=colors, works_from="effect"))  # type: ignore[arg-type]
    assert abilities(text, types=types) == expected


@pytest.mark.parametrize(
    ("text", "types"),
    [
        # Defender is read by selectors ("creatures with defender"): not waved through.
        ("{1}: ~ becomes a 0/4 Wall artifact creature with defender until end of turn.",
         ("Artifact",)),
        # A quoted ability that bears on mana.
        ('{2}: ~ becomes a 2/2 Elf creature with "{T}: Add {G}." until end of turn. It\'s still '
         "a land.", ("Land",)),
    ],
)  # fmt: skip
def test_an_animation_not_said_exactly_is_reported(text: str, types: tuple[str, ...]) -> None:
    subtypes = ()
    compiled = face(text, types=types, subtypes=subtypes)
    assert compiled.support == "partial"
    assert not any(isinstance(a, AddTypes) for a in compiled.abilities)


def test_an_equipment_that_animates_itself_stays_an_equipment() -> None:
    # 205.1a, 205.3d: still an artifact, so its artifact type stays; the creature type is added.
    found = abilities(
        "{3}: ~ becomes a 2/4 Spirit artifact creature with flying until end of turn.\nEquip {2}",
        types=("Artifact",),
        subtypes=("Equipment",),
    )
    assert found == [
        AddTypes(to=TARGET, types=["creature"], subtypes=["Spirit"], works_from="effect")
    ]


def test_a_permanent_without_subtypes_that_becomes_only_a_creature() -> None:
    # 205.1a: no "in addition", no "still a land": its card types are replaced, exactly, as it
    # has no subtype to lose with them; its abilities stay, and as a creature it is subject to
    # summoning sickness (302.6).
    found = abilities(
        "{1}{G}: ~ becomes a 3/3 green Ape creature until end of turn.", types=("Land",)
    )
    assert found == [
        SetCardTypes(to=TARGET, types=["creature"], subtypes=["Ape"], works_from="effect"),
        SetColors(to=TARGET, colors=["G"], works_from="effect"),
    ]


def test_up_to_one_target_land_until_your_next_turn() -> None:
    # 611.2a: "until your next turn" lasts this turn too; the entry names the land chosen.
    found = abilities(
        "[+1]: Up to one target land you control becomes a 3/3 Elemental creature with "
        "vigilance and haste until your next turn. It's still a land.",
        types=("Planeswalker",),
    )
    assert found == [
        AddTypes(to=TARGET, types=["creature"], subtypes=["Elemental"], works_from="effect"),
        GrantKeyword(keyword="Haste", to=TARGET, works_from="effect"),
    ]


@pytest.mark.parametrize(
    ("text", "types", "subtypes", "became"),
    [
        # 205.1a: a creature type named replaces the face's own; a land type goes with the
        # land type it no longer has. The engine keeps the rest by kind (set_card_types).
        ("{1}{G}: ~ becomes a 3/3 Ape creature until end of turn.", ("Land",), ("Cave",),
         (["creature"], ["Ape"])),
    ],
)  # fmt: skip
def test_what_animates_itself_with_subtypes_has_its_card_types_replaced(
    text: str,
    types: tuple[str, ...],
    subtypes: tuple[str, ...],
    became: tuple[list[str], list[str]],
) -> None:
    found = abilities(text, types=types, subtypes=subtypes)
    assert found == [
        SetCardTypes(to=TARGET, types=became[0], subtypes=became[1], works_from="effect")  # type: ignore[arg-type]
    ]


def test_what_becomes_an_artifact_creature_keeps_what_it_was() -> None:
    # 205.1b: an "artifact creature" keeps every card type and subtype it had: the Construct
    # stays one, and is a Golem too.
    found = abilities(
        "{3}: ~ becomes a 3/3 Golem artifact creature until end of turn.",
        types=("Artifact", "Creature"),
        subtypes=("Construct",),
    )
    assert found == [
        AddTypes(to=TARGET, types=["artifact", "creature"], subtypes=["Golem"], works_from="effect")
    ]


def test_a_target_artifact_animated_with_a_size_from_its_mana_value() -> None:
    # 205.1b: it is an artifact creature keeping what it was; 613.4: its size is the state's.
    found = abilities(
        "{2}: Target noncreature artifact becomes an artifact creature with power and toughness "
        "each equal to its mana value until end of turn.",
        types=("Creature",),
    )
    assert found == [AddTypes(to=TARGET, types=["artifact", "creature"], works_from="effect")]


WALKER = ("Planeswalker",)


@pytest.mark.parametrize(
    "text",
    [
        "[+1]: Until end of turn, Vessa, Glass Weaver becomes a 4/4 Human Knight creature "
        "with indestructible that's still a planeswalker.",
        "[0]: Until end of turn, Vessa, Glass Weaver becomes a 4/4 Human Knight creature. "
        "She's still a planeswalker.",
    ],
)
def test_a_planeswalker_that_becomes_a_creature_and_stays_one(text: str) -> None:
    # 205.1b: "still a planeswalker" keeps its card types; the entry names the planeswalker.
    found = abilities(text, name="Vessa, Glass Weaver", types=WALKER)
    assert found == [
        AddTypes(to=TARGET, types=["creature"], subtypes=["Human", "Knight"], works_from="effect")
    ]


def test_a_planeswalker_that_becomes_only_a_creature() -> None:
    # 205.1a: without "still a planeswalker", its card types are replaced.
    found = abilities(
        "[0]: Until end of turn, Vessa, Glass Weaver becomes a 4/4 Human Knight creature.",
        name="Vessa, Glass Weaver",
        types=WALKER,
    )
    assert [type(a) for a in found] == [SetCardTypes]


def test_a_triggers_one_target_that_becomes_a_creature() -> None:
    # The resolved trigger is an entry of the state's effects naming its target.
    found = abilities(
        "At the beginning of combat on your turn, up to one target land you control becomes a "
        "4/4 Elemental creature with haste until end of turn. It's still a land.",
        types=("Creature",),
    )
    assert found == [
        AddTypes(to=TARGET, types=["creature"], subtypes=["Elemental"], works_from="effect"),
        GrantKeyword(keyword="Haste", to=TARGET, works_from="effect"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "When an opponent casts an artifact spell, if this enchantment is an enchantment, it "
        "becomes a 3/3 Golem creature.",
        "When an opponent casts an artifact spell, if this enchantment is an enchantment, this "
        "enchantment becomes a 3/3 Golem creature with flying and protection from green.",
    ],
)
def test_an_enchantment_that_becomes_only_a_creature_after_an_intervening_if(text: str) -> None:
    # 603.4: the resolved trigger's entry means the condition held; 205.1a: no "in addition",
    # so its card types are replaced (it is no enchantment any more).
    found = abilities(text, name="Glass Sentinel", types=("Enchantment",))
    assert found == [
        SetCardTypes(to=TARGET, types=["creature"], subtypes=["Golem"], works_from="effect")
    ]


def _grant(to: Selector, produces: FixedMana, **kw: Any) -> GrantManaAbility:
    return GrantManaAbility(
        to=to,
        ability=ManaAbility(
            cost=ManaAbilityCost(tap=True, **kw.pop("cost", {})), produces=produces
        ),
        **kw,
    )


def test_an_aura_land_loses_all_land_types_and_abilities_but_what_it_has() -> None:
    # 305.6, 613.1f: no basic land type is set, so no 305.7 text loss; each quote is a grant.
    from app.domain.continuous import LoseAllAbilities, SetLandTypes

    found = abilities(
        'Enchant land\nEnchanted land loses all land types and abilities and has "{T}: Add '
        '{B}" and "{T}, Pay 2 life: Add {R}{R}."',
        types=("Enchantment",),
        subtypes=("Aura",),
    )
    assert found[:2] == [
        SetLandTypes(to=TARGET, loses_all_land_types=True),
        LoseAllAbilities(to=TARGET, keeps_own=True),
    ]
    assert [a.kind for a in found[2:]] == ["grant_mana_ability", "grant_mana_ability"]
    assert found[3] == _grant(TARGET, FixedMana(mana="{R}{R}"), cost={"life": 2})


def test_lands_with_the_chosen_name_lose_everything_but_the_grant() -> None:
    from app.domain.continuous import LoseAllAbilities, SetLandTypes

    theirs = Selector(controller="opponent", types=["land"])
    rule = (
        "Lands an opponent controls with the chosen name lose all land types and abilities, "
        'and they gain "{T}: Add {U}."'
    )
    found = abilities(
        f"As ~ enters, choose a nonbasic land card name.\n{rule}", types=("Enchantment",)
    )
    assert found == [
        SetLandTypes(to=theirs, loses_all_land_types=True, to_chosen_name=True),
        LoseAllAbilities(to=theirs, keeps_own=True, to_chosen_name=True),
        _grant(theirs, FixedMana(mana="{U}"), to_chosen_name=True),
    ]
    # Without a name chosen as it entered, "the chosen name" names nothing it knows.
    assert not_understood(rule, types=("Enchantment",)) == [rule]


def test_all_lands_have_one_ability_and_lose_the_rest() -> None:
    from app.domain.continuous import LoseAllAbilities

    lands = Selector(types=["land"])
    assert abilities(
        'All lands have "{T}: Add {G}" and lose all other abilities.',
        types=("Creature",),
    ) == [LoseAllAbilities(to=lands, keeps_own=True), _grant(lands, FixedMana(mana="{G}"))]


@pytest.mark.parametrize(
    ("text", "works_from"),
    [
        (
            'Enchant nonland permanent\nEnchanted permanent is a Trinket artifact with "{T}, '
            'Sacrifice ~: Add {C}{C}," and it loses all other abilities.',
            "battlefield",
        ),
        (
            "When ~ enters, for each player, choose up to one target creature that player "
            "controls. For as long as ~ remains on the battlefield, the chosen "
            'permanents become Trinket artifacts with "{T}, Sacrifice ~: Add {C}{C}" and lose all '
            "other abilities.",
            "effect",
        ),
    ],
)
def test_a_permanent_made_only_an_artifact_with_one_mana_ability(
    text: str, works_from: str
) -> None:
    # 205.1a: "is a ... artifact" alone replaces its card types; it keeps what the effect gives.
    from app.domain.continuous import LoseAllAbilities

    found = abilities(text, types=("Enchantment",), subtypes=("Aura",))
    assert found == [
        SetCardTypes(to=TARGET, types=["artifact"], subtypes=["Trinket"], works_from=works_from),
        LoseAllAbilities(to=TARGET, keeps_own=True, works_from=works_from),
        _grant(TARGET, FixedMana(mana="{C}{C}"), cost={"sacrifice": "self"}, works_from=works_from),
    ]


def test_a_land_loses_all_while_it_has_the_counter_put_on_it() -> None:
    from app.domain.continuous import LoseAllAbilities, SetLandTypes

    lead = "Whenever ~ attacks, put a rot counter on target land. "
    rule = (
        "For as long as that land has a {} counter on it, it loses all land types and abilities "
        'and has "{{T}}: Add {{C}}."'
    )
    found = abilities(lead + rule.format("rot"), types=("Creature",))
    to = Selector(relation="attached", where=HasCounters(counter="rot", at_least=1))
    assert found[:2] == [
        SetLandTypes(to=to, loses_all_land_types=True, works_from="effect"),
        LoseAllAbilities(to=to, keeps_own=True, works_from="effect"),
    ]
    assert not_understood(lead + rule.format("doom"), types=("Creature",)) == [rule.format("doom")]


def test_losing_all_land_types_names_no_type_and_a_chosen_name_is_a_permanents() -> None:
    from pydantic import ValidationError

    from app.domain.continuous import LoseAllAbilities, SetLandTypes

    lands = Selector(types=["land"])
    with pytest.raises(ValidationError, match="sets no type"):
        SetLandTypes(to=lands, subtypes=["Island"], loses_all_land_types=True)
    with pytest.raises(ValidationError, match="works_from must be 'battlefield'"):
        LoseAllAbilities(to=lands, to_chosen_name=True, works_from="effect")
    with pytest.raises(ValidationError, match="works_from must be 'battlefield'"):
        SetLandTypes(to=lands, loses_all_land_types=True, to_chosen_name=True, works_from="effect")


@pytest.mark.parametrize(
    "text",
    [
        "When ~ dies, up to one target creature loses all abilities.",
        "Whenever ~ blocks, up to one target artifact loses all abilities until your next turn.",
        "Whenever ~ blocks, target creature loses all abilities and has base power and "
        "toughness 1/2 until end of turn.",
        "At the beginning of your upkeep, another target creature gets +1/+1 and loses "
        "all abilities until end of turn.",
    ],
)
def test_a_trigger_s_target_loses_all_abilities(text: str) -> None:
    # 613.1f, on the entry's target; its size is the state's (613.4).
    from app.domain.continuous import LoseAllAbilities

    assert abilities(text, types=("Creature",)) == [
        LoseAllAbilities(to=TARGET, works_from="effect")
    ]


def test_a_target_that_loses_all_abilities_and_becomes_a_creature() -> None:
    # 205.1a: "becomes a blue Toad creature" replaces its card types; 105.2: blue only.
    from app.domain.continuous import LoseAllAbilities

    found = abilities(
        "[+2]: Target creature loses all abilities and becomes a blue Toad creature with base "
        "power and toughness 2/2.",
        types=("Planeswalker",),
    )
    assert found == [
        LoseAllAbilities(to=TARGET, works_from="effect"),
        SetCardTypes(to=TARGET, types=["creature"], subtypes=["Toad"], works_from="effect"),
        SetColors(to=TARGET, colors=["U"], works_from="effect"),
    ]


def test_a_target_creature_that_becomes_a_creature_type_alone() -> None:
    # 205.1a: it keeps its card types; the creature type named replaces its own, and the
    # color named is its only one (105.2). Its size is the state's (613.4).
    from app.domain.continuous import LoseAllAbilities, SetCreatureTypes

    frog = SetCreatureTypes(to=TARGET, subtypes=["Newt"], works_from="effect")
    blue = SetColors(to=TARGET, colors=["U"], works_from="effect")
    text = "Until end of turn, target creature becomes a blue Newt with base power and "
    assert abilities(text + "toughness 0/2.", types=("Instant",)) == [frog, blue]
    lost = "Until end of turn, target creature loses all abilities and becomes a blue Newt "
    assert abilities(lost + "with base power and toughness 0/2.", types=("Instant",)) == [
        LoseAllAbilities(to=TARGET, works_from="effect"),
        frog,
        blue,
    ]
    # ~ on a creature face, bigger for the turn besides.
    assert abilities(
        "{4}{G}: ~ gets +2/+2 and becomes a Boar Knight until end of turn.", types=("Creature",)
    ) == [SetCreatureTypes(to=TARGET, subtypes=["Boar", "Knight"], works_from="effect")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 603.4: an intervening "if" held as the trigger resolved, which its entry says it did.
        (
            "At the beginning of your upkeep, if you control five or more Elves, up to one "
            "target creature becomes a Newt with base power and toughness 0/2 and flying until "
            "end of turn.",
            SetCreatureTypes(to=TARGET, subtypes=["Newt"], works_from="effect"),
        ),
        (
            "Whenever ~ blocks, if you control two or more Giants, until end of turn, ~ becomes "
            "a Giant with base power and toughness 6/6 and gains reach.",
            SetCreatureTypes(to=TARGET, subtypes=["Giant"], works_from="effect"),
        ),
        # "That player controls" isn't read, but the target is a creature.
        (
            "Whenever ~ deals combat damage to a player, target creature that player controls "
            "becomes a Newt.",
            SetCreatureTypes(to=TARGET, subtypes=["Newt"], works_from="effect"),
        ),
    ],
)
def test_a_triggers_creature_type_change_after_a_condition(
    text: str, expected: SetCreatureTypes
) -> None:
    assert abilities(text, types=("Creature",)) == [expected]


def test_an_activations_if_is_no_intervening_if() -> None:
    # Only a trigger's "if" is checked as it triggers (603.4).
    text = "{2}: if you control a Giant, ~ becomes a Giant until end of turn."
    assert not_understood(text, types=("Creature",)) == [text]


def test_a_land_that_becomes_an_equipment_for_the_turn() -> None:
    # 205.1a: only an artifact while it lasts (no land, so no "lands you control" counts it);
    # equip, like ward, bears on nothing the engine rules on.
    assert abilities(
        "{3}: ~ becomes an Equipment artifact with equip {1} until end of turn.",
        types=("Land",),
    ) == [SetCardTypes(to=TARGET, types=["artifact"], subtypes=["Equipment"], works_from="effect")]


@pytest.mark.parametrize(
    "text",
    [
        # What becomes a creature type isn't said to be a creature, or another line of the
        # same card changes its creature types too (an entry couldn't tell which resolved).
        "{2}: Target permanent becomes a Newt until end of turn.",
        "{1}: ~ becomes a Boar Knight.\n{3}: If ~ is a Knight, it becomes a Boar Knight Hero.",
    ],
)
def test_creature_types_it_cant_say_exactly_are_reported(text: str) -> None:
    assert not_understood(text, types=("Creature",))


@pytest.mark.parametrize(
    "text",
    [
        # A card in exile, and a digital-only "perpetually": no permanent's effect.
        "When ~ blocks, target creature card exiled with ~ perpetually loses all abilities.",
        # On a permanent, with no cost or trigger: no one-shot effect.
        "Target creature loses all abilities until end of turn.",
    ],
)
def test_other_targets_losing_all_abilities_are_not_read(text: str) -> None:
    assert not_understood(text, types=("Creature",)) == [text]


def test_lands_that_lose_all_abilities_except_mana_abilities() -> None:
    # 605.1, 613.1f: their mana abilities stay.
    from app.domain.continuous import LoseAllAbilities

    assert abilities(
        "All lands lose all abilities except mana abilities.", types=("Enchantment",)
    ) == [LoseAllAbilities(to=Selector(types=["land"]), except_mana_abilities=True)]


def test_a_target_land_loses_all_but_mana_abilities_and_gains_a_trigger() -> None:
    from app.domain.continuous import LoseAllAbilities

    lead = "When ~ dies, target land loses all abilities except "
    harmless = (
        lead
        + 'mana abilities and gains "At the beginning of your upkeep, ~ deals 1 damage to you."'
    )
    assert abilities(harmless, types=("Creature",)) == [
        LoseAllAbilities(to=TARGET, except_mana_abilities=True, works_from="effect")
    ]
    # What it gains bears on mana: not read here, so reported.
    relevant = lead + 'mana abilities and gains "{T}: Add {R}."'
    assert not_understood(relevant, types=("Creature",)) == [relevant]


@pytest.mark.parametrize(
    "text",
    [
        # A trigger's "you may have target ... become", however long it lasts.
        "At the beginning of your end step, you may have target noncreature artifact you "
        "control become a 1/1 artifact creature.",
        "When ~ enters, target artifact becomes an artifact creature with base power and "
        "toughness 3/3 for as long as ~ remains on the battlefield.",
        # "Until your next turn" opening the effect; another target; keywords before the duration.
        "[+2]: Until your next turn, target noncreature artifact becomes an artifact creature "
        "with base power and toughness 4/4.",
        "When ~ enters, up to one other target artifact becomes an artifact creature with base "
        "power and toughness 1/1 and gains flying until end of turn.",
        # A target no selector reads: only that it is no land matters here.
        "Whenever ~ attacks, target non-Vehicle artifact becomes an artifact creature with base "
        "power and toughness 2/3 until end of turn.",
    ],
)
def test_a_target_artifact_that_becomes_an_artifact_creature(text: str) -> None:
    # 205.1b: "an artifact creature" keeps every card type and subtype the target had (an
    # artifact land stays a land).
    kind = "Planeswalker" if text.startswith("[") else "Creature"
    assert abilities(text, types=(kind,)) == [
        AddTypes(to=TARGET, types=["artifact", "creature"], works_from="effect")
    ]


@pytest.mark.parametrize(
    ("text", "types"),
    [
        (
            "Whenever you draw your second card each turn, you may have ~ become a 2/2 Bird "
            "creature with flying in addition to its other types until end of turn.",
            ["creature"],
        ),
        ("{3}: ~ becomes a 4/4 Golem artifact creature until end of combat.", ["creature"]),
    ],
)
def test_a_permanent_that_may_animate_itself(text: str, types: list[str]) -> None:
    found = abilities(text, types=("Artifact",))
    assert isinstance(found[0], AddTypes) and found[0].types == types
    assert found[0].to == TARGET and found[0].works_from == "effect"


@pytest.mark.parametrize(
    "text",
    [
        # Cards off the battlefield, and digital-only "perpetually": no permanent's effect.
        "{1}, {T}: Target creature card in your graveyard perpetually becomes an enchantment.",
        "{T}: Another target non-Sheep creature perpetually becomes a Sheep in addition to its "
        "other types.",
    ],
)
def test_cards_that_perpetually_become_something_are_not_effects(text: str) -> None:
    assert face(text, types=("Creature",)).abilities == []


def test_an_auras_activation_animates_the_land_it_enchants() -> None:
    # The entry's target is the enchanted land; "It's still a land." keeps its types (205.1b).
    found = abilities(
        "Enchant Forest\n{1}{G}: Enchanted Forest becomes a 3/3 green Spirit creature until end of "
        "turn. It's still a land.",
        types=("Enchantment",),
        subtypes=("Aura",),
    )
    assert found == [
        AddTypes(to=TARGET, types=["creature"], subtypes=["Spirit"], works_from="effect"),
        SetColors(to=TARGET, colors=["G"], works_from="effect"),
    ]


def test_a_target_of_a_basic_land_type_is_a_land() -> None:
    # 205.3i: only lands have land types, so "It's still a land." is about a land.
    found = abilities(
        "When ~ enters, target Plains becomes a 2/4 Treefolk creature for as long as ~ "
        "remains on the battlefield. It's still a land.",
        types=("Creature",),
    )
    assert found[0] == AddTypes(
        to=TARGET, types=["creature"], subtypes=["Treefolk"], works_from="effect"
    )


def test_a_land_type_kept_while_it_has_the_counter_said_with_it() -> None:
    found = abilities(
        "Whenever ~ attacks, put a tide counter on target land. It's a Mountain in addition to "
        "its other types for as long as it has a tide counter on it.",
        types=("Creature",),
    )
    to = Selector(relation="attached", where=HasCounters(counter="tide", at_least=1))
    assert found == [AddSubtypes(to=to, subtypes=["Mountain"], works_from="effect")]


def test_creatures_that_are_basic_lands_too_and_lands_of_every_land_type() -> None:
    # 305.6: a Forest land has the Forest's mana; 205.3i: every land type, nonbasic ones too.
    from app.catalog.compile.phrases import BASIC_LAND_TYPES
    from app.domain.base import NONBASIC_LAND_TYPES

    nontoken = Selector(controller="you", types=["creature"], where=Not(filter=IsToken()))
    assert abilities(
        "Nontoken creatures you control are Island lands in addition to their other types.",
        types=("Creature",),
    ) == [AddTypes(to=nontoken, types=["land"], subtypes=["Island"])]
    (every,) = abilities(
        "Each land with a dream counter on it is every land type in addition to its other types.",
        types=("Creature",),
    )
    assert isinstance(every, AddSubtypes)
    assert every.subtypes == [*BASIC_LAND_TYPES, *NONBASIC_LAND_TYPES]
    assert every.to.where == HasCounters(counter="dream", at_least=1)


@pytest.mark.parametrize(
    ("text", "types", "subtypes"),
    [
        (
            "Whenever you gain life, you may have Trinkets you control become 2/2 Golem artifact "
            "creatures in addition to their other types until end of turn.",
            ["artifact", "creature"],
            ["Golem"],
        ),
        (
            "{2}: Up to three target Islands each become 1/4 Crab Warrior creatures in addition to "
            "their other types until end of turn.",
            ["creature"],
            ["Crab", "Warrior"],
        ),
    ],
)
def test_a_group_that_becomes_creatures_too_is_one_entry_each(
    text: str, types: list[str], subtypes: list[str]
) -> None:
    # 611.2c: only those there as it resolved, each its own entry; 205.1b: types added.
    assert abilities(text, types=("Creature",)) == [
        AddTypes(to=TARGET, types=types, subtypes=subtypes, works_from="effect")
    ]
    # Without "in addition", what the replaced types leave is not read here.
    replaced = text.replace(" in addition to their other types", "")
    assert not_understood(replaced, types=("Creature",)) == [replaced]


def test_groups_that_become_creatures_keeping_what_they_were() -> None:
    # 205.1a: artifacts that become "artifact creatures" keep all they were; lands "that are
    # still lands" too. Each object is its own entry (611.2c).
    assert abilities(
        "{3}: Artifacts you control become artifact creatures with base power and toughness 2/2 "
        "until end of turn.",
        types=("Creature",),
    ) == [AddTypes(to=TARGET, types=["creature"], works_from="effect")]
    assert abilities(
        "{3}{G}: Until end of turn, lands you control become 1/3 creatures that are still lands.",
        types=("Creature",),
    ) == [AddTypes(to=TARGET, types=["creature"], works_from="effect")]


@pytest.mark.parametrize(
    "text",
    [
        # 205.1a: they stop being lands, which no entry here says exactly.
        "{2}{G}: All lands you control become 3/2 creatures until end of turn.",
        "{T}: Two target lands each become 2/2 Warrior creatures until end of turn.",
    ],
)
def test_groups_that_become_only_creatures_are_reported(text: str) -> None:
    assert not_understood(text, types=("Creature",)) == [text]


def test_a_life_total_that_becomes_a_number_is_no_animation() -> None:
    text = (
        "When ~ dies, you may have your life total become the total power of creatures you control."
    )
    assert face(text, types=("Creature",)).support == "full"


@pytest.mark.parametrize(
    ("text", "types"),
    [
        (
            "[-6]: Untap up to four target lands. They become 5/5 Dryad creatures. They're "
            "still lands.",
            ("Planeswalker",),
        ),
        (
            "All lands you control become 2/3 Plant creatures. They're still lands.",
            ("Instant",),
        ),
    ],
)
def test_lands_that_become_creatures_and_are_still_lands_said_next(
    text: str, types: tuple[str, ...]
) -> None:
    found = abilities(text, types=types)
    assert found[0].kind == "add_types" and found[0].types == ["creature"]
    assert found[0].to == TARGET and found[0].works_from == "effect"


def test_they_without_the_lands_untapped_before_are_not_read() -> None:
    text = "[-7]: Draw six cards. They become 6/6 Elemental creatures. They're still lands."
    assert "They become 6/6 Elemental creatures." in not_understood(text, types=("Planeswalker",))


def test_creatures_that_become_blocked_are_no_animation() -> None:
    text = "Whenever ~ becomes blocked by two or more creatures, draw a card."
    assert face(text, types=("Creature",)).support == "full"
    plural = "Whenever creatures you control become blocked by two or more creatures, draw a card."
    assert face(plural, types=("Creature",)).support == "full"


def test_an_effect_beside_another_activations_unread_type_change_needs_the_line() -> None:
    # An entry of the card could stand for either activation: it must name the one read (the
    # other is no line an entry may name).
    read = "{2}: Until end of turn, ~ becomes a 1/3 Golem artifact creature with reach."
    unread = "{3}: Until end of turn, ~ becomes a 4/1 Golem artifact creature and loses reach."
    assert face(read, types=("Artifact",)).support == "full"
    both = face(f"{read}\n{unread}", types=("Artifact",))
    assert both.unsupported_text == [unread]
    assert [(a.kind, line_of(a)) for a in both.abilities] == [("add_types", 1)]
    assert both.effect_lines == [1]
