"""Lines read as the effect of one of several choices: a mode ("• "), a Saga's chapter ("I — ",
714.2b), a die result, like a loyalty ability (606.3). An entry of the state's effects that
names no line applies every effect ability of its card; so where two such lines compile to
different effects, the face lists the lines an entry may stand for (`effect_lines`) and each
effect says its line, and an entry must name one. Invented cards, our sentences."""

from __future__ import annotations

from typing import Any

from app.domain.continuous import AddTypes, GainControl, SetCreatureTypes
from app.domain.filters import Selector
from tests.compile.helpers import face, not_understood, one

TARGET = Selector(relation="attached")


def test_a_modes_effect_compiles() -> None:
    text = (
        "Choose one —\n• Target creature becomes a Newt until end of turn.\n"
        "• Quarry Charm deals 2 damage to any target."
    )
    found = one(text, name="Quarry Charm", types=("Instant",))
    # The mode is the text's second paragraph: an entry that names the other mode applies
    # nothing of it; one that names none stands for the only mode with an effect.
    assert found == SetCreatureTypes(to=TARGET, subtypes=["Newt"], works_from="effect", line=2)
    compiled = face(text, name="Quarry Charm", types=("Instant",))
    assert compiled.effect_lines == []
    # The record keeps the mode's marker.
    assert "• Target creature becomes a Newt until end of turn." in [
        r.text for r in compiled.sentences
    ]


def test_a_chapters_lasting_control_change_compiles() -> None:
    found = one(
        "I — Gain control of target artifact for as long as you control Quarry Chronicle.\n"
        "II — Draw a card.",
        name="Quarry Chronicle",
        types=("Enchantment",),
        subtypes=("Saga",),
    )
    assert found == GainControl(of="target", works_from="effect", lasting=True, line=1)


def test_a_chapter_after_a_target_reads_that_creature() -> None:
    found = one(
        "I — Put two +1/+1 counters on target creature. That creature becomes an "
        "enchantment in addition to its other types.",
        name="Quarry Chronicle",
        types=("Enchantment",),
        subtypes=("Saga",),
    )
    assert found == AddTypes(to=TARGET, types=["enchantment"], works_from="effect")


def test_two_modes_with_different_effects_need_the_entry_to_name_its_line() -> None:
    text = (
        "Choose one —\n• Target creature becomes a Newt until end of turn.\n"
        "• Gain control of target artifact until end of turn."
    )
    compiled = face(text, name="Quarry Charm", types=("Instant",))
    assert compiled.support == "full", compiled.unsupported_text
    assert compiled.abilities == [
        SetCreatureTypes(to=TARGET, subtypes=["Newt"], works_from="effect", line=2),
        GainControl(of="target", works_from="effect", line=3),
    ]
    assert compiled.effect_lines == [2, 3]
    assert compiled.card_fields()["effect_lines"] == [2, 3]


def test_modes_that_compile_alike_stand_for_each_other() -> None:
    # Whichever resolved, each creature taken is its own entry with the same abilities.
    compiled = face(
        "Choose one —\n• Gain control of all artifact creatures until end of turn. Untap "
        "them. They gain haste until end of turn.\n"
        "• Gain control of all enchantment creatures until end of turn. Untap them. They "
        "gain haste until end of turn.",
        name="Quarry Charm",
        types=("Sorcery",),
    )
    assert compiled.support == "full", compiled.unsupported_text
    assert compiled.abilities == [
        GainControl(of="target", haste=True, works_from="effect", line=2),
        GainControl(of="target", haste=True, works_from="effect", line=3),
    ]
    assert compiled.effect_lines == []  # an entry that names neither does the same
    assert "effect_lines" not in compiled.card_fields()


def test_an_effect_beside_a_chapter_not_understood_needs_the_entry_to_name_its_line() -> None:
    text = (
        "I — Target creature becomes a Newt until end of turn.\n"
        "II — Target creature becomes a 4/4 Horror creature and loses all abilities."
    )
    kw: dict[str, Any] = {"name": "Quarry Chronicle", "types": ("Enchantment",)}
    assert not_understood(text, subtypes=("Saga",), **kw) == [
        "II — Target creature becomes a 4/4 Horror creature and loses all abilities."
    ]
    compiled = face(text, subtypes=("Saga",), **kw)
    assert compiled.abilities == [
        SetCreatureTypes(to=TARGET, subtypes=["Newt"], works_from="effect", line=1)
    ]
    # Chapter II is not read whole: no entry may name it.
    assert compiled.effect_lines == [1]


def test_lines_an_entry_can_name_only_partly_drop_what_they_compiled() -> None:
    # Each chapter has a sentence not understood: no line is read whole, so an entry could
    # never say what it does, and what the first compiled is dropped.
    text = (
        "I — Target creature becomes a Newt until end of turn. It gains haste until an "
        "opponent casts a spell.\n"
        "II — Target creature becomes a 4/4 Horror creature and loses all abilities."
    )
    compiled = face(text, name="Quarry Chronicle", types=("Enchantment",), subtypes=("Saga",))
    assert compiled.abilities == []
    assert compiled.effect_lines == []
    assert "I — Target creature becomes a Newt until end of turn." in compiled.unsupported_text


def test_a_named_mode_chosen_as_it_enters_is_no_effect() -> None:
    # "• Name — ..." modes chosen as a permanent enters are its own abilities, not effects.
    text = "As Quarry Keep enters, choose Stone or Sky.\n• Stone — Lands you control are Islands."
    assert not_understood(text, name="Quarry Keep", types=("Enchantment",)) == [
        "• Stone — Lands you control are Islands."
    ]


def test_a_type_change_before_the_loss_is_never_swallowed() -> None:
    # "becomes a 4/4 Horror creature" sets its creature types (205.1a): not read, so reported.
    text = "Target creature becomes a 4/4 Horror creature and loses all abilities."
    assert not_understood(text, types=("Sorcery",)) == [text]


def test_a_keyword_line_beside_a_line_no_entry_may_name_stays_read() -> None:
    # The trigger's animation is not understood, so no entry may name its line; the Vehicle's
    # own keywords are no effect and stay read, and crew is the line an entry names.
    compiled = face(
        "Trample, haste\nWhen Quarry Racer enters, it becomes an artifact creature until end of "
        "combat.\nCrew 1",
        name="Quarry Racer",
        types=("Artifact",),
        subtypes=("Vehicle",),
        keywords=("Trample", "Haste", "Crew"),
    )
    assert compiled.unsupported_text == [
        "When ~ enters, it becomes an artifact creature until end of combat."
    ]
    assert compiled.keywords == ["Haste"]
    assert compiled.abilities == [
        AddTypes(to=TARGET, types=["creature"], works_from="effect", line=3)
    ]
    assert compiled.effect_lines == [3]


def test_more_lines_than_a_face_may_list_name_none() -> None:
    # The haste is sure only within its own activation, and the face has twenty other
    # activations an entry may stand for: more lines than `effect_lines` may hold, so no
    # entry could name its line, and the haste is dropped and reported.
    others = [f"{{{n}}}: Target creature gains first strike until end of turn." for n in range(20)]
    text = "\n".join(["{R}: Target creature gains haste until end of turn.", *others])
    compiled = face(text, name="Quarry Adept", types=("Creature",))
    assert compiled.abilities == [] and compiled.effect_lines == []
    assert compiled.unsupported_text == ["{R}: Target creature gains haste until end of turn."]
