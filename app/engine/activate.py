"""Tap (or untap) a permanent for mana (106.12, 605, 616.1, 302.6).

Entry point: `activate(board, permanent_id, ability, choose, replacement_order) -> Verdict`.

Conventions (what a client can rely on):

- `ability` indexes the permanent's mana abilities in the documented order (board.py: printed,
  then intrinsic from basic land types, then granted), or names one by its stable id
  (`printed:0`, `intrinsic:Forest`, `granted:<source id>:0`), which doesn't shift when an
  effect adds or removes other abilities. With no `ability`, a `choose` that only one of
  them can make picks that one. Omitted with several abilities: a
  QuestionError `ability_required` on ("body", "ability") listing index and summary of each.
- Legality is about the {T}/{Q} part only (107.5, 107.6, 302.6); other costs (mana, life,
  counters, a sacrifice) are taken as paid. An illegal activation is an answer (`legal`
  false, `reasons`), with `produced`/`total` "" and the state unchanged.
- Paying the other costs in the returned `state`: removed counters are taken off the permanent
  (the key is dropped at 0). Mana and life aren't part of the state. A sacrificed permanent
  is *not* removed: for "sacrifice a land" the question doesn't say which one, and keeping
  every cost the same way keeps the rule simple; the explanation says so. When the state shows
  the cost couldn't really be paid (too few counters, nothing to sacrifice), the activation is
  still ruled on, with a note `cost_taken_as_paid` saying a real game wouldn't allow it
  (118.3).
- `choose` is the type to make where the ability offers a choice ("U" or "{U}"; an option that
  is several mana is named by its Oracle notation, e.g. "{W}{R}"). Where the ability itself
  offers no choice, `choose` is used for triggered abilities that do (Mana Flare on Boros
  Garrison: "R" or "W"); a trigger's choice also takes `choose` whenever it is one of its
  options. A `choose` that fits no choice on the way is a QuestionError on ("body", "choose").
- A needed choice that was not given is not guessed: the activation is still ruled (`legal`,
  and the new `state`, since the cost is paid on activation), but `choice_required` is true,
  `total` is "" (and `produced` too when it's the ability's own choice), `made_mana` is false
  (nothing determined was made), the open triggers carry `choices`, a note with code
  `choice_required` says what to send, and `outcomes` lists every option. When every option
  gives the same result, no choice is required.
- `replacement_order` is a priority list of replacement source ids, first applied first
  (616.1): at each point the applicable effect named first is applied; effects not named
  follow in the default order, which is the order of the sources in the state (battlefield
  first, then effects), standing in for timestamps. An order listed in `outcomes` reproduces
  its outcome when sent back. Ids that are not on the board, are not replacement sources, or
  repeat are QuestionErrors on ("body", "replacement_order", i).
- `outcomes` is every distinct total over every replacement order, the ability's choices and
  the triggers' choices, each with one `replacement_order` (and `choices`) that gives it,
  found without enumerating k! orders (replacement.py).
- Amounts are exact up to MANA_LIMIT mana; beyond that the question is refused
  (QuestionError `too_much_mana`) rather than rendering millions of symbols.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.domain.card import ManaAbility, ManaTrigger, Selector
from app.domain.errors import QuestionError
from app.domain.mana import (
    NO_MANA,
    TYPE_INDEX,
    Mana,
    ManaSyntaxError,
    mask_of,
)
from app.domain.ruling import Step, Verdict
from app.domain.state import Board, GameState, Permanent
from app.engine import production
from app.engine.board import (
    BoardView,
    ListedAbility,
    Source,
    SourcedTrigger,
    bounded_list,
    chosen_color_of,
    describe_cost,
    describe_selector,
    own_of,
)
from app.engine.characteristics import layer_steps
from app.engine.could_produce import solve
from app.engine.replacement import (
    Applied,
    Replacement,
    SelfReplacement,
    TooManyReplacementStates,
    apply_order,
    explore,
)

MANA_LIMIT = 10_000
_CAP = MANA_LIMIT + 1
_LIST_LIMIT = 20


@dataclass(frozen=True, slots=True)
class _Option:
    key: str  # "U", or "{W}{R}" for an option of several mana
    mana: Mana


@dataclass(slots=True)
class _Fired:
    """A triggered mana ability that fires (106.12a, 605.1b) and what it may add."""

    source: Source
    trigger: ManaTrigger
    options: list[Mana]


def _option_key(mana: Mana) -> str:
    # A choice between single-type amounts is named by the type ("U"), else by the mana.
    types = mana.types()
    return types[0] if len(types) == 1 else mana.render()


def _render(mana: Mana) -> str:
    return mana.render()


# --- validation --------------------------------------------------------------------------------


def _check_order(view: BoardView, order: list[str]) -> list[str]:
    board = view.board
    replacement_ids = {s.id for s in view.replacement_sources()}
    effect_ids = {e.id for e in board.effects}
    seen: set[str] = set()
    for i, rid in enumerate(order):
        loc = ("body", "replacement_order", i)
        if rid in seen:
            raise QuestionError(
                loc,
                f"{rid!r} is named twice: a replacement effect applies at most once (614.5)",
                "duplicate_replacement_source",
            )
        seen.add(rid)
        if rid not in board.by_id and rid not in effect_ids:
            raise QuestionError(
                loc,
                f"{rid!r} is not a permanent or effect in the state",
                "unknown_replacement_source",
            )
        if rid not in replacement_ids:
            raise QuestionError(
                loc,
                f"{rid!r} has no replacement effect on mana production",
                "not_a_replacement_source",
            )
    return order


def _pick_ability(
    p: Permanent, listed: list[ListedAbility], ability: int | str | None
) -> ListedAbility:
    """By index (the documented order) or by stable id (board.ListedAbility.id)."""

    def menu() -> str:
        items = [f"{a.index}: {a.summary} [id {a.id}]" for a in listed[:_LIST_LIMIT]]
        if len(listed) > _LIST_LIMIT:
            items.append(f"and {len(listed) - _LIST_LIMIT} more")
        return "; ".join(items)

    if ability is None:
        if len(listed) == 1:
            return listed[0]
        raise QuestionError(
            ("body", "ability"),
            f"{p.name} ({p.id}) has {len(listed)} mana abilities; say which one with 'ability': "
            + menu(),
            "ability_required",
        )
    if isinstance(ability, str):
        for item in listed:
            if item.id == ability:
                return item
        raise QuestionError(
            ("body", "ability"),
            f"{p.name} ({p.id}) has no mana ability with id {ability!r}; its mana abilities are "
            + menu(),
            "unknown_ability",
        )
    if not 0 <= ability < len(listed):
        raise QuestionError(
            ("body", "ability"),
            f"{p.name} ({p.id}) has no mana ability {ability}; its mana abilities are " + menu(),
            "unknown_ability",
        )
    return listed[ability]


def _by_choice(
    view: BoardView,
    p: Permanent,
    listed: list[ListedAbility],
    ability: int | str | None,
    choose_key: str | None,
) -> list[ListedAbility]:
    """With no `ability` named and several mana abilities, `choose` picks the one ability
    that can make the chosen mana (a Tundra with choose W; a Forest that Urborg made a Swamp
    with choose B). Anything else is left to `ability` (an empty or ambiguous pick)."""
    if ability is not None or choose_key is None or len(listed) < 2:
        return listed
    fits = [
        item
        for item in listed
        if any(o.key == choose_key for o in _options(view, p, item.ability)[0])
    ]
    return fits if len(fits) == 1 else listed


def normalize_choose(choose: str | None) -> str | None:
    """'u', 'U' and '{U}' all mean U; an option of several mana is named by its Oracle
    notation in WUBRGC order ('{R}{W}' -> '{W}{R}'). Anything else is a QuestionError."""
    if choose is None:
        return None
    text = choose.strip().upper()
    if text.upper() in TYPE_INDEX:
        return text.upper()
    try:
        mana = Mana.parse(text)
    except ManaSyntaxError:
        mana = NO_MANA
    if not mana:
        raise QuestionError(
            ("body", "choose"),
            f"{choose!r} is not a mana type: use one of W, U, B, R, G, C (or mana like '{{U}}')",
            "invalid_choice",
        )
    return _option_key(mana)


# --- what the ability would make, before replacement effects ---------------------------------


def _options(view: BoardView, p: Permanent, a: ManaAbility) -> tuple[list[_Option], str, list[str]]:
    """The ability's possible mana before replacement effects, a sentence saying why, and the
    types it defines (production.possible)."""
    src = view.source(p)

    def count_of(sel: Selector) -> int:
        return len(view.matching(sel, src))

    def colors_of(sel: Selector) -> int:
        colors = 0
        for q in view.matching(sel, src):
            colors |= mask_of(q.face.face_colors)
        return colors

    def reflected(sel: Selector) -> tuple[int, list[str]]:
        fp = solve(view)
        seen = 0
        feeders: list[str] = []
        for q in view.matching(sel, src):
            if fp.masks[q.index]:
                seen |= fp.masks[q.index]
                feeders.append(f"{q.name} ({q.id})")
        return seen, feeders

    found = production.possible(a.produces, count_of, colors_of, reflected, own_of(p, src))
    options: list[_Option] = []
    seen_keys: set[str] = set()
    for m in found.manas:
        if not m:
            continue  # zero mana is no mana
        k = _option_key(m)
        if k not in seen_keys:
            seen_keys.add(k)
            options.append(_Option(k, m))
    return options, found.why, found.defined


# --- triggers ----------------------------------------------------------------------------------


def _fire(
    view: BoardView,
    p: Permanent,
    a: ManaAbility,
    produced: Mana,
    watching: list[SourcedTrigger],
) -> tuple[list[_Fired], list[tuple[Source, str]]]:
    """Which triggered mana abilities fire for this production, and why the others don't."""
    fired: list[_Fired] = []
    silent: list[tuple[Source, str]] = []
    for st in watching:
        t, src = st.trigger, st.source
        if t.requires_tap and not a.cost.tap:
            silent.append(
                (src, "this ability does not tap the permanent, so it was not tapped for mana")
            )
            continue
        if not produced:
            silent.append((src, "the ability made no mana"))
            continue
        if t.only_chosen_color:
            color = chosen_color_of(src)
            if not produced.counts[TYPE_INDEX[color]]:
                silent.append((src, f"no mana of its chosen color ({color}) was made"))
                continue
        if t.adds == "fixed":
            options = [Mana.parse(t.mana or "")]
        elif t.adds == "type_produced":
            options = [Mana.of(ty) for ty in produced.types()]
        else:
            options = [Mana.of(chosen_color_of(src))]
        fired.append(_Fired(src, t, options))
    return fired, silent


