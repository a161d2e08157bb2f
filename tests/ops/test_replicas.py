"""Replicas: two server processes on one fresh PostgreSQL database.

- Started at the same moment, both migrate at start-up; the advisory lock serialises them and
  both come up ready.
- The same questions asked of both at the same moment from several threads give one ruling per
  question: exactly one 201 across both servers, every other answer 200 with the same id and
  the same bytes, never a 5xx; the rulings table ends with one row per distinct question.
"""

from __future__ import annotations

import threading
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor

import httpx
from sqlalchemy import create_engine, text

from tests.ops.servers import Server, Servers

QUESTIONS = [
    {"card": "Fireball", "zone": zone, "x": x} for zone in ("stack", "hand") for x in range(10)
]
ASKERS = 6  # threads; asker i asks server i % 2, so each server sees each question 3 times


def test_two_replicas_migrate_together_and_agree_on_each_ruling(
    servers: Servers, fresh_postgres_url: str
) -> None:
    # Start both before waiting for either, so their migrations race for the lock.
    replicas = [servers.spawn(fresh_postgres_url, name=f"replica{i}") for i in range(2)]
    with ThreadPoolExecutor(2) as pool:
        list(pool.map(Server.wait_ready, replicas))

    answers: dict[int, list[tuple[int, str, bytes]]] = defaultdict(list)
    problems: list[str] = []
    lock = threading.Lock()
    # Every asker waits at the barrier before each question: they all send it at once.
    barrier = threading.Barrier(ASKERS, timeout=30)

    def ask(asker: int) -> None:
        server = replicas[asker % 2]
        try:
            with httpx.Client(base_url=server.url, timeout=15.0) as client:
                for q, question in enumerate(QUESTIONS):
                    barrier.wait()
                    r = client.post("/v1/spells/mana-value", json=question)
                    rid = r.json().get("id", "") if r.status_code in (200, 201) else ""
                    with lock:
                        answers[q].append((r.status_code, rid, r.content))
        except Exception as exc:
            barrier.abort()  # don't leave the others waiting for us
            with lock:
                problems.append(f"asker {asker}: {type(exc).__name__}: {exc}")
            raise

    with ThreadPoolExecutor(ASKERS) as pool:
        for future in [pool.submit(ask, i) for i in range(ASKERS)]:
            future.exception()
    assert not problems, problems[:3]

    for q, question in enumerate(QUESTIONS):
        got = answers[q]
        statuses = sorted(status for status, _, _ in got)
        assert len(got) == ASKERS
        assert all(s < 500 for s in statuses), (question, statuses, replicas[0].log_tail())
        assert statuses == [200] * (ASKERS - 1) + [201], (question, statuses)
        assert len({rid for _, rid, _ in got}) == 1, question
        assert len({body for _, _, body in got}) == 1, question

    engine = create_engine(fresh_postgres_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(text("SELECT count(*) FROM rulings")).scalar_one()
    finally:
        engine.dispose()
    assert rows == len(QUESTIONS)
