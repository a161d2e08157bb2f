"""One of several colors chosen for a permanent (`chosen_colors`), counters of every kind
(122.1), counters put on as the ability resolves (608.2c), and mana another player may pay to
stop (118.12). Every card is invented; its text is a templated sentence we wrote."""

from __future__ import annotations

import pytest

from app.domain.errors import QuestionError
from app.engine.activate import activate
from app.engine.could_produce import could_produce
from tests.engine.mana_helpers import board
from tests.engine.test_mana_amounts import act, defined

SPRING = ("Twinfall Spring", "{1}, {T}: Add one mana of a chosen color.")
SPIRES = ("Chalk Spires", "{1}, {T}: Add one mana of either of the circled colors.")
ABACUS = ("Tally Abacus", "{T}: Add {U} for each counter on this artifact.")
GALLERY = ("Ember Gallery", "{T}: Add {C}, plus an additional {C} for each ember counter on ~.")
DYNAMO = (
    "Coil Dynamo",
    "{T}: Put a gear counter on this artifact. Add X mana of any one color, where X is "
    "the number of gear counters on this artifact.",
)
GROTTO = (
    "Haggle Grotto",
    "{T}: Choose a color. Add one mana of that color unless any player pays {2}.",
)


def _types(b: object) -> dict[str, list[str]]:
    v = could_produce(b, None)  # type: ignore[arg-type]
    return {p["id"]: p["types"] for p in v.answer_data["permanents"]}


def test_one_of_the_chosen_colors() -> None:
    b = board(
        defined("s", *SPRING, types=("Land",), chosen_colors=["G", "U"]),
        defined("one", *SPRING, types=("Land",), chosen_color="R"),  # a lone chosen color
        defined("none", *SPRING, types=("Land",), chosen_colors=[]),
        defined("c", *SPIRES, types=("Land",), chosen_colors=["W", "B"]),
    )
    assert _types(b) == {"s": ["U", "G"], "one": ["R"], "none": [], "c": ["W", "B"]}
    a = act(b, "s")
    assert a["choice_required"] is True
    assert {o["total"] for o in a["outcomes"]} == {"{G}", "{U}"}
    assert act(b, "s", choose="U")["total"] == "{U}"
    assert act(b, "none")["made_mana"] is False


def test_the_chosen_colors_must_be_given() -> None:
    b = board(defined("s", *SPRING, types=("Land",)))
    with pytest.raises(QuestionError) as err:
        could_produce(b, None)
    assert err.value.loc == ("state", "battlefield", 0, "chosen_colors")
    assert err.value.code == "chosen_colors_required"


def test_counters_of_every_kind_count() -> None:
    b = board(defined("abacus", *ABACUS, counters={"charge": 2, "+1/+1": 1}))
    assert act(b, "abacus")["total"] == "{U}{U}{U}"
    assert _types(board(defined("bare", *ABACUS))) == {"bare": []}  # none: no mana


def test_one_more_for_each_counter() -> None:
    b = board(defined("g", *GALLERY, counters={"ember": 2}), defined("bare", *GALLERY))
    assert act(b, "g")["total"] == "{C}{C}{C}"
    assert act(b, "bare")["total"] == "{C}"


def test_a_counter_put_on_as_it_resolves_is_counted() -> None:
    """608.2c: the counter is put on first, then X counts it (one more than it had)."""
    b = board(defined("d", *DYNAMO, counters={"gear": 1}), defined("new", *DYNAMO))
    assert act(b, "d", choose="G")["total"] == "{G}{G}"
    assert act(b, "new", choose="R")["total"] == "{R}"
    v = activate(b, "d", choose="G")
    assert "first puts a gear counter on it" in " ".join(s.text for s in v.steps)
    assert "608.2c" in v.citations
    after = next(q for q in v.answer_data["state"]["battlefield"] if q["id"] == "d")
    assert after["counters"] == {"gear": 2} and after["tapped"] is True


