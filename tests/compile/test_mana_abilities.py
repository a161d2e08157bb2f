"""Mana abilities (605): every cost part and production template, on invented cards."""

from __future__ import annotations

import pytest

from app.domain.card import (
    AmountIfCounter,
    AnyColor,
    AnyCombination,
    AnyType,
    ChoiceOfMana,
    ChoiceOrChosenColor,
    ChosenColor,
    ColorOfPermanent,
    CostPart,
    CouldProduce,
    FixedMana,
    ManaAbility,
    ManaAbilityCost,
    OneColorPerCount,
    PerCount,
    PerCounter,
    Selector,
    TapUntapped,
)
from app.domain.continuous import GrantKeyword
from app.domain.filters import IsTapped, Not
from tests.compile.helpers import face, not_understood, one

TAP = ManaAbilityCost(tap=True)
YOUR_LANDS = Selector(controller="you", types=["land"])


def tapped(produces: object, **kw: object) -> ManaAbility:
    return ManaAbility(cost=TAP, produces=produces, **kw)  # type: ignore[arg-type]


# --- productions ---


@pytest.mark.parametrize(
    ("effect", "produces"),
    [
        ("Add {C}.", FixedMana(mana="{C}")),
        ("Add {C}{C}.", FixedMana(mana="{C}{C}")),
        ("Add {R}{W}.", FixedMana(mana="{R}{W}")),
        ("Add {W} or {U}.", ChoiceOfMana(options=["{W}", "{U}"])),
        ("Add {B}, {R}, or {G}.", ChoiceOfMana(options=["{B}", "{R}", "{G}"])),
        ("Add {R}{R}, {R}{G}, or {G}{G}.", ChoiceOfMana(options=["{R}{R}", "{R}{G}", "{G}{G}"])),
        ("Add one mana of any color.", AnyColor()),
        ("Add five mana of any one color.", AnyColor(amount=5)),
        ("Add three mana of any one color.", AnyColor(amount=3)),
        ("Add one mana of any type.", AnyType()),
        ("Add five mana in any combination of colors.", AnyCombination(amount=5)),
        (
            "Add three mana in any combination of {R} and/or {G}.",
            AnyCombination(amount=3, colors=["R", "G"]),
        ),
        ("Add one mana of the chosen color.", ChosenColor()),
        ("Add {C} or one mana of the chosen color.", ChoiceOrChosenColor(options=["{C}"])),
        (
            "Add X mana of any one color, where X is the number of Allies you control.",
            OneColorPerCount(count=Selector(controller="you", subtypes=["Ally"])),
        ),
        (
            "Add X mana of any one color, where X is the number of petal counters on this "
            "artifact.",
            OneColorPerCount(counter="petal"),
        ),
        ("Add two mana of the chosen color.", ChosenColor(amount=2)),
        (
            "Add {G} for each creature you control.",
            PerCount(mana_type="G", count=Selector(controller="you", types=["creature"])),
        ),
        (
            "Add {G} for each Elf you control.",
            PerCount(mana_type="G", count=Selector(controller="you", subtypes=["Elf"])),
        ),
        (
            "Add {U} for each Locus on the battlefield.",
            PerCount(mana_type="U", count=Selector(subtypes=["Locus"])),
        ),
        (
            "Add {B} for each Swamp you control.",
            PerCount(mana_type="B", count=Selector(controller="you", subtypes=["Swamp"])),
        ),
        (
            "Add an amount of {G} equal to the number of Elves you control.",
            PerCount(mana_type="G", count=Selector(controller="you", subtypes=["Elf"])),
        ),
        (
            "Add {C} for each charge counter on this artifact.",
            PerCounter(mana_type="C", counter="charge"),
        ),
        (
            "Add an amount of {R} equal to the number of ember counters on Quillmoss Totem.",
            PerCounter(mana_type="R", counter="ember"),
        ),
    ],
)
def test_production_templates(effect: str, produces: object) -> None:
    assert one("{T}: " + effect) == tapped(produces)


@pytest.mark.parametrize(
    ("phrase", "among", "of"),
    [
        ("a land you control", YOUR_LANDS, "type"),
        ("a land an opponent controls", Selector(controller="opponent", types=["land"]), "color"),
        ("lands you control", YOUR_LANDS, "color"),
        ("a permanent you control", Selector(controller="you"), "type"),
    ],
)
def test_reflectors(phrase: str, among: Selector, of: str) -> None:
    # 106.7: what other permanents could produce, solved together by the engine.
    text = f"{{T}}: Add one mana of any {of} that {phrase} could produce."
    assert one(text) == tapped(CouldProduce(among=among, of=of))  # type: ignore[arg-type]


