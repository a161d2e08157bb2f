"""Reading the question (which permanent, which ability, which choice, which order) and whether
the {T}/{Q} part of the cost can be paid (107.5, 107.6, 302.6); the other costs are taken as
paid, in the returned state where it shows them (118.3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from app.domain.answers import Note, Reason, trusted
from app.domain.card import (
    ColorOfChoice,
    DieRoll,
    ManaAbility,
    ManaAbilityCost,
    ManaAmount,
    Selector,
)
from app.domain.errors import QuestionError
from app.domain.mana import NO_MANA, TYPE_INDEX, Mana, ManaSyntaxError
from app.domain.ruling import Mentions, Step
from app.domain.state import Board, Permanent
from app.engine.activate.explain import control_change_text, cost_unpayable
from app.engine.activate.options import (
    LIST_LIMIT,
    LOST_KEY,
    NONE_KEY,
    WON_KEY,
    mana_options,
    option_key,
)
from app.engine.board import (
    BoardView,
    ListedAbility,
    bounded_total,
    describe_selector,
    graveyard_targets,
    source_label,
)
from app.engine.production import needs_x
from app.engine.replacement import effect_source
from app.engine.words import bounded_list


def reason(code: str, rules: list[str], message: str) -> Reason:
    return trusted(Reason, code=code, rules=rules, message=message)


def label(p: Permanent, m: Mentions | None = None) -> str:
    """ "Name (id)"; with `m`, recorded as mentioned."""
    return m.label(p.name, p.id) if m is not None else f"{p.name} ({p.id})"


def find_permanent(board: Board, permanent_id: str) -> Permanent:
    p = board.get(permanent_id)
    if p is None:
        raise QuestionError(
            ("permanent_id",),
            f"no permanent with id {permanent_id!r} is on the battlefield",
            "unknown_permanent",
        )
    return p


def check_order(view: BoardView, order: list[str]) -> list[str]:
    if not order:
        return order
    known = _Known(view)
    seen: set[str] = set()
    for i, rid in enumerate(order):
        loc = ("replacement_order", i)
        if rid in seen:
            raise QuestionError(
                loc,
                f"{rid!r} is named twice: a replacement effect applies at most once (614.5)",
                "duplicate_replacement_source",
            )
        seen.add(rid)
        known.source(rid, loc)
    return order


def check_replacement_choices(view: BoardView, choices: dict[str, str]) -> dict[str, str]:
    """Each key names a source (or `<id>#<n>` effect) whose effect asks for a color as it
    applies (616.1: "a color of your choice instead")."""
    if not choices:
        return choices
    known = _Known(view)
    asking = {r.source.id for r in view.replacements if isinstance(r.effect.change, ColorOfChoice)}
    for rid in choices:
        loc = ("replacement_choices", rid)
        if known.source(rid, loc) not in asking:
            raise QuestionError(
                loc,
                f"{rid!r} has no replacement effect that asks for a color as it applies",
                "no_replacement_choice",
            )
    return choices


class _Known:
    """The ids a replacement key may name, gathered once per request (an order may name
    thousands)."""

    def __init__(self, view: BoardView) -> None:
        self.by_id = view.board.by_id
        self.effect_ids = {e.id for e in view.board.effects}
        self.replacement_ids = {s.id for s in view.replacement_sources()}

    def source(self, rid: str, loc: tuple[str | int, ...]) -> str:
        """The source a key names, which must have a replacement effect on mana."""
        # `<id>#<n>`: one of the several effects a source has on the event (616.1); an id
        # that is itself in the state is read whole.
        source = effect_source(rid, self.by_id, self.effect_ids)
        if source not in self.by_id and source not in self.effect_ids:
            raise QuestionError(
                loc,
                f"{rid!r} is not a permanent or effect in the state",
                "unknown_replacement_source",
            )
        if source not in self.replacement_ids:
            raise QuestionError(
                loc,
                f"{rid!r} has no replacement effect on mana production",
                "not_a_replacement_source",
            )
        return source


def _menu(listed: Sequence[ListedAbility]) -> str:
    items = [f"{a.index}: {a.summary} [id {a.id}]" for a in listed[:LIST_LIMIT]]
    if len(listed) > LIST_LIMIT:
        items.append(f"and {len(listed) - LIST_LIMIT} more")
    return "; ".join(items)


def pick_ability(
    p: Permanent, listed: Sequence[ListedAbility], ability: int | str | None
) -> ListedAbility:
    """By index (the documented order) or by stable id (board.ListedAbility.id)."""
    if ability is None:
        if len(listed) == 1:
            return listed[0]
        raise QuestionError(
            ("ability",),
            f"{p.name} ({p.id}) has {len(listed)} mana abilities; say which one with 'ability': "
            + _menu(listed),
            "ability_required",
        )
    if isinstance(ability, str):
        for item in listed:
            if item.id == ability:
                return item
        raise QuestionError(
            ("ability",),
            f"{p.name} ({p.id}) has no mana ability with id {ability!r}; its mana abilities are "
            + _menu(listed),
            "unknown_ability",
        )
    if not 0 <= ability < len(listed):
        raise QuestionError(
            ("ability",),
            f"{p.name} ({p.id}) has no mana ability {ability}; its mana abilities are "
            + _menu(listed),
            "unknown_ability",
        )
    return listed[ability]


def by_choice(
    view: BoardView,
    p: Permanent,
    listed: Sequence[ListedAbility],
    ability: int | str | None,
    choose_key: str | None,
) -> Sequence[ListedAbility]:
    """With no `ability` named and several mana abilities, `choose` picks the one ability
    that can make the chosen mana (a Tundra with choose W; a Forest that Urborg made a Swamp
    with choose B). Anything else is left to `ability` (an empty or ambiguous pick)."""
    if ability is not None or choose_key is None or len(listed) < 2:
        return listed
    fits = [
        item
        for item in listed
        if any(o.key == choose_key for o in mana_options(view, p, item.ability)[0])
    ]
    return fits if len(fits) == 1 else listed


def normalize_choose(choose: str | None, loc: tuple[str | int, ...] = ("choose",)) -> str | None:
    """'u', 'U' and '{U}' all mean U; an option of several mana is named by its Oracle
    notation in WUBRGC order ('{R}{W}' -> '{W}{R}'). Anything else is a QuestionError on
    `loc`."""
    if choose is None:
        return None
    text = choose.strip().upper()
    if text.lower() == NONE_KEY:
        return NONE_KEY  # an optional trigger's choice not to add its mana (603.5)
    if text.lower() in (WON_KEY, LOST_KEY):
        return text.lower()  # how a coin flip came out (705)
    if text.upper() in TYPE_INDEX:
        return text.upper()
    try:
        mana = Mana.parse(text)
    except ManaSyntaxError:
        mana = NO_MANA
    if not mana:
        raise QuestionError(
            loc,
            f"{choose!r} is not a mana type: use one of W, U, B, R, G, C (or mana like '{{U}}')",
            "invalid_choice",
        )
    return option_key(mana)


def check_tap_cost(
    view: BoardView, p: Permanent, cost: ManaAbilityCost, steps: list[Step]
) -> list[Reason]:
    """Why the {T}/{Q} part can't be paid (107.5, 107.6, 302.6): empty when it can."""
    m = Mentions()
    me = label(p, m)  # every step here names the permanent, and only it
    reasons: list[Reason] = []
    if cost.tap and p.tapped:
        msg = f"{me} is already tapped, so it can't be tapped to pay {{T}}"
        reasons.append(reason("already_tapped", ["107.5"], msg))
        steps.append(m.step(msg + ".", ("107.5",)))
    if cost.untap and not p.tapped:
        msg = f"{me} is untapped, so it can't be untapped to pay {{Q}}"
        reasons.append(reason("already_untapped", ["107.6"], msg))
        steps.append(m.step(msg + ".", ("107.6",)))
    # After layer 4: a land an effect made a creature is one (205.1b, 302.6).
    if (cost.tap or cost.untap) and view.has_type(p, "creature"):
        reasons += _summoning_sickness(view, p, steps)
    elif cost.tap or cost.untap:
        steps.append(
            m.step(
                f"{me} is not a creature, so summoning sickness never applies to it.", ("302.6",)
            )
        )
    return reasons


