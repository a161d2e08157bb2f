"""Haste and control as the engine models them (302.6, 702.10, 613.1b), granted mana abilities,
activations forbidden (602.5), and X on permanents (107.3m)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Literal

from app.catalog.compile import ir, relevance
from app.catalog.compile.phrases import (
    LIST_SEPARATOR,
    NUMBER,
    TYPES,
    list_items,
    number,
    selector,
    split_outside_quotes,
    subtype_word,
)

KNOWN_KEYWORDS = frozenset(
    {
        "haste",
        "flying",
        "trample",
        "vigilance",
        "hexproof",
        "shroud",
        "lifelink",
        "deathtouch",
        "menace",
        "reach",
        "first strike",
        "double strike",
        "indestructible",
        "defender",
        "intimidate",
        "fear",
        "prowess",
        "infect",
        "wither",
        # Combat keywords, which bear on nothing the engine rules on either.
        "myriad",
        "dethrone",
        "exalted",
    }
)
# "gets +1/+1 and has haste": the power and toughness change nothing the engine rules on.
_HAS = re.compile(r"^(?P<sel>.+?) (?:gets? [+-]\d+/[+-]\d+ and )?(?:has|have) (?P<kws>[a-z ,]+)\.$")
# "gets +1/+1 and has vigilance and "{T}: Add {G}."": the power, toughness and keywords other
# than haste change nothing the engine rules on (haste with them is refused: it would be dropped).
_GRANTS = re.compile(
    r"^(?P<sel>.+?) (?:gets? [+-]\d+/[+-]\d+ and )?(?:has|have) "
    r'(?:(?P<kws>[a-z ,]+?),? and )?"(?P<ability>.+)"$'
)
_AS_THOUGH = re.compile(
    r"^You may activate abilities of (?P<sel>.+?) as though (?:they|those creatures) had haste\.$"
)
_YOU_CONTROL = re.compile(r"^You control enchanted (?:creature|permanent|artifact|land)\.$")
# A spell's control change of its one target ("Gain control of target creature with power 4 or
# less until end of turn."; or, untapping it first, "Untap target creature and gain control of
# it until end of turn."): whatever the target's restrictions say, they were met when it was
# chosen, so the entry's `target` is the one (`_one_object`).
_GAIN = re.compile(
    r"^(?:Gain control of (?:up to one )?target (?P<what>[a-z][^.:\"]*?)"
    r"|Untap target (?P<untapped>[a-z][^.:\"]*?) and gain control of it)"
    r"(?P<eot> until end of turn)?"
    # A chapter's or mode's lasting one ("for as long as you control ~": a Saga's, 714.2b).
    r"(?P<lasting> for as long as (?:you control ~|~ remains on the battlefield))?\.$"
)
_THEN_HASTE = re.compile(
    r"^(?:(?:It|That creature|That permanent) gains haste until end of turn\.|"
    r"Until end of turn, (?:it|that creature) gains haste(?:\.|"
    # A quoted ability given with it (a combat damage trigger), no mana ability: irrelevant.
    r' and "(?P<quoted>[^"]+)"\.?))$'
)
# A resolved effect taking control of several objects for the turn, each its own entry of the
# state's effects (docs/api.md: an effect that changes several objects it names for sure; 611.2c:
# those it took as it resolved): all of a kind, any number of targets, one target per opponent.
_GROUP_GAIN = re.compile(
    r"^(?:Gain control of (?:all (?P<all>[a-z][^.:\"]*?)|any number of target creatures)|"
    r"For each opponent, gain control of up to one target creature that player controls|"
    r"Untap all creatures and gain control of them) until end of turn\.$"
)
_GROUP_HASTE = re.compile(r"^(?:They|Those creatures) gain haste until end of turn\.$")
# A resolved one-shot effect giving one object haste (611.2a: it lasts as the effect says; an
# effect that "gains haste" without a duration lasts past this turn, so this turn too). The
# engine reads it from an `effects` entry whose `target` is that object (Act of Treason's
# model), so the grant is to the effect's target. Plural objects ("They gain haste") and
# groups ("Creatures you control gain haste": 611.2c, only those there at resolution) are
# group_haste_effect's: one entry per object.
_GAINS = re.compile(
    r'^(?:[^:"]+: |(?:When|Whenever|At) [^,:"]+, (?:if [^,:"]+, )?)?(?:[Uu]ntil end of turn, )?'
    # A target's restrictions were met when it was chosen: the effect's target is the one.
    r"(?P<who>It|it|That creature|that creature|That token|~|(?:(?:Another|another) )?"
    r'(?:[Tt]arget) [^.:"]*?(?:creature|permanent|Vehicle|token|[A-Z][a-z]+)'
    r"(?: with (?:power|toughness|mana value) (?:\d+|X) or (?:greater|less))?"
    r"(?: you control| an opponent controls| you don't control)?) "
    r"(?:gets [+-]\d+/[+-]\d+ and )?gains (?P<kws>[a-z ,]+?)"
    # Power and toughness change nothing the engine rules on, whatever X is; nor does being
    # blockable.
    # "Until your next turn" lasts this turn too (611.2a), so the entry stands for it as well.
    r"(?: and gets [+-]\w+/[+-]\w+(?:, where X is [^.]+)?)?"
    r"(?: until end of turn| until your next turn)?(?: and can't be blocked this turn)?"
    r"(?:, where X is [^.]+)?\.$"
)
# The untap, and counters put on it with it, are facts the state shows afterwards.
_UNTAP_IT = re.compile(
    r"^(?:Untap (?:that creature|that artifact|it|that permanent)"
    r"(?: and put an? [+\w/-]+ counter on it)?|Put an? [+\w/-]+ counter on it and untap it)\.$"
)
_UNTAP_THEM = re.compile(r"^Untap (?:them|those creatures)\.$")
# "on it", or "on him" / "on her" for a character card that names its own pronoun.
_ENTERS_X = re.compile(
    r"^~ enters(?: the battlefield)? with X ([\w+/-]+) counters? on (?:it|him|her)\.$"
)
_ETB = re.compile(r"^When(?:ever)? ~ enters(?: the battlefield)?(?: or [^,]+)?, (?P<rest>.+)$")


def keywords_granted(sentence: str) -> ir.Understood | None:
    m = _HAS.match(sentence) or _with_other_ability(sentence)
    if m is None:
        return None
    found = _keyword_holders(m.group("sel"))
    if found is None:
        return None
    sel, plural = found
    # "Each Elf you control has ...": singular, but each of them has it.
    each = m.group("sel").startswith(("Each ", "each "))
    if not (sel.attached or sel.source or plural or each):
        return None
    granted = granted_keywords(list_items(m.group("kws")), sel)
    return None if not granted else ir.Understood(abilities=list(granted))


def _with_other_ability(sentence: str) -> re.Match[str] | None:
    """Keywords granted beside a quoted ability that makes no mana ("... have haste and "{T}:
    This creature deals 1 damage to any target.""): that ability changes nothing the engine
    rules on, so the keywords are read alone. One that adds mana is _GRANTS's to read."""
    m = _GRANTS.match(sentence)
    if m is None or m.group("kws") is None or re.search(r"\b[Aa]dds?\b", m.group("ability")):
        return None
    return m


