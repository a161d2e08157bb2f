"""One typed answer per ruling kind: the objects the engine builds and returns, and the
`answer` of each endpoint's response schema (app/api/schemas.py builds the rulings from
these), so the shape is written once.

The engine builds its answers with `trusted` (no validation: it guarantees the shape, and a
10,000-permanent answer must stay cheap); `answer_json` serializes one once, for the stored
ruling. `check_answer` validates an answer against its kind's model: the tests run it on every
ruling (app/rulings/checks.py), production doesn't pay for it."""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

import orjson
from pydantic import BaseModel, Field

# pydantic reads TypedDicts from typing_extensions on Python before 3.12.
from typing_extensions import TypedDict

from app.domain.base import ManaTypeCode, omitted_at_default
from app.domain.mana_abilities import Recipient
from app.domain.ruling import RulingKind
from app.domain.state import GameState


class Reason(BaseModel):
    """Why an action is not (or only partly) allowed: a stable code, rules, and words."""

    code: str
    rules: list[str]
    message: str


# A typed dict, not a model: an answer lists every permanent of the board, and 10,000 dicts
# cost a seventh of 10,000 model instances to build. Pydantic checks, serializes and documents
# both alike.
class PermanentTypes(TypedDict):
    id: str
    name: str
    types: Annotated[
        list[ManaTypeCode], Field(description="Mana types in WUBRGC order; [] when none")
    ]


class CouldProduceAnswer(BaseModel):
    permanents: list[PermanentTypes]


class AbilityOut(BaseModel):
    index: int
    summary: str
    origin: Literal["printed", "intrinsic", "granted"]
    granted_by: str | None
    recipient: Recipient = omitted_at_default(
        "controller",
        description="Who adds the mana (106.3): `chosen_player`, a player chosen as it "
        "resolves; `target_player`, its target (605.5a: then it is not a mana ability); "
        "`each_player`, every player, each adding all of it (`produced` is what each one "
        "adds); left out for its controller",
    )


class TriggeredOut(BaseModel):
    source_id: str
    name: str
    mana: str = Field(description='Oracle notation; "" while its choice is open')
    choices: list[str] | None = omitted_at_default(
        None,
        description="Present while a choice is open",
    )


