"""Every ability a card can have, by kind (113.3): activated (mana abilities, 605.1a),
triggered (603; triggered mana abilities 605.1b), static (604; the continuous effects are in
continuous.py with their layer), replacement effects (614) — and `unsupported`, text the
catalog could not turn into data, which the engine carries and reports, never ignores.

`Ability` is the discriminated union on `kind` that card data uses; `category` sorts any
ability into its kind, exhaustively.
"""

from __future__ import annotations

from typing import Annotated, Literal, assert_never

from pydantic import Field, model_validator

from app.domain.base import (
    CardType,
    ColorCode,
    ManaString,
    ManaTypeCode,
    Strict,
    Summary,
    Word,
    check_mana_string,
    omitted_at_default,
)
from app.domain.cast_bans import CastRestriction, SpellCastBan
from app.domain.continuous import (
    AddSubtypes,
    AddTypes,
    EffectLine,
    ForbidActivation,
    GainControl,
    GrantKeyword,
    GrantManaAbility,
    LoseAllAbilities,
    SetCardTypes,
    SetColors,
    SetCreatureTypes,
    SetLandTypes,
    StaticAbility,
    WorksFrom,
    effect_line,
)
from app.domain.costs import SpellCostChange, SpellCostMinimum
from app.domain.filters import ManaValueBound, Selector
from app.domain.mana_abilities import ManaAbility
from app.domain.quantities import Fixed, Quantity, XValue
from app.domain.replacement_changes import ReplacementChange

# --- replacement effects (614) -----------------------------------------------------------------


class ManaReplacement(Strict):
    """A replacement effect on a 'tapped for mana' production event (106.12b, 616.1).

    source: which permanents, seen from this effect's controller. tapped_by_you: only when this
    effect's controller taps it. min_amount: only when the event is that much mana or more
    (Damping Sphere's 'two or more'), looked at again after each replacement (616.1e).
    """

    kind: Literal["mana_replacement"] = "mana_replacement"
    """Always `mana_replacement`: replaces a 'tapped for mana' event (106.12b, 614)"""
    source: Selector
    """Which permanents' mana it replaces, seen from this effect's controller"""
    tapped_by_you: bool = False
    """Only when this effect's controller is the one who taps the source"""
    min_amount: int = Field(0, ge=0, le=100)
    """Only when the event makes at least this much mana (0: any); rechecked (616.1e)"""
    change: ReplacementChange
    """What the mana of the event becomes (616.1)"""
    works_from: WorksFrom = "battlefield"
    """`battlefield`: from a permanent; `effect`: from an entry of `effects`; `emblem`: from an
    entry of `emblems` (114); `graveyard`: from its card in its owner's graveyard (the state's
    `players.<name>.graveyard`)"""
    line: EffectLine | None = effect_line()


class EntersWithCounters(Strict):
    """ETB replacement (614.1c): enters with `X` (or a fixed number of) counters (107.3m)."""

    kind: Literal["enters_with_counters"] = "enters_with_counters"
    """Always `enters_with_counters`: it enters with counters on it (614.1c)"""
    counter: Word
    """The kind of counter, like `charge` or `+1/+1`"""
    amount: Literal["X"] | Annotated[int, Field(ge=1, le=10_000)]
    """How many: a number, or `X` for the X the spell was cast with (107.3m)"""

    @property
    def quantity(self) -> Quantity:
        return XValue() if self.amount == "X" else Fixed(value=self.amount)


# --- triggered abilities (603) -----------------------------------------------------------------


