"""Tap (or untap) a permanent for mana (106.12, 605, 616.1, 302.6).

Where each part lives:
- legality.py: reading the question (permanent, ability by index or id, `choose`,
  `replacement_order`), activations forbidden (602.5) and the {T}/{Q} part of the cost
  (107.5, 107.6, 302.6, 702.10); paying the other costs in the returned state (118.3).
- options.py: what the ability could make (106.1b, 106.7, production.py), its own replacement
  (614.15), the replacement effects on the event (616.1), the triggers that fire (106.12a,
  605.1b), the MANA_LIMIT.
- outcomes.py: every distinct outcome over choices and orders, and the path asked for.
- explain.py: the explanation steps; answer.py: the answer object and the state after.

Entry point: `activate(board, permanent_id, ability, choose, replacement_order, x) -> Verdict`.

Conventions (what a client can rely on):

- `ability` indexes the permanent's mana abilities in the documented order (board.py: printed,
  then intrinsic from basic land types, then granted), or names one by its stable id
  (`printed:0`, `intrinsic:Forest`, `granted:<source id>:0`), which doesn't shift when an
  effect adds or removes other abilities. With no `ability`, a `choose` that only one of
  them can make picks that one. Omitted with several abilities: a
  QuestionError `ability_required` on ("ability",) listing index and summary of each.
- Legality is about the {T}/{Q} part (107.5, 107.6, 302.6), the counters an X removes
  (602.2b, 118.3: the player chose that X) and effects that forbid activating the
  permanent's abilities (602.5, `activation_forbidden`: BoardView.activation_banned_by);
  other costs (mana, life, a fixed number of counters, a sacrifice) are taken as paid. An
  illegal activation is an answer (`legal` false, `reasons`), with `produced`/`total` "" and
  the state unchanged.
- Paying the other costs in the returned `state`: removed counters are taken off the permanent
  (the key is dropped at 0). Mana and life aren't part of the state. A sacrificed permanent
  is *not* removed: for "sacrifice a land" the question doesn't say which one, and keeping
  every cost the same way keeps the rule simple; the explanation says so. When the state shows
  the cost couldn't really be paid (too few counters, nothing to sacrifice), the activation is
  still ruled on, with a note `cost_taken_as_paid` saying a real game wouldn't allow it
  (118.3).
- `choose` is the type to make where the ability offers a choice ("U" or "{U}"; an option that
  is several mana is named by its Oracle notation, e.g. "{W}{R}"). Where the ability itself
  offers no choice and one triggered ability alone does, `choose` is used for it (Mana Flare
  on Boros Garrison: "R" or "W"). A `choose` that fits no choice on the way is a
  QuestionError on ("choose",). One that names the ability's only option and goes nowhere
  else is moot (`Verdict.moot`): the ruling is the question's without it; so is any that
  picked no ability on an illegal activation, which makes nothing (it isn't read there).
- `trigger_choices` gives each triggered ability's own choice by its source's id (605.3), as
  outcomes' `choices` name them; one that names no trigger offering a choice here, or a type
  not among its options, is a QuestionError on ("trigger_choices", id).
- A needed choice that was not given is not guessed: the activation is still ruled (`legal`,
  and the new `state`, since the cost is paid on activation), but `choice_required` is true,
  `total` is "" (and `produced` too when it's the ability's own choice, `made_mana` then
  false: nothing determined was made; with only a trigger's choice open the ability's own
  mana is known, and made, 106.12a), the open triggers carry `choices`, a note with code
  `choice_required` says what to send, and `outcomes` lists every option. When every option
  gives the same result, no choice is required.
- `x` is the X chosen as the ability is activated (107.3, 602.2b): the X of "{X}" or "remove
  X counters", how many counters "any number of" removes (107.1c), or the mana value of the
  permanent a cost sacrifices or exiles. Required (QuestionError `x_required` on ("x",)) when
  the ability has one, refused (`x_not_used`) when it has none. A cost removing more counters
  than the permanent has is illegal (`not_enough_counters`, 602.2b, 118.3); X = 0 makes no
  mana.
- `player` is the player who gets the mana of an ability whose mana goes to a player chosen
  as it resolves or to a target player (106.3: Spectral Searchlight, "target player adds"):
  needed only when a trigger cares who adds it (Caged Sun's mana "you" add), as a
  QuestionError `player_required` on ("player",); refused (`player_not_used`) for an ability
  whose mana its controller adds. An ability with a target is not a mana ability (605.5a): no
  "tapped for mana" replacement effect or trigger applies to it (106.12); the answer's
  `ability.recipient` says who adds the mana.
- `die_roll` is the result of the die an ability rolls as it resolves (706.2: "roll a
  six-sided die. On a 3 or lower, ..."): required (`die_roll_required`) when it rolls one, from
  1 to its sides (`invalid_die_roll`), refused (`die_roll_not_used`) otherwise.
- `replacement_order` is a priority list of replacement source ids, first applied first
  (616.1): at each point the applicable effect named first is applied; effects not named
  follow in the default order, which is the order of the sources in the state (battlefield
  first, then effects), standing in for timestamps. An order listed in `outcomes` reproduces
  its outcome when sent back. Ids that are not on the board, are not replacement sources, or
  repeat are QuestionErrors on ("replacement_order", i).
- `replacement_choices` gives the color each replacement effect that asks for one as it
  applies ("mana of a color of your choice instead", 616.1) is given, keyed like
  `replacement_order`. A key that names no such effect is a QuestionError on
  ("replacement_choices", key); one whose effect doesn't apply to the event is ignored with a
  step. Such an effect that applies with no color given is not guessed: when the colors give
  different results, the answer is `choice_required` as for the ability's own choice (nothing
  determined was made; the triggers wait), with a note naming the effects; when every color
  gives the same result (Contamination applies after it), a step says so.
- `outcomes` is every distinct total over every replacement order, the ability's choices, the
  colors given to replacement effects and the triggers' choices, each with one
  `replacement_order` (and `choices`, `replacement_choices`) that gives it,
  found without enumerating k! orders (replacement.py).
- Amounts are exact up to MANA_LIMIT mana; beyond that the question is refused
  (QuestionError `too_much_mana`) rather than rendering millions of symbols.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from app.domain.answers import ActivateAnswer, Note, OutcomeOut, trusted
from app.domain.card import NthResolution
from app.domain.mana import NO_MANA, Mana
from app.domain.ruling import Mentions, Step, Verdict
from app.domain.state import Board, Permanent
from app.engine.activate.answer import (
    ability_out,
    chosen_outcome,
    illegal_answer,
    outcome,
    state_after,
)
from app.engine.activate.explain import (
    ability_choice_step,
    ability_steps,
    band_steps,
    explain_replacements,
    no_mana_step,
    over_every_step,
    passed_over_steps,
    result_step,
)
from app.engine.activate.instructions import check_activation_instructions
from app.engine.activate.legality import (
    by_choice,
    check_die,
    check_graveyard_target,
    check_not_forbidden,
    check_order,
    check_player,
    check_replacement_choices,
    check_tap_cost,
    check_x,
    find_permanent,
    label,
    normalize_choose,
    pay_other_costs,
    pick_ability,
    reason,
)
from app.engine.activate.options import (
    CAP,
    LIST_LIMIT,
    LOST_KEY,
    MANA_LIMIT,
    WON_KEY,
    ManaEvent,
    mana_event,
)
from app.engine.activate.outcomes import (
    Pick,
    Triggered,
    every_outcome,
    pick_option,
    resolve_triggers,
)
from app.engine.board import (
    BoardView,
    ListedAbility,
    Source,
    own_effect_grant_steps,
    passed_over_grants,
    source_label,
    unlisted_effect_steps,
)
from app.engine.characteristics import layer_steps
from app.engine.replacement import Applied, apply_order

__all__ = ["MANA_LIMIT", "activate", "named_ability", "normalize_choose"]


def activate(
    on: Board | BoardView,
    permanent_id: str,
    ability: int | str | None = None,
    choose: str | None = None,
    replacement_order: list[str] | None = None,
    x: int | None = None,
    player: str | None = None,
    die_roll: int | None = None,
    replacement_choices: dict[str, str] | None = None,
    trigger_choices: dict[str, str] | None = None,
) -> Verdict:
    """Rule on activating one mana ability of a permanent (module docstring), on the board or
    on its view when the caller has built that already (named_ability)."""
    view = on if isinstance(on, BoardView) else BoardView(on)
    board = view.board
    p = find_permanent(board, permanent_id)
    order = check_order(view, list(replacement_order or []))
    colors = check_replacement_choices(view, dict(replacement_choices or {}))
    choose_key = normalize_choose(choose)
    listed = view.mana_abilities(p)
    steps: list[Step] = layer_steps(view.chars, bool(view.grants)) + band_steps(p)
    steps += unlisted_effect_steps(view)
    if not listed:
        m = Mentions()
        msg = f"{label(p, m)} has no mana ability to activate"
        steps.append(m.step(msg + ".", ("605.1a",)))
        steps += own_effect_grant_steps(view, [p])
        steps += passed_over_steps(p, view.traits(p).controller, passed_over_grants(view, p))
        reasons = [reason("no_mana_ability", ["605.1a"], msg)]
        return Verdict(illegal_answer(board, p, reasons, None), steps)
    chosen = pick_ability(p, by_choice(view, p, listed, ability, choose_key), ability)
    check_player(chosen.ability, player)
    check_die(p, chosen.ability, die_roll)
    steps += ability_steps(view, p, chosen, player)
    cost = chosen.ability.cost
    reasons = check_not_forbidden(view, p, chosen.ability, steps)
    reasons += check_tap_cost(view, p, cost, steps)
    reasons += check_x(view, p, chosen.ability, x, steps)
    reasons += check_graveyard_target(view, p, chosen.ability, steps)
    notes: list[Note] = []
    reasons += check_activation_instructions(view, p, chosen.ability, steps, notes)
    # A `choose` that picked the ability among several is spent there (and outcomes name it,
    # so that sending one back picks the same ability).
    picked_by_choose = ability is None and choose_key is not None and len(listed) > 1
    if reasons:
        # Nothing is made: a `choose` that picked no ability changes nothing (not read).
        unread = choose_key is not None and not picked_by_choose
        illegal = illegal_answer(board, p, reasons, chosen)
        return Verdict(illegal, steps, frozenset({"choose"}) if unread else frozenset())
    counters_after = pay_other_costs(view, p, cost, steps, notes, x)
    counters_now = counters_after if counters_after is not None else p.counters
    asked = (order, colors)
    event = mana_event(view, p, chosen.ability, asked, counters_now, steps, x, player, die_roll)
    if chosen.ability.puts_counters:
        # 608.2c: its effect puts these on as it resolves; the state after shows them.
        counters_after = dict(counters_now)
        for kind, n in chosen.ability.puts_counters.items():
            counters_after[kind] = counters_after.get(kind, 0) + n
    triggers = {
        source: normalize_choose(key, ("trigger_choices", source)) or key
        for source, key in (trigger_choices or {}).items()
    }
    answer, moot = _rule(
        board,
        p,
        chosen,
        event,
        _Choice(choose, choose_key, triggers, picked_by_choose),
        counters_after,
        steps,
        notes,
    )
    return Verdict(answer, steps, frozenset({"choose"}) if moot else frozenset())


def named_ability(
    view: BoardView, permanent_id: str, ability: int | str | None
) -> int | str | None:
    """The stable id of the mana ability a question names, by its index, by its id, or by
    naming none when the permanent has only one: equal questions spelled alike. Left as asked
    when it names none among several (a `choose` may pick one, or the answer asks which) or
    the permanent has no mana ability (the answer says so). An index or id that names none is
    the QuestionError pick_ability raises."""
    p = find_permanent(view.board, permanent_id)
    listed = view.mana_abilities(p)
    if not listed or (ability is None and len(listed) > 1):
        return ability
    return pick_ability(p, listed, ability).id


def _apply_pick(event: ManaEvent, pick: Pick, steps: list[Step]) -> tuple[Pick, Applied | None]:
    """The option picked through the replacement effects in the order asked (616.1); left
    open, with no result, when an effect's color is the player's to choose."""
    if pick.picked is None:
        return pick, None
    applied = apply_order(
        pick.picked.mana, event.effects, event.order, event.self_rep, cap=CAP, choices=event.choices
    )
    explain_replacements(steps, applied, event.effects, event.order)
    if applied.open and len(applied.results) > 1:
        # 616.1: the color is the player's to choose; not guessed.
        return Pick(pick.picked, pick.choose_used, open=True, colors=applied.open), None
    return pick, applied


@dataclass(frozen=True, slots=True)
class _Choice:
    """What the question chose: `choose` as sent and as a key, each trigger's choice, and
    whether `choose` picked the ability among several."""

    choose: str | None
    key: str | None
    triggers: dict[str, str]
    picked_ability: bool


def _rule(
    board: Board,
    p: Permanent,
    chosen: ListedAbility,
    event: ManaEvent,
    choice: _Choice,
    counters_after: dict[str, int] | None,
    steps: list[Step],
    notes: list[Note],
) -> tuple[ActivateAnswer, bool]:
    """The legal activation's answer (its path, triggers, outcomes); whether `choose` is moot."""
    a = chosen.ability
    choose, choose_key, triggers = choice.choose, choice.key, choice.triggers
    keyed = len(event.options) > 1 or choice.picked_ability
    outcomes = every_outcome(a, event, keyed)
    pick = pick_option(a, event, choose, choose_key, steps)
    if choice.picked_ability and pick.picked is not None:
        pick = replace(pick, choose_used=True)
    pick, applied = _apply_pick(event, pick, steps)
    produced = applied.mana if applied is not None else NO_MANA
    if pick.picked is None and not event.options:
        steps.append(no_mana_step(event.defined, event.effects))
        if choose_key is not None:
            notes.append(
                _choose_unused("the ability can make no mana, so there was nothing to choose")
            )
    trig = (
        Triggered()
        if pick.open
        else resolve_triggers(a, event, produced, pick, (choose, choose_key, triggers), p, steps)
    )
    if trig.choose_withheld:
        notes.append(_choose_unused(_WITHHELD))
    choice_required = pick.open or trig.open
    if choice_required:
        _choice_required(pick, event, steps, notes)
    total = produced + trig.total
    if not choice_required:
        steps.append(result_step(produced, trig.total, a.cost.tap, a.is_mana_ability))
    fired = {e.source_id for e in trig.entries if e.mana}
    restricted = [
        t.source for t in event.watching if t.trigger.spend_restricted and t.source.id in fired
    ]
    if (a.spend_restricted and event.options) or restricted:
        own = a.spend_restricted and bool(event.options)
        _spending_restricted(own, own and bool(event.effects), restricted, steps, notes)
    listed = _listed_outcomes(outcomes, event, pick, trig, applied, total, choice_required, keyed)
    if choice.picked_ability:
        # Another ability may make an outcome's type too: its `choose` alone wouldn't pick
        # this one again.
        listed = [o.model_copy(update={"ability": chosen.id}) for o in listed]
    if len(listed) > 1:
        steps.append(
            over_every_step(listed, bool(event.effects), LIST_LIMIT, board.by_id, a.is_mana_ability)
        )
    new_tapped = True if a.cost.tap else False if a.cost.untap else None
    answer = trusted(
        ActivateAnswer,
        legal=True,
        reasons=[],
        ability=ability_out(chosen),
        produced="" if pick.open else produced.render(),
        triggered=trig.entries,
        total="" if choice_required else total.render(),
        made_mana=bool(produced) and not pick.open,
        choice_required=choice_required,
        options=[o.key for o in event.options],
        replacement_order=[t.effect.order_key for t in applied.trace] if applied else [],
        outcomes=listed,
        notes=notes,
        state=state_after(
            board,
            p,
            new_tapped,
            counters_after,
            isinstance(a.produces, NthResolution),
            activated=a.once_each_turn,
        ),
    )
    return answer, _choose_moot(choice, pick, trig, event)


