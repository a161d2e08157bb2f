"""`python -m bench.uvicorn_nodelay <uvicorn args>`: uvicorn with its bound socket marked TCP.

uvicorn 0.54 binds the listening socket for `--workers N` with proto 0; accepted connections
inherit it, and asyncio only sets TCP_NODELAY when proto is IPPROTO_TCP. Without it, Nagle's
algorithm holds the second write of each keep-alive response until the client's delayed ACK
(~40 ms on Linux). Known upstream: Kludex/uvicorn#3149. The benchmark runs this launcher beside
plain `uvicorn --workers 2` to show what the fix is worth; it changes nothing else.
"""

from __future__ import annotations

import socket

import uvicorn.config
from uvicorn.main import main

_bind_socket = uvicorn.config.Config.bind_socket


def bind_socket_as_tcp(self: uvicorn.config.Config) -> socket.socket:
    sock = _bind_socket(self)
    if sock.family in (socket.AF_INET, socket.AF_INET6) and sock.proto == 0:
        family, kind = sock.family, sock.type
        sock = socket.socket(family, kind, socket.IPPROTO_TCP, fileno=sock.detach())
        sock.set_inheritable(True)
    return sock


if __name__ == "__main__":
    uvicorn.config.Config.bind_socket = bind_socket_as_tcp  # type: ignore[method-assign]
    main()
