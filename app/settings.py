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


@lru_cache
def get_settings() -> Settings:
    return Settings()
