"""Question normalization: what a question *is*, whatever its spelling (and so its ruling id,
app/rulings/identity.py). One function per kind; each takes the validated request (any object
with the request's fields, e.g. the router's Pydantic model) and the catalog, and returns the
normalized question (a JSON-ready dict) with the inputs the engine needs, resolved.

Equal questions normalize alike: card names in the catalog's spelling (any case, accents,
a face's name), face and cost names in the card's spelling, a `choose` as the engine names it,
a game state with catalog names and counters spelled canonically. Nothing here needs HTTP;
errors are QuestionErrors naming the field.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain, repeat
from typing import Any, Protocol

import orjson
from pydantic import BaseModel

from app.catalog import Catalog
from app.catalog.names import fold
from app.domain.card import Card
from app.domain.errors import QuestionError
from app.domain.state import (
    GameState,
    PermanentIn,
    canonical_battlefield,
    class_firsts,
    whole_permanent,
)
from app.engine.activate import named_ability, normalize_choose
from app.engine.board import BoardView
from app.engine.free_cast import door_locked, doors_spelled, resolve_face
from app.engine.mana_value import Zone, room_doors
from app.rulings.fastpath import mark_server_picked
from app.rulings.json_text import json_bytes
from app.rulings.resolve import (
    CheckedState,
    asked_face,
    check_state,
    checked_definition,
    cost_spelling,
    named_face,
    require_permanent,
    resolve_card,
)

# JSON clients (JavaScript) read integers exactly only up to 2**53 - 1.
MAX_SEED = 2**53 - 1


class _Request(Protocol):
    def model_dump(self, *, mode: str = ..., exclude: set[str] | None = ...) -> dict[str, Any]: ...


class StateRequest(_Request, Protocol):
    @property
    def state(self) -> GameState: ...
    @property
    def permanent_id(self) -> str | None: ...


class ActivateRequest(StateRequest, Protocol):
    @property
    def permanent_id(self) -> str: ...
    @property
    def ability(self) -> int | str | None: ...
    @property
    def choose(self) -> str | None: ...
    @property
    def trigger_choices(self) -> dict[str, str] | None: ...
    @property
    def replacement_order(self) -> Sequence[str] | None: ...


class CardRequest(_Request, Protocol):
    @property
    def card(self) -> str: ...
    @property
    def face(self) -> str | None: ...


class ManaValueRequest(CardRequest, Protocol):
    @property
    def zone(self) -> Zone: ...
    @property
    def unlocked(self) -> list[str] | None: ...


class _OnBoard(Protocol):
    """The game a question casts a spell in (app/api/routers/free_cast.CastOnBoard)."""

    @property
    def state(self) -> GameState | None: ...
    @property
    def caster(self) -> str | None: ...


class FreeCastRequest(CardRequest, _OnBoard, Protocol):
    @property
    def cast_from(self) -> str | None: ...
    @property
    def sorcery_timing(self) -> bool | None: ...
    @property
    def alternative_cost(self) -> str | None: ...
    @property
    def additional_costs(self) -> Sequence[str]: ...
    @property
    def unpayable(self) -> Sequence[str]: ...


class RevealRequest(_Request, _OnBoard, Protocol):
    @property
    def library(self) -> Sequence[str | Card]: ...
    @property
    def face(self) -> str | None: ...
    @property
    def unpayable(self) -> Sequence[str]: ...
    @property
    def additional_costs(self) -> Sequence[str]: ...
    @property
    def x(self) -> int: ...
    @property
    def mode(self) -> str: ...
    @property
    def seed(self) -> int | None: ...


class ExiledRequest(Protocol):
    @property
    def card(self) -> str | Card: ...
    @property
    def face_up(self) -> bool: ...


class MulliganRequest(_Request, Protocol):
    @property
    def hand(self) -> Sequence[str | Card]: ...
    @property
    def library(self) -> Sequence[str | Card]: ...
    @property
    def exile(self) -> Sequence[ExiledRequest]: ...
    @property
    def bottom(self) -> Sequence[str]: ...
    @property
    def action(self) -> str: ...
    @property
    def seed(self) -> int | None: ...


@dataclass(frozen=True, slots=True)
class StateQuestion:
    """A question about a game state: normalized, and the state checked against the catalog."""

    question: dict[str, Any]
    checked: CheckedState
    choose: str | None = None
    # The board's view, when normalizing the question built it (activate_question): the
    # engine reads the same one.
    view: BoardView | None = None


@dataclass(frozen=True, slots=True)
class CastBoard:
    """The game a spell is cast in (601.2f): the state checked, and who casts the spell."""

    checked: CheckedState
    caster: str


@dataclass(frozen=True, slots=True)
class CardQuestion:
    """A question about one card: normalized (the dict, with the catalog's spellings), the
    card it names, and the game it is cast in when the question gives one."""

    question: dict[str, Any]
    card: Card
    board: CastBoard | None = None
    # The cost names as the request lists them, in the catalog's spelling (the question keeps
    # them sorted: the order they are named in means nothing, 601.2f), for errors that point
    # at one by its place in the request.
    costs_as_sent: tuple[list[str], list[str]] = ([], [])

    @property
    def read(self) -> tuple[list[str], list[Card]]:
        return cards_read([self.card], self.board)


def cards_read(cards: Sequence[Card], board: CastBoard | None) -> tuple[list[str], list[Card]]:
    """Every card a question reads, its own and its board's: their names, sorted, and the
    cards (for the ruling's cards and caveats)."""
    used = [*cards, *(board.checked.used_cards if board else ())]
    return sorted({c.name for c in used}), used


@dataclass(frozen=True, slots=True)
class LibraryQuestion:
    """A question about cards in zones: normalized, the cards in order, and the seed."""

    question: dict[str, Any]
    library: list[Card]
    seed: int | None
    hand: tuple[Card, ...] = ()
    exile: tuple[tuple[Card, bool], ...] = ()
    bottom: tuple[Card, ...] = ()
    board: CastBoard | None = None  # the game a hit is cast in (601.2f)


def pick_seed(seed: int | None) -> int:
    """The seed to use: the client's, else a fresh one the ruling records (docs/api.md)."""
    if seed is not None:
        return seed
    mark_server_picked()  # the same bytes again are a new question: never an alias hit
    return secrets.randbelow(MAX_SEED + 1)


def resolve_cards(
    catalog: Catalog, items: Sequence[str | Card], field: str, within: tuple[str, ...] = ()
) -> tuple[list[Card], list[Any]]:
    """Cards given by name or inline definition, and their normalized spelling for the
    question: catalog names in catalog spelling, definitions as sent (derived fields dropped),
    but a definition that is a catalog card (checked_definition) by that card's name.
    `within`: where in each list entry the card is (an exiled card's `card`)."""
    cards: list[Card] = []
    normalized: list[Any] = []
    for i, item in enumerate(items):
        if isinstance(item, Card):
            card = checked_definition(catalog, item, (field, i, *within))
            cards.append(card)
            normalized.append(
                card.name  # the catalog's card, sent back as served: named as it
                if card is not item
                else item.model_dump(mode="json", exclude={"mana_value", "type_line"})
            )
        else:
            card = resolve_card(catalog, item, (field, i, *within))
            cards.append(card)
            normalized.append(card.name)
    return cards, normalized


_STATE_JSON = GameState.__pydantic_serializer__
# How the state's text names its battlefield when it has none: no string in JSON text can hold
# this (each quote inside a string is escaped), so its first occurrence is the field itself.
_NO_BATTLEFIELD = b'"battlefield":[]'


def _model_json(value: object) -> object:
    """What orjson can't write itself: a card given as a permanent's definition, as its model
    dumps it."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    raise TypeError(f"{type(value).__name__} is not JSON")


def state_json(state: GameState, classes: Sequence[int] = ()) -> bytes:
    """The state's JSON text, byte for byte what its model writes
    (tests/rulings/test_permanent_dump.py): the battlefield's permanents, whole
    (canonical_battlefield), by orjson, which writes 10,000 of them in a tenth of the time
    pydantic's serializer takes to walk them; the rest of the state by the model. `classes`:
    check_state's classes of the battlefield (CheckedState.classes), if known."""
    if not state.battlefield:
        return _STATE_JSON.to_json(state)
    rest = _STATE_JSON.to_json(state.model_copy(update={"battlefield": []}))
    head, found, tail = rest.partition(_NO_BATTLEFIELD)
    assert found, "a state's text names its battlefield"
    permanents = (
        _battlefield_by_class(state.battlefield, classes)
        if _classes_pay(classes)
        else json_bytes(canonical_battlefield(state.battlefield), _model_json)
    )
    return b"".join((head, b'"battlefield":', permanents, tail))


def _classes_pay(classes: Sequence[int]) -> bool:
    """Whether writing the battlefield by class is the cheaper way: it calls orjson once per
    class and once per permanent in no class, and a call costs about what writing four
    permanents whole in one call does (a board of 10,000 permanents with counters, each in no
    class, took 36 ms by class against 6 ms whole)."""
    if not classes:
        return False
    calls = classes.count(-1) + max(classes) + 1  # classes are numbered from 0
    return calls * 8 <= len(classes)


_ID_HEAD = b'{"id":"'
_BETWEEN_STRINGS = b'","'


def _battlefield_by_class(battlefield: Sequence[PermanentIn], classes: Sequence[int]) -> bytes:
    """The battlefield's text when its classes are known: the permanents of one class differ
    in their ids alone, and a whole permanent's text starts with its id, so a class's first
    permanent is written whole and the others are their ids and the rest of its text; a
    permanent in no class is written whole.

    The ids are encoded in one call (orjson's cost is mostly per call) and split apart where
    one string ends and the next begins: `","` occurs nowhere inside a JSON string, whose
    quotes are all escaped."""
    ids = json_bytes([p["id"] for p in battlefield])[2:-2].split(_BETWEEN_STRINGS)
    rest_of = [_rest_after_id(battlefield[i], ids[i]) for i in class_firsts(classes)]
    if -1 not in classes:  # every permanent in a class: the text joined at C speed
        heads = chain((b"[" + _ID_HEAD,), repeat(b"," + _ID_HEAD))
        texts = zip(heads, ids, map(rest_of.__getitem__, classes), strict=False)  # heads: endless
        return b"".join(chain(chain.from_iterable(texts), (b"]",)))
    permanents = [
        _ID_HEAD + encoded_id + rest_of[c] if c >= 0 else _whole_text(p)
        for p, c, encoded_id in zip(battlefield, classes, ids, strict=True)
    ]
    return b"[" + b",".join(permanents) + b"]"


def _whole_text(p: PermanentIn) -> bytes:
    return json_bytes(whole_permanent(p), _model_json)


def _rest_after_id(p: PermanentIn, encoded_id: bytes) -> bytes:
    """A whole permanent's text after its id."""
    whole, start = _whole_text(p), _ID_HEAD + encoded_id + b'"'
    assert whole.startswith(start), "a whole permanent's text starts with its id"
    return whole[len(start) - 1 :]


def state_question(
    state: GameState, rest: dict[str, Any], classes: Sequence[int] = ()
) -> dict[str, Any]:
    """A question holding a game state: the state dumped straight to JSON text, as a fragment
    the ruling's body and its canonical JSON take as it is (app/rulings/json_text.py), then
    the question's other fields (`rest`, small).

    Dumped to text, 10,000 permanents build no Python object each, and are encoded once, not
    dumped to dicts, sorted for the ruling id and encoded again for the body. The state's text
    is canonical by itself: its objects come in their models' field order whatever the order
    they were sent in, and its maps keep their keys in order (app/domain/base.KEY_ORDERED);
    around it, the question's own keys are sorted for its canonical JSON, as any question's."""
    return {"state": orjson.Fragment(state_json(state, classes)), **rest}


def _state_question(body: StateRequest, checked: CheckedState) -> dict[str, Any]:
    """The request's fields with the normalized state (the body's own when check_state
    respelled nothing)."""
    rest = body.model_dump(mode="json", exclude={"state"})
    return state_question(checked.state, rest, checked.classes)


def could_produce_question(catalog: Catalog, body: StateRequest) -> StateQuestion:
    checked = check_state(catalog, body.state, ("state",))
    if body.permanent_id is not None:
        require_permanent(checked, body.permanent_id, ("permanent_id",))
    return StateQuestion(_state_question(body, checked), checked)


def activate_question(catalog: Catalog, body: ActivateRequest) -> StateQuestion:
    checked = check_state(catalog, body.state, ("state",))
    require_permanent(checked, body.permanent_id, ("permanent_id",))
    choose = normalize_choose(body.choose)
    # An ability named by index, by stable id, or (the only one) not at all is one question.
    view = BoardView(checked.board())
    ability = named_ability(view, body.permanent_id, body.ability)
    question = _state_question(body, checked) | {"choose": choose, "ability": ability}
    if not body.replacement_order:
        question["replacement_order"] = None  # an empty priority list asks for no order
    if body.trigger_choices:
        question["trigger_choices"] = {
            source: normalize_choose(key, ("trigger_choices", source))
            for source, key in sorted(body.trigger_choices.items())
        }
    return StateQuestion(question, checked, choose, view)


def mana_value_question(catalog: Catalog, body: ManaValueRequest) -> CardQuestion:
    card = resolve_card(catalog, body.card, ("card",))
    # The catalog's spelling; a card named by one face means that face where a face matters
    # (on the stack or the battlefield).
    face = asked_face(card, body.face) if body.face else None
    if face is None and body.face is None and body.zone in ("stack", "battlefield"):
        face = named_face(card, body.card)
    # Left out unless given, so that a question without it is identified as before it existed.
    question = body.model_dump(mode="json", exclude={"unlocked"}) | {
        "card": card.name,
        "face": face,
    }
    if body.unlocked is not None:
        question |= _doors_question(card, face, room_doors(card, body.zone, body.unlocked))
    elif card.is_room and body.zone == "battlefield" and face == card.name:
        # A Room named whole on the battlefield: both doors, or none, or one? (709.5)
        raise QuestionError(
            ("unlocked",),
            f"{card.name} is a Room on the battlefield named whole: say which doors are "
            "unlocked in 'unlocked' (one, both or []), or name its one unlocked door in 'face'",
            "unlocked_required",
        )
    return CardQuestion(question, card)


def _doors_question(card: Card, face: str | None, doors: frozenset[int]) -> dict[str, Any]:
    """A Room's unlocked doors (709.5) normalized: one door is that door as `face`; none or
    both, the doors in card order and spelling, and no `face`. A door named as the one it is
    on must be unlocked."""
    named = resolve_face(card, face, ("face",)) if face not in (None, card.name) else None
    if named is not None and card.card_faces.index(named) not in doors:
        raise door_locked(card, card.card_faces.index(named), ("unlocked",))
    spelled = doors_spelled(card, doors)
    if spelled is None:
        return {"face": card.card_faces[min(doors)].name}
    return {"face": None, "unlocked": spelled}


# Facts about a free cast that only a board's effects on spells read, and what each says.
_CAST_FACTS = {
    "cast_from": "where the spell is cast from",
    "sorcery_timing": "whether the spell is cast at a time its caster could cast a sorcery",
}


def free_cast_question(catalog: Catalog, body: FreeCastRequest) -> CardQuestion:
    card = resolve_card(catalog, body.card, ("card",))
    # Catalog spellings, and a card named by one face means that face.
    alternative = cost_spelling([card], [body.alternative_cost]) if body.alternative_cost else []
    update: dict[str, Any] = {
        "card": card.name,
        "face": asked_face(card, body.face) if body.face else named_face(card, body.card),
        "alternative_cost": alternative[0] if alternative else None,
    }
    sent = (
        cost_spelling([card], list(body.additional_costs)),
        cost_spelling([card], list(body.unpayable)),
    )
    update |= {"additional_costs": sorted(sent[0]), "unpayable": sorted(sent[1])}
    question = body.model_dump(mode="json", exclude={"state"}) | update
    for fact, says in _CAST_FACTS.items():
        if getattr(body, fact) is not None and body.state is None:
            # Like caster: a fact about the cast that only the board's effects on spells read.
            raise QuestionError(
                (fact,),
                f"{fact} says {says}, for the board in 'state' whose effects on spells read "
                f"it, and no state was given: give the state, or leave {fact} out",
                "state_required",
            )
    board = cast_board(catalog, body.state, body.caster)
    return CardQuestion(_on_board(question, board), card, board, sent)


def cast_board(catalog: Catalog, state: GameState | None, caster: str | None) -> CastBoard | None:
    """The board a spell is cast on, checked, and its caster: the one named, else the active
    player. A caster without a board, or a board without a caster, is a 422."""
    if state is None:
        if caster is not None:
            raise QuestionError(
                ("caster",),
                "caster says who casts the spell on the board in 'state', and no state was "
                "given: give the state, or leave caster out",
                "state_required",
            )
        return None
    checked = check_state(catalog, state, ("state",))
    who = caster if caster is not None else state.active_player
    if who is None:
        raise QuestionError(
            ("caster",),
            "who casts the spell decides which of the board's cost effects apply (\"spells "
            "your opponents cast\"): give caster, or the state's active_player",
            "caster_required",
        )
    return CastBoard(checked, who)


def reveal_question(catalog: Catalog, body: RevealRequest) -> LibraryQuestion:
    library, normalized = resolve_cards(catalog, body.library, "library")
    seed = pick_seed(body.seed)
    # The catalog's spellings of the face and cost names, so equal questions are one.
    face = _reveal_face(library, body.face)
    # An X of 0 is left out, so questions asked before the field existed keep their ids.
    question = body.model_dump(mode="json", exclude={"state"} | ({"x"} if not body.x else set()))
    question |= {
        "face": face,
        "unpayable": sorted(cost_spelling(library, list(body.unpayable))),
        "additional_costs": sorted(cost_spelling(library, list(body.additional_costs))),
        "library": normalized,
        "seed": seed,
    }
    board = cast_board(catalog, body.state, body.caster)
    if body.mode == "cascade" and board is not None:
        _cascading_spell_cast(board)
    return LibraryQuestion(_on_board(question, board), library, seed, board=board)


def _reveal_face(library: list[Card], face: str | None) -> str | None:
    """A reveal's `face` in the catalog's spelling, or None where it changes nothing: on every
    card of the library that has it, it is the card's whole name (but a split card's, cast
    fused) or its front face, which the hit is cast as anyway. A name no card of the library
    has, or one naming a card as it can't be cast (a split card without fuse named whole), is
    a QuestionError whatever the hit (the client can't know it before asking)."""
    if face is None:
        return None
    having = [c for c in library if c.is_named(face)]
    if not having:
        raise QuestionError(
            ("face",), f"no card of the library has a face named {face!r}", "no_such_face"
        )
    for card in having:
        resolve_face(card, face, ("face",))  # what the engine would refuse were it the hit
    chosen = [
        spelled
        for card in having
        if (spelled := asked_face(card, face)) is not None and spelled != card.front.name
    ]
    return chosen[0] if chosen else None


def _cascading_spell_cast(board: CastBoard) -> None:
    """702.85a: cascade triggers as its controller casts the spell that has it, and that
    player casts the hit: they have cast a spell this turn already (601.2i), which the state's
    facts about them must not deny."""
    facts = board.checked.state.players.get(board.caster)
    if facts is None:
        return
    loc = ("state", "players", board.caster)
    if facts.spells_cast_this_turn == 0:
        raise QuestionError(
            (*loc, "spells_cast_this_turn"),
            f"a cascade is cast by {board.caster}, who cast the spell with cascade this turn "
            "(702.85a): spells_cast_this_turn is at least 1 (it counts that spell)",
            "inconsistent_state",
        )
    if facts.spells_cast == []:
        raise QuestionError(
            (*loc, "spells_cast"),
            f"a cascade is cast by {board.caster}, who cast the spell with cascade this turn "
            "(702.85a): spells_cast lists it",
            "inconsistent_state",
        )


def _on_board(question: dict[str, Any], board: CastBoard | None) -> dict[str, Any]:
    """The question with the board a spell is cast on, and the caster the answer used (so
    naming the active player and leaving it to default are one question)."""
    if board is None:
        return question
    on_board = state_question(board.checked.state, question, board.checked.classes)
    on_board["caster"] = board.caster
    return on_board


def _bottom(catalog: Catalog, hand: list[Card], names: Sequence[str]) -> list[Card]:
    """Bottom names a card in hand: a card defined inline there is found by its name or a
    face's too, in any spelling, as a catalog card is."""
    in_hand: dict[str, Card] = {}
    for card in hand:
        for name in (card.name, *(f.name for f in card.card_faces)):
            in_hand.setdefault(fold(name), card)
    return [
        in_hand.get(fold(n)) or resolve_card(catalog, n, ("bottom", i)) for i, n in enumerate(names)
    ]


def mulligan_question(catalog: Catalog, body: MulliganRequest) -> LibraryQuestion:
    hand, hand_question = resolve_cards(catalog, body.hand, "hand")
    library, library_question = resolve_cards(catalog, body.library, "library")
    bottom = _bottom(catalog, hand, body.bottom)
    exile_cards, exile_question = resolve_cards(
        catalog, [e.card for e in body.exile], "exile", ("card",)
    )
    exile = tuple((c, e.face_up) for c, e in zip(exile_cards, body.exile, strict=True))
    # Only a mulligan shuffles; other actions need no seed, so none is invented for them, and
    # one sent is left out: it changes nothing, so the question is the one without it.
    seed = pick_seed(body.seed) if body.action == "mulligan" else None
    question = body.model_dump(mode="json") | {
        "hand": hand_question,
        "library": library_question,
        "bottom": [c.name for c in bottom],
        "exile": [
            {"card": card, "face_up": e.face_up}
            for card, e in zip(exile_question, body.exile, strict=True)
        ],
        "seed": seed,
    }
    return LibraryQuestion(question, library, seed, tuple(hand), exile, tuple(bottom))
