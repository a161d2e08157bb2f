"""The same questions over HTTP, against a real uvicorn subprocess (see bench.server)."""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from statistics import median
from typing import NamedTuple

import httpx

from bench import boards, wrk
from bench.config import BenchConfig, reps_for
from bench.parse_floor import WRITE_FLOOR
from bench.report import Section
from bench.timing import median_of, process_group_cpu_seconds, ratio
from bench.wire import WireClient, WireError

COULD_PRODUCE = "/v1/mana/could-produce"
ACTIVATE = "/v1/mana/activate"
HEADERS = {"content-type": "application/json"}

CP_COLUMNS = ["permanents", "request_kb", "response_kb", "new_201_ms", "stored_200_ms"]
FLOOR_RATIO_COLUMNS = ["parse_floor_ms", "stored/new", "stored/floor", "new/floor"]
CPU_COLUMNS = ["new_cpu_ms", "stored_cpu_ms", "floor_cpu_ms", "cpu stored/floor"]
ACT_COLUMNS = ["replacements", "request_kb", "response_kb", "new_201_ms", "stored_200_ms"]
FLOOR_COLUMNS = [
    "workers", "endpoint", "req_per_s", "mean_ms", "x_healthz_cost", "x_healthz_req_per_s",
    "server_cpu_ms", "x_healthz_by_cpu", "errors",
]  # fmt: skip


# The one-at-a-time timed POSTs go through the lean client (bench/wire.py: httpx's own cost of
# reading a 2.3 MB answer was more than the server's); the probe takes either.
Poster = httpx.Client | WireClient


def dumps(body: object) -> bytes:
    return json.dumps(body, separators=(",", ":")).encode()


class Uniq:
    """Hands out distinct harmless variations (turn, salt) for one server's database, never
    the stored small question's own (a "new" question that is the stored one answers 200)."""

    def __init__(self) -> None:
        self._count = itertools.count(1)
        self._lock = threading.Lock()

    def next(self) -> tuple[int, int]:
        with self._lock:
            variation = boards.unique_turn(next(self._count))
            if variation == boards.SMALL_STORED:
                variation = boards.unique_turn(next(self._count))
            return variation


def small_new_body(uniq: Uniq) -> bytes:
    """A small could-produce question this server hasn't been asked (its 201 costs the engine
    and an insert)."""
    turn, salt = uniq.next()
    return dumps(boards.could_produce_request(boards.small_board(turn, salt)))


def small_new_bodies(uniq: Uniq, seconds: float) -> list[bytes]:
    """For wrk, which cycles through what it is given: more distinct new questions than a
    server answers in `seconds` (each a 201 once)."""
    return [small_new_body(uniq) for _ in range(int(seconds * 2_000))]


def probe(client: Poster, path: str, body: bytes) -> str:
    """'' when the endpoint answers 200/201, else why it can't be benchmarked."""
    try:
        r = client.post(path, content=body, headers=HEADERS)
    except (httpx.HTTPError, WireError, OSError) as exc:
        return f"error: {exc!r}"[:200]
    if r.status_code in (200, 201):
        return ""
    if r.status_code in (404, 405):
        return f"not available yet: POST {path} is not mounted (HTTP {r.status_code})"
    detail = r.text[:160].replace("\n", " ")
    return f"not available yet: HTTP {r.status_code}: {detail}"


