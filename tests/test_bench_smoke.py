"""`python -m bench --quick`, engine-alone parts, in-process: it runs and produces rows.

No timing assertions: benchmarks are measurements, not tests. A section whose engine is not
written yet still produces its rows (marked "not available yet")."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

# `bench` is a top-level package beside `app` (not installed): importable under `python -m
# pytest` from the repository root, and under a bare `pytest` thanks to this.
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.__main__ import main, run  # noqa: E402
from bench.config import QUICK  # noqa: E402
from bench.report import render  # noqa: E402


def test_quick_engine_sections_produce_rows() -> None:
    sections = run(QUICK, http=False)
    names = [s.name for s in sections]
    assert any(n.startswith("could-produce, engine alone") for n in names)
    assert any(n.startswith("activate one Forest, engine alone") for n in names)
    for section in sections:
        assert section.rows, section.name
    cp = sections[0]
    assert [row["permanents"] for row in cp.rows] == list(QUICK.sizes)
    for row in cp.rows:
        if not row.get("status"):
            assert row["answered"] == row["permanents"]
    table = render(sections)
    assert "engine alone" in table
    if Path("/proc/stat").is_file():  # each measured section says what the hypervisor took
        measured = [s for s in sections if not s.name.startswith("growth")]  # growth: derived
        assert all(any(n.startswith("CPU steal while") for n in s.notes) for s in measured)


def test_quick_writes_results_json(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    assert main(["--quick", "--no-http", "--out", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert doc["quick"] is True
    assert doc["machine"]["cpu_count"] >= 1
    assert doc["machine"]["python"]
    assert all(section["rows"] for section in doc["sections"])


def test_server_cpu_keeps_the_time_of_threads_that_ended() -> None:
    import subprocess

    # In a process group of its own: the test run's group holds other processes (pytest-xdist
    # workers, servers other tests start and stop), whose exits between the two readings would
    # take their time out of the sum.
    script = """
import os, threading
from bench.timing import process_group_cpu_seconds
before = process_group_cpu_seconds(os.getpgrp())
worker = threading.Thread(target=lambda: sum(i * i for i in range(3_000_000)))
worker.start()
worker.join()
print(before, process_group_cpu_seconds(os.getpgrp()))
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True,
        start_new_session=True, cwd=Path(__file__).resolve().parents[1], timeout=60,
    )  # fmt: skip
    before, after = (float(v) for v in done.stdout.split())
    assert after > before  # the ended thread's CPU still counts


def test_wrk_sends_every_body_it_is_given_gets_without_one_and_counts_answers() -> None:
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from bench import wrk

    if not wrk.available():
        pytest.skip("wrk is not installed (apt-get install wrk)")
    seen: set[bytes] = set()
    got: set[str] = set()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            seen.add(self.rfile.read(int(self.headers["content-length"])))
            self.answer()

        def do_GET(self) -> None:
            got.add(self.path)
            self.answer()

        def answer(self) -> None:
            self.send_response(204 if self.path == "/ok" else 500)
            self.send_header("content-length", "0")
            self.end_headers()

        def log_message(self, *_: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}"
    try:
        ok = wrk.throughput([url], "/ok", [[b'{"a":1}', b'{"b":"]]"}']], 1.0, 1)
        failing = wrk.throughput([url], "/bad", [[b"{}"]], 1.0, 1)
        gets = wrk.throughput([url], "/ok", [[]], 1.0, 1)
    finally:
        server.shutdown()
        server.server_close()
    assert ok.requests > 2 and ok.errors == 0 and ok.mean_ms > 0
    assert seen >= {b'{"a":1}', b'{"b":"]]"}', b"{}"}
    assert failing.requests > 0 and failing.errors == failing.requests
    assert gets.requests > 2 and gets.errors == 0 and got == {"/ok"}


