"""Cascade-style "reveal until" (702.85, 702.85a; the Treasure Keeper and Plargg rulings;
docs/rules.md section 7).

One mechanism, two shapes:
- mode "reveal" (Treasure Keeper, Plargg): reveal from the top until a nonland card with mana
  value `max_mana_value` or less (and, with `nonlegendary`, not legendary). That card may be cast
  without paying its mana cost, whichever of its faces is chosen.
- mode "cascade": exile from the top until a nonland card with mana value less than
  `cascade_mana_value`; it may be cast for free only if the resulting spell's mana value is also
  less than that (702.85a).

Cards not cast go to the bottom in a random order (`rng.shuffle`, the only source of
randomness). With no hit, every card was revealed and the whole library goes back in a random
order (`reshuffled`; `bottom` then lists the whole new library). The hit is cast through
`cast_without_paying`, so X is 0, no alternative cost, and mandatory additional costs apply.

The seed is not the engine's business: the caller builds `rng` and records the seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Literal

from app.domain.answers import CastWithoutPayingAnswer, Reason, RevealUntilAnswer, trusted
from app.domain.card import Card, CardFace
from app.domain.costs import CastZone
from app.domain.errors import QuestionError
from app.domain.layouts import LAYOUT_RULES, off_stack_faces, one_part_rule
from app.domain.ruling import Mentions, Step, Verdict
from app.engine.free_cast import BoardCosts, cast_without_paying, make_reason, resolve_face
from app.engine.words import amount, names_list

__all__ = ["card_is_land", "card_is_legendary", "reveal_until"]

# How many skipped nonland cards get a step of their own; the rest are counted in one step.
_MAX_SKIP_STEPS = 20


def _characteristic_faces(card: Card) -> list[CardFace]:
    return off_stack_faces(card)  # 709.4, 712.8, 715.4 (app/domain/layouts.py)


def card_is_land(card: Card) -> bool:
    """A land card in the library: an MDFC whose front face is a land is one (712.8)."""
    return any(f.is_type("land") for f in _characteristic_faces(card))


def card_is_legendary(card: Card) -> bool:
    return any(f.legendary for f in _characteristic_faces(card))


def _mana_value_note(card: Card) -> tuple[str, tuple[str, ...]]:
    """Why the card has the mana value it has in the library, and the rules behind it."""
    rules: list[str] = ["202.3"]
    parts: list[str] = []
    layout = LAYOUT_RULES.get(card.layout)
    if layout is not None:
        parts.append(layout.off_stack_words)
        rules.append(layout.off_stack)
    if any(f.x_count for f in _characteristic_faces(card)):
        parts.append("X counts as 0 outside the stack")
        rules.append("107.3g")
    return ("; ".join(parts), tuple(rules))


def _validate(
    mode: str, max_mana_value: int | None, cascade_mana_value: int | None, nonlegendary: bool
) -> int:
    """Check the question is consistent; return the mana value threshold in use."""
    if mode == "reveal":
        if max_mana_value is None:
            raise QuestionError(
                ("max_mana_value",),
                "mode 'reveal' needs max_mana_value (the N of 'mana value N or less')",
                "missing_field",
            )
        if cascade_mana_value is not None:
            raise QuestionError(
                ("cascade_mana_value",),
                "cascade_mana_value is only used with mode 'cascade'",
                "unexpected_field",
            )
        limit, field = max_mana_value, "max_mana_value"
    elif mode == "cascade":
        if cascade_mana_value is None:
            raise QuestionError(
                ("cascade_mana_value",),
                "mode 'cascade' needs cascade_mana_value (the cascading spell's mana value)",
                "missing_field",
            )
        if max_mana_value is not None:
            raise QuestionError(
                ("max_mana_value",),
                "max_mana_value is only used with mode 'reveal'",
                "unexpected_field",
            )
        if nonlegendary:
            # 702.85a: cascade stops at any nonland card of lower mana value, legendary or not.
            raise QuestionError(
                ("nonlegendary",),
                "nonlegendary is only used with mode 'reveal': cascade passes over no "
                "legendary card (702.85a)",
                "unexpected_field",
            )
        limit, field = cascade_mana_value, "cascade_mana_value"
    else:
        raise QuestionError(("mode",), f"unknown mode {mode!r}", "invalid_mode")
    if limit < 0:
        raise QuestionError((field,), f"{field} can't be negative", "invalid_value")
    return limit


@dataclass(slots=True)
class _Reveal:
    """One reveal-until: its mode, threshold and words, and the steps and reasons so far."""

    cascade: bool
    limit: int
    nonlegendary: bool
    steps: list[Step] = field(default_factory=list)
    reasons: list[Reason] = field(default_factory=list)

    @property
    def verb(self) -> str:
        return "exiled" if self.cascade else "revealed"

    @property
    def wanted(self) -> str:
        if self.cascade:
            return f"nonland card with mana value less than {self.limit}"
        legendary = "nonlegendary " if self.nonlegendary else ""
        return f"{legendary}nonland card with mana value {self.limit} or less"

    @property
    def effect_rule(self) -> tuple[str, ...]:
        # 608.2c: a reveal-until effect does what it says in order; cascade's own rule is 702.85a.
        return ("702.85a",) if self.cascade else ("608.2c",)

    def qualifies(self, mv: int) -> bool:
        return mv < self.limit if self.cascade else mv <= self.limit

    def note(
        self, code: str, rules: tuple[str, ...], message: str, m: Mentions | None = None
    ) -> None:
        """A reason, and the step saying it; `m`: what the message mentions."""
        self.reasons.append(make_reason(code, rules, message))
        self.steps.append((m or Mentions()).step(message, rules))


class _PassedOver:
    """Steps for the cards passed over, in reveal order: a run of lands in one step, at most
    _MAX_SKIP_STEPS of them, the rest counted in one step at the end."""

    def __init__(self, r: _Reveal) -> None:
        self.r = r
        self.lands: list[str] = []  # a run of lands not yet told
        self.told = 0
        self.untold = 0

    def land(self, name: str) -> None:
        self.lands.append(name)

    def tell_lands(self) -> None:
        if not self.lands:
            return
        if self.told < _MAX_SKIP_STEPS:
            self.told += 1
            m = Mentions()
            what = f"{names_list(m.cards(self.lands))} {'is' if len(self.lands) == 1 else 'are'}"
            self.r.steps.append(
                m.step(
                    f"{what} {self.r.verb} and passed over: only a nonland card counts.",
                    self.r.effect_rule,
                )
            )
        else:
            self.untold += len(self.lands)
        self.lands.clear()

    def card(self, name: str, reason: str, rules: tuple[str, ...]) -> None:
        if self.told < _MAX_SKIP_STEPS:
            self.told += 1
            m = Mentions()
            self.r.steps.append(
                m.step(f"{m.card(name)} is {self.r.verb} and passed over: {reason}.", rules)
            )
        else:
            self.untold += 1

    def finish(self) -> None:
        self.tell_lands()
        if self.untold:
            self.r.steps.append(
                Mentions().step(
                    f"{amount(self.untold, 'more card')} {self.r.verb} and passed over the same "
                    "way.",
                    self.r.effect_rule,
                )
            )


def _search(r: _Reveal, library: list[Card]) -> tuple[list[Card], int | None]:
    """Reveal from the top until the hit: the cards revealed and the hit's index, if any."""
    revealed: list[Card] = []
    passed = _PassedOver(r)
    hit_index: int | None = None
    for index, card in enumerate(library):
        revealed.append(card)
        if card_is_land(card):
            passed.land(card.name)
            continue
        passed.tell_lands()
        mv = card.mana_value_off_stack()
        why, mv_rules = _mana_value_note(card)
        mv_text = f"mana value {mv}" + (f"; {why}" if why else "")
        mv_cited = (*mv_rules, *r.effect_rule) if mv_rules else ("202.3", *r.effect_rule)
        if r.nonlegendary and card_is_legendary(card):
            passed.card(card.name, "it is legendary", r.effect_rule)
        elif not r.qualifies(mv):
            why_mv = f" ({why})" if why else ""
            passed.card(card.name, f"its mana value {mv}{why_mv} is too high", mv_cited)
        else:
            hit_index = index
            m = Mentions()
            r.steps.append(
                m.step(f"{m.card(card.name)} is a {r.wanted} ({mv_text}): it is the hit.", mv_cited)
            )
            break
    passed.finish()
    return revealed, hit_index


