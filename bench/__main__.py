"""`python -m bench [--quick] [--no-http] [--out PATH]`: run the benchmarks, print the table,
write the results as JSON (bench/results.json by default)."""

from __future__ import annotations

import argparse
import logging
import sys
import time
from collections.abc import Callable
from pathlib import Path

from bench.config import FULL, QUICK, BenchConfig
from bench.report import Section, render, write_json
from bench.timing import Steal

DEFAULT_OUT = Path(__file__).with_name("results.json")


def log(message: str) -> None:
    print(f"[bench] {message}", file=sys.stderr, flush=True)


def _noting_steal(make: Callable[[], list[Section]]) -> list[Section]:
    """The sections `make` measures, each noting the CPU steal while they were measured."""
    with Steal() as steal:
        made = make()
    note = steal.note()
    if note is not None:
        for section in made:
            section.notes.append(note)
    return made


def _one(make: Callable[[], Section]) -> Section:
    [section] = _noting_steal(lambda: [make()])
    return section


def run(config: BenchConfig, *, http: bool = True) -> list[Section]:
    from app.main import tune_garbage_collector
    from bench import engine_only
    from bench.growth import growth_section

    # Importing app.main builds its app, which sets logging up at the default INFO: the bench's
    # own client (httpx) would then format and write a log line for every request it times
    # (tens of thousands in a run, each taking client CPU from the cores the servers use).
    logging.getLogger("httpx").setLevel(logging.WARNING)
    # The engine-alone rows run under the collector settings a server runs with (app/main.py),
    # so they measure what a request pays, not the interpreter's defaults.
    tune_garbage_collector()

    log("could-produce, engine alone")
    cp_engine = _one(lambda: engine_only.could_produce_section(config))
    log("activate, engine alone")
    act_engine = _one(lambda: engine_only.activate_section(config))
    log("could-produce with layers, engine alone")
    layers = _one(lambda: engine_only.layers_section(config))
    sections = [cp_engine, layers, act_engine]
    cp_http: Section | None = None
    if http:
        from bench.over_http_run import http_sections

        http_list = _noting_steal(lambda: http_sections(config, act_engine, log))
        cp_http = http_list[0]
        sections.extend(http_list)
        from bench.scale_out import scale_out_section

        log("scaling out on PostgreSQL: one process, then two")
        sections.append(_one(lambda: scale_out_section(config)))
    sections.append(growth_section(config, cp_engine, cp_http))
    from bench.listing import listing_section

    log("listing rulings as the store grows")
    sections.append(_one(lambda: listing_section(config.listing_sizes, config.listing_reps, log)))
    from bench.coverage import coverage_section

    log("compiler coverage (RULINGS_CORPUS)")
    sections.append(_one(coverage_section))
    if http:  # it runs imports and servers in subprocesses, like the HTTP sections
        from bench import catalog_ratios
        from bench.imports import card_count, imports_section

        log("card import and a server on 35,000 cards")
        imported: catalog_ratios.Measured = {}
        sections.append(
            _one(
                lambda: imports_section(
                    config,
                    log,
                    lambda url: imported.update(
                        catalog_ratios.measure_with_catalog(config, url, log)
                    ),
                )
            )
        )
        sections.append(catalog_ratios.comparison_section(card_count(config), imported or None))
    return sections


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="small sizes, few iterations")
    parser.add_argument("--no-http", action="store_true", help="engine-only sections")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where to write the JSON")
    args = parser.parse_args(argv)
    config = QUICK if args.quick else FULL
    started = time.perf_counter()
    sections = run(config, http=not args.no_http)
    elapsed = time.perf_counter() - started

    from app.version import engine_version

    print(render(sections))
    print(f"\n(total {elapsed:.1f} s; results in {args.out})")
    write_json(
        args.out,
        sections,
        quick=config.quick,
        extra={"engine_version": engine_version(), "elapsed_s": round(elapsed, 2)},
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
