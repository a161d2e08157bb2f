"""Kinds of permanents (app/engine/board.py `BoardView.kinds`): permanents every rule sees alike
are read and solved once; one a filter can single out by id is a kind of its own, and grouping
never changes an answer."""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from app.domain.state import Board
from app.engine.board import BoardView
from app.engine.could_produce import could_produce
from app.rulings.resolve import check_state
from tests.engine.mana_helpers import E, P, board, fixture_catalog


def kinds_of(
    *battlefield: dict[str, Any], effects: tuple[dict[str, Any], ...] = ()
) -> list[list[int]]:
    kinds, kind_of = BoardView(board(*battlefield, effects=effects)).kinds()
    assert [kinds[k].members.count(i) for i, k in enumerate(kind_of)] == [1] * len(kind_of)
    return [k.members for k in kinds]


def test_alike_permanents_are_one_kind_and_any_difference_splits_them() -> None:
    assert kinds_of(
        P("f1", "Forest"),
        P("f2", "Forest"),
        P("i1", "Island"),
        P("f3", "Forest"),
        P("f4", "Forest", tapped=True),
        P("f5", "Forest", "bob"),
        P("f6", "Forest", timestamp=3),
        P("f7", "Forest", controlled_since_turn_start=False),
    ) == [[0, 1, 3], [2], [4], [5], [6], [7]]


def test_counters_and_chosen_colors_split_kinds() -> None:
    assert kinds_of(
        P("v1", "Vivid Crag", counters={"charge": 1}),
        P("v2", "Vivid Crag", counters={"charge": 1}),
        P("v3", "Vivid Crag", counters={"charge": 2}),
        P("v4", "Vivid Crag"),
    ) == [[0, 1], [2], [3]]


def test_power_and_toughness_split_kinds() -> None:
    # An amount "equal to its power" differs between two otherwise equal creatures.
    assert kinds_of(
        P("c1", "Llanowar Elves", power=1, toughness=1),
        P("c2", "Llanowar Elves", power=1, toughness=1),
        P("c3", "Llanowar Elves", power=3, toughness=1),
        P("c4", "Llanowar Elves", power=1, toughness=2),
        P("c5", "Llanowar Elves"),
    ) == [[0, 1], [2], [3], [4]]


def test_a_permanent_something_is_attached_to_or_aimed_at_is_a_kind_of_its_own() -> None:
    assert kinds_of(
        P("f1", "Forest"),
        P("f2", "Forest"),
        P("f3", "Forest"),
        P("f4", "Forest"),
        P("sprawl", "Utopia Sprawl", attached_to="f2", chosen_color="R"),
        effects=(E("aot", "Act of Treason", "bob", target="f3"),),
    ) == [[0, 3], [1], [2], [4]]


def test_an_aura_on_a_forest_changes_only_that_forest() -> None:
    b = board(
        P("f1", "Forest"),
        P("f2", "Forest"),
        P("growth", "Wild Growth", attached_to="f2"),
    )
    answer = {p["id"]: p["types"] for p in could_produce(b, None).answer_data["permanents"]}
    # 605.1b, 106.7: Wild Growth's triggered mana ability is one of its abilities: {G}.
    assert answer == {"f1": ["G"], "f2": ["G"], "growth": ["G"]}
    assert len(BoardView(b).kinds()[0]) == 3


CARDS = ("Forest", "Island", "Reflecting Pool", "Exotic Orchard", "Fellwar Stone", "Vivid Crag")


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(CARDS), st.sampled_from(("alice", "bob")), st.booleans()),
        min_size=1,
        max_size=12,
    ),
    st.data(),
)
def test_splitting_kinds_never_changes_what_anything_could_produce(
    entries: list[tuple[str, str, bool]], data: st.DataObject
) -> None:
    # controlled_since_turn_start splits kinds but doesn't bear on could-produce (106.7).
    plain = [P(f"p{i}", name, who, tapped=tapped) for i, (name, who, tapped) in enumerate(entries)]
    split = [
        {**p, "controlled_since_turn_start": data.draw(st.booleans(), label=p["id"])} for p in plain
    ]
    together, apart = board(*plain), board(*split)
    assert could_produce(together, None).answer_data == could_produce(apart, None).answer_data
    assert [s.to_json() for s in could_produce(together, None).steps] == [
        s.to_json() for s in could_produce(apart, None).steps
    ]


def test_summaries_name_five_and_count_the_rest() -> None:
    pools = [P(f"pool{i}", "Reflecting Pool") for i in range(30)]
    creatures = [P(f"c{i}", "Grizzly Bears") for i in range(7)]
    v = could_produce(board(P("f", "Forest"), *pools, *creatures), None)
    texts = [s.text for s in v.steps]
    # The forest and 19 pools are explained one by one; the other 11 pools are summarized.
    rest = next(t for t in texts if t.startswith("The same reasoning"))
    assert rest == (
        "The same reasoning gives the answer for 11 more permanents: Reflecting Pool (pool19), "
        "Reflecting Pool (pool20), Reflecting Pool (pool21), Reflecting Pool (pool22), "
        "Reflecting Pool (pool23) and 6 more."
    )
    none = next(t for t in texts if "no mana ability" in t)
    assert none.startswith(
        "Grizzly Bears (c0), Grizzly Bears (c1), Grizzly Bears (c2), Grizzly Bears (c3), "
        "Grizzly Bears (c4) and 2 more have no mana ability"
    )
    # A pool's feeders: the permanents it watches that could produce something, in order.
    pool = next(t for t in texts if t.startswith("Reflecting Pool (pool0)"))
    assert "(Forest (f), Reflecting Pool (pool0), Reflecting Pool (pool1) and 28 more)" in pool


