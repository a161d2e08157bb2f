"""Does a sentence the grammar didn't understand bear on what the engine rules on (mana,
activation, casting costs, haste and control, X)? If so the face is partial; if not, it is
about something else (combat, cards drawn...) and doesn't count against support."""

from __future__ import annotations

import re
from typing import Protocol

# Sentences about things no question reads: casting *other* spells for free, or what they cost
# besides mana (the free-cast question names its card and costs; a change of the mana other
# spells cost is relevant, _OTHER_SPELLS_COST below), how mana is spent or kept, loyalty
# abilities (605.1a: never mana abilities), ordinary triggers that add mana (605.1: not mana
# abilities).
_IRRELEVANT = re.compile(
    r"without paying (?:its|their) mana costs?|rather than pay(?:ing)? (?:its|the) mana cost|"
    r"\bspend\b|\bspent\b|unspent|lose this mana|"
    # Mana burn: life lost for mana left in a pool as it empties (106.4), not what is made.
    r"\bthere's mana burn\b|"
    r"^(?:When|Whenever|At) (?![^,]*(?:for mana|for \{|mana abilit))[^,]*, (?:if [^,]*, )?"
    r"(?:you may )?(?:[^\".]* and )?add\b|"
    r"spells? [^.]*you cast cost|spells? cost|abilities [^.]*cost [^.]* to activate|"
    # An additional cost for casting *other* spells ("... to cast white permanent spells"): the
    # free-cast question names its card, whose own costs are compiled where they are stated.
    r"^As an additional cost to cast (?!this spell\b|~)[^,]*\bspells, |"
    # A cost change that spares mana abilities; a lock that does is read (statics.py).
    r"^This effect (?:reduces|can't reduce)|(?<!can't be activated )unless they're mana "
    r"abilities|"
    # An activated ability's own cost change: activation takes its costs as paid (docs/api.md) and
    # 106.7 ignores costs, so nothing the engine answers reads it.
    r"^This ability costs [^.]* to activate|"
    # 605.1b: a trigger on tapping for mana that adds no mana is no mana ability; it changes
    # nothing that is produced.
    r"^Whenever [^,]*tap[^,]* for mana, (?![^.]*\b(?:adds?|gains? control)\b)|"
    r'\bcreates? [^"]*\btokens?\b[^"]*"|'
    # A trigger of a mana ability resolving that adds no mana (605.1b: not a mana ability),
    # alone or granted in quotes: it changes nothing that is produced ("put counters on it").
    r'^(?:[^"]*\bha(?:s|ve) ")?Whenever a mana ability of [^,"]* resolves, (?![^"]*\badds?\b)'
    r'[^"]*"?\.?$|'
    # A library search that puts what it finds somewhere, the land types only what it looks
    # for: the lands found are the state's permanents, nothing is changed (701.23).
    r"^(?:[^:\"]*: )?(?:(?:When|Whenever) [^,]*, (?:if [^,]*, )?)?"
    r"(?:(?:(?:That|Each|Target) player|Its controller|You) may )?"
    r"[Ss]earch (?:your|their) library for [^.]*?(?:, (?:reveal (?:it|them)|"
    r"put (?:it|them|that card|those cards) "
    r"(?:onto the battlefield(?: tapped)?|into (?:your|their) hand)))+,? (?:then|and) shuffle\.$|"
    # A beginning-of-step trigger (605.1b: never a mana ability) whose players are those who
    # tapped for mana earlier: what it does (sacrifice) changes no production.
    r"^At the beginning of [^,]*, each player who tapped [^.]* for mana this turn "
    r"sacrifices (?:a|an|one|two) [a-z ]+ of their choice\.$|"
    # A trigger returning its own card from the graveyard to the hand: a card moving between
    # zones the engine doesn't look at, whatever condition triggers it.
    r"^(?:When|Whenever) [^,]*, (?:you may )?return ~ from your graveyard to your hand\.$|"
    # Creating a token on a condition: the token is its own permanent (its abilities are read
    # from its own definition on the battlefield); the condition changes nothing.
    r"^If [^,]*, create (?:a|an|one|two|three|X) [^.,]*\btokens?\.$|"
    # Counting the basic land types among lands (domain) for damage, size, cards or life: the
    # land types are only counted, none changed; counted for mana or a cost it stays relevant.
    r'^(?![^"]*\b(?:[Aa]dds?|costs?|mana)\b)[^"]*\bbasic land types? among lands\b[^"]*$',
    re.IGNORECASE,
)
# 601.2f: a change of what other spells cost, in mana ("[kind] spells cost {N} more to cast",
# "a spell cast that way costs {N} less", "each spell that would cost less than N mana ..."):
# free casts read a permanent's static one (costs.py), so one not compiled is reported, even
# beside a change of activation costs. As a loyalty ability's effect it is dismissed with it;
# as a token's quoted ability it is the token's own.
_OTHER_SPELLS_COST = re.compile(
    r'\b[Ss]pells?\b[^."]*?\bcosts? (?:\{[^}]*\})+(?:, (?:or )?\{[^}]*\})* (?:more|less)\b|'
    r"\bwould cost less than\b"
)
_NOT_OTHER_SPELLS = re.compile(
    r'^\[[+\u2212-]?[\dX]+\]:|\bcreates? [^"]*\btokens?\b[^"]*"', re.IGNORECASE
)


