"""What the grammar understood, before it becomes domain objects (lower.py does that).

The family modules (mana, replacement, triggers, statics, costs) build these small values and
know nothing of app.domain; when the domain's ability model changes, only lower.py follows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal


@dataclass(frozen=True, slots=True)
class Sel:
    """Which permanents, seen from the source ("lands you control", "enchanted land")."""

    controller: Literal["you", "opponent", "any"] = "any"
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    nonbasic: bool = False
    attached: bool = False
    # Further conditions, each one more "and" (lowered into the Selector's `where` filter).
    other: bool = False  # "other", "another": the description (109.2) leaves out the source
    basic: bool = False  # "basic" (205.4c)
    supertypes: tuple[str, ...] = ()  # "legendary", "snow" (205.4)
    not_types: tuple[str, ...] = ()  # "nonland", "noncreature" (205.2)
    not_subtypes: tuple[str, ...] = ()  # "non-Aura" (205.3)
    token: bool | None = None  # "tokens" True, "nontoken" False (111.1)
    tapped: bool | None = None  # "tapped" True, "untapped" False
    counters: tuple[str | None, int] | None = None  # "with N or more +1/+1 counters" (kind, N)
    # Card types it must have, any of them, kept for the attached one too ("as long as
    # enchanted permanent is a land"): unlike `types`, never implied by what an Aura enchants.
    condition_types: tuple[str, ...] = ()
    # Any of these card types ("type", word) or subtypes ("subtype", word): "land and Ally".
    either: tuple[tuple[str, str], ...] = ()
    source: bool = False  # the ability's own source only ("~", "it" meaning ~)
    named: str | None = None  # "named ~": the face's own name (201.2)
    monocolored: bool = False  # "monocolored": exactly one color (105.2a)
    multicolored: bool = False  # "multicolored": two or more colors (105.2b)
    keywords: tuple[str, ...] = ()  # "with defender": keyword abilities it has (613.1f)
    equipped: bool = False  # "equipped creatures": an Equipment is attached to it (301.5)
    # "red creatures": of this color (105.2); "colorless" (the empty string): of none (105.2c).
    color: str | None = None


CostPartKind = Literal[
    "discard", "exile", "tap_untapped", "exert", "return", "sacrifice", "counter", "mill", "other"
]
Recipient = Literal["controller", "chosen_player", "target_player", "each_player"]


@dataclass(frozen=True, slots=True)
class Cost:
    tap: bool = False
    untap: bool = False
    mana: str | None = None
    life: int = 0
    remove_counters: tuple[tuple[str, int], ...] = ()
    sacrifice: Sel | Literal["self"] | None = None
    others: tuple[tuple[CostPartKind, str], ...] = ()
    remove_x: tuple[str, int] | None = None  # (counter, least X): "remove X / any number of"
    x: bool = False  # some part has an X chosen on activation ({X}, "tap X", "sacrifice X")
    untap_other: Sel | None = None  # "untap a tapped land an opponent controls"
    x_at_least: int = 0  # 1: "sacrifice one or more ...": the X is at least one
    remove_x_among: Sel | None = None  # the X counters come "from among" these permanents
    # "tap two untapped Elves you control": how many, and which (its text stays in `others`).
    tap_others: tuple[int, Sel] | None = None


# --- productions (what "Add ..." makes) ---


@dataclass(frozen=True, slots=True)
class Fixed:
    mana: str


@dataclass(frozen=True, slots=True)
class OneOf:
    options: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class AnyColor:
    amount: int = 1


@dataclass(frozen=True, slots=True)
class AnyType:
    amount: int = 1


@dataclass(frozen=True, slots=True)
class Combination:
    amount: int
    colors: tuple[str, ...] = ("W", "U", "B", "R", "G")


@dataclass(frozen=True, slots=True)
class Chosen:
    amount: int = 1


@dataclass(frozen=True, slots=True)
class ForEach:
    mana_type: str
    count: Sel


@dataclass(frozen=True, slots=True)
class ForEachCounter:
    mana_type: str
    counter: str


@dataclass(frozen=True, slots=True)
class ColorAmong:
    among: Sel


@dataclass(frozen=True, slots=True)
class Reflect:
    among: Sel
    of: Literal["type", "color"]
    amount: int = 1


@dataclass(frozen=True, slots=True)
class OneColorCount:
    count: Sel | None = None
    counter: str | None = None


@dataclass(frozen=True, slots=True)
class OneOfOrChosen:
    options: tuple[str, ...]


QtyKind = Literal[
    "chosen_x",
    "power",
    "toughness",
    "greatest_power",
    "greatest_toughness",
    "different_powers",
    "shared_creature_type",
    "cost_mana_value",
    "cost_power",
    "devotion",
    "counters",
    "count",
    "count_power",
    "player",
    "graveyard_count",
    "revealed",
    "count_chosen_type",
]


@dataclass(frozen=True, slots=True)
class Qty:
    """A variable amount: the X chosen on activation, the source's power or toughness, the
    greatest power among `among`, the mana value of what the cost sacrificed or exiled, or the
    devotion to `color` (None: to the color of the mana made), the `counter` counters on
    the source, or how many permanents `among` picks (`count`)."""

    kind: QtyKind
    among: Sel | None = None
    color: str | None = None
    counter: str | None = None
    at_least: int = 0  # with count_power: the least power that counts
    # with player: "life", "life_gained_this_turn" or "cards_drawn_this_turn"
    fact: str | None = None
    cards: str | None = None  # with revealed: which cards may be revealed (701.16)
    entered_this_turn: bool = False  # with greatest_power: only those that entered this turn
    from_tops: bool = False  # with revealed: the top card of each player's library (parley)


@dataclass(frozen=True, slots=True)
class Amount:
    """`amount` + `plus` mana: all of `mana_type`, of one chosen color, or any mix of colors."""

    amount: Qty
    of: Literal["type", "one_color", "combination"]
    mana_type: str | None = None
    colors: tuple[str, ...] = ("W", "U", "B", "R", "G")
    plus: int = 0
    times: int = 1  # "three mana ... for each": the amount times three


@dataclass(frozen=True, slots=True)
class OneOfChosen:
    """`amount` mana of one of the colors chosen for the source (its several chosen colors)."""

    amount: int = 1


@dataclass(frozen=True, slots=True)
class IfCounter:
    """`with_counter` while the source has a `counter` counter, else `otherwise` (614.15)."""

    counter: str
    with_counter: Fixed | OneOf | AnyColor | AnyType
    otherwise: Fixed | OneOf | AnyColor | AnyType


@dataclass(frozen=True, slots=True)
class IfFact:
    """`then` while `fact` holds (a land played this turn, a dungeon completed, the initiative,
    a card exiled with the source), else `otherwise` (614.15)."""

    fact: str
    then: Fixed | OneOf | AnyColor | AnyType
    otherwise: Fixed | OneOf | AnyColor | AnyType


@dataclass(frozen=True, slots=True)
class CoinFlip:
    """`won` only when its controller wins a coin flip (705)."""

    won: Fixed | OneOf | AnyColor | AnyType


@dataclass(frozen=True, slots=True)
class NthResolution:
    """`then` only on the ability's `nth` resolution this turn; `optional`: "you may add"."""

    nth: int
    then: Fixed | OneOf | AnyColor | AnyType
    optional: bool = False


