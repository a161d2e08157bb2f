"""Costs of casting (118.8 additional, 118.9 alternative): keyword costs named by the keyword,
the others by what they ask (docs/api.md: Force of Will's is "Exile a blue card")."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
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
    # 702.176a: the permanent enters with time counters and isn't a creature while it has one
    # (faces.py reads that as a type change of its own).
    "Impending": (True, "702.176"),
    # 702.162a: cast converted (transformed) by paying this rather than its mana cost.
    "More Than Meets the Eye": (True, "702.162"),
    "Kicker": (False, "702.33"),
    "Multikicker": (False, "702.33c"),
    "Buyback": (False, "702.27"),
    "Entwine": (False, "702.42"),
    "Replicate": (False, "702.56"),
    "Squad": (False, "702.157"),
    "Offspring": (False, "702.175"),
    "Conspire": (False, "702.78"),
    # 702.120a: paid once for each mode chosen beyond the first.
    "Escalate": (False, "702.120"),
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
    # Teamwork N: tapping any number of creatures with total power N or more as it is cast, an
    # optional additional cost (its reminder text).
    (
        re.compile(r"^Teamwork (?P<p>\d+)$"),
        "Teamwork",
        "tap creatures you control with total power {p} or more as you cast it",
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
# A prototype line that `prototype` below reads is compiled; any other one is reported.
UNMODELLED_CASTING = (
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
    rf"^(?P<kw>More Than Meets the Eye|[A-Z][a-z]+(?:-[a-z]+)?)(?: (?P<n>\d+))?"
    rf"(?:(?: (?P<mana>{COST_MANA}))|—(?P<rest>.+))$"
)


# 702.37c, 702.168a: cast face down as a 2/2 by paying {3} rather than the mana cost, an
# alternative cost; the keyword's own cost turns the permanent face up later.
_FACE_DOWN = ("Morph", "Megamorph", "Disguise")


def _face_down(keyword: str, turn_up: str) -> ir.CastingCost:
    ward = " with ward {2}" if keyword == "Disguise" else ""
    up = turn_up if turn_up.startswith("{") else _lead_lower(turn_up)
    return ir.CastingCost(
        keyword,
        alternative=True,
        optional=True,
        mana="{3}",
        summary=f"cast face down as a 2/2 creature{ward} for {{3}}; turned face up for {up}",
    )


# "Flashback {3}{B}, Pay 3 life.": a mana cost and more, written without the dash. What
# follows starts with a capital: in a list of keywords ("kicker {2}{R}, flashback {3}{R}") the
# next keyword doesn't.
_SPACED_COSTS = re.compile(r"^(?P<kw>[A-Z][a-z]+) (?P<mana>(?:\{[^}]+\})+), (?P<more>[A-Z].+)$")


def _keyword_next(spaced: re.Match[str]) -> bool:
    """Whether what follows the mana is another cost keyword ("Kicker {2}, Flashback {3}")."""
    return re.split(r"[ —]", spaced.group("more"))[0] in KEYWORD_COSTS


def keyword_cost(line: str) -> ir.CastingCost | None:
    """A keyword cost line ("Kicker {2}{G}", "Flashback—Sacrifice a creature.")."""
    line = line.removesuffix(".")
    spaced = _SPACED_COSTS.match(line)
    if spaced is not None and spaced.group("kw") in KEYWORD_COSTS and not _keyword_next(spaced):
        line = f"{spaced.group('kw')}—{spaced.group('mana')}, {spaced.group('more')}"
    if (bare := _BARE_WORDED_COSTS.get(line)) is not None:
        return ir.CastingCost(line, alternative=False, optional=True, summary=bare)
    for pattern, name, asks in _WORDED_COSTS:
        if worded := pattern.match(line):
            summary = asks.format(p=worded.groupdict().get("p"))
            return ir.CastingCost(name, alternative=False, optional=True, summary=summary)
    m = _KEYWORD_COST.match(line)
    if m is not None and m.group("kw") in _FACE_DOWN:
        return _face_down(m.group("kw"), m.group("mana") or m.group("rest") or "")
    if m is None or m.group("kw") not in KEYWORD_COSTS:
        return None
    keyword = m.group("kw")
    if m.group("n") and keyword not in ("Awaken", "Impending"):
        return None
    alternative, _rule = KEYWORD_COSTS[keyword]
    mana, summary = m.group("mana"), ""
    if m.group("rest") is not None:
        parts = re.split(r",\s*", m.group("rest"))
        if re.fullmatch(COST_MANA, parts[0]):
            mana, parts = parts[0], parts[1:]
        summary = ", ".join(_lead_lower(p) for p in parts if p)
        if " and/or " in m.group("rest") or _branches_with_mana(m.group("rest")):
            return None
    if keyword == "Escalate":
        summary = ", ".join(p for p in (summary, "for each mode chosen beyond the first") if p)
    return ir.CastingCost(
        keyword, alternative=alternative, optional=True, mana=mana, summary=summary
    )


def _lead_lower(part: str) -> str:
    """A part of a cost in running text: its first word lowercased, unless it is X (107.3)."""
    return part if part.startswith("X ") else part[0].lower() + part[1:]


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
# "pay {1}{G} any number of times": the mana of one payment (how many is the caster's).
_PAY_MANA = re.compile(rf"^pay ({COST_MANA})(?: any number of times)?$")
# Waterbend {N}: pay {N}, tapping untapped artifacts and creatures for {1} each if one likes;
# like convoke, a way to pay, so the mana is the cost's.
_WATERBEND = re.compile(rf"^waterbend ({COST_MANA})$")


def _named(cost: str) -> tuple[str, str | None]:
    """The name of a non-keyword cost (what it asks beyond mana and life) and its mana."""
    parts = list_items(cost)
    mana: str | None = None
    rest: list[str] = []
    for part in parts:
        if m := (_PAY_MANA.match(part) or _WATERBEND.match(part)):
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


# "You may cast ~ from your graveyard by discarding a card in addition to paying its other
# costs.": a permission to cast it from the graveyard with an additional cost (601.2f), paid
# only when it is cast that way, as retrace's (702.81a). Named by what it asks.
_FROM_GRAVEYARD_BY = re.compile(
    r"^You may cast ~ from your graveyard by (?P<cost>.+) in addition to paying its other "
    r"costs\.$"
)
_GERUNDS = {
    "paying": "pay",
    "discarding": "discard",
    "exiling": "exile",
    "sacrificing": "sacrifice",
    "removing": "remove",
    "tapping": "tap",
    "returning": "return",
}


def _from_graveyard_by(cost: str) -> ir.CastingCost | None:
    words = cost.split(" ")
    if words[0] not in _GERUNDS:
        return None
    asked = " ".join(_GERUNDS.get(w, w) for w in words)
    return ir.CastingCost(
        asked[0].upper() + asked[1:],
        alternative=False,
        optional=True,
        summary=f"{asked}, when you cast it from your graveyard this way",
    )


def _branches_with_mana(cost: str) -> bool:
    """Whether a cost is paid one way or another and a way pays mana ("discard a card or pay
    {5}", "pay 5 life or pay {2}"): what it owes depends on the way chosen (601.2h), which no
    question names, so it is not read. A choice of what to sacrifice ("an artifact or
    creature") is one way."""
    ways = re.split(r",? or ", cost)
    return len(ways) > 1 and any("{" in way for way in ways)


def additional_sentence(sentence: str) -> ir.CastingCost | None:
    if (graveyard := _FROM_GRAVEYARD_BY.match(sentence)) is not None:
        return _from_graveyard_by(graveyard.group("cost"))
    m = _ADDITIONAL.match(sentence)
    if m is None:
        return None
    cost = m.group("cost")
    if " and/or " in cost and "{" in cost:
        return None  # mana paid one way and/or another ("{1}{R} and/or {1}{G}"): not read
    if _branches_with_mana(cost):
        return None  # "discard a card or pay {5}": which way it is paid, no question says
    if " or " in cost:
        name, mana = cost[0].upper() + cost[1:], None
    else:
        name, mana = _named(cost)
        if len(re.split(r",? and |, ", cost)) > 1:
            name = cost[0].upper() + cost[1:]  # two things asked: the name says both
    # 107.1c: "any number" may be zero, so such a cost can always be paid: as good as optional.
    optional = m.group("may") is not None or "any number" in cost
    summary = ("may " if optional else "must ") + cost + " as it is cast"
    return ir.CastingCost(name, alternative=False, optional=optional, mana=mana, summary=summary)


# 601.2f: the spell's own cost increase or reduction. What follows "to cast" says how often or
# when (kept in the card's words); a second amount in it ("and {2} less for each ...") or a
# change for one way of casting it only ("to cast this way, ...") is not read. ("For each card
# exiled this way" counts what an additional cost took: a change of every cast.)
_COST_CHANGE = re.compile(
    rf"^~ costs (?P<mana>{COST_MANA}) (?P<dir>less|more) to cast(?:,? (?P<when>.+?))?\.$"
)
# The condition said first ("If ..., ~ costs", "During your turn, ~ costs"): the same change,
# its condition kept in the card's words as `when` ("if you have 3 or less life").
_LEADING_CONDITION = re.compile(
    r"^(?P<when>(?:If|During|As long as) [^,]+), ~ (?P<rest>costs .+)$",
)
# "It also costs {1} less to cast if ...": a second change of the spell's cost, after a first.
_ALSO = re.compile(r"^It also (?P<rest>costs .+)$")
_ABILITIES_TOO = re.compile(
    r"^and abilities [^.]*? cost \{\d+\} more to activate(?: unless they're mana abilities)?$"
)
_NOT_ONE_CHANGE = re.compile(rf"^this way\b|{COST_MANA} (?:less|more)\b|\b(?:less|more) to cast\b")
# 118.7a: a reduction of generic mana ({N}, {X}) is modelled; one of colored mana is not.
_GENERIC = re.compile(r"^\{(?:\d+|X)\}$")
# Keywords that stand for a cost reduction: "Affinity for [quality]" (702.41a), undaunted
# (702.125a), each {1} less for each one.
COST_CHANGE_KEYWORDS = ("Affinity for", "Undaunted")
_AFFINITY = re.compile(r"^Affinity for (?P<what>[A-Za-z][A-Za-z -]*)$")


def cost_change_sentence(sentence: str, previous: str | None = None) -> ir.CostChange | None:
    """ "~ costs {1} less to cast for each ...", "~ costs {2}{R} more to cast if ...", the
    condition first ("If you have 5 or less life, ~ costs {3} less to cast"), or a second
    change after a first one ("It also costs {1} less to cast if ...")."""
    condition = ""
    if (lead := _LEADING_CONDITION.match(sentence)) is not None:
        said = lead.group("when")
        condition, sentence = said[0].lower() + said[1:], f"~ {lead.group('rest')}"
        if "this way" in condition:
            return None  # one way of casting it only, as "to cast this way"
    elif (also := _ALSO.match(sentence)) is not None:
        if previous is None or cost_change_sentence(previous) is None:
            return None
        sentence = f"~ {also.group('rest')}"
    m = _COST_CHANGE.match(sentence)
    if m is None:
        return None
    trailing = m.group("when") or ""
    increase = m.group("dir") == "more"
    if _NOT_ONE_CHANGE.search(trailing) or (not increase and not _GENERIC.match(m.group("mana"))):
        return None
    # Counted on a board only when nothing else must hold first.
    counted = None if condition else _FOR_EACH_YOU_CONTROL.match(trailing)
    for_each = _permanents_counted(counted.group("what"), plural=False) if counted else None
    when = ", ".join(w for w in (condition, trailing) if w)
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
# to cast"). Who casts them and what they are make the selector (a keyword, a mana value,
# "historic", "multicolored" and "that's [a color or a subtype]" among what they are), and
# where they are cast from its own fields; a trailing condition, or which spells they must
# target, is kept in the card's words as `when`; what the permanent knows that names them
# ("with the chosen name", "of the chosen type") its own fields, when the face makes that
# choice. Anything else said of the spells ("other", a power, "this turn", "the first ...
# each turn") is not read.
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
# "The second spell you cast each turn": the caster's n-th spell of the turn, any spell; "the
# first creature spell you cast each turn": the n-th of that kind (601.2i counts them).
_NTH_SPELL = re.compile(
    r"^The (?P<nth>first|second|third) (?:(?P<kind>[\w-]+(?: (?:or )?[\w-]+)?) )?spell "
    r"(?P<caster>you cast|your opponents cast|each opponent casts|a player casts|each player "
    r"casts) each turn$"
)
_NTH = {"first": 1, "second": 2, "third": 3}
_SPELL_COST_MINIMUM = re.compile(
    rf"^{_UNTAPPED}(?P<subject>[Ee]ach .+?) that would cost less than (?P<n>{NUMBER}) mana to "
    rf"cast costs (?P<m>{NUMBER}) mana to cast\.$"
)
# What may follow the noun, in this order: "with [a keyword]", who casts them, where from
# ("from your graveyard or from exile", "from anywhere other than your hand"), "with [a
# keyword, a mana value or an {X} in the mana cost]".
_WITH = r"(?: with (?P<before>[a-z{X} ]+?))?"
_FROM_WITH = r"(?: from (?P<zone>[a-z ]+?))?(?: with (?P<after>[a-z0-9{X} ]+?))?"
# "Spells", "Instant and sorcery spells you cast", "Red spells and white spells your opponents
# cast", "Spells your opponents cast that target ~": plural, with "cost".
_SPELLS = re.compile(
    rf"^(?P<noun>.*?\b[Ss]pells){_WITH}(?: (?P<caster>you cast|your opponents cast))?"
    rf"{_FROM_WITH}(?: (?P<during>during your turn))?(?: (?P<target>that target .+))?$"
)
# "Each spell", "Each artifact spell", "Each spell a player casts", "Each spell you cast that's
# red or green": singular, with "costs".
_EACH_SPELL = re.compile(
    rf"^Each (?:(?P<noun>.+?) )?spell{_WITH}"
    r"(?: (?P<caster>you cast|your opponents cast|an opponent casts|a player casts))?"
    rf"{_FROM_WITH}(?: that's (?P<thats>[A-Za-z ,]+?))?(?: (?P<target>that targets .+))?$"
)
# The zones "from ..." names (601.2a), each "from" one of them: the zone, and whether it is
# "your" own, which is the caster's only when "you" cast the spells. A hand, graveyard or
# library a spell is cast from is taken as its caster's own (docs/rules.md section 6), so
# "your graveyard" of spells you cast and "graveyards" read alike.
_CAST_ZONES: dict[str, tuple[ir.Zone, bool]] = {
    "your hand": ("hand", True),
    "your graveyard": ("graveyard", True),
    "your library": ("library", True),
    "a graveyard": ("graveyard", False),
    "graveyards": ("graveyard", False),
    "libraries": ("library", False),
    # "Your opponents can't cast spells from anywhere other than their hands": the would-be
    # casters' own, whoever they are.
    "their hands": ("hand", False),
    "their graveyards": ("graveyard", False),
    "exile": ("exile", False),
    "the command zone": ("command", False),
}
_ANYWHERE_BUT = "anywhere other than "
# "with mana value 4 or greater" (202.3).
_MANA_VALUE = re.compile(r"^mana value (?P<n>\d+) or (?P<way>greater|less)$")
# "with even mana values", "with an odd mana value" (202.3: 0 is even).
_PARITY = re.compile(r"^(?:an )?(?P<parity>even|odd) mana values?$")
# "with {X} in their mana costs", "with {X} in its mana cost" (107.3).
_X_IN_MANA_COST = re.compile(r"^\{X\} in (?:their mana costs|its mana cost)$")
# Keyword abilities (702) a spell may be said to have ("creature spells with flying"): the
# engine reads them in the face's `keywords` (the card source's list of the keyword abilities
# printed on it, or an inline definition's).
_SPELL_KEYWORDS = frozenset(
    {
        "flying",
        "flash",
        "banding",
        "first strike",
        "double strike",
        "deathtouch",
        "defender",
        "haste",
        "hexproof",
        "indestructible",
        "lifelink",
        "menace",
        "reach",
        "trample",
        "vigilance",
        "shroud",
        "changeling",
        "convoke",
        "delve",
        "cascade",
        "storm",
        "infect",
        "wither",
        "flanking",
        "horsemanship",
        "shadow",
        "devoid",
    }
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
# Words for a kind of spell that are neither a type nor a color: 700.6, 105.2b.
_SPELL_KINDS = frozenset({"historic", "multicolored"})
# 110.4: the card types of permanents a spell can have (a land is never cast, 305.1).
_PERMANENT_SPELL_TYPES = ("artifact", "battle", "creature", "enchantment", "planeswalker")
# Capitalized words before "spells" that name no subtype: "premium" (a foil card), "tribal"
# (the former name of the kindred card type).
_NO_SUBTYPE = frozenset({"Premium", "Tribal"})


# What a subject may say its spells are by what the permanent knows (ir.Known): "spells with
# the chosen name you cast", "creature spells you cast of the chosen type".
_CHOSEN_PHRASES: tuple[tuple[ir.Known, str], ...] = (
    ("name", " with the chosen name"),
    ("type", " of the chosen type"),
    ("card_type", " of the chosen type"),  # on a face that chooses a card type instead
    ("color", " of the chosen color"),
    ("exiled", " with the same name as the exiled card"),
    ("exiled", " with the same name as a card exiled with ~"),
    ("number", " with mana value equal to the chosen number"),
)


def chosen_in(subject: str, known: frozenset[ir.Known]) -> tuple[str, frozenset[ir.Known]] | None:
    """The subject without the phrases naming what the permanent knows, and those it named;
    None when it names one the face doesn't know (no choice made, nothing exiled)."""
    said: set[ir.Known] = set()
    for phrase in dict.fromkeys(p for _, p in _CHOSEN_PHRASES):
        if phrase in subject:
            # "Of the chosen type" is whichever kind of type the face chooses: one of them.
            meant = [k for k, p in _CHOSEN_PHRASES if p == phrase and k in known]
            if len(meant) != 1:
                return None
            said.add(meant[0])
            subject = subject.replace(phrase, "", 1)
    return subject, frozenset(said)


def spell_cost_sentence(
    sentence: str, *, known: frozenset[ir.Known] = frozenset()
) -> ir.SpellCostChange | ir.SpellCostMinimum | None:
    """A static ability changing what other spells cost (above); None for any other sentence
    and for a variant not read exactly. `known`: what the face's permanent knows, which its
    spells may be named by ("of the chosen type")."""
    if (low := _SPELL_COST_MINIMUM.match(sentence)) is not None:
        return _spell_cost_minimum(low)
    m = _SPELL_COST_CHANGE.match(sentence)
    if m is None:
        return None
    found_chosen = chosen_in(m.group("subject"), known)
    if found_chosen is None:
        return None
    (subject, chosen), nth, alike = found_chosen, None, False
    found: _Subject | None
    if (ordinal := _NTH_SPELL.match(subject)) is not None:
        if m.group("verb") != "costs":
            return None
        nth, kind = _NTH[ordinal.group("nth")], ordinal.group("kind")
        caster = _CASTERS[ordinal.group("caster")]
        # "The first instant or sorcery spell": one of either kind.
        named = either_kind_named(f"{kind} spells") if kind is not None else (ir.Spells(), (), ())
        if named is None or named[1] or named[2]:
            return None
        found, alike = _Subject(replace(named[0], controller=caster)), kind is not None
    else:
        found = _spells_of(subject, singular=m.group("verb") == "costs")
    if found is None:
        return None
    spells, target, during = found.spells, found.target, found.during
    # What abilities cost to activate, said beside it: activation takes costs as paid and 106.7
    # ignores them, so that part changes nothing the engine answers.
    when = _ABILITIES_TOO.sub("", m.group("when") or "")
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
    if when in _DURING or per_other:
        when = ""  # read as data below (a leading turn leaves a trailing "for each ..." as it is)
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
        alike=alike,
        per_other_spell_this_turn=per_other,
        cast_from=found.cast_from,
        not_cast_from=found.not_cast_from,
        chosen=chosen,
    )


def _spell_cost_minimum(m: re.Match[str]) -> ir.SpellCostMinimum | None:
    least, total = number(m.group("n")), number(m.group("m"))
    found = _spells_of(m.group("subject"), singular=True)
    if found is None or found != _Subject(found.spells) or least != total:
        return None  # a floor with a target, a turn or a zone isn't read
    if not total or total > 20:
        return None
    return ir.SpellCostMinimum(found.spells, total, while_untapped=m.group("untapped") is not None)


@dataclass(frozen=True, slots=True)
class _Subject:
    """What a subject says: the spells, the "that target ..." clause it has, the turn it names
    ("spells your opponents cast during your turn"), and the zones they are cast from or not
    (601.2a)."""

    spells: ir.Spells
    target: str | None = None
    during: str | None = None
    cast_from: tuple[ir.Zone, ...] = ()
    not_cast_from: tuple[ir.Zone, ...] = ()


def _spells_of(subject: str, *, singular: bool) -> _Subject | None:
    """What a subject says (`_Subject`); None for anything not read exactly."""
    subject = subject[0].upper() + subject[1:]
    m = (_EACH_SPELL if singular else _SPELLS).match(subject)
    if m is None:
        return None
    spells = _noun_spells(m.group("noun") or "", singular=singular)
    if spells is not None and (thats := m.groupdict().get("thats")) is not None:
        spells = _thats(spells, thats)
    if spells is None:
        return None
    caster = _CASTERS[m.group("caster")]
    spells = _with_phrases(replace(spells, controller=caster), m.group("before"), m.group("after"))
    zones = _zones_of(m.group("zone"), caster) if m.group("zone") else ((), ())
    if spells is None or zones is None:
        return None
    during = m.groupdict().get("during")
    return _Subject(spells, m.group("target"), during, *zones)


def _noun_spells(noun: str, *, singular: bool) -> ir.Spells | None:
    """The spells the noun names: a list of kinds ("instant and sorcery spells")."""
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
    return _any_of([i for i in items if i is not None])


# "that's red or green", "that's a Demon, Horror, or Nightmare": one word each, alike but for
# one color, card type or subtype (an any-of).
_OR_ITEMS = re.compile(r",? or |, ")
_ARTICLE = re.compile(r"^an? ")


def _thats(spells: ir.Spells, phrase: str) -> ir.Spells | None:
    """ "Each spell you cast that's red or green": the kinds it names, for a plain "spell"."""
    words = [_ARTICLE.sub("", item) for item in _OR_ITEMS.split(phrase)]
    items = [_spell_words([w]) if w and " " not in w else None for w in words]
    if spells != ir.Spells() or len(items) < 2 or None in items:
        return None
    return _any_of([i for i in items if i is not None])


def _with_phrases(spells: ir.Spells, *phrases: str | None) -> ir.Spells | None:
    """ "with flying" (a keyword ability, 702), "with mana value 4 or greater" (202.3) and
    "with {X} in their mana costs" (107.3)."""
    for phrase in phrases:
        if phrase is None:
            continue
        if phrase in _SPELL_KEYWORDS and phrase not in spells.keywords:
            spells = replace(spells, keywords=(*spells.keywords, phrase))
        elif (mv := _MANA_VALUE.match(phrase)) is not None and spells.mana_value is None:
            n = int(mv.group("n"))
            spells = replace(
                spells, mana_value=(n, None) if mv.group("way") == "greater" else (None, n)
            )
        elif _X_IN_MANA_COST.match(phrase) is not None and not spells.x_in_mana_cost:
            spells = replace(spells, x_in_mana_cost=True)
        elif (odd_even := _PARITY.match(phrase)) is not None and spells.parity is None:
            parity: Literal["even", "odd"] = "even" if odd_even.group("parity") == "even" else "odd"
            spells = replace(spells, parity=parity)
        else:
            return None
    return spells


def _zones_of(
    phrase: str, caster: Literal["you", "opponent", "any"]
) -> tuple[tuple[ir.Zone, ...], tuple[ir.Zone, ...]] | None:
    """601.2a: the zones "from ..." names, as (cast from, not cast from): "your graveyard or
    from exile", "anywhere other than your hand". "Your" zone is the caster's only when "you"
    cast the spells; of another caster it isn't read."""
    other_than = phrase.startswith(_ANYWHERE_BUT)
    # "from your graveyard or from exile", "from graveyards or libraries".
    said = phrase.removeprefix(_ANYWHERE_BUT).split(" or ")
    zones: list[ir.Zone] = []
    for words in (w.removeprefix("from ") for w in said):
        found = _CAST_ZONES.get(words)
        if found is None or (found[1] and caster != "you") or found[0] in zones:
            return None
        zones.append(found[0])
    if other_than:
        return (), tuple(zones)
    return tuple(zones), ()


# "Instant or sorcery spells": either kind, as "instant and sorcery spells" names them.
_EITHER_KIND = re.compile(r"^(?P<one>[\w-]+) or (?=[\w-]+ spells\b)")


def either_kind_named(
    phrase: str,
) -> tuple[ir.Spells, tuple[ir.Zone, ...], tuple[ir.Zone, ...]] | None:
    """spells_named, "instant or sorcery spells" read as "instant and sorcery spells" (each
    names spells of either kind)."""
    return spells_named(_EITHER_KIND.sub(r"\g<one> and ", phrase, count=1))


def spells_named(phrase: str) -> tuple[ir.Spells, tuple[ir.Zone, ...], tuple[ir.Zone, ...]] | None:
    """The spells a plural phrase with no caster, no target and no turn names ("noncreature
    spells", "Goblin spells with flying", "spells from graveyards or libraries"), and the
    zones they are cast from or not."""
    found = _spells_of(phrase, singular=False)
    if found is None or found.target is not None or found.during is not None:
        return None
    if found.spells.controller != "any":
        return None
    return found.spells, found.cast_from, found.not_cast_from


def _spell_words(words: list[str]) -> ir.Spells | None:
    """One item of the list: its color, card type, subtype and further conditions, each word
    known ("black creature", "noncreature", "Goblin", "legendary")."""
    colors: list[str] = []
    types: list[str] = []
    subtypes: list[str] = []
    not_types: list[str] = []
    not_subtypes: list[str] = []
    supertypes: list[str] = []
    kinds: list[str] = []
    colorless = False
    permanent = False
    for word in words:
        lower = word.lower()
        if lower == "permanent":
            permanent = True  # 110.4: a spell that will be a permanent, of any such card type
        elif lower in _SPELL_COLORS:
            colors.append(_SPELL_COLORS[lower])
        elif lower == "colorless":
            colorless = True
        elif lower in _SPELL_TYPES:
            types.append(lower)
        elif lower.startswith("non") and lower[3:] in _SPELL_TYPES:
            not_types.append(lower[3:])
        elif lower.startswith("non-") and word[4:5].isupper():
            # "Non-Phyrexian": not of that subtype.
            unlike = subtype_word(word[4:], plural=False)
            if unlike is None:
                return None
            not_subtypes.append(unlike)
        elif lower in _SPELL_SUPERTYPES:
            supertypes.append(lower)
        elif lower in _SPELL_KINDS:
            kinds.append(lower)
        elif word[:1].isupper() and "-" not in word and word not in _NO_SUBTYPE:
            subtype = subtype_word(word, plural=False)
            if subtype is None:
                return None
            subtypes.append(subtype)
        else:
            return None
    if permanent:
        if types:
            return None  # "permanent artifact spells": not a phrase the rules use
        types = list(_PERMANENT_SPELL_TYPES)
    elif len(types) > 1:
        return None  # "artifact creature spells": both types, which any-of lists can't say
    if len(colors) > 1 or len(subtypes) > 1 or (colorless and colors):
        return None
    if len(kinds) != len(set(kinds)) or (colorless and "multicolored" in kinds):
        return None
    return ir.Spells(
        types=tuple(types),
        subtypes=tuple(subtypes),
        colors=tuple(colors),
        colorless=colorless,
        not_types=tuple(not_types),
        not_subtypes=tuple(not_subtypes),
        supertypes=tuple(supertypes),
        historic="historic" in kinds,
        multicolored="multicolored" in kinds,
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
