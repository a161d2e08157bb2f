"""Operations: liveness, readiness, metrics."""

from __future__ import annotations

from fastapi import APIRouter, Request
from sqlalchemy.exc import SQLAlchemyError
from starlette.responses import JSONResponse, PlainTextResponse, Response

from app.api.problems import problem_response, problem_responses
from app.db.migrate import is_migrated

router = APIRouter(tags=["operations"])


@router.get("/healthz", operation_id="healthz", summary="The process is alive")
async def healthz() -> Response:
    """Liveness: answers 200 while the process runs, without touching the database."""
    # Async on purpose: answered on the event loop itself, never queued behind worker threads
    # that may be waiting on a stalled database.
    return JSONResponse({"status": "ok"})


@router.get(
    "/readyz",
    operation_id="readyz",
    summary="The database is reachable and at the latest migration",
    responses={200: {"description": "Ready"}, **problem_responses(503)},
)
def readyz(request: Request) -> Response:
    """Readiness: 200 when the database answers and is at the latest migration, else a 503
    problem."""
    try:
        ready = is_migrated(request.app.state.db.engine, request.app.state.head_revision)
    except SQLAlchemyError as exc:
        return problem_response(
            503, "database_unreachable", f"The database can't be reached: {type(exc).__name__}."
        )
    if not ready:
        return problem_response(503, "not_migrated", "The database is not at the latest migration.")
    if request.app.state.write_health.storage_full():
        # Give back what the WAL holds, so freed space isn't filled again by an old WAL.
        request.app.state.db.checkpoint()
        return problem_response(
            503, "storage_full", "Writes are failing: the database has no space left."
        )
    return JSONResponse({"status": "ready", "revision": request.app.state.head_revision})


@router.get(
    "/metrics",
    operation_id="metrics",
    summary="Prometheus metrics (text format)",
    response_class=PlainTextResponse,
    responses={200: {"content": {"text/plain": {"schema": {"type": "string"}}}}},
)
def metrics(request: Request) -> PlainTextResponse:
    """Prometheus metrics in the text format: requests and durations by route template, and
    rulings created or found stored."""
    return PlainTextResponse(
        request.app.state.metrics.render(), media_type="text/plain; version=0.0.4"
    )
