"""Which objects an ability looks at: composable filters (all / any / not over an object's
characteristics) and the `Selector` shorthand the card files use.

A `Selector` is the common case written flat ("lands you control", "nonbasic lands", "the
permanent this is attached to"), the shape card data and inline definitions use. Its meaning
is one composable filter (`Selector.as_filter`), compiled once into a predicate
(`Selector.predicate`): the engine evaluates filters and never reads the flat fields itself.
Effects the engine builds (the layers) use filters directly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Annotated, Any, ClassVar, Literal, NamedTuple, assert_never, get_args

from pydantic import Field, WithJsonSchema, field_validator, model_validator

from app.domain.base import (
    EVERY_CREATURE_TYPE,
    NOT_CREATURE_TYPES,
    CardType,
    ColorCode,
    Strict,
    Word,
    omitted_at_default,
)


class Traits(NamedTuple):
    """What a filter may ask about a permanent, from its characteristics after continuous
    effects (613): controller (layer 2), types (layer 4), colors (layer 5), tapped status.

    Subtypes and supertypes are casefolded. Equal traits answer every filter alike, so the
    engine groups permanents by them (a tuple: hashed and compared in C, which the grouping
    of 10,000 permanents feels).
    """

    controller: str
    types: frozenset[str]
    subtypes: frozenset[str]
    supertypes: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()
    tapped: bool = False
    token: bool = False  # 111.1: a token, not a card (the state's `token`)
    # Counters on it by kind (casefolded, a trailing " counter" dropped), sorted: 122.1.
    counters: tuple[tuple[str, int], ...] = ()
    name: str = ""  # its name, casefolded (201.2: objects with the same name)
    # Its keyword abilities, casefolded: the face's, less those layer 6 removed, plus those
    # granted (613.1f); read through the characteristics pass, never the printed face alone.
    keywords: frozenset[str] = frozenset()
    equipped: bool = False  # 301.5: an Equipment is attached to it (the state's `attached_to`)
    # Its mana value (202.3), known for a spell only: on the stack X counts as chosen, 0 in a
    # free cast (107.3b). None for a permanent or a card, whose selectors can't ask it
    # (`SpellSelector`).
    mana_value: int | None = None
    # Whether its mana cost has {X} (107.3), known for a spell only, like its mana value.
    x_in_mana_cost: bool | None = None

    @property
    def basic(self) -> bool:
        return "basic" in self.supertypes  # 205.4c


@dataclass(frozen=True, slots=True)
class Looker:
    """Where a filter is seen from: its source's controller, what the source is attached to
    (for an effect: its target) and the source's own id ("other" leaves it out)."""

    controller: str
    attached_to: str | None
    source_id: str | None = None


Predicate = Callable[[Looker, str, Traits], bool]


class HasType(Strict):
    """A card type the permanent has (205.2a)."""

    kind: Literal["type"] = "type"
    """Always `type`: has this card type (205.2a)"""
    type: CardType
    """The card type, lower case"""


class HasSubtype(Strict):
    """A subtype the permanent has (205.3)."""

    kind: Literal["subtype"] = "subtype"
    """Always `subtype`: has this subtype (205.3)"""
    subtype: Word
    """The subtype, any case"""


class HasSupertype(Strict):
    """A supertype the permanent has, like legendary or snow (205.4)."""

    kind: Literal["supertype"] = "supertype"
    """Always `supertype`: has this supertype (205.4)"""
    supertype: Word
    """The supertype, any case"""


class HasColor(Strict):
    """A color the permanent is (105.2)."""

    kind: Literal["color"] = "color"
    """Always `color`: is this color (105.2)"""
    color: ColorCode
    """The color (W U B R G)"""


class ControlledBy(Strict):
    """Relative to the looker's controller."""

    kind: Literal["controller"] = "controller"
    """Always `controller`: controlled by this player"""
    who: Literal["you", "opponent"]
    """`you`: the looker's controller; `opponent`: anyone else"""


class IsAttached(Strict):
    """The permanent the looker is attached to (an Aura's enchanted permanent; an effect's
    target)."""

    kind: Literal["attached"] = "attached"
    """Always `attached`: the permanent the looker is attached to"""


