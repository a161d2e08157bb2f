"""Wall-clock helpers: medians of repeated runs, in milliseconds."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def timed_ms(fn: Callable[[], T]) -> tuple[float, T]:
    started = time.perf_counter()
    result = fn()
    return (time.perf_counter() - started) * 1000, result


def median_ms(fn: Callable[[], object], reps: int, *, warmup: int = 1) -> float:
    """Median wall time of `reps` calls after `warmup` untimed ones."""
    for _ in range(warmup):
        fn()
    samples = [timed_ms(fn)[0] for _ in range(max(1, reps))]
    return statistics.median(samples)


def ratio(a: float | None, b: float | None) -> float | None:
    if a is None or b is None or b <= 0:
        return None
    return a / b
