"""The London mulligan with Serum Powder (103.5, 103.5b, 103.5c; docs/rules.md section 8)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.domain.errors import QuestionError
from app.engine.mulligan import bottom_owed_after, mulligan_step
from tests.engine.spell_helpers import card, cards

Action = Literal["mulligan", "bottom", "serum_powder", "keep"]


def step(
    state: dict[str, Any],
    action: Action,
    *,
    bottom: list[str] | None = None,
    seed: int = 11,
    multiplayer: bool = False,
    starting_hand_size: int = 7,
) -> dict[str, Any]:
    """Apply one action to a state in the answer's own shape (cards by name)."""
    verdict = mulligan_step(
        hand=cards(*state["hand"]),
        library=cards(*state["library"]),
        exile=[(card(e["card"]), e["face_up"]) for e in state.get("exile", [])],
        mulligans_taken=state.get("mulligans_taken", 0),
        bottom_owed=state.get("bottom_owed", 0),
        kept=state.get("kept", False),
        multiplayer=multiplayer,
        starting_hand_size=starting_hand_size,
        action=action,
        bottom=bottom or [],
        rng=random.Random(seed),
    )
    assert verdict.steps
    return verdict.answer_data


def opening(hand: list[str], library: list[str]) -> dict[str, Any]:
    return {
        "hand": hand,
        "library": library,
        "exile": [],
        "mulligans_taken": 0,
        "bottom_owed": 0,
        "kept": False,
    }


def codes(answer: dict[str, Any]) -> list[str]:
    return [r["code"] for r in answer["reasons"]]


def everything(state: dict[str, Any]) -> Counter[str]:
    return (
        Counter(state["hand"])
        + Counter(state["library"])
        + Counter(e["card"] for e in state["exile"])
    )


def unchanged(before: dict[str, Any], after: dict[str, Any]) -> bool:
    keys = ("hand", "library", "exile", "mulligans_taken", "bottom_owed", "kept")
    return all(after[k] == before[k] for k in keys)


DECK = (
    ["Serum Powder"] * 4
    + ["Forest"] * 12
    + ["Island"] * 12
    + ["Lightning Bolt"] * 8
    + ["Grizzly Bears"] * 8
    + ["Counterspell"] * 8
    + ["Memnite"] * 8
)


def seven_and_rest(deck: list[str] = DECK) -> dict[str, Any]:
    return opening(list(deck[:7]), list(deck[7:]))


# --- mulligan (103.5, 103.5c) -----------------------------------------------------------------


def test_a_mulligan_shuffles_the_hand_in_and_draws_seven_owing_one() -> None:
    # 103.5: shuffle the hand into the library, draw a new seven, one card per mulligan owed.
    state = seven_and_rest()
    after = step(state, "mulligan")
    assert after["legal"] is True
    assert len(after["hand"]) == 7
    assert len(after["library"]) == len(DECK) - 7
    assert after["mulligans_taken"] == 1
    assert after["bottom_owed"] == 1
    assert everything(after) == Counter(DECK)


def test_the_second_mulligan_owes_two() -> None:
    # 103.5: as many cards as mulligans taken so far.
    state = step(seven_and_rest(), "mulligan")
    state = step(state, "bottom", bottom=[state["hand"][0]])
    state = step(state, "mulligan", seed=12)
    assert state["mulligans_taken"] == 2
    assert state["bottom_owed"] == 2
    assert len(state["hand"]) == 7


def test_the_first_mulligan_in_multiplayer_owes_nothing() -> None:
    # 103.5c: in multiplayer the first mulligan is free; it still counts as one taken.
    first = step(seven_and_rest(), "mulligan", multiplayer=True)
    assert first["mulligans_taken"] == 1
    assert first["bottom_owed"] == 0
    assert len(first["hand"]) == 7
    second = step(first, "mulligan", multiplayer=True, seed=5)
    assert second["mulligans_taken"] == 2
    assert second["bottom_owed"] == 1


def test_bottom_owed_after_counts_the_free_mulligan() -> None:
    assert [bottom_owed_after(n, multiplayer=False) for n in range(4)] == [0, 1, 2, 3]
    assert [bottom_owed_after(n, multiplayer=True) for n in range(4)] == [0, 0, 1, 2]


