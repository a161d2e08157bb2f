"""RFC 9457 problem details for every error (docs/api.md "Errors")."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, Field
from sqlalchemy import exc as sa_exc
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response

from app.domain.errors import QuestionError

PROBLEM_MEDIA_TYPE = "application/problem+json"
log = logging.getLogger("rulings.errors")

TITLES = {
    400: "Bad Request",
    401: "Unauthorized",
    404: "Not Found",
    405: "Method Not Allowed",
    406: "Not Acceptable",
    408: "Request Timeout",
    413: "Content Too Large",
    415: "Unsupported Media Type",
    422: "Unprocessable Content",
    429: "Too Many Requests",
    431: "Request Header Fields Too Large",
    500: "Internal Server Error",
    503: "Service Unavailable",
    507: "Insufficient Storage",
}

# A validation problem lists at most this many errors (the first ones) and counts the rest:
# a hostile body can't make the answer larger than the question.
MAX_ERRORS_SHOWN = 20
# Seconds a client should wait before trying again after each kind of refusal.
RETRY_AFTER_UNAVAILABLE = 5
RETRY_AFTER_BUSY = 1
RETRY_AFTER_STORAGE = 30


class ValidationIssue(BaseModel):
    loc: list[str | int]
    msg: str
    type: str


class Problem(BaseModel):
    """Problem details (RFC 9457) with a stable `code` and, for validation, `errors`."""

    type: str = Field(examples=["/problems/validation_error"])
    title: str
    status: int
    detail: str
    code: str = Field(examples=["validation_error"])
    errors: list[ValidationIssue] | None = None
    errors_total: int | None = Field(
        None, description="How many errors there were; `errors` lists the first 20"
    )


def problem_response(
    status: int,
    code: str,
    detail: str,
    errors: Sequence[dict[str, Any]] | None = None,
    headers: dict[str, str] | None = None,
) -> Response:
    body: dict[str, Any] = {
        "type": f"/problems/{code}",
        "title": TITLES.get(status, "Error"),
        "status": status,
        "detail": detail,
        "code": code,
    }
    if errors is not None:
        body["errors"] = list(errors[:MAX_ERRORS_SHOWN])
        body["errors_total"] = len(errors)
    return Response(
        json.dumps(body, ensure_ascii=False),
        status_code=status,
        media_type=PROBLEM_MEDIA_TYPE,
        headers=headers,
    )


def _where(loc: Sequence[Any]) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path", "header")]
    out = ""
    for p in parts:
        out += f"[{p}]" if p.isdigit() else (f".{p}" if out else p)
    return out or "body"


# The names pydantic gives the members of a union of plain values ("an index or an id") in an
# error's path: no field of a request, so left out of `loc` (the message says which was meant).
_SCALAR_MEMBERS = re.compile(r"^(?:int|str|bool|float|none|(?:constrained|lax|strict)-\w+)$")


def _clean_issue(err: dict[str, Any], body: Any) -> dict[str, Any]:
    loc = [
        p if isinstance(p, int) else str(p)
        for p in err.get("loc", ())
        if isinstance(p, int) or not _SCALAR_MEMBERS.match(str(p))
    ]
    kind = str(err.get("type", ""))
    missing = kind.startswith("missing")
    msg = str(err.get("msg", ""))
    if kind == "value_error":
        # The service's own sentence, without the library's "Value error, " before it.
        msg = msg.removeprefix("Value error, ")
    return {"loc": _in_body(loc, body, missing), "msg": msg, "type": kind}


def _in_body(loc: list[str | int], body: Any, missing: bool) -> list[str | int]:
    """`loc` as a path into the body the client sent: the names pydantic gives the members of
    a union it tried (a tagged ability's `mana_ability`, a library entry's `definition`, a
    value's `literal['X']`) are no keys of it, so they go. A step the body lacks can only be
    such a name (pydantic goes into no value that isn't there), but the last step of an error
    about a `missing` field, in an object: that field stays. Unchanged when the body isn't at
    hand (not JSON, or not the body's location)."""
    if len(loc) < 2 or loc[0] != "body" or not isinstance(body, (dict, list)):
        return loc
    path: list[str | int] = ["body"]
    node: Any = body
    tag_read = False  # a tagged member's tag comes once, first, at the object it tags
    for i, step in enumerate(loc[1:], start=1):
        if not tag_read and isinstance(node, dict) and node.get("kind") == step:
            tag_read = True
            continue  # the tag of the member tried, even where a field has its name
        if _holds(node, step):
            node, tag_read = node[step], False
        elif i < len(loc) - 1 or not (missing and isinstance(node, dict)):
            continue  # a union member's name
        else:
            node = None  # a missing field
        path.append(step)
    return path


def _holds(node: Any, step: str | int) -> bool:
    """Whether `step` is a key of the object or an index of the array `node`."""
    if isinstance(node, dict):
        return isinstance(step, str) and step in node
    return isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node)


def _one_per_union(errors: Sequence[Any], body: Any = None) -> list[dict[str, Any]]:
    """The cleaned issues, those of one union of plain values at one place made one: its
    members' messages joined by "or" (each alone would say something false)."""
    issues: list[dict[str, Any]] = []
    for err in errors:
        issue = _clean_issue(err, body)
        member = len(issue["loc"]) < len(err.get("loc", ()))
        last = issues[-1] if issues else None
        if member and last is not None and last["loc"] == issue["loc"] and last.get("union"):
            last["msg"] += f", or {issue['msg'][:1].lower()}{issue['msg'][1:]}"
            continue
        issues.append(issue | ({"union": True} if member else {}))
    return [{k: v for k, v in i.items() if k != "union"} for i in issues]


async def _on_validation(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    issues = _one_per_union(exc.errors(), getattr(exc, "body", None))
    if any(i["type"] == "json_invalid" for i in issues):
        return problem_response(400, "malformed_json", "The body is not valid JSON.", issues)
    first = issues[0] if issues else {"loc": ["body"], "msg": "invalid"}
    more = f" (and {len(issues) - 1} more)" if len(issues) > 1 else ""
    detail = f"{_where(first['loc'])}: {first['msg']}{more}"
    return problem_response(422, "validation_error", detail, issues)


class RequestError(QuestionError):
    """A QuestionError about the request outside its body (("path", "name"), ("query",
    "after")): its `loc` is already the HTTP location."""


def body_loc(exc: QuestionError) -> tuple[str | int, ...]:
    """Where the question is in the request: its body. The engine and app/rulings name the
    field within the question; the HTTP location is added only here."""
    return exc.loc if isinstance(exc, RequestError) else ("body", *exc.loc)


async def _on_question(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, QuestionError)
    loc = body_loc(exc)
    issue = {"loc": list(loc), "msg": exc.message, "type": exc.code}
    return problem_response(422, exc.code, f"{_where(loc)}: {exc.message}", [issue])


async def _on_http(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, StarletteHTTPException)
    code = {
        400: "malformed_body",
        401: "unauthorized",
        404: "not_found",
        405: "method_not_allowed",
    }.get(exc.status_code, f"http_{exc.status_code}")
    detail = exc.detail if isinstance(exc.detail, str) else TITLES.get(exc.status_code, "Error")
    if exc.status_code == 404 and detail == "Not Found":
        detail = "No such resource."
    return problem_response(exc.status_code, code, detail, headers=getattr(exc, "headers", None))


def crash_response() -> Response:
    """A 5xx other than a database fault is always a bug: never show a stack trace (the
    middleware logs it once, with the request id)."""
    return problem_response(500, "internal_error", "The server failed to answer; this is a bug.")


def database_fault_response(exc: BaseException) -> Response | None:
    """The answer to a database fault (503, or 507 when storage is full), or None when `exc`
    is not one. A fault is the database's state, not a bug: the client may retry."""
    if isinstance(exc, sa_exc.TimeoutError):  # no pooled connection came free in time
        return _unavailable("No database connection came free in time.")
    if not isinstance(exc, sa_exc.DBAPIError):
        return None
    if _is_storage_full(exc):
        return problem_response(
            507,
            "storage_full",
            "The database has no space left to store the ruling; nothing was stored.",
            headers={"Retry-After": str(RETRY_AFTER_STORAGE)},
        )
    if _is_locked(exc):
        return problem_response(
            503,
            "database_busy",
            "Another process holds the database's write lock; nothing was stored.",
            headers={"Retry-After": str(RETRY_AFTER_BUSY)},
        )
    if isinstance(exc, sa_exc.OperationalError | sa_exc.InterfaceError) or (
        exc.connection_invalidated
    ):
        return _unavailable(f"The database can't be used right now ({type(exc.orig).__name__}).")
    return None


def is_storage_full(exc: BaseException) -> bool:
    return isinstance(exc, sa_exc.DBAPIError) and _is_storage_full(exc)


def _is_storage_full(exc: sa_exc.DBAPIError) -> bool:
    # SQLite: SQLITE_FULL; PostgreSQL: SQLSTATE 53100 disk_full.
    message = str(exc.orig).lower()
    sqlstate = getattr(exc.orig, "sqlstate", None)
    return sqlstate == "53100" or "database or disk is full" in message


def _is_locked(exc: sa_exc.DBAPIError) -> bool:
    # SQLite: SQLITE_BUSY after the busy timeout.
    return "database is locked" in str(exc.orig).lower()


def _unavailable(detail: str) -> Response:
    return problem_response(
        503,
        "database_unavailable",
        detail,
        headers={"Retry-After": str(RETRY_AFTER_UNAVAILABLE)},
    )


def install(app: FastAPI) -> None:
    # Crashes and database faults are answered by the service middleware, which sees every
    # exception once, inside the request's logging context.
    app.add_exception_handler(RequestValidationError, _on_validation)
    app.add_exception_handler(QuestionError, _on_question)
    app.add_exception_handler(StarletteHTTPException, _on_http)


def problem_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI entries documenting problem+json answers."""
    descriptions = {
        400: "Malformed JSON",
        404: "Not found",
        413: "Body too large",
        415: "The body is not JSON",
        422: "Invalid or inconsistent question (the errors name the field)",
        429: "Too many large questions at once; retry after Retry-After seconds",
        503: "The database is unavailable or busy; retry after Retry-After seconds",
        507: "The database has no space left",
    }
    return {
        s: {
            "description": descriptions.get(s, TITLES.get(s, "Error")),
            "content": {
                PROBLEM_MEDIA_TYPE: {
                    "schema": {"$ref": "#/components/schemas/Problem"},
                    **({"example": _example(s)} if s in EXAMPLES else {}),
                }
            },
        }
        for s in statuses
    }


# What each status really answers (code and detail as the handlers above write them).
EXAMPLES: dict[int, tuple[str, str]] = {
    400: ("malformed_json", "The body is not valid JSON."),
    404: ("not_found", "No such resource."),
    413: ("body_too_large", "The body is larger than the limit of 2097152 bytes."),
    415: ("unsupported_media_type", "Send the body as JSON (Content-Type: application/json)."),
    422: ("unknown_card", "state.battlefield[0].card: unknown card 'Forrest': not in the catalog"),
    503: ("not_migrated", "The database is not at the latest migration."),
}


def _example(status: int) -> dict[str, Any]:
    code, detail = EXAMPLES[status]
    body: dict[str, Any] = {
        "type": f"/problems/{code}",
        "title": TITLES[status],
        "status": status,
        "detail": detail,
        "code": code,
    }
    if status == 422:
        body["errors"] = [
            {
                "loc": ["body", "state", "battlefield", 0, "card"],
                "msg": "unknown card 'Forrest': not in the catalog",
                "type": code,
            }
        ]
    return body
