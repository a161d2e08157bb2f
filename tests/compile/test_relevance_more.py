"""Sentences that mention mana, tapping for mana or land types but change nothing the engine
rules on (irrelevant), next to look-alikes that do change what is produced (not understood)."""

from __future__ import annotations

import pytest

from tests.compile.helpers import face


@pytest.mark.parametrize(
    "text",
    [
        # A library search: the land types are only what it looks for (701.23).
        "{3}, {T}, Sacrifice ~: Search your library for a basic land card that shares a land "
        "type with a land you control, put it onto the battlefield tapped, then shuffle.",
        "Channel — {2}, Discard ~: Destroy target land. Its controller may search their "
        "library for a land card with a basic land type, put it onto the battlefield, then "
        "shuffle.",
        # A trigger of a mana ability resolving that adds nothing (605.1b), granted in quotes.
        'Creatures you control have "Whenever a mana ability of ~ resolves, put a +1/+1 '
        'counter on it for each mana ~ produced."',
        # A beginning-of-step trigger about who tapped for mana: it sacrifices.
        "At the beginning of your end step, each player who tapped a land for mana this turn "
        "sacrifices a creature of their choice.",
        # Its own card back from the graveyard.
        "Whenever you pay an additional cost while casting a spell, return ~ from your "
        "graveyard to your hand.",
        # The basic land types among lands counted (domain), changing none of them.
        "~ deals X damage to any target, where X is the number of basic land types among "
        "lands you control.",
        "Target creature gets +1/+1 until end of turn for each basic land type among lands "
        "you control.",
        "Then if there are four basic land types among lands you control, draw a card.",
        # Haste read as which creatures, never given.
        "Whenever ~ attacks, it can't be blocked this turn except by creatures with haste.",
        "Whenever a creature you control with haste attacks, you gain 1 life.",
        "Whenever another creature you control with flash or haste dies, you gain 2 life.",
        # Paying for an ability, then copying it.
        "{T}: When you next activate an ability that isn't a mana ability this turn by "
        "spending three or more mana to activate it, copy that ability.",
    ],
)
def test_mentions_that_change_nothing_produced_are_irrelevant(text: str) -> None:
    compiled = face(text, name="Quillmoss Totem")
    assert compiled.support == "full", compiled.unsupported_text
    assert all(s.status == "irrelevant" for s in compiled.sentences)


def test_a_token_made_on_a_condition_after_a_trigger_of_tapping_for_mana() -> None:
    compiled = face(
        "Whenever enchanted land is tapped for mana, put a +1/+1 counter on target creature "
        "you control. If that creature shares a color with the mana that land produced, "
        "create a Clue token."
    )
    assert compiled.support == "full"
    assert [s.status for s in compiled.sentences] == ["irrelevant", "irrelevant"]


@pytest.mark.parametrize(
    "text",
    [
        # A search that then adds mana, or that changes a land's type, still bears on mana.
        "{T}: Search your library for a basic land card, put it onto the battlefield, then "
        "shuffle and add {G}.",
        "Whenever a mana ability of ~ resolves, add an additional {G}.",
        # A number changed on a permanent can be the amount its mana ability adds.
        "{2}, {T}: Add or subtract 1 from a number on target permanent until end of turn.",
        "At the beginning of your upkeep, each player who tapped a land for mana this turn "
        "adds {R}.",
        # A rider in lower case changes what the ability before it makes.
        "{T}: Add {C}. If you attacked with a Wizard this turn, add {C}{C} instead.",
        "{T}: Each player reveals a card. For each land card revealed this way, add {G}.",
    ],
)
def test_look_alikes_that_change_production_stay_not_understood(text: str) -> None:
    assert face(text).support == "partial"


@pytest.mark.parametrize(
    "text",
    [
        "When ~ enters, if you attacked this turn, add {R}{R}.",
        "Whenever a creature dies, you gain 1 life and add {B}.",
    ],
)
def test_an_ordinary_trigger_that_adds_mana_is_no_mana_ability(text: str) -> None:
    """605.1b: a trigger that doesn't trigger from a mana ability or mana being added is no
    mana ability, with a condition or another effect before its "add" too."""
    compiled = face(text, types=("Creature",))
    assert compiled.support == "full"
    assert [s.status for s in compiled.sentences] == ["irrelevant"]


@pytest.mark.parametrize(
    "text",
    [
        # Domain counted for mana or a cost is not the irrelevant kind.
        "{T}: Add {G} for each basic land type among lands you control.",
        "~ costs {1} less to cast for each basic land type among lands you control.",
    ],
)
def test_domain_counted_for_mana_or_a_cost_is_not_irrelevant(text: str) -> None:
    compiled = face(text, name="Quillmoss Totem")
    assert all(s.status != "irrelevant" for s in compiled.sentences)


