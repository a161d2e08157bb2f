"""Selectors with further conditions (the `where` filter: token, other, counters, basic,
supertypes, the attached permanent's type), granted abilities and haste over them, the new
tapped-for-mana triggers (any color, a combination, "may add") and commander color identity
(903.4), on invented cards compiled from templated sentences we write."""

from __future__ import annotations

from typing import Any

import pytest

from app.catalog import Catalog
from app.catalog.compile import compile_face
from app.domain.card import Card
from app.domain.errors import QuestionError
from app.domain.state import Board, GameState
from app.engine.activate import activate
from app.engine.board import BoardView
from app.engine.could_produce import could_produce
from app.rulings.resolve import resolve_state
from tests.engine.fixture_catalog import fixture_definitions
from tests.engine.mana_helpers import resolve


def _card(name: str, text: str, types: list[str], **kw: Any) -> dict[str, Any]:
    """An inline definition: the compiler's abilities for the text (it must be understood)."""
    face = compile_face(name, text, types=types, subtypes=kw.get("subtypes", ()))
    assert face.support == "full", face.unsupported_text
    return {
        "name": name,
        "types": [t.lower() for t in types],
        "abilities": [a.model_dump(mode="json") for a in face.abilities],
        **kw,
    }


def _perm(pid: str, definition: dict[str, Any], controller: str = "alice", **kw: Any) -> Any:
    return {"id": pid, "definition": definition, "controller": controller, **kw}


def _board(*battlefield: dict[str, Any], **state: Any) -> Board:
    return resolve(
        GameState.model_validate(
            {"turn": 3, "active_player": "alice", "battlefield": list(battlefield), **state}
        )
    )


def _types(b: Board, pid: str) -> list[str]:
    return list(could_produce(b, pid).answer_data["permanents"][0]["types"])


BEAR = {"name": "Moss Cub", "types": ["creature"]}
LEGEND = {"name": "Queen Ashra", "types": ["creature"], "supertypes": ["Legendary"]}
WASTES_LAND = {"name": "Grey Flat", "types": ["land"], "supertypes": ["Basic"]}
PLAIN_LAND = {"name": "Grey Hollow", "types": ["land"]}


# --- tokens (111.1) ----------------------------------------------------------------------------


def test_creature_tokens_you_control_have_the_granted_ability() -> None:
    banner = _card(
        "Spawning Banner",
        'Creature tokens you control have "{T}: Add one mana of any color."',
        ["Enchantment"],
    )
    b = _board(
        _perm("banner", banner),
        _perm("tok", BEAR, token=True),
        _perm("card", BEAR),
        _perm("theirs", BEAR, "bob", token=True),
    )
    assert _types(b, "tok") == ["W", "U", "B", "R", "G"]
    assert _types(b, "card") == [] and _types(b, "theirs") == []


def test_token_is_left_out_of_the_question_when_false() -> None:
    # The field is dumped only when true: a question without it is identified as before.
    state = GameState.model_validate(
        {"battlefield": [{"id": "a", "card": "Forest", "controller": "alice"}]}
    )
    assert "token" not in state.model_dump()["battlefield"][0]


# --- other ------------------------------------------------------------------------------------


def test_other_permanents_you_control_but_not_the_source() -> None:
    totem = _card(
        "Kinship Totem",
        'Other permanents you control have "{T}: Add one mana of any color."',
        ["Artifact"],
    )
    b = _board(_perm("totem", totem), _perm("cub", BEAR), _perm("twin", totem))
    assert _types(b, "totem") == ["W", "U", "B", "R", "G"]  # the twin grants it to this one
    b = _board(_perm("totem", totem), _perm("cub", BEAR))
    assert _types(b, "totem") == [] and _types(b, "cub") == ["W", "U", "B", "R", "G"]


def test_other_legendary_creatures_you_control() -> None:
    court = _card(
        "Court of Ashra",
        'Other legendary creatures you control have vigilance and "{T}: Add {G}."',
        ["Creature"],
        supertypes=["Legendary"],
    )
    b = _board(_perm("court", court), _perm("queen", LEGEND), _perm("cub", BEAR))
    assert _types(b, "queen") == ["G"]
    assert _types(b, "cub") == [] and _types(b, "court") == []


def _taps_for(mana: str) -> dict[str, Any]:
    return {
        "kind": "mana_ability",
        "cost": {"tap": True},
        "produces": {"kind": "fixed", "mana": mana},
    }


