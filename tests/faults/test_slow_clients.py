"""Slow and hostile clients against a real `rulings serve` process (SQLite file of its own):
silent and half-sent requests time out with 408, headers too large are 431 however they are
split, a 413 closes the connection, heavy requests are bounded per client (429), connections
are capped, SIGTERM ends the process despite a half-sent body, and there is no version banner.
Every timeout is configured short for the test, so each test takes a few seconds at most."""

from __future__ import annotations

import json
import signal
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.ops.servers import Server, Servers

SHORT = {
    "RULINGS_HEADER_TIMEOUT": "1",
    "RULINGS_BODY_TIMEOUT": "1",
    "RULINGS_HEAVY_BODY_BYTES": "1000",
    "RULINGS_HEAVY_PER_CLIENT": "1",
    "RULINGS_MAX_CONNECTIONS": "20",
    "RULINGS_GRACEFUL_SHUTDOWN_TIMEOUT": "2",
}


@pytest.fixture
def server(servers: Servers, tmp_path: Path) -> Server:
    return servers.start(f"sqlite:///{tmp_path / 'rulings.db'}", env=SHORT)


@pytest.fixture
def connect(server: Server) -> Iterator[socket.socket]:
    socks: list[socket.socket] = []

    def open_one() -> socket.socket:
        s = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        socks.append(s)
        return s

    yield open_one  # type: ignore[misc]
    for s in socks:
        s.close()


def read_answer(sock: socket.socket, timeout: float = 5.0) -> tuple[int, dict[str, str], bytes]:
    """Everything the server sends until it closes the connection (or `timeout`)."""
    sock.settimeout(timeout)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except TimeoutError:
        pass
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1]) if lines[0] else 0
    headers = {k.lower(): v.strip() for k, _, v in (ln.partition(":") for ln in lines[1:])}
    return status, headers, body


def closed_by_server(sock: socket.socket) -> bool:
    sock.settimeout(2)
    try:
        return sock.recv(1) == b""
    except (TimeoutError, ConnectionResetError):
        return False


def test_a_silent_connection_gets_408_and_is_closed(connect) -> None:  # type: ignore[no-untyped-def]
    sock = connect()
    started = time.monotonic()
    status, headers, body = read_answer(sock)
    assert status == 408 and json.loads(body)["code"] == "header_timeout"
    assert headers["connection"] == "close"
    assert time.monotonic() - started < 4


def test_half_sent_headers_get_408(connect) -> None:  # type: ignore[no-untyped-def]
    sock = connect()
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    status, _, _ = read_answer(sock)
    assert status == 408


def test_a_half_sent_body_gets_408_and_is_closed(connect) -> None:  # type: ignore[no-untyped-def]
    sock = connect()
    sock.sendall(
        b"POST /v1/spells/mana-value HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b'Content-Length: 100\r\n\r\n{"card": '
    )
    status, headers, body = read_answer(sock)
    assert status == 408 and json.loads(body)["code"] == "body_timeout"
    assert headers["connection"] == "close" and headers["x-request-id"]


@pytest.mark.parametrize("split", [False, True])
def test_headers_too_large_are_431_however_split(connect, split: bool) -> None:  # type: ignore[no-untyped-def]
    sock = connect()
    request = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 40_000 + b"\r\n\r\n"
    if split:
        for i in range(0, len(request), 1000):
            sock.sendall(request[i : i + 1000])
    else:
        sock.sendall(request)
    status, _, body = read_answer(sock)
    assert status == 431 and json.loads(body)["code"] == "headers_too_large"


def test_a_413_with_content_length_answers_at_once_and_closes(connect) -> None:  # type: ignore[no-untyped-def]
    sock = connect()
    sock.sendall(
        b"POST /v1/spells/mana-value HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 50000000\r\n\r\n"
    )
    # No body sent: the answer comes anyway, and the connection is closed, not drained.
    status, headers, _ = read_answer(sock)
    assert status == 413 and headers["connection"] == "close"


def test_heavy_requests_are_bounded_per_client(server: Server, connect) -> None:  # type: ignore[no-untyped-def]
    hog = connect()
    hog.sendall(
        b"POST /v1/mana/could-produce HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 5000\r\n\r\n{"
    )
    time.sleep(0.3)  # the hog holds this client's one heavy slot while its body trickles
    body = {"state": {"battlefield": [
        {"id": f"f{i}", "card": "Forest", "controller": "alice"} for i in range(40)
    ]}}  # fmt: skip
    with httpx.Client(base_url=server.url, timeout=5) as client:
        r = client.post("/v1/mana/could-produce", json=body)
        assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
        assert client.get("/healthz").status_code == 200  # small requests aren't limited
        hog.close()
        deadline = time.monotonic() + 5
        while r.status_code == 429 and time.monotonic() < deadline:
            time.sleep(0.2)
            r = client.post("/v1/mana/could-produce", json=body)
        assert r.status_code == 201, r.text


def test_connections_are_capped(connect) -> None:  # type: ignore[no-untyped-def]
    held = [connect() for _ in range(20)]
    time.sleep(0.2)
    extra = connect()
    status, headers, body = read_answer(extra, timeout=2)
    assert status == 503 and json.loads(body)["code"] == "too_many_connections"
    assert headers["retry-after"] == "1"
    assert len(held) == 20


def test_no_version_banner_and_security_headers(server: Server) -> None:
    r = httpx.get(server.url + "/healthz", timeout=5)
    assert "server" not in r.headers
    assert r.headers["x-content-type-options"] == "nosniff"


def test_sigterm_ends_the_process_despite_a_half_sent_body(
    servers: Servers, tmp_path: Path
) -> None:
    server = servers.start(
        f"sqlite:///{tmp_path / 'r.db'}", env={**SHORT, "RULINGS_BODY_TIMEOUT": "60"}
    )
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    try:
        sock.sendall(
            b"POST /v1/spells/mana-value HTTP/1.1\r\nHost: x\r\n"
            b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
        )
        time.sleep(0.3)
        started = time.monotonic()
        server.proc.send_signal(signal.SIGTERM)
        server.proc.wait(timeout=15)
        assert time.monotonic() - started < 8
    finally:
        sock.close()
