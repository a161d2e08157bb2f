"""What mana a permanent could produce (106.7).

Entry point: `could_produce(board, permanent_id) -> Verdict`.

A permanent could produce a type when any of its mana abilities would make mana of that type if
it resolved now (106.7): costs are ignored (tapped, no counters, no life), replacement effects
count in every order (616.1, via replacement.py), abilities that would make zero mana add
nothing, and a type that can't be defined adds nothing (106.5).

Abilities that make "a type some permanent could produce" (Reflecting Pool, Exotic Orchard,
Naga Vitalist...) chain and loop, across players. The meaning is the least fixpoint: every
mask starts empty and grows until nothing changes, so reflectors that only see each other make
nothing. It is computed with a worklist over 6-bit masks:

- permanents alike in every way a rule can see are one *kind* (BoardView.kinds): abilities,
  replacement effects and masks are worked out once per kind, not per permanent;
- kinds fall into *cells* of identical selector-relevant traits (controller, card types,
  subtypes, basic), usually a handful per board;
- reflector abilities are grouped by what they watch: (the looker's controller, the selector);
  each group keeps the union mask of the cells it watches;
- when a permanent's mask grows, only its cell, the groups watching that cell (when the cell
  grew) and the reflectors in a group (when the group's union grew) are looked at again.

Masks only grow and have six bits, so every kind, cell and group changes at most six
times: the work is linear in kinds + their reflector abilities + (cells x groups), never
permanent pairs, and only grouping the permanents into kinds and writing the answer go
permanent by permanent.

A reflector's output is the union, over the types it sees, of what one mana of that type
becomes under the replacement effects on *its own* event (Reflecting Pool under Pale Moon makes
{C} whatever it sees).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import NamedTuple, assert_never, cast

from app.domain.answers import CouldProduceAnswer, PermanentTypes, trusted
from app.domain.base import ManaTypeCode
from app.domain.card import AmountIfPower, CouldProduce, ManaAbility, Selector
from app.domain.errors import QuestionError
from app.domain.filters import AllOf, AnyOf, IsTapped, Term, selector_with
from app.domain.mana import ALL_COLORS_MASK, COLORLESS_BIT, TYPES, Mana, mask_of, mask_types
from app.domain.mana_abilities import production_types
from app.domain.ruling import Mentions, Step, Verdict
from app.domain.state import Board, Permanent
from app.engine import production
from app.engine.board import (
    BoardView,
    Kind,
    ListedAbility,
    Source,
    SourcedReplacement,
    SourcedTrigger,
    Traits,
    bounded_total,
    chosen_color_of,
    describe_selector,
    instead_reason,
    labels,
    own_effect_grant_steps,
    own_of,
    resolved_change,
    selector_matches,
    source_label,
    taps_for_mana,
    unlisted_effect_steps,
)
from app.engine.characteristics import layer_steps
from app.engine.replacement import (
    Multiset,
    SelfReplacement,
    Signature,
    TooManyReplacementStates,
    multiset_of,
    possible_results,
    reduce_for_types,
    saturate,
    signature_of,
)

# Amounts above every min_amount (the schema caps it at 100) behave alike for every condition,
# so could_produce counts mana only up to here (amounts don't matter for types, conditions do).
SATURATION = 101
# Selector-by-cell checks one board may cost (cells: permanents alike for every selector).
CELL_SCAN_BUDGET = 500_000
# Explanations name at most this many permanents one by one, then summarize.
EXPLAIN_LIMIT = 20
# The summaries of the rest name this many (bounded_total), then count.
SUMMARY_NAMES = 5

SelectorKey = str  # Selector.key: equal keys select alike


def _type_mask_iter(mask: int) -> list[int]:
    return [i for i in range(6) if mask >> i & 1]


@dataclass(slots=True)
class _Reflector:
    owner: int  # the kind (BoardView.kinds) of the permanents whose ability this is
    listed: ListedAbility
    of_color: bool
    per_type: tuple[int, ...]  # per type index: what one event of it becomes (a mask)
    group: int = -1  # group index (relation any)
    # Kinds watched one by one: the attached permanent's (a kind of its own), or every kind
    # with a match of a selector that asks about one object ("another land you control":
    # never its owner; the owner's own kind is watched when it has other members, which are
    # alike, so every member of a kind sees the same).
    watches: tuple[int, ...] = ()

    def seen(self, inputs: int) -> int:
        # "any color" never includes colorless (106.1b).
        return inputs & ALL_COLORS_MASK if self.of_color else inputs

    def output(self, inputs: int) -> int:
        out = 0
        for i in _type_mask_iter(self.seen(inputs)):
            out |= self.per_type[i]
        return out


class Moot(NamedTuple):
    """A fact the state lacks that only sets how much an ability adds (_settle_unknown)."""

    lacking: QuestionError  # what the 422 would have said
    most: int  # every type the ability could add, whatever the fact (a mask)


@dataclass(slots=True)
class _Group:
    looker_controller: str
    selector: Selector
    cells: list[int] = field(default_factory=list)
    union: int = 0
    reflectors: list[_Reflector] = field(default_factory=list)


class _Memos:
    """What is shared while one board is solved and explained: the replacement effects on each
    kind of event, and what each event becomes under them."""

    __slots__ = ("events", "has_attached", "per_type", "repl", "sigs", "view")

    def __init__(self, view: BoardView) -> None:
        self.view = view
        # Signature of each replacement effect on the board, by its object's id (the view keeps
        # the objects alive while the table is used), filled as events need them: a color read
        # from its source is asked for only where the effect applies.
        self.sigs: dict[int, Signature] = {}
        self.has_attached = any(r.effect.source.per_object for r in view.replacements)
        self.repl: dict[Traits, Multiset] = {}
        self.events: dict[tuple[Mana, int | None, Multiset], tuple[int, int]] = {}
        self.per_type: dict[tuple[int, int | None, Multiset], tuple[int, ...]] = {}

    def replacements_on(self, p: Permanent, ability: ManaAbility) -> Multiset:
        """The replacement effects on this ability's event, as a multiset of signatures; shared
        by every permanent with the same traits (unless an effect watches one permanent)."""
        if not taps_for_mana(ability):
            return ()  # 106.12b: only 'tapped for mana' events are replaced (605.5a)
        view = self.view
        if self.has_attached:
            # Rare (an Aura replacing its land's mana): no sharing between permanents.
            return multiset_of(self.sig(r) for r in view.applicable_replacements(p, ability))
        key = view.traits(p)
        found = self.repl.get(key)
        if found is None:
            found = multiset_of(self.sig(r) for r in view.applicable_replacements(p, ability))
            self.repl[key] = found
        return found

    def sig(self, r: SourcedReplacement) -> Signature:
        found = self.sigs.get(id(r))
        if found is None:
            found = signature_of(resolved_change(r), r.effect.min_amount)
            self.sigs[id(r)] = found
        return found

    def event(self, event: Mana, self_amount: int | None, repl: Multiset) -> tuple[int, int]:
        """(types before replacement effects, types after them in every order) for one event."""
        key = (event, self_amount, repl)
        found = self.events.get(key)
        if found is None:
            found = _event_types(event, self_amount, repl)
            self.events[key] = found
        return found

    def reflected_types(
        self, amount: int, self_amount: int | None, repl: Multiset
    ) -> tuple[int, ...]:
        """Per type index: what one event of `amount` mana of that type becomes (a mask)."""
        key = (amount, self_amount, repl)
        found = self.per_type.get(key)
        if found is None:
            found = tuple(self.event(Mana.of(t, amount), self_amount, repl)[1] for t in TYPES)
            self.per_type[key] = found
        return found


def _event_types(event: Mana, self_amount: int | None, repl: Multiset) -> tuple[int, int]:
    start = SelfReplacement(self_amount).apply(event) if self_amount is not None else event
    start = saturate(start, SATURATION)
    raw = start.mask
    if not start:
        return (0, 0)
    if not repl:
        return (raw, raw)
    # Only types are asked for: the exact reductions of reduce_for_types apply.
    reduced, cap = reduce_for_types(repl)
    out = 0
    for result in possible_results(saturate(start, cap), reduced, cap):
        out |= result.mask
    return (raw, out)


def _self_amount(view: BoardView, p: Permanent, a: ManaAbility) -> int | None:
    # 614.15: the ability's own "instead" comes first, when its condition holds.
    if a.instead is not None and instead_reason(view, p, a, p.counters) is not None:
        return a.instead.amount
    return None


@dataclass
class Fixpoint:
    """The least fixpoint for a whole board: `mask(i)` is what permanent i could produce.
    Solved per kind of permanent (BoardView.kinds): the lists below are by kind."""

    view: BoardView
    kinds: list[Kind]
    kind_of: list[int]
    kind_masks: list[int]
    raw_static: list[int]
    reflectors_of: dict[int, list[_Reflector]]
    groups: list[_Group]
    cell_of: list[int]
    cells: list[Traits]
    memos: _Memos
    cell_members: list[list[int]]
    has_abilities: list[bool]
    missing: dict[int, QuestionError]
    moot: dict[int, dict[int, Moot]]
    _feeders: dict[int, tuple[list[Permanent], int]] = field(default_factory=dict)
    _triggers: dict[str, list[SourcedTrigger]] | None = None

    def triggers_of(self, p: Permanent) -> list[SourcedTrigger]:
        """The permanent's own triggered mana abilities (605.1b), filed once per question."""
        if self._triggers is None:
            self._triggers = {}
            for t in self.view.triggers:
                if not t.source.is_effect:
                    self._triggers.setdefault(t.source.id, []).append(t)
        return self._triggers.get(p.id, [])

    def mask(self, index: int) -> int:
        """What the permanent at this battlefield index could produce (its kind's mask: a list
        by permanent would be a pass over the board that few permanents are ever asked of); a
        422 when an ability of it reads a fact the state lacks."""
        k = self.kind_of[index]
        if k in self.missing:
            raise self.missing[k]
        return self.kind_masks[k]

    # -- explanation helpers --

    def feeders(self, r: _Reflector, limit: int, asking: Permanent) -> tuple[list[Permanent], int]:
        """The first `limit` (battlefield order) of the permanents `asking`'s reflector watches
        that could produce something, and how many there are (cached per group: one pass over
        the group's cells, not over the board per reflector)."""
        perms = self.view.board.permanents
        if r.group < 0:
            # The one attached permanent is named even when it makes nothing; of several
            # watched one by one, those that could produce something.
            if len(r.watches) == 1 and len(self.kinds[r.watches[0]].members) == 1:
                return [self.kinds[r.watches[0]].first], 1
            producing = [self.kinds[k].members for k in r.watches if self.kind_masks[k]]
            # A selector about one object never picks its own source (it may pick the others
            # of its kind).
            others = [[i for i in members if i != asking.index] for members in producing]
            first = list(islice(heapq.merge(*others), limit))
            return [perms[i] for i in first], sum(map(len, others))
        found = self._feeders.get(r.group)
        if found is None:
            producing = [
                self.kinds[k].members
                for c in self.groups[r.group].cells
                for k in self.cell_members[c]
                if self.kind_masks[k]
            ]
            first = list(islice(heapq.merge(*producing), limit))
            found = ([perms[i] for i in first], sum(map(len, producing)))
            self._feeders[r.group] = found
        return found

    def reflector_input(self, r: _Reflector) -> int:
        if r.group >= 0:
            return self.groups[r.group].union
        found = 0
        for k in r.watches:
            found |= self.kind_masks[k]
        return found

    def static_types(self, p: Permanent, a: ManaAbility) -> tuple[int, int]:
        """(types before, types after replacement effects) of an ability that doesn't look at
        what others could produce, over all its events (the same memos as the solve)."""
        repl = self.memos.replacements_on(p, a)
        self_amount = _self_amount(self.view, p, a)
        raw = out = 0
        for event in _static_events(self.view, p, a, _count_all, _colors_all):
            e_raw, e_out = self.memos.event(event, self_amount, repl)
            raw |= e_raw
            out |= e_out
        return raw, out