def test_other_goblins_have_haste_but_not_the_source() -> None:
    chief = _card("Warren Boss", "Other Goblins you control have haste.", ["Creature"])
    chief["subtypes"] = ["Goblin"]
    chief["abilities"].append(_taps_for("{R}"))
    goblin = {
        "name": "Scrap Goblin",
        "types": ["creature"],
        "subtypes": ["Goblin"],
        "abilities": [_taps_for("{R}")],
    }
    b = _board(
        _perm("chief", chief, controlled_since_turn_start=False),
        _perm("gob", goblin, controlled_since_turn_start=False),
    )
    assert activate(b, "gob").answer_data["legal"] is True  # 302.6, 702.10
    reasons = activate(b, "chief").answer_data["reasons"]
    assert [r["code"] for r in reasons] == ["summoning_sick"]


# --- counters (122.1) ----------------------------------------------------------------------------


def test_each_creature_with_a_counter_on_it() -> None:
    grove = _card(
        "Budding Grove",
        'Each creature you control with a counter on it has "{T}: Add {G}."',
        ["Enchantment"],
    )
    b = _board(
        _perm("grove", grove),
        _perm("fed", BEAR, counters={"+1/+1": 1}),
        _perm("charged", BEAR, counters={"charge counter": 2}),
        _perm("bare", BEAR),
    )
    assert _types(b, "fed") == ["G"] and _types(b, "charged") == ["G"]
    assert _types(b, "bare") == []


def test_four_or_more_plus_one_counters_give_haste() -> None:
    drum = _card(
        "Swelling Drum",
        "Creatures you control with four or more +1/+1 counters on them have haste.",
        ["Artifact"],
    )
    elf = {**BEAR, "abilities": [_taps_for("{G}")]}
    big = _perm("big", elf, counters={"+1/+1": 4}, controlled_since_turn_start=False)
    small = _perm("small", elf, counters={"+1/+1": 3}, controlled_since_turn_start=False)
    b = _board(_perm("drum", drum), big, small)
    assert activate(b, "big").answer_data["legal"] is True
    assert [r["code"] for r in activate(b, "small").answer_data["reasons"]] == ["summoning_sick"]


# --- basic (205.4c) and the attached permanent's type ----------------------------------------


def test_basic_lands_you_control_have_the_ability() -> None:
    lens = _card(
        "Prism Lens", 'Basic lands you control have "{T}: Add one mana of any color."', ["Artifact"]
    )
    b = _board(_perm("lens", lens), _perm("basic", WASTES_LAND), _perm("other", PLAIN_LAND))
    assert _types(b, "basic") == ["W", "U", "B", "R", "G"] and _types(b, "other") == []


def test_a_grant_while_the_enchanted_permanent_is_a_land() -> None:
    charm = _card(
        "Verdant Charm",
        'As long as enchanted permanent is a land, it has "{T}: Add two mana of any one color."',
        ["Enchantment"],
    )
    on_land = _board(_perm("land", PLAIN_LAND), _perm("charm", charm, attached_to="land"))
    assert _types(on_land, "land") == ["W", "U", "B", "R", "G"]
    on_cub = _board(_perm("cub", BEAR), _perm("charm", charm, attached_to="cub"))
    assert _types(on_cub, "cub") == []


def test_a_player_taps_a_basic_land_adds_a_type_it_produced() -> None:
    echo = _card(
        "Echo of Plenty",
        "Whenever a basic land is tapped for mana, its controller adds one mana of any type "
        "that land produced.",
        ["Enchantment"],
    )
    forest = {**WASTES_LAND, "name": "Forest", "subtypes": ["Forest"]}
    grove = {"name": "Tall Grove", "types": ["land"], "subtypes": ["Forest"]}
    b = _board(_perm("echo", echo, "bob"), _perm("f", forest), _perm("g", grove))
    assert activate(b, "f").answer_data["total"] == "{G}{G}"
    assert activate(b, "g").answer_data["total"] == "{G}"  # not basic: no trigger


# --- tapped-for-mana triggers (106.12a, 605.1b) -------------------------------------------------


def _forest() -> dict[str, Any]:
    return {"name": "Forest", "types": ["land"], "supertypes": ["Basic"], "subtypes": ["Forest"]}


