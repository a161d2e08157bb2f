"""Splitting rules text, the self-reference token, and what makes a face partial."""

from __future__ import annotations

import pytest

from app.catalog.compile.text import lines_of, split_sentences, strip_reminders, template_of
from app.domain.abilities import line_of
from tests.compile.helpers import face


def test_reminder_text_is_dropped_even_nested() -> None:
    assert strip_reminders("Flying (It (really) flies.)\nHaste") == "Flying\nHaste"


def test_own_name_and_this_type_become_the_token() -> None:
    [line] = lines_of(
        "Brindle Vault, the Deep",
        "Sacrifice Brindle Vault: add nothing. "
        "Brindle Vault, the Deep stays. This land and this creature go.",
    )
    assert line.sentences == ("Sacrifice ~: add nothing.", "~ stays.", "~ and ~ go.")
    # "this mana", "this turn" and "this way" are not the card.
    [line] = lines_of("Zed", "Spend this mana only this turn.")
    assert line.sentences == ("Spend this mana only this turn.",)


def test_a_rebalanced_card_is_named_without_its_prefix() -> None:
    compiled = face(
        "{T}, Remove a spore counter from Brindle Keeper: Add {C}.", name="A-Brindle Keeper"
    )
    assert compiled.support == "full"
    [ability] = compiled.abilities
    assert ability.cost.remove_counters == {"spore": 1}


def _sentences(
    name: str, text: str, *, legendary: bool = False, avoid: tuple[str, ...] = ()
) -> tuple[str, ...]:
    lines = lines_of(name, text, legendary=legendary, avoid=avoid)
    return tuple(s for line in lines for s in line.sentences)


def test_a_legendary_face_named_by_its_short_name() -> None:
    text = "Remove a dream counter from Osric: Add {C}. When Osric Vantblade dies, draw."
    assert _sentences("Osric Vantblade", text, legendary=True) == (
        "Remove a dream counter from ~: Add {C}.",
        "When ~ dies, draw.",
    )
    # The words before "of"/"the" first, then the first word.
    assert _sentences(
        "Mirel Dunhart of the Marsh", "Mirel Dunhart and Mirel go.", legendary=True
    ) == ("~ and ~ go.",)
    # Only a legendary face does it: a common card's first word is a common word.
    compiled = face("Remove a dream counter from Osric: Add {C}.", name="Osric Vantblade")
    assert compiled.support == "partial"
    compiled = face(
        "Remove a dream counter from Osric: Add {C}.",
        name="Osric Vantblade",
        types=("Creature",),
        supertypes=("Legendary",),
    )
    assert compiled.support == "full"
    assert compiled.abilities[0].cost.remove_counters == {"dream": 1}


def test_a_short_name_that_is_a_common_word_stays_that_word() -> None:
    # The face's own subtype, a type noun after it, another name after it, "named", a title.
    assert _sentences(
        "Goblin Ashcaller",
        "Sacrifice a Goblin: Add {R}. Ember creatures you control get +1/+0. "
        "Create Ember the Lost. Search for a card named Ember Tide. Ember deals 1 damage.",
        legendary=True,
        avoid=("creature", "Goblin"),
    ) == (
        "Sacrifice a Goblin: Add {R}.",
        "Ember creatures you control get +1/+0.",
        "Create Ember the Lost.",
        "Search for a card named Ember Tide.",
        "Ember deals 1 damage.",
    )
    assert _sentences(
        "Ember Ashcaller",
        "Ember creatures you control get +1/+0. Create Ember the Lost. A Ember planeswalker. "
        "Ember deals 1 damage.",
        legendary=True,
        avoid=("creature", "Shaman"),
    ) == (
        "Ember creatures you control get +1/+0.",
        "Create Ember the Lost.",
        "A Ember planeswalker.",
        "~ deals 1 damage.",
    )
    assert _sentences("The Hollow Crown", "The crown stays.", legendary=True) == (
        "The crown stays.",
    )
    # A face named like a type: "becomes a Name" is the type, not the face.
    assert _sentences("Thornling", "Target creature becomes a Thornling until end of turn.") == (
        "Target creature becomes a Thornling until end of turn.",
    )


