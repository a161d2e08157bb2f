"""One typed answer per ruling kind: what the engine's answer objects must look like, and the
`answer` of each endpoint's response schema (app/api/schemas.py builds the rulings from
these). `check_answer` validates an engine answer against its kind's model."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from app.domain.base import ManaTypeCode
from app.domain.ruling import RulingKind
from app.domain.state import GameState


class Reason(BaseModel):
    """Why an action is not (or only partly) allowed: a stable code, rules, and words."""

    code: str
    rules: list[str]
    message: str


class PermanentTypes(BaseModel):
    id: str
    name: str
    types: list[ManaTypeCode] = Field(description="Mana types in WUBRGC order; [] when none")


class CouldProduceAnswer(BaseModel):
    permanents: list[PermanentTypes]


class AbilityOut(BaseModel):
    index: int
    summary: str
    origin: Literal["printed", "intrinsic", "granted"]
    granted_by: str | None


class TriggeredOut(BaseModel):
    source_id: str
    name: str
    mana: str = Field(description='Oracle notation; "" while its choice is open')
    choices: list[str] | None = Field(None, description="Present while a choice is open")


class OutcomeOut(BaseModel):
    replacement_order: list[str]
    choices: dict[str, str] | None = Field(
        None, description='"choose" for the ability\'s choice, trigger source ids for theirs'
    )
    produced: str
    total: str


class Note(BaseModel):
    code: str
    message: str


class ActivateAnswer(BaseModel):
    legal: bool
    reasons: list[Reason]
    ability: AbilityOut | None
    produced: str = Field(description="Mana made by the ability, after replacement effects")
    triggered: list[TriggeredOut]
    total: str
    made_mana: bool = Field(description="Did the ability make any mana (106.12a)?")
    choice_required: bool
    options: list[str] = Field(description="The ability's choices, before replacement effects")
    replacement_order: list[str] = Field(description="The replacement effects applied, in order")
    outcomes: list[OutcomeOut] = Field(
        description="Every distinct total over every replacement order and choice"
    )
    notes: list[Note]
    state: GameState | None = Field(description="The game state after the activation")


class ManaValueAnswer(BaseModel):
    x: int
    mana_value: int
    etb_x: int | None = Field(description="Battlefield only: the X its ETB abilities use")
    face: str


class CastWithoutPayingAnswer(BaseModel):
    castable: bool
    face: str = Field(description="The face, half or part cast")
    x: int
    alternative_cost: str | None = Field(description="Always null: none can be added (118.9a)")
    additional_costs_paid: list[str]
    mana_to_pay: str = Field(description="Mana still owed for additional costs, Oracle notation")
    mana_value_on_stack: int = Field(
        description="Mana value of the spell on the stack (the face cast, X = 0), also when it "
        "can't be cast"
    )
    reasons: list[Reason]


class RevealUntilAnswer(BaseModel):
    revealed: list[str] = Field(description="In reveal (or exile) order")
    hit: str | None
    cast: bool
    cast_face: str | None
    cast_x: int | None
    free_cast: CastWithoutPayingAnswer | None = Field(
        description="The free-cast ruling on the hit, when a cast was tried"
    )
    bottom: list[str] = Field(description="Cards put on the bottom, in their new order")
    library: list[str] = Field(description="The whole library afterwards, top first")
    reshuffled: bool
    reasons: list[Reason]


class ExiledCardOut(BaseModel):
    card: str
    face_up: bool


class MulliganAnswer(BaseModel):
    legal: bool
    reasons: list[Reason]
    hand: list[str]
    library: list[str]
    exile: list[ExiledCardOut]
    mulligans_taken: int
    bottom_owed: int
    kept: bool


ANSWERS: dict[RulingKind, type[BaseModel]] = {
    "could_produce": CouldProduceAnswer,
    "activate_mana_ability": ActivateAnswer,
    "mana_value": ManaValueAnswer,
    "cast_without_paying": CastWithoutPayingAnswer,
    "reveal_until": RevealUntilAnswer,
    "mulligan": MulliganAnswer,
}


def check_answer(kind: str, answer: dict[str, Any]) -> None:
    """Raise a ValueError (pydantic's) when an engine answer doesn't have its kind's shape:
    a bug in the engine, never a stored ruling of the wrong shape."""
    model = ANSWERS.get(kind)  # type: ignore[call-overload]
    if model is None:
        raise ValueError(f"no answer model for the ruling kind {kind!r}")
    model.model_validate(answer)
