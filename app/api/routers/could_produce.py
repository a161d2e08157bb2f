"""`POST /v1/mana/could-produce`: what mana each permanent could produce (106.7)."""

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
from app.domain.answers import CouldProduceAnswer, PermanentTypes  # noqa: F401 (re-exported)
from app.domain.state import GameState, Id
from app.engine.could_produce import could_produce
from app.rulings.questions import could_produce_question
from app.rulings.service import RulingService

router = APIRouter(prefix="/v1/mana", tags=["mana"], route_class=JsonBodyRoute)


class CouldProduceRequest(BaseModel):
    """A game state, and optionally the one permanent to ask about (106.7)."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
    )

    state: GameState = Field(description="The game: battlefield, turn effects, whose turn")
    permanent_id: Id | None = Field(
        None, description="Answer only this permanent (default: every permanent)"
    )


CouldProduceRuling = ruling_schema("CouldProduceRuling", "could_produce", CouldProduceAnswer)


@router.post(
    "/could-produce",
    operation_id="could_produce",
    summary="What mana each permanent could produce",
    **ruling_endpoint(CouldProduceRuling),
)
def post_could_produce(
    body: Annotated[CouldProduceRequest, Body(openapi_examples=examples.COULD_PRODUCE)],
    request: Request,
    rulings: Annotated[RulingService, Depends(get_rulings)],
) -> Response:
    """Every type of mana (W U B R G C) each permanent could produce if its mana abilities
    resolved now, ignoring costs and whether they could be activated (106.7). Reflecting
    lands (Reflecting Pool, Exotic Orchard) are solved together as a least fixpoint, so a
    loop of reflectors alone makes nothing (106.5); replacement effects (Pale Moon,
    Contamination) are applied in every order (616.1). Give `permanent_id` to ask about one
    permanent."""
    q = could_produce_question(rulings.catalog, body)
    checked = q.checked
    return answer_with_ruling(
        rulings,
        request.app.state.metrics,
        "could_produce",
        q.question,
        lambda: could_produce(checked.board(), body.permanent_id),
        cards=checked.card_names,
        used=checked.used,
    )
