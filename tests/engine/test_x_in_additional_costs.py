"""An X in an additional cost and none in the mana cost (107.3a, 107.3b, 107.3m): a free cast
doesn't make it 0, what the cost's mana owes counts it, and ETB abilities use it. Invented
cards, templated sentences."""

from __future__ import annotations

from typing import Any

import pytest

from app.catalog.compile import compile_face
from app.domain.card import Card
from app.domain.errors import QuestionError
from app.engine.free_cast import cast_without_paying
from app.engine.mana_value import mana_value
from tests.engine.spell_helpers import cascade_into


def _card(name: str, text: str, mana_cost: str, types: tuple[str, ...] = ("Creature",)) -> Card:
    compiled = compile_face(name, text, types=types, mana_cost=mana_cost)
    assert compiled.support == "full", compiled.unsupported_text
    fields = {"name": name, "types": [t.lower() for t in types], "mana_cost": mana_cost}
    fields["text"] = text  # as an import stores it
    return Card.model_validate(fields | compiled.card_fields())


WARDEN = _card(
    "Roost Warden",
    "Kicker {X}{2}\nFlying\nWhen ~ enters, if it was kicked, put X quill counters on it.",
    "{2}{W}{U}",
)
TIDE = _card(
    "Acid Tide",
    "As an additional cost to cast this spell, pay X life.\n"
    "All creatures get -X/-X until end of turn.",
    "{2}{B}",
    ("Sorcery",),
)
PACT = _card(
    "Pact of Pain",
    "As an additional cost to cast this spell, pay X life.\nTarget player loses X life.",
    "{X}{B}",
    ("Sorcery",),
)


NECROPSY = _card(
    "Evidence Sweep",
    "As an additional cost to cast this spell, collect evidence X, where X is the total mana "
    "value of the permanents this spell targets.\nDestroy up to two target artifacts.",
    "{2}{B}",
    ("Sorcery",),
)


def free(card: Card, x: int, *kicked: str) -> dict[str, Any]:
    verdict = cast_without_paying(
        card, x=x, alternative_cost=None, additional_costs=list(kicked), unpayable=[]
    )
    return verdict.answer_data


def test_a_kicker_x_is_announced_and_paid_in_a_free_cast() -> None:
    answer = free(WARDEN, 3, "Kicker")
    assert (answer["x"], answer["mana_to_pay"], answer["reasons"]) == (3, "{5}", [])
    assert answer["mana_value_on_stack"] == 4  # 202.3: the mana cost has no X
    # Not kicked, nothing has an X: asked 3, it is 0, and no {X} is left owed.
    plain = free(WARDEN, 3)
    assert (plain["x"], plain["mana_to_pay"]) == (0, "")
    assert [r["code"] for r in plain["reasons"]] == ["x_must_be_zero"]
    assert free(WARDEN, 0, "Kicker")["mana_to_pay"] == "{2}"


def test_pay_x_life_keeps_its_x_unless_the_mana_cost_has_one() -> None:
    assert (free(TIDE, 5)["x"], free(TIDE, 5)["reasons"]) == (5, [])
    # 107.3b: X in the mana cost is 0 in a free cast, and the cost's X is the same X.
    pact = free(PACT, 5)
    assert (pact["x"], [r["code"] for r in pact["reasons"]]) == (0, ["x_must_be_zero"])


OFFERING = _card(
    "Kiln Offering",
    "As an additional cost to cast this spell, sacrifice an artifact or creature with mana "
    "value X.\n~ deals X damage to each creature and each player.",
    "{1}{R}",
    ("Sorcery",),
)