def test_enchanted_land_adds_one_mana_of_any_color() -> None:
    bloom = _card(
        "Rainbow Bloom",
        "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an "
        "additional one mana of any color.",
        ["Enchantment"],
        subtypes=["Aura"],
    )
    b = _board(_perm("f", _forest()), _perm("bloom", bloom, attached_to="f"))
    a = activate(b, "f").answer_data
    assert a["choice_required"] is True
    assert a["triggered"][0]["choices"] == ["W", "U", "B", "R", "G"]
    assert activate(b, "f", choose="U").answer_data["total"] == "{U}{G}"


def test_enchanted_land_adds_three_mana_in_any_combination() -> None:
    bloom = _card(
        "Triple Bloom",
        "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an "
        "additional three mana in any combination of colors.",
        ["Enchantment"],
        subtypes=["Aura"],
    )
    b = _board(_perm("f", _forest()), _perm("bloom", bloom, attached_to="f"))
    a = activate(b, "f").answer_data
    assert len(a["triggered"][0]["choices"]) == 35  # multisets of three of five colors
    assert activate(b, "f", choose="{W}{B}{R}").answer_data["total"] == "{W}{B}{R}{G}"


def test_may_add_offers_none() -> None:
    tide = _card(
        "Tidal Surplus",
        "Whenever a Swamp is tapped for mana, its controller may add an additional {B}.",
        ["Enchantment"],
    )
    swamp = {"name": "Swamp", "types": ["land"], "supertypes": ["Basic"], "subtypes": ["Swamp"]}
    b = _board(_perm("tide", tide), _perm("s", swamp))
    assert activate(b, "s").answer_data["triggered"][0]["choices"] == ["none", "B"]
    assert activate(b, "s", choose="B").answer_data["total"] == "{B}{B}"
    declined = activate(b, "s", choose="none")
    assert declined.answer_data["total"] == "{B}"
    assert any("603.5" in s.rules for s in declined.steps)


def test_basic_land_tapped_for_the_chosen_color() -> None:
    vow = _card(
        "Hearth Vow",
        "Whenever a basic land is tapped for mana of the chosen color, its controller adds one "
        "additional mana of that color.",
        ["Enchantment"],
    )
    island = {"name": "Island", "types": ["land"], "supertypes": ["Basic"], "subtypes": ["Island"]}
    b = _board(_perm("vow", vow, chosen_color="G"), _perm("f", _forest()), _perm("i", island))
    assert activate(b, "f").answer_data["total"] == "{G}{G}"
    assert activate(b, "i").answer_data["total"] == "{U}"


# --- commander color identity (903.4) ----------------------------------------------------------


def _banner_land() -> dict[str, Any]:
    return _card(
        "Command Spire",
        "{T}: Add one mana of any color in your commander's color identity.",
        ["Land"],
    )


def test_commander_identity_decides_the_colors() -> None:
    b = _board(_perm("spire", _banner_land()), commander_identity={"alice": ["W", "G"]})
    assert _types(b, "spire") == ["W", "G"]
    assert activate(b, "spire", choose="G").answer_data["total"] == "{G}"


def test_no_commander_makes_no_mana() -> None:
    # 903.4f: no commander (an empty identity): no color to make.
    b = _board(_perm("spire", _banner_land()), commander_identity={"alice": []})
    assert _types(b, "spire") == []
    assert activate(b, "spire").answer_data["made_mana"] is False


def test_a_missing_identity_is_asked_for() -> None:
    b = _board(_perm("spire", _banner_land()), commander_identity={"bob": ["R"]})
    with pytest.raises(QuestionError) as err:
        could_produce(b, "spire")
    assert err.value.loc == ("state", "commander_identity", "alice")
    assert err.value.code == "commander_identity_required"


# --- "other" where permanents are grouped: reflectors and layers ---------------------------


_OTHER_LANDS = {"controller": "you", "types": ["land"], "where": {"kind": "other"}}
# Sent as inline definitions, or added to a catalog (_twins_board): two of one catalog card,
# sent alike, are one kind (BoardView.kinds); inline definitions are each a kind of their own.
MIRROR_TARN: dict[str, Any] = {
    "name": "Mirror Tarn",
    "types": ["land"],
    "abilities": [
        {
            "kind": "mana_ability",
            "cost": {"tap": True},
            "produces": {"kind": "could_produce", "among": _OTHER_LANDS, "of": "type"},
        }
    ],
}
BEACON_SPIRE: dict[str, Any] = {
    "name": "Beacon Spire",
    "types": ["land"],
    "abilities": [{"kind": "grant_mana_ability", "to": _OTHER_LANDS, "ability": _taps_for("{B}")}],
}


