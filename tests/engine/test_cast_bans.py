"""What stops a spell from being cast on a board (601.3): a "can't" beats the permission a free
cast or a cascade gives (101.2). Invented bans, compiled from templated sentences we wrote,
matched against the spell as the face cast has it, its caster, the zone it is cast from, the
turn and the spells its caster has cast this turn."""

from __future__ import annotations

from typing import Any

import pytest

from app.catalog.compile import compile_face
from app.domain.card import Card
from app.domain.costs import CastZone
from app.domain.errors import QuestionError
from app.domain.state import GameState
from app.engine.board import BoardView
from app.engine.free_cast import BoardCosts, cast_without_paying
from tests.engine.fixture_catalog import card
from tests.engine.mana_helpers import cast_on, resolve
from tests.engine.spell_helpers import cascade_into


def _warden(name: str, text: str, types: tuple[str, ...] = ("Creature",)) -> dict[str, Any]:
    compiled = compile_face(name, text, types=list(types), subtypes=[])
    assert compiled.support == "full", compiled.unsupported_text
    return {
        "name": name,
        "types": [t.lower() for t in types],
        **compiled.card_fields(),
    }


TURN_WARDEN = _warden(
    "Hourglass Warden", "Your opponents can't cast sorcery spells during your turn."
)
NAME_WARDEN = _warden(
    "Nameless Warden",
    "As Nameless Warden enters, choose a card name.\nInstant spells with the chosen name can't be "
    "cast.",
)
COLOR_WARDEN = _warden(
    "Prism Warden",
    "As Prism Warden enters, choose a color.\nYour opponents can't cast instant spells of the "
    "chosen color.",
)
SLOW_WARDEN = _warden(
    "Dusk Warden", "Your opponents can cast spells only any time they could cast a sorcery."
)
EXILE_WARDEN = _warden(
    "Vault Warden",
    # It exiles a card of any kind (an instant one, for the test): 406.6.
    "When Vault Warden enters, exile target card from an opponent's graveyard.\nEach opponent "
    "can't cast instant spells with the same name as the exiled card.",
    ("Enchantment",),
)
ONE_SPELL = _warden("Tally Warden", "Your opponents can't cast more than one spell each turn.")
HANDS_ONLY = _warden(
    "Hearth Warden",
    "Your opponents can't cast sorcery spells from anywhere other than their hands.",
)
QUIET_DAY = _warden(
    "Quiet Day", "Your opponents can't cast instant spells this turn.", ("Sorcery",)
)
SORCERY = Card.model_validate(
    {"name": "Tidewrack Surge", "mana_cost": "{5}{U}", "types": ["sorcery"]}
)
INSTANT = Card.model_validate(
    {"name": "Quick Refrain", "mana_cost": "{1}{U}", "types": ["instant"]}
)
# A spell whose mana cost has {X}: its mana value on the stack in a free cast is 1 (107.3b).
FLUX_TIDE = Card.model_validate({"name": "Flux Tide", "mana_cost": "{X}{U}", "types": ["sorcery"]})


def _view(
    *battlefield: dict[str, Any],
    active: str = "bob",
    effects: tuple[dict[str, Any], ...] = (),
    players: dict[str, Any] | None = None,
    phase: str | None = None,
    step: str | None = None,
) -> BoardView:
    state: dict[str, Any] = {
        "turn": 5,
        "active_player": active,
        "battlefield": list(battlefield),
        "effects": list(effects),
    }
    if phase is not None:
        state["phase"] = phase
    if step is not None:
        state["step"] = step
    if players is not None:
        state["players"] = players
    return BoardView(resolve(GameState.model_validate(state)))


def _perm(
    pid: str, definition: dict[str, Any], controller: str = "bob", **kw: Any
) -> dict[str, Any]:
    return {"id": pid, "definition": definition, "controller": controller, **kw}


def _cast(
    spell: Card,
    view: BoardView,
    caster: str = "alice",
    cast_from: CastZone | None = None,
    sorcery_timing: bool | None = None,
) -> dict[str, Any]:
    verdict = cast_on(spell, BoardCosts(view, caster, cast_from, sorcery_timing=sorcery_timing))
    return verdict.answer_data | {"_steps": [(s.text, s.rules) for s in verdict.steps]}


def _codes(answer: dict[str, Any]) -> list[str]:
    return [r["code"] for r in answer["reasons"]]


