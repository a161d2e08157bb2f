"""In-process Prometheus metrics, rendered in the text exposition format (version 0.0.4)."""

from __future__ import annotations

import threading
from collections import defaultdict

# Methods this service knows; any other counts as "other", so invented methods can't grow
# the label set (and /metrics) without bound.
KNOWN_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


class Metrics:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._requests: dict[tuple[str, str, str], int] = defaultdict(int)
        self._buckets: dict[tuple[str, str], list[int]] = {}
        self._sums: dict[tuple[str, str], float] = defaultdict(float)
        self._rulings: dict[tuple[str, str], int] = defaultdict(int)

    def observe(self, method: str, route: str, status: int, seconds: float) -> None:
        method = method if method in KNOWN_METHODS else "other"
        key = (method, route)
        with self._lock:
            self._requests[(method, route, str(status))] += 1
            counts = self._buckets.setdefault(key, [0] * (len(BUCKETS) + 1))
            for i, bound in enumerate(BUCKETS):
                if seconds <= bound:
                    counts[i] += 1
            counts[-1] += 1
            self._sums[key] += seconds

    def ruling(self, kind: str, created: bool) -> None:
        with self._lock:
            self._rulings[(kind, "created" if created else "existing")] += 1

    def render(self) -> str:
        out: list[str] = []
        with self._lock:
            out.append("# HELP http_requests_total HTTP requests by route template and status.")
            out.append("# TYPE http_requests_total counter")
            for (method, route, status), n in sorted(self._requests.items()):
                out.append(
                    f'http_requests_total{{method="{method}",route="{_escape(route)}",'
                    f'status="{status}"}} {n}'
                )
            out.append("# HELP http_request_duration_seconds Time to answer, by route template.")
            out.append("# TYPE http_request_duration_seconds histogram")
            for (method, route), counts in sorted(self._buckets.items()):
                labels = f'method="{method}",route="{_escape(route)}"'
                for bound, n in zip(BUCKETS, counts, strict=False):
                    out.append(f'http_request_duration_seconds_bucket{{{labels},le="{bound}"}} {n}')
                out.append(
                    f'http_request_duration_seconds_bucket{{{labels},le="+Inf"}} {counts[-1]}'
                )
                out.append(
                    f"http_request_duration_seconds_sum{{{labels}}} {self._sums[(method, route)]}"
                )
                out.append(f"http_request_duration_seconds_count{{{labels}}} {counts[-1]}")
            out.append("# HELP rulings_total Rulings answered, newly created or found stored.")
            out.append("# TYPE rulings_total counter")
            for (kind, outcome), n in sorted(self._rulings.items()):
                out.append(f'rulings_total{{kind="{kind}",outcome="{outcome}"}} {n}')
        return "\n".join(out) + "\n"
