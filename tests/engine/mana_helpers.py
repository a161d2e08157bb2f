"""Boards for the mana engine tests: a GameState made from short dicts and resolved against the
catalog JSON files. A deliberately trivial resolver: the real one (with every cross-reference
check) lives in app/rulings/resolve.py; these tests are about the rules engine only.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from app.domain.card import Card
from app.domain.state import Board, Effect, GameState, Permanent

CARDS_DIR = Path(__file__).resolve().parents[2] / "app" / "catalog" / "cards"
MANA_FILES = ("lands.json", "mana_sources.json", "mana_effects.json", "haste_control.json")


@cache
def catalog() -> dict[str, Card]:
    """Our four files, by casefolded name (other files are other engines' business)."""
    found: dict[str, Card] = {}
    for name in MANA_FILES:
        for raw in json.loads((CARDS_DIR / name).read_text(encoding="utf-8")):
            card = Card.model_validate(raw)
            assert card.name.casefold() not in found, card.name
            found[card.name.casefold()] = card
    return found


def card(name: str) -> Card:
    return catalog()[name.casefold()]


def P(pid: str, name: str, controller: str = "alice", **kw: Any) -> dict[str, Any]:
    """A battlefield entry: P("pool", "Reflecting Pool", tapped=True)."""
    return {"id": pid, "card": name, "controller": controller, **kw}


def E(eid: str, name: str, controller: str = "alice", **kw: Any) -> dict[str, Any]:
    """An `effects` entry: E("pm", "Pale Moon", "bob")."""
    return {"id": eid, "card": name, "controller": controller, **kw}


def resolve(state: GameState) -> Board:
    permanents: list[Permanent] = []
    for i, p in enumerate(state.battlefield):
        c = p.definition or card(p.card or "")
        permanents.append(
            Permanent(
                index=i,
                id=p.id,
                card=c,
                face=c.card_faces[p.face],
                controller=p.controller,
                tapped=p.tapped,
                controlled_since_turn_start=p.controlled_since_turn_start,
                counters=dict(p.counters),
                attached_to=p.attached_to,
                chosen_color=p.chosen_color,
            )
        )
    effects = [
        Effect(i, e.id, e.definition or card(e.card or ""), e.controller, e.target, e.chosen_color)
        for i, e in enumerate(state.effects)
    ]
    return Board(
        turn=state.turn,
        active_player=state.active_player,
        permanents=tuple(permanents),
        effects=tuple(effects),
        by_id={p.id: p for p in permanents},
        state=state,
    )


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
