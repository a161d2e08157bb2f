"""Mana abilities (605): an activation cost and what the ability produces.

Productions are a discriminated union on `kind`; app/engine/production.py is the one place
that says what each kind makes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal, assert_never

from pydantic import Field, field_validator, model_validator

from app.domain.base import (
    KEY_ORDERED,
    CardType,
    ColorCode,
    ManaString,
    ManaTypeCode,
    Strict,
    Word,
    check_mana_string,
    omitted_at_default,
)
from app.domain.costs import ManaAbilityCost
from app.domain.filters import Selector
from app.domain.mana import COLORS, TYPES, parse_cost
from app.domain.quantities import CountOf, Quantity


def _produced_options(options: list[str]) -> list[str]:
    """Each option is mana that can be made: colored symbols and {C} only (106.1)."""
    for option in options:
        check_mana_string(option, produced=True)
    return options


class FixedMana(Strict):
    """Always the same mana ("add {C}{C}")."""

    kind: Literal["fixed"] = "fixed"
    """Always `fixed`: the same mana every time"""
    mana: ManaString  # "{C}{C}", "{R}{W}"
    """The mana made, mana symbols only, like `{C}{C}` or `{R}{W}` (106.1)"""

    _check = field_validator("mana")(
        classmethod(lambda cls, v: check_mana_string(v, produced=True))
    )


class ChoiceOfMana(Strict):
    """One of several fixed amounts (Tundra's {W} or {U}; Llanowar Wastes' {B} or {G})."""

    kind: Literal["choice"] = "choice"
    """Always `choice`: one of the options, chosen as it resolves"""
    options: list[ManaString] = Field(min_length=1, max_length=12)
    """The amounts to choose from, each like `{W}` or `{B}{B}`"""

    _check = field_validator("options")(classmethod(lambda cls, v: _produced_options(v)))


class AnyColor(Strict):
    """`amount` mana of one color, chosen on each activation."""

    kind: Literal["any_color"] = "any_color"
    """Always `any_color`: mana of one color, chosen (105.1; colorless is no color)"""
    amount: int = Field(1, ge=0, le=100)
    """How much mana, all of the one chosen color"""


class AnyType(Strict):
    """`amount` mana of one type (a color or colorless), chosen on each activation."""

    kind: Literal["any_type"] = "any_type"
    """Always `any_type`: mana of one type, chosen, colorless included (106.1b)"""
    amount: int = Field(1, ge=0, le=100)
    """How much mana, all of the one chosen type"""


class PerCount(Strict):
    """N mana of one type, N = how many permanents match (Gaea's Cradle)."""

    kind: Literal["per_count"] = "per_count"
    """Always `per_count`: one mana for each matching permanent"""
    mana_type: ManaTypeCode
    """The type of mana made (W U B R G C)"""
    count: Selector
    """Which permanents are counted, seen from the ability's controller"""

    @property
    def quantity(self) -> CountOf:
        return CountOf(of=self.count)


class ColorOfPermanent(Strict):
    """One mana of a color of a matching permanent (Meteor Crater)."""

    kind: Literal["color_of_permanent"] = "color_of_permanent"
    """Always `color_of_permanent`: mana of a color a matching permanent has"""
    among: Selector
    """Whose colors count, seen from the ability's controller"""
    amount: int = Field(1, ge=0, le=100)
    """How much mana, all of the one chosen color"""


class ColorAmongGraveyard(Strict):
    """One mana of a color among the cards in its controller's graveyard that `among` picks
    ("one mana of any color among legendary creature cards in your graveyard"): a card's colors
    there (105.2; 404.1), from the state's `players.<controller>.graveyard`."""

    kind: Literal["color_among_graveyard"] = "color_among_graveyard"
    """Always `color_among_graveyard`: mana of a color a matching card in its graveyard has"""
    among: Selector
    """Which cards in its controller's graveyard (card types, supertypes, colors, name)"""


class DifferentColors(Strict):
    """`amount` mana, each of a different color, the colors chosen as it resolves ("two mana
    of different colors"): colorless is no color (105.1, 106.1b)."""

    kind: Literal["different_colors"] = "different_colors"
    """Always `different_colors`: mana of that many different colors, chosen"""
    amount: int = Field(2, ge=2, le=5)
    """How many mana, each of its own color (2 to 5)"""


class EachColorAmong(Strict):
    """One mana of each color the matching permanents have between them ("for each color
    among permanents you control, add one mana of that color"); a permanent's colors are its
    characteristic (105.2), colorless ones add none."""

    kind: Literal["each_color_among"] = "each_color_among"
    """Always `each_color_among`: one mana of each color among matching permanents"""
    among: Selector
    """Whose colors count, seen from the ability's controller"""


class CouldProduce(Strict):
    """One mana of any type (or color) that a matching permanent could produce (106.7)."""

    kind: Literal["could_produce"] = "could_produce"
    """Always `could_produce`: mana a matching permanent could produce (106.7)"""
    among: Selector
    """Which permanents are asked, seen from the ability's controller"""
    of: Literal["type", "color"]
    """`type`: any type they could make, colorless included; `color`: colors only"""
    amount: int = Field(1, ge=0, le=100)
    """How much mana, all of the one chosen type or color"""


def _all_colors() -> list[ColorCode]:
    return ["W", "U", "B", "R", "G"]


class AnyCombination(Strict):
    """`amount` mana in any combination of `colors` ("two mana in any combination of colors")."""

    kind: Literal["combination"] = "combination"
    """Always `combination`: mana in any mix of the listed colors"""
    amount: int = Field(1, ge=0, le=10)
    """How much mana in all"""
    colors: list[ColorCode] = Field(default_factory=_all_colors, min_length=1, max_length=5)
    """The colors it may be made of (W U B R G; default all five)"""


class ChosenColor(Strict):
    """`amount` mana of the color chosen for the source as it entered (its `chosen_color`)."""

    kind: Literal["chosen_color"] = "chosen_color"
    """Always `chosen_color`: mana of the color chosen for the source"""
    amount: int = Field(1, ge=0, le=100)
    """How much mana of the source's `chosen_color`"""


class OneOfChosenColors(Strict):
    """`amount` mana of one of the colors chosen for the source (its `chosen_colors`, several:
    "choose up to two colors", "circle two colors" as the deck is made); with no color
    chosen it makes no mana."""

    kind: Literal["one_of_chosen_colors"] = "one_of_chosen_colors"
    """Always `one_of_chosen_colors`: mana of one of the colors chosen for the source"""
    amount: int = Field(1, ge=0, le=100)
    """How much mana, all of the one color picked among its chosen colors"""


class CommanderColor(Strict):
    """`amount` mana of one color of its controller's commander's color identity (903.4): with
    no commander, or a colorless identity, it makes no mana (903.4f). The state says the
    identity (`commander_identity`)."""

    kind: Literal["commander_color"] = "commander_color"
    """Always `commander_color`: mana of a color in its controller's commander's identity"""
    amount: int = Field(1, ge=1, le=100)
    """How much mana of that one color"""


class PerCounter(Strict):
    """One mana of `mana_type` for each `counter` counter on the source ("equal to the number
    of charge counters on it")."""

    kind: Literal["per_counter"] = "per_counter"
    """Always `per_counter`: one mana for each counter of a kind on the source"""
    mana_type: ManaTypeCode
    """The type of mana made (W U B R G C)"""
    counter: Word
    """The kind of counter counted, like `charge`"""


class OneColorPerCount(Strict):
    """N mana of any one color, N = how many permanents match `count`, or how many `counter`
    counters are on the source ("X mana of any one color, where X is the number of...")."""

    kind: Literal["one_color_per_count"] = "one_color_per_count"
    """Always `one_color_per_count`: N mana of one chosen color"""
    count: Selector | None = None
    """N is how many permanents match this (give this or `counter`)"""
    counter: Word | None = None
    """N is how many counters of this kind are on the source (or give `count`)"""

    @model_validator(mode="after")
    def _one_count(self) -> OneColorPerCount:
        if (self.count is None) == (self.counter is None):
            raise ValueError("give exactly one of 'count' and 'counter'")
        return self


class ChoiceOrChosenColor(Strict):
    """One of `options`, or one mana of the source's chosen color ("{C} or one mana of the
    chosen color")."""

    kind: Literal["choice_or_chosen_color"] = "choice_or_chosen_color"
    """Always `choice_or_chosen_color`: one of the options, or the source's chosen color"""
    options: list[ManaString] = Field(min_length=1, max_length=12)
    """The fixed amounts to choose from, each like `{C}`"""

    _check = field_validator("options")(classmethod(lambda cls, v: _produced_options(v)))


class ManaAmount(Strict):
    """`amount` (+ `plus`) mana, the amount a quantity (app/domain/quantities.py): of one given
    type, of any one color, or in any combination of `colors` ("X mana of any one color",
    "an amount of {G} equal to its power", "{B} for each counter removed this way")."""

    kind: Literal["amount"] = "amount"
    """Always `amount`: a variable amount of mana"""
    amount: Quantity
    """How much mana, by kind (`chosen_x`, `power`, `count`, ...)"""
    plus: int = Field(0, ge=0, le=100)
    """Added to the amount ("X plus one": 1)"""
    times: int = omitted_at_default(
        1,
        ge=1,
        le=100,
        description='The amount is multiplied by it before `plus` is added ("three mana ... '
        'for each artifact sacrificed this way": 3)',
    )
    of: Literal["type", "one_color", "combination"]
    """`type`: all of `mana_type`; `one_color`: all of one chosen color; `combination`: any
    mix of `colors`"""
    mana_type: ManaTypeCode | None = None
    """With `of: type`, the type made (W U B R G C)"""
    colors: list[ColorCode] = Field(default_factory=_all_colors, min_length=1, max_length=5)
    """With `of: combination`, the colors it may be made of; with `of: one_color`, the colors
    the one color is chosen from ("X {G} or X {W}"); default all five"""

    @model_validator(mode="after")
    def _type_given(self) -> ManaAmount:
        if (self.of == "type") != (self.mana_type is not None):
            raise ValueError("give 'mana_type' exactly when 'of' is 'type'")
        if self.amount.kind == "devotion" and self.amount.color is None and self.of != "one_color":
            raise ValueError("a devotion to the color made needs 'of' one_color")
        if self.amount.kind == "x":
            # 107.3m's X belongs to a spell; a permanent's mana ability chooses its own X.
            raise ValueError("a mana ability's amount can't be the spell's X: use 'chosen_x'")
        return self


class ExiledColor(Strict):
    """`amount` mana of one color among the cards exiled with the source by its linked ability
    (406.6, 607.2a: "one mana of any of the exiled card's colors"), chosen as it resolves. A
    card's colors in exile are those of its mana cost or color indicator (105.2, 202.2), a
    split card's both halves (709.4), a double-faced card's front (712.8); with no colored
    card exiled it makes no mana (106.5). The permanent's `exiled` says the cards."""

    kind: Literal["exiled_color"] = "exiled_color"
    """Always `exiled_color`: mana of a color among the cards exiled with it (607.2a)"""
    amount: int = Field(1, ge=1, le=100)
    """How much mana, all of the one chosen color"""


class EachExiledColor(Strict):
    """One mana of each color among the cards exiled with the source by its linked ability
    ("for each color among the exiled cards used to craft it, add one mana of that color":
    702.167, 607.2a); colorless cards add none (105.2). The permanent's `exiled` says the
    cards."""

    kind: Literal["each_exiled_color"] = "each_exiled_color"
    """Always `each_exiled_color`: one mana of each color among the cards exiled with it"""


class MilledCardSymbols(Strict):
    """One mana of the color of each colored mana symbol in the mana cost of the card its cost
    mills ("mill a card": the top card of its controller's library, the permanent's
    `library_top`, 701.13): {3}{U}{U}{B} makes {U}{U}{B}; a hybrid symbol one of its colors,
    chosen (107.4); a Phyrexian symbol its color. A card with no colored symbol gives no mana."""

    kind: Literal["milled_card_symbols"] = "milled_card_symbols"
    """Always `milled_card_symbols`: mana by the colored symbols of the milled card's cost"""


class NotedMana(Strict):
    """The mana last noted for its permanent (the permanent's `noted_mana`): all of it, its
    types and amount ("add ~'s last noted type and amount of mana"), or with `one`, one mana
    of its one noted type ("add one mana of ~'s last noted type")."""

    kind: Literal["noted_mana"] = "noted_mana"
    """Always `noted_mana`: the mana noted for its permanent"""
    one: bool = omitted_at_default(False)
    """One mana of the noted type, not the noted amount"""


class PoolCopy(Strict):
    """As much mana of each type as its controller's mana pool holds now (106.4: the mana a
    player has and hasn't spent): "double the amount of each type of unspent mana you have".
    The state's `players.<controller>.mana_pool` says what the pool holds; an empty pool
    makes no mana."""

    kind: Literal["pool_copy"] = "pool_copy"
    """Always `pool_copy`: one more of each mana in its controller's pool"""


SimpleProduction = Annotated[
    FixedMana | ChoiceOfMana | AnyColor | AnyType, Field(discriminator="kind")
]


class IfCounter(Strict):
    """One production while the source has a `counter` counter, another without (the ability's
    own "instead", 614.1a, 614.15: "Add {C}. If ~ has a luck counter on it, instead add one
    mana of any color")."""

    kind: Literal["if_counter"] = "if_counter"
    """Always `if_counter`: what it makes depends on a counter on its source"""
    counter: Word
    """The kind of counter, like `luck`"""
    with_counter: SimpleProduction
    """What it makes while its source has at least one such counter"""
    otherwise: SimpleProduction
    """What it makes without one"""


class DieRoll(Strict):
    """What it makes depends on a die it rolls as it resolves (706.2): `low` on a result of
    `at_most` or less, `high` otherwise ("roll a six-sided die. On a 3 or lower, add {C}.
    Otherwise, add one mana of any color."). Activating it needs the result (`die_roll`);
    what it could make is either (106.7)."""

    kind: Literal["die_roll"] = "die_roll"
    """Always `die_roll`: what it makes depends on a die roll"""
    sides: int = Field(ge=2, le=100)
    """How many sides the die has (706.1)"""
    at_most: int = Field(ge=1, le=99)
    """The highest result that makes `low`"""
    low: SimpleProduction
    """What it makes on a result of `at_most` or less"""
    high: SimpleProduction
    """What it makes on a higher result"""


IfFactName = Literal[
    "played_land_this_turn", "completed_dungeon", "has_initiative", "card_exiled_with_it"
]


class IfFact(Strict):
    """One production while a fact holds, another while it doesn't (the ability's own
    "instead", 614.1a, 614.15): its controller played a land this turn (305.2, the state's
    `players.<name>.lands_played_this_turn`), has completed a dungeon (309.7,
    `completed_dungeon`), has the initiative (725, `initiative`), or a card is exiled with its
    permanent by its linked ability (406.6, 607.2a, the permanent's `exiled`). A question that
    needs the fact and lacks it is answered 422 naming the field."""

    kind: Literal["if_fact"] = "if_fact"
    """Always `if_fact`: what it makes depends on a fact about its controller or permanent"""
    fact: IfFactName
    """`played_land_this_turn`, `completed_dungeon`, `has_initiative` or
    `card_exiled_with_it`"""
    then: SimpleProduction
    """What it makes while the fact holds"""
    otherwise: SimpleProduction
    """What it makes while it doesn't"""


class CoinFlip(Strict):
    """It flips a coin (705) and makes `won` only if its controller wins the flip ("flip a
    coin. If you win the flip, add {C}{C}{C}."); a lost flip makes no mana. 106.7 counts every
    outcome, so it could produce what `won` makes; the activate question's `choose` says how
    the flip came out (`won` or `lost`), and without it every outcome is listed."""

    kind: Literal["coin_flip"] = "coin_flip"
    """Always `coin_flip`: mana only if its controller wins a coin flip (705)"""
    won: SimpleProduction
    """What it makes when the flip is won"""


class NthResolution(Strict):
    """`then` only when this resolution of the ability is its `nth` this turn ("if this is the
    third time this ability has resolved this turn, add {R}{R}{R}{R}"), else no mana; with
    `optional` ("you may add"), its controller may add nothing instead. The permanent's
    `resolutions_this_turn` says how many times it resolved before; missing, the answer is a
    422 naming it. could-produce asks about the next resolution (106.7)."""

    kind: Literal["nth_resolution"] = "nth_resolution"
    """Always `nth_resolution`: mana only on the ability's nth resolution this turn"""
    nth: int = Field(ge=1, le=100)
    """Which resolution this turn makes the mana (3: the third)"""
    then: SimpleProduction
    """What it makes on that resolution"""
    optional: bool = False
    """Whether its controller may add nothing ("you may add")"""


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
    | ChoiceOrChosenColor
    | ManaAmount
    | CommanderColor
    | DifferentColors
    | EachColorAmong
    | ColorAmongGraveyard
    | ExiledColor
    | EachExiledColor
    | MilledCardSymbols
    | NotedMana
    | PoolCopy
    | OneOfChosenColors
    | IfCounter
    | DieRoll
    | IfFact
    | CoinFlip
    | NthResolution,
    Field(discriminator="kind"),
]


