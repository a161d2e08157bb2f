"""X and mana value of a card in each zone (107.3, 202.3).

Entry point: `mana_value(card, zone=…, x=…, cast=…, cast_without_paying_mana_cost=…, face=…)`.
"""

from __future__ import annotations

import re
from typing import Literal

from app.domain.answers import ManaValueAnswer
from app.domain.base import REMINDER_TEXT
from app.domain.card import (
    COMBINED_LAYOUTS,
    FACE_RULES,
    FRONT_CAST_LAYOUTS,
    Card,
    CardFace,
    EntersWithCounters,
    EtbReplacement,
    EtbTrigger,
)
from app.domain.errors import QuestionError
from app.domain.layouts import LAYOUT_RULES, one_part_rule
from app.domain.ruling import Mentions, Step, Verdict
from app.engine.free_cast import (
    fused_face,
    prototyped_face,
    resolve_face,
    unlocked_doors,
    x_in_cost,
)

Zone = Literal["library", "hand", "graveyard", "exile", "stack", "battlefield"]
OFF_STACK: tuple[Zone, ...] = ("library", "hand", "graveyard", "exile")


def _x_only_in_additional_costs(face: CardFace) -> bool:
    """An X chosen for an additional cost (kicker {X}, "pay X life") and none in the mana
    cost: 107.3b, which makes a free cast's X 0, is about the mana cost's."""
    return not face.x_count and any(x_in_cost(c) for c in face.additional_costs)


# An enters-the-battlefield trigger or replacement effect in the card's own words that says X
# (a kicked trigger taking a permanent whose mana value is at most X, "~ enters with X
# counters"): read from the words as well, so that one compiled as
# something else, or not at all (and reported), still counts (107.3m). An X its sentence
# defines ("where X is ...") is none chosen for the spell.
_ETB_SAYS_X = re.compile(
    r"(?:\bWhen(?:ever)? [^.]*?\benters\b|\benters with\b|\bAs [^,.]*?\benters\b)[^.]*\bX\b"
)


def _etb_refers_to_x(face: CardFace) -> bool:
    if face.loyalty == "X":
        return True  # 306.5b: it enters with loyalty counters equal to its printed loyalty
    for ability in face.abilities:
        if isinstance(ability, EntersWithCounters) and ability.amount == "X":
            return True
        if isinstance(ability, EtbTrigger | EtbReplacement) and ability.uses_x:
            return True
    if not (face.x_count or _x_only_in_additional_costs(face)):
        return False  # no X is chosen for it as it is cast: any X its words say is another
    return any(
        _ETB_SAYS_X.search(s) and "where X is" not in s for s in _etb_sentences(face.text or "")
    )


def _etb_sentences(text: str) -> list[str]:
    """The card's sentences, each with the trigger's words before it when it is part of what a
    trigger does: the sentences after the trigger's on its line ("When ~ enters, create a
    token. Put X counters on it."), and each mode line of a modal trigger ("When ~ enters,
    choose one —", 700.2)."""
    found: list[str] = []
    lead = ""
    for line in REMINDER_TEXT.sub("", text).splitlines():
        if line.startswith("•") and lead:
            found.append(f"{lead} {line}")
            continue
        lead = line.rstrip(" —") if line.rstrip().endswith("—") else ""
        sentences = re.split(r"(?<=\.)\s+", line)
        head = sentences[0].removesuffix(".")
        found += [f"{head}; {s}" if i else s for i, s in enumerate(sentences)]
    return found


def _cost_text(face: CardFace, m: Mentions) -> str:
    return m.mana(face.mana_cost) if face.mana_cost is not None else "no mana cost"


