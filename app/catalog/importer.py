"""`rulings cards import PATH`: read a whole MTGJSON or Scryfall file into validated card
records, then write the changes in one transaction (all or nothing).

Each face's rules text is compiled into its abilities and casting costs as it is read
(app/catalog/compile/cards.py), so the card carries `support` and `unsupported_text`. A bundled
card keeps its row: its structured abilities stay the engine's source of truth and
the imported rules text is added to it (app/catalog/store.py `with_imported_text`). Cards
already stored and absent from the file are kept; a card whose data is unchanged is not
written again, so importing the same file twice changes nothing.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ijson
from pydantic import ValidationError
from sqlalchemy import Engine, text
from sqlalchemy.orm import Session

from app.catalog import load_catalog
from app.catalog.compile.cards import compiled_card_data
from app.catalog.recompile import compiler_version, set_compiler
from app.catalog.sources import (
    CountingReader,
    Format,
    ImportProblem,
    Parsed,
    detect_format,
    mtgjson,
    open_stream,
    scryfall,
)
from app.catalog.sources.layouts import ANOTHER_PRINTING
from app.catalog.store import (
    BUNDLED,
    IMPORTED,
    CardRecord,
    StoredCard,
    catalog_digest,
    record_of,
    stored_cards,
    with_imported_text,
    write_records,
)
from app.domain.card import Card, CardFace

# progress(bytes read, total bytes, cards parsed)
Progress = Callable[[int, int, int], None]


@dataclass
class Summary:
    format: Format
    file: str
    cards: int = 0  # game cards in the file (imported: new, updated or unchanged)
    faces: int = 0
    new: int = 0
    updated: int = 0
    unchanged: int = 0
    text_added_to_bundled: int = 0
    by_layout: Counter[str] = field(default_factory=Counter)
    skipped: Counter[str] = field(default_factory=Counter)
    catalog_digest_before: str = ""
    catalog_digest: str = ""
    parse_seconds: float = 0.0
    write_seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "file": self.file,
            "cards": self.cards,
            "faces": self.faces,
            "new": self.new,
            "updated": self.updated,
            "unchanged": self.unchanged,
            "text_added_to_bundled": self.text_added_to_bundled,
            "by_layout": dict(sorted(self.by_layout.items())),
            "skipped": dict(sorted(self.skipped.items())),
            "skipped_total": sum(self.skipped.values()),
            "catalog_digest_before": self.catalog_digest_before,
            "catalog_digest": self.catalog_digest,
            "parse_seconds": round(self.parse_seconds, 2),
            "write_seconds": round(self.write_seconds, 2),
        }


def _validated(parsed: Parsed) -> Card | None:
    """The card, or None when an un-set card holds what the model can't (then skipped)."""
    assert parsed.data is not None
    data = parsed.data
    try:
        if not data.get("faces") and data.get("colors") is None:
            # The colors its mana cost gives, said (105.2): what the store serves for it, so
            # that the stored card, read back, is this card (app/catalog/recompile.py).
            face = CardFace(name=parsed.name or "?", mana_cost=data.get("mana_cost"))
            data = {**data, "colors": face.face_colors}
        # Each face's rules text compiled into what the engine reads (issue 11), then the
        # card validated once with it.
        return Card.model_validate(compiled_card_data(data))
    except ValidationError as exc:
        if parsed.funny:
            return None
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "card"
        raise ImportProblem(f"card {parsed.name!r}: {where}: {first['msg']}") from None


def read_cards(
    path: Path, progress: Progress | None = None
) -> tuple[Format, list[Card], Counter[str]]:
    """Every game card of the file, validated, and the skipped objects by reason."""
    fmt = detect_format(path)
    source = mtgjson if fmt == "mtgjson" else scryfall
    total = path.stat().st_size
    with open_stream(path) as (stream, counter):
        try:
            source.check_shape(stream)
        except ijson.JSONError as exc:
            raise ImportProblem(f"not valid JSON near byte {counter.position}: {exc}") from None
    seen: dict[str, Card] = {}
    skipped: Counter[str] = Counter()
    with open_stream(path) as (stream, counter):
        try:
            for parsed in source.cards(stream):
                _take(parsed, seen, skipped)
                if progress is not None and (len(seen) + skipped.total()) % 500 == 0:
                    progress(counter.position, total, len(seen))
        except ijson.JSONError as exc:
            raise ImportProblem(_json_problem(exc, counter, seen)) from None
        except (OSError, EOFError) as exc:
            where = f"near byte {counter.position}"
            raise ImportProblem(f"the file can't be read {where}: {exc}") from None
    if progress is not None:
        progress(total, total, len(seen))
    return fmt, list(seen.values()), skipped


