"""Copy effects of a card's own (707.2, 707.9): "you may have ~ enter as a copy of ...", "~
becomes a copy of ..., except it has this ability", "create a token that's a copy of ...,
except it has haste".

The state's `copy_of` says what a permanent copied; what the card says is how it becomes a
copy (as it enters, 614.1c; as an activated or triggered ability of it resolves; or as a token
it makes, 111.1) and the exceptions the copy has (707.9a, 707.9b), which are part of the
copy's values. The object it may copy ("any creature on the battlefield", "a land card in a
graveyard") and how long the copy lasts are the state's to say: whatever it copied, and while
it is one, `copy_of` names it. Other permanents made copies with nothing excepted leave the
card nothing to add (`others_become_copies`): each one's `copy_of` says it.

Exceptions read: card types, subtypes, supertypes "in addition to its other types" (colors
too, "... its other colors and types"), keywords it has, quoted abilities (a mana ability is
kept; one that bears on nothing the engine rules on is left out), "this ability", its own
other abilities, its own name, "isn't legendary". Its power and toughness, the counters it
enters with and its starting loyalty change nothing the engine computes (613.4: the state
gives them). Anything else makes the sentence not understood.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from app.catalog.compile import ir, relevance
from app.catalog.compile.phrases import (
    COLOR_CODES,
    LIST_SEPARATOR,
    PLURAL_TYPES,
    TYPES,
    split_outside_quotes,
)
from app.catalog.compile.statics import KNOWN_KEYWORDS
from app.catalog.compile.text import split_sentences

# "You may have ~ enter tapped as a copy of ...", after a condition ("If you attacked this
# turn, ..."); "~ enters as a copy of ..."; "As ~ enters, you may have it become a copy of ...
# until end of turn" (614.1c: as it enters, for a while: the state says while it is one).
_ENTERS = re.compile(
    r"^(?:If [^,]+, )?(?:[Yy]ou may have ~ enter|~ enters)(?: tapped)? as a copy of |"
    r"^As ~ enters, you may have it become a copy of "
)
# "{3}: ~ becomes a copy of target land ...", "Whenever ..., you may have ~ become a copy
# of ...", "If you do, ~ becomes a copy of ...", "Then you may have ~ become a copy of ...";
# "it" only after a trigger whose condition names ~ alone ("Whenever ~ attacks, it becomes").
_BECOMES = re.compile(
    r'^(?:(?P<cost>[^:"]+): |(?P<trigger>(?:When|Whenever|At) [^,:"]+), |If [^,]+, |Then )?'
    r"(?:[Uu]ntil (?:end of turn|your next turn), )?"
    r"(?:~ becomes|[Yy]ou may have (?:~|(?P<it>it)) become|(?P<it2>it) becomes) a copy of "
)
# "Create a token that's a copy of ..., except ...", "... creates two tokens that are copies of
# ...": tokens the card makes, each a copy (111.1); what
# makes them (a cost, a trigger, a spell) changes nothing about what they are.
_TOKENS = re.compile(
    r'^[^"]*?\b[Cc]reates? (?:a|an|one|two|three|four|five|X|that many)'
    r"(?: tapped(?: and attacking)?)? tokens? that(?:'s| are) (?:a )?cop(?:y|ies) of "
)
# The same, as the ability an Aura or Equipment grants ('Enchanted creature has "{T}: Create a
# token that's a copy of ~, except ... ."'): the tokens are the granting card's
# to name (its text), so its copy effect says what they are.
_GRANTED = re.compile(r'^(?:Enchanted|Equipped) (?:creature|permanent) has "(?P<inner>[^"]+)"$')
_REST = re.compile(
    r"^(?P<what>[^\"]+?)"
    r"(?: until end of turn| until your next turn| for as long as [^,\"]+)?"
    r"(?:,? except (?P<except>.+))?$"
)
_PRONOUN = r"(?:it|he|she|they|the tokens?|the copy)"
_POSSESSIVE = r"(?:its|his|her|their)"
_IS = r"(?:'s|'re| is| are)"
# "it's an artifact in addition to its other types", "it's a Ninja in addition to its other
# creature types", "it's a Wall in addition to its other types".
# "he's a legendary 2/2 Human Rogue creature in addition to his other types" (its size is
# the state's); after the first item the pronoun may go unsaid ("is an artifact ...").
# "... in addition to its other colors and types" adds the colors it names too (105.2).
_ADDED_TYPES = re.compile(
    rf"^(?:{_PRONOUN}{_IS}|is) (?:an? )?(?P<types>[A-Za-z0-9/ -]+?) in addition to "
    rf"{_POSSESSIVE} other (?P<colors>colors_and_)?(?:creature )?types$"
)
_SIZE_WORD = re.compile(r"^(?:\d+|X)/(?:\d+|X)$")
_SUPERTYPES = {"legendary": "Legendary", "snow": "Snow"}
_HAS = re.compile(rf"^(?:{_PRONOUN} )?(?:has|have|gains?) (?P<what>.+)$")
_OWN_NAME = re.compile(rf"^{_POSSESSIVE} name is ~$")
_NOT_LEGENDARY = re.compile(
    rf"^{_PRONOUN}(?: isn't| aren't|{_IS} not) legendary$|^isn't legendary$"
)
_LEGENDARY = re.compile(rf"^{_PRONOUN}{_IS} legendary$")
# Riders the state's own fields say: its size (208.3), the counters it enters with (122), its
# starting loyalty (its loyalty counters, the state's `counters`).
_SIZE = re.compile(
    rf"^{_PRONOUN}{_IS} (?:\d+|X)/(?:\d+|X)$|"
    rf"^{_POSSESSIVE} (?:power|toughness|starting loyalty) is [^,]+$"
)
_ENTERS_WITH = re.compile(
    rf"^{_PRONOUN} enters with (?:an?|one|two|three|X) (?:additional )?[+\w/-]+ counters? on "
    rf"(?:it|him|her)(?: if [^,]+)?$"
)
_POWER = re.compile(rf"^{_POSSESSIVE} power_and_toughness are [^,]+$")
# Pairs whose "and" is no list's: kept whole as the exceptions are split.
_PAIRS = (("colors and types", "colors_and_types"), ("power and toughness", "power_and_toughness"))
# A keyword the copy may have besides those statics.py knows: changeling (every creature type,
# 702.73a, read from the copy's keywords).
_MORE_KEYWORDS = frozenset({"changeling"})
_OTHER_ABILITIES = re.compile(rf"^(?:~'s|{_POSSESSIVE}) other abilities$")


@dataclass(slots=True)
class CopyReading:
    """What a copy sentence says, read item by item: the quoted abilities its copy has are left
    for the caller to read (faces.py reads mana abilities) and give to `effect`."""

    by: ir.CopyBy
    summary: str
    types: list[str] = field(default_factory=list)
    subtypes: list[str] = field(default_factory=list)
    supertypes: list[str] = field(default_factory=list)
    colors: list[str] = field(default_factory=list)
    keywords: list[str] = field(default_factory=list)
    keeps_name: bool = False
    not_legendary: bool = False
    keeps_abilities: bool = False
    quoted: list[str] = field(default_factory=list)

    def effect(self, mana_abilities: tuple[ir.ManaAbility, ...] = ()) -> ir.CopyEffect:
        return ir.CopyEffect(
            self.by,
            tuple(self.types),
            tuple(self.subtypes),
            tuple(self.supertypes),
            tuple(self.colors),
            tuple(self.keywords),
            mana_abilities,
            self.keeps_name,
            self.not_legendary,
            self.keeps_abilities,
            self.summary,
        )


def copy_effect(sentence: str, first: str, *, loyalty: bool = False) -> CopyReading | None:
    """The permanent's own copy effect (module docstring); `first`: the first sentence of its
    line, which says whether "If you do" follows an activation or a trigger; `loyalty`: the
    line is a loyalty ability's, its cost taken off (606: an activated ability)."""
    by: ir.CopyBy
    if (granted := _GRANTED.match(sentence)) is not None:
        return _granted_tokens(granted.group("inner"))
    if (m := _TOKENS.match(sentence)) is not None:
        by = "token"
    elif (m := _ENTERS.match(sentence)) is not None:
        by = "entering"
    elif (m := _BECOMES.match(sentence)) is not None:
        trigger = m.group("trigger")
        if (m.group("it") or m.group("it2")) and not (
            trigger and "~" in trigger and not re.search(r"\b(?:another|target|a|an)\b", trigger)
        ):
            return None  # "it" could be some other object
        if m.group("cost") is not None:
            by = "activation"
        elif trigger is not None or first.startswith(("When", "Whenever", "At ")):
            by = "trigger"
        elif loyalty or re.match(r'^[^:"]+: ', first):
            by = "activation"
        else:
            return None
    else:
        return None
    # The sentence's own period, unless it ends inside a quoted ability ('... has "{T}: Add
    # {U}."').
    body = sentence[m.end() :]
    body = body.removesuffix(".") if body.endswith(".") else body if body.endswith('"') else ""
    rest = _REST.match(body)
    if rest is None or re.search(r"\bcopy\b|\bdifferent\b|^X\b", rest.group("what")):
        # Another object made a copy in the same sentence, or several objects copied at once:
        # not this template.
        return None
    reading = CopyReading(by, _summary(sentence))
    exceptions = rest.group("except")
    if by == "token" and exceptions is None:
        # A plain token copy: the state's token is the copied card itself, nothing to read.
        return None
    if exceptions is not None and not _exceptions(exceptions, reading):
        return None
    return reading