def _empty_answer(revealed: list[Card], reasons: list[Reason]) -> RevealUntilAnswer:
    """No hit yet; `reasons` is the ruling's own list, which grows as the reveal goes on."""
    return trusted(
        RevealUntilAnswer,
        revealed=[c.name for c in revealed],
        hit=None,
        cast=False,
        cast_face=None,
        cast_x=None,
        free_cast=None,
        bottom=[],
        library=[],
        reshuffled=False,
        reasons=reasons,
    )


def reveal_until(
    library: list[Card],
    *,
    mode: Literal["reveal", "cascade"],
    max_mana_value: int | None,
    cascade_mana_value: int | None,
    nonlegendary: bool,
    cast: bool,
    face: str | None,
    unpayable: list[str],
    rng: random.Random,
    additional_costs: tuple[str, ...] = (),
    costs: BoardCosts | None = None,
    x: int = 0,
) -> Verdict:
    """Reveal (or, for cascade, exile) from the top of `library` (top first) until a hit.

    Raises QuestionError when the mode's threshold is missing, a field of the other mode is
    given, a threshold is negative, or `face` names no face of any card of the library
    (a face of another card than the hit is not used: _face_of_hit).
    """
    limit = _validate(mode, max_mana_value, cascade_mana_value, nonlegendary)
    # `unpayable` describes the player ("I have no creature to sacrifice"), whatever the
    # library holds: a name no card here asks for simply never matters. So do the optional
    # `additional_costs` to pay if the hit has them (kicker, a spree spell's modes).
    r = _Reveal(mode == "cascade", limit, nonlegendary)
    if r.cascade:
        r.steps.append(
            Mentions().step(
                f"Cascade: cards are exiled from the top of the library until a {r.wanted}.",
                ("702.85a",),
            )
        )
    else:
        r.steps.append(
            Mentions().step(
                f"Cards are revealed from the top of the library until a {r.wanted}.", ("608.2c",)
            )
        )
    revealed, hit_index = _search(r, library)
    answer = _empty_answer(revealed, r.reasons)
    if not library:
        # 609.3: an effect does as much as it can; with no card, nothing is revealed.
        r.note(
            "empty_library",
            ("609.3",),
            "The library is empty: nothing is revealed and there is no hit.",
        )
    elif hit_index is None:
        _miss(r, library, face, rng, answer)
    else:
        _hit(
            r,
            library,
            revealed,
            hit_index,
            _Casting(cast, face, tuple(unpayable), additional_costs, costs, x),
            rng,
            answer,
        )
    return Verdict(answer, r.steps)


