"""Which spells a board stops from being cast (601.3; docs/rules.md section 6).

A player may begin to cast a spell only if no rule or effect prohibits it (601.3), and a
"can't" beats any permission (101.2), a free cast's (118.9, cascade's 702.85a) included. The
board's `spell_cast_ban` abilities, and those of the turn's effects, are matched against the
spell as the face cast has it on the stack (X is 0: 107.3b, so 601.3a leaves no choice that
would change its mana value) and against its caster, the zone it is cast from (601.2a), the
turn and the spells its caster has cast this turn."""

from __future__ import annotations

from app.domain.base import STEPS_OF_PHASE, Phase, TurnMoment, attackers_possible
from app.domain.card import CardFace, CastRestriction, SpellCastBan
from app.domain.cast_bans import CastersCount, CastersPermanents, CastersTurns
from app.domain.errors import QuestionError
from app.domain.filters import Looker, Traits
from app.domain.ruling import Mentions, Step
from app.engine.board import (
    Source,
    active_player,
    given_for_player,
    group_label,
    player_count,
)
from app.engine.cast_on_board import (
    DURING_WORDS,
    BoardCosts,
    alike_spells_cast,
    applying,
    chosen_spells,
    during_why_not,
    from_zones,
    named_none,
    seen_from_caster,
    spell_traits,
    spells_cast_at_least,
    zone_why_not,
)
from app.engine.words import amount, describe_selector, describe_spells

# What a ban does, in the words of a 422 asking for what it reads.
_STOPS = "bans spells"


def prohibitions(
    steps: list[Step], costs: BoardCosts, cast_face: CardFace
) -> list[tuple[str, Mentions]]:
    """Why the caster can't cast this spell: one message for each ban that applies (alike
    ones grouped), with what it mentions; empty when none does. Each ban on the board that
    doesn't apply gets a step in `steps` saying why."""
    spell = spell_traits(costs.caster, cast_face)
    found = applying(
        steps,
        costs.view.spell_bans,
        lambda src, ban: _why_not(costs, src, ban, spell),
        ("effects that stop spells from being cast", "601.3"),
    )
    said: list[tuple[str, Mentions]] = []
    for sources, ban in found:
        m = Mentions()
        says = "say" if len(sources) > 1 else "says"
        named = chosen_spells(costs, sources[0], ban.spells, ban)
        assert named is not None  # it applies, so it names this spell
        spells = describe_spells(named)
        where, when = _conditions(ban)
        if ban.by_target_player:
            where += f" by {costs.caster}, the player it targets,"
        said.append(
            (
                f"{group_label(m, sources)} {says} {spells}{where} can't be cast{when}, "
                f"so {costs.caster} can't cast {m.card(cast_face.name)}: a 'can't' beats the "
                "permission to cast it without paying its mana cost.",
                m,
            )
        )
    return said


def own_restrictions(
    steps: list[Step], costs: BoardCosts, cast_face: CardFace
) -> list[tuple[str, Mentions, tuple[str, ...]]]:
    """Why the caster can't cast this spell by its own card's restrictions (601.3): one
    message each, with what it mentions and the rules it cites; each that doesn't hold has a
    step saying why. A legendary instant's or sorcery's (205.4e) is the rule's, not the text's."""
    said: list[tuple[str, Mentions, tuple[str, ...]]] = []
    legendary = "legendary" in cast_face.supertype_set and (
        cast_face.is_type("instant") or cast_face.is_type("sorcery")
    )
    for restriction in cast_face.abilities:
        if not isinstance(restriction, CastRestriction):
            continue
        m = Mentions()
        why, holds = _restriction_holds(costs, m.card(cast_face.name), restriction)
        rules: tuple[str, ...] = ("601.3",)
        if legendary and restriction.only_if_caster_controls is not None:
            why = (
                f"As a legendary {'instant' if cast_face.is_type('instant') else 'sorcery'}, {why}"
            )
            rules = ("205.4e", "601.3")
        if holds:
            said.append(
                (
                    f"{why}, so {costs.caster} can't cast it: a 'can't' beats the permission to "
                    "cast it without paying its mana cost.",
                    m,
                    rules,
                )
            )
        else:
            steps.append(m.step(f"{why}, and that doesn't stop this cast.", rules))
    return said