def production_types(produced: Production) -> set[str]:
    """The mana types (106.1b) a production can make, whatever the state: the catalog's
    `produces=` filter, and the most an ability whose amount the state can't give could add."""
    match produced:
        case FixedMana(mana=mana):
            return {s.text for s in parse_cost(mana)}
        case ChoiceOfMana(options=options):
            return {s.text for option in options for s in parse_cost(option)}
        case AnyColor() | ColorOfPermanent() | ChosenColor() | OneColorPerCount():
            return set(COLORS)
        case DifferentColors() | EachColorAmong() | ColorAmongGraveyard() | OneOfChosenColors():
            return set(COLORS)
        case ExiledColor() | EachExiledColor() | MilledCardSymbols():
            return set(COLORS)  # colors of cards elsewhere: whichever, colors only (105.2)
        case NotedMana() | PoolCopy():
            return set(TYPES)  # whatever mana was spent or is in the pool: any type (106.1b)
        case CommanderColor():
            return set(COLORS)  # whatever the identity, it is made of colors (903.4)
        case AnyCombination(colors=colors):
            return set(colors)
        case ChoiceOrChosenColor(options=options):
            return {s.text for option in options for s in parse_cost(option)} | set(COLORS)
        case AnyType():
            return set(TYPES)
        case PerCount(mana_type=mana_type) | PerCounter(mana_type=mana_type):
            return {mana_type}
        case CouldProduce(of=of):
            return set(TYPES) if of == "type" else set(COLORS)
        case ManaAmount(of="type", mana_type=mana_type):
            return {mana_type or "C"}
        case ManaAmount(colors=colors):
            return set(colors)
        case CoinFlip(won=won) | NthResolution(then=won):
            return production_types(won)
        case (
            IfCounter(with_counter=with_counter, otherwise=otherwise)
            | DieRoll(low=with_counter, high=otherwise)
            | IfFact(then=with_counter, otherwise=otherwise)
        ):
            both = (with_counter, otherwise)
            return set().union(*(production_types(p) for p in both))
        case _:
            assert_never(produced)


