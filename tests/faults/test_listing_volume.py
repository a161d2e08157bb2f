"""Listing at volume: `GET /v1/rulings?kind=&card=` reads one index range of ruling_cards
(card, kind, ruling_seq) backwards from the cursor, with no sort and no scan of every ruling
of the kind; migration 0003 fills the new `kind` column of rulings stored before it."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from sqlalchemy import create_engine, select, text
from sqlalchemy.dialects import sqlite
from starlette.testclient import TestClient

from app.db.migrate import alembic_config, migrate
from app.db.models import RulingCardRow
from app.db.repositories import RulingRepository


def _plan(engine_url: str, kind: str | None, card: str) -> str:
    engine = create_engine(engine_url)
    captured: list[str] = []
    with engine.connect() as conn:
        repo = RulingRepository(conn)
        run = conn.execute

        def explain(stmt, *args, **kwargs):  # type: ignore[no-untyped-def]
            sql = str(
                stmt.compile(dialect=sqlite.dialect(), compile_kwargs={"literal_binds": True})
            )
            rows = run(text("EXPLAIN QUERY PLAN " + sql)).all()
            captured.extend(str(r[-1]) for r in rows)
            return []

        conn.execute = explain  # type: ignore[method-assign]
        repo.page(kind=kind, card=card, limit=21, before_seq=1000)
    engine.dispose()
    return "\n".join(captured)


def test_listing_by_kind_and_card_reads_one_index_range(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'plan.db'}"
    engine = create_engine(url)
    migrate(engine)
    engine.dispose()
    plan = _plan(url, "mana_value", "Forest")
    assert "ix_ruling_cards_card_kind_seq" in plan, plan
    assert "TEMP B-TREE" not in plan, plan  # no sort: the index is already in order
    plan = _plan(url, None, "Forest")
    assert "ix_ruling_cards_card_seq" in plan and "TEMP B-TREE" not in plan, plan


def test_listing_by_kind_and_card_pages_newest_first(client: TestClient) -> None:
    asked = []
    for x in range(5):
        r = client.post("/v1/spells/mana-value", json={"card": "Fireball", "zone": "stack", "x": x})
        asked.append(r.json()["id"])
    client.post("/v1/spells/mana-value", json={"card": "Forest", "zone": "hand"})
    seen: list[str] = []
    page = "/v1/rulings?kind=mana_value&card=fireball&limit=2"
    while page:
        body = client.get(page).json()
        seen += [r["id"] for r in body["data"]]
        page = body["next_page"]
    assert seen == asked[::-1]
    assert client.get("/v1/rulings?kind=could_produce&card=Fireball").json()["data"] == []


def test_migration_0003_fills_kind_for_stored_rulings(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'old.db'}")
    config = alembic_config()
    with engine.connect() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
        conn.execute(
            text(
                "INSERT INTO rulings (seq, id, kind, created_at, engine_version, question, body) "
                "VALUES (7, 'r7', 'activate', '2026-12-01', 'v', '{}', '{}')"
            )
        )
        conn.execute(text("INSERT INTO ruling_cards (ruling_seq, card) VALUES (7, 'Forest')"))
        conn.commit()
    migrate(engine)
    with engine.connect() as conn:
        kinds = conn.execute(select(RulingCardRow.kind)).scalars().all()
    engine.dispose()
    assert kinds == ["activate"]
