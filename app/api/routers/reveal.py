"""`POST /v1/library/reveal-until`: cascade and "reveal until" (702.85a; Treasure Keeper,
Plargg). Seeded: the question records the seed, so the bottom order can be replayed."""

from __future__ import annotations

import random
import secrets
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag
from starlette.responses import Response

from app.api.deps import get_rulings
from app.api.routers.free_cast import MAX_COSTS
from app.api.rulings_http import answer_with_ruling, ruling_endpoint
from app.api.schemas import ruling_schema
from app.domain.answers import RevealUntilAnswer
from app.domain.card import Card, Name
from app.engine.reveal import reveal_until
from app.rulings.resolve import cost_spelling, face_spelling, resolve_card
from app.rulings.service import RulingService

router = APIRouter(prefix="/v1/library", tags=["library"])

# Libraries of the largest formats stay well under this; it bounds the work of one question.
MAX_LIBRARY = 1000
# JSON clients (JavaScript) read integers exactly only up to 2**53 - 1.
MAX_SEED = 2**53 - 1

Seed = Annotated[int, Field(ge=0, le=MAX_SEED)]


def pick_seed(seed: int | None) -> int:
    """The seed to use: the client's, else a fresh one the ruling records (API.md)."""
    return seed if seed is not None else secrets.randbelow(MAX_SEED + 1)


def _library_card_kind(value: Any) -> str:
    return "name" if isinstance(value, str) else "definition"


# A card by name or by inline definition. Tagged, so an error's loc says which was meant
# (["body", "library", 1, "definition", "types"]) rather than naming pydantic internals.
LibraryCard = Annotated[
    Annotated[Name, Tag("name")] | Annotated[Card, Tag("definition")],
    Discriminator(_library_card_kind),
]


class RevealUntilRequest(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "library": ["Forest", "Fire // Ice", "Lightning Bolt", "Island"],
                    "mode": "reveal",
                    "max_mana_value": 3,
                    "cascade_mana_value": None,
                    "nonlegendary": False,
                    "cast": True,
                    "face": None,
                    "unpayable": [],
                    "seed": 7,
                },
                {
                    "library": ["Island", "Valki, God of Lies // Tibalt, Cosmic Impostor"],
                    "mode": "cascade",
                    "cascade_mana_value": 5,
                    "face": "Tibalt, Cosmic Impostor",
                    "seed": 1,
                },
            ]
        },
    )

    library: list[LibraryCard] = Field(
        max_length=MAX_LIBRARY,
        description="Top first: card names (any case) or inline card definitions",
    )
    mode: Literal["reveal", "cascade"] = Field(
        "reveal",
        description="reveal: mana value <= max_mana_value; cascade: < cascade_mana_value",
    )
    max_mana_value: Annotated[int, Field(ge=0, le=1_000_000)] | None = None
    cascade_mana_value: Annotated[int, Field(ge=0, le=1_000_000)] | None = None
    nonlegendary: bool = Field(False, description="Pass over legendary cards (Plargg)")
    cast: bool = Field(True, description="Cast the hit if the rules allow it")
    face: Name | None = Field(None, description="Which face / half / part of the hit to cast")
    unpayable: list[Name] = Field(
        default_factory=list,
        max_length=MAX_COSTS,
        description="Additional costs the player can't pay (`Sacrifice a creature`)",
    )
    seed: Seed | None = Field(None, description="Seed for the random order; absent: server picks")


RevealUntilRuling = ruling_schema("RevealUntilRuling", RevealUntilAnswer)


@router.post(
    "/reveal-until",
    operation_id="reveal_until",
    summary="Reveal (or cascade) until a hit, and maybe cast it free",
    **ruling_endpoint(RevealUntilRuling),
)
def post_reveal_until(
    body: RevealUntilRequest,
    request: Request,
    rulings: Annotated[RulingService, Depends(get_rulings)],
) -> Response:
    library: list[Card] = []
    normalized: list[Any] = []
    for i, item in enumerate(body.library):
        if isinstance(item, Card):
            library.append(item)
            normalized.append(item.model_dump(mode="json", exclude={"mana_value", "type_line"}))
        else:
            card = resolve_card(rulings.catalog, item, ("body", "library", i))
            library.append(card)
            normalized.append(card.name)
    seed = pick_seed(body.seed)
    # Normalized: the catalog's spellings of the face and cost names, so equal questions are one.
    face = body.face
    if face is not None:
        face = next(
            (f for f in (face_spelling(c, face) for c in library) if f is not None and f != face),
            face,
        )
    body = body.model_copy(
        update={"face": face, "unpayable": cost_spelling(library, body.unpayable)}
    )
    question = body.model_dump(mode="json") | {"library": normalized, "seed": seed}
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
            face=body.face,
            unpayable=list(body.unpayable),
            rng=random.Random(seed),
        ),
        cards=sorted({c.name for c in library}),
    )
