"""Characteristics after continuous effects (613): what each permanent *is* before any rule
module looks at it.

Entry point: `Characteristics(board, controllers, sources)`, built by BoardView. The printed
face comes first (a copy's face is the copied one already: layer 1, 613.1a, copies.py), then,
in layer order (613.1):

- layer 2, control (613.1b): computed by BoardView's control pass (`controllers`);
- layer 4, types (613.1d): `set_land_types` (305.7: the old land types and every ability of
  the rules text go, the new basic types' intrinsic abilities come, 305.6; the types it names,
  or the one its Aura or land chose as it entered, the permanent's `chosen_type`),
  `add_subtypes` and `add_types` (card types and subtypes added, everything else kept: a
  land that becomes a creature is a creature from here on, 302.6 included) and
  `set_card_types` (205.1a: the card types replaced, their subtypes with them; a creature
  that becomes a land is no creature, so 302.6 no longer applies to it);
- layer 5, colors (613.1e): `set_colors` (the colors it is, none for colorless);
- layer 6, abilities (613.1f): `lose_all_abilities` (intrinsic mana abilities too) and the
  grants (`grant_mana_ability`, `grant_keyword`), applied by BoardView in the same order.

Within a layer effects apply in timestamp order (613.7: a permanent's or effect's
`timestamp`; without it battlefield order, then effects order), except that an effect that
would remove the ability generating another effect in the same layer goes first (613.8:
Blood Moon before Urborg), and an effect whose ability is gone by the time it would apply
doesn't apply at all. An effect that started applying in a layer keeps applying in the
later layers even if its ability is removed there (613.6).

Cost: each effect looks at each permanent once; equal printed faces with equal controllers
and no effect aimed at them alone share one computation, so a board of 10,000 alike lands
costs a handful of computations, not 10,000.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import assert_never

from app.domain.abilities import AnyAbility, works_from
from app.domain.base import EVERY_CREATURE_TYPE, SubtypeKind, subtype_kind
from app.domain.base import NONBASIC_LAND_TYPES as NONBASIC
from app.domain.continuous import (
    AddSubtypes,
    AddTypes,
    ChosenForSource,
    CountAtLeast,
    DevotionBelow,
    LoseAllAbilities,
    SetCardTypes,
    SetColors,
    SetCreatureTypes,
    SetLandTypes,
    TurnOf,
)
from app.domain.errors import QuestionError, basic_land_type_chosen, creature_type_chosen
from app.domain.filters import (
    IsOther,
    Looker,
    Not,
    Selector,
    Traits,
    filter_reads_subtypes,
    filter_reads_tapped,
)
from app.domain.mana_abilities import WhileCounters
from app.domain.ruling import Refs, Step
from app.domain.state import Board, Permanent
from app.engine.copies import copy_steps
from app.engine.words import band_words, describe_selector

# 105.1: the colors in words.
_COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
# 305.6: the basic land types.
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
# 205.3i: land types that are not basic (a set effect removes these too, 305.7).
NONBASIC_LAND_TYPES = frozenset(t.casefold() for t in NONBASIC)
LAND_TYPES = frozenset(t.casefold() for t in BASIC_LAND_TYPES) | NONBASIC_LAND_TYPES

TypeEffect = SetLandTypes | AddSubtypes | AddTypes | SetCreatureTypes | SetCardTypes
# The type changes that may hold only while enough permanents are there (`while_count`).
CountedEffect = AddSubtypes | AddTypes | SetCardTypes
LAYER_KINDS = (
    SetLandTypes,
    AddSubtypes,
    AddTypes,
    SetCardTypes,
    SetCreatureTypes,
    SetColors,
    LoseAllAbilities,
)  # a cheap pre-check for collect


@dataclass(frozen=True, slots=True)
class EffectSource:
    """An ability that creates a continuous effect, where it lives and its 613.7 order."""

    id: str
    label: str
    controller: str
    attached_to: str | None
    is_effect: bool
    order: tuple[int, int, int]  # (timestamp, battlefield-before-effects, index)
    chosen_land_type: str | None = None  # an effect's choice, 305.7
    chosen_type: str | None = None  # a permanent's choice as it entered (205.3m)

    @property
    def looker(self) -> Looker:
        return Looker(self.controller, self.attached_to, self.id)


@dataclass(frozen=True, slots=True)
class Applied:
    """One layer effect that applied to a permanent: for the explanation."""

    source: EffectSource
    effect: TypeEffect | SetColors | LoseAllAbilities
    why_first: str = ""  # "613.8" when a dependency put it before an earlier timestamp


@dataclass(frozen=True, slots=True)
class Chars:
    """A permanent's characteristics after layers 4 and 6 (but before grants)."""

    subtypes: tuple[str, ...]  # in printed order, then added ones
    types: frozenset[str]  # card types, printed ones and those layer 4 added
    text_abilities: bool  # False: 305.7 removed the abilities of its rules text
    lost_all: bool  # layer 6 "loses all abilities" applied
    applied: tuple[Applied, ...] = ()
    # 613.7 inside layer 6: the timestamp of the latest "loses all abilities" that applied; an
    # ability granted by an effect with a later timestamp is added after it and kept.
    lost_at: tuple[int, int, int] | None = None
    # Layer 5 (613.1e): the colors an effect set, or None when none did (the printed ones).
    colors: frozenset[str] | None = None
    # The latest loss says "all other abilities": what its own source grants stays.
    lost_keeps_own: bool = False
    # Layer 6 "loses all abilities except mana abilities" applied, or a whole loss did: the
    # timestamp and "other" of the latest loss of either kind (605.1: mana abilities stay).
    lost_but_mana_at: tuple[int, int, int] | None = None
    lost_but_mana_keeps_own: bool = False

    @property
    def lost_but_mana(self) -> bool:
        """Every ability but mana abilities is gone (a loss of either kind applied)."""
        return self.lost_but_mana_at is not None

    def keeps_grant(self, granted_at: tuple[int, int, int], *, mana: bool = True) -> bool:
        """Whether an ability granted with this timestamp survives layer 6's removals (one
        source's abilities share its timestamp: equal means the loss's own source). A mana
        ability survives a loss "except mana abilities"; `mana` False: any other ability."""
        lost_at, keeps_own = (
            (self.lost_at, self.lost_keeps_own)
            if mana
            else (self.lost_but_mana_at, self.lost_but_mana_keeps_own)
        )
        if lost_at is None or granted_at > lost_at:
            return True
        return granted_at == lost_at and keeps_own

    # Folded once: every permanent with these characteristics reads them (board.traits).
    subtypes_folded: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "subtypes_folded", frozenset(s.casefold() for s in self.subtypes))


def timestamp_order(
    p_or_index: int, timestamp: int | None, is_effect: bool, n_perms: int
) -> tuple[int, int, int]:
    """613.7: an explicit timestamp, else battlefield order then effects order."""
    default = n_perms + p_or_index if is_effect else p_or_index
    return (timestamp if timestamp is not None else default, 1 if is_effect else 0, p_or_index)


