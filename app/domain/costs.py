"""Costs: of activating a mana ability (602.1, 605) and of casting a spell (118, 601.2f)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from app.domain.base import (
    KEY_ORDERED,
    ManaString,
    Name,
    Strict,
    Summary,
    Word,
    check_mana_string,
    omitted_at_default,
)
from app.domain.filters import Selector, SpellSelector, filter_reads
from app.domain.mana import parse_cost


class CostPart(Strict):
    """A cost part other than those above (discard, exile, tap untapped creatures, exert...).
    Recorded and explained; 106.7 ignores it and activation takes it as paid (docs/api.md)."""

    kind: Literal[
        "discard",
        "exile",
        "tap_untapped",
        "exert",
        "return",
        "sacrifice",
        "counter",
        "mill",
        "other",
    ]
    """The sort of cost part: `discard`, `exile`, `sacrifice`, `mill` (701.13), … or `other`"""
    text: Annotated[str, Field(min_length=1, max_length=200)]  # "discard a card", our wording
    """The cost part in a short phrase of your own, like `discard a card`"""


class TapUntapped(Strict):
    """Untapped permanents its controller taps to pay a cost (their text is a `tap_untapped`
    part of `others`)."""

    count: int = Field(ge=1, le=20)
    """How many"""
    of: Selector
    """Which of its controller's permanents qualify (untapped ones)"""


class RemoveXCounters(Strict):
    """Remove X counters of a kind, X chosen as the ability is activated (107.3, 602.2b);
    "any number of" is the same choice (107.1c) and "one or more" asks for at least one."""

    counter: Word
    """The kind of counter removed, like `storage`"""
    at_least: int = Field(0, ge=0, le=1)
    """The least X allowed: 1 for "one or more", else 0"""
    from_among: Selector | None = omitted_at_default(
        None,
        description='The counters come from among these permanents together ("from among '
        'artifacts you control"), not from its own permanent; null: from its own',
    )


class ManaAbilityCost(Strict):
    """An activation cost. The engine ignores everything but {T}/{Q} when asking what an ability
    could produce (106.7), and takes the rest as paid when activating (docs/api.md)."""

    tap: bool = False  # {T} (107.5)
    """Does the cost include the tap symbol {T}? (107.5)"""
    untap: bool = False  # {Q} (107.6)
    """Does the cost include the untap symbol {Q}? (107.6)"""
    mana: ManaString | None = None  # e.g. Dimir Signet's {1}
    """The mana part of the cost, like `{1}`; null: none (602.1)"""
    life: int = Field(0, ge=0, le=1000)
    """Life paid as part of the cost (119.4)"""
    remove_counters: Annotated[dict[Word, Annotated[int, Field(ge=1, le=10_000)]], KEY_ORDERED] = (
        Field(default_factory=dict, max_length=5)
    )
    """Counters removed as part of the cost, by kind, as `{"charge": 1}`"""
    remove_x_counters: RemoveXCounters | None = omitted_at_default(None)
    """Counters removed as many as the X chosen on activation (107.3); null: none"""
    sacrifice: Selector | Literal["self"] | None = None
    """A permanent to sacrifice: `self`, or which of your permanents qualify"""
    others: list[CostPart] = Field(default_factory=list, max_length=10)
    """Any other cost parts, recorded and explained (taken as paid when activating)"""
    tap_untapped: TapUntapped | None = omitted_at_default(
        None,
        description='Untapped permanents to tap as part of the cost ("tap three untapped Elves '
        'you control"): how many and which; null: none. Taken as paid like the other parts; '
        "an activation notes when the state has too few (118.3)",
    )
    untap_permanent: Selector | None = omitted_at_default(
        None,
        description='A permanent to untap as part of the cost ("untap a tapped land an '
        'opponent controls"): which qualify; null: none. The mana "that land could '
        'produce" is what one of them could produce (106.7)',
    )
    x_at_least: int = omitted_at_default(
        0,
        ge=0,
        le=1,
        description='The least X a part of the cost allows: 1 for "sacrifice one or more ..." '
        "(the X is how many; 107.3, 602.2b)",
    )

    _check_mana = field_validator("mana")(classmethod(lambda cls, v: check_mana_string(v)))


