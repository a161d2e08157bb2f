"""`rulings cards coverage [PATH] [--json]`: the compiler's coverage of a corpus."""

from __future__ import annotations

import json
import sys

import ijson

from app.catalog.compile.corpus import read_faces
from app.catalog.compile.coverage import measure, render


def coverage(path: str | None, *, as_json: bool) -> int:
    if path is None:
        # The imported cards will live in the database (issue 10); until then a file is needed.
        print(
            "give PATH: an MTGJSON-like file (AtomicCards or a JSON list of cards)", file=sys.stderr
        )
        return 2
    try:
        cov = measure(read_faces(path))
    except (OSError, ValueError, ijson.JSONError) as exc:
        print(f"cannot read {path}: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(cov.to_json(), indent=2) if as_json else render(cov))
    return 0