@dataclass(frozen=True, slots=True)
class CommanderColor:
    """One mana of a color in its controller's commander's color identity (903.4)."""


@dataclass(frozen=True, slots=True)
class DifferentColors:
    """`amount` mana, each of its own color."""

    amount: int = 2


@dataclass(frozen=True, slots=True)
class ColorAmongGraveyard:
    """One mana of a color among the `among` cards in your graveyard (404.1, 105.2)."""

    among: Sel


@dataclass(frozen=True, slots=True)
class EachColorAmong:
    """One mana of each color among `among` (105.2)."""

    among: Sel


@dataclass(frozen=True, slots=True)
class ExiledColor:
    """One mana of a color among the cards exiled with the source (406.6, 607.2a)."""


@dataclass(frozen=True, slots=True)
class EachExiledColor:
    """One mana of each color among the cards exiled with the source (702.167, 607.2a)."""


@dataclass(frozen=True, slots=True)
class MilledCardSymbols:
    """One mana of each colored mana symbol's color in the milled card's mana cost (701.13)."""


@dataclass(frozen=True, slots=True)
class PoolCopy:
    """One more of each mana in its controller's pool (106.4)."""


@dataclass(frozen=True, slots=True)
class NotedMana:
    """The mana last noted for the permanent; `one`: one mana of its noted type."""

    one: bool = False


