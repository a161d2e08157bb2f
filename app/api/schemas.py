"""Response schemas shared by every rules endpoint (docs/api.md "The ruling object"), used for the
OpenAPI document; the bytes themselves come from the store unchanged."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from app.domain.answers import Reason  # noqa: F401 (re-exported)
from app.domain.ruling import RulingKind


class StepRefs(BaseModel):
    """The permanents, cards and mana a step mentions, for clients that link or draw them."""

    permanents: list[str] | None = None
    cards: list[str] | None = None
    mana: list[str] | None = None


class StepOut(BaseModel):
    """One reason, in the service's own words, with the rule numbers it rests on."""

    text: str = Field(description="The reason, in plain words")
    rules: list[str] = Field(description="Comprehensive Rules numbers (at least one)")
    refs: StepRefs | None = Field(
        None,
        description="What the step mentions: the permanents (ids), cards (names) and mana "
        "(Oracle notation) its text names, each kind left out when it names none ({} when it "
        "names nothing). On every step of a ruling made now; a ruling stored by an earlier "
        "version may lack it",
    )


class CaveatOut(BaseModel):
    model_config = ConfigDict(extra="forbid")

    code: Literal["unsupported_text"]
    card: str
    text: str


class RulingOut(BaseModel):
    """A stored ruling (docs/api.md "The ruling object"): the question as normalized, the answer,
    the reasons as steps, and every rule they cite."""

    model_config = ConfigDict(extra="forbid")

    object: Literal["ruling"]
    id: str = Field(
        description="Identity: a hash of the kind, the rules version, the digests of the cards "
        "the question names, and the normalized question"
    )
    kind: RulingKind
    created_at: str = Field(examples=["2026-11-30T12:00:00Z"])
    engine_version: str = Field(description="Service version and rules version")
    question: dict[str, Any] = Field(description="The question, normalized (defaults filled)")
    answer: dict[str, Any]
    explanation: list[StepOut]
    citations: list[str] = Field(description="Every rule the steps cite, in rule order")
    caveats: list[CaveatOut] = Field(
        description="Rules text of the cards used that was not understood or is not modelled "
        "(the answer ignores it; each sentence once, quoted once in the explanation); empty "
        "when there is none"
    )


RULING_MODELS: dict[str, type[RulingOut]] = {}


def ruling_schema(name: str, kind: RulingKind, answer: type[BaseModel]) -> type[RulingOut]:
    """The ruling model of one endpoint: its own fixed `kind` and its `answer` shape, so
    generated clients can tell ruling types apart. Swapping `answer` is one argument."""
    fixed_kind: Any = Literal[kind]
    model: type[RulingOut] = create_model(
        name,
        __base__=RulingOut,
        __doc__=f"A ruling of kind `{kind}`.",
        kind=(fixed_kind, Field(description="What this ruling rules on")),
        answer=(answer, ...),
    )
    RULING_MODELS[kind] = model
    return model