def _keyword_holders(phrase: str) -> tuple[ir.Sel, bool] | None:
    """Who has the keywords: a selector ("all creatures" among them), or ~ itself (its own
    keyword, as if printed on it: 702.10)."""
    if phrase == "~":
        return ir.Sel(source=True), False
    return selector(phrase)


# "~ has haste as long as you control another Vampire.": the permanent's own keywords while its
# controller controls that many of something (611.3a: a count the board shows).
# Or while an opponent controls one ("as long as an opponent controls a Human": at least one
# among the permanents of all opponents).
_CONTROLS = r"(?P<who>you control|an opponent controls)"
_HAS_WHILE = re.compile(
    rf"^~ has (?P<kws>[a-z ,]+?) as long as {_CONTROLS} (?P<n>an?|another|{NUMBER})"
    r"(?P<more> or more)? (?P<what>[^.]+)\.$"
)
# The condition first, power and toughness beside (613.4: the state's).
_WHILE_HAS = re.compile(
    rf"^As long as {_CONTROLS} (?P<n>an?|another|{NUMBER})(?P<more> or more)? (?P<what>[^,]+), "
    r"~ (?:gets [+-]\d+/[+-]\d+ and )?has (?P<kws>[a-z ,]+?)\.$"
)


def keywords_while(sentence: str) -> ir.Understood | None:
    """The permanent's own keywords while its controller, or an opponent, controls enough of
    something (above); None when the count's selector or a keyword isn't one this reader
    knows."""
    m = _HAS_WHILE.match(sentence) or _WHILE_HAS.match(sentence)
    if m is None:
        return None
    n, more, what, kws, who = m.group("n", "more", "what", "kws", "who")
    least = 1 if n in ("a", "an", "another") else number(n)
    if least is None or (n in ("a", "an", "another")) == bool(more):
        return None
    article = "another " if n == "another" else ""
    found = selector(f"{article}{what} {who}", singular=least == 1)
    if found is None or found[0].attached:
        return None
    granted = granted_keywords(list_items(kws), ir.Sel(source=True))
    if not granted:
        return None
    counted = (found[0], least)
    return ir.Understood(
        abilities=[replace(k, while_count=counted) for k in granted if isinstance(k, ir.Keyword)]
    )


# Keywords with a cost that bear on nothing the engine rules on: ward (a trigger on being
# targeted, 702.21a) and equip (attaching, 702.6a).
_COST_KEYWORD = re.compile(r"^(?:ward|equip) \{\d+\}$")


def plain_items(phrase: str) -> list[str] | None:
    """The keywords of a list of what something has or gains ("flying, haste, and "<ability>"",
    "vigilance and ward {2}"): ward and equip (_COST_KEYWORD) and quoted abilities that bear on
    nothing the engine rules on (relevance.py) are left out; None when a quoted one does bear
    on it."""
    words: list[str] = []
    for item in (i.strip() for i in split_outside_quotes(phrase, LIST_SEPARATOR)):
        if item.startswith('"') and item.endswith('"'):
            if relevance.family(item[1:-1].rstrip(",."), x_permanent=False) is not None:
                return None
        elif '"' in item:
            return None  # a quote inside an item: not a list of abilities
        elif item and _COST_KEYWORD.match(item) is None:
            words.append(item)
    return words


