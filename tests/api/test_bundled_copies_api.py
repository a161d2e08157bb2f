"""The bundled copiers (Vesuva, Clone, Thespian's Stage) through HTTP on SQLite and PostgreSQL:
the state's `copy_of` says what each copied (707.2), and the ruling is stored under the
normalized question, so equal questions spelled differently are one ruling."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.api.helpers import assert_problem, perm, state
from tests.api.test_compiled_cards_api import ruling

CP = "/v1/mana/could-produce"
ACT = "/v1/mana/activate"


def test_vesuva_copying_gaeas_cradle(client: TestClient) -> None:
    # 707.2: Gaea's Cradle's {G} for each creature you control.
    board = state(
        perm("v", "Vesuva", copy_of=["Gaea's Cradle"]),
        perm("e1", "Llanowar Elves"),
        perm("e2", "Llanowar Elves"),
    )
    act = ruling(client, ACT, {"state": board, "permanent_id": "v"})
    assert (act["answer"]["legal"], act["answer"]["total"]) == (True, "{G}{G}")
    assert {"613.1a", "707.2"} <= set(act["citations"])
    # The same question spelled otherwise is the same ruling, read back from the store.
    respelled = state(
        perm("v", "vesuva", copy_of=["gaeas cradle"]),
        perm("e1", "Llanowar Elves"),
        perm("e2", "Llanowar Elves"),
    )
    again = ruling(client, ACT, {"state": respelled, "permanent_id": "v"})
    assert again["id"] == act["id"]
    assert client.get(f"/v1/rulings/{act['id']}").json()["answer"] == act["answer"]


def test_vesuva_must_say_what_it_copied(client: TestClient) -> None:
    r = client.post(CP, json={"state": state(perm("v", "Vesuva"))})
    assert_problem(r, ["body", "state", "battlefield", 0, "copy_of"], "copy_of_required")
    found = ruling(client, CP, {"state": state(perm("v", "Vesuva", copy_of=[]))})
    assert found["answer"]["permanents"] == [{"id": "v", "name": "Vesuva", "types": []}]


def test_clone_copying_a_mana_creature_is_summoning_sick(client: TestClient) -> None:
    # 302.6: a copy of Birds of Paradise is a creature that came under its controller's
    # control this turn.
    clone = perm("c", "Clone", copy_of=["Birds of Paradise"], controlled_since_turn_start=False)
    act = ruling(client, ACT, {"state": state(clone), "permanent_id": "c", "choose": "G"})
    assert act["answer"]["legal"] is False
    assert "302.6" in act["citations"]


def test_thespians_stage_is_itself_until_it_copies(client: TestClient) -> None:
    stage = perm("s", "Thespian's Stage")
    found = ruling(client, CP, {"state": state(stage)})
    assert found["answer"]["permanents"] == [
        {"id": "s", "name": "Thespian's Stage", "types": ["C"]}
    ]
    # A copy of Tundra under Blood Moon: the copy comes first (613.1a), then 305.7.
    copied = perm("s", "Thespian's Stage", copy_of=["Tundra"])
    found = ruling(client, CP, {"state": state(copied)})
    assert found["answer"]["permanents"][0]["types"] == ["W", "U"]
    mooned = ruling(client, CP, {"state": state(copied, perm("m", "Blood Moon"))})
    assert mooned["answer"]["permanents"][0]["types"] == ["R"]
