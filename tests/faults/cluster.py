"""A throwaway PostgreSQL cluster for fault tests: `initdb` into a temporary folder, started
with `pg_ctl` on a free loopback port, stopped, frozen (SIGSTOP) and thawed at will, always
removed afterwards. It never touches the machine's shared PostgreSQL. As root the binaries
run as the `postgres` user (PostgreSQL refuses to run as root)."""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from tests.ops.servers import free_port


def postgres_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


@dataclass
class Cluster:
    bin: Path
    data: Path
    port: int
    user: str | None  # run the binaries as this user (when we are root)

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *args: str, timeout: float = 60) -> None:
        command = [str(self.bin / args[0]), *args[1:]]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        subprocess.run(command, check=True, timeout=timeout, capture_output=True)

    def init(self) -> None:
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync")

    def start(self) -> None:
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.data} "
            "-c fsync=off -c synchronous_commit=on -c max_connections=60"
        )
        log = str(self.data.parent / "server.log")  # not our pipes: the server outlives pg_ctl
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", log, "-o", options, "-w", "-t", "30", "start"
        )

    def stop(self) -> None:
        self.thaw()
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def pids(self) -> list[int]:
        """The postmaster and every process it started."""
        pid_file = self.data / "postmaster.pid"
        if not pid_file.exists():
            return []
        postmaster = int(pid_file.read_text().split()[0])
        children = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                with contextlib.suppress(OSError):
                    if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == postmaster:
                        children.append(int(entry.name))
        return [postmaster, *children]

    def freeze(self) -> None:
        for pid in self.pids():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGSTOP)

    def thaw(self) -> None:
        for pid in self.pids():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)

    def destroy(self) -> None:
        with contextlib.suppress(Exception):
            self.thaw()
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop", timeout=30)
        shutil.rmtree(self.data.parent, ignore_errors=True)


def make_cluster() -> Cluster | None:
    """A new, started cluster; None when PostgreSQL's binaries aren't installed here."""
    binaries = postgres_bin()
    if binaries is None:
        return None
    user = None
    root = Path(tempfile.mkdtemp(prefix="rulings-faults-pg-"))
    if os.geteuid() == 0:
        user = "postgres"
        entry = pwd.getpwnam(user)
        os.chown(root, entry.pw_uid, entry.pw_gid)
    cluster = Cluster(binaries, root / "data", free_port(), user)
    try:
        cluster.init()
        cluster.start()
    except BaseException:
        cluster.destroy()
        raise
    return cluster


def wait_until(predicate, timeout: float = 20.0, step: float = 0.2) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return False
