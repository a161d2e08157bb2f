"""Helpers over a Board for the mana rules: who controls what, a permanent's mana abilities in
their documented order, selector matching, haste, and which replacement effects and triggered
mana abilities exist.

Documented order of a permanent's mana abilities (the `ability` index of /v1/mana/activate):
1. the printed mana abilities of the face it is on, in card order;
2. intrinsic abilities from its basic land types, in W U B R G order (305.6: a land that is a
   Forest has "{T}: add {G}" without it being printed, so Forest, Tundra and Dryad Arbor carry
   no mana ability in data);
3. abilities granted by other objects (Chromatic Lantern, Cryptolith Rite): granting
   permanents in battlefield order, then granting effects in `effects` order.

Where an ability "lives" is a `Source`: a permanent (works_from "battlefield") or an entry of
`effects` (works_from "effect"). For an effect, `attached_to` is its target, so a selector
with relation `attached` means "the target" there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from functools import partial
from operator import attrgetter
from typing import Literal, NoReturn, TypeVar, assert_never

from app.domain.abilities import AnyAbility, CopyEffect, works_from
from app.domain.base import EVERY_CREATURE_TYPE, NOT_CREATURE_TYPES
from app.domain.card import (
    AmountIfControl,
    AmountIfCounter,
    AmountIfPower,
    Card,
    CardFace,
    CardKind,
    CastRestriction,
    ChangeColor,
    EntersWithCounters,
    EtbReplacement,
    EtbTrigger,
    FixedMana,
    ForbidActivation,
    GainControl,
    GrantKeyword,
    GrantManaAbility,
    ManaAbility,
    ManaAbilityCost,
    ManaReplacement,
    ManaTrigger,
    MulliganHelper,
    OpeningHandMana,
    ReplacementChange,
    RevealUntil,
    Selector,
    SpellCastBan,
    SpellCostChange,
    SpellCostMinimum,
    Unsupported,
)
from app.domain.continuous import (
    AddSubtypes,
    AddTypes,
    CountAtLeast,
    LoseAllAbilities,
    SetCardTypes,
    SetColors,
    SetCreatureTypes,
    SetLandTypes,
    TurnOf,
)
from app.domain.errors import QuestionError, creature_type_chosen
from app.domain.filters import (
    AnyOf,
    HasName,
    Looker,
    Traits,
    counter_kind,
    selector_with,
    with_condition,
)
from app.domain.layouts import off_stack_faces
from app.domain.mana import COLORS, NO_MANA, Mana, mask_of
from app.domain.names import fold
from app.domain.ruling import Mentions, Step, object_label
from app.domain.state import (
    OPTIONAL_FACTS,
    Board,
    Effect,
    OutsideCard,
    Permanent,
    class_firsts,
)
from app.engine.characteristics import (
    LAYER_KINDS,
    TURN_WORDS,
    Characteristics,
    EffectSource,
    LayerEffects,
    active_player,
    in_turn,
    settle_counts,
    timestamp_order,
)
from app.engine.characteristics import collect as collect_layer_effects
from app.engine.production import Own, describe_ability
from app.engine.replacement import Replacement
from app.engine.words import (
    band_words,
    bounded_list,
    bounded_total,
    describe_cost,
    describe_selector,
)

__all__ = [
    "BoardView",
    "Kind",
    "ListedAbility",
    "Source",
    "Traits",
    "active_player",
    "bounded_list",
    "bounded_total",
    "describe_cost",
    "describe_selector",
    "labels",
    "selector_matches",
]

# At most this many replacement effects may apply to one mana production event. Identical
# effects are cheap (the search groups them); the state budget in replacement.py bounds the rest.
MAX_REPLACEMENTS_PER_EVENT = 1_000

# 305.6: the five basic land types and the mana their intrinsic ability makes, in WUBRG order.
BASIC_LAND_TYPES: tuple[tuple[str, str], ...] = (
    ("Plains", "W"),
    ("Island", "U"),
    ("Swamp", "B"),
    ("Mountain", "R"),
    ("Forest", "G"),
)

# One shared object per basic land type: identical abilities are the same object, which keeps
# the per-ability memo tables in could_produce small.
INTRINSIC_ABILITIES: dict[str, ManaAbility] = {
    subtype: ManaAbility(cost=ManaAbilityCost(tap=True), produces=FixedMana(mana="{" + t + "}"))
    for subtype, t in BASIC_LAND_TYPES
}

Loc = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class Source:
    """The object an ability belongs to: a permanent or a turn-long effect."""

    id: str
    name: str
    controller: str  # effective controller (after control-changing effects)
    attached_to: str | None  # a permanent's attachment; an effect's target
    chosen_color: str | None
    is_effect: bool
    index: int  # place on the battlefield, or in `effects`
    chosen_colors: tuple[str, ...] | None = None  # a permanent's several chosen colors
    line: int | None = None  # an effect's: the paragraph of its card that resolved
    # 707.2: a copy that became one after it entered chose nothing as its copied card enters.
    choices_unmade: bool = False

    @property
    def label(self) -> str:
        return object_label(self.name, self.id, self.line)

    @property
    def loc(self) -> Loc:
        return ("state", "effects" if self.is_effect else "battlefield", self.index)

    @property
    def order_key(self) -> tuple[int, int]:
        # Battlefield first, then effects: the default (timestamp-like) order of sources.
        return (1 if self.is_effect else 0, self.index)


@dataclass(frozen=True, slots=True)
class ListedAbility:
    """One mana ability of a permanent, where it comes from, and its place in the list."""

    index: int
    ability: ManaAbility
    origin: Literal["printed", "intrinsic", "granted"]
    granted_by: Source | None = None
    land_type: str | None = None  # for intrinsic abilities: the basic land type
    # A stable id: the same ability keeps it whatever effects add or remove others (the index
    # shifts). "printed:<place in the card's abilities>", "intrinsic:<basic land type>",
    # "granted:<source id>:<n-th ability that source grants it>".
    id: str = ""
    # For a grant with a condition (611.3a): why it holds now, with its rule numbers.
    condition: tuple[str, tuple[str, ...]] | None = None

    @property
    def summary(self) -> str:
        return self.describe()

    def describe(self, *, has_counter: bool | None = None) -> str:
        """The summary; has_counter as in describe_production (a state-specific wording)."""
        text = describe_ability(self.ability, has_counter=has_counter)
        if self.origin == "intrinsic":
            return f"{text} (from its land type {self.land_type}, 305.6)"
        if self.granted_by is not None and self.condition is not None:
            return f"{text} (granted by {self.granted_by.label}, as {self.condition[0]})"
        if self.granted_by is not None:
            return f"{text} (granted by {self.granted_by.label})"
        return text


_CREATURES = Selector(types=["creature"])
_LANDS = Selector(types=["land"])


def _members_where(
    kinds: Sequence[Kind], permanents: Sequence[Permanent], has: Callable[[Permanent], bool]
) -> list[Permanent]:
    """The members of the kinds whose first permanent `has` it (a kind's members share their
    face), in battlefield order: one look per kind."""
    found = sorted(i for k in kinds if has(k.first) for i in k.members)
    return [permanents[i] for i in found]


def _two_at_once(q: Permanent, what: str, first: Permanent, rule: str) -> NoReturn:
    """A board no game has: two permanents a state-based action wouldn't leave together."""
    raise QuestionError(
        ("state", "battlefield", q.index),
        f"{first.name} ({first.id}) and {q.name} ({q.id}) are two {what}"
        + (" under one controller" if rule == "704.5j" else "")
        + f": a state-based action leaves only one of them on the battlefield ({rule}), so no "
        "board has both; leave one out",
        "inconsistent_state",
    )


def _unattached_aura(q: Permanent) -> bool:
    """An Aura whose enchant ability names permanents (303.4a; not a player's Curse, whose
    `enchants` is null), attached to no permanent."""
    return q.attached_to is None and q.face.enchants is not None and "aura" in q.face.subtype_set


def _illegal_attachment(q: Permanent, what: str, why: str) -> NoReturn:
    """The 422 for an attachment no game has; `why`: what rules it out, in words."""
    rule = {"enchant": "303.4d, 704.5m", "fortify": "301.6, 704.5n"}.get(what, "301.5c, 704.5n")
    raise QuestionError(
        ("state", "battlefield", q.index, "attached_to"),
        f"{why}: it would leave it as a state-based action ({rule}), so no game has this board",
        "illegal_attachment",
    )


def _own_card_reaches(src: Source, grant: GrantKeyword, p: Permanent) -> bool:
    """A card's own keyword for what it put onto the battlefield (unearth's haste) reaches
    only a permanent of that card, or one that entered as a copy of it (riot's haste for a
    Clone copying a riot creature); a copy effect after it (707.2) leaves the haste on it. The
    request checks refuse another target (422); this keeps the engine from giving the keyword
    to one when it is called directly."""
    return not grant.own_card or src.name in (p.card.name, p.face.name)


@dataclass(frozen=True, slots=True)
class SourcedReplacement:
    source: Source
    effect: ManaReplacement


@dataclass(frozen=True, slots=True)
class SourcedTrigger:
    source: Source
    trigger: ManaTrigger
    times: int = 1  # with `per_count`: how many permanents it picks now (its mana that often)
    snow: bool = False  # with `if_snow_mana`: the permanent it watches is snow (205.4a)


@dataclass(frozen=True, slots=True)
class Haste:
    """Whether a permanent has haste, and what gives it (702.10): a source, or None for the
    permanent's own keyword."""

    has: bool
    sources: tuple[Source | None, ...] = ()
    # Per source whose grant holds only while a count does (611.3a), that condition in words.
    conditions: dict[str, str] = field(default_factory=dict)
    # The sources that give no haste but let its abilities be activated as though it had
    # haste (302.6): an effect, not an ability, so layer 6 never takes it away.
    as_though: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class ControlChange:
    """A control-changing effect on a permanent. `previous` is who controlled it just before
    this effect applied: when that is already the effect's controller, control doesn't change
    (302.6's "controlled continuously" isn't interrupted), though the effect may still give
    haste."""

    source: Source
    effect: GainControl
    previous: str

    @property
    def changes_controller(self) -> bool:
        return self.previous != self.source.controller


