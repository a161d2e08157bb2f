"""Replacement effects on one mana production event (106.12b, 614, 616.1).

The one place where Contamination, Pale Moon, Deep Water, Mana Reflection, Nyxbloom Ancient and
Damping Sphere change what an ability makes; could_produce and activate both use it.

The procedure for one event:
1. the ability's own "instead" (a self-replacement: Incubation Druid's three mana) comes first
   (614.15, 616.1a);
2. then, while some not-yet-applied effect applies to the event as it now is, the player picks
   one and applies it (616.1). What applies is looked at again after every application
   (616.1e: Damping Sphere's "two or more" may become true after Mana Reflection doubled one
   mana, or stop being true after Contamination made it one {B}). No effect applies twice
   to one event (614.5);
3. an empty event is mana that was never made: nothing replaces it into mana (106.5).

An effect may ask for a choice as it applies ("mana of a color of your choice instead"): the
choice is part of applying it (616.1), so each color is one more way on from that point, and an
outcome says which color each such effect was given.

Exploring every order does not enumerate k! permutations: the future of the event depends
only on the current mana and the *multiset* of effects left, and identical effects (same change
and condition: their `Signature`) are interchangeable. The search is a depth-first walk over
(mana, remaining counts per signature) with a visited set, so twelve Mana Reflections are
thirteen states, not 12! orders.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Literal, NamedTuple, assert_never

from app.domain.card import (
    ChangeColor,
    ChangeType,
    ChangeTypeAndAmount,
    ColorOfChoice,
    Multiply,
    ReplacementChange,
)
from app.domain.mana import COLORS, TYPE_INDEX, Mana

SignatureKind = Literal[
    "multiply", "change_type", "change_type_and_amount", "change_color", "color_of_choice"
]


class Signature(NamedTuple):
    """Two effects with one signature act identically on any event (a hashable, ordered key
    for the search). param: the factor, the new type, the new mana in Oracle notation, the new
    color, or the amount a color of choice makes ("" : the amount is kept)."""

    kind: SignatureKind
    param: str
    min_amount: int


Multiset = tuple[tuple[Signature, int], ...]

# A guard against crafted boards with thousands of *different* effects on one event: the search
# is exact, but its size is bounded; beyond this the question is refused (a 422, not a 5xx).
MAX_STATES = 200_000


class TooManyReplacementStates(ValueError):
    """The replacement search would exceed MAX_STATES distinct states."""


def signature_of(change: ReplacementChange, min_amount: int = 0) -> Signature:
    match change:
        case Multiply():
            return Signature("multiply", str(change.factor), min_amount)
        case ChangeType():
            return Signature("change_type", change.to, min_amount)
        case ChangeTypeAndAmount():
            return Signature("change_type_and_amount", _parse(change.mana).render(), min_amount)
        case ChangeColor():
            if change.to == "chosen":
                # The board puts the source's chosen color in first (board.resolved_change).
                raise ValueError("a chosen color must be resolved before the search")
            return Signature("change_color", change.to, min_amount)
        case ColorOfChoice():
            amount = "" if change.amount is None else str(change.amount)
            return Signature("color_of_choice", amount, min_amount)
        case _:
            assert_never(change)


def choices_of(signature: Signature) -> tuple[str, ...]:
    """What the player may choose as an effect applies: the five colors for a color of choice
    (105.1), else one way ("")."""
    return COLORS if signature[0] == "color_of_choice" else ("",)


def _fixed_amount(signature: Signature) -> int | None:
    """How much mana the event is after the effect whatever it was, or None when the effect
    keeps the amount or multiplies it."""
    kind, param, _ = signature
    if kind == "change_type_and_amount":
        return _parse(param).total
    if kind == "color_of_choice" and param:
        return int(param)
    return None


@cache
def _parse(text: str) -> Mana:
    return Mana.parse(text)


def applies(signature: Signature, mana: Mana) -> bool:
    """Does an effect with this signature apply to the event as it is now?"""
    # 106.5 / docs/rules.md §3: mana never made can't be replaced into mana.
    if not mana:
        return False
    # 616.1e: a condition on the amount ("two or more") is checked against the event now.
    return mana.total >= signature[2]


def apply_change(signature: Signature, mana: Mana, choice: str = "") -> Mana:
    """The event after one effect; `choice`: the color chosen for a color of choice."""
    kind, param, _ = signature  # plain (kind, param, min_amount) tuples work too
    match kind:
        case "multiply":
            return mana.times(int(param))
        case "change_type":
            # Same amount, every mana of the new type (Pale Moon, Deep Water).
            return mana.all_as(param)
        case "change_type_and_amount":
            # The whole event becomes this mana, whatever type and amount it had
            # (Contamination).
            return _parse(param)
        case "change_color":
            return mana.colors_as(param)
        case "color_of_choice":
            return Mana.of(choice, int(param)) if param else mana.all_as(choice)
        case _:
            assert_never(kind)


def saturate(mana: Mana, cap: int | None) -> Mana:
    """Counts above `cap` are held at `cap`. With cap above every min_amount (at most 100),
    every condition still reads the same, so the outcome is exact except that a count equal
    to the cap means 'cap or more'."""
    if cap is None or max(mana.counts) <= cap:
        return mana
    return Mana(tuple(min(n, cap) for n in mana.counts))  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Replacement:
    """One replacement effect that applies to this event (the caller has checked whose event
    it is: which permanent, tapped for mana, tapped by whom); only `min_amount` is looked at
    here, since it can change while the event is being replaced (616.1e).

    `key`: what an order names it by when its source has several effects on the event,
    `<id>#<n>` (`effect_key`), since the player orders effects, not sources (616.1); else ""
    and an order names it by its source's id."""

    source_id: str
    change: ReplacementChange
    min_amount: int = 0
    name: str = ""
    # Whether the source is a permanent (else an effect of the state's `effects`).
    on_battlefield: bool = True
    key: str = ""

    @property
    def signature(self) -> Signature:
        return signature_of(self.change, self.min_amount)

    @property
    def order_key(self) -> str:
        return self.key or self.source_id