# A ban that applies in some turns only, and this is one (whose turn is the state's).
_BAN_TURNS = {
    "your_turn": ", in its controller's turn, which this is",
    "not_your_turn": ", in turns other than its controller's, which this is",
}


def check_not_forbidden(
    view: BoardView, p: Permanent, a: ManaAbility, steps: list[Step]
) -> list[Reason]:
    """602.5: an ability an effect says can't be activated can't be begun, a mana ability no
    less than any other (an Aura that locks what it enchants, "activated abilities of
    artifacts can't be activated"); one that spares mana abilities still forbids an ability
    that makes mana but is none (605.1a: it has a target). Empty when nothing forbids it, and
    then nothing is said."""
    banned_by = view.activation_banned_by(p, a.is_mana_ability)
    if not banned_by:
        return []
    m = Mentions()
    me = label(p, m)
    sources = [
        source_label(m, s) + (_BAN_TURNS[ban.during] if ban.during else "")
        for s, ban in banned_by[:3]
    ]
    which, rules = (
        ("its mana abilities among them", ["602.5"])
        if a.is_mana_ability
        else ("this one among them, which makes mana but is no mana ability", ["602.5", "605.1a"])
    )
    banned = bounded_total(sources, len(banned_by))
    msg = f"The activated abilities of {me} can't be activated, {which} ({banned})"
    steps.append(m.step(msg + ".", tuple(rules)))
    return [reason("activation_forbidden", rules, msg)]


