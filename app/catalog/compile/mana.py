"""Mana abilities (605): "<cost>: Add <mana>." with every cost part and production template,
and the riders that follow in the same ability (106.7: they don't change what it makes)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Literal

from app.catalog.compile import ir, restrictions
from app.catalog.compile.phrases import (
    COST_MANA,
    FIXED,
    MANA_TYPE,
    NUMBER,
    mana_type_of,
    number,
    selector,
)
from app.domain.mana_abilities import UNLESS_PAYS

_ACTIVATED = re.compile(r'^(?P<cost>[^:"]+): (?P<effect>.+)$')
_LIFE = re.compile(rf"^[Pp]ay ({NUMBER}) life$")
_REMOVE = re.compile(rf"^[Rr]emove ({NUMBER}) ([\w+/-]+) counters? from ~$")
_REMOVE_X_AMONG = re.compile(
    r"^[Rr]emove (X|any number of|one or more) ([\w+/-]+) counters from among (.+)$"
)
_REMOVE_X = re.compile(r"^[Rr]emove (X|any number of|one or more) ([\w+/-]+) counters from ~$")
_PUT = re.compile(rf"^[Pp]ut ({NUMBER}) ([\w+/-]+) counters? on ~$")
_SACRIFICE = re.compile(r"^[Ss]acrifice (.+)$")
_UNTAP_TAPPED = re.compile(r"^[Uu]ntap (a tapped [^,]+)$")
_TAP_UNTAPPED = re.compile(rf"^[Tt]ap ({NUMBER} |X )?untapped (.+) you control$")
_OTHER_PARTS: tuple[tuple[re.Pattern[str], ir.CostPartKind], ...] = (
    (re.compile(r"^[Dd]iscard (?:a|an|one|two|three|your hand|\d+) ?[^,]*$"), "discard"),
    (re.compile(r"^[Ee]xile (?!X\b)[^,]+$"), "exile"),
    (re.compile(r"^[Ee]xert ~$"), "exert"),
    (re.compile(r"^[Rr]eturn (?!X\b)[^,]+ to (?:its|their) owner's hand$"), "return"),
    # 701.13: mill N is putting the top N cards of your library into your graveyard.
    (re.compile(rf"^[Mm]ill ({NUMBER}) cards?$"), "mill"),
    (re.compile(r"^[Pp]ay (?:\{E\})+$"), "other"),
    # Keyword costs (701.61 forage, 701.59 collect evidence): paid before the ability, never
    # read by 106.7, taken as paid on activation.
    (re.compile(r"^[Ff]orage$"), "other"),
    (re.compile(r"^[Cc]ollect evidence \d+$"), "other"),
    # Actions outside the game's objects (saying a word aloud, marking a box printed on the
    # card): nothing the state records, so taken as paid on activation like the others.
    (re.compile(r"^[Ss]ay the secret word$"), "other"),
    (re.compile(r"^[Mm]ark one of ~'s unmarked nodes$"), "other"),
)
_PAY_X_SPEED = re.compile(r"^[Pp]ay X speed$")
_COUNTER_WORD = re.compile(r"^[a-z+/0-9-]+$")


def cost_parts(text: str) -> list[str]:
    return [p.strip() for p in re.split(r",\s*(?:and\s+)?", text) if p.strip()]


def parse_cost(text: str) -> ir.Cost | None:
    """An activation cost, or None when a part isn't understood (X amounts, choices...)."""
    tap = untap = False
    mana = ""
    life = 0
    removes: list[tuple[str, int]] = []
    sacrifice: ir.Sel | str | None = None
    others: list[tuple[ir.CostPartKind, str]] = []
    remove_x: tuple[str, int] | None = None
    remove_x_among: ir.Sel | None = None
    x = False  # a part with an X its controller chooses as they activate it (107.3)
    untap_other: ir.Sel | None = None
    tap_others: tuple[int, ir.Sel] | None = None
    x_at_least = 0
    for part in cost_parts(text):
        if "~ from your" in part or "this card from your" in part:
            # Activated from the hand or graveyard: the engine has abilities only on the
            # battlefield, so saying what it adds there would be wrong (never guess).
            return None
        if part == "{T}":
            tap = True
        elif part == "{Q}":
            untap = True
        elif re.fullmatch(COST_MANA, part):
            mana += part
            x = x or "{X}" in part
        elif (m := _REMOVE_X_AMONG.match(part)) and remove_x is None:
            found = selector(m.group(3))
            if not _COUNTER_WORD.match(m.group(2)) or found is None or not found[1]:
                return None
            if found[0].attached or found[0].source:
                return None
            remove_x, remove_x_among = (
                (m.group(2), 1 if m.group(1) == "one or more" else 0),
                found[0],
            )
            x = True
        elif (m := _REMOVE_X.match(part)) and remove_x is None:
            if not _COUNTER_WORD.match(m.group(2)):
                return None
            # "any number of" is a number chosen as it is activated, like X (107.1c).
            remove_x = (m.group(2), 1 if m.group(1) == "one or more" else 0)
            x = True
        elif m := _LIFE.match(part):
            life += number(m.group(1)) or 0
        elif m := _REMOVE.match(part):
            amount = number(m.group(1))
            if amount is None or not _COUNTER_WORD.match(m.group(2)):
                return None
            removes.append((m.group(2), amount))
        elif m := _PUT.match(part):
            others.append(("counter", part[0].lower() + part[1:]))
        elif m := _SACRIFICE.match(part):
            what = m.group(1)
            if re.fullmatch(r"X [^,]+", what):
                others.append(("sacrifice", "sacrifice " + what))
                x = True
                continue
            if re.fullmatch(r"one or more [a-z]+s", what):
                # How many is a number chosen as it is activated, one at least (107.3).
                others.append(("sacrifice", "sacrifice " + what))
                x, x_at_least = True, 1
                continue
            if what == "~":
                sacrifice = "self"
                continue
            found = selector(what)
            if (
                found is not None
                and not found[1]
                and found[0].controller == "any"
                and not found[0].attached
                and sacrifice is None
            ):
                # 701.17a: you sacrifice only what you control.
                s = found[0]
                sacrifice = replace(s, controller="you")
            elif re.fullmatch(r"(?:a|an|another|two|three|\d+) [^,]+", what) and "X" not in what:
                others.append(("sacrifice", "sacrifice " + what))
            else:
                return None
        elif (m := _UNTAP_TAPPED.match(part)) and untap_other is None:
            found = selector(m.group(1))
            if found is None or found[1] or found[0].attached or found[0].tapped is not True:
                return None
            untap_other = found[0]
        elif m := _TAP_UNTAPPED.match(part):
            x = x or m.group(1) == "X "
            others.append(("tap_untapped", part[0].lower() + part[1:]))
            tap_others = tap_others or _tap_others(m.group(1), m.group(2))
        elif _PAY_X_SPEED.match(part):
            # A player's speed ("start your engines!"), which the state doesn't carry: X is
            # chosen as it is activated (107.3), and the payment taken as paid like the others.
            x = True
            others.append(("other", part[0].lower() + part[1:]))
        else:
            for pattern, kind in _OTHER_PARTS:
                if pattern.match(part) and "X" not in part.split():
                    others.append((kind, part[0].lower() + part[1:]))
                    break
            else:
                return None
    return ir.Cost(
        tap=tap,
        untap=untap,
        mana=mana or None,
        life=life,
        remove_counters=tuple(removes),
        sacrifice=sacrifice,  # type: ignore[arg-type]
        others=tuple(others),
        remove_x=remove_x,
        x=x,
        untap_other=untap_other,
        x_at_least=x_at_least,
        remove_x_among=remove_x_among,
        tap_others=tap_others,
    )