def test_catalog_ratios_compare_the_same_rows_and_flag_worse_ones() -> None:
    from bench.catalog_ratios import comparison_section
    from bench.report import Section

    def floor(stored: float, new: float) -> Section:
        s = Section("floor", ["workers", "endpoint", "x_healthz_req_per_s"])
        s.add(workers="1", endpoint="GET /healthz", x_healthz_req_per_s=1.0)
        s.add(workers="1", endpoint="could-produce small, stored 200", x_healthz_req_per_s=stored)
        s.add(workers="1", endpoint="could-produce small, new 201", x_healthz_req_per_s=new)
        s.add(workers="2", endpoint="could-produce small, new 201", x_healthz_req_per_s=9.0)
        return s

    def cp(new_floor: float) -> Section:
        s = Section("cp", ["permanents", "stored/new", "stored/floor", "new/floor"])
        s.add(permanents=100, **{"stored/new": 0.5, "stored/floor": 1.0, "new/floor": 99.0})
        s.add(permanents=10_000, **{"stored/new": 0.1, "stored/floor": 2.0, "new/floor": new_floor})
        return s

    # Three rounds on each server: each ratio is the median of its rounds.
    table = comparison_section(
        35_000,
        {
            "bundled": {
                "floor": [floor(0.9, 0.2), floor(0.1, 0.2), floor(0.95, 0.2)],
                "cp": [cp(10.0), cp(12.0), cp(8.0)],
            },
            "imported": {
                "floor": [floor(0.5, 0.2), floor(0.4, 0.2), floor(0.9, 0.2)],
                "cp": [cp(20.0), cp(99.0), cp(19.0)],
            },
        },
    )
    rows = {r["ratio"]: r for r in table.rows}
    assert rows["small stored / healthz (req/s)"]["bundled only"] == 0.9  # the median round
    assert rows["small stored / healthz (req/s)"]["worse"] == "yes"  # 0.9 -> 0.5 req/s
    assert rows["small new / healthz (req/s)"]["worse"] == "no"  # 1 worker's row, not 2's
    assert rows["largest board: new / parse floor"]["bundled only"] == 10.0  # not the 100 row
    assert rows["largest board: new / parse floor"]["imported"] == 20.0
    assert rows["largest board: new / parse floor"]["worse"] == "yes"  # 10 -> 20x the floor
    assert rows["largest board: stored / new"]["worse"] == "no"
    assert "medians of 3 rounds" in table.notes[0]
    missing = comparison_section(35_000, None)
    assert missing.rows[0]["status"].startswith("not measured")


def test_new_small_questions_are_never_the_stored_one() -> None:
    from bench import boards
    from bench.over_http import Uniq

    uniq = Uniq()
    handed = [uniq.next() for _ in range(20)]
    assert boards.SMALL_STORED not in handed
    assert len(set(handed)) == len(handed)


