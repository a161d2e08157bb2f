"""RulingRepository.insert on both databases: a new ruling is stored with its cards, an id
stored before comes back as it was, and on PostgreSQL the whole insert is one statement (one
round trip from a replica)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Connection, event, select

from app.db.models import RulingCardRow
from app.db.repositories import NewRuling, RulingRepository


@pytest.fixture
def conn(client: TestClient) -> Iterator[Connection]:
    """A connection to the suite's migrated database (the app's engine, its store emptied)."""
    engine = client.app.state.db.engine  # type: ignore[attr-defined]
    with engine.connect() as connection:
        yield connection
        connection.rollback()  # nothing of a test stays in the shared database


def new_ruling(cards: list[str], body: bytes = b'{"object":"ruling"}') -> NewRuling:
    return NewRuling(
        id=uuid.uuid4().hex + uuid.uuid4().hex,
        kind="could_produce",
        created_at=datetime(2026, 12, 4, tzinfo=UTC),
        engine_version="test",
        body=body,
        cards=cards,
    )


def cards_of(conn: Connection, seq: int) -> list[tuple[str, str]]:
    rows = conn.execute(
        select(RulingCardRow.card, RulingCardRow.kind).where(RulingCardRow.ruling_seq == seq)
    )
    return sorted((card, kind) for card, kind in rows)


def test_a_new_ruling_is_stored_with_each_of_its_cards_once(conn: Connection) -> None:
    ruling = new_ruling(["Island", "Forest", "Island"])
    stored, created = RulingRepository(conn).insert(ruling)
    assert created
    assert (stored.id, stored.body) == (ruling.id, ruling.body)
    assert cards_of(conn, stored.seq) == [("Forest", "could_produce"), ("Island", "could_produce")]
    assert RulingRepository(conn).get(ruling.id) == stored


def test_a_ruling_with_no_cards_is_stored_alone(conn: Connection) -> None:
    stored, created = RulingRepository(conn).insert(new_ruling([]))
    assert created
    assert cards_of(conn, stored.seq) == []


def test_an_id_stored_before_comes_back_as_stored_and_adds_no_cards(conn: Connection) -> None:
    first = new_ruling(["Forest"], b'{"first":true}')
    stored, _ = RulingRepository(conn).insert(first)
    again = replace(first, body=b'{"second":true}', cards=["Forest", "Island"])
    found, created = RulingRepository(conn).insert(again)
    assert not created
    assert found == stored
    assert found.body == b'{"first":true}'
    assert cards_of(conn, stored.seq) == [("Forest", "could_produce")]


def test_on_postgresql_a_ruling_and_its_cards_are_one_statement(
    conn: Connection, database_url: str
) -> None:
    if not database_url.startswith("postgresql"):
        pytest.skip("SQLite has no round trips to save (and no insert inside a WITH)")
    statements: list[str] = []

    def count(*args: object) -> None:
        statements.append(str(args[2]))

    event.listen(conn, "before_cursor_execute", count)
    try:
        stored, created = RulingRepository(conn).insert(new_ruling(["Forest", "Island"]))
    finally:
        event.remove(conn, "before_cursor_execute", count)
    assert created
    assert len(statements) == 1, statements
    assert len(cards_of(conn, stored.seq)) == 2


def test_a_body_reads_back_byte_for_byte_however_it_was_stored(conn: Connection) -> None:
    # On SQLite a body goes in as its UTF-8 bytes (a BLOB value in the text column); one an
    # earlier release stored as text reads back the same, as does every body on PostgreSQL.
    from sqlalchemy import text

    body = '{"object":"ruling","name":"Vaul-Dûr\\u0027s Cache","ok":"é"}'.encode()
    stored, _ = RulingRepository(conn).insert(new_ruling(["Forest"], body))
    assert RulingRepository(conn).get(stored.id) == stored
    earlier = new_ruling([], body)
    conn.execute(
        text(
            "INSERT INTO rulings (id, kind, created_at, engine_version, body) "
            "VALUES (:id, 'could_produce', :at, 'test', :body)"
        ),
        {"id": earlier.id, "at": earlier.created_at, "body": body.decode()},
    )
    found = RulingRepository(conn).get(earlier.id)
    assert found is not None and found.body == body
    if conn.dialect.name == "sqlite":
        kinds = conn.execute(
            text("SELECT typeof(body) FROM rulings WHERE id IN (:a, :b) ORDER BY seq"),
            {"a": stored.id, "b": earlier.id},
        ).scalars()
        assert list(kinds) == ["blob", "text"]


def _big_body(size: int) -> bytes:
    """A ruling-like JSON body of exactly `size` bytes: the same permanent over and over (as a
    big board's are), with text beyond ASCII and escapes."""
    head, tail = b'{"object":"ruling","permanents":[', b'"end"]}'
    unit = '{"id":"p","name":"Vaul-Dûr\\u0027s Cache","types":["G"]},'.encode()
    fill = size - len(head) - len(tail)
    body = head + unit * (fill // len(unit)) + b" " * (fill % len(unit)) + tail
    assert len(body) == size
    return body


def _columns(conn: Connection, ruling_id: str) -> tuple[bool, int | None]:
    """Whether the row's `body` column is set, and the length of its `packed` column."""
    from sqlalchemy import text

    row = conn.execute(
        text("SELECT body IS NOT NULL, length(packed) FROM rulings WHERE id = :id"),
        {"id": ruling_id},
    ).one()
    return bool(row[0]), row[1]


def test_a_body_past_the_threshold_is_stored_packed_and_every_read_unpacks_it(
    conn: Connection,
) -> None:
    from app.db.packing import PACK_ABOVE
    from app.db.repositories import AliasRepository

    big = _big_body(200_000)
    at_threshold = _big_body(PACK_ABOVE)
    stored, created = RulingRepository(conn).insert(new_ruling(["Forest"], big))
    kept, _ = RulingRepository(conn).insert(new_ruling(["Forest"], at_threshold))
    assert created and stored.body == big
    has_text, packed_length = _columns(conn, stored.id)
    assert not has_text and packed_length is not None and packed_length < len(big) // 10
    assert _columns(conn, kept.id) == (True, None)  # up to the threshold: text, as before
    AliasRepository(conn).put("alias-big", stored.id, "[]", '"etag"')
    repo = RulingRepository(conn)
    assert repo.get(stored.id) == stored
    assert [r.body for r in repo.page(kind=None, card=None, limit=2, before_seq=None)] == [
        at_threshold,
        big,
    ]
    assert [r.body for r in repo.page(kind=None, card="Forest", limit=2, before_seq=None)] == [
        at_threshold,
        big,
    ]
    hit = AliasRepository(conn).find("alias-big")
    assert hit is not None and hit.ruling.body == big
    # Stored again (the same id): the conflict finds the packed row and unpacks it.
    again, created = RulingRepository(conn).insert(replace(new_ruling([], big), id=stored.id))
    assert not created and again == stored


def test_a_ruling_row_holds_exactly_one_body(conn: Connection) -> None:
    from sqlalchemy import text
    from sqlalchemy.exc import IntegrityError

    insert = text(
        "INSERT INTO rulings (id, kind, created_at, engine_version, body, packed) "
        "VALUES (:id, 'could_produce', :at, 'test', :body, :packed)"
    )
    at = datetime(2026, 12, 6, tzinfo=UTC)
    for body, packed in ((None, None), ("{}", b"\x04\x22\x4d\x18")):
        with pytest.raises(IntegrityError), conn.begin_nested():
            conn.execute(insert, {"id": uuid.uuid4().hex, "at": at, "body": body, "packed": packed})
