"""A permanent that layer 4 makes a land and then gives basic land types loses the abilities
of its rules text (305.7), whatever it was printed as: an enchantment an Aura makes a land, a
creature another effect makes a land. Its own layer-4, layer-5 and layer-6 effects then don't
exist: they depend on the effect that removes them (613.8a), which applies first. Invented
cards, compiled from templated sentences we wrote."""

from __future__ import annotations

from typing import Any

import pytest

from app.engine.activate import activate
from tests.engine.test_set_card_types import _elf
from tests.engine.test_type_effects import DUAL, FOREST, _board, _card, _perm, _types_of

# An Aura that makes what it enchants a colorless Island land (305.7: its text goes).
HYMN = _card(
    "Hymn of Reeds",
    "Enchant permanent\nEnchanted permanent is a colorless Island land.",
    ["Enchantment"],
    ["Aura"],
)
SWAMP_MOON = _card("Moonrot Idol", "Nonbasic lands are Swamps.", ["Enchantment"])
LOWLY = _card(
    "Lowly Decree",
    "All creatures lose all abilities and have base power and toughness 2/2.",
    ["Enchantment"],
)
NYMPH = _card(
    "Grovesong Nymph",
    "Each land you control is every basic land type in addition to its other types.",
    ["Enchantment", "Creature"],
    ["Nymph"],
)
COLOSSUS = _card(
    "Barkbound Colossus",
    "Nontoken creatures you control are Mountain lands in addition to their other types.",
    ["Creature"],
    ["Avatar"],
)
WARDEN = _card(
    "Wildroot Warden",
    "Lands you control are Forests in addition to their other types.",
    ["Creature"],
    ["Elf"],
)
TIDETURN = _card("Tideturn Decree", "All Forests are Islands.", ["Enchantment"])
MIRE = _card("Mirefall Tower", "All lands are Swamps in addition to their other types.", ["Land"])
ISLAND = {"name": "Blue Field", "supertypes": ["Basic"], "types": ["land"], "subtypes": ["Island"]}
ELF = _elf()


def _stamped(order: tuple[str, ...], cards: dict[str, Any], bobs: str) -> list[dict[str, Any]]:
    """The cards as permanents with timestamps in `order` (613.7), `bobs` the opponent's."""
    return [
        _perm(pid, cards[pid], controller="bob" if pid == bobs else "alice", timestamp=ts)
        for ts, pid in enumerate(order, start=1)
    ]


def _hymn_on(target: str, **kw: Any) -> dict[str, Any]:
    return _perm("hymn", HYMN, attached_to=target, **kw)


@pytest.mark.parametrize(("moon_ts", "hymn_ts"), [(1, 2), (2, 1)])
def test_an_aura_that_makes_a_land_type_setter_a_land_takes_its_effect_away(
    moon_ts: int, hymn_ts: int
) -> None:
    # 305.7, 613.8a: the Idol becomes an Island land and loses its text, whatever the
    # timestamps: the dual keeps its own types, and the Idol is an Island.
    b = _board(
        _perm("dual", DUAL),
        _perm("moon", SWAMP_MOON, controller="bob", timestamp=moon_ts),
        _hymn_on("moon", timestamp=hymn_ts),
    )
    assert _types_of(b, "dual") == ["W", "U"]
    assert _types_of(b, "moon") == ["U"]


def test_an_aura_that_makes_an_ability_remover_a_land_takes_its_layer_six_effect_away() -> None:
    # The Decree is an Island land without its text (layer 4) before layer 6 applies: no
    # creature loses its abilities, and the Elf taps for {G}.
    b = _board(_perm("elf", ELF), _perm("decree", LOWLY, controller="bob"), _hymn_on("decree"))
    answer = activate(b, "elf").answer_data
    assert (answer["legal"], answer["total"]) == (True, "{G}")


def test_an_aura_that_makes_a_land_type_adder_a_land_takes_its_effect_away() -> None:
    # The Nymph (an enchantment creature) is an Island land without its text: lands get no
    # other types.
    b = _board(_perm("island", ISLAND), _perm("nymph", NYMPH), _hymn_on("nymph"))
    assert _types_of(b, "island") == ["U"]
    assert _types_of(b, "nymph") == ["U"]


@pytest.mark.parametrize("order", [("moon", "colossus", "nymph"), ("nymph", "colossus", "moon")])
def test_a_creature_another_effect_made_a_land_loses_its_text_to_a_land_type_setter(
    order: tuple[str, ...],
) -> None:
    # The Colossus makes the Nymph (and itself) nonbasic Mountain lands; the Idol then makes them
    # Swamps, which takes the Nymph's ability away (305.7), whatever the timestamps (613.8a).
    cards = {"moon": SWAMP_MOON, "colossus": COLOSSUS, "nymph": NYMPH}
    b = _board(_perm("island", ISLAND), *_stamped(order, cards, bobs="moon"))
    assert _types_of(b, "island") == ["U"]
    assert _types_of(b, "nymph") == ["B"]
    assert _types_of(b, "colossus") == ["B"]


