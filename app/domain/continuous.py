"""Static abilities that create continuous effects, and the layer each applies in (613.1).

The layers the engine applies (app/engine/characteristics.py): 2 control-changing (613.1b),
4 type-changing (613.1d), 5 color-changing (613.1e), 6 ability-adding and -removing
(613.1f). Keywords such as haste are abilities, so granting one is layer 6 too.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Annotated, Any, Literal, assert_never

from pydantic import Field, model_validator

from app.domain.base import CardType, ColorCode, Strict, Word, omitted_at_default
from app.domain.filters import Selector
from app.domain.mana_abilities import ManaAbility, WhileCounters

# Where an ability works from: a permanent on the battlefield, or a resolved turn-long effect
# (docs/api.md `effects`: Pale Moon, Deep Water's activation, Act of Treason).
WorksFrom = Literal["battlefield", "effect", "emblem", "graveyard"]
# In whose turn a static ability applies: its controller's, or any other player's (611.3a).
TurnOf = Literal["your_turn", "not_your_turn"]
# The paragraphs of a face's rules text, counted from 1, that an ability of it may be on: what
# an effects entry's `line` names (docs/api.md).
MAX_EFFECT_LINE = 40
MAX_EFFECT_LINES = 20  # the most paragraphs a face's `effect_lines` may list
EffectLine = Annotated[int, Field(ge=1, le=MAX_EFFECT_LINE)]


def effect_line() -> Any:
    return omitted_at_default(
        None,
        description="The paragraph of its card's rules text, counted from 1, whose ability "
        "or mode this effect is (an activation, a trigger, a loyalty ability, a mode, a "
        "chapter): an `effects` entry that names another `line` doesn't apply it; null: "
        "every entry of its card applies it",
    )


def _while_count() -> Any:
    return omitted_at_default(
        None,
        description="611.3a: the change applies only while its controller controls at least "
        'this many of these permanents ("~ is a 4/4 Golem artifact creature as long as you '
        'control four or more artifacts"), counted as they are with every other change of '
        "what permanents are (613.8); null: always",
    )


def _during() -> Any:
    return omitted_at_default(
        None,
        description="611.3a: in whose turn it applies: its controller's (`your_turn`: "
        '"during your turn, ~ is a 4/4 creature") or any other\'s (`not_your_turn`); the '
        "state's `active_player` says whose turn it is; null: every turn",
    )


class Layer(IntEnum):
    """613.1a-g: the order in which continuous effects apply."""

    COPY = 1  # 613.1a
    CONTROL = 2  # 613.1b
    TEXT = 3  # 613.1c
    TYPE = 4  # 613.1d
    COLOR = 5  # 613.1e
    ABILITY = 6  # 613.1f
    POWER_TOUGHNESS = 7  # 613.1g


def _to_chosen_name() -> Any:
    """The `to_chosen_name` field of a layer effect (Alpine Moon's lands "with the chosen
    name"), left out of the dump when false."""
    return omitted_at_default(
        False,
        description="201.3: only those of `to` with the card name chosen for this ability's "
        "permanent (its `chosen_name`)",
    )


def _check_chosen_name(to_chosen_name: bool, where: WorksFrom) -> None:
    if to_chosen_name and where != "battlefield":
        raise ValueError(
            "to_chosen_name is the choice of a permanent: works_from must be 'battlefield'"
        )


class CountAtLeast(Strict):
    """A condition on the board: the ability's controller controls at least `at_least` of the
    permanents `of` picks ("as long as you control six or more lands")."""

    of: Selector
    """Which permanents are counted, seen from the ability's source"""
    at_least: int = Field(ge=1, le=1000)
    """How many there must be at least"""


class GrantManaAbility(Strict):
    """Matching permanents have this mana ability (Chromatic Lantern, Cryptolith Rite); with
    `while_count`, only while that many permanents are there (611.3a: a static ability's
    effect applies at each moment to what its text says then)."""

    kind: Literal["grant_mana_ability"] = "grant_mana_ability"
    """Always `grant_mana_ability`: matching permanents gain a mana ability (613.1f)"""
    to: Selector
    """Which permanents gain it, seen from this ability's controller"""
    ability: ManaAbility
    """The mana ability they gain (605.1a)"""
    while_count: CountAtLeast | None = omitted_at_default(
        None,
        description="The grant applies only while its controller controls at least this many "
        "of these permanents (null: always)",
    )
    while_source: Literal["renowned", "modified"] | None = omitted_at_default(
        None,
        description="`renowned`: the grant applies only while its source is renowned "
        "(702.112b; the state's `renowned` says it); `modified`: while it has a counter, is "
        "equipped or is enchanted by an Aura its controller controls (700.9); null: always",
    )
    while_counters: WhileCounters | None = omitted_at_default(
        None,
        description="The grant exists only while its source has this many counters of the "
        "kind: a leveler's level band (711.2) or a station threshold (721.2a); null: always",
    )
    while_class_level: int | None = omitted_at_default(
        None,
        ge=2,
        le=10,
        description="716: the grant exists only once its Class source has gained this level "
        "(the permanent's `class_level`); null: always",
    )
    works_from: WorksFrom = "battlefield"
    """`battlefield`: from a permanent; `effect`: from an entry of `effects`; `emblem`: from an
    entry of `emblems` (114); `graveyard`: from its card in its owner's graveyard (the state's
    `players.<name>.graveyard`)"""
    line: EffectLine | None = effect_line()
    to_chosen_name: bool = _to_chosen_name()


class GrantKeyword(Strict):
    """Matching permanents have a keyword (Concordant Crossroads, Lightning Greaves: haste)."""

    kind: Literal["grant_keyword"] = "grant_keyword"
    """Always `grant_keyword`: matching permanents gain a keyword (613.1f)"""
    keyword: Word
    """The keyword they gain, lower case, like `haste`"""
    to: Selector
    """Which permanents gain it, seen from this ability's controller"""
    works_from: WorksFrom = "battlefield"
    """`battlefield`: from a permanent; `effect`: from an entry of `effects`; `emblem`: from an
    entry of `emblems` (114); `graveyard`: from its card in its owner's graveyard (the state's
    `players.<name>.graveyard`)"""
    line: EffectLine | None = effect_line()
    during: TurnOf | None = _during()
    while_count: CountAtLeast | None = omitted_at_default(
        None,
        description="The grant applies only while its controller controls at least this many "
        'of these permanents (611.3a: "as long as you control another Vampire"; null: '
        "always)",
    )
    as_though: bool = omitted_at_default(
        False,
        description="With `haste`: no keyword is granted; their controller may activate their "
        "abilities as though they had haste (302.6). An effect of this source, not an ability "
        "of theirs, so nothing that removes their abilities (613.1f) takes it away",
    )
    own_card: bool = omitted_at_default(
        False,
        description="The card's own keyword for the permanent it put onto the battlefield "
        "(unearth, dash, blitz, encore, riot, suspend): an `effects` entry of it must target "
        "a permanent of the same card, which keeps the keyword whatever it becomes (a copy of "
        "another card included, 707.2)",
    )


class GainControl(Strict):
    """This source's controller controls the creature (Control Magic: enchanted; Act of Treason:
    the effect's target), and with `haste` it also gains haste."""

    kind: Literal["gain_control"] = "gain_control"
    """Always `gain_control`: a control-changing effect (613.1b)"""
    of: Literal["attached", "target"]
    """Whose control changes: the permanent it is `attached` to, or the effect's `target`"""
    haste: bool = False
    """Does that permanent also gain haste? (702.10, 302.6)"""
    works_from: WorksFrom = "battlefield"
    """`battlefield`: from a permanent; `effect`: from an entry of `effects`; `emblem`: from an
    entry of `emblems` (114); `graveyard`: from its card in its owner's graveyard (the state's
    `players.<name>.graveyard`)"""
    line: EffectLine | None = effect_line()
    lasting: bool = omitted_at_default(
        False,
        description="302.6: an effect that may have begun before its controller's most recent "
        "turn began ('for as long as ~ remains on the battlefield', or for good): the taken "
        "permanent's `controlled_since_turn_start` says whether its controller has had it "
        "since then. False: the effect ends by the end of the turn or by its controller's next "
        "turn ('until end of turn'), so it began since, and the count of 302.6 restarted",
    )


class ForbidActivation(Strict):
    """Matching permanents' activated abilities can't be activated, their mana abilities
    included (602.5: Arrest-like Auras on what they enchant, "activated abilities of artifacts
    can't be activated"). Not a layer effect: it changes the rules of the game (611.1), not an
    object, and only while its source keeps the ability. What a permanent could produce is unchanged
    (106.7 asks what an ability would make if it resolved)."""

    kind: Literal["forbid_activation"] = "forbid_activation"
    """Always `forbid_activation`: matching permanents' activated abilities can't be
    activated (602.5)"""
    to: Selector
    """Whose activated abilities, seen from this ability's controller"""
    works_from: WorksFrom = "battlefield"
    """`battlefield`: from a permanent; `effect`: from an entry of `effects`; `emblem`: from an
    entry of `emblems` (114); `graveyard`: from its card in its owner's graveyard (the state's
    `players.<name>.graveyard`)"""
    line: EffectLine | None = effect_line()
    to_chosen_name: bool = _to_chosen_name()
    during: TurnOf | None = omitted_at_default(
        None,
        description="In whose turn it applies: its controller's (`your_turn`: \"during your "
        "turn, your opponents can't ... activate abilities of artifacts\") or any other's "
        "(the state's `active_player` says whose turn it is); null: every turn",
    )
    except_mana_abilities: bool = omitted_at_default(
        False,
        description="Mana abilities may still be activated (\"... unless they're mana "
        'abilities"); an ability that makes mana but is no mana ability, as one with a '
        "target (605.1a), may not",
    )

    @model_validator(mode="after")
    def _named_by_its_permanent(self) -> ForbidActivation:
        _check_chosen_name(self.to_chosen_name, self.works_from)
        return self


def _check_types(
    subtypes: list[str], chosen_type: bool, where: WorksFrom, as_it_entered: bool = False
) -> None:
    """A type change names its types, or the one chosen for its effect (`chosen_type`, 305.7)
    or, with `as_it_entered`, for its source permanent as it entered; never both choices."""
    if as_it_entered and chosen_type:
        raise ValueError("a type chosen by an effect or as it entered, not both")
    if not subtypes and not (chosen_type or as_it_entered):
        raise ValueError("name at least one subtype, or a chosen type")
    if as_it_entered and where != "battlefield":
        raise ValueError(
            "chosen_as_it_entered is the choice of a permanent: works_from must be 'battlefield'"
        )
    if chosen_type and where != "effect":
        raise ValueError("chosen_type is the choice of an effect: works_from must be 'effect'")


def _chosen_type() -> Any:
    """The `chosen_type` field of SetLandTypes and AddSubtypes (305.7: "the basic land type of
    your choice"), left out of the dump when false so other cards keep their digests."""
    return omitted_at_default(
        False,
        description="With it, the basic land type chosen for the effect too (the `effects` "
        "entry's `chosen_land_type`); only for abilities working from an effect",
    )


class SetLandTypes(Strict):
    """Matching lands' land types become these basic land types (Blood Moon, Spreading Seas,
    Celestial Dawn): 305.7, they lose their other land types and every ability from their
    rules text, and gain each new type's intrinsic mana ability (305.6)."""

    kind: Literal["set_land_types"] = "set_land_types"
    """Always `set_land_types`: matching lands' land types are replaced (305.7, 613.1d)"""
    to: Selector
    """Which lands change, seen from this ability's controller"""
    subtypes: list[Word] = Field(default_factory=list, max_length=5)
    """The basic land types they become, like `Mountain` (each brings its mana, 305.6)"""
    chosen_type: bool = _chosen_type()
    chosen_as_it_entered: Literal["basic_land_type"] | None = omitted_at_default(
        None,
        description="With it, the basic land type chosen for its source permanent as it "
        "entered too (the permanent's `chosen_type`; it brings its mana, 305.6): an Aura's "
        "enchanted land, or the land itself, is the chosen type; only for abilities working "
        "from the battlefield",
    )
    loses_all_land_types: bool = omitted_at_default(
        False,
        description='They lose every land type and get none ("loses all land types"); '
        "with no basic land type set, 305.7 takes no abilities away (left out of the dump "
        "when false)",
    )
    works_from: WorksFrom = "battlefield"
    """`battlefield`: from a permanent; `effect`: from an entry of `effects`; `emblem`: from an
    entry of `emblems` (114); `graveyard`: from its card in its owner's graveyard (the state's
    `players.<name>.graveyard`)"""
    line: EffectLine | None = effect_line()
    while_counters: WhileCounters | None = omitted_at_default(
        None,
        description="611.3a: the change applies only while its source has this many counters "
        'of a kind ("as long as ~ has a conqueror counter on it, nonbasic lands are '
        'Mountains"); null: always',
    )
    to_chosen_name: bool = _to_chosen_name()

    @model_validator(mode="after")
    def _some_type(self) -> SetLandTypes:
        as_it_entered = self.chosen_as_it_entered is not None
        if self.loses_all_land_types:
            if self.subtypes or self.chosen_type or as_it_entered:
                raise ValueError("loses_all_land_types sets no type: name none, choose none")
        else:
            _check_types(self.subtypes, self.chosen_type, self.works_from, as_it_entered)
        _check_chosen_name(self.to_chosen_name, self.works_from)
        return self


ChosenForSource = Literal["creature_type", "basic_land_type"]


class AddSubtypes(Strict):
    """Matching permanents also have these subtypes, keeping everything else (Urborg: every
    land is a Swamp too; Prismatic Omen: your lands are every basic land type). A basic land
    type brings its intrinsic mana ability (305.6)."""

    kind: Literal["add_subtypes"] = "add_subtypes"
    """Always `add_subtypes`: matching permanents gain subtypes, keeping theirs (613.1d)"""
    to: Selector
    """Which permanents gain them, seen from this ability's controller"""
    subtypes: list[Word] = Field(default_factory=list, max_length=20)
    """The subtypes added, like `Swamp` (a basic land type brings its mana, 305.6)"""
    chosen_type: bool = _chosen_type()
    chosen_as_it_entered: ChosenForSource | None = omitted_at_default(
        None,
        description="With it, the type chosen for its source permanent as it entered too (the "
        "permanent's `chosen_type`): a creature type (205.3m) or a basic land type (which "
        "brings its mana, 305.6); only for abilities working from the battlefield",
    )
    works_from: WorksFrom = "battlefield"
    """`battlefield`: from a permanent; `effect`: from an entry of `effects`; `emblem`: from an
    entry of `emblems` (114); `graveyard`: from its card in its owner's graveyard (the state's
    `players.<name>.graveyard`)"""
    line: EffectLine | None = effect_line()
    while_count: CountAtLeast | None = _while_count()

    @model_validator(mode="after")
    def _some_type(self) -> AddSubtypes:
        as_it_entered = self.chosen_as_it_entered is not None
        _check_types(self.subtypes, self.chosen_type, self.works_from, as_it_entered)
        return self


class AddTypes(Strict):
    """Matching permanents also have these card types and subtypes, keeping everything else
    (a land that becomes a creature until end of turn; a permanent that becomes an artifact
    too). 613.1d: a type-changing effect, layer 4. A land that becomes a creature is a
    creature for 302.6 (summoning sickness) and for every selector of creatures."""

    kind: Literal["add_types"] = "add_types"
    """Always `add_types`: matching permanents gain card types and subtypes (613.1d)"""
    to: Selector
    """Which permanents gain them, seen from this ability's controller"""
    types: list[CardType] = Field(min_length=1, max_length=6)
    """The card types added, lower case, like `creature`"""
    subtypes: list[Word] = Field(default_factory=list, max_length=10)
    """The subtypes added with them, like `Elemental` (a basic land type brings its mana,
    305.6)"""
    every_creature_type: bool = omitted_at_default(
        False,
        description="They are every creature type too (702.73a: a land that becomes a creature "
        "with all creature types), which any filter of one creature type matches (left out of "
        "the dump when false)",
    )
    works_from: WorksFrom = "battlefield"
    """`battlefield`: from a permanent; `effect`: from an entry of `effects`; `emblem`: from an
    entry of `emblems` (114); `graveyard`: from its card in its owner's graveyard (the state's
    `players.<name>.graveyard`)"""
    line: EffectLine | None = effect_line()
    while_count: CountAtLeast | None = _while_count()
    during: TurnOf | None = _during()


class SetCreatureTypes(Strict):
    """Matching permanents' creature types become these (205.1a: a named subtype replaces the
    old ones of its kind; "enchanted creature is a Treefolk"), or the creature type chosen for
    this ability's permanent as it entered ("creatures you control are the chosen type",
    205.3m). Their card types, other subtypes, colors and abilities stay. 613.1d: layer 4."""

    kind: Literal["set_creature_types"] = "set_creature_types"
    """Always `set_creature_types`: matching permanents' creature types are replaced (613.1d)"""
    to: Selector
    """Which permanents change, seen from this ability's controller"""
    subtypes: list[Word] = Field(default_factory=list, max_length=10)
    """The creature types they have from now on, like `Frog`"""
    chosen_as_it_entered: Literal["creature_type"] | None = omitted_at_default(
        None,
        description="With it, the creature type chosen for its source permanent as it "
        "entered (the permanent's `chosen_type`, 205.3m); only for abilities working from "
        "the battlefield",
    )
    works_from: WorksFrom = "battlefield"
    """`battlefield`: from a permanent; `effect`: from an entry of `effects`; `emblem`: from an
    entry of `emblems` (114); `graveyard`: from its card in its owner's graveyard (the state's
    `players.<name>.graveyard`)"""
    line: EffectLine | None = effect_line()
    during: TurnOf | None = _during()

    @model_validator(mode="after")
    def _some_type(self) -> SetCreatureTypes:
        as_it_entered = self.chosen_as_it_entered is not None
        _check_types(self.subtypes, False, self.works_from, as_it_entered)
        return self


class SetCardTypes(Strict):
    """Matching permanents' card types become these, with these subtypes (Vraska's Treasure,
    Hydro-Man becoming a land until your next turn). 205.1a: the new card types replace the old
    ones; an old subtype stays while the card type it goes with stays (205.3d: an Equipment
    made an artifact creature is still an Equipment; a creature made a land is no Elf), unless
    a subtype of its kind is named, which replaces it. Land, artifact, enchantment and battle
    types are told by the rules' lists; any other subtype counts as a creature type. Supertypes,
    colors and abilities are kept. 613.1d: layer 4."""

    kind: Literal["set_card_types"] = "set_card_types"
    """Always `set_card_types`: matching permanents' card types are replaced (613.1d)"""
    to: Selector
    """Which permanents change, seen from this ability's controller"""
    types: list[CardType] = Field(min_length=1, max_length=6)
    """The card types they become, lower case, like `land`"""
    subtypes: list[Word] = Field(default_factory=list, max_length=10)
    """The subtypes they get with them, like `Treasure`"""
    while_graveyard_below: int | None = omitted_at_default(
        None,
        ge=1,
        le=1000,
        description="The effect applies only while its controller's graveyard holds fewer "
        "cards than this (611.3a: as long as ...; the state's `players.<name>.graveyard` "
        "says it); null: always",
    )
    while_devotion_below: DevotionBelow | None = omitted_at_default(
        None,
        description="The effect applies only while its controller's devotion to these colors "
        'is less than this (611.3a, 700.5: "as long as your devotion to red is less than '
        "five, ~ isn't a creature\"); null: always",
    )
    while_impending: bool = omitted_at_default(
        False,
        description="702.176a: the effect applies only while its source's impending cost was "
        "paid (the state's `impending`) and it has a time counter: \"it's not a creature\"",
    )
    works_from: WorksFrom = "battlefield"
    """`battlefield`: from a permanent; `effect`: from an entry of `effects`; `emblem`: from an
    entry of `emblems` (114); `graveyard`: from its card in its owner's graveyard (the state's
    `players.<name>.graveyard`)"""
    line: EffectLine | None = effect_line()
    while_count: CountAtLeast | None = _while_count()
    during: TurnOf | None = _during()


class DevotionBelow(Strict):
    """A condition on its controller's devotion (700.5): the mana symbols of these colors among
    the mana costs of the permanents they control, a symbol of either color counted once, is
    fewer than `below` ("as long as your devotion to white and blue is less than seven")."""

    colors: list[ColorCode] = Field(min_length=1, max_length=2)
    """The colors counted, like `W` and `U`"""
    below: int = Field(ge=1, le=100)
    """The devotion it must be less than for the effect to apply"""


class SetColors(Strict):
    """Matching permanents are these colors and no others (Imprisoned in the Moon's
    "colorless land"): 105.2, 613.1e, layer 5. An empty list is colorless (105.2c)."""

    kind: Literal["set_colors"] = "set_colors"
    """Always `set_colors`: matching permanents' colors are replaced (613.1e)"""
    to: Selector
    """Which permanents change, seen from this ability's controller"""
    colors: list[ColorCode] = Field(default_factory=list, max_length=5)
    """The colors they are (W U B R G); empty: colorless"""
    works_from: WorksFrom = "battlefield"
    """`battlefield`: from a permanent; `effect`: from an entry of `effects`; `emblem`: from an
    entry of `emblems` (114); `graveyard`: from its card in its owner's graveyard (the state's
    `players.<name>.graveyard`)"""
    line: EffectLine | None = effect_line()
    during: TurnOf | None = _during()


class LoseAllAbilities(Strict):
    """Matching permanents lose all abilities (Humility; Turn to Frog on its target), the
    intrinsic mana abilities of their land types too (613.1f)."""

    kind: Literal["lose_all_abilities"] = "lose_all_abilities"
    """Always `lose_all_abilities`: matching permanents lose every ability (613.1f)"""
    to: Selector
    """Which permanents lose them, seen from this ability's controller"""
    keeps_own: bool = omitted_at_default(
        False,
        description='"Loses all other abilities": the abilities this same source grants them '
        "stay (left out of the dump when false)",
    )
    except_mana_abilities: bool = omitted_at_default(
        False,
        description='"Loses all abilities except mana abilities": their mana abilities (605.1: '
        "activated and triggered ones, those of their land types too, 305.6) stay, whenever "
        "granted (left out of the dump when false)",
    )
    works_from: WorksFrom = "battlefield"
    """`battlefield`: from a permanent; `effect`: from an entry of `effects`; `emblem`: from an
    entry of `emblems` (114); `graveyard`: from its card in its owner's graveyard (the state's
    `players.<name>.graveyard`)"""
    line: EffectLine | None = effect_line()
    to_chosen_name: bool = _to_chosen_name()

    @model_validator(mode="after")
    def _named_from_battlefield(self) -> LoseAllAbilities:
        _check_chosen_name(self.to_chosen_name, self.works_from)
        return self


StaticAbility = (
    GrantManaAbility
    | GrantKeyword
    | GainControl
    | SetLandTypes
    | AddSubtypes
    | AddTypes
    | SetCreatureTypes
    | SetCardTypes
    | SetColors
    | LoseAllAbilities
)


def layer_of(ability: StaticAbility) -> Layer:
    match ability:
        case GainControl():
            return Layer.CONTROL  # 613.1b (its haste is layer 6, applied with the grants)
        case SetLandTypes() | AddSubtypes() | AddTypes() | SetCreatureTypes() | SetCardTypes():
            return Layer.TYPE  # 613.1d
        case SetColors():
            return Layer.COLOR  # 613.1e
        case GrantManaAbility() | GrantKeyword() | LoseAllAbilities():
            return Layer.ABILITY  # 613.1f
        case _:
            assert_never(ability)
