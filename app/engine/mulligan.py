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
from dataclasses import dataclass, field
from typing import Literal, assert_never

from app.domain.answers import ExiledCardOut, MulliganAnswer, Reason, trusted
from app.domain.card import Card, MulliganHelper
from app.domain.errors import QuestionError
from app.domain.layouts import off_stack_faces
from app.domain.ruling import Mentions, Step, Verdict
from app.engine.words import amount

__all__ = ["SERUM_POWDER", "bottom_owed_after", "mulligan_step"]

SERUM_POWDER = "Serum Powder"  # the catalog card with the mulligan_helper ability


def is_mulligan_helper(card: Card) -> bool:
    """103.5c: a card that can be used instead of a mulligan while in the opening hand is
    recognised by its ability, not by its name: an ability of the faces it has in the hand
    (a double-faced card has only its front's, 712.8; a split card both halves', 709.4)."""
    return any(isinstance(a, MulliganHelper) for f in off_stack_faces(card) for a in f.abilities)


Action = Literal["mulligan", "bottom", "serum_powder", "keep"]


def bottom_owed_after(mulligans_taken: int, *, multiplayer: bool) -> int:
    """Cards owed to the bottom after drawing a new hand for the `mulligans_taken`-th mulligan.

    103.5: one per mulligan taken; 103.5c: in multiplayer the first one is free.
    """
    return max(0, mulligans_taken - 1) if multiplayer else mulligans_taken


def _names(cards: list[Card]) -> list[str]:
    return [c.name for c in cards]


def _answer(
    legal: bool,
    reasons: list[Reason],
    hand: list[Card],
    library: list[Card],
    exile: list[tuple[Card, bool]],
    counts: tuple[int, int],
    kept: bool,
) -> MulliganAnswer:
    """The answer: legal or not, and the player's state after; `counts` is (mulligans taken,
    cards still owed to the bottom)."""
    mulligans_taken, bottom_owed = counts
    return trusted(
        MulliganAnswer,
        legal=legal,
        reasons=reasons,
        hand=_names(hand),
        library=_names(library),
        exile=[trusted(ExiledCardOut, card=c.name, face_up=up) for c, up in exile],
        mulligans_taken=mulligans_taken,
        bottom_owed=bottom_owed,
        kept=kept,
    )


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
        raise QuestionError(("mulligans_taken",), "can't be negative", "invalid_value")
    if starting_hand_size < 0:
        raise QuestionError(("starting_hand_size",), "can't be negative", "invalid_value")
    if bottom_owed < 0:
        raise QuestionError(("bottom_owed",), "can't be negative", "invalid_value")
    most = bottom_owed_after(mulligans_taken, multiplayer=multiplayer)
    if bottom_owed > most:
        raise QuestionError(
            ("bottom_owed",),
            f"after {amount(mulligans_taken, 'mulligan')} at most "
            f"{amount(most, 'card')} can be owed "
            f"(103.5{'c' if multiplayer else ''}), not {bottom_owed}",
            "inconsistent_state",
        )
    # 103.5: each hand drawn is starting_hand_size cards (fewer from a short library), and
    # Serum Powder draws as many as it exiles (103.5b); what was put on the bottom has left it.
    if most > starting_hand_size:
        raise QuestionError(
            ("mulligans_taken",),
            f"after {amount(mulligans_taken, 'mulligan')} {amount(most, 'card')} would go to "
            f"the bottom, more than a hand of {starting_hand_size} holds: mulligans stop before "
            "that (103.5)",
            "inconsistent_state",
        )
    largest = starting_hand_size - (most - bottom_owed)
    if len(hand) > largest:
        raise QuestionError(
            ("hand",),
            f"{amount(len(hand), 'card')} in hand, but a hand is drawn with "
            f"{amount(starting_hand_size, 'card')} and after {amount(mulligans_taken, 'mulligan')}"
            f" {amount(most - bottom_owed, 'card')} {'has' if most - bottom_owed == 1 else 'have'}"
            f" gone to the bottom, so it holds at most {largest} (103.5)",
            "inconsistent_state",
        )
    if bottom_owed > len(hand):
        raise QuestionError(
            ("bottom_owed",),
            f"{amount(bottom_owed, 'card')} owed but only {len(hand)} in hand",
            "inconsistent_state",
        )
    if kept and bottom_owed:
        raise QuestionError(
            ("bottom_owed",),
            "a kept hand owes nothing: cards are put on the bottom before keeping",
            "inconsistent_state",
        )
    if action not in ("mulligan", "bottom", "serum_powder", "keep"):
        raise QuestionError(("action",), f"unknown action {action!r}", "invalid_action")
    if bottom and action != "bottom":
        raise QuestionError(
            ("bottom",),
            "cards to bottom are only given with action 'bottom'",
            "unused_field",
        )


