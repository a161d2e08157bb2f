"""Response schemas shared by every rules endpoint (API.md "The ruling object"), used for the
OpenAPI document; the bytes themselves come from the store unchanged."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from app.domain.answers import Reason  # noqa: F401 (re-exported)
from app.domain.ruling import RulingKind


class StepRefs(BaseModel):
    permanents: list[str] | None = None
    cards: list[str] | None = None
    mana: list[str] | None = None


class StepOut(BaseModel):
    text: str
    rules: list[str]
    refs: StepRefs | None = None


class RulingOut(BaseModel):
    model_config = ConfigDict(extra="forbid")

    object: Literal["ruling"]
    id: str
    kind: RulingKind
    created_at: str = Field(examples=["2026-11-30T12:00:00Z"])
    engine_version: str
    question: dict[str, Any]
    answer: dict[str, Any]
    explanation: list[StepOut]
    citations: list[str]


def ruling_schema(name: str, answer: type[BaseModel]) -> type[RulingOut]:
    """A ruling whose `answer` has this endpoint's shape."""
    model: type[RulingOut] = create_model(name, __base__=RulingOut, answer=(answer, ...))
    return model


class RulingList(BaseModel):
    object: Literal["list"]
    data: list[RulingOut]
    has_more: bool
    next_page: str | None