@dataclass(frozen=True, slots=True)
class DieRoll:
    """A die rolled as it resolves (706.2): `low` on `at_most` or less, `high` otherwise."""

    sides: int
    at_most: int
    low: Fixed | AnyColor
    high: Fixed | AnyColor


Production = (
    Fixed
    | OneOf
    | AnyColor
    | AnyType
    | Combination
    | Chosen
    | ForEach
    | ForEachCounter
    | ColorAmong
    | Reflect
    | OneColorCount
    | OneOfOrChosen
    | Amount
    | CommanderColor
    | DifferentColors
    | EachColorAmong
    | ColorAmongGraveyard
    | ExiledColor
    | EachExiledColor
    | MilledCardSymbols
    | NotedMana
    | PoolCopy
    | OneOfChosen
    | IfCounter
    | DieRoll
    | IfFact
    | CoinFlip
    | NthResolution
)


# --- abilities ---


# 602.1b: an activated ability's instructions on when it may be activated.
@dataclass(frozen=True, slots=True)
class OnlyIfYouControl:
    of: Sel
    at_least: int = 1


@dataclass(frozen=True, slots=True)
class OnlyDuringTurn:
    whose: Literal["your_turn", "not_your_turn"]


@dataclass(frozen=True, slots=True)
class OnlyIfEnteredThisTurn:
    pass


@dataclass(frozen=True, slots=True)
class OnlyWithCounters:
    counter: str
    at_least: int = 1


@dataclass(frozen=True, slots=True)
class OnlyOnceEachTurn:
    pass


@dataclass(frozen=True, slots=True)
class OnlyIfPower:
    power: int  # a creature its controller controls with this power or greater


@dataclass(frozen=True, slots=True)
class OnlyIfCreature:
    pass


@dataclass(frozen=True, slots=True)
class OnlyAsInstant:
    pass


@dataclass(frozen=True, slots=True)
class OnlyAsSorcery:
    pass


OneRestriction = (
    OnlyIfYouControl
    | OnlyDuringTurn
    | OnlyIfEnteredThisTurn
    | OnlyWithCounters
    | OnlyIfPower
    | OnlyIfCreature
)


@dataclass(frozen=True, slots=True)
class OnlyIfAnyOf:
    of: tuple[OneRestriction, ...]


Restriction = OneRestriction | OnlyOnceEachTurn | OnlyAsInstant | OnlyAsSorcery | OnlyIfAnyOf


@dataclass(frozen=True, slots=True)
class ManaAbility:
    cost: Cost
    produces: Production
    instead: tuple[str, int] | None = None  # (counter, amount): the ability's own "instead"
    # (power, amount): "if you control a creature with power N or greater, ... instead"
    instead_power: tuple[int, int] | None = None
    side_effect: str | None = None
    spend_restricted: bool = False  # 106.6: "spend this mana only ..."
    # 106.3: who adds the mana; "target_player" targets, so it is not a mana ability (605.5a).
    recipient: Recipient = "controller"
    targets: bool = False  # it has a target besides who adds the mana (605.5a)
    graveyard_target: Sel | None = None  # "target land card from a graveyard" (601.2c)
    puts_counters: tuple[tuple[str, int], ...] = ()  # put on its source before the mana (608.2c)
    # ((selector, at least), ...), amount: "if you control four or more creatures, ... instead"
    instead_control: tuple[tuple[tuple[Sel, int], ...], int] | None = None
    activate_only: tuple[Restriction, ...] = ()  # 602.1b: when it may be activated


@dataclass(frozen=True, slots=True)
class Grant:
    to: Sel
    ability: ManaAbility
    while_count: tuple[Sel, int] | None = None  # while its controller controls N or more
    # Only while its source is "renowned" (702.112b) or "modified" (700.9).
    while_source: Literal["renowned", "modified"] | None = None
    effect: bool = False  # from a resolved effect (an entry of the state's effects)
    chosen_name: bool = False  # only those with the card name chosen for the source (201.3)


# What a replacement does, and its parameter: a factor, a type, mana, a color (or "chosen"),
# or the amount a color of choice makes ("": the amount is kept).
ReplacementChange = tuple[
    Literal["multiply", "type", "type_and_amount", "color", "color_of_choice"], str
]


@dataclass(frozen=True, slots=True)
class Replacement:
    source: Sel
    change: ReplacementChange
    tapped_by_you: bool = False
    min_amount: int = 0
    effect: bool = False  # works from a resolved turn-long effect