@dataclass(slots=True)
class _Player:
    """The player's mulligan state as asked, and the steps and reasons of this action."""

    hand: list[Card]
    library: list[Card]
    exile: list[tuple[Card, bool]]
    mulligans_taken: int
    bottom_owed: int
    multiplayer: bool
    starting_hand_size: int
    steps: list[Step] = field(default_factory=list)
    reasons: list[Reason] = field(default_factory=list)

    def illegal(
        self,
        code: str,
        rules: tuple[str, ...],
        message: str,
        kept: bool = False,
        m: Mentions | None = None,
    ) -> Verdict:
        """An illegal action is an answer: the reasons, and the state unchanged; `m`: what the
        message mentions."""
        self.reasons.append(trusted(Reason, code=code, rules=list(rules), message=message))
        self.steps.append((m or Mentions()).step(message, rules))
        counts = (self.mulligans_taken, self.bottom_owed)
        answer = _answer(False, self.reasons, self.hand, self.library, self.exile, counts, kept)
        return Verdict(answer, self.steps)

    def legal(
        self,
        new_hand: list[Card],
        new_library: list[Card],
        new_exile: list[tuple[Card, bool]],
        taken: int,
        owed: int,
        now_kept: bool,
    ) -> Verdict:
        answer = _answer(
            True, self.reasons, new_hand, new_library, new_exile, (taken, owed), now_kept
        )
        return Verdict(answer, self.steps)


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
    s = _Player(hand, library, exile, mulligans_taken, bottom_owed, multiplayer, starting_hand_size)
    if kept:
        return s.illegal(
            "already_kept",
            ("103.5",),
            "The hand was kept: it is the opening hand, and no mulligan step can follow.",
            kept=True,
        )
    if action == "bottom":
        return _bottom(s, bottom)
    # A new declaration (mulligan, Serum Powder, keep) only once the last mulligan is paid for.
    if bottom_owed:
        return s.illegal(
            "bottom_owed",
            ("103.5",),
            f"{amount(bottom_owed, 'card')} must first be put on the bottom for the last mulligan.",
        )
    match action:
        case "keep":
            return _keep(s)
        case "serum_powder":
            return _serum_powder(s)
        case "mulligan":
            return _mulligan(s, rng)
        case _:
            assert_never(action)


def _bottom(s: _Player, bottom: list[str]) -> Verdict:
    """103.5: exactly the cards owed go under the library, the first named first."""
    if s.bottom_owed == 0 and not bottom:
        s.steps.append(
            Mentions().step("Nothing is owed, so nothing goes to the bottom.", ("103.5",))
        )
        return s.legal(s.hand, s.library, s.exile, s.mulligans_taken, 0, False)
    if len(bottom) != s.bottom_owed:
        return s.illegal(
            "wrong_bottom_cards",
            ("103.5",),
            f"Exactly {amount(s.bottom_owed, 'card')} must go to the bottom; {len(bottom)} named.",
        )
    remaining = list(s.hand)
    chosen: list[Card] = []
    for name in bottom:
        index = next((i for i, c in enumerate(remaining) if c.is_named(name)), None)
        if index is None:
            m = Mentions()
            held = Counter(c.name for c in s.hand)
            listing = ", ".join(f"{n} x{k}" if k > 1 else n for n, k in held.items())
            m.cards(held)
            return s.illegal(
                "wrong_bottom_cards",
                ("103.5",),
                f"{m.card(name)!r} is not in the hand (or not that many times); the hand holds "
                f"{listing}.",
                m=m,
            )
        chosen.append(remaining.pop(index))
    s.steps.append(
        Mentions().step(
            f"{amount(len(chosen), 'card')} {'goes' if len(chosen) == 1 else 'go'} to the "
            "bottom of the library in the order given, "
            f"leaving a {len(remaining)}-card hand.",
            ("103.5",),
        )
    )
    return s.legal(remaining, [*s.library, *chosen], s.exile, s.mulligans_taken, 0, False)