def _tap_others(count: str | None, what: str) -> tuple[int, ir.Sel] | None:
    """ "tap three untapped Elves you control": how many and which, where the number is said
    (an X is chosen as it is activated and not checked) and the selector reads the words."""
    n = number(count.strip()) if count is not None and count != "X " else None
    if n is None or not 1 <= n <= 20:
        return None
    found = selector(f"untapped {what} you control", singular=n == 1)
    if found is None or found[0].attached:
        return None
    return n, found[0]


_ANY_COLOR = re.compile(rf"^({NUMBER}) mana of any color$")
_ANY_ONE_COLOR = re.compile(rf"^({NUMBER}) mana of any one color$")
_ANY_TYPE = re.compile(r"^one mana of any type$")
_COMBINATION = re.compile(rf"^({NUMBER}) mana in any combination of (colors|.+)$")
_CHOSEN = re.compile(rf"^({NUMBER}) mana of the chosen color$")
_REFLECT = re.compile(r"^one mana of any (type|color) (?:that )?(.+) could produce$")
_NUMBERED = re.compile(rf"^({NUMBER}) ({MANA_TYPE})$")  # "six {G}": that many of one type
_FOR_EACH = re.compile(rf"^({MANA_TYPE}) for each (.+)$")
_EQUAL_TO = re.compile(rf"^an amount of ({MANA_TYPE}) equal to the number of (.+)$")
_COUNTERS_ON_SELF = re.compile(r"^([\w+/-]+) counters? on ~$")
_COLOR_LIST = re.compile(rf"^({MANA_TYPE})(?:, ({MANA_TYPE}))*,? and/or ({MANA_TYPE})$")


_DIFFERENT = re.compile(rf"^({NUMBER}) mana of different colors$")
_COLOR_AMONG = re.compile(r"^one mana of any color among (.+)$")
_SHARES_COLOR = re.compile(r"^one mana of any color that shares a color with (.+)$")
_X_ONE_COLOR = re.compile(r"^X mana of any one color, where X is the number of (.+)$")
_OR_CHOSEN = re.compile(rf"^({FIXED}(?:, {FIXED})*),? or one mana of the chosen color$")
# One of several colors chosen for the permanent ("choose up to two colors", colors circled as
# the deck was made).
_OF_CHOSEN_COLORS = re.compile(r"^one mana of (?:a chosen color|either of the circled colors)$")
# "{C}, plus an additional {C} for each art counter on ~": one more for each counter (122.1).
_PLUS_PER_COUNTER = re.compile(
    rf"^({MANA_TYPE}), plus an additional \1 for each ([\w+/-]+) counter on ~$"
)
# The old wording of the color chosen for it ("the color last chosen": the one chosen last).
_LAST_CHOSEN = "one mana of the color last chosen"


_COLORS_OF = rf"(colors|{MANA_TYPE}(?:, {MANA_TYPE})*,? and/or {MANA_TYPE})"
_X_MANA = re.compile(
    rf"^X mana (of any one color|in any combination of {_COLORS_OF})(?:, where X is (.+))?$"
)
_AMOUNT_OF = re.compile(rf"^an amount of ({MANA_TYPE}) equal to (.+)$")
_REMOVED = re.compile(
    rf"^({MANA_TYPE})(, then add an additional \1)? for each ([\w+/-]+) counter removed this way$"
)
_X_OR_X = re.compile(rf"^X ({MANA_TYPE}) or X ({MANA_TYPE}), where X is the number of (.+)$")
_WITH_POWER = re.compile(rf"^(?P<pre>.+?) with power (?P<n>{NUMBER}) or greater(?P<post>.*)$")
_THAT_MUCH = re.compile(rf"^that much ({MANA_TYPE})$")
_X_PLUS = re.compile(rf"^X plus ({NUMBER})$")
_STAT = re.compile(r"^~'s (power|toughness)$")
_ENTERED = " that entered this turn"
_GREATEST = re.compile(r"^the greatest (power|toughness) among (.+)$")
_COST_POWER = "the sacrificed creature's power"
_SHARED_TYPE = re.compile(
    r"^the greatest number of (.+?) that (?:have a creature type in common|share a creature "
    r"type)$"
)
_DEVOTION = re.compile(r"^your devotion to (white|blue|black|red|green)$")
_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_COST_MANA_VALUE = re.compile(
    rf"^(?:({NUMBER}) plus )?the (sacrificed|exiled) [\w ]+'s mana value$"
)


# What the state says about the ability's controller (119.1, 119.3, 121.1): "X is ...",
# "equal to ..." and "for each ..." phrases.
_PLAYER_FACTS = {
    "your life total": "life",
    "the amount of life you gained this turn": "life_gained_this_turn",
    "the number of cards you've drawn this turn": "cards_drawn_this_turn",
}
_PLAYER_EACH = {"card you've drawn this turn": "cards_drawn_this_turn"}


_IN_GRAVEYARD = re.compile(
    r"^(?:(?P<color>white|blue|black|red|green) )?(?P<what>[\w ]+?) cards? in your graveyard$"
)
_PERMANENT_TYPES = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker")


def graveyard_count(phrase: str) -> ir.Qty | None:
    """ "[black] creature cards in your graveyard", "permanent cards in your graveyard": how
    many such cards the controller's graveyard holds (404.1); what a card has only (its
    types, supertypes, color), nothing a permanent has."""
    m = _IN_GRAVEYARD.match(phrase)
    if m is None:
        return None
    color = _COLOR_WORDS[m.group("color")] if m.group("color") else None
    if m.group("what") == "permanent":
        return ir.Qty("graveyard_count", ir.Sel(types=_PERMANENT_TYPES), color=color)  # 110.4
    found = selector(m.group("what"), singular=True)
    if found is None or found[1]:
        return None
    sel = found[0]
    plain = ir.Sel(types=sel.types, subtypes=sel.subtypes, supertypes=sel.supertypes)
    if sel != plain or not (sel.types or sel.subtypes):
        return None  # a condition a card has no answer to, or no card type named
    return ir.Qty("graveyard_count", sel, color=color)


def _quantity(text: str | None, cost: ir.Cost | None) -> tuple[ir.Qty, int] | None:
    """The amount an "X is ..." or "equal to ..." phrase names, with what is added to it."""
    if text in _PLAYER_FACTS:
        return ir.Qty("player", fact=_PLAYER_FACTS[text]), 0
    if text is not None and text.startswith("the number of "):
        counted = graveyard_count(text.removeprefix("the number of "))
        if counted is not None:
            return counted, 0
    if text is None or text == "X":
        return (ir.Qty("chosen_x"), 0) if cost is not None and cost.x else None
    if (m := _X_PLUS.match(text)) and cost is not None and cost.x:
        return ir.Qty("chosen_x"), number(m.group(1)) or 0
    if m := _STAT.match(text):
        return ir.Qty("power" if m.group(1) == "power" else "toughness"), 0
    if m := _DEVOTION.match(text):
        return ir.Qty("devotion", color=_COLOR_WORDS[m.group(1)]), 0
    if m := _GREATEST.match(text):
        phrase = m.group(2)
        entered = phrase.endswith(_ENTERED)
        found = selector(phrase.removesuffix(_ENTERED))
        if found is None or not found[1] or found[0].attached:
            return None
        kind = "greatest_" + m.group(1)
        return ir.Qty(kind, found[0], entered_this_turn=entered), 0  # type: ignore[arg-type]
    if m := _SHARED_TYPE.match(text):
        found = selector(m.group(1))
        if found is None or not found[1] or found[0].attached:
            return None
        return ir.Qty("shared_creature_type", found[0]), 0  # 205.3m
    if text == _COST_POWER and cost is not None and _sacrifices_a_creature(cost):
        return ir.Qty("cost_power"), 0  # 608.2h: its power as it last was on the battlefield
    if (m := _COST_MANA_VALUE.match(text)) and cost is not None and _pays_with(cost, m.group(2)):
        return ir.Qty("cost_mana_value"), (number(m.group(1)) or 0) if m.group(1) else 0
    return None


