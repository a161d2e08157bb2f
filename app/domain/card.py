"""Cards and their abilities as data (ARCHITECTURE.md: a card is a name plus data).

Abilities are a discriminated union on `kind`; a new card built from known kinds needs no code.
The same `Card` schema is served by `GET /v1/cards/{name}` and accepted inline as a permanent's
`definition`.
"""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, computed_field, field_validator, model_validator

from app.domain.mana import (
    COLORS,
    ManaSymbol,
    ManaSyntaxError,
    cost_mana_value,
    count_x,
    parse_cost,
)

Name = Annotated[str, Field(min_length=1, max_length=200)]
Word = Annotated[str, Field(min_length=1, max_length=40)]
ManaString = Annotated[str, Field(max_length=200)]
RulesText = Annotated[str, Field(max_length=5000)]
ManaTypeCode = Literal["W", "U", "B", "R", "G", "C"]
ColorCode = Literal["W", "U", "B", "R", "G"]
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
PERMANENT_TYPES = frozenset(
    {"land", "creature", "artifact", "enchantment", "planeswalker", "battle"}
)


class Strict(BaseModel):
    """Unknown fields are an error (API.md: an unknown field is a 4xx naming it)."""

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
                raise ManaSyntaxError(s.render(), value)
    return value


# --- which permanents ------------------------------------------------------------------------


class Selector(Strict):
    """A set of permanents, seen from the ability's source ("lands you control").

    controller is relative to the source's controller. `types`/`subtypes` match when the
    permanent has any of those listed (empty: no restriction). relation `attached` means only
    the permanent the source is attached to (an Aura's enchanted land, equipped creature).
    """

    controller: Literal["you", "opponent", "any"] = "any"
    types: list[CardType] = Field(default_factory=list, max_length=10)
    subtypes: list[Word] = Field(default_factory=list, max_length=10)
    nonbasic: bool = False
    relation: Literal["any", "attached"] = "any"


# --- mana abilities (605) ----------------------------------------------------------------------


class CostPart(Strict):
    """A cost part other than those above (discard, exile, tap untapped creatures, exert...).
    Recorded and explained; 106.7 ignores it and activation takes it as paid (API.md)."""

    kind: Literal[
        "discard", "exile", "tap_untapped", "exert", "return", "sacrifice", "counter", "other"
    ]
    text: Annotated[str, Field(min_length=1, max_length=200)]  # "discard a card", our wording


class ManaAbilityCost(Strict):
    """An activation cost. The engine ignores everything but {T}/{Q} when asking what an ability
    could produce (106.7), and takes the rest as paid when activating (API.md)."""

    tap: bool = False  # {T} (107.5)
    untap: bool = False  # {Q} (107.6)
    mana: ManaString | None = None  # e.g. Dimir Signet's {1}
    life: int = Field(0, ge=0, le=1000)
    remove_counters: dict[Word, int] = Field(default_factory=dict, max_length=5)
    sacrifice: Selector | Literal["self"] | None = None
    others: list[CostPart] = Field(default_factory=list, max_length=10)

    _check_mana = field_validator("mana")(classmethod(lambda cls, v: check_mana_string(v)))


class FixedMana(Strict):
    kind: Literal["fixed"] = "fixed"
    mana: ManaString  # "{C}{C}", "{R}{W}"

    _check = field_validator("mana")(
        classmethod(lambda cls, v: check_mana_string(v, produced=True))
    )


class ChoiceOfMana(Strict):
    """One of several fixed amounts (Tundra's {W} or {U}; Llanowar Wastes' {B} or {G})."""

    kind: Literal["choice"] = "choice"
    options: list[ManaString] = Field(min_length=1, max_length=12)

    @field_validator("options")
    @classmethod
    def _check(cls, v: list[str]) -> list[str]:
        for option in v:
            check_mana_string(option, produced=True)
        return v


class AnyColor(Strict):
    kind: Literal["any_color"] = "any_color"
    amount: int = Field(1, ge=0, le=100)


class AnyType(Strict):
    kind: Literal["any_type"] = "any_type"
    amount: int = Field(1, ge=0, le=100)