def granted_keywords(keywords: list[str], to: ir.Sel) -> list[ir.Ability] | None:
    """Keywords granted to `to`: haste (302.6) and defender (which "creatures with defender"
    counts read) are what the engine rules on; the other keywords of the list come along as
    grants that nothing reads. A list without either grants nothing the engine reads ([]);
    one with a keyword this reader doesn't know is None."""
    if not all(k in KNOWN_KEYWORDS or k.startswith("protection from ") for k in keywords):
        return None
    if not {"haste", "defender"} & set(keywords):
        return []
    return [ir.Keyword(k.capitalize(), to) for k in keywords]


def gains_haste_effect(sentence: str) -> ir.Understood | None:
    """ "It gains haste until end of turn.": the keywords it grants the effect's target."""
    m = _GAINS.match(sentence)
    if m is None:
        return None
    keywords = list_items(m.group("kws"))
    if "haste" not in keywords or not all(k in KNOWN_KEYWORDS for k in keywords):
        return None
    target = ir.Sel(attached=True)  # for an effect, "attached" is its target (board.py)
    # "~ gains haste": its own permanent's only, whatever an entry names (as unearth's).
    own = m.group("who") == "~"
    return ir.Understood(
        abilities=[
            ir.Keyword(k.capitalize(), target, effect=True, own_card=own and k == "haste")
            for k in keywords
        ]
    )


# A resolved effect giving haste to several objects it names for sure: the tokens the sentence
# before created ("Create two 1/1 Moth creature tokens. They gain haste until end of turn."),
# or the creatures you control as it resolves (611.2c: only those; one that arrives later
# doesn't get it). Each such object is an entry of the state's effects of its own, that
# object its `target` (docs/api.md), so the grant is to the effect's target, as for one object.
_GROUP_GAINS = re.compile(
    r'^(?P<lead>[^:"]+: |(?:When|Whenever|At) [^,:"]+, (?:if [^,:"]+, )?)?'
    r"(?P<until>[Uu]ntil end of turn, )?"
    # Any group of permanents ("other creatures you control", "Goblins you control", "all
    # creatures"): each one there as it resolved is an entry (611.2c).
    # (Targets are _EACH_TARGET's.)
    r"(?P<who>They|Those tokens|[A-Za-z](?:(?!target\b)[^:\",.])*?) "
    r"(?:get [+-]\d+/[+-]\d+ and )?gain (?P<kws>[a-z ,]+?)(?P<eot> until end of turn)?\.$"
)
# The tokens may be said to have keywords, a quoted ability or what they must do ("... tokens
# with reach", "... tokens with "When ~ dies, ..."", "... tokens with menace that block each
# combat if able"): "they" is still those tokens.
_MADE_TOKENS = re.compile(
    r'^(?:[^:"]+: |(?:When|Whenever|At) [^,:"]+, (?:if [^,:"]+, )?)?(?:For each [^,.]+, )?'
    r'[Cc]reate (?:(?:two|three|four|five|X|that many) (?:[^."]*\btokens(?: with [^."]+'
    r'| with "[^"]+")?|tokens that are copies of [^.]+)|a token that\'s a copy of [^.]+)'
    r'(?:, where X is [^.]+)?(?:\.|(?<=")\.?)$'
)
# One token made, which "It" or "That token" in the next sentence is: "Create a token that's a
# copy of target artifact." (a copy or not; "For each ..." makes several, _MADE_TOKENS's).
_MADE_ONE_TOKEN = re.compile(
    r'^(?:[^:"]+: |(?:When|Whenever|At) [^,:"]+, (?:if [^,:"]+, )?)?(?:If you do, )?[Cc]reate '
    r"(?:a|one) [^.]*?\btoken\b[^.]*\.$"
)


def made_one_token(sentence: str) -> bool:
    return _MADE_ONE_TOKEN.match(sentence) is not None and "tokens" not in sentence


# What a sentence puts onto the battlefield ("return target ... card ... to the battlefield",
# "put it onto the battlefield", "return all ... cards ... to the battlefield"): the
# permanents "it" or "they" in the next sentence are (a new object each, 400.7, which its
# entry names as its `target`).
_ONTO_BATTLEFIELD = re.compile(
    r"\b(?:[Rr]eturns?|[Pp]uts?) (?P<what>[^.;]*?) (?:to|onto) the battlefield\b"
)
_SEVERAL = re.compile(r"\bcards\b|\ball\b|\beach\b|\bthem\b|\bthose\b|\bup to (?!one\b)\w+")
_ONE = re.compile(r"^(?:it|~|that card|the other|that creature|.*\bcard\b.*)$")


def put_onto_battlefield(sentence: str) -> Literal["one", "several"] | None:
    """Whether the sentence puts one object onto the battlefield, or several (above)."""
    m = _ONTO_BATTLEFIELD.search(sentence)
    if m is None:
        return None
    what = m.group("what")
    if _SEVERAL.search(what):
        return "several"
    return "one" if _ONE.match(what) else None


