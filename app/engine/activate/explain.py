"""The explanation steps of an activation, in our words with their rule numbers: the ability
asked about and its costs (605.1a, 106.12, 107.6), control and haste (302.6), replacement
effects (614.15, 616.1), triggered mana abilities (106.12a, 605.1b) and the result."""

from __future__ import annotations

from collections.abc import Container
from typing import assert_never

from app.domain.answers import Note, OutcomeOut
from app.domain.card import ManaAbility, ManaAbilityCost
from app.domain.mana import Mana
from app.domain.mana_abilities import UNLESS_PAYS, ManaAmount, PerCounter, Recipient
from app.domain.quantities import CountersOnSource
from app.domain.ruling import Mentions, Step
from app.domain.state import Permanent
from app.engine.board import (
    BoardView,
    ControlChange,
    ListedAbility,
    PassedOver,
    Source,
    banded_out,
    bounded_total,
    describe_cost,
    group_label,
    has_band,
    library_top_of,
    replacement_label,
    source_label,
)
from app.engine.production import describe_ability
from app.engine.replacement import Applied, Replacement, effect_source
from app.engine.words import describe_selector


def ability_steps(
    view: BoardView, p: Permanent, chosen: ListedAbility, player: str | None = None
) -> list[Step]:
    """Which ability is asked about, who gets its mana, what its {T}/{Q} part means, and that
    the other costs are taken as paid."""
    a = chosen.ability
    # 605.1a: an activated ability that could add mana is a mana ability; an intrinsic one
    # exists only because of the land type (305.6).
    rules: tuple[str, ...] = (
        ("605.1a", "305.6")
        if chosen.origin == "intrinsic"
        else ("605.1a", *(chosen.condition[1] if chosen.condition else ()))
    )
    side = ""
    if a.side_effect and a.side_effect.startswith(UNLESS_PAYS):
        # Another player's choice as it resolves, not a cost of the ability (118.12); what it
        # could produce ignores it (106.7).
        side = (
            f" When it resolves, it adds its mana {a.side_effect}: any player may pay that to "
            "stop it, and then it adds no mana; that payment is not a cost of the ability."
        )
        rules = (*rules, "118.12")
    elif a.side_effect:
        # Part of the ability's effect, not its cost (unlike life paid for Mana Confluence):
        # it happens as the ability resolves, and nothing in the state tracks it.
        side = (
            f" When it resolves, {a.side_effect} as well; that is part of its effect, not a cost."
        )
    if a.puts_counters:
        put = " and ".join(
            f"a {kind} counter" if n == 1 else f"{n} {kind} counters"
            for kind, n in a.puts_counters.items()
        )
        side += (
            f" When it resolves, it first puts {put} on it and then adds its mana, which counts "
            "them (its instructions are followed in order)."
            if _counts_own_counters(a)
            else f" When it resolves, it also puts {put} on it, which changes none of its mana."
        )
        rules = (*rules, "608.2c")
    m = Mentions()
    if chosen.granted_by is not None:
        source_label(m, chosen.granted_by)
    steps = [
        m.step(
            f"{m.label(p.name, p.id)}, controlled by {view.controller(p)}: the ability asked "
            f"about is {m.mana_in(chosen.summary)}.{m.mana_in(side)}",
            rules,
        ),
        *recipient_steps(a.recipient, view.controller(p), player, a.is_mana_ability),
        _tap_step(a.cost) if a.is_mana_ability else _targeted_step(a.cost),
    ]
    other = _other_costs_step(a.cost)
    return [*steps, other] if other else steps


