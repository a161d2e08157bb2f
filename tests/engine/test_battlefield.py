"""A board's permanents (app/domain/state.py `Battlefield`): a big battlefield all in classes
builds a member only when something reads it, the same object each time it is read, with the
fields building it eagerly gives (tests/engine/test_kinds.py checks those field by field); a
big could-produce answer reads only the members its explanation names. Smaller battlefields
are plain tuples."""

from __future__ import annotations

import dataclasses

import pytest

from app.domain.state import LAZY_MEMBERS_PER_CLASS, LAZY_MIN_PERMANENTS, Battlefield, Board
from app.engine.could_produce import EXPLAIN_LIMIT, could_produce
from app.rulings.resolve import check_state
from tests.engine.mana_helpers import P, board, fixture_catalog


def _plain_board(n: int) -> Board:
    """`n` permanents in three classes (Forests of two players and Reflecting Pools)."""
    battlefield = [
        P(f"f{i}", "Forest", "alice" if i % 3 else "bob")
        if i % 5
        else P(f"r{i}", "Reflecting Pool")
        for i in range(n)
    ]
    b = board(*battlefield)
    assert -1 not in b.classes and len(set(b.classes)) == 3
    return b


def _built_eagerly(b: Board) -> Board:
    assert b.state is not None
    checked = check_state(fixture_catalog(), b.state, ("state",))
    return dataclasses.replace(checked, classes=(-1,) * len(b.classes)).board()


def test_a_member_is_built_when_read_and_is_the_same_object_ever_after() -> None:
    b = _plain_board(80)
    field = b.permanents
    assert isinstance(field, Battlefield)
    assert field.built == 0 and len(field) == 80
    assert list(b.permanent_ids) == [p["id"] for p in b.state.battlefield]  # type: ignore[union-attr]
    assert field.built == 0
    seventh = field[7]
    assert field.built == 1
    assert seventh is field[7] is field[-73]  # negative indices count from the end
    assert (seventh.index, seventh.id) == (7, "f7")
    every = list(field)  # walking the battlefield builds the rest, keeping what was built
    assert field.built == 80 and every[7] is seventh
    assert field[10:12] == (every[10], every[11])
    assert field == _built_eagerly(b).permanents == tuple(every)
    with pytest.raises(IndexError):
        field[80]
    with pytest.raises(TypeError):
        hash(field)


def test_by_id_looks_a_permanent_up_without_building_the_others() -> None:
    b = _plain_board(80)
    field = b.permanents
    assert isinstance(field, Battlefield)
    assert b.by_id["r5"] is field[5] and b.get("f6") is field[6]
    assert field.built == 2
    assert "r10" in b.by_id and "nope" not in b.by_id and b.get("nope") is None
    assert len(b.by_id) == 80 and list(b.by_id) == list(b.permanent_ids)
    assert field.built == 2
    assert b.by_id == _built_eagerly(b).by_id


def test_representatives_are_each_class_s_first_or_every_permanent() -> None:
    b = _plain_board(80)
    assert [p.id for p in b.representatives()] == ["r0", "f1", "f3"]
    assert b.permanents.built == 3  # type: ignore[attr-defined]
    eager = _built_eagerly(b)
    assert eager.representatives() == list(eager.permanents)


def test_small_battlefields_and_ones_of_many_classes_are_built_at_once() -> None:
    assert LAZY_MIN_PERMANENTS <= 80 and 3 * LAZY_MEMBERS_PER_CLASS <= 80  # those above: lazy
    small = _plain_board(LAZY_MIN_PERMANENTS - 1)
    assert type(small.permanents) is tuple and type(small.by_id) is dict
    many = board(*(P(f"p{i}", "Forest", tapped=i % 2 == 0, timestamp=i % 20) for i in range(80)))
    assert -1 not in many.classes and len(set(many.classes)) * LAZY_MEMBERS_PER_CLASS > 80
    assert type(many.permanents) is tuple
    assert list(small.permanent_ids) == [p.id for p in small.permanents]


def test_a_big_answer_builds_only_the_permanents_its_explanation_names() -> None:
    b = _plain_board(2_000)
    verdict = could_produce(b, None)
    assert [e["id"] for e in verdict.answer.permanents] == list(b.permanent_ids)
    # The detailed steps, the few names of each summary, and each class's first: not 2,000.
    assert b.permanents.built <= EXPLAIN_LIMIT + 20  # type: ignore[attr-defined]
    assert verdict.answer == could_produce(_built_eagerly(b), None).answer
