"""compile_face: one face's rules text -> the engine's abilities, sentence by sentence.

Every sentence ends up compiled, irrelevant (about things the engine doesn't rule on) or not
understood; a not-understood sentence that bears on mana or casting makes the face partial and
is listed in `unsupported_text`. Nothing is guessed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, cast, get_args

from pydantic import BaseModel

from app.catalog.compile import (
    actions,
    attached,
    bans,
    copies,
    costs,
    ir,
    layers,
    lower,
    mana,
    relevance,
    replacement,
    restrictions,
    statics,
    triggers,
)
from app.catalog.compile.phrases import (
    BASIC_LAND_TYPES,
    COLOR_CODES,
    COST_MANA,
    FIXED,
    NUMBER,
    TURN_LONG,
    TYPES,
    list_items,
    number,
    selector,
    subtype_word,
)
from app.catalog.compile.text import Line, lines_of, split_sentences, template_of
from app.domain.abilities import CopyEffect, works_from
from app.domain.base import CardType
from app.domain.card import Ability as DomainAbility
from app.domain.card import (
    AdditionalCost,
    AlternativeCost,
    CardKind,
    CostChange,
    ManaTrigger,
    Prototype,
    WhileCounters,
)
from app.domain.card import ManaAbility as DomainManaAbility
from app.domain.continuous import (
    MAX_EFFECT_LINE,
    MAX_EFFECT_LINES,
    AddSubtypes,
    AddTypes,
    CountAtLeast,
    GrantManaAbility,
    LoseAllAbilities,
    SetCardTypes,
    SetColors,
    SetCreatureTypes,
    SetLandTypes,
)
from app.domain.errors import TypeChoice
from app.domain.filters import Selector as DomainSelector

_LAYERED = (
    SetLandTypes,
    AddSubtypes,
    AddTypes,
    SetCreatureTypes,
    SetCardTypes,
    SetColors,
    LoseAllAbilities,
)
Status = Literal["compiled", "not_understood", "irrelevant"]

# Keywords that matter to no question the engine answers, besides those MTGJSON lists.
_PLAIN_KEYWORDS = (
    "Flying",
    "First strike",
    "Double strike",
    "Deathtouch",
    "Hexproof",
    "Indestructible",
    "Lifelink",
    "Menace",
    "Reach",
    "Trample",
    "Vigilance",
    "Defender",
    "Flash",
    "Shroud",
    "Protection from",
    "Ward",
    "Prowess",
    "Changeling",
    "Fear",
    "Intimidate",
    "Cascade",
    "Persist",
    "Undying",
    "Suspend",
    "Encore",
    # 702.170b, 702.170d: plotting is a special action whose cost casts nothing; the plotted
    # card is cast later without paying its mana cost, a free cast as any other (118.9).
    "Plot",
    "Cycling",
    "Equip",
    "Enchant",
    "Crew",
    "Landwalk",
    "Forestwalk",
    "Islandwalk",
    "Swampwalk",
    "Mountainwalk",
    "Plainswalk",
    "Storm",
    "Infect",
    "Wither",
    "Horsemanship",
    "Shadow",
    "Banding",
    "Rampage",
    "Flanking",
    "Bushido",
    "Ninjutsu",
    "Exalted",
    "Devoid",
    "Skulk",
    "Myriad",
    "Partner",
    "Fabricate",
    "Afflict",
    "Riot",
    "Mentor",
    "Training",
    "Toxic",
    "Backup",
    "Echo",
    "Cumulative upkeep",
    "Vanishing",
    "Fading",
    "Unearth",
    "Morph",
    "Megamorph",
    "Disguise",
    "Embalm",
    "Eternalize",
    "Transmute",
    "Convoke",
    "Delve",
    "Improvise",
    "Assist",
    "Sunburst",
    "Splice onto",
    "Aftermath",
    "Craft with",
    "Ninjutsu",
)
_CREATES_TOKEN = re.compile(r"\b[Cc]reates? .*\btokens?\b")
_ABOUT_TOKEN = re.compile(
    r"^(?:It|They|Those tokens|The token|That token|Each of them) (?:has|have) "
)
_CHAPTER = re.compile(
    r"^(?:(?:[IVX]+(?:, [IVX]+)*|\d+(?:[-\u2013]\d+)?\+?|\d+\||[IVX]+\|) — |"
    # A die result ("10-19 | ..."): part of the ability that rolled (706, rolling a die).
    # A level or station threshold ("8+ | {T}: ...") is a real ability of the permanent: not
    # matched here.
    r"\d+[-\u2013]\d+ \| |\d+ \| )"
)
_FROM_HAND = re.compile(r'^[^:"]*~ from your (?:hand|graveyard)[^:"]*: ')
_ENCHANT = re.compile(r"^Enchant (?P<what>[A-Za-z0-9 ,'-]+)$")


@dataclass(frozen=True, slots=True)
class SentenceRecord:
    text: str
    family: str  # "mana_ability", "alternative_cost", ..., or "other" when irrelevant
    status: Status

    @property
    def template(self) -> str:
        return template_of(self.text)


@dataclass(slots=True)
class CompiledFace:
    name: str
    abilities: list[DomainAbility] = field(default_factory=list)
    alternative_costs: list[AlternativeCost] = field(default_factory=list)
    additional_costs: list[AdditionalCost] = field(default_factory=list)
    cost_changes: list[CostChange] = field(default_factory=list)
    prototype: Prototype | None = None
    chosen_name_of: CardKind | None = None  # what its entering choice of a name may name
    chosen_type_among: list[str] = field(default_factory=list)  # its entering card type choice
    chosen_color_not: list[str] = field(default_factory=list)  # colors its choice may not be
    enchants: DomainSelector | None = None  # an Aura's enchant ability (702.5a)
    exiles_of: CardKind | None = None  # what it exiles as it enters (406.6)
    type_choice: TypeChoice | None = None  # the kind of type it chooses as it enters
    defined_colors: list[str] | None = None  # its own colors, defined by its text (604.3)
    x_not_zero: bool | None = None  # "X can't be 0" of the X announced for it (107.3a)
    legend_rule_off: bool | None = None  # "the legend rule doesn't apply" to some (704.5j)
    keywords: list[str] = field(default_factory=list)
    intrinsic: list[str] = field(default_factory=list)  # basic land types (305.6)
    sentences: list[SentenceRecord] = field(default_factory=list)
    # The paragraphs an effects entry of it may stand for, when it must name one (_place_effects).
    effect_lines: list[int] = field(default_factory=list)

    @property
    def unsupported_text(self) -> list[str]:
        return [s.text for s in self.sentences if s.status == "not_understood"]

    @property
    def support(self) -> Literal["full", "partial"]:
        return "partial" if self.unsupported_text else "full"

    def card_fields(self) -> dict[str, Any]:
        """The compiled fields of a catalog Card or CardFace (the importer merges them in;
        `support` and `unsupported_text` belong on the Card, all faces together)."""
        fields: dict[str, Any] = {
            "abilities": [a.model_dump(mode="json") for a in self.abilities],
            "alternative_costs": [c.model_dump(mode="json") for c in self.alternative_costs],
            "additional_costs": [c.model_dump(mode="json") for c in self.additional_costs],
        }
        for name in OPTIONAL_FIELDS:
            value = getattr(self, name)
            if value is not None and (value != [] or name in _KEPT_EMPTY):
                fields[name] = _as_json(value)
        return fields | {"support": self.support, "unsupported_text": self.unsupported_text}


# The compiled fields a face's data holds only when they say something: card data without
# them, and so its digest, stays what it was before they existed.
OPTIONAL_FIELDS = (
    "cost_changes",
    "prototype",
    "effect_lines",
    "chosen_name_of",
    "chosen_type_among",
    "chosen_color_not",
    "enchants",
    "exiles_of",
    "type_choice",
    "x_not_zero",
    "defined_colors",
    "legend_rule_off",
)
# Optional fields whose empty list says something (colorless, 105.2c): kept when empty.
_KEPT_EMPTY = frozenset({"defined_colors"})


def _as_json(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, list):
        return [_as_json(v) for v in value]
    return value


def card_support(faces: Iterable[CompiledFace]) -> dict[str, Any]:
    """`support` and `unsupported_text` of a whole card: partial when any face is."""
    unsupported = [text for face in faces for text in face.unsupported_text]
    return {"support": "partial" if unsupported else "full", "unsupported_text": unsupported}


@dataclass(slots=True)
class _Context:
    face: CompiledFace
    spell: bool  # an instant or sorcery: what it says is a resolving effect
    x_permanent: bool
    keywords: tuple[str, ...]
    enchant_subtypes: tuple[str, ...] = ()
    targets: int = 0  # how many times the face's text says "target"
    land: bool = False  # the face is a land (what "~ becomes ... that's still a land" needs)
    types: tuple[str, ...] = ()  # its printed card types, lower case
    subtypes: tuple[str, ...] = ()  # its printed subtypes
    # The face exiles cards as it enters, to which "the exiled card" refers (406.6, 607.2a).
    linked_exile: bool = False
    # The face speaks of "a card exiled with ~": what its own abilities exiled (607.2a).
    refers_to_exiled: bool = False
    # The face chooses a card name, to which "the chosen name" refers (201.3).
    chooses_name: bool = False
    # The face chooses a creature type as it enters, "the chosen type" (205.3m), or a basic
    # land type.
    chooses_type: bool = False
    chooses_color: bool = False  # "As ~ enters, choose a color": its `chosen_color` (105.2)
    # The spell's X is chosen as it is cast ({X} in its mana cost or kicker): what its text
    # says of that X bears on a free cast's X (107.3b, 107.3c).
    x_chosen: bool = False
    x_kicker_only: bool = False  # its X is a kicker's, none in its mana cost
    x_additional: bool = False  # an X in a mandatory additional cost ("blight X")
    chooses_land_type: bool = False
    chooses_number: bool = False  # "As ~ enters, choose a number": its `chosen_number`
    chooses_card_type: bool = False  # "As ~ enters, choose a card type": its `chosen_type`
    reads_chosen_type: bool = False  # a sentence adds or sets "the chosen type" (layers.py)
    # A player may pay to have the face's effect ignored for a while ("may sacrifice a
    # permanent ... to ignore this effect until end of turn"): the state can't say they did.
    escapable: bool = False
    # The face is a spree or tiered spell whose mode lines carry their costs (702.172a,
    # 702.183a): the keyword and those costs compile.
    modal: Literal["spree", "tiered"] | None = None
    modes: int = 0  # mode costs compiled so far (spree modes are named by their place)
    # The mode lines ("• ") of a spell that says "choose one or more" (or "one or both"): how
    # many modes it may choose, so how often escalate may be paid (702.120a).
    choosable_modes: int = 0
    # Records (by index) of one-shot effects on one target (haste, a lock on its activated
    # abilities) and the abilities they became.
    target_effects: list[tuple[int, list[DomainAbility]]] = field(default_factory=list)
    # Records (by index) of a permanent's one-shot type and control changes, with the line
    # they are on; and the span of face.abilities (and of records) each line filled.
    type_effects: list[tuple[int, int]] = field(default_factory=list)
    line_spans: list[tuple[int, int]] = field(default_factory=list)
    sentence_spans: list[tuple[int, int]] = field(default_factory=list)  # records of each line
    line_abilities: list[list[DomainAbility]] = field(default_factory=list)
    # Each read line's paragraph (Line.number), and the lines (by index) that are an ability an
    # effects entry may stand for by itself: any line of a permanent's face, a mode's or a
    # chapter's line of a spell's (the rest of a spell is the spell itself).
    line_numbers: list[int] = field(default_factory=list)
    unit_lines: set[int] = field(default_factory=set)
    # How many times the line being read says "target", and whether it is such a line.
    line_targets: int = 0
    line_is_unit: bool = False
    spell_targets: int = 0  # a spell's: how many times its lines that are no mode say "target"
    # The paragraph each effect ability of a unit line is on, by id (read once every line is).
    ability_lines: dict[int, int] = field(default_factory=dict)
    # What an entry of the face does depends on which line it stands for, and the lines tell
    # it apart: the entry must name its line (the face's `effect_lines`).
    needs_line: bool = False
    # Sentences of a granted ability after its mana (_granted), to report once it is recorded.
    granted_left: list[str] = field(default_factory=list)

    @property
    def chosen_as_it_enters(self) -> Literal["creature_type", "basic_land_type"] | None:
        """The kind of type the face chooses as it enters, when it chooses one kind only."""
        if self.chooses_type == self.chooses_land_type:
            return None
        return "creature_type" if self.chooses_type else "basic_land_type"

    def record(self, text: str, family: str, status: Status) -> None:
        self.face.sentences.append(SentenceRecord(text, family, status))

    def mark_type_effect(self) -> None:
        """The sentence just recorded is a one-shot type or control change, on the line being
        read (_check_type_effects weighs them once the face is read)."""
        self.type_effects.append((len(self.face.sentences) - 1, len(self.line_spans)))

    def add(self, understood: ir.Understood) -> None:
        self.face.abilities.extend(lower.ability(a) for a in understood.abilities)
        for c in understood.costs:
            lowered = lower.casting_cost(c)
            if isinstance(lowered, AlternativeCost):
                self.face.alternative_costs.append(lowered)
            else:
                self.face.additional_costs.append(lowered)
        self.face.cost_changes.extend(lower.cost_change(c) for c in understood.cost_changes)
        self.face.keywords.extend(understood.keywords)

    def unknown(self, text: str, *, effect: bool = False) -> None:
        if _LEGEND_RULE_OFF.search(text):
            # 704.5j turned off for some permanents (all, yours, two of one name...): the
            # engine's check of the legend rule is skipped on a board with this card. A
            # sentence that says more ("..., and Samurai you control have haste") is read on.
            self.face.legend_rule_off = True
            if _LEGEND_RULE_OFF_ALONE.match(text):
                self.record(text, "other", "irrelevant")
                return
        if self.x_chosen and text == "X can't be 0.":
            # A limit on the X announced as it is cast (107.3a): a free cast, whose X must be
            # 0 (107.3b), can't happen; a kicker's X can't be 0.
            self.face.x_not_zero = True
            self.record(text, "x", "compiled")
            return
        if (
            (self.x_chosen and _SPELL_X_RULE.match(text))
            or (self.x_kicker_only and _KICKER_X_SPEND.match(text))
            or (self.x_additional and _SPELL_X_LIMIT.match(text))
        ):
            # Other limits on X ("X can't be greater than ..."), "X is the number of ..." (X
            # defined by the text is no X a free cast makes 0, 107.3c): not modelled, reported.
            self.record(text, "x", "not_understood")
            return
        fam = relevance.family(text, x_permanent=self.x_permanent, spell=self.spell or effect)
        if fam is None:
            self.record(text, "other", "irrelevant")
        else:
            self.record(text, fam, "not_understood")


# The legend rule (704.5j) turned off, for every permanent or some; a sentence saying only
# that, on a condition or not.
_LEGEND_RULE_OFF = re.compile(r"\bthe \"legend rule\" doesn't apply\b", re.IGNORECASE)
_LEGEND_RULE_OFF_ALONE = re.compile(
    r"^(?:(?:If|As long as) [^,]+, )?the \"legend rule\" doesn't apply(?: to [^.,]+)?\.$",
    re.IGNORECASE,
)
# A limit on the X of an additional cost: a free cast still announces that X (107.3a; 107.3b
# is about the mana cost's), so it bears on what is paid. Said of any other X (a trigger's
# payment, an activated ability's), it bears on nothing the engine rules on.
_SPELL_X_LIMIT = re.compile(r"^X can't be (?:greater|more) than\b")
_X_ADDITIONAL = re.compile(r"^As an additional cost to cast [^.\n]*\bX\b", re.MULTILINE)
# A sentence on the spell's own X: a limit on it, or its value defined by the text.
_SPELL_X_RULE = re.compile(r"^X (?:can't be\b|is (?:the|equal to|twice|half)\b)")
# What mana may pay a kicker's X ("spend only colored mana on X"): it limits the X announced,
# which a free cast pays; an X of the mana cost is 0 there, so its limit bears on nothing.
_KICKER_X_SPEND = re.compile(
    r"^Spend only [^.]*\bon X\b|^No more than one mana of each colou?r may be spent"
)

# A kicker cost with an X in it: the X is chosen as the spell is cast (107.3a), as one in the
# mana cost is, and its ETB abilities may use it (107.3m).
_KICKER_X = re.compile(r"^(?:Multik|K)icker [^\n]*\{X\}", re.MULTILINE)


def _x_chosen(mana_cost: str | None, text: str | None) -> bool:
    """Whether the spell's X is chosen as it is cast: {X} in its mana cost or its kicker."""
    return "{X}" in (mana_cost or "") or bool(text and "{X}" in text and _KICKER_X.search(text))


