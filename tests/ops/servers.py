"""Real server processes for the operations tests: uvicorn on a free loopback port, one
process each, killed (SIGKILL) whenever a test is done with it, however it ends."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

import httpx

ROOT = Path(__file__).resolve().parents[2]
# Generous: two cores, other suites running beside us, imports + migrations on first start.
START_TIMEOUT = 30.0


def free_port() -> int:
    """A port the kernel just handed out on loopback (bind to 0, then let go of it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerDied(AssertionError):
    """The server process exited before it was ready."""


@dataclass
class Server:
    proc: subprocess.Popen[bytes]
    port: int
    log_path: Path
    _log: IO[bytes] | None = field(repr=False, default=None)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def log_tail(self, lines: int = 30) -> str:
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])

    def kill(self) -> None:
        """SIGKILL: no shutdown handlers, no flush; what was committed must survive."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):  # SIGKILL can't be ignored
            self.proc.wait(timeout=10)
        if self._log is not None:
            self._log.close()

    def wait_ready(self, timeout: float = START_TIMEOUT) -> None:
        """Until /readyz says 200 (database reachable and at the latest migration)."""
        deadline = time.monotonic() + timeout
        last = "no answer yet"
        with httpx.Client(base_url=self.url, timeout=2.0) as client:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    raise ServerDied(
                        f"server on port {self.port} exited with {self.proc.returncode}:\n"
                        + self.log_tail()
                    )
                try:
                    r = client.get("/readyz")
                    if r.status_code == 200:
                        return
                    last = f"{r.status_code} {r.text[:200]}"
                except httpx.HTTPError as exc:
                    last = type(exc).__name__
                time.sleep(0.1)
        raise AssertionError(
            f"server on port {self.port} not ready after {timeout:.0f}s (last: {last}):\n"
            + self.log_tail()
        )


class Servers:
    """Starts servers and remembers them, so a fixture can kill them all in `finally`."""

    def __init__(self, log_dir: Path) -> None:
        self.log_dir = log_dir
        self.started: list[Server] = []

    def spawn(
        self, database_url: str, *, name: str = "server", env: dict[str, str] | None = None
    ) -> Server:
        """Start one server (not waiting for it) as the container does, with `rulings serve`:
        migrations run in its start-up. `env` adds or overrides settings."""
        port = free_port()
        env = {
            **os.environ,
            "RULINGS_DATABASE_URL": database_url,
            "RULINGS_MIGRATE_ON_STARTUP": "true",
            "RULINGS_LOG_LEVEL": "WARNING",
            "PYTHONUNBUFFERED": "1",
            "HOST": "127.0.0.1",
            "PORT": str(port),
            "WORKERS": "1",
            **(env or {}),
        }
        log_path = self.log_dir / f"{name}-{len(self.started)}-{port}.log"
        log = log_path.open("wb")
        proc = subprocess.Popen(
            [sys.executable, "-m", "app.cli", "serve"],
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        server = Server(proc, port, log_path, log)
        self.started.append(server)
        return server

    def start(
        self,
        database_url: str,
        *,
        name: str = "server",
        tries: int = 3,
        env: dict[str, str] | None = None,
    ) -> Server:
        """Start one server and wait until it's ready. A port taken between our probe and the
        server's bind makes it exit at once: then try another port."""
        for attempt in range(tries):
            server = self.spawn(database_url, name=name, env=env)
            try:
                server.wait_ready()
                return server
            except ServerDied:
                server.kill()
                if attempt == tries - 1 or "address already in use" not in server.log_tail():
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    def kill_all(self) -> None:
        for server in self.started:
            server.kill()
