"""A real server (`rulings serve`) in a subprocess: a free loopback port, a fresh SQLite DB."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import TracebackType

import httpx

from app.db.migrate import migrate
from app.db.session import Database

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


class Server:
    """`with Server(workers=2) as server: httpx.Client(base_url=server.url)`.

    The database is migrated once here (not by each worker at start-up, which would race), and
    the server runs with RULINGS_LOG_LEVEL=WARNING so the access log stays off the hot path.
    """

    def __init__(
        self,
        workers: int = 1,
        *,
        startup_timeout: float = 60.0,
        app: str = "app.main:app",
        db_url: str | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        """`db_url`: a database to share (already migrated), else a fresh SQLite file; `env`:
        settings to run with (deploy/compose.yaml's, for the scale-out bench)."""
        self.workers = workers
        self.app = app
        self.extra_env = env or {}
        self.shared_db = db_url is not None
        self.startup_timeout = startup_timeout
        self.port = free_port()
        self.url = f"http://{HOST}:{self.port}"
        self._tmp = tempfile.TemporaryDirectory(prefix="rulings-bench-")
        self.db_url = db_url or f"sqlite:///{Path(self._tmp.name) / 'rulings.db'}"
        self.log_path = Path(self._tmp.name) / "server.log"
        self._proc: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Server:
        if not self.shared_db:
            db = Database(self.db_url)
            migrate(db.engine)
            db.dispose()
        env = {
            **os.environ,
            **self.extra_env,
            "RULINGS_DATABASE_URL": self.db_url,
            "RULINGS_LOG_LEVEL": "WARNING",
            "RULINGS_MIGRATE_ON_STARTUP": "false",
            "HOST": HOST,
            "PORT": str(self.port),
        }
        # What the container runs: `rulings serve` (uvicorn, with the TCP_NODELAY fix for
        # several workers, app/serve.py).
        cmd = [sys.executable, "-m", "app.cli", "serve", "--workers", str(self.workers)]
        if self.app != "app.main:app":
            # The same runner and settings with another ASGI app (the parse floor).
            run = "import os, app.serve as s; s.serve(os.environ['HOST'], int(os.environ['PORT'])"
            cmd = [sys.executable, "-c", f"{run}, {self.workers}, {self.app!r})"]
        with self.log_path.open("wb") as log:
            self._proc = subprocess.Popen(
                cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip
        try:
            self._wait_ready()
        except BaseException:
            self.stop()
            raise
        return self

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + self.startup_timeout
        ready_hits = 0
        while time.monotonic() < deadline:
            assert self._proc is not None
            if self._proc.poll() is not None:
                raise RuntimeError(f"uvicorn exited at start-up:\n{self.log_tail()}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1.0).status_code == 200:
                    ready_hits += 1
                    # With several workers, give the others a moment to come up too.
                    if ready_hits >= 1 + (self.workers > 1) * 3:
                        return
            except httpx.TransportError:
                pass
            time.sleep(0.1 if ready_hits == 0 else 0.3)
        raise RuntimeError(f"uvicorn did not become ready in time:\n{self.log_tail()}")

    @property
    def pid(self) -> int | None:
        """The server's process id: it leads its own process group (its workers are in it)."""
        return self._proc.pid if self._proc is not None else None

    def log_tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def stop(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                # Our own process group (start_new_session): the supervisor and its workers.
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=5)
        self._tmp.cleanup()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
