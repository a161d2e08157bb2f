"""One folding function for stored keys and lookups: names as people type them."""

from __future__ import annotations

import pytest

from app.catalog import Catalog
from app.catalog.names import fold
from app.domain.card import Card


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("aether vial", "Æther Vial"),
        ("AETHERSNIPE", "Æthersnipe"),
        ("Lim-Dul's Vault", "Lim-Dûl's Vault"),
        ("lim-duls vault", "Lim-Dûl\u2019s Vault"),
        ("Jotun Grunt", "Jötun Grunt"),
        ("Fire/Ice", "Fire // Ice"),
        ("fire  //ice", "Fire // Ice"),
        ("  Urza\u2019s   Saga ", "Urza's Saga"),
        # An acute accent or a modifier letter typed as the apostrophe, a full-width one.
        ("Urza\u00b4s Saga", "Urza's Saga"),
        ("Urza\u02bcs Saga", "Urza's Saga"),
        ("Urza\uff07s Saga", "Urza's Saga"),
        # An invisible character pasted with a name.
        ("For\u200best", "Forest"),
    ],
)
def test_typed_names_fold_to_the_stored_key(typed: str, stored: str) -> None:
    assert fold(typed) == fold(stored)


def test_different_names_stay_different() -> None:
    assert fold("Fire") != fold("Fire // Ice")
    assert fold("Lim-Dul's Vault") != fold("Lim Duls Vault")  # the hyphen is part of the name


def test_full_name_wins_over_another_cards_face_name() -> None:
    split = Card.model_validate(
        {
            "name": "Glint // Ash",
            "layout": "split",
            "faces": [
                {"name": "Glint", "mana_cost": "{R}", "types": ["instant"]},
                {"name": "Ash", "mana_cost": "{B}", "types": ["instant"]},
            ],
        }
    )
    glint = Card.model_validate({"name": "Glint", "mana_cost": "{G}", "types": ["sorcery"]})
    catalog = Catalog([split, glint])
    assert catalog.get("glint") is glint
    assert catalog.get("ASH") is split
    assert catalog.get("glint/ash") is split
    assert catalog.shared_by("glint") == catalog.shared_by("ash") == []


def test_a_face_two_cards_share_names_neither() -> None:
    # Two meld cards meld into one back face: its name is no one card's.
    def meld(front: str, cost: str) -> Card:
        faces = [
            {"name": front, "mana_cost": cost, "types": ["creature"]},
            {"name": "Vast Colossus", "types": ["creature"]},
        ]
        return Card.model_validate(
            {"name": f"{front} // Vast Colossus", "layout": "meld", "faces": faces}
        )

    first, second = meld("Tall Warden", "{3}{G}"), meld("Broad Warden", "{2}{G}")
    catalog = Catalog([first, second])
    assert catalog.get("vast colossus") is None
    assert catalog.shared_by("Vast Colossus") == [second.name, first.name]
    assert catalog.get("tall warden") is first and catalog.shared_by("tall warden") == []