class AmountIfCounter(Strict):
    """The ability's own 'instead' (614.15): `amount` of the chosen mana with such a counter."""

    kind: Literal["amount_if_counter"] = "amount_if_counter"
    """Always `amount_if_counter`: more mana while the source has a counter (614.15)"""
    counter: Word
    """The kind of counter, like `charge`"""
    amount: int = Field(ge=0, le=100)
    """How much of the chosen mana it makes instead while that counter is there"""


class AmountIfPower(Strict):
    """The ability's own 'instead' (614.15): `amount` of the chosen mana while its controller
    controls a permanent of `among` with power `power` or greater (208.3)."""

    kind: Literal["amount_if_power"] = "amount_if_power"
    """Always `amount_if_power`: more mana while a creature of enough power is there"""
    power: int = Field(ge=0, le=10_000)
    """The least power that counts"""
    among: Selector
    """Whose power counts, seen from the ability's source (creatures you control)"""
    amount: int = Field(ge=0, le=100)
    """How much of the chosen mana it makes instead"""


class ControlCount(Strict):
    """A condition of an `amount_if_control`: its controller controls `at_least` or more
    permanents of `of`."""

    of: Selector
    """Which permanents are counted, seen from the ability's source"""
    at_least: int = Field(1, ge=1, le=10_000)
    """How many of them it needs"""