# Every other field of a permanent tells kinds apart (controller, tapped, counters, chosen
# color, timestamp, attachment, power, toughness, token...): a field added to Permanent splits
# kinds without anyone having to remember this place. Its id, index and card don't (the face
# object, shared by equal cards, stands for the card), nor `common_only`, which says only
# whether the optional facts may be skipped.
_NOT_KIND = ("index", "id", "card", "face", "counters", "common_only")
_kind_fields = attrgetter(*(f.name for f in fields(Permanent) if f.name not in _NOT_KIND))
# The same less the optional facts, for permanents built without any (`common_only`: every
# one of them is None): half the fields to read per permanent on a board of 10,000 basics. A
# key of these is never equal to one of all the fields (its length differs), so a permanent
# whose facts weren't given never shares a kind with one whose were, whatever their values.
_common_fields = attrgetter(
    *(f.name for f in fields(Permanent) if f.name not in _NOT_KIND + OPTIONAL_FACTS)
)


def _none_singled(board: Board, singled: set[str]) -> bool:
    """Whether no permanent of the board has one of the singled-out ids (by_id holds every
    permanent wherever a board has classes: CheckedState.board builds both)."""
    return len(board.by_id) == len(board.permanents) and singled.isdisjoint(board.by_id)


@dataclass(frozen=True, slots=True)
class Kind:
    """Permanents every mana rule sees alike (`BoardView.kinds`): one face, controller,
    tapped state, counters, chosen color, timestamp and attachment, and none of them singled
    out by id (attached to, targeted, taken control of). The rules look at `first` once for
    all `members` (battlefield indices, ascending): 10,000 Forests are one question."""

    first: Permanent
    members: list[int]


@dataclass(frozen=True, slots=True)
class FaceAbilities:
    """What BoardView files from one face's abilities, read once per face (equal cards share
    their face object), not once per permanent."""

    filed: tuple[AnyAbility, ...]  # working from the battlefield, filed by BoardView._sort
    control: tuple[GainControl, ...]  # working from the battlefield
    layered: bool  # has a layer 4 or 6 ability (characteristics.collect reads those)


_T = TypeVar("_T")


def own_of(
    view: BoardView, p: Permanent, src: Source, x: int | None = None, die: int | None = None
) -> Own:
    """What a production reads on its own permanent (app/engine/production.py); `x` is the X
    chosen on activation and `die` the result of the die it rolls (None: not chosen or
    rolled, as 106.7 asks)."""
    return Own(
        # 122.1: counters of one kind, or of every kind together (kind None).
        counters=lambda kind: sum(p.counters.values()) if kind is None else p.counters.get(kind, 0),
        chosen_color=lambda: None if src.choices_unmade else chosen_color_of(src),
        chosen_colors=lambda: () if src.choices_unmade else chosen_colors_of(src),
        commander_colors=lambda: commander_colors_of(view.board, src),
        stat=lambda stat: stat_of(p, stat),
        stats=lambda sel, stat: stats_of(view, sel, src, stat),
        entered_stats=lambda sel, stat: stats_of(view, sel, src, stat, entered=True),
        shared_type=lambda sel: largest_shared_type(view, sel, src),
        devotion=lambda color: devotion_to(view, src, color),
        player=lambda fact: player_fact(view.board, src, fact),
        graveyard_count=lambda sel: len(graveyard_cards(view.board, src, sel)),
        graveyard_colors=lambda sel: graveyard_colors(view.board, src, sel),
        exiled_colors=lambda: exiled_colors_of(p),
        chosen_type=lambda: chosen_type_of(p),
        top_symbols=lambda: library_top_of(p).symbol_colors,
        noted_mana=lambda one: noted_mana_of(p, one),
        pool=lambda: pool_of(view.board, src),
        x=x,
        die=die,
        fact=lambda name: fact_holds(view.board, p, src, name),
        resolutions=lambda: resolutions_of(p),
    )


def graveyard_cards(board: Board, src: Source, sel: Selector) -> list[Card]:
    """The cards in the source's controller's graveyard that `sel` picks (404.1), each with
    the characteristics it has there (709.4, 712.8: off_stack_faces); a question that needs
    the graveyard must give it."""
    cards = board.graveyards.get(src.controller)
    if cards is None:
        raise QuestionError(
            ("state", "players", src.controller, "graveyard"),
            f"{src.label} looks at the cards in its controller's graveyard: give 'graveyard' "
            f"for {src.controller!r} in the state's 'players' ([] for none)",
            "graveyard_required",
        )
    looker = Looker(src.controller, None, src.id)
    return [c for c in cards if sel.predicate(looker, "", card_traits(c, src.controller))]


def named_players(board: Board) -> list[str]:
    """The players the state names: permanents' controllers, the active player and those of
    its `players`, sorted."""
    names = set(board.players)
    names |= {p.controller for p in board.permanents}
    if board.active_player is not None:
        names.add(board.active_player)
    return sorted(names)


def graveyard_targets(board: Board, src: Source, sel: Selector) -> tuple[list[str], list[str]]:
    """601.2c: the cards in the graveyards the state gives that `sel` picks (each seen as its
    owner's, 404.1), by name, and the players it names whose graveyard it doesn't give."""
    found: list[str] = []
    missing: list[str] = []
    looker = Looker(src.controller, None, src.id)
    for player in named_players(board):
        cards = board.graveyards.get(player)
        if cards is None:
            missing.append(player)
            continue
        found += [c.name for c in cards if sel.predicate(looker, "", card_traits(c, player))]
    return found, missing


def graveyard_colors(board: Board, src: Source, sel: Selector) -> int:
    """The colors (a mask) the matching cards in the controller's graveyard have (105.2)."""
    mask = 0
    for card in graveyard_cards(board, src, sel):
        for face in off_stack_faces(card):
            mask |= mask_of(face.face_colors)
    return mask


def card_traits(card: Card, owner: str) -> Traits:
    """What a filter may ask about a card off the battlefield: its characteristics there."""
    faces = off_stack_faces(card)
    return Traits(
        owner,
        frozenset().union(*(f.type_set for f in faces)),
        frozenset().union(*(f.subtype_set for f in faces)),
        frozenset().union(*(f.supertype_set for f in faces)),
        frozenset().union(*(f.color_set for f in faces)),
        name=card.name.casefold(),
    )


_FACT_WORDS = {
    "life": "their life total (119.1)",
    "life_gained_this_turn": "the life they gained this turn (119.3)",
    "cards_drawn_this_turn": "the cards they drew this turn (121.1)",
}


def given_for_player(board: Board, player: str, fact: str, why: str) -> object:
    """A fact about a player that only the state's `players` can give and this question needs:
    a 422 naming `state.players.<player>.<fact>` (code `<fact>_required`) when it is missing.
    `why`: what the ability does with it."""
    facts = board.players.get(player)
    value = getattr(facts, fact) if facts is not None else None
    if value is None and fact == "lands_played_this_turn" and _not_their_turn(board, player):
        return 0  # 305.3: no player plays a land in another player's turn
    if value is None:
        raise QuestionError(
            ("state", "players", player, fact),
            f"{why}: give '{fact}' for {player!r} in the state's 'players'",
            f"{fact}_required",
        )
    return value


def _not_their_turn(board: Board, player: str) -> bool:
    """Whether the state says it is another player's turn."""
    return board.active_player is not None and board.active_player != player


def pool_of(board: Board, src: Source) -> Mana:
    """106.4: the unspent mana in the source's controller's pool, as the state says."""
    why = f'{src.label} adds mana by what its controller\'s mana pool holds (106.4; "" for none)'
    pool = str(given_for_player(board, src.controller, "mana_pool", why))
    return Mana.parse(pool) if pool else NO_MANA


def player_fact(board: Board, src: Source, fact: str) -> int:
    """A number about the source's controller from the state's `players`."""
    why = f"{src.label} makes mana by {_FACT_WORDS[fact]} of its controller"
    return player_count(board, src.controller, fact, why)


def player_count(board: Board, player: str, fact: str, why: str) -> int:
    """A count about a player (the lands they played, the spells they cast this turn) from the
    state's `players`; a 422 as given_for_player's when it is missing."""
    value = given_for_player(board, player, fact, why)
    assert isinstance(value, int)  # the count fields of PlayerIn are integers
    return value


# An if_fact's player facts: the field of the state's `players.<name>` and the rule (305.2,
# 309.7, 725).
_IF_FACT_FIELDS = {
    "played_land_this_turn": ("lands_played_this_turn", "the lands they played this turn (305.2)"),
    "completed_dungeon": ("completed_dungeon", "whether they completed a dungeon (309.7)"),
    "has_initiative": ("initiative", "whether they have the initiative (725)"),
}


def fact_holds(board: Board, p: Permanent, src: Source, fact: str) -> bool:
    """Whether an if_fact's fact holds now: a card exiled with the permanent (607.2a), or a
    fact about its controller from the state's `players`; a question that needs it must say
    it (a 422 naming the field)."""
    if fact == "card_exiled_with_it":
        return len(exiled_of(p)) > 0
    key, words = _IF_FACT_FIELDS[fact]
    why = f"{src.label} makes its mana by {words} of its controller"
    return bool(given_for_player(board, src.controller, key, why))


def given(p: Permanent, fact: str, value: _T | None, why: str) -> _T:
    """A fact about the permanent that only the state can give and this question needs: a 422
    naming `state.battlefield[i].<fact>` (code `<fact>_required`) when it is missing, since
    the answer would be a guess. `why`: what the permanent does with it, then what to send."""
    if value is None:
        raise QuestionError(
            ("state", "battlefield", p.index, fact),
            f"{p.name} ({p.id}) {why}",
            f"{fact}_required",
        )
    return value


def resolutions_of(p: Permanent) -> int:
    """How many times its ability that counts its own resolutions resolved this turn before
    the one asked about."""
    why = (
        "makes mana only on a given resolution of its ability this turn: give how many times "
        "it resolved this turn before as 'resolutions_this_turn'"
    )
    return given(p, "resolutions_this_turn", p.resolutions_this_turn, why)


def is_monarch(board: Board, player: str, src: Source) -> bool:
    """724: whether the player is the monarch, as the state says; a question about an ability
    that works only while they are must say it."""
    why = f"{src.label} triggers only while its controller is the monarch (724)"
    return bool(given_for_player(board, player, "monarch", why))


