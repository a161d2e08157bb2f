"""How a ruling body is kept in the store: as it is, or packed into an LZ4 frame.

A big ruling is mostly the same few permanents over and over (its question and its answer
list every one), so an LZ4 frame of a 10,000-permanent ruling's 2.4 MB holds about 170 kB,
made in about 1 ms and read back in 0.5. Measured here with the service's SQLite settings
(then 16 KB pages, WAL, synchronous=FULL): stored as text, that ruling cost 4.3-9.7 ms of CPU to
insert and commit and 2.7-3.6 ms to checkpoint; packed, 2.2-2.5 ms (the packing included) and
0.65-0.7 ms. It also writes and syncs 14 times fewer bytes, and PostgreSQL neither receives
2.4 MB nor compresses them itself. A body of up to PACK_ABOVE bytes stays text: there packing
saved nothing measurable (a 3.6 kB small ruling: 0.59-0.73 against 0.63-0.77 ms), and small
rulings stay readable with SQL. The frame is the standard LZ4 frame format, which any `lz4`
tool reads.
"""

from __future__ import annotations

import lz4.frame

# Bodies longer than this are packed (a small could-produce ruling is about 3.6 kB: text).
PACK_ABOVE = 4096


def should_pack(body: bytes) -> bool:
    return len(body) > PACK_ABOVE


def pack(body: bytes) -> bytes:
    """An LZ4 frame of the body (the content size recorded, so unpacking sizes its buffer)."""
    frame: bytes = lz4.frame.compress(body, store_size=True)
    return frame


def unpack(frame: bytes) -> bytes:
    body: bytes = lz4.frame.decompress(frame)
    return body
