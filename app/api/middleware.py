"""One pure-ASGI middleware for what every request needs: a request id (accepted and echoed as
X-Request-ID), the body size limit (413 before parsing), metrics by route template, and a JSON
access log line. Pure ASGI rather than BaseHTTPMiddleware: it adds no task or copy per request."""

from __future__ import annotations

import logging
import re
import time
import uuid
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.api.limits import MAX_JSON_DEPTH, json_depth_exceeds
from app.api.metrics import Metrics
from app.api.problems import problem_response
from app.logs import request_id_var

access_log = logging.getLogger("rulings.access")
_PARAM_CONVERTER = re.compile(r":\w+}")
_GOOD_ID = re.compile(r"^[A-Za-z0-9._:/+=-]{1,128}$")


class ServiceMiddleware:
    def __init__(self, app: ASGIApp, *, metrics: Metrics, max_body_bytes: int) -> None:
        self.app = app
        self.metrics = metrics
        self.max_body = max_body_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        asked = headers.get("x-request-id", "")
        request_id = asked if _GOOD_ID.match(asked) else uuid.uuid4().hex
        token = request_id_var.set(request_id)
        status_seen = 500

        async def send_with_id(message: Message) -> None:
            nonlocal status_seen
            if message["type"] == "http.response.start":
                status_seen = message["status"]
                message.setdefault("headers", [])
                message["headers"] = [
                    *message["headers"],
                    (b"x-request-id", request_id.encode("latin-1")),
                ]
            await send(message)

        try:
            length = headers.get("content-length")
            if length is not None and (not length.isdigit() or int(length) > self.max_body):
                await self._too_large(send_with_id)
                return
            if scope["method"] in ("POST", "PUT", "PATCH") and not _is_json(
                headers.get("content-type")
            ):
                response = problem_response(
                    415,
                    "unsupported_media_type",
                    "Send the body as JSON (Content-Type: application/json).",
                )
                await response(scope, _empty_receive, send_with_id)
                return
            if scope["method"] in ("POST", "PUT", "PATCH"):
                # Read the whole body (up to the limit) before the app sees any of it, so the
                # size and nesting limits hold for chunked uploads too.
                body = await self._read_limited(receive)
                if body is None:
                    await self._too_large(send_with_id)
                    return
                if json_depth_exceeds(body):
                    response = problem_response(
                        400,
                        "too_deeply_nested",
                        f"The body nests deeper than {MAX_JSON_DEPTH} levels.",
                    )
                    await response(scope, _empty_receive, send_with_id)
                    return
                receive = _replay(body, receive)
            await self.app(scope, receive, send_with_id)
        finally:
            elapsed = time.perf_counter() - started
            route = scope.get("route")
            template = _PARAM_CONVERTER.sub("}", getattr(route, "path", None) or "unmatched")
            self.metrics.observe(scope["method"], template, status_seen, elapsed)
            access_log.info(
                "request",
                extra={
                    "method": scope["method"],
                    "path": scope["path"],
                    "route": template,
                    "status": status_seen,
                    "duration_ms": round(elapsed * 1000, 2),
                },
            )
            request_id_var.reset(token)

    async def _read_limited(self, receive: Receive) -> bytes | None:
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.max_body:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        return b"".join(chunks)

    async def _too_large(self, send: Any) -> None:
        response = problem_response(
            413,
            "body_too_large",
            f"The body is larger than the limit of {self.max_body} bytes.",
        )
        await response({"type": "http"}, _empty_receive, send)


def _is_json(content_type: str | None) -> bool:
    # No content type at all is read as JSON (curl -d without -H); anything else must say so.
    if content_type is None:
        return True
    media = content_type.split(";", 1)[0].strip().lower()
    return media == "application/json" or (
        media.startswith("application/") and media.endswith("+json")
    )


async def _empty_receive() -> Message:
    return {"type": "http.disconnect"}


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def wrapped() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return wrapped