def _summoning_sickness(view: BoardView, p: Permanent, steps: list[Step]) -> list[Reason]:
    """302.6: a creature uses {T}/{Q} abilities only if its controller has controlled it since
    their most recent turn began, or it has haste (702.10)."""
    recent = view.control_changed_this_turn(p)
    broken = False  # a change earlier in this list happened this turn
    for change in view.control_changes.get(p.id, []):
        mc = Mentions()
        text = control_change_text(
            mc, change, change in recent, p.controlled_since_turn_start, after_change=broken
        )
        steps.append(mc.step(text + ".", ("302.6",)))
        broken = broken or change in recent
    sick = not p.controlled_since_turn_start or bool(recent)
    haste = view.haste(p)
    m = Mentions()
    me = label(p, m)
    if sick and haste.has:
        givers = [
            "its own haste"
            if s is None
            else source_label(m, s)
            + (f", {haste.conditions[s.id]}" if s.id in haste.conditions else "")
            for s in haste.sources[:3]
        ]
        # 611.3a: a grant that holds only while a count does says so.
        rules = ("302.6", "702.10", "611.3a") if haste.conditions else ("302.6", "702.10")
        # 302.6: an effect that lets its abilities be used as though it had haste gives none.
        only_as_though = all(s is not None and s.id in haste.as_though for s in haste.sources)
        has = (
            "its controller may activate its abilities as though it had haste"
            if only_as_though
            else "it has haste"
        )
        steps.append(
            m.step(
                f"{me} is a creature its controller hasn't controlled since their most "
                f"recent turn began, but {has} "
                f"({bounded_total(givers, len(haste.sources))}), "
                "so it can use {T}/{Q} abilities.",
                rules,
            )
        )
        return []
    if sick:
        # Never guessed: haste text of a card on the board that wasn't read is said (caveats).
        given = (
            "nothing this ruling could read gives it haste (text about haste it couldn't read is "
            "in its caveats)"
            if _unread_haste(view)
            else "nothing gives it haste"
        )
        msg = (
            f"{me} is a creature its controller hasn't controlled continuously since their "
            f"most recent turn began, and {given}, so it can't use an ability "
            "with {T} or {Q} in its cost"
        )
        steps.append(m.step(msg + ".", ("302.6", "702.10")))
        return [reason("summoning_sick", ["302.6"], msg)]
    steps.append(
        m.step(
            f"{me} is a creature its controller has controlled since their most recent "
            "turn began, so summoning sickness doesn't stop it.",
            ("302.6",),
        )
    )
    return []


def check_graveyard_target(
    view: BoardView, p: Permanent, ability: ManaAbility, steps: list[Step]
) -> list[Reason]:
    """601.2c, 602.2b: an ability that targets a card in a graveyard can be activated only
    with such a card to target; a graveyard the state doesn't give could hold one, so the
    question must give every graveyard when those given hold none. Empty when it can be."""
    sel = ability.targets_graveyard_card
    if sel is None:
        return []
    src = view.source(p)
    found, missing = graveyard_targets(view.board, src, sel)
    m = Mentions()
    what = describe_selector(sel)
    if found:
        steps.append(
            m.step(
                f"It targets a card in a graveyard, and there is one to target "
                f"({bounded_list(found, 5)}), so its target doesn't stop it.",
                ("601.2c", "602.2b"),
            )
        )
        return []
    if missing:
        raise QuestionError(
            ("state", "players", missing[0], "graveyard"),
            f"{label(p)}'s ability targets a card in a graveyard ({what}): give 'graveyard' "
            f"for {missing[0]!r} in the state's 'players' ([] for none)",
            "graveyard_required",
        )
    msg = f"{label(p, m)}'s ability targets a card in a graveyard, and no graveyard holds one"
    steps.append(m.step(msg + f" ({what}), so it can't be activated.", ("601.2c", "602.2b")))
    return [reason("no_legal_target", ["601.2c", "602.2b"], msg)]