class AmountIfControl(Strict):
    """The ability's own 'instead' (614.15): `amount` of the mana it makes while its
    controller controls enough permanents of each condition ("if you control four or more
    creatures, add {G}{G} instead"; "if you control an Urza's Mine and an Urza's Tower")."""

    kind: Literal["amount_if_control"] = "amount_if_control"
    """Always `amount_if_control`: more mana while its controller controls enough of them"""
    conditions: list[ControlCount] = Field(min_length=1, max_length=3)
    """Every one must hold"""
    amount: int = Field(ge=0, le=100)
    """How much of the mana it makes instead"""


Instead = Annotated[AmountIfCounter | AmountIfPower | AmountIfControl, Field(discriminator="kind")]


class WhileCounters(Strict):
    """The ability exists only while its permanent has between `at_least` and `at_most`
    `counter` counters: a leveler's level band ("LEVEL 2-5", 711.2) or a station threshold
    ("12+ |", charge counters, 721.2a)."""

    counter: Word
    """The kind of counter, like `level` or `charge`"""
    at_least: int = Field(ge=0, le=10_000)
    """The fewest counters it needs"""
    at_most: int | None = Field(None, ge=0, le=10_000)
    """The most it may have; null: no upper bound ("5+")"""

    def holds(self, counters: Mapping[str, int]) -> bool:
        n = counters.get(self.counter, 0)
        return n >= self.at_least and (self.at_most is None or n <= self.at_most)


