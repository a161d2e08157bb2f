"""Reading a TypedDict's fields in tests (app/domain/state.PermanentIn is one)."""

from __future__ import annotations

import typing
from typing import Any

import typing_extensions


def field_type(hint: Any) -> Any:
    """A TypedDict field's type without its Required / NotRequired mark."""
    if typing.get_origin(hint) in (typing_extensions.Required, typing_extensions.NotRequired):
        return typing.get_args(hint)[0]
    return hint
