"""Keyword actions said by name (701): earthbend N (701.66) is read as the instructions it
stands for (a target land its controller controls becomes a 0/0 creature with haste that's
still a land), and recorded in the card's own words. Invented cards, templated sentences."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest

from app.catalog.compile import compile_face
from app.domain.card import Card
from app.domain.continuous import AddTypes, GrantKeyword
from app.domain.errors import QuestionError
from app.domain.state import GameState
from app.engine.activate import activate
from app.rulings.board_checks import check_own_target
from tests.engine.mana_helpers import resolve
from tests.engine.test_type_effects import FOREST, HOLLOW, _perm

WRITTEN = "target land you control becomes a 0/0 creature with haste that's still a land"


def _kinds(text: str, types: tuple[str, ...] = ("Creature",)) -> list[str]:
    compiled = compile_face("Stonecall Adept", text, types=types)
    assert compiled.support == "full", compiled.unsupported_text
    return [a.kind for a in compiled.abilities]


@pytest.mark.parametrize(
    "said",
    [
        "When this creature enters, earthbend 2.",
        "Whenever you cast a spell, earthbend 1.",
        "{4}: Earthbend 4.",
        "When this creature dies, earthbend X, where X is the number of Forests you control.",
    ],
)
def test_earthbend_reads_as_its_words_written_out(said: str) -> None:
    # The same abilities as the words it stands for; the record keeps the card's words.
    written = re.sub(r"earthbend (?:\d+|X)(?:, where X is [^.]+)?", WRITTEN, said)
    written = re.sub(r"Earthbend \d+", "T" + WRITTEN[1:], written)
    assert _kinds(said) == _kinds(written) == ["add_types", "grant_keyword"]
    compiled = compile_face("Stonecall Adept", said, types=("Creature",))
    assert [s.text for s in compiled.sentences] == [said.replace("this creature", "~")]
    assert [s.family for s in compiled.sentences] == ["type_change"]
    assert all(a.works_from == "effect" for a in compiled.abilities)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "said",
    [
        # Two lands, or a land then more: not one target, so reported in the card's words.
        "When this creature enters, earthbend 1, then earthbend 1.",
        "{6}: Put two +1/+1 counters on this creature, then earthbend 2.",
    ],
)
def test_earthbend_not_read_is_reported_as_said(said: str) -> None:
    compiled = compile_face("Stonecall Adept", said, types=("Creature",))
    assert compiled.unsupported_text == [said.replace("this creature", "~")]


def test_an_event_named_earthbend_is_no_action() -> None:
    compiled = compile_face(
        "Stonecall Adept", "Whenever you earthbend, draw a card.", types=("Creature",)
    )
    assert compiled.support == "full" and compiled.abilities == []


def test_an_earthbent_forest_is_a_hasty_creature_that_counts() -> None:
    # Its entry targets the Forest: a creature with haste (702.10), so a fresh one taps, and
    # "for each creature you control" counts it.
    compiled = compile_face(
        "Stonecall Adept", "When this creature enters, earthbend 1.", types=("Creature",)
    )
    adept: dict[str, Any] = {
        "name": "Stonecall Adept",
        "types": ["creature"],
        "abilities": [a.model_dump(mode="json") for a in compiled.abilities],
    }
    assert [type(a) for a in compiled.abilities] == [AddTypes, GrantKeyword]
    state = {
        "turn": 3,
        "active_player": "alice",
        "battlefield": [
            _perm("field", FOREST, controlled_since_turn_start=False),
            _perm("hollow", HOLLOW),
        ],
        "effects": [{"id": "fx", "definition": adept, "controller": "alice", "target": "field"}],
    }
    board = resolve(GameState.model_validate(state))
    assert activate(board, "field").answer_data["total"] == "{G}"
    assert activate(board, "hollow").answer_data["total"] == "{G}"


@pytest.mark.parametrize(
    ("line", "keywords"),
    [
        ("Unearth {2}{B}", ("Unearth",)),
        ("Dash {1}{R}", ("Dash",)),
        ("Blitz {2}{B}", ("Blitz",)),
        # 702.136a: riot's haste, chosen as it enters, is the same entry's.
        ("Riot", ("Riot",)),
        # 702.62a: a creature cast from suspend; 702.141a: encore's token copies.
        ("Suspend 3—{B}", ("Suspend",)),
        ("Encore {5}{B}", ("Encore",)),
    ],
)
def test_a_permanent_unearthed_dashed_or_blitzed_has_haste_from_its_entry(
    line: str, keywords: tuple[str, ...]
) -> None:
    # 702.84a, 702.109a, 702.152a: put onto the battlefield that way, it has haste this turn:
    # an entry naming the card, its target the permanent. A fresh one taps for mana with it.
    compiled = compile_face(
        "Ashen Drudge", f"{{T}}: Add {{B}}.\n{line}", types=("Creature",), keywords=keywords
    )
    assert compiled.support == "full", compiled.unsupported_text
    assert [a.kind for a in compiled.abilities] == ["mana_ability", "grant_keyword"]
    drudge: dict[str, Any] = {
        "name": "Ashen Drudge",
        "types": ["creature"],
        **compiled.card_fields(),
    }
    fresh = {"id": "d", "definition": drudge, "controller": "alice",
             "controlled_since_turn_start": False}  # fmt: skip

    def tap(*effects: dict[str, Any]) -> dict[str, Any]:
        state = {
            "turn": 3,
            "active_player": "alice",
            "battlefield": [fresh],
            "effects": list(effects),
        }
        return activate(resolve(GameState.model_validate(state)), "d").answer_data

    assert [r["code"] for r in tap()["reasons"]] == ["summoning_sick"]
    entry = {"id": "fx", "definition": drudge, "controller": "alice", "target": "d"}
    assert tap(entry)["total"] == "{B}"
    # The haste is the card's own: an entry naming another card's permanent is refused, and
    # the engine called directly gives that one none.
    other = fresh | {"id": "o", "definition": drudge | {"name": "Grave Peddler"}}
    state = {"turn": 3, "active_player": "alice", "battlefield": [fresh, other],
             "effects": [entry | {"target": "o"}]}  # fmt: skip
    with pytest.raises(QuestionError) as refused:
        resolve(GameState.model_validate(state))
    assert refused.value.code == "not_own_permanent"
    assert refused.value.loc == ("state", "effects", 0, "target")
    assert "Grave Peddler" in refused.value.message
    checked = resolve(GameState.model_validate(state | {"effects": [entry]}))
    # Past the request's checks, as a direct caller of the engine might be:
    by_engine = replace(checked, effects=(replace(checked.effects[0], target="o"),))
    answer = activate(by_engine, "o").answer_data
    assert [r["code"] for r in answer["reasons"]] == ["summoning_sick"]


@pytest.mark.parametrize("line", ["Unearth {2}{B}", "Dash {1}{R}", "Encore {5}{B}"])
def test_the_cards_own_haste_stays_when_its_permanent_becomes_a_copy(line: str) -> None:
    # 707.2: a copy effect changes the permanent's name and abilities, not which permanent
    # the unearth (dash, encore) effect gave haste to: a fresh copier that became a copy of a
    # mana creature taps for that creature's mana.
    compiled = compile_face(
        "Hollow Mimic",
        f"You may have this creature enter as a copy of a creature on the battlefield.\n{line}",
        types=("Creature",),
        keywords=(line.split(" ")[0],),
    )
    assert compiled.support == "full", compiled.unsupported_text
    mimic = {"name": "Hollow Mimic", "types": ["creature"], **compiled.card_fields()}
    copier = {"id": "m", "definition": mimic, "controller": "alice",
              "controlled_since_turn_start": False, "copy_of": ["Llanowar Elves"]}  # fmt: skip
    entry = {"id": "fx", "definition": mimic, "controller": "alice", "target": "m"}
    state = {"turn": 3, "active_player": "alice", "battlefield": [copier], "effects": [entry]}
    answer = activate(resolve(GameState.model_validate(state)), "m").answer_data
    assert answer["total"] == "{G}", answer["reasons"]


def test_a_copy_of_a_riot_creature_takes_its_haste_entry() -> None:
    # 707.2, 702.136a: a creature entering as a copy of a riot creature has riot, and its
    # controller may choose haste: the entry names the riot card, its target the copy.
    riot = compile_face("Brawl Hound", "{T}: Add {R}.\nRiot", types=("Creature",),
                        keywords=("Riot",))  # fmt: skip
    hound = Card.model_validate({"name": "Brawl Hound", "types": ["creature"],
                                 **riot.card_fields()})  # fmt: skip
    mimic = Card.model_validate({"name": "Hollow Mimic", "types": ["creature"]})
    as_hound = hound.front  # the copy's face has the riot card's values (707.2)
    check_own_target(hound, (mimic, as_hound), "m", ("state", "effects", 0))
    with pytest.raises(QuestionError) as refused:
        check_own_target(hound, (mimic, mimic.front), "m", ("state", "effects", 0))
    assert refused.value.code == "not_own_permanent"
