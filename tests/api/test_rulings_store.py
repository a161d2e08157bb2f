"""The rulings store through HTTP, on SQLite and PostgreSQL: content-addressed, idempotent
(also under concurrent identical POSTs), same bytes with a strong ETag, newest-first paging."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from starlette.testclient import TestClient

from tests.api.helpers import assert_problem

MV = "/v1/spells/mana-value"


def test_first_post_creates_then_same_question_answers_200(client: TestClient) -> None:
    q = {"card": "Hangarback Walker", "zone": "battlefield", "x": 3}
    first = client.post(MV, json=q)
    assert first.status_code == 201
    ruling = first.json()
    assert first.headers["location"] == f"/v1/rulings/{ruling['id']}"
    again = client.post(MV, json=q)
    assert again.status_code == 200
    assert again.content == first.content


def test_ruling_has_the_documented_shape(client: TestClient) -> None:
    r = client.post(MV, json={"card": "hangarback WALKER", "zone": "battlefield", "x": 3}).json()
    assert r["object"] == "ruling"
    assert r["kind"] == "mana_value"
    assert r["created_at"].endswith("Z")
    assert r["engine_version"]
    # The normalized question: canonical card name and every default filled in.
    assert r["question"] == {
        "card": "Hangarback Walker",
        "zone": "battlefield",
        "x": 3,
        "cast": True,
        "cast_without_paying_mana_cost": False,
        "face": None,
        "prototyped": False,
    }
    assert r["answer"] == {"x": 0, "mana_value": 0, "etb_x": 3, "face": "Hangarback Walker"}
    cited = sorted({rule for step in r["explanation"] for rule in step["rules"]})
    assert sorted(r["citations"]) == cited
    assert "107.3m" in r["citations"]


def test_same_question_spelled_differently_is_one_ruling(client: TestClient) -> None:
    a = client.post(MV, json={"card": "Fireball", "zone": "stack", "x": 2})
    b = client.post(MV, json={"x": 2, "zone": "stack", "card": "fireball", "cast": True})
    assert (a.status_code, b.status_code) == (201, 200)
    assert a.json()["id"] == b.json()["id"]


def test_get_returns_same_bytes_with_strong_etag_and_304(client: TestClient) -> None:
    posted = client.post(MV, json={"card": "Fireball", "zone": "stack", "x": 1})
    got = client.get(posted.headers["location"])
    assert got.status_code == 200
    assert got.content == posted.content
    etag = got.headers["etag"]
    assert etag.startswith('"') and not etag.startswith("W/")
    assert posted.headers["etag"] == etag
    not_modified = client.get(posted.headers["location"], headers={"If-None-Match": etag})
    assert not_modified.status_code == 304
    assert not_modified.content == b""
    changed = client.get(posted.headers["location"], headers={"If-None-Match": '"other"'})
    assert changed.status_code == 200
    # If-None-Match compares weakly (RFC 9110 13.1.2).
    weak = client.get(posted.headers["location"], headers={"If-None-Match": f'"x", W/{etag}'})
    assert weak.status_code == 304


def test_unknown_ruling_is_404_problem(client: TestClient) -> None:
    r = client.get("/v1/rulings/0123456789abcdef")
    assert r.status_code == 404
    assert r.headers["content-type"] == "application/problem+json"
    assert r.json()["code"] == "not_found"


def test_concurrent_identical_posts_make_one_ruling(client: TestClient) -> None:
    q = {"card": "Walking Ballista", "zone": "stack", "x": 7}
    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(lambda _: client.post(MV, json=q), range(16)))
    statuses = sorted(a.status_code for a in answers)
    assert statuses.count(201) == 1 and statuses.count(200) == 15
    assert len({a.content for a in answers}) == 1
    listed = client.get("/v1/rulings", params={"kind": "mana_value"}).json()
    assert len(listed["data"]) == 1


def test_list_is_newest_first_with_cursor_and_filters(client: TestClient) -> None:
    ids = []
    for x in range(5):
        ids.append(client.post(MV, json={"card": "Fireball", "zone": "stack", "x": x}).json()["id"])
    client.post(MV, json={"card": "Memnite", "zone": "hand"})
    page = client.get("/v1/rulings", params={"card": "fireball", "limit": 2}).json()
    assert page["object"] == "list"
    assert [r["id"] for r in page["data"]] == [ids[4], ids[3]]
    assert page["has_more"] is True
    seen = [r["id"] for r in page["data"]]
    while page["next_page"]:
        page = client.get(page["next_page"]).json()
        seen += [r["id"] for r in page["data"]]
    assert seen == list(reversed(ids))
    everything = client.get("/v1/rulings").json()
    assert len(everything["data"]) == 6 and everything["has_more"] is False
    assert client.get("/v1/rulings", params={"kind": "mulligan"}).json()["data"] == []


def test_list_filters_are_validated(client: TestClient) -> None:
    bad_kind = client.get("/v1/rulings", params={"kind": "nope"})
    assert bad_kind.status_code == 422
    assert bad_kind.json()["errors"][0]["loc"] == ["query", "kind"]
    # A name the catalog lacks that no ruling's inline card has either: a 422 naming it.
    other = client.get("/v1/rulings", params={"card": "No Such Card"})
    assert_problem(other, ["query", "card"], "unknown_card")
    assert client.get("/v1/rulings", params={"limit": 0}).status_code == 422
    assert client.get("/v1/rulings", params={"after": "x"}).status_code == 422
    huge = client.get("/v1/rulings", params={"after": str(2**63)})
    assert huge.status_code == 422
    assert huge.json()["errors"][0]["loc"] == ["query", "after"]


def test_rulings_about_inline_cards_are_found_by_their_name(client: TestClient) -> None:
    ability = {"kind": "mana_ability", "cost": {"tap": True},
               "produces": {"kind": "fixed", "mana": "{U}"}}  # fmt: skip
    card = {"name": "Homebrew Spring", "types": ["land"], "abilities": [ability]}
    state = {"battlefield": [{"id": "h", "definition": card, "controller": "a"}]}
    made = client.post("/v1/mana/could-produce", json={"state": state})
    assert made.status_code == 201
    assert made.json()["answer"]["permanents"][0]["types"] == ["U"]
    found = client.get("/v1/rulings", params={"card": "Homebrew Spring"}).json()["data"]
    assert [r["id"] for r in found] == [made.json()["id"]]
    # A name no card has (nor any ruling's inline card) is refused with suggestions; a catalog
    # card without rulings is an empty list.
    r = client.get("/v1/rulings", params={"card": "Forrest"})
    assert_problem(r, ["query", "card"], "unknown_card")
    assert "Forest" in r.json()["detail"]
    catalog_card = client.get("/v1/rulings", params={"card": "Tundra"})
    assert catalog_card.status_code == 200


def test_nul_characters_are_refused_before_storage(client: TestClient) -> None:
    # PostgreSQL can't store them; the question is refused on both databases alike.
    state = {"battlefield": [{"id": "a\x00b", "card": "Forest", "controller": "a"}]}
    r = client.post("/v1/mana/could-produce", json={"state": state})
    assert r.status_code == 422
    assert r.json()["code"] == "nul_character"
    assert r.json()["errors"][0]["loc"] == ["body", "state", "battlefield", 0, "id"]
    named = {"battlefield": [], "players": {"b\x00": {"life": 3}}}
    r = client.post("/v1/mana/could-produce", json={"state": named})
    assert r.json()["errors"][0]["loc"] == ["body", "state", "players", "b\x00"]
    # A free cast's caster is the active player unless said: the NUL is where it was sent.
    board = {"active_player": "a\x00", "battlefield": []}
    r = client.post("/v1/spells/cast-without-paying", json={"card": "Forest", "state": board})
    assert r.json()["errors"][0]["loc"] == ["body", "state", "active_player"]