class ManaTrigger(Strict):
    """A triggered mana ability (605.1b) on a land/permanent being tapped for mana (106.12a).

    source: which tapped permanents (relation `attached`: the enchanted one). tapped_by_you:
    only when this trigger's controller taps it. requires_tap false: any mana ability of the
    source counts (Caged Sun). only_chosen_color: the ability must have made mana of this
    permanent's chosen color. adds: fixed mana, one of a type the source produced, or one of
    the chosen color.
    """

    kind: Literal["mana_trigger"] = "mana_trigger"
    """Always `mana_trigger`: a triggered mana ability (605.1b)"""
    source: Selector
    """Which tapped permanents trigger it (relation `attached`: the enchanted one)"""
    tapped_by_you: bool = False
    """Only when this ability's controller is the one who taps the source"""
    requires_tap: bool = True
    """True: only tapping for mana counts (106.12a); false: any mana ability of it"""
    only_chosen_color: bool = False
    """Only when the source made mana of this permanent's chosen color"""
    adds: Literal["fixed", "type_produced", "chosen_color", "any_color", "combination"]
    """What it adds: `fixed` (the `mana` field), a type the source made, the chosen color,
    `amount` mana of any one color, or `amount` mana in any combination of colors"""
    mana: ManaString | None = None  # with adds="fixed"
    """With `adds` `fixed`: the mana it adds, like `{G}`; otherwise null"""
    amount: int = omitted_at_default(
        1,
        ge=1,
        le=5,
        description="With `adds` `any_color` or `combination`: how much mana it adds",
    )
    optional: bool = omitted_at_default(
        False,
        description='Its controller may add the mana or not ("may add"); not adding is the '
        "choice `none`",
    )
    per_count: Selector | None = omitted_at_default(
        None,
        description="With `adds` `fixed`: the `mana` is added once for each permanent this "
        'selector picks as it resolves ("an additional {G} for each Elf"); null: once',
    )
    while_monarch: bool = omitted_at_default(
        False,
        description="It triggers only while its controller is the monarch (724): the state's "
        "`players.<controller>.monarch` says",
    )
    source_named_exiled: bool = omitted_at_default(
        False,
        description="406.6, 607.2a: only those of `source` with the same name as a card "
        "exiled with this ability's permanent (its `exiled`; none exiled: it never triggers)",
    )
    only_type: ManaTypeCode | None = omitted_at_default(
        None,
        description='106.12a: only when the tapped permanent made mana of this type ("whenever '
        'you tap a permanent for {C}": `C`); null: any mana',
    )
    while_source_tapped: bool = omitted_at_default(
        False,
        description='603.4: an intervening "if" ("if ~ is tapped"): it triggers only while '
        "its own permanent is tapped (the state's `tapped`)",
    )
    side_effect: Annotated[str, Field(max_length=200)] | None = omitted_at_default(
        None,
        description='Anything else it does as it resolves, in a short phrase ("deals 1 damage '
        'to that player"); none of it changes the mana; null: nothing',
    )
    if_snow_mana: ManaString | None = omitted_at_default(
        None,
        description="With `adds` `fixed`: the mana it adds instead when the permanent tapped "
        "is snow (205.4a: it has the supertype snow), like `{U}{U}`; null: the same either way",
    )
    spend_restricted: bool = omitted_at_default(
        False,
        description='106.6: its text says how the mana it adds may be spent ("spend this mana '
        'only to ..."): an activation it triggers on says the mana carries the restriction',
    )

    works_from: WorksFrom = "battlefield"
    """`battlefield`: from a permanent; `effect`: from an entry of `effects`; `emblem`: from an
    entry of `emblems` (114); `graveyard`: from its card in its owner's graveyard (the state's
    `players.<name>.graveyard`)"""
    line: EffectLine | None = effect_line()

    @model_validator(mode="after")
    def _fixed_needs_mana(self) -> ManaTrigger:
        if self.if_snow_mana is not None:
            if self.adds != "fixed" or self.per_count is not None:
                raise ValueError("'if_snow_mana' goes with adds 'fixed' without 'per_count'")
            check_mana_string(self.if_snow_mana, produced=True)
        if self.adds == "fixed":
            if not self.mana:
                raise ValueError("adds 'fixed' needs 'mana'")
            check_mana_string(self.mana, produced=True)
        elif self.per_count is not None:
            raise ValueError("'per_count' goes with adds 'fixed' only")
        return self


class EtbTrigger(Strict):
    """An enters-the-battlefield trigger (603.6a); `uses_x` when it refers to X (107.3m)."""

    kind: Literal["etb_trigger"] = "etb_trigger"
    """Always `etb_trigger`: it triggers as the permanent enters (603.6a)"""
    uses_x: bool = False
    """Does it use the X the spell was cast with? (107.3m)"""
    summary: Summary = ""
    """What it does, in a short phrase of your own"""


class EtbReplacement(Strict):
    """A replacement effect on how the permanent enters (614.1c, 614.12: "as ~ enters, ...",
    "~ enters with ..."); `uses_x` when it refers to X (107.3m). Recorded for what it tells
    about X; what it does otherwise is not modelled."""

    kind: Literal["etb_replacement"] = "etb_replacement"
    """Always `etb_replacement`: it changes how the permanent enters (614.1c)"""
    uses_x: bool = False
    """Does it use the X the spell was cast with? (107.3m)"""
    summary: Summary = ""
    """What it does, in a short phrase of your own"""


