"""Describing filters, costs, counts and lists in our own words (never Oracle text)."""

from __future__ import annotations

from typing import assert_never

from app.domain.base import PERMANENT_TYPES
from app.domain.costs import ManaAbilityCost
from app.domain.filters import (
    HISTORIC,
    MULTICOLORED,
    AllOf,
    AnyFilter,
    AnyOf,
    ControlledBy,
    HasColor,
    HasCounters,
    HasKeyword,
    HasManaValue,
    HasName,
    HasSubtype,
    HasSupertype,
    HasType,
    HasXInManaCost,
    IsAttached,
    IsBasic,
    IsEquipped,
    IsMonocolored,
    IsOther,
    IsTapped,
    IsToken,
    Not,
    Selector,
    Term,
)
from app.domain.mana_abilities import WhileCounters
from app.domain.quantities import (
    CardsInGraveyard,
    ChosenX,
    CostManaValue,
    CostPower,
    CountersOnSource,
    CountOf,
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

# Types whose English plural isn't the word plus "s" or "es": the words players write.
_IRREGULAR_PLURALS = {
    "Elf": "Elves",
    "Dwarf": "Dwarves",
    "Mouse": "Mice",
    "Ox": "Oxen",
    "Locus": "Loci",
    "Cyclops": "Cyclopes",
    "Fungus": "Fungi",
}
# Types that are their own plural.
_INVARIANT = ("folk", "kin", "Plains", "Sheep", "Samurai", "Eldrazi", "Djinn", "Fish", "Kor")


def _plural(word: str) -> str:
    """'lands', 'Forests', 'Elves', 'Werewolves', 'Allies', 'Sphinxes', 'Merfolk'."""
    if word in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[word]
    if word.endswith(_INVARIANT):
        return word
    if word.lower().endswith("wolf"):
        return word[:-1] + "ves"
    if len(word) > 1 and word.endswith("y") and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + ("es" if word.endswith(("s", "sh", "ch", "x", "z")) else "s")


def describe_selector(sel: Selector, *, plural: bool = True) -> str:
    """'lands you control', 'lands an opponent controls', 'Forests', 'the attached permanent'."""
    if sel.relation == "attached":
        noun = "the permanent it is attached to"
        if sel.subtypes or sel.types:
            noun += f" (if a {' or '.join([*sel.subtypes, *sel.types])})"
        if sel.where is not None:
            noun += f" (if {describe_filter(sel.where)})"
        return noun
    words = list(sel.subtypes) or list(sel.types) or ["permanent"]
    nouns = [_plural(w) if plural else w for w in words]
    noun = " or ".join(nouns)
    if sel.nonbasic:
        noun = "nonbasic " + noun
    if sel.controller == "you":
        noun += " you control"
    elif sel.controller == "opponent":
        noun += " an opponent controls"
    if sel.where is not None:
        noun += f" ({describe_filter(sel.where)})"
    return noun


def describe_spells(sel: Selector) -> str:
    """'spells', 'instant or sorcery spells its controller casts', 'spells (not creature)'."""
    words = [*sel.subtypes, *sel.types]
    rest = _conditions(sel.where)
    non = [p for p in rest if isinstance(p, Not) and isinstance(p.filter, HasType)]
    if not words and len(non) == 1:
        assert isinstance(non[0].filter, HasType)
        words = [f"non{non[0].filter.type}"]  # "noncreature spells"
        rest.remove(non[0])
    kinds = []  # the game's words for conditions that say them exactly (105.2b, 700.6)
    if all(p in rest for p in MULTICOLORED):
        kinds.append("multicolored")
        rest = [p for p in rest if p not in MULTICOLORED]
    if HISTORIC in rest:
        kinds.append("historic")
        rest.remove(HISTORIC)
    noun = " ".join([*kinds, f"{' or '.join(words)} spells" if words else "spells"])
    if sel.controller == "you":
        noun += " its controller casts"
    elif sel.controller == "opponent":
        noun += " its controller's opponents cast"
    if rest:
        noun += f" ({describe_filter(rest[0] if len(rest) == 1 else AllOf(of=rest))})"
    return noun


def _conditions(where: AnyFilter | None) -> list[Term | AnyOf]:
    """A `where` filter as the conditions that must all hold."""
    match where:
        case None:
            return []
        case AllOf(of=parts):
            return list(parts)
        case _:
            return [where]


def describe_cards(sel: Selector) -> str:
    """'creature cards', 'permanent cards (B in its colors)': cards, not permanents."""
    words = list(sel.subtypes) or list(sel.types)
    noun = "permanent" if frozenset(words) == PERMANENT_TYPES else " or ".join(words) or "any"
    noun += " cards"
    if sel.where is not None:
        noun += f" ({describe_filter(sel.where)})"
    return noun


def describe_filter(f: AnyFilter) -> str:
    """A filter's conditions in words: 'other, legendary', 'a token', 'with 3+ +1/+1 counters'."""
    match f:
        case HasType(type=t) | HasSubtype(subtype=t) | HasSupertype(supertype=t):
            return t
        case HasColor(color=c):
            return f"{c} in its colors"
        case ControlledBy(who="you"):
            return "controlled by its controller"
        case ControlledBy():
            return "controlled by an opponent"
        case IsAttached():
            return "the one it is attached to"
        case IsTapped():
            return "tapped"
        case IsBasic():
            return "basic"
        case IsToken():
            return "a token"
        case IsOther():
            return "other than itself"
        case HasName(name=name):
            return f"named {name}"
        case IsMonocolored():
            return "monocolored"
        case HasKeyword(keyword=kw):
            return f"with {kw.lower()}"
        case IsEquipped():
            return "equipped"
        case HasManaValue(at_least=least, at_most=most, parity=parity):
            said = [f"{parity} mana value"] if parity is not None else []
            if least is not None or most is not None:
                said.append(f"mana value {_mana_value_range(least, most)}")
            return "with " + " and ".join(said)
        case HasXInManaCost():
            return "with X in its mana cost"  # a word, not a mana symbol the step refers to
        case HasCounters(counter=kind, at_least=n):
            what = f"{kind} counter" if kind else "counter"
            return f"with a {what} on it" if n == 1 else f"with {n} or more {what}s on it"
        case Not(filter=inner):
            return "not " + describe_filter(inner)
        case AnyOf(of=parts):
            return " or ".join(describe_filter(p) for p in parts)
        case AllOf(of=parts):
            return ", ".join(describe_filter(p) for p in parts) if parts else "any"
        case _:
            assert_never(f)


def _mana_value_range(least: int | None, most: int | None) -> str:
    """ "4 or greater", "3 or less", "2 to 4", "3"."""
    if most is None:
        return f"{least} or greater"
    if least is None:
        return f"{most} or less"
    return str(least) if least == most else f"{least} to {most}"


def describe_cost(cost: ManaAbilityCost) -> str:
    parts: list[str] = []
    if cost.mana:
        parts.append(cost.mana)
    if cost.tap:
        parts.append("{T}")
    if cost.untap:
        parts.append("{Q}")
    if cost.life:
        parts.append(f"pay {cost.life} life")
    for counter, n in cost.remove_counters.items():
        parts.append(f"remove {n} {counter} counter" + ("s" if n != 1 else ""))
    if cost.remove_x_counters is not None:
        least = " (at least one)" if cost.remove_x_counters.at_least else ""
        among = cost.remove_x_counters.from_among
        where = f" from among {describe_selector(among)}" if among is not None else ""
        parts.append(f"remove X {cost.remove_x_counters.counter} counters{where}{least}")
    if cost.sacrifice == "self":
        parts.append("sacrifice it")
    elif cost.sacrifice is not None:
        parts.append("sacrifice one of the " + describe_selector(cost.sacrifice))
    if cost.untap_permanent is not None:
        parts.append("untap one of the " + describe_selector(cost.untap_permanent))
    parts.extend(part.text for part in cost.others)
    return ", ".join(parts) if parts else "no cost"


def describe_quantity(q: Quantity) -> str:
    """'X', 'its power', 'the number of lands you control', in our words."""
    match q:
        case Fixed():
            return str(q.value)
        case CountOf():
            return f"the number of {describe_selector(q.of)}"
        case CountersOnSource():
            if q.counter is None:
                return "the number of counters of every kind on it"
            return f"the number of {q.counter} counters on it"
        case XValue():
            return "the X it was cast with"
        case ChosenX():
            return "X"
        case SourcePower():
            return f"its {q.kind}"
        case GreatestPower():
            stat = "power" if q.kind == "greatest_power" else "toughness"
            entered = " that entered the battlefield this turn" if q.entered_this_turn else ""
            return f"the greatest {stat} among {describe_selector(q.among)}{entered}"
        case DifferentPowers():
            return f"the number of different powers among {describe_selector(q.among)}"
        case CostPower():
            return "the power of the creature its cost sacrificed"
        case SharedCreatureType():
            return f"the greatest number of {describe_selector(q.among)} that share a creature type"
        case CountWithPower():
            return f"the number of {describe_selector(q.of)} with power {q.at_least} or greater"
        case CostManaValue():
            return "the mana value of the permanent its cost sacrificed or exiled"
        case Devotion():
            return f"its controller's devotion to {q.color or 'that color'}"
        case PlayerFact():
            return PLAYER_FACT_WORDS[q.fact]
        case CardsInGraveyard():
            return f"the number of {describe_cards(q.of)} in its controller's graveyard"
        case RevealedFromHand(from_tops=True):
            return f"the number of {q.cards} among the top cards of the players' libraries"
        case RevealedFromHand():
            return f"the number of {q.cards} revealed from its controller's hand"
        case CountOfChosenType():
            return f"the number of {describe_selector(q.of)} of its chosen creature type"
        case _:
            assert_never(q)


PLAYER_FACT_WORDS = {
    "life": "its controller's life total",
    "life_gained_this_turn": "the life its controller gained this turn",
    "cards_drawn_this_turn": "the number of cards its controller drew this turn",
}


def bounded_list(items: list[str], limit: int = 5) -> str:
    return bounded_total(items[:limit], len(items))


def bounded_total(shown: list[str], total: int) -> str:
    """bounded_list given only the items shown and how many there are in all: a list of
    10,000 names needn't be built to say five of them."""
    if not shown:
        return "nothing"
    rest = total - len(shown)
    if rest:
        return ", ".join(shown) + f" and {rest} more"
    if len(shown) == 1:
        return shown[0]
    return ", ".join(shown[:-1]) + " and " + shown[-1]


def amount(n: int, noun: str, plural: str | None = None) -> str:
    """`amount(1, "card")` is "1 card", `amount(2, "card")` "2 cards", never a hedge."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def names_list(names: list[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def band_words(band: WhileCounters) -> str:
    """'5 or more level counters', '1 to 4 level counters' (711.2, 721.2a)."""
    span = (
        f"{band.at_least} or more" if band.at_most is None else f"{band.at_least} to {band.at_most}"
    )
    return f"{span} {band.counter} counters"
