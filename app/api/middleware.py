"""One pure-ASGI middleware for what every request needs: a request id (accepted and echoed as
X-Request-ID on every answer, 500s included), security headers, the body limits (413 before
parsing, 408 for a body that doesn't arrive, JSON shape checks), a bound on heavy requests
(429), a deadline on the answer (503), database faults as 503/507 and crashes as one logged
500, metrics by route template, and a JSON access log line. Pure ASGI rather than
BaseHTTPMiddleware: it adds no task or copy per small request."""

from __future__ import annotations

import asyncio
import logging
import re
import time
import uuid
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from urllib.parse import parse_qsl

from starlette.responses import Response
from starlette.routing import BaseRoute, Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.api.limits import (
    JsonDepthError,
    JsonShapeError,
    NotJsonError,
    check_json_shape,
    shape_error_loc,
)
from app.api.metrics import Metrics
from app.api.offload import SideLoop, on_loop
from app.api.problems import (
    RETRY_AFTER_BUSY,
    RETRY_AFTER_UNAVAILABLE,
    crash_response,
    database_fault_response,
    is_storage_full,
    problem_response,
)
from app.logs import request_id_var

access_log = logging.getLogger("rulings.access")
error_log = logging.getLogger("rulings.errors")
_PARAM_CONVERTER = re.compile(r":\w+}")
_GOOD_ID = re.compile(r"^[A-Za-z0-9._:/+=-]{1,128}$")

# The one Content-Security-Policy of the service: its own origin only (the docs assets are
# served by the service itself), plus inline styles and the docs page's inline start-up
# script (Swagger UI, ReDoc).
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; "
    "script-src 'self' 'unsafe-inline'; "
    "style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; "
    "font-src 'self' data:; "
    "object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'self'"
)
SECURITY_HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode("latin-1")),
)
_BODY_METHODS = ("POST", "PUT", "PATCH")


@dataclass(frozen=True, slots=True)
class RequestLimits:
    max_body_bytes: int = 2 * 1024 * 1024
    body_timeout: float = 10.0
    request_timeout: float = 15.0
    heavy_body_bytes: int = 64 * 1024
    heavy_per_process: int = 4
    heavy_per_client: int = 2


class WriteHealth:
    """Whether writes are failing for lack of space, for /readyz: not ready for a while after
    a storage-full failure, unless a write has succeeded since."""

    COOLDOWN_SECONDS = 30.0

    def __init__(self) -> None:
        self._failed_at: float | None = None

    def failed(self) -> None:
        self._failed_at = time.monotonic()

    def succeeded(self) -> None:
        self._failed_at = None

    def storage_full(self) -> bool:
        failed = self._failed_at
        return failed is not None and time.monotonic() - failed < self.COOLDOWN_SECONDS


class HeavyGate:
    """At most `per_process` heavy requests at once, `per_client` per client address. Runs on
    the server's event loop only, so plain counters suffice."""

    def __init__(self, per_process: int, per_client: int) -> None:
        self.per_process = per_process
        self.per_client = per_client
        self.running = 0
        self.by_client: dict[str, int] = {}

    def enter(self, client: str) -> bool:
        if self.running >= self.per_process or self.by_client.get(client, 0) >= self.per_client:
            return False
        self.running += 1
        self.by_client[client] = self.by_client.get(client, 0) + 1
        return True

    def leave(self, client: str) -> None:
        self.running -= 1
        left = self.by_client[client] - 1
        if left:
            self.by_client[client] = left
        else:
            del self.by_client[client]


