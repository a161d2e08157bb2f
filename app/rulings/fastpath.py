"""A question asked again byte for byte costs one lookup, not a parse, a check and a re-dump.

Before any validation the raw request gets a cheap identity: BLAKE3 of (route, query, rules
version, exact body bytes). An alias table maps that identity to the stored ruling it was
answered with; a hit serves the stored bytes. The alias is only a cache: the ruling's own id
stays the content address of the normalized question (app/rulings/service.py), so equal
questions spelled differently still share one ruling, each spelling with an alias of its own.

A hit must never serve what the full path would no longer answer:
- the rules version is part of the key: new rules code misses every old alias;
- every catalog lookup the question made is recorded with the digest of the card it found
  (RecordingCatalog) and checked against the current catalog on a hit: a changed, added or
  removed card misses, and the full path answers (and re-points the alias);
- a question whose seed the server picked is a new question each time: it records no alias
  (`mark_server_picked`);
- bodies the full path refuses (invalid JSON, a NUL escape, unknown cards…) never get a ruling,
  so never an alias: they keep their 4xx.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextvars import ContextVar, Token
from dataclasses import dataclass, replace
from typing import Any

import blake3
import orjson
from sqlalchemy import Connection

from app.catalog import Catalog
from app.db.repositories import AliasHit, AliasRepository, StoredRuling
from app.domain.card import Card


def alias_key(path: str, query: bytes, rules_version: str, body: bytes) -> str:
    """The identity of a raw request. Each part is length-prefixed, so no two requests share
    a key by moving bytes between parts. BLAKE3 (a cryptographic hash: no body can be made to
    take another's alias) reads the 622 KB body of a 10,000-permanent question in 0.13 ms,
    where blake2b took 0.82."""
    digest = blake3.blake3()
    for part in (path.encode(), query, rules_version.encode(), body):
        digest.update(len(part).to_bytes(8, "big"))
        digest.update(part)
    return digest.hexdigest()


def strong_etag(body: str | bytes) -> str:
    """The strong ETag of a body's exact bytes (a str's in UTF-8): 128 bits of their BLAKE3
    (0.4 ms on a 2.4 MB ruling, where SHA-256 took 1.35)."""
    data = body.encode() if isinstance(body, str) else body
    return '"' + blake3.blake3(data).hexdigest(16) + '"'


class RecordingCatalog(Catalog):
    """The request's view of the catalog: every lookup is recorded with what it found, so the
    alias can say exactly which cards the ruling depended on.

    Lookups other than `get` must be overridden here too (tests/api/test_fastpath.py checks
    that no public method of Catalog is left to the plain delegation below)."""

    def __init__(self, catalog: Catalog) -> None:  # no super().__init__: it wraps, not copies
        self._wrapped = catalog
        self._reads: dict[str, Card | None] = {}
        self._read_everything = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._wrapped, name)

    def get(self, name: str) -> Card | None:
        card = self._wrapped.get(name)
        self._reads.setdefault(name, card)
        return card

    def digest(self, name: str) -> str | None:
        # The digest keys the ruling: reading it depends on the card as much as `get` does.
        self._reads.setdefault(name, self._wrapped.get(name))
        return self._wrapped.digest(name)

    def cached_digest(self, name: str) -> str | None:
        # A read like `digest`'s (the request's own lookups are never left to memory alone).
        return self.digest(name)

    def suggest(self, name: str) -> list[str]:
        # Only an unknown card's 422 suggests names, and a 422 stores no ruling (no alias).
        return self._wrapped.suggest(name)

    def shared_by(self, name: str) -> list[str]:
        # Only an ambiguous name's 422 reads it, and a 422 stores no ruling (no alias).
        return self._wrapped.shared_by(name)

    def __iter__(self) -> Iterator[Card]:
        # A question that reads the whole catalog depends on every card: no alias for it.
        self._read_everything = True
        return iter(self._wrapped)

    def __len__(self) -> int:
        self._read_everything = True
        return len(self._wrapped)

    def reads_json(self) -> str | None:
        """The lookups made, as the alias stores them; None when they can't be listed."""
        if self._read_everything:
            return None
        reads = sorted(
            [name, self._wrapped.digest(name) if card is not None else None]
            for name, card in self._reads.items()
        )
        return orjson.dumps(reads).decode()


