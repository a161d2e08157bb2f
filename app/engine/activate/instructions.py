"""602.1b: an ability's activation instructions ("activate only if you control a Swamp",
"only once each turn", 602.5b) decide whether it may be activated now. They are read only
here: what a permanent could produce ignores them as it ignores costs (106.7)."""

from __future__ import annotations

from typing import assert_never

from app.domain.answers import Note, Reason
from app.domain.card import ManaAbility
from app.domain.errors import QuestionError
from app.domain.mana_abilities import (
    ActivationRestriction,
    OneRestriction,
    OnlyAsInstant,
    OnlyAsSorcery,
    OnlyDuringTurn,
    OnlyIfAnyOf,
    OnlyIfCreature,
    OnlyIfEnteredThisTurn,
    OnlyIfPower,
    OnlyIfYouControl,
    OnlyOnceEachTurn,
    OnlyWithCounters,
)
from app.domain.ruling import Mentions, Step
from app.domain.state import Permanent
from app.engine.activate.legality import label, reason
from app.engine.board import BoardView, describe_selector, given, greatest_power
from app.engine.characteristics import active_player

# (whether it holds now, what it asks, what the board says)
_Read = tuple[bool, str, str]
_WITH_PRIORITY = (
    "it may be activated only as an instant (602.5e): while its controller has priority, not "
    "in the middle of casting a spell or paying a cost as other mana abilities may be (605.3a)"
)


def check_activation_instructions(
    view: BoardView, p: Permanent, ability: ManaAbility, steps: list[Step], notes: list[Note]
) -> list[Reason]:
    """Why its instructions stop the activation now (602.1b), one reason for all of them;
    each instruction is a step saying what it asks and what the board says. Empty when it
    has none, or every one holds. One that asks for priority (602.5e) is a note: the question
    asks about the activation by itself."""
    if not ability.activate_only:
        return []
    m = Mentions()
    me = label(p, m)
    read = [_instruction(view, p, r) for r in ability.activate_only]
    asks = " and ".join(words for _, words, _ in read)
    facts = "; ".join(fact for _, _, fact in read if fact)
    rules: tuple[str, ...] = ("602.1b",)
    rules += ("602.5b",) if ability.once_each_turn else ()
    rules += ("602.5e", "605.3a") if ability.as_instant else ()
    rules += ("602.5d", "307.1") if ability.as_sorcery else ()
    if ability.as_instant:
        notes.append(Note(code="only_with_priority", message=_WITH_PRIORITY))
    if all(held for held, _, _ in read):
        said = f": {facts}" if facts else ""
        steps.append(m.step(f"{me}'s ability may be activated only {asks}{said}.", rules))
        return []
    msg = f"{me}'s ability may be activated only {asks}, and now it can't be: {facts}"
    steps.append(m.step(msg + ".", rules))
    return [reason("activation_restricted", list(rules), msg)]


def _instruction(view: BoardView, p: Permanent, r: ActivationRestriction) -> _Read:
    match r:
        case OnlyOnceEachTurn():
            done, fact = _said(
                p,
                "activated_this_turn",
                "may be activated only once each turn (602.5b): give whether it was this turn",
                ("it was activated this turn already", "it wasn't this turn"),
            )
            return not done, "once each turn", fact
        case OnlyAsInstant():
            return True, "as an instant, while its controller has priority", ""
        case OnlyAsSorcery():
            return _as_sorcery(view, p)
        case OnlyIfAnyOf(of=alternatives):
            return _any_of(view, p, alternatives)
        case _:
            return _one(view, p, r)


def _as_sorcery(view: BoardView, p: Permanent) -> _Read:
    """602.5d, 307.1: in its controller's own turn, in a main phase, with an empty stack. The
    state says whose turn and which phase it is (a 422 for the one a question needs and
    lacks); the stack it doesn't carry, so that part is taken to hold, and the words say so."""
    asks = "as a sorcery (in its controller's main phase, taking the stack to be empty)"
    ability_of = f"{p.name} ({p.id})'s ability"
    active = active_player(view.board, ability_of, "may be activated")
    if active != view.controller(p):
        return False, asks, f"it is {active}'s turn"
    phase = view.board.phase
    if phase is None:
        raise QuestionError(
            ("state", "phase"),
            f"{ability_of} may be activated only as a sorcery, in a main phase (307.1): give the "
            "state's phase",
            "phase_required",
        )
    main = phase in ("first_main", "second_main")
    return main, asks, f"it is {active}'s turn, in the {phase.replace('_', ' ')} phase"


