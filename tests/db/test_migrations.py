"""The migrations build exactly the schema the models describe, on SQLite and PostgreSQL, and
upgrading is idempotent (a second replica's migrate finds nothing to do)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.orm import Session

from app.catalog import load_catalog
from app.catalog.store import record_of
from app.db.migrate import alembic_config, head_revision, is_migrated, migrate
from app.db.models import Base, CardRow
from app.db.repositories import RulingRepository
from app.domain.answers import ManaValueAnswer
from app.domain.card import Card
from app.domain.ruling import Verdict
from app.rulings.identity import card_digest
from app.rulings.service import RulingService
from tests.conftest import _postgres_admin_url
from tests.databases import scratch_database


def _on_this_database(dialect: str) -> Any:
    """Leave out objects the models create on another database only (`ddl_if`: the trigram
    index of card search exists on PostgreSQL alone), and SQLite's full-text index of card
    names (a virtual table and its shadow tables, made by the migration alone)."""

    def include(obj: Any, name: Any, type_: str, reflected: bool, _compare_to: Any) -> bool:
        if type_ == "table" and reflected and str(name).startswith("card_names_fts"):
            return False
        only = getattr(obj, "_ddl_if", None)
        return only is None or only.dialect in (None, dialect)

    return include


def test_migrations_match_the_models(database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        migrate(engine)
        migrate(engine)  # again: nothing to do, nothing breaks
        assert is_migrated(engine, head_revision())
        with engine.connect() as conn:
            context = MigrationContext.configure(
                conn, opts={"include_object": _on_this_database(conn.dialect.name)}
            )
            diff = compare_metadata(context, Base.metadata)
        assert diff == []
        tables = {"cards", "card_names", "card_tags", "catalog_state", "rulings", "ruling_cards"}
        assert tables <= set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def own_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database for this test alone: it migrates down and up again."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'own.db'}"
        return
    admin_url = _postgres_admin_url()
    if admin_url is None:
        pytest.skip("PostgreSQL is not reachable here")
    with scratch_database(admin_url, "rulings_downgrade") as url:
        yield url


def test_dropping_the_question_column_downgrades_with_each_question_back(
    own_database: str,
) -> None:
    # 0005 keeps a ruling's question only in its body; going back to 0004 refills the old
    # column from each body, and upgrading again drops it with nothing lost.
    engine = create_engine(own_database)
    try:
        migrate(engine)
        question = {"card": "Fireball", "zone": "stack", "x": 3}
        with engine.connect() as conn:
            service = RulingService(conn, load_catalog(), "test-engine")
            stored, created = service.rule("mana_value", question, _verdict)
        assert created
        config = alembic_config()
        with engine.connect() as conn:
            config.attributes["connection"] = conn
            command.downgrade(config, "0004")
            conn.commit()
            found = conn.execute(
                text("SELECT question FROM rulings WHERE id = :id"), {"id": stored.id}
            ).scalar_one()
        assert (json.loads(found) if isinstance(found, str) else found) == question
        migrate(engine)
        assert "question" not in {c["name"] for c in inspect(engine).get_columns("rulings")}
        with engine.connect() as conn:
            assert RulingRepository(conn).get(stored.id) == stored
    finally:
        engine.dispose()


def test_packed_bodies_downgrade_to_text_and_upgrade_back_unchanged(own_database: str) -> None:
    # 0007 keeps a body past the threshold as an LZ4 frame in `packed`; going back to 0006
    # unpacks each into `body`, and upgrading again reads it back the same (left as text).
    from app.db.packing import PACK_ABOVE
    from app.db.repositories import NewRuling

    engine = create_engine(own_database)
    try:
        migrate(engine)
        body = b'{"object":"ruling","text":"' + "Lórien \\u00e9 ".encode() * PACK_ABOVE + b'"}'
        new = NewRuling("big", "could_produce", datetime(2026, 12, 6, tzinfo=UTC), "t", body, [])
        with engine.begin() as conn:
            stored, _ = RulingRepository(conn).insert(new)
            frame = conn.execute(text("SELECT packed FROM rulings WHERE id = 'big'")).scalar()
            if engine.dialect.name == "postgresql":
                storage = conn.execute(
                    text(
                        "SELECT attstorage FROM pg_attribute "
                        "WHERE attrelid = 'rulings'::regclass AND attname = 'packed'"
                    )
                ).scalar_one()
                assert storage == "e"  # EXTERNAL: PostgreSQL doesn't compress the frame again
        assert frame is not None and len(frame) < len(body)
        config = alembic_config()
        with engine.connect() as conn:
            config.attributes["connection"] = conn
            command.downgrade(config, "0006")
            conn.commit()
            found = conn.execute(text("SELECT body FROM rulings WHERE id = 'big'")).scalar_one()
        assert "packed" not in {c["name"] for c in inspect(engine).get_columns("rulings")}
        assert (found if isinstance(found, str) else found.decode()) == body.decode()
        migrate(engine)
        with engine.connect() as conn:
            assert RulingRepository(conn).get("big") == stored
    finally:
        engine.dispose()


def _verdict() -> Verdict:
    return Verdict(ManaValueAnswer(x=3, mana_value=4, etb_x=None, face="Fireball"))


def test_an_adventurer_cards_stored_colors_become_its_creature_parts(own_database: str) -> None:
    # Before 0006 the served data of an adventurer card joined both parts' colors; off the
    # stack it has only its creature part's (715.4). The upgrade rewrites them, digest kept.
    card = Card.model_validate(
        {
            "name": "Mire Strider // Drown the Path",
            "layout": "adventure",
            "faces": [
                {"name": "Mire Strider", "mana_cost": "{1}{G}", "types": ["creature"]},
                {"name": "Drown the Path", "mana_cost": "{U}", "types": ["instant"],
                 "subtypes": ["Adventure"]},
            ],
        }
    )  # fmt: skip
    assert card.card_colors == ["G"]
    record = record_of(card, "imported")
    engine = create_engine(own_database)
    try:
        migrate(engine)
        config = alembic_config()
        with engine.connect() as conn:
            config.attributes["connection"] = conn
            command.downgrade(config, "0005")
            conn.commit()
        with Session(engine) as session:
            session.add(CardRow(**{**record.row(), "data": {**record.data, "colors": ["U", "G"]}}))
            session.commit()
        migrate(engine)
        with Session(engine) as session:
            row = session.get(CardRow, card.name)
            assert row is not None
            assert row.data["colors"] == ["G"] and row.digest == card_digest(card)
            assert row.data == record.data
    finally:
        engine.dispose()
