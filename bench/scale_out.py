"""Scaling out: one server process against two on one PostgreSQL database.

Both runs use the replica settings deploy/compose.yaml ships (its `x-rulings-env` block), with
the database URL, host and port pointed at this machine. The load is spread over the processes
as the load balancer in front of the replicas would: by `wrk` when it is installed (bench/wrk.py:
a C client, which leaves the two cores to the servers), else by Python client threads
round-robin. Small questions,
new (201: engine and an insert) and stored (200), requests/s; two cores here are shared by the
client and the servers, so the ratio is what this machine can show, not the ceiling.

What is measured is a capacity: the load must keep the servers busy, and each row gives the
share of the machine's CPU time that stayed idle while one process, then two, were loaded (about
half of the two cores for one process, which runs its Python on one core at a time; little for
two when the load keeps both busy). A stored answer waits on nothing, and the floor rows' 4
connections per process leave no core idle with two (0-1%). A new question waits for its group
commit, and with 4 connections two processes left 13-14% of the machine idle; wrk offers them
16 each (`BenchConfig.scale_out_new_connections`). Measured in turn (two pairs of three rounds):
new small questions 1.63 and 1.60x at 4 connections, 1.79 and 1.82x at 16 (11-12% idle): with
more requests waiting, each commit carries more rulings, and a request costs a process and
PostgreSQL less CPU.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from statistics import median

import httpx
import yaml

from app.db.migrate import migrate
from app.db.session import Database
from bench import boards, wrk
from bench.config import BenchConfig
from bench.over_http import (
    COULD_PRODUCE,
    HEADERS,
    Uniq,
    dumps,
    small_new_bodies,
    small_new_body,
    throughput,
)
from bench.report import Section
from bench.server import Server
from bench.timing import MachineCpu, median_of, ratio

COMPOSE = Path(__file__).resolve().parents[1] / "deploy" / "compose.yaml"
COLUMNS = [
    "question", "one_req_per_s", "two_req_per_s", "two/one", "rounds", "idle_one", "idle_two",
    "errors",
]  # fmt: skip
PG_ADMIN = os.environ.get(
    "RULINGS_BENCH_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
)


def replica_env() -> dict[str, str]:
    """The settings a replica runs with in deploy/compose.yaml (less what points at hosts)."""
    env = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))["x-rulings-env"]
    return {k: str(v) for k, v in env.items() if k not in ("RULINGS_DATABASE_URL", "HOST", "PORT")}


@contextmanager
def scratch_postgres() -> Iterator[str]:
    from tests.databases import scratch_database

    with scratch_database(PG_ADMIN, "rulings_bench") as url:
        yield url


def _reachable(url: str) -> str:
    from tests.databases import unreachable

    why = unreachable(url)
    if why is None:
        return ""
    return f"PostgreSQL not reachable ({why.split(':')[0]}); set RULINGS_BENCH_POSTGRES_URL"


# Per question kind: req/s, errors, and the machine's idle share over the run.
Measured = dict[str, tuple[float, int, float | None]]


def _measure(urls: list[str], config: BenchConfig, uniq: Uniq) -> Measured:
    """req/s, errors and the machine's idle share per question kind, the load spread over
    `urls`: by wrk when it is installed (one per server; for new questions with
    `config.scale_out_new_connections` each, for stored ones the floor's), else by Python
    client threads round-robin (`config.floor_threads` per server: more would take the cores
    from the servers)."""
    stored_body = dumps(boards.could_produce_request(boards.small_board()))
    for url in urls:
        httpx.post(url + COULD_PRODUCE, content=stored_body, headers=HEADERS, timeout=30)

    out: Measured = {}
    if wrk.available():
        loads = {
            "small, new 201": (
                [small_new_bodies(uniq, config.floor_seconds) for _ in urls],
                config.scale_out_new_connections,
            ),
            "small, stored 200": ([[stored_body] for _ in urls], config.floor_threads),
        }
        for label, (sent, connections) in loads.items():
            with MachineCpu() as cpu:
                result = wrk.throughput(
                    urls, COULD_PRODUCE, sent, config.floor_seconds, connections
                )
            out[label] = (result.per_second, result.errors, cpu.idle)
        return out
    cases = {
        "small, new 201": (
            lambda c: c.post(COULD_PRODUCE, content=small_new_body(uniq), headers=HEADERS),
            201,
        ),
        "small, stored 200": (
            lambda c: c.post(COULD_PRODUCE, content=stored_body, headers=HEADERS),
            200,
        ),
    }
    threads = config.floor_threads * len(urls)
    for label, (send, expect) in cases.items():
        with MachineCpu() as cpu:
            run = throughput(urls, send, expect, config.floor_seconds, threads)
        out[label] = (run.per_second, run.errors, cpu.idle)
    return out


def scale_out_section(config: BenchConfig) -> Section:
    section = Section("scaling out: server processes on one PostgreSQL (requests/s)", COLUMNS)
    client = (
        f"wrk (C), one per process, {config.scale_out_new_connections} connections each for "
        f"new questions, {config.floor_threads} for stored ones"
        if wrk.available()
        else "Python client threads round-robin over the processes (install wrk for a client "
        "that leaves the cores to the servers)"
    )
    section.notes.append(
        f"settings from deploy/compose.yaml (x-rulings-env); load: {client}; client and "
        "servers share this machine's cores"
    )
    section.notes.append(
        f"{config.rounds} rounds, each one process then two (two servers up throughout, the "
        "second idle in the first half): req/s are medians over the rounds, two/one the median "
        "of each round's ratio, so a slow spell of the machine moves both halves of a round"
    )
    section.notes.append(
        "idle_one, idle_two: the share of the machine's CPU time idle while one process, then "
        "two, were loaded (/proc/stat; medians over the rounds), to tell a load that kept the "
        "machine busy from one that didn't: one process runs its Python on one core at a time, "
        "so about half stays idle with it; two can use both"
    )
    why = _reachable(PG_ADMIN)
    if why:
        section.skip("small", why)
        return section
    with scratch_postgres() as db_url:
        db = Database(db_url)
        migrate(db.engine)
        db.dispose()
        uniq = Uniq()
        rounds: list[tuple[Measured, Measured]] = []
        with ExitStack() as stack:
            urls = [
                stack.enter_context(Server(db_url=db_url, env=replica_env())).url for _ in range(2)
            ]
            for _ in range(config.rounds):
                one = _measure(urls[:1], config, uniq)
                rounds.append((one, _measure(urls, config, uniq)))
    for label in rounds[0][0]:
        ones = [one[label][0] for one, _ in rounds]
        twos = [two[label][0] for _, two in rounds]
        per_round = [ratio(b, a) for a, b in zip(ones, twos, strict=True)]
        section.add(
            question=label,
            one_req_per_s=median(ones),
            two_req_per_s=median(twos),
            **{"two/one": median_of(per_round)},
            rounds=" ".join(f"{r:.2f}" for r in per_round if r is not None),
            idle_one=median_of(one[label][2] for one, _ in rounds),
            idle_two=median_of(two[label][2] for _, two in rounds),
            errors=sum(one[label][1] + two[label][1] for one, two in rounds),
        )
    return section