def _number_of(text: str | None) -> tuple[ir.Qty, int] | None:
    """ "the number of <permanents>" as an X: how many the selector picks."""
    if text is None or not text.startswith("the number of "):
        return None
    found = selector(text.removeprefix("the number of "))
    if found is None or not found[1] or found[0].attached:
        return None
    return ir.Qty("count", found[0]), 0


def _pays_with(cost: ir.Cost, how: str) -> bool:
    """Whether the cost sacrifices (or exiles) exactly one permanent other than the source."""
    kind: ir.CostPartKind = "sacrifice" if how == "sacrificed" else "exile"
    parts = [t for k, t in cost.others if k == kind and not re.search(r"\bX\b", t)]
    if how == "sacrificed" and isinstance(cost.sacrifice, ir.Sel):
        parts.append("sacrifice a permanent")
    one = [t for t in parts if re.match(r"^\w+ (?:a|an|another) ", t) and "from your" not in t]
    return len(one) == 1 and len(parts) == 1


def _sacrifices_a_creature(cost: ir.Cost) -> bool:
    """Whether the cost's one sacrifice is of one creature (other than the source)."""
    sel = cost.sacrifice
    plain = isinstance(sel, ir.Sel) and sel.types == ("creature",) and not sel.subtypes
    return plain and _pays_with(cost, "sacrificed")


def _colors(text: str) -> tuple[str, ...] | None:
    if text == "colors":
        return ("W", "U", "B", "R", "G")
    colors = tuple(mana_type_of(s) for s in re.findall(MANA_TYPE, text))
    return None if "C" in colors else colors


def parse_amount(text: str, cost: ir.Cost | None) -> ir.Amount | None:
    """A variable amount: "X mana of any one color[, where X is ...]", "an amount of {G} equal
    to ...", "{B} for each storage counter removed this way", "that much {C}"."""
    if m := _X_MANA.match(text):
        # "of any one color, where X is the number of ..." stays the older `one_color_per_count`.
        counted = _number_of(m.group(3)) if m.group(1) != "of any one color" else None
        q = _quantity(m.group(3), cost) or counted
        if q is None:
            return None
        if m.group(1) == "of any one color":
            return ir.Amount(q[0], "one_color", plus=q[1])
        colors = _colors(m.group(2))
        return ir.Amount(q[0], "combination", colors=colors, plus=q[1]) if colors else None
    if m := _AMOUNT_OF.match(text):
        q = _quantity(m.group(2), cost)
        if q is None:
            return None
        return ir.Amount(q[0], "type", mana_type_of(m.group(1)), plus=q[1])
    if m := _X_OR_X.match(text):
        # "X {G} or X {W}": all X of one of those colors, chosen as it resolves.
        colors = (mana_type_of(m.group(1)), mana_type_of(m.group(2)))
        found = selector(m.group(3))
        if "C" in colors or colors[0] == colors[1] or found is None or not found[1]:
            return None
        if found[0].attached:
            return None
        return ir.Amount(ir.Qty("count", found[0]), "one_color", colors=colors)
    removes = cost.remove_x if cost is not None else None
    if (m := _REMOVED.match(text)) and removes is not None and removes[0] == m.group(3):
        plus = 1 if m.group(2) else 0
        return ir.Amount(ir.Qty("chosen_x"), "type", mana_type_of(m.group(1)), plus=plus)
    if (m := _THAT_MUCH.match(text)) and removes is not None:
        return ir.Amount(ir.Qty("chosen_x"), "type", mana_type_of(m.group(1)))
    return None


_EXILED_COLOR = re.compile(r"^one mana of any of the exiled (?:card's|cards') colors$")