class OutcomeOut(BaseModel):
    replacement_order: list[str]
    ability: str | None = omitted_at_default(
        None,
        description="The ability's stable id, when `choose` picked it among several: sent back "
        "as `ability` with the outcome's choices, it picks the same ability whichever other "
        "abilities make that type too",
        # Present only when `choose` picked the ability.
    )
    choices: dict[str, str] | None = omitted_at_default(
        None,
        description='"choose" for the ability\'s choice, trigger source ids for theirs',
        # Present only when the outcome rests on a choice.
    )
    replacement_choices: dict[str, str] | None = omitted_at_default(
        None,
        description="The color each replacement effect that asks for one was given as it "
        "applied (616.1), by the key its replacement_order names it by",
        # Present only when such an effect applied.
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


class CostChangeApplied(BaseModel):
    """A cost increase, reduction or least cost that applies to the spell, its own or a
    permanent's, as the free cast sees it (601.2f)."""

    change: Literal["increase", "reduction", "minimum"]
    mana: str = Field(
        description="The mana each time it applies, like `{1}` or `{2}{R}`; for `minimum`, the "
        "least the total comes to, as generic mana"
    )
    when: str = Field(
        description="How often or when it applies, in the card's words; empty: always, once"
    )
    counted: bool = Field(
        description="true: `mana_to_pay` already holds it exactly (it always applies, or it "
        "has nothing to take off); false: `mana_to_pay` is the amount before it, and it "
        "applies on top when `when` holds"
    )
    sources: list[str] = omitted_at_default(
        default_factory=list,
        description="The ids of the permanents whose static ability it is (from `state`): "
        "permanents of one card with the same effect are one entry; left out for the spell's "
        "own",
    )
    times: int = omitted_at_default(
        1,
        description="How many times `mana` applies: once per permanent in `sources`, and for "
        "each other spell the caster has cast this turn where it says so; left out when once",
    )


class CastWithoutPayingAnswer(BaseModel):
    castable: bool
    face: str = Field(description="The face, half or part cast")
    x: int
    alternative_cost: str | None = Field(description="Always null: none can be added (118.9a)")
    additional_costs_paid: list[str]
    mana_to_pay: str = Field(
        description="Mana still owed, for additional costs and the cost changes counted, "
        "Oracle notation"
    )
    mana_value_on_stack: int = Field(
        description="Mana value of the spell on the stack (the face cast, X = 0), also when it "
        "can't be cast"
    )
    cost_changes: list[CostChangeApplied] = Field(
        default_factory=list,
        description="The cost increases and reductions that apply (601.2f, 118.7a), the "
        "face's own and those of the permanents in `state`, increases first, then the least "
        "costs (`minimum`); empty when none applies or it can't be cast",
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


# What an engine entry point answers: one of the six.
Answer = (
    CouldProduceAnswer
    | ActivateAnswer
    | ManaValueAnswer
    | CastWithoutPayingAnswer
    | RevealUntilAnswer
    | MulliganAnswer
)

ANSWERS: dict[RulingKind, type[BaseModel]] = {
    "could_produce": CouldProduceAnswer,
    "activate_mana_ability": ActivateAnswer,
    "mana_value": ManaValueAnswer,
    "cast_without_paying": CastWithoutPayingAnswer,
    "reveal_until": RevealUntilAnswer,
    "mulligan": MulliganAnswer,
}

_M = TypeVar("_M", bound=BaseModel)
_new = object.__new__
_set = object.__setattr__


def trusted(model: type[_M], **values: Any) -> _M:
    """An instance of `model` from values the engine guarantees: every field given, each of
    its type (nested answers already models or typed dicts). Not validated, and cheaper than
    both validation and `model_construct`, which also fills defaults and reads aliases; a wrong
    shape is caught by `check_answer`, which the tests run on every ruling."""
    obj = _new(model)
    _set(obj, "__dict__", values)
    _set(obj, "__pydantic_fields_set__", set(values))
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", None)
    return obj


def answer_json(answer: BaseModel) -> bytes:
    """The answer as compact JSON text, in its fields' order (serialized once, by the store).
    An answer of PLAIN_JSON_ANSWERS is written by orjson straight from what it holds."""
    if type(answer) in PLAIN_JSON_ANSWERS:
        return orjson.dumps(answer.__dict__)
    return answer.model_dump_json().encode()


# Answers whose fields hold plain JSON values only (lists, dicts, strings, numbers: no model, no
# field left out at its default), kept in their fields' order (`trusted` is given them so):
# orjson writes what pydantic's serializer writes, byte for byte (check_answer compares the
# two on every ruling the tests make), a 10,000-permanent answer in a fifth of the time.
PLAIN_JSON_ANSWERS: frozenset[type[BaseModel]] = frozenset({CouldProduceAnswer})


def check_answer(kind: str, answer: BaseModel | dict[str, Any]) -> None:
    """Raise a ValueError (pydantic's) when an answer doesn't have its kind's shape: a bug in
    the engine, never a stored ruling of the wrong shape. A model answer must be of the kind's
    model and read back, validated, as exactly what it serializes to (no field missing, extra
    or of another type)."""
    model = ANSWERS.get(kind)  # type: ignore[call-overload]
    if model is None:
        raise ValueError(f"no answer model for the ruling kind {kind!r}")
    if isinstance(answer, dict):
        model.model_validate(answer)
        return
    if type(answer) is not model:
        raise ValueError(f"a {kind} answer must be a {model.__name__}, not {type(answer)}")
    dumped = answer.model_dump(mode="json", warnings="error")
    again = model.model_validate(dumped).model_dump(mode="json")
    if again != dumped or set(type(answer).model_fields) != set(answer.__dict__):
        raise ValueError(f"the {kind} answer does not read back as it was written: {dumped}")
    if answer_json(answer) != answer.model_dump_json().encode():
        raise ValueError(f"the {kind} answer's text is not what its model writes: {dumped}")
