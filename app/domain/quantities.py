"""How many: a fixed number, the number of matching permanents, counters on the source, X
(107.3), the source's power or toughness, the greatest power or toughness among some
permanents, how many different powers they have, the largest group of them sharing a
creature type, the mana value of the permanent a cost sacrificed or exiled (or the power of
the creature it sacrificed), a devotion (700.5), a number about a player or their graveyard
that the state gives, how many permanents have the chosen creature type, or how many cards
are revealed from the hand (701.16). Older card data keeps its flat fields (PerCount.count,
EntersWithCounters.amount); their `quantity` properties give the same number as one of these
kinds. app/engine/production.py evaluates them in one `match`."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from app.domain.base import ColorCode, Strict, Word, omitted_at_default
from app.domain.filters import Selector


class Fixed(Strict):
    """A number written on the card."""

    kind: Literal["fixed"] = "fixed"
    """Always `fixed`: a number given in the card data"""
    value: int = Field(ge=0, le=10_000)
    """The number"""


class CountOf(Strict):
    """How many permanents the selector picks (Gaea's Cradle's creatures)."""

    kind: Literal["count"] = "count"
    """Always `count`: how many permanents match"""
    of: Selector
    """Which permanents are counted, seen from the ability's source"""


class CountersOnSource(Strict):
    """How many counters of a kind are on the ability's source (122.1), or of every kind
    together ("for each counter on it")."""

    kind: Literal["counters"] = "counters"
    """Always `counters`: how many counters of a kind (or of every kind) the source has"""
    counter: Word | None = omitted_at_default(
        None,
    )
    """The kind of counter, like `charge`; absent: counters of every kind together"""


class XValue(Strict):
    """The X of the spell (107.3m: an ETB ability uses the X the spell was cast with)."""

    kind: Literal["x"] = "x"
    """Always `x`: the X the spell was cast with (107.3m)"""


class ChosenX(Strict):
    """A number the controller chooses as they activate the ability: the X of its cost
    (107.3, 602.2b), or how many counters it removes when the cost says "any number"
    (107.1c)."""

    kind: Literal["chosen_x"] = "chosen_x"
    """Always `chosen_x`: the X (or number of counters removed) chosen on activation"""


class SourcePower(Strict):
    """The source's power or toughness as it is now (after continuous effects, 208.3)."""

    kind: Literal["power", "toughness"]
    """`power` or `toughness`: that characteristic of the ability's source"""


class GreatestPower(Strict):
    """The greatest power (or toughness) among the matching permanents (0 when none match),
    each read from the state (208.3)."""

    kind: Literal["greatest_power", "greatest_toughness"] = "greatest_power"
    """`greatest_power` or `greatest_toughness`: that greatest value among matching permanents"""
    among: Selector
    """Whose power (or toughness) counts, seen from the ability's source"""
    entered_this_turn: bool = omitted_at_default(
        False,
        description="Only those of `among` that entered the battlefield this turn (the state's "
        "`entered_this_turn` says which)",
    )


class DifferentPowers(Strict):
    """How many different powers the matching permanents have between them (208.3): each of
    them needs its power in the state; equal powers count once."""

    kind: Literal["different_powers"] = "different_powers"
    """Always `different_powers`: the number of distinct powers among matching permanents"""
    among: Selector
    """Whose powers are looked at, seen from the ability's source"""


class SharedCreatureType(Strict):
    """The greatest number of the matching permanents that have one creature type in common
    (205.3m): for each creature type, how many of them have it, the largest of those. A
    permanent with changeling is every creature type (702.73a), even after it loses that
    ability (the type is set in layer 4, before layer 6 removes it), so it joins every group."""

    kind: Literal["shared_creature_type"] = "shared_creature_type"
    """Always `shared_creature_type`: the largest group sharing a creature type"""
    among: Selector
    """Which permanents are looked at, seen from the ability's source"""


class CountWithPower(Strict):
    """How many of the matching permanents have power `at_least` or greater (208.3): each of
    them needs its power in the state ("for each creature with power 4 or greater you
    control")."""

    kind: Literal["count_power"] = "count_power"
    """Always `count_power`: how many matching permanents have at least that power"""
    of: Selector
    """Which permanents are looked at, seen from the ability's source"""
    at_least: int = Field(ge=0, le=10_000)
    """The least power that counts"""


