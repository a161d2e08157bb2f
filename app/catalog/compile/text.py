"""Rules text into sentences: reminder text dropped, the card's own name made `~`."""

from __future__ import annotations

import re
from dataclasses import dataclass

_REMINDER = re.compile(r"\s*\([^()]*\)")
_THIS = re.compile(
    r"\b[Tt]his (?:land|creature|artifact|enchantment|permanent|card|spell|token|Equipment|Aura|"
    r"Vehicle|planeswalker|battle|Saga|Class|Case|Room|Attraction|Contraption|Spacecraft|"
    r"Planet|Siege|Mount)\b"
)
_NUMBER = re.compile(r"\d+")
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class Line:
    """One paragraph of rules text (usually one ability) and its sentences."""

    sentences: tuple[str, ...]


def strip_reminders(text: str) -> str:
    previous = None
    while previous != text:  # reminder text can hold parentheses of its own
        previous = text
        text = _REMINDER.sub("", text)
    return text


def self_names(name: str) -> list[str]:
    """How a face refers to itself: its name, and for "Name, the Title" the short name."""
    names = [name]
    if ", " in name:
        names.append(name.split(", ")[0])
    return [n for n in names if n]


def with_self_token(text: str, name: str) -> str:
    for own in self_names(name):
        text = text.replace(own, "~")
    return _THIS.sub("~", text)


def split_sentences(line: str) -> list[str]:
    """Sentences of one line; a quoted ability ("{T}: Add {G}.") stays inside its sentence."""
    out: list[str] = []
    start = 0
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
            if not quoted and i > 0 and line[i - 1] == "." and _ends_sentence(line, i + 1):
                out.append(line[start : i + 1].strip())
                start = i + 1
        elif ch == "." and not quoted and _ends_sentence(line, i + 1):
            out.append(line[start : i + 1].strip())
            start = i + 1
    rest = line[start:].strip()
    if rest:
        out.append(rest)
    return [s for s in out if s]


def _ends_sentence(line: str, after: int) -> bool:
    return after >= len(line) or line[after] == " "


# An ability word or flavor word before an em dash has no rules meaning (207.2c).
_ABILITY_WORD = re.compile(r"^(?![IVX]+(?:, [IVX]+)* — )[A-Z][A-Za-z' ,-]{0,40} — (?=\S)")


def lines_of(name: str, text: str) -> list[Line]:
    text = with_self_token(strip_reminders(text), name)
    lines = []
    for raw in text.split("\n"):
        raw = _ABILITY_WORD.sub("", _SPACES.sub(" ", raw).strip())
        if raw:
            lines.append(Line(tuple(split_sentences(raw))))
    return lines


def template_of(sentence: str) -> str:
    """A sentence with numbers made `N` (the name is `~` already): the coverage work list."""
    return _NUMBER.sub("N", sentence)