@dataclass
class LayerEffects:
    """The layer 4 and layer 6 effects on the board, in the order they apply."""

    layer4: list[tuple[EffectSource, TypeEffect]] = field(default_factory=list)
    layer5: list[tuple[EffectSource, SetColors]] = field(default_factory=list)
    layer6_loss: list[tuple[EffectSource, LoseAllAbilities]] = field(default_factory=list)
    dependent: set[int] = field(default_factory=set)  # layer4 indices that depend (613.8)
    # Conditional effects (611.3a) and whether each applies now, with the count it read.
    conditions: list[tuple[EffectSource, SetCardTypes, int]] = field(default_factory=list)
    # Effects that apply in some turns only (611.3a), whose turn it is now, and whether they do.
    turn_conditions: list[tuple[EffectSource, TurnOf, str, bool]] = field(default_factory=list)
    # Permanents cast for their impending cost that have a time counter (702.176a).
    impending: list[EffectSource] = field(default_factory=list)
    # Type changes that hold while their controller controls enough of some permanents
    # (611.3a), not filed until the count is known (settle_counts); then each with its count
    # and whether it holds.
    counted: list[tuple[EffectSource, CountedEffect]] = field(default_factory=list)
    # Changes that hold while their source has counters of a kind (611.3a), and whether they do.
    counter_conditions: list[tuple[EffectSource, WhileCounters, bool]] = field(default_factory=list)
    count_conditions: list[tuple[EffectSource, CountAtLeast, int, bool]] = field(
        default_factory=list
    )
    # Type changes that hold while their controller's devotion is low (611.3a, 700.5), each
    # with the devotion now.
    devotion_conditions: list[tuple[EffectSource, DevotionBelow, int]] = field(default_factory=list)


def collect(
    board: Board,
    holders: Sequence[Permanent],
    source_of: Callable[[Permanent], EffectSource],
    effect_sources: Sequence[EffectSource],
    chosen: Callable[[Permanent, AnyAbility], AnyAbility | None],
    devotion: Callable[[str, Sequence[str]], int],
) -> LayerEffects:
    """The layer effects of `holders` (the permanents whose face has a LAYER_KINDS ability,
    in battlefield order: BoardView finds them once per kind) and of the board's effects;
    `chosen` fills in what was chosen for a permanent (the name its effect looks for);
    `devotion` gives a player's devotion to some colors (700.5)."""
    found = LayerEffects()
    for p in holders:
        for printed in p.face.abilities:
            if not isinstance(printed, LAYER_KINDS) or works_from(printed) != "battlefield":
                continue
            a = chosen(p, printed)
            if isinstance(a, LAYER_KINDS):
                src = source_of(p)
                if isinstance(a, SetCardTypes) and a.while_impending:
                    if not impending(p):
                        continue  # 702.176a: a creature unless cast for impending, time left
                    found.impending.append(src)
                if isinstance(a, SetLandTypes) and a.while_counters is not None:
                    holds = a.while_counters.holds(p.counters)
                    found.counter_conditions.append((src, a.while_counters, holds))
                    if not holds:
                        continue  # 611.3a: its source hasn't the counters now, so no effect
                if isinstance(a, SetCardTypes) and a.while_graveyard_below is not None:
                    n = graveyard_size(board, src)
                    found.conditions.append((src, a, n))
                    if n >= a.while_graveyard_below:
                        continue  # 611.3a: the condition doesn't hold now, so no effect
                if isinstance(a, SetCardTypes) and a.while_devotion_below is not None:
                    low = a.while_devotion_below
                    n = devotion(src.controller, low.colors)
                    found.devotion_conditions.append((src, low, n))
                    if n >= low.below:
                        continue  # 611.3a: devotion enough, so no effect
                if _in_turn(board, found, src, a):
                    _file_or_count(found, src, a)
    for e, src in zip(board.effects, effect_sources, strict=True):
        for a in e.card.front.abilities:
            if works_from(a) == "effect" and _in_turn(board, found, src, a):
                _file_or_count(found, src, a)
    found.layer4.sort(key=lambda pair: pair[0].order)
    found.layer5.sort(key=lambda pair: pair[0].order)
    found.layer6_loss.sort(key=lambda pair: pair[0].order)
    return found


def _in_turn(board: Board, found: LayerEffects, src: EffectSource, a: AnyAbility) -> bool:
    """611.3a: whether a layer effect that applies in some turns only applies in this one
    (noted for the steps); true for one that applies in every turn."""
    during: TurnOf | None = getattr(a, "during", None)
    if during is None:
        return True
    active = active_player(board, src.label, "changes what it is")
    holds = in_turn(active, src.controller, during)
    found.turn_conditions.append((src, during, active, holds))
    return holds


def in_turn(active: str, controller: str, during: TurnOf) -> bool:
    """611.3a: whether it is a turn an ability applies in: its controller's (`your_turn`) or
    any other's (`not_your_turn`), `active` being the player whose turn it is."""
    return (active == controller) == (during == "your_turn")


# How "in some turns only" is said beside an effect or grant.
TURN_WORDS: dict[TurnOf, str] = {
    "your_turn": "during its controller's turn",
    "not_your_turn": "during turns other than its controller's",
}


def impending(p: Permanent) -> bool:
    """702.176a: whether the permanent's impending cost was paid and it has a time counter,
    so it isn't a creature now; the state must say whether it was paid once it has one."""
    if p.counters.get("time", 0) <= 0:
        return False
    if p.impending is None:
        raise QuestionError(
            ("state", "battlefield", p.index, "impending"),
            f"{p.name} ({p.id}) is no creature while it has a time counter if it was cast for "
            "its impending cost (702.176a): say whether it was, as 'impending'",
            "impending_required",
        )
    return p.impending


def active_player(board: Board, label: str, does: str) -> str:
    """Whose turn it is, from the state's active_player: a 422 naming it when an effect that
    applies only in some turns (`label` `does` ...) needs it and it is missing."""
    active = board.active_player
    if active is None:
        raise QuestionError(
            ("state", "active_player"),
            f"{label} {does} only in some turns: give the state's active_player",
            "active_player_required",
        )
    return active


def graveyard_size(board: Board, src: EffectSource) -> int:
    """How many cards its controller's graveyard holds (404.1); a question that needs it must
    give the graveyard."""
    cards = board.graveyards.get(src.controller)
    if cards is None:
        raise QuestionError(
            ("state", "players", src.controller, "graveyard"),
            f"{src.label} is a creature or not by how many cards its controller's graveyard "
            f"holds: give 'graveyard' for {src.controller!r} in the state's 'players' ([] for "
            "none)",
            "graveyard_required",
        )
    return len(cards)


