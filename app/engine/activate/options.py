"""What the ability would make before replacement effects (106.1b, 106.7), which triggered mana
abilities fire for it (106.12a, 605.1b), and the replacement effects on the event (616.1)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import assert_never

from app.domain.card import (
    AmountIfPower,
    CoinFlip,
    ManaAbility,
    ManaTrigger,
    NthResolution,
    Selector,
)
from app.domain.errors import QuestionError
from app.domain.mana import COLORS, NO_MANA, TYPE_INDEX, Mana, mask_of
from app.domain.ruling import Mentions, Step
from app.domain.state import Permanent
from app.engine import production
from app.engine.activate.explain import passed_over_steps
from app.engine.board import (
    BoardView,
    Source,
    SourcedReplacement,
    SourcedTrigger,
    chosen_color_of,
    instead_reason,
    is_monarch,
    own_of,
    passed_over_replacements,
    passed_over_triggers,
    resolved_change,
    source_label,
)
from app.engine.could_produce import solve
from app.engine.replacement import Replacement, SelfReplacement, effect_key

MANA_LIMIT = 10_000
CAP = MANA_LIMIT + 1
LIST_LIMIT = 20
# The rule numbers a production's "why" may cite (production.possible writes them in the text).
_WHY_RULES = (
    "105.2",
    "106.1b",
    "106.4",
    "106.5",
    "106.7",
    "706.2",
    "107.1c",
    "107.3",
    "119.1",
    "119.3",
    "121.1",
    "202.3",
    "205.3m",
    "208.3",
    "305.2",
    "309.7",
    "404.1",
    "602.2b",
    "607.2a",
    "608.2",
    "608.2h",
    "614.15",
    "700.5",
    "701.13",
    "701.16",
    "702.73a",
    "705",
    "725",
)


@dataclass(frozen=True, slots=True)
class Option:
    key: str  # "U", or "{W}{R}" for an option of several mana
    mana: Mana


@dataclass(slots=True)
class Fired:
    """A triggered mana ability that fires (106.12a, 605.1b) and what it may add."""

    source: Source
    trigger: ManaTrigger
    options: list[Mana]
    times: int = 1  # with `per_count`: how many permanents it picked (608.2h)
    snow: bool = False  # it adds its `if_snow_mana`: the permanent tapped is snow (205.4a)


@dataclass(frozen=True, slots=True)
class ManaEvent:
    """Everything that decides what one activation makes: the ability's options, the types it
    defines, its own replacement (614.15), the replacement effects that apply (616.1), the
    triggered mana abilities watching, and the order asked for."""

    options: list[Option]
    defined: list[str]
    self_rep: SelfReplacement | None
    effects: list[Replacement]
    watching: list[SourcedTrigger]
    order: list[str]
    choices: dict[str, str]  # the color given to each color of choice, by order key
    # Triggers that fire but add to another player than the one asked about (_into_pool_of):
    # a choice sent for one is no mistake, only not this pool's.
    elsewhere: frozenset[str] = frozenset()


def option_key(mana: Mana) -> str:
    # A choice between single-type amounts is named by the type ("U"), else by the mana.
    types = mana.types()
    return types[0] if len(types) == 1 else mana.render()


# An optional trigger's choice not to add its mana ("may add", 603.5).
NONE_KEY = "none"
# How a coin flip came out (705): the `choose` of an ability that flips one.
WON_KEY, LOST_KEY = "won", "lost"


def trigger_key(mana: Mana) -> str:
    """A trigger's choice: like option_key, and `none` for adding nothing."""
    return option_key(mana) if mana else NONE_KEY


def check_limit(mana: Mana) -> None:
    if mana.total > MANA_LIMIT or max(mana.counts) >= CAP:
        raise QuestionError(
            ("state",),
            f"this activation would make more than {MANA_LIMIT} mana; the service rules on "
            "amounts up to that",
            "too_much_mana",
        )


