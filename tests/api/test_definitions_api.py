"""Inline card definitions that no card has are refused: one named as a catalog card that
says something else (201.2), two faces of one name, a card with faces named otherwise than by
them, a name of only spaces or quotes, an adventure's parts the wrong way round (715.2). A
definition that is the catalog card, as GET /v1/cards served it, is that card."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.api.helpers import assert_problem, perm, state

REVEAL = "/v1/library/reveal-until"


def _reveal(client: TestClient, *library: Any) -> Any:
    return client.post(REVEAL, json={"library": list(library), "max_mana_value": 3, "seed": 1})


def test_a_definition_named_as_a_catalog_card_must_be_that_card(sqlite_client: TestClient) -> None:
    served = sqlite_client.get("/v1/cards/Lightning Bolt").json()
    as_served = _reveal(sqlite_client, served)
    assert as_served.status_code in (200, 201), as_served.text
    assert as_served.json()["answer"]["hit"] == "Lightning Bolt"
    # Its words are for people: another summary is still the same card.
    reworded = _reveal(sqlite_client, {**served, "summary": "Three damage, quickly."})
    assert reworded.status_code in (200, 201), reworded.text
    shouted = _reveal(sqlite_client, {**served, "name": "LIGHTNING BOLT"})
    assert shouted.status_code in (200, 201), shouted.text
    # Colors left to its mana cost (105.2), as the catalog may serve them, are the same colors.
    uncolored = _reveal(sqlite_client, {**served, "colors": None})
    assert uncolored.status_code in (200, 201), uncolored.text
    # It is the catalog's card: the question names it, as one naming the card does.
    named = _reveal(sqlite_client, "Lightning Bolt").json()
    assert {as_served.json()["id"], reworded.json()["id"], shouted.json()["id"]} == {named["id"]}
    dearer = {"name": "lightning bolt", "mana_cost": "{6}{R}", "types": ["instant"]}
    r = _reveal(sqlite_client, "Forest", dearer)
    assert_problem(r, ["body", "library", 1], "definition_conflicts_catalog")
    assert "mana_cost" in r.json()["detail"]
    # A face's name is the catalog card's too, as the definition's or as one of its faces'.
    r = _reveal(sqlite_client, {"name": "Fire", "mana_cost": "{1}{R}", "types": ["instant"]})
    assert_problem(r, ["body", "library", 0], "definition_conflicts_catalog")
    bolt = {"name": "Lightning Bolt", "mana_cost": "{6}{R}", "types": ["instant"]}
    other = {"name": "Quiet Quux", "mana_cost": "{U}", "types": ["instant"]}
    r = _reveal(sqlite_client, _faces("split", bolt, other))
    assert_problem(r, ["body", "library", 0], "definition_conflicts_catalog")


def test_a_permanent_s_definition_named_as_a_catalog_card_must_be_that_card(
    sqlite_client: TestClient,
) -> None:
    island = {"name": "Forest", "types": ["land"], "subtypes": ["Island"]}
    body = {"state": state({"id": "f", "definition": island, "controller": "alice"})}
    r = sqlite_client.post("/v1/mana/could-produce", json=body)
    assert_problem(
        r, ["body", "state", "battlefield", 0, "definition"], "definition_conflicts_catalog"
    )
    mine = {**island, "name": "Drowned Glade"}
    body = {"state": state(perm("g", "Forest"), {"id": "f", "definition": mine, "controller": "a"})}
    r = sqlite_client.post("/v1/mana/could-produce", json=body)
    assert r.status_code in (200, 201), r.text


def _faces(layout: str, first: dict[str, Any], second: dict[str, Any]) -> dict[str, Any]:
    return {"name": f"{first['name']} // {second['name']}", "layout": layout,
            "faces": [first, second]}  # fmt: skip


def test_two_faces_of_one_name_are_refused(sqlite_client: TestClient) -> None:
    half = {"name": "Gust", "mana_cost": "{U}", "types": ["instant"]}
    r = _reveal(sqlite_client, _faces("split", half, {**half, "name": "gust"}))
    assert r.status_code == 422, r.text
    assert "both named" in r.text
    # Names are told apart as card names are looked up: not by accents, nor by how an accent
    # is written (one character, or a letter and a combining mark).
    for other in ["Gúst", "Gu\u0301st"]:
        accented = {**half, "name": "Gúst"}
        r = _reveal(sqlite_client, _faces("split", accented, {**half, "name": other}))
        assert r.status_code == 422 and "both named" in r.text, r.text


def test_a_card_with_faces_is_named_by_them(sqlite_client: TestClient) -> None:
    gust = {"name": "Gust", "mana_cost": "{U}", "types": ["instant"]}
    gale = {**gust, "name": "Gale"}
    ok = _reveal(sqlite_client, {**_faces("split", gust, gale), "name": "gust/gale"})
    assert ok.status_code in (200, 201), ok.text  # the same name, spelled as people type it
    # One question, one ruling: the card is spelled as its faces are, whatever was sent.
    assert ok.json()["answer"]["hit"] == "Gust // Gale"
    for spelling in ["Gust // Gale", "GUST/GALE", "Gust //Gale"]:
        again = _reveal(sqlite_client, {**_faces("split", gust, gale), "name": spelling})
        assert (again.status_code, again.json()["id"]) == (200, ok.json()["id"]), spelling
    r = _reveal(sqlite_client, {**_faces("split", gust, gale), "name": "Totally Different"})
    assert r.status_code == 422 and "'Gust // Gale'" in r.text, r.text
    assert r.json()["errors"][0]["msg"].startswith("a card with faces"), r.text  # no "Value error"
    for bad in [" ", "'", "\u200b"]:
        r = _reveal(sqlite_client, _faces("split", gust, {**gale, "name": bad}))
        assert r.status_code == 422 and "names no face" in r.text, (bad, r.text)
    # A face's name may hold slashes, as a real card's does; the card is named by its faces.
    slashed = _faces("split", gust, {**gale, "name": "Ga//le"})
    assert _reveal(sqlite_client, slashed).status_code in (200, 201)
    r = _reveal(sqlite_client, {**gust, "name": "  "})
    assert r.status_code == 422 and "names no card" in r.text, r.text
    # Nothing but a name's letters is asked of it: underscores are a real card's name.
    r = _reveal(sqlite_client, {**gust, "name": "_____"})
    assert r.status_code in (200, 201), r.text


def test_rules_text_given_with_no_ability_is_a_caveat(sqlite_client: TestClient) -> None:
    # An inline definition's text is words: nothing compiles it. With no ability or cost given
    # beside it, the answer saw none, and says so rather than passing over it in silence.
    idol = {"name": "Zq Idol", "types": ["artifact"], "text": "{T}: Add {C}{C}."}
    body = {"state": state({"id": "i", "definition": idol, "controller": "a"})}
    r = sqlite_client.post("/v1/mana/could-produce", json=body)
    assert r.status_code == 201, r.text
    assert r.json()["answer"]["permanents"][0]["types"] == []
    assert r.json()["caveats"] == [
        {"code": "unsupported_text", "card": "Zq Idol", "text": "{T}: Add {C}{C}."}
    ]
    ability = {"kind": "mana_ability", "cost": {"tap": True},
               "produces": {"kind": "fixed", "mana": "{C}{C}"}}  # fmt: skip
    told = {**idol, "abilities": [ability]}
    body = {"state": state({"id": "i", "definition": told, "controller": "a"})}
    r = sqlite_client.post("/v1/mana/could-produce", json=body)
    assert r.json()["answer"]["permanents"][0]["types"] == ["C"]
    assert r.json()["caveats"] == []


def test_an_adventure_lists_its_permanent_part_first(sqlite_client: TestClient) -> None:
    giant = {"name": "Hill Lurker", "mana_cost": "{5}{U}", "types": ["creature"]}
    trip = {
        "name": "Lurk Away",
        "mana_cost": "{R}",
        "types": ["instant"],
        "subtypes": ["Adventure"],
    }
    right = _reveal(sqlite_client, _faces("adventure", giant, trip))
    assert right.status_code in (200, 201), right.text
    assert right.json()["answer"]["hit"] is None  # 715.4: mana value 6 in the library
    r = _reveal(sqlite_client, _faces("adventure", trip, giant))
    assert r.status_code == 422, r.text
    assert "715.2" in r.text


def test_an_effect_s_definition_that_is_the_catalog_card_is_that_card(
    sqlite_client: TestClient,
) -> None:
    served = sqlite_client.get("/v1/cards/Pale Moon").json()

    def ruling(effect: dict[str, Any]) -> Any:
        entry = {"id": "moon", "controller": "bob", **effect}
        body = {"state": state(perm("vale", "Forest"), effects=[entry])}
        r = sqlite_client.post("/v1/mana/could-produce", json=body)
        assert r.status_code in (200, 201), r.text
        return r.json()

    named, defined = ruling({"card": "Pale Moon"}), ruling({"definition": served})
    assert named["id"] == defined["id"]
    assert defined["question"]["state"]["effects"][0]["card"] == "Pale Moon"


def test_a_two_faced_definition_s_face_names_in_another_case_are_its_faces(
    sqlite_client: TestClient,
) -> None:
    served = sqlite_client.get("/v1/cards/Fire // Ice").json()
    lowered = {**served, "faces": [{**f, "name": f["name"].lower()} for f in served["faces"]]}
    r = _reveal(sqlite_client, lowered)
    assert r.status_code in (200, 201), r.text
    assert r.json()["id"] == _reveal(sqlite_client, "Fire // Ice").json()["id"]
