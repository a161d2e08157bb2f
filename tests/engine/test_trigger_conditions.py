"""Tapped-for-mana triggers with an intervening "if ~ is tapped" (603.4) and with a rider
that changes no mana (608.2c); invented fixture cards."""

from __future__ import annotations

from typing import Any

from app.engine.activate import activate
from tests.engine.mana_helpers import P, board


def steps(v: Any) -> str:
    return " ".join(s.text for s in v.steps)


def test_the_trigger_needs_its_own_permanent_tapped() -> None:
    untapped = activate(board(P("f", "Forest"), P("imp", "Dozing Imp", "bob")), "f")
    assert (untapped.answer_data["total"], untapped.answer_data["triggered"]) == ("{G}", [])
    assert "is untapped, so it does not trigger" in steps(untapped)
    assert "603.4" in untapped.citations
    tapped = activate(board(P("f", "Forest"), P("imp", "Dozing Imp", "bob", tapped=True)), "f")
    assert tapped.answer_data["total"] == "{G}{G}"
    assert "is tapped, so it triggers" in steps(tapped)


def test_the_damage_rider_changes_no_mana() -> None:
    v = activate(board(P("m", "Mountain", "bob"), P("sb", "Stinging Bloom")), "m")
    assert v.answer_data["total"] == "{R}{R}"
    assert "also deals 1 damage to that player; that changes none of the mana" in steps(v)
