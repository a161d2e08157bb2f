"""Choosing HTML or JSON from the Accept header (RFC 9110 12.5.1)."""

from __future__ import annotations

HTML = "text/html; charset=utf-8"
# The page's template can change with a release (the ruling itself never does).
HTML_CACHE = "public, max-age=3600"


def _quality(accept: str, media_type: str) -> float:
    """The q-value Accept gives a media type: exact match first, then type/*, then */*."""
    main = media_type.split("/")[0]
    best: tuple[int, float] = (-1, 0.0)
    for part in accept.split(","):
        fields = [f.strip() for f in part.split(";")]
        name = fields[0].lower()
        q = 1.0
        for f in fields[1:]:
            if f.lower().startswith("q="):
                try:
                    q = float(f[2:])
                except ValueError:
                    q = 0.0
        rank = 2 if name == media_type else 1 if name == f"{main}/*" else 0 if name == "*/*" else -1
        if rank > best[0]:
            best = (rank, q)
    return best[1] if best[0] >= 0 else 0.0


def wants_html(accept: str | None) -> bool:
    """HTML only when asked for it by name and preferred over JSON; otherwise JSON."""
    if not accept or "text/html" not in accept.lower():
        return False
    return _quality(accept, "text/html") > _quality(accept, "application/json")