def compile_face(
    name: str,
    text: str | None,
    *,
    types: Iterable[str] = (),
    subtypes: Iterable[str] = (),
    mana_cost: str | None = None,
    keywords: Iterable[str] = (),
    supertypes: Iterable[str] = (),
) -> CompiledFace:
    """Compile one face. types/subtypes/supertypes as on the type line (any case); keywords as
    the source lists them (MTGJSON's `keywords`), used to tell keyword lines from sentences.
    A legendary face's text may name it by a shortened name (text.short_names)."""
    type_set = {t.lower() for t in types}
    subtype_list = list(subtypes)
    legendary = "legendary" in {t.lower() for t in supertypes}
    face = CompiledFace(name=name)
    face.intrinsic = [t for t in BASIC_LAND_TYPES if t in subtype_list and "land" in type_set]
    spell = bool(type_set & {"instant", "sorcery"})
    x_chosen = _x_chosen(mana_cost, text)
    ctx = _Context(
        face=face,
        spell=spell,
        x_permanent=x_chosen and not spell,
        x_chosen=x_chosen,
        x_kicker_only=x_chosen and "{X}" not in (mana_cost or ""),
        x_additional=bool(text and _X_ADDITIONAL.search(text)),
        keywords=tuple(k for k in keywords if k),
        land="land" in type_set,
        types=tuple(sorted(type_set)),
        subtypes=tuple(subtype_list),
    )
    # Never a short name: the face's own types, nor a keyword it has ("Flash" on a face named
    # "Flash ..." is the keyword).
    avoid = (*type_set, *subtype_list, *(k for k in keywords if k))
    lines = list(lines_of(name, text or "", legendary=legendary, avoid=avoid))
    ctx.targets = sum(len(_TARGET.findall(s)) for line in lines for s in line.sentences)
    if _face_is_spell(ctx):
        # A mode's entry is the spell with that mode: the rest of the spell targets too.
        ctx.spell_targets = sum(
            len(_TARGET.findall(s))
            for line in lines
            if line.sentences and not _marks_effect_line(line.sentences[0])
            for s in line.sentences
        )
    ctx.linked_exile = any(_EXILES_AS_IT_ENTERS.match(s) for line in lines for s in line.sentences)
    ctx.refers_to_exiled = any(_EXILED_WITH in s for line in lines for s in line.sentences)
    ctx.chooses_name = any(_CHOOSES_NAME.search(s) for line in lines for s in line.sentences)
    ctx.chooses_type = any(_CHOOSES_TYPE.match(s) for line in lines for s in line.sentences)
    ctx.chooses_color = any(_CHOOSES_COLOR.match(s) for line in lines for s in line.sentences)
    ctx.chooses_number = any(_CHOOSES_NUMBER.match(s) for line in lines for s in line.sentences)
    ctx.chooses_card_type = any(_chooses_card_type(s) for line in lines for s in line.sentences)
    _entering_choice_limits(ctx, [s for line in lines for s in line.sentences])
    _exiles_kind(ctx, [s for line in lines for s in line.sentences])
    ctx.chooses_land_type = any(
        _CHOOSES_LAND_TYPE.match(s) for line in lines for s in line.sentences
    )
    face.type_choice = _type_choice(ctx)
    ctx.reads_chosen_type = any(
        layers.reads_chosen_type(s) for line in lines for s in line.sentences
    )
    ctx.escapable = any(_IGNORE_THIS_EFFECT.search(s) for line in lines for s in line.sentences)
    ctx.modal = _modal_kind(lines)
    ctx.choosable_modes = _choosable_modes(lines)
    band: Band | None = None
    for line in lines:
        sentences = list(line.sentences)
        gained = _CLASS_LEVEL.match(sentences[0]) if len(sentences) == 1 else None
        if gained is not None and "Class" in ctx.subtypes:
            # 716: the lines that follow, to the next level, are that level's abilities.
            band = Band(CLASS_LEVEL, int(gained.group("level")), None)
            ctx.record(sentences[0], "other", "irrelevant")
            continue
        if len(sentences) == 1 and (level := _LEVEL.match(sentences[0])):
            # 711.2: the abilities that follow, to the next band, exist only in this band.
            most = level.group("most")
            band = Band("level", int(level.group("least")), int(most) if most else None)
            ctx.record(sentences[0], "other", "irrelevant")
            continue
        line_band = band
        station = _STATION.match(sentences[0]) if sentences else None
        if station is not None and "station" in {k.lower() for k in ctx.keywords}:
            # 721.2a: "N+ | ability": the ability exists while it has N or more charge counters.
            line_band = Band("charge", int(station.group("least")), None)
            sentences[0] = sentences[0][station.end() :]
        start, first = len(face.abilities), len(face.sentences)
        ctx.line_is_unit = not _face_is_spell(ctx) or _marks_effect_line(sentences[0])
        ctx.line_targets = sum(len(_TARGET.findall(s)) for s in sentences)
        ctx.line_targets += ctx.spell_targets if ctx.line_is_unit else 0
        if line_band is None:
            _compile_line(ctx, sentences)
        else:
            _banded_line(ctx, sentences, line_band)
        if ctx.line_is_unit:
            ctx.unit_lines.add(len(ctx.line_spans))
        ctx.line_spans.append((start, len(face.abilities)))
        ctx.sentence_spans.append((first, len(face.sentences)))
        ctx.line_numbers.append(line.number)
    # Each line's abilities as read: the checks below drop some from the face, never from these.
    ctx.line_abilities = [face.abilities[start:end] for start, end in ctx.line_spans]
    ctx.ability_lines = _ability_lines(ctx)
    _check_line_effects(ctx)
    _check_type_effects(ctx)
    _check_target_effects(ctx)
    _check_other_lasting_lines(ctx)
    _place_effects(ctx)
    _station_creature(ctx, text or "")
    if legendary and ctx.spell:
        ctx.add(ir.Understood(abilities=[bans.legendary_spell_restriction()]))
    _report_unmodelled_layers(face)
    _report_defender_changes(face)
    _report_own_type_loss(face)
    return face


# 721.2b: a Spacecraft whose threshold line has a power/toughness box is a creature in addition
# to its other types while it has at least that many charge counters; only its station
# reminder says how many ("It's an artifact creature at 10+.").
_STATION_CREATURE = re.compile(r"\bIt's an artifact creature at (?P<least>\d+)\+")


def _station_creature(ctx: _Context, text: str) -> None:
    """The Spacecraft's own "artifact creature at N+", read on its "Station" keyword line."""
    said = _STATION_CREATURE.search(text) if "artifact creature at" in text else None
    records = [i for i, r in enumerate(ctx.face.sentences) if r.text == "Station"]
    if said is None or not records or "artifact" not in ctx.types:
        return
    least = int(said.group("least"))
    own = ir.Sel(source=True, counters=("charge", least))
    ctx.face.abilities.append(lower.ability(ir.AddTypes(own, ("creature",))))
    ctx.face.sentences[records[0]] = SentenceRecord("Station", "type_change", "compiled")


_TARGET = re.compile(r"\btargets?\b", re.IGNORECASE)
_EXILES_AS_IT_ENTERS = re.compile(r"^When ~ enters, (?:you may )?exile ")
_EXILED_WITH = "a card exiled with ~"
_CHOOSES_TYPE = re.compile(r"^As ~ enters, choose a creature type\.$")
_CHOOSES_COLOR = re.compile(r"^As ~ enters, choose a color\.$")
# "As ~ enters, choose a card type [other than ...]", "... choose instant, sorcery, or
# artifact": its `chosen_type` is a card type (205.2a).
_CHOOSES_CARD_TYPE = re.compile(
    r"^As ~ enters, choose (?:a card type(?: other than [a-z]+(?: or [a-z]+)?)?|"
    r"(?P<listed>(?:[a-z]+, )+or [a-z]+))\.$"
)
_CHOOSES_NUMBER = re.compile(r"^As ~ enters, choose a number\.$")  # any, 0 included (107.1b)
_CHOOSES_LAND_TYPE = re.compile(r"^As ~ enters, choose a basic land type\.$")
_IGNORE_THIS_EFFECT = re.compile(r"\bto ignore this effect\b")
_CHOOSES_NAME = re.compile(
    r"^(?:As|When) ~ enters, (?:look at an opponent's hand, then )?choose (?:an?|any) "
    r"(?:[\w-]+,? )*?card name\.$|"
    # After each opponent revealed their hand as ~ entered: a card name all the same (201.3).
    r"^You choose the name of an? (?:[\w-]+ )?card revealed this way\.$"
)
_LEVEL = re.compile(r"^LEVEL (?P<least>\d+)(?:[-\u2013](?P<most>\d+)|\+)$")
_CLASS_LEVEL = re.compile(r"^(?:\{[^}]+\})+: Level (?P<level>\d+)$")
CLASS_LEVEL = "class level"  # a Band's kind for a Class's levels (716), not a counter
_STATION = re.compile(r"^(?P<least>\d+)\+ \| ")


@dataclass(frozen=True, slots=True)
class Band:
    """How many counters of a kind a line's abilities need (711.2, 721.2a), or (CLASS_LEVEL)
    the level their Class must have gained (716)."""

    counter: str
    least: int
    most: int | None


def _banded_line(ctx: _Context, sentences: list[str], band: Band) -> None:
    """A line whose abilities exist only in a level band or past a station threshold: its mana
    abilities and its grants of mana abilities carry the band (the engine lists them only
    while the counters are there); any other ability or keyword compiled from it can't carry
    one, so the line is reported."""
    face = ctx.face
    abilities, records, keywords = len(face.abilities), len(face.sentences), len(face.keywords)
    costs = len(face.alternative_costs) + len(face.additional_costs)
    _compile_line(ctx, sentences)
    added = face.abilities[abilities:]
    more_costs = len(face.alternative_costs) + len(face.additional_costs) > costs
    # An activation's resolved effect (an entry of the state's effects) needed the band only to
    # be activated: once it resolved it lasts whatever the counters are now. So does a copy it
    # made (the state's `copy_of` says it is one).
    only_mana = all(
        isinstance(a, DomainManaAbility | GrantManaAbility)
        or getattr(a, "works_from", None) == "effect"
        or (isinstance(a, CopyEffect) and a.by != "entering")
        for a in added
    )
    # 702.10: haste said on a threshold line ("3+ | Flying, haste") is the permanent's own while
    # it has that many counters: its selector asks for them (a level band's upper bound can't).
    said = face.keywords[keywords:]
    hasty = bool(said) and all(k.lower() == "haste" for k in said)
    haste_held = hasty and band.counter != CLASS_LEVEL and band.most is None
    if only_mana and not more_costs and (not said or haste_held):
        if haste_held:
            del face.keywords[keywords:]
            own = ir.Sel(source=True, counters=(band.counter, band.least))
            added = [*added, lower.ability(ir.Keyword("Haste", own))]
        update: dict[str, object] = (
            {"while_class_level": band.least}
            if band.counter == CLASS_LEVEL
            else {
                "while_counters": WhileCounters(
                    counter=band.counter, at_least=band.least, at_most=band.most
                )
            }
        )
        face.abilities[abilities:] = [
            a.model_copy(update=update)
            if isinstance(a, DomainManaAbility)
            or (isinstance(a, GrantManaAbility) and a.works_from == "battlefield")
            else a
            for a in added
        ]
        return
    del face.abilities[abilities:]
    del face.keywords[keywords:]
    face.sentences[records:] = [
        SentenceRecord(r.text, r.family, "not_understood") if r.status == "compiled" else r
        for r in face.sentences[records:]
    ]


def _effect_line(ctx: _Context, sentences: list[str], marker: str) -> None:
    """A line that is the effect of one of several abilities or choices, read as a spell's
    effect is (its "Add" is no mana ability, 605.1a, 605.1): a loyalty ability's (606.3, its
    cost the marker), a mode's ("• "), a Saga's chapter's ("I — ", 714.2b) or a die result's
    ("10-19 | ", 706). Its continuous effects work from an entry of the state's effects naming
    the card. The first sentence keeps its marker on the record (_check_line_effects finds the
    line by it)."""
    if (
        marker[0].isdigit()
        and sentences[0][len(marker) :].startswith("Add ")
        and _rolled_by_activation(ctx)
    ):
        # A die result that adds mana, of an activated ability rolling it (706, 605.1a): a
        # table of more results than mana.py reads, reported rather than read as a spell's (a
        # trigger's is none, 605.1b).
        for s in sentences:
            ctx.record(s, "mana_ability", "not_understood")
        return
    first = len(ctx.face.sentences)
    was = ctx.spell
    ctx.spell = True
    try:
        _compile_line(ctx, [sentences[0][len(marker) :], *sentences[1:]])
    finally:
        ctx.spell = was
    if first < len(ctx.face.sentences):
        r = ctx.face.sentences[first]
        # The sentence as the card says it (a keyword action's record drops its period).
        said = sentences[0] if sentences[0][len(marker) :].startswith(r.text) else marker + r.text
        ctx.face.sentences[first] = SentenceRecord(said, r.family, r.status)


# A die rolled, and one rolled by an activated ability ("{T}: Roll a six-sided die.").
_ROLLS = re.compile(r"\b[Rr]oll (?:a|an) (?:[\w-]+ die|d\d+)\b")
_ROLLS_BY_ACTIVATION = re.compile(r'^[^":]*: [Rr]oll (?:a|an) (?:[\w-]+ die|d\d+)\b')


def _rolled_by_activation(ctx: _Context) -> bool:
    """Whether the die whose results the lines read was rolled by an activated ability of a
    permanent: the last roll said before them."""
    if _face_is_spell(ctx):
        return False
    for record in reversed(ctx.face.sentences):
        if _ROLLS.search(record.text):
            return _ROLLS_BY_ACTIVATION.match(record.text) is not None
    return False


# A mode with a name of its own ("• Khans — ..."), chosen as a permanent enters, is a static
# or triggered ability of that permanent, not an effect: it is not read as one.
_NAMED_MODE = re.compile(r"^• [A-Z][\w' ]* — ")


def _effect_marker(first: str) -> str | None:
    """The marker of a mode's, a chapter's or a die result's line (_effect_line), if any."""
    if first.startswith("• "):
        return None if _NAMED_MODE.match(first) else "• "
    m = _CHAPTER.match(first)
    return m.group(0) if m is not None else None


def _face_is_spell(ctx: _Context) -> bool:
    """An instant or sorcery face (ctx.spell also holds while a mode's line is read)."""
    return bool({"instant", "sorcery"} & set(ctx.types))


def _ability_lines(ctx: _Context) -> dict[int, int]:
    """The paragraph of each effect ability on a line an entry may name, by id: only a
    paragraph an entry's `line` can say (MAX_EFFECT_LINE)."""
    return {
        id(a): ctx.line_numbers[n]
        for n in ctx.unit_lines
        if ctx.line_numbers[n] <= MAX_EFFECT_LINE
        for a in ctx.line_abilities[n]
        if works_from(a) == "effect"
    }