def parse_production(
    text: str,
    sacrificed: ir.Sel | None = None,
    cost: ir.Cost | None = None,
    self_name: str | None = None,
    linked_exile: bool = False,
) -> ir.Production | None:
    """What "Add <text>" makes; `sacrificed` is the cost's sacrifice ("the sacrificed land"),
    `cost` the whole cost, for amounts that its X or its sacrifice decides; `self_name` the
    face's name, for "named ~"; `linked_exile`: the face has its own ability that exiles
    cards as it enters, to which "the exiled card" refers (406.6, 607.2a)."""
    if (varying := parse_amount(text, cost)) is not None:
        return varying
    if _EXILED_COLOR.match(text):
        # 607.2a: "the exiled card" is the one its linked ability exiled; a cost that exiles
        # would be another card, so only a face whose ETB exiles, with a cost that doesn't.
        exiles = cost is not None and any(k == "exile" for k, _ in cost.others)
        return ir.ExiledColor() if linked_exile and not exiles else None
    if re.fullmatch(FIXED, text):
        return ir.Fixed(text)
    if (m := _NUMBERED.match(text)) and (count := number(m.group(1))) and 1 < count <= 20:
        return ir.Fixed(m.group(2) * count)
    if m := _OR_CHOSEN.match(text):
        return ir.OneOfOrChosen(tuple(re.split(r", ", m.group(1))))
    if m := _X_ONE_COLOR.match(text):
        counters = _COUNTERS_ON_SELF.match(m.group(1))
        if counters:
            return ir.OneColorCount(counter=counters.group(1))
        found = selector(m.group(1))
        if found is None or not found[1] or found[0].attached:
            return None
        return ir.OneColorCount(count=found[0])
    options = re.split(r",? or |, ", text)
    if len(options) > 1 and all(re.fullmatch(FIXED, o) for o in options):
        return ir.OneOf(tuple(options))
    if (m := _ANY_COLOR.match(text)) and number(m.group(1)) == 1:
        return ir.AnyColor(1)
    if m := _ANY_ONE_COLOR.match(text):
        return ir.AnyColor(number(m.group(1)) or 0)
    if _ANY_TYPE.match(text):
        return ir.AnyType(1)
    if text == "one mana of any color in your commander's color identity":
        return ir.CommanderColor()  # 903.4
    if (m := _DIFFERENT.match(text)) and 2 <= (number(m.group(1)) or 0) <= 5:
        return ir.DifferentColors(number(m.group(1)) or 0)
    if m := _SHARES_COLOR.match(text):
        # A color that a permanent has (105.2): "a permanent a player controls" is any
        # permanent on the battlefield, each of which some player controls (110.2).
        found = selector(m.group(1).replace(" a player controls", " on the battlefield"))
        if found is None or found[0].attached:
            return None
        return ir.ColorAmong(found[0])
    if (m := _COLOR_AMONG.match(text)) and (cards := graveyard_count(m.group(1))) is not None:
        # The colors of those cards in your graveyard (404.1), one of them chosen.
        if cards.color is not None or cards.among is None:
            return None
        return ir.ColorAmongGraveyard(cards.among)
    if text == "~'s last noted type and amount of mana":
        return ir.NotedMana()  # the mana noted for it: the permanent's `noted_mana`
    if text == "one mana of ~'s last noted type":
        return ir.NotedMana(one=True)
    if text == "one mana of any of ~'s colors":
        # 105.2: the colors of the permanent whose ability this is. In a granted ability "this
        # creature" (written ~) is the permanent that has it, not the one granting it (Vraska's
        # "Sacrifice ~" is the Treasure), and the engine looks from that permanent: each one
        # makes a color of its own; a colorless one makes no mana (106.5).
        return ir.ColorAmong(ir.Sel(source=True))
    if m := _COLOR_AMONG.match(text):
        # The colors of the permanents it names (105.2), one of them chosen.
        found = selector(m.group(1))
        if found is None or not found[1] or found[0].attached:
            return None
        return ir.ColorAmong(found[0])
    if m := _COMBINATION.match(text):
        amount = number(m.group(1)) or 0
        if m.group(2) == "colors":
            return ir.Combination(amount)
        if _COLOR_LIST.match(m.group(2)):
            colors = tuple(mana_type_of(s) for s in re.findall(MANA_TYPE, m.group(2)))
            if "C" not in colors:
                return ir.Combination(amount, colors)
        return None
    if m := _CHOSEN.match(text):
        return ir.Chosen(number(m.group(1)) or 0)
    if text == _LAST_CHOSEN:
        return ir.Chosen(1)
    if _OF_CHOSEN_COLORS.match(text):
        return ir.OneOfChosen(1)
    if m := _PLUS_PER_COUNTER.match(text):
        counted = ir.Qty("counters", counter=m.group(2))
        return ir.Amount(counted, "type", mana_type_of(m.group(1)), plus=1)
    if m := _REFLECT.match(text):
        of: Literal["type", "color"] = "type" if m.group(1) == "type" else "color"
        among = m.group(2)
        if among in ("the sacrificed land", "the sacrificed permanent") and sacrificed:
            return ir.Reflect(sacrificed, of)
        that_land = text.endswith(" that land could produce")
        if that_land and cost is not None and cost.untap_other is not None:
            # 106.7: what the land its cost untaps could produce; any of those lands.
            return ir.Reflect(cost.untap_other, of)
        found = selector(among)
        return ir.Reflect(found[0], of) if found is not None else None
    if (m := _FOR_EACH.match(text)) and (power := _WITH_POWER.match(m.group(2))):
        # "{G} for each creature with power 4 or greater you control": powers from the state.
        found = selector(power.group("pre") + power.group("post"), singular=True)
        least = number(power.group("n"))
        if found is None or found[0].attached or least is None:
            return None
        counted = ir.Qty("count_power", found[0], at_least=least)
        return ir.Amount(counted, "type", mana_type_of(m.group(1)))
    if (m := _FOR_EACH.match(text)) and m.group(2) in _PLAYER_EACH:
        fact = ir.Qty("player", fact=_PLAYER_EACH[m.group(2)])
        return ir.Amount(fact, "type", mana_type_of(m.group(1)))
    if (m := _FOR_EACH.match(text)) and (cards := graveyard_count(m.group(2))) is not None:
        return ir.Amount(cards, "type", mana_type_of(m.group(1)))
    for pattern, singular in ((_FOR_EACH, True), (_EQUAL_TO, False)):
        m = pattern.match(text)
        if m is None:
            continue
        mana_type = mana_type_of(m.group(1))
        counters = _COUNTERS_ON_SELF.match(m.group(2))
        if counters:
            return ir.ForEachCounter(mana_type, counters.group(1))
        if m.group(2) == "counter on ~" and singular:
            # 122.1: "for each counter on ~" counts its counters of every kind.
            return ir.Amount(ir.Qty("counters"), "type", mana_type)
        phrase = m.group(2)
        named = phrase.endswith(" named ~") and self_name is not None
        found = selector(phrase.removesuffix(" named ~") if named else phrase, singular=singular)
        if found is None or found[0].attached:
            return None
        # 201.2: "named ~" is every permanent with the same name as this face.
        return ir.ForEach(mana_type, replace(found[0], named=self_name) if named else found[0])
    return None


def _sacrificed(cost: ir.Cost) -> ir.Sel | None:
    return cost.sacrifice if isinstance(cost.sacrifice, ir.Sel) else None


_EACH_COLOR = re.compile(r"^For each color among (.+), add one mana of that color\.$")
# 702.167: the cards a craft ability exiled are linked to the permanent it made (607.2a).
_CRAFTED_WITH = "the exiled cards used to craft ~"


def parse_ability(
    sentence: str, self_name: str | None = None, *, linked_exile: bool = False
) -> ir.ManaAbility | None:
    """A whole "<cost>: Add <mana>." sentence (`self_name`: the face's name, for "named ~";
    `linked_exile`: the face exiles cards as it enters, see parse_production)."""
    m = _ACTIVATED.match(sentence)
    if m is None:
        return None
    if each := _EACH_COLOR.match(m.group("effect")):
        return _each_color(m.group("cost"), each.group(1))
    # The old wording "Add to your mana pool <mana>" says the same as "Add <mana>" (106.4).
    effect = m.group("effect").replace("Add to your mana pool ", "Add ", 1)
    if effect == _PER_MILLED_SYMBOL:
        return _per_milled_symbol(m.group("cost"))
    if effect == _DOUBLE_POOL and (cost := parse_cost(m.group("cost"))) is not None:
        return ir.ManaAbility(cost, ir.PoolCopy())  # 106.4: one more of each mana in the pool
    recipient: ir.Recipient = "controller"
    if effect.startswith(TARGET_ADDS):
        # 106.3: the target player adds it; a target makes it no mana ability (605.5a).
        recipient, effect = "target_player", "Add " + effect.removeprefix(TARGET_ADDS)
    elif effect.startswith(_EACH_ADDS):
        # 106.3: every player adds all of it, each to their own pool; no target (605.1a).
        recipient, effect = "each_player", "Add " + effect.removeprefix(_EACH_ADDS)
    elif effect.startswith(_CHOICE_ADDS):
        # 106.3: a player chosen as it resolves adds it; no target, still a mana ability.
        recipient, effect = "chosen_player", "Add " + effect.removeprefix(_CHOICE_ADDS)
    if not effect.startswith("Add "):
        return None
    return _adding(m.group("cost"), effect.removeprefix("Add "), self_name, recipient, linked_exile)


_ROLL = re.compile(
    r'^(?P<cost>[^:"]+): Roll an? (?P<sides>four|six|eight|ten|twelve|twenty)-sided die\.$'
)
_SIDES = {"four": 4, "six": 6, "eight": 8, "ten": 10, "twelve": 12, "twenty": 20}
_ON_LOW = re.compile(
    r"^On an? (?P<n>\d+) or lower, (?P<who>target player adds|add) (?P<what>.+)\.$"
)
_OTHERWISE = re.compile(
    r"^Otherwise, (?P<who>that player adds|add) (?P<what>.+?)(?: they choose)?\.$"
)


def parse_die_roll(sentences: list[str]) -> ir.ManaAbility | None:
    """ "<cost>: Roll a six-sided die. On a 3 or lower, [target player adds|add] <mana>.
    Otherwise, [that player adds|add] <mana>.": what it makes depends on the result (706.2);
    a target player makes it no mana ability (605.5a)."""
    if len(sentences) != 3:
        return None
    roll, low, high = (
        _ROLL.match(sentences[0]),
        _ON_LOW.match(sentences[1]),
        _OTHERWISE.match(sentences[2]),
    )
    if roll is None or low is None or high is None:
        return None
    targeted = low.group("who") == "target player adds"
    if targeted != (high.group("who") == "that player adds"):
        return None
    sides, at_most = _SIDES[roll.group("sides")], int(low.group("n"))
    cost = parse_cost(roll.group("cost"))
    if cost is None or cost.x or not 1 <= at_most < sides:
        return None
    made = [parse_production(m.group("what"), None, cost) for m in (low, high)]
    if not all(isinstance(p, ir.Fixed | ir.AnyColor) for p in made):
        return None
    die = ir.DieRoll(sides, at_most, made[0], made[1])  # type: ignore[arg-type]
    return ir.ManaAbility(cost, die, recipient="target_player" if targeted else "controller")