def _keep(s: _Player) -> Verdict:
    m = Mentions()
    s.steps.append(
        m.step(
            f"The {len(s.hand)}-card hand is kept: it becomes the opening hand, and no further "
            f"mulligan or {m.card(SERUM_POWDER)} can be used.",
            ("103.5",),
        )
    )
    return s.legal(s.hand, s.library, s.exile, s.mulligans_taken, 0, True)


def _serum_powder(s: _Player) -> Verdict:
    """103.5b: exile the whole hand and draw that many instead of a mulligan."""
    if not any(is_mulligan_helper(c) for c in s.hand):
        m = Mentions()
        return s.illegal(
            "no_serum_powder_in_hand",
            ("103.5b",),
            f"{m.card(SERUM_POWDER)}'s ability works only from the hand, and there is none in it.",
            m=m,
        )
    count = len(s.hand)
    drawn = s.library[:count]
    new_exile = [*s.exile, *((c, True) for c in s.hand)]
    # The card whose ability is used: Serum Powder, or an inline card with the same ability.
    helper = next(c.name for c in s.hand if is_mulligan_helper(c))
    m = Mentions()
    s.steps.append(
        m.step(
            f"Instead of a mulligan, {m.card(helper)} exiles the whole hand "
            f"({amount(count, 'card')}, "
            f"{helper} included) face up, and {amount(len(drawn), 'card')} "
            f"{'is' if len(drawn) == 1 else 'are'} drawn.",
            ("103.5b",),
        )
    )
    if len(drawn) < count:
        s.steps.append(
            Mentions().step(
                f"The library held only {amount(len(drawn), 'card')} to draw.", ("103.5b",)
            )
        )
    m = Mentions()
    s.steps.append(
        m.step(
            f"It is not a mulligan: still {amount(s.mulligans_taken, 'mulligan')} "
            "taken, nothing more "
            f"owed, and later mulligans or {m.card(SERUM_POWDER)}s remain allowed. The exiled "
            "cards stay "
            "in exile for the game.",
            ("103.5b",),
        )
    )
    return s.legal(drawn, s.library[count:], new_exile, s.mulligans_taken, 0, False)


def _mulligan(s: _Player, rng: random.Random) -> Verdict:
    """103.5: shuffle the hand away, draw a new one, owe one card per mulligan (103.5c)."""
    size = s.starting_hand_size
    multiplayer = s.multiplayer
    hand_size_now = size - bottom_owed_after(s.mulligans_taken, multiplayer=multiplayer)
    if hand_size_now <= 0:
        return s.illegal(
            "no_more_mulligans",
            ("103.5",),
            "The hand to keep is already zero cards: no further mulligan can be taken.",
        )
    shuffled = [*s.hand, *s.library]
    rng.shuffle(shuffled)
    drawn = shuffled[:size]
    taken = s.mulligans_taken + 1
    owed = min(bottom_owed_after(taken, multiplayer=multiplayer), len(drawn))
    s.steps.append(
        Mentions().step(
            f"Mulligan {taken}: the hand is shuffled into the library and a new hand of "
            f"{amount(len(drawn), 'card')} is drawn.",
            ("103.5",),
        )
    )
    if len(drawn) < size:
        s.steps.append(
            Mentions().step(
                f"Hand and library held only {amount(len(drawn), 'card')}, so only "
                "those are drawn.",
                ("103.5",),
            )
        )
    if multiplayer and taken == 1:
        s.steps.append(
            Mentions().step(
                "In a multiplayer game the first mulligan is free: no card goes to the bottom.",
                ("103.5c",),
            )
        )
    else:
        s.steps.append(
            Mentions().step(
                f"{amount(owed, 'card')} from the new hand must go to the bottom of the library"
                + (" (the first mulligan was free)." if multiplayer else "."),
                ("103.5c",) if multiplayer else ("103.5",),
            )
        )
    return s.legal(drawn, shuffled[size:], s.exile, taken, owed, False)
