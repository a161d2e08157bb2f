"""Durability: a ruling the server acknowledged (201/200) survives the server being killed
with SIGKILL in the middle of a write load, byte for byte, on SQLite and on PostgreSQL.

The service commits before it answers (docs/architecture.md: one unit of work per request, commit
before the response is sent); this checks that promise against a real process and a real kill.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

import httpx

from tests.ops.servers import Server, Servers

WRITERS = 4
# Bounds on the load: it stops at whichever comes first.
MIN_ACKED_BEFORE_KILL = 40
MAX_LOAD_SECONDS = 5.0
MAX_REQUESTS_PER_WRITER = 2_000


@dataclass
class Acks:
    """Acknowledged rulings: id -> the exact bytes the server answered with."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    bodies: dict[str, bytes] = field(default_factory=dict)
    unexpected: list[str] = field(default_factory=list)

    def record(self, ruling_id: str, body: bytes) -> None:
        with self.lock:
            self.bodies[ruling_id] = body

    def count(self) -> int:
        with self.lock:
            return len(self.bodies)


def write_load(server: Server, writer: int, acks: Acks, stop: threading.Event) -> None:
    """Ask distinct questions (Fireball on the stack with X = writer, writer + WRITERS, …)
    until told to stop or the server goes away."""
    with httpx.Client(base_url=server.url, timeout=10.0) as client:
        for n in range(MAX_REQUESTS_PER_WRITER):
            if stop.is_set():
                return
            x = writer + n * WRITERS
            try:
                r = client.post(
                    "/v1/spells/mana-value", json={"card": "Fireball", "zone": "stack", "x": x}
                )
            except httpx.HTTPError:
                # Killed under us (connection refused/reset, or no answer): not acknowledged.
                if stop.wait(0.01):
                    return
                continue
            if r.status_code in (200, 201):
                acks.record(r.json()["id"], r.content)
            else:
                acks.unexpected.append(f"x={x}: {r.status_code} {r.text[:200]}")


def test_acknowledged_rulings_survive_sigkill(servers: Servers, server_database_url: str) -> None:
    first = servers.start(server_database_url, name="before-kill")
    acks = Acks()
    stop = threading.Event()
    writers = [
        threading.Thread(target=write_load, args=(first, i, acks, stop), daemon=True)
        for i in range(WRITERS)
    ]
    for t in writers:
        t.start()
    try:
        deadline = time.monotonic() + MAX_LOAD_SECONDS
        while acks.count() < MIN_ACKED_BEFORE_KILL and time.monotonic() < deadline:
            time.sleep(0.02)
        # Mid-load: the writers are still sending when the process disappears.
        assert all(t.is_alive() for t in writers), "the load ended before the kill"
        first.kill()
    finally:
        stop.set()
        for t in writers:
            t.join(timeout=15)
    assert not any(t.is_alive() for t in writers)
    assert not acks.unexpected, acks.unexpected[:5]
    assert acks.count() >= 1, "no ruling was acknowledged before the kill:\n" + first.log_tail()

    second = servers.start(server_database_url, name="after-kill")
    lost: list[str] = []
    changed: list[str] = []
    with httpx.Client(base_url=second.url, timeout=10.0) as client:
        for ruling_id, body in acks.bodies.items():
            r = client.get(f"/v1/rulings/{ruling_id}")
            if r.status_code == 404:
                lost.append(ruling_id)
            elif r.status_code != 200 or r.content != body:
                changed.append(f"{ruling_id}: {r.status_code}")
    assert not lost, f"{len(lost)} of {acks.count()} acknowledged rulings lost: {lost[:5]}"
    assert not changed, changed[:5]
