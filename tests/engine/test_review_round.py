"""Templates fixed after this round's review, on invented cards: a trigger on tapping for one
mana type (106.12a), and haste for the creature spell a land's mana was spent on (702.10)."""

from __future__ import annotations

from typing import Any

from app.catalog.compile import compile_face
from app.domain.state import GameState
from tests.engine.mana_helpers import P, resolve
from tests.engine.test_mana_colors import act, defined

HUM = (
    "Humming Obelisk",
    "Whenever you tap a permanent you control for {C}, add an additional {C}.",
)


def test_a_trigger_on_tapping_for_colorless_adds_only_then() -> None:
    from tests.engine.mana_helpers import board

    b = board(defined("o", *HUM), P("w", "Wastes"), P("f", "Forest"), P("s", "Sol Ring"))
    assert act(b, "w")["total"] == "{C}{C}"
    assert act(b, "s")["total"] == "{C}{C}{C}"  # one trigger per activation, not per mana
    forest = act(b, "f")
    assert (forest["total"], forest["triggered"]) == ("{G}", [])


HALL = (
    "Bandit Causeway",
    "{T}, Pay 1 life: Add {C}. If that mana is spent on an Elf creature spell, it gains haste.",
)


def _hall_card() -> dict[str, Any]:
    compiled = compile_face(HALL[0], HALL[1], types=("Land",))
    assert compiled.support == "full", compiled.unsupported_text
    return {"name": HALL[0], "types": ["land"], **compiled.card_fields()}


def test_the_creature_the_mana_was_spent_on_has_haste_as_an_effect_entry() -> None:
    bears = {"id": "b", "card": "Grizzly Bears", "controller": "alice"}
    elves = {"id": "e", "card": "Llanowar Elves", "controller": "alice"}
    hall = {"id": "h", "definition": _hall_card(), "controller": "alice"}
    new = {"controlled_since_turn_start": False}
    without = resolve(
        GameState.model_validate({"turn": 3, "battlefield": [hall, bears, elves | new]})
    )
    assert act(without, "e")["reasons"][0]["code"] == "summoning_sick"  # 302.6
    spent = GameState.model_validate(
        {
            "turn": 3,
            "battlefield": [hall, bears, elves | new],
            "effects": [{"id": "fx", "definition": _hall_card(), "controller": "alice",
                         "target": "e"}],
        }
    )  # fmt: skip
    answer = act(resolve(spent), "e")
    assert (answer["legal"], answer["total"]) == (True, "{G}")  # haste (702.10)


CUBE = ("Echo Crucible", "{4}, {T}: Double the amount of each type of unspent mana you have.")


def _cube_state(**players: Any) -> GameState:
    compiled = compile_face(CUBE[0], CUBE[1], types=("Artifact",))
    assert compiled.support == "full", compiled.unsupported_text
    cube = {"name": CUBE[0], "types": ["artifact"], **compiled.card_fields()}
    return GameState.model_validate(
        {
            "turn": 3,
            "battlefield": [{"id": "c", "definition": cube, "controller": "alice"}],
            "players": players,
        }
    )


def test_doubling_the_pool_adds_one_more_of_each_mana_in_it() -> None:
    from app.engine.could_produce import could_produce

    b = resolve(_cube_state(alice={"mana_pool": "{G}{G}{C}"}))
    assert act(b, "c")["total"] == "{G}{G}{C}"  # 106.4: the pool's mana, once more
    assert could_produce(b, None).answer_data["permanents"][0]["types"] == ["G", "C"]
    empty = resolve(_cube_state(alice={"mana_pool": ""}))
    assert act(empty, "c")["total"] == ""


def test_the_pool_is_asked_for_when_the_ability_reads_it() -> None:
    import pytest

    from app.domain.errors import QuestionError

    with pytest.raises(QuestionError) as e:
        act(resolve(_cube_state()), "c")
    assert (e.value.loc, e.value.code) == (
        ("state", "players", "alice", "mana_pool"),
        "mana_pool_required",
    )


GUILD_HALL = (
    "Gilded Workshop",
    "(Gain the next level as a sorcery to add its ability.)\n"
    "When this Class enters, draw a card.\n"
    "{1}{G}: Level 2\n"
    'Creatures you control have "{T}: Add {G}."\n'
    "{3}{G}: Level 3\n"
    "Creatures you control have haste.",
)


def test_a_class_level_s_grant_exists_only_once_it_has_that_level() -> None:
    compiled = compile_face(
        GUILD_HALL[0], GUILD_HALL[1], types=("Enchantment",), subtypes=("Class",)
    )
    assert compiled.unsupported_text == ["Creatures you control have haste."]  # can't carry it
    assert compiled.abilities[0].model_dump()["while_class_level"] == 2
    card = {"name": GUILD_HALL[0], "types": ["enchantment"], "subtypes": ["Class"],
            **compiled.card_fields()}  # fmt: skip

    def bears(level: int | None) -> GameState:
        hall = {"id": "w", "definition": card, "controller": "alice"}
        if level is not None:
            hall["class_level"] = level
        bear = {"id": "b", "card": "Grizzly Bears", "controller": "alice"}
        return GameState.model_validate({"turn": 3, "battlefield": [hall, bear]})

    assert act(resolve(bears(1)), "b")["reasons"][0]["code"] == "no_mana_ability"
    assert act(resolve(bears(2)), "b")["total"] == "{G}"  # 716: level 2 gained
    import pytest

    from app.domain.errors import QuestionError

    with pytest.raises(QuestionError) as e:
        act(resolve(bears(None)), "b")
    assert (e.value.loc, e.value.code) == (
        ("state", "battlefield", 0, "class_level"),
        "class_level_required",
    )