class _Cells:
    """Permanents in cells of identical selector-relevant traits, and which cells a selector
    matches (memoized per looker's controller and selector, within CELL_SCAN_BUDGET)."""

    __slots__ = ("by_controller", "colors", "count", "members", "memo", "of", "scanned", "traits")

    def __init__(self, view: BoardView, kinds: list[Kind]) -> None:
        index: dict[Traits, int] = {}
        self.traits: list[Traits] = []
        self.of: list[int] = []  # by kind
        self.count: list[int] = []  # permanents
        self.members: list[list[int]] = []  # kinds
        self.colors: list[int] = []
        for k, kind in enumerate(kinds):
            p = kind.first
            tr = view.traits(p)
            c = index.get(tr)
            if c is None:
                c = index[tr] = len(self.traits)
                self.traits.append(tr)
                self.count.append(0)
                self.members.append([])
                self.colors.append(0)
            self.of.append(c)
            self.count[c] += len(kind.members)
            self.members[c].append(k)
            self.colors[c] |= mask_of(tr.colors)  # after layer 5 (105.2, 613.1e)
        self.by_controller: dict[str, list[int]] = {}
        for c, tr in enumerate(self.traits):
            self.by_controller.setdefault(tr.controller, []).append(c)
        self.memo: dict[tuple[str, SelectorKey], list[int]] = {}
        self.scanned = 0

    def matching(self, sel: Selector, looker_controller: str) -> list[int]:
        key = (looker_controller, sel.key)
        found = self.memo.get(key)
        if found is None:
            # "you" only ever matches the looker's own cells.
            pool = (
                self.by_controller.get(looker_controller, [])
                if sel.controller == "you"
                else range(len(self.traits))
            )
            self.scanned += len(pool)
            if self.scanned > CELL_SCAN_BUDGET:
                # Only crafted boards (thousands of distinct inline types and selectors) get
                # here; real boards have a handful of cells and selectors.
                raise QuestionError(
                    ("state",),
                    "too many distinct kinds of permanents and selectors on one board",
                    "too_complex",
                )
            traits = self.traits
            found = [
                c for c in pool if selector_matches(sel, looker_controller, None, "", traits[c])
            ]
            self.memo[key] = found
        return found

    def count_of(self, view: BoardView, sel: Selector, src: Source) -> int:
        if sel.per_object:
            return _count_all(view, sel, src)
        return sum(self.count[c] for c in self.matching(sel, src.controller))

    def colors_of(self, view: BoardView, sel: Selector, src: Source) -> int:
        if sel.per_object:
            return _colors_all(view, sel, src)
        colors = 0
        for c in self.matching(sel, src.controller):
            colors |= self.colors[c]
        return colors


