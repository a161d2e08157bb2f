"""The import section of `make bench`: `rulings cards import` of a 35,000-card file in both
formats on SQLite and PostgreSQL, and a server on that catalog.

Measures import seconds and peak memory (each import in its own process: its
`ru_maxrss`), the recompile `rulings migrate` runs after an upgrade (every imported card compiled
again), server start-up with the catalog (spawn → /healthz answers, migrating at start-up
as the container does) and the memory of that worker, a card lookup (the engine's catalog:
cold, an index hit, and cached), and `GET /v1/cards?q=` latency. The cards are invented
(bench/cardfiles.py); RULINGS_BENCH_CARDS_FILE adds rows for a real file (never committed).
Goals (issue 10): import < 60 s, peak < 1 GB, start-up < 5 s, < 300 MB per worker,
search < 20 ms.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from bench.cardfiles import invented_cards, write_both
from bench.config import BenchConfig
from bench.report import Section
from bench.server import HOST, ROOT, free_port

DEFAULT_PG = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
QUERIES = ["hollow", "warden", "amber spire", "zzq", "ash", "a", "aether", "thorn weald"]
Log = Callable[[str], None]


def child_import(url: str, path: str) -> None:
    """Run in a fresh process: import, then print seconds and peak RSS as JSON."""
    import resource

    from app.catalog.importer import import_file
    from app.catalog.recompile import recompile
    from app.db.migrate import migrate
    from app.db.session import make_engine

    engine = make_engine(url)
    migrate(engine)
    started = time.perf_counter()
    summary = import_file(engine, Path(path))
    seconds = time.perf_counter() - started
    usage = resource.getrusage(resource.RUSAGE_SELF)
    cpu = usage.ru_utime + usage.ru_stime
    # What `rulings migrate` does after an upgrade whose compiler differs: every imported
    # card compiled again (here none changes, so nothing is written).
    again = recompile(engine)
    engine.dispose()
    print(json.dumps({"seconds": seconds, "cpu_s": cpu, "peak_mb": usage.ru_maxrss / 1024,
                      "cards": summary.cards, "recompile_s": again.seconds,
                      "recompiled": again.cards, "rewritten": again.updated}))  # fmt: skip


def _run_import(url: str, path: Path) -> dict[str, Any]:
    code = "import sys; from bench.imports import child_import; child_import(*sys.argv[1:])"
    out = subprocess.run(
        [sys.executable, "-c", code, url, str(path)],
        cwd=ROOT,
        env={**os.environ, "RULINGS_LOG_LEVEL": "WARNING"},
        capture_output=True,
        text=True,
        check=True,
    )
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


@contextmanager
def _postgres(log: Log) -> Iterator[str | None]:
    """A scratch PostgreSQL database for the bench, dropped afterwards (None: unreachable)."""
    sys.path.insert(0, str(ROOT))
    from tests.databases import scratch_database, unreachable

    admin = os.environ.get("RULINGS_BENCH_POSTGRES_URL", DEFAULT_PG)
    why = unreachable(admin)
    if why is not None:
        log(f"PostgreSQL not reachable ({why.split(':')[0]}): SQLite rows only")
        yield None
        return

    with scratch_database(admin, "rulings_bench_import") as url:
        yield url


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


@contextmanager
def _server(url: str) -> Iterator[tuple[str, float, int]]:
    """`rulings serve` on this database, as the container starts it (migrate at start-up)."""
    port = free_port()
    env = {**os.environ, "RULINGS_DATABASE_URL": url, "RULINGS_LOG_LEVEL": "WARNING",
           "RULINGS_MIGRATE_ON_STARTUP": "true", "HOST": HOST, "PORT": str(port)}  # fmt: skip
    started = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "app.cli", "serve"], cwd=ROOT, env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    base = f"http://{HOST}:{port}"
    try:
        while True:
            if proc.poll() is not None or time.perf_counter() - started > 60:
                raise RuntimeError("the server did not start")
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.02)
        yield base, time.perf_counter() - started, proc.pid
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _latencies(fn: Callable[[], object], reps: int) -> tuple[float, float]:
    samples = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.95) - 1]


def _lookups(url: str, names: list[str]) -> tuple[float, float]:
    """The engine's catalog in this process: a cold lookup (one indexed query and a parse)
    and a cached one, median microseconds."""
    from app.catalog.store import DbCatalog
    from app.db.session import make_engine

    engine = make_engine(url)
    catalog = DbCatalog(engine)
    catalog.warm()
    cold, warm = [], []
    for name in names:
        t = time.perf_counter()
        assert catalog.get(name) is not None
        cold.append((time.perf_counter() - t) * 1e6)
        t = time.perf_counter()
        catalog.get(name)
        warm.append((time.perf_counter() - t) * 1e6)
    engine.dispose()
    return statistics.median(cold), statistics.median(warm)


def _measure_server(url: str, names: list[str], reps: int) -> dict[str, float]:
    rng = random.Random(7)
    with _server(url) as (base, startup_s, pid), httpx.Client(base_url=base) as client:
        rows: dict[str, float] = {"startup_s": startup_s, "rss_mb": _rss_mb(pid)}
        search = [
            _latencies(lambda q=q: client.get("/v1/cards", params={"q": q}), reps)  # type: ignore[misc]
            for q in QUERIES
        ]
        rows["search_ms"] = statistics.median(m for m, _ in search)
        rows["search_worst_ms"] = max(m for m, _ in search)
        rows["search_p95_ms"] = max(p for _, p in search)
        filtered = _latencies(
            lambda: client.get("/v1/cards", params={"q": "hollow", "type": "land"}), reps
        )
        rows["search_filtered_ms"] = filtered[0]
        rows["card_ms"] = _latencies(lambda: client.get(f"/v1/cards/{rng.choice(names)}"), reps)[0]
        rows["mana_value_ms"] = _latencies(
            lambda: client.post(
                "/v1/spells/mana-value", json={"card": rng.choice(names), "zone": "hand"}
            ),
            reps,
        )[0]
        rows["rss_after_mb"] = _rss_mb(pid)
    return rows


def card_count(config: BenchConfig) -> int:
    """How many invented cards the import section imports."""
    return 2_000 if config.quick else 35_000


def imports_section(
    config: BenchConfig, log: Log, with_catalog: Callable[[str], None] | None = None
) -> Section:
    """`with_catalog`: called with the SQLite database the AtomicCards file was imported into,
    while it exists (more measurements on that catalog)."""
    count = card_count(config)
    reps = 5 if config.quick else 30
    section = Section(
        f"card import ({count:,} invented cards) and a server on that catalog",
        ["measure", "sqlite", "postgresql", "goal"],
    )
    with tempfile.TemporaryDirectory(prefix="rulings-bench-cards-") as tmp:
        mtgjson, scryfall = write_both(Path(tmp), count)
        files = [("AtomicCards (MTGJSON)", mtgjson), ("Scryfall bulk", scryfall)]
        real = os.environ.get("RULINGS_BENCH_CARDS_FILE")
        if real:
            files.append((f"real file {Path(real).name}", Path(real)))
        sample = [c.name for c in invented_cards(count)]
        names = random.Random(1).sample(sample, min(200, len(sample)))
        results: dict[str, dict[str, Any]] = {"sqlite": {}, "postgresql": {}}
        with _postgres(log) as pg_url:
            for kind in ("sqlite", "postgresql"):
                if kind == "postgresql" and pg_url is None:
                    continue
                for label, path in files:
                    url = pg_url if kind == "postgresql" else f"sqlite:///{tmp}/{len(label)}.db"
                    assert url is not None
                    if kind == "postgresql":
                        _reset_postgres(url)
                    log(f"import {label} into {kind}")
                    done = _run_import(url, path)
                    results[kind][f"import {label} (s)"] = done["seconds"]
                    results[kind][f"  CPU time of that process, {label} (s)"] = done["cpu_s"]
                    peak = f"  peak memory, {label}, {done['cards']:,} cards (MB)"
                    results[kind][peak] = done["peak_mb"]
                    again = (
                        f"  recompile after an upgrade, {label}, {done['rewritten']} rewritten (s)"
                    )
                    results[kind][again] = done["recompile_s"]
                    if label.startswith("AtomicCards"):
                        log(f"server on {kind} with {count:,} cards")
                        bundled = _bundled_only(kind, tmp)
                        results[kind] |= _server_rows(url, names, reps, bundled)
                        if kind == "sqlite" and with_catalog is not None:
                            with_catalog(url)
        goals = {"import": "< 60", "peak": "< 1,024", "worker": "< 300",
                 "start-up with the catalog": "< 5", "GET /v1/cards?q=": "< 20"}  # fmt: skip
        for measure in results["sqlite"]:
            goal = next((g for k, g in goals.items() if k in measure), "")
            section.add(
                measure=measure,
                sqlite=results["sqlite"].get(measure),
                postgresql=results["postgresql"].get(measure),
                goal=goal,
            )
    section.notes.append(
        f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
    )
    section.notes.append(
        "Each import runs in its own process (peak = its ru_maxrss); start-up is spawn to the "
        "first /healthz answer with migrate-at-start-up on; lookups are the engine's catalog "
        f"(cold: one indexed query + parse; cached: the LRU); search = median over {QUERIES}."
    )
    return section


def _catalog_startup(url: str) -> float:
    """The catalog's part of a start-up, in this process: migrate (the bundled cards synced
    against every stored row) and preloading the bundled cards."""
    from app.catalog.store import DbCatalog
    from app.db.migrate import migrate
    from app.db.session import make_engine

    engine = make_engine(url)
    started = time.perf_counter()
    migrate(engine)
    DbCatalog(engine).warm()
    seconds = time.perf_counter() - started
    engine.dispose()
    return seconds


def _server_rows(
    url: str, names: list[str], reps: int, bundled_url: str | None
) -> dict[str, float | None]:
    bundled_startup = bundled_rss = None
    if bundled_url is not None:
        with _server(bundled_url) as (_base, bundled_startup, bundled_pid):
            bundled_rss = _rss_mb(bundled_pid)
    server = _measure_server(url, names, reps)
    cold, warm = _lookups(url, names)
    return {
        "server start-up, bundled cards only (s)": bundled_startup,
        "server start-up with the catalog (s)": server["startup_s"],
        "  of which migrate + preload, in-process (s)": _catalog_startup(url),
        "worker memory, bundled cards only (MB)": bundled_rss,
        "worker memory after start-up (MB)": server["rss_mb"],
        "worker memory after the requests below (MB)": server["rss_after_mb"],
        "card lookup, cold: index hit + parse (µs)": cold,
        "card lookup, cached (µs)": warm,
        "GET /v1/cards?q= median over queries (ms)": server["search_ms"],
        "GET /v1/cards?q= slowest query's median (ms)": server["search_worst_ms"],
        "GET /v1/cards?q= worst p95 (ms)": server["search_p95_ms"],
        "GET /v1/cards?q=hollow&type=land (ms)": server["search_filtered_ms"],
        "GET /v1/cards/{name} (ms)": server["card_ms"],
        "POST mana-value, new question (ms)": server["mana_value_ms"],
    }


def _bundled_only(kind: str, tmp: str) -> str | None:
    """A database with only the bundled catalog: the start-up and memory baseline (SQLite:
    the baseline is the Python process, not the database)."""
    return f"sqlite:///{tmp}/bundled-only.db" if kind == "sqlite" else None


def _reset_postgres(url: str) -> None:
    """Each import starts from an empty catalog (the scratch database is shared by files)."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()


if __name__ == "__main__":
    from bench.config import FULL, QUICK
    from bench.report import render

    quick = "--quick" in sys.argv
    print(render([imports_section(QUICK if quick else FULL, lambda m: print(m, file=sys.stderr))]))
