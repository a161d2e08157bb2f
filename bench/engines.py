"""Find the engine entry points, which may not exist yet (they are written alongside)."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from app.domain.ruling import Verdict

COULD_PRODUCE = ("app.engine.could_produce", "could_produce")
ACTIVATE = ("app.engine.activate", "activate")


def find(target: tuple[str, str]) -> tuple[Callable[..., Verdict] | None, str]:
    """The function, or None and why not ("not available yet: …")."""
    module_name, attr = target
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:
            return None, f"not available yet: {module_name} does not exist"
        return None, f"not available yet: importing {module_name} failed: {exc}"
    except Exception as exc:
        return None, f"not available yet: importing {module_name} failed: {exc!r}"[:200]
    fn = getattr(module, attr, None)
    if not callable(fn):
        return None, f"not available yet: {module_name}.{attr} is missing"
    found: Callable[..., Verdict] = fn
    return found, ""