def _miss(
    r: _Reveal, library: list[Card], face: str | None, rng: random.Random, answer: RevealUntilAnswer
) -> None:
    # Card rulings / 702.85a: a miss puts every card back in a random order; since every
    # card was revealed, that is the whole library.
    new_library = list(library)
    rng.shuffle(new_library)
    r.note(
        "no_hit",
        r.effect_rule,
        f"The library holds no {r.wanted}: every card was {r.verb}, and the whole library is "
        "put back in a random order.",
    )
    if face is not None:
        m = Mentions()
        r.steps.append(
            m.step(
                f"There is no hit, so the face {m.card(face)!r} asked for is not used.",
                r.effect_rule,
            )
        )
    answer.bottom = [c.name for c in new_library]
    answer.library = [c.name for c in new_library]
    answer.reshuffled = True


@dataclass(frozen=True, slots=True)
class _Casting:
    """Whether to cast the hit, which face, and its costs the question names."""

    cast: bool
    face: str | None
    unpayable: tuple[str, ...]
    additional_costs: tuple[str, ...]
    costs: BoardCosts | None  # the board it is cast on, and its caster (601.2f)
    x: int = 0  # X announced for an additional cost of the hit's that has X (107.3a)


def _hit(
    r: _Reveal,
    library: list[Card],
    revealed: list[Card],
    hit_index: int,
    casting: _Casting,
    rng: random.Random,
    answer: RevealUntilAnswer,
) -> None:
    """The hit, cast or not, and the other revealed cards to the bottom in a random order."""
    hit = library[hit_index]
    answer.hit = hit.name
    cast_face: CardFace | None = None
    did_cast = False
    if not casting.cast:
        m = Mentions()
        r.note(
            "declined",
            r.effect_rule,
            f"{m.card(hit.name)} is not cast (the player chose not to); it goes to the bottom "
            f"with the other {r.verb} cards.",
            m,
        )
    else:
        cast_face = _face_of_hit(r, hit, casting.face, library)
        did_cast = _cast_hit(r, hit, cast_face, casting, answer)
    to_bottom = [c for i, c in enumerate(revealed) if not (did_cast and i == hit_index)]
    rng.shuffle(to_bottom)
    if to_bottom:
        r.steps.append(
            Mentions().step(
                f"The {amount(len(to_bottom), f'{r.verb} card')} not cast "
                f"{'goes' if len(to_bottom) == 1 else 'go'} to the bottom of the library in a "
                "random order.",
                r.effect_rule,
            )
        )
    new_library = library[hit_index + 1 :] + to_bottom
    answer.cast = did_cast
    answer.cast_face = cast_face.name if did_cast and cast_face is not None else None
    answer.cast_x = answer.free_cast.x if did_cast and answer.free_cast is not None else None
    answer.bottom = [c.name for c in to_bottom]
    answer.library = [c.name for c in new_library]