def test_a_ban_in_its_controllers_turn_stops_an_opponents_free_cast_then_only() -> None:
    warden = _perm("hw", TURN_WARDEN)
    banned = _cast(SORCERY, _view(warden, active="bob"))
    assert banned["castable"] is False
    assert _codes(banned) == ["cast_prohibited"]
    reason = banned["reasons"][0]
    assert reason["rules"] == ["601.3", "101.2"]
    assert "Hourglass Warden (hw)" in reason["message"] and "alice can't cast" in reason["message"]
    # In alice's own turn the ban doesn't hold, and a step says why.
    free = _cast(SORCERY, _view(warden, active="alice"))
    assert free["castable"] is True and free["reasons"] == []
    assert any("it is alice's turn" in text for text, _ in free["_steps"])
    # Its controller's own spells, and spells of another kind, aren't banned.
    assert _cast(SORCERY, _view(warden), caster="bob")["castable"] is True
    assert _cast(INSTANT, _view(warden))["castable"] is True


def test_a_ban_on_the_chosen_name_reads_the_name_from_the_state() -> None:
    bolt = card("Lightning Bolt")
    named = _perm("nw", NAME_WARDEN, chosen_name="Lightning Bolt")
    # Anyone's spell with that name, its controller's too.
    assert _codes(_cast(bolt, _view(named), caster="bob")) == ["cast_prohibited"]
    assert _cast(SORCERY, _view(named))["castable"] is True
    with pytest.raises(QuestionError) as raised:
        _cast(bolt, _view(_perm("nw", NAME_WARDEN)))
    assert raised.value.code == "chosen_name_required"


def test_a_ban_on_the_chosen_color_reads_the_color_from_the_state() -> None:
    bolt = card("Lightning Bolt")
    assert _codes(_cast(bolt, _view(_perm("pw", COLOR_WARDEN, chosen_color="R")))) == [
        "cast_prohibited"
    ]
    assert _cast(bolt, _view(_perm("pw", COLOR_WARDEN, chosen_color="U")))["castable"] is True
    with pytest.raises(QuestionError) as raised:
        _cast(bolt, _view(_perm("pw", COLOR_WARDEN)))
    assert raised.value.code == "chosen_color_required"


def test_a_sorcery_timing_ban_holds_unless_the_spell_is_cast_when_a_sorcery_could_be() -> None:
    view = _view(_perm("dw", SLOW_WARDEN))
    stopped = _cast(INSTANT, view, sorcery_timing=False)
    assert _codes(stopped) == ["cast_prohibited"]
    assert "except when their caster could cast a sorcery" in stopped["reasons"][0]["message"]
    # A sorcery's time is its caster's own main phase (307.5): alice's turn.
    free = _cast(INSTANT, _view(_perm("dw", SLOW_WARDEN), active="alice"), sorcery_timing=True)
    assert free["castable"] is True
    assert any(rules == ("601.3", "307.5") for _, rules in free["_steps"])
    # On bob's turn, or in combat, alice can't be casting at a sorcery's time: a 422.
    for board in (view, _view(_perm("dw", SLOW_WARDEN), active="alice", phase="combat")):
        with pytest.raises(QuestionError) as impossible:
            _cast(INSTANT, board, sorcery_timing=True)
        assert impossible.value.code == "sorcery_timing_impossible"
    with pytest.raises(QuestionError) as raised:
        _cast(INSTANT, view)
    assert raised.value.code == "sorcery_timing_required"
    # Its controller's own spells are never asked about.
    assert _cast(INSTANT, view, caster="bob")["castable"] is True


def test_a_ban_on_the_exiled_cards_name_reads_what_is_exiled_with_it() -> None:
    bolt = card("Lightning Bolt")
    vault = _perm("vw", EXILE_WARDEN, exiled=["Lightning Bolt"])
    assert _codes(_cast(bolt, _view(vault))) == ["cast_prohibited"]
    assert _cast(INSTANT, _view(vault))["castable"] is True
    # Nothing exiled with it: it names no spell.
    empty = _cast(bolt, _view(_perm("vw", EXILE_WARDEN, exiled=[])))
    assert empty["castable"] is True
    assert any(rules == ("601.3", "607.2a") for _, rules in empty["_steps"])
    with pytest.raises(QuestionError) as raised:
        _cast(bolt, _view(_perm("vw", EXILE_WARDEN)))
    assert raised.value.code == "exiled_required"


def test_a_ban_after_one_spell_counts_the_casters_spells_this_turn() -> None:
    tally = _perm("tw", ONE_SPELL)
    first = _view(tally, players={"alice": {"spells_cast_this_turn": 0}})
    assert _cast(SORCERY, first)["castable"] is True
    second = _view(tally, players={"alice": {"spells_cast_this_turn": 1}})
    assert _codes(_cast(SORCERY, second)) == ["cast_prohibited"]
    with pytest.raises(QuestionError) as raised:
        _cast(SORCERY, _view(tally))
    assert raised.value.code == "spells_cast_this_turn_required"


