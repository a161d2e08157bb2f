"""`rulings cards coverage PATH [--json]` on small MTGJSON-like files we write ourselves."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.catalog.importer import import_file
from app.cli import main
from app.db.migrate import migrate
from app.db.session import make_engine
from app.settings import get_settings

CARDS = [
    {
        "name": "Copperleaf Shrine",
        "types": ["Land"],
        "subtypes": [],
        "manaCost": None,
        "keywords": None,
        "text": "{T}: Add {C}.\n{T}: Add {U} for each Wizard you control with flying.",
    },
    {
        "name": "Ashen Oracle",
        "types": ["Creature"],
        "subtypes": ["Human"],
        "manaCost": "{2}{B}",
        "keywords": ["Kicker"],
        "text": "Kicker {1}{B}\nWhen Ashen Oracle enters, draw 2 cards.",
    },
    {
        "name": "Fen Trail",
        "types": ["Land"],
        "subtypes": ["Swamp"],
        "manaCost": None,
        "keywords": None,
        "text": "({T}: Add {B}.)",
    },
]


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["cards", "coverage", *args])
    return code, capsys.readouterr().out


def test_json_report_of_a_card_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(CARDS), encoding="utf-8")
    code, out = _run(capsys, str(path), "--json")
    assert code == 0
    report = json.loads(out)
    assert report["faces"] == 3 and report["full"] == 2
    assert report["mana_faces"] == 2 and report["mana_faces_full"] == 1  # Fen Trail: 305.6
    assert report["cost_faces"] == report["cost_faces_compiled"] == 1
    assert report["families"]["mana_ability"] == {
        "seen": 2,
        "compiled": 1,
        "not_understood": 1,
        "irrelevant": 0,
    }
    assert report["top_not_understood"] == [
        {"template": "{T}: Add {U} for each Wizard you control with flying.", "count": 1}
    ]


def test_atomic_cards_shape_and_the_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "AtomicCards.json"
    atomic = {"meta": {}, "data": {c["name"]: [c] for c in CARDS}}
    path.write_text(json.dumps(atomic), encoding="utf-8")
    code, out = _run(capsys, str(path))
    assert code == 0
    assert "faces: 3, full: 2" in out
    assert "mana_ability" in out and "top 30 not-understood templates" in out


@pytest.fixture
def empty_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    url = f"sqlite:///{tmp_path / 'rulings.db'}"
    engine = make_engine(url)
    migrate(engine)  # the bundled cards only: no imported rules text
    engine.dispose()
    monkeypatch.setenv("RULINGS_DATABASE_URL", url)
    get_settings.cache_clear()
    yield url
    get_settings.cache_clear()


def test_without_a_readable_file_it_says_so(
    empty_database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["cards", "coverage"]) == 2  # nothing imported yet
    assert "rulings cards import" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("[{", encoding="utf-8")
    assert main(["cards", "coverage", str(bad)]) == 1
    assert "cannot read" in capsys.readouterr().err


def test_without_path_it_reads_the_imported_cards(
    empty_database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps({"meta": {}, "data": {c["name"]: [c] for c in CARDS}}))
    engine = make_engine(empty_database)
    import_file(engine, path)
    engine.dispose()
    code, out = _run(capsys, "--json")
    assert code == 0
    report = json.loads(out)
    assert report["faces"] == 3 and report["full"] == 2  # the same as from the file
    assert report["top_not_understood"] == [
        {"template": "{T}: Add {U} for each Wizard you control with flying.", "count": 1}
    ]
