"""What stops spells from being cast (601.3), compiled: a permanent's static ability, a line of
its own, or a spell's effect for the turn. Invented cards; the sentences are templates we wrote
and vary, each read exactly or reported not understood."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.catalog.compile import compile_face
from app.domain.cast_bans import (
    CastersPermanents,
    CastersTurns,
    CastRestriction,
    SpellCastBan,
)
from app.domain.filters import HasSubtype, HasType, HasXInManaCost, Not, Selector, SpellSelector

NAMES = "As Quiet Arbiter enters, choose a card name.\n"


def _bans(text: str, types: list[str]) -> list[SpellCastBan]:
    compiled = compile_face("Quiet Arbiter", text, types=types, subtypes=[])
    assert compiled.support == "full", compiled.unsupported_text
    return [a for a in compiled.abilities if isinstance(a, SpellCastBan)]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Your opponents can't cast artifact spells during your turn.",
            SpellCastBan(
                spells=SpellSelector(controller="opponent", types=["artifact"]), during="your_turn"
            ),
        ),
        (
            "You can't cast enchantment spells.",
            SpellCastBan(spells=SpellSelector(controller="you", types=["enchantment"])),
        ),
        (
            "Each opponent can't cast noncreature spells.",
            SpellCastBan(
                spells=SpellSelector(
                    controller="opponent", where=Not(filter=HasType(type="creature"))
                )
            ),
        ),
        # 110.4: a permanent spell is one of any permanent card type (a land is never cast).
        (
            "Your opponents can't cast permanent spells during your turn.",
            SpellCastBan(
                spells=SpellSelector(
                    controller="opponent",
                    types=["artifact", "battle", "creature", "enchantment", "planeswalker"],
                ),
                during="your_turn",
            ),
        ),
        (
            "Sorcery spells can't be cast.",
            SpellCastBan(spells=SpellSelector(types=["sorcery"])),
        ),
        (
            "Your opponents can't cast more than one spell each turn.",
            SpellCastBan(spells=SpellSelector(controller="opponent"), after_spells_this_turn=1),
        ),
        # "During combat" said first; a ban on activating abilities other than mana abilities
        # beside it bears on nothing the engine rules on (605.1).
        (
            "During combat, your opponents can't cast sorcery spells or activate abilities that "
            "aren't mana abilities.",
            SpellCastBan(
                spells=SpellSelector(controller="opponent", types=["sorcery"]), during_combat=True
            ),
        ),
        # 202.3: a mana value above a count of the caster's own.
        (
            "Each opponent can't cast artifact spells with mana value greater than the number of "
            "lands that player controls.",
            SpellCastBan(
                spells=SpellSelector(controller="opponent", types=["artifact"]),
                mana_value_above=CastersPermanents(of=Selector(types=["land"], controller="you")),
            ),
        ),
        (
            "Players can't cast spells with mana value greater than the number of turns they "
            "have begun.",
            SpellCastBan(spells=SpellSelector(), mana_value_above=CastersTurns()),
        ),
        # 506.1: in the combat phase only.
        (
            "Your opponents can't cast artifact spells during combat.",
            SpellCastBan(
                spells=SpellSelector(controller="opponent", types=["artifact"]),
                during_combat=True,
            ),
        ),
        # 601.2i: a second spell of a kind, its caster's spells of that kind counted; a kind
        # may be said by the subtype it isn't.
        (
            "Each player can't cast more than one non-Elf spell each turn.",
            SpellCastBan(
                spells=SpellSelector(where=Not(filter=HasSubtype(subtype="Elf"))),
                after_spells_this_turn=1,
                counting="alike",
            ),
        ),
        (
            "Your opponents can't cast more than one instant spell each turn.",
            SpellCastBan(
                spells=SpellSelector(controller="opponent", types=["instant"]),
                after_spells_this_turn=1,
                counting="alike",
            ),
        ),
        (
            "Each opponent who has cast a noncreature spell this turn can't cast additional "
            "noncreature spells.",
            SpellCastBan(
                spells=SpellSelector(
                    controller="opponent", where=Not(filter=HasType(type="creature"))
                ),
                after_spells_this_turn=1,
                counting="alike",
            ),
        ),
        (
            "Players can't cast artifact spells from graveyards or libraries.",
            SpellCastBan(
                spells=SpellSelector(types=["artifact"]), cast_from=["graveyard", "library"]
            ),
        ),
        (
            "Your opponents can't cast sorcery spells from anywhere other than their hands.",
            SpellCastBan(
                spells=SpellSelector(controller="opponent", types=["sorcery"]),
                not_cast_from=["hand"],
            ),
        ),
        (
            "Your opponents can cast spells only any time they could cast a sorcery.",
            SpellCastBan(spells=SpellSelector(controller="opponent"), unless_sorcery_timing=True),
        ),
        (
            "You can cast spells only during your turn.",
            SpellCastBan(spells=SpellSelector(controller="you"), during="not_your_turn"),
        ),
        (
            "Each player can cast spells only during their own turns.",
            SpellCastBan(spells=SpellSelector(), during="not_casters_turn"),
        ),
    ],
)
def test_a_permanents_ban_compiles_to_its_spells_turn_and_count(
    sentence: str, expected: SpellCastBan
) -> None:
    assert _bans(sentence, ["Creature"]) == [expected]


@pytest.mark.parametrize(
    ("sentence", "controller"),
    [
        ("Artifact spells with the chosen name can't be cast.", "any"),
        ("Your opponents can't cast creature spells with the chosen name.", "opponent"),
    ],
)
def test_a_ban_on_the_chosen_name_leaves_the_name_to_the_state(
    sentence: str, controller: str
) -> None:
    (ban,) = _bans(NAMES + sentence, ["Creature"])
    assert ban.to_chosen_name is True
    assert ban.spells.controller == controller


def test_a_ban_on_the_chosen_color_leaves_the_color_to_the_state() -> None:
    text = "As Quiet Arbiter enters, choose a color.\nYour opponents can't cast creature spells "
    text += "of the chosen color."
    (ban,) = _bans(text, ["Creature"])
    assert ban == SpellCastBan(
        spells=SpellSelector(controller="opponent", types=["creature"]), of_chosen_color=True
    )


def test_a_ban_on_the_chosen_number_leaves_the_number_to_the_state() -> None:
    text = "As Quiet Arbiter enters, choose a number.\nArtifact spells with mana value equal to "
    text += "the chosen number can't be cast."
    (ban,) = _bans(text, ["Creature"])
    assert ban == SpellCastBan(spells=SpellSelector(types=["artifact"]), of_chosen_number=True)
    # A face that chooses no number has none to name spells by.
    alone = compile_face("Quiet Arbiter", text.split("\n")[1], types=["Creature"], subtypes=[])
    assert alone.support == "partial"


def test_a_ban_on_the_chosen_card_type_needs_the_face_to_choose_one() -> None:
    # 205.2a: "of the chosen type" is a card type on a face that chooses one.
    text = "As Quiet Arbiter enters, choose artifact, instant, or sorcery.\nYour opponents "
    text += "can't cast spells of the chosen type."
    (ban,) = _bans(text, ["Creature"])
    assert ban == SpellCastBan(
        spells=SpellSelector(controller="opponent"), of_chosen_card_type=True
    )
    creature_type = text.replace("artifact, instant, or sorcery", "a creature type")
    (ban,) = _bans(creature_type, ["Creature"])
    assert ban.of_chosen_type is True and ban.of_chosen_card_type is False
    # A list with a word that is no card type chooses something else.
    odd = text.replace("artifact, instant, or sorcery", "odd, even, or zero")
    compiled = compile_face("Quiet Arbiter", odd, types=["Creature"], subtypes=[])
    assert compiled.support == "partial"


def test_a_ban_on_spells_with_x_in_their_mana_costs() -> None:
    text = "Your opponents can't cast sorcery spells with {X} in their mana costs."
    (ban,) = _bans(text, ["Creature"])
    assert ban == SpellCastBan(
        spells=SpellSelector(controller="opponent", types=["sorcery"], where=HasXInManaCost())
    )


def test_a_ban_on_a_card_exiled_with_it_and_a_name_chosen_from_a_revealed_hand() -> None:
    # 607.2a: "a card exiled with ~" is what its own abilities exiled (its `exiled`).
    text = "Whenever you cast a red spell, exile the top card of target player's library.\n"
    text += "Each opponent can't cast sorcery spells with the same name as a card exiled with ~."
    (ban,) = _bans(text.replace("~", "Quiet Arbiter"), ["Creature"])
    assert ban == SpellCastBan(
        spells=SpellSelector(controller="opponent", types=["sorcery"]), named_as_exiled=True
    )
    # 201.3: a name chosen from the cards an opponent revealed.
    text = "As Quiet Arbiter enters, each opponent reveals their hand. You choose the name of a "
    text += "nonland card revealed this way.\nEach opponent can't cast spells with the chosen name."
    (ban,) = _bans(text, ["Creature"])
    assert ban.to_chosen_name is True


def test_a_ban_on_the_exiled_cards_name_needs_the_face_to_exile() -> None:
    exiles = "When Quiet Arbiter enters, exile target artifact an opponent controls until "
    exiles += "Quiet Arbiter leaves the battlefield.\n"
    ban = "Each opponent can't cast creature spells with the same name as the exiled card."
    (found,) = _bans(exiles + ban, ["Enchantment"])
    assert found == SpellCastBan(
        spells=SpellSelector(controller="opponent", types=["creature"]), named_as_exiled=True
    )
    alone = compile_face("Quiet Arbiter", ban, types=["Enchantment"], subtypes=[])
    assert alone.support == "partial"


@pytest.mark.parametrize(
    "text",
    [
        # 611.2a: until its controller's next turn; an entry stands for it while in force.
        "Until your next turn, your opponents can't cast artifact or enchantment spells.",
        "Your opponents can't cast artifact or enchantment spells until the end of your next turn.",
        "Your opponents can't cast artifact or enchantment spells until your next turn.",
    ],
)
def test_a_spells_ban_until_its_controllers_next_turn_is_an_effect(text: str) -> None:
    (ban,) = _bans(text, ["Sorcery"])
    assert ban == SpellCastBan(
        spells=SpellSelector(controller="opponent", types=["artifact", "enchantment"]),
        works_from="effect",
    )


def test_a_spells_ban_on_a_second_spell_of_a_kind_until_its_next_turn() -> None:
    text = "Until your next turn, each opponent can't cast more than one instant spell each turn."
    (ban,) = _bans(text, ["Sorcery"])
    assert ban == SpellCastBan(
        spells=SpellSelector(controller="opponent", types=["instant"]),
        after_spells_this_turn=1,
        counting="alike",
        works_from="effect",
    )


def test_a_ban_on_the_targeted_player_is_an_effect_for_the_turn() -> None:
    # 115.1: the entry names the player it targets.
    expected = SpellCastBan(
        spells=SpellSelector(types=["sorcery"]), by_target_player=True, works_from="effect"
    )
    (ban,) = _bans("Target player can't cast sorcery spells this turn.", ["Instant"])
    assert ban == expected
    text = "Until end of turn, target player can't cast sorcery spells, and that player can't "
    text += "activate abilities that aren't mana abilities."
    assert _bans(text, ["Instant"]) == [expected]


def test_a_spells_ban_is_an_effect_for_the_turn() -> None:
    (ban,) = _bans("Draw a card. Your opponents can't cast creature spells this turn.", ["Instant"])
    assert ban == SpellCastBan(
        spells=SpellSelector(controller="opponent", types=["creature"]), works_from="effect"
    )


@pytest.mark.parametrize(
    ("text", "types"),
    [
        # "The chosen name" on a card that chooses none; a turn-long ban on a permanent (its
        # activation or trigger would say when) and a lasting one on a spell.
        ("Artifact spells with the chosen name can't be cast.", ["Creature"]),
        ("Your opponents can't cast creature spells of the chosen color.", ["Creature"]),
        ("Your opponents can't cast creature spells this turn.", ["Artifact"]),
        ("You can't cast enchantment spells.", ["Sorcery"]),
        ("Your opponents can't cast instant spells until your next turn.", ["Artifact"]),
        # Abilities that include mana abilities bear on what the engine rules on.
        ("Players can't cast sorcery spells or activate abilities.", ["Enchantment"]),
        ("Until your next turn, you can't cast creature spells this turn.", ["Sorcery"]),
        # Who, which spells, which turn or how many, not read exactly: reported.
        (
            "Your opponents can't cast spells from anywhere other than their libraries.",
            ["Creature"],
        ),
        ("Your opponents can't cast artifact spells during combat this turn.", ["Instant"]),
        ("Each player can't cast more than one spell from their hand each turn.", ["Creature"]),
        (
            "Each player who has cast an artifact spell this turn can't cast additional "
            "enchantment spells.",
            ["Creature"],
        ),
        ("Target player can't cast sorcery spells.", ["Creature"]),
        ("Each opponent who controls a Forest can't cast spells.", ["Creature"]),
        ("You can't cast ~ during your opponents' first turn of the game.", ["Creature"]),
    ],
)
def test_what_it_cant_say_exactly_is_left_not_understood(text: str, types: list[str]) -> None:
    compiled = compile_face(
        "Quiet Arbiter", text.replace("~", "Quiet Arbiter"), types=types, subtypes=[]
    )
    assert compiled.support == "partial"
    assert [s.family for s in compiled.sentences if s.status == "not_understood"] == ["cast_ban"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "You can't cast ~ during your first, second, and third turns of the game.",
            CastRestriction(during_first_turns=3),
        ),
        (
            "You can't cast ~ during your first five turns of the game.",
            CastRestriction(during_first_turns=5),
        ),
        (
            "You can't cast ~ during your first turn of the game.",
            CastRestriction(during_first_turns=1),
        ),
        (
            "You can't cast ~ if you've played a land this turn.",
            CastRestriction(after_land_played=True),
        ),
    ],
)
def test_a_cards_restriction_on_casting_itself(text: str, expected: CastRestriction) -> None:
    compiled = compile_face(
        "Quiet Arbiter", text.replace("~", "Quiet Arbiter"), types=["Creature"], subtypes=[]
    )
    assert compiled.support == "full", compiled.unsupported_text
    assert compiled.abilities == [expected]


def test_a_cast_restriction_says_one_thing() -> None:
    for neither_or_both in (
        {},
        {"during_first_turns": 2, "after_land_played": True},
        {"after_land_played": True, "only_during_combat": True},
    ):
        with pytest.raises(ValidationError, match="during_first_turns, after_land_played, or"):
            CastRestriction.model_validate(neither_or_both)
    # Several "only" conditions together are one restriction ("during combat on your turn").
    both = CastRestriction.model_validate({"only_during": "your_turn", "only_during_combat": True})
    assert both.casts_only


def test_a_count_seen_from_the_caster_reads_characteristics_only() -> None:
    # The caster is no object: nothing is attached to it, and no permanent is "other" than it.
    for where in ({"relation": "attached"}, {"where": {"kind": "other"}}):
        with pytest.raises(ValidationError, match="no 'attached' or 'other'"):
            CastersPermanents.model_validate({"of": {"types": ["land"], **where}})


def test_split_second_speaks_of_the_stack_and_is_no_ban() -> None:
    text = "Players can't cast spells while this spell is on the stack, the reminder says."
    compiled = compile_face("Quiet Arbiter", text, types=["Instant"], subtypes=[])
    assert [s.family for s in compiled.sentences] == ["other"]
