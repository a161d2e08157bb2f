"""The game state a mana question is asked about (docs/api.md "The game state").

`GameState` is what a client sends. `Board` is the same state with every card resolved against
the catalog and every cross-reference checked; the engine only ever sees a `Board`.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import count, starmap
from operator import add, itemgetter
from typing import Annotated, Any, Literal, Required, TypeVar, cast, overload

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    ValidationInfo,
    field_validator,
    model_validator,
    with_config,
)
from typing_extensions import TypedDict

from app.domain.base import (
    KEY_ORDERED,
    STEPS_OF_PHASE,
    BasicLandType,
    Phase,
    Step,
    check_mana_string,
    omitted_at_default,
)
from app.domain.card import Card, CardFace, ColorCode, Name
from app.domain.continuous import EffectLine
from app.domain.layouts import off_stack_faces
from app.domain.mana import COLORS
from app.domain.ruling import object_label

LIMIT_PERMANENTS = 10_000
LIMIT_EFFECTS = 100
LIMIT_EMBLEMS = 50
LIMIT_PLAYERS = 100
LIMIT_GRAVEYARD = 1_000
LIMIT_SPELLS_CAST = 1_000  # the spells one player cast this turn, listed by name

ID_MAX_LENGTH = 100
Id = Annotated[str, Field(min_length=1, max_length=ID_MAX_LENGTH)]
Player = Annotated[str, Field(min_length=1, max_length=100)]
Timestamp = Annotated[int, Field(ge=0, le=1_000_000_000)]
Stat = Annotated[int, Field(ge=-10_000, le=10_000)]  # a power or toughness now (208.3)


class StateModel(BaseModel):
    # A field's docstring is its description in the OpenAPI document.
    model_config = ConfigDict(
        extra="forbid", frozen=True, strict=True, use_attribute_docstrings=True
    )


# What a field left out of a permanent reads as, in the fields' order (the required `id` and
# `controller` have none). A question's dump always writes the fields up to `chosen_color`,
# and those after it (PERMANENT_SOMETIMES, added later) only when they differ from these, so a
# question that doesn't use such a field dumps, and so is identified, as before it existed.
PERMANENT_DEFAULTS: dict[str, Any] = {
    "card": None,
    "definition": None,
    "face": 0,
    "tapped": False,
    "controlled_since_turn_start": True,
    "counters": {},
    "attached_to": None,
    "chosen_color": None,
    "chosen_colors": None,
    "power": None,
    "toughness": None,
    "token": False,
    "prototyped": False,
    "entered_this_turn": None,
    "renowned": None,
    "impending": None,
    "exiled": None,
    "library_top": None,
    "chosen_name": None,
    "chosen_type": None,
    "chosen_number": None,
    "noted_mana": None,
    "class_level": None,
    "resolutions_this_turn": None,
    "activated_this_turn": None,
    "timestamp": None,
    "copy_of": None,
    "entered_as_copy": None,
    "unlocked": None,
}


def _shown_default(name: str, **field: Any) -> Any:
    """A field whose OpenAPI entry shows its default (PERMANENT_DEFAULTS): the field itself has
    none, a permanent holding only the fields the client sent (see PermanentIn). `field`: the
    rest of pydantic's Field."""
    return Field(json_schema_extra={"default": PERMANENT_DEFAULTS[name]}, **field)