# "Create a 2/2 Moth artifact creature token, then creatures you control get +1/+0 and gain
# haste until end of turn.": the token is among them (it exists as the creatures are chosen).
_THEN_YOURS = re.compile(
    r'^(?P<lead>[^:"]+: )Create [^.,]*?\btokens?, then creatures you control '
    r"(?:get [+-]\d+/[+-]\d+ and )?gain (?P<kws>[a-z ,]+?) until end of turn\.$"
)


# "{3}, {T}: Up to two target creatures you control each gain haste until end of turn.": each
# target chosen is an entry (what they can't be blocked by is combat, nothing mana reads).
_EACH_TARGET = re.compile(
    r'^(?P<lead>[^:"]+: |(?:When|Whenever|At) [^,:"]+, (?:if [^,:"]+, )?)?'
    r"(?:[Uu]p to (?:X|one|two|three|four|five)|[Oo]ne or two|[Tt]wo|[Tt]hree) target "
    r"creatures(?: you control)? each (?:get [+-]\d+/[+-]\d+ and )?"
    r"gain (?P<kws>[a-z ,]+?) until end of turn(?: and can't be blocked this turn except by "
    r"creatures with haste)?(?:, where X is [^.]+)?\.$"
)


def group_haste_effect(sentence: str, previous: str | None, *, spell: bool) -> ir.Understood | None:
    """ "They gain haste until end of turn." after tokens were made, "Creatures you control gain
    haste until end of turn." from an activation, trigger or spell (above)."""
    m = _GROUP_GAINS.match(sentence) or _THEN_YOURS.match(sentence) or _EACH_TARGET.match(sentence)
    if m is None:
        return None
    who = m.groupdict().get("who")
    if who in ("They", "Those tokens"):
        # The tokens made are "they", what they copy or whatever the spell targeted: each
        # token's entry names it (docs/api.md); so are the permanents the sentence before put
        # onto the battlefield.
        if m.group("lead") or previous is None:
            return None
        if not (_MADE_TOKENS.match(previous) or put_onto_battlefield(previous) == "several"):
            return None
    elif who is not None and not (m.group("lead") or spell):
        return None  # a permanent's one-shot needs its activation or trigger
    elif who is not None and not _a_group(who):
        return None
    elif who is None and not (m.group("lead") or spell):
        return None  # several targets' one-shot: a permanent's needs its activation
    keywords = list_items(m.group("kws"))
    if "haste" not in keywords or not all(k in KNOWN_KEYWORDS for k in keywords):
        return None
    target = ir.Sel(attached=True)  # each object's own entry names it as its target
    return ir.Understood(
        abilities=[ir.Keyword(k.capitalize(), target, effect=True) for k in keywords]
    )


def _a_group(who: str) -> bool:
    """Whether the phrase names a group of permanents (plural, none of them the one attached);
    "those creatures" points back at what the sentences before did, never a group of its own."""
    if who.startswith(("Those ", "These ")):
        return False
    # As said at the start of a sentence: "Goblins you control", "Other creatures you control".
    found = selector(who) or selector(who[0].lower() + who[1:])
    return found is not None and found[1] and not found[0].attached


def as_though_haste(sentence: str) -> ir.Keyword | None:
    m = _AS_THOUGH.match(sentence)
    if m is None:
        return None
    found = selector(m.group("sel"))
    if found is None or not found[1]:
        return None
    # 302.6: only summoning sickness is at stake here, and no ability is granted: the
    # creatures don't have haste, their controller only acts as though they did.
    return ir.Keyword("Haste", found[0], as_though=True)


# "As long as enchanted permanent is a land, it has ...": the grant holds while the attached
# permanent has that card type, which the board shows (its type line after layer 4).
# How it opens, what it has or gains then, and what it is then (faces.py `_while_attached_is`).
WHILE_ATTACHED_IS = (
    r"^As long as (?P<who>enchanted|equipped) (?:permanent|creature|land|artifact) is an? "
    r"(?P<what>[A-Za-z]+), it"
)
_AS_LONG_AS_ATTACHED = re.compile(WHILE_ATTACHED_IS + r" (?P<rest>(?:gets|has) .+)$")


# "As long as you control six or more lands, ...": the grant holds while its controller
# controls that many of those permanents (a count the board shows).
_AS_LONG_AS_COUNT = re.compile(
    rf"^As long as you control (?P<n>{NUMBER}) or more (?P<what>[^,]+), (?P<rest>.+)$"
)


# "... as long as you control three or more artifacts.": the same condition said after.
_COUNT_AFTER = re.compile(
    rf"^(?P<rest>[^,]+?) as long as you control (?P<n>{NUMBER}) or more (?P<what>[^,.]+)\.$"
)


def count_condition(sentence: str) -> tuple[tuple[ir.Sel, int], str] | None:
    """ "As long as you control six or more lands, <rest>" or "<rest> as long as you control
    six or more lands.": the permanents counted (its controller's) and how many at least, and
    the rest as a sentence of its own; None when the sentence says no such count."""
    lead = _AS_LONG_AS_COUNT.match(sentence)
    m = lead or _COUNT_AFTER.match(sentence)
    if m is None:
        return None
    least = number(m.group("n"))
    found = selector(m.group("what") + " you control")
    if least is None or found is None or not found[1] or found[0].attached:
        return None
    rest = m.group("rest")
    rest = rest[0].upper() + rest[1:] + ("" if lead else ".")
    return (found[0], least), rest