class PerCount(Strict):
    """N mana of one type, N = how many permanents match (Gaea's Cradle)."""

    kind: Literal["per_count"] = "per_count"
    mana_type: ManaTypeCode
    count: Selector


class ColorOfPermanent(Strict):
    """One mana of a color of a matching permanent (Meteor Crater)."""

    kind: Literal["color_of_permanent"] = "color_of_permanent"
    among: Selector
    amount: int = Field(1, ge=0, le=100)


class CouldProduce(Strict):
    """One mana of any type (or color) that a matching permanent could produce (106.7)."""

    kind: Literal["could_produce"] = "could_produce"
    among: Selector
    of: Literal["type", "color"]
    amount: int = Field(1, ge=0, le=100)


def _all_colors() -> list[ColorCode]:
    return ["W", "U", "B", "R", "G"]


class AnyCombination(Strict):
    """`amount` mana in any combination of `colors` ("two mana in any combination of colors")."""

    kind: Literal["combination"] = "combination"
    amount: int = Field(1, ge=0, le=10)
    colors: list[ColorCode] = Field(default_factory=_all_colors, min_length=1, max_length=5)


class ChosenColor(Strict):
    """`amount` mana of the color chosen for the source as it entered (its `chosen_color`)."""

    kind: Literal["chosen_color"] = "chosen_color"
    amount: int = Field(1, ge=0, le=100)


class PerCounter(Strict):
    """One mana of `mana_type` for each `counter` counter on the source ("equal to the number
    of charge counters on it")."""

    kind: Literal["per_counter"] = "per_counter"
    mana_type: ManaTypeCode
    counter: Word


class OneColorPerCount(Strict):
    """N mana of any one color, N = how many permanents match `count`, or how many `counter`
    counters are on the source ("X mana of any one color, where X is the number of...")."""

    kind: Literal["one_color_per_count"] = "one_color_per_count"
    count: Selector | None = None
    counter: Word | None = None

    @model_validator(mode="after")
    def _one_count(self) -> OneColorPerCount:
        if (self.count is None) == (self.counter is None):
            raise ValueError("give exactly one of 'count' and 'counter'")
        return self


class ChoiceOrChosenColor(Strict):
    """One of `options`, or one mana of the source's chosen color ("{C} or one mana of the
    chosen color")."""

    kind: Literal["choice_or_chosen_color"] = "choice_or_chosen_color"
    options: list[ManaString] = Field(min_length=1, max_length=12)

    @field_validator("options")
    @classmethod
    def _check(cls, v: list[str]) -> list[str]:
        for option in v:
            check_mana_string(option, produced=True)
        return v


Production = Annotated[
    FixedMana
    | ChoiceOfMana
    | AnyColor
    | AnyType
    | PerCount
    | ColorOfPermanent
    | CouldProduce
    | AnyCombination
    | ChosenColor
    | PerCounter
    | OneColorPerCount
    | ChoiceOrChosenColor,
    Field(discriminator="kind"),
]


class AmountIfCounter(Strict):
    """The ability's own 'instead' (614.15): `amount` of the chosen mana with such a counter."""

    kind: Literal["amount_if_counter"] = "amount_if_counter"
    counter: Word
    amount: int = Field(ge=0, le=100)


class ManaAbility(Strict):
    kind: Literal["mana_ability"] = "mana_ability"
    cost: ManaAbilityCost = Field(default_factory=ManaAbilityCost)
    produces: Production
    instead: AmountIfCounter | None = None
    side_effect: Annotated[str, Field(max_length=200)] | None = None  # "deals 1 damage to you"


# --- static, replacement and triggered abilities ---------------------------------------------

# Where an ability works from: a permanent on the battlefield, or a resolved turn-long effect
# (API.md `effects`: Pale Moon, Deep Water's activation, Act of Treason).
WorksFrom = Literal["battlefield", "effect"]


class GrantManaAbility(Strict):
    """Matching permanents have this mana ability (Chromatic Lantern, Cryptolith Rite)."""

    kind: Literal["grant_mana_ability"] = "grant_mana_ability"
    to: Selector
    ability: ManaAbility
    works_from: WorksFrom = "battlefield"