def mana_value(
    card: Card,
    *,
    zone: Zone,
    x: int,
    cast: bool,
    cast_without_paying_mana_cost: bool,
    face: str | None = None,
    prototyped: bool = False,
    unlocked: list[str] | None = None,
) -> Verdict:
    if cast_without_paying_mana_cost and not cast:
        raise QuestionError(
            ("cast_without_paying_mana_cost",),
            "only a spell that was cast can have been cast without paying its mana cost",
            "not_cast",
        )
    if face is not None and zone in OFF_STACK:
        raise QuestionError(
            ("face",),
            f"in the {zone} a card has all its faces' characteristics at once; "
            "'face' is for the stack or the battlefield",
            "face_not_applicable",
        )
    if zone == "stack" and card.layout in COMBINED_LAYOUTS:  # 709.3; aftermath too, 702.127
        fused = _split_spell(card, face)
        if fused is not None:
            return fused
    steps: list[Step] = []
    chosen = (
        resolve_face(card, face, ("face",))
        if unlocked is None
        else _room_permanent(card, zone, unlocked, prototyped)
    )
    _check_face_in_zone(card, chosen, zone)
    if prototyped:
        chosen = _prototyped(chosen, zone, cast, steps)
    free = cast and cast_without_paying_mana_cost
    if free and zone == "stack" and chosen is not card.front:
        _check_cast_free_transformed(card, chosen)
    object_x = _object_x(card, chosen, zone, x, free, steps)
    if zone in OFF_STACK:
        value = card.mana_value_off_stack()
        steps.append(_off_stack_step(card, chosen, value))
    else:
        value = card.face_mana_value_in_play(chosen, object_x)
        steps += _in_play_steps(card, chosen, zone, value, object_x)
    etb_x = (
        _etb_x(chosen, x, cast, cast_without_paying_mana_cost, steps)
        if zone == "battlefield"
        else None
    )
    # Off the stack the object is the whole card (709.4, 712.8, 715.4), not one of its faces.
    named = card.name if zone in OFF_STACK else chosen.name
    return Verdict(ManaValueAnswer(x=object_x, mana_value=value, etb_x=etb_x, face=named), steps)


def room_doors(card: Card, zone: Zone, unlocked: list[str]) -> frozenset[int]:
    """709.5: the indices of the unlocked doors of a Room permanent (unlocked_doors); doors
    are locked or unlocked only on the battlefield."""
    if zone != "battlefield":
        raise QuestionError(
            ("unlocked",),
            f"doors are unlocked only on the battlefield; in the {zone} leave out 'unlocked' "
            "(709.5)",
            "unlocked_off_battlefield",
        )
    return unlocked_doors(card, unlocked, ("unlocked",))


def _room_permanent(card: Card, zone: Zone, unlocked: list[str], prototyped: bool) -> CardFace:
    """709.5: a Room permanent with the doors `unlocked` names (none or both: the question's
    normalizing made one door its `face`)."""
    doors = room_doors(card, zone, unlocked)
    if prototyped:
        raise QuestionError(("prototyped",), "a Room has no prototype", "no_prototype")
    return card.room_unlocked(doors)


def _prototyped(chosen: CardFace, zone: Zone, cast: bool, steps: list[Step]) -> CardFace:
    """718.3b: cast prototyped, the spell and the permanent it becomes have only the prototype
    mana cost (and size and colors); anywhere else the card has its normal ones (718.4)."""
    if zone in OFF_STACK:
        raise QuestionError(
            ("prototyped",),
            f"in the {zone} a prototype card has only its normal characteristics (718.4); "
            "'prototyped' is for the stack or the battlefield",
            "prototyped_off_stack",
        )
    if not cast:
        raise QuestionError(
            ("prototyped",),
            "only a spell that was cast can have been cast prototyped (718.3)",
            "not_cast",
        )
    face = prototyped_face(chosen, ("prototyped",))
    m = Mentions()
    what = "the spell" if zone == "stack" else "the permanent it became"
    steps.append(
        m.step(
            f"{m.card(chosen.name)} was cast prototyped, so {what} has only its prototype mana "
            f"cost, {_cost_text(face, m)}.",
            ("718.3b", "702.160a"),
        )
    )
    return face