def test_each_occurrence_of_the_name_is_judged_by_what_is_around_it_in_the_text_as_sent() -> None:
    # An occurrence turned down (inside a word, after "a") doesn't end the search; those
    # after it are still judged, each against the text as sent, not as already tokenized.
    assert _sentences(
        "Vel", "Velvet and a Vel and Vel-born, then Vel and Vel. Vel Vel.", legendary=False
    ) == ("Velvet and a Vel and Vel-born, then ~ and ~.", "~ ~.")
    # The name is text, never a pattern: its dots and brackets are matched as they are.
    assert _sentences("Unit.01 [Qu]+", "Unit.01 [Qu]+ draws. Unit-01 [Qu]+ stays.") == (
        "~ draws.",
        "Unit-01 [Qu]+ stays.",
    )
    # A short name followed by a capitalized word is another name (checked at its end).
    assert _sentences(
        "Osric Vantblade", "Osric Vantblade and Osric the Lost and Osric go.", legendary=True
    ) == ("~ and Osric the Lost and ~ go.",)


def test_quoted_abilities_stay_in_their_sentence_and_ability_words_go() -> None:
    assert split_sentences('Lands you control have "{T}: Add {G}. Activate only once." Draw.') == [
        'Lands you control have "{T}: Add {G}. Activate only once."',
        "Draw.",
    ]
    [line] = lines_of("Zed", "Hoardcraft — {T}: Add {C}.")
    assert line.sentences == ("{T}: Add {C}.",)


def test_templates_hide_numbers() -> None:
    assert template_of("~ deals 3 damage to you. Add {2}.") == "~ deals N damage to you. Add {N}."


def test_basic_land_types_and_their_reminder_text() -> None:
    # 305.6: the type gives the ability; its reminder text is no sentence at all.
    compiled = face("({T}: Add {W} or {U}.)", types=("Land",), subtypes=("Plains", "Island"))
    assert compiled.intrinsic == ["Plains", "Island"]
    assert compiled.sentences == [] and compiled.abilities == [] and compiled.support == "full"


def test_every_sentence_is_accounted_for() -> None:
    compiled = face(
        "Flying\n{T}: Add {G}.\nWhenever this creature blocks, draw a card.\n"
        "{T}: Add {G} for each Elf you control with flying.",
        types=("Creature",),
        subtypes=("Elf",),
    )
    assert [(s.family, s.status) for s in compiled.sentences] == [
        ("other", "irrelevant"),
        ("mana_ability", "compiled"),
        ("other", "irrelevant"),
        ("mana_ability", "not_understood"),
    ]
    assert compiled.support == "partial"
    assert compiled.unsupported_text == ["{T}: Add {G} for each Elf you control with flying."]
    fields = compiled.card_fields()
    assert fields["support"] == "partial" and len(fields["abilities"]) == 1


def test_irrelevant_text_keeps_a_face_full() -> None:
    compiled = face("Whenever you cast a spell, you gain 3 life.\nTrample", types=("Creature",))
    assert compiled.support == "full" and compiled.unsupported_text == []


def test_a_token_s_abilities_are_not_the_face_s() -> None:
    compiled = face(
        'Create a 1/1 Scion creature token. It has "Sacrifice this token: Add {C}."',
        types=("Sorcery",),
    )
    assert compiled.abilities == [] and compiled.support == "full"


def test_abilities_that_work_only_from_the_hand_do_nothing_on_the_battlefield() -> None:
    # 113.6k: its cost takes it out of the hand, so it works only there.
    compiled = face("Exile this card from your hand: Add {U}.", types=("Creature",))
    assert compiled.abilities == [] and compiled.support == "full"


def test_chapters_and_modes_are_not_mana_abilities() -> None:
    compiled = face(
        "I — Add {R}{R}.\nII — Draw a card.", types=("Enchantment",), subtypes=("Saga",)
    )
    assert compiled.abilities == [] and compiled.support == "full"


