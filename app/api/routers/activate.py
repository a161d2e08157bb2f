"""`POST /v1/mana/activate`: tap (or untap) a permanent for mana (106.12, 302.6, 605, 616.1)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body, Depends, Request
from pydantic import BaseModel, ConfigDict, Field, field_validator
from starlette.responses import Response

from app.api import examples
from app.api.bodies import JsonBodyRoute
from app.api.deps import get_rulings
from app.api.rulings_http import answer_with_ruling, ruling_endpoint
from app.api.schemas import ruling_schema
from app.domain.answers import AbilityOut, ActivateAnswer, Note, OutcomeOut, TriggeredOut  # noqa: F401 (re-exported)
from app.domain.base import KEY_ORDERED, ColorCode, omitted_at_default
from app.domain.state import LIMIT_EFFECTS, LIMIT_PERMANENTS, GameState, Id
from app.engine.activate import activate
from app.rulings.questions import activate_question
from app.rulings.service import RulingService

router = APIRouter(prefix="/v1/mana", tags=["mana"], route_class=JsonBodyRoute)


class ActivateRequest(BaseModel):
    """A game state, the permanent to activate for mana, and the choices its activation needs."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
    )

    state: GameState = Field(description="The game: battlefield, turn effects, whose turn")
    permanent_id: Id = Field(description="The permanent to tap (or untap) for mana")
    ability: int | str | None = Field(
        None,
        description="Index into its mana abilities (printed, then intrinsic from basic land "
        "types, then granted), or a stable ability id (printed:0, intrinsic:Forest, "
        "granted:<source id>:0); default: the only one, or the only one that can make `choose`",
    )

    @field_validator("ability")
    @classmethod
    def _ability_range(cls, v: int | str | None) -> int | str | None:
        # Checked here rather than per union member, so an error names ("body", "ability").
        if isinstance(v, int) and not 0 <= v <= 1_000:
            raise ValueError("an ability index is between 0 and 1000")
        if isinstance(v, str) and not 1 <= len(v) <= 300:
            raise ValueError("an ability id has 1 to 300 characters")
        return v

    choose: Annotated[str, Field(min_length=1, max_length=40)] | None = Field(
        None,
        description="The type to make where the ability (or, if it offers none, a trigger such "
        "as Mana Flare) offers a choice: W U B R G C, or mana like {W}{R}",
    )
    replacement_order: list[Id] | None = Field(
        None,
        max_length=LIMIT_PERMANENTS + LIMIT_EFFECTS,
        description="Ids of replacement sources, first applied first; unnamed ones follow in "
        "state order (battlefield, then effects)",
    )
    replacement_choices: Annotated[dict[Id, ColorCode], KEY_ORDERED] | None = omitted_at_default(
        None,
        max_length=LIMIT_PERMANENTS + LIMIT_EFFECTS,
        description="The color (W U B R G) given to each replacement effect that asks for one "
        "as it applies ('mana of a color of your choice instead', 616.1), keyed like "
        "replacement_order",
        examples=[{"pulse": "G"}],
    )

    trigger_choices: (
        Annotated[dict[Id, Annotated[str, Field(min_length=1, max_length=40)]], KEY_ORDERED] | None
    ) = omitted_at_default(
        None,
        max_length=LIMIT_PERMANENTS + LIMIT_EFFECTS,
        description="The type each triggered mana ability that offers a choice adds (605.3: "
        "each its own choice as it resolves), keyed by its source's id as outcomes[].choices "
        "are: W U B R G C, mana like {W}{R}, or `none` for an optional one not added",
        examples=[{"wake": "G"}],
    )

    @field_validator("replacement_choices", "trigger_choices")
    @classmethod
    def _no_choices_is_none(cls, v: dict[str, str] | None) -> dict[str, str] | None:
        # `{}` asks what leaving it out asks: one question, one ruling.
        return v or None

    x: Annotated[int, Field(ge=0, le=10_000)] | None = omitted_at_default(
        None,
        description="The X chosen as the ability is activated (107.3, 602.2b): the X of {X} or "
        "'remove X counters', how many counters 'any number of' removes, or the mana value of "
        "the permanent its cost sacrifices or exiles; required when the ability has an X",
        examples=[2],
    )
    player: Annotated[str, Field(min_length=1, max_length=100)] | None = omitted_at_default(
        None,
        description="The player who gets the mana of an ability whose mana goes to a player "
        "chosen as it resolves or to a target player (106.3); needed only when a trigger "
        "cares who adds the mana (a land's mana 'you' add)",
        examples=["bob"],
    )
    die_roll: Annotated[int, Field(ge=1, le=100)] | None = omitted_at_default(
        None,
        description="The result of the die the ability rolls as it resolves (706.2); required "
        "when it rolls one, from 1 to the die's sides",
        examples=[4],
    )


ActivateRuling = ruling_schema("ActivateRuling", "activate_mana_ability", ActivateAnswer)


@router.post(
    "/activate",
    operation_id="activate_mana_ability",
    summary="Tap (or untap) a permanent for mana",
    **ruling_endpoint(ActivateRuling),
)
def post_activate(
    body: Annotated[ActivateRequest, Body(openapi_examples=examples.ACTIVATE)],
    request: Request,
    rulings: Annotated[RulingService, Depends(get_rulings)],
) -> Response:
    """Activates one mana ability of a permanent and answers whether that is allowed
    (tapped, summoning sickness 302.6, haste), what the ability makes after replacement
    effects in the order given (616.1), what triggered mana abilities add (Mana Flare,
    106.12a), every distinct outcome over every order and choice, and the game state
    afterwards. An illegal activation is a ruling with `legal: false` and its reasons, not
    an error."""
    q = activate_question(rulings.catalog, body)
    checked = q.checked
    return answer_with_ruling(
        rulings,
        request.app.state.metrics,
        "activate_mana_ability",
        q.question,
        lambda: activate(
            q.view or checked.board(),
            body.permanent_id,
            q.question["ability"],
            q.choose,
            list(body.replacement_order) if body.replacement_order is not None else None,
            body.x,
            body.player,
            body.die_roll,
            dict(body.replacement_choices) if body.replacement_choices is not None else None,
            q.question.get("trigger_choices"),
        ),
        cards=checked.card_names,
        used=checked.used_cards,
    )
