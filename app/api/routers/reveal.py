"""`POST /v1/library/reveal-until`: cascade and "reveal until" (702.85a; Treasure Keeper,
Plargg). Seeded: the question records the seed, so the bottom order can be replayed."""

from __future__ import annotations

import random
import secrets
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Depends, Request
from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag
from starlette.responses import Response

from app.api import examples
from app.api.deps import get_rulings
from app.api.routers.free_cast import MAX_COSTS
from app.api.rulings_http import answer_with_ruling, ruling_endpoint
from app.api.schemas import ruling_schema
from app.catalog import Catalog
from app.domain.answers import RevealUntilAnswer
from app.domain.card import Card, Name
from app.engine.reveal import reveal_until
from app.rulings.fastpath import mark_server_picked
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
    if seed is not None:
        return seed
    mark_server_picked()  # the same bytes again are a new question: never an alias hit
    return secrets.randbelow(MAX_SEED + 1)


def _library_card_kind(value: Any) -> str:
    return "name" if isinstance(value, str) else "definition"


# A card by name or by inline definition. Tagged, so an error's loc says which was meant
# (["body", "library", 1, "definition", "types"]) rather than naming pydantic internals.
LibraryCard = Annotated[
    Annotated[Name, Tag("name")] | Annotated[Card, Tag("definition")],
    Discriminator(_library_card_kind),
]


def resolve_cards(
    catalog: Catalog, items: list[Name | Card], field: str, within: tuple[str, ...] = ()
) -> tuple[list[Card], list[Any]]:
    """Cards given by name or inline definition, and their normalized spelling for the
    question: catalog names in catalog spelling, definitions as sent (derived fields dropped).
    `within`: where in each list entry the card is (an exiled card's `card`)."""
    cards: list[Card] = []
    normalized: list[Any] = []
    for i, item in enumerate(items):
        if isinstance(item, Card):
            cards.append(item)
            normalized.append(item.model_dump(mode="json", exclude={"mana_value", "type_line"}))
        else:
            card = resolve_card(catalog, item, ("body", field, i, *within))
            cards.append(card)
            normalized.append(card.name)
    return cards, normalized


class RevealUntilRequest(BaseModel):
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
    library, normalized = resolve_cards(rulings.catalog, body.library, "library")
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
        used=library,
    )
