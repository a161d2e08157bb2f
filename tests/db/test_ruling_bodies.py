"""A ruling body is stored as text and read back as its exact UTF-8 bytes (the repository's
Utf8Bytes), on every read: by id, through an alias, and in the listing, on both databases.
JSON escapes (backslashes) and text beyond ASCII must come back unchanged."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from fastapi.testclient import TestClient

from app.db.repositories import AliasRepository, NewRuling, RulingRepository

# Backslash escapes of every kind JSON writes, and UTF-8 of two, three and four bytes.
BODY = '{"object":"ruling","text":"a \\"quoted\\" \\\\ path\\n\\t\\u0001","name":"Lórien — 山 🌲"}'


def test_a_body_comes_back_as_the_bytes_that_were_stored(client: TestClient) -> None:
    engine = client.app.state.db.engine  # type: ignore[attr-defined]
    body = BODY.encode()
    ruling_id = uuid.uuid4().hex
    new = NewRuling(
        id=ruling_id,
        kind="could_produce",
        created_at=datetime.now(UTC).replace(microsecond=0),
        engine_version="test",
        body=body,
        cards=["Forest"],
    )
    with engine.begin() as conn:
        stored, created = RulingRepository(conn).insert(new)
        AliasRepository(conn).put("alias-" + ruling_id, ruling_id, "[]", '"etag"')
    assert created and stored.body == body
    with engine.connect() as conn:
        repo = RulingRepository(conn)
        by_id = repo.get(ruling_id)
        listed = repo.page(kind=None, card=None, limit=1, before_seq=None)
        by_card = repo.page(kind="could_produce", card="Forest", limit=1, before_seq=None)
        hit = AliasRepository(conn).find("alias-" + ruling_id)
    assert by_id is not None and by_id.body == body
    assert [r.body for r in listed] == [body]
    assert [r.body for r in by_card] == [body]
    assert hit is not None and hit.ruling.body == body
    got = client.get(f"/v1/rulings/{ruling_id}")
    assert got.status_code == 200 and got.content == body
    page = client.get("/v1/rulings", params={"limit": 1})
    assert page.status_code == 200 and len(page.json()["data"]) == 1 and body in page.content


def test_a_big_ruling_is_served_the_same_from_its_packed_body(client: TestClient) -> None:
    # Past app/db/packing.PACK_ABOVE a ruling is stored as an LZ4 frame; GET, the listing and
    # the same question asked again all serve the JSON bytes the POST answered with.
    from sqlalchemy import text

    from app.db.packing import PACK_ABOVE

    lands = ["Forest", "Island", "Reflecting Pool", "Exotic Orchard"]
    battlefield = [{"id": f"p{i}", "card": lands[i % 4], "controller": "alice"} for i in range(60)]
    question = {"state": {"turn": 3, "active_player": "alice", "battlefield": battlefield}}
    posted = client.post("/v1/mana/could-produce", json=question)
    assert posted.status_code == 201 and len(posted.content) > PACK_ABOVE
    ruling_id = posted.json()["id"]
    engine = client.app.state.db.engine  # type: ignore[attr-defined]
    with engine.connect() as conn:
        has_text = conn.execute(
            text("SELECT body IS NOT NULL FROM rulings WHERE id = :id"), {"id": ruling_id}
        ).scalar_one()
    assert not has_text
    got = client.get(f"/v1/rulings/{ruling_id}")
    assert got.status_code == 200 and got.content == posted.content
    assert got.headers["etag"] == posted.headers["etag"]
    page = client.get("/v1/rulings", params={"limit": 1})
    assert page.status_code == 200 and posted.content in page.content
    spelled_otherwise = {**question, "permanent_id": None}
    again = client.post("/v1/mana/could-produce", json=spelled_otherwise)
    assert again.status_code == 200 and again.content == posted.content