# A permanent as the client sent it: a dict of the fields given, validated, and nothing else.
# Not a model: a model fills in all 25 fields of each of 10,000 permanents, which was most of
# what validating a big state cost (docs/architecture.md). A field left out reads as
# PERMANENT_DEFAULTS says, and the question's dump writes every permanent out whole
# (`canonical_battlefield`), so a field sent at its default and one left out are one question.
@with_config(ConfigDict(extra="forbid", strict=True, use_attribute_docstrings=True))
class PermanentIn(TypedDict, total=False):
    """A permanent on the battlefield: a catalog `card` or an inline `definition`."""

    id: Required[Id]
    """Your id for it, unique in the state (effects share the id space)"""
    card: Name | None
    """A catalog card's name, any spelling (full, or one face's: that face is up)"""
    definition: Card | None
    """Instead of `card`: the card itself, for one the catalog lacks"""
    controller: Required[Player]
    """The player who controls it (any name)"""
    # The face it is on (a modal DFC's back): its index, or its name (docs/api.md: a face's name
    # names that face); resolved to the index when the question is checked.
    face: Annotated[Annotated[int, Field(ge=0, le=1)] | Name, _shown_default("face")]
    """The face that is up: its name (a modal double-faced land's land face), or 0 / 1"""
    tapped: Annotated[bool, _shown_default("tapped")]
    """Is it tapped?"""
    controlled_since_turn_start: Annotated[
        bool, _shown_default("controlled_since_turn_start")
    ]  # 302.6
    """Controlled continuously since the start of this turn? (302.6, summoning sickness)"""
    counters: Annotated[
        dict[Annotated[str, Field(max_length=40)], Annotated[int, Field(ge=0, le=10_000)]],
        Field(max_length=20),
        KEY_ORDERED,
    ]
    """Counters on it by kind, as `{"+1/+1": 2}` (a trailing " counter" is fine too)"""
    attached_to: Id | None
    """For an Aura or Equipment: the id of the permanent it is attached to"""
    chosen_color: ColorCode | None
    """A color chosen as it entered (W U B R G), or the one chosen last for a card that chooses
    again, for cards that ask"""
    chosen_colors: Annotated[
        list[ColorCode] | None,
        Field(
            max_length=5,
            description='The colors chosen for it, for cards that choose several ("choose up '
            'to two colors", colors circled as the deck was made); an empty list when none '
            "was chosen. A card that reads them takes a lone `chosen_color` as the one color "
            "chosen.",
            examples=[["G", "U"]],
        ),
    ]
    # 208.3: the power it has now, after every effect and counter; the engine never reads it
    # from the printed card (anthems and counters change it).
    power: Annotated[
        Stat | None,
        Field(
            description="Its power now, counters and effects included (208.3), for abilities "
            "whose amount is a power; never read from the printed card",
            examples=[3],
        ),
    ]
    toughness: Annotated[
        Stat | None,
        Field(
            description="Its toughness now, counters and effects included (208.3), for "
            "abilities whose amount is a toughness",
            examples=[3],
        ),
    ]
    token: Annotated[
        bool,
        _shown_default(
            "token",
            description="Is it a token (111.1)? For abilities that look at tokens "
            '("creature tokens you control")',
        ),
    ]
    prototyped: Annotated[
        bool,
        _shown_default(
            "prototyped",
            description="Was it cast prototyped (702.160a)? Then it has only its prototype mana "
            "cost, size and the colors of that cost (718.3b); its card must have a prototype",
        ),
    ]
    # Whether it entered the battlefield this turn: nothing on the board shows it, and it is not
    # `controlled_since_turn_start` (302.6: a permanent that changed control didn't enter).
    entered_this_turn: Annotated[
        bool | None,
        Field(
            description="Did it enter the battlefield this turn (603.6a, 400.7)? For abilities "
            'that look at permanents that entered this turn ("the greatest power among '
            'creatures you control that entered this turn"); required by those, ignored '
            "otherwise",
        ),
    ]
    # 702.112b: renown makes a permanent renowned; nothing on the card shows it, so a question
    # about an ability that needs it must say it.
    renowned: Annotated[
        bool | None,
        Field(
            description="Is it renowned (702.112b)? For abilities that apply only while it is "
            '("as long as ~ is renowned"); required by those, ignored otherwise',
        ),
    ]
    # 702.176a: whether its impending cost was paid, which nothing on the board shows.
    impending: Annotated[
        bool | None,
        Field(
            description="Was it cast for its impending cost (702.176a)? Then, while it has a "
            "time counter, it isn't a creature; required for a permanent with impending and a "
            "time counter, ignored otherwise",
        ),
    ]
    # 406.6, 607.2a: the cards its linked ability exiled (imprint, craft), as catalog names;
    # resolved through the catalog like `card`.
    exiled: Annotated[
        list[Name] | None,
        Field(
            max_length=20,
            description="406.6, 607.2a: the cards exiled with it by its own linked ability "
            "(imprint, craft), as catalog card names ([] for none); for abilities that read "
            "the exiled cards",
            examples=[["Lightning Bolt"]],
        ),
    ]
    # The top card of its controller's library, for an ability of this permanent that looks
    # at it; resolved through the catalog like `card`.
    library_top: Annotated[
        Name | None,
        Field(
            description="The card on top of its controller's library, as a catalog card name, "
            'for its abilities that look at it ("as long as the top card of your library is a '
            'land card")',
            examples=["Forest"],
        ),
    ]
    # 201.3: a card name chosen for it (as it entered); resolved through the catalog like
    # `card`.
    chosen_name: Annotated[
        Name | None,
        Field(
            description="201.3: the card name chosen for it, as a catalog card name, for "
            'abilities that ask ("lands with the chosen name have ...")',
            examples=["Forest"],
        ),
    ]
    # 205.3m: a creature type chosen for it as it entered (or a basic land type, or a card type).
    chosen_type: Annotated[
        Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[A-Za-z' -]+$")] | None,
        Field(
            description="205.3m: the creature type chosen for it as it entered, for abilities "
            'that count "creatures you control of the chosen type" or add "the chosen type"; '
            "for a permanent that chose a basic land type as it entered, that land type; for one "
            "that chose a card type (205.2a: 'spells of the chosen type'), that card type",
            examples=["Elf"],
        ),
    ]
    # 107.1b: a number chosen for it as it entered, never negative.
    chosen_number: Annotated[
        Annotated[int, Field(ge=0, le=1_000_000)] | None,
        Field(
            description="107.1b: the number chosen for it as it entered (0 or more), for "
            'abilities that name spells "with mana value equal to the chosen number"',
            examples=[0],
        ),
    ]
    # The mana an ability of it noted ("note the type and amount of mana spent"): only the six
    # mana types (106.1b).
    noted_mana: Annotated[
        Annotated[
            str,
            Field(min_length=3, max_length=200),
            AfterValidator(lambda v: check_mana_string(v, produced=True)),
        ]
        | None,
        Field(
            description="The type and amount of mana last noted for it, in Oracle notation of "
            "the six mana types, for abilities that add it (\"add ~'s last noted type and "
            'amount of mana", "one mana of ~\'s last noted type")',
            examples=["{R}{R}"],
        ),
    ]
    # 716: the level a Class has gained (1 as it enters).
    class_level: Annotated[
        Annotated[int, Field(ge=1, le=10)] | None,
        Field(
            description="716: the level this Class has gained (1 when it entered), for the "
            "abilities of its higher levels",
            examples=[2],
        ),
    ]
    # How many times its ability that counts its own resolutions ("if this is the third time
    # this ability has resolved this turn") resolved this turn.
    resolutions_this_turn: Annotated[
        Annotated[int, Field(ge=0, le=1_000)] | None,
        Field(
            description="How many times this turn its ability that counts its own resolutions "
            '("if this is the third time this ability has resolved this turn") has resolved '
            "before the activation asked about (608.2); the activation asked about is the next",
            examples=[2],
        ),
    ]
    # 602.5b: whether its ability that may be activated only once each turn already was.
    activated_this_turn: Annotated[
        bool | None,
        Field(
            description="Was its ability that may be activated only once each turn (602.5b) "
            "activated this turn already? Required to activate such an ability, ignored "
            "otherwise; the state after a legal activation says true",
        ),
    ]
    # 613.7: smaller is earlier; without it, battlefield order then effects order.
    timestamp: Annotated[
        Timestamp | None,
        Field(
            description="613.7: when it (or the effect it carries) began to apply; smaller is "
            "earlier. Without it: battlefield order, then effects order.",
            examples=[2],
        ),
    ]
    # 707.2, 707.3: what it is a copy of, as catalog names; resolved through the catalog like
    # `card`, the copy's values derived from them in layer 1 (613.1a, engine/copies.py).
    copy_of: Annotated[
        list[Name] | None,
        Field(
            max_length=5,
            description="707.2: the card it is a copy of, as a catalog card name (a face's "
            "name for that face); when that card was itself a copy, what it copied next, and "
            "so on (707.3). `[]` when it entered as itself, which a permanent that may enter "
            "as a copy must say; left out, it is no copy",
            examples=[["Gaea's Cradle"]],
        ),
    ]
    # 707.2, 614.1c: whether the choices its copied card makes as it enters were made for it.
    entered_as_copy: Annotated[
        bool | None,
        Field(
            description="707.2, 614.1c: with `copy_of`, whether it entered as that copy (true: "
            "a Clone, a token made as one; what its copied card chooses as it enters was "
            "chosen, its `chosen_type`, `chosen_color`... are those) or became one after it "
            "entered (false: by Cytoshape, or its own ability like Mirage Mirror's; none of "
            "those choices was made for it, so what reads them finds none). Left out: false "
            "for a card that becomes a copy by an activated or triggered ability of its own, "
            "else true",
            examples=[False],
        ),
    ]
    # 709.5: which doors of a Room are unlocked; resolved, with `face`, to the face it has.
    unlocked: Annotated[
        list[Name] | None,
        Field(
            max_length=2,
            description="709.5: for a Room, its unlocked doors by name: one, both, or `[]` "
            "(it entered without being cast and none was unlocked since: it has no name, "
            "mana cost or abilities). Left out: the one door `face` (or `card`) names, the "
            "first door when neither names one. A door `face` or `card` names must be "
            "unlocked",
            examples=[["Greenhouse", "Rickety Gazebo"]],
        ),
    ]


PERMANENT_FIELDS: tuple[str, ...] = tuple(PermanentIn.__annotations__)
PERMANENT_SOMETIMES = frozenset(PERMANENT_FIELDS[PERMANENT_FIELDS.index("chosen_colors") :])
# A dump of a permanent that gives none of PERMANENT_SOMETIMES: these keys in this order, the
# permanent's own values over them (`{**_ALWAYS_WRITTEN, **p}` keeps this order).
_ALWAYS_WRITTEN: dict[str, Any] = {
    name: PERMANENT_DEFAULTS.get(name)
    for name in PERMANENT_FIELDS
    if name not in PERMANENT_SOMETIMES
}
_ALWAYS_WRITTEN_KEYS = frozenset(_ALWAYS_WRITTEN)


def whole_permanent(p: PermanentIn) -> dict[str, Any]:
    """A permanent as its question's dump writes it, in the fields' order: every field up to
    `chosen_color`, then those of PERMANENT_SOMETIMES that differ from their defaults."""
    if p.keys() <= _ALWAYS_WRITTEN_KEYS:  # most permanents: one dict merge at C speed
        return {**_ALWAYS_WRITTEN, **p}
    given = cast("dict[str, Any]", p)
    return {
        name: given.get(name, PERMANENT_DEFAULTS.get(name))
        for name in PERMANENT_FIELDS
        if name not in PERMANENT_SOMETIMES
        or (name in given and given[name] != PERMANENT_DEFAULTS[name])
    }


def canonical_battlefield(battlefield: list[PermanentIn]) -> list[dict[str, Any]]:
    """The battlefield as a question's dump and an answer's state write it."""
    return [whole_permanent(p) for p in battlefield]


class EffectIn(StateModel):
    """A resolved one-shot effect in force now (Pale Moon, Deep Water, Act of Treason), however
    long it lasts: the state is one moment."""

    id: Id
    """Your id for it, unique in the state (shared with permanents)"""
    card: Name | None = None
    """The spell or ability's card, by name (Pale Moon, Act of Treason)"""
    definition: Card | None = None
    """Instead of `card`: the card itself, for one the catalog lacks"""
    controller: Player
    """The player who cast or activated it"""
    target: Id | None = None
    """The id of the permanent it targets, for effects that target"""
    target_player: Player | None = omitted_at_default(
        None,
        description="115.1: the player it targets, for effects that target a player ('target "
        "player can't cast spells this turn')",
        examples=["bob"],
    )
    line: EffectLine | None = omitted_at_default(
        None,
        description="Which of its card's abilities or modes resolved, by the paragraph of its "
        "rules text it is on, counted from 1 (a planeswalker's loyalty ability, one of a "
        "guildmage's two activations, a mode): needed when the card's `effect_lines` lists "
        "several; the entry then applies only that paragraph's effects",
        examples=[2],
    )
    chosen_color: ColorCode | None = None
    """A color chosen as it resolved (W U B R G), for cards that ask"""
    chosen_land_type: BasicLandType | None = omitted_at_default(
        None,
        description='305.7: the basic land type chosen as it resolved ("target land becomes '
        'the basic land type of your choice"), for effects that ask',
        examples=["Island"],
    )
    timestamp: Timestamp | None = omitted_at_default(
        None,
        description="613.7: when the effect began; smaller is earlier.",
        examples=[5],
    )


class EmblemIn(StateModel):
    """An emblem in the command zone (114): its abilities work for its owner for the rest of the
    game, whatever else happens on the battlefield."""

    id: Id
    """Your id for it, unique in the state (shared with permanents and effects)"""
    card: Name | None = None
    """The card whose ability made it (a planeswalker's "you get an emblem with ..."), by name"""
    definition: Card | None = None
    """Instead of `card`: the card itself, for one the catalog lacks"""
    controller: Player
    """The player who has it (114.2)"""
    timestamp: Timestamp | None = omitted_at_default(
        None,
        description="613.7: when it was created; smaller is earlier, compared with permanents' "
        "and effects' (without it: battlefield order, then effects, then emblems)",
        examples=[7],
    )


class PlayerIn(StateModel):
    """What the state says about one player, for abilities that read it; every fact is
    optional, and an ability that needs one that is missing makes the answer a 422 naming it."""

    life: Annotated[int, Field(ge=-1_000_000, le=1_000_000)] | None = omitted_at_default(
        None,
        description="119.1: their life total now, for abilities whose amount is it "
        '("X is your life total")',
        examples=[20],
    )
    life_gained_this_turn: Annotated[int, Field(ge=0, le=1_000_000)] | None = omitted_at_default(
        None,
        description="119.3: how much life they gained this turn in all, for abilities that "
        "count it",
        examples=[3],
    )
    cards_drawn_this_turn: Annotated[int, Field(ge=0, le=10_000)] | None = omitted_at_default(
        None,
        description="121.1: how many cards they drew this turn, for abilities that count them",
        examples=[2],
    )
    monarch: bool | None = omitted_at_default(
        None,
        description="724: are they the monarch? For abilities that work only while their "
        "controller is",
        examples=[True],
    )
    lands_played_this_turn: Annotated[int, Field(ge=0, le=1_000)] | None = omitted_at_default(
        None,
        description="305.2: how many lands they played this turn, for abilities that ask "
        'whether they played one ("if you played a land this turn")',
        examples=[1],
    )
    turns_begun: Annotated[int, Field(ge=0, le=10_000)] | None = omitted_at_default(
        None,
        description="500.1: how many turns of their own they have begun this game, the "
        "current one included when it is theirs, for cards that ask ('you can't cast ~ during "
        "your first three turns of the game')",
        examples=[3],
    )
    completed_dungeon: bool | None = omitted_at_default(
        None,
        description="309.7: have they completed a dungeon this game? For abilities that ask",
        examples=[False],
    )
    initiative: bool | None = omitted_at_default(
        None,
        description="725: do they have the initiative? For abilities that ask",
        examples=[True],
    )
    being_attacked: bool | None = omitted_at_default(
        None,
        description="508.1: is a creature attacking them now (declared as an attacker against "
        "them this combat)? For cards that may be cast only while their caster is attacked "
        "('cast ~ only if a creature is attacking you')",
        examples=[True],
    )
    spells_cast_this_turn: Annotated[int, Field(ge=0, le=10_000)] | None = omitted_at_default(
        None,
        description="601.2i: how many spells they have cast this turn, not counting a spell the "
        "question is about, for effects that count them ('for each other spell that player "
        "has cast this turn', 'the second spell you cast each turn'); with `spells_cast`, "
        "their number",
        examples=[1],
    )
    # Declared after the count, which its validator compares it with.
    spells_cast: list[Name] | None = omitted_at_default(
        None,
        max_length=LIMIT_SPELLS_CAST,
        description="601.2i: the spells they have cast this turn, in any order, by catalog name "
        "(a face's name for the face cast: an adventure, a modal card's back face; [] for "
        "none), not counting a spell the question is about, for bans and cost changes that "
        "count spells of a kind ('can't cast more than one noncreature spell each turn', 'the "
        "first creature spell you cast each turn costs {1} less'). When "
        "`spells_cast_this_turn` is given too, it must be their number",
        examples=[["Lightning Bolt"]],
    )
    # 106.4: the mana in their pool, unspent; only the six mana types.
    mana_pool: (
        Annotated[
            str,
            Field(max_length=200),
            AfterValidator(lambda v: check_mana_string(v, produced=True) if v else v),
        ]
        | None
    ) = omitted_at_default(
        None,
        description='106.4: the unspent mana in their mana pool now, in Oracle notation ("" for '
        'none), for abilities that read it ("double the amount of each type of unspent mana '
        'you have")',
        examples=["{G}{G}{C}"],
    )
    graveyard: list[Name] | None = omitted_at_default(
        None,
        max_length=LIMIT_GRAVEYARD,
        description="404.1: the cards in their graveyard, by catalog name (any spelling; [] for "
        "none), for abilities that count or look at them",
        examples=[["Grizzly Bears", "Lightning Bolt"]],
    )

    @field_validator("spells_cast")
    @classmethod
    def _as_many_as_counted(cls, names: list[str] | None, info: ValidationInfo) -> list[str] | None:
        """The list and the count say one thing, or the question contradicts itself."""
        counted = info.data.get("spells_cast_this_turn")
        if names is not None and counted is not None and counted != len(names):
            raise ValueError(
                f"{len(names)} spells listed, but spells_cast_this_turn says {counted}: give "
                "one, or both alike"
            )
        return names


PlayerFactName = Literal["life", "life_gained_this_turn", "cards_drawn_this_turn"]


_Battlefield = Annotated[list[PermanentIn], Field(max_length=LIMIT_PERMANENTS)]


K = TypeVar("K", bound=Hashable)
_SECOND = itemgetter(1)


def first_members(keys: Sequence[K]) -> dict[K, int]:
    """Each distinct key's first index, in order of first appearance; at C speed (written from
    the last key back, the first index of a key is the one that stays)."""
    from_last = dict(zip(reversed(keys), range(len(keys) - 1, -1, -1), strict=True))
    return dict(sorted(from_last.items(), key=_SECOND))


class Classes(tuple[int, ...]):
    """Per permanent its class, numbered from 0 in order of first member (-1: in no class),
    knowing each class's first member's index once found: validation, check_state, the board
    and its view all ask for them (class_firsts), and finding them scans the battlefield (0.3
    ms at 10,000 permanents). Equal to, and used as, the plain tuple it is."""

    @classmethod
    def with_firsts(cls, classes: Iterable[int], firsts: Sequence[int]) -> Classes:
        """Classes whose firsts the caller found already (validation, from the same pass)."""
        made = cls(classes)
        made.__dict__["firsts"] = tuple(firsts)
        return made

    @cached_property
    def firsts(self) -> tuple[int, ...]:
        return _scanned_firsts(self)


def class_firsts(classes: Sequence[int]) -> tuple[int, ...]:
    """Each class's first member's index, by class (found once for `Classes`)."""
    return classes.firsts if isinstance(classes, Classes) else _scanned_firsts(classes)


def _scanned_firsts(classes: Sequence[int]) -> tuple[int, ...]:
    """Each class's first member comes after the previous class's, so one scan at C speed from
    each to the next finds them all."""
    firsts: list[int] = []
    at = 0
    for c in range(max(classes, default=-1) + 1):
        at = classes.index(c, at)
        firsts.append(at)
    return tuple(firsts)


class ClassedBattlefield(list[PermanentIn]):
    """A validated battlefield that knows which of its permanents were sent alike: per
    permanent, a class (numbered from 0 in order of first member), and permanents of one
    class were sent with the same fields, in the same order, holding the same values of the
    same JSON types, but for their ids. Made where the request is validated one class at a
    time (app/api/classes.py); check_state reads the classes instead of finding them again.
    Equal to, and dumped as, the plain list it holds."""

    __slots__ = ("classes",)

    def __init__(self, permanents: Iterable[PermanentIn], classes: tuple[int, ...]) -> None:
        super().__init__(permanents)
        self.classes = classes


class GameState(StateModel):
    """The game a mana question is asked about: the battlefield and the turn's effects."""

    turn: Annotated[int, Field(ge=1, le=10_000)] = 1
    """The turn number"""
    active_player: Player | None = None
    """Whose turn it is"""
    phase: Phase | None = omitted_at_default(
        None,
        description="500.1: the phase of the turn it is now (the two main phases are "
        "`first_main` and `second_main`), for effects that apply in one phase only "
        "('players can't cast spells during combat', 506.1)",
        examples=["combat"],
    )
    step: Step | None = omitted_at_default(
        None,
        description="501.1, 506.1, 512.1: the step of that phase it is now, for cards that "
        "may be cast only in some steps ('cast ~ only during the declare blockers step'); "
        "it must be a step of `phase`, which may be left out (the step says it)",
        examples=["declare_attackers"],
    )
    # Dumped whole (`canonical_battlefield`): every permanent with the fields it left out.
    battlefield: Annotated[
        _Battlefield, PlainSerializer(canonical_battlefield, return_type=_Battlefield)
    ] = Field(default_factory=list)
    """The permanents, in timestamp order (it is the default order of effects)"""
    effects: list[EffectIn] = Field(default_factory=list, max_length=LIMIT_EFFECTS)
    """Resolved spells and abilities whose effects are in force now (this turn, or longer)"""
    emblems: list[EmblemIn] = omitted_at_default(
        default_factory=list,
        max_length=LIMIT_EMBLEMS,
        description="114: emblems in the command zone, each naming the card whose ability made "
        "it; its abilities apply for its controller as long as the game goes on. Left out of "
        "the normalized question when empty.",
        examples=[[{"id": "em1", "card": "Liliana of the Dark Realms", "controller": "alice"}]],
    )
    commander_identity: Annotated[dict[Player, list[ColorCode]], KEY_ORDERED] = omitted_at_default(
        default_factory=dict,
        max_length=LIMIT_PLAYERS,
        description="903.4: each player's commander's color identity, as colors (W U B R G); "
        "an empty list for a player with no commander or a colorless one. Needed only for "
        "abilities that make mana of a color in it.",
        examples=[{"alice": ["G", "W"]}],
    )
    players: Annotated[dict[Player, PlayerIn], KEY_ORDERED] = omitted_at_default(
        default_factory=dict,
        max_length=LIMIT_PLAYERS,
        description="Facts about players by name (life total, life gained, cards drawn and "
        "lands played this turn, the monarch, a completed dungeon, the initiative, the "
        "graveyard), each optional; needed only for abilities that read them.",
        examples=[{"alice": {"life": 17, "monarch": True}}],
    )

    @model_validator(mode="before")
    @classmethod
    def _phase_of_step(cls, data: Any) -> Any:
        """A step says its phase (501.1, 506.1, 512.1): filled in when left out, so both
        spellings are one question."""
        if not isinstance(data, dict) or not isinstance(data.get("step"), str):
            return data
        phase = _phase_having(data["step"])
        if phase is None or data.get("phase") is not None:
            return data  # no step (its field says so), or a phase to check it against
        return {**data, "phase": phase}

    @field_validator("step")
    @classmethod
    def _step_of_phase(cls, step: Step | None, info: ValidationInfo) -> Step | None:
        """A step of another phase than the one given contradicts it: an error at `step`
        (a phase that isn't one is its own field's error, and isn't in `info.data`)."""
        given = info.data.get("phase")
        phase = _phase_having(step) if step is not None else None
        if given is not None and phase is not None and given != phase:
            raise ValueError(
                f"step {step!r} is a step of the {phase!r} phase, but phase is {given!r}: "
                "give the phase the step is in, or leave phase out"
            )
        return step


def _phase_having(step: str) -> str | None:
    """The phase `step` is a step of (501.1, 506.1, 512.1), or None when it is no step."""
    return next((ph for ph, steps in STEPS_OF_PHASE.items() if step in steps), None)


@dataclass(frozen=True, slots=True)
class OutsideCard:
    """A card outside the battlefield that an ability reads (exiled with a permanent, 406.6;
    on top of a library): its name, colors and card types there (105.2, 205.2: a split card
    has both halves', 709.4; a double-faced card its front's, 712.8; an adventurer its
    creature part's, 715.4)."""

    name: str
    colors: tuple[str, ...]
    names: tuple[str, ...] = ()  # its name(s) there: a split card has both (709.4)
    types: frozenset[str] = frozenset()
    # Each colored mana symbol of its mana cost, as that symbol's colors ({G/W}: G and W).
    symbol_colors: tuple[tuple[str, ...], ...] = ()

    @classmethod
    def of(cls, card: Card) -> OutsideCard:
        faces = off_stack_faces(card)
        found = {c for f in faces for c in f.face_colors}
        names = tuple(f.name for f in faces)
        types = frozenset(t for f in faces for t in f.types)
        symbols = tuple(
            colors
            for f in faces
            for s in f.cost_symbols
            if (colors := tuple(c for c in COLORS if c in s.text.split("/")))
        )
        return cls(card.name, tuple(c for c in COLORS if c in found), names, types, symbols)


# The facts about a permanent that only some questions give: PermanentIn's optional fields,
# held under the same names on Permanent, each None when the question doesn't say.
OPTIONAL_FACTS = (
    "renowned",
    "impending",
    "entered_this_turn",
    "exiled",
    "chosen_name",
    "library_top",
    "chosen_type",
    "chosen_number",
    "chosen_colors",
    "noted_mana",
    "resolutions_this_turn",
    "activated_this_turn",
    "class_level",
    "copy_of",
    "entered_as_copy",
)


@dataclass(slots=True)
class Permanent:
    """A permanent with its card resolved. `index` is its place on the battlefield.

    Never changed once built, though not `frozen`: a frozen dataclass sets each field through
    object.__setattr__, five times the cost of building a board of 10,000 permanents."""

    index: int
    id: str
    card: Card
    face: CardFace
    controller: str
    tapped: bool
    controlled_since_turn_start: bool
    # Read-only: a permanent given no counters shares one empty mapping with every other.
    counters: Mapping[str, int]
    attached_to: str | None
    chosen_color: str | None
    timestamp: int | None = None
    power: int | None = None
    toughness: int | None = None
    token: bool = False  # 111.1
    # True only when it was built with none of OPTIONAL_FACTS given, every one at its None:
    # the engine then tells kinds apart by the other fields alone (BoardView.kinds). The
    # default claims nothing.
    common_only: bool = False
    renowned: bool | None = None  # 702.112b; None: not said
    impending: bool | None = None  # 702.176a: its impending cost was paid; None: not said
    entered_this_turn: bool | None = None  # None: not said
    exiled: tuple[OutsideCard, ...] | None = None  # 406.6, 607.2a: the cards exiled with it
    chosen_name: str | None = None  # 201.3
    library_top: OutsideCard | None = None  # the top card of its controller's library
    chosen_type: str | None = None  # 205.3m
    chosen_number: int | None = None  # 107.1b: chosen as it entered
    chosen_colors: tuple[str, ...] | None = None  # several colors chosen for it
    noted_mana: str | None = None  # the mana last noted for it, Oracle notation
    resolutions_this_turn: int | None = None  # of its ability that counts them; None: not said
    activated_this_turn: bool | None = None  # 602.5b; None: not said
    class_level: int | None = None  # 716: the level a Class has gained; None: not said
    # 707.2: the names of what it copied, outermost first ([]: entered as itself); None: not
    # said. Its `face` is the copy already (layer 1, 613.1a).
    copy_of: tuple[str, ...] | None = None
    entered_as_copy: bool | None = None  # 614.1c; None: not said
    # 707.2: a copy that became one after it entered (resolve.py, copies_after_entering): no
    # choice its copied card makes as it enters was made for it; its `chosen_type` is its own
    # card's.
    choices_unmade: bool = False

    def has_type(self, card_type: str) -> bool:
        return card_type in self.face.types

    @property
    def name(self) -> str:
        return self.card.name


# A battlefield all in classes is built lazily (Battlefield) from this many permanents on, with
# at least this many of them per class: below that, most members are read anyway, and a tuple's
# C-speed indexing beats a Python __getitem__ (five permanents in five classes, built lazily,
# cost a new small question 1.9% more instructions).
LAZY_MIN_PERMANENTS = 64
LAZY_MEMBERS_PER_CLASS = 8


class Battlefield(Sequence[Permanent]):
    """A board's permanents in battlefield order, a class's members built only when something
    reads them.

    A big battlefield all in classes (Board.classes) is given as its ids, its classes and one
    template per class (a Permanent's fields after its index and id): the engine works per
    kind and an answer needs only the ids (Board.permanent_ids), so most members of a big board
    are never read, and building each (about 0.4 µs, 4 ms for 10,000) was most of building the
    board. A member read by index is built then; walking the whole battlefield builds every
    member at once. A member read twice is the same object, however it was read first. Other
    battlefields are plain tuples (LAZY_MIN_PERMANENTS)."""

    __slots__ = ("_all", "_built", "_classes", "_templates", "ids")

    def __init__(
        self, ids: Sequence[str], classes: Sequence[int], templates: Sequence[tuple[Any, ...]]
    ) -> None:
        self.ids = ids
        self._classes = classes
        self._templates = templates
        self._built: dict[int, Permanent] = {}
        self._all: tuple[Permanent, ...] | None = None

    def __len__(self) -> int:
        return len(self.ids)

    @overload
    def __getitem__(self, index: int) -> Permanent: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Permanent, ...]: ...

    def __getitem__(self, index: int | slice) -> Permanent | tuple[Permanent, ...]:
        if self._all is not None:
            return self._all[index]
        if isinstance(index, slice):
            return self.every()[index]
        at = index + len(self.ids) if index < 0 else index
        member = self._built.get(at)
        if member is None:
            if not 0 <= at < len(self.ids):
                raise IndexError("battlefield index out of range")
            template = self._templates[self._classes[at]]
            member = self._built[at] = Permanent(at, self.ids[at], *template)
        return member

    def __iter__(self) -> Iterator[Permanent]:
        return iter(self.every())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return self.every() == tuple(other)

    __hash__ = None  # type: ignore[assignment]  # equal to a tuple, yet not hashable

    def every(self) -> tuple[Permanent, ...]:
        """Every permanent, built (once): at C speed, with the members built before kept."""
        if self._all is None:
            head = zip(count(), self.ids)
            fields = map(add, head, map(self._templates.__getitem__, self._classes))
            made = list(starmap(Permanent, fields))
            for at, member in self._built.items():
                made[at] = member
            self._all = tuple(made)
        return self._all

    @property
    def built(self) -> int:
        """How many permanents are built so far (all of them once the battlefield was walked):
        what tests of the engine's reads look at."""
        return len(self._all) if self._all is not None else len(self._built)