def recipient_steps(
    recipient: Recipient, controller: str, player: str | None, mana_ability: bool = True
) -> list[Step]:
    """106.3, 106.4: who adds the mana the ability makes, into whose mana pool it goes."""
    m = Mentions()
    match recipient:
        case "controller":
            return []
        case "chosen_player":
            who = (
                f"{player}, the player chosen"
                if player is not None
                else f"a player {controller} chooses as it resolves"
            )
            text = (
                f"Its mana goes to {who}{_not_necessarily(player, controller)}: that player "
                "adds it to their mana pool (and picks its color where the ability says they "
                "choose); mana a triggered ability adds goes to the player that ability names."
            )
            if not mana_ability:
                return [m.step(text, ("106.3", "106.4"))]
            text += " Choosing a player is no target, so it is still a mana ability."
            return [m.step(text, ("106.3", "106.4", "605.1a"))]
        case "target_player":
            who = f"{player}, its target" if player is not None else "the player it targets"
            text = (
                f"Its mana goes to {who}{_not_necessarily(player, controller)}: that player "
                "adds it to their mana pool when it resolves; mana a triggered ability adds goes "
                "to the player that ability names."
            )
            return [m.step(text, ("106.3", "106.4"))]
        case "each_player":
            whose = f" The total here is {player}'s." if player is not None else ""
            text = (
                f"Each player adds all of its mana, not only {controller}: every player gets "
                "that much in their own mana pool (the mana produced is what each one adds); "
                "mana a triggered ability adds goes to the player that ability names."
                f"{whose}"
            )
            if mana_ability:
                text += " It has no target, so it is still a mana ability."
            return [m.step(text, ("106.3", "106.4", "605.1a"))]
        case _:
            assert_never(recipient)


def _not_necessarily(player: str | None, controller: str) -> str:
    return "" if player == controller else f", not necessarily to {controller}"


def _counts_own_counters(a: ManaAbility) -> bool:
    """Whether what it makes counts the counters on its own permanent (608.2c: those its
    effect puts on first count too)."""
    prod = a.produces
    return isinstance(prod, PerCounter) or (
        isinstance(prod, ManaAmount) and isinstance(prod.amount, CountersOnSource)
    )


def _targeted_step(cost: ManaAbilityCost) -> Step:
    """605.5a: an activated ability with a target is not a mana ability, whatever it adds."""
    tapping = "Tapping the permanent to pay {T} is" if cost.tap else "Activating it is"
    return Mentions().step(
        "It has a target, so it is not a mana ability: it uses the stack, and players "
        f"may respond to it. {tapping} not tapping it for mana, so effects that care about "
        "a permanent tapped for mana ignore it.",
        ("605.5a", "106.12"),
    )


def _tap_step(cost: ManaAbilityCost) -> Step:
    # {T} and {Q} are cost symbols, not mana: these steps mention nothing to link.
    nothing = Mentions()
    if cost.tap:
        return nothing.step(
            "It has {T} in its cost, so activating it is tapping the permanent for mana; "
            "a mana ability doesn't use the stack and resolves at once.",
            ("106.12", "605.3"),
        )
    if cost.untap:
        return nothing.step(
            "Its cost untaps the permanent ({Q}); that is not tapping it for mana, so "
            "effects that care about a permanent tapped for mana ignore it.",
            ("106.12", "107.6"),
        )
    return nothing.step(
        "Its cost doesn't tap the permanent, so this is not tapping for mana: effects "
        "that care about a permanent tapped for mana ignore it.",
        ("106.12", "605.3"),
    )


def _other_costs_step(cost: ManaAbilityCost) -> Step | None:
    # The X counters are paid for real (legality.check_x): not among the costs taken as paid.
    other = describe_cost(
        cost.model_copy(update={"tap": False, "untap": False, "remove_x_counters": None})
    )
    if other == "no cost":
        return None
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
    m = Mentions()
    return m.step(
        f"Its other costs ({m.mana_in(other)}) are taken as paid: this ruling is about the "
        "tap/untap part and the mana made"
        + (f" ({'; '.join(in_state)})" if in_state else "")
        + ".",
        (),
    )


