"""A spell cast on a board: what the permanents' static abilities about spells read of it and
of the game. Shared by what spells cost (601.2f, free_cast.py) and which spells can't be cast
(601.3, cast_bans.py): the spell's characteristics on the stack, who casts it, the zone it is
cast from (601.2a), whose turn it is and how many spells its caster has cast this turn; and
the grouping of alike effects, which a board may hold by the thousand."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar, get_args

from pydantic import BaseModel

from app.domain.base import CardType
from app.domain.card import CardFace
from app.domain.costs import CAST_ZONES, CastZone, ChosenSpells, During, FromZones
from app.domain.errors import QuestionError, card_type_chosen
from app.domain.filters import (
    AnyOf,
    HasColor,
    HasManaValue,
    HasName,
    HasSubtype,
    HasType,
    Looker,
    Selector,
    Traits,
    filter_reads,
    with_condition,
)
from app.domain.ruling import Mentions, Step
from app.domain.state import Permanent
from app.engine.board import (
    BoardView,
    Source,
    active_player,
    chosen_type_of,
    exiled_of,
    given,
    given_for_player,
    player_count,
    source_label,
    with_chosen_name,
)


@dataclass(frozen=True, slots=True)
class BoardCosts:
    """The game a spell is cast in: the board, whose permanents' static abilities may change
    what spells cost (601.2f) or stop them (601.3), who casts it, and the zone it is cast from
    (601.2a) when the question says."""

    view: BoardView
    caster: str
    # A hand, graveyard or library is the caster's own (docs/rules.md section 6); None: not
    # said, which an effect that asks for a zone refuses (cast_from_required).
    cast_from: CastZone | None = None
    # The rules that put the card in that zone, cited beside 601.2a (a cascade hit: 702.85a).
    cast_from_rules: tuple[str, ...] = ()
    # Whether it is cast when its caster could cast a sorcery (307.5); None: not said, which a
    # ban that reads it refuses (sorcery_timing_required). A cast during a resolution never is.
    sorcery_timing: bool | None = None
    # Spells its caster has surely cast this turn before it, whatever the state says: a
    # cascade's hit is cast by the player who cast the spell with cascade (702.85a, 601.2i).
    spells_before: int = 0

    def zone_rules(self, rule: str) -> tuple[str, ...]:
        """What a step about the zone the spell is cast from cites, after `rule` (the rule of
        the effect: 601.2f for a cost, 601.3 for a ban)."""
        return (rule, "601.2a", *self.cast_from_rules)


def seen_from_caster(costs: BoardCosts, name: str) -> Source:
    """The spell `name` on the stack as a looker: its caster controls it, and it is attached
    to nothing (for counts of permanents seen from the caster, "you" being the caster)."""
    return Source("", name, costs.caster, None, None, False, -1)


def spell_traits(caster: str, cast_face: CardFace) -> Traits:
    """The spell's characteristics on the stack, as the face cast has them, and its caster."""
    return Traits(
        caster,
        cast_face.type_set,
        cast_face.subtype_set,
        cast_face.supertype_set,
        cast_face.color_set,
        name=cast_face.name.casefold(),
        keywords=cast_face.keyword_set,
        # 202.3, 107.3b: on the stack X is the number chosen, and a free cast chooses 0.
        mana_value=cast_face.face_mana_value(0),
        x_in_mana_cost=cast_face.x_count > 0,  # 107.3: whatever X is chosen as
    )


# Steps naming an effect that doesn't apply, one each, before they are only counted.
_NOT_APPLYING_SAID = 10
_E = TypeVar("_E", bound=BaseModel)  # every effect kind is a pydantic model
# Why an effect doesn't apply to the spell, and the rules that say so; None when it does.
WhyNot = Callable[[Source, _E], tuple[str, tuple[str, ...]] | None]


def applying(
    steps: list[Step],
    effects: list[tuple[Source, _E]],
    why_not: WhyNot[_E],
    what: tuple[str, str],
) -> list[tuple[list[Source], _E]]:
    """The effects that apply, permanents of one card with the same effect grouped (one step
    and one entry say them all, in the order first met); each that doesn't apply gets a step
    saying why, the first ten, then a count of them: `what` is their name in the plural
    ("effects that change what spells cost") and the rule they rest on."""
    found: dict[tuple[str, str, str], tuple[list[Source], _E]] = {}
    keys: dict[int, str] = {}  # by id(): a catalog card's effect is one object for all
    left_out = 0
    for src, effect in effects:
        why = why_not(src, effect)
        if why is None:
            key = keys.get(id(effect))
            if key is None:
                key = keys[id(effect)] = effect.model_dump_json()
            # One that names spells by what its permanent chose is alike to no other: each
            # may have chosen differently, and its words say what it chose.
            own = src.id if isinstance(effect, ChosenSpells) and effect.chosen else ""
            found.setdefault((src.name, key, own), ([], effect))[0].append(src)
            continue
        left_out += 1
        if left_out <= _NOT_APPLYING_SAID:
            m = Mentions()
            steps.append(m.step(f"{source_label(m, src)}: {why[0]}", why[1]))
    if left_out > _NOT_APPLYING_SAID:
        steps.append(
            Mentions().step(
                f"{left_out - _NOT_APPLYING_SAID} more {what[0]} don't apply to this one either.",
                (what[1],),
            )
        )
    return list(found.values())