def _check_face_in_zone(card: Card, chosen: CardFace, zone: Zone) -> None:
    """The face can be in the zone asked about (305.1, 709.3, 712.8, 110.1)."""
    if zone == "stack" and chosen.is_type("land"):
        raise QuestionError(
            ("zone",),
            f"{chosen.name} is a land: lands are played, never cast, so it can't be on the stack",
            "land_not_on_stack",
        )
    if zone == "stack" and card.never_cast(chosen):
        why = (
            f"{card.name} is a {card.layout} card, cast as {card.front.name} "
            f"({FACE_RULES[card.layout]})"
            if card.layout in FRONT_CAST_LAYOUTS
            else f"nothing casts {card.front.name} transformed (no disturb, More Than Meets the "
            "Eye or Siege), so its back face comes only by transforming (712.8)"
        )
        raise QuestionError(("face",), f"{chosen.name} is never cast: {why}", "face_never_cast")
    if zone == "battlefield" and card.layout == "meld" and chosen is not card.front:
        # 712.8: a melded permanent's mana value adds both melded cards' front faces; a
        # question names one card, so the engine can't know the other.
        raise QuestionError(
            ("face",),
            f"{chosen.name} is a melded permanent made of two cards; name the front face",
            "melded_permanent",
        )
    if zone == "battlefield" and not chosen.is_permanent:
        raise QuestionError(
            ("zone",),
            f"{chosen.name} is not a permanent card, so it can't be on the battlefield",
            "not_a_permanent",
        )


def _check_cast_free_transformed(card: Card, chosen: CardFace) -> None:
    """118.9a: a back face cast only for its keyword's alternative cost (disturb, More Than
    Meets the Eye) is never a spell cast without paying its mana cost."""
    if card.cast_transformed_by() == "cost":
        raise QuestionError(
            ("cast_without_paying_mana_cost",),
            f"{chosen.name} is cast only as its card cast transformed for its keyword's cost, "
            "an alternative cost, which casting without paying the mana cost can't be combined "
            "with (118.9a)",
            "not_cast_that_way",
        )


def _object_x(
    card: Card, chosen: CardFace, zone: Zone, x: int, free: bool, steps: list[Step]
) -> int:
    """X of the object in this zone (107.3): the value chosen on the stack (0 when cast
    without paying its mana cost, 107.3b), 0 anywhere else (107.3g)."""
    costed = card.mana_value_face(chosen)
    has_x = (
        costed.x_count > 0
        if zone in ("stack", "battlefield")
        else any(f.x_count for f in card.card_faces)
    )
    if zone == "stack" and has_x and costed is not chosen:
        # Cast transformed: for a keyword's cost without X, or without paying its mana cost.
        m = Mentions()
        steps.append(
            m.step(
                f"{m.card(chosen.name)} was cast transformed, paying neither "
                f"{m.card(costed.name)}'s mana cost nor a cost with X, so X is 0.",
                ("107.3b",),
            )
        )
        return 0
    if zone == "stack" and has_x:
        _check_x_not_zero(chosen, x, free)
        m = Mentions()
        if free:
            steps.append(
                m.step(
                    f"{m.card(chosen.name)} was cast without paying its mana cost, so X had to be 0"
                    + (f" (the {x} asked for can't be chosen)." if x else "."),
                    ("107.3b", "118.9"),
                )
            )
            return 0
        steps.append(
            m.step(
                f"On the stack X is the value chosen for it, {x}; each {m.mana('{X}')} in "
                f"{_cost_text(chosen, m)} counts it.",
                ("107.3", "202.3"),
            )
        )
        return x
    if zone == "stack" and x and _x_only_in_additional_costs(chosen):
        m = Mentions()
        names = ", ".join(m.mana_in(c.name) for c in chosen.additional_costs if x_in_cost(c))
        steps.append(
            m.step(
                f"X appears in an additional cost of {m.card(chosen.name)} ({names}), not in its "
                f"mana cost: on the stack it is the value announced, {x}, even when the mana "
                "cost isn't paid, and the mana value doesn't count it.",
                ("107.3a", "202.3"),
            )
        )
        return x
    if has_x:
        where = "on the battlefield" if zone == "battlefield" else f"in the {zone}"
        steps.append(
            Mentions().step(f"Anywhere but the stack X is 0, so {where} X is 0.", ("107.3g",))
        )
    elif x:
        m = Mentions()
        # On the stack and the battlefield, the face it has (a split card's half); elsewhere
        # the whole card, none of whose faces has X.
        named = chosen.name if zone in ("stack", "battlefield") else card.name
        steps.append(
            m.step(
                f"{m.card(named)} has no {m.mana('{X}')} in its mana cost; X plays no part "
                "in its mana value.",
                ("202.3",),
            )
        )
    return 0


