"""The activate answer object (docs/api.md): legal or not, what was made, every outcome, and
the state after paying the costs, in the question's own shape."""

from __future__ import annotations

from typing import Any

from app.domain.mana import Mana
from app.domain.state import Board, GameState, Permanent
from app.engine.activate.options import Option
from app.engine.board import ListedAbility
from app.engine.replacement import Applied


def state_after(
    board: Board,
    p: Permanent,
    tapped: bool | None,
    counters: dict[str, int] | None = None,
) -> dict[str, Any] | None:
    state: GameState | None = board.state
    if state is None:
        return None
    entry = state.battlefield[p.index]
    update: dict[str, Any] = {}
    if tapped is not None and tapped != entry.tapped:
        update["tapped"] = tapped
    if counters is not None and counters != entry.counters:
        update["counters"] = counters
    if update:
        battlefield = list(state.battlefield)
        battlefield[p.index] = entry.model_copy(update=update)
        state = state.model_copy(update={"battlefield": battlefield})
    # The same shape as the question's state, so a client can send it back as is.
    return state.model_dump(mode="json")


def illegal_answer(
    board: Board, p: Permanent, reasons: list[dict[str, Any]], chosen: ListedAbility | None
) -> dict[str, Any]:
    """An illegal activation is an answer: nothing made, the state unchanged."""
    return {
        "legal": False,
        "reasons": reasons,
        "ability": chosen.to_json() if chosen else None,
        "produced": "",
        "triggered": [],
        "total": "",
        "made_mana": False,
        "choice_required": False,
        "options": [],
        "replacement_order": [],
        "outcomes": [],
        "notes": [],
        "state": state_after(board, p, None),
    }


def chosen_outcome(
    applied: Applied,
    picked: Option | None,
    several_options: bool,
    trigger_choices: dict[str, str],
    total: Mana,
) -> dict[str, Any]:
    """The result asked for, with the order and choices that gave it."""
    entry: dict[str, Any] = {"replacement_order": [t.effect.source_id for t in applied.trace]}
    choices_used = {"choose": picked.key} if picked is not None and several_options else {}
    choices_used.update(trigger_choices)
    if choices_used:
        entry["choices"] = choices_used
    entry["produced"] = applied.mana.render()
    entry["total"] = total.render()
    return entry
