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

from app.domain.base import ManaString, Strict, Summary, Word, check_mana_string
from app.domain.continuous import (
    AddSubtypes,
    GainControl,
    GrantKeyword,
    GrantManaAbility,
    LoseAllAbilities,
    SetLandTypes,
    StaticAbility,
    WorksFrom,
)
from app.domain.filters import Selector
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
    source: Selector
    tapped_by_you: bool = False
    min_amount: int = Field(0, ge=0, le=100)
    change: ReplacementChange
    works_from: WorksFrom = "battlefield"


class EntersWithCounters(Strict):
    """ETB replacement (614.1c): enters with `X` (or a fixed number of) counters (107.3m)."""

    kind: Literal["enters_with_counters"] = "enters_with_counters"
    counter: Word
    amount: Literal["X"] | int

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
    source: Selector
    tapped_by_you: bool = False
    requires_tap: bool = True
    only_chosen_color: bool = False
    adds: Literal["fixed", "type_produced", "chosen_color"]
    mana: ManaString | None = None  # with adds="fixed"
    works_from: WorksFrom = "battlefield"

    @model_validator(mode="after")
    def _fixed_needs_mana(self) -> ManaTrigger:
        if self.adds == "fixed":
            if not self.mana:
                raise ValueError("adds 'fixed' needs 'mana'")
            check_mana_string(self.mana, produced=True)
        return self


class EtbTrigger(Strict):
    """An enters-the-battlefield trigger (603.6a); `uses_x` when it refers to X (107.3m)."""

    kind: Literal["etb_trigger"] = "etb_trigger"
    uses_x: bool = False
    summary: Summary = ""


class RevealUntil(Strict):
    """Reveal (or exile, for cascade, 702.85) until a qualifying nonland card; may cast it
    free."""

    kind: Literal["reveal_until"] = "reveal_until"
    mode: Literal["reveal", "cascade"]
    max_mana_value: int | None = None
    nonlegendary: bool = False


class MulliganHelper(Strict):
    """While in the opening hand, its owner may exile the hand and draw that many instead of
    taking a mulligan (Serum Powder; 103.5c)."""

    kind: Literal["mulligan_helper"] = "mulligan_helper"


# --- text not understood -----------------------------------------------------------------------


class Unsupported(Strict):
    """Rules text the catalog could not turn into data. The engine never treats it as absent:
    a ruling about a permanent carrying it says so."""

    kind: Literal["unsupported"] = "unsupported"
    text: Annotated[str, Field(max_length=1000)]
    reason: Summary = ""


TriggeredAbility = ManaTrigger | EtbTrigger | RevealUntil
ReplacementAbility = ManaReplacement | EntersWithCounters
ActivatedAbility = ManaAbility
Category = Literal["activated", "triggered", "static", "replacement", "unsupported"]

Ability = Annotated[
    ManaAbility
    | GrantManaAbility
    | SetLandTypes
    | AddSubtypes
    | LoseAllAbilities
    | ManaReplacement
    | ManaTrigger
    | GrantKeyword
    | GainControl
    | EntersWithCounters
    | EtbTrigger
    | RevealUntil
    | MulliganHelper
    | Unsupported,
    Field(discriminator="kind"),
]
AnyAbility = (
    ManaAbility
    | GrantManaAbility
    | SetLandTypes
    | AddSubtypes
    | LoseAllAbilities
    | ManaReplacement
    | ManaTrigger
    | GrantKeyword
    | GainControl
    | EntersWithCounters
    | EtbTrigger
    | RevealUntil
    | MulliganHelper
    | Unsupported
)


def category(ability: AnyAbility) -> Category:
    """113.3: which kind of ability this is."""
    match ability:
        case ManaAbility():
            return "activated"
        case ManaTrigger() | EtbTrigger() | RevealUntil():
            return "triggered"
        case GrantManaAbility() | GrantKeyword() | GainControl() | MulliganHelper():
            return "static"
        case SetLandTypes() | AddSubtypes() | LoseAllAbilities():
            return "static"
        case ManaReplacement() | EntersWithCounters():
            return "replacement"
        case Unsupported():
            return "unsupported"
        case _:
            assert_never(ability)


def works_from(ability: AnyAbility) -> WorksFrom:
    """Where the ability works from (a permanent, or a turn-long effect)."""
    match ability:
        case GrantManaAbility() | GrantKeyword() | GainControl() | ManaReplacement():
            return ability.works_from
        case ManaTrigger():
            return ability.works_from
        case SetLandTypes() | AddSubtypes() | LoseAllAbilities():
            return ability.works_from
        case ManaAbility() | EntersWithCounters() | EtbTrigger() | RevealUntil():
            return "battlefield"
        case MulliganHelper() | Unsupported():
            return "battlefield"
        case _:
            assert_never(ability)


__all__ = [
    "Ability",
    "ActivatedAbility",
    "AnyAbility",
    "Category",
    "EntersWithCounters",
    "EtbTrigger",
    "ManaReplacement",
    "ManaTrigger",
    "MulliganHelper",
    "ReplacementAbility",
    "RevealUntil",
    "StaticAbility",
    "TriggeredAbility",
    "Unsupported",
    "category",
    "works_from",
]