def test_the_sacrificed_land_is_the_reflector_s_selector() -> None:
    got = one("Sacrifice a land: Add one mana of any type that the sacrificed land could produce.")
    assert got == ManaAbility(
        cost=ManaAbilityCost(sacrifice=YOUR_LANDS),
        produces=CouldProduce(among=YOUR_LANDS, of="type"),
    )


def test_a_color_of_a_permanent_two_sentences() -> None:
    got = one(
        "{T}: Choose a color of a creature you control. Add one mana of that color.",
        types=("Land",),
    )
    assert got == tapped(ColorOfPermanent(among=Selector(controller="you", types=["creature"])))


@pytest.mark.parametrize(
    "text",
    [
        "{T}: Add X mana of any one color, where X is the number of opponents you have.",
        "{X}, {T}: Add {C}.",
        "{T}: Add X mana of any one color.",
        "{T}, Remove X charge counters from this artifact: Add {C} for each spore counter "
        "removed this way.",
        "{T}: Add X mana of any one color, where X is the number of cards in your hand.",
        "{T}: Add an amount of {G} equal to the number of Lotuses you control.",
    ],
)
def test_what_a_selector_or_count_cannot_say_is_not_understood(text: str) -> None:
    # Never guess: life, hand size, an X the cost and the amount don't share... make the face
    # partial.
    assert not_understood(text) == [text.replace("this artifact", "~")]


# --- cost parts ---


@pytest.mark.parametrize(
    ("cost", "expected"),
    [
        ("{T}", ManaAbilityCost(tap=True)),
        ("{Q}", ManaAbilityCost(untap=True)),
        ("{2}, {Q}", ManaAbilityCost(untap=True, mana="{2}")),
        ("{1}, {T}", ManaAbilityCost(tap=True, mana="{1}")),
        ("{T}, Pay 2 life", ManaAbilityCost(tap=True, life=2)),
        ("{T}, Sacrifice this artifact", ManaAbilityCost(tap=True, sacrifice="self")),
        ("Sacrifice Quillmoss Totem", ManaAbilityCost(sacrifice="self")),
        (
            "{T}, Sacrifice a creature",
            ManaAbilityCost(tap=True, sacrifice=Selector(controller="you", types=["creature"])),
        ),
        ("Sacrifice a land", ManaAbilityCost(sacrifice=YOUR_LANDS)),
        (
            "{T}, Remove a charge counter from this artifact",
            ManaAbilityCost(tap=True, remove_counters={"charge": 1}),
        ),
        (
            "{T}, Remove two ember counters from this artifact",
            ManaAbilityCost(tap=True, remove_counters={"ember": 2}),
        ),
        (
            "{T}, Discard a card",
            ManaAbilityCost(tap=True, others=[CostPart(kind="discard", text="discard a card")]),
        ),
        (
            "{T}, Exile a card from your graveyard",
            ManaAbilityCost(
                tap=True, others=[CostPart(kind="exile", text="exile a card from your graveyard")]
            ),
        ),
        (
            "{T}, Tap an untapped creature you control",
            ManaAbilityCost(
                tap=True,
                others=[CostPart(kind="tap_untapped", text="tap an untapped creature you control")],
                tap_untapped=TapUntapped(
                    count=1,
                    of=Selector(controller="you", types=["creature"], where=Not(filter=IsTapped())),
                ),
            ),
        ),
        (
            "{T}, Exert this artifact",
            ManaAbilityCost(tap=True, others=[CostPart(kind="exert", text="exert ~")]),
        ),
        (
            "{T}, Sacrifice two artifacts",
            ManaAbilityCost(
                tap=True, others=[CostPart(kind="sacrifice", text="sacrifice two artifacts")]
            ),
        ),
    ],
)
def test_cost_parts(cost: str, expected: ManaAbilityCost) -> None:
    assert one(f"{cost}: Add {{C}}.") == ManaAbility(cost=expected, produces=FixedMana(mana="{C}"))


def test_an_unknown_cost_part_is_not_understood() -> None:
    text = "{T}, Shuffle your graveyard into your library: Add {C}."
    assert not_understood(text) == [text]


# --- riders and the ability's own sentences ---


@pytest.mark.parametrize(
    "rider",
    [
        "Spend this mana only to cast creature spells.",
        "This mana can't be spent to cast noncreature spells.",
    ],
)
def test_a_restriction_on_spending_changes_nothing_it_makes(rider: str) -> None:
    # 106.7: what it could produce; a restriction on spending isn't a type, but the mana
    # carries it (106.6). (Activation instructions are the ability's activate_only:
    # tests/engine/test_activation_instructions.py.)
    compiled = face(f"{{T}}: Add one mana of any color. {rider}")
    assert compiled.support == "full"
    assert compiled.abilities == [tapped(AnyColor(), spend_restricted=True)]
    assert [s.status for s in compiled.sentences] == ["compiled", "compiled"]


