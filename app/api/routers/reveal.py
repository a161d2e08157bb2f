"""`POST /v1/library/reveal-until`: cascade and "reveal until" (702.85a; Treasure Keeper,
Plargg). Seeded: the question records the seed, so the bottom order can be replayed."""

from __future__ import annotations

import random
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Depends, Request
from pydantic import ConfigDict, Discriminator, Field, Tag
from starlette.responses import Response

from app.api import examples
from app.api.bodies import JsonBodyRoute
from app.api.deps import get_rulings
from app.api.routers.free_cast import MAX_COSTS, CastOnBoard, board_costs
from app.api.rulings_http import answer_with_ruling, ruling_endpoint
from app.api.schemas import ruling_schema
from app.domain.answers import RevealUntilAnswer
from app.domain.card import Card, Name
from app.engine.reveal import reveal_until
from app.rulings.questions import (  # noqa: F401 (MAX_SEED, pick_seed re-exported)
    MAX_SEED,
    cards_read,
    pick_seed,
    reveal_question,
)
from app.rulings.service import RulingService

router = APIRouter(prefix="/v1/library", tags=["library"], route_class=JsonBodyRoute)

# Libraries of the largest formats stay well under this; it bounds the work of one question.
MAX_LIBRARY = 1000
Seed = Annotated[int, Field(ge=0, le=MAX_SEED)]


def _library_card_kind(value: Any) -> str | None:
    if isinstance(value, str):
        return "name"
    # An object sent, or the model it became (as the request is dumped).
    return "definition" if isinstance(value, dict | Card) else None


# A card by name or by inline definition, told apart by its JSON type (the loc of an error
# inside a definition is a path into the body: app/api/problems.py drops the tag).
LibraryCard = Annotated[
    Annotated[Name, Tag("name")] | Annotated[Card, Tag("definition")],
    Discriminator(
        _library_card_kind,
        custom_error_type="card_type",
        custom_error_message="A card is a name (a string) or an inline definition (an object)",
    ),
]


class RevealUntilRequest(CastOnBoard):
    """A library, top card first, and how to reveal (or cascade) from it (702.85)."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
    )

    library: list[LibraryCard] = Field(
        max_length=MAX_LIBRARY,
        description="Top first: card names (any case) or inline card definitions",
    )
    mode: Literal["reveal", "cascade"] = Field(
        "reveal",
        description="reveal: mana value <= max_mana_value; cascade: < cascade_mana_value",
    )
    max_mana_value: Annotated[int, Field(ge=0, le=1_000_000)] | None = Field(
        None, description="mode reveal: the N of 'mana value N or less'"
    )
    cascade_mana_value: Annotated[int, Field(ge=0, le=1_000_000)] | None = Field(
        None, description="mode cascade: the cascading spell's mana value"
    )
    nonlegendary: bool = Field(False, description="Pass over legendary cards (Plargg)")
    cast: bool = Field(True, description="Cast the hit if the rules allow it")
    face: Name | None = Field(None, description="Which face / half / part of the hit to cast")
    unpayable: list[Name] = Field(
        default_factory=list,
        max_length=MAX_COSTS,
        description="Additional costs the player can't pay (`Sacrifice a creature`)",
    )
    additional_costs: list[Name] = Field(
        default_factory=list,
        max_length=MAX_COSTS,
        description="Optional additional costs to pay if the hit has them, by name: `Kicker`, "
        "or the modes of a spree or tiered spell (`Mode 1`, a tiered mode's name), which must "
        "choose one (702.172a, 702.183a); a name the hit doesn't have changes nothing",
    )
    x: Annotated[int, Field(ge=0, le=1_000_000)] = Field(
        0,
        description="The X announced for the hit where X is only in an additional cost it pays "
        "(a kicker of {X}: 107.3a); an X in the hit's mana cost is 0 in a free cast whatever "
        "this says (107.3b). Left out of the normalized question when 0",
    )
    seed: Seed | None = Field(None, description="Seed for the random order; absent: server picks")


RevealUntilRuling = ruling_schema("RevealUntilRuling", "reveal_until", RevealUntilAnswer)


@router.post(
    "/reveal-until",
    operation_id="reveal_until",
    summary="Reveal (or cascade) until a hit, and maybe cast it free",
    **ruling_endpoint(RevealUntilRuling),
)
def post_reveal_until(
    body: Annotated[RevealUntilRequest, Body(openapi_examples=examples.REVEAL_UNTIL)],
    request: Request,
    rulings: Annotated[RulingService, Depends(get_rulings)],
) -> Response:
    """Reveals (or, for cascade, exiles) cards from the top of the library until a hit
    (702.85a), tries to cast the hit without paying its mana cost, and puts the rest on the
    bottom in a random order. Seeded: the question records the seed, so the order can be
    replayed. Cards are names or inline definitions."""
    q = reveal_question(rulings.catalog, body)
    library, question, seed = q.library, q.question, q.seed
    names, used = cards_read(library, q.board)
    return answer_with_ruling(
        rulings,
        request.app.state.metrics,
        "reveal_until",
        question,
        lambda: reveal_until(
            library,
            mode=body.mode,
            max_mana_value=body.max_mana_value,
            cascade_mana_value=body.cascade_mana_value,
            nonlegendary=body.nonlegendary,
            cast=body.cast,
            face=question["face"],
            unpayable=list(question["unpayable"]),
            rng=random.Random(seed),
            additional_costs=tuple(question["additional_costs"]),
            costs=board_costs(q.board),
            x=body.x,
        ),
        cards=names,
        used=used,
    )
