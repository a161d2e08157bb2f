"""Check a question against the catalog: card names to cards, a client's game state to a Board.

Every failure is a QuestionError whose `loc` is the path of the offending field, so the API can
answer 422 naming it (docs/api.md: unknown card, duplicate ids, a permanent that isn't there…).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import chain, count, repeat, starmap
from operator import add, attrgetter, itemgetter
from types import MappingProxyType
from typing import Any, Literal, TypeVar, cast

from app.catalog import Catalog, missing_card
from app.catalog.names import fold
from app.domain.abilities import works_from
from app.domain.base import attackers_possible
from app.domain.card import Card, CardFace
from app.domain.errors import QuestionError, type_chosen
from app.domain.layouts import COMBINED_LAYOUTS
from app.domain.state import (
    LAZY_MEMBERS_PER_CLASS,
    LAZY_MIN_PERMANENTS,
    OPTIONAL_FACTS,
    PERMANENT_DEFAULTS,
    Battlefield,
    Board,
    ClassedBattlefield,
    Classes,
    Effect,
    EffectIn,
    EmblemIn,
    GameState,
    OutsideCard,
    Permanent,
    PermanentIn,
    PermanentsById,
    PlayerIn,
    class_firsts,
)
from app.engine.copies import choices_unmade, copiable_face, copy_effect_of
from app.engine.free_cast import door_locked, doors_spelled, prototyped_face, unlocked_doors
from app.rulings.board_checks import (
    check_effect,
    check_on_battlefield,
    check_own_target,
    counter_spelling,
    effect_counters,
    own_card_keywords,
    selector_counters,
)

Loc = tuple[str | int, ...]

# More players than any real game has (Commander pods, Two-Headed Giant, big multiplayer).
MAX_PLAYERS = 16


def resolve_card(catalog: Catalog, name: str, loc: Loc) -> Card:
    card = catalog.get(name)
    if card is None:
        raise missing_card(catalog, name, loc)
    return card


def _names_whole(card: Card, name: object) -> bool:
    """Whether `name` is the card's whole name, in any spelling the catalog reads ("Fire/Ice",
    other case, spaces or accents)."""
    return isinstance(name, str) and card.named_whole(name)


def face_spelling(card: Card, name: str | None) -> str | None:
    """A face name in the card's own spelling (unknown names are left for the engine to
    refuse); the whole card's name means no particular face."""
    if name is None or _names_whole(card, name):
        return None
    face = card.face_named(name)
    return face.name if face is not None else name


def asked_face(card: Card, name: str) -> str | None:
    """The face a request's `face` asks for, in the card's spelling: a split card named whole
    is both halves cast fused (702.102c), any other card named whole no particular face."""
    if card.layout in COMBINED_LAYOUTS and _names_whole(card, name):
        return card.name
    return face_spelling(card, name)


def named_face(card: Card, asked_name: str) -> str | None:
    """When a request named a card by one of its faces ("Stomp"), that face (docs/api.md: a face's
    name names the card wherever a request names one; it also says which face is meant)."""
    if not card.faces:
        return None
    return face_spelling(card, asked_name)


def cost_spelling(cards: list[Card], names: list[str]) -> list[str]:
    """Cost names ("kicker") in the catalog's spelling ("Kicker"), so equal questions are one."""
    known: dict[str, str] = {}
    for card in cards:
        for face in card.card_faces:
            for cost in face.additional_costs:
                known[cost.name.casefold()] = cost.name
            for alt in face.alternative_costs:
                known[alt.name.casefold()] = alt.name
    return [known.get(n.strip().casefold(), n) for n in names]


def _card_of(catalog: Catalog, name: str | None, definition: Card | None, loc: Loc) -> Card:
    """The card of a permanent or an effect: its catalog `name` or its inline `definition`."""
    if name is not None and definition is not None:
        raise QuestionError(
            (*loc, "definition"),
            "give either 'card' or 'definition', not both",
            "card_and_definition",
        )
    if definition is not None:
        return checked_definition(catalog, definition, (*loc, "definition"))
    if name is None:
        raise QuestionError((*loc, "card"), "'card' or 'definition' is required", "missing_card")
    return resolve_card(catalog, name, (*loc, "card"))


# What a card says that no rule reads: words for people, and the compiler's report on them.
_WORDS = {"summary", "text", "support", "unsupported_text"}


def _rules_of(card: Card) -> dict[str, Any]:
    """A card's data the engine reads: all but its words (_WORDS), its faces' too; not its
    name, which the catalog finds in any case (a definition is looked up by it), and its
    faces' names folded as the catalog folds names; its colors as the engine reads them
    (105.2: those of its mana cost when none are given, in WUBRG order), its faces' too."""
    data = card.model_dump(mode="json", exclude=_WORDS | {"name"})
    data["colors"] = card.front.face_colors if not card.faces else None
    data["faces"] = [
        {
            **{k: v for k, v in d.items() if k != "text"},
            "name": fold(f.name),
            "colors": f.face_colors,
        }
        for d, f in zip(data["faces"], card.faces, strict=True)
    ]
    return data


def checked_definition(catalog: Catalog, definition: Card, loc: Loc) -> Card:
    """An inline card, which is for a card the catalog lacks: one named as a catalog card, or
    with a face so named, must be that card in all a rule reads (201.2: a name names one card),
    as a card sent back the way `GET /v1/cards/{name}` served it is; it then is the catalog's
    card (so it asks what naming that card asks). Else a QuestionError on `loc` naming the
    fields that differ."""
    names = {definition.name, *(f.name for f in definition.faces)}
    known = {id(c): c for n in names if (c := catalog.get(n)) is not None}
    mine = _rules_of(definition) if known else {}
    for card in known.values():
        theirs = _rules_of(card)
        if mine == theirs:
            return card
        differ = [k for k in mine if mine[k] != theirs.get(k)]
        raise QuestionError(
            loc,
            f"the catalog has a card named {card.name!r} that this definition differs from "
            f"(in {', '.join(differ)}): name that card by 'card', or give the definition a "
            "name of its own",
            "definition_conflicts_catalog",
        )
    return definition


def permanent_face(card: Card, p: PermanentIn, loc: Loc) -> int:
    """The index of the face a permanent is on: `face` as an index or a face's name, else the
    face its `card` names ("Shatterskull, the Hammer Pass" is the land face, 712.8d)."""
    faces = card.card_faces
    face = p.get("face", 0)
    if isinstance(face, str):
        if _names_whole(card, face):
            return 0
        named = card.face_named(face)
        if named is not None:
            return faces.index(named)
        names = " or ".join(repr(f.name) for f in faces)
        raise QuestionError(loc, f"{card.name} has no face {face!r}; use {names}", "no_such_face")
    if face >= len(faces):
        raise QuestionError(loc, f"{card.name} has no face {face}", "no_such_face")
    name = p.get("card")
    if "face" not in p and name is not None and card.faces:
        named = card.face_named(name)
        if named is not None:
            return faces.index(named)
    return face