_DOUBLE_POOL = "Double the amount of each type of unspent mana you have."
TARGET_ADDS = "Target player adds "
_CHOICE_ADDS = "A player of your choice adds "
_EACH_ADDS = "Each player adds "


def _adding(
    cost_text: str,
    effect: str,
    self_name: str | None,
    recipient: ir.Recipient,
    linked_exile: bool = False,
) -> ir.ManaAbility | None:
    """ "<cost>: <someone> adds <effect>" once the cost and the mana are split off
    (`linked_exile`: as parse_ability)."""
    cost = parse_cost(cost_text)
    if cost is None:
        return None
    side_effect = None
    if (losing := _AND_LOSE_COUNT.match(effect)) is not None:
        # "Add <mana> and lose life equal to the number of <permanents>": the life is lost as
        # it resolves, part of its effect; it changes no mana (106.7).
        effect, side_effect = losing["mana"], f"you lose life equal to {losing['count']}"
    produces = parse_production(
        effect.removesuffix("."), _sacrificed(cost), cost, self_name, linked_exile
    )
    if produces is None:
        return None
    uses_x = isinstance(produces, ir.Amount) and produces.amount.kind == "chosen_x"
    if cost.x != uses_x:
        return None  # an X in the cost that the amount doesn't use, or the other way round
    if recipient == "each_player" and not isinstance(produces, ir.Fixed):
        return None  # who picks each player's mana would be a guess; fixed mana only
    return ir.ManaAbility(cost, produces, recipient=recipient, side_effect=side_effect)


_AND_LOSE_COUNT = re.compile(
    r"^(?P<mana>.+?) and lose life equal to (?P<count>the number of [^.,]+)\.$"
)
_CHOOSE_PLAYER = re.compile(r'^(?P<cost>[^:"]+): Choose a player\.$')
_THAT_PLAYER_ADDS = re.compile(r"^That player adds (?P<what>.+?)(?: they choose)?\.$")


def parse_choose_player(sentence: str, following: str) -> ir.ManaAbility | None:
    """ "<cost>: Choose a player." with the next sentence "That player adds <mana>." (the
    chosen player picks the color, "they choose"): one mana ability whose mana goes to a
    player chosen as it resolves (106.3; no target, so a mana ability, 605.1a)."""
    m = _CHOOSE_PLAYER.match(sentence)
    adds = _THAT_PLAYER_ADDS.match(following)
    if m is None or adds is None:
        return None
    return _adding(m.group("cost"), adds.group("what"), None, "chosen_player")


_PER_MILLED_SYMBOL = (
    "For each colored mana symbol in the milled card's mana cost, add one mana of that color."
)


def _per_milled_symbol(cost_text: str) -> ir.ManaAbility | None:
    """ "<cost>, Mill a card: For each colored mana symbol in the milled card's mana cost, add
    one mana of that color." (701.13): the card milled is the top card of the library."""
    cost = parse_cost(cost_text)
    if cost is None or cost.x:
        return None
    mills = [t for k, t in cost.others if t.lower().startswith("mill ")]
    if mills != ["mill a card"]:
        return None  # the milled card must be one card, milled by this cost
    return ir.ManaAbility(cost, ir.MilledCardSymbols())


def _each_color(cost_text: str, among: str) -> ir.ManaAbility | None:
    """ "<cost>: For each color among <permanents>, add one mana of that color." (105.2)."""
    cost = parse_cost(cost_text)
    if among == _CRAFTED_WITH and cost is not None and not cost.x:
        return ir.ManaAbility(cost, ir.EachExiledColor())
    found = selector(among)
    if cost is None or cost.x or found is None or not found[1] or found[0].attached:
        return None
    return ir.ManaAbility(cost, ir.EachColorAmong(found[0]))


_PUT_ON_SELF = re.compile(rf'^(?P<cost>[^:"]+): Put ({NUMBER}) ([\w+/-]+) counters? on ~\.$')


def put_then_add(
    sentence: str, following: str, self_name: str | None = None
) -> ir.ManaAbility | None:
    """ "<cost>: Put a charge counter on ~." followed by "Add <mana>.": one ability whose
    effect puts the counters on first and then adds the mana (608.2c: in the order written),
    so an amount counting those counters on ~ counts the new ones too."""
    m = _PUT_ON_SELF.match(sentence)
    n = number(m.group(2)) if m is not None else None
    if m is None or n is None or not following.startswith("Add "):
        return None
    ability = parse_ability(f"{m.group('cost')}: {following}", self_name)
    if ability is None or ability.instead is not None or ability.instead_power is not None:
        return None
    kind = m.group(3)
    produces = _with_counters_put(ability.produces, kind, n)
    return replace(ability, produces=produces, puts_counters=((kind, n),))


def _with_counters_put(p: ir.Production, kind: str, n: int) -> ir.Production:
    """The production once `n` `kind` counters were put on its source as it resolves."""
    if isinstance(p, ir.OneColorCount) and p.counter == kind:
        return ir.Amount(ir.Qty("counters", counter=kind), "one_color", plus=n)
    if isinstance(p, ir.ForEachCounter) and p.counter == kind:
        return ir.Amount(ir.Qty("counters", counter=kind), "type", p.mana_type, plus=n)
    # An amount of that kind of counters, or of every kind together.
    if (
        isinstance(p, ir.Amount)
        and p.amount.kind == "counters"
        and p.amount.counter in (kind, None)
    ):
        return replace(p, plus=p.plus + n)
    return p


_FLIP = re.compile(r'^(?P<cost>[^:"]+): Flip a coin\.$')
_IF_WON = re.compile(r"^If you win the flip, add (.+)\.$")


def flip_then_add(sentence: str, following: str) -> ir.ManaAbility | None:
    """ "<cost>: Flip a coin." followed by "If you win the flip, add <mana>.": one ability
    that makes its mana only when the flip is won (705); no target, so a mana ability
    (605.1a)."""
    m, won = _FLIP.match(sentence), _IF_WON.match(following)
    if m is None or won is None:
        return None
    cost, made = parse_cost(m.group("cost")), parse_production(won.group(1))
    if cost is None or cost.x or not isinstance(made, _SIMPLE):
        return None
    return ir.ManaAbility(cost, ir.CoinFlip(made))


_DEVOTION_TO_THAT = "Add an amount of mana of that color equal to your devotion to that color."
_PER_COUNTER_OF_THAT = re.compile(
    r"^Add one mana of that color for each ([\w+/-]+) counter on ~\.$"
)
_DIFFERENT_POWERS_OF_THAT = re.compile(
    r"^Add one mana of that color for each different power among (.+)\.$"
)
_COUNT_OF_THAT = re.compile(r"^Add an amount of mana of that color equal to the number of (.+)\.$")
_OF_CHOSEN_TYPE = " of the chosen type"
_CHOOSE_COLOR = re.compile(r'^(?P<cost>[^:"]+): Choose a color(?: of (?P<sel>.+))?\.$')


# "a card in your graveyard", "a creature card in your graveyard": one card, any one of them.
_A_CARD_IN_GRAVEYARD = re.compile(r"^an? (?:(?P<what>[\w ]+?) )?card in your graveyard$")
Among = ir.Sel | ir.ColorAmongGraveyard | None


