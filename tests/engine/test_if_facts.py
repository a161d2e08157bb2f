"""An ability's own "instead" on a fact (614.15): a land played this turn (305.2), a dungeon
completed (309.7), the initiative (725) or a card exiled with its permanent (607.2a); and the
"instead" of permanents named by name (201.2) or with counters (122.1). Every card is
invented; its text is a templated sentence we wrote."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.errors import QuestionError
from app.domain.state import Board, GameState
from app.engine.could_produce import could_produce
from tests.engine.mana_helpers import P, resolve
from tests.engine.test_mana_colors import act, defined

TIDE = ("Tidewrack Shoal", "{T}: Add {U}. If you played a land this turn, add {R} instead.")
DELVER = ("Crypt Delver", "{T}: Add {G}{G}. If you've completed a dungeon, add five {G} instead.")
BANNER = ("Vanguard Banner", "{T}: Add {C}. If you have the initiative, add {C}{C}{C} instead.")
VAULT = (
    "Sealed Vault",
    "When ~ enters, you may exile a colorless card from your hand.\n"
    "{T}: Add {C}. If a card is exiled with ~, add {C}{C}{C} instead.",
)
DRONE = (
    "Hub Drone",
    "{T}: Add {C}. If you control creatures named Memnite and Grizzly Bears, add {C}{C}{C} "
    "instead.",
)
GAZER = (
    "Comet Gazer",
    "{T}: Add one mana of any color. If you control an artifact with three or more charge "
    "counters on it, add three mana of any one color instead.",
)


def board(*battlefield: dict[str, Any], players: dict[str, Any] | None = None) -> Board:
    state = {"turn": 3, "active_player": "alice", "battlefield": list(battlefield)}
    return resolve(GameState.model_validate(state | {"players": players or {}}))


def _types(b: Board, pid: str) -> list[str]:
    found = could_produce(b, None).answer_data["permanents"]
    return next(p for p in found if p["id"] == pid)["types"]


def test_a_land_played_this_turn_changes_the_mana() -> None:
    played = board(defined("t", *TIDE), players={"alice": {"lands_played_this_turn": 1}})
    a = act(played, "t")
    assert a["total"] == "{R}"
    assert _types(played, "t") == ["R"]
    none = board(defined("t", *TIDE), players={"alice": {"lands_played_this_turn": 0}})
    assert act(none, "t")["total"] == "{U}"
    assert _types(none, "t") == ["U"]


def test_the_lands_played_are_asked_for() -> None:
    b = board(defined("t", *TIDE), players={"alice": {"life": 20}})
    with pytest.raises(QuestionError) as err:
        act(b, "t")
    assert err.value.loc == ("state", "players", "alice", "lands_played_this_turn")
    assert err.value.code == "lands_played_this_turn_required"
    with pytest.raises(QuestionError):
        could_produce(b, "t")  # 106.7: what it could make now depends on it too


def test_a_completed_dungeon_and_the_initiative() -> None:
    done = board(defined("d", *DELVER), players={"alice": {"completed_dungeon": True}})
    assert act(done, "d")["total"] == "{G}{G}{G}{G}{G}"
    not_done = board(defined("d", *DELVER), players={"alice": {"completed_dungeon": False}})
    assert act(not_done, "d")["total"] == "{G}{G}"
    leading = board(defined("b", *BANNER), players={"alice": {"initiative": True}})
    assert act(leading, "b")["total"] == "{C}{C}{C}"
    trailing = board(defined("b", *BANNER), players={"alice": {"initiative": False}})
    assert act(trailing, "b")["total"] == "{C}"
    with pytest.raises(QuestionError) as err:
        act(board(defined("b", *BANNER)), "b")
    assert err.value.code == "initiative_required"
    with pytest.raises(QuestionError) as err:
        act(board(defined("d", *DELVER, controller="bob")), "d")
    assert err.value.loc == ("state", "players", "bob", "completed_dungeon")


def test_a_card_exiled_with_it() -> None:
    assert act(board(defined("v", *VAULT, exiled=["Memnite"])), "v")["total"] == "{C}{C}{C}"
    assert act(board(defined("v", *VAULT, exiled=[])), "v")["total"] == "{C}"
    with pytest.raises(QuestionError) as err:
        act(board(defined("v", *VAULT)), "v")
    assert err.value.code == "exiled_required"


def test_the_steps_say_why() -> None:
    b = board(defined("t", *TIDE), players={"alice": {"lands_played_this_turn": 2}})
    v = could_produce(b, "t")
    text = " ".join(s.text for s in v.steps)
    assert "played a land this turn" in text


def test_creatures_named_by_name() -> None:
    both = board(defined("h", *DRONE), P("m", "Memnite"), P("g", "Grizzly Bears"))
    assert act(both, "h")["total"] == "{C}{C}{C}"
    one = board(defined("h", *DRONE), P("m", "Memnite"), P("g", "Grizzly Bears", "bob"))
    assert act(one, "h")["total"] == "{C}"


def test_a_permanent_with_enough_counters() -> None:
    full = board(defined("c", *GAZER), P("s", "Sol Ring", counters={"charge": 3}))
    assert act(full, "c", choose="R")["total"] == "{R}{R}{R}"
    short = board(defined("c", *GAZER), P("s", "Sol Ring", counters={"charge": 2}))
    assert act(short, "c", choose="R")["total"] == "{R}"


GAMBLER = (
    "Gambler Cog",
    "{1}: Flip a coin. If you win the flip, add {C}{C}{C}. Activate only as an instant.",
)


def test_a_coin_flip_lists_winning_and_losing() -> None:
    b = board(defined("g", *GAMBLER))
    open_ = act(b, "g")
    assert open_["choice_required"] and open_["options"] == ["won", "lost"]
    totals = {o["choices"]["choose"]: o["total"] for o in open_["outcomes"]}
    assert totals == {"won": "{C}{C}{C}", "lost": ""}
    assert act(b, "g", choose="won")["total"] == "{C}{C}{C}"
    lost = act(b, "g", choose="Lost")
    assert (lost["made_mana"], lost["total"]) == (False, "")
    # 106.7: every outcome counts, so it could produce {C}.
    v = could_produce(b, "g")
    assert v.answer_data["permanents"][0]["types"] == ["C"]
    assert "705" in v.citations


WILD_COG = ("Wild Cog", "{1}: Flip a coin. If you win the flip, add one mana of any color.")


def test_a_won_flip_with_a_color_to_pick_is_chosen_by_that_color() -> None:
    b = board(defined("w", *WILD_COG))
    open_ = act(b, "w")
    assert open_["options"] == ["W", "U", "B", "R", "G", "lost"]
    note = next(n for n in open_["notes"] if n["code"] == "choice_required")
    assert "the type a won flip makes or 'lost'" in note["message"]  # not a refused 'won'
    assert act(b, "w", choose="G")["total"] == "{G}"
    assert act(b, "w", choose="lost")["total"] == ""


KINDLER = (
    "Ember Kindler",
    "{2}: Target creature gains reach until end of turn. If this is the third time this "
    "ability has resolved this turn, you may add {R}{R}{R}{R}{R}.",
)


def test_mana_only_on_the_third_resolution() -> None:
    third = board(defined("k", *KINDLER, types=("Creature",), resolutions_this_turn=2))
    a = act(third, "k")
    assert a["choice_required"] and a["options"] == ["R", "none"]  # "you may add"
    assert {o["total"] for o in a["outcomes"]} == {"{R}{R}{R}{R}{R}", ""}
    took = act(third, "k", choose="R")
    assert took["total"] == "{R}{R}{R}{R}{R}"
    assert took["state"]["battlefield"][0]["resolutions_this_turn"] == 3
    assert act(third, "k", choose="none")["total"] == ""
    assert _types(third, "k") == ["R"]
    first = board(defined("k", *KINDLER, types=("Creature",), resolutions_this_turn=0))
    assert (act(first, "k")["total"], _types(first, "k")) == ("", [])
    fourth = board(defined("k", *KINDLER, types=("Creature",), resolutions_this_turn=3))
    assert _types(fourth, "k") == []


def test_the_resolutions_are_asked_for() -> None:
    b = board(defined("k", *KINDLER, types=("Creature",)))
    with pytest.raises(QuestionError) as err:
        act(b, "k")
    assert err.value.loc == ("state", "battlefield", 0, "resolutions_this_turn")
    assert err.value.code == "resolutions_this_turn_required"
    with pytest.raises(QuestionError):
        could_produce(b, "k")
    # could-produce says which resolution it assumes: the next one (106.7).
    v = could_produce(board(defined("k", *KINDLER, resolutions_this_turn=2)), "k")
    assert "the one asked about, is resolution 3" in " ".join(s.text for s in v.steps)