def card_field(definition: Card | None) -> str:
    """The field that gives a permanent's or an effect's card."""
    return "definition" if definition is not None else "card"


@dataclass(frozen=True, slots=True)
class CheckedState:
    """A game state checked against the catalog: `state` is the normalized question (catalog
    names in canonical spelling); the Board is built only when the engine needs it, so a
    question answered from the store never pays for it."""

    state: GameState
    cards: tuple[tuple[Card, CardFace], ...]  # per battlefield permanent: card, face it's on
    effect_cards: tuple[Card, ...]
    # The battlefield's cards as check_state first met them, in battlefield order (10,000
    # Forests give one), so reading the question's cards needn't walk every permanent.
    battlefield_cards: tuple[Card, ...]
    # 404.1: per player whose graveyard the state gives, its cards.
    graveyards: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    # 601.2i: per player whose spells cast this turn the state lists, each card and face cast.
    spells_cast: tuple[tuple[str, tuple[tuple[Card, CardFace], ...]], ...] = ()
    # 406.6: per battlefield index, the cards exiled with that permanent (its `exiled`).
    exiled: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    # Per battlefield index, the top card of its controller's library (its `library_top`).
    library_top: dict[int, OutsideCard] = field(default_factory=dict)
    top_cards: dict[int, Card] = field(default_factory=dict)  # the same, as catalog cards
    # Per battlefield index, its class (`plain_classes`): permanents of one class were sent with
    # the same fields, and values, but their ids; -1 for a permanent in no class; numbered from
    # 0 in order of first member. check_state, the only maker of a CheckedState, gives one per
    # permanent.
    classes: tuple[int, ...] = ()
    # The permanents' ids in battlefield order, and as a set (check_state finds both once).
    permanent_ids: tuple[str, ...] = ()
    ids: frozenset[str] = frozenset()
    copies: tuple[str, ...] = ()  # the ids of the permanents that are copies (707.2)
    emblem_cards: tuple[Card, ...] = ()  # 114: per emblem, the card whose ability made it

    @property
    def used_cards(self) -> list[Card]:
        """Every card the question reads, each card object once, in the order first read: on
        the battlefield, effects, graveyards, cards exiled with permanents and on top of
        libraries (a board of 10,000 Forests reads one card)."""
        read = chain(
            self.battlefield_cards,
            self.effect_cards,
            self.emblem_cards,
            *(cards for _, cards in self.graveyards),
            *((card for card, _ in spells) for _, spells in self.spells_cast),
            *self.exiled.values(),
            self.top_cards.values(),
        )
        once = {id(card): card for card in read}  # a key seen again keeps its first place
        return list(once.values())

    @property
    def card_names(self) -> list[str]:
        return sorted({c.name for c in self.used_cards})

    def board(self) -> Board:
        permanents = self._battlefield()
        by_id: Mapping[str, Permanent] = (
            PermanentsById(permanents)
            if type(permanents) is Battlefield  # not isinstance: an ABC's runs Python code
            else dict(zip(self.permanent_ids, permanents, strict=True))
        )
        effects = tuple(
            Effect(
                i,
                e.id,
                card,
                e.controller,
                e.target,
                e.chosen_color,
                e.timestamp,
                e.chosen_land_type,
                e.target_player,
                e.line,
            )
            for i, (e, card) in enumerate(zip(self.state.effects, self.effect_cards, strict=True))
        )
        # 114: an emblem's abilities work as an effect's do (for its controller, with no
        # target), after the effects in their order.
        emblems = tuple(
            Effect(
                len(effects) + i,
                em.id,
                emblem_effect(card),
                em.controller,
                None,
                None,
                timestamp=em.timestamp,
            )
            for i, (em, card) in enumerate(zip(self.state.emblems, self.emblem_cards, strict=True))
        )
        effects += emblems
        # A card's abilities that work while it is in its owner's graveyard (the state's
        # graveyards, where given), each card its own source controlled by that player.
        for player, cards in self.graveyards:
            for n, card in enumerate(cards):
                if (kept := _works_from(card, "graveyard")) is not None:
                    place = f"graveyard:{player}:{n}"
                    effects += (Effect(len(effects), place, kept, player, None, None),)
        return Board(
            turn=self.state.turn,
            active_player=self.state.active_player,
            phase=self.state.phase,
            step=self.state.step,
            permanents=permanents,
            permanent_ids=self.permanent_ids,
            effects=effects,
            by_id=by_id,
            state=self.state,
            commander_identity={
                player: tuple(c for c in "WUBRG" if c in colors)  # 105.1 order, once each
                for player, colors in self.state.commander_identity.items()
            },
            players=dict(self.state.players),
            graveyards=dict(self.graveyards),
            spells_cast={
                player: tuple(face for _, face in spells) for player, spells in self.spells_cast
            },
            classes=self.classes,
            copies=self.copies,
        )

    def _battlefield(self) -> Sequence[Permanent]:
        """The engine's permanents, in battlefield order. Those of one class share every field
        but their index and id: the first one's are kept (`_template`) and passed on to the
        others by position, so a class of 5,000 Forests reads its fields once. A big
        battlefield all in classes is given as its ids and the classes' templates, each member
        built only when the engine reads it (Battlefield); a smaller one is built at once, with
        no Python loop of its own."""
        battlefield, classes = self.state.battlefield, self.classes
        if classes and -1 not in classes:
            firsts = class_firsts(classes)
            of_class = [_template(battlefield[i], *self.cards[i]) for i in firsts]
            if _builds_lazily(len(classes), len(firsts)):
                return Battlefield(self.permanent_ids, classes, of_class)
            head = zip(count(), self.permanent_ids)
            return tuple(starmap(Permanent, map(add, head, map(of_class.__getitem__, classes))))
        templates: dict[int, tuple[Any, ...]] = {}
        out: list[Permanent] = []
        append = out.append
        together = zip(self.state.battlefield, self.cards, self.classes, strict=True)
        for i, (p, (card, face), c) in enumerate(together):
            if c < 0:
                append(self._permanent(i, p, card, face))
                continue
            template = templates.get(c)
            if template is None:
                template = templates[c] = _template(p, card, face)
            append(Permanent(i, p["id"], *template))
        return tuple(out)

    def _permanent(self, i: int, p: PermanentIn, card: Card, face: CardFace) -> Permanent:
        """The engine's permanent. The fields every permanent has are passed by position (a
        10,000-permanent board builds in half the time of keywords); the optional facts only a
        few permanents carry are looked at only when the client gave one of them
        (tests/rulings/test_board_fields.py checks that every field arrives)."""
        # The fields left out read as their defaults; the question's own counters dict goes
        # with the rest (nothing changes it).
        core = Permanent(i, p["id"], *_template(p, card, face))
        if _OPTIONAL_FACTS.isdisjoint(p):
            return core
        exiled, chosen_colors = p.get("exiled"), p.get("chosen_colors")
        copy_of, entered_as_copy = p.get("copy_of"), p.get("entered_as_copy")
        unmade = choices_unmade(card, copy_of, entered_as_copy)
        return replace(
            core,
            common_only=False,
            renowned=p.get("renowned"),
            impending=p.get("impending"),
            entered_this_turn=p.get("entered_this_turn"),
            chosen_name=p.get("chosen_name"),
            library_top=self.library_top.get(i),
            # Its own card's choice, which none of its copied card's abilities reads (707.2).
            chosen_type=None if unmade else p.get("chosen_type"),
            chosen_number=p.get("chosen_number"),
            noted_mana=p.get("noted_mana"),
            exiled=(
                tuple(OutsideCard.of(c) for c in self.exiled.get(i, ()))
                if exiled is not None or unmade
                else None
            ),
            chosen_colors=tuple(chosen_colors) if chosen_colors is not None else None,
            resolutions_this_turn=p.get("resolutions_this_turn"),
            activated_this_turn=p.get("activated_this_turn"),
            class_level=p.get("class_level"),
            copy_of=tuple(copy_of) if copy_of is not None else None,
            entered_as_copy=entered_as_copy,
            choices_unmade=unmade,
        )