class CastingCost(Strict):
    """A named cost of casting a spell, with its mana part if any."""

    name: Name
    """The cost's name, like `Kicker` or `Evoke`, or a short phrase for an unnamed one"""
    mana: ManaString | None = None
    """Its mana part, like `{2}{R}`; null: no mana"""
    summary: Summary = ""
    """What else it asks for, in a short phrase of your own"""

    _check = field_validator("mana")(classmethod(lambda cls, v: check_mana_string(v)))


class AlternativeCost(CastingCost):
    """118.9: a cost paid instead of the mana cost (Evoke, Flashback, Force of Will's)."""


# Additional costs that may be paid more than once for one spell: multikicker (702.33c),
# replicate (702.56a), squad (702.157a), escalate (702.120a: once for each mode beyond the
# first), and "pay ... any number of times".
REPEATABLE_COSTS = ("Multikicker", "Replicate", "Squad", "Escalate")

# Additional costs of keywords that let a card be cast from a graveyard: the cost exists only
# for that cast (702.133a jump-start, 702.81a retrace). By name, casefolded, with the rule.
FROM_GRAVEYARD_COSTS = {"jump-start": "702.133a", "retrace": "702.81a"}


def from_graveyard_rule(cost_name: str) -> str | None:
    """The rule of a keyword whose additional cost is paid only to cast the card from a
    graveyard (FROM_GRAVEYARD_COSTS), or None for any other cost."""
    return FROM_GRAVEYARD_COSTS.get(cost_name.casefold())


class AdditionalCost(CastingCost):
    """118.8: paid on top of the mana cost; `optional` (Kicker) or mandatory (Fling)."""

    optional: bool
    """May the caster choose not to pay it? (true for kicker, 702.33)"""

    @property
    def repeatable(self) -> bool:
        """Whether one spell may pay it more than once (REPEATABLE_COSTS)."""
        return self.name in REPEATABLE_COSTS or "any number of times" in self.name

    at_most: Annotated[int, Field(ge=1, le=20)] | None = omitted_at_default(
        None,
        description="The most times one spell may pay it (escalate: once for each mode "
        "beyond the first, so the number of modes less one, 702.120a); null: no such limit",
    )
    mode_of: Literal["spree", "tiered"] | None = omitted_at_default(
        None,
        description="The cost of one mode of a modal spell: `spree`, one or more modes chosen "
        "and each one's cost paid (702.172a); `tiered`, exactly one (702.183a); null: a cost "
        "of its own",
    )


class _TotalCostChange(Strict):
    """601.2f: an increase or a reduction of a spell's total cost. It changes what is paid,
    never the mana cost nor the mana value (202.3). A reduction takes off generic mana only
    (118.7a); one of colored or colorless mana isn't modelled."""

    change: Literal["increase", "reduction"]
    """`increase`: paid on top of the total cost; `reduction`: taken off it"""
    mana: ManaString = Field(min_length=3)
    """The mana each time it applies, like `{1}`, `{2}{R}` or `{X}`"""
    when: Summary = omitted_at_default("")
    """How often or when it applies, in the card's words ("for each artifact you control",
    "if it targets a creature"); empty: always, once"""

    _check = field_validator("mana")(classmethod(lambda cls, v: check_mana_string(v)))

    @model_validator(mode="after")
    def _generic_reduction(self) -> _TotalCostChange:
        if self.change == "reduction" and any(
            s.kind not in ("generic", "x") for s in parse_cost(self.mana)
        ):
            raise ValueError(
                "a cost reduction takes off generic mana only ({1}, {X}; 118.7a): "
                f"{self.mana} isn't modelled"
            )
        return self


class CostChange(_TotalCostChange):
    """601.2f: an increase or a reduction of the spell's own total cost, as its text states it
    ("costs {1} less to cast for each ...", affinity 702.41a, undaunted 702.125a)."""

    keyword: Word | None = omitted_at_default(None)
    """The keyword it comes from (`Affinity`, `Undaunted`); null: a sentence of its own"""
    for_each: Selector | None = omitted_at_default(None)
    """The permanents it applies once for each, seen from the spell's caster ("for each
    artifact you control": `controller` `you` is the caster), which a question with a board
    counts; `when` says the same in words; null: `when` alone says how often"""

    @field_validator("for_each")
    @classmethod
    def _permanents(cls, v: Selector | None) -> Selector | None:
        if v is not None and v.relation != "any":
            raise ValueError("for_each counts permanents on the battlefield: no 'attached'")
        return v


