"""Oracle mana notation, mana amounts and mana value (106.1, 107.4, 202.3)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.domain.mana import (
    Mana,
    ManaSyntaxError,
    cost_mana_value,
    mask_of,
    mask_types,
    parse_cost,
    render_cost,
)

SYMBOLS = [
    "{W}",
    "{U}",
    "{B}",
    "{R}",
    "{G}",
    "{C}",
    "{0}",
    "{1}",
    "{2}",
    "{10}",
    "{X}",
    "{S}",
    "{W/U}",
    "{U/B}",
    "{B/R}",
    "{R/G}",
    "{G/W}",
    "{W/B}",
    "{U/R}",
    "{B/G}",
    "{R/W}",
    "{G/U}",
    "{2/W}",
    "{2/U}",
    "{2/B}",
    "{2/R}",
    "{2/G}",
    "{W/P}",
    "{U/P}",
    "{B/P}",
    "{R/P}",
    "{G/P}",
    "{W/U/P}",
    "{B/G/P}",
    "{C/W}",
    "{C/R}",
]


@pytest.mark.parametrize(
    ("cost", "kinds"),
    [
        ("{W}{U}{B}{R}{G}{C}", ["colored"] * 6),
        ("{3}", ["generic"]),
        ("{X}{X}{R}", ["x", "x", "colored"]),
        ("{W/U}", ["hybrid"]),
        ("{2/W}", ["mono_hybrid"]),
        ("{B/P}", ["phyrexian"]),
        ("{W/U/P}", ["phyrexian"]),
        ("{C/W}", ["colorless_hybrid"]),
        ("{S}", ["snow"]),
        ("", []),
    ],
)
def test_every_notation_parses(cost: str, kinds: list[str]) -> None:
    assert [s.kind for s in parse_cost(cost)] == kinds


@pytest.mark.parametrize(
    ("bad", "symbol"),
    [
        ("{Q}", "{Q}"),
        ("{W}{Z}", "{Z}"),
        ("{W/W}", "{W/W}"),
        ("G", "G"),
        ("{1}x", "x"),
        ("{01}", "{01}"),
        ("{2/C}", "{2/C}"),
        ("{W", "{W"),
        ("{P/W}", "{P/W}"),
    ],
)
def test_bad_symbol_is_named(bad: str, symbol: str) -> None:
    with pytest.raises(ManaSyntaxError) as err:
        parse_cost(bad)
    assert err.value.symbol == symbol
    assert symbol in str(err.value)


@pytest.mark.parametrize(
    ("cost", "x", "value"),
    [
        ("{X}{X}{R}", 3, 7),  # 107.3: each {X} counts
        ("{X}{X}", 0, 0),  # 107.3g: X is 0 off the stack
        ("{1}{B/P}{B/P}", 0, 3),  # 202.3g: Phyrexian counts 1 (Dismember)
        ("{1}{G/W}{G/W}", 0, 3),  # 202.3f: hybrid counts its larger half (Kitchen Finks)
        ("{2/W}{2/W}{2/W}", 0, 6),  # Spectral Procession: the larger half is 2
        ("{C/W}", 0, 1),
        ("{S}{S}", 0, 2),
        ("{0}", 0, 0),  # Memnite
        ("{15}", 0, 15),
        ("", 0, 0),  # 202.3: no mana cost is 0
    ],
)
def test_mana_value_of_a_cost(cost: str, x: int, value: int) -> None:
    assert cost_mana_value(parse_cost(cost), x) == value


def test_mana_amount_renders_in_wubrgc_order() -> None:
    mana = Mana.parse("{G}{C}{W}{G}")
    assert mana.render() == "{W}{G}{G}{C}"
    assert mana.types() == ["W", "G", "C"]
    assert mana.total == 4
    assert (mana + Mana.of("U")).render() == "{W}{U}{G}{G}{C}"
    assert Mana.parse("{R}{W}").times(2).render() == "{W}{W}{R}{R}"
    assert Mana.parse("{R}{W}").all_as("C").render() == "{C}{C}"
    assert not Mana()


def test_produced_mana_is_only_the_six_types() -> None:
    # 106.1b: snow, generic and X are not mana types.
    for bad in ("{S}", "{2}", "{X}", "{W/U}"):
        with pytest.raises(ManaSyntaxError):
            Mana.parse(bad)


def test_masks_round_trip() -> None:
    assert mask_types(mask_of(["C", "W", "G"])) == ["W", "G", "C"]


@given(st.lists(st.sampled_from(SYMBOLS), max_size=12))
def test_parse_then_render_is_identity_on_canonical_strings(symbols: list[str]) -> None:
    text = "".join(symbols)
    assert render_cost(parse_cost(text)) == text


@given(st.lists(st.integers(0, 5), min_size=6, max_size=6))
def test_mana_parse_render_round_trip(counts: list[int]) -> None:
    mana = Mana(tuple(counts))  # type: ignore[arg-type]
    assert Mana.parse(mana.render()) == mana
