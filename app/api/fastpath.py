"""The repeated-question path (app/rulings/fastpath.py) as a pure-ASGI middleware: a POST to a
rules endpoint whose exact bytes were answered before is served from its alias, before any
routing, dependency solving or validation; any other request passes through untouched.

It runs inside ServiceMiddleware (so the body has passed the size and type limits, and the
request id, metrics and access log apply; the shape limits, nesting and keys, ServiceMiddleware
leaves to this middleware, which runs them only for bytes not answered before: bytes answered
before passed them, and the alias key names the limits) and inside CORS (so a hit gets the same CORS
headers). The lookup runs in the thread pool, like the endpoints: a database call never blocks
the event loop. Hits served lately, and the aliases the full path has just stored, are
remembered in memory (RecentAliases): asked again, they cost no database round trip, and still
check the cards they read against the catalog; when memory alone shows those cards unchanged
(`Catalog.cached_digest`), the hit is served on the event loop without a thread-pool hop at
all. A small body memory doesn't hold goes the full path without a lookup (`_hit`), and so its
alias is only remembered, never written to the store (`PendingAlias.persist`). A lookup
that fails (the database is down) is no answer: the full path runs and answers as it would
have.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable

import anyio.to_thread
from fastapi import APIRouter, FastAPI
from fastapi.routing import APIRoute
from sqlalchemy.exc import SQLAlchemyError
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from app.api.limits import LIMITS_KEY
from app.api.middleware import BODY_CHECK, empty_receive, replay
from app.api.rulings_http import ruling_response
from app.db.repositories import AliasHit
from app.rulings import fastpath

log = logging.getLogger("rulings.fastpath")

# Bodies up to this many bytes not remembered are not looked up in the store before the full
# path (`_hit`). Measured here: the thread hop and the query cost a request about 0.3-0.4 ms of
# CPU under load; the shape check, validation and the question's checks cost 0.13 ms for a
# five-permanent question (335 bytes) and 0.46 ms for forty (2.2 kB).
STORE_LOOKUP_ABOVE = 2 * 1024


def post_routes(routers: list[APIRouter]) -> dict[str, APIRoute]:
    """The POST routes of these routers by path (every POST of the service is a rules
    endpoint; another one would only ever miss: aliases are recorded with rulings alone)."""
    return {
        route.path: route
        for router in routers
        for route in router.routes
        if isinstance(route, APIRoute) and "POST" in (route.methods or ()) and "{" not in route.path
    }


class _Hits:
    """Alias hits by key, least recently used first, bounded in entries and in body bytes."""

    def __init__(self, max_entries: int, max_bytes: int) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self.hits: OrderedDict[str, AliasHit] = OrderedDict()
        self.bytes = 0

    def get(self, key: str) -> AliasHit | None:
        hit = self.hits.get(key)
        if hit is not None:
            self.hits.move_to_end(key)
        return hit

    def put(self, key: str, hit: AliasHit) -> None:
        self.forget(key)
        self.hits[key] = hit
        self.bytes += len(hit.ruling.body)
        while len(self.hits) > self.max_entries or self.bytes > self.max_bytes:
            _, dropped = self.hits.popitem(last=False)
            self.bytes -= len(dropped.ruling.body)

    def forget(self, key: str) -> None:
        old = self.hits.pop(key, None)
        if old is not None:
            self.bytes -= len(old.ruling.body)

    def clear(self) -> None:
        self.hits.clear()
        self.bytes = 0


class RecentAliases:
    """The alias hits served lately, kept in memory so a question asked again and again costs
    no database round trip. Only a cache of what the store holds: rulings are never changed or
    deleted, an alias key names the rules version and the limits, and every hit still checks
    the lookups it recorded against the current catalog (`fastpath.reads_still_hold`), so a
    remembered hit serves exactly what the store would.

    Two memories, each bounded in entries and bytes: rulings up to `max_body` bytes, and a few
    big ones (a 10,000-permanent board's ruling is 2.4 MB: read from the store, it cost a
    thread-pool hop and a read of every page of it each time it was asked again), kept apart
    so that a few big rulings never push out the thousands of small ones. A ruling bigger than
    `max_big_bytes` is left to the store."""

    def __init__(
        self,
        max_entries: int = 2048,
        max_bytes: int = 16 * 1024 * 1024,
        max_body: int = 64 * 1024,
        max_big_entries: int = 4,
        max_big_bytes: int = 16 * 1024 * 1024,
    ) -> None:
        self.max_body = max_body
        self._small = _Hits(max_entries, max_bytes)
        self._big = _Hits(max_big_entries, max_big_bytes)
        self._lock = threading.Lock()  # lookups run on the thread pool

    def get(self, key: str) -> AliasHit | None:
        with self._lock:
            return self._small.get(key) or self._big.get(key)

    def put(self, key: str, hit: AliasHit) -> None:
        size = len(hit.ruling.body)
        with self._lock:
            self._forget_unlocked(key)  # its ruling may be another size now (a changed card)
            if size <= self.max_body:
                self._small.put(key, hit)
            elif size <= self._big.max_bytes:
                self._big.put(key, hit)

    def clear(self) -> None:
        """Forget everything (the store was emptied or restored under a running server)."""
        with self._lock:
            self._small.clear()
            self._big.clear()

    def forget(self, key: str) -> None:
        with self._lock:
            self._forget_unlocked(key)

    def _forget_unlocked(self, key: str) -> None:
        self._small.forget(key)
        self._big.forget(key)

    def sizes(self) -> tuple[int, int]:
        """How many small and big hits are remembered (for tests and metrics)."""
        with self._lock:
            return len(self._small.hits), len(self._big.hits)


class RepeatedQuestionMiddleware:
    def __init__(self, app: ASGIApp, *, service: FastAPI, routes: dict[str, APIRoute]) -> None:
        """`routes`: the rules endpoints by path (`post_routes`)."""
        self.app = app
        self.service = service
        self.routes = routes
        self.recent: RecentAliases = service.state.recent_aliases

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        route = self._rules_route(scope)
        if route is None:
            await self.app(scope, receive, send)
            return
        body = await read_body(receive)
        if body is None:  # the client went away before sending it all
            return
        # Left by ServiceMiddleware (checked_inside): run only for bytes not answered before.
        check: Callable[[], Response | None] | None = scope.pop(BODY_CHECK, None)
        key = self._key(scope, body)
        hit = await self._hit(key, len(body))
        if hit is not None:
            scope["route"] = route  # metrics and the access log name the route, as on a miss
            self.service.state.metrics.ruling(hit.kind, False)
            response = ruling_response(hit.ruling, created=False)
            await response(scope, empty_receive, send)
            return
        refusal = check() if check is not None else None
        if refusal is not None:
            await refusal(scope, empty_receive, send)
            return
        # Stored with the ruling only where `_hit` would look it up in the store.
        pending, token = fastpath.begin(key, persist=len(body) > STORE_LOOKUP_ABOVE)
        try:
            await self.app(scope, replay(body, receive), send)
        finally:
            fastpath.end(token)
        if pending.stored is not None:  # the full path stored (or found) these bytes' alias
            self.recent.put(key, pending.stored)

    def _rules_route(self, scope: Scope) -> APIRoute | None:
        if scope["type"] != "http" or scope["method"] != "POST":
            return None
        return self.routes.get(scope["path"])

    def _key(self, scope: Scope, body: bytes) -> str:
        return fastpath.alias_key(
            scope["path"],
            scope.get("query_string", b""),
            f"{self.service.state.rules_version}; {LIMITS_KEY}",
            body,
        )

    async def _hit(self, key: str, size: int) -> AliasHit | None:
        """The stored ruling for these bytes, if their alias holds.

        A hit remembered lately whose cards memory shows unchanged is served at once, with no
        I/O (this runs on the event loop). Any other lookup may read the database, so it runs
        on the thread pool, and only where it can pay for itself: for a body remembered but
        not vouched for, and for a body larger than STORE_LOOKUP_ABOVE, whose validation and
        checks a hit saves. The bytes of a small question not in memory go the full path at
        once: a new question (most of them) is spared a thread hop and a query that could
        only miss, and one asked before meets its stored ruling when the full path's insert
        does (app/rulings/service.py, `_looked_up_first`)."""
        remembered = self.recent.get(key)
        if remembered is None and size <= STORE_LOOKUP_ABOVE:
            return None
        if remembered is not None and fastpath.reads_hold_in_memory(
            self.service.state.catalog, remembered.cards
        ):
            return remembered
        return await anyio.to_thread.run_sync(self._find, key, remembered)

    def _find(self, key: str, remembered: AliasHit | None) -> AliasHit | None:
        """The lookup that may read the database: `remembered` (what memory holds for `key`)
        checked against the catalog, else the alias table."""
        state = self.service.state
        try:
            if remembered is not None:
                if fastpath.reads_still_hold(state.catalog, remembered.cards):
                    return remembered
                self.recent.forget(key)  # a card changed: the full path re-points the alias
            with state.db.reads.connect() as conn:  # one SELECT: no transaction around it
                hit = fastpath.find_repeated(conn, state.catalog, key)
        except SQLAlchemyError as exc:
            log.warning("alias lookup failed: %s", type(exc).__name__)
            return None
        if hit is not None:
            self.recent.put(key, hit)
        return hit


async def read_body(receive: Receive) -> bytes | None:
    """A request's whole body, or None when the client went away before sending it all."""
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return None
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks)