@pytest.mark.parametrize(
    ("zone", "castable"), [("hand", True), ("exile", False), ("graveyard", False)]
)
def test_a_ban_on_other_zones_than_the_hand_reads_where_the_spell_is_cast_from(
    zone: CastZone, castable: bool
) -> None:
    answer = _cast(SORCERY, _view(_perm("hh", HANDS_ONLY)), cast_from=zone)
    assert answer["castable"] is castable
    if castable:
        assert any(rules[:2] == ("601.3", "601.2a") for _, rules in answer["_steps"])


def test_a_zone_ban_without_the_zone_asks_for_it() -> None:
    with pytest.raises(QuestionError) as raised:
        _cast(SORCERY, _view(_perm("hh", HANDS_ONLY)))
    assert raised.value.code == "cast_from_required"


def test_a_spells_ban_for_the_turn_works_from_its_effect_entry() -> None:
    day = {"id": "qd", "definition": QUIET_DAY, "controller": "bob"}
    assert _codes(_cast(INSTANT, _view(effects=(day,)))) == ["cast_prohibited"]
    assert _cast(INSTANT, _view(effects=(day,)), caster="bob")["castable"] is True


def test_an_activations_ban_for_the_turn_works_from_its_effect_entry() -> None:
    # A permanent's "Sacrifice ~: ... this turn" is a one-shot effect: its entry bans, the
    # permanent itself (gone, or still there) bans nothing.
    captain = _warden(
        "Vigil Captain",
        "Sacrifice Vigil Captain: Your opponents can't cast instant spells this turn.",
    )
    entry = {"id": "vc", "definition": captain, "controller": "bob"}
    assert _codes(_cast(INSTANT, _view(effects=(entry,)))) == ["cast_prohibited"]
    assert _cast(SORCERY, _view(effects=(entry,)))["castable"] is True
    assert _cast(INSTANT, _view(_perm("cap", captain)))["castable"] is True


def test_a_ban_on_even_mana_values_counts_zero_as_even() -> None:
    # 202.3: a card with no mana cost has mana value 0, an even number; X is 0 in a free cast.
    hollow = _warden("Hollow Sentinel", "Each opponent can't cast spells with even mana values.")
    view = _view(_perm("hs", hollow))
    nothing = Card.model_validate({"name": "Ashen Return", "types": ["sorcery"]})
    assert _codes(_cast(nothing, view)) == ["cast_prohibited"]
    assert _codes(_cast(INSTANT, view)) == ["cast_prohibited"]  # {1}{U}: 2
    odd = Card.model_validate({"name": "Tri Spark", "mana_cost": "{2}{R}", "types": ["instant"]})
    assert _cast(odd, view)["castable"] is True
    assert _cast(FLUX_TIDE, view)["castable"] is True  # X is 0 (107.3b): 1, odd


def test_a_ban_on_x_in_the_mana_cost_holds_whatever_x_is() -> None:
    # 107.3: the cost has {X} whatever X is chosen as, a free cast's 0 included.
    teeg = _warden(
        "Quill Warden", "Players can't cast noncreature spells with {X} in their mana costs."
    )
    view = _view(_perm("qw", teeg))
    banned = _cast(FLUX_TIDE, view, caster="bob")
    assert _codes(banned) == ["cast_prohibited"]
    assert "with X in its mana cost" in banned["reasons"][0]["message"]
    assert _cast(SORCERY, view)["castable"] is True
    x_creature = Card.model_validate(
        {"name": "Flux Hound", "mana_cost": "{X}{G}", "types": ["creature"]}
    )
    assert _cast(x_creature, view)["castable"] is True


CARD_TYPE_WARDEN = _warden(
    "Verdict Warden",
    "As Verdict Warden enters, choose artifact, instant, or sorcery.\nYour opponents can't cast "
    "spells of the chosen type.",
)


def test_a_ban_on_the_chosen_card_type_reads_it_from_the_state() -> None:
    # 205.2a: the permanent's chosen_type, in any case, is a card type.
    view = _view(_perm("vw", CARD_TYPE_WARDEN, chosen_type="Sorcery"))
    assert _codes(_cast(SORCERY, view)) == ["cast_prohibited"]
    assert _cast(INSTANT, view)["castable"] is True
    # Its words list three card types: another is no choice it could have made.
    assert CARD_TYPE_WARDEN["chosen_type_among"] == ["artifact", "instant", "sorcery"]
    for chosen, code in (
        (None, "chosen_type_required"),
        ("Elf", "invalid_chosen_type"),
        ("creature", "invalid_chosen_type"),
    ):
        with pytest.raises(QuestionError) as raised:
            _cast(SORCERY, _view(_perm("vw", CARD_TYPE_WARDEN, chosen_type=chosen)))
        assert raised.value.code == code
        assert raised.value.loc == ("state", "battlefield", 0, "chosen_type")


ANY_TYPE_WARDEN = _warden(
    "Ward of Kinds",
    "As Ward of Kinds enters, choose a card type.\nYour opponents can't cast spells of the "
    "chosen type.",
)


