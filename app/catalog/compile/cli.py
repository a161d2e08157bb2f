"""`rulings cards coverage [PATH] [--json]`: the compiler's coverage of a corpus."""

from __future__ import annotations

import json
import sys

import ijson

from app.catalog.compile.corpus import read_corpus
from app.catalog.compile.coverage import measure, render


def coverage(path: str | None, *, as_json: bool) -> int:
    if path is None:
        return _stored_coverage(as_json=as_json)
    try:
        cov = measure(read_corpus(path))
    except (OSError, ValueError, ijson.JSONError) as exc:
        print(f"cannot read {path}: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(cov.to_json(), indent=2) if as_json else render(cov))
    return 0


def _stored_coverage(*, as_json: bool) -> int:
    """Without PATH: the rules text of the cards imported into the configured database."""
    from sqlalchemy.exc import SQLAlchemyError

    from app.catalog.compile.stored import stored_faces
    from app.db.session import make_engine
    from app.settings import get_settings

    engine = make_engine(get_settings().database_url)
    try:
        cov = measure(stored_faces(engine))
    except SQLAlchemyError as exc:
        print(f"cannot read the database: {exc.__class__.__name__}: {exc}", file=sys.stderr)
        return 1
    finally:
        engine.dispose()
    if cov.faces == 0:
        print(
            "no imported rules text in the database: run `rulings cards import PATH`, "
            "or give PATH (an MTGJSON-like file)",
            file=sys.stderr,
        )
        return 2
    print(json.dumps(cov.to_json(), indent=2) if as_json else render(cov))
    return 0
