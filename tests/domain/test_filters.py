"""Composable filters: a Selector's flat fields and its `where` filter, all of them required;
the token, other and counters conditions; and the bounded shape of the schema."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from app.domain.filters import (
    AllOf,
    HasCounters,
    IsOther,
    Looker,
    Selector,
    SpellSelector,
    Traits,
    filter_reads,
)

ME = Looker("alice", None, "src")


def _traits(**kw: object) -> Traits:
    base: dict[str, object] = {
        "controller": "alice",
        "types": frozenset({"creature"}),
        "subtypes": frozenset(),
    }
    return Traits(**{**base, **kw})  # type: ignore[arg-type]


def test_where_is_anded_with_the_flat_fields() -> None:
    sel = Selector.model_validate(
        {"controller": "you", "types": ["creature"], "where": {"kind": "token"}}
    )
    assert sel.matches(ME, "t", _traits(token=True))
    assert not sel.matches(ME, "t", _traits(token=False))
    assert not sel.matches(ME, "t", _traits(token=True, controller="bob"))
    assert not sel.matches(ME, "t", _traits(token=True, types=frozenset({"land"})))


def test_other_excludes_only_the_source() -> None:
    sel = Selector(controller="you", where=IsOther())
    assert sel.matches(ME, "cub", _traits()) and not sel.matches(ME, "src", _traits())
    assert sel.per_object  # never answered per group of equal traits


def test_counters_of_one_kind_or_any() -> None:
    three = Selector(where=HasCounters(counter="+1/+1 counters", at_least=3))
    assert three.matches(ME, "a", _traits(counters=(("+1/+1", 3),)))
    assert not three.matches(ME, "a", _traits(counters=(("+1/+1", 2), ("charge", 5))))
    anything = Selector(where=HasCounters())
    assert anything.matches(ME, "a", _traits(counters=(("charge", 1),)))
    assert not anything.matches(ME, "a", _traits())


def test_an_all_of_in_where_joins_the_flat_conditions() -> None:
    sel = Selector(controller="you", where=AllOf(of=[IsOther(), HasCounters()]))
    f = sel.as_filter()
    assert isinstance(f, AllOf) and [p.kind for p in f.of] == ["controller", "other", "counters"]


def test_where_is_left_out_of_the_dump_when_absent() -> None:
    assert "where" not in Selector(types=["land"]).model_dump()


def test_filters_nest_only_to_the_bounded_depth() -> None:
    # all of (any of (a condition or its negation)): an all inside an any is refused.
    with pytest.raises(ValidationError):
        Selector.model_validate(
            {"where": {"kind": "any", "of": [{"kind": "all", "of": [{"kind": "token"}]}]}}
        )
    with pytest.raises(ValidationError):
        Selector.model_validate({"where": {"kind": "counters", "at_least": 0}})


def test_a_filter_reads_subtypes_only_where_it_names_one() -> None:
    from app.domain.filters import filter_reads_subtypes

    def reads(selector: dict[str, object]) -> bool:
        return filter_reads_subtypes(Selector.model_validate(selector).as_filter())

    assert reads({"subtypes": ["Swamp"]})
    assert reads(
        {
            "types": ["land"],
            "where": {"kind": "not", "filter": {"kind": "subtype", "subtype": "Moth"}},
        }
    )
    assert not reads({"types": ["land"], "nonbasic": True, "controller": "you"})
    assert not reads(
        {"where": {"kind": "any", "of": [{"kind": "type", "type": "artifact"}, {"kind": "tapped"}]}}
    )


def test_a_filter_reads_tapped_status_only_where_it_asks_for_it() -> None:
    from app.domain.filters import filter_reads, filter_reads_tapped, filter_uses_object

    def of(selector: dict[str, object]) -> Any:
        return Selector.model_validate(selector).as_filter()

    assert filter_reads_tapped(of({"types": ["land"], "where": {"kind": "tapped"}}))
    untapped = {"kind": "not", "filter": {"kind": "tapped"}}
    assert filter_reads_tapped(of({"where": {"kind": "any", "of": [{"kind": "token"}, untapped]}}))
    assert not filter_reads_tapped(of({"types": ["land"], "subtypes": ["Swamp"]}))
    # One filter may read several facts; each question answers for its own.
    both = of(
        {"subtypes": ["Swamp"], "where": {"kind": "all", "of": [untapped, {"kind": "other"}]}}
    )
    assert filter_reads(both) == {"subtypes", "tapped", "object"}
    assert filter_uses_object(both) and filter_reads_tapped(both)
    assert filter_reads(of({"types": ["land"], "nonbasic": True})) == frozenset()


def test_a_mana_value_condition_holds_within_its_bounds() -> None:
    four_up = SpellSelector.model_validate({"where": {"kind": "mana_value", "at_least": 4}})
    assert four_up.matches(ME, "", _traits(mana_value=4))
    assert not four_up.matches(ME, "", _traits(mana_value=3))
    two_to_three = SpellSelector.model_validate(
        {"where": {"kind": "mana_value", "at_least": 2, "at_most": 3}}
    )
    assert [two_to_three.matches(ME, "", _traits(mana_value=n)) for n in range(5)] == [
        False,
        False,
        True,
        True,
        False,
    ]
    assert filter_reads(four_up.as_filter()) == {"mana_value"}
    # No bound, or bounds the wrong way round, is no condition.
    for bad in ({}, {"at_least": 5, "at_most": 4}, {"at_least": -1}):
        with pytest.raises(ValidationError, match="mana"):
            SpellSelector.model_validate({"where": {"kind": "mana_value", **bad}})


def test_a_mana_value_condition_is_for_spells_only() -> None:
    # 202.3: a permanent's mana value (a back face's, a melded pair's) isn't worked out, so no
    # selector of permanents or cards may ask it, however deep in its filter.
    deep = {"kind": "any", "of": [{"kind": "token"}, {"kind": "mana_value", "at_most": 2}]}
    for where in ({"kind": "mana_value", "at_least": 1}, deep):
        with pytest.raises(ValidationError, match="read of spells only"):
            Selector.model_validate({"types": ["creature"], "where": where})


def test_an_x_in_the_mana_cost_is_asked_of_spells_only() -> None:
    # 107.3: only a spell's traits say whether its mana cost has {X}.
    where = {"kind": "not", "filter": {"kind": "x_in_mana_cost"}}
    with pytest.raises(ValidationError, match="read of spells only"):
        Selector.model_validate({"where": where})
    spells = SpellSelector.model_validate({"where": where})
    assert filter_reads(spells.as_filter()) == {"mana_cost"}


def test_the_flat_schema_says_each_kinds_at_least() -> None:
    from app.domain.filters import _flat_filter_schema

    prop = _flat_filter_schema()["properties"]["at_least"]
    assert "`mana_value`" in prop["description"] and len(prop["anyOf"]) == 2
    assert "mana_value" in _flat_filter_schema()["properties"]["kind"]["enum"]