def _trigger_sums(fired: list[_Fired]) -> list[tuple[Mana, dict[str, str]]]:
    """Distinct totals of the triggered mana over every combination of trigger choices, each
    with one combination giving it (a DP over triggers: distinct sums, not option^k)."""
    sums: dict[Mana, dict[str, str]] = {NO_MANA: {}}
    for f in fired:
        nxt: dict[Mana, dict[str, str]] = {}
        for total, choices in sums.items():
            for m in f.options:
                t = total + m
                if t not in nxt:
                    c = dict(choices)
                    if len(f.options) > 1:
                        c[f.source.id] = _option_key(m)
                    nxt[t] = c
        sums = nxt
    return list(sums.items())


# --- the entry point ---------------------------------------------------------------------------


def _state_after(
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


def _pay_counters(
    have: dict[str, int], remove: dict[str, int]
) -> tuple[dict[str, int], list[tuple[str, int, int]]]:
    """The counters left after a remove-counters cost, and each (counter, needed, had) the
    permanent was short of. The answer takes the cost as paid (docs/api.md), so what is there is
    removed, and a counter at 0 is dropped from the state, as a client would send it."""
    left = dict(have)
    short: list[tuple[str, int, int]] = []
    for counter, n in remove.items():
        had = left.get(counter, 0)
        if had < n:
            short.append((counter, n, had))
        rest = max(had - n, 0)
        if rest:
            left[counter] = rest
        else:
            left.pop(counter, None)
    return left, short


def _reason(code: str, rules: list[str], message: str) -> dict[str, Any]:
    return {"code": code, "rules": rules, "message": message}


def _check_limit(mana: Mana) -> None:
    if mana.total > MANA_LIMIT or max(mana.counts) >= _CAP:
        raise QuestionError(
            ("body", "state"),
            f"this activation would make more than {MANA_LIMIT} mana; the service rules on "
            "amounts up to that",
            "too_much_mana",
        )


def activate(
    board: Board,
    permanent_id: str,
    ability: int | str | None = None,
    choose: str | None = None,
    replacement_order: list[str] | None = None,
) -> Verdict:
    """Rule on activating one mana ability of a permanent (module docstring)."""
    p = board.get(permanent_id)
    if p is None:
        raise QuestionError(
            ("body", "permanent_id"),
            f"no permanent with id {permanent_id!r} is on the battlefield",
            "unknown_permanent",
        )
    view = BoardView(board)
    order = _check_order(view, list(replacement_order or []))
    choose_key = normalize_choose(choose)
    me = f"{p.name} ({p.id})"
    listed = view.mana_abilities(p)
    steps: list[Step] = layer_steps(view.chars, bool(view.grants))

    def illegal(reasons: list[dict[str, Any]], chosen: ListedAbility | None) -> Verdict:
        answer: dict[str, Any] = {
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
            "state": _state_after(board, p, None),
        }
        return Verdict(answer, steps)

    if not listed:
        msg = f"{me} has no mana ability to activate"
        steps.append(Step(msg + ".", ("605.1a",)))
        return illegal([_reason("no_mana_ability", ["605.1a"], msg)], None)

    chosen = _pick_ability(p, _by_choice(view, p, listed, ability, choose_key), ability)
    a = chosen.ability
    cost = a.cost
    ctrl = view.controller(p)
    side = ""
    if a.side_effect:
        # Part of the ability's effect, not its cost (unlike life paid for Mana Confluence):
        # it happens as the ability resolves, and nothing in the state tracks it.
        side = (
            f" When it resolves, {a.side_effect} as well; that is part of its effect, not a cost."
        )
    steps.append(
        Step(
            f"{me}, controlled by {ctrl}: the ability asked about is {chosen.summary}.{side}",
            # 605.1a: an activated ability that could add mana is a mana ability; an intrinsic
            # one exists only because of the land type (305.6).
            ("605.1a", "305.6") if chosen.origin == "intrinsic" else ("605.1a",),
        )
    )
    if cost.tap:
        steps.append(
            Step(
                "It has {T} in its cost, so activating it is tapping the permanent for mana; "
                "a mana ability doesn't use the stack and resolves at once.",
                ("106.12", "605.3"),
            )
        )
    elif cost.untap:
        steps.append(
            Step(
                "Its cost untaps the permanent ({Q}); that is not tapping it for mana, so "
                "effects that care about a permanent tapped for mana ignore it.",
                ("106.12", "107.6"),
            )
        )
    else:
        steps.append(
            Step(
                "Its cost doesn't tap the permanent, so this is not tapping for mana: effects "
                "that care about a permanent tapped for mana ignore it.",
                ("106.12", "605.3"),
            )
        )
    other = describe_cost(cost.model_copy(update={"tap": False, "untap": False}))
    if other != "no cost":
        in_state: list[str] = []
        if cost.remove_counters:
            in_state.append("the returned state has the counters taken off it")
        if cost.sacrifice == "self":
            # Kept like any sacrifice (module docstring): one rule for every sacrifice cost.
            in_state.append("the returned state still shows it; remove it as you sacrifice it")
        elif cost.sacrifice is not None:
            sel = cost.sacrifice
            noun = (sel.subtypes or sel.types or ["permanent"])[0]
            in_state.append(
                f"the question doesn't say which {noun} is sacrificed, so none is removed from "
                "the returned state"
            )
        steps.append(
            Step(
                f"Its other costs ({other}) are taken as paid: this ruling is about the "
                "tap/untap part and the mana made"
                + (f" ({'; '.join(in_state)})" if in_state else "")
                + ".",
                (),
            )
        )

    # -- legality (107.5, 107.6, 302.6) --
    reasons: list[dict[str, Any]] = []
    if cost.tap and p.tapped:
        msg = f"{me} is already tapped, so it can't be tapped to pay {{T}}"
        reasons.append(_reason("already_tapped", ["107.5"], msg))
        steps.append(Step(msg + ".", ("107.5",)))
    if cost.untap and not p.tapped:
        msg = f"{me} is untapped, so it can't be untapped to pay {{Q}}"
        reasons.append(_reason("already_untapped", ["107.6"], msg))
        steps.append(Step(msg + ".", ("107.6",)))
    if (cost.tap or cost.untap) and p.has_type("creature"):
        recent = view.control_changed_this_turn(p)
        for change in view.control_changes.get(p.id, []):
            to = change.source.controller
            if not change.changes_controller:
                # Taking control of what you already control changes nothing: the 302.6 count
                # goes on (the effect's haste, if any, still applies).
                text = (
                    f"{change.source.label} gives {to} control of it, but {to} already "
                    "controlled it, so control doesn't change and the count of 302.6 goes on"
                    + ("; it also gives haste" if change.effect.haste else "")
                )
            else:
                text = (
                    f"{change.source.label} gives {to} control of it"
                    + (" and haste" if change.effect.haste else ", but not haste")
                    + (
                        "; a change of control restarts the count of 302.6"
                        if change in recent
                        else f"; {to} has had that control since before their most recent "
                        "turn began"
                    )
                )
            steps.append(Step(text + ".", ("302.6",)))
        sick = not p.controlled_since_turn_start or bool(recent)
        haste = view.haste(p)
        if sick and haste.has:
            steps.append(
                Step(
                    f"{me} is a creature its controller hasn't controlled since their most "
                    f"recent turn began, but it has haste ({bounded_list(list(haste.from_), 3)}), "
                    "so it can use {T}/{Q} abilities.",
                    ("302.6", "702.10"),
                )
            )
        elif sick:
            msg = (
                f"{me} is a creature its controller hasn't controlled continuously since their "
                "most recent turn began, and nothing gives it haste, so it can't use an ability "
                "with {T} or {Q} in its cost"
            )
            reasons.append(_reason("summoning_sick", ["302.6"], msg))
            steps.append(Step(msg + ".", ("302.6", "702.10")))
        else:
            steps.append(
                Step(
                    f"{me} is a creature its controller has controlled since their most recent "
                    "turn began, so summoning sickness doesn't stop it.",
                    ("302.6",),
                )
            )
    elif cost.tap or cost.untap:
        steps.append(
            Step(f"{me} is not a creature, so summoning sickness never applies to it.", ("302.6",))
        )
    if reasons:
        return illegal(reasons, chosen)

    # -- the costs other than {T}/{Q}: taken as paid, paid in the returned state --
    notes: list[dict[str, str]] = []
    counters_after: dict[str, int] | None = None
    if cost.remove_counters:
        counters_after, short = _pay_counters(p.counters, cost.remove_counters)
        for counter, n, had in short:
            _cost_unpayable(
                steps,
                notes,
                f"{me} has {had} {counter} counter{'' if had == 1 else 's'}, fewer than the "
                f"{n} its cost removes",
            )
    sacrifice = cost.sacrifice
    if isinstance(sacrifice, Selector) and not view.matching(sacrifice, view.source(p)):
        _cost_unpayable(
            steps,
            notes,
            f"{me}'s cost asks to sacrifice one of the {describe_selector(sacrifice)}, and "
            "there are none",
        )

    # -- what the ability would make --
    options, why, defined = _options(view, p, a)
    if why:
        why_rules = [r for r in ("106.1b", "106.7") if r in why]
        if "could produce" in why and "106.7" not in why_rules:
            why_rules.append("106.7")
        steps.append(Step(f"What it can make: {why}.", tuple(why_rules)))
    self_rep: SelfReplacement | None = None
    # The cost is paid before the ability resolves: its own "instead" sees the counters left.
    counters_now = counters_after if counters_after is not None else p.counters
    if a.instead is not None and counters_now.get(a.instead.counter, 0) > 0:
        self_rep = SelfReplacement(a.instead.amount, f"it has a {a.instead.counter} counter")
    effects = [
        Replacement(r.source.id, r.effect.change, r.effect.min_amount, r.source.name)
        for r in view.applicable_replacements(p, a)
    ]
    watching = view.matching_triggers(p)
    order_ids = {e.source_id for e in effects}
    for rid in order:
        if rid not in order_ids:
            steps.append(
                Step(
                    f"{rid} is named in replacement_order but its effect doesn't apply to this "
                    "event, so it is ignored.",
                    ("616.1",),
                )
            )

    # -- every outcome: options x replacement orders x trigger choices --
    outcomes: dict[Mana, dict[str, Any]] = {}
    try:
        for opt in options:
            for oc in explore(opt.mana, effects, self_rep, cap=_CAP):
                _check_limit(oc.mana)
                fired, _ = _fire(view, p, a, oc.mana, watching)
                for extra, trig_choices in _trigger_sums(fired):
                    total = oc.mana + extra
                    _check_limit(total)
                    if total in outcomes:
                        continue
                    # Only the effects that applied (one truth with the top-level order); the
                    # others, unnamed, follow and change nothing when the order is sent back.
                    entry: dict[str, Any] = {"replacement_order": list(oc.applied)}
                    choices: dict[str, str] = {}
                    if len(options) > 1:
                        choices["choose"] = opt.key
                    choices.update(trig_choices)
                    if choices:
                        entry["choices"] = choices
                    entry["produced"] = _render(oc.mana)
                    entry["total"] = _render(total)
                    outcomes[total] = entry
    except TooManyReplacementStates as exc:
        raise QuestionError(
            ("body", "state"), f"too many different replacement effects: {exc}", "too_complex"
        ) from exc

    # -- the path asked for --
    ability_choice_open = False
    picked: _Option | None = None
    choose_used = False
    if len(options) == 1:
        picked = options[0]
    elif len(options) > 1:
        if choose_key is not None:
            picked = next((o for o in options if o.key == choose_key), None)
            if picked is None:
                raise QuestionError(
                    ("body", "choose"),
                    f"{choose!r} is not a choice of this ability; its options are "
                    + ", ".join(o.key for o in options),
                    "invalid_choice",
                )
            choose_used = True
        else:
            # Not guessed: unless every option gives the same result, a choice is required.
            results = [apply_order(o.mana, effects, order, self_rep, cap=_CAP) for o in options]
            fires = [_fire(view, p, a, r.mana, watching)[0] for r in results]
            signatures = {
                (r.mana, tuple(tuple(f.options) for f in fs))
                for r, fs in zip(results, fires, strict=True)
            }
            determinate = all(len(f.options) <= 1 for fs in fires for f in fs)
            if len(signatures) == 1 and determinate:
                picked = options[0]
                steps.append(
                    Step(
                        "No type was chosen, but every choice gives the same result here.",
                        # What makes the choices meet is the replacement effects (616.1); without
                        # any, only the ability's own choice (made as it resolves, 605.3).
                        ("616.1",) if effects else ("605.3",),
                    )
                )
            else:
                ability_choice_open = True

    applied: Applied | None = None
    produced = NO_MANA
    if picked is not None:
        applied = apply_order(picked.mana, effects, order, self_rep, cap=_CAP)
        produced = applied.mana
        _explain_replacements(steps, applied, effects, order)
    elif not options:
        never_made = "; mana that was never made can't be replaced into mana" if effects else ""
        if defined:
            # The type is known and the amount is zero: that is no mana, but not 106.5, which
            # is about a type that can't be defined.
            zero = " or ".join("{" + t + "}" for t in defined)
            steps.append(
                Step(
                    f"It makes no mana: zero {zero} (the type is defined, the amount is zero)"
                    + never_made
                    + "."
                )
            )
        else:
            steps.append(
                Step(
                    "No type of mana can be defined for it, so it makes no mana at all"
                    + never_made
                    + ".",
                    ("106.5",),
                )
            )
        if choose_key is not None:
            notes.append(
                {
                    "code": "choose_unused",
                    "message": "the ability can make no mana, so there was nothing to choose",
                }
            )

    # -- triggers (106.12a, 605.1b) --
    triggered: list[dict[str, Any]] = []
    trigger_choices: dict[str, str] = {}
    trigger_open = False
    trigger_total = NO_MANA
    if not ability_choice_open:
        fired, silent = _fire(view, p, a, produced, watching)
        has_trigger_choice = any(len(f.options) > 1 for f in fired)
        if choose_key is not None and not choose_used and options:
            if has_trigger_choice:
                for f in fired:
                    keys = [_option_key(m) for m in f.options]
                    if len(f.options) > 1 and choose_key not in keys:
                        raise QuestionError(
                            ("body", "choose"),
                            f"{choose!r} is not a choice for {f.source.label}; its options are "
                            + ", ".join(keys),
                            "invalid_choice",
                        )
            elif picked is not None and choose_key != picked.key:
                raise QuestionError(
                    ("body", "choose"),
                    f"this ability offers no choice: it makes {picked.mana.render()}",
                    "invalid_choice",
                )
        for f in fired:
            keys = [_option_key(m) for m in f.options]
            entry = {"source_id": f.source.id, "name": f.source.name}
            if len(f.options) == 1:
                mana = f.options[0]
            elif choose_key is not None and choose_key in keys:
                mana = f.options[keys.index(choose_key)]
                trigger_choices[f.source.id] = choose_key
            else:
                trigger_open = True
                triggered.append({**entry, "mana": "", "choices": keys})
                steps.append(
                    Step(
                        f"{f.source.label} triggers: the player who tapped the land adds one "
                        f"mana of a type it made ({', '.join(keys)}); no type was chosen, so "
                        "every choice is listed under outcomes.",
                        ("106.12a", "605.1b"),
                    )
                )
                continue
            trigger_total = trigger_total + mana
            triggered.append({**entry, "mana": _render(mana)})
            # 106.12a: it is the permanent that is tapped for mana, and the ability that makes
            # the mana.
            steps.append(
                Step(
                    f"{f.source.label} triggers because "
                    + (f"{me} was tapped for mana and " if f.trigger.requires_tap else "")
                    + f"the ability made mana: it adds {_render(mana)}. That mana comes from a "
                    "triggered mana "
                    "ability, resolves at once and is not 'tapped for mana', so no replacement "
                    "effect changes it and it doesn't count toward a replacement's amount.",
                    ("106.12a", "605.1b", "605.3"),
                )
            )
        for src, why_not in silent:
            steps.append(Step(f"{src.label} does not trigger: {why_not}.", ("106.12a",)))

    choice_required = ability_choice_open or trigger_open
    if choice_required:
        what = "the ability's type" if ability_choice_open else "the type for the triggered mana"
        notes.append(
            {
                "code": "choice_required",
                "message": f"send 'choose' to pick {what}; every option is listed in outcomes",
            }
        )
        if ability_choice_open:
            steps.append(
                Step(
                    f"The ability lets its controller choose ({', '.join(o.key for o in options)}) "
                    "as it resolves; none was given, so every choice is listed under outcomes.",
                    ("605.3",),
                )
            )
    total = produced + trigger_total
    made = bool(produced) and not ability_choice_open
    if not choice_required:
        steps.append(
            Step(
                f"Result: the ability makes {_render(produced) or 'no mana'}"
                + (f", triggered abilities add {_render(trigger_total)}" if trigger_total else "")
                + f", for a total of {_render(total) or 'no mana'}.",
                ("106.12", "605.3") if cost.tap else ("605.3",),
            )
        )
    listed_outcomes = list(outcomes.values())
    if not options:
        # No type can be defined (106.5) or the amount is zero: the one result is no mana.
        listed_outcomes = [{"replacement_order": [], "produced": "", "total": ""}]
    if not choice_required and applied is not None:
        # The result asked for comes first, with the order and choices that gave it.
        chosen_entry: dict[str, Any] = {
            "replacement_order": [t.effect.source_id for t in applied.trace]
        }
        choices_used = {"choose": picked.key} if picked is not None and len(options) > 1 else {}
        choices_used.update(trigger_choices)
        if choices_used:
            chosen_entry["choices"] = choices_used
        chosen_entry["produced"] = _render(produced)
        chosen_entry["total"] = _render(total)
        listed_outcomes = [
            chosen_entry,
            *(o for o in listed_outcomes if o["total"] != _render(total)),
        ]
    if len(listed_outcomes) > 1:
        # 616.1 only when replacement effects are in play; choices rest on the rules of what
        # offers them: the ability's own (605.3) or a triggered mana ability's (106.12a, 605.1b).
        over_rules: list[str] = []
        if effects:
            over_rules.append("616.1")
        picks = {who for o in listed_outcomes for who in o.get("choices", {})}
        if "choose" in picks:
            over_rules.append("605.3")
        if picks - {"choose"}:
            over_rules.extend(("106.12a", "605.1b"))
        steps.append(
            Step(
                f"Over every {'order of the replacement effects and every ' if effects else ''}"
                f"choice there are {len(listed_outcomes)} different results: "
                + "; ".join(_outcome_text(o) for o in listed_outcomes[:_LIST_LIMIT])
                + ".",
                tuple(over_rules),
            )
        )
    new_tapped = True if cost.tap else False if cost.untap else None
    answer: dict[str, Any] = {
        "legal": True,
        "reasons": [],
        "ability": chosen.to_json(),
        "produced": "" if ability_choice_open else _render(produced),
        "triggered": triggered,
        "total": "" if choice_required else _render(total),
        "made_mana": made,
        "choice_required": choice_required,
        "options": [o.key for o in options],
        "replacement_order": [t.effect.source_id for t in applied.trace] if applied else [],
        "outcomes": listed_outcomes,
        "notes": notes,
        "state": _state_after(board, p, new_tapped, counters_after),
    }
    return Verdict(answer, steps)


def _cost_unpayable(steps: list[Step], notes: list[dict[str, str]], what: str) -> None:
    """The state shows a cost that couldn't be paid (118.3). docs/api.md takes costs other than
    {T}/{Q} as paid, so the activation is still ruled on, with a note saying so."""
    message = (
        f"{what}: in a real game this cost couldn't be paid, so the ability couldn't be "
        "activated (118.3); it is taken as paid here"
    )
    notes.append({"code": "cost_taken_as_paid", "message": message})
    steps.append(Step(message + ".", ("118.3",)))


def _outcome_text(outcome: dict[str, Any]) -> str:
    parts: list[str] = []
    if outcome["replacement_order"]:
        parts.append(" then ".join(outcome["replacement_order"]))
    for who, pick in outcome.get("choices", {}).items():
        parts.append(f"{'the ability' if who == 'choose' else who} chooses {pick}")
    return f"{outcome['total'] or 'no mana'}" + (f" ({', '.join(parts)})" if parts else "")


def _explain_replacements(
    steps: list[Step],
    applied: Applied,
    effects: list[Replacement],
    order: list[str],
) -> None:
    if applied.start != applied.initial:
        steps.append(
            Step(
                f"Its own replacement comes first: {applied.initial.render()} becomes "
                f"{applied.start.render()} (614.15: a self-replacement effect).",
                ("614.15", "616.1a"),
            )
        )
    if not effects:
        return
    names = bounded_list([e.label for e in effects], 5)
    if not applied.start:
        steps.append(
            Step(
                f"{names} would replace this event, but no mana was made, and mana that was never "
                "made can't be replaced into mana.",
                ("106.5", "616.1"),
            )
        )
        return
    how = (
        "in the order asked for"
        if order
        else "in the default order (sources in the order of the state: battlefield, then effects)"
    )
    steps.append(
        Step(
            f"Replacement effects on this mana event: {names}. The player tapping chooses their "
            f"order; they are applied {how}, each at most once, looking again after each one at "
            "which effects apply.",
            ("106.12b", "614.5", "616.1", "616.1e"),
        )
    )
    for t in applied.trace:
        rules = ["616.1"]
        extra = ""
        if not t.applied_from_start:
            rules.append("616.1e")
            extra = " (it only applies now that the event has changed)"
        steps.append(
            Step(
                f"{t.effect.label}: {t.before.render()} becomes {t.after.render()}{extra}.",
                tuple(rules),
            )
        )
    for e in applied.dropped:
        steps.append(
            Step(
                f"{e.label} no longer applies once the event is {applied.mana.render()}, so it "
                "doesn't change it.",
                ("616.1e",),
            )
        )
    for e in applied.not_applied:
        if e in applied.dropped:
            continue
        why = (
            f"the event is never {e.min_amount} or more mana"
            if applied.mana
            else "no mana is left to replace"
        )
        steps.append(Step(f"{e.label} doesn't apply: {why}.", ("616.1e",)))