@dataclass(frozen=True, slots=True)
class SelfReplacement:
    """The ability's own 'instead' (614.15): `amount` of the mana's type instead."""

    amount: int
    description: str = ""

    def apply(self, mana: Mana) -> Mana:
        if not mana:
            return mana  # never made: nothing to replace (106.5)
        types = mana.types()
        if len(types) != 1:
            return mana  # 'that type' needs one type; our cards only make one here
        return Mana.of(types[0], self.amount)


@dataclass(frozen=True, slots=True)
class Outcome:
    """A distinct result and one order that gives it."""

    mana: Mana
    applied: tuple[str, ...]  # source ids, first applied first
    order: tuple[str, ...]  # `applied`, then the effects that never applied (a full order)
    choices: tuple[tuple[str, str], ...] = ()  # (order key, color) of each color of choice


@dataclass(frozen=True, slots=True)
class TraceStep:
    effect: Replacement
    before: Mana
    after: Mana
    applied_from_start: bool  # False: it only applied after an earlier replacement (616.1e)
    choice: str = ""  # the color chosen as it applied, for a color of choice
    # What the event may be after it, over the colors not given to colors of choice so far;
    # empty while every color was given: `after` alone.
    afters: frozenset[Mana] = frozenset()


@dataclass(frozen=True, slots=True)
class Applied:
    """The event replaced in one given order."""

    initial: Mana  # what the ability itself would make
    start: Mana  # after its own self-replacement (614.15)
    mana: Mana  # the final event
    trace: tuple[TraceStep, ...]
    not_applied: tuple[Replacement, ...]
    dropped: tuple[Replacement, ...]  # applied at the start, no longer applicable when reached
    # Colors of choice that applied with no color given (the trace shows the first color),
    # and every final result over the colors they could be given: one result, or a choice
    # the player must make.
    open: tuple[Replacement, ...] = ()
    results: frozenset[Mana] = frozenset()


def multiset_of(signatures: Iterable[Signature]) -> Multiset:
    """Canonical multiset key: (signature, count) sorted by signature."""
    return tuple(sorted(Counter(signatures).items()))


Counts = tuple[int, ...]


Change = Callable[[Counts], Counts]