def test_a_reflector_that_watches_other_lands_never_sees_itself() -> None:
    pool = {**MIRROR_TARN, "abilities": [*MIRROR_TARN["abilities"], _taps_for("{C}")]}
    alone = _board(_perm("tarn", pool))
    assert _types(alone, "tarn") == ["C"]  # its own {C} is not another land's
    forest = _forest()
    b = _board(_perm("tarn", pool), _perm("f", forest))
    assert _types(b, "tarn") == ["G", "C"]
    assert _types(b, "f") == ["G"]


def test_other_creatures_lose_all_abilities_but_not_the_source() -> None:
    hush = _card("Hushing Elder", "All other creatures lose all abilities.", ["Creature"])
    hush["abilities"].append(_taps_for("{W}"))
    elf = {**BEAR, "abilities": [_taps_for("{G}")]}
    b = _board(_perm("hush", hush), _perm("elf", elf))
    assert _types(b, "hush") == ["W"] and _types(b, "elf") == []


def test_alike_reflectors_watching_other_lands_see_each_other_but_never_themselves() -> None:
    # Equal permanents are solved once (BoardView.kinds); "another land" must still leave out
    # only the asker: two such lands alone make nothing (106.7, a least fixpoint), and with a
    # Forest each makes {G}, naming the Forest and its twin, never itself.
    tarn = MIRROR_TARN
    twins = _board(_perm("t1", tarn), _perm("t2", tarn))
    assert (_types(twins, "t1"), _types(twins, "t2")) == ([], [])
    b = _board(_perm("t1", tarn), _perm("t2", tarn), _perm("f", _forest()))
    assert (_types(b, "t1"), _types(b, "t2")) == (["G"], ["G"])
    steps = {s.text for s in could_produce(b, "t2").steps}
    about_t2 = next(t for t in steps if t.startswith("Mirror Tarn (t2) could produce"))
    assert "Mirror Tarn (t1)" in about_t2 and "Forest (f)" in about_t2
    assert "Mirror Tarn (t2)" not in about_t2.removeprefix("Mirror Tarn (t2)")


def _twins_board(definition: dict[str, Any], *others: str) -> Board:
    cards = [Card.model_validate(d) for d in (*fixture_definitions(), definition)]
    catalog = Catalog(cards)
    battlefield = [
        {"id": pid, "card": name, "controller": "alice"}
        for pid, name in (("a", definition["name"]), ("b", definition["name"]), *others)
    ]
    state = GameState.model_validate(
        {"turn": 3, "active_player": "alice", "battlefield": battlefield}
    )
    b = resolve_state(catalog, state, ("state",))[1]
    assert BoardView(b).kinds()[1][:2] == [0, 0]  # the twins are one kind
    return b


def _steps_about(b: Board) -> dict[str, str]:
    """Each permanent's own step of the whole board's explanation, by id."""
    texts = [s.text for s in could_produce(b, None).steps]
    return {
        p.id: next(t for t in texts if t.startswith(f"{p.name} ({p.id}) could produce"))
        for p in b.permanents
    }


def _each_names_its_twin(b: Board, name: str) -> None:
    about = _steps_about(b)
    for me, twin in (("a", "b"), ("b", "a")):
        lines = about[me].removeprefix(f"{name} ({me})")
        assert f"{name} ({twin})" in lines and f"{name} ({me})" not in lines, about[me]


def test_twins_watching_other_lands_each_name_the_other_in_the_whole_board_s_steps() -> None:
    # Two permanents of one kind are solved once, but what is said of each is its own: a
    # reflector watching "another land" names its twin, and the twin names it, never itself.
    b = _twins_board(MIRROR_TARN, ("f", "Forest"))
    assert could_produce(b, None).answer_data["permanents"][0]["types"] == ["G"]
    _each_names_its_twin(b, "Mirror Tarn")


def test_twins_granting_other_lands_an_ability_each_name_the_other_as_its_source() -> None:
    b = _twins_board(BEACON_SPIRE)
    assert [p["types"] for p in could_produce(b, None).answer_data["permanents"]] == [["B"]] * 2
    _each_names_its_twin(b, "Beacon Spire")