class _Answer:
    """The request's one answer: stamps its headers and tracks whether it started. The app
    sends through `from_app`, which goes quiet once the middleware has taken the answer over
    (a deadline passed), so a late answer can't mix with the 503 sent in its place."""

    def __init__(self, send: Send, request_id: str, write_health: WriteHealth) -> None:
        self._send = send
        self.request_id = request_id.encode("latin-1")
        self.write_health = write_health
        self.status = 500
        self.started = False
        self.taken_over = False

    async def from_app(self, message: Message) -> None:
        if not self.taken_over:
            await self(message)

    async def __call__(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            self.started = True
            self.status = message["status"]
            if self.status == 201:
                # A ruling was stored: writes work (marked before the client can hear of it).
                self.write_health.succeeded()
            message["headers"] = [
                *message.get("headers", []),
                (b"x-request-id", self.request_id),
                *SECURITY_HEADERS,
            ]
        await self._send(message)


# The scope key under which ServiceMiddleware leaves a deferred body check (`checked_inside`).
BODY_CHECK = "rulings.body_check"
# orjson's parse of the body, left by the shape check for the route's validation
# (app/api/classes.py): the same bytes, parsed once.
PARSED_BODY = "rulings.parsed_body"


class ServiceMiddleware:
    def __init__(
        self,
        app: ASGIApp,
        *,
        metrics: Metrics,
        limits: RequestLimits,
        routes: Iterable[BaseRoute] = (),
        write_health: WriteHealth | None = None,
        checked_inside: frozenset[str] = frozenset(),
    ) -> None:
        """`checked_inside`: the paths of the POST routes whose body shape checks the
        repeated-question middleware runs, only for bytes not answered before
        (app/api/fastpath.py)."""
        self.app = app
        self.checked_inside = checked_inside
        self.metrics = metrics
        self.limits = limits
        self.routes = routes
        self.write_health = write_health or WriteHealth()
        self.gate = HeavyGate(limits.heavy_per_process, limits.heavy_per_client)
        self.side_loop = SideLoop()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        asked = _header(scope, b"x-request-id") or ""
        request_id = asked if _GOOD_ID.match(asked) else uuid.uuid4().hex
        token = request_id_var.set(request_id)
        answer = _Answer(send, request_id, self.write_health)
        try:
            await self._handle(scope, receive, answer)
        except Exception as exc:
            await self._on_exception(scope, answer, exc)
        finally:
            self._account(scope, answer.status, time.perf_counter() - started)
            request_id_var.reset(token)

    async def _handle(self, scope: Scope, receive: Receive, answer: _Answer) -> None:
        nul = _nul_refusal(scope)
        if nul is not None:
            await self._refuse(scope, answer, nul)
            return
        if scope["method"] not in _BODY_METHODS:
            await self._run(scope, receive, answer, heavy=False)
            return
        length = _header(scope, b"content-length")
        if length is not None and (
            not length.isdigit() or int(length) > self.limits.max_body_bytes
        ):
            await self._refuse(scope, answer, self._too_large(), close=True)
            return
        content_type = _header(scope, b"content-type")
        if content_type is None:
            # No content type at all is read as JSON (curl -d without -H).
            scope["headers"] = [*scope["headers"], (b"content-type", b"application/json")]
        elif not is_json(content_type):
            await self._refuse(scope, answer, _unsupported_media_type())
            return
        client = (scope.get("client") or ("unknown", 0))[0]
        heavy = length is not None and int(length) > self.limits.heavy_body_bytes
        if heavy and not self.gate.enter(client):
            await self._refuse(scope, answer, _too_many(), close=True)
            return
        try:
            await self._read_and_run(scope, receive, answer, client, heavy)
        finally:
            if heavy:
                self.gate.leave(client)

    async def _read_and_run(
        self, scope: Scope, receive: Receive, answer: _Answer, client: str, heavy: bool
    ) -> None:
        # Read the whole body (up to the limit, within the body timeout) before the app sees
        # any of it, so the size and shape limits hold for chunked uploads too.
        try:
            async with asyncio.timeout(self.limits.body_timeout):
                body = await self._read_limited(receive)
        except TimeoutError:
            await self._refuse(scope, answer, _body_timeout(self.limits.body_timeout), close=True)
            return
        if body is None:
            await self._refuse(scope, answer, self._too_large(), close=True)
            return
        if not heavy and len(body) > self.limits.heavy_body_bytes:  # chunked, no length given
            if not self.gate.enter(client):
                await self._refuse(scope, answer, _too_many())
                return
            try:
                await self._checked_run(scope, replay(body, receive), answer, body, heavy=True)
            finally:
                self.gate.leave(client)
            return
        await self._checked_run(scope, replay(body, receive), answer, body, heavy=heavy)

    async def _checked_run(
        self, scope: Scope, receive: Receive, answer: _Answer, body: bytes, *, heavy: bool
    ) -> None:
        async def checked(receive: Receive, send: Send) -> None:
            if scope["method"] == "POST" and scope["path"] in self.checked_inside:
                # Bytes answered before passed the checks then (their alias key names the
                # limits): a repeated question skips them, a new one runs them inside.
                scope[BODY_CHECK] = lambda: _shape_refusal(scope, body)
                await self.app(scope, receive, send)
                return
            refusal = _shape_refusal(scope, body)
            if refusal is not None:
                await refusal(scope, receive, send)
                return
            await self.app(scope, receive, send)

        await self._run(scope, receive, answer, heavy=heavy, call=checked)

    async def _run(
        self,
        scope: Scope,
        receive: Receive,
        answer: _Answer,
        *,
        heavy: bool,
        call: Callable[[Receive, Send], Awaitable[None]] | None = None,
    ) -> None:
        """Run the app (on the side loop when heavy) and answer 503 in its place when it takes
        longer than the request timeout: a frozen database holds a query forever."""
        work = call or (lambda r, s: self.app(scope, r, s))
        send = answer.from_app
        task = asyncio.ensure_future(
            self._off_loop(work, receive, send) if heavy else work(receive, send)
        )
        done, _ = await asyncio.wait({task}, timeout=self.limits.request_timeout)
        if task in done or answer.started:
            await task
            return
        answer.taken_over = True
        task.add_done_callback(_log_late_failure)
        await self._refuse(scope, answer, _timed_out(self.limits.request_timeout))

    async def _off_loop(
        self, work: Callable[[Receive, Send], Awaitable[None]], receive: Receive, send: Send
    ) -> None:
        """Run `work` on the side loop; its receives and sends hop back to this loop, where
        the server's transport lives."""
        here = asyncio.get_running_loop()

        async def bridged_receive() -> Message:
            return await on_loop(here, receive)

        async def bridged_send(message: Message) -> None:
            await on_loop(here, lambda: send(message))

        await self.side_loop.run(lambda: work(bridged_receive, bridged_send))

    async def _on_exception(self, scope: Scope, answer: _Answer, exc: Exception) -> None:
        fault = database_fault_response(exc)
        if fault is None:
            # Logged here, once, inside the request's context (so with its request id).
            error_log.exception("unhandled error on %s %s", scope["method"], scope["path"])
        else:
            error_log.warning(
                "database fault on %s %s: %s", scope["method"], scope["path"], type(exc).__name__
            )
            if is_storage_full(exc):
                self.write_health.failed()
        if answer.started:
            return  # too late to answer otherwise; the server closes the connection
        await (fault or crash_response())({"type": "http"}, empty_receive, answer)

    async def _refuse(
        self, scope: Scope, answer: _Answer, response: Response, *,
        close: bool = False,
    ) -> None:  # fmt: skip
        if close:
            # The unread rest of the body is not drained: the connection ends with this answer.
            response.headers["connection"] = "close"
        await response(scope, empty_receive, answer)

    def _too_large(self) -> Response:
        return problem_response(
            413,
            "body_too_large",
            f"The body is larger than the limit of {self.limits.max_body_bytes} bytes.",
        )

    async def _read_limited(self, receive: Receive) -> bytes | None:
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.limits.max_body_bytes:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        return b"".join(chunks)

    def _account(self, scope: Scope, status: int, elapsed: float) -> None:
        template = self._template(scope)
        self.metrics.observe(scope["method"], template, status, elapsed)
        access_log.info(
            "request",
            extra={
                "method": scope["method"][:16],
                "path": scope["path"],
                "route": template,
                "status": status,
                "duration_ms": round(elapsed * 1000, 2),
            },
        )

    def _template(self, scope: Scope) -> str:
        """The route template of the request, also for requests refused before routing."""
        route = scope.get("route")
        path = getattr(route, "path", None)
        if path is None:
            path = _matching_path(self.routes, scope)
        return _PARAM_CONVERTER.sub("}", path or "unmatched")


def _matching_path(routes: Iterable[BaseRoute], scope: Scope) -> str | None:
    for candidate in routes:
        match, _ = candidate.matches(scope)
        if match is Match.NONE:
            continue
        # FastAPI keeps an included router whole; its routes carry the full path.
        inner = getattr(candidate, "original_router", None)
        if inner is not None:
            found = _matching_path(inner.routes, scope)
            if found is not None:
                return found
            continue
        return getattr(candidate, "path", None)
    return None


def _nul_refusal(scope: Scope) -> Response | None:
    """No name, id or cursor has a NUL, and PostgreSQL can't even compare text with one:
    a path with one names nothing (404), a query parameter with one is invalid (422)."""
    if "\x00" in scope["path"]:
        return problem_response(404, "not_found", "No such resource (the path has a NUL).")
    query = scope.get("query_string", b"")
    if b"%00" not in query and b"\x00" not in query:
        return None
    names = [
        name for name, value in parse_qsl(query.decode("latin-1"), keep_blank_values=True)
        if "\x00" in value or "\x00" in name
    ]  # fmt: skip
    name = names[0] if names else "query"
    return problem_response(
        422,
        "nul_character",
        f"{name}: text may not contain NUL characters",
        [{"loc": ["query", name], "msg": "text may not contain NUL characters",
          "type": "nul_character"}],
    )  # fmt: skip


def _shape_refusal(scope: Scope, body: bytes) -> Response | None:
    """The refusal of a body past the structural limits, else None; the shape check's parse
    of the body, when it made one, is left in the scope (PARSED_BODY)."""
    try:
        parsed = check_json_shape(body)
    except JsonShapeError as exc:
        # The part of the body past the limit, found by a slower walk (refused bodies only).
        errors = [{"loc": ["body", *shape_error_loc(body)], "msg": exc.detail, "type": exc.code}]
        status = 400 if isinstance(exc, (JsonDepthError, NotJsonError)) else 422
        return problem_response(status, exc.code, exc.detail, errors)
    if parsed is not None:
        scope[PARSED_BODY] = parsed
    return None


def _unsupported_media_type() -> Response:
    return problem_response(
        415, "unsupported_media_type", "Send the body as JSON (Content-Type: application/json)."
    )


def _too_many() -> Response:
    return problem_response(
        429,
        "too_many_requests",
        "Too many large questions at once from this client or in this process; retry shortly.",
        headers={"Retry-After": str(RETRY_AFTER_BUSY)},
    )


def _body_timeout(seconds: float) -> Response:
    return problem_response(
        408, "body_timeout", f"The body did not arrive within {seconds:g} seconds."
    )


def _timed_out(seconds: float) -> Response:
    return problem_response(
        503,
        "timeout",
        f"No answer within {seconds:g} seconds (the database may be stalled); retry later.",
        headers={"Retry-After": str(RETRY_AFTER_UNAVAILABLE)},
    )


def _log_late_failure(task: asyncio.Future[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        error_log.warning("a request answered late failed: %s", type(task.exception()).__name__)


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope["headers"]:
        if key.lower() == name:
            return str(value.decode("latin-1"))
    return None


def is_json(content_type: str) -> bool:
    """An `application/json` or `application/*+json` media type (what FastAPI reads as JSON)."""
    media = content_type.split(";", 1)[0].strip().lower()
    return media == "application/json" or (
        media.startswith("application/") and media.endswith("+json")
    )


async def empty_receive() -> Message:
    return {"type": "http.disconnect"}


def replay(body: bytes, receive: Receive) -> Receive:
    """A `receive` that hands the app the body already read, then the client's next messages."""
    sent = False

    async def wrapped() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return wrapped
