"""Running the app under uvicorn: `rulings serve` (and the container's command).

uvicorn's h11 protocol has a keep-alive timeout but none for a request's head: a silent
connection, or one sending its headers a byte at a time, is held as long as the client likes,
and its header size limit depends on how the client splits its packets (a plain 400 when it
does). `GuardedH11Protocol` adds a deadline for the request head (408), one header size limit
however the bytes arrive (431), and a cap on open connections (503). Body reads are timed by
the app's middleware (408), which also answers every other refusal.

With `--workers N` uvicorn binds the listening socket itself with protocol 0, so asyncio never
sets TCP_NODELAY on accepted connections and every keep-alive response waits ~40 ms for the
client's delayed ACK (uvicorn#3149). We re-wrap the bound socket as TCP before the workers
inherit it; with one worker uvicorn's own path is already right.
"""

from __future__ import annotations

import asyncio
import json
import socket
import uuid
from typing import Any

import h11
import uvicorn
import uvicorn.config
from uvicorn.protocols.http.h11_impl import H11Protocol

from app.api.middleware import SECURITY_HEADERS
from app.settings import Settings, get_settings

# A request line and headers larger than this are refused with 431 (h11's own default).
MAX_HEAD_BYTES = 16 * 1024
# How long a refused connection is read (and dropped) before it is closed.
LINGER_SECONDS = 1.0
_REASONS = {
    408: "Request Timeout",
    431: "Request Header Fields Too Large",
    503: "Service Unavailable",
}

_uvicorn_bind_socket = uvicorn.config.Config.bind_socket


def _bind_socket_as_tcp(self: uvicorn.config.Config) -> socket.socket:
    sock = _uvicorn_bind_socket(self)
    if sock.family in (socket.AF_INET, socket.AF_INET6) and sock.proto == 0:
        sock = socket.socket(sock.family, sock.type, socket.IPPROTO_TCP, fileno=sock.detach())
        sock.set_inheritable(True)
    return sock


def raw_problem(status: int, code: str, detail: str) -> bytes:
    """A complete problem+json response that closes the connection, for refusals made before
    there is a request for the app to answer."""
    body = json.dumps(
        {"type": f"/problems/{code}", "title": _REASONS[status], "status": status,
         "detail": detail, "code": code}
    ).encode()  # fmt: skip
    headers = [
        (b"content-type", b"application/problem+json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
        (b"x-request-id", uuid.uuid4().hex.encode()),
        *SECURITY_HEADERS,
    ]
    if status == 503:
        headers.append((b"retry-after", b"1"))
    head = f"HTTP/1.1 {status} {_REASONS[status]}\r\n".encode()
    return head + b"".join(k + b": " + v + b"\r\n" for k, v in headers) + b"\r\n" + body


class GuardedH11Protocol(H11Protocol):
    """h11 with a deadline and one size limit for the request head, and a connection cap."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # From the environment (cached): a plain class uvicorn can hand to worker processes.
        settings = get_settings()
        self.head_timeout = settings.header_timeout
        self.max_connections = settings.max_connections

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._head = bytearray()
        self._head_seen = False
        self._head_timer: asyncio.TimerHandle | None = None
        self._refused = False
        if len(self.connections) > self.max_connections:
            self._refuse(503, "too_many_connections", "The server has too many connections open.")
            return
        self._watch_head()

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return  # read and dropped while the refusal lingers
        if self.conn.their_state is h11.IDLE and not self._head_fits(data):
            self._refuse(
                431, "headers_too_large", f"The request head is larger than {MAX_HEAD_BYTES} bytes."
            )
            return
        super().data_received(data)
        self._watch_head()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._watch_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_head_timer()
        super().connection_lost(exc)

    def _head_fits(self, data: bytes) -> bool:
        """Whether the head being received (request line and headers) stays within the limit,
        counted over all the packets it came in."""
        if self._head_seen:
            return True
        self._head += data[: MAX_HEAD_BYTES + 4 - len(self._head)]
        if b"\r\n\r\n" in self._head:
            self._head_seen = True
            return True
        return len(self._head) <= MAX_HEAD_BYTES

    def _watch_head(self) -> None:
        """A head is awaited (a new connection, or the next request on one): time it; once it
        has arrived, stop timing (the body is the middleware's)."""
        waiting = self.conn.their_state is h11.IDLE and not self.transport.is_closing()
        if waiting and self._head_timer is None:
            self._head = bytearray()
            self._head_seen = False
            self._head_timer = self.loop.call_later(self.head_timeout, self._head_timed_out)
        elif not waiting:
            self._stop_head_timer()

    def _stop_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_timed_out(self) -> None:
        self._head_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self._refuse(
                408,
                "header_timeout",
                f"The request head did not arrive within {self.head_timeout:g} seconds.",
            )

    def _refuse(self, status: int, code: str, detail: str) -> None:
        """Answer, stop sending, and keep reading (and dropping) what the client still sends
        for a moment before closing: closing with unread bytes would reset the connection and
        could lose the answer on the client's side."""
        self._stop_head_timer()
        self._refused = True
        self.transport.write(raw_problem(status, code, detail))
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self.loop.call_later(LINGER_SECONDS, self.transport.close)


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """How the service is served: the guarded protocol, no version banner, timeouts."""
    return {
        "http": GuardedH11Protocol,
        "server_header": False,
        "timeout_keep_alive": settings.keep_alive_timeout,
        "timeout_graceful_shutdown": settings.graceful_shutdown_timeout,
        # Our own head limit is checked first; this only bounds what h11 buffers meanwhile.
        "h11_max_incomplete_event_size": 4 * MAX_HEAD_BYTES,
        "proxy_headers": True,
        "log_config": None,  # our JSON logging (app.logs) is set up by the app
        "access_log": False,  # the app's middleware writes the access log with the request id
    }


def serve(host: str, port: int, workers: int = 1, app: str = "app.main:app") -> None:
    """uvicorn with the service's settings; `app` is only ever changed by the benchmark's
    parse floor (bench/parse_floor.py), so the floor runs under exactly these settings."""
    if workers > 1:
        uvicorn.config.Config.bind_socket = _bind_socket_as_tcp  # type: ignore[method-assign]
    uvicorn.run(app, host=host, port=port, workers=workers, **uvicorn_options(get_settings()))
