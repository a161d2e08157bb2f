"""Reading stored rulings: by id (same bytes, strong ETag, 304) and newest first with a cursor."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Header, HTTPException, Path, Query, Request
from pydantic import BaseModel, Field
from sqlalchemy.orm import Session
from starlette.responses import Response

from app.api.deps import get_session
from app.api.problems import RequestError, problem_responses
from app.api.routers import (  # noqa: F401  (each defines its kind's ruling model)
    activate,
    could_produce,
    free_cast,
    mana_value,
    mulligan,
    reveal,
)
from app.api.rulings_http import IMMUTABLE, JSON, etag_matches, etag_of, html_link
from app.api.schemas import RULING_MODELS
from app.catalog import missing_card
from app.db.repositories import RulingRepository
from app.domain.ruling import RulingKind
from app.web.negotiation import HTML, HTML_CACHE, wants_html
from app.web.ruling_page import render_ruling

router = APIRouter(prefix="/v1/rulings", tags=["rulings"])

# Any stored ruling: one model per kind, told apart by `kind`.
AnyRuling: Any = Annotated[
    Union[tuple(RULING_MODELS.values())],  # noqa: UP007  (built from the registry)
    Field(discriminator="kind"),
]


class RulingList(BaseModel):
    """A page of stored rulings, newest first."""

    object: Literal["list"]
    data: list[AnyRuling]
    has_more: bool
    next_page: str | None = Field(description="The next page's address, null on the last")


# Cursors are row numbers: a 64-bit integer in both databases.
MAX_CURSOR = 2**63 - 1


@router.get(
    "/{ruling_id}",
    operation_id="get_ruling",
    summary="A stored ruling, byte for byte as when it was made",
    response_model=AnyRuling,
    responses={
        200: {
            "description": "The ruling: JSON, or with `Accept: text/html` a page for people",
            "content": {"text/html": {"schema": {"type": "string"}}},
        },
        304: {"description": "Not modified (If-None-Match matched)"},
        **problem_responses(404),
    },
)
def get_ruling(
    ruling_id: Annotated[
        str, Path(description="The id of a stored ruling (from its Location header)")
    ],
    session: Annotated[Session, Depends(get_session)],
    if_none_match: Annotated[str | None, Header(max_length=1000)] = None,
    accept: Annotated[str | None, Header(max_length=1000)] = None,
) -> Response:
    """The ruling stored under this id, byte for byte as it was made, with a strong `ETag`
    (`If-None-Match` answers 304) and `Cache-Control: immutable`: a ruling never changes.
    With `Accept: text/html` the same ruling is a page for people."""
    stored = RulingRepository(session.connection()).get(ruling_id) if len(ruling_id) <= 64 else None
    if stored is None:
        raise HTTPException(404, f"No ruling with id {ruling_id!r}.")
    # One address, two representations (RFC 9110 12.5.1): the stored JSON, byte for byte, or
    # with Accept: text/html a page for people. Each has its own ETag; caches key on Accept.
    body: str | bytes
    if wants_html(accept):
        body, media_type, cache = render_ruling(stored.body), HTML, HTML_CACHE
    else:
        body, media_type, cache = stored.body, JSON, IMMUTABLE
    etag = etag_of(body)
    headers = {"ETag": etag, "Vary": "Accept", "Cache-Control": cache, **html_link(stored.id)}
    if etag_matches(etag, if_none_match):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type=media_type, headers=headers)


@router.get(
    "",
    operation_id="list_rulings",
    summary="Stored rulings, newest first",
    response_model=RulingList,
    responses=problem_responses(422),
)
def list_rulings(
    request: Request,
    session: Annotated[Session, Depends(get_session)],
    kind: RulingKind | None = None,
    card: Annotated[
        str | None, Query(max_length=200, description="A card the ruling is about")
    ] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    after: Annotated[
        str | None, Query(max_length=20, pattern=r"^[0-9]+$", description="Cursor from next_page")
    ] = None,
) -> Response:
    """Stored rulings, newest first, optionally of one `kind` or about one `card` (any
    spelling of a catalog card, or the exact name of an inline one). Follow `next_page` for
    more."""
    canonical_card, inline = None, False
    if card is not None:
        # Catalog cards by any spelling; a card a client defined inline, by its exact name.
        found = request.app.state.catalog.get(card)
        canonical_card, inline = (found.name, False) if found is not None else (card, True)
    before = int(after) if after is not None else None
    if before is not None and before > MAX_CURSOR:
        raise RequestError(("query", "after"), "not a cursor this service gave out", "bad_cursor")
    rows = RulingRepository(session.connection()).page(
        kind=kind, card=canonical_card, limit=limit + 1, before_seq=before
    )
    if inline and not rows and before is None:
        # No catalog card by that name, and no inline card of a ruling: a misspelling is told
        # so, with suggestions, rather than answered with an empty list.
        assert card is not None
        missing = missing_card(request.app.state.catalog, card, ("query", "card"))
        raise RequestError(missing.loc, missing.message, missing.code)
    has_more = len(rows) > limit
    rows = rows[:limit]
    next_page = None
    if has_more:
        params = {"kind": kind, "card": canonical_card, "limit": limit, "after": rows[-1].seq}
        next_page = "/v1/rulings?" + urlencode({k: v for k, v in params.items() if v is not None})
    body = (
        b'{"object":"list","data":['
        + b",".join(r.body for r in rows)
        + f'],"has_more":{"true" if has_more else "false"},"next_page":'.encode()
        + (f'"{next_page}"' if next_page else "null").encode()
        + b"}"
    )
    return Response(body, media_type=JSON)