def _file_or_count(found: LayerEffects, src: EffectSource, a: AnyAbility) -> None:
    """File the effect, or, when it holds only while enough permanents are there, keep it for
    settle_counts."""
    if isinstance(a, AddSubtypes | AddTypes | SetCardTypes) and a.while_count is not None:
        found.counted.append((src, a))
    else:
        _file(found, src, a)


def settle_counts(
    chars: Characteristics, rebuild: Callable[[LayerEffects], Characteristics]
) -> Characteristics:
    """611.3a, 613.8: the type changes that hold while their controller controls enough of some
    permanents (`chars`: the layers worked out without them). From none of them applying, the
    ones whose count holds are applied (in timestamp order with the rest) and the counts read
    again, until they read the same: a change applies after those that change what it counts
    (613.8). A board on which they never settle, or on which a change that doesn't apply would
    hold once applied (two readings), is a 422 `condition_loop`: no one answer is right."""
    fx = chars.effects
    base = list(fx.layer4)
    counted = [(src, a, _condition(a)) for src, a in fx.counted]
    holding: frozenset[int] = frozenset()
    for _ in range(len(counted) + 1):
        now = _holding(chars, counted)
        if now == holding:
            break
        holding = now
        chars = _with_counted(fx, base, counted, holding, rebuild)
    else:
        raise _condition_loop(counted[0][0], counted[0][2])
    for i, (src, _, count) in enumerate(counted):
        if i not in holding:
            trial = _with_counted(fx, base, counted, holding | {i}, rebuild)
            if i in _holding(trial, counted):
                raise _condition_loop(src, count)
    final = _with_counted(fx, base, counted, holding, rebuild)
    for i, (src, _, count) in enumerate(counted):
        fx.count_conditions.append((src, count, _count(final, src, count), i in holding))
    return final


_Counted = list[tuple[EffectSource, CountedEffect, CountAtLeast]]


def _condition(a: CountedEffect) -> CountAtLeast:
    assert a.while_count is not None, "only counted changes are kept for settle_counts"
    return a.while_count


def _holding(chars: Characteristics, counted: _Counted) -> frozenset[int]:
    """Which of the counted changes hold, the permanents as `chars` leaves them."""
    return frozenset(
        i
        for i, (src, _, count) in enumerate(counted)
        if _count(chars, src, count) >= count.at_least
    )


def _with_counted(
    fx: LayerEffects,
    base: list[tuple[EffectSource, TypeEffect]],
    counted: _Counted,
    which: frozenset[int],
    rebuild: Callable[[LayerEffects], Characteristics],
) -> Characteristics:
    """The layers worked out again with these counted changes filed beside the others."""
    fx.layer4 = sorted(
        [*base, *((counted[i][0], counted[i][1]) for i in sorted(which))],
        key=lambda pair: pair[0].order,
    )
    fx.dependent.clear()  # indices of the list before: worked out again
    return rebuild(fx)


def _condition_loop(src: EffectSource, count: CountAtLeast) -> QuestionError:
    return QuestionError(
        ("state",),
        f"{src.label}'s change of what it is holds only while there are {count.at_least} or "
        f"more {describe_selector(count.of)}, and what such changes make of "
        "the permanents changes that count: the engine can't settle this board (613.8)",
        "condition_loop",
    )


def _count(chars: Characteristics, src: EffectSource, count: CountAtLeast) -> int:
    """How many permanents the count picks, as the layers so far have left them."""
    return sum(
        1 for p in chars.board.permanents if count.of.matches(src.looker, p.id, chars.layered(p))
    )


def _file(found: LayerEffects, src: EffectSource, a: AnyAbility) -> None:
    match a:
        case SetLandTypes() | AddSubtypes() | AddTypes() | SetCreatureTypes() | SetCardTypes():
            found.layer4.append((src, a))
        case SetColors():
            found.layer5.append((src, a))
        case LoseAllAbilities():
            found.layer6_loss.append((src, a))
        case _:
            pass  # other kinds are not layer 4/6 characteristic changes (board.py sorts them)


# At most this many sources of layer-4 effects on one board (_layer4_groups), and permanents
# looked at one by one for their dependencies (_reach_candidates).
LAYER4_SOURCE_LIMIT = 100
REACH_SCAN_BUDGET = 2_000_000


