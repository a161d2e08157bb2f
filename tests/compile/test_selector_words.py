"""Selector words that say one more condition (other, basic, legendary, snow, tapped,
untapped, nonland, tokens, with counters), the `where` filter they compile to, the grants and
haste over them, and the tapped-for-mana triggers that add any color, a combination, or "may"
add (invented names, sentences we write)."""

from __future__ import annotations

from typing import Any

import pytest

from app.catalog.compile.ir import Sel
from app.catalog.compile.phrases import selector
from app.domain.card import GrantKeyword, GrantManaAbility, ManaAbility, ManaTrigger
from app.domain.filters import Selector
from tests.compile.helpers import face, not_understood, one

YOURS = "you"


@pytest.mark.parametrize(
    ("phrase", "sel", "plural"),
    [
        ("Creature tokens you control", Sel(YOURS, ("creature",), token=True), True),
        ("Basic lands you control", Sel(YOURS, ("land",), basic=True), True),
        ("Other permanents you control", Sel(YOURS, other=True), True),
        (
            "Other legendary creatures you control",
            Sel(YOURS, ("creature",), other=True, supertypes=("legendary",)),
            True,
        ),
        ("Other Caves you control", Sel(YOURS, (), ("Cave",), other=True), True),
        ("a snow land", Sel(types=("land",), supertypes=("snow",)), False),
        ("a nonland permanent", Sel(not_types=("land",)), False),
        ("untapped tokens you control", Sel(YOURS, token=True, tapped=False), True),
        ("another creature", Sel(types=("creature",), other=True), False),
        (
            "Each creature you control with a counter on it",
            Sel(YOURS, ("creature",), counters=(None, 1)),
            False,
        ),
        (
            "Creatures you control with three or more +1/+1 counters on them",
            Sel(YOURS, ("creature",), counters=("+1/+1", 3)),
            True,
        ),
        ("Urza's lands you control", Sel(YOURS, ("land",), ("Urza's",)), True),
        (
            "legendary creatures and planeswalkers you control",
            Sel(YOURS, ("creature", "planeswalker"), supertypes=("legendary",)),
            True,
        ),
        ("an artifact or creature", Sel(types=("artifact", "creature")), False),
        ("an artifact token", Sel(types=("artifact",), token=True), False),
        (
            "Each land and Ally you control",
            Sel(YOURS, either=(("type", "land"), ("subtype", "Ally"))),
            False,
        ),
    ],
)
def test_condition_words(phrase: str, sel: Sel, plural: bool) -> None:
    assert selector(phrase) == (sel, plural)


@pytest.mark.parametrize(
    "phrase",
    [
        "Creatures you control with the chosen name",
        "Creatures you control with flying",
        "Spell tokens you control",
        "enchanted other land",
        "creatures and Octopi",
    ],
)
def test_what_the_words_cannot_say_is_none(phrase: str) -> None:
    assert selector(phrase) is None


def _grant(text: str, **kw: Any) -> GrantManaAbility:
    found = one(text, types=kw.pop("types", ("Enchantment",)), **kw)
    assert isinstance(found, GrantManaAbility)
    return found


def _where(s: Selector) -> Any:
    assert s.where is not None
    return s.where.model_dump(mode="json")


def test_a_grant_to_creature_tokens() -> None:
    g = _grant('Creature tokens you control have "{T}: Add one mana of any color."')
    assert (g.to.controller, g.to.types, _where(g.to)) == ("you", ["creature"], {"kind": "token"})


def test_a_grant_to_each_creature_with_a_counter() -> None:
    g = _grant('Each creature you control with a +1/+1 counter on it has "{T}: Add {G}."')
    assert _where(g.to) == {"kind": "counters", "counter": "+1/+1", "at_least": 1}


def test_a_grant_to_each_of_two_subtypes() -> None:
    g = _grant('Each Newt and Moth you control has "{T}: Add {G}."')
    assert (g.to.subtypes, g.to.where) == (["Newt", "Moth"], None)


def test_a_grant_to_each_land_and_ally() -> None:
    g = _grant('Each land and Ally you control has "{T}: Add one mana of any color."')
    assert (g.to.types, g.to.subtypes) == ([], [])
    assert _where(g.to) == {
        "kind": "any",
        "of": [{"kind": "type", "type": "land"}, {"kind": "subtype", "subtype": "Ally"}],
    }


def test_other_legendary_creatures_have_vigilance_and_an_ability() -> None:
    g = _grant(
        'Other legendary creatures you control have vigilance and "{T}: Add one mana of any color."'
    )
    assert _where(g.to) == {
        "kind": "all",
        "of": [{"kind": "other"}, {"kind": "supertype", "supertype": "legendary"}],
    }


@pytest.mark.parametrize(
    ("text", "card_type"),
    [
        ('As long as enchanted permanent is a land, it has "{T}: Add {W}{W}."', "land"),
        (
            "As long as enchanted permanent is a creature, it gets +2/+2 and has reach and "
            '"{T}: Add {G}{G}."',
            "creature",
        ),
    ],
)
def test_a_grant_while_the_attached_permanent_has_a_type(text: str, card_type: str) -> None:
    g = _grant(text, subtypes=("Aura",))
    assert g.to.relation == "attached"
    assert _where(g.to) == {"kind": "type", "type": card_type}


