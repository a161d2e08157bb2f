"""The catalog in the database: how a card is stored (record_of), written (write_records) and
found again (DbCatalog).

A card's row holds the data `GET /v1/cards/{name}` serves and the engine parses; `card_names`
holds the folded names it is found by (one index hit per lookup, never a scan); `card_tags` the
indexed filters of `GET /v1/cards` (`type:land`, `produces:G`); `catalog_state` a generation
counter bumped by every change, so each server process drops its cached cards after an import.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, Table, delete, func, insert, select, update
from sqlalchemy.orm import Session

from app.catalog import Catalog, card_keys, suggest_from
from app.catalog.names import fold, names_one_card
from app.db.models import CardNameRow, CardRow, CardTagRow, CatalogStateRow
from app.domain.card import Card, ManaAbility
from app.domain.mana import TYPES
from app.domain.mana_abilities import production_types
from app.rulings.identity import card_digest

BUNDLED = "bundled"
IMPORTED = "imported"
# 305.6: a basic land type gives its land "{T}: Add" its color.
_BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
_CHUNK = 500
_CARDS = Table("cards", CardRow.metadata)
_NAMES = Table("card_names", CardNameRow.metadata)
_TAGS = Table("card_tags", CardTagRow.metadata)


# --- what a row holds ----------------------------------------------------------------------


def produced_types(card: Card) -> set[str]:
    """Mana types the card's own mana abilities can make (its structured abilities and the
    intrinsic abilities of basic land types, 305.6): the `produces=` filter."""
    found: set[str] = set()
    for face in card.card_faces:
        found.update(_BASIC_LAND_MANA[t] for t in face.subtypes if t in _BASIC_LAND_MANA)
        for ability in face.abilities:
            if isinstance(ability, ManaAbility):
                found |= production_types(ability.produces)
    return found


def card_tags(card: Card) -> list[str]:
    """`type:<word>` for every type, supertype and subtype of any face (lower case), and
    `produces:<T>` for every mana type it can make."""
    words = {w.casefold() for f in card.card_faces for w in (*f.types, *f.supertypes, *f.subtypes)}
    tags = [f"type:{w}" for w in sorted(words)]
    tags += [f"produces:{t}" for t in TYPES if t in produced_types(card)]
    return tags


@dataclass(frozen=True, slots=True)
class CardRecord:
    name: str
    source: str
    digest: str
    data: dict[str, Any]
    imported: dict[str, Any] | None
    keys: list[tuple[str, int]]
    tags: list[str]

    def row(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "source": self.source,
            "digest": self.digest,
            "data": self.data,
            "imported": self.imported,
        }


def record_of(card: Card, source: str, imported: dict[str, Any] | None = None) -> CardRecord:
    return CardRecord(
        name=card.name,
        source=source,
        digest=card_digest(card),
        data=card.public(),
        imported=imported,
        keys=card_keys(card),
        tags=card_tags(card),
    )


def with_imported_text(bundled: Card, imported: Card) -> Card:
    """A bundled card keeps everything the engine reads (its structured abilities are the
    engine's source of truth) and gains the imported rules text, face by face."""
    texts = {fold(f.name): f.text for f in imported.card_faces if f.text is not None}
    if not bundled.faces:
        joined = imported.text or "\n//\n".join(t for t in texts.values() if t)
        return bundled.model_copy(update={"text": joined or None})
    faces = [f.model_copy(update={"text": texts.get(fold(f.name))}) for f in bundled.faces]
    return bundled.model_copy(update={"faces": faces})


# --- writing ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StoredCard:
    source: str
    digest: str
    imported: dict[str, Any] | None


def stored_cards(session: Session, bundled: Iterable[str] | None = None) -> dict[str, StoredCard]:
    """What is stored, by name: every card, or (with `bundled`) only the bundled rows and
    the rows of those names, which is all a start-up's sync needs to read."""
    stmt = select(CardRow.name, CardRow.source, CardRow.digest, CardRow.imported)
    if bundled is not None:
        names = list(bundled)
        stmt = stmt.where((CardRow.source == BUNDLED) | CardRow.name.in_(names))
    return {r.name: StoredCard(r.source, r.digest, r.imported) for r in session.execute(stmt)}


def _chunks(items: Sequence[Any]) -> Iterator[Sequence[Any]]:
    for i in range(0, len(items), _CHUNK):
        yield items[i : i + _CHUNK]


def delete_cards(session: Session, names: Sequence[str]) -> None:
    for chunk in _chunks(names):
        session.execute(delete(CardNameRow).where(CardNameRow.name.in_(chunk)))
        session.execute(delete(CardTagRow).where(CardTagRow.name.in_(chunk)))
        session.execute(delete(CardRow).where(CardRow.name.in_(chunk)))


def write_records(
    session: Session, records: Sequence[CardRecord], stored: Iterable[str] | None = None
) -> None:
    """Replace these cards' rows (in the caller's transaction) and bump the generation.
    `stored`: the names already in the table (only those need deleting first); None: any."""
    if not records:
        return
    present = None if stored is None else set(stored)
    delete_cards(session, [r.name for r in records if present is None or r.name in present])
    # Core inserts (executemany): the ORM's bulk path costs several times more here.
    conn = session.connection()
    for chunk in _chunks(records):
        conn.execute(insert(_CARDS), [r.row() for r in chunk])
        names = [{"key": k, "name": r.name, "rank": rank} for r in chunk for k, rank in r.keys]
        conn.execute(insert(_NAMES), names)
        tags = [{"tag": t, "name": r.name} for r in chunk for t in r.tags]
        if tags:
            conn.execute(insert(_TAGS), tags)
    bump_generation(session)


def bump_generation(session: Session) -> None:
    session.execute(
        update(CatalogStateRow)
        .where(CatalogStateRow.id == 1)
        .values(generation=CatalogStateRow.generation + 1)
    )


def catalog_digest(session: Session) -> str:
    """A digest of the whole catalog (names and card digests): equal after an import that
    changed nothing."""
    h = hashlib.sha256()
    for name, digest in session.execute(
        select(CardRow.name, CardRow.digest).order_by(CardRow.name)
    ):
        h.update(f"{name}\0{digest}\0".encode())
    return h.hexdigest()[:16]


# --- reading -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Entry:
    card: Card
    digest: str


class DbCatalog(Catalog):
    """The catalog the app serves from: any stored card by one indexed lookup of its folded
    name, parsed once and kept in a per-process LRU cache; the bundled cards are loaded at
    start-up (`warm`) and never evicted. Each process looks at the catalog generation at most
    once per `check_every` seconds and drops its cache when an import changed the cards."""

    def __init__(self, engine: Engine, cache_size: int = 4096, check_every: float = 1.0) -> None:
        super().__init__([])
        self._engine = engine
        self._cache_size = cache_size
        self._check_every = check_every
        self._lock = threading.Lock()
        self._cache: OrderedDict[str, _Entry | None] = OrderedDict()
        self._pinned: dict[str, _Entry] = {}
        self._generation: int | None = None
        self._checked_at = 0.0
        self._suggest_keys: tuple[list[str], list[str]] | None = None

    # -- freshness --
    def _fresh(self, now: float) -> bool:
        """The generation was read within `check_every`: what memory holds is current."""
        return self._generation is not None and now - self._checked_at < self._check_every

    def _refresh(self, conn: Connection | None = None) -> None:
        now = time.monotonic()
        if self._fresh(now):
            return
        if conn is None:
            with self._engine.connect() as own:
                generation = self._read_generation(own)
        else:
            generation = self._read_generation(conn)
        with self._lock:
            self._checked_at = now
            if generation != self._generation:
                self._cache.clear()
                self._pinned.clear()
                self._suggest_keys = None
                self._generation = generation

    @staticmethod
    def _read_generation(conn: Connection) -> int:
        found = conn.execute(
            select(CatalogStateRow.generation).where(CatalogStateRow.id == 1)
        ).scalar()
        return int(found) if found is not None else 0

    def warm(self) -> int:
        """Load the bundled cards (the ones most questions name) into the pinned cache."""
        with self._engine.connect() as conn:
            self._refresh(conn)
            rows = conn.execute(
                select(CardNameRow.key, CardNameRow.rank, CardRow.data, CardRow.digest)
                .join(CardRow, CardRow.name == CardNameRow.name)
                .where(CardRow.source == BUNDLED)
                .order_by(CardNameRow.rank.desc())  # full names last: they win a shared key
            ).all()
        entries: dict[str, _Entry] = {}
        parsed: dict[str, _Entry] = {}
        faces_named = Counter(key for key, rank, _, _ in rows if rank)
        for key, rank, data, digest in rows:
            if rank and faces_named[key] > 1:
                continue  # a face several cards share: names none of them (names_one_card)
            entry = parsed.get(data["name"])
            if entry is None:
                entry = parsed[data["name"]] = _Entry(Card.model_validate(data), digest)
            entries[key] = entry
        with self._lock:
            self._pinned = entries
        return len(parsed)

    # -- lookups --
    def _entry(self, name: str) -> _Entry | None:
        self._refresh()
        key = fold(name)
        with self._lock:
            pinned = self._pinned.get(key)
            if pinned is not None:
                return pinned
            if key in self._cache:
                self._cache.move_to_end(key)
                return self._cache[key]
        with self._engine.connect() as conn:
            rows = conn.execute(
                select(CardRow.data, CardRow.digest, CardNameRow.rank)
                .join(CardNameRow, CardNameRow.name == CardRow.name)
                .where(CardNameRow.key == key)
                .order_by(CardNameRow.rank, CardNameRow.name)
                .limit(2)
            ).all()
        entry = None
        if rows and names_one_card([r.rank for r in rows]):
            entry = _Entry(Card.model_validate(rows[0].data), rows[0].digest)
        if entry is not None:  # unknown names are not cached: an import may add them
            with self._lock:
                self._cache[key] = entry
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
        return entry

    def get(self, name: str) -> Card | None:
        entry = self._entry(name)
        return entry.card if entry is not None else None

    def digest(self, name: str) -> str | None:
        entry = self._entry(name)
        return entry.digest if entry is not None else None

    def cached_digest(self, name: str) -> str | None:
        """What `digest` would answer without reading the database: the card's digest when
        the generation was checked within `check_every` and the card is in memory; else None
        (then only `digest` can tell)."""
        if not self._fresh(time.monotonic()):
            return None
        key = fold(name)
        with self._lock:
            entry = self._pinned.get(key) or self._cache.get(key)
        return entry.digest if entry is not None else None

    def shared_by(self, name: str) -> list[str]:
        with self._engine.connect() as conn:
            rows = conn.execute(
                select(CardNameRow.name, CardNameRow.rank)
                .where(CardNameRow.key == fold(name))
                .order_by(CardNameRow.rank, CardNameRow.name)
            ).all()
        return [] if not rows or names_one_card([r.rank for r in rows]) else [r.name for r in rows]

    def suggest(self, name: str) -> list[str]:
        """Did you mean: rapidfuzz over every folded name, loaded once per generation."""
        self._refresh()
        keys = self._suggest_keys
        if keys is None:
            with self._engine.connect() as conn:
                rows = conn.execute(select(CardNameRow.key, CardNameRow.name)).all()
            keys = ([r.key for r in rows], [r.name for r in rows])
            with self._lock:
                self._suggest_keys = keys
        return suggest_from(name, keys[0], keys[1])

    def __iter__(self) -> Iterator[Card]:
        """Every stored card, by name (streamed: cost linear in the catalog)."""
        with self._engine.connect() as conn:
            for data in conn.execute(select(CardRow.data).order_by(CardRow.name)).scalars():
                yield Card.model_validate(data)

    def __len__(self) -> int:
        with self._engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(CardRow)).scalar() or 0)
