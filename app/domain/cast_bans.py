"""Static abilities and turn-long effects that stop spells from being cast (601.3: a player
may begin to cast a spell only if no rule or effect prohibits it; 101.2: a "can't" beats any
permission, a free cast's included)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from app.domain.base import Strict, TurnMoment, omitted_at_default
from app.domain.continuous import CountAtLeast, EffectLine, WorksFrom, effect_line
from app.domain.costs import ChosenSpells, CountsSpells, During, FromZones, spells_only
from app.domain.filters import Selector, SpellSelector


class CastersTurns(Strict):
    """The turns of their own its caster has begun this game (their `turns_begun`)."""

    kind: Literal["turns_begun"] = "turns_begun"
    """Always `turns_begun`: the caster's turns begun"""


class CastersPermanents(Strict):
    """How many permanents `of` picks, seen from the caster ("the number of lands that player
    controls": lands, `controller` `you`)."""

    kind: Literal["permanents"] = "permanents"
    """Always `permanents`: a count of permanents, seen from the caster"""
    of: Selector
    """Which permanents, `controller` relative to the caster"""

    @field_validator("of")
    @classmethod
    def _by_characteristics(cls, of: Selector) -> Selector:
        """The caster is no object: nothing is attached to it, and no permanent is it."""
        if of.relation != "any" or of.per_object:
            raise ValueError("a count seen from the caster has no 'attached' or 'other'")
        return of


CastersCount = Annotated[CastersTurns | CastersPermanents, Field(discriminator="kind")]


class SpellCastBan(FromZones, ChosenSpells, CountsSpells):
    """Matching spells can't be cast ("your opponents can't cast spells during your turn",
    "you can't cast creature spells", "spells with the chosen name can't be cast", "your
    opponents can't cast spells of the chosen color", "each player can't cast more than one
    spell each turn", "players can't cast spells from graveyards": `cast_from` /
    `not_cast_from`, 601.2a). Checked before the spell is proposed (601.3), so a spell cast
    without paying its mana cost (118.9) is stopped too; what the casting's own choices change
    is the question's to say (601.3a: the face and the X asked)."""

    kind: Literal["spell_cast_ban"] = "spell_cast_ban"
    """Always `spell_cast_ban`: matching spells can't be cast (601.3)"""
    spells: SpellSelector
    """Which spells, seen from this ability's controller: `controller` is the would-be caster
    (`you`: "you can't cast"; `opponent`: "your opponents can't cast"), types, subtypes and
    `where` over the spell's characteristics (a mana value among them)"""
    during: During | None = omitted_at_default(None)
    """In whose turn it applies: its controller's (`your_turn`: "during your turn"), any other's,
    the would-be caster's, or any other than the caster's (`not_casters_turn`: "players can
    cast spells only during their own turns"); null: every turn"""
    mana_value_above: CastersCount | None = omitted_at_default(
        None,
        description="202.3: it stops only spells whose mana value is greater than this count "
        "of their caster's ('with mana value greater than the number of lands that player "
        "controls'); null: any mana value",
    )
    during_combat: bool = omitted_at_default(
        False,
        description="506.1: it applies only during the combat phase ('players can't cast spells "
        "during combat'; the state's `phase`)",
    )
    after_spells_this_turn: Annotated[int, Field(ge=1, le=10)] | None = omitted_at_default(None)
    """It applies only once the would-be caster has cast this many spells this turn ("can't
    cast more than one spell each turn": 1; their `spells_cast_this_turn`; of those it names,
    with `counting` `alike`); null: always"""
    unless_sorcery_timing: bool = omitted_at_default(
        False,
        description="307.5: it holds except when the spell is cast at a time its caster could "
        "cast a sorcery (their main phase, the stack empty, with priority: 'can cast spells "
        "only any time they could cast a sorcery'); a spell cast while another spell or "
        "ability resolves never is",
    )
    by_target_player: bool = omitted_at_default(
        False,
        description="115.1: only spells the player its effect targets casts (the entry's "
        "`target_player`: 'target player can't cast spells this turn'); only with `works_from` "
        "`effect`",
    )
    works_from: WorksFrom = "battlefield"
    """`battlefield`: from a permanent; `effect`: from an entry of `effects` (a spell that
    says no spells can be cast this turn); `emblem`: from an entry of `emblems` (114);
    `graveyard`: from its card in its owner's graveyard"""
    line: EffectLine | None = effect_line()

    _spells = field_validator("spells")(classmethod(lambda cls, v: spells_only(v)))

    @model_validator(mode="after")
    def _counts_something(self) -> SpellCastBan:
        self._counts(self.after_spells_this_turn, "after_spells_this_turn")
        if self.by_target_player and self.works_from != "effect":
            raise ValueError("by_target_player is the target of an effect: works_from 'effect'")
        return self


