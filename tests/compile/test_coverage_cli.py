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


NOT_IMPORTED = [
    {
        "name": "Glimmerfall Expanse",
        "layout": "planar",
        "types": ["Plane"],
        "subtypes": ["Veldrane"],
        "text": 'All lands have "{T}: Add one mana of any color."',
    },
    {
        "name": "Murkwater Pilgrim Avatar",
        "layout": "vanguard",
        "types": ["Vanguard"],
        "text": 'Creatures you control have "{T}: Add {G}."',
    },
    {"name": "Cinder Plot", "layout": "scheme", "types": ["Scheme"], "text": "Add {R}."},
    {"name": "Whispered Pact", "types": ["Conspiracy"], "text": "Lands you control have haste."},
    {"name": "Tallow Vault", "layout": "normal", "types": ["Land"], "text": "{T}: Add {C}."},
    # A reversible printing is read as its front: the same card as the one above.
    {
        "name": "Tallow Vault // Tallow Vault",
        "layout": "reversible_card",
        "types": ["Land"],
        "text": "{T}: Add {C}.",
    },
]


def test_faces_the_importer_skips_are_counted_not_measured(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(CARDS + NOT_IMPORTED), encoding="utf-8")
    code, out = _run(capsys, str(path), "--json")
    assert code == 0
    report = json.loads(out)
    assert report["faces"] == 4 and report["mana_faces"] == 3  # the plane's grant not counted
    assert report["skipped_faces"] == 5
    assert report["skipped"] == {
        "another printing of a card already read": 1,
        "conspiracy": 1,
        "plane or phenomenon": 1,
        "scheme": 1,
        "vanguard": 1,
    }
    code, out = _run(capsys, str(path))
    assert "faces not measured, as the importer skips them: 5" in out
    assert "     1  vanguard" in out


def test_atomic_cards_skip_as_the_importer_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = {c["name"]: [c] for c in CARDS + NOT_IMPORTED[:4]}
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps({"meta": {}, "data": data}), encoding="utf-8")
    code, out = _run(capsys, str(path), "--json")
    report = json.loads(out)
    assert code == 0 and report["faces"] == 3 and report["skipped_faces"] == 4


def test_a_face_listed_under_the_whole_name_is_its_first_face(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A list entry named "Front // Back" (no faceName) is the front: its text's name is `~`."""
    cards = [
        {
            "name": "Ossick Warden // Ossick Unbound",
            "layout": "transform",
            "types": ["Creature"],
            "text": "{T}: Add {G} for each +1/+1 counter on Ossick Warden.",
        },
        {
            "name": "Ossick Unbound",
            "face": "back",
            "front": "Ossick Warden",
            "layout": "transform",
            "types": ["Creature"],
            "text": "{T}: Add {G}{G}.",
        },
    ]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    code, out = _run(capsys, str(path), "--json")
    report = json.loads(out)
    assert code == 0 and report["faces"] == 2 and report["mana_faces_full"] == 2
