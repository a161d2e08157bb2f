"""The database catalog: lookups are index hits, and a running process sees an import."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import Engine, text

from app.catalog import load_catalog
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
    assert catalog.warm() == len(load_catalog())  # the bundled cards, preloaded
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


def test_search_finds_exactly_the_cards_whose_names_contain_the_text(
    fresh_engine: Engine, tmp_path: Path
) -> None:
    # Rare texts go through SQLite's trigram index, common ones ("amber": every card here)
    # through the name-ordered scan; both must agree with a plain substring test.
    from sqlalchemy.orm import Session

    from app.catalog import card_keys
    from app.db.repositories import RARE, CardRepository
    from app.domain.card import Card

    cards = invented_cards(400)
    import_file(fresh_engine, write(tmp_path / "cards.json", mtgjson_document(cards)))
    with Session(fresh_engine) as session:
        everything = CardRepository(session).search(None, limit=1000, after=None)
        keys = {
            name: [k for k, _ in card_keys(Card.model_validate_json(data))]
            for name, data in everything
        }
        for q in ["amber", "AMBER HOLLOW", "hollow warden", "Æther", "zzq", "ash", "rd", "x"]:
            folded = fold(q)
            expected = sorted(n for n, ks in keys.items() if any(folded in k for k in ks))
            found = [n for n, _ in CardRepository(session).search(q, limit=1000, after=None)]
            assert found == expected, q
        assert sum("amber" in k for ks in keys.values() for k in ks) > RARE  # the scan path


def test_search_pages_agree_with_a_substring_test_from_the_name_prefix_or_not(
    fresh_engine: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # PostgreSQL reads a long text's page from a bounded prefix of keys in name order when the
    # prefix fills it (one statement), else through the trigram index (a second one). With a
    # prefix of 40 keys both happen here; every page, followed by its cursor, must be the
    # substring test's. SQLite pages the same texts its own way.
    from sqlalchemy import event
    from sqlalchemy.orm import Session

    from app.catalog import card_keys
    from app.db import repositories
    from app.db.repositories import CardRepository
    from app.domain.card import Card

    monkeypatch.setattr(repositories, "NAME_PREFIX", 40)
    import_file(fresh_engine, write(tmp_path / "cards.json", mtgjson_document(invented_cards(400))))
    statements: list[str] = []
    event.listen(fresh_engine, "before_cursor_execute", lambda *a: statements.append(a[2]))
    with Session(fresh_engine) as session:
        everything = CardRepository(session).search(None, limit=1000, after=None)
        keys = {
            name: [k for k, _ in card_keys(Card.model_validate_json(data))]
            for name, data in everything
        }
        per_page: list[int] = []
        sizes: dict[str, int] = {}
        for q in ["amber hollow", "warden", "strider", "hollow strider", "zzqzzq"]:
            expected = sorted(n for n, ks in keys.items() if any(fold(q) in k for k in ks))
            found: list[str] = []
            after: str | None = None
            while True:
                statements.clear()
                page = CardRepository(session).search(q, limit=4, after=after)
                per_page.append(len(statements))
                found += [n for n, _ in page]
                if len(page) < 4:
                    break
                after = page[-1][0]
            assert found == expected, q
            sizes[q] = len(found)
    # Several pages each, and a text no name holds.
    assert min(sizes["amber hollow"], sizes["warden"], sizes["strider"]) > 8
    assert sizes["zzqzzq"] == 0
    if fresh_engine.dialect.name == "postgresql":
        assert {1, 2} <= set(per_page)  # pages from the prefix, and pages past it


def test_memory_tells_a_digest_only_while_the_generation_is_fresh(
    fresh_engine: Engine, tmp_path: Path
) -> None:
    # The event loop serves a remembered hit only when memory alone can vouch for its cards:
    # never before the catalog looked at its generation, nor once that look is due again, nor
    # for a card it doesn't hold.
    catalog = DbCatalog(fresh_engine, check_every=3600)
    assert catalog.cached_digest("Forest") is None  # the generation was never read
    catalog.warm()
    assert catalog.cached_digest("forest") == catalog.digest("Forest") is not None
    assert catalog.cached_digest("No Such Card") is None
    import_file(fresh_engine, write(tmp_path / "cards.json", mtgjson_document(invented_cards(5))))
    name = invented_cards(5)[-1].name
    assert catalog.cached_digest(name) is None  # stored, but not in this process's memory
    due = DbCatalog(fresh_engine, check_every=0)
    due.warm()
    assert due.cached_digest("Forest") is None  # the next lookup must read the generation
    assert due.digest("Forest") is not None