class CastRestriction(Strict):
    """A card's restriction on casting itself (601.3): "you can't cast ~ during your first,
    second, or third turns of the game", "you can't cast ~ if you've played a land this turn",
    "cast ~ only during combat on your turn", "cast ~ only if you control a creature".
    Read as the spell is proposed, so a spell cast without paying its mana cost (118.9) is
    stopped too (101.2); on the battlefield it does nothing."""

    kind: Literal["cast_restriction"] = "cast_restriction"
    """Always `cast_restriction`: when its own card can't be cast (601.3)"""
    during_first_turns: Annotated[int, Field(ge=1, le=20)] | None = omitted_at_default(
        None,
        description="Its caster can't cast it during their own first this-many turns of the "
        "game (the state's `active_player` and the caster's `turns_begun`); in another "
        "player's turn it holds not",
    )
    after_land_played: bool = omitted_at_default(
        False,
        description="305.2: its caster can't cast it once they have played a land this turn "
        "(their `lands_played_this_turn`)",
    )
    only_during: Literal["your_turn", "not_your_turn"] | None = omitted_at_default(
        None,
        description="It may be cast only in its caster's turn (`your_turn`: \"cast ~ only "
        "during your turn\") or only in another player's (`not_your_turn`); the state's "
        "`active_player` says whose turn it is",
    )
    only_during_combat: bool = omitted_at_default(
        False,
        description='It may be cast only during combat ("cast ~ only during combat", 506.1); '
        "the state's `phase` says whether it is",
    )
    only_if_caster_controls: CountAtLeast | None = omitted_at_default(
        None,
        description="It may be cast only while its caster controls at least this many of "
        'these permanents ("cast ~ only if you control two or more Vampires"), seen from '
        "the caster",
    )
    only_during_moments: list[TurnMoment] = omitted_at_default(
        default_factory=list,
        max_length=12,
        description='It may be cast only in one of these steps or main phases ("cast ~ only '
        'during the declare blockers step", "only before attackers are declared": the '
        "moments of the turn before that, 506.1, 508.1); the state's `phase`, and `step` "
        "where the phase has steps some of which are listed, say which it is",
    )
    only_after_other_spells: Annotated[int, Field(ge=1, le=20)] | None = omitted_at_default(
        None,
        description="It may be cast only once its caster has cast at least this many other "
        'spells this turn ("cast ~ only if you\'ve cast another spell this turn"; their '
        "`spells_cast_this_turn`, 601.2i)",
    )
    only_if_attacked: bool = omitted_at_default(
        False,
        description='It may be cast only while a creature is attacking its caster ("cast ~ '
        'only if a creature is attacking you", "only if you\'ve been attacked this step" in '
        "the declare attackers step); the caster's `being_attacked` says so",
    )

    @property
    def casts_only(self) -> bool:
        """It says when it may be cast ("cast ~ only ..."), rather than when it can't."""
        return (
            self.only_during is not None
            or self.only_during_combat
            or self.only_if_caster_controls is not None
            or bool(self.only_during_moments)
            or self.only_after_other_spells is not None
            or self.only_if_attacked
        )

    def met_after(self, spells_before: int) -> bool:
        """Whether it holds for any caster at any time once they have cast this many spells
        this turn: only a restriction that asks for other spells cast and nothing else."""
        others = self.only_after_other_spells
        return (
            others is not None
            and others <= spells_before
            and self.only_during is None
            and not self.only_during_combat
            and self.only_if_caster_controls is None
            and not self.only_during_moments
            and not self.only_if_attacked
        )

    @model_validator(mode="after")
    def _one_restriction(self) -> CastRestriction:
        said = [self.during_first_turns is not None, self.after_land_played, self.casts_only]
        if sum(said) != 1:
            raise ValueError(
                "a cast restriction gives during_first_turns, after_land_played, or when it "
                "may be cast only (only_during, only_during_combat, only_if_caster_controls, "
                "only_during_moments, only_after_other_spells, only_if_attacked)"
            )
        return self