# 602.1b: activation instructions after an ability's effect ("Activate only if you control a
# Swamp.") say when it may be activated. They are no cost and change nothing it makes (106.7
# reads what it would make, whether or not it could be activated now); they decide only whether
# an activation is legal.


class OnlyIfYouControl(Strict):
    """Only while its controller controls `at_least` permanents `of` picks ("activate only if
    you control a Swamp", "... three or more artifacts")."""

    kind: Literal["you_control"] = "you_control"
    """Always `you_control`: only while its controller controls enough of them"""
    of: Selector
    """Which permanents are counted, seen from the ability's source"""
    at_least: int = Field(1, ge=1, le=10_000)
    """How many of them it needs"""


class OnlyDuringTurn(Strict):
    """Only in its controller's turn (`your_turn`: "activate only during your turn") or in
    another player's (`not_your_turn`: "... during an opponent's turn"); the state's
    `active_player` says whose turn it is."""

    kind: Literal["during_turn"] = "during_turn"
    """Always `during_turn`: only in some turns"""
    whose: Literal["your_turn", "not_your_turn"]
    """`your_turn`: its controller's turn; `not_your_turn`: any other player's"""


class OnlyIfEnteredThisTurn(Strict):
    """Only if its permanent entered the battlefield this turn (the permanent's
    `entered_this_turn`)."""

    kind: Literal["entered_this_turn"] = "entered_this_turn"
    """Always `entered_this_turn`: only the turn its permanent entered the battlefield"""