def chosen_for(nameable: Nameable, p: Permanent, a: AnyAbility) -> AnyAbility | None:
    """The ability with what was chosen for its permanent filled in: a grant to those "with
    the chosen name" (201.3) becomes one to those with that name, or None (it changes nothing
    here) when no name was given and no permanent on the board has a name of the kind it
    chooses among (a basic Forest's, for "a nonbasic land card name"); a trigger on those "with
    the same name as the exiled card" (607.2a) one on those with its name, or None (it never
    triggers) when no card was exiled; without `exiled` given, the trigger stays as it is and
    matching_triggers asks for it when a question needs it."""
    if p.choices_unmade and _reads_entry_choice(a):
        return None  # 707.2: the choice it reads was never made for this copy
    if isinstance(a, ManaTrigger) and a.source_named_exiled:
        if p.exiled is None:
            return a  # not given: asked for only by a question the trigger bears on
        names = [n for card in p.exiled for n in card.names]
        if not names:
            return None
        named = AnyOf(of=[HasName(name=n) for n in names])
        return a.model_copy(
            update={"source": with_condition(a.source, named), "source_named_exiled": False}
        )
    if isinstance(a, GrantManaAbility | SetLandTypes | LoseAllAbilities) and a.to_chosen_name:
        if p.chosen_name is None and not nameable(p.face.chosen_name_of):
            return None
        what = "grants a mana ability to" if isinstance(a, GrantManaAbility) else "changes"
        why = f"{what} permanents with the card name chosen for it"
        return a.model_copy(update={"to": with_chosen_name(p, a.to, why), "to_chosen_name": False})
    return a


class Nameable:
    """Per board: whether a permanent on it has a name that a choice among cards of a kind
    could have named (201.3): its card's face (a copy's: the copied card's) is of the kind. A
    card name belongs to one card, so a basic Forest's is no nonbasic land card's. Each kind
    is answered once, over the board's distinct faces, read only when first asked."""

    __slots__ = ("_board", "_faces", "_known")

    def __init__(self, board: Board) -> None:
        self._board = board
        self._faces: list[CardFace] | None = None
        self._known: dict[tuple[tuple[str, ...], ...], bool] = {}

    def __call__(self, kind: CardKind | None) -> bool:
        if kind is None:
            return True  # any card name: not told apart here
        fields = (kind.types, kind.not_types, kind.supertypes, kind.not_supertypes)
        key = tuple(tuple(words) for words in fields)
        known = self._known.get(key)
        if known is None:
            if self._faces is None:
                self._faces = list({id(q.face): q.face for q in self._board.permanents}.values())
            known = self._known[key] = any(kind.admits(face) for face in self._faces)
        return known


def _reads_entry_choice(a: AnyAbility) -> bool:
    """Whether an ability of a permanent's (not its mana abilities, whose productions read
    their choices through Own) gives or reads what was chosen for it as it entered: a color,
    a card name, a type (205.3m, 305.7). A copy that became one after it entered has none."""
    match a:
        case ManaReplacement():
            return isinstance(a.change, ChangeColor) and a.change.to == "chosen"
        case ManaTrigger():
            return a.adds == "chosen_color" or a.only_chosen_color
        case GrantManaAbility() | ForbidActivation() | LoseAllAbilities():
            return a.to_chosen_name
        case SetLandTypes():
            return a.to_chosen_name or a.chosen_as_it_entered is not None
        case AddSubtypes() | SetCreatureTypes():
            return a.chosen_as_it_entered is not None
        case _:
            return False


def with_chosen_name(p: Permanent, to: Selector, what: str) -> Selector:
    """`to`, only those with the card name chosen for `p` (201.3), which the state must say;
    `what`: what `p` does with them, for the 422 asking for the name."""
    why = f"{what} (201.3): give it as 'chosen_name'"
    return with_condition(to, HasName(name=given(p, "chosen_name", p.chosen_name, why)))


def chosen_type_of(p: Permanent) -> str | None:
    """205.3m: the creature type chosen for it as it entered; None for a copy that became one
    after it entered, for which none was (707.2)."""
    if p.choices_unmade:
        return None
    why = "counts creatures of the creature type chosen for it (205.3m): give it as 'chosen_type'"
    said = given(p, "chosen_type", p.chosen_type, why)
    loc = ("state", "battlefield", p.index, "chosen_type")
    return creature_type_chosen(said, loc, f"{p.name} ({p.id})")


def exiled_of(p: Permanent) -> tuple[OutsideCard, ...]:
    """406.6, 607.2a: the cards exiled with it (`exiled`, [] for none)."""
    why = (
        "has an ability that reads the cards exiled with it (607.2a): name them as 'exiled' "
        "([] for none)"
    )
    return given(p, "exiled", p.exiled, why)


def exiled_colors_of(p: Permanent) -> tuple[str, ...]:
    """406.6, 607.2a: the colors among the cards exiled with it (105.2), in W U B R G order."""
    found = {c for card in exiled_of(p) for c in card.colors}
    return tuple(c for c in COLORS if c in found)


def devotion_among(
    board: Board, controllers: Mapping[str, str], player: str, colors: Sequence[str]
) -> int:
    """700.5: a player's devotion to one or more colors, after control changes (layer 2): the
    mana symbols among the mana costs of the permanents they control that are of any of those
    colors, each counted once (a hybrid symbol of both counts once)."""
    return sum(
        1
        for q in board.permanents
        if controllers.get(q.id, q.controller) == player
        for symbol in q.card.face_with_mana_cost(q.face).cost_symbols
        if any(c in symbol.text.split("/") for c in colors)
    )


def devotion_to(view: BoardView, src: Source, color: str) -> int:
    """700.5: the mana symbols of `color` among the mana costs of the permanents the source's
    controller controls; a hybrid (or Phyrexian hybrid) symbol counts for each of its colors.
    The face that is up gives the mana cost (a transformed permanent's back face has none; a
    flipped one keeps its unflipped cost, 710.1c)."""
    return devotion_among(view.board, view.controllers, src.controller, (color,))


def stat_of(p: Permanent, stat: str) -> int:
    """The power or toughness the state gives it (208.3); never the printed one, which
    anthems and counters change, so a question that needs it must say it."""
    value = p.power if stat == "power" else p.toughness
    if value is None:
        raise QuestionError(
            ("state", "battlefield", p.index, stat),
            f"{p.name} ({p.id}) makes mana by its {stat}: give its {stat} now, counters and "
            f"effects included, as '{stat}' (the printed {stat} isn't used)",
            "power_required" if stat == "power" else "toughness_required",
        )
    return value


def instead_reason(
    view: BoardView, p: Permanent, a: ManaAbility, counters: Mapping[str, int]
) -> str | None:
    """Why the ability's own "instead" (614.15) applies now, or None when it doesn't;
    `counters`: the permanent's counters as it resolves (after its cost)."""
    match a.instead:
        case None:
            return None
        case AmountIfCounter(counter=counter):
            return f"it has a {counter} counter" if counters.get(counter, 0) > 0 else None
        case AmountIfPower(power=least, among=among):
            if greatest_power(view, among, view.source(p)) < least:
                return None
            return f"its controller controls a creature with power {least} or greater (208.3)"
        case AmountIfControl(conditions=conditions):
            src = view.source(p)
            counts = [len(view.matching(c.of, src)) for c in conditions]
            if any(n < c.at_least for n, c in zip(counts, conditions, strict=True)):
                return None
            held = [
                f"{n} {describe_selector(c.of)}" for n, c in zip(counts, conditions, strict=True)
            ]
            return f"its controller controls {' and '.join(held)}"
        case _:
            assert_never(a.instead)


def greatest_power(view: BoardView, sel: Selector, src: Source) -> int:
    """The greatest power among the permanents `sel` picks (0 with none); each needs its
    power in the state (208.3), and every one missing is named."""
    return max(stats_of(view, sel, src, "power"), default=0)


def stats_of(
    view: BoardView, sel: Selector, src: Source, stat: str, *, entered: bool = False
) -> list[int]:
    """The power (or toughness) of each permanent `sel` picks (with `entered`, of those that
    entered the battlefield this turn); each needs it in the state (208.3), and every one
    missing is named."""
    picked = view.matching(sel, src)
    if entered:
        picked = entered_this_turn(picked, src, sel)
    missing = [q for q in picked if (q.power if stat == "power" else q.toughness) is None]
    if missing:
        raise QuestionError(
            ("state", "battlefield", missing[0].index, stat),
            f"{src.label} makes mana by the {stat} of {describe_selector(sel)}: "
            f"give '{stat}' (now, counters and effects included) for "
            + bounded_list([f"{q.name} ({q.id})" for q in missing], 10),
            "power_required" if stat == "power" else "toughness_required",
        )
    return [(q.power if stat == "power" else q.toughness) or 0 for q in picked]


def entered_this_turn(picked: list[Permanent], src: Source, sel: Selector) -> list[Permanent]:
    """Those of `picked` that entered the battlefield this turn, as the state says; a question
    that needs it must say it of each of them."""
    missing = [q for q in picked if q.entered_this_turn is None]
    if missing:
        raise QuestionError(
            ("state", "battlefield", missing[0].index, "entered_this_turn"),
            f"{src.label} makes mana by {describe_selector(sel)} that entered the battlefield "
            "this turn: say 'entered_this_turn' for "
            + bounded_list([f"{q.name} ({q.id})" for q in missing], 10),
            "entered_this_turn_required",
        )
    return [q for q in picked if q.entered_this_turn]


def largest_shared_type(view: BoardView, sel: Selector, src: Source) -> int:
    """205.3m: the largest number of the permanents `sel` picks that have one creature type in
    common. What is every creature type (702.73a: changeling, or an effect's "all creature
    types") joins every group; losing the ability in layer 6 doesn't undo a type set in layer
    4. The subtypes a creature may carry that are no creature types (205.3g artifact, 205.3h
    enchantment, 205.3i land types, battle types: a crewed Vehicle, Dryad Arbor's Forest) make
    no group."""
    groups: dict[str, int] = {}
    every = 0
    for q in view.matching(sel, src):
        traits = view.traits(q)
        if EVERY_CREATURE_TYPE in traits.subtypes:
            every += 1
            continue
        if "planeswalker" in traits.types:
            raise QuestionError(
                ("state", "battlefield", q.index),
                f"{q.name} ({q.id}) is a planeswalker too: which of its subtypes are creature "
                "types can't be told here (205.3j, 205.3m)",
                "too_complex",
            )
        for subtype in traits.subtypes - NOT_CREATURE_TYPES:
            groups[subtype] = groups.get(subtype, 0) + 1
    if not groups:
        return every  # changelings alone share every creature type
    return every + max(groups.values())


def condition_words(grant: GrantManaAbility) -> tuple[str, tuple[str, ...]] | None:
    """Why a conditional grant holds, in our words, with its rules (611.3a)."""
    parts: list[str] = []
    rules = ["611.3a"]
    if grant.while_count is not None:
        what = describe_selector(grant.while_count.of)
        parts.append(f"there are {grant.while_count.at_least} or more {what}")
    if grant.while_counters is not None:
        parts.append(f"it has {band_words(grant.while_counters)}")
        rules.append("711.2" if grant.while_counters.counter == "level" else "721.2a")
    match grant.while_source:
        case "renowned":
            parts.append("it is renowned (702.112b)")
            rules.append("702.112b")
        case "modified":
            parts.append(
                "it is modified: it has a counter, is equipped or is enchanted by an Aura its "
                "controller controls (700.9)"
            )
            rules.append("700.9")
        case None:
            pass
        case _:
            assert_never(grant.while_source)
    return (" and ".join(parts), tuple(rules)) if parts else None


