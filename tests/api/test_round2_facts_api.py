"""Round 2's board facts through HTTP: a grant of a level band (711.2). Every card is
invented, every sentence ours."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.api.helpers import state
from tests.api.test_compiled_cards_api import CP, definition, inline, ruling

CHANTER = definition(
    "Grove Chanter",
    'Level up {1}{G}\nLEVEL 3+\n1/3\nElves you control have "{T}: Add {G}{G}."',
    ["Creature"],
    "{G}",
    ["Elf"],
)
SCOUT = definition("Grove Scout", "Vigilance", ["Creature"], "{G}", ["Elf"])


def test_a_grant_of_a_level_band_needs_the_level_counters(sqlite_client: TestClient) -> None:
    assert CHANTER["support"] == "full"
    for level, expected in ((2, []), (3, ["G"])):
        s = state(inline("c", CHANTER, counters={"level": level}), inline("e", SCOUT))
        a = ruling(sqlite_client, CP, {"state": s})["answer"]
        by_id = {p["id"]: p["types"] for p in a["permanents"]}
        assert by_id == {"c": expected, "e": expected}
