"""Issue 15's ratios again with a big catalog: the same HTTP measurements (small questions
against /healthz, the largest could-produce board against the parse floor) on a server whose
database holds the 35,000 cards the import section just imported and on one with the bundled
cards only, measured in turn. The goal: none worse."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from bench import over_http
from bench.config import BenchConfig
from bench.report import Cell, Section
from bench.server import Server
from bench.timing import in_turn, median_of, ratio
from bench.wire import WireClient

# (label, section, row filter column, row filter value, ratio column); "worse" means larger
# for the x/floor ratios and smaller for the x/healthz throughput ratios.
Measure = tuple[str, str, str, Cell, str, bool]
MEASURES: tuple[Measure, ...] = (
    ("small stored / healthz (req/s)", "floor", "endpoint", "could-produce small, stored 200",
     "x_healthz_req_per_s", False),
    ("small new / healthz (req/s)", "floor", "endpoint", "could-produce small, new 201",
     "x_healthz_req_per_s", False),
    ("small stored / healthz (by server CPU)", "floor", "endpoint",
     "could-produce small, stored 200", "x_healthz_by_cpu", False),
    ("small new / healthz (by server CPU)", "floor", "endpoint", "could-produce small, new 201",
     "x_healthz_by_cpu", False),
    ("largest board: stored / new", "cp", "permanents", None, "stored/new", True),
    ("largest board: stored / parse floor", "cp", "permanents", None, "stored/floor", True),
    ("largest board: new / parse floor", "cp", "permanents", None, "new/floor", True),
)  # fmt: skip


# Per server ("bundled", "imported"), per kind of section ("floor", "cp"): one per round.
Measured = dict[str, dict[str, list[Section]]]


def measure_with_catalog(config: BenchConfig, db_url: str, log: Callable[[str], None]) -> Measured:
    """The floor rows and the largest could-produce row on a 1-worker server over `db_url`
    (migrated, cards imported) and on one with the bundled cards only: `config.rounds` rounds,
    each measuring both in turn (`in_turn`), so that a slow spell
    of the machine moves both (measured a section apart, the largest board's new/floor ratio
    once came out 1.52x worse with the cards imported, and 0.72-1.05x in other runs)."""
    once = dataclasses.replace(config, sizes=config.sizes[-1:], rounds=1)
    found: Measured = {name: {"floor": [], "cp": []} for name in ("bundled", "imported")}
    uniq = over_http.Uniq()
    with (
        Server(workers=1) as bundled,
        Server(workers=1, db_url=db_url) as imported,
        Server(workers=1, app="bench.parse_floor:app") as floor_server,
        WireClient(floor_server.url) as floor_client,
    ):
        servers = [("bundled", bundled), ("imported", imported)]
        for round_ in range(config.rounds):
            log(f"issue 15 ratios, bundled cards vs imported, round {round_ + 1}")
            for name, server in in_turn(servers, round_):
                with WireClient(server.url) as client:
                    found[name]["cp"].append(
                        over_http.could_produce_section(
                            once, client, uniq, floor_client, (server.pid, floor_server.pid)
                        )
                    )
                floor = Section("floor", over_http.FLOOR_COLUMNS)
                target = over_http.Target(server.url, server.pid)
                over_http.floor_rows(floor, once, target, "1", uniq)
                found[name]["floor"].append(floor)
            share_floor([found[name]["cp"][-1] for name, _ in servers])
    return found


def share_floor(sections: list[Section]) -> None:
    """Give the round's servers one parse floor: the mean of the floor measurements the round
    took (one after each server's questions), each server's x/floor ratios taken against it.

    The floor is the bench-only app's (the same bytes, the same floor server), not a property
    of the server compared: measured once per server, it moved by half between the two within
    a round (8.3-14.2 ms) while the two servers' new questions took the same time (56-69
    against 56-71 ms over six rounds in turn), and that noise alone flagged the comparison."""
    measured = [
        (r, f) for s in sections for r in s.rows if isinstance(f := r.get("parse_floor_ms"), float)
    ]
    if len(measured) < 2:
        return
    floor = sum(f for _, f in measured) / len(measured)
    for r, _ in measured:
        stored, new = r.get("stored_200_ms"), r.get("new_201_ms")
        r["parse_floor_ms"] = floor
        r["stored/floor"] = ratio(stored if isinstance(stored, float) else None, floor)
        r["new/floor"] = ratio(new if isinstance(new, float) else None, floor)


def _value(section: Section | None, column: str, value: Cell, ratio_column: str) -> float | None:
    if section is None:
        return None
    rows = [r for r in section.rows if not r.get("status") and r.get("workers", "1") == "1"]
    if value is None:  # the largest board measured
        sized = [r for r in rows if isinstance(r.get(column), int)]
        rows = sorted(sized, key=lambda r: r[column])[-1:]  # type: ignore[arg-type,return-value]
    else:
        rows = [r for r in rows if r.get(column) == value]
    got = rows[0].get(ratio_column) if rows else None
    return got if isinstance(got, float) else None


def _median_value(
    sections: list[Section], column: str, value: Cell, ratio_column: str
) -> float | None:
    return median_of(_value(s, column, value, ratio_column) for s in sections)


def comparison_section(cards: int, measured: Measured | None) -> Section:
    section = Section(
        f"issue 15 ratios: bundled cards only vs {cards:,} cards imported (1 worker, SQLite)",
        ["ratio", "bundled only", "imported", "imported / bundled", "worse"],
    )
    if measured is None:
        section.skip("all", "not measured (the import section did not run on SQLite)")
        return section
    bundled, imported = measured["bundled"], measured["imported"]
    for label, where, column, value, ratio_column, larger_is_worse in MEASURES:
        before = _median_value(bundled[where], column, value, ratio_column)
        after = _median_value(imported[where], column, value, ratio_column)
        change = after / before if before and after is not None else None
        # Run-to-run noise here is tens of percent: "worse" only past 25%.
        worse = None
        if change is not None:
            worse = "yes" if (change > 1.25 if larger_is_worse else change < 0.8) else "no"
        section.add(
            ratio=label, **{"bundled only": before, "imported": after,
                            "imported / bundled": change, "worse": worse},
        )  # fmt: skip
    section.notes.append(
        "The same requests, client and settings on both servers, measured in turn (medians "
        f"of {len(bundled['floor'])} rounds); the imported server's database also holds every "
        "card of the import section's AtomicCards file; within a round both servers' x/floor "
        "ratios take the mean of the round's parse-floor measurements (share_floor). 'worse' "
        "flags a change past the run-to-run noise (25%)."
    )
    return section