def test_mana_another_player_may_pay_to_stop() -> None:
    b = board(defined("g", *GROTTO, types=("Land",)))
    assert _types(b) == {"g": ["W", "U", "B", "R", "G"]}  # 106.7: it could make any color
    v = activate(b, "g", choose="B")
    assert v.answer_data["total"] == "{B}"
    text = " ".join(s.text for s in v.steps)
    assert "unless any player pays {2}" in text and "any player may pay" in text
    assert "118.12" in v.citations


FIELD = (
    "Drum Field",
    "{T}: Add {G}. If you control a creature with power 5 or greater, add {G}{G} instead.",
)
BRUTE = ("Loam Brute", "{T}: Add an amount of {G} equal to this creature's power.")


def test_fixed_mana_and_its_own_instead_with_a_big_creature() -> None:
    """614.15: its own "instead" makes two {G} while a creature of power 5 or more is there."""
    big = board(
        defined("f", *FIELD, types=("Land",)), defined("b", *BRUTE, types=("Creature",), power=5)
    )
    assert act(big, "f")["total"] == "{G}{G}"
    small = board(
        defined("f", *FIELD, types=("Land",)), defined("b", *BRUTE, types=("Creature",), power=2)
    )
    assert act(small, "f")["total"] == "{G}"


CAVE = (
    "Lucky Hollow",
    "{T}: Add {C}. If this land has a gem counter on it, instead add one mana of any color.",
)


def test_another_production_while_a_counter_is_there() -> None:
    """614.15: its own "instead": any color with a gem counter, {C} without one."""
    b = board(
        defined("lucky", *CAVE, types=("Land",), counters={"gem": 1}),
        defined("plain", *CAVE, types=("Land",)),
    )
    assert _types(b) == {"lucky": ["W", "U", "B", "R", "G"], "plain": ["C"]}
    assert act(b, "plain")["total"] == "{C}"
    v = activate(b, "lucky", choose="U")
    assert v.answer_data["total"] == "{U}"
    assert {o["total"] for o in act(b, "lucky")["outcomes"]} == {"{W}", "{U}", "{B}", "{R}", "{G}"}


GLADE = (
    "Crowded Glade",
    "{T}: Add {G}. If you control three or more creatures, add {G}{G} instead.",
)


def test_fixed_mana_instead_while_you_control_enough() -> None:
    """614.15: its own "instead" while its controller controls three or more creatures."""
    crowd = [defined(f"c{i}", *BRUTE, types=("Creature",), power=1) for i in range(3)]
    b = board(defined("g", *GLADE, types=("Land",)), *crowd)
    v = activate(b, "g")
    assert v.answer_data["total"] == "{G}{G}"
    assert "614.15" in v.citations
    assert act(board(defined("g", *GLADE, types=("Land",)), *crowd[:2]), "g")["total"] == "{G}"
    theirs = [{**c, "controller": "bob"} for c in crowd]
    assert act(board(defined("g", *GLADE, types=("Land",)), *theirs), "g")["total"] == "{G}"


def _urza(pid: str, name: str, kind: str, text: str, **kw: object) -> dict[str, object]:
    from app.catalog.compile import compile_face

    compiled = compile_face(name, text, types=("Land",), subtypes=("Urza's", kind))
    assert compiled.support == "full", compiled.unsupported_text
    card = {"name": name, "types": ["land"], "subtypes": ["Urza's", kind], **compiled.card_fields()}
    return {"id": pid, "definition": card, "controller": "alice", **kw}


def test_urza_lands_count_each_other_by_their_land_types() -> None:
    mine = _urza(
        "m",
        "Relic Mine",
        "Mine",
        "{T}: Add {C}. If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C}{C} "
        "instead.",
    )
    plant = _urza("p", "Relic Plant", "Power-Plant", "{T}: Add {C}.")
    tower = _urza("t", "Relic Tower", "Tower", "{T}: Add {C}.")
    assert act(board(mine, plant, tower), "m")["total"] == "{C}{C}{C}"
    assert act(board(mine, plant), "m")["total"] == "{C}"
    theirs = {**tower, "controller": "bob"}
    assert act(board(mine, plant, theirs), "m")["total"] == "{C}"