def _entry_lines(ctx: _Context, *, read_whole: bool = True) -> list[int]:
    """The paragraphs an effects entry of the face may stand for: each line an entry may name
    that is an activation, a trigger, a loyalty ability, a mode, a chapter or a die result
    (a mana ability's is none: it doesn't resolve as an entry, 605.3a), or that made an effect
    ability (a keyword's, like crew); with `read_whole`, only those the engine reads whole (a
    line with a sentence not understood is none: an entry that stood for it would apply only
    part of it)."""
    face = ctx.face
    placed = set(ctx.ability_lines.values())
    found: set[int] = set()
    for n in ctx.unit_lines:
        start, end = ctx.sentence_spans[n]
        number = ctx.line_numbers[n]
        if start >= end or number > MAX_EFFECT_LINE:
            continue
        records = face.sentences[start:end]
        if records[-1].text.endswith("—"):
            continue  # a trigger's choice of modes: an entry names the mode's line
        if read_whole and any(r.status == "not_understood" for r in records):
            continue
        if number in placed:
            found.add(number)
        elif all(r.family == "mana_ability" for r in records):
            continue
        elif _LEADS.match(records[0].text) or _marks_effect_line(records[0].text):
            found.add(number)
    return sorted(found)


def _told_apart(ctx: _Context, abilities: Iterable[DomainAbility]) -> bool:
    """Whether an entry that names its line tells these effect abilities apart: each is on a
    line an entry may name, and the face's lines fit in its `effect_lines`."""
    return all(id(a) in ctx.ability_lines for a in abilities) and (
        len(_entry_lines(ctx)) <= MAX_EFFECT_LINES
    )


def _place_effects(ctx: _Context) -> None:
    """When what an entry does depends on its line, the face lists the lines an entry may
    stand for, one of which it must name. And on a face with two or more lines an entry may
    stand for, each effect ability on such a line says which paragraph it is on: an entry that
    names another doesn't apply it."""
    face = ctx.face
    if ctx.needs_line:
        readable = _entry_lines(ctx)
        if len(readable) > MAX_EFFECT_LINES:
            readable = []  # more than a face may list: none can be named (docs/api.md)
        # A line not read whole is no line an entry may name: what it compiled never applies.
        unread = {
            n
            for n in ctx.unit_lines
            if ctx.line_numbers[n] not in readable
            and any(id(a) in ctx.ability_lines for a in ctx.line_abilities[n])
        }
        _drop_effects_of(ctx, unread)
        if any(works_from(a) == "effect" for a in face.abilities):
            face.effect_lines = readable
    if len(_entry_lines(ctx, read_whole=False)) < 2:
        return  # one line an entry may stand for: nothing to tell apart
    face.abilities = [
        a.model_copy(update={"line": ctx.ability_lines[id(a)]}) if id(a) in ctx.ability_lines else a
        for a in face.abilities
    ]


def _check_line_effects(ctx: _Context) -> None:
    """An entry of the state's effects that names no line applies every effect ability of its
    card. So the effects compiled from lines of loyalty abilities, modes, chapters or die
    results (_effect_line) are exact without one only as the card's one such line that bears on
    what the engine rules on. With two compiled (unless they compile to the same abilities: any
    of them resolving does the same), or another reported (relevance.py reads such a line by
    its effect), the entry must name its line (`needs_line`); where the lines can't tell
    them apart (_told_apart), the compiled ones are dropped, their sentences not understood."""
    face = ctx.face
    marked = [
        n
        for n, (first, end) in enumerate(ctx.sentence_spans)
        if first < end and _marks_effect_line(face.sentences[first].text)
    ]
    compiled = {
        n: [a for a in ctx.line_abilities[n] if getattr(a, "works_from", "battlefield") == "effect"]
        for n in marked
    }
    compiled = {n: found for n, found in compiled.items() if found}
    if not compiled:
        return
    reported = any(
        r.status == "not_understood"
        for n in marked
        if n not in compiled
        for r in face.sentences[slice(*ctx.sentence_spans[n])]
    )
    alike = all(found == next(iter(compiled.values())) for found in compiled.values())
    if alike and not reported:
        return
    if _told_apart(ctx, (a for found in compiled.values() for a in found)):
        ctx.needs_line = True  # the entry names the line that resolved
    else:
        _drop_effects_of(ctx, set(compiled))


def _marks_effect_line(text: str) -> bool:
    return bool(_LOYALTY.match(text) or _effect_marker(text) is not None)


def _drop_effects_of(ctx: _Context, lines: set[int]) -> None:
    face = ctx.face
    dropped = {
        id(a)
        for n in lines
        for a in ctx.line_abilities[n]
        if getattr(a, "works_from", "battlefield") == "effect"
    }
    face.abilities = [a for a in face.abilities if id(a) not in dropped]
    for n in lines:
        start, end = ctx.sentence_spans[n]
        for at in range(start, end):
            r = face.sentences[at]
            if r.status == "compiled" and r.family != "mana_ability":
                face.sentences[at] = SentenceRecord(r.text, r.family, "not_understood")
    ctx.type_effects = [(at, line) for at, line in ctx.type_effects if line not in lines]
    ctx.target_effects = [
        (at, f) for at, f in ctx.target_effects if not {id(a) for a in f} & dropped
    ]


def _check_type_effects(ctx: _Context) -> None:
    """An `effects` entry that names no line applies every effect ability of its card to its
    one target, so a one-shot type or control change is exact without one only when every
    effect ability of the face comes from its own line (one activation or trigger), and no
    other activation or trigger of the face changes types or control in a way not understood
    (an entry could stand for that one). Otherwise the entry must name its line
    (`needs_line`); where the lines can't tell them apart (_told_apart), every effect
    ability of the face is dropped, its sentences not understood."""
    face = ctx.face
    if not ctx.type_effects:
        return
    lines = {line for _, line in ctx.type_effects}
    effect_lines = {
        n
        for n, found in enumerate(ctx.line_abilities)
        for a in found
        if getattr(a, "works_from", "battlefield") == "effect"
    }
    effects = [a for a in face.abilities if getattr(a, "works_from", "battlefield") == "effect"]
    # Several lines that each do the same to the entry's target (a Vehicle's crew ability and
    # an activation that makes it an artifact creature too) stand for each other.
    alike = bool(effects) and all(a == effects[0] for a in effects) and effect_lines <= lines
    one_line = len(lines) == 1 and effect_lines == lines
    if (one_line or alike) and not _other_effect_unread(ctx, lines):
        return
    if _told_apart(ctx, effects):
        ctx.needs_line = True  # the entry names the line that resolved
        return
    _drop_effects_of(ctx, effect_lines | lines)


_EFFECT_FAMILIES = frozenset({"type_change", "land_type", "haste_control"})


def _other_effect_unread(ctx: _Context, lines: set[int]) -> bool:
    """Whether a line other than `lines`, an activation or a trigger, has a sentence of a type
    or control change that was not understood."""
    for n, (start, end) in enumerate(ctx.sentence_spans):
        if n in lines or start >= end or not _LEADS.match(ctx.face.sentences[start].text):
            continue
        if any(
            r.status == "not_understood" and r.family in _EFFECT_FAMILIES
            for r in ctx.face.sentences[start:end]
        ):
            return True
    return False


# "{5}: If ~ isn't a creature, it becomes a 2/4 Wizard creature with "<ability>"." on a land
# (then "It's still a land."): the activation does something only while ~ is no creature, so
# an entry of the state's effects for it stands for one that resolved so; the quoted ability
# it gains is left out only when it bears on nothing the engine rules on (relevance.py).
_IF_NO_CREATURE = re.compile(
    r"^(?P<cost>[^:\"]+): If ~ isn't a creature, it becomes (?P<rest>an? [^\"]+?) with "
    r'"(?P<quoted>[^"]+?)\.?"\.?$'
)


def _unless_creature(ctx: _Context, s: str) -> str:
    """The sentence as a plain "<cost>: ~ becomes ..." when it is the form above, else as is."""
    m = _IF_NO_CREATURE.match(s)
    if m is None or ctx.spell or not ctx.land:
        return s
    quoted = split_sentences(m.group("quoted") + ".")
    if any(relevance.family(q, x_permanent=False, spell=False) for q in quoted):
        return s
    return f"{m.group('cost')}: ~ becomes {m.group('rest')}."


def _becomes(
    ctx: _Context, s: str, following: str, previous: str | None, first: str | None
) -> bool:
    """ "{T}: Target land you control becomes a 3/3 Elemental creature with haste until end of
    turn." (layers.becomes): from an activation or a spell, an entry of the state's effects.
    "At the beginning of combat on your turn, ~ becomes a Construct creature in addition to its
    other types until end of turn.", "{7}: Put seven +1/+1 counters on ~. It becomes a Spirit
    creature in addition to its other types.": the permanent itself changes, by an activation
    or trigger of its own; the entry's `target` is that permanent."""
    # A later sentence of an activation's or a trigger's effect needs no lead of its own.
    in_effect = ctx.spell or (first is not None and first != s and _LEADS.match(first) is not None)
    targeted: list[ir.Ability] | None = None
    family = "land_type"  # where relevance files land types and "loses all abilities"
    if (chosen := layers.target_land_type(s, lead=not in_effect)) is not None:
        targeted = [chosen]
    elif (group := layers.group_becomes(s, previous, following, lead=not in_effect)) is not None:
        targeted, family = group, "type_change"
    elif (colored := layers.target_colors(s, lead=not in_effect)) is not None:
        targeted, family = [colored], "type_change"
    elif (lost := layers.target_loses_all(s, lead=not in_effect)) is not None:
        # An ability it gains beside is read only where it bears on nothing the engine rules on.
        gained = lost[1]
        if gained is None or relevance.family(gained.rstrip("."), x_permanent=False) is None:
            targeted = lost[0]
    elif (named := layers.named_loses_all(s)) is not None:
        who, led, loss = named
        own = who == "~" and (led or in_effect) and not _face_is_spell(ctx)
        pointed = None if own or who == "~" else _pronoun_target(ctx, previous, first)
        if own or pointed is not None:
            targeted = [loss]
            ctx.needs_line |= pointed is not None and pointed[1]
    if targeted is not None:
        ctx.add(ir.Understood(abilities=targeted))
        ctx.record(s, family, "compiled")
        ctx.mark_type_effect()
        return True
    about_self = previous is not None and _ON_SELF.match(previous) is not None
    pointed = _pronoun_target(ctx, previous, first)
    referent = None if pointed is None else pointed[0]
    # Later in an activation's effect, a sentence that names ~ itself ("Until end of turn, you
    # may have ~ become ...") is about the permanent whose ability it is.
    names_self = (
        first is not None and first != s and _ACTIVATED.match(first) is not None and "~ " in s
    )
    if not (
        ctx.spell
        or _ACTIVATED.match(s)
        or _SELF_TRIGGER.match(s)
        or about_self
        or names_self
        or referent is not None
        or s.startswith("Until end of turn, target ")
        or _TRIGGER_TARGET.match(s)
    ):
        return False
    # A loyalty ability is read as a spell's effect (_effect_line), yet "~" in it is still the
    # planeswalker: only an instant or sorcery has no permanent of its own to change.
    own_permanent = not _face_is_spell(ctx)
    found = layers.becomes(
        _unless_creature(ctx, s),
        following,
        pronoun=about_self or referent is not None,
        self_land=ctx.land if own_permanent else None,
        referent=referent,
        own=(ctx.types, ctx.subtypes) if own_permanent else None,
    )
    if found is None:
        return False
    abilities, haste = found
    if haste:
        abilities = [*abilities, ir.Keyword("Haste", ir.Sel(attached=True), effect=True)]
    ctx.add(ir.Understood(abilities=abilities))
    ctx.record(s, "type_change", "compiled")
    ctx.mark_type_effect()
    # "It" was the line's one target, not the face's: the entry names the line.
    ctx.needs_line |= pointed is not None and pointed[1]
    return True


def _set_types(ctx: _Context, s: str, previous: str | None) -> bool:
    """A resolved ability's one object that becomes other card types and gains a mana ability
    (layers.set_types): both from the same entry of the state's effects."""
    if not ctx.spell and (land := layers.colorless_land(s)) is not None:
        effects, text = land
        return _with_grants(ctx, s, effects, [text], "land_type", effect=False)
    found = layers.set_types(previous, s)
    if found is None or ctx.spell:
        return False
    change, quoted = found
    return _with_grants(ctx, s, [change], [quoted], "type_change", effect=True)


def _sentence_case(text: str) -> str:
    """A clause said after a lead, as a sentence of its own would open."""
    return text[:1].upper() + text[1:]


def _with_grants(
    ctx: _Context,
    s: str,
    changes: list[ir.Ability],
    quoted: list[str],
    family: str,
    *,
    effect: bool,
    to: ir.Sel | None = None,
    chosen_name: bool = False,
) -> bool:
    """The changes, and a grant of each mana ability `quoted` says to what they change (`to`,
    by default the one object they are attached to or target), compiled together; False when
    a quoted ability isn't understood. With `effect`, a one-shot change (an entry's)."""
    grants: list[ir.Ability] = []
    left: list[str] = []
    for text in quoted:
        granted = _granted(text)
        if granted is None:
            return False
        grants.append(
            ir.Grant(
                to or ir.Sel(attached=True), granted[0], effect=effect, chosen_name=chosen_name
            )
        )
        left.extend(granted[1])
    ctx.granted_left.extend(left)
    ctx.add(ir.Understood(abilities=[*changes, *grants]))
    ctx.record(s, family, "compiled")
    if effect:
        ctx.mark_type_effect()
    return True


def _stripped(ctx: _Context, s: str, previous: str | None) -> bool:
    """What loses its abilities but the mana abilities the same effect gives it
    (layers.stripped); a permanent's static ability, or an entry of the state's effects."""
    found = layers.stripped(s, previous, chooses_name=ctx.chooses_name)
    if found is None or (ctx.spell and not found.effect):
        return False
    return _with_grants(
        ctx,
        s,
        found.changes,
        found.quoted,
        "land_type",  # where relevance files "loses all abilities"
        effect=found.effect,
        to=found.to,
        chosen_name=found.chosen_name,
    )


# "When ~ dies, if she was a nonland creature, return ~ to the battlefield tapped under your
# control. She's a land named Moon. She gains "{T}: Add {C}."": the permanent it returns as is
# a land and no other card type (205.1a: "is a land" alone replaces the card types, its
# creature types going with the creature type, 205.3d; supertypes stay) with the quoted mana
# ability. The new name is read by nothing the engine rules on (a filter "named ~" names the
# card's own name; a chosen name is a card's, 201.3), so the steps name the card.
_DIES_RETURNS = re.compile(
    r"^When ~ dies, if (?:she|he|it) was a nonland creature, return ~ to the battlefield"
    r"(?: tapped)?(?: under your control)?\.$"
)
_LAND_NAMED = re.compile(r"^(?:She|He|It)'s a land named [A-Z][A-Za-z' ]*\.$")
_GAINS_QUOTED = re.compile(r'^(?:She|He|It) gains "(?P<ability>[^"]+)"\.?$')


# A resolved effect giving permanents a quoted ability (layer 6, 613.1f): a Saga's "I — ~ gains
# "{T}: Add {C}."", a loyalty ability's "~ gains "{T}: Add {R}" until your next turn", a mode's
# "Target land gains "{T}: Add {U}{U}" until end of turn.", a spell's "Until end of turn,
# artifacts you control gain "{T}: Add {C}{C}."". Each permanent changed is an entry
# of the state's effects whose `target` it is: the permanent itself, the one target, or each of
# a group there as it resolved (611.2c). However long it lasts ("until ~ is cast from exile"
# too), the entry stands for it while it is in force.
_GAINS_ABILITY = re.compile(
    r'^(?P<lead>[^:"]+: |(?:When|Whenever|At) [^,:"]+, )?(?:Until (?:end of turn|your next '
    r"turn), )?(?P<who>~|[Tt]arget (?:land|creature|artifact|permanent)(?: you control)?|"
    r'(?:[Ll]ands|[Cc]reatures|[Aa]rtifacts) you control) gains? "(?P<ability>[^"]+)"'
    r"(?: until (?:end of turn|your next turn|~ is cast from exile))?\.?$"
)