def _choose_moot(choice: _Choice, pick: Pick, trig: Triggered, event: ManaEvent) -> bool:
    """Whether `choose` named the ability's only option and went to nothing else (no ability
    picked by it, no trigger's choice, no note about it): the answer is the one the question
    without it gets, so the two are one question."""
    return (
        choice.key is not None
        and len(event.options) == 1
        and pick.picked is not None
        and pick.picked.key == choice.key
        and not (pick.choose_used or trig.choose_shared or trig.choose_withheld)
    )


# Why `choose` went to no trigger.
_WITHHELD = (
    "several triggered abilities offer a choice, each its own (605.3), so 'choose' went to "
    "none of them: send 'trigger_choices'"
)


def _spending_restricted(
    own: bool, replaced: bool, triggers: list[Source], steps: list[Step], notes: list[Note]
) -> None:
    """106.6: the ability's text (`own`), or a triggered ability's that added mana, restricts
    how that mana is spent; mana a replacement effect adds to the ability's carries the
    restriction too (106.6a). The answer is what is made."""
    m = Mentions()
    parts: list[str] = []
    if own:
        extra = ", mana a replacement effect adds to it too" if replaced else ""
        parts.append(f"the ability's text restricts what its mana may be spent on{extra}")
    for src in triggers:
        parts.append(f"{source_label(m, src)}'s text restricts what its mana may be spent on")
    said = "; ".join(parts) + ": the answer says what is made, not what it may be spent on."
    said = said[0].upper() + said[1:]
    steps.append(m.step(said, ("106.6", "106.6a") if replaced else ("106.6",)))
    notes.append(Note(code="spending_restricted", message=said))