class _Abilities:
    """Every permanent's mana abilities, read once: what the others (not reflectors) make
    before and after replacement effects, and the reflectors, grouped by what they watch."""

    __slots__ = (
        "attached_watchers",
        "cells",
        "fixed_events",
        "group_index",
        "groups",
        "has_abilities",
        "kind_of",
        "kinds",
        "memos",
        "missing",
        "moot",
        "raw_static",
        "reflectors_of",
        "static",
        "view",
    )

    def __init__(self, view: BoardView, cells: _Cells, memos: _Memos) -> None:
        self.view = view
        self.kinds, self.kind_of = view.kinds()
        n = len(self.kinds)
        self.cells = cells
        self.memos = memos
        self.raw_static = [0] * n
        self.static = [0] * n
        self.has_abilities = [False] * n
        # Per kind, the first fact the state lacks that one of its abilities reads (a 422 only
        # for a question that needs that kind's answer: Fixpoint.mask).
        self.missing: dict[int, QuestionError] = {}
        # Per kind, by ability: a fact the state lacks that changes only how much an ability
        # adds, never a type its kind's other abilities don't make already (_settle_unknown).
        self.moot: dict[int, dict[int, Moot]] = {}
        self.reflectors_of: dict[int, list[_Reflector]] = {}
        self.attached_watchers: dict[int, list[_Reflector]] = {}
        self.groups: list[_Group] = []
        self.group_index: dict[tuple[str, SelectorKey], int] = {}
        self.fixed_events: dict[int, list[Mana]] = {}

    def read(self) -> None:
        """Each kind's abilities, read on its first permanent (they are all alike)."""
        unknown: list[tuple[int, ManaAbility, QuestionError, int]] = []
        try:
            for k, kind in enumerate(self.kinds):
                p = kind.first
                abilities = self.view.mana_abilities(p, distinct=True)
                self.has_abilities[k] = bool(abilities)
                for listed in abilities:
                    a = listed.ability
                    repl = self.memos.replacements_on(p, a)
                    self_amount = _self_amount(self.view, p, a)
                    if isinstance(a.produces, CouldProduce):  # production.is_reflector
                        self._add_reflector(k, p, listed, a.produces, self_amount, repl)
                        continue
                    try:
                        self._add_static(k, p, a, self_amount, repl)
                    except QuestionError as err:
                        if not err.code.endswith("_required"):
                            raise
                        # Replacement effects may weigh the amount (616.1): no bound then.
                        most = 0 if repl else mask_of(production_types(a.produces))
                        unknown.append((k, a, err, most))
        except TooManyReplacementStates as exc:
            raise QuestionError(
                ("state",), f"too many different replacement effects: {exc}", "too_complex"
            ) from exc
        self._read_triggers()
        self._settle_unknown(unknown)

    def _settle_unknown(self, unknown: list[tuple[int, ManaAbility, QuestionError, int]]) -> None:
        """106.7 asks which types, not how much: a fact the state lacks that sets only an
        ability's amount (the cards in a graveyard) can't change the answer when every type the
        ability could add is one its permanent's other abilities make anyway (before and after
        replacement effects). Else the fact is missing, asked for where the answer reads it."""
        for k, a, err, most in unknown:
            if most and not most & ~(self.static[k] & self.raw_static[k]):
                self.moot.setdefault(k, {})[id(a)] = Moot(err, most)
            else:
                self.missing.setdefault(k, err)

    def _read_triggers(self) -> None:
        """605.1b, 106.7: a permanent's triggered mana abilities are abilities of it too, and
        what they would add if they resolved now counts (Wild Growth's {G}); one that adds a
        type the tapped land produced defines none with no land tapped (106.5). Their mana is
        no "tapped for mana" event, so no replacement of one applies."""
        for t in self.view.triggers:
            if t.source.is_effect:
                continue
            k = self.kind_of[t.source.index]
            try:
                types = _trigger_types(t)
            except QuestionError as err:  # the color chosen for it, which the state lacks
                self.missing.setdefault(k, err)
                types = 0
            self.raw_static[k] |= types
            self.static[k] |= types
            self.has_abilities[k] = True

    def _add_static(
        self, i: int, p: Permanent, a: ManaAbility, self_amount: int | None, repl: Multiset
    ) -> None:
        events = self.fixed_events.get(id(a))
        if events is None:
            events = _static_events(self.view, p, a, self.cells.count_of, self.cells.colors_of)
            if production.is_board_independent(a.produces):
                self.fixed_events[id(a)] = events  # the same for every permanent
        for event in events:
            raw, out = self.memos.event(event, self_amount, repl)
            self.raw_static[i] |= raw
            self.static[i] |= out

    def _add_reflector(
        self,
        i: int,
        p: Permanent,
        listed: ListedAbility,
        prod: CouldProduce,
        self_amount: int | None,
        repl: Multiset,
    ) -> None:
        per_type = self.memos.reflected_types(prod.amount, self_amount, repl)
        r = _Reflector(i, listed, prod.of == "color", per_type)
        view = self.view
        src = view.source(p)
        among = reflected_among(listed.ability, prod)
        if among.relation == "attached":
            target = view.board.get(src.attached_to or "")
            if target is not None and view.matches(among, src, target):
                # The target is singled out: a kind of its own (BoardView.kinds).
                r.watches = (self.kind_of[target.index],)
        elif among.per_object:
            matching = view.matching(among, src)
            r.watches = tuple(dict.fromkeys(self.kind_of[q.index] for q in matching))
        else:
            gkey = (src.controller, among.key)
            g = self.group_index.get(gkey)
            if g is None:
                g = self.group_index[gkey] = len(self.groups)
                cells = self.cells.matching(among, src.controller)
                self.groups.append(_Group(src.controller, among, cells))
            r.group = g
            self.groups[g].reflectors.append(r)
        for k in r.watches:
            self.attached_watchers.setdefault(k, []).append(r)
        self.reflectors_of.setdefault(i, []).append(r)