def _compile(signature: Signature, cap: int | None) -> tuple[Change, ...]:
    """One signature as functions on raw counts, one per choice (`choices_of`) (the search's
    hot loop avoids Mana objects)."""
    kind, param, _ = signature
    top = cap if cap is not None else -1
    match kind:
        case "multiply":
            factor = int(param)

            def multiply(c: Counts) -> Counts:
                out = tuple(n * factor for n in c)
                if top >= 0 and max(out) > top:
                    return tuple(min(n, top) for n in out)
                return out

            return (multiply,)
        case "change_type":
            return (_all_as(TYPE_INDEX[param], top),)
        case "change_type_and_amount":
            fixed = saturate(_parse(param), cap).counts
            return (lambda c: fixed,)
        case "change_color":
            i = TYPE_INDEX[param]

            def change_color(c: Counts) -> Counts:
                out = [0, 0, 0, 0, 0, c[5]]
                colored = sum(c) - c[5]
                out[i] = colored if top < 0 else min(colored, top)
                return tuple(out)

            return (change_color,)
        case "color_of_choice":
            if param:
                return tuple(
                    _constant(saturate(Mana.of(color, int(param)), cap).counts) for color in COLORS
                )
            return tuple(_all_as(TYPE_INDEX[color], top) for color in COLORS)
        case _:
            assert_never(kind)


def _all_as(i: int, top: int) -> Change:
    """Every mana of the event becomes type `i`, amount kept (held at `top` when >= 0)."""

    def all_as(c: Counts) -> Counts:
        out = [0] * 6
        total = sum(c)
        out[i] = total if top < 0 else min(total, top)
        return tuple(out)

    return all_as


def _constant(counts: Counts) -> Change:
    return lambda c: counts


PathStep = tuple[int, int]  # (signature index, choice index into `choices_of`)


def _search(
    start: Mana,
    signatures: Sequence[Signature],
    counts: tuple[int, ...],
    cap: int | None,
    max_states: int,
) -> list[tuple[Mana, list[PathStep]]]:
    """Depth-first over (mana, remaining counts), children in `signatures` order (and a
    choice's options in order), first visit wins. Returns each distinct final mana with a path
    of (signature index, choice index) that reaches it; since the walk is in lexicographic
    order, that path is the earliest such order."""
    State = tuple[Counts, Counts]
    # Per signature, each way to apply it with the path step naming it, last choice first
    # (the stack pops the first choice first); built once, so the hot loop allocates no steps.
    moves = [
        [(change, (j, k)) for k, change in reversed(list(enumerate(_compile(sig, cap))))]
        for j, sig in enumerate(signatures)
    ]
    thresholds = [max(sig[2], 1) for sig in signatures]  # 106.5: never on an empty event
    indices = range(len(signatures))
    root: State = (saturate(start, cap).counts, counts)
    parent: dict[State, tuple[State, PathStep] | None] = {}
    finals: dict[Counts, State] = {}
    stack: list[tuple[State, State | None, PathStep]] = [(root, None, (-1, 0))]
    while stack:
        state, par, via = stack.pop()
        if state in parent:
            continue
        parent[state] = None if par is None else (par, via)
        if len(parent) > max_states:
            raise TooManyReplacementStates(
                f"more than {max_states} distinct ways to replace one mana event"
            )
        mana, remaining = state
        total = sum(mana)
        # 616.1e: what applies is looked at again for the event as it is now.
        applicable = [j for j in indices if remaining[j] and total >= thresholds[j]]
        if not applicable:
            finals.setdefault(mana, state)
            continue
        for j in reversed(applicable):
            left = (*remaining[:j], remaining[j] - 1, *remaining[j + 1 :])
            for change, step in moves[j]:
                child: State = (change(mana), left)
                if child not in parent:
                    stack.append((child, state, step))
    results: list[tuple[Mana, list[PathStep]]] = []
    for mana, final in finals.items():
        path: list[PathStep] = []
        node = parent[final]
        while node is not None:
            prev, step = node
            path.append(step)
            node = parent[prev]
        path.reverse()
        results.append((Mana(mana), path))  # type: ignore[arg-type]
    return results