def _restriction_holds(
    costs: BoardCosts, name: str, restriction: CastRestriction
) -> tuple[str, bool]:
    """What the card's restriction says and what the state says of it, and whether it stops
    this cast; a 422 naming the fact it reads when the state lacks it."""
    board, caster = costs.view.board, costs.caster
    if restriction.casts_only:
        return _cast_only(costs, name, restriction)
    if restriction.after_land_played:
        why = f"{name} restricts its own casting (601.3): give the lands its caster played"
        played = player_count(board, caster, "lands_played_this_turn", why)
        return (
            f"{name} can't be cast by a player who played a land this turn, and {caster} has "
            f"played {amount(played, 'land')} (305.2)",
            played > 0,
        )
    first = restriction.during_first_turns
    assert first is not None  # one restriction or the other (CastRestriction)
    active = active_player(board, name, "restricts its own casting")
    if active != caster:
        return (
            f"{name} can't be cast during its caster's first {amount(first, 'turn')} of the "
            f"game, and it is {active}'s turn, not {caster}'s",
            False,
        )
    why = f"{name} restricts its own casting (601.3): give the turns its caster has begun"
    begun = player_count(board, caster, "turns_begun", why)
    return (
        f"{name} can't be cast during its caster's first {amount(first, 'turn')} of the game, "
        f"and this is {caster}'s turn number {begun}",
        begun <= first,
    )


# One condition of a "cast ~ only ...": what it asks, what the state says, whether it holds.
_Condition = tuple[str, str, bool]


def _cast_only(costs: BoardCosts, name: str, restriction: CastRestriction) -> tuple[str, bool]:
    """ "Cast ~ only during combat on your turn", "... only if you control a creature": what it
    asks, what the state says, and whether that stops this cast (every condition must hold,
    601.3). A condition the state says fails decides it: a fact another condition would need
    is then not asked for (its 422 is raised only when every condition read holds)."""
    checks = [
        check
        for check, wanted in (
            (_turn_condition, restriction.only_during is not None),
            (_combat_condition, restriction.only_during_combat),
            (_moment_condition, bool(restriction.only_during_moments)),
            (_spells_condition, restriction.only_after_other_spells is not None),
            (_attacked_condition, restriction.only_if_attacked),
            (_controls_condition, restriction.only_if_caster_controls is not None),
        )
        if wanted
    ]
    read: list[_Condition] = []
    missing: list[QuestionError] = []
    for check in checks:
        try:
            read.append(check(costs, name, restriction))
        except QuestionError as error:
            missing.append(error)
    failed = [c for c in read if not c[2]]
    if missing and not failed:
        raise missing[0]
    shown = failed or read
    asks = [c[0] for c in shown]
    # Two conditions may fail for one fact ("this is the second main phase"): said once.
    facts = [f for i, f in enumerate(c[1] for c in shown) if not _said_before(f, shown[:i])]
    return f"{name} may be cast only {' and '.join(asks)}, and {'; '.join(facts)}", bool(failed)


def _said_before(fact: str, earlier: list[_Condition]) -> bool:
    return any(fact.startswith(c[1]) for c in earlier)


def _turn_condition(costs: BoardCosts, name: str, r: CastRestriction) -> _Condition:
    active = active_player(costs.view.board, name, "restricts its own casting")
    mine = r.only_during == "your_turn"
    ask = "in its caster's turn" if mine else "in a turn other than its caster's"
    return ask, f"it is {active}'s turn", (active == costs.caster) == mine


def _combat_condition(costs: BoardCosts, name: str, r: CastRestriction) -> _Condition:
    phase = _phase(costs, f"{name} may be cast")
    return "during combat", f"this is the {_PHASE_WORDS[phase]}", phase == "combat"


def _moment_condition(costs: BoardCosts, name: str, r: CastRestriction) -> _Condition:
    fact, now = _moment_now(costs, name, r.only_during_moments)
    return f"during the {_or_list(r.only_during_moments)}", fact, now


def _spells_condition(costs: BoardCosts, name: str, r: CastRestriction) -> _Condition:
    """601.2i: the other spells its caster cast this turn; a cascade's caster cast the spell
    with cascade (702.85a), which the question need not say."""
    others = r.only_after_other_spells or 0
    ask = f"once its caster has cast {amount(others, 'other spell')} this turn"
    src = seen_from_caster(costs, name)
    cast = spells_cast_at_least(costs, src, "restricts its own casting (601.2i)", others)
    return ask, f"{costs.caster} has cast {amount(cast, 'other spell')}", cast >= others


def _attacked_condition(costs: BoardCosts, name: str, r: CastRestriction) -> _Condition:
    """508.1: a creature attacking its caster. Outside the steps of combat in which creatures
    are attacking (from the declare attackers step to the end of combat, 511.3), or in
    its caster's own turn (506.2: the active player attacks others), none is."""
    ask = "while a creature is attacking its caster"
    board = costs.view.board
    if board.active_player == costs.caster:
        return ask, f"it is {costs.caster}'s own turn, in which no one attacks them", False
    if not attackers_possible(board.phase, board.step):
        now = _MOMENT_WORDS[board.step] if board.step else _PHASE_WORDS[board.phase or "combat"]
        return ask, f"this is the {now}, when no creature is attacking", False
    why = f"{name} may be cast only while a creature is attacking its caster (508.1)"
    attacked = given_for_player(board, costs.caster, "being_attacked", why)
    return ask, f"{costs.caster} {'is' if attacked else 'is not'} being attacked", attacked is True


