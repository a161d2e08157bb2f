"""A spell's own cost increases and reductions (601.2f): "~ costs {N} less/more to cast ...",
affinity (702.41a) and undaunted (702.125a). Recorded on the face, never a change of its mana
cost or mana value (202.3)."""

from __future__ import annotations

import pytest

from app.domain.costs import CostChange
from app.domain.filters import HasType, Selector
from tests.compile.helpers import face, not_understood

SORCERY = {"types": ("Sorcery",), "mana_cost": "{4}{U}"}


@pytest.mark.parametrize(
    ("line", "change"),
    [
        (
            "This spell costs {2} less to cast for each Wizard you control.",
            # Permanents the caster controls, counted when the question gives a board.
            CostChange(
                change="reduction",
                mana="{2}",
                when="for each Wizard you control",
                for_each=Selector(controller="you", subtypes=["Wizard"]),
            ),
        ),
        (
            # "Other" is kept in words only.
            "This spell costs {2} less to cast for each other Wizard you control.",
            CostChange(change="reduction", mana="{2}", when="for each other Wizard you control"),
        ),
        (
            "This spell costs {3} less to cast if you control a Forest.",
            CostChange(change="reduction", mana="{3}", when="if you control a Forest"),
        ),
        (
            "This spell costs {X} less to cast, where X is the number of cards in your hand.",
            CostChange(
                change="reduction", mana="{X}", when="where X is the number of cards in your hand"
            ),
        ),
        (
            "This spell costs {1}{G} more to cast for each target beyond the first.",
            CostChange(change="increase", mana="{1}{G}", when="for each target beyond the first"),
        ),
        (
            "This spell costs {4} more to cast if it targets an artifact.",
            CostChange(change="increase", mana="{4}", when="if it targets an artifact"),
        ),
        # "This way" counts what an additional cost took: still a change of every cast.
        (
            "This spell costs {2} less to cast for each creature card exiled this way.",
            CostChange(
                change="reduction", mana="{2}", when="for each creature card exiled this way"
            ),
        ),
        # "Or more" in a condition is no second amount.
        (
            "This spell costs {2} less to cast if you control three or more Wizards.",
            CostChange(change="reduction", mana="{2}", when="if you control three or more Wizards"),
        ),
        # The condition said first is the same change; its words are kept as they read.
        (
            "If you have 3 or less life, this spell costs {5} less to cast.",
            CostChange(change="reduction", mana="{5}", when="if you have 3 or less life"),
        ),
        (
            "During turns other than yours, this spell costs {2} more to cast.",
            CostChange(change="increase", mana="{2}", when="during turns other than yours"),
        ),
        # A condition first and a count after: the count waits on the condition, so the board
        # doesn't count it.
        (
            "If you attacked this turn, this spell costs {1} less to cast for each Wizard you "
            "control.",
            CostChange(
                change="reduction",
                mana="{1}",
                when="if you attacked this turn, for each Wizard you control",
            ),
        ),
        # An ability word before the sentence is only a label (207.2c).
        (
            "Rallying — This spell costs {1} less to cast for each opponent you have.",
            CostChange(change="reduction", mana="{1}", when="for each opponent you have"),
        ),
    ],
)
def test_a_sentence_of_its_own_cost_change_compiles(line: str, change: CostChange) -> None:
    compiled = face(f"{line}\nDraw two cards.", **SORCERY)
    assert compiled.support == "full", compiled.unsupported_text
    assert compiled.cost_changes == [change]
    assert [s.family for s in compiled.sentences if "to cast" in s.text] == ["cost_change"]


@pytest.mark.parametrize(
    ("line", "keywords", "change"),
    [
        (
            "Affinity for Equipment",
            ("Affinity",),
            CostChange(
                change="reduction",
                mana="{1}",
                when="for each of the Equipment you control",
                keyword="Affinity",
                for_each=Selector(controller="you", subtypes=["Equipment"]),
            ),
        ),
        (
            "Affinity for artifacts (reminder: one less for each artifact.)",
            ("Affinity",),
            CostChange(
                change="reduction",
                mana="{1}",
                when="for each of the artifacts you control",
                keyword="Affinity",
                for_each=Selector(controller="you", types=["artifact"]),
            ),
        ),
        (
            # 205.2a: a creature that is an artifact as well.
            "Affinity for artifact creatures",
            ("Affinity",),
            CostChange(
                change="reduction",
                mana="{1}",
                when="for each of the artifact creatures you control",
                keyword="Affinity",
                for_each=Selector(
                    controller="you", types=["creature"], where=HasType(type="artifact")
                ),
            ),
        ),
        (
            "Undaunted",
            ("Undaunted",),
            CostChange(
                change="reduction",
                mana="{1}",
                when="for each opponent you have",
                keyword="Undaunted",
            ),
        ),
    ],
)
def test_keywords_that_reduce_the_spells_cost_compile(
    line: str, keywords: tuple[str, ...], change: CostChange
) -> None:
    compiled = face(f"{line}\nDraw two cards.", keywords=keywords, **SORCERY)
    assert compiled.support == "full", compiled.unsupported_text
    assert compiled.cost_changes == [change]
    assert change.keyword in compiled.keywords


@pytest.mark.parametrize(
    "line",
    [
        # A reduction of colored mana is not modelled (only generic mana, 118.7a).
        "This spell costs {G} less to cast if you control a Forest.",
        # Only one way of casting it ("this way") is cheaper: not a cost of every cast.
        "This spell costs {2} less to cast this way if you control a Forest.",
        # Two amounts in one sentence.
        "This spell costs {1} less to cast for each Elf you control and {2} less for each Elf card "
        "in your graveyard.",
        "This spell costs {1} less to cast if you control a Wizard and {1} less to cast if you "
        "control a Rogue.",
    ],
)
def test_cost_changes_it_cant_read_exactly_are_reported(line: str) -> None:
    assert not_understood(f"{line}\nDraw two cards.", **SORCERY) == [
        line.replace("This spell", "~")
    ]


def test_a_second_cost_change_after_a_first_compiles() -> None:
    compiled = face(
        "This spell costs {1} less to cast if you control a Wizard. It also costs {1} less to "
        "cast if you control a Rogue.\nDraw two cards.",
        **SORCERY,
    )
    assert compiled.support == "full", compiled.unsupported_text
    assert compiled.cost_changes == [
        CostChange(change="reduction", mana="{1}", when="if you control a Wizard"),
        CostChange(change="reduction", mana="{1}", when="if you control a Rogue"),
    ]


def test_a_cost_change_said_condition_first_is_never_dropped() -> None:
    # Colored mana, or one way of casting it only: reported, not dropped as irrelevant.
    for line in (
        "During your turn, this spell costs {1}{U} less to cast.",
        "If you cast it from exile this way, this spell costs {2} less to cast.",
    ):
        assert not_understood(f"{line}\nDraw two cards.", **SORCERY) == [
            line.replace("this spell", "~")
        ]
    # "It also" with no change of its own before it is no change this face can read.
    assert not_understood(
        "Draw two cards. It also costs {1} less to cast if you control a Rogue.", **SORCERY
    ) == ["It also costs {1} less to cast if you control a Rogue."]


def test_cost_changes_are_left_out_of_a_face_that_has_none() -> None:
    compiled = face("Draw two cards.", **SORCERY)
    assert compiled.cost_changes == []
    assert "cost_changes" not in compiled.card_fields()