def test_mulligans_stop_once_the_hand_is_zero_cards() -> None:
    # 103.5: mulligans can be taken until the hand would be zero cards. After 7 mulligans in a
    # two-player game the seven drawn all went to the bottom; an eighth is not allowed.
    answer = step(opening([], DECK) | {"mulligans_taken": 7}, "mulligan")
    assert answer["legal"] is False
    assert codes(answer) == ["no_more_mulligans"]
    # The seventh itself was allowed: after six, a one-card hand remains.
    going_to_zero = step(opening(["Forest"], DECK[1:]) | {"mulligans_taken": 6}, "mulligan")
    assert going_to_zero["legal"] is True
    assert going_to_zero["bottom_owed"] == 7
    assert len(going_to_zero["hand"]) == 7


def test_multiplayer_allows_one_more_mulligan_before_zero() -> None:
    # 103.5c: the free first mulligan leaves one more card, so the eighth is still allowed.
    state = opening(["Forest"], DECK[1:]) | {"mulligans_taken": 7}
    assert step(state, "mulligan", multiplayer=True)["legal"] is True
    state = opening([], DECK) | {"mulligans_taken": 8}
    assert codes(step(state, "mulligan", multiplayer=True)) == ["no_more_mulligans"]


def test_a_short_library_draws_what_it_can_and_owes_at_most_the_hand() -> None:
    state = opening(["Forest", "Island"], ["Memnite", "Lightning Bolt"]) | {"mulligans_taken": 5}
    after = step(state, "mulligan")
    assert len(after["hand"]) == 4
    assert after["library"] == []
    assert after["bottom_owed"] == 4  # six owed by the rule, but only four cards to give


def test_same_seed_same_mulligan() -> None:
    state = seven_and_rest()
    assert step(state, "mulligan", seed=99) == step(state, "mulligan", seed=99)
    hands = {tuple(step(state, "mulligan", seed=s)["hand"]) for s in range(20)}
    assert len(hands) > 1


# --- bottom -----------------------------------------------------------------------------------


def test_bottom_puts_exactly_the_owed_cards_under_in_the_given_order() -> None:
    # 103.5: the owed cards go to the bottom in any order the player likes.
    state = opening(["Forest", "Island", "Memnite", "Forest"], ["Lightning Bolt"]) | {
        "mulligans_taken": 2,
        "bottom_owed": 2,
    }
    after = step(state, "bottom", bottom=["forest", "Memnite"])
    assert after["legal"] is True
    assert after["hand"] == ["Island", "Forest"]
    assert after["library"] == ["Lightning Bolt", "Forest", "Memnite"]
    assert after["bottom_owed"] == 0
    assert after["mulligans_taken"] == 2


@pytest.mark.parametrize(
    "bottom",
    [
        ["Forest"],  # too few
        ["Forest", "Island", "Memnite"],  # too many
        ["Forest", "Counterspell"],  # not in hand
        ["Island", "Island"],  # only one Island in hand (a multiset)
    ],
)
def test_wrong_bottom_cards_are_refused_and_nothing_changes(bottom: list[str]) -> None:
    state = opening(["Forest", "Island", "Memnite", "Forest"], ["Lightning Bolt"]) | {
        "mulligans_taken": 2,
        "bottom_owed": 2,
    }
    after = step(state, "bottom", bottom=bottom)
    assert after["legal"] is False
    assert codes(after) == ["wrong_bottom_cards"]
    assert unchanged(state, after)


def test_two_copies_can_be_bottomed_when_two_are_held() -> None:
    state = opening(["Forest", "Island", "Forest"], []) | {"mulligans_taken": 2, "bottom_owed": 2}
    after = step(state, "bottom", bottom=["Forest", "Forest"])
    assert after["hand"] == ["Island"]


def test_bottom_with_nothing_owed() -> None:
    state = seven_and_rest()
    assert step(state, "bottom")["legal"] is True
    refused = step(state, "bottom", bottom=["Forest"])
    assert codes(refused) == ["wrong_bottom_cards"]


# --- Serum Powder (103.5b) -----------------------------------------------------------------