def spells_only(spells: SpellSelector) -> SpellSelector:
    """A selector of spells: a spell on the stack has a caster, types, subtypes, supertypes,
    colors, a name, keywords and a mana value, but is attached to nothing and has no tapped
    status."""
    reads = filter_reads(spells.where) if spells.where is not None else frozenset()
    if spells.relation != "any" or reads & {"object", "tapped"}:
        raise ValueError(
            "spells are chosen by their caster and characteristics: no 'attached', 'other' or "
            "'tapped' condition"
        )
    return spells


# 601.2a: the zone a spell is cast from, where its card was before it moved to the stack: a
# hand, a graveyard or a library (a player's own: a card goes only to its owner's, 400.3),
# exile, or the command zone.
CastZone = Literal["hand", "graveyard", "exile", "library", "command"]
CAST_ZONES: tuple[CastZone, ...] = ("hand", "graveyard", "exile", "library", "command")


# Whose turn a static ability about spells applies in: its controller's, any other's, the
# spell's caster's, or any other than the caster's.
During = Literal["your_turn", "not_your_turn", "casters_turn", "not_casters_turn"]


def _zones(zones: list[CastZone]) -> list[CastZone]:
    if len(set(zones)) != len(zones):
        raise ValueError(f"a zone is named twice: {zones}")
    return zones


class FromZones(Strict):
    """The zones a static ability about spells looks at: where a spell is cast from (601.2a),
    for a cost change and a ban alike."""

    cast_from: Annotated[list[CastZone], Field(max_length=5)] = omitted_at_default(
        default_factory=list,
        description='It applies only to spells cast from one of these zones (601.2a: "spells '
        'you cast from your graveyard or from exile"): `hand`, `graveyard`, `exile`, '
        "`library`, `command`; empty: from any zone",
    )
    not_cast_from: Annotated[list[CastZone], Field(max_length=5)] = omitted_at_default(
        default_factory=list,
        description='It applies only to spells cast from none of these zones ("spells you '
        'cast from anywhere other than your hand": `hand`); empty: none left out',
    )

    _cast_zones = field_validator("cast_from", "not_cast_from")(
        classmethod(lambda cls, v: _zones(v))
    )

    @property
    def asks_zone(self) -> bool:
        """Whether it applies only to spells cast from some zones (601.2a)."""
        return bool(self.cast_from or self.not_cast_from)

    @model_validator(mode="after")
    def _one_way(self) -> FromZones:
        if self.cast_from and self.not_cast_from:
            raise ValueError("cast_from and not_cast_from: give the zones one way only")
        return self


class ChosenSpells(Strict):
    """What a static ability about spells may name by what its permanent knows: a card name,
    a creature type, a card type, a color or a number chosen for it as it entered, or the
    cards its own ability exiled. Each is read from the state's permanent, so only of an
    ability on the battlefield."""

    to_chosen_name: bool = omitted_at_default(
        False,
        description="201.3: only spells with the card name chosen for this ability's "
        "permanent (its `chosen_name`)",
    )
    of_chosen_type: bool = omitted_at_default(
        False,
        description="205.3m: only spells of the creature type chosen for this ability's "
        "permanent (its `chosen_type`)",
    )
    of_chosen_color: bool = omitted_at_default(
        False,
        description="105.2: only spells of the color chosen for this ability's permanent (its "
        "`chosen_color`)",
    )
    named_as_exiled: bool = omitted_at_default(
        False,
        description="607.2a: only spells with the same name as a card exiled with this "
        "ability's permanent by its own linked ability (its `exiled`)",
    )
    of_chosen_card_type: bool = omitted_at_default(
        False,
        description="205.2a: only spells of the card type chosen for this ability's permanent "
        "as it entered (its `chosen_type`, a card type such as `sorcery`)",
    )
    of_chosen_number: bool = omitted_at_default(
        False,
        description="107.1b, 202.3: only spells whose mana value equals the number chosen for "
        "this ability's permanent as it entered (its `chosen_number`)",
    )

    @property
    def chosen(self) -> list[str]:
        """The fields set, in order."""
        return [f for f in _CHOSEN_FIELDS if getattr(self, f)]

    @model_validator(mode="after")
    def _chosen_for_its_permanent(self) -> ChosenSpells:
        if self.chosen and getattr(self, "works_from", "battlefield") != "battlefield":
            raise ValueError(
                f"{self.chosen[0]} is read of a permanent: works_from must be 'battlefield'"
            )
        return self


