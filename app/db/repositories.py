"""All SQL lives here: the rulings store and the catalog table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import Any, cast

from sqlalchemy import (
    Connection,
    LargeBinary,
    Table,
    Text,
    bindparam,
    insert,
    literal_column,
    select,
    text,
)
from sqlalchemy import cast as sql_cast
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.orm import Session
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.functions import FunctionElement

from app.catalog.names import fold, names_one_card
from app.db.models import (
    CardNameRow,
    CardRow,
    CardTagRow,
    RulingAliasRow,
    RulingCardRow,
    RulingRow,
)
from app.db.packing import pack, should_pack, unpack


@dataclass(frozen=True, slots=True)
class StoredRuling:
    seq: int
    id: str
    body: bytes  # the JSON text, UTF-8: sent as it is, never decoded and encoded again
    # The body's strong ETag when it is already known (the request that made the ruling
    # hashed it for its alias), so a 2 MB body isn't hashed twice; not part of equality.
    etag: str | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class NewRuling:
    id: str
    kind: str
    created_at: datetime
    engine_version: str
    body: bytes  # UTF-8 JSON text; the question is in it
    cards: Sequence[str]


class Utf8Bytes(FunctionElement[bytes]):
    """A text column read as its UTF-8 bytes: the database hands over the stored bytes, and
    a 2 MB ruling body is neither decoded into a str by the driver nor encoded again for the
    response."""

    type = LargeBinary()
    inherit_cache = True


@compiles(Utf8Bytes, "sqlite")
def _utf8_bytes_sqlite(element: Utf8Bytes, compiler: SQLCompiler, **kw: Any) -> str:
    # SQLite stores text as UTF-8 (the database's encoding here): CAST hands over its bytes.
    return f"CAST({compiler.process(element.clauses, **kw)} AS BLOB)"


@compiles(Utf8Bytes, "postgresql")
def _utf8_bytes_postgresql(element: Utf8Bytes, compiler: SQLCompiler, **kw: Any) -> str:
    # Not CAST(... AS bytea), which reads backslashes in the text as escapes.
    return f"convert_to({compiler.process(element.clauses, **kw)}, 'UTF8')"


def _served(row: Any) -> bytes:
    """A row's body as served: its text's bytes, or its packed frame unpacked (one of the two
    is set, a check constraint says so; app/db/packing.py)."""
    return row.body if row.packed is None else unpack(row.packed)


def _stored(row: Any, etag: str | None = None) -> StoredRuling:
    return StoredRuling(row.seq, row.id, _served(row), etag)


# The request path's statements, built once, on the tables (Core): no ORM work per request.
_RULINGS = cast(Table, RulingRow.__table__)
_RULING_CARDS = cast(Table, RulingCardRow.__table__)
_ALIASES = cast(Table, RulingAliasRow.__table__)
# What every read of a ruling selects: `_stored` makes a StoredRuling of it.
_RULING_COLUMNS = (
    _RULINGS.c.seq,
    _RULINGS.c.id,
    Utf8Bytes(_RULINGS.c.body).label("body"),
    _RULINGS.c.packed,
)
_GET_RULING = select(*_RULING_COLUMNS).where(_RULINGS.c.id == bindparam("id"))
_FIND_ALIAS = (
    select(
        *_RULING_COLUMNS,
        _RULINGS.c.kind,
        _ALIASES.c.cards,
        _ALIASES.c.etag,
    )
    .join(_RULINGS, _RULINGS.c.id == _ALIASES.c.ruling_id)
    .where(_ALIASES.c.key == bindparam("key"))
)
_INSERT_RULING_CARDS = insert(_RULING_CARDS)
# PostgreSQL: the ruling and its cards in one statement, so one round trip (the second insert
# reads the first's RETURNING; nothing is inserted when the id is already stored). Two
# statements had cost the replicas a round trip, and the database and the server a statement,
# per ruling (README: with one, a process serves 11-14% more new small questions a second).
_INSERT_RULING_WITH_CARDS = text(
    """
    WITH new AS (
        INSERT INTO rulings (id, kind, created_at, engine_version, body, packed)
        VALUES (:id, :kind, :created_at, :engine_version, :body, :packed)
        ON CONFLICT (id) DO NOTHING
        RETURNING seq
    ), new_cards AS (
        INSERT INTO ruling_cards (ruling_seq, card, kind)
        SELECT new.seq, card, :kind FROM new, unnest(:cards) AS card
    )
    SELECT seq FROM new
    """
).bindparams(
    bindparam("cards", type_=postgresql.ARRAY(Text)), bindparam("packed", type_=LargeBinary)
)


def _upsert_dialect(dialect: str) -> Any:
    """The INSERT … ON CONFLICT construct of the database."""
    match dialect:
        case "postgresql":
            return postgresql.insert
        case "sqlite":
            return sqlite.insert
        case other:  # pragma: no cover - only the two supported databases
            raise RuntimeError(f"unsupported database: {other}")


@lru_cache
def _insert_ruling(dialect: str) -> Any:
    """Insert unless the id exists, returning the new row's seq (parameters at execution)."""
    stmt = _upsert_dialect(dialect)(_RULINGS)
    return stmt.on_conflict_do_nothing(index_elements=["id"]).returning(_RULINGS.c.seq)