def _check_x_not_zero(chosen: CardFace, x: int, free: bool) -> None:
    """A spell whose own words say X can't be 0 (107.3a) is never on the stack with X 0: not
    cast that way, nor cast without paying its mana cost (107.3b leaves it no X, 601.2b), and a
    copy has the X of what it copies (707.10)."""
    if not chosen.x_not_zero or (x and not free):
        return
    loc, why = (
        (("cast_without_paying_mana_cost",), "cast without paying its mana cost, X could only be 0")
        if free
        else (("x",), "x is 0")
    )
    raise QuestionError(
        loc,
        f"{chosen.name} says X can't be 0, so no spell of it is on the stack with X 0 (107.3a, "
        f"107.3b): {why}",
        "x_cannot_be_zero",
    )


def _off_stack_step(card: Card, chosen: CardFace, value: int) -> Step:
    """Mana value (202.3) of the whole card off the stack (709.4, 712.8, 715.4)."""
    m = Mentions()
    if card.layout in COMBINED_LAYOUTS:
        parts = " + ".join(f"{f.face_mana_value(0)} ({m.card(f.name)})" for f in card.faces)
        return m.step(
            f"Off the stack a split card has both halves' mana costs: {parts} = {value}.",
            ("709.4", "202.3"),
        )
    layout = LAYOUT_RULES.get(card.layout)
    if layout is not None:
        front = card.front
        return m.step(
            f"Off the stack {layout.kind} has only {layout.part} characteristics: "
            f"{m.card(front.name)}, {_cost_text(front, m)}, mana value {value}.",
            (layout.off_stack, "202.3"),
        )
    return _value_step(chosen, value)


def _in_play_steps(
    card: Card, chosen: CardFace, zone: Zone, value: int, object_x: int
) -> list[Step]:
    """Mana value (202.3) of the spell or permanent: only the face it is (709.3, 712.8)."""
    steps: list[Step] = []
    if card.is_room and zone == "battlefield":
        steps.append(_doors_step(card, chosen))
    elif card.faces:
        what = "spell" if zone == "stack" else "permanent"
        m = Mentions()
        steps.append(
            m.step(
                f"As a {what} it has only the characteristics of {m.card(chosen.name)}.",
                one_part_rule(card, chosen),
            )
        )
    costed = card.mana_value_face(chosen)
    if costed is not chosen:
        m = Mentions()
        cast = (
            " It is on the stack only when its card is cast transformed (disturb, More Than "
            "Meets the Eye, a defeated Siege)."
            if zone == "stack"
            else ""
        )
        steps.append(
            m.step(
                f"{m.card(chosen.name)}'s mana value comes from {m.card(card.front.name)}'s mana "
                f"cost.{cast}",
                (FACE_RULES[card.layout], *(("702.146a", "702.162a") if cast else ())),
            )
        )
    steps.append(_value_step(costed, value, object_x))
    return steps


def _doors_step(card: Card, chosen: CardFace) -> Step:
    """709.5: which doors of a Room permanent are unlocked, whose characteristics it has."""
    m = Mentions()
    if chosen is card.room_unlocked(frozenset()):
        doors = "no door is unlocked: it has no name, mana cost or abilities of a door"
    elif chosen.name == card.name:
        doors = "both doors are unlocked: it has both doors' characteristics together"
    else:
        doors = f"only {m.card(chosen.name)} is unlocked: it has that door's characteristics"
    return m.step(f"On the battlefield {m.card(card.name)} is a Room, and {doors}.", ("709.5",))


