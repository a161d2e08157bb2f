"""The bundled spells catalog (app/catalog/cards/spells.json): the cards of the docs/cards.md
table, with the mana values and the abilities the engines read. (The engine tests play with
their own fixture cards, tests/engine/fixtures/cards.json.)"""

from __future__ import annotations

import json

from app.catalog import CARDS_DIR, load_catalog
from app.domain.card import Card

SPELLS_FILE = CARDS_DIR / "spells.json"


def card(name: str) -> Card:
    """By full name or any face's name, any case (as the API finds cards)."""
    found = load_catalog().get(name)
    assert found is not None, name
    return found


def spells_file_cards() -> list[Card]:
    """Exactly the cards of the spells file (the docs/cards.md table it covers)."""
    return [Card.model_validate(item) for item in json.loads(SPELLS_FILE.read_text("utf-8"))]


# docs/cards.md, table "X, mana value, free casts, reveals": every card and its mana value off the
# stack (202.3; X is 0 there, 107.3g; split adds halves 709.4; MDFC front 712.8; adventurer
# creature part 715.4).
EXPECTED_MANA_VALUES = {
    "Hangarback Walker": 0,
    "Walking Ballista": 0,
    "Endless One": 0,
    "Stonecoil Serpent": 0,
    "The Meathook Massacre": 2,
    "Fireball": 1,
    "Shatterskull Smashing // Shatterskull, the Hammer Pass": 2,
    "Bloodbraid Elf": 4,
    "Shardless Agent": 3,
    "Treasure Keeper": 4,
    "Plargg, Dean of Chaos // Augusta, Dean of Order": 2,
    "Force of Will": 5,
    "Solitude": 5,
    "Deep Analysis": 4,
    "Gatekeeper of Malakir": 2,
    "Fling": 2,
    "Bone Splinters": 1,
    "Fire // Ice": 4,
    "Wear // Tear": 3,
    "Valki, God of Lies // Tibalt, Cosmic Impostor": 2,
    "Bonecrusher Giant // Stomp": 3,
    "Crashing Footfalls": 0,
    "Ancestral Vision": 0,
    "Dismember": 3,
    "Kitchen Finks": 3,
    "Spectral Procession": 6,
    "Memnite": 0,
    "Lightning Bolt": 1,
    "Counterspell": 2,
    "Grizzly Bears": 2,
}


def test_spells_file_has_every_card_of_the_table_with_its_mana_value() -> None:
    found = {c.name: c.mana_value_off_stack() for c in spells_file_cards()}
    assert found == EXPECTED_MANA_VALUES


def test_card_names_are_unique_across_every_catalog_file() -> None:
    names: list[str] = []
    for path in sorted(CARDS_DIR.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        items = data.get("cards", []) if isinstance(data, dict) else data
        names += [str(item["name"]).casefold() for item in items]
    assert len(names) == len(set(names))


def test_every_spell_has_a_summary() -> None:
    assert all(c.summary.strip() for c in spells_file_cards())


def test_catalog_abilities_that_the_engines_read() -> None:
    # 107.3m: counters entering with X.
    for name in ("Hangarback Walker", "Walking Ballista", "Endless One", "Stonecoil Serpent"):
        (ability,) = card(name).abilities
        assert ability.kind == "enters_with_counters"
        assert ability.amount == "X"
    (meathook,) = card("The Meathook Massacre").abilities
    assert meathook.kind == "etb_trigger" and meathook.uses_x
    assert card("The Meathook Massacre").front.legendary
    # 702.85: cascade is a keyword.
    assert set(card("Bloodbraid Elf").keywords) == {"haste", "cascade"}
    assert card("Shardless Agent").keywords == ["cascade"]
    (keeper,) = card("Treasure Keeper").abilities
    assert keeper.kind == "reveal_until" and keeper.max_mana_value == 3
    assert not keeper.nonlegendary
    plargg = card("Plargg, Dean of Chaos")
    assert plargg.layout == "modal_dfc"
    (reveal,) = plargg.front.abilities
    assert reveal.kind == "reveal_until" and reveal.nonlegendary and reveal.max_mana_value == 3
    # Cost names as docs/api.md spells them.
    assert [a.name for a in card("Force of Will").alternative_costs] == ["Exile a blue card"]
    assert [a.name for a in card("Solitude").alternative_costs] == ["Evoke"]
    (flashback,) = card("Deep Analysis").alternative_costs
    assert (flashback.name, flashback.mana) == ("Flashback", "{1}{U}")
    (kicker,) = card("Gatekeeper of Malakir").additional_costs
    assert (kicker.name, kicker.optional, kicker.mana) == ("Kicker", True, "{B}")
    for name in ("Fling", "Bone Splinters"):
        (sac,) = card(name).additional_costs
        assert (sac.name, sac.optional) == ("Sacrifice a creature", False)
    # Layouts and faces.
    assert card("Fire // Ice").layout == card("Wear // Tear").layout == "split"
    assert card("Valki, God of Lies").layout == "modal_dfc"
    shatterskull = card("Shatterskull Smashing")
    assert shatterskull.layout == "modal_dfc" and shatterskull.faces[1].types == ["land"]
    giant = card("Stomp")
    assert giant.layout == "adventure"
    assert [f.name for f in giant.faces] == ["Bonecrusher Giant", "Stomp"]
    assert giant.faces[1].types == ["instant"] and giant.faces[1].subtypes == ["Adventure"]
    for name, color in (("Crashing Footfalls", "G"), ("Ancestral Vision", "U")):
        no_cost = card(name)
        assert no_cost.mana_cost is None
        assert no_cost.card_colors == [color]
        assert "suspend" in no_cost.keywords


def test_catalog_lookup_finds_cards_by_face_name() -> None:
    assert card("ice").name == "Fire // Ice"