class OnlyWithCounters(Strict):
    """Only while its permanent has `at_least` `counter` counters ("activate only if there are
    three or more brick counters on ~")."""

    kind: Literal["counters"] = "counters"
    """Always `counters`: only while its permanent has enough of these counters"""
    counter: Word
    """The kind of counter, like `oil`"""
    at_least: int = Field(1, ge=1, le=10_000)
    """How many it needs"""


class OnlyOnceEachTurn(Strict):
    """Only once each turn (602.5b): not if it was activated this turn already (the permanent's
    `activated_this_turn`)."""

    kind: Literal["once_each_turn"] = "once_each_turn"
    """Always `once_each_turn`: at most one activation each turn"""


class OnlyIfPower(Strict):
    """Only while its controller controls a permanent of `among` with power `power` or greater
    ("activate only if you control a creature with power 4 or greater", 208.3: the power the
    state gives)."""

    kind: Literal["power"] = "power"
    """Always `power`: only while a creature of enough power is there"""
    power: int = Field(ge=0, le=10_000)
    """The least power that counts"""
    among: Selector
    """Whose power counts, seen from the ability's source (creatures you control)"""


class OnlyIfCreature(Strict):
    """Only while its permanent is a creature ("activate only if ~ is a creature"), as it is
    after every layer effect (a Vehicle crewed, 613.1d)."""

    kind: Literal["is_creature"] = "is_creature"
    """Always `is_creature`: only while its permanent is a creature"""