def _other_spells_cost(sentence: str) -> bool:
    return bool(_OTHER_SPELLS_COST.search(sentence) and not _NOT_OTHER_SPELLS.search(sentence))


class _Searcher(Protocol):
    def search(self, sentence: str) -> object: ...


_IS_CREATURE = re.compile(
    r"\b(?:is|are|it's|he's|she's|they're) (?:(?:every|all) creature types?\b|"
    r"(?:an? )?(?:(?:\d+|X)/(?:\d+|X) )?(?:(?:white|blue|black|red|green|colorless|artifact|"
    r"enchantment|land|legendary|[A-Z][a-z]+)(?:,? and |, | ))*creatures?\b)"
)
_CONDITION_WORDS = re.compile(r"(?i:\b(?:if|as long as|unless|while|whenever|when|that|where) )")


class _MainClause:
    """A sentence saying, in its own clause, what something is ("~ is a 4/4 creature"), not
    as a condition of its clause ("as long as ~ is a creature, ..."): the statement found
    first, then the clause before it looked at (one regex for both was quadratic)."""

    def search(self, sentence: str) -> bool:
        for m in _IS_CREATURE.finditer(sentence):
            clause = sentence[: m.start()].rsplit(", ", 1)[-1]
            if '"' not in clause and "." not in clause and not _CONDITION_WORDS.search(clause):
                return True
        return False