def mana_options(
    view: BoardView, p: Permanent, a: ManaAbility, x: int | None = None, die: int | None = None
) -> tuple[list[Option], str, list[str], list[Permanent]]:
    """The ability's possible mana before replacement effects, a sentence saying why, the
    types it defines (production.possible), and the permanents whose mana it reflects; `x` is
    the X chosen on activation (None: any)."""
    feeding: list[Permanent] = []
    src = view.source(p)

    def count_of(sel: Selector) -> int:
        return len(view.matching(sel, src))

    def colors_of(sel: Selector) -> int:
        colors = 0
        for q in view.matching(sel, src):
            colors |= mask_of(view.traits(q).colors)  # after layer 5 (105.2, 613.1e)
        return colors

    def reflected(sel: Selector) -> tuple[int, list[str]]:
        fp = solve(view)
        seen = 0
        feeders: list[str] = []
        for q in view.matching(sel, src):
            mask = fp.mask(q.index)
            if mask:
                seen |= mask
                feeders.append(f"{q.name} ({q.id})")
                feeding.append(q)
        return seen, feeders

    own = own_of(view, p, src, x, die)
    found = production.possible(a.produces, count_of, colors_of, reflected, own)
    if found.chosen_colors is not None:
        # Each color is a choice, one that makes nothing among them.
        chosen = [Option(c, m) for c, m in zip(found.chosen_colors, found.manas, strict=True)]
        return _flip_options(a, chosen), found.why, found.defined, feeding
    options: list[Option] = []
    seen_keys: set[str] = set()
    for m in found.manas:
        if not m:
            continue  # zero mana is no mana
        k = option_key(m)
        if k not in seen_keys:
            seen_keys.add(k)
            options.append(Option(k, m))
    return _flip_options(a, options), found.why, found.defined, feeding


def _flip_options(a: ManaAbility, options: list[Option]) -> list[Option]:
    """705: an ability that flips a coin makes its mana only when the flip is won; the flip is
    one more "choice" the question names (`won`, or a type when a won flip offers several, or
    `lost`: no mana)."""
    if isinstance(a.produces, NthResolution) and a.produces.optional and options:
        return [*options, Option(NONE_KEY, NO_MANA)]  # "you may add": adding nothing too
    if not isinstance(a.produces, CoinFlip):
        return options
    won = [Option(WON_KEY, options[0].mana)] if len(options) == 1 else options
    return [*won, Option(LOST_KEY, NO_MANA)]


def mana_event(
    view: BoardView,
    p: Permanent,
    a: ManaAbility,
    asked: tuple[list[str], dict[str, str]],
    counters_now: Mapping[str, int],
    steps: list[Step],
    x: int | None = None,
    player: str | None = None,
    die: int | None = None,
) -> ManaEvent:
    """The event this activation is, with the steps saying what it can make and which named
    replacement sources don't apply to it; `player` is who gets the mana of an ability whose
    mana goes to a chosen or target player (106.3), when the question says. `asked`: the
    replacement order and the colors given to colors of choice (616.1)."""
    order, choices = asked
    options, why, defined, feeding = mana_options(view, p, a, x, die)
    if why:
        # A rule number alone, not the start of a longer one (608.2 is not 608.2h).
        why_rules = [r for r in _WHY_RULES if re.search(rf"{re.escape(r)}(?!\w|\.\d)", why)]
        if "could produce" in why and "106.7" not in why_rules:
            why_rules.append("106.7")
        m = Mentions()
        # The sentence names the first few of the permanents it reflects (production.py).
        for q in feeding:
            if f"{q.name} ({q.id})" in why:
                m.label(q.name, q.id)
        steps.append(m.step(f"What it can make: {m.mana_in(why)}.", tuple(why_rules)))
    self_rep: SelfReplacement | None = None
    # The cost is paid before the ability resolves: its own "instead" sees the counters left.
    instead = instead_reason(view, p, a, counters_now)
    if a.instead is not None and instead is not None:
        self_rep = SelfReplacement(a.instead.amount, instead)
        if isinstance(a.instead, AmountIfPower):
            # The condition reads powers from the state (208.3): say that it held.
            steps.append(
                Mentions().step(
                    f'Its own "instead" applies: {instead}, so it makes {a.instead.amount} of '
                    "the chosen mana (614.15).",
                    ("614.15", "208.3"),
                )
            )
    applying_here = view.applicable_replacements(p, a)
    effects = _keyed_replacements(view, applying_here)
    order_ids = {e.order_key for e in effects} | {e.source_id for e in effects}
    for field, named in (("replacement_order", order), ("replacement_choices", choices)):
        for rid in named:
            if rid not in order_ids:
                m = Mentions()
                if rid in view.board.by_id:
                    m.ids((rid,))
                steps.append(
                    m.step(
                        f"{rid} is named in {field} but its effect doesn't apply to this "
                        "event, so it is ignored.",
                        ("616.1",),
                    )
                )
    # 106.3: the player who adds the mana ("" : its controller; None: not said).
    adder = "" if a.recipient == "controller" else player
    matched = view.matching_triggers(p, adder)
    passed = passed_over_replacements(view, p, a, applying_here)
    controller = view.traits(p).controller
    steps += passed_over_steps(p, controller, passed + passed_over_triggers(view, matched))
    watching = _monarchs_only(view, matched, steps)
    watching = _tapped_sources_only(view, p, a, watching, steps)
    kept = (
        _into_pool_of(adder, controller, watching, steps)
        if adder and adder != controller
        else watching
    )
    elsewhere = frozenset(st.source.id for st in watching if st not in kept)
    return ManaEvent(options, defined, self_rep, effects, kept, order, choices, elsewhere)