# Why an effect naming spells by what its permanent knows names none.
NONE_EXILED = "it names spells by the cards exiled with it, and none is."
NONE_CHOSEN = (
    "it names spells by what was chosen for it as it entered, and it became a copy after it "
    "entered, so nothing was."
)


def named_none(costs: BoardCosts, src: Source, rule: str) -> tuple[str, tuple[str, ...]]:
    """Why an effect naming spells by what its permanent knows names none (chosen_spells gave
    None), and the rules: `rule` the effect's own, then why none."""
    if costs.view.board.by_id[src.id].choices_unmade:
        return NONE_CHOSEN, (rule, "707.2")
    return NONE_EXILED, (rule, "607.2a")


def chosen_spells(
    costs: BoardCosts, src: Source, spells: Selector, chosen: ChosenSpells
) -> Selector | None:
    """The spells an effect names, with what its permanent knows filled in where it says so:
    the card name (201.3), creature type (205.3m), card type (205.2a), color (105.2) or number
    (107.1b) chosen for it, or the names of the cards its own ability exiled (607.2a); a 422
    asks for what the state doesn't give. None when it names no spell (nothing is exiled with
    it)."""
    if not chosen.chosen:
        return spells
    p = costs.view.board.by_id[src.id]
    if chosen.named_as_exiled:
        names = [n for card in exiled_of(p) for n in card.names]
        if not names:
            return None
        spells = with_condition(spells, AnyOf(of=[HasName(name=n) for n in names]))
    if p.choices_unmade and any(f != "named_as_exiled" for f in chosen.chosen):
        return None  # 707.2: nothing was chosen for the copy as it entered: it names no spell
    if chosen.to_chosen_name:
        spells = with_chosen_name(p, spells, "names spells by the card name chosen for it")
    if chosen.of_chosen_type:
        subtype = chosen_type_of(p)
        assert subtype is not None  # None only for a copy's, returned above
        spells = with_condition(spells, HasSubtype(subtype=subtype))
    if chosen.of_chosen_card_type:
        spells = with_condition(spells, _of_card_type(_chosen_card_type(p)))
    if chosen.of_chosen_color:
        why = "names spells by the color chosen for it (105.2): give it as 'chosen_color'"
        color = given(p, "chosen_color", p.chosen_color, why)
        # The state's chosen_color was checked as a color code when the question was read.
        spells = with_condition(spells, HasColor.model_validate({"color": color}))
    if chosen.of_chosen_number:
        why = "names spells by the number chosen for it (107.1b): give it as 'chosen_number'"
        n = given(p, "chosen_number", p.chosen_number, why)
        spells = with_condition(spells, HasManaValue(at_least=n, at_most=n))  # 202.3
    return spells


def _of_card_type(card_type: str) -> HasType:
    """Spells of a card type; a type no spell has (a plane, a dungeon: never cast) names none,
    as "land" does: no land is ever a spell (305.9)."""
    return HasType.model_validate(
        {"type": card_type if card_type in get_args(CardType) else "land"}
    )


def _chosen_card_type(p: Permanent) -> str:
    """205.2a: the card type chosen for it as it entered, its `chosen_type` in any case; a 422
    when that is no card type."""
    why = "names spells by the card type chosen for it (205.2a): give it as 'chosen_type'"
    said = given(p, "chosen_type", p.chosen_type, why)
    # Its words may limit the choice ("choose artifact, enchantment, or planeswalker").
    loc = ("state", "battlefield", p.index, "chosen_type")
    return card_type_chosen(said, p.face.chosen_type_among, loc, f"{p.name} ({p.id})")


# A zone a spell is cast from, in an effect's words (601.2a).
ZONE_WORDS: dict[CastZone, str] = {
    "hand": "a hand",
    "graveyard": "a graveyard",
    "exile": "exile",
    "library": "a library",
    "command": "the command zone",
}


def from_zones(effect: FromZones) -> str:
    """ "from a graveyard or from exile", "from anywhere other than a hand"; "" for none."""
    if effect.not_cast_from:
        return "from anywhere other than " + " or ".join(
            ZONE_WORDS[z] for z in effect.not_cast_from
        )
    return " or ".join(f"from {ZONE_WORDS[z]}" for z in effect.cast_from)


