"""An `effects` entry names the paragraph of its card that resolved (`line`) where what the entry
does depends on which of the card's abilities or modes it stands for (the card's
`effect_lines`), through HTTP on imported cards: the card file is imported and compiled, then
activate answers from that paragraph's effects alone. Invented cards, our sentences."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from bench.cardfiles import Face, Invented
from tests.api.helpers import perm, state
from tests.api.imported import client_of

ACT = "/v1/mana/activate"

CARDS = [
    # Two activations that each target: which one resolved decides whether haste was given.
    Invented("normal", [Face("Emberlane Adept", "{R}{W}", ["Creature"], subtypes=["Human"],
                             colors=["R", "W"], power="2", toughness="2",
                             text="{1}{R}: Target creature gains haste until end of turn.\n"
                                  "{1}{W}: Target creature gains first strike until end of "
                                  "turn.")]),
    # Two loyalty abilities with different effects.
    Invented("normal", [Face("Vessa, Cinder Tactician", "{2}{R}{R}", ["Planeswalker"],
                             subtypes=["Vessa"], colors=["R"], loyalty="4",
                             text="[+1]: Creatures you control get +2/+0 and gain haste until "
                                  "end of turn.\n"
                                  "[\u22122]: Gain control of target creature until end of "
                                  "turn.")]),
    # One line with an effect, another without: an entry that names no line stands for the
    # one, and one that names the other applies nothing.
    Invented("normal", [Face("Ashen Herald", "{2}{R}", ["Creature"], subtypes=["Goblin"],
                             colors=["R"], power="2", toughness="1",
                             text="{1}{R}: Target creature gains haste until end of turn.\n"
                                  "At the beginning of your upkeep, scry 1.")]),
    Invented("normal", [Face("Thicket Tender", "{G}", ["Creature"], subtypes=["Elf"],
                             colors=["G"], power="1", toughness="1", text="{T}: Add {G}.")]),
]  # fmt: skip


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with client_of(CARDS, tmp_path_factory.mktemp("effect-lines-import")) as c:
        yield c


def _fresh_elf(controller: str = "alice") -> dict[str, Any]:
    return perm("elf", "Thicket Tender", controller=controller, controlled_since_turn_start=False)


def _effect(card: str, **kw: Any) -> dict[str, Any]:
    return {"id": "fx", "card": card, "controller": "alice", "target": "elf", **kw}


def _activate(client: TestClient, *effects: dict[str, Any], owner: str = "alice") -> Any:
    board = state(_fresh_elf(owner), effects=list(effects))
    return client.post(ACT, json={"state": board, "permanent_id": "elf"})


def test_the_card_lists_the_lines_an_entry_may_stand_for(client: TestClient) -> None:
    card = client.get("/v1/cards/Emberlane Adept").json()
    assert card["effect_lines"] == [1, 2]
    assert [a["line"] for a in card["abilities"]] == [1]
    assert card["support"] == "full"
    # One line with an effect: no entry needs to name its line, but the effect says it.
    herald = client.get("/v1/cards/Ashen Herald").json()
    assert "effect_lines" not in herald
    assert [a["line"] for a in herald["abilities"]] == [1]


def test_the_line_named_decides_whether_the_fresh_creature_has_haste(client: TestClient) -> None:
    # 302.6: a creature that came this turn taps for mana only with haste.
    hasty = _activate(client, _effect("Emberlane Adept", line=1))
    assert hasty.status_code in (200, 201), hasty.text
    assert hasty.json()["answer"]["legal"] is True
    # The explanation says which paragraph of the card the entry stands for.
    steps = [step["text"] for step in hasty.json()["explanation"]]
    assert any("Emberlane Adept (fx, its paragraph 1)" in text for text in steps), steps
    first_strike = _activate(client, _effect("Emberlane Adept", line=2))
    assert first_strike.status_code in (200, 201), first_strike.text
    assert first_strike.json()["answer"]["legal"] is False


def test_an_entry_of_a_card_whose_lines_differ_must_name_one(client: TestClient) -> None:
    r = _activate(client, _effect("Emberlane Adept"))
    assert r.status_code == 422
    problem = r.json()
    assert problem["type"].endswith("/line_required")
    assert problem["errors"][0]["loc"][-1] == "line"
    assert "one of 1, 2" in problem["detail"]


@pytest.mark.parametrize("line", [3, 7])
def test_a_line_no_entry_can_stand_for_is_refused(client: TestClient, line: int) -> None:
    r = _activate(client, _effect("Emberlane Adept", line=line))
    assert r.status_code == 422
    assert r.json()["type"].endswith("/not_an_effect_line")
    assert r.json()["errors"][0]["loc"][-1] == "line"


def test_a_line_out_of_range_is_a_validation_error(client: TestClient) -> None:
    r = _activate(client, _effect("Emberlane Adept", line=0))
    assert r.status_code == 422
    assert r.json()["type"].endswith("/validation_error")


def test_a_loyalty_ability_named_by_its_line(client: TestClient) -> None:
    # [+1]: each creature alice controlled as it resolved is an entry with haste (611.2c).
    plus = _activate(client, _effect("Vessa, Cinder Tactician", line=1))
    assert plus.json()["answer"]["legal"] is True
    # [-2] on a creature of bob's: alice controls it since this turn, without haste (302.6).
    steal = _effect("Vessa, Cinder Tactician", line=2)
    minus = _activate(client, steal, owner="bob")
    assert minus.status_code in (200, 201), minus.text
    assert minus.json()["answer"]["legal"] is False


def test_an_entry_that_names_no_line_stands_for_the_one_with_an_effect(
    client: TestClient,
) -> None:
    unnamed = _activate(client, _effect("Ashen Herald"))
    assert unnamed.json()["answer"]["legal"] is True
    named = _activate(client, _effect("Ashen Herald", line=1))
    assert named.json()["answer"]["legal"] is True
    # The upkeep trigger resolved: nothing of the haste line applies.
    other = _activate(client, _effect("Ashen Herald", line=2))
    assert other.status_code in (200, 201), other.text
    assert other.json()["answer"]["legal"] is False


def test_the_line_is_part_of_the_question(client: TestClient) -> None:
    # Two entries that differ only in their line are different questions, stored apart.
    one = _activate(client, _effect("Ashen Herald", line=1)).json()
    two = _activate(client, _effect("Ashen Herald", line=2)).json()
    assert one["id"] != two["id"]
    assert one["question"]["state"]["effects"][0]["line"] == 1
