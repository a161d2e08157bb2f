"""Compiler coverage on a real Oracle corpus (issue 11), measured, never asserted.

The corpus path comes from RULINGS_CORPUS (an MTGJSON-like file: AtomicCards or a JSON list of
cards); it is never part of the repository. `python -m bench.coverage` prints this section and
the most frequent not-understood templates.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from bench.report import Section, render

GOALS = {"mana": 98.0, "costs": 95.0, "seconds": 20.0}


def coverage_section() -> Section:
    from app.catalog.compile.corpus import read_corpus
    from app.catalog.compile.coverage import measure

    section = Section("compiler coverage (RULINGS_CORPUS)", ["measure", "value", "goal"])
    path = os.environ.get("RULINGS_CORPUS")
    if not path or not Path(path).is_file():
        section.skip("corpus", "not available: set RULINGS_CORPUS to an MTGJSON-like file")
        return section
    started = time.perf_counter()
    cov = measure(read_corpus(path))
    seconds = time.perf_counter() - started

    def pct(part: int, whole: int) -> float:
        return round(100 * part / whole, 1) if whole else 0.0

    section.add(measure="faces compiled", value=cov.faces, goal=None)
    section.add(measure="faces full (%)", value=pct(cov.full, cov.faces), goal=None)
    section.add(
        measure=f"faces with a mana ability ({cov.with_mana}) full (%)",
        value=pct(cov.with_mana_full, cov.with_mana),
        goal=f">= {GOALS['mana']}",
    )
    section.add(
        measure=f"faces with a casting cost ({cov.with_cost}) compiled (%)",
        value=pct(cov.with_cost_compiled, cov.with_cost),
        goal=f">= {GOALS['costs']}",
    )
    section.add(
        measure="compile time, whole corpus (s)",
        value=round(seconds, 2),
        goal=f"< {GOALS['seconds']}",
    )
    for fam, row in cov.to_json()["families"].items():
        if fam != "other":
            section.notes.append(
                f"{fam}: {row['seen']} seen, {row['compiled']} compiled, "
                f"{row['not_understood']} not understood"
            )
    section.notes += [f"{n:>5}  {t}" for t, n in cov.templates.most_common(10)]
    return section


def main() -> int:
    section = coverage_section()
    print(render([section]))
    path = os.environ.get("RULINGS_CORPUS")
    if path and Path(path).is_file():
        from app.catalog.compile.corpus import read_corpus
        from app.catalog.compile.coverage import measure
        from app.catalog.compile.coverage import render as render_coverage

        print()
        print(render_coverage(measure(read_corpus(path))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
