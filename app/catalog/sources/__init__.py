"""Card data files from other publishers, read as streams: MTGJSON AtomicCards (v5) and
Scryfall bulk data. Each source turns its objects into `Card` data in our schema; the
importer (app/catalog/importer.py) validates them all before anything is written."""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Literal

Format = Literal["mtgjson", "scryfall"]


class ImportProblem(ValueError):
    """The file can't be imported: the message names the card or the byte position."""


@dataclass(frozen=True, slots=True)
class Parsed:
    """One object of the file: card data in our schema, or why it was skipped. `funny`: an
    un-set card (silver border, acorn), which may be skipped when the model can't hold it."""

    name: str
    data: dict[str, Any] | None
    skipped: str | None = None
    funny: bool = False


class CountingReader:
    """Wraps the raw file so progress and error positions can be told in bytes."""

    def __init__(self, raw: IO[bytes]) -> None:
        self.raw = raw
        self.position = 0

    def read(self, size: int = -1) -> bytes:
        chunk = self.raw.read(size)
        self.position += len(chunk)
        return chunk

    def close(self) -> None:
        self.raw.close()


@contextmanager
def open_stream(path: Path) -> Iterator[tuple[IO[bytes], CountingReader]]:
    """The decompressed content (gzip told by its magic bytes, not the file name) and the
    counter of raw bytes read; both closed at the end."""
    raw = path.open("rb")
    counter = CountingReader(raw)
    try:
        magic = raw.read(2)
        raw.seek(0)
        if magic == b"\x1f\x8b":
            with gzip.GzipFile(fileobj=counter, mode="rb") as unzipped:  # type: ignore[call-overload]
                yield unzipped, counter
        else:
            yield counter, counter  # type: ignore[misc]
    finally:
        raw.close()


def detect_format(path: Path) -> Format:
    """From the content: the first byte after whitespace is `{` (MTGJSON: an object with
    "data") or `[` (Scryfall: an array of cards)."""
    with open_stream(path) as (stream, _counter):
        head = b""
        while True:
            try:
                chunk = stream.read(4096)
            except (OSError, EOFError) as exc:
                raise ImportProblem(f"not a readable gzip file: {exc}") from exc
            if not chunk:
                break
            head = chunk.lstrip(b" \t\r\n\xef\xbb\xbf")
            if head:
                break
        if head[:1] == b"{":
            return "mtgjson"
        if head[:1] == b"[":
            return "scryfall"
        shown = head[:20].decode("utf-8", "replace") if head else "an empty file"
        raise ImportProblem(
            f"not card data: expected a JSON object (MTGJSON AtomicCards) or array (Scryfall "
            f"bulk data), found {shown!r} at the start"
        )


def text_or_none(value: Any) -> str | None:
    return value if isinstance(value, str) and value != "" else None


def words(value: Any, field: str, card: str) -> list[str]:
    """A list of strings (null or absent: empty)."""
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ImportProblem(f"card {card!r}: {field!r} must be a list of strings")
    return list(value)


def string(value: Any, field: str, card: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise ImportProblem(f"card {card!r}: {field!r} must be a string")
    return value


ParsedStream = Iterator[Parsed]
