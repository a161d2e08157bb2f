"""A lean HTTP/1.1 client for the timed one-at-a-time POSTs (could-produce over HTTP, the parse
floor): one keep-alive socket, the request written in one call, the answer read straight into
one buffer of its Content-Length.

Why not httpx there: httpx reads an answer 64 KB at a time through h11 and joins the pieces,
which on the 2.3 MB ruling of a 10,000-permanent board cost the client about 5 ms, more than
the server spends answering it from the store (about 4 ms of CPU). Timed with httpx, the
stored row measured mostly the client. This client's cost is the kernel's copy.

It speaks just what those rows need: a POST with a body, answers framed by Content-Length
(every answer of the service and of the floor app that has a body is; a 204 has none).
Anything else is an error, never a guess.
"""

from __future__ import annotations

import socket
from dataclasses import dataclass
from urllib.parse import urlsplit


class WireError(RuntimeError):
    """The server answered in a way this client does not read (or closed the connection)."""


@dataclass(frozen=True)
class WireResponse:
    status_code: int
    content: bytes | bytearray  # the buffer read into, not copied again

    @property
    def text(self) -> str:
        return self.content.decode(errors="replace")


class WireClient:
    """`with WireClient(base_url) as c: c.post(path, content=body, headers=...)`."""

    def __init__(self, base_url: str, timeout: float = 120.0) -> None:
        parts = urlsplit(base_url)
        if parts.scheme != "http" or parts.hostname is None or parts.port is None:
            raise ValueError(f"an http://host:port address is needed, not {base_url!r}")
        self.host = parts.hostname
        self.port = parts.port
        self.timeout = timeout
        self._sock: socket.socket | None = None
        self._pending = b""  # bytes read past the last answer (none, with one request at once)

    def __enter__(self) -> WireClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        sock, self._sock = self._sock, None
        if sock is not None:
            sock.close()

    def _connected(self) -> socket.socket:
        if self._sock is None:
            sock = socket.create_connection((self.host, self.port), timeout=self.timeout)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._sock = sock
            self._pending = b""
        return self._sock

    def post(
        self, path: str, content: bytes, headers: dict[str, str] | None = None
    ) -> WireResponse:
        head = [f"POST {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        head += [f"{k}: {v}" for k, v in (headers or {}).items()]
        head.append(f"Content-Length: {len(content)}")
        sock = self._connected()
        try:
            sock.sendall(("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + content)
            return self._read_response(sock)
        except BaseException:
            self.close()  # a half-read answer leaves the connection unusable
            raise

    def _read_response(self, sock: socket.socket) -> WireResponse:
        data = self._pending
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(65536)
            if not chunk:
                raise WireError("the server closed the connection before answering")
            data += chunk
        head, _, rest = data.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        fields = {k.strip().lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:])}
        if status == 204 or status == 304:
            length = 0  # never a body (RFC 9112, 6.3)
        elif "content-length" in fields:
            length = int(fields["content-length"])
        else:
            raise WireError(f"an answer without Content-Length (status {status})")
        body = bytearray(length)
        view = memoryview(body)
        got = min(len(rest), length)
        view[:got] = rest[:got]
        self._pending = rest[got:]
        while got < length:
            n = sock.recv_into(view[got:])
            if n == 0:
                raise WireError("the server closed the connection mid-answer")
            got += n
        if fields.get("connection", "").lower() == "close":
            self.close()
        return WireResponse(status, body)
