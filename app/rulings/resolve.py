"""Check a question against the catalog: card names to cards, a client's game state to a Board.

Every failure is a QuestionError whose `loc` is the path of the offending field, so the API can
answer 422 naming it (API.md: unknown card, duplicate ids, a permanent that isn't there…).
"""

from __future__ import annotations

from app.catalog import Catalog
from app.domain.card import Card, CardFace
from app.domain.errors import QuestionError
from app.domain.state import Board, Effect, EffectIn, GameState, Permanent, PermanentIn

Loc = tuple[str | int, ...]

# More players than any real game has (Commander pods, Two-Headed Giant, big multiplayer).
MAX_PLAYERS = 16


def resolve_card(catalog: Catalog, name: str, loc: Loc) -> Card:
    card = catalog.get(name)
    if card is None:
        raise QuestionError(loc, f"unknown card {name!r}: not in the catalog", "unknown_card")
    return card


def _card_of(catalog: Catalog, item: PermanentIn | EffectIn, loc: Loc) -> Card:
    if item.card is not None and item.definition is not None:
        raise QuestionError(
            (*loc, "definition"),
            "give either 'card' or 'definition', not both",
            "card_and_definition",
        )
    if item.definition is not None:
        return item.definition
    if item.card is None:
        raise QuestionError((*loc, "card"), "'card' or 'definition' is required", "missing_card")
    return resolve_card(catalog, item.card, (*loc, "card"))


def resolve_state(catalog: Catalog, state: GameState, loc: Loc) -> tuple[GameState, Board]:
    """Returns the normalized state (catalog names in canonical spelling) and the Board."""
    permanents: list[Permanent] = []
    by_id: dict[str, Permanent] = {}
    normalized_bf: list[PermanentIn] = []
    seen: set[str] = set()
    # A big board names few distinct cards: look each name up once, with its faces
    # (Card.card_faces builds and validates new face models on every call; faces are frozen, so
    # permanents of one card can share them). Locations are only built for an error.
    by_name: dict[str, tuple[Card, list[CardFace]]] = {}
    for i, p in enumerate(state.battlefield):
        if p.id in seen:
            raise QuestionError(
                (*loc, "battlefield", i, "id"),
                f"duplicate permanent id {p.id!r}",
                "duplicate_permanent_id",
            )
        seen.add(p.id)
        known = by_name.get(p.card) if p.card is not None and p.definition is None else None
        if known is not None:
            card, faces = known
        else:
            card = _card_of(catalog, p, (*loc, "battlefield", i))
            faces = card.card_faces
            if p.definition is None and p.card is not None:
                by_name[p.card] = (card, faces)
        if p.face >= len(faces):
            raise QuestionError(
                (*loc, "battlefield", i, "face"),
                f"{card.name} has no face {p.face}",
                "no_such_face",
            )
        permanent = Permanent(
            index=i,
            id=p.id,
            card=card,
            face=faces[p.face],
            controller=p.controller,
            tapped=p.tapped,
            controlled_since_turn_start=p.controlled_since_turn_start,
            counters=dict(p.counters),
            attached_to=p.attached_to,
            chosen_color=p.chosen_color,
        )
        permanents.append(permanent)
        by_id[p.id] = permanent
        normalized_bf.append(
            p if p.card is None or p.card == card.name else p.model_copy(update={"card": card.name})
        )
    for i, p in enumerate(state.battlefield):
        if p.attached_to is not None:
            if p.attached_to not in by_id:
                raise QuestionError(
                    (*loc, "battlefield", i, "attached_to"),
                    f"attached to {p.attached_to!r}, which is not on the battlefield",
                    "unknown_permanent",
                )
            if p.attached_to == p.id:
                raise QuestionError(
                    (*loc, "battlefield", i, "attached_to"),
                    "a permanent can't be attached to itself",
                    "attached_to_itself",
                )
    effects: list[Effect] = []
    normalized_fx: list[EffectIn] = []
    for i, e in enumerate(state.effects):
        here = (*loc, "effects", i)
        if e.id in seen:
            raise QuestionError(
                (*here, "id"),
                f"duplicate id {e.id!r}: effect and permanent ids share one namespace",
                "duplicate_effect_id",
            )
        seen.add(e.id)
        card = _card_of(catalog, e, here)
        if e.target is not None and e.target not in by_id:
            raise QuestionError(
                (*here, "target"),
                f"target {e.target!r} is not on the battlefield",
                "unknown_permanent",
            )
        effects.append(Effect(i, e.id, card, e.controller, e.target, e.chosen_color))
        normalized_fx.append(
            e if e.card is None or e.card == card.name else e.model_copy(update={"card": card.name})
        )
    players = {p.controller for p in state.battlefield} | {e.controller for e in state.effects}
    if state.active_player is not None:
        players.add(state.active_player)
    if len(players) > MAX_PLAYERS:
        raise QuestionError(
            loc,
            f"{len(players)} players in one game; the limit is {MAX_PLAYERS}",
            "too_many_players",
        )
    normalized = state.model_copy(update={"battlefield": normalized_bf, "effects": normalized_fx})
    board = Board(
        turn=state.turn,
        active_player=state.active_player,
        permanents=tuple(permanents),
        effects=tuple(effects),
        by_id=by_id,
        state=normalized,
    )
    return normalized, board


def require_permanent(board: Board, permanent_id: str, loc: Loc) -> None:
    if board.get(permanent_id) is None:
        raise QuestionError(
            loc,
            f"no permanent with id {permanent_id!r} is on the battlefield",
            "unknown_permanent",
        )


def card_names(board: Board) -> list[str]:
    names = {p.card.name for p in board.permanents}
    names.update(e.card.name for e in board.effects)
    return sorted(names)