def check_die(p: Permanent, ability: ManaAbility, die: int | None) -> None:
    """706.2: the result of the die the ability rolls as it resolves, required when it rolls
    one (from 1 to its sides), refused when it rolls none."""
    prod = ability.produces
    if not isinstance(prod, DieRoll):
        if die is not None:
            raise QuestionError(
                ("die_roll",),
                f"this ability of {label(p)} rolls no die; leave 'die_roll' out",
                "die_roll_not_used",
            )
        return
    if die is None:
        raise QuestionError(
            ("die_roll",),
            f"this ability of {label(p)} rolls a {prod.sides}-sided die as it resolves (706.2): "
            "send 'die_roll', the result",
            "die_roll_required",
        )
    if not 1 <= die <= prod.sides:
        raise QuestionError(
            ("die_roll",),
            f"a {prod.sides}-sided die rolls 1 to {prod.sides}, not {die} (706.1)",
            "invalid_die_roll",
        )


def check_player(ability: ManaAbility, player: str | None) -> None:
    """`player` names who gets the mana of an ability whose mana goes to a chosen or target
    player (106.3); for one whose controller adds it, there is no player to name."""
    if player is not None and ability.recipient == "controller":
        raise QuestionError(
            ("player",),
            "this ability's mana goes to its controller; leave 'player' out",
            "player_not_used",
        )


def check_x(
    view: BoardView, p: Permanent, ability: ManaAbility, x: int | None, steps: list[Step]
) -> list[Reason]:
    """The X chosen as the ability is activated (107.3, 602.2b): required when the ability has
    one, refused when it has none; a cost removing more counters than the permanent has can't
    be paid, so the activation is illegal (602.2b, 118.3). Empty when X is fine."""
    if not needs_x(ability):
        if x is not None:
            raise QuestionError(
                ("x",),
                f"this ability of {label(p)} has no X to choose; leave 'x' out",
                "x_not_used",
            )
        return []
    if x is None:
        raise QuestionError(
            ("x",),
            f"this ability of {label(p)} has an X its controller chooses as they activate it "
            "(107.3, 602.2b): send 'x', the X (for 'any number of' counters, how many are "
            "removed; for a sacrificed or exiled permanent's mana value, that mana value; for "
            "a sacrificed creature's power, that power; for cards revealed from the hand, how "
            "many are revealed)",
            "x_required",
        )
    removes = ability.cost.remove_x_counters
    if removes is not None and x < removes.at_least:
        raise QuestionError(
            ("x",),
            f"the cost removes one or more {removes.counter} counters: x is 1 or more",
            "invalid_x",
        )
    if x < ability.cost.x_at_least:
        raise QuestionError(
            ("x",), "the cost sacrifices one or more permanents: x is 1 or more", "invalid_x"
        )
    steps.append(_x_step(ability, x))
    if removes is None:
        return []
    if removes.from_among is not None:
        return _x_counters_among(view, p, removes.counter, removes.from_among, x, steps)
    return _x_counters(p, removes.counter, x, steps)


def _x_counters_among(
    view: BoardView, p: Permanent, counter: str, among: Selector, x: int, steps: list[Step]
) -> list[Reason]:
    """A cost removing X counters from among several permanents together: paid when they have
    that many between them (602.2b, 118.3); which ones lose them is its controller's choice,
    so the returned state keeps them all."""
    m = Mentions()
    who = describe_selector(among)
    had = sum(q.counters.get(counter, 0) for q in view.matching(among, view.source(p)))
    s = "" if x == 1 else "s"
    if had >= x:
        steps.append(
            m.step(
                f"Its cost removes {x} {counter} counter{s} from among the {who}, which have "
                f"{had} between them; its controller picks which, so the returned state "
                "keeps them all.",
                ("602.2b", "118.3"),
            )
        )
        return []
    msg = (
        f"the {who} have {had} {counter} counter{'' if had == 1 else 's'} between them, fewer "
        f"than the {x} the cost of {label(p, m)} would remove, so the cost can't be paid"
    )
    steps.append(m.step(msg[0].upper() + msg[1:] + ".", ("602.2b", "118.3")))
    return [reason("not_enough_counters", ["602.2b", "118.3"], msg)]