def test_a_poison_counter_after_the_mana_is_a_side_effect() -> None:
    got = one("{T}: Add {B}. You get a poison counter.", types=("Land",))
    assert got == tapped(FixedMana(mana="{B}"), side_effect="you get a poison counter")


@pytest.mark.parametrize(
    ("rider", "said"),
    [
        ("You get two poison counters.", "you get 2 poison counters"),
        ("You gain 1 life.", "you gain 1 life"),
        ("Each opponent gains 1 life.", "each opponent gains 1 life"),
        (
            "If you control a Wizard planeswalker, you gain 2 life.",
            "if you control a Wizard planeswalker, you gain 2 life",
        ),
        (
            "If you control a Wizard, a Cleric, or a Rogue, you gain 1 life.",
            "if you control a Wizard, a Cleric, or a Rogue, you gain 1 life",
        ),
        (
            "When you do, this land deals 1 damage to each opponent.",
            "it deals 1 damage to each opponent",
        ),
        (
            "This land becomes that color until end of turn.",
            "it becomes the color of the mana until end of turn",
        ),
        (
            "If there are no ember counters on this land, sacrifice it.",
            "it is sacrificed if no ember counters are left on it (the state after still shows it)",
        ),
        (
            "Remove a time counter from this land.",
            "a time counter is removed from it (the state after still shows it)",
        ),
    ],
)
def test_what_else_it_does_is_a_side_effect_said(rider: str, said: str) -> None:
    # Nothing of it changes the mana (106.7), but it is said, never dropped.
    got = one(f"{{T}}: Add {{B}}. {rider}", types=("Land",))
    assert got == tapped(FixedMana(mana="{B}"), side_effect=said)


def test_damage_and_its_own_instead() -> None:
    assert one("{T}: Add {B} or {G}. This land deals 1 damage to you.", types=("Land",)) == tapped(
        ChoiceOfMana(options=["{B}", "{G}"]), side_effect="it deals 1 damage to you"
    )
    got = one(
        "{T}: Add one mana of any type that a land you control could produce. If this creature "
        "has a +1/+1 counter on it, add four mana of that type instead.",
        types=("Creature",),
    )
    assert got == tapped(
        CouldProduce(among=YOUR_LANDS, of="type"),
        instead=AmountIfCounter(counter="+1/+1", amount=4),
    )


def test_granted_mana_abilities() -> None:
    from app.domain.card import GrantManaAbility

    got = one(
        'Creatures you control have "{T}: Add one mana of any color."', types=("Enchantment",)
    )
    assert got == GrantManaAbility(
        to=Selector(controller="you", types=["creature"]), ability=tapped(AnyColor())
    )
    got = one(
        'Enchanted land has "{T}: Add two mana of any one color."',
        types=("Enchantment",),
        subtypes=("Aura",),
    )
    assert got == GrantManaAbility(
        to=Selector(relation="attached"), ability=tapped(AnyColor(amount=2))
    )


def test_a_spell_s_own_mana_is_no_mana_ability() -> None:
    # 605.1: an instant that adds mana is a spell, not a mana ability; nothing reads it.
    compiled = face("Add {R}{R}{R}.", types=("Instant",), mana_cost="{R}")
    assert compiled.abilities == []
    assert compiled.support == "full"
    assert [s.status for s in compiled.sentences] == ["irrelevant"]


def test_loyalty_and_ordinary_triggers_that_add_mana_are_not_mana_abilities() -> None:
    # 605.1a: a loyalty ability is never a mana ability; 605.1b: only triggers from mana
    # abilities are.
    compiled = face(
        "[+1]: Add {R}{R}.\nWhenever this creature attacks, add {R}.", types=("Creature",)
    )
    assert compiled.abilities == [] and compiled.support == "full"


@pytest.mark.parametrize(
    "part", ["Say the secret word", "Mark one of ~'s unmarked nodes"], ids=["say", "mark"]
)
def test_a_cost_outside_the_game_s_objects_is_recorded_and_taken_as_paid(part: str) -> None:
    # Invented: a land whose second ability asks for something no game state records.
    ability = one(f"{{T}}, {part}: Add one mana of any color.", name="Hushed Cellar")
    assert isinstance(ability, ManaAbility)
    assert ability.produces == AnyColor()
    assert ability.cost.others == [CostPart(kind="other", text=part[0].lower() + part[1:])]