def _gains_ability(ctx: _Context, s: str, *, in_effect: bool) -> bool:
    """The grant above, of a mana ability; in_effect: the sentence is part of a resolving
    effect (a spell's, a chapter's, a mode's, a loyalty ability's) even without a lead."""
    # A chapter's or a mode's marker leads what the effect says.
    m = _GAINS_ABILITY.match(_CHAPTER.sub("", s.removeprefix("• "), 1))
    if m is None or not (in_effect or m.group("lead")):
        return False
    if m.group("who") == "~" and _face_is_spell(ctx):
        return False  # a spell has no permanent of its own to change
    if _granted(m.group("ability")) is not None:
        return _with_grants(ctx, s, [], [m.group("ability")], "mana_ability", effect=True)
    if m.group("who") != "~":
        return False  # a static another permanent gains: its "you" is that one's controller
    # ~ gains a static ability ("Creatures you control have '{T}: Add ...'"): it works from
    # ~ while the effect lasts, its "you" the effect's controller: an entry's own abilities.
    found, families, understood = _quoted_statics(ctx, [m.group("ability")], "effect")
    if not families:
        return False
    if _add_statics(ctx, s, found, families, understood):
        ctx.mark_type_effect()
    return True


# "[-5]: You get an emblem with "Islands you control have '{T}: Add {U}{U}.'"": an
# emblem's abilities (114) are statics read as a permanent's would be, then working from the
# command zone (`works_from: emblem`: the state's `emblems` names the card). Quotes inside one
# are single ('...'), each of its abilities its own double-quoted text.
_EMBLEM = re.compile(r'^You get an emblem with,? (?P<quoted>"[^"]+"(?:,? and "[^"]+")*)\.?$')
_INNER_QUOTE = re.compile(r"(?<![A-Za-z])'(?P<inner>[^']+?)'(?![A-Za-z])")


def _emblem(ctx: _Context, s: str) -> bool:
    """The emblem above, when every ability of it is read and can work from an emblem; one
    that isn't is reported, not dismissed (its "Add" is no spell's)."""
    m = _EMBLEM.match(s)
    if m is None:
        return False
    found, families, understood = _quoted_statics(
        ctx, re.findall(r'"([^"]+)"', m.group("quoted")), "emblem"
    )
    if not families:
        ctx.record(s, "other", "irrelevant")  # nothing the engine rules on
        return True
    _add_statics(ctx, s, found, families, understood)
    return True


def _add_statics(
    ctx: _Context, s: str, found: list[DomainAbility], families: list[str], understood: bool
) -> bool:
    """The sentence's statics added when all were read, and the sentence recorded as compiled
    or reported under the family of its first sentence that bears on the engine."""
    if understood:
        ctx.face.abilities.extend(found)
    ctx.record(s, families[0], "compiled" if understood else "not_understood")
    return understood


def _quoted_statics(
    ctx: _Context, quoted: list[str], works_from: Literal["effect", "emblem", "graveyard"]
) -> tuple[list[DomainAbility], list[str], bool]:
    """Static abilities (quoted, or said after a condition) read as a permanent's would be,
    each made to work from an entry (`effect`), an emblem or a graveyard: the abilities, the
    families of the sentences that bear on the engine, and whether all were read. Quotes
    inside one are single ('...')."""
    found: list[DomainAbility] = []
    families: list[str] = []
    understood = True
    for text in quoted:
        text = _INNER_QUOTE.sub(lambda q: '"' + q.group("inner") + '"', text)
        inner = compile_face(ctx.face.name, text, types=("Enchantment",))
        families += [r.family for r in inner.sentences if r.status != "irrelevant"]
        understood = understood and inner.support == "full"
        for a in inner.abilities:
            # Only a static ability of a kind that can work from elsewhere than a permanent:
            # what a trigger of it does each time would be an entry of its own.
            if getattr(a, "works_from", None) != "battlefield" or getattr(
                a, "to_chosen_name", False
            ):
                understood = False
                continue
            found.append(a.model_copy(update={"works_from": works_from}))
    return found, families, understood


# "As long as ~ is in your graveyard and you control an Island, Elves you control have
# haste.", "As long as ~ is in your graveyard, lands you control have "{T}: Add {U} or {B}."":
# a static ability of the card in its owner's graveyard (`works_from: graveyard`), read from
# the state's graveyards; a land it needs is a count its grant holds while (611.3a).
_IN_GRAVEYARD = re.compile(
    r"^As long as ~ is in your graveyard(?: and you control (?P<needs>an? [A-Z][a-z]+))?, "
    r"(?P<rest>.+)$"
)


def _in_graveyard(ctx: _Context, s: str) -> bool:
    """The graveyard static above, compiled when all of it is read, else reported."""
    m = _IN_GRAVEYARD.match(s)
    if m is None or ctx.spell:
        return False
    rest = m.group("rest")
    found, families, understood = _quoted_statics(ctx, [rest[0].upper() + rest[1:]], "graveyard")
    if not families:
        return False
    if m.group("needs") is not None:
        counted = selector(f"{m.group('needs')} you control", singular=True)
        if counted is None or counted[0].attached:
            understood = False
        else:
            count = CountAtLeast(of=lower.selector(counted[0]), at_least=1)
            understood = understood and all("while_count" in type(a).model_fields for a in found)
            found = [a.model_copy(update={"while_count": count}) for a in found]
    _add_statics(ctx, s, found, families, understood)
    return True


def _returned_as_land(ctx: _Context, previous: str, s: str, following: str) -> bool:
    """The returned permanent's type change and mana ability, above: both from one entry of
    the state's effects, whose `target` is the permanent the card returned as."""
    if ctx.spell or not (_DIES_RETURNS.match(previous) and _LAND_NAMED.match(s)):
        return False
    m = _GAINS_QUOTED.match(following)
    # For an effect, "attached" is its target (board.py): the permanent it returned as.
    change = ir.SetCardTypes(ir.Sel(attached=True), ("land",), effect=True)
    if m is None or not _with_grants(
        ctx, s, [change], [m.group("ability")], "type_change", effect=True
    ):
        return False
    ctx.record(following, "mana_ability", "compiled")
    for rest in ctx.granted_left:
        ctx.unknown(rest, effect=True)
    ctx.granted_left.clear()
    return True


# Words of an effect that lasts a while: a resolved ability saying them is an entry a state may
# list ("{W}{U}: Target creature gains flying until end of turn.", "... can't block this
# turn"); "this turn" as a condition ("creatures that entered this turn") is none.
_LASTING = re.compile(
    r"\buntil (?:end of turn|your next turn)\b|\bfor as long as\b|"
    r"\b(?:can't|can|gets?|gains?|has|have|loses?|becomes?)\b[^.]*\bthis turn\b"
)


def _lasting_lines(ctx: _Context) -> set[int | None]:
    """The paragraphs of activated and triggered abilities, loyalty abilities, modes and
    chapters whose effect lasts a while, read or not (an entry may stand for any of them, one
    that changes nothing here included)."""
    found: set[int | None] = set()
    for n in ctx.unit_lines:
        start, end = ctx.sentence_spans[n]
        records = ctx.face.sentences[start:end]
        if (
            records
            and (_LEADS.match(records[0].text) or _marks_effect_line(records[0].text))
            and any(_LASTING.search(r.text) for r in records)
        ):
            found.add(ctx.line_numbers[n])
    return found


def _check_other_lasting_lines(ctx: _Context) -> None:
    """An `effects` entry that names no line applies every effect ability of its card, so the
    face's effects are exact without one only while no other paragraph with a lasting effect,
    read or not, could be what an entry stands for ("{2}: creatures you control get +2/+0 until
    end of turn" beside an ETB steal with haste): with one, the entry must name its line."""
    if ctx.needs_line:
        return
    effects = [a for a in ctx.face.abilities if getattr(a, "works_from", "battlefield") == "effect"]
    own = {ctx.ability_lines.get(id(a)) for a in effects}
    if not effects or None in own or not _lasting_lines(ctx) - own:
        return
    if _told_apart(ctx, effects):
        ctx.needs_line = True  # the entry names the line that resolved


def _check_target_effects(ctx: _Context) -> None:
    """An `effects` entry that names no line applies every effect ability of its card to its
    one target (board.py), so a one-shot haste grant or lock on its target is exact without one
    only as the face's one effect. With another effect ability, or a second such effect, the
    entry must name its line (`needs_line`); where the lines can't tell them apart
    (_told_apart), the grants and locks are dropped, their sentences not understood."""
    face = ctx.face
    if not ctx.target_effects:
        return
    granted = {id(a) for _, found in ctx.target_effects for a in found}
    others = [
        a
        for a in face.abilities
        if getattr(a, "works_from", "battlefield") == "effect" and id(a) not in granted
    ]
    if not others and len(ctx.target_effects) == 1:
        return  # another paragraph an entry may stand for: _check_other_lasting_lines
    if _told_apart(ctx, (a for _, found in ctx.target_effects for a in found)) and _told_apart(
        ctx, others
    ):
        ctx.needs_line = True  # the entry names the line that resolved
        return
    face.abilities = [a for a in face.abilities if id(a) not in granted]
    for at, _ in ctx.target_effects:
        r = face.sentences[at]
        face.sentences[at] = SentenceRecord(r.text, r.family, "not_understood")


# "During your turn, ~ is a 3/5 Elf Monk creature with reach that's still a planeswalker.",
# "During turns other than yours, ~ is an artifact creature.", "During your turn, Goblins you
# control have menace and haste.": a static ability that
# applies in some turns only (611.3a), read as it would be without the lead.
_TURN_LEAD = re.compile(
    r"^(?P<lead>During your turn|As long as it's your turn|During turns other than yours), "
    r"(?P<rest>.+)$"
)


def _in_some_turns(ctx: _Context, s: str, following: str) -> bool:
    """The static above with `during` set on each of its abilities; False when the rest of
    the sentence isn't read, or reads as a kind that can't hold in some turns only."""
    m = _TURN_LEAD.match(s)
    if m is None:
        return False
    during = "not_your_turn" if m.group("lead").endswith("yours") else "your_turn"
    rest = m.group("rest")
    rest = rest if rest.startswith("~") else rest[0].upper() + rest[1:]
    found = attached.what_it_is(rest, following, own=True) or statics.keywords_granted(rest)
    if found is None or not found.abilities:
        return False
    abilities = [lower.ability(a) for a in found.abilities]
    if not all("during" in type(a).model_fields for a in abilities):
        return False  # a kind that can't hold in some turns only: not this template
    ctx.face.abilities.extend(a.model_copy(update={"during": during}) for a in abilities)
    ctx.record(s, relevance.family(s, x_permanent=False) or "type_change", "compiled")
    return True


# "As long as ~ has four or more fuse counters on it, it's an artifact creature.", "As long as
# ~ has three or more counters on it, it has reach and is a Scout in addition to its other
# types.": what the permanent itself is while it has the counters (122.1: counters are
# no characteristic, so no layer effect changes whether it has them), read as the clause
# would be without the lead, for the permanent with those counters only.
_OWN_COUNTERS_LEAD = re.compile(
    rf"^As long as ~ has (?:(?P<n>{NUMBER}) or more|(?P<one>an?)) (?:(?P<kind>[\w+/-]+) )?"
    r"counters? on (?:it|him|her), (?P<rest>.+)$"
)
# Keywords said after what it is ("and it has annihilator 2") bear on nothing the engine
# rules on unless they are haste or defender (granted_keywords).
_AND_IT_HAS = re.compile(r"^(?P<what>.+?) and (?:it|~) has (?P<kws>[a-z0-9 ,]+)\.$")


def _while_own_counters(ctx: _Context, s: str, following: str) -> bool:
    """The static above, each of its abilities for the permanent only while it has at least
    that many counters (of that kind, or of any kind together); False when the rest isn't read
    or isn't about the permanent itself."""
    m = _OWN_COUNTERS_LEAD.match(s)
    if m is None:
        return False
    least = 1 if m.group("one") else number(m.group("n"))
    kind = m.group("kind")
    if least is None:
        return False
    if not re.match(r"(?:it|~)(?:'s| is| has) ", m.group("rest")):
        return _while_source_counters(ctx, s, m.group("rest"), kind, least)
    rest = re.sub(r"^(?:it|~)(?:'s| is)", "~ is", m.group("rest"))
    rest = re.sub(r"^it has", "~ has", rest)
    tail = _AND_IT_HAS.match(rest)
    if (
        tail is not None
        and statics.granted_keywords(list_items(tail.group("kws")), ir.Sel(source=True)) == []
    ):
        rest = tail.group("what") + "."  # the keywords change nothing the engine reads
    found = attached.what_it_is(rest, following, own=True) or statics.keywords_granted(rest)
    if found is None or not found.abilities:
        return False
    abilities = []
    for a in found.abilities:
        to = getattr(a, "to", None)
        if not isinstance(to, ir.Sel) or not to.source or to.counters is not None:
            return False
        # Every kind read here has a `to` (checked above): the same ability, for it with them.
        abilities.append(replace(cast(Any, a), to=replace(to, counters=(kind, least))))
    ctx.add(ir.Understood(abilities=abilities))
    ctx.record(s, relevance.family(s, x_permanent=False) or "type_change", "compiled")
    return True


def _while_source_counters(ctx: _Context, s: str, rest: str, kind: str | None, least: int) -> bool:
    """ "As long as ~ has a dawn counter on it, nonbasic lands are Plains.": a change of what
    lands are (305.7) that holds while its source has those counters (`while_counters`); False
    for any other change, or counters of any kind."""
    change = layers.type_change(rest[0].upper() + rest[1:], effect=False)
    if kind is None or not isinstance(change, ir.SetLandTypes) or change.to.source:
        return False
    band = WhileCounters(counter=kind, at_least=least)
    ctx.face.abilities.append(lower.ability(change).model_copy(update={"while_counters": band}))
    ctx.record(s, relevance.family(s, x_permanent=False) or "land_type", "compiled")
    return True


# "As long as enchanted permanent is a Golem, it's a creature in addition to its other types.":
# what the attached permanent is while it has that type or subtype, which it has or
# not before this effect applies (it only adds: 613.8 leaves nothing for it to change there).
_WHILE_ATTACHED_IS = re.compile(statics.WHILE_ATTACHED_IS + r"(?:'s| is) (?P<rest>.+)$")


def _while_attached_is(ctx: _Context, s: str, following: str) -> bool:
    """The static above: each of its abilities for the attached permanent only while it has
    that card type or subtype; False when the rest isn't read, or changes more than it adds
    (a change that set its types could take away the very type it asks for)."""
    m = _WHILE_ATTACHED_IS.match(s)
    if m is None:
        return False
    what = m.group("what")
    card_type = TYPES.get(what) if what.islower() else None
    if card_type is None and subtype_word(what, plural=False) is None:
        return False
    rest = f"{m.group('who').capitalize()} permanent is {m.group('rest')}"
    found = attached.what_it_is(rest, following)
    if found is None or not found.abilities:
        return False
    abilities: list[ir.Ability] = []
    for a in found.abilities:
        if not isinstance(a, ir.AddTypes | ir.AddSubtypes) or not a.to.attached:
            return False
        to = (
            replace(a.to, condition_types=(card_type,))
            if card_type is not None
            else replace(a.to, subtypes=(*a.to.subtypes, what))
        )
        abilities.append(replace(a, to=to))
    ctx.add(ir.Understood(abilities=abilities))
    ctx.record(s, relevance.family(s, x_permanent=False) or "type_change", "compiled")
    return True


def _while_you_control(ctx: _Context, s: str, following: str) -> bool:
    """ "~ is a 4/4 Golem artifact creature as long as you control four or more artifacts.",
    "As long as you control four or more artifacts, each other artifact you control is a
    creature in addition to its other types": a type change that holds while
    its controller controls that many of those permanents (`while_count`, 611.3a: the engine
    counts them as every other change leaves them, 613.8). False when the rest isn't read, or
    reads as another kind of change."""
    counted = statics.count_condition(s)
    if counted is None:
        return False
    (sel, least), rest = counted
    found = attached.what_it_is(rest, following, own=True)
    changes = found.abilities if found is not None else layers.group_is_creatures(rest, following)
    if not changes and (also := layers.also_of_type(rest)) is not None:
        changes = [also]
    if not changes:
        return False
    abilities = [lower.ability(a) for a in changes]
    if not all(isinstance(a, AddTypes | AddSubtypes | SetCardTypes) for a in abilities):
        return False
    count = CountAtLeast(of=lower.selector(sel), at_least=least)
    ctx.face.abilities.extend(a.model_copy(update={"while_count": count}) for a in abilities)
    ctx.record(s, relevance.family(s, x_permanent=False) or "type_change", "compiled")
    return True