@dataclass(frozen=True, slots=True)
class Trigger:
    source: Sel
    adds: Literal["fixed", "type_produced", "chosen_color", "any_color", "combination"]
    mana: str | None = None
    tapped_by_you: bool = False
    requires_tap: bool = True
    only_chosen_color: bool = False
    amount: int = 1  # with any_color / combination
    optional: bool = False  # "may add"
    per_count: Sel | None = None  # with fixed mana: once for each permanent it picks
    while_monarch: bool = False  # "while you're the monarch" (724)
    named_as_exiled: bool = False  # "with the same name as the exiled card" (607.2a)
    while_source_tapped: bool = False  # "if ~ is tapped" (603.4)
    only_type: str | None = None  # "tap a permanent for {C}": it made that type (106.12a)
    side_effect: str | None = None  # "~ deals 1 damage to the player": no mana changed
    # 603.7b: "Until end of turn, whenever ...": a delayed triggered ability with a duration,
    # created as a spell or ability resolves; it works from the state's effects.
    effect: bool = False


@dataclass(frozen=True, slots=True)
class Keyword:
    keyword: str
    to: Sel
    effect: bool = False
    while_count: tuple[Sel, int] | None = None  # "as long as you control another Vampire"
    as_though: bool = False  # "as though they had haste": no ability of theirs (302.6)
    own_card: bool = False  # the card's own haste (unearth, dash): for its own permanent only


@dataclass(frozen=True, slots=True)
class Forbid:
    """602.5: the activated abilities of what `to` picks can't be activated."""

    to: Sel
    chosen_name: bool = False  # only those with the card name chosen for the source (201.3)
    during: Literal["your_turn", "not_your_turn"] | None = None  # whose turn it applies in
    effect: bool = False  # a resolved one-shot's lock on its target, for the turn
    # "... unless they're mana abilities": mana abilities may be activated still (605.1a)
    except_mana_abilities: bool = False


@dataclass(frozen=True, slots=True)
class Control:
    of: Literal["attached", "target"]
    haste: bool = False
    effect: bool = False
    # A resolved effect taking several objects, each its own entry of the state's effects:
    # what follows names them "them" / "those creatures" (the lowered ability is the same).
    group: bool = False
    # It may have begun in an earlier turn (302.6: GainControl.lasting).
    lasting: bool = False


@dataclass(frozen=True, slots=True)
class EntersWithX:
    counter: str


@dataclass(frozen=True, slots=True)
class EtbUsesX:
    summary: str


@dataclass(frozen=True, slots=True)
class EtbReplacementUsesX:
    summary: str


@dataclass(frozen=True, slots=True)
class CastingCost:
    name: str
    alternative: bool
    optional: bool = True
    mana: str | None = None
    summary: str = ""
    mode_of: Literal["spree", "tiered"] | None = None  # one mode's cost (702.172a, 702.183a)
    at_most: int | None = None  # the most times one spell pays it (escalate: modes - 1)


@dataclass(frozen=True, slots=True)
class CostChange:
    """601.2f: the spell's own cost increase or reduction (`mana` each time, `when` in the
    card's words; `keyword`: affinity or undaunted)."""

    increase: bool
    mana: str
    when: str = ""
    keyword: str | None = None
    for_each: Sel | None = None  # "for each artifact you control": the permanents counted


@dataclass(frozen=True, slots=True)
class Spells:
    """Which spells, seen from the ability's controller: who casts them (`controller`), any of
    `types`, any of `subtypes`, any of `colors` (105.2), `colorless` (no color, 105.2c), none
    of `not_types` ("noncreature"), every one of `supertypes` ("legendary") and of `keywords`
    ("with flying"), a mana value within `mana_value` (least, greatest; 202.3), an {X} in the
    mana cost (107.3), `historic` (700.6) and `multicolored` (105.2b)."""

    controller: Literal["you", "opponent", "any"] = "any"
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    colorless: bool = False
    not_types: tuple[str, ...] = ()
    not_subtypes: tuple[str, ...] = ()  # "non-Phyrexian"
    supertypes: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    mana_value: tuple[int | None, int | None] | None = None
    parity: Literal["even", "odd"] | None = None  # "with even mana values" (202.3)
    x_in_mana_cost: bool = False  # "with {X} in their mana costs" (107.3)
    historic: bool = False
    multicolored: bool = False


