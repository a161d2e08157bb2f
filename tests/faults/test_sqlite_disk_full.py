"""A full disk under a real server's SQLite database (a small tmpfs the test mounts): writes
answer 507 `storage_full` with Retry-After, /readyz reports it, reads keep working, nothing
acknowledged is lost, and once space is freed the same process stores rulings again with its
WAL checkpointed and truncated (not grown back over the freed space)."""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.faults.cluster import wait_until
from tests.ops.servers import Servers

pytestmark = pytest.mark.slow

DISK_BYTES = 4 * 1024 * 1024


@pytest.fixture
def small_disk() -> Iterator[Path]:
    where = Path(tempfile.mkdtemp(prefix="rulings-faults-disk-"))
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={DISK_BYTES}", "tmpfs", str(where)],
        capture_output=True,
    )
    if mounted.returncode != 0:
        where.rmdir()
        # Needs root with CAP_SYS_ADMIN; the in-process test (max_page_count) covers the
        # mapping everywhere.
        pytest.skip(f"can't mount a tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True)
        where.rmdir()


def test_full_disk_is_507_then_recovers_without_a_restart(
    small_disk: Path, servers: Servers
) -> None:
    server = servers.start(f"sqlite:///{small_disk / 'rulings.db'}")
    filler = small_disk / "filler"
    free = os.statvfs(small_disk).f_bavail * os.statvfs(small_disk).f_frsize
    filler.write_bytes(b"\0" * max(0, free - 96 * 1024))  # leave ~96 KiB
    acked: dict[str, bytes] = {}
    full = None
    with httpx.Client(base_url=server.url, timeout=10) as client:
        for x in range(3000):
            r = client.post(
                "/v1/spells/mana-value", json={"card": "Fireball", "zone": "stack", "x": x}
            )
            if r.status_code == 507:
                full = r
                break
            assert r.status_code == 201, r.text
            acked[r.json()["id"]] = r.content
        assert full is not None, "the disk never filled"
        assert full.json()["code"] == "storage_full" and int(full.headers["retry-after"]) > 0
        ready = client.get("/readyz")
        assert ready.status_code == 503 and ready.json()["code"] == "storage_full"
        assert client.get("/healthz").status_code == 200
        filler.unlink()
        after: list[int] = []

        def stores_again() -> bool:
            question = {"card": "Fireball", "zone": "stack", "x": 10_000 + len(after)}
            after.append(client.post("/v1/spells/mana-value", json=question).status_code)
            return after[-1] == 201

        assert wait_until(stores_again, timeout=10), after
        assert set(after) <= {201, 507}, after
        assert client.get("/readyz").status_code == 200
        for rid, body in acked.items():
            r = client.get(f"/v1/rulings/{rid}")
            assert r.status_code == 200 and r.content == body
    wal = small_disk / "rulings.db-wal"
    assert not wal.exists() or wal.stat().st_size <= DISK_BYTES // 2
