"""The HTTP part of the run: one 1-worker server for the rules endpoints and its floor, then a
server per further worker count for the floor alone."""

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
        "taken within each round"
    )
    sections: list[Section] = []
    for n, workers in enumerate(config.servers):
        label = str(workers)
        log(f"starting rulings serve, workers={label}")
        try:
            with Server(workers=workers) as server:
                uniq = over_http.Uniq()
                if n == 0:
                    log("could-produce over HTTP, with the parse floor")
                    with (
                        Server(workers=1, app="bench.parse_floor:app") as floor_server,
                        WireClient(server.url) as client,
                        WireClient(floor_server.url) as floor_client,
                    ):
                        sections.append(
                            over_http.could_produce_section(
                                config,
                                client,
                                uniq,
                                floor_client,
                                (server.pid, floor_server.pid),
                            )
                        )
                    with WireClient(server.url) as client:
                        log("activate over HTTP")
                        blocked = _activation_blocked(config, act_engine)
                        sections.append(over_http.activate_section(config, client, uniq, blocked))
                log(f"HTTP floor, workers={label}")
                over_http.floor_rows(floor, config, server.url, label, uniq, server.pid)
        except RuntimeError as exc:
            floor.rows.append({"workers": label, "status": f"server failed: {exc}"[:300]})
    ceiling = over_http.small_new_ceiling(
        floor, small_board_engine_cpu_ms(2_000 if not config.quick else 50)
    )
    if ceiling is not None:
        floor.notes.append(ceiling)
    sections.append(floor)
    return sections