During = Literal["your_turn", "not_your_turn", "casters_turn", "not_casters_turn"]
# What a permanent knows that an ability about spells may name them by: the card name
# (201.3), creature type (205.3m) or color (105.2) chosen for it as it entered, the cards its
# own ability exiled (607.2a), a number (107.1b) that spells' mana values are compared with, a
# card type (205.2a).
Known = Literal["name", "type", "card_type", "color", "exiled", "number"]
Zone = Literal["hand", "graveyard", "exile", "library", "command"]  # cast from (601.2a)


@dataclass(frozen=True, slots=True)
class SpellCostChange:
    """601.2f: a permanent's static ability making other spells cost `mana` more (`increase`)
    or less, `when` in the card's words; `while_untapped`: only while its permanent is."""

    spells: Spells
    increase: bool
    mana: str
    when: str = ""
    while_untapped: bool = False
    during: During | None = None  # whose turn it applies in
    nth_spell_this_turn: int | None = None  # "the second spell you cast each turn": 2
    alike: bool = False  # the n-th of the spells it names ("the first creature spell ...")
    per_other_spell_this_turn: bool = False  # "for each other spell that player has cast ..."
    cast_from: tuple[Zone, ...] = ()  # "spells you cast from your graveyard": graveyard
    not_cast_from: tuple[Zone, ...] = ()  # "from anywhere other than your hand": hand
    chosen: frozenset[Known] = frozenset()  # "spells with the chosen name", ...


@dataclass(frozen=True, slots=True)
class SpellCostMinimum:
    """601.2f: a permanent's static ability making a matching spell whose total cost would be
    less than `total` mana cost `total`; `while_untapped`: only while its permanent is."""

    spells: Spells
    total: int
    while_untapped: bool = False


@dataclass(frozen=True, slots=True)
class RevealUntil:
    max_mana_value: int
    nonlegendary: bool = False


@dataclass(frozen=True, slots=True)
class MulliganHelper:
    """From the opening hand: exile the hand and draw that many instead of a mulligan."""


@dataclass(frozen=True, slots=True)
class OpeningHandMana:
    """Revealed from the opening hand: `mana` at the first main phase of the game (103.6)."""

    mana: str


@dataclass(frozen=True, slots=True)
class SetLandTypes:
    """305.7: the lands' land types become these basic land types (layer 4, 613.1d)."""

    to: Sel
    subtypes: tuple[str, ...]
    effect: bool = False
    chosen: bool = False  # the basic land type chosen as the effect resolved, too
    # The basic land type chosen for its source permanent as it entered, too (its
    # `chosen_type`): "Enchanted land is the chosen type.", "~ is the chosen type."
    chosen_as_it_entered: Literal["basic_land_type"] | None = None
    none: bool = False  # "loses all land types": no type set, so no text lost to 305.7
    chosen_name: bool = False  # only those with the card name chosen for the source (201.3)


@dataclass(frozen=True, slots=True)
class AddSubtypes:
    """The permanents also have these subtypes, keeping the rest (layer 4)."""

    to: Sel
    subtypes: tuple[str, ...]
    effect: bool = False
    chosen: bool = False  # the basic land type chosen as the effect resolved, too
    # The type chosen for its source permanent as it entered, too (its `chosen_type`).
    chosen_as_it_entered: Literal["creature_type", "basic_land_type"] | None = None


@dataclass(frozen=True, slots=True)
class AddTypes:
    """The permanents also have these card types and subtypes, keeping the rest (layer 4)."""

    to: Sel
    types: tuple[str, ...]
    subtypes: tuple[str, ...] = ()
    effect: bool = False
    every_creature_type: bool = False  # "with all creature types" (702.73a)


@dataclass(frozen=True, slots=True)
class SetCreatureTypes:
    """The permanents' creature types become these, or the one chosen as it entered (layer 4,
    205.1a)."""

    to: Sel
    subtypes: tuple[str, ...] = ()
    chosen_as_it_entered: Literal["creature_type"] | None = None
    effect: bool = False


