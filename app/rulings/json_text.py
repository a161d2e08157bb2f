"""JSON text for rulings, through orjson (made for this: several times faster than `json`, and
the same bytes for what a question holds: str, int, bool, null, lists and objects).

One spelling per value: keys sorted (by code point, as `json.dumps(sort_keys=True)`), no
spaces, UTF-8 as is. Text that can't be UTF-8 (a lone surrogate from a "\\ud800" escape) is a
question error (422), never a crash.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson

from app.domain.errors import QuestionError


def _encode(value: Any, option: int, default: Callable[[Any], Any] | None = None) -> bytes:
    try:
        return orjson.dumps(value, default, option)
    except orjson.JSONEncodeError as exc:
        if "surrogates" in str(exc):
            raise QuestionError(
                (),
                "text may not contain lone surrogates (\\ud800-\\udfff)",
                "lone_surrogate",
            ) from exc
        raise


def canonical_json(value: Any) -> str:
    """Sorted keys, no spaces: equal questions hash alike. A fragment of JSON text in `value`
    (a question's state, app/rulings/questions.state_question) is taken as it is: it must be
    canonical by itself."""
    return _encode(value, orjson.OPT_SORT_KEYS).decode()


def json_bytes(value: Any, default: Callable[[Any], Any] | None = None) -> bytes:
    """Compact JSON in the value's own key order, as UTF-8 bytes (a ruling's stored body,
    sent as it is); `default` writes what orjson can't."""
    return _encode(value, 0, default)