def control_change_text(
    m: Mentions,
    change: ControlChange,
    restarts_count: bool,
    since_turn_start: bool,
    after_change: bool = False,
) -> str:
    """302.6: what one control-changing effect does to the count of continuous control.
    since_turn_start: the taken permanent's controlled_since_turn_start, which the count is
    read from when the change is older than this turn."""
    to = change.source.controller
    src = source_label(m, change.source)
    if restarts_count and not change.changes_controller:
        # 613.8a: its source came under `to`'s control this turn, and with it this permanent.
        return (
            f"{src} gives {to} control of it, and {src} itself came under {to}'s control this "
            f"turn, so {to} has controlled it only since then: a change of control restarts "
            "the count of 302.6" + ("; it also gives haste" if change.effect.haste else "")
        )
    if not change.changes_controller:
        # Taking control of what you already control changes nothing: the 302.6 count
        # goes on (the effect's haste, if any, still applies).
        return (
            f"{src} gives {to} control of it, but {to} already "
            "controlled it, so control doesn't change and the count of 302.6 goes on"
            + ("; it also gives haste" if change.effect.haste else "")
        )
    if restarts_count:
        since = "; a change of control restarts the count of 302.6"
    elif after_change:
        # An earlier change this turn took it away from them: the count began again.
        since = (
            f"; a control change earlier this turn broke the count of 302.6, so {to} hasn't "
            "controlled it continuously since their most recent turn began"
        )
    elif change.source.is_effect:
        # A lasting effect may be older than this turn: the state's fact decides.
        since = (
            f"; the effect lasts beyond the turn, so it may have begun before {to}'s most recent "
            f"turn, and the state says {to} has "
            + ("" if since_turn_start else "not ")
            + "controlled it since that turn began (controlled_since_turn_start)"
        )
    elif since_turn_start:
        since = f"; {to} has had that control since before their most recent turn began"
    else:
        # The source is older than the turn, but the permanent's own fact says otherwise (an
        # Aura moved onto it this turn): the fact decides, as the verdict does.
        since = (
            f"; that source was there before this turn, but the state says {to} has not "
            "controlled it since their most recent turn began (controlled_since_turn_start), "
            "as when it became attached this turn"
        )
    return (
        f"{src} gives {to} control of it"
        + (" and haste" if change.effect.haste else ", but not haste")
        + since
    )


def band_steps(p: Permanent) -> list[Step]:
    """Its mana abilities that its counters leave out now: a level band (711.2) or a station
    threshold (721.2a) it doesn't meet, with the counters the state gives it; and those that
    exist only while its controller's library has a card of a type on top (205.2)."""
    steps: list[Step] = library_top_steps(p)
    for a in banded_out(p):
        if a.while_library_top is not None and not has_band(a, p):
            continue  # said by library_top_steps
        band = a.while_counters
        assert band is not None, "banded_out lists banded abilities only"
        m = Mentions()
        what = m.mana_in(describe_ability(a))
        span = (
            f"{band.at_least} or more"
            if band.at_most is None
            else f"{band.at_least} to {band.at_most}"
        )
        had = p.counters.get(band.counter, 0)
        rule = "711.2" if band.counter == "level" else "721.2a"
        steps.append(
            m.step(
                f"{m.label(p.name, p.id)} has the ability {what} only while it has {span} "
                f"{band.counter} counters; it has {had}, so it doesn't have that ability now.",
                (rule,),
            )
        )
    return steps


def library_top_steps(p: Permanent) -> list[Step]:
    """Whether each of its mana abilities that exist only while the top card of its
    controller's library is of a card type exists now (205.2), with the card the state names."""
    steps: list[Step] = []
    for a in p.face.abilities:
        if not isinstance(a, ManaAbility) or a.while_library_top is None:
            continue
        top = library_top_of(p)
        m = Mentions()
        what = m.mana_in(describe_ability(a))
        holds = a.while_library_top in top.types
        steps.append(
            m.step(
                f"{m.label(p.name, p.id)} has the ability {what} only while the top card of its "
                f"controller's library is {article(a.while_library_top)} card; that card is "
                f"{m.card(top.name)}, so it {'has' if holds else 'does not have'} that ability "
                "now.",
                ("205.2",),
            )
        )
    return steps


