"""The checked-in OpenAPI document matches the app (`make openapi` regenerates it)."""

from __future__ import annotations

import json
from pathlib import Path

from app.main import create_app
from app.settings import Settings

DOC = Path(__file__).resolve().parents[1] / "openapi" / "openapi.json"


def test_openapi_document_has_not_drifted(tmp_path: Path) -> None:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path}/o.db", migrate_on_startup=False))
    current = json.loads(json.dumps(app.openapi()))
    assert json.loads(DOC.read_text(encoding="utf-8")) == current, "run `make openapi`"


def test_every_operation_has_an_example_and_documents_problems(tmp_path: Path) -> None:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path}/o.db", migrate_on_startup=False))
    doc = app.openapi()
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if method == "post":
                # Named examples on the request body (the docs page's drop-down).
                assert op["requestBody"]["content"]["application/json"].get("examples"), path
                assert "application/problem+json" in op["responses"]["422"]["content"], path
