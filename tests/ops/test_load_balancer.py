"""The shipped load balancer (deploy/haproxy.cfg) run for real: Debian's HAProxy in front of real
replicas on loopback.

- HAProxy's own check accepts the file as shipped.
- With the file's frontend, backend, health check and retry settings (only what Docker provides
  replaced: the replicas' addresses, the port it listens on; a stats socket added so the test can
  see HAProxy's view of each replica), a replica whose /readyz answers 503 gets no traffic. It
  gets its share once it is migrated and ready. A replica killed while HAProxy still counts it
  up costs clients nothing: the connection it refuses is dispatched to another replica.

Skipped when HAProxy is missing locally; in CI (`CI=true`, where .ci/run installs it) a missing
HAProxy fails instead of skipping.
"""

from __future__ import annotations

import contextlib
import csv
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from tests.ops.servers import ROOT, Server, Servers, free_port

SHIPPED = ROOT / "deploy" / "haproxy.cfg"
COULD_PRODUCE = "/v1/mana/could-produce"
# Long enough for HAProxy's checks (every 300 ms here; two in a row to rise, three to fall).
SETTLE_TIMEOUT = 30.0


def _haproxy() -> str:
    path = shutil.which("haproxy") or shutil.which("haproxy", path="/usr/sbin:/usr/local/sbin")
    if path is None:
        if os.environ.get("CI") == "true":
            raise RuntimeError("CI must have haproxy (.ci/run installs it)")
        pytest.skip("haproxy is not installed here (apt-get install haproxy)")
    return path


def local_config(shipped: str, ports: list[int], listen: int, stats: Path) -> str:
    """The shipped file with what only Docker provides replaced: the one `server-template` line
    (a slot per replica Docker's DNS names) becomes a server per local port, checked as the
    template checks them but every 300 ms; the frontend binds a loopback port; the global
    section gains a stats socket. Everything else is the file as shipped."""
    out: list[str] = []
    templates = binds = 0
    for line in shipped.splitlines():
        code = line.split("#", 1)[0].strip()
        indent = line[: len(line) - len(line.lstrip())]
        if code.startswith("server-template "):
            templates += 1
            words = code.split()
            assert "check" in words, "the shipped servers are health-checked"
            out.extend(
                f"{indent}server replica{i} 127.0.0.1:{port} check inter 300ms"
                for i, port in enumerate(ports)
            )
        elif code.startswith("bind "):
            binds += 1
            out.append(f"{indent}bind 127.0.0.1:{listen}")
        else:
            out.append(line)
            if code == "global":
                out.append(f"    stats socket {stats} level admin")
    # The test must replace exactly what Docker provides, or it would test another file.
    assert (templates, binds) == (1, 1), "deploy/haproxy.cfg changed shape: update this test"
    return "\n".join(out) + "\n"


def _command(stats: Path, command: str) -> str:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(5)
        sock.connect(str(stats))
        sock.sendall(command.encode() + b"\n")
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks).decode()


def server_stats(stats: Path) -> dict[str, dict[str, str]]:
    """HAProxy's statistics of each replica of the backend, by its server name."""
    text = _command(stats, "show stat").lstrip("# ")
    rows = csv.DictReader(line for line in text.splitlines() if line)
    return {
        row["svname"]: row
        for row in rows
        if row["pxname"] == "rulings" and row["svname"] not in ("BACKEND", "FRONTEND")
    }


def server_states(stats: Path) -> dict[str, str]:
    """HAProxy's status of each replica (`UP`, `DOWN`, `UP 1/2` while rising...)."""
    return {name: row["status"] for name, row in server_stats(stats).items()}


