"""`POST /v1/mulligan`: one step of the London mulligan with Serum Powder (103.5, 103.5b,
103.5c). The request carries the whole mulligan state; the answer is the next state."""

from __future__ import annotations

import random
from typing import Annotated, Literal

from fastapi import APIRouter, Body, Depends, Request
from pydantic import BaseModel, ConfigDict, Field
from starlette.responses import Response

from app.api import examples
from app.api.bodies import JsonBodyRoute
from app.api.deps import get_rulings
from app.api.routers.reveal import MAX_LIBRARY, LibraryCard, Seed
from app.api.rulings_http import answer_with_ruling, ruling_endpoint
from app.api.schemas import ruling_schema
from app.domain.answers import ExiledCardOut, MulliganAnswer  # noqa: F401 (re-exported)
from app.domain.card import Name
from app.engine.mulligan import mulligan_step
from app.rulings.questions import mulligan_question
from app.rulings.service import RulingService

router = APIRouter(tags=["mulligan"], route_class=JsonBodyRoute)

MAX_HAND = 100
# As many as a hand of MAX_HAND allows in multiplayer, whose first mulligan is free (103.5c):
# every answer's `mulligans_taken` can be sent back.
MAX_MULLIGANS = MAX_HAND + 1


class ExiledCard(BaseModel):
    """A card in exile, as the mulligan question needs it."""

    model_config = ConfigDict(extra="forbid", strict=True)

    card: LibraryCard = Field(description="A card name (any case) or an inline definition")
    face_up: bool = Field(True, description="Exiled face up (Serum Powder's are)")


class MulliganRequest(BaseModel):
    """The hand, library and exile of one player, and the mulligan action taken (103.5)."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
    )

    hand: list[LibraryCard] = Field(
        max_length=MAX_HAND, description="Cards in hand: names (any case) or inline definitions"
    )
    library: list[LibraryCard] = Field(
        max_length=MAX_LIBRARY,
        description="Top first: card names (any case) or inline card definitions",
    )
    exile: list[ExiledCard] = Field(
        default_factory=list, max_length=MAX_LIBRARY, description="Cards exiled so far"
    )
    mulligans_taken: Annotated[int, Field(ge=0, le=MAX_MULLIGANS)] = Field(
        0, description="Mulligans taken so far"
    )
    bottom_owed: Annotated[int, Field(ge=0, le=MAX_HAND)] = Field(
        0, description="Cards still to put on the bottom (103.5)"
    )
    kept: bool = Field(False, description="Has the player kept this hand?")
    multiplayer: bool = Field(False, description="Multiplayer or Brawl: first mulligan is free")
    starting_hand_size: Annotated[int, Field(ge=0, le=MAX_HAND)] = Field(
        7, description="Cards in an opening hand (7; 103.4)"
    )
    action: Literal["mulligan", "bottom", "serum_powder", "keep"] = Field(
        description="mulligan, bottom (the owed cards), serum_powder (exile it and draw anew) "
        "or keep"
    )
    bottom: list[Name] = Field(
        default_factory=list,
        max_length=MAX_HAND,
        description="With action bottom: the owed cards (names of cards in hand), in the "
        "order they go under",
    )
    seed: Seed | None = Field(
        None, description="Seed for the shuffle of a mulligan; absent: server picks one"
    )


MulliganRuling = ruling_schema("MulliganRuling", "mulligan", MulliganAnswer)


@router.post(
    "/v1/mulligan",
    operation_id="mulligan",
    summary="One step of the London mulligan (with Serum Powder)",
    **ruling_endpoint(MulliganRuling),
)
def post_mulligan(
    body: Annotated[MulliganRequest, Body(openapi_examples=examples.MULLIGAN)],
    request: Request,
    rulings: Annotated[RulingService, Depends(get_rulings)],
) -> Response:
    """One step of the London mulligan (103.5): take a mulligan (shuffle and draw a new
    hand), put owed cards on the bottom, reveal and exile Serum Powder to draw anew, or
    keep. The request carries the whole mulligan state and the answer is the next state; an
    action that isn't allowed is a ruling with `legal: false`."""
    q = mulligan_question(rulings.catalog, body)
    hand, library, exile, bottom, seed = list(q.hand), q.library, list(q.exile), q.bottom, q.seed
    return answer_with_ruling(
        rulings,
        request.app.state.metrics,
        "mulligan",
        q.question,
        lambda: mulligan_step(
            hand=hand,
            library=library,
            exile=exile,
            mulligans_taken=body.mulligans_taken,
            bottom_owed=body.bottom_owed,
            kept=body.kept,
            multiplayer=body.multiplayer,
            starting_hand_size=body.starting_hand_size,
            action=body.action,
            bottom=[c.name for c in bottom],
            rng=random.Random(seed if seed is not None else 0),
        ),
        cards=sorted({c.name for c in [*hand, *library, *(c for c, _ in exile)]}),
        used=[*hand, *library, *(c for c, _ in exile)],
    )