class CostManaValue(Strict):
    """The mana value (202.3) of the permanent sacrificed or exiled to pay the cost; the
    controller picks that permanent as they activate the ability (602.2b)."""

    kind: Literal["cost_mana_value"] = "cost_mana_value"
    """Always `cost_mana_value`: the mana value of what the cost sacrificed or exiled"""


class CostPower(Strict):
    """The power of the creature sacrificed to pay the cost, as it last existed on the
    battlefield (208.3, 608.2h); the controller picks it as they activate the ability (602.2b),
    so the request's `x` gives that power (0 for a negative one, 107.1b)."""

    kind: Literal["cost_power"] = "cost_power"
    """Always `cost_power`: the power of what the cost sacrificed"""


class Devotion(Strict):
    """The controller's devotion to a color (700.5): the mana symbols of that color among the
    mana costs of the permanents they control, a hybrid symbol counting for each of its colors.
    Without `color`, the color of the mana made (with `of: one_color`: "that color")."""

    kind: Literal["devotion"] = "devotion"
    """Always `devotion`: its controller's devotion to a color (700.5)"""
    color: ColorCode | None = None
    """The color (W U B R G); null: the color chosen for the mana it makes"""


class PlayerFact(Strict):
    """A number about the ability's controller that the state gives (`players`): their life
    total (119.1), the life they gained this turn (119.3) or the cards they drew this turn
    (121.1). A negative life total makes no mana (107.1b)."""

    kind: Literal["player"] = "player"
    """Always `player`: a number about the ability's controller, from the state"""
    fact: Literal["life", "life_gained_this_turn", "cards_drawn_this_turn"]
    """Which: `life`, `life_gained_this_turn` or `cards_drawn_this_turn`"""


class CardsInGraveyard(Strict):
    """How many cards in its controller's graveyard match `of` (404.1), from the state's
    `players.<controller>.graveyard`. A card there has the characteristics of its front face,
    or both halves of a split card (709.4, 712.8); only what a card has is asked (types,
    subtypes, supertypes, colors, name): no controller, tapped state or counters."""

    kind: Literal["graveyard_count"] = "graveyard_count"
    """Always `graveyard_count`: how many matching cards are in its controller's graveyard"""
    of: Selector
    """Which cards count (`types` any of; "permanent cards" are the six permanent types)"""


class CountOfChosenType(Strict):
    """How many permanents the selector picks that have the creature type chosen for the
    ability's source as it entered (205.3m, its `chosen_type`): "the number of creatures you
    control of the chosen type"."""

    kind: Literal["count_chosen_type"] = "count_chosen_type"
    """Always `count_chosen_type`: how many matching permanents have the chosen type"""
    of: Selector
    """Which permanents are counted (those of the chosen type among them)"""


class RevealedFromHand(Strict):
    """How many cards its controller reveals from their hand as the ability resolves ("reveal
    any number of artifact cards in your hand", 701.16): a number they choose, from 0 to how
    many such cards their hand holds. The engine doesn't see the hand, so the question says
    it, like an X chosen on activation (the activate question's `x`)."""

    kind: Literal["revealed"] = "revealed"
    """Always `revealed`: how many cards of a kind are revealed from the hand (701.16)"""
    cards: Annotated[str, Field(min_length=1, max_length=120)]
    """Which cards may be revealed, in a short phrase ("artifact cards")"""
    from_tops: bool = omitted_at_default(
        False,
        description="The top card of each player's library is revealed instead (parley): how "
        "many of them are such cards, from 0 to the number of players, which the question "
        "says as its `x` (the engine doesn't see the libraries)",
    )

    def range_words(self) -> str:
        """How many there may be, and why the question must say it."""
        if self.from_tops:
            return (
                "from 0 up to the number of players, one for each player's top card, which "
                "the question doesn't include"
            )
        return "from 0 up to how many of them the hand holds, which the question doesn't include"


Quantity = Annotated[
    Fixed
    | CountOf
    | CountersOnSource
    | XValue
    | ChosenX
    | SourcePower
    | GreatestPower
    | DifferentPowers
    | SharedCreatureType
    | CountWithPower
    | CostManaValue
    | CostPower
    | Devotion
    | PlayerFact
    | CardsInGraveyard
    | RevealedFromHand
    | CountOfChosenType,
    Field(discriminator="kind"),
]
