"""Text not understood, one mechanism: the compiler's `unsupported_text` and the hand-written
`unsupported` abilities both become the ruling's `caveats`, each sentence once, and each is
quoted exactly once in the explanation (app/rulings/service.py). Invented cards."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from app.catalog.compile import compile_face
from tests.api.helpers import perm, state

CP = "/v1/mana/could-produce"
ACT = "/v1/mana/activate"
MV = "/v1/spells/mana-value"
FREE = "/v1/spells/cast-without-paying"
COMPILED = "{T}: Add {G} for each Elf you control with flying."
HAND_WRITTEN = "Whenever this artifact hums, something this service can't read happens."


def _compiled_card() -> dict[str, Any]:
    text = f"{{T}}: Add {{B}}.\n{COMPILED}"
    fields = compile_face("Gloamreed Idol", text, types=["Artifact"]).card_fields()
    return {"name": "Gloamreed Idol", "types": ["artifact"], "mana_cost": "{3}", **fields}


def _hand_written_card() -> dict[str, Any]:
    return {
        "name": "Humming Cairn",
        "types": ["artifact"],
        "mana_cost": "{2}",
        "abilities": [
            {"kind": "mana_ability", "cost": {"tap": True},
             "produces": {"kind": "fixed", "mana": "{C}"}},
            {"kind": "unsupported", "text": HAND_WRITTEN},
        ],
    }  # fmt: skip


def _said(ruling: dict[str, Any], text: str) -> int:
    return sum(step["text"].count(text) for step in ruling["explanation"])


def _post(client: TestClient, url: str, body: dict[str, Any]) -> dict[str, Any]:
    r = client.post(url, json=body)
    assert r.status_code in (200, 201), r.text
    ruling: dict[str, Any] = r.json()
    # Every step cites a rule, the caveats step too (108.1: the card's Oracle wording).
    assert all(step["rules"] for step in ruling["explanation"]), ruling["explanation"]
    return ruling


def _board() -> dict[str, Any]:
    return state(
        {"id": "idol", "definition": _compiled_card(), "controller": "alice"},
        {"id": "cairn", "definition": _hand_written_card(), "controller": "alice"},
        # The same hand-written card twice: still one caveat, one quote.
        {"id": "cairn2", "definition": _hand_written_card(), "controller": "alice"},
    )


@pytest.mark.parametrize("url", [CP, ACT])
def test_each_sentence_once_in_caveats_and_once_in_the_steps(
    sqlite_client: TestClient, url: str
) -> None:
    body: dict[str, Any] = {"state": _board()}
    if url == ACT:
        body["permanent_id"] = "cairn"
    ruling = _post(sqlite_client, url, body)
    assert ruling["caveats"] == [
        {"code": "unsupported_text", "card": "Gloamreed Idol", "text": COMPILED},
        {"code": "unsupported_text", "card": "Humming Cairn", "text": HAND_WRITTEN},
    ]
    assert _said(ruling, COMPILED) == 1 and _said(ruling, HAND_WRITTEN) == 1
    # The citations are every rule a step cites, the caveat step's (108.1) among them.
    cited = sorted({rule for step in ruling["explanation"] for rule in step["rules"]})
    assert "108.1" in cited and ruling["citations"] == cited


def test_a_bundled_cards_unsupported_text_is_a_caveat(sqlite_client: TestClient) -> None:
    # Humility's hand-written 1/1 (613.1g is not modelled): a caveat, quoted once.
    pt = "Each creature has base power and toughness 1/1."
    board = state(perm("hum", "Humility"), perm("birds", "Birds of Paradise"))
    ruling = _post(sqlite_client, CP, {"state": board})
    assert ruling["caveats"] == [{"code": "unsupported_text", "card": "Humility", "text": pt}]
    assert _said(ruling, pt) == 1


def test_questions_about_one_card_carry_its_caveats_once(sqlite_client: TestClient) -> None:
    extra = "You may play an additional land on each of your turns."
    for url, body in (
        (MV, {"card": "Dryad of the Ilysian Grove", "zone": "hand"}),
        (FREE, {"card": "Dryad of the Ilysian Grove"}),
    ):
        ruling = _post(sqlite_client, url, body)
        assert [c["text"] for c in ruling["caveats"]] == [extra]
        assert _said(ruling, extra) == 1
