"""A client of the app on a SQLite database with invented cards imported and compiled, as the
API tests of imported cards use it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Engine, create_engine
from starlette.testclient import TestClient

from app.catalog.importer import import_file
from app.db.migrate import migrate
from app.main import create_app
from app.settings import Settings
from bench.cardfiles import Invented, mtgjson_document, write


def import_into(url: str, path: Path) -> Engine:
    """The database at `url`, migrated, with the card file at `path` imported."""
    engine = create_engine(url)
    migrate(engine)
    import_file(engine, path)
    return engine


@contextmanager
def client_on(card_file: Path) -> Iterator[TestClient]:
    """A client of the app on a database beside the card file, with its cards imported."""
    url = f"sqlite:///{card_file.parent / 'rulings.db'}"
    import_into(url, card_file).dispose()
    app = create_app(Settings(database_url=url, migrate_on_startup=True, log_level="WARNING"))
    with TestClient(app) as c:
        yield c


@contextmanager
def client_of(cards: Sequence[Invented], directory: Path) -> Iterator[TestClient]:
    """A client of the app with these invented cards imported from an AtomicCards file."""
    with client_on(write(directory / "AtomicCards.json", mtgjson_document(cards))) as c:
        yield c
