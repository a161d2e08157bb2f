"""Cheap structural limits checked before a body is validated, so one request can't make the
parser or validation (or anything after them) work hard for others: nesting, keys, sizes."""

from __future__ import annotations

import codecs
import json
import re
from dataclasses import dataclass
from typing import Any

import orjson

# No question this service understands nests deeper than this; anything deeper is hostile.
MAX_JSON_DEPTH = 32

_KEEP = b"[]{}"
_DROP_ALL_BUT_BRACKETS = bytes(b for b in range(256) if b not in _KEEP)
_DROP_ALL_BUT_BRACKETS_AND_QUOTES = bytes(b for b in range(256) if b not in _KEEP + b'"')
# An innermost pair (`[]` or `{}`) is marked with two of a byte no skeleton holds, then dropped.
_MARK = b"."
_TOKEN = re.compile(rb'\\.|["\[\]{}]', re.DOTALL)


def json_depth_exceeds(body: bytes, limit: int = MAX_JSON_DEPTH) -> bool:
    """True when the JSON text nests arrays/objects deeper than `limit`; brackets inside
    strings don't count. Malformed input is left for the parser to reject."""
    if body.count(b"[") + body.count(b"{") <= limit:
        return False
    if b"\\" in body:
        return _depth_by_tokens(body, limit)
    brackets = _brackets_outside_strings(body)
    for _ in range(limit):
        if not brackets:
            return False
        peeled = _without_innermost_pairs(brackets)
        if len(peeled) == len(brackets):
            return False  # unbalanced: malformed
        brackets = peeled
    return len(_without_innermost_pairs(brackets)) < len(brackets)


def _without_innermost_pairs(brackets: bytes) -> bytes:
    """The brackets with every adjacent `[]` and `{}` pair removed: one nesting level fewer.

    Only pairs adjacent before the pass go: each is first overwritten by a mark of its own
    length, so removing one kind can't bring a pair of the other kind together within the
    same pass (`{[]}` loses its `[]` now and its `{}` in the next pass, as nesting counts).
    Three passes at C speed; a regular expression's substitution made a match object per pair,
    five times the time on a 10,000-permanent body."""
    marked = brackets.replace(b"[]", _MARK * 2).replace(b"{}", _MARK * 2)
    return marked.translate(None, _MARK)


def _brackets_outside_strings(body: bytes) -> bytes:
    """The brackets of a body without escapes, those inside strings left out; at C speed.

    With no escapes, quotes alternate in and out of strings. Kept with the brackets alone,
    every string without a bracket in it is two adjacent quotes: when one pass of removing
    adjacent pairs leaves no quote, each pair removed was a string (the first quote can only
    pair with the second, the third with the fourth...), so no string held a bracket and the
    brackets of the whole body are the answer. Otherwise (a bracket inside a string) the
    pieces between quotes are taken apart."""
    skeleton = body.translate(None, _DROP_ALL_BUT_BRACKETS_AND_QUOTES).replace(b'""', b"")
    if b'"' not in skeleton:
        return skeleton
    outside = b"".join(body.split(b'"')[::2])
    return outside.translate(None, _DROP_ALL_BUT_BRACKETS)


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


# No object in a question has more keys than this, and no array twice as many items as the
# largest battlefield (10,000): larger ones are refused while parsing, before any validation
# runs on them. Arrays up to this size get the schema's own limits, which name the field.
MAX_OBJECT_KEYS = 64
MAX_ARRAY_ITEMS = 20_000
# Part of a repeated question's alias key (app/api/fastpath.py): bytes that passed these
# limits once are served again without checking them, so other limits must miss.
LIMITS_KEY = f"depth {MAX_JSON_DEPTH}; keys {MAX_OBJECT_KEYS}; items {MAX_ARRAY_ITEMS}"