def commander_colors_of(board: Board, src: Source) -> tuple[str, ...]:
    """903.4: the source's controller's commander's color identity; a question that needs it
    must say it (an empty list: no commander, 903.4f)."""
    found = board.commander_identity.get(src.controller)
    if found is None:
        raise QuestionError(
            ("state", "commander_identity", src.controller),
            f"{src.label} makes mana of a color in its controller's commander's color identity: "
            f"give it as 'commander_identity' for {src.controller!r} ([] for no commander)",
            "commander_identity_required",
        )
    return found


def chosen_color_of(src: Source) -> str:
    """The color chosen for a source as it entered; a question that needs it must say it."""
    if src.chosen_color is None:
        raise QuestionError(
            (*src.loc, "chosen_color"),
            f"{src.label} needs the color chosen for it ('chosen_color')",
            "chosen_color_required",
        )
    return src.chosen_color


def resolved_change(r: SourcedReplacement) -> ReplacementChange:
    """The change a replacement effect makes, with "the chosen color" read from its source
    (an effect's or permanent's `chosen_color`), so that the search works on colors alone."""
    change = r.effect.change
    if isinstance(change, ChangeColor) and change.to == "chosen":
        return ChangeColor(to=chosen_color_of(r.source))  # type: ignore[arg-type]
    return change


def chosen_colors_of(src: Source) -> tuple[str, ...]:
    """The colors chosen for a source (several: "choose up to two colors"); a lone
    `chosen_color` is the one color chosen; a question that needs them must say them."""
    if src.chosen_colors is not None:
        return src.chosen_colors
    if src.chosen_color is not None:
        return (src.chosen_color,)
    raise QuestionError(
        (*src.loc, "chosen_colors"),
        f"{src.label} needs the colors chosen for it ('chosen_colors', a list of W U B R G)",
        "chosen_colors_required",
    )


def _ability_key(ability: ManaAbility, cache: dict[int, str]) -> str:
    key = cache.get(id(ability))
    if key is None:
        key = ability.model_dump_json()
        cache[id(ability)] = key
    return key


# --- the view ---------------------------------------------------------------------------------


def _effect_source(e: Effect) -> Source:
    """An entry of the state's effects as the source of its abilities (its target is what
    its selectors call "attached")."""
    return Source(
        e.id, e.card.name, e.controller, e.target, e.chosen_color, True, e.index, line=e.line
    )


def _effect_abilities(effect: Effect) -> list[AnyAbility]:
    # An effect comes from a one-shot spell or an activation: its card's front face says what
    # it does.
    return list(effect.card.front.abilities)


def _filed(a: AnyAbility) -> bool:
    """Whether BoardView._sort files this ability under one of its lists."""
    match a:
        case (
            ManaReplacement()
            | ManaTrigger()
            | GrantManaAbility()
            | GrantKeyword()
            | ForbidActivation()
            | SpellCostChange()
            | SpellCostMinimum()
            | SpellCastBan()
        ):
            return True
        case Unsupported() | ManaAbility() | GainControl():
            return False
        case (
            SetLandTypes()
            | AddSubtypes()
            | AddTypes()
            | SetCreatureTypes()
            | SetCardTypes()
            | SetColors()
            | LoseAllAbilities()
        ):
            return False
        case (
            EntersWithCounters()
            | EtbReplacement()
            | EtbTrigger()
            | RevealUntil()
            | MulliganHelper()
        ):
            return False
        case OpeningHandMana() | CopyEffect() | CastRestriction():
            return False
        case _:
            assert_never(a)


def selector_matches(
    sel: Selector,
    looker_controller: str,
    looker_attached_to: str | None,
    candidate_id: str,
    traits: Traits,
    looker_id: str | None = None,
) -> bool:
    """Does the candidate match `sel`, seen from a looker (the selector's source)?"""
    return sel.predicate(
        Looker(looker_controller, looker_attached_to, looker_id), candidate_id, traits
    )


def counters_of(p: Permanent) -> tuple[tuple[str, int], ...]:
    """Its counters as filters compare them (122.1): by kind, sorted, none of zero."""
    if not p.counters:
        return ()
    found: dict[str, int] = {}
    for name, n in p.counters.items():
        if n > 0:
            kind = counter_kind(name)
            found[kind] = found.get(kind, 0) + n
    return tuple(sorted(found.items()))


def has_band(a: ManaAbility, p: Permanent) -> bool:
    """Whether the ability exists now: a level band (711.2) or a station threshold (721.2a)
    holds for the counters the state gives the permanent, and the top card of its
    controller's library is of the type it asks (205.2); one without either always does."""
    if a.while_library_top is not None and a.while_library_top not in library_top_of(p).types:
        return False
    if a.while_class_level is not None and class_level_of(p) < a.while_class_level:
        return False
    return a.while_counters is None or a.while_counters.holds(p.counters)


def class_level_of(p: Permanent) -> int:
    """716: the level its Class has gained."""
    why = "has abilities of a Class level (716): give the level it has gained as 'class_level'"
    return given(p, "class_level", p.class_level, why)


def noted_mana_of(p: Permanent, one: bool) -> Mana:
    """The mana last noted for it (the state's `noted_mana`), or with `one` one mana of its
    noted type; a question that needs it must say it, of one type when the ability adds one
    mana of that type."""
    why = "adds the mana last noted for it: give it as 'noted_mana' (Oracle notation, like {R}{R})"
    noted = Mana.parse(given(p, "noted_mana", p.noted_mana, why))
    if not one:
        return noted
    kinds = noted.types()
    if len(kinds) != 1:
        raise QuestionError(
            ("state", "battlefield", p.index, "noted_mana"),
            f"{p.name} ({p.id}) adds one mana of its last noted type: 'noted_mana' must be "
            f"mana of one type, not {p.noted_mana}",
            "invalid_noted_mana",
        )
    return Mana.of(kinds[0])


def library_top_of(p: Permanent) -> OutsideCard:
    """The top card of its controller's library."""
    why = (
        "has a mana ability that reads the top card of its controller's library: name that "
        "card as 'library_top'"
    )
    return given(p, "library_top", p.library_top, why)


def banded_out(p: Permanent) -> list[ManaAbility]:
    """Its printed mana abilities that its counters leave out now (711.2, 721.2a)."""
    return [a for a in p.face.abilities if isinstance(a, ManaAbility) and not has_band(a, p)]