def _into_pool_of(
    player: str, tapper: str, watching: list[SourcedTrigger], steps: list[Step]
) -> list[SourcedTrigger]:
    """The triggers whose mana goes to `player`, whose pool the answer is about when the
    ability's mana goes to another player than its controller (106.3, 106.4). One on tapping
    for mana adds to the player who tapped (Mana Flare's "that player", Wild Growth's "its
    controller", a "you tap" trigger's controller); one on mana being added ("causes you to
    add") only ever triggers for the player who adds. Those that go to the tapper trigger all
    the same (106.12a) and a step says their mana is not in this total."""
    kept: list[SourcedTrigger] = []
    for st in watching:
        if not st.trigger.requires_tap:
            kept.append(st)
            continue
        m = Mentions()
        steps.append(
            m.step(
                f"{source_label(m, st.source)} triggers too, but its mana goes to {tapper}, who "
                f"tapped it, not to {player}: it is not in {player}'s total.",
                ("106.12a", "106.3"),
            )
        )
    return kept


def _keyed_replacements(view: BoardView, found: list[SourcedReplacement]) -> list[Replacement]:
    """The effects on this event, each named as an order names it: by its source's id, or by
    `<id>#<n>` when its source has several of them (616.1: the player orders effects)."""
    per_source = Counter(r.source.id for r in found)
    seen: Counter[str] = Counter()
    effects: list[Replacement] = []
    for r in found:
        sid = r.source.id
        seen[sid] += 1
        key = _unclaimed(view, effect_key(sid, seen[sid]), r.source) if per_source[sid] > 1 else ""
        change, least = resolved_change(r), r.effect.min_amount
        effects.append(Replacement(sid, change, least, r.source.name, not r.source.is_effect, key))
    return effects


def _unclaimed(view: BoardView, key: str, source: Source) -> str:
    """`key`, the name of one of `source`'s several effects, when no object in the state has
    it as its id: ids are free strings, and an order or a color given under a name two things
    share would be read one way without saying so."""
    board = view.board
    clash = board.by_id.get(key)
    at = clash.index if clash is not None else None
    where = "battlefield"
    if at is None:
        at = next((e.index for e in board.effects if e.id == key), None)
        where = "effects"
    if at is None:
        return key
    raise QuestionError(
        ("state", where, at, "id"),
        f"{key!r} is this object's id and also the name replacement_order and "
        f"replacement_choices give one of the several replacement effects of "
        f"{source.label} (616.1); give one of them another id",
        "ambiguous_effect_key",
    )


def _tapped_sources_only(
    view: BoardView, p: Permanent, a: ManaAbility, watching: list[SourcedTrigger], steps: list[Step]
) -> list[SourcedTrigger]:
    """603.4: a trigger with an intervening "if ~ is tapped" triggers only while its own
    permanent is tapped (the state's `tapped`; the permanent tapped for mana itself is tapped
    by its {T} cost by then); a step says whether it held."""
    kept: list[SourcedTrigger] = []
    for st in watching:
        src = st.source
        if not st.trigger.while_source_tapped:
            kept.append(st)
            continue
        own = view.board.by_id.get(src.id)
        tapped = own is not None and (own.tapped or (own.id == p.id and a.cost.tap))
        m = Mentions()
        verdict = "is tapped, so it triggers" if tapped else "is untapped, so it does not trigger"
        steps.append(
            m.step(
                f"{source_label(m, src)} triggers only if it is tapped (an intervening if, "
                f"checked as it would trigger and as it resolves): it {verdict}.",
                ("603.4",),
            )
        )
        if tapped:
            kept.append(st)
    return kept


