"""Imported cards compiled again: `rulings cards recompile`, and `rulings migrate` when the
compiler changed.

An imported card stores what the compiler read in its rules text (app/catalog/compile) beside
the text itself. A newer release's compiler reads more, or reads differently; so that no
imported card keeps an older reading, the stored text of every imported card is compiled again
and the cards whose data changed are rewritten, in one transaction (all or nothing, as an
import is). A bundled card's imported copy (its `imported` column) is compiled again too; the
bundled card's own abilities stay the engine's source of truth. The version of the compiler
that compiled every imported card is kept in `catalog_state.compiler`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from sqlalchemy import Engine, select, update
from sqlalchemy.orm import Session

from app.catalog import load_catalog
from app.catalog.compile.cards import COMPILED_FACE_FIELDS
from app.catalog.sources import ImportProblem
from app.catalog.store import (
    BUNDLED,
    IMPORTED,
    CardRecord,
    record_of,
    with_imported_text,
    write_records,
)
from app.db.models import CardRow, CatalogStateRow
from app.domain.card import Card
from app.rulings.identity import code_digest

_APP = Path(__file__).resolve().parents[1]
# What a compiled card is made of: the compiler's code, and the card model it fills.
COMPILER_CODE = ("catalog/compile", "domain")
# The fields the compiler fills on a card of its own (a face's: COMPILED_FACE_FIELDS).
_COMPILED_CARD_FIELDS = ("support", "unsupported_text")


@lru_cache
def compiler_version() -> str:
    """A digest of the compiler's code and the card model's syntax trees (docstrings and
    comments left out): two releases with equal digests compile every text alike."""
    files = [
        (f"{package}/{path.relative_to(_APP / package).as_posix()}", path.read_text("utf-8"))
        for package in COMPILER_CODE
        for path in sorted((_APP / package).rglob("*.py"))
    ]
    return code_digest(files)


def source_data(data: dict[str, Any]) -> dict[str, Any]:
    """A stored card's data without what the compiler filled: what an import read from the
    card file (the card sources never fill those fields)."""
    out = {k: v for k, v in data.items() if k not in COMPILED_FACE_FIELDS + _COMPILED_CARD_FIELDS}
    if out.get("faces"):
        out["faces"] = [
            {k: v for k, v in face.items() if k not in COMPILED_FACE_FIELDS}
            for face in out["faces"]
        ]
    return out


def recompiled(name: str, data: dict[str, Any]) -> Card:
    """The stored card compiled again by this release's compiler. Raises ImportProblem for a
    card the model can't hold once compiled again."""
    # Imported here: a server's start-up reads this module, and never compiles.
    from app.catalog.compile.cards import compiled_card_data

    try:
        return Card.model_validate(compiled_card_data(source_data(data)))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "card"
        raise ImportProblem(f"card {name!r}: {where}: {first['msg']}") from None


@dataclass
class Recompiled:
    cards: int = 0  # imported cards compiled again (a bundled card's imported copy included)
    updated: int = 0  # whose data changed, and were written
    compiler_before: str | None = None
    compiler: str = ""
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": self.cards,
            "updated": self.updated,
            "unchanged": self.cards - self.updated,
            "compiler_before": self.compiler_before,
            "compiler": self.compiler,
            "seconds": round(self.seconds, 2),
        }


def recompile(engine: Engine) -> Recompiled:
    """Compile every imported card's stored rules text again and write the cards whose data
    changed, in one transaction; then record this compiler as the one that compiled them."""
    started = time.perf_counter()
    bundled = load_catalog()
    summary = Recompiled(compiler=compiler_version())
    with Session(engine) as session, session.begin():
        summary.compiler_before = stored_compiler(session)
        rows = session.execute(
            # Every row: a bundled one without an imported copy holds JSON null there, which
            # SQL's IS NULL doesn't see, so it is passed over here.
            select(CardRow.name, CardRow.source, CardRow.digest, CardRow.data, CardRow.imported)
            .order_by(CardRow.name)
            .execution_options(yield_per=500)
        )
        changed: list[CardRecord] = []
        for name, source, digest, data, imported in rows:
            if source != IMPORTED and imported is None:
                continue
            summary.cards += 1
            record = _record(name, source, data, imported, bundled.get(name))
            if record is not None and (record.digest, record.imported) != (digest, imported):
                changed.append(record)
        summary.updated = len(changed)
        write_records(session, changed, [r.name for r in changed])
        set_compiler(session, summary.compiler)
    summary.seconds = time.perf_counter() - started
    return summary


def _record(
    name: str,
    source: str,
    data: dict[str, Any],
    imported: dict[str, Any] | None,
    own: Card | None,
) -> CardRecord | None:
    """The row a card's data compiled again makes; None for a bundled card's imported copy
    whose card the bundled catalog no longer has (the catalog sync settles that row)."""
    if source == IMPORTED:
        return record_of(recompiled(name, data), IMPORTED)
    if imported is None or own is None:
        return None
    card = recompiled(name, imported)
    return record_of(with_imported_text(own, card), BUNDLED, card.model_dump(mode="json"))


def stored_compiler(session: Session) -> str | None:
    """The version of the compiler that compiled every imported card; None: not known."""
    return session.execute(
        select(CatalogStateRow.compiler).where(CatalogStateRow.id == 1)
    ).scalar_one_or_none()


def set_compiler(session: Session, version: str) -> None:
    session.execute(update(CatalogStateRow).where(CatalogStateRow.id == 1).values(compiler=version))


def holds_imported(session: Session) -> bool:
    """Whether any card holds imported compiled data: an imported card (one indexed look), or
    else a bundled card with an imported copy (the bundled rows' copies read only then)."""
    own = session.execute(select(CardRow.name).where(CardRow.source == IMPORTED).limit(1))
    if own.first() is not None:
        return True
    # A bundled row without an imported copy holds JSON null, which IS NULL doesn't see.
    copies = session.execute(select(CardRow.imported).where(CardRow.source == BUNDLED)).scalars()
    return any(imported is not None for imported in copies)