class JsonShapeError(ValueError):
    """The body is JSON, but not a shape any question has (checked while parsing)."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail


def _check_items(value: object) -> None:
    if isinstance(value, list):
        if len(value) > MAX_ARRAY_ITEMS:
            raise JsonShapeError(
                "too_many_items", f"An array has more than {MAX_ARRAY_ITEMS} items."
            )
        for item in value:
            # Objects inside were checked by the hook; only arrays directly in arrays remain.
            if isinstance(item, list):
                _check_items(item)


def _object_pairs(pairs: list[tuple[str, object]]) -> dict[str, object]:
    if len(pairs) > MAX_OBJECT_KEYS:
        raise JsonShapeError("too_many_keys", f"An object has more than {MAX_OBJECT_KEYS} keys.")
    out = dict(pairs)  # at C speed; fewer keys than pairs means a key came twice
    if len(out) != len(pairs):
        # json.loads would silently keep the last one; a question means one thing.
        key = _first_repeated(pairs)
        raise JsonShapeError("duplicate_key", f"The key {key!r} appears twice in one object.")
    for value in out.values():
        if value.__class__ is list:  # JSON arrays parse to exact lists
            _check_items(value)
    return out


def _first_repeated(pairs: list[tuple[str, object]]) -> str:
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            return key
        seen.add(key)
    raise AssertionError("no key repeats")


def check_json_shape(body: bytes) -> dict[str, Any] | None:
    """Raise JsonDepthError for a body nested deeper than MAX_JSON_DEPTH, then JsonShapeError
    for duplicate keys, oversized objects or arrays. Malformed JSON is left for the parser
    proper to reject with its own 400.

    Most bodies are certified clean at C speed (`_clean`), their nesting measured by the same
    walk; any other is measured by `json_depth_exceeds` and checked by the exact pass, which
    also says which limit it breaks, and where first. Returns orjson's parse of a body
    certified clean that is a JSON object (app/api/classes.py reads it), else None."""
    parsed, depth = _clean(body)
    if parsed is _NOT_CLEAN:
        if json_depth_exceeds(body):
            raise JsonDepthError()
        _check_exactly(body)
        return None
    if depth > MAX_JSON_DEPTH:
        raise JsonDepthError()
    return parsed if parsed.__class__ is dict else None


class JsonDepthError(JsonShapeError):
    """The body nests deeper than any question does (answered 400, before any other limit)."""

    def __init__(self) -> None:
        super().__init__(
            "too_deeply_nested", f"The body nests deeper than {MAX_JSON_DEPTH} levels."
        )


# What _clean answers for a body it can't certify (any JSON value, null included, is a parse).
_NOT_CLEAN: Any = object()


def _clean(body: bytes) -> tuple[Any, int]:
    """orjson's parse of the body and how deep it nests, only when it is JSON with no repeated
    key and no oversized object or array; else _NOT_CLEAN (and 0).

    orjson keeps one value per key, so the repeats are found by counting: every member of an
    object is written with exactly one colon outside strings, and a colon inside a string only
    adds to the count of colons in the text. The text then holds at least as many colons as
    members, and the members at least as many as the distinct keys the parse kept, so the
    colons equal the keys kept only when no string holds a colon and no key came twice (other
    bodies take the exact pass). _NOT_CLEAN, too, for what orjson won't read (integers past 64
    bits, NaN, nesting past its own limit of 1,024: JSON the exact pass reads as json.loads
    does)."""
    try:
        parsed = orjson.loads(body)
    except orjson.JSONDecodeError:
        return _NOT_CLEAN, 0
    colons = body.count(b":")
    kept = _kept_keys(parsed, flat_lists=True)
    if kept.keys is not None and kept.containers != body.count(b"{") + body.count(b"["):
        kept = _kept_keys(parsed, flat_lists=False)  # an object taken for flat wasn't
    if kept.keys is None or kept.keys != colons:
        return _NOT_CLEAN, 0
    return parsed, kept.depth


_DICT_ONLY = {dict}


@dataclass(frozen=True, slots=True)
class _Kept:
    """What a walk over a parse counted: the keys over every object (None when an object or
    array is past its limit), the objects and arrays, and how deep they nest."""

    keys: int | None
    containers: int
    depth: int


def _kept_keys(value: object, *, flat_lists: bool) -> _Kept:
    """The keys, objects and arrays of a parsed body, and its depth, walked one level of
    nesting at a time.

    With `flat_lists`, the objects of an array holding objects alone are taken to hold no
    object or array themselves: their keys are counted at C speed, not walked (a battlefield of
    10,000 permanents is such an array), one level below the array. The caller checks the
    assumption: every object and array of the text was counted only if the count equals the
    brackets in the text (brackets inside strings only add to those), else it walks again
    without it."""
    keys = 0
    containers = 0
    depth = deepest = 0
    # Any: a parse holds exact dicts and lists, and their classes are what is tested.
    level: list[Any] = [value] if value.__class__ is dict or value.__class__ is list else []
    while level:
        depth += 1
        deepest = max(deepest, depth)
        below: list[Any] = []
        push = below.append
        for node in level:
            containers += 1
            if node.__class__ is dict:
                if len(node) > MAX_OBJECT_KEYS:
                    return _Kept(None, containers, deepest)
                keys += len(node)
                for child in node.values():
                    if child.__class__ is dict or child.__class__ is list:
                        push(child)
                continue
            if len(node) > MAX_ARRAY_ITEMS:
                return _Kept(None, containers, deepest)
            if flat_lists and node and set(map(type, node)) == _DICT_ONLY:
                sizes = list(map(len, node))
                if max(sizes) > MAX_OBJECT_KEYS:
                    return _Kept(None, containers, deepest)
                keys += sum(sizes)
                containers += len(node)
                deepest = max(deepest, depth + 1)  # the objects, one level below
                continue
            for child in node:
                if child.__class__ is dict or child.__class__ is list:
                    push(child)
        level = below
    return _Kept(keys, containers, deepest)


# NaN, Infinity or -Infinity where the located walk found one.
_NO_NUMBER = object()


class _Members(list[tuple[str, Any]]):
    """An object's members in order, a repeated key kept (the located walk's parse)."""


def shape_error_loc(body: bytes) -> tuple[str | int, ...]:
    """Where in a body refused by check_json_shape the first part past a limit is, for the
    4xx's `loc`: a repeated key, or the object, array or container nested past its limit, or
    a NaN or Infinity; () when it can't be told (the whole body). Only a refused body is walked
    this way: slowly, keeping each member's path."""
    try:
        tree = json.loads(body, object_pairs_hook=_Members, parse_constant=lambda _: _NO_NUMBER)
    except (ValueError, RecursionError):
        return ()
    found = _first_past_limits(tree, (), 1)
    return found if found is not None else ()