# A permanent's common fields, read in one call from the permanent over their defaults (a
# dict merge at C speed: eleven `get` calls per permanent cost more at 10,000 permanents). In
# the order of Permanent's fields after its face (tests/rulings/test_board_fields.py checks it).
COMMON_FIELDS = (
    "controller",
    "tapped",
    "controlled_since_turn_start",
    "counters",
    "attached_to",
    "chosen_color",
    "timestamp",
    "power",
    "toughness",
    "token",
)
# Their values, typed as Permanent takes them (its `common_only` comes next, passed apart).
_Common = tuple[str, bool, bool, Mapping[str, int], str | None, str | None, int | None, int | None,
                int | None, bool]  # fmt: skip
_COMMON_FIELDS: Callable[[dict[str, Any]], _Common] = itemgetter(*COMMON_FIELDS)
# A permanent given no counters gets one shared, read-only empty mapping: nothing can change
# the default every such permanent shares.
_COMMON_DEFAULTS: dict[str, object] = {
    **{name: PERMANENT_DEFAULTS.get(name) for name in COMMON_FIELDS},
    "counters": MappingProxyType({}),
}


def _builds_lazily(permanents: int, classes: int) -> bool:
    """Whether a battlefield all in classes is worth building lazily (LAZY_MIN_PERMANENTS)."""
    return permanents >= LAZY_MIN_PERMANENTS and classes * LAZY_MEMBERS_PER_CLASS <= permanents


def _template(p: PermanentIn, card: Card, face: CardFace) -> tuple[Any, ...]:
    """A permanent's fields after its id, as Permanent takes them by position, but for the
    optional facts: `common_only` true, as it is for a permanent given none of them."""
    return (card, face, *_COMMON_FIELDS({**_COMMON_DEFAULTS, **p}), True)


# A permanent's card, face index, (card, face) pair, the card's catalog spelling and its
# `copy_of` in catalog spelling (None when not given).
_Found = tuple[Card, int, tuple[Card, CardFace], str, list[str] | None]

# What check_state reads of each permanent, in one call (the same reason as _COMMON_FIELDS).
_CHECKED = (
    "id",
    "controller",
    "card",
    "definition",
    "face",
    "prototyped",
    "attached_to",
    "counters",
    "chosen_name",
    "chosen_type",
    "library_top",
    "exiled",
    "copy_of",
    "unlocked",
)
_CHECKED_FIELDS = itemgetter(*_CHECKED)
_CHECKED_DEFAULTS = {name: PERMANENT_DEFAULTS.get(name) for name in _CHECKED}

# The facts only some questions give (each None when absent), by their names on PermanentIn.
_OPTIONAL_FACTS = frozenset(OPTIONAL_FACTS)

# The fields of a plain permanent: each value a str, int, bool or None, and none of them read
# for anything but its own permanent's card, face and fields (no counters, definition or
# optional facts). Plain permanents sent with the same fields but their ids are one class:
# checked once, and built into the engine's permanents from one template
# (CheckedState.board).
_PLAIN_KEYS = frozenset(
    {"id", "controller", *PERMANENT_DEFAULTS}
    - {"definition", "counters", "chosen_colors", "unlocked", *OPTIONAL_FACTS}
)


_ID = itemgetter("id")
_ITEMS = cast(Callable[[PermanentIn], Iterable[tuple[str, object]]], dict.items)
_FIRST = itemgetter(0)
_AFTER_FIRST = itemgetter(slice(1, None))


def plain_classes(battlefield: list[PermanentIn]) -> tuple[int, ...]:
    """Per permanent its class of plain permanents (numbered from 0 in order of first member),
    -1 for a permanent in no class: plain permanents sent with the same fields, in the same
    order, and values, but their ids are one class. Read off a ClassedBattlefield's classes
    where validation found them (a class there is plain when its first permanent is), else
    found here; at C speed either way, but for a board mixing plain and other permanents."""
    if isinstance(battlefield, ClassedBattlefield):
        return _plain_of_given(battlefield)
    items: list[tuple[tuple[str, object], ...]] = list(map(tuple, map(_ITEMS, battlefield)))
    keys: list[tuple[tuple[str, object], ...] | None]
    ids_first = {*map(_FIRST, map(_FIRST, items))} <= {"id"}
    if ids_first and all(map(_PLAIN_KEYS.issuperset, battlefield)):
        keys = list(map(_AFTER_FIRST, items))  # every value a str, int, bool or None: hashable
    else:
        keys = [
            its[1:] if its[0][0] == "id" and _PLAIN_KEYS.issuperset(p) else None
            for p, its in zip(battlefield, items, strict=True)
        ]
    distinct = [k for k in dict.fromkeys(keys) if k is not None]  # in order of first member
    number: dict[object, int] = {k: c for c, k in enumerate(distinct)}
    return _numbered(keys, number)