_RULES: tuple[tuple[_Searcher, str], ...] = (
    # Every spell and ability of its controller copied (a playtest card's "Double" keyword):
    # its reminder says mana abilities make twice their mana; not modelled.
    (re.compile(r"^Double all (?:of )?your [^.]*\babilities\b"), "mana_ability"),
    # 103.5: something done while a player could mulligan (but Serum Powder's exchange of the
    # hand, which is read): what the mulligan question rules on; not modelled.
    (re.compile(r"\b[Mm]ulligans?\b"), "mulligan"),
    # 205.1a, 205.3m: creature types lost or set to one chosen ("loses all creature types",
    # "each creature becomes that type"): what "for each Elf" counts read; not modelled.
    (
        re.compile(r"\blos(?:e|es) all creature types\b|\b(?:becomes?|become) that type\b"),
        "type_change",
    ),
    # 702.73a-like: a keyword making the card every land type (rangeling), which gives it the
    # basic land types' mana abilities (305.6); not modelled.
    (re.compile(r"^Rangeling$"), "land_type"),
    # 305.6-305.7: land types decide intrinsic mana abilities; losing abilities loses them too.
    # "<Lands> are the chosen type." (no "in addition") sets the land types a permanent chose
    # as it entered; said of creatures, the type is a creature type (not a land's).
    (
        re.compile(
            r"basic land types?|\bland types?\b|\bthe (?:first|second) chosen type\b|"
            r"\b(?:is|are|becomes?|become) (?:a |an |the )?"
            r"(?:Plains|Islands?|Swamps?|Mountains?|Forests?)\b|\blos(?:e|es) all (?:other |mana )?"
            r"abilities|\bcan't be activated|\bhas no abilities|\b[Dd]etains?\b|"
            r"^(?![^.]*\b[Cc]reatures?\b)[^.]* (?:is|are) the chosen type\.$"
        ),
        "land_type",
    ),
    # 205.1b: an effect that adds card types or subtypes changes what the engine's selectors
    # match ("Sliver creatures you control", "for each Elf"); it isn't modelled.
    # 205.1a, 205.1b, 302.6: something that becomes a creature ("~ becomes a 2/2 Elemental
    # creature until end of turn. It's still a land.") is one for summoning sickness and every
    # selector of creatures (a copy of one is the "copy" family, `_COPY`).
    (re.compile(r"\b(?:becomes?|become) (?:a|an) [^.]*?\bcreature\b"), "type_change"),
    # 205.1a: one that becomes a subtype of its kind ("target creature becomes a blue Frog with
    # base power and toughness 1/1", "~ becomes a Human Cleric"): its creature types, which
    # "for each Elf" counts read, are replaced, and so are its colors when it names some.
    (
        re.compile(
            r"\b(?:becomes?|become) (?:a|an) (?:(?:\d+|X)/(?:\d+|X) )?"
            r"(?:(?:white|blue|black|red|green|colorless)(?:,? and |, | ))*[A-Z][a-z]"
        ),
        "type_change",
    ),
    # Several that become creatures ("two target lands each become 3/3 Elemental creatures").
    (
        # Not "become blocked by two creatures", nor "become the total toughness of creatures".
        re.compile(
            r"\bbecome (?:(?:\d+|X)/(?:\d+|X) )?(?:(?!of\b|blocked\b)[A-Za-z,]+ )*?creatures\b"
        ),
        "type_change",
    ),
    # 205.1b: a static ability saying what a group or the permanent itself is ("All Forests
    # are 1/1 creatures that are still lands", "during your turn, ~ is a 4/4 creature", "~ is
    # every creature type"): 302.6 and the selectors of creatures or creature types read it.
    # Only a clause's own statement, not a condition ("as long as ~ is a creature, ...").
    (_MainClause(), "type_change"),
    # "Creatures you control are the chosen type." sets their creature types (205.1a), which
    # "for each Elf" counts read; it isn't modelled, so it is reported.
    (
        re.compile(
            r"\bin addition to (?:its|their) other (?:creature )?(?:colors and )?types\b|"
            r"\b(?:is|are) the chosen type\.$"
        ),
        "type_change",
    ),
    # 205.1a: an Aura or Equipment that says what its permanent is ("Enchanted creature is a
    # blue Frog creature ...", "... is a Newt") sets its card types or subtypes: a land that
    # stops being one loses its mana (305.6), a creature that stops being one escapes 302.6,
    # and "for each Elf" counts change (attached.py).
    (
        re.compile(
            r"^(?:Enchanted|Equipped) [A-Za-z]+ (?:[^.\"]*(?:,| and) )?(?:is|it's) an? "
            r"(?:(?:\d+|X)/(?:\d+|X) )?(?:[a-z]+ )*?"
            r"(?:[A-Z]|(?:land|creature|artifact|enchantment|planeswalker|battle)\b)"
        ),
        "type_change",
    ),
    # 613.1f: an object that has another object's activated abilities, mana abilities among
    # them (unless they are excepted): what it could produce is theirs too, not modelled.
    (
        re.compile(
            r"\b(?:ha(?:s|ve)|gains?) all (?:activated (?:and triggered )?)?abilities of\b"
            r"(?![^.]*\bexcept (?:for )?mana abilities\b)"
        ),
        "mana_ability",
    ),
    # 105.2, 613.1e: an object that becomes a color, one chosen or named (a spell alone is
    # none of a permanent's): what filters by color and "mana of its colors" read.
    (
        re.compile(
            r"^(?![^.]*\b[Tt]arget (?:instant or sorcery )?spell becomes)"
            r"[^\"]*\bbecomes? (?:the colou?rs? of your choice|the colou?r or colou?rs of your "
            r"choice|all colou?rs\b|(?:white|blue|black|red|green|colorless)\b)"
        ),
        "type_change",
    ),
    # 105.2, 613.1e: a static ability setting a group's colors ("All creatures are black.",
    # "... is all colors."), which filters by color and "mana of any of its colors" read; not
    # a copy's. (An object's own, "~ is colorless", is read as its defined colors, 604.3.)
    (
        re.compile(
            r"^(?=.*\b(?:white|blue|black|red|green|colorless|all colors)\.$)(?!~ )"
            r"(?![^.]*\bcopy\b)[^.\"]*\b(?:is|are) "
            r"(?:(?:white|blue|black|red|green|colorless|all colors)(?:,? and |, )?)+\.$"
        ),
        "type_change",
    ),
    (
        re.compile(
            r"(?:tapped for mana|\btaps? [^.]* for mana)[^.]*\b(?:adds?|produces?|produce)\b"
        ),
        "tapped_for_mana",
    ),
    (
        re.compile(r"rather than pay (?:this spell's|~'s)|\bcast ~ without paying"),
        "alternative_cost",
    ),
    (
        re.compile(r"additional cost|^You may cast ~ from [^.]* in addition to paying its other"),
        "additional_cost",
    ),
    # 601.3: what stops spells from being cast, which a free cast on a board reads (bans.py).
    # Split second speaks of the stack, which no question has.
    (
        re.compile(
            r"^(?![^.]*(?:\bthis spell|~) is on the stack\b)[^\"]*"
            r"(?:\bcan't cast\b|\bcan't be cast\b|\bcan cast spells only\b|^Cast ~ only\b)"
        ),
        "cast_ban",
    ),
    # The spell's own cost change, its condition said first or a second one after a first.
    (
        re.compile(
            r"^(?:(?:If|During|As long as) [^,]+, )?~ costs? [^.]*(?:less|more) to cast|"
            r"^It also costs? [^.]*(?:less|more) to cast"
        ),
        "cost_change",
    ),
    (_OTHER_SPELLS_COST, "cost_change"),
    # 601.2f: a change of a keyword's cost ("Buyback costs cost {2} less", "flashback costs you
    # pay cost {2} more"), which changes the total a free cast paying it owes.
    (re.compile(r"^[A-Z][a-z]+ costs (?:[^.]* )?cost \{[^}]*\} (?:less|more)\b"), "cost_change"),
    # 702.41a: affinity given to other spells is a cost reduction of theirs.
    (re.compile(r"\bspells? [^.]*\bha(?:s|ve) affinity for\b"), "cost_change"),
    # 205.4a: what is snow (snow mana, "if that land is snow" triggers read it), 105.2: colors
    # added or chosen for permanents, 700.5: devotion raised: none is modelled.
    (
        re.compile(
            r"(?<!\bthat )\b(?:is|are) (?:no longer )?snow\.$|\bbecomes? snow\b|\bisn't snow\b|"
            r"\bin addition to (?:its|their) other colors\b|"
            # 702.114a: devoid given to others makes them colorless (604.3).
            r"\b(?:ha(?:s|ve)|gains?) [^.\"]*\bdevoid\b|"
            r"\b(?:is|are) the chosen colou?r\b|\bdevotion to [^.]* is increased\b"
        ),
        "type_change",
    ),
    # Riot, unearth, blitz, encore or dash a permanent or card gives others: their haste
    # (702.136a, 702.84a, 702.152a, 702.141a, 702.109a), which an entry would have to state,
    # is not read.
    (
        re.compile(
            r"^(?![^.]*\b[Ii]f [^,.]*\bha(?:s|ve) (?:riot|unearth|blitz|encore|dash))"
            r"[^.]*\b(?:ha(?:s|ve)|gains?) (?:riot|unearth|blitz|encore|dash)\b"
        ),
        "haste_control",
    ),
    # Cards in graveyards no spell or ability may target: an ability whose cost or effect
    # targets one (Deathrite Shaman-like) can't be activated (601.2c, 602.2b), not modelled.
    (re.compile(r"\b[Cc]ards? in graveyards can't be the targets?\b"), "mana_ability"),
    # Triggered abilities of some permanents that trigger an additional time, whatever
    # triggered them: a mana trigger among them adds twice. One for a cause that is no
    # tapping for mana ("if a creature dying causes ...") is irrelevant.
    (
        re.compile(
            r"^(?:As long as [^,]+, )?[Ii]f (?:a|an) triggered ability of [^,]* triggers, that "
            r"ability triggers an additional time\b"
        ),
        "tapped_for_mana",
    ),
    # 612.1: a text-changing effect rewrites the words of its rules text and type line (a
    # creature type replaced by another), which what it is and counts of it read.
    (re.compile(r"\b[Cc]hange the text of\b"), "type_change"),
    # A creature type chosen for the permanent ("it becomes the creature type of your
    # choice", 205.3m): its creature types replaced, which "for each Elf" counts read.
    (
        re.compile(r"\bbecomes? the (?:creature )?type of (?:your|its controller's) choice\b"),
        "type_change",
    ),
    # 702.48a: offering, a way of casting the card by sacrificing a permanent of a kind and
    # paying the difference in mana costs, colored mana included: not modelled.
    (re.compile(r"^[A-Z][a-z]+ offering$"), "casting"),
    # What the permanent becomes when it stops being a creature ("if ~ is a creature, it
    # becomes an enchantment", 205.1a: its card types replaced).
    (re.compile(r"\b(?:it|~) becomes? an? (?:artifact|enchantment|land)\.$"), "type_change"),
    # What the permanent itself is while a condition holds ("As long as ..., ~ is a Dragon"):
    # its creature types (205.3m) are what "Dragons you control" reads.
    (re.compile(r"^As long as [^,]+, ~ is (?:a|an) [A-Z]"), "type_change"),
    # "{B} or {1}" after "pay(s)" is a payment asked ("unless its controller pays"), not mana made.
    (
        re.compile(
            r"\bAdd\b|\badds?\b[^.]*\bmana\b|(?<!pays )(?<!pay )\{[WUBRGC]\} or \{|"
            # "..., add {C}{C} instead", "add an additional {G}": mana made in lower case too.
            r"\badd (?:\{|an additional\b|an amount\b|X\b|that\b|"
            r"(?:one|two|three|four|five|six|seven|eight|nine|ten)\b)"
        ),
        "mana_ability",
    ),
    # Haste said, but not as which creatures that have it ("can't be blocked except by
    # creatures with haste", "whenever a creature you control with haste attacks"): a
    # restriction reads haste, it doesn't give it.
    (
        re.compile(
            r"\bhaste\b(?<!\bexcept by creatures with haste)"
            r"(?<!\bcreature you control with haste)(?<!\bcreatures you control with haste)"
            r"(?<!\byou control with flash or haste)"
        ),
        "haste_control",
    ),
    (
        re.compile(
            r"\b(?:[Gg]ains?|[Ee]xchange|have|has|take) control\b|^You control enchanted|"
            r"\benters under the control of\b"  # who controls it decides 302.6 and "you control"
        ),
        "haste_control",
    ),
)
# A token's own keywords ("create a 4/4 Hellion creature token with haste") are the token's,
# read from its own definition on the battlefield, not this face's.
_TOKEN_WITH = re.compile(r"\btokens? with (?:[a-z ]+, )*(?:[a-z ]+,? and )?[a-z ]*haste\b")
_OWN_ALTERNATIVE = re.compile(r"rather than pay (?:this spell's|~'s)|\bcast ~ without paying")
# Every rule below needs one of these words; a sentence with none is irrelevant.
_CUE = re.compile(
    r"\b(?:[Aa]dds?|mana|[Cc]ast|costs?|haste|control|abilit(?:y|ies)|activated|lands?|types?|"
    r"Enchanted|Equipped|becomes?|become|copy|full text|"
    r"Plains|Islands?|Swamps?|Mountains?|Forests?|X)\b|\{[WUBRGC]\}|"
    # What something is: a creature, or of colors (the two rules that read these, above).
    r"\b(?:is|are|it's|he's|she's|they're) (?:[^ .,]+ ){0,8}?creatures?\b|"
    r"\b(?:white|blue|black|red|green|colorless)\.$|"
    r"\bbecomes? (?:the colou?r|(?:white|blue|black|red|green|colorless)\b)|"
    # What the permanent itself is while a condition holds (the rule above).
    r"^As long as [^,]+, ~ is (?:a|an) [A-Z]|"
    r"^[A-Z][a-z]+ offering$|"  # 702.48a, the rule above
    r"\bsnow\b|\bchosen colou?r\b|\bdevotion\b|\b(?:riot|unearth|blitz|encore|dash)\b|"
    r"\bbecomes? the (?:creature )?type of\b|\b[Cc]hange the text of\b|\b[Dd]etains?\b|"
    r"\bcan't be the targets?\b|\btriggers an additional time\b|\ball colou?rs\b|"  # rules above
    r"^Rangeling$|\b[Mm]ulligans?\b"
)
_MANA_WORD = re.compile(r"\bmana\b")
# A spell's effect that replaces what mana abilities make for the turn ("... that would add
# colored mana add that much white mana instead", 614.1a): it changes production, unlike the
# spell's own mana.
_REPLACES_MANA = re.compile(r"\bwould (?:add|produce)\b[^.]*\binstead\b")
# An effect giving a permanent a quoted mana ability (a token's own, "with" or "has", is not).
_GAINS_MANA = re.compile(r'\bgains? "[^"]*\bAdd\b')
# "mana" in these phrases is about costs, symbols or other abilities, not what is produced.
_NOT_PRODUCTION = re.compile(
    r"\bmana (?:values?|costs?|symbols?)\b|\bmana abilit(?:y|ies)\b|"
    r"\bamount of mana (?:that player |they |you )?(?:paid|spent)|\bany amount of mana\b|"
    r"\busing mana produced by\b|\brather than pay that mana\b|\bhybrid mana\b|"
    r"\b(?:each|for each) mana in [^.]*cost\b|\bmana in (?:this ability's|its|a) "
    r"(?:activation )?cost\b"
    "|"
    # Paying for an ability ("by spending four or more mana to activate it"): no production.
    r"\bby spending [^.]*?\bmana\b"
)
# A quoted ability's rider on spending its mana ('has "{T}: Add {C}. Spend this mana only
# ..."'): the rider is no reason to call the ability irrelevant (106.7: it changes nothing made).
_QUOTED_SPEND = re.compile(r'(?<=\. )Spend this mana only [^."]*\. ?(?=[A-Z"])')
_X = re.compile(r"\bX\b")
# 707.2: a permanent that enters as, or becomes, a copy of another object has that object's
# characteristics and abilities (layer 1, before every other effect): always relevant, whatever
# else the sentence says ("with mana value less than the amount of mana spent").
# A token copy with exceptions too ("create a token that's a copy of ..., except it has
# haste"): without them, the state's token is the copied card and nothing is lost.
_COPY = re.compile(
    r"\b(?:enters?|enter)(?: tapped)? as a copy\b|\bbecomes? a copy\b|\bbecome a copy\b|"
    # Another card's whole text, so its name, types and abilities (Volrath's Shapeshifter).
    r"\bha(?:s|ve) the full text of\b|"
    r"\btokens? that(?:'s| are) (?:a )?cop(?:y|ies) of [^.]*?,? except\b"
)


