"""Cards and their faces as data (a card is a name plus data).

Abilities are a discriminated union on `kind` (app/domain/abilities.py); a new card built
from known kinds needs no code. The same `Card` schema is served by `GET /v1/cards/{name}` and
accepted inline as a permanent's `definition`. The ability, cost and filter models live in
their own modules and are re-exported here under their old names.
"""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    computed_field,
    field_validator,
    model_validator,
)

from app.domain.abilities import (
    Ability,
    AnyAbility,
    EntersWithCounters,
    EtbReplacement,
    EtbTrigger,
    ManaReplacement,
    ManaTrigger,
    MulliganHelper,
    OpeningHandMana,
    RevealUntil,
    Unsupported,
    category,
    line_of,
    works_from,
)
from app.domain.base import (
    EVERY_CREATURE_TYPE,
    PERMANENT_TYPES,
    CardType,
    ColorCode,
    ManaString,
    ManaTypeCode,
    Name,
    RulesText,
    Strict,
    Word,
    check_mana_string,
    omitted_at_default,
)
from app.domain.cast_bans import CastRestriction, SpellCastBan
from app.domain.continuous import (
    MAX_EFFECT_LINES,
    EffectLine,
    ForbidActivation,
    GainControl,
    GrantKeyword,
    GrantManaAbility,
    Layer,
    WorksFrom,
)
from app.domain.costs import (
    AdditionalCost,
    AlternativeCost,
    CastingCost,
    CostChange,
    CostPart,
    ManaAbilityCost,
    RemoveXCounters,
    SpellCostChange,
    SpellCostMinimum,
    TapUntapped,
)
from app.domain.errors import TypeChoice
from app.domain.filters import Selector, SpellSelector
from app.domain.layouts import (
    COMBINED_LAYOUTS,
    FACE_RULES,
    FRONT_CAST_LAYOUTS,
    TWO_FACED_LAYOUTS,
    Layout,
    off_stack_faces,
)
from app.domain.mana import COLORS, ManaSymbol, cost_colors, cost_mana_value, count_x, parse_cost
from app.domain.mana_abilities import (
    AmountIfControl,
    AmountIfCounter,
    AmountIfPower,
    AnyColor,
    AnyCombination,
    AnyType,
    ChoiceOfMana,
    ChoiceOrChosenColor,
    ChosenColor,
    CoinFlip,
    ColorAmongGraveyard,
    ColorOfPermanent,
    CommanderColor,
    ControlCount,
    CouldProduce,
    DieRoll,
    DifferentColors,
    EachColorAmong,
    EachExiledColor,
    ExiledColor,
    FixedMana,
    IfCounter,
    IfFact,
    ManaAbility,
    ManaAmount,
    MilledCardSymbols,
    NotedMana,
    NthResolution,
    OneColorPerCount,
    OneOfChosenColors,
    PerCount,
    PerCounter,
    PoolCopy,
    Production,
    WhileCounters,
)
from app.domain.names import fold
from app.domain.replacement_changes import (
    ChangeColor,
    ChangeType,
    ChangeTypeAndAmount,
    ColorOfChoice,
    Multiply,
    ReplacementChange,
)

__all__ = [
    "COMBINED_LAYOUTS",
    "FACE_RULES",
    "FRONT_CAST_LAYOUTS",
    "PERMANENT_TYPES",
    "TWO_FACED_LAYOUTS",
    "Ability",
    "AdditionalCost",
    "AlternativeCost",
    "AmountIfControl",
    "AmountIfCounter",
    "AmountIfPower",
    "AnyAbility",
    "AnyColor",
    "AnyCombination",
    "AnyType",
    "Card",
    "CardFace",
    "CardType",
    "CastRestriction",
    "CastingCost",
    "ChangeColor",
    "ChangeType",
    "ChangeTypeAndAmount",
    "ChoiceOfMana",
    "ChoiceOrChosenColor",
    "ChosenColor",
    "CoinFlip",
    "ColorAmongGraveyard",
    "ColorCode",
    "ColorOfChoice",
    "ColorOfPermanent",
    "CommanderColor",
    "ControlCount",
    "CostChange",
    "CostPart",
    "CouldProduce",
    "DieRoll",
    "DifferentColors",
    "EachColorAmong",
    "EachExiledColor",
    "EntersWithCounters",
    "EtbReplacement",
    "EtbTrigger",
    "ExiledColor",
    "FixedMana",
    "ForbidActivation",
    "GainControl",
    "GrantKeyword",
    "GrantManaAbility",
    "IfCounter",
    "IfFact",
    "Layer",
    "Layout",
    "ManaAbility",
    "ManaAbilityCost",
    "ManaAmount",
    "ManaReplacement",
    "ManaString",
    "ManaTrigger",
    "ManaTypeCode",
    "MilledCardSymbols",
    "MulliganHelper",
    "Multiply",
    "Name",
    "NotedMana",
    "NthResolution",
    "OneColorPerCount",
    "OneOfChosenColors",
    "OpeningHandMana",
    "PerCount",
    "PerCounter",
    "PoolCopy",
    "Production",
    "Prototype",
    "RemoveXCounters",
    "ReplacementChange",
    "RevealUntil",
    "RulesText",
    "Selector",
    "SpellCastBan",
    "SpellCostChange",
    "SpellCostMinimum",
    "SpellSelector",
    "Strict",
    "TapUntapped",
    "Unsupported",
    "WhileCounters",
    "Word",
    "WorksFrom",
    "category",
    "check_mana_string",
    "works_from",
]