def _graveyard_among(phrase: str) -> ir.ColorAmongGraveyard | None:
    """ "a [creature] card in your graveyard": the cards whose colors the choice is among
    (404.1, 105.2); a bare "card" is every card there."""
    m = _A_CARD_IN_GRAVEYARD.match(phrase)
    if m is None:
        return None
    if m.group("what") is None:
        return ir.ColorAmongGraveyard(ir.Sel())
    counted = graveyard_count(f"{m.group('what')} cards in your graveyard")
    if counted is None or counted.color is not None or counted.among is None:
        return None
    return ir.ColorAmongGraveyard(counted.among)


def parse_choose_color(sentence: str, following: str = "") -> tuple[ir.Cost, Among] | None:
    """The first half of "<cost>: Choose a color of <sel>. Add one mana of that color." (or
    of "<cost>: Choose a color. Add ... of that color equal to your devotion to that color.",
    when `following`, the next sentence, is that second half)."""
    m = _CHOOSE_COLOR.match(sentence)
    if m is None:
        return None
    cost = parse_cost(m.group("cost"))
    if cost is None or (cost.x and _per_sacrificed(cost, following) is None):
        return None
    if m.group("sel") is None:
        # A bare color choice is some other ability unless its mana sentence follows.
        known = (
            following == _DEVOTION_TO_THAT
            or _PER_COUNTER_OF_THAT.match(following)
            or _DIFFERENT_POWERS_OF_THAT.match(following)
            or _per_sacrificed(cost, following) is not None
            or _COUNT_OF_THAT.match(following)
            or _UNLESS_PAYS.match(following)
        )
        return (cost, None) if known else None
    if (cards := _graveyard_among(m.group("sel"))) is not None:
        return cost, cards
    found = selector(m.group("sel"))
    if found is None or found[1]:
        return None
    return cost, found[0]


THAT_COLOR = "Add one mana of that color."
_PER_SACRIFICED = re.compile(
    rf"^Target player adds ({NUMBER}) mana of the chosen color for each ([a-z]+) sacrificed "
    r"this way\.$"
)
# Any other player may pay to stop it: the mana is made unless someone pays as it resolves.
_UNLESS_PAYS = re.compile(rf"^Add one mana of that color unless any player pays ({COST_MANA})\.$")


def _per_sacrificed(cost: ir.Cost, sentence: str) -> ir.ManaAbility | None:
    """ "Target player adds three mana of the chosen color for each artifact sacrificed this
    way." after "<cost with 'sacrifice one or more artifacts'>: Choose a color.": N times the
    X the cost sacrificed, of the color chosen as it resolves, to the target player (106.3;
    a target: no mana ability, 605.5a)."""
    m = _PER_SACRIFICED.match(sentence)
    if m is None or not cost.x:
        return None
    times = number(m.group(1))
    wanted = f"sacrifice one or more {m.group(2)}s"
    parts = [t for k, t in cost.others if k == "sacrifice"]
    other_x = any(re.search(r"\bX\b", t) for _, t in cost.others) or "{X}" in (cost.mana or "")
    if times is None or parts != [wanted] or cost.remove_x is not None or other_x:
        return None  # the X must be that sacrifice's, and only that
    amount = ir.Amount(ir.Qty("chosen_x"), "one_color", times=times)
    return ir.ManaAbility(cost, amount, recipient="target_player")


def after_choice(
    choose: tuple[ir.Cost, Among], sentence: str, *, chooses_type: bool = False
) -> ir.ManaAbility | None:
    """The whole ability, when `sentence` is the second half of a "Choose a color" one
    (`chooses_type`: the face chooses a creature type as it enters, 205.3m)."""
    cost, among = choose
    if (m := _COUNT_OF_THAT.match(sentence)) and among is None:
        return _count_of_that(cost, m.group(1), chooses_type)
    if sentence == THAT_COLOR and isinstance(among, ir.ColorAmongGraveyard):
        # 404.1, 105.2: a color one of those cards in its controller's graveyard has.
        return ir.ManaAbility(cost, among)
    if sentence == THAT_COLOR and isinstance(among, ir.Sel):
        return ir.ManaAbility(cost, ir.ColorAmong(among))
    if sentence == _DEVOTION_TO_THAT and among is None:
        # 700.5: the amount is the devotion to the color chosen as it resolves.
        return ir.ManaAbility(cost, ir.Amount(ir.Qty("devotion"), "one_color"))
    if (m := _UNLESS_PAYS.match(sentence)) and among is None:
        # 106.7: it could make any color; whether anyone pays is decided as it resolves.
        return ir.ManaAbility(cost, ir.AnyColor(1), side_effect=f"{UNLESS_PAYS} {m.group(1)}")
    if (m := _PER_COUNTER_OF_THAT.match(sentence)) and among is None and not cost.x:
        counters = ir.Qty("counters", counter=m.group(1))
        return ir.ManaAbility(cost, ir.Amount(counters, "one_color"))
    if (m := _DIFFERENT_POWERS_OF_THAT.match(sentence)) and among is None:
        # 208.3: the powers of the permanents it names, each different value counted once.
        found = selector(m.group(1))
        if found is None or not found[1] or found[0].attached:
            return None
        return ir.ManaAbility(cost, ir.Amount(ir.Qty("different_powers", found[0]), "one_color"))
    if among is None and (sacrificed := _per_sacrificed(cost, sentence)) is not None:
        return sacrificed
    return None


_REVEAL = re.compile(
    r'^(?P<cost>[^:"]+): Reveal any number of (?P<cards>(?:[^.:"]+ )?cards?\b[^.:"]*?) '
    r"(?:in|from) your hand\.$"
)
_PER_REVEALED = re.compile(rf"^Add ((?:{MANA_TYPE})+) for each card revealed this way\.$")
# Parley (an ability word, 207.2c): the top card of each player's library is revealed (701.16).
_REVEAL_TOPS = re.compile(
    r'^(?P<cost>[^:"]+): Each player reveals the top card of their library\.$'
)
_PER_TOP_REVEALED = re.compile(
    rf"^For each (?P<cards>(?:non)?[a-z]+ card) revealed this way, add ((?:{MANA_TYPE})+)"
    rf"(?P<life> and you gain {NUMBER} life)?\.$"
)
# What was revealed: the cost, which cards count, and whether they are the top cards of the
# players' libraries (else the controller's hand).
Reveal = tuple[ir.Cost, str, bool]


def parse_reveal(sentence: str, following: str) -> Reveal | None:
    """The first half of "<cost>: Reveal any number of <cards> in your hand. Add <mana> for
    each card revealed this way." (701.16), or of "<cost>: Each player reveals the top card of
    their library. For each <card> revealed this way, add <mana>.", when `following` is that
    second half: the cost, which cards count, and whether they come from the libraries."""
    m = _REVEAL.match(sentence)
    tops = _REVEAL_TOPS.match(sentence) if m is None else None
    if m is not None:
        reveal: Reveal = (ir.Cost(), m.group("cards"), False)
    elif tops is not None:
        reveal = (ir.Cost(), "", True)
    else:
        return None
    got = after_reveal(reveal, following)
    if got is None:
        return None
    cost = parse_cost((m or tops).group("cost"))  # type: ignore[union-attr]
    if cost is None or cost.x:
        return None
    assert isinstance(got.produces, ir.Amount), "after_reveal makes an amount"
    return cost, got.produces.amount.cards or "", reveal[2]


