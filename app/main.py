"""The ASGI application: `uvicorn app.main:app`."""

from __future__ import annotations

import gc
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from sqlalchemy.exc import SQLAlchemyError

from app.api import problems
from app.api.fastpath import RecentAliases, RepeatedQuestionMiddleware, post_routes
from app.api.metrics import Metrics
from app.api.middleware import RequestLimits, ServiceMiddleware, WriteHealth
from app.api.problems import Problem, problem_responses
from app.api.routers import all_routers
from app.catalog.store import DbCatalog
from app.db.checkpoint import WalCheckpointer
from app.db.migrate import head_revision, is_migrated, migrate
from app.db.session import Database, DbTimeouts
from app.db.writer import GroupCommitWriter
from app.logs import configure_logging
from app.rulings.identity import rules_version
from app.settings import Settings, get_settings
from app.version import __version__, engine_version
from app.web.head import HeadAsGet
from app.web.router import router as web_router

DESCRIPTION = """
Rules answers about mana and casting in Magic: The Gathering, each returned as a stored
**ruling**: the answer, the reasons as steps, and the Comprehensive Rules numbers they rest on.

Every rules endpoint is a POST that stores its ruling: `201` the first time a question is asked,
`200` with the same ruling after that. Errors are `application/problem+json`.
"""


# Young-generation threshold above what one big question leaves alive at once (a 10,000-permanent
# could-produce grows the heap by ~160,000 tracked objects, all freed by reference counting when
# it ends): such a request triggers no collection at all, where (10_000, 20, 20) ran ~16 young
# and ~1 middle collection over its live objects, 15-60 ms (bench/profiling.py). Cyclic garbage
# still can't pile up past 200,000 objects before a collection frees it.
GC_THRESHOLDS = (200_000, 20, 100)


def tune_garbage_collector() -> None:
    """Everything loaded at start-up (modules, catalog, schemas) lives as long as the process:
    move it out of the collector's sight, and collect young objects only when a request's worth
    of them has piled up (GC_THRESHOLDS)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def _warm_catalog(app: FastAPI, db: Database) -> None:
    """Load the bundled cards at start-up; imported ones load on first use. Only a speed-up:
    with the database down or not migrated yet the app still starts (/readyz says 503)."""
    try:
        if is_migrated(db.engine, app.state.head_revision):
            app.state.catalog.warm()
    except SQLAlchemyError as exc:
        logging.getLogger("rulings.catalog").warning("catalog not preloaded: %s", exc)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    configure_logging(settings.log_level)
    db = Database(
        settings.database_url,
        DbTimeouts(
            connect=settings.db_connect_timeout,
            statement=settings.db_statement_timeout,
            pool=settings.db_pool_timeout,
            sqlite_busy=settings.sqlite_busy_timeout,
        ),
    )
    # New rulings of concurrent requests share one commit (durable before any is answered);
    # on SQLite the writer also checkpoints the WAL, between batches, off the request path.
    writer = GroupCommitWriter(db.engine, WalCheckpointer.for_url(db.engine, db.url))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if settings.migrate_on_startup:
            migrate(db.engine)
        _warm_catalog(app, db)
        tune_garbage_collector()
        yield
        writer.close()
        db.dispose()

    app = FastAPI(
        title="Rulings Engine",
        version=__version__,
        description=DESCRIPTION,
        lifespan=lifespan,
        # The docs pages and the document are served by app.web (offline, no CDN).
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
    )
    app.state.settings = settings
    app.state.db = db
    app.state.writer = writer
    # Any stored card by an indexed lookup, parsed once per process (app/catalog/store.py).
    app.state.catalog = DbCatalog(db.reads)  # it only reads: autocommit, no BEGIN/ROLLBACK
    app.state.engine_version = engine_version()
    # What keys rulings (and their aliases): changes whenever an answer could.
    app.state.rules_version = rules_version()
    app.state.head_revision = head_revision()
    app.state.metrics = Metrics()
    app.state.write_health = WriteHealth()
    # Alias hits served lately, answered again without a database round trip.
    app.state.recent_aliases = RecentAliases()

    problems.install(app)
    routers = all_routers()
    for router in routers:
        app.include_router(router)
    app.include_router(web_router)
    # Innermost: a repeated question is answered inside CORS and ServiceMiddleware, like any.
    rules_posts = post_routes(routers)
    app.add_middleware(RepeatedQuestionMiddleware, service=app, routes=rules_posts)
    if settings.cors_origins.strip():
        app.add_middleware(
            CORSMiddleware,
            allow_origins=[o.strip() for o in settings.cors_origins.split(",") if o.strip()],
            allow_methods=["GET", "POST"],
            allow_headers=["Content-Type", "If-None-Match", "X-Request-ID"],
            expose_headers=["ETag", "Link", "Location", "X-Request-ID"],
        )
    app.add_middleware(HeadAsGet)
    app.add_middleware(
        ServiceMiddleware,
        metrics=app.state.metrics,
        limits=RequestLimits(
            max_body_bytes=settings.max_body_bytes,
            body_timeout=settings.body_timeout,
            request_timeout=settings.request_timeout,
            heavy_body_bytes=settings.heavy_body_bytes,
            heavy_per_process=settings.heavy_per_process,
            heavy_per_client=settings.heavy_per_client,
        ),
        routes=app.router.routes,
        write_health=app.state.write_health,
        checked_inside=frozenset(rules_posts),
    )
    _document_problem_schema(app)
    return app


def problem_responses_json(*statuses: int) -> dict[str, object]:
    return {str(k): v for k, v in problem_responses(*statuses).items()}


def _document_problem_schema(app: FastAPI) -> None:
    original = app.openapi

    def openapi() -> dict[str, object]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = original()
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        components["Problem"] = Problem.model_json_schema(
            ref_template="#/components/schemas/{model}"
        )
        for name, sub in components["Problem"].pop("$defs", {}).items():
            components.setdefault(name, sub)
        # Every validation failure is problem+json, not FastAPI's default shape; bodies can also
        # be malformed (400), too large (413) or not JSON (415).
        for path, item in schema.get("paths", {}).items():
            for method, operation in item.items():
                responses = operation.setdefault("responses", {})
                if "422" in responses:
                    responses.update(problem_responses_json(422))
                if method == "post":
                    responses.update(problem_responses_json(400, 413, 415, 422, 429, 507))
                if path not in ("/healthz", "/metrics"):
                    responses.update(problem_responses_json(503))
        components.pop("HTTPValidationError", None)
        components.pop("ValidationError", None)
        app.openapi_schema = _one_name_per_schema(schema)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def _output_name(name: str) -> str:
    base = name.removesuffix("-Output")
    return base.removesuffix("In") + "Out"


def _one_name_per_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """Pydantic names a model's input and output schemas `X-Input` and `X-Output` when they
    differ (a card's computed `mana_value`): give each its own plain name, `X` for what a
    client sends and `XOut` for what it gets back, so no name appears twice."""
    components = schema["components"]["schemas"]
    renames = {
        name: name.removesuffix("-Input") if name.endswith("-Input") else _output_name(name)
        for name in components
        if name.endswith(("-Input", "-Output"))
    }
    if not renames:
        return schema
    text = json.dumps(schema)
    for old, new in renames.items():
        text = text.replace(f'"#/components/schemas/{old}"', f'"#/components/schemas/{new}"')
    renamed: dict[str, Any] = json.loads(text)
    parts = renamed["components"]["schemas"]
    renamed["components"]["schemas"] = {renames.get(k, k): v for k, v in parts.items()}
    return renamed


app = create_app()
