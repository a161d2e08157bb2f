"""Shared pieces of the domain models: the strict base model and the small value types."""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from functools import partial
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from app.domain.mana import ManaSyntaxError, parse_cost


def omitted_at_default(
    default: Any = None, *, default_factory: Callable[[], Any] | None = None, **field: Any
) -> Any:
    """A field left out of the model's dump while it holds its default: data (a card, a
    question) that doesn't use it dumps, and so is identified and digested, exactly as before
    the field existed (app/rulings/identity.py). `field`: the rest of pydantic's Field."""
    # The test is a C-level callable (operator.eq bound to the default), not a lambda: the
    # serializer calls it for every such field of every model it dumps (fifteen per permanent
    # of a 10,000-permanent question), and a Python frame per call was a third of that dump.
    if default_factory is not None:
        empty = default_factory()
        return Field(
            default_factory=default_factory, exclude_if=partial(operator.eq, empty), **field
        )
    return Field(default, exclude_if=partial(operator.eq, default), **field)


def in_key_order(value: dict[Any, Any]) -> dict[Any, Any]:
    """The map with its keys in order (KEY_ORDERED below)."""
    return value if len(value) < 2 else dict(sorted(value.items()))


# A map in a question is held, and so dumped, with its keys in order: a question's state is
# identified by its dump in the models' own field order (app/rulings/questions.py), so the
# order a client happened to give a map's keys in must not reach it. Every map a question can
# hold carries this (tests/rulings/test_question_identity.py walks the request models).
KEY_ORDERED = AfterValidator(in_key_order)

Name = Annotated[str, Field(min_length=1, max_length=200)]
Word = Annotated[str, Field(min_length=1, max_length=40)]
ManaString = Annotated[str, Field(max_length=200)]
RulesText = Annotated[str, Field(max_length=5000)]
Summary = Annotated[str, Field(max_length=300)]
ManaTypeCode = Literal["W", "U", "B", "R", "G", "C"]  # 106.1b
ColorCode = Literal["W", "U", "B", "R", "G"]  # 105.1
BasicLandType = Literal["Plains", "Island", "Swamp", "Mountain", "Forest"]  # 205.3i, 305.6
CardType = Literal[
    "land",
    "creature",
    "artifact",
    "enchantment",
    "planeswalker",
    "instant",
    "sorcery",
    "battle",
    "kindred",
]
# 500.1: the five phases of a turn, in order.
Phase = Literal["beginning", "first_main", "combat", "second_main", "ending"]
# 501.1, 506.1, 512.1: the steps of the phases that have steps, in order.
Step = Literal[
    "untap",
    "upkeep",
    "draw",
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "combat_damage",
    "end_of_combat",
    "end",
    "cleanup",
]
STEPS_OF_PHASE: dict[Phase, tuple[Step, ...]] = {
    "beginning": ("untap", "upkeep", "draw"),
    "first_main": (),
    "combat": (
        "beginning_of_combat",
        "declare_attackers",
        "declare_blockers",
        "combat_damage",
        "end_of_combat",
    ),
    "second_main": (),
    "ending": ("end", "cleanup"),
}


def attackers_possible(phase: Phase | None, step: Step | None) -> bool:
    """Whether creatures may be attacking now: only in the combat phase, from the declare
    attackers step (508.1) until combat ends (511.3); without the phase, not ruled out."""
    if phase is None:
        return True
    return phase == "combat" and step != "beginning_of_combat"


# A moment of the turn: a step, or a main phase (which has none, 505.1).
TurnMoment = Literal[
    "untap",
    "upkeep",
    "draw",
    "first_main",
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "combat_damage",
    "end_of_combat",
    "second_main",
    "end",
    "cleanup",
]

PERMANENT_TYPES = frozenset(
    {"land", "creature", "artifact", "enchantment", "planeswalker", "battle"}
)  # 110.4
# 205.3i: the land types that are not basic, as the rules list them (the seventeen land types,
# Planet and Town among them, less the five basic ones). A land type the rules add later
# belongs here too.
NONBASIC_LAND_TYPES = (
    "Cave",
    "Desert",
    "Gate",
    "Lair",
    "Locus",
    "Mine",
    "Planet",
    "Power-Plant",
    "Sphere",
    "Tower",
    "Town",
    "Urza's",
)