def reflected_among(a: ManaAbility, prod: CouldProduce) -> Selector:
    """The permanents a reflector reads for 106.7, which ignores whether costs could be paid:
    one that reads the land its cost untaps ("untap a tapped land an opponent controls: ...
    that land could produce") reads any such land, tapped now or not (a tapped land could
    produce its mana all the same). Activating it, the land untapped must be a tapped one:
    activate reads `among` as it is."""
    if a.cost.untap_permanent is None or a.cost.untap_permanent != prod.among:
        return prod.among
    match prod.among.where:
        case IsTapped():
            return selector_with(prod.among, where=None)
        case AllOf(of=parts) if any(isinstance(part, IsTapped) for part in parts):
            rest: list[Term | AnyOf] = [part for part in parts if not isinstance(part, IsTapped)]
            return selector_with(prod.among, where=AllOf(of=rest) if len(rest) > 1 else rest[0])
        case _:
            return prod.among


def _propagate(cells: _Cells, abilities: _Abilities) -> list[int]:
    """The worklist (least fixpoint), over kinds of permanents: start from what non-reflector
    abilities make, and grow a kind's cell, the groups watching it and their reflectors only
    when they change."""
    groups = abilities.groups
    groups_of_cell: list[list[int]] = [[] for _ in cells.traits]
    for g, group in enumerate(groups):
        for c in group.cells:
            groups_of_cell[c].append(g)
    cell_of = cells.of
    attached_watchers = abilities.attached_watchers
    masks = [0] * len(cell_of)
    cell_mask = [0] * len(cells.traits)
    queue: list[int] = []

    def grow(i: int, m: int) -> None:
        new = masks[i] | m
        if new != masks[i]:
            masks[i] = new
            queue.append(i)

    for i, m in enumerate(abilities.static):
        grow(i, m)
    while queue:
        i = queue.pop()
        m = masks[i]
        c = cell_of[i]
        new_cell = cell_mask[c] | m
        if new_cell != cell_mask[c]:
            cell_mask[c] = new_cell
            for g in groups_of_cell[c]:
                group = groups[g]
                new_union = group.union | new_cell
                if new_union != group.union:
                    group.union = new_union
                    for r in group.reflectors:
                        grow(r.owner, r.output(new_union))
        for r in attached_watchers.get(i, ()):
            grow(r.owner, r.output(m))
    return masks


