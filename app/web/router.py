"""Routes for people: `/` (points to /docs), /docs and /redoc with their assets served from
this service (no CDN: a container on a closed network shows them), /openapi.json, and a page
for each problem type. APIRoutes, so /metrics labels them by route like every other route."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, HTTPException, Request
from fastapi import Path as PathParam
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response

from app.web.problem_pages import page_for
from app.web.templates import render

router = APIRouter(include_in_schema=False)

OWN_STATIC = Path(__file__).with_name("static")
# Swagger UI and ReDoc as the pinned fastapi-offline package ships them (MIT; Swagger UI is
# Apache-2.0, ReDoc MIT): served from here, never a CDN.
VENDOR_STATIC = Path(str(files("fastapi_offline") / "static"))
ASSETS: dict[str, tuple[Path, str]] = {
    "swagger-ui-bundle.js": (VENDOR_STATIC, "text/javascript"),
    "swagger-ui.css": (VENDOR_STATIC, "text/css"),
    "redoc.standalone.js": (VENDOR_STATIC, "text/javascript"),
    "favicon.png": (VENDOR_STATIC, "image/png"),
    "swagger-init.js": (OWN_STATIC, "text/javascript"),
}
CODE_PATTERN = r"^[a-z][a-z0-9_]{0,63}$"


def _html(body: str) -> HTMLResponse:
    return HTMLResponse(body, headers={"Cache-Control": "public, max-age=300"})


@router.get("/")
def home(request: Request) -> HTMLResponse:
    paths = request.app.openapi()["paths"]
    endpoints = [
        (method.upper(), path, operation.get("summary", ""))
        for path, item in paths.items()
        if path.startswith("/v1/")
        for method, operation in item.items()
    ]
    return _html(render("home.html", endpoints=endpoints))


@router.get("/docs")
def swagger_ui() -> HTMLResponse:
    return _html(render("swagger.html"))


@router.get("/redoc")
def redoc() -> HTMLResponse:
    return _html(render("redoc.html"))


@router.get("/openapi.json")
def openapi_document(request: Request) -> JSONResponse:
    return JSONResponse(request.app.openapi())


@router.get("/docs/assets/{name}")
def docs_asset(name: str) -> Response:
    found = ASSETS.get(name)
    if found is None:
        raise HTTPException(404, f"No docs asset named {name!r}.")
    folder, media_type = found
    # The assets change only with the pinned package (a new release), so a day is safe.
    return FileResponse(
        folder / name, media_type=media_type, headers={"Cache-Control": "public, max-age=86400"}
    )


@router.get("/problems/{code}")
def problem_page(code: Annotated[str, PathParam(pattern=CODE_PATTERN)]) -> HTMLResponse:
    page = page_for(code)
    return _html(
        render(
            "problem.html",
            code=code,
            status=page.status or None,
            title=page.title,
            explanation=page.explanation,
        )
    )
