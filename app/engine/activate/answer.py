"""The activate answer object (docs/api.md): legal or not, what was made, every outcome, and
the state after paying the costs, in the question's own shape."""

from __future__ import annotations

from typing import cast

from app.domain.answers import AbilityOut, ActivateAnswer, OutcomeOut, Reason, trusted
from app.domain.mana import Mana
from app.domain.state import Board, GameState, Permanent, PermanentIn
from app.engine.activate.options import Option
from app.engine.board import ListedAbility
from app.engine.replacement import Applied


def state_after(
    board: Board,
    p: Permanent,
    tapped: bool | None,
    counters: dict[str, int] | None = None,
    resolved: bool = False,
    *,
    activated: bool = False,
) -> GameState | None:
    """The state after the activation; `resolved`: the ability counts its own resolutions
    this turn, and this one is one more; `activated`: it may be activated only once each turn,
    and now it was (602.5b)."""
    state: GameState | None = board.state
    if state is None:
        return None
    entry = state.battlefield[p.index]
    update: dict[str, object] = {}  # only the fields that change
    if tapped is not None and tapped != entry.get("tapped", False):
        update["tapped"] = tapped
    if counters is not None and counters != entry.get("counters", {}):
        update["counters"] = counters
    resolutions = entry.get("resolutions_this_turn")
    if resolved and resolutions is not None:
        update["resolutions_this_turn"] = resolutions + 1
    if activated and not entry.get("activated_this_turn"):
        update["activated_this_turn"] = True
    if update:
        battlefield = list(state.battlefield)
        battlefield[p.index] = cast(PermanentIn, {**entry, **update})
        state = state.model_copy(update={"battlefield": battlefield})
    # The same shape as the question's state, so a client can send it back as is.
    return state


def ability_out(chosen: ListedAbility) -> AbilityOut:
    """The ability asked about, as the answer names it."""
    granted_by = chosen.granted_by.id if chosen.granted_by else None
    return AbilityOut(
        index=chosen.index,
        summary=chosen.summary,
        origin=chosen.origin,
        granted_by=granted_by,
        recipient=chosen.ability.recipient,
    )


def illegal_answer(
    board: Board, p: Permanent, reasons: list[Reason], chosen: ListedAbility | None
) -> ActivateAnswer:
    """An illegal activation is an answer: nothing made, the state unchanged."""
    return trusted(
        ActivateAnswer,
        legal=False,
        reasons=reasons,
        ability=ability_out(chosen) if chosen else None,
        produced="",
        triggered=[],
        total="",
        made_mana=False,
        choice_required=False,
        options=[],
        replacement_order=[],
        outcomes=[],
        notes=[],
        state=state_after(board, p, None),
    )


def chosen_outcome(
    applied: Applied,
    picked: Option | None,
    several_options: bool,
    trigger_choices: dict[str, str],
    total: Mana,
) -> OutcomeOut:
    """The result asked for, with the order and choices that gave it."""
    choices_used = {"choose": picked.key} if picked is not None and several_options else {}
    choices_used.update(trigger_choices)
    colors = {t.effect.order_key: t.choice for t in applied.trace if t.choice}
    order = [t.effect.order_key for t in applied.trace]
    return outcome(order, choices_used, applied.mana, total, colors)


def outcome(
    order: list[str],
    choices: dict[str, str],
    produced: Mana,
    total: Mana,
    colors: dict[str, str] | None = None,
) -> OutcomeOut:
    """One outcome; `choices` and the colors given to replacement effects (`colors`) only
    when it rests on them (left out of the JSON otherwise)."""
    return trusted(
        OutcomeOut,
        replacement_order=order,
        choices=choices or None,
        replacement_choices=colors or None,
        produced=produced.render(),
        total=total.render(),
    )
