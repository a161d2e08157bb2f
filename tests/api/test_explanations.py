"""Every explanation step of every example answer (the docs page's, and more edge cases)
cites at least one rule, no text hedges with "card(s)", and reveal-until explains in the
order the cards were revealed."""

from __future__ import annotations

import re
from typing import Any

import pytest
from starlette.testclient import TestClient

from app.api import examples

WALKED: list[tuple[str, dict[str, Any]]] = [
    ("/v1/mana/could-produce", ex["value"]) for ex in examples.COULD_PRODUCE.values()
] + [("/v1/mana/activate", ex["value"]) for ex in examples.ACTIVATE.values()] + [
    ("/v1/spells/mana-value", ex["value"]) for ex in examples.MANA_VALUE.values()
] + [("/v1/spells/cast-without-paying", ex["value"]) for ex in examples.FREE_CAST.values()] + [
    ("/v1/library/reveal-until", ex["value"]) for ex in examples.REVEAL_UNTIL.values()
] + [("/v1/mulligan", ex["value"]) for ex in examples.MULLIGAN.values()] + [
    # More reveal-until paths: lands and passed-over cards, a miss, a declined cast, Plargg.
    ("/v1/library/reveal-until", {"library": ["Forest", "Island", "Fireball", "Memnite"],
                                  "max_mana_value": 0, "seed": 1}),
    ("/v1/library/reveal-until", {"library": ["Forest", "Island"], "max_mana_value": 3,
                                  "seed": 2}),
    ("/v1/library/reveal-until", {"library": ["Lightning Bolt"], "max_mana_value": 3,
                                  "cast": False, "seed": 3}),
    ("/v1/library/reveal-until", {"library": ["Forest", "Valki, God of Lies", "Memnite"],
                                  "max_mana_value": 3, "nonlegendary": True, "seed": 4}),
    ("/v1/library/reveal-until", {"library": [], "max_mana_value": 3, "seed": 5}),
    ("/v1/library/reveal-until", {"library": ["Island", "Counterspell", "Memnite"],
                                  "mode": "cascade", "cascade_mana_value": 2, "seed": 6}),
    ("/v1/spells/mana-value", {"card": "Shatterskull, the Hammer Pass", "zone": "battlefield"}),
    ("/v1/spells/mana-value", {"card": "Lightning Bolt", "zone": "hand", "x": 3}),
]  # fmt: skip


def _answers(client: TestClient) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for path, body in WALKED:
        r = client.post(path, json=body)
        if r.status_code in (200, 201):
            out.append((f"{path} {body}", r.json()))
    return out


def test_every_step_cites_a_rule(sqlite_client: TestClient) -> None:
    bare = [
        (where, step["text"])
        for where, ruling in _answers(sqlite_client)
        for step in ruling["explanation"]
        if not step["rules"]
    ]
    assert bare == []


def test_no_text_says_cards_in_parentheses(sqlite_client: TestClient) -> None:
    hedged = re.compile(r"\w\(s\)")
    found = [
        (where, text)
        for where, ruling in _answers(sqlite_client)
        for text in [step["text"] for step in ruling["explanation"]]
        + [r["message"] for r in ruling["answer"].get("reasons", [])]
        if hedged.search(text)
    ]
    assert found == []


@pytest.mark.parametrize("mode", ["reveal", "cascade"])
def test_reveal_steps_follow_reveal_order(sqlite_client: TestClient, mode: str) -> None:
    # 702.85a: the cards are exiled one at a time; the explanation tells them in that order.
    limit = {"max_mana_value": 1} if mode == "reveal" else {"cascade_mana_value": 2}
    body = {"library": ["Forest", "Grizzly Bears", "Island", "Counterspell", "Memnite", "Swamp"],
            "mode": mode, "seed": 9, **limit}  # fmt: skip
    ruling = sqlite_client.post("/v1/library/reveal-until", json=body).json()
    texts = [s["text"] for s in ruling["explanation"]]
    order = ["Forest", "Grizzly Bears", "Island", "Counterspell", "Memnite"]
    positions = [next(i for i, t in enumerate(texts) if t.startswith(name)) for name in order]
    assert positions == sorted(positions), texts
    assert ruling["answer"]["hit"] == "Memnite"
