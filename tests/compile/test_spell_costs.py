"""A permanent's static ability that changes what other spells cost (601.2f): "noncreature
spells cost {N} more to cast", "... spells you cast cost {N} less ...", "each spell that would
cost less than N mana to cast costs N mana". Reductions are of generic mana only (118.7a). The
cards and sentences are invented; anything not read exactly is reported, never waved through."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.costs import SpellCostChange, SpellCostMinimum
from app.domain.filters import (
    AllOf,
    AnyOf,
    HasColor,
    HasKeyword,
    HasManaValue,
    HasSubtype,
    HasSupertype,
    HasType,
    IsMonocolored,
    Not,
    SpellSelector,
)
from tests.compile.helpers import face, one

WARDEN: dict[str, Any] = {
    "name": "Glimmerfen Warden",
    "types": ("Creature",),
    "subtypes": ("Kithkin", "Cleric"),
    "mana_cost": "{1}{W}",
}
TOTEM: dict[str, Any] = {"name": "Brasswick Idol", "types": ("Artifact",), "mana_cost": "{3}"}


def _more(mana: str, spells: SpellSelector, when: str = "", **kw: Any) -> SpellCostChange:
    return SpellCostChange(change="increase", mana=mana, spells=spells, when=when, **kw)


def _less(mana: str, spells: SpellSelector, when: str = "", **kw: Any) -> SpellCostChange:
    return SpellCostChange(change="reduction", mana=mana, spells=spells, when=when, **kw)


NONCREATURE = Not(filter=HasType(type="creature"))
COLORLESS = AllOf(of=[Not(filter=HasColor(color=c)) for c in ("W", "U", "B", "R", "G")])  # type: ignore[arg-type]
# 105.2b: two or more colors (some color, not exactly one); 700.6: artifact, legendary or Saga.
MULTICOLORED = AllOf(
    of=[
        Not(filter=IsMonocolored()),
        AnyOf(of=[HasColor(color=c) for c in ("W", "U", "B", "R", "G")]),  # type: ignore[arg-type]
    ]
)
HISTORIC = AnyOf(
    of=[
        HasType(type="artifact"),
        HasSupertype(supertype="legendary"),
        HasSubtype(subtype="Saga"),
    ]
)


@pytest.mark.parametrize(
    ("sentence", "ability"),
    [
        # Every caster's spells: increases and reductions, by card type, color and subtype.
        (
            "Noncreature spells cost {2} more to cast.",
            _more("{2}", SpellSelector(where=NONCREATURE)),
        ),
        (
            "Nonartifact spells cost {3} more to cast.",
            _more("{3}", SpellSelector(where=Not(filter=HasType(type="artifact")))),
        ),
        ("Spells cost {2} more to cast.", _more("{2}", SpellSelector())),
        ("Spells cost {2} less to cast.", _less("{2}", SpellSelector())),
        ("Each spell costs {2} more to cast.", _more("{2}", SpellSelector())),
        (
            "Enchantment spells cost {1} more to cast.",
            _more("{1}", SpellSelector(types=["enchantment"])),
        ),
        (
            "Blue spells cost {4} more to cast.",
            _more("{4}", SpellSelector(where=HasColor(color="U"))),
        ),
        # A colored increase is paid as it says.
        (
            "Creature spells cost {G} more to cast.",
            _more("{G}", SpellSelector(types=["creature"])),
        ),
        (
            "Blue enchantment spells and green enchantment spells cost {1} more to cast.",
            _more(
                "{1}",
                SpellSelector(
                    types=["enchantment"],
                    where=AnyOf(of=[HasColor(color="U"), HasColor(color="G")]),
                ),
            ),
        ),
        # Who casts them, seen from the ability's controller.
        (
            "Creature and planeswalker spells you cast cost {1} less to cast.",
            _less("{1}", SpellSelector(controller="you", types=["creature", "planeswalker"])),
        ),
        (
            "Instant and sorcery spells your opponents cast cost {2} more to cast.",
            _more("{2}", SpellSelector(controller="opponent", types=["instant", "sorcery"])),
        ),
        (
            "Artifact, enchantment, and sorcery spells you cast cost {2} less to cast.",
            _less(
                "{2}", SpellSelector(controller="you", types=["artifact", "enchantment", "sorcery"])
            ),
        ),
        (
            "White creature spells you cast cost {2} less to cast.",
            _less(
                "{2}",
                SpellSelector(controller="you", types=["creature"], where=HasColor(color="W")),
            ),
        ),
        (
            "Black spells and red spells your opponents cast cost {1} more to cast.",
            _more(
                "{1}",
                SpellSelector(
                    controller="opponent",
                    where=AnyOf(of=[HasColor(color="B"), HasColor(color="R")]),
                ),
            ),
        ),
        (
            "Elf spells and Druid spells you cast cost {1} less to cast.",
            _less("{1}", SpellSelector(controller="you", subtypes=["Elf", "Druid"])),
        ),
        (
            "Legendary spells your opponents cast cost {1} more to cast.",
            _more(
                "{1}",
                SpellSelector(controller="opponent", where=HasSupertype(supertype="legendary")),
            ),
        ),
        (
            "Colorless spells your opponents cast cost {1} more to cast.",
            _more("{1}", SpellSelector(controller="opponent", where=COLORLESS)),
        ),
        (
            "Red spells your opponents cast cost {R} more to cast.",
            _more("{R}", SpellSelector(controller="opponent", where=HasColor(color="R"))),
        ),
        # A trailing condition is kept in the card's words; the spells must still match.
        (
            "Each spell a player casts costs {2} more to cast for each other spell that player "
            "has cast this turn.",
            _more("{2}", SpellSelector(), per_other_spell_this_turn=True),
        ),
        (
            "Each spell costs {2} more to cast except during its controller's turn.",
            _more("{2}", SpellSelector(), during="not_casters_turn"),
        ),
        # Whose turn, and the caster's spells this turn, read as data (the engine reads the
        # state's active_player and the caster's spells_cast_this_turn).
        (
            "During turns other than yours, instant spells you cast cost {2} less to cast.",
            _less(
                "{2}", SpellSelector(controller="you", types=["instant"]), during="not_your_turn"
            ),
        ),
        (
            "During your turn, spells your opponents cast cost {2} more to cast.",
            _more("{2}", SpellSelector(controller="opponent"), during="your_turn"),
        ),
        # What abilities cost to activate, said beside it, changes nothing answered.
        (
            "During your turn, spells your opponents cast cost {2} more to cast and abilities "
            "your opponents activate cost {2} more to activate unless they're mana abilities.",
            _more("{2}", SpellSelector(controller="opponent"), during="your_turn"),
        ),
        # A leading turn and a trailing count: both kept (the count in words).
        (
            "During your turn, spells you cast cost {1} less to cast for each artifact you "
            "control.",
            _less(
                "{1}",
                SpellSelector(controller="you"),
                during="your_turn",
                when="for each artifact you control",
            ),
        ),
        (
            "Artifact spells your opponents cast during your turn cost {3} more to cast.",
            _more(
                "{3}", SpellSelector(controller="opponent", types=["artifact"]), during="your_turn"
            ),
        ),
        (
            "Enchantment spells cost {1} more to cast during your turn.",
            _more("{1}", SpellSelector(types=["enchantment"]), during="your_turn"),
        ),
        (
            "The third spell you cast each turn costs {2} less to cast.",
            _less("{2}", SpellSelector(controller="you"), nth_spell_this_turn=3),
        ),
        (
            "The first spell each opponent casts each turn costs {2} more to cast.",
            _more("{2}", SpellSelector(controller="opponent"), nth_spell_this_turn=1),
        ),
        # 601.2i: the first of a kind, the caster's spells of that kind counted.
        (
            "The first enchantment spell you cast each turn costs {1} less to cast.",
            _less(
                "{1}",
                SpellSelector(controller="you", types=["enchantment"]),
                nth_spell_this_turn=1,
                counting="alike",
            ),
        ),
        (
            "The second instant or sorcery spell each opponent casts each turn costs {1} more "
            "to cast.",
            _more(
                "{1}",
                SpellSelector(controller="opponent", types=["instant", "sorcery"]),
                nth_spell_this_turn=2,
                counting="alike",
            ),
        ),
        (
            "Each artifact spell costs {2} more to cast for each creature its controller controls.",
            _more(
                "{2}",
                SpellSelector(types=["artifact"]),
                "for each creature its controller controls",
            ),
        ),
        (
            "Creature spells you cast cost {1} less to cast for each Forest you control.",
            _less(
                "{1}",
                SpellSelector(controller="you", types=["creature"]),
                "for each Forest you control",
            ),
        ),
        (
            "Sorcery spells you cast cost {X} less to cast, where X is the number of cards in "
            "your hand.",
            _less(
                "{X}",
                SpellSelector(controller="you", types=["sorcery"]),
                "where X is the number of cards in your hand",
            ),
        ),
        # Which spells must target, kept as the condition ("~" is the face itself).
        (
            "Spells your opponents cast that target Glimmerfen Warden cost {4} more to cast.",
            _more("{4}", SpellSelector(controller="opponent"), "that target ~"),
        ),
        (
            "Each instant spell you cast that targets a creature costs {1} less to cast.",
            _less(
                "{1}", SpellSelector(controller="you", types=["instant"]), "that targets a creature"
            ),
        ),
        # Where they are cast from (601.2a): "your" zone of the spells you cast is the caster's.
        (
            "Spells you cast from anywhere other than your hand cost {3} less to cast.",
            _less("{3}", SpellSelector(controller="you"), not_cast_from=["hand"]),
        ),
        (
            "Spells you cast from your graveyard cost {3} less to cast.",
            _less("{3}", SpellSelector(controller="you"), cast_from=["graveyard"]),
        ),
        (
            "Sorcery spells you cast from exile or from your graveyard cost {1} less to cast.",
            _less(
                "{1}",
                SpellSelector(controller="you", types=["sorcery"]),
                cast_from=["exile", "graveyard"],
            ),
        ),
        (
            "Spells your opponents cast from exile or from graveyards cost {1} more to cast.",
            _more("{1}", SpellSelector(controller="opponent"), cast_from=["exile", "graveyard"]),
        ),
        (
            "Each spell you cast from the command zone costs {2} less to cast.",
            _less("{2}", SpellSelector(controller="you"), cast_from=["command"]),
        ),
        # A mana value (202.3), a keyword, "historic" (700.6), "multicolored" (105.2b).
        (
            "Artifact spells your opponents cast with mana value 3 or greater cost {1} more to "
            "cast.",
            _more(
                "{1}",
                SpellSelector(
                    controller="opponent", types=["artifact"], where=HasManaValue(at_least=3)
                ),
            ),
        ),
        (
            "Colorless spells you cast with mana value 6 or greater cost {2} less to cast.",
            _less(
                "{2}",
                SpellSelector(
                    controller="you", where=AllOf(of=[*COLORLESS.of, HasManaValue(at_least=6)])
                ),
            ),
        ),
        (
            "Creature spells you cast with mana value 2 or less cost {1} more to cast.",
            _more(
                "{1}",
                SpellSelector(controller="you", types=["creature"], where=HasManaValue(at_most=2)),
            ),
        ),
        (
            "Creature spells with reach you cast cost {1} less to cast.",
            _less(
                "{1}",
                SpellSelector(
                    controller="you", types=["creature"], where=HasKeyword(keyword="reach")
                ),
            ),
        ),
        (
            "Spells with flash your opponents cast cost {2} more to cast.",
            _more("{2}", SpellSelector(controller="opponent", where=HasKeyword(keyword="flash"))),
        ),
        (
            "Creature spells you cast with trample cost {1} less to cast.",
            _less(
                "{1}",
                SpellSelector(
                    controller="you", types=["creature"], where=HasKeyword(keyword="trample")
                ),
            ),
        ),
        (
            "Historic spells your opponents cast cost {2} more to cast.",
            _more("{2}", SpellSelector(controller="opponent", where=HISTORIC)),
        ),
        (
            "Multicolored spells your opponents cast cost {1} more to cast.",
            _more("{1}", SpellSelector(controller="opponent", where=MULTICOLORED)),
        ),
        (
            "Each spell you cast that's white or blue costs {1} less to cast.",
            _less(
                "{1}",
                SpellSelector(
                    controller="you", where=AnyOf(of=[HasColor(color="W"), HasColor(color="U")])
                ),
            ),
        ),
        (
            "Each spell your opponents cast that's an Elf, Goblin, or Faerie costs {1} more to "
            "cast.",
            _more(
                "{1}", SpellSelector(controller="opponent", subtypes=["Elf", "Goblin", "Faerie"])
            ),
        ),
        # Only while the permanent is untapped.
        (
            "As long as Glimmerfen Warden is untapped, noncreature spells cost {2} more to cast.",
            _more("{2}", SpellSelector(where=NONCREATURE), while_untapped=True),
        ),
    ],
)
def test_a_spell_cost_change_compiles(sentence: str, ability: SpellCostChange) -> None:
    compiled = face(sentence, **WARDEN)
    assert compiled.support == "full", compiled.unsupported_text
    assert compiled.abilities == [ability]
    assert compiled.cost_changes == []  # not the face's own cost (its `cost_changes`)
    assert [(s.family, s.status) for s in compiled.sentences] == [("cost_change", "compiled")]


@pytest.mark.parametrize(
    ("sentence", "ability"),
    [
        (
            "As long as Brasswick Idol is untapped, each spell that would cost less than four "
            "mana to cast costs four mana to cast.",
            SpellCostMinimum(total=4, spells=SpellSelector(), while_untapped=True),
        ),
        (
            "Each spell that would cost less than two mana to cast costs two mana to cast.",
            SpellCostMinimum(total=2, spells=SpellSelector()),
        ),
        (
            "Each creature spell your opponents cast that would cost less than 5 mana to cast "
            "costs 5 mana to cast.",
            SpellCostMinimum(
                total=5, spells=SpellSelector(controller="opponent", types=["creature"])
            ),
        ),
    ],
)
def test_a_spell_cost_minimum_compiles(sentence: str, ability: SpellCostMinimum) -> None:
    assert one(sentence, **TOTEM) == ability


def test_the_abilities_are_dumped_with_their_kinds() -> None:
    compiled = face(
        "Flying\nNoncreature spells cost {2} more to cast.\n"
        "As long as Glimmerfen Warden is untapped, each spell that would cost less than four "
        "mana to cast costs four mana to cast.",
        **WARDEN,
    )
    kinds = [a["kind"] for a in compiled.card_fields()["abilities"]]
    assert kinds == ["spell_cost_change", "spell_cost_minimum"]
    assert compiled.card_fields()["support"] == "full"


@pytest.mark.parametrize(
    "sentence",
    [
        # 118.7a: a reduction of colored mana isn't modelled.
        "Artifact spells you cast cost {U} less to cast.",
        "Elf spells you cast cost {1}{G} less to cast.",
        # A choice made for the permanent (201.3, 205.3m) isn't read.
        "Spells you cast of the chosen type cost {2} less to cast.",
        "Creature spells with the chosen name cost {1} more to cast.",
        "Each spell you cast costs {2} less to cast for each of the chosen colors it is.",
        # Anything else said of the spells.
        "Other Elf spells you cast cost {1} less to cast.",
        "Artifact creature spells you cast cost {1} less to cast.",
        "The first face-down artifact spell you cast each turn costs {1} less to cast.",
        "Creature spells you cast with power 3 or greater cost {1} less to cast.",
        "Artifact spells you cast with mana value 4 or more cost {1} less to cast.",
        "Creature spells you cast with toughness greater than its power cost {1} less to cast.",
        "Spells with the chosen name you cast cost {1} more to cast.",
        "Each spell you cast that's red and white costs {1} less to cast.",
        "Each creature spell you cast that's green or black costs {1} less to cast.",
        "Multicolored colorless spells cost {1} more to cast.",
        # A zone not read: another player's own zone, one not said plainly, or a colored
        # reduction (118.7a).
        "Spells your opponents cast from your graveyard cost {2} more to cast.",
        "Spells you cast from exile or their graveyard cost {1} less to cast.",
        "Spells you cast from the top of your library cost {1} less to cast.",
        "Spells you cast from your graveyard cost {B} less to cast.",
        "Creature spells you cast from exile with mana value 3 or greater cost {1} less to cast "
        "and can't be countered.",
        "The fourth spell you cast each turn costs {2} less to cast.",
        # A condition before the spells, or one the permanent's state decides other than untapped.
        "During your turn, spells your opponents cast during your turn cost {2} more to cast.",
        "During each opponent's turn, spells you cast cost {2} less to cast.",
        "As long as Glimmerfen Warden is tapped, artifact spells you cast cost {1} less to cast.",
        # A trailing phrase that is no plain condition, or an X it doesn't say.
        "Creature spells you cast cost {1} less to cast and can't be countered.",
        "Creature spells cost {1} more to cast this turn.",
        "Spells cost {X} more to cast.",
        "Instant spells cost {1} more to cast for each Wizard you control and {1} more for each "
        "Wizard card in your graveyard.",
        # Two conditions: the targets and a trailing one.
        "Spells your opponents cast that target Glimmerfen Warden cost {1} more to cast for each "
        "Kithkin you control.",
        # A floor whose two amounts differ.
        "Each spell that would cost less than three mana to cast costs four mana to cast.",
        # Affinity given to other spells (702.41a): a reduction of theirs, not modelled.
        "Artifact creature spells you cast have affinity for artifacts.",
    ],
)
def test_spell_cost_changes_it_cant_read_exactly_are_reported(sentence: str) -> None:
    compiled = face(sentence, **WARDEN)
    assert compiled.unsupported_text == [sentence.replace("Glimmerfen Warden", "~")]
    assert [s.family for s in compiled.sentences] == ["cost_change"]
    assert compiled.abilities == []


@pytest.mark.parametrize(
    ("text", "kw"),
    [
        # A one-shot effect lasting a while: no static ability of the permanent.
        (
            "Whenever Glimmerfen Warden attacks, creature spells you cast this turn cost {1} less "
            "to cast.",
            WARDEN,
        ),
        ("{T}: The next instant spell you cast this turn costs {2} less to cast.", TOTEM),
        ("A spell cast this way costs {3} more to cast.", WARDEN),
        # An instant's or sorcery's effect, or a loyalty ability's (606.3: read as a spell's).
        (
            "Until your next turn, noncreature spells cost {1} more to cast.",
            {"types": ("Sorcery",), "mana_cost": "{1}{W}"},
        ),
        (
            "[+1]: Until your next turn, artifact spells you cast cost {1} less to cast.",
            {"types": ("Planeswalker",), "mana_cost": "{2}{U}"},
        ),
        # A static ability granted in quotes to other permanents.
        (
            'Creatures you control have "Spells your opponents cast that target ~ cost {1} more '
            'to cast."',
            WARDEN,
        ),
    ],
)
def test_other_sentences_changing_spell_costs_are_reported(text: str, kw: dict[str, Any]) -> None:
    compiled = face(text, **kw)
    assert compiled.support == "partial"
    assert [(s.family, s.status) for s in compiled.sentences] == [("cost_change", "not_understood")]


@pytest.mark.parametrize(
    "text",
    [
        # A token's quoted ability is the token's own, read from its own definition.
        "When ~ enters, create a 1/1 colorless Thopter artifact creature token with flying and "
        '"Spells you cast cost {1} less to cast."',
        # A cost other than mana for other spells changes no mana paid.
        "Spells your opponents cast that target ~ cost an additional 2 life to cast.",
    ],
)
def test_what_changes_no_mana_a_spell_costs_stays_irrelevant(text: str) -> None:
    compiled = face(text, **WARDEN)
    assert compiled.support == "full", compiled.unsupported_text
    assert compiled.abilities == []


def test_a_floor_reads_a_mana_value_but_no_zone() -> None:
    assert one(
        "Each spell with mana value 2 or less that would cost less than three mana to cast "
        "costs three mana to cast.",
        **TOTEM,
    ) == SpellCostMinimum(total=3, spells=SpellSelector(where=HasManaValue(at_most=2)))
    sentence = (
        "Each spell you cast from exile that would cost less than three mana to cast costs "
        "three mana to cast."
    )
    assert face(sentence, **TOTEM).unsupported_text == [sentence]