class Characteristics:
    """Layers 4 and 6 for every permanent of a board (module docstring)."""

    def __init__(
        self,
        board: Board,
        effects: LayerEffects,
        printed_traits: Callable[[Permanent], Traits],
        representatives: Sequence[Permanent] | None = None,
    ) -> None:
        self.board = board
        # One permanent of each kind (BoardView.kinds: alike in every printed characteristic),
        # for questions answered per distinct characteristics; default: every permanent.
        self._representatives = board.permanents if representatives is None else representatives
        self.effects = effects
        self._printed_of = printed_traits
        self._printed: dict[str, Traits] = {}
        self._memo: dict[tuple[int, str, bool, bool, tuple[tuple[str, int], ...], bool], Chars] = {}
        self._chars: dict[str, Chars] = {}
        self._reach: dict[tuple[int, int], bool] = {}
        self._has_text: dict[str, bool] = {}
        self._dead_losses: dict[int, str] | None = None
        self._made_lands: dict[str, bool] = {}
        self._widened: dict[str, Traits] = {}
        self._reach_scanned = 0
        self._land_makers: list[tuple[str, Selector]] | None = None
        # Whether any layer-4 effect takes rules text away (305.7); without one, every source
        # keeps its abilities.
        self._removers = any(removes_text(eff) for _, eff in effects.layer4)
        self.order4 = self._layer4_order()
        # Tapped status is no characteristic and no layer changes it (110.5): it can change a
        # permanent's result only through an effect's filter that reads it. Where none does,
        # tapped and untapped twins share one computation.
        every = (*effects.layer4, *effects.layer5, *effects.layer6_loss)
        self._keyed_by_tapped = any(filter_reads_tapped(e.to.as_filter()) for _, e in every)
        # Computed alone, never shared with a twin: an effect's source (an "other" filter of
        # its own leaves it out) and a permanent an effect's source is attached to.
        self._alone: set[str | None] = {src.id for src, _ in every}
        self._alone.update(src.attached_to for src, _ in every)

    # -- 613.7 and 613.8 in layer 4 --

    def _layer4_order(self) -> list[int]:
        """Indices of layer-4 effects in the order they apply: timestamp order, but an effect
        whose source would lose its rules-text abilities to a set effect, or whose reach
        another changes, applies after it (613.8a: it depends on that effect). The effects of
        one source apply together, as one ("is a colorless Forest land" sets card type and
        land type at once): none depends on another of its own source."""
        groups = self._layer4_groups()
        remaining = list(range(len(groups)))
        out: list[int] = []
        while remaining:
            pick = 0  # in a dependency loop timestamp order decides (613.8b)
            for pos, g in enumerate(remaining):
                if not any(self._group_depends(groups[g], groups[h]) for h in remaining if h != g):
                    pick = pos
                    break
            out.extend(groups[remaining.pop(pick)])
        for g, members in enumerate(groups):
            others = [j for h, group in enumerate(groups) if h != g for j in group]
            self.effects.dependent.update(
                i for i in members if any(self._depends(i, j) for j in others)
            )
        return out

    def _layer4_groups(self) -> list[list[int]]:
        """The layer-4 effects' indices by source, in the order the sources first come. More
        sources than LAYER4_SOURCE_LIMIT is a 422: their order (613.8) is worked out pair by
        pair, and no game has that many type-changing permanents and effects at once."""
        by_source: dict[tuple[str, tuple[int, int, int]], list[int]] = {}
        for i, (src, _) in enumerate(self.effects.layer4):
            by_source.setdefault((src.id, src.order), []).append(i)
        if len(by_source) > LAYER4_SOURCE_LIMIT:
            raise QuestionError(
                ("state",),
                f"{len(by_source)} permanents and effects change card types or subtypes on this "
                f"board (613.1d); at most {LAYER4_SOURCE_LIMIT} are ruled on, since each one's "
                "order among them is decided against every other (613.8)",
                "too_complex",
            )
        return list(by_source.values())

    def _group_depends(self, group: list[int], other: list[int]) -> bool:
        return any(self._depends(i, j) for i in group for j in other)

    def _depends(self, i: int, j: int) -> bool:
        """Does effect i depend on effect j (613.8a): would j remove the ability that creates i,
        or change what i applies to (the types j adds, or the land types j sets)?"""
        src_i, eff_i = self.effects.layer4[i]
        src_j, eff_j = self.effects.layer4[j]
        if removes_text(eff_j) and self._removes_source(src_i, src_j, eff_j):
            return True
        key = (i, j)
        found = self._reach.get(key)
        if found is None:
            found = self._reach[key] = self._changes_reach(src_i, eff_i, src_j, eff_j)
        return found

    def _removes_source(self, src_i: EffectSource, src_j: EffectSource, eff_j: TypeEffect) -> bool:
        """305.7: j makes i's source, a land, lose the rules text that creates i. Its source is
        seen with the types the other sources' layer-4 effects give it (a creature another
        effect makes a Forest land is a nonbasic land; an enchantment an Aura makes a land is
        a land), not with those of its own: i's own effect hasn't applied when 613.8a asks
        what applying j would do to it."""
        if src_i.is_effect:
            return False
        p = self.board.get(src_i.id)
        if p is None:
            return False
        traits = self._given_by_others(p)
        return "land" in traits.types and eff_j.to.matches(src_j.looker, p.id, traits)

    def _given_by_others(self, p: Permanent) -> Traits:
        """Its printed traits with every card type and subtype the layer-4 effects of other
        sources would add to or set on it (each matched on its printed traits). Answered once
        per permanent."""
        found = self._widened.get(p.id)
        if found is not None:
            return found
        printed = self.printed(p)
        types, subtypes = set(printed.types), list(printed.subtypes)
        for src, eff in self.effects.layer4:
            if src.id == p.id or not eff.to.matches(src.looker, p.id, printed):
                continue
            if isinstance(eff, AddTypes | SetCardTypes):
                types.update(eff.types)
            if not isinstance(eff, SetCreatureTypes):
                subtypes += [s for s in _subtypes_said(src, eff) if s not in subtypes]
        found = self._widened[p.id] = _with_subtypes(printed, subtypes, frozenset(types))
        return found

    def _changes_reach(
        self, src_i: EffectSource, eff_i: TypeEffect, src_j: EffectSource, eff_j: TypeEffect
    ) -> bool:
        """613.8a: would the card types or subtypes j gives change which permanents i applies
        to? Looked at on the printed characteristics of each permanent j reaches: once per
        distinct characteristics, unless a filter asks about one object (attached, other)."""
        if isinstance(
            eff_j, AddSubtypes | SetLandTypes | SetCreatureTypes
        ) and not filter_reads_subtypes(eff_i.to.as_filter()):
            # j changes subtypes alone, and i's filter never looks at them (nor does 305.7's
            # lands-only rule, which reads card types): no permanent's reach can change.
            return False
        per_object = eff_i.to.per_object or eff_j.to.per_object
        lands_itself = self._lands_itself(src_i, eff_i)
        looker_j = src_j.looker
        seen: set[Traits] = set()
        for p in self._reach_candidates(src_i, eff_i, src_j, eff_j, per_object):
            before = self.printed(p)
            if not per_object:
                if before in seen:
                    continue  # equal characteristics give the same answer
                seen.add(before)
            if not eff_j.to.matches(looker_j, p.id, before):
                continue
            if isinstance(eff_j, SetLandTypes):
                if "land" not in before.types and not self._made_land(p):
                    continue  # 305.7: land types are set on lands only
                subtypes = set_land_types(list(before.subtypes), subtypes_of(src_j, eff_j))
                after = _with_subtypes(before, subtypes, before.types)
            elif isinstance(eff_j, SetCardTypes):
                subtypes, types = set_card_types(list(before.subtypes), eff_j)
                after = _with_subtypes(before, subtypes, types)
            elif isinstance(eff_j, SetCreatureTypes):
                subtypes = set_creature_types(list(before.subtypes), subtypes_of(src_j, eff_j))
                after = _with_subtypes(before, subtypes, before.types)
            else:
                added = frozenset(eff_j.types) if isinstance(eff_j, AddTypes) else frozenset()
                after = _with_subtypes(
                    before, [*before.subtypes, *subtypes_of(src_j, eff_j)], before.types | added
                )
            if lands_itself:
                # Its own source makes what it reaches a land as well ("is a colorless Forest
                # land", one effect): j making it a land too changes nothing it does.
                before = _with_subtypes(before, list(before.subtypes), before.types | {"land"})
                after = _with_subtypes(after, list(after.subtypes), after.types | {"land"})
            if _reaches(src_i, eff_i, p.id, before) != _reaches(src_i, eff_i, p.id, after):
                return True
        return False

    def _reach_candidates(
        self,
        src_i: EffectSource,
        eff_i: TypeEffect,
        src_j: EffectSource,
        eff_j: TypeEffect,
        per_object: bool,
    ) -> Sequence[Permanent]:
        """The permanents whose reach by i j could change: the one an Aura's effect reaches
        when either is one's ("enchanted permanent", only what it is attached to), else every
        permanent when a filter asks about one object, else one of each kind."""
        for src, eff in ((src_j, eff_j), (src_i, eff_i)):
            if eff.to.relation == "attached":
                target = self.board.get(src.attached_to) if src.attached_to else None
                return [target] if target is not None else []
        if not per_object:
            return self._representatives
        self._reach_scanned += len(self.board.permanents)
        if self._reach_scanned > REACH_SCAN_BUDGET:
            raise QuestionError(
                ("state",),
                'too many type-changing effects that single out objects ("other", "each '
                'other") on a board this size: their order (613.8) would be worked out '
                "permanent by permanent for every pair of them",
                "too_complex",
            )
        return self.board.permanents

    def _lands_itself(self, src: EffectSource, eff: TypeEffect) -> bool:
        """Whether a land-type setting effect comes with one of its own source's that makes the
        same permanents lands (305.7 then always finds a land). The land-making effects are
        gathered once per board: this is asked for each pair of effects."""
        if not isinstance(eff, SetLandTypes):
            return False
        if self._land_makers is None:
            self._land_makers = [
                (s.id, e.to)
                for s, e in self.effects.layer4
                if isinstance(e, AddTypes | SetCardTypes) and "land" in e.types
            ]
        return any(sid == src.id and to == eff.to for sid, to in self._land_makers)

    def _made_land(self, p: Permanent) -> bool:
        """Whether a layer-4 effect makes the permanent a land (an Aura that makes what it
        enchants a Forest land), so that land types set on it count too (305.7, 613.8a).
        Asked for each pair of effects it may reach: answered once per permanent."""
        found = self._made_lands.get(p.id)
        if found is None:
            printed = self.printed(p)
            found = self._made_lands[p.id] = any(
                isinstance(eff, AddTypes | SetCardTypes)
                and "land" in eff.types
                and eff.to.matches(src.looker, p.id, printed)
                for src, eff in self.effects.layer4
            )
        return found

    # -- per permanent --

    def layered(self, p: Permanent) -> Traits:
        """Its traits after layers 4 and 5 (what a count of permanents looks at)."""
        c = self.of(p)
        return _with_subtypes(self.printed(p), list(c.subtypes), c.types, c.colors)

    def printed(self, p: Permanent) -> Traits:
        found = self._printed.get(p.id)
        if found is None:
            found = self._printed[p.id] = self._printed_of(p)
        return found

    def of(self, p: Permanent) -> Chars:
        found = self._chars.get(p.id)
        if found is None:
            traits = self.printed(p)
            key = (
                id(p.face),
                traits.controller,
                p.tapped and self._keyed_by_tapped,
                traits.token,
                traits.counters,
                traits.equipped,
            )
            if p.id in self._alone:
                found = self._compute(p)
            else:
                found = self._memo.get(key)
                if found is None:
                    found = self._memo[key] = self._compute(p)
            self._chars[p.id] = found
        return found

    def _compute(self, p: Permanent) -> Chars:
        traits = self.printed(p)
        subtypes, types, text, applied, colors = self._layers_4_and_5(p, traits)
        return self._layer6_loss(p, traits, (subtypes, types, text, applied, colors))

    def _layers_4_and_5(
        self, p: Permanent, traits: Traits
    ) -> tuple[list[str], frozenset[str], bool, list[Applied], frozenset[str]]:
        """Its subtypes, card types, whether it keeps its rules text (305.7), the effects
        applied, and its colors, after layers 4 and 5."""
        subtypes, types, text, applied = self._layer4(p, traits)
        return subtypes, types, text, applied, self._colors(p, traits, subtypes, types, applied)

    def _layer4(
        self, p: Permanent, traits: Traits, until: str | None = None
    ) -> tuple[list[str], frozenset[str], bool, list[Applied]]:
        """Its subtypes, card types, whether it keeps its rules text (305.7) and the effects
        applied, after layer 4, or only up to the first effect of the source `until`."""
        subtypes = list(p.face.characteristic_subtypes)  # 613.3: changeling first
        types = traits.types
        text = True
        applied: list[Applied] = []
        for i in self.order4:
            src, eff = self.effects.layer4[i]
            if src.id == until:
                break
            if not self.source_has_text(src):
                continue
            now = _with_subtypes(traits, subtypes, types)
            if not eff.to.matches(src.looker, p.id, now):
                continue
            why = "613.8" if i in self.effects.dependent else ""
            match eff:
                case SetLandTypes():
                    if "land" not in types:
                        continue
                    subtypes = set_land_types(subtypes, subtypes_of(src, eff))
                    text = text and not removes_text(eff)
                case AddSubtypes():
                    have = {s.casefold() for s in subtypes}
                    subtypes += [s for s in subtypes_of(src, eff) if s.casefold() not in have]
                case AddTypes():
                    types = types | frozenset(eff.types)
                    have = {s.casefold() for s in subtypes}
                    subtypes += [s for s in subtypes_of(src, eff) if s.casefold() not in have]
                case SetCreatureTypes():
                    subtypes = set_creature_types(subtypes, subtypes_of(src, eff))
                case SetCardTypes():
                    subtypes, types = set_card_types(subtypes, eff)
                case _:
                    assert_never(eff)
            applied.append(Applied(src, eff, why))
        return subtypes, types, text, applied

    def _layer6_loss(
        self,
        p: Permanent,
        traits: Traits,
        layered: tuple[list[str], frozenset[str], bool, list[Applied], frozenset[str]],
    ) -> Chars:
        """Its characteristics with layer 6's losses of abilities: each live one that reaches
        it (dead_losses: one whose source lost the ability creating it creates none)."""
        subtypes, types, text, applied, colors = layered
        now = _with_subtypes(traits, subtypes, types, colors)
        dead = self.dead_losses()
        lost_at: tuple[int, int, int] | None = None
        keeps_own = False
        # Every loss takes the abilities that aren't mana abilities; a whole one takes all.
        any_at: tuple[int, int, int] | None = None
        any_keeps_own = False
        for i, (src, loss) in enumerate(self.effects.layer6_loss):
            if i in dead:
                continue
            if self.source_has_text(src) and loss.to.matches(src.looker, p.id, now):
                if any_at is None or src.order >= any_at:
                    any_at, any_keeps_own = src.order, loss.keeps_own
                if not loss.except_mana_abilities and (lost_at is None or src.order >= lost_at):
                    lost_at, keeps_own = src.order, loss.keeps_own
                applied.append(Applied(src, loss))
        set_colors = colors if self.effects.layer5 else None
        return Chars(
            tuple(subtypes),
            types,
            text,
            lost_at is not None,
            tuple(applied),
            lost_at,
            set_colors,
            keeps_own,
            any_at,
            any_keeps_own,
        )

    def dead_losses(self) -> dict[int, str]:
        """613.8a in layer 6: a "loses all abilities" whose own source loses the ability
        creating it to another loss depends on that loss, which applies first; it then creates
        no effect. Indices into layer6_loss, each with the label of the loss that took its
        ability. In a loop, timestamp order decides (613.8b); an effect never depends on
        itself (Humility is one of the creatures it reaches, and still applies)."""
        if self._dead_losses is not None:
            return self._dead_losses
        losses = self.effects.layer6_loss
        before: dict[str, Traits] = {}

        def removes(t: int, s: int) -> bool:
            src = losses[s][0]
            p = None if src.is_effect or t == s else self.board.get(src.id)
            if p is None:
                return False
            if p.id not in before:
                subtypes, types, _, _, colors = self._layers_4_and_5(p, self.printed(p))
                before[p.id] = _with_subtypes(self.printed(p), subtypes, types, colors)
            giver, loss = losses[t]
            return self.source_has_text(giver) and loss.to.matches(giver.looker, p.id, before[p.id])

        remaining = list(range(len(losses)))
        live: list[int] = []
        dead: dict[int, str] = {}
        while remaining:
            pick = 0  # a loop: timestamp order (613.8b)
            for pos, s in enumerate(remaining):
                if not any(removes(t, s) for t in remaining if t != s):
                    pick = pos
                    break
            s = remaining.pop(pick)
            took = next((t for t in live if removes(t, s)), None)
            if took is None:
                live.append(s)
            else:
                dead[s] = losses[took][0].label
        self._dead_losses = dead
        return dead

    def _colors(
        self,
        p: Permanent,
        traits: Traits,
        subtypes: list[str],
        types: frozenset[str],
        applied: list[Applied],
    ) -> frozenset[str]:
        """Layer 5 (613.1e): color-setting effects in timestamp order, after the types."""
        colors = traits.colors
        for src, eff in self.effects.layer5:
            now = _with_subtypes(traits, subtypes, types, colors)
            if self.source_has_text(src) and eff.to.matches(src.looker, p.id, now):
                colors = frozenset(eff.colors)
                applied.append(Applied(src, eff))
        return colors

    def source_has_text(self, src: EffectSource) -> bool:
        """Whether the source still has the ability after 305.7 (a Blood Moon'd Urborg has
        not). Effects (resolved spells) always have theirs. Asked for every permanent an
        effect could reach, answered once per source (it reads the source and the board's
        layer-4 effects alone)."""
        if src.is_effect:
            return True
        found = self._has_text.get(src.id)
        if found is None:
            found = self._has_text[src.id] = self._source_keeps_text(src)
        return found

    def _source_keeps_text(self, src: EffectSource) -> bool:
        """305.7: whether the layer-4 effects that apply before its own leave it its rules
        text, applied to it as to any permanent: one that makes it a land and one that then
        sets its land types take its abilities away, whatever it was printed as (an Aura that
        makes an enchantment a Forest land). Its own effects apply before anything later could
        remove them; a source of layer-5 or layer-6 effects alone is looked at after layer 4.
        Each earlier source is asked the same, which ends: each asks only of effects before
        its own in the layer-4 order."""
        p = self.board.get(src.id)
        if p is None or not self._removers:
            return True
        return self._layer4(p, self.printed(p), until=src.id)[2]