def wait_for(what: str, check: Callable[[], bool], timeout: float = SETTLE_TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


@contextlib.contextmanager
def haproxy(tmp_path: Path, ports: list[int]) -> Iterator[tuple[str, Path]]:
    """HAProxy on the local version of the shipped file; its URL and stats socket."""
    listen = free_port()
    # A socket's path must fit in 108 bytes: pytest's tmp_path may not.
    sockets = Path(tempfile.mkdtemp(prefix="rulings-haproxy-"))
    stats = sockets / "stats.sock"
    cfg = tmp_path / "haproxy.cfg"
    cfg.write_text(local_config(SHIPPED.read_text(encoding="utf-8"), ports, listen, stats))
    log = (tmp_path / "haproxy.log").open("wb")
    # -db: stay in the foreground, so the test owns the process.
    proc = subprocess.Popen(
        [_haproxy(), "-db", "-f", str(cfg)], stdout=log, stderr=subprocess.STDOUT
    )
    try:
        wait_for("HAProxy's stats socket", lambda: proc.poll() is None and stats.exists(), 10)
        yield f"http://127.0.0.1:{listen}", stats
    finally:
        proc.kill()
        proc.wait(timeout=10)
        log.close()
        shutil.rmtree(sockets, ignore_errors=True)


def _question(n: int) -> dict[str, object]:
    """A small could-produce question no replica was asked before (its turn differs)."""
    return {
        "state": {
            "turn": 1000 + n,
            "active_player": "alice",
            "battlefield": [
                {"id": "forest", "card": "Forest", "controller": "alice"},
                {"id": "pool", "card": "Reflecting Pool", "controller": "alice"},
            ],
        }
    }


def ask_through(url: str, first: int, count: int) -> list[int]:
    """New questions, each on its own connection (so each is balanced on its own)."""
    statuses = []
    for n in range(first, first + count):
        with httpx.Client(base_url=url, timeout=10.0) as client:
            statuses.append(client.post(COULD_PRODUCE, json=_question(n)).status_code)
    return statuses


def rulings_made(server: Server) -> int:
    """New could-produce rulings this replica has answered (its own /metrics)."""
    metrics = httpx.get(f"{server.url}/metrics", timeout=5.0).text
    return sum(
        int(float(line.rsplit(" ", 1)[1]))
        for line in metrics.splitlines()
        if line.startswith("http_requests_total{")
        and 'method="POST"' in line
        and f'route="{COULD_PRODUCE}"' in line
        and 'status="201"' in line
    )


def test_the_shipped_config_passes_haproxys_own_check() -> None:
    # Docker's `rulings` name doesn't resolve here: HAProxy warns and starts those slots
    # without an address (init-addr none), as it would before the first replica is up.
    checked = subprocess.run(
        [_haproxy(), "-c", "-f", str(SHIPPED)], capture_output=True, text=True, timeout=30
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "Configuration file is valid" in checked.stdout + checked.stderr


def test_haproxy_routes_by_readiness_and_redispatches_from_a_killed_replica(
    servers: Servers, tmp_path: Path
) -> None:
    ready = servers.start(f"sqlite:///{tmp_path / 'ready.db'}", name="ready")
    # The second replica's database is not migrated yet: alive (/healthz) but not ready.
    late_url = f"sqlite:///{tmp_path / 'late.db'}"
    late = servers.spawn(late_url, name="late", env={"RULINGS_MIGRATE_ON_STARTUP": "false"})
    wait_for("the second replica's /healthz", lambda: _answers(late, "/healthz") == 200)
    assert _answers(late, "/readyz") == 503

    with haproxy(tmp_path, [ready.port, late.port]) as (url, stats):
        wait_for(
            "HAProxy to take the unready replica out",
            lambda: server_states(stats) == {"replica0": "UP", "replica1": "DOWN"},
        )
        assert ask_through(url, 0, 12) == [201] * 12
        assert (rulings_made(ready), rulings_made(late)) == (12, 0)

        migrated = subprocess.run(
            [sys.executable, "-m", "app.cli", "migrate"],
            cwd=ROOT,
            env={**os.environ, "RULINGS_DATABASE_URL": late_url},
            capture_output=True,
            timeout=120,
        )
        assert migrated.returncode == 0, migrated.stderr.decode()[-2000:]
        wait_for(
            "HAProxy to bring the migrated replica in",
            lambda: server_states(stats) == {"replica0": "UP", "replica1": "UP"},
        )
        assert ask_through(url, 100, 12) == [201] * 12
        shares = (rulings_made(ready) - 12, rulings_made(late))
        assert sum(shares) == 12 and min(shares) >= 4, shares  # round robin: about half each

        # Killed while HAProxy still counts it up (its checks paused, as between two checks):
        # every connection it refuses is sent to the other replica instead.
        assert _command(stats, "disable health rulings/replica0").strip() == ""
        before = rulings_made(late)
        ready.kill()
        assert ask_through(url, 200, 12) == [201] * 12
        assert rulings_made(late) - before == 12
        dead = server_stats(stats)["replica0"]
        # Still counted up (checks paused): round robin kept choosing it, about every other
        # request, and each of those was redispatched after its retries were refused.
        assert dead["status"] == "no check"
        assert int(dead["wredis"]) >= 4, dead


def _answers(server: Server, path: str) -> int | None:
    try:
        return httpx.get(f"{server.url}{path}", timeout=2.0).status_code
    except httpx.HTTPError:
        return None