def _median_post(
    client: WireClient, path: str, bodies: list[bytes], expect: int
) -> tuple[float, int]:
    """Median ms over the bodies (each POSTed once), and the last response's size."""
    samples: list[float] = []
    size = 0
    for body in bodies:
        started = time.perf_counter()
        r = client.post(path, content=body, headers=HEADERS)
        ms = (time.perf_counter() - started) * 1000
        if r.status_code != expect:
            raise RuntimeError(f"expected {expect}, got {r.status_code}: {r.text[:160]}")
        samples.append(ms)
        size = len(r.content)
    samples.sort()
    return samples[len(samples) // 2], size


def _measured_post(
    client: WireClient, bodies: list[bytes], expect: int, group: int | None
) -> tuple[float, int, float | None]:
    """`_median_post`, and the server's CPU per request over it (None where unreadable)."""
    before = process_group_cpu_seconds(group)
    median_ms, size = _median_post(client, COULD_PRODUCE, bodies, expect)
    after = process_group_cpu_seconds(group)
    if before is None or after is None:
        return median_ms, size, None
    return median_ms, size, (after - before) / len(bodies) * 1000


def could_produce_section(
    config: BenchConfig,
    client: WireClient,
    uniq: Uniq,
    floor: WireClient | None = None,
    groups: tuple[int | None, int | None] = (None, None),
) -> Section:
    """`floor`: a client of the parse-floor server (bench/parse_floor.py), to which the same
    bytes are POSTed for the ratio columns; `groups`: the process groups of the server and the
    floor server, for the CPU each request costs them (Linux)."""
    columns = CP_COLUMNS + (FLOOR_RATIO_COLUMNS if floor is not None else [])
    if floor is not None and None not in groups:
        columns += CPU_COLUMNS
    section = Section("could-produce over HTTP, 1 worker (median ms, client wall time)", columns)
    section.notes.append(
        "new = a question never asked (turn varied) -> 201, engine + insert; "
        "stored = the same question again -> 200 from the store"
    )
    if floor is not None:
        section.notes.append(
            "parse floor = the same bytes POSTed to a bench-only app on the same runner and "
            "settings whose route only parses them (204); ratios measured in this run"
        )
    turn, _ = uniq.next()
    why = probe(
        client, COULD_PRODUCE, dumps(boards.could_produce_request(boards.small_board(turn)))
    )
    for size in config.sizes:
        if why:
            section.skip(size, why)
            continue
        reps = reps_for(config.http_reps, size)
        try:
            bodies = [
                dumps(
                    boards.could_produce_request(boards.reflector_board(size, turn=uniq.next()[0]))
                )
                for _ in range(reps)
            ]
            new_ms, response_size, new_cpu = _measured_post(client, bodies, 201, groups[0])
            stored_ms, _, stored_cpu = _measured_post(client, [bodies[0]] * reps, 200, groups[0])
            floor_ms = floor_cpu = None
            if floor is not None:
                floor_ms, _, floor_cpu = _measured_post(floor, [bodies[0]] * reps, 204, groups[1])
        except Exception as exc:
            section.skip(size, f"error: {exc!r}"[:200])
            continue
        section.add(
            permanents=size,
            request_kb=len(bodies[0]) / 1024,
            response_kb=response_size / 1024,
            new_201_ms=new_ms,
            stored_200_ms=stored_ms,
        )
        if floor_ms is not None:
            section.rows[-1].update(
                {
                    "parse_floor_ms": floor_ms,
                    "stored/new": ratio(stored_ms, new_ms),
                    "stored/floor": ratio(stored_ms, floor_ms),
                    "new/floor": ratio(new_ms, floor_ms),
                }
            )
            if "new_cpu_ms" in columns:
                section.rows[-1].update(
                    {
                        "new_cpu_ms": new_cpu,
                        "stored_cpu_ms": stored_cpu,
                        "floor_cpu_ms": floor_cpu,
                        "cpu stored/floor": ratio(stored_cpu, floor_cpu),
                    }
                )
    return section


def activate_section(config: BenchConfig, client: WireClient, uniq: Uniq, blocked: str) -> Section:
    """`blocked`: why not to run (the engine alone was unavailable or over budget), or ''."""
    k = config.max_replacements
    section = Section(f"activate over HTTP, {k} replacement effects (median ms)", ACT_COLUMNS)
    reps = max(3, config.activate_reps)
    why = blocked or probe(
        client, ACTIVATE, dumps(boards.activate_request(boards.activation_board(1)))
    )
    if why:
        section.skip(k, why)
        return section
    try:
        bodies = [
            dumps(boards.activate_request(boards.activation_board(k, turn=uniq.next()[0])))
            for _ in range(reps)
        ]
        new_ms, response_size = _median_post(client, ACTIVATE, bodies, 201)
        stored_ms, _ = _median_post(client, ACTIVATE, [bodies[0]] * reps, 200)
    except Exception as exc:
        section.skip(k, f"error: {exc!r}"[:200])
        return section
    section.add(
        replacements=k,
        request_kb=len(bodies[0]) / 1024,
        response_kb=response_size / 1024,
        new_201_ms=new_ms,
        stored_200_ms=stored_ms,
    )
    return section


@dataclass
class Throughput:
    requests: int
    errors: int
    seconds: float
    busy_seconds: float  # summed over threads: time spent waiting for responses
    server_cpu_seconds: float | None = None  # the server's CPU over the run, where readable

    @property
    def per_second(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    @property
    def mean_ms(self) -> float:
        return self.busy_seconds / self.requests * 1000 if self.requests else 0.0

    @property
    def server_cpu_ms(self) -> float | None:
        if self.server_cpu_seconds is None or not self.requests:
            return None
        return self.server_cpu_seconds / self.requests * 1000


Send = Callable[[httpx.Client], httpx.Response]


def throughput(
    base_url: str | list[str],
    send: Send,
    expect: int,
    seconds: float,
    threads: int,
    server_group: int | None = None,
) -> Throughput:
    """Requests/s with `threads` threads, each with its own keep-alive httpx.Client; with
    several base URLs the threads are spread over them round-robin (as a load balancer).
    `server_group`: the server's process group, to measure the CPU it spends (Linux)."""
    urls = [base_url] if isinstance(base_url, str) else base_url
    start = threading.Barrier(threads + 1)
    lock = threading.Lock()
    totals = {"requests": 0, "errors": 0, "busy": 0.0}
    deadline = [0.0]

    def worker(url: str) -> None:
        done = errors = 0
        busy = 0.0
        with httpx.Client(base_url=url, timeout=30.0) as client:
            send(client)  # open the connection outside the measurement
            start.wait()
            while time.perf_counter() < deadline[0]:
                t0 = time.perf_counter()
                try:
                    ok = send(client).status_code == expect
                except httpx.HTTPError:
                    ok = False
                busy += time.perf_counter() - t0
                done += ok
                errors += not ok
        with lock:
            totals["requests"] += done
            totals["errors"] += errors
            totals["busy"] += busy

    pool = [
        threading.Thread(target=worker, args=(urls[i % len(urls)],), daemon=True)
        for i in range(threads)
    ]
    for t in pool:
        t.start()
    deadline[0] = time.perf_counter() + seconds + 0.05
    started = time.perf_counter()
    cpu_before = process_group_cpu_seconds(server_group)
    start.wait()
    for t in pool:
        t.join(timeout=seconds + 60)
    elapsed = time.perf_counter() - started
    cpu_after = process_group_cpu_seconds(server_group)
    cpu = cpu_after - cpu_before if cpu_before is not None and cpu_after is not None else None
    return Throughput(
        int(totals["requests"]), int(totals["errors"]), elapsed, float(totals["busy"]), cpu
    )


def wrk_throughput(
    base_url: str,
    path: str,
    bodies: list[bytes],
    seconds: float,
    connections: int,
    server_group: int | None = None,
) -> Throughput:
    """`throughput`, the load from wrk (bench/wrk.py): POSTs of `bodies` in turn, or GETs of
    `path` when there are none."""
    cpu_before = process_group_cpu_seconds(server_group)
    run = wrk.throughput([base_url], path, [bodies], seconds, connections)
    cpu_after = process_group_cpu_seconds(server_group)
    cpu = cpu_after - cpu_before if cpu_before is not None and cpu_after is not None else None
    return Throughput(run.requests, run.errors, run.seconds, run.mean_ms * run.requests / 1e3, cpu)


def floor_client(config: BenchConfig) -> str:
    """The floor rows' client: wrk where it is installed, for the reason the scale-out rows
    use it (bench/wrk.py): Python client threads on these two cores spend about what the
    server does per small request, so their ratios measured the client as much as the
    server (a stored question's bigger answer costs the client more than /healthz's)."""
    if wrk.available():
        return f"wrk (C), {config.floor_threads} keep-alive connections"
    return f"{config.floor_threads} Python client threads, keep-alive (install wrk for a C client)"


Run = Callable[[], Throughput]
FLOOR_CASES = ("GET /healthz", "could-produce small, stored 200", "could-produce small, new 201")
# The write floor's row (bench/parse_floor.py), measured with the one-worker server's rounds.
WRITE_FLOOR_CASE = "write floor (bench app): parse, durable insert, 201"


@dataclass(frozen=True)
class Target:
    """Where a floor row's requests go: a server's address, and its process group for the CPU
    it spends (None where unreadable)."""

    base_url: str
    group: int | None


def _wrk_run(target: Target, path: str, bodies: Callable[[], list[bytes]], seconds: float,
             connections: int) -> Run:  # fmt: skip
    """A floor row's run loaded by wrk: POSTs of `bodies()` in turn, or GETs with none."""
    return lambda: wrk_throughput(
        target.base_url, path, bodies(), seconds, connections, target.group
    )


def _thread_run(target: Target, send: Send, expect: int, seconds: float, threads: int) -> Run:
    """A floor row's run loaded by Python client threads."""
    return lambda: throughput(target.base_url, send, expect, seconds, threads, target.group)


def _post(path: str, body: Callable[[], bytes]) -> Send:
    return lambda c: c.post(path, content=body(), headers=HEADERS)


class _Post(NamedTuple):
    """A POSTed floor row: where it goes, the bodies wrk cycles through, the one body a client
    thread sends each time, and the status it answers."""

    label: str
    target: Target
    path: str
    bodies: Callable[[], list[bytes]]
    body: Callable[[], bytes]
    expect: int


def _floor_cases(
    server: Target, write_floor: Target | None, stored: bytes, uniq: Uniq, config: BenchConfig
) -> list[tuple[str, Run]]:
    """The floor rows' runs, in order: FLOOR_CASES against the server, then the write floor's
    (the same new small bodies) where there is one; loaded by wrk where it is installed, else
    by Python client threads."""
    seconds, clients = config.floor_seconds, config.floor_threads

    def new_bodies() -> list[bytes]:
        return small_new_bodies(uniq, seconds)

    def new_body() -> bytes:
        return small_new_body(uniq)

    posts = [
        _Post(FLOOR_CASES[1], server, COULD_PRODUCE, lambda: [stored], lambda: stored, 200),
        _Post(FLOOR_CASES[2], server, COULD_PRODUCE, new_bodies, new_body, 201),
    ]
    if write_floor is not None:
        posts.append(_Post(WRITE_FLOOR_CASE, write_floor, WRITE_FLOOR, new_bodies, new_body, 201))
    if wrk.available():
        healthz = _wrk_run(server, "/healthz", list, seconds, clients)
        return [(FLOOR_CASES[0], healthz)] + [
            (p.label, _wrk_run(p.target, p.path, p.bodies, seconds, clients)) for p in posts
        ]
    healthz = _thread_run(server, lambda c: c.get("/healthz"), 200, seconds, clients)
    return [(FLOOR_CASES[0], healthz)] + [
        (p.label, _thread_run(p.target, _post(p.path, p.body), p.expect, seconds, clients))
        for p in posts
    ]


def floor_rows(
    section: Section,
    config: BenchConfig,
    server: Target,
    workers: str,
    uniq: Uniq,
    write_floor: Target | None = None,
) -> None:
    """GET /healthz against a small stored could-produce, a small new one and, given a
    `write_floor` server (bench/parse_floor.py), the write floor, same client, in
    `config.rounds` alternating rounds, each with the CPU per request of the server it loads.
    The client is `floor_client()`."""
    stored_body = dumps(boards.could_produce_request(boards.small_board()))
    with httpx.Client(base_url=server.base_url, timeout=30.0) as client:
        why = probe(client, COULD_PRODUCE, stored_body)  # also stores it: later asks are 200s
    cases = _floor_cases(server, write_floor, stored_body, uniq, config)
    measured = cases[:1] if why else cases
    runs: dict[str, list[Throughput]] = {label: [] for label, _ in measured}
    for _ in range(config.rounds):
        for label, run in measured:
            runs[label].append(run())
    health = runs[FLOOR_CASES[0]]
    for label, _ in measured:
        mine = runs[label]
        # Each round's ratio to the healthz run of the same round: a slow spell of the machine
        # moves both.
        pairs = list(zip(health, mine, strict=True))
        section.add(
            workers=workers,
            endpoint=label,
            req_per_s=median(r.per_second for r in mine),
            mean_ms=median(r.mean_ms for r in mine),
            x_healthz_cost=median_of(ratio(h.per_second, r.per_second) for h, r in pairs),
            x_healthz_req_per_s=median_of(ratio(r.per_second, h.per_second) for h, r in pairs),
            server_cpu_ms=median_of(r.server_cpu_ms for r in mine),
            # What the req/s ratio would be if the server alone set the pace: the CPU a healthz
            # costs it over the CPU this costs it, each round's; steal by the hypervisor and a
            # client that slows down leave it alone (they move req/s, not CPU per request).
            x_healthz_by_cpu=median_of(ratio(h.server_cpu_ms, r.server_cpu_ms) for h, r in pairs),
            errors=sum(r.errors for r in mine),
        )
    for label, _ in cases[len(measured) :]:
        section.rows.append({"workers": workers, "endpoint": label, "status": why})


def _one_worker_cpu_ms(section: Section, endpoint: str) -> float | None:
    """The server CPU per request of a one-worker floor row, where measured."""
    for row in section.rows:
        cpu = row.get("server_cpu_ms")
        if row.get("workers") == "1" and row.get("endpoint") == endpoint:
            return cpu if isinstance(cpu, float) and cpu > 0 else None
    return None


def small_new_ceiling(section: Section, engine_cpu_ms: float | None) -> str | None:
    """A note on the floor section: the most a new small question's req/s could reach against
    healthz's on the one-worker server, if it cost that server only healthz's own CPU plus the
    engine's on its board (`engine_cpu_ms`, bench/engine_only.small_board_engine_cpu_ms), with
    validation, checks, the ruling's JSON, the insert and the commit free; and, where the write
    floor was measured, if it cost only the write floor's CPU (the body read, parsed, stored
    durably and answered by a bare app on the same runner) plus the engine's."""
    healthz = _one_worker_cpu_ms(section, FLOOR_CASES[0])
    if engine_cpu_ms is None or healthz is None:
        return None
    ceiling = healthz / (healthz + engine_cpu_ms)
    note = (
        f"ceiling for small new / healthz: the engine alone on the small board takes "
        f"{engine_cpu_ms:.3f} ms of CPU (in this process, medians), healthz {healthz:.3f} ms "
        f"of the server's; a new small question costs at least both, so its req/s can reach at "
        f"most {ceiling:.2f}x healthz's (issue 15's goal: 0.5) with everything else free"
    )
    write_floor = _one_worker_cpu_ms(section, WRITE_FLOOR_CASE)
    if write_floor is not None:
        durable = healthz / (write_floor + engine_cpu_ms)
        note += (
            f"; costing the write floor's {write_floor:.3f} ms (read, parse, durable insert, "
            f"answer, nothing else) and the engine's, at most {durable:.2f}x"
        )
    return note