def _controls_condition(costs: BoardCosts, name: str, r: CastRestriction) -> _Condition:
    count = r.only_if_caster_controls
    assert count is not None  # asked only where the restriction has it
    n = len(costs.view.matching(count.of, seen_from_caster(costs, name)))
    what = describe_selector(count.of)
    ask = f"while there are {count.at_least} or more {what}, 'you' being its caster"
    return ask, f"there are {n}", n >= count.at_least


def _sorcery_timing(costs: BoardCosts, src: Source) -> bool:
    """Whether the spell is cast when its caster could cast a sorcery (307.5), as the question
    says; a 422 naming sorcery_timing when it doesn't."""
    if costs.sorcery_timing is None:
        raise QuestionError(
            ("sorcery_timing",),
            f"{src.label} {_STOPS} cast when their caster couldn't cast a sorcery (307.5): give "
            "sorcery_timing, whether the spell is cast in its caster's main phase with the "
            "stack empty",
            "sorcery_timing_required",
        )
    board = costs.view.board
    if costs.sorcery_timing and (
        (board.active_player is not None and board.active_player != costs.caster)
        or (board.phase is not None and board.phase not in ("first_main", "second_main"))
    ):
        # 307.5: a sorcery's time is its caster's own main phase; the state says it isn't.
        now = (
            f"it is {board.active_player}'s turn"
            if board.active_player != costs.caster
            else f"this is the {board.phase} phase"
        )
        raise QuestionError(
            ("sorcery_timing",),
            f"sorcery_timing says {costs.caster} could cast a sorcery now, but {now}: a player "
            "can only in their own main phase (307.5)",
            "sorcery_timing_impossible",
        )
    return costs.sorcery_timing


def _count_words(count: CastersCount) -> str:
    """A count of the caster's that a ban's mana value is compared with, in words ("you" in a
    selector is the caster)."""
    match count:
        case CastersTurns():
            return "the number of turns their caster has begun"
        case CastersPermanents(of=of):
            return f"the number of {describe_selector(of)}, 'you' being their caster"


def _casters_count(costs: BoardCosts, src: Source, count: CastersCount, spell: Traits) -> int:
    """The caster's count a ban compares the spell's mana value with: the turns of their own
    they have begun (the state's `turns_begun`), or the permanents a selector picks seen from
    them."""
    match count:
        case CastersTurns():
            why = f"{src.label} {_STOPS} by the turns their caster has begun"
            return player_count(costs.view.board, costs.caster, "turns_begun", why)
        case CastersPermanents(of=of):
            return len(costs.view.matching(of, seen_from_caster(costs, spell.name)))


# 500.1: a phase in words.
_PHASE_WORDS: dict[Phase, str] = {
    "beginning": "beginning phase",
    "first_main": "first main phase",
    "combat": "combat phase",
    "second_main": "second main phase",
    "ending": "ending phase",
}


# The moments of a turn (500.1, 501.1, 506.1, 512.1) in words.
_MOMENT_WORDS: dict[TurnMoment, str] = {
    "untap": "untap step",
    "upkeep": "upkeep step",
    "draw": "draw step",
    "first_main": "first main phase",
    "beginning_of_combat": "beginning of combat step",
    "declare_attackers": "declare attackers step",
    "declare_blockers": "declare blockers step",
    "combat_damage": "combat damage step",
    "end_of_combat": "end of combat step",
    "second_main": "second main phase",
    "end": "end step",
    "cleanup": "cleanup step",
}


def _or_list(moments: list[TurnMoment]) -> str:
    words = [_MOMENT_WORDS[m] for m in moments]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _moment_now(costs: BoardCosts, name: str, moments: list[TurnMoment]) -> tuple[str, bool]:
    """What the state says of the moment of the turn it is, and whether it is one of
    `moments`: a main phase (505.1) or a step (the state's `step`), or a phase whose steps are
    all listed or none is; a 422 naming what is missing when the state can't tell."""
    board = costs.view.board
    said = f"{name} may be cast only during the {_or_list(moments)} (500.1)"
    if board.phase is None:
        raise QuestionError(
            ("state", "phase"), f"{said}: give the state's phase and step", "phase_required"
        )
    steps = STEPS_OF_PHASE[board.phase]
    if board.step is not None:
        return f"this is the {_MOMENT_WORDS[board.step]}", board.step in moments
    inside = [s for s in steps if s in moments]
    if not steps or not inside or len(inside) == len(steps):
        now = board.phase in moments if not steps else bool(inside)
        return f"this is the {_PHASE_WORDS[board.phase]}", now
    raise QuestionError(
        ("state", "step"),
        f"{said}, and some steps of the {_PHASE_WORDS[board.phase]} are such and some aren't: "
        "give the state's step",
        "step_required",
    )


