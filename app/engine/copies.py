"""Copy effects (707), layer 1 (613.1a): what a permanent is when it is a copy of another object.

Entry point: `copiable_face(own, copied, loc)`, called as a question's state is read, so the
permanent the engine sees already has the copy's values and every later layer (control, types,
colors, abilities) applies to them as to any face.

- 707.2: a copy has the copied object's copiable values: its name, mana cost, colors, card
  types, subtypes, supertypes, rules text (so its abilities: a copy of a land has that land's
  mana abilities, a copy of a basic Forest is a basic Forest) and its printed power and
  toughness. It has nothing another effect gave the copied object, no counters, no status:
  those are the copy's own (the state's fields for it).
- 707.3: a copy of a copy has what the copied object copied, with the exceptions that copy
  effect named: the state's `copy_of` lists the copied card, then what it copied, and so on.
- 707.9: the copy effect's own exceptions ("except it's an artifact in addition to its other
  types", "except it has haste") become part of the copy's values, so they too come before
  every other layer (707.9b).

A permanent with a copy effect that is no copy now has its own face: the state leaves
`copy_of` out, or gives `[]` for one that entered as itself (resolve.py requires it for a
permanent that may enter as a copy).
"""

from __future__ import annotations

from collections.abc import Sequence

from app.domain.abilities import CopyEffect
from app.domain.card import Card, CardFace
from app.domain.errors import QuestionError
from app.domain.mana import COLORS
from app.domain.ruling import Refs, Step
from app.domain.state import Board

Loc = tuple[str | int, ...]


def copy_effect_of(face: CardFace) -> CopyEffect | None:
    """The face's copy effect, if it has one (the compiler gives a face one at most)."""
    for a in face.abilities:
        if isinstance(a, CopyEffect):
            return a
    return None


def became_copy_after_entering(card: Card) -> bool:
    """Whether a permanent of this card that is a copy became one after it entered: its card
    becomes a copy by an activated or triggered ability of its own (Mirror of the Forebears).
    The choices its copied card makes "as ~ enters" were then never made for it (707.2: only
    copiable values are copied, and a choice made as the copied object entered is none)."""
    return any(
        (effect := copy_effect_of(face)) is not None and effect.by in ("activation", "trigger")
        for face in card.card_faces
    )


def choices_unmade(card: Card, copy_of: Sequence[str] | None, entered_as_copy: bool | None) -> bool:
    """707.2: whether a permanent of `card` is a copy for which none of its copied card's
    "as ~ enters" choices was made: one that became a copy after it entered, as the state says
    (`entered_as_copy` false) or, unsaid, as its own card's copy ability does."""
    if not copy_of:
        return False
    if entered_as_copy is not None:
        return not entered_as_copy
    return became_copy_after_entering(card)


def copiable_face(
    own: CardFace, copied: Sequence[CardFace], loc: Loc, *, token: bool = False
) -> CardFace:
    """The face a permanent has as a copy (module docstring): `copied` is the copied card's face
    first, then, when that card was itself a copy, the face it copied, and so on (707.3). `loc`:
    the state's `copy_of` field, where a card in the middle of the chain that can't be a copy is
    reported. `token`: the permanent is a token, so a copy effect of its card that makes token
    copies made it (that effect's exceptions are its own; a card copied by something else has
    none)."""
    if token and copied[0].name == own.name and _own_token_keyword(own):
        raise QuestionError(
            loc,
            f"a token copy of {own.name} made by its {_own_token_keyword(own)} has exceptions "
            "(707.9b: another color, a Zombie, no mana cost) this service doesn't apply: "
            "describe the token inline with 'definition' (its colors, types, no mana cost)",
            "copy_exceptions_unread",
        )
    values = copied[-1]
    for j in range(len(copied) - 2, -1, -1):
        middle = copied[j]
        effect = copy_effect_of(middle)
        if effect is None:
            raise QuestionError(
                (*loc, j),
                f"{middle.name} has no ability that makes it a copy of anything (707.3), so "
                "nothing after it in 'copy_of' can be what it copied: name only the card the "
                "permanent copied",
                "not_a_copy",
            )
        values = with_exceptions(middle, effect, values)
    effect = _its_own(copy_effect_of(own), token)
    return values if effect is None else with_exceptions(own, effect, values)


# Keywords that make token copies of their own card with exceptions not read (702.128a embalm:
# white, a Zombie, no mana cost; 702.129a eternalize: black, a 4/4 Zombie, no mana cost).
_OWN_TOKEN_KEYWORDS = ("embalm", "eternalize")


def _own_token_keyword(face: CardFace) -> str | None:
    return next((k for k in face.keywords if k.casefold() in _OWN_TOKEN_KEYWORDS), None)