# The artifact (205.3g), enchantment (205.3h) and battle (Siege) subtypes, which a creature may
# carry besides its creature types: a crewed Vehicle, an Equipment creature, an Aura creature.
ARTIFACT_TYPES = frozenset(
    (
        "Attraction", "Blood", "Bobblehead", "Clue", "Contraption", "Equipment", "Food",
        "Fortification", "Gold", "Incubator", "Infinity", "Junk", "Lander", "Map", "Mutagen",
        "Powerstone", "Spacecraft", "Stone", "Terminus", "Treasure", "Vehicle",
    )
)  # fmt: skip
ENCHANTMENT_TYPES = frozenset(
    (
        "Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Plan", "Role", "Room",
        "Rune", "Saga", "Shard", "Shrine",
    )
)  # fmt: skip
BATTLE_TYPES = frozenset(("Siege",))
ARTIFACT_ENCHANTMENT_BATTLE_TYPES = ARTIFACT_TYPES | ENCHANTMENT_TYPES | BATTLE_TYPES


SubtypeKind = Literal["land", "artifact", "enchantment", "battle", "creature"]
_LAND_KIND = frozenset(
    t.casefold() for t in ("Plains", "Island", "Swamp", "Mountain", "Forest", *NONBASIC_LAND_TYPES)
)
_ARTIFACT_KIND = frozenset(t.casefold() for t in ARTIFACT_TYPES)
_ENCHANTMENT_KIND = frozenset(t.casefold() for t in ENCHANTMENT_TYPES)
_BATTLE_KIND = frozenset(t.casefold() for t in BATTLE_TYPES)


def subtype_kind(subtype: str) -> SubtypeKind:
    """Which card type a subtype belongs to (205.3): a land, artifact, enchantment or battle
    type by the rules' lists, any other a creature type (a planeswalker type, which nothing
    here tells apart, would be taken for one)."""
    folded = subtype.casefold()
    if folded in _LAND_KIND:
        return "land"
    if folded in _ARTIFACT_KIND:
        return "artifact"
    if folded in _ENCHANTMENT_KIND:
        return "enchantment"
    if folded in _BATTLE_KIND:
        return "battle"
    return "creature"


# 702.73a, 205.3m: an object that is every creature type (changeling, or an effect that gives
# "all creature types") carries this among its subtypes: a filter of one creature type matches
# it, and no land, artifact, enchantment or battle type does. Not a subtype anyone can name.
EVERY_CREATURE_TYPE = "every creature type"
# Casefolded: the subtypes that are no creature types (land types 205.3i, artifact 205.3g,
# enchantment 205.3h and battle types), which being every creature type doesn't give.
NOT_CREATURE_TYPES = _LAND_KIND | _ARTIFACT_KIND | _ENCHANTMENT_KIND | _BATTLE_KIND


class Strict(BaseModel):
    """Unknown fields are an error (docs/api.md: an unknown field is a 4xx naming it)."""

    # A field's docstring is its description in the OpenAPI document.
    model_config = ConfigDict(
        extra="forbid", frozen=True, strict=True, use_attribute_docstrings=True
    )


def check_mana_string(value: str | None, *, produced: bool = False) -> str | None:
    if value is None:
        return None
    symbols = parse_cost(value)  # raises ManaSyntaxError naming the symbol
    if produced:
        for s in symbols:
            if s.kind != "colored":
                why = "is not mana an ability makes: one of W, U, B, R, G or C (106.1)"
                raise ManaSyntaxError(s.render(), value, why)
    return value


# 207.2: reminder text, a parenthetical restating rules, with the space before it: no ability
# of its own (the compiler, the importer's keyword lines and the engine's reading of a card's
# words all leave it out).
REMINDER_TEXT = re.compile(r"\s*\([^()]*\)")