def _trigger_types(t: SourcedTrigger) -> int:
    """The types a triggered mana ability would add if it resolved now (106.7)."""
    trigger = t.trigger
    match trigger.adds:
        case "fixed":
            return mask_of(Mana.parse(trigger.mana or "").types()) if t.times else 0
        case "chosen_color":
            return mask_of([chosen_color_of(t.source)])
        case "any_color" | "combination":
            return ALL_COLORS_MASK
        case "type_produced":
            return 0  # 106.5: no land was tapped, so "that type" is none
        case _:
            assert_never(trigger.adds)


def _check_seen_missing(cells: _Cells, abilities: _Abilities) -> None:
    """A kind lacking a fact of the state that a reflector sees: that reflector's answer would
    depend on the fact, so it is asked for (the first one missing)."""
    if not abilities.missing:
        return
    seen_cells = {c for g in abilities.groups for c in g.cells}
    watched = {k for rs in abilities.reflectors_of.values() for r in rs for k in r.watches}
    for k, err in abilities.missing.items():
        if k in watched or cells.of[k] in seen_cells:
            raise err


def solve(view: BoardView) -> Fixpoint:
    """The least fixpoint of 'could produce' over the whole board (module docstring)."""
    kinds, kind_of = view.kinds()
    cells = _Cells(view, kinds)
    memos = _Memos(view)
    abilities = _Abilities(view, cells, memos)
    abilities.read()
    _check_seen_missing(cells, abilities)
    kind_masks = _propagate(cells, abilities)
    return Fixpoint(
        view,
        kinds,
        kind_of,
        kind_masks,
        abilities.raw_static,
        abilities.reflectors_of,
        abilities.groups,
        cells.of,
        cells.traits,
        memos,
        cells.members,
        abilities.has_abilities,
        abilities.missing,
        abilities.moot,
    )