class ChangeType(Strict):
    """All the mana becomes one type, amount kept (Pale Moon, Deep Water)."""

    kind: Literal["change_type"] = "change_type"
    to: ManaTypeCode


class ChangeTypeAndAmount(Strict):
    """The whole event becomes this mana (Contamination, Damping Sphere)."""

    kind: Literal["change_type_and_amount"] = "change_type_and_amount"
    mana: ManaString

    _check = field_validator("mana")(
        classmethod(lambda cls, v: check_mana_string(v, produced=True))
    )


class Multiply(Strict):
    """Each mana becomes `factor` of it (Mana Reflection 2, Nyxbloom Ancient 3)."""

    kind: Literal["multiply"] = "multiply"
    factor: int = Field(ge=0, le=10)


ReplacementChange = Annotated[
    ChangeType | ChangeTypeAndAmount | Multiply, Field(discriminator="kind")
]


class ManaReplacement(Strict):
    """A replacement effect on a 'tapped for mana' production event (106.12b, 616.1).

    source: which permanents, seen from this effect's controller. tapped_by_you: only when this
    effect's controller taps it. min_amount: only when the event is that much mana or more
    (Damping Sphere's 'two or more'), looked at again after each replacement (616.1e).
    """

    kind: Literal["mana_replacement"] = "mana_replacement"
    source: Selector
    tapped_by_you: bool = False
    min_amount: int = Field(0, ge=0, le=100)
    change: ReplacementChange
    works_from: WorksFrom = "battlefield"


class ManaTrigger(Strict):
    """A triggered mana ability (605.1b) on a land/permanent being tapped for mana (106.12a).

    source: which tapped permanents (relation `attached`: the enchanted one). tapped_by_you:
    only when this trigger's controller taps it. requires_tap false: any mana ability of the
    source counts (Caged Sun). only_chosen_color: the ability must have made mana of this
    permanent's chosen color. adds: fixed mana, one of a type the source produced, or one of
    the chosen color.
    """

    kind: Literal["mana_trigger"] = "mana_trigger"
    source: Selector
    tapped_by_you: bool = False
    requires_tap: bool = True
    only_chosen_color: bool = False
    adds: Literal["fixed", "type_produced", "chosen_color"]
    mana: ManaString | None = None  # with adds="fixed"
    works_from: WorksFrom = "battlefield"

    @model_validator(mode="after")
    def _fixed_needs_mana(self) -> ManaTrigger:
        if self.adds == "fixed":
            if not self.mana:
                raise ValueError("adds 'fixed' needs 'mana'")
            check_mana_string(self.mana, produced=True)
        return self


class GrantKeyword(Strict):
    """Matching permanents have a keyword (Concordant Crossroads, Lightning Greaves: haste)."""

    kind: Literal["grant_keyword"] = "grant_keyword"
    keyword: Word
    to: Selector
    works_from: WorksFrom = "battlefield"


class GainControl(Strict):
    """This source's controller controls the creature (Control Magic: enchanted; Act of Treason:
    the effect's target), and with `haste` it also gains haste."""

    kind: Literal["gain_control"] = "gain_control"
    of: Literal["attached", "target"]
    haste: bool = False
    works_from: WorksFrom = "battlefield"


class EntersWithCounters(Strict):
    """ETB replacement: enters with `X` (or a fixed number of) counters (107.3m)."""

    kind: Literal["enters_with_counters"] = "enters_with_counters"
    counter: Word
    amount: Literal["X"] | int


class EtbTrigger(Strict):
    """An enters-the-battlefield trigger; `uses_x` when it refers to X (107.3m)."""

    kind: Literal["etb_trigger"] = "etb_trigger"
    uses_x: bool = False
    summary: Annotated[str, Field(max_length=300)] = ""


class RevealUntil(Strict):
    """Reveal (or exile, for cascade) until a qualifying nonland card; may cast it free."""

    kind: Literal["reveal_until"] = "reveal_until"
    mode: Literal["reveal", "cascade"]
    max_mana_value: int | None = None
    nonlegendary: bool = False