def test_one_thing_described_by_x_is_still_one_thing_at_x_0() -> None:
    # "with mana value X" at X = 0 asks for a permanent with mana value 0, not for nothing:
    # said to be unpayable, the spell can't be cast (118.8, 601.2h).
    cost = OFFERING.front.additional_costs[0].name
    answer = cast_without_paying(
        OFFERING, x=0, alternative_cost=None, additional_costs=[], unpayable=[cost]
    ).answer_data
    assert answer["castable"] is False
    assert [r["code"] for r in answer["reasons"]] == ["mandatory_additional_cost_unpayable"]
    # X life at X = 0 is still nothing to pay (119.4).
    tide = cast_without_paying(
        TIDE, x=0, alternative_cost=None, additional_costs=[], unpayable=["Pay X life"]
    ).answer_data
    assert tide["castable"] is True


def test_an_x_the_text_defines_is_no_x_announced() -> None:
    # 107.3c: "where X is ..." defines it; the question's x is no value chosen for it.
    answer = free(NECROPSY, 4)
    assert (answer["x"], [r["code"] for r in answer["reasons"]]) == (0, ["x_must_be_zero"])


@pytest.mark.parametrize("free_cast", [False, True])
def test_the_stack_and_the_etb_use_a_kicker_x(free_cast: bool) -> None:
    stack = mana_value(
        WARDEN, zone="stack", x=3, cast=True, cast_without_paying_mana_cost=free_cast
    ).answer_data
    assert (stack["x"], stack["mana_value"]) == (3, 4)
    entered = mana_value(
        WARDEN, zone="battlefield", x=3, cast=True, cast_without_paying_mana_cost=free_cast
    ).answer_data
    assert (entered["x"], entered["mana_value"], entered["etb_x"]) == (0, 4, 3)


# --- costs paid more than once (702.33c, 702.56a, 702.120a) --------------------------------

CHALICE = _card(
    "Brimming Cup",
    "Multikicker {2}\n{T}: Add {C} for each charge counter on ~.",
    "{1}",
    ("Artifact",),
)
DEFIANCE_TEXT_BOTH = (
    "Escalate {1}\nChoose one or both —\n• Target player draws a card.\n"
    "• Target player gains 3 life."
)
DEFIANCE = _card(
    "Threefold Verdict",
    "Escalate {1}\nChoose one or more —\n• Target player draws a card.\n"
    "• Target player gains 3 life.\n• Target player mills two cards.",
    "{1}{R}{R}",
    ("Sorcery",),
)


def test_a_repeatable_cost_named_three_times_is_paid_three_times() -> None:
    answer = free(CHALICE, 0, "Multikicker", "Multikicker", "Multikicker")
    assert answer["mana_to_pay"] == "{6}"
    assert answer["additional_costs_paid"] == ["Multikicker"] * 3
    # 702.120a: escalate, once for each mode beyond the first.
    assert free(DEFIANCE, 0, "Escalate", "Escalate")["mana_to_pay"] == "{2}"


def test_escalate_is_paid_at_most_once_for_each_mode_beyond_the_first() -> None:
    # 702.120a: three modes, so at most two escalate payments; a third is no legal cast.
    assert [c.at_most for c in DEFIANCE.front.additional_costs] == [2]
    with pytest.raises(QuestionError) as err:
        free(DEFIANCE, 0, "Escalate", "Escalate", "Escalate")
    assert (err.value.code, err.value.loc) == ("cost_repeated", ("additional_costs", 0))
    assert "at most twice" in err.value.message and "702.120a" in err.value.message
    # "Choose one or both": two modes, one payment.
    both = _card("Twin Verdict", DEFIANCE_TEXT_BOTH, "{1}{R}", ("Instant",))
    assert [c.at_most for c in both.front.additional_costs] == [1]
    assert free(both, 0, "Escalate")["mana_to_pay"] == "{1}"
    with pytest.raises(QuestionError):
        free(both, 0, "Escalate", "Escalate")


def test_a_cost_paid_once_named_twice_is_refused() -> None:
    with pytest.raises(QuestionError) as err:
        free(WARDEN, 1, "Kicker", "Kicker")
    assert (err.value.code, err.value.loc) == ("cost_repeated", ("additional_costs", 0))