# --- explanation -------------------------------------------------------------------------------


def removes_text(eff: TypeEffect) -> bool:
    """305.7: an effect setting a land's land types to basic ones takes away every ability of
    its rules text; one that only takes its land types away ("loses all land types") doesn't."""
    return isinstance(eff, SetLandTypes) and not eff.loses_all_land_types


def set_land_types(subtypes: list[str], land_types: list[str]) -> list[str]:
    """305.7: a land's land types become these; its other subtypes stay."""
    kept = [s for s in subtypes if s.casefold() not in LAND_TYPES]
    return kept + [s for s in land_types if s not in kept]


def set_card_types(subtypes: list[str], eff: SetCardTypes) -> tuple[list[str], frozenset[str]]:
    """205.1a: the card types become the effect's. An old subtype stays while the permanent
    keeps the card type it belongs to (205.3d: an Equipment that becomes an artifact creature
    is still an Equipment; a creature that becomes a land is no Elf), unless the effect names a
    subtype of the same kind, which replaces the old ones."""
    types = frozenset(eff.types)
    named = list(eff.subtypes)
    named_kinds = {subtype_kind(s) for s in named}
    kept = [
        s
        for s in subtypes
        if (kind := subtype_kind(s)) not in named_kinds and _KIND_HELD_BY[kind] & types
    ]
    have = {s.casefold() for s in kept}
    return kept + [s for s in named if s.casefold() not in have], types


