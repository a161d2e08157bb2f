"""Versions: the package's, and the engine's.

`engine_version` (in every ruling body) is the package version plus the rules version, a
digest of the rules code's syntax tree (app/rulings/identity.py). Card data is no longer part
of it: each ruling's id carries the digests of the cards its question names instead, so a
changed card re-keys only the questions about it.
"""

from __future__ import annotations

from functools import lru_cache

from app.rulings.identity import rules_version

__version__ = "0.1.0"


def rules_code_digest() -> str:
    return rules_version()


@lru_cache
def engine_version() -> str:
    return f"{__version__}+rules.{rules_version()}"
