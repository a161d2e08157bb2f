"""The parse floor: what the same server costs to receive a body and parse it, and nothing else.

A bench-only ASGI app (never part of the service) whose one route reads the request body and
parses it as JSON, answering 204. It is served by `app.serve.serve`, the service's own runner
and uvicorn settings, so "stored question / parse floor" compares like with like: the
difference is what the service does beyond parsing the bytes.
"""

from __future__ import annotations

import json

from fastapi import FastAPI, Request
from starlette.responses import Response

app = FastAPI(openapi_url=None, docs_url=None, redoc_url=None)


@app.get("/healthz")
async def healthz() -> dict[str, str]:
    return {"status": "ok"}


@app.post("/{path:path}")
async def parse(request: Request) -> Response:
    json.loads(await request.body())
    return Response(status_code=204)