def test_a_cost_of_x_life_at_x_zero_can_always_be_paid() -> None:
    # 119.4: paying 0 life is always possible, whatever the question says of the cost.
    zero = cast_without_paying(
        TIDE, x=0, alternative_cost=None, additional_costs=[], unpayable=["Pay X life"]
    ).answer_data
    assert (zero["castable"], zero["x"]) == (True, 0)
    # At X = 4 the life can't be paid: not castable, and X is still the one announced.
    four = cast_without_paying(
        TIDE, x=4, alternative_cost=None, additional_costs=[], unpayable=["Pay X life"]
    ).answer_data
    assert (four["castable"], four["x"]) == (False, 4)
    assert [r["code"] for r in four["reasons"]] == ["mandatory_additional_cost_unpayable"]


def test_a_cascade_hit_pays_its_kicker_with_the_x_announced() -> None:
    # 107.3a, 702.85a: the hit is cast for free; the kicker's X is announced (3), its mana
    # paid, and the mana value on the stack, which kicker doesn't change, is under the limit.
    answer = cascade_into(WARDEN, 5, additional=("Kicker",), x=3).answer_data
    assert (answer["cast"], answer["cast_x"]) == (True, 3)
    assert answer["free_cast"]["mana_to_pay"] == "{5}"
    assert answer["free_cast"]["mana_value_on_stack"] == 4


# --- "X can't be 0" (107.3a, 107.3b, 601.2b) ----------------------------------------------

GRIND = _card(
    "Steady Grind",
    "Target player mills X cards.\nX can't be 0.",
    "{X}{U}{B}",
    ("Sorcery",),
)
PILFERER = _card(
    "Skyward Pilferer",
    "Kicker {X}. X can't be 0.\nFlying\nWhen ~ enters, if it was kicked, put X +1/+1 counters "
    "on it.",
    "{1}{U}",
)


def _codes(answer: dict[str, Any]) -> list[tuple[str, list[str]]]:
    return [(r["code"], r["rules"]) for r in answer["reasons"]]


@pytest.mark.parametrize("x", [0, 3])
def test_a_spell_whose_x_cant_be_0_cant_be_cast_free(x: int) -> None:
    # 107.3b leaves 0 the only X, which the card forbids: no X can be announced (601.2b).
    answer = free(GRIND, x)
    assert answer["castable"] is False and answer["x"] == 0
    assert _codes(answer)[-1] == ("x_cannot_be_zero", ["107.3b", "601.2b"])
    # The same card cascaded into is not cast: it goes to the bottom with the rest.
    hit = cascade_into(GRIND, 5).answer_data
    assert (hit["hit"], hit["cast"], hit["bottom"]) == ("Steady Grind", False, ["Steady Grind"])
    assert "x_cannot_be_zero" in [r["code"] for r in hit["reasons"]]


def test_a_kicker_whose_x_cant_be_0_is_paid_with_x_1_or_more_or_not_at_all() -> None:
    kicked = free(PILFERER, 2, "Kicker")
    assert (kicked["castable"], kicked["mana_to_pay"], kicked["reasons"]) == (True, "{2}", [])
    # Asked at X 0, the kicker can't be paid that way: being optional, it is not paid (as any
    # optional cost that can't be), and the spell is cast without it.
    at_zero = free(PILFERER, 0, "Kicker")
    assert (at_zero["castable"], at_zero["additional_costs_paid"]) == (True, [])
    assert _codes(at_zero) == [("x_cannot_be_zero", ["107.3a", "601.2b"])]
    hit = cascade_into(PILFERER, 5, additional=("Kicker",)).answer_data
    assert (hit["cast"], hit["free_cast"]["additional_costs_paid"]) == (True, [])
    # Unkicked, no X is announced at all.
    assert (free(PILFERER, 0)["castable"], free(PILFERER, 0)["reasons"]) == (True, [])