@lru_cache
def _put_alias(dialect: str) -> Any:
    stmt = _upsert_dialect(dialect)(_ALIASES)
    replaced = {c: stmt.excluded[c] for c in ("ruling_id", "cards", "etag")}
    return stmt.on_conflict_do_update(index_elements=["key"], set_=replaced)


class RulingRepository:
    """Rulings on one connection (Core statements: no ORM session on the request path)."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    def get(self, ruling_id: str) -> StoredRuling | None:
        row = self.conn.execute(_GET_RULING, {"id": ruling_id}).first()
        return _stored(row) if row else None

    def insert(self, ruling: NewRuling) -> tuple[StoredRuling, bool]:
        """Insert unless a ruling with this id exists; returns the stored one and whether it is
        new. The unique constraint decides between concurrent identical questions."""
        values = {
            "id": ruling.id,
            "kind": ruling.kind,
            "created_at": ruling.created_at,
            "engine_version": ruling.engine_version,
        }
        conn = self.conn
        cards = sorted(set(ruling.cards))
        packed = pack(ruling.body) if should_pack(ruling.body) else None
        match conn.dialect.name:
            case "postgresql":
                text_body = None if packed is not None else ruling.body.decode()  # a text column
                values |= {"body": text_body, "packed": packed, "cards": cards}
                seq = conn.execute(_INSERT_RULING_WITH_CARDS, values).scalar()
            case dialect:
                # SQLite keeps a value as it is given, whatever the column's declared type: the
                # body's UTF-8 bytes go in as they are (a BLOB value; every read takes the body
                # as bytes, Utf8Bytes). Decoded to text first, for SQLite to take its UTF-8
                # again, a 2.4 MB ruling's insert took 3.7-4.1 against 1.6-1.9 ms.
                values |= {"body": None if packed is not None else ruling.body, "packed": packed}
                seq = conn.execute(_insert_ruling(dialect), values).scalar()
                if seq is not None and cards:
                    conn.execute(
                        _INSERT_RULING_CARDS,
                        [{"ruling_seq": seq, "card": c, "kind": ruling.kind} for c in cards],
                    )
        if seq is None:
            existing = self.get(ruling.id)
            if existing is None:  # pragma: no cover - a conflict means the row exists
                raise RuntimeError("ruling vanished after a conflicting insert")
            return existing, False
        return StoredRuling(seq, ruling.id, ruling.body), True

    def page(
        self, *, kind: str | None, card: str | None, limit: int, before_seq: int | None
    ) -> list[StoredRuling]:
        """Newest first; `before_seq` is the cursor (the last seq of the previous page). Each
        filter walks one index backwards from the cursor and stops after `limit` rows: by card
        (and kind) over ruling_cards, by kind over rulings(kind, seq), else the primary key."""
        if card:
            return self._page_by_card(card, kind, limit, before_seq)
        stmt = select(*_RULING_COLUMNS)
        if kind:
            stmt = stmt.where(RulingRow.kind == kind)
        if before_seq is not None:
            stmt = stmt.where(RulingRow.seq < before_seq)
        stmt = stmt.order_by(RulingRow.seq.desc()).limit(limit)
        return [_stored(r) for r in self.conn.execute(stmt)]

    def _page_by_card(
        self, card: str, kind: str | None, limit: int, before_seq: int | None
    ) -> list[StoredRuling]:
        stmt = (
            select(*_RULING_COLUMNS)
            .join(RulingCardRow, RulingCardRow.ruling_seq == RulingRow.seq)
            .where(RulingCardRow.card == card)
        )
        if kind:
            stmt = stmt.where(RulingCardRow.kind == kind)
        if before_seq is not None:
            stmt = stmt.where(RulingCardRow.ruling_seq < before_seq)
        # Ordered by the index's own column, so the database reads the index in order.
        stmt = stmt.order_by(RulingCardRow.ruling_seq.desc()).limit(limit)
        return [_stored(r) for r in self.conn.execute(stmt)]


def _searchable(text: str) -> bool:
    # SQLite cuts a pattern at NUL: no card name has one, so such a query matches nothing
    # (rather than everything).
    return "\x00" not in text


# Up to this many matching keys a search goes through SQLite's trigram index.
RARE = 300
# PostgreSQL: from this length on a search starts from the trigram index.
TRIGRAM_FIRST = 6
# PostgreSQL: how many keys in name order a long text's search reads before it turns to the
# trigram index. A text common enough to fill a page within them (`hollow`: one key in sixteen)
# is found there at once; gathering all of its matches through the trigram index first would
# cost 4-10 ms (bench/imports.py).
NAME_PREFIX = 5000


def _trigram_phrase(folded: str) -> bool:
    # A trigram phrase needs three characters; a double quote would end the phrase (folding
    # removes them, so this is belt and braces).
    return len(folded) >= 3 and '"' not in folded


def _contains(key: Any, folded: str) -> Any:
    """`key` holds `folded` anywhere: LIKE with its wildcards escaped."""
    escaped = folded.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return key.like("%" + escaped + "%", escape="\\")


class CardRepository:
    """Reads of the catalog tables (writes: app/catalog/store.py)."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def search(
        self,
        q: str | None,
        *,
        limit: int,
        after: str | None,
        tags: Sequence[str] = (),
    ) -> list[tuple[str, str]]:
        """Cards whose folded full or face name contains the folded `q` (the short keys of
        `card_names` are scanned, with a trigram index on PostgreSQL), having every tag, by
        name from the cursor `after`. Each card as (name, its JSON text): served as stored,
        never parsed and serialized again."""
        folded = fold(q) if q else ""
        if q is not None and not _searchable(folded):
            return []
        as_text = select(CardRow.name, sql_cast(CardRow.data, Text))
        if not folded:
            stmt = as_text.where(*self._tagged(CardRow.name, tags))
            if after:
                stmt = stmt.where(CardRow.name > after)
            stmt = stmt.order_by(CardRow.name).limit(limit)
            return [(n, d) for n, d in self.session.execute(stmt)]
        if self._postgres_trigram_first(folded):
            return self._long_text_postgres(as_text, folded, limit=limit, after=after, tags=tags)
        found = select(CardNameRow.name).where(self._matching(folded))
        return self._page(as_text, CardNameRow.name, found, limit=limit, after=after, tags=tags)

    def _page(
        self,
        as_text: Any,
        name: Any,
        found: Any,
        *,
        limit: int,
        after: str | None,
        tags: Sequence[str],
    ) -> list[tuple[str, str]]:
        """The first page of the names `found` selects (as `name`), then the cards' data for
        that page alone, in one statement."""
        page = found.where(*self._tagged(name, tags)).group_by(name).order_by(name).limit(limit)
        if after:
            page = page.where(name > after)
        stmt = as_text.where(CardRow.name.in_(page)).order_by(CardRow.name)
        return [(n, d) for n, d in self.session.execute(stmt)]

    def _long_text_postgres(
        self, as_text: Any, folded: str, *, limit: int, after: str | None, tags: Sequence[str]
    ) -> list[tuple[str, str]]:
        """First the matches among the first NAME_PREFIX keys in name order from the cursor, a
        bounded read of the (name, key) index: when they fill the page it is the page, since
        every name past the prefix sorts after every name in it. Else the matches are few, and
        are read through the trigram index first, materialized, then sorted for the page."""
        prefix = select(CardNameRow.name, CardNameRow.key)
        if after:
            prefix = prefix.where(CardNameRow.name > after)
        keys = prefix.order_by(CardNameRow.name, CardNameRow.key).limit(NAME_PREFIX).subquery()
        found = select(keys.c.name).where(_contains(keys.c.key, folded))
        # The prefix starts at the cursor already.
        rows = self._page(as_text, keys.c.name, found, limit=limit, after=None, tags=tags)
        if len(rows) == limit:
            return rows
        matches = (
            select(CardNameRow.name.label("name"))
            .where(_contains(CardNameRow.key, folded))
            .cte("matches")
            .prefix_with("MATERIALIZED")
        )
        found = select(matches.c.name)
        return self._page(as_text, matches.c.name, found, limit=limit, after=after, tags=tags)

    def _postgres_trigram_first(self, folded: str) -> bool:
        """PostgreSQL, a long substring (six characters or more): the bounded name-ordered
        read, then the trigram index (_long_text_postgres). Left to itself the planner scans
        in name order to the end for a rare long text (`thorn weald`: 15 ms, under 1 ms this
        way); a short text keeps its plan (the trigram index can't serve `a`)."""
        if self.session.get_bind().dialect.name != "postgresql":
            return False
        return len(folded) >= TRIGRAM_FIRST

    def _matching(self, folded: str) -> Any:
        """Keys containing `folded`. PostgreSQL: LIKE, which its trigram index serves. SQLite:
        a rare substring (at most RARE keys) through the trigram full-text index; a common one
        by the name-ordered scan of the (name, key) index, which stops at the first page."""
        like = _contains(CardNameRow.key, folded)
        if self.session.get_bind().dialect.name != "sqlite" or not _trigram_phrase(folded):
            return like
        phrase = '"' + folded + '"'
        found = self.session.execute(
            text(
                "SELECT count(*) FROM (SELECT rowid FROM card_names_fts "
                "WHERE card_names_fts MATCH :phrase LIMIT :cap)"
            ),
            {"phrase": phrase, "cap": RARE + 1},
        ).scalar_one()
        if found > RARE:
            return like
        return literal_column("card_names.rowid").in_(
            text("SELECT rowid FROM card_names_fts WHERE card_names_fts MATCH :phrase").bindparams(
                phrase=phrase
            )
        )

    @staticmethod
    def _tagged(name: Any, tags: Sequence[str]) -> list[Any]:
        return [name.in_(select(CardTagRow.name).where(CardTagRow.tag == t)) for t in tags]

    def get(self, name: str) -> dict[str, Any] | None:
        """One card by any of its names as people type them: an index hit on `card_names`;
        None for a face's name several cards share (names_one_card)."""
        rows = self.session.execute(
            select(CardRow.data, CardNameRow.rank)
            .join(CardNameRow, CardNameRow.name == CardRow.name)
            .where(CardNameRow.key == fold(name))
            .order_by(CardNameRow.rank, CardNameRow.name)
            .limit(2)
        ).all()
        if not rows or not names_one_card([r.rank for r in rows]):
            return None
        return dict(rows[0].data)


@dataclass(frozen=True, slots=True)
class AliasHit:
    """A stored ruling found through an alias, with what its alias recorded."""

    ruling: StoredRuling  # with its body's ETag, as the alias stores it
    kind: str
    cards: str  # JSON: [[name as asked, card digest or null], ...]

    @property
    def etag(self) -> str:
        assert self.ruling.etag is not None
        return self.ruling.etag


class AliasRepository:
    """Ruling aliases (app/rulings/fastpath.py): a request's exact bytes -> the stored ruling.
    On a Connection: the repeated-question path needs no ORM session."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    def find(self, key: str) -> AliasHit | None:
        row = self.conn.execute(_FIND_ALIAS, {"key": key}).first()
        if row is None:
            return None
        return AliasHit(_stored(row, row.etag), row.kind, row.cards)

    def put(self, key: str, ruling_id: str, cards: str, etag: str) -> None:
        """Point the alias at this ruling (replacing a stale one: a changed card)."""
        values = {"key": key, "ruling_id": ruling_id, "cards": cards, "etag": etag}
        self.conn.execute(_put_alias(self.conn.dialect.name), values)