# --- cards and faces -------------------------------------------------------------------------


# A printed loyalty or defense number, as text: "3", or "X" on a few planeswalkers.
PrintedNumber = Annotated[str, Field(min_length=1, max_length=10)]


class Prototype(Strict):
    """702.160a, 718: the other mana cost and size a prototype card may be cast with. A spell
    cast prototyped, and the permanent it becomes, have only these (718.3b), and the colors of
    this mana cost (105.2); anywhere else the card has its normal ones (718.4)."""

    mana_cost: ManaString = Field(min_length=3)
    """The prototype mana cost, like `{1}{W}`"""
    power: Annotated[str, Field(min_length=1, max_length=5)]
    """The prototype power, as text"""
    toughness: Annotated[str, Field(min_length=1, max_length=5)]
    """The prototype toughness, as text"""

    _check = field_validator("mana_cost")(classmethod(lambda cls, v: check_mana_string(v)))

    @property
    def mana_value(self) -> int:
        return cost_mana_value(parse_cost(self.mana_cost), 0)


def _capitalized(word: str) -> str:
    # A supertype is written capitalized in a type line (205.4a): "legendary" and "LEGENDARY"
    # are the one the engine reads as "Legendary", and spell a question alike.
    return word[:1].upper() + word[1:].lower()


Supertype = Annotated[Word, AfterValidator(_capitalized)]


class CardKind(Strict):
    """Which cards a card name chosen as a permanent entered may be the name of (201.3: "choose
    a nonland card name"): a card with one of `types` (empty: any), none of `not_types`, every
    one of `supertypes` and none of `not_supertypes`."""

    types: list[CardType] = Field(default_factory=list, max_length=5)
    """Card types, one of which the card has (empty: any)"""
    not_types: list[CardType] = Field(default_factory=list, max_length=5)
    """Card types the card has none of"""
    supertypes: list[Word] = Field(default_factory=list, max_length=3)
    """Supertypes the card has, all of them (like `Legendary`)"""
    not_supertypes: list[Word] = Field(default_factory=list, max_length=3)
    """Supertypes the card has none of (like `Basic`)"""

    def admits(self, face: CardFace) -> bool:
        """Whether a card with this face (the one its name names) is of the kind."""
        has = {s.casefold() for s in face.supertypes}
        return (
            (not self.types or any(face.is_type(t) for t in self.types))
            and not any(face.is_type(t) for t in self.not_types)
            and all(s.casefold() in has for s in self.supertypes)
            and not any(s.casefold() in has for s in self.not_supertypes)
        )

    def describe(self) -> str:
        """The kind in words: "a nonbasic land card"."""
        words = [
            *(f"non{s.casefold()}" for s in self.not_supertypes),
            *(s.casefold() for s in self.supertypes),
            *(f"non{t}" for t in self.not_types),
            " or ".join(self.types),
            "card",
        ]
        said = " ".join(w for w in words if w)
        return f"{'an' if said[0] in 'aeiou' else 'a'} {said}"


