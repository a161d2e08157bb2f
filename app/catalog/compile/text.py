"""Rules text into sentences: reminder text dropped, the card's own name made `~`."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from app.domain.base import REMINDER_TEXT

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
    # Which paragraph of the face's rules text it is, counted from 1 with the paragraphs that
    # are reminder text alone: what an effects entry's `line` names (docs/api.md).
    number: int = 1


def strip_reminders(text: str) -> str:
    previous = None
    while previous != text:  # reminder text can hold parentheses of its own
        previous = text
        text = REMINDER_TEXT.sub("", text)
    return text


# An Alchemy rebalanced card's name ("A-Name") is its original's with a prefix; its text
# names it without the prefix.
_REBALANCED = re.compile(r"^A-(?=\S)")
# A shortened name that is followed by a capitalized word (another name: "create Vel the
# Lost") or by a word of a type ("a Vel planeswalker", "Vel creatures") is not the face.
_TYPE_NOUNS = (
    r"(?:creature|card|spell|permanent|token|planeswalker|artifact|enchantment|land|"
    r"battle|instant|sorcery|ability|abilities|emblem)s?"
)
_NOT_SHORT_AFTER = re.compile(rf"(?![\w-]| {_TYPE_NOUNS}\b|,? (?:the |of )?[A-Z])")
_NOT_SHORT_BEFORE = re.compile(r"(?<![\w-])(?<!named )")
# The whole name stands alone, and not after "a" / "an": a face named like a type ("becomes a
# Name") means the type.
_NOT_NAME_BEFORE = re.compile(r"(?<![\w-])(?<!\ba )(?<!\ban )")
_NOT_NAME_AFTER = re.compile(r"(?![\w-])")
_TITLE_WORDS = frozenset({"The", "A", "An", "Lord", "Lady", "King", "Queen", "Sir", "General"})


def self_names(name: str) -> list[str]:
    """How a face refers to itself by its whole name: its name, a rebalanced card's original
    name, and for "Name, the Title" the short name (201.5: the name means this object)."""
    names = [name]
    if (plain := _REBALANCED.sub("", name)) != name:
        names.append(plain)
    for full in list(names):
        if ", " in full:
            names.append(full.split(", ")[0])
    return [n for n in names if n]


def short_names(name: str, *, avoid: Iterable[str] = ()) -> list[str]:
    """A legendary face's shortened names, longest first: the words before the first word that
    isn't capitalized ("Vel Amarin of the Deep" -> "Vel Amarin"), then the first word. Never a
    title or article, nor a word that is also a type the face has (`avoid`): a "Sliver Queen"
    saying "Sliver" means Slivers."""
    plain = _REBALANCED.sub("", name).split(", ")[0]
    words = plain.split(" ")
    if len(words) < 2:
        return []
    lead: list[str] = []
    for word in words:
        if not word[:1].isupper():
            break
        lead.append(word)
    shorts = [" ".join(lead)] if 1 < len(lead) < len(words) else []
    first = words[0]
    avoided = {a.casefold() for a in avoid}
    if len(first) > 2 and first not in _TITLE_WORDS and first.casefold() not in avoided:
        shorts.append(first)
    return [s for s in shorts if s.casefold() not in avoided]


def with_self_token(
    text: str, name: str, *, legendary: bool = False, avoid: Iterable[str] = ()
) -> str:
    for own in self_names(name):
        text = _tokenized(text, own, _NOT_NAME_BEFORE, _NOT_NAME_AFTER)
    if legendary:
        for short in short_names(name, avoid=avoid):
            text = _tokenized(text, short, _NOT_SHORT_BEFORE, _NOT_SHORT_AFTER)
    return _THIS.sub("~", text)


def _tokenized(text: str, name: str, before: re.Pattern[str], after: re.Pattern[str]) -> str:
    """`text` with each occurrence of `name` that `before` and `after` accept where it starts
    and ends made `~`, left to right, as `re.sub` of the three would. The name is found as a
    plain string and only the fixed patterns around it are regular expressions: a pattern
    holding each card's own name was compiled anew for every card (`re` caches 512), about a
    third of the time compiling a 35,000-card corpus took."""
    if not name:
        return text
    pieces: list[str] = []
    done = 0
    at = text.find(name)
    while at >= 0:
        end = at + len(name)
        if before.match(text, at) and after.match(text, end):
            pieces += (text[done:at], "~")
            done = end
            at = text.find(name, end)
        else:
            at = text.find(name, at + 1)
    return "".join(pieces) + text[done:] if pieces else text


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


# An ability word or flavor word before an em dash has no rules meaning (207.2c). Keywords
# written the same way are no ability words: "Max speed — ..." is an ability only while its
# controller has max speed (702.178a), "Exhaust — ..." one activated only once (702.177a).
_ABILITY_WORD = re.compile(
    r"^(?![IVX]+(?:, [IVX]+)* — |Max speed — |Exhaust — )[A-Z][A-Za-z' ,-]{0,40} — (?=\S)"
)


def lines_of(
    name: str, text: str, *, legendary: bool = False, avoid: Iterable[str] = ()
) -> list[Line]:
    """`legendary`: the face may name itself by a shortened name; `avoid`: its type words."""
    lines = []
    for number, paragraph in enumerate(text.split("\n"), start=1):
        raw = with_self_token(strip_reminders(paragraph), name, legendary=legendary, avoid=avoid)
        raw = _ABILITY_WORD.sub("", _SPACES.sub(" ", raw).strip())
        if raw:
            lines.append(Line(tuple(split_sentences(raw)), number))
    return lines


def template_of(sentence: str) -> str:
    """A sentence with numbers made `N` (the name is `~` already): the coverage work list."""
    return _NUMBER.sub("N", sentence)
