"""Boards no game has because a state-based action would already have changed them (704.5j:
the legend rule; 704.5k: the world rule): a 422 naming the later permanent, after control
changes and copies. Invented cards, compiled from templated sentences we wrote."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.errors import QuestionError
from tests.engine.test_set_card_types import _elf
from tests.engine.test_type_effects import _board, _card, _perm, _types_of

LEGEND = _elf(name="Thornwick, Root Warden", supertypes=["Legendary"])
WORLD: dict[str, Any] = {
    "name": "Ashen Sky Mantle",
    "supertypes": ["World"],
    "types": ["enchantment"],
}
MIRROR = _card(
    "Hall of Twin Echoes",
    'The "legend rule" doesn\'t apply to permanents you control.',
    ["Artifact"],
)


def _refused(*perms: dict[str, Any]) -> QuestionError:
    with pytest.raises(QuestionError) as err:
        _types_of(_board(*perms), perms[0]["id"])
    assert err.value.code == "inconsistent_state"
    return err.value


def test_two_legends_of_one_name_under_one_controller_is_no_board() -> None:
    err = _refused(_perm("a", LEGEND), _perm("b", LEGEND))
    assert err.loc == ("state", "battlefield", 1)
    assert "704.5j" in err.message
    # A name in another case is the same name (201.2: as the catalog compares names).
    shouting = {**LEGEND, "name": LEGEND["name"].upper()}
    assert _refused(_perm("a", LEGEND), _perm("b", shouting)).loc == ("state", "battlefield", 1)
    # One each is a board: the rule looks at each controller's own (704.5j).
    assert _types_of(_board(_perm("a", LEGEND), _perm("b", LEGEND, controller="bob")), "a") == ["G"]


def test_a_card_that_turns_the_legend_rule_off_allows_them() -> None:
    b = _board(_perm("a", LEGEND), _perm("b", LEGEND), _perm("m", MIRROR))
    assert _types_of(b, "b") == ["G"]


def test_two_world_permanents_is_no_board_whoever_controls_them() -> None:
    err = _refused(_perm("w", WORLD), _perm("v", WORLD, controller="bob"))
    assert "704.5k" in err.message


def test_a_copy_of_a_card_that_turns_the_legend_rule_off_allows_them() -> None:
    # 707.2: a copy has the copied card's abilities, that one among them.
    copy = {"id": "c", "card": "Glassmirror Shade", "controller": "bob",
            "copy_of": ["Twinmirror Sage"]}  # fmt: skip
    b = _board(_perm("a", LEGEND), _perm("b", LEGEND), copy)
    assert _types_of(b, "b") == ["G"]
