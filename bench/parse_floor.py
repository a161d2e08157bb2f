"""The floors: what the same server costs to receive a body and parse it, and nothing else; and
what it costs to receive one, parse it and write it durably, and nothing else.

A bench-only ASGI app (never part of the service), served by `app.serve.serve`, the service's
own runner and uvicorn settings, so that a ratio to a floor compares like with like:

- any POST but the write floor's: the body read and parsed as JSON, answered 204 (the parse
  floor: "stored question / parse floor" is what the service does beyond parsing the bytes);
- `POST /write-floor`: the body read and parsed, then stored as one new row and committed in the
  SQLite database the server is given (`RULINGS_DATABASE_URL`), with the service's settings
  (app/db/session.py: WAL, synchronous=FULL, its page size), each request its own commit, then
  answered 201 with a JSON body the size of a small ruling. The least a new question can cost
  this runner and disk with nothing lost on a crash: its throughput against the service's
  `/healthz` says how much of issue 15's budget for a new small question (0.5x healthz) is left
  for the service's own work (validation, the checks, the engine, the ruling's JSON).

The write floor is bare ASGI, ahead of FastAPI's routing, and writes on the event loop with no
thread-pool hop and no group commit: the least CPU a durable write can take here, not a design a
service could ship (a slow disk would stall every request behind it; the service commits on its
thread pool, app/db/writer.py).
"""

from __future__ import annotations

import json
import sqlite3
import threading

from fastapi import FastAPI, Request
from sqlalchemy import Engine, PoolProxiedConnection
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from app.api.fastpath import read_body
from app.db.session import is_sqlite, make_engine
from app.settings import get_settings

WRITE_FLOOR = "/write-floor"
# About the size of the small could-produce ruling's body (3.6 kB), sent with every 201.
SMALL_RULING_BYTES = 3_600
_EMPTY = json.dumps({"object": "floor", "padding": ""})
_PADDING = "x" * (SMALL_RULING_BYTES - len(_EMPTY))
_ANSWER = json.dumps({"object": "floor", "padding": _PADDING}).encode()

floors = FastAPI(openapi_url=None, docs_url=None, redoc_url=None)


class _FloorStore:
    """One connection to the server's SQLite database, checked out at the first write from an
    engine made by the service's own factory (so its connect-time settings apply) and held, with
    that engine, for the life of the process."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._engine: Engine | None = None
        self._held: PoolProxiedConnection | None = None
        self._connection: sqlite3.Connection | None = None

    def connection(self) -> sqlite3.Connection:
        with self._lock:
            if self._connection is None:
                self._connection = self._open()
            return self._connection

    def _open(self) -> sqlite3.Connection:
        url = get_settings().database_url
        if not is_sqlite(url):
            raise RuntimeError(f"the write floor needs a SQLite database, not {url!r}")
        self._engine = make_engine(url)
        self._held = self._engine.raw_connection()  # the connect hooks set the pragmas
        connection = self._held.driver_connection
        assert isinstance(connection, sqlite3.Connection)
        connection.execute(
            "CREATE TABLE IF NOT EXISTS write_floor (seq INTEGER PRIMARY KEY, body BLOB NOT NULL)"
        )
        connection.commit()
        return connection

    def write(self, body: bytes) -> None:
        """One row, one commit: durable (synchronous=FULL) when this returns."""
        connection = self.connection()
        connection.execute("INSERT INTO write_floor (body) VALUES (?)", (body,))
        connection.commit()


store = _FloorStore()


@floors.get("/healthz")
async def healthz() -> dict[str, str]:
    return {"status": "ok"}


@floors.post("/{path:path}")
async def parse(request: Request) -> Response:
    json.loads(await request.body())
    return Response(status_code=204)


_ANSWER_HEADERS = [
    (b"content-type", b"application/json"),
    (b"content-length", str(len(_ANSWER)).encode()),
]


async def app(scope: Scope, receive: Receive, send: Send) -> None:
    """The write floor as bare ASGI, ahead of any routing (the service's repeated-question path
    is bare ASGI too, app/api/fastpath.py); everything else to the FastAPI app."""
    if scope["type"] != "http" or scope["path"] != WRITE_FLOOR or scope["method"] != "POST":
        await floors(scope, receive, send)
        return
    body = await read_body(receive)
    if body is None:  # the client went away
        return
    json.loads(body)
    store.write(body)
    await send({"type": "http.response.start", "status": 201, "headers": _ANSWER_HEADERS})
    await send({"type": "http.response.body", "body": _ANSWER})
