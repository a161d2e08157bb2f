"""Mana from the cards exiled with a permanent (406.6, 607.2a: its `exiled`) and from cards
revealed from the hand (701.16: the activate question's `x`). Every card is invented; its
text is a templated sentence we wrote."""

from __future__ import annotations

import pytest

from app.domain.errors import QuestionError
from app.engine.activate import activate
from app.engine.could_produce import could_produce
from tests.engine.mana_helpers import board
from tests.engine.test_mana_colors import act, defined

IMPRINT = "When ~ enters, you may exile a nonland card from your hand."
MIRROR = (
    "Gilded Keepsake",
    f"{IMPRINT}\n{{1}}, {{T}}: Add one mana of any of the exiled card's colors.",
)
CRAFTED = (
    "Woven Phoenix",
    "{1}, {T}: For each color among the exiled cards used to craft ~, add one mana of that color.",
)
SMITH = (
    "Cogwright Apprentice",
    "{T}: Reveal any number of artifact cards from your hand. Add {C}{C}{C} for each card "
    "revealed this way.",
)


def _types(b: object, pid: str) -> list[str]:
    v = could_produce(b, None)  # type: ignore[arg-type]
    return next(p for p in v.answer_data["permanents"] if p["id"] == pid)["types"]


def test_a_color_of_the_exiled_card() -> None:
    b = board(defined("mox", *MIRROR, exiled=["Kitchen Finks"]))  # {1}{G/W}{G/W}: G and W
    a = act(b, "mox")
    assert {o["total"] for o in a["outcomes"]} == {"{W}", "{G}"}
    assert _types(b, "mox") == ["W", "G"]
    assert "607.2a" in activate(b, "mox").citations


def test_a_split_card_in_exile_has_both_halves_colors() -> None:
    b = board(defined("mox", *MIRROR, exiled=["Fire // Ice"]))  # 709.4: red and blue
    assert _types(b, "mox") == ["U", "R"]


def test_a_colorless_exiled_card_or_none_gives_no_mana() -> None:
    for exiled in (["Memnite"], []):
        b = board(defined("mox", *MIRROR, exiled=exiled))
        a = act(b, "mox")
        assert (a["legal"], a["made_mana"]) == (True, False)
        assert _types(b, "mox") == []
        assert "106.5" in activate(b, "mox").citations


def test_the_exiled_cards_must_be_given() -> None:
    b = board(defined("mox", *MIRROR))
    with pytest.raises(QuestionError) as e:
        activate(b, "mox")
    assert e.value.loc == ("state", "battlefield", 0, "exiled")
    assert e.value.code == "exiled_required"


def test_an_unknown_exiled_card_is_refused() -> None:
    with pytest.raises(QuestionError) as e:
        board(defined("mox", *MIRROR, exiled=["Lightning Bolt", "No Such Card At All"]))
    assert e.value.loc == ("state", "battlefield", 0, "exiled", 1)


def test_a_card_its_words_dont_exile_is_refused() -> None:
    # 406.6: it exiles a nonland card from the hand, so a land was never exiled with it.
    with pytest.raises(QuestionError) as e:
        board(defined("mox", *MIRROR, exiled=["Lightning Bolt", "Forest"]))
    assert (e.value.code, e.value.loc) == (
        "invalid_exiled_card",
        ("state", "battlefield", 0, "exiled", 1),
    )
    assert "exiles a nonland card as it enters" in e.value.message


def test_two_keepsakes_with_different_cards_are_told_apart() -> None:
    b = board(
        defined("red", *MIRROR, exiled=["Lightning Bolt"]),
        defined("blue", *MIRROR, exiled=["Counterspell"]),
    )
    assert (_types(b, "red"), _types(b, "blue")) == (["R"], ["U"])


def test_one_of_each_color_among_the_crafting_cards() -> None:
    b = board(
        defined(
            "bird",
            *CRAFTED,
            types=("Artifact", "Creature"),
            exiled=["Lightning Bolt", "Kitchen Finks", "Memnite", "Grizzly Bears"],
        )
    )
    a = act(b, "bird")
    assert (a["legal"], a["choice_required"], a["total"]) == (True, False, "{W}{R}{G}")


