"""What each kind of mana production makes (106.1, 106.7, 605): the one dispatch over
`Production` kinds. could_produce asks for the possible events, activate for the options
with a reason, explanations for the words; adding a kind touches only this module.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from itertools import combinations, combinations_with_replacement
from typing import assert_never

from app.domain.errors import QuestionError
from app.domain.filters import HasSubtype, Selector, with_condition
from app.domain.mana import ALL_COLORS_MASK, COLORS, NO_MANA, TYPE_INDEX, TYPES, Mana, mask_types
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
)
from app.domain.quantities import (
    CardsInGraveyard,
    ChosenX,
    CostManaValue,
    CostPower,
    CountersOnSource,
    CountOfChosenType,
    CountWithPower,
    Devotion,
    DifferentPowers,
    Fixed,
    GreatestPower,
    PlayerFact,
    Quantity,
    RevealedFromHand,
    SharedCreatureType,
    SourcePower,
    XValue,
)
from app.domain.quantities import CountOf as CountOfQuantity
from app.engine.words import (
    bounded_list,
    describe_cards,
    describe_cost,
    describe_quantity,
    describe_selector,
)

# The rule that says what each player fact is: life total, life gained, cards drawn.
PLAYER_FACT_RULES = {
    "life": "119.1",
    "life_gained_this_turn": "119.3",
    "cards_drawn_this_turn": "121.1",
}

# How a production sees the board: count of matching permanents, union of their colors (a
# mask), and for reflectors what they could produce (a mask) with the permanents feeding it.
CountOf = Callable[[Selector], int]
ColorsOf = Callable[[Selector], int]
ReflectedBy = Callable[[Selector], tuple[int, list[str]]]


def _no_stat(stat: str) -> int:
    raise ValueError(f"this reader has no {stat}")


def _no_stat_text(what: str) -> str:
    raise ValueError(f"this reader has no {what}")


def _no_symbols() -> tuple[tuple[str, ...], ...]:
    raise ValueError("this reader has no library top")


def _no_colors(what: str) -> tuple[str, ...]:
    raise ValueError(f"this reader has no {what}")


@dataclass(frozen=True, slots=True)
class Own:
    """What a production reads on its own permanent: its counters, the color chosen for it as
    it entered, its power and toughness, the greatest power among permanents it names (each
    raises the 422 that asks for what the state lacks), and the X chosen on activation (None:
    not chosen here; 106.7 asks about every X)."""

    counters: Callable[[str | None], int]  # None: counters of every kind together
    # The color chosen for it as it entered; None when none was (707.2: a copy that became one
    # after it entered), so "the chosen color" is no mana.
    chosen_color: Callable[[], str | None]
    # Its controller's commander's color identity (903.4); raises the 422 that asks for it.
    commander_colors: Callable[[], tuple[str, ...]]
    stat: Callable[[str], int] = _no_stat  # "power" or "toughness" (208.3)
    # The power or toughness of each permanent a selector picks (208.3).
    stats: Callable[[Selector, str], list[int]] = lambda sel, stat: [_no_stat(stat)]
    # The same, of those that entered the battlefield this turn only.
    entered_stats: Callable[[Selector, str], list[int]] = lambda sel, stat: [_no_stat(stat)]
    # The largest group of a selector's permanents sharing a creature type (205.3m).
    shared_type: Callable[[Selector], int] = lambda sel: _no_stat("creature types")
    devotion: Callable[[str], int] = lambda color: _no_stat("devotion")  # 700.5
    # A number about its controller from the state's `players` (119.1, 119.3, 121.1).
    player: Callable[[str], int] = lambda fact: _no_stat(fact)
    # How many cards in its controller's graveyard match (404.1), from the state.
    graveyard_count: Callable[[Selector], int] = lambda sel: _no_stat("graveyard")
    # The colors (a mask) of the cards in its controller's graveyard that match (404.1).
    graveyard_colors: Callable[[Selector], int] = lambda sel: _no_stat("graveyard")
    # The colors of the cards exiled with it (406.6, 607.2a); raises the 422 that asks.
    exiled_colors: Callable[[], tuple[str, ...]] = lambda: _no_colors("exiled cards")
    # Each colored mana symbol of the top card of its controller's library, as its colors;
    # raises the 422 that asks.
    top_symbols: Callable[[], tuple[tuple[str, ...], ...]] = lambda: _no_symbols()
    # The creature type chosen for it (205.3m), None when none was (707.2: a copy that became
    # one after it entered); raises the 422 that asks.
    chosen_type: Callable[[], str | None] = lambda: _no_stat_text("chosen type")
    x: int | None = None
    # The several colors chosen for it ("choose up to two colors"); raises the 422 for them.
    chosen_colors: Callable[[], tuple[str, ...]] = lambda: ()
    # The mana last noted for it (True: one mana of its one noted type); raises the 422
    # that asks.
    noted_mana: Callable[[bool], Mana] = lambda one: _no_noted()
    # The unspent mana in its controller's pool (106.4); raises the 422 that asks.
    pool: Callable[[], Mana] = lambda: _no_noted()
    # The result of the die it rolls as it resolves (706.2); None: every result (106.7).
    die: int | None = None
    # Whether an if_fact's fact holds (305.2, 309.7, 725, 607.2a); raises the 422 that asks.
    fact: Callable[[str], bool] = lambda name: _no_stat(name) > 0
    # How many times its ability resolved this turn before this one; raises the 422 that asks.
    resolutions: Callable[[], int] = lambda: _no_stat("resolutions this turn")


def _no_noted() -> Mana:
    raise AssertionError("this production reads no noted mana")


# With X not chosen (could_produce, 106.7), an X of one shows the types it could make; 106.7
# ignores whether the cost could be paid, so any X can be imagined (107.3), and MANY_X, above
# every amount a replacement effect's condition asks for ("two or more mana", at most 100),
# shows what those effects make of a larger one.
SOME_X = 1
MANY_X = 101


def quantity(q: Quantity, count_of: CountOf, own: Own, color: str | None = None) -> int | None:
    """The number a quantity stands for; None when it is chosen on activation and not chosen
    (the X, 107.3; the mana value of what the cost sacrifices, 602.2b). `color` is the color
    of the mana made, for a devotion to "that color"."""
    match q:
        case Fixed():
            return q.value
        case CountOfQuantity():
            return count_of(q.of)
        case CountOfChosenType():
            chosen = own.chosen_type()
            # No type chosen: no creature is of it.
            return count_of(with_condition(q.of, HasSubtype(subtype=chosen))) if chosen else 0
        case CountersOnSource():
            return own.counters(q.counter)
        case SourcePower():
            return max(own.stat(q.kind), 0)  # a negative amount makes no mana (107.1b)
        case GreatestPower():
            stat = "power" if q.kind == "greatest_power" else "toughness"
            stats = own.entered_stats if q.entered_this_turn else own.stats
            return max(max(stats(q.among, stat), default=0), 0)
        case DifferentPowers():
            return len(set(own.stats(q.among, "power")))  # equal powers count once
        case SharedCreatureType():
            return own.shared_type(q.among)
        case CountWithPower():
            return sum(1 for n in own.stats(q.of, "power") if n >= q.at_least)
        case ChosenX() | CostManaValue() | CostPower() | RevealedFromHand():
            return own.x
        case Devotion():
            chosen = q.color or color
            if chosen is None:
                raise ValueError("a devotion to the color made needs that color")
            return own.devotion(chosen)
        case XValue():
            raise ValueError("ManaAmount refuses the spell's X (the board doesn't carry it)")
        case PlayerFact():
            return max(own.player(q.fact), 0)  # a negative life total makes no mana (107.1b)
        case CardsInGraveyard():
            return own.graveyard_count(q.of)
        case _:
            assert_never(q)


def is_chosen(q: Quantity) -> bool:
    """Whether the quantity is chosen as the ability is activated (the request's `x`)."""
    match q:
        case ChosenX() | CostManaValue() | CostPower() | RevealedFromHand():
            return True
        case Fixed() | CountOfQuantity() | CountersOnSource() | XValue() | CountOfChosenType():
            return False
        case SourcePower() | GreatestPower() | Devotion() | CountWithPower() | PlayerFact():
            return False
        case CardsInGraveyard():
            return False
        case DifferentPowers() | SharedCreatureType():
            return False
        case _:
            assert_never(q)


def needs_x(ability: ManaAbility) -> bool:
    """Whether activating it takes an X (the request's `x`): its amount or its cost has one."""
    prod = ability.produces
    amount_chosen = isinstance(prod, ManaAmount) and is_chosen(prod.amount)
    return amount_chosen or ability.cost.remove_x_counters is not None


# Mixes listed one by one, at most this many mana symbols in all: 1,001 mixes of ten mana in
# five colors, the most the flat `combination` kind allows.
COMBINATION_LIMIT = 10_010


def amount_of(prod: ManaAmount, count_of: CountOf, own: Own, color: str | None = None) -> int:
    n = quantity(prod.amount, count_of, own, color)
    return (SOME_X if n is None else n) * prod.times + prod.plus


def _per_color(prod: ManaAmount) -> bool:
    """Whether the amount depends on the color chosen (a devotion to "that color")."""
    return isinstance(prod.amount, Devotion) and prod.amount.color is None


def amount_manas(
    prod: ManaAmount, count_of: CountOf, own: Own, *, types_only: bool = False
) -> list[Mana]:
    """Every mana this production could be, one per choice of color or mix. `types_only`
    (could_produce): too many mixes are stood for by one color each, which gives the same
    types under every replacement and trigger, since they see one amount and keep, replace or
    copy the types of the whole event."""
    if _per_color(prod):
        return [Mana.of(c, amount_of(prod, count_of, own, c)) for c in prod.colors]
    n = amount_of(prod, count_of, own)
    match prod.of:
        case "type":
            return [Mana.of(prod.mana_type or "C", n)]
        case "one_color":
            return [Mana.of(c, n) for c in prod.colors]  # "X {G} or X {W}": those colors
        case "combination":
            too_many = math.comb(n + len(prod.colors) - 1, n) * n > COMBINATION_LIMIT
            if too_many and types_only:
                return [Mana.of(c, n) for c in prod.colors]
            if too_many:
                raise QuestionError(
                    ("state",),
                    f"{n} mana in any combination of {'/'.join(prod.colors)} has too many "
                    f"mixes to list (more than {COMBINATION_LIMIT} mana symbols in all)",
                    "too_complex",
                )
            return combinations_of(prod.colors, n)
        case _:
            assert_never(prod.of)


def amount_defined(prod: ManaAmount) -> list[str]:
    match prod.of:
        case "type":
            return [prod.mana_type or "C"]
        case "one_color" | "combination":
            return list(prod.colors)
        case _:
            assert_never(prod.of)


def amount_why(prod: ManaAmount, count_of: CountOf, own: Own) -> str:
    """Why the amount is what it is, for the steps (the rule numbers are read from the text)."""
    what = describe_quantity(prod.amount)
    plus = f" plus {prod.plus}" if prod.plus else ""
    if _per_color(prod):
        each = ", ".join(f"{c} {amount_of(prod, count_of, own, c)}" for c in prod.colors)
        return f"its controller chooses a color; their devotion to each is {each} (700.5)"
    n = amount_of(prod, count_of, own)
    if isinstance(prod.amount, RevealedFromHand) and own.x is None:
        return (
            f"{what} is known only as it resolves, {prod.amount.range_words()}: with 1 or "
            "more revealed it makes these types (701.16)"
        )
    if is_chosen(prod.amount) and own.x is None:
        return (
            f"{what} is chosen as it is activated, and 106.7 ignores whether the cost could be "
            f"paid, so with any {what} of 1 or more it makes these types (107.3, 107.1c)"
        )
    times = f" times {prod.times}" if prod.times != 1 else ""
    base = (n - prod.plus) // prod.times
    return f"{what} is {base}{_rule_of(prod.amount)}{times}{plus}, so it makes {n} mana"


def _rule_of(q: Quantity) -> str:
    """The rule that says what the quantity is, for amount_why's text."""
    match q:
        case SourcePower() | GreatestPower() | CountWithPower() | DifferentPowers():
            return " (208.3)"
        case Devotion():
            return " (700.5)"
        case CostManaValue():
            return " (202.3)"
        case CostPower():
            return " (208.3, 608.2h)"
        case SharedCreatureType():
            return " (205.3m, 702.73a)"
        case ChosenX():
            return " (107.3)"
        case PlayerFact():
            return f" ({PLAYER_FACT_RULES[q.fact]})"
        case CardsInGraveyard():
            return " (404.1)"
        case RevealedFromHand():
            return " (701.16)"
        case CountOfChosenType():
            return " (205.3m)"
        case Fixed() | CountOfQuantity() | CountersOnSource() | XValue():
            return ""
        case _:
            assert_never(q)


def combinations_of(colors: Iterable[str], amount: int) -> list[Mana]:
    """Every way to make `amount` mana in any combination of `colors`."""
    return [
        Mana.parse("".join("{" + c + "}" for c in combo))
        for combo in combinations_with_replacement(list(colors), amount)
    ]


def _one_color_count(prod: OneColorPerCount, count_of: CountOf, own: Own) -> int:
    if prod.count is not None:
        return count_of(prod.count)
    return own.counters(prod.counter or "")  # `counter` is given when `count` isn't


def is_reflector(prod: Production) -> bool:
    """Whether the production depends on what other permanents could produce (106.7)."""
    match prod:
        case CouldProduce():
            return True
        case FixedMana() | ChoiceOfMana() | AnyColor() | AnyType() | PerCount():
            return False
        case ColorOfPermanent() | AnyCombination() | ChosenColor() | PerCounter():
            return False
        case OneColorPerCount() | ChoiceOrChosenColor() | ManaAmount() | CommanderColor():
            return False
        case DifferentColors() | EachColorAmong() | ColorAmongGraveyard():
            return False
        case ExiledColor() | EachExiledColor() | MilledCardSymbols() | NotedMana():
            return False
        case PoolCopy():
            return False
        case OneOfChosenColors() | IfCounter() | IfFact():
            return False  # an if_counter's or if_fact's two productions are simple kinds
        case DieRoll():
            return False  # so are a die roll's
        case CoinFlip() | NthResolution():
            return False  # what a won flip or its nth resolution makes is a simple kind
        case _:
            assert_never(prod)


def is_board_independent(prod: Production) -> bool:
    """Whether its events are the same for every permanent on every board."""
    match prod:
        case FixedMana() | ChoiceOfMana() | AnyColor() | AnyType() | AnyCombination():
            return True
        case PerCount() | ColorOfPermanent() | CouldProduce():
            return False
        case ChosenColor() | PerCounter() | OneColorPerCount() | ChoiceOrChosenColor():
            return False  # they read their own permanent
        case ManaAmount():
            return False  # its quantity may read the board or the permanent
        case CommanderColor():
            return False  # it reads its controller's commander
        case DifferentColors():
            return True
        case EachColorAmong():
            return False  # it reads the colors of permanents
        case ColorAmongGraveyard():
            return False  # it reads its controller's graveyard
        case ExiledColor() | EachExiledColor():
            return False  # it reads the cards exiled with its permanent
        case MilledCardSymbols():
            return False  # it reads the top card of its controller's library
        case NotedMana():
            return False  # it reads the mana noted for its permanent
        case PoolCopy():
            return False  # it reads its controller's mana pool
        case OneOfChosenColors() | IfCounter():
            return False  # it reads its own permanent's chosen colors, or its counters
        case DieRoll():
            return False  # it reads the die rolled
        case IfFact():
            return False  # it reads a fact about its controller or its permanent
        case CoinFlip():
            return is_board_independent(prod.won)
        case NthResolution():
            return False  # it reads its own permanent's resolutions this turn
        case _:
            assert_never(prod)


def events(prod: Production, count_of: CountOf, colors_of: ColorsOf, own: Own) -> list[Mana]:
    """The production events of a non-reflecting production: one per possible choice (106.7
    asks about every choice)."""
    match prod:
        case FixedMana():
            return [Mana.parse(prod.mana)]
        case ChoiceOfMana():
            return [Mana.parse(o) for o in prod.options]
        case AnyColor():
            return [Mana.of(c, prod.amount) for c in COLORS]
        case AnyType():
            return [Mana.of(t, prod.amount) for t in TYPES]
        case PerCount():
            return [Mana.of(prod.mana_type, count_of(prod.count))]
        case ColorOfPermanent():
            return [Mana.of(t, prod.amount) for t in mask_types(colors_of(prod.among))]
        case AnyCombination():
            # Every mix of the colors: replacement effects see the amount and types of each.
            return combinations_of(prod.colors, prod.amount)
        case ChosenColor():
            color = own.chosen_color()
            return [Mana.of(color, prod.amount)] if color else []
        case PerCounter():
            return [Mana.of(prod.mana_type, own.counters(prod.counter))]
        case OneColorPerCount():
            n = _one_color_count(prod, count_of, own)
            return [Mana.of(c, n) for c in COLORS]
        case ChoiceOrChosenColor():
            return [*(Mana.parse(o) for o in prod.options), *_chosen_one(own)]
        case ManaAmount():
            manas = amount_manas(prod, count_of, own, types_only=True)
            if own.x is None and is_chosen(prod.amount):
                manas += amount_manas(prod, count_of, replace(own, x=MANY_X), types_only=True)
            return manas
        case CommanderColor():
            return [Mana.of(c, prod.amount) for c in own.commander_colors()]  # 903.4f: none
        case DifferentColors():
            return different_colors(prod.amount)
        case EachColorAmong():
            return [each_color(colors_of(prod.among))]
        case ColorAmongGraveyard():
            return [Mana.of(t) for t in mask_types(own.graveyard_colors(prod.among))]
        case ExiledColor():
            return [Mana.of(c, prod.amount) for c in own.exiled_colors()]  # 106.5: none
        case EachExiledColor():
            return [sum((Mana.of(c) for c in own.exiled_colors()), NO_MANA)]
        case MilledCardSymbols():
            return symbol_manas(own.top_symbols())
        case NotedMana():
            return [noted_mana(prod, own)]
        case PoolCopy():
            return [own.pool()]
        case OneOfChosenColors():
            return [Mana.of(c, prod.amount) for c in own.chosen_colors()]  # none chosen: none
        case IfCounter():
            return events(if_counter_branch(prod, own), count_of, colors_of, own)
        case DieRoll():
            found = [
                m for b in die_branches(prod, own) for m in events(b, count_of, colors_of, own)
            ]
            return list(dict.fromkeys(found))
        case IfFact():
            return events(if_fact_branch(prod, own), count_of, colors_of, own)
        case CoinFlip():
            # 106.7, 705: every outcome of the flip; a lost one makes no mana.
            return events(prod.won, count_of, colors_of, own)
        case NthResolution():
            # 106.7: the next resolution, the one after those already this turn.
            due = own.resolutions() + 1 == prod.nth
            return events(prod.then, count_of, colors_of, own) if due else []
        case CouldProduce():
            raise ValueError("a reflecting production has no fixed events (see could_produce)")
        case _:
            assert_never(prod)


@dataclass(slots=True)
class Possible:
    """What an activation could make before replacement effects, why, and the types it
    defines. No manas with types defined is an amount of zero (Gaea's Cradle without
    creatures); no manas and no types is 106.5 (a lone Reflecting Pool)."""

    manas: list[Mana]
    defined: list[str]
    why: str = ""
    # The color each of `manas` is chosen by, where a choice may make nothing and so can't be
    # named by its mana (a devotion of zero to the color chosen: a legal choice, 605.3).
    chosen_colors: list[str] | None = None


def possible(
    prod: Production, count_of: CountOf, colors_of: ColorsOf, reflected: ReflectedBy, own: Own
) -> Possible:
    match prod:
        case FixedMana():
            manas = [Mana.parse(prod.mana)]
            return Possible(manas, manas[0].types())
        case ChoiceOfMana():
            manas = [Mana.parse(o) for o in prod.options]
            defined = [t for t in TYPES if any(m.counts[TYPE_INDEX[t]] for m in manas)]
            return Possible(
                manas, defined, "its controller chooses one of " + ", ".join(prod.options)
            )
        case AnyColor():
            return Possible(
                [Mana.of(c, prod.amount) for c in COLORS],
                list(COLORS),
                "its controller chooses a color (colorless is not a color, 106.1b)",
            )
        case AnyType():
            return Possible(
                [Mana.of(t, prod.amount) for t in TYPES],
                list(TYPES),
                "its controller chooses a type",
            )
        case PerCount():
            count = count_of(prod.count)
            noun = describe_selector(prod.count, plural=count != 1)
            return Possible(
                [Mana.of(prod.mana_type, count)],
                [prod.mana_type],
                # 608.2h: counted once, as the ability resolves.
                f"there {'is' if count == 1 else 'are'} {count} {noun} as it resolves (608.2h)",
            )
        case ColorOfPermanent():
            colors = colors_of(prod.among)
            who = describe_selector(prod.among)
            why = (
                f"the {who} have the colors {', '.join(mask_types(colors))}"
                if colors
                else f"none of the {who} has a color"
            )
            return Possible(
                [Mana.of(t, prod.amount) for t in mask_types(colors)], mask_types(colors), why
            )
        case ColorAmongGraveyard():
            return _graveyard_colors_possible(prod, own)
        case CouldProduce():
            return _reflected_possible(prod, reflected)
        case AnyCombination() | ChosenColor() | PerCounter() | OneColorPerCount():
            return _own_possible(prod, count_of, own)
        case ChoiceOrChosenColor():
            manas = [*(Mana.parse(o) for o in prod.options), *_chosen_one(own)]
            defined = [t for t in TYPES if any(m.counts[TYPE_INDEX[t]] for m in manas)]
            why = f"its controller chooses one of {', '.join(prod.options)} or its chosen color"
            return Possible(manas, defined, why)
        case ManaAmount():
            manas = amount_manas(prod, count_of, own)
            chosen: list[str] | None = [c for c in prod.colors] if _per_color(prod) else None
            return Possible(manas, amount_defined(prod), amount_why(prod, count_of, own), chosen)
        case CommanderColor():
            return _commander_possible(prod, own)
        case DifferentColors():
            why = (
                f"its controller chooses {prod.amount} different colors (colorless is not a "
                "color, 106.1b)"
            )
            return Possible(different_colors(prod.amount), list(COLORS), why)
        case EachColorAmong():
            return _each_color_possible(prod, colors_of)
        case ExiledColor() | EachExiledColor() | MilledCardSymbols() | NotedMana() | PoolCopy():
            return _given_possible(prod, own)
        case OneOfChosenColors():
            return _chosen_colors_possible(prod, own)
        case IfCounter() | DieRoll() | IfFact() | NthResolution() | CoinFlip():
            return _branch_possible(prod, count_of, colors_of, reflected, own)
        case _:
            assert_never(prod)


def _given_possible(
    prod: ExiledColor | EachExiledColor | MilledCardSymbols | NotedMana | PoolCopy, own: Own
) -> Possible:
    """A production that reads what the state gives beside the battlefield: the cards exiled
    with its permanent, the top card of the library, the mana noted for it, the mana pool."""
    match prod:
        case ExiledColor() | EachExiledColor():
            return _exiled_possible(prod, own)
        case MilledCardSymbols():
            return _milled_possible(own)
        case NotedMana():
            return _noted_possible(prod, own)
        case PoolCopy():
            made = own.pool()
            why = f"its controller's mana pool holds {made or 'no mana'} (106.4): one more of each"
            return Possible([made], made.types(), why)
        case _:
            assert_never(prod)


def _branch_possible(
    prod: IfCounter | DieRoll | IfFact | NthResolution | CoinFlip,
    count_of: CountOf,
    colors_of: ColorsOf,
    reflected: ReflectedBy,
    own: Own,
) -> Possible:
    """A production that makes one of its simple productions, or none, as its condition (a
    counter, 614.15; a die, 706.2; a fact; a coin flip, 705; a resolution count) says."""
    match prod:
        case IfCounter():
            return _if_counter_possible(prod, count_of, colors_of, reflected, own)
        case DieRoll():
            return _die_possible(prod, count_of, colors_of, reflected, own)
        case IfFact():
            return _if_fact_possible(prod, count_of, colors_of, reflected, own)
        case NthResolution():
            return _nth_possible(prod, count_of, colors_of, reflected, own)
        case CoinFlip():
            found = possible(prod.won, count_of, colors_of, reflected, own)
            made = _production_words(prod.won).removeprefix("add ")
            why = f"it flips a coin (705): if its controller wins it makes {made}, else nothing"
            found.why = f"{why}; {found.why}" if found.why else why
            return found
        case _:
            assert_never(prod)


# Why "the chosen color" makes nothing for a copy that chose none.
_NONE_CHOSEN = "it became a copy after it entered, so no color was chosen for it (707.2)"


def _chosen_one(own: Own) -> list[Mana]:
    """One mana of the color chosen for it, or none when no color was (707.2)."""
    color = own.chosen_color()
    return [Mana.of(color)] if color else []


def _noted_possible(prod: NotedMana, own: Own) -> Possible:
    made = noted_mana(prod, own)
    how = "one mana of its one noted type" if prod.one else "that type and amount"
    return Possible([made], made.types(), f"the mana noted for it is {made}: {how}")


def _own_possible(
    prod: AnyCombination | ChosenColor | PerCounter | OneColorPerCount,
    count_of: CountOf,
    own: Own,
) -> Possible:
    match prod:
        case AnyCombination():
            manas = combinations_of(prod.colors, prod.amount)
            why = f"its controller chooses any combination of {'/'.join(prod.colors)}"
            return Possible(manas, list(prod.colors), why)
        case ChosenColor():
            color = own.chosen_color()
            if color is None:
                return Possible([], [], _NONE_CHOSEN)
            return Possible(
                [Mana.of(color, prod.amount)], [color], f"the color chosen for it is {color}"
            )
        case PerCounter():
            n = own.counters(prod.counter)
            why = f"it has {n} {prod.counter} counter{'s' if n != 1 else ''}"
            return Possible([Mana.of(prod.mana_type, n)], [prod.mana_type], why)
        case OneColorPerCount():
            n = _one_color_count(prod, count_of, own)
            why = f"its controller chooses a color; the count is {n}"
            return Possible([Mana.of(c, n) for c in COLORS], list(COLORS), why)
        case _:
            assert_never(prod)


def different_colors(amount: int) -> list[Mana]:
    """Every set of `amount` different colors, one mana of each."""
    return [sum((Mana.of(c) for c in combo), NO_MANA) for combo in combinations(COLORS, amount)]


def each_color(mask: int) -> Mana:
    """One mana of each color in the mask (colorless is no color, 105.1, 106.1b)."""
    return sum((Mana.of(c) for c in mask_types(mask & ALL_COLORS_MASK)), NO_MANA)


def _each_color_possible(prod: EachColorAmong, colors_of: ColorsOf) -> Possible:
    colors = mask_types(colors_of(prod.among) & ALL_COLORS_MASK)
    who = describe_selector(prod.among)
    if not colors:
        # No color among them: one mana for each of no colors is no mana at all.
        return Possible([NO_MANA], [], f"none of the {who} has a color (105.2), so it adds none")
    why = f"the {who} have the colors {', '.join(colors)} (105.2), one mana of each"
    return Possible([each_color(colors_of(prod.among))], colors, why)


def _graveyard_colors_possible(prod: ColorAmongGraveyard, own: Own) -> Possible:
    colors = mask_types(own.graveyard_colors(prod.among) & ALL_COLORS_MASK)
    cards = describe_cards(prod.among)
    if not colors:
        why = f"none of the {cards} in its controller's graveyard has a color (105.2, 404.1)"
    else:
        why = (
            f"the {cards} in its controller's graveyard have the colors {', '.join(colors)} "
            "(105.2, 404.1); its controller chooses one"
        )
    return Possible([Mana.of(c) for c in colors], colors, why)


def _exiled_possible(prod: ExiledColor | EachExiledColor, own: Own) -> Possible:
    """406.6, 607.2a: the colors of the cards its linked ability exiled (105.2)."""
    colors = list(own.exiled_colors())
    if not colors:
        # 106.5: a color among colorless cards is no color: no mana is made.
        why = (
            "no card exiled with it has a color (105.2; a colorless card gives none), so it "
            "adds no mana (106.5, 607.2a)"
        )
        return Possible([] if isinstance(prod, ExiledColor) else [NO_MANA], [], why)
    among = f"the cards exiled with it have the colors {', '.join(colors)} (105.2, 607.2a)"
    if isinstance(prod, EachExiledColor):
        return Possible(
            [sum((Mana.of(c) for c in colors), NO_MANA)], colors, among + ", one of each"
        )
    manas = [Mana.of(c, prod.amount) for c in colors]
    return Possible(manas, colors, f"{among}; its controller chooses one")


def symbol_manas(symbols: tuple[tuple[str, ...], ...]) -> list[Mana]:
    """One mana for each colored symbol, of its color; a hybrid symbol's color is chosen, so
    every choice is one result (deduplicated)."""
    found: list[Mana] = [NO_MANA]
    for colors in symbols:
        found = list(dict.fromkeys(m + Mana.of(c) for m in found for c in colors))
    return found


def _milled_possible(own: Own) -> Possible:
    """701.13: the card its cost mills is the top card of its controller's library."""
    symbols = own.top_symbols()
    if not symbols:
        why = (
            "the mana cost of the card its cost mills (the top card of its controller's "
            "library, 701.13) has no colored mana symbol, so it adds no mana"
        )
        return Possible([NO_MANA], [], why)
    manas = symbol_manas(symbols)
    colors = [c for c in COLORS if any(c in s for s in symbols)]
    why = (
        "its cost mills the top card of its controller's library (701.13): one mana for each "
        "colored mana symbol in that card's mana cost"
    )
    if any(len(s) > 1 for s in symbols):
        why += ", a hybrid symbol's color chosen by its controller"
    return Possible(manas, colors, why)


def noted_mana(prod: NotedMana, own: Own) -> Mana:
    """The mana noted for the permanent, or with `one` one mana of its noted type."""
    return own.noted_mana(prod.one)


def _commander_possible(prod: CommanderColor, own: Own) -> Possible:
    colors = list(own.commander_colors())
    if not colors:
        # 903.4f: no commander, or a colorless identity: no color to make the mana of.
        why = "its controller's commander's color identity has no color (903.4f)"
    else:
        why = f"its controller chooses a color of their commander's identity ({', '.join(colors)})"
    return Possible([Mana.of(c, prod.amount) for c in colors], colors, why)


def _if_counter_possible(
    prod: IfCounter, count_of: CountOf, colors_of: ColorsOf, reflected: ReflectedBy, own: Own
) -> Possible:
    branch = if_counter_branch(prod, own)
    found = possible(branch, count_of, colors_of, reflected, own)
    has = own.counters(prod.counter) > 0
    made = _production_words(branch).removeprefix("add ")
    counter = f"a {prod.counter} counter" if has else f"no {prod.counter} counter"
    why = f"it has {counter}, so it makes {made} (its own instead, 614.15)"
    found.why = f"{why}; {found.why}" if found.why else why
    return found


def die_branches(prod: DieRoll, own: Own) -> list[Production]:
    """706.2: what the die result rolled makes; with none given, either (106.7)."""
    if own.die is None:
        return [prod.low, prod.high]
    return [prod.low if own.die <= prod.at_most else prod.high]


def _die_possible(
    prod: DieRoll, count_of: CountOf, colors_of: ColorsOf, reflected: ReflectedBy, own: Own
) -> Possible:
    low = _production_words(prod.low).removeprefix("add ")
    high = _production_words(prod.high).removeprefix("add ")
    rule = f"a d{prod.sides}: {low} on {prod.at_most} or less, otherwise {high}"
    manas: list[Mana] = []
    defined: list[str] = []
    for branch in die_branches(prod, own):
        found = possible(branch, count_of, colors_of, reflected, own)
        manas += [m for m in found.manas if m not in manas]
        defined += [t for t in found.defined if t not in defined]
    if own.die is None:
        return Possible(manas, defined, f"it rolls {rule} (706.2; either result, 106.7)")
    return Possible(manas, defined, f"it rolled {own.die} on {rule} (706.2)")


def if_counter_branch(prod: IfCounter, own: Own) -> Production:
    """What an if_counter production makes on its permanent now (614.15: its own instead)."""
    return prod.with_counter if own.counters(prod.counter) > 0 else prod.otherwise


# How each fact of an if_fact reads, held and not (305.2, 309.7, 725, 607.2a).
IF_FACT_WORDS: dict[str, tuple[str, str, str]] = {
    "played_land_this_turn": (
        "its controller played a land this turn",
        "its controller played no land this turn",
        "305.2",
    ),
    "completed_dungeon": (
        "its controller has completed a dungeon",
        "its controller has completed no dungeon",
        "309.7",
    ),
    "has_initiative": (
        "its controller has the initiative",
        "its controller doesn't have the initiative",
        "725",
    ),
    "card_exiled_with_it": ("a card is exiled with it", "no card is exiled with it", "607.2a"),
}


def _if_fact_possible(
    prod: IfFact, count_of: CountOf, colors_of: ColorsOf, reflected: ReflectedBy, own: Own
) -> Possible:
    held = own.fact(prod.fact)
    branch = prod.then if held else prod.otherwise
    found = possible(branch, count_of, colors_of, reflected, own)
    yes, no, rule = IF_FACT_WORDS[prod.fact]
    made = _production_words(branch).removeprefix("add ")
    why = f"{yes if held else no} ({rule}), so it makes {made} (its own instead, 614.15)"
    found.why = f"{why}; {found.why}" if found.why else why
    return found


def _nth_possible(
    prod: NthResolution, count_of: CountOf, colors_of: ColorsOf, reflected: ReflectedBy, own: Own
) -> Possible:
    before = own.resolutions()
    made = _production_words(prod.then).removeprefix("add ")
    times = "once" if before == 1 else "twice" if before == 2 else f"{before} times"
    said = f"it resolved {times} this turn before, so this is resolution {before + 1}"
    if before + 1 != prod.nth:
        why = f"{said}, not {prod.nth}: it makes no mana (608.2)"
        return Possible([], possible(prod.then, count_of, colors_of, reflected, own).defined, why)
    found = possible(prod.then, count_of, colors_of, reflected, own)
    may = " or, as it may, nothing" if prod.optional else ""
    why = f"{said}, so it makes {made}{may} (608.2)"
    found.why = f"{why}; {found.why}" if found.why else why
    return found


def if_fact_branch(prod: IfFact, own: Own) -> Production:
    """What an if_fact production makes now (614.15: its own instead)."""
    return prod.then if own.fact(prod.fact) else prod.otherwise


def _chosen_colors_possible(prod: OneOfChosenColors, own: Own) -> Possible:
    colors = list(dict.fromkeys(own.chosen_colors()))
    if not colors:
        why = "no color was chosen for it, so there is no color to make its mana of"
    else:
        why = f"its controller picks one of the colors chosen for it ({', '.join(colors)})"
    return Possible([Mana.of(c, prod.amount) for c in colors], colors, why)


def _reflected_possible(prod: CouldProduce, reflected: ReflectedBy) -> Possible:
    seen, feeders = reflected(prod.among)
    usable = seen & ALL_COLORS_MASK if prod.of == "color" else seen
    who = describe_selector(prod.among)
    if not seen:
        why = (
            f"no {who} could produce any mana (a reflector that sees only itself or other "
            "reflectors gets nothing from them, 106.7)"
        )
    else:
        why = f"the {who} could produce {', '.join(mask_types(seen))} ({bounded_list(feeders, 3)})"
        if usable != seen:
            why += "; colorless is not a color (106.1b)"
    return Possible([Mana.of(t, prod.amount) for t in mask_types(usable)], mask_types(usable), why)


def describe_production(ability: ManaAbility, *, has_counter: bool | None = None) -> str:
    """The production in our words. has_counter: whether the permanent has the counter of the
    ability's own "instead" (614.15); None describes the condition without saying."""
    text = _production_words(ability.produces)
    if isinstance(ability.instead, AmountIfCounter):
        n, counter = ability.instead.amount, ability.instead.counter
        if has_counter:
            text += f" (it has a {counter} counter, so {n} of that mana instead)"
        else:
            text += f" ({n} of that mana instead while it has a {counter} counter)"
    if isinstance(ability.instead, AmountIfControl):
        n = ability.instead.amount
        who = " and ".join(
            f"{c.at_least} or more {describe_selector(c.of)}" for c in ability.instead.conditions
        )
        if has_counter:
            text += f" (its controller controls {who}, so {n} of that mana instead)"
        else:
            text += f" ({n} of that mana instead while its controller controls {who})"
    if isinstance(ability.instead, AmountIfPower):
        n, least = ability.instead.amount, ability.instead.power
        who = describe_selector(ability.instead.among)
        if has_counter:
            text += f" (one of the {who} has power {least} or greater, so {n} of that mana instead)"
        else:
            text += (
                f" ({n} of that mana instead while one of the {who} has power {least} or greater)"
            )
    return text + _recipient_words(ability)


def _recipient_words(ability: ManaAbility) -> str:
    """106.3: who adds the mana, when it isn't the ability's controller."""
    match ability.recipient:
        case "controller" if ability.targets:
            return " (not a mana ability: it has a target)"
        case "controller":
            return ""
        case "chosen_player":
            return ", to a player chosen as it resolves"
        case "target_player":
            return ", to target player (not a mana ability: it targets)"
        case "each_player":
            return ", to each player (every player adds all of it)"
        case _:
            assert_never(ability.recipient)


def _mana_words(amount: int) -> str:
    return "one mana" if amount == 1 else f"{amount} mana"


def _production_words(p: Production) -> str:
    match p:
        case FixedMana():
            return f"add {p.mana}" if p.mana else "add nothing"
        case ChoiceOfMana():
            return "add " + " or ".join(p.options)
        case AnyColor():
            return (
                "add one mana of any color"
                if p.amount == 1
                else f"add {p.amount} mana of one color"
            )
        case AnyType():
            return (
                "add one mana of any type" if p.amount == 1 else f"add {p.amount} mana of one type"
            )
        case PerCount():
            return f"add {{{p.mana_type}}} for each of the {describe_selector(p.count)}"
        case ColorOfPermanent():
            return f"add one mana of a color among the {describe_selector(p.among)}"
        case ColorAmongGraveyard():
            return f"add one mana of a color among the {describe_cards(p.among)} in your graveyard"
        case CouldProduce():
            amount = _mana_words(p.amount)
            return f"add {amount} of any {p.of} that the {describe_selector(p.among)} could produce"
        case AnyCombination():
            return f"add {p.amount} mana in any combination of {'/'.join(p.colors)}"
        case ChosenColor():
            return f"add {p.amount} mana of its chosen color"
        case PerCounter():
            return f"add {{{p.mana_type}}} for each {p.counter} counter on it"
        case OneColorPerCount():
            of = describe_selector(p.count) if p.count else f"{p.counter} counters on it"
            return f"add one mana of any one color for each of the {of}"
        case ChoiceOrChosenColor():
            return "add " + " or ".join(p.options) + " or one mana of its chosen color"
        case ManaAmount():
            return _amount_words(p)
        case CommanderColor():
            amount = _mana_words(p.amount)
            return f"add {amount} of a color in its controller's commander's color identity"
        case DifferentColors():
            return f"add {p.amount} mana of different colors"
        case EachColorAmong():
            return f"add one mana of each color among the {describe_selector(p.among)}"
        case ExiledColor():
            amount = _mana_words(p.amount)
            return f"add {amount} of a color among the cards exiled with it"
        case EachExiledColor():
            return "add one mana of each color among the cards exiled with it"
        case MilledCardSymbols():
            return "add one mana of each colored mana symbol's color in the milled card's mana cost"
        case NotedMana(one=True):
            return "add one mana of its last noted type"
        case NotedMana():
            return "add its last noted type and amount of mana"
        case PoolCopy():
            return "add one more of each mana in its controller's mana pool"
        case OneOfChosenColors():
            amount = _mana_words(p.amount)
            return f"add {amount} of one of the colors chosen for it"
        case DieRoll() | IfCounter() | CoinFlip() | NthResolution() | IfFact():
            return _branch_words(p)
        case _:
            assert_never(p)


def _branch_words(p: DieRoll | IfCounter | CoinFlip | NthResolution | IfFact) -> str:
    """The words of a production that makes one of its simple productions as a die, a
    counter, a coin flip, a resolution count or a fact decides."""
    match p:
        case DieRoll():
            high = _production_words(p.high).removeprefix("add ")
            return (
                f"roll a d{p.sides}: {_production_words(p.low)} on {p.at_most} or less, "
                f"otherwise {high}"
            )
        case IfCounter():
            instead = _production_words(p.with_counter).removeprefix("add ")
            return (
                f"{_production_words(p.otherwise)}, or {instead} instead while it has a "
                f"{p.counter} counter"
            )
        case CoinFlip():
            return f"flip a coin; if its controller wins, {_production_words(p.won)}"
        case NthResolution():
            may = "its controller may " if p.optional else ""
            return (
                f"{may}{_production_words(p.then)} if this is resolution {p.nth} of the ability "
                "this turn"
            )
        case IfFact():
            instead = _production_words(p.then).removeprefix("add ")
            yes = IF_FACT_WORDS[p.fact][0]
            return f"{_production_words(p.otherwise)}, or {instead} instead if {yes}"
        case _:
            assert_never(p)


def _amount_words(p: ManaAmount) -> str:
    what = describe_quantity(p.amount)
    if p.times != 1:
        what = f"{p.times} times {what}"
    n = f"{what} plus {p.plus}" if p.plus else what
    match p.of:
        case "type" if p.times != 1 and not p.plus:
            mana = f"{{{p.mana_type}}}" * p.times
            return f"add {mana} as many times as {describe_quantity(p.amount)}"
        case "type":
            return f"add as much {{{p.mana_type}}} as {n}"
        case "one_color" if len(p.colors) < len(COLORS):
            return f"add {n} mana of one of {'/'.join(p.colors)}"
        case "one_color":
            return f"add {n} mana of any one color"
        case "combination":
            return f"add {n} mana in any combination of {'/'.join(p.colors)}"
        case _:
            assert_never(p.of)


# The amounts whose value here amount_words states ("... is 2 here").
AMOUNTS_STATED = (
    SourcePower,
    GreatestPower,
    CountWithPower,
    DifferentPowers,
    SharedCreatureType,
    PlayerFact,
    CardsInGraveyard,
    CountOfChosenType,
)


def amount_words(prod: Production, count_of: CountOf, own: Own) -> tuple[str, list[str]]:
    """For could_produce's steps: how the amount is found, when it varies (rule numbers)."""
    if isinstance(prod, IfFact):
        # 614.15: which of its two productions applies now, from the state.
        yes, no, rule = IF_FACT_WORDS[prod.fact]
        return f"; {yes if own.fact(prod.fact) else no} here", [rule, "614.15"]
    if isinstance(prod, CoinFlip):
        return "; only if its controller wins the coin flip, an outcome 106.7 counts", ["705"]
    if isinstance(prod, NthResolution):
        before = own.resolutions()
        return (
            f"; it resolved {before} times this turn before (as the state says), so the next "
            f"resolution, the one asked about, is resolution {before + 1}",
            ["608.2"],
        )
    if not isinstance(prod, ManaAmount):
        return "", []
    what = describe_quantity(prod.amount)
    match prod.amount:
        case ChosenX():
            return (
                f"; {what} is chosen as it is activated and whether the cost could be paid is "
                "ignored, so any X of 1 or more can be imagined",
                ["106.7", "107.3", "107.1c"],
            )
        case CostManaValue() | CostPower():
            stat = "a mana value" if isinstance(prod.amount, CostManaValue) else "a power"
            return (
                f"; {what} depends on the permanent chosen as it is activated, and whether the "
                f"cost could be paid is ignored, so {stat} of 1 or more can be imagined",
                ["106.7", "202.3" if isinstance(prod.amount, CostManaValue) else "208.3", "602.2b"],
            )
        case SourcePower() | GreatestPower() | CountWithPower() | DifferentPowers():
            return f"; {what} is {quantity(prod.amount, count_of, own)} here", ["208.3"]
        case Devotion():
            return "", ["700.5"]
        case SharedCreatureType():
            return f"; {what} is {quantity(prod.amount, count_of, own)} here", ["205.3m"]
        case PlayerFact():
            rule = PLAYER_FACT_RULES[prod.amount.fact]
            return f"; {what} is {quantity(prod.amount, count_of, own)} here", [rule]
        case CardsInGraveyard():
            return f"; {what} is {quantity(prod.amount, count_of, own)} here", ["404.1"]
        case RevealedFromHand():
            return (
                f"; {what} is known only as it resolves, {prod.amount.range_words()}: with 1 "
                "or more it makes mana",
                ["701.16"],
            )
        case CountOfChosenType():
            return f"; {what} is {quantity(prod.amount, count_of, own)} here", ["205.3m"]
        case Fixed() | CountOfQuantity() | CountersOnSource() | XValue():
            return "", []
        case _:
            assert_never(prod.amount)


def no_mana_words(prod: Production) -> tuple[str, list[str]]:
    """Why a non-reflecting production would make no mana (for could_produce's steps)."""
    match prod:
        case PerCount():
            return f"; there are no {describe_selector(prod.count)}, so it would make no mana", []
        case ColorOfPermanent():
            return f"; none of the {describe_selector(prod.among)} has a color", ["106.5"]
        case ColorAmongGraveyard():
            cards = describe_cards(prod.among)
            return f"; none of the {cards} in its controller's graveyard has a color", ["404.1"]
        case PerCounter():
            return f"; it has no {prod.counter} counters, so it would make no mana", []
        case FixedMana() | ChoiceOfMana() | AnyColor() | AnyType() | CouldProduce():
            return "; it would make no mana", []
        case AnyCombination() | ChosenColor() | OneColorPerCount() | ChoiceOrChosenColor():
            return "; it would make no mana", []
        case ManaAmount() if isinstance(prod.amount, AMOUNTS_STATED):
            return ", so it would make no mana", []  # amount_words said it is 0 here
        case ManaAmount():
            return f"; {describe_quantity(prod.amount)} is 0 here, so it would make no mana", []
        case CommanderColor():
            return (
                "; its controller's commander's color identity has no color, so it would make "
                "no mana",
                ["106.5", "903.4f"],
            )
        case DifferentColors():
            return "; it would make no mana", []
        case EachColorAmong():
            return f"; none of the {describe_selector(prod.among)} has a color", ["105.2"]
        case ExiledColor() | EachExiledColor():
            return "; no card exiled with it has a color", ["105.2", "106.5", "607.2a"]
        case MilledCardSymbols():
            return "; the card it would mill has no colored mana symbol", ["701.13"]
        case NotedMana():
            return "; no mana was noted for it", []
        case PoolCopy():
            return "; its controller's mana pool is empty", ["106.4"]
        case OneOfChosenColors():
            return "; no color was chosen for it, so it would make no mana", []
        case IfCounter() | DieRoll() | IfFact() | CoinFlip():
            return "; it would make no mana", []
        case NthResolution():
            return (
                f"; its next resolution would not be resolution {prod.nth} this turn, so it "
                "would make no mana",
                ["608.2"],
            )
        case _:
            assert_never(prod)


def describe_ability(ability: ManaAbility, *, has_counter: bool | None = None) -> str:
    return f"{describe_cost(ability.cost)}: {describe_production(ability, has_counter=has_counter)}"
