"""PostgreSQL faults against a real server on a throwaway cluster of the test's own: stopped
(connections refused) and frozen (SIGSTOP: connections and queries hang). Every route answers
503 problem+json with Retry-After within seconds, /healthz keeps answering at once, and after
the database comes back the same process serves again with every acknowledged ruling intact.
Timeouts are set short for the test (RULINGS_DB_*_TIMEOUT, RULINGS_REQUEST_TIMEOUT)."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator

import httpx
import pytest

from tests.faults.cluster import Cluster, make_cluster, wait_until
from tests.ops.servers import Server, Servers

pytestmark = pytest.mark.slow

SHORT = {
    "RULINGS_DB_CONNECT_TIMEOUT": "1",
    "RULINGS_DB_POOL_TIMEOUT": "1",
    "RULINGS_DB_STATEMENT_TIMEOUT": "2",
    "RULINGS_REQUEST_TIMEOUT": "3",
}
# What a client may wait for its 503 at most: the request deadline plus scheduling slack.
MAX_WAIT = 6.0


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    made = make_cluster()
    if made is None:
        if os.environ.get("CI") == "true":
            pytest.fail("PostgreSQL binaries (initdb, pg_ctl) must be installed in CI")
        pytest.skip("PostgreSQL binaries (initdb, pg_ctl) are not installed here")
    try:
        yield made
    finally:
        made.destroy()


def ack_rulings(server: Server, xs: range) -> dict[str, bytes]:
    acked: dict[str, bytes] = {}
    with httpx.Client(base_url=server.url, timeout=10) as client:
        for x in xs:
            r = client.post(
                "/v1/spells/mana-value", json={"card": "Fireball", "zone": "stack", "x": x}
            )
            assert r.status_code == 201, r.text
            acked[r.json()["id"]] = r.content
    return acked


def assert_all_readable(server: Server, acked: dict[str, bytes]) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as client:
        for rid, body in acked.items():
            r = client.get(f"/v1/rulings/{rid}")
            assert r.status_code == 200 and r.content == body


def routes(rid: str) -> list[tuple[str, str, dict[str, object] | None]]:
    return [
        ("POST", "/v1/spells/mana-value", {"card": "Fireball", "zone": "stack", "x": 999}),
        ("GET", "/v1/rulings", None),
        ("GET", f"/v1/rulings/{rid}", None),
        ("GET", "/v1/cards?q=pool", None),
        ("GET", "/v1/cards/Forest", None),
        ("GET", "/readyz", None),
    ]


def test_stopped_postgres_is_503_everywhere_then_recovers(
    cluster: Cluster, servers: Servers
) -> None:
    server = servers.start(cluster.url, env=SHORT)
    acked = ack_rulings(server, range(5))
    cluster.stop()
    with httpx.Client(base_url=server.url, timeout=20) as client:
        for method, path, body in routes(next(iter(acked))):
            started = time.monotonic()
            r = client.request(method, path, json=body)
            waited = time.monotonic() - started
            assert r.status_code == 503, f"{method} {path}: {r.status_code} {r.text}"
            assert r.headers["content-type"] == "application/problem+json"
            assert r.json()["code"] in ("database_unavailable", "database_unreachable")
            assert path == "/readyz" or int(r.headers["retry-after"]) > 0
            assert waited < MAX_WAIT, f"{method} {path} waited {waited:.1f}s"
            print(
                f"stopped: {method} {path} -> {r.status_code} {r.json()['code']} in {waited:.2f}s"
            )
        assert client.get("/healthz").status_code == 200
    cluster.start()
    assert wait_until(lambda: httpx.get(server.url + "/readyz", timeout=5).status_code == 200)
    assert_all_readable(server, acked)
    assert ack_rulings(server, range(5, 7))


def test_frozen_postgres_is_503_within_seconds_and_healthz_never_waits(
    cluster: Cluster, servers: Servers
) -> None:
    server = servers.start(cluster.url, env=SHORT)
    acked = ack_rulings(server, range(5))
    answers: list[tuple[int, str, float]] = []
    lock = threading.Lock()
    loader = httpx.Client(base_url=server.url, timeout=30, limits=httpx.Limits(max_connections=100))
    health = httpx.Client(base_url=server.url, timeout=5)

    def one(method: str, path: str, body: dict[str, object] | None) -> None:
        started = time.monotonic()
        try:
            r = loader.request(method, path, json=body)
            outcome = (r.status_code, r.json().get("code", ""))
        except httpx.HTTPError as exc:
            outcome = (0, type(exc).__name__)
        with lock:
            answers.append((*outcome, time.monotonic() - started))

    cluster.freeze()
    try:
        load = [
            threading.Thread(target=one, args=("GET", "/v1/rulings", None)) for _ in range(40)
        ] + [threading.Thread(target=one, args=(m, p, b)) for m, p, b in routes(next(iter(acked)))]
        for t in load:
            t.start()
        time.sleep(0.5)
        worst_health = 0.0
        for _ in range(10):  # the process stays alive and answers at once
            started = time.monotonic()
            assert health.get("/healthz").status_code == 200
            worst_health = max(worst_health, time.monotonic() - started)
            time.sleep(0.2)
        for t in load:
            t.join(timeout=30)
        assert not any(t.is_alive() for t in load)
    finally:
        cluster.thaw()
        loader.close()
        health.close()
    statuses = {status for status, _, _ in answers}
    assert statuses == {503}, answers
    assert {code for _, code, _ in answers} <= {
        "timeout",
        "database_unavailable",
        "database_unreachable",
    }
    slowest = max(seconds for _, _, seconds in answers)
    assert slowest < MAX_WAIT + 3, f"slowest 503 took {slowest:.1f}s"
    print(
        f"frozen: {len(answers)} requests, all 503, slowest {slowest:.2f}s, "
        f"/healthz worst {worst_health * 1000:.0f} ms"
    )
    assert worst_health < 2.0  # it was 40 s
    assert wait_until(lambda: httpx.get(server.url + "/readyz", timeout=5).status_code == 200)
    assert_all_readable(server, acked)
    assert ack_rulings(server, range(5, 7))
