"""`POST /v1/mulligan`: one step of the London mulligan with Serum Powder (103.5, 103.5b,
103.5c). The request carries the whole mulligan state; the answer is the next state."""

from __future__ import annotations

import random
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, ConfigDict, Field
from starlette.responses import Response

from app.api.deps import get_rulings
from app.api.routers.reveal import MAX_LIBRARY, Seed, pick_seed
from app.api.rulings_http import answer_with_ruling, ruling_endpoint
from app.api.schemas import ruling_schema
from app.catalog import Catalog
from app.domain.answers import ExiledCardOut, MulliganAnswer  # noqa: F401 (re-exported)
from app.domain.card import Card, Name
from app.engine.mulligan import mulligan_step
from app.rulings.resolve import resolve_card
from app.rulings.service import RulingService

router = APIRouter(tags=["mulligan"])

MAX_HAND = 100
MAX_MULLIGANS = 100


class ExiledCard(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    card: Name
    face_up: bool = True


class MulliganRequest(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "hand": [
                        "Serum Powder",
                        "Forest",
                        "Forest",
                        "Island",
                        "Memnite",
                        "Counterspell",
                    ],
                    "library": ["Island", "Lightning Bolt", "Forest", "Grizzly Bears", "Memnite"],
                    "exile": [],
                    "mulligans_taken": 1,
                    "bottom_owed": 0,
                    "kept": False,
                    "multiplayer": False,
                    "starting_hand_size": 7,
                    "action": "serum_powder",
                    "bottom": [],
                    "seed": 11,
                },
            ]
        },
    )

    hand: list[Name] = Field(max_length=MAX_HAND, description="Cards in hand, by name")
    library: list[Name] = Field(max_length=MAX_LIBRARY, description="Top first, by name")
    exile: list[ExiledCard] = Field(default_factory=list, max_length=MAX_LIBRARY)
    mulligans_taken: Annotated[int, Field(ge=0, le=MAX_MULLIGANS)] = 0
    bottom_owed: Annotated[int, Field(ge=0, le=MAX_HAND)] = 0
    kept: bool = False
    multiplayer: bool = Field(False, description="Multiplayer or Brawl: first mulligan is free")
    starting_hand_size: Annotated[int, Field(ge=0, le=MAX_HAND)] = 7
    action: Literal["mulligan", "bottom", "serum_powder", "keep"]
    bottom: list[Name] = Field(
        default_factory=list,
        max_length=MAX_HAND,
        description="With action bottom: the owed cards, in the order they go under",
    )
    seed: Seed | None = Field(
        None, description="Seed for the shuffle of a mulligan; absent: server picks one"
    )


MulliganRuling = ruling_schema("MulliganRuling", MulliganAnswer)


def _resolve_all(catalog: Catalog, names: list[str], field: str) -> list[Card]:
    return [resolve_card(catalog, n, ("body", field, i)) for i, n in enumerate(names)]


@router.post(
    "/v1/mulligan",
    operation_id="mulligan",
    summary="One step of the London mulligan (with Serum Powder)",
    **ruling_endpoint(MulliganRuling),
)
def post_mulligan(
    body: MulliganRequest,
    request: Request,
    rulings: Annotated[RulingService, Depends(get_rulings)],
) -> Response:
    catalog = rulings.catalog
    hand = _resolve_all(catalog, body.hand, "hand")
    library = _resolve_all(catalog, body.library, "library")
    bottom = _resolve_all(catalog, body.bottom, "bottom")
    exile = [
        (resolve_card(catalog, e.card, ("body", "exile", i, "card")), e.face_up)
        for i, e in enumerate(body.exile)
    ]
    # Only a mulligan shuffles; other actions need no seed, so none is invented for them.
    seed = pick_seed(body.seed) if body.action == "mulligan" else body.seed
    question = body.model_dump(mode="json") | {
        "hand": [c.name for c in hand],
        "library": [c.name for c in library],
        "bottom": [c.name for c in bottom],
        "exile": [{"card": c.name, "face_up": up} for c, up in exile],
        "seed": seed,
    }
    return answer_with_ruling(
        rulings,
        request.app.state.metrics,
        "mulligan",
        question,
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
    )
