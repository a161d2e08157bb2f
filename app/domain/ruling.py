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

# A run of symbols in Oracle notation ("{2}{U}", "{G}"); {T} and {Q} are costs, not mana.
_SYMBOLS = re.compile(r"(?:\{[^{}]+\})+")
_NOT_MANA = frozenset({"{T}", "{Q}"})


def mana_groups(text: str) -> list[str]:
    """The runs of mana symbols in a piece of text this service wrote (a rendered cost, an
    ability summary, a quoted caveat), each once, in order; a run of only {T}/{Q} is not mana."""
    return list(dict.fromkeys(g for g in _SYMBOLS.findall(text) if not _only_tap_symbols(g)))


def _only_tap_symbols(group: str) -> bool:
    return all(f"{{{s}}}" in _NOT_MANA for s in group[1:-1].split("}{"))


class Mentions:
    """What a step's text mentions, recorded as the text is built: each method returns the
    words it stands for, so a mention can't be written without being recorded."""

    __slots__ = ("_cards", "_mana", "_permanents")

    def __init__(self) -> None:
        self._permanents: dict[str, None] = {}
        self._cards: dict[str, None] = {}
        self._mana: dict[str, None] = {}

    def label(
        self, name: str, object_id: str, *, permanent: bool = True, line: int | None = None
    ) -> str:
        """ "Name (id)": a permanent (or, with permanent False, an effect, whose id is no
        permanent's; `line`: the paragraph of its card that resolved, object_label)."""
        if permanent:
            self._permanents[object_id] = None
        self._cards[name] = None
        return object_label(name, object_id, line)

    def ids(self, permanent_ids: Iterable[str]) -> None:
        """Permanents the text names by id alone (a replacement order, who chooses)."""
        for pid in permanent_ids:
            self._permanents[pid] = None

    def card(self, name: str) -> str:
        self._cards[name] = None
        return name

    def cards(self, names: Iterable[str]) -> list[str]:
        return [self.card(n) for n in names]

    def mana(self, rendered: str) -> str:
        """Mana in Oracle notation, as the text shows it ("" is no mana, and not recorded)."""
        if rendered:
            self._mana[rendered] = None
        return rendered

    def mana_in(self, words: str) -> str:
        """Words another describer wrote (a summary, a cost): the mana runs they show."""
        for group in mana_groups(words):
            self._mana[group] = None
        return words

    def refs(self) -> Refs:
        return {
            "permanents": tuple(self._permanents),
            "cards": tuple(self._cards),
            "mana": tuple(self._mana),
        }

    def step(self, text: str, rules: tuple[str, ...] = ()) -> Step:
        return Step(text, rules, self.refs())


def object_label(name: str, object_id: str, line: int | None = None) -> str:
    """How an explanation names a permanent or an effect: by name and id, and for an effects
    entry that names the paragraph of its card that resolved (its `line`), that paragraph. A
    spell a question asks about has no id: its name alone."""
    if not object_id:
        return name
    if line is None:
        return f"{name} ({object_id})"
    return f"{name} ({object_id}, its paragraph {line})"


@dataclass(frozen=True, slots=True)
class Step:
    """One reason, in our words, with the rule numbers it rests on."""

    text: str
    rules: tuple[str, ...] = ()
    # What the text mentions, so a page can link or render it without parsing prose:
    # "permanents" (ids), "cards" (names), "mana" (Oracle notation); a kind it doesn't mention
    # is left out, and a step that mentions none of them has empty refs.
    refs: Refs | None = None

    def to_json(self) -> dict[str, Any]:
        refs = {k: list(v) for k, v in self.refs.items() if v} if self.refs else {}
        return {"text": self.text, "rules": list(self.rules), "refs": refs}


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
    # Question fields the engine found to change nothing (a `choose` naming an ability's only
    # option): the ruling is keyed as if they were absent, so that the question asked with and
    # without them shares one ruling.
    moot: frozenset[str] = frozenset()

    @property
    def answer_data(self) -> dict[str, Any]:
        """The answer as the ruling's JSON has it (for tests and tools; the store serializes
        the model itself)."""
        return self.answer.model_dump(mode="json")

    @property
    def citations(self) -> list[str]:
        return citations(self.steps)