def test_any_card_type_may_be_chosen_even_one_no_spell_has() -> None:
    # 205.2a: "plane" is a card type, which no spell has; "tribal" is kindred's former name.
    plane = _view(_perm("wk", ANY_TYPE_WARDEN, chosen_type="Plane"))
    assert _cast(SORCERY, plane)["castable"] is True
    assert _cast(INSTANT, plane)["castable"] is True
    kindred = Card.model_validate(
        {"name": "Kin Call", "mana_cost": "{1}{G}", "types": ["kindred", "instant"]}
    )
    assert _codes(_cast(kindred, _view(_perm("wk", ANY_TYPE_WARDEN, chosen_type="Tribal")))) == [
        "cast_prohibited"
    ]
    with pytest.raises(QuestionError) as raised:
        _view(_perm("wk", ANY_TYPE_WARDEN, chosen_type="Goblin"))
    assert raised.value.code == "invalid_chosen_type"


NUMBER_WARDEN = _warden(
    "Tally Prelate",
    "As Tally Prelate enters, choose a number.\nPlayers can't cast instant or sorcery spells "
    "with mana value equal to the chosen number.",
)


def test_a_ban_on_the_chosen_number_compares_the_spells_mana_value_on_the_stack() -> None:
    # 202.3, 107.3b: in a free cast X is 0, so Flux Tide's mana value is 1; a card with no
    # mana cost has 0.
    one = _view(_perm("tp", NUMBER_WARDEN, chosen_number=1))
    banned = _cast(FLUX_TIDE, one)
    assert _codes(banned) == ["cast_prohibited"]
    assert "with mana value 1" in banned["reasons"][0]["message"]
    assert _cast(INSTANT, one)["castable"] is True  # {1}{U}: 2
    nothing = Card.model_validate({"name": "Ashen Return", "types": ["sorcery"]})
    zero = _view(_perm("tp", NUMBER_WARDEN, chosen_number=0))
    assert _codes(_cast(nothing, zero)) == ["cast_prohibited"]
    assert _cast(FLUX_TIDE, zero)["castable"] is True
    with pytest.raises(QuestionError) as raised:
        _cast(nothing, _view(_perm("tp", NUMBER_WARDEN)))
    assert raised.value.code == "chosen_number_required"
    assert raised.value.loc == ("state", "battlefield", 0, "chosen_number")


ONE_NONCREATURE = _warden(
    "Hush Warden", "Your opponents can't cast more than one noncreature spell each turn."
)


def test_a_ban_on_a_second_spell_of_a_kind_counts_the_spells_of_that_kind_cast() -> None:
    # 601.2i: Grizzly Bears is a creature spell, so alice has cast no noncreature spell yet.
    def cast_after(*names: str) -> dict[str, Any]:
        players = {"alice": {"spells_cast": list(names)}}
        return _cast(INSTANT, _view(_perm("hw", ONE_NONCREATURE), players=players))

    first = cast_after("Grizzly Bears")
    assert first["castable"] is True
    assert any("1 such spell this turn, and alice has cast 0" in t for t, _ in first["_steps"])
    second = cast_after("Grizzly Bears", "Lightning Bolt")
    assert _codes(second) == ["cast_prohibited"]
    assert "once their caster has cast 1 such spell" in second["reasons"][0]["message"]
    # Stomp is the instant half of an adventurer card: the face cast is what counts.
    assert _codes(cast_after("Stomp")) == ["cast_prohibited"]
    assert cast_after("Bonecrusher Giant")["castable"] is True


def test_a_ban_counting_spells_of_a_kind_asks_for_the_list_not_the_count() -> None:
    for players in (None, {"alice": {"spells_cast_this_turn": 1}}):
        with pytest.raises(QuestionError) as raised:
            _cast(INSTANT, _view(_perm("hw", ONE_NONCREATURE), players=players))
        assert raised.value.code == "spells_cast_required"
        assert raised.value.loc == ("state", "players", "alice", "spells_cast")


def test_a_ban_counting_all_spells_reads_the_list_when_no_count_is_given() -> None:
    players = {"alice": {"spells_cast": ["Grizzly Bears"]}}
    assert _codes(_cast(INSTANT, _view(_perm("tw", ONE_SPELL), players=players))) == [
        "cast_prohibited"
    ]


def test_a_count_of_spells_by_mana_value_cant_read_a_spell_cast_with_x() -> None:
    # 202.3e: the name of a spell cast with X doesn't say the X chosen.
    cheap = {
        "name": "Tithe Warden",
        "types": ["creature"],
        "abilities": [
            {
                "kind": "spell_cast_ban",
                "spells": {"controller": "opponent", "where": {"kind": "mana_value", "at_most": 2}},
                "after_spells_this_turn": 1,
                "counting": "alike",
            }
        ],
    }
    players = {"alice": {"spells_cast": ["Grizzly Bears", "Fireball"]}}
    with pytest.raises(QuestionError) as raised:
        _cast(INSTANT, _view(_perm("tw", cheap), players=players))
    assert raised.value.code == "spells_cast_x_unknown"
    assert raised.value.loc == ("state", "players", "alice", "spells_cast", 1)
    players = {"alice": {"spells_cast": ["Grizzly Bears"]}}
    assert _codes(_cast(INSTANT, _view(_perm("tw", cheap), players=players))) == ["cast_prohibited"]


