"""Lines read as the effect of one of several choices: a mode ("• "), a Saga's chapter ("I — ",
714.2b), a die result, like a loyalty ability (606.3). An entry of the state's effects applies
every effect ability of its card, so only one such line may compile effects, unless they all
compile to the same ones. Invented cards, our sentences."""

from __future__ import annotations

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
    assert found == SetCreatureTypes(to=TARGET, subtypes=["Newt"], works_from="effect")
    # The record keeps the mode's marker.
    assert "• Target creature becomes a Newt until end of turn." in [
        r.text for r in face(text, name="Quarry Charm", types=("Instant",)).sentences
    ]


def test_a_chapters_lasting_control_change_compiles() -> None:
    found = one(
        "I — Gain control of target artifact for as long as you control Quarry Chronicle.\n"
        "II — Draw a card.",
        name="Quarry Chronicle",
        types=("Enchantment",),
        subtypes=("Saga",),
    )
    assert found == GainControl(of="target", works_from="effect", lasting=True)


def test_a_chapter_after_a_target_reads_that_creature() -> None:
    found = one(
        "I — Put two +1/+1 counters on target creature. That creature becomes an "
        "enchantment in addition to its other types.",
        name="Quarry Chronicle",
        types=("Enchantment",),
        subtypes=("Saga",),
    )
    assert found == AddTypes(to=TARGET, types=["enchantment"], works_from="effect")


def test_two_modes_with_different_effects_are_reported() -> None:
    text = (
        "Choose one —\n• Target creature becomes a Newt until end of turn.\n"
        "• Gain control of target artifact until end of turn."
    )
    assert not_understood(text, name="Quarry Charm", types=("Instant",)) == [
        "• Target creature becomes a Newt until end of turn.",
        "• Gain control of target artifact until end of turn.",
    ]


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
        GainControl(of="target", haste=True, works_from="effect"),
        GainControl(of="target", haste=True, works_from="effect"),
    ]


def test_an_effect_beside_a_chapter_not_understood_is_reported() -> None:
    text = (
        "I — Target creature becomes a Newt until end of turn.\n"
        "II — Target creature becomes a 4/4 Horror creature and loses all abilities."
    )
    got = not_understood(text, name="Quarry Chronicle", types=("Enchantment",), subtypes=("Saga",))
    assert got == [
        "I — Target creature becomes a Newt until end of turn.",
        "II — Target creature becomes a 4/4 Horror creature and loses all abilities.",
    ]


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