def _plain_of_given(battlefield: ClassedBattlefield) -> tuple[int, ...]:
    classes = battlefield.classes
    firsts = class_firsts(classes)
    plain = [c for c, i in enumerate(firsts) if _PLAIN_KEYS.issuperset(battlefield[i])]
    # Two classes sent with the same fields in another order validate alike: one class, as
    # plain_classes finds on the validated permanents (the first met numbers it).
    keys = [tuple(battlefield[firsts[c]].items())[1:] for c in plain]
    number: dict[object, int] = {}
    for key in keys:
        number.setdefault(key, len(number))
    if len(plain) == len(firsts) and len(number) == len(keys):
        return classes
    return _numbered(classes, {c: number[key] for c, key in zip(plain, keys, strict=True)})


def _numbered(keys: Sequence[object], number: dict[object, int]) -> tuple[int, ...]:
    """Each key's number, -1 for a key not numbered."""
    return Classes(map(number.get, keys, repeat(-1)))


def _card_and_face(catalog: Catalog, p: PermanentIn, here: Loc) -> tuple[Card, int, CardFace]:
    """A permanent's card, the index of the face it is on and that face, checked."""
    definition = p.get("definition")
    card = _card_of(catalog, p.get("card"), definition, here)
    face = permanent_face(card, p, (*here, "face"))
    card_face = card.card_faces[face]
    unlocked = p.get("unlocked")
    if unlocked is not None and not p.get("copy_of"):  # a copy's doors are its copied Room's
        face, card_face = _room_doors(card, p, face, unlocked, here)
    if not _token_copy_of(card_face, p):
        check_on_battlefield(card, card_face, (*here, card_field(definition)), _is_token_copy(p))
    if p.get("prototyped", False):
        if p.get("copy_of"):
            raise QuestionError(
                (*here, "copy_of"),
                "a copy has the copied card's values, not a prototype's (707.2): leave out "
                "'prototyped' or 'copy_of'",
                "copy_and_prototyped",
            )
        card_face = prototyped_face(card_face, (*here, "prototyped"))
    return card, face, card_face


def _room_doors(
    card: Card, p: PermanentIn, face: int, unlocked: list[str], here: Loc
) -> tuple[int, CardFace]:
    """709.5: the face index and face of a Room permanent with these doors unlocked. A door
    `face` or `card` names is one of them; one door is that door's face, and with none or both
    the index is 0, so that every spelling of one board is one question."""
    if p.get("prototyped", False):
        raise QuestionError(
            (*here, "prototyped"),
            "a Room has no prototype: leave out 'prototyped' or 'unlocked'",
            "unlocked_not_modelled",
        )
    doors = unlocked_doors(card, unlocked, (*here, "unlocked"))
    asked = p.get("face", 0)
    # A door named by `face` or `card`. Neither `face` 0, the default a normalized question
    # writes with none or both doors unlocked, nor the whole card's name names one.
    named = (asked != 0 and not _names_whole(card, asked)) or card.face_named(
        (p.get("card") or "").strip()
    ) is not None
    if named and face not in doors:
        raise door_locked(card, face, (*here, "unlocked"))
    return (min(doors) if len(doors) == 1 else 0), card.room_unlocked(doors)


def _copied_doors(
    found: list[tuple[CardFace, str, Card]], unlocked: list[str] | None, here: Loc
) -> tuple[CardFace, str]:
    """709.5, 707.2: the face a copy of a Room has, and the name its `copy_of` ends with as a
    question writes it (a door's, with one door unlocked). Which doors of the copy are
    unlocked the state must say: its `unlocked`, or a door's name in `copy_of`; the whole
    Room's name alone is 422 `unlocked_required` (which doors a copy has unlocked is no
    copiable value, and not guessed). `found`: what each name of `copy_of` found, the copied
    Room last; `here`: the permanent."""
    face, spelled, room = found[-1]
    if unlocked is None:
        if spelled == room.name:
            raise QuestionError(
                (*here, "unlocked"),
                f"{room.name} is a Room: say which doors of the copy are unlocked in "
                "'unlocked' (one, both or []), or name its one unlocked door in 'copy_of'",
                "unlocked_required",
            )
        return face, spelled
    doors = unlocked_doors(room, unlocked, (*here, "unlocked"))
    if spelled != room.name and room.card_faces.index(face) not in doors:
        raise door_locked(room, room.card_faces.index(face), (*here, "unlocked"))
    door = room.card_faces[min(doors)].name if len(doors) == 1 else room.name
    return room.room_unlocked(doors), door


def _is_token_copy(p: PermanentIn) -> bool:
    return bool(p.get("token") and p.get("copy_of"))


def _token_copy_of(face: CardFace, p: PermanentIn) -> bool:
    """Whether the permanent is a token its card's copy effect made (707.2, 111.1): its values
    are the copy's, so its card may be a spell's (an instant that makes a token copy)."""
    if not (p.get("token") and p.get("copy_of")):
        return False
    effect = copy_effect_of(face)
    return effect is not None and effect.by == "token"


def _copied_face(catalog: Catalog, name: str, loc: Loc) -> tuple[CardFace, str, Card]:
    """The face of a card a permanent copied (707.2), a permanent's: the face the name names,
    else the card's front face; and the name in catalog spelling (the face's, when it names
    one)."""
    card = resolve_card(catalog, name, loc)
    face = card.face_named(name) if card.faces else None
    copied = face if face is not None else card.front
    check_on_battlefield(card, copied, loc, copied=True)
    return copied, face.name if face is not None else card.name, card


def _copy_required(face: CardFace, loc: Loc) -> None:
    """A permanent that may enter as a copy (614.1c) is what it copied, or itself: the state
    must say which."""
    effect = copy_effect_of(face)
    if effect is not None and effect.by == "entering":
        raise QuestionError(
            loc,
            f"{face.name} may enter as a copy of something (707.2, 614.1c), and what it is "
            "depends on it: give 'copy_of' (the card it copied, by catalog name), or [] if it "
            "entered as itself",
            "copy_of_required",
        )


def _effects_counters(catalog: Catalog, state: GameState) -> frozenset[str]:
    """Counter kinds the state's effects look for on what they change (an unknown card is
    reported where the effects are checked)."""
    found: set[str] = set()
    for e in state.effects:
        card = e.definition if e.definition is not None else catalog.get(e.card or "")
        if card is not None:
            found.update(effect_counters(card))
    return frozenset(found)


@dataclass(frozen=True, slots=True)
class _Checked:
    """What checking one permanent found: its card and face pair, the fields respelled (empty
    when none), and whether it is attached to something."""

    pair: tuple[Card, CardFace]
    respell: dict[str, object]
    attached: bool