def explore(
    initial: Mana,
    effects: Sequence[Replacement],
    self_replacement: SelfReplacement | None = None,
    *,
    cap: int | None = None,
    max_states: int = MAX_STATES,
) -> list[Outcome]:
    """Every distinct result of one event over every order the player could choose (616.1),
    with one order giving each. The first outcome is the one of the default order (effects
    as listed); the others follow in lexicographic order of their orders."""
    start = self_replacement.apply(initial) if self_replacement else initial
    signatures: list[Signature] = []
    ids_by_sig: list[list[Replacement]] = []
    index: dict[Signature, int] = {}
    for e in effects:
        sig = e.signature
        if sig not in index:
            index[sig] = len(signatures)
            signatures.append(sig)
            ids_by_sig.append([])
        ids_by_sig[index[sig]].append(e)
    counts = tuple(len(ids) for ids in ids_by_sig)
    caps = _copy_caps(dict(zip(signatures, counts, strict=True)))
    searched = tuple(caps[sig] for sig in signatures)
    outcomes: list[Outcome] = []
    options = [choices_of(sig) for sig in signatures]
    for mana, path in _search(start, signatures, searched, cap, max_states):
        used = [0] * len(signatures)
        applied: list[Replacement] = []
        chosen: list[tuple[str, str]] = []
        current = saturate(start, cap)
        for j, k in path:
            choice = options[j][k]
            current = saturate(apply_change(signatures[j], current, choice), cap)
            if searched[j] < counts[j] and caps[signatures[j]] == 1 and current:
                # A copy kept for the search stands for all of them: the others apply right
                # after it and change nothing (see _copy_caps; a color of choice by choosing
                # the same color), so the order lists them there.
                now = ids_by_sig[j][used[j] :]
                used[j] = counts[j]
            else:
                now = [ids_by_sig[j][used[j]]]
                used[j] += 1
            applied.extend(now)
            if choice:
                chosen.extend((e.order_key, choice) for e in now)
        applied_set = {id(e) for e in applied}
        rest = [e for e in effects if id(e) not in applied_set]
        outcomes.append(
            Outcome(
                mana,
                tuple(e.order_key for e in applied),
                tuple(e.order_key for e in (*applied, *rest)),
                tuple(chosen),
            )
        )
    return outcomes


def _copy_caps(counts: dict[Signature, int]) -> dict[Signature, int]:
    """How many copies of each signature the search needs: more copies give exactly the same
    results (full amounts, not only types).

    - A change of type keeps the amount, so no condition sees a difference whether earlier
      copies applied; a later copy applies right after an earlier one and changes nothing.
      One copy stands for all.
    - An unconditional change to one mana or less only lowers the amount; conditions are 'at
      least', so dropping earlier copies keeps every later step applicable, and the last copy
      makes the event identical again. One copy stands for all.
    - A conditional change to less than its own threshold (Damping Sphere) can apply again only
      after something raised the amount; with R raisers it applies at most R + 1 times, so R + 2
      copies act like any more (the spare ones never apply).
    """
    raisers = 0
    for sig, n in counts.items():
        fixed = _fixed_amount(sig)
        if (sig[0] == "multiply" and int(sig[1]) >= 2) or (fixed is not None and fixed >= 2):
            raisers += n
    caps: dict[Signature, int] = {}
    for sig, n in counts.items():
        min_amount, fixed = sig[2], _fixed_amount(sig)
        if fixed is None:
            # Multiplies are kept; a change of type or color, or a color of choice keeping the
            # amount, is a change of type (the last copy decides; the same choice again
            # changes nothing).
            n = n if sig[0] == "multiply" else min(n, 1)
        elif min_amount <= 1 and fixed <= 1:
            n = min(n, 1)
        elif fixed < min_amount:
            n = min(n, raisers + 2)
        caps[sig] = n
    return caps


def _is_conditional(sig: Signature) -> bool:
    return sig[2] >= 2  # min_amount 0 or 1 only asks that the event is not empty


def _in_sphere_class(sig: Signature) -> bool:
    fixed = _fixed_amount(sig)
    if sig[2] >= 2:
        return sig[2] == 2 and fixed is not None and fixed <= 1
    if fixed is not None:
        return fixed <= 1
    return True  # unconditional multiply, change of type or color, or color of choice


def reduce_for_types(multiset: Multiset) -> tuple[Multiset, int]:
    """A smaller multiset with exactly the same *types* of results, and the saturation cap to
    use with it (could_produce asks which types, never how much: 106.7).

    Exact reductions (every effect is applied once when it applies, 614.5, 616.1):
    - Multiply by 1 changes nothing: dropped.
    - Without conditional effects (min_amount 2 or more), only emptiness matters for what
      applies; a multiply by 1 or more keeps types and emptiness, so multiplies are dropped,
      and of several copies of one type-setting effect only the last application matters,
      so one copy is kept.
    - Damping Sphere's shape: see below (only which effects are present matters).
    - Otherwise, with conditional effects: the copy caps of `_copy_caps`, which are exact even
      for amounts.
    - Counts are saturated just above the largest threshold: conditions read the same.
    """
    sigs = {sig: n for sig, n in multiset if not (sig[0] == "multiply" and sig[1] == "1")}
    conditional = any(_is_conditional(s) for s in sigs)
    if not conditional:
        reduced = {s: 1 for s in sigs if s[0] != "multiply" or s[1] == "0"}
        return tuple(sorted(reduced.items())), 1
    if all(_in_sphere_class(s) for s in sigs):
        # Damping Sphere's shape (every condition is "two or more" and resets to at most one
        # mana; only multiplies raise the amount): the amount is 1 or "2+", a spare multiply
        # can always be spent where it is already 2+, and whether a type can end the event
        # depends only on which effects are present. Checked against the full search by
        # tests/engine/test_replacement.py.
        return tuple(sorted((s, 1) for s in sigs)), 2
    out = _copy_caps(sigs)
    cap = max(s[2] for s in out) if out else 1
    return tuple(sorted(out.items())), max(cap, 1)