Ability = Annotated[
    ManaAbility
    | GrantManaAbility
    | ManaReplacement
    | ManaTrigger
    | GrantKeyword
    | GainControl
    | EntersWithCounters
    | EtbTrigger
    | RevealUntil,
    Field(discriminator="kind"),
]


# --- costs for casting (118) -----------------------------------------------------------------


class CastingCost(Strict):
    """A named cost of casting a spell, with its mana part if any."""

    name: Name
    mana: ManaString | None = None
    summary: Annotated[str, Field(max_length=300)] = ""

    _check = field_validator("mana")(classmethod(lambda cls, v: check_mana_string(v)))


class AlternativeCost(CastingCost):
    """118.9: a cost paid instead of the mana cost (Evoke, Flashback, Force of Will's)."""


class AdditionalCost(CastingCost):
    """118.8: paid on top of the mana cost; `optional` (Kicker) or mandatory (Fling)."""

    optional: bool


# --- cards and faces -------------------------------------------------------------------------


class CardFace(Strict):
    name: Name
    """The face's name (for a single-faced card, the card's name)"""
    mana_cost: ManaString | None = None  # None: no mana cost (202.1b)
    """Mana cost in Oracle notation, like `{2}{G}`; null: no mana cost (202.1b)"""
    supertypes: list[Word] = Field(default_factory=list, max_length=5)
    """Supertypes: "Legendary", "Basic", "Snow"…"""
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
    keywords: list[Word] = Field(default_factory=list, max_length=20)
    """Keywords: "haste", "fuse", "cascade"…"""
    abilities: list[Ability] = Field(default_factory=list, max_length=20)
    """What the engine reads: mana abilities, static, replacement and triggered ones"""
    alternative_costs: list[AlternativeCost] = Field(default_factory=list, max_length=10)
    """Alternative costs by name (Evoke, Force of Will's), 118.9"""
    additional_costs: list[AdditionalCost] = Field(default_factory=list, max_length=10)
    """Additional costs by name (Kicker, a sacrifice), 118.8"""
    text: RulesText | None = None  # the face's rules text as imported (never read by the engine)
    """The face's rules text as imported from a card-data file (never read by the engine)"""

    _check = field_validator("mana_cost")(classmethod(lambda cls, v: check_mana_string(v)))

    @property
    def cost_symbols(self) -> tuple[ManaSymbol, ...]:
        return parse_cost(self.mana_cost) if self.mana_cost else ()

    def face_mana_value(self, x: int = 0) -> int:
        """202.3: no mana cost is 0; X counts `x` (0 everywhere but the stack, 107.3g)."""
        return cost_mana_value(self.cost_symbols, x)

    @property
    def x_count(self) -> int:
        return count_x(self.cost_symbols)

    @property
    def face_colors(self) -> list[str]:
        if self.colors is not None:
            return [c for c in COLORS if c in self.colors]
        found: set[str] = set()
        for s in self.cost_symbols:
            found.update(p for p in s.text.split("/") if p in COLORS)
        return [c for c in COLORS if c in found]

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