def after_reveal(reveal: Reveal, sentence: str) -> ir.ManaAbility | None:
    """The whole ability, when `sentence` is the second half of a reveal: the number revealed
    is chosen as it resolves, from 0 to how many such cards the hand holds; or it is how many
    of the top cards of the players' libraries are such cards (one card for each player)."""
    cost, cards, tops = reveal
    m = (_PER_TOP_REVEALED if tops else _PER_REVEALED).match(sentence)
    if m is None:
        return None
    symbols = re.findall(MANA_TYPE, m.group(2 if tops else 1))
    if len(set(symbols)) != 1:
        return None  # mana of several types for each card: not one amount of one type
    if tops:
        cards = m.group("cards") + "s"
    revealed = ir.Qty("revealed", cards=cards, from_tops=tops)
    found = ir.ManaAbility(
        cost, ir.Amount(revealed, "type", mana_type_of(symbols[0]), times=len(symbols))
    )
    if tops and m.group("life"):
        found = replace(found, side_effect="its controller gains life too (no mana changes)")
    return found


def _count_of_that(cost: ir.Cost, phrase: str, chooses_type: bool) -> ir.ManaAbility | None:
    """ "Add an amount of mana of that color equal to the number of <permanents> [of the
    chosen type]": all of the color chosen as it resolves."""
    chosen = phrase.endswith(_OF_CHOSEN_TYPE)
    if chosen and not chooses_type:
        return None  # "the chosen type" with no creature type chosen: not ours to guess
    found = selector(phrase.removesuffix(_OF_CHOSEN_TYPE), singular=False)
    if found is None or found[0].attached:
        return None
    counted = ir.Qty("count_chosen_type" if chosen else "count", found[0])
    return ir.ManaAbility(cost, ir.Amount(counted, "one_color"))


_CHOOSE_AGAIN = "Then choose a random color."
_DAMAGE = re.compile(rf"^~ deals ({NUMBER}) damage to you\.$")
_LOSE = re.compile(rf"^You lose ({NUMBER}) life\.$")
# What else the ability does, changing no mana it makes: said in its steps. The state after
# doesn't show what the last two do, and the side effect says so.
_SIDE_EFFECTS: tuple[tuple[re.Pattern[str], Callable[[str], str]], ...] = (
    (re.compile(rf"^You gain ({NUMBER}) life\.$"), lambda n: f"you gain {_n(n)} life"),
    # The same on a condition ("If you control a Wizard, you gain 1 life."): the
    # condition kept in the card's words.
    (
        re.compile(rf"^(If [^.]+?, you (?:gain|lose) {NUMBER} life)\.$"),
        lambda said: said[0].lower() + said[1:],
    ),
    (
        re.compile(rf"^(?:When you do, )?~ deals ({NUMBER}) damage to each opponent\.$"),
        lambda n: f"it deals {_n(n)} damage to each opponent",
    ),
    (
        re.compile(r"^(~ becomes that colou?r until end of turn)\.$"),
        lambda _: "it becomes the color of the mana until end of turn",
    ),
    (
        re.compile(rf"^Each opponent gains ({NUMBER}) life\.$"),
        lambda n: f"each opponent gains {_n(n)} life",
    ),
    (
        re.compile(rf"^You get ({NUMBER}) poison counters?\.$"),
        lambda n: (
            "you get a poison counter" if _n(n) == "1" else f"you get {_n(n)} poison counters"
        ),
    ),
    (
        re.compile(r"^If there are no ([\w+/-]+) counters on ~, sacrifice it\.$"),
        lambda kind: (
            f"it is sacrificed if no {kind} counters are left on it (the state after "
            "still shows it)"
        ),
    ),
    (
        re.compile(r"^Remove an? ([\w+/-]+) counter from ~\.$"),
        lambda kind: f"a {kind} counter is removed from it (the state after still shows it)",
    ),
)


def _n(word: str) -> str:
    found = number(word)
    return str(found) if found is not None else word


_INSTEAD = re.compile(
    rf"^If ~ has an? ([\w+/-]+) counter on it, add ({NUMBER}) mana of that "
    r"(?:type|color) instead\.$"
)


_INSTEAD_POWER = re.compile(
    rf"^If you control a creature with power ({NUMBER}) or greater, add ({NUMBER}) mana of "
    r"any one color instead\.$"
)


# The same "instead" with fixed mana of the one type the ability makes ("{T}: Add {G}." then
# "..., add {G}{G} instead."): that many of that type.
_INSTEAD_FIXED = re.compile(
    rf"^If (?:~ has an? (?P<counter>[\w+/-]+) counter on it|you control a creature with power "
    rf"(?P<power>{NUMBER}) or greater), add (?P<mana>{FIXED}) instead\.$"
)


# "If ~ has a charm counter on it, instead add one mana of any color.": another production while
# the counter is there (614.15), both of the simple kinds.
_INSTEAD_OTHER = re.compile(r"^If ~ has an? ([\w+/-]+) counter on it, instead add (.+)\.$")
_SIMPLE = (ir.Fixed, ir.OneOf, ir.AnyColor, ir.AnyType)


def _other_instead(ability: ir.ManaAbility, counter: str, text: str) -> ir.ManaAbility | None:
    plain = ability.instead is None and ability.instead_power is None
    plain = plain and ability.instead_control is None
    instead = parse_production(text)
    if not plain or not isinstance(ability.produces, _SIMPLE) or not isinstance(instead, _SIMPLE):
        return None
    return _with(ability, produces=ir.IfCounter(counter, instead, ability.produces))


# 205.3i: Urza's lands name each other by their land types ("an Urza's Power-Plant" is a land
# with the subtypes Urza's and Power-Plant).
_URZA_PAIR = re.compile(
    r"^If you control an? Urza's (Mine|Power-Plant|Tower) and an? Urza's "
    rf"(Mine|Power-Plant|Tower), add (?P<mana>{FIXED}) instead\.$"
)


def _urza_instead(ability: ir.ManaAbility, m: re.Match[str]) -> ir.ManaAbility | None:
    n = _fixed_instead(ability, m["mana"])
    if n is None or m.group(1) == m.group(2):
        return None
    lands = tuple(
        (ir.Sel(controller="you", subtypes=(t,), either=(("subtype", "Urza's"),)), 1)
        for t in (m.group(1), m.group(2))
    )
    return _with(ability, instead_control=(lands, n))


_INSTEAD_CONTROL = re.compile(
    rf"^If you control ({NUMBER}) or more (.+), add (?P<mana>{FIXED}) instead\.$"
)


def _control_instead(ability: ir.ManaAbility, m: re.Match[str]) -> ir.ManaAbility | None:
    """ "If you control five or more creatures, add {G}{G}{G} instead." (614.15)."""
    n, least = _fixed_instead(ability, m["mana"]), number(m.group(1))
    found = selector(m.group(2))
    if n is None or least is None or least < 1 or found is None or not found[1]:
        return None
    if found[0].attached or found[0].controller != "any":
        return None  # "...creatures an opponent controls": not "you control"
    # "you control" before the count: the permanents counted are its controller's.
    mine = replace(found[0], controller="you")
    return _with(ability, instead_control=(((mine, least),), n))


# "If you control creatures named A and B, add {C}{C}{C} instead." (201.2: a name picks every
# permanent with that name): one condition for each name.
_NAMED_PAIR = re.compile(
    rf"^If you control creatures named (.+?) and (.+?), add (?P<mana>{FIXED}) instead\.$"
)


def _named_instead(ability: ir.ManaAbility, m: re.Match[str]) -> ir.ManaAbility | None:
    n = _fixed_instead(ability, m["mana"])
    if n is None or m.group(1) == m.group(2) or "," in m.group(1) + m.group(2):
        return None
    if " and " in m.group(2):
        return None  # three names or more, or a name with "and" in it: not two names
    named = tuple(
        (ir.Sel(controller="you", types=("creature",), named=name), 1)
        for name in (m.group(1), m.group(2))
    )
    return _with(ability, instead_control=(named, n))