SKIRMISH_WARDEN = _warden("Skirmish Warden", "Players can't cast instant spells during combat.")


def test_a_ban_during_combat_reads_the_phase() -> None:
    # 506.1: the combat phase only; 500.1: the phase is the state's.
    def cast_in(phase: str | None) -> dict[str, Any]:
        state = {"turn": 5, "active_player": "bob", "phase": phase}
        state["battlefield"] = [_perm("sw", SKIRMISH_WARDEN)]
        return _cast(INSTANT, BoardView(resolve(GameState.model_validate(state))))

    banned = cast_in("combat")
    assert _codes(banned) == ["cast_prohibited"]
    assert "can't be cast during combat" in banned["reasons"][0]["message"]
    main = cast_in("second_main")
    assert main["castable"] is True
    assert any("during combat, and it is the second main phase" in t for t, _ in main["_steps"])
    with pytest.raises(QuestionError) as raised:
        cast_in(None)
    assert (raised.value.code, raised.value.loc) == ("phase_required", ("state", "phase"))


HUSH_CHANT = _warden(
    "Hush Chant", "Target player can't cast instant spells this turn.", ("Sorcery",)
)


def test_a_ban_on_the_targeted_player_stops_that_player_only() -> None:
    # 115.1: bob's chant targeted alice.
    entry = {"id": "hc", "definition": HUSH_CHANT, "controller": "bob", "target_player": "alice"}
    banned = _cast(INSTANT, _view(effects=(entry,)))
    assert _codes(banned) == ["cast_prohibited"]
    assert "by alice, the player it targets," in banned["reasons"][0]["message"]
    carol = _cast(INSTANT, _view(effects=(entry,)), caster="carol")
    assert carol["castable"] is True
    assert any("the player it targets, alice, and carol casts" in t for t, _ in carol["_steps"])
    assert _cast(SORCERY, _view(effects=(entry,)))["castable"] is True


def test_a_ban_on_the_targeted_player_needs_the_entry_to_name_the_player() -> None:
    entry = {"id": "hc", "definition": HUSH_CHANT, "controller": "bob"}
    with pytest.raises(QuestionError) as raised:
        _view(effects=(entry,))
    assert raised.value.code == "target_player_required"
    assert raised.value.loc == ("state", "effects", 0, "target_player")


LAND_WARDEN = _warden(
    "Terrace Warden",
    "Each opponent can't cast sorcery spells with mana value greater than the number of lands "
    "that player controls.",
)
TURN_WARDEN_DAWN = _warden(
    "Dawn Warden",
    "Each opponent can't cast instant spells with mana value greater than the number of turns "
    "they have begun.",
)
FOREST = card("Forest")


def test_a_ban_on_mana_values_above_the_lands_the_caster_controls() -> None:
    # 202.3: Tidewrack Surge's mana value is 6; alice controls five lands, then six.
    lands = [_perm(f"f{i}", FOREST.model_dump(mode="json"), "alice") for i in range(5)]
    five = _cast(SORCERY, _view(_perm("tw", LAND_WARDEN), *lands))
    assert _codes(five) == ["cast_prohibited"]
    assert (
        "greater than the number of lands you control, 'you' being their caster"
        in (five["reasons"][0]["message"])
    )
    six = [*lands, _perm("f5", FOREST.model_dump(mode="json"), "alice")]
    allowed = _cast(SORCERY, _view(_perm("tw", LAND_WARDEN), *six))
    assert allowed["castable"] is True
    assert any("(6), and this one's is 6" in t for t, _ in allowed["_steps"])
    # bob's lands don't count for alice.
    bobs = [_perm(f"b{i}", FOREST.model_dump(mode="json"), "bob") for i in range(9)]
    assert _codes(_cast(SORCERY, _view(_perm("tw", LAND_WARDEN), *bobs))) == ["cast_prohibited"]


def test_a_ban_on_mana_values_above_the_turns_the_caster_has_begun() -> None:
    def cast_after(turns: int | None) -> dict[str, Any]:
        players = {"alice": {} if turns is None else {"turns_begun": turns}}
        return _cast(INSTANT, _view(_perm("dw", TURN_WARDEN_DAWN), players=players))

    assert _codes(cast_after(1)) == ["cast_prohibited"]  # {1}{U}: 2
    assert cast_after(2)["castable"] is True
    with pytest.raises(QuestionError) as raised:
        cast_after(None)
    assert raised.value.code == "turns_begun_required"