def test_no_spell_whose_x_cant_be_0_is_on_the_stack_with_x_0() -> None:
    on_stack = mana_value(GRIND, zone="stack", x=2, cast=True, cast_without_paying_mana_cost=False)
    assert on_stack.answer_data["mana_value"] == 4
    for x, free_cast, loc in [(0, False, ("x",)), (2, True, ("cast_without_paying_mana_cost",))]:
        with pytest.raises(QuestionError) as err:
            mana_value(GRIND, zone="stack", x=x, cast=True, cast_without_paying_mana_cost=free_cast)
        assert (err.value.code, err.value.loc) == ("x_cannot_be_zero", loc)
    # Off the stack X is 0 anyway (107.3g), and an unkicked Pilferer has no X to forbid.
    in_hand = mana_value(GRIND, zone="hand", x=0, cast=False, cast_without_paying_mana_cost=False)
    assert (in_hand.answer_data["x"], in_hand.answer_data["mana_value"]) == (0, 2)
    unkicked = mana_value(
        PILFERER, zone="stack", x=0, cast=True, cast_without_paying_mana_cost=False
    )
    assert unkicked.answer_data["mana_value"] == 2


def test_an_etb_of_a_kicker_x_read_as_something_else_still_uses_the_x() -> None:
    # 107.3m: the ETB is a control change, compiled as one; its words say X all the same.
    swiper = _card(
        "Sky Swiper",
        "Kicker {X}\nReach\nWhen ~ enters, if it was kicked, gain control of target creature "
        "with power X or less until end of turn.",
        "{2}{R}",
    )
    entered = mana_value(
        swiper, zone="battlefield", x=3, cast=True, cast_without_paying_mana_cost=False
    )
    assert entered.answer_data["etb_x"] == 3


def test_a_printed_loyalty_of_x_is_the_spells_x() -> None:
    # 306.5b: a planeswalker enters with loyalty counters equal to its printed loyalty.
    walker = Card.model_validate(
        {"name": "Tidecaller Adept", "mana_cost": "{X}{U}", "types": ["planeswalker"],
         "loyalty": "X"}
    )  # fmt: skip
    cast = mana_value(
        walker, zone="battlefield", x=4, cast=True, cast_without_paying_mana_cost=False
    )
    assert (cast.answer_data["etb_x"], cast.answer_data["mana_value"]) == (4, 1)
    assert any("306.5b" in s.rules for s in cast.steps)
    put = mana_value(
        walker, zone="battlefield", x=4, cast=False, cast_without_paying_mana_cost=False
    )
    assert put.answer_data["etb_x"] == 0


@pytest.mark.parametrize(
    ("text", "etb_x"),
    [
        # An X the sentence defines is its own, not the spell's.
        ("When ~ enters, draw X cards, where X is the number of artifacts you control.", 0),
        # 700.2: the mode chosen is what the trigger does.
        (
            "When ~ enters, choose one —\n• Each other creature gets -X/-X until end of turn.\n"
            "• You gain 2 life.",
            2,
        ),
        # A later sentence of the trigger's paragraph is part of what it does.
        (
            "When ~ enters, create a 0/0 green Fractal creature token. Put X +1/+1 counters on it.",
            2,
        ),
    ],
)
def test_etb_x_is_read_from_the_cards_words(text: str, etb_x: int) -> None:
    card = Card.model_validate(
        {"name": "Tally Golem", "mana_cost": "{X}{B}", "types": ["creature"], "text": text}
    )
    entered = mana_value(
        card, zone="battlefield", x=2, cast=True, cast_without_paying_mana_cost=False
    )
    assert entered.answer_data["etb_x"] == etb_x


def test_a_kicker_not_paid_for_its_x_is_never_said_to_be_paid() -> None:
    verdict = cast_without_paying(
        PILFERER, x=0, alternative_cost=None, additional_costs=["Kicker"], unpayable=[]
    )
    said = " ".join(s.text for s in verdict.steps)
    assert "that cost is paid with it" not in said and "it is not paid" in said
    grind = free(GRIND, 0)
    assert [r["code"] for r in grind["reasons"]] == ["x_cannot_be_zero"]  # said once
