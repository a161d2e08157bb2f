"""Request bodies validated in one pass: the raw bytes straight into the request model
(`model_validate_json`), instead of FastAPI's `json.loads` into dicts and lists, then a
validation of those. On 10,000 permanents that is one walk over the text where there were two
over it and its objects.

Only a shortcut for bodies that are valid: the model it returns is what FastAPI's own parse and
validation would have built from the same bytes (strict models, JSON-only types: no enums,
dates or tuples that JSON mode could read more leniently). A body it rejects, for any reason,
takes FastAPI's own way unchanged, so every 400 and 422 keeps its exact shape and wording.
A big battlefield is validated one class of permanents at a time instead, from the parse the
shape check made of the same bytes (app/api/classes.py), where that gives the same model.

A valid body of a rules endpoint then goes straight to the endpoint (`_direct_call`): every
rules endpoint has the one shape `(body, request, rulings)` and answers with a Response of its
own, so what FastAPI's handler would still do for it — solve the one dependency, look for
sub-responses and background tasks there are none of, wrap it for telemetry nobody configured
— is done here in three lines: the dependency awaited, the endpoint run on the thread pool.
It runs inside the same route, so routing, the exception handlers (problem+json) and the
middleware apply as before. Any other shape of route, a dependency override, or a content type
FastAPI would not read as JSON takes FastAPI's own way.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from fastapi.routing import APIRoute
from pydantic import BaseModel, ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from app.api.classes import validate_by_class
from app.api.middleware import PARSED_BODY, is_json

Handler = Callable[[Request], Coroutine[Any, Any, Response]]
DirectCall = Callable[[BaseModel, Request], Awaitable[Response]]


class JsonBodyRoute(APIRoute):
    """A route whose JSON body model is built from the raw bytes in one pass."""

    def get_route_handler(self) -> Handler:
        handler = super().get_route_handler()
        field = self.body_field
        model = field.field_info.annotation if field is not None else None
        if not (isinstance(model, type) and issubclass(model, BaseModel)):
            return handler
        body_model: type[BaseModel] = model
        direct = self._direct_call()

        async def validated_first(request: Request) -> Response:
            raw = await request.body()
            if raw:
                try:
                    parsed = _validated(body_model, raw, request.scope.get(PARSED_BODY))
                except ValidationError:
                    pass  # FastAPI parses and validates it again, and answers as it always has
                else:
                    if direct is not None and _direct_applies(request):
                        return await direct(parsed, request)
                    # Starlette's cached parse of the body: FastAPI reads it through
                    # `request.json()`, and an instance of the model validates as itself.
                    request._json = parsed
            return await handler(request)

        return validated_first

    def _direct_call(self) -> DirectCall | None:
        """The endpoint called with its body, its request and its one dependency, when it has
        the rules endpoints' shape: a plain function of exactly those, returning a Response,
        whose dependency is an async function of the request alone. Else None."""
        dependant = self.dependant
        endpoint = self.endpoint
        field = self.body_field
        if (
            field is None
            or inspect.iscoroutinefunction(endpoint)
            or dependant.request_param_name is None
            or len(dependant.dependencies) != 1
            or dependant.path_params
            or dependant.query_params
            or dependant.header_params
            or dependant.cookie_params
            or len(dependant.body_params) != 1
            or dependant.response_param_name
            or dependant.background_tasks_param_name
            or dependant.security_scopes_param_name
            or inspect.signature(endpoint).return_annotation not in (Response, "Response")
        ):
            return None
        dependency = dependant.dependencies[0]
        provide = dependency.call
        if (
            provide is None
            or not inspect.iscoroutinefunction(provide)
            or dependency.dependencies
            or dependency.request_param_name is None
            or len(inspect.signature(provide).parameters) != 1
            or dependency.name is None
        ):
            return None
        body_name, request_name, dependency_name = (
            field.name,
            dependant.request_param_name,
            dependency.name,
        )
        if len({body_name, request_name, dependency_name}) != 3:
            return None

        async def call(body: BaseModel, request: Request) -> Response:
            provided = await provide(request)
            arguments = {body_name: body, request_name: request, dependency_name: provided}
            # A sync endpoint runs on the thread pool, as FastAPI runs it.
            response: Response = await run_in_threadpool(endpoint, **arguments)
            return response

        return call


def _validated(model: type[BaseModel], raw: bytes, parse: object) -> BaseModel:
    """The body model: a big battlefield validated by class from the shape check's parse of
    these bytes (`parse`, None when it made none), any other body from the bytes in one pass."""
    by_class = validate_by_class(model, parse) if parse is not None else None
    return by_class if by_class is not None else model.model_validate_json(raw)


def _direct_applies(request: Request) -> bool:
    """Whether FastAPI would have read this body as JSON (the media types ServiceMiddleware
    lets through) and no dependency is overridden."""
    if request.app.dependency_overrides:
        return False
    return is_json(request.headers.get("content-type", ""))