@dataclass(frozen=True, slots=True)
class SetCardTypes:
    """The permanents' card types become these, with these subtypes (layer 4, 205.1a)."""

    to: Sel
    types: tuple[str, ...]
    subtypes: tuple[str, ...] = ()
    effect: bool = False
    while_graveyard_below: int | None = None  # only while the graveyard has fewer cards
    # Only while its controller's devotion to these colors is below the number (700.5).
    while_devotion_below: tuple[tuple[str, ...], int] | None = None
    while_impending: bool = False  # only while cast for impending, with a time counter


@dataclass(frozen=True, slots=True)
class LoseAllAbilities:
    """The permanents lose all abilities, intrinsic mana abilities too (layer 6, 613.1f)."""

    to: Sel
    effect: bool = False
    keeps_own: bool = False  # "all other abilities": what the same source grants stays
    chosen_name: bool = False  # only those with the card name chosen for the source (201.3)
    except_mana: bool = False  # "except mana abilities": those stay (605.1)


@dataclass(frozen=True, slots=True)
class SetColors:
    """The permanents are these colors only; none: colorless (layer 5, 613.1e)."""

    to: Sel
    colors: tuple[str, ...] = ()
    effect: bool = False


# A count of a spell's caster's: the turns they have begun, the lands they control.
CastersCount = Literal["turns_begun", "lands"]


@dataclass(frozen=True, slots=True)
class CastBan:
    """601.3: the `spells` can't be cast; `during`: only in that turn; `after_spells`: only
    once their caster has cast that many this turn (of those it names, with `alike`);
    `chosen`: what its permanent knows that names them; `effect`: a spell's, for the turn;
    the zones as a cost change's."""

    spells: Spells
    during: During | None = None
    after_spells: int | None = None
    chosen: frozenset[Known] = frozenset()
    unless_sorcery: bool = False  # except spells cast when their caster could cast a sorcery
    effect: bool = False
    cast_from: tuple[Zone, ...] = ()  # 601.2a: only spells cast from one of these
    not_cast_from: tuple[Zone, ...] = ()  # only spells cast from none of these
    alike: bool = False  # `after_spells` counts only the spells it names (601.2i)
    target_player: bool = False  # only the spells of the player the effect targets (115.1)
    during_combat: bool = False  # only in the combat phase (506.1)
    # Only spells with a mana value above that count of the caster's (202.3).
    mana_value_above: CastersCount | None = None


@dataclass(frozen=True, slots=True)
class CastRestriction:
    """601.3: the card's own restriction on being cast: not during its caster's first
    `first_turns` turns of the game, or not once they played a land this turn."""

    first_turns: int | None = None
    after_land_played: bool = False
    # "Cast ~ only ...": in whose turn, during combat, while its caster controls enough of these.
    only_during: Literal["your_turn", "not_your_turn"] | None = None
    only_during_combat: bool = False
    only_if_controls: tuple[Sel, int] | None = None
    # "... only during the declare blockers step": the steps (or main phases) it may be cast in.
    moments: tuple[str, ...] = ()
    if_attacked: bool = False  # "... only if a creature is attacking you"
    after_other_spells: int | None = None  # "... only if you've cast another spell this turn"


CopyBy = Literal["entering", "activation", "trigger", "token"]


@dataclass(frozen=True, slots=True)
class CopyEffect:
    """707.2, 707.9: how the permanent becomes a copy, and its copy's exceptions."""

    by: CopyBy
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    mana_abilities: tuple[ManaAbility, ...] = ()
    keeps_name: bool = False
    not_legendary: bool = False
    keeps_abilities: bool = False
    summary: str = ""


Ability = (
    ManaAbility
    | Grant
    | Replacement
    | Trigger
    | Keyword
    | Forbid
    | SpellCostChange
    | SpellCostMinimum
    | CastBan
    | CastRestriction
    | Control
    | EntersWithX
    | EtbUsesX
    | EtbReplacementUsesX
    | RevealUntil
    | MulliganHelper
    | OpeningHandMana
    | SetLandTypes
    | AddSubtypes
    | AddTypes
    | SetCreatureTypes
    | SetCardTypes
    | SetColors
    | LoseAllAbilities
    | CopyEffect
)


@dataclass(slots=True)
class Understood:
    """What one sentence (or line) compiled to; an empty list is a rider or a restriction that
    changes nothing the engine answers (106.7: "Spend this mana only...")."""

    abilities: list[Ability] = field(default_factory=list)
    costs: list[CastingCost] = field(default_factory=list)
    keywords: list[str] = field(default_factory=list)
    cost_changes: list[CostChange] = field(default_factory=list)
