"""Every distinct result of an activation over the ability's choices, the replacement orders
(616.1) and the triggered abilities' choices (106.12a, 605.1b), and the one path asked for."""

from __future__ import annotations

from dataclasses import dataclass, field

from app.domain.answers import OutcomeOut, TriggeredOut
from app.domain.card import ManaAbility
from app.domain.errors import QuestionError
from app.domain.mana import NO_MANA, Mana
from app.domain.ruling import Mentions, Step
from app.domain.state import Permanent
from app.engine.activate.answer import outcome
from app.engine.activate.explain import open_trigger_step, trigger_step
from app.engine.activate.options import (
    CAP,
    Fired,
    ManaEvent,
    Option,
    check_limit,
    fire,
    trigger_key,
    trigger_sums,
)
from app.engine.board import source_label
from app.engine.replacement import Replacement, TooManyReplacementStates, apply_order, explore
from app.engine.words import describe_selector


@dataclass(slots=True)
class Pick:
    """The ability's option asked for: `picked` None with `open` when a choice is needed;
    `open` with `colors` when the replacement effects asking for a color were given none and
    the colors give different results (616.1)."""

    picked: Option | None = None
    choose_used: bool = False
    open: bool = False
    colors: tuple[Replacement, ...] = ()


@dataclass(slots=True)
class Triggered:
    """The triggered mana abilities on the path asked for."""

    entries: list[TriggeredOut] = field(default_factory=list)
    choices: dict[str, str] = field(default_factory=dict)
    open: bool = False
    total: Mana = NO_MANA
    # `choose` went to no trigger though the ability used none: several offer a choice.
    choose_withheld: bool = False
    # `choose` was a trigger's choice (the ability used none, one trigger offers a choice).
    choose_shared: bool = False


def every_outcome(a: ManaAbility, event: ManaEvent, keyed: bool) -> dict[Mana, OutcomeOut]:
    """Options x replacement orders x trigger choices, by total, each with one way to get it;
    `keyed`: each names the ability's option as `choose`."""
    outcomes: dict[Mana, OutcomeOut] = {}
    try:
        for opt in event.options:
            for oc in explore(opt.mana, event.effects, event.self_rep, cap=CAP):
                check_limit(oc.mana)
                fired, _ = fire(a, oc.mana, event.watching)
                for extra, trig_choices in trigger_sums(fired):
                    total = oc.mana + extra
                    check_limit(total)
                    if total in outcomes:
                        continue
                    # Only the effects that applied (one truth with the top-level order); the
                    # others, unnamed, follow and change nothing when the order is sent back.
                    choices: dict[str, str] = {}
                    if keyed:
                        choices["choose"] = opt.key
                    choices.update(trig_choices)
                    colors = dict(oc.choices)
                    outcomes[total] = outcome(list(oc.applied), choices, oc.mana, total, colors)
    except TooManyReplacementStates as exc:
        raise QuestionError(
            ("state",), f"too many different replacement effects: {exc}", "too_complex"
        ) from exc
    return outcomes


def pick_option(
    a: ManaAbility,
    event: ManaEvent,
    choose: str | None,
    choose_key: str | None,
    steps: list[Step],
) -> Pick:
    """The option `choose` names; with none named, the one option, or any when every option
    gives the same result. Not guessed otherwise: the choice is left open (605.3)."""
    options = event.options
    if len(options) == 1:
        return Pick(options[0])
    if not options:
        return Pick()
    if choose_key is not None:
        picked = next((o for o in options if o.key == choose_key), None)
        if picked is None:
            raise QuestionError(
                ("choose",),
                f"{choose!r} is not a choice of this ability; its options are "
                + ", ".join(o.key for o in options),
                "invalid_choice",
            )
        return Pick(picked, choose_used=True)
    results = [
        apply_order(
            o.mana, event.effects, event.order, event.self_rep, cap=CAP, choices=event.choices
        )
        for o in options
    ]
    fires = [fire(a, r.mana, event.watching)[0] for r in results]
    signatures = {
        (r.results, tuple(tuple(f.options) for f in fs))
        for r, fs in zip(results, fires, strict=True)
    }
    determinate = all(len(f.options) <= 1 for fs in fires for f in fs) and all(
        len(r.results) == 1 for r in results
    )
    if len(signatures) == 1 and determinate:
        steps.append(
            Mentions().step(
                "No type was chosen, but every choice gives the same result here.",
                # What makes the choices meet is the replacement effects (616.1); without
                # any, only the ability's own choice (made as it resolves, 605.3).
                ("616.1",) if event.effects else ("605.3",),
            )
        )
        return Pick(options[0])
    return Pick(open=True)


def _names_own(pick: Pick, fired: list[Fired], choose_key: str | None) -> bool:
    """Whether `choose` is the ability's own one option and no trigger that fires offers it."""
    if pick.picked is None or choose_key != pick.picked.key:
        return False
    return not any(choose_key == trigger_key(m) for f in fired for m in f.options)


