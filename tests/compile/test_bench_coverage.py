"""The bench's coverage section reads RULINGS_CORPUS; without it, it says so (no corpus is
ever part of the repository)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.coverage import coverage_section  # noqa: E402


def test_without_a_corpus_the_row_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RULINGS_CORPUS", raising=False)
    [row] = coverage_section().rows
    assert "RULINGS_CORPUS" in str(row["status"])


def test_on_a_small_corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cards = [
        {"name": "Tallow Spire", "types": ["Land"], "text": "{T}: Add {C}."},
        {
            "name": "Rimebound Vow",
            "types": ["Sorcery"],
            "manaCost": "{1}{U}",
            "text": "Buyback {2}\nDraw a card.",
        },
    ]
    path = tmp_path / "corpus.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    monkeypatch.setenv("RULINGS_CORPUS", str(path))
    rows = {str(r["measure"]).split(" (")[0]: r["value"] for r in coverage_section().rows}
    assert rows["faces compiled"] == 2
    assert rows["faces with a mana ability"] == 100.0
    assert rows["faces with a casting cost"] == 100.0