class PermanentsById(Mapping[str, Permanent]):
    """A lazy battlefield's permanents by id, each built only when looked up (Battlefield)."""

    __slots__ = ("_battlefield", "_index")

    def __init__(self, battlefield: Battlefield) -> None:
        self._battlefield = battlefield
        self._index = dict(zip(battlefield.ids, count()))  # ids are unique (check_state)

    def __getitem__(self, permanent_id: str) -> Permanent:
        return self._battlefield[self._index[permanent_id]]

    def get(self, permanent_id: str, default: Any = None) -> Any:
        at = self._index.get(permanent_id)
        return default if at is None else self._battlefield[at]

    def __contains__(self, permanent_id: object) -> bool:
        return permanent_id in self._index

    def __iter__(self) -> Iterator[str]:
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)


@dataclass(frozen=True, slots=True)
class Effect:
    """A turn-long effect with its card resolved."""

    index: int
    id: str
    card: Card
    controller: str
    target: str | None
    chosen_color: str | None
    timestamp: int | None = None
    chosen_land_type: str | None = None  # 305.7
    target_player: str | None = None  # 115.1: the player it targets
    line: int | None = None  # the paragraph of its card that resolved (EffectIn.line)

    @property
    def label(self) -> str:
        return object_label(self.card.name, self.id, self.line)


