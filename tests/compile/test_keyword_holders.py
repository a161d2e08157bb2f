"""Who a static grant of haste names (702.10, 302.6): creatures of two card types, of two or
more colors, with counters, of two subtypes joined by "and", the permanent itself; and its own
haste while an opponent controls something (611.3a). Every sentence is a template we wrote."""

from __future__ import annotations

import pytest

from app.domain.card import GrantKeyword, Selector
from app.domain.filters import (
    MULTICOLORED,
    AllOf,
    HasCounters,
    HasType,
    IsOther,
    Not,
)
from tests.compile.helpers import abilities, one

HASTE = "Haste"


@pytest.mark.parametrize(
    ("text", "to"),
    [
        # 205.2a: an artifact creature is a creature that is an artifact as well.
        (
            "Artifact creatures you control have haste.",
            Selector(controller="you", types=["creature"], where=HasType(type="artifact")),
        ),
        (
            "Other enchantment creatures you control have haste.",
            Selector(
                controller="you",
                types=["creature"],
                where=AllOf(of=[IsOther(), HasType(type="enchantment")]),
            ),
        ),
        # 105.2b: two or more colors.
        (
            "Multicolored creatures you control have haste.",
            Selector(controller="you", types=["creature"], where=AllOf(of=list(MULTICOLORED))),
        ),
        # 122.1: any counter, of any kind.
        (
            "Creatures you control with counters on them have haste.",
            Selector(controller="you", types=["creature"], where=HasCounters()),
        ),
        # "Each ... has": singular, but each of them has it.
        (
            "Each other Elf you control with a +1/+1 counter on it has haste.",
            Selector(
                controller="you",
                subtypes=["Elf"],
                where=AllOf(of=[IsOther(), HasCounters(counter="+1/+1")]),
            ),
        ),
        # "Wolves and Werewolves": either subtype.
        (
            "Wolves and Werewolves you control have haste.",
            Selector(controller="you", subtypes=["Wolf", "Werewolf"]),
        ),
    ],
)
def test_who_a_static_haste_grant_names(text: str, to: Selector) -> None:
    assert one(text, types=("Enchantment",)) == GrantKeyword(keyword=HASTE, to=to)


def test_its_own_keywords_said_as_a_sentence() -> None:
    # "~ has lifelink and haste." is the same as those keywords printed on it (702.10).
    got = abilities(
        "Emberhorn Rider has lifelink and haste.", name="Emberhorn Rider", types=("Creature",)
    )
    own = Selector(where=Not(filter=IsOther()))
    assert got == [GrantKeyword(keyword="Lifelink", to=own), GrantKeyword(keyword=HASTE, to=own)]


@pytest.mark.parametrize(
    "text",
    [
        "Emberhorn Rider has haste as long as an opponent controls a Cleric.",
        "As long as an opponent controls a Cleric, Emberhorn Rider gets +1/+0 and has haste.",
    ],
)
def test_its_own_haste_while_an_opponent_controls_one(text: str) -> None:
    # 611.3a: the count is of the permanents the ability's controller's opponents control.
    found = one(text, name="Emberhorn Rider", types=("Creature",))
    assert isinstance(found, GrantKeyword) and found.while_count is not None
    assert found.while_count.at_least == 1
    assert found.while_count.of == Selector(controller="opponent", subtypes=["Cleric"])
