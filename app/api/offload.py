"""Heavy requests run on an event loop of their own, in a thread, so parsing, validating and
answering a 2 MB question never stalls the main loop (and /healthz, and small requests)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")


class SideLoop:
    """One event loop in a daemon thread, started on first use."""

    def __init__(self, name: str = "rulings-heavy") -> None:
        self.name = name
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock = threading.Lock()

    def _started(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._loop is None:
                loop = asyncio.new_event_loop()
                threading.Thread(target=loop.run_forever, name=self.name, daemon=True).start()
                self._loop = loop
            return self._loop

    async def run(self, make: Callable[[], Awaitable[T]]) -> T:
        """Run the coroutine made by `make` on the side loop; await its result here."""

        async def wrapped() -> T:
            return await make()

        future = asyncio.run_coroutine_threadsafe(wrapped(), self._started())
        return await asyncio.wrap_future(future)


def on_loop(loop: asyncio.AbstractEventLoop, call: Callable[[], Awaitable[T]]) -> Awaitable[T]:
    """From the side loop: run `call` back on `loop` (the server's) and await it."""
    return asyncio.wrap_future(asyncio.run_coroutine_threadsafe(_call(call), loop))


async def _call(call: Callable[[], Awaitable[T]]) -> T:
    return await call()
