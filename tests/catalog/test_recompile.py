"""Imported cards compiled again when the compiler changed (app/catalog/recompile.py): an import
records its compiler, `rulings migrate` and `rulings cards recompile` compile every imported
card's stored rules text again, all or nothing, and a server's start-up only warns. Invented
cards, our sentences; an "older compiler" is simulated by storing what it would have left."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from app.catalog.importer import import_file
from app.catalog.recompile import compiler_version, recompile, set_compiler, stored_compiler
from app.catalog.sources import ImportProblem
from app.catalog.store import IMPORTED, DbCatalog, record_of, write_records
from app.cli import main
from app.db.migrate import migrate
from app.db.models import CardRow, CatalogStateRow
from app.domain.card import Card
from app.settings import get_settings
from bench.cardfiles import Face, Invented, mtgjson_document, write

ADEPT = Invented("normal", [Face(
    "Emberlane Adept", "{R}{W}", ["Creature"], subtypes=["Human"], colors=["R", "W"], power="2",
    toughness="2",
    text="{1}{R}: Target creature gains haste until end of turn.\n{1}{W}: Target creature "
         "gains first strike until end of turn.")])  # fmt: skip
TENDER = Invented("normal", [Face(
    "Thicket Tender", "{G}", ["Creature"], subtypes=["Elf"], colors=["G"], power="1",
    toughness="1", text="{T}: Add {G}.")])  # fmt: skip
RING = Invented("normal", [Face("Sol Ring", "{1}", ["Artifact"], text="{T}: Add {C}{C}.")])
HASTE_LINE = "{1}{R}: Target creature gains haste until end of turn."


def _import(engine: Engine, directory: Path, cards: list[Invented], name: str = "a.json") -> None:
    import_file(engine, write(directory / name, mtgjson_document(cards)))


def _older(engine: Engine, name: str) -> None:
    """Store the card as a compiler that didn't read its haste line would have left it (its
    data and digest), and record that other compiler."""
    with Session(engine) as session, session.begin():
        data = session.execute(select(CardRow.data).where(CardRow.name == name)).scalar_one()
        old = {
            **data,
            "abilities": [],
            "effect_lines": [],
            "support": "partial",
            "unsupported_text": [HASTE_LINE],
        }
        write_records(session, [record_of(Card.model_validate(old), IMPORTED)], [name])
        set_compiler(session, "older")


def _adept(engine: Engine) -> Card:
    card = DbCatalog(engine).get("Emberlane Adept")
    assert card is not None
    return card


def _generation(engine: Engine) -> int:
    with Session(engine) as session:
        return session.execute(select(CatalogStateRow.generation)).scalar_one()


def _compiler(engine: Engine) -> str | None:
    with Session(engine) as session:
        return stored_compiler(session)


def test_a_fresh_database_records_no_compiler_until_an_import(
    fresh_engine: Engine, tmp_path: Path
) -> None:
    assert _compiler(fresh_engine) is None  # no imported card: nothing compiled
    _import(fresh_engine, tmp_path, [ADEPT, TENDER])
    assert _compiler(fresh_engine) == compiler_version()
    assert _adept(fresh_engine).effect_lines == [1, 2]


def test_migrate_compiles_again_what_an_older_compiler_left(
    fresh_engine: Engine, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    _import(fresh_engine, tmp_path, [ADEPT, TENDER])
    _older(fresh_engine, "Emberlane Adept")
    assert _adept(fresh_engine).unsupported_text == [HASTE_LINE]
    # A server's start-up only warns: its cards stay as they are.
    with caplog.at_level(logging.WARNING, logger="rulings.migrate"):
        migrate(fresh_engine)
    assert any("compile their rules text again" in r.getMessage() for r in caplog.records)
    assert _adept(fresh_engine).unsupported_text == [HASTE_LINE]
    generation = _generation(fresh_engine)
    # The one-shot step compiles them again, and records this release's compiler.
    migrate(fresh_engine, stale="recompile")
    adept = _adept(fresh_engine)
    assert adept.support == "full" and adept.unsupported_text == []
    assert adept.effect_lines == [1, 2] and [a.kind for a in adept.abilities] == ["grant_keyword"]
    assert _compiler(fresh_engine) == compiler_version()
    assert _generation(fresh_engine) > generation  # running servers drop their cached cards
    # Nothing left to do: the next run writes nothing.
    again = recompile(fresh_engine)
    assert (again.cards, again.updated) == (2, 0)


def test_a_bundled_cards_imported_copy_is_compiled_again(
    fresh_engine: Engine, tmp_path: Path
) -> None:
    _import(fresh_engine, tmp_path, [RING])
    with Session(fresh_engine) as session, session.begin():
        row = session.execute(select(CardRow).where(CardRow.name == "Sol Ring")).scalar_one()
        assert row.source == "bundled" and row.imported is not None
        bundled_data = row.data
        row.imported = {**row.imported, "abilities": [], "support": "partial",
                        "unsupported_text": ["{T}: Add {C}{C}."]}  # fmt: skip
        set_compiler(session, "older")
    done = recompile(fresh_engine)
    assert (done.cards, done.updated, done.compiler_before) == (1, 1, "older")
    with Session(fresh_engine) as session:
        row = session.execute(select(CardRow).where(CardRow.name == "Sol Ring")).scalar_one()
        imported: dict[str, Any] = row.imported
        assert imported["support"] == "full" and imported["abilities"]
        assert row.data == bundled_data  # the bundled card stays the engine's source of truth


def test_a_card_that_fails_to_compile_again_changes_nothing(
    fresh_engine: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _import(fresh_engine, tmp_path, [ADEPT, TENDER])
    _older(fresh_engine, "Emberlane Adept")
    import app.catalog.compile.cards as cards

    real = cards.compiled_card_data

    def broken(data: dict[str, Any]) -> dict[str, Any]:
        out = real(data)
        return {**out, "types": "not a list"} if out["name"] == "Thicket Tender" else out

    monkeypatch.setattr(cards, "compiled_card_data", broken)
    with pytest.raises(ImportProblem, match="Thicket Tender"):
        recompile(fresh_engine)
    # All or nothing: the Adept, read first, is as it was, and so is the record.
    assert _adept(fresh_engine).unsupported_text == [HASTE_LINE]
    assert _compiler(fresh_engine) == "older"


def test_an_import_that_leaves_other_cards_older_keeps_the_record(
    fresh_engine: Engine, tmp_path: Path
) -> None:
    _import(fresh_engine, tmp_path, [ADEPT])
    _older(fresh_engine, "Emberlane Adept")
    _import(fresh_engine, tmp_path, [TENDER], "b.json")
    assert _compiler(fresh_engine) == "older"  # the Adept still holds the older reading
    _import(fresh_engine, tmp_path, [ADEPT, TENDER], "c.json")
    assert _compiler(fresh_engine) == compiler_version()
    assert _adept(fresh_engine).effect_lines == [1, 2]


@pytest.fixture
def database_env(fresh_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setenv("RULINGS_DATABASE_URL", fresh_url)
    get_settings.cache_clear()
    yield fresh_url
    get_settings.cache_clear()


def test_the_commands(
    database_env: str, fresh_engine: Engine, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _import(fresh_engine, tmp_path, [ADEPT, TENDER])
    _older(fresh_engine, "Emberlane Adept")
    assert main(["cards", "recompile", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["cards"] == 2 and summary["updated"] == 1 and summary["unchanged"] == 1
    assert (summary["compiler_before"], summary["compiler"]) == ("older", compiler_version())
    _older(fresh_engine, "Emberlane Adept")
    assert main(["migrate"]) == 0
    assert _adept(fresh_engine).effect_lines == [1, 2]


def test_a_card_file_without_colors_reads_back_as_imported(
    fresh_engine: Engine, tmp_path: Path
) -> None:
    # A file that gives no colors: the card is stored with those of its mana cost (105.2), as
    # the store serves it, so compiling the stored card again finds nothing to change.
    entry = {"name": "Quarry Idol", "manaCost": "{2}{R}", "types": ["Artifact"],
             "text": "{T}: Add {R}.", "layout": "normal"}  # fmt: skip
    path = write(tmp_path / "plain.json", {"meta": {}, "data": {"Quarry Idol": [entry]}})
    import_file(fresh_engine, path)
    idol = DbCatalog(fresh_engine).get("Quarry Idol")
    assert idol is not None and idol.colors == ["R"]
    done = recompile(fresh_engine)
    assert (done.cards, done.updated) == (1, 0)
