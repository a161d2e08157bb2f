"""The catalog: `GET /v1/cards?q=` and `GET /v1/cards/{name}` (served from the database)."""

from __future__ import annotations

import json
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Header, HTTPException, Path, Query
from pydantic import BaseModel
from sqlalchemy.orm import Session
from starlette.responses import Response

from app.api.deps import get_session
from app.api.problems import problem_responses
from app.api.rulings_http import conditional_json
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
    limit: Annotated[int, Query(ge=1, le=100)] = 50,
    after: Annotated[
        str | None, Query(max_length=200, description="Cursor: last name seen")
    ] = None,
) -> Response:
    """Catalog cards whose name or a face's name contains `q` (any case), in name order;
    follow `next_page` for more. A card the catalog lacks can still be asked about with an
    inline `definition`."""
    rows = CardRepository(session).search(q, limit=limit + 1, after=after)
    has_more = len(rows) > limit
    rows = rows[:limit]
    next_page = None
    if has_more:
        params = {k: v for k, v in {"q": q, "limit": limit, "after": rows[-1]["name"]}.items() if v}
        next_page = "/v1/cards?" + urlencode(params)
    body = {"object": "list", "data": rows, "has_more": has_more, "next_page": next_page}
    return Response(json.dumps(body, ensure_ascii=False), media_type="application/json")


@router.get(
    "/{name:path}",
    operation_id="get_card",
    summary="One card by full name or any face's name (any case)",
    response_model=Card,
    responses={
        304: {"description": "Not modified (If-None-Match matched)"},
        **problem_responses(404),
    },
)
def get_card(
    name: Annotated[
        str, Path(description="Full name or one face's name, any case", examples=["Fire // Ice"])
    ],
    session: Annotated[Session, Depends(get_session)],
    if_none_match: Annotated[str | None, Header(max_length=1000)] = None,
) -> Response:
    """One catalog card by its full name (faces joined by ` // `) or any one face's name,
    any case, with its derived fields (mana value, type line, colors)."""
    data = CardRepository(session).get(name) if len(name) <= 200 else None
    if data is None:
        raise HTTPException(404, f"No card named {name!r} in the catalog.")
    body = json.dumps(data, ensure_ascii=False)
    return conditional_json(body, if_none_match)