def _x_step(ability: ManaAbility, x: int) -> Step:
    """What the chosen x stands for."""
    if (
        isinstance(ability.produces, ManaAmount)
        and ability.produces.amount.kind == "cost_mana_value"
    ):
        return Step(
            f"x gives the mana value of the permanent its cost sacrificed or exiled: {x} "
            "(its controller picks that permanent as they activate it).",
            ("202.3", "602.2b"),
            {},
        )
    if isinstance(ability.produces, ManaAmount) and ability.produces.amount.kind == "cost_power":
        return Step(
            f"x gives the power of the creature its cost sacrificed, as it last was on the "
            f"battlefield: {x} (its controller picks that creature as they activate it; a "
            "negative power makes no mana, so it is 0).",
            ("208.3", "608.2h", "602.2b", "107.1b"),
            {},
        )
    if isinstance(ability.produces, ManaAmount) and ability.produces.amount.kind == "revealed":
        revealed = ability.produces.amount
        where = (
            "are among the top cards of the players' libraries it reveals"
            if revealed.from_tops
            else "its controller reveals from their hand"
        )
        return Step(
            f"x gives how many {revealed.cards} {where} as it resolves: {x} (any number "
            f"{revealed.range_words()}).",
            ("701.16",),
            {},
        )
    return Step(f"X is {x}, chosen as the ability is activated.", ("107.3", "602.2b"), {})


def _x_counters(p: Permanent, counter: str, x: int, steps: list[Step]) -> list[Reason]:
    """A cost removing X counters: paid when the permanent has them (602.2b, 118.3)."""
    m = Mentions()
    me = label(p, m)
    had = p.counters.get(counter, 0)
    if had >= x:
        steps.append(
            m.step(
                f"Its cost removes {x} {counter} counter{'' if x == 1 else 's'}, and "
                f"{me} has {had}; the returned state has them taken off.",
                ("602.2b", "118.3"),
            )
        )
        return []
    msg = (
        f"{me} has {had} {counter} counter{'' if had == 1 else 's'}, fewer than the "
        f"{x} its cost would remove, so the cost can't be paid"
    )
    steps.append(m.step(msg + ".", ("602.2b", "118.3")))
    return [reason("not_enough_counters", ["602.2b", "118.3"], msg)]


def pay_counters(
    have: Mapping[str, int], remove: dict[str, int]
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


def pay_other_costs(
    view: BoardView,
    p: Permanent,
    cost: ManaAbilityCost,
    steps: list[Step],
    notes: list[Note],
    x: int | None = None,
) -> dict[str, int] | None:
    """The costs other than {T}/{Q}, taken as paid: the counters left on the permanent (None
    when the cost removes none), with a note where the state shows they couldn't be paid.
    X counters (check_x has made sure they are there) are removed with the others."""
    m = Mentions()
    me = label(p, m)
    counters_after: dict[str, int] | None = None
    remove = dict(cost.remove_counters)
    if (
        cost.remove_x_counters is not None
        and cost.remove_x_counters.from_among is None
        and x is not None
    ):
        kind = cost.remove_x_counters.counter
        remove[kind] = remove.get(kind, 0) + x
    if remove:
        counters_after, short = pay_counters(p.counters, remove)
        for counter, n, had in short:
            cost_unpayable(
                steps,
                notes,
                f"{me} has {had} {counter} counter{'' if had == 1 else 's'}, fewer than the "
                f"{n} its cost removes",
                m,
            )
    sacrifice = cost.sacrifice
    if isinstance(sacrifice, Selector) and not view.matching(sacrifice, view.source(p)):
        cost_unpayable(
            steps,
            notes,
            f"{me}'s cost asks to sacrifice one of the {describe_selector(sacrifice)}, and "
            "there are none",
            m,
        )
    tapping = cost.tap_untapped
    if tapping is not None:
        # Its own {T} taps it first: it can't be tapped again for this part.
        ready = [
            q for q in view.matching(tapping.of, view.source(p)) if not (q.id == p.id and cost.tap)
        ]
        if len(ready) < tapping.count:
            cost_unpayable(
                steps,
                notes,
                f"{me}'s cost asks to tap {tapping.count} of the "
                f"{describe_selector(tapping.of)}, and there {_are(len(ready))}",
                m,
            )
    untap = cost.untap_permanent
    if untap is not None and not view.matching(untap, view.source(p)):
        cost_unpayable(
            steps,
            notes,
            f"{me}'s cost asks to untap one of the {describe_selector(untap)}, and there are none",
            m,
        )
    return counters_after


def _are(n: int) -> str:
    return "are none" if n == 0 else "is only 1" if n == 1 else f"are only {n}"


def _unread_haste(view: BoardView) -> bool:
    """Whether a card on the board (a permanent's, an effect's) has text about haste that the
    compiler didn't understand (one look per kind of permanent)."""
    cards = [k.first.card for k in view.kinds()[0]] + [e.card for e in view.board.effects]
    return any("haste" in t.casefold() for card in cards for t in card.unsupported_text)