def _choose_unused(why: str) -> Note:
    return Note(code="choose_unused", message=why)


def _choice_required(pick: Pick, event: ManaEvent, steps: list[Step], notes: list[Note]) -> None:
    """A needed choice is not guessed: a note says what to send, outcomes list every option."""
    if pick.colors:
        keys = ", ".join(e.order_key for e in pick.colors)
        notes.append(
            Note(
                code="choice_required",
                message="send 'replacement_choices' to give a color to the replacement effect "
                f"that asks for one ({keys}); every result is listed in outcomes",
            )
        )
        return
    what = (
        "the ability's type"
        if pick.open
        else "the type for the triggered mana (or 'trigger_choices', a type for each "
        "trigger by its source's id, when there are several or the ability used 'choose')"
    )
    if pick.open and any(o.key == LOST_KEY for o in event.options):
        won = (
            "'won'" if any(o.key == WON_KEY for o in event.options) else "the type a won flip makes"
        )
        what = f"how its coin flip came out ({won} or 'lost', 705)"
    notes.append(
        Note(
            code="choice_required",
            message=f"send 'choose' to pick {what}; every option is listed in outcomes",
        )
    )
    if pick.open:
        steps.append(ability_choice_step([o.key for o in event.options]))


def _listed_outcomes(
    outcomes: dict[Mana, OutcomeOut],
    event: ManaEvent,
    pick: Pick,
    trig: Triggered,
    applied: Applied | None,
    total: Mana,
    choice_required: bool,
    keyed: bool,
) -> list[OutcomeOut]:
    """`keyed`: each outcome names the ability's choice (`choose`)."""
    listed = list(outcomes.values())
    if not event.options:
        # No type can be defined (106.5) or the amount is zero: the one result is no mana.
        listed = [outcome([], {}, NO_MANA, NO_MANA)]
    if not choice_required and applied is not None:
        # The result asked for comes first, with the order and choices that gave it.
        first = chosen_outcome(applied, pick.picked, keyed, trig.choices, total)
        listed = [first, *(o for o in listed if o.total != total.render())]
    return listed