def test_three_colorless_for_each_artifact_revealed() -> None:
    b = board(defined("smith", *SMITH, types=("Artifact", "Creature"), cost="{3}"))
    a = act(b, "smith", x=3)
    assert (a["legal"], a["total"]) == (True, "{C}" * 9)
    none = act(b, "smith", x=0)
    assert (none["legal"], none["made_mana"]) == (True, False)
    v = activate(b, "smith", x=3)
    assert "701.16" in v.citations
    assert any("from 0 up to" in s.text for s in v.steps)
    assert _types(b, "smith") == ["C"]


def test_how_many_are_revealed_must_be_given() -> None:
    b = board(defined("smith", *SMITH, types=("Artifact", "Creature"), cost="{3}"))
    with pytest.raises(QuestionError) as e:
        activate(b, "smith")
    assert e.value.code == "x_required"


HAMLET = (
    "Mossgrown Waystone",
    'As ~ enters, choose a land card name.\nLands with the chosen name have "{T}: Add {C}."',
)
GROVE = (
    "Kinroot Grove",
    "As ~ enters, choose a creature type.\n"
    "{3}, {T}: Choose a color. Add an amount of mana of that color equal to the number of "
    "other creatures you control of the chosen type.",
)


def test_lands_with_the_chosen_name_gain_the_ability() -> None:
    b = board(
        defined("stone", *HAMLET, chosen_name="forest"),
        {"id": "f1", "card": "Forest", "controller": "bob"},
        {"id": "is", "card": "Island", "controller": "alice"},
    )
    assert b.get("stone").chosen_name == "Forest"  # type: ignore[union-attr]
    assert (_types(b, "f1"), _types(b, "is")) == (["G", "C"], ["U"])
    a = act(b, "f1", choose="C")
    assert (a["legal"], a["total"]) == (True, "{C}")


def test_the_chosen_name_must_be_given_and_known() -> None:
    b = board(defined("stone", *HAMLET), {"id": "f1", "card": "Forest", "controller": "bob"})
    with pytest.raises(QuestionError) as e:
        could_produce(b, None)
    assert (e.value.loc, e.value.code) == (
        ("state", "battlefield", 0, "chosen_name"),
        "chosen_name_required",
    )
    with pytest.raises(QuestionError) as e:
        board(defined("stone", *HAMLET, chosen_name="Qwerty Nowhere"))
    assert e.value.loc == ("state", "battlefield", 0, "chosen_name")


def _creature(pid: str, subtype: str, controller: str = "alice") -> dict[str, object]:
    card = {"name": f"Test {subtype}", "types": ["creature"], "subtypes": [subtype]}
    return {"id": pid, "definition": card, "controller": controller}


def test_mana_for_each_creature_of_the_chosen_type() -> None:
    b = board(
        defined("grove", *GROVE, cost=None, types=("Land",), chosen_type="elf"),
        _creature("e1", "Elf"),
        _creature("e2", "Elf"),
        _creature("g1", "Goblin"),
        _creature("e3", "Elf", controller="bob"),
    )
    a = act(b, "grove", choose="G")
    assert (a["legal"], a["total"]) == (True, "{G}{G}")
    assert "205.3m" in activate(b, "grove", choose="G").citations
    other = board(defined("grove", *GROVE, cost=None, types=("Land",), chosen_type="Sliver"))
    none = act(other, "grove", choose="G")
    assert (none["legal"], none["made_mana"]) == (True, False)


def test_the_chosen_type_must_be_given() -> None:
    b = board(defined("grove", *GROVE, cost=None, types=("Land",)))
    with pytest.raises(QuestionError) as e:
        activate(b, "grove", choose="G")
    assert (e.value.loc, e.value.code) == (
        ("state", "battlefield", 0, "chosen_type"),
        "chosen_type_required",
    )


LENS = (
    "Echoing Prism",
    "When ~ enters, you may exile target land you control.\n"
    "Whenever a land with the same name as the exiled card is tapped for mana, its controller "
    "adds one mana of any type that permanent produced.",
)


def test_lands_with_the_exiled_cards_name_trigger() -> None:
    b = board(
        defined("prism", *LENS, exiled=["Forest"]),
        {"id": "f", "card": "Forest", "controller": "bob"},
        {"id": "i", "card": "Island", "controller": "alice"},
    )
    a = act(b, "f")
    assert a["triggered"] == [{"source_id": "prism", "name": "Echoing Prism", "mana": "{G}"}]
    assert a["total"] == "{G}{G}"
    assert act(b, "i")["triggered"] == []