def copies(sentence: str) -> bool:
    """Whether the sentence makes something a copy (707.2), what the "copy" family holds."""
    return _COPY.search(sentence) is not None


_LOYALTY_COST = re.compile(r"^\[[+\u2212-]?[\dX]+\]: ")
_ACTIVATED_X = re.compile(r'^[^:"]*\{X\}[^:"]*:')


# "If ~'s additional cost was paid, <effect>": what bears on the engine is the effect, which
# only happens as the spell resolves; the cost itself is compiled where it is stated.
_IF_COST_PAID = re.compile(
    r"^If (?:~'s|its) additional cost was paid(?: and [^,]+)?, |,? (?:instead )?if (?:~'s|its) "
    r"additional cost was paid(?=\.$)| unless (?:her|his|its) additional cost was paid(?=\.$)|"
    # What mana paid for the spell ("if {R} was spent to cast ~") conditions the effect; it is
    # no spending rule of mana made, so the effect is what decides.
    r" if (?:\{[WUBRGC]\}(?: or \{[WUBRGC]\})?|[a-z]+ mana) was spent to cast ~(?=\.$)"
)


# What stops a free cast, a cast's additional cost or an activation's cost for everyone
# ("players can't cast spells without paying their mana costs", "... can't pay life or
# sacrifice creatures to cast spells or activate abilities"): not modelled, reported.
_CANT_PAY_THAT_WAY = re.compile(
    r"\bcan't cast spells (?:[^.]* )?without paying\b|\bcan't cast spells by paying alternative\b|"
    r"\bcan't pay life or sacrifice\b|\bcan't pay life to cast\b"
)