# "If you control a Planet with twelve or more charge counters on it, add three mana of any one
# color instead.": one permanent of a selector, more of the one chosen color (614.15).
_ONE_COLOR_IF_CONTROL = re.compile(
    rf"^If you control (an? .+?), add ({NUMBER}) mana of any one color instead\.$"
)


def _one_color_control_instead(ability: ir.ManaAbility, m: re.Match[str]) -> ir.ManaAbility | None:
    amount, found = number(m.group(2)), selector(m.group(1))
    if not _one_chosen_color(ability) or amount is None or amount < 2 or found is None:
        return None
    if found[1] or found[0].attached or found[0].controller != "any":
        return None  # "a creature an opponent controls": not "you control"
    mine = replace(found[0], controller="you")
    return _with(ability, instead_control=(((mine, 1),), amount))


# "If you played a land this turn, add {R} instead." and the like: another production while a
# fact about its controller (305.2, 309.7, 725) or its permanent (607.2a) holds (614.15).
_FACTS = {
    "you played a land this turn": "played_land_this_turn",
    "you've completed a dungeon": "completed_dungeon",
    "you have the initiative": "has_initiative",
    "a card is exiled with ~": "card_exiled_with_it",
}
_INSTEAD_FACT = re.compile(rf"^If ({'|'.join(re.escape(k) for k in _FACTS)}), add (.+) instead\.$")
_COUNTED_SYMBOL = re.compile(rf"^({NUMBER}) ({MANA_TYPE})$")


def _fact_instead(
    ability: ir.ManaAbility, m: re.Match[str], linked_exile: bool
) -> ir.ManaAbility | None:
    fact = _FACTS[m.group(1)]
    if fact == "card_exiled_with_it" and not linked_exile:
        return None  # "exiled with ~" needs the face's own linked exile (607.2a)
    if (counted := _COUNTED_SYMBOL.match(m.group(2))) is not None:
        n = number(counted.group(1))
        then: ir.Production | None = ir.Fixed(counted.group(2) * n) if n else None
    else:
        then = parse_production(m.group(2))
    if not _fixed_instead_free(ability) or not isinstance(ability.produces, _SIMPLE):
        return None
    if not isinstance(then, _SIMPLE) or ability.cost.others:
        return None  # a cost that exiles or sacrifices could change the fact: not guessed
    return _with(ability, produces=ir.IfFact(fact, then, ability.produces))


def _fixed_instead_free(ability: ir.ManaAbility) -> bool:
    """Whether it has no "instead" of its own yet."""
    return (
        ability.instead is None
        and ability.instead_power is None
        and ability.instead_control is None
    )


def _fixed_instead(ability: ir.ManaAbility, mana: str) -> int | None:
    """How many of the ability's one mana type `mana` is, when it makes one fixed type."""
    plain = (
        ability.instead is None
        and ability.instead_power is None
        and ability.instead_control is None
    )
    if not plain or not isinstance(ability.produces, ir.Fixed):
        return None
    made = re.findall(MANA_TYPE, ability.produces.mana)
    wanted = re.findall(MANA_TYPE, mana)
    if len(set(made)) != 1 or set(wanted) != set(made) or len(wanted) <= len(made):
        return None
    return len(wanted)


def rider(
    sentence: str, ability: ir.ManaAbility, *, linked_exile: bool = False
) -> ir.ManaAbility | None:
    """The ability with a following sentence applied, or None if it isn't one of its riders.
    "Spend this mana only..." changes no type or amount (106.7), but the mana carries it
    (106.6, `spend_restricted`); "Activate only ..." says when
    it may be activated (602.1b), read only where modelled (restrictions.py).
    `linked_exile`: the face exiles cards as it enters (see parse_production)."""
    if sentence.startswith(("Spend this mana only", "This mana can't be spent")):
        return _with(ability, spend_restricted=True)
    if (m := _PUT_AFTER.match(sentence)) and (put := _put_after(ability, m)) is not None:
        return put
    if (instructions := restrictions.activation_instructions(sentence)) is not None:
        together = ability.activate_only + instructions
        return _with(ability, activate_only=together) if len(together) <= 4 else None
    if sentence == _CHOOSE_AGAIN and ability.produces == ir.Chosen(1) and not ability.side_effect:
        # The mana is of the color chosen before; the new color is for the next activation.
        return _with(ability, side_effect="a new color is chosen for it at random")
    if (m := _DAMAGE.match(sentence)) and ability.side_effect is None:
        return _with(ability, side_effect=f"it deals {number(m.group(1))} damage to you")
    if (m := _LOSE.match(sentence)) and ability.side_effect is None:
        return _with(ability, side_effect=f"you lose {number(m.group(1))} life")
    if ability.side_effect is None:
        for pattern, said in _SIDE_EFFECTS:
            if m := pattern.match(sentence):
                return _with(ability, side_effect=said(m.group(1)))
    if (m := _INSTEAD.match(sentence)) and _fixed_instead_free(ability):
        return _with(ability, instead=(m.group(1), number(m.group(2)) or 0))
    if m := _INSTEAD_CONTROL.match(sentence):
        return _control_instead(ability, m)
    if m := _URZA_PAIR.match(sentence):
        return _urza_instead(ability, m)
    if m := _INSTEAD_FACT.match(sentence):
        return _fact_instead(ability, m, linked_exile)
    if m := _NAMED_PAIR.match(sentence):
        return _named_instead(ability, m)
    if (m := _ONE_COLOR_IF_CONTROL.match(sentence)) and (
        controlled := _one_color_control_instead(ability, m)
    ):
        return controlled
    if m := _INSTEAD_OTHER.match(sentence):
        return _other_instead(ability, m.group(1), m.group(2))
    if (m := _INSTEAD_FIXED.match(sentence)) and (n := _fixed_instead(ability, m["mana"])):
        # 614.15: its own replacement, that many of the one type it makes.
        if m["counter"] is not None:
            return _with(ability, instead=(m["counter"], n))
        power = number(m["power"])
        return _with(ability, instead_power=(power, n)) if power is not None else None
    if (m := _INSTEAD_POWER.match(sentence)) and _one_chosen_color(ability):
        # 614.15: its own replacement; "N mana of any one color" is N of the color chosen.
        power, amount = number(m.group(1)), number(m.group(2))
        if power is not None and amount is not None:
            return _with(ability, instead_power=(power, amount))
    return None


def _one_chosen_color(ability: ir.ManaAbility) -> bool:
    """Whether it makes one mana of one chosen color and has no "instead" yet."""
    plain = ability.instead is None and ability.instead_power is None
    plain = plain and ability.instead_control is None
    return plain and ability.produces == ir.AnyColor(1)


# "{T}: Add {R}. Put a stash counter on ~.": its effect puts counters on its own permanent
# after the mana (608.2c).
_PUT_AFTER = re.compile(rf"^Put ({NUMBER}) ([\w+/-]+) counters? on ~\.$")


def _put_after(ability: ir.ManaAbility, m: re.Match[str]) -> ir.ManaAbility | None:
    """The ability that puts the counters too, when what it makes doesn't read them: put
    before or after its mana, they change nothing it adds, and the state after it has them."""
    n, kind = number(m.group(1)), m.group(2)
    plain = (ability.instead, ability.instead_power, ability.instead_control) == (None,) * 3
    if n is None or n < 1 or not plain or not isinstance(ability.produces, _SIMPLE):
        return None
    return _with(ability, puts_counters=(*ability.puts_counters, (kind, n)))


def _with(ability: ir.ManaAbility, **changes: object) -> ir.ManaAbility:
    """The ability with some fields changed (every other field kept, new ones included)."""
    return replace(ability, **changes)  # type: ignore[arg-type]