def set_creature_types(subtypes: list[str], creature_types: list[str]) -> list[str]:
    """205.1a: its creature types become these (what was every creature type is only these
    now); its other subtypes stay."""
    kept = [s for s in subtypes if subtype_kind(s) != "creature"]
    have = {s.casefold() for s in kept}
    return kept + [s for s in creature_types if s.casefold() not in have]


# The card types a subtype of each kind may go with (205.3d; a kindred card has creature types).
_KIND_HELD_BY: dict[SubtypeKind, frozenset[str]] = {
    "land": frozenset({"land"}),
    "artifact": frozenset({"artifact"}),
    "enchantment": frozenset({"enchantment"}),
    "battle": frozenset({"battle"}),
    "creature": frozenset({"creature", "kindred"}),
}


def subtypes_of(src: EffectSource, eff: TypeEffect) -> list[str]:
    """The subtypes a layer-4 effect gives: its own, and for `chosen_type` the basic land type
    chosen as its effect resolved (305.7), or the type chosen for its source permanent as it
    entered, which the question must say."""
    if isinstance(eff, AddTypes) and eff.every_creature_type:
        return [*eff.subtypes, EVERY_CREATURE_TYPE]  # 702.73a
    if isinstance(eff, (AddTypes, SetCardTypes)):
        return list(eff.subtypes)
    if isinstance(eff, SetCreatureTypes):
        if eff.chosen_as_it_entered is None:
            return list(eff.subtypes)
        return [*eff.subtypes, _chosen_as_it_entered(src, eff.chosen_as_it_entered)]
    if eff.chosen_as_it_entered is not None:
        # 205.3m, 305.7: an Aura's or a land's "is the chosen type", with or without "in
        # addition to its other types": the one its permanent chose.
        return [*eff.subtypes, _chosen_as_it_entered(src, eff.chosen_as_it_entered)]
    if not eff.chosen_type:
        return list(eff.subtypes)
    if src.chosen_land_type is None:
        raise QuestionError(
            ("state", "effects", src.order[2], "chosen_land_type"),
            f"{src.label} gives the basic land type chosen as it resolved: give it as "
            "'chosen_land_type' (Plains, Island, Swamp, Mountain or Forest)",
            "chosen_land_type_required",
        )
    return [*eff.subtypes, src.chosen_land_type]


def _subtypes_said(src: EffectSource, eff: TypeEffect) -> list[str]:
    """subtypes_of, but without a choice the state doesn't give (a test of what an effect
    would do to another asks for nothing; applying the effect, where it applies, asks)."""
    chosen_entering = not isinstance(eff, AddTypes | SetCardTypes) and (
        eff.chosen_as_it_entered is not None and src.chosen_type is None
    )
    chosen_resolving = isinstance(eff, SetLandTypes | AddSubtypes) and (
        eff.chosen_type and src.chosen_land_type is None
    )
    if chosen_entering or chosen_resolving:
        return list(eff.subtypes)
    return subtypes_of(src, eff)


