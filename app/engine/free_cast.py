"""Casting a spell without paying its mana cost (118.9; docs/rules.md section 6).

One entry point, `cast_without_paying`, answers "may I cast this card for free, and what do I
still pay?". `reveal_until` (cascade, Treasure Keeper, Plargg) casts its hit through the same
function, so the free-cast rules live in exactly one place.

What the answer means:
- `x` is always 0: a spell cast without paying its mana cost must choose 0 for X (107.3b).
- `alternative_cost` is always null: "without paying its mana cost" is itself the alternative
  cost, so no other one (evoke, flashback, Force of Will's) can be added (118.9a).
- `additional_costs_paid`: the mandatory additional costs plus the optional ones asked for
  (118.8); their mana is still owed and is summed in `mana_to_pay`.
- `mana_value_on_stack`: the mana value of the spell that would be on the stack (the cast
  face, X = 0), a number beside `mana_to_pay` even when it can't be cast.
- `cost_changes`: the cost increases and reductions that apply (601.2f): the face's own, and,
  when the question gives the board (`BoardCosts`), the static abilities of its permanents
  that match the spell and its caster (Thalia-like "noncreature spells cost {1} more"). The
  total cost is what is left (the additional costs' mana) plus the increases, minus the
  reductions, and a reduction takes off generic mana only (118.7a). One that always applies
  is in `mana_to_pay`; one that depends on the game (targets, what you control) is listed
  with `counted: false`, `mana_to_pay` being the amount before it, except a reduction that
  has no generic mana to take off: that one changes nothing, whatever the game. Last, an
  effect that sets the least a spell costs (Trinisphere-like, `minimum`) applies to that
  total (601.2f: it affects the total cost directly), generic mana making up the difference;
  it is uncounted too when a change before it was.
- With a board, a permanent's or the turn's effect's ban on the spell (601.3: "your opponents
  can't cast spells during your turn") makes it not castable (`cast_prohibited`): a "can't"
  beats the permission a free cast gives (101.2). cast_bans.py matches them.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import TypeVar

from app.domain.answers import CastWithoutPayingAnswer, CostChangeApplied, Reason, trusted
from app.domain.card import (
    FRONT_CAST_LAYOUTS,
    AdditionalCost,
    AlternativeCost,
    Card,
    CardFace,
    CastRestriction,
    CostChange,
    Selector,
)
from app.domain.costs import CastZone, SpellCostChange, SpellCostMinimum, from_graveyard_rule
from app.domain.errors import QuestionError
from app.domain.filters import Looker, Traits
from app.domain.layouts import COMBINED_LAYOUTS, one_part_rule
from app.domain.mana import ManaSymbol, cost_mana_value, parse_cost, render_cost
from app.domain.ruling import Mentions, Step, Verdict
from app.engine.board import BoardView, Source, group_label
from app.engine.cast_bans import own_restrictions, prohibitions
from app.engine.cast_on_board import (
    DURING_WORDS,
    ZONE_WORDS,
    BoardCosts,
    alike_spells_cast,
    applying,
    chosen_spells,
    during_why_not,
    from_zones,
    named_none,
    seen_from_caster,
    spell_traits,
    spells_cast,
    zone_why_not,
)
from app.engine.copies import copy_steps
from app.engine.words import amount, describe_spells

__all__ = [
    "BoardCosts",
    "cast_without_paying",
    "fused_face",
    "make_reason",
    "prototyped_face",
    "resolve_face",
]


def make_reason(code: str, rules: tuple[str, ...], message: str) -> Reason:
    """A reason object as docs/api.md spells it: `{code, rules, message}`."""
    return trusted(Reason, code=code, rules=list(rules), message=message)


def resolve_face(card: Card, face: str | None, loc: tuple[str | int, ...]) -> CardFace:
    """The face being cast: the named one, else the front (left half, creature part).

    The whole card's name means the default face, except that a split card named whole is
    both halves cast fused (702.102c; a 422 `not_fused` for one without fuse).
    """
    whole = face is not None and card.named_whole(face)
    if whole and card.layout in COMBINED_LAYOUTS:  # an aftermath card is a split card, 702.127
        return fused_face(card, loc)
    if face is None or whole:
        return card.front
    found = card.face_named(face)
    if found is None:
        names = ", ".join(repr(f.name) for f in card.card_faces)
        raise QuestionError(
            loc, f"{card.name!r} has no face named {face!r}; its faces are {names}", "no_such_face"
        )
    return found


def unlocked_doors(card: Card, names: list[str], loc: tuple[str | int, ...]) -> frozenset[int]:
    """709.5: the indices of a Room's doors `names` says are unlocked; a QuestionError on
    `loc` for a card that is no Room, a name of no door, or a door named twice."""
    if not card.is_room:
        raise QuestionError(
            loc, f"{card.name} is not a Room: it has no doors (709.5)", "not_a_room"
        )
    doors: set[int] = set()
    for j, name in enumerate(names):
        door = card.face_named(name)
        if door is None:
            listed = " or ".join(repr(f.name) for f in card.card_faces)
            raise QuestionError(
                (*loc, j), f"{card.name} has no door {name!r}; use {listed}", "no_such_face"
            )
        index = card.card_faces.index(door)
        if index in doors:
            raise QuestionError((*loc, j), f"{door.name} is named twice", "door_repeated")
        doors.add(index)
    return frozenset(doors)


def doors_spelled(card: Card, doors: frozenset[int]) -> list[str] | None:
    """How a question writes a Room's unlocked doors (709.5): with one, None (that door is its
    face); with none or both, their names in card order and spelling."""
    return None if len(doors) == 1 else [card.card_faces[i].name for i in sorted(doors)]


def door_locked(card: Card, door: int, loc: tuple[str | int, ...]) -> QuestionError:
    """709.5: the error for a door named as the one a Room is on that `unlocked` leaves out."""
    return QuestionError(
        loc,
        f"{card.card_faces[door].name} is named as the door it is on, but 'unlocked' doesn't "
        "list it: list it there, or name the whole card",
        "door_locked",
    )


def fused_face(card: Card, loc: tuple[str | int, ...]) -> CardFace:
    """702.102c: the spell a split card cast fused is (Card.fused); a QuestionError on `loc`
    for a split card without fuse."""
    try:
        return card.fused()
    except ValueError as exc:
        raise QuestionError(loc, str(exc), "not_fused") from None


def prototyped_face(face: CardFace, loc: tuple[str | int, ...]) -> CardFace:
    """718.3b: the face a spell cast prototyped, and the permanent it becomes, have
    (CardFace.as_prototyped); a QuestionError on `loc` for a face without a prototype."""
    try:
        return face.as_prototyped()
    except ValueError as exc:
        raise QuestionError(loc, str(exc), "no_prototype") from None


_Cost = TypeVar("_Cost", AlternativeCost, AdditionalCost)


def _find_cost(
    options: list[_Cost],
    name: str,
    kind: str,
    card: Card,
    face: CardFace,
    loc: tuple[str | int, ...],
) -> _Cost:
    wanted = name.casefold()
    for option in options:
        if option.name.casefold() == wanted:
            return option
    listed = ", ".join(repr(o.name) for o in options) or "none"
    where = card.name if face.name == card.name else f"{face.name} ({card.name})"
    raise QuestionError(
        loc, f"{where} has no {kind} cost named {name!r}; it has: {listed}", "unknown_cost"
    )


def _alternative_asked(card: Card, cast_face: CardFace, name: str) -> AlternativeCost:
    """The alternative cost named: one of the face's, else one the card's text names but the
    compiler didn't read (its sentence among the card's unsupported text, starting with the
    name: "Escape—..."), which is an alternative cost whatever it asks, so none combines with a
    free cast (118.9a); else the 422 of an unknown cost."""
    try:
        return _find_cost(
            cast_face.alternative_costs, name, "alternative", card, cast_face, ("alternative_cost",)
        )
    except QuestionError:
        wanted = name.strip().casefold()
        for text in card.unsupported_text:
            word = re.split(r"[ —]", text, maxsplit=1)[0]
            if word.casefold() == wanted:
                return AlternativeCost(name=word, summary="its cost as the card's text says it")
        raise


def _split_generic(costs: list[str]) -> tuple[int, list[ManaSymbol]]:
    """Oracle mana strings as their generic amount together and every other symbol."""
    generic = 0
    others: list[ManaSymbol] = []
    for text in costs:
        for symbol in parse_cost(text):
            if symbol.kind == "generic":
                generic += symbol.generic
            else:
                others.append(symbol)
    return generic, others


def _render_mana(generic: int, others: list[ManaSymbol]) -> str:
    """The generic amount as one symbol, written first, then the others."""
    return (f"{{{generic}}}" if generic else "") + render_cost(others)


def _sum_mana(costs: list[str]) -> str:
    """Add Oracle mana strings: generic amounts are summed into one symbol, written first."""
    return _render_mana(*_split_generic(costs))


@dataclass(slots=True)
class _Ruling:
    """The steps and the reasons (a reason is also a step) of one free-cast ruling."""

    steps: list[Step] = field(default_factory=list)
    reasons: list[Reason] = field(default_factory=list)

    def note(
        self, code: str, rules: tuple[str, ...], message: str, m: Mentions | None = None
    ) -> None:
        """A reason, and the step saying it; `m`: what the message mentions."""
        self.reasons.append(make_reason(code, rules, message))
        self.steps.append((m or Mentions()).step(message, rules))


@dataclass(frozen=True, slots=True)
class _Asked:
    """The costs the question names, each found on the cast face."""

    alternative: AlternativeCost | None
    additional: set[str]
    unpayable: set[str]
    # How many times each additional cost asked for is paid: more than once only for a
    # repeatable one (AdditionalCost.repeatable), named that many times.
    times: Counter[str] = field(default_factory=Counter)


def _named_costs(
    card: Card,
    cast_face: CardFace,
    alternative_cost: str | None,
    additional_costs: list[str],
    unpayable: list[str],
) -> _Asked:
    """Validate every cost name before ruling, so a typo is a 422 rather than a quiet "no"."""
    alt = (
        _alternative_asked(card, cast_face, alternative_cost)
        if alternative_cost is not None
        else None
    )
    asked = [
        _find_cost(
            cast_face.additional_costs,
            n,
            "additional",
            card,
            cast_face,
            ("additional_costs", i),
        )
        for i, n in enumerate(additional_costs)
    ]
    cannot = [
        _find_cost(cast_face.additional_costs, n, "additional", card, cast_face, ("unpayable", i))
        for i, n in enumerate(unpayable)
    ]
    times = Counter(c.name for c in asked)
    for i, cost in enumerate(asked):
        most = cost.at_most if cost.repeatable else 1
        if most is not None and times[cost.name] > most:
            raise QuestionError(
                ("additional_costs", i),
                f"{cost.name} is paid at most {_times(most)} for one spell"
                f"{_AT_MOST_WHY.get(cost.name, '')}; it was named {times[cost.name]} times",
                "cost_repeated",
            )
    return _Asked(alt, set(times), {c.name for c in cannot}, times)


# Why a repeatable cost has a limit (AdditionalCost.at_most).
_AT_MOST_WHY = {"Escalate": " (once for each of its modes chosen beyond the first, 702.120a)"}


def _times(n: int) -> str:
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"


def _restrictions_without_board(r: _Ruling, face: CardFace, spells_before: int) -> None:
    """A card's own restrictions on casting it (601.3) read facts of its caster and the turn,
    which only a board gives: a 422 asking for one, unless every restriction is one the cast
    surely meets ("only if you've cast another spell this turn" for a cascade's hit)."""
    restrictions = [a for a in face.abilities if isinstance(a, CastRestriction)]
    if not restrictions:
        return
    if not all(a.met_after(spells_before) for a in restrictions):
        raise QuestionError(
            ("state",),
            f"{face.name} restricts its own casting (601.3), by facts of its caster and the "
            "turn: give state and caster",
            "state_required",
        )
    m = Mentions()
    r.steps.append(
        m.step(
            f"{m.card(face.name)} may be cast only once its caster has cast another spell this "
            "turn, and its caster cast the spell whose ability casts it.",
            ("601.3", "601.2i", "702.85a"),
        )
    )


def cast_without_paying(
    card: Card,
    *,
    x: int,
    alternative_cost: str | None,
    additional_costs: list[str],
    unpayable: list[str],
    face: str | None = None,
    prototyped: bool = False,
    costs: BoardCosts | None = None,
    cast_from: CastZone | None = None,
    spells_before: int = 0,
    face_up_only: bool = False,
) -> Verdict:
    """Rule on casting `card` (its `face`, default the front) without paying its mana cost;
    `prototyped`: cast as a prototyped spell (702.160a); `costs`: the board it is cast on and
    its caster, whose permanents may change what it costs (601.2f); `cast_from`: the zone it
    is cast from when no board says it (a fused cast is from a hand only, 702.102a);
    `spells_before`: spells its caster surely cast this turn before it (a cascade's hit comes
    after the spell with cascade, 702.85a); `face_up_only`: the permission casts the card face
    up, never transformed (a cascade's or a reveal's).

    Raises QuestionError for a face or cost name the card doesn't have, a face without a
    prototype asked prototyped, or a negative X.
    """
    if x < 0:
        raise QuestionError(("x",), "x can't be negative", "invalid_x")
    chosen = resolve_face(card, face, ("face",))
    cast_face = prototyped_face(chosen, ("prototyped",)) if prototyped else chosen
    asked = _named_costs(card, cast_face, alternative_cost, additional_costs, unpayable)
    r = _Ruling()
    if costs is not None and spells_before > costs.spells_before:
        costs = replace(costs, spells_before=spells_before)
    if costs is not None and costs.cast_from is not None:
        cast_from = costs.cast_from
    castable = _face_castable(r, card, chosen, cast_from, face_up_only)
    if not _is_spell_face(card, chosen, face_up_only):
        # Never a spell: nothing else applies (its reason is said), no X is chosen (107.3b).
        return Verdict(_answer(r, card, cast_face, None, costs, 0), r.steps)
    if costs is not None:
        # 707.2, 613.1a: which of the permanents read are copies, and of what, said first.
        r.steps.extend(copy_steps(costs.view.board))
        for message, m in prohibitions(r.steps, costs, cast_face):
            castable = False
            r.note("cast_prohibited", ("601.3", "101.2"), message, m)
        for message, m, rules in own_restrictions(r.steps, costs, cast_face):
            castable = False
            r.note("cast_prohibited", (*rules, "101.2"), message, m)
    else:
        _restrictions_without_board(r, cast_face, spells_before)
    if prototyped:
        m = Mentions()
        r.steps.append(
            m.step(
                f"Cast prototyped, {m.card(cast_face.name)} has only its prototype mana cost, "
                f"{m.mana(str(cast_face.mana_cost))}: prototype is no alternative cost, so a "
                "spell cast without paying its mana cost may be cast prototyped.",
                ("702.160a", "718.3b"),
            )
        )
    # A cost's X that can't be what was asked goes unpaid before X is announced (107.3a), so
    # no step says it is paid; the mana cost's X is 0 in any case (107.3b).
    allowed, asked = _cost_x_allowed(r, cast_face, x, asked)
    x = _mana_cost_steps(r, cast_face, x, _paid_with_x(cast_face, asked))
    spell_x_allowed = _spell_x_allowed(r, cast_face)  # said even when another reason stops it
    castable = castable and allowed and spell_x_allowed
    if asked.alternative is not None:
        castable = False
        m = Mentions()
        r.note(
            "alternative_cost_not_allowed",
            ("118.9a",),
            f"{m.mana_in(asked.alternative.name)} is an alternative cost, and casting without "
            "paying the mana cost already is one: only one alternative cost can apply to a spell.",
            m,
        )
    asked = _graveyard_keywords_only(r, asked, cast_from)
    paid, payable = _additional_costs(r, cast_face, _payable_at_zero(r, cast_face, asked, x))
    answer = _answer(r, card, cast_face, paid if castable and payable else None, costs, x)
    return Verdict(answer, r.steps)


def _face_castable(
    r: _Ruling, card: Card, cast_face: CardFace, cast_from: CastZone | None, face_up_only: bool
) -> bool:
    """The part cast (709.3, 712.8, 715.3b, 715.4), and whether that face is ever cast
    (305.1)."""
    castable = True
    m = Mentions()  # the steps here name the face cast, and only it
    if len(card.card_faces) > 1 and cast_face.name == card.name:
        return _fused_castable(r, card, cast_from)
    if len(card.card_faces) > 1 and _is_spell_face(card, cast_face, face_up_only):
        r.steps.append(_part_step(card, cast_face))
    # 305.1: a land is played as a special action, never cast, so a land face (an MDFC's land
    # back face, say) can't be cast for free either.
    if cast_face.is_type("land"):
        castable = False
        r.note(
            "land_face_not_castable",
            ("305.1",),
            f"{m.card(cast_face.name)} is a land: lands are played, not cast, so an effect that "
            "casts a spell for free can't put it onto the battlefield.",
            m,
        )
    # 702.127a: an aftermath card's second half is the one with aftermath (a card of one face
    # listing the keyword has no such half).
    halves = card.card_faces
    aftermath = cast_face is halves[-1] and (
        card.layout == "aftermath" or (len(halves) > 1 and "aftermath" in cast_face.keyword_set)
    )
    if aftermath and not _aftermath_castable(r, cast_face, cast_from):
        castable = False
    # How the card is cast transformed, for a back face (a Siege's or a keyword's).
    how = card.cast_transformed_by() if cast_face is not card.front else None
    if _never_cast(card, cast_face, face_up_only):
        castable = False
        mf = Mentions()
        why = _never_cast_words(mf, card, cast_face, face_up_only)
        r.note("face_never_cast", one_part_rule(card, cast_face), why, mf)
    elif how == "free" and cast_from not in (None, "exile"):
        castable = False
        ms = Mentions()
        r.note(
            "face_never_cast",
            ("601.3",),
            f"{ms.card(cast_face.name)} is cast only as its card cast transformed, which a "
            "defeated Siege's own trigger does from exile; this cast is from "
            f"{ZONE_WORDS[cast_from]}.",
            ms,
        )
    elif how == "cost":
        castable = False
        mc = Mentions()
        r.note(
            "alternative_cost_not_allowed",
            ("118.9a", "702.146a", "702.162a"),
            f"{mc.card(cast_face.name)} is cast only transformed, and only for its keyword's "
            "cost (disturb, More Than Meets the Eye), an alternative cost: casting without "
            "paying the mana cost already is one, and only one can apply to a spell.",
            mc,
        )
    return castable


def _part_step(card: Card, cast_face: CardFace) -> Step:
    """The face a spell of a multi-part card has on the stack (709.3, 712.8, 715.3b)."""
    m = Mentions()
    if card.layout == "transform" and cast_face is not card.front:
        how = (
            "a defeated Siege is cast so without paying its mana cost"
            if card.cast_transformed_by() == "free"
            else "its keyword's cost casts it so"
        )
        text = (
            f"{m.card(cast_face.name)} is its card cast transformed, back face up ({how}); on "
            "the stack the spell has only that face's characteristics."
        )
    else:
        text = (
            f"The part cast is {m.card(cast_face.name)}; on the stack the spell has only that "
            "part's characteristics."
        )
    return m.step(text, one_part_rule(card, cast_face))


def _is_spell_face(card: Card, face: CardFace, face_up_only: bool = False) -> bool:
    """Whether the face can be a spell here: not a land (305.1: played, never cast), nor a back
    face that comes only by flipping or melding (710.1, 712.8), nor a transforming card's back
    face that nothing casts transformed (_never_cast)."""
    return not face.is_type("land") and not _never_cast(card, face, face_up_only)


def _never_cast(card: Card, face: CardFace, face_up_only: bool) -> bool:
    """A back face that is never a spell: a flipped or melded one, or a transforming card's
    when nothing casts it transformed, or when the cast is one that casts a card face up (a
    cascade's or a reveal's, 702.85a)."""
    face_up_back = face_up_only and card.layout == "transform" and face is not card.front
    return card.never_cast(face) or face_up_back


def _never_cast_words(m: Mentions, card: Card, face: CardFace, face_up_only: bool) -> str:
    said = f"{m.card(face.name)} is never cast"
    if card.layout in FRONT_CAST_LAYOUTS:
        return (
            f"{said}: a {card.layout} card is cast as {m.card(card.front.name)}, and its other "
            "face comes only by flipping or melding."
        )
    if face_up_only:
        return (
            f"{said} this way: the cast that finds it casts its card face up, as "
            f"{m.card(card.front.name)}."
        )
    return (
        f"{said}: nothing casts {m.card(card.front.name)} transformed (no disturb, More Than "
        "Meets the Eye or Siege), so its back face comes only by transforming."
    )


def _aftermath_castable(r: _Ruling, cast_face: CardFace, cast_from: CastZone | None) -> bool:
    """702.127a: a half with aftermath is cast from a graveyard and from no other zone."""
    m = Mentions()
    half = m.card(cast_face.name)
    if cast_from == "graveyard":
        return True
    if cast_from is None:
        r.steps.append(
            m.step(
                f"{half} has aftermath, so it can be cast only from a graveyard; the question "
                "doesn't say where it is cast from, so this ruling takes it as cast from there.",
                ("702.127a",),
            )
        )
        return True
    r.note(
        "aftermath_only_from_graveyard",
        ("702.127a",),
        f"{half} has aftermath, so it can be cast only from a graveyard, and it is cast from "
        f"{ZONE_WORDS[cast_from]}.",
        m,
    )
    return False


def _fused_castable(r: _Ruling, card: Card, cast_from: CastZone | None) -> bool:
    """702.102a, 702.102c: both halves cast as one spell, which fuse allows from a hand only."""
    m = Mentions()
    r.steps.append(
        m.step(
            f"Cast fused, {m.card(card.name)} is one spell with both halves' characteristics: "
            "its mana cost is both halves' mana costs.",
            ("702.102c",),
        )
    )
    if cast_from == "hand":
        return True
    if cast_from is None:
        r.steps.append(
            Mentions().step(
                "Fuse lets both halves be cast only from their owner's hand; the question doesn't "
                "say where it is cast from, so this ruling takes it as cast from there.",
                ("702.102a",),
            )
        )
        return True
    r.note(
        "fused_only_from_hand",
        ("702.102a",),
        f"Fuse lets both halves be cast only from their owner's hand, and this card is cast "
        f"from {ZONE_WORDS[cast_from]}: only one half can be cast.",
    )
    return False


# An X in a cost's words ("Pay X life", "Sacrifice X creatures") or its mana ("{X}{2}").
_X_IN_COST = re.compile(r"\{X\}|\bX\b")


def x_in_cost(cost: AdditionalCost) -> bool:
    """An X the caster announces (107.3a) in the cost; one the text defines ("collect evidence
    X, where X is ...", 107.3c) is not announced."""
    if "where X is" in cost.name:
        return False
    return bool(_X_IN_COST.search(cost.name)) or (cost.mana is not None and "{X}" in cost.mana)


def _paid_with_x(cast_face: CardFace, asked: _Asked) -> list[AdditionalCost]:
    """The additional costs with an X that this cast pays: the mandatory ones (X is announced
    for them even when the question says they can't be paid: then the spell can't be cast)
    and the optional ones asked for that can be paid."""
    return [
        c
        for c in cast_face.additional_costs
        if x_in_cost(c)
        and (not c.optional or (c.name in asked.additional and c.name not in asked.unpayable))
    ]


# What an X after these words is: a characteristic of the one thing the cost asks for ("an
# artifact with mana value X"), not how many things it asks for; "total power X" sums things.
_X_OF_ONE = ("mana value ", "power ", "toughness ")


def _x_counts(cost: AdditionalCost) -> bool:
    """Whether the cost's X is a number of things or of life ("Pay X life", "Sacrifice X
    creatures"), so that with X = 0 it asks for nothing."""
    name = cost.name
    for m in _X_IN_COST.finditer(name):
        before = name[: m.start()]
        if not before.endswith(_X_OF_ONE) or before.endswith(("total mana value ", "total power ")):
            return True
    return False


def _payable_at_zero(r: _Ruling, cast_face: CardFace, asked: _Asked, x: int) -> _Asked:
    """A cost of X things or X life asks for nothing with X = 0, so it can always be paid
    (119.4: a player can always pay 0 life); the question's `unpayable` doesn't hold for it. A
    cost of one thing described by X ("an artifact with mana value X") still asks for one."""
    if x != 0:
        return asked
    freed = {
        c.name
        for c in cast_face.additional_costs
        if c.name in asked.unpayable
        and x_in_cost(c)
        and _x_counts(c)
        and not with_x(c.mana or "", 0)
    }
    if not freed:
        return asked
    m = Mentions()
    names = ", ".join(m.mana_in(n) for n in sorted(freed))
    r.steps.append(
        m.step(
            f"With X = 0, {names} asks for nothing, so it can be paid whatever the question "
            "says of it.",
            ("119.4", "107.3a"),
        )
    )
    return replace(asked, unpayable=asked.unpayable - freed)


def with_x(mana: str, x: int) -> str:
    """A cost's mana with its {X} the number announced (107.3a)."""
    return mana.replace("{X}", f"{{{x}}}" if x else "")


def _mana_cost_steps(r: _Ruling, cast_face: CardFace, x: int, x_costs: list[AdditionalCost]) -> int:
    """118.9: the mana cost is skipped (202.1b: even when there is none). The X of the spell:
    0 with an X in the mana cost (107.3b); with an X only in additional costs it pays, the
    value announced (107.3a: 107.3b is about the mana cost's X); else none, so 0."""
    m = Mentions()  # the steps here name the face cast, and only it
    r.steps.append(
        Mentions().step(
            "Casting a spell without paying its mana cost is an alternative way to pay for it: "
            "the mana cost is skipped.",
            ("118.9",),
        )
    )
    if cast_face.mana_cost is None and not cast_face.is_type("land"):
        # 202.1b: no mana cost at all (Crashing Footfalls). Its cost is unpayable (118.6), but
        # an alternative cost applied to it may be paid, this one included (118.6a).
        r.steps.append(
            m.step(
                f"{m.card(cast_face.name)} has no mana cost, so its cost can't be paid; an "
                "alternative cost applied to it may be, and casting it without paying its mana "
                "cost is one.",
                ("202.1b", "118.6", "118.6a", "118.9"),
            )
        )
    if x_costs and not cast_face.x_count:
        mx = Mentions()
        names = ", ".join(mx.mana_in(c.name) for c in x_costs)
        r.steps.append(
            mx.step(
                f"X appears in an additional cost paid ({names}) and not in the mana cost, so "
                f"it isn't made 0: it is the value announced as the spell is cast, {x}, and "
                "that cost is paid with it.",
                ("107.3a", "107.3b"),
            )
        )
        return x
    if x != 0:
        # 107.3b: X must be 0. Not a reason to refuse, only a correction of the question (the
        # API's own example asks x = 4 of a card without X and expects this note, x = 0).
        has_x = cast_face.x_count > 0
        r.note(
            "x_must_be_zero",
            ("107.3b",) if has_x else ("107.3",),
            (
                f"X was asked as {x}, but a spell cast without paying its mana cost must choose 0 "
                "for X."
            )
            if has_x
            else f"X was asked as {x}, but {m.card(cast_face.name)} has no X in its mana cost "
            "or in a cost this cast pays; X is 0.",
            m,
        )
    elif cast_face.x_count:
        r.steps.append(
            Mentions().step("X is 0, as it must be when the mana cost isn't paid.", ("107.3b",))
        )
    return 0


def _spell_x_allowed(r: _Ruling, cast_face: CardFace) -> bool:
    """The card's own "X can't be 0" (107.3a) against its mana cost's X, which a cast without
    paying it must make 0 (107.3b): no X is left to announce, so it can't be cast so
    (601.2b)."""
    if not (cast_face.x_not_zero and cast_face.x_count):
        return True
    m = Mentions()
    r.note(
        "x_cannot_be_zero",
        ("107.3b", "601.2b"),
        f"{m.card(cast_face.name)} says X can't be 0, and a spell cast without paying its mana "
        "cost can choose only 0 for X: no X can be announced, so it can't be cast this way.",
        m,
    )
    return False


def _cost_x_allowed(r: _Ruling, cast_face: CardFace, x: int, asked: _Asked) -> tuple[bool, _Asked]:
    """The card's own "X can't be 0" (107.3a) against an X asked as 0 for the costs it pays when
    its mana cost has none (a kicker's): a mandatory such cost makes the cast impossible as
    asked; optional ones can't be paid that way and are not paid, as any optional cost that
    can't be (the spell is cast without them)."""
    x_costs = _paid_with_x(cast_face, asked)
    if not cast_face.x_not_zero or cast_face.x_count or x != 0 or not x_costs:
        return True, asked
    m = Mentions()
    card = m.card(cast_face.name)
    names = ", ".join(m.mana_in(c.name) for c in x_costs)
    if any(not c.optional for c in x_costs):
        r.note(
            "x_cannot_be_zero",
            ("107.3a", "601.2b"),
            f"X was asked as 0 for {names}, and {card} says X can't be 0: that X is no legal "
            "choice, so it can't be cast as asked (with an X of 1 or more it could be).",
            m,
        )
        return False, asked
    r.note(
        "x_cannot_be_zero",
        ("107.3a", "601.2b"),
        f"X was asked as 0 for {names}, and {card} says X can't be 0: being optional, "
        f"{'it is' if len(x_costs) == 1 else 'they are'} not paid (with an X of 1 or more "
        f"{'it' if len(x_costs) == 1 else 'they'} could be).",
        m,
    )
    return True, replace(asked, additional=asked.additional - {c.name for c in x_costs})


def _graveyard_keywords_only(r: _Ruling, asked: _Asked, cast_from: CastZone | None) -> _Asked:
    """The costs asked for, without a jump-start's or retrace's when the spell is cast from
    another zone (said, or a reveal's hit): there the cost doesn't exist, so it isn't paid, and
    a note says so. Without a zone, asking for one says the cast is from a graveyard."""
    if cast_from is None or cast_from == "graveyard":
        return asked
    dropped = {n: rule for n in sorted(asked.additional) if (rule := from_graveyard_rule(n))}
    for name, rule in dropped.items():
        m = Mentions()
        r.note(
            "additional_cost_not_applicable",
            (rule, "601.2f"),
            f"{m.mana_in(name)} is paid only to cast the card from a graveyard, and this cast "
            f"is from {ZONE_WORDS[cast_from]}: it isn't paid.",
            m,
        )
    if not dropped:
        return asked
    return replace(asked, additional=asked.additional - set(dropped))


def _additional_costs(
    r: _Ruling, cast_face: CardFace, asked: _Asked
) -> tuple[list[AdditionalCost], bool]:
    """118.8, 601.2f: the additional costs paid on top, and False when a mandatory one can't be
    paid (the spell can't be cast, even for free)."""
    paid: list[AdditionalCost] = []
    payable = True
    for cost in cast_face.additional_costs:
        # A cost is named in the card's own words, which may show mana (an action or a payment
        # of mana, say): the steps naming it mention that mana.
        m = Mentions()
        name = m.mana_in(cost.name)
        if not cost.optional:
            # 118.8 / 601.2f: a mandatory additional cost is always part of the total cost.
            if cost.name in asked.unpayable:
                payable = False
                r.note(
                    "mandatory_additional_cost_unpayable",
                    ("118.8", "601.2f"),
                    f"{name} is a mandatory additional cost and it can't be paid, so the "
                    "spell can't be cast, even for free.",
                    m,
                )
            else:
                paid.append(cost)
                r.steps.append(
                    m.step(
                        f"{name} is a mandatory additional cost: it is paid on top.",
                        ("118.8", "601.2f"),
                    )
                )
        elif cost.name in asked.additional:
            if cost.name in asked.unpayable:
                r.note(
                    "optional_additional_cost_unpayable",
                    ("118.8",),
                    f"{name} was asked for but can't be paid; being optional, it is simply "
                    "not paid.",
                    m,
                )
            else:
                paid += [cost] * asked.times[cost.name]
                r.steps.append(_optional_paid_step(cost, m, asked.times[cost.name]))
    return paid, payable and _modes_chosen(r, cast_face, paid)


def _optional_paid_step(cost: AdditionalCost, m: Mentions, times: int = 1) -> Step:
    """`m`: the mentions of the cost's name, already recorded; `times`: how many times it is
    paid (a repeatable cost)."""
    if cost.mode_of is not None:
        return m.step(
            f"{cost.name} is a chosen mode: its cost is an additional cost, owed even though the "
            "mana cost is not.",
            (_MODES_CHOSEN[cost.mode_of][0], "118.8", "601.2f"),
        )
    owed = "; its mana is owed even though the mana cost is not" if cost.mana else ""
    if times > 1:
        owed = f", here {times} times{owed}"
    return m.step(
        f"{cost.name} is an optional additional cost and may still be paid{owed}.",
        ("118.8", "601.2f"),
    )


# The modes a modal spell whose modes carry costs must have chosen, by the rule that says so.
_MODES_CHOSEN = {"spree": ("702.172a", "one or more"), "tiered": ("702.183a", "exactly one")}


def _modes_chosen(r: _Ruling, cast_face: CardFace, paid: list[AdditionalCost]) -> bool:
    """702.172a, 702.183a: a spree spell is cast with one or more modes, a tiered one with
    exactly one, each chosen mode's cost an additional cost (paid in a free cast too, 118.8).
    False (can't be cast as asked) when no mode was chosen; two modes of a tiered spell are a
    malformed question."""
    kinds = {c.mode_of for c in cast_face.additional_costs if c.mode_of is not None}
    for kind in sorted(kinds):
        rule, how_many = _MODES_CHOSEN[kind]
        modes = [c for c in cast_face.additional_costs if c.mode_of == kind]
        chosen = [c.name for c in paid if c.mode_of == kind]
        if kind == "tiered" and len(chosen) > 1:
            raise QuestionError(
                ("additional_costs",),
                f"a tiered spell has exactly one mode chosen (702.183a); asked: {chosen}",
                "too_many_modes",
            )
        if not chosen:
            m = Mentions()
            listed = ", ".join(
                f"{m.mana_in(c.name)} ({m.mana(c.mana)})"
                if c.mana
                else f"{m.mana_in(c.name)} (no mana)"
                for c in modes
            )
            r.note(
                "mode_cost_required",
                (rule, "118.8"),
                f"It is cast with {how_many} of its modes, and each chosen mode's cost is an "
                "additional cost, paid even when the mana cost isn't; none was chosen. Name "
                f"the modes in additional_costs: {listed}.",
                m,
            )
            return False
    return True


# The keywords that stand for a cost reduction, by the rule that defines them.
_CHANGE_KEYWORD_RULES = {"Affinity": "702.41a", "Undaunted": "702.125a"}


def _generic(mana: str) -> int:
    return _split_generic([mana])[0]


def _less_generic(mana: str, amount: int) -> str:
    """118.7a: `amount` of generic mana taken off, never the rest, never below nothing."""
    generic, others = _split_generic([mana])
    return _render_mana(max(generic - amount, 0), others)


def _cost_phrase(change: CostChange | SpellCostChange) -> str:
    """ "{1} less to cast for each ...": the amount, the way and `when`, as both kinds say it."""
    more = "more" if change.change == "increase" else "less"
    return f"{change.mana} {more} to cast" + (f" {change.when}" if change.when else "")


def _change_words(change: CostChange, name: str) -> str:
    source = f" (its {change.keyword.lower()})" if change.keyword else ""
    return f"{name} costs {_cost_phrase(change)}{source}"


_NTH_CASTER = {
    "you": "its controller casts each turn",
    "opponent": "each of its controller's opponents casts each turn",
    "any": "each player casts each turn",
}


def _board_change_words(change: SpellCostChange, named: Selector, label: str, many: bool) -> str:
    """What a board's change does, in words; `named`: its spells, with what its permanent
    chose filled in."""
    how = ""
    if change.per_other_spell_this_turn:
        how += " for each other spell their caster has cast this turn"
    if change.during is not None:
        how += DURING_WORDS[change.during]
    spells = describe_spells(named)
    if change.nth_spell_this_turn is not None:
        # Whose n-th spell of the turn: of any spell, or of those it names.
        n = change.nth_spell_this_turn
        nth = f"the {_ORDINALS.get(n, f'{n}th')}"
        caster = _NTH_CASTER[change.spells.controller]
        match change.counting:
            case "all":
                spells = f"{nth} spell {caster}"
            case "alike":
                spells = f"{spells}, {nth} such spell {caster}"
    if change.asks_zone:
        spells += f" {from_zones(change)}"
    return f"{label} {'make' if many else 'makes'} {spells} cost {_cost_phrase(change)}{how}"


SpellCostEffect = SpellCostChange | SpellCostMinimum


# Permanents of one card with the same cost effect that applies: one step and one entry say
# them all (a board may hold thousands), in the order first met.
Applying = list[tuple[list[Source], SpellCostEffect]]


def _applying(r: _Ruling, costs: BoardCosts, cast_face: CardFace) -> Applying:
    """The board's cost effects that apply to this spell as it is cast by the caster: its
    characteristics on the stack (the face cast) and the effect's condition on its source.
    Alike ones (the same card's same effect) are grouped."""
    spell = spell_traits(costs.caster, cast_face)
    return applying(
        r.steps,
        costs.view.spell_costs,
        lambda src, effect: _why_not(costs, src, effect, spell),
        ("effects that change what spells cost", "601.2f"),
    )


# What a cost effect does to spells, in the words of a 422 asking for what it reads.
_CHANGES = "changes what spells cost"


def _why_not(
    costs: BoardCosts, src: Source, effect: SpellCostEffect, spell: Traits
) -> tuple[str, tuple[str, ...]] | None:
    """Why a cost effect doesn't apply to the spell, and the rules that say so; None when it
    does."""
    looker = Looker(src.controller, src.attached_to, src.id)
    spells: Selector | None = effect.spells
    if isinstance(effect, SpellCostChange):
        spells = chosen_spells(costs, src, effect.spells, effect)
    if spells is None:
        return named_none(costs, src, "601.2f")
    if not spells.matches(looker, "", spell):
        return (
            f"it changes what {describe_spells(spells)} cost, and this spell, cast by "
            f"{spell.controller}, isn't one.",
            ("601.2f",),
        )
    if effect.while_untapped and costs.view.board.by_id[src.id].tapped:
        return "it applies only while its permanent is untapped, and it is tapped.", ("601.2f",)
    if not isinstance(effect, SpellCostChange):
        return None
    if (zone := zone_why_not(costs, src, effect, _CHANGES)) is not None:
        return zone, costs.zone_rules("601.2f")
    turn = during_why_not(costs.view, src, effect.during, spell.controller, _CHANGES)
    turn = turn or _nth_why_not(costs.view, src, effect, spell.controller, spells)
    return None if turn is None else (turn, ("601.2f",))


_ORDINALS = {1: "first", 2: "second", 3: "third"}


def _nth_why_not(
    view: BoardView, src: Source, effect: SpellCostChange, caster: str, spells: Selector
) -> str | None:
    """The caster's n-th spell of the turn a change asks for, read from the state: of any
    spell, or of those it names (`spells`, with what its permanent chose) when it counts them
    alike (601.2i)."""
    if effect.nth_spell_this_turn is None:
        return None
    n = effect.nth_spell_this_turn
    match effect.counting:
        case "all":
            cast, such = _spells_cast(view, src, caster), ""
        case "alike":
            cast, such = alike_spells_cast(view, src, caster, spells, _CHANGES), " such"
    if cast == n - 1:
        return None
    nth = _ORDINALS.get(n, f"{n}th")
    return (
        f"it applies to its caster's {nth}{such} spell of the turn, and {caster} has cast "
        f"{cast} before this one."
    )


def _spells_cast(view: BoardView, src: Source, caster: str) -> int:
    return spells_cast(view, src, caster, "changes what a spell costs")


@dataclass(frozen=True, slots=True)
class _Change:
    """A cost increase or reduction on the spell cast: one of its own, or one of a permanent
    on the board (`source`), with the words its step names it by."""

    change: CostChange | SpellCostChange
    words: str
    m: Mentions
    rules: tuple[str, ...]
    sources: tuple[str, ...] = ()  # the permanents whose effect it is; none: the spell's own
    times: int = 1  # how many times its mana applies, counted from the state
    counted_from_board: bool = False  # its `when` ("for each ...") was counted on the board


def _own_changes(cast_face: CardFace, costs: BoardCosts | None) -> list[_Change]:
    changes: list[_Change] = []
    for change in cast_face.cost_changes:
        m = Mentions()
        # The condition is the card's own words, which may show mana symbols too.
        words = m.mana_in(_change_words(change, m.card(cast_face.name)))
        rules = ("601.2f", *_cost_change_rules(change))
        if change.for_each is None or costs is None:
            changes.append(_Change(change, words, m, rules))
            continue
        n = _counted(costs, cast_face, change.for_each)
        words += f" ({costs.caster} controls {n})"
        changes.append(_Change(change, words, m, rules, times=n, counted_from_board=True))
    return changes


def _counted(costs: BoardCosts, cast_face: CardFace, permanents: Selector) -> int:
    """How many permanents on the board the spell's own "for each ..." counts, seen from the
    spell on the stack, which its caster controls (its `you`)."""
    return len(costs.view.matching(permanents, seen_from_caster(costs, cast_face.name)))


def _board_changes(costs: BoardCosts | None, applying: Applying) -> list[_Change]:
    changes: list[_Change] = []
    for sources, effect in applying:
        if isinstance(effect, SpellCostChange):
            m = Mentions()
            label = group_label(m, sources)
            named = chosen_spells(costs, sources[0], effect.spells, effect) if costs else None
            words = m.mana_in(
                _board_change_words(effect, named or effect.spells, label, len(sources) > 1)
            )
            times = len(sources)
            if effect.per_other_spell_this_turn and costs is not None:
                cast = _spells_cast(costs.view, sources[0], costs.caster)
                words += f" ({costs.caster} has cast {amount(cast, 'other spell')} this turn)"
                times *= cast
            ids = tuple(src.id for src in sources)
            # 601.2a: a change that asks the zone cites what put the spell there.
            rules = (
                costs.zone_rules("601.2f")
                if costs is not None and effect.asks_zone
                else ("601.2f",)
            )
            changes.append(_Change(effect, words, m, rules, ids, times))
    return changes


def _cost_changes(
    r: _Ruling, changes: list[_Change], owed: str
) -> tuple[str, list[CostChangeApplied], bool]:
    """601.2f: the increases added to what is still owed, then the reductions taken off
    (118.7a: generic mana only). Returns the mana owed with every change that always applies,
    each change as the answer lists it, and whether one that depends on the game was left
    out of that amount."""
    applied: list[CostChangeApplied] = []
    # Generic mana an increase may add that `owed` doesn't hold: a reduction may take it off.
    uncounted_generic = False
    uncounted = False
    for c in sorted(changes, key=lambda c: c.change.change != "increase"):
        change, words, m = c.change, c.words, c.m
        if change.change == "increase":
            counted = not change.when or c.counted_from_board
            if counted:
                owed = _sum_mana([owed, *[change.mana] * c.times])
                text = (
                    f"{words}: an increase still applies to a free cast, so it is paid."
                    if c.times
                    else f"{words}: it applies once for each, and there are none."
                )
            else:
                uncounted_generic = uncounted_generic or _generic(change.mana) > 0
                text = (
                    f"{words}: when that holds as it is cast, that mana is paid on top, even "
                    "though the mana cost isn't."
                )
            r.note("cost_increase", c.rules, text, m)
        else:
            rules = ("118.7a", *c.rules)
            generic = _generic(owed)
            fixed = change.mana != "{X}" and (not change.when or c.counted_from_board)
            if generic == 0 and not uncounted_generic:
                counted = True
                r.note(
                    "cost_reduction_nothing_to_reduce",
                    rules,
                    f"{words}: a reduction takes off generic mana only, and what is still "
                    "paid has none, so it changes nothing here.",
                    m,
                )
            else:
                counted = fixed and not uncounted_generic
                if fixed:
                    owed = _less_generic(owed, _generic(change.mana) * c.times)
                owes = (
                    f"of what is still paid, {m.mana(f'{{{generic}}}')}"
                    if generic
                    else "none is owed yet, but an increase that applies may add some"
                )
                r.note(
                    "cost_reduction",
                    rules,
                    f"{words}: it takes off generic mana only ({owes})"
                    + (
                        (", and it applies here." if c.sources else ", and it always applies.")
                        if counted
                        else ", as much as it comes to."
                    ),
                    m,
                )
        uncounted = uncounted or not counted
        applied.append(
            CostChangeApplied(
                change=change.change,
                mana=change.mana,
                when=change.when,
                counted=counted,
                sources=list(c.sources),
                times=c.times,
            )
        )
    return owed, applied, uncounted


def _cost_minimums(
    r: _Ruling,
    applying: Applying,
    owed: str,
    uncounted: bool,
    applied: list[CostChangeApplied],
) -> str:
    """601.2f: once increases and reductions are counted, an effect that sets the least a
    spell costs applies to that total; generic mana makes up the difference. Each one is
    added to `applied`; returns the mana owed."""
    for sources, effect in applying:
        if not isinstance(effect, SpellCostMinimum):
            continue
        m = Mentions()
        label = group_label(m, sources)
        floor = effect.total
        has = cost_mana_value(parse_cost(owed)) if owed else 0
        short = max(floor - has, 0)
        if short and not uncounted:
            owed = _sum_mana([owed, f"{{{short}}}"])
        if uncounted:
            text = (
                f"{label}: a spell that would cost less than {floor} mana costs {floor}. It "
                "applies to the total once every increase and reduction is counted, and one "
                f"above depends on the game, so this one does too: the total is raised to {floor} "
                "if it comes to less."
            )
        elif short:
            text = (
                f"{label}: a spell that would cost less than {floor} mana costs {floor}, applied "
                f"to the total once every increase and reduction is counted: the total came to "
                f"{has}, so {m.mana(f'{{{short}}}')} more is paid."
            )
        else:
            text = (
                f"{label}: a spell that would cost less than {floor} mana costs {floor}; the "
                f"total already comes to {has}, so it changes nothing."
            )
        r.note("cost_minimum", ("601.2f",), text, m)
        applied.append(
            CostChangeApplied(
                change="minimum",
                mana=f"{{{floor}}}",
                when="",
                counted=not uncounted,
                sources=[src.id for src in sources],
            )
        )
    return owed


def _owed_for(paid: list[AdditionalCost], changes: list[CostChangeApplied], raised: bool) -> str:
    """What the mana still paid is for; `raised`: a least cost added some."""
    parts = [
        what
        for what, holds in (
            ("additional costs", any(c.mana for c in paid)),
            ("a cost increase", any(c.change == "increase" and c.counted for c in changes)),
            ("a least cost", raised),
        )
        if holds
    ]
    if len(parts) > 1:
        parts[-2:] = [f"{parts[-2]} and {parts[-1]}"]
    return f" for {', '.join(parts)}" if parts else ""


def _cost_change_rules(change: CostChange) -> tuple[str, ...]:
    rule = _CHANGE_KEYWORD_RULES.get(change.keyword or "")
    return (rule,) if rule else ()


def _answer(
    r: _Ruling,
    card: Card,
    cast_face: CardFace,
    paid: list[AdditionalCost] | None,
    costs: BoardCosts | None,
    x: int,
) -> CastWithoutPayingAnswer:
    """The answer, castable when `paid` (the additional costs paid) is given; `x` the X of
    the spell (_mana_cost_steps)."""
    if paid is not None:
        applying = _applying(r, costs, cast_face) if costs else []
        mana, changes, uncounted = _cost_changes(
            r,
            [*_own_changes(cast_face, costs), *_board_changes(costs, applying)],
            _sum_mana([due for c in paid if c.mana and (due := with_x(c.mana, x))]),
        )
        before = mana
        mana = _cost_minimums(r, applying, mana, uncounted, changes)
        mv = card.face_mana_value_in_play(cast_face, 0)
        costed = card.mana_value_face(cast_face)
        m = Mentions()
        r.steps.append(
            m.step(
                f"{m.card(cast_face.name)} can be cast without paying its mana cost"
                + (
                    f"; {m.mana(mana)} is still paid{_owed_for(paid, changes, mana != before)}."
                    if mana
                    else "."
                )
                + f" On the stack its mana value is {mv} "
                + (
                    "(X counts as 0)."
                    if costed.x_count
                    else "(its mana cost has no X)."
                    if costed is cast_face
                    else f"(from {m.card(costed.name)}'s mana cost, 712.8)."
                ),
                ("118.9", "202.3"),
            )
        )
        return CastWithoutPayingAnswer(
            castable=True,
            face=cast_face.name,
            x=x,
            alternative_cost=None,
            additional_costs_paid=[c.name for c in paid],
            mana_to_pay=mana,
            mana_value_on_stack=mv,
            cost_changes=changes,
            reasons=r.reasons,
        )
    m = Mentions()
    r.steps.append(m.step(f"{m.card(cast_face.name)} can't be cast this way.", ("118.9",)))
    return CastWithoutPayingAnswer(
        castable=False,
        face=cast_face.name,
        x=x,
        alternative_cost=None,
        additional_costs_paid=[],
        mana_to_pay="",
        # Still a number: what the spell would have on the stack (the face, X = 0).
        mana_value_on_stack=card.face_mana_value_in_play(cast_face, 0),
        reasons=r.reasons,
    )