class RevealUntil(Strict):
    """Reveal (or exile, for cascade, 702.85) until a qualifying nonland card; may cast it
    free."""

    kind: Literal["reveal_until"] = "reveal_until"
    """Always `reveal_until`: reveal or exile from the top until a nonland card qualifies"""
    mode: Literal["reveal", "cascade"]
    """`reveal`: up to `max_mana_value`; `cascade`: below the spell's mana value (702.85a)"""
    max_mana_value: ManaValueBound | None = None
    """With mode `reveal`: the highest mana value that qualifies (202.3)"""
    nonlegendary: bool = False
    """Only a nonlegendary card qualifies"""


class MulliganHelper(Strict):
    """While in the opening hand, its owner may exile the hand and draw that many instead of
    taking a mulligan (Serum Powder; 103.5c)."""

    kind: Literal["mulligan_helper"] = "mulligan_helper"
    """Always `mulligan_helper`: usable from the opening hand instead of a mulligan (103.5)"""


class OpeningHandMana(Strict):
    """Its owner may reveal it from their opening hand (103.6, after the mulligans); if they
    do, a delayed triggered ability adds this mana at the beginning of their first main phase
    of the game (603.7). It works from the opening hand, never from a permanent, so no question
    about the battlefield reaches it (113.6: abilities work on the battlefield unless they say
    otherwise)."""

    kind: Literal["opening_hand_mana"] = "opening_hand_mana"
    """Always `opening_hand_mana`: mana at the first main phase, for a card revealed from the
    opening hand (103.6)"""
    mana: ManaString
    """The mana the delayed trigger adds, like `{G}`"""

    @model_validator(mode="after")
    def _mana_is_mana(self) -> OpeningHandMana:
        check_mana_string(self.mana, produced=True)
        return self


# --- copy effects (707, layer 1) ---------------------------------------------------------------


class CopyEffect(Strict):
    """The permanent is, or may become, a copy of another object (707.2): it then has that
    object's copiable values, applied in layer 1 before every other effect (613.1a), with the
    exceptions this ability names (707.9b: they become part of the copy's values). The state's
    `copy_of` says what it copied; the engine reads the copied card and these exceptions."""

    kind: Literal["copy_effect"] = "copy_effect"
    """Always `copy_effect`: it is, or may become, a copy of another object (707.2)"""
    by: Literal["entering", "activation", "trigger", "token"]
    """How it becomes a copy. `entering`: it may enter as one (614.1c), so a state must say
    what it copied, or `[]`; `activation` or `trigger`: as an activated or triggered ability of
    it resolves, and a state says so (`copy_of`) while it is one; `token`: it makes tokens that
    are copies (111.1, 707.2), each a permanent whose `card` is this card, with `token` true
    and `copy_of` what it copied"""
    types: list[CardType] = Field(default_factory=list, max_length=6)
    """Card types the copy has in addition to the copied ones (707.9b)"""
    subtypes: list[Word] = Field(default_factory=list, max_length=10)
    """Subtypes the copy has in addition to the copied ones (707.9b)"""
    supertypes: list[Word] = Field(default_factory=list, max_length=5)
    """Supertypes the copy has in addition to the copied ones (707.9b), like `Legendary`"""
    colors: list[ColorCode] = Field(default_factory=list, max_length=5)
    """Colors the copy has in addition to the copied ones (707.9b)"""
    keywords: list[Word] = Field(default_factory=list, max_length=10)
    """Keyword abilities the copy has besides the copied ones (707.9a), like `Haste`"""
    mana_abilities: list[ManaAbility] = Field(default_factory=list, max_length=5)
    """Mana abilities the copy has besides the copied ones (707.9a)"""
    keeps_name: bool = False
    """The copy keeps its own name (707.9b)"""
    not_legendary: bool = False
    """The copy isn't legendary, whatever it copied (707.9b)"""
    keeps_abilities: bool = False
    """The copy keeps its own other abilities besides the copied ones (707.9a)"""
    summary: Summary = ""
    """What it copies, in a short phrase of your own"""


# --- text not understood -----------------------------------------------------------------------


class Unsupported(Strict):
    """Rules text the catalog could not turn into data. The engine never treats it as absent:
    a ruling about a permanent carrying it says so."""

    kind: Literal["unsupported"] = "unsupported"
    """Always `unsupported`: rules text the catalog could not turn into data"""
    text: Annotated[str, Field(max_length=1000)]
    """The text that was not understood, as given"""
    reason: Summary = ""
    """Why it was not understood, in a short phrase"""


TriggeredAbility = ManaTrigger | EtbTrigger | RevealUntil
ReplacementAbility = ManaReplacement | EntersWithCounters | EtbReplacement
ActivatedAbility = ManaAbility
Category = Literal["activated", "triggered", "static", "replacement", "unsupported"]