def test_an_optional_fact_given_splits_kinds_even_at_its_default() -> None:
    # The board marks permanents given no optional fact (Permanent.common_only) and kinds
    # compare only their common fields; one given any fact is compared in full.
    assert kinds_of(
        P("f1", "Forest"),
        P("f2", "Forest", entered_this_turn=True),
        P("f3", "Forest", renowned=True),
        P("f4", "Forest", entered_this_turn=True),
        P("f5", "Forest", chosen_type="Elf"),
        P("f6", "Forest", renowned=None),  # given, at its default: compared in full
        P("f7", "Forest"),
        P("f8", "Forest", renowned=None),
    ) == [[0, 6], [1, 3], [2], [4], [5, 7]]
    together = board(P("f1", "Forest"), P("f2", "Forest"))
    apart = board(P("f1", "Forest"), P("f2", "Forest", renowned=None))
    assert could_produce(together, None).answer_data == could_produce(apart, None).answer_data


FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "tapped": st.booleans(),
        "controlled_since_turn_start": st.booleans(),
        "timestamp": st.integers(1, 3),
        "token": st.booleans(),
        "counters": st.sampled_from([{}, {"charge": 1}]),
        "renowned": st.none() | st.booleans(),
    },
)


@settings(max_examples=120, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(CARDS), st.sampled_from(("alice", "bob")), FIELDS),
        min_size=1,
        max_size=14,
    ),
    st.data(),
)
def test_classes_build_the_board_and_its_kinds_as_permanent_by_permanent(
    entries: list[tuple[str, str, dict[str, Any]]], data: st.DataObject
) -> None:
    # Board.classes (check_state's classes of plain permanents) are a shortcut: the board
    # built from them, and the kinds found with them, are those found one permanent at a time.
    battlefield = [P(f"p{i}", name, who, **fields) for i, (name, who, fields) in enumerate(entries)]
    if data.draw(st.booleans(), label="aura"):
        target = data.draw(st.sampled_from([p["id"] for p in battlefield]), label="enchanted")
        battlefield.append(P("sprawl", "Utopia Sprawl", attached_to=target, chosen_color="R"))
    _assert_classes_change_nothing(battlefield)
    # The same with every permanent plain: every one in a class, the paths for such boards.
    _assert_classes_change_nothing(
        [{k: v for k, v in p.items() if k not in ("counters", "renowned")} for p in battlefield]
    )


def _assert_classes_change_nothing(battlefield: list[dict[str, Any]]) -> None:
    with_classes = board(*battlefield)
    # Plain: no counters, definition, chosen colors or optional fact given.
    assert [c >= 0 for c in with_classes.classes] == [
        not {"counters", "renowned"} & p.keys() for p in battlefield
    ]
    # Built and grouped permanent by permanent: as if check_state had found no class.
    checked = check_state(fixture_catalog(), with_classes.state, ("state",))
    without = dataclasses.replace(checked, classes=(-1,) * len(battlefield)).board()
    assert with_classes.permanents == without.permanents  # each member gets its own fields
    assert with_classes.by_id == without.by_id
    assert _kinds(with_classes) == _kinds(without)
    assert _kinds(with_classes) == _kinds(dataclasses.replace(with_classes, classes=()))
    ids = [p.id for p in with_classes.permanents]
    for c in set(with_classes.classes) - {-1}:
        members = [i for i, k in enumerate(with_classes.classes) if k == c]
        first = battlefield[members[0]]
        # One class: the same fields and values but the id.
        assert all({**battlefield[i], "id": first["id"]} == first for i in members), ids


def _kinds(b: Board) -> list[tuple[int, list[int]]]:
    kinds, _ = BoardView(b).kinds()
    return [(k.first.index, k.members) for k in kinds]


def test_summaries_follow_battlefield_order_across_interleaved_kinds() -> None:
    # Past EXPLAIN_LIMIT the steps come from the kinds' members merged into battlefield order;
    # with every permanent a kind of its own they come one permanent at a time: the same steps.
    cards = ("Forest", "Grizzly Bears", "Island", "Reflecting Pool", "Grizzly Bears", "Forest")
    entries = [P(f"p{i}", cards[i % 6], "alice" if i % 4 else "bob") for i in range(60)]
    alone = [{**p, "timestamp": i} for i, p in enumerate(entries)]
    assert len(BoardView(board(*entries)).kinds()[0]) == 7
    assert len(BoardView(board(*alone)).kinds()[0]) == 60
    steps = [s.to_json() for s in could_produce(board(*entries), None).steps]
    assert steps == [s.to_json() for s in could_produce(board(*alone), None).steps]
    texts = [s["text"] for s in steps]
    assert sum(t.startswith("The same reasoning gives the answer for 20 more") for t in texts) == 1
    assert any(
        t.startswith("Grizzly Bears (p1), Grizzly Bears (p4), Grizzly Bears (p7)") for t in texts
    )