# --- the entry point ---------------------------------------------------------------------------


def could_produce(board: Board, permanent_id: str | None) -> Verdict:
    """Answer `{"permanents": [{"id", "name", "types"}]}` in battlefield order (only the one
    permanent when `permanent_id` is given), with the steps a judge would write."""
    if permanent_id is not None and board.get(permanent_id) is None:
        raise QuestionError(
            ("permanent_id",),
            f"no permanent with id {permanent_id!r} is on the battlefield",
            "unknown_permanent",
        )
    view = BoardView(board)
    fp = solve(view)
    # By battlefield index: a board's permanents are built only where the answer reads more
    # than their ids (Battlefield), and a big board's answer reads few of them.
    asked: Sequence[int] = (
        range(len(board.permanents)) if permanent_id is None else [board.by_id[permanent_id].index]
    )
    # A fact the state lacks is asked for only when the answer reads it: the permanent asked
    # about (every one, without permanent_id) needs it, another doesn't (106.7 is per permanent).
    if fp.missing:
        for i in asked:
            fp.mask(i)
    # One list of types per mask a kind has, shared by the permanents that have it, and each
    # kind's card name, read once (a card is a pydantic model, whose every attribute read takes
    # CPython's slow path). Built without validation (answers.trusted): the shape is the
    # engine's own, and the tests check it on every ruling.
    # mask_types lists codes of 106.1b's six types: each a ManaTypeCode.
    types_of = {m: cast("list[ManaTypeCode]", mask_types(m)) for m in set(fp.kind_masks)}
    kind_types = [types_of[m] for m in fp.kind_masks]
    kind_names = [k.first.card.name for k in fp.kinds]  # a kind is one face, so one card
    kind_of = fp.kind_of
    ids = board.permanent_ids
    entries: list[PermanentTypes] = [
        {"id": ids[i], "name": kind_names[k], "types": kind_types[k]}
        for i in asked
        for k in (kind_of[i],)
    ]
    answer = trusted(CouldProduceAnswer, permanents=entries)
    return Verdict(answer, _explain(fp, asked))


# --- explanation -------------------------------------------------------------------------------


def _types_text(mask: int) -> str:
    return ", ".join(mask_types(mask)) if mask else "nothing"