_AS_LONG_AS_SOURCE = re.compile(
    r"^As long as ~ is (?P<state>renowned|modified), it (?P<rest>has .+)$"
)
SourceState = Literal["renowned", "modified"]


def grant(
    sentence: str,
) -> tuple[ir.Sel, str, tuple[ir.Sel, int] | None, SourceState | None] | None:
    """ "<selector> have "<ability>"": the selector, the quoted ability's text, the count it
    holds while (permanents its controller controls, how many at least), if any, and the
    state of its source it holds while: renowned (702.112b) or modified (700.9)."""
    condition: str | None = None
    while_count: tuple[ir.Sel, int] | None = None
    if (own := _AS_LONG_AS_SOURCE.match(sentence)) is not None:
        m = _GRANTS.match("It " + own.group("rest"))
        if m is None or not _plain_keywords(m.group("kws")):
            return None
        state: SourceState = "renowned" if own.group("state") == "renowned" else "modified"
        return ir.Sel(source=True), m.group("ability"), None, state
    if _AS_LONG_AS_COUNT.match(sentence) is not None:
        counted = count_condition(sentence)
        if counted is None:
            return None
        while_count, sentence = counted
    if (cond := _AS_LONG_AS_ATTACHED.match(sentence)) is not None:
        condition = TYPES.get(cond.group("what"))
        if condition is None:
            return None
        sentence = "Enchanted permanent " + cond.group("rest")
    m = _GRANTS.match(sentence)
    if m is None:
        return None
    if not _plain_keywords(m.group("kws")):
        return None
    found = selector(m.group("sel"))
    # "Each Elf you control has ...": singular, but each of them has it.
    each = m.group("sel").startswith(("Each ", "each "))
    if found is None or not (found[1] or found[0].attached or each):
        return None
    sel = found[0]
    if condition is not None:
        sel = replace(sel, condition_types=(condition,))
    return sel, m.group("ability"), while_count, None


def _plain_keywords(words: str | None) -> bool:
    """Whether the keywords granted beside a mana ability change nothing the engine rules on:
    haste and defender do, so a grant that names them is left not understood."""
    if words is None:
        return True
    keywords = list_items(words)
    return all(k in KNOWN_KEYWORDS and k not in ("haste", "defender") for k in keywords)


_CHOSEN_NAME = " with the chosen name "


def chosen_name_grant(sentence: str) -> tuple[ir.Sel, str] | None:
    """ "<selector> with the chosen name have "<ability>"" (201.3): the selector without the
    name, which the permanent's `chosen_name` adds, and the quoted ability's text."""
    subject = sentence.split('"', 1)[0]
    if _CHOSEN_NAME not in subject:
        return None
    found = grant(sentence.replace(_CHOSEN_NAME, " ", 1))
    if found is None or found[2] is not None or found[3] is not None:
        return None  # a condition besides the name: not this template
    return found[0], found[1]


def control(sentence: str, *, effect: bool) -> ir.Control | None:
    if _YOU_CONTROL.match(sentence):
        return ir.Control("attached", effect=effect)
    group = _GROUP_GAIN.match(sentence)
    if group is not None and effect:
        what = group.group("all") or ""
        if re.search(r"\bif\b|\bchoice\b|\bother\b", what):
            return None  # a condition left to check, or an exchange: never guess
        return ir.Control("target", effect=True, group=True)
    m = _GAIN.match(sentence)
    if m is None or not effect:
        return None
    what = m.group("what") or m.group("untapped")
    if m.group("untapped") is not None and not m.group("eot"):
        return None
    if m.group("eot") and m.group("lasting"):
        return None  # two durations: not one change
    if not _one_object(what):
        return None
    return ir.Control("target", effect=True, lasting=lasting(sentence))


# Durations that end by the end of the turn, or as its controller's next turn begins (514.2,
# 611.2a): while such an effect lasts, it began since its controller's most recent turn did.
_ENDS_BY_NEXT_TURN = re.compile(r"\buntil (?:end of turn|end of combat|your next turn)\b")


def lasting(sentence: str) -> bool:
    """Whether a control change may have begun before its controller's most recent turn
    began (302.6): any duration but one that ends by then."""
    return _ENDS_BY_NEXT_TURN.search(sentence) is None


# A lasting change of control of this permanent itself, or of every creature back to its
# owner: once it has happened, the state says it (the permanent's `controller`, and
# `controlled_since_turn_start` false for 302.6), as it says every other fact of the board; no
# effect is left to apply in layer 2. A change that lasts only a while, or gives haste, isn't
# matched (it is an effect the state lists: Act of Treason).
_CONTROL_OF_SELF = re.compile(
    r"^(?:[^:\"]+: |(?:When|Whenever|At) [^,:\"]+, (?:if [^,:\"]+, )?|If you do, )?"
    r"(?:(?:An|Target|Each|target) opponent(?: chosen at random)?|[Tt]arget player|"
    r"that creature's controller|that player|[Ii]ts controller|[Tt]he player to your "
    r"(?:right|left)|the player with the most life|the attacking player)"
    r"(?: draws (?:a|two|three|four) cards? and)? gains control of "
    r"(?:~|any number of [A-Z][a-z]+s you control)"
    # Untapping it and counters put on it are facts of the state too.
    r"(?: and untaps it|, untaps it, and puts an? [+\w/-]+ counter on it)?"
    r"(?: at the beginning of the next end step)?\.$"
)
_OWNERS_REGAIN = re.compile(
    r"^(?:[^:\"]+: )?Each player gains control of all creatures they own\.$"
)
# Who controls it as it enters: the state's `controller`, and 302.6 reads the turn it came.
_ENTERS_UNDER = re.compile(r"^~ enters under the control of an opponent of your choice\.$")


