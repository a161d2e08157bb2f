"""Boards a new user gets wrong: read them right (a face by its name) or refuse them with a 422
that names the field and says what to do — never a silently wrong answer."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.api.helpers import assert_problem, perm, state

CP = "/v1/mana/could-produce"
ACT = "/v1/mana/activate"
SHATTERSKULL = "Shatterskull Smashing // Shatterskull, the Hammer Pass"


def test_mdfc_named_by_its_land_face_is_on_that_face(sqlite_client: TestClient) -> None:
    # 712.8d: a modal DFC on the battlefield with its land face up has that face's abilities.
    by_card = {"state": state(perm("s", "Shatterskull, the Hammer Pass"))}
    r = sqlite_client.post(CP, json=by_card)
    assert r.status_code in (200, 201), r.text
    assert r.json()["answer"]["permanents"][0]["types"] == ["R"]
    by_face_name = {"state": state(perm("s", SHATTERSKULL, face="Shatterskull, the Hammer Pass"))}
    by_index = {"state": state(perm("s", SHATTERSKULL, face=1))}
    ids = {sqlite_client.post(CP, json=b).json()["id"] for b in (by_card, by_face_name, by_index)}
    assert len(ids) == 1  # one question, three spellings
    act = sqlite_client.post(ACT, json=by_card | {"permanent_id": "s"}).json()["answer"]
    assert act["legal"] is True and act["total"] == "{R}"


def test_face_name_the_card_lacks(sqlite_client: TestClient) -> None:
    body = {"state": state(perm("s", SHATTERSKULL, face="Hammer Time"))}
    r = sqlite_client.post(CP, json=body)
    assert_problem(r, ["body", "state", "battlefield", 0, "face"], "no_such_face")
    assert "Shatterskull, the Hammer Pass" in r.json()["detail"]