class IsTapped(Strict):
    """The permanent is tapped (negate it for untapped)."""

    kind: Literal["tapped"] = "tapped"
    """Always `tapped`: the permanent is tapped"""


class IsBasic(Strict):
    """The permanent is basic (205.4c)."""

    kind: Literal["basic"] = "basic"
    """Always `basic`: the permanent is basic (205.4c)"""


class IsToken(Strict):
    """The permanent is a token (111.1), as the state's `token` says."""

    kind: Literal["token"] = "token"
    """Always `token`: the permanent is a token (111.1)"""


class IsOther(Strict):
    """Not the filter's own source: "other creatures you control" (a description of
    permanents, 109.2, that leaves out the one whose ability it is)."""

    kind: Literal["other"] = "other"
    """Always `other`: any permanent but the source of the ability looking"""


class IsMonocolored(Strict):
    """Has exactly one color (105.2a): colorless and multicolored permanents don't match."""

    kind: Literal["monocolored"] = "monocolored"
    """Always `monocolored`: the permanent has exactly one color"""


class IsEquipped(Strict):
    """An Equipment is attached to it (301.5: "equipped creatures"), as the state's
    `attached_to` says; an Equipment is a permanent with that subtype on its face."""

    kind: Literal["equipped"] = "equipped"
    """Always `equipped`: an Equipment is attached to the permanent (301.5)"""


class HasName(Strict):
    """Has this name ("artifacts you control named ~": the source's own name, 201.2)."""

    kind: Literal["name"] = "name"
    """Always `name`: the permanent has this name"""
    name: Annotated[str, Field(min_length=1, max_length=200)]
    """The name, compared without regard to case"""


class HasCounters(Strict):
    """Counters on the permanent (122.1), as the state's `counters` say."""

    kind: Literal["counters"] = "counters"
    """Always `counters`: it has at least `at_least` counters (of kind `counter`) on it (122.1)"""
    counter: Annotated[str, Field(min_length=1, max_length=40)] | None = None
    """The kind of counter, like `+1/+1`; null: counters of any kind, together"""
    at_least: int = Field(1, ge=1, le=100)
    """How many it must have at least"""

    def count(self, counters: tuple[tuple[str, int], ...]) -> int:
        if self.counter is None:
            return sum(n for _, n in counters)
        wanted = counter_kind(self.counter)
        return sum(n for kind, n in counters if kind == wanted)


def counter_kind(name: str) -> str:
    """A counter's kind as the filters compare it: casefolded, " counter(s)" dropped."""
    plain = " ".join(name.split()).casefold()
    for suffix in (" counters", " counter"):
        if plain.endswith(suffix):
            return plain.removesuffix(suffix).strip()
    return plain


class HasKeyword(Strict):
    """Has this keyword ability ("creatures you control with defender", 702.3), after the
    abilities layer 6 adds and removes (613.1f)."""

    kind: Literal["keyword"] = "keyword"
    """Always `keyword`: the permanent has this keyword ability (613.1f applied)"""
    keyword: Word
    """The keyword, any case, like `defender`"""


# The greatest mana value a condition may name: no card's is larger (a million, the most
# any cost has printed).
MAX_MANA_VALUE = 1_000_000
ManaValueBound = Annotated[int, Field(ge=0, le=MAX_MANA_VALUE)]


class HasManaValue(Strict):
    """Its mana value is in a range (202.3): "with mana value 4 or greater" (`at_least` 4),
    "3 or less" (`at_most` 3). Read of spells only (`SpellSelector`): a spell's mana value on
    the stack counts X as chosen (202.3e), which a free cast chooses as 0 (107.3b)."""

    kind: Literal["mana_value"] = "mana_value"
    """Always `mana_value`: its mana value is within the bounds given (202.3)"""
    at_least: ManaValueBound | None = omitted_at_default(None)
    """The least mana value that matches; null: no least"""
    at_most: ManaValueBound | None = omitted_at_default(None)
    """The greatest mana value that matches; null: no greatest"""
    parity: Literal["even", "odd"] | None = omitted_at_default(
        None,
        description='"with even mana values": an even (0 included) or odd mana value; null: either',
    )

    @model_validator(mode="after")
    def _a_range(self) -> HasManaValue:
        if self.at_least is None and self.at_most is None and self.parity is None:
            raise ValueError("a mana value condition gives at_least, at_most or parity")
        if self.at_least is not None and self.at_most is not None and self.at_least > self.at_most:
            raise ValueError("a mana value condition's at_least is above its at_most")
        return self

    def holds(self, mana_value: int) -> bool:
        if self.parity is not None and (mana_value % 2 == 0) != (self.parity == "even"):
            return False
        return (self.at_least is None or mana_value >= self.at_least) and (
            self.at_most is None or mana_value <= self.at_most
        )


