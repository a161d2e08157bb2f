"""Explanation steps and the pieces every engine answer is made of (docs/api.md, "The ruling
object")."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from app.domain.answers import Answer

# What a ruling rules on: one kind per rules endpoint (docs/api.md "The ruling object").
RulingKind = Literal[
    "could_produce",
    "activate_mana_ability",
    "mana_value",
    "cast_without_paying",
    "reveal_until",
    "mulligan",
]


Refs = dict[Literal["permanents", "cards", "mana"], tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class Step:
    """One reason, in our words, with the rule numbers it rests on."""

    text: str
    rules: tuple[str, ...] = ()
    # What the text mentions, so a page can link or render it without parsing prose:
    # "permanents" (ids), "cards" (names), "mana" (Oracle notation). Left out when empty.
    refs: Refs | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text, "rules": list(self.rules)}
        if self.refs:
            out["refs"] = {k: list(v) for k, v in self.refs.items() if v}
        return out


def _rule_key(rule: str) -> list[tuple[int, str]]:
    # Natural order: 106.7 < 106.12 < 106.12a < 107.3b.
    return [(int(p), "") if p.isdigit() else (-1, p) for p in re.findall(r"\d+|[a-z]+", rule)]


def citations(steps: Iterable[Step]) -> list[str]:
    """Sorted, unique rule numbers cited by the steps."""
    return sorted({r for s in steps for r in s.rules}, key=_rule_key)


@dataclass(slots=True)
class Verdict:
    """What an engine entry point returns: the answer (its kind's model, app/domain/answers.py)
    and the explanation steps."""

    answer: Answer
    steps: list[Step] = field(default_factory=list)

    @property
    def answer_data(self) -> dict[str, Any]:
        """The answer as the ruling's JSON has it (for tests and tools; the store serializes
        the model itself)."""
        return self.answer.model_dump(mode="json")

    @property
    def citations(self) -> list[str]:
        return citations(self.steps)
