"""`POST /v1/spells/mana-value`: X and mana value of a card in a zone (107.3, 202.3)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body, Depends, Request
from pydantic import BaseModel, ConfigDict, Field
from starlette.responses import Response

from app.api import examples
from app.api.bodies import JsonBodyRoute
from app.api.deps import get_rulings
from app.api.rulings_http import answer_with_ruling, ruling_endpoint
from app.api.schemas import ruling_schema
from app.domain.answers import ManaValueAnswer
from app.domain.card import Name
from app.engine.mana_value import Zone, mana_value
from app.rulings.questions import mana_value_question
from app.rulings.service import RulingService

router = APIRouter(prefix="/v1/spells", tags=["spells"], route_class=JsonBodyRoute)


class ManaValueRequest(BaseModel):
    """A card, the zone it is in, and how it is being cast if it is on the stack (202.3)."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
    )

    card: Name = Field(description="Card name (full, or one face's), any case")
    zone: Zone = Field(description="Where the card is: X and mana value depend on it")
    x: Annotated[int, Field(ge=0, le=1_000_000)] = Field(
        0, description="The X chosen when it was cast (used on the stack, and for ETB X)"
    )
    cast: bool = Field(
        True, description="Whether the object is (or came from) a spell that was cast"
    )
    cast_without_paying_mana_cost: bool = Field(
        False, description="Was it cast without paying its mana cost? (then X was 0, 107.3b)"
    )
    face: Name | None = Field(
        None, description="On the stack or battlefield: which face/half (default: the front)"
    )
    prototyped: bool = Field(
        False,
        description="On the stack or battlefield: was it cast prototyped (702.160a)? Then it "
        "has only its prototype mana cost (718.3b)",
    )
    unlocked: list[Name] | None = Field(
        None,
        max_length=2,
        description="On the battlefield, for a Room: its unlocked doors by name, one, both or "
        "`[]` (709.5: it has the characteristics of those doors only, none with `[]`). Left "
        "out: the one door `face` (or `card`) names, the first door when neither does",
    )


ManaValueRuling = ruling_schema("ManaValueRuling", "mana_value", ManaValueAnswer)


@router.post(
    "/mana-value",
    operation_id="mana_value",
    summary="X and mana value of a card in a zone",
    **ruling_endpoint(ManaValueRuling),
)
def post_mana_value(
    body: Annotated[ManaValueRequest, Body(openapi_examples=examples.MANA_VALUE)],
    request: Request,
    rulings: Annotated[RulingService, Depends(get_rulings)],
) -> Response:
    """The X and the mana value of a card in a zone (107.3, 202.3): X is 0 everywhere but
    the stack, a split card off the stack has both halves' mana value (709.4), a modal
    double-faced card its front face's (712.8). On the battlefield `etb_x` is the X its
    enters-the-battlefield abilities use (107.3m). On the stack a split card needs `face`: a
    half, or the whole card for a fused cast."""
    q = mana_value_question(rulings.catalog, body)
    card, question = q.card, q.question
    return answer_with_ruling(
        rulings,
        request.app.state.metrics,
        "mana_value",
        question,
        lambda: mana_value(
            card,
            zone=body.zone,
            x=body.x,
            cast=body.cast,
            cast_without_paying_mana_cost=body.cast_without_paying_mana_cost,
            face=question["face"],
            prototyped=body.prototyped,
            unlocked=question.get("unlocked"),
        ),
        cards=[card.name],
        used=[card],
    )
