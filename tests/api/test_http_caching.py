"""HTTP details: HEAD on every GET route, ETags and 304 on catalog cards, immutable rulings,
and /metrics labels for the docs routes."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

GETS = ["/", "/docs", "/redoc", "/openapi.json", "/healthz", "/readyz", "/v1/cards?q=pool",
        "/v1/cards/Fire%20%2F%2F%20Ice", "/v1/rulings", "/problems/unknown_card"]  # fmt: skip


@pytest.mark.parametrize("path", GETS)
def test_head_answers_like_get_without_a_body(sqlite_client: TestClient, path: str) -> None:
    get = sqlite_client.get(path)
    head = sqlite_client.head(path)
    assert head.status_code == get.status_code == 200
    assert head.content == b""
    assert head.headers["content-type"] == get.headers["content-type"]
    assert head.headers.get("etag") == get.headers.get("etag")


def test_head_on_a_ruling(sqlite_client: TestClient) -> None:
    url = sqlite_client.post(
        "/v1/spells/mana-value", json={"card": "Fireball", "zone": "stack", "x": 2}
    ).headers["Location"]
    head = sqlite_client.head(url)
    assert head.status_code == 200 and head.content == b""
    assert head.headers["etag"] == sqlite_client.get(url).headers["etag"]
    assert head.headers["cache-control"] == "public, max-age=31536000, immutable"


def test_a_card_has_an_etag_and_revalidates(sqlite_client: TestClient) -> None:
    r = sqlite_client.get("/v1/cards/reflecting pool")
    etag = r.headers["ETag"]
    assert etag.startswith('"') and r.json()["name"] == "Reflecting Pool"
    again = sqlite_client.get("/v1/cards/Reflecting Pool", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    weak = sqlite_client.get("/v1/cards/Reflecting Pool", headers={"If-None-Match": f"W/{etag}"})
    assert weak.status_code == 304
    other = sqlite_client.get("/v1/cards/Forest", headers={"If-None-Match": etag})
    assert other.status_code == 200


def test_metrics_label_the_docs_routes(sqlite_client: TestClient) -> None:
    sqlite_client.get("/docs")
    sqlite_client.get("/openapi.json")
    metrics = sqlite_client.get("/metrics").text
    assert 'route="/docs",status="200"' in metrics
    assert 'route="/openapi.json",status="200"' in metrics