def test_steal_is_the_hypervisor_s_share_of_the_machine_s_time_over_the_block(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bench import timing

    readings = iter([(10, 500, 1_000), (40, 520, 1_100)])  # (steal, idle, total) jiffies
    monkeypatch.setattr(timing, "_cpu_times", lambda: next(readings))
    with timing.Steal() as steal:
        pass
    assert steal.share == 0.3
    assert steal.idle == 0.2
    assert steal.note() == (
        "CPU steal while this was measured: 30% of the machine's CPU time ran other guests "
        "(/proc/stat)"
    )
    instant = iter([(10, 500, 1_000), (10, 500, 1_000)])  # shorter than a tick: nothing seen
    monkeypatch.setattr(timing, "_cpu_times", lambda: next(instant))
    with timing.Steal() as short:
        pass
    assert short.share == 0.0
    assert short.idle is None  # not "saturated": nothing was seen at all
    monkeypatch.setattr(timing, "_cpu_times", lambda: None)  # no /proc: nothing claimed
    with timing.Steal() as unread:
        pass
    assert unread.share is None and unread.note() is None and unread.idle is None


def test_scale_out_loads_each_process_with_its_connections_and_notes_the_idle_share(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bench import scale_out, timing, wrk
    from bench.config import FULL
    from bench.over_http import Uniq

    sent: list[tuple[list[str], int, int]] = []

    def fake_wrk(
        urls: list[str], path: str, bodies: list[list[bytes]], seconds: float, connections: int
    ) -> wrk.WrkResult:
        sent.append((urls, len(bodies), connections))
        return wrk.WrkResult(requests=300, errors=0, seconds=1.0, mean_ms=2.0)

    # Two runs (new, stored), each read before and after: idle 10 then 30 jiffies of 100.
    readings = iter([(0, 0, 0), (0, 10, 100), (0, 10, 100), (0, 40, 200)])
    monkeypatch.setattr(timing, "_cpu_times", lambda: next(readings))
    monkeypatch.setattr(wrk, "available", lambda: True)
    monkeypatch.setattr(wrk, "throughput", fake_wrk)
    monkeypatch.setattr(scale_out.httpx, "post", lambda *a, **k: None)
    urls = ["http://a", "http://b"]
    got = scale_out._measure(urls, FULL, Uniq())
    assert got == {"small, new 201": (300.0, 0, 0.1), "small, stored 200": (300.0, 0, 0.3)}
    # One wrk per process: new questions with the scale-out connections, stored with the floor's.
    assert sent == [(urls, 2, FULL.scale_out_new_connections), (urls, 2, FULL.floor_threads)]
    assert FULL.scale_out_new_connections > FULL.floor_threads


def test_interleaved_timings_take_turns_and_reverse_every_other_round() -> None:
    from bench.timing import interleaved_medians_ms

    calls: list[str] = []
    medians = interleaved_medians_ms(
        {"plain": lambda: calls.append("plain"), "layers": lambda: calls.append("layers")}, 3
    )
    warmup = ["plain", "layers"]
    assert calls == [*warmup, "plain", "layers", "layers", "plain", "plain", "layers"]
    assert set(medians) == {"plain", "layers"} and all(ms >= 0 for ms in medians.values())


def test_small_new_ceiling_is_healthz_over_healthz_plus_the_engine() -> None:
    from bench.engine_only import small_board_engine_cpu_ms
    from bench.over_http import FLOOR_CASES, WRITE_FLOOR_CASE, small_new_ceiling
    from bench.report import Section

    floor = Section("floor", ["workers", "endpoint", "server_cpu_ms"])
    floor.rows += [
        {"workers": "2", "endpoint": FLOOR_CASES[0], "server_cpu_ms": 9.0},
        {"workers": "1", "endpoint": FLOOR_CASES[2], "server_cpu_ms": 2.0},
        {"workers": "1", "endpoint": FLOOR_CASES[0], "server_cpu_ms": 0.3},
    ]
    note = small_new_ceiling(floor, 0.3)
    assert note is not None and "at most 0.50x healthz" in note  # 0.3 / (0.3 + 0.3)
    assert "write floor" not in note  # not measured
    floor.rows.append({"workers": "1", "endpoint": WRITE_FLOOR_CASE, "server_cpu_ms": 0.2})
    note = small_new_ceiling(floor, 0.3)
    assert note is not None and note.endswith("at most 0.60x")  # 0.3 / (0.2 + 0.3)
    assert small_new_ceiling(floor, None) is None
    assert small_new_ceiling(Section("floor", []), 0.3) is None  # no healthz row measured
    engine_ms = small_board_engine_cpu_ms(5)
    assert engine_ms is not None and engine_ms > 0


def test_floor_rows_load_the_write_floor_with_new_small_bodies(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bench import over_http
    from bench.config import FULL
    from bench.parse_floor import WRITE_FLOOR

    sent: list[tuple[str, str, int, int | None]] = []

    def fake_wrk(url: str, path: str, bodies: list[bytes], seconds: float, connections: int,
                 group: int | None = None) -> over_http.Throughput:  # fmt: skip
        sent.append((url, path, len(bodies), group))
        return over_http.Throughput(100, 0, 1.0, 0.5, 0.01)

    monkeypatch.setattr(over_http.wrk, "available", lambda: True)
    monkeypatch.setattr(over_http, "wrk_throughput", fake_wrk)
    server, floors = over_http.Target("http://s", 1), over_http.Target("http://f", 2)
    stored = b"{}"
    cases = over_http._floor_cases(server, floors, stored, over_http.Uniq(), FULL)
    assert [label for label, _ in cases] == [*over_http.FLOOR_CASES, over_http.WRITE_FLOOR_CASE]
    for _, measure in cases:
        measure()
    new_bodies = int(FULL.floor_seconds * 2_000)
    assert sent == [
        ("http://s", "/healthz", 0, 1),
        ("http://s", over_http.COULD_PRODUCE, 1, 1),
        ("http://s", over_http.COULD_PRODUCE, new_bodies, 1),
        ("http://f", WRITE_FLOOR, new_bodies, 2),  # the write floor's own server and CPU
    ]
    alone = over_http._floor_cases(server, None, stored, over_http.Uniq(), FULL)
    assert [label for label, _ in alone] == list(over_http.FLOOR_CASES)


def test_the_write_floor_commits_each_body_as_a_row_with_the_service_s_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sqlite3
    from contextlib import closing

    from fastapi.testclient import TestClient

    from app.settings import get_settings
    from bench import parse_floor

    db = tmp_path / "floor.db"
    monkeypatch.setenv("RULINGS_DATABASE_URL", f"sqlite:///{db}")
    get_settings.cache_clear()
    monkeypatch.setattr(parse_floor, "store", parse_floor._FloorStore())
    try:
        with TestClient(parse_floor.app) as client:
            for n in range(3):
                r = client.post(parse_floor.WRITE_FLOOR, content=b'{"turn": %d}' % n)
                assert r.status_code == 201
                assert len(r.content) == parse_floor.SMALL_RULING_BYTES
            assert client.post("/v1/mana/could-produce", content=b"{}").status_code == 204
            held = parse_floor.store.connection()
            assert held.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
            assert held.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    finally:
        get_settings.cache_clear()
    with closing(sqlite3.connect(db)) as check:
        rows = check.execute("SELECT body FROM write_floor ORDER BY seq").fetchall()
    assert rows == [(b'{"turn": %d}' % n,) for n in range(3)]  # the parse floor wrote none


def test_wire_client_reads_whole_answers_on_one_connection_and_refuses_other_framing() -> None:
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from bench.wire import WireClient, WireError

    big = bytes(range(256)) * 4_000  # 1 MB: many reads into the one buffer
    ports: list[int] = []

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            ports.append(self.client_address[1])
            sent = self.rfile.read(int(self.headers["content-length"]))
            if self.path == "/echo":
                self.answer(201, sent + big)
            elif self.path == "/empty":
                self.send_response(204)
                self.end_headers()
            else:  # chunked: framing the client does not read
                self.send_response(200)
                self.send_header("transfer-encoding", "chunked")
                self.end_headers()
                self.wfile.write(b"2\r\nok\r\n0\r\n\r\n")

        def answer(self, status: int, body: bytes) -> None:
            self.send_response(status)
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *_: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with WireClient(f"http://127.0.0.1:{server.server_port}") as client:
            first = client.post("/echo", content=b'{"a":1}', headers={"x-test": "1"})
            empty = client.post("/empty", content=b"{}")
            second = client.post("/echo", content=b"[]")
            with pytest.raises(WireError, match="Content-Length"):
                client.post("/chunked", content=b"{}")
            after = client.post("/echo", content=b"1")  # a new connection after the refusal
    finally:
        server.shutdown()
        server.server_close()
    assert first.status_code == 201 and bytes(first.content) == b'{"a":1}' + big
    assert empty.status_code == 204 and empty.content == b""
    assert second.status_code == 201 and bytes(second.content) == b"[]" + big
    assert after.status_code == 201 and bytes(after.content) == b"1" + big
    # Keep-alive: the first three answers came on one connection, the last on another.
    assert ports[0] == ports[1] == ports[2] != ports[4]


def test_wire_client_wants_an_http_address() -> None:
    from bench.wire import WireClient

    with pytest.raises(ValueError, match="http://host:port"):
        WireClient("https://127.0.0.1:1")


def test_a_round_s_servers_share_one_parse_floor() -> None:
    from bench.catalog_ratios import share_floor
    from bench.report import Section

    def cp(new: float, stored: float, floor: float) -> Section:
        s = Section("cp", ["permanents", "new_201_ms", "stored_200_ms", "parse_floor_ms"])
        s.add(permanents=10_000, new_201_ms=new, stored_200_ms=stored, parse_floor_ms=floor)
        return s

    bundled, imported = cp(60.0, 3.0, 14.0), cp(60.0, 3.0, 6.0)
    share_floor([bundled, imported])
    for section in (bundled, imported):
        row = section.rows[0]
        assert row["parse_floor_ms"] == 10.0  # the mean of the round's two measurements
        assert row["new/floor"] == 6.0 and row["stored/floor"] == 0.3
    lone = cp(60.0, 3.0, 14.0)
    share_floor([lone])  # nothing to share with: left as measured
    assert lone.rows[0]["parse_floor_ms"] == 14.0 and "new/floor" not in lone.rows[0]
