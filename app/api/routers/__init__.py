"""Every module in this package that defines `router` is mounted by app.main, in the order of
`ORDER` first (the docs page follows it), then any others by module name."""

from __future__ import annotations

import importlib
import pkgutil

from fastapi import APIRouter

ORDER = (
    "could_produce",
    "activate",
    "mana_value",
    "free_cast",
    "reveal",
    "mulligan",
    "rulings",
    "cards",
    "ops",
)


def all_routers() -> list[APIRouter]:
    names = [m.name for m in pkgutil.iter_modules(__path__)]
    ordered = [n for n in ORDER if n in names] + sorted(n for n in names if n not in ORDER)
    routers: list[APIRouter] = []
    for name in ordered:
        module = importlib.import_module(f"{__name__}.{name}")
        router = getattr(module, "router", None)
        if isinstance(router, APIRouter):
            routers.append(router)
    return routers