@lru_cache(maxsize=4096)
def possible_results(initial: Mana, multiset: Multiset, cap: int | None = None) -> frozenset[Mana]:
    """Every distinct result over all orders, for effects given as a multiset of signatures
    (what could_produce needs: no ids, no orders)."""
    signatures = [sig for sig, _ in multiset]
    counts = tuple(n for _, n in multiset)
    return frozenset(m for m, _ in _search(initial, signatures, counts, cap, MAX_STATES))


def effect_key(source_id: str, n: int) -> str:
    """The order key of the n-th (from 1) of a source's several effects on one event."""
    return f"{source_id}#{n}"


def effect_source(key: str, *ids: Container[str]) -> str:
    """The source id an order key names: the key itself when it is an id in the state (in one
    of `ids`) or names a whole source, else the source of its `<id>#<n>`."""
    if any(key in known for known in ids):
        return key
    source, mark, n = key.rpartition("#")
    return source if mark and n.isdigit() else key


def apply_order(
    initial: Mana,
    effects: Sequence[Replacement],
    order: Sequence[str] = (),
    self_replacement: SelfReplacement | None = None,
    *,
    cap: int | None = None,
    choices: Mapping[str, str] | None = None,
) -> Applied:
    """Replace the event in the order the player asked for.

    `order` is a priority list of source ids: at each point the applicable effect whose
    source comes first in it is applied; effects not named come after the named ones, in the
    order given in `effects` (the default order). `choices`: the color each color of choice is
    given, by order key or source id. An order and choices returned by `explore` give back
    their outcome exactly.

    Every result over the colors not given is followed at once (`Applied.results`): no effect
    looks at the types of the event, only at its amount (616.1e), and each color gives the
    same amount, so the same effects apply in the same order whatever was chosen.
    """
    start = self_replacement.apply(initial) if self_replacement else initial
    rank = {sid: i for i, sid in enumerate(order)}

    def ranked(e: Replacement) -> int:
        # `<id>#<n>` names one effect of a source; the source's plain id names them all.
        return rank.get(e.order_key, rank.get(e.source_id, len(rank)))

    given = choices or {}
    remaining = sorted(range(len(effects)), key=lambda i: (ranked(effects[i]), i))
    at_start = {i for i in remaining if applies(effects[i].signature, start)}
    mana = start
    results = {start}
    trace: list[TraceStep] = []
    open_choices: list[Replacement] = []
    while True:
        pick = next((i for i in remaining if applies(effects[i].signature, mana)), None)
        if pick is None:
            break
        remaining.remove(pick)
        effect = effects[pick]
        sig = effect.signature
        options = choices_of(sig)
        choice = given.get(effect.order_key, given.get(effect.source_id, "")) if options[0] else ""
        if options[0] and not choice:
            open_choices.append(effect)
        ways = (choice,) if choice or not options[0] else options
        after = saturate(apply_change(sig, mana, ways[0]), cap)
        if open_choices:
            # The results part only once a color is left open.
            results = {saturate(apply_change(sig, m, c), cap) for m in results for c in ways}
        else:
            results = {after}
        afters = frozenset(results) if open_choices else frozenset()
        trace.append(TraceStep(effect, mana, after, pick in at_start, choice, afters))
        mana = after
    not_applied = tuple(effects[i] for i in sorted(remaining))
    dropped = tuple(effects[i] for i in sorted(remaining) if i in at_start)
    return Applied(
        initial,
        start,
        mana,
        tuple(trace),
        not_applied,
        dropped,
        tuple(open_choices),
        frozenset(results),
    )