# Other permanents made copies with no exception ("Target creature becomes a copy of that
# creature until end of turn.", "Creatures you control enter as a copy of ~."): each is a copy
# of what it copied and no more, which the state's `copy_of` on it says (707.2); nothing is
# left for this card to add. Exceptions, spells made copies, or something more in the same
# sentence ("and gains haste") are no match.
_OTHERS = re.compile(
    r'^(?:[^:"]+: |(?:When|Whenever|At) [^,:"]+, (?:for as long as [^,]+, )?|If you do, |'
    r"Until (?:end of turn|your next turn), )?(?:you may have )?"
    r"(?P<who>(?:[Tt]arget|[Ee]ach|[Ee]nchanted|[Ee]quipped|[Tt]hat|[Aa]ny number of target|"
    r'[Uu]p to one|[Nn]ontoken|[Cc]reatures)\b[^.,"~]*?) '
    r"(?:becomes?|each become|enters?|enter) (?:as )?a copy of (?P<what>[^.,\"]+?)"
    r"(?: until [^.,\"]+| for as long as [^.,\"]+)?\.$"
)


def others_become_copies(sentence: str) -> bool:
    """Other permanents made copies, nothing excepted (above): the state says which are."""
    if _OTHERS.match(sentence) is None:
        return False
    return not re.search(r"\bspells?\b|\bgains?\b|\bexcept\b", sentence)


