"""Board mistakes a client can make that the engine would otherwise misread in silence: each is
a QuestionError naming the field and saying what to send instead (never a wrong answer)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

from app.domain.base import in_key_order
from app.domain.card import (
    Ability,
    AmountIfCounter,
    Card,
    CardFace,
    EntersWithCounters,
    ForbidActivation,
    GainControl,
    GrantKeyword,
    GrantManaAbility,
    IfCounter,
    ManaAbility,
    ManaAmount,
    ManaReplacement,
    ManaTrigger,
    OneColorPerCount,
    PerCounter,
    Production,
    Selector,
    SpellCastBan,
)
from app.domain.continuous import SetLandTypes
from app.domain.errors import QuestionError
from app.domain.filters import counter_kinds
from app.domain.quantities import CountersOnSource
from app.domain.state import EffectIn

Loc = tuple[str | int, ...]

# Counter kinds (122.1) in the spelling the catalog uses; a client may add " counter(s)" and
# any case. A card's own abilities may name others (an inline definition's invented counter).
COUNTER_KINDS = frozenset(
    {
        "+1/+1",
        "-1/-1",
        "+1/+0",
        "+0/+1",
        "age",
        "charge",
        "defense",
        "depletion",
        "fade",
        "flood",
        "ice",
        "level",
        "lore",
        "loyalty",
        "mining",
        "oil",
        "quest",
        "shield",
        "spore",
        "storage",
        "stun",
        "time",
        "verse",
    }
)


def check_on_battlefield(
    card: Card, face: CardFace, loc: Loc, token_copy: bool = False, copied: bool = False
) -> None:
    """304.4, 307.4: an instant or sorcery never is a permanent; its effect for the turn is an
    `effects` entry. `token_copy`: the permanent is a token copy naming the spell that made it,
    which, where the spell's copy has no exceptions read, is sent as the copied card;
    `copied`: the card is named in a `copy_of`, where a face's name says which face."""
    kind = "instant" if face.is_type("instant") else "sorcery" if face.is_type("sorcery") else None
    if kind is None:
        return
    what = f"{face.name} is {'an' if kind == 'instant' else 'a'} {kind}"
    if token_copy:
        hint = (
            "a token copy it made with no exceptions is the copied card: send that card as "
            "its 'card', with 'token' true (707.2)"
        )
    elif card.faces and any(f.is_permanent for f in card.card_faces):
        faces = " or ".join(repr(f.name) for f in card.card_faces if f.is_permanent)
        hint = (
            f"name the face it copied in 'copy_of' ({faces})"
            if copied
            else "give 'face' for the face that is on the battlefield"
        )
    elif _effect_abilities(card):
        hint = "send it in state.effects (the turn-long effect of the resolved spell)"
    else:
        hint = "leave it out: it has no effect on the battlefield"
    raise QuestionError(
        loc, f"{what} and can't be on the battlefield (304.4, 307.4); {hint}", "not_a_permanent"
    )


def check_effect(card: Card, entry: EffectIn, loc: Loc, card_field: str) -> Card:
    """An `effects` entry is a resolved spell or ability in force now: its card must
    have an ability that works from there; the entry names the line it resolved from (`line`) where
    the card's `effect_lines` asks; one that affects "target" needs `target`, and one that
    affects "target player" needs `target_player` (115.1). Returns the card as the entry
    sees it: with `line`, only that line's effects (Card.resolved_from)."""
    if not _effect_abilities(card):
        why = (
            f"{card.name} has no effect the engine reads that an effects entry could stand for "
            f"(its text not understood: {'; '.join(card.unsupported_text)[:300]})"
            if card.unsupported_text
            else f"{card.name} has no effect that an effects entry could stand for"
            + (
                "; a permanent card goes in state.battlefield"
                if any(f.is_permanent for f in card.card_faces)
                else " (nothing it does changes what the engine rules on)"
            )
        )
        raise QuestionError((*loc, card_field), why, "not_an_effect")
    card = _resolved_line(card, entry, loc)
    abilities = _effect_abilities(card)
    if entry.target is None and any(_needs_target(a) for a in abilities):
        raise QuestionError(
            (*loc, "target"),
            f"{card.name} affects its target: give 'target', the id of that permanent",
            "target_required",
        )
    if entry.target_player is None and any(
        isinstance(a, SpellCastBan) and a.by_target_player for a in abilities
    ):
        raise QuestionError(
            (*loc, "target_player"),
            f"{card.name} affects the player it targets: give 'target_player', that player",
            "target_player_required",
        )
    return card


