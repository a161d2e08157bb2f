"""Does a sentence the grammar didn't understand bear on what the engine rules on (mana,
activation, casting costs, haste and control, X)? If so the face is partial; if not, it is
about something else (combat, cards drawn...) and doesn't count against support."""

from __future__ import annotations

import re

_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"tapped for mana|\btaps? [^.]* for mana"), "tapped_for_mana"),
    (re.compile(r"rather than pay|without paying"), "alternative_cost"),
    (re.compile(r"additional cost"), "additional_cost"),
    (re.compile(r"\bcosts? [^.]*(?:less|more) to cast|\bcost to cast\b"), "cost_change"),
    (re.compile(r"\bAdd\b|\badds?\b[^.]*\bmana\b|\{[WUBRGC]\} or \{"), "mana_ability"),
    (re.compile(r"\bhaste\b"), "haste_control"),
    (re.compile(r"\b(?:gains?|exchange|have|has) control\b|control of|^You control enchanted"),
     "haste_control"),
)
_MANA_WORD = re.compile(r"\bmana\b")
_NOT_PRODUCTION = re.compile(r"\bmana (?:value|values|cost|costs)\b|\bmana cost\b")
_X = re.compile(r"\bX\b")
_ACTIVATED_X = re.compile(r'^[^:"]*\{X\}[^:"]*:')


def family(sentence: str, *, x_permanent: bool) -> str | None:
    """The ability family a sentence bears on, or None when it is irrelevant to the engine.
    x_permanent: a permanent spell with {X} in its mana cost (107.3m makes its X matter)."""
    for pattern, name in _RULES:
        if pattern.search(sentence):
            return name
    if _MANA_WORD.search(_NOT_PRODUCTION.sub("", sentence)):
        return "mana_ability"
    if x_permanent and _X.search(sentence) and not _ACTIVATED_X.match(sentence):
        return "x"
    return None
