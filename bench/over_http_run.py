"""The HTTP part of the run: one 1-worker server for the rules endpoints and the floor rows,
beside the floors' bench app (bench/parse_floor.py: the parse floor, the write floor), then a
server per further worker count for the floor rows alone."""

from __future__ import annotations

from collections.abc import Callable

from bench import over_http
from bench.config import BenchConfig
from bench.engine_only import small_board_engine_cpu_ms
from bench.report import Section
from bench.server import Server
from bench.wire import WireClient


def _activation_blocked(config: BenchConfig, act_engine: Section) -> str:
    for row in act_engine.rows:
        if row.get("replacements") == config.max_replacements:
            return str(row.get("status") or "")
    return "not measured by the engine-alone section"


def _rules_sections(
    config: BenchConfig,
    act_engine: Section,
    server: Server,
    floor_server: Server,
    uniq: over_http.Uniq,
    log: Callable[[str], None],
) -> list[Section]:
    """Could-produce over HTTP with the parse floor, then activate, on the one-worker server."""
    log("could-produce over HTTP, with the parse floor")
    with WireClient(server.url) as client, WireClient(floor_server.url) as floor_client:
        could_produce = over_http.could_produce_section(
            config, client, uniq, floor_client, (server.pid, floor_server.pid)
        )
    with WireClient(server.url) as client:
        log("activate over HTTP")
        blocked = _activation_blocked(config, act_engine)
        activate = over_http.activate_section(config, client, uniq, blocked)
    return [could_produce, activate]


def http_sections(
    config: BenchConfig, act_engine: Section, log: Callable[[str], None]
) -> list[Section]:
    floor = Section(
        f"HTTP floor: {over_http.floor_client(config)}, {config.floor_seconds:g} s each",
        over_http.FLOOR_COLUMNS,
    )
    floor.notes.append(
        "x_healthz_cost = healthz req/s / this req/s (how many healthz one request costs); "
        "x_healthz_req_per_s = this req/s / healthz req/s (issue 15: small new >= 0.5, "
        "stored >= 0.8); server_cpu_ms = the server processes' CPU per request (Linux), "
        "steadier than req/s on a busy machine; x_healthz_by_cpu = healthz's server_cpu_ms / "
        "this one's, the req/s ratio a server that alone set the pace would give; client and "
        "server share the machine's cores; "
        f"medians of {config.rounds} rounds, each healthz, stored, new in turn, the ratios "
        "taken within each round; the write floor (1 worker: bench/parse_floor.py on the same "
        "runner) reads the new small bodies, parses them and commits each as a row in SQLite "
        "with the service's settings, on the event loop, nothing else: the least a durable new "
        "question costs here, its ratios against the service's healthz of the same round"
    )
    sections: list[Section] = []
    for n, workers in enumerate(config.servers):
        label = str(workers)
        log(f"starting rulings serve, workers={label}")
        try:
            with Server(workers=workers) as server:
                uniq = over_http.Uniq()
                target = over_http.Target(server.url, server.pid)
                if n > 0:
                    log(f"HTTP floor, workers={label}")
                    over_http.floor_rows(floor, config, target, label, uniq)
                    continue
                with Server(workers=1, app="bench.parse_floor:app") as floor_server:
                    sections += _rules_sections(config, act_engine, server, floor_server, uniq, log)
                    log(f"HTTP floor, workers={label}, with the write floor")
                    floors = over_http.Target(floor_server.url, floor_server.pid)
                    over_http.floor_rows(floor, config, target, label, uniq, floors)
        except RuntimeError as exc:
            floor.rows.append({"workers": label, "status": f"server failed: {exc}"[:300]})
    ceiling = over_http.small_new_ceiling(
        floor, small_board_engine_cpu_ms(2_000 if not config.quick else 50)
    )
    if ceiling is not None:
        floor.notes.append(ceiling)
    sections.append(floor)
    return sections