class HasXInManaCost(Strict):
    """Its mana cost has {X} in it (107.3): "spells with {X} in their mana costs". Read of
    spells only (`SpellSelector`), like a mana value: whatever X is chosen as, a free cast's 0
    included (107.3b), the symbol is still in the cost."""

    kind: Literal["x_in_mana_cost"] = "x_in_mana_cost"
    """Always `x_in_mana_cost`: its mana cost has {X} (107.3)"""


class Not(Strict):
    """The one condition does not hold ("nonland", "untapped")."""

    kind: Literal["not"] = "not"
    """Always `not`: the filter does not match"""
    filter: Leaf
    """The filter negated (a single condition)"""


class AnyOf(Strict):
    """At least one of the conditions holds."""

    kind: Literal["any"] = "any"
    """Always `any`: at least one of the filters matches"""
    of: list[Term] = Field(min_length=1, max_length=20)
    """The filters, any of which may match"""


class AllOf(Strict):
    """Every one of the conditions holds (each a single condition or an any-of)."""

    kind: Literal["all"] = "all"
    """Always `all`: every one of the filters matches"""
    of: list[Term | AnyOf] = Field(max_length=20)
    """The filters, all of which must match (empty: everything)"""


# Filters nest to a bounded depth: all of (any of (literal or its negation)). Every condition
# on an object's characteristics can be written that way (conjunctive normal form), and a
# bounded schema keeps the OpenAPI document finite for schema-driven clients and tests.
# The single conditions, listed once: every union below is built from this one.
AnyLeaf = (
    HasType
    | HasSubtype
    | HasSupertype
    | HasColor
    | ControlledBy
    | IsAttached
    | IsTapped
    | IsBasic
    | IsToken
    | IsOther
    | HasCounters
    | HasName
    | IsMonocolored
    | HasKeyword
    | IsEquipped
    | HasManaValue
    | HasXInManaCost
)
Leaf = Annotated[AnyLeaf, Field(discriminator="kind")]
Term = Annotated[AnyLeaf | Not, Field(discriminator="kind")]
Filter = Annotated[AnyLeaf | Not | AnyOf | AllOf, Field(discriminator="kind")]
Not.model_rebuild()
AnyOf.model_rebuild()
AllOf.model_rebuild()
AnyFilter = AnyLeaf | Not | AnyOf | AllOf


# Kinds of object the game names that are no single condition, each said exactly by filters:
# 105.2b, multicolored (two or more colors: some color, and not exactly one, 105.2a); 700.6,
# historic (an artifact, a legendary or a Saga).
MULTICOLORED: tuple[Not, AnyOf] = (
    Not(filter=IsMonocolored()),
    AnyOf(of=[HasColor(color=c) for c in ("W", "U", "B", "R", "G")]),
)
HISTORIC = AnyOf(
    of=[HasType(type="artifact"), HasSupertype(supertype="legendary"), HasSubtype(subtype="Saga")]
)


def _flat_filter_schema() -> dict[str, Any]:
    """The OpenAPI schema of a `where` filter: one object whose `kind` names the condition,
    with every condition's fields beside it. Validation still takes exactly the bounded
    filters above; the document only says it flatter, because schema-driven pages (the docs
    page's Swagger UI) resolve a nested union of this size at every selector of every card
    schema, which took them minutes per operation."""
    kinds: list[str] = []
    named: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for model in get_args(AnyFilter):
        kind = model.model_fields["kind"].default
        kinds.append(kind)
        for name, prop in model.model_json_schema()["properties"].items():
            if name == "kind":
                continue
            if name == "filter":
                prop = {"type": "object", "description": "`not`: the one condition negated"}
            elif name == "of":
                prop = {
                    "type": "array",
                    "items": {"type": "object"},
                    "description": prop.get("description", "`any` / `all`: the conditions"),
                }
            named.setdefault(name, []).append((kind, prop))
    fields = {name: _shared_field(props) for name, props in named.items()}
    return {
        "type": "object",
        "required": ["kind"],
        "properties": {
            "kind": {"type": "string", "enum": kinds, "description": "The condition"},
            **fields,
        },
        "description": "A filter: `kind` names the condition; `not` takes one condition "
        "(`filter`), `any` and `all` take a list (`of`; `all` of `any` of conditions at most)",
    }