def _cast_from_words(zone: CastZone, caster: str) -> str:
    """Where this spell is cast from: a hand, graveyard or library is its caster's own."""
    return f"{caster}'s {zone}" if zone in ("hand", "graveyard", "library") else ZONE_WORDS[zone]


def zone_why_not(costs: BoardCosts, src: Source, effect: FromZones, does: str) -> str | None:
    """601.2a: the zone the spell is cast from (where its card was), which an effect may ask
    for; a 422 naming the request's cast_from when the question doesn't say it. `does`: what
    the effect does to spells ("changes what spells cost")."""
    if not effect.asks_zone:
        return None
    zone = costs.cast_from
    if zone is None:
        raise QuestionError(
            ("cast_from",),
            f"{src.label} {does} by the zone they are cast from: give cast_from "
            f"({', '.join(CAST_ZONES)})",
            "cast_from_required",
        )
    if zone in effect.not_cast_from or (effect.cast_from and zone not in effect.cast_from):
        return (
            f"it applies to spells cast {from_zones(effect)}, and this one is cast from "
            f"{_cast_from_words(zone, costs.caster)}."
        )
    return None


# Whose turn an effect applies in, by `during`: (whose turn, "not": any other's).
_DURING: dict[str, tuple[str, bool]] = {
    "your_turn": ("controller", False),
    "not_your_turn": ("controller", True),
    "casters_turn": ("caster", False),
    "not_casters_turn": ("caster", True),
}


# Whose turn an effect applies in, in words after what it does to spells.
DURING_WORDS = {
    "your_turn": " during its controller's turn",
    "not_your_turn": " during turns other than its controller's",
    "casters_turn": " during their caster's turn",
    "not_casters_turn": " except during their caster's turn",
}


def during_why_not(
    view: BoardView, src: Source, during: During | None, caster: str, does: str
) -> str | None:
    """Whose turn an effect applies in, read from the state's active_player (a 422 without
    one); None when it applies in this one. `does`: what the effect does to spells."""
    if during is None:
        return None
    whose, other = _DURING[during]
    player = src.controller if whose == "controller" else caster
    active = active_player(view.board, src.label, does)
    if (active == player) != other:
        return None
    said = "any turn but" if other else "the turn of"
    return (
        f"it applies in {said} its {'controller' if whose == 'controller' else 'caster'}, "
        f"{player}, and it is {active}'s turn."
    )


def spells_cast(view: BoardView, src: Source, caster: str, does: str) -> int:
    """How many spells the caster has cast this turn (601.2i), as the state's players say (the
    count, else the length of their list of spells cast); a 422 naming the count when neither
    is given. `does`: what the effect does with the count."""
    listed = view.board.spells_cast.get(caster)
    facts = view.board.players.get(caster)
    if listed is not None and facts is not None and facts.spells_cast_this_turn is None:
        return len(listed)
    why = f"{src.label} {does} by the spells its caster cast this turn"
    return player_count(view.board, caster, "spells_cast_this_turn", why)


def spells_cast_at_least(costs: BoardCosts, src: Source, does: str, needed: int) -> int:
    """How many spells the caster has cast this turn (spells_cast), or, where the state says
    nothing of it, the number the cast surely follows when that already reaches `needed`: a
    cascade's hit comes after the spell with cascade (702.85a, 601.2i)."""
    facts = costs.view.board.players.get(costs.caster)
    said = facts is not None and (
        facts.spells_cast_this_turn is not None or facts.spells_cast is not None
    )
    if not said and costs.spells_before >= needed:
        return costs.spells_before
    return spells_cast(costs.view, src, costs.caster, does)


def alike_spells_cast(
    view: BoardView, src: Source, caster: str, spells: Selector, does: str
) -> int:
    """How many of the spells the caster has cast this turn (601.2i) `spells` names, each as
    the face the state's `spells_cast` lists was cast; a 422 naming that list when it is
    missing. The name of a spell with {X} in its cost doesn't say the X it was cast with
    (202.3e), so a selector asking a mana value makes such a spell a 422 too."""
    why = f"{src.label} {does} by the spells of a kind its caster cast this turn"
    given_for_player(view.board, caster, "spells_cast", why)
    looker = Looker(src.controller, src.attached_to, src.id)
    asks_mana_value = "mana_value" in filter_reads(spells.as_filter())
    alike = 0
    for i, face in enumerate(view.board.spells_cast[caster]):
        if asks_mana_value and face.x_count:
            raise QuestionError(
                ("state", "players", caster, "spells_cast", i),
                f"{src.label} {does} by the mana values of the spells its caster cast this "
                f"turn, and the X {face.name} was cast with isn't known (202.3e)",
                "spells_cast_x_unknown",
            )
        alike += spells.matches(looker, "", spell_traits(caster, face))
    return alike