class CardFace(Strict):
    """One face of a card (one half of a split card, one side of a double-faced one)."""

    name: Name
    """The face's name (for a single-faced card, the card's name)"""
    mana_cost: ManaString | None = None  # None: no mana cost (202.1b)
    """Mana cost in Oracle notation, like `{2}{G}`; null: no mana cost (202.1b)"""
    supertypes: list[Supertype] = Field(default_factory=list, max_length=5)
    """Supertypes: "Legendary", "Basic", "Snow"… (in any case; stored capitalized)"""
    types: list[CardType] = Field(default_factory=list, max_length=6)
    """Card types, lower case: "land", "creature", "instant"…"""
    subtypes: list[Word] = Field(default_factory=list, max_length=10)
    """Subtypes: "Forest", "Elf", "Aura"…"""
    colors: list[ColorCode] | None = None  # None: from the mana cost (105.2)
    """Colors (W U B R G) when not those of the mana cost (105.2)"""
    power: Annotated[str, Field(max_length=5)] | None = None
    """Printed power, as text (it may be *)"""
    toughness: Annotated[str, Field(max_length=5)] | None = None
    """Printed toughness, as text"""
    loyalty: PrintedNumber | None = omitted_at_default(None)
    """Printed loyalty (a planeswalker), as text (it may be X); shown, never read by the engine"""
    defense: PrintedNumber | None = omitted_at_default(None)
    """Printed defense (a battle), as text; shown, never read by the engine"""
    keywords: list[Word] = Field(default_factory=list, max_length=20)
    """Keywords: "haste", "fuse", "cascade"…"""
    abilities: list[Ability] = Field(default_factory=list, max_length=20)
    """What the engine reads: mana abilities, static, replacement and triggered ones"""
    alternative_costs: list[AlternativeCost] = Field(default_factory=list, max_length=10)
    """Alternative costs by name (Evoke, Force of Will's), 118.9"""
    additional_costs: list[AdditionalCost] = Field(default_factory=list, max_length=10)
    """Additional costs by name (Kicker, a sacrifice), 118.8"""
    cost_changes: list[CostChange] = omitted_at_default(default_factory=list, max_length=10)
    """The spell's own cost increases and reductions (601.2f): affinity, "costs {1} less to
    cast for each ..."; they change what is paid, never the mana value (202.3)"""
    prototype: Prototype | None = omitted_at_default(None)
    """The prototype mana cost and size it may be cast with (702.160a, 718.3b); null: none"""
    chosen_name_of: CardKind | None = omitted_at_default(None)
    """Which cards the card name its permanent chooses as it enters may name (201.3: "choose a
    nonland card name"); null: any card, or it chooses no name"""
    chosen_type_among: list[CardType] = omitted_at_default(default_factory=list, max_length=9)
    """The card types its permanent may choose as it enters (205.2a: "choose artifact,
    enchantment, or planeswalker"); empty: any card type, or it chooses none"""
    chosen_color_not: list[ColorCode] = omitted_at_default(default_factory=list, max_length=4)
    """The colors its permanent may not choose as it enters ("choose a color other than
    green"), which its `chosen_color` must not be; empty: any color, or it chooses none"""
    enchants: Selector | None = omitted_at_default(None)
    """An Aura's enchant ability (702.5a, 303.4a): what its permanent may be attached to, seen
    from its controller ("enchant land you control"); null: not an Aura, one enchanting a
    player, or one whose enchant ability the compiler didn't read"""
    exiles_of: CardKind | None = omitted_at_default(None)
    """What its permanent exiles as it enters, the cards its `exiled` may list (406.6: "exile a
    nonartifact, nonland card from your hand"); null: it says no such thing, or not in words
    the kinds can say"""
    defined_colors: list[ColorCode] | None = omitted_at_default(None, max_length=5)
    """Its colors as its own text defines them, in every zone and before any effect (604.3,
    613.3: "~ is all colors", devoid's colorless, 702.114a), whatever its mana cost or
    `colors` say; null: none defined so"""
    type_choice: TypeChoice | None = omitted_at_default(None)
    """The kind of type its permanent chooses as it enters, which its `chosen_type` must be: a
    creature type (205.3m), a basic land type (305.6) or a card type (205.2a, among
    `chosen_type_among`); null: it chooses none, or the compiler can't tell which"""
    x_not_zero: bool = omitted_at_default(False)
    """Its own words forbid 0 as the X announced for it ("X can't be 0", 107.3a): a cast
    that must make X 0 (107.3b) can't happen, and a kicker's X may not be 0; false: no limit"""
    legend_rule_off: bool = omitted_at_default(False)
    """Its words turn the legend rule (704.5j) off for some permanents: a board with it is not
    checked for two legendary permanents of one name under one controller; false: they don't"""
    effect_lines: list[EffectLine] = omitted_at_default(
        default_factory=list, max_length=MAX_EFFECT_LINES
    )
    """When what an `effects` entry of it does depends on which of its abilities or modes
    resolved: the paragraphs of its rules text (counted from 1) an entry may stand for, and
    the entry must name one as its `line`; empty: any entry does the same"""
    text: RulesText | None = None  # the face's rules text as imported (never read by the engine)
    """The face's rules text as imported from a card-data file (never read by the engine)"""

    _check = field_validator("mana_cost")(classmethod(lambda cls, v: check_mana_string(v)))
    # 201.2: the names an object with this face has, where not just its own: both halves'
    # for a split card's halves together, none for a Room with every door locked (709.5).
    _names: tuple[str, ...] | None = PrivateAttr(default=None)

    @property
    def names(self) -> tuple[str, ...]:
        """The names a permanent or spell with this face has (201.2; 201.2a: two objects with
        one name in common have the same name)."""
        return self._names if self._names is not None else (self.name,)

    @property
    def cost_symbols(self) -> tuple[ManaSymbol, ...]:
        return parse_cost(self.mana_cost) if self.mana_cost else ()

    def as_prototyped(self) -> CardFace:
        """718.3b: the face as a spell cast prototyped, and the permanent it becomes, have it:
        the prototype mana cost and size, and the colors of that mana cost (105.2). Raises
        ValueError for a face without a prototype."""
        if self.prototype is None:
            raise ValueError(f"{self.name} has no prototype, so it can't be cast prototyped")
        proto = self.prototype
        data = self.model_dump(exclude={"prototype", "colors"})
        return CardFace.model_validate(
            data
            | {"mana_cost": proto.mana_cost, "power": proto.power, "toughness": proto.toughness}
        )

    # Characteristics as sets, computed once per face (catalog faces live for the process):
    # what selectors and filters look at (app/domain/filters.py Traits).
    @cached_property
    def type_set(self) -> frozenset[str]:
        return frozenset(self.types)

    @cached_property
    def characteristic_subtypes(self) -> tuple[str, ...]:
        """Its subtypes, and with changeling every creature type (702.73a: a
        characteristic-defining ability, so in every zone and before other layer-4 effects,
        613.3)."""
        if "changeling" in self.keyword_set:
            return (*self.subtypes, EVERY_CREATURE_TYPE)
        return tuple(self.subtypes)

    @cached_property
    def subtype_set(self) -> frozenset[str]:
        return frozenset(s.casefold() for s in self.characteristic_subtypes)

    @cached_property
    def supertype_set(self) -> frozenset[str]:
        return frozenset(s.casefold() for s in self.supertypes)

    @cached_property
    def color_set(self) -> frozenset[str]:
        return frozenset(self.face_colors)

    @cached_property
    def keyword_set(self) -> frozenset[str]:
        return frozenset(k.casefold() for k in self.keywords)

    def face_mana_value(self, x: int = 0) -> int:
        """202.3: no mana cost is 0; X counts `x` (0 everywhere but the stack, 107.3g)."""
        return cost_mana_value(self.cost_symbols, x)

    @property
    def x_count(self) -> int:
        return count_x(self.cost_symbols)

    @property
    def face_colors(self) -> list[str]:
        if self.defined_colors is not None:
            return [c for c in COLORS if c in self.defined_colors]  # 604.3
        if self.colors is not None:
            return [c for c in COLORS if c in self.colors]
        return self.cost_colors

    @property
    def cost_colors(self) -> list[str]:
        """The colors of its mana cost's symbols (105.2, 202.2)."""
        return cost_colors(self.cost_symbols)

    @property
    def undefined_colors(self) -> list[str]:
        """Its colors without what its own text defines (707.9d leaves such a definition out
        of a copy whose exception gives colors): a card file's colors may already hold the
        definition, so its mana cost's then."""
        return self.face_colors if self.defined_colors is None else self.cost_colors

    @property
    def type_line(self) -> str:
        left = " ".join([*self.supertypes, *(t.capitalize() for t in self.types)])
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left

    def is_type(self, card_type: str) -> bool:
        return card_type in self.types

    @property
    def is_permanent(self) -> bool:
        return any(t in PERMANENT_TYPES for t in self.types)

    @property
    def legendary(self) -> bool:
        return "Legendary" in self.supertypes

    @property
    def basic(self) -> bool:
        return "Basic" in self.supertypes