def _restricted(name: str, text: str) -> Card:
    return Card.model_validate(_warden(name, text.replace("~", name)) | {"mana_cost": "{2}{U}"})


# 601.3: a card's own restriction on being cast.
LATE_SAGE = _restricted("Late Sage", "You can't cast ~ during your first two turns of the game.")
DRY_DIGGER = _restricted("Dry Digger", "You can't cast ~ if you've played a land this turn.")


def test_a_card_that_cant_be_cast_during_its_casters_first_turns() -> None:
    def cast_on(turn_of: str, begun: int | None) -> dict[str, Any]:
        players = {"alice": {} if begun is None else {"turns_begun": begun}}
        return _cast(LATE_SAGE, _view(active=turn_of, players=players))

    early = cast_on("alice", 2)
    assert _codes(early) == ["cast_prohibited"]
    assert "this is alice's turn number 2" in early["reasons"][0]["message"]
    assert cast_on("alice", 3)["castable"] is True
    # In another player's turn it is no turn of the caster's at all.
    theirs = cast_on("bob", 1)
    assert theirs["castable"] is True
    assert any("it is bob's turn, not alice's" in t for t, _ in theirs["_steps"])
    with pytest.raises(QuestionError) as raised:
        cast_on("alice", None)
    assert (raised.value.code, raised.value.loc) == (
        "turns_begun_required",
        ("state", "players", "alice", "turns_begun"),
    )


def test_a_card_that_cant_be_cast_after_a_land_was_played() -> None:
    def cast_after(lands: int) -> dict[str, Any]:
        # alice's own turn: no one plays a land in another's (305.3).
        players = {"alice": {"lands_played_this_turn": lands}}
        return _cast(DRY_DIGGER, _view(players=players, active="alice"))

    assert _codes(cast_after(1)) == ["cast_prohibited"]
    assert cast_after(0)["castable"] is True


# 601.3: a card that says when it may be cast.
AMBUSH = _restricted("Dusk Ambush", "Cast ~ only during combat on an opponent's turn.")
RALLY = _restricted("Fang Rally", "Cast ~ only if you control two or more Wolves.")
WOLF = {"name": "Grey Wolf", "types": ["creature"], "subtypes": ["Wolf"]}


def test_a_card_cast_only_during_combat_on_an_opponents_turn() -> None:
    def cast_in(phase: str | None, active: str = "bob") -> dict[str, Any]:
        return _cast(AMBUSH, _view(active=active, phase=phase))

    assert cast_in("combat")["castable"] is True
    main = cast_in("first_main")
    assert _codes(main) == ["cast_prohibited"]
    assert "this is the first main phase" in main["reasons"][0]["message"]
    # alice's own combat is not an opponent's turn.
    assert _codes(cast_in("combat", active="alice")) == ["cast_prohibited"]
    with pytest.raises(QuestionError) as raised:
        cast_in(None)
    assert (raised.value.code, raised.value.loc) == ("phase_required", ("state", "phase"))


def test_a_card_cast_only_while_its_caster_controls_enough() -> None:
    one = _cast(RALLY, _view(_perm("w1", WOLF, "alice"), _perm("w2", WOLF, "bob")))
    assert _codes(one) == ["cast_prohibited"]
    assert "there are 1" in one["reasons"][0]["message"]
    two = _cast(RALLY, _view(_perm("w1", WOLF, "alice"), _perm("w2", WOLF, "alice")))
    assert two["castable"] is True


def _restricted(name: str, text: str) -> Card:
    compiled = compile_face(name, text, types=["Instant"], subtypes=[])
    assert compiled.support == "full", compiled.unsupported_text
    return Card.model_validate(
        {"name": name, "mana_cost": "{W}", "types": ["instant"], **compiled.card_fields()}
    )


def test_a_step_of_combat_is_read_from_the_states_step() -> None:
    # 601.3, 506.1: only in the declare blockers step; the state's step says which it is.
    parry = _restricted("Late Parry", "Cast ~ only during the declare blockers step.")
    assert _codes(_cast(parry, _view(phase="first_main"))) == ["cast_prohibited"]
    assert _cast(parry, _view(step="declare_blockers"))["castable"] is True
    refused = _cast(parry, _view(step="combat_damage"))
    assert _codes(refused) == ["cast_prohibited"]
    assert "during the declare blockers step" in refused["reasons"][0]["message"]
    assert "this is the combat damage step" in refused["reasons"][0]["message"]
    # In combat without its step, the state can't tell: a 422 naming the step.
    with pytest.raises(QuestionError) as raised:
        _cast(parry, _view(phase="combat"))
    assert (raised.value.code, raised.value.loc) == ("step_required", ("state", "step"))