Layout = Literal[
    "normal",
    "split",
    "modal_dfc",
    "adventure",
    # Imported layouts (MTGJSON / Scryfall names), mapped onto the semantics above:
    "aftermath",  # a split card (709): both halves off the stack
    "flip",  # 710: the unflipped half off the stack and as a spell
    "transform",  # 712: the front face off the battlefield and as a spell
    "meld",  # 712: a front face that melds with another card into a shared back face
    # One face each, characteristics as printed: nothing layout-specific for mana value.
    "leveler",
    "class",
    "saga",
    "case",
    "prototype",  # 718: off the stack only the normal characteristics
    "mutate",
    "host",
    "augment",
]
# Layouts whose card lists two `faces` (front / left half / creature part first).
TWO_FACED_LAYOUTS = frozenset(
    {"split", "modal_dfc", "adventure", "aftermath", "flip", "transform", "meld"}
)
# 709.4: off the stack a split card (aftermath cards are split cards, 709.1) has both halves'
# characteristics, so its mana value is their sum.
COMBINED_LAYOUTS = frozenset({"split", "aftermath"})
# Only the front is ever cast: a flip card is cast unflipped (710), a transforming or meld
# card face up (712.8); the back face comes only by transforming or melding.
FRONT_CAST_LAYOUTS = frozenset({"flip", "transform", "meld"})
# The rule that says a multi-part card is on the stack or battlefield as one of its parts.
FACE_RULES: dict[str, str] = {
    "split": "709.3",
    "aftermath": "709.3",
    "modal_dfc": "712.8",
    "transform": "712.8",
    "meld": "712.8",
    "flip": "710.1",
    "adventure": "715.3",
}


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
    supertypes: list[Word] = Field(default_factory=list, max_length=5)
    """Supertypes: "Legendary", "Basic", "Snow"…"""
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
    keywords: list[Word] = Field(default_factory=list, max_length=20)
    """Keywords: "haste", "fuse", "cascade"…"""
    abilities: list[Ability] = Field(default_factory=list, max_length=20)
    """What the engine reads: mana abilities, static, replacement and triggered ones"""
    alternative_costs: list[AlternativeCost] = Field(default_factory=list, max_length=10)
    """Alternative costs by name (Evoke, Force of Will's), 118.9"""
    additional_costs: list[AdditionalCost] = Field(default_factory=list, max_length=10)
    """Additional costs by name (Kicker, a sacrifice), 118.8"""
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
            if data.get("faces") and data.get("layout", "normal") in TWO_FACED_LAYOUTS:
                for derived in ("mana_cost", "colors", "supertypes", "types", "subtypes"):
                    data.pop(derived, None)
        return data

    @model_validator(mode="after")
    def _check_layout(self) -> Card:
        check_mana_string(self.mana_cost)
        if self.layout == "normal" and self.faces:
            raise ValueError("a 'normal' card has no 'faces'; use split, modal_dfc or adventure")
        if self.layout in TWO_FACED_LAYOUTS and len(self.faces) != 2:
            raise ValueError(f"a {self.layout} card needs exactly two 'faces'")
        if self.layout not in TWO_FACED_LAYOUTS and self.faces:
            raise ValueError(f"a {self.layout} card has one face: no 'faces'")
        return self

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
            keywords=self.keywords,
            abilities=self.abilities,
            alternative_costs=self.alternative_costs,
            additional_costs=self.additional_costs,
            text=self.text,
        )

    @property
    def front(self) -> CardFace:
        """Front face of an MDFC, left half of a split card, creature part of an adventurer."""
        return self.card_faces[0]

    def face_named(self, name: str) -> CardFace | None:
        wanted = name.casefold()
        for face in self.card_faces:
            if face.name.casefold() == wanted:
                return face
        return None

    # -- derived characteristics --
    @computed_field  # type: ignore[prop-decorator]
    @property
    def mana_value(self) -> int:
        return self.mana_value_off_stack()

    def mana_value_off_stack(self) -> int:
        """202.3 off the stack (X is 0, 107.3g): a split card adds its halves (709.4); an MDFC
        uses its front face (712.8); an adventurer its creature part (715.4). Imported layouts:
        aftermath is a split card (709.4); flip, transform and meld cards have only their
        unflipped half or front face off the battlefield (710.1, 712.8); single-faced layouts
        (leveler, class, saga, case, prototype 718, mutate) use their one mana cost."""
        if self.layout in COMBINED_LAYOUTS:
            return sum(f.face_mana_value(0) for f in self.faces)
        return self.front.face_mana_value(0)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def type_line(self) -> str:
        return " // ".join(f.type_line for f in self.card_faces)

    def face_mana_value_in_play(self, face: CardFace, x: int = 0) -> int:
        """202.3 on the stack or battlefield: the face's own mana cost, except that a flipped
        permanent keeps its unflipped mana cost (710.1) and a transformed permanent's mana value
        comes from its front face (712.8)."""
        if self.layout in ("flip", "transform") and face is not self.front:
            return self.front.face_mana_value(x)
        return face.face_mana_value(x)

    @property
    def card_colors(self) -> list[str]:
        # 712.8, 710.1: off the battlefield only the front face / unflipped half counts.
        if self.layout in ("modal_dfc", "transform", "meld", "flip"):
            return self.front.face_colors
        found = {c for f in self.card_faces for c in f.face_colors}
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