def test_as_long_as_a_type_the_engine_has_not_is_not_understood() -> None:
    text = 'As long as enchanted permanent is a Wizard, it has "{T}: Add {U}."'
    assert not_understood(text, types=("Enchantment",)) == [text]


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("Other Kobolds you control have haste.", {"kind": "other"}),
        (
            "Creatures you control with four or more +1/+1 counters on them have haste.",
            {"kind": "counters", "counter": "+1/+1", "at_least": 4},
        ),
    ],
)
def test_haste_over_conditions(text: str, where: dict[str, Any]) -> None:
    k = one(text, types=("Creature",))
    assert isinstance(k, GrantKeyword) and k.keyword == "Haste"
    assert _where(k.to) == where


def test_a_sacrifice_cost_keeps_its_other() -> None:
    a = one("{T}, Sacrifice another creature: Add {B}{B}.", types=("Creature",))
    assert isinstance(a, ManaAbility) and isinstance(a.cost.sacrifice, Selector)
    assert (a.cost.sacrifice.controller, _where(a.cost.sacrifice)) == ("you", {"kind": "other"})


def test_a_count_of_basic_lands() -> None:
    a = one("{T}: Add one mana of any type that a basic land you control could produce.")
    assert isinstance(a, ManaAbility)
    assert a.produces.kind == "could_produce"
    assert _where(a.produces.among) == {"kind": "basic"}  # type: ignore[union-attr]


# --- tapped-for-mana triggers (106.12a, 605.1b) --------------------------------------------


def _trigger(text: str, **kw: Any) -> ManaTrigger:
    found = one(text, types=("Enchantment",), **kw)
    assert isinstance(found, ManaTrigger)
    return found


def test_enchanted_land_adds_one_mana_of_any_color() -> None:
    t = _trigger(
        "Whenever enchanted land is tapped for mana, its controller adds an additional one mana "
        "of any color.",
        subtypes=("Aura",),
    )
    assert (t.source.relation, t.adds, t.amount, t.optional) == ("attached", "any_color", 1, False)


def test_enchanted_land_adds_three_in_any_combination() -> None:
    t = _trigger(
        "Whenever enchanted land is tapped for mana, its controller adds an additional three mana "
        "in any combination of colors.",
        subtypes=("Aura",),
    )
    assert (t.adds, t.amount) == ("combination", 3)


def test_a_snow_land_tapped_by_a_player() -> None:
    t = _trigger(
        "Whenever a player taps a snow land for mana, that player adds one mana of any type "
        "that permanent produced."
    )
    assert (t.adds, t.tapped_by_you, _where(t.source)) == (
        "type_produced",
        False,
        {"kind": "supertype", "supertype": "snow"},
    )


def test_you_tap_a_nonland_permanent() -> None:
    t = _trigger(
        "Whenever you tap a nonland permanent you control for mana, add one mana of any type "
        "that permanent produced."
    )
    assert (t.source.controller, t.tapped_by_you) == ("you", True)
    assert _where(t.source) == {"kind": "not", "filter": {"kind": "type", "type": "land"}}


def test_you_tap_an_artifact_token() -> None:
    t = _trigger(
        "Whenever you tap an artifact token you control for mana, add one mana of any type that "
        "artifact token produced."
    )
    assert (t.adds, t.source.types, _where(t.source)) == (
        "type_produced",
        ["artifact"],
        {"kind": "token"},
    )


def test_may_add_is_optional() -> None:
    t = _trigger("Whenever a Swamp is tapped for mana, its controller may add an additional {B}.")
    assert (t.adds, t.mana, t.optional) == ("fixed", "{B}", True)


def test_tapped_for_mana_of_the_chosen_color() -> None:
    t = _trigger(
        "Whenever a basic land is tapped for mana of the chosen color, its controller adds one "
        "additional mana of that color."
    )
    assert (t.adds, t.only_chosen_color, _where(t.source)) == (
        "chosen_color",
        True,
        {"kind": "basic"},
    )


def test_an_amount_the_trigger_model_has_not_is_not_understood() -> None:
    text = (
        "Whenever enchanted land is tapped for mana, its controller adds an additional six mana "
        "in any combination of colors."
    )
    assert not_understood(text, types=("Enchantment",)) == [text]


# --- commander color identity (903.4) ---------------------------------------------------------


def test_commander_color_identity() -> None:
    a = one("{T}: Add one mana of any color in your commander's color identity.", types=("Land",))
    assert isinstance(a, ManaAbility) and a.produces.kind == "commander_color"


def test_every_sentence_is_still_accounted_for() -> None:
    compiled = face(
        'Other Elves you control have "{T}: Add {G}."\nCreatures you control with flying have '
        '"{T}: Add {U}."',
        types=("Creature",),
    )
    assert [r.status for r in compiled.sentences] == ["compiled", "not_understood"]
