"""The engine's objects form no reference cycles: when a question has been answered, its board
(every permanent of it, its kinds, traits and characteristics) is freed by reference counting
at once. A cycle would keep the whole board of a 10,000-permanent question alive until the
cyclic garbage collector ran, and that collection, over hundreds of thousands of objects, is
paid by whichever request happens to trigger it (app/main.py's collector settings assume
requests leave nothing behind)."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from app.domain.state import Board
from app.engine.activate import activate
from app.engine.could_produce import could_produce
from tests.engine.mana_helpers import E, P, board


@pytest.fixture
def collector_paused() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _cyclic_garbage(run: Callable[[], Any]) -> int:
    run()
    return gc.collect()  # unreachable objects found: only cycles get this far


def _reflectors() -> Board:
    return board(
        P("forest", "Forest"),
        P("island", "Island", "bob"),
        P("pool", "Reflecting Pool"),
        P("orchard", "Exotic Orchard"),
        P("stone", "Fellwar Stone", "bob"),
        P("druid", "Harvester Druid"),
        P("reflection", "Mana Reflection"),
        P("contamination", "Contamination", "bob"),
        effects=(E("moon", "Pale Moon", "bob"),),
    )


def _layers() -> Board:
    # Invented: nonbasic lands are Mountains (305.7), and every land loses its abilities later.
    sky = {"name": "Crimson Sky", "types": ["enchantment"], "abilities": [
        {"kind": "set_land_types", "to": {"types": ["land"], "nonbasic": True},
         "subtypes": ["Mountain"]}]}  # fmt: skip
    return board(
        P("forest", "Forest"),
        P("pool", "Reflecting Pool"),
        P("tundra", "Tundra", "bob"),
        {"id": "sky", "definition": sky, "controller": "alice"},
        P("greaves", "Lightning Greaves"),
        P("elves", "Llanowar Elves", controlled_since_turn_start=False),
    )


@pytest.mark.usefixtures("collector_paused")
@pytest.mark.parametrize("make", [_reflectors, _layers], ids=["reflectors", "layers"])
def test_could_produce_leaves_no_cycles(make: Callable[[], Board]) -> None:
    assert _cyclic_garbage(lambda: could_produce(make(), None).answer_data) == 0


@pytest.mark.usefixtures("collector_paused")
@pytest.mark.parametrize(
    ("make", "pid"), [(_reflectors, "forest"), (_reflectors, "pool"), (_layers, "elves")]
)
def test_activate_leaves_no_cycles(make: Callable[[], Board], pid: str) -> None:
    assert _cyclic_garbage(lambda: activate(make(), pid).answer_data) == 0