def test_serum_powder_after_one_mulligan_exiles_six_and_draws_six() -> None:
    # 103.5b and Serum Powder's rulings: exile the whole hand face up, draw that many; not a
    # mulligan, so one mulligan is still counted and nothing more is owed.
    hand = ["Serum Powder", "Forest", "Island", "Memnite", "Forest", "Counterspell", "Island"]
    library = ["Grizzly Bears"] * 10 + ["Lightning Bolt"] * 10
    state = opening(hand, library) | {"mulligans_taken": 1, "bottom_owed": 1}
    state = step(state, "bottom", bottom=["Island"])
    assert len(state["hand"]) == 6
    before = everything(state)

    after = step(state, "serum_powder")
    assert after["legal"] is True
    assert [e["card"] for e in after["exile"]] == state["hand"]
    assert all(e["face_up"] for e in after["exile"])
    assert len(after["exile"]) == 6
    assert after["hand"] == ["Grizzly Bears"] * 6  # the top six
    assert after["mulligans_taken"] == 1
    assert after["bottom_owed"] == 0
    assert everything(after) == before

    # Later mulligans stay allowed and still count only real mulligans (owing two now).
    again = step(after, "mulligan")
    assert again["legal"] is True
    assert again["mulligans_taken"] == 2 and again["bottom_owed"] == 2
    # 103.5b rulings: exiled cards are not shuffled back by a later mulligan.
    assert again["exile"] == after["exile"]
    assert "Serum Powder" not in again["hand"] + again["library"]


def test_a_second_serum_powder_drawn_after_the_first_can_be_used_too() -> None:
    # Using Serum Powder doesn't stop another Powder drawn into the new hand.
    hand = ["Serum Powder", "Forest", "Island"]
    library = ["Serum Powder", "Memnite", "Memnite", "Lightning Bolt", "Counterspell", "Forest"]
    state = opening(hand, library) | {"mulligans_taken": 4}
    first = step(state, "serum_powder")
    assert first["hand"] == ["Serum Powder", "Memnite", "Memnite"]
    second = step(first, "serum_powder")
    assert second["legal"] is True
    assert second["hand"] == ["Lightning Bolt", "Counterspell", "Forest"]
    assert [e["card"] for e in second["exile"]] == hand + first["hand"]
    assert second["mulligans_taken"] == 4
    assert second["library"] == []


def test_serum_powder_needs_to_be_in_the_hand() -> None:
    # 103.5b: the ability works only from the hand.
    state = opening(["Forest", "Island"], ["Serum Powder"])
    after = step(state, "serum_powder")
    assert after["legal"] is False
    assert codes(after) == ["no_serum_powder_in_hand"]
    assert unchanged(state, after)


def test_serum_powder_with_a_short_library_draws_what_is_left() -> None:
    state = opening(["Serum Powder", "Forest", "Island"], ["Memnite"])
    after = step(state, "serum_powder")
    assert after["hand"] == ["Memnite"]
    assert after["library"] == []
    assert len(after["exile"]) == 3


# --- declarations while owing, and after keeping ------------------------------------------


@pytest.mark.parametrize("action", ["mulligan", "serum_powder", "keep"])
def test_no_declaration_while_cards_are_owed(action: Action) -> None:
    # 103.5 as docs/api.md models it: the last mulligan's cards are bottomed before anything else.
    hand = ["Serum Powder", "Forest", "Island", "Memnite", "Forest", "Counterspell", "Island"]
    state = opening(hand, DECK[7:]) | {"mulligans_taken": 1, "bottom_owed": 1}
    assert state["bottom_owed"] == 1
    after = step(state, action)
    assert after["legal"] is False
    assert codes(after) == ["bottom_owed"]
    assert unchanged(state, after)


def test_keep_ends_the_procedure() -> None:
    state = seven_and_rest()
    kept = step(state, "keep")
    assert kept["legal"] is True
    assert kept["kept"] is True
    assert kept["hand"] == state["hand"]
    for action in ("mulligan", "serum_powder", "keep", "bottom"):
        after = step(kept, action)
        assert after["legal"] is False
        assert codes(after) == ["already_kept"]
        assert unchanged(kept, after)


# --- malformed questions --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("state_changes", "action", "bottom", "loc"),
    [
        ({"mulligans_taken": -1}, "keep", [], ("mulligans_taken",)),
        ({"bottom_owed": -1}, "keep", [], ("bottom_owed",)),
        ({"mulligans_taken": 1, "bottom_owed": 2}, "bottom", [], ("bottom_owed",)),
        ({"bottom": True}, "keep", ["Forest"], ("bottom",)),
        (
            {"kept": True, "mulligans_taken": 1, "bottom_owed": 1},
            "keep",
            [],
            ("bottom_owed",),
        ),
    ],
)
def test_unreachable_states_are_malformed_questions(
    state_changes: dict[str, Any], action: Action, bottom: list[str], loc: tuple[str, ...]
) -> None:
    state = seven_and_rest() | {k: v for k, v in state_changes.items() if k != "bottom"}
    with pytest.raises(QuestionError) as info:
        step(state, action, bottom=bottom)
    assert info.value.loc == loc


