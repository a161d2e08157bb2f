"""The mulligan's hand, library and exile accept inline definitions like the other endpoints
(issue 13): a real 60-card deck can be sent whatever the catalog holds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from bench.cardfiles import Face, Invented
from tests.api.helpers import assert_problem
from tests.api.imported import client_of


def _defined(name: str) -> dict[str, Any]:
    return {"name": name, "mana_cost": "{1}{G}", "types": ["creature"], "power": "2",
            "toughness": "2"}  # fmt: skip


def test_a_deck_of_inline_definitions(client: TestClient) -> None:
    deck = [_defined(f"Quillback Grazer {i}") for i in range(53)]
    hand = [_defined(f"Moss Tender {i}") for i in range(6)] + ["Forest"]
    r = client.post(
        "/v1/mulligan",
        json={"hand": hand, "library": deck, "action": "mulligan", "seed": 4},
    )
    assert r.status_code == 201, r.text
    answer = r.json()["answer"]
    assert len(answer["hand"]) == 7 and answer["bottom_owed"] == 1
    question = r.json()["question"]
    assert question["hand"][6] == "Forest" and question["hand"][0]["name"] == "Moss Tender 0"
    # Bottom names a card in hand, defined inline or not.
    new_hand = [next(c for c in hand + deck if _name(c) == n) for n in answer["hand"]]
    r = client.post(
        "/v1/mulligan",
        json={"hand": new_hand, "library": [_defined("Quillback Grazer 99")],
              "mulligans_taken": 1, "bottom_owed": 1, "action": "bottom",
              "bottom": [answer["hand"][0].upper()]},
    )  # fmt: skip
    assert r.status_code == 201, r.text
    assert r.json()["answer"]["bottom_owed"] == 0


def _name(card: Any) -> str:
    return card if isinstance(card, str) else str(card["name"])


def test_a_bad_definition_names_its_field(client: TestClient) -> None:
    bad = {"name": "Quillback Grazer", "types": ["creature"], "mana_cost": "{Q}"}
    r = client.post("/v1/mulligan", json={"hand": [bad], "library": [], "action": "keep"})
    assert r.status_code == 422
    # A path into the body sent: the hand's entry is the definition, holding the bad field.
    assert r.json()["errors"][0]["loc"] == ["body", "hand", 0, "mana_cost"]
    # Neither a name nor a definition: said so, at the entry.
    r = client.post("/v1/mulligan", json={"hand": [5], "library": [], "action": "keep"})
    assert r.json()["errors"][0]["loc"] == ["body", "hand", 0]
    assert "a name (a string) or an inline definition" in r.json()["detail"]


def test_an_unknown_name_in_hand_suggests(client: TestClient) -> None:
    r = client.post("/v1/mulligan", json={"hand": ["Forrest"], "library": [], "action": "keep"})
    assert_problem(r, ["body", "hand", 0], "unknown_card")
    assert "'Forest'" in r.json()["detail"]


def test_imported_cards_with_mulligan_text(tmp_path: Path) -> None:
    # 103.5: "any time you could mulligan ..." exchanging the hand is read; another thing done
    # then is reported, never waved through (the ruling's caveats name it).
    def artifact(name: str, text: str) -> Invented:
        return Invented("normal", [Face(name, "{2}", ["Artifact"], text=text)])

    powder = artifact(
        "Sifting Dust",
        "Any time you could mulligan and Sifting Dust is in your hand, you may exile all of the "
        "cards in your hand and draw as many cards.",
    )
    peek = artifact(
        "Peeking Lens",
        "Any time you could mulligan and Peeking Lens is in your hand, you may show it around.",
    )
    with client_of([powder, peek], tmp_path) as c:
        assert c.get("/v1/cards/Sifting Dust").json()["support"] == "full"
        lens = c.get("/v1/cards/Peeking Lens").json()
        assert lens["support"] == "partial" and lens["unsupported_text"]
        hand = ["Sifting Dust", "Peeking Lens", "Forest"]
        body = {"hand": hand, "library": ["Island"] * 10, "action": "serum_powder", "seed": 2}
        r = c.post("/v1/mulligan", json=body)
        assert r.status_code == 201, r.text
        answer = r.json()["answer"]
        assert answer["legal"] and answer["hand"] == ["Island"] * 3
        assert {e["card"] for e in answer["exile"]} == set(hand)
        assert [v["card"] for v in r.json()["caveats"]] == ["Peeking Lens"]
