"""What each kind of mana production makes (106.1, 106.7, 605): the one dispatch over
`Production` kinds. could_produce asks for the possible events, activate for the options
with a reason, explanations for the words; adding a kind touches only this module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import assert_never

from app.domain.filters import Selector
from app.domain.mana import ALL_COLORS_MASK, COLORS, TYPE_INDEX, TYPES, Mana, mask_types
from app.domain.mana_abilities import (
    AmountIfCounter,
    AnyColor,
    AnyCombination,
    AnyType,
    ChoiceOfMana,
    ChoiceOrChosenColor,
    ChosenColor,
    ColorOfPermanent,
    CommanderColor,
    CouldProduce,
    FixedMana,
    ManaAbility,
    OneColorPerCount,
    PerCount,
    PerCounter,
    Production,
)
from app.engine.words import bounded_list, describe_cost, describe_selector

# How a production sees the board: count of matching permanents, union of their colors (a
# mask), and for reflectors what they could produce (a mask) with the permanents feeding it.
CountOf = Callable[[Selector], int]
ColorsOf = Callable[[Selector], int]
ReflectedBy = Callable[[Selector], tuple[int, list[str]]]


@dataclass(frozen=True, slots=True)
class Own:
    """What a production reads on its own permanent: its counters, and the color chosen for it
    as it entered (`chosen_color` raises the 422 that asks for it when the state lacks it)."""

    counters: Callable[[str], int]
    chosen_color: Callable[[], str]
    # Its controller's commander's color identity (903.4); raises the 422 that asks for it.
    commander_colors: Callable[[], tuple[str, ...]]


def combinations_of(colors: Iterable[str], amount: int) -> list[Mana]:
    """Every way to make `amount` mana in any combination of `colors`."""
    return [
        Mana.parse("".join("{" + c + "}" for c in combo))
        for combo in combinations_with_replacement(list(colors), amount)
    ]


def _one_color_count(prod: OneColorPerCount, count_of: CountOf, own: Own) -> int:
    if prod.count is not None:
        return count_of(prod.count)
    return own.counters(prod.counter or "")


def is_reflector(prod: Production) -> bool:
    """Whether the production depends on what other permanents could produce (106.7)."""
    match prod:
        case CouldProduce():
            return True
        case FixedMana() | ChoiceOfMana() | AnyColor() | AnyType() | PerCount():
            return False
        case ColorOfPermanent() | AnyCombination() | ChosenColor() | PerCounter():
            return False
        case OneColorPerCount() | ChoiceOrChosenColor() | CommanderColor():
            return False
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
        case CommanderColor():
            return False  # it reads its controller's commander
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
            return [Mana.of(own.chosen_color(), prod.amount)]
        case PerCounter():
            return [Mana.of(prod.mana_type, own.counters(prod.counter))]
        case OneColorPerCount():
            n = _one_color_count(prod, count_of, own)
            return [Mana.of(c, n) for c in COLORS]
        case ChoiceOrChosenColor():
            return [*(Mana.parse(o) for o in prod.options), Mana.of(own.chosen_color())]
        case CommanderColor():
            return [Mana.of(c, prod.amount) for c in own.commander_colors()]  # 903.4f: none
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
                f"there {'is' if count == 1 else 'are'} {count} {noun}",
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
        case CouldProduce():
            return _reflected_possible(prod, reflected)
        case AnyCombination() | ChosenColor() | PerCounter() | OneColorPerCount():
            return _own_possible(prod, count_of, own)
        case ChoiceOrChosenColor():
            manas = [*(Mana.parse(o) for o in prod.options), Mana.of(own.chosen_color())]
            defined = [t for t in TYPES if any(m.counts[TYPE_INDEX[t]] for m in manas)]
            why = f"its controller chooses one of {', '.join(prod.options)} or its chosen color"
            return Possible(manas, defined, why)
        case CommanderColor():
            return _commander_possible(prod, own)
        case _:
            assert_never(prod)


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


def _commander_possible(prod: CommanderColor, own: Own) -> Possible:
    colors = list(own.commander_colors())
    if not colors:
        # 903.4f: no commander, or a colorless identity: no color to make the mana of.
        why = "its controller's commander's color identity has no color (903.4f)"
    else:
        why = f"its controller chooses a color of their commander's identity ({', '.join(colors)})"
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
    return text


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
        case CouldProduce():
            amount = "one mana" if p.amount == 1 else f"{p.amount} mana"
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
        case CommanderColor():
            amount = "one mana" if p.amount == 1 else f"{p.amount} mana"
            return f"add {amount} of a color in its controller's commander's color identity"
        case _:
            assert_never(p)


def no_mana_words(prod: Production) -> tuple[str, list[str]]:
    """Why a non-reflecting production would make no mana (for could_produce's steps)."""
    match prod:
        case PerCount():
            return f"; there are no {describe_selector(prod.count)}, so it would make no mana", []
        case ColorOfPermanent():
            return f"; none of the {describe_selector(prod.among)} has a color", ["106.5"]
        case PerCounter():
            return f"; it has no {prod.counter} counters, so it would make no mana", []
        case FixedMana() | ChoiceOfMana() | AnyColor() | AnyType() | CouldProduce():
            return "; it would make no mana", []
        case AnyCombination() | ChosenColor() | OneColorPerCount() | ChoiceOrChosenColor():
            return "; it would make no mana", []
        case CommanderColor():
            return (
                "; its controller's commander's color identity has no color, so it would make "
                "no mana",
                ["106.5", "903.4f"],
            )
        case _:
            assert_never(prod)


def describe_ability(ability: ManaAbility, *, has_counter: bool | None = None) -> str:
    return f"{describe_cost(ability.cost)}: {describe_production(ability, has_counter=has_counter)}"