@dataclass
class BoardView:
    """A Board with the derived facts the mana rules need, computed once."""

    board: Board
    controllers: dict[str, str] = field(init=False)  # only those layer 2 changed
    control_changes: dict[str, list[ControlChange]] = field(init=False)
    _sources: dict[str, Source] = field(init=False)  # permanents by id, made on first use
    _faces: dict[int, FaceAbilities] = field(init=False)  # by id of the face
    _kinds: tuple[list[Kind], list[int]] = field(init=False)
    effect_sources: list[Source] = field(init=False)
    replacements: list[SourcedReplacement] = field(init=False)
    triggers: list[SourcedTrigger] = field(init=False)
    grants: list[tuple[Source, GrantManaAbility]] = field(init=False)
    keyword_grants: list[tuple[Source, GrantKeyword]] = field(init=False)
    activation_bans: list[tuple[Source, ForbidActivation]] = field(init=False)  # 602.5
    spell_costs: list[tuple[Source, SpellCostChange | SpellCostMinimum]] = field(init=False)
    spell_bans: list[tuple[Source, SpellCastBan]] = field(init=False)
    _traits: dict[str, Traits] = field(init=False)
    _layered_traits: dict[tuple[Traits, frozenset[str], frozenset[str], frozenset[str]], Traits] = (
        field(init=False)
    )
    layer_effects: LayerEffects = field(init=False)
    chars: Characteristics = field(init=False)
    _grants_by_traits: dict[tuple[Traits, bool], list[tuple[Source, ManaAbility]]] = field(
        init=False
    )
    _repl_by_traits: dict[Traits, list[SourcedReplacement]] = field(init=False)
    _attached_grants: dict[str, list[tuple[Source, GrantManaAbility]]] = field(init=False)
    _attached_replacements: dict[str, list[SourcedReplacement]] = field(init=False)
    _object_grants: list[tuple[Source, GrantManaAbility]] = field(init=False)
    _object_replacements: list[SourcedReplacement] = field(init=False)
    _ability_keys: dict[int, str] = field(init=False)
    _holds: dict[tuple[str, int], bool] = field(init=False)  # grant conditions, once each
    _condition_words: dict[tuple[str, int], tuple[str, tuple[str, ...]]] = field(init=False)
    _equipped: frozenset[str] = field(init=False)  # 301.5: ids an Equipment is attached to
    _attached: dict[str, list[Permanent]] = field(init=False)  # by the id they're attached to
    _listed: dict[tuple[int, bool], tuple[ListedAbility, ...]] = field(init=False)
    _widened: dict[int, Selector] = field(init=False)  # by id() of the selector widened

    def __post_init__(self) -> None:
        self._sources = {}
        self._faces = {}
        self._listed = {}
        self._widened = {}
        # One pass over the permanents finds what is attached to what (most boards: nothing);
        # the Equipment among them and the kinds' singled-out ids are read from that. A class's
        # members are attached alike, so one look at each class's first says whether any is.
        self._attached = {}
        if any(q.attached_to is not None for q in self.board.representatives()):
            for q in self.board.permanents:
                if q.attached_to is not None:
                    self._attached.setdefault(q.attached_to, []).append(q)
        self._equipped = frozenset(
            target
            for target, on in self._attached.items()
            if any("equipment" in q.face.subtype_set for q in on)
        )
        self._kinds = self._group_kinds()
        self._compute_control()
        board = self.board
        self.effect_sources = [_effect_source(e) for e in board.effects]
        self.replacements = []
        self.triggers = []
        self.grants = []
        self.keyword_grants = []
        self.activation_bans = []
        self.spell_costs = []  # 601.2f: what spells cast on this board cost
        self.spell_bans = []  # 601.3: which spells can't be cast on this board
        self._traits = {}
        self._layered_traits = {}
        nameable = Nameable(board)
        self._build_layers(nameable)
        pairs: list[tuple[Source, AnyAbility]] = []
        for p in self.holding(lambda fa: fa.filed):
            keeps_text = self.has_text_abilities(p)
            # 605.1b: a triggered mana ability is one a loss "except mana abilities" leaves.
            if not keeps_text and not self.has_text_mana_abilities(p):
                continue  # 305.7 / 613.1f: an ability that is gone creates no effect
            src = self.source(p)
            for a in self.face_abilities(p).filed:
                if not keeps_text and not isinstance(a, ManaTrigger):
                    continue
                if (chosen := chosen_for(nameable, p, a)) is not None:
                    pairs.append((src, chosen))
        for e, src in zip(board.effects, self.effect_sources, strict=True):
            pairs.extend((src, a) for a in _effect_abilities(e) if works_from(a) == "effect")
        for src, a in pairs:
            self._sort(src, a)
        # Abilities that only look at what their source is attached to (or targets), by that
        # permanent's id: looked up per permanent instead of scanning every source.
        self._attached_grants = {}
        for src, grant in self.grants:
            if grant.to.relation == "attached" and src.attached_to is not None:
                self._attached_grants.setdefault(src.attached_to, []).append((src, grant))
        # Those that ask about one object otherwise ("other permanents you control" leaves out
        # the source): looked at per permanent, never shared between equal traits.
        self._object_grants = [
            (src, g) for src, g in self.grants if g.to.per_object and g.to.relation != "attached"
        ]
        self._attached_replacements = {}
        for r in self.replacements:
            if r.effect.source.relation == "attached" and r.source.attached_to is not None:
                self._attached_replacements.setdefault(r.source.attached_to, []).append(r)
        self._object_replacements = [
            r
            for r in self.replacements
            if r.effect.source.per_object and r.effect.source.relation != "attached"
        ]
        # Read again from here on: those read above lacked the keyword grants (613.1f).
        self._traits = {}
        self._layered_traits = {}
        self._holds = {}
        self._condition_words = {}
        self._grants_by_traits = {}
        self._repl_by_traits = {}
        self._ability_keys = {}
        self._listed = {}
        self._check_attachments()
        self._check_legend_and_world_rules()

    def _check_legend_and_world_rules(self) -> None:
        """704.5j: two legendary permanents of one name under one controller (after control
        changes and copies), and 704.5k: two world permanents, would leave at once as
        state-based actions, so no board has them: a 422 naming the later one. A board with a
        card that turns the legend rule off for some permanents (Mirror Gallery, Brothers
        Yamazaki) is not checked for it. Only boards with a legendary or world kind pay."""
        kinds, permanents = self._kinds[0], self.board.permanents
        worlds = _members_where(kinds, permanents, lambda q: "World" in q.face.supertypes)
        if len(worlds) > 1:
            _two_at_once(worlds[1], "world permanents", worlds[0], "704.5k")
        legends = _members_where(kinds, permanents, lambda q: q.face.legendary)
        if len(legends) < 2:
            return
        # The faces the board has: each kind's own (a copy's is its copied card's, 707.2), its
        # card's, and the effects'.
        faces = [
            *(k.first.face for k in kinds),
            *(f for k in kinds for f in k.first.card.card_faces),
            *(f for e in self.board.effects for f in e.card.card_faces),
        ]
        if any(f.legend_rule_off for f in faces):
            return
        seen: dict[tuple[str, str], Permanent] = {}
        for q in legends:
            # 201.2a: one name in common is the same name; a Room with no door unlocked has
            # none, and shares it with nothing.
            for name in q.face.names:
                # 201.2: names are compared as the catalog compares them (fold).
                key = (self.controllers.get(q.id, q.controller), fold(name))
                if (other := seen.setdefault(key, q)) is not q:
                    _two_at_once(q, f"legendary permanents named {name}", other, "704.5j")

    def _check_attachments(self) -> None:
        """303.4d, 301.5c, 301.6: an Aura attached to what its enchant ability doesn't allow,
        an Equipment attached to a noncreature (or being a creature itself), or a Fortification
        attached to a nonland, would leave it as a state-based action (704.5m, 704.5n), so no
        board has it: a 422 naming the attachment, judged on what the permanent is after the
        continuous effects (an Aura's "enchant creature" on a land animated is fine); and an
        Aura that enchants a permanent attached to nothing (303.4d, 704.5m: it is put into its
        owner's graveyard). Only boards with attachments, or with such an Aura, pay for it."""
        kinds, permanents = self._kinds[0], self.board.permanents
        loose = _members_where(kinds, permanents, _unattached_aura)
        if loose and (enchants := loose[0].face.enchants) is not None:
            q = loose[0]
            _illegal_attachment(
                q,
                "enchant",
                f"{q.name} ({q.id}) is an Aura that enchants {describe_selector(enchants)} and "
                "is attached to nothing; give its 'attached_to'",
            )
        for target_id, on in self._attached.items():
            target = self.board.by_id[target_id]
            for q in on:
                found = self._may_attach(q)
                if found is None:
                    continue
                allowed, what = found
                if allowed is None:
                    why = f"{q.name} ({q.id}) is a creature itself, so it can {what} nothing"
                    _illegal_attachment(q, what, why)
                elif not self.matches(allowed, self.source(q), target):
                    _illegal_attachment(
                        q,
                        what,
                        f"{q.name} ({q.id}) can {what} only {describe_selector(allowed)}, and "
                        f"{target.name} ({target.id}) is not one now",
                    )

    def _may_attach(self, q: Permanent) -> tuple[Selector | None, str] | None:
        """What an attached permanent may be attached to, and the verb: an Aura what its
        enchant ability says (303.4a), an Equipment a creature (301.5c), and nothing while it is
        a creature itself without reconfigure (301.5c), a Fortification a land (301.6); None:
        not known (another permanent attached is left to the client)."""
        if q.face.enchants is not None:
            return q.face.enchants, "enchant"
        subtypes = q.face.subtype_set
        if "equipment" in subtypes:
            if self.has_type(q, "creature") and "reconfigure" not in self.traits(q).keywords:
                return None, "equip"
            return _CREATURES, "equip"
        if "fortification" in subtypes:
            return _LANDS, "fortify"
        return None

    def face_abilities(self, p: Permanent) -> FaceAbilities:
        """The abilities of its face that the view files, read once per face."""
        found = self._faces.get(id(p.face))
        if found is None:
            here = [a for a in p.face.abilities if works_from(a) == "battlefield"]
            found = FaceAbilities(
                tuple(a for a in here if _filed(a)),
                tuple(a for a in here if isinstance(a, GainControl)),
                any(isinstance(a, LAYER_KINDS) for a in here),
            )
            self._faces[id(p.face)] = found
        return found

    def holding(self, has: Callable[[FaceAbilities], object]) -> list[Permanent]:
        """The permanents whose face has these abilities, in battlefield order (one look per
        kind: a board of 10,000 basics and one Blood Moon gives one)."""
        kinds, _ = self.kinds()
        perms = self.board.permanents
        found = [i for k in kinds if has(self.face_abilities(k.first)) for i in k.members]
        return [perms[i] for i in sorted(found)]

    def kinds(self) -> tuple[list[Kind], list[int]]:
        """The permanents in kinds (`Kind`), in order of first member, and each permanent's
        kind by battlefield index."""
        return self._kinds

    def _group_kinds(self) -> tuple[list[Kind], list[int]]:
        board = self.board
        # Singled out: a filter can name these by id (IsAttached), and control changes and
        # layer effects aimed at one permanent apply to it alone. Control changes only ever
        # aim at an attached permanent or an effect's target, so every permanent outside
        # this set keeps its printed controller.
        singled = set(self._attached)  # the ids something is attached to
        singled.update(e.target for e in board.effects if e.target is not None)
        index: dict[object, int] = {}
        kinds: list[Kind] = []
        members: list[list[int]] = []
        kind_of: list[int] = []

        def kind(p: Permanent, alone: bool) -> int:
            """The permanent's kind, a new one if none of the kinds so far is its own."""
            key: object = (
                p.id
                if alone
                else (
                    id(p.face),
                    tuple(p.counters.items()) if p.counters else (),
                    _common_fields(p) if p.common_only else _kind_fields(p),
                )
            )
            k = index.setdefault(key, len(kinds))
            if k == len(kinds):
                members.append([])
                kinds.append(Kind(p, members[k]))
            return k

        # The board's classes (Board.classes): a class's permanents differ in their ids alone,
        # so the kind of its first permanent not singled out is the kind of the others.
        classes = board.classes or (-1,) * len(board.permanents)
        if -1 not in classes and _none_singled(board, singled):
            # Every permanent in a class and none singled out: the kinds of the classes' first
            # permanents, in battlefield order, are every kind, each first met where it is.
            perms = board.permanents
            of_class = [kind(perms[i], False) for i in class_firsts(classes)]
            kind_of = list(map(of_class.__getitem__, classes))
            for i, k in enumerate(kind_of):
                members[k].append(i)
            return kinds, kind_of
        kind_of_class: dict[int, int] = {}
        for p, c in zip(board.permanents, classes, strict=True):
            alone = p.id in singled
            shared = c >= 0 and not alone  # its class's kind is its kind
            k = kind_of_class.get(c, -1) if shared else -1
            if k < 0:
                k = kind(p, alone)
                if shared:
                    kind_of_class[c] = k
            members[k].append(p.index)
            kind_of.append(k)
        return kinds, kind_of

    def _sort(self, src: Source, a: AnyAbility) -> None:
        """File one ability under what the mana rules do with it (one dispatch per kind)."""
        match a:
            case ManaReplacement():
                self.replacements.append(SourcedReplacement(src, a))
            case ManaTrigger():
                self.triggers.append(SourcedTrigger(src, a))
            case GrantManaAbility():
                self.grants.append((src, a))
            case GrantKeyword():
                self.keyword_grants.append((src, a))
            case ForbidActivation():
                self.activation_bans.append((src, a))
            case SpellCostChange() | SpellCostMinimum():
                self.spell_costs.append((src, a))
            case SpellCastBan():
                self.spell_bans.append((src, a))
            case Unsupported():
                # Text not understood is reported once, by the ruling service, as a caveat
                # and its step (app/rulings/service.py caveats_of), not by each engine answer.
                pass
            case ManaAbility() | GainControl():
                pass  # listed per permanent / applied by the control pass
            case (
                SetLandTypes()
                | AddSubtypes()
                | AddTypes()
                | SetCreatureTypes()
                | SetCardTypes()
                | SetColors()
                | LoseAllAbilities()
            ):
                pass  # layers 4 and 6: applied by characteristics.py
            case (
                EntersWithCounters()
                | EtbReplacement()
                | EtbTrigger()
                | RevealUntil()
                | MulliganHelper()
            ):
                pass  # not about mana on the battlefield (107.3m, 702.85, 103.5c)
            case OpeningHandMana():
                pass  # from the opening hand at the first main phase, never a permanent's
            case CastRestriction():
                pass  # 601.3: read of the card as it is cast (engine/cast_bans.py)
            case CopyEffect():
                pass  # layer 1 (613.1a): the permanent's face is the copy already (copies.py)
            case _:
                assert_never(a)

    # -- control (GainControl: Control Magic, Act of Treason) --

    def _compute_control(self) -> None:
        board = self.board
        n = len(board.permanents)
        # Only the permanents control changes (layer 2) differ from their printed controller.
        # 613.7: control-changing effects apply in timestamp order, later ones winning: each
        # permanent's and each effect's timestamp, or without one battlefield order then effects
        # order. A permanent's own controller is read as its turn comes, after earlier changes.
        found: list[tuple[tuple[int, int, int], Permanent | Effect, GainControl]] = []
        for p in self.holding(lambda fa: fa.control):
            order = timestamp_order(p.index, p.timestamp, False, n)
            found.extend((order, p, gain) for gain in self.face_abilities(p).control)
        for e in board.effects:
            order = timestamp_order(e.index, e.timestamp, True, n)
            found.extend(
                (order, e, a)
                for a in _effect_abilities(e)
                if isinstance(a, GainControl) and a.works_from == "effect"
            )
        found.sort(key=lambda change: change[0])
        # 613.8a: an effect that changes who controls a control-changing source changes what
        # that source's effect does, so it applies first whatever the timestamps (Confiscate
        # on a Control Magic): each source is read as controlled as the last pass left it,
        # until a pass changes nothing.
        settled: dict[str, str] = {}
        for _ in range(len(found) + 1):
            controllers, changes = self._control_pass(found, settled)
            if controllers == settled:
                break
            settled = controllers
        else:
            raise QuestionError(
                ("state",),
                "control-changing effects change who controls each other in a loop, so no one "
                "answer is right (613.8)",
                "control_loop",
            )
        self.controllers = controllers
        self.control_changes = changes

    def _control_pass(
        self,
        found: list[tuple[tuple[int, int, int], Permanent | Effect, GainControl]],
        settled: dict[str, str],
    ) -> tuple[dict[str, str], dict[str, list[ControlChange]]]:
        """One pass of layer 2 in timestamp order (613.7), each source controlled as `settled`
        says (the last pass's outcome), a permanent no change reached by its own controller."""
        board = self.board
        controllers: dict[str, str] = {}
        changes: dict[str, list[ControlChange]] = {}
        for _, holder, gain in found:
            match holder:
                case Permanent() as p:
                    target = (
                        board.get(p.attached_to)
                        if gain.of == "attached" and p.attached_to
                        else None
                    )
                    src = Source(
                        p.id,
                        p.name,
                        settled.get(p.id, controllers.get(p.id, p.controller)),
                        p.attached_to,
                        p.chosen_color,
                        False,
                        p.index,
                        p.chosen_colors,
                    )
                case _:
                    target = board.get(holder.target) if holder.target is not None else None
                    src = _effect_source(holder)
            if target is None:
                continue
            previous = controllers.get(target.id, target.controller)
            controllers[target.id] = src.controller
            changes.setdefault(target.id, []).append(ControlChange(src, gain, previous))
        return controllers, changes

    # -- layers 4 and 6 (characteristics.py) --

    def _build_layers(self, nameable: Nameable) -> None:
        n = len(self.board.permanents)

        def source_of(p: Permanent) -> EffectSource:
            controller = self.controller(p)
            # Another player's permanent taken by a control change (layer 2, 613.1b): whose
            # "you" its abilities mean is said with it.
            taken = f", controlled by {controller}" if controller != p.controller else ""
            return EffectSource(
                p.id,
                f"{p.name} ({p.id}{taken})",
                controller,
                p.attached_to,
                False,
                timestamp_order(p.index, p.timestamp, False, n),
                chosen_type=p.chosen_type,
            )

        effect_layer_sources = [
            EffectSource(
                e.id,
                e.label,
                e.controller,
                e.target,
                True,
                timestamp_order(e.index, e.timestamp, True, n),
                e.chosen_land_type,
            )
            for e in self.board.effects
        ]
        holders = self.holding(lambda fa: fa.layered)
        self.layer_effects = collect_layer_effects(
            self.board,
            holders,
            source_of,
            effect_layer_sources,
            partial(chosen_for, nameable),
            partial(devotion_among, self.board, self.controllers),
        )
        # Not the bound method: view -> chars -> method -> view would be a reference cycle, and a
        # cycle keeps the whole board (every permanent of a 10,000-permanent question) alive
        # after the request until the cyclic collector runs.
        rebuild = partial(
            Characteristics,
            self.board,
            printed_traits=partial(printed_traits, self.controllers, self._equipped),
            representatives=[k.first for k in self.kinds()[0]],
        )
        self.chars = rebuild(effects=self.layer_effects)
        if self.layer_effects.counted:
            # 611.3a: changes that hold while enough permanents are there, counted on the rest.
            self.chars = settle_counts(self.chars, lambda fx: rebuild(effects=fx))

    def has_text_abilities(self, p: Permanent) -> bool:
        """Whether the abilities of its rules text still exist after layers 4 and 6."""
        if not self.layer_effects.layer4 and not self.layer_effects.layer6_loss:
            return True
        c = self.chars.of(p)
        return c.text_abilities and not c.lost_but_mana

    def has_text_mana_abilities(self, p: Permanent) -> bool:
        """Whether the mana abilities of its rules text still exist after layers 4 and 6 (a
        loss "except mana abilities" leaves them, 605.1)."""
        if not self.layer_effects.layer4 and not self.layer_effects.layer6_loss:
            return True
        c = self.chars.of(p)
        return c.text_abilities and not c.lost_all

    def controller(self, p: Permanent) -> str:
        return self.controllers.get(p.id, p.controller)

    def source(self, p: Permanent) -> Source:
        src = self._sources.get(p.id)
        if src is None:
            src = self._sources[p.id] = Source(
                p.id,
                p.name,
                self.controller(p),
                p.attached_to,
                p.chosen_color,
                False,
                p.index,
                p.chosen_colors,
                choices_unmade=p.choices_unmade,
            )
        return src

    def traits(self, p: Permanent) -> Traits:
        """Its characteristics after layers 2 and 4 (what selectors look at)."""
        t = self._traits.get(p.id)
        if t is None:
            if self.layer_effects.layer4 or self.layer_effects.layer5:
                printed, c = self.chars.printed(p), self.chars.of(p)
                colors = printed.colors if c.colors is None else c.colors  # layer 5
                # Permanents alike before and after layers 4 and 5 share one Traits (10,000
                # Forests).
                key = (printed, c.subtypes_folded, c.types, colors)
                t = self._layered_traits.get(key)
                if t is None:
                    t = self._layered_traits[key] = Traits(
                        printed.controller,
                        c.types,
                        c.subtypes_folded,
                        printed.supertypes,
                        colors,
                        printed.tapped,
                        printed.token,
                        printed.counters,
                        printed.name,
                        printed.keywords,
                        printed.equipped,
                    )
            else:
                t = self._printed_traits(p)
            if self.keyword_grants or self.layer_effects.layer6_loss:
                t = self._layer6_keywords(p, t)
            self._traits[p.id] = t
        return t

    def _layer6_keywords(self, p: Permanent, t: Traits) -> Traits:
        """613.1f: its keywords after layer 6: a "loses all abilities" removes the face's, and
        keywords granted are added, a grant older than that loss removed with the rest (613.7).
        A grant's own selector sees the keywords before the grants (none of the compiled ones
        asks about keywords)."""
        chars = self.chars.of(p) if self.layer_effects.layer6_loss else None
        keywords = frozenset() if chars is not None and chars.lost_but_mana else t.keywords
        for src, grant in self.keyword_grants:
            if grant.as_though:
                continue  # no keyword it has (302.6), only a way to use its abilities
            kept = chars is None or chars.keeps_grant(self.timestamp_of(src), mana=False)
            if (
                kept
                and _own_card_reaches(src, grant, p)
                and selector_matches(grant.to, src.controller, src.attached_to, p.id, t, src.id)
                and self._in_turn(src, grant.during, "grants a keyword")  # 611.3a
            ):
                keywords = keywords | {grant.keyword.casefold()}
        return t if keywords == t.keywords else t._replace(keywords=keywords)

    def has_type(self, p: Permanent, card_type: str) -> bool:
        """Whether it has this card type after layer 4 (a land that became a creature is one:
        205.1b, 302.6)."""
        return card_type in self.traits(p).types

    def _printed_traits(self, p: Permanent) -> Traits:
        return printed_traits(self.controllers, self._equipped, p)

    def matches(self, sel: Selector, looker: Source, candidate: Permanent) -> bool:
        return selector_matches(
            sel,
            looker.controller,
            looker.attached_to,
            candidate.id,
            self.traits(candidate),
            looker.id,
        )

    def matching(self, sel: Selector, looker: Source) -> list[Permanent]:
        """Every permanent the selector picks, in battlefield order (O(permanents))."""
        if sel.relation == "attached":
            target = self.board.get(looker.attached_to) if looker.attached_to else None
            return [target] if target is not None and self.matches(sel, looker, target) else []
        return [p for p in self.board.permanents if self.matches(sel, looker, p)]

    # -- activations forbidden (602.5) --

    def activation_banned_by(
        self, p: Permanent, mana_ability: bool
    ) -> list[tuple[Source, ForbidActivation]]:
        """The sources whose abilities say its activated ability can't be activated now, with
        those abilities (one that applies in some turns only reads whose turn it is); one that
        spares mana abilities, for a mana ability, is not read at all (nor its chosen name)."""
        return [
            (src, ban)
            for src, ban in self.activation_bans
            if not (ban.except_mana_abilities and mana_ability)
            and self.matches(self._banned(src, ban), src, p)
            and self._ban_in_turn(src, ban)
        ]

    def _ban_in_turn(self, src: Source, ban: ForbidActivation) -> bool:
        """Whether it is a turn the ban applies in (its controller's, or any other's)."""
        return self._in_turn(src, ban.during, "forbids activations")

    def _in_turn(self, src: Source, during: TurnOf | None, does: str) -> bool:
        """Whether it is a turn an ability of `src` applies in: its controller's, any other's,
        or (without `during`) every turn; `does`: what it does, for the 422 without a turn."""
        if during is None:
            return True
        return in_turn(active_player(self.board, src.label, does), src.controller, during)

    def _banned(self, src: Source, ban: ForbidActivation) -> Selector:
        """Whose abilities a ban forbids: those "with the chosen name" read the name chosen
        for its permanent (201.3) only here, so a question that activates nothing (what a
        permanent could produce, 106.7) never needs it."""
        if not ban.to_chosen_name:
            return ban.to
        why = (
            "says the activated abilities of permanents with the card name chosen for it "
            "can't be activated"
        )
        return with_chosen_name(self.board.by_id[src.id], ban.to, why)

    # -- haste and summoning sickness (302.6, 702.10) --

    def haste(self, p: Permanent) -> Haste:
        found: list[Source | None] = []
        conditions: dict[str, str] = {}
        chars = self.chars.of(p) if self.layer_effects.layer6_loss else None
        if (chars is None or not chars.lost_but_mana) and any(
            k.casefold() == "haste" for k in p.face.keywords
        ):
            found.append(None)
        # 613.7 inside layer 6: haste granted before a "loses all abilities" is removed by it.
        as_though: set[str] = set()
        for src, grant in self.keyword_grants:
            if (
                grant.keyword.casefold() == "haste"
                and _own_card_reaches(src, grant, p)
                and self.matches(grant.to, src, p)
                and (
                    chars is None
                    or grant.as_though
                    or chars.keeps_grant(self.timestamp_of(src), mana=False)
                )
                and self._count_holds(src, grant.while_count)
                and self._in_turn(src, grant.during, "grants haste")  # 611.3a
            ):
                found.append(src)
                if grant.as_though:
                    as_though.add(src.id)
                if grant.during is not None:
                    conditions[src.id] = TURN_WORDS[grant.during]
                if grant.while_count is not None:
                    what = describe_selector(grant.while_count.of)
                    conditions[src.id] = (
                        f"while there are {grant.while_count.at_least} or more {what}"
                    )
        for change in self.control_changes.get(p.id, []):
            if change.effect.haste and (
                chars is None or chars.keeps_grant(self.timestamp_of(change.source), mana=False)
            ):
                found.append(change.source)
        return Haste(bool(found), tuple(found), conditions, frozenset(as_though))

    def control_changed_this_turn(self, p: Permanent) -> list[ControlChange]:
        """Control changes that certainly happened since their controller's most recent turn
        began: every effect that ends by then ("until end of turn") and any control-changing
        permanent that itself arrived since. A lasting effect ("for as long as ~ remains on the
        battlefield") may be older: the taken permanent's controlled_since_turn_start says. An
        effect that gives control to the player who already had it changes nothing, so it
        doesn't restart the 302.6 clock, unless that permanent itself came under its
        controller's control this turn (a Confiscate on a Control Magic, 613.8a): what it gives,
        it has given its new controller only since then."""
        recent: list[ControlChange] = []
        for change in self.control_changes.get(p.id, []):
            if change.source.is_effect:
                if change.changes_controller and not change.effect.lasting:
                    recent.append(change)
                continue
            aura = self.board.get(change.source.id)
            if aura is None:
                continue
            arrived = change.changes_controller and not aura.controlled_since_turn_start
            # Layer 2 refused any loop of control changes (613.8a): this recursion ends.
            if arrived or self.control_changed_this_turn(aura):
                recent.append(change)
        return recent

    # -- mana abilities --

    def grant_holds(self, src: Source, grant: GrantManaAbility) -> bool:
        """Whether a grant's condition holds now (611.3a: "as long as you control N or more
        ...", "as long as ~ is renowned"); true without one. Read only when a permanent's
        abilities are listed, so a question that doesn't look at it needs no `renowned`."""
        key = (src.id, id(grant))
        found = self._holds.get(key)
        if found is None:
            found = self._holds[key] = self._condition(src, grant)
            words = condition_words(grant)
            if found and words is not None:
                self._condition_words[(src.id, id(grant.ability))] = words
        return found

    def _count_holds(self, src: Source, count: CountAtLeast | None) -> bool:
        """611.3a: whether a grant's "as long as you control N or more ..." holds now."""
        return count is None or len(self.matching(count.of, src)) >= count.at_least

    def _condition(self, src: Source, grant: GrantManaAbility) -> bool:
        if not self._count_holds(src, grant.while_count):
            return False
        p = self.board.get(src.id)
        # 711.2, 721.2a: a static ability of a level band or past a station threshold exists
        # only while its source has those counters.
        band = grant.while_counters
        if band is not None and (p is None or not band.holds(p.counters)):
            return False
        if grant.while_class_level is not None and (
            p is None or class_level_of(p) < grant.while_class_level
        ):
            return False  # 716: a level the Class hasn't gained
        if grant.while_source == "modified":
            return p is not None and self.is_modified(p)
        if grant.while_source == "renowned":
            if p is None:
                return False
            why = "has an ability only while renowned (702.112b): say whether it is, as 'renowned'"
            return given(p, "renowned", p.renowned, why)
        return True

    def is_modified(self, p: Permanent) -> bool:
        """700.9: it has a counter (122.1), is equipped (301.5: an Equipment attached to it),
        or is enchanted by an Aura (303.4) its controller controls; types after layer 4 and
        controllers after layer 2."""
        if any(n > 0 for n in p.counters.values()):
            return True
        for q in self._attached.get(p.id, ()):
            subtypes = self.traits(q).subtypes
            if "equipment" in subtypes:
                return True
            if "aura" in subtypes and self.controller(q) == self.controller(p):
                return True
        return False

    def _grants_for(self, p: Permanent, distinct: bool) -> list[tuple[Source, ManaAbility]]:
        traits = self.traits(p)
        key = (traits, distinct)
        general = self._grants_by_traits.get(key)
        if general is None:
            general = []
            seen: set[str] = set()
            for src, grant in self.grants:
                if grant.to.per_object:
                    continue  # the attached one, or one asking about one object: below
                if selector_matches(
                    grant.to, src.controller, src.attached_to, p.id, traits
                ) and self.grant_holds(src, grant):
                    if distinct:
                        k = _ability_key(grant.ability, self._ability_keys)
                        if k in seen:
                            continue
                        seen.add(k)
                    general.append((src, grant.ability))
            self._grants_by_traits[key] = general
        attached = [
            (src, grant.ability)
            for src, grant in (*self._attached_grants.get(p.id, ()), *self._object_grants)
            if self.matches(grant.to, src, p) and self.grant_holds(src, grant)
        ]
        if not attached:
            return general
        merged = sorted([*general, *attached], key=lambda pair: pair[0].order_key)
        if not distinct:
            return merged
        out: list[tuple[Source, ManaAbility]] = []
        seen_keys: set[str] = set()
        for src, a in merged:
            k = _ability_key(a, self._ability_keys)
            if k not in seen_keys:
                seen_keys.add(k)
                out.append((src, a))
        return out

    def mana_abilities(self, p: Permanent, *, distinct: bool = False) -> tuple[ListedAbility, ...]:
        """The permanent's mana abilities in the documented order (module docstring), listed
        once per permanent (solving and explaining both read them; the view doesn't change).

        distinct=True drops granted abilities identical to one already listed (many Chromatic
        Lanterns grant one ability many times; what it could produce is the same)."""
        key = (p.index, distinct)
        found = self._listed.get(key)
        if found is None:
            found = self._listed[key] = tuple(self._list_mana_abilities(p, distinct))
        return found

    def _list_mana_abilities(self, p: Permanent, distinct: bool) -> list[ListedAbility]:
        listed: list[ListedAbility] = []
        lost = False
        if self.layer_effects.layer6_loss:
            lost = self.chars.of(p).lost_all  # 613.1f: intrinsic ones too
        if self.has_text_mana_abilities(p):
            for place, a in enumerate(p.face.abilities):
                if isinstance(a, ManaAbility) and has_band(a, p):
                    listed.append(ListedAbility(len(listed), a, "printed", id=f"printed:{place}"))
        if self.has_type(p, "land") and not lost:
            subtypes = self.traits(p).subtypes  # after layer 4 (305.6, 305.7)
            for subtype, _ in BASIC_LAND_TYPES:
                if subtype.casefold() in subtypes:
                    listed.append(
                        ListedAbility(
                            len(listed),
                            INTRINSIC_ABILITIES[subtype],
                            "intrinsic",
                            None,
                            subtype,
                            f"intrinsic:{subtype}",
                        )
                    )
        per_source: dict[str, int] = {}
        for src, a in self._grants_for(p, distinct):
            n = per_source[src.id] = per_source.get(src.id, -1) + 1
            if lost and not self.chars.of(p).keeps_grant(self.timestamp_of(src)):
                continue  # 613.7: granted before the loss, removed by it
            listed.append(
                ListedAbility(
                    len(listed),
                    a,
                    "granted",
                    src,
                    id=f"granted:{src.id}:{n}",
                    condition=self._condition_words.get((src.id, id(a))),
                )
            )
        return listed

    def timestamp_of(self, src: Source) -> tuple[int, int, int]:
        """613.7: a source's timestamp order (its own `timestamp`, else battlefield order, then
        effects order), comparable with the layer effects' (characteristics.py)."""
        n = len(self.board.permanents)
        if src.is_effect:
            return timestamp_order(src.index, self.board.effects[src.index].timestamp, True, n)
        return timestamp_order(src.index, self.board.permanents[src.index].timestamp, False, n)

    # -- replacement effects and triggers on mana production --

    def replacement_sources(self) -> list[Source]:
        seen: dict[str, Source] = {}
        for r in self.replacements:
            seen.setdefault(r.source.id, r.source)
        return list(seen.values())

    def applicable_replacements(
        self, p: Permanent, ability: ManaAbility
    ) -> list[SourcedReplacement]:
        """Replacement effects that apply to this ability's production event, apart from a
        min_amount that is looked at while applying (616.1e)."""
        if not taps_for_mana(ability):
            # 106.12, 106.12b: only "tapped for mana" events are replaced; {Q} and sacrifice
            # abilities (Pili-Pala, Squandered Resources) are not tapping for mana, nor is an
            # ability with a target (605.5a: not a mana ability).
            return []
        traits = self.traits(p)
        general = self._repl_by_traits.get(traits)
        if general is None:
            general = [
                r
                for r in self.replacements
                if not r.effect.source.per_object
                and selector_matches(
                    r.effect.source, r.source.controller, r.source.attached_to, p.id, traits
                )
                and (not r.effect.tapped_by_you or traits.controller == r.source.controller)
            ]
            self._repl_by_traits[traits] = general
        attached = [
            r
            for r in (*self._attached_replacements.get(p.id, ()), *self._object_replacements)
            if self.matches(r.effect.source, r.source, p)
            and (not r.effect.tapped_by_you or traits.controller == r.source.controller)
        ]
        found = (
            general
            if not attached
            else sorted([*general, *attached], key=lambda r: r.source.order_key)
        )
        if len(found) > MAX_REPLACEMENTS_PER_EVENT:
            # An explicit bound on one question's work: no real game has this many.
            raise QuestionError(
                ("state",),
                f"{len(found)} replacement effects apply to one mana event of {p.id!r}; "
                f"the limit is {MAX_REPLACEMENTS_PER_EVENT}",
                "too_many_replacement_effects",
            )
        return found

    def _counted(self, t: SourcedTrigger) -> SourcedTrigger:
        """The trigger with how often it adds its mana ("for each Elf"), counted now."""
        if t.trigger.per_count is None:
            return t
        return replace(t, times=len(self.matching(t.trigger.per_count, t.source)))

    def _any_controller(self, sel: Selector) -> Selector:
        """The selector widened to any controller's permanents, built once per selector."""
        found = self._widened.get(id(sel))
        if found is None:
            found = self._widened[id(sel)] = selector_with(sel, controller="any")
        return found

    def matching_triggers(self, p: Permanent, adder: str | None = "") -> list[SourcedTrigger]:
        """Triggered mana abilities that watch this permanent (whether they fire depends on
        the ability and the mana made: 106.12a). `adder`: the player who adds the ability's
        mana (106.3), "" for its controller, None when not known; a trigger on the mana "you"
        add (Caged Sun: `tapped_by_you` without `requires_tap`) needs it (QuestionError on
        ("player",) when it is None)."""
        traits = self.traits(p)
        found: list[SourcedTrigger] = []
        for t in self.triggers:
            # On the mana "you" add, a land "you control" stands for the land whose ability
            # makes you add it; when another player may add it, any land's ability counts.
            by_adder = t.trigger.tapped_by_you and not t.trigger.requires_tap and adder != ""
            sel = t.trigger.source
            if by_adder and sel.controller == "you":
                sel = self._any_controller(sel)
            watches = selector_matches(
                sel, t.source.controller, t.source.attached_to, p.id, traits, t.source.id
            )
            if not watches:
                continue
            if t.trigger.source_named_exiled and (holder := self.board.get(t.source.id)):
                # Still unresolved: the cards exiled with it weren't given (chosen_for fills
                # them in when they are), and this question needs them (607.2a).
                exiled_of(holder)
            who = traits.controller
            if by_adder:
                if adder is None:
                    raise QuestionError(
                        ("player",),
                        f"{t.source.label} triggers only on mana its controller adds, and the "
                        "ability's mana goes to a player chosen as it resolves, to its target or "
                        "to each player: send 'player', the player whose mana is asked about "
                        "(106.3)",
                        "player_required",
                    )
                who = adder
            if not t.trigger.tapped_by_you or who == t.source.controller:
                if t.trigger.if_snow_mana is not None and "snow" in traits.supertypes:
                    t = replace(t, snow=True)  # 205.4a: "if that land is snow, ... instead"
                found.append(self._counted(t))
        return found