@pytest.mark.parametrize(
    ("text", "types", "family"),
    [
        # Haste on a condition of the mana spent to cast the spell: the haste decides.
        (
            "Creatures target player controls gain haste until end of turn if {R} was spent "
            "to cast ~.",
            ("Sorcery",),
            "haste_control",
        ),
        # What the permanent becomes when it stops being a creature (205.1a).
        (
            "Whenever you play a land, if ~ is a creature, it becomes an enchantment.",
            ("Enchantment",),
            "type_change",
        ),
        # A creature type and a color added to the one an effect returned.
        (
            "Return target creature card from a graveyard to the battlefield under your "
            "control. It's a black Zombie in addition to its other colors and types.",
            ("Sorcery",),
            "type_change",
        ),
        # 702.48a: offering, a way of casting it not modelled.
        ("Goblin offering", ("Creature",), "casting"),
        # 205.4a: what is snow; 105.2: colors added or chosen; 700.5: devotion raised.
        ("Enchant land\nEnchanted land is snow.", ("Enchantment",), "type_change"),
        ("Lands you control are no longer snow.", ("Enchantment",), "type_change"),
        (
            "Creatures you control are the chosen color in addition to their other colors.",
            ("Artifact",),
            "type_change",
        ),
        ("Your devotion to each color is increased by one.", ("Artifact",), "type_change"),
        # Riot or unearth given to others: their haste, not read.
        ("Other Goblins you control have riot.", ("Creature",), "haste_control"),
        (
            "Each creature card in your graveyard has unearth {3}.",
            ("Enchantment",),
            "haste_control",
        ),
        # Encore, dash or blitz given to other cards (702.141a, 702.109a): their haste too.
        (
            "Each artifact creature card in your graveyard has encore {X}.",
            ("Creature",),
            "haste_control",
        ),
        ("That card perpetually gains blitz {2}{R}.", ("Sorcery",), "haste_control"),
        # Detain: the permanent's activated abilities, mana abilities among them, can't
        # be activated; cards in graveyards no ability may target (a graveyard-targeting mana
        # ability can't be activated); a mana trigger triggering twice; all five colors; another
        # object's triggered abilities too.
        (
            "When ~ enters, detain target land and target creature an opponent controls.",
            ("Creature",),
            "land_type",
        ),
        (
            "Land cards in graveyards can't be the targets of abilities.",
            ("Enchantment",),
            "mana_ability",
        ),
        (
            "If a triggered ability of an artifact you control triggers, that ability triggers "
            "an additional time.",
            ("Enchantment",),
            "tapped_for_mana",
        ),
        ("{2}: ~ becomes all colors until end of turn.", ("Artifact",), "type_change"),
        (
            "~ has all activated and triggered abilities of each card exiled with it.",
            ("Creature",),
            "mana_ability",
        ),
        # What stops free casts, or costs paid with life or sacrifices, for every player.
        (
            "Players can't cast spells without paying their mana costs.",
            ("Creature",),
            "cast_ban",
        ),
        (
            "Players can't pay life or sacrifice artifacts to cast spells or activate abilities.",
            ("Enchantment",),
            "cast_ban",
        ),
        # The card's own alternative cost on a condition.
        (
            "As long as you control a Wizard and ~ is in your graveyard, it has flashback {3}.",
            ("Sorcery",),
            "alternative_cost",
        ),
        # Land types named by two choices: what lands are (305.7), not modelled.
        (
            "Nonbasic lands of the first chosen type are also the second chosen type.",
            ("Enchantment",),
            "land_type",
        ),
        # A creature type chosen for it (205.3m), and a text change (612.1): what it is.
        (
            "{1}{U}: This Shapeshifter becomes the creature type of your choice until your "
            "next turn.",
            ("Creature",),
            "type_change",
        ),
        (
            "Change the text of each creature you control so that every creature type it "
            "names is Elf.",
            ("Instant",),
            "type_change",
        ),
    ],
)
def test_sentences_that_had_been_waved_through_are_reported(
    text: str, types: tuple[str, ...], family: str
) -> None:
    compiled = face(text, name="Quillmoss Totem", types=types)
    reported = [s for s in compiled.sentences if s.status == "not_understood"]
    assert [s.family for s in reported] == [family], compiled.sentences


@pytest.mark.parametrize(
    "text",
    [
        # Reading whether something is snow or has unearth changes nothing.
        "When ~ enters, destroy target land that is snow.",
        "Whenever a creature dies, if it has unearth, you gain 1 life.",
        # An additional trigger for a cause that is no tapping for mana.
        "If a land entering causes a triggered ability of an artifact you control to "
        "trigger, that ability triggers an additional time.",
        # A search a trigger makes, for a card with a basic land type: no land type changes.
        "Whenever ~ attacks, if you control a Wizard, search your library for a card with a "
        "basic land type, put it into your hand, then shuffle.",
    ],
)
def test_reading_snow_or_unearth_is_irrelevant(text: str) -> None:
    assert face(text, name="Quillmoss Totem", types=("Creature",)).support == "full"
