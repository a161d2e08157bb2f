"""Cheap structural limits checked before a body is parsed, so one request can't make the
parser (or anything after it) work hard for others."""

from __future__ import annotations

import re

# No question this service understands nests deeper than this; anything deeper is hostile.
MAX_JSON_DEPTH = 32

_KEEP = b"[]{}"
_DROP_ALL_BUT_BRACKETS = bytes(b for b in range(256) if b not in _KEEP)
_INNERMOST = re.compile(rb"\[\]|\{\}")
_TOKEN = re.compile(rb'\\.|["\[\]{}]', re.DOTALL)


def json_depth_exceeds(body: bytes, limit: int = MAX_JSON_DEPTH) -> bool:
    """True when the JSON text nests arrays/objects deeper than `limit`; brackets inside
    strings don't count. Malformed input is left for the parser to reject."""
    if body.count(b"[") + body.count(b"{") <= limit:
        return False
    if b"\\" in body:
        return _depth_by_tokens(body, limit)
    # No escapes: quotes alternate in and out of strings, so the even pieces between quotes
    # are everything outside strings. Every step below runs at C speed.
    outside = b"".join(body.split(b'"')[::2])
    brackets = outside.translate(None, _DROP_ALL_BUT_BRACKETS)
    for _ in range(limit):
        if not brackets:
            return False
        brackets, removed = _INNERMOST.subn(b"", brackets)
        if not removed:
            return False  # unbalanced: malformed
    return _INNERMOST.search(brackets) is not None


def _depth_by_tokens(body: bytes, limit: int) -> bool:
    """The general case (escapes present): one linear pass over escapes, quotes, brackets."""
    depth = 0
    in_string = False
    for match in _TOKEN.finditer(body):
        token = match.group()
        if token == b'"':
            in_string = not in_string
        elif in_string or len(token) == 2:
            continue
        elif token in (b"[", b"{"):
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False
