"""Load from `wrk` (a C load generator; Debian: `apt-get install wrk`), when it is installed.

Python client threads spend about as much CPU per small request as the server does, and on
two cores that CPU is taken from the servers being measured: a two-process run then shows the
client's ceiling, not the servers' scaling. wrk spends a small fraction of that. The bodies to
send are handed to it in a Lua script, cycled through in order, one `wrk` per server (a single
connection pool per process, like a load balancer's).
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

# A POST cycles through the bodies; a GET (no bodies) asks for the path alone.
_SCRIPT = """
local bodies = {%(bodies)s}
local i = 0
wrk.method = "%(method)s"
if #bodies > 0 then wrk.headers["Content-Type"] = "application/json" end
request = function()
  if #bodies == 0 then return wrk.format(nil, "%(path)s") end
  i = i %% #bodies + 1
  return wrk.format(nil, "%(path)s", nil, bodies[i])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %%d %%d %%d %%f\\n", summary.requests, summary.duration,
    e.status + e.connect + e.read + e.write + e.timeout, latency.mean))
end
"""


def available() -> bool:
    return shutil.which("wrk") is not None


@dataclass(frozen=True)
class WrkResult:
    requests: int
    errors: int  # answers that were not 2xx/3xx, and socket errors
    seconds: float
    mean_ms: float  # mean latency of a request (over the servers: the slowest one's)

    @property
    def per_second(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0


def _lua_string(body: bytes) -> str:
    text = body.decode()
    level = "=" * 3
    assert f"]{level}]" not in text
    return f"[{level}[{text}]{level}]"


def _run(url: str, path: str, bodies: list[bytes], seconds: float, connections: int,
         folder: Path) -> WrkResult:  # fmt: skip
    script = folder / f"load-{abs(hash(url))}.lua"
    listed = ",\n".join(_lua_string(b) for b in bodies)
    method = "POST" if bodies else "GET"
    script.write_text(
        _SCRIPT % {"bodies": listed, "path": path, "method": method}, encoding="utf-8"
    )
    out = subprocess.run(
        ["wrk", "-t1", f"-c{connections}", f"-d{max(1, round(seconds))}s", "-s", str(script),
         url],
        capture_output=True, text=True, timeout=seconds + 60, check=True,
    ).stdout  # fmt: skip
    line = next(x for x in out.splitlines() if x.startswith("RESULT "))
    requests, duration_us, errors, mean_us = (int(float(v)) for v in line.split()[1:])
    return WrkResult(requests, errors, duration_us / 1e6, mean_us / 1e3)


def throughput(
    urls: list[str], path: str, bodies: list[list[bytes]], seconds: float, connections: int
) -> WrkResult:
    """Requests/s over all `urls` at once (one wrk each, `connections` each): `bodies[i]` are
    what the i-th server is sent, in turn (POST); an empty list GETs the path instead."""
    with (
        tempfile.TemporaryDirectory(prefix="rulings-wrk-") as tmp,
        ThreadPoolExecutor(len(urls)) as pool,
    ):
        runs = [
            pool.submit(_run, url, path, mine, seconds, connections, Path(tmp))
            for url, mine in zip(urls, bodies, strict=True)
        ]
        results = [r.result() for r in runs]
    return WrkResult(
        sum(r.requests for r in results),
        sum(r.errors for r in results),
        max(r.seconds for r in results),
        max(r.mean_ms for r in results),
    )