def test_what_changes_land_types_or_removes_abilities_beyond_the_templates_is_partial() -> None:
    # 305.7: a land type change replaces intrinsic mana abilities; what the layer templates
    # (tests/compile/test_layers.py) don't read is reported, never guessed.
    for text in (
        "Nonbasic lands are Mountains and Wastes.",
        "Enchanted land is an Island until end of turn.",
        # 602.5: a lock a selector can't say (tests/engine/test_activation_forbidden.py).
        "Activated abilities of permanents with the chosen name can't be activated.",
    ):
        assert face(text, types=("Enchantment",)).unsupported_text == [text]


def test_a_card_is_partial_when_any_face_is() -> None:
    from app.catalog.compile import card_support

    full = face("{T}: Add {C}.", types=("Land",))
    partial = face("{T}: Add {G} for each Elf you control with flying.", types=("Creature",))
    assert card_support([full]) == {"support": "full", "unsupported_text": []}
    assert card_support([full, partial]) == {
        "support": "partial",
        "unsupported_text": ["{T}: Add {G} for each Elf you control with flying."],
    }


@pytest.mark.parametrize(
    "text",
    [
        # 605.1a: a loyalty ability is never a mana ability.
        "[+1]: You gain 2 life. Add {R} or {G}.",
        # 605.1b: a trigger that isn't from a mana ability makes no mana ability.
        "Whenever you cast an instant spell, this creature deals 1 damage to any target. Add {R}.",
        "At the beginning of your upkeep, choose a color. Add one mana of that color.",
    ],
)
def test_mana_later_in_a_loyalty_or_trigger_line_is_no_mana_ability(text: str) -> None:
    compiled = face(text, types=("Planeswalker",), name="Vessa Emberthorn")
    assert compiled.support == "full" and compiled.abilities == []
    assert {s.status for s in compiled.sentences} == {"irrelevant"}


def test_an_activated_ability_s_own_cost_change_is_irrelevant() -> None:
    text = (
        "{6}, {T}: Add {C}{C}{C}.\nThis ability costs {1} less to activate for each basic land "
        "type among lands you control."
    )
    compiled = face(text, types=("Land",), name="Ashgrove Spire")
    assert compiled.support == "full" and len(compiled.abilities) == 1


def test_a_trigger_granting_a_quoted_mana_ability_still_counts() -> None:
    text = (
        "At the beginning of your end step, untap this creature. Until your next turn, it "
        'becomes a land and gains "{T}: Add {U}."'
    )
    # Not dismissed with the trigger: it compiles, the grant from the resolved effect (205.1a).
    compiled = face(text, types=("Creature",))
    assert compiled.support == "full"
    assert [a.kind for a in compiled.abilities] == ["set_card_types", "grant_mana_ability"]


def test_a_loyalty_control_change_with_haste_is_an_effect_of_its_own() -> None:
    # 606.3: the loyalty ability's effect works from an entry of the state's effects.
    text = (
        "[-2]: Gain control of target creature until end of turn. Untap it. It gains haste "
        "until end of turn.\n[+1]: You gain 2 life."
    )
    compiled = face(text, types=("Planeswalker",), name="Vessa Emberthorn")
    assert compiled.support == "full"
    assert [a.kind for a in compiled.abilities] == ["gain_control"]


def test_haste_beside_another_loyalty_effect_needs_the_entry_to_name_its_line() -> None:
    # The other loyalty ability gives haste too: an entry of the card must name its line.
    text = (
        "[-2]: Gain control of target creature until end of turn. Untap it. It gains haste "
        "until end of turn.\n[+1]: Until end of turn, creatures you control gain haste."
    )
    compiled = face(text, types=("Planeswalker",), name="Vessa Emberthorn")
    assert compiled.support == "full", compiled.unsupported_text
    assert [(a.kind, line_of(a)) for a in compiled.abilities] == [
        ("gain_control", 1),
        ("grant_keyword", 2),
    ]
    assert compiled.effect_lines == [1, 2]


def test_a_type_change_counts_against_support() -> None:
    # 205.1b: what selectors match changes; a condition on one object isn't modelled.
    text = (
        "For as long as that creature has a moth counter on it, it's a Newt in addition to its "
        "other types."
    )
    compiled = face(text, types=("Creature",))
    assert compiled.unsupported_text == [text]
    assert compiled.sentences[0].family == "type_change"