def article(word: str) -> str:
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def cost_unpayable(steps: list[Step], notes: list[Note], what: str, m: Mentions) -> None:
    """The state shows a cost that couldn't be paid (118.3). docs/api.md takes costs other than
    {T}/{Q} as paid, so the activation is still ruled on, with a note saying so. `m`: what
    `what` mentions."""
    message = (
        f"{what}: in a real game this cost couldn't be paid, so the ability couldn't be "
        "activated (118.3); it is taken as paid here"
    )
    notes.append(Note(code="cost_taken_as_paid", message=message))
    steps.append(m.step(message + ".", ("118.3",)))


def no_mana_step(defined: list[str], effects: list[Replacement]) -> Step:
    """The ability can make no mana: zero of a defined type, or no type at all (106.5)."""
    never_made = "; mana that was never made can't be replaced into mana" if effects else ""
    m = Mentions()
    if defined:
        # The type is known and the amount is zero: that is no mana, but not 106.5, which
        # is about a type that can't be defined.
        zero = " or ".join(m.mana("{" + t + "}") for t in defined)
        return m.step(
            f"It makes no mana: zero {zero} (the type is defined, the amount is zero)"
            + never_made
            + "."
        )
    return m.step(
        "No type of mana can be defined for it, so it makes no mana at all" + never_made + ".",
        ("106.5",),
    )


