"""Layering (docs/architecture.md): the engine and domain import no web or database code."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "app"
FORBIDDEN = (
    "fastapi",
    "starlette",
    "sqlalchemy",
    "alembic",
    "app.db",
    "app.api",
    "app.rulings",
    "app.main",
)


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return names


def test_engine_and_domain_import_no_web_or_database_code() -> None:
    offenders = []
    for package in ("engine", "domain"):
        for path in (ROOT / package).rglob("*.py"):
            for name in _imports(path):
                if any(name == f or name.startswith(f + ".") for f in FORBIDDEN):
                    offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


def test_engine_version_carries_the_rules_version() -> None:
    # Card data keys each ruling by digest instead (tests/catalog/test_identity.py).
    from app.rulings.identity import rules_version
    from app.version import __version__, engine_version

    assert engine_version() == f"{__version__}+rules.{rules_version()}"


# docs/architecture.md "short functions, one job each": no engine function over this many lines
# (signature, docstring and body), so a rule area's steps stay named and findable.
MAX_ENGINE_FUNCTION_LINES = 80


def test_no_engine_function_is_over_80_lines() -> None:
    too_long = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_ENGINE_FUNCTION_LINES:
                    where = f"{path.relative_to(ROOT)}:{node.lineno}"
                    too_long.append(f"{where} {node.name} is {lines} lines")
    assert too_long == []