@dataclass(frozen=True, slots=True)
class PassedOver:
    """An effect on the board about mana that its own words keep from this permanent: its
    source, what it does ("replaces the mana of", "triggers on", "gives a mana ability to"),
    whom it reaches, and the rules that say an effect reaches only what it says."""

    source: Source
    does: str
    reaches: Selector
    rules: tuple[str, ...]


def passed_over_replacements(
    view: BoardView, p: Permanent, ability: ManaAbility, applied: list[SourcedReplacement]
) -> list[PassedOver]:
    """616.1: the replacement effects on mana that don't reach this permanent's tapping for
    mana (their own selector leaves it out); none for an ability that isn't tapping for mana
    (106.12), which no such effect replaces."""
    if not taps_for_mana(ability):
        return []
    kept = {id(r) for r in applied}
    return [
        PassedOver(
            r.source,
            "replaces the mana its controller taps from"
            if r.effect.tapped_by_you
            else "replaces the mana of",
            r.effect.source,
            ("614.1", "616.1"),
        )
        for r in view.replacements
        if id(r) not in kept
    ]


def passed_over_triggers(view: BoardView, watching: list[SourcedTrigger]) -> list[PassedOver]:
    """603.2, 106.12a: the triggered mana abilities on the board that don't watch this
    permanent (their own selector leaves it out, or the mana isn't their controller's)."""
    kept = {(t.source.id, id(t.trigger)) for t in watching}
    return [
        PassedOver(
            t.source,
            "triggers on mana its controller adds from"
            if t.trigger.tapped_by_you
            else "triggers on the mana of",
            t.trigger.source,
            ("603.2", "106.12a"),
        )
        for t in view.triggers
        if (t.source.id, id(t.trigger)) not in kept
    ]