def _any_of(view: BoardView, p: Permanent, alternatives: list[OneRestriction]) -> _Read:
    """Any one of them is enough: a fact only the state gives is asked for (the 422 of the
    first one missing, which says what the others found) only when none of the others holds."""
    read: list[_Read] = []
    missing: list[tuple[OneRestriction, QuestionError]] = []
    for one in alternatives:
        try:
            read.append(_one(view, p, one))
        except QuestionError as err:
            missing.append((one, err))
    facts = "; ".join(fact for _, _, fact in read)
    if missing and not any(held for held, _, _ in read):
        first = missing[0][1]
        others = " or ".join(words for _, words, _ in read)
        raise QuestionError(
            first.loc,
            f"{first.message} (its other condition, {others}, fails: {facts})",
            first.code,
        )
    asks = " or ".join([*(words for _, words, _ in read), *(_unread(r) for r, _ in missing)])
    unread = "; the rest needn't be known" if missing else ""
    return any(held for held, _, _ in read), asks, facts + unread


def _unread(r: OneRestriction) -> str:
    """What a condition the state didn't give asks, in words (read only when another holds)."""
    match r:
        case OnlyIfEnteredThisTurn():
            return "if it entered the battlefield this turn"
        case OnlyDuringTurn(whose=whose):
            mine = whose == "your_turn"
            return "during its controller's turn" if mine else "in another player's turn"
        case OnlyIfYouControl() | OnlyWithCounters() | OnlyIfCreature() | OnlyIfPower():
            return "if another condition holds"  # read from the board: never missing
        case _:
            assert_never(r)


def _one(view: BoardView, p: Permanent, r: OneRestriction) -> _Read:
    match r:
        case OnlyIfYouControl(of=of, at_least=least):
            n = len(view.matching(of, view.source(p)))
            if least == 1:
                asks = f"if there is one {describe_selector(of, plural=False)}"
            else:
                asks = f"if there are {least} or more {describe_selector(of)}"
            return n >= least, asks, f"there are {n}"
        case OnlyDuringTurn(whose=whose):
            controller = view.controller(p)
            active = active_player(view.board, f"{p.name} ({p.id})'s ability", "may be activated")
            ours = active == controller
            mine = whose == "your_turn"
            asks = "during its controller's turn" if mine else "in another player's turn"
            return ours == mine, asks, f"it is {active}'s turn"
        case OnlyIfEnteredThisTurn():
            entered, fact = _said(
                p,
                "entered_this_turn",
                "may be activated only the turn it entered the battlefield: give whether it did",
                ("it entered this turn", "it didn't enter this turn"),
            )
            return entered, "if it entered the battlefield this turn", fact
        case OnlyWithCounters(counter=counter, at_least=least):
            n = p.counters.get(counter, 0)
            return (
                n >= least,
                f"if it has {least} or more {counter} counters",
                f"it has {n}",
            )
        case OnlyIfCreature():
            # 613.1d: what it is after every layer effect (a crewed Vehicle is a creature).
            creature = view.has_type(p, "creature")
            fact = "it is a creature" if creature else "it isn't a creature"
            return creature, "if it is a creature", fact
        case OnlyIfPower(power=least, among=among):
            greatest = greatest_power(view, among, view.source(p))
            what = describe_selector(among)
            asks = f"if one of the {what} has power {least} or greater"
            return greatest >= least, asks, f"the greatest power among them is {greatest}"
        case _:
            assert_never(r)


def _said(p: Permanent, fact: str, why: str, words: tuple[str, str]) -> tuple[bool, str]:
    """A yes-or-no fact about the permanent that only the state gives (a 422 naming it when
    missing), and its words: `words[0]` when true, `words[1]` when false."""
    value = bool(given(p, fact, getattr(p, fact), f"{why} as '{fact}'"))
    return value, words[0] if value else words[1]