def test_losing_life_by_a_count_as_it_resolves_is_a_side_effect_of_the_mana() -> None:
    ability = one(
        "{T}: Add one mana of any color and lose life equal to the number of Swamps you control.",
        name="Weeping Field",
        types=("Land",),
    )
    assert isinstance(ability, ManaAbility)
    assert ability.produces == AnyColor()
    assert ability.side_effect == "you lose life equal to the number of Swamps you control"


@pytest.mark.parametrize(
    "text",
    [
        "{T}, Whisper the secret word: Add one mana of any color.",
        "{T}: Add one mana of any color and lose life equal to its power.",
    ],
)
def test_look_alikes_of_those_stay_not_understood(text: str) -> None:
    assert not_understood(text) == [text]


def test_paying_x_speed_is_an_x_chosen_on_activation_and_taken_as_paid() -> None:
    ability = one(
        "Pay X speed: Add X mana in any combination of {U} and/or {R}.", name="Drift Lane"
    )
    assert isinstance(ability, ManaAbility)
    assert ability.cost.others == [CostPart(kind="other", text="pay X speed")]
    assert ability.produces.model_dump()["amount"] == {"kind": "chosen_x"}


def test_a_trigger_on_tapping_for_one_type_needs_that_type() -> None:
    trigger = one("Whenever you tap a land for {G}, add an additional {G}.", types=("Enchantment",))
    dumped = trigger.model_dump(mode="json")
    assert (dumped["only_type"], dumped["mana"], dumped["source"]["types"]) == (
        "G",
        "{G}",
        ["land"],
    )


def test_haste_from_a_loyalty_ability_is_an_effect_and_no_mana_ability() -> None:
    # 606.3: the creatures its controller controlled as it resolved each get an entry
    # (611.2c); 605.1a: its "Add" is no mana ability.
    text = "[+1]: Creatures you control get +2/+0 and gain haste until end of turn.\n[+1]: Add {R}."
    compiled = face(text, name="Vexa, Ember Oracle", types=("Planeswalker",))
    assert compiled.support == "full"
    # The entry for the haste names its paragraph, or none: the other adds mana, no effect.
    assert compiled.abilities == [
        GrantKeyword(keyword="Haste", to=Selector(relation="attached"), works_from="effect", line=1)
    ]
    assert compiled.effect_lines == []


def test_a_keyword_is_never_taken_for_a_legendary_s_short_name() -> None:
    compiled = face(
        "Flash\n{T}: Add {C}.",
        name="Flash Harrow, the Swift",
        types=("Creature",),
        keywords=("Flash",),
        supertypes=("Legendary",),
    )
    assert compiled.support == "full"
    assert compiled.sentences[0].text == "Flash"


def test_three_names_are_not_two() -> None:
    text = "If you control creatures named Ape and Bob and Carl, add {C}{C}{C} instead."
    assert not_understood("{T}: Add {C}. " + text, types=("Creature",)) == [text]


@pytest.mark.parametrize(
    "text",
    [
        "Whenever an opponent taps an artifact for mana, gain control of that artifact.",
        # (Entering under an opponent's control is the state's `controller`: compiled as a
        # fact the state shows, tests/compile/test_type_and_control_effects.py.)
        # An exchange for a while: an effect the state would list, not read here.
        "Exchange control of ~ and target creature an opponent controls until end of turn.",
    ],
)
def test_control_changes_are_never_waved_through(text: str) -> None:
    assert not_understood(text, types=("Creature",)) == [text]


def test_a_tapped_for_mana_trigger_that_only_puts_counters_stays_irrelevant() -> None:
    text = (
        "Whenever enchanted land is tapped for mana, put a +1/+1 counter on target creature "
        "you control."
    )
    compiled = face(text, types=("Enchantment",))
    assert compiled.support == "full" and compiled.sentences[0].status == "irrelevant"


def test_a_die_table_that_adds_mana_is_reported() -> None:
    # 706, 605.1a: a mana ability that rolls a die, with more results than the two read.
    text = (
        "{T}: Roll a four-sided die.\n1 — You lose 2 life.\n2 — Add {R}.\n3 — Add {G}.\n"
        "4 — Add {R}{G}."
    )
    compiled = face(text, types=("Artifact",))
    assert compiled.support == "partial"
    assert "2 — Add {R}." in compiled.unsupported_text


@pytest.mark.parametrize(
    "line",
    ["Max speed — {T}: Add {G}{G}{G}.", "Exhaust — {U}, {T}: Add two mana of any one color."],
)
def test_keywords_written_like_ability_words_are_not_stripped(line: str) -> None:
    # 702.178a: an ability only while its controller has max speed; 702.177a: activated only
    # once. Neither is modelled: reported, never read as a plain mana ability.
    compiled = face(line, types=("Artifact",))
    assert compiled.unsupported_text == [line]
    assert compiled.abilities == []
