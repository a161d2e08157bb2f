"""A real server (uvicorn on loopback) and a real headless browser: Debian's `chromium`
driven by Playwright, no browser download. The network is cut: every request that is not to
the loopback server is aborted and recorded, so a page that needs the internet fails here.

Skipped when chromium (or Playwright) is missing locally; in CI (`CI=true`, where .ci/run
installs chromium) a missing browser fails instead of skipping."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.ops.servers import Server, Servers


def _chromium() -> str:
    path = os.environ.get("RULINGS_TEST_CHROMIUM") or shutil.which("chromium")
    if path is None:
        if os.environ.get("CI") == "true":
            raise RuntimeError("CI must have chromium (.ci/run installs it)")
        pytest.skip("chromium is not installed here (apt-get install chromium)")
    return path


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("web-server")
    servers = Servers(folder)
    try:
        yield servers.start(f"sqlite:///{folder / 'rulings.db'}", name="web")
    finally:
        servers.kill_all()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    executable = _chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(
            executable_path=executable, headless=True, args=["--no-sandbox"]
        )
        try:
            yield launched
        finally:
            launched.close()


class OfflinePage:
    """A browser page that may only reach the loopback server."""

    # Swagger UI renders an operation's request schema as it opens: on a slow or shared
    # machine that alone has taken 10-30 s, past Playwright's 30 s default for an action.
    ACTION_TIMEOUT_MS = 120_000

    def __init__(self, page: Any) -> None:
        page.set_default_timeout(self.ACTION_TIMEOUT_MS)
        self.page = page
        self.blocked: list[str] = []
        self.errors: list[str] = []
        page.route("**/*", self._route)
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def _route(self, route: Any) -> None:
        host = urlsplit(route.request.url).hostname
        if host in ("127.0.0.1", "localhost") or route.request.url.startswith("data:"):
            route.continue_()
        else:
            self.blocked.append(route.request.url)
            route.abort("internetdisconnected")


@pytest.fixture
def offline(browser: Any) -> Iterator[OfflinePage]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        yield OfflinePage(context.new_page())
    finally:
        context.close()