def _its_own(effect: CopyEffect | None, token: bool) -> CopyEffect | None:
    """The copier's copy effect when its exceptions are the permanent's: a card's effect that
    makes token copies gives them to its tokens only (a card copied by something else has
    none)."""
    return None if effect is None or (effect.by == "token" and not token) else effect


def with_exceptions(copier: CardFace, effect: CopyEffect, values: CardFace) -> CardFace:
    """707.9: the copied values as the copier's copy effect changes them."""
    if not _changes(effect):
        return values
    have_sub = {s.casefold() for s in values.subtypes}
    have_kw = {k.casefold() for k in values.keywords}
    own = copier.abilities if effect.keeps_abilities else []
    data = values.model_dump()
    if effect.colors:
        data["colors"] = [c for c in COLORS if c in {*values.undefined_colors, *effect.colors}]
        # 707.9d: an exception giving colors leaves out the copied colors' own definition.
        data["defined_colors"] = None
    data.update(
        name=copier.name if effect.keeps_name else values.name,
        supertypes=[
            *(s for s in values.supertypes if not (effect.not_legendary and s == "Legendary")),
            *(s for s in effect.supertypes if s not in values.supertypes),
        ],
        types=[*values.types, *(t for t in effect.types if t not in values.types)],
        subtypes=[*values.subtypes, *(s for s in effect.subtypes if s.casefold() not in have_sub)],
        keywords=[*values.keywords, *(k for k in effect.keywords if k.casefold() not in have_kw)],
        abilities=[
            *(a.model_dump() for a in values.abilities),
            *(a.model_dump() for a in effect.mana_abilities),
            *(a.model_dump() for a in own),
        ],
    )
    copy = CardFace.model_validate(data)
    if not effect.keeps_name:
        copy._names = values._names  # the copied names (201.2: a Room's doors, or none)
    return copy


def _changes(effect: CopyEffect) -> bool:
    """Whether the copy effect names any exception (707.9)."""
    return bool(
        effect.types
        or effect.subtypes
        or effect.supertypes
        or effect.colors
        or effect.keywords
        or effect.mana_abilities
        or effect.keeps_name
        or effect.not_legendary
        or effect.keeps_abilities
    )


def copy_steps(board: Board) -> list[Step]:
    """Layer 1 in the explanation: each permanent that is a copy, and what it copied."""
    steps: list[Step] = []
    for permanent_id in board.copies:
        p = board.get(permanent_id)
        if p is None or not p.copy_of:
            continue
        chain = list(p.copy_of)
        what = chain[0] + "".join(f", itself a copy of {n}" for n in chain[1:])
        rules = ["613.1a", "707.2"] + (["707.3"] if len(chain) > 1 else [])
        effect = _its_own(_card_copy_effect(p.card.card_faces), p.token)
        who = f"{p.name} ({p.id})" + (", a token," if p.token and effect is not None else "")
        text = (
            f"{who} is a copy of {what}: it has the copied card's name, mana cost, colors, "
            "types and abilities, and these come before every other effect (layer 1)"
        )
        if effect is not None and _changes(effect):
            rules.append("707.9")
            text += ", with the exceptions its own copy effect names: " + _exceptions(effect)
        if p.choices_unmade:
            kind = p.face.type_choice
            what = f" (a {kind.replace('_', ' ')})" if kind is not None else ""
            text += (
                f"; it became a copy after it entered, so nothing {chain[0]} chooses as it "
                f"enters{what} was chosen for it, and what would give or read such a choice "
                "does nothing"
            )
        refs: Refs = {"permanents": (p.id,), "cards": tuple(dict.fromkeys([p.name, *chain]))}
        steps.append(Step(text + ".", tuple(rules), refs))
    return steps


def _card_copy_effect(faces: Sequence[CardFace]) -> CopyEffect | None:
    """The copy effect of the copier's card (of whichever face has one)."""
    for face in faces:
        effect = copy_effect_of(face)
        if effect is not None:
            return effect
    return None


def _exceptions(effect: CopyEffect) -> str:
    parts: list[str] = []
    if effect.types or effect.subtypes or effect.supertypes or effect.colors:
        also = [*(s.lower() for s in effect.supertypes), *effect.subtypes, *effect.types]
        if effect.colors:
            also.append("/".join(effect.colors))  # the engine's color notation (105.1)
        parts.append("it is also " + " ".join(also))
    if effect.keywords:
        parts.append("it has " + ", ".join(k.lower() for k in effect.keywords))
    if effect.mana_abilities:
        n = len(effect.mana_abilities)
        parts.append(
            "it has a mana ability of its own"
            if n == 1
            else f"it has {n} mana abilities of its own"
        )
    if effect.keeps_abilities:
        parts.append("it keeps its own other abilities")
    if effect.keeps_name:
        parts.append("it keeps its own name")
    if effect.not_legendary:
        parts.append("it isn't legendary")
    return "; ".join(parts)


__all__ = ["copiable_face", "copy_effect_of", "copy_steps", "with_exceptions"]