def _layer_sentence(ctx: _Context, s: str, following: str = "") -> bool:
    """A layer effect (app/catalog/compile/layers.py): land types set or added, abilities
    lost; the clause joined to a loss of abilities is recorded as not understood."""
    # A lock its player may pay to ignore is not understood: whether they did, the state can't say.
    if not (ctx.spell or ctx.escapable) and (what := attached.what_it_is(s, following)) is not None:
        ctx.add(what)
        # Defender alone is in no family of the relevance rules: _report_defender_changes
        # files the sentences that change it with haste's, and so does this.
        family = relevance.family(s, x_permanent=ctx.x_permanent) or "haste_control"
        ctx.record(s, family, "compiled")
        return True
    if not ctx.spell and _in_some_turns(ctx, s, following):
        return True
    if not ctx.spell and _while_own_counters(ctx, s, following):
        return True
    if not ctx.spell and _while_attached_is(ctx, s, following):
        return True
    if not ctx.spell and _while_you_control(ctx, s, following):
        return True
    if (own := layers.defined_colors(s)) is not None:
        ctx.face.defined_colors = list(own)  # 604.3: its colors wherever it is
        ctx.record(s, "type_change", "compiled")
        return True
    if not ctx.spell and (colored := layers.colors_set(s)) is not None:
        ctx.add(ir.Understood(abilities=[colored]))
        ctx.record(s, "type_change", "compiled")
        return True
    if (change := layers.type_change(s, effect=ctx.spell)) is not None:
        ctx.add(ir.Understood(abilities=[change]))
        ctx.record(s, "land_type", "compiled")
        return True
    if not ctx.spell and (animated := layers.group_is_creatures(s, following)) is not None:
        ctx.add(ir.Understood(abilities=animated))
        ctx.record(s, "type_change", "compiled")
        return True
    if not ctx.spell and (also := layers.also_of_type(s)) is not None:
        ctx.add(ir.Understood(abilities=[also]))
        ctx.record(s, "type_change", "compiled")
        return True
    chosen = ctx.chosen_as_it_enters
    if (
        not ctx.spell
        and chosen
        and (given := layers.chosen_type_effect(s, chosen, land=ctx.land)) is not None
    ):
        # Added or a creature type set, a type change (205.3m, 205.1a); set, a land type (305.7).
        ctx.add(ir.Understood(abilities=[given]))
        family = "land_type" if isinstance(given, ir.SetLandTypes) else "type_change"
        ctx.record(s, family, "compiled")
        return True
    if chosen == "basic_land_type" and ctx.reads_chosen_type and _CHOOSES_LAND_TYPE.match(s):
        # The choice itself is the permanent's `chosen_type` in the state; what reads it is
        # compiled (or reported) on its own.
        ctx.record(s, "land_type", "compiled")
        return True
    if (lost := layers.lose_all(s, spell=ctx.spell)) is not None:
        ability, remainder = lost
        ctx.add(ir.Understood(abilities=[ability]))
        if remainder is None:
            ctx.record(s, "land_type", "compiled")
        else:
            ctx.record(s.split(" and ", 1)[0] + ".", "land_type", "compiled")
            ctx.record(remainder, "land_type", "not_understood")
        return True
    return False


_LIBRARY_TOP = re.compile(
    r"^As long as the top card of your library is an? (?P<type>land|creature|artifact|"
    r'enchantment|planeswalker|instant|sorcery|battle) card, ~ has "(?P<ability>.+)"$'
)


def _copy_sentence(ctx: _Context, s: str, first: str, *, tokens_only: bool = False) -> bool:
    """The permanent's own copy effect (copies.py): its exceptions' quoted mana abilities read
    here, quoted abilities that bear on nothing the engine rules on left out. A face has one
    copy effect at most: the engine couldn't tell which made the copy. "... except it enters
    with X additional counters" also tells what X is for (107.3m). `tokens_only`: a mode's or
    chapter's sentence, where only the token copies the card makes are read (whatever leads
    them, what the tokens are is the card's to say)."""
    # A loyalty ability is read as a spell's effect (_effect_line), but what it makes a copy is
    # still the permanent. An instant or sorcery is never a copy: only the token copies it
    # makes are its to say.
    reading = copies.copy_effect(s, first, loyalty=ctx.spell and not _face_is_spell(ctx))
    if tokens_only and (reading is None or reading.by != "token"):
        return False
    if reading is None and copies.others_become_copies(s):
        # Nothing for the card to add: each such permanent's `copy_of` says what it is.
        ctx.record(s, "copy", "compiled")
        return True
    if reading is None or (_face_is_spell(ctx) and reading.by != "token"):
        return False
    mana_abilities: list[ir.ManaAbility] = []
    for quoted in reading.quoted:
        if relevance.family(quoted.rstrip(".,"), x_permanent=False) is None:
            continue
        granted = _granted(quoted)
        if granted is None or granted[1]:
            ctx.record(s, "copy", "not_understood")
            return True
        mana_abilities.append(granted[0])
    effect = reading.effect(tuple(mana_abilities))
    before = [a for a in ctx.face.abilities if isinstance(a, CopyEffect)]
    if before:
        lowered = lower.ability(effect)
        if not all(_same_copy(b, lowered) for b in before):
            # Two copy effects that make different copies: which one made it, the state
            # can't say.
            ctx.record(s, "copy", "not_understood")
            return True
    found: list[ir.Ability] = [effect] if not before else []
    if ctx.x_permanent and (uses_x := statics.etb_replacement_uses_x(s)) is not None:
        found.append(uses_x)
    ctx.add(ir.Understood(abilities=found))
    ctx.record(s, "copy", "compiled")
    return True


def _same_copy(a: CopyEffect, b: DomainAbility) -> bool:
    """Whether two copy effects make the same copy (their summaries aside)."""
    return isinstance(b, CopyEffect) and a.model_copy(update={"summary": ""}) == b.model_copy(
        update={"summary": ""}
    )


def _library_top_ability(ctx: _Context, s: str) -> bool:
    """ "As long as the top card of your library is a land card, ~ has "<mana ability>"": the
    mana ability, existing only while that holds (the permanent's `library_top`, 205.2)."""
    m = _LIBRARY_TOP.match(s)
    if m is None or ctx.spell:
        return False
    granted = _granted(m.group("ability"))
    if granted is None:
        return False
    ability, left = granted
    ctx.granted_left.extend(left)
    lowered = lower.mana_ability(ability)
    ctx.face.abilities.append(lowered.model_copy(update={"while_library_top": m.group("type")}))
    ctx.record(s, "mana_ability", "compiled")
    return True


def _report_unmodelled_layers(face: CompiledFace) -> None:
    """On a face with a layer effect, a sentence changing a color (613.1e) that no reader
    compiled is reported, not waved through as irrelevant: it belongs to the same layer system
    as the effects that were compiled. One changing power and toughness (613.4) is irrelevant:
    the state gives a permanent's power, effects included (docs/api.md)."""
    if any(isinstance(a, _LAYERED) for a in face.abilities):
        _not_irrelevant(face, "land_type", layers.unmodelled)


# A sentence that gives or takes away defender (702.3) changes what "creatures you control
# with defender" counts (filters.py `keyword`), so it bears on mana: one the grammar didn't
# compile is not understood, not irrelevant. Sentences that only read it ("if ~ has defender",
# "creatures with defender can't block", a token's own "with defender") don't change it.
_READS_DEFENDER = re.compile(
    r"\b(?:[Aa]s long as|[Ii]f) [^,]*?(?:has|doesn't have) defender\b|"
    r"\b(?:didn't|doesn't|don't) have defender\b"  # "attack as though it didn't have defender"
)
_CHANGES_DEFENDER = re.compile(
    r"\b(?:gains?|loses?|has|have)\b(?: [a-z]+,?)*? defender\b|"
    r"\b(?:is|becomes?|enters as|choice of) an? [^.]*?\bcreature with defender\b"
)


def _report_defender_changes(face: CompiledFace) -> None:
    _not_irrelevant(
        face,
        "haste_control",
        lambda text: (
            "defender" in text
            and _CHANGES_DEFENDER.search(_READS_DEFENDER.sub("", text)) is not None
        ),
    )


_NOT_A_CREATURE = re.compile(r"(?:^|[ ,])~ isn't a creature\b")


def _report_own_type_loss(face: CompiledFace) -> None:
    """A face that says it "isn't a creature" under a condition not read: the engine reads its
    printed types (selectors such as "creatures you control", a count of creatures, 302.6), so
    the sentence is reported rather than waved through. A quoted ability is another object's
    (a token's)."""
    _not_irrelevant(
        face,
        "type_change",
        lambda text: (
            "isn't a creature" in text
            and '"' not in text
            and _NOT_A_CREATURE.search(text) is not None
        ),
    )


def _not_irrelevant(face: CompiledFace, family: str, bears: Callable[[str], bool]) -> None:
    """Sentences waved through as irrelevant that do bear on mana (`bears`): reported as not
    understood, in `family`, instead."""
    face.sentences = [
        SentenceRecord(r.text, family, "not_understood")
        if r.status == "irrelevant" and bears(r.text)
        else r
        for r in face.sentences
    ]


def _lowered(words: Iterable[str]) -> frozenset[str]:
    return frozenset(w.lower() for w in words)


_PLAIN = _lowered(_PLAIN_KEYWORDS)
_KNOWN = _lowered(
    (*_PLAIN_KEYWORDS, *costs.UNMODELLED_CASTING, *costs.COST_CHANGE_KEYWORDS, "Haste")
)


def _is_keyword(part: str, known: frozenset[str]) -> bool:
    """Whether the part is one of these keywords, alone or with its parameter ("Ward {2}",
    "Protection from red", "Escape—..."): its first one to three words name it."""
    words = part.lower().split("—", 1)[0].split(" ")
    return any(" ".join(words[:n]) in known for n in (1, 2, 3))


_CREW = re.compile(r"^Crew \d+$")


def _enchant(ctx: _Context, what: str) -> None:
    """An Aura's "Enchant <what>" (702.5a): its land type, for triggers on "enchanted Forest",
    and what it may enchant (303.4a), kept so a board attaching it to something else can be
    refused (303.4d); a phrase the selectors can't say leaves it unchecked."""
    ctx.enchant_subtypes = tuple(t for t in BASIC_LAND_TYPES if t == what)
    found = selector(what, singular=True)
    if found is not None and not found[1]:
        ctx.face.enchants = lower.selector(found[0])
        return
    # "creature, land, or planeswalker": a list of card types, any of them.
    listed = re.split(r",? or |, ", what)
    if len(listed) > 1 and all(w in TYPES for w in listed):
        ctx.face.enchants = lower.selector(ir.Sel(types=tuple(TYPES[w] for w in listed)))
        return
    # "red or green creature", "creature with mana value 2 or less": at least its card types,
    # a wider check than the words but never a refusal of what they allow. A card in a zone
    # ("creature card in a graveyard") or a player is no permanent's: left unchecked.
    head = re.split(r" (?:with|without|that|you|an opponent|in)\b", what)[0].split()
    nouns = [TYPES[w] for w in head if w in TYPES]
    if nouns and not {"card", "player", "opponent"} & set(what.split()):
        ctx.face.enchants = lower.selector(ir.Sel(types=tuple(nouns)))


def _keyword_cost(ctx: _Context, line: str) -> ir.CastingCost | None:
    """A keyword's cost (costs.keyword_cost), with escalate's limit: paid once for each mode
    chosen beyond the first, so at most one time fewer than the face has modes (702.120a)."""
    cost = costs.keyword_cost(line)
    if cost is not None and cost.name == "Escalate" and ctx.choosable_modes > 1:
        return replace(cost, at_most=ctx.choosable_modes - 1)
    return cost


def _keyword_then_more(ctx: _Context, sentences: list[str]) -> bool:
    """A keyword cost followed by sentences about what it does ("Casualty X. The copy isn't
    legendary ..."): the cost is read as its keyword line, the rest as sentences of their
    own (reported where they bear on mana or casting). False when the first isn't one."""
    first = sentences[0].removesuffix(".")
    if costs.keyword_cost(first) is None or not _keyword_line(ctx, [first]):
        return False
    _compile_read(ctx, sentences[1:])
    return True


def _keyword_cost_not_read(ctx: _Context, line: str) -> bool:
    """A line that starts with a cost keyword whose cost wasn't read (an escape exiling "any
    number" of cards with some property): reported, never waved through as a sentence about
    something else. False for any other line."""
    word = re.split(r"[ —]", line)[0]
    if word not in costs.KEYWORD_COSTS:
        return False
    alternative = costs.KEYWORD_COSTS[word][0]
    ctx.record(line, "alternative_cost" if alternative else "additional_cost", "not_understood")
    return True


def _capitalized(part: str) -> str:
    return part[:1].upper() + part[1:]