@pytest.mark.parametrize("order", [("warden", "tideturn", "mire"), ("warden", "mire", "tideturn")])
def test_a_land_another_effect_gave_the_type_a_setter_changes_loses_its_text(
    order: tuple[str, ...],
) -> None:
    # The Warden makes the Tower a Forest; the Decree then makes Forests Islands, which takes
    # the Tower's ability away (305.7): no land is a Swamp, whichever comes first (613.8a).
    cards = {"warden": WARDEN, "tideturn": TIDETURN, "mire": MIRE}
    theirs = _perm("theirs", FOREST, controller="bob")
    b = _board(_perm("forest", FOREST), theirs, *_stamped(order, cards, bobs="tideturn"))
    assert _types_of(b, "forest") == ["U"]
    assert _types_of(b, "mire") == ["U"]
    assert _types_of(b, "theirs") == ["U"]


def test_more_type_changing_sources_than_the_limit_is_a_422() -> None:
    # Their order (613.8) is decided pair by pair: a board of more of them than any game has
    # is refused rather than worked on at length.
    from app.domain.errors import QuestionError
    from app.engine.characteristics import LAYER4_SOURCE_LIMIT

    towers = [_perm(f"m{i}", MIRE) for i in range(LAYER4_SOURCE_LIMIT)]
    assert _types_of(_board(*towers), "m0") == ["B"]
    with pytest.raises(QuestionError) as err:
        _types_of(_board(*towers, _perm("moon", SWAMP_MOON)), "m0")
    assert err.value.code == "too_complex"


def test_a_choice_of_an_effect_that_never_applies_is_not_asked_for() -> None:
    # The Idol takes the Chooser's text away (305.7) before its effect could apply, so the type
    # it chose as it entered is needed for nothing, even while the Idol's reach over the Tower
    # is worked out.
    chooser = _card(
        "Ringwall Cairn",
        "As this land enters, choose a basic land type.\nEach land you control is the chosen "
        "type in addition to its other types.",
        ["Land"],
    )
    b = _board(_perm("cairn", chooser), _perm("mire", MIRE), _perm("moon", SWAMP_MOON))
    assert _types_of(b, "cairn") == ["B"]
    assert _types_of(b, "mire") == ["B"]


@pytest.mark.parametrize("stamps", [(1, 2, 3), (2, 1, 3), (3, 2, 1), (1, 3, 2)])
def test_an_aura_on_a_land_maker_takes_its_effect_away_whatever_the_timestamps(
    stamps: tuple[int, int, int],
) -> None:
    # The Hymn makes the Colossus an Island land on its own (its land-making and land type are
    # one effect), so it depends on nothing the Colossus does, while the Colossus's effect
    # depends on it (613.8a): the Elf is never a land, and the Colossus is a Swamp by the Idol.
    colossus, hymn, moon = stamps
    b = _board(
        _perm("elf", ELF),
        _perm("col", COLOSSUS, timestamp=colossus),
        _hymn_on("col", timestamp=hymn),
        _perm("moon", SWAMP_MOON, controller="bob", timestamp=moon),
    )
    assert _types_of(b, "elf") == ["G"]
    assert _types_of(b, "col") == ["B"]


def test_too_many_objects_looked_at_one_by_one_for_dependencies_is_a_422(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Effects that single out objects ("other") are checked permanent by permanent for each
    # pair of them (613.8a); past a budget of that work, the board is refused.
    from app.domain.errors import QuestionError
    from app.engine import characteristics

    swamps = _card("Gloomspire", "Each other land you control is a Swamp in addition to its "
                   "other types.", ["Land"])  # fmt: skip
    islands = _card("Tidespire", "Other Swamps you control are Islands in addition to their "
                    "other types.", ["Land"])  # fmt: skip
    perms = [_perm(f"g{i}", swamps) for i in range(3)] + [_perm(f"t{i}", islands) for i in range(3)]
    assert _types_of(_board(*perms), "g0") == ["U", "B"]
    monkeypatch.setattr(characteristics, "REACH_SCAN_BUDGET", 50)
    with pytest.raises(QuestionError) as err:
        _types_of(_board(*perms, *(_perm(f"f{i}", FOREST) for i in range(20))), "g0")
    assert err.value.code == "too_complex"