AnyAbility = (
    ManaAbility
    | GrantManaAbility
    | SetLandTypes
    | AddSubtypes
    | AddTypes
    | SetCreatureTypes
    | SetCardTypes
    | SetColors
    | LoseAllAbilities
    | ManaReplacement
    | ManaTrigger
    | GrantKeyword
    | GainControl
    | ForbidActivation
    | SpellCostChange
    | SpellCostMinimum
    | SpellCastBan
    | CastRestriction
    | EntersWithCounters
    | EtbReplacement
    | EtbTrigger
    | RevealUntil
    | MulliganHelper
    | OpeningHandMana
    | CopyEffect
    | Unsupported
)
# The same union as data, told apart by `kind` (the JSON a card carries).
Ability = Annotated[AnyAbility, Field(discriminator="kind")]


def category(ability: AnyAbility) -> Category:
    """113.3: which kind of ability this is."""
    match ability:
        case ManaAbility():
            return "activated"
        case ManaTrigger() | EtbTrigger() | RevealUntil():
            return "triggered"
        case (
            GrantManaAbility()
            | GrantKeyword()
            | GainControl()
            | ForbidActivation()
            | MulliganHelper()
        ):
            return "static"
        case SpellCostChange() | SpellCostMinimum():
            return "static"  # 601.2f: read as a spell's total cost is determined
        case SpellCastBan() | CastRestriction():
            return "static"  # 601.3: read before a spell is proposed
        case OpeningHandMana():
            return "static"  # 103.6: it works from the opening hand
        case (
            SetLandTypes()
            | AddSubtypes()
            | AddTypes()
            | SetCreatureTypes()
            | SetCardTypes()
            | SetColors()
            | LoseAllAbilities()
        ):
            return "static"
        case ManaReplacement() | EntersWithCounters() | EtbReplacement():
            return "replacement"
        case CopyEffect():
            match ability.by:  # 614.1c: entering as a copy replaces how it enters
                case "entering":
                    return "replacement"
                case "activation":
                    return "activated"
                case "trigger":
                    return "triggered"
                case "token":
                    # What the tokens are is the copy; the ability that makes them is the
                    # card's (an activation, a trigger or a spell's effect).
                    return "static"
                case _:
                    assert_never(ability.by)
        case Unsupported():
            return "unsupported"
        case _:
            assert_never(ability)


# The kinds of ability that may work from elsewhere than a permanent (`works_from`), and so
# may be on a line an effects entry names (`line`).
Placed = StaticAbility | ForbidActivation | ManaReplacement | ManaTrigger | SpellCastBan


def placed(ability: AnyAbility) -> Placed | None:
    """The ability, when it is of a kind that says where it works from; else None."""
    match ability:
        case (
            GrantManaAbility()
            | GrantKeyword()
            | GainControl()
            | ForbidActivation()
            | ManaReplacement()
            | ManaTrigger()
            | SpellCastBan()
        ):
            return ability
        case (
            SetLandTypes()
            | AddSubtypes()
            | AddTypes()
            | SetCreatureTypes()
            | SetCardTypes()
            | SetColors()
            | LoseAllAbilities()
        ):
            return ability
        case ManaAbility() | EntersWithCounters() | EtbReplacement() | EtbTrigger() | RevealUntil():
            return None
        case MulliganHelper() | OpeningHandMana() | CopyEffect() | Unsupported():
            return None
        case SpellCostChange() | SpellCostMinimum() | CastRestriction():
            return None
        case _:
            assert_never(ability)


def works_from(ability: AnyAbility) -> WorksFrom:
    """Where the ability works from (a permanent, or a turn-long effect)."""
    found = placed(ability)
    return "battlefield" if found is None else found.works_from


def line_of(ability: AnyAbility) -> int | None:
    """The line of its card's rules text an effect ability is on (an effects entry's
    `line` names it); None when it isn't told apart by line."""
    found = placed(ability)
    return None if found is None else found.line


__all__ = [
    "Ability",
    "ActivatedAbility",
    "AnyAbility",
    "CastRestriction",
    "Category",
    "CopyEffect",
    "EntersWithCounters",
    "EtbReplacement",
    "EtbTrigger",
    "ManaReplacement",
    "ManaTrigger",
    "MulliganHelper",
    "OpeningHandMana",
    "ReplacementAbility",
    "RevealUntil",
    "SpellCastBan",
    "SpellCostChange",
    "SpellCostMinimum",
    "StaticAbility",
    "TriggeredAbility",
    "Unsupported",
    "category",
    "line_of",
    "placed",
    "works_from",
]