def test_with_nothing_exiled_it_never_triggers() -> None:
    b = board(
        defined("prism", *LENS, exiled=[]), {"id": "f", "card": "Forest", "controller": "bob"}
    )
    assert act(b, "f")["triggered"] == []
    missing = board(defined("prism", *LENS), {"id": "f", "card": "Forest", "controller": "bob"})
    with pytest.raises(QuestionError) as e:
        activate(missing, "f")
    assert (e.value.loc, e.value.code) == (("state", "battlefield", 0, "exiled"), "exiled_required")


def test_the_exiled_cards_are_asked_for_only_by_a_question_the_trigger_bears_on() -> None:
    # Could-produce never counts triggered mana (it asks what abilities could produce), and
    # a permanent the trigger doesn't watch is activated without it: no 422 for them.
    missing = board(
        defined("prism", *LENS),
        {"id": "f", "card": "Forest", "controller": "bob"},
        {"id": "s", "card": "Sol Ring", "controller": "bob"},
    )
    assert could_produce(missing, None).answer_data["permanents"][1]["types"] == ["G"]
    assert act(missing, "s")["total"] == "{C}{C}"


CHANNELER = (
    "Rootsight Seer",
    "As long as the top card of your library is a land card, ~ has "
    '"{T}: Add two mana of any one color."',
)


def test_the_ability_exists_while_a_land_is_on_top_of_the_library() -> None:
    seer = defined("seer", *CHANNELER, types=("Creature",), cost="{1}{G}", library_top="Forest")
    b = board(seer)
    assert _types(b, "seer") == ["W", "U", "B", "R", "G"]
    a = act(b, "seer", choose="R")
    assert (a["legal"], a["total"]) == (True, "{R}{R}")
    v = activate(b, "seer", choose="R")
    assert "205.2" in v.citations and any("Forest" in s.refs["cards"] for s in v.steps)
    # A split card of instants on top is no land card: the ability isn't there.
    spell = board(
        defined("seer", *CHANNELER, types=("Creature",), cost="{1}{G}", library_top="Fire // Ice")
    )
    assert _types(spell, "seer") == []
    a = act(spell, "seer")
    assert (a["legal"], [r["code"] for r in a["reasons"]]) == (False, ["no_mana_ability"])


def test_the_top_card_must_be_given() -> None:
    b = board(defined("seer", *CHANNELER, types=("Creature",), cost="{1}{G}"))
    with pytest.raises(QuestionError) as e:
        could_produce(b, None)
    assert (e.value.loc, e.value.code) == (
        ("state", "battlefield", 0, "library_top"),
        "library_top_required",
    )


PENDANT = (
    "Glinting Locket",
    "{1}, {T}, Mill a card: For each colored mana symbol in the milled card's mana cost, add "
    "one mana of that color.",
)


def test_one_mana_for_each_colored_symbol_of_the_top_card() -> None:
    b = board(defined("locket", *PENDANT, library_top="Counterspell"))
    a = act(b, "locket")
    assert (a["legal"], a["choice_required"], a["total"]) == (True, False, "{U}{U}")
    assert "701.13" in activate(b, "locket").citations
    hybrid = board(defined("locket", *PENDANT, library_top="Kitchen Finks"))  # {1}{G/W}{G/W}
    assert {o["total"] for o in act(hybrid, "locket")["outcomes"]} == {
        "{W}{W}",
        "{W}{G}",
        "{G}{G}",
    }
    assert _types(hybrid, "locket") == ["W", "G"]
    split = board(defined("locket", *PENDANT, library_top="Fire // Ice"))  # 709.4: both halves
    assert act(split, "locket")["total"] == "{U}{R}"
    none = board(defined("locket", *PENDANT, library_top="Memnite"))
    assert (act(none, "locket")["made_mana"], _types(none, "locket")) == (False, [])


def test_the_milled_card_must_be_given() -> None:
    b = board(defined("locket", *PENDANT))
    with pytest.raises(QuestionError) as e:
        activate(b, "locket")
    assert e.value.code == "library_top_required"
