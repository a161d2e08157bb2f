"""How time grows with the board: t(next size) / t(size); linear growth by 10x sizes is ~10."""

from __future__ import annotations

import itertools

from bench.config import BenchConfig
from bench.report import Cell, Section
from bench.timing import ratio


def size_label(n: int) -> str:
    return f"{n // 1000}k" if n >= 1000 and n % 1000 == 0 else str(n)


def _by_size(section: Section, column: str) -> dict[int, float]:
    out: dict[int, float] = {}
    for row in section.rows:
        size, value = row.get("permanents"), row.get(column)
        if row.get("status") or not isinstance(size, int) or not isinstance(value, float):
            continue
        out[size] = value
    return out


def growth_section(config: BenchConfig, engine: Section, http: Section | None) -> Section:
    sizes = config.sizes
    pairs = list(itertools.pairwise(sizes))
    columns = ["measure", *(f"t({size_label(b)})/t({size_label(a)})" for a, b in pairs)]
    section = Section("growth with board size (linear = size ratio)", columns)
    measures: list[tuple[str, Section | None, str]] = [
        ("engine: validate", engine, "validate_ms"),
        ("engine: resolve", engine, "resolve_ms"),
        ("engine: could_produce", engine, "engine_ms"),
        ("engine: resolve+could_produce", engine, "resolve+engine_ms"),
        ("engine: hash", engine, "hash_ms"),
        ("http: new 201", http, "new_201_ms"),
        ("http: stored 200", http, "stored_200_ms"),
    ]
    for label, source, column in measures:
        if source is None:
            continue
        values = _by_size(source, column)
        row: dict[str, Cell] = {"measure": label}
        for (a, b), name in zip(pairs, columns[1:], strict=True):
            row[name] = ratio(values.get(b), values.get(a))
        if all(row[c] is None for c in columns[1:]):
            section.skip(label, "no measurements")
        else:
            section.rows.append(row)
    return section
