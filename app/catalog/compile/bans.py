"""Sentences that stop spells from being cast (601.3): a permanent's static ability ("your
opponents can't cast spells during your turn", "you can't cast creature spells", "spells with
the chosen name can't be cast", "each player can't cast more than one spell each turn",
"players can cast spells only during their own turns") or a spell's effect for the turn
("your opponents can't cast spells this turn"). A free cast on a board reads them (118.9 gives
no permission past a "can't", 101.2). Any other wording is left not understood: who the
sentence names, which spells, in which turn, and how many, each read exactly or not at all."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Literal

from app.catalog.compile import ir
from app.catalog.compile.costs import chosen_in, either_kind_named, spells_named
from app.catalog.compile.phrases import NUMBER, number, selector, you_control

_WHO: dict[str, Literal["you", "opponent", "any"]] = {
    "You": "you",
    "Your opponents": "opponent",
    "Each opponent": "opponent",
    "Players": "any",
    "Each player": "any",
}
_WHO_WORDS = "|".join(_WHO)
# "Target player can't cast ... this turn": an effect's, on the player it targets (115.1).
_TARGET_PLAYER = "Target player"
# "<who> can't cast <spells>[ during your turn][ this turn].", the spells as a cost change
# names them ("creature spells", "spells with the chosen name", "spells from graveyards").
# A spell's effect lasts "this turn", or until its controller's next turn (611.2a: an entry
# stands for it while it is in force), said first or last.
_LASTS = r"(?P<eot> this turn| until your next turn| until the end of your next turn)?"
_UNTIL_NEXT_TURN = "Until your next turn, "
_UNTIL_END_OF_TURN = "Until end of turn, "
_DURING_COMBAT = "During combat, "
# A ban on activating abilities other than mana abilities beside the ban on casting: it bears
# on nothing the engine rules on (mana abilities stay, 605.1), so it is read and set aside.
_NOT_MANA_ABILITIES = re.compile(
    r"(?: or activate abilities|, and (?:that player|they) can't activate abilities) that "
    r"aren't mana abilities(?= this turn\.$|\.$)"
)
_CANT_CAST = re.compile(
    rf"^(?P<who>{_WHO_WORDS}|{_TARGET_PLAYER}) can't cast (?P<what>.+?)"
    rf"(?P<during> during your turn)?(?P<combat> during combat)?{_LASTS}\.$"
)
# "<spells> can't be cast[ this turn].": anyone's.
_CANT_BE_CAST = re.compile(rf"^(?P<what>.+?) can't be cast{_LASTS}\.$")
# "... spells with mana value greater than the number of turns they have begun", "... of lands
# that player controls": a bound of the caster's own (202.3).
_ABOVE_CASTERS = re.compile(
    r"^(?P<kinds>.+?) with mana value greater than the number of "
    r"(?P<count>turns they have begun|lands that player controls)$"
)
_CASTERS_COUNTS: dict[str, ir.CastersCount] = {
    "turns they have begun": "turns_begun",
    "lands that player controls": "lands",
}
# "... can't cast more than one spell each turn": a second spell of the turn is the first banned;
# "more than one noncreature spell each turn": the second of that kind (601.2i counts them).
_MORE_THAN_ONE = re.compile(r"^more than one (?:(?P<kind>[\w-]+(?: [\w-]+)?) )?spell each turn$")
# "Each opponent who has cast a sorcery spell this turn can't cast additional sorcery spells.":
# the same ban, said of the spells' kind twice.
_ADDITIONAL = re.compile(
    r"^(?P<who>Each player|Each opponent) who has cast an? (?P<kind>[\w-]+) spell this turn "
    r"can't cast additional (?P=kind) spells\.$"
)
# "[players] can cast spells only during their own turns", "[you] can cast spells only during
# your turn": a ban in every other turn.
_ONLY_OWN_TURN = re.compile(
    r"^(?:(?P<players>Players|Each player) can cast spells only during their own turns|"
    r"(?P<you>You) can cast spells only during your turn)\.$"
)
# "[who] can cast spells only any time they could cast a sorcery" (307.5).
_ONLY_AS_SORCERY = re.compile(
    rf"^(?P<who>{_WHO_WORDS}) can cast spells only any time (?:they|you) could cast a sorcery\.$"
)


# "During your turn, your opponents can't cast spells or activate abilities of <kinds of
# permanents>.": a ban on casting (601.3) and one on activating (602.5: mana abilities too),
# both in its controller's turn only.
_NOR_ACTIVATE = re.compile(
    r"^During your turn, your opponents can't cast spells or activate abilities of "
    r"(?P<what>[a-z, ]+)\.$"
)


def _more_than_one(
    who: Literal["you", "opponent", "any"],
    kind: str | None,
    during: ir.During | None,
    *,
    effect: bool = False,
) -> ir.CastBan | None:
    """A ban on a second spell of the turn: any spell, or one of the `kind` named (its
    caster's spells of that kind counted, 601.2i); None for a kind not read exactly."""
    if kind is None:
        return ir.CastBan(ir.Spells(controller=who), during=during, after_spells=1, effect=effect)
    found = spells_named(f"{kind} spells")
    if found is None or found[1] or found[2]:
        return None
    spells = replace(found[0], controller=who)
    return ir.CastBan(spells, during=during, after_spells=1, alike=True, effect=effect)


def turn_lock(sentence: str, *, spell: bool) -> ir.Understood | None:
    """A permanent's "during your turn, your opponents can't cast spells or activate abilities
    of <kinds>" (above): both bans; None for any other sentence, or a spell's."""
    m = _NOR_ACTIVATE.match(sentence)
    found = selector(m.group("what") + " your opponents control") if m and not spell else None
    if found is None or not found[1]:
        return None
    return ir.Understood(
        abilities=[
            ir.CastBan(ir.Spells(controller="opponent"), during="your_turn"),
            ir.Forbid(found[0], during="your_turn"),
        ]
    )


def cast_ban_sentence(
    sentence: str, *, known: frozenset[ir.Known] = frozenset(), spell: bool
) -> ir.CastBan | None:
    """The ban a sentence states, or None. `known`: what the face's permanent knows because
    the face says so ("as ~ enters, choose a card name", "choose a color", "when ~ enters,
    exile ..."), which "the chosen name", "the chosen color" and "the exiled card" then refer
    to; `spell`: an instant's or sorcery's sentence, whose ban is an effect for the turn (only
    "this turn" is read there, and only elsewhere a static ability)."""
    if (timing := _ONLY_AS_SORCERY.match(sentence)) is not None:
        if spell:
            return None
        return ir.CastBan(ir.Spells(controller=_WHO[timing.group("who")]), unless_sorcery=True)
    if (only := _ONLY_OWN_TURN.match(sentence)) is not None:
        if spell:
            return None
        if only.group("you"):
            return ir.CastBan(ir.Spells(controller="you"), during="not_your_turn")
        return ir.CastBan(ir.Spells(), during="not_casters_turn")
    if (additional := _ADDITIONAL.match(sentence)) is not None:
        if spell:
            return None
        return _more_than_one(_WHO[additional.group("who")], additional.group("kind"), None)
    sentence = _NOT_MANA_ABILITIES.sub("", sentence, count=1)
    lead = sentence.startswith((_UNTIL_NEXT_TURN, _UNTIL_END_OF_TURN))
    combat_lead = sentence.startswith(_DURING_COMBAT)
    if lead or combat_lead:
        rest = sentence.split(", ", 1)[1]
        sentence = rest[:1].upper() + rest[1:]
    m = _CANT_CAST.match(sentence) or _CANT_BE_CAST.match(sentence)
    if m is None:
        return None
    groups = m.groupdict()
    if lead and groups.get("eot") is not None:
        return None  # two durations said
    effect = lead or groups.get("eot") is not None
    # "The chosen name", "the exiled card": what the permanent knows, when the face says so.
    found_chosen = chosen_in(" " + m.group("what"), known)
    if found_chosen is None:
        return None
    what, said = found_chosen[0].removeprefix(" "), found_chosen[1]
    during: ir.During | None = "your_turn" if groups.get("during") else None
    combat = groups.get("combat") is not None or combat_lead
    if combat_lead and groups.get("combat") is not None:
        return None  # said twice
    if effect != spell or (effect and (said or during or combat)):
        return None
    targeted = groups.get("who") == _TARGET_PLAYER
    if targeted and not effect:
        return None
    who = _WHO[groups["who"]] if groups.get("who") and not targeted else "any"
    if (more := _MORE_THAN_ONE.match(what)) is not None:
        if said or targeted or combat:
            return None
        return _more_than_one(who, more.group("kind"), during, effect=effect)
    above: ir.CastersCount | None = None
    if (bounded := _ABOVE_CASTERS.match(what)) is not None:
        what, above = bounded.group("kinds"), _CASTERS_COUNTS[bounded.group("count")]
    found = either_kind_named(what)
    if found is None:
        return None
    spells, cast_from, not_cast_from = found
    return ir.CastBan(
        replace(spells, controller=who),
        during=during,
        chosen=said,
        effect=effect,
        cast_from=cast_from,
        not_cast_from=not_cast_from,
        target_player=targeted,
        during_combat=combat,
        mana_value_above=above,
    )


# A card's restriction on casting itself (601.3): "You can't cast ~ during your first, second,
# or third turns of the game." (its caster's own first turns), "You can't cast ~ if you've
# played a land this turn." (305.2).
_FIRST_TURNS = re.compile(
    r"^You can't cast ~ during your first(?:(?P<listed>, second,? (?:and|or) third)| "
    rf"(?P<n>{NUMBER}))? turns? of the game\.$"
)
_AFTER_LAND = "You can't cast ~ if you've played a land this turn."


# "Cast ~ only during combat.", "... only during your turn.", "... only during combat on an
# opponent's turn.", "Cast ~ only if you control two or more Vampires.", "... only during the
# declare blockers step": when it may be cast.
_CAST_ONLY = re.compile(r"^Cast ~ only (?P<when>.+)\.$")
_BEFORE_COMBAT = ("untap", "upkeep", "draw", "first_main")
_BEFORE_BLOCKERS = ("beginning_of_combat", "declare_attackers")
# The steps (and main phases) a "cast ~ only ..." names, in the turn's order (500.1, 506.1),
# and whose turn: "before attackers are declared" is every moment of the turn before the
# declare attackers step (508.1), "after combat" every one after the combat phase.
_MOMENTS: dict[str, tuple[tuple[str, ...], Literal["your_turn", "not_your_turn"] | None]] = {
    "during the declare attackers step": (("declare_attackers",), None),
    "during your declare attackers step": (("declare_attackers",), "your_turn"),
    "during the declare blockers step": (("declare_blockers",), None),
    "during the declare blockers step on an opponent's turn": (
        ("declare_blockers",),
        "not_your_turn",
    ),
    "during combat before blockers are declared": (_BEFORE_BLOCKERS, None),
    "during combat on your turn before blockers are declared": (_BEFORE_BLOCKERS, "your_turn"),
    "during combat after blockers are declared": (
        ("declare_blockers", "combat_damage", "end_of_combat"),
        None,
    ),
    "before the combat damage step": (
        (*_BEFORE_COMBAT, *_BEFORE_BLOCKERS, "declare_blockers"),
        None,
    ),
    "before attackers are declared": ((*_BEFORE_COMBAT, "beginning_of_combat"), None),
    "during an opponent's turn, before attackers are declared": (
        (*_BEFORE_COMBAT, "beginning_of_combat"),
        "not_your_turn",
    ),
    "before combat or during combat before blockers are declared": (
        (*_BEFORE_COMBAT, *_BEFORE_BLOCKERS),
        None,
    ),
    "after combat": (("second_main", "end", "cleanup"), None),
    "during your end step": (("end",), "your_turn"),
    "during an opponent's upkeep": (("upkeep",), "not_your_turn"),
}
# 508.1: in the declare attackers step, "you've been attacked this step" is a creature
# attacking its caster now.
_ATTACKED = (" and only if you've been attacked this step", "if a creature is attacking you")
_ONLY_DURING: dict[str, tuple[Literal["your_turn", "not_your_turn"] | None, bool]] = {
    "during your turn": ("your_turn", False),
    "during an opponent's turn": ("not_your_turn", False),
    "during combat": (None, True),
    "during combat on your turn": ("your_turn", True),
    "during combat on an opponent's turn": ("not_your_turn", True),
}


def _cast_only(when: str) -> ir.CastRestriction | None:
    attacked = when.endswith(_ATTACKED[0]) or when == _ATTACKED[1]
    if attacked:
        when = when.removesuffix(_ATTACKED[0])
        if when == _ATTACKED[1]:
            return ir.CastRestriction(if_attacked=True)
    if when in _MOMENTS:
        moments, during = _MOMENTS[when]
        return ir.CastRestriction(only_during=during, moments=moments, if_attacked=attacked)
    if attacked:
        return None
    if when == "if you've cast another spell this turn":
        return ir.CastRestriction(after_other_spells=1)  # 601.2i
    if when in _ONLY_DURING:
        during, combat = _ONLY_DURING[when]
        return ir.CastRestriction(only_during=during, only_during_combat=combat)
    counted = you_control(when.removeprefix("if ")) if when.startswith("if ") else None
    return ir.CastRestriction(only_if_controls=counted) if counted is not None else None


# A step of combat (506.1) with a condition not read ("during the declare attackers step and
# only if ..."): the card may be cast only during combat, which is kept (outside combat it
# can't be cast); the sentence stays reported for the rest.
_COMBAT_STEP = re.compile(
    r"^Cast ~ only (?:during combat (?P<on>on your turn )?(?:before|after) blockers are "
    r"declared|during (?:the|your) declare (?:attackers|blockers) step(?: on an opponent's turn)?"
    r"(?: and only if [^.]+)?)\.$"
)


def combat_step_restriction(sentence: str) -> ir.CastRestriction | None:
    """The part of "cast ~ only during <a step of combat> and only if ..." that is read, where
    the whole isn't (cast_restriction_sentence): during combat."""
    if _COMBAT_STEP.match(sentence) is None or cast_restriction_sentence(sentence) is not None:
        return None
    return ir.CastRestriction(only_during_combat=True)


def legendary_spell_restriction() -> ir.CastRestriction:
    """205.4e: a legendary instant or sorcery may be cast only while its caster controls a
    legendary creature or planeswalker, a rule no sentence on the card need say."""
    restriction = _cast_only("if you control a legendary creature or planeswalker")
    assert restriction is not None  # a plain selector phrase
    return restriction


def cast_restriction_sentence(sentence: str) -> ir.CastRestriction | None:
    """The card's own restriction a sentence states (above), or None."""
    if sentence == _AFTER_LAND:
        return ir.CastRestriction(after_land_played=True)
    if (only := _CAST_ONLY.match(sentence)) is not None:
        return _cast_only(only.group("when"))
    m = _FIRST_TURNS.match(sentence)
    if m is None:
        return None
    turns = 3 if m.group("listed") else number(m.group("n")) if m.group("n") else 1
    return ir.CastRestriction(first_turns=turns) if turns else None