def _take(parsed: Parsed, seen: dict[str, Card], skipped: Counter[str]) -> None:
    if parsed.skipped is not None:
        skipped[parsed.skipped] += 1
        return
    if parsed.name in seen:
        skipped[ANOTHER_PRINTING] += 1
        return
    card = _validated(parsed)
    if card is None:
        skipped["un-set card the model can't hold"] += 1
        return
    seen[card.name] = card


def _json_problem(exc: Exception, counter: CountingReader, seen: dict[str, Card]) -> str:
    last = f"; the last card read was {next(reversed(seen))!r}" if seen else ""
    # The parser reads ahead in 64 KiB blocks: the position is where its block ended.
    return f"not valid JSON in the 64 KiB before byte {counter.position}: {exc}{last}"


def plan(stored: dict[str, StoredCard], cards: list[Card]) -> tuple[list[CardRecord], Summary]:
    """The records to write (only changed ones) and the counts; nothing is written yet."""
    bundled = load_catalog()
    summary = Summary(format="mtgjson", file="")
    changed: list[CardRecord] = []
    for card in cards:
        summary.cards += 1
        summary.faces += len(card.card_faces)
        summary.by_layout[card.layout] += 1
        previous = stored.get(card.name)
        own = bundled.get(card.name)
        if previous is not None and previous.source == BUNDLED and own is not None:
            imported = card.model_dump(mode="json")
            record = record_of(with_imported_text(own, card), BUNDLED, imported)
            summary.text_added_to_bundled += 1
        else:
            record = record_of(card, IMPORTED)
        if previous is None:
            summary.new += 1
        elif (previous.source, previous.digest, previous.imported) == (
            record.source,
            record.digest,
            record.imported,
        ):
            summary.unchanged += 1
            continue
        else:
            summary.updated += 1
        changed.append(record)
    return changed, summary


def _record_compiler(session: Session, stored: dict[str, StoredCard], cards: list[Card]) -> None:
    """Every card of the file was compiled by this release's compiler: when no other stored
    card holds imported compiled data, that compiler compiled them all (app/catalog/
    recompile.py); else the record stays as it was, for `rulings migrate` to settle."""
    in_file = {card.name for card in cards}
    left = any(
        (s.source == IMPORTED or s.imported is not None) and name not in in_file
        for name, s in stored.items()
    )
    if not left:
        set_compiler(session, compiler_version())


def _vacuum_analyze(engine: Engine) -> None:
    """PostgreSQL: fresh statistics for the card tables after an import, and their pages
    marked all-visible. Without the statistics the planner takes tens of thousands of new keys
    for a few hundred and picks a sort of every match over the name-ordered index (36 ms
    instead of 1 ms for `q=a`, bench/imports.py); until a vacuum marks the pages, a read of the
    (name, key) index visits the table for every key it reads, and the trigram index's reads
    are slower too (`amber spire` 2.5 against 0.5 ms). VACUUM runs outside a transaction."""
    if engine.dialect.name == "postgresql":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.execute(text("VACUUM (ANALYZE) cards, card_names, card_tags"))


def import_file(
    engine: Engine,
    path: Path,
    progress: Progress | None = None,
    writing: Callable[[int], None] | None = None,
) -> Summary:
    """Parse and validate the whole file, then write every change in one transaction
    (`writing` is told how many cards are about to be written)."""
    started = time.perf_counter()
    read = read_cards(path, progress)
    return import_read(engine, path, read, time.perf_counter() - started, writing)


def import_read(
    engine: Engine,
    path: Path,
    read: tuple[Format, list[Card], Counter[str]],
    parse_seconds: float = 0.0,
    writing: Callable[[int], None] | None = None,
) -> Summary:
    """Write the cards `read_cards` read from `path` in one transaction (for a caller that
    keeps them too); `parse_seconds`: how long reading them took."""
    fmt, cards, skipped = read
    parsed_at = time.perf_counter()
    with Session(engine) as session, session.begin():
        before = catalog_digest(session)
        stored = stored_cards(session)
        changed, summary = plan(stored, cards)
        if writing is not None:
            writing(len(changed))
        write_records(session, changed, stored)
        _record_compiler(session, stored, cards)
        session.flush()
        summary.catalog_digest = catalog_digest(session)
    _vacuum_analyze(engine)
    summary.format, summary.file, summary.skipped = fmt, str(path), skipped
    summary.catalog_digest_before = before
    summary.parse_seconds = parse_seconds
    summary.write_seconds = time.perf_counter() - parsed_at
    return summary
