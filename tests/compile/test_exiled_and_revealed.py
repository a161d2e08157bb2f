"""Templates that read cards outside the battlefield: the colors of the cards a permanent's
own linked ability exiled (406.6, 607.2a; craft, 702.167), and mana for each card revealed
from the hand (701.16). Invented names, our sentences."""

from __future__ import annotations

from app.domain.card import ManaAbility
from tests.compile.helpers import face, not_understood

IMPRINT = "When ~ enters, you may exile a nonland card from your hand."


def _productions(text: str) -> list[dict[str, object]]:
    compiled = face(text)
    assert compiled.support == "full", compiled.unsupported_text
    found = []
    for a in compiled.abilities:
        assert isinstance(a, ManaAbility)
        found.append(a.produces.model_dump(mode="json"))
    return found


def test_a_color_of_the_card_its_linked_ability_exiled() -> None:
    text = f"{IMPRINT}\n{{1}}, {{T}}: Add one mana of any of the exiled card's colors."
    assert _productions(text) == [{"kind": "exiled_color", "amount": 1}]
    several = (
        "When ~ enters, exile up to four target cards from graveyards.\n"
        "{1}, {T}: Add one mana of any of the exiled cards' colors."
    )
    assert _productions(several) == [{"kind": "exiled_color", "amount": 1}]


def test_what_it_exiles_as_it_enters_keeps_every_type_listed() -> None:
    # 406.6: "target A or B" may exile either, "a nonA, nonB card" neither; the state's
    # `exiled` is checked against it.
    def kind(what: str) -> object:
        found = face(f"When ~ enters, exile {what} until ~ leaves the battlefield.").exiles_of
        return None if found is None else (found.types, found.not_types)

    assert kind("target artifact or creature an opponent controls") == (
        ["artifact", "creature"], [],
    )  # fmt: skip
    assert kind("target artifact, creature, or enchantment an opponent controls") == (
        ["artifact", "creature", "enchantment"], [],
    )  # fmt: skip
    assert kind("target creature an opponent controls") == (["creature"], [])
    assert kind("a nonartifact, nonland card from your hand") == ([], ["artifact", "land"])


def test_the_exiled_card_without_a_linked_exile_is_not_understood() -> None:
    # 607.2a: with no ability of its own that exiles, "the exiled card" names nothing we know.
    alone = "{1}, {T}: Add one mana of any of the exiled card's colors."
    assert not_understood(alone) == [alone]
    # A cost that exiles names another card than the one the ETB exiled.
    by_cost = (
        "{T}, Exile a card from your graveyard: Add one mana of any of the exiled card's colors."
    )
    assert not_understood(f"{IMPRINT}\n{by_cost}") == [by_cost]


def test_each_color_among_the_cards_used_to_craft_it() -> None:
    text = (
        "{1}, {T}: For each color among the exiled cards used to craft ~, add one mana of that "
        "color."
    )
    assert _productions(text) == [{"kind": "each_exiled_color"}]


def test_mana_for_each_card_revealed_from_the_hand() -> None:
    text = (
        "{T}: Reveal any number of enchantment cards in your hand. "
        "Add {C}{C}{C} for each card revealed this way."
    )
    compiled = face(text)
    assert compiled.support == "full", compiled.unsupported_text
    assert [s.status for s in compiled.sentences] == ["compiled", "compiled"]
    (a,) = compiled.abilities
    assert isinstance(a, ManaAbility) and a.cost.tap
    assert a.produces.model_dump(mode="json", exclude={"colors"}) == {
        "kind": "amount",
        "amount": {"kind": "revealed", "cards": "enchantment cards"},
        "plus": 0,
        "times": 3,
        "of": "type",
        "mana_type": "C",
    }
    green = _productions(
        "{1}, {T}: Reveal any number of creature cards with power 4 or greater from your hand. "
        "Add {R} for each card revealed this way. Spend this mana only to cast creature spells."
    )
    assert green[0]["amount"] == {
        "kind": "revealed",
        "cards": "creature cards with power 4 or greater",
    }
    assert (green[0]["mana_type"], "times" in green[0]) == ("R", False)