class _PermanentChecks:
    """The checks of one permanent against the catalog and the rest of the state, and what
    they met along the way (the controllers, the cards in order, the cards named outside)."""

    def __init__(self, catalog: Catalog, state: GameState, loc: Loc) -> None:
        self.catalog = catalog
        self.loc = loc
        self.controllers: set[str] = set()
        self.met: list[Card] = []  # CheckedState.battlefield_cards
        # Per (name given, face asked, face given, prototyped, copy_of and token, unlocked): the
        # card, its face index, the pair `cards` holds and the catalog's spellings, so 10,000
        # Forests in no class are looked up and checked once, and share one pair. A definition
        # is checked where it is.
        self.by_name: dict[
            tuple[
                str,
                int | str,
                bool,
                bool,
                tuple[tuple[str, ...], bool] | None,
                tuple[str, ...] | None,
            ],
            _Found,
        ] = {}
        self.also = _effects_counters(catalog, state)
        self.state = state
        self._board_counters: frozenset[str] | None = None
        self.outside = _Outside()
        # The indices of the permanents that are copies (their `copy_of` not empty, 707.2): only
        # permanents checked one by one can be, as a class's members are plain.
        self.copies: list[int] = []

    def board_counters(self) -> frozenset[str]:
        """The counter kinds the battlefield's cards look for on what their abilities change,
        gathered once, when a permanent names a kind its own card doesn't (an unknown card
        is reported where it is checked)."""
        if self._board_counters is None:
            # Their own cards and what they copy (707.2: a copy has the copied card's abilities).
            names = {p.get("card") for p in self.state.battlefield}
            names.update(n for p in self.state.battlefield for n in p.get("copy_of") or ())
            cards = [self.catalog.get(n) for n in names if isinstance(n, str)]
            cards += [
                d for p in self.state.battlefield if isinstance(d := p.get("definition"), Card)
            ]
            self._board_counters = frozenset(
                k for card in cards if card is not None for k in selector_counters(card)
            )
        return self._board_counters

    def check(self, i: int, p: PermanentIn) -> _Checked:
        """Check the i-th permanent: its card (or definition), face, counters and the cards it
        names outside the battlefield. A field's path is built only where a check needs one,
        and the fields only some permanents carry are looked at only when present."""
        loc = self.loc
        (
            _,
            controller,
            name,
            definition,
            face_given,
            prototyped,
            attached_to,
            counters_given,
            chosen_name,
            chosen_type,
            library_top,
            exiled,
            copy_of,
            unlocked,
        ) = _CHECKED_FIELDS({**_CHECKED_DEFAULTS, **p})
        self.controllers.add(controller)
        if not copy_of and p.get("entered_as_copy") is not None:
            raise QuestionError(
                (*loc, "battlefield", i, "entered_as_copy"),
                "'entered_as_copy' says how it became the copy 'copy_of' names: give 'copy_of' "
                "(what it copied), or leave 'entered_as_copy' out",
                "copy_of_required",
            )
        if name is not None and definition is None:
            # A token's card may have made it as a copy (its exceptions then apply): told apart.
            copied = (tuple(copy_of), p.get("token", False)) if copy_of is not None else None
            doors = tuple(unlocked) if unlocked is not None else None
            key = (name, face_given, "face" in p, prototyped, copied, doors)
            found = self.by_name.get(key)
            if found is None:
                here = (*loc, "battlefield", i)
                card, face, card_face = _card_and_face(self.catalog, p, here)
                self.met.append(card)
                card_face, copy_spelled = self._as_copy(card_face, p, here)
                found = self.by_name[key] = (card, face, (card, card_face), card.name, copy_spelled)
            card, face, pair, spelled, copy_spelled = found
        else:
            here = (*loc, "battlefield", i)
            card, face, card_face = _card_and_face(self.catalog, p, here)
            self.met.append(card)
            card_face, copy_spelled = self._as_copy(card_face, p, here)
            pair, spelled = (card, card_face), card.name
        faces = [*card.card_faces, pair[1]] if copy_spelled else card.card_faces
        counters = (
            counter_spelling(
                faces,
                counters_given,
                (*loc, "battlefield", i, "counters"),
                self.also,
                self.board_counters,
            )
            if counters_given
            else counters_given
        )
        if pair[1].chosen_color_not:  # rare: read the choice only for such a face
            _check_chosen_color(p, card, pair[1], (*loc, "battlefield", i))
        names = (
            self.outside.read(self.catalog, p, pair, i, (*loc, "battlefield", i))
            if chosen_name is not None
            or chosen_type is not None
            or library_top is not None
            or exiled
            else None
        )
        # Normalized: catalog spellings and the face's index, so equal questions are one. Only
        # what changed is written: a field left out stays out (and reads as its default).
        respell: dict[str, object] = names or {}
        if name is not None and name != spelled:
            respell["card"] = spelled
        if definition is not None and card is not definition:  # the catalog's card, as named
            respell |= {"card": card.name, "definition": None}
        if face_given != face:
            respell["face"] = face
        if unlocked is not None:  # checked: a Room's doors, each once
            room = card if not copy_of else self.catalog.get(copy_of[-1])
            assert room is not None, "copy_of was resolved"
            unlocked_at = unlocked_doors(room, unlocked, (*loc, "battlefield", i, "unlocked"))
            respell["unlocked"] = doors_spelled(room, unlocked_at)
        if counters != counters_given:
            respell["counters"] = counters
        if copy_spelled != copy_of:
            respell["copy_of"] = copy_spelled
        if copy_of:
            self.copies.append(i)
        return _Checked(pair, respell, attached_to is not None)

    def _as_copy(
        self, face: CardFace, p: PermanentIn, here: Loc
    ) -> tuple[CardFace, list[str] | None]:
        """The face a permanent has, as a copy when its `copy_of` names what it copied (707.2),
        and `copy_of` in catalog spelling; the cards it copied are cards the question reads."""
        copy_of = p.get("copy_of")  # `entered_as_copy` without it: refused by `check`
        if copy_of is None:
            _copy_required(face, (*here, "copy_of"))
            return face, None
        if not copy_of:
            return face, copy_of
        found = [
            _copied_face(self.catalog, n, (*here, "copy_of", j)) for j, n in enumerate(copy_of)
        ]
        self.met.extend(card for _, _, card in found)
        unlocked = p.get("unlocked")
        if found[-1][2].is_room:
            copied, spelled = _copied_doors(found, unlocked, here)
            found[-1] = (copied, spelled, found[-1][2])
        elif unlocked is not None:
            raise QuestionError(
                (*here, "unlocked"),
                f"what it copies, {found[-1][2].name}, is not a Room: it has no doors (709.5)",
                "not_a_room",
            )
        copy = copiable_face(
            face, [f for f, _, _ in found], (*here, "copy_of"), token=p.get("token", False)
        )
        return copy, [spelled for _, spelled, _ in found]