# 701.12b: an exchange of control for good ("Exchange control of target artifact you control
# and target creature an opponent controls."): once it happened, each permanent's controller in
# the state says who has it, as for the changes above. One for a while (an effect the state
# would list) or on a condition isn't matched.
_EXCHANGE = re.compile(
    r'^(?:[^:"]+: |(?:When|Whenever|At) [^,:"]+, )?(?:you may )?[Ee]xchange control of '
    r'(?P<what>(?:(?!\buntil\b|\bif\b|\bfor as long\b)[^.:"])+)\.$'
)


# A lasting change of control of a group ("[-7]: Gain control of all artifacts target opponent
# controls."), or of a permanent given to another player ("{1}, {T}: Target opponent gains
# control of target artifact you control."): the same, each permanent's controller says it.
_LASTING = r'(?:(?!\buntil\b|\bif\b|\bfor as long\b|\bthis turn\b)[^.:"])+'
_GROUP_FOR_GOOD = re.compile(
    rf'^(?:[^:"]+: |(?:When|Whenever|At) [^,:"]+, )?[Gg]ain control of (?:all|each) {_LASTING}\.$'
)
_GIVEN_AWAY = re.compile(
    r'^(?:[^:"]+: |(?:When|Whenever|At) [^,:"]+, )?(?:[Tt]arget (?:opponent|player)|'
    rf"[Tt]hat player) gains control of (?:another )?target {_LASTING} you control\.$"
)


def state_control(sentence: str) -> bool:
    """A lasting control change the state's controllers show once it happened (above)."""
    return bool(
        _CONTROL_OF_SELF.match(sentence)
        or _OWNERS_REGAIN.match(sentence)
        or _ENTERS_UNDER.match(sentence)
        or _EXCHANGE.match(sentence)
        or _GROUP_FOR_GOOD.match(sentence)
        or _GIVEN_AWAY.match(sentence)
    )


# 602.5: an Aura that locks what it enchants. What it says besides (no attacking or blocking,
# no untapping in the untap step) changes nothing the engine rules on: the state says whether
# a permanent is tapped. Only these riders are read: any other is left not understood.
_ENCHANTED_LOCKED = re.compile(
    r"^(?P<sel>Enchanted (?:creature|permanent|artifact|land))"
    r"(?:'s| (?:can't attack or block|can't attack, block, or crew Vehicles|can't block|"
    r"doesn't untap during its controller's untap step),? and its) "
    r"activated abilities can't be activated(?P<unless> unless they're mana abilities)?\.$"
)
# 602.5: every permanent of some kinds ("Activated abilities of artifacts can't be activated."),
# maybe sparing mana abilities.
_KINDS_LOCKED = re.compile(
    r"^Activated abilities of (?P<sel>[^.]+?) can't be activated"
    r"(?P<unless> unless they're mana abilities)?\.$"
)
_WITH_CHOSEN_NAME = _CHOSEN_NAME.rstrip()  # at the end of the phrase
# The lock as a sentence of its own after the Aura's other restrictions: "Enchanted creature
# can't attack or block. Its activated abilities can't be activated."
_ITS_LOCKED = re.compile(
    r"^Its activated abilities can't be activated(?P<unless> unless they're mana abilities)?\.$"
)
_ENCHANTED_SUBJECT = re.compile(r"^(?P<sel>Enchanted (?:creature|permanent|artifact|land)) ")


def _lock_words(sentence: str, previous: str | None) -> tuple[str, bool] | None:
    """What a lock sentence locks, in words, and whether it spares mana abilities."""
    m = _ENCHANTED_LOCKED.match(sentence) or _KINDS_LOCKED.match(sentence)
    if m is not None:
        return m.group("sel"), bool(m.group("unless"))
    its = _ITS_LOCKED.match(sentence)
    subject = _ENCHANTED_SUBJECT.match(previous) if previous is not None else None
    if its is None or subject is None:
        return None
    return subject.group("sel"), bool(its.group("unless"))


def activation_forbidden(
    sentence: str, *, chooses_name: bool, previous: str | None = None
) -> ir.Understood | None:
    """A static ability saying some permanents' activated abilities can't be activated: their
    mana abilities too (602.5, 605.1a: a mana ability is an activated one), or all but those
    ("... unless they're mana abilities"), which still forbids an ability that makes mana but
    is no mana ability (605.1a: it has a target). Those "with the chosen name" are read only on
    a card that chooses a name as it enters (`chooses_name`; 201.3: the permanent's
    `chosen_name`); "Its activated abilities ..." after a sentence about the enchanted
    permanent (`previous`) locks that one. None for a phrase a selector can't say exactly."""
    words = _lock_words(sentence, previous)
    if words is None:
        return None
    (phrase, spares), named = words, False
    if phrase.endswith(_WITH_CHOSEN_NAME):
        if not chooses_name:
            return None
        phrase, named = phrase.removesuffix(_WITH_CHOSEN_NAME), True
        # The engine rules on permanents' abilities: of all sources, those are the ones at stake.
        phrase = "permanents" if phrase == "sources" else phrase
    found = selector(phrase)
    if found is None:
        return None
    sel, plural = found
    if sel.attached == plural:  # "Enchanted creature" is one; "artifacts" are many
        return None
    return ir.Understood(
        abilities=[ir.Forbid(sel, chosen_name=named, except_mana_abilities=spares)]
    )