@pytest.mark.parametrize(
    ("size", "mulligans", "owed", "multiplayer"),
    [
        (8, 0, 0, False),  # 103.5: a hand is drawn with seven cards
        (7, 1, 0, False),  # one mulligan, its card already on the bottom: six
        (7, 2, 1, False),  # two mulligans, one of the two cards on the bottom: six
    ],
)
def test_a_hand_larger_than_any_drawn_is_malformed(
    size: int, mulligans: int, owed: int, multiplayer: bool
) -> None:
    state = opening(DECK[:size], list(DECK[size:])) | {
        "mulligans_taken": mulligans,
        "bottom_owed": owed,
    }
    with pytest.raises(QuestionError) as info:
        step(state, "keep" if not owed else "bottom", multiplayer=multiplayer)
    assert (info.value.loc, info.value.code) == (("hand",), "inconsistent_state")
    # One card fewer is a hand the game can reach.
    smaller = state | {"hand": DECK[: size - 1]}
    assert step(smaller, "keep" if not owed else "mulligan", multiplayer=multiplayer)


def test_more_mulligans_than_a_hand_can_pay_for_is_malformed() -> None:
    state = opening([], list(DECK)) | {"mulligans_taken": 8}
    with pytest.raises(QuestionError) as info:
        step(state, "keep")
    assert (info.value.loc, info.value.code) == (("mulligans_taken",), "inconsistent_state")


def test_the_free_multiplayer_mulligan_leaves_a_full_hand() -> None:
    # 103.5c: the first mulligan in multiplayer owes nothing, so seven cards is reachable.
    state = opening(DECK[:7], list(DECK[7:])) | {"mulligans_taken": 1}
    assert step(state, "keep", multiplayer=True)["kept"] is True


def test_more_owed_than_cards_in_hand_is_malformed() -> None:
    state = opening(["Forest"], []) | {"mulligans_taken": 3, "bottom_owed": 2}
    with pytest.raises(QuestionError) as info:
        step(state, "bottom", bottom=["Forest", "Forest"])
    assert info.value.loc == ("bottom_owed",)


# --- laws over random action sequences --------------------------------------------------------

SMALL_DECK = (
    ["Serum Powder"] * 3
    + ["Forest"] * 5
    + ["Island"] * 4
    + ["Memnite"] * 3
    + ["Lightning Bolt"] * 3
)


@settings(max_examples=150, deadline=None)
@given(
    actions=st.lists(
        st.tuples(
            st.sampled_from(["mulligan", "bottom", "serum_powder", "keep"]),
            st.integers(min_value=0, max_value=2**32),
            st.booleans(),  # bottom the right cards, or try something wrong
        ),
        max_size=25,
    ),
    multiplayer=st.booleans(),
    hand_size=st.integers(min_value=1, max_value=7),
)
def test_card_counts_are_conserved_over_any_action_sequence(
    actions: list[tuple[Action, int, bool]], multiplayer: bool, hand_size: int
) -> None:
    state = opening(SMALL_DECK[:hand_size], SMALL_DECK[hand_size:])
    total = Counter(SMALL_DECK)
    for action, seed, right in actions:
        bottom: list[str] = []
        if action == "bottom":
            owed = state["bottom_owed"]
            bottom = list(state["hand"][:owed]) if right else list(state["hand"][: owed + 1])
        before = state
        state = step(
            state,
            action,
            bottom=bottom,
            seed=seed,
            multiplayer=multiplayer,
            starting_hand_size=hand_size,
        )
        # Conservation: hand + library + exile is always the same multiset of cards.
        assert everything(state) == total
        # Exile only grows, and what was exiled stays exiled, face up.
        assert state["exile"][: len(before["exile"])] == before["exile"]
        assert all(e["face_up"] for e in state["exile"])
        if not state["legal"]:
            assert unchanged(before, state)
        # Never more owed than the rule allows or the hand holds.
        assert state["bottom_owed"] <= bottom_owed_after(
            state["mulligans_taken"], multiplayer=multiplayer
        )
        assert state["bottom_owed"] <= len(state["hand"])
        # Serum Powder and bottoming never count as mulligans.
        if action != "mulligan":
            assert state["mulligans_taken"] == before["mulligans_taken"]
        # Same seed, same step.
        replay = step(
            before,
            action,
            bottom=bottom,
            seed=seed,
            multiplayer=multiplayer,
            starting_hand_size=hand_size,
        )
        assert replay == state
