"""602.1b: an activated ability's instructions on when it may be activated ("Activate only if
you control a Swamp.", "Activate only once each turn."), read after a mana ability. A sentence
of them that says anything these don't model is not read at all: its ability's face is
reported, never taken to be activatable whenever its costs are paid."""

from __future__ import annotations

import re

from app.catalog.compile import ir
from app.catalog.compile.phrases import NUMBER, number, you_control

# How a sentence of activation instructions begins (faces.py reports one not read).
INSTRUCTION_LEADS = (
    "Activate only ",
    "Activate this ability only ",
    "You can't activate this ability ",
    # How many times each turn (602.5b's kind of limit, of a number the state can't say), and
    # who may activate it and when ("any player may activate this ability but only ...").
    "Activate no more than ",
    "Any player may activate this ability",
)
_ACTIVATE_ONLY = re.compile(r"^Activate (?:this ability )?only (?P<what>.+)\.$")
# "during your turn and only once each turn": each part an instruction of its own.
_AND_ONLY = re.compile(r",? and only ")
_TURNS: dict[str, ir.OnlyDuringTurn] = {
    "during your turn": ir.OnlyDuringTurn("your_turn"),
    "during an opponent's turn": ir.OnlyDuringTurn("not_your_turn"),
    "during turns other than yours": ir.OnlyDuringTurn("not_your_turn"),
}
_COUNTERS = re.compile(
    rf"^(?:there (?:are|is) (?P<n1>{NUMBER}) or more (?P<k1>[\w+/-]+) counters? on ~|"
    rf"~ has (?P<n2>{NUMBER}) or more (?P<k2>[\w+/-]+) counters? on it|"
    r"~ has an? (?P<k3>[\w+/-]+) counter on it)$"
)
_POWER = re.compile(rf"^you control a creature with power (?P<n>{NUMBER}) or greater$")


def activation_instructions(sentence: str) -> tuple[ir.Restriction, ...] | None:
    """The instructions a sentence "Activate only ..." gives, every one of them holding at
    once; None when it isn't one, or says something not modelled."""
    m = _ACTIVATE_ONLY.match(sentence)
    if m is None:
        return None
    found: list[ir.Restriction] = []
    for part in _AND_ONLY.split(m.group("what")):
        one = _instruction(part)
        if one is None:
            return None
        found.append(one)
    return tuple(found)


def _instruction(part: str) -> ir.Restriction | None:
    if part == "once each turn":
        return ir.OnlyOnceEachTurn()  # 602.5b
    if part == "as an instant":
        return ir.OnlyAsInstant()  # 602.5e
    if part == "as a sorcery":
        return ir.OnlyAsSorcery()  # 602.5d
    if part in _TURNS:
        return _TURNS[part]
    if not part.startswith("if "):
        return None
    alternatives: list[ir.OneRestriction] = []
    for condition in part[3:].split(" or if "):
        read = _condition(condition)
        if read is None:
            return None
        alternatives.extend(read)
    if len(alternatives) > 4:
        return None
    return alternatives[0] if len(alternatives) == 1 else ir.OnlyIfAnyOf(tuple(alternatives))


def _condition(text: str) -> list[ir.OneRestriction] | None:
    """One condition after "if", as the alternatives it allows ("you control a Plains or a
    Swamp": either)."""
    if text == "~ entered this turn":
        return [ir.OnlyIfEnteredThisTurn()]
    if text in ("~ is a creature", "it's a creature"):
        return [ir.OnlyIfCreature()]
    if (strong := _POWER.match(text)) is not None:
        power = number(strong.group("n"))
        return [ir.OnlyIfPower(power)] if power is not None else None
    if m := _COUNTERS.match(text):
        kind = m.group("k1") or m.group("k2") or m.group("k3")
        least = number(m.group("n1") or m.group("n2") or "one")
        return [ir.OnlyWithCounters(kind, least)] if least is not None and least >= 1 else None
    # "a Plains or a Swamp": one of either is enough.
    either = re.match(r"^you control (?P<ones>an? .+ or an? .+)$", text)
    ones = re.split(r" or (?=an? )", either["ones"]) if either else None
    counted = [you_control(f"you control {one}") for one in ones] if ones else [you_control(text)]
    if None in counted:
        return None
    return [ir.OnlyIfYouControl(*c) for c in counted if c is not None]