def reads_still_hold(catalog: Catalog, reads_json: str) -> bool:
    """Every recorded lookup finds the same card (same digest), or still finds none."""
    # The catalog's digest (app/rulings/identity.card_digest), the one ruling ids use.
    return all(catalog.digest(name) == digest for name, digest in orjson.loads(reads_json))


def reads_hold_in_memory(catalog: Catalog, reads_json: str) -> bool:
    """True when memory alone shows that every recorded lookup still finds the same card;
    False when one doesn't, or when only the database can tell (`reads_still_hold` then
    decides). A lookup that found no card is never told from memory: an import may add it."""
    return all(
        digest is not None and catalog.cached_digest(name) == digest
        for name, digest in orjson.loads(reads_json)
    )


@dataclass(slots=True)
class PendingAlias:
    """The alias a request on the full path will record once its ruling is stored. Shared by
    reference with the handler's thread, so `mark_server_picked` there is seen here."""

    key: str
    # Whether the alias is written to the store, or only remembered in memory: the API layer
    # looks a body up in the store only when it is large enough for a hit to save much
    # (app/api/fastpath.py, STORE_LOOKUP_ABOVE), so a smaller body's stored alias would be
    # written with every new question and never read.
    persist: bool = True
    repeatable: bool = True
    # The alias as the store holds it once the full path has written it (or found it there):
    # the API layer remembers it (app/api/fastpath.py), so these bytes again are a hit that
    # costs no database round trip.
    stored: AliasHit | None = None


_PENDING: ContextVar[PendingAlias | None] = ContextVar("pending_alias", default=None)


def begin(key: str, persist: bool = True) -> tuple[PendingAlias, Token[PendingAlias | None]]:
    pending = PendingAlias(key, persist)
    return pending, _PENDING.set(pending)


def end(token: Token[PendingAlias | None]) -> None:
    _PENDING.reset(token)


def pending_alias() -> PendingAlias | None:
    return _PENDING.get()


def mark_server_picked() -> None:
    """This request's question holds something the server chose (a seed): asking the same
    bytes again is a new question, so it must never be answered through an alias."""
    pending = _PENDING.get()
    if pending is not None:
        pending.repeatable = False


def find_repeated(conn: Connection, catalog: Catalog, key: str) -> AliasHit | None:
    """The stored ruling for these exact bytes, if its alias still holds."""
    hit = AliasRepository(conn).find(key)
    if hit is None or not reads_still_hold(catalog, hit.cards):
        return None
    return hit


@dataclass(frozen=True, slots=True)
class AliasRecord:
    """An alias ready to be written with its ruling (in the same transaction)."""

    key: str
    reads: str
    body: bytes  # the ruling body this request made, and its ETag (computed outside the writer)
    etag: str
    persist: bool  # written to the store, or only remembered in memory (PendingAlias)

    def hit(self, stored: StoredRuling, kind: str) -> AliasHit:
        """What a lookup of this alias, pointing at `stored`, finds."""
        # A ruling stored meanwhile by an equal question has its own bytes, so its own ETag.
        etag = self.etag if stored.body == self.body else strong_etag(stored.body)
        return AliasHit(replace(stored, etag=etag), kind, self.reads)

    def put(self, conn: Connection, stored: StoredRuling, kind: str) -> AliasHit:
        """Write the alias, pointing at `stored` (when it is persisted); its hit."""
        hit = self.hit(stored, kind)
        if self.persist:
            AliasRepository(conn).put(self.key, stored.id, self.reads, hit.etag)
        return hit

    def holds_in(self, conn: Connection, stored: StoredRuling, kind: str) -> AliasHit | None:
        """The alias as already stored, when it points at `stored` with these very lookups
        (then writing it again would change nothing); None when it must be written. One kept
        in memory only is never written: its hit holds as it is."""
        if not self.persist:
            return self.hit(stored, kind)
        found = AliasRepository(conn).find(self.key)
        if found is None or found.ruling.id != stored.id or found.cards != self.reads:
            return None
        return found


def alias_record(pending: PendingAlias | None, catalog: Catalog, body: bytes) -> AliasRecord | None:
    """The alias this request will record with the ruling whose body is `body`; None when
    there is none: no raw request, a server-picked seed, or lookups that can't be listed."""
    if pending is None or not pending.repeatable or not isinstance(catalog, RecordingCatalog):
        return None
    reads = catalog.reads_json()
    if reads is None:
        return None
    return AliasRecord(pending.key, reads, body, strong_etag(body), pending.persist)