def _keyword_line(ctx: _Context, sentences: list[str]) -> bool:
    if len(sentences) != 1:
        whole = " ".join(sentences)
        cost = costs.keyword_cost(whole)
        if cost is None:
            return _keyword_then_more(ctx, sentences)
        sentences = [whole]
    line = sentences[0]
    if (proto := costs.prototype(line)) is not None:
        # 702.160a, 718.3b: what a spell cast prototyped has; the cast itself costs nothing else.
        ctx.record(line, "casting", "compiled")
        ctx.face.prototype = Prototype(mana_cost=proto[0], power=proto[1], toughness=proto[2])
        ctx.face.keywords.append("Prototype")
        return True
    if (kickers := costs.two_kickers(line)) is not None:
        ctx.record(line, "additional_cost", "compiled")
        ctx.add(ir.Understood(costs=kickers, keywords=["Kicker"]))
        return True
    if _CREW.match(line) and "Vehicle" in ctx.subtypes and "artifact" in ctx.types:
        # 702.122a: crewed, the Vehicle is an artifact creature until end of turn: its crew
        # ability's entry of the state's effects, whose target is the Vehicle itself, says it
        # was crewed (a crewed Vehicle counts as a creature; 302.6 applies to it).
        ctx.add(
            ir.Understood(
                abilities=[ir.AddTypes(ir.Sel(attached=True), ("creature",), effect=True)]
            )
        )
        ctx.record(line, "type_change", "compiled")
        ctx.mark_type_effect()
        return True
    if line.startswith("Impending "):
        impending = _impending(ctx, line)
        # Its cost without the type change would leave the permanent a creature: reported.
        ctx.record(line, "casting", "compiled" if impending is not None else "not_understood")
        if impending is not None:
            ctx.add(impending)
        return True
    cost = _keyword_cost(ctx, line)
    if cost is not None:
        ctx.record(line, "alternative_cost" if cost.alternative else "additional_cost", "compiled")
        ctx.add(ir.Understood(costs=[cost], keywords=[cost.name]))
        if cost.name.lower() in _HASTY_RETURNS:
            _gives_haste(ctx)
        return True
    if statics.effect_lock(line, None) is not None:
        return False  # a keyword action's sentence ("Detain target creature ...", 701.35a)
    # Each keyword of a list as if it began the line ("Madness {R}, kicker {2}{R}": Kicker).
    parts = [_capitalized(p.strip()) for p in re.split(r"[,;] ", line.removesuffix("."))]
    known = _KNOWN | _lowered(ctx.keywords) if ctx.keywords else _KNOWN
    if not all(_is_keyword(p, known) for p in parts):
        return _keyword_cost_not_read(ctx, line)
    for part in parts:
        if part.lower() == "haste":
            ctx.record(part, "haste_control", "compiled")
            ctx.add(ir.Understood(keywords=["Haste"]))
        elif part.lower() == "living metal" and "artifact" in ctx.types:
            # 702.161a: in its controller's turn it is a creature as well as an artifact
            # (layer 4, 611.3a), as "during your turn, ~ is an artifact creature" reads.
            alive = lower.ability(ir.AddTypes(ir.Sel(source=True), ("creature",)))
            ctx.face.abilities.append(alive.model_copy(update={"during": "your_turn"}))
            ctx.face.keywords.append("Living metal")
            ctx.record(part, "type_change", "compiled")
        elif part.split(" ")[0].lower() in _HASTY_KEYWORDS or (
            part.startswith("Suspend") and "creature" in ctx.types
        ):
            # 702.136a riot (its haste chosen as it enters), 702.141a encore (the token copies
            # gain haste), 702.62a suspend (a creature cast that way has haste): the same
            # entry's haste as unearth's.
            _gives_haste(ctx)
            ctx.record(part, "haste_control", "compiled")
        elif part.lower() == "devoid":
            # 702.114a: it is colorless, a characteristic-defining ability (604.3) whatever
            # its mana cost says, in every zone.
            ctx.face.defined_colors = []
            ctx.record(part, "type_change", "compiled")
        elif part.lower() == "ravenous" and ctx.x_permanent:
            # 702.156a: it enters with X +1/+1 counters, the spell's X (107.3m).
            ctx.add(ir.Understood(abilities=[ir.EntersWithX("+1/+1")]))
            ctx.record(part, "x", "compiled")
        elif part == "Mayhem":
            # 702.187c: without a cost it only lets the card be played from the graveyard the
            # turn it was discarded; no cost is paid instead of the mana cost, and playing a
            # land is not casting it (305.1), so no cost or mana question reads it.
            ctx.record(part, "other", "irrelevant")
        elif ctx.modal is not None and part == ctx.modal.capitalize():
            # 702.172a, 702.183a: the mode lines carry the costs (_mode_line).
            ctx.record(part, "additional_cost", "compiled")
            ctx.add(ir.Understood(keywords=[part]))
        elif (changed := costs.keyword_cost_change(part)) is not None:
            ctx.record(part, "cost_change", "compiled")
            ctx.add(ir.Understood(cost_changes=[changed], keywords=[str(changed.keyword)]))
        elif any(part.startswith(k) for k in costs.UNMODELLED_CASTING):
            ctx.record(part, "casting", "not_understood")
        elif (c := _keyword_cost(ctx, part)) is not None:
            ctx.record(part, "alternative_cost" if c.alternative else "additional_cost", "compiled")
            ctx.add(ir.Understood(costs=[c], keywords=[c.name]))
        elif (word := re.split(r"[ —]", part)[0]) in costs.KEYWORD_COSTS or part.startswith(
            ("Casualty", "Bargain")
        ):
            # A keyword cost not read ("Kicker—..." in a form the costs can't say): reported.
            ctx.record(
                part,
                "alternative_cost"
                if costs.KEYWORD_COSTS.get(word, (False, ""))[0]
                else "additional_cost",
                "not_understood",
            )
        elif _is_keyword(part, _PLAIN):
            ctx.record(part, "other", "irrelevant")
        else:
            # A word the source lists as a keyword but we don't know: relevant text in it is
            # not understood rather than waved through.
            ctx.unknown(part)
    return True


# Keywords whose permanent has haste the turn it came that way: 702.109a dash and 702.152a
# blitz (costs as well), 702.84a unearth, 702.136a riot, 702.141a encore (and 702.62a suspend,
# for a creature).
_HASTY_RETURNS = ("dash", "blitz")
_HASTY_KEYWORDS = ("unearth", "riot", "encore")


def _gives_haste(ctx: _Context) -> None:
    """The haste such a keyword gives: an entry of the state's effects naming this card, its
    `target` the permanent (unearthed, dashed, blitzed, an encore's token copy, cast from
    suspend, or riot's haste chosen, this turn). That permanent is this card's own, which keeps
    the haste whatever it becomes later (a copy of another card included), so the grant is
    marked as the card's own rather than filtered by the name it has now."""
    haste = ir.Keyword("Haste", ir.Sel(attached=True), effect=True, own_card=True)
    ctx.add(ir.Understood(abilities=[haste]))


def _impending(ctx: _Context, part: str) -> ir.Understood | None:
    """702.176a: "Impending N—[cost]": a cost paid rather than the mana cost, and the
    permanent isn't a creature while that was paid and it has a time counter (its other card
    types stay, its creature types go with the creature type: 205.3d)."""
    cost = costs.keyword_cost(part)
    others = tuple(t for t in ctx.types if t != "creature")
    if cost is None or not cost.alternative or "creature" not in ctx.types or not others:
        return None
    summary = (
        f"pay {cost.mana} rather than its mana cost; it is no creature while it has a time counter"
    )
    not_creature = ir.SetCardTypes(ir.Sel(source=True), others, while_impending=True)
    return ir.Understood(
        abilities=[not_creature], costs=[replace(cost, summary=summary)], keywords=["Impending"]
    )


def _granted(inner: str) -> tuple[ir.ManaAbility, list[str]] | None:
    """The quoted mana ability a static ability grants, and the sentences after it that are
    not one of its riders. Those are kept (reported) only when the granted ability targets:
    then it is no mana ability (605.5a) and what else it does as it resolves doesn't change
    the mana it makes ("... The next spell they cast this turn has cascade.")."""
    sentences = split_sentences(inner)
    if not sentences:
        return None
    ability = mana.parse_ability(sentences[0])
    left: list[str] = []
    for s in sentences[1:]:
        if ability is None:
            return None
        ridden = mana.rider(s, ability) if not left else None
        if ridden is None and ability.recipient == "target_player":
            left.append(s)
            continue
        ability = ridden
    return (ability, left) if ability is not None else None


# A mode line of a spree spell ("+ {1} — effect") or of a tiered one ("• Name — {1} — effect").
_SPREE_MODE = re.compile(rf"^\+ (?P<mana>{COST_MANA}) — (?P<rest>.+)$")
_TIERED_MODE = re.compile(rf"^• (?P<name>[^—{{}}]+?) — (?P<mana>{COST_MANA}) — (?P<rest>.+)$")
_MODE_LINES = {"spree": _SPREE_MODE, "tiered": _TIERED_MODE}


_CHOOSE_SEVERAL = re.compile(r"^Choose one or (?:more|both) —$")


def _choosable_modes(lines: Sequence[Line]) -> int:
    """The number of mode lines ("• ...") of a face that lets its caster choose several of its
    modes (700.2); 0 when it doesn't."""
    firsts = [line.sentences[0] for line in lines if line.sentences]
    if not any(_CHOOSE_SEVERAL.match(s) for s in firsts):
        return 0
    return sum(1 for s in firsts if s.startswith("• "))


def _modal_kind(lines: Sequence[Line]) -> Literal["spree", "tiered"] | None:
    """Spree or tiered when the face has the keyword line and two or more mode lines with
    costs; else None (the keyword stays not understood)."""
    firsts = [line.sentences[0] for line in lines if line.sentences]
    if "Spree" in firsts and sum(1 for s in firsts if _SPREE_MODE.match(s)) >= 2:
        return "spree"
    if "Tiered" in firsts and sum(1 for s in firsts if _TIERED_MODE.match(s)) >= 2:
        return "tiered"
    return None


def _mode_line(ctx: _Context, sentences: list[str]) -> bool:
    """A mode line with its cost: the cost is an optional additional cost of that mode
    (702.172a, 702.183a), named by the tiered mode's name or the spree mode's place; what
    the mode does is an effect of a mode, read like any mode (never a mana ability, 605.1)."""
    m = _MODE_LINES[ctx.modal].match(sentences[0]) if ctx.modal and sentences else None
    if m is None:
        return False
    ctx.modes += 1
    name = m.group("name") if ctx.modal == "tiered" else f"Mode {ctx.modes}"
    mana = m.group("mana")
    cost = ir.CastingCost(
        name,
        alternative=False,
        mana=None if mana == "{0}" else mana,
        summary=f"choose the mode that says: {m.group('rest')}",
        mode_of=ctx.modal,
    )
    ctx.record(sentences[0][: m.start("rest")].rstrip(" —"), "additional_cost", "compiled")
    ctx.add(ir.Understood(costs=[cost]))
    for s in [m.group("rest"), *sentences[1:]]:
        ctx.unknown(s, effect=True)
    return True


def _compile_line(ctx: _Context, sentences: list[str]) -> None:
    """One line, each keyword action named in it read as written out (actions.py), and
    recorded in the card's own words."""
    read = [actions.expand(s) for s in sentences]
    if read == sentences:
        _compile_read(ctx, sentences)
        return
    start = len(ctx.face.sentences)
    _compile_read(ctx, read)
    for at in range(start, len(ctx.face.sentences)):
        r = ctx.face.sentences[at]
        said = next((s for x, s in zip(read, sentences, strict=True) if r.text in x), None)
        if said is not None and r.text not in sentences:
            ctx.face.sentences[at] = replace(r, text=actions.restore(r.text, said))


def _compile_read(ctx: _Context, sentences: list[str]) -> None:
    if _mode_line(ctx, sentences):
        return
    if sentences and not ctx.spell and (cost := _LOYALTY.match(sentences[0])) is not None:
        _effect_line(ctx, sentences, cost.group(0))
        return
    marker = _effect_marker(sentences[0]) if sentences else None
    if marker is not None and not any(relevance.copies(s) for s in sentences):
        _effect_line(ctx, sentences, marker)
        return
    if sentences and (_CHAPTER.match(sentences[0]) or sentences[0].startswith("•")):
        # A named mode, or a line that copies: part of a triggered ability or a spell, whose
        # "Add" is never a mana ability (605.1). What the token copies it makes are is the
        # card's all the same (707.9).
        for s in sentences:
            if not _copy_sentence(ctx, s, s, tokens_only=True):
                ctx.unknown(s, effect=True)
        return
    if sentences and _FROM_HAND.match(sentences[0]):
        # 113.6k: an ability whose cost moves its card out of the hand (or graveyard) works
        # only there; on the battlefield, where the engine asks, it does nothing, but an effect
        # it leaves on a permanent there ("target land gains ...") is an entry like any other.
        for s in sentences:
            if not _gains_ability(ctx, s, in_effect=False):
                ctx.record(s, "other", "irrelevant")
        return
    if len(sentences) == 1 and (m := _ENCHANT.match(sentences[0])):
        _enchant(ctx, m.group("what"))
        ctx.record(sentences[0], "other", "irrelevant")
        return
    if _keyword_line(ctx, sentences):
        return
    if _graveyard_target_line(ctx, sentences):
        return
    if not ctx.spell and (rolled := mana.parse_die_roll(sentences)) is not None:
        ctx.add(ir.Understood(abilities=[rolled]))
        for s in sentences:
            ctx.record(s, "mana_ability", "compiled")
        return
    if _targeted_adds_last(ctx, sentences):
        return
    # 605.1b: a triggered ability that doesn't trigger from a mana ability is never a mana
    # ability; an "Add ..." later in its line is part of its effect (a loyalty ability's line,
    # 605.1a, is read as a spell's: _effect_line). A quoted ability it grants ("he gains "{T}:
    # Add {U}."") is still a mana ability of what gets it, so only unquoted sentences are
    # dismissed.
    not_mana = bool(sentences) and _NOT_MANA_LINE.match(sentences[0]) is not None
    current: ir.ManaAbility | None = None
    current_at = -1
    control: ir.Control | None = None
    control_at = -1
    choose: tuple[ir.Cost, mana.Among] | None = None
    reveal: mana.Reveal | None = None
    made_token = False
    skip = -1  # a sentence already recorded with the one before it
    joined_next = False  # the sentence is the second half of the ability before it
    # The line's last mana ability, which activation instructions said after another sentence
    # (a sentence changing the permanent's color, then "Activate only ...") are about.
    last: ir.ManaAbility | None = None
    last_at = -1
    for i, s in enumerate(sentences):
        if current is not None:
            last, last_at = current, current_at
        if i == skip:
            continue
        if (
            current is not None
            and not current.targets
            and _TARGETED.search(s)
            and not s.startswith(("When", "Whenever", '"'))
        ):
            # 605.1a: an activated ability that targets is no mana ability, whichever of its
            # sentences says the target ("Add {B}{B}. Target opponent gains control of ~."); a
            # delayed trigger it sets up targets on its own (603.7).
            current = replace(current, targets=True)
            ctx.face.abilities[current_at] = lower.ability(current)
        if current is None and last is not None and s.startswith(restrictions.INSTRUCTION_LEADS):
            ridden = mana.rider(s, last, linked_exile=ctx.linked_exile)
            if ridden is not None:
                last = ridden
                ctx.face.abilities[last_at] = lower.ability(ridden)
            ctx.record(s, "mana_ability", "compiled" if ridden is not None else "not_understood")
            continue
        if joined_next:
            joined_next = False
            ctx.record(s, "mana_ability", "compiled")
            continue
        if made_token and _ABOUT_TOKEN.match(s):
            ctx.record(s, "other", "irrelevant")  # the token's own abilities, not this face's
            continue
        made_token = made_token or bool(_CREATES_TOKEN.search(s))
        if i > 0 and (_snow_rider(ctx, s) or _spend_rider(ctx, s)):
            continue
        if (shown := _opening_hand_mana(s, following_of(sentences, i))) is not None:
            ctx.add(ir.Understood(abilities=[shown]))
            ctx.record(s, "mana_ability", "compiled")
            ctx.record(following_of(sentences, i), "mana_ability", "compiled")
            skip = i + 1
            continue
        # A sentence continuing the ability before it.
        if (
            choose is not None
            and (joined := mana.after_choice(choose, s, chooses_type=ctx.chooses_type)) is not None
        ):
            current, current_at = joined, _join_pending(ctx, joined, s)
            choose = None
            continue
        choose = None
        if reveal is not None and (revealed := mana.after_reveal(reveal, s)) is not None:
            current, current_at = revealed, _join_pending(ctx, revealed, s)
            reveal = None
            continue
        reveal = None
        ridden = None
        if current is not None:
            ridden = mana.rider(s, current, linked_exile=ctx.linked_exile)
        if current is not None and ridden is not None:
            current = ridden
            ctx.face.abilities[current_at] = lower.ability(current)
            ctx.record(s, "mana_ability", "compiled")
            continue
        if current is not None and s.startswith(restrictions.INSTRUCTION_LEADS):
            # 602.1b: when the mana ability may be activated, in words not modelled: reported,
            # never taken to be "whenever its costs are paid".
            ctx.record(s, "mana_ability", "not_understood")
            current = None
            continue
        if current is not None and (spent := _SPENT_HASTE.match(s)) is not None:
            # The mana is the same (106.7). The creature spell it is spent on gains haste: an
            # object the board shows once it is a permanent, so an entry of the state's effects
            # (this card, `target` that creature) gives it haste (702.10). Haste matters only
            # the turn it came under its controller's control (302.6), so an effect lasting
            # the turn says all the engine needs.
            kind = spent.group("kind")
            to = ir.Sel(attached=True, subtypes=(kind,) if kind else ())
            ctx.add(ir.Understood(abilities=[ir.Keyword("Haste", to, effect=True)]))
            ctx.record(s, "haste_control", "compiled")
            continue
        if control is not None and (
            became := layers.becomes(s, following_of(sentences, i), pronoun=True)
        ):
            abilities, haste = became
            if haste:
                control = replace(control, haste=True)
                ctx.face.abilities[control_at] = lower.ability(control)
            ctx.add(ir.Understood(abilities=abilities))
            ctx.record(s, "type_change", "compiled")
            ctx.mark_type_effect()
            continue
        if control is not None:
            hasted = statics.then_haste(s, control)
            if hasted is not None or statics.untap_it(s, control):
                control = hasted or control
                ctx.face.abilities[control_at] = lower.ability(control)
                ctx.record(s, "haste_control", "compiled")
                continue
        current = None
        control = None
        if (chose := mana.parse_choose_player(s, following_of(sentences, i))) is not None:
            # "<cost>: Choose a player." and "That player adds ...": one ability (106.3).
            current = chose
            ctx.add(ir.Understood(abilities=[chose]))
            current_at = len(ctx.face.abilities) - 1
            ctx.record(s, "mana_ability", "compiled")
            ctx.record(sentences[i + 1], "mana_ability", "compiled")
            skip = i + 1
            continue
        if (
            ability := mana.parse_ability(s, ctx.face.name, linked_exile=ctx.linked_exile)
        ) is not None:
            current = ability
            ctx.add(ir.Understood(abilities=[ability]))
            current_at = len(ctx.face.abilities) - 1
            ctx.record(s, "mana_ability", "compiled")
            continue
        following = sentences[i + 1] if i + 1 < len(sentences) else ""
        if (put := mana.put_then_add(s, following, ctx.face.name)) is not None:
            current, joined_next = put, True
            ctx.add(ir.Understood(abilities=[put]))
            current_at = len(ctx.face.abilities) - 1
            ctx.record(s, "mana_ability", "compiled")
            continue
        if (flip := mana.flip_then_add(s, following)) is not None:
            current, joined_next = flip, True
            ctx.add(ir.Understood(abilities=[flip]))
            current_at = len(ctx.face.abilities) - 1
            ctx.record(s, "mana_ability", "compiled")
            continue
        if (chosen := mana.parse_choose_color(s, following)) is not None:
            choose = chosen
            ctx.record(s, "mana_ability", "not_understood")  # until "Add one mana of that color."
            continue
        if (revealing := mana.parse_reveal(s, following)) is not None:
            reveal = revealing
            ctx.record(s, "mana_ability", "not_understood")  # until "Add ... revealed this way."
            continue
        if _library_top_ability(ctx, s):
            continue
        if _copy_sentence(ctx, s, sentences[0]):
            continue
        if _layer_sentence(ctx, s, following):
            continue
        if _becomes(ctx, s, following, sentences[i - 1] if i else None, sentences[0]):
            continue
        if _set_types(ctx, s, sentences[i - 1] if i else None):
            continue
        if _stripped(ctx, s, sentences[i - 1] if i else None):
            continue
        if i and _returned_as_land(ctx, sentences[i - 1], s, following_of(sentences, i)):
            skip = i + 1
            continue
        if _gains_ability(ctx, s, in_effect=ctx.spell):
            continue
        if _emblem(ctx, s) or _in_graveyard(ctx, s):
            continue
        if (kept := layers.resolved_object_type(sentences[i - 1] if i else None, s)) is not None:
            ctx.add(ir.Understood(abilities=[kept]))
            family = "land_type" if s.startswith("That land ") else "type_change"
            ctx.record(s, family, "compiled")
            ctx.mark_type_effect()
            continue
        if i == 0 and (in_combat := bans.combat_step_restriction(s)) is not None:
            # Outside combat it can't be cast (601.3); the step itself is reported.
            ctx.add(ir.Understood(abilities=[in_combat]))
            ctx.record(s, "cast_ban", "not_understood")
            continue
        if (found := _one_sentence(ctx, s, sentences[i - 1] if i else None)) is not None:
            family, understood = found
            before = len(ctx.face.abilities)
            ctx.add(understood)
            ctx.record(s, family, "compiled")
            for rest in ctx.granted_left:
                # What the granted ability also does, not understood: reported by itself.
                ctx.unknown(rest, effect=True)
            ctx.granted_left.clear()
            if any(
                isinstance(a, ir.Keyword | ir.Forbid) and a.effect for a in understood.abilities
            ):
                ctx.target_effects.append(
                    (len(ctx.face.sentences) - 1, ctx.face.abilities[before:])
                )
            controls = [a for a in understood.abilities if isinstance(a, ir.Control)]
            if controls:
                control = controls[0]
                control_at = len(ctx.face.abilities) - 1
                if control.effect and not ctx.spell:
                    # A permanent's trigger: one effect among its abilities (_check_type_effects).
                    ctx.mark_type_effect()
            continue
        if not (ctx.spell or not_mana) and _PLAYER_ADDS.match(s):
            # 106.3: mana some player adds, in an activated ability: never waved through.
            ctx.record(s, "mana_ability", "not_understood")
            continue
        if s.startswith(_SAME_IS_TRUE) and _after_type_change(ctx):
            # The type or color change said again for spells and cards in other zones, which
            # a free cast on the board would read (a spell's types and colors): not modelled.
            ctx.record(s, "type_change", "not_understood")
            continue
        ctx.unknown(s, effect=not_mana and i > 0 and '"' not in s)