def _first_past_limits(
    node: object, path: tuple[str | int, ...], depth: int
) -> tuple[str | int, ...] | None:
    if node is _NO_NUMBER:
        return path
    if not isinstance(node, list):
        return None  # a string, number, true, false or null
    if depth > MAX_JSON_DEPTH:
        return path
    if isinstance(node, _Members):
        if len(node) > MAX_OBJECT_KEYS:
            return path
        seen: set[str] = set()
        for key, _ in node:
            if key in seen:
                return (*path, key)
            seen.add(key)
        children: list[tuple[str | int, object]] = list(node)
    elif len(node) > MAX_ARRAY_ITEMS:
        return path
    else:
        children = list(enumerate(node))
    for step, child in children:
        found = _first_past_limits(child, (*path, step), depth + 1)
        if found is not None:
            return found
    return None


class NotJsonError(JsonShapeError):
    """The body holds NaN or Infinity, which Python's parser reads but JSON has not (RFC 8259:
    numbers are finite), or isn't UTF-8 text (RFC 8259 8.1), or holds a number longer than
    Python reads (no field takes one): malformed JSON, answered 400 like any other."""

    def __init__(self, why: str) -> None:
        super().__init__("malformed_json", f"The body is not valid JSON: {why}.")


def _not_json(constant: str) -> object:
    raise NotJsonError(f"{constant} is no JSON number")


def _check_exactly(body: bytes) -> None:
    # Python's parser (this pass's, and FastAPI's after it) would read UTF-16 and UTF-32 too,
    # telling them by their zero bytes; a UTF-8 byte order mark may be ignored (RFC 8259 8.1).
    # Strictly: Python's own decoding of bytes lets through UTF-8's encoding of surrogates.
    if json.detect_encoding(body) not in ("utf-8", "utf-8-sig"):
        raise NotJsonError("it isn't UTF-8 text (its first bytes read as UTF-16 or UTF-32)")
    bom = len(codecs.BOM_UTF8) if body.startswith(codecs.BOM_UTF8) else 0
    try:
        text = body[bom:].decode("utf-8")
        parsed = json.loads(text, object_pairs_hook=_object_pairs, parse_constant=_not_json)
    except (ValueError, RecursionError) as exc:
        if isinstance(exc, JsonShapeError):
            raise
        if isinstance(exc, UnicodeDecodeError):
            where = bom + exc.start
            raise NotJsonError(f"it isn't UTF-8 text (byte {where} can't be read)") from exc
        if "integer string conversion" in str(exc):
            raise NotJsonError("a number has more digits than any field takes") from exc
        return  # malformed JSON: the parser proper says where
    _check_items(parsed)
