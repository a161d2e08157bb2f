"""Question normalization (app/rulings/questions.py) without HTTP: equal questions spelled
differently normalize to the same dict, so they get the same ruling id."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import BaseModel

from app.api.routers.activate import ActivateRequest
from app.api.routers.could_produce import CouldProduceRequest
from app.api.routers.free_cast import CastWithoutPayingRequest
from app.api.routers.mana_value import ManaValueRequest
from app.api.routers.mulligan import MulliganRequest
from app.api.routers.reveal import RevealUntilRequest
from app.catalog import Catalog, load_catalog
from app.domain.errors import QuestionError
from app.rulings import questions
from app.rulings.json_text import json_bytes


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def plain(question: dict[str, Any]) -> Any:
    """A question as its ruling holds it (a state question's state is JSON text in it)."""
    return json.loads(json_bytes(question))


def parsed(model: type[BaseModel], body: dict[str, Any]) -> Any:
    # As the API parses a request body: JSON, strict.
    return model.model_validate_json(json.dumps(body))


def battlefield(*cards: tuple[str, str]) -> dict[str, Any]:
    return {
        "turn": 4,
        "active_player": "alice",
        "battlefield": [{"id": pid, "card": name, "controller": "alice"} for pid, name in cards],
        "effects": [],
    }


def test_card_names_in_a_state_normalize_to_the_catalog_spelling(catalog: Catalog) -> None:
    typed = parsed(CouldProduceRequest, {"state": battlefield(("f", "forest"), ("t", "TUNDRA"))})
    exact = parsed(CouldProduceRequest, {"state": battlefield(("f", "Forest"), ("t", "Tundra"))})
    one = questions.could_produce_question(catalog, typed)
    other = questions.could_produce_question(catalog, exact)
    assert plain(one.question) == plain(other.question)
    assert [p["card"] for p in plain(one.question)["state"]["battlefield"]] == ["Forest", "Tundra"]


def test_choose_spellings_normalize_to_one_type(catalog: Catalog) -> None:
    # 'u', 'U' and '{U}' all ask for the same mana.
    asked = [
        questions.activate_question(
            catalog,
            parsed(
                ActivateRequest,
                {"state": battlefield(("t", "Tundra")), "permanent_id": "t", "choose": spelled},
            ),
        )
        for spelled in ("u", "U", "{U}")
    ]
    assert plain(asked[0].question) == plain(asked[1].question) == plain(asked[2].question)
    assert plain(asked[0].question)["choose"] == "U" and asked[0].choose == "U"


def test_cost_and_card_names_normalize_for_a_free_cast(catalog: Catalog) -> None:
    typed = parsed(
        CastWithoutPayingRequest,
        {"card": "gatekeeper of malakir", "additional_costs": ["kicker"]},
    )
    exact = parsed(
        CastWithoutPayingRequest,
        {"card": "Gatekeeper of Malakir", "additional_costs": ["Kicker"]},
    )
    one = questions.free_cast_question(catalog, typed)
    assert plain(one.question) == plain(questions.free_cast_question(catalog, exact).question)
    assert plain(one.question)["card"] == "Gatekeeper of Malakir"
    assert plain(one.question)["additional_costs"] == ["Kicker"]


def test_a_split_cards_half_named_as_the_card_means_that_half(catalog: Catalog) -> None:
    by_half = parsed(ManaValueRequest, {"card": "fire", "zone": "stack"})
    by_face = parsed(ManaValueRequest, {"card": "Fire // Ice", "zone": "stack", "face": "FIRE"})
    one = questions.mana_value_question(catalog, by_half)
    assert plain(one.question) == plain(questions.mana_value_question(catalog, by_face).question)
    assert (plain(one.question)["card"], plain(one.question)["face"]) == ("Fire // Ice", "Fire")


def test_library_names_normalize_and_a_given_seed_is_kept(catalog: Catalog) -> None:
    typed = parsed(
        RevealUntilRequest,
        {"library": ["forest", "llanowar elves"], "seed": 7, "max_mana_value": 2},
    )
    exact = parsed(
        RevealUntilRequest,
        {"library": ["Forest", "Llanowar Elves"], "seed": 7, "max_mana_value": 2},
    )
    one = questions.reveal_question(catalog, typed)
    assert plain(one.question) == plain(questions.reveal_question(catalog, exact).question)
    assert plain(one.question)["library"] == ["Forest", "Llanowar Elves"] and one.seed == 7


def test_mulligan_bottom_names_normalize_to_the_cards_in_hand(catalog: Catalog) -> None:
    def ask(hand: list[str], bottom: list[str]) -> dict[str, Any]:
        body = {
            "hand": hand,
            "library": [],
            "mulligans_taken": 1,
            "bottom_owed": 1,
            "action": "bottom",
            "bottom": bottom,
        }
        return plain(questions.mulligan_question(catalog, parsed(MulliganRequest, body)).question)

    assert ask(["forest", "serum powder"], ["FOREST"]) == ask(
        ["Forest", "Serum Powder"], ["Forest"]
    )


def test_an_unknown_card_names_its_field(catalog: Catalog) -> None:
    body = parsed(ManaValueRequest, {"card": "No Such Card Anywhere", "zone": "hand"})
    with pytest.raises(QuestionError) as raised:
        questions.mana_value_question(catalog, body)
    assert raised.value.loc == ("card",)
    assert raised.value.code == "unknown_card"


def test_a_state_spelled_as_the_catalog_spells_it_is_its_own_normalized_state(
    catalog: Catalog,
) -> None:
    # check_state hands it back as is, so the question dumps it once (questions._state_question).
    body = parsed(CouldProduceRequest, {"state": battlefield(("f", "Forest"), ("g", "Forest"))})
    q = questions.could_produce_question(catalog, body)
    assert q.checked.state is body.state
    assert plain(q.question) == body.model_dump(mode="json")
    respelled = parsed(CouldProduceRequest, {"state": battlefield(("f", "forest"))})
    r = questions.could_produce_question(catalog, respelled)
    assert r.checked.state is not respelled.state
    assert plain(r.question)["state"]["battlefield"][0]["card"] == "Forest"


def test_equal_cards_are_checked_once_and_each_permanent_still_gets_its_own_spelling(
    catalog: Catalog,
) -> None:
    body = parsed(
        ActivateRequest,
        {
            "state": battlefield(
                ("a", "forest"), ("b", "FOREST"), ("c", "Forest"), ("d", "forest")
            ),
            "permanent_id": "d",
        },
    )
    q = questions.activate_question(catalog, body)
    cards = [p["card"] for p in plain(q.question)["state"]["battlefield"]]
    assert cards == ["Forest"] * 4
    assert [c.name for c, _ in q.checked.cards] == ["Forest"] * 4
    assert list(plain(q.question)) == list(body.model_dump(mode="json"))  # the request's key order
