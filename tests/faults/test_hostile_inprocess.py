"""Hostile bodies and traceability, in-process: capped error lists, oversized objects and
duplicate keys refused while parsing, a body without Content-Type read as JSON, request ids
and security headers on every answer (500s too), one logged traceback, bounded metrics."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from app.api.limits import MAX_ARRAY_ITEMS, MAX_OBJECT_KEYS
from app.api.middleware import CONTENT_SECURITY_POLICY
from app.api.problems import MAX_ERRORS_SHOWN
from app.db.migrate import migrate
from app.main import create_app
from app.settings import Settings

URL = "/v1/spells/mana-value"


def test_validation_errors_are_capped_with_a_count(sqlite_client: TestClient) -> None:
    # 500 permanents, each wrong in two ways: 1,000 errors, of which 20 are listed.
    bad = [{"id": i, "card": 7, "controller": "a"} for i in range(500)]
    r = sqlite_client.post("/v1/mana/could-produce", json={"state": {"battlefield": bad}})
    assert r.status_code == 422
    problem = r.json()
    assert len(problem["errors"]) == MAX_ERRORS_SHOWN
    assert problem["errors_total"] == 1000
    assert "(and 999 more)" in problem["detail"]
    assert len(r.content) < 10_000


def test_an_object_with_too_many_keys_is_refused_before_validation(
    sqlite_client: TestClient,
) -> None:
    keys = {f"k{i}": i for i in range(100_000)}
    r = sqlite_client.post(
        URL, content=json.dumps(keys), headers={"content-type": "application/json"}
    )
    assert r.status_code == 422
    assert r.json()["code"] == "too_many_keys"
    assert str(MAX_OBJECT_KEYS) in r.json()["detail"]
    assert len(r.content) < 2_000  # not a 9.7 MB list of 100,000 errors
    assert r.json()["errors"][0]["loc"] == ["body"]  # the body itself is that object
    counters = {f"c{i}": 1 for i in range(MAX_OBJECT_KEYS + 1)}
    permanent = {"id": "f", "card": "Forest", "controller": "a", "counters": counters}
    r = sqlite_client.post("/v1/mana/could-produce", json={"state": {"battlefield": [permanent]}})
    loc = ["body", "state", "battlefield", 0, "counters"]
    assert (r.json()["code"], r.json()["errors"][0]["loc"]) == ("too_many_keys", loc)


def test_an_array_with_too_many_items_is_refused_before_validation(
    sqlite_client: TestClient,
) -> None:
    body = {"state": {"battlefield": [0] * (MAX_ARRAY_ITEMS + 1)}}
    r = sqlite_client.post("/v1/mana/could-produce", json=body)
    assert r.status_code == 422 and r.json()["code"] == "too_many_items"
    assert r.json()["errors"][0]["loc"] == ["body", "state", "battlefield"]
    nested = [[0] * (MAX_ARRAY_ITEMS + 1)]
    r = sqlite_client.post("/v1/mana/could-produce", json={"state": {"battlefield": nested}})
    assert r.status_code == 422 and r.json()["code"] == "too_many_items"
    assert r.json()["errors"][0]["loc"] == ["body", "state", "battlefield", 0]


def test_duplicate_keys_are_refused_naming_the_key(sqlite_client: TestClient) -> None:
    text = '{"card": "Fireball", "zone": "stack", "x": 1, "x": 2}'
    r = sqlite_client.post(URL, content=text, headers={"content-type": "application/json"})
    assert r.status_code == 422, r.text
    assert r.json()["code"] == "duplicate_key"
    assert "'x'" in r.json()["detail"]
    assert r.json()["errors"][0]["loc"] == ["body", "x"]
    nested = '{"card": "Fireball", "zone": "stack", "x": 1, "face": null, "cast": {"a": 1, "a": 1}}'
    r = sqlite_client.post(URL, content=nested, headers={"content-type": "application/json"})
    assert r.json()["code"] == "duplicate_key"
    assert r.json()["errors"][0]["loc"] == ["body", "cast", "a"]


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(sqlite_client: TestClient, constant: str) -> None:
    # RFC 8259: JSON numbers are finite; Python's parser reads these, the service doesn't.
    text = '{"card": "Fireball", "zone": "stack", "x": ' + constant + "}"
    r = sqlite_client.post(URL, content=text, headers={"content-type": "application/json"})
    assert (r.status_code, r.json()["code"]) == (400, "malformed_json")
    assert r.json()["errors"][0]["loc"] == ["body", "x"]


@pytest.mark.parametrize(
    ("body", "why"),
    [
        (b'{"card": "Fireball", "zone": "stack", "x": ' + b"9" * 5000 + b"}", "more digits"),
        (b'{"card": "Fire\xffball", "zone": "stack"}', "isn't UTF-8 text"),
        # UTF-8's encoding of a surrogate, which Python's own decoding of bytes lets through.
        (b'{"card": "Fire\xed\xa0\x80ball", "zone": "stack"}', "isn't UTF-8 text"),
        # Other encodings Python's parser would tell by their zero bytes (RFC 8259 8.1).
        *(
            ('{"card": "Fireball", "zone": "stack"}'.encode(codec), "UTF-16 or UTF-32")
            for codec in ("utf-16", "utf-16-le", "utf-16-be", "utf-32")
        ),
    ],
)
def test_a_body_no_field_could_read_is_malformed(
    sqlite_client: TestClient, body: bytes, why: str
) -> None:
    r = sqlite_client.post(URL, content=body, headers={"content-type": "application/json"})
    assert (r.status_code, r.json()["code"]) == (400, "malformed_json")
    assert why in r.json()["detail"]


def test_a_utf8_byte_order_mark_is_ignored_and_the_body_still_checked(
    sqlite_client: TestClient,
) -> None:
    bom = b"\xef\xbb\xbf"
    body = b'{"card": "Fireball", "zone": "stack", "x": 2}'
    r = sqlite_client.post(URL, content=bom + body, headers={"content-type": "application/json"})
    assert r.status_code in (200, 201), r.text
    twice = b'{"card": "Fireball", "zone": "stack", "x": 2, "x": 3}'
    r = sqlite_client.post(URL, content=bom + twice, headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["errors"][0]["loc"] == ["body", "x"], r.text
    # A byte that can't be read is counted from the body's start, the mark included.
    bad = bom + b'{"card": "Fire\xffball", "zone": "stack"}'
    r = sqlite_client.post(URL, content=bad, headers={"content-type": "application/json"})
    assert "byte 17 can't be read" in r.json()["detail"], r.text


def test_a_body_nested_too_deep_names_where(sqlite_client: TestClient) -> None:
    deep = '{"card": "Fireball", "zone": "stack", "x": ' + "[" * 40 + "]" * 40 + "}"
    r = sqlite_client.post(URL, content=deep, headers={"content-type": "application/json"})
    assert (r.status_code, r.json()["code"]) == (400, "too_deeply_nested")
    assert r.json()["errors"][0]["loc"] == ["body", "x", *[0] * 31]  # the 33rd level


def test_a_body_without_content_type_is_read_as_json(sqlite_client: TestClient) -> None:
    r = sqlite_client.post(URL, content=json.dumps({"card": "Fireball", "zone": "hand"}))
    assert r.status_code in (200, 201), r.text
    assert r.json()["answer"]["mana_value"] == 1
    r = sqlite_client.post(URL, content=b"x=1", headers={"content-type": "text/plain"})
    assert r.status_code == 415


def test_oversized_body_with_length_closes_the_connection(sqlite_client: TestClient) -> None:
    r = sqlite_client.post(URL, content=b"x" * (3 * 1024 * 1024))
    assert r.status_code == 413
    assert r.headers["connection"] == "close"


def test_security_headers_on_every_answer(sqlite_client: TestClient) -> None:
    for r in (
        sqlite_client.get("/healthz"),
        sqlite_client.get("/v1/nothing"),
        sqlite_client.post(URL, json={"card": 1}),
        sqlite_client.get("/docs"),
    ):
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "no-referrer"
        assert r.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
        assert "default-src 'self'" in CONTENT_SECURITY_POLICY


@pytest.fixture
def crashing(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path}/c.db", migrate_on_startup=False))
    migrate(app.state.db.engine)

    @app.get("/boom")
    def boom() -> None:
        logging.getLogger("rulings.test").warning("about to fail")
        raise RuntimeError("secret internals")

    with TestClient(app, raise_server_exceptions=False) as c:
        yield c
    app.state.db.dispose()


def test_a_500_carries_the_request_id_and_its_traceback_is_logged_once(
    crashing: TestClient,
) -> None:
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        r = crashing.get("/boom", headers={"X-Request-ID": "trace-500"})
    finally:
        root.removeHandler(handler)
    assert r.status_code == 500 and r.json()["code"] == "internal_error"
    assert r.headers["x-request-id"] == "trace-500"
    assert r.headers["x-content-type-options"] == "nosniff"
    tracebacks = [rec for rec in records if rec.exc_info]
    assert len(tracebacks) == 1
    mine = [rec for rec in records if rec.name.startswith("rulings")]
    assert mine and all(getattr(rec, "request_id", None) == "trace-500" for rec in mine)


def test_made_up_methods_count_as_other(sqlite_client: TestClient) -> None:
    for i in range(50):
        sqlite_client.request(f"BREW{i}", "/healthz")
    text = sqlite_client.get("/metrics").text
    assert "BREW" not in text
    assert 'method="other",route="/healthz"' in text


def test_refusals_before_routing_count_under_their_route(sqlite_client: TestClient) -> None:
    sqlite_client.post(URL, content=b"x" * (3 * 1024 * 1024))
    sqlite_client.post(URL, content=b"x=1", headers={"content-type": "text/plain"})
    text = sqlite_client.get("/metrics").text
    assert f'method="POST",route="{URL}",status="413"' in text
    assert f'method="POST",route="{URL}",status="415"' in text


def test_heavy_bodies_are_handled_away_from_the_event_loop(tmp_path: Path) -> None:
    import threading

    app = create_app(Settings(database_url=f"sqlite:///{tmp_path}/h.db", migrate_on_startup=False))
    seen: list[str] = []

    @app.post("/probe")
    async def probe(body: dict[str, object]) -> dict[str, int]:
        # An async endpoint runs on whichever loop runs the request: parsing and validation
        # of its body happen there too.
        seen.append(threading.current_thread().name)
        logging.getLogger("rulings.test").warning("probed")
        return {"keys": len(body)}

    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    logging.getLogger("rulings.test").addHandler(handler)
    try:
        with TestClient(app) as c:
            main_loop_thread = c.portal.call(lambda: threading.current_thread().name)  # type: ignore[union-attr]
            small = c.post("/probe", json={"a": "x"})
            heavy = c.post("/probe", json={"a": "x" * 100_000}, headers={"X-Request-ID": "big-1"})
    finally:
        logging.getLogger("rulings.test").removeHandler(handler)
    assert small.status_code == heavy.status_code == 200
    assert heavy.headers["x-request-id"] == "big-1"
    # The side loop's log lines carry the request's id too.
    assert getattr(records[-1], "request_id", None) == "big-1"
    assert seen[0] == main_loop_thread
    assert seen[1] == "rulings-heavy" != main_loop_thread
    app.state.db.dispose()


def test_an_answer_later_than_the_request_timeout_is_a_503(tmp_path: Path) -> None:
    import time

    app = create_app(
        Settings(
            database_url=f"sqlite:///{tmp_path}/t.db", migrate_on_startup=False, request_timeout=0.3
        )
    )

    @app.get("/stalled")
    def stalled() -> dict[str, str]:
        time.sleep(1.5)  # as a query on a frozen database would, but for a bounded time
        return {"late": "yes"}

    with TestClient(app) as c:
        started = time.monotonic()
        r = c.get("/stalled", headers={"X-Request-ID": "late-1"})
        waited = time.monotonic() - started
        assert c.get("/healthz").status_code == 200
    assert r.status_code == 503 and r.json()["code"] == "timeout"
    assert int(r.headers["retry-after"]) > 0 and r.headers["x-request-id"] == "late-1"
    assert waited < 1.4
    app.state.db.dispose()
