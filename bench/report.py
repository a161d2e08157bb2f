"""Results as sections of rows: rendered as a plain-text table and written as JSON."""

from __future__ import annotations

import json
import os
import platform
import sys
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

Cell = str | int | float | None


@dataclass
class Section:
    """One table: named columns, rows keyed by column, and free-text notes under it.

    A row that could not be measured carries `status` (e.g. "not available yet: …") and is
    printed as that text instead of numbers.
    """

    name: str
    columns: list[str]
    rows: list[dict[str, Cell]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def add(self, **row: Cell) -> None:
        self.rows.append(row)

    def skip(self, label: Cell, reason: str) -> None:
        self.rows.append({self.columns[0]: label, "status": reason})

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "columns": self.columns, "rows": self.rows, "notes": self.notes}


def fmt(value: Cell) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        if value >= 100:
            return f"{value:,.0f}"
        if value >= 10:
            return f"{value:.1f}"
        return f"{value:.2f}"
    if isinstance(value, int):
        return f"{value:,}"
    return value


def render_section(section: Section) -> str:
    header = section.columns
    lines: list[list[str]] = []
    skipped: list[tuple[str, str]] = []
    for row in section.rows:
        if row.get("status"):
            label = " ".join(fmt(v) for k, v in row.items() if k != "status")
            skipped.append((label, str(row["status"])))
            continue
        lines.append([fmt(row.get(c)) for c in header])
    widths = [len(h) for h in header]
    for line in lines:
        widths = [max(w, len(cell)) for w, cell in zip(widths, line, strict=True)]

    # Text columns (the first, and any holding strings) read left to right; numbers align right.
    left = [i == 0 or _is_text(section, c) for i, c in enumerate(header)]

    def join(cells: list[str]) -> str:
        padded = [
            c.ljust(w) if is_left else c.rjust(w)
            for c, w, is_left in zip(cells, widths, left, strict=True)
        ]
        return "  ".join(padded).rstrip()

    out = [f"== {section.name} ==", join(header), join(["-" * w for w in widths])]
    out.extend(join(line) for line in lines)
    out.extend(f"{label.ljust(widths[0])}  [{reason}]" for label, reason in skipped)
    out.extend(f"  * {note}" for note in section.notes)
    return "\n".join(out)


def _is_text(section: Section, column: str) -> bool:
    return any(isinstance(row.get(column), str) for row in section.rows if not row.get("status"))


def render(sections: list[Section]) -> str:
    return "\n\n".join(render_section(s) for s in sections)


def machine() -> dict[str, Any]:
    return {
        "cpu_count": os.cpu_count(),
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
    }


def write_json(path: Path, sections: list[Section], *, quick: bool, extra: dict[str, Any]) -> None:
    doc = {
        "generated_at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "quick": quick,
        "machine": machine(),
        **extra,
        "sections": [s.to_json() for s in sections],
    }
    path.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
