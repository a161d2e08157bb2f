"""X and mana value in every zone (107.3b, 107.3g, 107.3m, 202.3)."""

from __future__ import annotations

import pytest

from app.domain.card import Card
from app.domain.errors import QuestionError
from app.engine.mana_value import mana_value
from tests.engine.fixture_catalog import card

ZONES_OFF_STACK = ["library", "hand", "graveyard", "exile"]


def answer(name: str, **kw: object) -> dict[str, object]:
    args: dict[str, object] = {"x": 0, "cast": True, "cast_without_paying_mana_cost": False}
    args.update(kw)
    return mana_value(card(name), **args).answer_data  # type: ignore[arg-type]


@pytest.mark.parametrize("zone", ZONES_OFF_STACK)
def test_x_is_zero_off_the_stack(zone: str) -> None:
    # 107.3g: Hangarback Walker in any zone but the stack has X = 0, mana value 0.
    a = answer("Hangarback Walker", zone=zone, x=5)
    assert (a["x"], a["mana_value"], a["etb_x"]) == (0, 0, None)


def test_every_x_counts_on_the_stack() -> None:
    # 107.3, 202.3e: {X}{X} with X = 3 is mana value 6.
    a = answer("Hangarback Walker", zone="stack", x=3)
    assert (a["x"], a["mana_value"]) == (3, 6)
    assert answer("Fireball", zone="stack", x=4)["mana_value"] == 5
    # The step's mana refs are in the order its text shows them: the cost, then {X}.
    steps = mana_value(
        card("Fireball"), zone="stack", x=4, cast=True, cast_without_paying_mana_cost=False
    ).steps
    (valued,) = [s for s in steps if "costs {X}{R}" in s.text]
    assert valued.refs["mana"] == ("{X}{R}", "{X}")


def test_cast_without_paying_forces_x_to_zero_on_the_stack() -> None:
    # 107.3b: X must be 0 when the spell is cast without paying its mana cost.
    a = answer("Fireball", zone="stack", x=4, cast_without_paying_mana_cost=True)
    assert (a["x"], a["mana_value"]) == (0, 1)


def test_etb_uses_the_spells_x_while_the_permanent_has_x_zero() -> None:
    # 107.3m: Hangarback Walker cast for X = 3 enters with three counters; its own X is 0.
    a = answer("Hangarback Walker", zone="battlefield", x=3)
    assert (a["x"], a["mana_value"], a["etb_x"]) == (0, 0, 3)
    assert answer("The Meathook Massacre", zone="battlefield", x=2)["etb_x"] == 2


def test_etb_x_is_zero_when_not_cast_or_cast_free() -> None:
    # 107.3m: put onto the battlefield (not cast) means no X was chosen; cast free means X = 0.
    assert answer("Walking Ballista", zone="battlefield", x=4, cast=False)["etb_x"] == 0
    free = answer("Walking Ballista", zone="battlefield", x=4, cast_without_paying_mana_cost=True)
    assert free["etb_x"] == 0


def test_etb_x_is_zero_without_an_etb_ability_that_uses_x() -> None:
    # Fireball has X but no permanent ETB: nothing to remember (107.3m doesn't apply).
    assert answer("Grizzly Bears", zone="battlefield", x=2)["etb_x"] == 0


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("Fire // Ice", 4),  # 709.4: split card adds its halves off the stack
        ("Wear // Tear", 3),
        ("Valki, God of Lies // Tibalt, Cosmic Impostor", 2),  # 712.8: MDFC front face
        ("Shatterskull Smashing // Shatterskull, the Hammer Pass", 2),
        ("Bonecrusher Giant // Stomp", 3),  # 715.4: adventurer's creature part
        ("Crashing Footfalls", 0),  # 202.3: no mana cost
        ("Ancestral Vision", 0),
        ("Dismember", 3),  # Phyrexian counts 1
        ("Kitchen Finks", 3),  # hybrid counts its larger half
        ("Spectral Procession", 6),  # {2/W} counts 2
        ("Memnite", 0),
    ],
)
def test_mana_value_in_the_library(name: str, value: int) -> None:
    assert answer(name, zone="library")["mana_value"] == value


