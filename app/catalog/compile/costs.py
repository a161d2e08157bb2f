"""Costs of casting (118.8 additional, 118.9 alternative): keyword costs named by the keyword,
the others by what they ask (docs/api.md: Force of Will's is "Exile a blue card")."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Literal

from app.catalog.compile import ir
from app.catalog.compile.phrases import (
    COST_MANA,
    NUMBER,
    list_items,
    number,
    selector,
    subtype_word,
)

# Keyword -> (alternative?, rule). Alternative costs are paid instead of the mana cost (118.9);
# additional ones on top of it, all of these optional (118.8).
KEYWORD_COSTS: dict[str, tuple[bool, str]] = {
    "Evoke": (True, "702.74"),
    "Flashback": (True, "702.34"),
    "Overload": (True, "702.96"),
    "Dash": (True, "702.109"),
    "Madness": (True, "702.35"),
    "Escape": (True, "702.138"),
    "Emerge": (True, "702.119"),
    "Surge": (True, "702.117"),
    "Spectacle": (True, "702.137"),
    "Prowl": (True, "702.76"),
    "Foretell": (True, "702.143"),
    "Bestow": (True, "702.103"),
    "Blitz": (True, "702.152"),
    "Miracle": (True, "702.94"),
    "Awaken": (True, "702.113"),
    "Mutate": (True, "702.140"),
    "Disturb": (True, "702.146"),
    "Cleave": (True, "702.148"),
    "Freerunning": (True, "702.173"),
    # 702.187b: cast from the graveyard, the turn it was discarded, for this cost instead.
    "Mayhem": (True, "702.187"),
    # Each "cast ... by paying [cost] rather than its mana cost", from wherever it allows: from
    # the hand (warp), the graveyard (harmonize), returning a creature (web-slinging, sneak).
    "Harmonize": (True, "702.180"),
    "Warp": (True, "702.185"),
    "Web-slinging": (True, "702.188"),
    "Sneak": (True, "702.190"),
    "Kicker": (False, "702.33"),
    "Multikicker": (False, "702.33c"),
    "Buyback": (False, "702.27"),
    "Entwine": (False, "702.42"),
    "Replicate": (False, "702.56"),
    "Squad": (False, "702.157"),
    "Offspring": (False, "702.175"),
    "Conspire": (False, "702.78"),
}
# Optional additional costs without mana that the keyword line says whole: a bare keyword and
# what it asks.
_BARE_WORDED_COSTS: dict[str, str] = {
    "Bargain": "sacrifice an artifact, enchantment or token as you cast it",
    "Conspire": "tap two untapped creatures you control that share a color with it",
    # 702.81a, 702.133a: the permission to cast it from the graveyard comes with an additional
    # cost, paid only when cast that way.
    "Retrace": "discard a land card, when you cast it from your graveyard this way",
    "Jump-start": "discard a card, when you cast it from your graveyard this way",
}
# The same with a parameter in the keyword: the pattern, the cost's name and what it asks ({p}:
# the parameter).
_WORDED_COSTS: tuple[tuple[re.Pattern[str], str, str], ...] = (
    (
        re.compile(r"^Casualty (?P<p>\d+|X)$"),
        "Casualty",
        "sacrifice a creature with power {p} or greater as you cast it",
    ),
    # 702.174: "Gift a card", "Gift a tapped Fish": promising the gift to an opponent as the
    # spell is cast (what the gift is changes nothing it costs).
    (
        re.compile(r"^Gift (?P<p>an? [A-Za-z ]+)$"),
        "Gift",
        "promise an opponent a gift ({p}) as you cast it",
    ),
)

# Keywords that change how a spell is cast or paid for, which the engine doesn't model: a face
# with one is partial rather than wrong.
# (Convoke, Delve, Improvise and Assist are ways to pay a cost, not changes to it: 702.51a.)
# Impending is an alternative cost too (702.176), but the permanent it makes isn't a creature
# while it has time counters, a type change the engine doesn't read: the face stays partial.
# A prototype line that `prototype` below reads is compiled; any other one is reported.
UNMODELLED_CASTING = (
    "Impending",
    "Spree",
    "Prototype",
    "Tiered",
)
# 702.160a: "Prototype {1}{W} — 2/2": the other mana cost and size it may be cast with.
_PROTOTYPE = re.compile(
    rf"^Prototype (?P<mana>{COST_MANA}) — (?P<power>\d+|\*)/(?P<toughness>\d+|\*)$"
)


def prototype(line: str) -> tuple[str, str, str] | None:
    """The prototype mana cost, power and toughness of a "Prototype ..." line."""
    m = _PROTOTYPE.match(line.removesuffix("."))
    return (m.group("mana"), m.group("power"), m.group("toughness")) if m else None


_KEYWORD_COST = re.compile(
    rf"^(?P<kw>[A-Z][a-z]+(?:-[a-z]+)?)(?: (?P<n>\d+))?"
    rf"(?:(?: (?P<mana>{COST_MANA}))|—(?P<rest>.+))$"
)


def keyword_cost(line: str) -> ir.CastingCost | None:
    """A keyword cost line ("Kicker {2}{G}", "Flashback—Sacrifice a creature.")."""
    line = line.removesuffix(".")
    if (bare := _BARE_WORDED_COSTS.get(line)) is not None:
        return ir.CastingCost(line, alternative=False, optional=True, summary=bare)
    for pattern, name, asks in _WORDED_COSTS:
        if worded := pattern.match(line):
            summary = asks.format(p=worded.groupdict().get("p"))
            return ir.CastingCost(name, alternative=False, optional=True, summary=summary)
    m = _KEYWORD_COST.match(line)
    if m is None or m.group("kw") not in KEYWORD_COSTS:
        return None
    keyword = m.group("kw")
    if m.group("n") and keyword not in ("Awaken",):
        return None
    alternative, _rule = KEYWORD_COSTS[keyword]
    mana, summary = m.group("mana"), ""
    if m.group("rest") is not None:
        parts = re.split(r",\s*", m.group("rest"))
        if re.fullmatch(COST_MANA, parts[0]):
            mana, parts = parts[0], parts[1:]
        summary = ", ".join(p[0].lower() + p[1:] for p in parts if p)
        if " and/or " in m.group("rest") or (" or " in summary and keyword == "Kicker"):
            return None
    return ir.CastingCost(
        keyword, alternative=alternative, optional=True, mana=mana, summary=summary
    )


_TWO_KICKERS = re.compile(rf"^Kicker (?P<a>{COST_MANA}) and/or (?P<b>{COST_MANA})$")


def two_kickers(line: str) -> list[ir.CastingCost] | None:
    """702.33b: "Kicker [cost 1] and/or [cost 2]" is two kicker costs, either or both paid;
    each is named by the keyword and its cost ("Kicker {1}{B}"), so a question can say which."""
    m = _TWO_KICKERS.match(line.removesuffix("."))
    if m is None or m.group("a") == m.group("b"):
        return None
    return [
        ir.CastingCost(f"Kicker {mana}", alternative=False, optional=True, mana=mana)
        for mana in (m.group("a"), m.group("b"))
    ]


_RATHER = re.compile(
    r"^(?:(?P<cond>If [^,]+), )?[Yy]ou may (?P<cost>.+?) rather than pay (?:this spell's|~'s) "
    r"mana cost\.$"
)
_RATHER_FIRST = re.compile(
    r"^(?:(?P<cond>If [^,]+), )?rather than pay (?:this spell's|~'s) mana cost, you may "
    r"(?P<cost>.+)\.$"
)
_FREE = re.compile(r"^(?:(?P<cond>If [^,]+), )?you may cast ~ without paying its mana cost\.$")
_ADDITIONAL = re.compile(
    r"^As an additional cost to cast (?:this spell|~), (?P<may>you may )?(?P<cost>.+)\.$"
)
_PAY_LIFE = re.compile(rf"^pay ({NUMBER}) life$")
_PAY_MANA = re.compile(rf"^pay ({COST_MANA})$")


def _named(cost: str) -> tuple[str, str | None]:
    """The name of a non-keyword cost (what it asks beyond mana and life) and its mana."""
    parts = list_items(cost)
    mana: str | None = None
    rest: list[str] = []
    for part in parts:
        if m := _PAY_MANA.match(part):
            mana = (mana or "") + m.group(1)
        elif not _PAY_LIFE.match(part):
            rest.append(part)
    if rest:
        name = re.sub(r" from your (?:hand|graveyard)$", "", rest[0])
    else:
        name = parts[0] if parts else cost
    return name[0].upper() + name[1:], mana


def alternative_sentence(sentence: str) -> ir.CastingCost | None:
    if m := _FREE.match(
        sentence[0].lower() + sentence[1:] if sentence.startswith("You") else sentence
    ):
        # 118.9: casting without paying the mana cost is itself an alternative cost.
        summary = "cast without paying its mana cost"
        if m.group("cond"):
            summary = f"{m.group('cond')[0].lower()}{m.group('cond')[1:]}: " + summary
        return ir.CastingCost("Without paying its mana cost", alternative=True, summary=summary)
    m = _RATHER.match(sentence) or _RATHER_FIRST.match(sentence)
    if m is None:
        return None
    cost = m.group("cost")
    if " or " in cost:  # a choice of costs: name it as asked, keep the whole as summary
        name, mana = cost[0].upper() + cost[1:], None
    else:
        name, mana = _named(cost)
    summary = f"instead of the mana cost, {cost}"
    if m.group("cond"):
        summary = f"{m.group('cond')[0].lower()}{m.group('cond')[1:]}: " + summary
    return ir.CastingCost(name, alternative=True, optional=True, mana=mana, summary=summary)


def additional_sentence(sentence: str) -> ir.CastingCost | None:
    m = _ADDITIONAL.match(sentence)
    if m is None:
        return None
    cost = m.group("cost")
    if " or " in cost:
        name, mana = cost[0].upper() + cost[1:], None
    else:
        name, mana = _named(cost)
        if len(re.split(r",? and |, ", cost)) > 1:
            name = cost[0].upper() + cost[1:]  # two things asked: the name says both
    optional = m.group("may") is not None
    summary = ("may " if optional else "must ") + cost + " as it is cast"
    return ir.CastingCost(name, alternative=False, optional=optional, mana=mana, summary=summary)


# 601.2f: the spell's own cost increase or reduction. What follows "to cast" says how often or
# when (kept in the card's words); a second amount in it ("and {2} less for each ...") or a
# change for one way of casting it only ("to cast this way, ...") is not read. ("For each card
# exiled this way" counts what an additional cost took: a change of every cast.)
_COST_CHANGE = re.compile(
    rf"^~ costs (?P<mana>{COST_MANA}) (?P<dir>less|more) to cast(?:,? (?P<when>.+?))?\.$"
)
_NOT_ONE_CHANGE = re.compile(rf"^this way\b|{COST_MANA} (?:less|more)\b|\b(?:less|more) to cast\b")
# 118.7a: a reduction of generic mana ({N}, {X}) is modelled; one of colored mana is not.
_GENERIC = re.compile(r"^\{(?:\d+|X)\}$")
# Keywords that stand for a cost reduction: "Affinity for [quality]" (702.41a), undaunted
# (702.125a), each {1} less for each one.
COST_CHANGE_KEYWORDS = ("Affinity for", "Undaunted")
_AFFINITY = re.compile(r"^Affinity for (?P<what>[A-Za-z][A-Za-z -]*)$")


def cost_change_sentence(sentence: str) -> ir.CostChange | None:
    """ "~ costs {1} less to cast for each ...", "~ costs {2}{R} more to cast if ..."."""
    m = _COST_CHANGE.match(sentence)
    if m is None:
        return None
    when = m.group("when") or ""
    increase = m.group("dir") == "more"
    if _NOT_ONE_CHANGE.search(when) or (not increase and not _GENERIC.match(m.group("mana"))):
        return None
    counted = _FOR_EACH_YOU_CONTROL.match(when)
    for_each = _permanents_counted(counted.group("what"), plural=False) if counted else None
    return ir.CostChange(increase, m.group("mana"), when, for_each=for_each)


# "for each artifact you control": permanents of the caster's a board can count (a plain
# selector phrase; "other", "attacking" and the like are kept as words only).
_FOR_EACH_YOU_CONTROL = re.compile(r"^for each (?P<what>[A-Za-z][A-Za-z -]* you control)$")


def _permanents_counted(phrase: str, *, plural: bool | None) -> ir.Sel | None:
    """The permanents a phrase counts; `plural`: the number it must be in (None: either,
    for a word that is its own plural, "Equipment")."""
    if plural is None:
        found = selector(phrase) or selector(phrase, singular=True)
    else:
        found = selector(phrase, singular=not plural)
    if found is None or plural not in (None, found[1]):
        return None
    sel = found[0]
    if sel.attached or sel.source or sel.other or sel.controller != "you":
        return None
    return sel


def keyword_cost_change(part: str) -> ir.CostChange | None:
    """Affinity for [quality] (702.41a) and undaunted (702.125a): {1} less for each."""
    if part == "Undaunted":
        return ir.CostChange(False, "{1}", "for each opponent you have", keyword="Undaunted")
    if m := _AFFINITY.match(part):
        what = m.group("what")
        counted = _permanents_counted(f"{what} you control", plural=None)
        return ir.CostChange(
            False, "{1}", f"for each of the {what} you control", "Affinity", for_each=counted
        )
    return None


# 601.2f: a permanent's static ability that makes other spells cost more or less ("[kind]
# spells [you cast] cost {N} more/less to cast [condition]", "each [kind] spell costs ...") or
# sets the least they cost ("each spell that would cost less than N mana to cast costs N mana
# to cast"). Who casts them and what they are make the selector; a trailing condition, or
# which spells they must target, is kept in the card's words as `when`. Anything else said of
# the spells (a mana value, a keyword, "of the chosen type", "other", where they are cast
# from, "this turn", "the first ... each turn") is not read.
_UNTAPPED = r"(?P<untapped>As long as ~ is untapped, )?"
# A leading turn: "During your turn, spells you cast ...", "During turns other than yours, ...".
_LEADING_TURN = r"(?:(?P<turn>During your turn|During turns other than yours), )?"
_SPELL_COST_CHANGE = re.compile(
    rf"^{_UNTAPPED}{_LEADING_TURN}(?P<subject>.+?) (?P<verb>costs?) (?P<mana>{COST_MANA}) "
    r"(?P<dir>more|less) to cast(?:,? (?P<when>.+?))?\.$"
)
# Conditions read as data rather than kept as words: whose turn it is, and the spells the
# caster cast before this one this turn (a state fact the engine reads).
_DURING: dict[str, ir.During] = {
    "During your turn": "your_turn",
    "During turns other than yours": "not_your_turn",
    "during your turn": "your_turn",
    "except during your turn": "not_your_turn",
    "during its controller's turn": "casters_turn",
    "except during its controller's turn": "not_casters_turn",
}
_PER_OTHER_SPELL = re.compile(
    r"^for each other spell (?:that player|its caster|they) (?:has|have) cast this turn$"
)
# "The second spell you cast each turn": the caster's n-th spell of the turn, any spell.
_NTH_SPELL = re.compile(
    r"^The (?P<nth>first|second|third) spell (?P<caster>you cast|your opponents cast|each "
    r"opponent casts|a player casts|each player casts) each turn$"
)
_NTH = {"first": 1, "second": 2, "third": 3}
_SPELL_COST_MINIMUM = re.compile(
    rf"^{_UNTAPPED}(?P<subject>[Ee]ach .+?) that would cost less than (?P<n>{NUMBER}) mana to "
    rf"cast costs (?P<m>{NUMBER}) mana to cast\.$"
)
# "Spells", "Instant and sorcery spells you cast", "Red spells and white spells your opponents
# cast", "Spells your opponents cast that target ~": plural, with "cost".
_SPELLS = re.compile(
    r"^(?P<noun>.*?\b[Ss]pells)(?: (?P<caster>you cast|your opponents cast))?"
    r"(?: (?P<during>during your turn))?(?: (?P<target>that target .+))?$"
)
# "Each spell", "Each artifact spell", "Each spell a player casts": singular, with "costs".
_EACH_SPELL = re.compile(
    r"^Each (?:(?P<noun>.+?) )?spell"
    r"(?: (?P<caster>you cast|your opponents cast|an opponent casts|a player casts))?"
    r"(?: (?P<target>that targets .+))?$"
)
_CASTERS: dict[str | None, Literal["you", "opponent", "any"]] = {
    None: "any",
    "a player casts": "any",
    "each player casts": "any",
    "you cast": "you",
    "your opponents cast": "opponent",
    "an opponent casts": "opponent",
    "each opponent casts": "opponent",
}
# The conditions a trailing phrase may open with: how often ("for each ..."), what X is, or
# when it applies ("if ...", "except during ...", "as long as ...", "during ...").
_WHEN = re.compile(r"^(?:for each|where X is|if|except|as long as|during)\b")
_SPELL_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_SPELL_TYPES = frozenset(
    {"artifact", "creature", "enchantment", "instant", "sorcery", "planeswalker", "battle"}
)
_SPELL_SUPERTYPES = frozenset({"legendary", "snow"})
# Capitalized words before "spells" that name no subtype: "premium" (a foil card), "tribal"
# (the former name of the kindred card type).
_NO_SUBTYPE = frozenset({"Premium", "Tribal"})


def spell_cost_sentence(sentence: str) -> ir.SpellCostChange | ir.SpellCostMinimum | None:
    """A static ability changing what other spells cost (above); None for any other sentence
    and for a variant not read exactly."""
    if (low := _SPELL_COST_MINIMUM.match(sentence)) is not None:
        return _spell_cost_minimum(low)
    m = _SPELL_COST_CHANGE.match(sentence)
    if m is None:
        return None
    subject, nth = m.group("subject"), None
    found: tuple[ir.Spells, str | None, str | None] | None
    if (ordinal := _NTH_SPELL.match(subject)) is not None:
        if m.group("verb") != "costs":
            return None
        nth = _NTH[ordinal.group("nth")]
        found = (ir.Spells(controller=_CASTERS[ordinal.group("caster")]), None, None)
    else:
        found = _spells_of(subject, singular=m.group("verb") == "costs")
    if found is None:
        return None
    spells, target, during = found
    when = m.group("when") or ""
    if "chosen" in when:
        return None  # a choice made for the permanent (201.3, 205.3m) isn't read
    increase = m.group("dir") == "more"
    mana = m.group("mana")
    if not increase and not _GENERIC.match(mana):
        return None  # 118.7a: a reduction of colored mana is not modelled
    turns = [t for t in (m.group("turn"), during, when if when in _DURING else None) if t]
    per_other = _PER_OTHER_SPELL.match(when) is not None
    if len(turns) > 1:
        return None  # two turns said: not one plain condition
    if turns or per_other:
        when = ""  # read as data below
    if when and (target or not _WHEN.match(when) or _NOT_ONE_CHANGE.search(when)):
        return None
    if "X" in mana and not when.startswith("where X is"):
        return None  # an X the sentence doesn't define
    when = when or target or ""
    if len(when) > 300:
        return None
    return ir.SpellCostChange(
        spells,
        increase,
        mana,
        when,
        while_untapped=m.group("untapped") is not None,
        during=_DURING[turns[0]] if turns else None,
        nth_spell_this_turn=nth,
        per_other_spell_this_turn=per_other,
    )


def _spell_cost_minimum(m: re.Match[str]) -> ir.SpellCostMinimum | None:
    least, total = number(m.group("n")), number(m.group("m"))
    found = _spells_of(m.group("subject"), singular=True)
    if found is None or found[1:] != (None, None) or least != total or not total or total > 20:
        return None
    return ir.SpellCostMinimum(found[0], total, while_untapped=m.group("untapped") is not None)


def _spells_of(subject: str, *, singular: bool) -> tuple[ir.Spells, str | None, str | None] | None:
    """The spells a subject names, the "that target ..." clause it has, if any, and the turn
    it names ("spells your opponents cast during your turn")."""
    subject = subject[0].upper() + subject[1:]
    m = (_EACH_SPELL if singular else _SPELLS).match(subject)
    if m is None:
        return None
    noun = m.group("noun") or ""
    raw = list_items(noun) if noun else []
    if not singular:
        # "Artifact and enchantment spells" or "Red spells and white spells": the last item
        # names the spells; the others all do too, or none of them.
        ends = [item.lower().endswith("spells") for item in raw]
        if not ends[-1] or (any(ends[:-1]) and not all(ends[:-1])):
            return None
        raw = [
            item[: -len("spells")].strip() if end else item
            for item, end in zip(raw, ends, strict=True)
        ]
        if raw == [""]:
            raw = []
    items = [_spell_words(item.split(" ")) for item in raw if item]
    if len(items) != len(raw) or None in items:
        return None
    spells = _any_of([i for i in items if i is not None])
    if spells is None:
        return None
    during = m.groupdict().get("during")
    return replace(spells, controller=_CASTERS[m.group("caster")]), m.group("target"), during


def _spell_words(words: list[str]) -> ir.Spells | None:
    """One item of the list: its color, card type, subtype and further conditions, each word
    known ("black creature", "noncreature", "Goblin", "legendary")."""
    colors: list[str] = []
    types: list[str] = []
    subtypes: list[str] = []
    not_types: list[str] = []
    supertypes: list[str] = []
    colorless = False
    for word in words:
        lower = word.lower()
        if lower in _SPELL_COLORS:
            colors.append(_SPELL_COLORS[lower])
        elif lower == "colorless":
            colorless = True
        elif lower in _SPELL_TYPES:
            types.append(lower)
        elif lower.startswith("non") and lower[3:] in _SPELL_TYPES:
            not_types.append(lower[3:])
        elif lower in _SPELL_SUPERTYPES:
            supertypes.append(lower)
        elif word[:1].isupper() and "-" not in word and word not in _NO_SUBTYPE:
            subtype = subtype_word(word, plural=False)
            if subtype is None:
                return None
            subtypes.append(subtype)
        else:
            return None
    if len(colors) > 1 or len(types) > 1 or len(subtypes) > 1 or (colorless and colors):
        return None  # "artifact creature spells": both types, which any-of lists can't say
    return ir.Spells(
        types=tuple(types),
        subtypes=tuple(subtypes),
        colors=tuple(colors),
        colorless=colorless,
        not_types=tuple(not_types),
        supertypes=tuple(supertypes),
    )


_ANY_OF = ("colors", "types", "subtypes")


def _any_of(items: list[ir.Spells]) -> ir.Spells | None:
    """The spells any item of the list names: items alike but for one color, one card type or
    one subtype each ("instant and sorcery", "Goblin spells and Rogue spells"), as that field's
    any-of; None when they differ otherwise."""
    if not items:
        return ir.Spells()
    if len(items) == 1:
        return items[0]
    varying = [name for name in _ANY_OF if len({getattr(item, name) for item in items}) > 1]
    if len(varying) != 1:
        return None
    name = varying[0]
    if any(len(getattr(item, name)) != 1 for item in items):
        return None
    alike = {_with(item, name, ()) for item in items}
    if len(alike) != 1:
        return None
    values = tuple(dict.fromkeys(getattr(item, name)[0] for item in items))
    return _with(items[0], name, values)


def _with(spells: ir.Spells, name: str, values: tuple[str, ...]) -> ir.Spells:
    """The spells with one any-of field (`_ANY_OF`) set to these values."""
    match name:
        case "colors":
            return replace(spells, colors=values)
        case "types":
            return replace(spells, types=values)
        case _:
            return replace(spells, subtypes=values)
