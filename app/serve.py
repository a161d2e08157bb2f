"""Running the app under uvicorn: `rulings serve` (and the container's command).

With `--workers N` uvicorn binds the listening socket itself with protocol 0, so asyncio never
sets TCP_NODELAY on accepted connections and every keep-alive response waits ~40 ms for the
client's delayed ACK (uvicorn#3149). We re-wrap the bound socket as TCP before the workers
inherit it; with one worker uvicorn's own path is already right.
"""

from __future__ import annotations

import socket

import uvicorn
import uvicorn.config

_uvicorn_bind_socket = uvicorn.config.Config.bind_socket


def _bind_socket_as_tcp(self: uvicorn.config.Config) -> socket.socket:
    sock = _uvicorn_bind_socket(self)
    if sock.family in (socket.AF_INET, socket.AF_INET6) and sock.proto == 0:
        sock = socket.socket(sock.family, sock.type, socket.IPPROTO_TCP, fileno=sock.detach())
        sock.set_inheritable(True)
    return sock


def serve(host: str, port: int, workers: int = 1, app: str = "app.main:app") -> None:
    """uvicorn with the service's settings; `app` is only ever changed by the benchmark's
    parse floor (bench/parse_floor.py), so the floor runs under exactly these settings."""
    if workers > 1:
        uvicorn.config.Config.bind_socket = _bind_socket_as_tcp  # type: ignore[method-assign]
    uvicorn.run(
        app,
        host=host,
        port=port,
        workers=workers,
        proxy_headers=True,
        log_config=None,  # our JSON logging (app.logs) is set up by the app
        access_log=False,  # the app's middleware writes the access log with the request id
    )