def test_one_half_on_the_stack() -> None:
    # 709.3: on the stack a split spell has only the half cast; 712.8: an MDFC the face cast.
    assert answer("Fire // Ice", zone="stack", face="Ice")["mana_value"] == 2
    tibalt = "Valki, God of Lies // Tibalt, Cosmic Impostor"
    assert answer(tibalt, zone="stack", face="Tibalt, Cosmic Impostor")["mana_value"] == 7
    assert answer("Bonecrusher Giant", zone="stack", face="Stomp")["mana_value"] == 2
    shatter = answer("Shatterskull Smashing // Shatterskull, the Hammer Pass", zone="stack", x=3)
    assert (shatter["x"], shatter["mana_value"]) == (3, 5)


def test_a_face_is_only_asked_for_on_the_stack_or_battlefield() -> None:
    with pytest.raises(QuestionError) as err:
        answer("Fire // Ice", zone="hand", face="Fire")
    assert err.value.loc == ("face",)
    with pytest.raises(QuestionError):
        answer("Fire // Ice", zone="stack", face="Water")


def test_cast_free_needs_cast() -> None:
    with pytest.raises(QuestionError) as err:
        answer("Fireball", zone="stack", cast=False, cast_without_paying_mana_cost=True)
    assert err.value.loc == ("cast_without_paying_mana_cost",)


def test_explanations_cite_the_rules_used() -> None:
    verdict = mana_value(
        card("Hangarback Walker"),
        zone="battlefield",
        x=3,
        cast=True,
        cast_without_paying_mana_cost=False,
    )
    assert {"107.3g", "107.3m", "202.3"} <= set(verdict.citations)
    free = mana_value(
        card("Fireball"), zone="stack", x=3, cast=True, cast_without_paying_mana_cost=True
    )
    assert "107.3b" in free.citations


@pytest.mark.parametrize(
    ("zone", "face", "rule"),
    [
        # 715.4: an adventurer is its creature part wherever it isn't an Adventure spell.
        ("battlefield", None, "715.4"),
        ("stack", "Bonecrusher Giant", "715.4"),
        # 715.3b: cast as an Adventure, the spell has only the Adventure's characteristics.
        ("stack", "Stomp", "715.3b"),
    ],
)
def test_an_adventurers_part_cites_the_rule_for_that_part(
    zone: str, face: str | None, rule: str
) -> None:
    kw: dict[str, object] = {"x": 0, "cast": True, "cast_without_paying_mana_cost": False}
    kw |= {"zone": zone, "face": face} if face else {"zone": zone}
    verdict = mana_value(card("Bonecrusher Giant // Stomp"), **kw)  # type: ignore[arg-type]
    step = next(s for s in verdict.steps if "has only the characteristics of" in s.text)
    assert step.rules == (rule,)


def test_the_half_without_x_is_named_for_its_x() -> None:
    # 202.3: on the stack a split card is the half cast (709.3); X in the other half's cost
    # plays no part, and the step names the half cast, not the card.
    halves = [
        {"name": "Flare Up", "mana_cost": "{X}{R}", "types": ["instant"]},
        {"name": "Ebbing", "mana_cost": "{1}{U}", "types": ["instant"]},
    ]
    split = Card.model_validate({"name": "Flare Up // Ebbing", "layout": "split", "faces": halves})
    verdict = mana_value(
        split, zone="stack", x=3, face="Ebbing", cast=True, cast_without_paying_mana_cost=False
    )
    assert verdict.answer_data["mana_value"] == 2
    said = " ".join(s.text for s in verdict.steps)
    assert "Ebbing has no {X} in its mana cost" in said
    assert "Flare Up // Ebbing has no {X}" not in said


@pytest.mark.parametrize(
    ("layout", "rule", "words"),
    [
        ("transform", "712.8", "a transforming double-faced card has only its front face's"),
        ("meld", "712.8", "a meld card has only its front face's"),
        ("flip", "710.1", "a flip card has only its unflipped half's"),
    ],
)
def test_off_the_stack_a_card_with_a_back_it_is_never_cast_as_is_its_front(
    layout: str, rule: str, words: str
) -> None:
    faces = [
        {"name": "Tide Novice", "mana_cost": "{1}{U}", "types": ["creature"]},
        {"name": "Tide Elder", "types": ["creature"]},
    ]
    two = Card.model_validate({"name": "Tide Novice // Tide Elder", "layout": layout,
                               "faces": faces})  # fmt: skip
    verdict = mana_value(
        two, zone="graveyard", x=0, cast=False, cast_without_paying_mana_cost=False
    )
    assert verdict.answer_data["mana_value"] == 2
    (step,) = [s for s in verdict.steps if rule in s.rules]
    assert step.text.startswith(f"Off the stack {words} characteristics: Tide Novice")