@pytest.mark.parametrize(
    ("when", "allowed", "refused"),
    [
        ("during combat before blockers are declared", ["declare_attackers"], ["declare_blockers"]),
        ("during combat after blockers are declared", ["end_of_combat"], ["beginning_of_combat"]),
        ("before the combat damage step", ["upkeep", "declare_blockers"], ["combat_damage", "end"]),
        ("before attackers are declared", ["draw", "beginning_of_combat"], ["declare_attackers"]),
        ("after combat", ["end"], ["end_of_combat", "upkeep"]),
    ],
)
def test_moments_of_the_turn_a_card_may_be_cast_in(
    when: str, allowed: list[str], refused: list[str]
) -> None:
    # 500.1, 506.1: the steps before or after another, in the turn's order.
    trick = _restricted("Timed Trick", f"Cast ~ only {when}.")
    for step in allowed:
        assert _cast(trick, _view(step=step))["castable"] is True, step
    for step in refused:
        assert _codes(_cast(trick, _view(step=step))) == ["cast_prohibited"], step


def test_a_main_phase_or_a_phase_all_in_or_all_out_needs_no_step() -> None:
    after = _restricted("Late Mending", "Cast ~ only after combat.")
    assert _cast(after, _view(phase="second_main"))["castable"] is True
    assert _cast(after, _view(phase="ending"))["castable"] is True  # both its steps
    assert _codes(_cast(after, _view(phase="beginning"))) == ["cast_prohibited"]  # none
    with pytest.raises(QuestionError) as raised:
        _cast(after, _view())
    assert (raised.value.code, raised.value.loc) == ("phase_required", ("state", "phase"))


def test_an_ambush_needs_its_caster_attacked_in_the_declare_attackers_step() -> None:
    # 508.1: "only if you've been attacked this step" is a creature attacking its caster now.
    ambush = _restricted(
        "Sudden Ambush",
        "Cast ~ only during the declare attackers step and only if you've been attacked this step.",
    )
    attacked = {"alice": {"being_attacked": True}}
    calm = {"alice": {"being_attacked": False}}
    assert _cast(ambush, _view(step="declare_attackers", players=attacked))["castable"] is True
    refused = _cast(ambush, _view(step="declare_attackers", players=calm))
    assert _codes(refused) == ["cast_prohibited"]
    assert "alice is not being attacked" in refused["reasons"][0]["message"]
    assert _codes(_cast(ambush, _view(step="declare_blockers", players=attacked))) == [
        "cast_prohibited"
    ]
    with pytest.raises(QuestionError) as raised:
        _cast(ambush, _view(step="declare_attackers"))
    assert raised.value.code == "being_attacked_required"
    assert raised.value.loc == ("state", "players", "alice", "being_attacked")


def test_a_step_of_another_phase_contradicts_the_state() -> None:
    with pytest.raises(ValueError, match="is a step of the 'combat' phase"):
        GameState.model_validate({"phase": "ending", "step": "declare_blockers"})
    assert GameState.model_validate({"step": "end"}).phase == "ending"


def test_a_legendary_sorcery_needs_a_legendary_creature_or_planeswalker() -> None:
    # 205.4e: a rule, not a sentence of the card's, and it stops a free cast too.
    compiled = compile_face(
        "Elder's Decree", "Draw three cards.", types=["Sorcery"], supertypes=["Legendary"]
    )
    decree = Card.model_validate(
        {
            "name": "Elder's Decree",
            "mana_cost": "{2}{G}",
            "types": ["sorcery"],
            "supertypes": ["legendary"],
            "abilities": [a.model_dump(mode="json") for a in compiled.abilities],
        }
    )
    hero = {"name": "Old Hero", "types": ["creature"], "supertypes": ["legendary"]}
    refused = _cast(decree, _view())
    assert _codes(refused) == ["cast_prohibited"]
    assert refused["reasons"][0]["rules"][0] == "205.4e"
    assert refused["reasons"][0]["message"].startswith("As a legendary sorcery, ")
    assert _cast(decree, _view(_perm("h", hero, "alice")))["castable"] is True
    # An opponent's legendary creature is none of the caster's.
    assert _codes(_cast(decree, _view(_perm("h", hero, "bob")))) == ["cast_prohibited"]


def test_a_card_cast_only_after_another_spell_reads_the_casters_count() -> None:
    # 601.2i: the spells its caster cast this turn, this one not counted.
    follow = _restricted("Follow-Up Jab", "Cast ~ only if you've cast another spell this turn.")
    none = _cast(follow, _view(players={"alice": {"spells_cast_this_turn": 0}}))
    assert _codes(none) == ["cast_prohibited"]
    assert "alice has cast 0 other spells" in none["reasons"][0]["message"]
    assert _cast(follow, _view(players={"alice": {"spells_cast_this_turn": 1}}))["castable"]
    with pytest.raises(QuestionError) as raised:
        _cast(follow, _view())
    assert raised.value.code == "spells_cast_this_turn_required"