def _check_choose_for_triggers(
    pick: Pick, fired_options: list[tuple[str, list[Mana]]], choose: str | None, choose_key: str
) -> None:
    """A `choose` not used by the ability must fit a trigger's choice (or there is none)."""
    if any(len(options) > 1 for _, options in fired_options):
        for source_label, options in fired_options:
            keys = [trigger_key(m) for m in options]
            if len(options) > 1 and choose_key not in keys:
                raise QuestionError(
                    ("choose",),
                    f"{choose!r} is not a choice for {source_label}; its options are "
                    + ", ".join(keys),
                    "invalid_choice",
                )
    elif pick.picked is not None and choose_key != pick.picked.key:
        raise QuestionError(
            ("choose",),
            f"this ability offers no choice: it makes {pick.picked.mana.render()}",
            "invalid_choice",
        )


def _check_trigger_choices(triggers: dict[str, str], fired: list[Fired]) -> None:
    """Each key of `trigger_choices` names a trigger that fires here offering a choice, and
    gives one of its options."""
    offered = {f.source.id: [trigger_key(m) for m in f.options] for f in fired}
    for source, key in triggers.items():
        keys = offered.get(source)
        if keys is None or len(keys) < 2:
            raise QuestionError(
                ("trigger_choices", source),
                f"{source!r} is no triggered mana ability that fires here offering a choice",
                "invalid_choice",
            )
        if key not in keys:
            raise QuestionError(
                ("trigger_choices", source),
                f"{key!r} is not a choice of {source!r}'s trigger; its options are "
                + ", ".join(keys),
                "invalid_choice",
            )


def resolve_triggers(
    a: ManaAbility,
    event: ManaEvent,
    produced: Mana,
    pick: Pick,
    choice: tuple[str | None, str | None, dict[str, str]],
    me: Permanent,
    steps: list[Step],
) -> Triggered:
    """106.12a, 605.1b: the triggered mana abilities that fire for what was made, each with the
    choice `trigger_choices` gives it by its source's id, or `choose` when the ability used
    none and only one trigger offers a choice (605.3: each choice is its own), or left open and
    listed under outcomes."""
    choose, choose_key, triggers = choice
    out = Triggered()
    fired, silent = fire(a, produced, event.watching)
    # A `choose` the ability didn't use goes to the triggers, unless it names the ability's
    # one option, which no trigger offers (then it names the ability, and changes nothing).
    spare = None if pick.choose_used or _names_own(pick, fired, choose_key) else choose_key
    if spare is not None and event.options:
        _check_choose_for_triggers(
            pick, [(f.source.label, f.options) for f in fired], choose, spare
        )
    _check_trigger_choices({k: v for k, v in triggers.items() if k not in event.elsewhere}, fired)
    choosing = [f for f in fired if len(f.options) > 1 and f.source.id not in triggers]
    shared = spare if len(choosing) == 1 else None
    out.choose_withheld = spare is not None and len(choosing) > 1
    for f in fired:
        if f.snow:
            steps.append(snow_step(f, me))
        keys = [trigger_key(m) for m in f.options]
        own = triggers.get(f.source.id)
        given = own if own is not None else shared
        if len(f.options) == 1:
            mana = f.options[0]
        elif given is not None and given in keys:
            mana = f.options[keys.index(given)]
            out.choices[f.source.id] = given
            out.choose_shared = out.choose_shared or own is None
        else:
            out.open = True
            out.entries.append(
                TriggeredOut(source_id=f.source.id, name=f.source.name, mana="", choices=keys)
            )
            steps.append(open_trigger_step(f.source, keys))
            continue
        out.total = out.total + mana
        out.entries.append(
            TriggeredOut(source_id=f.source.id, name=f.source.name, mana=mana.render())
        )
        steps.append(
            trigger_step(
                f.source, me, f.trigger.requires_tap, mana, counted_words(f), a.is_mana_ability
            )
        )
        if f.trigger.side_effect is not None:
            sm = Mentions()
            steps.append(
                sm.step(
                    f"As it resolves, {source_label(sm, f.source)} also "
                    f"{f.trigger.side_effect}; that changes none of the mana.",
                    ("608.2c",),
                )
            )
    for src, why_not in silent:
        m = Mentions()
        steps.append(
            m.step(f"{source_label(m, src)} does not trigger: {m.mana_in(why_not)}.", ("106.12a",))
        )
    return out


def snow_step(f: Fired, me: Permanent) -> Step:
    """Why a trigger added its larger mana: the permanent tapped is snow (205.4a)."""
    m = Mentions()
    return m.step(
        f"{m.label(me.name, me.id)} is snow, so {source_label(m, f.source)} may add "
        f"{m.mana(f.trigger.if_snow_mana or '')} instead of {m.mana(f.trigger.mana or '')}.",
        ("205.4a",),
    )


def counted_words(f: Fired) -> str:
    """For a "for each" trigger: how many permanents it counted as it resolved (608.2h)."""
    per = f.trigger.per_count
    if per is None:
        return ""
    return (
        f"{f.trigger.mana} for each of the {describe_selector(per)}, of which there are {f.times}"
    )
