"""Versions: the package's, and the engine's.

A ruling's id includes the engine version, so whatever can change an answer must change it:
the rules code (app/engine, app/domain) and the card data. The version is the package version
plus a digest of exactly those files; a fix to either gives its questions fresh rulings instead
of serving the stored ones.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from app.catalog import catalog_digest

__version__ = "0.1.0"

_APP = Path(__file__).resolve().parent
RULES_CODE = ("engine", "domain")


@lru_cache
def rules_code_digest() -> str:
    h = hashlib.sha256()
    for package in RULES_CODE:
        for path in sorted((_APP / package).glob("*.py")):
            h.update(f"{package}/{path.name}".encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:8]


@lru_cache
def engine_version() -> str:
    return f"{__version__}+rules.{rules_code_digest()}.cards.{catalog_digest()[:8]}"
