"""/docs and /redoc render with no internet, and "Try it out" -> Execute on every POST
returns a ruling (a real browser, network cut)."""

from __future__ import annotations

import json
from typing import Any

import httpx

from tests.ops.servers import Server
from tests.web.conftest import OfflinePage


def _post_operations(server: Server) -> list[str]:
    doc = httpx.get(f"{server.url}/openapi.json").json()
    return [
        op["operationId"] for item in doc["paths"].values() for m, op in item.items() if m == "post"
    ]


def test_swagger_ui_renders_offline(web_server: Server, offline: OfflinePage) -> None:
    page = offline.page
    page.goto(f"{web_server.url}/docs")
    page.wait_for_selector(".opblock-summary", timeout=OfflinePage.ACTION_TIMEOUT_MS)
    assert "Rulings Engine" in page.inner_text(".info .title")
    assert page.locator(".opblock.opblock-post").count() >= 6
    assert offline.errors == []


def test_try_it_out_returns_a_ruling_on_every_post(
    web_server: Server, offline: OfflinePage
) -> None:
    page = offline.page
    page.goto(f"{web_server.url}/docs")
    page.wait_for_selector(".opblock-summary", timeout=OfflinePage.ACTION_TIMEOUT_MS)
    operations = _post_operations(web_server)
    assert len(operations) >= 6
    for operation in operations:
        block = page.locator(f"#operations-{_tag_of(web_server, operation)}-{operation}")
        block.locator(".opblock-summary").first.click()
        block.locator("button.try-out__btn").click()
        block.locator("button.execute").click()
        code = block.locator(".live-responses-table .response .response-col_status").first
        code.wait_for(timeout=OfflinePage.ACTION_TIMEOUT_MS)
        status = code.inner_text().strip()
        assert status in ("200", "201"), (operation, status)
        body = json.loads(block.locator(".live-responses-table .microlight").first.inner_text())
        assert body["object"] == "ruling" and body["explanation"], operation
        # Closed again, so the next one opens on a page holding only its own form.
        block.locator(".opblock-summary").first.click()
    assert offline.errors == []


def _tag_of(server: Server, operation: str) -> str:
    doc: dict[str, Any] = httpx.get(f"{server.url}/openapi.json").json()
    for item in doc["paths"].values():
        for op in item.values():
            if op.get("operationId") == operation:
                return str(op["tags"][0])
    raise AssertionError(operation)


def test_redoc_renders_offline(web_server: Server, offline: OfflinePage) -> None:
    page = offline.page
    page.goto(f"{web_server.url}/redoc")
    page.wait_for_selector("h1", timeout=OfflinePage.ACTION_TIMEOUT_MS)
    page.wait_for_selector("text=could-produce", timeout=OfflinePage.ACTION_TIMEOUT_MS)
    assert "Rulings Engine" in page.inner_text("h1")
    assert offline.errors == []


def test_no_page_reaches_outside(web_server: Server, offline: OfflinePage) -> None:
    # Everything the pages load comes from the service itself.
    for path in ("/", "/docs", "/redoc"):
        offline.page.goto(f"{web_server.url}{path}")
        offline.page.wait_for_load_state("networkidle")
    assert offline.blocked == []