_PAIR = attrgetter("pair")


def _first_repeated_id(ids: list[str], distinct: set[str]) -> int | None:
    """The index of the first permanent whose id an earlier one has, if any (`distinct`: the
    set of the ids)."""
    if len(distinct) == len(ids):
        return None
    seen: set[str] = set()
    for i, permanent_id in enumerate(ids):
        if permanent_id in seen:
            return i
        seen.add(permanent_id)
    raise AssertionError("an id repeats")


def _respelled_and_attached(
    battlefield: list[PermanentIn], findings: list[_Checked], checked: Iterable[_Checked]
) -> tuple[list[PermanentIn], list[int]]:
    """The battlefield with each permanent's respellings written in (the battlefield itself
    when there are none), and the indices of those attached to something. `checked`: the
    findings of the permanents checked, which alone can tell there are none (most boards)."""
    if not any(f.respell or f.attached for f in checked):
        return battlefield, []
    normalized = list(battlefield)
    respelled = False
    attached: list[int] = []
    for i, f in enumerate(findings):
        if f.respell:
            normalized[i] = cast(PermanentIn, {**battlefield[i], **f.respell})
            respelled = True
        if f.attached:
            attached.append(i)
    return (normalized if respelled else battlefield), attached


def check_state(catalog: Catalog, state: GameState, loc: Loc) -> CheckedState:
    """Every cross-reference of the state checked; names looked up once per distinct card.

    Each permanent in no class is checked, and the first of each class of plain permanents
    (`plain_classes`): the others of a class differ from it in their ids alone, so they take
    what it was found to be without a check of their own. The error is the one checking every
    permanent in battlefield order would meet first: the checks stop at the first repeated id."""
    battlefield = state.battlefield
    classes = plain_classes(battlefield)
    ids = list(map(_ID, battlefield))
    seen = set(ids)  # the effects' ids are added to it below: one namespace
    repeated = _first_repeated_id(ids, seen)
    stop = len(ids) if repeated is None else repeated
    checks = _PermanentChecks(catalog, state, loc)
    firsts = class_firsts(classes)
    unclassed = [i for i, c in enumerate(classes) if c < 0] if -1 in classes else []
    found = {i: checks.check(i, battlefield[i]) for i in sorted([*firsts, *unclassed]) if i < stop}
    if repeated is not None:
        raise _duplicate_id(loc, repeated, ids[repeated])
    # By class: each class's first member's findings; -1 for those in no class, each its own.
    by_class = [found[i] for i in firsts]
    if unclassed:
        findings = [found[i] if c < 0 else by_class[c] for i, c in enumerate(classes)]
    else:
        findings = list(map(by_class.__getitem__, classes))
    cards = list(map(_PAIR, findings))
    normalized_bf, attached = _respelled_and_attached(battlefield, findings, found.values())
    respelled = normalized_bf is not battlefield
    controllers = checks.controllers
    met = checks.met
    outside = checks.outside
    for i in attached:
        p = state.battlefield[i]
        attached_to = p.get("attached_to")
        if attached_to not in seen:
            raise QuestionError(
                (*loc, "battlefield", i, "attached_to"),
                f"attached to {attached_to!r}, which is not on the battlefield",
                "unknown_permanent",
            )
        if attached_to == p["id"]:
            raise QuestionError(
                (*loc, "battlefield", i, "attached_to"),
                "a permanent can't be attached to itself",
                "attached_to_itself",
            )
    on_battlefield = frozenset(seen)
    effect_cards: list[Card] = []
    normalized_fx: list[EffectIn] = []
    for i, e in enumerate(state.effects):
        here = (*loc, "effects", i)
        card, named = _named_entry(catalog, e, here, seen, "effect")
        if e.target is not None and e.target not in on_battlefield:
            raise QuestionError(
                (*here, "target"),
                f"target {e.target!r} is not on the battlefield",
                "unknown_permanent",
            )
        checked = check_effect(card, e, here, card_field(e.definition))
        if e.target is not None and own_card_keywords(checked):
            check_own_target(checked, cards[ids.index(e.target)], e.target, here)
        effect_cards.append(checked)
        normalized_fx.append(named)
    emblem_cards, normalized_em = _emblems(catalog, state, loc, seen)
    players = controllers | {e.controller for e in state.effects}
    players |= {em.controller for em in state.emblems}
    players |= {e.target_player for e in state.effects if e.target_player is not None}
    if state.active_player is not None:
        players.add(state.active_player)
    # A player the state only describes is in the game too.
    players |= state.players.keys() | state.commander_identity.keys()
    if len(players) > MAX_PLAYERS:
        raise QuestionError(
            loc,
            f"{len(players)} players in one game; the limit is {MAX_PLAYERS}",
            "too_many_players",
        )
    graveyards, spells_cast, players_in = _players_cards(catalog, state, loc)
    _check_attacked(state, loc)
    _check_lands_played(state, loc)
    _check_one_holder(state, loc)
    respelled |= any(n is not e for n, e in zip(normalized_fx, state.effects, strict=True))
    respelled |= any(n is not e for n, e in zip(normalized_em, state.emblems, strict=True))
    respelled |= players_in is not state.players
    # Nothing respelled: the state itself is the normalized one (so its dump is the question's).
    normalized = (
        state.model_copy(
            update={
                "battlefield": normalized_bf,
                "effects": normalized_fx,
                "emblems": normalized_em,
                "players": players_in,
            }
        )
        if respelled
        else state
    )
    return CheckedState(
        normalized,
        tuple(cards),
        tuple(effect_cards),
        tuple(met),
        graveyards=graveyards,
        spells_cast=spells_cast,
        exiled=outside.exiled,
        library_top=outside.library_top,
        top_cards=outside.top_cards,
        classes=classes,  # Classes: its first members found once
        permanent_ids=tuple(ids),
        ids=on_battlefield,
        copies=tuple(ids[i] for i in checks.copies),
        emblem_cards=emblem_cards,
    )


