"""Modal spells whose modes carry costs: spree (702.172a: one or more modes, each one's cost
paid) and tiered (702.183a: exactly one). Each mode's cost is an optional additional cost of
the face, marked with its kind; what a mode does is read like any mode's effect."""

from __future__ import annotations

from app.domain.card import AdditionalCost
from tests.compile.helpers import face

SORCERY = {"types": ("Sorcery",), "mana_cost": "{1}{G}"}


def test_spree_modes_are_named_by_their_place() -> None:
    compiled = face(
        "Spree (choose modes, paying each one's cost)\n"
        "+ {2} — Target creature gets +2/+2 until end of turn.\n"
        "+ {G}{G} — Destroy target artifact.",
        keywords=("Spree",),
        **SORCERY,
    )
    assert compiled.support == "full", compiled.unsupported_text
    assert compiled.additional_costs == [
        AdditionalCost(
            name="Mode 1",
            mana="{2}",
            summary="choose the mode that says: Target creature gets +2/+2 until end of turn.",
            optional=True,
            mode_of="spree",
        ),
        AdditionalCost(
            name="Mode 2",
            mana="{G}{G}",
            summary="choose the mode that says: Destroy target artifact.",
            optional=True,
            mode_of="spree",
        ),
    ]
    assert "Spree" in compiled.keywords


def test_tiered_modes_are_named_by_their_names_and_a_zero_cost_asks_no_mana() -> None:
    compiled = face(
        "Tiered\n• Spark — {0} — Draw a card.\n• Blaze — {3}{R} — Draw three cards.",
        keywords=("Tiered",),
        types=("Instant",),
        mana_cost="{R}",
    )
    assert compiled.support == "full", compiled.unsupported_text
    assert [(c.name, c.mana, c.mode_of) for c in compiled.additional_costs] == [
        ("Spark", None, "tiered"),
        ("Blaze", "{3}{R}", "tiered"),
    ]


def test_what_a_mode_does_is_still_reported_when_it_bears_on_mana() -> None:
    compiled = face(
        "Spree\n+ {1} — All lands lose all abilities until end of turn.\n+ {2} — Draw a card.",
        keywords=("Spree",),
        **SORCERY,
    )
    assert compiled.unsupported_text == ["All lands lose all abilities until end of turn."]
    assert [c.name for c in compiled.additional_costs] == ["Mode 1", "Mode 2"]


def test_the_keyword_without_mode_lines_stays_not_understood() -> None:
    compiled = face("Spree\nDraw a card.", keywords=("Spree",), **SORCERY)
    assert compiled.unsupported_text == ["Spree"]
    assert compiled.additional_costs == []


def test_mode_lines_without_the_keyword_are_plain_text() -> None:
    compiled = face("+ {1} — Draw a card.\n+ {2} — Draw two cards.", **SORCERY)
    assert compiled.additional_costs == []
