"""A ruling as a page for people: content negotiation, caching headers, escaping (stored XSS
through an inline card name), and the page itself in a real browser (screenshot + DOM)."""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

import httpx
from starlette.testclient import TestClient

from tests.ops.servers import Server
from tests.web.conftest import OfflinePage

EVIL = '<script>window.pwned=1</script><img src=x onerror="window.pwned=2">'
HTML = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}


def _activate_body() -> dict[str, Any]:
    evil_land = {
        "name": EVIL,
        "types": ["land"],
        "abilities": [
            {
                "kind": "mana_ability",
                "cost": {"tap": True},
                "produces": {"kind": "fixed", "mana": "{G}"},
            }
        ],
    }
    return {
        "state": {
            "turn": 3,
            "active_player": "alice",
            "battlefield": [
                {"id": "evil", "definition": evil_land, "controller": "alice"},
                {"id": "refl", "card": "Mana Reflection", "controller": "alice"},
                {"id": "d", "card": "Damping Sphere", "controller": "bob"},
            ],
        },
        "permanent_id": "evil",
    }  # fmt: skip


def test_json_by_default_html_when_asked(sqlite_client: TestClient) -> None:
    created = sqlite_client.post("/v1/mana/activate", json=_activate_body())
    assert created.status_code in (200, 201), created.text
    link = created.headers["Link"]
    assert link == f'<{created.headers["Location"]}>; rel="alternate"; type="text/html"'
    url = created.headers["Location"]
    as_json = sqlite_client.get(url)
    assert as_json.headers["content-type"] == "application/json"
    assert as_json.content == created.content
    assert as_json.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert as_json.headers["Vary"] == "Accept"
    page = sqlite_client.get(url, headers=HTML)
    assert page.headers["content-type"].startswith("text/html")
    assert page.headers["Vary"] == "Accept"
    assert page.headers["ETag"] != as_json.headers["ETag"]
    # Each representation revalidates with its own ETag.
    again = sqlite_client.get(url, headers={**HTML, "If-None-Match": page.headers["ETag"]})
    assert again.status_code == 304
    assert (
        sqlite_client.get(url, headers={"Accept": "application/json, text/html;q=0.5"}).headers[
            "content-type"
        ]
        == "application/json"
    )


def test_a_stored_card_name_is_never_markup(sqlite_client: TestClient) -> None:
    url = sqlite_client.post("/v1/mana/activate", json=_activate_body()).headers["Location"]
    html = sqlite_client.get(url, headers=HTML).text
    assert "<script>window.pwned" not in html and "<img src=x" not in html
    assert "&lt;script&gt;window.pwned=1&lt;/script&gt;" in html


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_page_in_a_browser(web_server: Server, offline: OfflinePage, tmp_path: Path) -> None:
    created = httpx.post(f"{web_server.url}/v1/mana/activate", json=_activate_body())
    assert created.status_code in (200, 201), created.text
    page = offline.page
    page.goto(web_server.url + created.headers["Location"])
    # DOM: the question as a list, mana drawn as symbols, the outcomes table, rule numbers.
    board = page.locator("#battlefield li")
    assert board.count() == 3
    assert board.first.locator(".card").inner_text() == EVIL  # shown as text, never run
    assert page.evaluate("window.pwned") is None
    assert page.locator("#outcomes tr").count() >= 2
    # Mana Reflection doubles {G}; Damping Sphere may turn two or more into {C} (616.1).
    symbol = page.locator("#outcomes .ms").first
    assert symbol.inner_text() in ("G", "C")
    assert symbol.evaluate("e => getComputedStyle(e).borderRadius") == "50%"
    steps = page.locator("ol.steps li")
    explanation = created.json()["explanation"]
    assert steps.count() == len(explanation) >= 3
    for i, step in enumerate(explanation):
        assert steps.nth(i).locator(".rule").all_inner_texts() == step["rules"]
    assert offline.blocked == [] and offline.errors == []
    shot = tmp_path / "ruling.png"
    page.screenshot(path=str(shot), full_page=True)
    width, height = _png_size(shot)
    assert width == 1280 and 600 <= height <= 20_000
    assert shot.stat().st_size > 20_000  # a blank page compresses to a few kB
    keep = Path("/tmp/rulings-page.png")
    keep.write_bytes(shot.read_bytes())
