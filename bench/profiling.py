"""`python -m bench.profiling [--size N] [--top N]`: where a request's time goes.

Runs the real ASGI app in-process on a temporary SQLite database, with FastAPI's thread-pool
hops made direct so that one cProfile sees the whole request (framework, validation,
check_state, hashing, engine, database, JSON). Prints, per case, the inclusive time of the
hot-path stages and the top functions by own time. Not part of `make bench`; for people.

Heavy requests (bodies above `heavy_body_bytes`) run on a side loop in another thread in the
server (app/api/offload.py), where this one cProfile wouldn't see them: here every request runs
on the profiled loop (`heavy_body_bytes` set above any body), the same code on the same thread
as everything else. The garbage collector is set as the server sets it at start-up
(app.main.tune_garbage_collector) unless `--gc` says otherwise.

Inclusive times nest (the endpoint includes check_state) and carry cProfile's overhead; the
`wall` line is measured without the profiler. `gc` is the time spent in the cyclic garbage
collector (gc.callbacks), also without the profiler.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import json
import pstats
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import CodeType
from typing import Any

import anyio.to_thread

from bench import boards
from bench.over_http import ACTIVATE, COULD_PRODUCE, dumps

Key = tuple[str, int, str]


async def _direct(func: Callable[..., Any], *args: Any, **_: Any) -> Any:
    return func(*args)


def _key(fn: Any) -> Key | None:
    code: CodeType | None = getattr(fn, "__code__", None)
    return (code.co_filename, code.co_firstlineno, code.co_name) if code else None


def stage_keys() -> list[tuple[str, list[Key | str]]]:
    """(label, functions): a function object's code key, or a substring of a builtin's name."""
    from sqlalchemy.orm import Session

    from app.api import rulings_http
    from app.db.repositories import RulingRepository
    from app.db.writer import GroupCommitWriter
    from app.rulings import fastpath, resolve, service

    stages: list[tuple[str, list[Any]]] = [
        ("body JSON parse (json.loads)", [json.loads]),
        ("pydantic validation (validate_json)", ["validate_json", "validate_python"]),
        ("check_state (catalog, ids, players)", [resolve.check_state]),
        ("build the Board", [resolve.CheckedState.board]),
        ("model_dump (question)", ["to_python"]),
        ("to_json (question state, answer)", ["to_json"]),
        ("ruling_id (canonical JSON + sha256)", [service.ruling_id]),
        ("  of which canonical_json", [service.canonical_json]),
        ("json.dumps (all calls)", [json.dumps]),
        ("alias lookup (fastpath.find_repeated)", [fastpath.find_repeated]),
        ("alias record (AliasRecord.put)", [fastpath.AliasRecord.put]),
        ("group commit, written or waited for", [GroupCommitWriter.write]),
        ("store lookup (RulingRepository.get)", [RulingRepository.get]),
        ("store insert (RulingRepository.insert)", [RulingRepository.insert]),
        ("commit", [Session.commit]),
        ("ETag BLAKE3 (etag_of)", [rulings_http.etag_of]),
    ]
    for module_name, fn_name in (
        ("app.engine.could_produce", "could_produce"),
        ("app.engine.activate", "activate"),
    ):
        try:
            module = __import__(module_name, fromlist=[fn_name])
            stages.append((f"engine: {fn_name}", [getattr(module, fn_name)]))
        except (ImportError, AttributeError):
            pass
    out: list[tuple[str, list[Key | str]]] = []
    for label, fns in stages:
        targets: list[Key | str] = []
        for f in fns:
            key = _key(f)
            targets.append(key if key is not None else str(f))
        out.append((label, targets))
    return out


def inclusive_ms(stats: pstats.Stats, targets: list[Key | str]) -> float:
    total = 0.0
    raw: dict[Key, tuple[int, int, float, float, Any]] = stats.stats  # type: ignore[attr-defined]
    for key, (_, _, _, cumulative, _) in raw.items():
        for target in targets:
            if key == target or (isinstance(target, str) and target in key[2]):
                total += cumulative
                break
    return total * 1000


Request = tuple[str, str, bytes]  # method, path, body


@dataclass
class Case:
    label: str
    reps: int
    make: Callable[[int], Request]  # the n-th request of this case (n distinct -> new question)
    expect: int


def cases(size: int) -> list[Case]:
    def big(n: int) -> Request:
        board = boards.reflector_board(size, turn=1 + n % 10_000)
        return "POST", COULD_PRODUCE, dumps(boards.could_produce_request(board))

    def small(n: int) -> Request:
        board = boards.small_board(*boards.unique_turn(n))
        return "POST", COULD_PRODUCE, dumps(boards.could_produce_request(board))

    def act(n: int) -> Request:
        board = boards.activation_board(12, turn=1 + n % 10_000)
        return "POST", ACTIVATE, dumps(boards.activate_request(board))

    return [
        Case("GET /healthz", 300, lambda _: ("GET", "/healthz", b""), 200),
        Case("could-produce small, stored 200", 300, lambda _: small(0), 200),
        Case("could-produce small, new 201", 300, lambda n: small(n + 1), 201),
        Case(f"could-produce {size:,}, stored 200", 3, lambda _: big(0), 200),
        Case(f"could-produce {size:,}, new 201", 2, lambda n: big(n + 1), 201),
        Case("activate 12 replacements, new 201", 3, lambda n: act(n + 1), 201),
    ]


async def call_app(app: Any, request: Request) -> tuple[int, bytes]:
    """One request straight into the ASGI app: no client, no sockets."""
    method, path, body = request
    scope = {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [
            (b"host", b"bench"),
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
        ],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 80),
        "state": {},
    }
    sent = False
    status = 0
    chunks: list[bytes] = []

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    await app(scope, receive, send)
    return status, b"".join(chunks)


class GcTimer:
    def __init__(self) -> None:
        self.seconds = 0.0
        self._started = 0.0

    def __call__(self, phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.seconds += time.perf_counter() - self._started


async def profile(size: int, top: int, only: str | None, gc_mode: str) -> None:
    from app.db.migrate import migrate
    from app.main import create_app
    from app.settings import Settings

    anyio.to_thread.run_sync = _direct  # type: ignore[assignment]  # one thread: one profile
    with tempfile.TemporaryDirectory(prefix="rulings-profile-") as tmp:
        url = f"sqlite:///{Path(tmp) / 'rulings.db'}"
        settings = Settings(
            database_url=url,
            migrate_on_startup=False,
            log_level="WARNING",
            # No side loop: the profiler sees only this thread (module docstring).
            heavy_body_bytes=1 << 40,
        )
        app = create_app(settings)
        migrate(app.state.db.engine)
        if gc_mode in ("freeze", "freeze+threshold"):
            gc.collect()
            gc.freeze()  # what start-up made lives forever: gen-2 passes skip it
        if gc_mode in ("threshold", "freeze+threshold"):
            from app.main import GC_THRESHOLDS

            gc.set_threshold(*GC_THRESHOLDS)
        for case in cases(size):
            if not only or only in case.label:
                await _profile_case(app, case, top)
        app.state.db.dispose()


async def _profile_case(app: Any, case: Case, top: int) -> None:
    status, body = await call_app(app, case.make(0))  # warm; stores the "stored" question
    if status not in (200, 201):
        print(f"\n== {case.label}: skipped (HTTP {status}: {body[:120]!r}) ==")
        return
    timed = [case.make(1 + 2 * n) for n in range(case.reps)]
    profiled = [case.make(2 + 2 * n) for n in range(case.reps)]
    gc_timer = GcTimer()
    gc.callbacks.append(gc_timer)
    started = time.perf_counter()
    for request in timed:
        status, body = await call_app(app, request)
        assert status == case.expect, (case.label, status, body[:200])
    wall = (time.perf_counter() - started) / case.reps * 1000
    gc.callbacks.remove(gc_timer)
    profiler = cProfile.Profile()
    profiler.enable()
    for request in profiled:
        await call_app(app, request)
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = stats.total_tt * 1000 / case.reps  # type: ignore[attr-defined]
    print(
        f"\n== {case.label}: wall {wall:.2f} ms/request without profiler "
        f"(gc {gc_timer.seconds * 1000 / case.reps:.2f} ms), {total:.2f} ms profiled =="
    )
    for label, keys in stage_keys():
        ms = inclusive_ms(stats, keys) / case.reps
        if ms >= 0.005:
            print(f"  {label:<42} {ms:9.2f} ms  {ms / total * 100:5.1f}%")
    print(f"  -- top {top} by own time --")
    stats.sort_stats("tottime").print_stats(top)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.profiling", description=__doc__)
    parser.add_argument("--size", type=int, default=10_000, help="permanents of the big board")
    parser.add_argument("--top", type=int, default=12, help="functions listed per case")
    parser.add_argument("--only", help="only cases whose label contains this")
    parser.add_argument(
        "--gc",
        choices=["default", "freeze", "threshold", "freeze+threshold"],
        default="freeze+threshold",
        help="garbage-collector setting (default: the server's, app.main.tune_garbage_collector)",
    )
    args = parser.parse_args(argv)
    asyncio.run(profile(args.size, args.top, args.only, args.gc))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