def _chosen_as_it_entered(src: EffectSource, kind: ChosenForSource) -> str:
    """The permanent's `chosen_type`: a creature type (205.3m), or a basic land type, spelled
    as the rules do so that it brings its mana (305.6). (A copy that became one after it
    entered has no such effect: BoardView's chosen_for leaves it out, 707.2.)"""
    loc = ("state", "battlefield", src.order[2], "chosen_type")
    what = "creature type" if kind == "creature_type" else "basic land type"
    if src.chosen_type is None:
        raise QuestionError(
            loc,
            f"{src.label} is (or makes others) the {what} chosen as it entered: give it as "
            "'chosen_type'",
            "chosen_type_required",
        )
    if kind == "creature_type":
        return creature_type_chosen(src.chosen_type, loc, src.label)
    return basic_land_type_chosen(src.chosen_type, loc, src.label)


# "~" in a card's text: the permanent itself, and nothing else (a selector of one object).
_ITSELF = Selector(where=Not(filter=IsOther()))


def _whom(src: EffectSource, eff: TypeEffect | SetColors | LoseAllAbilities) -> str:
    """Who an effect applies to, after "<source>: " or "<source> would make ": its own
    permanent is "it" ("Thran Portal (portal): it is also ..."), an `effects` entry's one
    object "its target" (what "attached" means there, board.py), else the group (or the one
    permanent an Aura is attached to)."""
    if eff.to == _ITSELF:
        return "it"
    if src.is_effect and eff.to.relation == "attached":
        return "its target"
    return describe_selector(eff.to)


def _what(src: EffectSource, eff: TypeEffect | SetColors | LoseAllAbilities) -> str:
    one = eff.to == _ITSELF
    who = _whom(src, eff)
    singular = one or eff.to.relation == "attached"
    are, they, their, lose, gain = (
        ("is", "it", "its", "loses", "gains")
        if singular
        else ("are", "they", "their", "lose", "gain")
    )
    match eff:
        case SetLandTypes() if eff.loses_all_land_types:
            return (
                f"{who} {lose} all {their} land types, and with them the mana ability of each "
                "basic land type (305.6); no basic land type is set, so 305.7 takes nothing else"
            )
        case SetLandTypes():
            became = " and ".join(subtypes_of(src, eff))
            if eff.chosen_as_it_entered is not None:
                # Which type was set: the one the question gave as the permanent's choice.
                became += f", the basic land type chosen as {'it' if one else src.label} entered"
            return (
                f"{who} {are} {became}: {they} {lose} {their} other land types and every "
                f"ability of {their} rules text, and {gain} the mana ability of the new type "
                "(305.7)"
            )
        case AddSubtypes():
            added = subtypes_of(src, eff)
            mana = (
                f", and {gain} the mana ability of each basic land type among them (305.6)"
                if any(s in BASIC_LAND_TYPES for s in added)
                else ""
            )
            return f"{who} {are} also {', '.join(added)}, keeping everything else{mana}"
        case AddTypes():
            added_types = " ".join([*eff.subtypes, *eff.types])
            if eff.every_creature_type:
                added_types += ", and every creature type (702.73a)"
            return (
                f"{who} {gain} the types {added_types}, keeping all {they} had (one that becomes "
                "a creature is one for summoning sickness too, 302.6)"
            )
        case SetCreatureTypes():
            became = " ".join(subtypes_of(src, eff))
            if eff.chosen_as_it_entered is not None:
                became += f", the creature type chosen as {'it' if one else src.label} entered"
            return f"{who} {are} {became} and no other creature type, keeping {their} other types"
        case SetCardTypes():
            became = " ".join([*eff.subtypes, *eff.types])
            return (
                f"{who} {are} {became} and no other card type, losing the subtypes of the card "
                f"types {they} {lose} (one that is no longer a creature is no longer subject to "
                "summoning sickness, 302.6)"
            )
        case SetColors():
            return f"{who} {are} {'/'.join(eff.colors) or 'colorless'} and no other color"
        case LoseAllAbilities() if eff.except_mana_abilities:
            other = " other" if eff.keeps_own else ""
            return (
                f"{who} {lose} all{other} abilities except mana abilities, which stay, those of "
                f"{their} land types too (605.1, 305.6)"
            )
        case LoseAllAbilities():
            if eff.keeps_own:
                return (
                    f"{who} {lose} all other abilities, the mana abilities of {their} land types "
                    f"too; what this same source gives {'it' if singular else 'them'} stays"
                )
            return f"{who} {lose} all abilities, the mana abilities of {their} land types too"
        case _:
            assert_never(eff)


def _added(src: EffectSource, eff: TypeEffect) -> list[str]:
    """The subtypes (and card types) a layer-4 effect gives."""
    if isinstance(eff, (AddTypes, SetCardTypes)):
        return [*subtypes_of(src, eff), *eff.types]
    return subtypes_of(src, eff)


def _would_add(src: EffectSource, eff: TypeEffect) -> list[str]:
    """What an effect whose ability is gone would have given (613.8a): the type its permanent
    chose as it entered is named only when the question gave it, since no answer reads it."""
    chosen = not isinstance(eff, (AddTypes, SetCardTypes)) and eff.chosen_as_it_entered
    if chosen and src.chosen_type is None:
        return [*eff.subtypes, "the type chosen as it entered"]
    return _added(src, eff)


def _rule_of(eff: TypeEffect) -> str:
    match eff:
        case SetLandTypes() if eff.loses_all_land_types:
            return "305.6"  # the land types go, and the mana abilities they gave with them
        case SetLandTypes():
            return "305.7"
        case AddSubtypes() if eff.chosen_as_it_entered == "basic_land_type" or any(
            t.casefold() in LAND_TYPES for t in eff.subtypes
        ):
            return "305.6"  # a basic land type added brings its mana ability
        case AddSubtypes():
            return "205.1b"  # subtypes added to the ones it has (a creature type, 205.3m)
        case AddTypes():
            return "205.1b"  # types added to the ones it has
        case SetCreatureTypes() | SetCardTypes():
            return "205.1a"  # types that replace the ones it has
        case _:
            assert_never(eff)


def _reaches(src: EffectSource, eff: TypeEffect, p_id: str, traits: Traits) -> bool:
    """Whether a layer-4 effect applies to a permanent with these traits (305.7: setting land
    types applies to lands only)."""
    if isinstance(eff, SetLandTypes) and "land" not in traits.types:
        return False
    return eff.to.matches(src.looker, p_id, traits)


