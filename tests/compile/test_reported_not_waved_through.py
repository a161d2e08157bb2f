"""Sentences that bear on what the engine rules on and that the compiler doesn't read are
reported (the face is partial, the ruling carries a caveat), never waved through as
irrelevant. Invented names, our sentences."""

from __future__ import annotations

import pytest

from tests.compile.helpers import face, not_understood

MANA = "{T}: Add {G}."


@pytest.mark.parametrize(
    ("text", "types"),
    [
        # 118.8, 601.2f: a spell whose additional cost is life can't then be cast.
        ("Players can't pay life to cast spells.", ("Artifact",)),
        # 602.1b, 602.5b: activation limits, said in the ability's paragraph, in other words than
        # "Activate only".
        (f"{MANA} Activate no more than twice each turn.", ("Artifact",)),
        (
            f"{MANA} Any player may activate this ability, but only as a sorcery.",
            ("Artifact",),
        ),
        # 614.1a: a spell's effect replacing what mana abilities make for the turn.
        (
            "Until end of turn, lands you control that would add colorless mana add that much "
            "green mana instead.",
            ("Instant",),
        ),
        # 205.1a: creature types lost, which "for each Elf" counts read.
        (
            "Target creature gets +1/+1 and loses all creature types until end of turn.",
            ("Instant",),
        ),
        # Every ability of its controller copied, mana abilities among them: twice the mana.
        ("Double all of your spells and abilities.", ("Enchantment",)),
        # 103.5: something done while its player could mulligan, which the mulligan rules on.
        (
            "Any time you could mulligan and ~ is in your hand, you may show ~ around.",
            ("Creature",),
        ),
        ("Mulligans cost you nothing.", ("Enchantment",)),
        # 305.6: every land type, so every basic land type's mana ability.
        ("Rangeling", ("Land",)),
        # 205.4a: snow, which snow mana and "if that land is snow" read.
        ("Target artifact becomes snow until end of turn.", ("Sorcery",)),
        # 107.3a: a limit on the X of an additional cost, which a free cast still announces.
        (
            "As an additional cost to cast this spell, discard X cards.\nX can't be greater "
            "than the number of lands you control.",
            ("Sorcery",),
        ),
        # 118.9: the card's own alternative cost in words, which a free cast can't combine with.
        (
            "You may cast ~ from your graveyard by paying {3}{G} rather than paying its mana cost.",
            ("Sorcery",),
        ),
    ],
)
def test_a_sentence_that_bears_on_the_engine_is_reported(text: str, types: tuple[str, ...]) -> None:
    last = text.removeprefix(f"{MANA} ").split("\n")[-1]
    assert not_understood(text, types=types) == [last]


def test_a_limit_on_an_x_the_engine_never_reads_stays_irrelevant() -> None:
    # A trigger's or a non-mana ability's X: nothing asked about casting or mana reads it.
    text = (
        "At the beginning of your upkeep, you may pay {X}. If you do, you gain X life.\n"
        "X can't be greater than the number of lands you control."
    )
    assert face(text, types=("Creature",)).support == "full"


def test_a_leading_turn_keeps_a_trailing_count_of_a_cost_change() -> None:
    # 601.2f: "during your turn" and "for each ..." both condition the reduction.
    [change] = face(
        "During your turn, spells you cast cost {1} less to cast for each Elf you control.",
        types=("Creature",),
    ).abilities
    assert getattr(change, "when", None) == "for each Elf you control"
    assert getattr(change, "during", None) == "your_turn"


def test_a_sentence_turning_the_legend_rule_off_is_read_on_past_that_clause() -> None:
    # 704.5j off for some permanents: alone, the sentence is irrelevant; with more said, the
    # rest is read (here reported: haste for a group).
    alone = face('The "legend rule" doesn\'t apply to permanents you control.')
    assert (alone.support, alone.legend_rule_off) == ("full", True)
    more = 'Knights you control have haste, and the "legend rule" doesn\'t apply to them.'
    assert not_understood(more) == [more]


@pytest.mark.parametrize(
    "text",
    [
        "Any time you could mulligan and ~ is in your hand, you may exile your hand, then draw "
        "that many cards.",
        "While you may take a mulligan and ~ is in your hand, you may exile all the cards in "
        "your hand and then draw as many cards.",
    ],
)
def test_a_hand_exchanged_while_one_could_mulligan_is_read(text: str) -> None:
    # 103.5: Serum Powder's kind of ability, in the words cards have used for it.
    [helper] = face(text, types=("Artifact",)).abilities
    assert helper.kind == "mulligan_helper"