class CountsSpells(Strict):
    """What a count of the spells the caster cast this turn counts (601.2i): every spell, or
    only those alike, which the ability names too ("the first creature spell you cast each
    turn", "more than one noncreature spell each turn")."""

    counting: Literal["all", "alike"] = omitted_at_default(
        "all",
        description="What its count of spells cast this turn counts: `all` the caster's "
        "spells, or only those `alike`, which `spells` names too (the caster's `spells_cast` "
        "in the state's `players`, each matched as the face cast, 601.2i)",
    )

    def _counts(self, count: object, field: str) -> None:
        """`alike` says what the count given in `field` counts: it needs one."""
        if self.counting == "alike" and count is None:
            raise ValueError(f"counting 'alike' says what {field} counts: give it")


_CHOSEN_FIELDS = (
    "to_chosen_name",
    "of_chosen_type",
    "of_chosen_color",
    "named_as_exiled",
    "of_chosen_card_type",
    "of_chosen_number",
)


class SpellCostChange(_TotalCostChange, FromZones, ChosenSpells, CountsSpells):
    """A static ability of a permanent that makes other spells cost more or less ("noncreature
    spells cost {1} more to cast", "instant and sorcery spells you cast cost {1} less"). It
    applies as the total cost is determined (601.2f), so to a spell cast without paying its
    mana cost too (118.9): an increase is paid on top of nothing."""

    kind: Literal["spell_cost_change"] = "spell_cost_change"
    """Always `spell_cost_change`: it changes what matching spells cost (601.2f)"""
    spells: SpellSelector
    """Which spells, seen from this ability's controller: `controller` is the spell's caster
    (`you`: "spells you cast"; `opponent`: "spells your opponents cast"), types, subtypes and
    `where` over its characteristics ("noncreature": not a creature; "with mana value 4 or
    greater": `mana_value`)"""
    while_untapped: bool = omitted_at_default(False)
    """It applies only while its permanent is untapped ("as long as ~ is untapped")"""
    during: During | None = omitted_at_default(None)
    """Whose turn it applies in: its controller's (`your_turn`: "during your turn"), any
    other's (`not_your_turn`: "during turns other than yours"), the spell's caster's, or any
    other than the caster's (`not_casters_turn`: "except during its controller's turn");
    null: every turn"""
    nth_spell_this_turn: Annotated[int, Field(ge=1, le=10)] | None = omitted_at_default(None)
    """It applies only to the caster's n-th spell of the turn ("the second spell you cast each
    turn": 2; of those it names, with `counting` `alike`: "the first creature spell you cast
    each turn"); null: to every spell"""
    per_other_spell_this_turn: bool = omitted_at_default(False)
    """`mana` once for each other spell its caster has cast this turn (their
    `spells_cast_this_turn`)"""

    _spells = field_validator("spells")(classmethod(lambda cls, v: spells_only(v)))

    @model_validator(mode="after")
    def _one_count(self) -> SpellCostChange:
        self._counts(self.nth_spell_this_turn, "nth_spell_this_turn")
        if self.per_other_spell_this_turn and self.when:
            raise ValueError("per_other_spell_this_turn says how often it applies: no `when` too")
        return self


class SpellCostMinimum(Strict):
    """A static ability that sets a floor on what matching spells cost ("each spell that would
    cost less than three mana to cast costs three mana"). It directly affects the total cost,
    so it applies after every increase and reduction (601.2f), to a spell cast without paying
    its mana cost too (118.9): generic mana is added until the total is the floor."""

    kind: Literal["spell_cost_minimum"] = "spell_cost_minimum"
    """Always `spell_cost_minimum`: the least matching spells cost, in mana (601.2f)"""
    total: int = Field(ge=1, le=20)
    """The least amount of mana a matching spell's total cost comes to"""
    spells: SpellSelector
    """Which spells, seen from this ability's controller (as `spell_cost_change`'s)"""
    while_untapped: bool = omitted_at_default(False)
    """It applies only while its permanent is untapped ("as long as ~ is untapped")"""

    _spells = field_validator("spells")(classmethod(lambda cls, v: spells_only(v)))