def passed_over_grants(view: BoardView, p: Permanent) -> list[PassedOver]:
    """613.1f: the mana abilities effects on the board give that don't reach this permanent."""
    return [
        PassedOver(src, "gives a mana ability to", grant.to, ("613.1f",))
        for src, grant in view.grants
        if not view.matches(grant.to, src, p)
    ]


def own_effect_grant_steps(view: BoardView, lacking: Iterable[Permanent]) -> list[Step]:
    """For each permanent without a mana ability whose own card gives one only through an
    effect it makes (a Saga's chapter, a loyalty ability, 613.1f): where it would come from,
    what a question that lacks it should send; or, where the state has that effect, what took
    the ability away (a newer "loses all abilities", 613.7)."""
    steps: list[Step] = []
    for p in lacking:
        if not any(
            isinstance(a, GrantManaAbility) and a.works_from == "effect" for a in p.face.abilities
        ):
            continue
        given = [
            src
            for e, src in zip(view.board.effects, view.effect_sources, strict=True)
            if e.target == p.id and e.card.name in (p.card.name, p.face.name)
        ]
        m = Mentions()
        if given:
            chars = view.chars.of(p) if view.layer_effects.layer6_loss else None
            if chars is None or all(chars.keeps_grant(view.timestamp_of(s)) for s in given):
                continue  # the effect is there, and no loss took its ability: nothing to add
            steps.append(
                m.step(
                    f"{labels(given, m=m)} gave {m.label(p.name, p.id)} a mana ability, but an "
                    "effect that makes it lose all abilities is newer and removes it with the "
                    "rest (613.1f, 613.7).",
                    ("613.1f", "613.7"),
                )
            )
            continue
        # A copy has the copied card's abilities (707.2): the entry names that card.
        card = p.face.name if p.face.name != p.name else "the card"
        steps.append(
            m.step(
                f"{m.label(p.name, p.id)} gets a mana ability only through an effect it makes "
                "(a chapter or other ability that resolves, 613.1f); once that effect has "
                f"resolved, it is an entry of the state's effects naming {card}, with the "
                "permanent it changed as its target.",
                ("613.1f",),
            )
        )
    return steps