# A resolved one-shot's lock on its one target (602.5, 611.2a: "until your next turn" lasts this
# turn too): "... target artifact can't attack or block and its activated abilities can't be
# activated", "... up to one target creature gets -2/-0 and its activated abilities can't be
# activated"; or, after a sentence that targeted it, "Its activated abilities can't be
# activated this turn." The entry of the
# state's effects names the locked permanent as its `target` (docs/api.md).
_LOCKS_TARGET = re.compile(
    r'^(?:[^:"]+: |(?:When|Whenever|At) [^,:"]+, )?(?:Until (?:end of turn|your next turn), )?'
    r"(?:[Uu]p to one )?[Tt]arget (?P<what>[a-z ]+?)"
    r"(?: gets [+-]\d+/[+-]\d+ and| can't attack or block,? and) its activated abilities "
    r"can't be activated(?: this turn)?\.$"
)
_LOCKS_IT = re.compile(
    r"^(?:Until (?:end of turn|your next turn), )?(?:[Ii]ts|[Ii]t can't attack or block, and its|"
    r"That permanent's) activated abilities can't be activated(?: this turn)?\.$"
)


# 701.35a: to detain a permanent is to lock it until its detainer's next turn (no attacking or
# blocking, no activated abilities): "When ~ enters, detain target creature an opponent
# controls." Several detained (up to two targets, or each of a group an opponent controls,
# maybe below some mana value) are one entry each, as a group's haste is
# (611.2c: those there as it resolved).
_DETAINS = re.compile(
    r'^(?:[^:"]+: |(?:When|Whenever|At) [^,:"]+, )?[Dd]etain '
    r"(?:(?:up to (?:one|two|three) )?target|each) (?P<what>[a-z ]+?) "
    r"(?:an opponent controls|your opponents control)(?: with mana value \d+ or less)?\.?$"
)


def effect_lock(sentence: str, previous: str | None) -> ir.Forbid | None:
    """A resolved one-shot's lock on its one target (above), a detained one's among them;
    `previous`: the sentence before, which must target one permanent for "its" to be that
    target."""
    if (m := _LOCKS_TARGET.match(sentence) or _DETAINS.match(sentence)) is not None:
        # Each of several detained is an object of its own entry: "creatures" as "creature".
        what = re.sub(r"(?<=[a-z])s\b", "", m.group("what"))
        return ir.Forbid(ir.Sel(attached=True), effect=True) if _one_object(what) else None
    if _LOCKS_IT.match(sentence) is None or previous is None:
        return None
    targeted = re.findall(r"\btarget\b", previous)
    if len(targeted) != 1 or re.search(r"\btargets\b|\bspell\b|\bability\b", previous):
        return None
    return ir.Forbid(ir.Sel(attached=True), effect=True)


_ETB_LEAD = re.compile(r"^When ~ enters(?: the battlefield)?, (?P<rest>.+)$")


def etb_control(sentence: str) -> ir.Control | None:
    """ "When ~ enters, gain control of target artifact creature until end of turn.": the resolved
    trigger is an entry of the state's effects whose `target` is that creature (603, 613.1b)."""
    m = _ETB_LEAD.match(sentence)
    if m is None:
        return None
    rest = m.group("rest")
    found = control(rest[0].upper() + rest[1:], effect=True)
    return found if found is not None and found.of == "target" else None


# "{3}{R}: Gain control of target creature with power 4 or less until end of turn.", "When ~
# enters, if it was kicked, gain control of target artifact or creature until end of turn.": a
# permanent's activation or trigger taking one target for the turn. The target's restrictions
# were met when it was chosen, so whatever they say, the entry's `target` is the one (613.1b).
# However long it lasts ("for as long as you control ~", for good), an entry stands for it
# while it is in force (docs/api.md `effects`).
_TAKE_ONE = re.compile(
    r'^(?:[^:"]+: |(?:When|Whenever|At) [^,:"]+, (?:if [^,:"]+, )?)(?:you may )?'
    # "up to one target": an entry stands for the one chosen (none chosen, no entry); "you
    # may": one taken; untapped first, a fact the state shows.
    r"(?:[Gg]ain control of (?:another )?(?:up to one )?target "
    r"(?P<what>[a-z][^.:\"]*?|[A-Z][a-z]+)"
    r"|[Uu]ntap target (?P<untapped>[a-z][^.:\"]*?|[A-Z][a-z]+) and gain control of it)"
    r"(?: until end of turn| for as long as (?:you control ~(?: and ~ remains tapped)?|"
    r"~ remains (?:tapped|on the battlefield)))?\.$"
)
_ONE_OBJECT = re.compile(
    # A color or "monocolored" first ("target monocolored creature"): met as it was chosen.
    r"^(?:(?:white|blue|black|red|green|colorless|monocolored|multicolored) )?"
    r"(?:(?:non)?(?:artifact|creature|permanent|land|legendary|enchantment)|Vehicle)\b"
)