def _ability_lines(fp: Fixpoint, p: Permanent, m: Mentions) -> tuple[list[str], set[str]]:
    """Per ability: a sentence, and the rules it rests on; `m` records what they mention."""
    view = fp.view
    lines: list[str] = []
    rules: set[str] = set()
    reflectors = {id(r.listed.ability): r for r in fp.reflectors_of.get(fp.kind_of[p.index], [])}
    for listed in view.mana_abilities(p, distinct=True):
        a = listed.ability
        if listed.origin == "intrinsic":
            rules.add("305.6")
        self_amount = _self_amount(view, p, a)
        if self_amount is not None:
            rules.update({"614.15", "616.1a"})
        if isinstance(a.instead, AmountIfPower):
            rules.add("208.3")  # its condition reads powers, from the state
        # The ability's own "instead" is stated once: as a fact when the counter is there, as a
        # condition otherwise.
        if listed.granted_by is not None:
            source_label(m, listed.granted_by)
        text = m.mana_in(listed.describe(has_counter=self_amount is not None))
        r = reflectors.get(id(a))
        if r is not None:
            assert isinstance(a.produces, CouldProduce)
            seen_all = fp.reflector_input(r)
            seen = r.seen(seen_all)
            raw = seen if a.produces.amount else 0
            out = r.output(seen_all)
            sel = reflected_among(a, a.produces)
            who = describe_selector(sel) + ("" if sel is a.produces.among else _TAPPED_OR_NOT)
            if not seen_all:
                text += f"; no {who} could produce any mana"
                rules.add("106.5")
            else:
                feeding, total = fp.feeders(r, 3, p)
                shown = [m.label(q.name, q.id) for q in feeding]
                text += (
                    f"; {who} could produce {_types_text(seen_all)} ({bounded_total(shown, total)})"
                )
                if r.of_color and seen_all & COLORLESS_BIT:
                    text += "; colorless is not a color, so it is left out"
                    rules.add("106.1b")
                    if not seen:
                        rules.add("106.5")
        elif (moot := fp.moot.get(fp.kind_of[p.index], {}).get(id(a))) is not None:
            raw = out = moot.most
            text += _moot_words(moot)
            rules.add("106.7")
        else:
            raw, out = fp.static_types(p, a)
            words, why_rules = _amount_words(view, p, a)
            text += words
            rules.update(why_rules)
            if raw == 0:
                words, why_rules = production.no_mana_words(a.produces)
                text += m.mana_in(words)
                rules.update(why_rules)
        if out != raw:
            by_id = {r.source.id: r.source for r in view.applicable_replacements(p, a)}
            shown = [source_label(m, s) for s in list(by_id.values())[:3]]
            names = bounded_total(shown, len(by_id))
            text += (
                f"; replacement effects ({names}) in every order turn "
                f"{_types_text(raw)} into {_types_text(out)}"
            )
            rules.add("616.1")
        text += f" → {_types_text(out)}"
        lines.append(text)
    for t in fp.triggers_of(p):
        # 605.1b: its triggered mana ability, as it would resolve now (106.7).
        mask = _trigger_types(t)
        rules.update({"605.1b"} if mask else {"605.1b", "106.5"})
        lines.append(f"its triggered mana ability would add {_types_text(mask)}")
    return lines, rules


# Said of the lands a reflector reads through the land its cost untaps (reflected_among).
_TAPPED_OR_NOT = ", tapped or not (its cost untaps one of them, and costs are ignored)"


def _moot_words(moot: Moot) -> str:
    lacking = ".".join(str(part) for part in moot.lacking.loc)
    return (
        f"; how much it adds depends on {lacking}, which the state doesn't give, but whatever "
        f"that is it adds no type but {_types_text(moot.most)}, which this permanent's other "
        "abilities make anyway"
    )


def _amount_words(view: BoardView, p: Permanent, a: ManaAbility) -> tuple[str, list[str]]:
    src = view.source(p)
    return production.amount_words(
        a.produces, lambda sel: _count_all(view, sel, src), own_of(view, p, src)
    )


def _count_all(view: BoardView, sel: Selector, src: Source) -> int:
    return len(view.matching(sel, src))


def _colors_all(view: BoardView, sel: Selector, src: Source) -> int:
    colors = 0
    for q in view.matching(sel, src):
        colors |= mask_of(view.traits(q).colors)  # after layer 5 (105.2, 613.1e)
    return colors


def _static_events(
    view: BoardView,
    p: Permanent,
    a: ManaAbility,
    count_of: Callable[[BoardView, Selector, Source], int],
    colors_of: Callable[[BoardView, Selector, Source], int],
) -> list[Mana]:
    """The production events of an ability that doesn't look at what others could produce:
    one event per possible choice (106.7 asks about every choice)."""
    src = view.source(p)
    return production.events(
        a.produces,
        lambda sel: count_of(view, sel, src),
        lambda sel: colors_of(view, sel, src),
        own_of(view, p, src),
    )


def _explain(fp: Fixpoint, asked: Sequence[int]) -> list[Step]:
    view = fp.view
    m = Mentions()
    steps: list[Step] = [
        m.step(
            "A permanent could produce every type that any of its mana abilities would make if "
            f"it resolved now. Whether the costs could be paid is ignored: a tapped land, a "
            f"{m.card('Vivid Crag')} without charge counters or a {m.card('Mana Confluence')} "
            "at 1 life still count; an ability that would make no mana adds nothing.",
            ("106.7",),
        )
    ]
    steps.extend(layer_steps(view.chars, bool(view.grants)))
    steps.extend(unlisted_effect_steps(view))
    repl_sources = view.replacement_sources()
    if repl_sources:
        m = Mentions()
        steps.append(
            m.step(
                f"Replacement effects on mana production are in play: "
                f"{labels(repl_sources, m=m)}. "
                "They change the mana of abilities that tap a permanent for mana, and each was "
                "applied in every possible order; a permanent's set is the union of the results.",
                ("106.7", "106.12b", "616.1"),
            )
        )
    n_reflectors = sum(len(rs) * len(fp.kinds[k].members) for k, rs in fp.reflectors_of.items())
    if n_reflectors:
        makes = "ability makes" if n_reflectors == 1 else "abilities make"
        steps.append(
            Mentions().step(
                f"{n_reflectors} {makes} mana of a type "
                "other permanents could produce. They were solved together as a least fixpoint: "
                "each starts with nothing and grows only from what the permanents it watches "
                "could produce, so reflectors that only see each other (or themselves) make "
                "nothing, and one real source feeds every reflector that can see it.",
                ("106.7", "106.5"),
            )
        )
    if view.triggers:
        m = Mentions()
        givers = labels([t.source for t in view.triggers], m=m)
        steps.append(
            m.step(
                f"Mana added by triggered abilities ({givers}) "
                "comes from those abilities, not from the tapped permanent, so it is not part of "
                "what that permanent could produce.",
                ("106.7", "605.1b"),
            )
        )
    steps.extend(_permanent_steps(fp, asked))
    return steps