class OnlyAsInstant(Strict):
    """Only as an instant (602.5e): only while its controller has priority, never in the middle
    of casting a spell or paying a cost, as other mana abilities may be (605.3a). A question
    asks about the activation by itself, so this never makes it illegal; the answer says it."""

    kind: Literal["as_instant"] = "as_instant"
    """Always `as_instant`: only while its controller has priority"""


class OnlyAsSorcery(Strict):
    """Only as a sorcery (602.5d, 307.1): in its controller's own main phase, while the stack
    is empty. The state says whose turn and which phase it is; the stack it doesn't carry, so
    the answer says that part is taken to hold."""

    kind: Literal["as_sorcery"] = "as_sorcery"
    """Always `as_sorcery`: only in its controller's main phase, with an empty stack"""


OneRestriction = Annotated[
    OnlyIfYouControl
    | OnlyDuringTurn
    | OnlyIfEnteredThisTurn
    | OnlyWithCounters
    | OnlyIfPower
    | OnlyIfCreature,
    Field(discriminator="kind"),
]


class OnlyIfAnyOf(Strict):
    """Only while one of these holds ("activate only if ~ entered this turn or if you control a
    basic land")."""

    kind: Literal["any_of"] = "any_of"
    """Always `any_of`: only while at least one of them holds"""
    of: list[OneRestriction] = Field(min_length=2, max_length=4)
    """The conditions, any one of which is enough"""


ActivationRestriction = Annotated[
    OnlyIfYouControl
    | OnlyDuringTurn
    | OnlyIfEnteredThisTurn
    | OnlyWithCounters
    | OnlyIfPower
    | OnlyIfCreature
    | OnlyOnceEachTurn
    | OnlyAsInstant
    | OnlyAsSorcery
    | OnlyIfAnyOf,
    Field(discriminator="kind"),
]


Recipient = Literal["controller", "chosen_player", "target_player", "each_player"]

# A side effect that starts so is another player's choice to stop the mana ("unless any
# player pays {1}", 118.12): the mana is made only if no one pays as it resolves.
UNLESS_PAYS = "unless any player pays"