@pytest.mark.parametrize(
    "text",
    [
        # What happened this turn, beyond what the state's players say, no state says.
        "Cast ~ only if a creature died this turn.",
        "Cast ~ only during the declare attackers step and only if you control a Knight.",
    ],
)
def test_a_cast_only_not_read_is_reported(text: str) -> None:
    compiled = compile_face("Odd Trick", text, types=["Instant"], subtypes=[])
    assert compiled.unsupported_text == [text]


def test_a_ban_whose_permanent_lost_its_abilities_stops_nothing() -> None:
    law = _warden("Quiet Law", "All creatures lose all abilities.", ("Enchantment",))
    view = _view(_perm("hw", TURN_WARDEN), _perm("law", law))
    assert _cast(SORCERY, view)["castable"] is True


def test_many_alike_bans_are_one_reason() -> None:
    wardens = [_perm(f"hw{i}", TURN_WARDEN) for i in range(50)]
    answer = _cast(SORCERY, _view(*wardens))
    assert _codes(answer) == ["cast_prohibited"]
    assert "and 49 more like it" in answer["reasons"][0]["message"]


def test_bans_that_dont_apply_are_said_ten_then_counted() -> None:
    wardens = [_perm(f"hw{i}", TURN_WARDEN) for i in range(14)]
    answer = _cast(INSTANT, _view(*wardens))
    texts = [text for text, _ in answer["_steps"]]
    assert sum("isn't one" in t for t in texts) == 10
    assert any(t.startswith("4 more effects that stop spells from being cast") for t in texts)


def test_a_cast_only_condition_that_fails_decides_without_the_other_facts() -> None:
    # 601.3: every condition must hold; one the state says fails decides it (here the step),
    # so whether the caster is attacked isn't asked for.
    ambush = _restricted(
        "Sudden Ambush",
        "Cast ~ only during the declare attackers step and only if you've been attacked this step.",
    )
    refused = _cast(ambush, _view(phase="second_main"))
    assert _codes(refused) == ["cast_prohibited"]
    assert "this is the second main phase" in refused["reasons"][0]["message"]
    # 506.2: in its caster's own turn no one attacks them.
    own = _cast(ambush, _view(step="declare_attackers", active="alice"))
    assert "in which no one attacks them" in own["reasons"][0]["message"]


def test_the_spells_cast_list_counts_when_the_number_isnt_given() -> None:
    # 601.2i: without spells_cast_this_turn, the list's length is the count.
    follow = _restricted("Follow-Up Jab", "Cast ~ only if you've cast another spell this turn.")
    listed = _view(players={"alice": {"spells_cast": ["Lightning Bolt"]}})
    assert _cast(follow, listed)["castable"] is True
    none = _view(players={"alice": {"spells_cast": []}})
    assert _codes(_cast(follow, none)) == ["cast_prohibited"]


def test_a_cascade_hit_needing_another_spell_was_cast_after_the_cascading_one() -> None:
    # 702.85a, 601.2i: the cascade's caster cast the spell with cascade, so the question
    # needn't say it.
    follow = _restricted("Follow-Up Jab", "Cast ~ only if you've cast another spell this turn.")
    assert _cascade_into(follow, _view())["cast"] is True


def test_a_one_spell_ban_stops_a_cascades_hit_without_a_count() -> None:
    # 702.85a, 601.2i: the cascade's caster cast the spell with cascade, so "can't cast more
    # than one spell each turn" stops the hit whatever else they cast.
    warden = _warden("Solitude Warden", "Each player can't cast more than one spell each turn.")
    answer = _cascade_into(card("Lightning Bolt"), _view(_perm("sw", warden)))
    assert answer["cast"] is False
    assert _codes(answer) == ["cast_prohibited"]


def _cascade_into(hit: Card, view: BoardView) -> dict[str, Any]:
    """A cascade by alice from a 4-mana-value spell whose only card exiled is `hit`."""
    return cascade_into(hit, 4, costs=BoardCosts(view, "alice")).answer_data


def test_a_cascade_with_no_board_meets_another_spell_this_turn() -> None:
    # 702.85a: with no state at all, a cascade's hit needing another spell this turn is cast,
    # the spell with cascade being that spell; asked on its own, the facts are asked for.
    follow = _restricted("Follow-Up Jab", "Cast ~ only if you've cast another spell this turn.")
    verdict = cascade_into(follow, 4)
    assert verdict.answer_data["cast"] is True
    assert any("702.85a" in s.rules for s in verdict.steps)
    with pytest.raises(QuestionError) as raised:
        cast_without_paying(follow, x=0, alternative_cost=None, additional_costs=[], unpayable=[])
    assert raised.value.code == "state_required"
