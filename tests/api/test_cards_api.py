"""The catalog over HTTP: search and lookup by full or face name, any case."""

from __future__ import annotations

from urllib.parse import quote

from starlette.testclient import TestClient

from app.catalog import load_catalog


def test_every_catalog_card_is_served(client: TestClient) -> None:
    names = []
    page = client.get("/v1/cards", params={"limit": 100}).json()
    names += [c["name"] for c in page["data"]]
    while page["has_more"]:
        page = client.get(page["next_page"]).json()
        names += [c["name"] for c in page["data"]]
    assert names == [c.name for c in load_catalog()]


def test_search_by_part_of_a_name(client: TestClient) -> None:
    found = client.get("/v1/cards", params={"q": "ICE"}).json()["data"]
    assert "Fire // Ice" in [c["name"] for c in found]
    assert client.get("/v1/cards", params={"q": "zzzz"}).json()["data"] == []
    # LIKE wildcards in the query are literal characters.
    assert client.get("/v1/cards", params={"q": "%"}).json()["data"] == []
    # Apostrophes, quotes and spaces are matched without: alone, they name nothing to find.
    for nothing in ("'", "\u2019", '"', " "):
        r = client.get("/v1/cards", params={"q": nothing})
        assert r.status_code == 422 and r.json()["code"] == "empty_search", nothing
        assert r.json()["errors"][0]["loc"] == ["query", "q"]
    assert client.get("/v1/cards", params={"q": ""}).status_code == 200  # no q at all


def test_card_by_full_name_or_face_any_case(client: TestClient) -> None:
    full = client.get("/v1/cards/" + quote("fire // ice"))
    assert full.status_code == 200
    card = full.json()
    assert card["object"] == "card"
    assert card["name"] == "Fire // Ice"
    assert card["mana_value"] == 4
    assert card["layout"] == "split"
    assert [f["name"] for f in card["faces"]] == ["Fire", "Ice"]
    assert client.get("/v1/cards/ice").json()["name"] == "Fire // Ice"
    walker = client.get("/v1/cards/Hangarback%20Walker").json()
    assert walker["mana_cost"] == "{X}{X}"
    assert walker["type_line"].startswith("Artifact Creature")


def test_unknown_card_is_422_with_suggestions(client: TestClient) -> None:
    # docs/api.md "Reads": an unknown name answers 422 with suggestions and where to go next.
    r = client.get("/v1/cards/" + quote("Lightnin Bolt"))
    assert r.status_code == 422
    assert r.headers["content-type"] == "application/problem+json"
    problem = r.json()
    assert problem["code"] == "unknown_card"
    assert "'Lightning Bolt'" in problem["detail"]
    assert "GET /v1/cards?q=" in problem["detail"]
    assert "definition" in problem["detail"]
