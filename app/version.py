"""Versions: the package's, and the engine's (code version plus a digest of the card data)."""

from __future__ import annotations

from functools import lru_cache

from app.catalog import catalog_digest

__version__ = "0.1.0"


@lru_cache
def engine_version() -> str:
    return f"{__version__}+cards.{catalog_digest()}"