def _monarchs_only(
    view: BoardView, watching: list[SourcedTrigger], steps: list[Step]
) -> list[SourcedTrigger]:
    """724: a trigger that works only while its controller is the monarch, left out (with a
    step saying so) when the state says they aren't."""
    kept: list[SourcedTrigger] = []
    for st in watching:
        src = st.source
        if st.trigger.while_monarch and not is_monarch(view.board, src.controller, src):
            m = Mentions()
            steps.append(
                m.step(
                    f"{source_label(m, src)} does not trigger: {src.controller} is not the "
                    "monarch.",
                    ("724",),
                )
            )
            continue
        kept.append(st)
    return kept


def fire(
    p_ability: ManaAbility,
    produced: Mana,
    watching: list[SourcedTrigger],
) -> tuple[list[Fired], list[tuple[Source, str]]]:
    """Which triggered mana abilities fire for this production, and why the others don't."""
    fired: list[Fired] = []
    silent: list[tuple[Source, str]] = []
    for st in watching:
        t, src = st.trigger, st.source
        if t.requires_tap and not p_ability.cost.tap:
            silent.append(
                (src, "this ability does not tap the permanent, so it was not tapped for mana")
            )
            continue
        if t.requires_tap and not p_ability.is_mana_ability:
            silent.append(
                (
                    src,
                    "this ability has a target, so it is not a mana ability (605.5a) and "
                    "the permanent was not tapped for mana (106.12)",
                )
            )
            continue
        if not produced:
            silent.append((src, "the ability made no mana"))
            continue
        if t.only_type is not None and not produced.counts[TYPE_INDEX[t.only_type]]:
            silent.append((src, f"it made no {{{t.only_type}}} (106.12a)"))
            continue
        if t.only_chosen_color:
            color = chosen_color_of(src)
            if not produced.counts[TYPE_INDEX[color]]:
                silent.append((src, f"no mana of its chosen color ({color}) was made"))
                continue
        options = _trigger_options(t, src, produced, st.times, st.snow)
        fired.append(Fired(src, t, options, st.times, st.snow))
    return fired, silent


def _trigger_options(
    t: ManaTrigger, src: Source, produced: Mana, times: int = 1, snow: bool = False
) -> list[Mana]:
    """What the trigger may add (106.12a, 605.1b); with `optional`, adding nothing too.
    `times`: how often a "for each" trigger adds its fixed mana (0: none); `snow`: the
    permanent tapped is snow, so a trigger with `if_snow_mana` adds that instead."""
    if snow and t.if_snow_mana is not None:
        made = [Mana.parse(t.if_snow_mana)]
        return [NO_MANA, *made] if t.optional else made
    made = _trigger_mana(t, src, produced)
    if t.per_count is not None:
        made = [m.times(times) for m in made]
    return [NO_MANA, *made] if t.optional else made


def _trigger_mana(t: ManaTrigger, src: Source, produced: Mana) -> list[Mana]:
    match t.adds:
        case "fixed":
            return [Mana.parse(t.mana or "")]
        case "type_produced":
            return [Mana.of(ty) for ty in produced.types()]
        case "chosen_color":
            return [Mana.of(chosen_color_of(src))]
        case "any_color":
            return [Mana.of(c, t.amount) for c in COLORS]  # 105.1: the five colors
        case "combination":
            return _combinations(t.amount)
        case _:
            assert_never(t.adds)


def _combinations(amount: int) -> list[Mana]:
    """Every way to make `amount` mana of colors (106.1b: colorless is no color)."""
    found = [NO_MANA]
    for _ in range(amount):
        found = sorted({m + Mana.of(c) for m in found for c in COLORS})
    return found


def trigger_sums(fired: list[Fired]) -> list[tuple[Mana, dict[str, str]]]:
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
                        c[f.source.id] = trigger_key(m)
                    nxt[t] = c
        sums = nxt
    return list(sums.items())