# The card's own alternative cost while a condition holds ("as long as ... and ~ is in your
# graveyard, it has flashback {2}{G}"), or said in words rather than by a keyword ("you may
# cast ~ from your graveyard by paying {1}{G} rather than paying its mana cost", 118.9): not
# modelled, reported (a free cast naming it is still refused, 118.9a).
_OWN_COST_WHILE = re.compile(
    r"~ is in your graveyard, it has (?:flashback|escape)\b|"
    r"\b[Yy]ou may cast ~ [^.]*\brather than pay(?:ing)? its mana cost\b"
)


def family(sentence: str, *, x_permanent: bool, spell: bool = False) -> str | None:
    """The ability family a sentence bears on, or None when it is irrelevant to the engine.
    x_permanent: a permanent spell with {X} in its mana cost (107.3m makes its X matter);
    spell: an instant or sorcery."""
    if (loyal := _LOYALTY_COST.match(sentence)) is not None:
        # 605.1a: a loyalty ability is never a mana ability, but its effect is one like a
        # spell's (606.3, an entry of the state's effects): it bears on what that effect does.
        return family(sentence[loyal.end() :], x_permanent=False, spell=True)
    if not _CUE.search(sentence):
        return None  # the common case, decided by one cheap search
    if _COPY.search(sentence):
        return "copy"
    if _CANT_PAY_THAT_WAY.search(sentence):
        return "cast_ban"
    if _OWN_COST_WHILE.search(sentence):
        return "alternative_cost"
    if (paid := _IF_COST_PAID.search(sentence)) is not None:
        rest = sentence[: paid.start()] + sentence[paid.end() :]
        return family(rest[0].upper() + rest[1:], x_permanent=x_permanent, spell=spell)
    if (
        _IRRELEVANT.search(_QUOTED_SPEND.sub("", sentence) if '"' in sentence else sentence)
        and not _OWN_ALTERNATIVE.search(sentence)
        and not _other_spells_cost(sentence)
    ):
        return None
    found: str | None = None
    sentence = _TOKEN_WITH.sub("token", sentence)
    for pattern, name in _RULES:
        if pattern.search(sentence):
            found = name
            break
    if found is None and _MANA_WORD.search(_NOT_PRODUCTION.sub("", sentence)):
        found = "mana_ability"
    if (
        found == "mana_ability"
        and spell
        and not _GAINS_MANA.search(sentence)
        and not _REPLACES_MANA.search(sentence)
    ):
        # An instant's or sorcery's own mana ("Add {R}{R}{R}") is no mana ability (605.1):
        # nothing the engine asks about permanents reads it. One it gives a permanent ("target
        # land gains "{T}: Add {G}{G}{G}"") is that permanent's.
        return None
    if found is not None:
        return found
    if x_permanent and _X.search(sentence) and not _ACTIVATED_X.match(sentence):
        return "x"
    return None