def _face_of_hit(r: _Reveal, hit: Card, face: str | None, library: list[Card]) -> CardFace:
    """The hit's face `face` names (resolve_face). A face of another card of the library only is
    a choice for a hit that didn't come, which the client can't know before asking: it is not
    used, and the step says so, as when there is no hit. A name of no card's face is refused
    (resolve_face's QuestionError)."""
    if face is not None and not hit.is_named(face) and any(c.is_named(face) for c in library):
        m = Mentions()
        r.steps.append(
            m.step(
                f"{m.card(hit.name)} has no face {m.card(face)!r}, so that face, asked for "
                "another card, is not used.",
                r.effect_rule,
            )
        )
        face = None
    return resolve_face(hit, face, ("face",))


def _hit_zone(r: _Reveal) -> CastZone:
    """601.2a: a spell is cast from where its card is. Cascade exiles the cards it reveals, so
    its hit is cast from exile (702.85a); a card revealed from the library stays there until it
    is cast (Treasure Keeper, Plargg), so that hit is cast from its caster's library."""
    return "exile" if r.cascade else "library"


def _from_where_it_is(r: _Reveal, costs: BoardCosts | None) -> BoardCosts | None:
    """The board the hit is cast on, with the zone it is cast from (_hit_zone)."""
    if costs is None:
        return None
    # The hit is cast while the effect that reveals it resolves, the effect on the stack: not
    # when its caster could cast a sorcery (307.5).
    return replace(
        costs,
        cast_from=_hit_zone(r),
        cast_from_rules=r.effect_rule,
        sorcery_timing=False,
    )


def _cast_hit(
    r: _Reveal, hit: Card, cast_face: CardFace, casting: _Casting, answer: RevealUntilAnswer
) -> bool:
    """Cast the hit without paying its mana cost (118.9, free_cast.py); for cascade, the spell
    as cast must also be under the limit (702.85a). Whether it was cast."""
    # Only the hit's own additional costs can be paid, or be unpayable, for it.
    own = {c.name.casefold() for c in cast_face.additional_costs}
    free = cast_without_paying(
        hit,
        x=casting.x,
        alternative_cost=None,
        additional_costs=[n for n in casting.additional_costs if n.casefold() in own],
        unpayable=[n for n in casting.unpayable if n.casefold() in own],
        face=cast_face.name,
        costs=_from_where_it_is(r, casting.costs),
        cast_from=_hit_zone(r),
        spells_before=1 if r.cascade else 0,
        face_up_only=True,
    )
    assert isinstance(free.answer, CastWithoutPayingAnswer)
    r.reasons.extend(free.answer.reasons)
    answer.free_cast = free.answer
    did_cast = free.answer.castable
    on_stack = free.answer.mana_value_on_stack
    too_high = did_cast and r.cascade and on_stack >= r.limit
    if too_high:
        # 702.85a: the spell as cast (this face, X = 0) must also be under the limit. The
        # free-cast steps would say it can be cast: not shown, so no step contradicts.
        m = Mentions()
        r.steps.append(
            m.step(
                f"Cast as {m.card(cast_face.name)}, the spell has only that part's characteristics "
                f"on the stack: mana value {on_stack}.",
                (*(one_part_rule(hit, cast_face) or ("202.3",)), "202.3"),
            )
        )
    else:
        r.steps.extend(free.steps)
    if did_cast and r.cascade:
        did_cast = _cascade_allows(r, cast_face, on_stack, too_high, free.answer, answer)
    elif did_cast and cast_face.name != hit.front.name and not r.cascade:
        m = Mentions()
        r.steps.append(
            m.step(
                f"Only the revealed card's mana value is limited, not the spell's, so "
                f"{m.card(cast_face.name)} may be cast.",
                ("608.2c",),
            )
        )
    if not did_cast:
        m = Mentions()
        r.steps.append(
            m.step(
                f"{m.card(hit.name)} is not cast; it goes to the bottom with the other {r.verb} "
                "cards.",
                r.effect_rule,
            )
        )
    return did_cast


def _cascade_allows(
    r: _Reveal,
    cast_face: CardFace,
    on_stack: int,
    too_high: bool,
    free_answer: CastWithoutPayingAnswer,
    answer: RevealUntilAnswer,
) -> bool:
    """702.85a: cascade casts the spell only if its mana value on the stack is under the limit."""
    m = Mentions()
    if not too_high:
        r.steps.append(
            m.step(
                f"Cast as {m.card(cast_face.name)} the spell has mana value {on_stack}, less "
                f"than {r.limit}, as cascade requires.",
                ("702.85a",),
            )
        )
        return True
    r.note(
        "cascade_mana_value_too_high",
        ("702.85a",),
        f"Cast as {m.card(cast_face.name)}, the spell would have mana value {on_stack}, not "
        f"less than {r.limit}: cascade doesn't allow casting it.",
        m,
    )
    # The free-cast answer must agree: cascade forbids what 118.9 alone allows.
    answer.free_cast = free_answer.model_copy(
        update={"castable": False, "reasons": [*free_answer.reasons, r.reasons[-1]]}
    )
    return False