_SAME_IS_TRUE = "The same is true for "


def _after_type_change(ctx: _Context) -> bool:
    """Whether the sentence read last was about what permanents are (a type or color change)."""
    return bool(ctx.face.sentences) and ctx.face.sentences[-1].family == "type_change"


# A sentence (or an activated ability's effect) in which a player adds mana.
_PLAYER_ADDS = re.compile(
    r'^(?:[^:"]+: )?(?:Target player|That player|A player of your choice|Each player|You) '
    r"adds? "
)
_ADDS = re.compile(r"\badds?\b", re.IGNORECASE)
# 601.2c, 605.1a, 605.5a: an ability whose text targets is no mana ability, even one that may
# be activated with no target chosen ("any number of target players", "up to one target"):
# whether it is one is known from the ability itself, before it is activated.
_TARGETED = re.compile(r"\btargets?\b", re.IGNORECASE)
_YOU_ADD = re.compile(r"^You add (?P<mana>(?:\{[WUBRGC]\})+)(?: and (?P<more>[^.]+))?\.$")


_REVEAL_OPENING = re.compile(r"^You may reveal ~ from your opening hand\.$")
_FIRST_MAIN = re.compile(
    rf"^If you do, at the beginning of your first main phase of the game, add (?P<mana>{FIXED})\.$"
)


def _opening_hand_mana(s: str, following: str) -> ir.OpeningHandMana | None:
    """ "You may reveal ~ from your opening hand. If you do, at the beginning of your first
    main phase of the game, add {G}.": an ability of the card in the opening hand (103.6) whose
    delayed trigger adds the mana (603.7), not an ability of the permanent."""
    if not _REVEAL_OPENING.match(s) or (m := _FIRST_MAIN.match(following)) is None:
        return None
    return ir.OpeningHandMana(m.group("mana"))


_IF_SNOW = re.compile(
    rf"^If that (?P<noun>[A-Za-z]+) is snow, (?:its controller|that player) (?P<may>may )?add "
    rf"an additional (?P<mana>{FIXED}) instead\.$"
)


def _spend_rider(ctx: _Context, s: str) -> bool:
    """ "Spend this mana only ...", after a triggered mana ability the sentence before compiled
    (or its snow rider): the mana it adds carries the restriction (106.6), no type or amount
    changed (106.7)."""
    last = ctx.face.abilities[-1] if ctx.face.abilities else None
    record = ctx.face.sentences[-1] if ctx.face.sentences else None
    if not s.startswith(("Spend this mana only", "This mana can't be spent")):
        return False
    if not isinstance(last, ManaTrigger) or record is None or last.spend_restricted:
        return False
    if record.family != "tapped_for_mana" or record.status != "compiled":
        return False
    ctx.face.abilities[-1] = last.model_copy(update={"spend_restricted": True})
    ctx.record(s, "tapped_for_mana", "compiled")
    return True


def _snow_rider(ctx: _Context, s: str) -> bool:
    """ "If that Island is snow, its controller may add an additional {U}{U}{U} instead.", after
    a "whenever an Island is tapped for mana, its controller may add an additional {U}" the
    sentence before compiled: the trigger adds that mana instead when the permanent tapped has
    the supertype snow (205.4a). Anything else about it is not this."""
    m = _IF_SNOW.match(s)
    last = ctx.face.abilities[-1] if ctx.face.abilities else None
    record = ctx.face.sentences[-1] if ctx.face.sentences else None
    if m is None or not isinstance(last, ManaTrigger) or record is None:
        return False
    if record.family != "tapped_for_mana" or record.status != "compiled":
        return False
    noun = subtype_word(m.group("noun"), plural=False)
    if last.adds != "fixed" or last.per_count is not None or last.if_snow_mana is not None:
        return False
    if noun is None or last.source.subtypes != [noun] or last.optional != bool(m.group("may")):
        return False
    ctx.face.abilities[-1] = last.model_copy(update={"if_snow_mana": m.group("mana")})
    ctx.record(s, "tapped_for_mana", "compiled")
    return True


def _targeted_adds_last(ctx: _Context, sentences: list[str]) -> bool:
    """ "<cost>: <other effects>. ... Target player adds <mana>.": one activated ability that
    targets, so no mana ability (605.5a), whose other effects, each irrelevant by itself
    (gaining life, drawing, damage), happen as it resolves and change no mana it makes. Its
    last sentence makes the mana; any sentence that bears on what the engine answers makes the
    line go the usual way."""
    if ctx.spell or len(sentences) < 2:
        return False
    first = _ACTIVATED.match(sentences[0])
    if first is None or _LOYALTY.match(sentences[0]):
        return False
    effects = [first.group("effect"), *sentences[1:-1]]
    last = sentences[-1]
    nth: tuple[int, bool] | None = None
    targeted = any(_TARGETED.search(e) for e in effects)
    if (you := _YOU_ADD.match(last)) is not None and targeted:
        # "You add <mana>[ and <more>]." after a target: its controller's, no mana ability.
        last = f"Add {you.group('mana')}."
        if you.group("more"):
            effects.append(you.group("more"))
    elif (resolved := _NTH_RESOLVED.match(last)) is not None:
        # "If this is the third time this ability has resolved this turn, add ...": its mana
        # only on that resolution (608.2); the earlier ones are the state's to say.
        nth = (_ORDINALS[resolved.group("nth")], bool(resolved.group("may")))
        last = f"Add {resolved.group('mana')}."
    elif not last.startswith(mana.TARGET_ADDS):
        return False
    if any(
        _ADDS.search(e) or relevance.family(e, x_permanent=ctx.x_permanent, spell=False)
        for e in effects
    ):
        return False  # another sentence makes mana, or bears on what the engine answers
    ability = mana.parse_ability(f"{first.group('cost')}: {last}", ctx.face.name)
    if ability is None:
        return False
    if nth is not None:
        if not isinstance(ability.produces, (ir.Fixed, ir.OneOf, ir.AnyColor, ir.AnyType)):
            return False
        ability = replace(ability, produces=ir.NthResolution(nth[0], ability.produces, nth[1]))
    if targeted:
        ability = replace(ability, targets=True)
    side = "the rest of its effect happens too (none of it changes the mana)"
    ctx.add(ir.Understood(abilities=[replace(ability, side_effect=side)]))
    for s in sentences:
        ctx.record(s, "mana_ability", "compiled")
    return True


_EXILE_GRAVEYARD_TARGET = re.compile(r"^Exile target (?P<what>[\w ]+?) card from a graveyard\.$")


def _graveyard_target_line(ctx: _Context, sentences: list[str]) -> bool:
    """ "<cost>: Exile target <type> card from a graveyard. Add <mana>.": one ability that
    targets a card in any graveyard, so no mana ability (605.5a), that can be activated only
    with such a card to target (601.2c); exiling it changes no mana it makes."""
    if ctx.spell or len(sentences) != 2:
        return False
    first = _ACTIVATED.match(sentences[0])
    if first is None or _LOYALTY.match(sentences[0]):
        return False
    target = _EXILE_GRAVEYARD_TARGET.match(first.group("effect"))
    if target is None or not sentences[1].startswith("Add "):
        return False
    cards = mana.graveyard_count(f"{target.group('what')} cards in your graveyard")
    if cards is None or cards.among is None or cards.color is not None:
        return False
    ability = mana.parse_ability(f"{first.group('cost')}: {sentences[1]}", ctx.face.name)
    if ability is None or ability.recipient != "controller":
        return False
    ability = replace(ability, targets=True, graveyard_target=cards.among)
    side = "it exiles its target, a card in a graveyard (none of it changes the mana)"
    ctx.add(ir.Understood(abilities=[replace(ability, side_effect=side)]))
    for s in sentences:
        ctx.record(s, "mana_ability", "compiled")
    return True


_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}
_NTH_RESOLVED = re.compile(
    r"^If this is the (?P<nth>first|second|third|fourth|fifth) time this ability has resolved "
    r"this turn, (?P<may>you may )?add (?P<mana>[^.]+)\.$"
)
_LOYALTY = re.compile(r"^\[[+\u2212-]?[\dX]+\]: ")
_NOT_MANA_LINE = re.compile(r"^(?:When|Whenever|At) (?![^.]*(?:for mana|for \{|mana abilit))")


_SPENT_HASTE = re.compile(
    r"^If that mana is spent on an? (?:(?P<kind>[A-Z][a-z]+) )?creature spell, it gains haste"
    r"(?: until end of turn)?\.$"
)


def following_of(sentences: list[str], i: int) -> str:
    return sentences[i + 1] if i + 1 < len(sentences) else ""


def _join_pending(ctx: _Context, ability: ir.ManaAbility, second: str) -> int:
    """The second sentence of a two-sentence mana ability ("Choose a color." / "Reveal ..."
    then "Add ..."): the first, recorded as not understood until now, and this one are the
    ability; its index among the face's abilities."""
    ctx.face.sentences[-1] = ir_record(ctx.face.sentences[-1])
    ctx.face.abilities.append(lower.ability(ability))
    ctx.record(second, "mana_ability", "compiled")
    return len(ctx.face.abilities) - 1


def ir_record(r: SentenceRecord) -> SentenceRecord:
    return SentenceRecord(r.text, r.family, "compiled")


_ACTIVATED = re.compile(r'^(?P<cost>[^:"]+): (?P<effect>.+)$')
# An activation (a loyalty ability too: 606.3, its effect resolves like any other) whose first
# sentence puts counters on its one target, then perhaps untaps it: "It" next is that target.
_ON_ONE_TARGET = re.compile(
    r'^(?:[^:"]+: |(?:When|Whenever|At) [^,:"]+, )?(?:you may )?'
    r"(?:[Pp]ut (?:[a-z]+|X) [+\-\w/]+ counters? on|Untap|[Tt]ap) (?:up to one )?target "
    r"(?P<sel>[a-z ]+?)\.$"
)


def _pronoun_target(
    ctx: _Context, previous: str | None, first: str | None
) -> tuple[ir.Sel, bool] | None:
    """What "It" names after an activation's first sentence targeted one permanent (above):
    its selector, when the face says "target" only there; or, on a line an entry may name,
    when the line does (True: the entry must then name its line)."""
    if ctx.targets == 1:
        found = _pronoun_among(previous, first)
        return None if found is None else (found, False)
    if ctx.line_is_unit and ctx.line_targets == 1:
        found = _pronoun_among(previous, first)
        return None if found is None else (found, True)
    return None


def _pronoun_among(previous: str | None, first: str | None) -> ir.Sel | None:
    """The selector of the one target the first sentence named, when "It" follows it."""
    if previous is None or first is None:
        return None
    if previous not in (first, "Untap it."):
        return None
    m = _ON_ONE_TARGET.match(first)
    found = selector(m.group("sel"), singular=True) if m else None
    return found[0] if found is not None else None


# A trigger whose effect changes its one target: the resolved trigger's entry names it.
# An intervening "if" (603.4) may come between the trigger and its effect.
_CONDITION = r'(?:if [^,:"]+, )?'
_TRIGGER_TARGET = re.compile(
    rf'^(?:At|When|Whenever) [^,:"]+, {_CONDITION}(?:you may have )?'
    r"(?:[Uu]p to one (?:other )?|another )?target "
)
# A trigger whose effect changes the permanent itself ("At the beginning of combat on your
# turn, ~ becomes ..."); and an activation or trigger whose first sentence acts on ~ alone, so
# that "It" in the next one can only be ~ (no target, no token, no other object named).
_SELF_TRIGGER = re.compile(
    r'^(?:At|When|Whenever) [^,:"]+, (?:~ becomes|if ~ is an? [a-z]+, (?:~|it) becomes|'
    rf"{_CONDITION}(?:until end of turn, )?~ becomes|you may have ~ become) "
)
_ON_SELF = re.compile(
    r'^(?:[^:"]+: |(?:At|When|Whenever) [^,:"]+, )(?:Put [a-z]+ [+\-\w/]+ counters? on|Untap) ~\.$'
)


