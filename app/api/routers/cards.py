"""The catalog: `GET /v1/cards?q=&type=&produces=` and `GET /v1/cards/{name}` (served from the
database; names as people type them, app/catalog/names.py)."""

from __future__ import annotations

import json
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Header, Path, Query, Request
from pydantic import BaseModel
from sqlalchemy.orm import Session
from starlette.responses import Response

from app.api.deps import get_session
from app.api.problems import RequestError, problem_responses
from app.api.rulings_http import conditional_json
from app.catalog import missing_card
from app.catalog.names import fold
from app.db.repositories import CardRepository
from app.domain.card import Card

router = APIRouter(prefix="/v1/cards", tags=["cards"])


class CardList(BaseModel):
    object: str
    data: list[dict[str, Any]]
    has_more: bool
    next_page: str | None


@router.get(
    "",
    operation_id="search_cards",
    summary="Search the catalog by name",
    response_model=CardList,
    responses=problem_responses(422),
)
def search_cards(
    session: Annotated[Session, Depends(get_session)],
    q: Annotated[
        str | None,
        Query(
            max_length=200, description="Part of a card or face name, any case", examples=["pool"]
        ),
    ] = None,
    type: Annotated[
        str | None,
        Query(
            max_length=40,
            pattern=r"^[A-Za-z][A-Za-z' -]*$",
            description="A card type, supertype or subtype of any face (`land`, `legendary`, "
            "`forest`), any case",
            examples=["land"],
        ),
    ] = None,
    produces: Annotated[
        str | None,
        Query(
            max_length=6,
            pattern=r"^[WUBRGCwubrgc]+$",
            description="Mana types the card's own abilities can make, all of them (`G`, `RG`)",
            examples=["G"],
        ),
    ] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 50,
    after: Annotated[
        str | None, Query(max_length=200, description="Cursor: last name seen")
    ] = None,
) -> Response:
    """Catalog cards whose name or a face's name contains `q` (any case), in name order;
    follow `next_page` for more. A card the catalog lacks can still be asked about with an
    inline `definition`."""
    if q and not fold(q):  # an empty q is no q: every card
        # Only apostrophes, quotes or spaces: nothing of a name is left to look for.
        raise RequestError(
            ("query", "q"), "q holds no letter or digit of a name to look for", "empty_search"
        )
    tags = [f"type:{type.strip().casefold()}"] if type else []
    tags += [f"produces:{t}" for t in dict.fromkeys(produces.upper())] if produces else []
    rows = CardRepository(session).search(q, limit=limit + 1, after=after, tags=tags)
    has_more = len(rows) > limit
    rows = rows[:limit]
    next_page = None
    if has_more:
        params = {"q": q, "type": type, "produces": produces, "limit": limit, "after": rows[-1][0]}
        next_page = "/v1/cards?" + urlencode({k: v for k, v in params.items() if v})
    # The cards' stored JSON as it is: no parse and re-serialization per card.
    body = (
        '{"object":"list","data":['
        + ",".join(data for _name, data in rows)
        + f'],"has_more":{"true" if has_more else "false"},"next_page":{json.dumps(next_page)}}}'
    )
    return Response(body, media_type="application/json")


@router.get(
    "/{name:path}",
    operation_id="get_card",
    summary="One card by full name or any face's name (any case, accents, apostrophes)",
    response_model=Card,
    responses={
        304: {"description": "Not modified (If-None-Match matched)"},
        **problem_responses(422),
    },
)
def get_card(
    name: Annotated[
        str,
        Path(
            description="Full name or one face's name as people type it: any case, accents "
            "or none (`Aether`), curly or missing apostrophes, `Fire/Ice`",
            examples=["Fire // Ice"],
        ),
    ],
    request: Request,
    session: Annotated[Session, Depends(get_session)],
    if_none_match: Annotated[str | None, Header(max_length=1000)] = None,
) -> Response:
    """One catalog card by its full name (faces joined by ` // `) or any one face's name,
    any case, with its derived fields (mana value, type line, colors)."""
    if len(name) > 200:
        raise RequestError(("path", "name"), "a card name has at most 200 characters", "too_long")
    data = CardRepository(session).get(name)
    if data is None:
        missing = missing_card(request.app.state.catalog, name, ("path", "name"))
        raise RequestError(missing.loc, missing.message, missing.code)
    body = json.dumps(data, ensure_ascii=False)
    return conditional_json(body, if_none_match)
