"""Service settings from the environment (prefix RULINGS_; HOST/PORT are read by the runner)."""

from __future__ import annotations

from functools import lru_cache

from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="RULINGS_", extra="ignore")

    # SQLite file under the working directory by default; PostgreSQL via postgresql+psycopg://…
    database_url: str = "sqlite:///./rulings.db"
    # Bodies larger than this are refused with 413 before they are parsed.
    max_body_bytes: int = 2 * 1024 * 1024
    # Run migrations (and the catalog sync) when the app starts. On for SQLite; for PostgreSQL
    # replicas either keep it on (an advisory lock serialises them) or run `rulings migrate` once.
    migrate_on_startup: bool = True
    # Comma-separated origins allowed by CORS; empty (the default) turns CORS off.
    cors_origins: str = ""
    log_level: str = "INFO"

    # Database faults answer 503 within seconds instead of hanging (docs/operations.md).
    # PostgreSQL: seconds to open a connection, to run one statement (server side), and to wait
    # for a pooled connection.
    db_connect_timeout: float = 3.0
    db_statement_timeout: float = 5.0
    db_pool_timeout: float = 3.0
    # SQLite: seconds a writer waits for another process's write lock before giving up (503).
    sqlite_busy_timeout: float = 3.0
    # No answer within this many seconds (a frozen database holds a query forever, which no
    # driver timeout can cut) is a 503; the late answer is dropped.
    request_timeout: float = 15.0

    # Slow and heavy clients. A body not fully received this long after its headers is 408.
    body_timeout: float = 10.0
    # POST bodies larger than this are "heavy": parsed, validated and answered away from the
    # event loop, at most `heavy_per_process` at once in this process and `heavy_per_client`
    # at once per client address; more is 429 with Retry-After.
    heavy_body_bytes: int = 64 * 1024
    heavy_per_process: int = 4
    heavy_per_client: int = 2

    # Read by `rulings serve`: seconds for a request's line and headers to arrive (408), idle
    # seconds a keep-alive connection is kept, open connections at most (more are refused
    # with 503), and seconds to finish in-flight requests on SIGTERM before closing them.
    header_timeout: float = 10.0
    keep_alive_timeout: int = 5
    max_connections: int = 1000
    graceful_shutdown_timeout: int = 10


@lru_cache
def get_settings() -> Settings:
    return Settings()