# How a haste sentence opens: an activation cost or a trigger condition, a duration.
# An activation's cost or a trigger's condition, said: what a permanent's one-shot effect needs.
_LEADS = re.compile(r'^(?:[^:"]+: |(?:When|Whenever|At) [^,:"]+, )')
_LEAD = (
    r"^(?:[^:\"]+: |(?:When|Whenever|At) [^,:\"]+, (?:if [^,:\"]+, )?)?(?:[Uu]ntil end of turn, )?"
)
_PRONOUN = re.compile(_LEAD + r"(?:It|it|That|that) ")
_BY_TARGET = re.compile(_LEAD + r"(?:(?:Another|another) )?[Tt]arget ")


def _haste_effect_placed(ctx: _Context, s: str, previous: str | None) -> bool:
    """Whether an effects entry's one `target` surely names the object a one-shot haste goes
    to, among the face's targets (_placed_among); or, on a line an entry may name, among
    that line's, the entry then naming its line (a guildmage-like face with two activations
    that each target)."""
    if _placed_among(ctx.targets, s, previous):
        return True
    if ctx.line_is_unit and _placed_among(ctx.line_targets, s, previous):
        ctx.needs_line = True
        return True
    return False


def _placed_among(targets: int, s: str, previous: str | None) -> bool:
    """Whether, of so many targets, the one a one-shot haste goes to is sure: there is no
    other, or the haste's own subject is the one target, or its pronoun points back at that
    target (not at a token copied from it)."""
    if targets == 0:
        return True
    if (
        previous is not None
        and _PRONOUN.match(s) is not None
        and statics.put_onto_battlefield(previous) == "one"
    ):
        # A card returned to the battlefield, then "It gains haste.": the permanent that
        # entered, whatever else the face targets (its entry names it).
        return True
    if targets > 1:
        return False
    if _BY_TARGET.match(s):
        return True
    if _PRONOUN.match(s) is None or previous is None:
        return False
    if statics.made_one_token(previous):
        # "Create a token that's a copy of target Goblin. It gains haste.": the pronoun is the
        # token made, whatever it copied; its entry names the token (docs/api.md), not the
        # spell's target.
        return True
    return _TARGET.search(previous) is not None and not re.search(r"\btokens?\b|\bcopy\b", previous)


_NO_CREATURE_WHILE = re.compile(
    rf"^As long as (?:there are fewer than (?P<n>{NUMBER}) cards in your graveyard|your "
    r"devotion to (?P<c1>white|blue|black|red|green)(?: and (?P<c2>white|blue|black|red|green))?"
    rf" is less than (?P<d>{NUMBER})), ~ isn't a creature\.$"
)


def _no_creature_while(ctx: _Context, s: str) -> ir.SetCardTypes | None:
    """ "As long as there are fewer than six cards in your graveyard, ~ isn't a creature."
    on an artifact or enchantment creature: while the condition holds (611.3a) its card types
    are the others alone and it loses its creature types with the creature type (205.1b,
    205.3d; layer 4); its artifact or enchantment types stay with their card types."""
    m = _NO_CREATURE_WHILE.match(s)
    others = tuple(t for t in ctx.types if t != "creature")
    if m is None or ctx.spell or "creature" not in ctx.types or not others:
        return None
    if not set(others) <= {"artifact", "enchantment"}:
        return None
    if m.group("d") is not None:
        # 700.5: its controller's devotion to the color or colors named.
        below = number(m.group("d"))
        colors = tuple(COLOR_CODES[c] for c in (m.group("c1"), m.group("c2")) if c)
        if below is None or below < 1:
            return None
        return ir.SetCardTypes(ir.Sel(source=True), others, while_devotion_below=(colors, below))
    n = number(m.group("n"))
    return ir.SetCardTypes(ir.Sel(source=True), others, while_graveyard_below=n) if n else None


def _type_choice(ctx: _Context) -> TypeChoice | None:
    """The kind of type the face chooses as it enters (its permanent's `chosen_type`), when it
    chooses one kind only."""
    choices: tuple[tuple[TypeChoice, bool], ...] = (
        ("creature_type", ctx.chooses_type),
        ("basic_land_type", ctx.chooses_land_type),
        ("card_type", ctx.chooses_card_type),
    )
    kinds = [kind for kind, chooses in choices if chooses]
    return kinds[0] if len(kinds) == 1 else None


def _chooses_card_type(s: str) -> bool:
    """Whether the sentence chooses a card type as ~ enters (a listed choice names card types
    only)."""
    m = _CHOOSES_CARD_TYPE.match(s)
    if m is None:
        return False
    listed = m.group("listed")
    return listed is None or set(re.split(r",? (?:or )?", listed)) <= _CARD_TYPE_WORDS


_CARD_TYPE_WORDS = frozenset(get_args(CardType))
# "choose a nonbasic land card name": the words before "card name", each a card type or a
# supertype, perhaps with "non" (201.3).
_NAME_KIND = re.compile(r"^(?:As|When) ~ enters, choose an? (?P<kind>(?:[a-z-]+,? )+)card name\.$")
_SUPERTYPE_WORDS = frozenset({"basic", "legendary", "snow"})
_COLOR_OTHER_THAN = re.compile(
    r"^As (?:~|it) enters, choose a color other than (?P<color>white|blue|black|red|green)\.$"
)


def _entering_choice_limits(ctx: _Context, sentences: list[str]) -> None:
    """What the face's choice as it enters may pick, where its words limit it: the kind of card
    a chosen name names (201.3), the card types a chosen card type is among (205.2a), the
    color a chosen color is not."""
    for s in sentences:
        if (named := _NAME_KIND.match(s)) is not None:
            ctx.face.chosen_name_of = _card_kind(named.group("kind"))
        elif _chooses_card_type(s) and (among := _card_types_among(s)):
            ctx.face.chosen_type_among = among
        elif (other := _COLOR_OTHER_THAN.match(s)) is not None:
            ctx.face.chosen_color_not = [COLOR_CODES[other.group("color")]]


def _card_kind(words: str) -> CardKind | None:
    """ "nonbasic land " as a CardKind; None when a word is neither a card type nor a supertype
    (the choice is then not checked)."""
    kind: dict[str, list[str]] = {"types": [], "not_types": [], "supertypes": [],
                                  "not_supertypes": []}  # fmt: skip
    for word in words.replace(",", " ").split():
        if word == "or":
            continue  # "artifact or creature": one of the types
        plain = word.removeprefix("non").removeprefix("-")
        negated = plain != word
        if plain in _CARD_TYPE_WORDS:
            kind["not_types" if negated else "types"].append(plain)
        elif plain in _SUPERTYPE_WORDS:
            kind["not_supertypes" if negated else "supertypes"].append(plain.capitalize())
        else:
            return None
    return CardKind.model_validate(kind)


# "When ~ enters, exile a nonland card from your hand": what its linked
# ability exiles (406.6, 607.2a), the words before the noun; "target land you control" too,
# and a list of card types, any of which it may exile ("target artifact or creature").
_EXILED_TYPE = r"(?:land|creature|artifact|enchantment|planeswalker|battle)s?"
_EXILES_KIND = re.compile(
    r"^When ~ enters, (?:you may )?exile (?:an?|target|up to \w+ target) "
    rf"(?P<words>(?:[\w-]+,? )*?)(?P<noun>cards?|permanents?|{_EXILED_TYPE}"
    rf"(?:,? (?:or )?{_EXILED_TYPE})*)\b"
)
_VERB_EXILE = re.compile(r"\b[Ee]xiles?\b")


def _exiles_kind(ctx: _Context, sentences: list[str]) -> None:
    """What the face's permanent exiles as it enters, where its words say it and it exiles
    nothing else (the state's `exiled` lists those cards, 406.6): kept so a card its words
    don't allow can be refused. Words the kinds can't say leave it unchecked."""
    exiling = [s for s in sentences if _VERB_EXILE.search(s)]
    m = _EXILES_KIND.match(exiling[0]) if len(exiling) == 1 else None
    if m is None:
        return
    noun = m.group("noun").removesuffix("s")
    words = m.group("words") + ("" if noun in ("card", "permanent") else noun)
    ctx.face.exiles_of = _card_kind(words)


def _card_types_among(s: str) -> list[str]:
    """The card types a card type choice may pick: those listed, or every one but those it
    says "other than" (205.2a); empty when it names none."""
    m = _CHOOSES_CARD_TYPE.match(s)
    listed = m.group("listed") if m is not None else None
    if listed is not None:
        return [t for t in get_args(CardType) if t in set(re.split(r",? (?:or )?", listed))]
    other = re.search(r"other than ([a-z]+)(?: or ([a-z]+))?\.$", s)
    if other is None:
        return []
    return [t for t in get_args(CardType) if t not in other.groups()]


def _known(ctx: _Context) -> frozenset[ir.Known]:
    """What the face's permanent knows that an ability about spells may name them by: a
    chosen name, creature type, card type, color or number, the cards its own ability
    exiled."""
    known: set[ir.Known] = set()
    if ctx.chooses_name:
        known.add("name")
    if ctx.chooses_type:
        known.add("type")
    if ctx.chooses_color:
        known.add("color")
    if ctx.linked_exile or ctx.refers_to_exiled:
        known.add("exiled")
    if ctx.chooses_number:
        known.add("number")
    if ctx.chooses_card_type:
        known.add("card_type")
    return frozenset(known)


def _one_sentence(
    ctx: _Context, s: str, previous: str | None = None
) -> tuple[str, ir.Understood] | None:
    """A sentence that is a whole ability or cost by itself."""
    if (c := costs.alternative_sentence(s)) is not None:
        return "alternative_cost", ir.Understood(costs=[c])
    if (c := costs.additional_sentence(s)) is not None:
        return "additional_cost", ir.Understood(costs=[c])
    if (changed := costs.cost_change_sentence(s, previous)) is not None:
        return "cost_change", ir.Understood(cost_changes=[changed])
    if (
        not ctx.spell
        and previous is None
        and (board := costs.spell_cost_sentence(s, known=_known(ctx))) is not None
    ):
        # 601.2f: a permanent's static ability changing what other spells cost, a line of its
        # own (after an activation or trigger it would be part of that ability's effect).
        return "cost_change", ir.Understood(abilities=[board])
    if previous is None and (locked := bans.turn_lock(s, spell=ctx.spell)) is not None:
        return "cast_ban", locked
    if previous is None and (own := bans.cast_restriction_sentence(s)) is not None:
        # 601.3: the card's own restriction on being cast, a line of its own.
        return "cast_ban", ir.Understood(abilities=[own])
    if (ctx.spell or previous is None) and (
        ban := bans.cast_ban_sentence(s, known=_known(ctx), spell=ctx.spell)
    ) is not None:
        # 601.3: a permanent's static ability, a line of its own, or a spell's effect for the
        # turn, wherever the spell says it.
        return "cast_ban", ir.Understood(abilities=[ban])
    if (
        not ctx.spell
        and previous is None
        and (lead := _LEADS.match(s)) is not None
        and (ban := bans.cast_ban_sentence(_sentence_case(s[lead.end() :]), spell=True))
    ):
        # "Sacrifice ~: Your opponents can't cast instant spells this turn.": the effect of
        # a permanent's activation or trigger, for the turn, read as a spell's would be (an
        # entry of the state's effects names the card).
        return "cast_ban", ir.Understood(abilities=[ban])
    if (g := statics.grant(s)) is not None:
        granted = _granted(g[1])
        if granted is None:
            return None
        ability, left = granted
        ctx.granted_left.extend(left)
        return "mana_ability", ir.Understood(abilities=[ir.Grant(g[0], ability, g[2], g[3])])
    if ctx.chooses_name and (named := statics.chosen_name_grant(s)) is not None:
        # 201.3: the permanent's `chosen_name` says which of them have it.
        granted = _granted(named[1])
        if granted is None:
            return None
        ability, left = granted
        ctx.granted_left.extend(left)
        grant = ir.Grant(named[0], ability, chosen_name=True)
        return "mana_ability", ir.Understood(abilities=[grant])
    if (r := replacement.parse(s, effect=ctx.spell)) is not None:
        return "tapped_for_mana", ir.Understood(abilities=[r])
    if not ctx.spell and (swaps := replacement.parse_swaps(s)) is not None:
        return "tapped_for_mana", ir.Understood(abilities=list(swaps))
    if (lost := _no_creature_while(ctx, s)) is not None:
        return "type_change", ir.Understood(abilities=[lost])
    m = _ACTIVATED.match(s)
    if m is not None and m.group("effect").startswith(TURN_LONG):
        # An activated ability whose effect lasts the turn (Deep Water): it works as an effect.
        lasting: ir.Replacement | ir.Trigger | None = replacement.parse(
            m.group("effect"), effect=True
        ) or triggers.parse_effect(m.group("effect"))
        if lasting is not None and mana.parse_cost(m.group("cost")) is not None:
            return "tapped_for_mana", ir.Understood(abilities=[lasting])
    if (te := triggers.parse_effect(s)) is not None:
        return "tapped_for_mana", ir.Understood(abilities=[te])
    if (ru := triggers.reveal_until(s)) is not None and not ctx.spell:
        return "reveal_until", ir.Understood(abilities=[ru])
    if (t := triggers.parse(s, ctx.enchant_subtypes, linked_exile=ctx.linked_exile)) is not None:
        return "tapped_for_mana", ir.Understood(abilities=[t])
    if not ctx.spell and (kw := statics.keywords_while(s)) is not None:
        return "haste_control", kw
    if (k := statics.keywords_granted(s)) is not None:
        if ctx.spell:
            return None
        return "haste_control", k
    if (g2 := statics.gains_haste_effect(s)) is not None:
        return ("haste_control", g2) if _haste_effect_placed(ctx, s, previous) else None
    if (g3 := statics.group_haste_effect(s, previous, spell=ctx.spell)) is not None:
        return "haste_control", g3
    if (h := statics.as_though_haste(s)) is not None and not ctx.spell:
        return "haste_control", ir.Understood(abilities=[h])
    if (c2 := statics.control(s, effect=ctx.spell)) is not None:
        return "haste_control", ir.Understood(abilities=[c2])
    if not ctx.spell and (c4 := statics.take_one(s)) is not None:
        return "haste_control", ir.Understood(abilities=[c4])
    if not ctx.spell and (c3 := statics.etb_control(s)) is not None:
        return "haste_control", ir.Understood(abilities=[c3])
    if statics.state_control(s):
        # Nothing left to apply once it happened: the state's controllers say it (statics.py).
        return "haste_control", ir.Understood()
    if (lock := statics.effect_lock(s, previous)) is not None and (
        ctx.spell or _LEADS.match(s) or (previous is not None and _LEADS.match(previous))
    ):
        # A permanent's one-shot lock needs its activation or trigger (the line's lead).
        return "land_type", ir.Understood(abilities=[lock])
    if (
        not ctx.spell
        and (
            fa := statics.activation_forbidden(s, chooses_name=ctx.chooses_name, previous=previous)
        )
        is not None
    ):
        # A lock its player may pay to ignore is not understood: whether they did, the state
        # can't say. Counted where the relevance rules file "can't be activated".
        return None if ctx.escapable else ("land_type", fa)
    if (mh := statics.mulligan_helper(s)) is not None:
        return "mulligan", ir.Understood(abilities=[mh])
    if not ctx.spell:
        if (x := statics.enters_with_x(s)) is not None:
            return "x", ir.Understood(abilities=[x])
        if ctx.x_permanent and (e := statics.etb_uses_x(s)) is not None:
            return "x", ir.Understood(abilities=[e])
        if ctx.x_permanent and (ex := statics.etb_replacement_uses_x(s)) is not None:
            return "x", ir.Understood(abilities=[ex])
    return None
