"""The checks the tests run on every ruling (app/rulings/checks.py) catch refs that don't
match their step's text."""

from __future__ import annotations

import pytest

from app.domain.ruling import Mentions, Step, mana_groups
from app.rulings.checks import check_step


def test_a_step_built_with_its_mentions_passes() -> None:
    m = Mentions()
    text = f"{m.label('Forest', 'f')} taps for {m.mana('{G}')} ({{T}}: add it)."
    step = m.step(text, ("106.12",))
    assert step.refs == {"permanents": ("f",), "cards": ("Forest",), "mana": ("{G}",)}
    check_step(step, ["f", "other"])


@pytest.mark.parametrize(
    "step",
    [
        Step("Forest (f) taps for mana.", ("106.12",)),  # no refs at all
        Step("Forest (f) taps.", (), {"permanents": (), "cards": ("Forest",), "mana": ()}),
        Step("It adds {G}{G}.", (), {"permanents": (), "cards": (), "mana": ("{G}",)}),
        Step("It taps.", (), {"permanents": (), "cards": ("Island",), "mana": ()}),
        Step("It taps.", (), {"permanents": ("x",), "cards": (), "mana": ()}),
    ],
)
def test_a_missing_or_untrue_ref_is_caught(step: Step) -> None:
    with pytest.raises(ValueError):
        check_step(step, ["f"])


def test_tap_symbols_are_not_mana() -> None:
    assert mana_groups("{T}, {Q}: add {W}{U} or {2}{X}") == ["{W}{U}", "{2}{X}"]