def _etb_x(chosen: CardFace, x: int, cast: bool, free: bool, steps: list[Step]) -> int:
    """107.3m: ETB abilities use the spell's X while the permanent's own X is 0."""
    if chosen.loyalty == "X":
        m = Mentions()
        steps.append(
            m.step(
                f"{m.card(chosen.name)}'s printed loyalty is X: it enters with that many "
                "loyalty counters, an effect as it enters that refers to X.",
                ("306.5b", "107.3m"),
            )
        )
    elif not _etb_refers_to_x(chosen):
        m = Mentions()
        steps.append(
            m.step(
                f"No enters-the-battlefield ability of {m.card(chosen.name)} refers to X.",
                ("107.3m",),
            )
        )
        return 0
    if not cast:
        m = Mentions()
        steps.append(
            m.step(
                f"{m.card(chosen.name)} entered without being cast, so no X was chosen for it: its "
                "enters-the-battlefield abilities use X = 0.",
                ("107.3m",),
            )
        )
        return 0
    if free and not _x_only_in_additional_costs(chosen):
        steps.append(
            Mentions().step(
                "It was cast without paying its mana cost, so the spell's X was 0 and its "
                "enters-the-battlefield abilities use 0.",
                ("107.3b", "107.3m"),
            )
        )
        return 0
    steps.append(
        Mentions().step(
            f"Its enters-the-battlefield abilities use the X of the spell it came from, "
            f"{x}, even though the permanent's own X is 0.",
            ("107.3m",),
        )
    )
    return x


def _split_spell(card: Card, face: str | None) -> Verdict | None:
    """A split card on the stack is the half cast (709.3), or both halves when cast fused
    (702.102c): which one is never guessed. None: one half was named, the common path rules."""
    halves = " or ".join(repr(f.name) for f in card.faces)
    if face is None:
        fused = f", or {card.name!r} for a fused cast" if card.has_fuse else ""
        raise QuestionError(
            ("face",),
            f"{card.name} is a split card: on the stack it is the half that was cast (709.3); "
            f"give 'face' ({halves}{fused})",
            "face_required",
        )
    if face.casefold() != card.name.casefold():
        return None
    value = fused_face(card, ("face",)).face_mana_value(0)
    m = Mentions()
    parts = " + ".join(f"{f.face_mana_value(0)} ({m.card(f.name)})" for f in card.faces)
    steps = [
        m.step(
            f"Cast fused, the spell has both halves' characteristics: its mana value is "
            f"{parts} = {value}.",
            ("702.102c", "202.3"),
        )
    ]
    return Verdict(ManaValueAnswer(x=0, mana_value=value, etb_x=None, face=card.name), steps)


def _value_step(face: CardFace, value: int, x: int = 0) -> Step:
    m = Mentions()
    if face.mana_cost is None:
        return m.step(f"{m.card(face.name)} has no mana cost, so its mana value is 0.", ("202.3",))
    name, cost = m.card(face.name), m.mana(face.mana_cost)  # refs in the order the text says
    kinds = {s.kind for s in face.cost_symbols}
    notes: list[str] = []
    rules = ["202.3"]
    if "hybrid" in kinds or "mono_hybrid" in kinds:
        notes.append("each hybrid symbol counts its larger half")
        rules.append("202.3f")
    if "phyrexian" in kinds:
        notes.append("each Phyrexian symbol counts 1")
        rules.append("202.3g")
    if "x" in kinds:
        notes.append(f"each {m.mana('{X}')} counts {x}")
        rules.append("202.3e")
    extra = f" ({'; '.join(notes)})" if notes else ""
    return m.step(f"{name} costs {cost}: mana value {value}{extra}.", tuple(rules))