def _resolved_line(card: Card, entry: EffectIn, loc: Loc) -> Card:
    """The card as the entry sees it: where what an entry of it does depends on which of its
    abilities resolved (its `effect_lines`), the entry must name one of those lines."""
    lines = card.front.effect_lines
    listed = ", ".join(str(n) for n in lines)
    if entry.line is None:
        if lines:
            raise QuestionError(
                (*loc, "line"),
                f"what an entry of {card.name} does depends on which of its abilities "
                f"resolved: give 'line', the paragraph of its rules text (counted from 1) "
                f"that resolved, one of {listed}",
                "line_required",
            )
        return card
    if lines and entry.line not in lines:
        raise QuestionError(
            (*loc, "line"),
            f"paragraph {entry.line} of {card.name}'s rules text is no ability an entry "
            f"can stand for that the engine reads whole; give one of {listed}",
            "not_an_effect_line",
        )
    return card.resolved_from(entry.line)


def counter_spelling(
    faces: Iterable[CardFace],
    counters: dict[str, int],
    loc: Loc,
    also: frozenset[str] = frozenset(),
    elsewhere: Callable[[], frozenset[str]] = frozenset,
) -> dict[str, int]:
    """Counter names in the catalog's spelling ("+1/+1 counters" is "+1/+1"); a name that is
    no counter kind the engine knows is refused rather than ignored. `faces`: the permanent's
    card's, and what it has as a copy (707.2: a copy of a storage land has storage counters
    to name); also: kinds the state's effects look for on the permanents they change
    (effect_counters); elsewhere: asked only for a name none of those knows, the kinds the
    abilities of the other permanents' cards look for on what they change (an "everything
    counter" on a land that another permanent's ability reads)."""
    known = COUNTER_KINDS | set(_counters_named(faces)) | also
    out: dict[str, int] = {}
    for asked, amount in counters.items():
        name = _plain_counter(asked)
        match = next((k for k in known if k.casefold() == name), None)
        if match is None:
            match = next((k for k in elsewhere() if k.casefold() == name), None)
        if match is None:
            raise QuestionError(
                (*loc, asked),
                f"unknown counter {asked!r}: name the kind, like '+1/+1' or 'charge'",
                "unknown_counter",
            )
        if match in out:
            raise QuestionError(
                (*loc, asked), f"counter {match!r} is given twice", "duplicate_counter"
            )
        if amount:  # none of a kind is no counter of it: one question, however spelled
            out[match] = amount
    # Respelled, the keys may have changed order; the question keeps them in order, as
    # validation left them (KEY_ORDERED).
    return in_key_order(out)


def _plain_counter(name: str) -> str:
    plain = " ".join(name.split()).casefold()
    for suffix in (" counters", " counter"):
        if plain.endswith(suffix):
            return plain.removesuffix(suffix).strip()
    return plain


def _effect_abilities(card: Card) -> list[Ability]:
    # The engine reads an effect's front face (app.engine.board).
    return [a for a in card.front.abilities if getattr(a, "works_from", None) == "effect"]


def selector_counters(card: Card) -> Iterator[str]:
    """Counter kinds the abilities of a card's faces look for on the permanents they change
    (a land type for each land with a kind of counter on it)."""
    for face in card.card_faces:
        for a in face.abilities:
            yield from _selector_counters(a)


def effect_counters(card: Card) -> Iterator[str]:
    """Counter kinds an effect's abilities look for on what they change ("for as long as that
    creature has a shadow counter on it"): a permanent of another card may carry them."""
    for a in _effect_abilities(card):
        yield from _selector_counters(a)