def unlisted_effect_steps(view: BoardView) -> list[Step]:
    """611.2a: a permanent on the board whose card changes mana only through an effect its
    own ability makes for a time (an upkeep trigger's "until end of turn, lands tapped for
    mana produce ...", an activation's): that effect is an entry of the state's effects, and
    with none from its card it changes nothing. One step per such card (one look per kind)."""
    listed = {e.card.name for e in view.board.effects}
    unlisted: dict[str, list[int]] = {}
    for kind in view.kinds()[0]:
        p = kind.first
        if p.face.name in listed or p.card.name in listed:
            continue
        if any(
            isinstance(a, ManaReplacement | ManaTrigger) and a.works_from == "effect"
            for a in p.face.abilities
        ):
            unlisted.setdefault(p.face.name, []).extend(kind.members)
    steps: list[Step] = []
    for members in unlisted.values():
        m = Mentions()
        perms = view.board.permanents
        shown = [source_label(m, view.source(perms[i])) for i in sorted(members)[:5]]
        one = len(members) == 1
        steps.append(
            m.step(
                f"{bounded_total(shown, len(members))} change{'s' if one else ''} mana only "
                f"through an effect {'its' if one else 'their'} own ability makes for a time, "
                "which is an entry of the state's effects once it has resolved; the state "
                f"lists none from {'it' if one else 'them'}, so "
                f"{'it changes' if one else 'they change'} nothing here.",
                ("611.2a",),
            )
        )
    return steps


def taps_for_mana(a: ManaAbility) -> bool:
    """106.12: tapping a permanent for mana is activating one of its mana abilities with {T} in
    its cost; an ability with a target is no mana ability (605.5a)."""
    return a.cost.tap and a.is_mana_ability


def labels(sources: Iterable[Source], limit: int = 5, m: Mentions | None = None) -> str:
    """'A (a), B (b) and 3 more' — bounded lists for explanations; with `m`, the sources
    shown are recorded as mentioned."""
    items = list(sources)
    if m is None:
        return bounded_list([s.label for s in items], limit)
    return bounded_total([source_label(m, s) for s in items[:limit]], len(items))


def source_label(m: Mentions, s: Source) -> str:
    """ "Name (id)" of a permanent or an effect, recorded."""
    return m.label(s.name, s.id, permanent=not s.is_effect, line=s.line)


def group_label(m: Mentions, sources: list[Source]) -> str:
    """ "Toll Post (p1)", or "Toll Post (p1) and 11 more like it"."""
    first = source_label(m, sources[0])
    return first if len(sources) == 1 else f"{first} and {len(sources) - 1} more like it"


def replacement_label(m: Mentions, r: Replacement) -> str:
    label = m.label(r.name, r.source_id, permanent=r.on_battlefield) if r.name else r.source_id
    # One of its source's several effects on the event: also the key an order names it by.
    return f"{label}, effect {r.key}" if r.key else label


def printed_traits(
    controllers: Mapping[str, str], equipped: frozenset[str], p: Permanent
) -> Traits:
    """The printed face's characteristics with its controller after layer 2 (`controllers`:
    the permanents whose control changed; `equipped`: those an Equipment is attached to)."""
    face = p.face
    return Traits(
        controllers.get(p.id, p.controller),
        face.type_set,
        face.subtype_set,
        face.supertype_set,
        face.color_set,
        p.tapped,
        p.token,
        counters_of(p),
        p.face.name.casefold(),  # the face on the battlefield (201.2)
        face.keyword_set,
        p.id in equipped,
    )