def _emblems(
    catalog: Catalog, state: GameState, loc: Loc, seen: set[str]
) -> tuple[tuple[Card, ...], list[EmblemIn]]:
    """Each emblem's card (114), which must give an emblem the engine reads, and the emblems
    with catalog names in canonical spelling; ids join `seen` (one namespace)."""
    cards: list[Card] = []
    normalized: list[EmblemIn] = []
    for i, em in enumerate(state.emblems):
        here = (*loc, "emblems", i)
        card, named = _named_entry(catalog, em, here, seen, "emblem")
        if _works_from(card, "emblem") is None:
            raise QuestionError(
                (*here, card_field(em.definition)),
                f"{card.name} gives no emblem with an ability the engine reads (114): its "
                "card's text says none, or the compiler reported it (see the card's "
                "unsupported_text)",
                "not_an_emblem",
            )
        cards.append(card)
        normalized.append(named)
    return tuple(cards), normalized


_Entry = TypeVar("_Entry", EffectIn, EmblemIn)


def _named_entry(
    catalog: Catalog, entry: _Entry, here: Loc, seen: set[str], kind: Literal["effect", "emblem"]
) -> tuple[Card, _Entry]:
    """An effect's or emblem's card, its id joining `seen` (permanents, effects and emblems
    share one namespace), and the entry with its catalog name in canonical spelling."""
    if entry.id in seen:
        raise QuestionError(
            (*here, "id"),
            f"duplicate id {entry.id!r}: permanents, effects and emblems share one namespace",
            f"duplicate_{kind}_id",
        )
    seen.add(entry.id)
    card = _card_of(catalog, entry.card, entry.definition, here)
    if entry.definition is not None and card is not entry.definition:
        # The catalog's card, sent back as served: named as it (checked_definition).
        return card, entry.model_copy(update={"card": card.name, "definition": None})
    respelled = entry.card is not None and entry.card != card.name
    return card, entry.model_copy(update={"card": card.name}) if respelled else entry


def emblem_effect(card: Card) -> Card:
    """The emblem a card makes, as the card of an effect (114.4: its abilities work from the
    command zone): only its emblem abilities, each working as an effect's, named after it."""
    found = _works_from(card, "emblem")
    assert found is not None, "check_state lets only a card with an emblem be one"
    return found


def _works_from(card: Card, zone: Literal["emblem", "graveyard"]) -> Card | None:
    """The card's abilities that work from that zone (an emblem, its owner's graveyard), as
    the card of an effect, named after where they are; None when it has none."""
    abilities = [
        a.model_copy(update={"works_from": "effect"})
        for face in card.card_faces
        for a in face.abilities
        if works_from(a) == zone
    ]
    if not abilities:
        return None
    where = "emblem" if zone == "emblem" else "in its owner's graveyard"
    return Card(name=f"{card.name} {where}", abilities=abilities)


def _duplicate_id(loc: Loc, i: int, permanent_id: str) -> QuestionError:
    return QuestionError(
        (*loc, "battlefield", i, "id"),
        f"duplicate permanent id {permanent_id!r}",
        "duplicate_permanent_id",
    )


_PlayersCards = tuple[
    tuple[tuple[str, tuple[Card, ...]], ...],
    tuple[tuple[str, tuple[tuple[Card, CardFace], ...]], ...],
    dict[str, PlayerIn],
]


def _players_cards(catalog: Catalog, state: GameState, loc: Loc) -> _PlayersCards:
    """Each graveyard's cards (404.1) and each list of spells cast this turn (601.2i, the face
    each name names, else the card's front) from the catalog, and the players with catalog
    spellings (the same dict when nothing was respelled)."""
    graveyards: list[tuple[str, tuple[Card, ...]]] = []
    spells_cast: list[tuple[str, tuple[tuple[Card, CardFace], ...]]] = []
    players = dict(state.players)
    known: dict[str, Card] = {}  # each distinct name looked up once

    def card(name: str, at: Loc) -> Card:
        if name not in known:
            known[name] = resolve_card(catalog, name, at)
        return known[name]

    for player, facts in state.players.items():
        here = (*loc, "players", player)
        respelled: dict[str, list[str]] = {}
        if facts.graveyard is not None:
            cards = tuple(
                card(name, (*here, "graveyard", i)) for i, name in enumerate(facts.graveyard)
            )
            graveyards.append((player, cards))
            respelled["graveyard"] = [c.name for c in cards]
        if facts.spells_cast is not None:
            at = (*here, "spells_cast")
            spells = tuple(
                _cast_face(card(name, (*at, i)), name, (*at, i))
                for i, name in enumerate(facts.spells_cast)
            )
            spells_cast.append((player, spells))
            # A face other than the front is named by its own name, the front by the card's.
            respelled["spells_cast"] = [
                face.name if face is not cast.front else cast.name for cast, face in spells
            ]
        changed = {k: v for k, v in respelled.items() if v != getattr(facts, k)}
        if changed:
            players[player] = facts.model_copy(update=changed)
    same = all(players[p] is f for p, f in state.players.items())
    return tuple(graveyards), tuple(spells_cast), state.players if same else players


def _cast_face(cast: Card, name: str, at: Loc) -> tuple[Card, CardFace]:
    """The card of a spell cast and the face its name names (else its front); a land is
    refused, being played and never cast (305.1, 305.9)."""
    face = (cast.face_named(name) if cast.faces else None) or cast.front
    if face.is_type("land"):
        raise QuestionError(
            at,
            f"{face.name} is a land: lands are played, never cast (305.1, 305.9), so it is no "
            "spell cast this turn",
            "land_not_on_stack",
        )
    return cast, face


@dataclass(slots=True)
class _Outside:
    """The cards permanents name outside the battlefield (exiled with them, 406.6; on top of
    their controller's library) and the names chosen for them (201.3), per battlefield index."""

    exiled: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    library_top: dict[int, OutsideCard] = field(default_factory=dict)
    top_cards: dict[int, Card] = field(default_factory=dict)

    def read(
        self, catalog: Catalog, p: PermanentIn, pair: tuple[Card, CardFace], i: int, here: Loc
    ) -> dict[str, object]:
        """Resolve the permanent's names of cards (`pair`: its card and the face it has) and
        check its chosen type against the kind its card chooses; the fields whose catalog
        spelling differs from what the client sent, respelled."""
        card, face = pair
        respelled: dict[str, object] = {}
        chosen_name, library_top, exiled = (
            p.get("chosen_name"),
            p.get("library_top"),
            p.get("exiled"),
        )
        if chosen_name is not None:
            chosen = _chosen_name(catalog, chosen_name, face, (*here, "chosen_name"))
            if chosen != chosen_name:
                respelled["chosen_name"] = chosen
        chosen_type = p.get("chosen_type")
        unmade = choices_unmade(card, p.get("copy_of"), p.get("entered_as_copy"))
        chooser = _choosing_face(card, face, unmade)
        if chosen_type is not None and chooser is not None and chooser.type_choice is not None:
            # Checked whatever the question reads of it: a board no game has is refused alike
            # by every question.
            type_chosen(
                chooser.type_choice,
                chosen_type,
                chooser.chosen_type_among,
                (*here, "chosen_type"),
                f"{chooser.name} ({p.get('id')})",
            )
        if library_top is not None:
            top = resolve_card(catalog, library_top, (*here, "library_top"))
            self.library_top[i], self.top_cards[i] = OutsideCard.of(top), top
            if top.name != library_top:
                respelled["library_top"] = top.name
        if exiled:
            found = _exiled_cards(catalog, exiled, face, unmade, (*here, "exiled"))
            self.exiled[i] = found
            if [c.name for c in found] != exiled:
                respelled["exiled"] = [c.name for c in found]
        return respelled


