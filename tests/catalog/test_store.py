"""The database catalog: lookups are index hits, and a running process sees an import."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine, text

from app.catalog.importer import import_file
from app.catalog.names import fold
from app.catalog.store import DbCatalog
from bench.cardfiles import invented_cards, mtgjson_document, write


def test_a_lookup_is_an_index_hit(fresh_engine: Engine) -> None:
    if fresh_engine.dialect.name != "sqlite":
        return  # the plan's wording is SQLite's; PostgreSQL uses the same primary key
    with fresh_engine.connect() as conn:
        plan = conn.execute(
            text(
                "EXPLAIN QUERY PLAN SELECT c.data FROM cards c JOIN card_names n "
                "ON n.name = c.name WHERE n.key = :k ORDER BY n.rank, n.name LIMIT 1"
            ),
            {"k": fold("Fire // Ice")},
        ).all()
    details = " | ".join(str(row[-1]) for row in plan)
    assert "SEARCH n USING" in details and "SCAN" not in details, details


def test_a_running_catalog_sees_an_import(fresh_engine: Engine, tmp_path: Path) -> None:
    catalog = DbCatalog(fresh_engine, check_every=0)
    assert catalog.warm() == 81
    assert catalog.get("Æthermire Vial") is None
    import_file(fresh_engine, write(tmp_path / "cards.json", mtgjson_document(invented_cards(5))))
    found = catalog.get("aethermire vial")
    assert found is not None and found.name == "Æthermire Vial"
    assert catalog.digest("Æthermire Vial") is not None
    assert catalog.get("Fire // Ice") is not None  # the bundled cards are loaded again


def test_the_cache_is_bounded(fresh_engine: Engine, tmp_path: Path) -> None:
    import_file(fresh_engine, write(tmp_path / "cards.json", mtgjson_document(invented_cards(40))))
    catalog = DbCatalog(fresh_engine, cache_size=8)
    for card in invented_cards(40):
        assert catalog.get(card.name) is not None
    assert len(catalog._cache) == 8