_M = TypeVar("_M", bound=BaseModel)
_Word = TypeVar("_Word", bound=str)


def _rebuilt(model: _M, **changes: Any) -> _M:
    """A model like this one with these fields changed, validated afresh (model_copy would
    keep its cached properties)."""
    fields = {name: getattr(model, name) for name in type(model).model_fields}
    return type(model)(**(fields | changes))


# Keywords whose alternative cost casts the card transformed (702.146a, 702.162a).
_CAST_TRANSFORMED_KEYWORDS = frozenset({"disturb", "more than meets the eye"})


def _spelled_by_faces(name: Any, faces: Any) -> Any:
    """A two-faced card's name spelled as its faces are, where it names them in another
    spelling (`A/B`, other case): one question, one ruling, whatever the spelling. A name that
    isn't theirs is kept, for `_check_faces` to refuse."""
    if not (isinstance(name, str) and isinstance(faces, list) and len(faces) == 2):
        return name
    names = [face.get("name") if isinstance(face, dict) else None for face in faces]
    if not all(isinstance(n, str) for n in names):
        return name
    joined = f"{names[0]} // {names[1]}"
    return joined if fold(joined) == fold(name) else name


class Card(BaseModel):
    """A catalog card. Single-faced cards keep their characteristics at the top level (`faces`
    empty); split, modal double-faced and adventurer cards list `faces` (front / left /
    creature part first) and their top-level fields are derived."""

    model_config = ConfigDict(
        extra="forbid", frozen=True, strict=True, use_attribute_docstrings=True
    )

    object: Literal["card"] = "card"
    """Always `card`"""
    name: Name
    """Full name; a card with faces joins theirs with ` // `"""
    layout: Layout = "normal"
    """normal, or a layout with two `faces` (split, modal_dfc, adventure, transform, flip...)"""
    mana_cost: ManaString | None = None
    """Mana cost in Oracle notation, like `{2}{G}`; null: no mana cost (202.1b)"""
    supertypes: list[Supertype] = Field(default_factory=list, max_length=5)
    """Supertypes: "Legendary", "Basic", "Snow"… (in any case; stored capitalized)"""
    types: list[CardType] = Field(default_factory=list, max_length=6)
    """Card types, lower case: "land", "creature", "instant"…"""
    subtypes: list[Word] = Field(default_factory=list, max_length=10)
    """Subtypes: "Forest", "Elf", "Aura"…"""
    colors: list[ColorCode] | None = None
    """Colors (W U B R G) when not those of the mana cost (105.2)"""
    power: Annotated[str, Field(max_length=5)] | None = None
    """Printed power, as text (it may be *)"""
    toughness: Annotated[str, Field(max_length=5)] | None = None
    """Printed toughness, as text"""
    loyalty: PrintedNumber | None = omitted_at_default(None)
    """Printed loyalty (a planeswalker), as text (it may be X); shown, never read by the engine"""
    defense: PrintedNumber | None = omitted_at_default(None)
    """Printed defense (a battle), as text; shown, never read by the engine"""
    keywords: list[Word] = Field(default_factory=list, max_length=20)
    """Keywords: "haste", "fuse", "cascade"…"""
    abilities: list[Ability] = Field(default_factory=list, max_length=20)
    """What the engine reads: mana abilities, static, replacement and triggered ones"""
    alternative_costs: list[AlternativeCost] = Field(default_factory=list, max_length=10)
    """Alternative costs by name (Evoke, Force of Will's), 118.9"""
    additional_costs: list[AdditionalCost] = Field(default_factory=list, max_length=10)
    """Additional costs by name (Kicker, a sacrifice), 118.8"""
    cost_changes: list[CostChange] = omitted_at_default(default_factory=list, max_length=10)
    """The spell's own cost increases and reductions (601.2f): affinity, "costs {1} less to
    cast for each ..."; they change what is paid, never the mana value (202.3)"""
    prototype: Prototype | None = omitted_at_default(None)
    """The prototype mana cost and size it may be cast with (702.160a, 718.3b); null: none"""
    chosen_name_of: CardKind | None = omitted_at_default(None)
    """Which cards the card name its permanent chooses as it enters may name (201.3: "choose a
    nonland card name"); null: any card, or it chooses no name"""
    chosen_type_among: list[CardType] = omitted_at_default(default_factory=list, max_length=9)
    """The card types its permanent may choose as it enters (205.2a: "choose artifact,
    enchantment, or planeswalker"); empty: any card type, or it chooses none"""
    chosen_color_not: list[ColorCode] = omitted_at_default(default_factory=list, max_length=4)
    """The colors its permanent may not choose as it enters ("choose a color other than
    green"), which its `chosen_color` must not be; empty: any color, or it chooses none"""
    enchants: Selector | None = omitted_at_default(None)
    """An Aura's enchant ability (702.5a, 303.4a): what its permanent may be attached to, seen
    from its controller ("enchant land you control"); null: not an Aura, one enchanting a
    player, or one whose enchant ability the compiler didn't read"""
    exiles_of: CardKind | None = omitted_at_default(None)
    """What its permanent exiles as it enters, the cards its `exiled` may list (406.6: "exile a
    nonartifact, nonland card from your hand"); null: it says no such thing, or not in words
    the kinds can say"""
    defined_colors: list[ColorCode] | None = omitted_at_default(None, max_length=5)
    """Its colors as its own text defines them, in every zone and before any effect (604.3,
    613.3: "~ is all colors", devoid's colorless, 702.114a), whatever its mana cost or
    `colors` say; null: none defined so"""
    type_choice: TypeChoice | None = omitted_at_default(None)
    """The kind of type its permanent chooses as it enters, which its `chosen_type` must be: a
    creature type (205.3m), a basic land type (305.6) or a card type (205.2a, among
    `chosen_type_among`); null: it chooses none, or the compiler can't tell which"""
    x_not_zero: bool = omitted_at_default(False)
    """Its own words forbid 0 as the X announced for it ("X can't be 0", 107.3a): a cast
    that must make X 0 (107.3b) can't happen, and a kicker's X may not be 0; false: no limit"""
    legend_rule_off: bool = omitted_at_default(False)
    """Its words turn the legend rule (704.5j) off for some permanents: a board with it is not
    checked for two legendary permanents of one name under one controller; false: they don't"""
    effect_lines: list[EffectLine] = omitted_at_default(
        default_factory=list, max_length=MAX_EFFECT_LINES
    )
    """When what an `effects` entry of it does depends on which of its abilities or modes
    resolved: the paragraphs of its rules text (counted from 1) an entry may stand for, and
    the entry must name one as its `line`; empty: any entry does the same"""
    faces: list[CardFace] = Field(default_factory=list, max_length=2)
    """For split, modal double-faced and adventurer cards: the two faces, front first"""
    summary: Annotated[str, Field(max_length=1000)] = ""
    """What the card does, in a sentence of your own (shown, never read by the engine)"""
    text: RulesText | None = None  # rules text as imported (single-faced cards)
    """Rules text as imported from a card-data file (single-faced cards)"""
    # Compiled from rules text (app/catalog/compile): "partial" when a sentence bearing on mana
    # or casting was not understood; those sentences are listed (rulings carry them as caveats).
    support: Literal["full", "partial"] | None = None
    """`full` when every sentence bearing on mana or casting was understood, else `partial`"""
    unsupported_text: list[Annotated[str, Field(max_length=1000)]] = Field(
        default_factory=list, max_length=50
    )
    """The sentences bearing on mana or casting that were not understood"""

    @model_validator(mode="before")
    @classmethod
    def _drop_derived(cls, data: Any) -> Any:
        # Clients may send back a card exactly as GET /v1/cards/{name} served it.
        if isinstance(data, dict):
            data = {k: v for k, v in data.items() if k not in ("mana_value", "type_line")}
            # A layout of the wrong type is left for its field's validation to name.
            layout = data.get("layout", "normal")
            if data.get("faces") and isinstance(layout, str) and layout in TWO_FACED_LAYOUTS:
                for derived in ("mana_cost", "colors", "supertypes", "types", "subtypes"):
                    data.pop(derived, None)
                data["name"] = _spelled_by_faces(data.get("name"), data["faces"])
        return data

    _check = field_validator("mana_cost")(classmethod(lambda cls, v: check_mana_string(v)))

    @model_validator(mode="after")
    def _check_layout(self) -> Card:
        if not fold(self.name):
            raise ValueError(
                f"{self.name!r} names no card: a name can't be only spaces, quotes, apostrophes "
                "or invisible characters"
            )
        if self.layout == "normal" and self.faces:
            raise ValueError("a 'normal' card has no 'faces'; use split, modal_dfc or adventure")
        if self.layout in TWO_FACED_LAYOUTS and len(self.faces) != 2:
            raise ValueError(f"a {self.layout} card needs exactly two 'faces'")
        if self.layout not in TWO_FACED_LAYOUTS and self.faces:
            raise ValueError(f"a {self.layout} card has one face: no 'faces'")
        if self.faces:
            self._check_faces()
        return self

    def _check_faces(self) -> None:
        """Two faces a card can have: names of their own (201.2: each names the face a
        question means), and an adventurer's creature part first, its Adventure second
        (715.2: the Adventure is an instant or sorcery, the adventurer a permanent card)."""
        first, second = self.faces
        for face in self.faces:
            # A slash is allowed: a real card's name has two ("SP//dr, Piloted by Peni").
            if not fold(face.name):
                raise ValueError(
                    f"{face.name!r} names no face: a face's name can't be only spaces, quotes, "
                    "apostrophes or invisible characters"
                )
        if fold(first.name) == fold(second.name):
            raise ValueError(f"the two faces are both named {first.name!r}: name each its own")
        joined = f"{first.name} // {second.name}"
        if fold(self.name) != fold(joined):
            raise ValueError(f"a card with faces is named by them: {joined!r}, not {self.name!r}")
        spells = {"instant", "sorcery"}
        if self.layout == "adventure" and (
            spells.isdisjoint(second.types) or not spells.isdisjoint(first.types)
        ):
            raise ValueError(
                "an adventure card lists its permanent part first and its Adventure, an "
                "instant or sorcery, second (715.2)"
            )

    # -- faces --
    @property
    def card_faces(self) -> list[CardFace]:
        return list(self._faces)

    @cached_property
    def _faces(self) -> tuple[CardFace, ...]:
        # Built once per card: a single-faced card's face is a validated copy of its fields.
        return tuple(self.faces) if self.faces else (self.as_face(),)

    def as_face(self) -> CardFace:
        return CardFace(
            name=self.name,
            mana_cost=self.mana_cost,
            supertypes=self.supertypes,
            types=self.types,
            subtypes=self.subtypes,
            colors=self.colors,
            power=self.power,
            toughness=self.toughness,
            loyalty=self.loyalty,
            defense=self.defense,
            keywords=self.keywords,
            abilities=self.abilities,
            alternative_costs=self.alternative_costs,
            additional_costs=self.additional_costs,
            cost_changes=self.cost_changes,
            prototype=self.prototype,
            chosen_name_of=self.chosen_name_of,
            chosen_type_among=self.chosen_type_among,
            chosen_color_not=self.chosen_color_not,
            enchants=self.enchants,
            exiles_of=self.exiles_of,
            defined_colors=self.defined_colors,
            type_choice=self.type_choice,
            x_not_zero=self.x_not_zero,
            legend_rule_off=self.legend_rule_off,
            effect_lines=self.effect_lines,
            text=self.text,
        )

    @property
    def front(self) -> CardFace:
        """Front face of an MDFC, left half of a split card, creature part of an adventurer."""
        return self.card_faces[0]

    @property
    def has_fuse(self) -> bool:
        """702.102a: a split card with fuse; the keyword is the card's, or (as an import
        keeps it) each half's."""
        if self.layout != "split":
            return False
        keywords = [*self.keywords, *(k for f in self.faces for k in f.keywords)]
        return any(k.casefold() == "fuse" for k in keywords)

    def fused(self) -> CardFace:
        """702.102c: a split card cast fused is one spell with both halves' characteristics,
        named as the whole card: both mana costs (so the halves' mana values added), every
        type and ability, each half's costs and cost changes. Raises ValueError for a card
        without fuse (709.3: only one half can be cast)."""
        if not self.has_fuse:
            names = " or ".join(repr(f.name) for f in self.card_faces)
            raise ValueError(
                f"{self.name} has no fuse, so only one half can be cast (709.3): give {names}"
            )
        return self._halves_together

    @cached_property
    def _halves_together(self) -> CardFace:
        """Both halves' characteristics as one face named as the whole card: both mana costs
        (so the halves' mana values added), every type and ability, each half's costs and cost
        changes. What a split card cast fused is (702.102c), and a Room with both doors
        unlocked (709.5). Built once per card: the engine files what it reads by face."""
        halves = self.card_faces

        def union(lists: list[list[_Word]]) -> list[_Word]:
            return list(dict.fromkeys(v for values in lists for v in values))

        # Built unvalidated: each half was, and together they may hold more of a list than
        # one face's limit.
        together = CardFace.model_construct(
            name=self.name,
            mana_cost="".join(h.mana_cost or "" for h in halves) or None,
            supertypes=union([h.supertypes for h in halves]),
            types=union([h.types for h in halves]),
            subtypes=union([h.subtypes for h in halves]),
            colors=None,
            keywords=union([h.keywords for h in halves]),
            abilities=[a for h in halves for a in h.abilities],
            alternative_costs=[c for h in halves for c in h.alternative_costs],
            additional_costs=[c for h in halves for c in h.additional_costs],
            cost_changes=[c for h in halves for c in h.cost_changes],
        )
        together._names = tuple(h.name for h in halves)  # 702.102c, 709.5: both names
        return together

    @property
    def is_room(self) -> bool:
        """709.5: a split card whose halves (doors) share one permanent type line with the
        subtype Room."""
        return self.layout == "split" and all("Room" in f.subtypes for f in self.faces)

    def room_unlocked(self, doors: frozenset[int]) -> CardFace:
        """709.5: what a Room permanent is with the doors at these indices unlocked: one door's
        face, both halves together, or with none only its shared type line (no name of its own,
        no mana cost so mana value 0 and colorless, no abilities). Such a face's `names` are
        the unlocked doors' (201.2a); its `name`, the card's, only labels it in explanations
        and matches effects to their own card."""
        match len(doors):
            case 1:
                return self.card_faces[min(doors)]
            case 2:
                return self._halves_together
            case _:
                return self._all_locked

    @cached_property
    def _all_locked(self) -> CardFace:
        front = self.front
        locked = CardFace.model_construct(
            name=self.name,
            mana_cost=None,
            supertypes=list(front.supertypes),
            types=list(front.types),
            subtypes=list(front.subtypes),
            colors=None,
        )
        locked._names = ()  # 709.5: no name at all (201.2a: it shares a name with nothing)
        return locked

    def resolved_from(self, line: int) -> Card:
        """The card as an effects entry that names the line its ability resolved from sees it
        (the entry's `line`): the front face's abilities on another line left out (those
        on no line stay). A new card, built afresh: a copy would keep the faces read before."""
        front = self.front
        kept = [a for a in front.abilities if line_of(a) in (None, line)]
        if len(kept) == len(front.abilities):
            return self
        if not self.faces:
            return _rebuilt(self, abilities=kept)
        return _rebuilt(self, faces=[_rebuilt(front, abilities=kept), *self.faces[1:]])

    def face_named(self, name: str) -> CardFace | None:
        """The face `name` names in any spelling a card's name may be asked in (fold)."""
        wanted = fold(name)
        for face in self.card_faces:
            if fold(face.name) == wanted:
                return face
        return None

    def named_whole(self, name: str) -> bool:
        """Whether `name` is the whole card's name, in any spelling (fold)."""
        return fold(name) == fold(self.name)

    def is_named(self, name: str) -> bool:
        """Whether `name` is the card's whole name or one of its faces', in any spelling."""
        return self.named_whole(name) or self.face_named(name) is not None

    # -- derived characteristics --
    @computed_field  # type: ignore[prop-decorator]
    @property
    def mana_value(self) -> int:
        return self.mana_value_off_stack()

    def mana_value_off_stack(self) -> int:
        """202.3 off the stack (X is 0, 107.3g): a split card adds its halves (709.4); an MDFC
        uses its front face (712.8); an adventurer its creature part (715.4)."""
        return sum(f.face_mana_value(0) for f in off_stack_faces(self))

    @computed_field  # type: ignore[prop-decorator]
    @property
    def type_line(self) -> str:
        return " // ".join(f.type_line for f in self.card_faces)

    def face_mana_value_in_play(self, face: CardFace, x: int = 0) -> int:
        """202.3 on the stack or battlefield: the mana value of `mana_value_face`."""
        return self.mana_value_face(face).face_mana_value(x)

    def mana_value_face(self, face: CardFace) -> CardFace:
        """The face whose mana cost gives a spell's or permanent's mana value (202.3): its own,
        except that a flipped permanent keeps its unflipped mana cost (710.1) and a spell cast
        transformed or a transformed permanent uses its front face's (712.8), though its back
        face has no mana cost of its own."""
        if self.layout in ("flip", "transform") and face is not self.front:
            return self.front
        return face

    def never_cast(self, face: CardFace) -> bool:
        """A face that is never a spell: a flip card's flipped half or a meld card's melded
        face (710.1, 712.8), or a transforming card's back face when nothing casts its card
        transformed (cast_transformed_by)."""
        if face is self.front:
            return False
        if self.layout in FRONT_CAST_LAYOUTS:
            return True
        return self.layout == "transform" and self.cast_transformed_by() is None

    def cast_transformed_by(self) -> Literal["free", "cost"] | None:
        """How a transforming card comes onto the stack back face up (cast transformed): "free"
        for a Siege (its front a battle: defeated, its controller may cast it transformed
        without paying its mana cost), "cost" by a keyword's alternative cost (disturb
        702.146a, More Than Meets the Eye 702.162a), None when nothing casts it so (its back
        face comes only by transforming, 712.8)."""
        if self.layout != "transform":
            return None
        if self.front.is_type("battle"):
            return "free"
        said = {k.casefold() for f in self.card_faces for k in f.keywords} | {
            c.name.casefold() for f in self.card_faces for c in f.alternative_costs
        }
        return "cost" if said & _CAST_TRANSFORMED_KEYWORDS else None

    def face_with_mana_cost(self, face: CardFace) -> CardFace:
        """The face whose mana cost a permanent with `face` up has: its own, but a flipped
        permanent keeps its unflipped mana cost (710.1c), whatever a file says of the flipped
        face (a transformed permanent's back face has none of its own, 712.8)."""
        if self.layout == "flip" and face is not self.front and face in self.card_faces:
            return self.front
        return face

    @property
    def card_colors(self) -> list[str]:
        """The card's colors off the stack and battlefield: both halves of a split card
        (709.4), else the front face, unflipped half or creature part (712.8, 710.1, 715.4)."""
        found = {c for f in off_stack_faces(self) for c in f.face_colors}
        return [c for c in COLORS if c in found]

    def public(self) -> dict[str, Any]:
        """The catalog representation served over HTTP (derived fields filled in)."""
        data = self.model_dump(mode="json", exclude_none=False)
        if self.faces:
            data["mana_cost"] = " // ".join(f.mana_cost or "" for f in self.faces)
            data["types"] = sorted({t for f in self.faces for t in f.types})
            data["supertypes"] = sorted({t for f in self.faces for t in f.supertypes})
            data["subtypes"] = sorted({t for f in self.faces for t in f.subtypes})
        data["colors"] = self.card_colors
        return data