def _granted_tokens(inner: str) -> CopyReading | None:
    """A granted ability that makes token copies: its first sentence, when the ones after it
    bear on nothing the engine rules on ("Exile that token at the beginning of the next end
    step.")."""
    sentences = split_sentences(inner)
    if not sentences or _TOKENS.match(sentences[0]) is None:
        return None
    if any(relevance.family(s, x_permanent=False) is not None for s in sentences[1:]):
        return None
    return copy_effect(sentences[0], sentences[0])


def _summary(sentence: str) -> str:
    return sentence.replace("~", "it").removesuffix(".")[:300]


def _exceptions(text: str, reading: CopyReading) -> bool:
    """Read each exception into `reading`; False at the first the engine can't model."""
    has = False  # an item after "has ..." continues its list ("has flying and this ability")
    for pair, joined in _PAIRS:
        text = text.replace(pair, joined)
    for item in (i.strip() for i in split_outside_quotes(text, LIST_SEPARATOR)):
        if (m := _HAS.match(item)) is not None:
            has = True
            if not _has(m.group("what"), reading):
                return False
            continue
        if has and not re.match(rf"^{_PRONOUN}\b|^{_POSSESSIVE}\b", item):
            if not _has(item, reading):
                return False
            continue
        has = False
        if not _other(item, reading):
            return False
    return True


def _other(item: str, reading: CopyReading) -> bool:
    if (m := _ADDED_TYPES.match(item)) is not None:
        return _types(m.group("types"), reading, colors=m.group("colors") is not None)
    if _OWN_NAME.match(item):
        reading.keeps_name = True
        return True
    if _NOT_LEGENDARY.match(item):
        reading.not_legendary = True
        return True
    if _LEGENDARY.match(item):
        reading.supertypes.append("Legendary")  # a supertype more: nothing else changes
        return True
    return bool(_SIZE.match(item) or _ENTERS_WITH.match(item) or _POWER.match(item))


def _types(words: str, reading: CopyReading, *, colors: bool) -> bool:
    """Supertypes, card types (lower case) and subtypes (capitalized) of "legendary 4/4 Human
    creature" into `reading` (the size is the state's), and its colors when the sentence adds
    colors; False for any other word."""
    for word in words.replace(" and ", " ").split():
        if colors and word in COLOR_CODES:
            reading.colors.append(COLOR_CODES[word])
        elif word in TYPES or word in PLURAL_TYPES:  # "they're 3/3 Dragon creatures"
            reading.types.append(TYPES.get(word) or PLURAL_TYPES[word])
        elif word in _SUPERTYPES:
            reading.supertypes.append(_SUPERTYPES[word])
        elif _SIZE_WORD.match(word) is None:
            if not word[:1].isupper() or word.casefold() in _SUPERTYPES:
                return False
            reading.subtypes.append(word)
    return True


def _has(what: str, reading: CopyReading) -> bool:
    if what == "this ability":
        return True  # the copy effect itself: nothing the engine rules on
    if _OTHER_ABILITIES.match(what):
        reading.keeps_abilities = True
        return True
    if what.startswith('"') and what.endswith('"'):
        reading.quoted.append(what[1:-1])
        return True
    if what in KNOWN_KEYWORDS or what in _MORE_KEYWORDS:
        reading.keywords.append(what.capitalize())
        return True
    return False


__all__ = ["CopyReading", "copy_effect", "others_become_copies"]
