"""`python -m bench --quick`, engine-alone parts, in-process: it runs and produces rows.

No timing assertions: benchmarks are measurements, not tests. A section whose engine is not
written yet still produces its rows (marked "not available yet")."""

from __future__ import annotations

import json
import sys
from pathlib import Path

# `bench` is a top-level package beside `app` (not installed): importable under `python -m
# pytest` from the repository root, and under a bare `pytest` thanks to this.
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.__main__ import main, run  # noqa: E402
from bench.config import QUICK  # noqa: E402
from bench.report import render  # noqa: E402


def test_quick_engine_sections_produce_rows() -> None:
    sections = run(QUICK, http=False)
    names = [s.name for s in sections]
    assert any(n.startswith("could-produce, engine alone") for n in names)
    assert any(n.startswith("activate one Forest, engine alone") for n in names)
    for section in sections:
        assert section.rows, section.name
    cp = sections[0]
    assert [row["permanents"] for row in cp.rows] == list(QUICK.sizes)
    for row in cp.rows:
        if not row.get("status"):
            assert row["answered"] == row["permanents"]
    table = render(sections)
    assert "engine alone" in table


def test_quick_writes_results_json(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    assert main(["--quick", "--no-http", "--out", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert doc["quick"] is True
    assert doc["machine"]["cpu_count"] >= 1
    assert doc["machine"]["python"]
    assert all(section["rows"] for section in doc["sections"])
