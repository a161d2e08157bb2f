"""Cascade-style "reveal until" (702.85a; Treasure Keeper / Plargg rulings; docs/rules.md
section 7)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.domain.card import Card
from app.domain.errors import QuestionError
from app.engine.reveal import card_is_land, reveal_until
from tests.engine.spell_helpers import card, cards

VALKI = "Valki, God of Lies // Tibalt, Cosmic Impostor"
SHATTERSKULL = "Shatterskull Smashing // Shatterskull, the Hammer Pass"


def reveal(
    library: list[str] | list[Card],
    *,
    mode: Literal["reveal", "cascade"] = "reveal",
    max_mana_value: int | None = None,
    cascade_mana_value: int | None = None,
    nonlegendary: bool = False,
    cast: bool = True,
    face: str | None = None,
    unpayable: list[str] | None = None,
    seed: int = 7,
) -> dict[str, Any]:
    if mode == "reveal" and max_mana_value is None:
        max_mana_value = 3
    deck = [c if isinstance(c, Card) else card(c) for c in library]
    verdict = reveal_until(
        deck,
        mode=mode,
        max_mana_value=max_mana_value,
        cascade_mana_value=cascade_mana_value,
        nonlegendary=nonlegendary,
        cast=cast,
        face=face,
        unpayable=unpayable or [],
        rng=random.Random(seed),
    )
    assert verdict.steps
    return verdict.answer_data


def cascade(library: list[str], value: int, **kwargs: Any) -> dict[str, Any]:
    return reveal(library, mode="cascade", cascade_mana_value=value, **kwargs)


def codes(answer: dict[str, Any]) -> list[str]:
    return [r["code"] for r in answer["reasons"]]


# --- the API example and the basic shape ----------------------------------------------------


def test_treasure_keeper_passes_lands_and_big_spells_and_casts_the_first_small_one() -> None:
    # Treasure Keeper ruling: reveal until a nonland card with mana value 3 or less. Fire // Ice
    # is 4 in the library (709.4: halves added), so it is passed over.
    answer = reveal(["Forest", "Fire // Ice", "Lightning Bolt", "Island"], max_mana_value=3)
    assert answer["revealed"] == ["Forest", "Fire // Ice", "Lightning Bolt"]
    assert answer["hit"] == "Lightning Bolt"
    assert answer["cast"] is True
    assert answer["cast_face"] == "Lightning Bolt"
    assert answer["cast_x"] == 0
    assert sorted(answer["bottom"]) == ["Fire // Ice", "Forest"]
    assert answer["library"] == ["Island", *answer["bottom"]]
    assert answer["reshuffled"] is False
    assert answer["reasons"] == []


def test_a_hit_not_cast_goes_to_the_bottom_with_the_others() -> None:
    # Treasure Keeper ruling: if you don't cast it, it goes to the bottom in a random order with
    # the other revealed cards.
    answer = reveal(["Forest", "Lightning Bolt", "Island"], cast=False)
    assert answer["hit"] == "Lightning Bolt"
    assert answer["cast"] is False
    assert answer["cast_face"] is None and answer["cast_x"] is None
    assert sorted(answer["bottom"]) == ["Forest", "Lightning Bolt"]
    assert answer["library"] == ["Island", *answer["bottom"]]
    assert codes(answer) == ["declined"]


# --- X is 0 in the library (107.3g) and on the free cast (107.3b) --------------------------


def test_walking_ballista_is_a_hit_at_mana_value_zero_and_is_cast_with_x_zero() -> None:
    # 107.3g: {X}{X} is 0 in the library; 107.3b: cast free, X is 0.
    answer = reveal(["Grizzly Bears", "Walking Ballista"], max_mana_value=0)
    assert answer["hit"] == "Walking Ballista"
    assert answer["cast"] is True
    assert answer["cast_x"] == 0
    assert answer["free_cast"]["mana_value_on_stack"] == 0
    assert cascade(["Walking Ballista"], 1)["cast"] is True  # 0 < 1 (702.85a)


def test_shatterskull_smashing_is_hit_by_cascade_and_cast_with_x_zero() -> None:
    # 107.3g: {X}{R}{R} is 2 off the stack; 702.85a: 2 < 3, and the spell cast has X = 0.
    answer = cascade([SHATTERSKULL], 3)
    assert answer["cast"] is True
    assert answer["cast_face"] == "Shatterskull Smashing"
    assert answer["cast_x"] == 0


def test_shatterskulls_land_face_cant_be_cast_so_the_hit_goes_to_the_bottom() -> None:
    # 305.1: a land face is played, never cast.
    answer = cascade([SHATTERSKULL, "Island"], 3, face="Shatterskull, the Hammer Pass")
    assert answer["hit"] == SHATTERSKULL
    assert answer["cast"] is False
    assert "land_face_not_castable" in codes(answer)
    assert answer["library"] == ["Island", SHATTERSKULL]


# --- split cards (709.4) -------------------------------------------------------------------


def test_fire_ice_is_skipped_by_reveal_three_because_its_halves_add_to_four() -> None:
    answer = reveal(["Fire // Ice", "Lightning Bolt"], max_mana_value=3)
    assert answer["hit"] == "Lightning Bolt"


def test_fire_ice_is_skipped_by_cascade_four() -> None:
    # 702.85a: 4 is not less than 4.
    answer = cascade(["Fire // Ice", "Counterspell"], 4)
    assert answer["hit"] == "Counterspell"


@pytest.mark.parametrize("half", ["Fire", "Ice"])
def test_fire_ice_is_hit_by_cascade_five_and_either_half_is_castable(half: str) -> None:
    # 702.85a: the card's 4 < 5, and each half cast on its own has mana value 2 < 5.
    answer = cascade(["Fire // Ice"], 5, face=half)
    assert answer["hit"] == "Fire // Ice"
    assert answer["cast"] is True
    assert answer["cast_face"] == half
    assert answer["free_cast"]["mana_value_on_stack"] == 2


# --- modal double-faced cards (712.8) and 702.85a's "resulting spell" -----------------------


def test_valki_is_castable_from_cascade_five() -> None:
    # 712.8: front face mana value 2 in the library; cast as Valki, 2 < 5 (702.85a).
    answer = cascade([VALKI], 5, face="Valki, God of Lies")
    assert answer["hit"] == VALKI
    assert answer["cast"] is True
    assert answer["cast_face"] == "Valki, God of Lies"


def test_tibalt_is_not_castable_from_cascade_five() -> None:
    # 702.85a: the resulting spell would have mana value 7, not less than 5; it goes to the bottom.
    answer = cascade([VALKI, "Forest"], 5, face="Tibalt, Cosmic Impostor")
    assert answer["hit"] == VALKI
    assert answer["cast"] is False
    assert codes(answer) == ["cascade_mana_value_too_high"]
    assert answer["reasons"][0]["rules"] == ["702.85a"]
    assert answer["bottom"] == [VALKI]
    assert answer["library"] == ["Forest", VALKI]


def test_without_a_face_the_front_of_valki_is_cast_from_cascade() -> None:
    answer = cascade([VALKI], 5)
    assert answer["cast_face"] == "Valki, God of Lies"


def test_treasure_keeper_limits_only_the_revealed_card_so_tibalt_may_be_cast() -> None:
    # Reveal-until (not cascade) checks the card's mana value in the library (2), not the spell's.
    answer = reveal([VALKI], max_mana_value=3, face="Tibalt, Cosmic Impostor")
    assert answer["cast"] is True
    assert answer["cast_face"] == "Tibalt, Cosmic Impostor"
    assert answer["free_cast"]["mana_value_on_stack"] == 7


def test_a_modal_dfc_with_a_land_front_face_is_a_land_card() -> None:
    # 712.8: off the stack only the front face counts, so this card is a land and never a hit.
    land_front = Card.model_validate(
        {
            "name": "Test Land // Test Spell",
            "layout": "modal_dfc",
            "faces": [
                {"name": "Test Land", "types": ["land"]},
                {"name": "Test Spell", "mana_cost": "{R}", "types": ["instant"]},
            ],
        }
    )
    assert card_is_land(land_front)
    assert not card_is_land(card(SHATTERSKULL))
    answer = reveal([land_front, card("Memnite")], max_mana_value=3)
    assert answer["revealed"] == ["Test Land // Test Spell", "Memnite"]
    assert answer["hit"] == "Memnite"


# --- adventurers (715.4) ------------------------------------------------------------------


def test_bonecrusher_giant_is_skipped_by_cascade_three() -> None:
    # 715.4: the card's mana value is its creature part's, 3; not less than 3, even though
    # Stomp alone would be 2.
    answer = cascade(["Bonecrusher Giant // Stomp", "Lightning Bolt"], 3)
    assert answer["hit"] == "Lightning Bolt"
    assert answer["revealed"] == ["Bonecrusher Giant // Stomp", "Lightning Bolt"]


@pytest.mark.parametrize(("face", "mv"), [("Stomp", 2), ("Bonecrusher Giant", 3)])
def test_cascade_four_hits_bonecrusher_and_either_part_can_be_cast(face: str, mv: int) -> None:
    # 715.4: 3 < 4 in the library; 702.85a: Stomp (2) and the Giant (3) are both less than 4.
    answer = cascade(["Bonecrusher Giant // Stomp"], 4, face=face)
    assert answer["cast"] is True
    assert answer["cast_face"] == face
    assert answer["free_cast"]["mana_value_on_stack"] == mv


# --- filters ------------------------------------------------------------------------------


def test_plargg_passes_over_legendary_cards() -> None:
    # Plargg's reveal: nonlegendary nonland, mana value 3 or less.
    library = [VALKI, "The Meathook Massacre", "Kitchen Finks", "Lightning Bolt"]
    answer = reveal(library, max_mana_value=3, nonlegendary=True)
    assert answer["revealed"] == [VALKI, "The Meathook Massacre", "Kitchen Finks"]
    assert answer["hit"] == "Kitchen Finks"
    # Treasure Keeper has no such filter: Valki is the hit.
    assert reveal(library, max_mana_value=3)["hit"] == VALKI


def test_plarggs_own_card_data_drives_the_filter() -> None:
    (ability,) = card("Plargg, Dean of Chaos").front.abilities
    assert ability.kind == "reveal_until"
    answer = reveal(
        ["Plargg, Dean of Chaos // Augusta, Dean of Order", "Grizzly Bears"],
        max_mana_value=ability.max_mana_value,
        nonlegendary=ability.nonlegendary,
    )
    assert answer["hit"] == "Grizzly Bears"


@pytest.mark.parametrize(
    ("name", "value"),
    [("Crashing Footfalls", 4), ("Ancestral Vision", 3), ("Memnite", 1), ("Hangarback Walker", 1)],
)
def test_zero_mana_value_cards_are_hit_by_any_cascade(name: str, value: int) -> None:
    # 202.3: no mana cost (or {0}, or X = 0 off the stack) is mana value 0 < value (702.85a).
    answer = cascade(["Forest", name], value)
    assert answer["hit"] == name
    assert answer["cast"] is True


def test_cascade_zero_never_hits() -> None:
    # 702.85a: nothing has mana value less than 0.
    answer = cascade(["Memnite", "Forest"], 0)
    assert answer["hit"] is None
    assert answer["reshuffled"] is True


# --- free-cast rules on the hit (118.8, 118.9) ----------------------------------------------


def test_fling_hit_with_no_creature_to_sacrifice_is_not_cast() -> None:
    # 118.8, 601.2f: the mandatory sacrifice can't be paid, so it can't be cast, even for free.
    answer = reveal(
        ["Fling", "Island"], max_mana_value=3, unpayable=["Sacrifice a creature"], seed=3
    )
    assert answer["hit"] == "Fling"
    assert answer["cast"] is False
    assert "mandatory_additional_cost_unpayable" in codes(answer)
    assert answer["library"] == ["Island", "Fling"]


def test_fling_hit_pays_its_mandatory_sacrifice_when_it_can() -> None:
    answer = reveal(["Fling"], max_mana_value=3)
    assert answer["cast"] is True
    assert answer["free_cast"]["additional_costs_paid"] == ["Sacrifice a creature"]


def test_unpayable_names_only_apply_to_a_hit_that_has_that_cost() -> None:
    # The player has no creature; Lightning Bolt doesn't care.
    answer = reveal(["Lightning Bolt", "Fling"], unpayable=["Sacrifice a creature"])
    assert answer["cast"] is True


# --- misses and empty libraries ------------------------------------------------------------


def test_an_all_land_library_is_revealed_entirely_and_put_back_in_random_order() -> None:
    # Treasure Keeper ruling: no qualifying card, so every card is revealed and the whole
    # library goes back in a random order.
    library = ["Forest", "Island", "Mountain", "Plains", "Swamp", "Forest"]
    answer = reveal(library, max_mana_value=3)
    assert answer["revealed"] == library
    assert answer["hit"] is None
    assert answer["cast"] is False
    assert answer["reshuffled"] is True
    assert Counter(answer["library"]) == Counter(library)
    assert answer["bottom"] == answer["library"]
    assert codes(answer) == ["no_hit"]


def test_a_cascade_miss_puts_everything_exiled_on_the_bottom() -> None:
    # 702.85a: nothing qualifies, so all exiled cards go to the bottom in a random order.
    answer = cascade(["Force of Will", "Island", "Solitude"], 5)
    assert answer["hit"] is None
    assert answer["reshuffled"] is True
    assert Counter(answer["library"]) == Counter(["Force of Will", "Island", "Solitude"])


def test_an_empty_library_reveals_nothing() -> None:
    for answer in (reveal([], max_mana_value=3), cascade([], 4)):
        assert answer["revealed"] == []
        assert answer["hit"] is None
        assert answer["cast"] is False
        assert answer["library"] == [] and answer["bottom"] == []
        assert answer["reshuffled"] is False
        assert codes(answer) == ["empty_library"]


# --- malformed questions ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "loc"),
    [
        ({"mode": "reveal", "max_mana_value": None}, ("max_mana_value",)),
        ({"mode": "cascade", "cascade_mana_value": None}, ("cascade_mana_value",)),
        (
            {"mode": "reveal", "max_mana_value": 3, "cascade_mana_value": 4},
            ("cascade_mana_value",),
        ),
        (
            {"mode": "cascade", "max_mana_value": 3, "cascade_mana_value": 4},
            ("max_mana_value",),
        ),
        ({"mode": "reveal", "max_mana_value": -1}, ("max_mana_value",)),
        ({"mode": "cascade", "cascade_mana_value": -2}, ("cascade_mana_value",)),
        ({"mode": "reveal", "max_mana_value": 3, "face": "Ice"}, ("face",)),
    ],
)
def test_inconsistent_questions_name_the_field(
    kwargs: dict[str, Any], loc: tuple[str | int, ...]
) -> None:
    args: dict[str, Any] = {
        "max_mana_value": None,
        "cascade_mana_value": None,
        "nonlegendary": False,
        "cast": True,
        "face": None,
        "unpayable": [],
        **kwargs,
    }
    with pytest.raises(QuestionError) as info:
        reveal_until(cards("Forest", "Lightning Bolt", "Fling"), rng=random.Random(1), **args)
    assert info.value.loc == loc


def test_a_face_given_with_no_hit_is_ignored() -> None:
    answer = reveal(["Forest"], face="Ice")
    assert answer["hit"] is None


# --- randomness -------------------------------------------------------------------------------

POOL = [
    "Forest",
    "Island",
    "Lightning Bolt",
    "Fire // Ice",
    VALKI,
    "Bonecrusher Giant // Stomp",
    "Fling",
    "Walking Ballista",
    "Force of Will",
    "Spectral Procession",
    SHATTERSKULL,
    "Kitchen Finks",
]


@settings(max_examples=200, deadline=None)
@given(
    library=st.lists(st.sampled_from(POOL), max_size=30),
    cascade_mode=st.booleans(),
    value=st.integers(min_value=0, max_value=7),
    cast=st.booleans(),
    nonlegendary=st.booleans(),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_reveal_laws_hold_for_any_library(
    library: list[str], cascade_mode: bool, value: int, cast: bool, nonlegendary: bool, seed: int
) -> None:
    kwargs: dict[str, Any] = (
        {"mode": "cascade", "cascade_mana_value": value + 1}
        if cascade_mode
        else {"max_mana_value": value}
    )
    nonlegendary = nonlegendary and not cascade_mode  # Plargg's reveal only (702.85a)
    answer = reveal(library, cast=cast, nonlegendary=nonlegendary, seed=seed, **kwargs)
    # Same seed, same answer (the ruling can be replayed).
    assert reveal(library, cast=cast, nonlegendary=nonlegendary, seed=seed, **kwargs) == answer
    # Revealed cards are the top of the library, in order; the hit is the last one revealed.
    revealed = answer["revealed"]
    assert revealed == library[: len(revealed)]
    if answer["hit"] is not None:
        assert revealed[-1] == answer["hit"]
    else:
        assert revealed == library
    # No card is lost or made: the library afterwards plus the cast card is the library before.
    after = Counter(answer["library"])
    if answer["cast"]:
        after[answer["hit"]] += 1
    assert after == Counter(library)
    # Unrevealed cards keep their order on top; the bottom is the revealed cards not cast.
    if answer["hit"] is not None:
        rest = library[len(revealed) :]
        assert answer["library"] == rest + answer["bottom"]
        not_cast = Counter(revealed)
        if answer["cast"]:
            not_cast[answer["hit"]] -= 1
        assert Counter(answer["bottom"]) == +not_cast
    assert answer["cast"] <= cast


def test_same_seed_gives_the_same_bottom_order_and_different_seeds_can_differ() -> None:
    library = ["Forest", "Island", "Mountain", "Plains", "Swamp", "Lightning Bolt"]
    orders = {tuple(reveal(library, seed=s)["bottom"]) for s in range(50)}
    assert reveal(library, seed=11) == reveal(library, seed=11)
    assert len(orders) > 1


def test_bottom_order_is_uniform_over_many_seeds() -> None:
    # Four revealed, not-cast cards can go under in 24 orders; over 4800 seeds each should come
    # up about 200 times. Chi-square with 23 degrees of freedom has mean 23; 80 is far in the
    # tail (p < 1e-7), and the seeds are fixed, so this never flakes.
    library = ["Forest", "Island", "Mountain", "Plains", "Lightning Bolt"]
    runs = 4800
    counts = Counter(tuple(reveal(library, seed=s)["bottom"]) for s in range(runs))
    orders = set(itertools.permutations(["Forest", "Island", "Mountain", "Plains"]))
    assert set(counts) == orders
    expected = runs / len(orders)
    chi_square = sum((counts[o] - expected) ** 2 / expected for o in orders)
    assert chi_square < 80


def test_each_card_lands_in_each_bottom_position_about_equally_often() -> None:
    # A second, position-wise view of the same uniformity: 4 cards x 4 positions.
    library = ["Forest", "Island", "Mountain", "Plains", "Lightning Bolt"]
    runs = 4000
    positions: Counter[tuple[str, int]] = Counter()
    for s in range(runs):
        for i, name in enumerate(reveal(library, seed=s)["bottom"]):
            positions[(name, i)] += 1
    for n in positions.values():
        assert abs(n - runs / 4) < 0.1 * runs  # 1000 expected, within 400


def test_unpayable_describes_the_player_whatever_the_library_holds() -> None:
    # "I can't sacrifice a creature" is true of the player; a library without Fling doesn't
    # make it a bad question.
    verdict = reveal_until(
        [card("Island"), card("Lightning Bolt")],
        mode="reveal", max_mana_value=3, cascade_mana_value=None, nonlegendary=False,
        cast=True, face=None, unpayable=["Sacrifice a creature"], rng=random.Random(1),
    )  # fmt: skip
    assert verdict.answer_data["cast"] is True


def test_face_is_not_checked_when_nothing_is_cast() -> None:
    verdict = reveal_until(
        [card("Lightning Bolt")],
        mode="reveal", max_mana_value=3, cascade_mana_value=None, nonlegendary=False,
        cast=False, face="Ice", unpayable=[], rng=random.Random(1),
    )  # fmt: skip
    assert verdict.answer_data["hit"] == "Lightning Bolt" and verdict.answer_data["cast"] is False


def test_cascade_free_cast_answer_agrees_with_the_cascade_limit() -> None:
    # 702.85a: Tibalt (mana value 7) can't be cast from cascade 5, and the nested free-cast
    # answer says so too.
    verdict = reveal_until(
        [card("Valki, God of Lies // Tibalt, Cosmic Impostor")],
        mode="cascade", max_mana_value=None, cascade_mana_value=5, nonlegendary=False,
        cast=True, face="Tibalt, Cosmic Impostor", unpayable=[], rng=random.Random(1),
    )  # fmt: skip
    assert verdict.answer_data["cast"] is False
    assert verdict.answer_data["free_cast"]["castable"] is False
    codes = [r["code"] for r in verdict.answer_data["free_cast"]["reasons"]]
    assert "cascade_mana_value_too_high" in codes


def test_no_hit_wording() -> None:
    verdict = reveal_until(
        [card("Island")],
        mode="reveal", max_mana_value=3, cascade_mana_value=None, nonlegendary=False,
        cast=True, face=None, unpayable=[], rng=random.Random(1),
    )  # fmt: skip
    assert (
        "holds no nonland card with mana value 3 or less"
        in verdict.answer_data["reasons"][0]["message"]
    )


def test_a_cascade_hit_with_fuse_is_cast_as_one_half_only() -> None:
    # 702.102a: fuse works from a hand; the hit is cast from exile, so asked fused it isn't
    # cast, and it goes to the bottom with the rest (702.85a).
    fused = cascade(["Wear // Tear", "Forest"], 5, face="Wear // Tear")
    assert (fused["hit"], fused["cast"]) == ("Wear // Tear", False)
    assert "fused_only_from_hand" in codes(fused)
    assert "Wear // Tear" in fused["bottom"]
    half = cascade(["Wear // Tear", "Forest"], 5, face="Wear")
    assert (half["cast"], half["cast_face"]) == (True, "Wear")