@dataclass(frozen=True, slots=True)
class Board:
    turn: int
    active_player: str | None
    phase: Phase | None  # 500.1: the phase it is now, as the state says
    # A tuple, or for a big battlefield all in classes a Battlefield that builds a permanent
    # when it is read.
    permanents: Sequence[Permanent]
    effects: tuple[Effect, ...]
    # Every permanent's id, in battlefield order (check_state's): read without building any
    # permanent (Battlefield).
    permanent_ids: Sequence[str]
    by_id: Mapping[str, Permanent] = field(default_factory=dict)
    state: GameState | None = None  # what the client sent, for answers that return a new state
    step: Step | None = None  # 501.1, 506.1, 512.1: the step it is now, as the state says
    # 903.4: per player given, the commander's color identity (empty: none, 903.4f).
    commander_identity: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # What the state says about each player it names (life, draws, the monarch).
    players: dict[str, PlayerIn] = field(default_factory=dict)
    # 404.1: the cards in each graveyard the state gives, resolved against the catalog.
    graveyards: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    # 601.2i: per player the state lists them for, the faces of the spells cast this turn.
    spells_cast: dict[str, tuple[CardFace, ...]] = field(default_factory=dict)
    # Per permanent, a class: permanents of one class (>= 0) hold equal values in every field
    # but their index and id, so the engine may read one of them for all (BoardView.kinds).
    # -1, or no classes at all: nothing is claimed. Numbered from 0 in order of first member
    # (class_firsts).
    classes: tuple[int, ...] = ()
    # 707.2: the ids of the permanents that are copies (their `copy_of` not empty), in
    # battlefield order, for the explanation of layer 1 (613.1a).
    copies: tuple[str, ...] = ()

    def get(self, permanent_id: str) -> Permanent | None:
        return self.by_id.get(permanent_id)

    def representatives(self) -> list[Permanent]:
        """With every permanent in a class, each class's first (its members differ from it in
        their index and id alone); else every permanent. What a look at the other fields of
        every permanent (attachments, say) needs to see."""
        classes = self.classes
        if classes and -1 not in classes:
            return [self.permanents[i] for i in class_firsts(classes)]
        return list(self.permanents)
