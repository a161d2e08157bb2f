"""Fixtures for the fault tests: real servers (always killed) from tests/ops, raw sockets."""

from __future__ import annotations

from tests.ops.conftest import fresh_postgres_url, servers

__all__ = ["fresh_postgres_url", "servers"]
