"""Boards for the mana engine tests: a GameState made from short dicts, checked and resolved
against the fixture catalog (fixture_catalog.py) by the service's own resolver
(app/rulings/resolve.py)."""

from __future__ import annotations

from typing import Any

from app.domain.card import Card
from app.domain.ruling import Verdict
from app.domain.state import Board, GameState
from app.engine.free_cast import BoardCosts, cast_without_paying
from app.rulings.resolve import resolve_state
from tests.engine.fixture_catalog import card, fixture_catalog

__all__ = ["E", "P", "board", "card", "resolve"]


def P(pid: str, name: str, controller: str = "alice", **kw: Any) -> dict[str, Any]:
    """A battlefield entry: P("pool", "Reflecting Pool", tapped=True)."""
    return {"id": pid, "card": name, "controller": controller, **kw}


def E(eid: str, name: str, controller: str = "alice", **kw: Any) -> dict[str, Any]:
    """An `effects` entry: E("pm", "Pale Moon", "bob")."""
    return {"id": eid, "card": name, "controller": controller, **kw}


def resolve(state: GameState) -> Board:
    return resolve_state(fixture_catalog(), state, ("state",))[1]


def board(*battlefield: dict[str, Any], effects: tuple[dict[str, Any], ...] = ()) -> Board:
    state = GameState.model_validate(
        {
            "turn": 3,
            "active_player": "alice",
            "battlefield": list(battlefield),
            "effects": list(effects),
        }
    )
    return resolve(state)


def cast_on(card: Card, costs: BoardCosts, *additional: str) -> Verdict:
    """A free cast of `card` on a board, paying the `additional` costs named."""
    return cast_without_paying(
        card,
        x=0,
        alternative_cost=None,
        additional_costs=list(additional),
        unpayable=[],
        costs=costs,
    )
