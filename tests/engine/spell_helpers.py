"""Cards for the free-cast, reveal-until and mulligan tests, by name (the fixture catalog,
fixture_catalog.py)."""

from __future__ import annotations

import random

from app.domain.card import Card
from app.domain.ruling import Verdict
from app.engine.free_cast import BoardCosts
from app.engine.reveal import reveal_until
from tests.engine.fixture_catalog import card

__all__ = ["card", "cards", "cascade_into"]


def cards(*names: str) -> list[Card]:
    return [card(n) for n in names]


def cascade_into(
    hit: Card,
    cascade_mana_value: int,
    *,
    additional: tuple[str, ...] = (),
    costs: BoardCosts | None = None,
    x: int = 0,
    seed: int = 1,
) -> Verdict:
    """A cascade from a spell of that mana value whose only card exiled is `hit`, cast."""
    return reveal_until(
        [hit],
        mode="cascade",
        max_mana_value=None,
        cascade_mana_value=cascade_mana_value,
        nonlegendary=False,
        cast=True,
        face=None,
        unpayable=[],
        rng=random.Random(seed),
        additional_costs=additional,
        costs=costs,
        x=x,
    )