def _shared_field(props: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    """A field of the flat schema: its one schema, or, where kinds of condition name a field
    alike with other schemas (`at_least`: counters, mana value), either one's schema, and
    each one's description said with its kind."""
    schemas = [prop for _, prop in props]
    if all(prop == schemas[0] for prop in schemas):
        return schemas[0]
    return {
        "anyOf": [
            {k: v for k, v in prop.items() if k not in ("description", "title")} for prop in schemas
        ],
        "description": "; ".join(
            f"`{kind}`: {prop.get('description', '')}" for kind, prop in props
        ),
    }


def compile_filter(f: AnyFilter) -> Predicate:
    """One predicate for a filter tree (built once per selector, evaluated per candidate)."""
    match f:
        case HasType(type=t):
            return lambda _l, _id, tr: t in tr.types
        case HasSubtype(subtype=s):
            folded = s.casefold()
            if folded in NOT_CREATURE_TYPES:
                return lambda _l, _id, tr: folded in tr.subtypes
            # 702.73a: what is every creature type is this one too.
            return lambda _l, _id, tr: folded in tr.subtypes or EVERY_CREATURE_TYPE in tr.subtypes
        case HasSupertype(supertype=s):
            folded = s.casefold()
            return lambda _l, _id, tr: folded in tr.supertypes
        case HasColor(color=c):
            return lambda _l, _id, tr: c in tr.colors
        case ControlledBy(who="you"):
            return lambda look, _id, tr: tr.controller == look.controller
        case ControlledBy():
            return lambda look, _id, tr: tr.controller != look.controller
        case IsAttached():
            return lambda look, cid, _tr: cid == look.attached_to
        case IsTapped():
            return lambda _l, _id, tr: tr.tapped
        case IsBasic():
            return lambda _l, _id, tr: tr.basic
        case IsToken():
            return lambda _l, _id, tr: tr.token
        case IsOther():
            return lambda look, cid, _tr: cid != look.source_id
        case HasCounters():
            counters = f
            return lambda _l, _id, tr: counters.count(tr.counters) >= counters.at_least
        case HasName(name=name):
            folded_name = name.casefold()
            return lambda _l, _id, tr: tr.name == folded_name
        case IsMonocolored():
            return lambda _l, _id, tr: len(tr.colors) == 1
        case HasKeyword(keyword=kw):
            folded_kw = kw.casefold()
            return lambda _l, _id, tr: folded_kw in tr.keywords
        case IsEquipped():
            return lambda _l, _id, tr: tr.equipped
        case HasManaValue():
            return _mana_value_within(f)
        case HasXInManaCost():
            return _x_in_mana_cost
        case AllOf(of=all_parts):
            preds = [compile_filter(p) for p in all_parts]
            return lambda look, cid, tr: all(p(look, cid, tr) for p in preds)
        case AnyOf(of=any_parts):
            preds = [compile_filter(p) for p in any_parts]
            return lambda look, cid, tr: any(p(look, cid, tr) for p in preds)
        case Not(filter=inner):
            pred = compile_filter(inner)
            return lambda look, cid, tr: not pred(look, cid, tr)
        case _:
            assert_never(f)


def _mana_value_within(bounds: HasManaValue) -> Predicate:
    def within(_l: Looker, _id: str, tr: Traits) -> bool:
        # Only a selector of spells may hold the condition (Selector._mana_value_of_spells),
        # and a spell's traits carry its mana value.
        assert tr.mana_value is not None, "a mana value condition is read of spells only"
        return bounds.holds(tr.mana_value)

    return within


def _x_in_mana_cost(_l: Looker, _id: str, tr: Traits) -> bool:
    # As with a mana value, only a selector of spells may ask it, and a spell's traits say it.
    assert tr.x_in_mana_cost is not None, "an {X} in a mana cost is read of spells only"
    return tr.x_in_mana_cost


# The facts a filter may read that a caller needs to know about: the object itself (which
# permanent it is attached to, whether it is the source: no group of equal traits answers
# those), its subtypes (layer 4 may add some: 613.8a), its tapped status (a status, not a
# characteristic, which no layer changes: 110.5), its mana value and whether its mana cost
# has {X} (known of a spell only).
Fact = Literal["object", "subtypes", "tapped", "mana_value", "mana_cost"]
_OBJECT: frozenset[Fact] = frozenset({"object"})
_SUBTYPES: frozenset[Fact] = frozenset({"subtypes"})
_TAPPED: frozenset[Fact] = frozenset({"tapped"})
_MANA_VALUE: frozenset[Fact] = frozenset({"mana_value"})
_MANA_COST: frozenset[Fact] = frozenset({"mana_cost"})
# What only a spell's traits carry (Selector._mana_value_of_spells).
SPELL_FACTS: frozenset[Fact] = _MANA_VALUE | _MANA_COST
_NO_FACTS: frozenset[Fact] = frozenset()


def filter_reads(f: AnyFilter) -> frozenset[Fact]:
    """Which of those facts the filter looks at, anywhere in it. One exhaustive match: a new
    kind of condition must say here what it reads, and every question below follows."""
    match f:
        case AllOf(of=parts) | AnyOf(of=parts):
            return _NO_FACTS.union(*map(filter_reads, parts))
        case Not(filter=inner):
            return filter_reads(inner)
        case IsAttached() | IsOther():
            return _OBJECT
        case HasSubtype():
            return _SUBTYPES
        case IsTapped():
            return _TAPPED
        case HasType() | HasSupertype() | HasColor() | ControlledBy() | IsBasic() | IsToken():
            return _NO_FACTS
        case HasCounters() | HasName() | IsMonocolored() | HasKeyword():
            return _NO_FACTS
        case IsEquipped():
            return _NO_FACTS  # a trait of its own (Traits.equipped)
        case HasManaValue():
            return _MANA_VALUE
        case HasXInManaCost():
            return _MANA_COST
        case _:
            assert_never(f)


def counter_kinds(f: AnyFilter) -> Iterator[str]:
    """The counter kinds the filter names anywhere in it ("with a shadow counter on it")."""
    match f:
        case AllOf(of=parts) | AnyOf(of=parts):
            for part in parts:
                yield from counter_kinds(part)
        case Not(filter=inner):
            yield from counter_kinds(inner)
        case HasCounters(counter=kind) if kind is not None:
            yield kind
        case _:
            return


def filter_uses_object(f: AnyFilter) -> bool:
    """Whether the filter asks about one object (attached) rather than characteristics only:
    such filters can't be answered per group of equal traits."""
    return "object" in filter_reads(f)


def filter_reads_subtypes(f: AnyFilter) -> bool:
    """Whether the filter looks at subtypes anywhere (HasSubtype): one that doesn't picks the
    same permanents whatever subtypes an effect adds (613.8a)."""
    return "subtypes" in filter_reads(f)


def filter_reads_tapped(f: AnyFilter) -> bool:
    """Whether the filter looks at tapped status anywhere (IsTapped): one that doesn't picks
    the same permanents whether they are tapped or not."""
    return "tapped" in filter_reads(f)


class Selector(Strict):
    """A set of permanents, seen from the ability's source ("lands you control").

    controller is relative to the source's controller. `types`/`subtypes` match when the
    permanent has any of those listed (empty: no restriction). relation `attached` means only
    the permanent the source is attached to (an Aura's enchanted land, equipped creature).
    """

    controller: Literal["you", "opponent", "any"] = "any"
    """Whose permanents, relative to the source's controller: `you`, `opponent`, `any`"""
    types: list[CardType] = Field(default_factory=list, max_length=10)
    """Card types, any of which matches (empty: any type)"""
    subtypes: list[Word] = Field(default_factory=list, max_length=10)
    """Subtypes, any of which matches (empty: any subtype)"""
    nonbasic: bool = False
    """Only permanents that are not basic (205.4c)"""
    relation: Literal["any", "attached"] = "any"
    """`attached`: only the permanent the source is attached to (301.5, 303.4)"""
    where: Annotated[
        Filter | None,
        WithJsonSchema({"anyOf": [_flat_filter_schema(), {"type": "null"}]}),
    ] = omitted_at_default(
        None,
        description="Any further condition, as a filter (all / any / not over type, subtype, "
        "supertype, color, controller, attached, tapped, basic, token, other, counters, name, "
        "monocolored, keyword, and for spells only mana_value and x_in_mana_cost); "
        "it must hold as well as the fields above",
    )
    # Whether `where` may ask a mana value or an {X} in the mana cost: only of spells
    # (SpellSelector below).
    _of_spells: ClassVar[bool] = False

    @field_validator("where")
    @classmethod
    def _mana_value_of_spells(cls, where: AnyFilter | None) -> AnyFilter | None:
        """202.3: a mana value condition is read of spells only, whose mana value the engine
        knows as they are cast; a permanent's (a back face's, a melded pair's, a face-down
        one's) it doesn't work out, so no selector of permanents or cards may ask it, nor
        whether its mana cost has {X} (107.3), which only a spell's traits say."""
        if where is not None and not cls._of_spells and filter_reads(where) & SPELL_FACTS:
            raise ValueError(
                "a mana_value or x_in_mana_cost condition is read of spells only (the `spells` "
                "of a spell_cost_change, a spell_cost_minimum or a spell_cast_ban), not of "
                "permanents or cards"
            )
        return where

    def as_filter(self) -> AnyFilter:
        """The selector as one composable filter (its canonical meaning)."""
        parts: list[Term | AnyOf] = []
        if self.relation == "attached":
            parts.append(IsAttached())
        if self.controller != "any":
            parts.append(ControlledBy(who=self.controller))
        if self.types:
            parts.append(AnyOf(of=[HasType(type=t) for t in self.types]))
        if self.subtypes:
            parts.append(AnyOf(of=[HasSubtype(subtype=s) for s in self.subtypes]))
        if self.nonbasic:
            parts.append(Not(filter=IsBasic()))
        match self.where:
            case None:
                pass
            case AllOf(of=more):
                parts.extend(more)
            case _:
                parts.append(self.where)
        return parts[0] if len(parts) == 1 else AllOf(of=parts)

    @cached_property
    def predicate(self) -> Predicate:
        return compile_filter(self.as_filter())

    @cached_property
    def key(self) -> str:
        """Equal keys select the same permanents from the same looker."""
        return self.as_filter().model_dump_json()

    @property
    def attached_only(self) -> bool:
        return self.relation == "attached"

    @cached_property
    def per_object(self) -> bool:
        """Whether it asks about one object (attached, other): not answerable per group of
        equal traits."""
        return filter_uses_object(self.as_filter())

    def matches(self, looker: Looker, candidate_id: str, traits: Traits) -> bool:
        return self.predicate(looker, candidate_id, traits)


class SpellSelector(Selector):
    """A set of spells, seen from the ability's source ("noncreature spells your opponents
    cast"): `controller` is the spell's caster, and `where` may also ask its mana value on the
    stack (`mana_value`, 202.3) and whether its mana cost has {X} (`x_in_mana_cost`, 107.3)."""

    _of_spells: ClassVar[bool] = True


def with_condition(sel: Selector, leaf: AnyLeaf | AnyOf) -> Selector:
    """The selector with one more condition that must hold too."""
    match sel.where:
        case None:
            where: AnyFilter = leaf
        case AllOf(of=parts):
            where = AllOf(of=[*parts, leaf])
        case _:
            where = AllOf(of=[sel.where, leaf])
    return selector_with(sel, where=where)


def selector_with(sel: Selector, **changes: Any) -> Selector:
    """The selector with these fields changed, every other field as it was. A new model, not
    model_copy: a copy would keep the old selector's cached predicate."""
    return type(sel)(**{name: getattr(sel, name) for name in type(sel).model_fields} | changes)