def _check_chosen_color(p: PermanentIn, card: Card, face: CardFace, here: Loc) -> None:
    """614.12: a color chosen as it entered is one its words allow ("a color other than
    green"), else a 422; a copy made after it entered chose nothing as the copied card
    (707.2), so its `chosen_color` is its own card's."""
    chosen = p.get("chosen_color")
    if chosen is None or chosen not in face.chosen_color_not:
        return
    if choices_unmade(card, p.get("copy_of"), p.get("entered_as_copy")):
        return
    raise QuestionError(
        (*here, "chosen_color"),
        f"{face.name} ({p.get('id')}) chooses a color other than "
        f"{', '.join(face.chosen_color_not)} as it enters (614.12): {chosen} is not a color it "
        "could choose",
        "invalid_chosen_color",
    )


def _choosing_face(card: Card, face: CardFace, unmade: bool) -> CardFace | None:
    """The face whose "as ~ enters" choice a permanent's `chosen_type` is: the one it has (the
    copied card's, for a copy that entered as one, 614.1c), or its own card's when it became a
    copy after it entered (`unmade`, 707.2: its copied card chose nothing for it)."""
    if unmade:
        return next((f for f in card.card_faces if f.type_choice is not None), None)
    return face


def _check_attacked(state: GameState, loc: Loc) -> None:
    """508.1, 506.2: creatures attack the active player's opponents, from the declare attackers
    step to the end of combat (511.3); a player said to be attacked at another time, or in
    their own turn, is in no game."""
    for player, facts in state.players.items():
        if not facts.being_attacked:
            continue
        where = (*loc, "players", player, "being_attacked")
        if player == state.active_player:
            raise QuestionError(
                where,
                f"{player} is the active player, who attacks and is never attacked (506.2)",
                "inconsistent_state",
            )
        if not attackers_possible(state.phase, state.step):
            when = str(state.step or state.phase).replace("_", " ")
            raise QuestionError(
                where,
                f"no creature is attacking in the {when} (508.1, 511.3): "
                "creatures attack from the declare attackers step to the end of combat",
                "inconsistent_state",
            )


def _check_lands_played(state: GameState, loc: Loc) -> None:
    """305.3: no player plays a land in another player's turn, so one who isn't the active
    player played none this turn; a state saying otherwise is in no game."""
    if state.active_player is None:
        return
    for player, facts in state.players.items():
        if player != state.active_player and facts.lands_played_this_turn:
            raise QuestionError(
                (*loc, "players", player, "lands_played_this_turn"),
                f"it is {state.active_player}'s turn, and no player plays a land in another "
                f"player's turn (305.3): {player} played none this turn",
                "inconsistent_state",
            )


# Designations one player at most has at a time: the monarch (724), the initiative (725).
_ONE_HOLDER = {"monarch": ("the monarch", "724"), "initiative": ("the initiative", "725")}


def _check_one_holder(state: GameState, loc: Loc) -> None:
    """One player at most is the monarch, and one has the initiative: as another becomes it,
    the one before stops being it (724, 725). A state giving two is in no game."""
    for fact, (what, rule) in _ONE_HOLDER.items():
        holders = [player for player, facts in state.players.items() if getattr(facts, fact)]
        if len(holders) > 1:
            raise QuestionError(
                (*loc, "players", holders[1], fact),
                f"{holders[0]} and {holders[1]} are both said to have {what}, which one player "
                f"at most has at a time ({rule})",
                "inconsistent_state",
            )


def _chosen_name(catalog: Catalog, name: str, chooser: CardFace, loc: Loc) -> str:
    """201.3: a chosen card name is a real card's: the catalog's spelling of it (of the face,
    when it names one face), of a card of the kind the `chooser`'s words allow (a nonbasic land
    card name for one that chooses such a name), else a 422."""
    card = resolve_card(catalog, name, loc)
    face = card.face_named(name) if card.faces else None
    kind = chooser.chosen_name_of
    if kind is not None and not kind.admits(face or card.front):
        raise QuestionError(
            loc,
            f"{chooser.name} chooses the name of {kind.describe()} as it enters (201.3): "
            f"{(face or card).name} is not one",
            "invalid_chosen_name",
        )
    return face.name if face is not None else card.name


def _exiled_cards(
    catalog: Catalog, names: list[str], exiler: CardFace, unmade: bool, loc: Loc
) -> tuple[Card, ...]:
    """406.6: the cards exiled with a permanent, each a catalog card (in catalog spelling), of
    the kind the `exiler`'s words say it exiles ("a nonartifact, nonland card"), else a 422.
    A copy made after it entered (`unmade`) of a face that exiles only as it enters has none:
    that ability never triggered for it (707.2, 607.2a)."""
    found = tuple(resolve_card(catalog, n, (*loc, j)) for j, n in enumerate(names))
    kind = exiler.exiles_of
    if unmade and kind is not None:
        raise QuestionError(
            loc,
            f"it became a copy of {exiler.name} after it entered (707.2), and {exiler.name} "
            "exiles cards only as it enters (607.2a): no card was exiled with it; leave "
            "'exiled' out or give []",
            "invalid_exiled_card",
        )
    for j, card in enumerate(found):
        if kind is not None and not kind.admits(card.front):
            raise QuestionError(
                (*loc, j),
                f"{exiler.name} exiles {kind.describe()} as it enters (406.6): {card.name} is "
                "not one, so it can't be a card exiled with it",
                "invalid_exiled_card",
            )
    return found


def resolve_state(catalog: Catalog, state: GameState, loc: Loc) -> tuple[GameState, Board]:
    """The normalized state and its Board, at once (for callers that always run the engine)."""
    checked = check_state(catalog, state, loc)
    return checked.state, checked.board()


def require_permanent(checked: CheckedState, permanent_id: str, loc: Loc) -> None:
    if permanent_id not in checked.ids:
        raise QuestionError(
            loc,
            f"no permanent with id {permanent_id!r} is on the battlefield",
            "unknown_permanent",
        )
