"""The pages for people without a browser: home, problem types, docs assets, no CDN."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from starlette.testclient import TestClient

from app.web.problem_pages import PROBLEMS

APP = Path(__file__).resolve().parents[2] / "app"


def test_home_points_to_the_docs(sqlite_client: TestClient) -> None:
    r = sqlite_client.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert 'href="/docs"' in r.text and "/v1/mana/could-produce" in r.text


def test_docs_pages_load_only_their_own_assets(sqlite_client: TestClient) -> None:
    for path in ("/docs", "/redoc"):
        html = sqlite_client.get(path).text
        sources = re.findall(r'(?:src|href)="([^"]+)"', html)
        assert sources and all(s.startswith("/") for s in sources), sources
        for source in sources:
            asset = sqlite_client.get(source)
            assert asset.status_code == 200 and len(asset.content) > 100, source
    assert sqlite_client.get("/docs/assets/nothing.js").status_code == 404


def test_no_cdn_anywhere_in_the_app() -> None:
    pattern = re.compile(r"//[^\s\"']*(cdn|jsdelivr|unpkg|googleapis|fonts\.)", re.IGNORECASE)
    for path in APP.rglob("*"):
        if path.suffix in (".py", ".html", ".js", ".css"):
            assert not pattern.search(path.read_text(encoding="utf-8")), path


def _codes_raised() -> set[str]:
    """Every problem code the app's source passes to QuestionError or problem_response."""
    codes: set[str] = set()
    for path in APP.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name not in ("QuestionError", "problem_response"):
                continue
            for arg in node.args:
                value = arg.value if isinstance(arg, ast.Constant) else None
                if isinstance(value, str) and re.fullmatch(r"[a-z]+(_[a-z]+)*", value):
                    codes.add(value)
    return codes


def test_every_problem_type_has_a_page(sqlite_client: TestClient) -> None:
    raised = _codes_raised()
    assert {"unknown_card", "validation_error", "body_too_large"} <= raised
    assert raised <= PROBLEMS.keys(), sorted(raised - PROBLEMS.keys())
    for code in sorted(raised):
        r = sqlite_client.get(f"/problems/{code}")
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
        assert PROBLEMS[code].title.split()[0] in r.text


def test_a_problem_links_to_its_page(sqlite_client: TestClient) -> None:
    problem = sqlite_client.post(
        "/v1/spells/mana-value", json={"card": "No Such Card", "zone": "hand"}
    ).json()
    page = sqlite_client.get(problem["type"])
    assert page.status_code == 200 and "catalog" in page.text
    assert sqlite_client.get("/problems/http_405").status_code == 200
    assert sqlite_client.get("/problems/NOT-A-CODE").status_code == 422
