"""`POST /v1/spells/cast-without-paying`: casting a card without paying its mana cost (118.9)."""

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
from app.domain.answers import CastWithoutPayingAnswer
from app.domain.base import omitted_at_default
from app.domain.card import Name
from app.domain.costs import CastZone
from app.domain.state import GameState, Player
from app.engine.board import BoardView
from app.engine.free_cast import BoardCosts, cast_without_paying
from app.rulings.questions import CastBoard, free_cast_question
from app.rulings.service import RulingService

router = APIRouter(prefix="/v1/spells", tags=["spells"], route_class=JsonBodyRoute)

# A card has at most 10 alternative / additional costs (app.domain.card); naming more is noise.
MAX_COSTS = 10


class CastOnBoard(BaseModel):
    """The game a spell is cast in, for the questions that cast one for free."""

    state: GameState | None = omitted_at_default(
        None,
        description="The game it is cast in: the permanents whose static abilities make "
        "spells cost more or less (601.2f: 'noncreature spells cost {1} more', 'each spell "
        "that would cost less than three mana costs three'), which apply to a free cast too; "
        "left out, only the card's own cost changes are read",
    )
    caster: Player | None = omitted_at_default(
        None,
        description="Who casts it, with `state` (whose spells an effect changes, 'spells you "
        "cast'); default: the state's active_player",
        examples=["alice"],
    )


def board_costs(
    board: CastBoard | None, cast_from: CastZone | None = None, sorcery_timing: bool | None = None
) -> BoardCosts | None:
    """The board's cost effects for the engine, and the zone the spell is cast from when the
    question says; called inside the engine's call, so a question answered from the store
    builds no board."""
    if board is None:
        return None
    return BoardCosts(
        BoardView(board.checked.board()), board.caster, cast_from, sorcery_timing=sorcery_timing
    )


class CastWithoutPayingRequest(CastOnBoard):
    """A card cast without paying its mana cost, with the costs chosen (118.9, 601.2f)."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
    )

    card: Name = Field(description="Card name (full, or one face's), any case")
    x: Annotated[int, Field(ge=0, le=1_000_000)] = Field(
        0, description="The X asked for; a free cast always uses 0 (107.3b)"
    )
    alternative_cost: Name | None = Field(
        None, description="An alternative cost of the card, by name (`Evoke`, `Flashback`…)"
    )
    additional_costs: list[Name] = Field(
        default_factory=list,
        max_length=MAX_COSTS,
        description="Additional costs to pay, by name (`Kicker`); mandatory ones are always paid",
    )
    unpayable: list[Name] = Field(
        default_factory=list,
        max_length=MAX_COSTS,
        description="Additional costs the player can't pay (`Sacrifice a creature`)",
    )
    face: Name | None = Field(
        None, description="Which face / half / part to cast (default: the front)"
    )
    prototyped: bool = Field(
        False,
        description="Cast it prototyped (702.160a): not an alternative cost, so a free cast "
        "may be; the spell then has only its prototype mana cost (718.3b)",
    )
    cast_from: CastZone | None = omitted_at_default(
        None,
        description="The zone it is cast from (601.2a), with `state`: `hand`, `graveyard`, "
        "`library` (its caster's own), `exile` or `command`, for the board's effects on "
        "spells cast from some zones ('spells you cast from your graveyard cost {1} less'); "
        "left out: not said, and such an effect is a 422 `cast_from_required`",
        examples=["exile"],
    )
    sorcery_timing: bool | None = omitted_at_default(
        None,
        description="With `state`: whether it is cast at a time its caster could cast a sorcery "
        "(307.5: their main phase, the stack empty, with priority), for the board's effects "
        "that let players cast spells only then; a spell cast while another spell or ability "
        "resolves never is. Left out: not said, and such an effect is a 422 "
        "`sorcery_timing_required`",
        examples=[False],
    )


CastWithoutPayingRuling = ruling_schema(
    "CastWithoutPayingRuling", "cast_without_paying", CastWithoutPayingAnswer
)


@router.post(
    "/cast-without-paying",
    operation_id="cast_without_paying",
    summary="Cast a card without paying its mana cost",
    **ruling_endpoint(CastWithoutPayingRuling),
)
def post_cast_without_paying(
    body: Annotated[CastWithoutPayingRequest, Body(openapi_examples=examples.FREE_CAST)],
    request: Request,
    rulings: Annotated[RulingService, Depends(get_rulings)],
) -> Response:
    """Whether a card can be cast without paying its mana cost (118.9) and what that leaves
    to pay: no other alternative cost can be added (118.9a), X is 0 (107.3b), additional
    costs such as kicker are still paid (118.9d), cost increases still apply and a least cost
    raises the total (601.2f: the card's own, and with `state` its permanents'), and the
    spell's mana value on the stack."""
    q = free_cast_question(rulings.catalog, body)
    card, question, board = q.card, q.question, q.board
    names, used = q.read
    return answer_with_ruling(
        rulings,
        request.app.state.metrics,
        "cast_without_paying",
        question,
        lambda: cast_without_paying(
            card,
            x=body.x,
            alternative_cost=question["alternative_cost"],
            additional_costs=q.costs_as_sent[0],
            unpayable=q.costs_as_sent[1],
            face=question["face"],
            prototyped=body.prototyped,
            costs=board_costs(board, body.cast_from, body.sorcery_timing),
        ),
        cards=names,
        used=used,
    )