def _with_subtypes(
    traits: Traits,
    subtypes: list[str],
    types: frozenset[str],
    colors: frozenset[str] | None = None,
) -> Traits:
    """The traits with the card types and subtypes the layer-4 effects so far have left it
    (and the colors layer 5 left it, once it has applied)."""
    return Traits(
        traits.controller,
        types,
        frozenset(s.casefold() for s in subtypes),
        traits.supertypes,
        traits.colors if colors is None else colors,
        traits.tapped,
        traits.token,
        traits.counters,
        traits.name,
        traits.keywords,
        traits.equipped,
    )


def _condition_step(
    chars: Characteristics,
    src: EffectSource,
    when: str,
    now: str,
    holds: bool,
    more: tuple[str, ...] = (),
) -> Step:
    """ "<source>'s <change> applies only <when>: <now>, so it applies now." (611.3a)."""
    return Step(
        f"{src.label}'s {when}: {now}, so it "
        + ("applies now." if holds else "doesn't apply now."),
        ("611.3a", "613.1d", *more),
        _refs(chars, [src]),
    )


def condition_steps(chars: Characteristics) -> list[Step]:
    """Whether each conditional type change applies now, and why (611.3a)."""
    steps: list[Step] = [
        Step(
            f"{src.label} was cast for its impending cost and has a time counter, so it isn't "
            "a creature now.",
            ("702.176a",),
            _refs(chars, [src]),
        )
        for src in chars.effects.impending
    ]
    for src, during, active, holds in chars.effects.turn_conditions:
        when = f"change of what it is applies only {TURN_WORDS[during]}"
        steps.append(_condition_step(chars, src, when, f"it is {active}'s turn", holds))
    for src, band, holds in chars.effects.counter_conditions:
        when = f"change of what lands are applies only while it has {band_words(band)}"
        now = "it does" if holds else "it doesn't"
        steps.append(_condition_step(chars, src, when, now, holds))
    for src, count, n, holds in chars.effects.count_conditions:
        when = (
            f"change of what it is applies only while there are {count.at_least} or more "
            f"{describe_selector(count.of)}"
        )
        now = f"there are {n}, counted as every other change leaves them"
        steps.append(_condition_step(chars, src, when, now, holds, ("613.8",)))
    for src, low, n in chars.effects.devotion_conditions:
        colors = " and ".join(_COLOR_WORDS[c] for c in low.colors)
        when = (
            f"type change applies only while its controller's devotion to {colors} is less "
            f"than {low.below}"
        )
        steps.append(_condition_step(chars, src, when, f"it is {n}", n < low.below, ("700.5",)))
    for src, cond, n in chars.effects.conditions:
        bound = cond.while_graveyard_below
        when = (
            f"type change applies only while its controller's graveyard holds fewer than "
            f"{bound} cards"
        )
        holds = bound is not None and n < bound
        steps.append(_condition_step(chars, src, when, f"it holds {n}", holds))
    return steps


def layer_steps(chars: Characteristics, has_grants: bool) -> list[Step]:
    """Which layer effects applied, in which order, and why (613.1a, 613.1d, 613.1f, 613.7,
    613.8): copies first (layer 1)."""
    steps: list[Step] = copy_steps(chars.board) + condition_steps(chars)
    fx = chars.effects
    if fx.layer4:
        parts: list[str] = []
        rules = {"613.1d", "613.7"}
        for i in chars.order4:
            src, eff = fx.layer4[i]
            if not chars.source_has_text(src):
                parts.append(
                    f"{src.label} would make {_whom(src, eff)} "
                    f"{', '.join(_would_add(src, eff))}, but an earlier type change took that "
                    "ability away from it, so it creates no effect"
                )
                continue
            rules.add(_rule_of(eff))
            parts.append(f"{src.label}: {_what(src, eff)}")
        text = (
            "What the permanents are is decided before anything else looks at them: "
            "type-changing effects apply in layer 4, one after another in timestamp order "
            "(the `timestamp` of each permanent or effect; without it battlefield order, then "
            "effects order). In order: " + "; then ".join(parts) + "."
        )
        dependent = list(
            dict.fromkeys(fx.layer4[i][0].label for i in chars.order4 if i in fx.dependent)
        )
        if dependent:
            rules.add("613.8")
            whose = " and ".join(dependent)
            depends = "effects of {} each depend" if len(dependent) > 1 else "effect of {} depends"
            text += (
                f" The {depends.format(whose)} on another type change, one that would remove "
                "the ability creating it or change what it applies to (613.8a), so that one "
                "applied first, whatever the timestamps."
            )
        steps.append(Step(text, tuple(sorted(rules)), _refs(chars, [s for s, _ in fx.layer4])))
    if fx.layer5:
        parts = [f"{src.label}: {_what(src, c)}" for src, c in fx.layer5]
        steps.append(
            Step(
                "Colors are set in layer 5, after the type changes: " + "; ".join(parts) + ".",
                ("105.2", "613.1e"),
                _refs(chars, [s for s, _ in fx.layer5]),
            )
        )
    if fx.layer6_loss:
        steps.append(_loss_step(chars))
    if has_grants and fx.layer4:
        steps.append(
            Step(
                "Abilities granted by other objects are added in layer 6 too, after the type "
                "changes of layer 4, so a type change doesn't remove them.",
                ("613.1f",),
                _NOTHING,
            )
        )
    if has_grants and fx.layer6_loss:
        steps.append(
            Step(
                "Inside layer 6 the grants and the removals apply in timestamp order: an ability "
                "granted by an effect older than a \u201closes all abilities\u201d is removed "
                "with the rest, one granted by a newer effect is added after it and kept.",
                ("613.1f", "613.7"),
                _NOTHING,
            )
        )
    return steps


def _loss_step(chars: Characteristics) -> Step:
    """Layer 6's losses of abilities, each live one or why one creates no effect (613.8a)."""
    fx = chars.effects
    dead = chars.dead_losses()
    parts = [
        f"{src.label}: {_what(src, loss)}"
        if i not in dead
        else f"{src.label} would make something lose its abilities, but {dead[i]} took that "
        "ability away from it first (613.8a), so it creates no effect"
        for i, (src, loss) in enumerate(fx.layer6_loss)
    ]
    return Step(
        "Abilities are removed in layer 6, after the type changes: " + "; ".join(parts) + ".",
        ("613.1f", "613.8") if dead else ("613.1f",),
        _refs(chars, [s for s, _ in fx.layer6_loss]),
    )


# The refs of a step that names no permanent, card or mana.
_NOTHING: Refs = {"permanents": (), "cards": (), "mana": ()}


def _refs(chars: Characteristics, sources: list[EffectSource]) -> Refs:
    ids = tuple(dict.fromkeys(s.id for s in sources if chars.board.get(s.id) is not None))
    names: list[str] = []
    for s in sources:
        p = chars.board.get(s.id)
        if p is not None:
            names.append(p.name)
        else:
            names.extend(e.card.name for e in chars.board.effects if e.id == s.id)
    return {"permanents": ids, "cards": tuple(dict.fromkeys(names))}