def _named(m: Mentions, shown: list[Permanent], total: int) -> str:
    """The permanents shown by label, recorded, and how many more of `total` there are."""
    return bounded_total([m.label(p.name, p.id) for p in shown], total)


class _Asked(NamedTuple):
    indices: Iterator[int]  # in battlefield order
    total: int


def _asked_by_abilities(fp: Fixpoint, asked: Sequence[int]) -> tuple[_Asked, _Asked]:
    """The permanents asked about that have a mana ability, and those that have none. When
    every permanent of a board bigger than the steps can name is asked about (the indices are
    distinct), from the kinds: their members, merged into battlefield order as far as they are
    read, and counted, so a big board isn't walked permanent by permanent for the few its steps
    name. (On a small board the merge costs more than the walk.)"""
    has, kind_of = fp.has_abilities, fp.kind_of
    if len(asked) == len(kind_of) > EXPLAIN_LIMIT + 2 * SUMMARY_NAMES:
        having = [k.members for k, h in zip(fp.kinds, has, strict=True) if h]
        lacking = [k.members for k, h in zip(fp.kinds, has, strict=True) if not h]
        return (
            _Asked(heapq.merge(*having), sum(map(len, having))),
            _Asked(heapq.merge(*lacking), sum(map(len, lacking))),
        )
    with_ability = [i for i in asked if has[kind_of[i]]]
    without = [i for i in asked if not has[kind_of[i]]]
    return _Asked(iter(with_ability), len(with_ability)), _Asked(iter(without), len(without))


def _permanent_steps(fp: Fixpoint, asked: Sequence[int]) -> list[Step]:
    """One step per permanent asked about (up to EXPLAIN_LIMIT), then a summary of the rest
    (which names only the first few: the counts are kept, not every label)."""
    having, lacking = _asked_by_abilities(fp, asked)
    perms = fp.view.board.permanents  # built only where a step names the permanent
    named = [perms[i] for i in islice(having.indices, EXPLAIN_LIMIT + SUMMARY_NAMES)]
    steps = [_permanent_step(fp, p) for p in named[:EXPLAIN_LIMIT]]
    skipped, n_skipped = named[EXPLAIN_LIMIT:], max(0, having.total - EXPLAIN_LIMIT)
    no_ability = [perms[i] for i in islice(lacking.indices, SUMMARY_NAMES)]
    n_no_ability = lacking.total
    if n_skipped:
        m = Mentions()
        steps.append(
            m.step(
                f"The same reasoning gives the answer for {n_skipped} more permanents: "
                f"{_named(m, skipped, n_skipped)}.",
                ("106.7",),
            )
        )
    if n_no_ability:
        one = n_no_ability == 1
        m = Mentions()
        steps.append(
            m.step(
                f"{_named(m, no_ability, n_no_ability)} ha{'s' if one else 've'} no mana "
                "ability, so there is no type of mana "
                f"{'it' if one else 'they'} could produce.",
                ("106.7",),
            )
        )
        steps.extend(own_effect_grant_steps(fp.view, no_ability))
    return steps


def _permanent_step(fp: Fixpoint, p: Permanent) -> Step:
    """What one permanent could produce, ability by ability."""
    m = Mentions()
    mask = fp.mask(p.index)
    head = f"{m.label(p.name, p.id)} could produce {_types_text(mask)}: "
    lines, rules = _ability_lines(fp, p, m)
    body = (
        "; and ".join(lines)
        if len(lines) <= 6
        else "; ".join(lines[:6]) + (f"; and {len(lines) - 6} more abilities")
    )
    if not mask:
        rules.add("106.5")
        body += ". So there is no type of mana it could produce"
    return m.step(head + body + ".", tuple(sorted({"106.7", *rules})))