def explain_replacements(
    steps: list[Step],
    applied: Applied,
    effects: list[Replacement],
    order: list[str],
) -> None:
    if applied.start != applied.initial:
        m = Mentions()
        steps.append(
            m.step(
                f"Its own replacement comes first: {m.mana(applied.initial.render())} becomes "
                f"{m.mana(applied.start.render())} (614.15: a self-replacement effect).",
                ("614.15", "616.1a"),
            )
        )
    if not effects:
        return
    m = Mentions()
    names = bounded_total([replacement_label(m, e) for e in effects[:5]], len(effects))
    if not applied.start:
        steps.append(
            m.step(
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
        m.step(
            f"Replacement effects on this mana event: {names}. The player tapping chooses their "
            f"order; they are applied {how}, each at most once, looking again after each one at "
            "which effects apply.",
            ("106.12b", "614.5", "616.1", "616.1e"),
        )
    )
    steps += _trace_steps(applied)


def _trace_steps(applied: Applied) -> list[Step]:
    """Each replacement applied (616.1), and those that stop or never apply (616.1e)."""
    steps: list[Step] = []
    befores = frozenset({applied.start})
    for t in applied.trace:
        rules = ["616.1"]
        extra = ""
        if not t.applied_from_start:
            rules.append("616.1e")
            extra = " (it only applies now that the event has changed)"
        m = Mentions()
        # After a color of choice given no color, the event is one of several (616.1).
        before = _one_of(m, befores)
        befores = t.afters or frozenset({t.after})
        if any(t.effect is e for e in applied.open):
            what = (
                f"{before} becomes mana of one color the player chooses as it applies; none "
                "was given in replacement_choices"
            )
        elif t.choice:
            what = f"{before} becomes {m.mana(t.after.render())}, the color given to it"
        else:
            what = f"{before} becomes {_one_of(m, befores)}"
        steps.append(m.step(f"{replacement_label(m, t.effect)}: {what}{extra}.", tuple(rules)))
    if applied.open:
        steps.append(_open_colors_step(applied))
    for e in applied.dropped:
        m = Mentions()
        steps.append(
            m.step(
                f"{replacement_label(m, e)} no longer applies once the event is "
                f"{m.mana(applied.mana.render())}, so it doesn't change it.",
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
        m = Mentions()
        steps.append(m.step(f"{replacement_label(m, e)} doesn't apply: {why}.", ("616.1e",)))
    return steps


def _manas(m: Mentions, manas: frozenset[Mana]) -> list[str]:
    """Each mana the event may be, in words, W, U, B, R, G first to last."""
    return [m.mana(x.render()) or "no mana" for x in sorted(manas, reverse=True)]


def _one_of(m: Mentions, manas: frozenset[Mana]) -> str:
    """One mana, or 'one of' the several it may be."""
    listed = _manas(m, manas)
    return listed[0] if len(listed) == 1 else f"one of {', '.join(listed)}"


def _open_colors_step(applied: Applied) -> Step:
    """Whether the colors not given change the result (616.1: they are the player's choice)."""
    m = Mentions()
    results = _manas(m, applied.results)
    if len(results) == 1:
        text = (
            f"Every color it could be given ends in {results[0]}, so no color needs to be "
            "chosen here."
        )
    else:
        text = (
            f"The result depends on that color ({', '.join(results)}), so it is not guessed: "
            "every result is listed under outcomes."
        )
    return m.step(text, ("616.1",))


def open_trigger_step(source: Source, keys: list[str]) -> Step:
    m = Mentions()
    return m.step(
        f"{source_label(m, source)} triggers: its mana is a choice "
        f"({', '.join(m.mana_in(k) for k in keys)}); none was given, so every choice is listed "
        "under outcomes.",
        ("106.12a", "605.1b"),
    )


def trigger_step(
    source: Source,
    me: Permanent,
    requires_tap: bool,
    mana: Mana,
    counted: str = "",
    from_mana_ability: bool = True,
) -> Step:
    # 106.12a: it is the permanent that is tapped for mana, and the ability that makes the mana.
    m = Mentions()
    if not mana and counted:
        return m.step(
            f"{source_label(m, source)} triggers and adds {m.mana_in(counted)} as it resolves "
            "(608.2h), so it adds no mana.",
            ("106.12a", "605.1b", "608.2h"),
        )
    if not mana:
        return m.step(
            f"{source_label(m, source)} triggers, and its controller chose not to add the mana "
            "it may add ('none').",
            ("106.12a", "603.5", "605.1b"),
        )
    if not from_mana_ability:
        # 605.1b, 605.5a: it triggers from an ability that isn't a mana ability, so it is no
        # triggered mana ability either: it uses the stack (its mana comes when it resolves).
        return m.step(
            f"{source_label(m, source)} triggers because the ability made mana: it adds "
            f"{m.mana(mana.render())} when it resolves. It triggered from an ability that is "
            "not a mana ability, so it is not a mana ability either and uses the stack.",
            ("605.1b", "605.5a"),
        )
    rules = ["106.12a", "605.1b", "605.3", *(["608.2h"] if counted else [])]
    delayed = ""
    if source.is_effect:
        # 603.7b: an entry of `effects` is a delayed triggered ability that a resolved spell or
        # ability created for the turn ("until end of turn, whenever ..."): it triggers every
        # time, not only once.
        delayed = (
            " It is a delayed triggered ability that a resolved spell or ability created for "
            "the rest of the turn, so it triggers every time this turn, not only once."
        )
        rules.append("603.7b")
    return m.step(
        f"{source_label(m, source)} triggers because "
        + (f"{m.label(me.name, me.id)} was tapped for mana and " if requires_tap else "")
        + f"the ability made mana: it adds {m.mana(mana.render())}"
        + (f" ({m.mana_in(counted)} as it resolves, 608.2h)" if counted else "")
        + ". That mana comes from a "
        "triggered mana "
        "ability, resolves at once and is not 'tapped for mana', so no replacement "
        "effect changes it and it doesn't count toward a replacement's amount." + delayed,
        tuple(rules),
    )


def ability_choice_step(option_keys: list[str]) -> Step:
    m = Mentions()
    if "lost" in option_keys:
        # 705: a coin flip's result is no choice; the question may say how it came out.
        return m.step(
            "The ability flips a coin as it resolves and the question doesn't say how it came "
            f"out ({', '.join(m.mana_in(k) for k in option_keys)}), so every result is listed "
            "under outcomes.",
            ("705", "605.3"),
        )
    return m.step(
        f"The ability lets its controller choose ({', '.join(m.mana_in(k) for k in option_keys)}) "
        "as it resolves; none was given, so every choice is listed under outcomes.",
        ("605.3",),
    )


def result_step(produced: Mana, trigger_total: Mana, taps: bool, mana_ability: bool) -> Step:
    """The result; tapping for mana (106.12) and resolving at once (605.3) only where the
    ability is a mana ability (one with a target uses the stack, 605.5a)."""
    total = produced + trigger_total
    m = Mentions()
    rules = (("106.12",) if taps else ()) + ("605.3",) if mana_ability else ("608.2",)
    return m.step(
        f"Result: the ability makes {m.mana(produced.render()) or 'no mana'}"
        + (f", triggered abilities add {m.mana(trigger_total.render())}" if trigger_total else "")
        + f", for a total of {m.mana(total.render()) or 'no mana'}.",
        rules,
    )


def over_every_step(
    listed_outcomes: list[OutcomeOut],
    has_effects: bool,
    limit: int,
    permanent_ids: Container[str],
    mana_ability: bool = True,
) -> Step:
    """Every distinct result over the replacement orders and choices."""
    # 616.1 only when replacement effects are in play; choices rest on the rules of what
    # offers them: the ability's own (605.3 for a mana ability; 608.2 for one that uses the
    # stack, 605.5a) or a triggered mana ability's (106.12a, 605.1b).
    over_rules: list[str] = []
    if has_effects:
        over_rules.append("616.1")
    picks = {who for o in listed_outcomes for who in o.choices or {}}
    if "choose" in picks:
        over_rules.append("605.3" if mana_ability else "608.2")
    if picks - {"choose"}:
        over_rules.extend(("106.12a", "605.1b"))
    m = Mentions()
    return m.step(
        f"Over every {'order of the replacement effects and every ' if has_effects else ''}"
        f"choice there are {len(listed_outcomes)} different results: "
        + "; ".join(_outcome_text(m, o, permanent_ids) for o in listed_outcomes[:limit])
        + ".",
        tuple(over_rules),
    )


def _outcome_text(m: Mentions, outcome: OutcomeOut, permanent_ids: Container[str]) -> str:
    # Sources are named by id here (the ids a client sends back in replacement_order).
    parts: list[str] = []
    if outcome.replacement_order:
        named = (effect_source(i, permanent_ids) for i in outcome.replacement_order)
        m.ids(i for i in named if i in permanent_ids)
        parts.append(" then ".join(outcome.replacement_order))
    for key, color in (outcome.replacement_choices or {}).items():
        parts.append(f"{key} is given {m.mana_in(color)}")
    for who, pick in (outcome.choices or {}).items():
        if who in permanent_ids:
            m.ids((who,))
        if who == "choose" and pick in ("won", "lost"):
            parts.append(f"the coin flip is {pick}")  # 705: a result, not a choice
            continue
        parts.append(f"{'the ability' if who == 'choose' else who} chooses {m.mana_in(pick)}")
    return f"{m.mana(outcome.total) or 'no mana'}" + (f" ({', '.join(parts)})" if parts else "")


def passed_over_steps(p: Permanent, controller: str, passed: list[PassedOver]) -> list[Step]:
    """One step per kind of effect on the board whose own words keep it from this permanent
    ("Pale Moon replaces the mana of nonbasic lands, and Forest (f) isn't one"), so a reader
    sees why it changed nothing; effects of one card alike are one step. `controller`: the
    permanent's controller now, said where the effect reaches by control."""
    groups: dict[tuple[str, str, str, str, tuple[str, ...]], list[Source]] = {}
    for item in passed:
        if item.reaches.relation == "attached":
            continue  # an Aura's or an effect's on what it is attached to: plainly not this one
        # Whose permanents "you control" means, or whose mana: the source's controller's.
        mine = item.reaches.controller != "any" or "controller" in item.does
        whose = f", controlled by {item.source.controller}," if mine else ""
        whom = describe_selector(item.reaches)
        key = (item.source.name, item.does, whom, whose, item.rules)
        groups.setdefault(key, []).append(item.source)
    steps: list[Step] = []
    for (_, does, whom, whose, rules), sources in groups.items():
        m = Mentions()
        which = group_label(m, sources) + whose
        it = "it changes" if len(sources) == 1 else "they change"
        this = m.label(p.name, p.id) + (f", controlled by {controller}," if whose else "")
        steps.append(
            m.step(f"{which} {does} {whom}, and {this} isn't one now, so {it} nothing here.", rules)
        )
    return steps