def _selector_counters(ability: Ability) -> Iterator[str]:
    """The counter kinds an ability's selector names (its `to`, where it has one)."""
    to = getattr(ability, "to", None)
    if isinstance(to, Selector) and to.where is not None:
        yield from counter_kinds(to.where)


def own_card_keywords(card: Card) -> list[str]:
    """The keywords an effects entry of this card gives only a permanent of the same card
    (unearth's, dash's haste: GrantKeyword.own_card)."""
    return [
        a.keyword for a in _effect_abilities(card) if isinstance(a, GrantKeyword) and a.own_card
    ]


def check_own_target(card: Card, target_pair: tuple[Card, CardFace], target: str, loc: Loc) -> None:
    """An entry standing for a card's own keyword for what it put onto the battlefield
    (702.84a unearth, 702.109a dash, 702.152a blitz, 702.141a encore, 702.136a riot, 702.62a
    suspend) targets that permanent: a permanent of the card, or one that is a copy of it
    (707.2: a Clone entering as a copy of a riot creature has riot); one of another card would
    get nothing, which the engine must not answer in silence."""
    target_card, target_face = target_pair
    if card.name in (target_card.name, target_face.name):
        return
    what = " and ".join(sorted(set(own_card_keywords(card))))
    raise QuestionError(
        (*loc, "target"),
        f"{card.name}'s {what} is for the permanent it put onto the battlefield, a permanent "
        f"of {card.name}; {target!r} is {target_card.name}: give the id of {card.name}'s "
        "permanent",
        "not_own_permanent",
    )


def _needs_target(a: Ability) -> bool:
    match a:
        case GainControl():
            return a.of == "target"
        case GrantManaAbility() | GrantKeyword() | ForbidActivation():
            return a.to.relation == "attached"
        case ManaReplacement() | ManaTrigger():
            return a.source.relation == "attached"
        case _:
            # Any other effect on "its target" (an animation, a land type, colors, abilities
            # lost): without `target` it would change nothing, silently.
            to = getattr(a, "to", None)
            return isinstance(to, Selector) and to.relation == "attached"


def _produced_counters(prod: Production) -> Iterator[str]:
    """The counter kind a production counts on its source, if it names one."""
    if isinstance(prod, PerCounter | IfCounter):
        yield prod.counter
    if isinstance(prod, OneColorPerCount) and prod.counter is not None:
        yield prod.counter
    counted = prod.amount if isinstance(prod, ManaAmount) else None
    if isinstance(counted, CountersOnSource) and counted.counter is not None:
        yield counted.counter


# A cost that puts a counter on the permanent ("put a -0/-1 counter on ~"): that kind is one
# the state may give it.
_PUT_COUNTER = re.compile(r"^put (?:a|an|one|two|three|\d+) ([\w+/-]+) counters? on ~$")


def _cost_counters(ability: ManaAbility) -> Iterator[str]:
    for part in ability.cost.others:
        if part.kind == "counter" and (m := _PUT_COUNTER.match(part.text)) is not None:
            yield m.group(1)


def _counters_named(faces: Iterable[CardFace]) -> Iterator[str]:
    for face in faces:
        for a in face.abilities:
            ability = a.ability if isinstance(a, GrantManaAbility) else a
            if isinstance(ability, ManaAbility):
                yield from ability.cost.remove_counters
                if ability.cost.remove_x_counters is not None:
                    yield ability.cost.remove_x_counters.counter
                yield from _produced_counters(ability.produces)
                if isinstance(ability.instead, AmountIfCounter):
                    yield ability.instead.counter
                if ability.while_counters is not None:
                    yield ability.while_counters.counter
                yield from ability.puts_counters
                yield from ability.instruction_counters
                yield from _cost_counters(ability)
            elif isinstance(ability, EntersWithCounters):
                yield ability.counter
            elif isinstance(ability, SetLandTypes) and ability.while_counters is not None:
                yield ability.while_counters.counter
            # A static that holds while it has counters ("as long as ~ has three or more fire
            # counters on it, ..."): its selector names the kind.
            yield from _selector_counters(a)