def take_one(sentence: str) -> ir.Control | None:
    """A permanent's one-shot control change of its one target for the turn (above)."""
    m = _TAKE_ONE.match(sentence)
    if m is None or not _one_object(m.group("what") or m.group("untapped")):
        return None
    return ir.Control("target", effect=True, lasting=lasting(sentence))


def _one_object(what: str) -> bool:
    """Whether "target <what>" names one permanent the entry can stand for: not a spell, not
    several targets, and no condition left to check as it resolves ("if its toughness is 2 or
    less") or choice by another player."""
    if re.search(r"\btargets?\b|\beach\b|\bspells?\b|\bif\b|\bchoice\b", what):
        return False
    if re.search(r"\bhaste\b|\bgains?\b|\buntaps?\b", what):
        return False  # a rider (haste, an untap) the phrase would swallow: never drop it
    # "target Dragon": a creature type alone names a permanent too (205.3m).
    return _ONE_OBJECT.match(what) is not None or subtype_word(what, plural=False) is not None


# "If you do, untap it and it gains haste ..." after "you may gain control of target ...": the
# entry means it was taken, so the untap (a fact the state shows) and the haste went with it.
_IF_YOU_DO_UNTAP = re.compile(
    r"^If you do, untap (?:it|that creature|that permanent) and (?P<rest>it gains .+)$"
)


def then_haste(sentence: str, previous: ir.Control) -> ir.Control | None:
    if previous.of != "target":
        return None
    if (untapped := _IF_YOU_DO_UNTAP.match(sentence)) is not None and not previous.group:
        sentence = "It" + untapped.group("rest")[2:]
    if previous.group:
        # "They gain haste": each object taken, in its own entry.
        return replace(previous, haste=True) if _GROUP_HASTE.match(sentence) else None
    # "It gains lifelink and haste until end of turn": the other keywords change nothing the
    # engine rules on; the haste goes with the control change to the same creature.
    then = _THEN_HASTE.match(sentence)
    if (then is not None and "Add " not in (then.group("quoted") or "")) or (
        sentence.startswith(("It ", "That creature ", "That permanent "))
        and gains_haste_effect(sentence) is not None
    ):
        return replace(previous, haste=True)
    return None


def untap_it(sentence: str, previous: ir.Control) -> bool:
    """The untap after a control change: of the one object, or of each of the group."""
    return bool((_UNTAP_THEM if previous.group else _UNTAP_IT).match(sentence))


def enters_with_x(sentence: str) -> ir.EntersWithX | None:
    m = _ENTERS_X.match(sentence)
    return ir.EntersWithX(m.group(1)) if m else None


# How the permanent enters (614.1c, 614.12): "As ~ enters, ...", "~ enters with ...", "If X is 5
# or more, it enters with ...", "If ~ was kicked, it enters with ...", "You may have ~ enter as
# a copy ..., except ...".
_ETB_REPLACEMENT = re.compile(
    r"^(?:As ~ enters(?: the battlefield)?, |~ enters(?: the battlefield)? |"
    r"If (?:X is [^,]+|~ was kicked), (?:it|~) enters |You may have ~ enter )"
)


def etb_replacement_uses_x(sentence: str) -> ir.EtbReplacementUsesX | None:
    """107.3m: a replacement effect on how the permanent enters that refers to X uses the X
    paid for the spell, as an ETB trigger does."""
    if _ETB_REPLACEMENT.match(sentence) is None or not re.search(r"\bX\b", sentence):
        return None
    if re.search(r"\bwhere X\b|\bX is (?:the|equal)\b", sentence):
        return None  # an X of its own, not the spell's (107.3m doesn't apply): never guess
    return ir.EtbReplacementUsesX(sentence.replace("~", "it").removesuffix("."))


def etb_uses_x(sentence: str) -> ir.EtbUsesX | None:
    """107.3m: an ETB ability that refers to X uses the X paid for the spell."""
    m = _ETB.match(sentence)
    if m is None or not re.search(r"\bX\b", m.group("rest")):
        return None
    if re.search(r"\bX is\b|\bwhere X\b", m.group("rest")):
        return None  # an X of its own, not the spell's (107.3m doesn't apply): never guess
    return ir.EtbUsesX("when it enters: " + m.group("rest").removesuffix("."))


_MULLIGAN_HELPER = re.compile(
    r"^(?:While|Any time) you (?:may|could) (?:take a )?mulligan and ~ is in your hand, you may "
    r"exile (?:your hand|all (?:of )?the cards (?:from|in) your hand),? (?:and )?(?:then )?draw "
    r"(?:as many|that many) cards\.?$",
    re.IGNORECASE,
)


def mulligan_helper(sentence: str) -> ir.MulliganHelper | None:
    """103.5: instead of taking a mulligan, exile the hand (this card with it) and draw anew."""
    return ir.MulliganHelper() if _MULLIGAN_HELPER.match(sentence) else None
