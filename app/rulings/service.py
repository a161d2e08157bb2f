"""Build and store rulings: content-addressed, idempotent, committed before the answer is sent."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, datetime
from typing import Any, TypeVar

import orjson
from sqlalchemy import Connection

from app.catalog import Catalog
from app.db.repositories import AliasHit, NewRuling, RulingRepository, StoredRuling
from app.db.writer import GroupCommitWriter
from app.domain.abilities import Unsupported
from app.domain.answers import answer_json
from app.domain.card import Card
from app.domain.errors import QuestionError
from app.domain.ruling import Mentions, Step, Verdict, citations
from app.rulings import checks, fastpath
from app.rulings.identity import rules_version, ruling_id
from app.rulings.json_text import canonical_json, json_bytes

# An escaped NUL in JSON text: \u0000 preceded by an even number of backslashes.
_NUL_ESCAPE = re.compile(r"(?<!\\)(?:\\\\)*\\u0000")


__all__ = ["RulingService", "canonical_json", "ruling_id"]


def _nuls_at(value: object, path: tuple[str | int, ...]) -> Iterator[tuple[str | int, ...]]:
    """Where in the question the texts holding a NUL are (a key: that key)."""
    if isinstance(value, str):
        if "\x00" in value:
            yield path
    elif isinstance(value, dict):
        for key, item in value.items():
            if "\x00" in str(key):
                yield (*path, key)
            yield from _nuls_at(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _nuls_at(item, (*path, i))


def _nul_at(question: object) -> tuple[str | int, ...]:
    """The innermost place a NUL is: a normalized question may copy a state's field to its top
    (the caster, from the active player), and the client wrote the one inside."""
    return max(_nuls_at(question, ()), key=len, default=())


_T = TypeVar("_T")


# Text not understood, one mechanism (the choice): a card says what was not understood in two
# ways, the compiler's `unsupported_text` (imported cards) and the hand-written `unsupported`
# abilities (bundled cards, inline definitions). Both become the ruling's `caveats`, one per
# (card, sentence), and the ruling gets exactly one step that quotes each caveat once. The
# engine itself no longer writes a step for them, so nothing is said twice; the caveats are
# the record, and the step is their explanation. A sentence is listed even when a layer
# removed the ability it belongs to (305.7, 613.1f): it was ignored either way.


def unsupported_texts(card: Card) -> list[str]:
    """A card's not-understood sentences: compiled, then hand-written, then the rules text of
    a face given inline with no ability or cost and never compiled (`support` null: nothing
    read it, so the answer saw no ability there), each once."""
    hand_written = (
        a.text for face in card.card_faces for a in face.abilities if isinstance(a, Unsupported)
    )
    unread = (
        face.text
        for face in card.card_faces
        if card.support is None
        and face.text
        and not (face.abilities or face.alternative_costs or face.additional_costs)
    )
    return list(dict.fromkeys([*card.unsupported_text, *hand_written, *unread]))


def caveats_of(used: Iterable[Card]) -> list[dict[str, str]]:
    """The rules text not understood on the cards a question used: the answer stands on the
    rest, and says so."""
    caveats: list[dict[str, str]] = []
    seen: set[tuple[str, str]] = set()
    # Each card object once (a board of 10,000 Forests names one card 10,000 times).
    for card in {id(c): c for c in used}.values():
        for text in unsupported_texts(card):
            if (card.name, text) not in seen:
                seen.add((card.name, text))
                caveats.append({"code": "unsupported_text", "card": card.name, "text": text})
    return caveats


def caveat_step(caveats: list[dict[str, str]]) -> Step:
    """One step quoting every caveat once (never a bounded list: each must be said)."""
    m = Mentions()
    by_card: dict[str, list[str]] = {}
    for c in caveats:
        # The quoted sentence is the card's own data: the mana it shows is mentioned too.
        by_card.setdefault(m.card(c["card"]), []).append(f'"{m.mana_in(c["text"])}"')
    quoted = "; ".join(f"{card}: {', '.join(texts)}" for card, texts in by_card.items())
    # 108.1: a card's abilities are those of its Oracle wording; what of it was not turned
    # into data is named here so the reader knows what the answer could not weigh.
    return m.step(
        "Some rules text of the cards asked about (whose abilities are those of their Oracle "
        "wording, 108.1) was not understood or is not modelled by this service, so this answer "
        f"ignores it (see caveats; a bundled card's in the catalog's own words): {quoted}. If it "
        "matters to this question, the answer may be incomplete.",
        ("108.1",),
    )


class RulingService:
    def __init__(
        self,
        connection: Connection | Callable[[], Connection],
        catalog: Catalog,
        engine_version: str,
        alias: fastpath.PendingAlias | None = None,
        writer: GroupCommitWriter | None = None,
        rules: str | None = None,
    ) -> None:
        """`connection`: a database connection, or a factory of one, opened at the first use
        (a question refused before it reaches the store never opens one) and closed by
        `close`. `alias`: the raw request's alias to record with the ruling
        (app/rulings/fastpath.py), when the request came in over HTTP; `writer`: the
        group-commit writer that stores new rulings (app/db/writer.py), else they are written
        and committed on the connection (so with a writer the connection only reads, and may
        be an autocommit one); `rules`: the rules version that keys rulings
        (app/rulings/identity.py)."""
        self._connection = connection if isinstance(connection, Connection) else None
        self._open_connection = None if isinstance(connection, Connection) else connection
        self.catalog = catalog
        self.engine_version = engine_version
        self.rules = rules if rules is not None else rules_version()
        self.alias = alias
        self.writer = writer

    @property
    def connection(self) -> Connection:
        if self._connection is None:
            assert self._open_connection is not None
            self._connection = self._open_connection()
        return self._connection

    @property
    def repo(self) -> RulingRepository:
        return RulingRepository(self.connection)

    def close(self) -> None:
        """Close the connection this service opened (one it was given is its owner's)."""
        if self._open_connection is not None and self._connection is not None:
            connection, self._connection = self._connection, None
            connection.close()

    def card_digests(self, cards: Iterable[str]) -> list[str]:
        """Digests of the catalog cards the question names. A name the catalog lacks belongs
        to an inline definition, whose data is in the question itself; a definition that
        shares a catalog card's name adds that card's digest too (harmless: it can only
        re-key the question more often, never serve a stale answer)."""
        found = (self.catalog.digest(name) for name in sorted(set(cards)))
        return [d for d in found if d is not None]

    def rule(
        self,
        kind: str,
        question: dict[str, Any],
        decide: Callable[[], Verdict],
        cards: Iterable[str] = (),
        used: Iterable[Card] = (),
    ) -> tuple[StoredRuling, bool]:
        """The stored ruling for this question, and whether it was created now. `cards`: the
        catalog names the question uses (they key the ruling by their digests and back the
        `card` filter of the listing).

        A question asked before is answered from the store without running the engine again,
        but for a small body memory doesn't hold (`_looked_up_first`).
        """
        canonical = canonical_json(question)
        # The substring test is fast; the exact (escape-aware) regex runs only when it hits.
        if "\\u0000" in canonical and _NUL_ESCAPE.search(canonical):
            # PostgreSQL can store neither NUL in text nor \u0000 in JSONB; no card, id or
            # player name needs one.
            where = _nul_at(json.loads(canonical))  # parts of it are JSON text already
            raise QuestionError(where, "text may not contain NUL characters", "nul_character")
        cards = list(cards)
        digests = self.card_digests(cards)
        rid = ruling_id(kind, self.rules, digests, canonical)
        existing = self.repo.get(rid) if self._looked_up_first() else None
        if existing is not None:
            self._remember_found(existing, kind)
            return existing, False
        verdict = decide()
        if verdict.moot:
            # The question without its moot fields is this one: keyed as that, its ruling is
            # shared (found by the insert's conflict when it was stored before).
            question = question | dict.fromkeys(verdict.moot)
            rid = ruling_id(kind, self.rules, digests, canonical_json(question))
        caveats = caveats_of(used)
        steps = [*verdict.steps, caveat_step(caveats)] if caveats else verdict.steps
        if checks.ENABLED:
            checks.check_ruling(kind, question, verdict.answer, steps)
        created_at = datetime.now(UTC).replace(microsecond=0)
        body = {
            "object": "ruling",
            "id": rid,
            "kind": kind,
            "created_at": created_at.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "engine_version": self.engine_version,
            "question": question,
            # The typed answer (app/domain/answers.py), serialized once, in its fields' order.
            "answer": orjson.Fragment(answer_json(verdict.answer)),
            "explanation": [s.to_json() for s in steps],
            # Every rule a step cites, the caveat step's too (API.md: the ruling object).
            "citations": citations(steps),
            "caveats": caveats,
        }
        return self._store(
            NewRuling(
                id=rid,
                kind=kind,
                created_at=created_at,
                engine_version=self.engine_version,
                body=json_bytes(body),
                cards=list(cards),
            )
        )

    def _looked_up_first(self) -> bool:
        """Whether the store is asked for the ruling before the engine runs. Not for a small
        body that memory doesn't hold (its alias is only remembered, `PendingAlias.persist`):
        such bytes are nearly always a new question, and when they are not (the question was
        asked in other bytes, or before a restart) the insert's conflict finds the stored
        ruling all the same, answered 200 byte for byte, for one engine run on a small board.
        Looking first would cost every new question a query and a pooled connection."""
        return self.alias is None or self.alias.persist

    def _store(self, new: NewRuling) -> tuple[StoredRuling, bool]:
        """Insert the ruling (and this request's alias) and commit, before the answer is sent:
        the client must never hear of a ruling that a crash right after the response could
        lose. Through the group-commit writer when there is one (app/db/writer.py)."""
        alias = fastpath.alias_record(self.alias, self.catalog, new.body)

        def write(conn: Connection) -> tuple[StoredRuling, bool, AliasHit | None]:
            stored, created = RulingRepository(conn).insert(new)
            recorded = alias.put(conn, stored, new.kind) if alias is not None else None
            return stored, created, recorded

        stored, created, recorded = self._write(write)
        if recorded is None:
            return stored, created
        self._recorded(recorded)
        return recorded.ruling, created  # its ETag hashed once, for the alias

    def _write(self, write: Callable[[Connection], _T]) -> _T:
        if self.writer is not None:
            # The lookups are done: the connection they used goes back to the pool before the
            # wait for a commit. Held, requests queued behind a slow commit could take every
            # pooled connection, and the next batch's writer would wait for one in vain.
            self.close()
            return self.writer.write(write)
        result = write(self.connection)
        self.connection.commit()
        return result

    def _remember_found(self, existing: StoredRuling, kind: str) -> None:
        """A stored question asked in bytes with no alias in memory: a new spelling, whose
        alias alone is new (and only a cache), or bytes whose alias the store already holds
        (asked on another replica, or before a restart), which need no write; nor does an
        alias kept only in memory (a small body's, `PendingAlias.persist`)."""
        alias = fastpath.alias_record(self.alias, self.catalog, existing.body)
        if alias is None:
            return
        held = alias.holds_in(self.connection, existing, kind)
        self._recorded(
            held if held is not None else self._write(lambda c: alias.put(c, existing, kind))
        )

    def _recorded(self, hit: AliasHit) -> None:
        """Hand the stored alias to whoever asked for it to be recorded (its raw request)."""
        if self.alias is not None:
            self.alias.stored = hit