def _phase(costs: BoardCosts, what: str) -> Phase:
    """The phase it is now (500.1), as the state says; a 422 naming the state's phase when
    something that holds during combat only (`what`, "<name> stops ...") needs it."""
    phase = costs.view.board.phase
    if phase is None:
        raise QuestionError(
            ("state", "phase"),
            f"{what} during combat only (506.1): give the state's phase",
            "phase_required",
        )
    return phase


def _conditions(ban: SpellCastBan) -> tuple[str, str]:
    """When the ban holds, in words: what it says of where the spells are cast from, then of
    when (the turn, the spells cast this turn, the timing)."""
    where = f" {from_zones(ban)}" if ban.asks_zone else ""
    when = ""
    if ban.during is not None:
        when += DURING_WORDS[ban.during]
    if ban.during_combat:
        when += " during combat"
    if ban.mana_value_above is not None:
        where += f" with mana value greater than {_count_words(ban.mana_value_above)}"
    if ban.after_spells_this_turn is not None:
        when += f" once their caster has cast {_counted(ban)} this turn"
    if ban.unless_sorcery_timing:
        when += " except when their caster could cast a sorcery"
    return where, when


def _why_not(
    costs: BoardCosts, src: Source, ban: SpellCastBan, spell: Traits
) -> tuple[str, tuple[str, ...]] | None:
    """Why a ban doesn't stop this spell, and the rules that say so; None when it does."""
    spells = chosen_spells(costs, src, ban.spells, ban)
    if spells is None:
        return named_none(costs, src, "601.3")
    if not spells.matches(Looker(src.controller, src.attached_to, src.id), "", spell):
        return (
            f"it says {describe_spells(spells)} can't be cast, and this spell, cast by "
            f"{spell.controller}, isn't one.",
            ("601.3",),
        )
    if (zone := zone_why_not(costs, src, ban, _STOPS)) is not None:
        return zone, costs.zone_rules("601.3")
    caster = spell.controller
    if ban.by_target_player:
        # check_state made sure the entry names the player it targets (115.1).
        targeted = costs.view.board.effects[src.index].target_player
        if targeted != caster:
            return (
                f"it stops the spells of the player it targets, {targeted}, and {caster} "
                "casts this one.",
                ("601.3", "115.1"),
            )
    if (turn := during_why_not(costs.view, src, ban.during, caster, _STOPS)) is not None:
        return turn, ("601.3",)
    if ban.mana_value_above is not None:
        bound = _casters_count(costs, src, ban.mana_value_above, spell)
        assert spell.mana_value is not None  # a spell's traits carry its mana value
        if spell.mana_value <= bound:
            return (
                f"it stops spells with mana value greater than "
                f"{_count_words(ban.mana_value_above)} ({bound}), and this one's is "
                f"{spell.mana_value}.",
                ("601.3", "202.3"),
            )
    if ban.during_combat and (phase := _phase(costs, f"{src.label} {_STOPS}")) != "combat":
        return f"it applies during combat, and it is the {_PHASE_WORDS[phase]}.", ("601.3", "506.1")
    if ban.unless_sorcery_timing and _sorcery_timing(costs, src):
        return (
            f"it lets its caster cast spells only when they could cast a sorcery, and {caster} "
            "casts this one then.",
            ("601.3", "307.5"),
        )
    if ban.after_spells_this_turn is not None:
        match ban.counting:
            case "all":
                cast = spells_cast_at_least(costs, src, _STOPS, ban.after_spells_this_turn)
            case "alike":
                cast = alike_spells_cast(costs.view, src, caster, spells, _STOPS)
        if cast < ban.after_spells_this_turn:
            return (
                f"it applies once its caster has cast {_counted(ban)} this turn, and {caster} "
                f"has cast {cast}.",
                ("601.3", "601.2i"),
            )
    return None


def _counted(ban: SpellCastBan) -> str:
    """ "2 spells", or "1 such spell" when the ban counts only the spells it names."""
    assert ban.after_spells_this_turn is not None
    match ban.counting:
        case "all":
            return amount(ban.after_spells_this_turn, "spell")
        case "alike":
            return amount(ban.after_spells_this_turn, "such spell")