def test_a_reveal_without_its_mana_sentence_or_of_mixed_mana_is_not_understood() -> None:
    mixed = (
        "{T}: Reveal any number of artifact cards from your hand. "
        "Add {R}{G} for each card revealed this way."
    )
    # Mana of two types for each card is no one amount of one type: the mana is reported.
    assert not_understood(mixed) == ["Add {R}{G} for each card revealed this way."]
    other = (
        "{T}: Reveal any number of artifact cards from your hand. "
        "Draw a card for each card revealed this way."
    )
    compiled = face(other)
    assert "Add" not in " ".join(compiled.unsupported_text)
    assert compiled.abilities == []


NAMES = "When ~ enters, choose a nonbasic land card name."
TYPE = "As ~ enters, choose a creature type."


def test_a_grant_to_permanents_with_the_chosen_name() -> None:
    compiled = face(f'{NAMES}\nLands with the chosen name have "{{T}}: Add {{C}}."')
    assert compiled.support == "full", compiled.unsupported_text
    (grant,) = compiled.abilities
    dumped = grant.model_dump(mode="json")
    assert dumped["kind"] == "grant_mana_ability" and dumped["to_chosen_name"] is True
    assert (dumped["to"]["types"], dumped["to"]["controller"]) == (["land"], "any")
    assert dumped["ability"]["produces"] == {"kind": "fixed", "mana": "{C}"}


def test_the_chosen_name_with_no_name_chosen_is_not_understood() -> None:
    text = 'Lands with the chosen name have "{T}: Add {C}."'
    assert not_understood(text) == [text]


def test_an_amount_of_the_chosen_color_for_creatures_of_the_chosen_type() -> None:
    text = (
        f"{TYPE}\n{{3}}, {{T}}: Choose a color. Add an amount of mana of that color equal to "
        "the number of other creatures you control of the chosen type."
    )
    compiled = face(text, types=("Land",), mana_cost=None)
    assert compiled.support == "full", compiled.unsupported_text
    (a,) = compiled.abilities
    assert isinstance(a, ManaAbility) and a.cost.mana == "{3}"
    assert a.produces.model_dump(mode="json", include={"kind", "amount", "of"}) == {
        "kind": "amount",
        "amount": {
            "kind": "count_chosen_type",
            "of": {
                "controller": "you",
                "types": ["creature"],
                "subtypes": [],
                "nonbasic": False,
                "relation": "any",
                "where": {"kind": "other"},
            },
        },
        "of": "one_color",
    }
    # Without a creature type chosen as it enters, "the chosen type" is not understood.
    alone = face(text.split("\n", 1)[1], types=("Land",), mana_cost=None)
    assert alone.support == "partial"


def test_a_trigger_on_lands_named_like_the_exiled_card() -> None:
    sentence = (
        "Whenever a land with the same name as the exiled card is tapped for mana, its "
        "controller adds one mana of any type that permanent produced."
    )
    compiled = face(f"When ~ enters, you may exile target land you control.\n{sentence}")
    assert compiled.support == "full", compiled.unsupported_text
    (t,) = compiled.abilities
    dumped = t.model_dump(mode="json")
    assert (dumped["kind"], dumped["adds"], dumped["source_named_exiled"]) == (
        "mana_trigger",
        "type_produced",
        True,
    )
    assert dumped["source"]["types"] == ["land"]
    # Without an ability that exiles, "the exiled card" is not ours to guess.
    assert not_understood(sentence) == [sentence]


def test_a_mana_ability_while_the_top_card_of_the_library_is_a_land() -> None:
    text = (
        "As long as the top card of your library is a land card, ~ has "
        '"{T}: Add two mana of any one color."'
    )
    compiled = face(text, types=("Creature",))
    assert compiled.support == "full", compiled.unsupported_text
    (a,) = compiled.abilities
    assert isinstance(a, ManaAbility) and a.while_library_top == "land"
    assert a.produces.model_dump(mode="json") == {"kind": "any_color", "amount": 2}
    odd = 'As long as the top card of your library is a land card, ~ has "Flying."'
    assert face(odd, types=("Creature",)).abilities == []


def test_mana_by_the_colored_symbols_of_the_milled_card() -> None:
    text = (
        "{1}, {T}, Mill a card: For each colored mana symbol in the milled card's mana cost, add "
        "one mana of that color. Activate only as an instant."
    )
    assert _productions(text) == [{"kind": "milled_card_symbols"}]
    # Two cards milled, or none by this cost: "the milled card" isn't one card we know.
    two = text.replace("Mill a card", "Mill two cards")
    assert not_understood(two) == [two.split(" Activate")[0]]
