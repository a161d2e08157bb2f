"""One step of the London mulligan, with Serum Powder (103.5, 103.5b, 103.5c; docs/rules.md
section 8).

The client carries the player's whole mulligan state; each call applies one action and returns
the next state, so the procedure is walked step by step:

- `mulligan`: shuffle the hand into the library (with `rng`), draw `starting_hand_size`, count
  one more mulligan and owe that many cards to the bottom (103.5); in multiplayer the first
  mulligan owes nothing (103.5c). Mulligans stop once the hand to keep is already zero cards.
- `bottom`: pay what is owed: exactly `bottom_owed` cards from the hand (names, as a multiset),
  put under the library in the given order (the first named goes under first).
- `serum_powder`: with Serum Powder in hand, exile the whole hand face up and draw that many.
  Not a mulligan: `mulligans_taken` and `bottom_owed` stay, and later mulligans and Powders
  stay allowed (103.5b and the card's rulings). Exiled cards never return to the library.
- `keep`: the hand becomes the opening hand; nothing more can be done.

As docs/api.md models it, cards owed to the bottom are paid right after the mulligan that made
them owed, and a new declaration (mulligan, Serum Powder, keep) is only legal with nothing owed.

An illegal action is an answer (`legal` false, the reasons, the state unchanged), not an error.
A library shorter than a draw draws what it has; what is owed is then capped at the hand size.
Randomness only comes from `rng`; the caller seeds it and records the seed.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Literal

from app.domain.card import Card, MulliganHelper
from app.domain.errors import QuestionError
from app.domain.ruling import Step, Verdict
from app.engine.words import amount

__all__ = ["SERUM_POWDER", "bottom_owed_after", "mulligan_step"]

SERUM_POWDER = "Serum Powder"  # the catalog card with the mulligan_helper ability


def is_mulligan_helper(card: Card) -> bool:
    """103.5c: a card that can be used instead of a mulligan while in the opening hand is
    recognised by its ability, not by its name."""
    return any(isinstance(a, MulliganHelper) for f in card.card_faces for a in f.abilities)


Action = Literal["mulligan", "bottom", "serum_powder", "keep"]


def bottom_owed_after(mulligans_taken: int, *, multiplayer: bool) -> int:
    """Cards owed to the bottom after drawing a new hand for the `mulligans_taken`-th mulligan.

    103.5: one per mulligan taken; 103.5c: in multiplayer the first one is free.
    """
    return max(0, mulligans_taken - 1) if multiplayer else mulligans_taken


def _names(cards: list[Card]) -> list[str]:
    return [c.name for c in cards]


def _matches(card: Card, name: str) -> bool:
    wanted = name.casefold()
    return card.name.casefold() == wanted or any(
        f.name.casefold() == wanted for f in card.card_faces
    )


def _state(
    hand: list[Card],
    library: list[Card],
    exile: list[tuple[Card, bool]],
    mulligans_taken: int,
    bottom_owed: int,
    kept: bool,
) -> dict[str, Any]:
    return {
        "hand": _names(hand),
        "library": _names(library),
        "exile": [{"card": c.name, "face_up": up} for c, up in exile],
        "mulligans_taken": mulligans_taken,
        "bottom_owed": bottom_owed,
        "kept": kept,
    }


def _validate(
    hand: list[Card],
    mulligans_taken: int,
    bottom_owed: int,
    kept: bool,
    multiplayer: bool,
    starting_hand_size: int,
    action: str,
    bottom: list[str],
) -> None:
    """Reject questions that describe no reachable mulligan state."""
    if mulligans_taken < 0:
        raise QuestionError(("body", "mulligans_taken"), "can't be negative", "invalid_value")
    if starting_hand_size < 0:
        raise QuestionError(("body", "starting_hand_size"), "can't be negative", "invalid_value")
    if bottom_owed < 0:
        raise QuestionError(("body", "bottom_owed"), "can't be negative", "invalid_value")
    most = bottom_owed_after(mulligans_taken, multiplayer=multiplayer)
    if bottom_owed > most:
        raise QuestionError(
            ("body", "bottom_owed"),
            f"after {amount(mulligans_taken, 'mulligan')} at most "
            f"{amount(most, 'card')} can be owed "
            f"(103.5{'c' if multiplayer else ''}), not {bottom_owed}",
            "inconsistent_state",
        )
    if bottom_owed > len(hand):
        raise QuestionError(
            ("body", "bottom_owed"),
            f"{amount(bottom_owed, 'card')} owed but only {len(hand)} in hand",
            "inconsistent_state",
        )
    if kept and bottom_owed:
        raise QuestionError(
            ("body", "bottom_owed"),
            "a kept hand owes nothing: cards are put on the bottom before keeping",
            "inconsistent_state",
        )
    if action not in ("mulligan", "bottom", "serum_powder", "keep"):
        raise QuestionError(("body", "action"), f"unknown action {action!r}", "invalid_action")
    if bottom and action != "bottom":
        raise QuestionError(
            ("body", "bottom"),
            "cards to bottom are only given with action 'bottom'",
            "unused_field",
        )


def mulligan_step(
    *,
    hand: list[Card],
    library: list[Card],
    exile: list[tuple[Card, bool]],
    mulligans_taken: int,
    bottom_owed: int,
    kept: bool,
    multiplayer: bool,
    starting_hand_size: int,
    action: Action,
    bottom: list[str],
    rng: random.Random,
) -> Verdict:
    """Apply one mulligan action. `library` is top first; `exile` pairs a card with face_up.

    Answer: {legal, reasons, hand, library, exile: [{card, face_up}], mulligans_taken,
    bottom_owed, kept}. Raises QuestionError only for a state no game can reach.
    """
    _validate(
        hand, mulligans_taken, bottom_owed, kept, multiplayer, starting_hand_size, action, bottom
    )
    steps: list[Step] = []
    reasons: list[dict[str, Any]] = []

    def illegal(code: str, rules: tuple[str, ...], message: str) -> Verdict:
        reasons.append({"code": code, "rules": list(rules), "message": message})
        steps.append(Step(message, rules))
        answer: dict[str, Any] = {"legal": False, "reasons": reasons}
        answer.update(_state(hand, library, exile, mulligans_taken, bottom_owed, kept))
        return Verdict(answer, steps)

    def legal(
        new_hand: list[Card],
        new_library: list[Card],
        new_exile: list[tuple[Card, bool]],
        taken: int,
        owed: int,
        now_kept: bool,
    ) -> Verdict:
        answer: dict[str, Any] = {"legal": True, "reasons": reasons}
        answer.update(_state(new_hand, new_library, new_exile, taken, owed, now_kept))
        return Verdict(answer, steps)

    if kept:
        return illegal(
            "already_kept",
            ("103.5",),
            "The hand was kept: it is the opening hand, and no mulligan step can follow.",
        )

    if action == "bottom":
        if bottom_owed == 0 and not bottom:
            steps.append(Step("Nothing is owed, so nothing goes to the bottom.", ("103.5",)))
            return legal(hand, library, exile, mulligans_taken, 0, False)
        if len(bottom) != bottom_owed:
            return illegal(
                "wrong_bottom_cards",
                ("103.5",),
                f"Exactly {amount(bottom_owed, 'card')} must go to the bottom; "
                f"{len(bottom)} named.",
            )
        remaining = list(hand)
        chosen: list[Card] = []
        for name in bottom:
            index = next((i for i, c in enumerate(remaining) if _matches(c, name)), None)
            if index is None:
                held = Counter(c.name for c in hand)
                listing = ", ".join(f"{n} x{k}" if k > 1 else n for n, k in held.items())
                return illegal(
                    "wrong_bottom_cards",
                    ("103.5",),
                    f"{name!r} is not in the hand (or not that many times); the hand holds "
                    f"{listing}.",
                )
            chosen.append(remaining.pop(index))
        steps.append(
            Step(
                f"{amount(len(chosen), 'card')} go to the bottom of the library in the "
                "order given, "
                f"leaving a {len(remaining)}-card hand.",
                ("103.5",),
            )
        )
        return legal(remaining, [*library, *chosen], exile, mulligans_taken, 0, False)

    # A new declaration (mulligan, Serum Powder, keep) only once the last mulligan is paid for.
    if bottom_owed:
        return illegal(
            "bottom_owed",
            ("103.5",),
            f"{amount(bottom_owed, 'card')} must first be put on the bottom for the last mulligan.",
        )

    if action == "keep":
        steps.append(
            Step(
                f"The {len(hand)}-card hand is kept: it becomes the opening hand, and no further "
                "mulligan or Serum Powder can be used.",
                ("103.5",),
            )
        )
        return legal(hand, library, exile, mulligans_taken, 0, True)

    if action == "serum_powder":
        if not any(is_mulligan_helper(c) for c in hand):
            return illegal(
                "no_serum_powder_in_hand",
                ("103.5b",),
                "Serum Powder's ability works only from the hand, and there is none in it.",
            )
        count = len(hand)
        drawn = library[:count]
        new_exile = [*exile, *((c, True) for c in hand)]
        steps.append(
            Step(
                "Instead of a mulligan, Serum Powder exiles the whole hand "
                f"({amount(count, 'card')}, "
                f"Serum Powder included) face up, and {amount(len(drawn), 'card')} "
                f"{'is' if len(drawn) == 1 else 'are'} drawn.",
                ("103.5b",),
            )
        )
        if len(drawn) < count:
            steps.append(
                Step(f"The library held only {amount(len(drawn), 'card')} to draw.", ("103.5b",))
            )
        steps.append(
            Step(
                f"It is not a mulligan: still {amount(mulligans_taken, 'mulligan')} "
                "taken, nothing more "
                "owed, and later mulligans or Serum Powders remain allowed. The exiled cards stay "
                "in exile for the game.",
                ("103.5b",),
            )
        )
        return legal(drawn, library[count:], new_exile, mulligans_taken, 0, False)

    # action == "mulligan"
    hand_size_now = starting_hand_size - bottom_owed_after(mulligans_taken, multiplayer=multiplayer)
    if hand_size_now <= 0:
        return illegal(
            "no_more_mulligans",
            ("103.5",),
            "The hand to keep is already zero cards: no further mulligan can be taken.",
        )
    shuffled = [*hand, *library]
    rng.shuffle(shuffled)
    drawn = shuffled[:starting_hand_size]
    taken = mulligans_taken + 1
    owed_by_rule = bottom_owed_after(taken, multiplayer=multiplayer)
    owed = min(owed_by_rule, len(drawn))
    steps.append(
        Step(
            f"Mulligan {taken}: the hand is shuffled into the library and a new hand of "
            f"{amount(len(drawn), 'card')} is drawn.",
            ("103.5",),
        )
    )
    if len(drawn) < starting_hand_size:
        steps.append(
            Step(
                f"Hand and library held only {amount(len(drawn), 'card')}, so only "
                "those are drawn.",
                ("103.5",),
            )
        )
    if multiplayer and taken == 1:
        steps.append(
            Step(
                "In a multiplayer game the first mulligan is free: no card goes to the bottom.",
                ("103.5c",),
            )
        )
    else:
        steps.append(
            Step(
                f"{amount(owed, 'card')} from the new hand must go to the bottom of the library"
                + (" (the first mulligan was free)." if multiplayer else "."),
                ("103.5c",) if multiplayer else ("103.5",),
            )
        )
    return legal(drawn, shuffled[starting_hand_size:], exile, taken, owed, False)