class ManaAbility(Strict):
    """An activated mana ability (605.1a), or an activated ability that adds mana to a target
    player's pool (`recipient` `target_player`): that one targets, so it is not a mana ability
    (605.5a) and uses the stack, but what it would make is still mana its permanent could
    produce (106.7)."""

    kind: Literal["mana_ability"] = "mana_ability"
    """Always `mana_ability`: an activated mana ability (605.1a)"""
    cost: ManaAbilityCost = Field(default_factory=ManaAbilityCost)
    """Its activation cost (602.1); default: no cost"""
    produces: Production
    """What it adds, by kind"""
    instead: Instead | None = None
    """A bigger amount it makes under a condition of its own (614.15); null: none"""
    side_effect: Annotated[str, Field(max_length=200)] | None = None  # "deals 1 damage to you"
    """Anything else it does as it resolves, in a short phrase (not a cost); one starting
    `unless any player pays` names what another player may pay to stop the mana (118.12)"""
    while_counters: WhileCounters | None = omitted_at_default(None)
    """It exists only while its permanent has this many counters of a kind (711.2,
    721.2a); absent: always"""
    while_class_level: int | None = omitted_at_default(None, ge=2, le=10)
    """716: it exists only once its Class has gained this level (the permanent's
    `class_level`); absent: always"""
    # 106.3, 106.4: an ability that makes mana tells a player to add it, and it goes to that
    # player's mana pool.
    recipient: Recipient = omitted_at_default("controller")
    """Who adds the mana (106.3): `controller` (the default: "add ..."), `chosen_player` (a
    player its controller chooses as it resolves: "choose a player; that player adds ...") or
    `target_player` ("target player adds ...": a target, so not a mana ability, 605.5a) or
    `each_player` ("each player adds ...": every player adds all of it to their own pool)"""

    targets: bool = omitted_at_default(
        False,
        description='It has a target besides who adds the mana ("goad target creature ... you '
        'add {R}"): then it is not a mana ability (605.5a)',
    )

    targets_graveyard_card: Selector | None = omitted_at_default(
        None,
        description='It targets a card in a graveyard that this selector picks ("exile target '
        'land card from a graveyard"): it can be activated only while a graveyard the state '
        "gives holds one (601.2c, 602.2b), and with `targets` it is no mana ability (605.5a)",
    )

    @property
    def is_mana_ability(self) -> bool:
        """605.1a, 605.5a: an ability with a target is not a mana ability."""
        return self.recipient != "target_player" and not self.targets

    while_library_top: CardType | None = omitted_at_default(
        None,
        description="It exists only while the top card of its controller's library is a card "
        "of this type (the permanent's `library_top`); absent: always",
    )

    puts_counters: Annotated[dict[Word, Annotated[int, Field(ge=1, le=100)]], KEY_ORDERED] = (
        omitted_at_default(default_factory=dict, max_length=5)
    )
    """Counters its effect puts on its own permanent as it resolves, before it adds its mana
    (608.2c: in the order written): the state after the activation has them, and an amount
    counting them already includes them (its `plus`); empty: none"""

    activate_only: list[ActivationRestriction] = omitted_at_default(
        default_factory=list, max_length=4
    )
    """602.1b: when it may be activated, every one of these holding ("activate only if you
    control a Swamp", "only once each turn"); they change nothing it could produce (106.7);
    empty: whenever its costs can be paid"""

    spend_restricted: bool = omitted_at_default(
        False,
        description='106.6: its text says how its mana may be spent ("spend this mana only to '
        'cast creature spells"): the type and amount are the same (106.7), and an activation '
        "says the mana carries the restriction, extra mana a replacement effect adds too "
        "(106.6a)",
    )

    @property
    def instruction_counters(self) -> list[str]:
        """The counter kinds its activation instructions look for."""
        ones = [
            o for r in self.activate_only for o in (r.of if isinstance(r, OnlyIfAnyOf) else [r])
        ]
        return [o.counter for o in ones if isinstance(o, OnlyWithCounters)]

    @property
    def as_instant(self) -> bool:
        """602.5e: it may be activated only while its controller has priority."""
        return any(isinstance(r, OnlyAsInstant) for r in self.activate_only)

    @property
    def as_sorcery(self) -> bool:
        """602.5d: it may be activated only as a sorcery (307.1)."""
        return any(isinstance(r, OnlyAsSorcery) for r in self.activate_only)

    @property
    def once_each_turn(self) -> bool:
        """602.5b: it may be activated only once each turn."""
        return any(isinstance(r, OnlyOnceEachTurn) for r in self.activate_only)
