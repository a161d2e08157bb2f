"""`rulings cards coverage PATH [--json]` on small MTGJSON-like files we write ourselves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli import main

CARDS = [
    {
        "name": "Copperleaf Shrine",
        "types": ["Land"],
        "subtypes": [],
        "manaCost": None,
        "keywords": None,
        "text": "{T}: Add {C}.\n{T}: Add {U} for each other Wizard you control.",
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
        {"template": "{T}: Add {U} for each other Wizard you control.", "count": 1}
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


def test_without_a_readable_file_it_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["cards", "coverage"]) == 2
    bad = tmp_path / "bad.json"
    bad.write_text("[{", encoding="utf-8")
    assert main(["cards", "coverage", str(bad)]) == 1
    assert "cannot read" in capsys.readouterr().err
