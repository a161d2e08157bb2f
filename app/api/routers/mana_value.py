"""`POST /v1/spells/mana-value`: X and mana value of a card in a zone (107.3, 202.3)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, ConfigDict, Field
from starlette.responses import Response

from app.api.deps import get_rulings
from app.api.rulings_http import answer_with_ruling, ruling_endpoint
from app.api.schemas import ruling_schema
from app.domain.answers import ManaValueAnswer
from app.domain.card import Name
from app.engine.mana_value import Zone, mana_value
from app.rulings.resolve import face_spelling, named_face, resolve_card
from app.rulings.service import RulingService

router = APIRouter(prefix="/v1/spells", tags=["spells"])


class ManaValueRequest(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "card": "Hangarback Walker",
                    "zone": "battlefield",
                    "x": 3,
                    "cast": True,
                    "cast_without_paying_mana_cost": False,
                },
                {"card": "Fireball", "zone": "stack", "x": 4},
                {"card": "Fire // Ice", "zone": "library"},
            ]
        },
    )

    card: Name = Field(description="Card name (full, or one face's), any case")
    zone: Zone
    x: Annotated[int, Field(ge=0, le=1_000_000)] = 0
    cast: bool = Field(
        True, description="Whether the object is (or came from) a spell that was cast"
    )
    cast_without_paying_mana_cost: bool = False
    face: Name | None = Field(
        None, description="On the stack or battlefield: which face/half (default: the front)"
    )


ManaValueRuling = ruling_schema("ManaValueRuling", ManaValueAnswer)


@router.post(
    "/mana-value",
    operation_id="mana_value",
    summary="X and mana value of a card in a zone",
    **ruling_endpoint(ManaValueRuling),
)
def post_mana_value(
    body: ManaValueRequest,
    request: Request,
    rulings: Annotated[RulingService, Depends(get_rulings)],
) -> Response:
    card = resolve_card(rulings.catalog, body.card, ("body", "card"))
    # Normalized: the catalog's spelling; a card named by one face means that face where a
    # face matters (on the stack or the battlefield).
    face = face_spelling(card, body.face) if body.face else None
    if face is None and body.face is None and body.zone in ("stack", "battlefield"):
        face = named_face(card, body.card)
    body = body.model_copy(update={"card": card.name, "face": face})
    question = body.model_dump(mode="json")
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
            face=body.face,
        ),
        cards=[card.name],
    )
